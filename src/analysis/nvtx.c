/* nvtx: see nsysql/nvtx.h. The ranges are read in nvtx_ranges.c; here
 * nesting is rebuilt per thread with a containment stack, and each range
 * instance's GPU ops are found by the streaming pass (or, with --views, by
 * binary search over its thread's ops sorted by the start of their launching
 * API call), then grouped and printed. */
#include "nsysql/analysis/nvtx.h"
#include "nsysql/export/scangroup.h"
#include "nvtx_internal.h"

#include "nsysql/analysis/corrmap.h"
#include "nsysql/analysis/diff.h" /* nsq_sort_durations */
#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/piles.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/export/parscan.h"
#include "nsysql/export/rawscan.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct gop {
    int64_t gtid, api_start, gs, ge;
    int kernel;
} gop;

typedef struct iv {
    int64_t s, e;
} iv;

static uint64_t str_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* An owned copy of s, one per distinct text (names and paths repeat). */
const char *nsq_nvtx_keep(nsq_nvtx_result *r, const char *s)
{
    if (2 * (r->nstrings + 1) > r->hcap) {
        int64_t nc = r->hcap ? 2 * r->hcap : 1024;
        int64_t *h = calloc((size_t)nc, sizeof *h);
        if (!h)
            abort();
        for (int64_t i = 0; i < r->nstrings; i++) {
            uint64_t k = str_hash(r->strings[i]) & (uint64_t)(nc - 1);
            while (h[k])
                k = (k + 1) & (uint64_t)(nc - 1);
            h[k] = i + 1;
        }
        free(r->hash);
        r->hash = h;
        r->hcap = nc;
    }
    uint64_t k = str_hash(s) & (uint64_t)(r->hcap - 1);
    while (r->hash[k]) {
        if (!strcmp(r->strings[r->hash[k] - 1], s))
            return r->strings[r->hash[k] - 1];
        k = (k + 1) & (uint64_t)(r->hcap - 1);
    }
    if (r->nstrings == r->capstrings) {
        r->capstrings = r->capstrings ? 2 * r->capstrings : 256;
        r->strings = realloc(r->strings, (size_t)r->capstrings * sizeof *r->strings);
        if (!r->strings)
            abort();
    }
    char *d = strdup(s);
    if (!d)
        abort();
    r->strings[r->nstrings++] = d;
    r->hash[k] = r->nstrings;
    return d;
}

static int cmp_gop(const void *a, const void *b)
{
    const gop *x = a, *y = b;
    if (x->gtid != y->gtid)
        return x->gtid < y->gtid ? -1 : 1;
    if (x->api_start != y->api_start)
        return x->api_start < y->api_start ? -1 : 1;
    return x->gs < y->gs ? -1 : x->gs > y->gs;
}

static int cmp_iv(const void *a, const void *b)
{
    const iv *x = a, *y = b;
    if (x->s != y->s)
        return x->s < y->s ? -1 : 1;
    return x->e < y->e ? -1 : x->e > y->e;
}

static int64_t union_len(iv *v, int64_t n)
{
    int64_t tot = 0;
    if (!n)
        return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_iv);
    int64_t cs = v[0].s, ce = v[0].e;
    for (int64_t i = 1; i < n; i++) {
        if (v[i].s > ce) {
            tot = nsq_sat_add(tot, ce - cs);
            cs = v[i].s;
            ce = v[i].e;
        } else if (v[i].e > ce) {
            ce = v[i].e;
        }
    }
    return nsq_sat_add(tot, ce - cs);
}

int nsq_nvtx_sql_err(nsq_export *x, int rc, nsq_err *err)
{
    return nsq_export_sql_error(x, rc, NSQ_EXIT_QUERY, "query_failed", "nvtx", err);
}

static const char OPS_SQL[] =
    "SELECT a.global_tid, a.start_ns, g.start_ns, g.end_ns, g.kind = 'kernel' "
    "FROM gpu_op g JOIN api a ON a.pid = g.pid AND a.correlation_id = g.correlation_id "
    "WHERE g.start_ns IS NOT NULL AND g.end_ns >= g.start_ns";

static const char ALLOPS_SQL[] = "SELECT start_ns, end_ns, global_pid, device_id FROM gpu_op WHERE "
                                 "start_ns IS NOT NULL AND end_ns >= "
                                 "start_ns ORDER BY global_pid, device_id";

/* The node (key, level, path) of interned texts. */
static int32_t node_of(nsq_nvtx_result *r, nsq_pairmap *nm, int32_t key, int32_t level,
                       const char *path)
{
    int64_t k2 = (int64_t)key << 32 | (uint32_t)level;
    int k = nsq_pairmap_get(nm, (int64_t)(intptr_t)path, k2);
    if (k >= 0)
        return k;
    if (r->nnodes == r->capnodes) {
        r->capnodes = r->capnodes ? 2 * r->capnodes : 256;
        r->nodes = xrealloc(r->nodes, (size_t)r->capnodes * sizeof *r->nodes);
    }
    memset(&r->nodes[r->nnodes], 0, sizeof *r->nodes);
    r->nodes[r->nnodes].key = key;
    r->nodes[r->nnodes].level = level;
    r->nodes[r->nnodes].path = path;
    nsq_pairmap_put(nm, (int64_t)(intptr_t)path, k2, (int)r->nnodes);
    return (int32_t)r->nnodes++;
}

static const char *domain_of(const nsq_nvtx_result *r, const nsq_nvtx_inst *in)
{
    return r->keys[r->nodes[in->node].key].domain;
}

/* Sets the parent and node (level and path) of every range. A range nests
 * in the innermost open one of its thread that contains it in the same
 * domain; so the open ranges share one domain, and a range of another
 * domain, or one that overlaps without being contained, closes them (an
 * overlap marks the capture as not a tree). */
static void nest(nsq_nvtx_result *r)
{
    int64_t *stack = NULL; /* instance indices; their nodes are set */
    int64_t sp = 0, cap = 0, prev_pid = -1;
    strbuf sb = STRBUF_INIT;
    nsq_pairmap nm = NSQ_PAIRMAP_INIT;
    for (int64_t t = 0; t < r->nthr; t++) {
        int64_t gtid = r->thr[t].gtid, hi = t + 1 < r->nthr ? r->thr[t + 1].first : r->ninst;
        sp = 0;
        r->threads++;
        if (((gtid >> 24) & 0xFFFFFF) != prev_pid)
            r->processes++;
        prev_pid = (gtid >> 24) & 0xFFFFFF;
        for (int64_t i = r->thr[t].first; i < hi; i++) {
            nsq_nvtx_inst *in = &r->inst[i];
            const nsq_nvtx_key *key = &r->keys[in->node]; /* still its key */
            const nsq_nvtx_inst *top = sp ? &r->inst[stack[sp - 1]] : NULL;
            while (top && !(top->start <= in->start && in->end <= top->end &&
                            domain_of(r, top) == key->domain)) {
                if (top->end > in->start)
                    r->crossing = 1; /* overlaps without containing: not a tree */
                sp--;
                top = sp ? &r->inst[stack[sp - 1]] : NULL;
            }
            in->parent = top ? (int32_t)stack[sp - 1] : -1;
            if (sp > r->max_level)
                r->max_level = sp;
            sb_reset(&sb);
            if (top) {
                sb_addstr(&sb, r->nodes[top->node].path);
                sb_addch(&sb, '/');
            }
            sb_addstr(&sb, key->name);
            in->node = node_of(r, &nm, in->node, (int32_t)sp, nsq_nvtx_keep(r, sb_str(&sb)));
            if (sp == cap) {
                cap = cap ? 2 * cap : 16;
                stack = xrealloc(stack, (size_t)cap * sizeof *stack);
            }
            stack[sp++] = i;
        }
    }
    nsq_pairmap_release(&nm);
    sb_release(&sb);
    free(stack);
}

/* gpu_ops, gpu_busy_ns (union of every valid GPU op) and gpu_time_ns (the
 * unions per process and device, summed) through the views, the intervals
 * sorted in memory. Returns 0 or -1 with err. */
static int all_busy(nsq_nvtx_result *r, nsq_export *x, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    iv *all = NULL;
    int64_t nall = 0, capall = 0, from = 0, gp = 0, dv = 0;
    int rc = sqlite3_prepare_v2(x->db, ALLOPS_SQL, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_nvtx_sql_err(x, rc, err);
    r->gpu_time_ns = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t g = sqlite3_column_int64(st, 2), d = sqlite3_column_int64(st, 3);
        if (nall && (g != gp || d != dv)) { /* rows come by (process, device) */
            r->gpu_time_ns = nsq_sat_add(r->gpu_time_ns, union_len(all + from, nall - from));
            from = nall;
        }
        gp = g;
        dv = d;
        if (nall == capall) {
            capall = capall ? 2 * capall : 4096;
            all = realloc(all, (size_t)capall * sizeof *all);
            if (!all)
                abort();
        }
        all[nall].s = sqlite3_column_int64(st, 0);
        all[nall].e = sqlite3_column_int64(st, 1);
        nall++;
    }
    sqlite3_finalize(st);
    st = NULL;
    if (rc != SQLITE_DONE) {
        free(all);
        return nsq_nvtx_sql_err(x, rc, err);
    }
    r->gpu_time_ns = nsq_sat_add(r->gpu_time_ns, union_len(all + from, nall - from));
    r->gpu_ops = nall;
    r->gpu_busy_ns = union_len(all, nall);
    free(all);
    return 0;
}

/* The first of r->thr (sorted by thread id) whose id is gtid or more. */
static int64_t thr_lower_bound(const nsq_nvtx_result *r, int64_t gtid)
{
    int64_t lo = 0, hi = r->nthr;
    while (lo < hi) {
        int64_t m = lo + (hi - lo) / 2;
        if (r->thr[m].gtid < gtid)
            lo = m + 1;
        else
            hi = m;
    }
    return lo;
}

/* 1 when thread gtid holds ranges. */
static int thread_has_ranges(const nsq_nvtx_result *r, int64_t gtid)
{
    int64_t i = thr_lower_bound(r, gtid);
    return i < r->nthr && r->thr[i].gtid == gtid;
}

/* 1 when gtid holds no range but another thread of its process does. */
static int rangeless_thread(const nsq_nvtx_result *r, int64_t gtid)
{
    if (thread_has_ranges(r, gtid))
        return 0;
    int64_t base = gtid & ~(int64_t)0xFFFFFF, i = thr_lower_bound(r, base);
    return i < r->nthr && (r->thr[i].gtid & ~(int64_t)0xFFFFFF) == base;
}

#define CM_RANGELESS INT32_MAX /* cm value: launched by a rangeless thread */

static int project(nsq_nvtx_result *r, nsq_export *x, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    gop *g = NULL;
    iv *v = NULL;
    int64_t n = 0, cap = 0;
    if (all_busy(r, x, err))
        return -1;

    int rc = sqlite3_prepare_v2(x->db, OPS_SQL, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_nvtx_sql_err(x, rc, err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (n == cap) {
            cap = cap ? 2 * cap : 4096;
            g = realloc(g, (size_t)cap * sizeof *g);
            if (!g)
                abort();
        }
        g[n].gtid = sqlite3_column_int64(st, 0);
        g[n].api_start = sqlite3_column_int64(st, 1);
        g[n].gs = sqlite3_column_int64(st, 2);
        g[n].ge = sqlite3_column_int64(st, 3);
        g[n].kernel = sqlite3_column_int(st, 4);
        n++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        free(g);
        return nsq_nvtx_sql_err(x, rc, err);
    }
    r->gpu_ops_launched = n;
    r->have_gpu = n > 0;
    if (!n)
        return 0;
    qsort(g, (size_t)n, sizeof *g, cmp_gop);
    v = malloc((size_t)n * sizeof *v);
    unsigned char *in_any = calloc((size_t)n, 1);
    int rl = 0;
    if (!v || !in_any)
        abort();
    for (int64_t t = 0; t < r->nthr; t++) {
        int64_t gtid = r->thr[t].gtid, hi_i = t + 1 < r->nthr ? r->thr[t + 1].first : r->ninst;
        for (int64_t i = r->thr[t].first; i < hi_i; i++) {
            const nsq_nvtx_inst *in = &r->inst[i];
            nsq_nvtx_node *nd = &r->nodes[in->node];
            /* first op of this thread with api_start >= in->start */
            int64_t lo = 0, hi = n;
            while (lo < hi) {
                int64_t m = lo + (hi - lo) / 2;
                if (g[m].gtid < gtid || (g[m].gtid == gtid && g[m].api_start < in->start))
                    lo = m + 1;
                else
                    hi = m;
            }
            int64_t k = 0, first = INT64_MAX, last = INT64_MIN;
            for (int64_t j = lo; j < n && g[j].gtid == gtid && g[j].api_start <= in->end; j++) {
                v[k].s = g[j].gs;
                v[k].e = g[j].ge;
                k++;
                if (g[j].kernel) {
                    nd->kernels++;
                    nd->kernel_ns = nsq_sat_add(nd->kernel_ns, g[j].ge - g[j].gs);
                }
                if (g[j].gs < first)
                    first = g[j].gs;
                if (g[j].ge > last)
                    last = g[j].ge;
                if (nd->reported)
                    in_any[j] = 1;
            }
            nd->ops += k;
            nd->with_gpu += k > 0;
            nd->busy = nsq_sat_add(nd->busy, union_len(v, k));
            nd->span = nsq_sat_add(nd->span, k ? last - first : 0);
        }
    }
    for (int64_t j = 0; j < n; j++) {
        r->gpu_ops_in_ranges += in_any[j];
        /* g is sorted by thread: one look-up per thread */
        if (j == 0 || g[j].gtid != g[j - 1].gtid)
            rl = rangeless_thread(r, g[j].gtid);
        r->gpu_ops_rangeless_threads += rl;
    }
    free(in_any);
    free(v);
    free(g);
    return 0;
}

/* ---- streaming projection: one pass over the API calls (kept as a dense
 * correlationId -> innermost range map per process), then one merged pass
 * over kernels, memcpys and memsets in start order, each op credited to its
 * range and every enclosing one. Needs ranges that form a tree per thread
 * and tables in start order; returns 1 when they do not (the caller then
 * uses project()). ---- */

typedef struct corrmap {
    int64_t pid;
    nsq_corrmap m; /* corr -> 0 outside every range, k + 1 range k */
} corrmap;

typedef struct cmaps {
    corrmap *m;
    int n, cap, last;
} cmaps;

static corrmap *cm_find(cmaps *c, int64_t pid, bool add)
{
    if (c->n && c->m[c->last].pid == pid)
        return &c->m[c->last];
    for (int i = 0; i < c->n; i++)
        if (c->m[i].pid == pid)
            return &c->m[c->last = i];
    if (!add)
        return NULL;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 8;
        c->m = realloc(c->m, (size_t)c->cap * sizeof *c->m);
        if (!c->m)
            abort();
    }
    memset(&c->m[c->n], 0, sizeof c->m[c->n]);
    c->m[c->n].pid = pid;
    c->last = c->n;
    return &c->m[c->n++];
}

/* val: 1 outside every range, k + 2 range k. Returns 0, or -1 when the ids
 * are too sparse for the map. */
static int cm_set(corrmap *m, int64_t corr, int32_t val)
{
    return nsq_corrmap_set(&m->m, corr, val - 1);
}

/* 0 no API call, 1 outside every range, k + 2 range k */
static int32_t cm_get(cmaps *c, int64_t pid, int64_t corr)
{
    corrmap *m = cm_find(c, pid, false);
    if (!m)
        return 0;
    int32_t v = nsq_corrmap_get(&m->m, corr);
    return v < 0 ? 0 : v + 1;
}

/* a memcpy or memset kept for the merge: 24 bytes (its GPU as an index
 * into sctx.keys; a duration of 2^32 - 1 ns or more sends the projection
 * to project(), which has no such limit) */
typedef struct sop {
    int64_t gs, corr;
    uint32_t dur, key;
} sop;

typedef struct skey {
    int64_t gpid, dev;
} skey;

/* the busy union of one GPU (a process's device), streamed in start order */
typedef struct devbusy {
    int64_t gpid, dev, cs, ce;
    int64_t last; /* the latest start seen */
    /* its closed islands, disjoint and rising: LEB128 pairs of the zigzagged
     * distance from the previous island's end (from 0 for the first) and the
     * length, 2 to 8 bytes an island where an interval takes 16 */
    uint8_t *pk;
    size_t npk, cappk;
    int64_t nisl, pk_end;
} devbusy;

/* a + d modulo 2^64: the running busy and span sums pass through values far
 * below zero (minus many starts) before the ends come in */
static inline void wrap_add(int64_t *a, int64_t d)
{
    *a = (int64_t)((uint64_t)*a + (uint64_t)d);
}

static inline void wrap_sub(int64_t *a, int64_t d)
{
    *a = (int64_t)((uint64_t)*a - (uint64_t)d);
}

/* a range's union of its ops so far (cs: INT64_MIN before its first op);
 * what is closed is summed into its node at once */
typedef struct pstate {
    int64_t cs, ce;
} pstate;

/* the memcpys and memsets of one GPU, in start order: small[begin, end),
 * next the first not yet streamed */
typedef struct sseg {
    int64_t gpid, dev, begin, end, next;
} sseg;

typedef struct sctx {
    nsq_nvtx_result *r;
    pstate *ps;
    cmaps cm;
    int bad;    /* 1: sparse ids or a range's ops out of order: use project() */
    sop *small; /* memcpys and memsets, by GPU, then by start */
    int64_t nsmall, capsmall;
    int64_t nmemcpy; /* small[0, nmemcpy) came from the memcpy view, the rest from memset */
    skey *keys;      /* the GPUs of small (while reading: in the order seen) */
    int nkeys, capkeys, lastkey;
    nsq_pairmap keymap;
    sseg *seg; /* per GPU */
    int nseg, capseg, lastseg;
    int unsorted; /* a GPU's ops out of start order: all_busy() */
    devbusy *dv;
    int ndv, capdv, lastdv;
    /* api_row's search: per thread (an index of r->thr), the first of its
     * instances that starts after its last call (-1: none yet); the thread
     * of the last call */
    int64_t *cur;
    int64_t last_gtid, last_thr;
} sctx;

/* The first of inst[a, b) that starts after t (b when none); starts rise. */
static int64_t first_after(const nsq_nvtx_result *r, int64_t a, int64_t b, int64_t t)
{
    while (a < b) {
        int64_t m = a + (b - a) / 2;
        if (r->inst[m].start <= t)
            a = m + 1;
        else
            b = m;
    }
    return a;
}

/* The innermost range of thread gtid containing t, or -1. Calls come
 * mostly in time order per thread: the search goes on from where the
 * thread's last one ended while t does not go back (the answer a binary
 * search over the thread's instances gives, without one per call). */
static int64_t innermost(sctx *c, int64_t gtid, int64_t t)
{
    const nsq_nvtx_result *r = c->r;
    int64_t lo;
    if (c->last_thr >= 0 && gtid == c->last_gtid) {
        lo = c->last_thr;
    } else {
        lo = thr_lower_bound(r, gtid);
        c->last_gtid = gtid;
        c->last_thr = lo;
    }
    if (lo == r->nthr || r->thr[lo].gtid != gtid)
        return -1;
    int64_t first = r->thr[lo].first;
    int64_t hi = lo + 1 < r->nthr ? r->thr[lo + 1].first : r->ninst;
    int64_t p = c->cur[lo];
    if (p >= first && p <= hi && (p == first || r->inst[p - 1].start <= t)) {
        /* the answer is p or later: a few steps, else a search from p */
        for (int k = 0; k < 8 && p < hi && r->inst[p].start <= t; k++)
            p++;
        if (p < hi && r->inst[p].start <= t)
            p = first_after(r, p, hi, t);
    } else {
        p = first_after(r, first, hi, t);
    }
    c->cur[lo] = p;
    int64_t i = p - 1;
    if (i < first)
        return -1;
    while (i >= 0 && r->inst[i].end < t)
        i = r->inst[i].parent;
    return i;
}

static int api_row(void *vc, const int64_t *v, unsigned nulls, nsq_err *err)
{
    sctx *c = vc;
    (void)err;
    if (c->bad || (nulls & 7))
        return 0;
    int64_t i = innermost(c, v[0], v[1]);
    int32_t val = i >= 0 ? (int32_t)(i + 2) : rangeless_thread(c->r, v[0]) ? CM_RANGELESS : 1;
    if (cm_set(cm_find(&c->cm, (v[0] >> 24) & 0xFFFFFF, true), v[2], val))
        c->bad = 1;
    return 0;
}

static int small_row(void *vc, const int64_t *v, unsigned nulls, nsq_err *err)
{
    sctx *c = vc;
    (void)err;
    if ((nulls & 3) || v[1] < v[0])
        return 0;
    if ((uint64_t)v[1] - (uint64_t)v[0] >= UINT32_MAX) {
        c->bad = 1; /* project() keeps any duration */
        return 0;
    }
    int k = c->lastkey;
    if (!c->nkeys || c->keys[k].gpid != v[3] || c->keys[k].dev != v[4]) {
        k = nsq_pairmap_get(&c->keymap, v[3], v[4]);
        if (k < 0) {
            NSQ_GROW(c->keys, c->nkeys + 1, c->capkeys);
            k = c->nkeys++;
            c->keys[k] = (skey){v[3], v[4]};
            nsq_pairmap_put(&c->keymap, v[3], v[4], k);
        }
        c->lastkey = k;
    }
    if (c->nsmall == c->capsmall) {
        c->capsmall = c->capsmall ? 2 * c->capsmall : 1024;
        c->small = xrealloc(c->small, (size_t)c->capsmall * sizeof *c->small);
    }
    c->small[c->nsmall++] =
        (sop){v[0], (nulls & 4) ? INT64_MIN : v[2], (uint32_t)(v[1] - v[0]), (uint32_t)k};
    return 0;
}

/* keys in (gpid, dev) order */
static int cmp_skey(const void *a, const void *b)
{
    const skey *x = a, *y = b;
    if (x->gpid != y->gpid)
        return x->gpid < y->gpid ? -1 : 1;
    return x->dev < y->dev ? -1 : x->dev > y->dev;
}

/* ops by their GPU's rank in (gpid, dev) order, then start */
static int cmp_sop(const void *a, const void *b)
{
    const sop *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->gs < y->gs ? -1 : x->gs > y->gs;
}

/* Sorts the kept copies by (gpid, dev, start), as a stable sort of the
 * records in the order read would: the keys are sorted and each op's key
 * becomes its GPU's rank; the ops are then placed by key in the order read
 * (a counting sort), and each GPU's memcpys and memsets, each already in
 * start order as the views give them, are merged (memcpy first on equal
 * starts, as read); a GPU whose run is out of order is sorted by start with
 * the same stable sort. */
static void sort_small(sctx *c)
{
    int nk = c->nkeys ? c->nkeys : 1;
    int *rank = xmalloc(sizeof *rank * (size_t)nk);
    for (int i = 0; i < c->nkeys; i++)
        nsq_pairmap_put(&c->keymap, c->keys[i].gpid, c->keys[i].dev, i);
    qsort(c->keys, (size_t)c->nkeys, sizeof *c->keys, cmp_skey);
    for (int i = 0; i < c->nkeys; i++)
        rank[nsq_pairmap_get(&c->keymap, c->keys[i].gpid, c->keys[i].dev)] = i;
    /* per key: where its ops start, and how many of them are memcpys */
    int64_t *at = xcalloc((size_t)nk + 1, sizeof *at), *ncp = xcalloc((size_t)nk, sizeof *ncp);
    for (int64_t i = 0; i < c->nsmall; i++) {
        uint32_t k = (uint32_t)rank[c->small[i].key];
        c->small[i].key = k;
        at[k + 1]++;
        ncp[k] += i < c->nmemcpy;
    }
    free(rank);
    for (int k = 0; k < nk; k++)
        at[k + 1] += at[k];
    sop *by = xmalloc(sizeof *by * (size_t)(c->nsmall ? c->nsmall : 1));
    int64_t *fill = xmalloc(sizeof *fill * (size_t)nk);
    memcpy(fill, at, sizeof *fill * (size_t)nk);
    for (int64_t i = 0; i < c->nsmall; i++)
        by[fill[c->small[i].key]++] = c->small[i];
    free(fill);
    for (int k = 0; k < nk; k++) {
        sop *a = by + at[k], *o = c->small + at[k];
        int64_t na = ncp[k], nb = at[k + 1] - at[k] - na;
        const sop *b = a + na;
        bool sorted = true;
        for (int64_t i = 1; i < na && sorted; i++)
            sorted = a[i - 1].gs <= a[i].gs;
        for (int64_t i = 1; i < nb && sorted; i++)
            sorted = b[i - 1].gs <= b[i].gs;
        if (!sorted) {
            memcpy(o, a, sizeof *o * (size_t)(na + nb));
            qsort(o, (size_t)(na + nb), sizeof *o, cmp_sop);
            continue;
        }
        int64_t i = 0, j = 0, w = 0;
        while (i < na && j < nb)
            o[w++] = b[j].gs < a[i].gs ? b[j++] : a[i++];
        while (i < na)
            o[w++] = a[i++];
        while (j < nb)
            o[w++] = b[j++];
    }
    free(by);
    free(at);
    free(ncp);
}

static inline uint64_t isl_zz(int64_t d)
{
    return ((uint64_t)d << 1) ^ (uint64_t)(d >> 63);
}

static void island(devbusy *d, int64_t cs, int64_t ce)
{
    if (d->cappk - d->npk < 20) {
        d->cappk = d->cappk ? 2 * d->cappk : 1024;
        d->pk = xrealloc(d->pk, d->cappk);
    }
    d->npk +=
        (size_t)nsq_uleb_put(d->pk + d->npk, isl_zz((int64_t)((uint64_t)cs - (uint64_t)d->pk_end)));
    d->npk += (size_t)nsq_uleb_put(d->pk + d->npk, isl_zz((int64_t)((uint64_t)ce - (uint64_t)cs)));
    d->pk_end = ce;
    d->nisl++;
}

/* A reader of one GPU's islands, for the merge across GPUs. */
typedef struct islcur {
    const devbusy *d;
    size_t at;
    int64_t left, s, e;
} islcur;

static bool isl_next(islcur *k)
{
    if (!k->left)
        return false;
    uint64_t a = nsq_uleb_get(k->d->pk, &k->at), b = nsq_uleb_get(k->d->pk, &k->at);
    int64_t da = (int64_t)((a >> 1) ^ -(a & 1)), db = (int64_t)((b >> 1) ^ -(b & 1));
    k->s = (int64_t)((uint64_t)k->e + (uint64_t)da);
    k->e = (int64_t)((uint64_t)k->s + (uint64_t)db);
    k->left--;
    return true;
}

/* A heap of readers (indexes into k) by their island's start: the union's
 * length does not depend on the order of islands that start together. */
static void isl_sift(const islcur *k, int *h, int n, int i)
{
    int x = h[i];
    int64_t xs = k[x].s;
    for (;;) {
        int l = 2 * i + 1;
        if (l >= n)
            break;
        int m = l + 1 < n && k[h[l + 1]].s < k[h[l]].s ? l + 1 : l;
        if (k[h[m]].s >= xs)
            break;
        h[i] = h[m];
        i = m;
    }
    h[i] = x;
}

/* Up to this many GPUs the next island is found by looking at every GPU's
 * (in a row of starts, no heap to keep); beyond, with the heap. */
#define ISL_LINEAR 16

/* The length of the union of every GPU's islands (the capture-wide busy
 * time): the GPUs' rising islands merged in start order, touching and
 * overlapping ones joined, the lengths summed in that order (the same
 * merged intervals, in the same order, as sorting all of them). */
static int64_t islands_union(const sctx *c)
{
    int nd = c->ndv ? c->ndv : 1;
    islcur *k = xcalloc((size_t)nd, sizeof *k);
    int *h = xmalloc(sizeof *h * (size_t)nd);
    int64_t st[ISL_LINEAR];
    int n = 0;
    bool linear = c->ndv <= ISL_LINEAR;
    for (int i = 0; i < c->ndv; i++) {
        k[i] = (islcur){&c->dv[i], 0, c->dv[i].nisl, 0, 0};
        if (isl_next(&k[i]))
            h[n++] = i;
    }
    if (linear)
        for (int i = 0; i < n; i++)
            st[i] = k[h[i]].s;
    else
        for (int i = n / 2 - 1; i >= 0; i--)
            isl_sift(k, h, n, i);
    int64_t busy = 0, cs = 0, ce = 0;
    bool open = false;
    while (n) {
        int m = 0;
        if (linear)
            for (int i = 1; i < n; i++)
                if (st[i] < st[m])
                    m = i;
        islcur *t = &k[h[m]];
        int64_t s = t->s, e = t->e;
        if (linear) {
            if (isl_next(t)) {
                st[m] = t->s;
            } else { /* its GPU is done: the last one takes its place */
                n--;
                h[m] = h[n];
                st[m] = st[n];
            }
        } else {
            if (!isl_next(t))
                h[0] = h[--n];
            if (n > 1)
                isl_sift(k, h, n, 0);
        }
        if (open && s <= ce) {
            if (e > ce)
                ce = e;
            continue;
        }
        if (open)
            busy = nsq_sat_add(busy, ce - cs);
        cs = s;
        ce = e;
        open = true;
    }
    if (open)
        busy = nsq_sat_add(busy, ce - cs);
    free(k);
    free(h);
    return busy;
}

static void dev_busy(sctx *c, int64_t gpid, int64_t dev, int64_t gs, int64_t ge)
{
    devbusy *d = c->ndv && c->dv[c->lastdv].gpid == gpid && c->dv[c->lastdv].dev == dev
                     ? &c->dv[c->lastdv]
                     : NULL;
    for (int i = 0; !d && i < c->ndv; i++)
        if (c->dv[i].gpid == gpid && c->dv[i].dev == dev)
            d = &c->dv[c->lastdv = i];
    if (!d) {
        NSQ_GROW(c->dv, c->ndv + 1, c->capdv);
        c->lastdv = c->ndv;
        c->dv[c->ndv++] = (devbusy){gpid, dev, gs, ge, gs, NULL, 0, 0, 0, 0};
        return;
    }
    if (gs < d->last) {
        c->unsorted = 1; /* the unions are then computed apart */
        return;
    }
    d->last = gs;
    if (gs > d->ce) {
        c->r->gpu_time_ns = nsq_sat_add(c->r->gpu_time_ns, d->ce - d->cs);
        island(d, d->cs, d->ce);
        d->cs = gs;
        d->ce = ge;
    } else if (ge > d->ce) {
        d->ce = ge;
    }
}

static void one_op(sctx *c, int64_t gs, int64_t ge, int64_t corr, int64_t gpid, int64_t dev,
                   bool kernel)
{
    nsq_nvtx_result *r = c->r;
    r->gpu_ops++;
    if (!c->unsorted)
        dev_busy(c, gpid, dev, gs, ge);
    int32_t v = corr == INT64_MIN ? 0 : cm_get(&c->cm, (gpid >> 24) & 0xFFFFFF, corr);
    if (v)
        r->gpu_ops_launched++;
    if (v == CM_RANGELESS) {
        r->gpu_ops_rangeless_threads++;
        v = 1;
    }
    bool counted = false;
    for (int64_t i = v >= 2 ? v - 2 : -1; i >= 0; i = r->inst[i].parent) {
        pstate *p = &c->ps[i];
        nsq_nvtx_node *nd = &r->nodes[r->inst[i].node];
        if (p->cs != INT64_MIN && gs < p->cs) {
            c->bad = 1; /* this range's ops are not in start order */
            return;
        }
        /* busy and span summed into the node as they go: minus each island's
         * (and the first op's) start now, plus the island's end when it closes */
        if (p->cs == INT64_MIN) {
            p->cs = gs;
            p->ce = ge;
            nd->with_gpu++;
            wrap_sub(&nd->span, gs);
            wrap_sub(&nd->busy, gs);
        } else if (gs > p->ce) {
            wrap_add(&nd->busy, p->ce - gs);
            p->cs = gs;
            p->ce = ge;
        } else if (ge > p->ce) {
            p->ce = ge;
        }
        nd->ops++;
        if (kernel) {
            nd->kernels++;
            nd->kernel_ns = nsq_sat_add(nd->kernel_ns, ge - gs);
        }
        if (nd->reported && !counted) {
            r->gpu_ops_in_ranges++;
            counted = true;
        }
    }
}

/* One GPU's memcpys and memsets that start at or before `upto`, in start
 * order (a GPU's kernels come in start order; GPUs may interleave) */
static void flush_small(sctx *c, sseg *g, int64_t upto)
{
    while (!c->bad && g->next < g->end && c->small[g->next].gs <= upto) {
        const sop *o = &c->small[g->next++];
        one_op(c, o->gs, o->gs + (int64_t)o->dur, o->corr, g->gpid, g->dev, false);
    }
}

static sseg *seg_of(sctx *c, int64_t gpid, int64_t dev)
{
    if (c->nseg && c->seg[c->lastseg].gpid == gpid && c->seg[c->lastseg].dev == dev)
        return &c->seg[c->lastseg];
    for (int i = 0; i < c->nseg; i++)
        if (c->seg[i].gpid == gpid && c->seg[i].dev == dev)
            return &c->seg[c->lastseg = i];
    return NULL;
}

static int kernel_row(void *vc, const int64_t *v, unsigned nulls, nsq_err *err)
{
    sctx *c = vc;
    (void)err;
    if (c->bad || (nulls & 3) || v[1] < v[0])
        return 0;
    sseg *g = (nulls & 24) ? NULL : seg_of(c, v[3], v[4]);
    if (g)
        flush_small(c, g, v[0]);
    if (!c->bad)
        one_op(c, v[0], v[1], (nulls & 4) ? INT64_MIN : v[2], v[3], v[4], true);
    return 0;
}

static int stream_project(nsq_nvtx_result *r, nsq_export *x, nsq_err *err)
{
    sctx c;
    int ret = -1;
    memset(&c, 0, sizeof c);
    c.r = r;
    c.last_thr = -1;
    c.cur = xmalloc(sizeof *c.cur * (size_t)(r->nthr ? r->nthr : 1));
    for (int64_t i = 0; i < r->nthr; i++)
        c.cur[i] = -1;
    nsq_parscan_req api = {.view = "api",
                           .cols = "global_tid, start_ns, correlation_id",
                           .ncols = 3,
                           .what = "API calls"};
    if (nsq_parscan(x, &api, api_row, &c, err))
        goto done;
    if (c.bad) {
        ret = 1;
        goto done;
    }
    c.ps = xmalloc(sizeof *c.ps * (size_t)(r->ninst ? r->ninst : 1));
    for (int64_t i = 0; i < r->ninst; i++)
        c.ps[i] = (pstate){INT64_MIN, 0};
    /* the copies first (kept, sorted), then the kernels streamed past them */
    static const char *const views[3] = {"memcpy", "memset", "kernel"};
    for (int k = 0; k < 3 && !c.bad; k++) {
        nsq_parscan_req q = {.view = views[k],
                             .cols = "start_ns, end_ns, correlation_id, global_pid, device_id",
                             .ncols = 5,
                             .what = "GPU op scan"};
        if (k == 1)
            c.nmemcpy = c.nsmall;
        if (k == 2 && c.nsmall) {
            sort_small(&c);
            for (int64_t i = 0; i < c.nsmall; i++) {
                if (i && c.small[i].key == c.small[i - 1].key) {
                    c.seg[c.nseg - 1].end = i + 1;
                    continue;
                }
                const skey *kk = &c.keys[c.small[i].key];
                NSQ_GROW(c.seg, c.nseg + 1, c.capseg);
                c.seg[c.nseg++] = (sseg){kk->gpid, kk->dev, i, i + 1, i};
            }
        }
        if (nsq_parscan(x, &q, k < 2 ? small_row : kernel_row, &c, err))
            goto done;
    }
    /* the rows are read: the rest is this projection's own, unless the
     * ops came out of order (all_busy reads them again) */
    nsq_scan_aside(x);
    for (int i = 0; i < c.nseg; i++)
        flush_small(&c, &c.seg[i], INT64_MAX);
    if (c.bad) {
        ret = 1;
        goto done;
    }
    if (c.unsorted) {
        r->gpu_busy_ns = r->gpu_time_ns = 0;
        nsq_scan_back(x);
        if (all_busy(r, x, err))
            goto done;
    } else {
        for (int i = 0; i < c.ndv; i++) {
            r->gpu_time_ns = nsq_sat_add(r->gpu_time_ns, c.dv[i].ce - c.dv[i].cs);
            island(&c.dv[i], c.dv[i].cs, c.dv[i].ce);
        }
        /* the capture-wide union: every GPU's islands merged */
        r->gpu_busy_ns = islands_union(&c);
    }
    /* each range's last island closes; its end is also the last op end */
    for (int64_t i = 0; i < r->ninst; i++)
        if (c.ps[i].cs != INT64_MIN) {
            nsq_nvtx_node *nd = &r->nodes[r->inst[i].node];
            wrap_add(&nd->busy, c.ps[i].ce);
            wrap_add(&nd->span, c.ps[i].ce);
        }
    r->have_gpu = r->gpu_ops_launched > 0;
    ret = 0;
done:
    if (ret)
        nsq_scan_back(x); /* its caller goes on with the export */
    free(c.cur);
    for (int i = 0; i < c.cm.n; i++)
        nsq_corrmap_release(&c.cm.m[i].m);
    free(c.cm.m);
    free(c.small);
    free(c.keys);
    nsq_pairmap_release(&c.keymap);
    free(c.seg);
    for (int i = 0; i < c.ndv; i++)
        free(c.dv[i].pk);
    free(c.dv);
    free(c.ps);
    return ret;
}

static void reset_projection(nsq_nvtx_result *r)
{
    r->gpu_ops = r->gpu_ops_launched = r->gpu_busy_ns = r->gpu_time_ns = r->gpu_ops_in_ranges = 0;
    r->gpu_ops_rangeless_threads = 0;
    r->have_gpu = 0;
    for (int64_t i = 0; i < r->nnodes; i++) {
        nsq_nvtx_node *nd = &r->nodes[i];
        nd->with_gpu = nd->ops = nd->kernels = nd->busy = nd->kernel_ns = nd->span = 0;
    }
}

int nsq_nvtx_run(nsq_nvtx_result *r, nsq_export *x, const nsq_nvtx_opts *o, nsq_err *err)
{
    memset(r, 0, sizeof *r);
    if (nsq_nvtx_read_ranges(r, x, o, err))
        return -1;
    if (!r->ninst && !r->nmark && !r->unclosed && !r->cross_thread && !r->negative) {
        if (o->domain)
            return nsq_error(err, NSQ_EXIT_INPUT, "no_nvtx",
                             "the export holds no NVTX range or mark in domain '%s' (%lld NVTX "
                             "ranges and marks in other domains)",
                             o->domain, (long long)r->rows_read);
        return nsq_error(err, NSQ_EXIT_INPUT, "no_nvtx",
                         "the export holds no NVTX ranges or marks: capture with NVTX tracing "
                         "(nsys -t nvtx) and annotate the code with nvtxRangePush/Pop");
    }
    nest(r);
    for (int64_t i = 0; i < r->nnodes; i++) {
        nsq_nvtx_node *nd = &r->nodes[i];
        const char *nm = r->keys[nd->key].name;
        nd->reported = (!o->depth || nd->level < o->depth) &&
                       (!o->name || nsq_re_match(o->name, nm, strlen(nm)) == 1);
    }
    if (!o->views && !r->crossing) {
        int rc = stream_project(r, x, err);
        if (rc <= 0) {
            r->engine = "stream";
            if (!rc && !o->end_aside)
                nsq_scan_back(x);
            return rc;
        }
        reset_projection(r);
    }
    r->engine = "views";
    return project(r, x, err);
}

void nsq_nvtx_release(nsq_nvtx_result *r)
{
    for (int64_t i = 0; i < r->nstrings; i++)
        free(r->strings[i]);
    free(r->strings);
    free(r->hash);
    free(r->inst);
    free(r->mark);
    free(r->thr);
    free(r->keys);
    free(r->nodes);
    memset(r, 0, sizeof *r);
}

/* ---- grouping ---- */

typedef struct group {
    const char *name, *domain, *path;
    int64_t level, min_level, max_level;
    int64_t instances, total, mean, median, min, max;
    double stddev;
    int64_t threads, processes;
    int64_t with_gpu, ops, kernels, busy, kernel_ns, span;
} group;

static int cmp_group_names(const group *x, const group *y)
{
    int c = strcmp(x->domain, y->domain);
    if (c)
        return c;
    return strcmp(x->path ? x->path : x->name, y->path ? y->path : y->name);
}

static int cmp_group_gpu(const void *a, const void *b)
{
    const group *x = a, *y = b;
    if (x->busy != y->busy)
        return x->busy > y->busy ? -1 : 1;
    if (x->total != y->total)
        return x->total > y->total ? -1 : 1;
    return cmp_group_names(x, y);
}

static int cmp_group_count(const void *a, const void *b)
{
    const group *x = a, *y = b;
    if (x->instances != y->instances)
        return x->instances > y->instances ? -1 : 1;
    if (x->total != y->total)
        return x->total > y->total ? -1 : 1;
    return cmp_group_names(x, y);
}

static int cmp_group(const void *a, const void *b)
{
    const group *x = a, *y = b;
    if (x->total != y->total)
        return x->total > y->total ? -1 : 1;
    int c = strcmp(x->domain, y->domain);
    if (c)
        return c;
    return strcmp(x->path ? x->path : x->name, y->path ? y->path : y->name);
}

/* Groups the selected instances (by name, or by path), or the marks (by
 * name). A group is the pair of interned pointers (domain, name or path),
 * found by hashing, in one pass; the GPU projection comes from the nodes
 * (summed over their instances already); the durations are then laid out
 * group by group and each group's slice sorted (radix) for the median.
 * Returns the groups sorted by total desc (caller frees); *ng their number. */
static group *make_groups(const nsq_nvtx_result *r, const nsq_nvtx_opts *o, bool path, bool marks,
                          int64_t *ng)
{
    nsq_pairmap keys = NSQ_PAIRMAP_INIT, thr = NSQ_PAIRMAP_INIT, prc = NSQ_PAIRMAP_INIT;
    int64_t ninst = marks ? r->nmark : r->ninst;
    int32_t *gi = xmalloc(sizeof *gi * (size_t)(ninst ? ninst : 1));
    /* per node (ranges) or key (marks): its group, -1 not reported, -2 not yet */
    int64_t nunit = marks ? r->nkeys : r->nnodes;
    int32_t *ug = xmalloc(sizeof *ug * (size_t)(nunit ? nunit : 1));
    for (int64_t u = 0; u < nunit; u++)
        ug[u] = -2;
    group *gs = NULL;
    int64_t n = 0, cap = 0, np = 0;
    for (int64_t t = 0, i = 0; i < ninst; i++) {
        int64_t gtid, unit, dur = 0;
        if (marks) {
            gtid = r->mark[i].gtid;
            unit = r->mark[i].key;
        } else {
            while (t + 1 < r->nthr && r->thr[t + 1].first <= i)
                t++;
            gtid = r->thr[t].gtid;
            unit = r->inst[i].node;
            dur = r->inst[i].end - r->inst[i].start;
        }
        gi[i] = -1;
        if (ug[unit] == -2) {
            const nsq_nvtx_node *nd = marks ? NULL : &r->nodes[unit];
            const nsq_nvtx_key *k = &r->keys[marks ? unit : nd->key];
            bool pass = marks ? (!o->name || nsq_re_match(o->name, k->name, strlen(k->name)) == 1)
                              : nd->reported;
            ug[unit] = -1;
            if (pass) {
                const char *key = path ? nd->path : k->name;
                int g =
                    nsq_pairmap_get(&keys, (int64_t)(intptr_t)k->domain, (int64_t)(intptr_t)key);
                if (g < 0) {
                    if (n == cap) {
                        cap = cap ? 2 * cap : 64;
                        gs = xrealloc(gs, sizeof *gs * (size_t)cap);
                    }
                    g = (int)n++;
                    memset(&gs[g], 0, sizeof gs[g]);
                    gs[g].name = k->name;
                    gs[g].domain = k->domain;
                    gs[g].path = path ? nd->path : NULL;
                    gs[g].level = marks ? 0 : nd->level;
                    gs[g].min_level = INT64_MAX;
                    gs[g].min = INT64_MAX;
                    nsq_pairmap_put(&keys, (int64_t)(intptr_t)k->domain, (int64_t)(intptr_t)key, g);
                }
                ug[unit] = g;
                if (nd) { /* the node's projection, once */
                    group *gr = &gs[g];
                    gr->with_gpu += nd->with_gpu;
                    gr->ops += nd->ops;
                    gr->kernels += nd->kernels;
                    gr->busy = nsq_sat_add(gr->busy, nd->busy);
                    gr->kernel_ns = nsq_sat_add(gr->kernel_ns, nd->kernel_ns);
                    gr->span = nsq_sat_add(gr->span, nd->span);
                    if (nd->level < gr->min_level)
                        gr->min_level = nd->level;
                    if (nd->level > gr->max_level)
                        gr->max_level = nd->level;
                }
            }
        }
        int g = ug[unit];
        if (g < 0)
            continue;
        gi[i] = g;
        np++;
        group *gr = &gs[g];
        gr->instances++;
        gr->total += dur;
        if (dur < gr->min)
            gr->min = dur;
        if (dur > gr->max)
            gr->max = dur;
        if (nsq_pairmap_get(&thr, g, gtid) < 0) {
            nsq_pairmap_put(&thr, g, gtid, 1);
            gr->threads++;
        }
        if (nsq_pairmap_get(&prc, g, (gtid >> 24) & 0xFFFFFF) < 0) {
            nsq_pairmap_put(&prc, g, (gtid >> 24) & 0xFFFFFF, 1);
            gr->processes++;
        }
    }
    free(ug);
    nsq_pairmap_release(&keys);
    nsq_pairmap_release(&thr);
    nsq_pairmap_release(&prc);
    /* durations, group by group */
    int64_t *off = xcalloc((size_t)n + 1, sizeof *off), big = 0;
    for (int64_t g = 0; g < n; g++) {
        off[g + 1] = off[g] + gs[g].instances;
        if (gs[g].instances > big)
            big = gs[g].instances;
    }
    int64_t *d = xmalloc(sizeof *d * (size_t)(np ? np : 1));
    int64_t *tmp = xmalloc(sizeof *tmp * (size_t)(big ? big : 1));
    int64_t *at = xmalloc(sizeof *at * (size_t)(n ? n : 1));
    for (int64_t g = 0; g < n; g++)
        at[g] = off[g];
    for (int64_t i = 0; !marks && i < ninst; i++)
        if (gi[i] >= 0)
            d[at[gi[i]]++] = r->inst[i].end - r->inst[i].start;
    free(at);
    free(gi);
    for (int64_t g = 0; g < n && !marks; g++) {
        group *gr = &gs[g];
        int64_t c = gr->instances, *v = d + off[g];
        nsq_sort_durations(v, c, tmp);
        gr->median = (v[(c - 1) / 2] + v[c / 2]) / 2;
        gr->mean = gr->total / c;
        double mean = (double)gr->total / (double)c, ss = 0;
        for (int64_t k = 0; k < c; k++)
            ss += ((double)v[k] - mean) * ((double)v[k] - mean);
        gr->stddev = c > 1 ? sqrt(ss / (double)(c - 1)) : 0;
    }
    free(tmp);
    free(d);
    free(off);
    if (n > 1)
        qsort(gs, (size_t)n, sizeof *gs,
              o->sort == NSQ_NVTX_SORT_COUNT                          ? cmp_group_count
              : o->sort == NSQ_NVTX_SORT_GPU && !marks && r->have_gpu ? cmp_group_gpu
                                                                      : cmp_group);
    if (!gs)
        gs = xcalloc(1, sizeof *gs);
    *ng = n;
    return gs;
}

/* key: s, or, when s is longer than max bytes (max > 0), its first (tail 0)
 * or last (tail 1) bytes on a UTF-8 boundary with "..." where the rest was,
 * max bytes in all; *cut counts the strings cut. */
static void kv_text(json *j, const char *key, const char *s, int64_t max, int tail, int64_t *cut)
{
    size_t n = s ? strlen(s) : 0;
    if (!s || max <= 3 || n <= (size_t)max) {
        json_kv_str(j, key, s);
        return;
    }
    size_t keep = (size_t)max - 3;
    strbuf b = STRBUF_INIT;
    if (tail) {
        const char *p = s + n - keep;
        while (*p && ((unsigned char)*p & 0xC0) == 0x80)
            p++;
        sb_addstr(&b, "...");
        sb_addstr(&b, p);
    } else {
        while (keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80)
            keep--;
        sb_add(&b, s, keep);
        sb_addstr(&b, "...");
    }
    json_kv_str(j, key, b.buf);
    sb_release(&b);
    (*cut)++;
}

static void group_json(json *j, const group *g, const nsq_nvtx_result *r, bool path, bool mark,
                       int64_t max, int64_t *cut)
{
    json_obj_begin(j);
    if (path) /* the range's own name is at the end */
        kv_text(j, "path", g->path, max, 1, cut);
    kv_text(j, "name", g->name, max, 0, cut);
    json_kv_str(j, "domain", g->domain);
    if (mark) {
        json_kv_int(j, "count", g->instances);
        json_kv_int(j, "threads", g->threads);
        json_kv_int(j, "processes", g->processes);
        json_obj_end(j);
        return;
    }
    if (path)
        json_kv_int(j, "level", g->level);
    else {
        json_kv_int(j, "min_level", g->min_level);
        json_kv_int(j, "max_level", g->max_level);
    }
    json_kv_int(j, "instances", g->instances);
    json_kv_int(j, "total_ns", g->total);
    json_kv_int(j, "mean_ns", g->mean);
    json_kv_int(j, "median_ns", g->median);
    json_kv_int(j, "min_ns", g->min);
    json_kv_int(j, "max_ns", g->max);
    json_kv_double(j, "stddev_ns", g->stddev);
    json_kv_int(j, "threads", g->threads);
    json_kv_int(j, "processes", g->processes);
    json_key(j, "gpu");
    if (!r->have_gpu) {
        json_null_value(j);
    } else {
        json_obj_begin(j);
        json_kv_int(j, "instances_with_ops", g->with_gpu);
        json_kv_int(j, "ops", g->ops);
        json_kv_int(j, "kernels", g->kernels);
        /* busy and span are summed modulo 2^64 as ranges stream by (wrap_add):
         * a negative total passed 2^63 (time_overflow) */
        json_kv_int(j, "busy_ns", g->busy < 0 ? nsq_sat_add(INT64_MAX, 1) : g->busy);
        json_kv_int(j, "kernel_ns", g->kernel_ns);
        json_kv_int(j, "span_ns", g->span < 0 ? nsq_sat_add(INT64_MAX, 1) : g->span);
        json_kv_double(j, "pct_of_gpu_busy",
                       r->gpu_time_ns ? 100.0 * (double)g->busy / (double)r->gpu_time_ns : 0);
        json_obj_end(j);
    }
    json_obj_end(j);
}

static void table_json(json *j, const char *key, const nsq_nvtx_result *r, const nsq_nvtx_opts *o,
                       bool path, bool mark, int64_t *cut)
{
    int64_t ng = 0;
    group *gs = make_groups(r, o, path, mark, &ng);
    json_key(j, key);
    json_arr_begin(j);
    for (int64_t i = 0; i < ng && (!o->limit || i < o->limit); i++)
        group_json(j, &gs[i], r, path, mark, o->name_bytes, cut);
    json_arr_end(j);
    char k2[64];
    snprintf(k2, sizeof k2, "%s_total", key);
    json_kv_int(j, k2, ng);
    free(gs);
}

void nsq_nvtx_json(json *j, const nsq_nvtx_result *r, const nsq_nvtx_opts *o)
{
    json_obj_begin(j);
    json_key(j, "totals");
    json_obj_begin(j);
    json_kv_int(j, "ranges", r->ranges);
    json_kv_int(j, "push_pop", r->push_pop);
    json_kv_int(j, "start_end", r->start_end);
    json_kv_int(j, "marks", r->marks);
    json_kv_int(j, "threads", r->threads);
    json_kv_int(j, "processes", r->processes);
    json_kv_int(j, "max_level", r->max_level);
    json_kv_int(j, "gpu_ops", r->gpu_ops);
    json_kv_int(j, "gpu_ops_launched", r->gpu_ops_launched);
    json_kv_int(j, "gpu_ops_in_ranges", r->gpu_ops_in_ranges);
    json_kv_int(j, "gpu_ops_rangeless_threads", r->gpu_ops_rangeless_threads);
    json_kv_int(j, "gpu_busy_ns", r->gpu_busy_ns);
    json_kv_int(j, "gpu_time_ns", r->gpu_time_ns);
    json_obj_end(j);
    json_key(j, "skipped");
    json_obj_begin(j);
    json_kv_int(j, "unclosed", r->unclosed);
    json_kv_int(j, "cross_thread", r->cross_thread);
    json_kv_int(j, "end_before_start", r->negative);
    json_obj_end(j);
    int64_t cut = 0;
    table_json(j, "names", r, o, false, false, &cut);
    table_json(j, "paths", r, o, true, false, &cut);
    table_json(j, "marks", r, o, false, true, &cut);
    json_kv_int(j, "names_cut", cut);
    json_obj_end(j);
}

void nsq_nvtx_text(strbuf *sb, const nsq_nvtx_result *r, const nsq_nvtx_opts *o, const char *fmt)
{
    static const char *const hdr[] = {"level",        "instances", "total_ns",
                                      "mean_ns",      "median_ns", "gpu_busy_ns",
                                      "pct_gpu_busy", "domain",    "path"};
    int64_t ng = 0;
    group *gs = make_groups(r, o, true, false, &ng);
    if (strcmp(fmt, "csv"))
        sb_addf(sb, "nvtx  ranges %lld  marks %lld  threads %lld  gpu busy %lld ns\n",
                (long long)r->ranges, (long long)r->marks, (long long)r->threads,
                (long long)r->gpu_busy_ns);
    for (size_t i = 0; i < sizeof hdr / sizeof *hdr; i++)
        sb_cell(sb, fmt, i == 0, hdr[i]);
    sb_endrow(sb, fmt);
    if (!strcmp(fmt, "md")) {
        for (size_t i = 0; i < sizeof hdr / sizeof *hdr; i++)
            sb_addstr(sb, i ? " --- |" : "| --- |");
        sb_addch(sb, '\n');
    }
    for (int64_t i = 0; i < ng && (!o->limit || i < o->limit); i++) {
        const group *g = &gs[i];
        char b[64];
        snprintf(b, sizeof b, "%lld", (long long)g->level);
        sb_cell(sb, fmt, true, b);
        snprintf(b, sizeof b, "%lld", (long long)g->instances);
        sb_cell(sb, fmt, false, b);
        snprintf(b, sizeof b, "%lld", (long long)g->total);
        sb_cell(sb, fmt, false, b);
        snprintf(b, sizeof b, "%lld", (long long)g->mean);
        sb_cell(sb, fmt, false, b);
        snprintf(b, sizeof b, "%lld", (long long)g->median);
        sb_cell(sb, fmt, false, b);
        if (r->have_gpu)
            snprintf(b, sizeof b, "%lld", (long long)g->busy);
        else
            snprintf(b, sizeof b, "-");
        sb_cell(sb, fmt, false, b);
        if (r->have_gpu && r->gpu_time_ns)
            snprintf(b, sizeof b, "%.2f", 100.0 * (double)g->busy / (double)r->gpu_time_ns);
        else
            snprintf(b, sizeof b, "-");
        sb_cell(sb, fmt, false, b);
        sb_cell(sb, fmt, false, g->domain);
        sb_cell(sb, fmt, false, g->path);
        sb_endrow(sb, fmt);
    }
    free(gs);
}
