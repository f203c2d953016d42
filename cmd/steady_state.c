/* nsysql steady-state: where warm-up ends and steady state begins (and ends).
 * The detection is src/analysis/steady.c (nsq_steady_detect, also behind
 * --window steady); this file turns its result into the document
 * (schemas/steady-state.v1.schema.json) or a table. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nsysql/cmd.h"
#include "nsysql/export/query.h"
#include "nsysql/analysis/steady.h"
#include "nsysql/analysis/window.h"

typedef struct ss_opts {
    const char *iteration_range;
    const char *method;
    const char *device;
    const char *pid;
    int iterations;
} ss_opts;

static const char *const ss_methods[] = {"auto", "nvtx", "kernel_period", "time_bins", NULL};
static const nsq_opt ss_options[] = {
    OPT_ENTRY("iteration-range", 0, OPT_STR, ss_opts, iteration_range, "NAME",
              "use the instances of this NVTX range as iterations"),
    OPT_CHOICE("method", 0, OPT_STR, ss_opts, method, "M",
              "auto (default), nvtx, kernel_period or time_bins", ss_methods),
    OPT_ENTRY("device", 0, OPT_STR, ss_opts, device, "N",
              "only GPU work on this physical GPU (the identity nsysql info shows)"),
    OPT_ENTRY("pid", 0, OPT_STR, ss_opts, pid, "N", "only this process"),
    OPT_ENTRY("iterations", 0, OPT_BOOL, ss_opts, iterations, NULL,
              "list every iteration (bounds, cost, phase) in the result"),
    OPT_TABLE_END,
};

static const char *metric_unit(const char *name)
{
    if (!strcmp(name, "busy_share"))
        return "share";
    if (!strcmp(name, "kernel_rate_per_s"))
        return "per_s";
    return "ns";
}

/* Integer nanosecond metrics are written as integers, others as numbers. */
static void metric_value(json *j, const nsq_steady_metric *m, double v)
{
    if (isnan(v))
        json_null(j);
    else if (m->integer)
        json_int(j, (int64_t)llround(v));
    else
        json_double(j, v);
}

static void kv_metric(json *j, const char *k, const nsq_steady_metric *m, double v)
{
    json_key(j, k);
    metric_value(j, m, v);
}

static void kv_int_or_null(json *j, const char *k, int has, int64_t v)
{
    if (has)
        json_kv_int(j, k, v);
    else
        json_kv_null(j, k);
}

static const char *phase_name(char p)
{
    return p == 'w' ? "warmup" : p == 's' ? "steady" : p == 't' ? "teardown" : "unknown";
}

/* One sentence saying what an iteration is under the method used. */
static void definition(strbuf *sb, const nsq_steady *r)
{
    if (!strcmp(r->method, "nvtx") && !strcmp(r->cost, "kernel_time_ns"))
        sb_addf(sb,
                "an instance of NVTX range '%s'; its GPU work is every GPU op whose launching API "
                "call (same correlation id, same process) started inside it on its thread or on a "
                "thread of the process with no instances of that range of its own; cost = "
                "summed duration of those kernels; bounds = first start .. last end of those ops",
                r->iteration_name);
    else if (!strcmp(r->method, "nvtx"))
        sb_addf(sb,
                "an instance of NVTX range '%s'; cost = its own (CPU-side) duration, because no "
                "GPU work could be attributed to it",
                r->iteration_name);
    else if (!strcmp(r->method, "kernel_period") && r->period_kernels > 0)
        sb_addf(sb,
                "the kernels of one CUDA context in start order, cut before each occurrence of "
                "'%s'%s (the name sequence repeats every %lld kernels); cost = summed kernel "
                "duration; bounds = first start .. last end of its kernels",
                r->anchor, r->anchor_length > 1 ? " followed by its usual successors" : "",
                (long long)r->period_kernels);
    else if (!strcmp(r->method, "time_bins"))
        sb_addf(sb,
                "an equal time bin of %lld ns over one CUDA context's kernels; cost = GPU-busy "
                "share (union of kernel intervals / bin length); second metric = kernels started "
                "per second",
                (long long)r->bin_ns);
}

static void emit_params(json *j, const ss_opts *o, const nsq_filter *f)
{
    json_obj_begin(j);
    json_kv_str(j, "iteration_range", o->iteration_range);
    json_kv_str(j, "method", o->method ? o->method : "auto");
    kv_int_or_null(j, "device", f->has_device, f->device);
    kv_int_or_null(j, "pid", f->has_pid, f->pid);
    json_kv_bool(j, "iterations", o->iterations);
    json_obj_end(j);
}

static void emit_metric(json *j, const nsq_steady *r, int m)
{
    const nsq_steady_metric *M = &r->metric[m];
    json_obj_begin(j);
    json_kv_str(j, "name", M->name);
    json_kv_str(j, "role", m == 0 ? "cost" : "secondary");
    json_kv_str(j, "unit", metric_unit(M->name));
    json_kv_int(j, "warmup_iterations", M->warmup);
    json_kv_int(j, "teardown_iterations", M->teardown);
    json_kv_double(j, "fit", M->fit);
    if (r->found) {
        json_kv_int(j, "n", M->n);
        kv_metric(j, "median", M, M->median);
        kv_metric(j, "mad", M, M->mad);
        kv_metric(j, "p25", M, M->p25);
        kv_metric(j, "p75", M, M->p75);
        kv_metric(j, "min", M, M->min);
        kv_metric(j, "max", M, M->max);
        json_kv_double(j, "cv", M->cv);
        kv_metric(j, "band", M, M->band);
        json_kv_int(j, "outside_band", M->outside);
        json_key(j, "trend");
        json_obj_begin(j);
        json_kv_double(j, "theil_sen_slope", M->slope);
        json_kv_double(j, "drift", M->drift);
        json_kv_double(j, "mann_kendall_z", M->mk_z);
        json_kv_bool(j, "trending", M->trend);
        json_obj_end(j);
    }
    json_obj_end(j);
}

static void emit_iters(json *j, const nsq_steady *r)
{
    int nm = r->metric[1].name[0] ? 2 : 1;
    json_key(j, "per_iteration");
    json_arr_begin(j);
    for (int64_t i = 0; i < r->niters; i++) {
        const nsq_steady_iter *t = &r->iters[i];
        json_obj_begin(j);
        json_kv_int(j, "index", i);
        json_kv_int(j, "start_ns", t->start_ns);
        json_kv_int(j, "end_ns", t->end_ns);
        kv_int_or_null(j, "range_start_ns", t->range_start_ns >= 0, t->range_start_ns);
        kv_int_or_null(j, "range_end_ns", t->range_end_ns >= 0, t->range_end_ns);
        json_kv_int(j, "kernels", t->kernels);
        json_kv_int(j, "kernel_time_ns", t->kernel_time_ns);
        kv_metric(j, "cost", &r->metric[0], t->value[0]);
        kv_metric(j, "secondary", &r->metric[1], nm > 1 ? t->value[1] : NAN);
        json_kv_str(j, "phase", phase_name(t->phase));
        json_kv_bool(j, "outside_band", t->outside != 0);
        json_obj_end(j);
    }
    json_arr_end(j);
}

static void kv_share(json *j, const char *k, double v)
{
    json_key(j, k);
    if (v >= 0)
        json_double(j, v);
    else
        json_null(j);
}

/* What a caller needs to judge the window (steady.h). */
static void emit_trust(json *j, const nsq_steady *r)
{
    json_key(j, "kernel_time");
    json_obj_begin(j);
    kv_int_or_null(j, "kernels", r->kernels_total >= 0, r->kernels_total);
    kv_int_or_null(j, "capture_ns", r->kernel_time_ns >= 0, r->kernel_time_ns);
    kv_int_or_null(j, "window_ns", r->found && r->kernel_time_coverage >= 0,
                   (int64_t)llround(r->window_kernel_time_ns));
    json_obj_end(j);
    kv_share(j, "kernel_time_coverage", r->found ? r->kernel_time_coverage : -1);
    kv_share(j, "single_launch_share", r->single_launch_share);
    json_key(j, "outside_kernels");
    json_arr_begin(j);
    for (int i = 0; i < r->noutside; i++) {
        json_obj_begin(j);
        json_kv_str(j, "name", r->outside[i].name);
        json_kv_int(j, "instances", r->outside[i].instances);
        json_kv_int(j, "total_ns", r->outside[i].total_ns);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_key(j, "outside_kernels_rest");
    json_obj_begin(j);
    json_kv_int(j, "names", r->outside_rest_names);
    json_kv_int(j, "instances", r->outside_rest_instances);
    json_kv_int(j, "total_ns", r->outside_rest_ns);
    json_obj_end(j);
    json_key(j, "candidate");
    if (r->candidate) {
        json_obj_begin(j);
        json_kv_int(j, "start_ns", r->candidate_start_ns);
        json_kv_int(j, "end_ns", r->candidate_end_ns);
        json_kv_double(j, "confidence", r->candidate_confidence);
        kv_share(j, "kernel_time_coverage", r->candidate_kernel_time_coverage);
        json_obj_end(j);
    } else {
        json_null(j);
    }
}

static void emit_result(json *j, const nsq_steady *r, int with_iters)
{
    strbuf def = STRBUF_INIT;
    int have_method = r->method[0] != '\0';
    int kp = !strcmp(r->method, "kernel_period");
    json_obj_begin(j);
    json_kv_bool(j, "found", r->found);
    kv_int_or_null(j, "steady_start_ns", r->found, r->steady_start_ns);
    kv_int_or_null(j, "steady_end_ns", r->found, r->steady_end_ns);
    kv_int_or_null(j, "steady_duration_ns", r->found, r->steady_end_ns - r->steady_start_ns);
    json_key(j, "coverage");
    if (r->found)
        json_double(j, r->coverage);
    else
        json_null(j);
    json_kv_str(j, "method", have_method ? r->method : NULL);
    json_key(j, "reason");
    if (r->found) {
        json_null(j);
    } else {
        json_obj_begin(j);
        json_kv_str(j, "code", r->reason_code);
        json_kv_str(j, "message", r->reason);
        json_obj_end(j);
    }
    json_key(j, "capture");
    json_obj_begin(j);
    json_kv_int(j, "start_ns", r->capture_start_ns);
    json_kv_int(j, "end_ns", r->capture_end_ns);
    json_kv_int(j, "duration_ns", r->capture_end_ns - r->capture_start_ns);
    json_kv_str(j, "from", "gpu_op");
    json_obj_end(j);
    json_key(j, "series");
    json_obj_begin(j);
    kv_int_or_null(j, "pid", r->pid >= 0, r->pid);
    kv_int_or_null(j, "tid", r->tid >= 0, r->tid);
    kv_int_or_null(j, "device_id", r->device_id >= 0, r->device_id);
    kv_int_or_null(j, "gpu", r->gpu >= 0, r->gpu);
    json_kv_str(j, "device_identity", r->device_identity[0] ? r->device_identity : NULL);
    json_kv_int(j, "kernels", r->kernels_used);
    json_obj_end(j);
    json_key(j, "iteration");
    json_obj_begin(j);
    definition(&def, r);
    json_kv_str(j, "definition", def.len ? def.buf : NULL);
    json_kv_str(j, "name", r->iteration_name[0] ? r->iteration_name : NULL);
    kv_int_or_null(j, "nvtx_instances", !strcmp(r->method, "nvtx"), r->series_count);
    kp = kp && r->period_kernels > 0;
    kv_int_or_null(j, "period_kernels", kp, r->period_kernels);
    json_key(j, "period_mismatch");
    if (kp)
        json_double(j, r->period_mismatch);
    else
        json_null(j);
    json_kv_str(j, "anchor", kp ? r->anchor : NULL);
    kv_int_or_null(j, "anchor_length", kp, r->anchor_length);
    kv_int_or_null(j, "prologue_kernels", kp, r->prologue_kernels);
    kv_int_or_null(j, "bin_ns", !strcmp(r->method, "time_bins") && r->bin_ns > 0, r->bin_ns);
    json_kv_str(j, "cost", r->cost[0] ? r->cost : NULL);
    json_obj_end(j);
    json_key(j, "iterations");
    json_obj_begin(j);
    json_kv_int(j, "found", r->iterations);
    kv_int_or_null(j, "warmup", r->found, r->warmup_iterations);
    kv_int_or_null(j, "steady", r->found, r->steady_iterations);
    kv_int_or_null(j, "teardown", r->found, r->teardown_iterations);
    json_obj_end(j);
    json_key(j, "metrics");
    json_arr_begin(j);
    for (int m = 0; m < 2; m++)
        if (r->metric[m].judged)
            emit_metric(j, r, m);
    json_arr_end(j);
    json_kv_double(j, "confidence", r->confidence);
    emit_trust(j, r);
    json_key(j, "confidence_basis");
    json_obj_begin(j);
    json_kv_double(j, "iterations", r->q_iterations);
    json_kv_double(j, "fit", r->q_fit);
    json_kv_double(j, "trend", r->q_trend);
    json_kv_double(j, "method", r->q_method);
    json_kv_double(j, "noise", r->q_noise);
    json_kv_double(j, "coverage", r->q_coverage);
    json_kv_bool(j, "trend_trimmed", r->trend_trimmed);
    json_kv_str(j, "formula",
                "confidence = iterations * fit * trend * method * noise * coverage; iterations = "
                "s/(s+5) "
                "for s steady iterations; fit = worst share of iterations agreeing with a "
                "metric's warm-up/steady/tear-down split; trend = 1, or 0.75 when the window "
                "had to be shortened to lose a trend; method = 1 nvtx, 0.8 nvtx by range "
                "duration, 1 - 2 * period_mismatch kernel_period, 0.5 time_bins; noise = "
                "1/(1 + 4 * max(0, cv - 0.05)) for the cost's robust cv in the window; coverage = "
                "min(1, kernel_time_coverage / 0.5) (1 when not measured); a window is given "
                "only when confidence >= 0.4; 0 when not found");
    json_obj_end(j);
    if (with_iters)
        emit_iters(j, r);
    json_obj_end(j);
    sb_release(&def);
}

/* --format table|md: a summary, the metrics and (with --iterations) the
 * iterations; --format csv: one row per iteration. */
static void emit_text(strbuf *sb, const char *fmt, const nsq_steady *r, int with_iters,
                      const char *input)
{
    int md = !strcmp(fmt, "md"), nm = r->metric[1].name[0] ? 2 : 1;
    if (!strcmp(fmt, "csv")) {
        sb_addf(sb,
                "index,start_ns,end_ns,kernels,kernel_time_ns,cost_%s,secondary_%s,phase,"
                "outside_band\n",
                r->metric[0].name[0] ? r->metric[0].name : "none",
                nm > 1 ? r->metric[1].name : "none");
        for (int64_t i = 0; i < r->niters; i++) {
            const nsq_steady_iter *t = &r->iters[i];
            sb_addf(sb, "%lld,%lld,%lld,%lld,%lld,", (long long)i, (long long)t->start_ns,
                    (long long)t->end_ns, (long long)t->kernels, (long long)t->kernel_time_ns);
            for (int m = 0; m < 2; m++) {
                double v = m < nm ? t->value[m] : NAN;
                if (!isnan(v))
                    sb_addf(sb, r->metric[m].integer ? "%.0f" : "%.6g", v);
                sb_addch(sb, ',');
            }
            sb_addf(sb, "%s,%d\n", phase_name(t->phase), t->outside != 0);
        }
        return;
    }
    const char *row = md ? "| %s | %s |\n" : "%-12s %s\n";
    strbuf v = STRBUF_INIT;
    if (md)
        sb_addf(sb, "## steady-state: %s\n\n| | |\n|---|---|\n", input);
    else
        sb_addf(sb, "steady-state  %s\n", input);
    sb_addf(sb, row, "found", r->found ? "yes" : "no");
    if (r->found) {
        sb_addf(&v, "%lld .. %lld ns (%.3f ms, %.1f %% of the capture)",
                (long long)r->steady_start_ns, (long long)r->steady_end_ns,
                (double)(r->steady_end_ns - r->steady_start_ns) / 1e6, 100 * r->coverage);
        sb_addf(sb, row, "window", v.buf);
    } else {
        sb_reset(&v);
        sb_addf(&v, "%s: %s", r->reason_code, r->reason);
        sb_addf(sb, row, "reason", v.buf);
    }
    sb_reset(&v);
    sb_addf(&v, "%s%s", r->method[0] ? r->method : "none", r->iteration_name[0] ? " '" : "");
    sb_add_printable(&v, r->iteration_name, md); /* an NVTX or kernel name: escaped */
    sb_addstr(&v, r->iteration_name[0] ? "'" : "");
    sb_addf(sb, row, "method", v.buf);
    sb_reset(&v);
    if (r->found)
        sb_addf(&v, "%lld found: %lld warm-up, %lld steady, %lld tear-down",
                (long long)r->iterations, (long long)r->warmup_iterations,
                (long long)r->steady_iterations, (long long)r->teardown_iterations);
    else
        sb_addf(&v, "%lld found", (long long)r->iterations);
    sb_addf(sb, row, "iterations", v.buf);
    sb_reset(&v);
    sb_addf(&v,
            "%.2f (iterations %.2f x fit %.2f x trend %.2f x method %.2f x noise %.2f x coverage "
            "%.2f)",
            r->confidence, r->q_iterations, r->q_fit, r->q_trend, r->q_method, r->q_noise,
            r->q_coverage);
    sb_addf(sb, row, "confidence", v.buf);
    if (r->found && r->kernel_time_coverage >= 0) {
        sb_reset(&v);
        sb_addf(&v, "%.1f %% of the capture's kernel time is in the window",
                100 * r->kernel_time_coverage);
        sb_addf(sb, row, "kernel time", v.buf);
    }
    if (r->candidate) {
        sb_reset(&v);
        sb_addf(&v, "%lld .. %lld ns turned down (confidence %.2f, %.1f %% of the kernel time)",
                (long long)r->candidate_start_ns, (long long)r->candidate_end_ns,
                r->candidate_confidence, 100 * r->candidate_kernel_time_coverage);
        sb_addf(sb, row, "candidate", v.buf);
    }
    for (int i = 0; i < r->noutside; i++) {
        sb_reset(&v);
        sb_addf(&v, "%s: %lld instances, %.3f ms, none in the window", r->outside[i].name,
                (long long)r->outside[i].instances, (double)r->outside[i].total_ns / 1e6);
        sb_addf(sb, row, i ? "" : "outside", v.buf);
    }
    if (r->found) {
        sb_addstr(sb,
                  md ? "\n| metric | median | MAD | p25 | p75 | band | outside | drift | MK z |\n"
                       "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                     : "\nmetric                median          MAD          p25          p75"
                       "         band  outside    drift   MK z\n");
        for (int m = 0; m < nm; m++) {
            const nsq_steady_metric *M = &r->metric[m];
            if (!M->judged)
                continue;
            const char *f = M->integer ? "%.0f" : "%.4g";
            strbuf cells[5] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
            double vals[5] = {M->median, M->mad, M->p25, M->p75, M->band};
            for (int q = 0; q < 5; q++)
                sb_addf(&cells[q], f, vals[q]);
            sb_addf(sb,
                    md ? "| %s | %s | %s | %s | %s | %s | %lld | %+.1f %% | %.1f |\n"
                       : "%-18s %12s %12s %12s %12s %12s %8lld %+7.1f%% %6.1f\n",
                    M->name, cells[0].buf, cells[1].buf, cells[2].buf, cells[3].buf, cells[4].buf,
                    (long long)M->outside, 100 * M->drift, M->mk_z);
            for (int q = 0; q < 5; q++)
                sb_release(&cells[q]);
        }
    }
    if (with_iters && r->niters) {
        sb_addstr(sb, md ? "\n| # | start_ns | end_ns | kernels | cost | secondary | phase |\n"
                           "|---:|---:|---:|---:|---:|---:|---|\n"
                         : "\n     #         start_ns           end_ns  kernels         cost"
                           "    secondary  phase\n");
        for (int64_t i = 0; i < r->niters; i++) {
            const nsq_steady_iter *t = &r->iters[i];
            strbuf v0 = STRBUF_INIT, v1 = STRBUF_INIT;
            sb_addf(&v0, r->metric[0].integer ? "%.0f" : "%.4g", t->value[0]);
            if (nm > 1 && !isnan(t->value[1]))
                sb_addf(&v1, r->metric[1].integer ? "%.0f" : "%.4g", t->value[1]);
            else
                sb_addstr(&v1, "-");
            sb_addf(sb,
                    md ? "| %lld | %lld | %lld | %lld | %s | %s | %s%s |\n"
                       : "%6lld %16lld %16lld %8lld %12s %12s  %s%s\n",
                    (long long)i, (long long)t->start_ns, (long long)t->end_ns,
                    (long long)t->kernels, v0.buf, v1.buf, phase_name(t->phase),
                    t->outside ? " *" : "");
            sb_release(&v0);
            sb_release(&v1);
        }
    }
    if (r->nwarnings) {
        sb_addstr(sb, md ? "\n**Warnings**\n\n" : "\nwarnings:\n");
        for (int i = 0; i < r->nwarnings; i++)
            sb_addf(sb, md ? "- `%s`: %s\n" : "  %s: %s\n", r->warnings[i].code,
                    r->warnings[i].message);
    }
    sb_release(&v);
}

static int cmd_steady_state(nsq_ctx *ctx, void *vopts)
{
    ss_opts *o = vopts;
    nsq_filter f;
    nsq_steady r;
    nsq_steady_opts so = {0};
    int text = strcmp(ctx->format, "json") != 0;
    memset(&r, 0, sizeof r);
    if (nsq_filter_init(&f, o->device, o->pid, NULL, NULL, NULL, &ctx->err))
        return -1;
    so.iteration_range = o->iteration_range;
    so.method = o->method;
    so.has_pid = f.has_pid;
    so.pid = f.pid;
    so.has_device = f.has_device;
    so.device = f.device;
    so.keep_iterations = o->iterations || !strcmp(ctx->format, "csv");
    if (nsq_steady_detect(ctx->x, &so, &r, &ctx->err)) {
        nsq_filter_release(&f);
        return -1;
    }
    nsq_use_query(ctx, "steady-state", 1);
    for (int i = 0; i < r.nwarnings; i++)
        nsq_warn(ctx, r.warnings[i].code, "%s", r.warnings[i].message);
    emit_params(&ctx->params, o, &f);
    if (text)
        emit_text(&ctx->text, ctx->format, &r, o->iterations, ctx->x->path);
    else
        emit_result(&ctx->result, &r, so.keep_iterations);
    nsq_steady_release(&r);
    nsq_filter_release(&f);
    return 0;
}

const nsq_cmd cmd_steady_state_def = {
    "steady-state",
    cmd_steady_state,
    CMD_NEED_EXPORT | CMD_FORMATS | CMD_MULTI,
    "nsysql/steady-state",
    1,
    "where warm-up ends and steady state begins (and ends), how it was found, how sure",
    "INPUT",
    ss_options,
    sizeof(ss_opts),
    NULL,
};
