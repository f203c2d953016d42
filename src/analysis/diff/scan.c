/* Reading the captures (internal.h): one pass per view and capture, captures
 * in parallel, kernel durations grouped by name and launch shape, busy time
 * per device; then the captures merged into the two sides. */
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
#include "nsysql/analysis/window.h"
#include "nsysql/export/devmap.h"
#include "nsysql/export/parscan.h"
#include "nsysql/export/strids.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/kvlog.h"
#include "nsysql/util/strbuf.h"

/* ---- small maps --------------------------------------------------------------- */

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

int nsq_diff_smap_get(const smap *m, const char *key)
{
    if (!m->cap)
        return -1;
    size_t hv = hash_str(key), h = hv & (m->cap - 1);
    uint32_t tag = (uint32_t)(hv >> 32);
    while (m->vals[h] >= 0) {
        if (m->hashes[h] == tag && !strcmp(m->keys[h], key))
            return m->vals[h];
        h = (h + 1) & (m->cap - 1);
    }
    return -1;
}

/* Puts key (hash hv) in a slot of a map with room for it. */
static void smap_place(smap *m, const char *key, size_t hv, int val)
{
    size_t h = hv & (m->cap - 1);
    uint32_t tag = (uint32_t)(hv >> 32);
    while (m->vals[h] >= 0 && (m->hashes[h] != tag || strcmp(m->keys[h], key)))
        h = (h + 1) & (m->cap - 1);
    if (m->vals[h] < 0)
        m->n++;
    m->keys[h] = key;
    m->vals[h] = val;
    m->hashes[h] = tag;
}

/* Rehashes into nc slots (a power of two). */
static void smap_resize(smap *m, size_t nc)
{
    size_t oc = m->cap;
    const char **ok = m->keys;
    int *ov = m->vals;
    uint32_t *oh = m->hashes;
    m->keys = xmalloc(sizeof(*m->keys) * nc);
    m->vals = xmalloc(sizeof(*m->vals) * nc);
    m->hashes = xmalloc(sizeof(*m->hashes) * nc);
    for (size_t i = 0; i < nc; i++)
        m->vals[i] = -1;
    m->cap = nc;
    m->n = 0;
    for (size_t i = 0; i < oc; i++)
        if (ov[i] >= 0)
            smap_place(m, ok[i], hash_str(ok[i]), ov[i]);
    free(ok);
    free(ov);
    free(oh);
}

void nsq_diff_smap_reserve(smap *m, size_t n)
{
    size_t nc = m->cap ? m->cap : 64;
    while (n * 2 > nc)
        nc *= 2;
    if (nc > m->cap)
        smap_resize(m, nc);
}

void nsq_diff_smap_put(smap *m, const char *key, int val)
{
    if ((m->n + 1) * 2 > m->cap)
        smap_resize(m, m->cap ? m->cap * 2 : 64);
    smap_place(m, key, hash_str(key), val);
}

void nsq_diff_smap_free(smap *m)
{
    free(m->keys);
    free(m->vals);
    free(m->hashes);
    memset(m, 0, sizeof *m);
}

/* ---- per-capture scan --------------------------------------------------------- */

/* One launch shape of a kernel name in one capture. */
typedef struct cshape {
    nsq_shape_key key;
    int64_t count, sum;
    durarr durs;  /* instance durations, handed to the side afterwards */
    uint32_t sid; /* its number among the capture's shapes (the log below) */
} cshape;

/* With many shapes (10,000 kernel names), every duration pushed to its
 * shape's array misses the cache at that array's end. Once a capture has
 * DLOG_MIN_SHAPES shapes, durations go to a log (util/kvlog.h) instead,
 * appended shape by shape when it is full and at the end of the kernels:
 * every array holds the same durations in the same (launch) order as pushed
 * one by one. */
#define DLOG_MIN_SHAPES 64

/* One kernel name in one capture. */
typedef struct centry {
    char *name; /* resolved (owned) */
    int keep;   /* passes --name/--exclude */
    int64_t count, sum;
    int64_t out_count, out_sum; /* instances outside the window */
    cshape *sh;
    int nsh, capsh, last_sh;
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
    int nmap, capmap;
    int64_t last_pid, last_dev, last_gpu;
    int have_last;
    /* kernels by name id (k1 = id, k2 = 0 for a NULL id, 1 otherwise); small
     * ids (StringIds ids usually are) also in a direct table, entry + 1 */
    nsq_pairmap ids;
    int *direct;
    centry *e;
    int ne, cape;
    int64_t last_id;
    int last_has_id, last_e;
    nsq_strids strs; /* kernel names (set up on first use) */
    int strs_ready;
    devacc *devs;
    int ndevs, capdevs, last_dev_i;
    int collect;         /* keep every interval (the fallback for unordered kernels) */
    int disorder;        /* streaming saw a kernel start before the previous one */
    int64_t win_kernels; /* kernel rows in the window, before the name filters */
    /* the durations' log (DLOG_MIN_SHAPES): (sid, duration) */
    struct {
        int e, t; /* entry and shape of each sid */
    } * sids;
    uint32_t nsid, capsid;
    nsq_kvlog dlog;
} scan;

static void dur_run(void *ctx, uint32_t sid, const uint32_t *v, size_t n)
{
    scan *sc = ctx;
    durarr *d = &sc->e[sc->sids[sid].e].sh[sc->sids[sid].t].durs;
    NSQ_GROW(d->v, d->n + (int64_t)n, d->cap);
    memcpy(d->v + d->n, v, sizeof *d->v * n);
    d->n += (int64_t)n;
}

/* The logged durations, shape by shape, in the order they came. */
static void dlog_flush(scan *sc)
{
    nsq_kvlog_flush(&sc->dlog, sc->nsid, dur_run, sc);
}

/* A duration of shape t of entry ei (the log, or the shape's array). */
static inline void dur_push(scan *sc, cshape *sh, int64_t dur)
{
    if (sc->nsid >= DLOG_MIN_SHAPES) {
        if (dur >= 0 && dur <= (int64_t)UINT32_MAX) {
            if (nsq_kvlog_push(&sc->dlog, sh->sid, (uint32_t)dur))
                dlog_flush(sc);
            return;
        }
        dlog_flush(sc); /* the ones before it first */
    }
    nsq_diff_dur_push(&sh->durs, dur);
}

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
        NSQ_GROW(sc->map, sc->nmap + 1, sc->capmap);
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
            NSQ_GROW(sc->devs, sc->ndevs + 1, sc->capdevs);
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
        if (!sc->strs_ready) {
            nsq_strids_init(&sc->strs, sc->x->db);
            sc->strs_ready = 1;
        }
        const char *v;
        int rc = nsq_strids_get(&sc->strs, id, &v);
        if (rc == 1) {
            name = xstrdup(v);
        } else if (rc == 0) {
            strbuf sb = STRBUF_INIT;
            sb_addf(&sb, "(unknown name id %lld)", (long long)id);
            name = sb_detach(&sb);
        } else if (sc->strs.prepare_failed) {
            return nsq_export_sql_error(sc->x, sc->strs.rc, NSQ_EXIT_INPUT, "missing_table",
                                        "kernel names", err);
        } else {
            return nsq_export_sql_error(sc->x, sc->strs.rc, NSQ_EXIT_INPUT, "input_corrupt",
                                        "kernel names", err);
        }
    }
    NSQ_GROW(sc->e, sc->ne + 1, sc->cape);
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

/* Once a capture has SCAN_BATCH_NAMES names, kernel rows are handed to
 * scan_row SCAN_BATCH at a time, in order, so that the entry (and launch
 * shape) of the rows SCAN_AHEAD and 2 * SCAN_AHEAD ahead can be fetched
 * into the cache while a row is counted: with thousands of names every row
 * meets its name's entry and shape at random in memory (10,000 names: about
 * 7 % of diff's time on a 10M pair). The rows, and what is done with them,
 * are the same. */
#define SCAN_BATCH 64
#define SCAN_AHEAD 12
#define SCAN_BATCH_NAMES 512 /* from this many names on (fewer stay in the cache) */

typedef struct scanfn {
    scan *sc;
    int kind;
    int nname;  /* name id columns (kernels) */
    int shapes; /* the 8 launch-shape columns follow the name ids */
    nsq_err *err;
    int failed;
    int ncols; /* columns a row has */
    int nb;    /* rows waiting in bv/bn */
    int64_t bv[SCAN_BATCH * NSQ_PARSCAN_MAX_COLS];
    unsigned bn[SCAN_BATCH];
} scanfn;

/* The column of the first non-NULL name id of a kernel row (COALESCE). */
static inline int name_col(const scanfn *fn, unsigned nulls)
{
    int k = 5;
    while (k < 5 + fn->nname - 1 && (nulls >> k & 1u))
        k++;
    return k;
}

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
        c->fp_bytes[dir] =
            v[5] > INT64_MAX - c->fp_bytes[dir] ? INT64_MAX : c->fp_bytes[dir] + v[5];
        int64_t *lg = v[0] >= c->warm_lo && v[0] < c->warm_hi ? c->fp_largest_warm : c->fp_largest;
        if (v[5] > lg[dir])
            lg[dir] = v[5];
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
    int k = name_col(fn, nulls);
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
            NSQ_GROW(ce->sh, ce->nsh + 1, ce->capsh);
            memset(&ce->sh[t], 0, sizeof *ce->sh);
            ce->sh[t].key = key;
            ce->nsh++;
            NSQ_GROW(sc->sids, sc->nsid + 1, sc->capsid);
            sc->sids[sc->nsid].e = ei;
            sc->sids[sc->nsid].t = t;
            ce->sh[t].sid = sc->nsid++;
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
    dur_push(sc, sh, dur);
    m->launches++;
    m->kernel_ns += dur;
    return 0;
}

/* The entry a kernel row names, if it is already in the direct table
 * (else NULL): only a hint for prefetching, never used to count. */
static inline centry *entry_hint(const scanfn *fn, const int64_t *v, unsigned nulls)
{
    const scan *sc = fn->sc;
    int k = name_col(fn, nulls);
    if ((nulls >> k & 1u) || !sc->direct || v[k] < 0 || v[k] >= DIRECT_IDS)
        return NULL;
    int e1 = sc->direct[v[k]];
    return e1 > 0 ? &sc->e[e1 - 1] : NULL;
}

/* Counts the waiting kernel rows, in order, fetching ahead (SCAN_BATCH). */
static int batch_flush(scanfn *fn)
{
    int n = fn->nb, nc = fn->ncols;
    fn->nb = 0;
    for (int i = 0; i < n; i++) {
        int a = i + SCAN_AHEAD, b = i + 2 * SCAN_AHEAD;
        centry *ce;
        if (b < n && (ce = entry_hint(fn, fn->bv + (size_t)b * nc, fn->bn[b]))) {
            __builtin_prefetch(ce); /* an entry spans two cache lines */
            __builtin_prefetch((const char *)ce + sizeof *ce - 1);
        }
        if (a < n && (ce = entry_hint(fn, fn->bv + (size_t)a * nc, fn->bn[a])) && ce->nsh) {
            const cshape *sh = &ce->sh[ce->last_sh];
            __builtin_prefetch(sh);
            __builtin_prefetch((const char *)sh + sizeof *sh - 1);
        }
        if (scan_row(fn, fn->bv + (size_t)i * nc, fn->bn[i], fn->err))
            return -1;
    }
    return 0;
}

static int scan_row_batched(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    scanfn *fn = ctx;
    /* a few names stay in the cache: no batch (none waits, so the order holds) */
    if (!fn->nb && fn->sc->ne < SCAN_BATCH_NAMES)
        return scan_row(ctx, v, nulls, err);
    memcpy(fn->bv + (size_t)fn->nb * fn->ncols, v, sizeof *v * (size_t)fn->ncols);
    fn->bn[fn->nb++] = nulls;
    (void)err;
    return fn->nb == SCAN_BATCH ? batch_flush(fn) : 0;
}

/* One pass over one view through the scan function. Returns 0, 1 when the
 * kernels came out of start order (streaming mode: read again in collect
 * mode), or -1 with err. */
static int scan_view(scan *sc, int kind, nsq_err *err)
{
    static const char *const views[] = {"kernel", "memcpy", "memset"};
    scanfn *fn = xcalloc(1, sizeof *fn); /* 8 KiB of rows waiting: not on the stack */
    fn->sc = sc;
    fn->kind = kind;
    fn->err = err;
    strbuf cols = STRBUF_INIT;
    /* every column read costs time at 10^7 rows: stream_id only when filtered;
     * the strings are fixed in this file, never user input */
    sb_addf(&cols, "start_ns, end_ns, global_pid, device_id, %s, %s",
            sc->o->filter && sc->o->filter->has_stream ? "stream_id" : "NULL",
            kind == SCAN_KERNEL   ? name_id_cols(sc->o->by, &fn->nname)
            : kind == SCAN_MEMCPY ? "bytes, copy_kind"
                                  : "bytes");
    if (kind == SCAN_KERNEL && !sc->o->no_shapes) {
        fn->shapes = 1;
        sb_addstr(&cols, ", grid_x, grid_y, grid_z, block_x, block_y, block_z, "
                         "static_shared_bytes, dynamic_shared_bytes");
    }
    nsq_parscan_req req = {.view = views[kind],
                           .cols = cols.buf,
                           .ncols = 5 + (kind == SCAN_KERNEL   ? fn->nname + 8 * fn->shapes
                                         : kind == SCAN_MEMCPY ? 2
                                                               : 1),
                           .what = views[kind]};
    sc->last_e = -1;
    fn->ncols = req.ncols;
    int rc = nsq_parscan(sc->x, &req, kind == SCAN_KERNEL ? scan_row_batched : scan_row, fn, err);
    if (!rc && fn->nb)
        rc = batch_flush(fn);
    sb_release(&cols);
    int failed = fn->failed;
    free(fn);
    if (rc && failed && sc->disorder)
        return 1; /* err untouched: read again in collect mode */
    return rc ? -1 : 0;
}

/* ---- sides ---------------------------------------------------------------------- */

void nsq_diff_side_free(side *s)
{
    for (int i = 0; i < s->n; i++) {
        sentry *e = &s->e[i];
        free(e->members); /* the names are in the diff's store */
        for (int h = 0; h < e->nsh; h++) {
            for (int k = 0; k < e->sh[h].nchunks; k++)
                nsq_diff_dur_free(&e->sh[h].chunks[k]);
            free(e->sh[h].chunks);
            free(e->sh[h].ccap);
        }
        free(e->sh);
    }
    free(s->e);
    nsq_diff_smap_free(&s->map);
    memset(s, 0, sizeof *s);
}

/* Kernels of one capture that run only outside its window; exmap[s] finds
 * side s's entries of d->excluded by name. */
static void excluded_add(nsq_diff *d, smap exmap[2], int s, const char *name, int64_t n, int64_t ns)
{
    int i = nsq_diff_smap_get(&exmap[s], name);
    if (i >= 0) {
        d->excluded[i].instances += n;
        d->excluded[i].total_ns += ns;
        return;
    }
    NSQ_GROW(d->excluded, d->nexcluded + 1, d->capexcluded);
    nsq_diff_excluded *x = &d->excluded[d->nexcluded];
    x->name = xstrdup(name);
    x->side = s;
    x->instances = n;
    x->total_ns = ns;
    nsq_diff_smap_put(&exmap[s], x->name, d->nexcluded++);
}

/* name in the store: the side's own copy when an entry has it as its name
 * (entries are named by their raw name unless normalised), else a copy. */
static char *side_name(nsq_diff *d, const side *sd, int normalized, const char *name)
{
    int i = normalized ? -1 : nsq_diff_smap_get(&sd->map, name);
    return i >= 0 ? sd->e[i].name : nsq_diff_name(d, name);
}

/* Moves one capture's kernel entries into the side (durations change hands,
 * no copy). With --by normalized, entries are folded by normalised name. */
static int side_take(nsq_diff *d, side *sd, int which, int ci, scan *sc, const nsq_diff_opts *o,
                     smap exmap[2], nsq_err *err)
{
    int ncap = d->ncap[which];
    int normalized = !strcmp(o->by, "normalized");
    nsq_diff_smap_reserve(&sd->map, (size_t)sd->n + (size_t)sc->ne);
    for (int i = 0; i < sc->ne; i++) {
        centry *ce = &sc->e[i];
        if (!ce->keep)
            continue;
        if (!ce->count) {
            if (ce->out_count) {
                sc->c->excluded_names++;
                sc->c->excluded_ns += ce->out_sum;
                excluded_add(d, exmap, which, ce->name, ce->out_count, ce->out_sum);
            }
            continue;
        }
        char *key = NULL;
        uint64_t fired = 0;
        if (normalized && !(key = nsq_match_normalize(o->rules, ce->name, &fired, err)))
            return -1;
        const char *k = key ? key : ce->name;
        int si = nsq_diff_smap_get(&sd->map, k);
        if (si < 0) {
            /* the map's keys are the entries' name strings, which stay put
             * when the entry array moves */
            NSQ_GROW(sd->e, sd->n + 1, sd->cap);
            sentry *se = &sd->e[sd->n];
            memset(se, 0, sizeof *se);
            se->name = nsq_diff_name(d, k);
            se->count = nsq_diff_zeros(d, (size_t)ncap);
            se->sum = nsq_diff_zeros(d, (size_t)ncap);
            si = sd->n++;
            nsq_diff_smap_put(&sd->map, se->name, si);
        }
        sentry *se = &sd->e[si];
        int have = 0;
        for (int k2 = 0; k2 < se->nmembers; k2++)
            have |= !strcmp(se->members[k2], ce->name);
        if (!have) {
            NSQ_GROW(se->members, se->nmembers + 1, se->capmembers);
            /* the store's names can be shared: the entry's own when it is this one */
            se->members[se->nmembers++] =
                !strcmp(se->name, ce->name) ? se->name : nsq_diff_name(d, ce->name);
        }
        se->fired |= fired;
        free(key);
        if (!se->seq[0] && !se->seq[1] && (ce->pred1 || ce->succ1)) {
            if (ce->pred1) {
                se->seq[0] = side_name(d, sd, normalized, sc->e[ce->pred1 - 1].name);
                se->agree[0] = (double)ce->pred_n / (double)ce->count;
            }
            if (ce->succ1) {
                se->seq[1] = side_name(d, sd, normalized, sc->e[ce->succ1 - 1].name);
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
                NSQ_GROW(se->sh, se->nsh + 1, se->capsh);
                memset(&se->sh[t], 0, sizeof *se->sh);
                se->sh[t].key = cs->key;
                se->nsh++;
            }
            sshape *ss = &se->sh[t];
            if (ss->nchunks == ss->capchunks) {
                /* one a capture, more when normalised names fold together */
                ss->capchunks = ss->capchunks ? 2 * ss->capchunks : ncap;
                ss->chunks = xrealloc(ss->chunks, sizeof(*ss->chunks) * (size_t)ss->capchunks);
                ss->ccap = xrealloc(ss->ccap, sizeof(*ss->ccap) * (size_t)ss->capchunks);
            }
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
            nsq_diff_dur_free(&sc->e[i].sh[h].durs);
        free(sc->e[i].sh);
    }
    free(sc->e);
    nsq_pairmap_release(&sc->ids);
    free(sc->direct);
    for (int i = 0; i < sc->ndevs; i++)
        free(sc->devs[i].v);
    free(sc->devs);
    free(sc->map);
    nsq_strids_release(&sc->strs);
    free(sc->sids);
    nsq_kvlog_free(&sc->dlog);
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
        memset(c->fp_largest_warm, 0, sizeof c->fp_largest_warm);
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
        dlog_flush(sc);
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

void nsq_diff_parallel_for(int n, void (*fn)(void *, int), void *ctx)
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
int nsq_diff_scan_all(nsq_diff *d, side sd[2], nsq_export *const *xs[2], nsq_err *err)
{
    int njobs = 0, ret = -1;
    smap exmap[2] = {{0}, {0}}; /* d->excluded by name, per side */
    job *jobs = xcalloc((size_t)(d->ncap[0] + d->ncap[1]), sizeof *jobs);
    for (int i = 0; i < d->nexcluded; i++)
        nsq_diff_smap_put(&exmap[d->excluded[i].side], d->excluded[i].name, i);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            job *jb = &jobs[njobs++];
            jb->d = d;
            jb->which = s;
            jb->ci = i;
            jb->x = xs[s][i];
        }
    nsq_diff_parallel_for(njobs, scan_task, jobs);
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
        if (side_take(d, &sd[jb->which], jb->which, jb->ci, &jb->sc, &d->o, exmap, err))
            goto done;
        int win_kernels = jb->sc.win_kernels != 0;
        scan_free(&jb->sc); /* what the side needs has changed hands */
        if (c->bad_rows)
            nsq_diff_warn(
                d, "bad_rows",
                "%s: %lld GPU-op rows with end < start or no time were skipped (not counted "
                "as instances, not part of busy time)",
                c->path, (long long)c->bad_rows);
        if (!c->m.launches)
            nsq_diff_warn(d, "no_kernels_in_window", "%s: no kernel %s the window", c->path,
                          win_kernels ? "passes the filters in" : "runs in");
    }
    ret = 0;
done:
    for (int j = 0; j < njobs; j++)
        scan_free(&jobs[j].sc);
    free(jobs);
    nsq_diff_smap_free(&exmap[0]);
    nsq_diff_smap_free(&exmap[1]);
    return ret;
}
