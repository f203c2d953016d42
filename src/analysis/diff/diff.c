/* diff: baseline versus patch (see diff.h). */
#include "nsysql/export/devmap.h"
#include "nsysql/analysis/diff.h"
#include "nsysql/analysis/window.h"
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
#include "nsysql/util/strbuf.h"

const char *nsq_diff_verdict_name(int v)
{
    static const char *const n[] = {"improved", "regressed",       "unchanged",
                                    "inconclusive", "added",     "removed",
                                    "replaced", "likely_improved", "likely_regressed",
                                    "not_comparable"};
    return v >= 0 && v < NSQ_V_COUNT ? n[v] : "?";
}

const char *nsq_diff_method_name(int m)
{
    static const char *const n[] = {"none",     "mann_whitney",     "van_elteren", "welch_log",
                                    "single_vs_sample", "single_instance", "identical",
                                    "paired_by_position"};
    return m >= 0 && m <= NSQ_MT_PAIRED ? n[m] : "?";
}

const char *nsq_diff_overall_name(int v)
{
    static const char *const n[] = {"improved",     "regressed",       "mixed",
                                    "unchanged",    "inconclusive",    "likely_improved",
                                    "likely_regressed", "not_comparable"};
    return v >= 0 && v <= NSQ_O_NOT_COMPARABLE ? n[v] : "?";
}

const char *nsq_diff_match_name(int m)
{
    static const char *const n[] = {"exact", "normalized", "none"};
    return m >= 0 && m <= NSQ_M_NONE ? n[m] : "?";
}

static void warn(nsq_diff *d, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void warn(nsq_diff *d, const char *code, const char *fmt, ...)
{
    strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    sb_vaddf(&sb, fmt, ap);
    va_end(ap);
    d->warnings = xrealloc(d->warnings, sizeof(*d->warnings) * (size_t)(d->nwarnings + 1));
    nsq_diff_warning *w = &d->warnings[d->nwarnings++];
    snprintf(w->code, sizeof w->code, "%s", code);
    w->message = sb_detach(&sb);
}

/* ---- statistics ----------------------------------------------------------- */

double nsq_normal_quantile(double p)
{
    /* Acklam's rational approximation, then one Halley step on erfc */
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                               -2.759285104469687e+02, 1.383577518672690e+02,
                               -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                               -1.556989798598866e+02, 6.680131188771972e+01,
                               -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                               -2.400758277161838e+00, -2.549732539343734e+00,
                               4.374664141464968e+00,  2.938163982698783e+00};
    static const double e[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    double q, r, x;
    if (!(p > 0 && p < 1))
        return p <= 0 ? -INFINITY : INFINITY;
    if (p < 0.02425) {
        q = sqrt(-2 * log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((e[0] * q + e[1]) * q + e[2]) * q + e[3]) * q + 1);
    } else if (p > 1 - 0.02425) {
        q = sqrt(-2 * log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((e[0] * q + e[1]) * q + e[2]) * q + e[3]) * q + 1);
    } else {
        q = p - 0.5;
        r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    double err = 0.5 * erfc(-x / sqrt(2.0)) - p;
    double u = err * sqrt(2 * M_PI) * exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

/* LSD radix sort of v[0..n) (tmp holds n) by the bits of the unsigned type
 * U, 11-bit digits; digits that never vary are skipped. Durations are never
 * negative, so their bits order them. One body for 8- and 4-byte values. */
#define RADIX_SORT(NAME, T, U)                                                                     \
    static void NAME(T *v, int64_t n, T *tmp)                                                      \
    {                                                                                              \
        U diff = 0, first = (U)v[0];                                                               \
        for (int64_t i = 1; i < n; i++)                                                            \
            diff |= (U)v[i] ^ first;                                                               \
        T *src = v, *dst = tmp;                                                                    \
        for (int shift = 0; shift < (int)(8 * sizeof(U)); shift += 11) {                           \
            if (!((diff >> shift) & 0x7FF))                                                        \
                continue;                                                                          \
            int64_t cnt[2048] = {0};                                                               \
            for (int64_t i = 0; i < n; i++)                                                        \
                cnt[((U)src[i] >> shift) & 0x7FF]++;                                               \
            int64_t pos = 0;                                                                       \
            for (int k = 0; k < 2048; k++) {                                                       \
                int64_t c = cnt[k];                                                                \
                cnt[k] = pos;                                                                      \
                pos += c;                                                                          \
            }                                                                                      \
            for (int64_t i = 0; i < n; i++)                                                        \
                dst[cnt[((U)src[i] >> shift) & 0x7FF]++] = src[i];                                 \
            T *t = src;                                                                            \
            src = dst;                                                                             \
            dst = t;                                                                               \
        }                                                                                          \
        if (src != v)                                                                              \
            memcpy(v, src, sizeof(*v) * (size_t)n);                                                \
    }
RADIX_SORT(radix_i64, int64_t, uint64_t)
RADIX_SORT(radix_u32, uint32_t, uint32_t)

void nsq_sort_durations(int64_t *v, int64_t n, int64_t *tmp)
{
    if (n < 2)
        return;
    if (n < 64) {
        for (int64_t i = 1; i < n; i++) {
            int64_t x = v[i], j = i;
            for (; j > 0 && v[j - 1] > x; j--)
                v[j] = v[j - 1];
            v[j] = x;
        }
        return;
    }
    radix_i64(v, n, tmp);
}

double nsq_mann_whitney(const int64_t *a, int64_t n, const int64_t *b, int64_t m, double *u,
                        double *z)
{
    *u = 0;
    *z = 0;
    if (n <= 0 || m <= 0)
        return 1.0;
    int64_t i = 0, j = 0;
    double rank = 0, ra = 0, ties = 0;
    while (i < n || j < m) {
        int64_t v = (j >= m || (i < n && a[i] <= b[j])) ? a[i] : b[j];
        int64_t ca = 0, cb = 0;
        while (i < n && a[i] == v)
            i++, ca++;
        while (j < m && b[j] == v)
            j++, cb++;
        double t = (double)(ca + cb);
        ra += (double)ca * (rank + (t + 1) / 2.0);
        ties += t * t * t - t;
        rank += t;
    }
    double dn = (double)n, dm = (double)m, N = dn + dm;
    *u = ra - dn * (dn + 1) / 2.0;
    double var = dn * dm / 12.0 * ((N + 1) - ties / (N * (N - 1)));
    if (!(var > 0))
        return 1.0;
    double dev = *u - dn * dm / 2.0;
    double cc = fabs(dev) > 0.5 ? fabs(dev) - 0.5 : 0.0;
    *z = copysign(cc / sqrt(var), dev);
    return erfc(fabs(*z) / sqrt(2.0));
}

/* P(Binomial(n, 1/2) <= k), summed downwards from k until terms vanish. */
static double binom_half_cdf(int64_t n, int64_t k)
{
    if (k < 0)
        return 0;
    if (k >= n)
        return 1;
    double dn = (double)n;
    double t =
        exp(lgamma(dn + 1) - lgamma((double)k + 1) - lgamma(dn - (double)k + 1) - dn * log(2.0));
    double sum = t;
    for (int64_t i = k; i > 0; i--) {
        t *= (double)i / (dn - (double)i + 1);
        sum += t;
        if (t < sum * 1e-17)
            break;
    }
    return sum > 1 ? 1 : sum;
}

double nsq_median_variance(const int64_t *y, int64_t n)
{
    if (n < 2)
        return -1;
    int64_t c = (int64_t)llround((double)n / 2.0 - sqrt((double)n));
    if (c < 1)
        c = 1;
    double lower = (double)y[c - 1], upper = (double)y[n - c];
    double alpha_star = 2 * binom_half_cdf(n, c - 1);
    if (!(alpha_star < 1))
        return -1;
    double zs = nsq_normal_quantile(1 - alpha_star / 2);
    double s = (upper - lower) / (2 * zs);
    return s * s;
}

/* Exact two-sided p of complete separation: the smallest p a rank test on
 * n and m values can give. */
static double mw_min_p(int64_t n, int64_t m)
{
    double lc = lgamma((double)(n + m) + 1) - lgamma((double)n + 1) - lgamma((double)m + 1);
    double p = 2 * exp(-lc);
    return p > 1 ? 1 : p;
}

/* U of a and its variance under H0 (tie-corrected) for sorted a[n], b[m]. */
static void mw_parts(const int64_t *a, int64_t n, const int64_t *b, int64_t m, double *u,
                     double *var)
{
    int64_t i = 0, j = 0;
    double rank = 0, ra = 0, ties = 0;
    while (i < n || j < m) {
        int64_t v = (j >= m || (i < n && a[i] <= b[j])) ? a[i] : b[j];
        int64_t ca = 0, cb = 0;
        while (i < n && a[i] == v)
            i++, ca++;
        while (j < m && b[j] == v)
            j++, cb++;
        double t = (double)(ca + cb);
        ra += (double)ca * (rank + (t + 1) / 2.0);
        ties += t * t * t - t;
        rank += t;
    }
    double dn = (double)n, dm = (double)m, N = dn + dm;
    *u = ra - dn * (dn + 1) / 2.0;
    *var = N > 1 ? dn * dm / 12.0 * ((N + 1) - ties / (N * (N - 1))) : 0;
}

/* Continued fraction of the regularised incomplete beta (modified Lentz). */
static double betacf(double a, double b, double x)
{
    const double tiny = 1e-300;
    double qab = a + b, qap = a + 1, qam = a - 1, c = 1, d = 1 - qab * x / qap;
    if (fabs(d) < tiny)
        d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 300; m++) {
        int m2 = 2 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1 + aa * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1 + aa / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1 / d;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1 + aa * d;
        if (fabs(d) < tiny)
            d = tiny;
        c = 1 + aa / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1) < 1e-15)
            break;
    }
    return h;
}

/* Regularised incomplete beta I_x(a, b). */
static double ibeta(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    double lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
    if (x < (a + 1) / (a + b + 2))
        return exp(lbt) * betacf(a, b, x) / a;
    return 1 - exp(lbt) * betacf(b, a, 1 - x) / b;
}

/* Two-sided p of Student's t with df degrees of freedom. */
double nsq_t_two_sided_p(double t, double df)
{
    if (isnan(t) || !(df > 0))
        return NAN;
    if (isinf(t))
        return 0;
    return ibeta(df / 2, 0.5, df / (df + t * t));
}

/* Quantile q of Student's t (q in (0.5, 1)), by bisection on the p-value. */
double nsq_t_quantile(double q, double df)
{
    double target = 2 * (1 - q), lo = 0, hi = 1;
    while (nsq_t_two_sided_p(hi, df) > target && hi < 1e12)
        hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
        double mid = (lo + hi) / 2;
        if (nsq_t_two_sided_p(mid, df) > target)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/* Mean and sample variance of the logs of v[n] (values below 1 ns read as 1). */
static void log_moments(const int64_t *v, int64_t n, double *mean, double *var)
{
    double m = 0, q = 0;
    for (int64_t i = 0; i < n; i++) {
        double x = log((double)(v[i] > 0 ? v[i] : 1));
        double dlt = x - m;
        m += dlt / (double)(i + 1);
        q += dlt * (x - m);
    }
    *mean = m;
    *var = n > 1 ? q / (double)(n - 1) : 0;
}

/* The smallest standard deviation of log durations a test assumes: integer
 * nanoseconds of a repeated kernel can be exactly equal, and a zero spread
 * would make any difference infinitely significant. 0.1 %. */
#define LOG_SD_FLOOR 0.001

/* ---- small maps --------------------------------------------------------------- */

/* string -> int; keys are borrowed pointers that must outlive the map. */
typedef struct smap {
    const char **keys;
    int *vals;
    size_t cap, n;
} smap;

static size_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

static size_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    return mix64(h);
}

static int smap_get(const smap *m, const char *key)
{
    if (!m->cap)
        return -1;
    size_t h = hash_str(key) & (m->cap - 1);
    while (m->vals[h] >= 0) {
        if (!strcmp(m->keys[h], key))
            return m->vals[h];
        h = (h + 1) & (m->cap - 1);
    }
    return -1;
}

static void smap_put(smap *m, const char *key, int val)
{
    if ((m->n + 1) * 2 > m->cap) {
        size_t oc = m->cap, nc = oc ? oc * 2 : 64;
        const char **ok = m->keys;
        int *ov = m->vals;
        m->keys = xmalloc(sizeof(*m->keys) * nc);
        m->vals = xmalloc(sizeof(*m->vals) * nc);
        for (size_t i = 0; i < nc; i++)
            m->vals[i] = -1;
        m->cap = nc;
        m->n = 0;
        for (size_t i = 0; i < oc; i++)
            if (ov[i] >= 0)
                smap_put(m, ok[i], ov[i]);
        free(ok);
        free(ov);
    }
    size_t h = hash_str(key) & (m->cap - 1);
    while (m->vals[h] >= 0 && strcmp(m->keys[h], key))
        h = (h + 1) & (m->cap - 1);
    if (m->vals[h] < 0)
        m->n++;
    m->keys[h] = key;
    m->vals[h] = val;
}

static void smap_free(smap *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

/* ---- per-capture scan --------------------------------------------------------- */

/* Instance durations as they are read: 4 bytes each (a duration is under
 * 4.3 s all but always); one outside [0, 2^32) ns is kept aside, with its
 * index, and put back when its row is pooled. At 10^8 instances a side this
 * halves what diff holds between reading the captures and pooling a row. */
typedef struct durarr {
    uint32_t *v;
    int64_t n, cap;
    int64_t *wide; /* pairs (index, duration) */
    int64_t nwide, capwide;
} durarr;

static inline void dur_push(durarr *a, int64_t x)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->v = xrealloc(a->v, sizeof(*a->v) * (size_t)a->cap);
    }
    if (x < 0 || x > (int64_t)UINT32_MAX) {
        if (a->nwide == a->capwide) {
            a->capwide = a->capwide ? a->capwide * 2 : 4;
            a->wide = xrealloc(a->wide, 2 * sizeof(*a->wide) * (size_t)a->capwide);
        }
        a->wide[2 * a->nwide] = a->n;
        a->wide[2 * a->nwide + 1] = x;
        a->nwide++;
        x = 0;
    }
    a->v[a->n++] = (uint32_t)x;
}

/* Appends a's durations to out (room for a->n more) as 64-bit values. */
static void dur_expand(const durarr *a, int64_t *out)
{
    for (int64_t i = 0; i < a->n; i++)
        out[i] = a->v[i];
    for (int64_t k = 0; k < a->nwide; k++)
        out[a->wide[2 * k]] = a->wide[2 * k + 1];
}

static void dur_free(durarr *a)
{
    free(a->v);
    free(a->wide);
    memset(a, 0, sizeof *a);
}

/* One launch shape of a kernel name in one capture. */
typedef struct cshape {
    nsq_shape_key key;
    int64_t count, sum;
    durarr durs; /* instance durations, handed to the side afterwards */
} cshape;

/* One kernel name in one capture. */
typedef struct centry {
    char *name; /* resolved (owned) */
    int keep;   /* passes --name/--exclude */
    int64_t count, sum;
    int64_t out_count, out_sum; /* instances outside the window */
    cshape *sh;
    int nsh, last_sh;
    /* position in the kernel sequence of its device: the entry (+1) before
     * and after its first instance, and how many instances agree */
    int pred1, succ1;
    int64_t pred_n, succ_n;
} centry;

/* One device's busy time. Copies (memcpy, memset) are read first and kept
 * as intervals, sorted and unioned once read; kernels then stream through
 * nsq_union (intervals.h) in start order, the copies merged in as they come
 * due, so a device costs O(copies) memory, not O(kernels). When a device's
 * kernels arrive out of start order, the capture is read again in collect
 * mode: every interval kept (merged on the fly while starts rise), sorted
 * and unioned at the end. */
typedef struct devacc {
    int64_t gpu;
    nsq_ivl *v; /* copies, or in collect mode every interval (owned) */
    int64_t n, cap;
    int unsorted;
    nsq_union u;        /* streaming: the union so far */
    int64_t next;       /* streaming: next copy interval to merge */
    int64_t last_start; /* streaming: start of the last kernel */
    int started;
    int last_e1; /* the device's previous kernel entry + 1 (0: none yet) */
} devacc;

typedef struct gpumap_row {
    int64_t pid, dev, gpu;
} gpumap_row;

typedef struct scan {
    nsq_export *x;
    const nsq_diff_opts *o;
    nsq_diff_capture *c;
    int all; /* window all: bounds come from this pass */
    int64_t lo, hi;
    int64_t span_lo, span_hi; /* min start / max end over every GPU op */
    int any_op;
    /* device identity (the same rules as devmap.c, from the small tables) */
    int ident; /* 0 cuda_device_map, 1 gpu_cudevice, 2 cuda_ordinal */
    gpumap_row *map;
    int nmap;
    int64_t last_pid, last_dev, last_gpu;
    int have_last;
    /* kernels by name id (k1 = id, k2 = 0 for a NULL id, 1 otherwise); small
     * ids (StringIds ids usually are) also in a direct table, entry + 1 */
    nsq_pairmap ids;
    int *direct;
    centry *e;
    int ne;
    int64_t last_id;
    int last_has_id, last_e;
    sqlite3_stmt *name_st;
    devacc *devs;
    int ndevs, last_dev_i;
    int collect;  /* keep every interval (the fallback for unordered kernels) */
    int disorder; /* streaming saw a kernel start before the previous one */
    int64_t win_kernels; /* kernel rows in the window, before the name filters */
} scan;

static int load_gpumap(scan *sc, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    const char *sql;
    int rc;
    enum nsq_dev_identity id = nsq_devmap_identity(sc->x);
    sc->ident = id == NSQ_ID_CUDA_DEVICE_MAP ? 0 : id == NSQ_ID_GPU_CUDEVICE ? 1 : 2;
    sc->c->device_identity = nsq_devmap_identity_name(id);
    if (sc->ident == 2)
        return 0;
    sql = sc->ident == 0
              ? "SELECT pid, device_id, gpu_id FROM cuda_device"
              : "SELECT NULL, cuda_device, gpu_id FROM device WHERE cuda_device IS NOT NULL";
    rc = sqlite3_prepare_v2(sc->x->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(sc->x, rc, NSQ_EXIT_INTERNAL, "internal", "device mapping",
                                    err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (sqlite3_column_type(st, 2) == SQLITE_NULL)
            continue;
        sc->map = xrealloc(sc->map, sizeof(*sc->map) * (size_t)(sc->nmap + 1));
        gpumap_row *g = &sc->map[sc->nmap++];
        g->pid = sqlite3_column_int64(st, 0);
        g->dev = sqlite3_column_int64(st, 1);
        g->gpu = sqlite3_column_int64(st, 2);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(sc->x, rc, NSQ_EXIT_INTERNAL, "internal", "device mapping",
                                    err);
    return 0;
}

static int64_t gpu_of(scan *sc, int64_t pid, int64_t dev)
{
    if (sc->have_last && pid == sc->last_pid && dev == sc->last_dev)
        return sc->last_gpu;
    int64_t gpu = dev;
    for (int i = 0; i < sc->nmap; i++)
        if (sc->map[i].dev == dev && (sc->ident == 1 || sc->map[i].pid == pid)) {
            gpu = sc->map[i].gpu;
            break; /* first row wins, as devmap.c's LIMIT 1 */
        }
    sc->have_last = 1;
    sc->last_pid = pid;
    sc->last_dev = dev;
    sc->last_gpu = gpu;
    return gpu;
}

static void ivl_append(devacc *d, int64_t s, int64_t e)
{
    if (d->n) {
        nsq_ivl *last = &d->v[d->n - 1];
        if (s >= last->start) {
            if (s <= last->end) {
                if (e > last->end)
                    last->end = e;
                return;
            }
        } else {
            d->unsorted = 1;
        }
    }
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 256;
        d->v = xrealloc(d->v, sizeof(*d->v) * (size_t)d->cap);
    }
    d->v[d->n].start = s;
    d->v[d->n].end = e;
    d->n++;
}

/* Adds one op's interval (clipped to the window) to its device. */
static void busy_add(scan *sc, int64_t gpu, int64_t s, int64_t e, int is_kernel)
{
    devacc *d = NULL;
    if (sc->ndevs && sc->devs[sc->last_dev_i].gpu == gpu) {
        d = &sc->devs[sc->last_dev_i];
    } else {
        for (int i = 0; i < sc->ndevs; i++)
            if (sc->devs[i].gpu == gpu) {
                d = &sc->devs[i];
                sc->last_dev_i = i;
                break;
            }
        if (!d) {
            sc->devs = xrealloc(sc->devs, sizeof(*sc->devs) * (size_t)(sc->ndevs + 1));
            d = &sc->devs[sc->ndevs];
            memset(d, 0, sizeof *d);
            d->gpu = gpu;
            sc->last_dev_i = sc->ndevs++;
        }
    }
    if (!sc->all) {
        if (s < sc->lo)
            s = sc->lo;
        if (e > sc->hi)
            e = sc->hi;
    }
    if (e <= s)
        return; /* zero-length ops (and ops clipped away) cover nothing */
    if (sc->collect || !is_kernel) {
        ivl_append(d, s, e);
        return;
    }
    if (d->started && s < d->last_start) {
        sc->disorder = 1;
        return;
    }
    d->started = 1;
    d->last_start = s;
    while (d->next < d->n && d->v[d->next].start <= s) {
        nsq_union_push(&d->u, d->v[d->next].start, d->v[d->next].end, NULL);
        d->next++;
    }
    nsq_union_push(&d->u, s, e, NULL);
}

/* Streaming mode, between the copy scans and the kernel scan: the copies
 * of each device become sorted disjoint intervals. */
static void busy_copies_done(scan *sc)
{
    for (int i = 0; i < sc->ndevs; i++) {
        devacc *d = &sc->devs[i];
        if (d->unsorted)
            nsq_ivl_sort(d->v, (size_t)d->n);
        d->n = (int64_t)nsq_ivl_union(d->v, (size_t)d->n);
        d->unsorted = 0;
    }
}

/* The busy time of a device (the union's length); frees its intervals. */
static int64_t busy_finish(scan *sc, devacc *d)
{
    int64_t busy;
    if (sc->collect) {
        size_t n = (size_t)d->n;
        if (d->unsorted)
            nsq_ivl_sort(d->v, n);
        n = nsq_ivl_union(d->v, n);
        busy = nsq_ivl_length(d->v, n);
    } else {
        for (; d->next < d->n; d->next++)
            nsq_union_push(&d->u, d->v[d->next].start, d->v[d->next].end, NULL);
        nsq_union_finish(&d->u);
        busy = d->u.covered;
    }
    free(d->v);
    d->v = NULL;
    d->n = d->cap = 0;
    return busy;
}

/* Common per-row work of the three passes: NULL and bad rows, the span,
 * the window and the pid/stream/device filters. Values: start, end,
 * global_pid, device_id, stream_id (NULL unless --stream). Returns 1 with *gpu set when
 * the row counts, 2 when it passes the filters but lies outside the window,
 * 0 to skip it. */
static inline int row_common(scan *sc, const int64_t *v, unsigned nulls, int64_t *s, int64_t *e,
                             int64_t *gpu)
{
    if (nulls & 3u) {
        sc->c->bad_rows++;
        return 0;
    }
    *s = v[0];
    *e = v[1];
    if (*e < *s) {
        sc->c->bad_rows++;
        return 0;
    }
    /* the span of window all: valid rows before any filter (nsq_gpu_span) */
    if (!sc->any_op || *s < sc->span_lo)
        sc->span_lo = *s;
    if (!sc->any_op || *e > sc->span_hi)
        sc->span_hi = *e;
    sc->any_op = 1;
    int inwin = sc->all || nsq_in_window(*s, *e, sc->lo, sc->hi);
    const nsq_filter *f = sc->o->filter;
    int64_t pid = (v[2] >> 24) & 16777215; /* as the views decode it */
    int64_t dev = v[3];
    if (f && f->has_pid && pid != f->pid)
        return 0;
    if (f && f->has_stream && v[4] != f->stream)
        return 0;
    *gpu = gpu_of(sc, pid, dev);
    if (f && f->has_device && *gpu != f->device)
        return 0;
    return inwin ? 1 : 2;
}

/* The name id columns, the first non-NULL of which names a kernel (read
 * apart, and COALESCEd in scan_row, so that the page reader can read them). */
static const char *name_id_cols(const char *by, int *n)
{
    if (!strcmp(by, "demangled") || !strcmp(by, "normalized")) {
        *n = 2;
        return "demangled_name_id, short_name_id";
    }
    if (!strcmp(by, "mangled")) {
        *n = 3;
        return "mangled_name_id, demangled_name_id, short_name_id";
    }
    *n = 1;
    return "short_name_id";
}

static pthread_mutex_t filter_lock = PTHREAD_MUTEX_INITIALIZER;

#define DIRECT_IDS 65536

/* Resolves a name id to a new centry (name looked up in StringIds once). */
static int new_entry(scan *sc, int64_t id, int is_null, nsq_err *err)
{
    char *name = NULL;
    if (is_null) {
        name = xstrdup("(unnamed)");
    } else {
        int rc;
        if (!sc->name_st) {
            rc = sqlite3_prepare_v2(sc->x->db, "SELECT value FROM main.StringIds WHERE id = ?1", -1,
                                    &sc->name_st, NULL);
            if (rc != SQLITE_OK)
                return nsq_export_sql_error(sc->x, rc, NSQ_EXIT_INPUT, "missing_table",
                                            "kernel names", err);
        }
        sqlite3_reset(sc->name_st);
        sqlite3_bind_int64(sc->name_st, 1, id);
        rc = sqlite3_step(sc->name_st);
        if (rc == SQLITE_ROW && sqlite3_column_text(sc->name_st, 0)) {
            name = xstrdup((const char *)sqlite3_column_text(sc->name_st, 0));
        } else if (rc == SQLITE_ROW || rc == SQLITE_DONE) {
            strbuf sb = STRBUF_INIT;
            sb_addf(&sb, "(unknown name id %lld)", (long long)id);
            name = sb_detach(&sb);
        } else {
            nsq_export_sql_error(sc->x, rc, NSQ_EXIT_INPUT, "input_corrupt", "kernel names", err);
            sqlite3_reset(sc->name_st);
            return -1;
        }
        /* a statement left on a row counts as active and would block
         * unregistering the scan function */
        sqlite3_reset(sc->name_st);
    }
    sc->e = xrealloc(sc->e, sizeof(*sc->e) * (size_t)(sc->ne + 1));
    centry *ce = &sc->e[sc->ne];
    memset(ce, 0, sizeof *ce);
    ce->name = name;
    if (sc->o->filter && (sc->o->filter->name || sc->o->filter->exclude)) {
        /* captures are read in parallel; a compiled pattern has one match
         * block, so the (once per name) filter calls take turns */
        pthread_mutex_lock(&filter_lock);
        ce->keep = nsq_filter_name(sc->o->filter, name, strlen(name));
        pthread_mutex_unlock(&filter_lock);
    } else {
        ce->keep = 1;
    }
    nsq_pairmap_put(&sc->ids, id, !is_null, sc->ne);
    if (!is_null && id >= 0 && id < DIRECT_IDS) {
        if (!sc->direct)
            sc->direct = xcalloc(DIRECT_IDS, sizeof(int));
        sc->direct[id] = sc->ne + 1;
    }
    return sc->ne++;
}

/* The pass runs on nsq_parscan (parscan.h): the rows come in table order,
 * from the file's pages or through SQLite. */
enum { SCAN_KERNEL, SCAN_MEMCPY, SCAN_MEMSET };

typedef struct scanfn {
    scan *sc;
    int kind;
    int nname;  /* name id columns (kernels) */
    int shapes; /* the 8 launch-shape columns follow the name ids */
    nsq_err *err;
    int failed;
} scanfn;

/* Row: start_ns, end_ns, global_pid, device_id, stream_id or NULL, then
 * bytes (copies) or the name id columns (kernels). */
static int scan_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    scanfn *fn = ctx;
    scan *sc = fn->sc;
    nsq_diff_metrics *m = &sc->c->m;
    int64_t s, e, gpu = 0;
    (void)err; /* fn->err */
    int rc = row_common(sc, v, nulls, &s, &e, &gpu);
    if (rc && fn->kind == SCAN_MEMCPY && !(nulls >> 6 & 1u) && (v[6] == 1 || v[6] == 2) &&
        !(nulls >> 5 & 1u) && v[5] >= 0) {
        /* the workload fingerprint: host-to-device and device-to-host
         * copies of the whole capture, inside the window or not */
        int dir = v[6] == 2;
        nsq_diff_capture *c = sc->c;
        c->fp_copies[dir]++;
        c->fp_bytes[dir] = v[5] > INT64_MAX - c->fp_bytes[dir] ? INT64_MAX : c->fp_bytes[dir] + v[5];
        if (v[5] > c->fp_largest[dir])
            c->fp_largest[dir] = v[5];
    }
    if (!rc || (rc == 2 && fn->kind != SCAN_KERNEL))
        return 0;
    if (rc == 1)
        busy_add(sc, gpu, s, e, fn->kind == SCAN_KERNEL);
    if (sc->disorder) {
        /* stop here: the capture is read again in collect mode */
        fn->failed = 1;
        return -1;
    }
    if (fn->kind == SCAN_MEMCPY || fn->kind == SCAN_MEMSET) {
        int mc = fn->kind == SCAN_MEMCPY;
        (*(mc ? &m->memcpy_count : &m->memset_count))++;
        *(mc ? &m->memcpy_bytes : &m->memset_bytes) += v[5];
        *(mc ? &m->memcpy_ns : &m->memset_ns) += e - s;
        return 0;
    }
    int k = 5;
    while (k < 5 + fn->nname - 1 && (nulls >> k & 1u))
        k++; /* COALESCE */
    int is_null = (nulls >> k & 1u) != 0;
    int64_t id = is_null ? 0 : v[k];
    int ei;
    /* kernels only from here */
    if (sc->last_e >= 0 && id == sc->last_id && (!is_null) == sc->last_has_id) {
        ei = sc->last_e;
    } else {
        ei = (!is_null && sc->direct && id >= 0 && id < DIRECT_IDS)
                 ? sc->direct[id] - 1
                 : nsq_pairmap_get(&sc->ids, id, !is_null);
        if (ei < 0 && (ei = new_entry(sc, id, is_null, fn->err)) < 0) {
            fn->failed = 1;
            return -1;
        }
        sc->last_id = id;
        sc->last_has_id = !is_null;
        sc->last_e = ei;
    }
    centry *ce = &sc->e[ei];
    if (rc == 1)
        sc->win_kernels++;
    if (!ce->keep)
        return 0;
    int64_t dur = e - s;
    sc->c->capture_kernel_ns += dur;
    sc->c->capture_launches++;
    if (rc == 2) {
        ce->out_count++;
        ce->out_sum += dur;
        return 0;
    }
    /* the launch shape: grid, block, static + dynamic shared memory */
    nsq_shape_key key;
    int b = 5 + fn->nname;
    if (fn->shapes) {
        nsq_shape_key_of(&key, v + b, nulls >> b);
    } else {
        memset(&key, 0xff, sizeof key); /* every field -1: one shape */
    }
    cshape *sh = ce->nsh ? &ce->sh[ce->last_sh] : NULL;
    if (!sh || memcmp(&sh->key, &key, sizeof key)) {
        int t = 0;
        while (t < ce->nsh && memcmp(&ce->sh[t].key, &key, sizeof key))
            t++;
        if (t == ce->nsh) {
            ce->sh = xrealloc(ce->sh, sizeof(*ce->sh) * (size_t)(ce->nsh + 1));
            memset(&ce->sh[t], 0, sizeof *ce->sh);
            ce->sh[t].key = key;
            ce->nsh++;
        }
        ce->last_sh = t;
        sh = &ce->sh[t];
    }
    if (sc->ndevs) {
        devacc *dv = &sc->devs[sc->last_dev_i];
        if (dv->last_e1) {
            int prev = dv->last_e1 - 1;
            if (!ce->pred1)
                ce->pred1 = prev + 1;
            if (ce->pred1 == prev + 1)
                ce->pred_n++;
            centry *pe = &sc->e[prev];
            if (!pe->succ1)
                pe->succ1 = ei + 1;
            if (pe->succ1 == ei + 1)
                pe->succ_n++;
        }
        dv->last_e1 = ei + 1;
    }
    ce->count++;
    ce->sum += dur;
    sh->count++;
    sh->sum += dur;
    dur_push(&sh->durs, dur);
    m->launches++;
    m->kernel_ns += dur;
    return 0;
}

/* One pass over one view through the scan function. Returns 0, 1 when the
 * kernels came out of start order (streaming mode: read again in collect
 * mode), or -1 with err. */
static int scan_view(scan *sc, int kind, nsq_err *err)
{
    static const char *const views[] = {"kernel", "memcpy", "memset"};
    scanfn fn = {sc, kind, 0, 0, err, 0};
    strbuf cols = STRBUF_INIT;
    /* every column read costs time at 10^7 rows: stream_id only when filtered;
     * the strings are fixed in this file, never user input */
    sb_addf(&cols, "start_ns, end_ns, global_pid, device_id, %s, %s",
            sc->o->filter && sc->o->filter->has_stream ? "stream_id" : "NULL",
            kind == SCAN_KERNEL   ? name_id_cols(sc->o->by, &fn.nname)
            : kind == SCAN_MEMCPY ? "bytes, copy_kind"
                                  : "bytes");
    if (kind == SCAN_KERNEL && !sc->o->no_shapes) {
        fn.shapes = 1;
        sb_addstr(&cols, ", grid_x, grid_y, grid_z, block_x, block_y, block_z, "
                       "static_shared_bytes, dynamic_shared_bytes");
    }
    nsq_parscan_req req = {.view = views[kind],
                           .cols = cols.buf,
                           .ncols = 5 + (kind == SCAN_KERNEL   ? fn.nname + 8 * fn.shapes
                                         : kind == SCAN_MEMCPY ? 2
                                                               : 1),
                           .what = views[kind]};
    sc->last_e = -1;
    int rc = nsq_parscan(sc->x, &req, scan_row, &fn, err);
    sb_release(&cols);
    if (rc && fn.failed && sc->disorder)
        return 1; /* err untouched: read again in collect mode */
    return rc ? -1 : 0;
}

/* ---- sides ---------------------------------------------------------------------- */

/* One launch shape of a side entry: its captures' durations. */
typedef struct sshape {
    nsq_shape_key key;
    durarr *chunks; /* one per capture */
    int *ccap;      /* the capture (index on its side) of each chunk */
    int nchunks;
} sshape;

/* One name (or, with --by normalized, one normalised name) on one side. */
typedef struct sentry {
    char *name;     /* owned */
    char **members; /* raw names folded into it (owned) */
    int nmembers;
    uint64_t fired; /* rules that changed a member (with --by normalized) */
    int64_t *count; /* [ncap] */
    int64_t *sum;   /* [ncap] */
    sshape *sh;
    int nsh;
    char *key; /* normalised name (owned), computed for matching */
    uint64_t key_fired;
    int used; /* taken by a row */
    char *seq[2];    /* name of the kernel before / after it (first capture), owned */
    double agree[2]; /* share of its instances with that neighbour */
} sentry;

typedef struct side {
    sentry *e;
    int n;
    smap map;
} side;

static void side_free(side *s)
{
    for (int i = 0; i < s->n; i++) {
        sentry *e = &s->e[i];
        free(e->name);
        for (int k = 0; k < e->nmembers; k++)
            free(e->members[k]);
        free(e->members);
        free(e->count);
        free(e->sum);
        for (int h = 0; h < e->nsh; h++) {
            for (int k = 0; k < e->sh[h].nchunks; k++)
                dur_free(&e->sh[h].chunks[k]);
            free(e->sh[h].chunks);
            free(e->sh[h].ccap);
        }
        free(e->sh);
        free(e->key);
        free(e->seq[0]);
        free(e->seq[1]);
    }
    free(s->e);
    smap_free(&s->map);
    memset(s, 0, sizeof *s);
}

/* Kernels of one capture that run only outside its window. */
static void excluded_add(nsq_diff *d, int s, const char *name, int64_t n, int64_t ns)
{
    for (int i = 0; i < d->nexcluded; i++)
        if (d->excluded[i].side == s && !strcmp(d->excluded[i].name, name)) {
            d->excluded[i].instances += n;
            d->excluded[i].total_ns += ns;
            return;
        }
    d->excluded = xrealloc(d->excluded, sizeof(*d->excluded) * (size_t)(d->nexcluded + 1));
    nsq_diff_excluded *x = &d->excluded[d->nexcluded++];
    x->name = xstrdup(name);
    x->side = s;
    x->instances = n;
    x->total_ns = ns;
}

/* Moves one capture's kernel entries into the side (durations change hands,
 * no copy). With --by normalized, entries are folded by normalised name. */
static int side_take(nsq_diff *d, side *sd, int which, int ci, scan *sc, const nsq_diff_opts *o,
                     nsq_err *err)
{
    int ncap = d->ncap[which];
    int normalized = !strcmp(o->by, "normalized");
    for (int i = 0; i < sc->ne; i++) {
        centry *ce = &sc->e[i];
        if (!ce->keep)
            continue;
        if (!ce->count) {
            if (ce->out_count) {
                sc->c->excluded_names++;
                sc->c->excluded_ns += ce->out_sum;
                excluded_add(d, which, ce->name, ce->out_count, ce->out_sum);
            }
            continue;
        }
        char *key = NULL;
        uint64_t fired = 0;
        if (normalized && !(key = nsq_match_normalize(o->rules, ce->name, &fired, err)))
            return -1;
        const char *k = key ? key : ce->name;
        int si = smap_get(&sd->map, k);
        if (si < 0) {
            /* the map's keys are the entries' name strings, which stay put
             * when the entry array moves */
            sd->e = xrealloc(sd->e, sizeof(*sd->e) * (size_t)(sd->n + 1));
            sentry *se = &sd->e[sd->n];
            memset(se, 0, sizeof *se);
            se->name = xstrdup(k);
            se->count = xcalloc((size_t)ncap, sizeof(int64_t));
            se->sum = xcalloc((size_t)ncap, sizeof(int64_t));
            si = sd->n++;
            smap_put(&sd->map, se->name, si);
        }
        sentry *se = &sd->e[si];
        int have = 0;
        for (int k2 = 0; k2 < se->nmembers; k2++)
            have |= !strcmp(se->members[k2], ce->name);
        if (!have) {
            se->members = xrealloc(se->members, sizeof(char *) * (size_t)(se->nmembers + 1));
            se->members[se->nmembers++] = xstrdup(ce->name);
        }
        se->fired |= fired;
        free(key);
        if (!se->seq[0] && !se->seq[1] && (ce->pred1 || ce->succ1)) {
            if (ce->pred1) {
                se->seq[0] = xstrdup(sc->e[ce->pred1 - 1].name);
                se->agree[0] = (double)ce->pred_n / (double)ce->count;
            }
            if (ce->succ1) {
                se->seq[1] = xstrdup(sc->e[ce->succ1 - 1].name);
                se->agree[1] = (double)ce->succ_n / (double)ce->count;
            }
        }
        se->count[ci] += ce->count;
        se->sum[ci] += ce->sum;
        for (int h = 0; h < ce->nsh; h++) {
            cshape *cs = &ce->sh[h];
            int t = 0;
            while (t < se->nsh && memcmp(&se->sh[t].key, &cs->key, sizeof cs->key))
                t++;
            if (t == se->nsh) {
                se->sh = xrealloc(se->sh, sizeof(*se->sh) * (size_t)(se->nsh + 1));
                memset(&se->sh[t], 0, sizeof *se->sh);
                se->sh[t].key = cs->key;
                se->nsh++;
            }
            sshape *ss = &se->sh[t];
            ss->chunks = xrealloc(ss->chunks, sizeof(*ss->chunks) * (size_t)(ss->nchunks + 1));
            ss->ccap = xrealloc(ss->ccap, sizeof(*ss->ccap) * (size_t)(ss->nchunks + 1));
            ss->ccap[ss->nchunks] = ci;
            ss->chunks[ss->nchunks++] = cs->durs; /* changes hands */
            memset(&cs->durs, 0, sizeof cs->durs);
        }
    }
    return 0;
}

static void scan_free(scan *sc)
{
    for (int i = 0; i < sc->ne; i++) {
        free(sc->e[i].name);
        for (int h = 0; h < sc->e[i].nsh; h++)
            dur_free(&sc->e[i].sh[h].durs);
        free(sc->e[i].sh);
    }
    free(sc->e);
    nsq_pairmap_release(&sc->ids);
    free(sc->direct);
    for (int i = 0; i < sc->ndevs; i++)
        free(sc->devs[i].v);
    free(sc->devs);
    free(sc->map);
    sqlite3_finalize(sc->name_st);
    memset(sc, 0, sizeof *sc);
}

/* One capture's read, run by a worker thread; the results are merged into
 * the sides afterwards, in capture order, by the calling thread. */
typedef struct job {
    nsq_diff *d;
    int which, ci;
    nsq_export *x;
    scan sc;
    nsq_err err;
    int rc;
} job;

/* Reads one capture: memcpy and memset, then kernels, each view once
 * (twice only when kernels arrive out of start order). */
static int scan_capture(job *jb)
{
    nsq_diff_capture *c = &jb->d->cap[jb->which][jb->ci];
    scan *sc = &jb->sc;
    nsq_err *err = &jb->err;
    for (int pass = 0; pass < 2; pass++) {
        int rc;
        memset(sc, 0, sizeof *sc);
        memset(&c->m, 0, sizeof c->m);
        memset(c->fp_copies, 0, sizeof c->fp_copies);
        memset(c->fp_bytes, 0, sizeof c->fp_bytes);
        memset(c->fp_largest, 0, sizeof c->fp_largest);
        c->bad_rows = 0;
        c->capture_kernel_ns = c->capture_launches = 0;
        c->excluded_names = c->excluded_ns = 0;
        sc->x = jb->x;
        sc->o = &jb->d->o;
        sc->c = c;
        sc->all = !strcmp(c->window.kind, "all");
        sc->lo = c->window.start_ns;
        sc->hi = c->window.end_ns;
        sc->collect = pass;
        if (load_gpumap(sc, err) || scan_view(sc, SCAN_MEMCPY, err) ||
            scan_view(sc, SCAN_MEMSET, err))
            return -1;
        if (!sc->collect)
            busy_copies_done(sc);
        rc = scan_view(sc, SCAN_KERNEL, err);
        if (rc < 0)
            return -1;
        c->kernels_in_order = !pass;
        if (rc == 0)
            break;
        scan_free(sc);
    }
    if (sc->all) {
        if (!sc->any_op)
            return nsq_error(err, NSQ_EXIT_INPUT, "no_gpu_activity",
                             "'%s' has no GPU activity (no valid kernel, memcpy or memset rows)",
                             c->path);
        c->window.start_ns = sc->span_lo;
        c->window.end_ns = sc->span_hi;
    }
    c->m.window_ns = c->window.end_ns - c->window.start_ns;
    c->m.devices = sc->ndevs;
    for (int i = 0; i < sc->ndevs; i++) {
        int64_t b = busy_finish(sc, &sc->devs[i]);
        c->m.gpu_busy_ns += b;
        c->m.gpu_idle_ns += c->m.window_ns - b;
    }
    return 0;
}

/* Runs fn(ctx, i) for i in [0, n) on up to one thread per CPU (at most 8),
 * the calling thread included; returns when all are done. Each task uses
 * its own export connection; shared state is read only. */
typedef struct pfor {
    void (*fn)(void *ctx, int i);
    void *ctx;
    int n, next;
    pthread_mutex_t lock;
} pfor;

static void *pfor_worker(void *arg)
{
    pfor *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int i = p->next++;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->n)
            return NULL;
        p->fn(p->ctx, i);
    }
}

static void parallel_for(int n, void (*fn)(void *, int), void *ctx)
{
    pfor p = {fn, ctx, n, 0, PTHREAD_MUTEX_INITIALIZER};
    pthread_t th[8];
    int nth = 0;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int want = (int)(cpus < 1 ? 1 : cpus > 8 ? 8 : cpus);
    if (want > n)
        want = n;
    /* the CPUs are shared among the tasks: each task's parallel reads
     * (parscan.h) get their share of the worker connections */
    nsq_parscan_set_threads(want > 1 ? (int)(cpus / want > 1 ? cpus / want : 1) : 0);
    for (; nth < want - 1; nth++)
        if (pthread_create(&th[nth], NULL, pfor_worker, &p))
            break; /* fewer threads is fine: this one works too */
    pfor_worker(&p);
    for (int t = 0; t < nth; t++)
        pthread_join(th[t], NULL);
    nsq_parscan_set_threads(0);
}

static void scan_task(void *ctx, int i)
{
    job *jb = &((job *)ctx)[i];
    jb->rc = scan_capture(jb);
}

/* Reads every capture, several at a time (one connection each, one thread
 * per CPU up to 8), then merges them into the sides in capture order. */
/* Returns 0, -1 with err, or 1 when an auto-chosen steady window holds no
 * kernel (nothing merged; the caller switches every capture to all). */
static int scan_all(nsq_diff *d, side sd[2], nsq_export *const *xs[2], nsq_err *err)
{
    int njobs = 0, ret = -1;
    job *jobs = xcalloc((size_t)(d->ncap[0] + d->ncap[1]), sizeof *jobs);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            job *jb = &jobs[njobs++];
            jb->d = d;
            jb->which = s;
            jb->ci = i;
            jb->x = xs[s][i];
        }
    parallel_for(njobs, scan_task, jobs);
    for (int j = 0; j < njobs; j++)
        if (jobs[j].rc) {
            *err = jobs[j].err;
            if (!err->exit_code)
                nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "reading %s failed",
                          d->cap[jobs[j].which][jobs[j].ci].path);
            goto done;
        }
    /* a steady window that the auto mode chose but that holds no kernel at
     * all (e.g. NVTX iterations with no GPU work attributed) is no steady
     * state of the GPU work: the caller falls back to the whole captures */
    for (int j = 0; j < njobs; j++)
        if (!strcmp(d->cap[jobs[j].which][jobs[j].ci].window_mode, "auto") &&
            !strcmp(d->cap[jobs[j].which][jobs[j].ci].window.kind, "steady") &&
            !jobs[j].sc.win_kernels) {
            ret = 1;
            goto done;
        }
    for (int j = 0; j < njobs; j++) {
        job *jb = &jobs[j];
        nsq_diff_capture *c = &d->cap[jb->which][jb->ci];
        if (side_take(d, &sd[jb->which], jb->which, jb->ci, &jb->sc, &d->o, err))
            goto done;
        if (c->bad_rows)
            warn(d, "bad_rows",
                 "%s: %lld GPU-op rows with end < start or no time were skipped (not counted "
                 "as instances, not part of busy time)",
                 c->path, (long long)c->bad_rows);
        if (!c->m.launches)
            warn(d, "no_kernels_in_window", "%s: no kernel %s the window", c->path,
                 jb->sc.win_kernels ? "passes the filters in" : "runs in");
    }
    ret = 0;
done:
    for (int j = 0; j < njobs; j++)
        scan_free(&jobs[j].sc);
    free(jobs);
    return ret;
}

/* ---- windows ------------------------------------------------------------------- */

/* When diff's default window trusts a steady-state window (README, "Reading
 * a diff"): found in every capture, with at least this confidence and this
 * many steady iterations, and, once read, holding at least
 * DIFF_STEADY_MIN_COVERAGE of each capture's kernel instances, with kernels
 * that run only outside it carrying at most DIFF_STEADY_MAX_EXCLUDED of its
 * kernel time. */
#define DIFF_STEADY_MIN_CONFIDENCE 0.5
#define DIFF_STEADY_MIN_ITERATIONS 5
#define DIFF_STEADY_MIN_COVERAGE 0.5
#define DIFF_STEADY_MAX_EXCLUDED 0.05

/* Kernel rows of a capture as its rowids span them (two b-tree seeks). */
static int64_t kernel_rows(nsq_export *x)
{
    int64_t lo = 0, hi = -1;
    if (!nsq_probe_table(&x->probe, "CUPTI_ACTIVITY_KIND_KERNEL") ||
        nsq_query_int64(x->db, "SELECT min(rowid) FROM main.CUPTI_ACTIVITY_KIND_KERNEL", 0, &lo) ||
        nsq_query_int64(x->db, "SELECT max(rowid) FROM main.CUPTI_ACTIVITY_KIND_KERNEL", -1, &hi))
        return 0;
    return hi >= lo ? hi - lo + 1 : 0;
}

/* a detection holds 16 bytes per iteration and about 1 per launch call (25
 * per iteration while judging): with the 6 kernels an iteration of the
 * benchmark's exports, about 4.2 bytes per kernel row, under 1 GiB for this
 * many rows at once */
#define DIFF_PARALLEL_DETECT_ROWS ((int64_t)220 << 20)

typedef struct steady_task_ctx {
    nsq_export *const *const *xs;
    int nbase;
    nsq_steady *out;
    durarr **it; /* per capture: its steady iterations' step and kernel times, or NULL */
} steady_task_ctx;

/* The steady iterations kept for the per-iteration comparison, in 4 bytes a
 * value; iterations without a step time dropped. */
typedef struct steady_keep {
    const nsq_steady *r;
    durarr *it;
} steady_keep;

static void steady_keep_value(void *ctx, int64_t step_ns, int64_t kernel_ns)
{
    steady_keep *k = ctx;
    if (strcmp(k->r->metric[1].name, "step_ns"))
        return;
    if (!k->it)
        k->it = xcalloc(2, sizeof *k->it);
    if (step_ns >= 0) {
        dur_push(&k->it[0], step_ns);
        dur_push(&k->it[1], kernel_ns);
    }
}

/* Frees a pair of kept arrays (step, kernel time); NULL is fine. */
static void steady_keep_free(durarr *it)
{
    if (it) {
        dur_free(&it[0]);
        dur_free(&it[1]);
        free(it);
    }
}

static void steady_task(void *ctx, int i)
{
    steady_task_ctx *tc = ctx;
    nsq_steady *r = &tc->out[i];
    nsq_err e2 = {0};
    nsq_steady_opts so = {0};
    steady_keep keep = {r, NULL};
    so.steady_value = steady_keep_value;
    so.steady_ctx = &keep;
    nsq_export *x = i < tc->nbase ? tc->xs[0][i] : tc->xs[1][i - tc->nbase];
    if (nsq_steady_detect(x, &so, r, &e2)) {
        memset(r, 0, sizeof *r);
        snprintf(r->reason, sizeof r->reason, "steady-state detection failed: %.200s", e2.message);
        steady_keep_free(keep.it);
        return;
    }
    tc->it[i] = keep.it;
}

static void free_iters(nsq_diff_capture *c)
{
    steady_keep_free(c->it);
    c->it = NULL;
}

static int resolve_windows(nsq_diff *d, nsq_export *const *xs[2], nsq_err *err)
{
    const char *spec = d->o.window;
    if (spec && strcmp(spec, "auto")) {
        snprintf(d->window_choice, sizeof d->window_choice, "explicit");
        snprintf(d->window_choice_code, sizeof d->window_choice_code, "explicit");
        snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                 "--window %.200s applied to every capture", spec);
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < d->ncap[s]; i++) {
                nsq_diff_capture *c = &d->cap[s][i];
                snprintf(c->window_mode, sizeof c->window_mode, "explicit");
                if (!strcmp(spec, "all")) {
                    /* bounds come from the single pass */
                    snprintf(c->window.kind, sizeof c->window.kind, "all");
                } else if (nsq_window_resolve(&c->window, xs[s][i], spec, err)) {
                    strbuf m = STRBUF_INIT;
                    sb_addf(&m, "%s: %s", c->path, err->message);
                    snprintf(err->message, sizeof err->message, "%.*s",
                             (int)sizeof err->message - 1, m.buf);
                    sb_release(&m);
                    return -1;
                }
                snprintf(c->window_reason, sizeof c->window_reason, "--window %s", spec);
            }
        return 0;
    }
    /* auto: steady where it is found in every capture, else all everywhere;
     * the detections run in parallel, one capture (connection) each */
    nsq_steady *st = xcalloc((size_t)(d->ncap[0] + d->ncap[1]), sizeof *st);
    int found = 0, total = 0;
    const char *missing = NULL;
    steady_task_ctx tc = {xs, d->ncap[0], st,
                          xcalloc((size_t)(d->ncap[0] + d->ncap[1]), sizeof(durarr *))};
    /* big captures are detected one after the other (each reading with
     * every CPU), so that two of them never hold their iterations at once */
    int64_t rows = 0;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++)
            rows += kernel_rows(xs[s][i]);
    const char *lim = getenv("NSYSQL_DIFF_DETECT_ROWS"); /* tests */
    if (rows > (lim && *lim ? strtoll(lim, NULL, 10) : DIFF_PARALLEL_DETECT_ROWS))
        for (int i = 0; i < d->ncap[0] + d->ncap[1]; i++)
            steady_task(&tc, i);
    else
        parallel_for(d->ncap[0] + d->ncap[1], steady_task, &tc);
    const char *weak = NULL, *weak_code = "steady_not_trusted";
    char weak_why[260] = "", first_key[300] = "";
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            nsq_steady *r = &st[s * d->ncap[0] + i];
            nsq_diff_capture *c = &d->cap[s][i];
            total++;
            if (r->found)
                found++;
            else if (!missing)
                missing = c->path;
            int64_t steady_its = r->iterations - r->warmup_iterations - r->teardown_iterations;
            if (r->found && !weak) {
                if (r->confidence < DIFF_STEADY_MIN_CONFIDENCE) {
                    weak = c->path;
                    snprintf(weak_why, sizeof weak_why,
                             "its steady-state confidence %.2f is below %.2f", r->confidence,
                             DIFF_STEADY_MIN_CONFIDENCE);
                } else if (steady_its < DIFF_STEADY_MIN_ITERATIONS) {
                    weak = c->path;
                    snprintf(weak_why, sizeof weak_why,
                             "its steady window holds %lld iterations, fewer than %d",
                             (long long)steady_its, DIFF_STEADY_MIN_ITERATIONS);
                }
            }
            c->steady_confidence = r->found ? r->confidence : NAN;
            /* what an iteration is: an NVTX range by its name; a kernel period
             * by its length (the patch may rename the kernel it starts with) */
            if (r->found && !strcmp(r->method, "nvtx"))
                snprintf(c->it_key, sizeof c->it_key, "nvtx range %.250s", r->iteration_name);
            else if (r->found && !strcmp(r->method, "kernel_period"))
                snprintf(c->it_key, sizeof c->it_key, "kernel period of %lld kernels",
                         (long long)r->period_kernels);
            else if (r->found)
                snprintf(c->it_key, sizeof c->it_key, "%s", r->method);
            if (r->found && !weak && found > 1 && first_key[0] && strcmp(c->it_key, first_key)) {
                weak = c->path;
                snprintf(weak_why, sizeof weak_why,
                         "its iterations (%.60s) are not those of the first capture (%.60s), so "
                         "the windows are not comparable",
                         c->it_key, first_key);
                weak_code = "steady_not_comparable";
            }
            if (r->found && !first_key[0])
                snprintf(first_key, sizeof first_key, "%s", c->it_key);
            /* keep the steady iterations for the per-iteration comparison */
            durarr *it = tc.it[s * d->ncap[0] + i];
            tc.it[s * d->ncap[0] + i] = NULL;
            if (it) { /* taken over, not copied */
                c->it = it;
                c->nit = it[0].n;
                c->it_has_kernel = !strcmp(r->metric[0].name, "kernel_time_ns");
            }
            /* what steady-state would warn about, the reader of diff must know */
            for (int w = 0; w < r->nwarnings; w++)
                warn(d, r->warnings[w].code, "%s: %s", c->path, r->warnings[w].message);
            nsq_steady_release(r);
        }
    if (found == total && weak) {
        /* found everywhere, but not trusted everywhere */
        snprintf(d->window_choice_code, sizeof d->window_choice_code, "%s", weak_code);
        snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                 "a steady state was found in every capture, but in %.120s %s: the whole "
                 "captures are compared",
                 weak, weak_why);
        warn(d, weak_code, "%s", d->window_choice_reason);
        found = -1; /* everywhere all */
        missing = weak;
    }
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            nsq_diff_capture *c = &d->cap[s][i];
            nsq_steady *r = &st[s * d->ncap[0] + i];
            snprintf(c->window_mode, sizeof c->window_mode, "auto");
            if (found == -1) {
                snprintf(c->window.kind, sizeof c->window.kind, "all");
                snprintf(c->window_reason, sizeof c->window_reason, "%s",
                         d->window_choice_reason);
            } else if (found == total) {
                snprintf(c->window.kind, sizeof c->window.kind, "steady");
                c->window.start_ns = r->steady_start_ns;
                c->window.end_ns = r->steady_end_ns;
                c->window.steady_method = xstrdup(r->method);
                snprintf(c->window_reason, sizeof c->window_reason,
                         "steady state found in every capture; here by %s: %lld iterations, "
                         "%lld warm-up and %lld tear-down left out, %.0f%% of the capture "
                         "(confidence %.2f)",
                         r->method, (long long)r->iterations, (long long)r->warmup_iterations,
                         (long long)r->teardown_iterations, 100 * r->coverage, r->confidence);
            } else {
                snprintf(c->window.kind, sizeof c->window.kind, "all");
                if (!r->found)
                    snprintf(c->window_reason, sizeof c->window_reason,
                             "no steady state here (%s): the whole capture is used",
                             r->reason[0] ? r->reason : "not found");
                else
                    snprintf(c->window_reason, sizeof c->window_reason,
                             "steady state found here (by %s) but not in %s: the whole capture "
                             "is used in every capture so both sides compare like with like",
                             r->method, missing);
            }
        }
    if (found == total) {
        snprintf(d->window_choice, sizeof d->window_choice, "steady");
        snprintf(d->window_choice_code, sizeof d->window_choice_code, "steady_everywhere");
        snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                 "a trusted steady state was found in every capture (confidence >= %.2f, %d+ "
                 "steady iterations); its window is compared",
                 DIFF_STEADY_MIN_CONFIDENCE, DIFF_STEADY_MIN_ITERATIONS);
    } else {
        snprintf(d->window_choice, sizeof d->window_choice, "all");
        if (found != -1) {
            snprintf(d->window_choice_code, sizeof d->window_choice_code,
                     found ? "steady_not_everywhere" : "no_steady_state");
            snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                     found ? "a steady state was found in %d of %d captures (not in %.120s): the "
                             "whole captures are compared"
                           : "no capture has a steady state (%d of %d; first: %.120s): the whole "
                             "captures are compared",
                     found, total, missing ? missing : "?");
        }
    }
    if (found > 0 && found < total)
        warn(d, "steady_not_everywhere",
             "a steady-state window was found in %d of %d captures (not in %s); every capture "
             "uses the whole capture instead, warm-up included",
             found, total, missing);
    for (int k = 0; k < d->ncap[0] + d->ncap[1]; k++)
        if (tc.it[k]) {
            nsq_diff_capture tmp = {0};
            tmp.it = tc.it[k];
            free_iters(&tmp);
        }
    free(tc.it);
    free(st);
    return 0;
}

/* ---- pairing by launch position ------------------------------------------------ */

/* A deterministic program launches a kernel the same number of times in the
 * same order in both captures, and each launch's duration may depend on its
 * place (an elimination step on a shrinking matrix, a level of a solve): the
 * pooled durations then spread over an order of magnitude and an unpaired
 * test cannot see a uniform 5 % gain. When the two sequences are strongly
 * rank-correlated (Spearman rho >= PAIRED_MIN_RHO) the k-th launch of the
 * baseline is compared with the k-th of the patch: a sign test on the
 * per-position log ratios, the change their median, its interval the
 * distribution-free order-statistic interval of that median. Decided from
 * the sequences' structure (rho), never from which test gives the smaller p.
 * Only for rows with one capture per side, one device per capture, one launch
 * shape and PAIRED_MIN_N .. PAIRED_MAX_N instances on each side (beyond that
 * the pooled test has power enough). */
#define PAIRED_MIN_N 8
#define PAIRED_MAX_N 200000
#define PAIRED_MIN_RHO 0.9

typedef struct rankv {
    int64_t v;
    int64_t i;
} rankv;

static int cmp_rankv(const void *pa, const void *pb)
{
    const rankv *a = pa, *b = pb;
    if (a->v != b->v)
        return a->v < b->v ? -1 : 1;
    return a->i < b->i ? -1 : a->i > b->i;
}

/* Mid-ranks of v[0..n) into r. */
static void midranks(const int64_t *v, int64_t n, double *r, rankv *tmp)
{
    for (int64_t i = 0; i < n; i++)
        tmp[i] = (rankv){v[i], i};
    qsort(tmp, (size_t)n, sizeof *tmp, cmp_rankv);
    for (int64_t i = 0; i < n;) {
        int64_t j = i;
        while (j < n && tmp[j].v == tmp[i].v)
            j++;
        double mid = (double)(i + j - 1) / 2 + 1;
        for (int64_t k = i; k < j; k++)
            r[tmp[k].i] = mid;
        i = j;
    }
}

static int cmp_double_asc(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return a < b ? -1 : a > b;
}

/* a and b: the sequences in launch order, n each. */
static void pair_by_position(nsq_diff *d, nsq_diff_row *row, const int64_t *a, const int64_t *b,
                             int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (a[i] <= 0 || b[i] <= 0)
            return; /* a ratio needs both durations > 0 */
    double *ra = xmalloc(sizeof *ra * (size_t)n), *rb = xmalloc(sizeof *rb * (size_t)n);
    rankv *tmp = xmalloc(sizeof *tmp * (size_t)n);
    midranks(a, n, ra, tmp);
    midranks(b, n, rb, tmp);
    free(tmp);
    double m = (double)(n + 1) / 2, sab = 0, saa = 0, sbb = 0;
    for (int64_t i = 0; i < n; i++) {
        sab += (ra[i] - m) * (rb[i] - m);
        saa += (ra[i] - m) * (ra[i] - m);
        sbb += (rb[i] - m) * (rb[i] - m);
    }
    free(ra);
    free(rb);
    row->pair_n = n;
    row->pair_rho = saa > 0 && sbb > 0 ? sab / sqrt(saa * sbb) : NAN;
    if (!(row->pair_rho >= PAIRED_MIN_RHO))
        return;
    double *dl = xmalloc(sizeof *dl * (size_t)n);
    int64_t faster = 0, slower = 0;
    for (int64_t i = 0; i < n; i++) {
        dl[i] = log((double)b[i]) - log((double)a[i]);
        faster += b[i] < a[i];
        slower += b[i] > a[i];
    }
    /* still in launch order */
    row->pair_drift_pct = nsq_diff_block_drift_logs(dl, n, &row->block_lo_pct, &row->block_hi_pct);
    qsort(dl, (size_t)n, sizeof *dl, cmp_double_asc);
    double med = n % 2 ? dl[n / 2] : (dl[n / 2 - 1] + dl[n / 2]) / 2;
    int64_t untied = faster + slower, k = faster < slower ? faster : slower;
    row->paired = 1;
    row->pair_faster = faster;
    row->pair_slower = slower;
    row->pair_p = untied ? fmin(1, 2 * binom_half_cdf(untied, k)) : 1;
    row->pair_change_pct = 100 * (exp(med) - 1);
    /* the order-statistic interval of the median: [d_(c), d_(n+1-c)] with
     * c the largest count such that P(Bin(n, 1/2) <= c - 1) <= alpha / 2 */
    int64_t c = 0;
    while (c + 1 <= n / 2 && binom_half_cdf(n, c) <= d->o.alpha / 2)
        c++;
    if (c >= 1) {
        row->pair_lo_pct = 100 * (exp(dl[c - 1]) - 1);
        row->pair_hi_pct = 100 * (exp(dl[n - c]) - 1);
    }
    free(dl);
}

/* ---- rows ---------------------------------------------------------------------- */

typedef struct rowsrc {
    int *idx[2]; /* sentry indices per side */
    int n[2];
} rowsrc;

static void rowsrc_add(rowsrc *r, int s, int i)
{
    r->idx[s] = xrealloc(r->idx[s], sizeof(int) * (size_t)(r->n[s] + 1));
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
    int64_t n[2], sum[2];
    int sorted[2]; /* v already in ascending order */
} rshape;

/* The statistics of stats.h from sorted values (does not reorder v). */
static void sorted_stats(nsq_stats *st, const int64_t *v, int64_t n)
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

/* Pools a row's durations per launch shape and side (chunks are freed as
 * they are copied), sorted; fills each side's counts, per-capture totals
 * and run-to-run spread. *name_v gets each side's durations over all shapes
 * (sorted; it may be one of the shapes' arrays: *own says whether to free). */
static rshape *pool_row(nsq_diff *d, side sd[2], const rowsrc *src, nsq_diff_row *row, int *nrs,
                        int64_t *name_v[2], int own[2])
{
    rshape *rs = NULL;
    int n = 0;
    double bm[2][DRIFT_BLOCKS];
    int nbm[2] = {0, 0};
    for (int s = 0; s < 2; s++) {
        nsq_diff_sidestat *st = &row->s[s];
        int ncap = d->ncap[s];
        int64_t cnt = 0, sum = 0;
        st->total_per_capture = xcalloc((size_t)ncap, sizeof(int64_t));
        st->instances_per_capture = xcalloc((size_t)ncap, sizeof(int64_t));
        st->spread_pct = NAN;
        st->stddev_ns = NAN;
        name_v[s] = NULL;
        own[s] = 0;
        row->drift_pct[s] = row->level_gap_pct[s] = row->capture_spread_pct[s] = NAN;
        row->levels[s] = 0;
        if (!src->n[s])
            continue;
        /* noise.c's measures, from the durations still in launch order: the
         * block drift of the largest chunk (one capture), the median of each
         * capture's largest chunk (several captures) */
        int64_t drift_n = 0;
        int64_t *cap_n = xcalloc((size_t)ncap, sizeof(int64_t));
        double *cap_med = xcalloc((size_t)ncap, sizeof(double));
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
                while (t < n && memcmp(&rs[t].key, &ss->key, sizeof ss->key))
                    t++;
                if (t == n) {
                    rs = xrealloc(rs, sizeof(*rs) * (size_t)(n + 1));
                    memset(&rs[t], 0, sizeof *rs);
                    rs[t].key = ss->key;
                    n++;
                }
                rshape *r = &rs[t];
                for (int c = 0; c < ss->nchunks; c++) {
                    const durarr *ch = &ss->chunks[c];
                    if (ncap == 1 && ch->n > drift_n) {
                        drift_n = ch->n;
                        nbm[s] = nsq_diff_block_medians_u32(ch->v, ch->n, bm[s]);
                        row->drift_pct[s] = nsq_diff_spread_pct(bm[s], nbm[s]);
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
                if (!r->n[s] && one && !one->nwide && one->n > PAIRED_MAX_N) {
                    uint32_t *t32 = xmalloc(sizeof(*t32) * (size_t)one->n);
                    radix_u32(one->v, one->n, t32);
                    free(t32);
                    r->sorted[s] = 1;
                } else {
                    r->sorted[s] = 0;
                }
                r->v[s] = xrealloc(r->v[s], sizeof(int64_t) * (size_t)(r->n[s] + add + 1));
                for (int c = 0; c < ss->nchunks; c++) {
                    dur_expand(&ss->chunks[c], r->v[s] + r->n[s]);
                    r->n[s] += ss->chunks[c].n;
                    dur_free(&ss->chunks[c]);
                }
                free(ss->chunks);
                free(ss->ccap);
                ss->chunks = NULL;
                ss->ccap = NULL;
                ss->nchunks = 0;
            }
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
        free(cap_n);
        free(cap_med);
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
    row->block_drift_pct =
        nbm[0] && nbm[0] == nbm[1] ? nsq_diff_ratio_spread_pct(bm[0], bm[1], nbm[0]) : NAN;
    row->block_lo_pct = row->block_hi_pct = NAN;
    if (nbm[0] && nbm[0] == nbm[1])
        nsq_diff_ratio_range_pct(bm[0], bm[1], nbm[0], &row->block_lo_pct, &row->block_hi_pct);
    row->pair_rho = row->pair_p = row->pair_change_pct = row->pair_drift_pct = NAN;
    row->pair_lo_pct = row->pair_hi_pct = NAN;
    if (!d->o.no_pairing && d->ncap[0] == 1 && d->ncap[1] == 1 && src->n[0] == 1 && src->n[1] == 1 &&
        d->cap[0][0].m.devices == 1 && d->cap[1][0].m.devices == 1) {
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
            if (k == rs[only[1]].n[1] && k >= PAIRED_MIN_N && k <= PAIRED_MAX_N)
                pair_by_position(d, row, rs[only[0]].v[0], rs[only[1]].v[1],
                                 k); /* still in launch order */
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

/* Order statistics of a pooled side (stats.h; v sorted, not reordered). */
static void side_stats(nsq_diff_sidestat *st, const int64_t *v)
{
    nsq_stats ss;
    if (!st->present || !st->instances)
        return;
    sorted_stats(&ss, v, st->instances);
    st->mean_ns = ss.mean;
    st->median_ns = ss.median;
    st->p90_ns = ss.p90;
    st->min_ns = ss.min;
    st->max_ns = ss.max;
    st->stddev_ns = ss.stddev;
}

static double rel_pct(double base, double patch)
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
static int ratio_interval(double ratio, double se, double crit, double *lo, double *hi,
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
static void shape_stats(nsq_diff *d, nsq_diff_row *r, rshape *rs, int n, double *ve_p,
                        double *ve_z, double *ve_pmin, double *mix_se)
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
            sorted_stats(&st, x->v[s], x->n[s]);
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
        sh->p = nsq_mann_whitney(x->v[0], x->n[0], x->v[1], x->n[1], &u, &zz);
        sh->change_pct = rel_pct((double)sh->median_ns[0], (double)sh->median_ns[1]);
        if (sh->median_ns[0] > 0 && sh->median_ns[1] > 0 && var[0] >= 0 && var[1] >= 0) {
            double ma = (double)sh->median_ns[0], mb = (double)sh->median_ns[1];
            char why[160];
            ratio_interval(mb / ma, sqrt(var[0] / (ma * ma) + var[1] / (mb * mb)), d->z_crit,
                           &sh->ci_lo_pct, &sh->ci_hi_pct, why, sizeof why);
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
        mw_parts(x->v[0], x->n[0], x->v[1], x->n[1], &u, &uv);
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
 * NULL for an absent side). */
static void row_stats(nsq_diff *d, nsq_diff_row *r, const int64_t *a, const int64_t *b)
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
        r->identical = A->instances == B->instances &&
                       memcmp(a, b, sizeof *a * (size_t)A->instances) == 0;
        r->p = nsq_mann_whitney(a, A->instances, b, B->instances, &r->u, &r->z);
        /* nsq_mann_whitney's z is positive when the baseline is larger;
         * report it with the sign of the change (patch larger = positive) */
        r->z = -r->z;
        r->p_min = mw_min_p(A->instances, B->instances);
        va = nsq_median_variance(a, A->instances);
        vb = nsq_median_variance(b, B->instances);
    }
    side_stats(A, a);
    side_stats(B, b);
    double ia = A->present ? (double)A->instances / d->ncap[0] : 0;
    double ib = B->present ? (double)B->instances / d->ncap[1] : 0;
    r->d_instances = ib - ia;
    r->d_total_ns = B->total_ns - A->total_ns;
    if (!A->present || !B->present)
        return;
    r->instances_pct = rel_pct(ia, ib);
    r->total_pct = rel_pct((double)A->total_ns, (double)B->total_ns);
    r->d_mean_ns = (double)(B->mean_ns - A->mean_ns);
    r->mean_pct = rel_pct((double)A->mean_ns, (double)B->mean_ns);
    r->d_median_ns = (double)(B->median_ns - A->median_ns);
    r->median_pct = rel_pct((double)A->median_ns, (double)B->median_ns);
    snprintf(r->ci_reason, sizeof r->ci_reason, "no interval: needs 2+ instances per side");
    if (A->median_ns > 0 && B->median_ns > 0) {
        double ma = (double)A->median_ns, mb = (double)B->median_ns;
        r->ratio = mb / ma;
        if (va >= 0 && vb >= 0)
            r->ci_valid = ratio_interval(r->ratio, sqrt(va / (ma * ma) + vb / (mb * mb)),
                                         d->z_crit, &r->ci_lo_pct, &r->ci_hi_pct, r->ci_reason,
                                         sizeof r->ci_reason);
    } else if (A->max_ns == 0 && B->max_ns == 0 && A->instances >= 2 && B->instances >= 2) {
        /* every instance on both sides lasted 0 ns */
        r->ratio = 1;
        r->ci_lo_pct = r->ci_hi_pct = 0;
        r->ci_valid = 1;
    } else {
        snprintf(r->ci_reason, sizeof r->ci_reason, "no interval: a median is 0 ns");
    }
    if (r->ci_valid)
        r->ci_reason[0] = 0;
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
                       double ve_p, double ve_z, double ve_pmin, double mix_se)
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
    int multi = r->nshapes > 1 && r->shapes_common >= 1 && !d->o.no_shapes;
    if (multi && !isnan(r->mix_pct)) {
        r->method = NSQ_MT_VAN_ELTEREN;
        r->p = ve_p;
        r->z = -ve_z;
        r->p_min = ve_pmin;
        r->change_pct = r->mix_pct;
        r->ci_reason[0] = 0;
        if (!ratio_interval(1 + r->mix_pct / 100, mix_se, d->z_crit, &r->change_lo_pct,
                            &r->change_hi_pct, r->ci_reason, sizeof r->ci_reason) &&
            isnan(mix_se))
            snprintf(r->ci_reason, sizeof r->ci_reason,
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
            snprintf(r->ci_reason, sizeof r->ci_reason,
                     "no interval: too few positions for an order-statistic interval");
        else
            r->ci_reason[0] = 0;
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
    log_moments(a, n, &ma, &vA);
    log_moments(b, m, &mb, &vB);
    double floor2 = LOG_SD_FLOOR * LOG_SD_FLOOR;
    double diff = mb - ma, se, df;
    if (n >= 2 && m >= 2) {
        vA = fmax(vA, floor2);
        vB = fmax(vB, floor2);
        double qa = vA / (double)n, qb = vB / (double)m;
        se = sqrt(qa + qb);
        df = (qa + qb) * (qa + qb) / (qa * qa / (double)(n - 1) + qb * qb / (double)(m - 1));
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
        snprintf(r->ci_reason, sizeof r->ci_reason,
                 "no interval: one instance per side and one capture per side");
        return;
    }
    double t = diff / se;
    r->z = t;
    r->p = nsq_t_two_sided_p(t, df);
    r->p_min = 0;
    r->change_pct = 100 * (exp(diff) - 1);
    double q = nsq_t_quantile(1 - d->o.alpha / 2, df);
    r->ci_reason[0] = 0;
    ratio_interval(exp(diff), se, q, &r->change_lo_pct, &r->change_hi_pct, r->ci_reason,
                   sizeof r->ci_reason);
}

/* A single instance per side is called likely_improved / likely_regressed
 * only when |log(patch / baseline)| exceeds this many times log(1 + the
 * assumed noise): with the default 10 %, beyond x1.61 or /1.61. */
#define SINGLE_NOISE_FACTOR 5

static void row_verdict(nsq_diff *d, nsq_diff_row *r)
{
    double me = d->o.min_effect_pct, alpha = d->o.alpha;
    if (!r->s[0].present || !r->s[1].present) {
        r->verdict = r->s[0].present ? NSQ_V_REMOVED : NSQ_V_ADDED;
        snprintf(r->reason, sizeof r->reason, "%s",
                 r->s[0].present ? "runs in the baseline only (no exact or normalised partner)"
                                 : "runs in the patch only (no exact or normalised partner)");
        return;
    }
    int64_t n = r->s[0].instances, m = r->s[1].instances;
    double ch = r->change_pct;
    const char *what = r->method == NSQ_MT_VAN_ELTEREN ? "per instance at the baseline's mix of "
                                                         "launch shapes, the median"
                       : r->method == NSQ_MT_WELCH_LOG || r->method == NSQ_MT_SINGLE_VS_SAMPLE
                           ? "the geometric mean"
                       : r->method == NSQ_MT_PAIRED
                           ? "launch by launch (the k-th against the k-th), the median ratio"
                           : "the median";
    r->significant = r->p_adj < alpha;
    if (r->identical) {
        /* the same data on both sides (e.g. a capture diffed against itself):
         * there is no change to test for, whatever the sample size */
        r->verdict = NSQ_V_UNCHANGED;
        snprintf(r->reason, sizeof r->reason,
                 "the %lld instance durations are identical on both sides", (long long)n);
        return;
    }
    int practical = !isnan(ch) && fabs(ch) >= me;
    nsq_diff_row_floor(d, r);
    if (r->method == NSQ_MT_SINGLE) {
        double noise = d->o.assumed_noise_pct > 0 ? d->o.assumed_noise_pct : 10;
        double lim = log(1 + noise / 100) * SINGLE_NOISE_FACTOR;
        if (!isnan(ch) && fabs(log(1 + ch / 100)) > lim) {
            r->verdict = ch < 0 ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED;
            snprintf(r->reason, sizeof r->reason,
                     "one instance per side: %+.2f%% is more than %d times the assumed %g%% "
                     "run-to-run noise of one instance (--assumed-noise), on a log scale; no "
                     "spread was measured, so this is not a test (repeat the captures to confirm)",
                     ch, SINGLE_NOISE_FACTOR, noise);
        } else {
            r->verdict = NSQ_V_INCONCLUSIVE;
            snprintf(r->reason, sizeof r->reason,
                     "one instance per side and one capture per side: %+.2f%% is within %d times "
                     "the assumed %g%% run-to-run noise of one instance (capture more iterations "
                     "or more captures)",
                     ch, SINGLE_NOISE_FACTOR, noise);
        }
        return;
    }
    /* one interval decides (DIFF-STATISTICS.md, rule 3): unchanged when it
     * lies inside +-min-effect, improved/regressed only when it lies wholly
     * beyond it and beyond the capture-to-capture noise floor */
    double lo = r->change_lo_pct, hi = r->change_hi_pct, fl = r->floor_pct;
    int has_ci = !isnan(lo) && !isnan(hi);
    if (has_ci && lo > -me && hi < me) {
        r->verdict = NSQ_V_UNCHANGED;
        snprintf(r->reason, sizeof r->reason,
                 "the %g%% interval of %s change (%+.2f%% .. %+.2f%%) lies within +-%g%%",
                 100 * d->confidence_level, what, lo, hi, me);
        return;
    }
    if (r->significant && practical) {
        int down = ch < 0;
        if (!has_ci) {
            r->verdict = down ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED;
            snprintf(r->reason, sizeof r->reason,
                     "%s %+.2f%%, adjusted p %.3g < alpha %g (%s), but %s: no interval, so no "
                     "firm verdict",
                     what, ch, r->p_adj, alpha, nsq_diff_method_name(r->method),
                     r->ci_reason[0] ? r->ci_reason : "no interval could be estimated");
            return;
        }
        if (down ? !(hi < -me) : !(lo > me)) {
            r->verdict = NSQ_V_INCONCLUSIVE;
            snprintf(r->reason, sizeof r->reason,
                     "%s %+.2f%% (adjusted p %.3g, %s), but its %g%% interval (%+.2f%% .. "
                     "%+.2f%%) reaches %s: the interval decides",
                     what, ch, r->p_adj, nsq_diff_method_name(r->method),
                     100 * d->confidence_level, lo, hi,
                     (down ? hi >= 0 : lo <= 0) ? "across 0" : "into the --min-effect band");
            return;
        }
        /* the floor, symmetric on a log scale */
        int firm = isnan(fl) || (down ? hi < 100 * (1 / (1 + fl / 100) - 1) : lo > fl);
        /* one capture per side: the change must show in every eighth of the
         * captures, not come from a phase one of them spent elsewhere */
        int blocks_ok = d->ncap[0] > 1 || d->ncap[1] > 1 || isnan(r->block_lo_pct) ||
                        (down ? r->block_hi_pct <= -me : r->block_lo_pct >= me);
        if (firm && !blocks_ok) {
            r->verdict = down ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED;
            snprintf(r->reason, sizeof r->reason,
                     "%s %+.2f%% (interval %+.2f%% .. %+.2f%%, adjusted p %.3g), but measured in "
                     "each eighth of the captures the change runs from %+.2f%% to %+.2f%%: not "
                     "seen throughout (a clock phase or drift in one capture can make it); "
                     "repeat the captures to confirm",
                     what, ch, lo, hi, r->p_adj, r->block_lo_pct, r->block_hi_pct);
            return;
        }
        if (firm) {
            r->verdict = down ? NSQ_V_IMPROVED : NSQ_V_REGRESSED;
            snprintf(r->reason, sizeof r->reason,
                     "%s %+.2f%% (interval %+.2f%% .. %+.2f%%), adjusted p %.3g < alpha %g (%s), "
                     "beyond --min-effect %g%% and the %.3g%% capture-to-capture noise floor (%s)",
                     what, ch, lo, hi, r->p_adj, alpha, nsq_diff_method_name(r->method), me,
                     isnan(fl) ? 0 : fl, r->floor_source);
            return;
        }
        if (!strcmp(r->floor_source, "captures")) {
            r->verdict = NSQ_V_INCONCLUSIVE;
            snprintf(r->reason, sizeof r->reason,
                     "%s moved %+.2f%% (interval %+.2f%% .. %+.2f%%, adjusted p %.3g) but the "
                     "medians of captures of one side differ by up to %.2f%%: within the "
                     "run-to-run noise",
                     what, ch, lo, hi, r->p_adj, fl);
            return;
        }
        r->verdict = down ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED;
        snprintf(r->reason, sizeof r->reason,
                 "%s %+.2f%% (interval %+.2f%% .. %+.2f%%, adjusted p %.3g): clear within the "
                 "capture, but not beyond the %.3g%% capture-to-capture noise floor (%s%s); one "
                 "capture per side cannot tell the patch from that noise: repeat the captures "
                 "(--baseline A1 A2 --patch B1 B2)",
                 what, ch, lo, hi, r->p_adj, fl, r->floor_source,
                 !strcmp(r->floor_source, "assumed")        ? ", --assumed-noise"
                 : !strcmp(r->floor_source, "clock_levels") ? ": two duration levels under one "
                                                              "launch shape"
                                                            : ": block medians move along the "
                                                              "capture");
        return;
    }
    r->verdict = NSQ_V_INCONCLUSIVE;
    if (r->significant)
        snprintf(r->reason, sizeof r->reason,
                 "a significant but small change: %s %+.2f%% is below --min-effect %g%%, but %s",
                 what, ch, me,
                 has_ci ? "its interval reaches beyond the band" : "there is no interval");
    else if (!has_ci)
        snprintf(r->reason, sizeof r->reason,
                 "not significant (adjusted p %.3g, %s, %lld vs %lld instances) and %s", r->p_adj,
                 nsq_diff_method_name(r->method), (long long)n, (long long)m,
                 r->ci_reason[0] ? r->ci_reason : "no interval");
    else
        snprintf(r->reason, sizeof r->reason,
                 "not significant (adjusted p %.3g, %s) and the %g%% interval (%+.2f%% .. "
                 "%+.2f%%) reaches beyond +-%g%%: more instances or captures are needed",
                 r->p_adj, nsq_diff_method_name(r->method), 100 * d->confidence_level, lo, hi,
                 me);
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
    snprintf(r->floor_source, sizeof r->floor_source, "none");
    for (int s = 0; s < 2; s++) {
        for (int k = 0; k < src->n[s]; k++) {
            sentry *e = &sd[s].e[src->idx[s][k]];
            for (int i = 0; i < e->nmembers; i++) {
                r->names[s] = xrealloc(r->names[s], sizeof(char *) * (size_t)(r->nnames[s] + 1));
                r->names[s][r->nnames[s]++] = xstrdup(e->members[i]);
            }
            r->fired[s] |= e->fired | e->key_fired;
            if (!r->key && e->key)
                r->key = xstrdup(e->key);
            if (src->n[s] == 1 && e->nmembers == 1)
                for (int q = 0; q < 2; q++)
                    if (e->seq[q]) {
                        r->seq[s][q] = xstrdup(e->seq[q]);
                        r->seq_agree[s][q] = e->agree[q];
                    }
        }
        if (r->nnames[s] > 1)
            qsort(r->names[s], (size_t)r->nnames[s], sizeof(char *), cmp_str);
    }
    rshape *rs = pool_row(d, sd, src, r, &nrs, v, own);
    const sentry *first = src->n[0] ? &sd[0].e[src->idx[0][0]] : &sd[1].e[src->idx[1][0]];
    r->name = xstrdup(match == NSQ_M_NORMALIZED && first->key ? first->key : first->name);
    double ve_p, ve_z, ve_pmin, mix_se;
    shape_stats(d, r, rs, nrs, &ve_p, &ve_z, &ve_pmin, &mix_se);
    row_stats(d, r, v[0], v[1]);
    r->shape_changed = r->s[0].present && r->s[1].present && !r->shapes_common && !d->o.no_shapes;
    row_method(d, r, v[0], v[1], ve_p, ve_z, ve_pmin, mix_se);
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

static int cmp_rows(const void *pa, const void *pb)
{
    const nsq_diff_row *a = pa, *b = pb;
    int64_t da = llabs(a->d_total_ns), db = llabs(b->d_total_ns);
    if (da != db)
        return da < db ? 1 : -1;
    int64_t ta = a->s[0].total_ns > a->s[1].total_ns ? a->s[0].total_ns : a->s[1].total_ns;
    int64_t tb = b->s[0].total_ns > b->s[1].total_ns ? b->s[0].total_ns : b->s[1].total_ns;
    if (ta != tb)
        return ta < tb ? 1 : -1;
    return strcmp(a->name, b->name);
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

/* Exact matches, then normalised families, then added/removed rows. */
static int match_rows(nsq_diff *d, side sd[2], nsq_err *err)
{
    int normalized = !strcmp(d->o.by, "normalized");
    rowsrc *srcs = NULL;
    int *match = NULL, nsrc = 0, ret = -1;
    /* keys for every entry (shown in the output, used for the second stage) */
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < sd[s].n; i++) {
            sentry *e = &sd[s].e[i];
            if (normalized) {
                e->key = xstrdup(e->name);
            } else if (!(e->key = nsq_match_normalize(d->o.rules, e->name, &e->key_fired, err))) {
                goto done;
            }
        }
    /* stage 1: the same name (with --by normalized: the same normalised name) */
    for (int i = 0; i < sd[0].n; i++) {
        int j = smap_get(&sd[1].map, sd[0].e[i].name);
        if (j < 0)
            continue;
        srcs = xrealloc(srcs, sizeof(*srcs) * (size_t)(nsrc + 1));
        match = xrealloc(match, sizeof(*match) * (size_t)(nsrc + 1));
        memset(&srcs[nsrc], 0, sizeof *srcs);
        rowsrc_add(&srcs[nsrc], 0, i);
        rowsrc_add(&srcs[nsrc], 1, j);
        match[nsrc++] = normalized ? NSQ_M_NORMALIZED : NSQ_M_EXACT;
        sd[0].e[i].used = sd[1].e[j].used = 1;
    }
    /* stage 2: families of normalised names among the rest */
    if (!normalized) {
        smap fam = {0};
        int *famrow = NULL, nfam = 0;
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < sd[s].n; i++) {
                sentry *e = &sd[s].e[i];
                if (e->used)
                    continue;
                int f = smap_get(&fam, e->key);
                if (f < 0) {
                    famrow = xrealloc(famrow, sizeof(int) * (size_t)(nfam + 1));
                    srcs = xrealloc(srcs, sizeof(*srcs) * (size_t)(nsrc + 1));
                    match = xrealloc(match, sizeof(*match) * (size_t)(nsrc + 1));
                    memset(&srcs[nsrc], 0, sizeof *srcs);
                    match[nsrc] = NSQ_M_NORMALIZED;
                    famrow[nfam] = nsrc++;
                    smap_put(&fam, e->key, nfam++);
                    f = nfam - 1;
                }
                rowsrc_add(&srcs[famrow[f]], s, i);
            }
        smap_free(&fam);
        /* a family seen on one side only is not a match: one row per name */
        int end = nsrc;
        for (int r = 0; r < end; r++) {
            if (match[r] != NSQ_M_NORMALIZED || (srcs[r].n[0] && srcs[r].n[1]))
                continue;
            int s = srcs[r].n[0] ? 0 : 1;
            for (int k = 1; k < srcs[r].n[s]; k++) {
                srcs = xrealloc(srcs, sizeof(*srcs) * (size_t)(nsrc + 1));
                match = xrealloc(match, sizeof(*match) * (size_t)(nsrc + 1));
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
                srcs = xrealloc(srcs, sizeof(*srcs) * (size_t)(nsrc + 1));
                match = xrealloc(match, sizeof(*match) * (size_t)(nsrc + 1));
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
    for (int k = 0; k < nsrc; k++)
        build_row(d, sd, &srcs[order[k].i], match[order[k].i], &d->rows[order[k].i]);
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

/* ---- summary, verdicts, attribution ------------------------------------------------ */

/* ---- replaced kernels ---------------------------------------------------------- */

/* The family of a library kernel name: its '_'-separated tokens without
 * the ones that name a tile or layout (digits, NxM shapes, one letter,
 * transpose codes such as NTN). "" when nothing was dropped or fewer than
 * two tokens remain. */
static void family_key(const char *name, char *out, size_t osz, int *tile)
{
    size_t o = 0;
    if (tile)
        *tile = 0;
    int kept = 0, dropped = 0;
    const char *p = name;
    out[0] = 0;
    while (*p) {
        const char *q = p;
        while (*q && *q != '_')
            q++;
        size_t len = (size_t)(q - p);
        int drop = len <= 1, digits = 1, shape = len > 0, layout = len >= 2 && len <= 4;
        for (size_t i = 0; i < len; i++) {
            char c = p[i];
            if (c < '0' || c > '9')
                digits = 0;
            if (!((c >= '0' && c <= '9') || c == 'x'))
                shape = 0;
            if (c != 'N' && c != 'T')
                layout = 0;
        }
        if (len && (digits || (shape && p[0] != 'x') || layout))
            drop = 1;
        if (tile && len && !digits && drop)
            *tile = 1;
        if (drop) {
            dropped++;
        } else {
            if (o + len + 2 >= osz)
                return;
            if (kept)
                out[o++] = '_';
            memcpy(out + o, p, len);
            o += len;
            out[o] = 0;
            kept++;
        }
        p = *q ? q + 1 : q;
    }
    if (!dropped || kept < 2)
        out[0] = 0;
}

/* Folds added row b into removed row a as one "replaced" row. */
static void pair_rows(nsq_diff *d, nsq_diff_row *a, nsq_diff_row *b, const char *evidence,
                      const char *confidence, const char *why)
{
    strbuf sb = STRBUF_INIT;
    free(a->s[1].total_per_capture);
    free(a->s[1].instances_per_capture);
    a->s[1] = b->s[1];
    memset(&b->s[1], 0, sizeof b->s[1]);
    free(a->names[1]);
    a->names[1] = b->names[1];
    a->nnames[1] = b->nnames[1];
    b->names[1] = NULL;
    b->nnames[1] = 0;
    for (int q = 0; q < 2; q++) {
        free(a->seq[1][q]);
        a->seq[1][q] = b->seq[1][q];
        a->seq_agree[1][q] = b->seq_agree[1][q];
        b->seq[1][q] = NULL;
    }
    /* shapes: the patch's shapes of b join a's baseline shapes */
    a->shapes = xrealloc(a->shapes, sizeof(*a->shapes) * (size_t)(a->nshapes + b->nshapes + 1));
    memcpy(a->shapes + a->nshapes, b->shapes, sizeof(*b->shapes) * (size_t)b->nshapes);
    a->nshapes += b->nshapes;
    sb_addf(&sb, "%s -> %s", a->name, b->name);
    free(a->name);
    a->name = sb_detach(&sb);
    a->verdict = NSQ_V_REPLACED;
    a->d_total_ns = a->s[1].total_ns - a->s[0].total_ns;
    a->d_instances = (double)a->s[1].instances / d->ncap[1] - (double)a->s[0].instances / d->ncap[0];
    a->total_pct = rel_pct((double)a->s[0].total_ns, (double)a->s[1].total_ns);
    a->instances_pct = rel_pct((double)a->s[0].instances / d->ncap[0],
                               (double)a->s[1].instances / d->ncap[1]);
    a->count_patch = (double)a->s[1].instances / d->ncap[1];
    a->pair.paired = 1;
    snprintf(a->pair.evidence, sizeof a->pair.evidence, "%s", evidence);
    snprintf(a->pair.confidence, sizeof a->pair.confidence, "%s", confidence);
    snprintf(a->pair.why, sizeof a->pair.why, "%s", why);
    snprintf(a->reason, sizeof a->reason,
             "%s replaced by %s (%s evidence: %s); per-capture kernel time %+.2f%%, "
             "instances %+.0f",
             a->names[0][0], a->names[1][0], confidence, why, a->total_pct, a->d_instances);
    b->verdict = -1; /* dropped by the caller */
}

/* The row holding name on side s, or -1. */
static int row_of(const nsq_diff *d, int s, const char *name)
{
    for (int i = 0; i < d->nrows; i++)
        for (int k = 0; k < d->rows[i].nnames[s]; k++)
            if (!strcmp(d->rows[i].names[s][k], name))
                return i;
    return -1;
}

/* Whether removed row a and added row b sit between the same kernels:
 * before and after each of them, in at least 80 % of their instances, the
 * same matched kernel (or the kernel itself, back to back), one neighbour at
 * least being another kernel. */
static int same_position(const nsq_diff *d, int a, int b)
{
    const nsq_diff_row *ra = &d->rows[a], *rb = &d->rows[b];
    int other = 0;
    for (int q = 0; q < 2; q++) {
        const char *na = ra->seq[0][q], *nb = rb->seq[1][q];
        if (!na || !nb || ra->seq_agree[0][q] < 0.8 || rb->seq_agree[1][q] < 0.8)
            return 0;
        int xa = row_of(d, 0, na), xb = row_of(d, 1, nb);
        if (xa == a && xb == b)
            continue; /* each back to back with itself */
        if (xa < 0 || xa != xb || xa == a || xb == b)
            return 0;
        other = 1;
    }
    return other;
}

/* Pairs removed and added kernels that play the same role: the same
 * library kernel family with another tile or layout (high), or, failing
 * that, the only removed and the only added kernel when their per-capture
 * kernel times are within a factor of 4 (low). Never without evidence. */
static void pair_replaced(nsq_diff *d)
{
    char fa[256], fb[256];
    int nrem = 0, nadd = 0, lr = -1, la = -1;
    for (int i = 0; i < d->nrows; i++) {
        nsq_diff_row *a = &d->rows[i];
        if (a->verdict != NSQ_V_REMOVED)
            continue;
        int tile = 0;
        family_key(a->name, fa, sizeof fa, &tile);
        if (!fa[0])
            continue;
        int hit = -1, hits = 0;
        for (int j = 0; j < d->nrows; j++) {
            if (d->rows[j].verdict != NSQ_V_ADDED)
                continue;
            family_key(d->rows[j].name, fb, sizeof fb, NULL);
            if (!strcmp(fa, fb))
                hit = j, hits++;
        }
        /* 1:1 only: with several candidates there is no telling which */
        int rivals = 0;
        for (int k = 0; k < d->nrows && hits == 1; k++) {
            if (d->rows[k].verdict != NSQ_V_REMOVED)
                continue;
            family_key(d->rows[k].name, fb, sizeof fb, NULL);
            rivals += !strcmp(fa, fb);
        }
        if (hits == 1 && rivals == 1) {
            char why[320];
            int tile2 = 0;
            family_key(d->rows[hit].name, fb, sizeof fb, &tile2);
            snprintf(why, sizeof why, "the same kernel family '%.200s' %s", fa,
                     tile || tile2 ? "with another tile shape, raster order or layout"
                                   : "with another number in its name");
            pair_rows(d, a, &d->rows[hit], "same_family", tile || tile2 ? "high" : "medium", why);
        }
    }
    /* the same place in the kernel sequence, 1:1 */
    int nr = 0, na = 0;
    for (int i = 0; i < d->nrows; i++) {
        nr += d->rows[i].verdict == NSQ_V_REMOVED;
        na += d->rows[i].verdict == NSQ_V_ADDED;
    }
    if ((int64_t)nr * na <= 10000)
        for (int i = 0; i < d->nrows; i++) {
            if (d->rows[i].verdict != NSQ_V_REMOVED)
                continue;
            int hit = -1, hits = 0;
            for (int j = 0; j < d->nrows; j++)
                if (d->rows[j].verdict == NSQ_V_ADDED && same_position(d, i, j))
                    hit = j, hits++;
            if (hits != 1)
                continue;
            int rivals = 0;
            for (int k = 0; k < d->nrows; k++)
                rivals += d->rows[k].verdict == NSQ_V_REMOVED && same_position(d, k, hit);
            if (rivals != 1)
                continue;
            char why[320];
            snprintf(why, sizeof why,
                     "the same place in the kernel sequence: after %.100s and before %.100s in "
                     "at least 80%% of the instances on both sides",
                     d->rows[i].seq[0][0], d->rows[i].seq[0][1]);
            pair_rows(d, &d->rows[i], &d->rows[hit], "same_position", "high", why);
        }
    for (int i = 0; i < d->nrows; i++) {
        if (d->rows[i].verdict == NSQ_V_REMOVED)
            nrem++, lr = i;
        if (d->rows[i].verdict == NSQ_V_ADDED)
            nadd++, la = i;
    }
    if (nrem == 1 && nadd == 1) {
        double ta = (double)d->rows[lr].s[0].total_ns, tb = (double)d->rows[la].s[1].total_ns;
        double ka = (double)d->mean[0].kernel_ns, kb = (double)d->mean[1].kernel_ns;
        if (ta > 0 && tb > 0 && tb / ta <= 4 && ta / tb <= 4 && ta >= 0.5 * ka && tb >= 0.5 * kb)
            pair_rows(d, &d->rows[lr], &d->rows[la], "only_unmatched_pair,similar_total,main_work",
                      "low",
                      "the only kernel that disappeared and the only one that appeared, each "
                      "carrying most of its side's kernel time, within a factor of 4 of each "
                      "other");
    }
    int w = 0;
    for (int i = 0; i < d->nrows; i++) {
        if (d->rows[i].verdict == -1) {
            nsq_diff_row *r = &d->rows[i];
            free(r->name);
            free(r->key);
            for (int s = 0; s < 2; s++) {
                for (int k = 0; k < r->nnames[s]; k++)
                    free(r->names[s][k]);
                free(r->names[s]);
                free(r->s[s].total_per_capture);
                free(r->s[s].instances_per_capture);
                free(r->seq[s][0]);
                free(r->seq[s][1]);
            }
            free(r->shapes);
            continue;
        }
        d->rows[w++] = d->rows[i];
    }
    d->nrows = w;
}

/* ---- common-mode shift ---------------------------------------------------------- */

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Most tested kernels moving together by a similar ratio: at least 3, and
 * at least half of the tested kernels, whose log changes lie within
 * log(1.10) of each other, all beyond --min-effect on the same side and
 * significant. Each kernel is then also judged against that band. */
static void common_shift(nsq_diff *d)
{
    nsq_diff_shift *sh = &d->shift;
    double me = d->o.min_effect_pct;
    int n = 0;
    double *l = xmalloc(sizeof(double) * (size_t)(d->nrows + 1));
    int *idx = xmalloc(sizeof(int) * (size_t)(d->nrows + 1));
    memset(sh, 0, sizeof *sh);
    sh->pct = sh->lo_pct = sh->hi_pct = NAN;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (!r->tested || r->method == NSQ_MT_SINGLE || r->method == NSQ_MT_IDENTICAL ||
            isnan(r->change_pct) || r->change_pct <= -100)
            continue;
        l[n++] = log1p(r->change_pct / 100);
    }
    sh->of = n;
    qsort(l, (size_t)n, sizeof *l, cmp_dbl);
    /* the widest run of changes on one side of 0 whose spread is within
     * max(10 %, its centre): -7/-13/-19 % move together, -5/-50 % do not */
    int best = 0, bi = 0;
    if (n <= 4096) {
        for (int j = 0; j < n; j++)
            for (int i = j; i < n; i++) {
                double mid = (l[i] + l[j]) / 2;
                if ((l[i] > 0) != (l[j] > 0) || l[i] - l[j] > fmax(log(1.10), fabs(mid)))
                    continue;
                if (i - j + 1 > best)
                    best = i - j + 1, bi = j;
            }
    } else {
        for (int i = 0, j = 0; i < n; i++) {
            while (l[i] - l[j] > log(1.10))
                j++;
            if (i - j + 1 > best)
                best = i - j + 1, bi = j;
        }
    }
    if (best >= 3 && 2 * best >= n) {
        double lo = l[bi], hi = l[bi + best - 1], mid = l[bi + best / 2];
        if (best % 2 == 0)
            mid = (l[bi + best / 2 - 1] + l[bi + best / 2]) / 2;
        int members = 0, ok = 1;
        double share = 0, base = 0;
        for (int i = 0; i < d->nrows; i++)
            base += (double)d->rows[i].s[0].total_ns;
        for (int i = 0; i < d->nrows; i++) {
            const nsq_diff_row *r = &d->rows[i];
            if (!r->tested || r->method == NSQ_MT_SINGLE || r->method == NSQ_MT_IDENTICAL ||
                isnan(r->change_pct) || r->change_pct <= -100)
                continue;
            double x = log1p(r->change_pct / 100);
            if (x < lo || x > hi)
                continue;
            idx[members++] = i;
            share += (double)r->s[0].total_ns;
            if (!(fabs(r->change_pct) >= me) || !r->significant ||
                (r->change_pct > 0) != (mid > 0))
                ok = 0;
        }
        if (ok && members >= 3) {
            sh->detected = 1;
            sh->kernels = members;
            sh->pct = 100 * expm1(mid);
            sh->lo_pct = 100 * expm1(lo);
            sh->hi_pct = 100 * expm1(hi);
            sh->share_pct = base > 0 ? 100 * share / base : 0;
            for (int k = 0; k < members; k++)
                d->rows[idx[k]].in_shift = 1;
        }
    }
    free(l);
    free(idx);
    d->overall_vs_shift = -1;
    if (!sh->detected)
        return;
    if (d->ncap[0] == 1 && d->ncap[1] == 1)
        for (int i = 0; i < d->nrows; i++) {
            /* with one capture per side a shift shared by most kernels is
             * as likely the environment as the patch: not firm */
            nsq_diff_row *r = &d->rows[i];
            if (!r->in_shift || (r->verdict != NSQ_V_IMPROVED && r->verdict != NSQ_V_REGRESSED))
                continue;
            r->verdict = r->verdict == NSQ_V_IMPROVED ? NSQ_V_LIKELY_IMPROVED
                                                      : NSQ_V_LIKELY_REGRESSED;
            size_t at = strlen(r->reason);
            snprintf(r->reason + at, sizeof r->reason - at,
                     "; it moved with %d of %d compared kernels by %+.1f%% .. %+.1f%%: a "
                     "probable environment change (clocks, thermals, other load), not firm with "
                     "one capture per side",
                     sh->kernels, sh->of, sh->lo_pct, sh->hi_pct);
        }
    double slo = log1p(sh->lo_pct / 100), shi = log1p(sh->hi_pct / 100), smid = log1p(sh->pct / 100);
    for (int i = 0; i < d->nrows; i++) {
        nsq_diff_row *r = &d->rows[i];
        if (!r->tested || isnan(r->change_pct) || r->change_pct <= -100)
            continue;
        double x = log1p(r->change_pct / 100);
        r->vs_shift_pct = 100 * expm1(x - smid);
        if (r->in_shift) {
            r->verdict_vs_shift = NSQ_V_UNCHANGED;
            continue;
        }
        double lo = isnan(r->change_lo_pct) ? NAN : log1p(r->change_lo_pct / 100);
        double hi = isnan(r->change_hi_pct) ? NAN : log1p(r->change_hi_pct / 100);
        if (r->verdict == NSQ_V_INCONCLUSIVE || r->method == NSQ_MT_SINGLE) {
            r->verdict_vs_shift = r->verdict;
        } else if (!isnan(hi) && hi < slo && 100 * expm1(hi - slo) <= -me) {
            r->verdict_vs_shift = NSQ_V_IMPROVED;
        } else if (!isnan(lo) && lo > shi && 100 * expm1(lo - shi) >= me) {
            r->verdict_vs_shift = NSQ_V_REGRESSED;
        } else if (isnan(lo) && r->significant && fabs(r->vs_shift_pct) >= me &&
                   (x < slo || x > shi)) {
            r->verdict_vs_shift = x < slo ? NSQ_V_IMPROVED : NSQ_V_REGRESSED;
        } else if (!isnan(lo) && lo >= slo - log1p(me / 100) && hi <= shi + log1p(me / 100)) {
            r->verdict_vs_shift = NSQ_V_UNCHANGED;
        } else {
            r->verdict_vs_shift = NSQ_V_INCONCLUSIVE;
        }
    }
    int imp = 0, reg = 0;
    for (int i = 0; i < d->nrows; i++) {
        imp += d->rows[i].verdict_vs_shift == NSQ_V_IMPROVED;
        reg += d->rows[i].verdict_vs_shift == NSQ_V_REGRESSED;
    }
    d->overall_vs_shift = imp && reg ? NSQ_O_MIXED
                          : imp      ? NSQ_O_IMPROVED
                          : reg      ? NSQ_O_REGRESSED
                                     : NSQ_O_UNCHANGED;
}

/* ---- per-iteration comparison --------------------------------------------------- */

static int64_t *pool_iters(const nsq_diff *d, int s, int kernel, int64_t *n)
{
    int64_t tot = 0, at = 0;
    for (int i = 0; i < d->ncap[s]; i++)
        tot += d->cap[s][i].nit;
    int64_t *v = xmalloc(sizeof(int64_t) * (size_t)(tot + 1));
    for (int i = 0; i < d->ncap[s]; i++) {
        const nsq_diff_capture *c = &d->cap[s][i];
        const durarr *it = c->it;
        if (!it || !c->nit)
            continue;
        dur_expand(&it[kernel ? 1 : 0], v + at);
        for (int64_t k = 0; k < c->nit; k++, at++)
            v[at] = v[at] < 0 ? 0 : v[at];
    }
    int64_t *tmp = xmalloc(sizeof(int64_t) * (size_t)(tot + 1));
    nsq_sort_durations(v, at, tmp);
    free(tmp);
    *n = at;
    return v;
}

/* One per-iteration metric: medians, change, interval, Mann-Whitney p, verdict. */
static void iter_metric(nsq_diff *d, int kernel, double *med_a, double *med_b, double *pct,
                        double *lo, double *hi, double *p, int *verdict)
{
    int64_t na, nb;
    int64_t *a = pool_iters(d, 0, kernel, &na), *b = pool_iters(d, 1, kernel, &nb);
    nsq_stats sa, sb;
    double u, z, me = d->o.min_effect_pct;
    char why[160];
    sorted_stats(&sa, a, na);
    sorted_stats(&sb, b, nb);
    *med_a = (double)sa.median;
    *med_b = (double)sb.median;
    *pct = rel_pct(*med_a, *med_b);
    *p = nsq_mann_whitney(a, na, b, nb, &u, &z);
    *lo = *hi = NAN;
    double va = nsq_median_variance(a, na), vb = nsq_median_variance(b, nb);
    if (*med_a > 0 && *med_b > 0 && va >= 0 && vb >= 0)
        ratio_interval(*med_b / *med_a, sqrt(va / (*med_a * *med_a) + vb / (*med_b * *med_b)),
                       d->z_crit, lo, hi, why, sizeof why);
    /* two metrics: Bonferroni */
    int sig = *p * 2 < d->o.alpha;
    if (sig && !isnan(*pct) && fabs(*pct) >= me)
        *verdict = *pct < 0 ? NSQ_V_IMPROVED : NSQ_V_REGRESSED;
    else if (!isnan(*lo) && *lo > -me && *hi < me)
        *verdict = NSQ_V_UNCHANGED;
    else if (sig)
        *verdict = NSQ_V_UNCHANGED;
    else
        *verdict = NSQ_V_INCONCLUSIVE;
    free(a);
    free(b);
}

static void per_iteration(nsq_diff *d)
{
    nsq_diff_periter *pi = &d->periter;
    const nsq_filter *f = d->o.filter;
    memset(pi, 0, sizeof *pi);
    pi->step_pct = pi->kernel_pct = NAN;
    pi->step_lo = pi->step_hi = pi->kernel_lo = pi->kernel_hi = pi->step_p = pi->kernel_p = NAN;
    snprintf(pi->metric_step, sizeof pi->metric_step, "step_ns");
    if (strcmp(d->window_choice, "steady")) {
        snprintf(pi->reason, sizeof pi->reason,
                 "the steady windows are not compared, so there are no iterations to compare");
        return;
    }
    if (f && (f->has_pid || f->has_device || f->has_stream || f->name || f->exclude)) {
        snprintf(pi->reason, sizeof pi->reason,
                 "iterations are measured over the whole capture; with filters they are not "
                 "compared");
        return;
    }
    /* iterations are comparable only when they are the same thing */
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++)
            if (strcmp(d->cap[s][i].it_key, d->cap[0][0].it_key)) {
                snprintf(pi->reason, sizeof pi->reason,
                         "iterations differ between captures (%.50s in %s, %.50s in the first "
                         "baseline capture)",
                         d->cap[s][i].it_key[0] ? d->cap[s][i].it_key : "none",
                         s ? "a patch capture" : "a baseline capture", d->cap[0][0].it_key);
                return;
            }
    int kernel_ok = 1;
    for (int s = 0; s < 2; s++) {
        int64_t n = 0;
        for (int i = 0; i < d->ncap[s]; i++) {
            n += d->cap[s][i].nit;
            kernel_ok &= d->cap[s][i].it_has_kernel;
        }
        pi->s[s].n = n;
        if (n < DIFF_STEADY_MIN_ITERATIONS) {
            snprintf(pi->reason, sizeof pi->reason,
                     "the %s has %lld steady iterations with a step time (at least %d are needed)",
                     s ? "patch" : "baseline", (long long)n, DIFF_STEADY_MIN_ITERATIONS);
            return;
        }
    }
    pi->available = 1;
    iter_metric(d, 0, &pi->s[0].step_ns, &pi->s[1].step_ns, &pi->step_pct, &pi->step_lo,
                &pi->step_hi, &pi->step_p, &pi->step_verdict);
    if (kernel_ok)
        iter_metric(d, 1, &pi->s[0].kernel_ns, &pi->s[1].kernel_ns, &pi->kernel_pct,
                    &pi->kernel_lo, &pi->kernel_hi, &pi->kernel_p, &pi->kernel_verdict);
    else
        pi->kernel_verdict = -1;
}

static void side_means(nsq_diff *d, int s)
{
    nsq_diff_metrics *o = &d->mean[s];
    int n = d->ncap[s];
    double acc[13] = {0};
    for (int i = 0; i < n; i++) {
        const nsq_diff_metrics *m = &d->cap[s][i].m;
        const int64_t v[13] = {m->window_ns,
                               m->gpu_busy_ns,
                               m->gpu_idle_ns,
                               m->kernel_ns,
                               m->launches,
                               m->memcpy_count,
                               m->memcpy_bytes,
                               m->memcpy_ns,
                               m->memset_count,
                               m->memset_bytes,
                               m->memset_ns,
                               m->devices,
                               0};
        for (int k = 0; k < 13; k++)
            acc[k] += (double)v[k];
    }
    int64_t *dst[12] = {&o->window_ns,    &o->gpu_busy_ns,  &o->gpu_idle_ns,  &o->kernel_ns,
                        &o->launches,     &o->memcpy_count, &o->memcpy_bytes, &o->memcpy_ns,
                        &o->memset_count, &o->memset_bytes, &o->memset_ns,    &o->devices};
    for (int k = 0; k < 12; k++)
        *dst[k] = llround(acc[k] / n);
}

/* Time at stake: each tested kernel's baseline time per capture times its
 * per-instance change, so a kernel counts by what its change does to the
 * baseline's GPU work, not by how many kernels moved. */
static void stakes(nsq_diff *d)
{
    double base = 0, tested = 0, w = 0, incon = 0;
    d->stake_improved_ns = d->stake_regressed_ns = 0;
    d->stake_likely_improved_ns = d->stake_likely_regressed_ns = 0;
    for (int i = 0; i < d->nrows; i++) {
        nsq_diff_row *r = &d->rows[i];
        double t = (double)r->s[0].total_ns;
        base += t;
        r->stake_ns = NAN;
        if (!r->tested || isnan(r->change_pct))
            continue;
        r->stake_ns = t * r->change_pct / 100;
        tested += t;
        w += r->stake_ns;
        double a = fabs(r->stake_ns);
        switch (r->verdict) {
        case NSQ_V_IMPROVED: d->stake_improved_ns += a; break;
        case NSQ_V_REGRESSED: d->stake_regressed_ns += a; break;
        case NSQ_V_LIKELY_IMPROVED: d->stake_likely_improved_ns += a; break;
        case NSQ_V_LIKELY_REGRESSED: d->stake_likely_regressed_ns += a; break;
        case NSQ_V_INCONCLUSIVE: incon += t; break;
        default: break;
        }
    }
    d->weighted_change_pct = tested > 0 ? 100 * w / tested : NAN;
    d->inconclusive_share_pct = base > 0 ? 100 * incon / base : 0;
}

/* Opposing stakes: 1 when both are material (each at least --min-effect of
 * the baseline kernel time and the smaller a quarter of the larger). */
static int both_material(double a, double b, double mat)
{
    double lo = fmin(a, b), hi = fmax(a, b);
    return lo >= mat && lo * 4 >= hi;
}

static void overall(nsq_diff *d)
{
    int *c = d->counts;
    int64_t base_kernel = 0, unchanged = 0, net_added = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        base_kernel += r->s[0].total_ns;
        if (r->verdict == NSQ_V_UNCHANGED)
            unchanged += r->s[0].total_ns;
        if (r->verdict == NSQ_V_ADDED || r->verdict == NSQ_V_REMOVED ||
            r->verdict == NSQ_V_REPLACED)
            net_added += r->d_total_ns;
    }
    stakes(d);
    d->unchanged_share_pct = base_kernel ? 100.0 * (double)unchanged / (double)base_kernel : 0;
    double me = d->o.min_effect_pct, wpct = d->weighted_change_pct;
    double mat = (double)base_kernel * me / 100;
    int churn = c[NSQ_V_ADDED] + c[NSQ_V_REMOVED] + c[NSQ_V_REPLACED];
    char *o = d->overall_reason;
    size_t osz = sizeof d->overall_reason;
    if (!d->workload.comparable && !d->workload.assumed) {
        d->overall = NSQ_O_NOT_COMPARABLE;
        snprintf(o, osz, "%s; no speed verdict (--assume-same-workload to judge anyway)",
                 d->workload.reason);
        return;
    }
    /* a churn stake is trusted only when the windows are alike (its delta
     * is a per-capture total) */
    double churn_ns = churn && !d->windows_differ ? (double)net_added : 0;
    double imp = d->stake_improved_ns + (churn_ns < 0 && -churn_ns >= mat ? -churn_ns : 0);
    double reg = d->stake_regressed_ns + (churn_ns > 0 && churn_ns >= mat ? churn_ns : 0);
    double limp = d->stake_likely_improved_ns, lreg = d->stake_likely_regressed_ns;
    char wtxt[96] = "";
    if (!isnan(wpct))
        snprintf(wtxt, sizeof wtxt, "; per-instance change weighed by baseline kernel time %+.2f%%",
                 wpct);
    if (imp > 0 || reg > 0) {
        int mixed = both_material(imp, reg, mat);
        int with_churn = churn_ns != 0 && fabs(churn_ns) >= mat;
        d->overall = mixed ? NSQ_O_MIXED : imp >= reg ? NSQ_O_IMPROVED : NSQ_O_REGRESSED;
        strbuf sb = STRBUF_INIT;
        if (c[NSQ_V_IMPROVED] || c[NSQ_V_REGRESSED])
            sb_addf(&sb, "%d kernel(s) improved and %d regressed", c[NSQ_V_IMPROVED],
                    c[NSQ_V_REGRESSED]);
        if (with_churn)
            sb_addf(&sb, "%s%d added, %d removed and %d replaced kernels change kernel time by "
                         "%+.3g ms per capture",
                    sb.len ? "; " : "", c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED],
                    churn_ns / 1e6);
        sb_addf(&sb, "; time at stake %.3g ms faster vs %.3g ms slower per capture%s%s", imp / 1e6,
                reg / 1e6,
                mixed                  ? ", both material: mixed"
                : (imp > 0 && reg > 0) ? ", the larger decides"
                                       : "",
                wtxt);
        snprintf(o, osz, "%s", sb.buf);
        sb_release(&sb);
        return;
    }
    if (limp > 0 || lreg > 0) {
        int mixed = both_material(limp, lreg, mat);
        d->overall = mixed          ? NSQ_O_MIXED
                     : limp >= lreg ? NSQ_O_LIKELY_IMPROVED
                                    : NSQ_O_LIKELY_REGRESSED;
        snprintf(o, osz,
                 "%d kernel(s) likely improved and %d likely regressed: clear within each "
                 "capture, not beyond the capture-to-capture noise one capture per side cannot "
                 "measure (repeat the captures to confirm); %.3g ms faster vs %.3g ms slower per "
                 "capture at stake%s",
                 c[NSQ_V_LIKELY_IMPROVED], c[NSQ_V_LIKELY_REGRESSED], limp / 1e6, lreg / 1e6,
                 wtxt);
        return;
    }
    if (churn && d->periter.available && d->periter.kernel_verdict >= 0) {
        /* kernels came and went: the per-iteration kernel time says whether
         * the work per iteration changed (window totals need not: the
         * windows may hold different numbers of iterations) */
        const nsq_diff_periter *pi = &d->periter;
        int v = pi->kernel_verdict;
        d->overall = v == NSQ_V_IMPROVED    ? NSQ_O_IMPROVED
                     : v == NSQ_V_REGRESSED ? NSQ_O_REGRESSED
                     : v == NSQ_V_UNCHANGED ? NSQ_O_UNCHANGED
                                            : NSQ_O_INCONCLUSIVE;
        snprintf(o, osz,
                 "no matched kernel changed firmly; %d added, %d removed and %d replaced "
                 "kernels; per steady iteration the kernel time moved %+.2f%% (%s), the step "
                 "time %+.2f%% (%s)",
                 c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED], pi->kernel_pct,
                 nsq_diff_verdict_name(v), pi->step_pct, nsq_diff_verdict_name(pi->step_verdict));
        return;
    }
    /* the matched kernels first: inconclusive when they cannot say (an
     * inconclusive target kernel is not hidden by kernels that came and went) */
    double tested_base = 0, incon_base = 0, unch_base = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (!r->tested)
            continue;
        tested_base += (double)r->s[0].total_ns;
        incon_base += r->verdict == NSQ_V_INCONCLUSIVE ? (double)r->s[0].total_ns : 0;
        unch_base += r->verdict == NSQ_V_UNCHANGED ? (double)r->s[0].total_ns : 0;
    }
    if (tested_base > 0 && (2 * incon_base >= tested_base || 2 * unch_base < tested_base)) {
        d->overall = NSQ_O_INCONCLUSIVE;
        snprintf(o, osz,
                 "no kernel changed firmly, but inconclusive kernels carry %.1f%% and unchanged "
                 "ones %.1f%% of the baseline kernel time%s%s: more instances or captures are "
                 "needed",
                 d->inconclusive_share_pct, d->unchanged_share_pct,
                 churn ? " (kernels were also added, removed or replaced)" : "", wtxt);
        return;
    }
    if (churn) {
        double pct = base_kernel ? 100.0 * (double)net_added / (double)base_kernel : NAN;
        const char *wd = d->windows_differ ? " (per capture; the windows differ in length)" : "";
        if (0) {        } else if (!isnan(pct) && fabs(pct) < me) {
            d->overall = NSQ_O_UNCHANGED;
            snprintf(o, osz,
                     "matched kernels unchanged; %d added, %d removed and %d replaced kernels "
                     "change kernel time by %+.2f%% net%s, below --min-effect %g%%",
                     c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED], pct, wd, me);
        } else {
            d->overall = (isnan(pct) || pct > 0) ? NSQ_O_REGRESSED : NSQ_O_IMPROVED;
            snprintf(o, osz,
                     "matched kernels unchanged; %d added, %d removed and %d replaced kernels "
                     "change kernel time by %+.2f%% net%s",
                     c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED], pct, wd);
        }
        return;
    }
    d->overall = NSQ_O_UNCHANGED;
    snprintf(o, osz, "no kernel changed per instance: kernels shown unchanged carry %.1f%% of the "
                     "baseline kernel time%s",
             d->unchanged_share_pct, wtxt);
}

/* The decomposition of the kernel-time change, summed over kernels. */
static void summary_decomposition(nsq_diff *d)
{
    d->dec_count_ns = d->dec_mix_ns = d->dec_speed_ns = 0;
    d->dec_replaced_ns = d->dec_added_ns = d->dec_removed_ns = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (r->verdict == NSQ_V_ADDED)
            d->dec_added_ns += (double)r->s[1].total_ns;
        else if (r->verdict == NSQ_V_REMOVED)
            d->dec_removed_ns -= (double)r->s[0].total_ns;
        else if (r->verdict == NSQ_V_REPLACED)
            d->dec_replaced_ns += (double)r->d_total_ns;
        else if (!isnan(r->dec_count_ns)) {
            d->dec_count_ns += r->dec_count_ns;
            d->dec_mix_ns += r->dec_mix_ns;
            d->dec_speed_ns += r->dec_speed_ns;
        }
    }
    double wa = (double)d->mean[0].window_ns, wb = (double)d->mean[1].window_ns;
    d->windows_differ = wa > 0 && fabs(wb - wa) / wa > 0.05;
}

static void fmt_dur(strbuf *sb, double ns)
{
    double a = fabs(ns);
    if (a >= 1e9)
        sb_addf(sb, "%.3g s", ns / 1e9);
    else if (a >= 1e6)
        sb_addf(sb, "%.3g ms", ns / 1e6);
    else if (a >= 1e3)
        sb_addf(sb, "%.3g us", ns / 1e3);
    else
        sb_addf(sb, "%.0f ns", ns);
}

/* One paragraph a person or an agent reads first. */
static void summary_sentence(nsq_diff *d)
{
    strbuf sb = STRBUF_INIT;
    const nsq_diff_periter *pi = &d->periter;
    if (pi->available) {
        sb_addf(&sb, "Per steady iteration (%lld vs %lld): step time ", (long long)pi->s[0].n,
                (long long)pi->s[1].n);
        fmt_dur(&sb, pi->s[0].step_ns);
        sb_addstr(&sb, " -> ");
        fmt_dur(&sb, pi->s[1].step_ns);
        sb_addf(&sb, " (%+.1f%%, %s)", pi->step_pct, nsq_diff_verdict_name(pi->step_verdict));
        if (pi->kernel_verdict >= 0) {
            sb_addstr(&sb, ", kernel time per iteration ");
            fmt_dur(&sb, pi->s[0].kernel_ns);
            sb_addstr(&sb, " -> ");
            fmt_dur(&sb, pi->s[1].kernel_ns);
            sb_addf(&sb, " (%+.1f%%, %s)", pi->kernel_pct,
                    nsq_diff_verdict_name(pi->kernel_verdict));
        }
        sb_addstr(&sb, ". ");
    }
    double dk = (double)(d->mean[1].kernel_ns - d->mean[0].kernel_ns);
    sb_addstr(&sb, "Kernel time per capture ");
    fmt_dur(&sb, dk);
    sb_addstr(&sb, ": per-instance speed ");
    fmt_dur(&sb, d->dec_speed_ns);
    sb_addstr(&sb, ", launch counts ");
    fmt_dur(&sb, d->dec_count_ns);
    if (fabs(d->dec_mix_ns) >= 0.5) {
        sb_addstr(&sb, ", launch-shape mix ");
        fmt_dur(&sb, d->dec_mix_ns);
    }
    if (d->counts[NSQ_V_REPLACED]) {
        sb_addstr(&sb, ", replaced kernels ");
        fmt_dur(&sb, d->dec_replaced_ns);
    }
    if (d->counts[NSQ_V_ADDED] || d->counts[NSQ_V_REMOVED]) {
        sb_addstr(&sb, ", added and removed kernels ");
        fmt_dur(&sb, d->dec_added_ns + d->dec_removed_ns);
    }
    {
        /* which part carries the change, from the parts' sizes and signs */
        double parts[3] = {d->dec_speed_ns, d->dec_count_ns, d->dec_mix_ns};
        static const char *const pname[3] = {"per-instance speed", "launch counts",
                                             "the launch-shape mix"};
        int big = 0;
        for (int k = 1; k < 3; k++)
            if (fabs(parts[k]) > fabs(parts[big]))
                big = k;
        if (dk != 0 && fabs(parts[big]) > 0)
            sb_addf(&sb, " (mostly %s, which %s it%s)", pname[big],
                    (parts[big] > 0) == (dk > 0) ? "carries" : "works against",
                    (parts[(big + 1) % 3] > 0) != (parts[big] > 0) && parts[(big + 1) % 3] != 0
                        ? "; the other parts pull the other way"
                        : "");
    }
    sb_addstr(&sb, ".");
    if (d->windows_differ) {
        sb_addstr(&sb, " The windows differ in length (");
        fmt_dur(&sb, (double)d->mean[0].window_ns);
        sb_addstr(&sb, " vs ");
        fmt_dur(&sb, (double)d->mean[1].window_ns);
        sb_addstr(&sb, "): window totals (busy, idle, kernel time) differ for that reason too; "
                       "compare per-instance verdicts, shares and per-iteration figures.");
    }
    if (d->shift.detected)
        sb_addf(&sb,
                " %d of %d compared kernels moved together by %+.1f%% (%+.1f%% .. %+.1f%%), "
                "a probable environment change (clocks, thermals, other load); relative to that "
                "shift the verdict is %s.",
                d->shift.kernels, d->shift.of, d->shift.pct, d->shift.lo_pct, d->shift.hi_pct,
                nsq_diff_overall_name(d->overall_vs_shift));
    snprintf(d->summary_sentence, sizeof d->summary_sentence, "%s", sb.buf ? sb.buf : "");
    sb_release(&sb);
}

/* ---- run ------------------------------------------------------------------------- */

static void excluded_free(nsq_diff *d)
{
    for (int i = 0; i < d->nexcluded; i++)
        free(d->excluded[i].name);
    free(d->excluded);
    d->excluded = NULL;
    d->nexcluded = 0;
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
            double cov = c->capture_launches > 0
                             ? (double)c->m.launches / (double)c->capture_launches
                             : 1.0;
            double exc = (double)c->excluded_ns / (double)c->capture_kernel_ns;
            if (cov >= DIFF_STEADY_MIN_COVERAGE && exc <= DIFF_STEADY_MAX_EXCLUDED)
                continue;
            snprintf(d->window_choice, sizeof d->window_choice, "all");
            if (exc > DIFF_STEADY_MAX_EXCLUDED) {
                snprintf(d->window_choice_code, sizeof d->window_choice_code,
                         "steady_window_hides_kernels");
                snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                         "the steady window of %.150s leaves out %lld kernel name(s) that carry "
                         "%.1f%% of its kernel time (more than %.0f%%): the whole captures are "
                         "compared",
                         c->path, (long long)c->excluded_names, 100 * exc,
                         100 * DIFF_STEADY_MAX_EXCLUDED);
            } else {
                snprintf(d->window_choice_code, sizeof d->window_choice_code,
                         "steady_window_small");
                snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                         "the steady window of %.150s holds %.1f%% of its kernel instances (less "
                         "than %.0f%%): the whole captures are compared",
                         c->path, 100 * cov, 100 * DIFF_STEADY_MIN_COVERAGE);
            }
            warn(d, d->window_choice_code, "%s", d->window_choice_reason);
            return 1;
        }
    return 0;
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
            nsq_diff_read_command(xs[s][i], c);
        }
    }
    if (resolve_windows(d, xs, err))
        goto done;
    /* the per-iteration comparison needs only the steady iterations: made
     * now, and their times freed before the kernels are read (it is made
     * again, as "not compared", if the window changes below) */
    per_iteration(d);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++)
            free_iters(&d->cap[s][i]);
    int sr = scan_all(d, sd, xs, err);
    if (sr == 1) {
        const char *empty = NULL;
        for (int s = 0; s < 2 && !empty; s++)
            for (int i = 0; i < d->ncap[s] && !empty; i++)
                if (!d->cap[s][i].m.launches)
                    empty = d->cap[s][i].path;
        warn(d, "steady_window_without_kernels",
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
        sr = scan_all(d, sd, xs, err);
    }
    if (sr)
        goto done;
    if (!strcmp(d->window_choice, "steady") && steady_hides(d)) {
        /* the steady windows leave out too much: compare the whole captures */
        side_free(&sd[0]);
        side_free(&sd[1]);
        excluded_free(d);
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < d->ncap[s]; i++) {
                nsq_diff_capture *c = &d->cap[s][i];
                free(c->window.steady_method);
                c->window.steady_method = NULL;
                snprintf(c->window.kind, sizeof c->window.kind, "all");
                snprintf(c->window_reason, sizeof c->window_reason, "%s",
                         d->window_choice_reason);
            }
        if (scan_all(d, sd, xs, err))
            goto done;
    }
    for (int s = 0; s < 2; s++)
        side_means(d, s);
    if (!d->mean[0].launches && !d->mean[1].launches) {
        nsq_error(err, NSQ_EXIT_INPUT, "no_kernels",
                  "no kernel runs in the windows of either side (after filters)");
        nsq_hint(err, "check --window and the filters; nsysql info shows what each export holds");
        goto done;
    }
    if (match_rows(d, sd, err))
        goto done;
    adjust_p(d);
    for (int i = 0; i < d->nrows; i++)
        row_verdict(d, &d->rows[i]);
    pair_replaced(d);
    nsq_diff_judge_workload(d);
    qsort(d->rows, (size_t)d->nrows, sizeof *d->rows, cmp_rows);
    if (d->workload.comparable || d->workload.assumed)
        common_shift(d);
    else
        d->overall_vs_shift = -1;
    for (int i = 0; i < d->nrows; i++)
        d->counts[d->rows[i].verdict]++;
    if (strcmp(d->window_choice, "steady"))
        per_iteration(d); /* the window changed: no iterations compared, and why */
    summary_decomposition(d);
    d->busy_delta_ns = d->mean[1].gpu_busy_ns - d->mean[0].gpu_busy_ns;
    d->memcpy_delta_ns = d->mean[1].memcpy_ns - d->mean[0].memcpy_ns;
    d->memset_delta_ns = d->mean[1].memset_ns - d->mean[0].memset_ns;
    int64_t kd = 0;
    for (int i = 0; i < d->nrows; i++)
        kd += d->rows[i].d_total_ns;
    d->residual_ns = d->busy_delta_ns - kd - d->memcpy_delta_ns - d->memset_delta_ns;
    overall(d);
    summary_sentence(d);
    ret = 0;
done:
    side_free(&sd[0]);
    side_free(&sd[1]);
    return ret;
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
            free_iters(c);
            nsq_window_release(&c->window);
        }
        free(d->cap[s]);
    }
    for (int i = 0; i < d->nrows; i++) {
        nsq_diff_row *r = &d->rows[i];
        free(r->name);
        free(r->key);
        for (int s = 0; s < 2; s++) {
            for (int k = 0; k < r->nnames[s]; k++)
                free(r->names[s][k]);
            free(r->names[s]);
            free(r->s[s].total_per_capture);
            free(r->s[s].instances_per_capture);
            free(r->seq[s][0]);
            free(r->seq[s][1]);
        }
        free(r->shapes);
    }
    free(d->rows);
    nsq_diff_workload_release(&d->workload);
    excluded_free(d);
    for (int i = 0; i < d->nwarnings; i++)
        free(d->warnings[i].message);
    free(d->warnings);
    memset(d, 0, sizeof *d);
}
