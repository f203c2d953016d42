/* Functions the files of src/analysis/diff/ share (not part of diff.h).
 *
 * diff.c      reading the captures, pooling, matching, the per-kernel tests,
 *             the overall verdict and its sentence
 * noise.c     capture-to-capture noise: block drift, duration levels,
 *             per-capture medians, the floor a firm verdict must clear
 * workload.c  the workload fingerprint and the not_comparable rule */
#ifndef NSYSQL_DIFF_INTERNAL_H
#define NSYSQL_DIFF_INTERNAL_H

#include <stdint.h>

#include "nsysql/analysis/diff.h"

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
void nsq_diff_levels(const int64_t *sorted, int64_t n, int *levels, double *gap_pct,
                     int64_t *p10);
/* The noise floor of a tested row (floor_pct, floor_source), from the
 * assumed noise, the drift and levels of each side (one capture per side),
 * or the per-capture medians' spread (several captures). */
void nsq_diff_row_floor(const nsq_diff *d, nsq_diff_row *r);

/* ---- workload.c ---- */

/* Reads the profiled command and its arguments (META_DATA_CAPTURE) into c;
 * leaves them NULL when the export does not record them. */
void nsq_diff_read_command(nsq_export *x, nsq_diff_capture *c);
/* Compares the sides' fingerprints (copies, arguments, grids, launch
 * counts, kernel set) into d->workload; when they say different workloads
 * (and --assume-same-workload is not given), every tested row's verdict
 * becomes not_comparable. Rows must be built and judged. */
void nsq_diff_judge_workload(nsq_diff *d);
void nsq_diff_workload_release(nsq_diff_workload *w);

#endif
