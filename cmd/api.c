/* nsysql api: CUDA runtime and driver calls by name (base name, version
 * suffixes folded by api_base_name), runtime and driver apart, and the
 * launch calls with the latency to their kernels' start. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/callstats.h"
#include "nsysql/cmd.h"

typedef struct api_opts {
    int64_t limit;
} api_opts;

static const nsq_opt api_options[] = {
    OPT_ENTRY("limit", 0, OPT_INT, api_opts, limit, "N",
              "rows per table by total time (default 0 = all)"),
    OPT_TABLE_END,
};

static void api_defaults(void *p)
{
    api_opts *o = p;
    o->limit = 0;
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

    /* launch latency: kernel start - launch-call end, clipped at 0, per
     * kernel name; the call and the kernel share correlationId within the
     * process (globalPid). */
    static const char *const lkeys[] = {"kernel"};
    nsq_callstats_spec lp = {1, lkeys, NULL, 0, NULL, o->limit, NULL, NULL};
    int64_t lrows, lcalls, ltotal;
    json_key(j, "launch_latency");
    if (run_table(ctx,
                  "SELECT k.short_name, max(0, k.start_ns - a.end_ns) AS lat FROM api a "
                  "JOIN kernel k ON k.correlation_id = a.correlation_id AND k.global_pid = a.global_pid "
                  "WHERE a.start_ns IS NOT NULL AND a.end_ns >= a.start_ns AND k.start_ns IS NOT NULL "
                  "ORDER BY k.short_name, lat",
                  &lp, j, &lrows, &lcalls, &ltotal))
        return -1;
    json_kv_int(j, "launches_matched", lcalls);
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
    CMD_NEED_EXPORT,
    "nsysql/api",
    1,
    "CUDA runtime and driver calls by name: count, total, mean, median, p90, max, share; launch latency",
    "INPUT",
    api_options,
    sizeof(api_opts),
    api_defaults,
};
