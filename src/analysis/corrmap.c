/* corrmap: see corrmap.h. */
#include "nsysql/analysis/corrmap.h"

#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "nsysql/util/strbuf.h"

#define CORR_SHIFT 10
#define CORR_PAGE ((int64_t)1 << CORR_SHIFT)
#define CORR_NONE8 0xFF

#define CORR_MAX_PAGES ((int64_t)1 << 22)

static int64_t corr_page(int64_t corr)
{
    return corr >= 0 ? corr >> CORR_SHIFT : -((-corr + CORR_PAGE - 1) >> CORR_SHIFT);
}

int nsq_corrmap_set(nsq_corrmap *m, int64_t corr, int32_t it)
{
    int64_t p = corr_page(corr);
    if (!m->npg) {
        m->cap = 64;
        m->pg = xcalloc((size_t)m->cap, sizeof *m->pg);
        m->first = p;
        m->npg = 1;
    } else if (p < m->first) {
        int64_t shift = m->first - p, need = m->npg + shift;
        if (need > CORR_MAX_PAGES)
            return -1;
        if (need > m->cap) {
            m->cap = need * 2;
            m->pg = xrealloc(m->pg, sizeof *m->pg * (size_t)m->cap);
        }
        memmove(m->pg + shift, m->pg, sizeof *m->pg * (size_t)m->npg);
        memset(m->pg, 0, sizeof *m->pg * (size_t)shift);
        m->first = p;
        m->npg = need;
    } else if (p - m->first >= m->npg) {
        int64_t need = p - m->first + 1;
        if (need > CORR_MAX_PAGES)
            return -1;
        if (need > m->cap) {
            int64_t cap = need * 2;
            m->pg = xrealloc(m->pg, sizeof *m->pg * (size_t)cap);
            m->cap = cap;
        }
        memset(m->pg + m->npg, 0, sizeof *m->pg * (size_t)(need - m->npg));
        m->npg = need;
    }
    nsq_corrpage *g = &m->pg[p - m->first];
    int64_t off = corr - p * CORR_PAGE;
    if (!g->n && !g->w) {
        g->n = xmalloc((size_t)CORR_PAGE);
        memset(g->n, CORR_NONE8, (size_t)CORR_PAGE);
        g->base = it;
    }
    if (!g->wide) {
        if (it >= g->base && (int64_t)it - g->base < CORR_NONE8) {
            if (g->n[off] == CORR_NONE8)
                m->len++;
            g->n[off] = (uint8_t)(it - g->base);
            return 0;
        }
        /* widen */
        g->w = xmalloc(sizeof *g->w * (size_t)CORR_PAGE);
        for (int64_t i = 0; i < CORR_PAGE; i++)
            g->w[i] = g->n[i] == CORR_NONE8 ? -1 : g->base + (int32_t)g->n[i];
        free(g->n);
        g->n = NULL;
        g->wide = 1;
    }
    if (g->w[off] < 0)
        m->len++;
    g->w[off] = it;
    return 0;
}

int32_t nsq_corrmap_get(const nsq_corrmap *m, int64_t corr)
{
    int64_t p = corr_page(corr) - m->first;
    if (p < 0 || p >= m->npg)
        return -1;
    const nsq_corrpage *g = &m->pg[p];
    int64_t off = corr - (p + m->first) * CORR_PAGE;
    if (g->wide)
        return g->w[off];
    if (!g->n || g->n[off] == CORR_NONE8)
        return -1;
    return g->base + (int32_t)g->n[off];
}

void nsq_corrmap_release(nsq_corrmap *m)
{
    int64_t npg = m->npg;
    for (int64_t i = 0; i < npg; i++) {
        free(m->pg[i].n);
        free(m->pg[i].w);
    }
    free(m->pg);
    memset(m, 0, sizeof *m);
#ifdef __GLIBC__
    /* the pages are small blocks scattered through the heap: glibc keeps
     * them resident after free() (it returns only the heap's top), which
     * would add about a byte per correlation id to whatever comes next */
    if (npg >= 4096)
        malloc_trim(0);
#endif
}
