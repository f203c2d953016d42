/* nsysql api: CUDA runtime and driver calls by name (base name, version
 * suffixes folded by api_base_name), runtime and driver apart, and the
 * launch calls with the latency to their kernels' start.
 *
 * Two engines give the same document: the fast path (analysis/apicalls.c,
 * one pass per table) and --oracle, SQL with ORDER BY over the portable
 * views and a little C to group the sorted rows (also the answer when the
 * fast path declines an export: see apicalls.h). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/apicalls.h"
#include "nsysql/analysis/callstats.h"
#include "nsysql/analysis/window.h"
#include "nsysql/cmd.h"
#include <stdbool.h>

typedef struct api_opts {
    int64_t limit;
    const char *window;
    const char *pid;
    int oracle;
    int no_launches;
} api_opts;

static const nsq_opt api_options[] = {
    OPT_RANGE("limit", 0, OPT_INT, api_opts, limit, "N",
              "rows per table by total time (default 10; 0 = all; summary.rows_left_out says when "
              "rows were left out)",
              OPTF_MIN, 0, 0),
    OPT_ENTRY("window", 0, OPT_STR, api_opts, window, "SPEC",
              "all (default), steady, START_NS:END_NS or nvtx:NAME[#K]; a call counts when it "
              "overlaps the window, with its whole duration"),
    OPT_ENTRY("pid", 0, OPT_STR, api_opts, pid, "N", "only the calls of this process"),
    OPT_ENTRY(
        "no-launches", 0, OPT_BOOL, api_opts, no_launches, NULL,
        "skip launch latency and queue depth (null in the result): no correlationId map, and the "
        "GPU-op tables are read only when there are synchronising calls"),
    OPT_ENTRY("oracle", 0, OPT_BOOL, api_opts, oracle, NULL,
              "compute through SQL (ORDER BY over the views) instead of the fast path"),
    OPT_TABLE_END,
};

/* The calls counted, as SQL over the api view aliased `a` (integers only). */
static void call_cond(char *buf, size_t n, const nsq_api_opts *o)
{
    int k = snprintf(
        buf, n,
        "a.start_ns IS NOT NULL AND a.end_ns >= a.start_ns AND (CASE WHEN a.start_ns = a.end_ns "
        "THEN a.start_ns >= %" PRId64 " AND a.start_ns <= %" PRId64 " ELSE a.start_ns < %" PRId64
        " AND a.end_ns > %" PRId64 " END)",
        o->start_ns, o->end_ns, o->end_ns, o->start_ns);
    if (o->has_pid && k > 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, " AND a.pid = %" PRId64, o->pid);
}

/* Synchronising calls (nsq_api_sync_calls, the fast path's list) matched on
 * the base name with a _ptsz/_ptds suffix removed. */
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
    int rc =
        sqlite3_prepare_v2(ctx->x->db,
                           "SELECT global_pid, start_ns, end_ns FROM gpu_op WHERE start_ns IS NOT "
                           "NULL AND end_ns > start_ns ORDER BY global_pid, start_ns",
                           -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "gpu busy",
                                    &ctx->err);
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
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "gpu busy",
                                    &ctx->err);
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
static int sync_calls(nsq_ctx *ctx, const char *cond, json *j, int64_t *idle_all)
{
    busy_set *b = NULL;
    int64_t nb = 0;
    int ret = -1;
    sqlite3_stmt *st = NULL;
    *idle_all = 0;
    if (load_busy(ctx, &b, &nb))
        goto done;
    strbuf list = STRBUF_INIT;
    for (int i = 0; nsq_api_sync_calls[i]; i++)
        sb_addf(&list, "%s'%s'", i ? "," : "", nsq_api_sync_calls[i]);
    char *sql = sqlite3_mprintf(
        "SELECT a.api_kind, " SYNC_BASE " AS sname, a.global_pid, a.start_ns, a.end_ns "
        "FROM api a WHERE %s AND a.name_id IN "
        "(SELECT id FROM (SELECT id, api_base_name(value) AS base_name FROM StringIds) "
        "WHERE " SYNC_BASE " IN (%s)) ORDER BY a.api_kind, sname",
        cond, list.buf);
    sb_release(&list);
    int rc = sqlite3_prepare_v2(ctx->x->db, sql, -1, &st, NULL);
    sqlite3_free(sql);
    if (rc != SQLITE_OK) {
        nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "sync calls",
                             &ctx->err);
        goto done;
    }
    json_arr_begin(j);
    char kind[16] = "", name[64] = "";
    int64_t n = 0, tot = 0, idle = 0;
    bool have = false;
    for (;;) {
        rc = sqlite3_step(st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
            nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "sync calls",
                                 &ctx->err);
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
            json_kv_double(j, "pct_of_call_time_gpu_idle",
                           tot > 0 ? 100.0 * (double)idle / (double)tot : NAN);
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
static int queue_depth(nsq_ctx *ctx, const char *cond, json *j)
{
    sqlite3_stmt *st = NULL;
    char *sql = sqlite3_mprintf(
        "WITH k AS MATERIALIZED (SELECT correlation_id, global_pid, start_ns FROM kernel) "
        "SELECT a.global_pid, a.end_ns, k.start_ns FROM api a JOIN k ON "
        "k.correlation_id = a.correlation_id AND k.global_pid = a.global_pid "
        "WHERE %s AND k.start_ns IS NOT NULL ORDER BY a.global_pid, a.end_ns, k.start_ns",
        cond);
    int rc = sqlite3_prepare_v2(ctx->x->db, sql, -1, &st, NULL);
    sqlite3_free(sql);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "queue depth",
                                    &ctx->err);
    /* pending kernel starts of the current process, kept sorted (a heap
     * would do; launches mostly arrive in start order so appends dominate).
     * Launches whose calls end at the same time form one group: all of them
     * are inserted before the depth is taken, so they share it. */
    int64_t *pend = NULL, np = 0, cap = 0, head = 0;
    int64_t launches = 0, sum = 0, mx = 0, gp = 0, ct = 0, cn = 0;
    bool first = true;
    for (;;) {
        rc = sqlite3_step(st);
        int64_t g = 0, t = 0, ks = 0;
        if (rc == SQLITE_ROW) {
            g = sqlite3_column_int64(st, 0);
            t = sqlite3_column_int64(st, 1);
            ks = sqlite3_column_int64(st, 2);
        }
        if (cn && (rc != SQLITE_ROW || g != gp || t != ct)) {
            while (head < np && pend[head] <= ct)
                head++;
            int64_t d = np - head;
            launches += cn;
            sum += d * cn;
            if (d > mx)
                mx = d;
            cn = 0;
        }
        if (rc != SQLITE_ROW)
            break;
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
        ct = t;
        cn++;
    }
    sqlite3_finalize(st);
    free(pend);
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "queue depth",
                                    &ctx->err);
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
        return nsq_export_sql_error(ctx->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "api",
                                    &ctx->err);
    rc = nsq_callstats_emit(ctx->x, st, sp, j, rows, calls, total, &ctx->err);
    sqlite3_finalize(st);
    return rc;
}

/* The oracle: SQL over the views, the sorted rows grouped in C. */
static int api_oracle(nsq_ctx *ctx, const api_opts *o, const nsq_api_opts *ao)
{
    char cond[512];
    call_cond(cond, sizeof cond, ao);
    int64_t api_total = 0, bad = 0;
    char *q1 = sqlite3_mprintf("SELECT sum(a.dur_ns) FROM api a WHERE %s", cond);
    int bad_q = nsq_query_int64(ctx->x->db, q1, 0, &api_total) ||
                nsq_query_int64(ctx->x->db,
                                "SELECT count(*) FROM api WHERE start_ns IS NULL OR end_ns IS NULL "
                                "OR end_ns < start_ns",
                                0, &bad);
    sqlite3_free(q1);
    if (bad_q)
        return nsq_export_sql_error(ctx->x, sqlite3_errcode(ctx->x->db), NSQ_EXIT_INTERNAL,
                                    "query_failed", "api totals", &ctx->err);
    json *j = &ctx->result;
    json_obj_begin(j);
    static const char *const keys[] = {"api_kind", "name"};
    nsq_callstats_spec sp = {2, keys, NULL, api_total, "pct_of_api_time", o->limit, NULL, NULL};
    int64_t rows, calls, total;
    json_key(j, "calls");
    char *sql = sqlite3_mprintf("SELECT a.api_kind, a.base_name, a.dur_ns FROM api a WHERE %s "
                                "ORDER BY a.api_kind, a.base_name, a.dur_ns",
                                cond);
    int rc = run_table(ctx, sql, &sp, j, &rows, &calls, &total);
    sqlite3_free(sql);
    if (rc)
        return -1;
    json_kv_int(j, "names", rows);
    json_kv_int(j, "calls_total", calls);
    json_kv_int(j, "api_time_ns", total);
    json_kv_int(j, "bad_rows", bad);
    /* launch latency: kernel start - launch-call end, clipped at 0, per
     * kernel name; the call and the kernel share correlationId within the
     * process (globalPid). The kernel rows are materialised so that SQLite
     * indexes them for the join (through the views it would rescan them). */
    static const char *const lkeys[] = {"kernel"};
    nsq_callstats_spec lp = {1, lkeys, NULL, 0, NULL, o->limit, NULL, NULL};
    int64_t lrows, lcalls, ltotal;
    json_key(j, "launch_latency");
    if (o->no_launches) {
        json_null_value(j);
        json_kv_null(j, "launch_latency_total");
        json_kv_null(j, "launches_matched");
        json_kv_null(j, "queue_depth");
        goto syncs;
    }
    sql = sqlite3_mprintf(
        "WITH k AS MATERIALIZED (SELECT correlation_id, global_pid, start_ns, short_name FROM "
        "kernel) "
        "SELECT k.short_name, max(0, k.start_ns - a.end_ns) AS lat FROM api a "
        "JOIN k ON k.correlation_id = a.correlation_id AND k.global_pid = a.global_pid "
        "WHERE %s AND k.start_ns IS NOT NULL ORDER BY k.short_name, lat",
        cond);
    rc = run_table(ctx, sql, &lp, j, &lrows, &lcalls, &ltotal);
    sqlite3_free(sql);
    if (rc)
        return -1;
    json_kv_int(j, "launch_latency_total", lrows);
    json_kv_int(j, "launches_matched", lcalls);
    json_key(j, "queue_depth");
    if (queue_depth(ctx, cond, j))
        return -1;
syncs:;
    int64_t idle_all = 0;
    json_key(j, "sync_calls");
    if (sync_calls(ctx, cond, j, &idle_all))
        return -1;
    json_kv_int(j, "sync_gpu_idle_covered_ns", idle_all);
    json_obj_end(j);
    if (calls == 0)
        nsq_warn(
            ctx, "no_api_calls",
            "no CUDA runtime or driver call is counted: the tables are empty, or nothing is in the "
            "window and passes the filters");
    if (bad)
        nsq_warn(ctx, "bad_rows", "%lld API rows have no start/end or end < start; left out",
                 (long long)bad);
    return 0;
}

static void stats_fields(json *j, const nsq_stats *s)
{
    json_kv_int(j, "count", s->n);
    json_kv_int(j, "total_ns", s->total);
    json_kv_int(j, "mean_ns", s->mean);
    json_kv_int(j, "median_ns", s->median);
    json_kv_int(j, "p90_ns", s->p90);
    json_kv_int(j, "max_ns", s->max);
}

static void kv_str_or_null(json *j, const char *k, const char *v)
{
    if (v)
        json_kv_str(j, k, v);
    else
        json_kv_null(j, k);
}

static void api_json(json *j, const nsq_api_result *r, int64_t limit, bool launches)
{
    json_obj_begin(j);
    json_key(j, "calls");
    json_arr_begin(j);
    for (int64_t i = 0; i < r->ncalls && (!limit || i < limit); i++) {
        const nsq_api_row *c = &r->calls[i];
        json_obj_begin(j);
        json_kv_str(j, "api_kind", c->kind);
        kv_str_or_null(j, "name", c->name);
        stats_fields(j, &c->s);
        json_kv_double(j, "pct_of_api_time",
                       r->api_time_ns > 0 ? 100.0 * (double)c->s.total / (double)r->api_time_ns
                                          : NAN);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_kv_int(j, "names", r->ncalls);
    json_kv_int(j, "calls_total", r->calls_total);
    json_kv_int(j, "api_time_ns", r->api_time_ns);
    json_kv_int(j, "bad_rows", r->bad_rows);
    if (!launches) {
        json_kv_null(j, "launch_latency");
        json_kv_null(j, "launch_latency_total");
        json_kv_null(j, "launches_matched");
        json_kv_null(j, "queue_depth");
    } else {
        json_key(j, "launch_latency");
        json_arr_begin(j);
        for (int64_t i = 0; i < r->nlatency && (!limit || i < limit); i++) {
            json_obj_begin(j);
            kv_str_or_null(j, "kernel", r->latency[i].name);
            stats_fields(j, &r->latency[i].s);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_kv_int(j, "launch_latency_total", r->nlatency);
        json_kv_int(j, "launches_matched", r->launches_matched);
        json_key(j, "queue_depth");
        json_obj_begin(j);
        json_kv_int(j, "launches", r->qd_launches);
        if (r->qd_launches)
            json_kv_double(j, "mean", (double)r->qd_sum / (double)r->qd_launches);
        else
            json_kv_null(j, "mean");
        json_kv_int(j, "max", r->qd_max);
        json_obj_end(j);
    }
    json_key(j, "sync_calls");
    json_arr_begin(j);
    for (int64_t i = 0; i < r->nsync; i++) {
        const nsq_api_row *c = &r->sync[i];
        json_obj_begin(j);
        json_kv_str(j, "api_kind", c->kind);
        json_kv_str(j, "name", c->name);
        json_kv_int(j, "count", c->s.n);
        json_kv_int(j, "total_ns", c->s.total);
        json_kv_int(j, "gpu_idle_covered_ns", c->idle_ns);
        json_kv_double(j, "pct_of_call_time_gpu_idle",
                       c->s.total > 0 ? 100.0 * (double)c->idle_ns / (double)c->s.total : NAN);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_kv_int(j, "sync_gpu_idle_covered_ns", r->sync_idle_ns);
    json_obj_end(j);
}

/* --format table|md|csv: the calls table (csv: the calls alone). */
static void api_text(strbuf *sb, const nsq_api_result *r, int64_t limit, const char *fmt,
                     bool launches)
{
    static const char *const hdr[] = {"kind",      "count",  "total_ns",        "mean_ns",
                                      "median_ns", "p90_ns", "pct_of_api_time", "name"};
    if (strcmp(fmt, "csv")) {
        sb_addf(sb, "api  calls %lld  names %lld  api time %lld ns", (long long)r->calls_total,
                (long long)r->ncalls, (long long)r->api_time_ns);
        if (launches)
            sb_addf(sb, "  launches %lld", (long long)r->launches_matched);
        sb_addf(sb, "  sync idle %lld ns\n", (long long)r->sync_idle_ns);
    }
    for (size_t i = 0; i < sizeof hdr / sizeof *hdr; i++)
        sb_cell(sb, fmt, i == 0, hdr[i]);
    sb_endrow(sb, fmt);
    if (!strcmp(fmt, "md")) {
        for (size_t i = 0; i < sizeof hdr / sizeof *hdr; i++)
            sb_addstr(sb, i ? " --- |" : "| --- |");
        sb_addch(sb, '\n');
    }
    for (int64_t i = 0; i < r->ncalls && (!limit || i < limit); i++) {
        const nsq_api_row *c = &r->calls[i];
        char b[64];
        sb_cell(sb, fmt, true, c->kind);
        const int64_t v[] = {c->s.n, c->s.total, c->s.mean, c->s.median, c->s.p90};
        for (size_t k = 0; k < sizeof v / sizeof *v; k++) {
            snprintf(b, sizeof b, "%lld", (long long)v[k]);
            sb_cell(sb, fmt, false, b);
        }
        snprintf(b, sizeof b, "%.2f",
                 r->api_time_ns ? 100.0 * (double)c->s.total / (double)r->api_time_ns : 0.0);
        sb_cell(sb, fmt, false, b);
        sb_cell(sb, fmt, false, c->name ? c->name : "");
        sb_endrow(sb, fmt);
    }
}

static bool is_int(const char *s)
{
    int64_t v;
    return s && nsq_scope_parse_i64(s, &v) == 0;
}

static int cmd_api(nsq_ctx *ctx, void *vopts)
{
    api_opts *o = vopts;
    if (o->limit < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--limit must be >= 0");
    if (o->pid && !is_int(o->pid))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--pid must be an integer, got '%s'", o->pid);
    nsq_window w;
    if (nsq_window_resolve_lazy(&w, ctx->x, o->window, &ctx->err))
        return -1;
    nsq_api_opts ao = {nsq_window_lo(&w), nsq_window_hi(&w), o->pid != NULL,
                       o->pid ? strtoll(o->pid, NULL, 10) : 0, o->no_launches != 0};
    nsq_api_result r;
    int rc = o->oracle ? NSQ_API_NOT_FAST : nsq_api_fast(ctx->x, &ao, &r, &ctx->err);
    if (rc < 0)
        goto done;
    bool fast = rc == 0;
    json *p = &ctx->params;
    json_obj_begin(p);
    json_kv_int(p, "limit", o->limit);
    json_key(p, "window");
    nsq_window_params_json(p, &w);
    if (o->pid)
        json_kv_int(p, "pid", ao.pid);
    else
        json_kv_null(p, "pid");
    json_kv_bool(p, "launches", !o->no_launches);
    json_kv_str(p, "engine", fast ? "fast" : "sql");
    json_obj_end(p);
    if (!fast) {
        if (!o->oracle)
            nsq_warn(ctx, "slow_path",
                     "the correlation ids of this export do not fit the fast path (an id shared by "
                     "two calls "
                     "of a process, or ids spread too thinly): answered through SQL");
        if (strcmp(ctx->format, "json")) {
            rc =
                nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_format",
                          "--format %s needs the fast path; use the JSON output here", ctx->format);
            goto done;
        }
        rc = api_oracle(ctx, o, &ao);
        goto done;
    }
    if (strcmp(ctx->format, "json"))
        api_text(&ctx->text, &r, o->limit, ctx->format, !o->no_launches);
    else
        api_json(&ctx->result, &r, o->limit, !o->no_launches);
    if (r.calls_total == 0)
        nsq_warn_text(
            ctx, "no_api_calls",
            "no CUDA runtime or driver call is counted: the tables are empty, or nothing is in the "
            "window and passes the filters");
    if (r.bad_rows)
        nsq_warn_text(ctx, "bad_rows", "%lld API rows have no start/end or end < start; left out",
                      (long long)r.bad_rows);
    nsq_api_release(&r);
    rc = 0;
done:
    nsq_window_release(&w);
    return rc;
}

static void api_defaults(void *p)
{
    ((api_opts *)p)->limit = 10;
}

const nsq_cmd cmd_api_def = {
    "api",
    cmd_api,
    CMD_NEED_EXPORT | CMD_MULTI | CMD_FORMATS,
    "nsysql/api",
    1,
    "CUDA runtime and driver calls by name: count, total, mean, median, p90, max, share; launch "
    "latency",
    "INPUT",
    api_options,
    sizeof(api_opts),
    api_defaults,
};
