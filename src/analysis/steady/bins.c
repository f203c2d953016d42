/* steady/bins: equal time bins of a context's kernel activity when no
 * structure is found: per bin the GPU-busy share and the kernel rate (stored
 * metrics, det.stored). Memory: 10 to 200 bins: 40 bytes per bin. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

/* Adds the part of [lo, hi) inside each bin to acc[], from bin b = (lo -
 * t0) / w (the caller's). */
static void spread(const det *d, double *acc, int64_t nb, int64_t b, int64_t lo, int64_t hi)
{
    if (b >= nb)
        b = nb - 1;
    if (b < nb - 1 && lo >= d->it[b].start_ns && hi <= d->it[b].start_ns + d->r->bin_ns) {
        /* inside one bin (not the last, whose end is the capture's): the
         * loop's one step, without its bounds */
        if (hi > lo)
            acc[b] += (double)(hi - lo);
        return;
    }
    for (; b < nb && d->it[b].start_ns < hi; b++) {
        int64_t a = lo > d->it[b].start_ns ? lo : d->it[b].start_ns;
        int64_t be = it_end(d, &d->it[b]);
        int64_t e = hi < be ? hi : be;
        if (e > a)
            acc[b] += (double)(e - a);
    }
}

/* (x - t0) / w, x >= t0; the kernels come in start order, so the bin of the
 * previous one (*cb, its first ns *clo) mostly holds the next: a division
 * per bin, not per kernel. */
static inline int64_t bin_of(int64_t x, int64_t t0, int64_t w, int64_t *cb, int64_t *clo)
{
    if (x >= *clo && x - *clo < w)
        return *cb;
    *cb = (x - t0) / w;
    *clo = t0 + *cb * w;
    return *cb;
}

/* Kernel activity in equal time bins: busy share (union of kernel intervals
 * / bin length) and kernel rate (kernels starting in the bin per second). */
void nsq_sd_bins_iterations(det *d, const kset *ks)
{
    int64_t n = ks->n, t0, t1 = ks->max_end; /* the latest end, kept as they came */
    kcur c;
    nsq_steady *r = d->r;
    nsq_sd_reset_iters(d);
    nsq_sd_kcur_at(&c, ks, 0);
    kcur_next(&c);
    t0 = c.start;
    int64_t nb = n / 50;
    if (nb < 10)
        nb = 10;
    if (nb > 200)
        nb = 200;
    if (t1 - t0 < nb)
        return;
    int64_t w = (t1 - t0 + nb - 1) / nb;
    nb = (t1 - t0 + w - 1) / w;
    double *busy = xcalloc((size_t)nb, sizeof *busy);
    double *ktime = xcalloc((size_t)nb, sizeof *ktime);
    r->bin_ns = w;
    for (int64_t b = 0; b < nb; b++)
        nsq_sd_it_bounds(d, nsq_sd_new_iter(d), t0 + b * w,
                         t0 + (b + 1) * w < t1 ? t0 + (b + 1) * w : t1);
    int64_t *nk = xcalloc((size_t)nb, sizeof *nk);
    nsq_sd_kcur_at(&c, ks, 0);
    kcur_next(&c);
    int64_t us = c.start, ue = c.end, cb = 0, clo = t0;
    int64_t ub = bin_of(us, t0, w, &cb, &clo); /* the bin of us */
    nsq_sd_kcur_at(&c, ks, 0);
    for (int64_t i = 0; i < n; i++) {
        kcur_next(&c);
        const kcur *x = &c;
        int64_t b = bin_of(x->start, t0, w, &cb, &clo);
        nk[b < nb ? b : nb - 1]++;
        spread(d, ktime, nb, b, x->start, x->end);
        if (x->start <= ue) {
            if (x->end > ue)
                ue = x->end;
            continue;
        }
        spread(d, busy, nb, ub, us, ue);
        us = x->start;
        ub = b;
        ue = x->end;
    }
    spread(d, busy, nb, ub, us, ue);
    snprintf(r->metric[0].name, sizeof r->metric[0].name, "busy_share");
    snprintf(r->metric[1].name, sizeof r->metric[1].name, "kernel_rate_per_s");
    d->mk[0] = d->mk[1] = MK_STORED;
    for (int m = 0; m < 2; m++) {
        free(d->stored[m]);
        d->stored[m] = xmalloc(sizeof *d->stored[m] * (size_t)nb);
    }
    for (int64_t b = 0; b < nb; b++) {
        iter *t = &d->it[b];
        int64_t end = it_end(d, t);
        double len = (double)(end - t->start_ns);
        it_set(d, t, end, llround(ktime[b]));
        t->sf |= IT_GPU | (nk[b] ? IT_KERNEL : 0);
        if (d->kn)
            d->kn[b] = nk[b];
        d->stored[0][b] = len > 0 ? busy[b] / len : NAN;
        d->stored[1][b] = len > 0 ? (double)nk[b] * 1e9 / len : NAN;
    }
    r->kernels_used = n;
    free(nk);
    free(busy);
    free(ktime);
}
