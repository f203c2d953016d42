/* Types and functions the files of src/analysis/steady/ share (not part of
 * steady.h, which stays the only way in for other layers).
 *
 * steady.c     the entry: the method order, the fallbacks, publishing
 * series.c     which repeated NVTX range is the iteration (nvtx_pick)
 * attribute.c  its instances as iterations, GPU ops attributed to them
 * kernels.c    the kernels of one CUDA context, sorted (kset)
 * period.c     the period of their names, the anchor, the cut
 * bins.c       equal time bins when there is no structure
 * judge.c      band, split, trend, window statistics and confidence
 * iters.c      the compact iteration store (16 bytes an iteration)
 * trust.c      the capture's kernel time (acct) and the trust checks
 * scan.c       the scans' shared parts: SQL errors, nsq_parscan, the
 *              --device filter, the capture span, the int64 map
 * quantile.c   order statistics (selection, quantiles, median and MAD)
 *
 * The scans of GPU ops, launch calls and NVTX instances run on several
 * connections (nsq_parscan); the NVTX passes that read the text run on the
 * export's. The views kernel, memcpy and memset are read one by one, never
 * gpu_op: its union resolves names for every row. Every scan of GPU ops also
 * measures the capture span. Functions shared between the files are named
 * nsq_sd_*; what a stage keeps to itself is static there. */
#ifndef NSYSQL_STEADY_INTERNAL_H
#define NSYSQL_STEADY_INTERNAL_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "nsysql/analysis/stats.h"
#include "nsysql/analysis/steady.h"
#include "nsysql/export/parscan.h"
#include "nsysql/export/rawscan.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/strbuf.h"

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

/* ---- scan.c: a small open-addressing map from int64 keys to int64 values */
typedef struct i64map {
    int64_t *keys;
    int64_t *vals;
    unsigned char *used;
    size_t cap, n;
} i64map;

size_t nsq_sd_mix64(int64_t k);
void nsq_sd_i64map_release(i64map *m);
/* Returns the slot for key (inserting it with val when absent). */
int64_t *nsq_sd_i64map_get(i64map *m, int64_t key, int64_t val, int *inserted);

/* ---- trust.c: kernel time accounting */
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
/* A direct-mapped cache of name id -> dense index in front of a name map
 * (names repeat), id INT64_MIN for an empty slot. 16,384 slots (256 KiB): a
 * periodic sequence of 10,000 names missed every row with 4,096 (each slot
 * shared by two or three names in turn), and the map's lookups took a
 * quarter of steady-state's time at 10M kernels (1.42-1.55 -> 1.10-1.16 s). */
#define NSQ_SD_NAME_CACHE 16384
typedef struct nsq_sd_namecache {
    int64_t id, ix;
} nsq_sd_namecache;

#define ACC_BINS 65536
#define ACC_SHIFT0 10
#define ACC_SHIFT_MAX 46
#define COVER_MAX 16

typedef struct acc_name {
    int64_t id; /* short-name id (else demangled-name id, else -1) */
    int64_t count, total_ns;
    int64_t mingap; /* smallest gap between cover intervals when ncv == COVER_MAX */
    /* the last cover interval, here so that the usual row (it joins that
     * interval) touches this struct only: cv[ncv - 1] is written back
     * (nsq_sd_cover_sync) before the cover is read or changed */
    int64_t last_s, last_e;
    /* a span inside the cover: the interval the last row out of order met,
     * as it was then (intervals only grow and merge, so it stays inside);
     * empty (INT64_MAX, INT64_MIN) at first */
    int64_t in_s, in_e;
    int ncv;
    int64_t (*cv)[2]; /* cover: sorted, disjoint [start, end] (owned) */
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
    nsq_sd_namecache cache[NSQ_SD_NAME_CACHE]; /* name id -> index in nm */
} acct;

/* ---- iters.c: the iteration store */
/* One iteration (or bin) while detecting: 16 bytes, since there can be tens
 * of millions of them, and diff runs two detections at once. Its bounds are
 * those of the GPU ops attributed to it once it has one (IT_GPU), before that
 * its NVTX range (or time bin). A span of 2^27 ns (134 ms) or more or a kernel
 * time of 2^32 ns or more moves the two to a wide record: the span bits are
 * then its index in det.wide. Read and write them through it_end(),
 * it_ktime() and it_set(). Kernel counts are kept only when the iterations
 * are published (det.kn); IT_KERNEL says whether there is one. Its metrics
 * are computed from it (val()); its phase from the window nsq_sd_judge() found
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
    int64_t last_gpid, last_dev, last_ok; /* nsq_sd_device_ok() cache */
    /* capture span: valid GPU ops of every kind, all devices */
    int64_t cap_lo, cap_hi, cap_bad;
    int cap_have, cap_done;
    int cap_given; /* the span came with the options (o->has_span): cap_add() adds nothing */
    acct acc;      /* the capture's kernels, for the trust checks */
    iter *it;      /* iterations (owned) */
    int64_t n, cap;
    iter_wide *wide; /* the iterations' wide records (owned) */
    int64_t nwide, capwide;
    int wide_full;      /* more than IT_SMASK + 1 wide records were wanted */
    int64_t *kn;        /* keep_iterations 1: kernels of each iteration (owned) */
    int64_t *rs, *re;   /* method nvtx with keep_iterations 1: each iteration's
                           NVTX range (owned) */
    int64_t ph_a, ph_b; /* nsq_sd_judge()'s window [ph_a, ph_b) when ph_found */
    int ph_found;
    int mk[2];         /* enum metric_kind of metric 0 and 1 */
    double *stored[2]; /* MK_STORED values (owned) */
    /* level_of() results of this nsq_sd_judge(): it measures one window of a metric
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

void nsq_sd_it_set_wide(det *d, iter *t, int64_t end, int64_t ktime);

/* Sets end and kernel time of t (its start set before), in a wide record
 * when one of them does not fit (nsq_sd_it_set_wide()). */
static inline void it_set(det *d, iter *t, int64_t end, int64_t ktime)
{
    int64_t span;
    if (!(t->sf & IT_WIDE) && !__builtin_sub_overflow(end, t->start_ns, &span) && span >= 0 &&
        span <= IT_SMASK && ktime >= 0 && ktime <= UINT32_MAX) {
        t->sf = (t->sf & ~IT_SMASK) | (uint32_t)span;
        t->ktime = (uint32_t)ktime;
        return;
    }
    nsq_sd_it_set_wide(d, t, end, ktime);
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
    case MK_RANGE: /* the bounds are the ranges (nsq_sd_nvtx_metrics()) */
        return (double)(it_end(d, t) - t->start_ns);
    case MK_RANGE_STEP:
        return i + 1 < d->n ? (double)(t[1].start_ns - t->start_ns) : NAN;
    default:
        return d->stored[m][i];
    }
}

/* Sets the bounds of t, keeping its kernel time. */
void nsq_sd_it_bounds(det *d, iter *t, int64_t start, int64_t end);
/* Makes room for at least `want` iterations in total. */
void nsq_sd_reserve_iters(det *d, int64_t want);
/* A new empty iteration (no bounds until it_extend() or nsq_sd_it_bounds()). */
iter *nsq_sd_new_iter(det *d);
void nsq_sd_reset_iters(det *d);

/* ---- steady.c */
void nsq_sd_add_warning(nsq_steady *r, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Records why there is no window (also as a warning with the same code). */
void nsq_sd_not_found(nsq_steady *r, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- quantile.c */
/* Quantile q of sorted v[0..n) with linear interpolation (n > 0). */
double nsq_sd_quantile_sorted(const double *v, int64_t n, double q);
/* Quantile q of v[0..n) as nsq_sd_quantile_sorted() would give on the sorted
 * values (n > 0); reorders v. */
double nsq_sd_quantile(double *v, int64_t n, double q);
/* Median and 1.4826 * MAD of v[0..n) (n > 0); reorders v, uses scratch. */
void nsq_sd_median_scale(double *v, int64_t n, double *scratch, double *med, double *scale);
/* The same, in place: v[0..n) ends up holding the absolute deviations. */
void nsq_sd_median_scale_inplace(double *v, int64_t n, double *med, double *scale);

/* ---- scan.c */
int nsq_sd_sql_fail(det *d, int rc, const char *what);
/* One view through nsq_parscan (see scan.c). */
int nsq_sd_par_scan(det *d, const char *view, const char *cols, int ncols, const char *where,
                    const nsq_parscan_bind *binds, int nbinds, nsq_parscan_row row, void *ctx,
                    const char *what);
/* The same for a GPU op view whose column pidcol is global_pid and whose
 * row function drops the rows of other processes than --pid: with the span
 * given (cap_given) and --pid, those rows are not read at all. */
int nsq_sd_par_scan_ops(det *d, const char *view, const char *cols, int ncols, int pidcol,
                        nsq_parscan_row row, void *ctx, const char *what);
/* Physical GPU of (pid, CUDA ordinal), by the rules of nsq_devmap_load(). */
int nsq_sd_gpu_of(det *d, int64_t pid, int64_t dev, int64_t *gpu);
/* Does an op of (global pid, ordinal) pass --device? -1 on a query failure. */
int nsq_sd_device_ok(det *d, int64_t gpid, int64_t dev);
static inline void cap_add(det *d, int64_t a, int64_t b)
{
    if (d->cap_given)
        return;
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

/* Adds the rows of one GPU op view (kernel, memcpy or memset) to the capture span. */
int nsq_sd_cap_view(det *d, const char *view);
/* Adds the memcpy and memset rows to the capture span. */
int nsq_sd_cap_small_views(det *d);
int nsq_sd_no_gpu_activity(det *d);
/* Publishes the capture span once every kind of GPU op was scanned. */
int nsq_sd_cap_finish(det *d);
void nsq_sd_cap_reset(det *d);

/* ---- trust.c */
void nsq_sd_acct_release(acct *a);
void nsq_sd_acct_reset(acct *a);
/* Makes the grid hold [lo, hi]: the width doubles until it does. */
void nsq_sd_grid_fit(acct *a, int64_t lo, int64_t hi);
/* Adds [s, e] to a name's cover. */
void nsq_sd_cover_add(acc_name *n, int64_t s, int64_t e);
/* Writes the last interval (last_s, last_e) back into the cover. */
static inline void nsq_sd_cover_sync(acc_name *n)
{
    if (n->ncv)
        n->cv[n->ncv - 1][1] = n->last_e;
}
/* One valid kernel row (e >= s) that passes the filters. */
static inline void acct_add(acct *a, int64_t s, int64_t e, int64_t nid)
{
    a->kernels++;
    if (e > s) {
        a->total_ns = nsq_sat_add(a->total_ns, e - s);
        if (!a->have || s < a->org || e - a->org >= ((int64_t)ACC_BINS << a->shift))
            nsq_sd_grid_fit(a, s, e);
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
    nsq_sd_namecache *ce = &a->cache[(size_t)nid & (NSQ_SD_NAME_CACHE - 1)];
    if (ce->id == nid) {
        ix = ce->ix;
    } else {
        int ins;
        ix = *nsq_sd_i64map_get(&a->ids, nid, a->nnm, &ins);
        if (ins) {
            if (a->nnm == a->cap) {
                a->cap = a->cap ? a->cap * 2 : 64;
                a->nm = xrealloc(a->nm, sizeof *a->nm * (size_t)a->cap);
            }
            memset(&a->nm[a->nnm], 0, sizeof *a->nm);
            a->nm[a->nnm].in_s = INT64_MAX;
            a->nm[a->nnm].in_e = INT64_MIN;
            a->nm[a->nnm++].id = nid;
        }
        ce->id = nid;
        ce->ix = ix;
    }
    acc_name *n = &a->nm[ix];
    n->count++;
    n->total_ns = nsq_sat_add(n->total_ns, e - s);
    if (n->ncv) {
        /* the usual case inline: at or after the start of the last interval,
         * meeting it or (cover full) nearer to it than any other gap */
        if (s >= n->last_s &&
            (s <= n->last_e || (n->ncv == COVER_MAX && s - n->last_e <= n->mingap))) {
            if (e > n->last_e)
                n->last_e = e;
            return;
        }
        if (s >= n->in_s && e <= n->in_e)
            return; /* inside the cover already (rows out of order) */
    }
    nsq_sd_cover_add(n, s, e);
}

/* Kernel time before t (interpolated inside a bin). */
double nsq_sd_acct_before(const acct *a, int64_t t);
/* The trust checks on what detection gave (steady.h). */
void nsq_sd_assess(det *d);

/* ---- series.c */
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

/* Picks the iteration series among repeated NVTX ranges (p->chosen). */
int nsq_sd_nvtx_find(det *d, nvtx_pick *p);
void nsq_sd_nvtx_pick_release(nvtx_pick *p);
/* Frees the first pass's rows (none are kept after). */
void nsq_sd_rec_release(nvtx_pick *p);
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

/* The text hash of a row read from the pages: 0, 1 when the text is NULL,
 * -1 (aborted) when the value is not a text the pages could give. */
int nsq_sd_raw_text(nvtx_raw *nr, const int64_t *v, unsigned nulls, int64_t *out);
/* The NVTX rows as the page reader gives them, for both passes. */
nsq_parscan_req nsq_sd_nvtx_pages_req(const char *what);

/* ---- attribute.c */
/* Builds d->it from the chosen series' ranges and attributes GPU ops to them. */
int nsq_sd_nvtx_iterations(det *d, nvtx_pick *p, double *attributed);
/* The metrics NVTX iterations support. */
int nsq_sd_nvtx_metrics(det *d, nvtx_pick *p, int by_kernels);

/* ---- kernels.c */
/* The kernels of one context in start order, compact: they are most of
 * what the kernel paths hold (10^8 rows at 100M kernels). Per kernel, in
 * ev: the difference of its start from the previous kernel's (zigzag) and
 * its duration (saturated at UINT32_MAX, 4.29 s), each a varint (LEB128):
 * 5 to 7 bytes for gaps and durations of microseconds; in nm its dense name
 * index, 1, 2 or 4 bytes (nw) as the number of names needs. Every KSTEP
 * kernels a checkpoint (ev offset, previous start) lets a cursor start
 * anywhere: the names are read at random (kname()), the times in order
 * (kcur). */
#define KSTEP 256

typedef struct kset {
    int64_t n;
    unsigned char *ev; /* the varints (owned) */
    size_t nev, capev;
    void *nm; /* dense name index per kernel, nw bytes each (owned) */
    int nw;
    int64_t capn;
    int64_t *ck; /* per KSTEP kernels: ev offset and previous start (owned) */
    int64_t last_start;
    int64_t max_end;   /* the latest end (INT64_MIN while empty) */
    int64_t *name_ids; /* dense index -> short-name id */
    int64_t nnames;
    int64_t saturated;
} kset;

static inline int32_t kname(const kset *ks, int64_t i)
{
    return ks->nw == 1   ? ((const uint8_t *)ks->nm)[i]
           : ks->nw == 2 ? ((const uint16_t *)ks->nm)[i]
                         : ((const int32_t *)ks->nm)[i];
}

/* A reader of the kernels' times in order: kcur_at() places it before
 * kernel i, kcur_next() reads the next kernel's start and end. */
typedef struct kcur {
    const kset *ks;
    int64_t i; /* the kernel kcur_next() reads */
    size_t off;
    int64_t start, end; /* of the kernel read last */
} kcur;

static inline uint64_t kvarint(const unsigned char *p, size_t *off)
{
    uint64_t v = 0;
    int sh = 0;
    unsigned char c;
    do {
        c = p[(*off)++];
        v |= (uint64_t)(c & 0x7F) << sh;
        sh += 7;
    } while (c & 0x80);
    return v;
}

static inline void kcur_next(kcur *c)
{
    uint64_t z = kvarint(c->ks->ev, &c->off);
    int64_t delta = (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
    c->start = (int64_t)((uint64_t)c->start + (uint64_t)delta);
    c->end = c->start + (int64_t)kvarint(c->ks->ev, &c->off);
    c->i++;
}

/* Places c before kernel i (0 <= i <= ks->n). */
void nsq_sd_kcur_at(kcur *c, const kset *ks, int64_t i);

/* Loads the kernels of the busiest CUDA context that passes the filters. */
int nsq_sd_kernels_load(det *d, kset *ks);
void nsq_sd_kset_release(kset *ks);

/* ---- period.c */
typedef struct period {
    int64_t p;
    double mismatch;
    int64_t s;        /* a position where the pattern is taken from */
    int64_t len;      /* anchor n-gram length */
    int32_t gram[16]; /* anchor names; the first one starts an iteration */
} period;

/* The smallest period that repeats at least 90 % of positions; 1 when found. */
int nsq_sd_period_find(const kset *ks, period *pr);
/* Where in the period an iteration starts; 1 when found. */
int nsq_sd_period_anchor(const kset *ks, period *pr);
/* Cuts the kernels into iterations at each occurrence of the anchor. */
void nsq_sd_period_iterations(det *d, const kset *ks, const period *pr);

/* ---- bins.c */
void nsq_sd_bins_iterations(det *d, const kset *ks);

/* ---- judge.c */
/* The split, trend check, window and confidence for d->it. */
void nsq_sd_judge(det *d, double q_method);

#endif
