/* nsysql memcpy: GPU memory copies and memsets per device by kind, size
 * bucket, host memory (pageable/pinned) and sync/async launching call, with
 * achieved throughput against the device's memory bandwidth. The work is in
 * src/analysis/memops.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/memops.h"
#include "nsysql/analysis/window.h"
#include "nsysql/cmd.h"

typedef struct mc_opts {
    const char *window;
    const char *pid;
    const char *stream;
    int oracle;
    int detail;
} mc_opts;

/* Up to this many devices the default lists each device's breakdowns; past
 * it, each device's totals (eight devices' breakdowns were 27 KB of JSON). */
#define MC_DEVICES_DETAILED 2

static const nsq_opt mc_options[] = {
    OPT_ENTRY("window", 0, OPT_STR, mc_opts, window, "SPEC",
              "all (default), steady, START_NS:END_NS or nvtx:NAME[#K]; an op counts when it "
              "overlaps the window, with its whole duration"),
    OPT_ENTRY("pid", 0, OPT_STR, mc_opts, pid, "N", "only this process"),
    OPT_ENTRY("stream", 0, OPT_STR, mc_opts, stream, "N", "only this stream"),
    OPT_ENTRY("oracle", 0, OPT_BOOL, mc_opts, oracle, NULL,
              "compute with the plain-SQL query memops instead of the fast path"),
    OPT_ENTRY("detail", 0, OPT_BOOL, mc_opts, detail, NULL,
              "every device's breakdowns (by kind, size, host memory, call) on any number of "
              "devices; by default they are listed on one or two devices and on more each "
              "device's totals only (summary.rows_left_out says what was left out)"),
    OPT_TABLE_END,
};

static bool is_int(const char *s)
{
    int64_t v;
    return s && nsq_scope_parse_i64(s, &v) == 0;
}

static void add_warnings(nsq_ctx *ctx, const nsq_mem_result *r)
{
    if (!r->have_memcpy_table && !r->have_memset_table)
        nsq_warn_text(ctx, "no_memory_tables",
                      "the export has no CUPTI_ACTIVITY_KIND_MEMCPY or MEMSET table (CUDA memory "
                      "operations were not traced): the result is empty");
    if (r->bad_rows)
        nsq_warn_text(ctx, "bad_rows",
                      "%lld memcpy/memset rows have no start/end or end < start; they are left out",
                      (long long)r->bad_rows);
    if (r->ng == 0 && (r->have_memcpy_table || r->have_memset_table))
        nsq_warn_text(ctx, "no_memory_ops_selected",
                      "no memory operation is in the window and passes the filters");
    for (int i = 0; i < r->ng; i++)
        if (!strcmp(r->g[i].grouping, "call") && !strcmp(r->g[i].key, "none")) {
            nsq_warn_text(ctx, "no_launching_call",
                          "%lld ops have no correlated runtime/driver call (unified-memory "
                          "migrations, or API tracing off): their call is 'none'",
                          (long long)r->g[i].count);
            break;
        }
}

static int cmd_memcpy(nsq_ctx *ctx, void *vopts)
{
    mc_opts *o = vopts;
    nsq_window w;
    nsq_mem_result r;
    int rc = -1;
    bool have_window = false;
    memset(&w, 0, sizeof w);

    if (o->pid && !is_int(o->pid))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--pid must be an integer, got '%s'", o->pid);
    if (o->stream && !is_int(o->stream))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--stream must be an integer, got '%s'", o->stream);
    if (nsq_window_resolve_lazy(&w, ctx->x, o->window, &ctx->err))
        return -1;
    have_window = true;
    nsq_mem_opts mo = {.start_ns = nsq_window_lo(&w),
                       .end_ns = nsq_window_hi(&w),
                       .pid = o->pid,
                       .stream = o->stream,
                       .oracle = o->oracle != 0,
                       .sums_only = ctx->sums_only};
    if (nsq_mem_run(&r, ctx->x, &mo, &ctx->err))
        goto done;

    nsq_use_query(ctx, "memops", 1);
    json *p = &ctx->params;
    json_obj_begin(p);
    json_key(p, "window");
    nsq_window_params_json(p, &w);
    if (o->pid)
        json_kv_int(p, "pid", strtoll(o->pid, NULL, 10));
    else
        json_kv_null(p, "pid");
    if (o->stream)
        json_kv_int(p, "stream", strtoll(o->stream, NULL, 10));
    else
        json_kv_null(p, "stream");
    json_kv_str(p, "engine", o->oracle ? "sql" : "fast");
    bool totals_only = !o->detail && r.ndev > MC_DEVICES_DETAILED;
    json_kv_bool(p, "detail", !totals_only);
    json_obj_end(p);
    if (strcmp(ctx->format, "json"))
        nsq_mem_text(&ctx->text, &r, ctx->format);
    else
        nsq_mem_json(&ctx->result, &r, totals_only);
    add_warnings(ctx, &r);
    nsq_mem_release(&r);
    rc = 0;
done:
    if (have_window)
        nsq_window_release(&w);
    return rc;
}

const nsq_cmd cmd_memcpy_def = {
    "memcpy",
    cmd_memcpy,
    CMD_NEED_EXPORT | CMD_FORMATS | CMD_MULTI,
    "nsysql/memcpy",
    1,
    "GPU memory copies and memsets per device: by kind, size bucket, pageable/pinned and "
    "sync/async call; count, bytes, time, GB/s against the memory bandwidth",
    "INPUT",
    mc_options,
    sizeof(mc_opts),
    NULL,
};
