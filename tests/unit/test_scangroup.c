/* Unit test of nsq_scan_together (export/scangroup.h) with GPU-op scans
 * (intervals.h) on real exports (NSYSQL_FIXTURES) and on a copy of one whose
 * kernel rows are written in reverse start order (the scan's sorted
 * fallback):
 *  - members reading the same ops (a lean one with details, a lean one
 *    without pids, one with names, one with a device filter) are served by
 *    shared passes, and each sees exactly the ops, names, stats and pairs its
 *    own scan gives alone;
 *  - a member whose sink fails gets its own error; the others go on;
 *  - a member that never scans, and one that scans twice, are fine;
 *  - the order of the reads: a member that reads copies and then kernels
 *    and one that reads kernels only are served by one kernel pass (the
 *    small view first), each with all its rows;
 *  - members stepping aside (nsq_scan_aside): one that waits, aside, until
 *    another has been served its kernels (which the baton would never allow
 *    if aside kept it), then reads; one that steps aside before its first
 *    read (taken back by the read) and ends aside; one that comes back by
 *    nsq_scan_back: each sees exactly its rows alone, and the group ends.
 * Exit 0 when every check passes, 77 when the fixtures are absent. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/scope.h"
#include "nsysql/export/export.h"
#include "nsysql/export/parscan.h"
#include "nsysql/export/scangroup.h"

#include "check.h"

enum { M_GAPS, M_UTIL, M_TOP, M_FILTER, M_FAIL, M_NONE, M_TWICE, NM };

/* What a member saw: a text line per op (and per reset), its run's result. */
typedef struct seen {
    int mode;
    nsq_export *x;
    nsq_opscan *s;
    char *log;
    size_t len, cap;
    int rc, nops, resets;
    char code[64];
    char stats[512];
} seen;

static void logf_(seen *m, const char *fmt, long long a, long long b, long long c, long long d,
                  const char *name)
{
    char line[512];
    int n = snprintf(line, sizeof line, fmt, a, b, c, d, name ? name : "-");
    if (m->len + (size_t)n + 1 > m->cap) {
        m->cap = (m->cap + (size_t)n + 1) * 2;
        m->log = realloc(m->log, m->cap);
    }
    memcpy(m->log + m->len, line, (size_t)n + 1);
    m->len += (size_t)n;
}

static int sink(void *ctx, const nsq_op *op, nsq_err *err)
{
    seen *m = ctx;
    if (!op) {
        m->resets++;
        m->len = 0; /* start over, as the analyses do */
        if (m->log)
            m->log[0] = 0;
        return 0;
    }
    if (m->mode == M_FAIL && m->nops == 3)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "planted_stop", "stop after 3 ops");
    m->nops++;
    const char *name = NULL;
    if (m->mode == M_TOP && op->kind == NSQ_OP_KERNEL)
        name = nsq_opscan_name(m->s, op->name_slot);
    /* pid only where the member reads it */
    logf_(m, "%lld %lld %lld %lld %s\n", op->kind, op->start, op->end,
          m->mode == M_UTIL || m->mode == M_TOP ? op->gpu : op->gpu * 1000003 + op->pid, name);
    return 0;
}

static nsq_filter dev0 = {.has_device = true, .device = 0};

static void run_member(seen *m)
{
    nsq_err err;
    memset(&err, 0, sizeof err);
    nsq_opscan_opts so;
    memset(&so, 0, sizeof so);
    so.kinds = NSQ_OPS_ALL;
    switch (m->mode) {
    case M_GAPS:
    case M_FAIL:
        so.details = true;
        so.lean = true;
        break;
    case M_UTIL:
    case M_TWICE:
        so.lean = true;
        so.skip_pid = true;
        break;
    case M_TOP:
        so.skip_pid = true;
        break;
    case M_FILTER:
        so.filter = &dev0;
        so.lean = true;
        break;
    case M_NONE:
        m->rc = 0;
        return;
    }
    m->rc = nsq_opscan_open(&m->s, m->x, &so, &err);
    if (!m->rc)
        m->rc = nsq_opscan_run(m->s, sink, m, &err);
    if (!m->rc && m->mode == M_TWICE) { /* a second, ordinary run */
        nsq_opscan_close(m->s);
        m->s = NULL;
        m->len = 0;
        m->nops = 0;
        m->rc = nsq_opscan_open(&m->s, m->x, &so, &err);
        if (!m->rc)
            m->rc = nsq_opscan_run(m->s, sink, m, &err);
    }
    snprintf(m->code, sizeof m->code, "%s", err.code);
    if (!m->rc) {
        const nsq_opscan_stats *st = nsq_opscan_stats_of(m->s);
        int np = 0;
        const nsq_op_pair *p = nsq_opscan_pairs(m->s, &np);
        int off =
            snprintf(m->stats, sizeof m->stats, "%lld %lld %lld %lld %lld %lld %d %d %s",
                     (long long)st->rows[0], (long long)st->rows[1], (long long)st->bad_rows[0],
                     (long long)st->returned[0], (long long)st->min_start, (long long)st->max_end,
                     (int)st->sorted_in_memory, np, nsq_opscan_identity(m->s));
        /* a member that skips pids promises not to read the pairs' pids */
        bool pids = m->mode != M_UTIL && m->mode != M_TOP && m->mode != M_TWICE;
        for (int i = 0; i < np && off < (int)sizeof m->stats - 64; i++)
            off += snprintf(m->stats + off, sizeof m->stats - (size_t)off, " %lld/%lld/%lld",
                            pids ? (long long)p[i].pid : -1LL, (long long)p[i].device_id,
                            (long long)p[i].gpu);
    }
    nsq_opscan_close(m->s);
    m->s = NULL;
}

static void member_fn(void *p)
{
    run_member(p);
}

/* The export at path, or NULL (a failed check). */
static nsq_export *open_export(const char *path)
{
    nsq_export *x = NULL;
    nsq_err err;
    memset(&err, 0, sizeof err);
    if (nsq_export_open(&x, path, &err)) {
        CHECK(0, "%s: open: %s", path, err.message);
        return NULL;
    }
    return x;
}

static void test_file(const char *path)
{
    nsq_export *x = open_export(path);
    if (!x)
        return;
    seen solo[NM], grp[NM];
    memset(solo, 0, sizeof solo);
    memset(grp, 0, sizeof grp);
    for (int i = 0; i < NM; i++) {
        solo[i].mode = grp[i].mode = i;
        solo[i].x = grp[i].x = x;
        run_member(&solo[i]);
    }
    void (*fns[NM])(void *);
    void *args[NM];
    for (int i = 0; i < NM; i++) {
        fns[i] = member_fn;
        args[i] = &grp[i];
    }
    int passes = nsq_scan_together(x, NM, fns, args);
    CHECK(x->scan_group == NULL && x->scan_serve == NULL, "%s: the group is gone", path);
    bool gpu = solo[M_GAPS].rc == 0 && solo[M_GAPS].nops > 0;
    for (int i = 0; i < NM; i++) {
        seen *a = &solo[i], *b = &grp[i];
        CHECK(a->rc == b->rc, "%s member %d: rc %d alone, %d together", path, i, a->rc, b->rc);
        CHECK(!strcmp(a->code, b->code), "%s member %d: error %s alone, %s together", path, i,
              a->code, b->code);
        CHECK(a->nops == b->nops, "%s member %d: %d ops alone, %d together", path, i, a->nops,
              b->nops);
        CHECK(a->len == b->len && (!a->len || !memcmp(a->log, b->log, a->len)),
              "%s member %d: the ops differ", path, i);
        CHECK(!strcmp(a->stats, b->stats), "%s member %d: stats '%s' alone, '%s' together", path, i,
              a->stats, b->stats);
    }
    /* the kernel view at least, read once for every member */
    CHECK(!gpu || passes >= 1, "%s: %d shared passes", path, passes);
    if (gpu) {
        CHECK(grp[M_FAIL].rc == -1 && !strcmp(grp[M_FAIL].code, "planted_stop"),
              "%s: the failing member's own error (%s)", path, grp[M_FAIL].code);
        CHECK(grp[M_TOP].nops > 3, "%s: the others went on after the failing member", path);
        CHECK(grp[M_TWICE].nops == solo[M_UTIL].nops, "%s: the second run", path);
    }
    printf("%s: %d ops, %d resets%s\n", path, grp[M_GAPS].nops, grp[M_GAPS].resets,
           gpu ? "" : " (no GPU ops)");
    for (int i = 0; i < NM; i++) {
        free(solo[i].log);
        free(grp[i].log);
    }
    nsq_export_close(x);
}

/* ---- the order of the reads ---- */

typedef struct counter {
    nsq_export *x;
    int copies_first; /* reads the memcpy view, then the kernel view */
    int rc;
    int64_t rows[2]; /* memcpy, kernel */
    int64_t sum;     /* of the kernels' durations */
} counter;

static int count_copy(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    counter *c = ctx;
    (void)v, (void)nulls, (void)err;
    c->rows[0]++;
    return 0;
}

static int count_kernel(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    counter *c = ctx;
    (void)err;
    c->rows[1]++;
    if (!(nulls & 3u))
        c->sum += v[1] - v[0];
    return 0;
}

static void counter_fn(void *p)
{
    counter *c = p;
    nsq_err err;
    memset(&err, 0, sizeof err);
    nsq_parscan_req cq = {.view = "memcpy", .cols = "start_ns, end_ns", .ncols = 2};
    nsq_parscan_req kq = {.view = "kernel", .cols = "start_ns, end_ns", .ncols = 2};
    c->rc = 0;
    if (c->copies_first)
        c->rc |= nsq_parscan(c->x, &cq, count_copy, c, &err);
    c->rc |= nsq_parscan(c->x, &kq, count_kernel, c, &err);
}

static void test_order(const char *path)
{
    nsq_export *x = open_export(path);
    if (!x)
        return;
    /* the kernels-only member first: serving the first member's view on a
     * tie (1 waiter each) would read the kernels for it alone */
    counter solo[2] = {{x, 0, -1, {0, 0}, 0}, {x, 1, -1, {0, 0}, 0}};
    counter grp[2] = {{x, 0, -1, {0, 0}, 0}, {x, 1, -1, {0, 0}, 0}};
    for (int i = 0; i < 2; i++)
        counter_fn(&solo[i]);
    void (*fns[2])(void *) = {counter_fn, counter_fn};
    void *args[2] = {&grp[0], &grp[1]};
    int passes = nsq_scan_together(x, 2, fns, args);
    CHECK(solo[1].rows[0] > 0 && solo[1].rows[0] < solo[1].rows[1],
          "%s: fewer copies (%lld) than kernels (%lld)", path, (long long)solo[1].rows[0],
          (long long)solo[1].rows[1]);
    CHECK(passes == 1, "%s: %d shared passes, not one kernel pass for both", path, passes);
    for (int i = 0; i < 2; i++) {
        CHECK(grp[i].rc == 0 && solo[i].rc == 0, "%s member %d: rc %d, alone %d", path, i,
              grp[i].rc, solo[i].rc);
        CHECK(grp[i].rows[0] == solo[i].rows[0] && grp[i].rows[1] == solo[i].rows[1] &&
                  grp[i].sum == solo[i].sum,
              "%s member %d: %lld copies, %lld kernels (%lld ns) together, %lld, %lld (%lld) "
              "alone",
              path, i, (long long)grp[i].rows[0], (long long)grp[i].rows[1], (long long)grp[i].sum,
              (long long)solo[i].rows[0], (long long)solo[i].rows[1], (long long)solo[i].sum);
    }
    printf("%s: order: %d shared pass(es)\n", path, passes);
    nsq_export_close(x);
}

/* ---- members aside ---- */

typedef struct aside_ctx {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int kernels_read; /* member 1 has had its kernels */
    int waited_out;   /* member 0 gave up waiting for it */
} aside_ctx;

typedef struct asider {
    counter c;
    int role;
    aside_ctx *a;
} asider;

static void asider_fn(void *p)
{
    asider *m = p;
    counter *c = &m->c;
    nsq_err err;
    memset(&err, 0, sizeof err);
    nsq_parscan_req cq = {.view = "memcpy", .cols = "start_ns, end_ns", .ncols = 2};
    nsq_parscan_req kq = {.view = "kernel", .cols = "start_ns, end_ns", .ncols = 2};
    c->rc = 0;
    switch (m->role) {
    case 0: /* copies, then aside until member 1 has its kernels, then kernels */
        c->rc |= nsq_parscan(c->x, &cq, count_copy, c, &err);
        nsq_scan_aside(c->x);
        pthread_mutex_lock(&m->a->mu);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 120; /* only a group that never serves it waits this long */
        while (!m->a->kernels_read && !m->a->waited_out)
            if (pthread_cond_timedwait(&m->a->cv, &m->a->mu, &until) == ETIMEDOUT)
                m->a->waited_out = 1;
        pthread_mutex_unlock(&m->a->mu);
        nsq_scan_back(c->x);
        c->rc |= nsq_parscan(c->x, &kq, count_kernel, c, &err);
        break;
    case 1: /* kernels, then ends aside */
        c->rc |= nsq_parscan(c->x, &kq, count_kernel, c, &err);
        pthread_mutex_lock(&m->a->mu);
        m->a->kernels_read = 1;
        pthread_cond_broadcast(&m->a->cv);
        pthread_mutex_unlock(&m->a->mu);
        nsq_scan_aside(c->x);
        break;
    default: /* aside first; the reads take it back; ends aside */
        nsq_scan_aside(c->x);
        c->rc |= nsq_parscan(c->x, &kq, count_kernel, c, &err);
        nsq_scan_aside(c->x);
        c->rc |= nsq_parscan(c->x, &cq, count_copy, c, &err);
        nsq_scan_aside(c->x);
        break;
    }
}

static void test_aside(const char *path)
{
    nsq_export *x = open_export(path);
    if (!x)
        return;
    aside_ctx a = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};
    asider grp[3];
    counter solo[2] = {{x, 1, -1, {0, 0}, 0}, {x, 0, -1, {0, 0}, 0}};
    counter_fn(&solo[0]); /* copies and kernels */
    counter_fn(&solo[1]); /* kernels */
    void (*fns[3])(void *) = {asider_fn, asider_fn, asider_fn};
    void *args[3];
    for (int i = 0; i < 3; i++) {
        grp[i] = (asider){{x, 0, -1, {0, 0}, 0}, i, &a};
        args[i] = &grp[i];
    }
    nsq_scan_together(x, 3, fns, args);
    CHECK(x->scan_group == NULL && x->scan_serve == NULL, "%s: aside: the group is gone", path);
    CHECK(!a.waited_out, "%s: aside: member 1 was not served while member 0 was aside", path);
    static const int want[3] = {0, 1, 0}; /* each member's rows alone */
    for (int i = 0; i < 3; i++) {
        const counter *g = &grp[i].c, *s1 = &solo[want[i]];
        bool copies = i != 1;
        CHECK(g->rc == 0 && (!copies || g->rows[0] == s1->rows[0]) &&
                  (copies || g->rows[0] == 0) && g->rows[1] == s1->rows[1] && g->sum == s1->sum,
              "%s: aside: member %d: rc %d, %lld copies, %lld kernels (%lld ns); alone %lld, "
              "%lld (%lld)",
              path, i, g->rc, (long long)g->rows[0], (long long)g->rows[1], (long long)g->sum,
              (long long)s1->rows[0], (long long)s1->rows[1], (long long)s1->sum);
    }
    /* outside a group, aside and back do nothing */
    nsq_scan_aside(x);
    nsq_scan_back(x);
    counter again = {x, 1, -1, {0, 0}, 0};
    counter_fn(&again);
    CHECK(again.rc == 0 && again.rows[1] == solo[0].rows[1], "%s: aside outside a group", path);
    printf("%s: aside: %lld kernels each\n", path, (long long)grp[1].c.rows[1]);
    nsq_export_close(x);
}

/* A copy of src whose kernel rows are written in reverse start order. */
static int reversed_copy(const char *src, const char *dst)
{
    sqlite3 *db = NULL;
    char sql[8192];
    unlink(dst);
    if (sqlite3_open(dst, &db) != SQLITE_OK)
        return -1;
    snprintf(sql, sizeof sql,
             "ATTACH '%s' AS s; "
             "SELECT 1;",
             src);
    int rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
    /* every table as it is, then the kernels again in reverse order */
    sqlite3_stmt *st = NULL;
    rc |= sqlite3_prepare_v2(db,
                             "SELECT name, sql FROM s.sqlite_master WHERE type = 'table' AND "
                             "sql IS NOT NULL AND name NOT LIKE 'sqlite_%'",
                             -1, &st, NULL);
    while (!rc && sqlite3_step(st) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        rc |= sqlite3_exec(db, (const char *)sqlite3_column_text(st, 1), NULL, NULL, NULL);
        snprintf(sql, sizeof sql, "INSERT INTO main.\"%s\" SELECT * FROM s.\"%s\"%s", name, name,
                 strcmp(name, "CUPTI_ACTIVITY_KIND_KERNEL") ? "" : " ORDER BY start DESC");
        rc |= sqlite3_exec(db, sql, NULL, NULL, NULL);
    }
    sqlite3_finalize(st);
    sqlite3_exec(db, "DETACH s", NULL, NULL, NULL);
    sqlite3_close(db);
    return rc ? -1 : 0;
}

int main(void)
{
    const char *dir = getenv("NSYSQL_FIXTURES");
    if (!dir) {
        printf("SKIP: NSYSQL_FIXTURES is not set\n");
        return 77;
    }
    static const char *const files[] = {
        "pipit-cloverleaf-cuda-2024.5.sqlite", "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite",
        "dlprof-pytorch-conv-2022.1.sqlite", "pipit-saxpy-mpi-cuda-2022.2.sqlite",
        "jacc-nvtx-only-2026.2.sqlite"};
    char path[4096];
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[f]);
        test_file(path);
    }
    for (size_t f = 0; f < 3; f++) { /* the ones with fewer copies than kernels */
        snprintf(path, sizeof path, "%s/%s", dir, files[f]);
        test_order(path);
        test_aside(path);
    }
    char tmp[] = "/tmp/nsysql-scangroup-XXXXXX";
    int fd = mkstemp(tmp);
    CHECK(fd >= 0, "mkstemp");
    if (fd >= 0) {
        close(fd);
        snprintf(path, sizeof path, "%s/%s", dir, files[1]);
        CHECK(reversed_copy(path, tmp) == 0, "reversed copy of %s", path);
        test_file(tmp);
        unlink(tmp);
    }
    printf("%d/%d checks passed\n", nchecks - nfail, nchecks);
    return nfail ? 1 : 0;
}
