/* nsysql top-kernels: per-kernel time table with shares that name their
 * denominators. The work is in src/analysis/topk.c. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/cmd.h"
#include "nsysql/analysis/intervals.h"
#include "nsysql/export/query.h"
#include "nsysql/analysis/topk.h"
#include "nsysql/analysis/window.h"

typedef struct tk_opts {
    const char *window;
    const char *device;
    const char *pid;
    const char *stream;
    const char *name;
    const char *exclude;
    const char *by;
    int per_device;
    int64_t limit;
    int oracle;
    int shapes;
} tk_opts;

static const char *const tk_by[] = {"short", "demangled", "mangled", "normalized", NULL};
static const nsq_opt tk_options[] = {
    OPT_ENTRY("window", 0, OPT_STR, tk_opts, window, "SPEC",
              "all (default), steady, START_NS:END_NS or nvtx:NAME[#K]; a kernel counts when it "
              "overlaps the window, with its whole duration"),
    OPT_ENTRY("device", 0, OPT_STR, tk_opts, device, "N",
              "only this device (physical identity, see info)"),
    OPT_ENTRY("pid", 0, OPT_STR, tk_opts, pid, "N", "only this process"),
    OPT_ENTRY("stream", 0, OPT_STR, tk_opts, stream, "N", "only this stream"),
    OPT_ENTRY("name", 0, OPT_STR, tk_opts, name, "REGEX",
              "only kernels whose row name matches (PCRE2)"),
    OPT_ENTRY("exclude", 0, OPT_STR, tk_opts, exclude, "REGEX",
              "leave out kernels whose row name matches"),
    OPT_CHOICE("by", 0, OPT_STR, tk_opts, by, "KEY",
              "name to group by: short (default), demangled, mangled or normalized", tk_by),
    OPT_ENTRY("per-device", 0, OPT_BOOL, tk_opts, per_device, NULL,
              "one ranking per device, shares of that device's time"),
    OPT_RANGE("limit", 0, OPT_INT, tk_opts, limit, "N",
              "rows per table (default 20; 0 = all); the rest are folded into an 'other' row", OPTF_MIN, 0, 0),
    OPT_ENTRY("shapes", 0, OPT_BOOL, tk_opts, shapes, NULL,
              "split each row by launch shape (grid, block, shared memory; the variants diff "
              "compares), with per-shape registers, count, total, mean, median, p90, min, max "
              "and shares; shape fields are null (warning launch_shape_unknown) when the export "
              "has no launch columns"),
    OPT_ENTRY("oracle", 0, OPT_BOOL, tk_opts, oracle, NULL,
              "compute with the plain-SQL query top-kernels instead of the fast path"),
    OPT_TABLE_END,
};

static void tk_defaults(void *p)
{
    tk_opts *o = p;
    o->by = "short";
    o->limit = 20;
}

static void add_warnings(nsq_ctx *ctx, const nsq_topk_result *r)
{
    if (r->bad_rows)
        nsq_warn_text(ctx, "bad_rows",
             "%lld kernel rows have no start/end or end < start; they are left out",
             (long long)r->bad_rows);
    if (r->zero_length)
        nsq_warn_text(ctx, "zero_length_kernels",
             "%lld selected kernel instances have zero duration (counted, 0 ns each)",
             (long long)r->zero_length);
    if (r->instances == 0)
        nsq_warn_text(ctx, "no_kernels_selected",
             "no kernel instance is in the window and passes the filters: the table is empty");
    if (r->sorted_in_memory)
        nsq_warn_text(ctx, "rows_not_in_time_order",
             "the export's GPU-op rows are not stored in start order; they were sorted in "
             "memory (slower, 80 bytes or more per op)");
}

static int cmd_top_kernels(nsq_ctx *ctx, void *vopts)
{
    tk_opts *o = vopts;
    nsq_filter f;
    nsq_window w;
    nsq_topk_result r;
    int rc = -1;
    bool have_filter = false, have_window = false, have_result = false;
    memset(&w, 0, sizeof w);

    if (strcmp(o->by, "short") && strcmp(o->by, "demangled") && strcmp(o->by, "mangled") &&
        strcmp(o->by, "normalized"))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--by must be short, demangled, mangled or normalized, got '%s'", o->by);
    if (o->limit < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--limit must be >= 0");
    if (nsq_filter_init(&f, o->device, o->pid, o->stream, o->name, o->exclude, &ctx->err))
        return -1;
    have_filter = true;
    if (ctx->partial && o->oracle) {
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                  "--partial needs the fast path (not --oracle)");
        goto done;
    }
    if (nsq_topk_check(ctx->x, &ctx->err))
        goto done;
    /* all: first start .. last end of the valid GPU ops; the fast path finds
     * it in its own scan */
    if (nsq_window_resolve_lazy(&w, ctx->x, o->window, &ctx->err))
        goto done;
    if (!strcmp(w.kind, "all") && o->oracle &&
        nsq_gpu_span(ctx->x, &w.start_ns, &w.end_ns, &ctx->err))
        goto done;
    have_window = true;

    nsq_topk_opts to = {o->by, o->per_device != 0, o->limit, &w, &f, o->oracle != 0, o->shapes != 0,
                        ctx->partial ? &ctx->state : NULL};
    if (nsq_topk_run(&r, ctx->x, &to, &ctx->err))
        goto done;
    have_result = true;
    bool unknown_shapes = false;
    if (o->shapes && nsq_topk_shapes(&r, ctx->x, &to, &unknown_shapes, &ctx->err))
        goto done;
    if (unknown_shapes)
        nsq_warn_text(ctx, "launch_shape_unknown",
                      "the export records no launch configuration (grid, block) for some kernels: "
                      "their shapes are null, one per row");
    w.start_ns = r.window_start_ns;
    w.end_ns = r.window_end_ns;

    nsq_use_query(ctx, "top-kernels", 1);
    json *p = &ctx->params;
    json_obj_begin(p);
    json_key(p, "window");
    nsq_window_json(p, &w);
    json_key(p, "filters");
    nsq_filter_json(p, &f);
    json_kv_str(p, "by", o->by);
    json_kv_bool(p, "per_device", o->per_device != 0);
    json_kv_int(p, "limit", o->limit);
    json_kv_bool(p, "shapes", o->shapes != 0);
    json_kv_str(p, "engine", o->oracle ? "sql" : "fast");
    json_obj_end(p);
    if (strcmp(ctx->format, "json"))
        nsq_topk_text(&ctx->text, &r, &to, ctx->format);
    else
        nsq_topk_json(&ctx->result, &r, &to);
    add_warnings(ctx, &r);
    rc = 0;
done:
    if (have_result)
        nsq_topk_release(&r);
    if (have_window)
        nsq_window_release(&w);
    if (have_filter)
        nsq_filter_release(&f);
    return rc;
}

const nsq_cmd cmd_top_kernels_def = {
    "top-kernels",
    cmd_top_kernels,
    CMD_NEED_EXPORT | CMD_FORMATS | CMD_MULTI,
    "nsysql/top-kernels",
    1,
    "per-kernel time table: count, total, mean, median, p90, min, max, stddev, shares",
    "INPUT...",
    tk_options,
    sizeof(tk_opts),
    tk_defaults,
};
