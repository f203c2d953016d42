/* diff's sorting and binomial helpers against plain references:
 * - nsq_diff_radix_kv sorts (key, payload) pairs like a stable qsort by key
 *   (many ties, keys of every width, keys sharing high bytes);
 * - nsq_double_key keeps the order of doubles (negative, zero,
 *   subnormal, huge) and nsq_key_double gives each value back;
 * - nsq_diff_binom_half_cdf equals the sum of binomial(n, i) / 2^n computed
 *   with exact integers for n <= 60, and grows with k (the binary search for
 *   the paired interval's rank relies on it) up to n = 10^6. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/analysis/diff/internal.h"
#include "check.h"

static int cmp_kv_stable(const void *pa, const void *pb)
{
    const nsq_diff_kv *a = pa, *b = pb;
    if (a->k != b->k)
        return a->k < b->k ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

static void test_radix(void)
{
    static const int sizes[] = {0, 1, 2, 7, 255, 256, 1000, 65537};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (int width = 0; width < 4; width++) {
            int64_t n = sizes[s];
            nsq_diff_kv *v = malloc(sizeof *v * (size_t)(n ? n : 1));
            nsq_diff_kv *ref = malloc(sizeof *v * (size_t)(n ? n : 1));
            nsq_diff_kv *tmp = malloc(sizeof *v * (size_t)(n ? n : 1));
            for (int64_t i = 0; i < n; i++) {
                uint64_t r = next();
                uint64_t k = width == 0 ? r % 17 /* many ties */
                             : width == 1
                                 ? 0x7f00000000000000ull + r % 100000 /* high bytes shared */
                             : width == 2 ? r                         /* full width */
                                          : (r & 0xff) << 40;         /* one byte varies */
                v[i] = (nsq_diff_kv){k, i};
            }
            memcpy(ref, v, sizeof *v * (size_t)n);
            qsort(ref, (size_t)n, sizeof *ref, cmp_kv_stable);
            nsq_diff_radix_kv(v, n, tmp);
            CHECK(n == 0 || !memcmp(v, ref, sizeof *v * (size_t)n), "radix n=%lld width=%d",
                  (long long)n, width);
            free(v);
            free(ref);
            free(tmp);
        }
}

static void test_double_key(void)
{
    double x[] = {-INFINITY, -1e300, -2.5, -1, -5e-324, 0.0,     5e-324,
                  1e-300,    0.5,    1,    3,  1e300,   INFINITY};
    int n = (int)(sizeof x / sizeof *x);
    for (int i = 0; i < n; i++) {
        CHECK(nsq_key_double(nsq_double_key(x[i])) == x[i], "round trip %g", x[i]);
        for (int j = i + 1; j < n; j++)
            CHECK(nsq_double_key(x[i]) < nsq_double_key(x[j]), "order %g < %g", x[i], x[j]);
    }
}

static void test_binom(void)
{
    for (int n = 1; n <= 60; n++) {
        uint64_t c = 1, sum = 0; /* C(n, i), exact */
        for (int k = 0; k < n; k++) {
            sum += c;
            double want = ldexp((double)sum, -n);
            double got = nsq_diff_binom_half_cdf(n, k);
            CHECK(fabs(got - want) <= 1e-12 * want + 1e-300, "cdf(%d, %d) = %.17g, want %.17g", n,
                  k, got, want);
            /* next binomial coefficient without overflow for n <= 60 */
            c = c / (uint64_t)(k + 1) * (uint64_t)(n - k) +
                c % (uint64_t)(k + 1) * (uint64_t)(n - k) / (uint64_t)(k + 1);
        }
    }
    static const int64_t ns[] = {61, 1000, 99999, 1000000};
    for (size_t s = 0; s < sizeof ns / sizeof *ns; s++) {
        int64_t n = ns[s];
        double prev = -1;
        int monotone = 1;
        /* around the 0.005 quantile, where the search looks */
        int64_t mid = n / 2 - (int64_t)(3 * sqrt((double)n)), lo = mid > 0 ? mid - 200 : 0;
        for (int64_t k = lo; k < lo + 400 && k < n / 2; k++) {
            double p = nsq_diff_binom_half_cdf(n, k);
            monotone &= p >= prev;
            prev = p;
        }
        CHECK(monotone, "cdf grows with k at n=%lld", (long long)n);
    }
}

int main(void)
{
    test_radix();
    test_double_key();
    test_binom();
    printf("%d/%d checks passed\n", nchecks - nfail, nchecks);
    return nfail > 0;
}
