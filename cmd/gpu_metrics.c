/* nsysql gpu-metrics: the sampled GPU counters (GPU_METRICS) per metric and
 * GPU, low-utilisation windows, and per kernel the metrics during its
 * instances. The work is in src/analysis/gpumetrics.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/gpumetrics.h"
#include "nsysql/analysis/window.h"
#include "nsysql/cmd.h"

typedef struct gm_opts {
    const char *window;
    const char *device;
    const char *low_metric;
    double low;
    int64_t min_low_ns;
    int64_t limit;
    int by_kernel;
} gm_opts;

static const nsq_opt gm_options[] = {
    OPT_ENTRY("window", 0, OPT_STR, gm_opts, window, "SPEC",
              "all (default), steady, START_NS:END_NS or nvtx:NAME[#K]: samples taken inside it"),
    OPT_ENTRY("device", 0, OPT_STR, gm_opts, device, "N", "only this GPU (physical identity, see info)"),
    OPT_ENTRY("by-kernel", 0, OPT_BOOL, gm_opts, by_kernel, NULL,
              "per kernel name, each metric's mean over the samples taken during its instances"),
    OPT_ENTRY("low-metric", 0, OPT_STR, gm_opts, low_metric, "NAME",
              "the metric that tells low utilisation (default: SMs Active, else SM Active, else GR Active)"),
    OPT_ENTRY("low", 0, OPT_DOUBLE, gm_opts, low, "VALUE", "a sample under this value is low (default 20)"),
    OPT_RANGE("min-low-ns", 0, OPT_INT, gm_opts, min_low_ns, "NS", "list low runs at least this long (default 0)", OPTF_MIN, 0, 0),
    OPT_RANGE("limit", 0, OPT_INT, gm_opts, limit, "N", "low runs and kernels listed (default 10; 0 = all)", OPTF_MIN, 0, 0),
    OPT_TABLE_END,
};

static void gm_defaults(void *p)
{
    gm_opts *o = p;
    o->low = 20;
    o->limit = 10;
}

static int cmd_gpu_metrics(nsq_ctx *ctx, void *vopts)
{
    gm_opts *o = vopts;
    if (o->limit < 0 || o->min_low_ns < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--limit and --min-low-ns must be >= 0");
    nsq_filter f;
    nsq_window w;
    nsq_gpumetrics r;
    int rc = -1;
    bool have_window = false, have_result = false;
    memset(&w, 0, sizeof w);
    if (nsq_filter_init(&f, o->device, NULL, NULL, NULL, NULL, &ctx->err))
        return -1;
    if (nsq_window_resolve_lazy(&w, ctx->x, o->window, &ctx->err))
        goto done;
    have_window = true;
    nsq_gpumetrics_opts go = {&w, &f, o->low_metric, o->low, o->min_low_ns, o->limit, o->by_kernel != 0};
    if (nsq_gpumetrics_run(&r, ctx->x, &go, &ctx->err))
        goto done;
    have_result = true;
    if (o->low_metric && !r.low_metric) {
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--low-metric '%s': no such metric in the export",
                  o->low_metric);
        nsq_hint(&ctx->err, "nsysql gpu-metrics INPUT lists the metrics by name");
        goto done;
    }
    /* a lazy "all" has no bounds: echo the span of the samples read */
    bool lazy_all = !strcmp(w.kind, "all") && !w.start_ns && !w.end_ns, first = true;
    for (int i = 0; lazy_all && i < r.ns; i++)
        if (r.s[i].n) {
            if (first || r.s[i].ts[0] < w.start_ns)
                w.start_ns = r.s[i].ts[0];
            if (first || r.s[i].ts[r.s[i].n - 1] > w.end_ns)
                w.end_ns = r.s[i].ts[r.s[i].n - 1];
            first = false;
        }
    json *p = &ctx->params;
    json_obj_begin(p);
    json_key(p, "window");
    nsq_window_json(p, &w);
    json_key(p, "filters");
    nsq_filter_json(p, &f);
    json_kv_str(p, "low_metric", o->low_metric);
    json_kv_double(p, "low", o->low);
    json_kv_int(p, "min_low_ns", o->min_low_ns);
    json_kv_int(p, "limit", o->limit);
    json_kv_bool(p, "by_kernel", o->by_kernel != 0);
    json_obj_end(p);
    if (strcmp(ctx->format, "json"))
        nsq_gpumetrics_text(&ctx->text, &r, ctx->format);
    else
        nsq_gpumetrics_json(&ctx->result, &r, &go);
    if (!r.low_metric)
        nsq_warn_text(ctx, "no_activity_metric",
                      "no SMs Active, SM Active or GR Active metric: low utilisation is not judged (--low-metric)");
    if (!r.samples)
        nsq_warn_text(ctx, "no_samples_in_window", "no GPU metric sample falls in the window");
    rc = 0;
done:
    if (have_result)
        nsq_gpumetrics_release(&r);
    if (have_window)
        nsq_window_release(&w);
    nsq_filter_release(&f);
    return rc;
}

const nsq_cmd cmd_gpu_metrics_def = {
    "gpu-metrics",
    cmd_gpu_metrics,
    CMD_NEED_EXPORT | CMD_FORMATS | CMD_MULTI,
    "nsysql/gpu-metrics",
    1,
    "sampled GPU counters (GPU_METRICS) per metric and GPU: mean, time-weighted mean, p50, p90, "
    "max, low-utilisation windows, per kernel",
    "INPUT",
    gm_options,
    sizeof(gm_opts),
    gm_defaults,
};
