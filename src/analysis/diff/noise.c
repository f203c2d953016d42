/* Capture-to-capture noise (internal.h).
 *
 * The instances of a kernel inside one capture are not independent samples
 * of what another capture would show: dynamic clocks, memory placement and
 * drift move a capture's median as a whole. With one capture per side that
 * between-capture variance cannot be measured, so a firm verdict must clear
 * a floor, the assumed noise (--assumed-noise) raised to the gap between two
 * duration levels under one launch shape (clock levels: the median jumps
 * when the mix moves), and the change must show in every eighth of the
 * captures (the b-th block of instances of one side against the b-th of the
 * other: a structure both captures share, work that shrinks along the run,
 * cancels; a clock phase or drift in one capture does not). With several
 * captures on a side the floor is measured: the spread of the per-capture
 * medians. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nsysql/util/strbuf.h"

#define SAMPLE_MAX 2049
#define LEVEL_MIN_GAP 0.10   /* relative gap between two levels */
#define LEVEL_MIN_SHARE 0.10 /* instances on each side of the gap */

/* Median of n values read through get(off + i), at most SAMPLE_MAX of them
 * (evenly spaced) when n is larger. */
static double sampled_median(const void *v, int64_t off, int64_t n,
                             double (*get)(const void *, int64_t), double *buf)
{
    if (n <= 0)
        return NAN;
    int64_t k = n <= SAMPLE_MAX ? n : SAMPLE_MAX;
    for (int64_t i = 0; i < k; i++)
        buf[i] =
            get(v, off + (k == n ? i : (int64_t)((double)i * (double)(n - 1) / (double)(k - 1))));
    double hi = nsq_select_double(buf, k, k / 2);
    return k % 2 ? hi : (nsq_select_double(buf, k, k / 2 - 1) + hi) / 2;
}

static double get_u32(const void *v, int64_t i)
{
    return (double)((const uint32_t *)v)[i];
}

static double get_f64(const void *v, int64_t i)
{
    return ((const double *)v)[i];
}

/* Medians of DRIFT_BLOCKS consecutive blocks of v[n]; returns the count
 * (0 when n < DIFF_DRIFT_MIN_N). */
static int block_medians(const void *v, int64_t n, double (*get)(const void *, int64_t),
                         double *out)
{
    if (n < DIFF_DRIFT_MIN_N)
        return 0;
    double *buf = xmalloc(sizeof(double) * SAMPLE_MAX);
    for (int64_t b = 0; b < DRIFT_BLOCKS; b++) {
        int64_t s = n * b / DRIFT_BLOCKS, e = n * (b + 1) / DRIFT_BLOCKS;
        out[b] = sampled_median(v, s, e - s, get, buf);
    }
    free(buf);
    return DRIFT_BLOCKS;
}

int nsq_diff_block_medians_u32(const uint32_t *v, int64_t n, double *out)
{
    return block_medians(v, n, get_u32, out);
}

double nsq_diff_spread_pct(const double *m, int n)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < n; i++) {
        lo = fmin(lo, m[i]);
        hi = fmax(hi, m[i]);
    }
    return n > 0 && lo > 0 ? 100 * (hi / lo - 1) : NAN;
}

void nsq_diff_ratio_range_pct(const double *a, const double *b, int n, double *lo, double *hi)
{
    *lo = *hi = NAN;
    if (n <= 0)
        return;
    double l = INFINITY, h = -INFINITY;
    for (int i = 0; i < n; i++) {
        if (!(a[i] > 0) || !(b[i] > 0))
            return;
        l = fmin(l, b[i] / a[i]);
        h = fmax(h, b[i] / a[i]);
    }
    *lo = 100 * (l - 1);
    *hi = 100 * (h - 1);
}

double nsq_diff_ratio_spread_pct(const double *a, const double *b, int n)
{
    double lo, hi;
    nsq_diff_ratio_range_pct(a, b, n, &lo, &hi);
    return isnan(lo) ? NAN : 100 * ((1 + hi / 100) / (1 + lo / 100) - 1);
}

double nsq_diff_block_drift_logs(const double *v, int64_t n, double *lo, double *hi)
{
    double m[DRIFT_BLOCKS];
    *lo = *hi = NAN;
    if (!block_medians(v, n, get_f64, m))
        return NAN;
    double l = INFINITY, h = -INFINITY;
    for (int i = 0; i < DRIFT_BLOCKS; i++) {
        l = fmin(l, m[i]);
        h = fmax(h, m[i]);
    }
    *lo = 100 * expm1(l);
    *hi = 100 * expm1(h);
    return 100 * expm1(h - l);
}

double nsq_diff_median_u32(const uint32_t *v, int64_t n)
{
    if (n <= 0)
        return 0;
    double *buf = xmalloc(sizeof(double) * SAMPLE_MAX);
    double m = sampled_median(v, 0, n, get_u32, buf);
    free(buf);
    return m;
}

static double median_of_sorted(const int64_t *v, int64_t n)
{
    return n % 2 ? (double)v[n / 2] : ((double)v[n / 2 - 1] + (double)v[n / 2]) / 2;
}

void nsq_diff_levels(const int64_t *v, int64_t n, int *levels, double *gap_pct, int64_t *p10)
{
    *levels = 1;
    *gap_pct = NAN;
    int64_t rank10 = (int64_t)ceil(0.10 * (double)n);
    *p10 = n > 0 ? v[(rank10 < 1 ? 1 : rank10) - 1] : 0;
    if (n < 20)
        return;
    int64_t from = (int64_t)ceil(LEVEL_MIN_SHARE * (double)n), to = n - from;
    double best = 0;
    int64_t at = -1;
    for (int64_t i = from - 1; i < to && i + 1 < n; i++) {
        if (v[i] <= 0)
            continue;
        double g = (double)v[i + 1] / (double)v[i] - 1;
        if (g > best)
            best = g, at = i;
    }
    if (at < 0 || best < LEVEL_MIN_GAP)
        return;
    double lo = median_of_sorted(v, at + 1), hi = median_of_sorted(v + at + 1, n - at - 1);
    if (!(lo > 0))
        return;
    *levels = 2;
    *gap_pct = 100 * (hi / lo - 1);
}

void nsq_diff_row_floor(const nsq_diff *d, nsq_diff_row *r)
{
    r->floor_pct = NAN;
    r->floor_source = "none";
    if (!r->tested || r->identical)
        return;
    if (d->ncap[0] >= 2 || d->ncap[1] >= 2) {
        /* measured: the spread of a side's per-capture medians stands for both */
        double f = NAN;
        for (int s = 0; s < 2; s++)
            if (!isnan(r->capture_spread_pct[s]))
                f = isnan(f) ? r->capture_spread_pct[s] : fmax(f, r->capture_spread_pct[s]);
        if (!isnan(f)) {
            r->floor_pct = f;
            r->floor_source = "captures";
        }
        return;
    }
    double f = nsq_diff_assumed_noise(d);
    const char *src = "assumed";
    /* clock levels: the median jumps between them when the mix moves from
     * one capture to the next (positions explain a paired row's spread) */
    if (r->method != NSQ_MT_PAIRED)
        for (int s = 0; s < 2; s++)
            if (r->levels[s] == 2 && r->level_gap_pct[s] > f)
                f = r->level_gap_pct[s], src = "clock_levels";
    r->floor_pct = f;
    r->floor_source = src;
}
