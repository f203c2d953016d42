/* nsysql idle-gaps: per-device GPU idle time — union of GPU work, gaps,
 * histogram, the longest gaps with the ops around them and a likely cause.
 * The work is in src/analysis/gaps.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/cmd.h"
#include "nsysql/analysis/gaps.h"
#include "nsysql/analysis/intervals.h"
#include "nsysql/export/query.h"
#include "nsysql/analysis/window.h"

/* By default, up to this many devices --limit counts per device; past it,
 * the devices together. */
#define IG_DEVICES_APART 2

typedef struct ig_opts {
    const char *window;
    const char *device;
    const char *pid;
    const char *stream;
    const char *name;
    const char *exclude;
    int64_t min_gap;
    int64_t limit;
    const char *limit_scope;
    int per_stream;
    int oracle;
} ig_opts;

static const char *const ig_scopes[] = {"device", "all", NULL};
static const nsq_opt ig_options[] = {
    OPT_ENTRY("window", 0, OPT_STR, ig_opts, window, "SPEC",
              "all (default), steady, START_NS:END_NS or nvtx:NAME[#K]; ops are clipped to it"),
    OPT_ENTRY("device", 0, OPT_STR, ig_opts, device, "N",
              "only this device (physical identity, see info)"),
    OPT_ENTRY("pid", 0, OPT_STR, ig_opts, pid, "N", "only this process's GPU work"),
    OPT_ENTRY("stream", 0, OPT_STR, ig_opts, stream, "N", "only this stream's GPU work"),
    OPT_ENTRY("name", 0, OPT_STR, ig_opts, name, "REGEX",
              "only GPU ops whose name matches (kernel short name, 'memcpy HtoD', 'memset')"),
    OPT_ENTRY("exclude", 0, OPT_STR, ig_opts, exclude, "REGEX",
              "leave out GPU ops whose name matches"),
    OPT_RANGE("min-gap", 0, OPT_INT, ig_opts, min_gap, "NS",
              "count, histogram and list only gaps longer than NS (default 0: all)", OPTF_MIN, 0, 0),
    OPT_RANGE("limit", 0, OPT_INT, ig_opts, limit, "N",
              "longest gaps listed (default 5; 0 = all, at most 100000 in all; "
              "summary.rows_left_out says when gaps were left out), per device or of all devices "
              "together (see limit-scope)", OPTF_MIN, 0, 0),
    OPT_CHOICE("limit-scope", 0, OPT_STR, ig_opts, limit_scope, "device|all",
              "the limit counts the gaps of each device (device) or of all devices together, each "
              "listed under its device (all); default: device on one or two devices, all on more",
               ig_scopes),
    OPT_ENTRY("per-stream", 0, OPT_BOOL, ig_opts, per_stream, NULL,
              "add the per-stream view (gaps of each stream alone, as other tools show them)"),
    OPT_ENTRY("oracle", 0, OPT_BOOL, ig_opts, oracle, NULL,
              "compute with the plain-SQL query idle-gaps instead of the fast path"),
    OPT_TABLE_END,
};

static void ig_defaults(void *p)
{
    ig_opts *o = p;
    o->limit = 5;
}

static void add_warnings(nsq_ctx *ctx, const nsq_gaps_result *r)
{
    if (r->bad_rows)
        nsq_warn_text(ctx, "bad_rows",
             "%lld GPU-op rows have no start/end or end < start; they are left out",
             (long long)r->bad_rows);
    if (!r->api_rows_present)
        nsq_warn_text(ctx, "no_api_calls",
             "the export has no CUDA API rows: gap causes cannot be told (cause 'unknown')");
    if (r->ndevs == 0)
        nsq_warn_text(ctx, "no_devices_selected",
             "no GPU op passes the filters: there is no device to report");
    for (int i = 0; i < r->ndevs; i++)
        if (!r->devs[i].has_busy)
            nsq_warn_text(ctx, "device_idle_in_window",
                 "device %lld has no GPU op in the window (after filters): idle for the whole span",
                 (long long)r->devs[i].device);
    if (r->sorted_in_memory)
        nsq_warn_text(ctx, "rows_not_in_time_order",
             "the export's GPU-op rows are not stored in start order; they were sorted in "
             "memory (slower, 80 bytes or more per op)");
}

static int cmd_idle_gaps(nsq_ctx *ctx, void *vopts)
{
    ig_opts *o = vopts;
    nsq_filter f;
    nsq_window w;
    nsq_gaps_result r;
    int rc = -1;
    bool have_window = false, have_result = false, in_all = false;
    memset(&w, 0, sizeof w);

    if (o->limit < 0 || o->min_gap < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--limit and --min-gap must be >= 0");
    if (o->limit_scope && strcmp(o->limit_scope, "device") && strcmp(o->limit_scope, "all"))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--limit-scope takes device or all, not '%s'", o->limit_scope);
    if (nsq_filter_init(&f, o->device, o->pid, o->stream, o->name, o->exclude, &ctx->err))
        return -1;
    if (nsq_require_gpu_ops(ctx->x, &ctx->err))
        goto done;
    /* all: first start .. last end of the valid GPU ops; the fast path finds
     * it in its own scan */
    if (nsq_window_resolve_lazy(&w, ctx->x, o->window, &ctx->err))
        goto done;
    if (!strcmp(w.kind, "all") && o->oracle &&
        nsq_gpu_span(ctx->x, &w.start_ns, &w.end_ns, &ctx->err))
        goto done;
    have_window = true;

    nsq_gaps_opts go = {&w, &f, o->min_gap, o->limit, o->per_stream != 0, o->oracle != 0};
    if (nsq_gaps_run(&r, ctx->x, &go, &ctx->err))
        goto done;
    have_result = true;
    /* many devices: the longest gaps of the whole capture, not N of each
     * (eight devices' five each were 26 KB of JSON) */
    in_all = o->limit > 0 && (o->limit_scope ? !strcmp(o->limit_scope, "all")
                                             : r.ndevs > IG_DEVICES_APART);
    if (in_all)
        nsq_gaps_keep_longest(&r, o->limit);
    w.start_ns = r.window_start_ns;
    w.end_ns = r.window_end_ns;

    nsq_use_query(ctx, "idle-gaps", 1);
    json *p = &ctx->params;
    json_obj_begin(p);
    json_key(p, "window");
    nsq_window_json(p, &w);
    json_key(p, "filters");
    nsq_filter_json(p, &f);
    json_kv_int(p, "min_gap_ns", o->min_gap);
    json_kv_int(p, "limit", o->limit);
    json_kv_str(p, "limit_scope", in_all ? "all_devices" : "device");
    json_kv_bool(p, "per_stream", o->per_stream != 0);
    json_kv_str(p, "engine", o->oracle ? "sql" : "fast");
    json_obj_end(p);
    if (strcmp(ctx->format, "json"))
        nsq_gaps_text(&ctx->text, &r, &go, ctx->format);
    else
        nsq_gaps_json(&ctx->result, &r, &go);
    add_warnings(ctx, &r);
    rc = 0;
done:
    if (have_result)
        nsq_gaps_release(&r);
    if (have_window)
        nsq_window_release(&w);
    nsq_filter_release(&f);
    return rc;
}

const nsq_cmd cmd_idle_gaps_def = {
    "idle-gaps",
    cmd_idle_gaps,
    CMD_NEED_EXPORT | CMD_FORMATS | CMD_MULTI,
    "nsysql/idle-gaps",
    1,
    "per-device GPU idle time: union of GPU work, gaps, histogram, longest gaps and causes",
    "INPUT...",
    ig_options,
    sizeof(ig_opts),
    ig_defaults,
};
