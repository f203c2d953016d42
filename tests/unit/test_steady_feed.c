/* Unit test of steady-state's feed (steady.h, steady/kernels.c): a
 * detection that takes its kernels from a feed gives the very result of one
 * that reads the kernel view itself. Per export (every fixture, and
 * generated ones: one process on three GPUs, two processes on two GPUs each
 * with copies, NVTX iterations, kernels of one GPU out of start order), one
 * feed per process is filled from a plain SQL read of the kernel view in
 * rowid order, then every (process, GPU) pair is detected twice, reading
 * and fed (the first fed detections borrow the rows, the last takes them
 * over), with --pid, --device and the span given as ranks gives them; the
 * two results (every field, the warnings, the iterations) must be equal.
 * Exit 0 when every check passes. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "nsysql/analysis/steady.h"
#include "nsysql/export/devmap.h"
#include "nsysql/export/export.h"

static int nexports;

static int same_result(nsq_steady *a, nsq_steady *b, const char *what)
{
    int ok = 1;
    CHECK(a->niters == b->niters, "%s: iterations %lld vs %lld", what, (long long)a->niters,
          (long long)b->niters);
    if (a->niters == b->niters && a->niters > 0) {
        int same = !memcmp(a->iters, b->iters, sizeof *a->iters * (size_t)a->niters);
        CHECK(same, "%s: the iterations differ", what);
        ok &= same;
    }
    nsq_steady_iter *ia = a->iters, *ib = b->iters;
    a->iters = b->iters = NULL;
    int same = !memcmp(a, b, sizeof *a); /* zeroed first by the detection: padding too */
    CHECK(same, "%s: the results differ (found %d/%d, method %s/%s, confidence %g/%g)", what,
          a->found, b->found, a->method, b->method, a->confidence, b->confidence);
    a->iters = ia;
    b->iters = ib;
    return ok && same;
}

static void check_export(const char *path)
{
    nsq_export *x = NULL;
    nsq_err err = {0};
    if (nsq_export_open(&x, path, &err)) {
        printf("skip %s: %s\n", path, err.message);
        return;
    }
    nsq_devmap m = {0};
    int64_t lo = 0, hi = 0;
    if (nsq_devmap_load(&m, x, &err) || !m.n ||
        nsq_query_int64(x->db, "SELECT min(start_ns) FROM kernel", 0, &lo) ||
        nsq_query_int64(x->db, "SELECT max(end_ns) FROM kernel", 0, &hi)) {
        nsq_devmap_release(&m);
        nsq_export_close(x);
        return;
    }
    nexports++;
    /* one feed per process, every device of it added before the rows */
    int np = 0;
    int64_t *pids = calloc((size_t)m.n, sizeof *pids);
    nsq_steady_feed **feeds = calloc((size_t)m.n, sizeof *feeds);
    int *users = calloc((size_t)m.n, sizeof *users);
    for (int i = 0; i < m.n; i++) {
        int p = 0;
        while (p < np && pids[p] != m.e[i].pid)
            p++;
        if (p == np) {
            nsq_steady_opts so;
            memset(&so, 0, sizeof so);
            so.has_span = 1;
            so.has_pid = 1;
            so.pid = m.e[i].pid;
            pids[np] = m.e[i].pid;
            feeds[np++] = nsq_steady_feed_new(x, &so);
        }
        nsq_steady_feed_device(feeds[p], m.e[i].gpu);
        users[p]++;
    }
    for (int p = 0; p < np; p++)
        nsq_steady_feed_users(feeds[p], users[p]);
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(x->db,
                                "SELECT start_ns, end_ns, short_name_id, demangled_name_id, "
                                "global_pid, device_id FROM kernel ORDER BY row_id",
                                -1, &st, NULL);
    CHECK(rc == SQLITE_OK, "%s: the kernel read", path);
    while (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
        int64_t v[6];
        unsigned nulls = 0;
        for (int k = 0; k < 6; k++) {
            v[k] = sqlite3_column_int64(st, k);
            if (sqlite3_column_type(st, k) == SQLITE_NULL)
                nulls |= 1u << k;
        }
        for (int p = 0; p < np; p++)
            if (!(nulls & 16u) && ((v[4] >> 24) & 0xFFFFFF) == pids[p])
                nsq_steady_feed_row(feeds[p], v, nulls);
    }
    sqlite3_finalize(st);
    for (int i = 0; i < m.n; i++) {
        int p = 0;
        while (pids[p] != m.e[i].pid)
            p++;
        nsq_steady_opts so;
        memset(&so, 0, sizeof so);
        so.has_span = 1;
        so.span_lo = lo;
        so.span_hi = hi;
        so.has_pid = 1;
        so.pid = m.e[i].pid;
        so.has_device = 1;
        so.device = m.e[i].gpu;
        so.keep_iterations = 1;
        nsq_steady ra, rb;
        nsq_err ea = {0}, eb = {0};
        int a = nsq_steady_detect(x, &so, &ra, &ea);
        so.feed = feeds[p];
        int b = nsq_steady_detect(x, &so, &rb, &eb);
        char what[600];
        snprintf(what, sizeof what, "%s pid %lld GPU %lld", path, (long long)m.e[i].pid,
                 (long long)m.e[i].gpu);
        CHECK(a == b, "%s: return %d vs %d", what, a, b);
        if (!a && !b)
            same_result(&ra, &rb, what);
        else
            CHECK(!strcmp(ea.code, eb.code), "%s: error %s vs %s", what, ea.code, eb.code);
        if (!a)
            nsq_steady_release(&ra);
        if (!b)
            nsq_steady_release(&rb);
    }
    for (int p = 0; p < np; p++)
        nsq_steady_feed_free(feeds[p]);
    free(pids);
    free(feeds);
    free(users);
    nsq_devmap_release(&m);
    nsq_export_close(x);
}

/* A generated export (NSYSQL_GEN): its path, or NULL. */
static const char *gen(const char *dir, const char *name, const char *args, char *buf, size_t n)
{
    const char *g = getenv("NSYSQL_GEN");
    if (!g)
        return NULL;
    snprintf(buf, n, "%s/%s.sqlite", dir, name);
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' --out '%s' %s > /dev/null", g, buf, args);
    return system(cmd) == 0 ? buf : NULL;
}

int main(void)
{
    const char *fx = getenv("NSYSQL_FIXTURES");
    DIR *dp = fx ? opendir(fx) : NULL;
    struct dirent *de;
    while (dp && (de = readdir(dp))) {
        size_t l = strlen(de->d_name);
        if (l < 8 || strcmp(de->d_name + l - 7, ".sqlite"))
            continue;
        char p[4096];
        snprintf(p, sizeof p, "%s/%s", fx, de->d_name);
        check_export(p);
    }
    if (dp)
        closedir(dp);
    char dir[] = "/tmp/nsq-feed-XXXXXX";
    if (mkdtemp(dir)) {
        static const char *const cases[][2] = {
            {"one", "--no-nvtx --devices 3 --iterations 40 --warmup 3 --seed 7"},
            {"two", "--no-nvtx --processes 2 --devices 2 --iterations 30 --memcpy-per-iter 1 "
                    "--seed 8"},
            {"nvtx", "--devices 2 --iterations 30 --warmup 2 --seed 9"},
            {"bins", "--no-nvtx --pareto-names 50 --gap-range 200:50000 --kernels 20000 "
                     "--devices 2 --seed 10"},
            {"bad", "--no-nvtx --devices 2 --iterations 20 --bad-rows 3 --zero-length 2"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
            char buf[512];
            const char *p = gen(dir, cases[i][0], cases[i][1], buf, sizeof buf);
            if (p) {
                check_export(p);
                unlink(p);
            }
        }
        /* kernels of one GPU out of start order */
        char buf[512];
        const char *p = gen(dir, "unordered", "--no-nvtx --devices 2 --iterations 30 --seed 11",
                            buf, sizeof buf);
        if (p) {
            sqlite3 *db = NULL;
            int rc = sqlite3_open(p, &db);
            if (rc == SQLITE_OK)
                rc = sqlite3_exec(db,
                                  "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = start - 3000000, "
                                  "\"end\" = \"end\" - 3000000 WHERE rowid IN (SELECT rowid "
                                  "FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE deviceId = 1 ORDER BY "
                                  "rowid DESC LIMIT 5)",
                                  NULL, NULL, NULL);
            sqlite3_close(db);
            CHECK(rc == SQLITE_OK, "the unordered export");
            if (rc == SQLITE_OK)
                check_export(p);
            unlink(p);
        }
        rmdir(dir);
    }
    CHECK(nexports >= 6, "exports checked: %d", nexports);
    printf("%d exports; %d/%d checks passed\n", nexports, nchecks - nfail, nchecks);
    return nfail ? 1 : 0;
}
