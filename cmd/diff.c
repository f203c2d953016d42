/* nsysql diff: baseline versus patch, one or more captures per side.
 * The work is in src/analysis/diff.c (diff.h); this file reads the options, opens the
 * exports, and writes the JSON document or the table / markdown text. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/diff.h"
#include "nsysql/analysis/window.h"
#include "nsysql/cmd.h"
#include "nsysql/export/match.h"
#include "nsysql/export/query.h"
#include "nsysql/util/grow.h"

typedef struct diff_opts {
    nsq_strlist baseline, patch;
    const char *window, *by;
    const char *device, *pid, *stream, *name, *exclude;
    double min_effect, alpha;
    const char *fail_on, *match_rules;
    int64_t limit;
    double assumed_noise;
    int no_shapes;
    int no_pairing;
    int assume_same_workload;
    int detail;
} diff_opts;

static const nsq_opt diff_options[] = {
    OPT_ENTRY("baseline", 0, OPT_LIST_MULTI, diff_opts, baseline, "INPUT",
              "a baseline capture (export or capture directory)"),
    OPT_ENTRY("patch", 0, OPT_LIST_MULTI, diff_opts, patch, "INPUT", "a patch capture"),
    OPT_ENTRY("window", 0, OPT_STR, diff_opts, window, "W",
              "auto (default: steady in every capture when found there, else all), all, steady, "
              "START_NS:END_NS or nvtx:NAME[#K], applied to each capture"),
    OPT_ENTRY("by", 0, OPT_STR, diff_opts, by, "NAME",
              "kernel name: short (default), demangled, mangled, or normalized (demangled name "
              "after the match rules, so a family is one row)"),
    OPT_ENTRY("device", 0, OPT_STR, diff_opts, device, "GPU", "only this GPU (physical identity)"),
    OPT_ENTRY("pid", 0, OPT_STR, diff_opts, pid, "PID", "only this process"),
    OPT_ENTRY("stream", 0, OPT_STR, diff_opts, stream, "ID", "only this stream"),
    OPT_ENTRY("name", 0, OPT_STR, diff_opts, name, "REGEX", "only kernels whose name matches"),
    OPT_ENTRY("exclude", 0, OPT_STR, diff_opts, exclude, "REGEX",
              "leave out kernels whose name matches"),
    OPT_ENTRY("min-effect", 0, OPT_DOUBLE, diff_opts, min_effect, "PCT",
              "smallest change of a kernel's median that counts (default 2)"),
    OPT_ENTRY("alpha", 0, OPT_DOUBLE, diff_opts, alpha, "A",
              "significance level after Benjamini-Hochberg adjustment (default 0.01)"),
    OPT_ENTRY("fail-on", 0, OPT_STR, diff_opts, fail_on, "WHAT",
              "exit 1 when found: regression (a kernel regressed, or the overall verdict is "
              "regressed) or change (a kernel improved, regressed, was added or removed)"),
    OPT_ENTRY("match-rules", 0, OPT_STR, diff_opts, match_rules, "FILE",
              "kernel-name normalisation rules (default: the stored query match-rules)"),
    OPT_ENTRY("limit", 0, OPT_INT, diff_opts, limit, "N",
              "list at most N kernels and attribution rows, by time at stake (default 5; 0 = "
              "all; summary.rows_left_out says when rows were left out)"),
    OPT_ENTRY("detail", 0, OPT_BOOL, diff_opts, detail, NULL,
              "the full document: each kernel row with its match names, per-capture figures, "
              "test statistics, noise floor, decomposition, launch shapes and pairing; every "
              "summary metric and rate, the workload items' details and fingerprints, each "
              "capture's metrics, the test methods and the match rules (by default the rows "
              "are compact and those parts are left out; params.detail says which form)"),
    OPT_ENTRY("assumed-noise", 0, OPT_DOUBLE, diff_opts, assumed_noise, "PCT",
              "capture-to-capture noise assumed with one capture per side (default 10): a firm "
              "verdict's interval must lie beyond it (or beyond the drift and clock levels the "
              "captures show), else likely_*; a kernel run once per side needs 5 times it "
              "(log scale) for likely_*"),
    OPT_ENTRY("assume-same-workload", 0, OPT_BOOL, diff_opts, assume_same_workload, NULL,
              "judge speed even when the workload fingerprints (largest copies, arguments, "
              "grids) say the two sides ran different problems (verdict not_comparable, which "
              "--fail-on treats as a failure)"),
    OPT_ENTRY("no-shapes", 0, OPT_BOOL, diff_opts, no_shapes, NULL,
              "pool a kernel's launch shapes (grid, block, shared memory) instead of comparing "
              "them shape by shape"),
    OPT_ENTRY("no-pairing", 0, OPT_BOOL, diff_opts, no_pairing, NULL,
              "never compare launches pairwise by their position in the sequence (by default a "
              "kernel launched as often on both sides, whose two duration sequences are strongly "
              "rank-correlated, is compared launch by launch)"),
    OPT_TABLE_END,
};

static void diff_defaults(void *p)
{
    diff_opts *o = p;
    o->min_effect = 2;
    o->alpha = 0.01;
    o->assumed_noise = 10;
    o->limit = 5;
}

/* ---- JSON ------------------------------------------------------------------------ */

static void kv_num_or_null(json *j, const char *k, double v)
{
    json_key(j, k);
    if (isnan(v))
        json_null(j);
    else
        json_double(j, v);
}

/* A statistic with 10 significant digits (p-values need relative, not
 * absolute, precision); NaN and infinities become null. */
static void kv_stat(json *j, const char *k, double v)
{
    char buf[40];
    json_key(j, k);
    if (isnan(v) || isinf(v)) {
        json_null(j);
        return;
    }
    snprintf(buf, sizeof buf, "%.10g", v);
    json_raw(j, buf);
}

/* A change and its interval, in %: change_pct, ci_low_pct, ci_high_pct. */
static void kv_change(json *j, double pct, double lo, double hi)
{
    kv_stat(j, "change_pct", pct);
    kv_stat(j, "ci_low_pct", lo);
    kv_stat(j, "ci_high_pct", hi);
}

/* {"baseline", "patch", "delta", "pct"} of one summary metric. */
static void metric(json *j, const char *k, int64_t a, int64_t b)
{
    json_key(j, k);
    json_obj_begin(j);
    json_kv_int(j, "baseline", a);
    json_kv_int(j, "patch", b);
    json_kv_int(j, "delta", b - a);
    kv_num_or_null(j, "pct", a ? 100.0 * (double)(b - a) / (double)a : (b ? NAN : 0.0));
    json_obj_end(j);
}

static void metrics_obj(json *j, const nsq_diff_metrics *m)
{
    json_obj_begin(j);
    json_kv_int(j, "window_ns", m->window_ns);
    json_kv_int(j, "gpu_busy_ns", m->gpu_busy_ns);
    json_kv_int(j, "gpu_idle_ns", m->gpu_idle_ns);
    json_kv_int(j, "kernel_ns", m->kernel_ns);
    json_kv_int(j, "launches", m->launches);
    json_kv_int(j, "memcpy_count", m->memcpy_count);
    json_kv_int(j, "memcpy_bytes", m->memcpy_bytes);
    json_kv_int(j, "memcpy_ns", m->memcpy_ns);
    json_kv_int(j, "memset_count", m->memset_count);
    json_kv_int(j, "memset_bytes", m->memset_bytes);
    json_kv_int(j, "memset_ns", m->memset_ns);
    json_kv_int(j, "devices", m->devices);
    json_obj_end(j);
}

/* One side of a kernel row; the compact form (detail 0) holds the
 * instances, the total and the median only. */
static void side_obj(json *j, const nsq_diff_sidestat *s, int ncap, int detail)
{
    if (!s->present) {
        json_null(j);
        return;
    }
    json_obj_begin(j);
    json_kv_int(j, "instances", s->instances);
    json_kv_int(j, "total_ns", s->total_ns);
    if (!detail) {
        json_kv_int(j, "median_ns", s->median_ns);
        json_obj_end(j);
        return;
    }
    json_kv_int(j, "mean_ns", s->mean_ns);
    json_kv_int(j, "median_ns", s->median_ns);
    json_kv_int(j, "p90_ns", s->p90_ns);
    json_kv_int(j, "min_ns", s->min_ns);
    json_kv_int(j, "max_ns", s->max_ns);
    kv_num_or_null(j, "stddev_ns", s->stddev_ns);
    json_key(j, "total_ns_per_capture");
    json_arr_begin(j);
    for (int c = 0; c < ncap; c++)
        json_int(j, s->total_per_capture[c]);
    json_arr_end(j);
    json_key(j, "instances_per_capture");
    json_arr_begin(j);
    for (int c = 0; c < ncap; c++)
        json_int(j, s->instances_per_capture[c]);
    json_arr_end(j);
    kv_num_or_null(j, "spread_pct", s->spread_pct);
    json_obj_end(j);
}

static void names_arr(json *j, const char *k, char **v, int n)
{
    json_key(j, k);
    json_arr_begin(j);
    for (int i = 0; i < n; i++)
        json_str(j, v[i]);
    json_arr_end(j);
}

static void kv_int_or_null(json *j, const char *k, int64_t v)
{
    json_key(j, k);
    if (v < 0)
        json_null(j);
    else
        json_int(j, v);
}

static void dim3(json *j, const char *k, const int64_t *v)
{
    json_key(j, k);
    json_arr_begin(j);
    for (int i = 0; i < 3; i++)
        if (v[i] < 0)
            json_null(j);
        else
            json_int(j, v[i]);
    json_arr_end(j);
}

static void shape_obj(json *j, const nsq_diff *d, const nsq_diff_shape *sh)
{
    static const char *const side_key[2] = {"baseline", "patch"};
    json_obj_begin(j);
    dim3(j, "grid", sh->key.grid);
    dim3(j, "block", sh->key.block);
    kv_int_or_null(j, "shared_bytes", sh->key.shared_bytes);
    for (int s = 0; s < 2; s++) {
        json_key(j, side_key[s]);
        if (!sh->instances[s]) {
            json_null(j);
            continue;
        }
        json_obj_begin(j);
        json_kv_int(j, "instances", sh->instances[s]);
        kv_num_or_null(j, "instances_per_capture", (double)sh->instances[s] / d->ncap[s]);
        json_kv_int(j, "total_ns", sh->total_ns[s]);
        json_kv_int(j, "mean_ns", sh->mean_ns[s]);
        json_kv_int(j, "median_ns", sh->median_ns[s]);
        json_obj_end(j);
    }
    kv_stat(j, "median_pct", sh->change_pct);
    kv_stat(j, "ci_low_pct", sh->ci_lo_pct);
    kv_stat(j, "ci_high_pct", sh->ci_hi_pct);
    kv_stat(j, "p_value", sh->p);
    json_obj_end(j);
}

/* What every kernel row begins with: name, verdict, reason, and the match
 * object opened with its method. */
static void row_head(json *j, const nsq_diff_row *r)
{
    json_kv_str(j, "name", r->name);
    json_kv_str(j, "verdict", nsq_diff_verdict_name(r->verdict));
    json_kv_str(j, "reason", r->reason);
    json_key(j, "match");
    json_obj_begin(j);
    json_kv_str(j, "method", nsq_diff_match_name(r->match));
}

/* The per-instance change and its interval, first in both row forms. */
static void per_instance_head(json *j, const nsq_diff_row *r)
{
    json_kv_str(j, "method", nsq_diff_method_name(r->method));
    kv_change(j, r->change_pct, r->change_lo_pct, r->change_hi_pct);
}

/* The compact kernel row (the default): the verdict and its reason, the
 * totals, the counts, the change with its interval and how it was measured. */
static void row_compact(json *j, const nsq_diff_row *r)
{
    row_head(j, r);
    if (r->match != NSQ_M_EXACT)
        json_kv_str(j, "key", r->key);
    json_obj_end(j);
    json_key(j, "baseline");
    side_obj(j, &r->s[0], 0, 0);
    json_key(j, "patch");
    side_obj(j, &r->s[1], 0, 0);
    json_key(j, "delta");
    json_obj_begin(j);
    json_kv_double(j, "instances", r->d_instances);
    json_kv_int(j, "total_ns", r->d_total_ns);
    kv_num_or_null(j, "total_pct", r->total_pct);
    kv_num_or_null(j, "median_pct", r->median_pct);
    json_obj_end(j);
    json_key(j, "per_instance");
    if (!r->tested) {
        json_null(j);
    } else {
        json_obj_begin(j);
        per_instance_head(j, r);
        json_obj_end(j);
    }
    json_kv_bool(j, "shape_changed", r->shape_changed);
}

static void vs_shift_obj(json *j, const nsq_diff_row *r)
{
    json_key(j, "vs_common_shift");
    if (r->verdict_vs_shift < 0) {
        json_null(j);
    } else {
        json_obj_begin(j);
        kv_stat(j, "change_pct", r->vs_shift_pct);
        json_kv_str(j, "verdict", nsq_diff_verdict_name(r->verdict_vs_shift));
        json_kv_bool(j, "moved_with_shift", r->in_shift);
        json_obj_end(j);
    }
}

static void pairing_obj(json *j, const nsq_diff_row *r)
{
    json_key(j, "pairing");
    if (!r->pair.paired) {
        json_null(j);
    } else {
        json_obj_begin(j);
        json_key(j, "evidence");
        json_arr_begin(j);
        const char *p = r->pair.evidence;
        while (*p) {
            const char *q = strchr(p, ',');
            size_t len = q ? (size_t)(q - p) : strlen(p);
            json_strn(j, p, len);
            p += len + (q != NULL);
        }
        json_arr_end(j);
        json_kv_str(j, "confidence", r->pair.confidence);
        json_kv_str(j, "why", r->pair.why);
        json_obj_end(j);
    }
}

/* A kernel launched another number of times per iteration (nsq_diff_row's
 * relaunched): the ratios and the per-iteration change its verdict rests on. */
static void relaunch_obj(json *j, const nsq_diff_row *r)
{
    json_key(j, "relaunched");
    if (!r->relaunched) {
        json_null(j);
        return;
    }
    json_obj_begin(j);
    kv_stat(j, "launch_ratio", r->relaunch_ratio);
    kv_stat(j, "loop_ratio", r->loop_ratio);
    json_kv_int(j, "loop_kernels", r->loop_kernels);
    json_key(j, "per_iteration");
    json_obj_begin(j);
    kv_change(j, r->iter_pct, r->iter_lo_pct, r->iter_hi_pct);
    json_obj_end(j);
    json_obj_end(j);
}

/* One kernel row: compact (detail 0), or with every figure behind it. */
static void row_obj(json *j, const nsq_diff *d, const nsq_diff_row *r, int detail)
{
    json_obj_begin(j);
    if (!detail) {
        row_compact(j, r);
        vs_shift_obj(j, r);
        pairing_obj(j, r);
        relaunch_obj(j, r);
        json_obj_end(j);
        return;
    }
    row_head(j, r);
    json_kv_str(j, "key", r->key);
    json_key(j, "rules");
    json_arr_begin(j);
    if (r->match == NSQ_M_NORMALIZED)
        for (int i = 0; i < nsq_match_rules_count(d->o.rules); i++)
            if ((r->fired[0] | r->fired[1]) >> i & 1)
                json_str(j, nsq_match_rule_name(d->o.rules, i));
    json_arr_end(j);
    names_arr(j, "baseline_names", r->names[0], r->nnames[0]);
    names_arr(j, "patch_names", r->names[1], r->nnames[1]);
    json_obj_end(j);
    json_key(j, "baseline");
    side_obj(j, &r->s[0], d->ncap[0], 1);
    json_key(j, "patch");
    side_obj(j, &r->s[1], d->ncap[1], 1);
    json_key(j, "delta");
    json_obj_begin(j);
    json_kv_double(j, "instances", r->d_instances);
    kv_num_or_null(j, "instances_pct", r->instances_pct);
    json_kv_int(j, "total_ns", r->d_total_ns);
    kv_num_or_null(j, "total_pct", r->total_pct);
    kv_num_or_null(j, "mean_ns", r->d_mean_ns);
    kv_num_or_null(j, "mean_pct", r->mean_pct);
    kv_num_or_null(j, "median_ns", r->d_median_ns);
    kv_num_or_null(j, "median_pct", r->median_pct);
    json_obj_end(j);
    json_key(j, "confidence");
    if (!r->tested) {
        json_null(j);
    } else {
        json_obj_begin(j);
        kv_stat(j, "u", r->u);
        kv_stat(j, "z", r->z);
        kv_stat(j, "p_value", r->p);
        kv_stat(j, "p_adjusted", r->p_adj);
        kv_stat(j, "p_min_possible", r->p_min);
        json_kv_bool(j, "significant", r->significant);
        kv_stat(j, "median_ratio", r->ratio);
        kv_stat(j, "ci_low_pct", r->ci_valid ? r->ci_lo_pct : NAN);
        kv_stat(j, "ci_high_pct", r->ci_valid ? r->ci_hi_pct : NAN);
        kv_stat(j, "noise_floor_pct", r->noise_floor_pct);
        json_obj_end(j);
    }
    json_key(j, "per_instance");
    if (!r->tested) {
        json_null(j);
    } else {
        json_obj_begin(j);
        per_instance_head(j, r);
        json_kv_str(j, "ci_reason", isnan(r->change_lo_pct) ? r->ci_reason : NULL);
        kv_stat(j, "mix_adjusted_pct", r->mix_pct);
        json_kv_int(j, "shapes_common", r->shapes_common);
        json_key(j, "noise");
        json_obj_begin(j);
        kv_stat(j, "floor_pct", r->floor_pct);
        json_kv_str(j, "floor_source", r->floor_source);
        kv_stat(j, "baseline_drift_pct", r->drift_pct[0]);
        kv_stat(j, "patch_drift_pct", r->drift_pct[1]);
        kv_stat(j, "block_change_low_pct", r->block_lo_pct);
        kv_stat(j, "block_change_high_pct", r->block_hi_pct);
        kv_stat(j, "block_drift_pct", r->block_drift_pct);
        kv_stat(j, "pair_drift_pct", r->pair_drift_pct);
        json_kv_int(j, "baseline_levels", r->levels[0]);
        json_kv_int(j, "patch_levels", r->levels[1]);
        kv_stat(j, "baseline_level_gap_pct", r->level_gap_pct[0]);
        kv_stat(j, "patch_level_gap_pct", r->level_gap_pct[1]);
        kv_int_or_null(j, "baseline_p10_ns", r->levels[0] == 2 ? r->p10_ns[0] : -1);
        kv_int_or_null(j, "patch_p10_ns", r->levels[1] == 2 ? r->p10_ns[1] : -1);
        kv_stat(j, "baseline_capture_spread_pct", r->capture_spread_pct[0]);
        kv_stat(j, "patch_capture_spread_pct", r->capture_spread_pct[1]);
        kv_stat(j, "stake_ns", r->stake_ns);
        json_obj_end(j);
        json_key(j, "sequence_pairing");
        if (r->pair_n <= 0) {
            json_null(j);
        } else {
            json_obj_begin(j);
            json_kv_int(j, "positions", r->pair_n);
            kv_stat(j, "spearman_rho", r->pair_rho);
            json_kv_bool(j, "used", r->paired && r->method == NSQ_MT_PAIRED);
            if (r->paired) {
                json_kv_int(j, "patch_faster", r->pair_faster);
                json_kv_int(j, "patch_slower", r->pair_slower);
            }
            json_obj_end(j);
        }
        json_obj_end(j);
    }
    json_key(j, "decomposition");
    if (isnan(r->dec_count_ns)) {
        json_null(j);
    } else {
        json_obj_begin(j);
        kv_num_or_null(j, "baseline_instances_per_capture", r->count_base);
        kv_num_or_null(j, "patch_instances_per_capture", r->count_patch);
        kv_stat(j, "count_ns", r->dec_count_ns);
        kv_stat(j, "mix_ns", r->dec_mix_ns);
        kv_stat(j, "speed_ns", r->dec_speed_ns);
        json_obj_end(j);
    }
    json_kv_bool(j, "shape_changed", r->shape_changed);
    json_key(j, "shapes");
    json_arr_begin(j);
    for (int i = 0; i < r->nshapes; i++)
        shape_obj(j, d, &r->shapes[i]);
    json_arr_end(j);
    vs_shift_obj(j, r);
    pairing_obj(j, r);
    relaunch_obj(j, r);
    json_obj_end(j);
}

static void attr_row(json *j, const char *kind, const char *name, const char *verdict,
                     int64_t delta, int64_t busy_delta)
{
    json_obj_begin(j);
    json_kv_str(j, "kind", kind);
    json_kv_str(j, "name", name);
    json_kv_str(j, "verdict", verdict);
    json_kv_int(j, "delta_ns", delta);
    kv_num_or_null(j, "pct_of_busy_delta",
                   busy_delta ? 100.0 * (double)delta / (double)busy_delta : NAN);
    json_obj_end(j);
}

/* The gate: which kernels trip --fail-on. Returns the count, names in `j` when given. */
static int gate_hits(const nsq_diff *d, const char *fail_on, json *j)
{
    int hits = 0, reg = !strcmp(fail_on, "regression");
    if (d->overall == NSQ_O_NOT_COMPARABLE) {
        /* a gate cannot pass on captures of different workloads */
        if (j)
            json_str(j, "not_comparable");
        return 1;
    }
    for (int pass = 0; pass < 2 && !hits; pass++)
        for (int i = 0; i < d->nrows; i++) {
            int v = d->rows[i].verdict, hit;
            if (!reg)
                hit = v != NSQ_V_UNCHANGED && v != NSQ_V_INCONCLUSIVE && v != NSQ_V_NOT_COMPARABLE;
            else if (pass == 0)
                hit = v == NSQ_V_REGRESSED;
            else /* overall regressed through added kernels */
                hit = d->overall == NSQ_O_REGRESSED && v == NSQ_V_ADDED;
            if (!hit)
                continue;
            hits++;
            if (j)
                json_str(j, d->rows[i].name);
        }
    return hits;
}

static void emit_params(nsq_ctx *ctx, const nsq_diff *d, const diff_opts *o, const nsq_filter *f)
{
    json *j = &ctx->params;
    static const char *const side_key[2] = {"baseline", "patch"};
    json_obj_begin(j);
    for (int s = 0; s < 2; s++) {
        json_key(j, side_key[s]);
        json_arr_begin(j);
        for (int i = 0; i < d->ncap[s]; i++) {
            const nsq_diff_capture *c = &d->cap[s][i];
            json_obj_begin(j);
            json_kv_str(j, "path", c->path);
            json_kv_str(j, "nsys_version", c->nsys_version);
            json_kv_str(j, "export_schema", c->export_schema);
            json_key(j, "window");
            nsq_window_json(j, &c->window);
            json_kv_str(j, "window_mode", c->window_mode);
            if (o->detail)
                json_kv_str(j, "window_reason", c->window_reason);
            json_obj_end(j);
        }
        json_arr_end(j);
    }
    json_kv_str(j, "window", o->window ? o->window : "auto");
    json_kv_str(j, "by", d->o.by);
    json_key(j, "filters");
    nsq_filter_json(j, f);
    json_kv_double(j, "min_effect_pct", o->min_effect);
    json_kv_double(j, "alpha", o->alpha);
    json_kv_str(j, "fail_on", o->fail_on);
    json_kv_int(j, "limit", o->limit);
    json_kv_bool(j, "detail", o->detail);
    json_key(j, "match_rules");
    json_obj_begin(j);
    json_kv_str(j, "source", nsq_match_rules_source(d->o.rules));
    json_kv_str(j, "sha256", nsq_match_rules_sha256(d->o.rules));
    if (!o->detail) {
        json_obj_end(j);
        json_obj_end(j);
        return;
    }
    json_key(j, "rules");
    json_arr_begin(j);
    for (int i = 0; i < nsq_match_rules_count(d->o.rules); i++) {
        json_obj_begin(j);
        json_kv_str(j, "rule", nsq_match_rule_name(d->o.rules, i));
        json_kv_str(j, "pattern", nsq_match_rule_pattern(d->o.rules, i));
        json_kv_str(j, "replacement", nsq_match_rule_replacement(d->o.rules, i));
        json_obj_end(j);
    }
    json_arr_end(j);
    json_obj_end(j);
    json_obj_end(j);
}

/* {"baseline": [one(capture)...], "patch": [...]} */
static void captures_json(json *j, const nsq_diff *d,
                          void (*one)(json *j, const nsq_diff_capture *c))
{
    static const char *const side_key[2] = {"baseline", "patch"};
    json_obj_begin(j);
    for (int s = 0; s < 2; s++) {
        json_key(j, side_key[s]);
        json_arr_begin(j);
        for (int i = 0; i < d->ncap[s]; i++)
            one(j, &d->cap[s][i]);
        json_arr_end(j);
    }
    json_obj_end(j);
}

static void fingerprint_obj(json *j, const nsq_diff_capture *c)
{
    json_obj_begin(j);
    json_kv_int(j, "h2d_copies", c->fp_copies[0]);
    json_kv_int(j, "h2d_bytes", c->fp_bytes[0]);
    json_kv_int(j, "h2d_largest_bytes", c->fp_largest[0]);
    json_kv_int(j, "d2h_copies", c->fp_copies[1]);
    json_kv_int(j, "d2h_bytes", c->fp_bytes[1]);
    json_kv_int(j, "d2h_largest_bytes", c->fp_largest[1]);
    json_kv_str(j, "command", c->command);
    json_kv_str(j, "arguments", c->arguments);
    json_kv_str(j, "process", c->process);
    json_kv_str(j, "gpus", c->gpus);
    json_obj_end(j);
}

/* A capture's figures; its metrics with --detail only (capture_obj_detail). */
static void capture_obj_common(json *j, const nsq_diff_capture *c, int detail)
{
    json_obj_begin(j);
    json_kv_str(j, "path", c->path);
    json_kv_str(j, "device_identity", c->device_identity);
    json_kv_int(j, "bad_rows", c->bad_rows);
    json_kv_bool(j, "kernels_in_start_order", c->kernels_in_order);
    json_kv_int(j, "capture_kernel_ns", c->capture_kernel_ns);
    kv_num_or_null(j, "kernel_time_coverage",
                   c->capture_kernel_ns > 0 ? (double)c->m.kernel_ns / (double)c->capture_kernel_ns
                                            : NAN);
    json_kv_int(j, "excluded_kernel_names", c->excluded_names);
    json_kv_int(j, "excluded_kernel_ns", c->excluded_ns);
    kv_stat(j, "steady_confidence", c->steady_confidence);
    if (detail) {
        json_key(j, "metrics");
        metrics_obj(j, &c->m);
    }
    json_obj_end(j);
}

static void capture_obj(json *j, const nsq_diff_capture *c)
{
    capture_obj_common(j, c, 0);
}

static void capture_obj_detail(json *j, const nsq_diff_capture *c)
{
    capture_obj_common(j, c, 1);
}

static void emit_result(nsq_ctx *ctx, const nsq_diff *d, const diff_opts *o)
{
    json *j = &ctx->result;
    static const char *const side_key[2] = {"baseline", "patch"};
    int limit = o->limit > 0 && o->limit < d->nrows ? (int)o->limit : d->nrows;
    json_obj_begin(j);
    json_kv_str(j, "verdict", nsq_diff_overall_name(d->overall));
    json_kv_str(j, "reason", d->overall_reason);
    json_key(j, "gate");
    json_obj_begin(j);
    json_kv_str(j, "fail_on", o->fail_on);
    json_kv_bool(j, "failed", o->fail_on && gate_hits(d, o->fail_on, NULL) > 0);
    json_key(j, "triggered_by");
    json_arr_begin(j);
    if (o->fail_on)
        gate_hits(d, o->fail_on, j);
    json_arr_end(j);
    json_obj_end(j);

    json_key(j, "counts");
    json_obj_begin(j);
    json_kv_int(j, "kernels", d->nrows);
    for (int v = 0; v < NSQ_V_COUNT; v++)
        json_kv_int(j, nsq_diff_verdict_name(v), d->counts[v]);
    json_kv_int(j, "matched_exact", d->matched_exact);
    json_kv_int(j, "matched_normalized", d->matched_normalized);
    json_kv_int(j, "tested", d->ntests);
    json_kv_double(j, "unchanged_share_pct", d->unchanged_share_pct);
    json_obj_end(j);

    json_key(j, "method");
    json_obj_begin(j);
    if (!o->detail) {
        json_kv_int(j, "tests", d->ntests);
        json_kv_double(j, "alpha", o->alpha);
        json_kv_double(j, "min_effect_pct", o->min_effect);
        json_kv_double(j, "confidence_level", d->confidence_level);
        json_kv_double(j, "assumed_noise_pct", o->assumed_noise);
    } else {
        json_kv_str(j, "test", "mann_whitney_u");
        json_kv_str(j, "p_value", "two_sided_normal_approximation_tie_and_continuity_corrected");
        json_kv_str(j, "multiple_comparisons", "benjamini_hochberg");
        json_kv_int(j, "tests", d->ntests);
        json_kv_double(j, "alpha", o->alpha);
        json_kv_str(j, "effect", "median");
        json_kv_double(j, "min_effect_pct", o->min_effect);
        json_kv_str(j, "interval", "bonett_price_median_ratio");
        json_kv_double(j, "confidence_level", d->confidence_level);
        json_kv_str(j, "noise_floor", "capture_medians_spread_else_assumed_noise_and_levels");
        json_kv_str(j, "launch_shapes", o->no_shapes ? "pooled" : "van_elteren_over_common_shapes");
        json_kv_str(j, "small_samples", "welch_t_on_log_durations");
        json_kv_str(j, "sequence_pairing",
                    o->no_pairing ? "off"
                                  : "sign_test_by_launch_position_when_spearman_rho_ge_0.9");
        json_kv_double(j, "assumed_noise_pct", o->assumed_noise);
    }
    json_obj_end(j);

    json_key(j, "summary");
    json_obj_begin(j);
    json_key(j, "captures");
    json_obj_begin(j);
    json_kv_int(j, "baseline", d->ncap[0]);
    json_kv_int(j, "patch", d->ncap[1]);
    json_obj_end(j);
    const nsq_diff_metrics *a = &d->mean[0], *b = &d->mean[1];
    metric(j, "window_ns", a->window_ns, b->window_ns);
    metric(j, "gpu_busy_ns", a->gpu_busy_ns, b->gpu_busy_ns);
    metric(j, "gpu_idle_ns", a->gpu_idle_ns, b->gpu_idle_ns);
    metric(j, "kernel_ns", a->kernel_ns, b->kernel_ns);
    metric(j, "launches", a->launches, b->launches);
    if (o->detail) {
        metric(j, "memcpy_count", a->memcpy_count, b->memcpy_count);
        metric(j, "memcpy_bytes", a->memcpy_bytes, b->memcpy_bytes);
    }
    metric(j, "memcpy_ns", a->memcpy_ns, b->memcpy_ns);
    if (o->detail) {
        metric(j, "memset_count", a->memset_count, b->memset_count);
        metric(j, "memset_bytes", a->memset_bytes, b->memset_bytes);
        metric(j, "memset_ns", a->memset_ns, b->memset_ns);
        metric(j, "devices", a->devices, b->devices);
    }
    json_kv_str(j, "sentence", d->summary_sentence);
    json_kv_bool(j, "windows_differ", d->windows_differ);
    if (o->detail) { /* the compact form leaves the rates out */
        json_key(j, "rates");
        json_obj_begin(j);
        for (int s = 0; s < 2; s++) {
            const nsq_diff_metrics *m = &d->mean[s];
            double cap = (double)m->window_ns * (double)(m->devices ? m->devices : 1);
            json_key(j, side_key[s]);
            json_obj_begin(j);
            kv_num_or_null(j, "gpu_busy_pct_of_window",
                           cap > 0 ? 100 * (double)m->gpu_busy_ns / cap : NAN);
            kv_num_or_null(j, "kernel_ns_per_s",
                           m->window_ns > 0 ? 1e9 * (double)m->kernel_ns / (double)m->window_ns
                                            : NAN);
            kv_num_or_null(j, "launches_per_s",
                           m->window_ns > 0 ? 1e9 * (double)m->launches / (double)m->window_ns
                                            : NAN);
            json_obj_end(j);
        }
        json_obj_end(j);
    }
    json_key(j, "decomposition");
    json_obj_begin(j);
    json_kv_int(j, "kernel_delta_ns", b->kernel_ns - a->kernel_ns);
    kv_stat(j, "speed_ns", d->dec_speed_ns);
    kv_stat(j, "count_ns", d->dec_count_ns);
    kv_stat(j, "mix_ns", d->dec_mix_ns);
    kv_stat(j, "replaced_ns", d->dec_replaced_ns);
    kv_stat(j, "added_ns", d->dec_added_ns);
    kv_stat(j, "removed_ns", d->dec_removed_ns);
    json_obj_end(j);
    const nsq_diff_periter *pi = &d->periter;
    json_key(j, "per_iteration");
    json_obj_begin(j);
    json_kv_bool(j, "available", pi->available);
    json_kv_str(j, "reason", pi->available ? NULL : pi->reason);
    if (pi->available) {
        for (int s = 0; s < 2; s++) {
            json_key(j, side_key[s]);
            json_obj_begin(j);
            json_kv_int(j, "iterations", pi->s[s].n);
            kv_num_or_null(j, "step_ns_median", pi->s[s].step_ns);
            kv_num_or_null(j, "kernel_ns_median",
                           pi->kernel_verdict >= 0 ? pi->s[s].kernel_ns : NAN);
            json_obj_end(j);
        }
        json_key(j, "step");
        json_obj_begin(j);
        kv_change(j, pi->step_pct, pi->step_lo, pi->step_hi);
        kv_stat(j, "p_value", pi->step_p);
        json_kv_str(j, "verdict", nsq_diff_verdict_name(pi->step_verdict));
        json_obj_end(j);
        json_key(j, "kernel_time");
        if (pi->kernel_verdict < 0) {
            json_null(j);
        } else {
            json_obj_begin(j);
            kv_change(j, pi->kernel_pct, pi->kernel_lo, pi->kernel_hi);
            kv_stat(j, "p_value", pi->kernel_p);
            json_kv_str(j, "verdict", nsq_diff_verdict_name(pi->kernel_verdict));
            json_obj_end(j);
        }
    }
    json_obj_end(j);
    json_obj_end(j);

    json_key(j, "workload");
    json_obj_begin(j);
    json_kv_bool(j, "comparable", d->workload.comparable);
    json_kv_bool(j, "assumed_same", d->workload.assumed);
    json_kv_int(j, "signals", d->workload.signals);
    json_kv_str(j, "reason", d->workload.reason);
    json_key(j, "items");
    json_arr_begin(j);
    for (int i = 0; i < d->workload.nitems; i++) {
        const nsq_diff_fpitem *it = &d->workload.items[i];
        if (!o->detail && !it->differs)
            continue; /* the compact form lists the items that differ */
        json_obj_begin(j);
        json_kv_str(j, "item", it->item);
        json_kv_bool(j, "differs", it->differs);
        json_kv_bool(j, "input_signal", it->input);
        kv_int_or_null(j, "baseline", it->base);
        kv_int_or_null(j, "patch", it->patch);
        kv_stat(j, "ratio", it->ratio);
        if (o->detail)
            json_kv_str(j, "detail", it->detail);
        json_obj_end(j);
    }
    json_arr_end(j);
    if (o->detail) {
        json_key(j, "captures");
        captures_json(j, d, fingerprint_obj);
    }
    json_obj_end(j);

    json_key(j, "headline");
    json_obj_begin(j);
    kv_stat(j, "weighted_change_pct", d->weighted_change_pct);
    kv_stat(j, "improved_stake_ns", d->stake_improved_ns);
    kv_stat(j, "regressed_stake_ns", d->stake_regressed_ns);
    kv_stat(j, "likely_improved_stake_ns", d->stake_likely_improved_ns);
    kv_stat(j, "likely_regressed_stake_ns", d->stake_likely_regressed_ns);
    json_kv_double(j, "inconclusive_share_pct", d->inconclusive_share_pct);
    kv_stat(j, "inconclusive_stake_ns", d->stake_inconclusive_ns);
    json_key(j, "together");
    if (d->agg_valid) {
        json_obj_begin(j);
        kv_change(j, d->agg_pct, d->agg_lo, d->agg_hi);
        json_obj_end(j);
    } else {
        json_null(j);
    }
    json_key(j, "span");
    if (d->span_role) {
        json_obj_begin(j);
        json_kv_str(j, "basis", d->span_basis);
        kv_stat(j, "change_pct", d->span_change_pct);
        kv_stat(j, "delta_ns", d->span_delta_ns);
        kv_stat(j, "kernel_delta_ns", d->span_kernel_delta_ns);
        json_kv_bool(j, "against_kernels", d->span_against);
        json_kv_bool(j, "decided", d->span_role == 2);
        json_obj_end(j);
    } else {
        json_null(j);
    }
    json_key(j, "launches_alike");
    if (d->even_relaunch) {
        json_obj_begin(j);
        json_kv_double(j, "launch_ratio",
                       d->even_relaunch > 0 ? d->even_relaunch : 1.0 / -d->even_relaunch);
        kv_stat(j, "kernel_time_per_capture_pct", d->even_relaunch_kernel_pct);
        json_obj_end(j);
    } else {
        json_null(j);
    }
    json_obj_end(j);

    json_key(j, "common_shift");
    json_obj_begin(j);
    json_kv_bool(j, "detected", d->shift.detected);
    kv_stat(j, "change_pct", d->shift.pct);
    kv_stat(j, "low_pct", d->shift.lo_pct);
    kv_stat(j, "high_pct", d->shift.hi_pct);
    json_kv_int(j, "kernels", d->shift.kernels);
    json_kv_int(j, "of", d->shift.of);
    kv_stat(j, "share_pct", d->shift.detected ? d->shift.share_pct : NAN);
    json_kv_str(j, "verdict_vs_shift",
                d->overall_vs_shift >= 0 ? nsq_diff_overall_name(d->overall_vs_shift) : NULL);
    json_obj_end(j);

    json_key(j, "window_choice");
    json_obj_begin(j);
    json_kv_str(j, "mode", d->window_choice);
    json_kv_str(j, "code", d->window_choice_code);
    json_kv_str(j, "reason", d->window_choice_reason);
    json_key(j, "excluded_kernels");
    json_arr_begin(j);
    for (int i = 0; i < d->nexcluded; i++) {
        const nsq_diff_excluded *x = &d->excluded[i];
        json_obj_begin(j);
        json_kv_str(j, "side", side_key[x->side]);
        json_kv_str(j, "name", x->name);
        json_kv_int(j, "instances", x->instances);
        json_kv_int(j, "total_ns", x->total_ns);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_obj_end(j);

    json_key(j, "captures");
    captures_json(j, d, o->detail ? capture_obj_detail : capture_obj);

    json_key(j, "attribution");
    json_obj_begin(j);
    json_kv_int(j, "gpu_busy_delta_ns", d->busy_delta_ns);
    json_key(j, "rows");
    json_arr_begin(j);
    int64_t other = 0;
    int nother = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (i < limit)
            attr_row(j, "kernel", r->name, nsq_diff_verdict_name(r->verdict), r->d_total_ns,
                     d->busy_delta_ns);
        else
            other += r->d_total_ns, nother++;
    }
    if (nother) {
        char label[64];
        snprintf(label, sizeof label, "%d other kernels", nother);
        attr_row(j, "other_kernels", label, NULL, other, d->busy_delta_ns);
    }
    attr_row(j, "memcpy", "memcpy", NULL, d->memcpy_delta_ns, d->busy_delta_ns);
    attr_row(j, "memset", "memset", NULL, d->memset_delta_ns, d->busy_delta_ns);
    attr_row(j, "overlap_and_clipping", "overlap and clipping", NULL, d->residual_ns,
             d->busy_delta_ns);
    json_arr_end(j);
    json_obj_end(j);

    json_key(j, "kernels");
    json_arr_begin(j);
    for (int i = 0; i < limit; i++)
        row_obj(j, d, &d->rows[i], o->detail);
    json_arr_end(j);
    json_kv_bool(j, "kernels_truncated", limit < d->nrows);
    json_obj_end(j);
}

/* ---- text ------------------------------------------------------------------------ */

/* Appends a duration in a readable unit. */
static void fmt_ns(strbuf *sb, double ns)
{
    double a = fabs(ns);
    if (isnan(ns))
        sb_addstr(sb, "-");
    else if (a >= 1e9)
        sb_addf(sb, "%.3f s", ns / 1e9);
    else if (a >= 1e6)
        sb_addf(sb, "%.3f ms", ns / 1e6);
    else if (a >= 1e3)
        sb_addf(sb, "%.2f us", ns / 1e3);
    else
        sb_addf(sb, "%.0f ns", ns);
}

static void fmt_pct(strbuf *sb, double pct)
{
    if (isnan(pct))
        sb_addstr(sb, "-");
    else
        sb_addf(sb, "%+.2f%%", pct);
}

/* Cells of one table; md pipes or aligned columns. Cells are owned strings. */
typedef struct table {
    char **cell;
    int ncols, nrows;
    int nleft; /* the first nleft columns are labels (left-aligned) */
    int capcell;
} table;

/* Appends a cell: control characters escaped and at most NSQ_TEXT_CAP bytes
 * (sb_add_printable), so a kernel name can neither break the table nor make
 * it as long as the name ('|' is escaped by table_print in md). */
static void table_add(table *t, int *filled, const char *text)
{
    int at = t->nrows * t->ncols + *filled;
    NSQ_GROW(t->cell, at + 1, t->capcell);
    strbuf c = STRBUF_INIT;
    sb_add_printable(&c, text, false);
    t->cell[at] = sb_detach(&c);
    if (++*filled == t->ncols) {
        t->nrows++;
        *filled = 0;
    }
}

static size_t utf8_width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static void table_print(strbuf *out, const table *t, int md)
{
    size_t *w = xcalloc((size_t)t->ncols, sizeof(size_t));
    for (int r = 0; r < t->nrows; r++)
        for (int c = 0; c < t->ncols; c++) {
            size_t n = utf8_width(t->cell[r * t->ncols + c]);
            if (n > w[c])
                w[c] = n;
        }
    for (int r = 0; r < t->nrows; r++) {
        for (int c = 0; c < t->ncols; c++) {
            const char *s = t->cell[r * t->ncols + c];
            if (md) {
                sb_addstr(out, "| ");
                for (const char *p = s; *p; p++) {
                    if (*p == '|')
                        sb_addch(out, '\\');
                    sb_addch(out, *p);
                }
                sb_addch(out, ' ');
            } else {
                size_t pad = w[c] - utf8_width(s);
                if (c)
                    sb_addstr(out, "  ");
                if (c < t->nleft) {
                    sb_addstr(out, s);
                    if (c + 1 < t->ncols)
                        for (size_t k = 0; k < pad; k++)
                            sb_addch(out, ' ');
                } else {
                    for (size_t k = 0; k < pad; k++)
                        sb_addch(out, ' ');
                    sb_addstr(out, s);
                }
            }
        }
        sb_addstr(out, md ? "|\n" : "\n");
        if (md && r == 0) {
            for (int c = 0; c < t->ncols; c++)
                sb_addstr(out, c < t->nleft ? "|---" : "|---:");
            sb_addstr(out, "|\n");
        }
    }
    free(w);
}

static void table_free(table *t)
{
    for (int i = 0; i < t->nrows * t->ncols; i++)
        free(t->cell[i]);
    free(t->cell);
}

static char *cell_ns(double ns)
{
    strbuf sb = STRBUF_INIT;
    fmt_ns(&sb, ns);
    return sb_detach(&sb);
}

static void emit_text(nsq_ctx *ctx, const nsq_diff *d, const diff_opts *o, int md)
{
    strbuf *out = &ctx->text;
    int limit = o->limit > 0 && o->limit < d->nrows ? (int)o->limit : d->nrows;
    const char *ov = nsq_diff_overall_name(d->overall);
    /* texts that quote kernel names, escaped like the table's cells */
    if (md)
        sb_addf(out, "### nsysql diff: **%s**\n\n", ov);
    else
        sb_addf(out, "nsysql diff: %s\n", ov);
    sb_add_printable(out, d->overall_reason, false);
    sb_addstr(out, ".\n\n");
    sb_add_printable(out, d->summary_sentence, false);
    sb_addstr(out, "\n\n");
    sb_addf(out, "%d improved, %d regressed, %d unchanged, %d inconclusive, %d added, %d removed",
            d->counts[NSQ_V_IMPROVED], d->counts[NSQ_V_REGRESSED], d->counts[NSQ_V_UNCHANGED],
            d->counts[NSQ_V_INCONCLUSIVE], d->counts[NSQ_V_ADDED], d->counts[NSQ_V_REMOVED]);
    if (d->counts[NSQ_V_REPLACED])
        sb_addf(out, ", %d replaced", d->counts[NSQ_V_REPLACED]);
    if (d->counts[NSQ_V_LIKELY_IMPROVED] || d->counts[NSQ_V_LIKELY_REGRESSED])
        sb_addf(out, ", %d likely improved, %d likely regressed", d->counts[NSQ_V_LIKELY_IMPROVED],
                d->counts[NSQ_V_LIKELY_REGRESSED]);
    if (d->counts[NSQ_V_NOT_COMPARABLE])
        sb_addf(out, ", %d not judged (not comparable)", d->counts[NSQ_V_NOT_COMPARABLE]);
    sb_addf(out,
            " (%d matched by name, %d by normalised name; alpha %g after Benjamini-Hochberg "
            "over %d tests, min effect %g%%)\n\n",
            d->matched_exact, d->matched_normalized, o->alpha, d->ntests, o->min_effect);
    sb_addf(out, "%swindows: %s (%s)\n", md ? "- " : "", d->window_choice, d->window_choice_reason);
    static const char *const side_key[2] = {"baseline", "patch"};
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            const nsq_diff_capture *c = &d->cap[s][i];
            sb_addf(out, "%s%s: %s, window %s ", md ? "- " : "", side_key[s], c->path,
                    c->window.kind);
            fmt_ns(out, (double)(c->window.end_ns - c->window.start_ns));
            sb_addf(out, " (%s)\n", c->window_reason);
        }
    sb_addch(out, '\n');

    if (d->windows_differ)
        sb_addstr(out, md ? "_Totals over each side's window; the windows differ in length, so "
                            "the totals differ for that reason too._\n\n"
                          : "(totals over each side's window; the windows differ in length, so "
                            "the totals differ for that reason too)\n");
    table t = {NULL, 4, 0, 1, 0};
    int f = 0;
    const char *hdr[] = {"metric", "baseline", "patch", "delta"};
    for (int k = 0; k < 4; k++)
        table_add(&t, &f, hdr[k]);
    const nsq_diff_metrics *a = &d->mean[0], *b = &d->mean[1];
    struct {
        const char *name;
        int64_t x, y;
        int is_ns;
    } rows[] = {
        {"window", a->window_ns, b->window_ns, 1},
        {"GPU busy", a->gpu_busy_ns, b->gpu_busy_ns, 1},
        {"GPU idle", a->gpu_idle_ns, b->gpu_idle_ns, 1},
        {"kernel time", a->kernel_ns, b->kernel_ns, 1},
        {"launches", a->launches, b->launches, 0},
        {"memcpy bytes", a->memcpy_bytes, b->memcpy_bytes, 0},
        {"memcpy time", a->memcpy_ns, b->memcpy_ns, 1},
        {"memset time", a->memset_ns, b->memset_ns, 1},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        strbuf c = STRBUF_INIT;
        table_add(&t, &f, rows[k].name);
        for (int v = 0; v < 3; v++) {
            int64_t val = v == 0 ? rows[k].x : v == 1 ? rows[k].y : rows[k].y - rows[k].x;
            sb_reset(&c);
            if (rows[k].is_ns)
                fmt_ns(&c, (double)val);
            else
                sb_addf(&c, "%lld", (long long)val);
            if (v == 2) {
                sb_addstr(&c, " (");
                fmt_pct(&c, rows[k].x ? 100.0 * (double)val / (double)rows[k].x : (val ? NAN : 0));
                sb_addch(&c, ')');
            }
            table_add(&t, &f, sb_str(&c));
        }
        sb_release(&c);
    }
    table_print(out, &t, md);
    table_free(&t);
    sb_addch(out, '\n');

    int shift = d->shift.detected;
    table k = {NULL, 10 + shift, 0, 3, 0};
    const char *kh[] = {"verdict",          "kernel",       "match",    "median base",
                        "median patch",     "per instance", "interval", "p adjusted",
                        "runs per capture", "total delta",  "vs shift"};
    for (int i = 0; i < 10 + shift; i++)
        table_add(&k, &f, kh[i]);
    for (int i = 0; i < limit; i++) {
        const nsq_diff_row *r = &d->rows[i];
        strbuf c = STRBUF_INIT;
        table_add(&k, &f, nsq_diff_verdict_name(r->verdict));
        if (r->match == NSQ_M_NORMALIZED) {
            sb_addf(&c, "%s -> %s", r->names[0][0], r->names[1][0]);
            if (r->nnames[0] + r->nnames[1] > 2)
                sb_addf(&c, " (+%d)", r->nnames[0] + r->nnames[1] - 2);
        } else {
            sb_addstr(&c, r->name);
        }
        if (r->relaunched)
            sb_addf(&c, " [x%.3g launches per iteration]", r->relaunch_ratio);
        else if (r->shape_changed)
            sb_addstr(&c, " [launch shape changed]");
        else if (r->method == NSQ_MT_VAN_ELTEREN)
            sb_addf(&c, " [%d shapes]", r->nshapes);
        if (!md && c.len > 70) {
            c.len = nsq_utf8_cut(c.buf, c.len, 67); /* never inside a character */
            c.buf[c.len] = '\0';
            sb_addstr(&c, "...");
        }
        table_add(&k, &f, sb_str(&c));
        table_add(&k, &f, nsq_diff_match_name(r->match));
        char *m0 = cell_ns((double)r->s[0].median_ns), *m1 = cell_ns((double)r->s[1].median_ns);
        /* a family of several kernels has no pooled median (schema) */
        int fam0 = r->verdict == NSQ_V_REPLACED && r->nnames[0] > 1;
        int fam1 = r->verdict == NSQ_V_REPLACED && r->nnames[1] > 1;
        table_add(&k, &f, r->s[0].present && !fam0 ? m0 : "-");
        table_add(&k, &f, r->s[1].present && !fam1 ? m1 : "-");
        free(m0);
        free(m1);
        /* a relaunched kernel: the per-iteration change its verdict rests on */
        double ch = r->relaunched ? r->iter_pct : r->change_pct;
        double lo = r->relaunched ? r->iter_lo_pct : r->change_lo_pct;
        double hi = r->relaunched ? r->iter_hi_pct : r->change_hi_pct;
        sb_reset(&c);
        if (r->tested) {
            fmt_pct(&c, ch);
            if (r->relaunched)
                sb_addstr(&c, " /iteration");
        } else {
            sb_addstr(&c, "-");
        }
        table_add(&k, &f, sb_str(&c));
        sb_reset(&c);
        if (r->tested && !isnan(lo)) {
            fmt_pct(&c, lo);
            sb_addstr(&c, " .. ");
            fmt_pct(&c, hi);
        } else {
            sb_addstr(&c, "-");
        }
        table_add(&k, &f, sb_str(&c));
        sb_reset(&c);
        if (r->tested && !r->relaunched) /* the per-instance test's: not what decides */
            sb_addf(&c, "%.3g", r->p_adj);
        else
            sb_addstr(&c, "-");
        table_add(&k, &f, sb_str(&c));
        sb_reset(&c);
        sb_addf(&c, "%.4g -> %.4g", (double)r->s[0].instances / d->ncap[0],
                (double)r->s[1].instances / d->ncap[1]);
        table_add(&k, &f, sb_str(&c));
        sb_reset(&c);
        fmt_ns(&c, (double)r->d_total_ns);
        if (!isnan(r->dec_count_ns) && fabs(r->dec_count_ns) >= 0.5) {
            sb_addstr(&c, " (count ");
            fmt_ns(&c, r->dec_count_ns);
            sb_addstr(&c, ", speed ");
            fmt_ns(&c, r->dec_speed_ns);
            if (fabs(r->dec_mix_ns) >= 0.5) {
                sb_addstr(&c, ", mix ");
                fmt_ns(&c, r->dec_mix_ns);
            }
            sb_addch(&c, ')');
        }
        table_add(&k, &f, sb_str(&c));
        if (shift) {
            sb_reset(&c);
            if (r->verdict_vs_shift >= 0) {
                sb_addstr(&c, nsq_diff_verdict_name(r->verdict_vs_shift));
                sb_addstr(&c, " (");
                fmt_pct(&c, r->vs_shift_pct);
                sb_addch(&c, ')');
            } else {
                sb_addstr(&c, "-");
            }
            table_add(&k, &f, sb_str(&c));
        }
        sb_release(&c);
    }
    table_print(out, &k, md);
    table_free(&k);
    if (limit < d->nrows)
        sb_addf(out, "%s(%d more kernels; --limit N lists them, 0 all)\n", md ? "\n" : "",
                d->nrows - limit);
    sb_addch(out, '\n');
    sb_addstr(out, md ? "GPU busy delta " : "GPU busy delta ");
    fmt_ns(out, (double)d->busy_delta_ns);
    sb_addstr(out, ": kernels ");
    fmt_ns(out,
           (double)(d->busy_delta_ns - d->memcpy_delta_ns - d->memset_delta_ns - d->residual_ns));
    sb_addstr(out, ", memcpy ");
    fmt_ns(out, (double)d->memcpy_delta_ns);
    sb_addstr(out, ", memset ");
    fmt_ns(out, (double)d->memset_delta_ns);
    sb_addstr(out, ", overlap and clipping ");
    fmt_ns(out, (double)d->residual_ns);
    sb_addstr(out, "\n");
    for (int i = 0; i < d->nwarnings; i++) {
        sb_addf(out, "%swarning %s: ", i ? "" : "\n", d->warnings[i].code);
        sb_add_printable(out, d->warnings[i].message, false);
        sb_addch(out, '\n');
    }
    if (o->fail_on)
        sb_addf(out, "\n--fail-on %s: %s\n", o->fail_on,
                gate_hits(d, o->fail_on, NULL) ? "FAILED" : "passed");
}

/* ---- command ---------------------------------------------------------------------- */

static int check_options(nsq_ctx *ctx, const diff_opts *o)
{
    if (strcmp(ctx->format, "json") && strcmp(ctx->format, "table") && strcmp(ctx->format, "md"))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_format",
                         "diff prints json, table or md, not %s", ctx->format);
    if (o->by && strcmp(o->by, "short") && strcmp(o->by, "demangled") && strcmp(o->by, "mangled") &&
        strcmp(o->by, "normalized"))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--by must be short, demangled, mangled or normalized, got '%s'", o->by);
    if (!(o->alpha > 0 && o->alpha < 1))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--alpha must be between 0 and 1, got %g", o->alpha);
    if (!(o->min_effect >= 0 && o->min_effect < 1000))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--min-effect must be a percentage >= 0, got %g", o->min_effect);
    if (o->fail_on && strcmp(o->fail_on, "regression") && strcmp(o->fail_on, "change"))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--fail-on must be regression or change, got '%s'", o->fail_on);
    if (o->limit < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--limit must be >= 0, got %lld", (long long)o->limit);
    if (!(o->assumed_noise > 0 && o->assumed_noise < 100))
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--assumed-noise must be a percentage between 0 and 100, got %g",
                         o->assumed_noise);
    if (!o->baseline.n && !o->patch.n && ctx->nargs != 2) {
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, ctx->nargs < 2 ? "missing_input" : "extra_argument",
                  "diff needs a baseline and a patch: nsysql diff BASE PATCH");
        nsq_hint(&ctx->err, "several captures per side: --baseline A1 A2 --patch B1 B2");
        return -1;
    }
    if ((o->baseline.n || o->patch.n) && (!o->baseline.n || !o->patch.n || ctx->nargs)) {
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, ctx->nargs ? "extra_argument" : "missing_input",
                  ctx->nargs ? "unexpected argument '%s' next to --baseline/--patch"
                             : "--baseline and --patch go together%s",
                  ctx->nargs ? ctx->args[0] : "");
        nsq_hint(&ctx->err, "several captures per side: --baseline A1 A2 --patch B1 B2");
        return -1;
    }
    return 0;
}

static int cmd_diff(nsq_ctx *ctx, void *opts)
{
    diff_opts *o = opts;
    nsq_filter filter;
    nsq_match_rules *rules = NULL;
    nsq_export **xs[2] = {NULL, NULL};
    int n[2] = {0, 0}, rc = -1, have_filter = 0;
    nsq_diff d;
    memset(&d, 0, sizeof d);
    if (check_options(ctx, o))
        goto done;
    if (nsq_filter_init(&filter, o->device, o->pid, o->stream, o->name, o->exclude, &ctx->err))
        goto done;
    have_filter = 1;
    if (nsq_match_rules_load(&rules, o->match_rules, &ctx->err))
        goto done;
    const char *const *lists[2] = {o->baseline.n ? o->baseline.v : (const char *const *)ctx->args,
                                   o->patch.n ? o->patch.v : (const char *const *)ctx->args + 1};
    int counts[2] = {o->baseline.n ? o->baseline.n : 1, o->patch.n ? o->patch.n : 1};
    for (int s = 0; s < 2; s++) {
        xs[s] = xcalloc((size_t)counts[s], sizeof(nsq_export *));
        for (; n[s] < counts[s]; n[s]++)
            if (nsq_export_open(&xs[s][n[s]], lists[s][n[s]], &ctx->err))
                goto done;
    }
    nsq_diff_opts dopts = {
        o->window, o->by ? o->by : "short", &filter,      o->min_effect, o->alpha,
        rules,     o->assumed_noise,        o->no_shapes, o->no_pairing, o->assume_same_workload};
    if (nsq_diff_run(&d, xs[0], n[0], xs[1], n[1], &dopts, &ctx->err))
        goto done;
    nsq_use_query(ctx, "diff", 0);
    for (int i = 0; i < d.nwarnings; i++)
        nsq_warn(ctx, d.warnings[i].code, "%s", d.warnings[i].message);
    if (!strcmp(ctx->format, "table") || !strcmp(ctx->format, "md")) {
        emit_text(ctx, &d, o, !strcmp(ctx->format, "md"));
    } else {
        emit_params(ctx, &d, o, &filter);
        emit_result(ctx, &d, o);
    }
    if (o->fail_on && gate_hits(&d, o->fail_on, NULL))
        ctx->exit_code = NSQ_EXIT_GATE;
    rc = 0;
done:
    nsq_diff_release(&d);
    for (int s = 0; s < 2; s++) {
        for (int i = 0; i < n[s]; i++)
            nsq_export_close(xs[s][i]);
        free(xs[s]);
    }
    nsq_match_rules_free(rules);
    if (have_filter)
        nsq_filter_release(&filter);
    return rc;
}

const nsq_cmd cmd_diff_def = {
    "diff",
    cmd_diff,
    CMD_FORMATS,
    "nsysql/diff",
    1,
    "baseline vs patch: per-kernel verdicts with confidence, name matching, attribution",
    "BASE PATCH | --baseline A1 [A2 ...] --patch B1 [B2 ...]",
    diff_options,
    sizeof(diff_opts),
    diff_defaults,
};
