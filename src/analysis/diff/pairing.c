/* Pairing launches by position (internal.h).
 *
 * A deterministic program launches a kernel the same number of times in the
 * same order in both captures, and each launch's duration may depend on its
 * place (an elimination step on a shrinking matrix, a level of a solve): the
 * pooled durations then spread over an order of magnitude and an unpaired
 * test cannot see a uniform 5 % gain. When the two sequences are strongly
 * rank-correlated (Spearman rho >= PAIRED_MIN_RHO) the k-th launch of the
 * baseline is compared with the k-th of the patch: a sign test on the
 * per-position log ratios, the change their median, its interval the
 * distribution-free order-statistic interval of that median. Decided from
 * the sequences' structure (rho), never from which test gives the smaller p.
 * Only for rows with one capture per side, one device per capture, one launch
 * shape (or several, each launched as often on both sides: the caller lays
 * the shapes' sequences end to end, the same shape at the same place) and
 * DIFF_PAIRED_MIN_N .. DIFF_PAIRED_MAX_N instances on each side (internal.h;
 * beyond that the pooled test has power enough). */
#include <math.h>
#include <stdlib.h>

#include "internal.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/util/strbuf.h" /* xmalloc */

#define PAIRED_MIN_RHO 0.9

/* Mid-ranks of v[0..n) (values > 0) into r; tmp holds 2n pairs. */
static void midranks(const int64_t *v, int64_t n, double *r, nsq_diff_kv *tmp)
{
    for (int64_t i = 0; i < n; i++)
        tmp[i] = (nsq_diff_kv){(uint64_t)v[i], i};
    nsq_diff_radix_kv(tmp, n, tmp + n);
    for (int64_t i = 0; i < n;) {
        int64_t j = i;
        while (j < n && tmp[j].k == tmp[i].k)
            j++;
        double mid = (double)(i + j - 1) / 2 + 1;
        for (int64_t k = i; k < j; k++)
            r[tmp[k].i] = mid;
        i = j;
    }
}

void nsq_diff_pair_by_position(nsq_diff *d, nsq_diff_row *row, const int64_t *a, const int64_t *b,
                               int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (a[i] <= 0 || b[i] <= 0)
            return; /* a ratio needs both durations > 0 */
    double *ra = xmalloc(sizeof *ra * (size_t)n), *rb = xmalloc(sizeof *rb * (size_t)n);
    nsq_diff_kv *tmp = xmalloc(sizeof *tmp * 2 * (size_t)n);
    midranks(a, n, ra, tmp);
    midranks(b, n, rb, tmp);
    double m = (double)(n + 1) / 2, sab = 0, saa = 0, sbb = 0;
    for (int64_t i = 0; i < n; i++) {
        sab += (ra[i] - m) * (rb[i] - m);
        saa += (ra[i] - m) * (ra[i] - m);
        sbb += (rb[i] - m) * (rb[i] - m);
    }
    free(ra);
    free(rb);
    row->pair_n = n;
    row->pair_rho = saa > 0 && sbb > 0 ? sab / sqrt(saa * sbb) : NAN;
    if (!(row->pair_rho >= PAIRED_MIN_RHO)) {
        free(tmp);
        return;
    }
    double *dl = xmalloc(sizeof *dl * (size_t)n);
    int64_t faster = 0, slower = 0;
    for (int64_t i = 0; i < n; i++) {
        dl[i] = log((double)b[i]) - log((double)a[i]);
        faster += b[i] < a[i];
        slower += b[i] > a[i];
    }
    /* still in launch order */
    row->pair_drift_pct = nsq_diff_block_drift_logs(dl, n, &row->block_lo_pct, &row->block_hi_pct);
    for (int64_t i = 0; i < n; i++)
        tmp[i] = (nsq_diff_kv){nsq_double_key(dl[i]), 0};
    nsq_diff_radix_kv(tmp, n, tmp + n);
    for (int64_t i = 0; i < n; i++)
        dl[i] = nsq_key_double(tmp[i].k);
    free(tmp);
    double med = n % 2 ? dl[n / 2] : (dl[n / 2 - 1] + dl[n / 2]) / 2;
    int64_t untied = faster + slower, k = faster < slower ? faster : slower;
    row->paired = 1;
    row->pair_faster = faster;
    row->pair_slower = slower;
    row->pair_p = untied ? fmin(1, 2 * nsq_diff_binom_half_cdf(untied, k)) : 1;
    row->pair_change_pct = 100 * (exp(med) - 1);
    /* the order-statistic interval of the median: [d_(c), d_(n+1-c)] with
     * c the largest count such that P(Bin(n, 1/2) <= c - 1) <= alpha / 2 */
    int64_t c = 0;
    {
        /* the CDF grows with c: binary search for the first c in [0, n/2)
         * above alpha/2 (a linear walk costs O(n) evaluations of O(sqrt n)
         * terms each: seconds at a million launches) */
        int64_t lo = 0, hi = n / 2; /* answer in [lo, hi] */
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (nsq_diff_binom_half_cdf(n, mid) <= d->o.alpha / 2)
                lo = mid + 1;
            else
                hi = mid;
        }
        c = lo;
    }
    if (c >= 1) {
        row->pair_lo_pct = 100 * (exp(dl[c - 1]) - 1);
        row->pair_hi_pct = 100 * (exp(dl[n - c]) - 1);
    }
    free(dl);
}
