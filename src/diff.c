/* diff: baseline versus patch (see diff.h). */
#include "nsysql/devmap.h"
#include "nsysql/diff.h"
#include "nsysql/parscan.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nsysql/intervals.h"
#include "nsysql/stats.h"
#include "nsysql/steady.h"
#include "nsysql/strbuf.h"

const char *nsq_diff_verdict_name(int v)
{
    static const char *const n[] = {"improved",     "regressed", "unchanged",
                                    "inconclusive", "added",     "removed"};
    return v >= 0 && v < NSQ_V_COUNT ? n[v] : "?";
}

const char *nsq_diff_overall_name(int v)
{
    static const char *const n[] = {"improved", "regressed", "mixed", "unchanged", "inconclusive"};
    return v >= 0 && v <= NSQ_O_INCONCLUSIVE ? n[v] : "?";
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
    /* LSD radix sort, 11-bit digits; digits that never vary are skipped */
    uint64_t diff = 0, first = (uint64_t)v[0];
    for (int64_t i = 1; i < n; i++)
        diff |= (uint64_t)v[i] ^ first;
    int64_t *src = v, *dst = tmp;
    for (int shift = 0; shift < 64; shift += 11) {
        if (!((diff >> shift) & 0x7FF))
            continue;
        int64_t cnt[2048] = {0};
        for (int64_t i = 0; i < n; i++)
            cnt[((uint64_t)src[i] >> shift) & 0x7FF]++;
        int64_t pos = 0;
        for (int k = 0; k < 2048; k++) {
            int64_t c = cnt[k];
            cnt[k] = pos;
            pos += c;
        }
        for (int64_t i = 0; i < n; i++)
            dst[cnt[((uint64_t)src[i] >> shift) & 0x7FF]++] = src[i];
        int64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != v)
        memcpy(v, src, sizeof(*v) * (size_t)n);
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

typedef struct dynarr {
    int64_t *v;
    int64_t n, cap;
} dynarr;

static inline void da_push(dynarr *a, int64_t x)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->v = xrealloc(a->v, sizeof(*a->v) * (size_t)a->cap);
    }
    a->v[a->n++] = x;
}

/* One kernel name in one capture. */
typedef struct centry {
    char *name; /* resolved (owned) */
    int keep;   /* passes --name/--exclude */
    int64_t count, sum;
    dynarr durs; /* instance durations, handed to the side afterwards */
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
 * the row counts, 0 to skip it. */
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
    if (!sc->all && !nsq_in_window(*s, *e, sc->lo, sc->hi))
        return 0;
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
    return 1;
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
    int nname; /* name id columns (kernels) */
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
    if (!row_common(sc, v, nulls, &s, &e, &gpu))
        return 0;
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
    if (!ce->keep)
        return 0;
    int64_t dur = e - s;
    ce->count++;
    ce->sum += dur;
    da_push(&ce->durs, dur);
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
    scanfn fn = {sc, kind, 0, err, 0};
    strbuf cols = STRBUF_INIT;
    /* every column read costs time at 10^7 rows: stream_id only when filtered;
     * the strings are fixed in this file, never user input */
    sb_addf(&cols, "start_ns, end_ns, global_pid, device_id, %s, %s",
            sc->o->filter && sc->o->filter->has_stream ? "stream_id" : "NULL",
            kind == SCAN_KERNEL ? name_id_cols(sc->o->by, &fn.nname) : "bytes");
    nsq_parscan_req req = {views[kind], cols.buf, 5 + (kind == SCAN_KERNEL ? fn.nname : 1),
                           NULL,        NULL,     0,
                           views[kind], NULL,     NULL,
                           0};
    sc->last_e = -1;
    int rc = nsq_parscan(sc->x, &req, scan_row, &fn, err);
    sb_release(&cols);
    if (rc && fn.failed && sc->disorder)
        return 1; /* err untouched: read again in collect mode */
    return rc ? -1 : 0;
}

/* ---- sides ---------------------------------------------------------------------- */

typedef struct chunk {
    int64_t *v;
    int64_t n;
} chunk;

/* One name (or, with --by normalized, one normalised name) on one side. */
typedef struct sentry {
    char *name;     /* owned */
    char **members; /* raw names folded into it (owned) */
    int nmembers;
    uint64_t fired; /* rules that changed a member (with --by normalized) */
    int64_t *count; /* [ncap] */
    int64_t *sum;   /* [ncap] */
    chunk *chunks;
    int nchunks;
    char *key; /* normalised name (owned), computed for matching */
    uint64_t key_fired;
    int used; /* taken by a row */
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
        for (int k = 0; k < e->nchunks; k++)
            free(e->chunks[k].v);
        free(e->chunks);
        free(e->key);
    }
    free(s->e);
    smap_free(&s->map);
    memset(s, 0, sizeof *s);
}

/* Moves one capture's kernel entries into the side (durations change hands,
 * no copy). With --by normalized, entries are folded by normalised name. */
static int side_take(side *sd, int ncap, int ci, scan *sc, const nsq_diff_opts *o, nsq_err *err)
{
    int normalized = !strcmp(o->by, "normalized");
    for (int i = 0; i < sc->ne; i++) {
        centry *ce = &sc->e[i];
        if (!ce->keep || !ce->count)
            continue;
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
        se->count[ci] += ce->count;
        se->sum[ci] += ce->sum;
        se->chunks = xrealloc(se->chunks, sizeof(*se->chunks) * (size_t)(se->nchunks + 1));
        se->chunks[se->nchunks].v = ce->durs.v;
        se->chunks[se->nchunks].n = ce->durs.n;
        se->nchunks++;
        ce->durs.v = NULL;
        ce->durs.n = ce->durs.cap = 0;
    }
    return 0;
}

static void scan_free(scan *sc)
{
    for (int i = 0; i < sc->ne; i++) {
        free(sc->e[i].name);
        free(sc->e[i].durs.v);
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
        c->bad_rows = 0;
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
            !strcmp(d->cap[jobs[j].which][jobs[j].ci].window.kind, "steady") && !jobs[j].sc.ne) {
            ret = 1;
            goto done;
        }
    for (int j = 0; j < njobs; j++) {
        job *jb = &jobs[j];
        nsq_diff_capture *c = &d->cap[jb->which][jb->ci];
        if (side_take(&sd[jb->which], d->ncap[jb->which], jb->ci, &jb->sc, &d->o, err))
            goto done;
        if (c->bad_rows)
            warn(d, "bad_rows",
                 "%s: %lld GPU-op rows with end < start or no time were skipped (not counted "
                 "as instances, not part of busy time)",
                 c->path, (long long)c->bad_rows);
        if (!c->m.launches)
            warn(d, "no_kernels_in_window", "%s: no kernel %s the window", c->path,
                 jb->sc.ne ? "passes the filters in" : "runs in");
    }
    ret = 0;
done:
    for (int j = 0; j < njobs; j++)
        scan_free(&jobs[j].sc);
    free(jobs);
    return ret;
}

/* ---- windows ------------------------------------------------------------------- */

typedef struct steady_task_ctx {
    nsq_export *const *const *xs;
    int nbase;
    nsq_steady *out;
} steady_task_ctx;

static void steady_task(void *ctx, int i)
{
    steady_task_ctx *tc = ctx;
    nsq_steady *r = &tc->out[i];
    nsq_err e2 = {0};
    nsq_steady_opts so = {0};
    nsq_export *x = i < tc->nbase ? tc->xs[0][i] : tc->xs[1][i - tc->nbase];
    if (nsq_steady_detect(x, &so, r, &e2)) {
        memset(r, 0, sizeof *r);
        snprintf(r->reason, sizeof r->reason, "steady-state detection failed: %.200s", e2.message);
    }
}

static int resolve_windows(nsq_diff *d, nsq_export *const *xs[2], nsq_err *err)
{
    const char *spec = d->o.window;
    if (spec && strcmp(spec, "auto")) {
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
    steady_task_ctx tc = {xs, d->ncap[0], st};
    parallel_for(d->ncap[0] + d->ncap[1], steady_task, &tc);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            nsq_steady *r = &st[s * d->ncap[0] + i];
            total++;
            if (r->found)
                found++;
            else if (!missing)
                missing = d->cap[s][i].path;
            /* what steady-state would warn about, the reader of diff must know */
            for (int w = 0; w < r->nwarnings; w++)
                warn(d, r->warnings[w].code, "%s: %s", d->cap[s][i].path, r->warnings[w].message);
            nsq_steady_release(r);
        }
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            nsq_diff_capture *c = &d->cap[s][i];
            nsq_steady *r = &st[s * d->ncap[0] + i];
            snprintf(c->window_mode, sizeof c->window_mode, "auto");
            if (found == total) {
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
    if (found && found < total)
        warn(d, "steady_not_everywhere",
             "a steady-state window was found in %d of %d captures (not in %s); every capture "
             "uses the whole capture instead, warm-up included",
             found, total, missing);
    free(st);
    return 0;
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

/* Pools the members' durations of one side of a row into one sorted array
 * (chunks are freed as they are copied; the caller frees the result). Fills
 * the side's counts, per-capture totals and run-to-run spread; the order
 * statistics come later (side_stats) because they reorder the array. */
static int64_t *pool_side(nsq_diff *d, side *sd, const rowsrc *src, int s, nsq_diff_row *row)
{
    nsq_diff_sidestat *st = &row->s[s];
    int ncap = d->ncap[s];
    int64_t n = 0, sum = 0;
    st->total_per_capture = xcalloc((size_t)ncap, sizeof(int64_t));
    st->instances_per_capture = xcalloc((size_t)ncap, sizeof(int64_t));
    st->spread_pct = NAN;
    st->stddev_ns = NAN;
    if (!src->n[s])
        return NULL;
    st->present = 1;
    for (int k = 0; k < src->n[s]; k++) {
        sentry *e = &sd->e[src->idx[s][k]];
        for (int c = 0; c < ncap; c++) {
            st->total_per_capture[c] += e->sum[c];
            st->instances_per_capture[c] += e->count[c];
            n += e->count[c];
            sum += e->sum[c];
        }
    }
    int64_t *v = NULL;
    sentry *e0 = &sd->e[src->idx[s][0]];
    if (src->n[s] == 1 && e0->nchunks == 1) {
        /* one capture, one name: take the array over instead of copying */
        v = e0->chunks[0].v;
        e0->chunks[0].v = NULL;
        e0->nchunks = 0;
    } else {
        int64_t at = 0;
        v = xmalloc(sizeof(int64_t) * (size_t)(n ? n : 1));
        for (int k = 0; k < src->n[s]; k++) {
            sentry *e = &sd->e[src->idx[s][k]];
            for (int c = 0; c < e->nchunks; c++) {
                memcpy(v + at, e->chunks[c].v, sizeof(int64_t) * (size_t)e->chunks[c].n);
                at += e->chunks[c].n;
                free(e->chunks[c].v);
                e->chunks[c].v = NULL;
            }
            e->nchunks = 0;
        }
    }
    int64_t *tmp = xmalloc(sizeof(int64_t) * (size_t)(n ? n : 1));
    nsq_sort_durations(v, n, tmp);
    free(tmp);
    st->instances = n;
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
    return v;
}

/* Order statistics of a pooled side (stats.h; reorders v). */
static void side_stats(nsq_diff_sidestat *st, int64_t *v)
{
    nsq_stats ss;
    if (!st->present || !st->instances)
        return;
    nsq_stats_of(&ss, v, (size_t)st->instances);
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

/* Statistics of one row from both sides' sorted durations (a, b may be
 * NULL for an absent side; both are reordered here). */
static void row_stats(nsq_diff *d, nsq_diff_row *r, int64_t *a, int64_t *b)
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
    if (A->median_ns > 0 && B->median_ns > 0) {
        double ma = (double)A->median_ns, mb = (double)B->median_ns;
        r->ratio = mb / ma;
        if (va >= 0 && vb >= 0) {
            double se = sqrt(va / (ma * ma) + vb / (mb * mb));
            double l = log(r->ratio);
            r->ci_lo_pct = 100.0 * (exp(l - d->z_crit * se) - 1);
            r->ci_hi_pct = 100.0 * (exp(l + d->z_crit * se) - 1);
            r->ci_valid = 1;
        }
    } else if (A->max_ns == 0 && B->max_ns == 0 && A->instances >= 2 && B->instances >= 2) {
        /* every instance on both sides lasted 0 ns */
        r->ratio = 1;
        r->ci_lo_pct = r->ci_hi_pct = 0;
        r->ci_valid = 1;
    }
    if (!isnan(A->spread_pct) || !isnan(B->spread_pct))
        r->noise_floor_pct = fmax(isnan(A->spread_pct) ? 0 : A->spread_pct,
                                  isnan(B->spread_pct) ? 0 : B->spread_pct);
}

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
    r->significant = r->p_adj < alpha;
    if (r->identical) {
        /* the same data on both sides (e.g. a capture diffed against itself):
         * there is no change to test for, whatever the sample size */
        r->verdict = NSQ_V_UNCHANGED;
        snprintf(r->reason, sizeof r->reason,
                 "the %lld instance durations are identical on both sides", (long long)n);
        return;
    }
    int practical = !isnan(r->median_pct) && fabs(r->median_pct) >= me;
    if (n == 1 && m == 1 && d->ncap[0] == 1 && d->ncap[1] == 1) {
        r->verdict = NSQ_V_INCONCLUSIVE;
        snprintf(r->reason, sizeof r->reason,
                 "one instance per side and one capture per side: there is no spread to tell "
                 "noise from change (capture more iterations or more captures)");
        return;
    }
    if (r->significant && practical) {
        if (!isnan(r->noise_floor_pct) && fabs(r->median_pct) <= r->noise_floor_pct) {
            r->verdict = NSQ_V_INCONCLUSIVE;
            snprintf(r->reason, sizeof r->reason,
                     "the median moved %+.2f%% (adjusted p %.3g) but captures of the same side "
                     "differ by up to %.2f%% in this kernel's total: within the run-to-run noise",
                     r->median_pct, r->p_adj, r->noise_floor_pct);
            return;
        }
        r->verdict = r->median_pct < 0 ? NSQ_V_IMPROVED : NSQ_V_REGRESSED;
        snprintf(r->reason, sizeof r->reason,
                 "median %+.2f%% (interval %+.2f%% .. %+.2f%%), adjusted p %.3g < alpha %g, "
                 "beyond --min-effect %g%%",
                 r->median_pct, r->ci_lo_pct, r->ci_hi_pct, r->p_adj, alpha, me);
        return;
    }
    if (r->ci_valid && r->ci_lo_pct > -me && r->ci_hi_pct < me) {
        r->verdict = NSQ_V_UNCHANGED;
        snprintf(r->reason, sizeof r->reason,
                 "the %g%% interval of the median change (%+.2f%% .. %+.2f%%) lies within "
                 "+-%g%%",
                 100 * d->confidence_level, r->ci_lo_pct, r->ci_hi_pct, me);
        return;
    }
    if (r->significant) {
        r->verdict = NSQ_V_UNCHANGED;
        snprintf(r->reason, sizeof r->reason,
                 "a significant but small change: median %+.2f%% is below --min-effect %g%%",
                 r->median_pct, me);
        return;
    }
    r->verdict = NSQ_V_INCONCLUSIVE;
    if (r->p_min >= alpha)
        snprintf(r->reason, sizeof r->reason,
                 "too few instances (%lld vs %lld): even complete separation gives p %.3g, not "
                 "below alpha %g",
                 (long long)n, (long long)m, r->p_min, alpha);
    else if (!r->ci_valid)
        snprintf(r->reason, sizeof r->reason,
                 "not significant (adjusted p %.3g) and no interval for the median ratio "
                 "(needs 2+ instances per side and medians above 0)",
                 r->p_adj);
    else
        snprintf(r->reason, sizeof r->reason,
                 "not significant (adjusted p %.3g) and the %g%% interval (%+.2f%% .. %+.2f%%) "
                 "reaches beyond +-%g%%: more instances or captures are needed",
                 r->p_adj, 100 * d->confidence_level, r->ci_lo_pct, r->ci_hi_pct, me);
}

/* Fills one row from its members: names, key, statistics. */
static void build_row(nsq_diff *d, side sd[2], rowsrc *src, int match, nsq_diff_row *r)
{
    int64_t *v[2];
    memset(r, 0, sizeof *r);
    r->match = match;
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
        }
        if (r->nnames[s] > 1)
            qsort(r->names[s], (size_t)r->nnames[s], sizeof(char *), cmp_str);
        v[s] = pool_side(d, &sd[s], src, s, r);
    }
    const sentry *first = src->n[0] ? &sd[0].e[src->idx[0][0]] : &sd[1].e[src->idx[1][0]];
    r->name = xstrdup(match == NSQ_M_NORMALIZED && first->key ? first->key : first->name);
    row_stats(d, r, v[0], v[1]);
    free(v[0]);
    free(v[1]);
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
    for (int r = 0; r < nsrc; r++) {
        build_row(d, sd, &srcs[r], match[r], &d->rows[d->nrows]);
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

static void overall(nsq_diff *d)
{
    int *c = d->counts;
    int64_t base_kernel = 0, unchanged = 0, net_added = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        base_kernel += r->s[0].total_ns;
        if (r->verdict == NSQ_V_UNCHANGED)
            unchanged += r->s[0].total_ns;
        if (r->verdict == NSQ_V_ADDED || r->verdict == NSQ_V_REMOVED)
            net_added += r->d_total_ns;
    }
    d->unchanged_share_pct = base_kernel ? 100.0 * (double)unchanged / (double)base_kernel : 0;
    double kpct = rel_pct((double)d->mean[0].kernel_ns, (double)d->mean[1].kernel_ns);
    double me = d->o.min_effect_pct;
    if (c[NSQ_V_IMPROVED] && c[NSQ_V_REGRESSED]) {
        d->overall = NSQ_O_MIXED;
        snprintf(d->overall_reason, sizeof d->overall_reason,
                 "%d kernel(s) improved and %d regressed; kernel time %+.2f%%", c[NSQ_V_IMPROVED],
                 c[NSQ_V_REGRESSED], kpct);
    } else if (c[NSQ_V_REGRESSED] || c[NSQ_V_IMPROVED]) {
        int reg = c[NSQ_V_REGRESSED] != 0;
        d->overall = reg ? NSQ_O_REGRESSED : NSQ_O_IMPROVED;
        snprintf(d->overall_reason, sizeof d->overall_reason,
                 "%d kernel%s %s, none %s; kernel time %+.2f%%",
                 reg ? c[NSQ_V_REGRESSED] : c[NSQ_V_IMPROVED],
                 (reg ? c[NSQ_V_REGRESSED] : c[NSQ_V_IMPROVED]) == 1 ? "" : "s",
                 reg ? "regressed" : "improved", reg ? "improved" : "regressed", kpct);
    } else if (c[NSQ_V_ADDED] || c[NSQ_V_REMOVED]) {
        double pct = base_kernel ? 100.0 * (double)net_added / (double)base_kernel : NAN;
        if (!isnan(pct) && fabs(pct) < me) {
            d->overall = NSQ_O_UNCHANGED;
            snprintf(d->overall_reason, sizeof d->overall_reason,
                     "no matched kernel changed; %d added and %d removed kernels change kernel "
                     "time by %+.2f%% net, below --min-effect %g%%",
                     c[NSQ_V_ADDED], c[NSQ_V_REMOVED], pct, me);
        } else {
            d->overall = (isnan(pct) || pct > 0) ? NSQ_O_REGRESSED : NSQ_O_IMPROVED;
            snprintf(d->overall_reason, sizeof d->overall_reason,
                     "no matched kernel changed; %d added and %d removed kernels change kernel "
                     "time by %+.2f%% net",
                     c[NSQ_V_ADDED], c[NSQ_V_REMOVED], pct);
        }
    } else if (base_kernel && d->unchanged_share_pct >= 50 && !isnan(kpct) && fabs(kpct) < me) {
        d->overall = NSQ_O_UNCHANGED;
        snprintf(d->overall_reason, sizeof d->overall_reason,
                 "no kernel changed: kernels shown unchanged carry %.1f%% of the baseline kernel "
                 "time, kernel time %+.2f%%",
                 d->unchanged_share_pct, kpct);
    } else {
        d->overall = NSQ_O_INCONCLUSIVE;
        snprintf(d->overall_reason, sizeof d->overall_reason,
                 "no kernel changed significantly, but kernels shown unchanged carry only %.1f%% "
                 "of the baseline kernel time (kernel time %+.2f%%): more instances or captures "
                 "are needed",
                 d->unchanged_share_pct, kpct);
    }
}

/* ---- run ------------------------------------------------------------------------- */

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
            c->nsys_version = p->product_version ? xstrdup(p->product_version) : NULL;
            c->export_schema = p->schema_version ? xstrdup(p->schema_version) : NULL;
        }
    }
    if (resolve_windows(d, xs, err))
        goto done;
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
        sr = scan_all(d, sd, xs, err);
    }
    if (sr)
        goto done;
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
    for (int i = 0; i < d->nrows; i++) {
        row_verdict(d, &d->rows[i]);
        d->counts[d->rows[i].verdict]++;
    }
    qsort(d->rows, (size_t)d->nrows, sizeof *d->rows, cmp_rows);
    d->busy_delta_ns = d->mean[1].gpu_busy_ns - d->mean[0].gpu_busy_ns;
    d->memcpy_delta_ns = d->mean[1].memcpy_ns - d->mean[0].memcpy_ns;
    d->memset_delta_ns = d->mean[1].memset_ns - d->mean[0].memset_ns;
    int64_t kd = 0;
    for (int i = 0; i < d->nrows; i++)
        kd += d->rows[i].d_total_ns;
    d->residual_ns = d->busy_delta_ns - kd - d->memcpy_delta_ns - d->memset_delta_ns;
    overall(d);
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
        }
    }
    free(d->rows);
    for (int i = 0; i < d->nwarnings; i++)
        free(d->warnings[i].message);
    free(d->warnings);
    memset(d, 0, sizeof *d);
}
