/* diff: baseline versus patch (see diff.h): the verdict and method names,
 * the rows (pooling, statistics and the test of each kernel), matching
 * names across the sides, and the run (pairing launches by position is in
 * pairing.c, each row's verdict in verdict.c).
 * The other parts of the folder are listed in internal.h. */
#include "nsysql/analysis/diff.h"
#include "nsysql/analysis/window.h"
#include "nsysql/export/devmap.h"
#include "nsysql/export/parscan.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/analysis/steady.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/strbuf.h"

const char *nsq_diff_verdict_name(int v)
{
    static const char *const n[] = {
        "improved", "regressed", "unchanged",       "inconclusive",     "added",
        "removed",  "replaced",  "likely_improved", "likely_regressed", "not_comparable"};
    return v >= 0 && v < NSQ_V_COUNT ? n[v] : "?";
}

const char *nsq_diff_method_name(int m)
{
    static const char *const n[] = {"none",      "mann_whitney",      "van_elteren",
                                    "welch_log", "single_vs_sample",  "single_instance",
                                    "identical", "paired_by_position"};
    return m >= 0 && m <= NSQ_MT_PAIRED ? n[m] : "?";
}

const char *nsq_diff_overall_name(int v)
{
    static const char *const n[] = {"improved",         "regressed",     "mixed",
                                    "unchanged",        "inconclusive",  "likely_improved",
                                    "likely_regressed", "not_comparable"};
    return v >= 0 && v <= NSQ_O_NOT_COMPARABLE ? n[v] : "?";
}

const char *nsq_diff_match_name(int m)
{
    static const char *const n[] = {"exact", "normalized", "none"};
    return m >= 0 && m <= NSQ_M_NONE ? n[m] : "?";
}

void nsq_diff_warn(nsq_diff *d, const char *code, const char *fmt, ...)
{
    strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    sb_vaddf(&sb, fmt, ap);
    va_end(ap);
    NSQ_GROW(d->warnings, d->nwarnings + 1, d->capwarnings);
    nsq_diff_warning *w = &d->warnings[d->nwarnings++];
    snprintf(w->code, sizeof w->code, "%s", code);
    w->message = sb_detach(&sb);
}

/* ---- rows ---------------------------------------------------------------------- */

typedef struct rowsrc {
    int *idx[2]; /* sentry indices per side */
    int n[2], cap[2];
} rowsrc;

static void rowsrc_add(rowsrc *r, int s, int i)
{
    NSQ_GROW(r->idx[s], r->n[s] + 1, r->cap[s]);
    r->idx[s][r->n[s]++] = i;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One launch shape of a row while it is built: each side's sorted durations. */
typedef struct rshape {
    nsq_shape_key key;
    int64_t *v[2];
    int64_t n[2], capv[2], sum[2];
    int sorted[2]; /* v already in ascending order */
    /* what shape_stats computed, for row_stats when the row's pooled
     * durations are this shape's arrays (a row of one launch shape) */
    nsq_stats st[2];
    int has_st[2];
    double mw_u, mw_var;
    int has_mw;
} rshape;

/* The statistics of stats.h from sorted values (does not reorder v). */
void nsq_diff_sorted_stats(nsq_stats *st, const int64_t *v, int64_t n)
{
    nsq_i128 sum = 0, sumsq = 0;
    memset(st, 0, sizeof *st);
    if (n <= 0)
        return;
    for (int64_t i = 0; i < n; i++) {
        sum += v[i];
        sumsq += (nsq_i128)v[i] * v[i];
    }
    st->n = n;
    st->total = (int64_t)sum;
    st->min = v[0];
    st->max = v[n - 1];
    st->mean = (int64_t)(sum / (nsq_i128)n - ((sum < 0 && sum % (nsq_i128)n) ? 1 : 0));
    st->stddev = nsq_stddev_from_sums(n, sum, sumsq);
    nsq_i128 two = (nsq_i128)v[(n - 1) / 2] + v[n / 2];
    st->median = (int64_t)(two / 2 - ((two < 0 && two % 2) ? 1 : 0));
    st->p90 = v[nsq_nearest_rank((size_t)n, 90) - 1];
}

/* One side of pool_row: its durations into the listed shapes rs. */
typedef struct poolside {
    nsq_diff *d;
    side *sd;
    const rowsrc *src;
    nsq_diff_row *row;
    rshape *rs;
    int s;
    double bm[DRIFT_BLOCKS];
    int nbm;
} poolside;

static void pool_side(nsq_diff *d, side sd[2], const rowsrc *src, nsq_diff_row *row, rshape *rs,
                      int s, double *bm, int *nbm)
{
    nsq_diff_sidestat *st = &row->s[s];
    int ncap = d->ncap[s];
    int64_t cnt = 0, sum = 0;
    st->spread_pct = NAN;
    st->stddev_ns = NAN;
    row->drift_pct[s] = row->level_gap_pct[s] = row->capture_spread_pct[s] = NAN;
    row->levels[s] = 0;
    if (!src->n[s])
        return;
    /* noise.c's measures, from the durations still in launch order: the
     * block drift of the largest chunk (one capture), the median of each
     * capture's largest chunk (several captures) */
    int64_t drift_n = 0;
    int64_t cap_n_few[8];
    double cap_med_few[8];
    int64_t *cap_n = ncap <= 8 ? cap_n_few : xmalloc(sizeof(int64_t) * (size_t)ncap);
    double *cap_med = ncap <= 8 ? cap_med_few : xmalloc(sizeof(double) * (size_t)ncap);
    memset(cap_n, 0, sizeof(int64_t) * (size_t)ncap);
    memset(cap_med, 0, sizeof(double) * (size_t)ncap);
    st->present = 1;
    for (int k = 0; k < src->n[s]; k++) {
        sentry *e = &sd[s].e[src->idx[s][k]];
        for (int c = 0; c < ncap; c++) {
            st->total_per_capture[c] += e->sum[c];
            st->instances_per_capture[c] += e->count[c];
            cnt += e->count[c];
            sum += e->sum[c];
        }
        for (int h = 0; h < e->nsh; h++) {
            sshape *ss = &e->sh[h];
            int t = 0;
            while (memcmp(&rs[t].key, &ss->key, sizeof ss->key))
                t++; /* the shapes were listed first */
            rshape *r = &rs[t];
            for (int c = 0; c < ss->nchunks; c++) {
                const durarr *ch = &ss->chunks[c];
                if (ncap == 1 && ch->n > drift_n) {
                    drift_n = ch->n;
                    *nbm = nsq_diff_block_medians_u32(ch->v, ch->n, bm);
                    row->drift_pct[s] = nsq_diff_spread_pct(bm, *nbm);
                }
                if (ncap >= 2 && ch->n > cap_n[ss->ccap[c]]) {
                    cap_n[ss->ccap[c]] = ch->n;
                    cap_med[ss->ccap[c]] = nsq_diff_median_u32(ch->v, ch->n);
                }
            }
            int64_t add = 0;
            for (int c = 0; c < ss->nchunks; c++)
                add += ss->chunks[c].n;
            /* one big array (too many instances to pair by position):
             * sorted while it takes 4 bytes a value, so pooling needs no
             * 8-byte sort buffer */
            durarr *one = ss->nchunks == 1 ? &ss->chunks[0] : NULL;
            if (!r->n[s] && one && !one->nwide && one->n > DIFF_PAIRED_MAX_N) {
                uint32_t *t32 = xmalloc(sizeof(*t32) * (size_t)one->n);
                nsq_diff_radix_u32(one->v, one->n, t32);
                free(t32);
                r->sorted[s] = 1;
            } else {
                r->sorted[s] = 0;
            }
            NSQ_GROW(r->v[s], r->n[s] + add + 1, r->capv[s]);
            for (int c = 0; c < ss->nchunks; c++) {
                nsq_diff_dur_expand(&ss->chunks[c], r->v[s] + r->n[s]);
                r->n[s] += ss->chunks[c].n;
                nsq_diff_dur_free(&ss->chunks[c]);
            }
            free(ss->chunks);
            free(ss->ccap);
            ss->chunks = NULL;
            ss->ccap = NULL;
            ss->nchunks = ss->capchunks = 0;
        }
        /* pooled: the entry's shapes go now, so that the rows built
         * after it reuse their memory */
        free(e->sh);
        e->sh = NULL;
        e->nsh = e->capsh = 0;
    }
    double mlo = INFINITY, mhi = 0;
    int with = 0;
    for (int c = 0; c < ncap; c++)
        if (cap_n[c] > 0) {
            with++;
            mlo = fmin(mlo, cap_med[c]);
            mhi = fmax(mhi, cap_med[c]);
        }
    if (with >= 2 && mlo > 0)
        row->capture_spread_pct[s] = 100 * (mhi / mlo - 1);
    if (cap_n != cap_n_few) {
        free(cap_n);
        free(cap_med);
    }
    st->instances = cnt;
    st->total_ns = llround((double)sum / ncap);
    if (ncap >= 2) {
        int64_t lo = st->total_per_capture[0], hi = lo;
        for (int c = 1; c < ncap; c++) {
            if (st->total_per_capture[c] < lo)
                lo = st->total_per_capture[c];
            if (st->total_per_capture[c] > hi)
                hi = st->total_per_capture[c];
        }
        double mean = (double)sum / ncap;
        st->spread_pct = mean > 0 ? 100.0 * (double)(hi - lo) / mean : 0.0;
    }
}

static void *pool_side_thread(void *arg)
{
    poolside *p = arg;
    pool_side(p->d, p->sd, p->src, p->row, p->rs, p->s, p->bm, &p->nbm);
    return NULL;
}

/* Both sides pooled at once (on two threads) from this many instances. */
#define POOL_PARALLEL_N 1000000

/* Pools a row's durations per launch shape and side (chunks are freed as
 * they are copied), sorted; fills each side's counts, per-capture totals
 * and run-to-run spread. *name_v gets each side's durations over all shapes
 * (sorted; it may be one of the shapes' arrays: *own says whether to free). */
static rshape *pool_row(nsq_diff *d, side sd[2], const rowsrc *src, nsq_diff_row *row, int *nrs,
                        int64_t *name_v[2], int own[2])
{
    rshape *rs = NULL;
    int n = 0, caprs = 0;
    double bm[2][DRIFT_BLOCKS];
    int nbm[2] = {0, 0};
    int64_t inst[2] = {0, 0};
    /* the launch shapes of both sides first (in the order they come), so
     * that the two sides can then be pooled at once */
    for (int s = 0; s < 2; s++) {
        nsq_diff_sidestat *st = &row->s[s];
        int ncap = d->ncap[s];
        st->total_per_capture = nsq_diff_zeros(d, 2 * (size_t)ncap);
        st->instances_per_capture = st->total_per_capture + ncap;
        name_v[s] = NULL;
        own[s] = 0;
        for (int k = 0; k < src->n[s]; k++) {
            sentry *e = &sd[s].e[src->idx[s][k]];
            for (int c = 0; c < ncap; c++)
                inst[s] += e->count[c];
            for (int h = 0; h < e->nsh; h++) {
                int t = 0;
                while (t < n && memcmp(&rs[t].key, &e->sh[h].key, sizeof e->sh[h].key))
                    t++;
                if (t == n) {
                    NSQ_GROW(rs, n + 1, caprs);
                    memset(&rs[t], 0, sizeof *rs);
                    rs[t].key = e->sh[h].key;
                    n++;
                }
            }
        }
    }
    poolside ps = {d, sd, src, row, rs, 0, {0}, 0};
    pthread_t th;
    int threaded = inst[0] >= POOL_PARALLEL_N && inst[1] >= POOL_PARALLEL_N &&
                   !pthread_create(&th, NULL, pool_side_thread, &ps);
    if (!threaded)
        pool_side(d, sd, src, row, rs, 0, bm[0], &nbm[0]);
    pool_side(d, sd, src, row, rs, 1, bm[1], &nbm[1]);
    if (threaded) {
        pthread_join(th, NULL);
        memcpy(bm[0], ps.bm, sizeof ps.bm);
        nbm[0] = ps.nbm;
    }
    row->block_drift_pct =
        nbm[0] && nbm[0] == nbm[1] ? nsq_diff_ratio_spread_pct(bm[0], bm[1], nbm[0]) : NAN;
    row->block_lo_pct = row->block_hi_pct = NAN;
    if (nbm[0] && nbm[0] == nbm[1])
        nsq_diff_ratio_range_pct(bm[0], bm[1], nbm[0], &row->block_lo_pct, &row->block_hi_pct);
    row->pair_rho = row->pair_p = row->pair_change_pct = row->pair_drift_pct = NAN;
    row->pair_lo_pct = row->pair_hi_pct = NAN;
    if (!d->o.no_pairing && d->ncap[0] == 1 && d->ncap[1] == 1 && src->n[0] == 1 &&
        src->n[1] == 1 && d->cap[0][0].m.devices == 1 && d->cap[1][0].m.devices == 1) {
        /* one launch shape per side (the same one, or a changed one) */
        int only[2] = {-1, -1}, several = 0;
        for (int t = 0; t < n; t++)
            for (int s = 0; s < 2; s++)
                if (rs[t].n[s]) {
                    several |= only[s] >= 0;
                    only[s] = t;
                }
        if (!several && only[0] >= 0 && only[1] >= 0) {
            int64_t k = rs[only[0]].n[0];
            if (k == rs[only[1]].n[1] && k >= DIFF_PAIRED_MIN_N && k <= DIFF_PAIRED_MAX_N)
                nsq_diff_pair_by_position(d, row, rs[only[0]].v[0], rs[only[1]].v[1],
                                          k); /* still in launch order */
        } else if (several) {
            /* several launch shapes (a level-by-level solve, a generic kernel
             * run on many sizes), each launched as often on both sides: the
             * k-th launch of a shape against the k-th of the same shape */
            int64_t k = 0;
            int same = 1;
            for (int t = 0; t < n && same; t++) {
                same = rs[t].n[0] == rs[t].n[1];
                k += rs[t].n[0];
            }
            if (same && k >= DIFF_PAIRED_MIN_N && k <= DIFF_PAIRED_MAX_N) {
                int64_t *a = xmalloc(sizeof *a * 2 * (size_t)k), *b = a + k, o = 0;
                for (int t = 0; t < n; t++) {
                    memcpy(a + o, rs[t].v[0], sizeof *a * (size_t)rs[t].n[0]);
                    memcpy(b + o, rs[t].v[1], sizeof *b * (size_t)rs[t].n[1]);
                    o += rs[t].n[0];
                }
                nsq_diff_pair_by_position(d, row, a, b, k);
                free(a);
            }
        }
    }
    int64_t big = 1;
    for (int t = 0; t < n; t++)
        for (int s = 0; s < 2; s++)
            if (rs[t].n[s] > big)
                big = rs[t].n[s];
    /* the sort buffer, allocated when a sort needs it */
    int64_t *tmp = NULL;
    size_t tmp_n = (size_t)(row->s[0].instances > row->s[1].instances ? row->s[0].instances + 1
                                                                      : row->s[1].instances + 1);
    for (int t = 0; t < n; t++)
        for (int s = 0; s < 2; s++) {
            if (!rs[t].sorted[s] && rs[t].n[s] > 1) {
                if (!tmp)
                    tmp = xmalloc(sizeof(int64_t) * tmp_n);
                nsq_sort_durations(rs[t].v[s], rs[t].n[s], tmp);
            }
            for (int64_t i = 0; i < rs[t].n[s]; i++)
                rs[t].sum[s] += rs[t].v[s][i];
        }
    for (int s = 0; s < 2; s++) {
        int dom = -1;
        for (int t = 0; t < n; t++)
            if (rs[t].n[s] && (dom < 0 || rs[t].n[s] > rs[dom].n[s]))
                dom = t;
        if (dom >= 0)
            nsq_diff_levels(rs[dom].v[s], rs[dom].n[s], &row->levels[s], &row->level_gap_pct[s],
                            &row->p10_ns[s]);
    }
    for (int s = 0; s < 2; s++) {
        int with = 0, last = -1;
        for (int t = 0; t < n; t++)
            if (rs[t].n[s])
                with++, last = t;
        if (with == 1) {
            name_v[s] = rs[last].v[s];
        } else if (with > 1) {
            int64_t at = 0;
            name_v[s] = xmalloc(sizeof(int64_t) * (size_t)(row->s[s].instances + 1));
            for (int t = 0; t < n; t++) {
                if (!rs[t].n[s])
                    continue; /* a shape run on the other side only: no array */
                memcpy(name_v[s] + at, rs[t].v[s], sizeof(int64_t) * (size_t)rs[t].n[s]);
                at += rs[t].n[s];
            }
            if (!tmp)
                tmp = xmalloc(sizeof(int64_t) * tmp_n);
            nsq_sort_durations(name_v[s], at, tmp);
            own[s] = 1;
        }
    }
    (void)big;
    free(tmp);
    *nrs = n;
    return rs;
}

/* The launch shape whose side s arrays are v[n] with its statistics
 * computed, or NULL. */
static const rshape *shape_of(const rshape *rs, int nrs, int s, const int64_t *v, int64_t n)
{
    for (int t = 0; t < nrs; t++)
        if (rs[t].v[s] == v && rs[t].n[s] == n && rs[t].has_st[s])
            return &rs[t];
    return NULL;
}

/* Order statistics of a pooled side (stats.h; v sorted, not reordered);
 * those of shape_stats when v is a launch shape's array. */
static void side_stats(nsq_diff_sidestat *st, const int64_t *v, const rshape *rs, int nrs, int s)
{
    nsq_stats ss;
    if (!st->present || !st->instances)
        return;
    const rshape *x = shape_of(rs, nrs, s, v, st->instances);
    if (x)
        ss = x->st[s];
    else
        nsq_diff_sorted_stats(&ss, v, st->instances);
    st->mean_ns = ss.mean;
    st->median_ns = ss.median;
    st->p90_ns = ss.p90;
    st->min_ns = ss.min;
    st->max_ns = ss.max;
    st->stddev_ns = ss.stddev;
}

double nsq_diff_rel_pct(double base, double patch)
{
    if (isnan(base) || isnan(patch))
        return NAN;
    if (base == 0)
        return patch == 0 ? 0.0 : NAN;
    return 100.0 * (patch - base) / base;
}

/* An interval of a ratio from its log and the standard error of the log;
 * NAN bounds (and why in reason) when it spans more than a factor of 100,
 * which no reader can act on. */
int nsq_diff_ratio_interval(double ratio, double se, double crit, double *lo, double *hi,
                            char *reason, size_t rsz)
{
    *lo = *hi = NAN;
    if (!(ratio > 0) || isnan(se) || se < 0) {
        snprintf(reason, rsz, "no interval: a median is 0 or the spread is unknown");
        return 0;
    }
    if (2 * crit * se > log(100.0)) {
        snprintf(reason, rsz,
                 "no interval: the durations spread too widely to estimate one (multi-modal, "
                 "or too few instances)");
        return 0;
    }
    double l = log(ratio);
    *lo = 100.0 * (exp(l - crit * se) - 1);
    *hi = 100.0 * (exp(l + crit * se) - 1);
    return 1;
}

/* Per-shape statistics, the mix-adjusted change over the shapes run on both
 * sides, and the stratified (van Elteren) rank test over them. */
static void shape_stats(nsq_diff *d, nsq_diff_row *r, rshape *rs, int n, double *ve_p, double *ve_z,
                        double *ve_pmin, double *mix_se)
{
    double num = 0, den = 0, vnum = 0, vden = 0, zs = 0, zv = 0, zmax = 0;
    int var_ok = 1;
    r->shapes = xcalloc((size_t)(n ? n : 1), sizeof *r->shapes);
    r->nshapes = n;
    for (int t = 0; t < n; t++) {
        nsq_diff_shape *sh = &r->shapes[t];
        rshape *x = &rs[t];
        sh->key = x->key;
        sh->change_pct = sh->ci_lo_pct = sh->ci_hi_pct = sh->p = NAN;
        double var[2] = {-1, -1};
        for (int s = 0; s < 2; s++) {
            if (!x->n[s])
                continue;
            nsq_stats st;
            nsq_diff_sorted_stats(&st, x->v[s], x->n[s]);
            x->st[s] = st;
            x->has_st[s] = 1;
            sh->instances[s] = x->n[s];
            sh->total_ns[s] = llround((double)x->sum[s] / d->ncap[s]);
            sh->median_ns[s] = st.median;
            sh->mean_ns[s] = st.mean;
            var[s] = nsq_median_variance(x->v[s], x->n[s]);
        }
        if (!x->n[0] || !x->n[1])
            continue;
        r->shapes_common++;
        double u, uv, zz;
        nsq_diff_mw_parts(x->v[0], x->n[0], x->v[1], x->n[1], &u, &uv);
        sh->p = nsq_diff_mw_p(x->n[0], x->n[1], u, uv, &zz);
        x->mw_u = u;
        x->mw_var = uv;
        x->has_mw = 1;
        sh->change_pct = nsq_diff_rel_pct((double)sh->median_ns[0], (double)sh->median_ns[1]);
        if (sh->median_ns[0] > 0 && sh->median_ns[1] > 0 && var[0] >= 0 && var[1] >= 0) {
            double ma = (double)sh->median_ns[0], mb = (double)sh->median_ns[1];
            char why[160];
            nsq_diff_ratio_interval(mb / ma, sqrt(var[0] / (ma * ma) + var[1] / (mb * mb)),
                                    d->z_crit, &sh->ci_lo_pct, &sh->ci_hi_pct, why, sizeof why);
        }
        /* mix at the baseline's instance counts */
        double w = (double)x->n[0];
        num += w * (double)sh->median_ns[1];
        den += w * (double)sh->median_ns[0];
        if (var[0] >= 0 && var[1] >= 0) {
            vnum += w * w * var[1];
            vden += w * w * var[0];
        } else {
            var_ok = 0;
        }
        /* van Elteren: each stratum's U weighted by 1 / (n + m + 1) */
        double wk = 1.0 / ((double)(x->n[0] + x->n[1]) + 1);
        double e = (double)x->n[0] * (double)x->n[1] / 2;
        zs += wk * (u - e);
        zv += wk * wk * uv;
        zmax += wk * e;
    }
    r->mix_pct = NAN;
    *mix_se = NAN;
    *ve_p = *ve_z = *ve_pmin = NAN;
    if (!r->shapes_common)
        return;
    if (den > 0 && num > 0) {
        r->mix_pct = 100.0 * (num / den - 1);
        if (var_ok)
            *mix_se = sqrt(vnum / (num * num) + vden / (den * den));
    } else if (den == 0 && num == 0) {
        r->mix_pct = 0;
    }
    if (zv > 0) {
        double dev = zs;
        *ve_z = dev / sqrt(zv);
        *ve_p = erfc(fabs(*ve_z) / sqrt(2.0));
        *ve_pmin = erfc(zmax / sqrt(zv) / sqrt(2.0));
    } else {
        *ve_p = 1;
        *ve_z = 0;
        *ve_pmin = 1;
    }
}

/* Count, mix and speed parts of the change of a kernel's per-capture total:
 *   count = (patch count - baseline count) x baseline mean
 *   mix   = patch count x (baseline means at the patch's shape mix - baseline mean)
 *   speed = patch count x (patch mean - baseline means at the patch's shape mix)
 * (counts per capture, means per instance; a shape the baseline does not run
 * is priced at the baseline's mean over all shapes), so the three add up to
 * the change of the total. */
static void decompose(nsq_diff *d, nsq_diff_row *r)
{
    const nsq_diff_sidestat *A = &r->s[0], *B = &r->s[1];
    r->count_base = (double)A->instances / d->ncap[0];
    r->count_patch = (double)B->instances / d->ncap[1];
    r->dec_count_ns = r->dec_mix_ns = r->dec_speed_ns = NAN;
    if (!A->present || !B->present || !A->instances || !B->instances)
        return;
    double sa = 0, sb = 0;
    for (int c = 0; c < d->ncap[0]; c++)
        sa += (double)A->total_per_capture[c];
    for (int c = 0; c < d->ncap[1]; c++)
        sb += (double)B->total_per_capture[c];
    double mu_a = sa / (double)A->instances, mu_b = sb / (double)B->instances;
    double mix = 0;
    for (int t = 0; t < r->nshapes; t++) {
        const nsq_diff_shape *sh = &r->shapes[t];
        if (!sh->instances[1])
            continue;
        double ref = sh->instances[0]
                         ? (double)sh->total_ns[0] * d->ncap[0] / (double)sh->instances[0]
                         : mu_a;
        mix += (double)sh->instances[1] / (double)B->instances * ref;
    }
    if (!r->nshapes)
        mix = mu_a;
    r->dec_count_ns = (r->count_patch - r->count_base) * mu_a;
    r->dec_mix_ns = r->count_patch * (mix - mu_a);
    r->dec_speed_ns = r->count_patch * (mu_b - mix);
}

/* Statistics of one row from both sides' sorted durations (a, b may be
 * NULL for an absent side); ci gets why there is no interval
 * (NSQ_DIFF_CI_REASON_CAP bytes). */
static void row_stats(nsq_diff *d, nsq_diff_row *r, const int64_t *a, const int64_t *b,
                      const rshape *rs, int nrs, char *ci)
{
    nsq_diff_sidestat *A = &r->s[0], *B = &r->s[1];
    double va = -1, vb = -1;
    r->p = r->p_adj = r->p_min = NAN;
    r->ratio = r->ci_lo_pct = r->ci_hi_pct = NAN;
    r->noise_floor_pct = NAN;
    r->d_mean_ns = r->d_median_ns = NAN;
    r->instances_pct = r->total_pct = r->mean_pct = r->median_pct = NAN;
    if (A->present && B->present) {
        /* rank test and median variances need the sorted arrays */
        r->tested = 1;
        r->identical =
            A->instances == B->instances && memcmp(a, b, sizeof *a * (size_t)A->instances) == 0;
        /* a row of one common launch shape: that shape's test */
        const rshape *x = shape_of(rs, nrs, 0, a, A->instances);
        if (x && x == shape_of(rs, nrs, 1, b, B->instances) && x->has_mw) {
            r->u = x->mw_u;
            r->p = nsq_diff_mw_p(A->instances, B->instances, r->u, x->mw_var, &r->z);
        } else {
            r->p = nsq_mann_whitney(a, A->instances, b, B->instances, &r->u, &r->z);
        }
        /* nsq_mann_whitney's z is positive when the baseline is larger;
         * report it with the sign of the change (patch larger = positive) */
        r->z = -r->z;
        r->p_min = nsq_diff_mw_min_p(A->instances, B->instances);
        va = nsq_median_variance(a, A->instances);
        vb = nsq_median_variance(b, B->instances);
    }
    side_stats(A, a, rs, nrs, 0);
    side_stats(B, b, rs, nrs, 1);
    double ia = A->present ? (double)A->instances / d->ncap[0] : 0;
    double ib = B->present ? (double)B->instances / d->ncap[1] : 0;
    r->d_instances = ib - ia;
    r->d_total_ns = B->total_ns - A->total_ns;
    if (!A->present || !B->present)
        return;
    r->instances_pct = nsq_diff_rel_pct(ia, ib);
    r->total_pct = nsq_diff_rel_pct((double)A->total_ns, (double)B->total_ns);
    r->d_mean_ns = (double)(B->mean_ns - A->mean_ns);
    r->mean_pct = nsq_diff_rel_pct((double)A->mean_ns, (double)B->mean_ns);
    r->d_median_ns = (double)(B->median_ns - A->median_ns);
    r->median_pct = nsq_diff_rel_pct((double)A->median_ns, (double)B->median_ns);
    snprintf(ci, NSQ_DIFF_CI_REASON_CAP, "no interval: needs 2+ instances per side");
    if (A->median_ns > 0 && B->median_ns > 0) {
        double ma = (double)A->median_ns, mb = (double)B->median_ns;
        r->ratio = mb / ma;
        if (va >= 0 && vb >= 0)
            r->ci_valid =
                nsq_diff_ratio_interval(r->ratio, sqrt(va / (ma * ma) + vb / (mb * mb)), d->z_crit,
                                        &r->ci_lo_pct, &r->ci_hi_pct, ci, NSQ_DIFF_CI_REASON_CAP);
    } else if (A->max_ns == 0 && B->max_ns == 0 && A->instances >= 2 && B->instances >= 2) {
        /* every instance on both sides lasted 0 ns */
        r->ratio = 1;
        r->ci_lo_pct = r->ci_hi_pct = 0;
        r->ci_valid = 1;
    } else {
        snprintf(ci, NSQ_DIFF_CI_REASON_CAP, "no interval: a median is 0 ns");
    }
    if (r->ci_valid)
        ci[0] = 0;
    if (!isnan(A->spread_pct) || !isnan(B->spread_pct))
        r->noise_floor_pct = fmax(isnan(A->spread_pct) ? 0 : A->spread_pct,
                                  isnan(B->spread_pct) ? 0 : B->spread_pct);
}

/* Picks the test the verdict rests on and fills change, interval and p:
 * - identical durations: nothing to test;
 * - several launch shapes with some run on both sides: van Elteren over
 *   the common shapes, change = the mix-adjusted median change;
 * - otherwise the pooled Mann-Whitney test and the median change;
 * - when the rank test cannot reach alpha at this sample size (complete
 *   separation would still give p >= alpha): Welch's t on log durations
 *   (2+ per side), or one instance against 2+ on the other side (t on logs
 *   with that side's spread), or, one instance per side, no test at all. */
static void row_method(nsq_diff *d, nsq_diff_row *r, const int64_t *a, const int64_t *b,
                       double ve_p, double ve_z, double ve_pmin, double mix_se, char *ci)
{
    const nsq_diff_sidestat *A = &r->s[0], *B = &r->s[1];
    int64_t n = A->instances, m = B->instances;
    r->change_pct = r->change_lo_pct = r->change_hi_pct = NAN;
    if (!r->tested) {
        r->method = NSQ_MT_NONE;
        return;
    }
    if (r->identical) {
        r->method = NSQ_MT_IDENTICAL;
        r->change_pct = 0;
        r->change_lo_pct = r->change_hi_pct = 0;
        return;
    }
    int multi = r->nshapes > 1 && r->shapes_common >= 1 && !d->o.no_shapes && !r->paired;
    if (multi && !isnan(r->mix_pct)) {
        r->method = NSQ_MT_VAN_ELTEREN;
        r->p = ve_p;
        r->z = -ve_z;
        r->p_min = ve_pmin;
        r->change_pct = r->mix_pct;
        ci[0] = 0;
        if (!nsq_diff_ratio_interval(1 + r->mix_pct / 100, mix_se, d->z_crit, &r->change_lo_pct,
                                     &r->change_hi_pct, ci, NSQ_DIFF_CI_REASON_CAP) &&
            isnan(mix_se))
            snprintf(ci, NSQ_DIFF_CI_REASON_CAP,
                     "no interval: a common launch shape has fewer than 2 instances on a side");
    } else if (r->paired) {
        r->method = NSQ_MT_PAIRED;
        int64_t untied = r->pair_faster + r->pair_slower;
        r->p = r->pair_p;
        r->z = untied ? (double)(r->pair_slower - r->pair_faster) / sqrt((double)untied) : 0;
        r->p_min = untied ? fmin(1, 2 * pow(0.5, (double)untied)) : 1;
        r->change_pct = r->pair_change_pct;
        r->change_lo_pct = r->pair_lo_pct;
        r->change_hi_pct = r->pair_hi_pct;
        if (isnan(r->change_lo_pct))
            snprintf(ci, NSQ_DIFF_CI_REASON_CAP,
                     "no interval: too few positions for an order-statistic interval");
        else
            ci[0] = 0;
        return;
    } else {
        r->method = NSQ_MT_MANN_WHITNEY;
        r->change_pct = r->median_pct;
        if (r->ci_valid) {
            r->change_lo_pct = r->ci_lo_pct;
            r->change_hi_pct = r->ci_hi_pct;
        }
    }
    if (!(r->p_min >= d->o.alpha))
        return;
    /* the rank test cannot speak at this sample size */
    double ma, vA, mb, vB;
    nsq_diff_log_moments(a, n, &ma, &vA);
    nsq_diff_log_moments(b, m, &mb, &vB);
    double floor2 = LOG_SD_FLOOR * LOG_SD_FLOOR;
    double diff = mb - ma, se, df;
    if (n >= 2 && m >= 2) {
        vA = fmax(vA, floor2);
        vB = fmax(vB, floor2);
        if (n < SMALL_SIDE || m < SMALL_SIDE) {
            /* a side of a few values says little about its own spread: the
             * variances pooled (Student's t). Welch's took two values that
             * happened to lie close for a precise mean: +50 % of 2 against 17
             * instances drawn from one law read p 5e-8 (one of 10,000 names) */
            double v = ((double)(n - 1) * vA + (double)(m - 1) * vB) / (double)(n + m - 2);
            se = sqrt(v * (1.0 / (double)n + 1.0 / (double)m));
            df = (double)(n + m - 2);
        } else {
            double qa = vA / (double)n, qb = vB / (double)m;
            se = sqrt(qa + qb);
            df = (qa + qb) * (qa + qb) / (qa * qa / (double)(n - 1) + qb * qb / (double)(m - 1));
        }
        r->method = NSQ_MT_WELCH_LOG;
    } else if (n + m >= 3) {
        /* one instance against a sample: the sample's spread stands for both */
        double v = fmax(n >= 2 ? vA : vB, floor2);
        int64_t k = n >= 2 ? n : m;
        se = sqrt(v * (1 + 1.0 / (double)k));
        df = (double)(k - 1);
        r->method = NSQ_MT_SINGLE_VS_SAMPLE;
    } else {
        r->method = NSQ_MT_SINGLE;
        r->change_pct = r->median_pct;
        r->change_lo_pct = r->change_hi_pct = NAN;
        snprintf(ci, NSQ_DIFF_CI_REASON_CAP,
                 "no interval: one instance per side and one capture per side");
        return;
    }
    double t = diff / se;
    r->z = t;
    r->p = nsq_t_two_sided_p(t, df);
    r->p_min = 0;
    r->change_pct = 100 * (exp(diff) - 1);
    double q = nsq_t_quantile(1 - d->o.alpha / 2, df);
    ci[0] = 0;
    nsq_diff_ratio_interval(exp(diff), se, q, &r->change_lo_pct, &r->change_hi_pct, ci,
                            NSQ_DIFF_CI_REASON_CAP);
}

static int cmp_shape(const void *pa, const void *pb)
{
    const nsq_diff_shape *a = pa, *b = pb;
    int64_t ta = a->total_ns[0], tb = b->total_ns[0];
    if (ta != tb)
        return ta < tb ? 1 : -1;
    if (a->total_ns[1] != b->total_ns[1])
        return a->total_ns[1] < b->total_ns[1] ? 1 : -1;
    return memcmp(&a->key, &b->key, sizeof a->key);
}

/* Fills one row from its members: names, key, statistics. */
static void build_row(nsq_diff *d, side sd[2], rowsrc *src, int match, nsq_diff_row *r)
{
    int64_t *v[2];
    int own[2], nrs = 0;
    memset(r, 0, sizeof *r);
    r->match = match;
    r->verdict_vs_shift = -1;
    r->vs_shift_pct = NAN;
    r->floor_pct = r->stake_ns = NAN;
    r->floor_source = "none";
    r->reason = r->ci_reason = "";
    r->pair.evidence = r->pair.confidence = r->pair.why = "";
    char ci[NSQ_DIFF_CI_REASON_CAP] = "";
    for (int s = 0; s < 2; s++) {
        for (int k = 0; k < src->n[s]; k++) {
            sentry *e = &sd[s].e[src->idx[s][k]];
            /* an entry belongs to one row: its strings change hands */
            for (int i = 0; i < e->nmembers; i++) {
                NSQ_GROW(r->names[s], r->nnames[s] + 1, r->capnames[s]);
                r->names[s][r->nnames[s]++] = e->members[i];
                e->members[i] = NULL;
            }
            e->nmembers = 0;
            free(e->members);
            e->members = NULL;
            e->capmembers = 0;
            r->fired[s] |= e->fired | e->key_fired;
            if (!r->key && e->key) {
                r->key = e->key;
                e->key = NULL;
            }
            if (src->n[s] == 1 && r->nnames[s] == 1)
                for (int q = 0; q < 2; q++)
                    if (e->seq[q]) {
                        r->seq[s][q] = e->seq[q];
                        e->seq[q] = NULL;
                        r->seq_agree[s][q] = e->agree[q];
                    }
        }
        if (r->nnames[s] > 1)
            qsort(r->names[s], (size_t)r->nnames[s], sizeof(char *), cmp_str);
    }
    rshape *rs = pool_row(d, sd, src, r, &nrs, v, own);
    /* the first entry's key went to r->key above (every entry has one) */
    sentry *first = src->n[0] ? &sd[0].e[src->idx[0][0]] : &sd[1].e[src->idx[1][0]];
    if (match == NSQ_M_NORMALIZED && r->key) {
        r->name = r->key; /* the store's texts can be shared */
    } else {
        r->name = first->name; /* the side's name map is not read after matching */
        first->name = NULL;
    }
    double ve_p, ve_z, ve_pmin, mix_se;
    shape_stats(d, r, rs, nrs, &ve_p, &ve_z, &ve_pmin, &mix_se);
    row_stats(d, r, v[0], v[1], rs, nrs, ci);
    r->shape_changed = r->s[0].present && r->s[1].present && !r->shapes_common && !d->o.no_shapes;
    row_method(d, r, v[0], v[1], ve_p, ve_z, ve_pmin, mix_se, ci);
    r->ci_reason = nsq_diff_text(d, ci, sizeof ci);
    qsort(r->shapes, (size_t)r->nshapes, sizeof *r->shapes, cmp_shape);
    decompose(d, r);
    for (int s = 0; s < 2; s++)
        if (own[s])
            free(v[s]);
    for (int t = 0; t < nrs; t++) {
        free(rs[t].v[0]);
        free(rs[t].v[1]);
    }
    free(rs);
}

/* 1 when both sides of a row hold the same (sorted) names. */
static int same_names(const nsq_diff_row *r)
{
    if (r->nnames[0] != r->nnames[1])
        return 0;
    for (int i = 0; i < r->nnames[0]; i++)
        if (strcmp(r->names[0][i], r->names[1][i]))
            return 0;
    return 1;
}

/* The order of the rows: by |d_total_ns| descending, then by the larger
 * side's total descending, then by name. A row's sort key is kept apart
 * from the row (850 bytes): the sort reads 32. */
typedef struct rowkey {
    int64_t d, t; /* |d_total_ns|, the larger side total */
    const char *name;
    int64_t i; /* the row; ties keep their order */
} rowkey;

static int cmp_rowkeys(const void *pa, const void *pb)
{
    const rowkey *a = pa, *b = pb;
    if (a->d != b->d)
        return a->d < b->d ? 1 : -1;
    if (a->t != b->t)
        return a->t < b->t ? 1 : -1;
    int c = strcmp(a->name, b->name);
    return c ? c : (a->i > b->i) - (a->i < b->i);
}

/* Sorts d->rows by their keys, ties in their order: the keys are sorted and
 * the rows moved once, along the permutation's cycles (a row is 850 bytes:
 * a sort of the rows themselves moves each many times, and glibc's merge
 * sort takes a copy of the whole array). */
static void sort_rows(nsq_diff *d)
{
    int n = d->nrows;
    if (n < 2)
        return;
    rowkey *k = xmalloc(sizeof(*k) * (size_t)n);
    for (int i = 0; i < n; i++) {
        const nsq_diff_row *r = &d->rows[i];
        k[i].d = llabs(r->d_total_ns);
        k[i].t = r->s[0].total_ns > r->s[1].total_ns ? r->s[0].total_ns : r->s[1].total_ns;
        k[i].name = r->name;
        k[i].i = i;
    }
    qsort(k, (size_t)n, sizeof *k, cmp_rowkeys);
    int *from = xmalloc(sizeof(*from) * (size_t)n); /* row i takes the row now at from[i] */
    for (int i = 0; i < n; i++)
        from[i] = (int)k[i].i;
    free(k);
    for (int i = 0; i < n; i++) {
        if (from[i] < 0 || from[i] == i)
            continue;
        nsq_diff_row tmp = d->rows[i];
        int j = i;
        while (from[j] != i) {
            int src = from[j];
            d->rows[j] = d->rows[src];
            from[j] = -1;
            j = src;
        }
        d->rows[j] = tmp;
        from[j] = -1;
    }
    free(from);
}

typedef struct pref {
    double p;
    int i;
} pref;

static int cmp_pref(const void *a, const void *b)
{
    const pref *x = a, *y = b;
    if (x->p != y->p)
        return x->p < y->p ? -1 : 1;
    return x->i - y->i;
}

/* Benjamini-Hochberg step-up adjustment over the tested rows. */
static void adjust_p(nsq_diff *d)
{
    pref *v = xmalloc(sizeof(*v) * (size_t)(d->nrows ? d->nrows : 1));
    int n = 0;
    for (int i = 0; i < d->nrows; i++)
        if (d->rows[i].tested)
            v[n++] = (pref){d->rows[i].p, i};
    d->ntests = n;
    qsort(v, (size_t)n, sizeof *v, cmp_pref);
    double run = 1.0;
    for (int k = n - 1; k >= 0; k--) {
        double q = v[k].p * n / (k + 1);
        if (q < run)
            run = q;
        d->rows[v[k].i].p_adj = run;
    }
    free(v);
}

/* The rows to build, in the order built (match_rows). */
typedef struct buildjob {
    nsq_diff *d;
    side *sd;
    rowsrc *srcs;
    const int *match;
    const pref *order;
} buildjob;

static void build_task(void *ctx, int k)
{
    buildjob *b = ctx;
    int i = b->order[k].i;
    build_row(b->d, b->sd, &b->srcs[i], b->match[i], &b->d->rows[i]);
}

/* Rows built on several threads from this many small rows. */
#define BUILD_PARALLEL_ROWS 64

/* Exact matches, then normalised families, then added/removed rows. */
static int match_rows(nsq_diff *d, side sd[2], nsq_err *err)
{
    int normalized = !strcmp(d->o.by, "normalized");
    rowsrc *srcs = NULL;
    int *match = NULL, nsrc = 0, capsrcs = 0, capmatch = 0, ret = -1;
    /* keys for every entry (shown in the output, used for the second stage) */
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < sd[s].n; i++) {
            sentry *e = &sd[s].e[i];
            int j = s && !normalized ? nsq_diff_smap_get(&sd[0].map, e->name) : -1;
            if (normalized) {
                e->key = e->name;
            } else if (j >= 0) {
                /* the same name on the baseline side: the same key */
                e->key = sd[0].e[j].key;
                e->key_fired = sd[0].e[j].key_fired;
            } else {
                char *k = nsq_match_normalize(d->o.rules, e->name, &e->key_fired, err);
                if (!k)
                    goto done;
                e->key = nsq_diff_name(d, k);
                free(k);
            }
        }
    /* stage 1: the same name (with --by normalized: the same normalised name) */
    for (int i = 0; i < sd[0].n; i++) {
        int j = nsq_diff_smap_get(&sd[1].map, sd[0].e[i].name);
        if (j < 0)
            continue;
        NSQ_GROW(srcs, nsrc + 1, capsrcs);
        NSQ_GROW(match, nsrc + 1, capmatch);
        memset(&srcs[nsrc], 0, sizeof *srcs);
        rowsrc_add(&srcs[nsrc], 0, i);
        rowsrc_add(&srcs[nsrc], 1, j);
        match[nsrc++] = normalized ? NSQ_M_NORMALIZED : NSQ_M_EXACT;
        sd[0].e[i].used = sd[1].e[j].used = 1;
    }
    /* stage 2: families of normalised names among the rest */
    if (!normalized) {
        smap fam = {0};
        int *famrow = NULL, nfam = 0, capfam = 0;
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < sd[s].n; i++) {
                sentry *e = &sd[s].e[i];
                if (e->used)
                    continue;
                int f = nsq_diff_smap_get(&fam, e->key);
                if (f < 0) {
                    NSQ_GROW(famrow, nfam + 1, capfam);
                    NSQ_GROW(srcs, nsrc + 1, capsrcs);
                    NSQ_GROW(match, nsrc + 1, capmatch);
                    memset(&srcs[nsrc], 0, sizeof *srcs);
                    match[nsrc] = NSQ_M_NORMALIZED;
                    famrow[nfam] = nsrc++;
                    nsq_diff_smap_put(&fam, e->key, nfam++);
                    f = nfam - 1;
                }
                rowsrc_add(&srcs[famrow[f]], s, i);
            }
        nsq_diff_smap_free(&fam);
        /* a family seen on one side only is not a match: one row per name */
        int end = nsrc;
        for (int r = 0; r < end; r++) {
            if (match[r] != NSQ_M_NORMALIZED || (srcs[r].n[0] && srcs[r].n[1]))
                continue;
            int s = srcs[r].n[0] ? 0 : 1;
            for (int k = 1; k < srcs[r].n[s]; k++) {
                NSQ_GROW(srcs, nsrc + 1, capsrcs);
                NSQ_GROW(match, nsrc + 1, capmatch);
                memset(&srcs[nsrc], 0, sizeof *srcs);
                rowsrc_add(&srcs[nsrc], s, srcs[r].idx[s][k]);
                match[nsrc++] = NSQ_M_NONE;
            }
            srcs[r].n[s] = 1;
            match[r] = NSQ_M_NONE;
        }
        free(famrow);
    } else {
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < sd[s].n; i++) {
                if (sd[s].e[i].used)
                    continue;
                NSQ_GROW(srcs, nsrc + 1, capsrcs);
                NSQ_GROW(match, nsrc + 1, capmatch);
                memset(&srcs[nsrc], 0, sizeof *srcs);
                rowsrc_add(&srcs[nsrc], s, i);
                match[nsrc++] = NSQ_M_NONE;
            }
    }
    d->rows = xcalloc((size_t)(nsrc ? nsrc : 1), sizeof *d->rows);
    /* Rows are built (their durations pooled as 64-bit values, then freed)
     * smallest first, into their places: when the biggest is pooled, the
     * others' durations are gone. */
    pref *order = xmalloc(sizeof(*order) * (size_t)(nsrc ? nsrc : 1)); /* (instances, row) */
    for (int r = 0; r < nsrc; r++) {
        int64_t n = 0;
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < srcs[r].n[s]; k++)
                for (int c = 0; c < d->ncap[s]; c++)
                    n += sd[s].e[srcs[r].idx[s][k]].count[c];
        order[r] = (pref){(double)n, r};
    }
    if (nsrc > 1)
        qsort(order, (size_t)nsrc, sizeof *order, cmp_pref);
    /* A row is built from its own entries into its own place (the texts'
     * store takes turns), so the rows below POOL_PARALLEL_N instances are
     * built on one thread per CPU (10,000 names: most of diff's time after
     * the reads was this loop on one CPU), smallest first still; the big
     * ones after them one at a time, each pooling its two sides at once, so
     * that no two big rows hold their durations together. */
    int nsmall = 0;
    while (nsmall < nsrc && order[nsmall].p < (double)POOL_PARALLEL_N)
        nsmall++;
    buildjob bj = {d, sd, srcs, match, order};
    if (nsmall >= BUILD_PARALLEL_ROWS)
        nsq_diff_parallel_for(nsmall, build_task, &bj);
    else
        for (int k = 0; k < nsmall; k++)
            build_task(&bj, k);
    for (int k = nsmall; k < nsrc; k++)
        build_task(&bj, k);
    free(order);
    for (int r = 0; r < nsrc; r++) {
        nsq_diff_row *row = &d->rows[d->nrows++];
        /* with --by normalized, identical member names make it an exact match */
        if (normalized && row->match == NSQ_M_NORMALIZED && same_names(row))
            row->match = NSQ_M_EXACT;
        if (row->match == NSQ_M_EXACT)
            d->matched_exact++;
        else if (row->match == NSQ_M_NORMALIZED)
            d->matched_normalized++;
    }
    ret = 0;
done:
    for (int r = 0; r < nsrc; r++) {
        free(srcs[r].idx[0]);
        free(srcs[r].idx[1]);
    }
    free(srcs);
    free(match);
    return ret;
}

/* ---- run ------------------------------------------------------------------------- */

static void nsq_diff_excluded_free(nsq_diff *d)
{
    for (int i = 0; i < d->nexcluded; i++)
        free(d->excluded[i].name);
    free(d->excluded);
    d->excluded = NULL;
    d->nexcluded = 0;
}

/* The default window falls back to the whole captures: code and reason in
 * d (window_choice), and the same words as a warning. */
static void choose_all(nsq_diff *d, const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    snprintf(d->window_choice, sizeof d->window_choice, "all");
    snprintf(d->window_choice_code, sizeof d->window_choice_code, "%s", code);
    vsnprintf(d->window_choice_reason, sizeof d->window_choice_reason, fmt, ap);
    va_end(ap);
    nsq_diff_warn(d, d->window_choice_code, "%s", d->window_choice_reason);
}

/* 1 when a kernel runs in one side's steady windows and, on the other side,
 * only outside them (and says so in d): the windows hold different phases of
 * the run (one took in warm-up iterations the other left out), and the kernel
 * would read as added or removed while both runs launch it. */
static int steady_splits(nsq_diff *d, const side sd[2])
{
    for (int i = 0; i < d->nexcluded; i++) {
        const nsq_diff_excluded *x = &d->excluded[i];
        int s = x->side;
        if (nsq_diff_smap_get(&sd[s].map, x->name) >= 0 ||
            nsq_diff_smap_get(&sd[1 - s].map, x->name) < 0)
            continue;
        choose_all(d, "steady_window_splits_kernels",
                   "%.100s runs in the %s's steady windows but only outside them in the %s "
                   "(%lld instance(s)): the windows hold different phases of the run, so the "
                   "whole captures are compared",
                   x->name, s ? "baseline" : "patch", s ? "patch" : "baseline",
                   (long long)x->instances);
        return 1;
    }
    return 0;
}

/* 1 when a capture's steady window holds too little of its kernel time, or
 * leaves out kernels that carry too much of it (and says so in d). */
static int steady_hides(nsq_diff *d)
{
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            const nsq_diff_capture *c = &d->cap[s][i];
            if (c->capture_kernel_ns <= 0)
                continue;
            double cov =
                c->capture_launches > 0 ? (double)c->m.launches / (double)c->capture_launches : 1.0;
            double exc = (double)c->excluded_ns / (double)c->capture_kernel_ns;
            if (cov >= DIFF_STEADY_MIN_COVERAGE && exc <= DIFF_STEADY_MAX_EXCLUDED)
                continue;
            if (exc > DIFF_STEADY_MAX_EXCLUDED)
                choose_all(d, "steady_window_hides_kernels",
                           "the steady window of %.150s leaves out %lld kernel name(s) that carry "
                           "%.1f%% of its kernel time (more than %.0f%%): the whole captures are "
                           "compared",
                           c->path, (long long)c->excluded_names, 100 * exc,
                           100 * DIFF_STEADY_MAX_EXCLUDED);
            else
                choose_all(d, "steady_window_small",
                           "the steady window of %.150s holds %.1f%% of its kernel instances "
                           "(less than %.0f%%): the whole captures are compared",
                           c->path, 100 * cov, 100 * DIFF_STEADY_MIN_COVERAGE);
            return 1;
        }
    return 0;
}

typedef struct capread {
    nsq_diff *d;
    nsq_export *const *const *xs;
} capread;

static void capread_task(void *ctx, int k)
{
    capread *cr = ctx;
    int s = k >= cr->d->ncap[0], i = s ? k - cr->d->ncap[0] : k;
    nsq_diff_read_command(cr->xs[s][i], &cr->d->cap[s][i]);
    nsq_diff_read_gpus(cr->xs[s][i], &cr->d->cap[s][i]);
    nsq_diff_read_nvtx(cr->xs[s][i], &cr->d->cap[s][i]);
}

int nsq_diff_run(nsq_diff *d, nsq_export *const *xs_base, int nbase, nsq_export *const *xs_patch,
                 int npatch, const nsq_diff_opts *o, nsq_err *err)
{
    side sd[2];
    nsq_export *const *xs[2] = {xs_base, xs_patch};
    int ret = -1;
    memset(d, 0, sizeof *d);
    memset(sd, 0, sizeof sd);
    d->o = *o;
    if (!d->o.by)
        d->o.by = "short";
    d->ncap[0] = nbase;
    d->ncap[1] = npatch;
    d->confidence_level = 1 - o->alpha;
    d->z_crit = nsq_normal_quantile(1 - o->alpha / 2);
    for (int s = 0; s < 2; s++) {
        d->cap[s] = xcalloc((size_t)d->ncap[s], sizeof(nsq_diff_capture));
        for (int i = 0; i < d->ncap[s]; i++) {
            nsq_diff_capture *c = &d->cap[s][i];
            const nsq_probe *p = &xs[s][i]->probe;
            c->path = xstrdup(xs[s][i]->path);
            c->steady_confidence = NAN;
            c->nsys_version = p->product_version ? xstrdup(p->product_version) : NULL;
            c->export_schema = p->schema_version ? xstrdup(p->schema_version) : NULL;
        }
    }
    /* the run's command line and the NVTX names (up to 10^5 rows read
     * through SQLite), each capture on its own connection, at once */
    capread cr = {d, xs};
    nsq_diff_parallel_for(d->ncap[0] + d->ncap[1], capread_task, &cr);
    if (nsq_diff_resolve_windows(d, xs, err))
        goto done;
    /* the per-iteration comparison needs only the steady iterations: made
     * now, and their times freed before the kernels are read (it is made
     * again, as "not compared", if the window changes below) */
    nsq_diff_per_iteration(d);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++)
            nsq_diff_free_iters(&d->cap[s][i]);
    int sr = nsq_diff_scan_all(d, sd, xs, err);
    if (sr == 1) {
        const char *empty = NULL;
        for (int s = 0; s < 2 && !empty; s++)
            for (int i = 0; i < d->ncap[s] && !empty; i++)
                if (!d->cap[s][i].m.launches)
                    empty = d->cap[s][i].path;
        nsq_diff_warn(
            d, "steady_window_without_kernels",
            "the steady-state window of %s holds no kernel; every capture uses the whole capture "
            "instead",
            empty ? empty : "a capture");
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < d->ncap[s]; i++) {
                nsq_diff_capture *c = &d->cap[s][i];
                char *method = c->window.steady_method;
                c->window.steady_method = NULL;
                snprintf(c->window.kind, sizeof c->window.kind, "all");
                snprintf(c->window_reason, sizeof c->window_reason,
                         "a steady state was found (by %s) but the steady window of %s holds no "
                         "kernel: the whole capture is used in every capture",
                         method ? method : "?", empty ? empty : "a capture");
                free(method);
            }
        snprintf(d->window_choice, sizeof d->window_choice, "all");
        snprintf(d->window_choice_code, sizeof d->window_choice_code,
                 "steady_window_without_kernels");
        snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                 "the steady window of %.200s holds no kernel: the whole captures are compared",
                 empty ? empty : "a capture");
        sr = nsq_diff_scan_all(d, sd, xs, err);
    }
    if (sr)
        goto done;
    if (!strcmp(d->window_choice, "steady") && (steady_hides(d) || steady_splits(d, sd))) {
        /* the steady windows leave out too much, or not the same kernels:
         * compare the whole captures */
        nsq_diff_side_free(&sd[0]);
        nsq_diff_side_free(&sd[1]);
        nsq_diff_excluded_free(d);
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < d->ncap[s]; i++) {
                nsq_diff_capture *c = &d->cap[s][i];
                free(c->window.steady_method);
                c->window.steady_method = NULL;
                snprintf(c->window.kind, sizeof c->window.kind, "all");
                snprintf(c->window_reason, sizeof c->window_reason, "%s", d->window_choice_reason);
            }
        if (nsq_diff_scan_all(d, sd, xs, err))
            goto done;
    }
    for (int s = 0; s < 2; s++)
        nsq_diff_side_means(d, s);
    if (!d->mean[0].launches && !d->mean[1].launches) {
        nsq_error(err, NSQ_EXIT_INPUT, "no_kernels",
                  "no kernel runs in the windows of either side (after filters)");
        nsq_hint(err, "check --window and the filters; nsysql info shows what each export holds");
        goto done;
    }
    if (match_rows(d, sd, err))
        goto done;
    /* the rows hold all they need: the entries go now, not at the end */
    nsq_diff_side_free(&sd[0]);
    nsq_diff_side_free(&sd[1]);
    adjust_p(d);
    for (int i = 0; i < d->nrows; i++)
        nsq_diff_row_verdict(d, &d->rows[i]);
    nsq_diff_pair_replaced(d);
    nsq_diff_relaunched(d);
    nsq_diff_judge_workload(d);
    sort_rows(d);
    if (d->workload.comparable || d->workload.assumed)
        nsq_diff_common_shift(d);
    else
        d->overall_vs_shift = -1;
    for (int i = 0; i < d->nrows; i++)
        d->counts[d->rows[i].verdict]++;
    if (strcmp(d->window_choice, "steady"))
        nsq_diff_per_iteration(d); /* the window changed: no iterations compared, and why */
    nsq_diff_summary_decomposition(d);
    d->busy_delta_ns = d->mean[1].gpu_busy_ns - d->mean[0].gpu_busy_ns;
    d->memcpy_delta_ns = d->mean[1].memcpy_ns - d->mean[0].memcpy_ns;
    d->memset_delta_ns = d->mean[1].memset_ns - d->mean[0].memset_ns;
    int64_t kd = 0;
    for (int i = 0; i < d->nrows; i++)
        kd += d->rows[i].d_total_ns;
    d->residual_ns = d->busy_delta_ns - kd - d->memcpy_delta_ns - d->memset_delta_ns;
    nsq_diff_overall(d);
    if (d->workload.grids_unconfirmed) {
        /* the kernels on a scaled grid were not judged: with no other kernel
         * judged either way, neither is the whole (the iterations' time
         * follows the problem's size as much as the kernels') */
        const int *n = d->counts;
        char was[sizeof d->overall_reason];
        snprintf(was, sizeof was, "%s", d->overall_reason);
        if (!n[NSQ_V_IMPROVED] && !n[NSQ_V_REGRESSED] && !n[NSQ_V_LIKELY_IMPROVED] &&
            !n[NSQ_V_LIKELY_REGRESSED]) {
            d->overall = NSQ_O_INCONCLUSIVE;
            d->span_role = 0; /* no span or launch ratio decided or weighed it */
            d->even_relaunch = 0;
            snprintf(d->overall_reason, sizeof d->overall_reason,
                     "not judged: kernels kept their block on a grid scaled the same way and "
                     "nothing (a copy or the arguments the same on both sides) shows the same "
                     "input, so a larger or smaller problem cannot be told from a patch "
                     "(result.workload; --assume-same-workload judges it)");
        } else {
            snprintf(d->overall_reason, sizeof d->overall_reason,
                     "the kernels on a scaled grid with nothing to show the same input are not "
                     "judged (result.workload); the others: %.600s",
                     was);
        }
    }
    const nsq_diff_fpitem *g = nsq_diff_fp_item(&d->workload, "gpus");
    if (g && g->differs) {
        size_t n = strlen(d->overall_reason);
        snprintf(d->overall_reason + n, sizeof d->overall_reason - n,
                 " (on different GPUs: the change is the hardware's as much as the code's)");
        nsq_diff_warn(d, "different_gpus",
                      "the baseline and the patch ran on different GPU models (%s): a speed "
                      "change measures the hardware as much as the patch; compare captures "
                      "made on one GPU model",
                      g->detail);
    }
    nsq_diff_summary_sentence(d);
    ret = 0;
done:
    nsq_diff_side_free(&sd[0]);
    nsq_diff_side_free(&sd[1]);
    return ret;
}

void nsq_diff_row_release(nsq_diff_row *r)
{
    /* names, key, seq and the per-capture sums are in the diff's store */
    for (int s = 0; s < 2; s++)
        free(r->names[s]);
    free(r->shapes);
}

void nsq_diff_release(nsq_diff *d)
{
    for (int s = 0; s < 2; s++) {
        for (int i = 0; i < d->ncap[s] && d->cap[s]; i++) {
            nsq_diff_capture *c = &d->cap[s][i];
            free(c->path);
            free(c->nsys_version);
            free(c->export_schema);
            free(c->command);
            free(c->arguments);
            free(c->process);
            free(c->gpus);
            for (int k = 0; k < c->nnvtx; k++)
                free(c->nvtx_names[k]);
            free(c->nvtx_names);
            free(c->nvtx_counts);
            nsq_diff_free_iters(c);
            nsq_window_release(&c->window);
        }
        free(d->cap[s]);
    }
    for (int i = 0; i < d->nrows; i++)
        nsq_diff_row_release(&d->rows[i]);
    free(d->rows);
    nsq_diff_workload_release(&d->workload);
    nsq_diff_excluded_free(d);
    nsq_diff_texts_free(d);
    for (int i = 0; i < d->nwarnings; i++)
        free(d->warnings[i].message);
    free(d->warnings);
    memset(d, 0, sizeof *d);
}
