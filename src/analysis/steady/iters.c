/* steady/iters: the compact iteration store (det.it): 16 bytes an
 * iteration, wide records (16 bytes) for the ones whose span or kernel time
 * does not fit, and with --iterations 8 bytes more for the kernel count
 * (det.kn). The accessors are inline in internal.h; this file grows the
 * arrays. Memory: det owns it all; nsq_steady_detect() frees it. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* it_set()'s slow path: t gets (or has) a wide record. */
void nsq_sd_it_set_wide(det *d, iter *t, int64_t end, int64_t ktime)
{
    if (!(t->sf & IT_WIDE)) {
        if (d->nwide > IT_SMASK) {
            /* 2^27 iterations of 134 ms or more: no capture is that long */
            d->wide_full = 1;
            return;
        }
        if (d->nwide == d->capwide) {
            d->capwide = d->capwide ? 2 * d->capwide : 64;
            d->wide = xrealloc(d->wide, sizeof *d->wide * (size_t)d->capwide);
        }
        t->sf = (t->sf & ~IT_SMASK) | IT_WIDE | (uint32_t)d->nwide++;
    }
    iter_wide *w = &d->wide[t->sf & IT_SMASK];
    w->end_ns = end;
    w->kernel_time_ns = ktime;
}

/* Sets the bounds of t, keeping its kernel time. */
void nsq_sd_it_bounds(det *d, iter *t, int64_t start, int64_t end)
{
    int64_t kt = it_ktime(d, t);
    t->start_ns = start;
    it_set(d, t, end, kt);
}

/* Makes room for at least `want` iterations in total. */
void nsq_sd_reserve_iters(det *d, int64_t want)
{
    if (want > d->cap) {
        d->cap = want;
        d->it = xrealloc(d->it, sizeof *d->it * (size_t)d->cap);
        if (d->o->keep_iterations == 1)
            d->kn = xrealloc(d->kn, sizeof *d->kn * (size_t)d->cap);
    }
}

/* A new empty iteration (no bounds until it_extend() or nsq_sd_it_bounds()). */
iter *nsq_sd_new_iter(det *d)
{
    if (d->n == d->cap)
        nsq_sd_reserve_iters(d, d->cap ? d->cap * 2 : 256);
    if (d->kn)
        d->kn[d->n] = 0;
    iter *t = &d->it[d->n++];
    memset(t, 0, sizeof *t);
    return t;
}

void nsq_sd_reset_iters(det *d)
{
    d->n = 0;
    d->nwide = 0;
    d->ph_found = 0;
}
