/* steady: where warm-up ends and steady state begins (and ends).
 * See DESIGN.md §6 and schemas/steady-state.v1.schema.json.
 *
 * Iterations are found in this order (the first that gives a structure wins):
 *   nvtx           instances of a repeated NVTX range (the outermost regular
 *                  one, or opts->iteration_range); GPU ops are attributed to
 *                  an instance when their launching API call (correlation id
 *                  within the process) started inside it on the range's thread
 *   kernel_period  the period of the kernel-name sequence of one CUDA context,
 *                  iterations cut before an anchor kernel (with the names
 *                  that follow it, an n-gram) that occurs once per period
 *   time_bins      equal time bins of the context's kernel activity
 * Each iteration gets two metrics (nvtx/kernel_period: kernel time and step
 * time; nvtx without attributable GPU ops: range duration and range step;
 * time_bins: GPU-busy share and kernel rate). For each metric, iterations are
 * marked in or out of a robust band around the level (median and MAD), and
 * the warm-up / steady / tear-down split that disagrees with the fewest marks
 * is taken; the steady window is the intersection over both metrics, then
 * the cost is checked for a trend (Mann-Kendall and Theil-Sen). */
#ifndef NSYSQL_STEADY_H
#define NSYSQL_STEADY_H

#include <stdint.h>

#include "nsysql/export/export.h"

typedef struct nsq_steady_opts {
    const char *iteration_range; /* NVTX range name, NULL = pick automatically */
    /* fields below were added after the first version; zero = default */
    const char *method; /* NULL/"auto", "nvtx", "kernel_period", "time_bins" */
    int has_pid;        /* only this process's ranges and kernels */
    int64_t pid;
    int has_device; /* only GPU ops on this physical GPU (devmap.h identity) */
    int64_t device;
    int keep_iterations; /* 1: fill r->iters (release with nsq_steady_release) */
    /* when set and a window is found: called with each steady iteration's step
     * time (metric 1 when it is step_ns; -1 where missing) and kernel time, in
     * order, before nsq_steady_detect() returns */
    void (*steady_value)(void *ctx, int64_t step_ns, int64_t kernel_ns);
    void *steady_ctx;
    /* The capture span, when the caller has it: min start and max end over
     * the valid GPU ops (kernel, memcpy, memset with end >= start) before any
     * filter, as nsq_opscan_stats gives them, and the rows it found invalid
     * (reported as bad_rows). The detection then reads no row for the span,
     * and with has_pid only that process's GPU op rows: ranks' per-rank
     * detections, which share their reads, are not each handed every row. */
    int has_span;
    int64_t span_lo, span_hi, span_bad;
    /* The kernel rows, when the caller has read them already (a feed, see
     * nsq_steady_feed_new): the kernel paths take them from it instead of
     * reading the kernel view. NULL: the detection reads. */
    struct nsq_steady_feed *feed;
    /* 1: with method kernel_period, name the period's kernels in
     * r->period_names (diff tells one loop from another by them) */
    int keep_period_names;
} nsq_steady_opts;

/* A feed: a caller that reads every row of the kernel view anyway (ranks'
 * GPU-op scan) hands them to the detections it runs next, which then need
 * not read them again. One feed serves the detections of one process (o's
 * pid, with has_span; NULL without them: such a detection reads every
 * process's rows for the span), each with has_device, has_pid and has_span
 * and the feed in its options. The rows go in rowid order, every row of the
 * view (the feed keeps its process's): start_ns, end_ns, short_name_id,
 * demangled_name_id, global_pid, device_id, bit i of nulls set when column
 * i is NULL. A detection whose device was not added in time, or whose feed
 * could not take a row (a failed query), reads. Free the feed after the
 * detections. */
typedef struct nsq_steady_feed nsq_steady_feed;
nsq_steady_feed *nsq_steady_feed_new(nsq_export *x, const nsq_steady_opts *o);
/* A detection with --device gpu will take the rows: before the first row of
 * a context on that GPU (else that detection reads). */
void nsq_steady_feed_device(nsq_steady_feed *f, int64_t gpu);
/* How many detections will take the rows (the last takes them over). */
void nsq_steady_feed_users(nsq_steady_feed *f, int n);
void nsq_steady_feed_row(nsq_steady_feed *f, const int64_t *v, unsigned nulls);
void nsq_steady_feed_free(nsq_steady_feed *f);

/* One iteration (or time bin). */
typedef struct nsq_steady_iter {
    int64_t start_ns;       /* first GPU op start (NVTX range start when it has none) */
    int64_t end_ns;         /* last GPU op end (NVTX range end when it has none) */
    int64_t range_start_ns; /* method nvtx: the NVTX range; -1 otherwise */
    int64_t range_end_ns;
    int64_t kernels; /* kernels in the iteration (time_bins: kernels starting in the bin) */
    int64_t
        kernel_time_ns;    /* sum of their durations (time_bins: kernel time overlapping the bin) */
    double value[2];       /* the two metrics (see nsq_steady.metric[].name); NaN = missing */
    char phase;            /* 'w' warm-up, 's' steady, 't' tear-down */
    unsigned char outside; /* bit m set: metric m lies outside its band */
} nsq_steady_iter;

/* How one metric was judged. */
typedef struct nsq_steady_metric {
    char name[32];  /* "kernel_time_ns", "step_ns", "range_ns", "range_step_ns",
                       "busy_share", "kernel_rate_per_s"; "" when unused */
    int integer;    /* values are integer nanoseconds */
    int judged;     /* enough values to judge it (the fields below are set) */
    double level;   /* median over the steady window */
    double scale;   /* 1.4826 * MAD over the steady window */
    double band;    /* half-width of the band: max(3.5 * scale, 2 % of level) */
    int64_t warmup; /* split this metric alone gave */
    int64_t teardown;
    double fit;                                 /* share of iterations agreeing with that split */
    int64_t n;                                  /* values inside the final window */
    int64_t outside;                            /* of which outside the band */
    double median, mad, p25, p75, min, max, cv; /* inside the final window; cv = scale/median */
    double slope; /* Theil-Sen slope per iteration inside the window */
    double drift; /* slope * (n - 1) / level */
    double mk_z;  /* Mann-Kendall z inside the window */
    int trend;    /* |mk_z| > 3.29 and |drift| > 5 % */
} nsq_steady_metric;

typedef struct nsq_steady_warning {
    char code[40];
    char message[320];
} nsq_steady_warning;

#define NSQ_STEADY_MAX_WARNINGS 8
#define NSQ_STEADY_MAX_OUTSIDE 10
#define NSQ_STEADY_PERIOD_NAMES 32

/* A kernel (by short name, else demangled name) of the capture with no
 * instance in the steady window. */
/* The trust checks (README "what confidence means"): a window is given
 * (found = 1) only when single_launch_share < NSQ_STEADY_MAX_SINGLE_SHARE,
 * kernel_time_coverage >= NSQ_STEADY_MIN_KERNEL_COVERAGE and confidence >=
 * NSQ_STEADY_MIN_CONFIDENCE. */
#define NSQ_STEADY_MAX_SINGLE_SHARE 0.5
#define NSQ_STEADY_MIN_KERNEL_COVERAGE 0.25
#define NSQ_STEADY_FULL_KERNEL_COVERAGE 0.5
#define NSQ_STEADY_MIN_CONFIDENCE 0.4

typedef struct nsq_steady_outside {
    char name[256];
    int64_t instances; /* in the whole capture (passing --pid/--device) */
    int64_t total_ns;  /* their summed duration */
} nsq_steady_outside;

typedef struct nsq_steady {
    int found; /* 1 when a steady window was found */
    int64_t steady_start_ns;
    int64_t steady_end_ns;
    char method[32]; /* "nvtx", "kernel_period", "time_bins"; "" when none applied */
    char iteration_name[256];
    int64_t iterations; /* iterations found */
    int64_t warmup_iterations;
    int64_t teardown_iterations;
    /* found with warm-up iterations: where the first of them starts (the
     * warm-up is [warmup_start_ns, steady_start_ns)); -1 otherwise */
    int64_t warmup_start_ns;
    double confidence; /* 0..1; found only when >= NSQ_STEADY_MIN_CONFIDENCE */
    char reason[256];  /* why not found, when found == 0 */
    /* fields below were added after the first version */
    char reason_code[40];     /* "too_few_iterations", "no_steady_state", "no_repetition",
                                 "window_too_small", "low_confidence", ... (schema) */
    int64_t capture_start_ns; /* first GPU op start .. last GPU op end (all devices) */
    int64_t capture_end_ns;
    double coverage; /* steady window / capture span */
    char cost[32];   /* name of metric 0 */
    /* the series analysed */
    int64_t pid;       /* -1 when not one process */
    int64_t tid;       /* nvtx push/pop ranges: the thread; -1 otherwise */
    int64_t device_id; /* kernel_period/time_bins: CUDA ordinal of the context; -1 otherwise */
    int64_t gpu;       /* its physical GPU (devmap identity); -1 when unknown */
    char device_identity[24];
    int64_t kernels_used; /* kernels assigned to iterations */
    int64_t series_count; /* method nvtx: instances of the chosen range */
    /* method kernel_period */
    int64_t period_kernels;   /* kernels per period */
    double period_mismatch;   /* share of positions i with name[i] != name[i + period] */
    int64_t anchor_length;    /* n-gram length of the anchor */
    char anchor[256];         /* short name of the kernel that starts an iteration */
    int64_t prologue_kernels; /* kernels before the first anchor */
    /* method time_bins */
    int64_t bin_ns;
    int64_t steady_iterations;
    nsq_steady_metric metric[2];
    /* confidence = product of these factors, each 0..1 */
    double q_iterations, q_fit, q_trend, q_method, q_noise;
    int trend_trimmed; /* the window was shortened to get rid of a trend */
    int64_t bad_rows;  /* GPU op rows with end < start that were skipped */
    /* What a caller needs to judge the window (added with the reason codes
     * no_repetition, window_too_small, low_confidence). The capture's kernels
     * here are every kernel row with end >= start that passes --pid/--device,
     * on every device and context (not only the series analysed). */
    int64_t kernels_total;  /* those kernels; -1 when not measured (no kernel scan ran) */
    int64_t kernel_time_ns; /* their summed duration; -1 when not measured */
    /* share of kernel_time_ns inside [steady_start_ns, steady_end_ns] (each
     * kernel clipped to the window); -1 when not found or not measured */
    double kernel_time_coverage;
    double window_kernel_time_ns; /* kernel_time_coverage * kernel_time_ns */
    /* share of kernel_time_ns in kernels whose name has one instance only;
     * -1 when not measured. >= 0.5 gives reason_code no_repetition */
    double single_launch_share;
    /* found: the kernels (names) with no instance in the window, longest
     * total first, at most NSQ_STEADY_MAX_OUTSIDE; the rest summed */
    nsq_steady_outside outside[NSQ_STEADY_MAX_OUTSIDE];
    int noutside;
    int64_t outside_rest_names, outside_rest_instances, outside_rest_ns;
    /* a window that judging found but the trust checks turned down
     * (reason_code window_too_small or low_confidence, or no_repetition
     * after a window): its bounds, confidence and coverage; 0 = none */
    int candidate;
    int64_t candidate_start_ns, candidate_end_ns;
    double candidate_confidence, candidate_kernel_time_coverage;
    double
        q_coverage; /* confidence factor: min(1, kernel_time_coverage / 0.5); 1 when not measured */
    nsq_steady_warning warnings[NSQ_STEADY_MAX_WARNINGS];
    int nwarnings;
    nsq_steady_iter *iters; /* opts->keep_iterations: owned, nsq_steady_release() frees */
    int64_t niters;
    /* opts->keep_period_names, method kernel_period: the distinct kernel
     * names (short names) of one period, in period order from the anchor,
     * at most NSQ_STEADY_PERIOD_NAMES, each with its launches per period;
     * period_names_rest: the launches per period of the names left out */
    char period_names[NSQ_STEADY_PERIOD_NAMES][256];
    int64_t period_name_count[NSQ_STEADY_PERIOD_NAMES];
    int nperiod_names;
    int64_t period_names_rest;
} nsq_steady;

/* Detects the steady window. Returns 0 (r->found says whether one exists) or
 * -1 with err when the export cannot be analysed at all. r needs no
 * initialisation; it owns heap memory only when opts->keep_iterations. */
int nsq_steady_detect(nsq_export *x, const nsq_steady_opts *o, nsq_steady *r, nsq_err *err);
/* Frees r->iters (safe on a result without iterations). */
void nsq_steady_release(nsq_steady *r);

#endif
