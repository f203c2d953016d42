/* steady/kernels: the kernels of the busiest CUDA context (process,
 * ordinal) that passes the filters, sorted by start (kset), for the period
 * and time-bin stages; the scan also measures the capture span and accounts
 * every kernel for the trust checks. Memory: 18 bytes per kernel row while
 * reading (16 in kset.k, 2 for its context), 16 per kernel of the chosen
 * context after; kset owns them (nsq_sd_kset_release()). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void nsq_sd_kset_release(kset *ks)
{
    free(ks->k);
    free(ks->name_ids);
    memset(ks, 0, sizeof *ks);
}
static int cmp_krec(const void *a, const void *b)
{
    const krec *x = a, *y = b;
    if (x->start != y->start)
        return (x->start > y->start) - (x->start < y->start);
    if (x->dur != y->dur)
        return (x->dur > y->dur) - (x->dur < y->dur);
    return (x->name > y->name) - (x->name < y->name);
}
typedef struct kctx {
    int64_t gpid, dev, count;
} kctx;

/* nsq_sd_kernels_load()'s scan state; the arrays are handed back to it after. */
typedef struct kload {
    det *d;
    kset *ks;
    kctx *cx;     /* contexts seen (owned) */
    uint16_t *kc; /* context of each kept row (owned) */
    i64map names; /* short-name id -> dense index */
    /* a small direct-mapped cache in front of the name map: names repeat */
    int64_t cache_id[256], cache_ix[256];
    int64_t ncx, cap, ncap, last;
} kload;

/* Row: start_ns, end_ns, name id (-1 none), global_pid, device_id. */
static int kernel_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    kload *ld = ctx;
    det *d = ld->d;
    kset *ks = ld->ks;
    int64_t a = v[0], b = v[1];
    int64_t gpid = v[3];
    (void)nulls;
    (void)err;
    cap_add(d, a, b);
    if (b < a || (d->o->has_pid && ((gpid >> 24) & 0xFFFFFF) != d->o->pid))
        return 0;
    int64_t nid = v[2], dev = v[4];
    int dok = d->o->has_device ? nsq_sd_device_ok(d, gpid, dev) : 1;
    if (dok < 0)
        return -1;
    if (dok)
        acct_add(&d->acc, a, b, nid);
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
            ld->cx = xrealloc(ld->cx, sizeof *ld->cx * (size_t)(ld->ncx + 1));
            ld->cx[ld->ncx].gpid = gpid;
            ld->cx[ld->ncx].dev = dev;
            ld->cx[ld->ncx].count = 0;
            ld->ncx++;
        }
        ld->last = last;
    }
    if (ks->n == ld->cap) {
        ld->cap *= 2;
        ks->k = xrealloc(ks->k, sizeof *ks->k * (size_t)ld->cap);
        ld->kc = xrealloc(ld->kc, sizeof *ld->kc * (size_t)ld->cap);
    }
    int64_t dense;
    size_t ci = (size_t)nid & 255;
    if (ld->cache_id[ci] == nid) {
        dense = ld->cache_ix[ci];
    } else {
        int ins;
        dense = *nsq_sd_i64map_get(&ld->names, nid, ks->nnames, &ins);
        if (ins) {
            if (ks->nnames == ld->ncap) {
                ld->ncap = ld->ncap ? ld->ncap * 2 : 256;
                ks->name_ids = xrealloc(ks->name_ids, sizeof *ks->name_ids * (size_t)ld->ncap);
            }
            ks->name_ids[ks->nnames++] = nid;
        }
        ld->cache_id[ci] = nid;
        ld->cache_ix[ci] = dense;
    }
    krec *k = &ks->k[ks->n];
    k->start = a;
    if (b - a > (int64_t)UINT32_MAX) {
        k->dur = UINT32_MAX;
        ks->saturated++;
    } else {
        k->dur = (uint32_t)(b - a);
    }
    k->name = (int32_t)dense;
    ld->kc[ks->n++] = (uint16_t)last;
    ld->cx[last].count++;
    return 0;
}

/* Loads the kernels of the busiest CUDA context (process, ordinal) that
 * passes the filters, sorted by start; every kernel row also counts for the
 * capture span. ks->n == 0 when no context passes. Memory: 18 bytes per
 * kernel row while reading, 16 per kernel of the chosen context after. */
int nsq_sd_kernels_load(det *d, kset *ks)
{
    nsq_steady *r = d->r;
    kctx *cx = NULL;
    uint16_t *kc = NULL;
    i64map names = {0};
    int64_t ncx = 0, total = 0;
    int rc, ret = -1;
    kload ld;
    memset(ks, 0, sizeof *ks);
    memset(&ld, 0, sizeof ld);
    for (int i = 0; i < 256; i++)
        ld.cache_id[i] = INT64_MIN;
    /* room for every row: the rowid span bounds the row count at the cost of
     * two b-tree seeks (count(*) reads the whole table, 10 % of the run);
     * pages never written are never resident. Past 2^26 rows, or without
     * rowids, the arrays grow as rows come. */
    if (nsq_query_int64(d->x->db,
                        "SELECT (SELECT max(row_id) FROM kernel) - "
                        "(SELECT min(row_id) FROM kernel) + 1",
                        0, &total))
        return nsq_sd_sql_fail(d, sqlite3_errcode(d->x->db), "steady-state kernel count");
    ld.d = d;
    ld.ks = ks;
    ld.last = -1;
    ld.cap = total < 1 ? 4096 : total > ((int64_t)1 << 26) ? (int64_t)1 << 26 : total;
    ks->k = xmalloc(sizeof *ks->k * (size_t)ld.cap);
    ld.kc = xmalloc(sizeof *ld.kc * (size_t)ld.cap);
    nsq_sd_cap_reset(d);
    nsq_sd_acct_reset(&d->acc);
    rc = nsq_sd_par_scan(
        d, "kernel",
        "start_ns, end_ns, COALESCE(short_name_id, demangled_name_id, -1), global_pid, "
        "device_id",
        5, NULL, NULL, 0, kernel_row, &ld, "steady-state kernels");
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
        ks->n = 0;
        ret = 0;
        goto done;
    }
    int64_t m = 0, sorted = 1;
    for (int64_t i = 0; i < ks->n; i++) {
        if (kc[i] != best)
            continue;
        if (m && ks->k[i].start < ks->k[m - 1].start)
            sorted = 0;
        ks->k[m++] = ks->k[i];
    }
    free(kc);
    kc = NULL;
    if (m < ks->n)
        ks->k = xrealloc(ks->k, sizeof *ks->k * (size_t)(m ? m : 1));
    ks->n = m;
    if (!sorted)
        qsort(ks->k, (size_t)m, sizeof *ks->k, cmp_krec);
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
    free(cx);
    free(kc);
    nsq_sd_i64map_release(&names);
    if (ret)
        nsq_sd_kset_release(ks);
    return ret;
}
