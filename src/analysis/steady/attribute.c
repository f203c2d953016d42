/* steady/attribute: the chosen NVTX series' instances as iterations, and
 * the GPU ops attributed to them: an op belongs to the instance in which its
 * launching API call (correlation id within the process) started, on the
 * range's thread or on another thread of the process that holds no push/pop
 * instances of the same range (PyTorch launches a step's backward pass from
 * its autograd threads, outside the thread that opened the step's range;
 * threads that run their own loop of the range keep their own work).
 * Start/end ranges: any thread of the process. The same
 * scans of the GPU op views measure the capture span and account every
 * kernel for the trust checks. Memory: the iterations (iters.c), a
 * correlation map of about 1 byte per correlation id of the process (4
 * where iterations are tiny) while the ops are attributed, and with
 * --iterations the ranges' bounds (16 bytes per iteration, det.rs/re). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nsysql/analysis/corrmap.h"

/* (start asc, end desc) of iterations: qsort() has no context argument */
static _Thread_local const det *sort_det;

static int cmp_range(const void *a, const void *b)
{
    const iter *x = a, *y = b;
    if (x->start_ns != y->start_ns)
        return (x->start_ns > y->start_ns) - (x->start_ns < y->start_ns);
    int64_t ex = it_end(sort_det, x), ey = it_end(sort_det, y);
    return (ex < ey) - (ex > ey);
}

/* Map from correlation id to iteration index (-1: none). CUPTI correlation
 * ids are dense within a process, so the map is a directory of pages of
 * CORR_PAGE consecutive ids, allocated when first touched. A page holds one
 * byte per id, the offset from the page's first iteration (0xFF: none), and
 * is widened to four bytes per id when the iterations it sees span more than
 * 254: the launches of one NVTX instance have consecutive ids, so nearly every
 * page stays narrow (about one byte per id in all, and no array of the whole
 * id range is ever reallocated). */
/* Iteration whose range holds t (the bounds are the ranges, sorted and not
 * overlapping), or -1. */
static int64_t range_of(const det *d, int64_t t)
{
    int64_t lo = 0, hi = d->n; /* first with range start > t */
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (d->it[mid].start_ns <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return -1;
    return t < it_end(d, &d->it[lo - 1]) ? lo - 1 : -1;
}

/* Scans one GPU op view: every row counts for the capture span; ops of
 * process gpid whose launch is in cm go to their iteration. */
typedef struct attr_scan {
    det *d;
    int is_kernel;
    int devcol; /* column of device_id (read with --device only) */
    int64_t gpid;
    const nsq_corrmap *cm;
} attr_scan;

/* Row: start_ns, end_ns, global_pid, correlation_id[, short_name_id for
 * kernels][, device_id with --device]. A kernel with no short name is
 * accounted under name id -1 (nsys always writes one; the kernel paths fall
 * back to the demangled name, which costs a column here). */
static int attribute_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    attr_scan *as = ctx;
    det *d = as->d;
    int64_t a = v[0], b = v[1];
    (void)err; /* d->err */
    cap_add(d, a, b);
    if (as->is_kernel && b >= a && (!d->o->has_pid || ((v[2] >> 24) & 0xFFFFFF) == d->o->pid)) {
        int ok = d->o->has_device ? nsq_sd_device_ok(d, v[2], v[as->devcol]) : 1;
        if (ok < 0)
            return -1;
        if (ok)
            acct_add(&d->acc, a, b, !(nulls & 16u) ? v[4] : -1);
    }
    if (b < a || v[2] != as->gpid || !as->cm->len)
        return 0;
    int32_t k = nsq_corrmap_get(as->cm, v[3]);
    if (k < 0)
        return 0;
    int ok = nsq_sd_device_ok(d, as->gpid, d->o->has_device ? v[as->devcol] : 0);
    if (ok < 0)
        return -1;
    if (!ok)
        return 0;
    it_extend(d, k, a, b, as->is_kernel);
    d->r->kernels_used += as->is_kernel;
    return 0;
}

/* view: one of the fixed names kernel, memcpy, memset. The device is read
 * only when --device asks for it (nsq_sd_device_ok() never looks at it otherwise). */
static int attribute_view(det *d, const char *view, int is_kernel, int64_t gpid,
                          const nsq_corrmap *cm)
{
    attr_scan as = {d, is_kernel, is_kernel ? 5 : 4, gpid, cm};
    int dev = d->o->has_device;
    const char *cols = is_kernel ? (dev ? "start_ns, end_ns, global_pid, correlation_id, "
                                          "short_name_id, device_id"
                                        : "start_ns, end_ns, global_pid, correlation_id, "
                                          "short_name_id")
                                 : (dev ? "start_ns, end_ns, global_pid, correlation_id, device_id"
                                        : "start_ns, end_ns, global_pid, correlation_id");
    return nsq_sd_par_scan_ops(d, view, cols, as.devcol + dev, 2, attribute_row, &as,
                               "steady-state GPU ops");
}

/* nsq_sd_nvtx_iterations()'s scans: the instances (start_ns, end_ns) into
 * iterations (their range as bounds), and the launch calls (start_ns,
 * correlation_id) into the correlation map. */
typedef struct inst_scan {
    det *d;
    int64_t first, max; /* d->it[first, max): the series' instances */
    int sorted;
} inst_scan;

static int instance_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    inst_scan *is = ctx;
    det *d = is->d;
    (void)nulls;
    (void)err;
    if (d->n == is->max)
        return 0; /* cannot happen: the series counted these rows */
    if (d->n > is->first) {
        const iter *q = &d->it[d->n - 1];
        if (v[0] < q->start_ns || (v[0] == q->start_ns && v[1] > it_end(d, q)))
            is->sorted = 0;
    }
    nsq_sd_it_bounds(d, nsq_sd_new_iter(d), v[0], v[1]);
    return 0;
}

/* The chosen series' instances from the pages, when pass 1 read them there
 * (it keyed the series by the texts' hashes: the same rows match here). */
typedef struct inst_raw {
    nvtx_raw nr;
    const series *s;
    inst_scan *is;
} inst_raw;

static int inst_raw_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    inst_raw *ir = ctx;
    const series *s = ir->s;
    int64_t et = v[2], gtid = v[3], th;
    if ((nulls & 7u) || v[1] < v[0] || !(et == 59 || et == 70 || et == 60 || et == 71))
        return 0;
    int pp = et == 59 || et == 70;
    if (pp != s->pp || (nulls & 8u) || (pp ? gtid : gtid & GPID_MASK) != s->owner)
        return 0;
    if (s->has_domain ? ((nulls & 16u) || v[4] != s->domain) : !(nulls & 16u))
        return 0;
    int tr = nsq_sd_raw_text(&ir->nr, v, nulls, &th);
    if (tr)
        return tr > 0 ? 0 : -1;
    if ((uint64_t)th != s->th)
        return 0;
    return instance_row(ir->is, v, 0, err);
}

/* 0, -1 (d->err set), or NSQ_PARSCAN_NOT_RAW with is as it was. */
static int instances_raw(det *d, nvtx_pick *p, const series *s, inst_scan *is)
{
    if (!p->raw)
        return NSQ_PARSCAN_NOT_RAW;
    inst_raw ir = {{d, p, {0}, NULL, NULL, 0, 0}, s, is};
    nsq_parscan_req req = nsq_sd_nvtx_pages_req("steady-state NVTX instances");
    int rc = nsq_parscan(d->x, &req, inst_raw_row, &ir, d->err);
    nsq_sd_i64map_release(&ir.nr.ids);
    free(ir.nr.th);
    free(ir.nr.state);
    if (rc == 0)
        return 0;
    if (rc < 0 && !ir.nr.aborted)
        return -1;
    is->d->n = is->first;
    is->sorted = 1;
    return NSQ_PARSCAN_NOT_RAW;
}

typedef struct launch_scan {
    det *d;
    nsq_corrmap *cm;
    int64_t hint;
    int64_t owner;  /* push/pop: the series' thread; start/end: -1 */
    int64_t *other; /* push/pop: threads with their own instances of the range, sorted */
    int64_t nother;
} launch_scan;

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int has_tid(const launch_scan *ls, int64_t tid)
{
    return ls->nother && bsearch(&tid, ls->other, (size_t)ls->nother, sizeof tid, cmp_i64);
}

static int launch_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    launch_scan *ls = ctx;
    const det *d = ls->d;
    const iter *it = d->it;
    int64_t hint = ls->hint;
    (void)nulls;
    (void)err;
    /* API rows come mostly in time order: try where the last one was (the
     * iterations' bounds are still their ranges) */
    int64_t t = v[0], k = -1;
    if (ls->owner >= 0 && v[2] != ls->owner && has_tid(ls, v[2]))
        return 0; /* that thread's launches belong to its own instances */
    if (hint < d->n && it[hint].start_ns <= t && (hint + 1 == d->n || t < it[hint + 1].start_ns))
        k = t < it_end(d, &it[hint]) ? hint : -1;
    else if (hint + 1 < d->n && it[hint + 1].start_ns <= t &&
             (hint + 2 == d->n || t < it[hint + 2].start_ns))
        k = t < it_end(d, &it[++hint]) ? hint : -1;
    else if ((k = range_of(d, t)) >= 0)
        hint = k;
    ls->hint = hint;
    if (k >= 0)
        if (nsq_corrmap_set(ls->cm, v[1], (int32_t)k))
            return nsq_error(err, NSQ_EXIT_QUERY, "query_resource_limit",
                             "the correlation ids of the launch calls are spread too thinly to map "
                             "(over 2^32 apart)");
    return 0;
}

/* The launch scan's WHERE clause in C (nsq_parscan then reads the pages):
 * v[1] correlation_id, v[2] global_tid, ?1 the series' process. */
static int keep_process_launch(const int64_t *v, unsigned nulls, const nsq_parscan_req *r)
{
    return !(nulls & 6u) && (v[2] & -16777216) == r->binds[0].i;
}

/* Appends the chosen series' instances to d->it as iterations whose bounds
 * are their ranges, in start order, the ones that overlap an earlier one
 * left out (*overlapped counts those that are not nested in it). The first
 * pass's rows are used when it kept them (each block freed once used), else
 * the table is read. */
static int load_ranges(det *d, nvtx_pick *p, int64_t *overlapped)
{
    series *s = &p->sv[p->chosen];
    int64_t first = d->n, rc;
    inst_scan is = {d, first, first + s->n, 1};
    nsq_sd_reserve_iters(d, d->n + s->n);
    if (p->rec_state == 1 && !s->inexact) {
        /* the rows nsq_sd_nvtx_find() kept: the query below would give these */
        int64_t v[2];
        for (int64_t i = 0; i < p->nrec; i++) {
            nvtx_rec *b = p->rec[i / REC_BLOCK];
            if (b->s[i % REC_BLOCK] == p->chosen) {
                v[0] = b->se[2 * (i % REC_BLOCK)];
                v[1] = b->se[2 * (i % REC_BLOCK) + 1];
                instance_row(&is, v, 0, d->err);
            }
            if (i % REC_BLOCK == REC_BLOCK - 1) {
                free(b);
                p->rec[i / REC_BLOCK] = NULL;
            }
        }
    } else if ((rc = instances_raw(d, p, s, &is)) < 0) {
        return -1;
    } else if (rc == NSQ_PARSCAN_NOT_RAW) {
        nsq_parscan_bind ib[3] = {{NSQ_BIND_TEXT, 0, s->text},
                                  {s->has_domain ? NSQ_BIND_INT : NSQ_BIND_NULL, s->domain, NULL},
                                  {NSQ_BIND_INT, s->owner, NULL}};
        if (nsq_sd_par_scan(
                d, "nvtx", "start_ns, end_ns", 2,
                s->pp ? "kind = 'push_pop' AND end_ns IS NOT NULL AND end_ns >= start_ns AND "
                        "text = ?1 AND domain_id IS ?2 AND global_tid = ?3"
                      : "kind = 'start_end' AND end_ns IS NOT NULL AND end_ns >= start_ns "
                        "AND text = ?1 AND domain_id IS ?2 AND (global_tid & -16777216) = ?3",
                ib, 3, instance_row, &is, "steady-state NVTX instances"))
            return -1;
    }
    nsq_sd_rec_release(p); /* a second call (after the kernel paths) reads the table */
    if (!is.sorted) {
        sort_det = d;
        qsort(d->it + first, (size_t)(d->n - first), sizeof *d->it, cmp_range);
    }
    int64_t nr = first, cur_end = INT64_MIN;
    for (int64_t i = first; i < d->n; i++) {
        int64_t a = d->it[i].start_ns, b = it_end(d, &d->it[i]);
        if (a < cur_end) {
            *overlapped += b > cur_end; /* nested ones are skipped silently */
            continue;
        }
        cur_end = b;
        if (nr != i)
            d->it[nr] = d->it[i];
        nr++;
    }
    d->n = nr;
    return 0;
}

/* Builds d->it from the chosen series' ranges and attributes GPU ops to them
 * (this also measures the capture span). *attributed: share of iterations
 * with at least one kernel. */
int nsq_sd_nvtx_iterations(det *d, nvtx_pick *p, double *attributed)
{
    series *s = &p->sv[p->chosen];
    nsq_steady *r = d->r;
    nsq_corrmap cm = {0};
    int64_t overlapped = 0, with_k = 0;
    int ret = -1;
    nsq_sd_reset_iters(d);
    free(d->rs);
    free(d->re);
    d->rs = d->re = NULL;
    r->kernels_used = 0;
    r->prologue_kernels = 0;
    if (load_ranges(d, p, &overlapped))
        goto done;
    if (d->o->keep_iterations == 1) {
        /* r->iters shows the ranges beside the GPU bounds */
        d->rs = xmalloc(sizeof *d->rs * (size_t)(d->n + 1));
        d->re = xmalloc(sizeof *d->re * (size_t)(d->n + 1));
        for (int64_t i = 0; i < d->n; i++) {
            d->rs[i] = d->it[i].start_ns;
            d->re[i] = it_end(d, &d->it[i]);
        }
    }
    if (overlapped)
        nsq_sd_add_warning(
            r, "overlapping_iteration_ranges",
            "%lld instances of NVTX range '%s' overlap an earlier one and were skipped",
            (long long)overlapped, s->text);
    snprintf(r->iteration_name, sizeof r->iteration_name, "%s", s->text);
    r->series_count = s->n;
    r->pid = (s->owner >> 24) & 0xFFFFFF;
    r->tid = s->pp ? (s->owner & 0xFFFFFF) : -1;

    /* launch calls inside an instance, on its thread or a thread of the
     * process without its own instances of the range (start/end: any thread
     * of the process) */
    launch_scan ls = {d, &cm, 0, s->pp ? s->owner : -1, NULL, 0};
    if (s->pp) {
        size_t cap_other = 0;
        for (int64_t j = 0; j < p->ns; j++) {
            const series *o = &p->sv[j];
            if (j != p->chosen && o->pp && o->th == s->th && o->has_domain == s->has_domain &&
                (!s->has_domain || o->domain == s->domain) &&
                (o->owner & GPID_MASK) == (s->owner & GPID_MASK)) {
                NSQ_GROW(ls.other, ls.nother + 1, cap_other);
                ls.other[ls.nother++] = o->owner;
            }
        }
        if (ls.nother > 1)
            qsort(ls.other, (size_t)ls.nother, sizeof *ls.other, cmp_i64);
    }
    nsq_parscan_bind lb = {NSQ_BIND_INT, s->owner & GPID_MASK, NULL};
    nsq_parscan_req lr = {.view = "api",
                          .cols = "start_ns, correlation_id, global_tid",
                          .ncols = 3,
                          .where = "(global_tid & -16777216) = ?1 AND correlation_id IS NOT NULL",
                          .binds = &lb,
                          .nbinds = 1,
                          .what = "steady-state launch calls",
                          .keep = keep_process_launch};
    int lrc = nsq_parscan(d->x, &lr, launch_row, &ls, d->err);
    free(ls.other);
    if (lrc)
        goto done;
    if (d->n > INT32_MAX) {
        nsq_error(d->err, NSQ_EXIT_INPUT, "too_many_iterations",
                  "more than 2^31 instances of NVTX range '%s'", s->text);
        goto done;
    }
    nsq_sd_cap_reset(d);
    nsq_sd_acct_reset(&d->acc);
    if (attribute_view(d, "kernel", 1, s->owner & GPID_MASK, &cm) ||
        attribute_view(d, "memcpy", 0, s->owner & GPID_MASK, &cm) ||
        attribute_view(d, "memset", 0, s->owner & GPID_MASK, &cm) || nsq_sd_cap_finish(d))
        goto done;
    for (int64_t i = 0; i < d->n; i++)
        with_k += !!(d->it[i].sf & IT_KERNEL);
    *attributed = d->n ? (double)with_k / (double)d->n : 0;
    ret = 0;
done:
    nsq_corrmap_release(&cm);
    return ret;
}

/* Metrics for NVTX iterations: kernel time and GPU step (iterations without
 * GPU ops keep their range as bounds and have no step), or, when GPU ops could
 * not be attributed, the ranges' own duration and spacing: every iteration's
 * bounds are then its range again (from d->rs when kept, else read again),
 * its kernels stay. */
int nsq_sd_nvtx_metrics(det *d, nvtx_pick *p, int by_kernels)
{
    nsq_steady *r = d->r;
    snprintf(r->metric[0].name, sizeof r->metric[0].name,
             by_kernels ? "kernel_time_ns" : "range_ns");
    snprintf(r->metric[1].name, sizeof r->metric[1].name, by_kernels ? "step_ns" : "range_step_ns");
    r->metric[0].integer = r->metric[1].integer = 1;
    d->mk[0] = by_kernels ? MK_KERNEL_TIME : MK_RANGE;
    d->mk[1] = by_kernels ? MK_STEP : MK_RANGE_STEP;
    if (by_kernels)
        return 0;
    if (d->rs) {
        for (int64_t i = 0; i < d->n; i++) {
            d->it[i].sf &= ~IT_GPU;
            nsq_sd_it_bounds(d, &d->it[i], d->rs[i], d->re[i]);
        }
        return 0;
    }
    iter *att = d->it;
    int64_t n = d->n, overlapped = 0;
    d->it = NULL;
    d->n = d->cap = 0; /* d->kn is NULL: no --iterations */
    if (load_ranges(d, p, &overlapped) || d->n != n) {
        if (d->n != n)
            nsq_error(d->err, NSQ_EXIT_INTERNAL, "internal",
                      "the NVTX range '%s' has %lld instances in a second read, %lld in the first",
                      r->iteration_name, (long long)d->n, (long long)n);
        free(att);
        return -1;
    }
    for (int64_t i = 0; i < n; i++) { /* att's wide records are still in d->wide */
        it_set(d, &d->it[i], it_end(d, &d->it[i]), it_ktime(d, &att[i]));
        d->it[i].sf |= att[i].sf & IT_KERNEL;
    }
    free(att);
    return 0;
}
