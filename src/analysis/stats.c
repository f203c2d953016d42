/* stats: exact order statistics and the grouped accumulator (see stats.h). */
#include "nsysql/analysis/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/util/grow.h"
#include "nsysql/util/kvlog.h"
#include "nsysql/util/strbuf.h"

/* ---- selection ----------------------------------------------------------------- */

int nsq_cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int nsq_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static int cmp_u16(const void *a, const void *b)
{
    uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
    return (x > y) - (x < y);
}

/* Quickselect with a median-of-three pivot and Hoare partitioning (which
 * splits runs of equal values evenly, so duplicate-heavy duration arrays stay
 * linear); after 2 log2(n) rounds without finishing it sorts what is left.
 * One body for 8-byte values and the accumulator's 4- and 2-byte ones. */
#define SELECT_BODY(NAME, T, CMP)                                                                  \
    static void NAME##_isort(T *v, ptrdiff_t lo, ptrdiff_t hi)                                     \
    {                                                                                              \
        for (ptrdiff_t i = lo + 1; i <= hi; i++) {                                                 \
            T x = v[i];                                                                            \
            ptrdiff_t j = i - 1;                                                                   \
            while (j >= lo && v[j] > x) {                                                          \
                v[j + 1] = v[j];                                                                   \
                j--;                                                                               \
            }                                                                                      \
            v[j + 1] = x;                                                                          \
        }                                                                                          \
    }                                                                                              \
    static T NAME(T *v, size_t n, size_t k)                                                        \
    {                                                                                              \
        ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, kk = (ptrdiff_t)k;                                \
        int budget = 8;                                                                            \
        for (size_t m = n; m > 1; m >>= 1)                                                         \
            budget += 2;                                                                           \
        while (hi > lo) {                                                                          \
            if (hi - lo < 24) {                                                                    \
                NAME##_isort(v, lo, hi);                                                           \
                break;                                                                             \
            }                                                                                      \
            if (budget-- <= 0) {                                                                   \
                qsort(v + lo, (size_t)(hi - lo + 1), sizeof *v, CMP);                              \
                break;                                                                             \
            }                                                                                      \
            ptrdiff_t mid = lo + (hi - lo) / 2;                                                    \
            T t;                                                                                   \
            if (v[mid] < v[lo])                                                                    \
                t = v[mid], v[mid] = v[lo], v[lo] = t;                                             \
            if (v[hi] < v[lo])                                                                     \
                t = v[hi], v[hi] = v[lo], v[lo] = t;                                               \
            if (v[hi] < v[mid])                                                                    \
                t = v[hi], v[hi] = v[mid], v[mid] = t;                                             \
            T pivot = v[mid];                                                                      \
            ptrdiff_t i = lo, j = hi;                                                              \
            while (i <= j) {                                                                       \
                while (v[i] < pivot)                                                               \
                    i++;                                                                           \
                while (v[j] > pivot)                                                               \
                    j--;                                                                           \
                if (i <= j) {                                                                      \
                    t = v[i], v[i] = v[j], v[j] = t;                                               \
                    i++;                                                                           \
                    j--;                                                                           \
                }                                                                                  \
            }                                                                                      \
            /* v[lo..j] <= pivot, v[j+1..i-1] == pivot, v[i..hi] >= pivot */                       \
            if (kk <= j)                                                                           \
                hi = j;                                                                            \
            else if (kk >= i)                                                                      \
                lo = i;                                                                            \
            else                                                                                   \
                break;                                                                             \
        }                                                                                          \
        return v[k];                                                                               \
    }

SELECT_BODY(select_i64, int64_t, nsq_cmp_i64)
SELECT_BODY(select_u32, uint32_t, cmp_u32)
SELECT_BODY(select_u16, uint16_t, cmp_u16)

int64_t nsq_select(int64_t *v, size_t n, size_t k)
{
    return select_i64(v, n, k);
}

size_t nsq_nearest_rank(size_t n, int pct)
{
    size_t r = (size_t)(((unsigned __int128)n * (unsigned)pct + 99) / 100);
    return r < 1 ? 1 : r;
}

int64_t nsq_floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        q--;
    return q;
}

static int64_t floor_half(nsq_i128 s)
{
    nsq_i128 q = s / 2;
    if (s < 0 && s % 2 != 0)
        q--;
    return (int64_t)q;
}

static int64_t g_saturations;

int64_t nsq_sat_i128(nsq_i128 v)
{
    if (v > INT64_MAX || v < INT64_MIN) {
        __atomic_fetch_add(&g_saturations, 1, __ATOMIC_RELAXED);
        return v > 0 ? INT64_MAX : INT64_MIN;
    }
    return (int64_t)v;
}

int64_t nsq_sat_add(int64_t a, int64_t b)
{
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) {
        __atomic_fetch_add(&g_saturations, 1, __ATOMIC_RELAXED);
        return b > 0 ? INT64_MAX : INT64_MIN;
    }
    return r;
}

int64_t nsq_saturations(void)
{
    return __atomic_load_n(&g_saturations, __ATOMIC_RELAXED);
}

double nsq_stddev_from_sums(int64_t n, nsq_i128 sum, nsq_i128 sumsq)
{
    if (n < 2)
        return NAN;
    /* n * sumsq - sum^2 is exact and >= 0 (Cauchy-Schwarz) while it fits
     * 128 bits; durations near 2^62 do not: then in long double */
    nsq_i128 num, a, b;
    if (__builtin_mul_overflow((nsq_i128)n, sumsq, &a) || __builtin_mul_overflow(sum, sum, &b) ||
        __builtin_sub_overflow(a, b, &num)) {
        long double m = (long double)sum / (long double)n;
        long double v = ((long double)sumsq - m * (long double)sum) / (long double)(n - 1);
        return v > 0 ? (double)sqrtl(v) : 0.0;
    }
    if (num <= 0)
        return 0.0;
    long double var = (long double)num / ((long double)n * (long double)(n - 1));
    return (double)sqrtl(var);
}

void nsq_stats_of(nsq_stats *s, int64_t *v, size_t n)
{
    nsq_i128 sum = 0, sumsq = 0;
    int64_t mn = v[0], mx = v[0];
    for (size_t i = 0; i < n; i++) {
        int64_t x = v[i];
        sum += x;
        sumsq += (nsq_i128)x * x;
        if (x < mn)
            mn = x;
        if (x > mx)
            mx = x;
    }
    memset(s, 0, sizeof *s);
    s->n = (int64_t)n;
    s->total = nsq_sat_i128(sum);
    s->min = mn;
    s->max = mx;
    s->mean = (int64_t)(sum / (nsq_i128)n - ((sum < 0 && sum % (nsq_i128)n) ? 1 : 0));
    s->stddev = nsq_stddev_from_sums((int64_t)n, sum, sumsq);

    size_t k1 = (n - 1) / 2, k2 = n / 2;
    int64_t a = nsq_select(v, n, k1), b = a;
    if (k2 != k1) {
        /* everything after v[k1] is >= a: the next order statistic is their minimum */
        size_t bi = k1 + 1;
        for (size_t i = k1 + 2; i < n; i++)
            if (v[i] < v[bi])
                bi = i;
        b = v[bi];
        /* put it at k2, so that v[k2+1..n) holds exactly the values ranked above k2 */
        v[bi] = v[k2];
        v[k2] = b;
    }
    s->median = floor_half((nsq_i128)a + b);
    size_t r = nsq_nearest_rank(n, 90) - 1;
    if (r == k1)
        s->p90 = a;
    else if (r == k2)
        s->p90 = b;
    else if (r > k2)
        /* v[k2+1..n) holds the values ranked above k2 (all >= b): select there */
        s->p90 = nsq_select(v + k2 + 1, n - k2 - 1, r - k2 - 1);
    else
        s->p90 = nsq_select(v, n, r);
}

/* ---- pair map -------------------------------------------------------------------- */

static inline size_t pair_hash(int64_t k1, int64_t k2)
{
    uint64_t h = (uint64_t)k1 * 0x9E3779B97F4A7C15ull ^ ((uint64_t)k2 + 0x632BE59BD9B4E019ull);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return (size_t)h;
}

int nsq_pairmap_get(const nsq_pairmap *m, int64_t k1, int64_t k2)
{
    if (!m->cap)
        return -1;
    size_t mask = m->cap - 1;
    for (size_t i = pair_hash(k1, k2) & mask;; i = (i + 1) & mask) {
        if (m->val[i] < 0)
            return -1;
        if (m->k1[i] == k1 && m->k2[i] == k2)
            return m->val[i];
    }
}

static void pairmap_grow(nsq_pairmap *m)
{
    nsq_pairmap b = {0, 0, 0, m->cap ? m->cap * 2 : 64, 0};
    b.k1 = xmalloc(b.cap * sizeof *b.k1);
    b.k2 = xmalloc(b.cap * sizeof *b.k2);
    b.val = xmalloc(b.cap * sizeof *b.val);
    for (size_t i = 0; i < b.cap; i++)
        b.val[i] = -1;
    for (size_t i = 0; i < m->cap; i++)
        if (m->val[i] >= 0)
            nsq_pairmap_put(&b, m->k1[i], m->k2[i], m->val[i]);
    nsq_pairmap_release(m);
    *m = b;
}

void nsq_pairmap_put(nsq_pairmap *m, int64_t k1, int64_t k2, int val)
{
    if ((m->n + 1) * 2 > m->cap)
        pairmap_grow(m);
    size_t mask = m->cap - 1;
    for (size_t i = pair_hash(k1, k2) & mask;; i = (i + 1) & mask) {
        if (m->val[i] < 0) {
            m->k1[i] = k1;
            m->k2[i] = k2;
            m->val[i] = val;
            m->n++;
            return;
        }
        if (m->k1[i] == k1 && m->k2[i] == k2) {
            m->val[i] = val;
            return;
        }
    }
}

void nsq_pairmap_del(nsq_pairmap *m, int64_t k1, int64_t k2)
{
    if (!m->cap)
        return;
    size_t mask = m->cap - 1, i = pair_hash(k1, k2) & mask;
    for (;; i = (i + 1) & mask) {
        if (m->val[i] < 0)
            return;
        if (m->k1[i] == k1 && m->k2[i] == k2)
            break;
    }
    m->n--;
    /* backward shift: pull later entries of the run into the hole when their
     * home slot does not lie cyclically in (hole, their slot] */
    for (size_t j = i;;) {
        m->val[i] = -1;
        for (;;) {
            j = (j + 1) & mask;
            if (m->val[j] < 0)
                return;
            size_t h = pair_hash(m->k1[j], m->k2[j]) & mask;
            if (i <= j ? (h <= i || h > j) : (h <= i && h > j))
                break;
        }
        m->k1[i] = m->k1[j];
        m->k2[i] = m->k2[j];
        m->val[i] = m->val[j];
        i = j;
    }
}

void nsq_pairmap_release(nsq_pairmap *m)
{
    free(m->k1);
    free(m->k2);
    free(m->val);
    memset(m, 0, sizeof *m);
}

/* ---- grouped accumulator ------------------------------------------------------- */

/* A group's values: those in [0, 2^16) in 2 bytes while most values fit
 * there, else those in [0, 2^32) (every duration under 4.29 s) in 4 bytes;
 * the others (negative, or beyond) in 8 bytes apart. */
typedef struct group {
    int64_t k1, k2;
    void *v; /* uint16_t (!wide) or uint32_t (wide) values, owned */
    size_t n, cap;
    bool wide;
    int64_t *w; /* the other values, owned */
    size_t nw, capw;
    size_t nmid; /* values of w in [2^16, 2^32) (while !wide) */
    int64_t min, max;
    nsq_i128 sum, sumsq;
} group;

/* Keys whose second part is a small id (a StringIds name id) under one of
 * a few first parts are also found in an array by that id: one look, where
 * the map's probe misses the cache three times (kernels of 10,000 names on 8
 * GPUs, one lookup a kernel). */
#define DIRECT_K2 ((int64_t)1 << 22)
#define DIRECT_K1S 4

typedef struct gdirect {
    int64_t k1;
    int *ix; /* group + 1 by k2 (0: none yet), k2 < n */
    int64_t n;
} gdirect;

/* With many groups, every add misses the cache twice (the group, the end
 * of its array): 10,000 kernel names cost a third of the pass that feeds
 * them. Adds to a table of LOG_MIN_GROUPS to LOG_MAX_GROUPS groups go to a
 * log (util/kvlog.h) instead, handed to the groups run by run when it is
 * full or the table is read. The values are the same; where each sits in its
 * group's arrays is not (no statistic depends on it). */
#define LOG_MIN_GROUPS 64
#define LOG_MAX_GROUPS (1 << 16)

struct nsq_gstats {
    group *g;
    int n, cap;
    nsq_pairmap map;
    gdirect dir[DIRECT_K1S];
    int ndir;
    nsq_kvlog log; /* (group, value) */
};

static void log_flush(nsq_gstats *g);

nsq_gstats *nsq_gstats_new(void)
{
    return xcalloc(1, sizeof(nsq_gstats));
}

static inline int64_t v_at(const group *p, size_t k)
{
    return p->wide ? (int64_t)((const uint32_t *)p->v)[k] : (int64_t)((const uint16_t *)p->v)[k];
}

int64_t nsq_gstats_value(const nsq_gstats *g, int i, size_t k)
{
    log_flush((nsq_gstats *)g); /* reads see every add (one thread at a time, as adds) */
    const group *p = &g->g[i];
    return k < p->n ? v_at(p, k) : p->w[k - p->n];
}

static void group_free(group *p)
{
    free(p->v);
    free(p->w);
    p->v = NULL;
    p->w = NULL;
    p->n = p->cap = p->nw = p->capw = p->nmid = 0;
    p->wide = false;
}

void nsq_gstats_clear(nsq_gstats *g)
{
    g->log.n = 0;
    for (int i = 0; i < g->n; i++)
        group_free(&g->g[i]);
    g->n = 0;
    nsq_pairmap_release(&g->map);
    for (int i = 0; i < g->ndir; i++)
        free(g->dir[i].ix);
    g->ndir = 0;
}

void nsq_gstats_free(nsq_gstats *g)
{
    if (!g)
        return;
    nsq_gstats_clear(g);
    free(g->g);
    nsq_kvlog_free(&g->log);
    free(g);
}

int nsq_gstats_find(const nsq_gstats *g, int64_t k1, int64_t k2)
{
    return nsq_pairmap_get(&g->map, k1, k2);
}

/* The direct slot of (k1, k2), made when there is room for it; NULL when
 * the key is not one the arrays hold. */
static int *direct_slot(nsq_gstats *g, int64_t k1, int64_t k2)
{
    if (k2 < 0 || k2 >= DIRECT_K2)
        return NULL;
    gdirect *d = NULL;
    for (int i = 0; i < g->ndir && !d; i++)
        if (g->dir[i].k1 == k1)
            d = &g->dir[i];
    if (!d) {
        if (g->ndir == DIRECT_K1S)
            return NULL;
        d = &g->dir[g->ndir++];
        *d = (gdirect){k1, NULL, 0};
    }
    if (k2 >= d->n) {
        int64_t n = d->n ? d->n : 1024;
        while (n <= k2)
            n *= 2;
        d->ix = xrealloc(d->ix, sizeof *d->ix * (size_t)n);
        memset(d->ix + d->n, 0, sizeof *d->ix * (size_t)(n - d->n));
        d->n = n;
    }
    return &d->ix[k2];
}

int nsq_gstats_group(nsq_gstats *g, int64_t k1, int64_t k2)
{
    int *ds = direct_slot(g, k1, k2);
    if (ds && *ds)
        return *ds - 1;
    int i = nsq_pairmap_get(&g->map, k1, k2);
    if (i >= 0) {
        if (ds)
            *ds = i + 1;
        return i;
    }
    if (g->n == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 16;
        g->g = xrealloc(g->g, (size_t)g->cap * sizeof *g->g);
    }
    i = g->n++;
    memset(&g->g[i], 0, sizeof g->g[i]);
    g->g[i].k1 = k1;
    g->g[i].k2 = k2;
    nsq_pairmap_put(&g->map, k1, k2, i);
    if (ds)
        *ds = i + 1;
    return i;
}

/* Too many values over 2^16 to keep apart: 4 bytes for every value in
 * [0, 2^32) from now on. */
static void widen(group *p)
{
    size_t cap = p->n + p->nmid + 8;
    uint32_t *v = xmalloc(cap * sizeof *v);
    const uint16_t *o = p->v;
    for (size_t k = 0; k < p->n; k++)
        v[k] = o[k];
    size_t n = p->n, nw = 0;
    for (size_t k = 0; k < p->nw; k++)
        if ((uint64_t)p->w[k] <= UINT32_MAX)
            v[n++] = (uint32_t)p->w[k];
        else
            p->w[nw++] = p->w[k];
    free(p->v);
    p->v = v;
    p->n = n;
    p->cap = cap;
    p->nw = nw;
    p->nmid = 0;
    p->wide = true;
}

static inline void add_one(group *p, int64_t x)
{
    size_t n = p->n + p->nw;
    if (n == 0 || x < p->min)
        p->min = x;
    if (n == 0 || x > p->max)
        p->max = x;
    p->sum += x;
    p->sumsq += (nsq_i128)x * x;
    if (p->wide ? (uint64_t)x <= UINT32_MAX : (uint64_t)x <= UINT16_MAX) {
        if (p->n == p->cap) {
            p->cap = p->cap ? p->cap * 2 : 8;
            p->v = xrealloc(p->v, p->cap * (p->wide ? 4 : 2));
        }
        if (p->wide)
            ((uint32_t *)p->v)[p->n++] = (uint32_t)x;
        else
            ((uint16_t *)p->v)[p->n++] = (uint16_t)x;
        return;
    }
    if (p->nw == p->capw) {
        p->capw = p->capw ? p->capw * 2 : 8;
        p->w = xrealloc(p->w, p->capw * sizeof *p->w);
    }
    p->w[p->nw++] = x;
    if (!p->wide && (uint64_t)x <= UINT32_MAX && ++p->nmid >= 64 && p->nmid > p->n / 8)
        widen(p);
}

static void add_run(void *ctx, uint32_t grp, const uint32_t *v, size_t n)
{
    group *p = &((nsq_gstats *)ctx)->g[grp];
    for (size_t k = 0; k < n; k++)
        add_one(p, v[k]);
}

/* The logged adds, group by group (see LOG_MIN_GROUPS). */
static void log_flush(nsq_gstats *g)
{
    nsq_kvlog_flush(&g->log, (size_t)g->n, add_run, g);
}

void nsq_gstats_add_at(nsq_gstats *g, int i, int64_t x)
{
    if (g->n >= LOG_MIN_GROUPS && g->n <= LOG_MAX_GROUPS && x >= 0 && x <= (int64_t)UINT32_MAX) {
        if (nsq_kvlog_push(&g->log, (uint32_t)i, (uint32_t)x))
            log_flush(g);
        return;
    }
    add_one(&g->g[i], x);
}

int nsq_gstats_add(nsq_gstats *g, int64_t k1, int64_t k2, int64_t x)
{
    int i = nsq_gstats_group(g, k1, k2);
    nsq_gstats_add_at(g, i, x);
    return i;
}

int nsq_gstats_count(const nsq_gstats *g)
{
    return g->n;
}

void nsq_gstats_keys(const nsq_gstats *g, int i, int64_t *k1, int64_t *k2)
{
    *k1 = g->g[i].k1;
    *k2 = g->g[i].k2;
}

int64_t nsq_gstats_n(const nsq_gstats *g, int i)
{
    log_flush((nsq_gstats *)g);
    return (int64_t)(g->g[i].n + g->g[i].nw);
}

int64_t nsq_gstats_total(const nsq_gstats *g, int i)
{
    log_flush((nsq_gstats *)g);
    return nsq_sat_i128(g->g[i].sum);
}

void nsq_gstats_sums(const nsq_gstats *g, int i, int64_t *min, int64_t *max, nsq_i128 *sumsq)
{
    log_flush((nsq_gstats *)g);
    *min = g->g[i].min;
    *max = g->g[i].max;
    *sumsq = g->g[i].sumsq;
}

/* Room for m more values in p's v (NSQ_GROW's growth, in v's width). */
static void v_reserve(group *p, size_t m)
{
    size_t width = p->wide ? 4 : 2;
    if (p->n + m > p->cap) {
        p->cap = nsq_grow_room(p->cap, p->n + m, width);
        p->v = xrealloc(p->v, p->cap * width);
    }
}

/* The values of src join dst's in bulk: the same values (where a value is
 * kept, 2, 4 or 8 bytes, may differ from adding them one by one; every
 * statistic is of the values, not of where they sit), the sums and
 * extremes added up. */
void nsq_gstats_merge(nsq_gstats *g, int dst, int src)
{
    log_flush(g);
    group *s = &g->g[src], *d = &g->g[dst];
    size_t sn = s->n + s->nw;
    if (!sn) {
        group_free(s);
        s->sum = s->sumsq = 0;
        return;
    }
    if (d->n + d->nw == 0 || s->min < d->min)
        d->min = s->min;
    if (d->n + d->nw == 0 || s->max > d->max)
        d->max = s->max;
    d->sum += s->sum;
    d->sumsq += s->sumsq;
    if (s->wide && !d->wide)
        widen(d);
    if (d->wide) {
        /* src's v (2 or 4 bytes) as 4 bytes; its w's values under 2^32 too */
        size_t in32 = 0;
        for (size_t k = 0; k < s->nw; k++)
            in32 += s->w[k] >= 0 && (uint64_t)s->w[k] <= UINT32_MAX;
        v_reserve(d, s->n + in32);
        NSQ_GROW(d->w, d->nw + (s->nw - in32), d->capw);
        if (s->n) { /* (either array may be absent while empty) */
            uint32_t *dv = (uint32_t *)d->v + d->n;
            if (s->wide)
                memcpy(dv, s->v, s->n * 4);
            else
                for (size_t k = 0; k < s->n; k++)
                    dv[k] = ((const uint16_t *)s->v)[k];
        }
        d->n += s->n;
        for (size_t k = 0; k < s->nw; k++) {
            int64_t x = s->w[k];
            if (x >= 0 && (uint64_t)x <= UINT32_MAX)
                ((uint32_t *)d->v)[d->n++] = (uint32_t)x;
            else
                d->w[d->nw++] = x;
        }
    } else {
        /* both 2 bytes: v after v, w after w */
        v_reserve(d, s->n);
        NSQ_GROW(d->w, d->nw + s->nw, d->capw);
        if (s->n) /* (either array may be absent while empty) */
            memcpy((uint16_t *)d->v + d->n, s->v, s->n * 2);
        d->n += s->n;
        if (s->nw)
            memcpy(d->w + d->nw, s->w, s->nw * sizeof *s->w);
        d->nw += s->nw;
        d->nmid += s->nmid;
        if (d->nmid >= 64 && d->nmid > d->n / 8)
            widen(d);
    }
    group_free(s);
    s->sum = s->sumsq = 0;
}

/* A group's values in rank order: the negative ones of w (sorted), then v
 * (2 or 4 bytes), then the large ones of w. */
typedef struct ranked {
    void *v;
    bool wide;
    size_t n;
    const int64_t *w;
    size_t nneg;
} ranked;

static bool in_v(const ranked *r, size_t k)
{
    return k >= r->nneg && k - r->nneg < r->n;
}

static int64_t outside_v(const ranked *r, size_t k)
{
    return k < r->nneg ? r->w[k] : r->w[k - r->n];
}

/* The j-th smallest of v[from..n) (reorders that part). */
static int64_t select_v(const ranked *r, size_t from, size_t j)
{
    if (r->wide)
        return select_u32((uint32_t *)r->v + from, r->n - from, j);
    return select_u16((uint16_t *)r->v + from, r->n - from, j);
}

static int64_t get_v(const ranked *r, size_t k)
{
    return r->wide ? (int64_t)((uint32_t *)r->v)[k] : (int64_t)((uint16_t *)r->v)[k];
}

static void swap_v(const ranked *r, size_t a, size_t b)
{
    if (r->wide) {
        uint32_t *v = r->v, t = v[a];
        v[a] = v[b];
        v[b] = t;
    } else {
        uint16_t *v = r->v, t = v[a];
        v[a] = v[b];
        v[b] = t;
    }
}

int nsq_gstats_result(nsq_gstats *g, int i, nsq_stats *s)
{
    log_flush(g);
    group *p = &g->g[i];
    size_t n = p->n + p->nw;
    if (!n)
        return -1;
    memset(s, 0, sizeof *s);
    s->n = (int64_t)n;
    s->total = nsq_sat_i128(p->sum);
    s->min = p->min;
    s->max = p->max;
    s->mean = (int64_t)(p->sum / (nsq_i128)n - ((p->sum < 0 && p->sum % (nsq_i128)n) ? 1 : 0));
    s->stddev = nsq_stddev_from_sums((int64_t)n, p->sum, p->sumsq);
    if (p->nw > 1)
        qsort(p->w, p->nw, sizeof *p->w, nsq_cmp_i64);
    ranked r = {p->v, p->wide, p->n, p->w, 0};
    while (r.nneg < p->nw && p->w[r.nneg] < 0)
        r.nneg++;
    size_t k1 = (n - 1) / 2, k2 = n / 2, rk = nsq_nearest_rank(n, 90) - 1;
    /* as nsq_stats_of: one selection for the lower middle, the next order
     * statistic the minimum of what lies above it, p90 selected above that */
    int64_t a, b;
    bool placed = false; /* b sits at k2 of v, everything above it ranked above */
    if (in_v(&r, k1)) {
        size_t j1 = k1 - r.nneg;
        a = select_v(&r, 0, j1);
        b = a;
        if (k2 != k1) {
            if (in_v(&r, k2)) {
                size_t bi = j1 + 1;
                for (size_t q = j1 + 2; q < r.n; q++)
                    if (get_v(&r, q) < get_v(&r, bi))
                        bi = q;
                swap_v(&r, bi, k2 - r.nneg);
                b = get_v(&r, k2 - r.nneg);
                placed = true;
            } else {
                b = outside_v(&r, k2);
            }
        }
    } else {
        a = outside_v(&r, k1);
        if (k2 == k1)
            b = a;
        else if (in_v(&r, k2))
            b = select_v(&r, 0, k2 - r.nneg);
        else
            b = outside_v(&r, k2);
    }
    s->median = floor_half((nsq_i128)a + b);
    if (rk == k1)
        s->p90 = a;
    else if (rk == k2)
        s->p90 = b;
    else if (!in_v(&r, rk))
        s->p90 = outside_v(&r, rk);
    else if (placed && rk > k2)
        s->p90 = select_v(&r, (k2 - r.nneg) + 1, rk - k2 - 1);
    else
        s->p90 = select_v(&r, 0, rk - r.nneg);
    return 0;
}

/* ---- order statistics of doubles --------------------------------------------- */

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
uint64_t nsq_double_key(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    if (u == (uint64_t)1 << 63)
        u = 0;
    return u >> 63 ? ~u : u | (uint64_t)1 << 63;
}

double nsq_key_double(uint64_t k)
{
    uint64_t u = k >> 63 ? k & ~((uint64_t)1 << 63) : ~k;
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

#define RADIX_MIN 4096 /* fewer values: quickselect */

/* The k-th smallest (0-based) of v[0..n) (n > 0, no NaN); reorders v.
 * steady-state takes medians of 10^6 values several times; a radix select on the
 * keys (16 bits at a time: count the digits, swap the values whose digit
 * holds the k-th to the front of v and go on with those) is faster than
 * quickselect, whose compares are unpredictable branches. Either gives the
 * same value. */
double nsq_select_double(double *v, int64_t n, int64_t k)
{
    if (n <= RADIX_MIN)
        return qselect(v, n, k);
    int64_t *cnt = xmalloc(sizeof *cnt * 65536);
    for (int shift = 48; shift >= 0 && n > RADIX_MIN; shift -= 16) {
        memset(cnt, 0, sizeof *cnt * 65536);
        for (int64_t i = 0; i < n; i++)
            cnt[(nsq_double_key(v[i]) >> shift) & 0xFFFF]++;
        int64_t below = 0;
        unsigned d = 0;
        while (below + cnt[d] <= k)
            below += cnt[d++];
        int64_t m = 0;
        for (int64_t i = 0; i < n; i++)
            if (((nsq_double_key(v[i]) >> shift) & 0xFFFF) == d) {
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
