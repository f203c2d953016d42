/* steady/quantile: the order statistics the stages share: k-th smallest
 * value (nsq_select_double, stats.h), quantiles,
 * median and 1.4826 * MAD. Holds no memory between calls. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Quantile q of sorted v[0..n) with linear interpolation (n > 0). */
double nsq_sd_quantile_sorted(const double *v, int64_t n, double q)
{
    double pos = q * (double)(n - 1);
    int64_t i = (int64_t)floor(pos);
    if (i >= n - 1)
        return v[n - 1];
    return v[i] + (pos - (double)i) * (v[i + 1] - v[i]);
}

/* Quantile q of v[0..n) with linear interpolation, as nsq_sd_quantile_sorted()
 * would give on the sorted values (n > 0); reorders v. */
double nsq_sd_quantile(double *v, int64_t n, double q)
{
    double pos = q * (double)(n - 1);
    int64_t i = (int64_t)floor(pos);
    double lo = nsq_select_double(v, n, i);
    if (i >= n - 1 || pos == (double)i)
        return lo;
    /* the next order statistic: lo again when more than i + 1 values are
     * <= lo, else the least value above lo */
    int64_t le = 0;
    double hi = INFINITY;
    for (int64_t j = 0; j < n; j++) {
        double x = v[j], above = x > lo ? x : INFINITY; /* no branches: min and cmov */
        le += x <= lo;
        hi = above < hi ? above : hi;
    }
    if (le >= i + 2)
        hi = lo;
    return lo + (pos - (double)i) * (hi - lo);
}

/* Median and 1.4826 * MAD of v[0..n) (n > 0); reorders v, uses scratch. */
void nsq_sd_median_scale(double *v, int64_t n, double *scratch, double *med, double *scale)
{
    *med = nsq_sd_quantile(v, n, 0.5);
    for (int64_t i = 0; i < n; i++)
        scratch[i] = fabs(v[i] - *med);
    *scale = 1.4826 * nsq_sd_quantile(scratch, n, 0.5);
}

/* The same, in place: v[0..n) ends up holding the absolute deviations. */
void nsq_sd_median_scale_inplace(double *v, int64_t n, double *med, double *scale)
{
    *med = nsq_sd_quantile(v, n, 0.5);
    for (int64_t i = 0; i < n; i++)
        v[i] = fabs(v[i] - *med);
    *scale = 1.4826 * nsq_sd_quantile(v, n, 0.5);
}
