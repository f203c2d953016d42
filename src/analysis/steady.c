/* steady: iterations, their cost, and the warm-up / steady / tear-down split.
 *
 * The pieces, in the order nsq_steady_detect() runs them:
 *   nvtx_find()         picks the iteration range (series) among repeated NVTX
 *                       ranges: one pass counts them (and keeps their bounds),
 *                       a second (only when there is a choice) sees which sit
 *                       inside which
 *   nvtx_iterations()   its instances; GPU ops attributed through their launch
 *                       call (correlation id -> instance, a paged map)
 *   kernels_load()      the kernels of one CUDA context, sorted by start
 *   period_find()       the period of their short-name sequence,
 *   period_anchor()     where in the period an iteration starts,
 *   period_iterations() the cut
 *   bins_iterations()   equal time bins when there is no structure
 *   judge()             band, split, trend and confidence
 * Each scan of GPU ops also measures the capture span (valid ops of every
 * kind, all devices). The views kernel, memcpy and memset are read one by
 * one, never gpu_op: its union resolves names for every row. The scans of
 * GPU ops, launch calls and NVTX instances run on several connections
 * (nsq_parscan); the NVTX passes that read the text run on the export's.
 * Memory: 16 bytes per iteration (and 9 more while judging); the NVTX path
 * adds about 1 per correlation id of the process (4 where iterations are
 * tiny) while it attributes GPU ops, and 20 per closed NVTX range (at most
 * 2^22 of them) while it picks the series (freed as the iterations are made
 * from them); the kernel paths keep 16 bytes per
 * kernel of the chosen context (18 per kernel row while reading); a parallel
 * nsq_parscan holds up to 2 * threads + 2 chunks of rows (15 MB with 2
 * threads, 56 MB with 8). All is freed before nsq_steady_detect() returns,
 * except r->iters when asked for. */
#include "nsysql/analysis/steady.h"
#include "nsysql/analysis/corrmap.h"
#include "nsysql/export/devmap.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/stats.h"
#include "nsysql/export/parscan.h"
#include "nsysql/export/rawscan.h"
#include "nsysql/util/strbuf.h"
#include "nsysql/util/grow.h"

#define MIN_ITERATIONS 5     /* fewer iterations: too few to tell */
#define MIN_STEADY 3         /* a window needs at least this many iterations */
#define MIN_SERIES 5         /* an NVTX range repeated this often is a candidate */
#define DESCEND_BELOW 20     /* prefer a nested range when the outer one repeats less */
#define BAND_K 3.5           /* band half-width in robust standard deviations */
#define BAND_REL 0.02        /* ... but never narrower than 2 % of the level */
#define TREND_Z 3.29         /* Mann-Kendall two-sided p < 0.001 */
#define TREND_DRIFT 0.05     /* ... and a drift of more than 5 % of the level */
#define PERIOD_MISMATCH 0.10 /* a period must repeat at >= 90 % of positions */
#define PERIOD_SMALL 4096    /* every period up to this is tried */
#define MIN_BIN_KERNELS 100  /* time bins need this many kernels */
#define MAX_TREND_POINTS 800

#define GPID_MASK (~(int64_t)0xFFFFFF)

/* ---------------------------------------------------------------- helpers */

static void add_warning(nsq_steady *r, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void add_warning(nsq_steady *r, const char *code, const char *fmt, ...)
{
    if (r->nwarnings >= NSQ_STEADY_MAX_WARNINGS)
        return;
    nsq_steady_warning *w = &r->warnings[r->nwarnings++];
    snprintf(w->code, sizeof w->code, "%s", code);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->message, sizeof w->message, fmt, ap);
    va_end(ap);
}

/* Records why there is no window (also as a warning with the same code). */
static void not_found(nsq_steady *r, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void not_found(nsq_steady *r, const char *code, const char *fmt, ...)
{
    va_list ap;
    r->found = 0;
    snprintf(r->reason_code, sizeof r->reason_code, "%s", code);
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
    add_warning(r, code, "%s", r->reason);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Quantile q of sorted v[0..n) with linear interpolation (n > 0). */
static double quantile_sorted(const double *v, int64_t n, double q)
{
    double pos = q * (double)(n - 1);
    int64_t i = (int64_t)floor(pos);
    if (i >= n - 1)
        return v[n - 1];
    return v[i] + (pos - (double)i) * (v[i + 1] - v[i]);
}

/* The k-th smallest (0-based) of v[0..n) (n > 0, no NaN); reorders v
 * (quickselect with a median-of-three pivot, linear on average). */
static double qselect(double *v, int64_t n, int64_t k)
{
    int64_t lo = 0, hi = n - 1;
    while (hi > lo) {
        int64_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
        double a = v[lo], b = v[mid], c = v[hi];
        double piv = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
        while (i <= j) {
            while (v[i] < piv)
                i++;
            while (v[j] > piv)
                j--;
            if (i <= j) {
                double t = v[i];
                v[i++] = v[j];
                v[j--] = t;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return v[k];
    }
    return v[k];
}

/* An unsigned key in the order of the doubles (no NaN); -0.0 gets the key
 * of +0.0, as they compare equal. */
static inline uint64_t dkey(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    if (u == (uint64_t)1 << 63)
        u = 0;
    return u >> 63 ? ~u : u | (uint64_t)1 << 63;
}

#define RADIX_MIN 4096 /* fewer values: quickselect */

/* The k-th smallest (0-based) of v[0..n) (n > 0, no NaN); reorders v.
 * judge() takes medians of 10^6 values several times; a radix select on the
 * keys (16 bits at a time: count the digits, swap the values whose digit
 * holds the k-th to the front of v and go on with those) is faster than
 * quickselect, whose compares are unpredictable branches. Either gives the
 * same value. */
static double select_kth(double *v, int64_t n, int64_t k)
{
    if (n <= RADIX_MIN)
        return qselect(v, n, k);
    int64_t *cnt = xmalloc(sizeof *cnt * 65536);
    for (int shift = 48; shift >= 0 && n > RADIX_MIN; shift -= 16) {
        memset(cnt, 0, sizeof *cnt * 65536);
        for (int64_t i = 0; i < n; i++)
            cnt[(dkey(v[i]) >> shift) & 0xFFFF]++;
        int64_t below = 0;
        unsigned d = 0;
        while (below + cnt[d] <= k)
            below += cnt[d++];
        int64_t m = 0;
        for (int64_t i = 0; i < n; i++)
            if (((dkey(v[i]) >> shift) & 0xFFFF) == d) {
                double t = v[m];
                v[m++] = v[i];
                v[i] = t;
            }
        /* v stays a permutation of the values: the callers read them on */
        n = m;
        k -= below;
    }
    free(cnt);
    return qselect(v, n, k);
}

/* Quantile q of v[0..n) with linear interpolation, as quantile_sorted()
 * would give on the sorted values (n > 0); reorders v. */
static double quantile(double *v, int64_t n, double q)
{
    double pos = q * (double)(n - 1);
    int64_t i = (int64_t)floor(pos);
    double lo = select_kth(v, n, i);
    if (i >= n - 1 || pos == (double)i)
        return lo;
    /* the next order statistic: lo again when more than i + 1 values are
     * <= lo, else the least value above lo */
    int64_t le = 0;
    double hi = INFINITY;
    for (int64_t j = 0; j < n; j++) {
        double x = v[j], above = x > lo ? x : INFINITY; /* no branches: min and cmov */
        le += x <= lo;
        hi = above < hi ? above : hi;
    }
    if (le >= i + 2)
        hi = lo;
    return lo + (pos - (double)i) * (hi - lo);
}

/* Median and 1.4826 * MAD of v[0..n) (n > 0); reorders v, uses scratch. */
static void median_scale(double *v, int64_t n, double *scratch, double *med, double *scale)
{
    *med = quantile(v, n, 0.5);
    for (int64_t i = 0; i < n; i++)
        scratch[i] = fabs(v[i] - *med);
    *scale = 1.4826 * quantile(scratch, n, 0.5);
}

/* The same, in place: v[0..n) ends up holding the absolute deviations. */
static void median_scale_inplace(double *v, int64_t n, double *med, double *scale)
{
    *med = quantile(v, n, 0.5);
    for (int64_t i = 0; i < n; i++)
        v[i] = fabs(v[i] - *med);
    *scale = 1.4826 * quantile(v, n, 0.5);
}

/* A small open-addressing map from int64 keys to int64 values. */
typedef struct i64map {
    int64_t *keys;
    int64_t *vals;
    unsigned char *used;
    size_t cap, n;
} i64map;

static size_t mix64(int64_t k)
{
    uint64_t x = (uint64_t)k;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return (size_t)x;
}

static void i64map_release(i64map *m)
{
    free(m->keys);
    free(m->vals);
    free(m->used);
    memset(m, 0, sizeof *m);
}

/* Returns the slot for key (inserting it with *val when absent). */
static int64_t *i64map_get(i64map *m, int64_t key, int64_t val, int *inserted)
{
    if ((m->n + 1) * 2 > m->cap) {
        i64map old = *m;
        m->cap = old.cap ? old.cap * 2 : 64;
        m->keys = xcalloc(m->cap, sizeof *m->keys);
        m->vals = xcalloc(m->cap, sizeof *m->vals);
        m->used = xcalloc(m->cap, 1);
        m->n = 0;
        for (size_t i = 0; i < old.cap; i++)
            if (old.used[i]) {
                int ins;
                *i64map_get(m, old.keys[i], old.vals[i], &ins) = old.vals[i];
            }
        i64map_release(&old);
    }
    size_t h = mix64(key) & (m->cap - 1);
    while (m->used[h] && m->keys[h] != key)
        h = (h + 1) & (m->cap - 1);
    *inserted = !m->used[h];
    if (!m->used[h]) {
        m->used[h] = 1;
        m->keys[h] = key;
        m->vals[h] = val;
        m->n++;
    }
    return &m->vals[h];
}

/* ------------------------------------------------------------ kernel time accounting */

/* Every kernel row that passes --pid/--device (all contexts, all devices)
 * is accounted while the GPU ops are scanned anyway, so that once the window
 * is known the result can say how much of the capture's kernel time lies in
 * it and which kernels have no instance in it, with no second scan:
 *  - a time grid of ACC_BINS bins (power-of-two width, doubled as the times
 *    seen need): per bin, kernel starts minus ends and their summed offsets
 *    in the bin, which give the kernel time before each bin boundary exactly
 *    (inside a bin it is interpolated: the error is at most the concurrency
 *    times one bin, 1/65536 of the capture or less);
 *  - per kernel name: instances, total time, and a cover of its instances by
 *    at most COVER_MAX intervals (exact while the name has that many
 *    separate instances; beyond, the two nearest intervals are merged, so a
 *    cover interval may span time where the name did not run: a name is
 *    called outside the window only when no cover interval meets it).
 * Memory: 1 MiB for the grid, 16 * (COVER_MAX + 1) bytes per kernel name. */
#define ACC_BINS 65536
#define ACC_SHIFT0 10
#define ACC_SHIFT_MAX 46
#define COVER_MAX 16

typedef struct acc_name {
    int64_t id; /* short-name id (else demangled-name id, else -1) */
    int64_t count, total_ns;
    int64_t (*cv)[2]; /* cover: sorted, disjoint [start, end] (owned) */
    int ncv;
    int64_t mingap; /* smallest gap between cover intervals when ncv == COVER_MAX */
} acc_name;

typedef struct acct {
    int on;     /* the rows of the kernel view went through acct_add() */
    int broken; /* times too far apart for the grid: no coverage */
    int have;   /* the grid has an origin */
    int shift;
    int64_t org;
    int64_t *g; /* per bin k: g[2k] starts - ends, g[2k+1] offsets of starts - of ends */
    int64_t total_ns, kernels;
    i64map ids; /* name id -> index in nm */
    acc_name *nm;
    int64_t nnm, cap;
    int64_t cache_id[64], cache_ix[64];
} acct;

static void acct_release(acct *a)
{
    free(a->g);
    for (int64_t i = 0; i < a->nnm; i++)
        free(a->nm[i].cv);
    free(a->nm);
    i64map_release(&a->ids);
    memset(a, 0, sizeof *a);
}

static void acct_reset(acct *a)
{
    acct_release(a);
    for (int i = 0; i < 64; i++)
        a->cache_id[i] = INT64_MIN;
    a->on = 1;
}

/* t rounded down to a multiple of 2^shift (t >= 0) */
static inline int64_t floor_to(int64_t t, int shift)
{
    return (t >> shift) << shift;
}

/* Makes the grid hold [lo, hi]: the width doubles until it does. */
static void grid_fit(acct *a, int64_t lo, int64_t hi)
{
    if (a->broken)
        return;
    if (lo < 0) {
        a->broken = 1; /* never seen in an export: times are ns since boot */
        return;
    }
    if (!a->have) {
        a->shift = ACC_SHIFT0;
        a->org = floor_to(lo, a->shift);
        a->g = xcalloc(2 * ACC_BINS, sizeof *a->g);
        a->have = 1;
    }
    int64_t olo = a->org, ohi = a->org + ((int64_t)ACC_BINS << a->shift) - 1;
    int64_t want_lo = lo < olo ? lo : olo, want_hi = hi > ohi ? hi : ohi;
    int s = a->shift;
    int64_t norg = a->org;
    while (s <= ACC_SHIFT_MAX) {
        norg = floor_to(want_lo, s);
        if (want_hi - norg < ((int64_t)ACC_BINS << s))
            break;
        s++;
    }
    if (s > ACC_SHIFT_MAX) {
        a->broken = 1;
        return;
    }
    if (s == a->shift && norg == a->org)
        return;
    int64_t *ng = xcalloc(2 * ACC_BINS, sizeof *ng);
    for (int64_t k = 0; k < ACC_BINS; k++) {
        int64_t c = a->g[2 * k], o = a->g[2 * k + 1];
        if (!c && !o)
            continue;
        int64_t lk = a->org + (k << a->shift);
        int64_t m = (lk - norg) >> s;
        ng[2 * m] += c;
        ng[2 * m + 1] += o + c * (lk - (norg + (m << s)));
    }
    free(a->g);
    a->g = ng;
    a->shift = s;
    a->org = norg;
}

/* Adds [s, e] to a name's cover. */
static void cover_add(acc_name *n, int64_t s, int64_t e)
{
    if (!n->cv)
        n->cv = xmalloc(sizeof *n->cv * (COVER_MAX + 1));
    int k = n->ncv;
    if (k && s >= n->cv[k - 1][0]) {
        int64_t *last = n->cv[k - 1];
        if (s <= last[1] || (k == COVER_MAX && s - last[1] <= n->mingap)) {
            if (e > last[1])
                last[1] = e; /* joins the last interval (its gap is the smallest) */
            return;
        }
        n->cv[k][0] = s;
        n->cv[k][1] = e;
        n->ncv = ++k;
    } else {
        /* before the last interval: insert in order, merge the ones it meets */
        int i = k;
        while (i > 0 && n->cv[i - 1][0] > s)
            i--;
        memmove(n->cv[i + 1], n->cv[i], sizeof *n->cv * (size_t)(k - i));
        n->cv[i][0] = s;
        n->cv[i][1] = e;
        k++;
        int w = 0;
        for (int r = 0; r < k; r++) {
            if (w && n->cv[r][0] <= n->cv[w - 1][1]) {
                if (n->cv[r][1] > n->cv[w - 1][1])
                    n->cv[w - 1][1] = n->cv[r][1];
            } else {
                n->cv[w][0] = n->cv[r][0];
                n->cv[w][1] = n->cv[r][1];
                w++;
            }
        }
        n->ncv = k = w;
    }
    if (k > COVER_MAX) {
        int best = 0;
        for (int i = 1; i < k - 1; i++)
            if (n->cv[i + 1][0] - n->cv[i][1] < n->cv[best + 1][0] - n->cv[best][1])
                best = i;
        if (n->cv[best + 1][1] > n->cv[best][1])
            n->cv[best][1] = n->cv[best + 1][1];
        memmove(n->cv[best + 1], n->cv[best + 2], sizeof *n->cv * (size_t)(k - best - 2));
        n->ncv = k = k - 1;
    }
    if (k == COVER_MAX) {
        n->mingap = INT64_MAX;
        for (int i = 0; i < k - 1; i++)
            if (n->cv[i + 1][0] - n->cv[i][1] < n->mingap)
                n->mingap = n->cv[i + 1][0] - n->cv[i][1];
    }
}

/* One valid kernel row (e >= s) that passes the filters. */
static inline void acct_add(acct *a, int64_t s, int64_t e, int64_t nid)
{
    a->kernels++;
    if (e > s) {
        a->total_ns = nsq_sat_add(a->total_ns, e - s);
        if (!a->have || s < a->org || e - a->org >= ((int64_t)ACC_BINS << a->shift))
            grid_fit(a, s, e);
        if (!a->broken) {
            int64_t mask = ((int64_t)1 << a->shift) - 1;
            int64_t ks = (s - a->org) >> a->shift, ke = (e - a->org) >> a->shift;
            a->g[2 * ks]++;
            a->g[2 * ks + 1] += (s - a->org) & mask;
            a->g[2 * ke]--;
            a->g[2 * ke + 1] -= (e - a->org) & mask;
        }
    }
    int64_t ix;
    size_t ci = (size_t)nid & 63;
    if (a->cache_id[ci] == nid) {
        ix = a->cache_ix[ci];
    } else {
        int ins;
        ix = *i64map_get(&a->ids, nid, a->nnm, &ins);
        if (ins) {
            if (a->nnm == a->cap) {
                a->cap = a->cap ? a->cap * 2 : 64;
                a->nm = xrealloc(a->nm, sizeof *a->nm * (size_t)a->cap);
            }
            memset(&a->nm[a->nnm], 0, sizeof *a->nm);
            a->nm[a->nnm++].id = nid;
        }
        a->cache_id[ci] = nid;
        a->cache_ix[ci] = ix;
    }
    acc_name *n = &a->nm[ix];
    n->count++;
    n->total_ns = nsq_sat_add(n->total_ns, e - s);
    if (n->ncv) {
        /* the usual case inline: at or after the start of the last interval,
         * meeting it or (cover full) nearer to it than any other gap */
        int64_t *last = n->cv[n->ncv - 1];
        if (s >= last[0] && (s <= last[1] || (n->ncv == COVER_MAX && s - last[1] <= n->mingap))) {
            if (e > last[1])
                last[1] = e;
            return;
        }
    }
    cover_add(n, s, e);
}

/* Kernel time before t (interpolated inside a bin). */
static double acct_before(const acct *a, int64_t t)
{
    if (!a->have || t <= a->org)
        return 0;
    int64_t w = (int64_t)1 << a->shift, j = (t - a->org) >> a->shift;
    if (j >= ACC_BINS)
        return (double)a->total_ns;
    int64_t k = 0, n = 0;
    for (int64_t b = 0; b < j; b++) {
        k += n * w + a->g[2 * b] * w - a->g[2 * b + 1];
        n += a->g[2 * b];
    }
    int64_t k1 = k + n * w + a->g[2 * j] * w - a->g[2 * j + 1];
    double f = (double)(t - (a->org + (j << a->shift))) / (double)w;
    return (double)k + f * (double)(k1 - k);
}

/* Does a name have an instance (cover interval) that meets [ws, we]
 * (nsq_in_window's rule)? */
static int name_in_window(const acc_name *n, int64_t ws, int64_t we)
{
    for (int i = 0; i < n->ncv; i++) {
        int64_t s = n->cv[i][0], e = n->cv[i][1];
        if (e > s ? s < we && e > ws : s >= ws && s <= we)
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------ the run */

/* One iteration (or bin) while detecting: 16 bytes, since there can be tens
 * of millions of them, and diff runs two detections at once. Its bounds are
 * those of the GPU ops attributed to it once it has one (IT_GPU), before that
 * its NVTX range (or time bin). A span of 2^27 ns (134 ms) or more or a kernel
 * time of 2^32 ns or more moves the two to a wide record: the span bits are
 * then its index in det.wide. Read and write them through it_end(),
 * it_ktime() and it_set(). Kernel counts are kept only when the iterations
 * are published (det.kn); IT_KERNEL says whether there is one. Its metrics
 * are computed from it (val()); its phase from the window judge() found
 * (phase_of()); nsq_steady_iter is filled from it only when asked for. */
#define IT_SMASK 0x07FFFFFFu  /* span (ns), or the wide record's index */
#define IT_KERNEL 0x08000000u /* at least one kernel */
#define IT_GPU 0x10000000u    /* the bounds are GPU ops' (the step is measured) */
#define IT_OUT0 0x20000000u   /* metric m outside the band: IT_OUT0 << m */
#define IT_WIDE 0x80000000u
typedef struct iter {
    int64_t start_ns;
    uint32_t ktime; /* kernel time (ns) */
    uint32_t sf;    /* span (IT_SMASK) and IT_* flags */
} iter;
_Static_assert(sizeof(iter) == 16, "iter is 16 bytes");

typedef struct iter_wide {
    int64_t end_ns, kernel_time_ns;
} iter_wide;

/* What a metric is computed from. */
enum metric_kind {
    MK_KERNEL_TIME, /* kernel_time_ns */
    MK_STEP,        /* next iteration's GPU start - this one's */
    MK_RANGE,       /* NVTX range duration */
    MK_RANGE_STEP,  /* next NVTX range start - this one's */
    MK_STORED       /* det.stored[m] (time bins) */
};

typedef struct gpumap {
    int64_t pid, dev, gpu;
} gpumap;

typedef struct det {
    nsq_export *x;
    const nsq_steady_opts *o;
    nsq_steady *r;
    nsq_err *err;
    const char *identity; /* device identity rule, found on first use */
    gpumap *gm;           /* (pid, ordinal) -> GPU pairs looked up so far */
    int64_t ngm, capgm;
    int64_t last_gpid, last_dev, last_ok; /* device_ok() cache */
    /* capture span: valid GPU ops of every kind, all devices */
    int64_t cap_lo, cap_hi, cap_bad;
    int cap_have, cap_done;
    acct acc; /* the capture's kernels, for the trust checks */
    iter *it; /* iterations (owned) */
    int64_t n, cap;
    iter_wide *wide; /* the iterations' wide records (owned) */
    int64_t nwide, capwide;
    int wide_full;  /* more than IT_SMASK + 1 wide records were wanted */
    int64_t *kn;    /* keep_iterations 1: kernels of each iteration (owned) */
    int64_t *rs, *re; /* method nvtx with keep_iterations 1: each iteration's
                         NVTX range (owned) */
    int64_t ph_a, ph_b; /* judge()'s window [ph_a, ph_b) when ph_found */
    int ph_found;
    int mk[2];         /* enum metric_kind of metric 0 and 1 */
    double *stored[2]; /* MK_STORED values (owned) */
    /* level_of() results of this judge(): it measures one window of a metric
     * up to four times (split, trend check, window statistics), and the
     * median and MAD are most of its time at 10^6 iterations */
    struct level_memo {
        int m;
        int64_t lo, hi;
        double level, scale;
    } lm[8];
    int nlm, next_lm;
} det;

static inline int64_t it_end(const det *d, const iter *t)
{
    return t->sf & IT_WIDE ? d->wide[t->sf & IT_SMASK].end_ns
                           : t->start_ns + (int64_t)(t->sf & IT_SMASK);
}

static inline int64_t it_ktime(const det *d, const iter *t)
{
    return t->sf & IT_WIDE ? d->wide[t->sf & IT_SMASK].kernel_time_ns : (int64_t)t->ktime;
}

/* Sets end and kernel time of t (its start set before), in a wide record
 * when one of them does not fit. */
static void it_set(det *d, iter *t, int64_t end, int64_t ktime)
{
    int64_t span;
    if (!(t->sf & IT_WIDE)) {
        if (!__builtin_sub_overflow(end, t->start_ns, &span) && span >= 0 && span <= IT_SMASK &&
            ktime >= 0 && ktime <= UINT32_MAX) {
            t->sf = (t->sf & ~IT_SMASK) | (uint32_t)span;
            t->ktime = (uint32_t)ktime;
            return;
        }
        if (d->nwide > IT_SMASK) {
            /* 2^27 iterations of 134 ms or more: no capture is that long */
            d->wide_full = 1;
            return;
        }
        if (d->nwide == d->capwide) {
            d->capwide = d->capwide ? 2 * d->capwide : 64;
            d->wide = xrealloc(d->wide, sizeof *d->wide * (size_t)d->capwide);
        }
        t->sf = (t->sf & ~IT_SMASK) | IT_WIDE | (uint32_t)d->nwide++;
    }
    iter_wide *w = &d->wide[t->sf & IT_SMASK];
    w->end_ns = end;
    w->kernel_time_ns = ktime;
}

/* Sets the bounds of t, keeping its kernel time. */
static void it_bounds(det *d, iter *t, int64_t start, int64_t end)
{
    int64_t kt = it_ktime(d, t);
    t->start_ns = start;
    it_set(d, t, end, kt);
}

/* GPU op [a, b) in iteration i: the first one replaces the NVTX range as its
 * bounds. */
static inline void it_extend(det *d, int64_t i, int64_t a, int64_t b, int kernel)
{
    iter *t = &d->it[i];
    int64_t e = it_end(d, t), kt = it_ktime(d, t);
    if (!(t->sf & IT_GPU)) {
        t->start_ns = a;
        e = b;
        t->sf |= IT_GPU;
    } else {
        if (a < t->start_ns)
            t->start_ns = a;
        if (b > e)
            e = b;
    }
    if (kernel) {
        kt = nsq_sat_add(kt, b - a);
        t->sf |= IT_KERNEL;
        if (d->kn)
            d->kn[i]++;
    }
    it_set(d, t, e, kt);
}

/* 'w'arm-up, 's'teady, 't'ear-down, or 'u' when no window was found. */
static inline char phase_of(const det *d, int64_t i)
{
    return !d->ph_found ? 'u' : i < d->ph_a ? 'w' : i >= d->ph_b ? 't' : 's';
}

/* Metric m of iteration i; NaN when it has none. */
static inline double val(const det *d, int m, int64_t i)
{
    const iter *t = &d->it[i];
    switch (d->mk[m]) {
    case MK_KERNEL_TIME:
        return (double)it_ktime(d, t);
    case MK_STEP:
        return i + 1 < d->n && (t->sf & IT_GPU) && (t[1].sf & IT_GPU)
                   ? (double)(t[1].start_ns - t->start_ns)
                   : NAN;
    case MK_RANGE: /* the bounds are the ranges (nvtx_metrics()) */
        return (double)(it_end(d, t) - t->start_ns);
    case MK_RANGE_STEP:
        return i + 1 < d->n ? (double)(t[1].start_ns - t->start_ns) : NAN;
    default:
        return d->stored[m][i];
    }
}

/* Makes room for at least `want` iterations in total. */
static void reserve_iters(det *d, int64_t want)
{
    if (want > d->cap) {
        d->cap = want;
        d->it = xrealloc(d->it, sizeof *d->it * (size_t)d->cap);
        if (d->o->keep_iterations == 1)
            d->kn = xrealloc(d->kn, sizeof *d->kn * (size_t)d->cap);
    }
}

/* A new empty iteration (no bounds until it_extend() or it_bounds()). */
static iter *new_iter(det *d)
{
    if (d->n == d->cap)
        reserve_iters(d, d->cap ? d->cap * 2 : 256);
    if (d->kn)
        d->kn[d->n] = 0;
    iter *t = &d->it[d->n++];
    memset(t, 0, sizeof *t);
    return t;
}

static void reset_iters(det *d)
{
    d->n = 0;
    d->nwide = 0;
    d->ph_found = 0;
}

static int sql_fail(det *d, int rc, const char *what)
{
    return nsq_export_sql_error(d->x, rc, NSQ_EXIT_INTERNAL, "internal", what, d->err);
}

/* The scans that read integers only (GPU ops, launch calls, NVTX
 * instances) go through nsq_parscan (parscan.h): several connections decode
 * the rows, the callback gets them in rowid order on this thread, exactly as
 * one connection reading the view would give them. At 10^7 rows the scans
 * are most of the run, and almost all of a scan is SQLite decoding records.
 * A callback returns 0, or -1 with d->err set (the scan then stops; err is
 * d->err, so nothing overwrites the message). NULL reads 0, as
 * sqlite3_column_int64() reads it. */
static int par_scan(det *d, const char *view, const char *cols, int ncols, const char *where,
                    const nsq_parscan_bind *binds, int nbinds, nsq_parscan_row row, void *ctx,
                    const char *what)
{
    nsq_parscan_req req = {.view = view,
                           .cols = cols,
                           .ncols = ncols,
                           .where = where,
                           .binds = binds,
                           .nbinds = nbinds,
                           .what = what};
    return nsq_parscan(d->x, &req, row, ctx, d->err);
}

/* The NVTX series scans read the text, which nsq_parscan does not deliver:
 * they read their rows inside SQLite, "SELECT " PUSH_FN "(cols) FROM ..."
 * calling an aggregate function registered on the export's connection for
 * the length of one statement, whose step gets the row's values directly,
 * with no sqlite3_step() and sqlite3_column_*() call per row (each takes the
 * connection's mutex). The row callback returns 0, or -1 with d->err set
 * (the scan then stops). sqlite3_value_*() reads a value exactly as
 * sqlite3_column_*() reads the same column (NULL reads 0). */
typedef int (*push_row_fn)(void *ctx, sqlite3_value **v);

typedef struct pushscan {
    push_row_fn row;
    void *ctx;
    int failed; /* the callback failed: d->err is set */
} pushscan;

#define PUSH_FN "nsysql_steady_row"

static void push_step(sqlite3_context *c, int argc, sqlite3_value **v)
{
    pushscan *ps = sqlite3_user_data(c);
    (void)argc;
    if (ps->failed)
        return;
    if (ps->row(ps->ctx, v)) {
        ps->failed = 1;
        sqlite3_result_error(c, "steady-state row scan", -1);
    }
}

static void push_final(sqlite3_context *c)
{
    sqlite3_result_null(c);
}

static void push_unregister(det *d)
{
    sqlite3_create_function_v2(d->x->db, PUSH_FN, -1, SQLITE_UTF8, NULL, NULL, NULL, NULL, NULL);
}

/* Registers the function for ps and prepares sql into *st (for the caller to
 * bind); push_run() then runs and finalizes it. On failure nothing stays
 * registered or prepared. */
static int push_prepare(det *d, pushscan *ps, const char *sql, sqlite3_stmt **st, const char *what)
{
    int rc = sqlite3_create_function_v2(d->x->db, PUSH_FN, -1, SQLITE_UTF8, ps, NULL, push_step,
                                        push_final, NULL);
    *st = NULL;
    ps->failed = 0;
    if (rc != SQLITE_OK)
        return sql_fail(d, rc, what);
    rc = sqlite3_prepare_v2(d->x->db, sql, -1, st, NULL);
    if (rc != SQLITE_OK) {
        *st = NULL;
        push_unregister(d);
        return sql_fail(d, rc, what);
    }
    return 0;
}

/* Runs the statement push_prepare() made (every row goes to ps->row),
 * finalizes it and unregisters the function. */
static int push_run(det *d, pushscan *ps, sqlite3_stmt *st, const char *what)
{
    int rc, ret = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        ;
    sqlite3_finalize(st);
    if (ps->failed)
        ret = -1; /* d->err set by the callback */
    else if (rc != SQLITE_DONE)
        ret = sql_fail(d, rc, what);
    push_unregister(d);
    return ret;
}

/* One integer from a statement with up to two int64 parameters (NULL -> dflt). */
static int query_i64(det *d, const char *sql, int nb, int64_t b1, int64_t b2, int64_t dflt,
                     int64_t *out)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(d->x->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return sql_fail(d, rc, "steady-state device identity");
    if (nb > 0)
        sqlite3_bind_int64(st, 1, b1);
    if (nb > 1)
        sqlite3_bind_int64(st, 2, b2);
    rc = sqlite3_step(st);
    *out = dflt;
    if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
        *out = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return sql_fail(d, rc, "steady-state device identity");
    return 0;
}

/* Physical GPU of (pid, CUDA ordinal), by the rules of nsq_devmap_load()
 * (devmap.h), for one pair at a time: loading the whole map reads every GPU
 * op to list the pairs, which the kernel scans here already do. */
static int gpu_of(det *d, int64_t pid, int64_t dev, int64_t *gpu)
{
    for (int64_t i = 0; i < d->ngm; i++)
        if (d->gm[i].pid == pid && d->gm[i].dev == dev) {
            *gpu = d->gm[i].gpu;
            return 0;
        }
    if (!d->identity)
        d->identity = nsq_devmap_identity_name(nsq_devmap_identity(d->x));
    *gpu = dev;
    if (!strcmp(d->identity, "cuda_device_map")) {
        if (query_i64(d, "SELECT gpu_id FROM cuda_device WHERE pid = ?1 AND device_id = ?2", 2, pid,
                      dev, dev, gpu))
            return -1;
    } else if (!strcmp(d->identity, "gpu_cudevice")) {
        if (query_i64(d, "SELECT gpu_id FROM device WHERE cuda_device = ?1 LIMIT 1", 1, dev, 0, dev,
                      gpu))
            return -1;
    }
    NSQ_GROW(d->gm, d->ngm + 1, d->capgm);
    d->gm[d->ngm].pid = pid;
    d->gm[d->ngm].dev = dev;
    d->gm[d->ngm++].gpu = *gpu;
    return 0;
}

/* Does an op of (global pid, ordinal) pass --device? -1 on a query failure. */
static int device_ok(det *d, int64_t gpid, int64_t dev)
{
    int64_t gpu;
    if (!d->o->has_device)
        return 1;
    if (gpid == d->last_gpid && dev == d->last_dev)
        return (int)d->last_ok;
    if (gpu_of(d, (gpid >> 24) & 0xFFFFFF, dev, &gpu))
        return -1;
    d->last_gpid = gpid;
    d->last_dev = dev;
    d->last_ok = gpu == d->o->device;
    return (int)d->last_ok;
}

static inline void cap_add(det *d, int64_t a, int64_t b)
{
    if (b < a) {
        d->cap_bad++;
        return;
    }
    if (!d->cap_have || a < d->cap_lo)
        d->cap_lo = a;
    if (!d->cap_have || b > d->cap_hi)
        d->cap_hi = b;
    d->cap_have = 1;
}

/* cap_view()'s rows: start_ns, end_ns, end_ns >= start_ns. The comparison
 * is SQL's, as min(CASE WHEN end_ns >= start_ns THEN start_ns END), max(...)
 * and sum(end_ns < start_ns) over the view would make it: a row with a NULL
 * bound counts for neither (the scans that attribute ops read NULL as 0). */
static int cap_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    det *d = ctx;
    (void)err;
    if (nulls & 4)
        return 0;
    if (v[2])
        cap_add(d, v[0], v[1]);
    else
        d->cap_bad++;
    return 0;
}

/* Adds the rows of one GPU op view to the capture span (view: one of the
 * fixed names kernel, memcpy, memset). */
static int cap_view(det *d, const char *view)
{
    return par_scan(d, view, "start_ns, end_ns, end_ns >= start_ns", 3, NULL, NULL, 0, cap_row, d,
                    "steady-state capture span");
}

/* Adds the memcpy and memset rows to the capture span (the kernels come
 * from the caller's own scan of the kernel view). The views are read one by
 * one: the gpu_op union resolves names for every row, five times slower. */
static int cap_small_views(det *d)
{
    return cap_view(d, "memcpy") || cap_view(d, "memset") ? -1 : 0;
}

static int no_gpu_activity(det *d)
{
    nsq_error(d->err, NSQ_EXIT_INPUT, "no_gpu_activity",
              "the export has no GPU activity (no valid kernel, memcpy or memset rows): there is "
              "nothing to find a steady state in");
    nsq_hint(d->err, "nsysql info shows what the export holds");
    return -1;
}

/* Publishes the capture span once every kind of GPU op was scanned. */
static int cap_finish(det *d)
{
    if (!d->cap_have)
        return no_gpu_activity(d);
    d->cap_done = 1;
    d->r->capture_start_ns = d->cap_lo;
    d->r->capture_end_ns = d->cap_hi;
    d->r->bad_rows = d->cap_bad;
    return 0;
}

static void cap_reset(det *d)
{
    d->cap_have = d->cap_done = 0;
    d->cap_bad = 0;
}

/* ------------------------------------------------------------ NVTX series */

/* A series: the closed ranges with one text, domain, owner (thread for
 * push/pop, process for start/end) and kind. All series are counted in a
 * first pass (entries stay small: the text is kept by hash until the series
 * repeats); the candidates get their text and statistics in the second.
 * The first pass also keeps every row's bounds and series (20 bytes a row,
 * in blocks, up to REC_MAX rows), so that the chosen series' instances need
 * no further read of the table (which costs as much as the first pass). */
#define RESERVOIR 256
#define REC_BLOCK 65536
#define REC_MAX ((int64_t)1 << 22)

/* REC_MAX, or NSYSQL_STEADY_REC_MAX when set lower (tests: the second read) */
static int64_t rec_max(void)
{
    static int64_t m = -1;
    if (m < 0) {
        const char *e = getenv("NSYSQL_STEADY_REC_MAX");
        long long v = e && *e ? strtoll(e, NULL, 10) : REC_MAX;
        m = v >= 0 && v < REC_MAX ? v : REC_MAX;
    }
    return m;
}

typedef struct nvtx_rec {
    int64_t se[2 * REC_BLOCK]; /* start, end */
    int32_t s[REC_BLOCK];      /* series index */
} nvtx_rec;

typedef struct series {
    uint64_t th; /* 64-bit hash of the text */
    int64_t domain;
    int64_t owner;
    int64_t n; /* closed ranges */
    int64_t total_ns;
    int has_domain, pp, eligible;
    /* a row whose text is not TEXT or holds a NUL, or whose domain or owner
     * is not an integer: SQL may compare it otherwise than the series key,
     * so the kept rows do not stand for the instance query */
    int inexact;
    char *text;        /* candidates only (n >= 2); from the pages: the chosen one only */
    int64_t first_row; /* row_id of its first range (read from the pages) */
    /* second pass, candidates only */
    int64_t nested_other; /* ranges inside a range of another eligible series */
    int64_t anc, anc_n; /* nearest other eligible ancestor series (first seen), ranges sharing it */
    int64_t kept;       /* ranges not nested in a range of the same series */
    int64_t last_start; /* previous kept start */
    double *sp;         /* reservoir of start-to-start spacings */
    int64_t nsp, seen_sp;
    double rcv; /* robust CV of the spacing */
    double score;
} series;

typedef struct nvtx_pick {
    series *sv;
    int64_t ns, cap;
    int64_t *slot; /* open addressing: series index, -1 empty */
    size_t nslots;
    int64_t chosen; /* series index, -1 none */
    uint64_t rng;
    nvtx_rec **rec; /* the first pass's rows (owned) */
    int64_t nrec, caprec;
    int rec_state; /* 0 keeping rows, 1 all rows kept, 2 none (too many, or used) */
    int raw;       /* pass 1 read the pages: series are keyed by the texts' hashes */
} nvtx_pick;

static uint64_t text_hash(const unsigned char *t, int len)
{
    return nsq_text_hash(t, (size_t)len);
}

static size_t series_key(uint64_t th, int64_t domain, int has_domain, int64_t owner, int pp)
{
    return mix64((int64_t)(th ^ (uint64_t)mix64(has_domain ? domain : INT64_MIN) ^
                           ((uint64_t)mix64(owner) << 1) ^ (uint64_t)pp));
}

/* The series with this key; with add, a new one is created when absent.
 * Returns -1 when absent (and not added). */
static int64_t series_get(nvtx_pick *p, uint64_t th, int64_t domain, int has_domain, int64_t owner,
                          int pp, int add)
{
    if (add && (size_t)(p->ns + 1) * 2 > p->nslots) {
        size_t ncap = p->nslots ? p->nslots * 2 : 1024;
        int64_t *ns = xmalloc(sizeof *ns * ncap);
        for (size_t i = 0; i < ncap; i++)
            ns[i] = -1;
        for (int64_t i = 0; i < p->ns; i++) {
            series *e = &p->sv[i];
            size_t h = series_key(e->th, e->domain, e->has_domain, e->owner, e->pp) & (ncap - 1);
            while (ns[h] >= 0)
                h = (h + 1) & (ncap - 1);
            ns[h] = i;
        }
        free(p->slot);
        p->slot = ns;
        p->nslots = ncap;
    }
    if (!p->nslots)
        return -1;
    size_t h = series_key(th, domain, has_domain, owner, pp) & (p->nslots - 1);
    for (; p->slot[h] >= 0; h = (h + 1) & (p->nslots - 1)) {
        series *e = &p->sv[p->slot[h]];
        if (e->th == th && e->owner == owner && e->pp == pp && e->has_domain == has_domain &&
            (!has_domain || e->domain == domain))
            return p->slot[h];
    }
    if (!add)
        return -1;
    if (p->ns == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 256;
        p->sv = xrealloc(p->sv, sizeof *p->sv * (size_t)p->cap);
    }
    series *e = &p->sv[p->ns];
    memset(e, 0, sizeof *e);
    e->th = th;
    e->domain = domain;
    e->has_domain = has_domain;
    e->owner = owner;
    e->pp = pp;
    e->anc = -1;
    e->last_start = INT64_MIN;
    p->slot[h] = p->ns;
    return p->ns++;
}

static void rec_release(nvtx_pick *p)
{
    for (int64_t b = 0; b * REC_BLOCK < p->nrec; b++)
        free(p->rec[b]);
    free(p->rec);
    p->rec = NULL;
    p->nrec = p->caprec = 0;
    p->rec_state = 2;
}

static void nvtx_pick_release(nvtx_pick *p)
{
    rec_release(p);
    for (int64_t i = 0; i < p->ns; i++) {
        free(p->sv[i].text);
        free(p->sv[i].sp);
    }
    free(p->sv);
    free(p->slot);
    memset(p, 0, sizeof *p);
}

static const char nvtx_where[] =
    " FROM nvtx WHERE kind IN ('push_pop', 'start_end') AND end_ns IS NOT NULL AND end_ns >= "
    "start_ns AND text IS NOT NULL AND (?1 IS NULL OR text = ?1) AND (?2 IS NULL OR pid = ?2)";

/* Prepares the push scan "SELECT PUSH_FN(<cols>) <nvtx_where>" with the
 * --iteration-range and --pid filters; with order, the rows come through a
 * subquery "SELECT <inner> <nvtx_where> ORDER BY <order>" (inner names the
 * columns cols reads) (an aggregate's input has no order of its own; a
 * subquery with ORDER BY under an aggregate is never flattened). */
static int nvtx_prepare(det *d, pushscan *ps, const char *cols, const char *inner,
                        const char *order, sqlite3_stmt **st)
{
    strbuf q = STRBUF_INIT;
    if (order)
        sb_addf(&q, "SELECT " PUSH_FN "(%s) FROM (SELECT %s%s ORDER BY %s)", cols, inner,
                nvtx_where, order);
    else
        sb_addf(&q, "SELECT " PUSH_FN "(%s)%s", cols, nvtx_where);
    int rc = push_prepare(d, ps, q.buf, st, "steady-state NVTX ranges");
    sb_release(&q);
    if (rc)
        return -1;
    if (d->o->iteration_range)
        sqlite3_bind_text(*st, 1, d->o->iteration_range, -1, SQLITE_STATIC);
    if (d->o->has_pid)
        sqlite3_bind_int64(*st, 2, d->o->pid);
    return 0;
}

/* Adds a start-to-start spacing to a series' reservoir (uniform sample). */
static void spacing_add(nvtx_pick *p, series *s, double v)
{
    s->seen_sp++;
    if (s->nsp < RESERVOIR) {
        if (!s->sp)
            s->sp = xmalloc(sizeof *s->sp * RESERVOIR);
        s->sp[s->nsp++] = v;
        return;
    }
    p->rng = p->rng * 6364136223846793005ULL + 1442695040888963407ULL;
    uint64_t k = (p->rng >> 17) % (uint64_t)s->seen_sp;
    if (k < RESERVOIR)
        s->sp[k] = v;
}

/* Keeps a pass-1 row's bounds and series while there are not too many. */
static int rec_add(nvtx_pick *p, int64_t start, int64_t end, int64_t si)
{
    if (p->rec_state == 0) {
        if (p->nrec >= rec_max()) {
            rec_release(p);
            return 0;
        }
        int64_t b = p->nrec / REC_BLOCK, o = p->nrec % REC_BLOCK;
        if (!o) {
            NSQ_GROW(p->rec, b + 1, p->caprec);
            p->rec[b] = xmalloc(sizeof **p->rec);
        }
        p->rec[b]->se[2 * o] = start;
        p->rec[b]->se[2 * o + 1] = end;
        p->rec[b]->s[o] = (int32_t)si; /* fewer than REC_MAX series */
        p->nrec++;
    }
    return 0;
}

/* nvtx_find()'s two scans (the rows of nvtx_prepare()). */
typedef struct nvtx_frame {
    int64_t end, e1, e2;
} nvtx_frame;

typedef struct nvtx_scan {
    nvtx_pick *p;
    nvtx_frame *stack; /* owned */
    int64_t depth, scap, cur_tid;
    int any_eligible;
} nvtx_scan;

/* Pass 1 row: text, domain_id, global_tid, kind = 'push_pop', dur_ns,
 * start_ns, end_ns. */
static int nvtx_count_row(void *ctx, sqlite3_value **v)
{
    nvtx_scan *sc = ctx;
    nvtx_pick *p = sc->p;
    /* the types first: reading a value as text may change its type */
    int tt = sqlite3_value_type(v[0]), dt = sqlite3_value_type(v[1]);
    int gt = sqlite3_value_type(v[2]);
    const unsigned char *t = sqlite3_value_text(v[0]);
    int len = sqlite3_value_bytes(v[0]);
    int pp = sqlite3_value_int(v[3]);
    int64_t gtid = sqlite3_value_int64(v[2]);
    int64_t si = series_get(p, text_hash(t, len), sqlite3_value_int64(v[1]), dt != SQLITE_NULL,
                            pp ? gtid : gtid & GPID_MASK, pp, 1);
    series *e = &p->sv[si];
    if (++e->n == 2)
        e->text = xstrndup((const char *)t, (size_t)len);
    e->total_ns = nsq_sat_add(e->total_ns, sqlite3_value_int64(v[4]));
    if (tt != SQLITE_TEXT || memchr(t, 0, (size_t)len) ||
        (dt != SQLITE_INTEGER && dt != SQLITE_NULL) || gt != SQLITE_INTEGER)
        e->inexact = 1;
    return rec_add(p, sqlite3_value_int64(v[5]), sqlite3_value_int64(v[6]), si);
}

/* Pass 2 row, in (global_tid, start, end desc) order: start_ns, end_ns,
 * global_tid, text, domain_id, kind = 'push_pop'. */
static int nvtx_nest_row(void *ctx, sqlite3_value **v)
{
    nvtx_scan *sc = ctx;
    nvtx_pick *p = sc->p;
    int64_t s0 = sqlite3_value_int64(v[0]), e0 = sqlite3_value_int64(v[1]);
    int64_t gtid = sqlite3_value_int64(v[2]);
    const unsigned char *t = sqlite3_value_text(v[3]);
    int len = sqlite3_value_bytes(v[3]);
    int pp = sqlite3_value_int(v[5]);
    int64_t si =
        series_get(p, text_hash(t, len), sqlite3_value_int64(v[4]),
                   sqlite3_value_type(v[4]) != SQLITE_NULL, pp ? gtid : gtid & GPID_MASK, pp, 0);
    if (si < 0)
        return 0;
    series *s = &p->sv[si];
    int inner = 0;
    if (pp) {
        if (gtid != sc->cur_tid) {
            sc->cur_tid = gtid;
            sc->depth = 0;
        }
        while (sc->depth && sc->stack[sc->depth - 1].end <= s0)
            sc->depth--;
        int64_t pe1 = -1, pe2 = -1;
        if (sc->depth && sc->stack[sc->depth - 1].end >= e0) {
            pe1 = sc->stack[sc->depth - 1].e1;
            pe2 = sc->stack[sc->depth - 1].e2;
        }
        int64_t other = pe1 != -1 && pe1 != si ? pe1 : pe2 != -1 && pe2 != si ? pe2 : -1;
        if (other >= 0 && s->n >= 2) {
            s->nested_other++;
            if (s->anc < 0)
                s->anc = other;
            if (s->anc == other)
                s->anc_n++;
        }
        inner = pe1 == si || pe2 == si;
        if (s->eligible) {
            if (sc->depth == sc->scap) {
                sc->scap = sc->scap ? sc->scap * 2 : 32;
                sc->stack = xrealloc(sc->stack, sizeof *sc->stack * (size_t)sc->scap);
            }
            nvtx_frame *f = &sc->stack[sc->depth++];
            f->end = e0;
            f->e1 = si;
            f->e2 = pe1 != si ? pe1 : pe2;
        }
    }
    if (s->n < 2 || (sc->any_eligible && !s->eligible) || inner)
        return 0;
    if (s->last_start != INT64_MIN)
        spacing_add(p, s, (double)(s0 - s->last_start));
    s->last_start = s0;
    s->kept++;
    return 0;
}

/* Pass 1 from the pages (nsq_parscan raw_only): the nvtx view's rows with
 * nvtx_where applied here and the inline text as its hash. Row: start_ns,
 * end_ns, event_type, global_tid, domain_id, text_id, #text_inline, row_id.
 * The page reader hands out only integers, NULLs and texts without a NUL, so
 * every series is exact unless its thread id is NULL, as in the SQL pass; a
 * text_id whose StringIds value is not such a text, or a duration that
 * overflows, sends the whole pass back to SQL (aborted). */
typedef struct nvtx_raw {
    det *d;
    nvtx_pick *p;
    i64map ids; /* text_id -> 1 + index in th/state */
    uint64_t *th;
    int *state; /* its StringIds value: 0 NULL (or none), 1 a text, 2 anything else */
    int64_t nids;
    int aborted;
} nvtx_raw;

static int raw_text(nvtx_raw *nr, const int64_t *v, unsigned nulls, int64_t *out);

/* The NVTX rows as the page reader gives them, for both passes (the columns
 * nvtx_raw_row and inst_raw_row read). */
static nsq_parscan_req nvtx_pages_req(const char *what)
{
    return (nsq_parscan_req){.view = "nvtx",
                             .cols = "start_ns, end_ns, event_type, global_tid, domain_id, "
                                     "text_id, #text_inline, row_id",
                             .ncols = 8,
                             .what = what,
                             .raw_only = 1};
}

static int nvtx_raw_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    nvtx_raw *nr = ctx;
    nvtx_pick *p = nr->p;
    const nsq_steady_opts *o = nr->d->o;
    int64_t et = v[2], gtid = v[3], th, dur;
    (void)err;
    /* kind IN ('push_pop', 'start_end'), end_ns >= start_ns (neither NULL) */
    if ((nulls & 7u) || v[1] < v[0] || !(et == 59 || et == 70 || et == 60 || et == 71))
        return 0;
    if (o->has_pid && ((nulls & 8u) || ((gtid >> 24) & 16777215) != o->pid))
        return 0;
    int tr = raw_text(nr, v, nulls, &th);
    if (tr)
        return tr > 0 ? 0 : -1;
    if (__builtin_sub_overflow(v[1], v[0], &dur)) {
        nr->aborted = 1;
        return -1;
    }
    int pp = et == 59 || et == 70;
    int64_t si =
        series_get(p, (uint64_t)th, v[4], !(nulls & 16u), pp ? gtid : gtid & GPID_MASK, pp, 1);
    series *e = &p->sv[si];
    if (++e->n == 1)
        e->first_row = v[7];
    e->total_ns = nsq_sat_add(e->total_ns, dur);
    if (nulls & 8u)
        e->inexact = 1;
    return rec_add(p, v[0], v[1], si);
}

/* The text hash of a row read from the pages (inline text or StringIds
 * value by text_id): 0, 1 when the text is NULL (the row is not a range),
 * -1 (aborted) when the value is not a text the pages could give. */
static int raw_text(nvtx_raw *nr, const int64_t *v, unsigned nulls, int64_t *out)
{
    int64_t th;
    if (!(nulls & 64u)) {
        th = v[6];
    } else if (nulls & 32u) {
        return 1; /* text IS NULL */
    } else {
        int ins;
        int64_t *slot = i64map_get(&nr->ids, v[5], nr->nids, &ins);
        if (ins) {
            if (!(nr->nids & (nr->nids - 1))) {
                size_t cap = nr->nids ? (size_t)nr->nids * 2 : 16;
                nr->th = xrealloc(nr->th, cap * sizeof *nr->th);
                nr->state = xrealloc(nr->state, cap * sizeof *nr->state);
            }
            nr->nids++;
            sqlite3_stmt *st = NULL;
            int val = 0; /* NULL */
            uint64_t h = 0;
            if (sqlite3_prepare_v2(nr->d->x->db, "SELECT s.value FROM StringIds s WHERE s.id = ?1",
                                   -1, &st, NULL) != SQLITE_OK) {
                val = 2;
            } else {
                sqlite3_bind_int64(st, 1, v[5]);
                int rc = sqlite3_step(st);
                if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_TEXT) {
                    const unsigned char *t = sqlite3_column_text(st, 0);
                    int len = sqlite3_column_bytes(st, 0);
                    val = memchr(t, 0, (size_t)len) ? 2 : 1;
                    h = text_hash(t, len);
                } else if (!(rc == SQLITE_DONE ||
                             (rc == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_NULL))) {
                    val = 2;
                }
            }
            sqlite3_finalize(st);
            nr->th[*slot] = h;
            nr->state[*slot] = val;
        }
        if (nr->state[*slot] == 2) {
            nr->aborted = 1;
            return -1;
        }
        if (nr->state[*slot] == 0)
            return 1;
        th = (int64_t)nr->th[*slot];
    }
    *out = th;
    return 0;
}

/* Pass 1 from the pages: 0, -1 (d->err set), or NSQ_PARSCAN_NOT_RAW with p
 * as it was (empty). */
static int nvtx_count_raw(det *d, nvtx_pick *p)
{
    if (d->o->iteration_range)
        return NSQ_PARSCAN_NOT_RAW; /* text = ?1 needs the texts themselves */
    nvtx_raw nr = {d, p, {0}, NULL, NULL, 0, 0};
    nsq_parscan_req req = nvtx_pages_req("steady-state NVTX ranges");
    int rc = nsq_parscan(d->x, &req, nvtx_raw_row, &nr, d->err);
    i64map_release(&nr.ids);
    free(nr.th);
    free(nr.state);
    if (rc == 0) {
        p->raw = 1;
        return 0;
    }
    if (rc < 0 && !nr.aborted)
        return -1;
    uint64_t rng = p->rng;
    nvtx_pick_release(p);
    p->chosen = -1;
    p->rng = rng;
    return NSQ_PARSCAN_NOT_RAW;
}

/* The chosen series' text when pass 1 came from the pages (hashes only). */
static int chosen_text(det *d, nvtx_pick *p)
{
    series *s = &p->sv[p->chosen];
    sqlite3_stmt *st = NULL;
    int rc;
    if (s->text)
        return 0;
    rc = sqlite3_prepare_v2(d->x->db, "SELECT text FROM nvtx WHERE row_id = ?1", -1, &st, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, s->first_row);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW)
            s->text = xstrndup((const char *)sqlite3_column_text(st, 0),
                               (size_t)sqlite3_column_bytes(st, 0));
    }
    sqlite3_finalize(st);
    if (!s->text)
        return sql_fail(d, rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_CORRUPT : rc,
                        "steady-state NVTX range text");
    return 0;
}

/* Picks the iteration series among repeated NVTX ranges (p->chosen).
 * Pass 1 counts every series; pass 2 walks each thread's ranges in start
 * order (outer before inner) with a stack to see which repeated series sit
 * inside which, and samples each candidate's spacing. */
static int nvtx_find(det *d, nvtx_pick *p)
{
    sqlite3_stmt *st = NULL;
    int ret = -1, any_eligible = 0;
    nvtx_scan scan = {p, NULL, 0, 0, INT64_MIN, 0};
    pushscan ps = {nvtx_count_row, &scan, 0};
    double *scratch = xmalloc(sizeof *scratch * RESERVOIR);
    memset(p, 0, sizeof *p);
    p->chosen = -1;
    p->rng = 0x9e3779b97f4a7c15ULL;

    int raw = nvtx_count_raw(d, p);
    if (raw < 0)
        goto done;
    if (raw == NSQ_PARSCAN_NOT_RAW &&
        (nvtx_prepare(d, &ps,
                      "text, domain_id, global_tid, kind = 'push_pop', dur_ns, start_ns, end_ns",
                      NULL, NULL, &st) ||
         push_run(d, &ps, st, "steady-state NVTX ranges")))
        goto done;
    if (p->rec_state == 0)
        p->rec_state = 1;
    int64_t ncand = 0;
    for (int64_t i = 0; i < p->ns; i++) {
        p->sv[i].eligible = p->sv[i].n >= MIN_SERIES;
        any_eligible |= p->sv[i].eligible;
        ncand += p->sv[i].n >= 2;
    }
    if (!ncand) {
        ret = 0;
        goto done;
    }
    if (ncand == 1) {
        /* nothing to compare it with: no nesting or regularity needed */
        for (int64_t i = 0; i < p->ns; i++)
            if (p->sv[i].n >= 2)
                p->chosen = i;
        ret = 0;
        goto done;
    }

    scan.any_eligible = any_eligible;
    ps.row = nvtx_nest_row;
    if (nvtx_prepare(d, &ps, "start_ns, end_ns, global_tid, text, domain_id, pp",
                     "start_ns, end_ns, global_tid, text, domain_id, kind = 'push_pop' AS pp",
                     "global_tid, start_ns, end_ns DESC", &st))
        goto done;
    if (push_run(d, &ps, st, "steady-state NVTX ranges"))
        goto done;
    for (int64_t i = 0; i < p->ns; i++) {
        series *s = &p->sv[i];
        double med = 0, sc = 0;
        if (s->nsp > 0)
            median_scale(s->sp, s->nsp, scratch, &med, &sc);
        s->rcv = med > 0 ? sc / med : 1e9;
        s->score = (double)s->total_ns / (1.0 + s->rcv);
    }

    /* choose: the best-scoring top-level eligible series (with
     * --iteration-range, or when none repeats 5 times: the most frequent) */
    int64_t best = -1;
    int by_count = d->o->iteration_range || !any_eligible;
    for (int64_t i = 0; i < p->ns; i++) {
        series *s = &p->sv[i];
        if (!s->kept || (!by_count && (!s->eligible || s->nested_other * 2 >= s->n)))
            continue;
        if (best < 0) {
            best = i;
            continue;
        }
        series *b = &p->sv[best];
        int better = by_count ? s->kept > b->kept || (s->kept == b->kept && s->score > b->score)
                              : s->score > b->score || (s->score == b->score && s->kept > b->kept);
        if (better)
            best = i;
    }
    /* descend into a much more frequent nested range when the outer one is rare */
    while (best >= 0 && !d->o->iteration_range && p->sv[best].kept < DESCEND_BELOW) {
        int64_t child = -1;
        for (int64_t i = 0; i < p->ns; i++) {
            series *c = &p->sv[i];
            if (!c->eligible || !c->kept || c->anc != best || c->anc_n * 2 < c->n ||
                c->kept < 4 * p->sv[best].kept)
                continue;
            if (child < 0 || c->score > p->sv[child].score)
                child = i;
        }
        if (child < 0)
            break;
        best = child;
    }
    p->chosen = best;
    ret = 0;
done:
    if (!ret && p->chosen >= 0)
        ret = chosen_text(d, p);
    free(scan.stack);
    free(scratch);
    return ret;
}

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
        int ok = d->o->has_device ? device_ok(d, v[2], v[as->devcol]) : 1;
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
    int ok = device_ok(d, as->gpid, d->o->has_device ? v[as->devcol] : 0);
    if (ok < 0)
        return -1;
    if (!ok)
        return 0;
    it_extend(d, k, a, b, as->is_kernel);
    d->r->kernels_used += as->is_kernel;
    return 0;
}

/* view: one of the fixed names kernel, memcpy, memset. The device is read
 * only when --device asks for it (device_ok() never looks at it otherwise). */
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
    return par_scan(d, view, cols, as.devcol + dev, NULL, NULL, 0, attribute_row, &as,
                    "steady-state GPU ops");
}

/* nvtx_iterations()'s scans: the instances (start_ns, end_ns) into
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
    it_bounds(d, new_iter(d), v[0], v[1]);
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
    int tr = raw_text(&ir->nr, v, nulls, &th);
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
    nsq_parscan_req req = nvtx_pages_req("steady-state NVTX instances");
    int rc = nsq_parscan(d->x, &req, inst_raw_row, &ir, d->err);
    i64map_release(&ir.nr.ids);
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
} launch_scan;

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

/* The launch scan's WHERE clauses in C (nsq_parscan then reads the pages):
 * v[1] correlation_id, v[2] global_tid, ?1 the series' owner. */
static int keep_thread_launch(const int64_t *v, unsigned nulls, const nsq_parscan_req *r)
{
    return !(nulls & 6u) && v[2] == r->binds[0].i;
}

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
    reserve_iters(d, d->n + s->n);
    if (p->rec_state == 1 && !s->inexact) {
        /* the rows nvtx_find() kept: the query below would give these */
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
        if (par_scan(d, "nvtx", "start_ns, end_ns", 2,
                     s->pp ? "kind = 'push_pop' AND end_ns IS NOT NULL AND end_ns >= start_ns AND "
                             "text = ?1 AND domain_id IS ?2 AND global_tid = ?3"
                           : "kind = 'start_end' AND end_ns IS NOT NULL AND end_ns >= start_ns "
                             "AND text = ?1 AND domain_id IS ?2 AND (global_tid & -16777216) = ?3",
                     ib, 3, instance_row, &is, "steady-state NVTX instances"))
            return -1;
    }
    rec_release(p); /* a second call (after the kernel paths) reads the table */
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
static int nvtx_iterations(det *d, nvtx_pick *p, double *attributed)
{
    series *s = &p->sv[p->chosen];
    nsq_steady *r = d->r;
    nsq_corrmap cm = {0};
    int64_t overlapped = 0, with_k = 0;
    int ret = -1;
    reset_iters(d);
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
        add_warning(r, "overlapping_iteration_ranges",
                    "%lld instances of NVTX range '%s' overlap an earlier one and were skipped",
                    (long long)overlapped, s->text);
    snprintf(r->iteration_name, sizeof r->iteration_name, "%s", s->text);
    r->series_count = s->n;
    r->pid = (s->owner >> 24) & 0xFFFFFF;
    r->tid = s->pp ? (s->owner & 0xFFFFFF) : -1;

    /* launch calls inside an instance, on its thread (start/end: any thread
     * of the process) */
    launch_scan ls = {d, &cm, 0};
    nsq_parscan_bind lb = {NSQ_BIND_INT, s->owner, NULL};
    nsq_parscan_req lr = {
        .view = "api",
        .cols = "start_ns, correlation_id, global_tid",
        .ncols = 3,
        .where = s->pp ? "global_tid = ?1 AND correlation_id IS NOT NULL"
                       : "(global_tid & -16777216) = ?1 AND correlation_id IS NOT NULL",
        .binds = &lb,
        .nbinds = 1,
        .what = "steady-state launch calls",
        .keep = s->pp ? keep_thread_launch : keep_process_launch};
    if (nsq_parscan(d->x, &lr, launch_row, &ls, d->err))
        goto done;
    if (d->n > INT32_MAX) {
        nsq_error(d->err, NSQ_EXIT_INPUT, "too_many_iterations",
                  "more than 2^31 instances of NVTX range '%s'", s->text);
        goto done;
    }
    cap_reset(d);
    acct_reset(&d->acc);
    if (attribute_view(d, "kernel", 1, s->owner & GPID_MASK, &cm) ||
        attribute_view(d, "memcpy", 0, s->owner & GPID_MASK, &cm) ||
        attribute_view(d, "memset", 0, s->owner & GPID_MASK, &cm) || cap_finish(d))
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
static int nvtx_metrics(det *d, nvtx_pick *p, int by_kernels)
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
            it_bounds(d, &d->it[i], d->rs[i], d->re[i]);
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

/* ------------------------------------------------------------ kernels */

typedef struct krec {
    int64_t start;
    uint32_t dur; /* saturates at UINT32_MAX (4.29 s) */
    int32_t name; /* dense name index */
} krec;

typedef struct kset {
    krec *k;
    int64_t n;
    int64_t *name_ids; /* dense index -> short-name id */
    int64_t nnames;
    int64_t saturated;
} kset;

static void kset_release(kset *ks)
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

static inline int64_t kend(const krec *k)
{
    return k->start + (int64_t)k->dur;
}

typedef struct kctx {
    int64_t gpid, dev, count;
} kctx;

/* kernels_load()'s scan state; the arrays are handed back to it after. */
typedef struct kload {
    det *d;
    kset *ks;
    kctx *cx;     /* contexts seen (owned) */
    uint16_t *kc; /* context of each kept row (owned) */
    i64map names; /* short-name id -> dense index */
    /* a small direct-mapped cache in front of the name map: names repeat */
    int64_t cache_id[256], cache_ix[256];
    int64_t ncx, capcx, cap, ncap, last;
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
    int dok = d->o->has_device ? device_ok(d, gpid, dev) : 1;
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
            NSQ_GROW(ld->cx, ld->ncx + 1, ld->capcx);
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
        dense = *i64map_get(&ld->names, nid, ks->nnames, &ins);
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
static int kernels_load(det *d, kset *ks)
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
        return sql_fail(d, sqlite3_errcode(d->x->db), "steady-state kernel count");
    ld.d = d;
    ld.ks = ks;
    ld.last = -1;
    ld.cap = total < 1 ? 4096 : total > ((int64_t)1 << 26) ? (int64_t)1 << 26 : total;
    ks->k = xmalloc(sizeof *ks->k * (size_t)ld.cap);
    ld.kc = xmalloc(sizeof *ld.kc * (size_t)ld.cap);
    cap_reset(d);
    acct_reset(&d->acc);
    rc = par_scan(d, "kernel",
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
    if (cap_small_views(d) || cap_finish(d))
        goto done;
    /* the busiest context that passes --device */
    int64_t best = -1;
    for (int64_t i = 0; i < ncx; i++) {
        int ok = device_ok(d, cx[i].gpid, cx[i].dev);
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
    if (gpu_of(d, r->pid, r->device_id, &r->gpu))
        goto done;
    snprintf(r->device_identity, sizeof r->device_identity, "%s", d->identity);
    if (ks->saturated)
        add_warning(r, "kernel_duration_saturated",
                    "%lld kernels last longer than 4.29 s; their durations were capped there",
                    (long long)ks->saturated);
    ret = 0;
done:
    free(cx);
    free(kc);
    i64map_release(&names);
    if (ret)
        kset_release(ks);
    return ret;
}

/* ------------------------------------------------------------ period */

/* Share of `count` evenly spread positions i in [lo, m) with
 * name[i] != name[i + p]; returns 1 early once the share passes `stop`. */
static double mismatch(const krec *k, int64_t lo, int64_t m, int64_t p, int64_t count, double stop)
{
    int64_t len = m - lo, bad = 0, seen = 0;
    if (count > len)
        count = len;
    if (count <= 0)
        return 1;
    int64_t limit = (int64_t)(stop * (double)count) + 1;
    for (int64_t j = 0; j < count; j++) {
        int64_t i = lo + (int64_t)((double)j * (double)len / (double)count);
        seen++;
        if (k[i].name != k[i + p].name && ++bad > limit)
            return 1;
    }
    return (double)bad / (double)seen;
}

/* Mismatch of period p over positions [lo, hi), robust to inserted or
 * missing kernels: two cursors walk the sequence p apart comparing names; on a
 * mismatch they re-synchronise by skipping one name on either side when the
 * next two names then agree (an insertion or deletion), else both move on (a
 * substitution). Each mismatch counts once, not p times as a plain
 * comparison at lag p would count an insertion. A wrong period re-synchronises
 * to the true one and then mostly walks at another distance, so at least half
 * of the steps must be at distance p. At most 1M steps.
 * *clean: start of the longest run of agreeing names (where the pattern is
 * read). Returns the share of steps that mismatched (1 when not at lag p). */
static double align_mismatch(const krec *k, int64_t n, int64_t lo, int64_t hi, int64_t p,
                             int64_t *clean)
{
    int64_t a = lo, b = lo + p, steps = 0, bad = 0, at_p = 0, run = 0, run_start = lo,
            best_run = -1;
    int64_t limit = hi - lo < 1000000 ? hi - lo : 1000000;
    *clean = lo;
    while (steps < limit && a < hi && b + 2 < n) {
        steps++;
        at_p += b - a == p;
        if (k[a].name == k[b].name) {
            if (!run)
                run_start = a;
            run++;
            if (run > best_run) {
                best_run = run;
                *clean = run_start;
            }
            a++;
            b++;
            continue;
        }
        bad++;
        run = 0;
        if (k[a + 1].name == k[b].name && k[a + 2].name == k[b + 1].name)
            a++; /* an extra name at a */
        else if (k[a].name == k[b + 1].name && k[a + 1].name == k[b + 2].name && b - a < 2 * p)
            b++; /* an extra name at b */
        else {
            a++;
            b++;
        }
        if (b - a < 1)
            b = a + 1;
    }
    if (!steps || at_p * 2 < steps)
        return 1;
    return (double)bad / (double)steps;
}

/* Positions compared for period p: the central half of [0, n - p), which
 * leaves out warm-up and tear-down phases with other kernels, or all of it
 * when the central half is shorter than one period. */
static void period_region(int64_t n, int64_t p, int64_t *lo, int64_t *hi)
{
    int64_t m = n - p;
    *lo = m / 4;
    *hi = m - m / 4;
    if (*hi - *lo < p) {
        *lo = 0;
        *hi = m;
    }
}

typedef struct period {
    int64_t p;
    double mismatch;
    int64_t s;        /* a position where the pattern is taken from */
    int64_t len;      /* anchor n-gram length */
    int32_t gram[16]; /* anchor names; the first one starts an iteration */
} period;

static int cmp_u64pair(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    if (x[0] != y[0])
        return (x[0] > y[0]) - (x[0] < y[0]);
    return (x[1] > y[1]) - (x[1] < y[1]);
}

/* Finds the smallest period that repeats at least 90 % of positions.
 * Candidates: every p <= PERIOD_SMALL, and distances to the 1st..4th previous
 * occurrence of the same name in the later part of the sequence. */
static int period_find(const kset *ks, period *pr)
{
    const krec *k = ks->k;
    int64_t n = ks->n;
    int64_t *cand = NULL, ncand = 0;
    double *esub = NULL;
    int32_t *occ = NULL;
    int64_t *dist = NULL, ndist = 0;
    int found = 0;
    memset(pr, 0, sizeof *pr);
    if (n < 2)
        return 0;
    if (ks->nnames == 1) {
        pr->p = 1;
        pr->mismatch = 0;
        pr->s = n / 2;
        found = 1;
        goto done;
    }
    int64_t pmax = n / 2;
    int64_t small = pmax < PERIOD_SMALL ? pmax : PERIOD_SMALL;
    {
        int64_t rlo = n / 4, rhi = n - n / 4;
        if (rhi - rlo > 1000000) {
            rlo = n / 2 - 500000;
            rhi = n / 2 + 500000;
        }
        occ = xmalloc(sizeof *occ * 4 * (size_t)ks->nnames);
        for (int64_t i = 0; i < 4 * ks->nnames; i++)
            occ[i] = -1;
        dist = xmalloc(sizeof *dist * 4 * (size_t)(rhi - rlo + 1));
        for (int64_t i = rlo; i < rhi; i++) {
            int32_t *o = &occ[4 * (int64_t)k[i].name];
            for (int q = 0; q < 4; q++)
                if (o[q] >= 0 && i - o[q] > small && i - o[q] <= pmax)
                    dist[ndist++] = i - o[q];
            o[3] = o[2];
            o[2] = o[1];
            o[1] = o[0];
            o[0] = (int32_t)i;
        }
        qsort(dist, (size_t)ndist, sizeof *dist, nsq_cmp_i64);
    }
    cand = xmalloc(sizeof *cand * (size_t)(small + ndist + 1));
    for (int64_t p = 1; p <= small; p++)
        cand[ncand++] = p;
    for (int64_t i = 0; i < ndist;) {
        int64_t j = i;
        while (j < ndist && dist[j] == dist[i])
            j++;
        if (j - i >= 2)
            cand[ncand++] = dist[i];
        i = j;
    }
    esub = xmalloc(sizeof *esub * (size_t)(ncand + 1));
    double emin = 1;
    for (int64_t c = 0; c < ncand; c++) {
        int64_t p = cand[c];
        int64_t lo, hi;
        period_region(n, p, &lo, &hi);
        esub[c] = mismatch(k, lo, hi, p, 128, 0.5);
        if (esub[c] < emin)
            emin = esub[c];
    }
    /* full check of the promising ones, smallest first */
    double efmin = 1;
    int64_t nfull = 0, *clean = xmalloc(sizeof *clean * (size_t)(ncand + 1));
    for (int64_t c = 0; c < ncand; c++) {
        if (nfull >= 64 || esub[c] > emin + 0.3 || esub[c] > 0.6) {
            esub[c] = 2; /* not checked */
            continue;
        }
        int64_t p = cand[c], lo, hi;
        period_region(n, p, &lo, &hi);
        esub[c] = align_mismatch(k, n, lo, hi, p, &clean[c]);
        if (esub[c] < efmin)
            efmin = esub[c];
        nfull++;
    }
    /* the smallest period not much worse than the best: a multiple of it that
     * repeats clearly better means the mismatches are themselves periodic,
     * i.e. part of a longer pattern (A x 100 then B is period 101, not 1) */
    double limit = fmax(2 * efmin, efmin + 0.01);
    for (int64_t c = 0; c < ncand; c++) {
        if (esub[c] <= limit && esub[c] <= PERIOD_MISMATCH) {
            pr->p = cand[c];
            pr->mismatch = esub[c];
            pr->s = clean[c];
            found = 1;
            break;
        }
    }
    free(clean);
done:
    free(cand);
    free(esub);
    free(occ);
    free(dist);
    return found;
}

/* Picks where an iteration starts inside the period (read at pr->s): a
 * position whose name n-gram starting there (up to 16 names) occurs nowhere
 * else in the period. Among the positions with the largest median GPU idle
 * time before them (within 10 %), the one whose n-gram also starts the whole
 * sequence wins, else the one nearest the phase of the first kernel; then the
 * other positions by idle time. */
static int period_anchor(const kset *ks, period *pr)
{
    const krec *k = ks->k;
    int64_t n = ks->n, p = pr->p, s = pr->s;
    int64_t *gaps = NULL, *cand = NULL;
    double *med = NULL, *tmp = NULL;
    uint64_t *order = NULL;
    int ok = 0;
    if (s + p > n)
        s = n - p;
    if (s < 0)
        return 0;
    pr->s = s;
    int64_t q = (n - s) / p;
    if (q > 64)
        q = 64;
    if (q * p > 4000000)
        q = 4000000 / p > 1 ? 4000000 / p : 1;
    gaps = xmalloc(sizeof *gaps * (size_t)(q * p));
    med = xmalloc(sizeof *med * (size_t)p);
    tmp = xmalloc(sizeof *tmp * (size_t)(q + 1));
    {
        int64_t runmax = INT64_MIN;
        for (int64_t i = s > 64 ? s - 64 : 0; i < s; i++)
            if (kend(&k[i]) > runmax)
                runmax = kend(&k[i]);
        for (int64_t qq = 0; qq < q; qq++)
            for (int64_t j = 0; j < p; j++) {
                const krec *x = &k[s + qq * p + j];
                int64_t g = runmax == INT64_MIN ? 0 : x->start - runmax;
                gaps[j * q + qq] = g > 0 ? g : 0;
                if (kend(x) > runmax)
                    runmax = kend(x);
            }
        for (int64_t j = 0; j < p; j++) {
            for (int64_t qq = 0; qq < q; qq++)
                tmp[qq] = (double)gaps[j * q + qq];
            qsort(tmp, (size_t)q, sizeof *tmp, cmp_double);
            med[j] = quantile_sorted(tmp, q, 0.5);
        }
    }
    /* candidate starts: the largest median idle time before them (within 10 %)
     * nearest the phase of the first kernel first, then the rest by idle time */
    {
        double bestgap = 0;
        int64_t j0 = ((-s) % p + p) % p, tries = 0, fallback = -1;
        for (int64_t j = 0; j < p; j++)
            if (med[j] > bestgap)
                bestgap = med[j];
        order = xmalloc(sizeof *order * 2 * (size_t)p);
        for (int64_t j = 0; j < p; j++) {
            int tier = med[j] >= 0.9 * bestgap ? 0 : 1;
            /* key: tier, then distance from j0 (tier 0) or less idle time (tier 1) */
            order[2 * j] = tier ? ((uint64_t)1 << 62) + (uint64_t)llround(1e12 / (1.0 + med[j]))
                                : (uint64_t)(((j - j0) % p + p) % p);
            order[2 * j + 1] = (uint64_t)j;
        }
        qsort(order, (size_t)p, 2 * sizeof *order, cmp_u64pair);
        cand = xmalloc(sizeof *cand * (size_t)p);
        for (int64_t t = 0; t < p && tries < 256; t++, tries++) {
            int64_t j = (int64_t)order[2 * t + 1], nc = 0, len;
            if (ok && order[2 * t] >= ((uint64_t)1 << 62))
                break; /* a tier-0 position was found: the others come second */
            /* other positions whose name n-gram agrees with j's, shrinking as it grows */
            for (int64_t w = 0; w < p; w++)
                if (w != j && k[s + w].name == k[s + j].name)
                    cand[nc++] = w;
            for (len = 1; nc && len < 16 && s + p + len <= n; len++) {
                int64_t m = 0;
                for (int64_t i = 0; i < nc; i++)
                    if (k[s + cand[i] + len].name == k[s + j + len].name)
                        cand[m++] = cand[i];
                nc = m;
            }
            if (nc)
                continue;
            int starts_at_0 = len <= n;
            for (int64_t i = 0; starts_at_0 && i < len; i++)
                starts_at_0 = k[i].name == k[s + j + i].name;
            if (fallback < 0 || starts_at_0) {
                fallback = j;
                pr->len = len;
                for (int64_t i = 0; i < len; i++)
                    pr->gram[i] = k[s + j + i].name;
                ok = 1;
            }
            if (starts_at_0 || order[2 * t] >= ((uint64_t)1 << 62))
                break;
        }
    }
    free(gaps);
    free(med);
    free(tmp);
    free(order);
    free(cand);
    return ok;
}

/* Cuts the kernels into iterations at each occurrence of the anchor. */
static void period_iterations(det *d, const kset *ks, const period *pr)
{
    const krec *k = ks->k;
    iter *t = NULL;
    int64_t first = -1;
    reset_iters(d);
    reserve_iters(d, ks->n / pr->p + 16);
    for (int64_t i = 0; i < ks->n; i++) {
        int match = i + pr->len <= ks->n;
        for (int64_t j = 0; match && j < pr->len; j++)
            match = k[i + j].name == pr->gram[j];
        if (match) {
            t = new_iter(d);
            if (first < 0)
                first = i;
        }
        if (!t)
            continue;
        it_extend(d, d->n - 1, k[i].start, kend(&k[i]), 1);
    }
    nsq_steady *r = d->r;
    r->prologue_kernels = first < 0 ? ks->n : first;
    r->kernels_used = ks->n - r->prologue_kernels;
    snprintf(r->metric[0].name, sizeof r->metric[0].name, "kernel_time_ns");
    snprintf(r->metric[1].name, sizeof r->metric[1].name, "step_ns");
    r->metric[0].integer = r->metric[1].integer = 1;
    d->mk[0] = MK_KERNEL_TIME;
    d->mk[1] = MK_STEP;
}

/* Adds the part of [lo, hi) inside each bin to acc[]. */
static void spread(const det *d, double *acc, int64_t nb, int64_t t0, int64_t w, int64_t lo,
                   int64_t hi)
{
    int64_t b = (lo - t0) / w;
    if (b >= nb)
        b = nb - 1;
    for (; b < nb && d->it[b].start_ns < hi; b++) {
        int64_t a = lo > d->it[b].start_ns ? lo : d->it[b].start_ns;
        int64_t be = it_end(d, &d->it[b]);
        int64_t e = hi < be ? hi : be;
        if (e > a)
            acc[b] += (double)(e - a);
    }
}

/* Kernel activity in equal time bins: busy share (union of kernel intervals
 * / bin length) and kernel rate (kernels starting in the bin per second). */
static void bins_iterations(det *d, const kset *ks)
{
    const krec *k = ks->k;
    int64_t n = ks->n, t0 = k[0].start, t1 = INT64_MIN;
    nsq_steady *r = d->r;
    reset_iters(d);
    for (int64_t i = 0; i < n; i++)
        if (kend(&k[i]) > t1)
            t1 = kend(&k[i]);
    int64_t nb = n / 50;
    if (nb < 10)
        nb = 10;
    if (nb > 200)
        nb = 200;
    if (t1 - t0 < nb)
        return;
    int64_t w = (t1 - t0 + nb - 1) / nb;
    nb = (t1 - t0 + w - 1) / w;
    double *busy = xcalloc((size_t)nb, sizeof *busy);
    double *ktime = xcalloc((size_t)nb, sizeof *ktime);
    r->bin_ns = w;
    for (int64_t b = 0; b < nb; b++)
        it_bounds(d, new_iter(d), t0 + b * w, t0 + (b + 1) * w < t1 ? t0 + (b + 1) * w : t1);
    int64_t *nk = xcalloc((size_t)nb, sizeof *nk);
    int64_t us = k[0].start, ue = kend(&k[0]);
    for (int64_t i = 0; i < n; i++) {
        const krec *x = &k[i];
        int64_t b = (x->start - t0) / w;
        nk[b < nb ? b : nb - 1]++;
        spread(d, ktime, nb, t0, w, x->start, kend(x));
        if (x->start <= ue) {
            if (kend(x) > ue)
                ue = kend(x);
            continue;
        }
        spread(d, busy, nb, t0, w, us, ue);
        us = x->start;
        ue = kend(x);
    }
    spread(d, busy, nb, t0, w, us, ue);
    snprintf(r->metric[0].name, sizeof r->metric[0].name, "busy_share");
    snprintf(r->metric[1].name, sizeof r->metric[1].name, "kernel_rate_per_s");
    d->mk[0] = d->mk[1] = MK_STORED;
    for (int m = 0; m < 2; m++) {
        free(d->stored[m]);
        d->stored[m] = xmalloc(sizeof *d->stored[m] * (size_t)nb);
    }
    for (int64_t b = 0; b < nb; b++) {
        iter *t = &d->it[b];
        int64_t end = it_end(d, t);
        double len = (double)(end - t->start_ns);
        it_set(d, t, end, llround(ktime[b]));
        t->sf |= IT_GPU | (nk[b] ? IT_KERNEL : 0);
        if (d->kn)
            d->kn[b] = nk[b];
        d->stored[0][b] = len > 0 ? busy[b] / len : NAN;
        d->stored[1][b] = len > 0 ? (double)nk[b] * 1e9 / len : NAN;
    }
    r->kernels_used = n;
    free(nk);
    free(busy);
    free(ktime);
}

/* ------------------------------------------------------------ judging */

/* Level and scale of metric m over iterations [lo, hi) (missing values
 * skipped); buf gets the values used (in no particular order). Returns the
 * number of values used. A window measured before in this judge() gives the
 * same median and MAD (selection does not depend on the order of the values),
 * so they are taken from d->lm. */
static int64_t fill_values(det *d, int m, int64_t lo, int64_t hi, double *buf)
{
    int64_t c = 0;
    for (int64_t i = lo; i < hi; i++) {
        double v = val(d, m, i);
        if (!isnan(v))
            buf[c++] = v;
    }
    return c;
}

/* Level (median) and scale (1.4826 MAD) of metric m over [lo, hi); buf[0..c)
 * holds its valid values (in some order) on return. */
static int64_t level_of(det *d, int m, int64_t lo, int64_t hi, double *buf, double *level,
                        double *scale)
{
    int64_t c = fill_values(d, m, lo, hi, buf);
    if (!c)
        return 0;
    for (int k = 0; k < d->nlm; k++)
        if (d->lm[k].m == m && d->lm[k].lo == lo && d->lm[k].hi == hi) {
            *level = d->lm[k].level;
            *scale = d->lm[k].scale;
            return c;
        }
    median_scale_inplace(buf, c, level, scale);
    fill_values(d, m, lo, hi, buf); /* the values again (no scratch array of n) */
    struct level_memo *e = &d->lm[d->next_lm];
    d->next_lm = (d->next_lm + 1) % (int)(sizeof d->lm / sizeof *d->lm);
    if (d->nlm < (int)(sizeof d->lm / sizeof *d->lm))
        d->nlm++;
    e->m = m;
    e->lo = lo;
    e->hi = hi;
    e->level = *level;
    e->scale = *scale;
    return c;
}

static double band_of(double level, double scale)
{
    double b = fmax(BAND_K * scale, BAND_REL * fabs(level));
    return b > 0 ? b : 1e-9;
}

/* The split [a, b) that disagrees with the fewest in/out marks (cls 1 in,
 * 0 out, -1 missing): in before a + out inside + in after b. Ties go to the
 * longer window (the earlier a, the later b): a lone outlier next to a clear
 * warm-up or tear-down is noise as likely as not. Missing values never move a boundary: the split
 * is made over the valid values and a missing value next to the window joins it. */
static void best_split(const signed char *cls, int64_t n, int64_t *a_out, int64_t *b_out,
                       int64_t *err_out)
{
    /* over the valid iterations (cls >= 0): a split before the b-th of them
     * is at iteration pos (the one after the (b-1)-th; 0 for b = 0) as a
     * window start and at the b-th (n for b = m) as a window end */
    int64_t pin = 0, pout = 0, tin = 0;
    for (int64_t i = 0; i < n; i++)
        tin += cls[i] == 1;
    int64_t best_f = INT64_MAX, best_a = 0, best_e = INT64_MAX, ra = 0, rb = n;
    int64_t after_prev = 0; /* window start for a split before the next valid one */
    for (int64_t i = 0;; i++) {
        while (i < n && cls[i] < 0)
            i++;
        int64_t f = pin - pout; /* a = here, over the prefix */
        if (f < best_f) {
            best_f = f;
            best_a = after_prev;
        }
        int64_t e = best_f + (pout - pin) + tin;
        if (e <= best_e) {
            best_e = e;
            ra = best_a;
            rb = i < n ? i : n;
        }
        if (i >= n)
            break;
        pin += cls[i] == 1;
        pout += cls[i] == 0;
        after_prev = i + 1;
    }
    *a_out = ra;
    *b_out = rb;
    *err_out = best_e;
}

/* Judges metric m alone: iterates level -> band -> split until stable. */
static void judge_metric(det *d, int m, double *buf, signed char *cls, int64_t *a_out,
                         int64_t *b_out)
{
    nsq_steady_metric *M = &d->r->metric[m];
    int64_t n = d->n, a = n / 2, b = n, err = 0, valid = 0;
    double level = 0, scale = 0;
    if (!level_of(d, m, a, b, buf, &level, &scale))
        level_of(d, m, 0, n, buf, &level, &scale);
    for (int round = 0; round < 5; round++) {
        double band = band_of(level, scale);
        valid = 0;
        for (int64_t i = 0; i < n; i++) {
            double v = val(d, m, i);
            cls[i] = isnan(v) ? -1 : fabs(v - level) <= band ? 1 : 0;
            valid += cls[i] >= 0;
        }
        int64_t na, nb;
        best_split(cls, n, &na, &nb, &err);
        int same = round > 0 && na == a && nb == b;
        a = na;
        b = nb;
        if (same || b - a < 1 || !level_of(d, m, a, b, buf, &level, &scale))
            break;
    }
    M->level = level;
    M->scale = scale;
    M->band = band_of(level, scale);
    M->warmup = a;
    M->teardown = n - b;
    M->fit = valid ? 1.0 - (double)err / (double)valid : 0;
    *a_out = a;
    *b_out = b;
}

/* Mann-Kendall z and Theil-Sen slope of metric m over [a, b) (at most
 * MAX_TREND_POINTS evenly spaced points). */
static void trend_of(const det *d, int m, int64_t a, int64_t b, double *z_out, double *slope_out)
{
    int64_t cnt = 0, len = b - a;
    int64_t step_n = len > MAX_TREND_POINTS ? MAX_TREND_POINTS : len;
    double *xs = xmalloc(sizeof *xs * (size_t)(step_n + 1));
    double *ys = xmalloc(sizeof *ys * (size_t)(step_n + 1));
    for (int64_t j = 0; j < step_n; j++) {
        int64_t i = a + (int64_t)((double)j * (double)len / (double)step_n);
        double v = val(d, m, i);
        if (isnan(v))
            continue;
        xs[cnt] = (double)i;
        ys[cnt++] = v;
    }
    *z_out = 0;
    *slope_out = 0;
    if (cnt >= 3) {
        double s = 0;
        int64_t np = cnt * (cnt - 1) / 2, k = 0;
        double *slopes = xmalloc(sizeof *slopes * (size_t)np);
        for (int64_t i = 0; i < cnt; i++)
            for (int64_t j = i + 1; j < cnt; j++) {
                double dy = ys[j] - ys[i];
                s += (dy > 0) - (dy < 0);
                slopes[k++] = dy / (xs[j] - xs[i]);
            }
        /* variance with the tie correction */
        double var = (double)cnt * (double)(cnt - 1) * (double)(2 * cnt + 5);
        double *sorted = xmalloc(sizeof *sorted * (size_t)cnt);
        memcpy(sorted, ys, sizeof *sorted * (size_t)cnt);
        qsort(sorted, (size_t)cnt, sizeof *sorted, cmp_double);
        for (int64_t i = 0; i < cnt;) {
            int64_t j = i;
            while (j < cnt && sorted[j] == sorted[i])
                j++;
            double t = (double)(j - i);
            var -= t * (t - 1) * (2 * t + 5);
            i = j;
        }
        var /= 18.0;
        if (var > 0)
            *z_out = (s - (s > 0) + (s < 0)) / sqrt(var);
        *slope_out = quantile(slopes, np, 0.5);
        free(slopes);
        free(sorted);
    }
    free(xs);
    free(ys);
}

/* Trend check of every used metric over [a, b); fills the metric fields.
 * Returns 1 when the cost (metric 0) trends: the secondary metric (step
 * time, kernel rate) helps find the warm-up but is often paced by the host,
 * so its trend is reported, not held against the window. */
static int trends(det *d, int nmetrics, int64_t a, int64_t b, double *buf)
{
    int any = 0;
    for (int m = 0; m < nmetrics; m++) {
        nsq_steady_metric *M = &d->r->metric[m];
        double level = 0, scale = 0, z, slope;
        int64_t c = level_of(d, m, a, b, buf, &level, &scale);
        trend_of(d, m, a, b, &z, &slope);
        M->mk_z = z;
        M->slope = slope;
        M->drift = level != 0 && c > 1 ? slope * (double)(b - a - 1) / fabs(level) : 0;
        M->trend = fabs(z) > TREND_Z && fabs(M->drift) > TREND_DRIFT;
        if (m == 0)
            any |= M->trend;
    }
    return any;
}

/* Statistics of metric m inside [a, b). */
static void window_stats(det *d, int m, int64_t a, int64_t b, double *buf)
{
    nsq_steady_metric *M = &d->r->metric[m];
    double level = 0, scale = 0;
    int64_t c = level_of(d, m, a, b, buf, &level, &scale);
    M->n = c;
    if (!c)
        return;
    M->median = level;
    M->mad = scale / 1.4826;
    M->min = M->max = buf[0];
    for (int64_t i = 1; i < c; i++) {
        if (buf[i] < M->min)
            M->min = buf[i];
        if (buf[i] > M->max)
            M->max = buf[i];
    }
    M->p25 = quantile(buf, c, 0.25);
    M->p75 = quantile(buf, c, 0.75);
    M->cv = level != 0 ? scale / fabs(level) : 0;
    M->level = level;
    M->scale = scale;
    M->band = band_of(level, scale);
    M->outside = 0;
    for (int64_t i = a; i < b; i++) {
        double v = val(d, m, i);
        if (!isnan(v) && fabs(v - level) > M->band)
            M->outside++;
    }
}

/* The split, trend check, window and confidence for d->it. */
static void judge(det *d, double q_method)
{
    nsq_steady *r = d->r;
    int64_t n = d->n, a = 0, b = n;
    double *buf = xmalloc(sizeof *buf * (size_t)(n + 1));
    signed char *cls = xmalloc((size_t)n + 1);
    int nmetrics = 0;
    d->nlm = d->next_lm = 0; /* d->it may have changed since a previous judge() */
    r->iterations = n;
    r->q_method = q_method;
    snprintf(r->cost, sizeof r->cost, "%s", r->metric[0].name);
    if (n > INT32_MAX) {
        not_found(r, "too_many_iterations", "%lld iterations (method %s): more than 2^31",
                  (long long)n, r->method);
        goto done;
    }
    if (n < MIN_ITERATIONS) {
        not_found(r, "too_few_iterations",
                  "only %lld iterations were found (method %s); at least %d are needed to tell "
                  "warm-up from steady state",
                  (long long)n, r->method, MIN_ITERATIONS);
        goto done;
    }
    for (int m = 0; m < 2; m++) {
        int64_t valid = 0;
        for (int64_t i = 0; i < n; i++)
            valid += !isnan(val(d, m, i));
        if (valid < MIN_ITERATIONS && m > 0)
            continue; /* values kept, not judged */
        int64_t ma, mb;
        judge_metric(d, m, buf, cls, &ma, &mb);
        r->metric[m].judged = 1;
        for (int64_t i = 0; i < n; i++)
            if (cls[i] == 0)
                d->it[i].sf |= IT_OUT0 << m;
        if (ma > a)
            a = ma;
        if (mb < b)
            b = mb;
        nmetrics = m + 1;
    }
    if (b - a < MIN_STEADY) {
        not_found(r, "no_steady_state",
                  "no stretch of at least %d iterations keeps a stable cost (%lld iterations, "
                  "method %s)",
                  MIN_STEADY, (long long)n, r->method);
        goto done;
    }
    if (trends(d, nmetrics, a, b, buf)) {
        /* try shorter windows, trimmed by eighths from either end */
        int64_t w = b - a, na = a, nb = b;
        int ok = 0;
        for (int t = 1; t <= 4 && !ok; t++)
            for (int i = 0; i <= t && !ok; i++) {
                na = a + i * w / 8;
                nb = b - (t - i) * w / 8;
                if (nb - na >= MIN_STEADY && !trends(d, nmetrics, na, nb, buf))
                    ok = 1;
            }
        if (!ok) {
            trends(d, nmetrics, a, b, buf);
            not_found(r, "no_steady_state",
                      "the iteration %s keeps changing: it drifts by %.1f %% across the candidate "
                      "window (Mann-Kendall z = %.1f), so no part of the capture is steady",
                      r->metric[0].name, 100 * r->metric[0].drift, r->metric[0].mk_z);
            r->warmup_iterations = a;
            r->teardown_iterations = n - b;
            goto done;
        }
        a = na;
        b = nb;
        r->trend_trimmed = 1;
    }
    for (int m = 0; m < nmetrics; m++)
        window_stats(d, m, a, b, buf);
    trends(d, nmetrics, a, b, buf);
    r->found = 1;
    r->warmup_iterations = a;
    r->teardown_iterations = n - b;
    r->steady_iterations = b - a;
    r->steady_start_ns = INT64_MAX;
    r->steady_end_ns = INT64_MIN;
    for (int64_t i = a; i < b; i++) {
        if (d->it[i].start_ns < r->steady_start_ns)
            r->steady_start_ns = d->it[i].start_ns;
        if (it_end(d, &d->it[i]) > r->steady_end_ns)
            r->steady_end_ns = it_end(d, &d->it[i]);
    }
    {
        int64_t span = r->capture_end_ns - r->capture_start_ns;
        r->coverage = span > 0 ? (double)(r->steady_end_ns - r->steady_start_ns) / (double)span : 1;
    }
    /* the share of the capture's kernel time inside the window */
    r->q_coverage = 1;
    if (d->acc.on && !d->acc.broken && d->acc.total_ns > 0) {
        double in =
            acct_before(&d->acc, r->steady_end_ns) - acct_before(&d->acc, r->steady_start_ns);
        in = fmin(fmax(in, 0), (double)d->acc.total_ns);
        r->window_kernel_time_ns = in;
        r->kernel_time_coverage = in / (double)d->acc.total_ns;
        r->q_coverage = fmin(1, r->kernel_time_coverage / NSQ_STEADY_FULL_KERNEL_COVERAGE);
    }
    /* confidence */
    {
        double ns = (double)(b - a), fit = 1;
        for (int m = 0; m < nmetrics; m++)
            if (r->metric[m].fit < fit)
                fit = r->metric[m].fit;
        r->q_iterations = ns / (ns + 5.0);
        r->q_fit = fit;
        r->q_trend = r->trend_trimmed ? 0.75 : 1.0;
        double cv = r->metric[0].cv;
        r->q_noise = 1.0 / (1.0 + 4.0 * fmax(0, cv - 0.05));
        r->confidence =
            r->q_iterations * r->q_fit * r->q_trend * r->q_method * r->q_noise * r->q_coverage;
    }
    if (r->coverage < 0.8)
        add_warning(r, "steady_window_short",
                    "the steady window covers %.1f %% of the capture (%lld warm-up and %lld "
                    "tear-down iterations of %lld, method %s)",
                    100 * r->coverage, (long long)a, (long long)(n - b), (long long)n, r->method);
done:
    d->ph_found = r->found;
    d->ph_a = a;
    d->ph_b = b;
    free(buf);
    free(cls);
}

/* ------------------------------------------------------------ trust */

static int cmp_outside(const void *a, const void *b)
{
    const acc_name *x = *(const acc_name *const *)a, *y = *(const acc_name *const *)b;
    if (x->total_ns != y->total_ns)
        return (x->total_ns < y->total_ns) - (x->total_ns > y->total_ns);
    if (x->count != y->count)
        return (x->count < y->count) - (x->count > y->count);
    return (x->id > y->id) - (x->id < y->id);
}

/* Name of a kernel name id (short name, else demangled), "" when unknown. */
static void kernel_name(det *d, int64_t id, char *out, size_t len)
{
    sqlite3_stmt *st = NULL;
    out[0] = '\0';
    if (id < 0 || sqlite3_prepare_v2(d->x->db, "SELECT s.value FROM StringIds s WHERE s.id = ?1",
                                     -1, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return;
    }
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
        snprintf(out, len, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
}

/* Turns a window down: it is kept as the candidate, and no iteration is
 * called steady. */
static void reject(det *d, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void reject(det *d, const char *code, const char *fmt, ...)
{
    nsq_steady *r = d->r;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (r->found) {
        r->candidate = 1;
        r->candidate_start_ns = r->steady_start_ns;
        r->candidate_end_ns = r->steady_end_ns;
        r->candidate_confidence = r->confidence;
        r->candidate_kernel_time_coverage = r->kernel_time_coverage;
        r->kernel_time_coverage = -1;
        r->window_kernel_time_ns = 0;
        d->ph_found = 0;
    }
    not_found(r, code, "%s", msg);
}

/* The trust checks on what detection gave, and what the result says about
 * the capture's kernels (steady.h). */
static void assess(det *d)
{
    nsq_steady *r = d->r;
    acct *a = &d->acc;
    r->kernels_total = r->kernel_time_ns = -1;
    r->single_launch_share = -1;
    if (!r->found)
        r->kernel_time_coverage = -1;
    if (!a->on)
        return;
    r->kernels_total = a->kernels;
    r->kernel_time_ns = a->total_ns;
    if (a->kernels == 0)
        return;
    int64_t once = 0, once_names = 0;
    for (int64_t i = 0; i < a->nnm; i++)
        if (a->nm[i].count == 1) {
            once += a->nm[i].total_ns;
            once_names++;
        }
    r->single_launch_share = a->total_ns > 0 ? (double)once / (double)a->total_ns : 0;
    int keep = r->found || !strcmp(r->reason_code, "too_few_iterations") ||
               !strcmp(r->reason_code, "no_steady_state") ||
               !strcmp(r->reason_code, "no_iterations");
    if (keep && r->single_launch_share >= NSQ_STEADY_MAX_SINGLE_SHARE) {
        reject(d, "no_repetition",
               "%.0f %% of the kernel time is in kernels launched once (%lld of %lld kernel "
               "names); a capture made mostly of single launches has no steady state",
               100 * r->single_launch_share, (long long)once_names, (long long)a->nnm);
        return;
    }
    if (!r->found)
        return;
    if (r->kernel_time_coverage >= 0 && r->kernel_time_coverage < NSQ_STEADY_MIN_KERNEL_COVERAGE) {
        reject(d, "window_too_small",
               "the candidate window (%lld iterations, method %s) holds %.1f %% of the capture's "
               "kernel time, less than %.0f %%: it does not stand for the capture",
               (long long)r->steady_iterations, r->method, 100 * r->kernel_time_coverage,
               100 * NSQ_STEADY_MIN_KERNEL_COVERAGE);
        return;
    }
    if (r->confidence < NSQ_STEADY_MIN_CONFIDENCE) {
        reject(d, "low_confidence",
               "the candidate window (%lld iterations, method %s) has confidence %.2f, below "
               "%.2f (iterations %.2f x fit %.2f x trend %.2f x method %.2f x noise %.2f x "
               "coverage %.2f)",
               (long long)r->steady_iterations, r->method, r->confidence, NSQ_STEADY_MIN_CONFIDENCE,
               r->q_iterations, r->q_fit, r->q_trend, r->q_method, r->q_noise, r->q_coverage);
        return;
    }
    /* the kernels with no instance in the window */
    acc_name **out = xmalloc(sizeof *out * (size_t)a->nnm);
    int64_t nout = 0;
    for (int64_t i = 0; i < a->nnm; i++)
        if (!name_in_window(&a->nm[i], r->steady_start_ns, r->steady_end_ns))
            out[nout++] = &a->nm[i];
    qsort(out, (size_t)nout, sizeof *out, cmp_outside);
    for (int64_t i = 0; i < nout; i++) {
        if (i < NSQ_STEADY_MAX_OUTSIDE) {
            nsq_steady_outside *o = &r->outside[r->noutside++];
            kernel_name(d, out[i]->id, o->name, sizeof o->name);
            o->instances = out[i]->count;
            o->total_ns = out[i]->total_ns;
        } else {
            r->outside_rest_names++;
            r->outside_rest_instances += out[i]->count;
            r->outside_rest_ns = nsq_sat_add(r->outside_rest_ns, out[i]->total_ns);
        }
    }
    free(out);
}

/* ------------------------------------------------------------ the entry */

static int anchor_name(det *d, int64_t name_id)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(d->x->db,
                                "SELECT COALESCE(short_name, demangled_name) FROM kernel WHERE "
                                "COALESCE(short_name_id, demangled_name_id, -1) = ?1 LIMIT 1",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return sql_fail(d, rc, "steady-state anchor name");
    sqlite3_bind_int64(st, 1, name_id);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW && sqlite3_column_text(st, 0))
        snprintf(d->r->anchor, sizeof d->r->anchor, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : sql_fail(d, rc, "steady-state anchor name");
}

static void set_method(nsq_steady *r, const char *m)
{
    snprintf(r->method, sizeof r->method, "%s", m);
}

static int finish_period(det *d, int64_t anchor_id, const period *pr)
{
    nsq_steady *r = d->r;
    set_method(r, "kernel_period");
    r->period_kernels = pr->p;
    r->period_mismatch = pr->mismatch;
    r->anchor_length = pr->len;
    if (anchor_name(d, anchor_id))
        return -1;
    snprintf(r->iteration_name, sizeof r->iteration_name, "%s", r->anchor);
    judge(d, fmax(0, 1.0 - 2.0 * pr->mismatch));
    return 0;
}

/* NVTX iterations of the chosen series with the metrics they support. */
static int use_nvtx(det *d, nvtx_pick *np)
{
    double attributed = 0;
    if (nvtx_iterations(d, np, &attributed))
        return -1;
    set_method(d->r, "nvtx");
    if (attributed < 0.5 && d->n >= MIN_ITERATIONS)
        add_warning(d->r, "nvtx_not_attributable",
                    "no GPU work could be attributed to %.0f %% of the '%s' ranges (no launch API "
                    "rows on that thread?); the ranges' own duration is the cost",
                    100 * (1 - attributed), d->r->iteration_name);
    if (nvtx_metrics(d, np, attributed >= 0.5))
        return -1;
    judge(d, attributed >= 0.5 ? 1.0 : 0.8);
    return 0;
}

/* The capture span alone, for the answers that scanned no GPU ops. */
static int capture_only(det *d)
{
    cap_reset(d);
    return cap_view(d, "kernel") || cap_small_views(d) || cap_finish(d) ? -1 : 0;
}

/* Copies the iterations into r->iters (the public, wider form). */
static void publish_iters(det *d)
{
    nsq_steady *r = d->r;
    r->niters = d->n;
    r->iters = xcalloc((size_t)(d->n ? d->n : 1), sizeof *r->iters);
    for (int64_t i = 0; i < d->n; i++) {
        nsq_steady_iter *o = &r->iters[i];
        const iter *t = &d->it[i];
        o->start_ns = t->start_ns;
        o->end_ns = it_end(d, t);
        o->range_start_ns = d->rs && !strcmp(r->method, "nvtx") ? d->rs[i] : -1;
        o->range_end_ns = d->re && !strcmp(r->method, "nvtx") ? d->re[i] : -1;
        o->kernels = d->kn[i];
        o->kernel_time_ns = it_ktime(d, t);
        o->value[0] = val(d, 0, i);
        o->value[1] = val(d, 1, i);
        o->phase = phase_of(d, i);
        o->outside = (t->sf / IT_OUT0) & 3u;
    }
}

/* The compact form: step and kernel time of the steady iterations only,
 * handed to the caller one by one (it keeps them as it likes, while the
 * iterations are still here). */
static void publish_steady_values(det *d)
{
    nsq_steady *r = d->r;
    int step = !strcmp(r->metric[1].name, "step_ns");
    for (int64_t i = d->ph_a; i < d->ph_b; i++) {
        double v = step ? val(d, 1, i) : NAN;
        d->o->steady_value(d->o->steady_ctx, isnan(v) ? -1 : llround(v),
                           it_ktime(d, &d->it[i]));
    }
}

int nsq_steady_detect(nsq_export *x, const nsq_steady_opts *o, nsq_steady *r, nsq_err *err)
{
    det d;
    nvtx_pick np;
    kset ks;
    period pr;
    int ret = -1;
    int64_t any_ops = 0;
    const char *method = o->method && *o->method ? o->method : "auto";
    int auto_m = !strcmp(method, "auto") && !o->iteration_range;
    int want_nvtx = auto_m || !strcmp(method, "nvtx") || o->iteration_range;
    /* what NVTX gave when it is not used at once: 1 too few, 2 not attributable */
    int nvtx_fallback = 0;
    int64_t nvtx_n = 0;
    memset(r, 0, sizeof *r);
    memset(&d, 0, sizeof d);
    memset(&np, 0, sizeof np);
    memset(&ks, 0, sizeof ks);
    memset(&pr, 0, sizeof pr);
    np.chosen = -1;
    d.x = x;
    d.o = o;
    d.r = r;
    d.err = err;
    d.last_gpid = INT64_MIN;
    r->pid = r->tid = r->device_id = r->gpu = -1;
    r->kernel_time_coverage = -1;
    if (strcmp(method, "auto") && strcmp(method, "nvtx") && strcmp(method, "kernel_period") &&
        strcmp(method, "time_bins"))
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--method must be auto, nvtx, kernel_period or time_bins, got '%s'",
                         method);
    if (o->iteration_range && strcmp(method, "auto") && strcmp(method, "nvtx"))
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_usage",
                         "--iteration-range goes with --method nvtx (or auto), not %s", method);
    if (nsq_query_int64(x->db,
                        "SELECT EXISTS (SELECT 1 FROM kernel) OR EXISTS (SELECT 1 FROM memcpy) OR "
                        "EXISTS (SELECT 1 FROM memset)",
                        0, &any_ops))
        return sql_fail(&d, sqlite3_errcode(x->db), "steady-state GPU activity");
    if (!any_ops)
        return no_gpu_activity(&d);
    if (o->has_device)
        r->gpu = o->device;

    if (want_nvtx) {
        if (nvtx_find(&d, &np))
            goto done;
        if (np.chosen < 0 && o->iteration_range) {
            nsq_error(
                err, NSQ_EXIT_INPUT, "iteration_range_not_found",
                "--iteration-range '%s': no closed NVTX push/pop or start/end range with this "
                "text repeats in the export%s",
                o->iteration_range, o->has_pid ? " (in the --pid process)" : "");
            nsq_hint(err, "nsysql timeline-sql INPUT --query nvtx-summary lists the NVTX ranges");
            goto done;
        }
        if (np.chosen >= 0 && !auto_m) {
            ret = use_nvtx(&d, &np);
            goto done;
        }
        if (np.chosen < 0 && !auto_m) {
            set_method(r, "nvtx");
            not_found(r, "no_iterations", "no NVTX range repeats in the export (method nvtx)");
            ret = 0;
            goto done;
        }
        if (np.chosen >= 0) {
            double attributed = 0;
            if (nvtx_iterations(&d, &np, &attributed))
                goto done;
            if (attributed >= 0.5 && d.n >= MIN_ITERATIONS) {
                set_method(r, "nvtx");
                nvtx_metrics(&d, &np, 1);
                judge(&d, 1.0);
                ret = 0;
                goto done;
            }
            nvtx_fallback = d.n < MIN_ITERATIONS ? 1 : 2;
            nvtx_n = d.n;
        }
    }

    /* the kernel paths */
    if (kernels_load(&d, &ks))
        goto done;
    if (!ks.n) {
        set_method(r, strcmp(method, "auto") ? method : "");
        not_found(r, "no_kernels", "no kernels %s, so no iterations can be found",
                  o->has_device || o->has_pid ? "pass the --device/--pid filters"
                                              : "in the export");
        ret = 0;
        goto done;
    }
    if (auto_m || !strcmp(method, "kernel_period")) {
        int64_t iters = 0;
        if (ks.n >= 2 && period_find(&ks, &pr) && period_anchor(&ks, &pr)) {
            period_iterations(&d, &ks, &pr);
            iters = d.n;
        }
        if (iters >= MIN_ITERATIONS || (iters >= 2 && !nvtx_fallback) ||
            (iters >= 2 && nvtx_fallback == 1 && iters > nvtx_n)) {
            if (nvtx_fallback)
                add_warning(r, "nvtx_not_used", "the repeated NVTX range '%s' was not used: %s",
                            np.sv[np.chosen].text,
                            nvtx_fallback == 1 ? "it repeats too few times"
                                               : "no GPU work could be attributed to it");
            int64_t anchor_id = ks.name_ids[pr.gram[0]];
            kset_release(&ks); /* the kernels are no longer needed */
            ret = finish_period(&d, anchor_id, &pr);
            goto done;
        }
        if (nvtx_fallback) {
            kset_release(&ks);
            r->pid = r->device_id = -1;
            r->gpu = o->has_device ? o->device : -1;
            r->device_identity[0] = '\0';
            ret = use_nvtx(&d, &np);
            goto done;
        }
        if (!auto_m) {
            set_method(r, "kernel_period");
            not_found(
                r, "no_iterations",
                "the kernel-name sequence of the context has no period (method kernel_period)");
            ret = 0;
            goto done;
        }
    }
    /* time bins */
    set_method(r, "time_bins");
    r->kernels_used = ks.n;
    if (ks.n < MIN_BIN_KERNELS) {
        not_found(r, "too_few_iterations",
                  "no repeated NVTX range, no period in the kernel sequence, and only %lld kernels "
                  "for time bins (at least %d are needed)",
                  (long long)ks.n, MIN_BIN_KERNELS);
        ret = 0;
        goto done;
    }
    bins_iterations(&d, &ks);
    kset_release(&ks);
    judge(&d, 0.5);
    ret = 0;
done:
    if (ret == 0 && d.wide_full) {
        nsq_error(err, NSQ_EXIT_QUERY, "query_resource_limit",
                  "more than 2^27 iterations of 134 ms or more: too many to hold");
        ret = -1;
    }
    if (ret == 0 && !d.cap_done && capture_only(&d))
        ret = -1;
    if (ret == 0 && strcmp(r->reason_code, "no_kernels"))
        assess(&d);
    else {
        r->kernels_total = r->kernel_time_ns = -1;
        r->single_launch_share = r->kernel_time_coverage = -1;
    }
    if (ret == 0 && r->bad_rows)
        add_warning(r, "bad_rows_skipped", "%lld GPU op rows with end < start were skipped",
                    (long long)r->bad_rows);
    if (ret == 0 && r->gpu >= 0 && !r->device_identity[0] && d.identity)
        snprintf(r->device_identity, sizeof r->device_identity, "%s", d.identity);
    if (ret == 0 && o->keep_iterations == 1)
        publish_iters(&d);
    if (ret == 0 && o->steady_value && r->found && d.ph_found)
        publish_steady_values(&d);
    if (!r->found) {
        r->steady_start_ns = r->steady_end_ns = 0;
        r->confidence = r->q_iterations = r->q_fit = r->q_trend = r->q_method = r->q_noise = 0;
        r->q_coverage = 0;
    }
    free(d.it);
    free(d.kn);
    free(d.wide);
    free(d.rs);
    free(d.re);
    free(d.stored[0]);
    free(d.stored[1]);
    free(d.gm);
    acct_release(&d.acc);
    nvtx_pick_release(&np);
    kset_release(&ks);
    return ret;
}

void nsq_steady_release(nsq_steady *r)
{
    free(r->iters);
    r->iters = NULL;
    r->niters = 0;
}
