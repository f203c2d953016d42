/* steady/quantile: the order statistics the stages share: k-th smallest
 * value (quickselect, a radix select above RADIX_MIN values), quantiles,
 * median and 1.4826 * MAD. Holds no memory between calls (a 512 KiB count
 * table while a radix select runs). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int nsq_sd_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Quantile q of sorted v[0..n) with linear interpolation (n > 0). */
double nsq_sd_quantile_sorted(const double *v, int64_t n, double q)
{
    double pos = q * (double)(n - 1);
    int64_t i = (int64_t)floor(pos);
    if (i >= n - 1)
        return v[n - 1];
    return v[i] + (pos - (double)i) * (v[i + 1] - v[i]);
}

/* The k-th smallest (0-based) of v[0..n) (n > 0, no NaN); reorders v
 * (quickselect with a median-of-three pivot, linear on average). */
static double qselect(double *v, int64_t n, int64_t k)
{
    int64_t lo = 0, hi = n - 1;
    while (hi > lo) {
        int64_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
        double a = v[lo], b = v[mid], c = v[hi];
        double piv = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
        while (i <= j) {
            while (v[i] < piv)
                i++;
            while (v[j] > piv)
                j--;
            if (i <= j) {
                double t = v[i];
                v[i++] = v[j];
                v[j--] = t;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return v[k];
    }
    return v[k];
}

/* An unsigned key in the order of the doubles (no NaN); -0.0 gets the key
 * of +0.0, as they compare equal. */
static inline uint64_t dkey(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    if (u == (uint64_t)1 << 63)
        u = 0;
    return u >> 63 ? ~u : u | (uint64_t)1 << 63;
}

#define RADIX_MIN 4096 /* fewer values: quickselect */

/* The k-th smallest (0-based) of v[0..n) (n > 0, no NaN); reorders v.
 * nsq_sd_judge() takes medians of 10^6 values several times; a radix select on the
 * keys (16 bits at a time: count the digits, swap the values whose digit
 * holds the k-th to the front of v and go on with those) is faster than
 * quickselect, whose compares are unpredictable branches. Either gives the
 * same value. */
static double select_kth(double *v, int64_t n, int64_t k)
{
    if (n <= RADIX_MIN)
        return qselect(v, n, k);
    int64_t *cnt = xmalloc(sizeof *cnt * 65536);
    for (int shift = 48; shift >= 0 && n > RADIX_MIN; shift -= 16) {
        memset(cnt, 0, sizeof *cnt * 65536);
        for (int64_t i = 0; i < n; i++)
            cnt[(dkey(v[i]) >> shift) & 0xFFFF]++;
        int64_t below = 0;
        unsigned d = 0;
        while (below + cnt[d] <= k)
            below += cnt[d++];
        int64_t m = 0;
        for (int64_t i = 0; i < n; i++)
            if (((dkey(v[i]) >> shift) & 0xFFFF) == d) {
                double t = v[m];
                v[m++] = v[i];
                v[i] = t;
            }
        /* v stays a permutation of the values: the callers read them on */
        n = m;
        k -= below;
    }
    free(cnt);
    return qselect(v, n, k);
}

/* Quantile q of v[0..n) with linear interpolation, as nsq_sd_quantile_sorted()
 * would give on the sorted values (n > 0); reorders v. */
double nsq_sd_quantile(double *v, int64_t n, double q)
{
    double pos = q * (double)(n - 1);
    int64_t i = (int64_t)floor(pos);
    double lo = select_kth(v, n, i);
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
