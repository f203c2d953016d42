/* gaps: the idle-gaps analysis (see gaps.h). */
#include "nsysql/export/devmap.h"
#include "nsysql/analysis/gaps.h"
#include "nsysql/export/parscan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/export/query.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/util/grow.h"

/* qsort that accepts an empty (possibly NULL) array. */
static void xsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1)
        qsort(base, n, size, cmp);
}

const int64_t nsq_gap_bin_lo[NSQ_GAP_BINS] = {0, 10000, 100000, 1000000, 10000000};
const char *const nsq_gap_bin_label[NSQ_GAP_BINS] = {"<10us", "10-100us", "100us-1ms", "1-10ms",
                                                     ">=10ms"};

static void hist_add(nsq_gap_hist *h, int64_t len)
{
    int b = NSQ_GAP_BINS - 1;
    while (b > 0 && len < nsq_gap_bin_lo[b])
        b--;
    h->count[b]++;
    h->total_ns[b] += len;
}

/* ---- fast path state ---------------------------------------------------------------------- */

/* Idle time and gap statistics of a device or a stream. */
typedef struct tally {
    int64_t idle, gaps, gaps_ns, small, small_ns, longest;
    nsq_gap_hist hist;
} tally;

/* Counts one hole of length len: idle time, and a gap when it is longer
 * than min_gap (returns true), else a small one. */
static bool tally_add(tally *t, int64_t len, int64_t min_gap)
{
    t->idle += len;
    if (len <= min_gap) {
        t->small++;
        t->small_ns += len;
        return false;
    }
    t->gaps++;
    t->gaps_ns += len;
    if (len > t->longest)
        t->longest = len;
    hist_add(&t->hist, len);
    return true;
}

typedef struct cand {
    nsq_ivl g;
    nsq_op before, after;
} cand;

typedef struct gdev {
    int64_t gpu;
    nsq_union u;
    nsq_op starter, ender; /* first and last-ending op of the current island */
    int64_t starter_cs, ender_ce;
    bool pend; /* a gap waits for its op after to be final */
    cand pc;
    int64_t ops;
    int64_t overhead;
    tally t;
    cand *top; /* owned; up to limit entries */
    int ntop, captop, worst;
    cand *buf; /* owned; gaps that touch profiler overhead, resolved at the end */
    size_t nbuf, capbuf;
} gdev;

typedef struct gstream {
    int64_t gpu, pid, stream;
    nsq_union u;
    int64_t ops;
    tally t;
} gstream;

typedef struct fast {
    const nsq_gaps_opts *o;
    gdev *devs;
    int ndev, capdev;
    gstream *streams;
    int nstreams, capstreams, last_stream;
    /* profiler overhead: every row (for the quick test), with pids */
    nsq_ivl *ov;
    int64_t *ov_pid;
    size_t nov;
    nsq_ivl *ov_all; /* union over all processes */
    size_t nov_all;
    /* the scan (gaps_op) */
    bool clip; /* clip the ops to [ws, we) */
    int64_t ws, we;
    gdev *last; /* the device of the previous op */
    nsq_opscan *scan;
    int64_t listed;    /* gaps kept for the list with --limit 0 */
    bool over_cap;     /* ... and more than NSQ_GAPS_LIST_ALL_MAX of them */
} fast;

/* Ties on times and kind are broken by stream and correlation id, which a
 * lean scan has not read: read them for both ops (one lookup each, rare). */
static int tie_details(fast *f, nsq_op *a, nsq_op *b, nsq_err *err)
{
    return nsq_opscan_complete(f->scan, a, err) || nsq_opscan_complete(f->scan, b, err) ? -1 : 0;
}

/* Is a a better "op before" than b? (latest clipped end, then earliest start,
 * kind, stream, correlation id) 1 yes, 0 no, -1 error. */
static int better_before(fast *f, nsq_op *a, int64_t ace, nsq_op *b, int64_t bce, nsq_err *err)
{
    if (ace != bce)
        return ace > bce;
    if (a->start != b->start)
        return a->start < b->start;
    if (a->kind != b->kind)
        return a->kind < b->kind;
    if (tie_details(f, a, b, err))
        return -1;
    if (a->stream_id != b->stream_id)
        return a->stream_id < b->stream_id;
    return a->correlation_id < b->correlation_id;
}

/* Is a a better "op after"? (earliest clipped start, then kind, stream,
 * correlation id) 1 yes, 0 no, -1 error. */
static int better_after(fast *f, nsq_op *a, int64_t acs, nsq_op *b, int64_t bcs, nsq_err *err)
{
    if (acs != bcs)
        return acs < bcs;
    if (a->kind != b->kind)
        return a->kind < b->kind;
    if (tie_details(f, a, b, err))
        return -1;
    if (a->stream_id != b->stream_id)
        return a->stream_id < b->stream_id;
    return a->correlation_id < b->correlation_id;
}

static bool cand_better(const cand *a, const cand *b)
{
    int64_t la = a->g.end - a->g.start, lb = b->g.end - b->g.start;
    if (la != lb)
        return la > lb;
    return a->g.start < b->g.start;
}

static void top_add(gdev *d, const cand *c, int64_t limit)
{
    if (limit <= 0 || d->ntop < limit) {
        if (d->ntop == d->captop) {
            d->captop = d->captop ? d->captop * 2 : 16;
            d->top = xrealloc(d->top, (size_t)d->captop * sizeof *d->top);
        }
        d->top[d->ntop++] = *c;
        if (limit <= 0)
            return; /* everything is listed: no eviction needed */
    } else if (cand_better(c, &d->top[d->worst])) {
        d->top[d->worst] = *c;
    } else {
        return;
    }
    d->worst = 0;
    for (int i = 1; i < d->ntop; i++)
        if (cand_better(&d->top[d->worst], &d->top[i]))
            d->worst = i;
}

/* One uncovered hole of device d. */
static void hole(fast *f, gdev *d, int64_t s, int64_t e, const nsq_op *before, const nsq_op *after)
{
    if (!tally_add(&d->t, e - s, f->o->min_gap_ns))
        return;
    cand c;
    c.g.start = s;
    c.g.end = e;
    /* the list is full and this gap would not enter it (top_add's test,
     * which reads only c.g): skip copying the ops */
    if (f->o->limit > 0 && d->ntop >= f->o->limit && !cand_better(&c, &d->top[d->worst]))
        return;
    if (f->o->limit <= 0 && ++f->listed > NSQ_GAPS_LIST_ALL_MAX) {
        f->over_cap = true; /* counted above; reported as an error after the scan */
        return;
    }
    c.before = *before;
    c.after = *after;
    top_add(d, &c, f->o->limit);
}

/* A gap between two busy islands: straight to the statistics, unless it
 * touches profiler overhead (then it waits until the device's processes are
 * all known). */
static void raw_gap(fast *f, gdev *d, const cand *c)
{
    if (f->nov_all && nsq_ivl_overlap(c->g, f->ov_all, f->nov_all) > 0) {
        if (d->nbuf == d->capbuf) {
            d->capbuf = d->capbuf ? d->capbuf * 2 : 16;
            d->buf = xrealloc(d->buf, d->capbuf * sizeof *d->buf);
        }
        d->buf[d->nbuf++] = *c;
        return;
    }
    hole(f, d, c->g.start, c->g.end, &c->before, &c->after);
}

static gdev *dev_of(fast *f, int64_t gpu)
{
    for (int i = 0; i < f->ndev; i++)
        if (f->devs[i].gpu == gpu)
            return &f->devs[i];
    NSQ_GROW(f->devs, f->ndev + 1, f->capdev);
    gdev *d = &f->devs[f->ndev++];
    memset(d, 0, sizeof *d);
    d->gpu = gpu;
    nsq_union_init(&d->u);
    return d;
}

static gstream *stream_of(fast *f, const nsq_op *op)
{
    if (f->last_stream >= 0) {
        gstream *s = &f->streams[f->last_stream];
        if (s->gpu == op->gpu && s->pid == op->pid && s->stream == op->stream_id)
            return s;
    }
    for (int i = 0; i < f->nstreams; i++) {
        gstream *s = &f->streams[i];
        if (s->gpu == op->gpu && s->pid == op->pid && s->stream == op->stream_id) {
            f->last_stream = i;
            return s;
        }
    }
    NSQ_GROW(f->streams, f->nstreams + 1, f->capstreams);
    gstream *s = &f->streams[f->nstreams];
    memset(s, 0, sizeof *s);
    s->gpu = op->gpu;
    s->pid = op->pid;
    s->stream = op->stream_id;
    nsq_union_init(&s->u);
    f->last_stream = f->nstreams++;
    return s;
}

/* Feeds one op (clipped to [cs, ce), ce > cs) to device d's union. */
static int feed(fast *f, gdev *d, const nsq_op *op0, int64_t cs, int64_t ce, nsq_err *err)
{
    nsq_op cur = *op0, *op = &cur; /* tie_details() may complete it */
    if (d->pend && cs > d->u.start) {
        /* no op can start the current island any more: its first op is final */
        d->pc.after = d->starter;
        raw_gap(f, d, &d->pc);
        d->pend = false;
    }
    bool was_open = d->u.open;
    nsq_ivl g;
    int r = nsq_union_push(&d->u, cs, ce, &g);
    if (r < 0)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal",
                         "GPU ops of device %lld out of start order", (long long)d->gpu);
    d->ops++;
    if (r == 1 || !was_open) {
        if (r == 1) {
            d->pend = true;
            d->pc.g = g;
            d->pc.before = d->ender;
        }
        d->starter = d->ender = *op;
        d->starter_cs = cs;
        d->ender_ce = ce;
        return 0;
    }
    if (cs == d->starter_cs) {
        int b = better_after(f, op, cs, &d->starter, d->starter_cs, err);
        if (b < 0)
            return -1;
        if (b) {
            d->starter = *op;
            d->starter_cs = cs;
        }
    }
    int b = better_before(f, op, ce, &d->ender, d->ender_ce, err);
    if (b < 0)
        return -1;
    if (b) {
        d->ender = *op;
        d->ender_ce = ce;
    }
    return 0;
}

static int load_overhead(fast *f, nsq_export *x, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    size_t cap = 0;
    int rc = sqlite3_prepare_v2(
        x->db, "SELECT start_ns, end_ns, pid FROM overhead WHERE end_ns > start_ns", -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "profiler overhead", err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (f->nov == cap) {
            cap = cap ? cap * 2 : 64;
            f->ov = xrealloc(f->ov, cap * sizeof *f->ov);
            f->ov_pid = xrealloc(f->ov_pid, cap * sizeof *f->ov_pid);
        }
        f->ov[f->nov].start = sqlite3_column_int64(st, 0);
        f->ov[f->nov].end = sqlite3_column_int64(st, 1);
        f->ov_pid[f->nov++] = sqlite3_column_int64(st, 2);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "profiler overhead", err);
    if (f->nov) {
        f->ov_all = xmalloc(f->nov * sizeof *f->ov_all);
        memcpy(f->ov_all, f->ov, f->nov * sizeof *f->ov_all);
        nsq_ivl_sort(f->ov_all, f->nov);
        f->nov_all = nsq_ivl_union(f->ov_all, f->nov);
    }
    return 0;
}

/* Resolves a device's buffered gaps against the overhead of its processes. */
static void resolve_overhead(fast *f, gdev *d, const nsq_op_pair *pairs, int npairs)
{
    nsq_ivl *od = NULL, *piece = NULL;
    size_t nod = 0;
    if (!d->nbuf)
        return;
    od = xmalloc((f->nov + 1) * sizeof *od);
    for (size_t i = 0; i < f->nov; i++) {
        bool mine = false;
        for (int p = 0; p < npairs && !mine; p++)
            mine = pairs[p].gpu == d->gpu && pairs[p].pid == f->ov_pid[i];
        if (mine)
            od[nod++] = f->ov[i];
    }
    nsq_ivl_sort(od, nod);
    nod = nsq_ivl_union(od, nod);
    piece = xmalloc((nod + 1) * sizeof *piece);
    for (size_t b = 0; b < d->nbuf; b++) {
        cand *c = &d->buf[b];
        d->overhead += nsq_ivl_overlap(c->g, od, nod);
        size_t np = nsq_ivl_minus(c->g, od, nod, piece);
        for (size_t k = 0; k < np; k++)
            hole(f, d, piece[k].start, piece[k].end, &c->before, &c->after);
    }
    free(od);
    free(piece);
}

/* ---- cause resolution -------------------------------------------------------------------- */

typedef struct gref {
    nsq_gap *g;
    int64_t global_pid; /* of the op after */
    int64_t launch_name_id, sync_name_id;
} gref;

static int cmp_gref_start(const void *a, const void *b)
{
    const gref *x = a, *y = b;
    return (x->g->start_ns > y->g->start_ns) - (x->g->start_ns < y->g->start_ns);
}

static char *string_of(nsq_export *x, int64_t id)
{
    sqlite3_stmt *st = NULL;
    char *s = NULL;
    if (sqlite3_prepare_v2(x->db, "SELECT value FROM main.StringIds WHERE id = ?1", -1, &st,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
            s = xstrdup((const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    return s;
}

static const char *cause_of(const nsq_gap *g)
{
    if (!g->launch.present)
        return "unknown";
    if (g->launch.end_ns <= g->start_ns)
        return "dependency";
    if (g->sync.present && 2 * g->sync.overlap_ns >= g->end_ns - g->start_ns)
        return "sync";
    return "host_launch";
}

/* resolve_causes()'s rows: start_ns, end_ns, global_tid, correlation_id,
 * name_id of API calls. */
typedef struct cause_scan {
    gref *refs;
    int n;
    const int64_t *sync_ids;
    int nsync;
    const nsq_pairmap *want; /* (correlation id, global pid) -> first ref */
    const int *next;
    int64_t maxlen;
} cause_scan;

static int cause_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    const cause_scan *cs = ctx;
    gref *refs = cs->refs;
    int n = cs->n;
    /* a NULL global_tid reads 0: process and thread 0, as SQL's NULL would */
    int64_t as = v[0], ae = v[1], gpid = v[2] & -16777216, tid = v[2] & 16777215, corr = v[3],
            nid = v[4];
    (void)err;
    if (nulls & 3u)
        return 0;
    if (!(nulls & 8u))
        for (int i = nsq_pairmap_get(cs->want, corr, gpid); i >= 0; i = cs->next[i]) {
            nsq_api_call *l = &refs[i].g->launch;
            if (!l->present || as < l->start_ns || (as == l->start_ns && ae > l->end_ns) ||
                (as == l->start_ns && ae == l->end_ns && tid < l->tid)) {
                l->present = true;
                l->start_ns = as;
                l->end_ns = ae;
                l->tid = tid;
                refs[i].launch_name_id = nid;
            }
        }
    bool is_sync = false;
    for (int k = 0; k < cs->nsync && !is_sync; k++)
        is_sync = cs->sync_ids[k] == nid && !(nulls & 16u);
    if (!is_sync)
        return 0;
    /* gaps overlapping [as, ae): starts in [as - maxlen, ae) */
    int a = 0, b = n;
    while (a < b) {
        int m = a + (b - a) / 2;
        if (refs[m].g->start_ns < as - cs->maxlen)
            a = m + 1;
        else
            b = m;
    }
    for (int i = a; i < n && refs[i].g->start_ns < ae; i++) {
        nsq_gap *g = refs[i].g;
        if (refs[i].global_pid != gpid || g->end_ns <= as)
            continue;
        int64_t s = as > g->start_ns ? as : g->start_ns;
        int64_t e = ae < g->end_ns ? ae : g->end_ns;
        int64_t ov = e - s;
        nsq_api_call *y = &g->sync;
        if (ov > 0 && (!y->present || ov > y->overlap_ns ||
                       (ov == y->overlap_ns &&
                        (as < y->start_ns || (as == y->start_ns && tid < y->tid))))) {
            y->present = true;
            y->start_ns = as;
            y->end_ns = ae;
            y->tid = tid;
            y->overlap_ns = ov;
            refs[i].sync_name_id = nid;
        }
    }
    return 0;
}

/* resolve_causes()'s WHERE in C, for nsq_parscan's page reading: binds are
 * cmin, cmax, the n correlation ids, then (with sync ids) smin, smax, the
 * nsync ids, hi, lo; corr holds the correlation ids sorted. */
typedef struct cause_keep {
    int64_t *corr;
    int n;
    const int64_t *sync_ids;
    int nsync;
} cause_keep;

static int cause_keep_row(const int64_t *v, unsigned nulls, const nsq_parscan_req *r)
{
    const cause_keep *k = r->keep_arg;
    const nsq_parscan_bind *b = r->binds;
    if (!(nulls & 8u) && v[3] >= b[0].i && v[3] <= b[1].i &&
        bsearch(&v[3], k->corr, (size_t)k->n, sizeof *k->corr, nsq_cmp_i64))
        return 1;
    if (!k->nsync || (nulls & 19u))
        return 0;
    const nsq_parscan_bind *s = b + 2 + k->n; /* smin, smax, ids, hi, lo */
    if (v[4] < s[0].i || v[4] > s[1].i || v[0] >= s[2 + k->nsync].i || v[1] <= s[3 + k->nsync].i)
        return 0;
    for (int i = 0; i < k->nsync; i++)
        if (k->sync_ids[i] == v[4])
            return 1;
    return 0;
}

static void add_int(nsq_parscan_bind *b, int *nb, int64_t v)
{
    b[*nb].type = NSQ_BIND_INT;
    b[(*nb)++].i = v;
}

/* Finds the launch call of every listed gap's op after, and the synchronising
 * call covering most of the gap, in one pass over the API rows (read on
 * several connections, nsq_parscan). */
static int resolve_causes(nsq_export *x, gref *refs, int n, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    strbuf where = STRBUF_INIT;
    int64_t *sync_ids = NULL;
    int nsync = 0, capsync = 0, rc = 0;
    nsq_pairmap want = NSQ_PAIRMAP_INIT; /* (correlation id, global pid) -> first ref */
    int *next = NULL;
    nsq_parscan_bind *binds = NULL;
    int nb = 0;
    if (!n)
        return 0;
    /* ids of synchronising API names */
    if (sqlite3_prepare_v2(x->db, "SELECT id FROM main.StringIds WHERE regexp(?1, value)", -1, &st,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, NSQ_SYNC_API_PATTERN, -1, SQLITE_STATIC);
        while (sqlite3_step(st) == SQLITE_ROW) {
            NSQ_GROW(sync_ids, nsync + 1, capsync);
            sync_ids[nsync++] = sqlite3_column_int64(st, 0);
        }
    }
    sqlite3_finalize(st);
    st = NULL;
    xsort(refs, (size_t)n, sizeof *refs, cmp_gref_start);
    next = xmalloc((size_t)n * sizeof *next);
    int64_t lo = INT64_MAX, hi = INT64_MIN, maxlen = 0;
    for (int i = 0; i < n; i++) {
        nsq_gap *g = refs[i].g;
        next[i] = -1;
        if (g->after.present) {
            int prev = nsq_pairmap_get(&want, g->after.correlation_id, refs[i].global_pid);
            next[i] = prev;
            nsq_pairmap_put(&want, g->after.correlation_id, refs[i].global_pid, i);
        }
        lo = g->start_ns < lo ? g->start_ns : lo;
        hi = g->end_ns > hi ? g->end_ns : hi;
        if (g->end_ns - g->start_ns > maxlen)
            maxlen = g->end_ns - g->start_ns;
    }
    /* one scan: the wanted correlation ids (bound, never spliced) or the
     * synchronising calls in the gaps' time range; past SQLite's variable
     * limit, every row comes back and C filters */
    int nvars = n + nsync + 2;
    bool filtered = nvars < 30000;
    if (filtered) {
        /* each IN list behind a BETWEEN of its extremes: a comparison is much
         * cheaper than an IN probe, and most rows fail it when the wanted
         * values are close together (sync name ids usually are) */
        int64_t cmin = INT64_MAX, cmax = INT64_MIN, smin = INT64_MAX, smax = INT64_MIN;
        for (int i = 0; i < n; i++) {
            int64_t v = refs[i].g->after.correlation_id;
            cmin = v < cmin ? v : cmin;
            cmax = v > cmax ? v : cmax;
        }
        for (int i = 0; i < nsync; i++) {
            smin = sync_ids[i] < smin ? sync_ids[i] : smin;
            smax = sync_ids[i] > smax ? sync_ids[i] : smax;
        }
        nvars += 4;
        binds = xcalloc((size_t)nvars, sizeof *binds);
        sb_addstr(&where, "(correlation_id BETWEEN ? AND ? AND correlation_id IN (");
        add_int(binds, &nb, cmin);
        add_int(binds, &nb, cmax);
        for (int i = 0; i < n; i++) {
            sb_addstr(&where, i ? ",?" : "?");
            add_int(binds, &nb, refs[i].g->after.correlation_id);
        }
        sb_addstr(&where, "))");
        if (nsync) {
            sb_addstr(&where, " OR (name_id BETWEEN ? AND ? AND name_id IN (");
            add_int(binds, &nb, smin);
            add_int(binds, &nb, smax);
            for (int i = 0; i < nsync; i++) {
                sb_addstr(&where, i ? ",?" : "?");
                add_int(binds, &nb, sync_ids[i]);
            }
            sb_addstr(&where, ") AND start_ns < ? AND end_ns > ?)");
            add_int(binds, &nb, hi);
            add_int(binds, &nb, lo);
        }
    }
    cause_scan cs = {refs, n, sync_ids, nsync, &want, next, maxlen};
    cause_keep ck = {NULL, n, sync_ids, nsync};
    if (filtered) {
        ck.corr = xmalloc((size_t)n * sizeof *ck.corr);
        for (int i = 0; i < n; i++)
            ck.corr[i] = refs[i].g->after.correlation_id;
        xsort(ck.corr, (size_t)n, sizeof *ck.corr, nsq_cmp_i64);
    }
    nsq_parscan_req req = {.view = "api",
                           .cols = "start_ns, end_ns, global_tid, correlation_id, name_id",
                           .ncols = 5,
                           .where = filtered ? where.buf : NULL,
                           .binds = binds,
                           .nbinds = nb,
                           .what = "launch and sync calls",
                           .keep = filtered ? cause_keep_row : NULL,
                           .keep_arg = &ck};
    rc = nsq_parscan(x, &req, cause_row, &cs, err);
    free(ck.corr);
    if (rc)
        goto done;
    for (int i = 0; i < n; i++) {
        nsq_gap *g = refs[i].g;
        if (g->launch.present)
            g->launch.name = string_of(x, refs[i].launch_name_id);
        if (g->sync.present)
            g->sync.name = string_of(x, refs[i].sync_name_id);
        g->cause = cause_of(g);
    }
done:
    sb_release(&where);
    free(binds);
    free(sync_ids);
    free(next);
    nsq_pairmap_release(&want);
    return rc;
}

/* ---- fast path ---------------------------------------------------------------------------- */

static void gap_op_of(nsq_gap_op *o, const nsq_op *op, nsq_opscan *scan)
{
    const char *nm = nsq_opscan_name(scan, op->name_slot);
    o->present = true;
    o->kind = op->kind;
    o->name = nm ? xstrdup(nm) : NULL;
    o->pid = op->pid;
    o->stream_id = op->stream_id;
    o->correlation_id = op->correlation_id;
    o->start_ns = op->start;
    o->end_ns = op->end;
}

static int cmp_cand(const void *a, const void *b)
{
    return cand_better(a, b) ? -1 : cand_better(b, a) ? 1 : 0;
}

static int cmp_gdev(const void *a, const void *b)
{
    const nsq_gap_dev *x = a, *y = b;
    return (x->device > y->device) - (x->device < y->device);
}

static int cmp_gstream(const void *a, const void *b)
{
    const nsq_gap_stream *x = a, *y = b;
    if (x->device != y->device)
        return x->device < y->device ? -1 : 1;
    if (x->pid != y->pid)
        return x->pid < y->pid ? -1 : 1;
    return (x->stream_id > y->stream_id) - (x->stream_id < y->stream_id);
}

static int cmp_pair(const void *a, const void *b)
{
    const nsq_op_pair *x = a, *y = b;
    if (x->pid != y->pid)
        return x->pid < y->pid ? -1 : 1;
    return (x->device_id > y->device_id) - (x->device_id < y->device_id);
}

static void fast_reset(fast *f)
{
    for (int i = 0; i < f->ndev; i++) {
        free(f->devs[i].top);
        free(f->devs[i].buf);
    }
    free(f->devs);
    free(f->streams);
    f->devs = NULL;
    f->streams = NULL;
    f->ndev = f->nstreams = f->capdev = f->capstreams = 0;
    f->last_stream = -1;
}

/* The scan's sink: one op (NULL: start over, the rows come again sorted). */
static int gaps_op(void *ctx, const nsq_op *op, nsq_err *err)
{
    fast *f = ctx;
    if (!op) {
        fast_reset(f);
        f->last = NULL;
        return 0;
    }
    if (op->end == op->start)
        return 0; /* covers nothing */
    int64_t cs = op->start, ce = op->end;
    if (f->clip) {
        cs = cs < f->ws ? f->ws : cs;
        ce = ce > f->we ? f->we : ce;
    }
    gdev *d = (f->last && f->last->gpu == op->gpu) ? f->last : (f->last = dev_of(f, op->gpu));
    if (feed(f, d, op, cs, ce, err))
        return -1;
    if (f->o->per_stream) {
        gstream *s = stream_of(f, op);
        nsq_ivl g;
        s->ops++;
        if (nsq_union_push(&s->u, cs, ce, &g) == 1)
            tally_add(&s->t, g.end - g.start, f->o->min_gap_ns);
    }
    return 0;
}

static int run_fast(nsq_gaps_result *r, nsq_export *x, const nsq_gaps_opts *o, nsq_err *err)
{
    fast f;
    nsq_opscan *scan = NULL;
    nsq_opscan_opts so = {0};
    gref *refs = NULL;
    int nrefs = 0, caprefs = 0, rc = -1;
    memset(&f, 0, sizeof f);
    f.o = o;
    f.last_stream = -1;
    bool clip = o->window && strcmp(o->window->kind, "all");
    int64_t ws = clip ? o->window->start_ns : 0, we = clip ? o->window->end_ns : 0;
    so.kinds = NSQ_OPS_ALL;
    so.filter = o->filter;
    so.name_filter = true;
    so.details = true;
    /* names, streams and correlation ids only for the listed gaps' ops (and
     * ties), unless every gap is listed or the per-stream view needs them */
    so.lean = !o->per_stream && o->limit > 0 && o->limit <= 1000;
    so.has_window = clip;
    so.win_start = ws;
    so.win_end = we;
    f.clip = clip;
    f.ws = ws;
    f.we = we;
    if (load_overhead(&f, x, err) || nsq_opscan_open(&scan, x, &so, err))
        goto done;
    f.scan = scan;
    if (nsq_opscan_run(scan, gaps_op, &f, err))
        goto done;
    const nsq_opscan_stats *ss = nsq_opscan_stats_of(scan);
    r->identity = nsq_opscan_identity(scan);
    r->sorted_in_memory = ss->sorted_in_memory;
    r->bad_rows = ss->bad_rows[0] + ss->bad_rows[1] + ss->bad_rows[2];
    r->window_start_ns = clip ? ws : ss->min_start;
    r->window_end_ns = clip ? we : ss->max_end;
    int npairs = 0;
    const nsq_op_pair *pairs = nsq_opscan_pairs(scan, &npairs);
    /* every device in scope is reported, busy or not */
    for (int p = 0; p < npairs; p++)
        dev_of(&f, pairs[p].gpu);

    r->devs = xcalloc((size_t)f.ndev + 1, sizeof *r->devs);
    r->ndevs = f.ndev;
    for (int i = 0; i < f.ndev; i++) {
        gdev *d = &f.devs[i];
        nsq_gap_dev *t = &r->devs[i];
        if (d->pend) {
            d->pc.after = d->starter;
            raw_gap(&f, d, &d->pc);
            d->pend = false;
        }
        resolve_overhead(&f, d, pairs, npairs);
        nsq_union_finish(&d->u);
        t->device = d->gpu;
        for (int p = 0; p < npairs; p++)
            if (pairs[p].gpu == d->gpu) {
                NSQ_GROW(t->contexts, t->ncontexts + 1, t->capcontexts);
                t->contexts[t->ncontexts++] = pairs[p];
            }
        xsort(t->contexts, (size_t)t->ncontexts, sizeof *t->contexts, cmp_pair);
        t->ops = d->ops;
        t->has_busy = d->u.islands > 0;
        t->first_ns = d->u.first;
        t->last_ns = d->u.end;
        t->busy_ns = d->u.covered;
        t->overhead_ns = d->overhead;
        t->idle_ns = d->t.idle;
        t->leading_ns =
            t->has_busy ? t->first_ns - r->window_start_ns : r->window_end_ns - r->window_start_ns;
        t->trailing_ns = t->has_busy ? r->window_end_ns - t->last_ns : 0;
        t->gaps = d->t.gaps;
        t->gaps_ns = d->t.gaps_ns;
        t->small_gaps = d->t.small;
        t->small_gaps_ns = d->t.small_ns;
        t->longest_gap_ns = d->t.longest;
        t->hist = d->t.hist;
        if (f.over_cap)
            d->ntop = 0; /* the run fails (check_list_cap): no list, no causes */
        xsort(d->top, (size_t)d->ntop, sizeof *d->top, cmp_cand);
        t->top = xcalloc((size_t)d->ntop + 1, sizeof *t->top);
        t->ntop = d->ntop;
        for (int k = 0; k < d->ntop; k++) {
            nsq_gap *g = &t->top[k];
            g->start_ns = d->top[k].g.start;
            g->end_ns = d->top[k].g.end;
            if (nsq_opscan_complete(scan, &d->top[k].before, err) ||
                nsq_opscan_complete(scan, &d->top[k].after, err))
                goto done;
            gap_op_of(&g->before, &d->top[k].before, scan);
            gap_op_of(&g->after, &d->top[k].after, scan);
            g->cause = "unknown";
            NSQ_GROW(refs, nrefs + 1, caprefs);
            refs[nrefs].g = g;
            refs[nrefs].global_pid = d->top[k].after.global_pid;
            refs[nrefs].launch_name_id = refs[nrefs].sync_name_id = 0;
            nrefs++;
        }
    }
    xsort(r->devs, (size_t)r->ndevs, sizeof *r->devs, cmp_gdev);
    if (o->per_stream) {
        r->streams = xcalloc((size_t)f.nstreams + 1, sizeof *r->streams);
        r->nstreams = f.nstreams;
        for (int i = 0; i < f.nstreams; i++) {
            gstream *s = &f.streams[i];
            nsq_gap_stream *t = &r->streams[i];
            nsq_union_finish(&s->u);
            t->device = s->gpu;
            t->pid = s->pid;
            t->stream_id = s->stream;
            t->ops = s->ops;
            t->first_ns = s->u.first;
            t->last_ns = s->u.end;
            t->busy_ns = s->u.covered;
            t->idle_ns = s->t.idle;
            t->gaps = s->t.gaps;
            t->gaps_ns = s->t.gaps_ns;
            t->small_gaps = s->t.small;
            t->small_gaps_ns = s->t.small_ns;
            t->longest_gap_ns = s->t.longest;
            t->hist = s->t.hist;
        }
        xsort(r->streams, (size_t)r->nstreams, sizeof *r->streams, cmp_gstream);
    }
    nsq_query_int64(x->db, "SELECT EXISTS (SELECT 1 FROM api)", 0, &r->api_rows_present);
    if (resolve_causes(x, refs, nrefs, err))
        goto done;
    rc = 0;
done:
    free(refs);
    fast_reset(&f);
    free(f.ov);
    free(f.ov_pid);
    free(f.ov_all);
    nsq_opscan_close(scan);
    return rc;
}

/* ---- oracle ------------------------------------------------------------------------------- */

enum {
    C_KIND,
    C_DEVICE,
    C_PID,
    C_DEVICE_ID,
    C_STREAM,
    C_RANK,
    C_OPS,
    C_FIRST,
    C_LAST,
    C_BUSY,
    C_OVERHEAD,
    C_IDLE,
    C_LEADING,
    C_TRAILING,
    C_GAPS,
    C_GAPS_NS,
    C_SMALL,
    C_SMALL_NS,
    C_LONGEST,
    C_H0, /* 10 columns: count, total per bin */
    C_GS = C_H0 + 10,
    C_GE,
    C_B, /* 7 columns each for before and after */
    C_A = C_B + 7,
    C_L = C_A + 7,
    C_S = C_L + 4,
    C_CAUSE = C_S + 5
};

static char *col_str(sqlite3_stmt *st, int c)
{
    return sqlite3_column_type(st, c) == SQLITE_NULL
               ? NULL
               : xstrdup((const char *)sqlite3_column_text(st, c));
}

static void read_hist(sqlite3_stmt *st, nsq_gap_hist *h)
{
    for (int b = 0; b < NSQ_GAP_BINS; b++) {
        h->count[b] = sqlite3_column_int64(st, C_H0 + 2 * b);
        h->total_ns[b] = sqlite3_column_int64(st, C_H0 + 2 * b + 1);
    }
}

static void read_op(sqlite3_stmt *st, int c, nsq_gap_op *o)
{
    if (sqlite3_column_type(st, c) == SQLITE_NULL)
        return;
    const char *k = (const char *)sqlite3_column_text(st, c);
    o->present = true;
    o->kind = !strcmp(k, "kernel")   ? NSQ_OP_KERNEL
              : !strcmp(k, "memcpy") ? NSQ_OP_MEMCPY
                                     : NSQ_OP_MEMSET;
    o->name = col_str(st, c + 1);
    o->stream_id = sqlite3_column_int64(st, c + 2);
    o->pid = sqlite3_column_int64(st, c + 3);
    o->correlation_id = sqlite3_column_int64(st, c + 4);
    o->start_ns = sqlite3_column_int64(st, c + 5);
    o->end_ns = sqlite3_column_int64(st, c + 6);
}

static void read_call(sqlite3_stmt *st, int c, nsq_api_call *a, bool overlap)
{
    if (sqlite3_column_type(st, c + 1) == SQLITE_NULL)
        return;
    a->present = true;
    a->name = col_str(st, c);
    a->start_ns = sqlite3_column_int64(st, c + 1);
    a->end_ns = sqlite3_column_int64(st, c + 2);
    a->tid = sqlite3_column_int64(st, c + 3);
    if (overlap)
        a->overlap_ns = sqlite3_column_int64(st, c + 4);
}

static nsq_gap_dev *odev(nsq_gaps_result *r, int64_t gpu)
{
    for (int i = 0; i < r->ndevs; i++)
        if (r->devs[i].device == gpu)
            return &r->devs[i];
    NSQ_GROW(r->devs, r->ndevs + 1, r->capdevs);
    nsq_gap_dev *d = &r->devs[r->ndevs++];
    memset(d, 0, sizeof *d);
    d->device = gpu;
    return d;
}

static int run_oracle(nsq_gaps_result *r, nsq_export *x, const nsq_gaps_opts *o, nsq_err *err)
{
    const nsq_query *q = nsq_registry_find("idle-gaps", 1);
    sqlite3_stmt *st = NULL;
    const nsq_filter *f = o->filter;
    int rc;
    if (!q)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "stored query idle-gaps@1 is missing");
    rc = sqlite3_prepare_v2(x->db, q->text, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "query idle-gaps@1", err);
#define BIND_I(nm, v) sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, nm), v)
#define BIND_OPT(nm, has, v)                                                                       \
    do {                                                                                           \
        if (has)                                                                                   \
            BIND_I(nm, v);                                                                         \
    } while (0)
#define BIND_T(nm, v)                                                                              \
    do {                                                                                           \
        if (v)                                                                                     \
            sqlite3_bind_text(st, sqlite3_bind_parameter_index(st, nm), v, -1, SQLITE_TRANSIENT);  \
    } while (0)
    BIND_I(":start_ns", o->window->start_ns);
    BIND_I(":end_ns", o->window->end_ns);
    BIND_I(":min_gap", o->min_gap_ns);
    BIND_I(":limit", o->limit);
    BIND_I(":per_stream", o->per_stream);
    BIND_OPT(":device", f && f->has_device, f->device);
    BIND_OPT(":pid", f && f->has_pid, f->pid);
    BIND_OPT(":stream", f && f->has_stream, f->stream);
    if (f) {
        BIND_T(":name", f->name_pattern);
        BIND_T(":exclude", f->exclude_pattern);
    }
#undef BIND_I
#undef BIND_OPT
#undef BIND_T
    r->window_start_ns = o->window->start_ns;
    r->window_end_ns = o->window->end_ns;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *k = (const char *)sqlite3_column_text(st, C_KIND);
        int64_t gpu = sqlite3_column_int64(st, C_DEVICE);
        if (!strcmp(k, "context")) {
            nsq_gap_dev *d = odev(r, gpu);
            NSQ_GROW(d->contexts, d->ncontexts + 1, d->capcontexts);
            nsq_op_pair *p = &d->contexts[d->ncontexts++];
            p->pid = sqlite3_column_int64(st, C_PID);
            p->device_id = sqlite3_column_int64(st, C_DEVICE_ID);
            p->gpu = gpu;
        } else if (!strcmp(k, "device")) {
            nsq_gap_dev *d = odev(r, gpu);
            d->ops = sqlite3_column_int64(st, C_OPS);
            d->has_busy = sqlite3_column_type(st, C_FIRST) != SQLITE_NULL;
            d->first_ns = sqlite3_column_int64(st, C_FIRST);
            d->last_ns = sqlite3_column_int64(st, C_LAST);
            d->busy_ns = sqlite3_column_int64(st, C_BUSY);
            d->overhead_ns = sqlite3_column_int64(st, C_OVERHEAD);
            d->idle_ns = sqlite3_column_int64(st, C_IDLE);
            d->leading_ns = sqlite3_column_int64(st, C_LEADING);
            d->trailing_ns = sqlite3_column_int64(st, C_TRAILING);
            d->gaps = sqlite3_column_int64(st, C_GAPS);
            d->gaps_ns = sqlite3_column_int64(st, C_GAPS_NS);
            d->small_gaps = sqlite3_column_int64(st, C_SMALL);
            d->small_gaps_ns = sqlite3_column_int64(st, C_SMALL_NS);
            d->longest_gap_ns = sqlite3_column_int64(st, C_LONGEST);
            read_hist(st, &d->hist);
        } else if (!strcmp(k, "gap")) {
            nsq_gap_dev *d = odev(r, gpu);
            NSQ_GROW(d->top, d->ntop + 1, d->captop);
            nsq_gap *g = &d->top[d->ntop++];
            memset(g, 0, sizeof *g);
            g->start_ns = sqlite3_column_int64(st, C_GS);
            g->end_ns = sqlite3_column_int64(st, C_GE);
            read_op(st, C_B, &g->before);
            read_op(st, C_A, &g->after);
            read_call(st, C_L, &g->launch, false);
            read_call(st, C_S, &g->sync, true);
            const char *c = (const char *)sqlite3_column_text(st, C_CAUSE);
            g->cause = !strcmp(c, "host_launch")  ? "host_launch"
                       : !strcmp(c, "sync")       ? "sync"
                       : !strcmp(c, "dependency") ? "dependency"
                                                  : "unknown";
        } else if (!strcmp(k, "stream")) {
            NSQ_GROW(r->streams, r->nstreams + 1, r->capstreams);
            nsq_gap_stream *s = &r->streams[r->nstreams++];
            memset(s, 0, sizeof *s);
            s->device = gpu;
            s->pid = sqlite3_column_int64(st, C_PID);
            s->stream_id = sqlite3_column_int64(st, C_STREAM);
            s->ops = sqlite3_column_int64(st, C_OPS);
            s->first_ns = sqlite3_column_int64(st, C_FIRST);
            s->last_ns = sqlite3_column_int64(st, C_LAST);
            s->busy_ns = sqlite3_column_int64(st, C_BUSY);
            s->idle_ns = sqlite3_column_int64(st, C_IDLE);
            s->gaps = sqlite3_column_int64(st, C_GAPS);
            s->gaps_ns = sqlite3_column_int64(st, C_GAPS_NS);
            s->small_gaps = sqlite3_column_int64(st, C_SMALL);
            s->small_gaps_ns = sqlite3_column_int64(st, C_SMALL_NS);
            s->longest_gap_ns = sqlite3_column_int64(st, C_LONGEST);
            read_hist(st, &s->hist);
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_QUERY, "query_failed", "query idle-gaps@1",
                                    err);
    xsort(r->devs, (size_t)r->ndevs, sizeof *r->devs, cmp_gdev);
    for (int i = 0; i < r->ndevs; i++)
        xsort(r->devs[i].contexts, (size_t)r->devs[i].ncontexts, sizeof(nsq_op_pair), cmp_pair);
    xsort(r->streams, (size_t)r->nstreams, sizeof *r->streams, cmp_gstream);
    nsq_query_int64(
        x->db,
        "SELECT count(*) FROM gpu_op WHERE start_ns IS NULL OR end_ns IS NULL OR end_ns < start_ns",
        0, &r->bad_rows);
    nsq_query_int64(x->db, "SELECT EXISTS (SELECT 1 FROM api)", 0, &r->api_rows_present);
    r->identity = nsq_devmap_identity_name(nsq_devmap_identity(x));
    return 0;
}

/* --limit 0 with more gaps than NSQ_GAPS_LIST_ALL_MAX: the same error for
 * both paths (the fast path stopped keeping them at the cap). */
static int check_list_cap(const nsq_gaps_result *r, const nsq_gaps_opts *o, nsq_err *err)
{
    int64_t n = 0;
    if (o->limit > 0)
        return 0;
    for (int i = 0; i < r->ndevs; i++)
        n += r->devs[i].gaps;
    if (n <= NSQ_GAPS_LIST_ALL_MAX)
        return 0;
    nsq_error(err, NSQ_EXIT_USAGE, "too_many_gaps",
              "--limit 0 would list %lld gaps, more than %d", (long long)n, NSQ_GAPS_LIST_ALL_MAX);
    nsq_hint(err, "list the longest with --limit N, or only long ones with --min-gap NS; every "
                  "gap is in the gpu_op view for timeline-sql");
    return -1;
}

int nsq_gaps_run(nsq_gaps_result *r, nsq_export *x, const nsq_gaps_opts *o, nsq_err *err)
{
    memset(r, 0, sizeof *r);
    if (o->oracle && o->limit <= 0) {
        /* the oracle lists (and finds causes for) every gap in SQL, with
         * memory far beyond linear: count them first on the fast path */
        nsq_gaps_opts one = *o;
        one.oracle = false;
        one.limit = 1;
        one.per_stream = false;
        int rc = run_fast(r, x, &one, err);
        if (!rc)
            rc = check_list_cap(r, o, err); /* o->limit is 0: all gaps counted */
        nsq_gaps_release(r);
        if (rc)
            return rc;
    }
    int rc = o->oracle ? run_oracle(r, x, o, err) : run_fast(r, x, o, err);
    if (!rc)
        rc = check_list_cap(r, o, err);
    if (rc)
        nsq_gaps_release(r);
    return rc;
}

static void gap_free(nsq_gap *g)
{
    free(g->before.name);
    free(g->after.name);
    free(g->launch.name);
    free(g->sync.name);
}

void nsq_gaps_release(nsq_gaps_result *r)
{
    for (int i = 0; i < r->ndevs; i++) {
        nsq_gap_dev *d = &r->devs[i];
        for (int k = 0; k < d->ntop; k++)
            gap_free(&d->top[k]);
        free(d->top);
        free(d->contexts);
    }
    free(r->devs);
    free(r->streams);
    memset(r, 0, sizeof *r);
}

/* Keep the n longest listed gaps of all devices together (longer first, then
 * the earlier start, then the lower device), each still under its device. */
typedef struct gap_ref {
    int64_t len, start, device;
    int dev, k;
} gap_ref;

static int cmp_gap_ref(const void *a, const void *b)
{
    const gap_ref *x = a, *y = b;
    if (x->len != y->len)
        return x->len > y->len ? -1 : 1;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return (x->device > y->device) - (x->device < y->device);
}

void nsq_gaps_keep_longest(nsq_gaps_result *r, int64_t n)
{
    size_t total = 0, m = 0;
    for (int i = 0; i < r->ndevs; i++)
        total += (size_t)r->devs[i].ntop;
    if (n <= 0 || total <= (size_t)n)
        return;
    gap_ref *refs = xmalloc(total * sizeof *refs);
    for (int i = 0; i < r->ndevs; i++)
        for (int k = 0; k < r->devs[i].ntop; k++) {
            const nsq_gap *g = &r->devs[i].top[k];
            refs[m++] = (gap_ref){g->end_ns - g->start_ns, g->start_ns, r->devs[i].device, i, k};
        }
    qsort(refs, m, sizeof *refs, cmp_gap_ref);
    for (size_t t = (size_t)n; t < m; t++) { /* mark the rest: start > end never happens */
        nsq_gap *g = &r->devs[refs[t].dev].top[refs[t].k];
        gap_free(g);
        g->start_ns = 1;
        g->end_ns = 0;
    }
    free(refs);
    for (int i = 0; i < r->ndevs; i++) {
        nsq_gap_dev *d = &r->devs[i];
        int w = 0;
        for (int k = 0; k < d->ntop; k++)
            if (d->top[k].end_ns >= d->top[k].start_ns)
                d->top[w++] = d->top[k];
        d->ntop = w;
    }
}

/* ---- output ------------------------------------------------------------------------------ */

static void kv_share(json *j, const char *k, int64_t part, int64_t whole)
{
    json_key(j, k);
    json_double(j, whole > 0 ? 100.0 * (double)part / (double)whole : NAN);
}

static void gap_stats_json(json *j, int64_t gaps, int64_t gaps_ns, int64_t longest, int64_t small,
                           int64_t small_ns, const nsq_gap_hist *h)
{
    json_key(j, "gaps");
    json_obj_begin(j);
    json_kv_int(j, "count", gaps);
    json_kv_int(j, "total_ns", gaps_ns);
    json_kv_int(j, "longest_ns", longest);
    json_key(j, "below_min_gap");
    json_obj_begin(j);
    json_kv_int(j, "count", small);
    json_kv_int(j, "total_ns", small_ns);
    json_obj_end(j);
    json_key(j, "histogram");
    json_arr_begin(j);
    for (int b = 0; b < NSQ_GAP_BINS; b++) {
        json_obj_begin(j);
        json_kv_str(j, "bin", nsq_gap_bin_label[b]);
        json_kv_int(j, "min_ns", nsq_gap_bin_lo[b]);
        if (b + 1 < NSQ_GAP_BINS)
            json_kv_int(j, "max_ns", nsq_gap_bin_lo[b + 1]);
        else
            json_kv_null(j, "max_ns");
        json_kv_int(j, "count", h->count[b]);
        json_kv_int(j, "total_ns", h->total_ns[b]);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_obj_end(j);
}

static void op_json(json *j, const char *k, const nsq_gap_op *o)
{
    json_key(j, k);
    if (!o->present) {
        json_null(j);
        return;
    }
    json_obj_begin(j);
    json_kv_str(j, "kind", nsq_op_kind_names[o->kind]);
    json_kv_str(j, "name", o->name);
    json_kv_int(j, "stream", o->stream_id);
    json_kv_int(j, "pid", o->pid);
    json_kv_int(j, "correlation_id", o->correlation_id);
    json_kv_int(j, "start_ns", o->start_ns);
    json_kv_int(j, "end_ns", o->end_ns);
    json_obj_end(j);
}

static void call_json(json *j, const char *k, const nsq_api_call *a, bool overlap)
{
    json_key(j, k);
    if (!a->present) {
        json_null(j);
        return;
    }
    json_obj_begin(j);
    json_kv_str(j, "name", a->name);
    json_kv_int(j, "start_ns", a->start_ns);
    json_kv_int(j, "end_ns", a->end_ns);
    json_kv_int(j, "tid", a->tid);
    if (overlap)
        json_kv_int(j, "overlap_ns", a->overlap_ns);
    json_obj_end(j);
}

void nsq_gaps_json(json *j, const nsq_gaps_result *r, const nsq_gaps_opts *o)
{
    int64_t span = r->window_end_ns - r->window_start_ns;
    json_obj_begin(j);
    json_kv_str(j, "device_identity", r->identity);
    json_kv_int(j, "span_ns", span);
    json_kv_bool(j, "api_calls_present", r->api_rows_present != 0);
    json_kv_int(j, "bad_rows", r->bad_rows);
    json_key(j, "devices");
    json_arr_begin(j);
    for (int i = 0; i < r->ndevs; i++) {
        const nsq_gap_dev *d = &r->devs[i];
        json_obj_begin(j);
        json_kv_int(j, "device", d->device);
        json_key(j, "contexts");
        json_arr_begin(j);
        for (int c = 0; c < d->ncontexts; c++) {
            json_obj_begin(j);
            json_kv_int(j, "pid", d->contexts[c].pid);
            json_kv_int(j, "device_id", d->contexts[c].device_id);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_kv_int(j, "ops", d->ops);
        json_kv_int(j, "span_ns", span);
        if (d->has_busy) {
            json_kv_int(j, "first_busy_ns", d->first_ns);
            json_kv_int(j, "last_busy_ns", d->last_ns);
        } else {
            json_kv_null(j, "first_busy_ns");
            json_kv_null(j, "last_busy_ns");
        }
        json_kv_int(j, "busy_ns", d->busy_ns);
        json_kv_int(j, "overhead_ns", d->overhead_ns);
        json_kv_int(j, "idle_ns", d->idle_ns);
        json_kv_int(j, "leading_idle_ns", d->leading_ns);
        json_kv_int(j, "trailing_idle_ns", d->trailing_ns);
        kv_share(j, "pct_busy", d->busy_ns, span);
        kv_share(j, "pct_overhead", d->overhead_ns, span);
        kv_share(j, "pct_idle", d->idle_ns, span);
        kv_share(j, "pct_leading_idle", d->leading_ns, span);
        kv_share(j, "pct_trailing_idle", d->trailing_ns, span);
        gap_stats_json(j, d->gaps, d->gaps_ns, d->longest_gap_ns, d->small_gaps, d->small_gaps_ns,
                       &d->hist);
        json_key(j, "longest_gaps");
        json_arr_begin(j);
        for (int k = 0; k < d->ntop; k++) {
            const nsq_gap *g = &d->top[k];
            json_obj_begin(j);
            json_kv_int(j, "rank", k + 1);
            json_kv_int(j, "start_ns", g->start_ns);
            json_kv_int(j, "end_ns", g->end_ns);
            json_kv_int(j, "duration_ns", g->end_ns - g->start_ns);
            json_kv_str(j, "cause", g->cause);
            op_json(j, "before", &g->before);
            op_json(j, "after", &g->after);
            call_json(j, "launch_api", &g->launch, false);
            call_json(j, "sync_api", &g->sync, true);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_key(j, "per_stream");
    if (!o->per_stream) {
        json_null(j);
    } else {
        json_obj_begin(j);
        json_kv_str(j, "view", "per-stream");
        json_kv_str(j, "note",
                    "per-stream figures: a gap here is time when this stream had no op running, "
                    "even if other streams kept the GPU busy; the device figures are the GPU's "
                    "idle time");
        json_key(j, "streams");
        json_arr_begin(j);
        for (int i = 0; i < r->nstreams; i++) {
            const nsq_gap_stream *s = &r->streams[i];
            json_obj_begin(j);
            json_kv_int(j, "device", s->device);
            json_kv_int(j, "pid", s->pid);
            json_kv_int(j, "stream", s->stream_id);
            json_kv_int(j, "ops", s->ops);
            json_kv_int(j, "first_busy_ns", s->first_ns);
            json_kv_int(j, "last_busy_ns", s->last_ns);
            json_kv_int(j, "busy_ns", s->busy_ns);
            json_kv_int(j, "idle_ns", s->idle_ns);
            gap_stats_json(j, s->gaps, s->gaps_ns, s->longest_gap_ns, s->small_gaps,
                           s->small_gaps_ns, &s->hist);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_obj_end(j);
    }
    json_obj_end(j);
}

static double share(int64_t part, int64_t whole)
{
    return whole > 0 ? 100.0 * (double)part / (double)whole : 0.0;
}

void nsq_gaps_text(strbuf *sb, const nsq_gaps_result *r, const nsq_gaps_opts *o, const char *fmt)
{
    int64_t span = r->window_end_ns - r->window_start_ns;
    bool csv = !strcmp(fmt, "csv"), md = !strcmp(fmt, "md");
    if (csv) {
        sb_addstr(sb, "device,span_ns,busy_ns,overhead_ns,idle_ns,leading_idle_ns,trailing_idle_ns,"
                      "gaps,longest_gap_ns\n");
        for (int i = 0; i < r->ndevs; i++) {
            const nsq_gap_dev *d = &r->devs[i];
            sb_addf(sb, "%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld\n", (long long)d->device,
                    (long long)span, (long long)d->busy_ns, (long long)d->overhead_ns,
                    (long long)d->idle_ns, (long long)d->leading_ns, (long long)d->trailing_ns,
                    (long long)d->gaps, (long long)d->longest_gap_ns);
        }
        return;
    }
    sb_addf(sb, "%sidle-gaps  window %lld..%lld (%.3f ms)  devices %d (%s)  min gap %lld ns\n\n",
            md ? "**" : "", (long long)r->window_start_ns, (long long)r->window_end_ns,
            (double)span / 1e6, r->ndevs, r->identity, (long long)o->min_gap_ns);
    for (int i = 0; i < r->ndevs; i++) {
        const nsq_gap_dev *d = &r->devs[i];
        sb_addf(sb,
                "device %lld: busy %.1f%%  overhead %.1f%%  idle %.1f%% in %lld gaps  "
                "leading %.1f%%  trailing %.1f%%  (%lld ops)\n",
                (long long)d->device, share(d->busy_ns, span), share(d->overhead_ns, span),
                share(d->idle_ns, span), (long long)(d->gaps + d->small_gaps),
                share(d->leading_ns, span), share(d->trailing_ns, span), (long long)d->ops);
        sb_addstr(sb, "  gaps by length:");
        for (int b = 0; b < NSQ_GAP_BINS; b++)
            sb_addf(sb, "  %s %lld", nsq_gap_bin_label[b], (long long)d->hist.count[b]);
        sb_addch(sb, '\n');
        if (md)
            sb_addstr(sb, "\n| # | start (ns) | length (ns) | cause | before | after |\n"
                          "|---:|---:|---:|---|---|---|\n");
        for (int k = 0; k < d->ntop; k++) {
            const nsq_gap *g = &d->top[k];
            /* names escaped and capped (sb_add_printable): a name can
             * neither break the line nor fill the terminal */
            strbuf bn = STRBUF_INIT, an = STRBUF_INIT;
            sb_add_printable(&bn, g->before.name ? g->before.name : "?", md);
            sb_add_printable(&an, g->after.name ? g->after.name : "?", md);
            if (md)
                sb_addf(sb, "| %d | %lld | %lld | %s | %s (stream %lld) | %s (stream %lld) |\n",
                        k + 1, (long long)g->start_ns, (long long)(g->end_ns - g->start_ns),
                        g->cause, sb_str(&bn), (long long)g->before.stream_id, sb_str(&an),
                        (long long)g->after.stream_id);
            else
                sb_addf(sb,
                        "  %3d  %14lld ns at %lld  %-11s  after %s (stream %lld)  before %s "
                        "(stream %lld)\n",
                        k + 1, (long long)(g->end_ns - g->start_ns), (long long)g->start_ns,
                        g->cause, sb_str(&bn), (long long)g->before.stream_id, sb_str(&an),
                        (long long)g->after.stream_id);
            sb_release(&bn);
            sb_release(&an);
        }
        sb_addch(sb, '\n');
    }
    if (o->per_stream) {
        sb_addstr(sb, "per-stream view (a stream's gaps may overlap other streams' work):\n");
        for (int i = 0; i < r->nstreams; i++) {
            const nsq_gap_stream *s = &r->streams[i];
            sb_addf(sb,
                    "  device %lld pid %lld stream %lld: %lld ops, busy %lld ns, idle %lld ns in "
                    "%lld gaps (longest %lld ns)\n",
                    (long long)s->device, (long long)s->pid, (long long)s->stream_id,
                    (long long)s->ops, (long long)s->busy_ns, (long long)s->idle_ns,
                    (long long)(s->gaps + s->small_gaps), (long long)s->longest_gap_ns);
        }
    }
}
