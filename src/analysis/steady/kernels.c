/* steady/kernels: the kernels of the busiest CUDA context (process,
 * ordinal) that passes the filters, in start order (kset, internal.h), for
 * the period and time-bin stages; the scan also measures the capture span
 * and accounts every kernel for the trust checks. Memory: about 7 bytes per
 * kernel row for gaps and durations of microseconds (varints, 1 byte of name
 * index up to 256 names, 2 up to 65536), 2 more per row while reading when
 * the rows come from more than one context; kset owns it
 * (nsq_sd_kset_release()). Rows of one context out of start order are
 * sorted as 16-byte records (16 bytes per kernel more while sorting). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void nsq_sd_kset_release(kset *ks)
{
    free(ks->ev);
    free(ks->nm);
    free(ks->ck);
    free(ks->name_ids);
    memset(ks, 0, sizeof *ks);
}

/* Room for `rows` kernels (more grow as they come); names nw bytes each. */
static void ks_init(kset *ks, int64_t rows, int nw)
{
    if (rows < KSTEP)
        rows = KSTEP;
    ks->n = 0;
    ks->nev = 0;
    ks->capev = (size_t)rows * 6;
    ks->ev = xmalloc(ks->capev);
    ks->nw = nw;
    ks->capn = rows;
    ks->nm = xmalloc((size_t)rows * (size_t)nw);
    ks->ck = xmalloc(sizeof *ks->ck * 2 * (size_t)(rows / KSTEP + 1));
    ks->last_start = 0;
    ks->max_end = INT64_MIN;
}

/* Names 2 or 4 bytes wide from here on (the dense index passed 2^8 or 2^16). */
static void ks_widen(kset *ks)
{
    int nw = ks->nw * 2;
    void *nm = xmalloc((size_t)ks->capn * (size_t)nw);
    for (int64_t i = 0; i < ks->n; i++) {
        int32_t v = kname(ks, i);
        if (nw == 2)
            ((uint16_t *)nm)[i] = (uint16_t)v;
        else
            ((int32_t *)nm)[i] = v;
    }
    free(ks->nm);
    ks->nm = nm;
    ks->nw = nw;
}

static inline void put_varint(unsigned char *p, size_t *off, uint64_t v)
{
    while (v >= 0x80) {
        p[(*off)++] = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    p[(*off)++] = (unsigned char)v;
}

/* Appends a kernel (starts within +-2^62, as nsq_parscan gives them). */
static inline void ks_push(kset *ks, int64_t start, uint32_t dur, int32_t name)
{
    if (start + (int64_t)dur > ks->max_end)
        ks->max_end = start + (int64_t)dur;
    if (ks->n == ks->capn) {
        ks->capn *= 2;
        ks->nm = xrealloc(ks->nm, (size_t)ks->capn * (size_t)ks->nw);
        ks->ck = xrealloc(ks->ck, sizeof *ks->ck * 2 * (size_t)(ks->capn / KSTEP + 1));
    }
    if (ks->capev - ks->nev < 20) {
        ks->capev *= 2;
        ks->ev = xrealloc(ks->ev, ks->capev);
    }
    if (ks->n % KSTEP == 0) {
        ks->ck[2 * (ks->n / KSTEP)] = (int64_t)ks->nev;
        ks->ck[2 * (ks->n / KSTEP) + 1] = ks->last_start;
    }
    int64_t delta = start - ks->last_start;
    put_varint(ks->ev, &ks->nev, ((uint64_t)delta << 1) ^ (uint64_t)(delta >> 63));
    put_varint(ks->ev, &ks->nev, dur);
    if (ks->nw == 1)
        ((uint8_t *)ks->nm)[ks->n] = (uint8_t)name;
    else if (ks->nw == 2)
        ((uint16_t *)ks->nm)[ks->n] = (uint16_t)name;
    else
        ((int32_t *)ks->nm)[ks->n] = name;
    ks->last_start = start;
    ks->n++;
}

void nsq_sd_kcur_at(kcur *c, const kset *ks, int64_t i)
{
    int64_t j = i / KSTEP;
    c->ks = ks;
    c->start = c->end = 0;
    c->off = 0;
    c->i = 0;
    if (!ks->n)
        return;
    if (j * KSTEP >= ks->n)
        j = (ks->n - 1) / KSTEP;
    c->off = (size_t)ks->ck[2 * j];
    c->start = ks->ck[2 * j + 1];
    c->i = j * KSTEP;
    while (c->i < i)
        kcur_next(c);
}

/* A kernel as a record, for sorting rows that came out of start order. */
typedef struct krec {
    int64_t start;
    uint32_t dur;
    int32_t name;
} krec;

static int cmp_krec(const void *a, const void *b)
{
    const krec *x = a, *y = b;
    if (x->start != y->start)
        return (x->start > y->start) - (x->start < y->start);
    if (x->dur != y->dur)
        return (x->dur > y->dur) - (x->dur < y->dur);
    return (x->name > y->name) - (x->name < y->name);
}

/* Puts the kernels in (start, duration, name) order. */
static void ks_sort(kset *ks)
{
    int64_t n = ks->n;
    krec *k = xmalloc(sizeof *k * (size_t)(n ? n : 1));
    kcur c;
    nsq_sd_kcur_at(&c, ks, 0);
    for (int64_t i = 0; i < n; i++) {
        kcur_next(&c);
        k[i].start = c.start;
        k[i].dur = (uint32_t)(c.end - c.start);
        k[i].name = kname(ks, i);
    }
    int nw = ks->nw;
    free(ks->ev);
    free(ks->nm);
    free(ks->ck);
    qsort(k, (size_t)n, sizeof *k, cmp_krec);
    ks_init(ks, n, nw);
    for (int64_t i = 0; i < n; i++)
        ks_push(ks, k[i].start, k[i].dur, k[i].name);
    free(k);
}

typedef struct kctx {
    int64_t gpid, dev, count;
    int64_t last_start; /* of its previous row */
    int unsorted;       /* a row of it starts before its previous row */
} kctx;

/* nsq_sd_kernels_load()'s scan state; the arrays are handed back to it after. */
typedef struct kload {
    det *d;
    kset *ks;
    kctx *cx;     /* contexts seen (owned) */
    uint16_t *kc; /* context of each kept row, once there are two (owned) */
    int64_t kccap;
    i64map names; /* short-name id -> dense index */
    /* a direct-mapped cache in front of the name map: names repeat */
    nsq_sd_namecache cache[NSQ_SD_NAME_CACHE];
    int64_t ncx, capcx, ncap, last;
    acct *acc; /* the kernel account the rows go to (NULL: none) */
} kload;

/* Row: start_ns, end_ns, short_name_id, demangled_name_id, global_pid,
 * device_id. The name id is COALESCE(short_name_id, demangled_name_id, -1),
 * taken here so that nsq_parscan can read the plain columns from the pages
 * (an expression column sends every chunk through SQLite). */
static int kernel_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    kload *ld = ctx;
    det *d = ld->d;
    kset *ks = ld->ks;
    int64_t a = v[0], b = v[1];
    int64_t gpid = v[4];
    (void)err;
    cap_add(d, a, b);
    if (b < a || (d->o->has_pid && ((gpid >> 24) & 0xFFFFFF) != d->o->pid))
        return 0;
    int64_t nid = !(nulls & 4u) ? v[2] : !(nulls & 8u) ? v[3] : -1, dev = v[5];
    int dok = d->o->has_device ? nsq_sd_device_ok(d, gpid, dev) : 1;
    if (dok < 0)
        return -1;
    if (dok && ld->acc)
        acct_add(ld->acc, a, b, nid);
    int64_t last = ld->last;
    if (last < 0 || ld->cx[last].gpid != gpid || ld->cx[last].dev != dev) {
        for (last = 0; last < ld->ncx; last++)
            if (ld->cx[last].gpid == gpid && ld->cx[last].dev == dev)
                break;
        if (last == ld->ncx) {
            if (ld->ncx == 65535) {
                ld->last = -1;
                return 0; /* absurdly many contexts: the rest are left out */
            }
            NSQ_GROW(ld->cx, ld->ncx + 1, ld->capcx);
            ld->cx[ld->ncx].gpid = gpid;
            ld->cx[ld->ncx].dev = dev;
            ld->cx[ld->ncx].count = 0;
            ld->cx[ld->ncx].unsorted = 0;
            ld->ncx++;
            if (ld->ncx == 2) {
                /* the rows so far are all the first context's */
                ld->kccap = ks->capn;
                ld->kc = xcalloc((size_t)ld->kccap, sizeof *ld->kc);
            }
        }
        ld->last = last;
    }
    int64_t dense;
    nsq_sd_namecache *ce = &ld->cache[(size_t)nid & (NSQ_SD_NAME_CACHE - 1)];
    if (ce->id == nid) {
        dense = ce->ix;
    } else {
        int ins;
        dense = *nsq_sd_i64map_get(&ld->names, nid, ks->nnames, &ins);
        if (ins) {
            if (ks->nnames == ((int64_t)1 << (8 * ks->nw)) && ks->nw < 4)
                ks_widen(ks);
            if (ks->nnames == ld->ncap) {
                ld->ncap = ld->ncap ? ld->ncap * 2 : 256;
                ks->name_ids = xrealloc(ks->name_ids, sizeof *ks->name_ids * (size_t)ld->ncap);
            }
            ks->name_ids[ks->nnames++] = nid;
        }
        ce->id = nid;
        ce->ix = dense;
    }
    uint32_t dur = UINT32_MAX;
    if (b - a > (int64_t)UINT32_MAX)
        ks->saturated++;
    else
        dur = (uint32_t)(b - a);
    if (ld->kc) {
        if (ks->n == ld->kccap) {
            ld->kccap *= 2;
            ld->kc = xrealloc(ld->kc, sizeof *ld->kc * (size_t)ld->kccap);
        }
        ld->kc[ks->n] = (uint16_t)last;
    }
    kctx *x = &ld->cx[last];
    if (x->count && a < x->last_start)
        x->unsorted = 1;
    x->last_start = a;
    x->count++;
    ks_push(ks, a, dur, (int32_t)dense);
    return 0;
}

/* The state before the first kernel row: 0, or -1 with d->err. */
static int kload_begin(det *d, kload *ld, kset *ks)
{
    int64_t total = 0;
    memset(ks, 0, sizeof *ks);
    memset(ld, 0, sizeof *ld);
    for (int i = 0; i < NSQ_SD_NAME_CACHE; i++)
        ld->cache[i].id = INT64_MIN;
    /* room for every row: the rowid span bounds the row count at the cost of
     * two b-tree seeks (count(*) reads the whole table, 10 % of the run);
     * pages never written are never resident. Past 2^26 rows, or without
     * rowids, the arrays grow as rows come. */
    if (nsq_query_int64(d->x->db,
                        "SELECT (SELECT max(row_id) FROM kernel) - "
                        "(SELECT min(row_id) FROM kernel) + 1",
                        0, &total))
        return nsq_sd_sql_fail(d, sqlite3_errcode(d->x->db), "steady-state kernel count");
    ld->d = d;
    ld->ks = ks;
    ld->last = -1;
    ks_init(ks, total < 1 ? 4096 : total > ((int64_t)1 << 26) ? (int64_t)1 << 26 : total, 1);
    return 0;
}

/* The feed (steady.h): one process's kernel rows, as the detection's own
 * read would give them (kernel_row through a kload of its own), for the
 * detections of that process's devices, each with the kernel account of its
 * GPU (kernel_row accounts the rows of the detection's --device only). The
 * first takers borrow the rows (each keeps the rows of its own context, as
 * a read of several contexts does); the last takes them over. */
typedef struct fdev {
    int64_t gpu;
    acct acc;
    int ok; /* 0: a context of this GPU came before the device was added */
} fdev;

struct nsq_steady_feed {
    nsq_steady_opts o;
    det d;
    nsq_steady r; /* the det's (device lookups write nothing here) */
    nsq_err err;
    kload ld;
    kset ks;
    int ok; /* 0: a row could not be taken: no detection takes the rows */
    int users, taken;
    fdev *dv;
    int ndv, capdv;
    int64_t last_gpid, last_dev; /* the GPU of the row before, ... */
    int last_dv;                 /* ... its device (-1: none) */
};

nsq_steady_feed *nsq_steady_feed_new(nsq_export *x, const nsq_steady_opts *o)
{
    if (!o->has_span || !o->has_pid)
        return NULL;
    nsq_steady_feed *f = xcalloc(1, sizeof *f);
    f->o = *o;
    f->o.feed = NULL;
    f->o.has_device = 0; /* every device's rows: the accounts are per device */
    f->d.x = x;
    f->d.o = &f->o;
    f->d.r = &f->r;
    f->d.err = &f->err;
    f->d.last_gpid = INT64_MIN;
    nsq_sd_cap_reset(&f->d);
    f->ok = !kload_begin(&f->d, &f->ld, &f->ks);
    f->ld.acc = NULL;
    f->last_gpid = INT64_MIN;
    f->last_dv = -1;
    return f;
}

void nsq_steady_feed_device(nsq_steady_feed *f, int64_t gpu)
{
    if (!f)
        return;
    NSQ_GROW(f->dv, f->ndv + 1, f->capdv);
    fdev *v = &f->dv[f->ndv++];
    memset(v, 0, sizeof *v);
    v->gpu = gpu;
    v->ok = 1;
    nsq_sd_acct_reset(&v->acc);
    /* two devices of the process on one GPU: one account would get the
     * rows of both; such detections read */
    for (int i = 0; i + 1 < f->ndv; i++)
        if (f->dv[i].gpu == gpu)
            f->dv[i].ok = v->ok = 0;
    /* rows of a context on this GPU already went by unaccounted */
    for (int64_t i = 0; i < f->ld.ncx; i++) {
        int64_t g;
        if (nsq_sd_gpu_of(&f->d, (f->ld.cx[i].gpid >> 24) & 0xFFFFFF, f->ld.cx[i].dev, &g)) {
            f->ok = 0;
            return;
        }
        if (g == gpu)
            v->ok = 0;
    }
    f->last_gpid = INT64_MIN; /* the device cache may now be stale */
}

void nsq_steady_feed_users(nsq_steady_feed *f, int n)
{
    if (f)
        f->users = n;
}

void nsq_steady_feed_row(nsq_steady_feed *f, const int64_t *v, unsigned nulls)
{
    /* the detection's read keeps its process's rows only (keep_pid) */
    if (!f || !f->ok || (nulls >> 4 & 1u) || ((v[4] >> 24) & 0xFFFFFF) != f->o.pid)
        return;
    if (kernel_row(&f->ld, v, nulls, &f->err)) {
        f->ok = 0;
        return;
    }
    /* the account of the row's GPU, as kernel_row keeps it for --device */
    int64_t a = v[0], b = v[1];
    if (b < a || !f->ndv)
        return;
    if (v[4] != f->last_gpid || v[5] != f->last_dev) {
        int64_t gpu;
        if (nsq_sd_gpu_of(&f->d, (v[4] >> 24) & 0xFFFFFF, v[5], &gpu)) {
            f->ok = 0;
            return;
        }
        f->last_gpid = v[4];
        f->last_dev = v[5];
        f->last_dv = -1;
        for (int i = 0; i < f->ndv; i++)
            if (f->dv[i].gpu == gpu)
                f->last_dv = i;
    }
    if (f->last_dv >= 0) {
        int64_t nid = !(nulls & 4u) ? v[2] : !(nulls & 8u) ? v[3] : -1;
        acct_add(&f->dv[f->last_dv].acc, a, b, nid);
    }
}

void nsq_steady_feed_free(nsq_steady_feed *f)
{
    if (!f)
        return;
    free(f->ld.cx);
    free(f->ld.kc);
    nsq_sd_i64map_release(&f->ld.names);
    nsq_sd_kset_release(&f->ks);
    for (int i = 0; i < f->ndv; i++)
        nsq_sd_acct_release(&f->dv[i].acc);
    free(f->dv);
    free(f->d.gm);
    free(f);
}

/* A copy of a kernel set (a borrowed one the detection changes). */
static void ks_copy(kset *to, const kset *from)
{
    *to = *from;
    to->capev = from->nev + 20;
    to->ev = xmalloc(to->capev);
    memcpy(to->ev, from->ev, from->nev);
    to->capn = from->n > KSTEP ? from->n : KSTEP;
    to->nm = xmalloc((size_t)to->capn * (size_t)from->nw);
    memcpy(to->nm, from->nm, (size_t)from->n * (size_t)from->nw);
    size_t nck = 2 * (size_t)(to->capn / KSTEP + 1);
    to->ck = xcalloc(nck, sizeof *to->ck);
    memcpy(to->ck, from->ck, sizeof *to->ck * 2 * (size_t)((from->n + KSTEP - 1) / KSTEP));
    to->name_ids = xmalloc(sizeof *to->name_ids * (size_t)(from->nnames ? from->nnames : 1));
    memcpy(to->name_ids, from->name_ids, sizeof *to->name_ids * (size_t)from->nnames);
}

/* Loads the kernels of the busiest CUDA context (process, ordinal) that
 * passes the filters, in start order; every kernel row also counts for the
 * capture span. ks->n == 0 when no context passes. */
int nsq_sd_kernels_load(det *d, kset *ks)
{
    nsq_steady *r = d->r;
    kctx *cx = NULL;
    uint16_t *kc = NULL;
    i64map names = {0};
    int64_t ncx = 0;
    int rc, ret = -1;
    kload ld;
    int borrowed = 0; /* cx, kc, names and ks are the feed's */
    int own_ks = 1;   /* ks is this detection's (0: still the feed's) */
    nsq_steady_feed *f = d->o->feed;
    fdev *fd = NULL;
    for (int i = 0; f && f->ok && d->o->has_device && i < f->ndv; i++)
        if (f->dv[i].gpu == d->o->device && f->dv[i].ok)
            fd = &f->dv[i];
    if (fd && d->o->has_span && d->o->has_pid && f->o.pid == d->o->pid && f->taken < f->users) {
        /* the caller's rows, as this read would have given them */
        ld = f->ld;
        ld.d = d;
        ld.ks = ks;
        *ks = f->ks;
        borrowed = ++f->taken < f->users;
        own_ks = !borrowed;
        if (!borrowed) { /* the last taker takes them over */
            memset(&f->ld, 0, sizeof f->ld);
            memset(&f->ks, 0, sizeof f->ks);
        }
        nsq_sd_cap_reset(d);
        nsq_sd_acct_release(&d->acc);
        d->acc = fd->acc;
        memset(&fd->acc, 0, sizeof fd->acc);
        fd->ok = 0;
        rc = 0;
    } else {
        if (kload_begin(d, &ld, ks))
            return -1;
        ld.acc = &d->acc;
        nsq_sd_cap_reset(d);
        nsq_sd_acct_reset(&d->acc);
        rc = nsq_sd_par_scan_ops(
            d, "kernel",
            "start_ns, end_ns, short_name_id, demangled_name_id, global_pid, device_id", 6, 4,
            kernel_row, &ld, "steady-state kernels");
    }
    /* the scan's memory is this function's again */
    cx = ld.cx;
    kc = ld.kc;
    names = ld.names;
    ncx = ld.ncx;
    if (rc)
        goto done;
    if (nsq_sd_cap_small_views(d) || nsq_sd_cap_finish(d))
        goto done;
    /* the busiest context that passes --device */
    int64_t best = -1;
    for (int64_t i = 0; i < ncx; i++) {
        int ok = nsq_sd_device_ok(d, cx[i].gpid, cx[i].dev);
        if (ok < 0)
            goto done;
        if (!ok)
            continue;
        if (best < 0 || cx[i].count > cx[best].count ||
            (cx[i].count == cx[best].count &&
             (cx[i].gpid < cx[best].gpid ||
              (cx[i].gpid == cx[best].gpid && cx[i].dev < cx[best].dev))))
            best = i;
    }
    if (best < 0) {
        if (borrowed)
            memset(ks, 0, sizeof *ks);
        ks->n = 0;
        ret = 0;
        goto done;
    }
    if (!kc && borrowed) {
        kset own;
        ks_copy(&own, ks);
        *ks = own;
        own_ks = 1;
    }
    if (kc) {
        /* the chosen context's rows into a set of their own */
        kset nk;
        kcur c;
        memset(&nk, 0, sizeof nk);
        ks_init(&nk, cx[best].count, ks->nw);
        nsq_sd_kcur_at(&c, ks, 0);
        for (int64_t i = 0; i < ks->n; i++) {
            kcur_next(&c);
            if (kc[i] == best)
                ks_push(&nk, c.start, (uint32_t)(c.end - c.start), kname(ks, i));
        }
        nk.nnames = ks->nnames;
        nk.saturated = ks->saturated;
        if (borrowed) {
            nk.name_ids = xmalloc(sizeof *nk.name_ids * (size_t)(ks->nnames ? ks->nnames : 1));
            memcpy(nk.name_ids, ks->name_ids, sizeof *nk.name_ids * (size_t)ks->nnames);
        } else {
            free(kc);
            kc = NULL;
            nk.name_ids = ks->name_ids;
            ks->name_ids = NULL;
            nsq_sd_kset_release(ks);
        }
        *ks = nk;
        own_ks = 1;
    }
    if (cx[best].unsorted)
        ks_sort(ks);
    r->pid = (cx[best].gpid >> 24) & 0xFFFFFF;
    r->device_id = cx[best].dev;
    r->tid = -1;
    if (nsq_sd_gpu_of(d, r->pid, r->device_id, &r->gpu))
        goto done;
    snprintf(r->device_identity, sizeof r->device_identity, "%s", d->identity);
    if (ks->saturated)
        nsq_sd_add_warning(
            r, "kernel_duration_saturated",
            "%lld kernels last longer than 4.29 s; their durations were capped there",
            (long long)ks->saturated);
    ret = 0;
done:
    if (!borrowed) {
        free(cx);
        free(kc);
        nsq_sd_i64map_release(&names);
    }
    if (ret && !own_ks)
        memset(ks, 0, sizeof *ks); /* still the feed's */
    if (ret)
        nsq_sd_kset_release(ks);
    return ret;
}
