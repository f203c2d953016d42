/* Types and functions the files of src/analysis/diff/ share (not part of
 * diff.h).
 *
 * diff.c      names, the rows (pooling, the per-kernel statistics and
 *             test), matching, the run
 * verdict.c   each row's verdict and reason from its test, interval and floor
 * pairing.c   launches paired by position (sign test on per-launch ratios)
 * texts.c     the store of the rows' names, texts and per-capture sums
 * stats.c     quantiles, the rank test, the median's variance, radix sorts
 * scan.c      reading the captures in parallel and merging them into sides
 * windows.c   the default window and the steady iterations
 * replaced.c  removed and added kernels paired as replacements
 * noise.c     capture-to-capture noise: block changes, duration levels,
 *             per-capture medians, the floor a firm verdict must clear
 * workload.c  the workload fingerprint and the not_comparable rule
 * headline.c  common shift, per-iteration comparison, the overall verdict
 *             weighed by time, the decomposition and the summary sentence */
#ifndef NSYSQL_DIFF_INTERNAL_H
#define NSYSQL_DIFF_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/diff.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/util/strbuf.h"

/* string -> int; keys are borrowed pointers that must outlive the map. Each
 * slot keeps its key's hash, so a probe reads the key only when the hashes
 * agree. */
typedef struct smap {
    const char **keys;
    int *vals;
    uint32_t *hashes;
    size_t cap, n;
} smap;

/* Instance durations as they are read: 4 bytes each (a duration is under
 * 4.3 s all but always); one outside [0, 2^32) ns is kept aside, with its
 * index, and put back when its row is pooled. At 10^8 instances a side this
 * halves what diff holds between reading the captures and pooling a row. */
typedef struct durarr {
    uint32_t *v;
    int64_t n, cap;
    int64_t *wide; /* pairs (index, duration) */
    int64_t nwide, capwide;
} durarr;

/* The capture-to-capture noise assumed with one capture per side
 * (--assumed-noise, 10 % by default), in per cent. */
static inline double nsq_diff_assumed_noise(const nsq_diff *d)
{
    return d->o.assumed_noise_pct > 0 ? d->o.assumed_noise_pct : 10;
}

static inline void nsq_diff_dur_push(durarr *a, int64_t x)
{
    if (a->n == a->cap) {
        /* from one: most names of an export with many names run a few times */
        a->cap = a->cap ? a->cap * 2 : 1;
        a->v = xrealloc(a->v, sizeof(*a->v) * (size_t)a->cap);
    }
    if (x < 0 || x > (int64_t)UINT32_MAX) {
        if (a->nwide == a->capwide) {
            a->capwide = a->capwide ? a->capwide * 2 : 4;
            a->wide = xrealloc(a->wide, 2 * sizeof(*a->wide) * (size_t)a->capwide);
        }
        a->wide[2 * a->nwide] = a->n;
        a->wide[2 * a->nwide + 1] = x;
        a->nwide++;
        x = 0;
    }
    a->v[a->n++] = (uint32_t)x;
}

/* Appends a's durations to out (room for a->n more) as 64-bit values. */
static inline void nsq_diff_dur_expand(const durarr *a, int64_t *out)
{
    for (int64_t i = 0; i < a->n; i++)
        out[i] = a->v[i];
    for (int64_t k = 0; k < a->nwide; k++)
        out[a->wide[2 * k]] = a->wide[2 * k + 1];
}

static inline void nsq_diff_dur_free(durarr *a)
{
    free(a->v);
    free(a->wide);
    memset(a, 0, sizeof *a);
}

/* One launch shape of a side entry: its captures' durations. */
typedef struct sshape {
    nsq_shape_key key;
    durarr *chunks; /* one per capture */
    int *ccap;      /* the capture (index on its side) of each chunk */
    int nchunks, capchunks;
} sshape;

/* One name (or, with --by normalized, one normalised name) on one side. */
typedef struct sentry {
    char *name;     /* owned */
    char **members; /* raw names folded into it (owned) */
    int nmembers, capmembers;
    uint64_t fired; /* rules that changed a member (with --by normalized) */
    int64_t *count; /* [ncap] */
    int64_t *sum;   /* [ncap] */
    sshape *sh;
    int nsh, capsh;
    char *key; /* normalised name (owned), computed for matching */
    uint64_t key_fired;
    int used;        /* taken by a row */
    char *seq[2];    /* name of the kernel before / after it (first capture), owned */
    double agree[2]; /* share of its instances with that neighbour */
} sentry;

typedef struct side {
    sentry *e;
    int n, cap;
    smap map;
} side;

/* The smallest standard deviation of log durations a test assumes: integer
 * nanoseconds of a repeated kernel can be exactly equal, and a zero spread
 * would make any difference infinitely significant. 0.1 %. */
#define LOG_SD_FLOOR 0.001

/* The t test on log durations: with fewer values than this on a side, the
 * two variances are pooled (Student's t) instead of Welch's. */
#define SMALL_SIDE 5

/* When diff's default window trusts a steady-state window (README, "Reading
 * a diff"): found in every capture, with at least this confidence and this
 * many steady iterations, and, once read, holding at least
 * DIFF_STEADY_MIN_COVERAGE of each capture's kernel instances, with kernels
 * that run only outside it carrying at most DIFF_STEADY_MAX_EXCLUDED of its
 * kernel time. */
#define DIFF_STEADY_MIN_CONFIDENCE 0.5
#define DIFF_STEADY_MIN_ITERATIONS 5
#define DIFF_STEADY_MIN_COVERAGE 0.5
#define DIFF_STEADY_MAX_EXCLUDED 0.05

/* ---- diff.c ---- */
void nsq_diff_warn(nsq_diff *d, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The statistics of stats.h from sorted values (does not reorder v). */
void nsq_diff_sorted_stats(nsq_stats *st, const int64_t *v, int64_t n);
/* (patch - base) / base in %, NAN when undefined. */
double nsq_diff_rel_pct(double base, double patch);
/* The interval of a ratio from the standard error of its log; 0 with a
 * reason when it cannot be estimated or spans more than a factor of 100. */
int nsq_diff_ratio_interval(double ratio, double se, double crit, double *lo, double *hi,
                            char *reason, size_t rsz);

/* ---- texts.c ---- */

/* The room of each row text, as the fixed buffers had it (a text is cut to
 * one byte less, as snprintf cuts). */
#define NSQ_DIFF_REASON_CAP 512
#define NSQ_DIFF_CI_REASON_CAP 160
#define NSQ_DIFF_EVIDENCE_CAP 160
#define NSQ_DIFF_CONFIDENCE_CAP 8
#define NSQ_DIFF_WHY_CAP 320
#define NSQ_DIFF_TEXT_MAX 512 /* the largest of them */
/* A copy of s (at most cap - 1 bytes) in d's text store, "" for an empty
 * one; it lives until nsq_diff_release. */
const char *nsq_diff_text(nsq_diff *d, const char *s, size_t cap);
/* A whole copy of s in the store (kernel names and keys of the sides and
 * rows: writable, never freed alone). */
char *nsq_diff_name(nsq_diff *d, const char *s);
/* n zeroed int64 values in the store (a row's per-capture sums). */
int64_t *nsq_diff_zeros(nsq_diff *d, size_t n);
/* The same for a formatted text (cap at most NSQ_DIFF_TEXT_MAX). */
const char *nsq_diff_textf(nsq_diff *d, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void nsq_diff_texts_free(nsq_diff *d);

/* ---- stats.c ---- */
void nsq_diff_radix_u32(uint32_t *v, int64_t n, uint32_t *tmp);
/* A key and its payload; nsq_diff_radix_kv sorts by key, stably. */
typedef struct nsq_diff_kv {
    uint64_t k;
    int64_t i;
} nsq_diff_kv;
void nsq_diff_radix_kv(nsq_diff_kv *v, int64_t n, nsq_diff_kv *tmp);
/* Frees what a row owns (not the row itself). */
void nsq_diff_row_release(nsq_diff_row *r);

/* P(Binomial(n, 1/2) <= k). */
double nsq_diff_binom_half_cdf(int64_t n, int64_t k);
/* The smallest two-sided p a rank test on n and m values can give. */
double nsq_diff_mw_min_p(int64_t n, int64_t m);
/* U of a and its tie-corrected variance under H0, sorted a[n], b[m]. */
void nsq_diff_mw_parts(const int64_t *a, int64_t n, const int64_t *b, int64_t m, double *u,
                       double *var);
/* The two-sided p of nsq_mann_whitney from the parts (n, m >= 1), and its z. */
double nsq_diff_mw_p(int64_t n, int64_t m, double u, double var, double *z);
/* Mean and sample variance of the logs of v[n] (below 1 ns read as 1). */
void nsq_diff_log_moments(const int64_t *v, int64_t n, double *mean, double *var);

/* ---- scan.c ---- */
int nsq_diff_smap_get(const smap *m, const char *key);
void nsq_diff_smap_put(smap *m, const char *key, int val);
/* Makes room for n keys in all, so that they go in without rehashing. */
void nsq_diff_smap_reserve(smap *m, size_t n);
void nsq_diff_smap_free(smap *m);
/* Runs fn(ctx, i) for i in [0, n) on up to one thread per CPU. */
void nsq_diff_parallel_for(int n, void (*fn)(void *ctx, int i), void *ctx);
/* Reads every capture into the two sides: 0, 1 when a steady window holds
 * no kernel, -1 with err. */
int nsq_diff_scan_all(nsq_diff *d, side sd[2], nsq_export *const *xs[2], nsq_err *err);
void nsq_diff_side_free(side *s);

/* ---- windows.c ---- */
int nsq_diff_resolve_windows(nsq_diff *d, nsq_export *const *xs[2], nsq_err *err);
void nsq_diff_free_iters(nsq_diff_capture *c);
/* Whether the steady iterations of two captures are one thing: the same NVTX
 * range, or kernel periods of one length (of one kernel: the same kernel,
 * normalised, or a renamed one when both loops ran as many times). */
int nsq_diff_same_iterations(const nsq_diff_capture *a, const nsq_diff_capture *b);
/* Two found iteration counts that tell one loop: within 10 % (or 1). */
int nsq_diff_same_count(int64_t a, int64_t b);

/* ---- replaced.c ---- */
void nsq_diff_pair_replaced(nsq_diff *d);

/* ---- headline.c ---- */
void nsq_diff_common_shift(nsq_diff *d);
void nsq_diff_per_iteration(nsq_diff *d);
void nsq_diff_side_means(nsq_diff *d, int s);
void nsq_diff_overall(nsq_diff *d);
void nsq_diff_summary_decomposition(nsq_diff *d);
void nsq_diff_summary_sentence(nsq_diff *d);

/* ---- noise.c ---- */

/* Instances needed before block medians are compared: 8 blocks of 8. */
#define DIFF_DRIFT_MIN_N 64
#define DRIFT_BLOCKS 8
/* Medians of 8 consecutive blocks of v[n] (launch order) into out; returns
 * 8, or 0 when n < DIFF_DRIFT_MIN_N. Each block's median is taken from at
 * most 2049 evenly spaced instances of the block. */
int nsq_diff_block_medians_u32(const uint32_t *v, int64_t n, double *out);
/* max/min - 1 of m[n] in % (NAN unless all positive); of b[i]/a[i]. */
double nsq_diff_spread_pct(const double *m, int n);
double nsq_diff_ratio_spread_pct(const double *a, const double *b, int n);
/* Smallest and largest b[i]/a[i] - 1 in % (NAN unless all positive). */
void nsq_diff_ratio_range_pct(const double *a, const double *b, int n, double *lo, double *hi);
/* exp(max - min) - 1 in % of the block medians of log ratios v[n]; their
 * smallest and largest as changes in % into *lo, *hi. NAN when n < 64. */
double nsq_diff_block_drift_logs(const double *v, int64_t n, double *lo, double *hi);
/* Median of v[n] (the same sampling as above for n > 65537); 0 when n = 0. */
double nsq_diff_median_u32(const uint32_t *v, int64_t n);
/* Two duration levels in sorted[n]: the widest relative gap between
 * neighbours with at least 10 % of the instances on each side, when it is
 * at least 10 %. Sets *levels to 2 or 1, *gap_pct to the upper level's
 * median over the lower's minus 1 (NAN for one level), *p10 to the 10th
 * percentile (nearest rank). */
void nsq_diff_levels(const int64_t *sorted, int64_t n, int *levels, double *gap_pct, int64_t *p10);
/* The noise floor of a tested row (floor_pct, floor_source), from the
 * assumed noise, the drift and levels of each side (one capture per side),
 * or the per-capture medians' spread (several captures). */
void nsq_diff_row_floor(const nsq_diff *d, nsq_diff_row *r);
/* verdict.c: the row's verdict and reason from its statistics and floor */
void nsq_diff_row_verdict(nsq_diff *d, nsq_diff_row *r);
/* verdict.c: matched kernels launched another number of times per iteration
 * of the same loop (a kernel-period loop with the same anchor on every
 * capture) are judged by their kernel time per iteration (nsq_diff_row's
 * relaunched); after the row verdicts and the replacements. */
void nsq_diff_relaunched(nsq_diff *d);
/* verdict.c: every matched kernel launched exactly k times as often (k > 0)
 * or k times less often (-k), k >= 2, over the same input, no material
 * kernel coming or going: each launch split in k (or k fused), or k times
 * the iterations, which the kernels alone cannot tell apart; 0 otherwise. */
int nsq_diff_even_relaunch(const nsq_diff *d);
/* The change a row's verdict rests on: per iteration for a relaunched row,
 * else per instance. */
double nsq_diff_judged_pct(const nsq_diff_row *r);

/* ---- pairing.c ---- */

/* Rows with one capture and one shape a side and this many instances on each
 * (beyond that the pooled test has power enough) are tried for pairing. */
#define DIFF_PAIRED_MIN_N 8
#define DIFF_PAIRED_MAX_N 200000

/* a and b: the row's durations in launch order, n each. When they are
 * strongly rank-correlated, the row's pair_* members hold the paired test
 * (paired set); pair_n and pair_rho are set either way. */
void nsq_diff_pair_by_position(nsq_diff *d, nsq_diff_row *row, const int64_t *a, const int64_t *b,
                               int64_t n);

/* ---- workload.c ---- */

/* Reads the profiled command and its arguments (META_DATA_CAPTURE) into c;
 * leaves them NULL when the export does not record them. */
void nsq_diff_read_command(nsq_export *x, nsq_diff_capture *c);
/* The GPU models the export names (the device view) into c->gpus. */
void nsq_diff_read_gpus(nsq_export *x, nsq_diff_capture *c);
/* NVTX range names and counts of the whole capture (c->nvtx_*). */
void nsq_diff_read_nvtx(nsq_export *x, nsq_diff_capture *c);
/* Compares the sides' fingerprints (copies, arguments, grids, launch
 * counts, kernel set) into d->workload; when they say different workloads
 * (and --assume-same-workload is not given), every tested row's verdict
 * becomes not_comparable. Rows must be built and judged. */
void nsq_diff_judge_workload(nsq_diff *d);
void nsq_diff_workload_release(nsq_diff_workload *w);
/* The fingerprint item named item ("gpus", "launch_counts", ...), or NULL
 * when the comparison did not add it. */
const nsq_diff_fpitem *nsq_diff_fp_item(const nsq_diff_workload *w, const char *item);

#endif
