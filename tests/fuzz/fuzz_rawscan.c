/* The page reader against SQLite on a mutated file: for the kernel view, the
 * rows read from the pages (several workers, small chunks) are exactly the
 * rows of one sequential SQLite read, or the read says input_corrupt. */
#include <string.h>

#include "fuzz.h"
#include "nsysql/export/export.h"
#include "nsysql/export/parscan.h"

typedef struct rows {
    int64_t *v;
    size_t n, cap;
} rows;

static int collect(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    rows *r = ctx;
    (void)err;
    if (r->n + 4 > r->cap) {
        r->cap = r->cap ? 2 * r->cap : 256;
        r->v = realloc(r->v, r->cap * sizeof *r->v);
        if (!r->v)
            abort();
    }
    r->v[r->n++] = v[0];
    r->v[r->n++] = v[1];
    r->v[r->n++] = v[2];
    r->v[r->n++] = nulls;
    return 0;
}

static int read_view(nsq_export *x, int raw, int threads, rows *r, nsq_err *err)
{
    nsq_parscan_set_raw(raw);
    nsq_parscan_set_threads(threads);
    setenv("NSYSQL_PARSCAN_CHUNK", threads > 1 ? "7" : "65536", 1);
    setenv("NSYSQL_PARSCAN_MIN_ROWS", threads > 1 ? "1" : "1000000000", 1);
    nsq_parscan_req q = {.view = "kernel", .cols = "start_ns, end_ns, device_id", .ncols = 3,
                         .what = "fuzz"};
    int rc = nsq_parscan(x, &q, collect, r, err);
    nsq_parscan_set_raw(-1);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(data, size, ".sqlite");
    if (!path)
        return 0;
    nsq_export *x = NULL;
    nsq_err err = {0};
    if (nsq_export_open(&x, path, &err) == 0) {
        rows ref = {0}, got = {0};
        nsq_err e1 = {0}, e2 = {0};
        int a = read_view(x, 0, 1, &ref, &e1);
        int b = read_view(x, 1, 3, &got, &e2);
        if (a == 0) {
            bool same = b == 0 && got.n == ref.n && (!ref.n || !memcmp(got.v, ref.v, ref.n * sizeof *ref.v));
            bool corrupt = b != 0 && !strcmp(e2.code, "input_corrupt");
            FUZZ_ASSERT(same || corrupt, "the page reader gives SQLite's rows or input_corrupt");
        }
        free(ref.v);
        free(got.v);
    }
    nsq_export_close(x);
    return 0;
}
