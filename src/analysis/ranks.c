#include "nsysql/analysis/ranks.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/analysis/steady.h"
#include "nsysql/export/scangroup.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/regex.h"
#include "nsysql/util/strbuf.h"

/* A rank's durations of one collective, in instance order: 4 bytes each
 * while every one is in [0, 2^32) ns, else 8 bytes (the whole vector). */
typedef struct dvec {
    void *v;
    size_t n, cap;
    bool wide;
} dvec;

static void dvec_push(dvec *d, int64_t x)
{
    if (!d->wide && (uint64_t)x > UINT32_MAX) {
        int64_t *w = xmalloc(sizeof *w * (d->cap ? d->cap : 16));
        for (size_t i = 0; i < d->n; i++)
            w[i] = ((const uint32_t *)d->v)[i];
        free(d->v);
        d->v = w;
        d->cap = d->cap ? d->cap : 16;
        d->wide = true;
    }
    if (d->n == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 16;
        d->v = xrealloc(d->v, (d->wide ? 8 : 4) * d->cap);
    }
    if (d->wide)
        ((int64_t *)d->v)[d->n++] = x;
    else
        ((uint32_t *)d->v)[d->n++] = (uint32_t)x;
}

static inline int64_t dvec_at(const dvec *d, size_t i)
{
    return d->wide ? ((const int64_t *)d->v)[i] : (int64_t)((const uint32_t *)d->v)[i];
}

typedef struct rank {
    int input;
    int64_t pid, device_id, gpu;
    int64_t mpi_rank; /* MPI_RANKS of its process; -1 when the export has none */
    int64_t first, last;
    nsq_union all, kern, comm, comp, mem;
    int64_t ops, kernels, comm_kernels;
    dvec *durs; /* per communication name (index into r->names) */
    int ndurs;
    /* step */
    bool step_ran, step_found;
    char step_method[32], step_reason[64];
    int64_t step_iterations, step_median_ns;
    /* stragglers */
    int64_t behind_ns;
    double behind_pct;
    bool straggler;
} rank;

struct nsq_ranks {
    nsq_ranks_opts o;
    nsq_re *re;
    rank *v;
    int n, cap;
    char **names; /* communication kernel names */
    int nnames, capnames;
    char **paths, **versions;
    int *input_ranks;
    int ninputs, cappaths, capversions, capinput_ranks;
    int cur_first; /* first rank of the input being read */
    int steps_missing;
};

nsq_ranks *nsq_ranks_new(const nsq_ranks_opts *o, nsq_err *err)
{
    nsq_ranks *r = xcalloc(1, sizeof *r);
    r->o = *o;
    r->re = nsq_re_compile(o->comm, "--comm", err);
    if (!r->re) {
        free(r);
        return NULL;
    }
    return r;
}

static rank *rank_of(nsq_ranks *r, int input, const nsq_op *op)
{
    for (int i = r->cur_first; i < r->n; i++)
        if (r->v[i].pid == op->pid && r->v[i].device_id == op->device_id)
            return &r->v[i];
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 8;
        r->v = xrealloc(r->v, sizeof *r->v * (size_t)r->cap);
    }
    rank *k = &r->v[r->n++];
    memset(k, 0, sizeof *k);
    k->input = input;
    k->pid = op->pid;
    k->device_id = op->device_id;
    k->gpu = op->gpu;
    k->first = INT64_MAX;
    k->last = INT64_MIN;
    nsq_union_init(&k->all);
    nsq_union_init(&k->kern);
    nsq_union_init(&k->comm);
    nsq_union_init(&k->comp);
    nsq_union_init(&k->mem);
    return k;
}

static void rank_free(rank *k)
{
    for (int i = 0; i < k->ndurs; i++)
        free(k->durs[i].v);
    free(k->durs);
}

/* A process's kernel rows, kept as its ranks' steady-state detections
 * read them (nsq_steady_feed), so that they need not read the kernel table
 * again after the GPU-op scan. */
typedef struct pfeed {
    int64_t pid;
    nsq_steady_feed *f;
    int users; /* its ranks */
} pfeed;

typedef struct scan_ctx {
    nsq_ranks *r;
    nsq_opscan *s;
    int input;
    nsq_export *x;
    int feeds_on; /* the kernel rows go to the feeds */
    pfeed *pf;
    int npf, cappf;
} scan_ctx;

static void feeds_drop(scan_ctx *c)
{
    for (int i = 0; i < c->npf; i++)
        nsq_steady_feed_free(c->pf[i].f);
    free(c->pf);
    c->pf = NULL;
    c->npf = c->cappf = 0;
    c->feeds_on = 0;
}

static pfeed *feed_of(scan_ctx *c, int64_t pid)
{
    for (int i = 0; i < c->npf; i++)
        if (c->pf[i].pid == pid)
            return &c->pf[i];
    return NULL;
}

/* The feed of op's process (made at its first op), its rank's device added
 * when the rank is new; the op handed to it when it is a kernel. */
static void feed_op(scan_ctx *c, const nsq_op *op, const rank *k, bool new_rank)
{
    pfeed *p = feed_of(c, op->pid);
    if (!p) {
        nsq_steady_opts so;
        memset(&so, 0, sizeof so);
        so.has_span = 1; /* the detections' span comes after the scan; the
                            feed never reads it */
        so.has_pid = 1;
        so.pid = op->pid;
        nsq_steady_feed *f = nsq_steady_feed_new(c->x, &so);
        if (!f) {
            feeds_drop(c);
            return;
        }
        NSQ_GROW(c->pf, c->npf + 1, c->cappf);
        p = &c->pf[c->npf++];
        p->pid = op->pid;
        p->f = f;
        p->users = 0;
    }
    if (new_rank) {
        nsq_steady_feed_device(p->f, k->gpu);
        p->users++;
    }
    if (op->kind != NSQ_OP_KERNEL)
        return;
    /* the detections read COALESCE(short_name_id, demangled_name_id): the
     * scan's short name id is that unless it is NULL; a row without a global
     * pid is one they never read */
    if (op->name_id < 0 || !op->global_pid) {
        feeds_drop(c);
        return;
    }
    int64_t v[6] = {op->start, op->end, op->name_id, 0, op->global_pid, op->device_id};
    nsq_steady_feed_row(p->f, v, 8u);
}

/* 0: compute kernel; 1 + i: communication name i. Cached per name slot. */
static int classify(scan_ctx *c, int slot)
{
    int *u = nsq_opscan_slot_user(c->s, slot);
    if (*u >= 0)
        return *u;
    const char *name = nsq_opscan_name(c->s, slot);
    int cls = 0;
    if (name && nsq_re_match(c->r->re, name, strlen(name)) > 0) {
        nsq_ranks *r = c->r;
        int i = 0;
        while (i < r->nnames && strcmp(r->names[i], name))
            i++;
        if (i == r->nnames) {
            NSQ_GROW(r->names, r->nnames + 1, r->capnames);
            r->names[r->nnames++] = xstrdup(name);
        }
        cls = 1 + i;
    }
    *u = cls;
    return cls;
}

static int on_op(void *ctx, const nsq_op *op, nsq_err *err)
{
    scan_ctx *c = ctx;
    nsq_ranks *r = c->r;
    if (!op) { /* rows out of start order: the scan starts over, sorted */
        for (int i = r->cur_first; i < r->n; i++)
            rank_free(&r->v[i]);
        r->n = r->cur_first;
        feeds_drop(c); /* the kernels come again, not in table order */
        return 0;
    }
    int n0 = r->n;
    rank *k = rank_of(r, c->input, op);
    if (c->feeds_on)
        feed_op(c, op, k, r->n > n0);
    k->ops++;
    if (op->start < k->first)
        k->first = op->start;
    if (op->end > k->last)
        k->last = op->end;
    nsq_union_push(&k->all, op->start, op->end, NULL);
    if (op->kind != NSQ_OP_KERNEL) {
        nsq_union_push(&k->mem, op->start, op->end, NULL);
        return 0;
    }
    k->kernels++;
    nsq_union_push(&k->kern, op->start, op->end, NULL);
    int cls = op->name_slot >= 0 ? classify(c, op->name_slot) : 0;
    if (!cls) {
        nsq_union_push(&k->comp, op->start, op->end, NULL);
        return 0;
    }
    k->comm_kernels++;
    nsq_union_push(&k->comm, op->start, op->end, NULL);
    if (cls > k->ndurs) {
        k->durs = xrealloc(k->durs, sizeof *k->durs * (size_t)cls);
        memset(k->durs + k->ndurs, 0, sizeof *k->durs * (size_t)(cls - k->ndurs));
        k->ndurs = cls;
    }
    dvec_push(&k->durs[cls - 1], op->end - op->start);
    (void)err;
    return 0;
}

/* The steady iterations' step times (-1: none dropped). */
typedef struct step_vals {
    int64_t *v;
    size_t n, cap;
} step_vals;

static void step_value(void *ctx, int64_t step_ns, int64_t kernel_ns)
{
    step_vals *s = ctx;
    (void)kernel_ns;
    if (step_ns < 0)
        return;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->v = xrealloc(s->v, sizeof *s->v * s->cap);
    }
    s->v[s->n++] = step_ns;
}

/* The capture span the op scan found (nsq_steady_opts.has_span). */
typedef struct op_span {
    int have;
    int64_t lo, hi, bad;
} op_span;

static void run_step(rank *k, nsq_export *x, const op_span *sp, nsq_steady_feed *feed)
{
    nsq_steady_opts so;
    memset(&so, 0, sizeof so);
    so.feed = feed;
    /* the span every rank's detection would read the whole capture for */
    so.has_span = sp->have;
    so.span_lo = sp->lo;
    so.span_hi = sp->hi;
    so.span_bad = sp->bad;
    so.has_pid = 1;
    so.pid = k->pid;
    so.has_device = 1;
    so.device = k->gpu;
    step_vals sv = {NULL, 0, 0};
    so.steady_value = step_value;
    so.steady_ctx = &sv;
    nsq_steady st;
    nsq_err e = {0};
    k->step_ran = true;
    k->step_median_ns = -1;
    if (nsq_steady_detect(x, &so, &st, &e)) {
        snprintf(k->step_reason, sizeof k->step_reason, "%s", e.code[0] ? e.code : "error");
        free(sv.v);
        return;
    }
    snprintf(k->step_method, sizeof k->step_method, "%s", st.method);
    if (st.found) {
        if (sv.n) {
            nsq_stats s;
            nsq_stats_of(&s, sv.v, sv.n);
            k->step_found = true;
            k->step_iterations = (int64_t)sv.n;
            k->step_median_ns = s.median;
        } else {
            snprintf(k->step_reason, sizeof k->step_reason, "no_step_times");
        }
    } else {
        snprintf(k->step_reason, sizeof k->step_reason, "%s",
                 st.reason_code[0] ? st.reason_code : "no_steady_state");
    }
    free(sv.v);
    nsq_steady_release(&st);
}

typedef struct step_job {
    rank *k;
    nsq_export *x;
    const op_span *span;
    nsq_steady_feed *feed; /* its process's kernel rows, or NULL */
} step_job;

static void step_main(void *p)
{
    step_job *j = p;
    run_step(j->k, j->x, j->span, j->feed);
}

int nsq_ranks_add(nsq_ranks *r, nsq_export *x, int input, const char *path, nsq_err *err)
{
    nsq_opscan_opts oo;
    memset(&oo, 0, sizeof oo);
    oo.kinds = NSQ_OPS_ALL;
    nsq_opscan *s = NULL;
    if (nsq_require_gpu_ops(x, err) || nsq_opscan_open(&s, x, &oo, err))
        return -1;
    r->cur_first = r->n;
    scan_ctx c = {r, s, input, x, 0, NULL, 0, 0};
    /* the steps' detections take their kernels from this scan when they
     * will read no NVTX ranges (they would look for iterations there first) */
    const char *fe = getenv("NSYSQL_RANKS_FEED"); /* tests: 0 reads as before */
    c.feeds_on = !(fe && !strcmp(fe, "0")) && !r->o.no_steps &&
                 nsq_table_rowspan(x, "NVTX_EVENTS") == 0; /* absent or empty */
    int rc = nsq_opscan_run(s, on_op, &c, err);
    const nsq_opscan_stats *ss = nsq_opscan_stats_of(s);
    op_span span = {ss->has_span, ss->min_start, ss->max_end, 0};
    for (int kd = 0; kd < NSQ_OP_KINDS; kd++)
        span.bad += ss->bad_rows[kd];
    /* a kernel row the scan found bad is one the detections read */
    if (ss->bad_rows[NSQ_OP_KERNEL] || !span.have)
        feeds_drop(&c);
    nsq_opscan_close(s);
    if (rc) {
        feeds_drop(&c);
        return -1;
    }
    /* MPI_RANKS(globalTid, rank), when MPI tracing was on: the rank of
     * each process as the user knows it */
    int have_mpi = nsq_probe_table(&x->probe, "MPI_RANKS") &&
                   nsq_probe_has_col(&x->probe, "MPI_RANKS", "globalTid") &&
                   nsq_probe_has_col(&x->probe, "MPI_RANKS", "rank");
    for (int i = r->cur_first; i < r->n; i++) {
        rank *k = &r->v[i];
        k->mpi_rank = -1;
        if (have_mpi) {
            sqlite3_stmt *st = NULL;
            if (sqlite3_prepare_v2(x->db,
                                   "SELECT min(rank) FROM main.MPI_RANKS WHERE "
                                   "((globalTid >> 24) & 16777215) = ?1 AND typeof(rank) = "
                                   "'integer'",
                                   -1, &st, NULL) == SQLITE_OK) {
                sqlite3_bind_int64(st, 1, k->pid);
                if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_INTEGER)
                    k->mpi_rank = sqlite3_column_int64(st, 0);
            }
            sqlite3_finalize(st);
        }
        nsq_union_finish(&k->all);
        nsq_union_finish(&k->kern);
        nsq_union_finish(&k->comm);
        nsq_union_finish(&k->comp);
        nsq_union_finish(&k->mem);
    }
    /* each rank's step: a steady-state detection of its own, the ranks' run
     * together so that each table is read once for all of them (scangroup.h) */
    int nr = r->n - r->cur_first;
    if (!r->o.no_steps && nr > 0) {
        step_job *jobs = xcalloc((size_t)nr, sizeof *jobs);
        void (**fns)(void *) = xcalloc((size_t)nr, sizeof *fns);
        void **args = xcalloc((size_t)nr, sizeof *args);
        for (int i = 0; i < c.npf; i++)
            nsq_steady_feed_users(c.pf[i].f, c.pf[i].users);
        for (int i = 0; i < nr; i++) {
            rank *k = &r->v[r->cur_first + i];
            pfeed *p = c.feeds_on ? feed_of(&c, k->pid) : NULL;
            jobs[i] = (step_job){k, x, &span, p ? p->f : NULL};
            fns[i] = step_main;
            args[i] = &jobs[i];
        }
        nsq_scan_together(x, nr, fns, args);
        for (int i = 0; i < nr; i++)
            r->steps_missing += !r->v[r->cur_first + i].step_found;
        free(jobs);
        free(fns);
        free(args);
    }
    feeds_drop(&c);
    NSQ_GROW(r->paths, r->ninputs + 1, r->cappaths);
    NSQ_GROW(r->versions, r->ninputs + 1, r->capversions);
    NSQ_GROW(r->input_ranks, r->ninputs + 1, r->capinput_ranks);
    r->paths[r->ninputs] = xstrdup(path);
    r->versions[r->ninputs] = x->probe.product_version ? xstrdup(x->probe.product_version) : NULL;
    r->input_ranks[r->ninputs] = r->n - r->cur_first;
    r->ninputs++;
    return 0;
}

int nsq_ranks_count(const nsq_ranks *r)
{
    return r->n;
}

static int64_t median_of(int64_t *v, size_t n)
{
    nsq_stats s;
    nsq_stats_of(&s, v, n);
    return s.median;
}

static void stragglers(nsq_ranks *r, int64_t *median)
{
    int64_t *v = xmalloc(sizeof *v * (size_t)(r->n + 1));
    for (int i = 0; i < r->n; i++)
        v[i] = r->v[i].comp.covered;
    *median = r->n ? median_of(v, (size_t)r->n) : 0;
    free(v);
    for (int i = 0; i < r->n; i++) {
        rank *k = &r->v[i];
        k->behind_ns = k->comp.covered - *median;
        k->behind_pct = *median > 0 ? 100.0 * (double)k->behind_ns / (double)*median : NAN;
        k->straggler =
            r->n >= 2 && *median > 0 && k->behind_ns > 0 && k->behind_pct > r->o.threshold_pct;
    }
}

typedef struct coll {
    int name;
    int nranks;
    int64_t min_inst, max_inst, aligned;
    int64_t spread_total, spread_median, spread_max;
    int64_t *last; /* per rank: times it was the last arrival */
} coll;

static int cmp_coll(const void *a, const void *b)
{
    const coll *x = a, *y = b;
    if (x->spread_total != y->spread_total)
        return x->spread_total > y->spread_total ? -1 : 1;
    return x->name - y->name;
}

static const dvec *durs_of(const rank *k, int name)
{
    return name < k->ndurs && k->durs[name].n ? &k->durs[name] : NULL;
}

static void collective(nsq_ranks *r, coll *c)
{
    c->min_inst = INT64_MAX;
    c->max_inst = 0;
    for (int i = 0; i < r->n; i++) {
        const dvec *d = durs_of(&r->v[i], c->name);
        if (!d)
            continue;
        c->nranks++;
        if ((int64_t)d->n < c->min_inst)
            c->min_inst = (int64_t)d->n;
        if ((int64_t)d->n > c->max_inst)
            c->max_inst = (int64_t)d->n;
    }
    c->last = xcalloc((size_t)r->n + 1, sizeof *c->last);
    c->aligned = c->nranks >= 2 ? c->min_inst : 0;
    if (!c->aligned)
        return;
    int64_t *spread = xmalloc(sizeof *spread * (size_t)c->aligned);
    for (int64_t t = 0; t < c->aligned; t++) {
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        int at = -1, ties = 0;
        for (int i = 0; i < r->n; i++) {
            const dvec *d = durs_of(&r->v[i], c->name);
            if (!d)
                continue;
            int64_t x = dvec_at(d, (size_t)t);
            if (x > hi)
                hi = x;
            if (x < lo) {
                lo = x;
                at = i;
                ties = 0;
            } else if (x == lo) {
                ties++;
            }
        }
        spread[t] = hi - lo;
        c->spread_total += hi - lo;
        if (hi > lo && !ties)
            c->last[at]++;
    }
    nsq_stats s;
    nsq_stats_of(&s, spread, (size_t)c->aligned);
    c->spread_median = s.median;
    c->spread_max = s.max;
    free(spread);
}

static void kv_num_or_null(json *j, const char *k, double v, int digits)
{
    if (isnan(v))
        json_kv_null(j, k);
    else
        json_kv_double(j, k, round(v * pow(10, digits)) / pow(10, digits));
}

typedef struct rank_dev {
    int64_t dev; /* |compute - median| */
    int i;
} rank_dev;

static int cmp_rank_dev(const void *a, const void *b)
{
    const rank_dev *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev > y->dev ? -1 : 1;
    return x->i - y->i;
}

/* Which ranks are listed: all, or without detail on more than
 * NSQ_RANKS_LISTED ranks those furthest from the median compute (the
 * stragglers and the fastest first). */
static bool *listed_ranks(const nsq_ranks *r, int64_t med, int *nlisted)
{
    bool *on = xcalloc((size_t)r->n + 1, sizeof *on);
    if (r->o.detail || r->n <= NSQ_RANKS_LISTED) {
        for (int i = 0; i < r->n; i++)
            on[i] = true;
        *nlisted = r->n;
        return on;
    }
    rank_dev *d = xmalloc((size_t)r->n * sizeof *d);
    for (int i = 0; i < r->n; i++) {
        int64_t c = r->v[i].comp.covered;
        d[i] = (rank_dev){c > med ? c - med : med - c, i};
    }
    qsort(d, (size_t)r->n, sizeof *d, cmp_rank_dev);
    for (int k = 0; k < NSQ_RANKS_LISTED; k++)
        on[d[k].i] = true;
    free(d);
    *nlisted = NSQ_RANKS_LISTED;
    return on;
}

void nsq_ranks_json(nsq_ranks *r, json *j)
{
    int64_t med = 0;
    stragglers(r, &med);
    int nlisted = 0;
    bool *on = listed_ranks(r, med, &nlisted);

    json_key(j, "inputs");
    json_arr_begin(j);
    for (int i = 0; i < r->ninputs; i++) {
        json_obj_begin(j);
        json_kv_int(j, "index", i);
        json_kv_str(j, "path", r->paths[i]);
        json_kv_str(j, "nsys_version", r->versions[i]);
        json_kv_int(j, "ranks", r->input_ranks[i]);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_kv_str(j, "communication_pattern", r->o.comm);

    json_kv_int(j, "ranks_total", r->n);
    json_key(j, "ranks");
    json_arr_begin(j);
    for (int i = 0; i < r->n; i++) {
        const rank *k = &r->v[i];
        if (!on[i])
            continue;
        json_obj_begin(j);
        json_kv_int(j, "rank", i);
        {
            char lab[160];
            if (k->mpi_rank >= 0)
                snprintf(lab, sizeof lab, "MPI rank %lld (pid %lld, GPU %lld)",
                         (long long)k->mpi_rank, (long long)k->pid, (long long)k->gpu);
            else
                snprintf(lab, sizeof lab, "pid %lld, GPU %lld", (long long)k->pid,
                         (long long)k->gpu);
            json_kv_str(j, "label", lab);
            json_kv_str(j, "label_source", k->mpi_rank >= 0 ? "mpi_ranks" : "process_and_gpu");
            if (k->mpi_rank >= 0)
                json_kv_int(j, "mpi_rank", k->mpi_rank);
            else
                json_kv_null(j, "mpi_rank");
        }
        json_kv_int(j, "input", k->input);
        json_kv_int(j, "pid", k->pid);
        json_kv_int(j, "device_id", k->device_id);
        json_kv_int(j, "gpu", k->gpu);
        json_kv_int(j, "first_start_ns", k->first);
        json_kv_int(j, "last_end_ns", k->last);
        json_kv_int(j, "span_ns", k->last - k->first);
        json_kv_int(j, "busy_ns", k->all.covered);
        json_kv_int(j, "idle_ns", k->last - k->first - k->all.covered);
        kv_num_or_null(j, "busy_pct_of_span",
                       k->last > k->first
                           ? 100.0 * (double)k->all.covered / (double)(k->last - k->first)
                           : NAN,
                       3);
        json_kv_int(j, "compute_ns", k->comp.covered);
        json_kv_int(j, "communication_ns", k->comm.covered);
        json_kv_int(j, "memory_ns", k->mem.covered);
        json_kv_int(j, "overlap_ns", k->comm.covered + k->comp.covered - k->kern.covered);
        json_kv_int(j, "gpu_ops", k->ops);
        json_kv_int(j, "kernels", k->kernels);
        json_kv_int(j, "communication_kernels", k->comm_kernels);
        json_key(j, "step");
        if (!k->step_ran) {
            json_null(j);
        } else {
            json_obj_begin(j);
            json_kv_bool(j, "found", k->step_found);
            json_kv_str(j, "method", k->step_method[0] ? k->step_method : NULL);
            if (k->step_found) {
                json_kv_int(j, "steady_iterations", k->step_iterations);
                json_kv_int(j, "median_ns", k->step_median_ns);
                json_kv_null(j, "reason_code");
            } else {
                json_kv_null(j, "steady_iterations");
                json_kv_null(j, "median_ns");
                json_kv_str(j, "reason_code", k->step_reason);
            }
            json_obj_end(j);
        }
        json_kv_int(j, "compute_behind_median_ns", k->behind_ns);
        kv_num_or_null(j, "compute_behind_median_pct", k->behind_pct, 2);
        json_kv_bool(j, "straggler", k->straggler);
        json_obj_end(j);
    }
    json_arr_end(j);

    json_key(j, "stragglers");
    json_obj_begin(j);
    json_kv_str(j, "metric", "compute_ns");
    json_kv_int(j, "median_compute_ns", med);
    json_kv_double(j, "threshold_pct", r->o.threshold_pct);
    json_kv_bool(j, "judged", r->n >= 2 && med > 0);
    json_key(j, "ranks");
    json_arr_begin(j);
    for (int i = 0; i < r->n; i++) {
        if (!r->v[i].straggler)
            continue;
        json_obj_begin(j);
        json_kv_int(j, "rank", i);
        json_kv_int(j, "behind_ns", r->v[i].behind_ns);
        kv_num_or_null(j, "behind_pct", r->v[i].behind_pct, 2);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_obj_end(j);

    coll *cs = xcalloc((size_t)r->nnames + 1, sizeof *cs);
    for (int i = 0; i < r->nnames; i++) {
        cs[i].name = i;
        collective(r, &cs[i]);
    }
    qsort(cs, (size_t)r->nnames, sizeof *cs, cmp_coll);
    int shown = r->o.limit > 0 && r->o.limit < r->nnames ? (int)r->o.limit : r->nnames;
    json_key(j, "collectives");
    json_arr_begin(j);
    for (int ci = 0; ci < shown; ci++) {
        const coll *c = &cs[ci];
        json_obj_begin(j);
        json_kv_str(j, "name", r->names[c->name]);
        json_kv_null(j, "size_bytes");
        json_kv_int(j, "ranks", c->nranks);
        json_kv_int(j, "min_instances", c->min_inst);
        json_kv_int(j, "max_instances", c->max_inst);
        json_kv_bool(j, "count_mismatch", c->min_inst != c->max_inst);
        json_kv_int(j, "aligned_instances", c->aligned);
        json_key(j, "per_rank");
        json_arr_begin(j);
        for (int i = 0; i < r->n; i++) {
            const dvec *d = durs_of(&r->v[i], c->name);
            if (!d || nlisted < r->n)
                continue;
            int64_t *v = xmalloc(sizeof *v * d->n);
            for (size_t q = 0; q < d->n; q++)
                v[q] = dvec_at(d, q);
            nsq_stats s;
            nsq_stats_of(&s, v, d->n);
            free(v);
            json_obj_begin(j);
            json_kv_int(j, "rank", i);
            json_kv_int(j, "instances", (int64_t)d->n);
            json_kv_int(j, "total_ns", s.total);
            json_kv_int(j, "median_ns", s.median);
            json_kv_int(j, "max_ns", s.max);
            json_kv_int(j, "last_arrivals", c->last[i]);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_key(j, "spread");
        if (!c->aligned) {
            json_null(j);
        } else {
            json_obj_begin(j);
            json_kv_int(j, "total_ns", c->spread_total);
            json_kv_int(j, "median_ns", c->spread_median);
            json_kv_int(j, "max_ns", c->spread_max);
            json_obj_end(j);
        }
        /* the rank that arrived last most often, and how often */
        int top = -1;
        for (int i = 0; i < r->n; i++)
            if (c->last[i] && (top < 0 || c->last[i] > c->last[top]))
                top = i;
        json_key(j, "most_often_last");
        if (top < 0) {
            json_null(j);
        } else {
            json_obj_begin(j);
            json_kv_int(j, "rank", top);
            json_kv_int(j, "times", c->last[top]);
            json_obj_end(j);
        }
        json_obj_end(j);
    }
    json_arr_end(j);
    json_kv_int(j, "collectives_truncated", r->nnames - shown);
    for (int i = 0; i < r->nnames; i++)
        free(cs[i].last);
    free(cs);
    free(on);
}

void nsq_ranks_warnings(const nsq_ranks *r,
                        void (*warn)(void *ctx, const char *code, const char *msg), void *ctx)
{
    char msg[512];
    if (r->n < 2)
        warn(ctx, "single_rank",
             "one rank (process and device) only: stragglers and collective spreads need two or "
             "more");
    if (r->n >= 2 && r->nnames == 0)
        warn(ctx, "no_communication_kernels",
             "no kernel name matches the communication pattern: no collectives to compare "
             "(--comm sets the pattern)");
    if (r->steps_missing) {
        snprintf(msg, sizeof msg,
                 "%d of %d ranks have no steady iterations: their step is null with a reason_code",
                 r->steps_missing, r->n);
        warn(ctx, "steps_not_found", msg);
    }
    for (int i = 0; i < r->nnames; i++) {
        int64_t lo = INT64_MAX, hi = 0;
        for (int k = 0; k < r->n; k++) {
            const dvec *d = durs_of(&r->v[k], i);
            if (!d)
                continue;
            if ((int64_t)d->n < lo)
                lo = (int64_t)d->n;
            if ((int64_t)d->n > hi)
                hi = (int64_t)d->n;
        }
        if (lo != INT64_MAX && lo != hi) {
            snprintf(msg, sizeof msg,
                     "%.200s: %lld to %lld instances per rank: only the first %lld are compared "
                     "(captures of different length, or ranks in different communicators)",
                     r->names[i], (long long)lo, (long long)hi, (long long)lo);
            warn(ctx, "collective_count_mismatch", msg);
        }
    }
}

void nsq_ranks_free(nsq_ranks *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->n; i++)
        rank_free(&r->v[i]);
    free(r->v);
    for (int i = 0; i < r->nnames; i++)
        free(r->names[i]);
    free(r->names);
    for (int i = 0; i < r->ninputs; i++) {
        free(r->paths[i]);
        free(r->versions[i]);
    }
    free(r->paths);
    free(r->versions);
    free(r->input_ranks);
    nsq_re_free(r->re);
    free(r);
}
