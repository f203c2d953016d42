/* nvtx: see nsysql/nvtx.h. Ranges and GPU ops are read through the portable
 * views, nesting is rebuilt per thread with a containment stack, and each
 * range instance's GPU ops are found by binary search over its thread's ops
 * sorted by the start of their launching API call. */
#include "nsysql/analysis/nvtx.h"

#include "nsysql/analysis/corrmap.h"
#include "nsysql/analysis/diff.h" /* nsq_sort_durations */
#include "nsysql/analysis/stats.h"
#include "nsysql/export/parscan.h"
#include "nsysql/util/strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct nsq_nvtx_inst {
    int64_t start, end, gtid;
    const char *name, *domain, *path;
    int32_t level;
    int32_t parent; /* index of the enclosing range, -1 for none */
    /* GPU projection of this instance (the capture's op count fits 32 bits:
     * checked after the projection) */
    uint32_t ops, kernels;
    int64_t busy, kernel_ns, span;
    int64_t last, cs, ce; /* streaming state (span holds the first op start meanwhile) */
};

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
static const char *keep(nsq_nvtx_result *r, const char *s)
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

static int cmp_inst_thread(const void *a, const void *b)
{
    const nsq_nvtx_inst *x = a, *y = b;
    if (x->gtid != y->gtid)
        return x->gtid < y->gtid ? -1 : 1;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if (x->end != y->end)
        return x->end > y->end ? -1 : 1;
    return 0;
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
            tot += ce - cs;
            cs = v[i].s;
            ce = v[i].e;
        } else if (v[i].e > ce) {
            ce = v[i].e;
        }
    }
    return tot + ce - cs;
}

static int sql_err(nsq_export *x, int rc, nsq_err *err)
{
    return nsq_export_sql_error(x, rc, NSQ_EXIT_QUERY, "query_failed", "nvtx", err);
}

static const char *col_text(sqlite3_stmt *st, int i, const char *dflt)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? (const char *)t : dflt;
}

static const char RANGES_SQL[] =
    "SELECT n.start_ns, n.end_ns, n.global_tid, n.end_global_tid, n.kind, n.text, "
    "COALESCE((SELECT d.name FROM nvtx_domain d WHERE d.pid = n.pid AND d.domain_id = "
    "n.domain_id LIMIT 1), CASE WHEN COALESCE(n.domain_id, 0) = 0 THEN 'default' ELSE "
    "'domain ' || n.domain_id END) "
    "FROM nvtx n WHERE n.kind IN ('push_pop', 'start_end', 'mark')";

static const char OPS_SQL[] =
    "SELECT a.global_tid, a.start_ns, g.start_ns, g.end_ns, g.kind = 'kernel' "
    "FROM gpu_op g JOIN api a ON a.pid = g.pid AND a.correlation_id = g.correlation_id "
    "WHERE g.start_ns IS NOT NULL AND g.end_ns >= g.start_ns";

static const char ALLOPS_SQL[] = "SELECT start_ns, end_ns, global_pid, device_id FROM gpu_op WHERE "
                                 "start_ns IS NOT NULL AND end_ns >= "
                                 "start_ns ORDER BY global_pid, device_id";

static int read_ranges(nsq_nvtx_result *r, nsq_export *x, const nsq_nvtx_opts *o, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int64_t cap = 0, mcap = 0;
    int rc = sqlite3_prepare_v2(x->db, RANGES_SQL, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return sql_err(x, rc, err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        r->rows_read++;
        const char *kind = col_text(st, 4, "");
        const char *domain = col_text(st, 6, "default");
        if (o->domain && strcmp(o->domain, domain))
            continue;
        bool mark = !strcmp(kind, "mark");
        nsq_nvtx_inst in;
        memset(&in, 0, sizeof in);
        in.start = sqlite3_column_int64(st, 0);
        in.gtid = sqlite3_column_int64(st, 2);
        in.name = col_text(st, 5, "(unnamed)");
        in.domain = domain;
        if (mark) {
            r->marks++;
        } else {
            if (sqlite3_column_type(st, 1) == SQLITE_NULL ||
                sqlite3_column_type(st, 0) == SQLITE_NULL) {
                r->unclosed++;
                continue;
            }
            in.end = sqlite3_column_int64(st, 1);
            if (sqlite3_column_type(st, 3) != SQLITE_NULL &&
                sqlite3_column_int64(st, 3) != in.gtid) {
                r->cross_thread++;
                continue;
            }
            if (in.end < in.start) {
                r->negative++;
                continue;
            }
            if (!strcmp(kind, "push_pop"))
                r->push_pop++;
            else
                r->start_end++;
        }
        in.name = keep(r, in.name);
        in.domain = keep(r, in.domain);
        nsq_nvtx_inst **arr = mark ? &r->mark : &r->inst;
        int64_t *n = mark ? &r->nmark : &r->ninst;
        int64_t *c = mark ? &mcap : &cap;
        if (*n == *c) {
            *c = *c ? 2 * *c : 1024;
            *arr = realloc(*arr, (size_t)*c * sizeof **arr);
            if (!*arr)
                abort();
        }
        (*arr)[(*n)++] = in;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return sql_err(x, rc, err);
    r->ranges = r->ninst;
    if (r->ninst > INT32_MAX - 2)
        return nsq_error(err, NSQ_EXIT_QUERY, "query_resource_limit",
                         "%lld NVTX ranges: more than nsysql indexes (2^31 - 2)",
                         (long long)r->ninst);
    return 0;
}

/* Sets level and path of every range (r->inst sorted by thread, start, end desc). */
static void nest(nsq_nvtx_result *r)
{
    nsq_nvtx_inst **stack = NULL;
    int64_t sp = 0, cap = 0;
    strbuf sb = STRBUF_INIT;
    int64_t prev_gtid = 0, prev_pid = -1;
    for (int64_t i = 0; i < r->ninst; i++) {
        nsq_nvtx_inst *in = &r->inst[i];
        if (i == 0 || in->gtid != prev_gtid) {
            sp = 0;
            r->threads++;
            if (((in->gtid >> 24) & 0xFFFFFF) != prev_pid)
                r->processes++;
            prev_pid = (in->gtid >> 24) & 0xFFFFFF;
            prev_gtid = in->gtid;
        }
        while (sp && !(stack[sp - 1]->start <= in->start && in->end <= stack[sp - 1]->end &&
                       !strcmp(stack[sp - 1]->domain, in->domain))) {
            if (stack[sp - 1]->end > in->start)
                r->crossing = 1; /* overlaps without containing: not a tree */
            sp--;
        }
        if (sp && stack[sp - 1]->end > in->start && !(in->end <= stack[sp - 1]->end))
            r->crossing = 1;
        for (int64_t k = 0; k < sp; k++)
            if (strcmp(stack[k]->domain, in->domain))
                r->crossing = 1;
        in->level = (int32_t)sp;
        in->parent = sp ? (int32_t)(stack[sp - 1] - r->inst) : -1;
        if (sp > r->max_level)
            r->max_level = sp;
        sb_reset(&sb);
        if (sp) {
            sb_addstr(&sb, stack[sp - 1]->path);
            sb_addch(&sb, '/');
        }
        sb_addstr(&sb, in->name);
        in->path = keep(r, sb_str(&sb));
        if (sp == cap) {
            cap = cap ? 2 * cap : 16;
            stack = realloc(stack, (size_t)cap * sizeof *stack);
            if (!stack)
                abort();
        }
        stack[sp++] = in;
    }
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
        return sql_err(x, rc, err);
    r->gpu_time_ns = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t g = sqlite3_column_int64(st, 2), d = sqlite3_column_int64(st, 3);
        if (nall && (g != gp || d != dv)) { /* rows come by (process, device) */
            r->gpu_time_ns += union_len(all + from, nall - from);
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
        return sql_err(x, rc, err);
    }
    r->gpu_time_ns += union_len(all + from, nall - from);
    r->gpu_ops = nall;
    r->gpu_busy_ns = union_len(all, nall);
    free(all);
    return 0;
}

static int project(nsq_nvtx_result *r, nsq_export *x, const nsq_nvtx_opts *o, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    gop *g = NULL;
    iv *v = NULL;
    int64_t n = 0, cap = 0;
    if (all_busy(r, x, err))
        return -1;

    int rc = sqlite3_prepare_v2(x->db, OPS_SQL, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return sql_err(x, rc, err);
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
        return sql_err(x, rc, err);
    }
    r->gpu_ops_launched = n;
    r->have_gpu = n > 0;
    if (!n)
        return 0;
    qsort(g, (size_t)n, sizeof *g, cmp_gop);
    v = malloc((size_t)n * sizeof *v);
    unsigned char *in_any = calloc((size_t)n, 1);
    if (!v || !in_any)
        abort();
    for (int64_t i = 0; i < r->ninst; i++) {
        nsq_nvtx_inst *in = &r->inst[i];
        /* first op of this thread with api_start >= in->start */
        int64_t lo = 0, hi = n;
        while (lo < hi) {
            int64_t m = lo + (hi - lo) / 2;
            if (g[m].gtid < in->gtid || (g[m].gtid == in->gtid && g[m].api_start < in->start))
                lo = m + 1;
            else
                hi = m;
        }
        int64_t k = 0, first = INT64_MAX, last = INT64_MIN;
        bool reported = (!o->depth || in->level < o->depth) &&
                        (!o->name || nsq_re_match(o->name, in->name, strlen(in->name)) == 1);
        for (int64_t j = lo; j < n && g[j].gtid == in->gtid && g[j].api_start <= in->end; j++) {
            v[k].s = g[j].gs;
            v[k].e = g[j].ge;
            k++;
            if (g[j].kernel) {
                in->kernels++;
                in->kernel_ns += g[j].ge - g[j].gs;
            }
            if (g[j].gs < first)
                first = g[j].gs;
            if (g[j].ge > last)
                last = g[j].ge;
            if (reported)
                in_any[j] = 1;
        }
        in->ops = (uint32_t)k;
        in->busy = union_len(v, k);
        in->span = k ? last - first : 0;
    }
    for (int64_t j = 0; j < n; j++)
        r->gpu_ops_in_ranges += in_any[j];
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

/* The innermost range of thread gtid containing t, or -1. */
static int64_t innermost(const nsq_nvtx_result *r, int64_t gtid, int64_t t)
{
    int64_t lo = 0, hi = r->ninst;
    while (lo < hi) {
        int64_t m = lo + (hi - lo) / 2;
        const nsq_nvtx_inst *in = &r->inst[m];
        if (in->gtid < gtid || (in->gtid == gtid && in->start <= t))
            lo = m + 1;
        else
            hi = m;
    }
    int64_t i = lo - 1;
    if (i < 0 || r->inst[i].gtid != gtid)
        return -1;
    while (i >= 0 && r->inst[i].end < t)
        i = r->inst[i].parent;
    return i;
}

typedef struct sop {
    int64_t gs, ge, corr, gpid, dev;
} sop;

/* the busy union of one GPU (a process's device), streamed in start order */
typedef struct devbusy {
    int64_t gpid, dev, cs, ce;
} devbusy;

typedef struct sctx {
    nsq_nvtx_result *r;
    const unsigned char *reported;
    cmaps cm;
    int bad;    /* 1: sparse ids or ops out of order: use project() */
    sop *small; /* memcpys and memsets, sorted by start */
    int64_t nsmall, capsmall, nextsmall;
    int64_t prev_gs, gcs, gce;
    bool gany;
    int unsorted;
    devbusy *dv;
    int ndv, lastdv;
} sctx;

static int api_row(void *vc, const int64_t *v, unsigned nulls, nsq_err *err)
{
    sctx *c = vc;
    (void)err;
    if (c->bad || (nulls & 7))
        return 0;
    int64_t i = innermost(c->r, v[0], v[1]);
    if (cm_set(cm_find(&c->cm, (v[0] >> 24) & 0xFFFFFF, true), v[2], i < 0 ? 1 : (int32_t)(i + 2)))
        c->bad = 1;
    return 0;
}

static int small_row(void *vc, const int64_t *v, unsigned nulls, nsq_err *err)
{
    sctx *c = vc;
    (void)err;
    if ((nulls & 3) || v[1] < v[0])
        return 0;
    if (c->nsmall == c->capsmall) {
        c->capsmall = c->capsmall ? 2 * c->capsmall : 1024;
        c->small = realloc(c->small, (size_t)c->capsmall * sizeof *c->small);
        if (!c->small)
            abort();
    }
    c->small[c->nsmall++] = (sop){v[0], v[1], (nulls & 4) ? INT64_MIN : v[2], v[3], v[4]};
    return 0;
}

static int cmp_sop(const void *a, const void *b)
{
    const sop *x = a, *y = b;
    return x->gs < y->gs ? -1 : x->gs > y->gs;
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
        c->dv = xrealloc(c->dv, sizeof *c->dv * (size_t)(c->ndv + 1));
        c->lastdv = c->ndv;
        c->dv[c->ndv++] = (devbusy){gpid, dev, gs, ge};
        return;
    }
    if (gs > d->ce) {
        c->r->gpu_time_ns += d->ce - d->cs;
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
    if (gs < c->prev_gs)
        c->unsorted = 1; /* the capture-wide union is then computed apart */
    c->prev_gs = gs;
    r->gpu_ops++;
    if (c->unsorted) {
    } else if (!c->gany) {
        c->gcs = gs;
        c->gce = ge;
        c->gany = true;
    } else if (gs > c->gce) {
        r->gpu_busy_ns += c->gce - c->gcs;
        c->gcs = gs;
        c->gce = ge;
    } else if (ge > c->gce) {
        c->gce = ge;
    }
    if (!c->unsorted)
        dev_busy(c, gpid, dev, gs, ge);
    int32_t v = corr == INT64_MIN ? 0 : cm_get(&c->cm, (gpid >> 24) & 0xFFFFFF, corr);
    if (v)
        r->gpu_ops_launched++;
    bool counted = false;
    for (int64_t i = v >= 2 ? v - 2 : -1; i >= 0; i = r->inst[i].parent) {
        nsq_nvtx_inst *in = &r->inst[i];
        if (in->ops && gs < in->cs) {
            c->bad = 1; /* this range's ops are not in start order */
            return;
        }
        if (!in->ops) {
            in->cs = gs;
            in->ce = ge;
            in->span = gs; /* the first op start until the end of the pass */
        } else if (gs > in->ce) {
            in->busy += in->ce - in->cs;
            in->cs = gs;
            in->ce = ge;
        } else if (ge > in->ce) {
            in->ce = ge;
        }
        in->ops++;
        if (kernel) {
            in->kernels++;
            in->kernel_ns += ge - gs;
        }
        if (ge > in->last)
            in->last = ge;
        if (c->reported[i] && !counted) {
            r->gpu_ops_in_ranges++;
            counted = true;
        }
    }
}

/* memcpys and memsets that start before `upto`, in start order */
static void flush_small(sctx *c, int64_t upto)
{
    while (!c->bad && c->nextsmall < c->nsmall && c->small[c->nextsmall].gs <= upto) {
        const sop *o = &c->small[c->nextsmall++];
        one_op(c, o->gs, o->ge, o->corr, o->gpid, o->dev, false);
    }
}

static int kernel_row(void *vc, const int64_t *v, unsigned nulls, nsq_err *err)
{
    sctx *c = vc;
    (void)err;
    if (c->bad || (nulls & 3) || v[1] < v[0])
        return 0;
    flush_small(c, v[0]);
    if (!c->bad)
        one_op(c, v[0], v[1], (nulls & 4) ? INT64_MIN : v[2], v[3], v[4], true);
    return 0;
}

static int stream_project(nsq_nvtx_result *r, nsq_export *x, const unsigned char *reported,
                          nsq_err *err)
{
    sctx c;
    int ret = -1;
    memset(&c, 0, sizeof c);
    c.r = r;
    c.reported = reported;
    c.prev_gs = INT64_MIN;
    for (int64_t i = 0; i < r->ninst; i++) {
        r->inst[i].last = INT64_MIN;
    }
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
    /* the copies first (kept, sorted), then the kernels streamed past them */
    static const char *const views[3] = {"memcpy", "memset", "kernel"};
    for (int k = 0; k < 3; k++) {
        nsq_parscan_req q = {.view = views[k],
                             .cols = "start_ns, end_ns, correlation_id, global_pid, device_id",
                             .ncols = 5,
                             .what = "GPU op scan"};
        if (k == 2 && c.nsmall)
            qsort(c.small, (size_t)c.nsmall, sizeof *c.small, cmp_sop);
        if (nsq_parscan(x, &q, k < 2 ? small_row : kernel_row, &c, err))
            goto done;
    }
    flush_small(&c, INT64_MAX);
    if (c.bad) {
        ret = 1;
        goto done;
    }
    if (c.unsorted) {
        r->gpu_busy_ns = r->gpu_time_ns = 0;
        if (all_busy(r, x, err))
            goto done;
    } else if (c.gany) {
        r->gpu_busy_ns += c.gce - c.gcs;
        for (int i = 0; i < c.ndv; i++)
            r->gpu_time_ns += c.dv[i].ce - c.dv[i].cs;
    }
    for (int64_t i = 0; i < r->ninst; i++) {
        nsq_nvtx_inst *in = &r->inst[i];
        if (in->ops) {
            in->busy += in->ce - in->cs;
            in->span = in->last - in->span;
        }
    }
    r->have_gpu = r->gpu_ops_launched > 0;
    ret = 0;
done:
    for (int i = 0; i < c.cm.n; i++)
        nsq_corrmap_release(&c.cm.m[i].m);
    free(c.cm.m);
    free(c.small);
    free(c.dv);
    return ret;
}

static void reset_projection(nsq_nvtx_result *r)
{
    r->gpu_ops = r->gpu_ops_launched = r->gpu_busy_ns = r->gpu_time_ns = r->gpu_ops_in_ranges = 0;
    r->have_gpu = 0;
    for (int64_t i = 0; i < r->ninst; i++) {
        nsq_nvtx_inst *in = &r->inst[i];
        in->ops = in->kernels = 0;
        in->busy = in->kernel_ns = in->span = 0;
    }
}

/* The per-range op counters are 32-bit: a capture with more ops than that is
 * refused rather than miscounted. */
static int ops_fit(const nsq_nvtx_result *r, nsq_err *err)
{
    if (r->gpu_ops <= (int64_t)UINT32_MAX)
        return 0;
    return nsq_error(err, NSQ_EXIT_QUERY, "query_resource_limit",
                     "%lld GPU ops: more than nvtx counts per range (2^32 - 1)",
                     (long long)r->gpu_ops);
}

int nsq_nvtx_run(nsq_nvtx_result *r, nsq_export *x, const nsq_nvtx_opts *o, nsq_err *err)
{
    memset(r, 0, sizeof *r);
    if (read_ranges(r, x, o, err))
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
    if (r->ninst)
        qsort(r->inst, (size_t)r->ninst, sizeof *r->inst, cmp_inst_thread);
    nest(r);
    if (!o->views && !r->crossing) {
        unsigned char *reported = malloc((size_t)(r->ninst ? r->ninst : 1));
        if (!reported)
            abort();
        for (int64_t i = 0; i < r->ninst; i++) {
            const nsq_nvtx_inst *in = &r->inst[i];
            reported[i] = (!o->depth || in->level < o->depth) &&
                          (!o->name || nsq_re_match(o->name, in->name, strlen(in->name)) == 1);
        }
        int rc = stream_project(r, x, reported, err);
        free(reported);
        if (rc <= 0) {
            r->engine = "stream";
            return rc ? rc : ops_fit(r, err);
        }
        reset_projection(r);
    }
    r->engine = "views";
    return project(r, x, o, err) ? -1 : ops_fit(r, err);
}

void nsq_nvtx_release(nsq_nvtx_result *r)
{
    for (int64_t i = 0; i < r->nstrings; i++)
        free(r->strings[i]);
    free(r->strings);
    free(r->hash);
    free(r->inst);
    free(r->mark);
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

/* Groups the selected instances (by name, or by path). Names, domains and
 * paths are interned (keep()), so a group is the pair of pointers (domain,
 * name or path), found by hashing, in one pass; the durations are then laid
 * out group by group and each group's slice sorted (radix) for the median.
 * Returns the groups sorted by total desc (caller frees); *ng their number. */
static group *make_groups(const nsq_nvtx_inst *inst, int64_t ninst, const nsq_nvtx_opts *o,
                          bool path, bool marks, int64_t *ng)
{
    nsq_pairmap keys = NSQ_PAIRMAP_INIT, thr = NSQ_PAIRMAP_INIT, prc = NSQ_PAIRMAP_INIT;
    int32_t *gi = xmalloc(sizeof *gi * (size_t)(ninst ? ninst : 1));
    group *gs = NULL;
    int64_t n = 0, cap = 0, np = 0;
    for (int64_t i = 0; i < ninst; i++) {
        const nsq_nvtx_inst *in = &inst[i];
        gi[i] = -1;
        if (!marks && o->depth && in->level >= o->depth)
            continue;
        if (o->name && nsq_re_match(o->name, in->name, strlen(in->name)) != 1)
            continue;
        const char *key = path ? in->path : in->name;
        int g = nsq_pairmap_get(&keys, (int64_t)(intptr_t)in->domain, (int64_t)(intptr_t)key);
        if (g < 0) {
            if (n == cap) {
                cap = cap ? 2 * cap : 64;
                gs = xrealloc(gs, sizeof *gs * (size_t)cap);
            }
            g = (int)n++;
            memset(&gs[g], 0, sizeof gs[g]);
            gs[g].name = in->name;
            gs[g].domain = in->domain;
            gs[g].path = path ? in->path : NULL;
            gs[g].level = in->level;
            gs[g].min_level = INT64_MAX;
            gs[g].min = INT64_MAX;
            nsq_pairmap_put(&keys, (int64_t)(intptr_t)in->domain, (int64_t)(intptr_t)key, g);
        }
        gi[i] = g;
        np++;
        group *gr = &gs[g];
        int64_t dur = in->end - in->start;
        gr->instances++;
        gr->total += dur;
        if (dur < gr->min)
            gr->min = dur;
        if (dur > gr->max)
            gr->max = dur;
        if (in->level < gr->min_level)
            gr->min_level = in->level;
        if (in->level > gr->max_level)
            gr->max_level = in->level;
        if (nsq_pairmap_get(&thr, g, in->gtid) < 0) {
            nsq_pairmap_put(&thr, g, in->gtid, 1);
            gr->threads++;
        }
        if (nsq_pairmap_get(&prc, g, (in->gtid >> 24) & 0xFFFFFF) < 0) {
            nsq_pairmap_put(&prc, g, (in->gtid >> 24) & 0xFFFFFF, 1);
            gr->processes++;
        }
        gr->with_gpu += in->ops > 0;
        gr->ops += in->ops;
        gr->kernels += in->kernels;
        gr->busy += in->busy;
        gr->kernel_ns += in->kernel_ns;
        gr->span += in->span;
    }
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
    for (int64_t i = 0; i < ninst; i++)
        if (gi[i] >= 0)
            d[at[gi[i]]++] = inst[i].end - inst[i].start;
    free(at);
    free(gi);
    for (int64_t g = 0; g < n; g++) {
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
        qsort(gs, (size_t)n, sizeof *gs, cmp_group);
    if (!gs)
        gs = xcalloc(1, sizeof *gs);
    *ng = n;
    return gs;
}

static void group_json(json *j, const group *g, const nsq_nvtx_result *r, bool path, bool mark)
{
    json_obj_begin(j);
    if (path)
        json_kv_str(j, "path", g->path);
    json_kv_str(j, "name", g->name);
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
        json_kv_int(j, "busy_ns", g->busy);
        json_kv_int(j, "kernel_ns", g->kernel_ns);
        json_kv_int(j, "span_ns", g->span);
        json_kv_double(j, "pct_of_gpu_busy",
                       r->gpu_time_ns ? 100.0 * (double)g->busy / (double)r->gpu_time_ns : 0);
        json_obj_end(j);
    }
    json_obj_end(j);
}

static void table_json(json *j, const char *key, const nsq_nvtx_inst *inst, int64_t n,
                       const nsq_nvtx_result *r, const nsq_nvtx_opts *o, bool path, bool mark)
{
    int64_t ng = 0;
    group *gs = make_groups(inst, n, o, path, mark, &ng);
    json_key(j, key);
    json_arr_begin(j);
    for (int64_t i = 0; i < ng && (!o->limit || i < o->limit); i++)
        group_json(j, &gs[i], r, path, mark);
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
    json_kv_int(j, "gpu_busy_ns", r->gpu_busy_ns);
    json_kv_int(j, "gpu_time_ns", r->gpu_time_ns);
    json_obj_end(j);
    json_key(j, "skipped");
    json_obj_begin(j);
    json_kv_int(j, "unclosed", r->unclosed);
    json_kv_int(j, "cross_thread", r->cross_thread);
    json_kv_int(j, "end_before_start", r->negative);
    json_obj_end(j);
    table_json(j, "names", r->inst, r->ninst, r, o, false, false);
    table_json(j, "paths", r->inst, r->ninst, r, o, true, false);
    table_json(j, "marks", r->mark, r->nmark, r, o, false, true);
    json_obj_end(j);
}

void nsq_nvtx_text(strbuf *sb, const nsq_nvtx_result *r, const nsq_nvtx_opts *o, const char *fmt)
{
    static const char *const hdr[] = {"level",        "instances", "total_ns",
                                      "mean_ns",      "median_ns", "gpu_busy_ns",
                                      "pct_gpu_busy", "domain",    "path"};
    int64_t ng = 0;
    group *gs = make_groups(r->inst, r->ninst, o, true, false, &ng);
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
