/* nsysql info: what is in this export. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/cmd.h"
#include "nsysql/export/devmap.h"
#include "nsysql/export/parscan.h"
#include "nsysql/util/grow.h"

typedef struct info_opts {
    int no_counts;
    int detail;
} info_opts;

/* What the default document lists (--detail: everything): the most active
 * processes, and the first named threads of each; processes_total and
 * named_threads_total count them all. */
enum { INFO_PROCESSES = 12, INFO_NAMED_THREADS = 8 };

static const nsq_opt info_options[] = {
    OPT_ENTRY("no-counts", 0, OPT_BOOL, info_opts, no_counts, NULL,
              "skip per-table row counts (faster on very large exports)"),
    OPT_ENTRY("detail", 0, OPT_BOOL, info_opts, detail, NULL,
              "list every process and every named thread (by default the 12 processes with the "
              "most events and 8 named threads of each; processes_total and "
              "named_threads_total count them all)"),
    OPT_TABLE_END,
};

/* count(*) style query; on failure (e.g. a damaged table) sets ctx->err and
 * returns -1, so "could not count" never reads as a number. */
static int64_t count_of(nsq_ctx *ctx, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int64_t v = -1;
    int rc = sqlite3_prepare_v2(ctx->x->db, sql, -1, &st, NULL);
    if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        v = sqlite3_column_int64(st, 0);
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK) {
        nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INPUT, "input_corrupt", sql, &ctx->err);
        return -1;
    }
    return v;
}

/* A text column with its full length (names may hold NUL bytes). */
static void kv_col(json *j, const char *key, sqlite3_stmt *st, int col)
{
    json_key(j, key);
    if (sqlite3_column_type(st, col) == SQLITE_NULL) {
        json_null(j);
        return;
    }
    const char *t = (const char *)sqlite3_column_text(st, col);
    json_strn(j, t ? t : "", (size_t)sqlite3_column_bytes(st, col));
}

/* known: the rows of the views kernel, memcpy, memset, api and nvtx, as
 * info's scans counted them */
static int emit_tables(nsq_ctx *ctx, json *j, int counts, const int64_t *known)
{
    static const char *const known_views[5] = {"kernel", "memcpy", "memset", "api", "nvtx"};
    nsq_probe *p = &ctx->x->probe;
    json_key(j, "tables");
    json_arr_begin(j);
    for (int i = 0; i < p->ntables; i++) {
        json_obj_begin(j);
        json_kv_str(j, "name", p->tables[i].name);
        /* the kernel, memcpy, memset and nvtx views hold one row per row
         * of their table (no WHERE): the scans counted those tables */
        static const char *const scanned[5] = {"CUPTI_ACTIVITY_KIND_KERNEL",
                                               "CUPTI_ACTIVITY_KIND_MEMCPY",
                                               "CUPTI_ACTIVITY_KIND_MEMSET", NULL, "NVTX_EVENTS"};
        int64_t rows = -1;
        for (int k = 0; counts && k < 5; k++)
            if (scanned[k] && !strcmp(p->tables[i].name, scanned[k]))
                rows = known[k];
        if (rows >= 0) {
            json_kv_int(j, "rows", rows);
        } else if (counts && !p->tables[i].is_virtual) { /* a virtual table is never opened */
            strbuf sql = STRBUF_INIT;
            /* the name comes from sqlite_master; quote it as an identifier */
            sb_addstr(&sql, "SELECT count(*) FROM main.\"");
            for (const char *c = p->tables[i].name; *c; c++) {
                if (*c == '"')
                    sb_addch(&sql, '"');
                sb_addch(&sql, *c);
            }
            sb_addch(&sql, '"');
            json_kv_int(j, "rows", count_of(ctx, sql.buf));
            sb_release(&sql);
        } else {
            json_kv_null(j, "rows");
        }
        json_kv_int(j, "columns", p->tables[i].ncols);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_key(j, "views");
    json_arr_begin(j);
    for (int i = 0; i < p->nviews; i++) {
        strbuf sql = STRBUF_INIT;
        sb_addf(&sql, "SELECT count(*) FROM \"%s\"", p->views[i].name);
        json_obj_begin(j);
        json_kv_str(j, "name", p->views[i].name);
        /* the scans counted the big ones (gpu_op, a UNION ALL, SQLite
         * would materialise to count) */
        int64_t rows = -2;
        for (int k = 0; k < 5; k++)
            if (!strcmp(p->views[i].name, known_views[k]))
                rows = known[k];
        if (!strcmp(p->views[i].name, "gpu_op"))
            rows = known[0] + known[1] + known[2];
        json_kv_int(j, "rows", rows != -2 ? rows : count_of(ctx, sql.buf));
        json_kv_int(j, "missing_source_tables", p->views[i].missing_sources);
        json_kv_int(j, "missing_columns", p->views[i].missing_columns);
        json_obj_end(j);
        sb_release(&sql);
    }
    json_arr_end(j);
    return ctx->err.exit_code ? -1 : 0;
}

/* One pass per GPU-op view, aggregated in C per (pid, device_id): SQLite
 * cannot flatten aggregates over the UNION ALL view gpu_op, and GROUP BY
 * sorts every row. The passes go through nsq_parscan, so the big tables are
 * read from the pages, on several threads (parscan.h). */
typedef struct op_agg {
    int64_t pid, dev;
    int64_t n[3]; /* kernel, memcpy, memset */
    int64_t first, last, bad;
} op_agg;

typedef struct op_scan {
    op_agg *a;
    int n, cap;
    int64_t count[3];
    int64_t bad;
    int k;        /* the view being read */
    op_agg *last; /* the group of the previous row */
} op_scan;

/* v: global_pid, device_id, start_ns, end_ns (NULL reads 0, as SQLite's
 * sqlite3_column_int64 does) */
static int op_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    op_scan *s = ctx;
    (void)nulls;
    (void)err;
    int64_t pid = (int64_t)(((uint64_t)v[0] >> 24) & 16777215u), dev = v[1];
    int64_t a = v[2], b = v[3];
    op_agg *last = s->last;
    if (!last || last->pid != pid || last->dev != dev) {
        last = NULL;
        for (int i = 0; i < s->n; i++)
            if (s->a[i].pid == pid && s->a[i].dev == dev)
                last = &s->a[i];
        if (!last) {
            NSQ_GROW(s->a, s->n + 1, s->cap);
            last = &s->a[s->n++];
            memset(last, 0, sizeof *last);
            last->pid = pid;
            last->dev = dev;
            last->first = INT64_MAX;
            last->last = INT64_MIN;
        }
        s->last = last;
    }
    last->n[s->k]++;
    s->count[s->k]++;
    if (a < last->first)
        last->first = a;
    if (b > last->last)
        last->last = b;
    if (b < a) {
        last->bad++;
        s->bad++;
    }
    return 0;
}

static int scan_ops(nsq_ctx *ctx, op_scan *s)
{
    static const char *const views[3] = {"kernel", "memcpy", "memset"};
    memset(s, 0, sizeof *s);
    for (int k = 0; k < 3; k++) {
        nsq_parscan_req r = {.view = views[k],
                             .cols = "global_pid, device_id, start_ns, end_ns",
                             .ncols = 4,
                             .what = "GPU summary"};
        s->k = k;
        s->last = NULL;
        if (nsq_parscan(ctx->x, &r, op_row, s, &ctx->err))
            return -1;
    }
    return 0;
}

/* Per-GPU summary of GPU work, with the identity used to name a GPU. */
static int emit_devices(nsq_ctx *ctx, json *j, const op_scan *ops, int64_t *ndev)
{
    nsq_devmap m;
    *ndev = 0;
    /* the (pid, device_id) pairs are the groups of the GPU-op scans */
    int64_t *pairs = xmalloc(sizeof *pairs * 2 * (size_t)(ops->n + 1));
    for (int i = 0; i < ops->n; i++) {
        pairs[2 * i] = ops->a[i].pid;
        pairs[2 * i + 1] = ops->a[i].dev;
    }
    int rc = nsq_devmap_load_pairs(&m, ctx->x, pairs, ops->n, &ctx->err);
    free(pairs);
    if (rc)
        return -1;
    json_kv_str(j, "device_identity", m.identity);
    typedef struct agg {
        int64_t gpu, kernels, memcpy, memset, first, last;
        int nproc;
        int64_t procs[64][2];
    } agg;
    agg *a = NULL;
    int na = 0, capa = 0;
    for (int r = 0; r < ops->n; r++) {
        const op_agg *o = &ops->a[r];
        int64_t gpu = nsq_devmap_gpu(&m, o->pid, o->dev);
        agg *g = NULL;
        for (int i = 0; i < na; i++)
            if (a[i].gpu == gpu)
                g = &a[i];
        if (!g) {
            NSQ_GROW(a, na + 1, capa);
            g = &a[na++];
            memset(g, 0, sizeof *g);
            g->gpu = gpu;
            g->first = INT64_MAX;
            g->last = INT64_MIN;
        }
        g->kernels += o->n[0];
        g->memcpy += o->n[1];
        g->memset += o->n[2];
        if (o->first < g->first)
            g->first = o->first;
        if (o->last > g->last)
            g->last = o->last;
        if (g->nproc < 64) {
            g->procs[g->nproc][0] = o->pid;
            g->procs[g->nproc++][1] = o->dev;
        }
    }
    json_key(j, "devices");
    json_arr_begin(j);
    for (int i = 0; i < na; i++) {
        sqlite3_stmt *d = NULL;
        json_obj_begin(j);
        json_kv_int(j, "gpu", a[i].gpu);
        /* GPU facts, when TARGET_INFO_GPU knows this id */
        const char *name = NULL;
        if (strcmp(m.identity, "cuda_ordinal") &&
            sqlite3_prepare_v2(ctx->x->db,
                               "SELECT name, bus_location, uuid FROM device WHERE gpu_id = ?1", -1,
                               &d, NULL) == SQLITE_OK) {
            sqlite3_bind_int64(d, 1, a[i].gpu);
            if (sqlite3_step(d) == SQLITE_ROW) {
                name = "";
                kv_col(j, "name", d, 0);
                kv_col(j, "bus_location", d, 1);
            }
        }
        if (!name)
            json_kv_null(j, "name");
        sqlite3_finalize(d);
        json_key(j, "contexts");
        json_arr_begin(j);
        for (int k = 0; k < a[i].nproc; k++) {
            json_obj_begin(j);
            json_kv_int(j, "pid", a[i].procs[k][0]);
            json_kv_int(j, "device_id", a[i].procs[k][1]);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_kv_int(j, "kernels", a[i].kernels);
        json_kv_int(j, "memcpy", a[i].memcpy);
        json_kv_int(j, "memset", a[i].memset);
        json_kv_int(j, "first_start_ns", a[i].first);
        json_kv_int(j, "last_end_ns", a[i].last);
        json_obj_end(j);
    }
    json_arr_end(j);
    *ndev = na;
    free(a);
    nsq_devmap_release(&m);
    return 0;
}

static int emit_gpus(nsq_ctx *ctx, json *j)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(
        ctx->x->db,
        "SELECT gpu_id, name, bus_location, cuda_device, uuid, sm_count, "
        "total_memory_bytes, compute_major, compute_minor FROM device ORDER BY gpu_id",
        -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "internal", "gpu list",
                                    &ctx->err);
    json_key(j, "gpus");
    json_arr_begin(j);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        json_obj_begin(j);
        json_kv_int(j, "gpu_id", sqlite3_column_int64(st, 0));
        kv_col(j, "name", st, 1);
        kv_col(j, "bus_location", st, 2);
        if (sqlite3_column_type(st, 3) == SQLITE_NULL)
            json_kv_null(j, "cuda_device");
        else
            json_kv_int(j, "cuda_device", sqlite3_column_int64(st, 3));
        kv_col(j, "uuid", st, 4);
        json_kv_int(j, "sm_count", sqlite3_column_int64(st, 5));
        json_kv_int(j, "total_memory_bytes", sqlite3_column_int64(st, 6));
        if (sqlite3_column_type(st, 7) == SQLITE_NULL)
            json_kv_null(j, "compute_capability");
        else {
            char cc[32];
            snprintf(cc, sizeof cc, "%lld.%lld", (long long)sqlite3_column_int64(st, 7),
                     (long long)sqlite3_column_int64(st, 8));
            json_kv_str(j, "compute_capability", cc);
        }
        json_obj_end(j);
    }
    json_arr_end(j);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0
                             : nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "internal",
                                                    "gpu list", &ctx->err);
}

/* Profiled processes: those with events (API, GPU ops, NVTX, OS runtime),
 * counted in one C pass per source. */
typedef struct proc_agg {
    int64_t pid;
    int64_t n[4]; /* api, gpu, nvtx, osrt */
    int64_t *tids;
    int ntids, captids;
} proc_agg;

static proc_agg *proc_get(proc_agg **v, int *n, int *cap, int64_t pid)
{
    for (int i = *n - 1; i >= 0; i--)
        if ((*v)[i].pid == pid)
            return &(*v)[i];
    NSQ_GROW(*v, *n + 1, *cap);
    proc_agg *p = &(*v)[(*n)++];
    memset(p, 0, sizeof *p);
    p->pid = pid;
    return p;
}

static void proc_tid(proc_agg *p, int64_t tid)
{
    for (int i = p->ntids - 1; i >= 0; i--)
        if (p->tids[i] == tid)
            return;
    NSQ_GROW(p->tids, p->ntids + 1, p->captids);
    p->tids[p->ntids++] = tid;
}

/* Events of a process: its API calls, GPU ops, NVTX events and OS runtime calls. */
static int64_t proc_events(const proc_agg *p)
{
    return p->n[0] + p->n[1] + p->n[2] + p->n[3];
}

/* A process by its events: decreasing events, then increasing pid. */
typedef struct proc_rank {
    int64_t events, pid;
    int i;
} proc_rank;

static int cmp_rank(const void *a, const void *b)
{
    const proc_rank *x = a, *y = b;
    if (x->events != y->events)
        return x->events < y->events ? 1 : -1;
    return (x->pid > y->pid) - (x->pid < y->pid);
}

static int cmp_proc(const void *a, const void *b)
{
    int64_t x = ((const proc_agg *)a)->pid, y = ((const proc_agg *)b)->pid;
    return (x > y) - (x < y);
}

/* The api and nvtx views in one pass each (nsq_parscan): rows, time span,
 * and per process its rows and threads. */
typedef struct ev_scan {
    proc_agg **v;
    int *n, *cap;
    int slot;
    int64_t count;
    int64_t lo, hi; /* min(start_ns), max(coalesce(end_ns, start_ns)) */
    proc_agg *last;
    int64_t last_tid;
} ev_scan;

/* v: global_tid, start_ns, end_ns */
static int ev_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    ev_scan *s = ctx;
    (void)err;
    s->count++;
    if (!(nulls & 2u) && v[1] < s->lo)
        s->lo = v[1];
    if (!(nulls & 4u) || !(nulls & 2u)) {
        int64_t e = !(nulls & 4u) ? v[2] : v[1];
        if (e > s->hi)
            s->hi = e;
    }
    if (nulls & 1u)
        return 0; /* no thread: no process */
    int64_t pid = (int64_t)(((uint64_t)v[0] >> 24) & 16777215u);
    int64_t tid = (int64_t)((uint64_t)v[0] & 16777215u);
    if (!s->last || s->last->pid != pid) {
        s->last = proc_get(s->v, s->n, s->cap, pid);
        s->last_tid = -1;
    }
    s->last->n[s->slot]++;
    if (tid != s->last_tid) {
        proc_tid(s->last, tid);
        s->last_tid = tid;
    }
    return 0;
}

static int scan_events(nsq_ctx *ctx, const char *view, int slot, proc_agg **v, int *n, int *cap,
                       ev_scan *s)
{
    nsq_parscan_req r = {.view = view,
                         .cols = "global_tid, start_ns, end_ns",
                         .ncols = 3,
                         .what = slot ? "NVTX summary" : "API summary"};
    memset(s, 0, sizeof *s);
    s->v = v;
    s->n = n;
    s->cap = cap;
    s->slot = slot;
    s->lo = INT64_MAX;
    s->hi = INT64_MIN;
    return nsq_parscan(ctx->x, &r, ev_row, s, &ctx->err);
}

/* *pv, *pnv: the processes the api and nvtx scans found (the caller frees them) */
static int emit_processes(nsq_ctx *ctx, json *j, int detail, const op_scan *ops, proc_agg **pv,
                          int *pnv, int *pcap)
{
    proc_agg *v = *pv;
    int n = *pnv, cap = *pcap;
    int rc = 0;
    sqlite3_stmt *st = NULL, *th = NULL;
    if (nsq_probe_table(&ctx->x->probe, "OSRT_API")) {
        rc = sqlite3_prepare_v2(ctx->x->db,
                                "SELECT (globalTid >> 24) & 16777215, globalTid & 16777215 "
                                "FROM main.OSRT_API",
                                -1, &st, NULL);
        proc_agg *last = NULL;
        int64_t last_tid = -1;
        while (st && (rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (sqlite3_column_type(st, 0) == SQLITE_NULL)
                continue;
            int64_t pid = sqlite3_column_int64(st, 0), tid = sqlite3_column_int64(st, 1);
            if (!last || last->pid != pid) {
                last = proc_get(&v, &n, &cap, pid);
                last_tid = -1;
            }
            last->n[3]++;
            if (tid != last_tid) {
                proc_tid(last, tid);
                last_tid = tid;
            }
        }
        sqlite3_finalize(st);
        st = NULL;
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    }
    if (rc == SQLITE_OK) {
        for (int i = 0; i < ops->n; i++)
            proc_get(&v, &n, &cap, ops->a[i].pid)->n[1] +=
                ops->a[i].n[0] + ops->a[i].n[1] + ops->a[i].n[2];
        if (n > 1)
            qsort(v, (size_t)n, sizeof *v, cmp_proc);
        rc = sqlite3_prepare_v2(
            ctx->x->db, "SELECT tid, name FROM thread WHERE pid = ?1 ORDER BY tid", -1, &th, NULL);
    }
    if (rc == SQLITE_OK) {
        sqlite3_stmt *pn = NULL;
        rc = sqlite3_prepare_v2(ctx->x->db, "SELECT name FROM process WHERE pid = ?1 LIMIT 1", -1,
                                &pn, NULL);
        /* the default lists the INFO_PROCESSES processes with the most events, in pid order */
        char *keep = xcalloc((size_t)n + 1, 1);
        if (detail || n <= INFO_PROCESSES) {
            memset(keep, 1, (size_t)n);
        } else {
            proc_rank *rk = xcalloc((size_t)n, sizeof *rk);
            for (int i = 0; i < n; i++)
                rk[i] = (proc_rank){proc_events(&v[i]), v[i].pid, i};
            qsort(rk, (size_t)n, sizeof *rk, cmp_rank);
            for (int i = 0; i < INFO_PROCESSES; i++)
                keep[rk[i].i] = 1;
            free(rk);
        }
        json_key(j, "processes");
        json_arr_begin(j);
        for (int i = 0; i < n && rc == SQLITE_OK; i++) {
            if (!keep[i])
                continue;
            json_obj_begin(j);
            json_kv_int(j, "pid", v[i].pid);
            sqlite3_reset(pn);
            sqlite3_bind_int64(pn, 1, v[i].pid);
            if (sqlite3_step(pn) == SQLITE_ROW)
                kv_col(j, "name", pn, 0);
            else
                json_kv_null(j, "name");
            json_kv_int(j, "api_calls", v[i].n[0]);
            json_kv_int(j, "gpu_ops", v[i].n[1]);
            json_kv_int(j, "nvtx_events", v[i].n[2]);
            json_kv_int(j, "osrt_calls", v[i].n[3]);
            json_kv_int(j, "active_threads", v[i].ntids);
            json_key(j, "named_threads");
            json_arr_begin(j);
            sqlite3_reset(th);
            sqlite3_bind_int64(th, 1, v[i].pid);
            int64_t named = 0;
            while (sqlite3_step(th) == SQLITE_ROW) {
                if (named++ >= INFO_NAMED_THREADS && !detail)
                    continue;
                json_obj_begin(j);
                json_kv_int(j, "tid", sqlite3_column_int64(th, 0));
                kv_col(j, "name", th, 1);
                json_obj_end(j);
            }
            json_arr_end(j);
            json_kv_int(j, "named_threads_total", named);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_kv_int(j, "processes_total", n);
        free(keep);
        sqlite3_finalize(pn);
    }
    sqlite3_finalize(th);
    *pv = v;
    *pnv = n;
    *pcap = cap;
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "internal", "process list",
                                    &ctx->err);
    return 0;
}

static void analysis(json *j, const char *name, bool ok, const char *why)
{
    json_obj_begin(j);
    json_kv_str(j, "name", name);
    json_kv_bool(j, "can_run", ok);
    if (ok)
        json_kv_null(j, "reason");
    else
        json_kv_str(j, "reason", why);
    json_obj_end(j);
}

static int cmd_info(nsq_ctx *ctx, void *vopts)
{
    info_opts *o = vopts;
    nsq_export *x = ctx->x;
    nsq_probe *p = &x->probe;
    json *j = &ctx->result;
    op_scan ops;
    ev_scan api, nvtx;
    proc_agg *procs = NULL;
    int nprocs = 0, capprocs = 0;
    if (scan_ops(ctx, &ops) || scan_events(ctx, "api", 0, &procs, &nprocs, &capprocs, &api) ||
        scan_events(ctx, "nvtx", 2, &procs, &nprocs, &capprocs, &nvtx)) {
        free(ops.a);
        for (int i = 0; i < nprocs; i++)
            free(procs[i].tids);
        free(procs);
        return -1;
    }
    int64_t kernels = ops.count[0], memcpys = ops.count[1], memsets = ops.count[2];
    int64_t apis = api.count, nvtxs = nvtx.count;
    int64_t graphs =
        nsq_probe_table(p, "CUPTI_ACTIVITY_KIND_GRAPH_TRACE")
            ? count_of(ctx, "SELECT count(*) FROM main.CUPTI_ACTIVITY_KIND_GRAPH_TRACE")
            : 0;
    int64_t gpu_ops = kernels + memcpys + memsets;
    if (ctx->err.exit_code) {
        free(ops.a);
        for (int i = 0; i < nprocs; i++)
            free(procs[i].tids);
        free(procs);
        return -1;
    }
    int64_t ndev = 0;

    json_obj_begin(&ctx->params);
    json_kv_bool(&ctx->params, "counts", !o->no_counts);
    json_kv_bool(&ctx->params, "detail", o->detail != 0);
    json_obj_end(&ctx->params);

    json_obj_begin(j);
    json_key(j, "export");
    json_obj_begin(j);
    json_kv_str(j, "product_name", p->product_name);
    json_kv_str(j, "product_version", p->product_version);
    json_kv_str(j, "schema_version", p->schema_version);
    json_kv_str(j, "version_source", p->version_source);
    json_kv_str(j, "version_estimate", p->version_estimate);
    json_kv_str(j, "metadata_table", p->metadata_table);
    json_kv_str(j, "exporter", p->exporter);
    json_kv_str(j, "sqlite_path", x->sqlite_path);
    json_kv_int(j, "file_size_bytes", x->file_size);
    json_obj_end(j);

    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int i = 0; i < ops.n; i++) {
        if (ops.a[i].first < lo)
            lo = ops.a[i].first;
        if (ops.a[i].last > hi)
            hi = ops.a[i].last;
    }
    for (const ev_scan *e = &api; e; e = e == &api ? &nvtx : NULL) {
        if (e->lo < lo)
            lo = e->lo;
        if (e->hi > hi)
            hi = e->hi;
    }
    json_key(j, "time_span");
    if (lo <= hi) {
        json_obj_begin(j);
        json_kv_int(j, "start_ns", lo);
        json_kv_int(j, "end_ns", hi);
        json_kv_int(j, "duration_ns", hi - lo);
        json_kv_str(j, "from", "gpu_op, api and nvtx events");
        json_obj_end(j);
    } else {
        json_null(j);
    }

    json_key(j, "gpu_activity");
    json_obj_begin(j);
    json_kv_bool(j, "present", gpu_ops > 0 || graphs > 0);
    json_kv_int(j, "kernels", kernels);
    json_kv_int(j, "memcpy", memcpys);
    json_kv_int(j, "memset", memsets);
    json_kv_int(j, "graph_launches", graphs);
    json_kv_int(j, "api_calls", apis);
    json_kv_int(j, "nvtx_events", nvtxs);
    json_obj_end(j);

    int64_t known[5] = {kernels, memcpys, memsets, apis, nvtxs};
    if (emit_devices(ctx, j, &ops, &ndev) || emit_gpus(ctx, j) ||
        emit_processes(ctx, j, o->detail, &ops, &procs, &nprocs, &capprocs) ||
        emit_tables(ctx, j, !o->no_counts, known)) {
        free(ops.a);
        for (int i = 0; i < nprocs; i++)
            free(procs[i].tids);
        free(procs);
        return -1;
    }
    free(ops.a);
    for (int i = 0; i < nprocs; i++)
        free(procs[i].tids);
    free(procs);
    json_kv_int(j, "device_count", ndev);

    /* what each analysis command reads, and whether the export holds it */
    int64_t osrt = 0, memev = 0, metrics = 0, ranges = 0;
    if (nsq_probe_table(p, "OSRT_API"))
        osrt = count_of(ctx, "SELECT EXISTS (SELECT 1 FROM main.OSRT_API)");
    if (nsq_probe_table(p, "CUDA_GPU_MEMORY_USAGE_EVENTS"))
        memev = count_of(ctx, "SELECT EXISTS (SELECT 1 FROM main.CUDA_GPU_MEMORY_USAGE_EVENTS)");
    if (nsq_probe_table(p, "GPU_METRICS"))
        metrics = count_of(ctx, "SELECT EXISTS (SELECT 1 FROM main.GPU_METRICS)");
    if (nvtxs > 0)
        ranges = count_of(ctx, "SELECT EXISTS (SELECT 1 FROM nvtx WHERE event_type IN (34, 59, "
                               "60, 70, 71))");
    if (ctx->err.exit_code)
        return -1;
    char no_gpu_why[512] = "";
    if (gpu_ops == 0 && graphs == 0)
        nsq_no_gpu_hint(x, no_gpu_why, sizeof no_gpu_why);
    const char *no_kernels = kernels ? NULL : "the export has no CUDA kernel rows";
    const char *no_gpu =
        gpu_ops ? NULL : "the export has no GPU activity (kernels, memcpy, memset)";
    json_key(j, "analyses");
    json_arr_begin(j);
    analysis(j, "timeline-sql", true, NULL);
    analysis(j, "top-kernels", kernels > 0, no_kernels);
    analysis(j, "idle-gaps", gpu_ops > 0, no_gpu);
    analysis(j, "steady-state", kernels > 0, no_kernels);
    analysis(j, "diff", kernels > 0, no_kernels);
    analysis(j, "gpu-util", gpu_ops > 0, no_gpu);
    analysis(j, "ranks", gpu_ops > 0, no_gpu);
    analysis(j, "export-trace", gpu_ops > 0, no_gpu);
    analysis(j, "memcpy", memcpys + memsets > 0, "the export has no memcpy or memset rows");
    analysis(j, "api", apis > 0,
             "the export has no CUDA runtime/driver API rows (CUDA API tracing was off)");
    analysis(j, "osrt", osrt > 0, "the export has no OS runtime rows (OSRT_API; nsys -t osrt)");
    analysis(j, "nvtx", ranges > 0,
             nvtxs ? "the export's NVTX events hold no range or mark (only names or domains)"
                   : "the export has no NVTX events (nsys -t nvtx and an annotated program)");
    analysis(j, "memory", memev > 0,
             "the export has no CUDA memory usage events (nsys --cuda-memory-usage=true)");
    analysis(j, "gpu-metrics", metrics > 0,
             "the export has no GPU metrics samples (nsys --gpu-metrics-devices)");
    /* these report what there is, and say what is missing in warnings */
    analysis(j, "stats", true, NULL);
    analysis(j, "advise", true, NULL);
    analysis(j, "report", true, NULL);
    json_arr_end(j);
    json_obj_end(j);

    if (!p->product_version)
        nsq_warn(ctx, "version_unknown", "the export records no nsys version%s%s",
                 p->version_estimate ? "; its table layout says " : "",
                 p->version_estimate ? p->version_estimate : "");
    if (gpu_ops == 0 && graphs == 0)
        nsq_warn(ctx, "no_gpu_activity",
                 "no GPU activity was captured (no kernel, memcpy or memset rows), so the GPU "
                 "analyses cannot run: %s%s",
                 no_gpu_why, apis > 0 ? "; api can still answer about the CUDA calls" : "");
    if (graphs > 0)
        nsq_warn(ctx, "graph_kernels_not_traced",
                 "%lld CUDA graph launches were traced as whole graphs: the kernels inside them "
                 "have no kernel rows (capture with --cuda-graph-trace=node to see them)",
                 (long long)graphs);
    if (nsq_probe_table(p, "CUPTI_ACTIVITY_KIND_RUNTIME")) {
        /* count(*) of a table counts its b-tree cells without reading them */
        int64_t bt = count_of(ctx, "SELECT count(*) FROM main.CUPTI_ACTIVITY_KIND_RUNTIME") - apis;
        if (bt > 0)
            nsq_warn(ctx, "api_duplicates_excluded",
                     "%lld runtime-table rows with eventClass other than 0/1 (--cudabacktrace "
                     "copies) are left out of the api view",
                     (long long)bt);
    }
    int64_t bad = ops.bad;
    if (bad > 0)
        nsq_warn(ctx, "bad_intervals", "%lld GPU operations end before they start", (long long)bad);
    if (gpu_ops > 0 && !nsq_probe_table(p, "TARGET_INFO_GPU"))
        nsq_warn(ctx, "no_gpu_table",
                 "TARGET_INFO_GPU is absent: GPUs are identified by CUDA ordinal only");
    return ctx->err.exit_code ? -1 : 0;
}

const nsq_cmd cmd_info_def = {
    "info",
    cmd_info,
    CMD_NEED_EXPORT | CMD_MULTI,
    "nsysql/info",
    1,
    "what is in this export: versions, devices, processes, time span, row counts, analyses",
    "INPUT...",
    info_options,
    sizeof(info_opts),
    NULL,
};
