/* Statistics of diff (diff.h, internal.h): the normal and Student t
 * quantiles, the rank test, the median's variance, radix sorting. */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/analysis/steady.h"
#include "nsysql/analysis/window.h"
#include "nsysql/export/devmap.h"
#include "nsysql/export/parscan.h"
#include "nsysql/util/radix.h"
#include "nsysql/util/strbuf.h"

/* ---- statistics ----------------------------------------------------------- */

double nsq_normal_quantile(double p)
{
    /* Acklam's rational approximation, then one Halley step on erfc */
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                               -2.759285104469687e+02, 1.383577518672690e+02,
                               -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                               -1.556989798598866e+02, 6.680131188771972e+01,
                               -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                               -2.400758277161838e+00, -2.549732539343734e+00,
                               4.374664141464968e+00,  2.938163982698783e+00};
    static const double e[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    double q, r, x;
    if (!(p > 0 && p < 1))
        return p <= 0 ? -INFINITY : INFINITY;
    if (p < 0.02425) {
        q = sqrt(-2 * log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((e[0] * q + e[1]) * q + e[2]) * q + e[3]) * q + 1);
    } else if (p > 1 - 0.02425) {
        q = sqrt(-2 * log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((e[0] * q + e[1]) * q + e[2]) * q + e[3]) * q + 1);
    } else {
        q = p - 0.5;
        r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    double err = 0.5 * erfc(-x / sqrt(2.0)) - p;
    double u = err * sqrt(2 * M_PI) * exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

/* Durations are never negative, so their bits order them. */
NSQ_RADIX_SORT(radix_i64, int64_t, uint64_t)
NSQ_RADIX_SORT(radix_u32, uint32_t, uint32_t)

void nsq_sort_durations(int64_t *v, int64_t n, int64_t *tmp)
{
    if (n < 2)
        return;
    if (n < 64) {
        for (int64_t i = 1; i < n; i++) {
            int64_t x = v[i], j = i;
            for (; j > 0 && v[j - 1] > x; j--)
                v[j] = v[j - 1];
            v[j] = x;
        }
        return;
    }
    radix_i64(v, n, tmp);
}

double nsq_mann_whitney(const int64_t *a, int64_t n, const int64_t *b, int64_t m, double *u,
                        double *z)
{
    *u = 0;
    *z = 0;
    if (n <= 0 || m <= 0)
        return 1.0;
    double var;
    nsq_diff_mw_parts(a, n, b, m, u, &var);
    return nsq_diff_mw_p(n, m, *u, var, z);
}

double nsq_diff_mw_p(int64_t n, int64_t m, double u, double var, double *z)
{
    double dn = (double)n, dm = (double)m;
    *z = 0;
    if (!(var > 0))
        return 1.0;
    double dev = u - dn * dm / 2.0;
    double cc = fabs(dev) > 0.5 ? fabs(dev) - 0.5 : 0.0;
    *z = copysign(cc / sqrt(var), dev);
    return erfc(fabs(*z) / sqrt(2.0));
}

/* P(Binomial(n, 1/2) <= k), summed downwards from k until terms vanish. */
double nsq_diff_binom_half_cdf(int64_t n, int64_t k)
{
    if (k < 0)
        return 0;
    if (k >= n)
        return 1;
    double dn = (double)n;
    double t =
        exp(lgamma(dn + 1) - lgamma((double)k + 1) - lgamma(dn - (double)k + 1) - dn * log(2.0));
    double sum = t;
    for (int64_t i = k; i > 0; i--) {
        t *= (double)i / (dn - (double)i + 1);
        sum += t;
        if (t < sum * 1e-17)
            break;
    }
    return sum > 1 ? 1 : sum;
}

double nsq_median_variance(const int64_t *y, int64_t n)
{
    if (n < 2)
        return -1;
    int64_t c = (int64_t)llround((double)n / 2.0 - sqrt((double)n));
    if (c < 1)
        c = 1;
    double lower = (double)y[c - 1], upper = (double)y[n - c];
    double alpha_star = 2 * nsq_diff_binom_half_cdf(n, c - 1);
    if (!(alpha_star < 1))
        return -1;
    double zs = nsq_normal_quantile(1 - alpha_star / 2);
    double s = (upper - lower) / (2 * zs);
    return s * s;
}

/* Exact two-sided p of complete separation: the smallest p a rank test on
 * n and m values can give. */
double nsq_diff_mw_min_p(int64_t n, int64_t m)
{
    double lc = lgamma((double)(n + m) + 1) - lgamma((double)n + 1) - lgamma((double)m + 1);
    double p = 2 * exp(-lc);
    return p > 1 ? 1 : p;
}

/* U of a and its variance under H0 (tie-corrected) for sorted a[n], b[m]. */
void nsq_diff_mw_parts(const int64_t *a, int64_t n, const int64_t *b, int64_t m, double *u,
                       double *var)
{
    int64_t i = 0, j = 0;
    double rank = 0, ra = 0, ties = 0;
    while (i < n || j < m) {
        int64_t v = (j >= m || (i < n && a[i] <= b[j])) ? a[i] : b[j];
        int64_t ca = 0, cb = 0;
        while (i < n && a[i] == v)
            i++, ca++;
        while (j < m && b[j] == v)
            j++, cb++;
        double t = (double)(ca + cb);
        ra += (double)ca * (rank + (t + 1) / 2.0);
        ties += t * t * t - t;
        rank += t;
    }
    double dn = (double)n, dm = (double)m, N = dn + dm;
    *u = ra - dn * (dn + 1) / 2.0;
    *var = N > 1 ? dn * dm / 12.0 * ((N + 1) - ties / (N * (N - 1))) : 0;
}

/* Continued fraction of the regularised incomplete beta (modified Lentz). */
static double betacf(double a, double b, double x)
{
    const double tiny = 1e-300;
    double qab = a + b, qap = a + 1, qam = a - 1, c = 1, d = 1 - qab * x / qap;
    if (fabs(d) < tiny)
        d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 300; m++) {
        int m2 = 2 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1 + aa * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1 + aa / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1 / d;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1 + aa * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1 + aa / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1) < 1e-15)
            break;
    }
    return h;
}

/* Regularised incomplete beta I_x(a, b). */
static double ibeta(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    double lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
    if (x < (a + 1) / (a + b + 2))
        return exp(lbt) * betacf(a, b, x) / a;
    return 1 - exp(lbt) * betacf(b, a, 1 - x) / b;
}

/* Two-sided p of Student's t with df degrees of freedom. */
double nsq_t_two_sided_p(double t, double df)
{
    if (isnan(t) || !(df > 0))
        return NAN;
    if (isinf(t))
        return 0;
    return ibeta(df / 2, 0.5, df / (df + t * t));
}

/* Quantile q of Student's t (q in (0.5, 1)), by bisection on the p-value. */
double nsq_t_quantile(double q, double df)
{
    double target = 2 * (1 - q), lo = 0, hi = 1;
    while (nsq_t_two_sided_p(hi, df) > target && hi < 1e12)
        hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
        double mid = (lo + hi) / 2;
        if (nsq_t_two_sided_p(mid, df) > target)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/* Mean and sample variance of the logs of v[n] (values below 1 ns read as 1). */
void nsq_diff_log_moments(const int64_t *v, int64_t n, double *mean, double *var)
{
    double m = 0, q = 0;
    for (int64_t i = 0; i < n; i++) {
        double x = log((double)(v[i] > 0 ? v[i] : 1));
        double dlt = x - m;
        m += dlt / (double)(i + 1);
        q += dlt * (x - m);
    }
    *mean = m;
    *var = n > 1 ? q / (double)(n - 1) : 0;
}

void nsq_diff_radix_u32(uint32_t *v, int64_t n, uint32_t *tmp)
{
    radix_u32(v, n, tmp);
}

/* Stable LSD radix sort of (key, payload) pairs by key, 8 bits a pass,
 * passes where every key shares the byte skipped. tmp holds n pairs. */
void nsq_diff_radix_kv(nsq_diff_kv *v, int64_t n, nsq_diff_kv *tmp)
{
    if (n < 2)
        return;
    uint64_t all_or = 0, all_and = ~(uint64_t)0;
    for (int64_t i = 0; i < n; i++) {
        all_or |= v[i].k;
        all_and &= v[i].k;
    }
    nsq_diff_kv *src = v, *dst = tmp;
    for (int shift = 0; shift < 64; shift += 8) {
        if ((((all_or ^ all_and) >> shift) & 0xff) == 0)
            continue; /* every key has the same byte here */
        int64_t cnt[257] = {0};
        for (int64_t i = 0; i < n; i++)
            cnt[((src[i].k >> shift) & 0xff) + 1]++;
        for (int b = 0; b < 256; b++)
            cnt[b + 1] += cnt[b];
        for (int64_t i = 0; i < n; i++)
            dst[cnt[(src[i].k >> shift) & 0xff]++] = src[i];
        nsq_diff_kv *t = src;
        src = dst;
        dst = t;
    }
    if (src != v)
        memcpy(v, src, sizeof *v * (size_t)n);
}
