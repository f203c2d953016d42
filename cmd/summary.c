/* The envelope's `summary`: what an agent can stop at. One sentence that
 * answers the command's question, the few figures it rests on, and which
 * tables left rows out (shown against total). Built from the finished
 * result, so it can never say something the result does not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jsonprune.h"
#include "nsysql/util/strbuf.h"
#include "summary.h"

static json_t *get(json_t *o, const char *path)
{
    char key[64];
    while (o && *path) {
        const char *dot = strchr(path, '.');
        size_t n = dot ? (size_t)(dot - path) : strlen(path);
        if (n >= sizeof key)
            return NULL;
        memcpy(key, path, n);
        key[n] = 0;
        if (json_is_array(o)) {
            size_t i = (size_t)strtoul(key, NULL, 10);
            o = json_array_get(o, i);
        } else {
            o = json_object_get(o, key);
        }
        path = dot ? dot + 1 : path + n;
    }
    return o;
}

static double num(json_t *o, const char *path)
{
    json_t *v = get(o, path);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

static const char *str(json_t *o, const char *path)
{
    const char *s = json_string_value(get(o, path));
    return s ? s : "";
}

/* A duration in words: "1.23 s", "45.6 ms", "789 us", "12 ns". */
static void dur(strbuf *sb, double ns)
{
    if (isnan(ns))
        sb_addstr(sb, "?");
    else if (fabs(ns) >= 1e9)
        sb_addf(sb, "%.3g s", ns / 1e9);
    else if (fabs(ns) >= 1e6)
        sb_addf(sb, "%.3g ms", ns / 1e6);
    else if (fabs(ns) >= 1e3)
        sb_addf(sb, "%.3g us", ns / 1e3);
    else
        sb_addf(sb, "%.0f ns", ns);
}

/* A name cut to at most 80 bytes on a UTF-8 boundary. */
static void name(strbuf *sb, const char *s)
{
    size_t n = strlen(s);
    if (n <= 80) {
        sb_addstr(sb, s);
        return;
    }
    n = 77;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    sb_add(sb, s, n);
    sb_addstr(sb, "...");
}

static void figure(json_t *f, const char *k, json_t *v)
{
    if (v && !json_is_null(v))
        json_object_set(f, k, v);
}

static void left_out(json_t *out, const char *table, size_t shown, json_t *total)
{
    if (!json_is_integer(total) || json_integer_value(total) <= (json_int_t)shown)
        return;
    json_t *e = json_object();
    json_object_set_new(e, "table", json_string(table));
    json_object_set_new(e, "shown", json_integer((json_int_t)shown));
    json_object_set(e, "total", total);
    json_array_append_new(out, e);
}

/* The rows each element of arr lists (its member list, an array) against
 * the rows it has (its member total, a count; dotted paths): one entry for
 * the whole table when some were left out. */
static void left_out_each(json_t *out, const char *table, json_t *arr, const char *list,
                          const char *total)
{
    size_t i, shown = 0;
    json_int_t all = 0;
    json_t *x;
    json_array_foreach(arr, i, x)
    {
        shown += json_array_size(get(x, list));
        all += json_integer_value(get(x, total));
    }
    json_t *t = json_integer(all);
    left_out(out, table, shown, t);
    json_decref(t);
}

static void s_top_kernels(json_t *r, strbuf *t, json_t *f, json_t *lo)
{
    json_t *k0 = get(r, "kernels.0");
    double kt = num(r, "totals.kernel_time_ns");
    if (!k0) {
        sb_addstr(t, "no kernel in the selection");
        return;
    }
    sb_addstr(t, "top kernel ");
    name(t, str(k0, "name"));
    sb_addf(t, ": %.1f%% of ", num(k0, "pct_of_kernel_time"));
    dur(t, kt);
    sb_addf(t, " kernel time (%.0f instances of %.0f kernel names on %.0f device(s))",
            num(r, "totals.instances"), num(r, "totals.names"), num(r, "totals.devices"));
    figure(f, "kernel_time_ns", get(r, "totals.kernel_time_ns"));
    figure(f, "gpu_busy_ns", get(r, "totals.gpu_busy_ns"));
    figure(f, "top_kernel", get(k0, "name"));
    figure(f, "top_kernel_pct", get(k0, "pct_of_kernel_time"));
    size_t i, named = 0; /* the rows of single names; an "other" row folds the rest */
    json_t *k;
    json_array_foreach(get(r, "kernels"), i, k) named += !json_is_true(json_object_get(k, "other"));
    left_out(lo, "kernels", named, get(r, "totals.names"));
}

static void s_idle_gaps(json_t *r, strbuf *t, json_t *f, json_t *lo)
{
    json_t *devs = get(r, "devices");
    size_t i;
    json_t *d;
    double busy = 0, span = 0, idle = 0, longest = 0;
    json_array_foreach(devs, i, d)
    {
        busy += num(d, "busy_ns");
        span += num(d, "span_ns");
        idle += num(d, "idle_ns");
        double l = num(d, "gaps.longest_ns");
        if (l > longest)
            longest = l;
    }
    sb_addf(t, "GPU busy %.1f%% of the span over %zu device(s): ", span > 0 ? 100 * busy / span : 0,
            json_array_size(devs));
    dur(t, idle);
    sb_addstr(t, " idle, longest gap ");
    dur(t, longest);
    json_object_set_new(f, "busy_pct", json_real(span > 0 ? 100 * busy / span : 0));
    json_object_set_new(f, "idle_ns", json_integer((json_int_t)idle));
    json_object_set_new(f, "longest_gap_ns", json_integer((json_int_t)longest));
    /* the listed gaps of every device against all gaps */
    left_out_each(lo, "devices.longest_gaps", devs, "longest_gaps", "gaps.count");
}

static void s_steady(json_t *r, strbuf *t, json_t *f)
{
    if (!json_is_true(get(r, "found"))) {
        sb_addf(t, "no steady state: %s", str(r, "reason.message"));
        figure(f, "reason", get(r, "reason.code"));
        return;
    }
    sb_addf(t,
            "steady state found by %s (confidence %.2f): %.0f steady iterations after %.0f "
            "warm-up, from ",
            str(r, "method"), num(r, "confidence"), num(r, "iterations.steady"),
            num(r, "iterations.warmup"));
    dur(t, num(r, "steady_start_ns") - num(r, "capture.start_ns"));
    sb_addstr(t, " into the capture for ");
    dur(t, num(r, "steady_duration_ns"));
    figure(f, "method", get(r, "method"));
    figure(f, "confidence", get(r, "confidence"));
    figure(f, "steady_iterations", get(r, "iterations.steady"));
    figure(f, "steady_start_ns", get(r, "steady_start_ns"));
    figure(f, "steady_end_ns", get(r, "steady_end_ns"));
}

static void s_nvtx(json_t *r, strbuf *t, json_t *f, const char *sort)
{
    json_t *n0 = get(r, "names.0");
    if (!n0) {
        sb_addf(t, "%.0f NVTX marks, no range", num(r, "totals.marks"));
        return;
    }
    sb_addf(t, "%.0f NVTX ranges of %.0f names; first by %s: ", num(r, "totals.ranges"),
            num(r, "names_total"), sort);
    name(t, str(n0, "name"));
    sb_addf(t, " (%.0f instances, ", num(n0, "instances"));
    dur(t, num(n0, "total_ns"));
    sb_addstr(t, " CPU");
    if (json_is_object(get(n0, "gpu"))) {
        sb_addstr(t, ", ");
        dur(t, num(n0, "gpu.busy_ns"));
        sb_addstr(t, " GPU busy");
    }
    sb_addstr(t, ")");
    figure(f, "top_range", get(n0, "name"));
    figure(f, "top_range_gpu_busy_ns", get(n0, "gpu.busy_ns"));
    figure(f, "top_range_total_ns", get(n0, "total_ns"));
}

static void s_osrt(json_t *r, strbuf *t, json_t *f)
{
    json_t *c0 = get(r, "calls.0");
    sb_addf(t, "%.0f OS runtime calls of %.0f names, ", num(r, "calls_total"), num(r, "names"));
    dur(t, num(r, "osrt_time_ns"));
    sb_addstr(t, ", of which ");
    dur(t, num(r, "blocked_ns"));
    sb_addstr(t, " in blocking calls");
    if (c0) {
        sb_addstr(t, "; most time in ");
        name(t, str(c0, "name"));
    }
    figure(f, "osrt_time_ns", get(r, "osrt_time_ns"));
    figure(f, "blocked_ns", get(r, "blocked_ns"));
    if (c0)
        figure(f, "top_call", get(c0, "name"));
}

static void s_memcpy(json_t *r, strbuf *t, json_t *f, json_t *lo)
{
    static const char *const by[] = {"by_kind", "by_size", "by_host_memory", "by_call"};
    size_t i, listed = 0;
    json_t *d;
    double n = 0, bytes = 0, ns = 0;
    json_array_foreach(get(r, "devices"), i, d)
    {
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < 4; k++)
                listed += json_array_size(
                    json_object_get(json_object_get(d, s ? "memset" : "memcpy"), by[k]));
        n += num(d, "memcpy.total.count");
        bytes += num(d, "memcpy.total.bytes");
        ns += num(d, "memcpy.total.total_ns");
    }
    sb_addf(t, "%.0f copies, %.4g MB in ", n, bytes / 1e6);
    dur(t, ns);
    sb_addf(t, " over %zu device(s)", json_array_size(get(r, "devices")));
    json_object_set_new(f, "copies", json_integer((json_int_t)n));
    json_object_set_new(f, "bytes", json_integer((json_int_t)bytes));
    json_object_set_new(f, "copy_ns", json_integer((json_int_t)ns));
    /* the breakdowns a many-device default leaves out */
    left_out(lo, "devices.breakdowns", listed, get(r, "breakdown_rows"));
}

static void s_memory(json_t *r, strbuf *t, json_t *f)
{
    size_t i;
    json_t *d;
    double peak = 0;
    json_array_foreach(get(r, "devices"), i, d)
    {
        double p = num(d, "device_memory.peak_bytes");
        if (p > peak)
            peak = p;
    }
    double nf = 0;
    json_array_foreach(get(r, "devices"), i, d) nf += num(d, "never_freed.bytes");
    sb_addf(t,
            "%.0f CUDA memory events over %zu device(s); largest device-memory peak %.4g MB, "
            "%.4g MB allocated and never freed",
            num(r, "events"), json_array_size(get(r, "devices")), peak / 1e6, nf / 1e6);
    json_object_set_new(f, "never_freed_bytes", json_integer((json_int_t)nf));
    json_object_set_new(f, "largest_peak_bytes", json_integer((json_int_t)peak));
}

static void s_stats(json_t *r, strbuf *t, json_t *f)
{
    const char *k;
    json_t *v;
    json_t *ok = json_array(), *no = json_array();
    json_object_foreach(get(r, "reports"), k, v)
    {
        json_array_append_new(json_is_object(json_object_get(v, "error")) ? no : ok,
                              json_string(k));
    }
    sb_addf(t, "%zu report(s)", json_array_size(ok));
    if (json_array_size(no)) {
        sb_addstr(t, "; could not run: ");
        size_t i;
        json_array_foreach(no, i, v) sb_addf(t, "%s%s", i ? ", " : "", json_string_value(v));
    }
    json_object_set_new(f, "reports", ok);
    json_object_set_new(f, "failed", no);
}

static void s_api(json_t *r, strbuf *t, json_t *f)
{
    json_t *c0 = get(r, "calls.0");
    sb_addf(t, "%.0f CUDA API calls of %.0f names, ", num(r, "calls_total"), num(r, "names"));
    dur(t, num(r, "api_time_ns"));
    if (c0) {
        sb_addstr(t, "; most time in ");
        name(t, str(c0, "name"));
        sb_addf(t, " (%.1f%%)", num(c0, "pct_of_api_time"));
    }
    figure(f, "api_time_ns", get(r, "api_time_ns"));
    figure(f, "calls", get(r, "calls_total"));
    if (c0)
        figure(f, "top_call", get(c0, "name"));
}

static void s_advise(json_t *r, strbuf *t, json_t *f)
{
    json_t *f0 = get(r, "findings.0");
    size_t n = json_array_size(get(r, "findings"));
    sb_addf(t, "%zu finding(s) over %.0f rules evaluated (%zu not evaluated)", n,
            num(r, "rules_evaluated"), json_array_size(get(r, "not_evaluated")));
    if (f0)
        sb_addf(t, "; worst: [%s] %s", str(f0, "severity"), str(f0, "summary"));
    json_object_set_new(f, "findings", json_integer((json_int_t)n));
    figure(f, "worst_severity", get(r, "worst_severity"));
    if (f0)
        figure(f, "worst_rule", get(f0, "rule"));
}

static void s_ranks(json_t *r, strbuf *t, json_t *f, json_t *lo)
{
    size_t shown = json_array_size(get(r, "ranks"));
    json_t *tot = get(r, "ranks_total");
    size_t n = json_is_integer(tot) ? (size_t)json_integer_value(tot) : shown;
    size_t strag = json_array_size(get(r, "stragglers.ranks"));
    sb_addf(t, "%zu rank(s), %zu straggler(s)", n, strag);
    json_object_set_new(f, "ranks", json_integer((json_int_t)n));
    json_object_set_new(f, "stragglers", json_integer((json_int_t)strag));
    left_out(lo, "ranks", shown, tot);
    left_out_each(lo, "collectives.per_rank", get(r, "collectives"), "per_rank", "ranks");
}

static void s_gpu_util(json_t *r, strbuf *t, json_t *f, json_t *lo)
{
    size_t i;
    json_t *d;
    double busy = 0, span = 0;
    json_array_foreach(get(r, "devices"), i, d)
    {
        busy += num(d, "busy_ns");
        span += num(d, "span_ns");
    }
    sb_addf(t, "GPU busy %.1f%% of the span over %zu device(s)", span > 0 ? 100 * busy / span : 0,
            json_array_size(get(r, "devices")));
    json_object_set_new(f, "busy_pct", json_real(span > 0 ? 100 * busy / span : 0));
    /* bins computed but not listed (many devices) */
    left_out_each(lo, "devices.bins", get(r, "devices"), "bins", "bin_count");
}

static void s_info(json_t *r, strbuf *t, json_t *f, json_t *lo)
{
    const char *exporter = str(r, "export.exporter");
    const char *version = json_is_string(get(r, "export.product_version"))
                              ? str(r, "export.product_version")
                              : "(version unknown)";
    size_t el = strlen(exporter);
    /* a version that already names its exporter ("nsysql-cupti 0.1.0") once */
    int named = el && !strncmp(version, exporter, el) && version[el] == ' ';
    sb_addf(t,
            "%s%s%s export: %.0f kernels, %.0f memcpy, %.0f API calls, %.0f NVTX events on "
            "%.0f device(s)",
            named ? "" : exporter, named ? "" : " ", version, num(r, "gpu_activity.kernels"),
            num(r, "gpu_activity.memcpy"), num(r, "gpu_activity.api_calls"),
            num(r, "gpu_activity.nvtx_events"), num(r, "device_count"));
    json_t *no = json_array();
    size_t i;
    json_t *a;
    json_array_foreach(get(r, "analyses"), i, a) if (!json_is_true(json_object_get(a, "can_run")))
        json_array_append(no, json_object_get(a, "name"));
    if (json_array_size(no)) {
        sb_addstr(t, "; cannot run: ");
        json_array_foreach(no, i, a) sb_addf(t, "%s%s", i ? ", " : "", json_string_value(a));
    }
    figure(f, "kernels", get(r, "gpu_activity.kernels"));
    figure(f, "devices", get(r, "device_count"));
    figure(f, "duration_ns", get(r, "time_span.duration_ns"));
    json_object_set_new(f, "cannot_run", no);
    /* the named threads of the listed processes, all processes together */
    left_out_each(lo, "processes.named_threads", get(r, "processes"), "named_threads",
                  "named_threads_total");
}

static void s_diff(json_t *r, strbuf *t, json_t *f)
{
    sb_addf(t, "overall %s: %s", str(r, "verdict"), str(r, "reason"));
    figure(f, "verdict", get(r, "verdict"));
    figure(f, "kernel_time_pct", get(r, "summary.kernel_ns.pct"));
    figure(f, "gpu_busy_pct", get(r, "summary.gpu_busy_ns.pct"));
    static const char *const c[] = {"improved", "regressed", "unchanged", "inconclusive",
                                    "added",    "removed",   "replaced",  "not_comparable"};
    json_t *counts = json_object();
    for (size_t i = 0; i < sizeof c / sizeof *c; i++)
        figure(counts, c[i], get(r, c[i]) ? get(r, c[i]) : get(get(r, "counts"), c[i]));
    json_object_set_new(f, "counts", counts);
}

/* Builds the summary of `command`'s result into a new jansson object
 * (NULL when the command has none). */
static json_t *build(const char *command, json_t *r, json_t *params)
{
    strbuf t = STRBUF_INIT;
    json_t *f = json_object(), *lo = json_array();
    if (!strcmp(command, "top-kernels"))
        s_top_kernels(r, &t, f, lo);
    else if (!strcmp(command, "idle-gaps"))
        s_idle_gaps(r, &t, f, lo);
    else if (!strcmp(command, "steady-state"))
        s_steady(r, &t, f);
    else if (!strcmp(command, "nvtx"))
        s_nvtx(r, &t, f,
               json_is_string(json_object_get(params, "sort"))
                   ? json_string_value(json_object_get(params, "sort"))
                   : "cpu");
    else if (!strcmp(command, "api"))
        s_api(r, &t, f);
    else if (!strcmp(command, "osrt"))
        s_osrt(r, &t, f);
    else if (!strcmp(command, "memcpy"))
        s_memcpy(r, &t, f, lo);
    else if (!strcmp(command, "memory"))
        s_memory(r, &t, f);
    else if (!strcmp(command, "stats"))
        s_stats(r, &t, f);
    else if (!strcmp(command, "advise"))
        s_advise(r, &t, f);
    else if (!strcmp(command, "ranks"))
        s_ranks(r, &t, f, lo);
    else if (!strcmp(command, "gpu-util"))
        s_gpu_util(r, &t, f, lo);
    else if (!strcmp(command, "info"))
        s_info(r, &t, f, lo);
    else if (!strcmp(command, "diff"))
        s_diff(r, &t, f);
    if (!t.len) {
        sb_release(&t);
        json_decref(f);
        json_decref(lo);
        return NULL;
    }
    /* tables whose rows a limit can cut, and where their total is */
    static const char *const pairs[][3] = {
        {"nvtx", "names", "names_total"},
        {"nvtx", "paths", "paths_total"},
        {"nvtx", "marks", "marks_total"},
        {"api", "calls", "names"},
        {"api", "launch_latency", "launch_latency_total"},
        {"osrt", "calls", "names"},
        {"osrt", "per_thread", "per_thread_total"},
        {"osrt", "blocked_by_thread", "blocked_by_thread_total"},
        {"advise", "findings", "findings_total"},
        {"info", "processes", "processes_total"},
        {"diff", "kernels", "counts.kernels"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        if (strcmp(command, pairs[i][0]))
            continue;
        size_t shown = json_array_size(get(r, pairs[i][1]));
        json_t *tot = get(r, pairs[i][2]), *lim = json_object_get(params, "limit");
        if (!strcmp(command, "api") && !strcmp(pairs[i][1], "launch_latency") &&
            json_is_integer(tot) && json_is_integer(lim)) {
            /* dropped before parsing (nsq_summary_json): --limit rows of it were printed */
            json_int_t l = json_integer_value(lim), n = json_integer_value(tot);
            shown = (size_t)(l > 0 && l < n ? l : n);
        }
        left_out(lo, pairs[i][1], shown, tot);
    }
    json_t *s = json_object();
    json_object_set_new(s, "text", json_string(t.buf));
    json_object_set_new(s, "figures", f);
    json_object_set_new(s, "rows_left_out", lo);
    sb_release(&t);
    return s;
}

char *nsq_summary_json(const char *command, const char *result, const char *params)
{
    json_error_t e;
    /* what no summary reads and can be large: members (one entry per kernel
     * name) dropped; lists whose rows are only counted hollowed (--limit 0
     * lists up to 100,000 gaps: parsing them took seconds and gigabytes) */
    static const struct {
        const char *command;
        const char *const drop[2], *const hollow[2];
    } prune[] = {
        {"api", {"launch_latency", NULL}, {NULL}},
        {"stats", {"reports.api.launch_latency", NULL}, {NULL}},
        {"idle-gaps", {NULL}, {"devices.*.longest_gaps.*", NULL}},
    };
    const char *const *drop = NULL, *const *hollow = NULL;
    for (size_t i = 0; i < sizeof prune / sizeof *prune; i++)
        if (!strcmp(command, prune[i].command)) {
            drop = prune[i].drop;
            hollow = prune[i].hollow;
            break;
        }
    json_t *r;
    if (drop || hollow) {
        char *t = nsq_json_prune(result, drop, hollow);
        r = json_loads(t, 0, &e);
        free(t);
    } else {
        r = json_loads(result, 0, &e);
    }
    if (!r)
        return NULL;
    json_t *p = params ? json_loads(params, 0, &e) : NULL;
    json_t *s = build(command, r, p);
    char *out =
        s ? json_dumps(s, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6)) : NULL;
    json_decref(s);
    json_decref(r);
    json_decref(p);
    return out;
}
