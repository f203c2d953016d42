/* Unit test of nsq_parscan (parscan.h) on real exports (NSYSQL_FIXTURES):
 *  - the rows of a view, serial and parallel (2..5 workers, chunks of 1, 2,
 *    7 and 1000 rows), equal the rows a plain sqlite3 statement reads, in
 *    the same (rowid) order, with the same values and NULL bits;
 *  - a WHERE clause with integer, text and NULL parameters;
 *  - a callback that fails stops the scan: -1, its error kept, no more rows;
 *  - an SQL error (a column the view lacks) is an error document, serial and
 *    parallel, never a partial success.
 * Exit 0 when every check passes, 77 when the fixtures are absent. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/export/export.h"
#include "nsysql/export/parscan.h"

#include "check.h"

typedef struct rows {
    int ncols;
    int64_t *v; /* ncols values + the null mask per row */
    size_t n, cap;
    size_t stop_after; /* callback fails at this row (0 = never) */
} rows;

static int collect(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    rows *r = ctx;
    if (r->stop_after && r->n == r->stop_after)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "planted_stop", "stop at row %zu", r->n);
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 256;
        r->v = realloc(r->v, r->cap * (size_t)(r->ncols + 1) * sizeof *r->v);
    }
    int64_t *o = r->v + r->n * (size_t)(r->ncols + 1);
    memcpy(o, v, (size_t)r->ncols * sizeof *v);
    o[r->ncols] = nulls;
    r->n++;
    return 0;
}

/* The reference: the same SELECT through sqlite3_step. */
static void reference(nsq_export *x, const char *sql, int ncols, rows *r, const char *text_bind)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(x->db, sql, -1, &st, NULL) != SQLITE_OK) {
        CHECK(0, "reference prepare: %s", sqlite3_errmsg(x->db));
        return;
    }
    if (text_bind)
        sqlite3_bind_text(st, 1, text_bind, -1, SQLITE_STATIC);
    r->ncols = ncols;
    while (sqlite3_step(st) == SQLITE_ROW) {
        int64_t v[NSQ_PARSCAN_MAX_COLS];
        unsigned nulls = 0;
        for (int i = 0; i < ncols; i++) {
            v[i] = sqlite3_column_int64(st, i);
            if (sqlite3_column_type(st, i) == SQLITE_NULL)
                nulls |= 1u << i;
        }
        nsq_err e = {0};
        collect(r, v, nulls, &e);
    }
    sqlite3_finalize(st);
}

static bool same_rows(const rows *a, const rows *b)
{
    return a->n == b->n &&
           (a->n == 0 || !memcmp(a->v, b->v, a->n * (size_t)(a->ncols + 1) * sizeof *a->v));
}

static void configure(int workers, int chunk)
{
    char buf[32];
    nsq_parscan_set_threads(workers);
    snprintf(buf, sizeof buf, "%d", chunk);
    setenv("NSYSQL_PARSCAN_CHUNK", buf, 1);
    setenv("NSYSQL_PARSCAN_MIN_ROWS", workers > 1 ? "1" : "100000000", 1);
}

static void test_file(const char *path)
{
    nsq_export *x = NULL;
    nsq_err err = {0};
    if (nsq_export_open(&x, path, &err)) {
        CHECK(0, "open %s: %s", path, err.message);
        return;
    }
    static const int workers[] = {1, 2, 3, 5};
    static const int chunks[] = {1, 2, 7, 1000};
    /* 1. every kernel and api row */
    struct {
        const char *view, *cols, *ref;
        int ncols;
    } cases[] = {
        {"kernel", "row_id, start_ns, end_ns, device_id, correlation_id, NULL",
         "SELECT row_id, start_ns, end_ns, device_id, correlation_id, NULL FROM kernel", 6},
        {"api", "row_id, start_ns, correlation_id, name_id",
         "SELECT row_id, start_ns, correlation_id, name_id FROM api", 4},
        {"memcpy", "row_id, bytes, copy_kind", "SELECT row_id, bytes, copy_kind FROM memcpy", 3},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        rows want = {0};
        reference(x, cases[k].ref, cases[k].ncols, &want, NULL);
        for (size_t i = 0; i < want.n; i++)
            CHECK(i == 0 || want.v[i * (size_t)(want.ncols + 1)] >
                                want.v[(i - 1) * (size_t)(want.ncols + 1)],
                  "%s: reference rows in rowid order", cases[k].view);
        for (int w = 0; w < 4; w++)
            for (int ch = 0; ch < 4; ch++) {
                configure(workers[w], chunks[ch]);
                rows got = {cases[k].ncols, NULL, 0, 0, 0};
                nsq_parscan_req req = {.view = cases[k].view,
                                       .cols = cases[k].cols,
                                       .ncols = cases[k].ncols,
                                       .what = "test scan"};
                nsq_err e = {0};
                int rc = nsq_parscan(x, &req, collect, &got, &e);
                CHECK(rc == 0, "%s %s: %d workers, chunk %d: rc %d (%s)", path, cases[k].view,
                      workers[w], chunks[ch], rc, e.message);
                CHECK(same_rows(&got, &want), "%s %s: %d workers, chunk %d: %zu rows, want %zu",
                      path, cases[k].view, workers[w], chunks[ch], got.n, want.n);
                free(got.v);
            }
        free(want.v);
    }
    /* 2. WHERE with an integer, a text and a NULL parameter */
    {
        rows want = {0};
        reference(x,
                  "SELECT row_id, start_ns, name_id FROM api WHERE (correlation_id % 3 = 1 AND "
                  "(SELECT value FROM StringIds WHERE id = name_id) >= ?1 AND NULL IS NULL)",
                  3, &want, "cudaM");
        nsq_parscan_bind b[3] = {{NSQ_BIND_INT, 3, NULL}, {NSQ_BIND_TEXT, 0, "cudaM"},
                                 {NSQ_BIND_NULL, 0, NULL}};
        for (int w = 0; w < 4; w++) {
            configure(workers[w], 5);
            rows got = {3, NULL, 0, 0, 0};
            nsq_parscan_req req = {.view = "api",
                                   .cols = "row_id, start_ns, name_id",
                                   .ncols = 3,
                                   .where = "correlation_id % ?1 = 1 AND (SELECT value FROM "
                                            "StringIds WHERE id = name_id) >= ?2 AND ?3 IS NULL",
                                   .binds = b,
                                   .nbinds = 3,
                                   .what = "test scan"};
            nsq_err e = {0};
            int rc = nsq_parscan(x, &req, collect, &got, &e);
            CHECK(rc == 0 && same_rows(&got, &want),
                  "%s: WHERE with parameters, %d workers: rc %d, %zu rows, want %zu", path,
                  workers[w], rc, got.n, want.n);
            free(got.v);
        }
        free(want.v);
    }
    /* 3. a failing callback stops the scan */
    for (int w = 0; w < 4; w++) {
        configure(workers[w], 2);
        rows got = {2, NULL, 0, 0, 5};
        nsq_parscan_req req = {
            .view = "kernel", .cols = "row_id, start_ns", .ncols = 2, .what = "test scan"};
        nsq_err e = {0};
        int rc = nsq_parscan(x, &req, collect, &got, &e);
        CHECK(rc == -1 && !strcmp(e.code, "planted_stop") && got.n == 5,
              "%s: callback failure, %d workers: rc %d code '%s' rows %zu", path, workers[w], rc,
              e.code, got.n);
        free(got.v);
    }
    /* 4. an SQL error is an error, serial and parallel */
    for (int w = 0; w < 4; w++) {
        configure(workers[w], 3);
        rows got = {2, NULL, 0, 0, 0};
        nsq_parscan_req req = {
            .view = "kernel", .cols = "row_id, no_such_column", .ncols = 2, .what = "test scan"};
        nsq_err e = {0};
        int rc = nsq_parscan(x, &req, collect, &got, &e);
        CHECK(rc == -1 && e.exit_code == NSQ_EXIT_INTERNAL && strstr(e.message, "no_such_column"),
              "%s: SQL error, %d workers: rc %d exit %d '%s'", path, workers[w], rc, e.exit_code,
              e.message);
        free(got.v);
    }
    /* 5. a table read as stored (req.table), from the pages and through SQLite */
    if (nsq_probe_table(&x->probe, "CUPTI_ACTIVITY_KIND_KERNEL")) {
        rows want = {0};
        reference(x,
                  "SELECT rowid, start, \"end\", deviceId, correlationId FROM "
                  "main.CUPTI_ACTIVITY_KIND_KERNEL",
                  5, &want, NULL);
        for (int raw = 0; raw < 2; raw++)
            for (int w = 0; w < 4; w++) {
                nsq_parscan_set_raw(raw);
                configure(workers[w], chunks[w]);
                rows got = {5, NULL, 0, 0, 0};
                nsq_parscan_req req = {.table = "CUPTI_ACTIVITY_KIND_KERNEL",
                                       .cols = "rowid, start, end, deviceId, correlationId",
                                       .ncols = 5,
                                       .what = "test scan"};
                nsq_err e = {0};
                int rc = nsq_parscan(x, &req, collect, &got, &e);
                CHECK(rc == 0 && same_rows(&got, &want),
                      "%s: table request, raw %d, %d workers: rc %d (%s), %zu rows, want %zu", path,
                      raw, workers[w], rc, e.message, got.n, want.n);
                free(got.v);
            }
        nsq_parscan_set_raw(-1);
        free(want.v);
    }
    nsq_export_close(x);
}

int main(void)
{
    const char *dir = getenv("NSYSQL_FIXTURES");
    if (!dir) {
        printf("SKIP: NSYSQL_FIXTURES is not set\n");
        return 77;
    }
    static const char *const files[] = {"pipit-cloverleaf-cuda-2024.5.sqlite",
                                        "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite",
                                        "dlprof-pytorch-conv-2022.1.sqlite"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, files[f]);
        test_file(path);
    }
    printf("%d/%d checks passed\n", nchecks - nfail, nchecks);
    return nfail ? 1 : 0;
}
