/* nsysql gpu-util: GPU utilisation over time per device, in bins, with the
 * low-utilisation runs merged. The work is in src/analysis/gpuutil.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/gpuutil.h"
#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/window.h"
#include "nsysql/cmd.h"

#define GU_BINS 30          /* default bins per device, as nsys analyze */
#define GU_DEVICES_LISTED 2 /* without --detail, bins are listed on up to this many devices */

typedef struct gu_opts {
    const char *window;
    const char *device;
    const char *pid;
    const char *stream;
    const char *name;
    const char *exclude;
    int64_t bins;
    int64_t bin_ns;
    double low;
    const char *low_by;
    int detail;
} gu_opts;

static const char *const gu_low_by[] = {"busy", "sum", NULL};
static const nsq_opt gu_options[] = {
    OPT_ENTRY("window", 0, OPT_STR, gu_opts, window, "SPEC",
              "all (default: each device's first op .. last op), steady, START_NS:END_NS or "
              "nvtx:NAME[#K] (then every device is cut over that window)"),
    OPT_RANGE("bins", 0, OPT_INT, gu_opts, bins, "N", "bins per device (default 30, as nsys analyze)", OPTF_MIN | OPTF_MAX, 1, 100000),
    OPT_RANGE("bin-ns", 0, OPT_INT, gu_opts, bin_ns, "NS", "bins of this length instead (the last one shorter)", OPTF_MIN, 0, 0),
    OPT_RANGE("low", 0, OPT_DOUBLE, gu_opts, low, "PCT",
              "a bin under this share is low; adjacent low bins are merged into runs (default 50)", OPTF_MIN | OPTF_MAX, 0, 1000),
    OPT_CHOICE("low-by", 0, OPT_STR, gu_opts, low_by, "busy|sum",
              "judge bins by the union of GPU work (busy, default) or by the plain sum of op time "
              "(sum, as nsys analyze gpu_time_util does; over 100 % with concurrent streams)", gu_low_by),
    OPT_ENTRY("device", 0, OPT_STR, gu_opts, device, "N", "only this device (physical identity, see info)"),
    OPT_ENTRY("pid", 0, OPT_STR, gu_opts, pid, "N", "only this process's GPU work"),
    OPT_ENTRY("stream", 0, OPT_STR, gu_opts, stream, "N", "only this stream's GPU work"),
    OPT_ENTRY("name", 0, OPT_STR, gu_opts, name, "REGEX",
              "only GPU ops whose name matches (kernel short name, 'memcpy HtoD', 'memset')"),
    OPT_ENTRY("exclude", 0, OPT_STR, gu_opts, exclude, "REGEX", "leave out GPU ops whose name matches"),
    OPT_ENTRY("detail", 0, OPT_BOOL, gu_opts, detail, NULL,
              "every device's bins in JSON on any number of devices; by default they are listed "
              "on one or two devices, and on more computed but left out (summary.rows_left_out "
              "says so)"),
    OPT_TABLE_END,
};

static void gu_defaults(void *p)
{
    gu_opts *o = p;
    o->bins = GU_BINS;
    o->low = 50;
}

static int cmd_gpu_util(nsq_ctx *ctx, void *vopts)
{
    gu_opts *o = vopts;
    if (o->bins < 1 || o->bins > 100000 || o->bin_ns < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--bins takes 1 .. 100000 and --bin-ns a positive length");
    if (!(o->low >= 0 && o->low <= 1000))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--low takes a percentage, 0 .. 1000");
    if (o->low_by && strcmp(o->low_by, "busy") && strcmp(o->low_by, "sum"))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--low-by takes busy or sum, not '%s'",
                         o->low_by);
    nsq_filter f;
    nsq_window w;
    nsq_gpuutil r;
    int rc = -1;
    bool have_window = false, have_result = false;
    memset(&w, 0, sizeof w);
    if (nsq_filter_init(&f, o->device, o->pid, o->stream, o->name, o->exclude, &ctx->err))
        return -1;
    if (nsq_require_gpu_ops(ctx->x, &ctx->err))
        goto done;
    if (nsq_window_resolve_lazy(&w, ctx->x, o->window, &ctx->err))
        goto done;
    have_window = true;
    nsq_gpuutil_opts go = {&w, &f, o->bins, o->bin_ns, o->low, o->low_by && !strcmp(o->low_by, "sum"), false};
    if (o->bin_ns > 0 && !strcmp(w.kind, "all")) {
        /* at most 10^6 bins per device */
        if (nsq_gpu_span(ctx->x, &w.start_ns, &w.end_ns, &ctx->err))
            goto done;
        if ((w.end_ns - w.start_ns) / o->bin_ns > 1000000) {
            nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                      "--bin-ns %lld cuts the capture into more than 10^6 bins", (long long)o->bin_ns);
            goto done;
        }
    }
    if (nsq_gpuutil_run(&r, ctx->x, &go, &ctx->err))
        goto done;
    have_result = true;
    /* eight devices' 30 bins each were 44 KB of JSON: past two devices the
     * default lists each device's shares and low-utilisation runs only */
    go.hide_bins = !o->detail && r.ndevs > GU_DEVICES_LISTED;
    /* a lazy "all" has no bounds: echo the span of the devices analysed */
    bool lazy_all = !strcmp(w.kind, "all") && !w.start_ns && !w.end_ns, first = true;
    for (int i = 0; lazy_all && i < r.ndevs; i++)
        if (r.devs[i].ops) {
            if (first || r.devs[i].span_start_ns < w.start_ns)
                w.start_ns = r.devs[i].span_start_ns;
            if (first || r.devs[i].span_end_ns > w.end_ns)
                w.end_ns = r.devs[i].span_end_ns;
            first = false;
        }
    json *p = &ctx->params;
    json_obj_begin(p);
    json_key(p, "window");
    nsq_window_json(p, &w);
    json_key(p, "filters");
    nsq_filter_json(p, &f);
    if (o->bin_ns > 0)
        json_kv_null(p, "bins");
    else
        json_kv_int(p, "bins", o->bins);
    if (o->bin_ns > 0)
        json_kv_int(p, "bin_ns", o->bin_ns);
    else
        json_kv_null(p, "bin_ns");
    json_kv_bool(p, "bins_listed", !go.hide_bins);
    json_kv_double(p, "low_pct", o->low);
    json_kv_str(p, "low_by", go.low_by_sum ? "sum" : "busy");
    json_obj_end(p);
    if (strcmp(ctx->format, "json"))
        nsq_gpuutil_text(&ctx->text, &r, &go, ctx->format);
    else
        nsq_gpuutil_json(&ctx->result, &r, &go);
    if (r.bad_rows)
        nsq_warn_text(ctx, "bad_rows", "%lld GPU-op rows have no start/end or end < start; they are left out",
                      (long long)r.bad_rows);
    if (!r.ndevs)
        nsq_warn_text(ctx, "no_devices_selected", "no GPU op passes the filters and the window");
    if (r.sorted_in_memory)
        nsq_warn_text(ctx, "rows_not_in_time_order",
                      "the export's GPU-op rows are not stored in start order; they were sorted in memory");
    rc = 0;
done:
    if (have_result)
        nsq_gpuutil_release(&r);
    if (have_window)
        nsq_window_release(&w);
    nsq_filter_release(&f);
    return rc;
}

const nsq_cmd cmd_gpu_util_def = {
    "gpu-util",
    cmd_gpu_util,
    CMD_NEED_EXPORT | CMD_FORMATS | CMD_MULTI,
    "nsysql/gpu-util",
    1,
    "GPU utilisation over time per device: busy share (union) and summed op time per bin, "
    "low-utilisation runs",
    "INPUT",
    gu_options,
    sizeof(gu_opts),
    gu_defaults,
};
