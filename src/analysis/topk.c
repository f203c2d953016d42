/* topk: the top-kernels analysis (see topk.h). */
#include "nsysql/analysis/topk.h"
#include "nsysql/analysis/multi.h"
#include "nsysql/export/devmap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/export/match.h"
#include "nsysql/export/query.h"
#include "nsysql/export/scangroup.h"
#include "nsysql/util/grow.h"

/* qsort that accepts an empty (possibly NULL) array. */
static void xsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1)
        qsort(base, n, size, cmp);
}

/* ---- checks ------------------------------------------------------------------------ */

int nsq_topk_check(nsq_export *x, nsq_err *err)
{
    int64_t kernels = 0;
    if (nsq_require_gpu_ops(x, err))
        return -1;
    int qrc = nsq_query_int64(x->db, "SELECT EXISTS (SELECT 1 FROM kernel)", 0, &kernels);
    if (qrc)
        return nsq_export_sql_error(x, qrc, NSQ_EXIT_INTERNAL, "internal", "counting kernels", err);
    if (!kernels) {
        nsq_error(err, NSQ_EXIT_INPUT, "no_kernels",
                  "the export has GPU activity but no CUDA kernel rows");
        nsq_hint(err, "nsysql idle-gaps still reports GPU busy and idle time from memcpy/memset");
        return -1;
    }
    return 0;
}

/* ---- string interning ---------------------------------------------------------------- */

typedef struct canon {
    char *name; /* owned; NULL for a NULL name */
    int pass;   /* --name/--exclude verdict */
} canon;

typedef struct canon_set {
    canon *v;
    int n, cap;
    int *table; /* open addressing on name hash: index into v, -1 empty */
    size_t tcap;
    int null_idx;
} canon_set;

static uint64_t str_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static void canon_rehash(canon_set *c)
{
    free(c->table);
    c->tcap = c->tcap ? c->tcap * 2 : 256;
    c->table = xmalloc(c->tcap * sizeof *c->table);
    for (size_t i = 0; i < c->tcap; i++)
        c->table[i] = -1;
    for (int i = 0; i < c->n; i++) {
        if (!c->v[i].name)
            continue;
        size_t h = (size_t)str_hash(c->v[i].name) & (c->tcap - 1);
        while (c->table[h] >= 0)
            h = (h + 1) & (c->tcap - 1);
        c->table[h] = i;
    }
}

/* Index of name (taking ownership of it), adding it when new. */
static int canon_intern(canon_set *c, char *name, const nsq_filter *f)
{
    if (!name && c->null_idx >= 0)
        return c->null_idx;
    if ((size_t)(c->n + 1) * 2 > c->tcap)
        canon_rehash(c);
    size_t h = 0;
    if (name) {
        h = (size_t)str_hash(name) & (c->tcap - 1);
        for (; c->table[h] >= 0; h = (h + 1) & (c->tcap - 1))
            if (!strcmp(c->v[c->table[h]].name, name)) {
                free(name);
                return c->table[h];
            }
    }
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 64;
        c->v = xrealloc(c->v, (size_t)c->cap * sizeof *c->v);
    }
    int i = c->n++;
    c->v[i].name = name;
    c->v[i].pass = f ? nsq_filter_name(f, name, name ? strlen(name) : 0) : 1;
    if (name)
        c->table[h] = i;
    else
        c->null_idx = i;
    return i;
}

static void canon_release(canon_set *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->v[i].name);
    free(c->v);
    free(c->table);
}

/* ---- result building (shared) ---------------------------------------------------------- */

static int cmp_name(const char *a, const char *b)
{
    if (!a || !b)
        return (a != NULL) - (b != NULL);
    return strcmp(a, b);
}

static int cmp_rank(const void *pa, const void *pb)
{
    const nsq_topk_row *a = pa, *b = pb;
    if (a->st.total != b->st.total)
        return a->st.total > b->st.total ? -1 : 1;
    return cmp_name(a->name, b->name);
}

static int cmp_dev(const void *pa, const void *pb)
{
    const nsq_topk_dev *a = pa, *b = pb;
    return (a->device > b->device) - (a->device < b->device);
}

static double pct(int64_t part, int64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : NAN;
}

/* Sift-down in a heap of row indices whose root is the lowest ranked. */
static void heap_down(const nsq_topk_row *rows, int *h, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, w = i;
        if (l < n && cmp_rank(&rows[h[l]], &rows[h[w]]) > 0)
            w = l;
        if (r < n && cmp_rank(&rows[h[r]], &rows[h[w]]) > 0)
            w = r;
        if (w == i)
            return;
        int t = h[i];
        h[i] = h[w];
        h[w] = t;
        i = w;
    }
}

/* Puts the `keep` highest ranked of rows[0..n) first, in rank order, the
 * others after them in no particular order: O(n log keep) where a full
 * sort of a million names costs a million string comparisons per level. */
static void rank_first(nsq_topk_row *rows, int n, int keep)
{
    if (keep >= n || (int64_t)keep * 4 > n) {
        xsort(rows, (size_t)n, sizeof *rows, cmp_rank);
        return;
    }
    int *h = xmalloc(sizeof(*h) * (size_t)(keep ? keep : 1));
    int nh = 0;
    for (int i = 0; i < n; i++) {
        if (nh < keep) {
            /* sift up */
            int c = nh++;
            h[c] = i;
            while (c && cmp_rank(&rows[h[c]], &rows[h[(c - 1) / 2]]) > 0) {
                int p = (c - 1) / 2, t = h[c];
                h[c] = h[p];
                h[p] = t;
                c = p;
            }
        } else if (keep && cmp_rank(&rows[i], &rows[h[0]]) < 0) {
            h[0] = i;
            heap_down(rows, h, nh, 0);
        }
    }
    nsq_topk_row *top = xmalloc(sizeof(*top) * (size_t)(keep ? keep : 1));
    char *taken = xcalloc((size_t)n, 1);
    for (int k = 0; k < nh; k++) {
        top[k] = rows[h[k]];
        taken[h[k]] = 1;
    }
    xsort(top, (size_t)nh, sizeof *top, cmp_rank);
    int w = n;
    for (int i = n - 1; i >= 0; i--) /* the rest, kept in order, to the end */
        if (!taken[i])
            rows[--w] = rows[i];
    memcpy(rows, top, sizeof(*top) * (size_t)nh);
    free(taken);
    free(top);
    free(h);
}

/* Ranks rows[0..n) (one table), folds everything after `limit` into one
 * 'other' row, sets the shares; appends to r->rows. The rows' names are
 * borrowed: the ranked rows get copies. */
static void add_table(nsq_topk_result *r, nsq_topk_row *rows, int n, int64_t limit,
                      int64_t kernel_time, int64_t busy)
{
    int keep = (limit > 0 && n > limit) ? (int)limit : n;
    rank_first(rows, n, keep);
    NSQ_GROW(r->rows, r->nrows + keep + 1, r->caprows);
    for (int i = 0; i < keep; i++) {
        nsq_topk_row *o = &r->rows[r->nrows++];
        *o = rows[i];
        o->name = o->name ? xstrdup(o->name) : NULL;
        o->rank = i + 1;
        o->pct_of_kernel_time = pct(o->st.total, kernel_time);
        o->pct_of_gpu_busy = pct(o->st.total, busy);
    }
    if (keep < n) {
        nsq_topk_row *o = &r->rows[r->nrows++];
        memset(o, 0, sizeof *o);
        o->has_device = rows[0].has_device;
        o->device = rows[0].device;
        o->other = true;
        o->names = n - keep;
        o->st.min = rows[keep].st.min;
        o->st.max = rows[keep].st.max;
        for (int i = keep; i < n; i++) {
            o->st.n += rows[i].st.n;
            o->st.total = nsq_sat_add(o->st.total, rows[i].st.total);
            if (rows[i].st.min < o->st.min)
                o->st.min = rows[i].st.min;
            if (rows[i].st.max > o->st.max)
                o->st.max = rows[i].st.max;
        }
        o->st.mean = nsq_floor_div(o->st.total, o->st.n);
        o->st.stddev = NAN;
        o->pct_of_kernel_time = pct(o->st.total, kernel_time);
        o->pct_of_gpu_busy = pct(o->st.total, busy);
    }
}

/* ---- fast path ------------------------------------------------------------------------ */

typedef struct fdev {
    int64_t gpu;
    nsq_union u;
    int *grp; /* canon index -> group index in the accumulator, -1 = none */
    int ngrp;
    /* pooled (ftopk.pooled): its names, instances and kernel time, the
     * groups being every device's */
    int64_t names, instances, kernel_ns;
} fdev;

static fdev *fdev_of(fdev **devs, int *ndev, int *cap, int64_t gpu)
{
    for (int i = 0; i < *ndev; i++)
        if ((*devs)[i].gpu == gpu)
            return &(*devs)[i];
    NSQ_GROW(*devs, *ndev + 1, *cap);
    fdev *d = &(*devs)[(*ndev)++];
    memset(d, 0, sizeof *d);
    d->gpu = gpu;
    nsq_union_init(&d->u);
    return d;
}

/* The state of the fast path's scan (topk_op is its sink). */
typedef struct ftopk {
    nsq_topk_result *r;
    const nsq_topk_opts *o;
    nsq_opscan *scan;
    nsq_gstats *gs;
    canon_set cs;
    fdev *devs;
    int ndev, capdev;
    fdev *last;
    bool normalized;
    int *slot_canon; /* name slot -> canon index, -1 = not yet (owned) */
    int nslot;
    /* one pooled table (no --per-device): one group per name for all the
     * devices (the table pools them; 10,000 names on 8 GPUs made 80,000
     * groups to append to and merge), a device's grp[c] that same group */
    bool pooled;
    int *pgrp; /* canon index -> the name's group, -1 = none */
    int npgrp;
} ftopk;

/* Makes a by-canon-index array (*a, *n entries) hold index c, the new
 * entries -1 (room for every canon index known, ncanon). */
static void canon_room(int **a, int *n, int c, int ncanon)
{
    if (c < *n)
        return;
    int nn = ncanon > c + 1 ? ncanon : c + 1;
    *a = xrealloc(*a, (size_t)nn * sizeof **a);
    for (int i = *n; i < nn; i++)
        (*a)[i] = -1;
    *n = nn;
}

static int topk_op(void *ctx, const nsq_op *op, nsq_err *err)
{
    ftopk *t = ctx;
    if (!op) {
        /* rows came out of start order: start again on the sorted copy */
        nsq_gstats_clear(t->gs);
        for (int i = 0; i < t->ndev; i++) {
            free(t->devs[i].grp);
            t->devs[i].grp = NULL;
            t->devs[i].ngrp = 0;
            t->devs[i].names = t->devs[i].instances = t->devs[i].kernel_ns = 0;
            nsq_union_init(&t->devs[i].u);
        }
        for (int i = 0; i < t->npgrp; i++)
            t->pgrp[i] = -1;
        t->r->zero_length = 0;
        return 0;
    }
    fdev *d = (t->last && t->last->gpu == op->gpu)
                  ? t->last
                  : (t->last = fdev_of(&t->devs, &t->ndev, &t->capdev, op->gpu));
    if (nsq_union_push(&d->u, op->start, op->end, NULL) < 0)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal",
                         "GPU ops of device %lld out of start order", (long long)op->gpu);
    if (op->kind != NSQ_OP_KERNEL)
        return 0;
    /* slot -> canon index, cached here (a call per op otherwise) */
    if (op->name_slot >= t->nslot) {
        int nn = nsq_opscan_nslots(t->scan);
        t->slot_canon = xrealloc(t->slot_canon, (size_t)nn * sizeof *t->slot_canon);
        for (int i = t->nslot; i < nn; i++)
            t->slot_canon[i] = -1;
        t->nslot = nn;
    }
    int *cu = &t->slot_canon[op->name_slot];
    if (*cu < 0) {
        const char *nm = nsq_opscan_name(t->scan, op->name_slot);
        char *key = NULL;
        if (t->normalized && nm) {
            if (!(key = nsq_match_stock_normalize(nm, err)))
                return -1;
        } else if (nm) {
            key = xstrdup(nm);
        }
        *cu = canon_intern(&t->cs, key, t->o->filter);
    }
    int c = *cu;
    if (!t->cs.v[c].pass)
        return 0;
    canon_room(&d->grp, &d->ngrp, c, t->cs.n);
    if (t->pooled) {
        canon_room(&t->pgrp, &t->npgrp, c, t->cs.n);
        if (t->pgrp[c] < 0)
            t->pgrp[c] = nsq_gstats_group(t->gs, INT64_MIN, c);
        if (d->grp[c] < 0) {
            d->grp[c] = t->pgrp[c];
            d->names++;
        }
        d->instances++;
        d->kernel_ns = nsq_sat_add(d->kernel_ns, op->end - op->start);
    } else if (d->grp[c] < 0) {
        d->grp[c] = nsq_gstats_group(t->gs, d->gpu, c);
    }
    nsq_gstats_add_at(t->gs, d->grp[c], op->end - op->start);
    t->r->zero_length += op->end == op->start;
    return 0;
}

/* The mergeable state of a run (multi.h): per device the denominators, per
 * name (its devices pooled) the count, sums, extremes and a log-bucketed histogram of
 * durations (nsq_sketch_*). Written before the tables fold groups. */
static void write_state(json *j, const nsq_topk_result *r, const ftopk *f)
{
    json_obj_begin(j);
    json_kv_int(j, "window_start_ns", r->window_start_ns);
    json_kv_int(j, "window_end_ns", r->window_end_ns);
    json_key(j, "devices");
    json_arr_begin(j);
    for (int i = 0; i < r->ndevs; i++) {
        json_obj_begin(j);
        json_kv_int(j, "device", r->devs[i].device);
        json_kv_int(j, "instances", r->devs[i].instances);
        json_kv_int(j, "names", r->devs[i].names);
        json_kv_int(j, "kernel_time_ns", r->devs[i].kernel_time_ns);
        json_kv_int(j, "gpu_busy_ns", r->devs[i].gpu_busy_ns);
        json_obj_end(j);
    }
    json_arr_end(j);
    /* one entry per name, its devices pooled (the merge pools names over
     * inputs and devices alike; per device the partial was 8x the size on 8
     * GPUs), in the order the names first appear device by device */
    json_key(j, "kernels");
    json_arr_begin(j);
    bool *done = xcalloc((size_t)f->cs.n + 1, sizeof *done);
    int *gis = xmalloc(((size_t)f->ndev + 1) * sizeof *gis);
    for (int i = 0; i < f->ndev; i++) {
        const fdev *d = &f->devs[i];
        for (int c = 0; c < d->ngrp; c++) {
            if (d->grp[c] < 0 || done[c])
                continue;
            done[c] = true;
            int ngi = 0;
            for (int k = i; k < f->ndev && !(f->pooled && ngi); k++)
                if (c < f->devs[k].ngrp && f->devs[k].grp[c] >= 0)
                    gis[ngi++] = f->devs[k].grp[c];
            json_obj_begin(j);
            json_kv_str(j, "name", f->cs.v[c].name);
            nsq_sketch_json_pooled(j, f->gs, gis, ngi);
            json_obj_end(j);
        }
    }
    free(gis);
    free(done);
    json_arr_end(j);
    json_obj_end(j);
}

static int run_fast(nsq_topk_result *r, nsq_export *x, const nsq_topk_opts *o, nsq_err *err)
{
    ftopk f = {0};
    int rc = -1;
    nsq_topk_row *rows = NULL;
    nsq_opscan_opts so = {0};
    f.r = r;
    f.o = o;
    f.gs = nsq_gstats_new();
    f.cs.null_idx = -1;
    f.normalized = o->by && !strcmp(o->by, "normalized");
    f.pooled = !o->per_device;
    so.kinds = NSQ_OPS_ALL;
    so.kernel_name = f.normalized ? "demangled_or_short" : o->by;
    so.filter = o->filter;
    so.name_filter = false; /* names filter kernels only, on the row name */
    so.skip_pid = true;     /* pids are not reported (--pid still filters) */
    if (o->window && strcmp(o->window->kind, "all")) {
        so.has_window = true;
        so.win_start = o->window->start_ns;
        so.win_end = o->window->end_ns;
    }
    if (nsq_opscan_open(&f.scan, x, &so, err) || nsq_opscan_run(f.scan, topk_op, &f, err))
        goto done;
    const nsq_opscan_stats *ss = nsq_opscan_stats_of(f.scan);
    r->identity = nsq_opscan_identity(f.scan);
    r->bad_rows = ss->bad_rows[NSQ_OP_KERNEL];
    r->sorted_in_memory = ss->sorted_in_memory;
    if (o->window && strcmp(o->window->kind, "all")) {
        r->window_start_ns = o->window->start_ns;
        r->window_end_ns = o->window->end_ns;
    } else {
        r->window_start_ns = ss->min_start;
        r->window_end_ns = ss->max_end;
    }
    /* the rows are read: the tables are this analysis' own work */
    nsq_scan_aside(x);

    /* devices and their denominators */
    r->devs = xcalloc((size_t)f.ndev + 1, sizeof *r->devs);
    r->ndevs = f.ndev;
    for (int i = 0; i < f.ndev; i++) {
        fdev *d = &f.devs[i];
        nsq_topk_dev *t = &r->devs[i];
        nsq_union_finish(&d->u);
        t->device = d->gpu;
        t->gpu_busy_ns = d->u.covered;
        if (f.pooled) {
            t->names = d->names;
            t->instances = d->instances;
            t->kernel_time_ns = d->kernel_ns;
            continue;
        }
        for (int c = 0; c < d->ngrp; c++)
            if (d->grp[c] >= 0) {
                t->names++;
                t->instances += nsq_gstats_n(f.gs, d->grp[c]);
                t->kernel_time_ns =
                    nsq_sat_add(t->kernel_time_ns, nsq_gstats_total(f.gs, d->grp[c]));
            }
    }
    xsort(r->devs, (size_t)f.ndev, sizeof *r->devs, cmp_dev);
    if (o->state)
        write_state(o->state, r, &f);

    /* one table per device, or one pooled table */
    int ntables = o->per_device ? f.ndev : 1;
    rows = xcalloc((size_t)f.cs.n + 1, sizeof *rows);
    for (int t = 0; t < ntables; t++) {
        int n = 0;
        int64_t kt = 0, busy = 0;
        for (int c = 0; c < f.cs.n; c++) {
            int g = -1;
            for (int i = 0; i < f.ndev && !(f.pooled && g >= 0); i++) {
                fdev *d = &f.devs[i];
                if (o->per_device && d->gpu != r->devs[t].device)
                    continue;
                if (c < d->ngrp && d->grp[c] >= 0) {
                    if (g < 0)
                        g = d->grp[c];
                    else
                        nsq_gstats_merge(f.gs, g, d->grp[c]);
                }
            }
            if (g < 0)
                continue;
            nsq_topk_row *w = &rows[n++];
            memset(w, 0, sizeof *w);
            w->has_device = o->per_device;
            w->device = o->per_device ? r->devs[t].device : 0;
            w->name = f.cs.v[c].name; /* borrowed: add_table copies the ranked ones */
            w->names = 1;
            nsq_gstats_result(f.gs, g, &w->st);
        }
        for (int i = 0; i < f.ndev; i++)
            if (!o->per_device || r->devs[i].device == r->devs[t].device) {
                kt = nsq_sat_add(kt, r->devs[i].kernel_time_ns);
                busy = nsq_sat_add(busy, r->devs[i].gpu_busy_ns);
            }
        if (n)
            add_table(r, rows, n, o->limit, kt, busy);
    }
    for (int i = 0; i < f.ndev; i++) {
        r->instances += r->devs[i].instances;
        r->kernel_time_ns = nsq_sat_add(r->kernel_time_ns, r->devs[i].kernel_time_ns);
        r->gpu_busy_ns = nsq_sat_add(r->gpu_busy_ns, r->devs[i].gpu_busy_ns);
    }
    for (int c = 0; c < f.cs.n; c++) {
        bool any = false;
        for (int i = 0; i < f.ndev && !any; i++)
            any = c < f.devs[i].ngrp && f.devs[i].grp[c] >= 0;
        r->names += any;
    }
    nsq_scan_back(x);
    rc = 0;
done:
    free(rows);
    for (int i = 0; i < f.ndev; i++)
        free(f.devs[i].grp);
    free(f.devs);
    canon_release(&f.cs);
    free(f.slot_canon);
    free(f.pgrp);
    nsq_gstats_free(f.gs);
    nsq_opscan_close(f.scan);
    return rc;
}

/* ---- oracle ------------------------------------------------------------------------------- */

static void bind_opt_int(sqlite3_stmt *st, const char *name, bool has, int64_t v)
{
    int i = sqlite3_bind_parameter_index(st, name);
    if (!i)
        return;
    if (has)
        sqlite3_bind_int64(st, i, v);
    else
        sqlite3_bind_null(st, i);
}

static void bind_text(sqlite3_stmt *st, const char *name, const char *v)
{
    int i = sqlite3_bind_parameter_index(st, name);
    if (!i)
        return;
    if (v)
        sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

static int64_t col_i64(sqlite3_stmt *st, int c)
{
    return sqlite3_column_int64(st, c);
}

static int run_oracle(nsq_topk_result *r, nsq_export *x, const nsq_topk_opts *o, nsq_err *err)
{
    const nsq_query *q = nsq_registry_find("top-kernels", 1);
    sqlite3_stmt *st = NULL;
    int rc;
    if (!q)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal",
                         "stored query top-kernels@1 is missing");
    rc = sqlite3_prepare_v2(x->db, q->text, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "query top-kernels@1",
                                    err);
    const nsq_filter *f = o->filter;
    bind_opt_int(st, ":start_ns", true, o->window->start_ns);
    bind_opt_int(st, ":end_ns", true, o->window->end_ns);
    bind_text(st, ":by", o->by ? o->by : "short");
    bind_opt_int(st, ":per_device", true, o->per_device);
    bind_opt_int(st, ":limit", true, o->limit);
    bind_opt_int(st, ":device", f && f->has_device, f ? f->device : 0);
    bind_opt_int(st, ":pid", f && f->has_pid, f ? f->pid : 0);
    bind_opt_int(st, ":stream", f && f->has_stream, f ? f->stream : 0);
    bind_text(st, ":name", f ? f->name_pattern : NULL);
    bind_text(st, ":exclude", f ? f->exclude_pattern : NULL);
    r->window_start_ns = o->window->start_ns;
    r->window_end_ns = o->window->end_ns;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *kind = (const char *)sqlite3_column_text(st, 0);
        if (!strcmp(kind, "total")) {
            r->names = col_i64(st, 5);
            r->instances = col_i64(st, 6);
            r->kernel_time_ns = col_i64(st, 16);
            r->gpu_busy_ns = col_i64(st, 17);
            r->bad_rows = col_i64(st, 18);
            r->zero_length = col_i64(st, 19);
        } else if (!strcmp(kind, "device")) {
            NSQ_GROW(r->devs, r->ndevs + 1, r->capdevs);
            nsq_topk_dev *d = &r->devs[r->ndevs++];
            d->device = col_i64(st, 1);
            d->names = col_i64(st, 5);
            d->instances = col_i64(st, 6);
            d->kernel_time_ns = col_i64(st, 16);
            d->gpu_busy_ns = col_i64(st, 17);
        } else {
            NSQ_GROW(r->rows, r->nrows + 1, r->caprows);
            nsq_topk_row *w = &r->rows[r->nrows++];
            memset(w, 0, sizeof *w);
            w->has_device = sqlite3_column_type(st, 1) != SQLITE_NULL;
            w->device = col_i64(st, 1);
            w->rank = col_i64(st, 2);
            w->name = sqlite3_column_type(st, 3) == SQLITE_NULL
                          ? NULL
                          : xstrdup((const char *)sqlite3_column_text(st, 3));
            w->other = col_i64(st, 4) != 0;
            w->names = col_i64(st, 5);
            w->st.n = col_i64(st, 6);
            w->st.total = col_i64(st, 7);
            w->st.mean = col_i64(st, 8);
            w->st.median = col_i64(st, 9);
            w->st.p90 = col_i64(st, 10);
            w->st.min = col_i64(st, 11);
            w->st.max = col_i64(st, 12);
            w->st.stddev = sqlite3_column_type(st, 13) == SQLITE_NULL
                               ? NAN
                               : sqrt(sqlite3_column_double(st, 13));
            w->pct_of_kernel_time =
                sqlite3_column_type(st, 14) == SQLITE_NULL ? NAN : sqlite3_column_double(st, 14);
            w->pct_of_gpu_busy =
                sqlite3_column_type(st, 15) == SQLITE_NULL ? NAN : sqlite3_column_double(st, 15);
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_QUERY, "query_failed", "query top-kernels@1",
                                    err);
    xsort(r->devs, (size_t)r->ndevs, sizeof *r->devs, cmp_dev);
    r->identity = nsq_devmap_identity_name(nsq_devmap_identity(x));
    return 0;
}

int nsq_topk_run(nsq_topk_result *r, nsq_export *x, const nsq_topk_opts *o, nsq_err *err)
{
    memset(r, 0, sizeof *r);
    int rc = o->oracle ? run_oracle(r, x, o, err) : run_fast(r, x, o, err);
    if (rc)
        nsq_topk_release(r);
    return rc;
}

void nsq_topk_release(nsq_topk_result *r)
{
    for (int i = 0; i < r->nrows; i++) {
        free(r->rows[i].name);
        free(r->rows[i].shapes);
    }
    free(r->rows);
    free(r->devs);
    memset(r, 0, sizeof *r);
}

/* ---- launch shapes (--shapes) ----------------------------------------------------------- */

typedef struct vshape {
    nsq_topk_shape s;
    int64_t *v;
    size_t n, cap;
} vshape;

typedef struct vrow {
    vshape *sh;
    int n, cap;
} vrow;

static int cmp_shape(const void *pa, const void *pb)
{
    const nsq_topk_shape *a = pa, *b = pb;
    if (a->st.total != b->st.total)
        return a->st.total > b->st.total ? -1 : 1;
    return memcmp(&a->key, &b->key, sizeof a->key);
}

int nsq_topk_shapes(nsq_topk_result *r, nsq_export *x, const nsq_topk_opts *o, bool *unknown_shapes,
                    nsq_err *err)
{
    /* the rows by (device, name): open addressing over str_hash */
    size_t cap = 16;
    while (cap < (size_t)r->nrows * 2 + 2)
        cap *= 2;
    int *slot = xmalloc(cap * sizeof *slot);
    for (size_t i = 0; i < cap; i++)
        slot[i] = -1;
    for (int i = 0; i < r->nrows; i++) {
        const nsq_topk_row *w = &r->rows[i];
        if (w->other || !w->name)
            continue;
        size_t h =
            (size_t)(str_hash(w->name) ^ (uint64_t)(w->has_device ? w->device * 31 + 7 : 0)) &
            (cap - 1);
        while (slot[h] >= 0)
            h = (h + 1) & (cap - 1);
        slot[h] = i;
    }
    vrow *vr = xcalloc((size_t)r->nrows + 1, sizeof *vr);
    const nsq_filter *f = o->filter;
    int64_t ws = r->window_start_ns, we = r->window_end_ns;
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(
        x->db,
        "WITH idmode AS (SELECT (SELECT count(*) FROM cuda_device) AS n_map,"
        "  (SELECT count(*) FROM device WHERE cuda_device IS NOT NULL) AS n_gpu),"
        " pairs AS (SELECT DISTINCT pid, device_id FROM kernel),"
        " dm AS (SELECT p.pid, p.device_id,"
        "  CASE WHEN m.n_map > 0 THEN coalesce((SELECT c.gpu_id FROM cuda_device c"
        "       WHERE c.pid = p.pid AND c.device_id = p.device_id), p.device_id)"
        "   WHEN m.n_gpu > 0 THEN coalesce((SELECT d.gpu_id FROM device d"
        "       WHERE d.cuda_device = p.device_id LIMIT 1), p.device_id)"
        "   ELSE p.device_id END AS gpu FROM pairs p, idmode m)"
        " SELECT dm.gpu, CASE ?1 WHEN 'demangled' THEN k.demangled_name WHEN 'mangled' THEN "
        "k.mangled_name"
        "   WHEN 'normalized' THEN normalize_kernel_name(coalesce(k.demangled_name, k.short_name))"
        "   ELSE k.short_name END, k.grid_x, k.grid_y, k.grid_z, k.block_x, k.block_y, k.block_z,"
        "   k.static_shared_bytes, k.dynamic_shared_bytes, k.dur_ns, k.registers_per_thread"
        " FROM kernel k JOIN dm ON dm.pid IS k.pid AND dm.device_id IS k.device_id"
        " WHERE k.end_ns >= k.start_ns"
        "  AND ((k.end_ns > k.start_ns AND k.start_ns < ?3 AND k.end_ns > ?2)"
        "   OR (k.end_ns = k.start_ns AND k.start_ns >= ?2 AND k.start_ns <= ?3))"
        "  AND (?4 IS NULL OR dm.gpu = ?4) AND (?5 IS NULL OR k.pid = ?5) AND (?6 IS NULL OR "
        "k.stream_id = ?6)",
        -1, &st, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(st, 1, o->by ? o->by : "short", -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, ws);
        sqlite3_bind_int64(st, 3, we);
        if (f && f->has_device)
            sqlite3_bind_int64(st, 4, f->device);
        if (f && f->has_pid)
            sqlite3_bind_int64(st, 5, f->pid);
        if (f && f->has_stream)
            sqlite3_bind_int64(st, 6, f->stream);
    }
    while (rc == SQLITE_OK || rc == SQLITE_ROW) {
        rc = sqlite3_step(st);
        if (rc != SQLITE_ROW)
            break;
        const char *name = (const char *)sqlite3_column_text(st, 1);
        if (!name)
            continue;
        int64_t gpu = sqlite3_column_int64(st, 0);
        size_t h =
            (size_t)(str_hash(name) ^ (uint64_t)(o->per_device ? gpu * 31 + 7 : 0)) & (cap - 1);
        int ri = -1;
        for (; slot[h] >= 0; h = (h + 1) & (cap - 1)) {
            const nsq_topk_row *w = &r->rows[slot[h]];
            if (!strcmp(w->name, name) && (!w->has_device || w->device == gpu)) {
                ri = slot[h];
                break;
            }
        }
        if (ri < 0)
            continue;
        nsq_topk_shape key;
        memset(&key, 0, sizeof key);
        int64_t lv[8];
        unsigned nulls = 0;
        for (int c = 0; c < 8; c++) {
            lv[c] = sqlite3_column_int64(st, 2 + c);
            if (sqlite3_column_type(st, 2 + c) == SQLITE_NULL)
                nulls |= 1u << c;
        }
        nsq_shape_key_of(&key.key, lv, nulls);
        key.known = nsq_shape_key_known(&key.key) != 0;
        if (!key.known)
            *unknown_shapes = true;
        vrow *v = &vr[ri];
        vshape *sh = NULL;
        for (int i = 0; i < v->n && !sh; i++)
            if (!memcmp(&v->sh[i].s.key, &key.key, sizeof key.key))
                sh = &v->sh[i];
        if (!sh) {
            NSQ_GROW(v->sh, v->n + 1, v->cap);
            sh = &v->sh[v->n++];
            memset(sh, 0, sizeof *sh);
            sh->s = key;
            sh->s.registers =
                sqlite3_column_type(st, 11) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 11);
        } else if (sh->s.registers >= 0 && (sqlite3_column_type(st, 11) == SQLITE_NULL ||
                                            sqlite3_column_int64(st, 11) != sh->s.registers)) {
            sh->s.registers = -1; /* not one value for the shape */
        }
        if (sh->n == sh->cap) {
            sh->cap = sh->cap ? 2 * sh->cap : 16;
            sh->v = xrealloc(sh->v, sizeof *sh->v * sh->cap);
        }
        sh->v[sh->n++] = sqlite3_column_int64(st, 10);
    }
    sqlite3_finalize(st);
    int ret = 0;
    if (rc != SQLITE_DONE)
        ret = nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "top-kernels shapes", err);
    for (int i = 0; i < r->nrows; i++) {
        vrow *v = &vr[i];
        if (!ret && v->n) {
            nsq_topk_row *w = &r->rows[i];
            w->shapes = xcalloc((size_t)v->n, sizeof *w->shapes);
            w->nshapes = v->n;
            for (int k = 0; k < v->n; k++) {
                w->shapes[k] = v->sh[k].s;
                nsq_stats_of(&w->shapes[k].st, v->sh[k].v, v->sh[k].n);
                w->shapes[k].pct_of_row = pct(w->shapes[k].st.total, w->st.total);
                /* the row's shares, in the same proportion: same denominators */
                double part =
                    w->st.total > 0 ? (double)w->shapes[k].st.total / (double)w->st.total : NAN;
                w->shapes[k].pct_of_kernel_time = w->pct_of_kernel_time * part;
                w->shapes[k].pct_of_gpu_busy = w->pct_of_gpu_busy * part;
            }
            qsort(w->shapes, (size_t)v->n, sizeof *w->shapes, cmp_shape);
        }
        for (int k = 0; k < v->n; k++)
            free(v->sh[k].v);
        free(v->sh);
    }
    free(vr);
    free(slot);
    return ret;
}

/* ---- output ---------------------------------------------------------------------------- */

static void kv_pct(json *j, const char *k, double v)
{
    json_key(j, k);
    json_double(j, v);
}

void nsq_topk_json(json *j, const nsq_topk_result *r, const nsq_topk_opts *o)
{
    json_obj_begin(j);
    json_kv_str(j, "device_identity", r->identity);
    json_key(j, "totals");
    json_obj_begin(j);
    json_kv_int(j, "devices", r->ndevs);
    json_kv_int(j, "instances", r->instances);
    json_kv_int(j, "names", r->names);
    json_kv_int(j, "kernel_time_ns", r->kernel_time_ns);
    json_kv_int(j, "gpu_busy_ns", r->gpu_busy_ns);
    json_obj_end(j);
    json_key(j, "devices");
    json_arr_begin(j);
    for (int i = 0; i < r->ndevs; i++) {
        const nsq_topk_dev *d = &r->devs[i];
        json_obj_begin(j);
        json_kv_int(j, "device", d->device);
        json_kv_int(j, "instances", d->instances);
        json_kv_int(j, "names", d->names);
        json_kv_int(j, "kernel_time_ns", d->kernel_time_ns);
        json_kv_int(j, "gpu_busy_ns", d->gpu_busy_ns);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_key(j, "kernels");
    json_arr_begin(j);
    for (int i = 0; i < r->nrows; i++) {
        const nsq_topk_row *w = &r->rows[i];
        json_obj_begin(j);
        if (w->has_device)
            json_kv_int(j, "device", w->device);
        else
            json_kv_null(j, "device");
        if (w->other)
            json_kv_null(j, "rank");
        else
            json_kv_int(j, "rank", w->rank);
        json_kv_str(j, "name", w->name);
        json_kv_bool(j, "other", w->other);
        json_kv_int(j, "names", w->names);
        json_kv_int(j, "instances", w->st.n);
        json_kv_int(j, "total_ns", w->st.total);
        json_kv_int(j, "mean_ns", w->st.mean);
        if (w->other) {
            json_kv_null(j, "median_ns");
            json_kv_null(j, "p90_ns");
        } else {
            json_kv_int(j, "median_ns", w->st.median);
            json_kv_int(j, "p90_ns", w->st.p90);
        }
        json_kv_int(j, "min_ns", w->st.min);
        json_kv_int(j, "max_ns", w->st.max);
        kv_pct(j, "stddev_ns", w->other ? NAN : w->st.stddev);
        kv_pct(j, "pct_of_kernel_time", w->pct_of_kernel_time);
        kv_pct(j, "pct_of_gpu_busy", w->pct_of_gpu_busy);
        if (o && o->shapes && !w->other) {
            json_key(j, "shapes");
            json_arr_begin(j);
            for (int k = 0; k < w->nshapes; k++) {
                const nsq_topk_shape *sh = &w->shapes[k];
                json_obj_begin(j);
                if (sh->known) {
                    json_key(j, "grid");
                    json_arr_begin(j);
                    for (int c = 0; c < 3; c++)
                        json_int(j, sh->key.grid[c]);
                    json_arr_end(j);
                    json_key(j, "block");
                    json_arr_begin(j);
                    for (int c = 0; c < 3; c++)
                        json_int(j, sh->key.block[c]);
                    json_arr_end(j);
                } else {
                    json_kv_null(j, "grid");
                    json_kv_null(j, "block");
                }
                if (sh->key.shared_bytes >= 0)
                    json_kv_int(j, "shared_bytes", sh->key.shared_bytes);
                else
                    json_kv_null(j, "shared_bytes");
                if (sh->registers >= 0)
                    json_kv_int(j, "registers_per_thread", sh->registers);
                else
                    json_kv_null(j, "registers_per_thread");
                json_kv_int(j, "instances", sh->st.n);
                json_kv_int(j, "total_ns", sh->st.total);
                json_kv_int(j, "mean_ns", sh->st.mean);
                json_kv_int(j, "median_ns", sh->st.median);
                json_kv_int(j, "p90_ns", sh->st.p90);
                json_kv_int(j, "min_ns", sh->st.min);
                json_kv_int(j, "max_ns", sh->st.max);
                kv_pct(j, "pct_of_row", sh->pct_of_row);
                kv_pct(j, "pct_of_kernel_time", sh->pct_of_kernel_time);
                kv_pct(j, "pct_of_gpu_busy", sh->pct_of_gpu_busy);
                json_obj_end(j);
            }
            json_arr_end(j);
        }
        json_obj_end(j);
    }
    json_arr_end(j);
    json_kv_int(j, "bad_rows", r->bad_rows);
    json_kv_int(j, "zero_length_instances", r->zero_length);
    json_obj_end(j);
}

/* One cell of a text table. */
static void cell(strbuf *sb, const char *fmt, const char *s, int width, bool right, bool last)
{
    if (!strcmp(fmt, "csv")) {
        sb_add_csv(sb, s);
        sb_addstr(sb, last ? "\n" : ",");
    } else if (!strcmp(fmt, "md")) {
        sb_addstr(sb, "| ");
        sb_add_printable(sb, s, true);
        sb_addstr(sb, last ? " |\n" : " ");
    } else {
        strbuf t = STRBUF_INIT;
        sb_add_printable(&t, s, false);
        if (right)
            sb_addf(sb, "%*s", width, sb_str(&t));
        else if (last)
            sb_addstr(sb, sb_str(&t));
        else
            sb_addf(sb, "%-*s", width, sb_str(&t));
        sb_release(&t);
        sb_addstr(sb, last ? "\n" : "  ");
    }
}

static void fmt_pct(char *buf, size_t n, double v)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%.1f", v);
}

void nsq_topk_text(strbuf *sb, const nsq_topk_result *r, const nsq_topk_opts *o, const char *fmt)
{
    static const char *const head[] = {"Device", "Kernel%", "Busy%", "Total(ns)", "Count",  "Mean",
                                       "Median", "P90",     "Min",   "Max",       "StdDev", "Name"};
    static const int width[] = {6, 7, 6, 14, 9, 11, 11, 11, 11, 11, 11, 0};
    bool table = !strcmp(fmt, "table");
    int first = o->per_device ? 0 : 1;
    if (table) {
        sb_addf(sb, "top-kernels  window %lld..%lld (%.3f ms)  by %s  devices %d (%s)\n",
                (long long)r->window_start_ns, (long long)r->window_end_ns,
                (double)(r->window_end_ns - r->window_start_ns) / 1e6, o->by ? o->by : "short",
                r->ndevs, r->identity);
        sb_addf(sb,
                "kernel time %lld ns over %lld instances; GPU busy %lld ns; "
                "Kernel%% = share of kernel time, Busy%% = share of GPU busy time%s\n\n",
                (long long)r->kernel_time_ns, (long long)r->instances, (long long)r->gpu_busy_ns,
                o->per_device ? " (per device)" : "");
    }
    int ncol = 12;
    for (int c = first; c < ncol; c++)
        cell(sb, fmt, head[c], width[c], c > 0 && c < 11, c == ncol - 1);
    if (!strcmp(fmt, "md")) {
        for (int c = first; c < ncol; c++)
            sb_addstr(sb, c == ncol - 1 ? "|---|\n" : (c > 0 && c < 11) ? "|---:" : "|---");
    }
    for (int i = 0; i < r->nrows; i++) {
        const nsq_topk_row *w = &r->rows[i];
        char v[12][64];
        snprintf(v[0], 64, "%lld", (long long)w->device);
        fmt_pct(v[1], 64, w->pct_of_kernel_time);
        fmt_pct(v[2], 64, w->pct_of_gpu_busy);
        snprintf(v[3], 64, "%lld", (long long)w->st.total);
        snprintf(v[4], 64, "%lld", (long long)w->st.n);
        snprintf(v[5], 64, "%lld", (long long)w->st.mean);
        snprintf(v[6], 64, w->other ? "-" : "%lld", (long long)w->st.median);
        snprintf(v[7], 64, w->other ? "-" : "%lld", (long long)w->st.p90);
        snprintf(v[8], 64, "%lld", (long long)w->st.min);
        snprintf(v[9], 64, "%lld", (long long)w->st.max);
        if (w->other || isnan(w->st.stddev))
            snprintf(v[10], 64, "-");
        else
            snprintf(v[10], 64, "%.1f", w->st.stddev);
        strbuf nm = STRBUF_INIT;
        if (w->other)
            sb_addf(&nm, "(other: %lld names)", (long long)w->names);
        else
            sb_addstr(&nm, w->name ? w->name : "(null)");
        for (int c = first; c < ncol - 1; c++)
            cell(sb, fmt, v[c], width[c], c > 0, false);
        cell(sb, fmt, nm.buf, 0, false, true);
        sb_release(&nm);
    }
    if (table && r->nrows == 0)
        sb_addstr(sb, "(no kernels selected)\n");
}
