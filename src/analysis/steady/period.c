/* steady/period: the period of a context's kernel-name sequence, where in
 * the period an iteration starts (an anchor n-gram), and the cut into
 * iterations. Holds memory only while it runs: candidate periods (8 bytes
 * each), 32 bytes per position of the sequence's central part (at most
 * 10^6 positions) to list repeat distances, and up to 4 * 10^6 idle gaps
 * (8 bytes each) to place the anchor. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/util/radix.h"

/* Share of `count` evenly spread positions i in [lo, m) with
 * name[i] != name[i + p]; returns 1 early once the share passes `stop`. */
static double mismatch(const kset *ks, int64_t lo, int64_t m, int64_t p, int64_t count, double stop)
{
    int64_t len = m - lo, bad = 0, seen = 0;
    if (count > len)
        count = len;
    if (count <= 0)
        return 1;
    int64_t limit = (int64_t)(stop * (double)count) + 1;
    for (int64_t j = 0; j < count; j++) {
        int64_t i = lo + (int64_t)((double)j * (double)len / (double)count);
        seen++;
        if (kname(ks, i) != kname(ks, i + p) && ++bad > limit)
            return 1;
    }
    return (double)bad / (double)seen;
}

/* Mismatch of period p over positions [lo, hi), robust to inserted or
 * missing kernels: two cursors walk the sequence p apart comparing names; on a
 * mismatch they re-synchronise by skipping one name on either side when the
 * next two names then agree (an insertion or deletion), else both move on (a
 * substitution). Each mismatch counts once, not p times as a plain
 * comparison at lag p would count an insertion. A wrong period re-synchronises
 * to the true one and then mostly walks at another distance, so at least half
 * of the steps must be at distance p. At most 1M steps.
 * *clean: start of the longest run of agreeing names (where the pattern is
 * read). Returns the share of steps that mismatched (1 when not at lag p). */
static double align_mismatch(const kset *ks, int64_t n, int64_t lo, int64_t hi, int64_t p,
                             int64_t *clean)
{
    int64_t a = lo, b = lo + p, steps = 0, bad = 0, at_p = 0, run = 0, run_start = lo,
            best_run = -1;
    int64_t limit = hi - lo < 1000000 ? hi - lo : 1000000;
    *clean = lo;
    while (steps < limit && a < hi && b + 2 < n) {
        steps++;
        at_p += b - a == p;
        if (kname(ks, a) == kname(ks, b)) {
            if (!run)
                run_start = a;
            run++;
            if (run > best_run) {
                best_run = run;
                *clean = run_start;
            }
            a++;
            b++;
            continue;
        }
        bad++;
        run = 0;
        if (kname(ks, a + 1) == kname(ks, b) && kname(ks, a + 2) == kname(ks, b + 1))
            a++; /* an extra name at a */
        else if (kname(ks, a) == kname(ks, b + 1) && kname(ks, a + 1) == kname(ks, b + 2) &&
                 b - a < 2 * p)
            b++; /* an extra name at b */
        else {
            a++;
            b++;
        }
        if (b - a < 1)
            b = a + 1;
    }
    if (!steps || at_p * 2 < steps)
        return 1;
    return (double)bad / (double)steps;
}

/* Positions compared for period p: the central half of [0, n - p), which
 * leaves out warm-up and tear-down phases with other kernels, or all of it
 * when the central half is shorter than one period. */
static void period_region(int64_t n, int64_t p, int64_t *lo, int64_t *hi)
{
    int64_t m = n - p;
    *lo = m / 4;
    *hi = m - m / 4;
    if (*hi - *lo < p) {
        *lo = 0;
        *hi = m;
    }
}
static int cmp_u64pair(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    if (x[0] != y[0])
        return (x[0] > y[0]) - (x[0] < y[0]);
    return (x[1] > y[1]) - (x[1] < y[1]);
}

NSQ_RADIX_SORT(sort_dist, int64_t, uint64_t)

/* Finds the smallest period that repeats at least 90 % of positions.
 * Candidates: every p <= PERIOD_SMALL, and distances to the 1st..4th previous
 * occurrence of the same name in the later part of the sequence. */
int nsq_sd_period_find(const kset *ks, period *pr)
{
    int64_t n = ks->n;
    int64_t *cand = NULL, ncand = 0;
    double *esub = NULL;
    int32_t *occ = NULL;
    int64_t *dist = NULL, ndist = 0;
    int found = 0;
    memset(pr, 0, sizeof *pr);
    if (n < 2)
        return 0;
    if (ks->nnames == 1) {
        pr->p = 1;
        pr->mismatch = 0;
        pr->s = n / 2;
        found = 1;
        goto done;
    }
    int64_t pmax = n / 2;
    int64_t small = pmax < PERIOD_SMALL ? pmax : PERIOD_SMALL;
    {
        int64_t rlo = n / 4, rhi = n - n / 4;
        if (rhi - rlo > 1000000) {
            rlo = n / 2 - 500000;
            rhi = n / 2 + 500000;
        }
        occ = xmalloc(sizeof *occ * 4 * (size_t)ks->nnames);
        for (int64_t i = 0; i < 4 * ks->nnames; i++)
            occ[i] = -1;
        dist = xmalloc(sizeof *dist * 4 * (size_t)(rhi - rlo + 1));
        for (int64_t i = rlo; i < rhi; i++) {
            int32_t *o = &occ[4 * (int64_t)kname(ks, i)];
            for (int q = 0; q < 4; q++)
                if (o[q] >= 0 && i - o[q] > small && i - o[q] <= pmax)
                    dist[ndist++] = i - o[q];
            o[3] = o[2];
            o[2] = o[1];
            o[1] = o[0];
            o[0] = (int32_t)i;
        }
        if (ndist > 0) {
            /* distances are positive: a radix sort (a million or more of
             * them on a long random sequence, where qsort took 10 %) */
            int64_t *tmp = xmalloc(sizeof *tmp * (size_t)ndist);
            sort_dist(dist, ndist, tmp);
            free(tmp);
        }
    }
    cand = xmalloc(sizeof *cand * (size_t)(small + ndist + 1));
    for (int64_t p = 1; p <= small; p++)
        cand[ncand++] = p;
    for (int64_t i = 0; i < ndist;) {
        int64_t j = i;
        while (j < ndist && dist[j] == dist[i])
            j++;
        if (j - i >= 2)
            cand[ncand++] = dist[i];
        i = j;
    }
    esub = xmalloc(sizeof *esub * (size_t)(ncand + 1));
    double emin = 1;
    for (int64_t c = 0; c < ncand; c++) {
        int64_t p = cand[c];
        int64_t lo, hi;
        period_region(n, p, &lo, &hi);
        esub[c] = mismatch(ks, lo, hi, p, 128, 0.5);
        if (esub[c] < emin)
            emin = esub[c];
    }
    /* full check of the promising ones, smallest first */
    double efmin = 1;
    int64_t nfull = 0, *clean = xmalloc(sizeof *clean * (size_t)(ncand + 1));
    for (int64_t c = 0; c < ncand; c++) {
        if (nfull >= 64 || esub[c] > emin + 0.3 || esub[c] > 0.6) {
            esub[c] = 2; /* not checked */
            continue;
        }
        int64_t p = cand[c], lo, hi;
        period_region(n, p, &lo, &hi);
        esub[c] = align_mismatch(ks, n, lo, hi, p, &clean[c]);
        if (esub[c] < efmin)
            efmin = esub[c];
        nfull++;
        if (esub[c] == 0)
            /* nothing repeats better, and the choice below takes the first
             * candidate (the smallest period) within 0.01 of it: this one or
             * one before it, so the candidates after it are never read. Its
             * multiples (a periodic sequence makes every one promising) need
             * no full check: 64 of them were 17 % of ranks' time on eight
             * periodic GPUs */
            break;
    }
    /* the smallest period not much worse than the best: a multiple of it that
     * repeats clearly better means the mismatches are themselves periodic,
     * i.e. part of a longer pattern (A x 100 then B is period 101, not 1) */
    double limit = fmax(2 * efmin, efmin + 0.01);
    for (int64_t c = 0; c < ncand; c++) {
        if (esub[c] <= limit && esub[c] <= PERIOD_MISMATCH) {
            pr->p = cand[c];
            pr->mismatch = esub[c];
            pr->s = clean[c];
            found = 1;
            break;
        }
    }
    free(clean);
done:
    free(cand);
    free(esub);
    free(occ);
    free(dist);
    return found;
}

/* Picks where an iteration starts inside the period (read at pr->s): a
 * position whose name n-gram starting there (up to 16 names) occurs nowhere
 * else in the period. Among the positions with the largest median GPU idle
 * time before them (within 10 %), the one whose n-gram also starts the whole
 * sequence wins, else the one nearest the phase of the first kernel; then the
 * other positions by idle time. */
int nsq_sd_period_anchor(const kset *ks, period *pr)
{
    int64_t n = ks->n, p = pr->p, s = pr->s;
    int64_t *gaps = NULL, *cand = NULL;
    double *med = NULL, *tmp = NULL;
    uint64_t *order = NULL;
    int ok = 0;
    if (s + p > n)
        s = n - p;
    if (s < 0)
        return 0;
    pr->s = s;
    int64_t q = (n - s) / p;
    if (q > 64)
        q = 64;
    if (q * p > 4000000)
        q = 4000000 / p > 1 ? 4000000 / p : 1;
    gaps = xmalloc(sizeof *gaps * (size_t)(q * p));
    med = xmalloc(sizeof *med * (size_t)p);
    tmp = xmalloc(sizeof *tmp * (size_t)(q + 1));
    {
        int64_t runmax = INT64_MIN;
        kcur x;
        nsq_sd_kcur_at(&x, ks, s > 64 ? s - 64 : 0);
        while (x.i < s) {
            kcur_next(&x);
            if (x.end > runmax)
                runmax = x.end;
        }
        for (int64_t qq = 0; qq < q; qq++)
            for (int64_t j = 0; j < p; j++) {
                kcur_next(&x); /* kernel s + qq * p + j */
                int64_t g = runmax == INT64_MIN ? 0 : x.start - runmax;
                gaps[j * q + qq] = g > 0 ? g : 0;
                if (x.end > runmax)
                    runmax = x.end;
            }
        for (int64_t j = 0; j < p; j++) {
            for (int64_t qq = 0; qq < q; qq++)
                tmp[qq] = (double)gaps[j * q + qq];
            qsort(tmp, (size_t)q, sizeof *tmp, nsq_cmp_double);
            med[j] = nsq_sd_quantile_sorted(tmp, q, 0.5);
        }
    }
    /* candidate starts: the largest median idle time before them (within 10 %)
     * nearest the phase of the first kernel first, then the rest by idle time */
    {
        double bestgap = 0;
        int64_t j0 = ((-s) % p + p) % p, tries = 0, fallback = -1;
        for (int64_t j = 0; j < p; j++)
            if (med[j] > bestgap)
                bestgap = med[j];
        order = xmalloc(sizeof *order * 2 * (size_t)p);
        for (int64_t j = 0; j < p; j++) {
            int tier = med[j] >= 0.9 * bestgap ? 0 : 1;
            /* key: tier, then distance from j0 (tier 0) or less idle time (tier 1) */
            order[2 * j] = tier ? ((uint64_t)1 << 62) + (uint64_t)llround(1e12 / (1.0 + med[j]))
                                : (uint64_t)(((j - j0) % p + p) % p);
            order[2 * j + 1] = (uint64_t)j;
        }
        qsort(order, (size_t)p, 2 * sizeof *order, cmp_u64pair);
        cand = xmalloc(sizeof *cand * (size_t)p);
        for (int64_t t = 0; t < p && tries < 256; t++, tries++) {
            int64_t j = (int64_t)order[2 * t + 1], nc = 0, len;
            if (ok && order[2 * t] >= ((uint64_t)1 << 62))
                break; /* a tier-0 position was found: the others come second */
            /* other positions whose name n-gram agrees with j's, shrinking as it grows */
            for (int64_t w = 0; w < p; w++)
                if (w != j && kname(ks, s + w) == kname(ks, s + j))
                    cand[nc++] = w;
            for (len = 1; nc && len < 16 && s + p + len <= n; len++) {
                int64_t m = 0;
                for (int64_t i = 0; i < nc; i++)
                    if (kname(ks, s + cand[i] + len) == kname(ks, s + j + len))
                        cand[m++] = cand[i];
                nc = m;
            }
            if (nc)
                continue;
            int starts_at_0 = len <= n;
            for (int64_t i = 0; starts_at_0 && i < len; i++)
                starts_at_0 = kname(ks, i) == kname(ks, s + j + i);
            if (fallback < 0 || starts_at_0) {
                fallback = j;
                pr->len = len;
                for (int64_t i = 0; i < len; i++)
                    pr->gram[i] = kname(ks, s + j + i);
                ok = 1;
            }
            if (starts_at_0 || order[2 * t] >= ((uint64_t)1 << 62))
                break;
        }
    }
    free(gaps);
    free(med);
    free(tmp);
    free(order);
    free(cand);
    return ok;
}

/* Cuts the kernels into iterations at each occurrence of the anchor. */
void nsq_sd_period_iterations(det *d, const kset *ks, const period *pr)
{
    iter *t = NULL;
    int64_t first = -1;
    kcur c;
    nsq_sd_kcur_at(&c, ks, 0);
    nsq_sd_reset_iters(d);
    nsq_sd_reserve_iters(d, ks->n / pr->p + 16);
    for (int64_t i = 0; i < ks->n; i++) {
        int match = i + pr->len <= ks->n;
        for (int64_t j = 0; match && j < pr->len; j++)
            match = kname(ks, i + j) == pr->gram[j];
        if (match) {
            t = nsq_sd_new_iter(d);
            if (first < 0)
                first = i;
        }
        kcur_next(&c);
        if (!t)
            continue;
        it_extend(d, d->n - 1, c.start, c.end, 1);
    }
    nsq_steady *r = d->r;
    r->prologue_kernels = first < 0 ? ks->n : first;
    r->kernels_used = ks->n - r->prologue_kernels;
    snprintf(r->metric[0].name, sizeof r->metric[0].name, "kernel_time_ns");
    snprintf(r->metric[1].name, sizeof r->metric[1].name, "step_ns");
    r->metric[0].integer = r->metric[1].integer = 1;
    d->mk[0] = MK_KERNEL_TIME;
    d->mk[1] = MK_STEP;
}
