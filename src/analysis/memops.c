/* memops: see include/nsysql/analysis/memops.h. */
#include "nsysql/analysis/memops.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/corrmap.h"
#include "nsysql/export/parscan.h"
#include "nsysql/export/scangroup.h"
#include "nsysql/export/query.h"
#include "nsysql/util/grow.h"

static const char *const kind_names[] = {"unknown", "HtoD",     "DtoH",     "HtoA",    "AtoH",
                                         "AtoA",    "AtoD",     "DtoA",     "DtoD",    "HtoH",
                                         "PtoP",    "UVM HtoD", "UVM DtoH", "UVM DtoD"};
static const char *const memkind_names[] = {"Pageable",       "Pinned",  "Device",
                                            "Array",          "Managed", "Device Static",
                                            "Managed Static", "Unknown"};
static const char *const size_names[] = {"<4KiB",      "4KiB-64KiB",   "64KiB-1MiB",
                                         "1MiB-16MiB", "16MiB-256MiB", ">=256MiB"};
static const char *const host_names[] = {"pageable", "pinned", "managed", "device", "unknown"};
static const char *const call_names[] = {"sync", "async", "none"};
static const char *const grouping_names[] = {"all", "kind", "size", "host_memory", "call"};

#define NGROUPING 5
#define NKEY 16 /* key codes per grouping */

/* 18 bytes per operation (packed: 10M copies are 180 MB, not 240) */
typedef struct __attribute__((packed)) op {
    int64_t dur;
    int64_t bytes;
    uint8_t code[2]; /* kind (4 bits), size (3), host memory (3) and call (2) */
} op;

static int op_code(const op *p, int gr)
{
    unsigned c = (unsigned)p->code[0] | (unsigned)p->code[1] << 8;
    switch (gr) {
    case 1:
        return (int)(c & 15u);
    case 2:
        return (int)((c >> 4) & 7u);
    case 3:
        return (int)((c >> 7) & 7u);
    case 4:
        return (int)((c >> 10) & 3u);
    default:
        return 0; /* "all" */
    }
}

static void op_set_codes(op *p, int kind, int size, int host, int call)
{
    unsigned c = (unsigned)kind | (unsigned)size << 4 | (unsigned)host << 7 | (unsigned)call << 10;
    p->code[0] = (uint8_t)(c & 255u);
    p->code[1] = (uint8_t)(c >> 8);
}

/* A group's sums, for nsq_mem_opts.sums_only. */
typedef struct gsum {
    int64_t count, bytes, total, mn, mx;
} gsum;

typedef struct bucket {
    int section;
    int64_t device;
    op *ops;
    size_t n, cap;
    gsum *sums; /* sums_only: [NGROUPING][NKEY], else NULL */
} bucket;

static const char *key_name(int section, int grouping, int code)
{
    switch (grouping) {
    case 0:
        return "all";
    case 1:
        if (section == NSQ_MEM_MEMCPY)
            return code < 14 ? kind_names[code] : "unknown";
        return code < 8 ? memkind_names[code] : "Unknown";
    case 2:
        return size_names[code];
    case 3:
        return host_names[code];
    default:
        return call_names[code];
    }
}

static int size_code(int64_t b)
{
    if (b < 4096)
        return 0;
    if (b < 65536)
        return 1;
    if (b < 1048576)
        return 2;
    if (b < 16777216)
        return 3;
    if (b < 268435456)
        return 4;
    return 5;
}

static int host_code(sqlite3_stmt *st, int cs, int cd)
{
    bool ns = sqlite3_column_type(st, cs) == SQLITE_NULL,
         nd = sqlite3_column_type(st, cd) == SQLITE_NULL;
    int64_t s = sqlite3_column_int64(st, cs), d = sqlite3_column_int64(st, cd);
    if ((!ns && s == 0) || (!nd && d == 0))
        return 0;
    if ((!ns && s == 1) || (!nd && d == 1))
        return 1;
    if ((!ns && (s == 4 || s == 6)) || (!nd && (d == 4 || d == 6)))
        return 2;
    if (!ns && !nd && (s == 2 || s == 3 || s == 5) && (d == 2 || d == 3 || d == 5))
        return 3;
    return 4;
}

/* The k-th smallest (0-based) key of a[0..n), reordering the slice:
 * quickselect with Hoare's partition around the lower middle element;
 * nothing else is allocated. */
#define OP_DUR(p) ((p)->dur)
#define OP_RATE(p) ((double)(p)->bytes / (double)(p)->dur)
#define DEFINE_OP_SELECT(name, T, KEY)                                                             \
    static T name(op *a, size_t n, size_t k)                                                       \
    {                                                                                              \
        ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, kk = (ptrdiff_t)k;                                \
        while (lo < hi) {                                                                          \
            T pv = KEY(&a[lo + (hi - lo) / 2]);                                                    \
            ptrdiff_t i = lo - 1, j = hi + 1;                                                      \
            for (;;) {                                                                             \
                do                                                                                 \
                    i++;                                                                           \
                while (KEY(&a[i]) < pv);                                                           \
                do                                                                                 \
                    j--;                                                                           \
                while (KEY(&a[j]) > pv);                                                           \
                if (i >= j)                                                                        \
                    break;                                                                         \
                op t = a[i];                                                                       \
                a[i] = a[j];                                                                       \
                a[j] = t;                                                                          \
            }                                                                                      \
            if (kk <= j)                                                                           \
                hi = j;                                                                            \
            else                                                                                   \
                lo = j + 1;                                                                        \
        }                                                                                          \
        return KEY(&a[kk]);                                                                        \
    }
DEFINE_OP_SELECT(select_op_dur, int64_t, OP_DUR)
DEFINE_OP_SELECT(select_op_rate, double, OP_RATE)

/* Medians over a slice of operations (reordered), n > 0: the two middle
 * values' (a + b) / 2. */
static int64_t median_op_dur(op *a, size_t n)
{
    int64_t hi = select_op_dur(a, n, n / 2);
    if (n % 2)
        return hi;
    int64_t lo = a[0].dur;
    for (size_t i = 1; i < n / 2; i++)
        if (a[i].dur > lo)
            lo = a[i].dur;
    return (lo + hi) / 2;
}

static double median_op_rate(op *a, size_t n)
{
    double hi = select_op_rate(a, n, n / 2);
    if (n % 2)
        return hi;
    double lo = OP_RATE(&a[0]);
    for (size_t i = 1; i < n / 2; i++)
        if (OP_RATE(&a[i]) > lo)
            lo = OP_RATE(&a[i]);
    return (lo + hi) / 2;
}

static void bind_text(sqlite3_stmt *st, const char *name, const char *v)
{
    int i = sqlite3_bind_parameter_index(st, name);
    if (!i)
        return;
    if (v && *v)
        sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

static void bind_i64(sqlite3_stmt *st, const char *name, int64_t v)
{
    int i = sqlite3_bind_parameter_index(st, name);
    if (i)
        sqlite3_bind_int64(st, i, v);
}

static void bind_common(sqlite3_stmt *st, const nsq_mem_opts *o)
{
    bind_i64(st, ":start_ns", o->start_ns);
    bind_i64(st, ":end_ns", o->end_ns);
    bind_text(st, ":pid", o->pid);
    bind_text(st, ":stream", o->stream);
}

static nsq_mem_group *add_group(nsq_mem_result *r)
{
    NSQ_GROW(r->g, r->ng + 1, r->capg);
    nsq_mem_group *g = &r->g[r->ng++];
    memset(g, 0, sizeof *g);
    g->median_op_gbps = NAN;
    return g;
}

/* Every op with its codes; the window and filters in SQL, the grouping here. */
static const char fast_sql[] =
    "WITH calls AS MATERIALIZED ("
    "  SELECT a.correlation_id, a.global_pid, MIN(a.name) AS name FROM api AS a"
    "  WHERE a.correlation_id IN (SELECT correlation_id FROM memcpy UNION"
    "                             SELECT correlation_id FROM memset)"
    "  GROUP BY a.correlation_id, a.global_pid),"
    " raw AS ("
    "  SELECT 0 AS section, device_id, pid, stream_id, global_pid, correlation_id, start_ns,"
    "         end_ns, bytes, copy_kind AS kind_code, src_kind, dst_kind FROM memcpy"
    "  UNION ALL"
    "  SELECT 1, device_id, pid, stream_id, global_pid, correlation_id, start_ns, end_ns, bytes,"
    "         mem_kind, mem_kind, mem_kind FROM memset)"
    " SELECT r.section, r.device_id, r.start_ns, r.end_ns, r.bytes, r.kind_code, r.src_kind,"
    "        r.dst_kind, c.name"
    " FROM raw AS r LEFT JOIN calls AS c"
    "   ON c.correlation_id = r.correlation_id AND c.global_pid = r.global_pid"
    " WHERE (:pid IS NULL OR r.pid = CAST(:pid AS INTEGER))"
    "   AND (:stream IS NULL OR r.stream_id = CAST(:stream AS INTEGER))";

/* One group per (grouping, key) of a bucket. For each grouping the
 * operations are put in key order in place (a counting sort that swaps), so
 * each key is a slice: its sums, and its medians by selection in the slice
 * (durations; then the rates of the ops with a duration, moved to the front). */
static void summarise(nsq_mem_result *r, bucket *b)
{
    size_t n = b->n;
    op *ops = b->ops;
    for (int gr = 0; gr < NGROUPING; gr++) {
        size_t cnt[NKEY] = {0}, start[NKEY + 1], next[NKEY];
        for (size_t i = 0; i < n; i++)
            cnt[op_code(&ops[i], gr)]++;
        start[0] = 0;
        for (int k = 0; k < NKEY; k++)
            start[k + 1] = start[k] + cnt[k];
        for (int k = 0; k < NKEY; k++)
            next[k] = start[k];
        for (int k = 0; k < NKEY; k++)
            while (next[k] < start[k + 1]) {
                int c = op_code(&ops[next[k]], gr);
                if (c == k) {
                    next[k]++;
                } else {
                    op t = ops[next[k]];
                    ops[next[k]] = ops[next[c]];
                    ops[next[c]++] = t;
                }
            }
        for (int k = 0; k < NKEY; k++) {
            size_t m = cnt[k];
            if (!m)
                continue;
            op *sl = ops + start[k];
            int64_t bytes = 0, total = 0, mn = INT64_MAX, mx = INT64_MIN;
            for (size_t i = 0; i < m; i++) {
                total += sl[i].dur;
                bytes += sl[i].bytes;
                if (sl[i].dur < mn)
                    mn = sl[i].dur;
                if (sl[i].dur > mx)
                    mx = sl[i].dur;
            }
            nsq_mem_group *g = add_group(r);
            g->section = b->section;
            g->device = b->device;
            g->grouping = grouping_names[gr];
            g->key = key_name(b->section, gr, k);
            g->count = (int64_t)m;
            g->bytes = bytes;
            g->total_ns = total;
            g->mean_ns = total / (int64_t)m;
            g->median_ns = median_op_dur(sl, m);
            g->min_ns = mn;
            g->max_ns = mx;
            size_t mr = 0; /* the ops with a duration first */
            for (size_t i = 0; i < m; i++)
                if (sl[i].dur > 0) {
                    op t = sl[mr];
                    sl[mr++] = sl[i];
                    sl[i] = t;
                }
            if (mr)
                g->median_op_gbps = median_op_rate(sl, mr);
        }
    }
}

static int run_fast(nsq_mem_result *r, nsq_export *x, const nsq_mem_opts *o, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(x->db, fast_sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "memcpy rows", err);
    bind_common(st, o);
    bucket *bk = NULL;
    int nbk = 0, capbk = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (sqlite3_column_type(st, 2) == SQLITE_NULL ||
            sqlite3_column_type(st, 3) == SQLITE_NULL) {
            r->bad_rows++;
            continue;
        }
        int64_t s = sqlite3_column_int64(st, 2), e = sqlite3_column_int64(st, 3);
        if (e < s) {
            r->bad_rows++;
            continue;
        }
        bool in =
            s == e ? (s >= o->start_ns && s <= o->end_ns) : (s < o->end_ns && e > o->start_ns);
        if (!in)
            continue;
        int section = sqlite3_column_int(st, 0);
        int64_t dev = sqlite3_column_int64(st, 1);
        int bi = 0;
        while (bi < nbk && !(bk[bi].section == section && bk[bi].device == dev))
            bi++;
        if (bi == nbk) {
            NSQ_GROW(bk, nbk + 1, capbk);
            memset(&bk[nbk], 0, sizeof *bk);
            bk[nbk].section = section;
            bk[nbk].device = dev;
            nbk++;
        }
        bucket *b = &bk[bi];
        if (b->n == b->cap) {
            b->cap = b->cap ? 2 * b->cap : 1024;
            b->ops = xrealloc(b->ops, b->cap * sizeof *b->ops);
        }
        op *p = &b->ops[b->n++];
        int64_t nb = sqlite3_column_int64(st, 4);
        int64_t kc = sqlite3_column_int64(st, 5);
        p->dur = e - s;
        p->bytes = nb;
        const char *call = (const char *)sqlite3_column_text(st, 8);
        op_set_codes(p,
                     section == NSQ_MEM_MEMCPY ? (kc >= 0 && kc < 14 ? (int)kc : 0)
                                               : (kc >= 0 && kc < 8 ? (int)kc : 7),
                     size_code(nb), host_code(st, 6, 7),
                     !call                   ? 2
                     : strstr(call, "Async") ? 1
                                             : 0);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        for (int i = 0; i < nbk; i++)
            free(bk[i].ops);
        free(bk);
        return nsq_export_sql_error(x, rc, NSQ_EXIT_QUERY, "query_failed", "memcpy rows", err);
    }
    for (int i = 0; i < nbk; i++) {
        summarise(r, &bk[i]);
        free(bk[i].ops);
    }
    free(bk);
    return 0;
}

/* ---- fast path: nsq_parscan over memcpy, memset and api ----------------------------------- */

/* Adds one op to its bucket's group sums (sums_only). */
static void sum_op(bucket *b, const op *p)
{
    if (!b->sums) {
        b->sums = xcalloc(NGROUPING * NKEY, sizeof *b->sums);
        for (int i = 0; i < NGROUPING * NKEY; i++) {
            b->sums[i].mn = INT64_MAX;
            b->sums[i].mx = INT64_MIN;
        }
    }
    for (int gr = 0; gr < NGROUPING; gr++) {
        gsum *g = &b->sums[gr * NKEY + op_code(p, gr)];
        g->count++;
        g->bytes += p->bytes;
        g->total += p->dur;
        if (p->dur < g->mn)
            g->mn = p->dur;
        if (p->dur > g->mx)
            g->mx = p->dur;
    }
}

/* summarise() from the sums: the same groups, in the same order, with the
 * same sums, and no median. */
static void summarise_sums(nsq_mem_result *r, const bucket *b)
{
    for (int gr = 0; gr < NGROUPING && b->sums; gr++)
        for (int k = 0; k < NKEY; k++) {
            const gsum *s = &b->sums[gr * NKEY + k];
            if (!s->count)
                continue;
            nsq_mem_group *g = add_group(r);
            g->section = b->section;
            g->device = b->device;
            g->grouping = grouping_names[gr];
            g->key = key_name(b->section, gr, k);
            g->count = s->count;
            g->bytes = s->bytes;
            g->total_ns = s->total;
            g->mean_ns = s->total / s->count;
            g->min_ns = s->mn;
            g->max_ns = s->mx;
        }
}

/* the launching calls of one process: correlationId -> index of the call's
 * name in the name cache + 1 */
typedef struct pcalls {
    int64_t gpid;
    nsq_corrmap m;
} pcalls;

typedef struct pscan {
    nsq_mem_result *r;
    const nsq_mem_opts *o;
    int section;
    bool has_pid, has_stream;
    int64_t pid, stream;
    bucket *bk;
    int nbk, capbk;
    pcalls *pc;
    int npc, cappc, lastpc;
    bool sparse; /* a process's correlation ids do not fit a paged map */
    nsq_export *x;
    char **names; /* name_id -> text cache (sorted ids) */
    int64_t *name_ids;
    int nnames, capnames, capname_ids;
    int64_t *byidx;    /* name index (order of first sight) -> name_id */
    char *byidx_async; /* per name index: the name holds "Async" (1), a kernel launch (2) */
    int nbyidx, capbyidx, capbyidx_async;
} pscan;

static pcalls *pcalls_of(pscan *ps, int64_t gpid, bool add)
{
    if (ps->npc && ps->pc[ps->lastpc].gpid == gpid)
        return &ps->pc[ps->lastpc];
    for (int i = 0; i < ps->npc; i++)
        if (ps->pc[i].gpid == gpid)
            return &ps->pc[ps->lastpc = i];
    if (!add)
        return NULL;
    NSQ_GROW(ps->pc, ps->npc + 1, ps->cappc);
    memset(&ps->pc[ps->npc], 0, sizeof *ps->pc);
    ps->pc[ps->npc].gpid = gpid;
    ps->lastpc = ps->npc;
    return &ps->pc[ps->npc++];
}

static const char *name_of(pscan *ps, int64_t id)
{
    int lo = 0, hi = ps->nnames;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (ps->name_ids[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < ps->nnames && ps->name_ids[lo] == id)
        return ps->names[lo];
    NSQ_GROW(ps->names, ps->nnames + 1, ps->capnames);
    NSQ_GROW(ps->name_ids, ps->nnames + 1, ps->capname_ids);
    memmove(ps->names + lo + 1, ps->names + lo, (size_t)(ps->nnames - lo) * sizeof *ps->names);
    memmove(ps->name_ids + lo + 1, ps->name_ids + lo,
            (size_t)(ps->nnames - lo) * sizeof *ps->name_ids);
    ps->nnames++;
    ps->name_ids[lo] = id;
    ps->names[lo] = NULL;
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(ps->x->db, "SELECT value FROM main.StringIds WHERE id = ?1", -1, &st,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
            ps->names[lo] = xstrdup((const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    return ps->names[lo];
}

/* A kernel launch call (cudaLaunchKernel, cuLaunchKernel_ptsz,
 * cudaLaunchCooperativeKernel, ...): it launches no copy or memset, so its
 * correlation id is never looked up (on a launch-bound capture nearly every
 * call is one). A graph launch may run copy nodes: kept. */
static bool kernel_launch(const char *nm)
{
    return (!strncmp(nm, "cudaLaunch", 10) || !strncmp(nm, "cuLaunch", 8)) &&
           strstr(nm, "Kernel") && !strstr(nm, "Graph");
}

/* The index of name_id among the names seen (first sight order). */
static int name_index(pscan *ps, int64_t id)
{
    for (int i = ps->nbyidx - 1; i >= 0; i--)
        if (ps->byidx[i] == id)
            return i;
    NSQ_GROW(ps->byidx, ps->nbyidx + 1, ps->capbyidx);
    NSQ_GROW(ps->byidx_async, ps->nbyidx + 1, ps->capbyidx_async);
    ps->byidx[ps->nbyidx] = id;
    const char *nm = name_of(ps, id);
    ps->byidx_async[ps->nbyidx] = !nm ? 0 : kernel_launch(nm) ? 2 : strstr(nm, "Async") != NULL;
    return ps->nbyidx++;
}

/* cols: start_ns, end_ns, device_id, bytes, kind, src_kind, dst_kind, correlation_id,
 * global_pid, stream_id */
static int op_row(void *vctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    (void)err;
    pscan *ps = vctx;
    const nsq_mem_opts *o = ps->o;
    if (nulls & 3u) {
        ps->r->bad_rows++;
        return 0;
    }
    int64_t s = v[0], e = v[1];
    if (e < s) {
        ps->r->bad_rows++;
        return 0;
    }
    bool in = s == e ? (s >= o->start_ns && s <= o->end_ns) : (s < o->end_ns && e > o->start_ns);
    if (!in)
        return 0;
    if (ps->has_pid && ((nulls >> 8) & 1u || ((v[8] >> 24) & 16777215) != ps->pid))
        return 0;
    if (ps->has_stream && ((nulls >> 9) & 1u || v[9] != ps->stream))
        return 0;
    int64_t dev = v[2];
    int bi = 0;
    while (bi < ps->nbk && !(ps->bk[bi].section == ps->section && ps->bk[bi].device == dev))
        bi++;
    if (bi == ps->nbk) {
        NSQ_GROW(ps->bk, ps->nbk + 1, ps->capbk);
        memset(&ps->bk[ps->nbk], 0, sizeof *ps->bk);
        ps->bk[ps->nbk].section = ps->section;
        ps->bk[ps->nbk].device = dev;
        ps->nbk++;
    }
    bucket *b = &ps->bk[bi];
    op one, *p = &one;
    if (!o->sums_only) {
        if (b->n == b->cap) {
            b->cap = b->cap ? b->cap + b->cap / 2 : 1024;
            b->ops = xrealloc(b->ops, b->cap * sizeof *b->ops);
        }
        p = &b->ops[b->n++];
    }
    int64_t nb = v[3], kc = v[4];
    p->dur = e - s;
    p->bytes = nb;
    /* the launching call, from the calls read before */
    int call = 2;
    if (!((nulls >> 7) & 1u) && !((nulls >> 8) & 1u)) {
        pcalls *pc = pcalls_of(ps, v[8], false);
        int32_t k = pc ? nsq_corrmap_get(&pc->m, v[7]) : -1;
        if (k >= 0)
            call = ps->byidx_async[k] == 1 ? 1 : 0;
    }
    int kind = ps->section == NSQ_MEM_MEMCPY
                   ? (!((nulls >> 4) & 1u) && kc >= 0 && kc < 14 ? (int)kc : 0)
                   : (!((nulls >> 4) & 1u) && kc >= 0 && kc < 8 ? (int)kc : 7);
    bool ns = (nulls >> 5) & 1u, nd = (nulls >> 6) & 1u;
    int64_t sk = v[5], dk = v[6];
    int hc;
    if ((!ns && sk == 0) || (!nd && dk == 0))
        hc = 0;
    else if ((!ns && sk == 1) || (!nd && dk == 1))
        hc = 1;
    else if ((!ns && (sk == 4 || sk == 6)) || (!nd && (dk == 4 || dk == 6)))
        hc = 2;
    else if (!ns && !nd && (sk == 2 || sk == 3 || sk == 5) && (dk == 2 || dk == 3 || dk == 5))
        hc = 3;
    else
        hc = 4;
    op_set_codes(p, kind, size_code(nb), hc, call);
    if (o->sums_only)
        sum_op(b, p);
    return 0;
}

/* cols: correlation_id, global_tid, name_id. Every call, by process and
 * correlationId; of two calls with one id, the smaller name (text) wins. */
static int api_row(void *vctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    (void)err;
    pscan *ps = vctx;
    if ((nulls & 7u) || ps->sparse)
        return 0;
    int k = name_index(ps, v[2]);
    if (ps->byidx_async[k] == 2)
        return 0; /* a kernel launch: no copy carries its id */
    pcalls *pc = pcalls_of(ps, v[1] & -16777216LL, true);
    int32_t cur = nsq_corrmap_get(&pc->m, v[0]);
    if (cur >= 0) {
        if (cur == k)
            return 0;
        const char *a = name_of(ps, ps->byidx[cur]), *b = name_of(ps, v[2]);
        if (!(b && (!a || strcmp(b, a) < 0)))
            return 0;
    }
    if (nsq_corrmap_set(&pc->m, v[0], k))
        ps->sparse = true;
    return 0;
}

static int64_t table_rows_any(nsq_export *x, const char *table)
{
    if (!nsq_probe_table(&x->probe, table))
        return 0;
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT EXISTS (SELECT 1 FROM main.%s)", table);
    int64_t v = 0;
    return nsq_query_int64(x->db, sql, 0, &v) ? 1 : v;
}

static int run_parscan(nsq_mem_result *r, nsq_export *x, const nsq_mem_opts *o, nsq_err *err)
{
    pscan ps;
    memset(&ps, 0, sizeof ps);
    ps.r = r;
    ps.o = o;
    ps.x = x;
    if (o->pid && *o->pid) {
        ps.has_pid = true;
        ps.pid = strtoll(o->pid, NULL, 10);
    }
    if (o->stream && *o->stream) {
        ps.has_stream = true;
        ps.stream = strtoll(o->stream, NULL, 10);
    }
    int rc = 0;
    /* the launching calls first (only when there are ops to launch): then each
     * op finds its call as it is read, and keeps no key */
    if ((table_rows_any(x, "CUPTI_ACTIVITY_KIND_MEMCPY") ||
         table_rows_any(x, "CUPTI_ACTIVITY_KIND_MEMSET")) &&
        nsq_probe_table(&x->probe, "CUPTI_ACTIVITY_KIND_RUNTIME")) {
        nsq_parscan_req req = {.view = "api",
                               .cols = "correlation_id, global_tid, name_id",
                               .ncols = 3,
                               .what = "launching calls"};
        rc = nsq_parscan(x, &req, api_row, &ps, err);
    }
    static const char *const views[2] = {"memcpy", "memset"};
    static const char *const colsets[2] = {
        "start_ns, end_ns, device_id, bytes, copy_kind, src_kind, dst_kind, correlation_id, "
        "global_pid, stream_id",
        "start_ns, end_ns, device_id, bytes, mem_kind, mem_kind, mem_kind, correlation_id, "
        "global_pid, stream_id"};
    for (int k = 0; k < 2 && !rc && !ps.sparse; k++) {
        ps.section = k;
        nsq_parscan_req req = {
            .view = views[k], .cols = colsets[k], .ncols = 10, .what = "memory op scan"};
        rc = nsq_parscan(x, &req, op_row, &ps, err);
    }
    for (int i = 0; i < ps.npc; i++)
        nsq_corrmap_release(&ps.pc[i].m);
    free(ps.pc);
    ps.pc = NULL;
    ps.npc = ps.cappc = 0;
    /* the rows are read: the groups' medians are this analysis' own work */
    nsq_scan_aside(x);
    for (int i = 0; i < ps.nbk; i++) {
        if (!rc && !ps.sparse) {
            if (o->sums_only)
                summarise_sums(r, &ps.bk[i]);
            else
                summarise(r, &ps.bk[i]);
        }
        free(ps.bk[i].ops);
        free(ps.bk[i].sums);
    }
    r->no_medians = !rc && !ps.sparse && o->sums_only;
    free(ps.bk);
    for (int i = 0; i < ps.nnames; i++)
        free(ps.names[i]);
    free(ps.names);
    free(ps.name_ids);
    free(ps.byidx);
    free(ps.byidx_async);
    nsq_scan_back(x);
    if (!rc && ps.sparse) /* ids spread over more than 2^32: the rows through SQL */
        return run_fast(r, x, o, err);
    return rc;
}

static int run_oracle(nsq_mem_result *r, nsq_export *x, const nsq_mem_opts *o, nsq_err *err)
{
    const nsq_query *q = nsq_registry_find("memops", 1);
    sqlite3_stmt *st = NULL;
    if (!q)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "stored query memops@1 is missing");
    int rc = sqlite3_prepare_v2(x->db, q->text, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "query memops@1", err);
    bind_common(st, o);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        nsq_mem_group *g = add_group(r);
        const char *sec = (const char *)sqlite3_column_text(st, 0);
        g->section = !strcmp(sec, "memset") ? NSQ_MEM_MEMSET : NSQ_MEM_MEMCPY;
        g->device = sqlite3_column_int64(st, 1);
        const char *grp = (const char *)sqlite3_column_text(st, 2);
        const char *key = (const char *)sqlite3_column_text(st, 3);
        int gr = 0;
        while (gr < NGROUPING - 1 && strcmp(grouping_names[gr], grp))
            gr++;
        g->grouping = grouping_names[gr];
        g->key = "unknown";
        for (int k = 0; k < NKEY; k++) {
            const char *nm = key_name(g->section, gr, k < 6 || gr != 2 ? k : 5);
            if (!strcmp(nm, key)) {
                g->key = nm;
                break;
            }
            if ((gr == 2 && k >= 5) || (gr == 3 && k >= 4) || (gr == 4 && k >= 2) || gr == 0 ||
                (gr == 1 && k >= (g->section == NSQ_MEM_MEMCPY ? 13 : 7)))
                break;
        }
        g->count = sqlite3_column_int64(st, 4);
        g->bytes = sqlite3_column_int64(st, 5);
        g->total_ns = sqlite3_column_int64(st, 6);
        g->mean_ns = sqlite3_column_int64(st, 7);
        g->median_ns = sqlite3_column_int64(st, 8);
        g->min_ns = sqlite3_column_int64(st, 9);
        g->max_ns = sqlite3_column_int64(st, 10);
        g->median_op_gbps =
            sqlite3_column_type(st, 11) == SQLITE_NULL ? NAN : sqlite3_column_double(st, 11);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_QUERY, "query_failed", "query memops@1", err);
    int64_t bad = 0;
    nsq_query_int64(
        x->db,
        "SELECT (SELECT COUNT(*) FROM memcpy WHERE start_ns IS NULL OR end_ns IS NULL OR "
        "end_ns < start_ns) + (SELECT COUNT(*) FROM memset WHERE start_ns IS NULL OR "
        "end_ns IS NULL OR end_ns < start_ns)",
        0, &bad);
    r->bad_rows = bad;
    return 0;
}

static int grouping_rank(const char *g)
{
    for (int i = 0; i < NGROUPING; i++)
        if (!strcmp(grouping_names[i], g))
            return i;
    return NGROUPING;
}

static int cmp_group(const void *a, const void *b)
{
    const nsq_mem_group *x = a, *y = b;
    if (x->section != y->section)
        return x->section - y->section;
    if (x->device != y->device)
        return x->device < y->device ? -1 : 1;
    int gx = grouping_rank(x->grouping), gy = grouping_rank(y->grouping);
    if (gx != gy)
        return gx - gy;
    if (gx == 2) { /* size buckets in size order */
        int sx = 0, sy = 0;
        while (sx < 6 && strcmp(size_names[sx], x->key))
            sx++;
        while (sy < 6 && strcmp(size_names[sy], y->key))
            sy++;
        return sx - sy;
    }
    if (x->total_ns != y->total_ns)
        return x->total_ns > y->total_ns ? -1 : 1;
    return strcmp(x->key, y->key);
}

/* One integer from sql (fixed text) with ?1 .. ?3 bound to a; dflt on NULL,
 * no row or an error. */
static int64_t query_i64(nsq_export *x, const char *sql, const int64_t *a, int na, int64_t dflt)
{
    sqlite3_stmt *st = NULL;
    int64_t v = dflt;
    if (sqlite3_prepare_v2(x->db, sql, -1, &st, NULL) == SQLITE_OK) {
        for (int i = 0; i < na; i++)
            sqlite3_bind_int64(st, i + 1, a[i]);
        if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
            v = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    return v;
}

/* Rows of a page-fault table whose start is in [lo, hi] (and of the process
 * when has_pid); -1 when the export has no such table. */
static int64_t count_faults(nsq_export *x, bool cpu, int64_t lo, int64_t hi, int64_t pid)
{
    const char *table = cpu ? "CUDA_UM_CPU_PAGE_FAULT_EVENTS" : "CUDA_UM_GPU_PAGE_FAULT_EVENTS";
    if (!nsq_probe_table(&x->probe, table))
        return -1;
    int64_t a[3] = {lo, hi, pid};
    return query_i64(
        x,
        cpu ? "SELECT COUNT(*) FROM main.CUDA_UM_CPU_PAGE_FAULT_EVENTS WHERE start "
              ">= ?1 AND start <= ?2 AND (?3 < 0 OR ((globalPid >> 24) & 16777215) = ?3)"
            : "SELECT COUNT(*) FROM main.CUDA_UM_GPU_PAGE_FAULT_EVENTS WHERE start "
              ">= ?1 AND start <= ?2 AND (?3 < 0 OR ((globalPid >> 24) & 16777215) = ?3)",
        a, 3, -1);
}

static void load_devices(nsq_mem_result *r, nsq_export *x)
{
    int64_t distinct = query_i64(x,
                                 "SELECT COUNT(DISTINCT memory_bandwidth_bytes_per_s) FROM device "
                                 "WHERE memory_bandwidth_bytes_per_s > 0",
                                 NULL, 0, 0);
    for (int i = 0; i < r->ng; i++) {
        int j = 0;
        while (j < r->ndev && r->dev[j].device != r->g[i].device)
            j++;
        if (j < r->ndev)
            continue;
        NSQ_GROW(r->dev, r->ndev + 1, r->capdev);
        nsq_mem_device *d = &r->dev[r->ndev++];
        d->device = r->g[i].device;
        d->bandwidth_gbps = NAN;
        d->bandwidth_reason = "the export records no GPU memory bandwidth "
                              "(TARGET_INFO_GPU.memoryBandwidth absent or 0)";
        int64_t bw = 0;
        if (distinct == 1) {
            bw = query_i64(x,
                           "SELECT MAX(memory_bandwidth_bytes_per_s) FROM device "
                           "WHERE memory_bandwidth_bytes_per_s > 0",
                           NULL, 0, 0);
            d->bandwidth_reason = "TARGET_INFO_GPU.memoryBandwidth (every GPU of the export)";
        } else if (distinct > 1) {
            int64_t match = query_i64(x,
                                      "SELECT COUNT(*) FROM device WHERE cuda_device = ?1 AND "
                                      "memory_bandwidth_bytes_per_s > 0",
                                      &d->device, 1, 0);
            if (match == 1) {
                bw = query_i64(x,
                               "SELECT MAX(memory_bandwidth_bytes_per_s) FROM device WHERE "
                               "cuda_device = ?1 AND memory_bandwidth_bytes_per_s > 0",
                               &d->device, 1, 0);
                d->bandwidth_reason =
                    "TARGET_INFO_GPU.memoryBandwidth (GPU whose cuDevice is the op's deviceId)";
            } else {
                d->bandwidth_reason = "GPUs of different memory bandwidth and no single GPU with "
                                      "this cuDevice: the op's GPU is not known";
            }
        }
        if (bw > 0)
            d->bandwidth_gbps = (double)bw / 1e9;
    }
}

int nsq_mem_run(nsq_mem_result *r, nsq_export *x, const nsq_mem_opts *o, nsq_err *err)
{
    memset(r, 0, sizeof *r);
    r->have_memcpy_table = nsq_probe_table(&x->probe, "CUPTI_ACTIVITY_KIND_MEMCPY") != NULL;
    r->have_memset_table = nsq_probe_table(&x->probe, "CUPTI_ACTIVITY_KIND_MEMSET") != NULL;
    int rc = o->oracle                         ? run_oracle(r, x, o, err)
             : getenv("NSYSQL_MEMOPS_SQLROWS") ? run_fast(r, x, o, err)
                                               : run_parscan(r, x, o, err);
    if (rc) {
        nsq_mem_release(r);
        return rc;
    }
    if (r->ng)
        qsort(r->g, (size_t)r->ng, sizeof *r->g, cmp_group);
    load_devices(r, x);
    int64_t pid = o->pid && *o->pid ? strtoll(o->pid, NULL, 10) : -1;
    r->cpu_faults = count_faults(x, true, o->start_ns, o->end_ns, pid);
    r->gpu_faults = count_faults(x, false, o->start_ns, o->end_ns, pid);
    return 0;
}

static void null_or_double(json *j, const char *k, double v)
{
    if (isnan(v) || isinf(v))
        json_kv_null(j, k);
    else
        json_kv_double(j, k, v);
}

/* Device memory bandwidth is the ceiling of device-to-device copies and of
 * memsets only; host transfers are bound by the link, which exports do not
 * record. */
static bool bw_applies(const nsq_mem_group *g)
{
    if (g->section == NSQ_MEM_MEMSET)
        return true;
    return !strcmp(g->grouping, "kind") && !strcmp(g->key, "DtoD");
}

static void group_json(json *j, const nsq_mem_group *g, const nsq_mem_device *d, bool no_medians)
{
    json_obj_begin(j);
    json_kv_str(j, "key", g->key);
    json_kv_int(j, "count", g->count);
    json_kv_int(j, "bytes", g->bytes);
    json_kv_int(j, "total_ns", g->total_ns);
    json_kv_int(j, "mean_ns", g->mean_ns);
    if (no_medians)
        json_kv_null(j, "median_ns");
    else
        json_kv_int(j, "median_ns", g->median_ns);
    json_kv_int(j, "min_ns", g->min_ns);
    json_kv_int(j, "max_ns", g->max_ns);
    double gbps = g->total_ns > 0 ? (double)g->bytes / (double)g->total_ns : NAN;
    null_or_double(j, "gbps", gbps);
    null_or_double(j, "median_op_gbps", g->median_op_gbps);
    null_or_double(j, "fraction_of_memory_bandwidth",
                   bw_applies(g) && d && !isnan(d->bandwidth_gbps) ? gbps / d->bandwidth_gbps
                                                                   : NAN);
    json_obj_end(j);
}

static const nsq_mem_device *find_dev(const nsq_mem_result *r, int64_t dev)
{
    for (int i = 0; i < r->ndev; i++)
        if (r->dev[i].device == dev)
            return &r->dev[i];
    return NULL;
}

static void section_json(json *j, const nsq_mem_result *r, int section, int64_t dev,
                         bool totals_only)
{
    const nsq_mem_device *d = find_dev(r, dev);
    json_obj_begin(j);
    bool any = false;
    for (int i = 0; i < r->ng; i++)
        if (r->g[i].section == section && r->g[i].device == dev &&
            !strcmp(r->g[i].grouping, "all")) {
            json_key(j, "total");
            group_json(j, &r->g[i], d, r->no_medians);
            any = true;
        }
    if (!any)
        json_kv_null(j, "total");
    static const char *const keys[] = {"by_kind", "by_size", "by_host_memory", "by_call"};
    for (int gr = 1; gr < NGROUPING; gr++) {
        json_key(j, keys[gr - 1]);
        json_arr_begin(j);
        for (int i = 0; !totals_only && i < r->ng; i++)
            if (r->g[i].section == section && r->g[i].device == dev &&
                !strcmp(r->g[i].grouping, grouping_names[gr]))
                group_json(j, &r->g[i], d, r->no_medians);
        json_arr_end(j);
    }
    json_obj_end(j);
}

void nsq_mem_json(json *j, const nsq_mem_result *r, bool totals_only)
{
    json_obj_begin(j);
    json_key(j, "size_buckets");
    json_arr_begin(j);
    static const int64_t lo[] = {0, 4096, 65536, 1048576, 16777216, 268435456};
    for (int i = 0; i < 6; i++) {
        json_obj_begin(j);
        json_kv_str(j, "key", size_names[i]);
        json_kv_int(j, "min_bytes", lo[i]);
        if (i < 5)
            json_kv_int(j, "max_bytes_exclusive", lo[i + 1]);
        else
            json_kv_null(j, "max_bytes_exclusive");
        json_obj_end(j);
    }
    json_arr_end(j);
    json_kv_bool(j, "memcpy_table", r->have_memcpy_table);
    json_kv_bool(j, "memset_table", r->have_memset_table);
    json_kv_int(j, "bad_rows", r->bad_rows);
    int64_t rows = 0; /* the by_* rows of every device, listed or not */
    for (int i = 0; i < r->ng; i++)
        rows += strcmp(r->g[i].grouping, "all") != 0;
    json_kv_int(j, "breakdown_rows", rows);
    json_key(j, "devices");
    json_arr_begin(j);
    for (int i = 0; i < r->ndev; i++) {
        const nsq_mem_device *d = &r->dev[i];
        json_obj_begin(j);
        json_kv_int(j, "device_id", d->device);
        null_or_double(j, "memory_bandwidth_gbps", d->bandwidth_gbps);
        json_kv_str(j,
                    isnan(d->bandwidth_gbps) ? "memory_bandwidth_null_reason"
                                             : "memory_bandwidth_source",
                    d->bandwidth_reason);
        json_kv_null(j, "pcie_bandwidth_gbps");
        json_kv_str(j, "pcie_bandwidth_null_reason",
                    "nsys exports do not record the PCIe link generation or width");
        json_key(j, "memcpy");
        section_json(j, r, NSQ_MEM_MEMCPY, d->device, totals_only);
        json_key(j, "memset");
        section_json(j, r, NSQ_MEM_MEMSET, d->device, totals_only);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_key(j, "unified_memory");
    json_obj_begin(j);
    int64_t mig = 0, migb = 0;
    for (int i = 0; i < r->ng; i++)
        if (r->g[i].section == NSQ_MEM_MEMCPY && !strcmp(r->g[i].grouping, "kind") &&
            !strncmp(r->g[i].key, "UVM ", 4)) {
            mig += r->g[i].count;
            migb += r->g[i].bytes;
        }
    json_kv_int(j, "migrations", mig);
    json_kv_int(j, "migration_bytes", migb);
    if (r->cpu_faults >= 0)
        json_kv_int(j, "cpu_page_faults", r->cpu_faults);
    else
        json_kv_null(j, "cpu_page_faults");
    if (r->gpu_faults >= 0)
        json_kv_int(j, "gpu_page_faults", r->gpu_faults);
    else
        json_kv_null(j, "gpu_page_faults");
    if (r->cpu_faults < 0 || r->gpu_faults < 0)
        json_kv_str(j, "page_faults_null_reason",
                    "the export has no CUDA_UM_CPU/GPU_PAGE_FAULT_EVENTS table (nsys "
                    "--cuda-um-cpu-page-faults / --cuda-um-gpu-page-faults were off)");
    json_obj_end(j);
    json_obj_end(j);
}

static void cell(strbuf *sb, const char *fmt, const char *s, int width, bool last)
{
    if (!strcmp(fmt, "csv")) {
        sb_add_csv(sb, s);
        sb_addstr(sb, last ? "\n" : ",");
    } else if (!strcmp(fmt, "md")) {
        sb_addstr(sb, "| ");
        sb_addstr(sb, s);
        sb_addstr(sb, last ? " |\n" : " ");
    } else {
        if (last)
            sb_addf(sb, "%s\n", s);
        else
            sb_addf(sb, "%*s  ", width, s);
    }
}

void nsq_mem_text(strbuf *sb, const nsq_mem_result *r, const char *fmt)
{
    static const char *const head[] = {"Section", "Device",    "Group",  "Key",    "Count",
                                       "Bytes",   "Total(ns)", "Mean",   "Median", "Min",
                                       "Max",     "GB/s",      "OpGB/s", "OfMemBW"};
    static const int width[] = {7, 6, 11, 14, 9, 14, 14, 11, 11, 11, 11, 8, 8, 0};
    enum { NC = 14 };
    for (int c = 0; c < NC; c++)
        cell(sb, fmt, head[c], width[c], c == NC - 1);
    if (!strcmp(fmt, "md"))
        for (int c = 0; c < NC; c++)
            sb_addstr(sb, c == NC - 1 ? "|---|\n" : c >= 4 ? "|---:" : "|---");
    for (int i = 0; i < r->ng; i++) {
        const nsq_mem_group *g = &r->g[i];
        const nsq_mem_device *d = find_dev(r, g->device);
        char v[NC][64];
        double gbps = g->total_ns > 0 ? (double)g->bytes / (double)g->total_ns : NAN;
        snprintf(v[0], 64, "%s", g->section ? "memset" : "memcpy");
        snprintf(v[1], 64, "%lld", (long long)g->device);
        snprintf(v[2], 64, "%s", g->grouping);
        snprintf(v[3], 64, "%s", g->key);
        snprintf(v[4], 64, "%lld", (long long)g->count);
        snprintf(v[5], 64, "%lld", (long long)g->bytes);
        snprintf(v[6], 64, "%lld", (long long)g->total_ns);
        snprintf(v[7], 64, "%lld", (long long)g->mean_ns);
        if (r->no_medians)
            snprintf(v[8], 64, "-");
        else
            snprintf(v[8], 64, "%lld", (long long)g->median_ns);
        snprintf(v[9], 64, "%lld", (long long)g->min_ns);
        snprintf(v[10], 64, "%lld", (long long)g->max_ns);
        if (isnan(gbps))
            snprintf(v[11], 64, "-");
        else
            snprintf(v[11], 64, "%.2f", gbps);
        if (isnan(g->median_op_gbps))
            snprintf(v[12], 64, "-");
        else
            snprintf(v[12], 64, "%.2f", g->median_op_gbps);
        if (!bw_applies(g) || !d || isnan(d->bandwidth_gbps) || isnan(gbps))
            snprintf(v[13], 64, "-");
        else
            snprintf(v[13], 64, "%.3f", gbps / d->bandwidth_gbps);
        for (int c = 0; c < NC; c++)
            cell(sb, fmt, v[c], width[c], c == NC - 1);
    }
    if (!strcmp(fmt, "table") && r->ng == 0)
        sb_addstr(sb, "(no memory operations selected)\n");
}

void nsq_mem_release(nsq_mem_result *r)
{
    free(r->g);
    free(r->dev);
    memset(r, 0, sizeof *r);
}
