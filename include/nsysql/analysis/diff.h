/* diff: baseline versus patch, one or more captures per side.
 *
 * nsq_diff_run() takes the opened exports of both sides and, per capture,
 * resolves the window (default "auto": the steady-state window when it is
 * found in every capture, else the whole capture everywhere), then reads the
 * export once: memcpy and memset rows, then kernel rows, each view in one
 * pass through an aggregate function registered on the connection for the
 * pass, grouping kernel durations by name id in C. Busy time per device is a
 * streaming union (intervals.h) when kernels come in start order, which nsys
 * writes; otherwise the capture is read a second time keeping every
 * interval. Row rules are those of intervals.h: a NULL time or end < start
 * is a bad row (counted, skipped); an op is in the window [ws, we) when
 * start < we and end > ws, a zero-length op when ws <= start <= we; window
 * all takes every valid op and spans the valid ops. Captures (and, for the
 * auto window, their steady-state detections) are processed in parallel, one
 * thread and one connection per capture, up to one thread per CPU. Then the
 * captures are pooled per side by kernel name, names are matched across
 * sides (exact, then normalised by the match rules, match.h), and every
 * kernel gets its statistics, confidence and verdict, followed by the
 * summary with deltas, the attribution of the GPU-busy change, and the
 * overall verdict.
 *
 * Statistics (schemas/diff.v1.schema.json says the same to readers):
 * - per side: instances, per-capture mean of the kernel's total, and the
 *   stats.h statistics of the pooled instance durations (integer mean and
 *   median, p90, min, max, stddev: the definitions top-kernels uses);
 * - significance: Mann-Whitney U (Wilcoxon rank-sum) on the pooled instance
 *   durations, normal approximation with tie and continuity correction,
 *   two-sided; p-values adjusted by Benjamini-Hochberg over every kernel
 *   tested in the call (under an A/A comparison the chance that any kernel is
 *   flagged is then at most alpha);
 * - effect: relative change of the median, with a (1 - alpha) interval of the
 *   median ratio (Bonett & Price: each median's variance from order
 *   statistics, delta method on the log ratio);
 * - with two or more captures on a side: the run-to-run range of the kernel's
 *   per-capture totals, as a % of their mean (the A/A noise floor);
 * - verdict: improved/regressed when the adjusted p < alpha, the median moved
 *   by at least min_effect % and by more than the noise floor; unchanged when
 *   the interval lies inside +-min_effect %, or the change is significant but
 *   below min_effect; inconclusive otherwise (reason given); added/removed for
 *   kernels with no partner. */
#ifndef NSYSQL_DIFF_H
#define NSYSQL_DIFF_H

#include <stdint.h>

#include "nsysql/export/export.h"
#include "nsysql/export/match.h"
#include "nsysql/analysis/shape.h"
#include "nsysql/analysis/scope.h"

enum nsq_diff_side { NSQ_BASE = 0, NSQ_PATCH = 1 };

enum nsq_diff_verdict {
    NSQ_V_IMPROVED = 0,
    NSQ_V_REGRESSED,
    NSQ_V_UNCHANGED,
    NSQ_V_INCONCLUSIVE,
    NSQ_V_ADDED,
    NSQ_V_REMOVED,
    /* added after the first version */
    NSQ_V_REPLACED,         /* a removed and an added kernel paired by role evidence */
    NSQ_V_LIKELY_IMPROVED,  /* single instances: beyond the assumed noise, hedged */
    NSQ_V_LIKELY_REGRESSED,
    NSQ_V_NOT_COMPARABLE,   /* the two sides ran different workloads: no speed verdict */
    NSQ_V_COUNT
};

enum nsq_diff_overall {
    NSQ_O_IMPROVED = 0,
    NSQ_O_REGRESSED,
    NSQ_O_MIXED,
    NSQ_O_UNCHANGED,
    NSQ_O_INCONCLUSIVE,
    NSQ_O_LIKELY_IMPROVED,
    NSQ_O_LIKELY_REGRESSED,
    NSQ_O_NOT_COMPARABLE /* the workload fingerprints differ (workload.c) */
};

/* How a row's per-instance change was judged. */
enum nsq_diff_method {
    NSQ_MT_NONE = 0,      /* not tested (added, removed, replaced) */
    NSQ_MT_MANN_WHITNEY,  /* pooled instances, one launch shape or no shape in common */
    NSQ_MT_VAN_ELTEREN,   /* stratified by launch shape, mix-adjusted change */
    NSQ_MT_WELCH_LOG,     /* small samples: Welch t on log durations */
    NSQ_MT_SINGLE_VS_SAMPLE, /* one instance against 3+ on the other side, t on logs */
    NSQ_MT_SINGLE,        /* one instance per side: assumed noise only */
    NSQ_MT_IDENTICAL,     /* the same durations on both sides */
    NSQ_MT_PAIRED         /* launches paired by position in the sequence, sign test */
};
const char *nsq_diff_method_name(int m);

enum nsq_diff_match { NSQ_M_EXACT = 0, NSQ_M_NORMALIZED, NSQ_M_NONE };

const char *nsq_diff_verdict_name(int v);
const char *nsq_diff_overall_name(int v);
const char *nsq_diff_match_name(int m);

typedef struct nsq_diff_opts {
    const char *window;           /* NULL or "auto": steady everywhere, else all */
    const char *by;               /* short (default) | demangled | mangled | normalized */
    const nsq_filter *filter;     /* device/pid/stream/name/exclude (borrowed) */
    double min_effect_pct;        /* practical threshold, default 2 */
    double alpha;                 /* significance level, default 0.01 */
    const nsq_match_rules *rules; /* borrowed */
    /* fields below were added after the first version; zero = default */
    double assumed_noise_pct; /* run-to-run noise of one instance when none is measured (10) */
    int no_shapes;            /* pool launch shapes (the first version's behaviour) */
    int no_pairing;           /* never pair launches by position */
    int assume_same_workload; /* judge speed even when the fingerprints differ */
} nsq_diff_opts;

/* nsq_shape_key: shape.h */

/* One launch shape of a row's kernel(s). */
typedef struct nsq_diff_shape {
    nsq_shape_key key;
    int64_t instances[2];             /* pooled over a side's captures; 0 = absent */
    int64_t total_ns[2];              /* per-capture mean of the total */
    int64_t median_ns[2], mean_ns[2]; /* stats.h definitions */
    double change_pct;                /* median change; NAN unless on both sides */
    double ci_lo_pct, ci_hi_pct;      /* NAN when not estimable */
    double p;                         /* Mann-Whitney, unadjusted; NAN unless both sides */
} nsq_diff_shape;

/* A removed and an added kernel paired as one replacing the other. */
/* Texts of a row (reasons, pairing) live in the diff's text store until
 * nsq_diff_release, never NULL ("" when there is none): a million rows hold
 * only what they say, not a fixed buffer each. */
typedef struct nsq_diff_pairing {
    int paired;
    const char *evidence;   /* comma-separated codes (at most 159 bytes) */
    const char *confidence; /* high | medium | low */
    const char *why;        /* at most 319 bytes */
} nsq_diff_pairing;

/* Sums over one capture's window, or a side's per-capture means (rounded). */
typedef struct nsq_diff_metrics {
    int64_t window_ns;
    int64_t gpu_busy_ns; /* sum over devices of the union of GPU ops, clipped to the window */
    int64_t gpu_idle_ns; /* sum over devices of window_ns - busy */
    int64_t kernel_ns;   /* sum of kernel durations (kernels overlapping the window) */
    int64_t launches;    /* kernel instances in the window */
    int64_t memcpy_count, memcpy_bytes, memcpy_ns;
    int64_t memset_count, memset_bytes, memset_ns;
    int64_t devices;
} nsq_diff_metrics;

#define NSQ_DIFF_NVTX_NAMES 256

typedef struct nsq_diff_capture {
    char *path;         /* as given */
    char *nsys_version; /* NULL when unknown */
    char *export_schema;
    nsq_window window;
    char window_mode[16]; /* "auto" or "explicit" */
    char window_reason[1024];
    const char *device_identity; /* devmap.h identity names */
    int64_t bad_rows;            /* GPU-op rows with end < start or NULL times: skipped */
    int64_t capture_kernel_ns;   /* kernel time of the whole capture (after filters) */
    int64_t capture_launches;
    int64_t excluded_names;      /* kernel names with no instance in the window */
    int64_t excluded_ns;         /* and the capture kernel time they carry */
    /* the steady window's iterations (auto window, steady used): step and
     * kernel time of each steady iteration (diff.c's 4-byte arrays, freed
     * once compared); NULL otherwise */
    void *it;
    int64_t nit;
    int it_has_kernel; /* kernel time per iteration is known (GPU ops attributed) */
    char it_key[300];  /* what an iteration is: method and range or anchor name */
    /* method kernel_period: kernels per period, the anchor's name as the
     * match rules normalise it, and the iterations found (warm-up and
     * tear-down included); 0 / "" otherwise. See nsq_diff_same_iterations */
    int64_t it_period;
    char it_anchor[256];
    int64_t it_found;
    /* and the period's kernels (normalised as the anchor, distinct, with
     * their launches per period; it_names_rest: launches of names beyond
     * the list) */
    char it_names[32][256];
    int64_t it_name_count[32];
    int it_nnames;
    int64_t it_names_rest;
    double steady_confidence;
    int kernels_in_order;        /* kernels came in start order per device (read once) */
    nsq_diff_metrics m;
    /* workload fingerprint (workload.c): host-to-device [0] and
     * device-to-host [1] copies over the whole capture (after the pid and
     * device filters, whatever the window), and the profiled command */
    int64_t fp_copies[2], fp_bytes[2], fp_largest[2];
    /* the largest copy inside the warm-up iterations (autotuning and
     * compilation move buffers there); fp_largest holds the rest. warm_lo ..
     * warm_hi: the warm-up span (empty when none was found) */
    int64_t fp_largest_warm[2], warm_lo, warm_hi;
    char *command;   /* PROCESS_*:COMMAND of META_DATA_CAPTURE; NULL when absent */
    char *arguments; /* its arguments joined by spaces; NULL when absent */
    char *process;   /* PROCESSES' name of the first kernel's process; NULL when absent */
    char *gpus;      /* the GPU models of TARGET_INFO_GPU, sorted, ", "-joined; NULL when none */
    /* NVTX ranges (push/pop and start/end) by name over the whole capture:
     * names sorted, at most NSQ_DIFF_NVTX_NAMES of them (nvtx_more set when
     * there were more); nvtx_read 0 when the export has no NVTX table */
    char **nvtx_names;
    int64_t *nvtx_counts;
    int nnvtx, nvtx_more, nvtx_read;
} nsq_diff_capture;

typedef struct nsq_diff_sidestat {
    int present;
    int64_t instances;              /* pooled over the side's captures */
    int64_t total_ns;               /* per-capture mean of the kernel's total, rounded */
    int64_t *total_per_capture;     /* [ncaptures], 0 where the kernel did not run (text store) */
    int64_t *instances_per_capture; /* [ncaptures], in the same block (not freed apart) */
    /* stats.h definitions (the same as top-kernels): integer mean and
     * median (floor of the mean of the two middle values), nearest-rank p90 */
    int64_t mean_ns, median_ns, p90_ns, min_ns, max_ns;
    double stddev_ns;  /* sample standard deviation; NAN below 2 instances */
    double spread_pct; /* (max - min) / mean of per-capture totals, %; NAN below 2 captures */
} nsq_diff_sidestat;

/* A row's names, key, neighbours, texts and per-capture sums live in the
 * diff's text store (nsq_diff_release frees them; rows may share them). */
typedef struct nsq_diff_row {
    char *name;      /* the exact name, or the normalised key of a normalised match */
    int match;       /* enum nsq_diff_match */
    char *key;       /* normalised name (always computed) */
    char **names[2]; /* member names per side (the array owned, the names in the text store) */
    int nnames[2], capnames[2];
    uint64_t fired[2]; /* match rules that changed a member name, per side */
    nsq_diff_sidestat s[2];
    /* deltas, patch - baseline; *_pct relative to the baseline (NAN when undefined) */
    double d_instances; /* per-capture mean instances, patch - baseline */
    int64_t d_total_ns;
    double d_mean_ns, d_median_ns;
    double instances_pct, total_pct, mean_pct, median_pct;
    /* confidence */
    int tested; /* both sides present */
    int identical; /* both sides hold exactly the same instance durations */
    double u, z, p, p_adj, p_min;
    double ratio, ci_lo_pct, ci_hi_pct;
    int ci_valid;
    double noise_floor_pct; /* NAN when no side has 2 captures */
    int significant;
    int verdict; /* enum nsq_diff_verdict */
    const char *reason; /* at most 511 bytes, in the diff's text store */
    /* fields below were added after the first version */
    nsq_diff_shape *shapes; /* launch shapes, by baseline total then patch total */
    int nshapes, capshapes;
    int shapes_common;  /* shapes run on both sides */
    int shape_changed;  /* both sides present, no shape in common */
    int method;         /* enum nsq_diff_method */
    double change_pct;  /* the per-instance change the verdict rests on */
    double change_lo_pct, change_hi_pct; /* its interval; NAN when not estimable */
    const char *ci_reason; /* why there is no interval (at most 159 bytes; "" when there is one) */
    double mix_pct;     /* mix-adjusted change over the common shapes; NAN when not computed */
    /* decomposition of d_total (per-capture means): count + mix + speed */
    double dec_count_ns, dec_mix_ns, dec_speed_ns;
    double count_base, count_patch; /* instances per capture */
    /* relative to a common-mode shift (NAN when none was detected) */
    double vs_shift_pct;
    int verdict_vs_shift; /* enum nsq_diff_verdict; -1 when not judged */
    int in_shift;         /* one of the kernels that moved together */
    nsq_diff_pairing pair;
    /* its neighbours in the kernel sequence of its device, per side: the
     * kernel before [0] and after [1] its first instance, and the share of
     * its instances with that same neighbour (NULL when not one name) */
    char *seq[2][2];
    double seq_agree[2][2];
    /* pairing by launch position (one capture, one device, one launch shape
     * and as many instances on each side): the k-th launch of the baseline
     * against the k-th of the patch. rho is NAN when not computed. */
    int paired;          /* rho >= the threshold: the verdict rests on it */
    int64_t pair_n;      /* positions */
    int64_t pair_faster, pair_slower; /* positions where the patch is faster / slower */
    double pair_rho;     /* Spearman correlation of the two duration sequences */
    double pair_p, pair_change_pct, pair_lo_pct, pair_hi_pct;
    /* capture-to-capture noise (noise.c). With one capture on each side a
     * firm verdict needs the interval beyond floor_pct, the larger of the
     * assumed noise and what the captures themselves show: drift of the
     * medians of consecutive blocks of instances, two duration levels under
     * one launch shape. With several captures it is the measured spread of
     * the per-capture medians. */
    double drift_pct[2];      /* max/min - 1 of block medians, dominant shape; NAN if unmeasured */
    int levels[2];            /* 2 when the dominant shape's durations form two levels */
    double level_gap_pct[2];  /* upper level median / lower - 1; NAN unless levels == 2 */
    int64_t p10_ns[2];        /* low quantile of the dominant shape, shown when levels == 2 */
    double capture_spread_pct[2]; /* max/min - 1 of per-capture medians; NAN under 2 captures */
    double pair_drift_pct;    /* block drift of the per-position ratios (paired rows); NAN */
    double block_drift_pct;   /* max/min - 1 of the blockwise changes (8 blocks); NAN */
    /* the change measured in each eighth of the captures (the b-th block of
     * instances against the b-th; per-position ratios when paired): its
     * smallest and largest, %; NAN when a side has under 64 instances */
    double block_lo_pct, block_hi_pct;
    double floor_pct;         /* the noise floor the firm verdict must clear; NAN if none */
    const char *floor_source; /* assumed | block_drift | clock_levels | captures | none (static) */
    double stake_ns;          /* baseline time per capture x per-instance change (signed) */
    /* launched another number of times per iteration than the loop that runs
     * it (nsq_diff_relaunched): a kernel split into more launches, or
     * several launches fused into one. Each launch does other work, so its
     * per-instance change is not its speed: the verdict and the stake rest on
     * its kernel time per iteration (iter_*). */
    int relaunched;
    double relaunch_ratio; /* its launches per iteration, patch / baseline */
    double loop_ratio;     /* the iterations, patch / baseline: the launch ratio of ... */
    int loop_kernels;      /* ... this many of the loop's kernels */
    double iter_pct, iter_lo_pct, iter_hi_pct; /* kernel time per iteration; NAN bounds */
} nsq_diff_row;

typedef struct nsq_diff_iterstat {
    int64_t n;
    double step_ns, kernel_ns; /* medians */
} nsq_diff_iterstat;

/* Per-iteration comparison (steady windows on both sides). */
typedef struct nsq_diff_periter {
    int available;
    char reason[320];
    char metric_step[32]; /* name of the step metric */
    nsq_diff_iterstat s[2];
    double step_pct, step_lo, step_hi, step_p;
    double kernel_pct, kernel_lo, kernel_hi, kernel_p;
    int step_verdict, kernel_verdict; /* enum nsq_diff_verdict */
} nsq_diff_periter;

/* Kernels moving together by a similar ratio. */
typedef struct nsq_diff_shift {
    int detected;
    double pct;       /* the common change */
    int kernels;      /* how many moved together */
    int of;           /* of how many matched, tested kernels */
    double share_pct; /* of the baseline kernel time they carry */
    double lo_pct, hi_pct; /* their range */
} nsq_diff_shift;

/* One item of the workload fingerprint compared across the sides. */
typedef struct nsq_diff_fpitem {
    char item[32];     /* h2d_largest_copy, d2h_largest_copy, arguments, grids, ... */
    int differs;
    int input;         /* an input signal: two or more (or one far off) make not_comparable */
    double ratio;      /* patch / baseline where numeric, else NAN */
    int64_t base, patch; /* numeric values (first capture of each side), -1 when not numeric */
    char detail[320];
} nsq_diff_fpitem;

typedef struct nsq_diff_workload {
    int comparable;    /* 0 when the fingerprints say different workloads */
    int assumed;       /* --assume-same-workload overrode a difference */
    int signals;       /* input signals that differ */
    int same_ranges;   /* the first captures hold the same NVTX ranges, each as often (the
                        * same iterations, whatever the windows' lengths) */
    double count_lo, count_hi; /* launches per capture, patch / baseline, over the matched
                                * kernels (count_n of them; NAN when none) */
    int count_n;
    int unrelated_kernels; /* the kernels in common carry under 5 % of each side's time */
    int nvtx_disjoint;     /* both sides hold NVTX ranges, no name in common */
    int grids_unconfirmed; /* the grids the only signal, the same input not shown: the
                            * kernels on a scaled grid were not judged */
    char reason[400];
    nsq_diff_fpitem *items;
    int nitems;
} nsq_diff_workload;

typedef struct nsq_diff_warning {
    char code[48];
    char *message;
} nsq_diff_warning;

/* A kernel with instances in a capture but none in its window. */
typedef struct nsq_diff_excluded {
    char *name;
    int side;
    int64_t instances, total_ns; /* summed over the side's captures */
} nsq_diff_excluded;

struct nsq_diff_texts;

typedef struct nsq_diff {
    nsq_diff_opts o;
    nsq_diff_capture *cap[2];
    int ncap[2];
    nsq_diff_metrics mean[2]; /* per-capture means per side */
    nsq_diff_row *rows;       /* sorted by |d_total_ns| descending, then name */
    int nrows;
    int counts[NSQ_V_COUNT];
    int matched_exact, matched_normalized, ntests;
    double confidence_level; /* 1 - alpha */
    double z_crit;           /* normal quantile used for the interval */
    int overall;             /* enum nsq_diff_overall */
    char overall_reason[768];
    double unchanged_share_pct; /* % of baseline kernel time in unchanged kernels */
    /* attribution of the GPU-busy change (per-capture means) */
    int64_t busy_delta_ns, memcpy_delta_ns, memset_delta_ns, residual_ns;
    nsq_diff_warning *warnings;
    int nwarnings, capwarnings;
    /* fields below were added after the first version */
    double dec_count_ns, dec_mix_ns, dec_speed_ns; /* over matched kernels */
    double dec_replaced_ns, dec_added_ns, dec_removed_ns;
    int windows_differ; /* the sides' mean windows differ by more than 5 % */
    nsq_diff_periter periter;
    nsq_diff_shift shift;
    int overall_vs_shift; /* enum nsq_diff_overall, when a shift was detected; -1 otherwise */
    char window_choice[16]; /* "steady", "all", "explicit" */
    char window_choice_code[40];
    char window_choice_reason[1024];
    char summary_sentence[640];
    nsq_diff_excluded *excluded;
    int nexcluded, capexcluded;
    nsq_diff_workload workload;
    /* the headline's figures: per-instance change weighed by the baseline
     * kernel time of each tested kernel, and its firm/likely stakes */
    double weighted_change_pct;
    double stake_improved_ns, stake_regressed_ns; /* firm verdicts, baseline time x change */
    double stake_likely_improved_ns, stake_likely_regressed_ns;
    double stake_inconclusive_ns; /* baseline time x point change of inconclusive kernels,
                                   * summed with its sign (< 0: faster) */
    double inconclusive_share_pct; /* % of baseline kernel time in inconclusive kernels */
    /* the GPU span (idle included) beside the kernels: span_role 0 when not
     * weighed, 1 when its move is only said in the reason (too few
     * captures), 2 when it decided the verdict; span_against when it moved
     * against the kernels' headline by more time */
    int span_role, span_against;
    char span_basis[24]; /* "per_iteration", "per_capture" or "busy_per_launch" */
    double span_change_pct, span_delta_ns, span_kernel_delta_ns;
    /* the tested kernels together (headline.together): their changes on a
     * log scale weighed by baseline kernel time, and its interval */
    int agg_valid;
    double agg_pct, agg_lo, agg_hi;
    /* every kernel launched xk alike over the same input, per instance and
     * per capture disagreeing (the verdict then inconclusive): k, or -k for
     * x1/k; 0 otherwise */
    int even_relaunch;
    double even_relaunch_kernel_pct; /* kernel time per capture, patch vs baseline */
    struct nsq_diff_texts *texts; /* the rows' texts (owned; internal.h) */
} nsq_diff;

/* Runs the whole comparison. xs[side] holds ncap[side] >= 1 opened exports
 * (borrowed; the caller closes them afterwards). On success *d holds the
 * result (release with nsq_diff_release). Returns 0, or -1 with err. */
int nsq_diff_run(nsq_diff *d, nsq_export *const *xs_base, int nbase, nsq_export *const *xs_patch,
                 int npatch, const nsq_diff_opts *o, nsq_err *err);
void nsq_diff_release(nsq_diff *d);

/* Statistics used above, exposed for tests and other commands. */
/* Two-sided Mann-Whitney U on sorted samples a[n], b[m] (normal approximation,
 * tie and continuity correction). *u is U of a; *z its standardised value
 * (positive when a tends to be larger). Returns the p-value (1 when n or m is
 * 0, or every value is tied). */
double nsq_mann_whitney(const int64_t *a, int64_t n, const int64_t *b, int64_t m, double *u,
                        double *z);
/* Variance of the median of sorted y[n] (Price & Bonett 2001); -1 when n < 2. */
double nsq_median_variance(const int64_t *y, int64_t n);
/* Student's t: two-sided p of t with df degrees of freedom, and the
 * quantile q in (0.5, 1). */
double nsq_t_two_sided_p(double t, double df);
double nsq_t_quantile(double q, double df);
/* Standard normal quantile (inverse CDF), p in (0, 1). */
double nsq_normal_quantile(double p);
/* Sorts non-negative int64 values ascending (LSD radix; tmp holds n values). */
void nsq_sort_durations(int64_t *v, int64_t n, int64_t *tmp);

#endif
