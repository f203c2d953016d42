/* intervals: interval arithmetic, the GPU-op scan and per-device interval
 * sets (see intervals.h). */
#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/piles.h"
#include "nsysql/export/devmap.h"
#include "nsysql/export/parscan.h"
#include "nsysql/export/strids.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/stats.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/strbuf.h"

/* qsort that accepts an empty (possibly NULL) array. */
static void xsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1)
        qsort(base, n, size, cmp);
}

/* ---- 1. interval arithmetic ---------------------------------------------------- */

static void ivl_insertion_sort(nsq_ivl *v, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        nsq_ivl x = v[i];
        size_t j = i;
        while (j > 0 &&
               (v[j - 1].start > x.start || (v[j - 1].start == x.start && v[j - 1].end > x.end))) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

/* Stable LSD radix sort on one int64 field (offset 0 = start, 1 = end),
 * 16-bit digits, skipping digits that are the same for every element. */
static void ivl_radix(nsq_ivl *v, nsq_ivl *tmp, size_t n, int field)
{
    size_t *count = xmalloc(65536 * sizeof *count);
    nsq_ivl *src = v, *dst = tmp;
    for (int pass = 0; pass < 4; pass++) {
        int shift = pass * 16;
        memset(count, 0, 65536 * sizeof *count);
        for (size_t i = 0; i < n; i++) {
            uint64_t k = (uint64_t)(field ? src[i].end : src[i].start) ^ (1ull << 63);
            count[(k >> shift) & 0xFFFF]++;
        }
        bool trivial = false;
        for (size_t d = 0; d < 65536; d++)
            if (count[d] == n)
                trivial = true;
        if (trivial)
            continue;
        size_t sum = 0;
        for (size_t d = 0; d < 65536; d++) {
            size_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++) {
            uint64_t k = (uint64_t)(field ? src[i].end : src[i].start) ^ (1ull << 63);
            dst[count[(k >> shift) & 0xFFFF]++] = src[i];
        }
        nsq_ivl *t = src;
        src = dst;
        dst = t;
    }
    if (src != v)
        memcpy(v, src, n * sizeof *v);
    free(count);
}

static bool ivl_less(const nsq_ivl *a, const nsq_ivl *b)
{
    return a->start < b->start || (a->start == b->start && a->end < b->end);
}

/* Merges the sorted runs of v (bounds[0] = 0 < ... < bounds[nr] = n) pair by
 * pair until one is left: O(n log nr). */
static void ivl_merge_runs(nsq_ivl *v, nsq_ivl *tmp, size_t *bounds, size_t nr)
{
    nsq_ivl *src = v, *dst = tmp;
    while (nr > 1) {
        size_t w = 0;
        for (size_t r = 0; r < nr; r += 2) {
            size_t lo = bounds[r], mid = bounds[r + 1], hi = r + 2 <= nr ? bounds[r + 2] : mid;
            size_t i = lo, k = mid, o = lo;
            while (i < mid && k < hi)
                dst[o++] = ivl_less(&src[k], &src[i]) ? src[k++] : src[i++];
            while (i < mid)
                dst[o++] = src[i++];
            while (k < hi)
                dst[o++] = src[k++];
            bounds[w++] = lo;
        }
        bounds[w] = bounds[nr];
        nr = w;
        nsq_ivl *t = src;
        src = dst;
        dst = t;
    }
    if (src != v)
        memcpy(v, src, bounds[1] * sizeof *v);
}

/* At most this many sorted runs are merged; more are radix sorted. GPU ops
 * gathered table by table (kernels, then copies, then memsets, each in start
 * order) come as a few runs. */
#define IVL_MERGE_RUNS 16

void nsq_ivl_sort(nsq_ivl *v, size_t n)
{
    if (n < 64) {
        ivl_insertion_sort(v, n);
        return;
    }
    size_t bounds[IVL_MERGE_RUNS + 1], nr = 0;
    bounds[nr++] = 0;
    for (size_t i = 1; i < n && nr <= IVL_MERGE_RUNS; i++)
        if (ivl_less(&v[i], &v[i - 1]))
            bounds[nr++] = i;
    if (nr == 1)
        return; /* sorted already */
    nsq_ivl *tmp = xmalloc(n * sizeof *tmp);
    if (nr <= IVL_MERGE_RUNS) {
        bounds[nr] = n;
        ivl_merge_runs(v, tmp, bounds, nr);
    } else {
        ivl_radix(v, tmp, n, 1); /* by end, then stably by start */
        ivl_radix(v, tmp, n, 0);
    }
    free(tmp);
}

size_t nsq_ivl_union(nsq_ivl *v, size_t n)
{
    size_t w = 0;
    bool have = false;
    for (size_t i = 0; i < n; i++) {
        if (v[i].end <= v[i].start)
            continue;
        if (!have) {
            v[0] = v[i];
            have = true;
        } else if (v[i].start <= v[w].end) {
            if (v[i].end > v[w].end)
                v[w].end = v[i].end;
        } else {
            v[++w] = v[i];
        }
    }
    return have ? w + 1 : 0;
}

int64_t nsq_ivl_length(const nsq_ivl *v, size_t n)
{
    int64_t t = 0;
    for (size_t i = 0; i < n; i++)
        t += v[i].end - v[i].start;
    return t;
}

size_t nsq_ivl_clip(nsq_ivl *v, size_t n, int64_t lo, int64_t hi)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t s = v[i].start < lo ? lo : v[i].start;
        int64_t e = v[i].end > hi ? hi : v[i].end;
        if (e > s) {
            v[w].start = s;
            v[w].end = e;
            w++;
        }
    }
    return w;
}

size_t nsq_ivl_gaps(const nsq_ivl *v, size_t n, nsq_ivl *out)
{
    size_t k = 0;
    for (size_t i = 1; i < n; i++)
        if (v[i].start > v[i - 1].end) {
            out[k].start = v[i - 1].end;
            out[k].end = v[i].start;
            k++;
        }
    return k;
}

/* First index of b whose end > t (b disjoint and sorted, so ends increase). */
static size_t first_ending_after(const nsq_ivl *b, size_t nb, int64_t t)
{
    size_t lo = 0, hi = nb;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (b[mid].end > t)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

size_t nsq_ivl_minus(nsq_ivl a, const nsq_ivl *b, size_t nb, nsq_ivl *out)
{
    size_t k = 0;
    int64_t cur = a.start;
    for (size_t i = first_ending_after(b, nb, a.start); i < nb && b[i].start < a.end; i++) {
        if (b[i].start > cur) {
            out[k].start = cur;
            out[k].end = b[i].start;
            k++;
        }
        if (b[i].end > cur)
            cur = b[i].end;
    }
    if (cur < a.end) {
        out[k].start = cur;
        out[k].end = a.end;
        k++;
    }
    return k;
}

int64_t nsq_ivl_overlap(nsq_ivl a, const nsq_ivl *b, size_t nb)
{
    int64_t t = 0;
    for (size_t i = first_ending_after(b, nb, a.start); i < nb && b[i].start < a.end; i++) {
        int64_t s = b[i].start > a.start ? b[i].start : a.start;
        int64_t e = b[i].end < a.end ? b[i].end : a.end;
        if (e > s)
            t += e - s;
    }
    return t;
}

void nsq_union_init(nsq_union *u)
{
    memset(u, 0, sizeof *u);
}

int nsq_union_push(nsq_union *u, int64_t s, int64_t e, nsq_ivl *gap)
{
    if (e <= s)
        return 0;
    if (!u->open) {
        if (u->islands == 0)
            u->first = s;
        u->open = true;
        u->start = s;
        u->end = e;
        return 0;
    }
    if (s < u->start)
        return -1;
    if (s <= u->end) {
        if (e > u->end)
            u->end = e;
        return 0;
    }
    if (gap) {
        gap->start = u->end;
        gap->end = s;
    }
    u->covered += u->end - u->start;
    u->islands++;
    u->start = s;
    u->end = e;
    return 1;
}

void nsq_union_finish(nsq_union *u)
{
    if (!u->open)
        return;
    u->covered += u->end - u->start;
    u->islands++;
    u->open = false;
}

/* One flattened scan per op view: SQLite would materialise the gpu_op
 * UNION ALL to aggregate over it. */
int nsq_gpu_span(nsq_export *x, int64_t *lo, int64_t *hi, nsq_err *err)
{
    static const char *const sql[3] = {
        "SELECT min(start_ns), max(end_ns) FROM kernel WHERE " NSQ_SQL_VALID_ROW,
        "SELECT min(start_ns), max(end_ns) FROM memcpy WHERE " NSQ_SQL_VALID_ROW,
        "SELECT min(start_ns), max(end_ns) FROM memset WHERE " NSQ_SQL_VALID_ROW};
    bool have = false;
    *lo = INT64_MAX;
    *hi = INT64_MIN;
    for (int k = 0; k < 3; k++) {
        sqlite3_stmt *st = NULL;
        int rc = sqlite3_prepare_v2(x->db, sql[k], -1, &st, NULL);
        if (rc != SQLITE_OK)
            return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "GPU span", err);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL) {
            have = true;
            if (sqlite3_column_int64(st, 0) < *lo)
                *lo = sqlite3_column_int64(st, 0);
            if (sqlite3_column_int64(st, 1) > *hi)
                *hi = sqlite3_column_int64(st, 1);
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_ROW)
            return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "GPU span", err);
    }
    if (!have) {
        nsq_error(err, NSQ_EXIT_INPUT, "no_gpu_activity",
                  "the export has no valid GPU op (kernel, memcpy or memset with end >= start)");
        nsq_hint(err, "nsysql info shows what the export holds");
        return -1;
    }
    return 0;
}

int64_t nsq_no_gpu_hint(nsq_export *x, char *buf, size_t size)
{
    int64_t api = 0, launches = 0;
    if (nsq_probe_table(&x->probe, "CUPTI_ACTIVITY_KIND_RUNTIME") &&
        !nsq_query_int64(x->db, "SELECT count(*) FROM api", 0, &api) && api > 0)
        nsq_query_int64(x->db,
                        "SELECT count(*) FROM api WHERE base_name GLOB 'cudaLaunch*' OR base_name "
                        "GLOB 'cuLaunch*' OR base_name GLOB 'cudaGraphLaunch*' OR base_name GLOB "
                        "'cuGraphLaunch*'",
                        0, &launches);
    if (launches > 0)
        snprintf(buf, size,
                 "CUDA tracing was on (%lld kernel or graph launch calls were traced) but no GPU "
                 "activity was recorded: the activity buffers were lost, usually because the "
                 "process was killed or the capture stopped before they were flushed; let the "
                 "program exit normally (or call cudaProfilerStop / cudaDeviceSynchronize before "
                 "the capture ends) and capture again",
                 (long long)launches);
    else if (api > 0)
        snprintf(buf, size,
                 "CUDA tracing was on (%lld CUDA API calls) but no kernel was launched in the "
                 "captured range: widen the capture range (--capture-range, --delay, --duration) "
                 "to where the GPU work runs",
                 (long long)api);
    else
        snprintf(buf, size,
                 "CUDA tracing was off or the program made no CUDA call: capture with CUDA "
                 "tracing on (nsys profile -t cuda, or nsysql capture)");
    return launches;
}

int nsq_require_gpu_ops(nsq_export *x, nsq_err *err)
{
    /* a GPU-op table without its times is not a layout nsysql can read */
    static const char *const tables[] = {"CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY",
                                         "CUPTI_ACTIVITY_KIND_MEMSET"};
    for (int i = 0; i < 3; i++)
        if (nsq_probe_table(&x->probe, tables[i]) &&
            (!nsq_probe_has_col(&x->probe, tables[i], "start") ||
             !nsq_probe_has_col(&x->probe, tables[i], "end"))) {
            nsq_error(err, NSQ_EXIT_INPUT, "missing_columns",
                      "the export's %s has no start or end column: not a table layout nsys writes",
                      tables[i]);
            nsq_hint(err, "nsysql info lists the tables and the columns each view misses");
            return -1;
        }
    int64_t ops = 0;
    int qrc = nsq_query_int64(x->db, "SELECT EXISTS (SELECT 1 FROM gpu_op)", 0, &ops);
    if (qrc)
        return nsq_export_sql_error(x, qrc, NSQ_EXIT_INTERNAL, "internal", "counting GPU ops", err);
    if (!ops) {
        char why[512];
        nsq_no_gpu_hint(x, why, sizeof why);
        nsq_error(err, NSQ_EXIT_INPUT, "no_gpu_activity",
                  "the export has no GPU activity (no kernel, memcpy or memset rows)");
        nsq_hint(err, "%s", why);
        return -1;
    }
    return 0;
}

bool nsq_in_window(int64_t s, int64_t e, int64_t ws, int64_t we)
{
    if (e > s)
        return s < we && e > ws;
    return s >= ws && s <= we;
}

/* ---- 2. GPU-op scan ------------------------------------------------------------- */

const char *const nsq_op_kind_names[NSQ_OP_KINDS] = {"kernel", "memcpy", "memset"};

/* copyKind numbering of nsys (the memcpy view's copy_kind_name). */
static const char *const copy_kind_names[] = {
    "unknown", "HtoD", "DtoH", "HtoA", "AtoH",     "AtoA",     "AtoD",
    "DtoA",    "DtoD", "HtoH", "PtoP", "UVM HtoD", "UVM DtoH", "UVM DtoD",
};

typedef struct src {
    int kind;
    bool active;
    int64_t seq;
} src;

typedef struct name_slot {
    char *name; /* owned; NULL for a NULL kernel name */
    int user;
    signed char pass; /* name filter verdict: -1 not yet computed */
} name_slot;

enum { MAP_ORDINAL, MAP_GPU_CUDEVICE, MAP_CUDA_DEVICE };

/* Kept ops, packed: each op's fields as LEB128 varints of their zigzagged
 * differences from the previous op's (wrapping, so every value comes back
 * exact), about 13 bytes an op where an nsq_op takes 104: a capture with a
 * copy every few kernels keeps millions of them. Read back in order, one
 * at a time (head). */
typedef struct opbuf {
    uint8_t *b;
    size_t n, cap, at;  /* bytes, room, read position */
    size_t count, read; /* ops written, ops read */
    nsq_op last_w, head;
    bool has_head;
} opbuf;

#define OPBUF_ROOM (12 * 10 + 1) /* twelve varints and the kind byte */
#define OPBUF_FIELDS(X)                                                                            \
    X(start)                                                                                       \
    X(end)                                                                                         \
    X(gpu)                                                                                         \
    X(pid) X(global_pid) X(device_id) X(stream_id) X(correlation_id) X(seq) X(row_id) X(name_slot) \
        X(name_id)

static inline uint64_t zz64(uint64_t d)
{
    return (d << 1) ^ (uint64_t) - (int64_t)(d >> 63);
}

static inline uint64_t unzz64(uint64_t z)
{
    return (z >> 1) ^ (uint64_t) - (int64_t)(z & 1);
}

static void opbuf_push(opbuf *q, const nsq_op *op)
{
    if (q->cap - q->n < OPBUF_ROOM) {
        q->cap = q->cap ? q->cap * 2 : 4096;
        q->b = xrealloc(q->b, q->cap);
    }
    const nsq_op *p = &q->last_w; /* zeros before the first */
    uint8_t *w = q->b + q->n;
#define PUT(f) w += nsq_uleb_put(w, zz64((uint64_t)(int64_t)op->f - (uint64_t)(int64_t)p->f));
    OPBUF_FIELDS(PUT)
#undef PUT
    *w++ = (uint8_t)(op->kind << 1 | (op->complete ? 1 : 0));
    q->n = (size_t)(w - q->b);
    q->last_w = *op;
    q->count++;
}

/* The next op not yet taken, or NULL. */
static const nsq_op *opbuf_head(opbuf *q)
{
    if (q->has_head)
        return &q->head;
    if (q->read == q->count)
        return NULL;
    /* q->head: the op read last (zeros before the first) */
    nsq_op *o = &q->head;
#define GET(f)                                                                                     \
    o->f =                                                                                         \
        (__typeof__(o->f))(int64_t)((uint64_t)(int64_t)o->f + unzz64(nsq_uleb_get(q->b, &q->at)));
    OPBUF_FIELDS(GET)
#undef GET
    uint8_t t = q->b[q->at++];
    o->kind = t >> 1;
    o->complete = (t & 1) != 0;
    q->has_head = true;
    return &q->head;
}

static void opbuf_take(opbuf *q)
{
    q->has_head = false;
    q->read++;
}

static void opbuf_free(opbuf *q)
{
    free(q->b);
    memset(q, 0, sizeof *q);
}

struct nsq_opscan {
    nsq_export *x;
    nsq_opscan_opts o;
    bool details;         /* stream_id and correlation_id are read */
    const char *name_col; /* the kernel name id expression (a fixed text) */
    bool read_pid;        /* nsq_opscan_run reads global_pid (see skip_pid) */
    bool lean;            /* names, stream and correlation ids left unread */
    src src[NSQ_OP_KINDS];
    sqlite3_stmt *fetch_st[NSQ_OP_KINDS]; /* nsq_opscan_complete(), prepared on first use */
    /* lazy device mapping (devmap.h rules) */
    int map_mode;
    sqlite3_stmt *map_st;
    nsq_pairmap pair_index; /* (pid, device_id) -> index in pairs */
    nsq_op_pair *pairs;
    bool *pair_in_scope;
    int npairs, pairs_cap;
    nsq_op_pair *scoped; /* the pairs seen in scope, in order of first sight */
    int nscoped, capscoped;
    int last_pair;
    /* interned names: (kind * 2 + is_null, id) -> slot */
    nsq_pairmap slot_index;
    int *direct[NSQ_OP_KINDS]; /* id -> slot for small ids, -1 = none */
    int64_t ndirect[NSQ_OP_KINDS];
    name_slot *slots;
    int nslots, slots_cap;
    nsq_strids strs; /* kernel names (set up on first use) */
    bool strs_ready;
    /* per-device order check */
    int64_t *dev_gpu, *dev_last;
    int ndev, dev_cap, last_dev;
    nsq_opscan_stats stats;
    /* in-memory fallback */
    nsq_op *ops;
    size_t nops, ops_cap;
    /* nsq_opscan_run: the passing memcpy and memset ops, read before the
     * kernels and merged into them (owned, packed: opbuf) */
    opbuf cp[NSQ_OP_KINDS];
};

static int scan_sql_error(nsq_opscan *s, int rc, const char *what, nsq_err *err)
{
    return nsq_export_sql_error(s->x, rc, NSQ_EXIT_INTERNAL, "internal", what, err);
}

static int map_init(nsq_opscan *s, nsq_err *err)
{
    const char *sql = NULL;
    enum nsq_dev_identity id = nsq_devmap_identity(s->x);
    if (id == NSQ_ID_CUDA_DEVICE_MAP) {
        int64_t moved = 1;
        s->map_mode = MAP_CUDA_DEVICE;
        sql = "SELECT gpu_id FROM cuda_device WHERE pid = ?1 AND device_id = ?2";
        /* a map that sends every ordinal to itself gives every process's
         * (and an unmapped process's) ordinal d the device d: no pid needed */
        nsq_query_int64(s->x->db,
                        "SELECT count(*) FROM cuda_device WHERE gpu_id IS NOT NULL AND "
                        "gpu_id IS NOT device_id",
                        1, &moved);
        s->read_pid = moved != 0;
    } else if (id == NSQ_ID_GPU_CUDEVICE) {
        s->map_mode = MAP_GPU_CUDEVICE;
        sql = "SELECT gpu_id FROM device WHERE cuda_device = ?2 LIMIT 1";
    } else {
        s->map_mode = MAP_ORDINAL;
        return 0;
    }
    int rc = sqlite3_prepare_v2(s->x->db, sql, -1, &s->map_st, NULL);
    return rc == SQLITE_OK ? 0 : scan_sql_error(s, rc, "device mapping", err);
}

/* The pair index of (pid, device_id), resolving its GPU on first sight. */
static int pair_of(nsq_opscan *s, int64_t pid, int64_t dev, nsq_err *err)
{
    if (s->last_pair >= 0 && s->pairs[s->last_pair].pid == pid &&
        s->pairs[s->last_pair].device_id == dev)
        return s->last_pair;
    int i = nsq_pairmap_get(&s->pair_index, pid, dev);
    if (i < 0) {
        int64_t gpu = dev;
        if (s->map_st) {
            sqlite3_reset(s->map_st);
            sqlite3_bind_int64(s->map_st, 1, pid);
            sqlite3_bind_int64(s->map_st, 2, dev);
            int rc = sqlite3_step(s->map_st);
            if (rc == SQLITE_ROW && sqlite3_column_type(s->map_st, 0) != SQLITE_NULL)
                gpu = sqlite3_column_int64(s->map_st, 0);
            else if (rc != SQLITE_ROW && rc != SQLITE_DONE)
                return scan_sql_error(s, rc, "device mapping", err);
            /* a statement left on a row would keep nsq_opscan_run's function registered */
            sqlite3_reset(s->map_st);
        }
        if (s->npairs == s->pairs_cap) {
            s->pairs_cap = s->pairs_cap ? s->pairs_cap * 2 : 8;
            s->pairs = xrealloc(s->pairs, (size_t)s->pairs_cap * sizeof *s->pairs);
            s->pair_in_scope = xrealloc(s->pair_in_scope, (size_t)s->pairs_cap * sizeof(bool));
        }
        i = s->npairs++;
        s->pairs[i].pid = pid;
        s->pairs[i].device_id = dev;
        s->pairs[i].gpu = gpu;
        s->pair_in_scope[i] = false;
        nsq_pairmap_put(&s->pair_index, pid, dev, i);
    }
    s->last_pair = i;
    return i;
}

#define DIRECT_IDS (1 << 22) /* name ids below this are looked up in an array */

static int64_t g_missing_names;

int64_t nsq_missing_name_ids(void)
{
    return __atomic_load_n(&g_missing_names, __ATOMIC_RELAXED);
}

static int intern(nsq_opscan *s, int kind, bool is_null, int64_t id, nsq_err *err)
{
    int64_t k1 = kind * 2 + (is_null ? 1 : 0);
    bool direct = !is_null && id >= 0 && id < DIRECT_IDS;
    int i;
    if (direct && id < s->ndirect[kind] && s->direct[kind][id] >= 0)
        return s->direct[kind][id];
    i = nsq_pairmap_get(&s->slot_index, k1, id);
    if (i >= 0)
        return i;
    char *name = NULL;
    if (kind == NSQ_OP_KERNEL && !is_null) {
        if (!s->strs_ready) {
            nsq_strids_init(&s->strs, s->x->db);
            s->strs_ready = true;
        }
        const char *v;
        int rc = nsq_strids_get(&s->strs, id, &v);
        if (rc == 1)
            name = xstrdup(v);
        else if (rc < 0)
            return scan_sql_error(s, s->strs.rc, "kernel names", err);
        if (!name) {
            /* an id StringIds lacks: kept apart by its id, never merged with
             * other missing ones into one unnamed row (nsq_missing_name_ids) */
            strbuf sb = STRBUF_INIT;
            sb_addf(&sb, "[name id %lld not in StringIds]", (long long)id);
            name = sb_detach(&sb);
            __atomic_fetch_add(&g_missing_names, 1, __ATOMIC_RELAXED);
        }
    } else if (kind == NSQ_OP_MEMCPY) {
        const char *ck = "unknown";
        if (!is_null && id >= 0 && id < (int64_t)(sizeof copy_kind_names / sizeof *copy_kind_names))
            ck = copy_kind_names[id];
        strbuf sb = STRBUF_INIT;
        sb_addf(&sb, "memcpy %s", ck);
        name = sb_detach(&sb);
    } else if (kind == NSQ_OP_MEMSET) {
        name = xstrdup("memset");
    }
    if (s->nslots == s->slots_cap) {
        s->slots_cap = s->slots_cap ? s->slots_cap * 2 : 64;
        s->slots = xrealloc(s->slots, (size_t)s->slots_cap * sizeof *s->slots);
    }
    i = s->nslots++;
    s->slots[i].name = name;
    s->slots[i].user = -1;
    s->slots[i].pass = -1;
    if (direct) {
        if (id >= s->ndirect[kind]) {
            int64_t n = s->ndirect[kind] ? s->ndirect[kind] : 1024;
            while (n <= id)
                n *= 2;
            s->direct[kind] = xrealloc(s->direct[kind], (size_t)n * sizeof **s->direct);
            for (int64_t k = s->ndirect[kind]; k < n; k++)
                s->direct[kind][k] = -1;
            s->ndirect[kind] = n;
        }
        s->direct[kind][id] = i;
    } else {
        nsq_pairmap_put(&s->slot_index, k1, id, i);
    }
    return i;
}

static int dev_check_order(nsq_opscan *s, int64_t gpu, int64_t start)
{
    if (s->ndev && s->dev_gpu[s->last_dev] == gpu) {
        if (start < s->dev_last[s->last_dev])
            return -1;
        s->dev_last[s->last_dev] = start;
        return 0;
    }
    for (int i = 0; i < s->ndev; i++)
        if (s->dev_gpu[i] == gpu) {
            s->last_dev = i;
            if (start < s->dev_last[i])
                return -1;
            s->dev_last[i] = start;
            return 0;
        }
    if (s->ndev == s->dev_cap) {
        s->dev_cap = s->dev_cap ? s->dev_cap * 2 : 8;
        s->dev_gpu = xrealloc(s->dev_gpu, (size_t)s->dev_cap * sizeof *s->dev_gpu);
        s->dev_last = xrealloc(s->dev_last, (size_t)s->dev_cap * sizeof *s->dev_last);
    }
    s->dev_gpu[s->ndev] = gpu;
    s->dev_last[s->ndev] = start;
    s->last_dev = s->ndev++;
    return 0;
}

int nsq_opscan_open(nsq_opscan **out, nsq_export *x, const nsq_opscan_opts *o, nsq_err *err)
{
    nsq_opscan *s = xcalloc(1, sizeof *s);
    *out = NULL;
    s->x = x;
    s->o = *o;
    s->last_pair = -1;
    if (!s->o.kinds)
        s->o.kinds = NSQ_OPS_ALL;
    const char *col = "short_name_id";
    if (o->kernel_name && !strcmp(o->kernel_name, "demangled"))
        col = "demangled_name_id";
    else if (o->kernel_name && !strcmp(o->kernel_name, "mangled"))
        col = "mangled_name_id";
    else if (o->kernel_name && !strcmp(o->kernel_name, "demangled_or_short"))
        col = "coalesce(demangled_name_id, short_name_id)";
    s->name_col = col;
    const nsq_filter *f = o->filter;
    bool names_needed = o->name_filter && f && (f->name || f->exclude);
    /* a lean scan finds an op's details again by row_id: every source table
     * present must have one */
    bool row_ids = true;
    static const char *const tables[] = {"CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY",
                                         "CUPTI_ACTIVITY_KIND_MEMSET"};
    for (int i = 0; i < 3; i++) {
        const nsq_table *t = nsq_probe_table(&x->probe, tables[i]);
        row_ids &= !t || t->rowid;
    }
    s->lean = o->lean && row_ids && !names_needed && !(f && f->has_stream);
    s->details = !s->lean && (o->details || (f && f->has_stream));
    if (map_init(s, err)) {
        nsq_opscan_close(s);
        return -1;
    }
    /* map_init set read_pid when the device identity depends on the pid */
    s->read_pid = s->read_pid || !o->skip_pid || (f && f->has_pid);
    for (int k = 0; k < NSQ_OP_KINDS; k++) {
        s->src[k].kind = k;
        s->src[k].active = (s->o.kinds >> k) & 1;
    }
    *out = s;
    return 0;
}

/* The per-row rules of the scan: bad rows, the span,
 * the scope filters, the window, the name. The values are those of one row
 * of kind `kind`, numbered `seq`; a NULL start or end arrives as an
 * impossible pair (end < start), a NULL name id as a negative one. Returns
 * 1 with *op filled when the op passes, 0 when it does not, -1 on error. */
static inline int row_in(nsq_opscan *s, int kind, int64_t seq, int64_t start, int64_t end,
                         int64_t gpid, int64_t dev, int64_t row_id, int64_t nid, int64_t stream,
                         int64_t corr, nsq_op *op, nsq_err *err)
{
    const nsq_filter *f = s->o.filter;
    s->stats.rows[kind]++;
    if (end < start) {
        s->stats.bad_rows[kind]++;
        return 0;
    }
    /* the span of --window all: every valid row, before any filter */
    if (!s->stats.has_span || start < s->stats.min_start)
        s->stats.min_start = start;
    if (!s->stats.has_span || end > s->stats.max_end)
        s->stats.max_end = end;
    s->stats.has_span = true;
    op->start = start;
    op->end = end;
    op->kind = kind;
    op->seq = seq;
    op->global_pid = gpid;
    op->pid = (gpid >> 24) & 16777215;
    op->device_id = dev;
    op->stream_id = stream;
    op->correlation_id = corr;
    op->row_id = row_id;
    op->name_id = nid;
    op->complete = s->details;
    int p = s->last_pair;
    if (p < 0 || s->pairs[p].pid != op->pid || s->pairs[p].device_id != dev) {
        p = pair_of(s, op->pid, dev, err);
        if (p < 0)
            return -1;
    }
    op->gpu = s->pairs[p].gpu;
    if (f && ((f->has_device && op->gpu != f->device) || (f->has_pid && op->pid != f->pid) ||
              (f->has_stream && stream != f->stream)))
        return 0;
    if (!s->pair_in_scope[p]) {
        s->pair_in_scope[p] = true;
        NSQ_GROW(s->scoped, s->nscoped + 1, s->capscoped);
        s->scoped[s->nscoped++] = s->pairs[p];
    }
    if (s->o.has_window && !nsq_in_window(start, end, s->o.win_start, s->o.win_end))
        return 0;
    if (s->lean) {
        op->name_slot = -1;
        return 1;
    }
    int sl;
    if (nid >= 0 && nid < s->ndirect[kind] && s->direct[kind][nid] >= 0)
        sl = s->direct[kind][nid]; /* intern()'s fast path */
    else if ((sl = intern(s, kind, nid < 0, nid < 0 ? 0 : nid, err)) < 0)
        return -1;
    op->name_slot = sl;
    if (s->o.name_filter && f && (f->name || f->exclude)) {
        name_slot *z = &s->slots[sl];
        if (z->pass < 0)
            z->pass = nsq_filter_name(f, z->name, z->name ? strlen(z->name) : 0) ? 1 : 0;
        if (!z->pass)
            return 0;
    }
    return 1;
}

static int op_cmp(const void *a, const void *b)
{
    const nsq_op *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if (x->kind != y->kind)
        return x->kind - y->kind;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

/* ---- the scan: the rows read inside SQLite ---- */

/* nsq_opscan_run reads each view through an aggregate function registered on
 * the export's connection for the length of the scan: its step receives the
 * row's values directly, with no sqlite3_step() and sqlite3_column_*() call
 * per row (each takes the connection's mutex). The memcpy and memset views
 * are read first into memory (s->cp, packed); the kernel view then streams, the
 * copies merged in as they come due. The ops reach the sink in exactly the
 * order of their start (per device; see intervals.h). */
/* The second pass when the rows were not in start order: the ops go through a buffer of REORDER_OPS
 * that hands them on in the order the in-memory sort would (start, kind, table position): the ops
 * that come in that order wait in a ring, the few that come early in a heap, and the least of the
 * two heads leaves once the buffer is full. An op below one already handed on means the rows are
 * further out of order than the buffer holds: then the whole sort (a third pass). */
#define REORDER_OPS 4096

typedef struct reorder {
    nsq_op *ring; /* REORDER_OPS slots: the in-order ops, oldest at head */
    int head, n;
    nsq_op *heap; /* the early ones, least first (at most REORDER_OPS) */
    int nheap;
    nsq_op last; /* the last handed on */
    bool any;
} reorder;

typedef struct runfn {
    nsq_opscan *s;
    int kind;
    bool stream;  /* deliver the ops to the sink (else keep them) */
    bool collect; /* keep them in s->ops (the fallback), else in s->cp[kind] */
    nsq_op_sink sink;
    void *ctx;
    nsq_err *err;
    int failed;  /* 1 error (in err), 2 out of start order (fall back), 3 too far out of order */
    reorder *ro; /* the reordering pass: delivered ops go through it */
    /* while the kernels stream: the start of the first kept copy not yet
     * emitted (INT64_MAX: none), so that a kernel with no copy before it
     * looks no further */
    int64_t next_cp;
} runfn;

static void ops_push(nsq_op **v, size_t *n, size_t *cap, const nsq_op *op)
{
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 4096;
        *v = xrealloc(*v, *cap * sizeof **v);
    }
    (*v)[(*n)++] = *op;
}

/* Hands one op of the reordering pass to the sink (no order check: the
 * ops leave the buffer in order). Returns 0, or sets fn->failed. */
static int ro_deliver(runfn *fn, const nsq_op *op)
{
    nsq_opscan *s = fn->s;
    s->stats.returned[op->kind]++;
    s->stats.zero_length[op->kind] += op->end == op->start;
    fn->ro->last = *op;
    fn->ro->any = true;
    if (fn->sink(fn->ctx, op, fn->err)) {
        fn->failed = 1;
        return -1;
    }
    return 0;
}

static void ro_sift_down(reorder *r, int i)
{
    nsq_op x = r->heap[i];
    for (;;) {
        int l = 2 * i + 1;
        if (l >= r->nheap)
            break;
        int m = l + 1 < r->nheap && op_cmp(&r->heap[l + 1], &r->heap[l]) < 0 ? l + 1 : l;
        if (op_cmp(&r->heap[m], &x) >= 0)
            break;
        r->heap[i] = r->heap[m];
        i = m;
    }
    r->heap[i] = x;
}

/* Hands on the least op in the buffer. */
static int ro_pop(runfn *fn)
{
    reorder *r = fn->ro;
    const nsq_op *q = r->n ? &r->ring[r->head] : NULL;
    if (r->nheap && (!q || op_cmp(&r->heap[0], q) < 0)) {
        nsq_op op = r->heap[0];
        r->heap[0] = r->heap[--r->nheap];
        if (r->nheap)
            ro_sift_down(r, 0);
        return ro_deliver(fn, &op);
    }
    nsq_op op = *q;
    r->head = (r->head + 1) % REORDER_OPS;
    r->n--;
    return ro_deliver(fn, &op);
}

/* Takes one op into the buffer (handing on the least when it is full). */
static int ro_push(runfn *fn, const nsq_op *op)
{
    reorder *r = fn->ro;
    if (r->n + r->nheap == REORDER_OPS && ro_pop(fn))
        return -1;
    /* (after the pop: the op must not be below the one just handed on) */
    if (r->any && op_cmp(op, &r->last) < 0) {
        fn->failed = 3; /* further out of order than the buffer holds */
        return -1;
    }
    if (!r->n || op_cmp(op, &r->ring[(r->head + r->n - 1) % REORDER_OPS]) >= 0) {
        r->ring[(r->head + r->n) % REORDER_OPS] = *op;
        r->n++;
        return 0;
    }
    int i = r->nheap++;
    while (i > 0 && op_cmp(op, &r->heap[(i - 1) / 2]) < 0) {
        r->heap[i] = r->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    r->heap[i] = *op;
    return 0;
}

/* Hands one op to the sink, checking the per-device start order. Returns 0,
 * or sets fn->failed. */
static inline int emit(runfn *fn, const nsq_op *op)
{
    nsq_opscan *s = fn->s;
    if (fn->ro)
        return ro_push(fn, op);
    if (dev_check_order(s, op->gpu, op->start)) {
        fn->failed = 2;
        return -1;
    }
    s->stats.returned[op->kind]++;
    s->stats.zero_length[op->kind] += op->end == op->start;
    if (fn->sink(fn->ctx, op, fn->err)) {
        fn->failed = 1;
        return -1;
    }
    return 0;
}

/* The next kept copy op (memcpy before memset on equal starts), or NULL. */
static inline const nsq_op *copy_head(nsq_opscan *s)
{
    const nsq_op *a = opbuf_head(&s->cp[NSQ_OP_MEMCPY]);
    const nsq_op *b = opbuf_head(&s->cp[NSQ_OP_MEMSET]);
    if (!a)
        return b;
    if (!b)
        return a;
    return b->start < a->start ? b : a;
}

/* Emits the kept copies that start before t (all of them when t is NULL);
 * fn->next_cp is then the start of the first one left. */
static int emit_copies(runfn *fn, const int64_t *t)
{
    nsq_opscan *s = fn->s;
    const nsq_op *c;
    while ((c = copy_head(s)) && (!t || c->start < *t)) {
        nsq_op op = *c;
        opbuf_take(&s->cp[op.kind]);
        if (emit(fn, &op))
            return -1;
    }
    fn->next_cp = c ? c->start : INT64_MAX;
    return 0;
}

static int run_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    runfn *fn = ctx;
    nsq_opscan *s = fn->s;
    src *r = &s->src[fn->kind];
    nsq_op op;
    (void)err; /* fn->err is the same */
    r->seq++;
    /* a NULL start or end makes an impossible pair: a bad row; a NULL name
     * id reads -1 */
    int64_t start = (nulls & 1u) ? INT64_MAX : v[0];
    int64_t end = (nulls & 2u) ? -INT64_MAX : v[1];
    int64_t nid = s->lean ? 0 : (nulls & 32u) ? -1 : v[5];
    int d = s->lean ? 5 : 6; /* stream_id, correlation_id */
    int p = row_in(s, fn->kind, r->seq, start, end, v[2], v[3], v[4], nid, s->details ? v[d] : 0,
                   s->details ? v[d + 1] : 0, &op, fn->err);
    if (p < 0) {
        fn->failed = 1;
    } else if (p > 0) {
        if (fn->collect)
            ops_push(&s->ops, &s->nops, &s->ops_cap, &op);
        else if (!fn->stream)
            opbuf_push(&s->cp[fn->kind], &op);
        else if (op.start <= fn->next_cp || !emit_copies(fn, &op.start))
            emit(fn, &op);
    }
    return fn->failed ? -1 : 0;
}

/* One pass over the view of kind k (nsq_parscan: several connections read,
 * the rows arrive here in table order). Returns 0, or -1 with fn->failed set
 * (2: out of order, err untouched). */
static int run_view(runfn *fn, int k)
{
    static const char *const views[NSQ_OP_KINDS] = {"kernel", "memcpy", "memset"};
    nsq_opscan *s = fn->s;
    strbuf q = STRBUF_INIT;
    fn->kind = k;
    s->src[k].seq = 0;
    /* every column read costs time at 10^7 rows: stream_id and correlation_id
     * only when needed; the texts are fixed in this file, never user input */
    sb_addf(&q, "start_ns, end_ns, %s, device_id, row_id", s->read_pid ? "global_pid" : "NULL");
    if (!s->lean)
        sb_addf(&q, ", %s",
                k == NSQ_OP_KERNEL   ? s->name_col
                : k == NSQ_OP_MEMCPY ? "copy_kind"
                                     : "NULL");
    if (s->details)
        sb_addstr(&q, ", stream_id, correlation_id");
    int ncols = 5 + !s->lean + 2 * s->details;
    nsq_parscan_req req = {.view = views[k], .cols = q.buf, .ncols = ncols, .what = "GPU op scan"};
    int rc = nsq_parscan(s->x, &req, run_row, fn, fn->err);
    sb_release(&q);
    if (rc && !fn->failed)
        fn->failed = 1; /* an SQL error: err set by nsq_parscan */
    return rc ? -1 : 0;
}

/* The streaming pass (ro NULL) or the reordering one: copies first, kept;
 * then the kernels, merged. */
static int run_merged(runfn *fn)
{
    nsq_opscan *s = fn->s;
    for (int k = NSQ_OP_MEMCPY; k < NSQ_OP_KINDS; k++)
        if (s->src[k].active && run_view(fn, k))
            return -1;
    fn->stream = true;
    const nsq_op *c = copy_head(s);
    fn->next_cp = c ? c->start : INT64_MAX;
    if (s->src[NSQ_OP_KERNEL].active && run_view(fn, NSQ_OP_KERNEL))
        return -1;
    if (emit_copies(fn, NULL))
        return -1;
    while (fn->ro && fn->ro->n + fn->ro->nheap)
        if (ro_pop(fn))
            return -1;
    return 0;
}

int nsq_opscan_run(nsq_opscan *s, nsq_op_sink sink, void *ctx, nsq_err *err)
{
    runfn fn = {s, 0, false, false, sink, ctx, err, 0, NULL, INT64_MAX};
    if (!run_merged(&fn))
        return 0;
    if (fn.failed != 2)
        return -1;
    /* the rows were not in start order: start over, the ops through the
     * reordering buffer (captures with a few rows out of order: the same
     * order as the sort below, in the memory of the buffer) */
    if (sink(ctx, NULL, err))
        return -1;
    memset(&s->stats, 0, sizeof s->stats);
    s->stats.sorted_in_memory = true;
    for (int k = 0; k < NSQ_OP_KINDS; k++)
        opbuf_free(&s->cp[k]);
    reorder ro;
    memset(&ro, 0, sizeof ro);
    ro.ring = xmalloc(sizeof *ro.ring * REORDER_OPS);
    ro.heap = xmalloc(sizeof *ro.heap * REORDER_OPS);
    fn = (runfn){s, 0, false, false, sink, ctx, err, 0, &ro, INT64_MAX};
    int rc = run_merged(&fn);
    free(ro.ring);
    free(ro.heap);
    for (int k = 0; k < NSQ_OP_KINDS; k++)
        opbuf_free(&s->cp[k]);
    if (!rc)
        return 0;
    if (fn.failed != 3)
        return -1;
    /* further out of order: start over again, keep every passing op, sort
     * them, replay */
    if (sink(ctx, NULL, err))
        return -1;
    memset(&s->stats, 0, sizeof s->stats);
    s->stats.sorted_in_memory = true;
    fn = (runfn){s, 0, false, false, sink, ctx, err, 0, NULL, INT64_MAX};
    fn.collect = true;
    for (int k = 0; k < NSQ_OP_KINDS; k++)
        if (s->src[k].active && run_view(&fn, k))
            return -1;
    xsort(s->ops, s->nops, sizeof *s->ops, op_cmp);
    for (size_t i = 0; i < s->nops; i++) {
        const nsq_op *op = &s->ops[i];
        s->stats.returned[op->kind]++;
        s->stats.zero_length[op->kind] += op->end == op->start;
        if (sink(ctx, op, err))
            return -1;
    }
    return 0;
}

int nsq_opscan_complete(nsq_opscan *s, nsq_op *op, nsq_err *err)
{
    static const char *const sql[NSQ_OP_KINDS] = {
        "SELECT global_pid, %s, stream_id, correlation_id FROM kernel WHERE row_id = ?1",
        "SELECT global_pid, copy_kind, stream_id, correlation_id FROM memcpy WHERE row_id = ?1",
        "SELECT global_pid, NULL, stream_id, correlation_id FROM memset WHERE row_id = ?1",
    };
    if (op->complete)
        return 0;
    int k = op->kind;
    sqlite3_stmt **st = &s->fetch_st[k];
    if (!*st) {
        strbuf q = STRBUF_INIT;
        sb_addf(&q, sql[k], s->name_col); /* fixed texts of this file */
        int rc = sqlite3_prepare_v2(s->x->db, q.buf, -1, st, NULL);
        sb_release(&q);
        if (rc != SQLITE_OK)
            return scan_sql_error(s, rc, "GPU op details", err);
    }
    sqlite3_reset(*st);
    sqlite3_bind_int64(*st, 1, op->row_id);
    int rc = sqlite3_step(*st);
    if (rc != SQLITE_ROW) {
        sqlite3_reset(*st);
        if (rc == SQLITE_DONE)
            return nsq_error(err, NSQ_EXIT_INTERNAL, "internal",
                             "GPU op details: %s row %lld vanished", nsq_op_kind_names[k],
                             (long long)op->row_id);
        return scan_sql_error(s, rc, "GPU op details", err);
    }
    bool nid_null = sqlite3_column_type(*st, 1) == SQLITE_NULL;
    int64_t nid = sqlite3_column_int64(*st, 1);
    op->global_pid = sqlite3_column_int64(*st, 0);
    op->pid = (op->global_pid >> 24) & 16777215;
    op->stream_id = sqlite3_column_int64(*st, 2);
    op->correlation_id = sqlite3_column_int64(*st, 3);
    sqlite3_reset(*st);
    if (op->name_slot < 0) {
        int sl = intern(s, k, nid_null, nid_null ? 0 : nid, err);
        if (sl < 0)
            return -1;
        op->name_slot = sl;
    }
    op->complete = true;
    return 0;
}

const char *nsq_opscan_name(const nsq_opscan *s, int slot)
{
    return slot >= 0 && slot < s->nslots ? s->slots[slot].name : NULL;
}

int nsq_opscan_nslots(const nsq_opscan *s)
{
    return s->nslots;
}

int *nsq_opscan_slot_user(nsq_opscan *s, int slot)
{
    return &s->slots[slot].user;
}

const nsq_opscan_stats *nsq_opscan_stats_of(const nsq_opscan *s)
{
    return &s->stats;
}

const char *nsq_opscan_identity(const nsq_opscan *s)
{
    return s->map_mode == MAP_CUDA_DEVICE    ? "cuda_device_map"
           : s->map_mode == MAP_GPU_CUDEVICE ? "gpu_cudevice"
                                             : "cuda_ordinal";
}

const nsq_op_pair *nsq_opscan_pairs(const nsq_opscan *s, int *n)
{
    *n = s->nscoped;
    return s->scoped;
}

void nsq_opscan_close(nsq_opscan *s)
{
    if (!s)
        return;
    for (int k = 0; k < NSQ_OP_KINDS; k++)
        sqlite3_finalize(s->fetch_st[k]);
    sqlite3_finalize(s->map_st);
    nsq_strids_release(&s->strs);
    nsq_pairmap_release(&s->pair_index);
    nsq_pairmap_release(&s->slot_index);
    for (int k = 0; k < NSQ_OP_KINDS; k++)
        free(s->direct[k]);
    for (int i = 0; i < s->nslots; i++)
        free(s->slots[i].name);
    free(s->slots);
    free(s->pairs);
    free(s->pair_in_scope);
    free(s->scoped);
    free(s->dev_gpu);
    free(s->dev_last);
    free(s->ops);
    for (int k = 0; k < NSQ_OP_KINDS; k++)
        opbuf_free(&s->cp[k]);
    free(s);
}

/* ---- 3. per-device interval sets --------------------------------------------------- */

typedef struct devbuf {
    int64_t gpu;
    nsq_ivl *v;
    size_t n, cap;
} devbuf;

static int cmp_dev(const void *a, const void *b)
{
    const nsq_devivl *x = a, *y = b;
    return (x->gpu > y->gpu) - (x->gpu < y->gpu);
}

typedef struct ivl_acc {
    devbuf *d;
    int nd, capd;
    bool clip;
    int64_t lo, hi;
} ivl_acc;

static int ivl_op(void *ctx, const nsq_op *op, nsq_err *err)
{
    ivl_acc *a = ctx;
    (void)err;
    if (!op) { /* start over: the rows come again, sorted */
        for (int i = 0; i < a->nd; i++)
            a->d[i].n = 0;
        return 0;
    }
    int64_t s = op->start, e = op->end;
    if (a->clip) {
        s = s < a->lo ? a->lo : s;
        e = e > a->hi ? a->hi : e;
    }
    if (e <= s)
        return 0;
    devbuf *t = NULL;
    for (int i = 0; i < a->nd && !t; i++)
        if (a->d[i].gpu == op->gpu)
            t = &a->d[i];
    if (!t) {
        NSQ_GROW(a->d, a->nd + 1, a->capd);
        t = &a->d[a->nd++];
        memset(t, 0, sizeof *t);
        t->gpu = op->gpu;
    }
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 1024;
        t->v = xrealloc(t->v, t->cap * sizeof *t->v);
    }
    t->v[t->n].start = s;
    t->v[t->n].end = e;
    t->n++;
    return 0;
}

int nsq_ivl_load(nsq_ivlset *out, nsq_export *x, const nsq_ivl_load_opts *o, nsq_err *err)
{
    nsq_opscan *s = NULL;
    nsq_opscan_opts so = {0};
    ivl_acc a = {NULL, 0, 0, false, 0, 0};
    memset(out, 0, sizeof *out);
    so.kinds = o->kinds;
    so.filter = o->filter;
    so.name_filter = o->name_filter;
    so.lean = true;
    if (o->window && strcmp(o->window->kind, "all")) {
        so.has_window = true;
        so.win_start = a.lo = o->window->start_ns;
        so.win_end = a.hi = o->window->end_ns;
        a.clip = o->clip;
    }
    if (nsq_opscan_open(&s, x, &so, err))
        return -1;
    if (nsq_opscan_run(s, ivl_op, &a, err)) {
        for (int i = 0; i < a.nd; i++)
            free(a.d[i].v);
        free(a.d);
        nsq_opscan_close(s);
        return -1;
    }
    out->dev = xcalloc((size_t)a.nd + 1, sizeof *out->dev);
    out->ndev = a.nd;
    for (int i = 0; i < a.nd; i++) {
        out->dev[i].gpu = a.d[i].gpu;
        out->dev[i].v = a.d[i].v;
        out->dev[i].n = o->merge ? nsq_ivl_union(a.d[i].v, a.d[i].n) : a.d[i].n;
    }
    xsort(out->dev, (size_t)a.nd, sizeof *out->dev, cmp_dev);
    out->identity = nsq_opscan_identity(s);
    out->stats = *nsq_opscan_stats_of(s);
    free(a.d);
    nsq_opscan_close(s);
    return 0;
}

void nsq_ivlset_release(nsq_ivlset *s)
{
    for (int i = 0; i < s->ndev; i++)
        free(s->dev[i].v);
    free(s->dev);
    memset(s, 0, sizeof *s);
}
