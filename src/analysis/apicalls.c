/* apicalls: CUDA API call statistics in one pass per table (see apicalls.h).
 *
 * Pass 1 reads the API calls (api view): durations into a grouped
 * accumulator keyed by (eventClass, nameId), each call's end into a paged
 * correlationId map of its process, the synchronising calls into a list.
 * Pass 2 reads the kernels: a kernel whose (process, correlationId) has a
 * counted call gives one launch: its latency goes to its name's group, the
 * call end T and max(kernel start, T) to two nearly sorted multisets
 * (piles.h, a few bytes each) from which, read back in order, the queue
 * depths follow by a merge. Every GPU op (kernels in pass 2, memcpys
 * and memsets in pass 3) is clipped to the merged sync calls of its process
 * and kept as busy time there only, so the sync calls' idle time needs no
 * interval list of the whole capture. */
#include "nsysql/analysis/apicalls.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/piles.h"
#include "nsysql/export/parscan.h"
#include "nsysql/export/scangroup.h"
#include "nsysql/export/query.h"
#include "nsysql/export/strids.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/hindex.h"
#include "nsysql/util/strbuf.h"

#define PID_MASK ((int64_t)-16777216)
#define PAGE_SHIFT 12
#define PAGE ((int64_t)1 << PAGE_SHIFT)
#define NONE INT64_MIN
/* at most this many pages per process map (2^30 ids): sparser ids go to SQL */
#define MAX_PAGES ((int64_t)1 << 18)

/* ---- correlationId -> call end, per process ---- */

/* A page holds the call ends of PAGE consecutive ids: as 32-bit offsets from
 * its base (within about 2 s of the first end set) or, when one does not fit,
 * as 64-bit values. */
typedef struct cpage {
    int64_t base;
    uint32_t *n;
    int64_t *w;
    uint8_t *hit; /* bit per id: a kernel found this call (pass 2) */
} cpage;
#define NARROW_NONE UINT32_MAX

typedef struct cmap {
    int64_t gpid;
    int64_t first, npg, cappg; /* pg[i] holds page first + i */
    cpage *pg;
    /* per launch: max(kernel start, T); the call ends T stay in the map,
     * marked by the hit bits (ids found again: in extra, one per repeat) */
    nsq_piles ep;
    int64_t nl;
    int64_t *extra;
    int64_t nextra, capextra;
} cmap;

typedef struct cmaps {
    cmap *m;
    int n, cap, last;
} cmaps;

static cmap *cmap_of(cmaps *c, int64_t gpid)
{
    if (c->n && c->m[c->last].gpid == gpid)
        return &c->m[c->last];
    for (int i = 0; i < c->n; i++)
        if (c->m[i].gpid == gpid)
            return &c->m[c->last = i];
    NSQ_GROW(c->m, c->n + 1, c->cap);
    memset(&c->m[c->n], 0, sizeof *c->m);
    c->m[c->n].gpid = gpid;
    c->last = c->n;
    return &c->m[c->n++];
}

static int64_t page_of(int64_t corr)
{
    return corr >= 0 ? corr >> PAGE_SHIFT : -((-corr + PAGE - 1) >> PAGE_SHIFT);
}

/* 0 set; 1 the id already had a call (or the map would grow too sparse) */
static int cmap_set(cmap *m, int64_t corr, int64_t end)
{
    int64_t p = page_of(corr);
    if (!m->npg) {
        m->first = p;
        m->npg = 1;
        m->pg = xcalloc(1, sizeof *m->pg);
        m->cappg = 1;
    } else if (p < m->first) {
        int64_t shift = m->first - p;
        if (m->npg + shift > MAX_PAGES)
            return 1;
        NSQ_GROW(m->pg, m->npg + shift, m->cappg);
        memmove(m->pg + shift, m->pg, sizeof *m->pg * (size_t)m->npg);
        memset(m->pg, 0, sizeof *m->pg * (size_t)shift);
        m->first = p;
        m->npg += shift;
    } else if (p - m->first >= m->npg) {
        int64_t need = p - m->first + 1;
        if (need > MAX_PAGES)
            return 1;
        int64_t cap = m->npg;
        while (cap < need)
            cap *= 2;
        if (cap > MAX_PAGES)
            cap = MAX_PAGES;
        NSQ_GROW(m->pg, cap, m->cappg);
        memset(m->pg + m->npg, 0, sizeof *m->pg * (size_t)(cap - m->npg));
        m->npg = cap;
    }
    cpage *g = &m->pg[p - m->first];
    int64_t off = corr - p * PAGE;
    if (!g->n && !g->w) {
        g->n = xmalloc(sizeof *g->n * (size_t)PAGE);
        memset(g->n, 0xFF, sizeof *g->n * (size_t)PAGE);
        g->base = end - ((int64_t)1 << 31);
    }
    if (g->n) {
        if (g->n[off] != NARROW_NONE)
            return 1;
        if (end >= g->base && end - g->base < (int64_t)NARROW_NONE) {
            g->n[off] = (uint32_t)(end - g->base);
            return 0;
        }
        g->w = xmalloc(sizeof *g->w * (size_t)PAGE);
        for (int64_t i = 0; i < PAGE; i++)
            g->w[i] = g->n[i] == NARROW_NONE ? NONE : g->base + (int64_t)g->n[i];
        free(g->n);
        g->n = NULL;
    }
    if (g->w[off] != NONE)
        return 1;
    g->w[off] = end;
    return 0;
}

/* The call end of corr (NONE when no call has it); a found call is marked
 * as launching one more kernel (its call end counts once more in the queue
 * depth): the hit bit the first time, a repeat in extra after that. */
static int64_t cmap_take(cmap *m, int64_t corr)
{
    int64_t p = page_of(corr) - m->first;
    if (p < 0 || p >= m->npg)
        return NONE;
    cpage *g = &m->pg[p];
    int64_t off = corr - (p + m->first) * PAGE;
    int64_t t = g->n   ? (g->n[off] == NARROW_NONE ? NONE : g->base + (int64_t)g->n[off])
                : g->w ? g->w[off]
                       : NONE;
    if (t == NONE)
        return NONE;
    if (!g->hit)
        g->hit = xcalloc(PAGE / 8, 1);
    if (!(g->hit[off >> 3] & (1u << (off & 7)))) {
        g->hit[off >> 3] |= (uint8_t)(1u << (off & 7));
        return t;
    }
    if (m->nextra == m->capextra) {
        m->capextra = m->capextra ? 2 * m->capextra : 64;
        m->extra = xrealloc(m->extra, sizeof *m->extra * (size_t)m->capextra);
    }
    m->extra[m->nextra++] = corr;
    return t;
}

static void cmaps_release(cmaps *c)
{
    for (int i = 0; i < c->n; i++) {
        for (int64_t k = 0; k < c->m[i].npg; k++) {
            free(c->m[i].pg[k].n);
            free(c->m[i].pg[k].w);
            free(c->m[i].pg[k].hit);
        }
        free(c->m[i].pg);
        nsq_piles_release(&c->m[i].ep);
        free(c->m[i].extra);
    }
    free(c->m);
    memset(c, 0, sizeof *c);
}

/* ---- names ---- */

typedef struct nameinfo {
    int64_t id;
    char *text; /* NULL: no such string */
    char *base; /* api base name (calls) */
    int sync;   /* index into the sync names, or -1 */
} nameinfo;

typedef struct synccall {
    int64_t gpid, s, e;
    int cls, name; /* eventClass, index into the sync names */
} synccall;

typedef struct busy {
    int64_t gpid;
    nsq_ivl *hull; /* merged sync calls of the process */
    size_t nhull;
    nsq_ivl *v; /* op time inside the hull */
    size_t n, cap;
} busy;

typedef struct scan {
    const nsq_api_opts *o;
    nsq_export *x;
    sqlite3_stmt *str; /* prepared to fail early when StringIds is missing */
    nsq_strids strs;   /* the lookups (many at once when there are many names) */
    nsq_gstats *calls; /* (eventClass, nameId) -> durations */
    nsq_pairmap names; /* nameId -> index into ni */
    nameinfo *ni;
    int nni, capni;
    char **syncnames;
    int nsyncnames, capsyncnames;
    synccall *sc;
    int64_t nsc, capsc;
    cmaps cm;
    int not_fast;
    int64_t bad;
    /* pass 2 */
    nsq_gstats *lat; /* (0, shortName id) -> latencies */
    int64_t nl;
    busy *b;
    int nb, capb;
    nsq_err *err;
} scan;

const char *const nsq_api_sync_calls[] = {"cudaDeviceSynchronize",
                                          "cudaStreamSynchronize",
                                          "cudaEventSynchronize",
                                          "cudaThreadSynchronize",
                                          "cudaMemcpy",
                                          "cudaMemcpy2D",
                                          "cudaMemcpy3D",
                                          "cudaMemcpyToSymbol",
                                          "cudaMemcpyFromSymbol",
                                          "cudaMemcpyPeer",
                                          "cudaMemset",
                                          "cudaMemset2D",
                                          "cudaMemset3D",
                                          "cuCtxSynchronize",
                                          "cuStreamSynchronize",
                                          "cuEventSynchronize",
                                          "cuMemcpy",
                                          "cuMemcpyDtoH",
                                          "cuMemcpyHtoD",
                                          "cuMemcpyDtoD",
                                          "cuMemcpy2D",
                                          "cuMemcpy3D",
                                          "cuMemcpyPeer",
                                          "cuMemsetD8",
                                          "cuMemsetD16",
                                          "cuMemsetD32",
                                          NULL};

bool nsq_api_sync_name(const char *base, char *out, size_t n)
{
    const char *const *list = nsq_api_sync_calls;
    if (!base)
        return false;
    size_t len = strlen(base);
    /* GLOB '*_pt[sd][sz]' */
    if (len >= 5 && base[len - 5] == '_' && base[len - 4] == 'p' && base[len - 3] == 't' &&
        (base[len - 2] == 's' || base[len - 2] == 'd') &&
        (base[len - 1] == 's' || base[len - 1] == 'z'))
        len -= 5;
    for (int i = 0; list[i]; i++)
        if (strlen(list[i]) == len && !memcmp(list[i], base, len)) {
            snprintf(out, n, "%s", list[i]);
            return true;
        }
    return false;
}

static char *base_name(const char *s)
{
    return s ? xstrndup(s, nsq_api_base_len(s)) : NULL;
}

static char *string_of(scan *sc, int64_t id, int *rc)
{
    const char *v;
    int r = nsq_strids_get(&sc->strs, id, &v);
    *rc = r < 0 ? sc->strs.rc : SQLITE_OK;
    return r == 1 ? xstrdup(v) : NULL;
}

static int name_index(scan *sc, int64_t id, nsq_err *err)
{
    int i = nsq_pairmap_get(&sc->names, id, 0);
    if (i >= 0)
        return i;
    int rc;
    char *t = string_of(sc, id, &rc);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(sc->x, rc, NSQ_EXIT_INTERNAL, "query_failed", "API names", err),
               -1;
    NSQ_GROW(sc->ni, sc->nni + 1, sc->capni);
    nameinfo *n = &sc->ni[sc->nni];
    n->id = id;
    n->text = t;
    n->base = base_name(t);
    n->sync = -1;
    char sn[64];
    if (nsq_api_sync_name(n->base, sn, sizeof sn)) {
        int k = 0;
        while (k < sc->nsyncnames && strcmp(sc->syncnames[k], sn))
            k++;
        if (k == sc->nsyncnames) {
            NSQ_GROW(sc->syncnames, k + 1, sc->capsyncnames);
            sc->syncnames[sc->nsyncnames++] = xstrdup(sn);
        }
        n->sync = k;
    }
    nsq_pairmap_put(&sc->names, id, 0, sc->nni);
    return sc->nni++;
}

static bool in_window(const nsq_api_opts *o, int64_t s, int64_t e)
{
    return s == e ? (s >= o->start_ns && s <= o->end_ns) : (s < o->end_ns && e > o->start_ns);
}

/* cols: start_ns, end_ns, event_class, name_id, global_tid, correlation_id */
static int api_row(void *vctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    scan *sc = vctx;
    if ((nulls & 3u) || v[1] < v[0]) {
        sc->bad++;
        return 0;
    }
    int64_t gpid = v[4] & PID_MASK;
    if (!in_window(sc->o, v[0], v[1]))
        return 0;
    if (sc->o->has_pid && ((nulls >> 4) & 1u || ((v[4] >> 24) & 16777215) != sc->o->pid))
        return 0;
    int64_t nid = (nulls >> 3) & 1u ? NONE : v[3];
    nsq_gstats_add(sc->calls, v[2], nid, v[1] - v[0]);
    if (!sc->o->no_launches && !((nulls >> 5) & 1u) && !sc->not_fast &&
        cmap_set(cmap_of(&sc->cm, gpid), v[5], v[1]))
        sc->not_fast = 1;
    if (nid != NONE) {
        int i = name_index(sc, nid, err);
        if (i < 0)
            return -1;
        if (sc->ni[i].sync >= 0) {
            if (sc->nsc == sc->capsc) {
                sc->capsc = sc->capsc ? 2 * sc->capsc : 64;
                sc->sc = xrealloc(sc->sc, sizeof *sc->sc * (size_t)sc->capsc);
            }
            sc->sc[sc->nsc++] = (synccall){gpid, v[0], v[1], (int)v[2], sc->ni[i].sync};
        }
    }
    return 0;
}

static busy *busy_of(scan *sc, int64_t gpid)
{
    for (int i = 0; i < sc->nb; i++)
        if (sc->b[i].gpid == gpid)
            return &sc->b[i];
    return NULL;
}

/* The part of [s, e) inside the process's sync calls, kept as busy time. */
static void add_busy(scan *sc, int64_t gpid, int64_t s, int64_t e)
{
    if (e <= s || !sc->nb)
        return;
    busy *b = busy_of(sc, gpid);
    if (!b)
        return;
    /* first hull interval with end > s */
    size_t lo = 0, hi = b->nhull;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (b->hull[m].end <= s)
            lo = m + 1;
        else
            hi = m;
    }
    for (size_t i = lo; i < b->nhull && b->hull[i].start < e; i++) {
        int64_t a = s > b->hull[i].start ? s : b->hull[i].start;
        int64_t z = e < b->hull[i].end ? e : b->hull[i].end;
        if (z <= a)
            continue;
        /* ops arrive nearly in start order: extend the last interval when they touch */
        if (b->n && a >= b->v[b->n - 1].start && a <= b->v[b->n - 1].end) {
            if (z > b->v[b->n - 1].end)
                b->v[b->n - 1].end = z;
            continue;
        }
        if (b->n == b->cap) {
            b->cap = b->cap ? 2 * b->cap : 256;
            b->v = xrealloc(b->v, sizeof *b->v * b->cap);
        }
        b->v[b->n++] = (nsq_ivl){a, z};
    }
}

/* cols: start_ns, end_ns, correlation_id, global_pid, short_name_id */
static int kernel_row(void *vctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    (void)err;
    scan *sc = vctx;
    if (nulls & 1u)
        return 0;
    int64_t gpid = v[3];
    if (!(nulls & 2u) && !(nulls & 8u))
        add_busy(sc, gpid, v[0], v[1]);
    if ((nulls >> 2) & 1u || (nulls >> 3) & 1u)
        return 0;
    cmap *m = NULL;
    for (int i = 0; i < sc->cm.n; i++)
        if (sc->cm.m[i].gpid == gpid)
            m = &sc->cm.m[i];
    if (!m)
        return 0;
    int64_t t = cmap_take(m, v[2]);
    if (t == NONE)
        return 0;
    int64_t eff = v[0] > t ? v[0] : t;
    nsq_gstats_add(sc->lat, 0, (nulls >> 4) & 1u ? NONE : v[4], eff - t);
    nsq_piles_add(&m->ep, eff);
    m->nl++;
    sc->nl++;
    return 0;
}

/* cols: start_ns, end_ns, global_pid */
static int op_row(void *vctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    (void)err;
    scan *sc = vctx;
    if (!(nulls & 7u))
        add_busy(sc, v[2], v[0], v[1]);
    return 0;
}

static int cmp_sync(const void *a, const void *b)
{
    const synccall *x = a, *y = b;
    if (x->gpid != y->gpid)
        return x->gpid < y->gpid ? -1 : 1;
    if (x->s != y->s)
        return x->s < y->s ? -1 : 1;
    return (x->e > y->e) - (x->e < y->e);
}

static void build_hulls(scan *sc)
{
    if (!sc->nsc)
        return;
    qsort(sc->sc, (size_t)sc->nsc, sizeof *sc->sc, cmp_sync);
    for (int64_t i = 0; i < sc->nsc;) {
        int64_t j = i;
        while (j < sc->nsc && sc->sc[j].gpid == sc->sc[i].gpid)
            j++;
        NSQ_GROW(sc->b, sc->nb + 1, sc->capb);
        busy *b = &sc->b[sc->nb++];
        memset(b, 0, sizeof *b);
        b->gpid = sc->sc[i].gpid;
        b->hull = xmalloc(sizeof *b->hull * (size_t)(j - i));
        for (int64_t k = i; k < j; k++)
            b->hull[k - i] = (nsq_ivl){sc->sc[k].s, sc->sc[k].e};
        b->nhull = nsq_ivl_union(b->hull, (size_t)(j - i));
        i = j;
    }
}

static int scan_view(scan *sc, const char *view, const char *cols, int ncols, nsq_parscan_row fn,
                     const char *what)
{
    nsq_parscan_req rq = {.view = view, .cols = cols, .ncols = ncols, .what = what};
    return nsq_parscan(sc->x, &rq, fn, sc, sc->err);
}

static int cmp_row_total(const void *a, const void *b)
{
    const nsq_api_row *x = a, *y = b;
    if (x->s.total != y->s.total)
        return x->s.total < y->s.total ? 1 : -1;
    int c = strcmp(x->kind ? x->kind : "", y->kind ? y->kind : "");
    if (c)
        return c;
    return strcmp(x->name ? x->name : "", y->name ? y->name : "");
}

static int cmp_row_name(const void *a, const void *b)
{
    const nsq_api_row *x = a, *y = b;
    int c = strcmp(x->kind ? x->kind : "", y->kind ? y->kind : "");
    if (c)
        return c;
    return strcmp(x->name ? x->name : "", y->name ? y->name : "");
}

static bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && !strcmp(a, b));
}

typedef struct rowkey {
    const nsq_api_row *rows;
    const char *kind, *name;
} rowkey;

static bool same_row(void *ctx, int64_t t)
{
    const rowkey *k = ctx;
    return same_text(k->rows[t].kind, k->kind) && same_text(k->rows[t].name, k->name);
}

/* Rows from a grouped accumulator, groups with equal (kind, text) merged
 * (found through a hash index: O(1) a group), named; *target: row t's
 * group in g, for rows_done. */
static nsq_api_row *rows_named(scan *sc, nsq_gstats *g, bool calls, int64_t *nrows, int *rc,
                               int **target_out)
{
    int ng = nsq_gstats_count(g);
    nsq_api_row *rows = xcalloc((size_t)ng + 1, sizeof *rows);
    int64_t n = 0;
    int *target = xmalloc(sizeof *target * (size_t)(ng + 1));
    nsq_hindex seen = {0};
    *rc = 0;
    for (int i = 0; i < ng; i++) {
        int64_t k1, k2;
        nsq_gstats_keys(g, i, &k1, &k2);
        const char *kind = calls ? (k1 == 0 ? "runtime" : "driver") : NULL;
        char *text = NULL;
        if (k2 != NONE) {
            if (calls) {
                int ix = nsq_pairmap_get(&sc->names, k2, 0);
                text = ix >= 0 && sc->ni[ix].base ? xstrdup(sc->ni[ix].base) : NULL;
            } else {
                text = string_of(sc, k2, rc);
                if (*rc != SQLITE_OK)
                    break;
            }
        }
        rowkey key = {rows, kind, text};
        uint64_t h = nsq_hash_str(text, nsq_hash_str(kind, NSQ_HASH_SEED));
        int64_t t = nsq_hindex_find(&seen, h, same_row, &key);
        if (t < 0) {
            rows[n].kind = kind ? xstrdup(kind) : NULL;
            rows[n].name = text;
            target[n] = i;
            nsq_hindex_add(&seen, h, n);
            n++;
        } else {
            free(text);
            nsq_gstats_merge(g, target[t], i);
        }
    }
    nsq_hindex_release(&seen);
    *target_out = target;
    *nrows = n;
    return rows;
}

/* The rows' statistics (no lookups: a member of a scan group may run it
 * aside), by total. */
static void rows_done(nsq_gstats *g, nsq_api_row *rows, int64_t n, int *target)
{
    for (int64_t t = 0; t < n; t++)
        nsq_gstats_result(g, target[t], &rows[t].s);
    free(target);
    if (n > 1)
        qsort(rows, (size_t)n, sizeof *rows, cmp_row_total);
}

static nsq_api_row *rows_of(scan *sc, nsq_gstats *g, bool calls, int64_t *nrows, int *rc)
{
    int *target;
    nsq_api_row *rows = rows_named(sc, g, calls, nrows, rc, &target);
    if (*rc == SQLITE_OK)
        rows_done(g, rows, *nrows, target);
    else
        free(target);
    return rows;
}

/* The call ends of m's launches (each call end once per kernel that found
 * it) into tp, in correlation-id order (nearly time order), freeing the map's
 * pages on the way. */
static void launch_ends(cmap *m, nsq_piles *tp)
{
    if (m->nextra > 1)
        qsort(m->extra, (size_t)m->nextra, sizeof *m->extra, nsq_cmp_i64);
    int64_t x = 0;
    for (int64_t k = 0; k < m->npg; k++) {
        cpage *g = &m->pg[k];
        for (int64_t off = 0; g->hit && off < PAGE; off++) {
            if (!(g->hit[off >> 3] & (1u << (off & 7))))
                continue;
            int64_t corr = (m->first + k) * PAGE + off;
            int64_t t = g->n ? g->base + (int64_t)g->n[off] : g->w[off];
            nsq_piles_add(tp, t);
            while (x < m->nextra && m->extra[x] < corr)
                x++;
            for (; x < m->nextra && m->extra[x] == corr; x++)
                nsq_piles_add(tp, t);
        }
        free(g->n);
        free(g->w);
        free(g->hit);
        g->n = NULL;
        g->w = NULL;
        g->hit = NULL;
    }
    free(m->pg);
    m->pg = NULL;
    m->npg = m->cappg = 0;
    free(m->extra);
    m->extra = NULL;
    m->nextra = m->capextra = 0;
}

/* Per process, the depth at call end T_i is #{T_j <= T_i} - #{E_j <= T_i}
 * (E_j <= T_i: the kernel's call had ended and the kernel had started):
 * both read back in ascending order and merged. */
static void queue_depth(cmaps *cm, nsq_api_result *r)
{
    for (int p = 0; p < cm->n; p++) {
        cmap *m = &cm->m[p];
        nsq_piles tp;
        memset(&tp, 0, sizeof tp);
        launch_ends(m, &tp);
        if (!m->nl)
            continue;
        nsq_piles_iter ti, ei;
        nsq_piles_iter_init(&ti, &tp);
        nsq_piles_iter_init(&ei, &m->ep);
        int64_t t, e = 0, k = 0, j = 0;
        bool have_t = nsq_piles_next(&ti, &t), have_e = nsq_piles_next(&ei, &e);
        while (have_t) {
            int64_t cur = t, i = k;
            while (have_t && t == cur) { /* the launches ending at the same time share a depth */
                k++;
                have_t = nsq_piles_next(&ti, &t);
            }
            while (have_e && e <= cur) {
                j++;
                have_e = nsq_piles_next(&ei, &e);
            }
            int64_t d = k - j;
            r->qd_sum += d * (k - i);
            if (d > r->qd_max)
                r->qd_max = d;
        }
        r->qd_launches += m->nl;
        nsq_piles_iter_release(&ti);
        nsq_piles_iter_release(&ei);
        nsq_piles_release(&tp);
        nsq_piles_release(&m->ep);
    }
}

int nsq_api_fast(nsq_export *x, const nsq_api_opts *o, nsq_api_result *r, nsq_err *err)
{
    memset(r, 0, sizeof *r);
    scan sc;
    memset(&sc, 0, sizeof sc);
    sc.o = o;
    sc.x = x;
    sc.err = err;
    sc.calls = nsq_gstats_new();
    sc.lat = nsq_gstats_new();
    int ret = -1, rc;
    nsq_strids_init(&sc.strs, x->db);
    if (sqlite3_prepare_v2(x->db, "SELECT value FROM StringIds WHERE id = ?1", -1, &sc.str, NULL) !=
        SQLITE_OK) {
        nsq_export_sql_error(x, sqlite3_errcode(x->db), NSQ_EXIT_INTERNAL, "query_failed",
                             "API names", err);
        goto done;
    }
    if (scan_view(&sc, "api", "start_ns, end_ns, event_class, name_id, global_tid, correlation_id",
                  6, api_row, "API calls"))
        goto done;
    /* the launches need every process's ids in one map: a process whose
     * kernels and calls disagree on the process id would need SQL's join */
    if (sc.not_fast) {
        ret = NSQ_API_NOT_FAST;
        goto done;
    }
    r->bad_rows = sc.bad;
    r->calls = rows_of(&sc, sc.calls, true, &r->ncalls, &rc);
    if (rc != SQLITE_OK) {
        nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed", "API names", err);
        goto done;
    }
    for (int64_t i = 0; i < r->ncalls; i++) {
        r->calls_total += r->calls[i].s.n;
        r->api_time_ns += r->calls[i].s.total;
    }
    nsq_gstats_free(sc.calls);
    sc.calls = NULL;
    build_hulls(&sc);
    /* without launches, the GPU ops matter only inside synchronising calls */
    bool ops = !o->no_launches || sc.nsc > 0;
    if (ops && nsq_probe_table(&x->probe, "CUPTI_ACTIVITY_KIND_KERNEL") &&
        scan_view(&sc, "kernel", "start_ns, end_ns, correlation_id, global_pid, short_name_id", 5,
                  kernel_row, "API launches"))
        goto done;
    if (ops && ((nsq_probe_table(&x->probe, "CUPTI_ACTIVITY_KIND_MEMCPY") &&
                 scan_view(&sc, "memcpy", "start_ns, end_ns, global_pid", 3, op_row,
                           "GPU busy (memcpy)")) ||
                (nsq_probe_table(&x->probe, "CUPTI_ACTIVITY_KIND_MEMSET") &&
                 scan_view(&sc, "memset", "start_ns, end_ns, global_pid", 3, op_row,
                           "GPU busy (memset)"))))
        goto done;
    int *target;
    r->latency = rows_named(&sc, sc.lat, false, &r->nlatency, &rc, &target);
    if (rc != SQLITE_OK) {
        free(target);
        nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed", "kernel names", err);
        goto done;
    }
    /* the rows read and named: what is left is this analysis' own work */
    nsq_scan_aside(x);
    rows_done(sc.lat, r->latency, r->nlatency, target);
    r->launches_matched = sc.nl;
    nsq_gstats_free(sc.lat);
    sc.lat = NULL;
    queue_depth(&sc.cm, r);
    /* sync calls: busy unions per process, then each call's idle time */
    for (int i = 0; i < sc.nb; i++) {
        busy *b = &sc.b[i];
        nsq_ivl_sort(b->v, b->n);
        b->n = nsq_ivl_union(b->v, b->n);
    }
    r->sync = xcalloc((size_t)sc.nsc + 1, sizeof *r->sync);
    for (int64_t i = 0; i < sc.nsc; i++) {
        const synccall *c = &sc.sc[i];
        const char *kind = c->cls == 0 ? "runtime" : "driver";
        int64_t k = 0;
        while (k < r->nsync &&
               !(!strcmp(r->sync[k].kind, kind) && !strcmp(r->sync[k].name, sc.syncnames[c->name])))
            k++;
        if (k == r->nsync) {
            r->sync[k].kind = xstrdup(kind);
            r->sync[k].name = xstrdup(sc.syncnames[c->name]);
            r->nsync++;
        }
        busy *b = busy_of(&sc, c->gpid);
        int64_t in = b ? nsq_ivl_overlap((nsq_ivl){c->s, c->e}, b->v, b->n) : 0;
        r->sync[k].s.n++;
        r->sync[k].s.total += c->e - c->s;
        r->sync[k].idle_ns += (c->e - c->s) - in;
        r->sync_idle_ns += (c->e - c->s) - in;
    }
    if (r->nsync > 1)
        qsort(r->sync, (size_t)r->nsync, sizeof *r->sync, cmp_row_name);
    nsq_scan_back(x);
    ret = 0;
done:
    if (ret)
        nsq_api_release(r);
    sqlite3_finalize(sc.str);
    nsq_strids_release(&sc.strs);
    nsq_gstats_free(sc.calls);
    nsq_gstats_free(sc.lat);
    nsq_pairmap_release(&sc.names);
    for (int i = 0; i < sc.nni; i++) {
        free(sc.ni[i].text);
        free(sc.ni[i].base);
    }
    free(sc.ni);
    for (int i = 0; i < sc.nsyncnames; i++)
        free(sc.syncnames[i]);
    free(sc.syncnames);
    free(sc.sc);
    cmaps_release(&sc.cm);
    for (int i = 0; i < sc.nb; i++) {
        free(sc.b[i].hull);
        free(sc.b[i].v);
    }
    free(sc.b);
    return ret;
}

static void rows_free(nsq_api_row *v, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        free(v[i].kind);
        free(v[i].name);
    }
    free(v);
}

void nsq_api_release(nsq_api_result *r)
{
    rows_free(r->calls, r->ncalls);
    rows_free(r->latency, r->nlatency);
    rows_free(r->sync, r->nsync);
    memset(r, 0, sizeof *r);
}
