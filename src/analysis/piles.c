/* piles: see piles.h. */
#include "nsysql/analysis/piles.h"

#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/stats.h"

#include "nsysql/util/strbuf.h"
#include "nsysql/util/grow.h"

static void put(nsq_pile *p, uint64_t d)
{
    if (p->n + 10 > p->cap) {
        p->cap = p->cap ? p->cap * 2 : 64;
        p->b = xrealloc(p->b, p->cap);
    }
    p->n += (size_t)nsq_uleb_put(p->b + p->n, d);
}

void nsq_piles_add(nsq_piles *ps, int64_t x)
{
    ps->count++;
    nsq_pile *p = ps->p;
    int k;
    if (ps->np && x >= p[0].last) {
        k = 0;
    } else {
        /* the first pile (lasts descending) whose last is <= x */
        int lo = 0, hi = ps->np;
        while (lo < hi) {
            int m = lo + (hi - lo) / 2;
            if (p[m].last <= x)
                hi = m;
            else
                lo = m + 1;
        }
        k = lo;
        if (k == ps->np) {
            if (ps->np == NSQ_PILES_MAX) {
                if (ps->napart == ps->capapart) {
                    ps->capapart = ps->capapart ? ps->capapart * 2 : 256;
                    ps->apart = xrealloc(ps->apart, ps->capapart * sizeof *ps->apart);
                }
                ps->apart[ps->napart++] = x;
                return;
            }
            NSQ_GROW(ps->p, ps->np + 1, ps->capp);
            p = ps->p;
            memset(&p[ps->np], 0, sizeof *p);
            p[ps->np].first = p[ps->np].last = x;
            ps->np++;
            return;
        }
    }
    /* x - last fits 64 bits unsigned: last <= x */
    put(&p[k], (uint64_t)x - (uint64_t)p[k].last);
    p[k].last = x;
}

size_t nsq_piles_bytes(const nsq_piles *ps)
{
    size_t b = (size_t)ps->np * sizeof *ps->p + ps->napart * sizeof *ps->apart;
    for (int i = 0; i < ps->np; i++)
        b += ps->p[i].n;
    return b;
}

void nsq_piles_release(nsq_piles *ps)
{
    for (int i = 0; i < ps->np; i++)
        free(ps->p[i].b);
    free(ps->p);
    free(ps->apart);
    memset(ps, 0, sizeof *ps);
}

static void sift_down(nsq_piles_cursor *h, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && h[l].v < h[m].v)
            m = l;
        if (r < n && h[r].v < h[m].v)
            m = r;
        if (m == i)
            return;
        nsq_piles_cursor t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

void nsq_piles_iter_init(nsq_piles_iter *it, nsq_piles *ps)
{
    memset(it, 0, sizeof *it);
    it->ps = ps;
    if (ps->napart > 1)
        qsort(ps->apart, ps->napart, sizeof *ps->apart, nsq_cmp_i64);
    it->heap = xmalloc((size_t)(ps->np + 1) * sizeof *it->heap);
    for (int i = 0; i < ps->np; i++)
        it->heap[it->n++] = (nsq_piles_cursor){ps->p[i].first, i, 0};
    if (ps->napart)
        it->heap[it->n++] = (nsq_piles_cursor){ps->apart[0], -1, 1};
    for (int i = it->n / 2 - 1; i >= 0; i--)
        sift_down(it->heap, it->n, i);
}

bool nsq_piles_next(nsq_piles_iter *it, int64_t *x)
{
    if (!it->n)
        return false;
    nsq_piles_cursor *c = &it->heap[0];
    *x = c->v;
    const nsq_piles *ps = it->ps;
    bool more;
    if (c->pile >= 0) {
        const nsq_pile *p = &ps->p[c->pile];
        more = c->at < p->n;
        if (more)
            c->v = (int64_t)((uint64_t)c->v + nsq_uleb_get(p->b, &c->at));
    } else {
        more = c->at < ps->napart;
        if (more)
            c->v = ps->apart[c->at++];
    }
    if (!more)
        it->heap[0] = it->heap[--it->n];
    if (it->n > 1)
        sift_down(it->heap, it->n, 0);
    return true;
}

void nsq_piles_iter_release(nsq_piles_iter *it)
{
    free(it->heap);
    memset(it, 0, sizeof *it);
}
