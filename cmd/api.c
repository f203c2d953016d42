/* nsysql api: CUDA runtime and driver calls by name (base name, version
 * suffixes folded by api_base_name), runtime and driver apart, and the
 * launch calls with the latency to their kernels' start. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/callstats.h"
#include "nsysql/cmd.h"
#include <stdbool.h>

typedef struct api_opts {
    int64_t limit;
} api_opts;

static const nsq_opt api_options[] = {
    OPT_ENTRY("limit", 0, OPT_INT, api_opts, limit, "N",
              "rows per table by total time (default 0 = all)"),
    OPT_TABLE_END,
};



/* Synchronising calls: the host waits for the device (explicit syncs, and the
 * synchronous copies and sets). Matched on the base name with a _ptsz/_ptds
 * suffix removed. */
#define SYNC_LIST                                                                                  \
    "'cudaDeviceSynchronize','cudaStreamSynchronize','cudaEventSynchronize',"                      \
    "'cudaThreadSynchronize','cudaMemcpy','cudaMemcpy2D','cudaMemcpy3D','cudaMemcpyToSymbol',"     \
    "'cudaMemcpyFromSymbol','cudaMemcpyPeer','cudaMemset','cudaMemset2D','cudaMemset3D',"          \
    "'cuCtxSynchronize','cuStreamSynchronize','cuEventSynchronize','cuMemcpy','cuMemcpyDtoH',"     \
    "'cuMemcpyHtoD','cuMemcpyDtoD','cuMemcpy2D','cuMemcpy3D','cuMemcpyPeer','cuMemsetD8',"         \
    "'cuMemsetD16','cuMemsetD32'"
#define SYNC_BASE                                                                                  \
    "(CASE WHEN base_name GLOB '*_pt[sd][sz]' THEN substr(base_name, 1, length(base_name) - 5) "   \
    "ELSE base_name END)"

typedef struct iv {
    int64_t s, e;
} iv;

typedef struct busy_set {
    int64_t gpid;
    iv *v;
    int64_t n;
} busy_set;

/* GPU busy intervals (kernel, memcpy, memset on any device) merged per
 * process: ordered by process, then start. */
static int load_busy(nsq_ctx *ctx, busy_set **out, int64_t *nout)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(ctx->x->db,
                                "SELECT global_pid, start_ns, end_ns FROM gpu_op WHERE start_ns IS NOT "
                                "NULL AND end_ns > start_ns ORDER BY global_pid, start_ns",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "gpu busy", &ctx->err);
    busy_set *b = NULL;
    int64_t nb = 0, cap = 0, capv = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t g = sqlite3_column_int64(st, 0), s = sqlite3_column_int64(st, 1),
                e = sqlite3_column_int64(st, 2);
        if (!nb || b[nb - 1].gpid != g) {
            if (nb == cap) {
                cap = cap ? 2 * cap : 8;
                b = realloc(b, (size_t)cap * sizeof *b);
                if (!b)
                    abort();
            }
            b[nb].gpid = g;
            b[nb].v = NULL;
            b[nb].n = 0;
            nb++;
            capv = 0;
        }
        busy_set *cur = &b[nb - 1];
        if (cur->n && s <= cur->v[cur->n - 1].e) {
            if (e > cur->v[cur->n - 1].e)
                cur->v[cur->n - 1].e = e;
            continue;
        }
        if (cur->n == capv) {
            capv = capv ? 2 * capv : 256;
            cur->v = realloc(cur->v, (size_t)capv * sizeof *cur->v);
            if (!cur->v)
                abort();
        }
        cur->v[cur->n++] = (iv){s, e};
    }
    sqlite3_finalize(st);
    *out = b;
    *nout = nb;
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "gpu busy", &ctx->err);
    return 0;
}

/* Busy time of `b` inside [s, e). */
static int64_t busy_in(const busy_set *b, int64_t s, int64_t e)
{
    int64_t lo = 0, hi = b->n; /* first interval with end > s */
    while (lo < hi) {
        int64_t m = lo + (hi - lo) / 2;
        if (b->v[m].e <= s)
            lo = m + 1;
        else
            hi = m;
    }
    int64_t t = 0;
    for (int64_t i = lo; i < b->n && b->v[i].s < e; i++) {
        int64_t a = b->v[i].s > s ? b->v[i].s : s, z = b->v[i].e < e ? b->v[i].e : e;
        if (z > a)
            t += z - a;
    }
    return t;
}

static const busy_set *find_busy(const busy_set *b, int64_t n, int64_t gpid)
{
    for (int64_t i = 0; i < n; i++)
        if (b[i].gpid == gpid)
            return &b[i];
    return NULL;
}

/* sync_calls: per (kind, name) of the synchronising calls, count, total and
 * the GPU idle time they cover. */
static int sync_calls(nsq_ctx *ctx, json *j, int64_t *idle_all)
{
    busy_set *b = NULL;
    int64_t nb = 0;
    int ret = -1;
    sqlite3_stmt *st = NULL;
    *idle_all = 0;
    if (load_busy(ctx, &b, &nb))
        goto done;
    int rc = sqlite3_prepare_v2(ctx->x->db,
                                "SELECT api_kind, " SYNC_BASE " AS sname, global_pid, start_ns, end_ns "
                                "FROM api WHERE start_ns IS NOT NULL AND end_ns >= start_ns AND name_id IN "
                                "(SELECT id FROM (SELECT id, api_base_name(value) AS base_name FROM StringIds) "
                                "WHERE " SYNC_BASE " IN (" SYNC_LIST ")) ORDER BY api_kind, sname",
                                -1, &st, NULL);
    if (rc != SQLITE_OK) {
        nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "sync calls", &ctx->err);
        goto done;
    }
    json_arr_begin(j);
    char kind[16] = "", name[64] = "";
    int64_t n = 0, tot = 0, idle = 0;
    bool have = false;
    for (;;) {
        rc = sqlite3_step(st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
            nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "sync calls", &ctx->err);
            goto done;
        }
        const char *k = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
        const char *nm = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 1) : NULL;
        if (have && (rc == SQLITE_DONE || strcmp(k ? k : "", kind) || strcmp(nm ? nm : "", name))) {
            json_obj_begin(j);
            json_kv_str(j, "api_kind", kind);
            json_kv_str(j, "name", name);
            json_kv_int(j, "count", n);
            json_kv_int(j, "total_ns", tot);
            json_kv_int(j, "gpu_idle_covered_ns", idle);
            if (tot > 0)
                json_kv_double(j, "pct_of_call_time_gpu_idle", 100.0 * (double)idle / (double)tot);
            else
                json_kv_null(j, "pct_of_call_time_gpu_idle");
            json_obj_end(j);
            *idle_all += idle;
            n = tot = idle = 0;
            have = false;
        }
        if (rc == SQLITE_DONE)
            break;
        if (!have) {
            snprintf(kind, sizeof kind, "%s", k ? k : "");
            snprintf(name, sizeof name, "%s", nm ? nm : "");
            have = true;
        }
        int64_t g = sqlite3_column_int64(st, 2), s = sqlite3_column_int64(st, 3),
                e = sqlite3_column_int64(st, 4);
        const busy_set *bs = find_busy(b, nb, g);
        n++;
        tot += e - s;
        idle += (e - s) - (bs ? busy_in(bs, s, e) : 0);
    }
    json_arr_end(j);
    ret = 0;
done:
    sqlite3_finalize(st);
    for (int64_t i = 0; i < nb; i++)
        free(b[i].v);
    free(b);
    return ret;
}

/* Queue depth at each launch call: the process's kernels whose launch call
 * ended at or before this call's end and that had not started by then (this
 * launch's own kernel included when it starts later). */
static int queue_depth(nsq_ctx *ctx, json *j)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(ctx->x->db,
                                "WITH k AS MATERIALIZED (SELECT correlation_id, global_pid, start_ns FROM kernel) "
                                "SELECT a.global_pid, a.end_ns, k.start_ns FROM api a JOIN k ON "
                                "k.correlation_id = a.correlation_id AND k.global_pid = a.global_pid "
                                "WHERE a.start_ns IS NOT NULL AND a.end_ns >= a.start_ns AND k.start_ns IS "
                                "NOT NULL ORDER BY a.global_pid, a.end_ns, k.start_ns",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "queue depth", &ctx->err);
    /* pending kernel starts of the current process, kept sorted (a heap
     * would do; launches mostly arrive in start order so appends dominate) */
    int64_t *pend = NULL, np = 0, cap = 0, head = 0;
    int64_t launches = 0, sum = 0, mx = 0, gp = 0;
    bool first = true;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t g = sqlite3_column_int64(st, 0), t = sqlite3_column_int64(st, 1),
                ks = sqlite3_column_int64(st, 2);
        if (first || g != gp) {
            np = head = 0;
            gp = g;
            first = false;
        }
        if (np == cap) {
            if (head > 0) {
                memmove(pend, pend + head, (size_t)(np - head) * sizeof *pend);
                np -= head;
                head = 0;
            }
            if (np == cap) {
                cap = cap ? 2 * cap : 1024;
                pend = realloc(pend, (size_t)cap * sizeof *pend);
                if (!pend)
                    abort();
            }
        }
        /* insert ks keeping pend[head..np) sorted */
        int64_t i = np;
        while (i > head && pend[i - 1] > ks) {
            pend[i] = pend[i - 1];
            i--;
        }
        pend[i] = ks;
        np++;
        while (head < np && pend[head] <= t)
            head++;
        int64_t d = np - head;
        launches++;
        sum += d;
        if (d > mx)
            mx = d;
    }
    sqlite3_finalize(st);
    free(pend);
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "queue depth", &ctx->err);
    json_obj_begin(j);
    json_kv_int(j, "launches", launches);
    if (launches)
        json_kv_double(j, "mean", (double)sum / (double)launches);
    else
        json_kv_null(j, "mean");
    json_kv_int(j, "max", mx);
    json_obj_end(j);
    return 0;
}

static int run_table(nsq_ctx *ctx, const char *sql, const nsq_callstats_spec *sp, json *j,
                     int64_t *rows, int64_t *calls, int64_t *total)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(ctx->x->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "api", &ctx->err);
    rc = nsq_callstats_emit(ctx->x, st, sp, j, rows, calls, total, &ctx->err);
    sqlite3_finalize(st);
    return rc;
}

static int cmd_api(nsq_ctx *ctx, void *vopts)
{
    api_opts *o = vopts;
    if (o->limit < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--limit must be >= 0");
    int64_t api_total = 0, bad = 0;
    if (nsq_query_int64(ctx->x->db,
                        "SELECT sum(dur_ns) FROM api WHERE start_ns IS NOT NULL AND end_ns >= start_ns",
                        0, &api_total) ||
        nsq_query_int64(ctx->x->db,
                        "SELECT count(*) FROM api WHERE start_ns IS NULL OR end_ns IS NULL OR end_ns < start_ns",
                        0, &bad))
        return nsq_export_sql_error(ctx->x, sqlite3_errcode(ctx->x->db), NSQ_EXIT_INTERNAL,
                                    "query_failed", "api totals", &ctx->err);

    json *p = &ctx->params;
    json_obj_begin(p);
    json_kv_int(p, "limit", o->limit);
    json_kv_str(p, "engine", "sql");
    json_obj_end(p);

    json *j = &ctx->result;
    json_obj_begin(j);
    static const char *const keys[] = {"api_kind", "name"};
    nsq_callstats_spec sp = {2, keys, NULL, api_total, "pct_of_api_time", o->limit, NULL, NULL};
    int64_t rows, calls, total;
    json_key(j, "calls");
    if (run_table(ctx,
                  "SELECT api_kind, base_name, dur_ns FROM api WHERE start_ns IS NOT NULL AND "
                  "end_ns >= start_ns ORDER BY api_kind, base_name, dur_ns",
                  &sp, j, &rows, &calls, &total))
        return -1;
    json_kv_int(j, "names", rows);
    json_kv_int(j, "calls_total", calls);
    json_kv_int(j, "api_time_ns", total);
    json_kv_int(j, "bad_rows", bad);

    /* (the kernel rows are materialised so that SQLite indexes them for the
     * join: through the views it would rescan them per call) */
    /* launch latency: kernel start - launch-call end, clipped at 0, per
     * kernel name; the call and the kernel share correlationId within the
     * process (globalPid). */
    static const char *const lkeys[] = {"kernel"};
    nsq_callstats_spec lp = {1, lkeys, NULL, 0, NULL, o->limit, NULL, NULL};
    int64_t lrows, lcalls, ltotal;
    json_key(j, "launch_latency");
    if (run_table(ctx,
                  "WITH k AS MATERIALIZED (SELECT correlation_id, global_pid, start_ns, short_name FROM kernel) "
                  "SELECT k.short_name, max(0, k.start_ns - a.end_ns) AS lat FROM api a "
                  "JOIN k ON k.correlation_id = a.correlation_id AND k.global_pid = a.global_pid "
                  "WHERE a.start_ns IS NOT NULL AND a.end_ns >= a.start_ns AND k.start_ns IS NOT NULL "
                  "ORDER BY k.short_name, lat",
                  &lp, j, &lrows, &lcalls, &ltotal))
        return -1;
    json_kv_int(j, "launches_matched", lcalls);
    json_key(j, "queue_depth");
    if (queue_depth(ctx, j))
        return -1;
    int64_t idle_all = 0;
    json_key(j, "sync_calls");
    if (sync_calls(ctx, j, &idle_all))
        return -1;
    json_kv_int(j, "sync_gpu_idle_covered_ns", idle_all);
    json_obj_end(j);
    if (calls == 0)
        nsq_warn(ctx, "no_api_calls",
                 "the export records no CUDA runtime or driver call: the tables are empty");
    if (bad)
        nsq_warn(ctx, "bad_rows", "%lld API rows have no start/end or end < start; left out",
                 (long long)bad);
    return 0;
}

const nsq_cmd cmd_api_def = {
    "api",
    cmd_api,
    CMD_NEED_EXPORT | CMD_MULTI,
    "nsysql/api",
    1,
    "CUDA runtime and driver calls by name: count, total, mean, median, p90, max, share; launch latency",
    "INPUT",
    api_options,
    sizeof(api_opts),
    NULL,
};
