#include "nsysql/analysis/trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <zlib.h>

#include "nsysql/export/devmap.h"
#include "nsysql/analysis/intervals.h"
#include "nsysql/util/strbuf.h"
#include "nsysql/util/outfile.h"
#include "nsysql/version.h"
#include "nsysql/util/grow.h"

const char *const nsq_trace_kind_names[TR_KINDS] = {
    "kernel", "memcpy", "memset", "api", "nvtx_range", "nvtx_async", "nvtx_mark", "osrt",
    "profiler_overhead", "flow", "counter", "metadata"};

/* ---- the writer ------------------------------------------------------------ */

typedef struct tw {
    FILE *f;
    gzFile gz;
    strbuf b;
    nsq_trace_result *r;
    int64_t max;
    bool first, failed;
    int err_no; /* errno of the first failed write */
} tw;

static void tw_flush(tw *w)
{
    if (!w->b.len || w->failed)
        return;
    if (w->gz) {
        if (gzwrite(w->gz, w->b.buf, (unsigned)w->b.len) != (int)w->b.len)
            w->failed = true, w->err_no = errno;
    } else if (fwrite(w->b.buf, 1, w->b.len, w->f) != w->b.len) {
        w->failed = true, w->err_no = errno;
    }
    w->r->bytes += (int64_t)w->b.len;
    w->b.len = 0;
    w->b.buf[0] = '\0';
}

/* Opens an event of `kind`: false when the trace is full (--max-events). */
static bool ev(tw *w, int kind)
{
    if (kind != TR_METADATA && w->max > 0 && w->r->total_events - w->r->events[TR_METADATA] >= w->max) {
        w->r->truncated = true;
        return false;
    }
    if (!w->first)
        sb_add(&w->b, ",\n", 2);
    w->first = false;
    w->r->events[kind]++;
    w->r->total_events++;
    if (w->b.len >= 1 << 16)
        tw_flush(w);
    return true;
}

/* Number formatting without printf: a trace is mostly numbers. */
static void lit(strbuf *b, const char *s)
{
    sb_add(b, s, strlen(s));
}

static void add_u(strbuf *b, uint64_t a)
{
    char t[24];
    int n = 0;
    do {
        t[n++] = (char)('0' + a % 10);
        a /= 10;
    } while (a);
    sb_grow(b, (size_t)n);
    while (n)
        b->buf[b->len++] = t[--n];
    b->buf[b->len] = '\0';
}

static void add_i(strbuf *b, int64_t v)
{
    if (v < 0) {
        sb_addch(b, '-');
        add_u(b, (uint64_t)0 - (uint64_t)v);
    } else {
        add_u(b, (uint64_t)v);
    }
}

/* Microseconds with the nanosecond digits: 1234567 ns -> 1234.567 */
static void us(strbuf *b, int64_t ns)
{
    uint64_t a = ns < 0 ? (uint64_t)0 - (uint64_t)ns : (uint64_t)ns;
    if (ns < 0)
        sb_addch(b, '-');
    add_u(b, a / 1000);
    unsigned f = (unsigned)(a % 1000);
    char t[4] = {'.', (char)('0' + f / 100), (char)('0' + f / 10 % 10), (char)('0' + f % 10)};
    sb_add(b, t, 4);
}

/* A JSON string; plain printable ASCII (most names) is copied as is. */
static void str(strbuf *b, const char *s)
{
    if (!s) {
        lit(b, "null");
        return;
    }
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++, n++)
        if (*p < 0x20 || *p >= 0x80 || *p == '"' || *p == '\\') {
            json_escape(b, s, strlen(s));
            return;
        }
    sb_grow(b, n + 2);
    b->buf[b->len++] = '"';
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len++] = '"';
    b->buf[b->len] = '\0';
}

/* {"name":..,"cat":..,"ph":..,"ts":..,"pid":..,"tid":.. (no closing brace) */
static void head(tw *w, const char *name, const char *cat, const char *ph, int64_t ts, int64_t pid,
                 int64_t tid)
{
    lit(&w->b, "{\"name\":");
    str(&w->b, name ? name : "(unnamed)");
    lit(&w->b, ",\"cat\":");
    str(&w->b, cat);
    lit(&w->b, ",\"ph\":\"");
    lit(&w->b, ph);
    lit(&w->b, "\",\"ts\":");
    us(&w->b, ts);
    lit(&w->b, ",\"pid\":");
    add_i(&w->b, pid);
    lit(&w->b, ",\"tid\":");
    add_i(&w->b, tid);
}

static void dur(tw *w, int64_t d)
{
    lit(&w->b, ",\"dur\":");
    us(&w->b, d);
}

/* ---- keys: (process, correlation id) ---------------------------------------- */

typedef struct keys {
    uint64_t *v;
    size_t n, cap;
} keys;

static uint64_t key_of(int64_t pid, int64_t corr)
{
    return ((uint64_t)pid << 32) ^ (uint64_t)(uint32_t)corr;
}

static void keys_add(keys *k, uint64_t x)
{
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 4096;
        k->v = xrealloc(k->v, sizeof *k->v * k->cap);
    }
    k->v[k->n++] = x;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void keys_sort_unique(keys *k)
{
    if (!k->n)
        return;
    qsort(k->v, k->n, sizeof *k->v, cmp_u64);
    size_t o = 1;
    for (size_t i = 1; i < k->n; i++)
        if (k->v[i] != k->v[o - 1])
            k->v[o++] = k->v[i];
    k->n = o;
}

static long keys_find(const keys *k, uint64_t x)
{
    size_t lo = 0, hi = k->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (k->v[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < k->n && k->v[lo] == x ? (long)lo : -1;
}

/* A flow id JavaScript can hold exactly (below 2^53). */
static int64_t flow_id(uint64_t key)
{
    return (int64_t)(key & ((1ULL << 53) - 1));
}

/* ---- GPU busy bins --------------------------------------------------------- */

typedef struct dev {
    int64_t gpu;
    bool open;
    int64_t s, e; /* the island being built */
    double *bins; /* busy ns per bin */
    int64_t *streams;
    int nstreams, capstreams;
} dev;

typedef struct tstate {
    nsq_export *x;
    const nsq_trace_opts *o;
    tw w;
    bool win;
    int64_t ws, we;   /* the window (all: the GPU span) */
    int64_t bin_ns;
    dev *d;
    int nd, capd;
    keys gpu_keys, api_keys, flows;
    unsigned char *flow_used;
    nsq_devmap map;
    keys cpu_threads; /* (pid << 32 | tid) seen */
} tstate;

static dev *dev_of(tstate *t, int64_t gpu)
{
    for (int i = 0; i < t->nd; i++)
        if (t->d[i].gpu == gpu)
            return &t->d[i];
    NSQ_GROW(t->d, t->nd + 1, t->capd);
    dev *d = &t->d[t->nd++];
    memset(d, 0, sizeof *d);
    d->gpu = gpu;
    d->bins = xcalloc(NSQ_TRACE_BINS, sizeof *d->bins);
    return d;
}

static void add_stream(dev *d, int64_t stream)
{
    for (int i = 0; i < d->nstreams; i++)
        if (d->streams[i] == stream)
            return;
    NSQ_GROW(d->streams, d->nstreams + 1, d->capstreams);
    d->streams[d->nstreams++] = stream;
}

static void island_to_bins(tstate *t, dev *d, int64_t s, int64_t e)
{
    if (s < t->ws)
        s = t->ws;
    if (e > t->we)
        e = t->we;
    while (s < e) {
        int64_t b = (s - t->ws) / t->bin_ns;
        if (b >= NSQ_TRACE_BINS)
            break;
        int64_t off, bend; /* the last bin ends at the window's end (spans near 2^63) */
        if (b + 1 >= NSQ_TRACE_BINS || __builtin_mul_overflow(b + 1, t->bin_ns, &off) ||
            __builtin_add_overflow(t->ws, off, &bend) || bend > t->we)
            bend = t->we;
        int64_t x = e < bend ? e : bend;
        d->bins[b] += (double)(x - s);
        s = x;
    }
}

static bool in_window(const tstate *t, int64_t s, int64_t e)
{
    return !t->win || nsq_in_window(s, e, t->ws, t->we);
}

static int pass_ops(void *ctx, const nsq_op *op, nsq_err *err)
{
    tstate *t = ctx;
    (void)err;
    if (!op) { /* rows out of order: everything again, sorted */
        for (int i = 0; i < t->nd; i++) {
            memset(t->d[i].bins, 0, NSQ_TRACE_BINS * sizeof *t->d[i].bins);
            t->d[i].open = false;
        }
        t->gpu_keys.n = 0;
        return 0;
    }
    dev *d = dev_of(t, op->gpu);
    add_stream(d, op->stream_id);
    if (op->correlation_id)
        keys_add(&t->gpu_keys, key_of(op->pid, op->correlation_id));
    if (op->end <= op->start)
        return 0;
    if (d->open && op->start <= d->e) {
        if (op->end > d->e)
            d->e = op->end;
    } else {
        if (d->open)
            island_to_bins(t, d, d->s, d->e);
        d->open = true;
        d->s = op->start;
        d->e = op->end;
    }
    return 0;
}

/* ---- passes that write events --------------------------------------------- */

static int sql_error(tstate *t, int rc, const char *what, nsq_err *err)
{
    return nsq_export_sql_error(t->x, rc, NSQ_EXIT_INTERNAL, "internal", what, err);
}

static bool pass_filter(const tstate *t, int64_t pid)
{
    return !t->o->filter || !t->o->filter->has_pid || t->o->filter->pid == pid;
}

static void flow_end(tstate *t, int64_t pid, int64_t corr, int64_t ts, int64_t gpid, int64_t tid)
{
    if (!corr)
        return;
    long i = keys_find(&t->flows, key_of(pid, corr));
    if (i < 0 || t->flow_used[i] & 1)
        return;
    if (!ev(&t->w, TR_FLOW))
        return;
    t->flow_used[i] |= 1;
    head(&t->w, "launch", "flow", "f", ts, gpid, tid);
    lit(&t->w.b, ",\"bp\":\"e\",\"id\":");
    add_i(&t->w.b, flow_id(key_of(pid, corr)));
    sb_addch(&t->w.b, '}');
}

/* The valid-row rule of every scan (NSQ_SQL_VALID_ROW): a time is an
 * INTEGER strictly inside +-2^62; a BLOB, REAL, TEXT or NULL, or a value
 * beyond, makes the row bad (counted in bad_rows), never a time of 0. */
static bool time_ok(sqlite3_stmt *st, int col)
{
    if (sqlite3_column_type(st, col) != SQLITE_INTEGER)
        return false;
    int64_t v = sqlite3_column_int64(st, col);
    return v > -NSQ_VALUE_LIMIT && v < NSQ_VALUE_LIMIT;
}

static bool times_ok(sqlite3_stmt *st)
{
    return time_ok(st, 0) && time_ok(st, 1) && sqlite3_column_int64(st, 1) >= sqlite3_column_int64(st, 0);
}

static int write_gpu_ops(tstate *t, nsq_err *err)
{
    static const char *const sql[3] = {
        "SELECT start_ns, end_ns, pid, device_id, stream_id, correlation_id, "
        "COALESCE(demangled_name, short_name), grid_x, grid_y, grid_z, block_x, block_y, block_z, "
        "registers_per_thread, static_shared_bytes, dynamic_shared_bytes, short_name FROM kernel",
        "SELECT start_ns, end_ns, pid, device_id, stream_id, correlation_id, "
        "'memcpy ' || COALESCE(copy_kind_name, 'unknown'), bytes, copy_kind_name, src_kind, dst_kind "
        "FROM memcpy",
        "SELECT start_ns, end_ns, pid, device_id, stream_id, correlation_id, 'memset', bytes FROM memset"};
    static const char *const cat[3] = {"kernel", "gpu_memcpy", "gpu_memset"};
    const nsq_filter *f = t->o->filter;
    for (int k = 0; k < 3; k++) {
        sqlite3_stmt *st = NULL;
        int rc = sqlite3_prepare_v2(t->x->db, sql[k], -1, &st, NULL);
        if (rc != SQLITE_OK)
            return sql_error(t, rc, "trace: GPU ops", err);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            int64_t s = sqlite3_column_int64(st, 0), e = sqlite3_column_int64(st, 1);
            int64_t pid = sqlite3_column_int64(st, 2), devid = sqlite3_column_int64(st, 3);
            int64_t stream = sqlite3_column_int64(st, 4), corr = sqlite3_column_int64(st, 5);
            if (!times_ok(st)) {
                t->w.r->bad_rows++;
                continue;
            }
            int64_t gpu = nsq_devmap_gpu(&t->map, pid, devid);
            if (!in_window(t, s, e) || (f && f->has_device && f->device != gpu) || !pass_filter(t, pid) ||
                (f && f->has_stream && f->stream != stream))
                continue;
            if (!ev(&t->w, k))
                break;
            int64_t gpid = NSQ_TRACE_GPU_PID + gpu;
            head(&t->w, (const char *)sqlite3_column_text(st, 6), cat[k], "X", s, gpid, stream);
            dur(&t->w, e - s);
            strbuf *b = &t->w.b;
            lit(b, ",\"args\":{\"process\":");
            add_i(b, pid);
            lit(b, ",\"device\":");
            add_i(b, devid);
            lit(b, ",\"stream\":");
            add_i(b, stream);
            lit(b, ",\"correlation\":");
            add_i(b, corr);
            if (k == 0) {
                static const char *const keys_k[9] = {
                    ",\"grid\":[", ",", ",", "],\"block\":[", ",", ",", "],\"registers_per_thread\":",
                    ",\"static_shared_bytes\":", ",\"dynamic_shared_bytes\":"};
                for (int c = 0; c < 9; c++) {
                    lit(b, keys_k[c]);
                    add_i(b, sqlite3_column_int64(st, 7 + c));
                }
                lit(b, ",\"short_name\":");
                str(b, (const char *)sqlite3_column_text(st, 16));
            } else {
                int64_t bytes = sqlite3_column_int64(st, 7);
                sb_addf(&t->w.b, ",\"bytes\":%lld", (long long)bytes);
                if (e > s)
                    sb_addf(&t->w.b, ",\"gb_per_s\":%.3f", (double)bytes / (double)(e - s));
                if (k == 1) {
                    sb_addstr(&t->w.b, ",\"kind\":");
                    str(&t->w.b, (const char *)sqlite3_column_text(st, 8));
                    sb_addf(&t->w.b, ",\"src_kind\":%lld,\"dst_kind\":%lld",
                            (long long)sqlite3_column_int64(st, 9), (long long)sqlite3_column_int64(st, 10));
                }
            }
            lit(&t->w.b, "}}");
            flow_end(t, pid, corr, s, gpid, stream);
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            return sql_error(t, rc, "trace: GPU ops", err);
    }
    return 0;
}

static void seen_thread(tstate *t, int64_t pid, int64_t tid)
{
    uint64_t k = ((uint64_t)pid << 32) | (uint32_t)tid;
    if (t->cpu_threads.n && t->cpu_threads.v[t->cpu_threads.n - 1] == k)
        return;
    keys_add(&t->cpu_threads, k);
}

static int write_api(tstate *t, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(t->x->db,
                                "SELECT start_ns, end_ns, pid, tid, correlation_id, name, api_kind, "
                                "CASE api_kind WHEN 'runtime' THEN 'cuda_runtime' ELSE 'cuda_driver' END FROM api",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return sql_error(t, rc, "trace: API calls", err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t s = sqlite3_column_int64(st, 0), e = sqlite3_column_int64(st, 1);
        int64_t pid = sqlite3_column_int64(st, 2), tid = sqlite3_column_int64(st, 3);
        int64_t corr = sqlite3_column_int64(st, 4);
        if (!times_ok(st)) {
            t->w.r->bad_rows++;
            continue;
        }
        if (!in_window(t, s, e) || !pass_filter(t, pid))
            continue;
        if (!ev(&t->w, TR_API))
            break;
        seen_thread(t, pid, tid);
        head(&t->w, (const char *)sqlite3_column_text(st, 5), (const char *)sqlite3_column_text(st, 7), "X",
             s, pid, tid);
        dur(&t->w, e - s);
        lit(&t->w.b, ",\"args\":{\"correlation\":");
        add_i(&t->w.b, corr);
        lit(&t->w.b, ",\"api\":");
        str(&t->w.b, (const char *)sqlite3_column_text(st, 6));
        sb_addstr(&t->w.b, "}}");
        long i = corr ? keys_find(&t->flows, key_of(pid, corr)) : -1;
        if (i >= 0 && !(t->flow_used[i] & 2) && ev(&t->w, TR_FLOW)) {
            t->flow_used[i] |= 2;
            head(&t->w, "launch", "flow", "s", s + (e - s) / 2, pid, tid);
            lit(&t->w.b, ",\"id\":");
            add_i(&t->w.b, flow_id(key_of(pid, corr)));
            sb_addch(&t->w.b, '}');
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return sql_error(t, rc, "trace: API calls", err);
    return 0;
}

static int write_nvtx(tstate *t, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(t->x->db,
                                "SELECT start_ns, end_ns, pid, tid, kind, text, domain_id, color, row_id "
                                "FROM nvtx WHERE kind IN ('push_pop', 'start_end', 'mark')",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return sql_error(t, rc, "trace: NVTX", err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t s = sqlite3_column_int64(st, 0), e = sqlite3_column_int64(st, 1);
        int64_t pid = sqlite3_column_int64(st, 2), tid = sqlite3_column_int64(st, 3);
        const char *kind = (const char *)sqlite3_column_text(st, 4);
        const char *text = (const char *)sqlite3_column_text(st, 5);
        bool mark = kind && !strcmp(kind, "mark");
        if (!time_ok(st, 0)) {
            t->w.r->bad_rows++;
            continue;
        }
        if (!mark && (!time_ok(st, 1) || e < s)) {
            t->w.r->unclosed_nvtx++;
            continue;
        }
        if (!in_window(t, s, mark ? s : e) || !pass_filter(t, pid))
            continue;
        char cat[64] = "nvtx";
        if (sqlite3_column_type(st, 6) != SQLITE_NULL && sqlite3_column_int64(st, 6))
            snprintf(cat, sizeof cat, "nvtx.domain%lld", (long long)sqlite3_column_int64(st, 6));
        char color[32] = "";
        if (sqlite3_column_type(st, 7) != SQLITE_NULL)
            snprintf(color, sizeof color, ",\"color\":\"#%06llx\"",
                     (unsigned long long)(sqlite3_column_int64(st, 7) & 0xFFFFFF));
        seen_thread(t, pid, tid);
        if (mark) {
            if (!ev(&t->w, TR_NVTX_MARK))
                break;
            head(&t->w, text, cat, "i", s, pid, tid);
            sb_addf(&t->w.b, ",\"s\":\"t\",\"args\":{%s}}", color[0] ? color + 1 : "");
        } else if (!strcmp(kind, "push_pop")) {
            if (!ev(&t->w, TR_NVTX_RANGE))
                break;
            head(&t->w, text, cat, "X", s, pid, tid);
            dur(&t->w, e - s);
            sb_addf(&t->w.b, ",\"args\":{%s}}", color[0] ? color + 1 : "");
        } else {
            /* start/end ranges may overlap without nesting: async tracks */
            if (!ev(&t->w, TR_NVTX_ASYNC))
                break;
            int64_t id = sqlite3_column_int64(st, 8);
            head(&t->w, text, cat, "b", s, pid, tid);
            sb_addf(&t->w.b, ",\"id\":%lld,\"args\":{%s}}", (long long)id, color[0] ? color + 1 : "");
            sb_addstr(&t->w.b, ",\n");
            head(&t->w, text, cat, "e", e, pid, tid);
            sb_addf(&t->w.b, ",\"id\":%lld}", (long long)id);
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return sql_error(t, rc, "trace: NVTX", err);
    return 0;
}

/* Plain X events from a query returning start, end, pid, tid, name. */
static int write_slices(tstate *t, const char *sql, int kind, const char *cat, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(t->x->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return sql_error(t, rc, cat, err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t s = sqlite3_column_int64(st, 0), e = sqlite3_column_int64(st, 1);
        int64_t pid = sqlite3_column_int64(st, 2), tid = sqlite3_column_int64(st, 3);
        if (!times_ok(st)) {
            t->w.r->bad_rows++;
            continue;
        }
        if (!in_window(t, s, e) || !pass_filter(t, pid))
            continue;
        if (!ev(&t->w, kind))
            break;
        seen_thread(t, pid, tid);
        head(&t->w, (const char *)sqlite3_column_text(st, 4), cat, "X", s, pid, tid);
        dur(&t->w, e - s);
        sb_addstr(&t->w.b, "}");
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return sql_error(t, rc, cat, err);
    return 0;
}

static void write_counters(tstate *t)
{
    for (int i = 0; i < t->nd; i++) {
        dev *d = &t->d[i];
        for (int b = 0; b < NSQ_TRACE_BINS; b++) {
            int64_t bs = t->ws + b * t->bin_ns;
            if (bs >= t->we)
                break;
            if (!ev(&t->w, TR_COUNTER))
                return;
            head(&t->w, "GPU busy %", "counter", "C", bs, NSQ_TRACE_GPU_PID + d->gpu, 0);
            int64_t len = bs + t->bin_ns <= t->we ? t->bin_ns : t->we - bs;
            sb_addf(&t->w.b, ",\"args\":{\"busy\":%.2f}}", 100.0 * d->bins[b] / (double)len);
        }
    }
}

/* Device memory in use per (process, device): the running sum of allocations
 * (memoryOperationType 0) and frees (1) of CUDA_GPU_MEMORY_USAGE_EVENTS of the
 * kinds that fill the GPU (2 device, 3 array, 5 device static; memory.h):
 * pinned host and managed memory are left out. */
static int write_memory(tstate *t, nsq_err *err)
{
    if (!nsq_probe_table(&t->x->probe, "CUDA_GPU_MEMORY_USAGE_EVENTS"))
        return 0;
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(t->x->db,
                                "SELECT start, (globalPid >> 24) & 16777215, deviceId, bytes, memoryOperationType "
                                "FROM main.CUDA_GPU_MEMORY_USAGE_EVENTS WHERE memKind IN (2, 3, 5) "
                                "ORDER BY start, rowid",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return sql_error(t, rc, "trace: memory usage", err);
    struct use {
        int64_t pid, dev, bytes;
    } *u = NULL;
    int nu = 0, capu = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t ts = sqlite3_column_int64(st, 0), pid = sqlite3_column_int64(st, 1);
        int64_t devid = sqlite3_column_int64(st, 2), bytes = sqlite3_column_int64(st, 3);
        int64_t op = sqlite3_column_int64(st, 4);
        if (!time_ok(st, 0)) {
            t->w.r->bad_rows++;
            continue;
        }
        if (op != 0 && op != 1)
            continue;
        int i = 0;
        while (i < nu && !(u[i].pid == pid && u[i].dev == devid))
            i++;
        if (i == nu) {
            NSQ_GROW(u, nu + 1, capu);
            u[nu++] = (struct use){pid, devid, 0};
        }
        u[i].bytes += op == 0 ? bytes : -bytes;
        int64_t gpu = nsq_devmap_gpu(&t->map, pid, devid);
        const nsq_filter *f = t->o->filter;
        if (!in_window(t, ts, ts) || !pass_filter(t, pid) || (f && f->has_device && f->device != gpu))
            continue;
        if (!ev(&t->w, TR_COUNTER))
            break;
        char name[64];
        snprintf(name, sizeof name, "GPU memory in use, pid %lld", (long long)pid);
        head(&t->w, name, "counter", "C", ts, NSQ_TRACE_GPU_PID + gpu, 0);
        lit(&t->w.b, ",\"args\":{\"bytes\":");
        add_i(&t->w.b, u[i].bytes);
        lit(&t->w.b, "}}");
        dev_of(t, gpu);
    }
    free(u);
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return sql_error(t, rc, "trace: memory usage", err);
    return 0;
}

/* GPU metric samples (GPU_METRICS joined to TARGET_INFO_GPU_METRICS on
 * typeId and metricId; the GPU is typeId & 0xFF, nsys's GPU id). */
static int write_metrics(tstate *t, nsq_err *err)
{
    if (!nsq_probe_table(&t->x->probe, "GPU_METRICS") ||
        !nsq_probe_table(&t->x->probe, "TARGET_INFO_GPU_METRICS"))
        return 0;
    bool by_cudevice = t->map.identity && !strcmp(t->map.identity, "gpu_cudevice");
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(
        t->x->db,
        by_cudevice
            ? "SELECT g.timestamp, COALESCE((SELECT d.cuda_device FROM device d WHERE d.gpu_id = (g.typeId & 255)), "
              "g.typeId & 255), m.metricName, g.value FROM main.GPU_METRICS g JOIN main.TARGET_INFO_GPU_METRICS m "
              "ON m.typeId = g.typeId AND m.metricId = g.metricId"
            : "SELECT g.timestamp, g.typeId & 255, m.metricName, g.value FROM main.GPU_METRICS g "
              "JOIN main.TARGET_INFO_GPU_METRICS m ON m.typeId = g.typeId AND m.metricId = g.metricId",
        -1, &st, NULL);
    if (rc != SQLITE_OK)
        return sql_error(t, rc, "trace: GPU metrics", err);
    const nsq_filter *f = t->o->filter;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t ts = sqlite3_column_int64(st, 0), gpu = sqlite3_column_int64(st, 1);
        if (!time_ok(st, 0)) {
            t->w.r->bad_rows++;
            continue;
        }
        if (!in_window(t, ts, ts) || (f && f->has_device && f->device != gpu))
            continue;
        if (!ev(&t->w, TR_COUNTER))
            break;
        head(&t->w, (const char *)sqlite3_column_text(st, 2), "gpu_metric", "C", ts, NSQ_TRACE_GPU_PID + gpu, 0);
        lit(&t->w.b, ",\"args\":{\"value\":");
        add_i(&t->w.b, sqlite3_column_int64(st, 3));
        lit(&t->w.b, "}}");
        dev_of(t, gpu);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return sql_error(t, rc, "trace: GPU metrics", err);
    return 0;
}

static void meta(tstate *t, const char *what, int64_t pid, int64_t tid, const char *name)
{
    ev(&t->w, TR_METADATA);
    sb_addf(&t->w.b, "{\"name\":\"%s\",\"ph\":\"M\",\"pid\":%lld,\"tid\":%lld,\"args\":{\"name\":", what,
            (long long)pid, (long long)tid);
    str(&t->w.b, name);
    sb_addstr(&t->w.b, "}}");
}

static char *lookup_name(tstate *t, const char *sql, int64_t a, int64_t b)
{
    sqlite3_stmt *st = NULL;
    char *out = NULL;
    if (sqlite3_prepare_v2(t->x->db, sql, -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, a);
        sqlite3_bind_int64(st, 2, b);
        if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
            out = xstrdup((const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    return out;
}

static void write_metadata(tstate *t)
{
    keys_sort_unique(&t->cpu_threads);
    int64_t last_pid = -1;
    for (size_t i = 0; i < t->cpu_threads.n; i++) {
        int64_t pid = (int64_t)(t->cpu_threads.v[i] >> 32), tid = (int64_t)(uint32_t)t->cpu_threads.v[i];
        if (pid != last_pid) {
            char *n = lookup_name(t, "SELECT name FROM process WHERE pid = ?1 AND ?2 = ?2 LIMIT 1", pid, 0);
            strbuf sb = STRBUF_INIT;
            sb_addf(&sb, "%s (pid %lld)", n ? n : "process", (long long)pid);
            meta(t, "process_name", pid, 0, sb.buf);
            sb_release(&sb);
            free(n);
            last_pid = pid;
        }
        char *n = lookup_name(t, "SELECT name FROM thread WHERE pid = ?1 AND tid = ?2 LIMIT 1", pid, tid);
        strbuf sb = STRBUF_INIT;
        sb_addf(&sb, "%s (tid %lld)", n ? n : "thread", (long long)tid);
        meta(t, "thread_name", pid, tid, sb.buf);
        sb_release(&sb);
        free(n);
    }
    const char *id = t->map.identity ? t->map.identity : "cuda_ordinal";
    for (int i = 0; i < t->nd; i++) {
        dev *d = &t->d[i];
        char *n = NULL;
        if (!strcmp(id, "cuda_device_map"))
            n = lookup_name(t, "SELECT name FROM device WHERE gpu_id = ?1 AND ?2 = ?2 LIMIT 1", d->gpu, 0);
        else if (!strcmp(id, "gpu_cudevice"))
            n = lookup_name(t, "SELECT name FROM device WHERE cuda_device = ?1 AND ?2 = ?2 LIMIT 1", d->gpu, 0);
        strbuf sb = STRBUF_INIT;
        sb_addf(&sb, "GPU %lld", (long long)d->gpu);
        if (n)
            sb_addf(&sb, " - %s", n);
        free(n);
        int64_t gpid = NSQ_TRACE_GPU_PID + d->gpu;
        meta(t, "process_name", gpid, 0, sb.buf);
        ev(&t->w, TR_METADATA);
        sb_addf(&t->w.b, "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":%lld,\"tid\":0,"
                         "\"args\":{\"sort_index\":%lld}}",
                (long long)gpid, (long long)(1000000 + d->gpu));
        sb_release(&sb);
        for (int s = 0; s < d->nstreams; s++) {
            char nm[64];
            snprintf(nm, sizeof nm, "stream %lld", (long long)d->streams[s]);
            meta(t, "thread_name", gpid, d->streams[s], nm);
        }
        t->w.r->streams += d->nstreams;
    }
    t->w.r->gpus = t->nd;
}

int nsq_trace_write(nsq_export *x, const nsq_trace_opts *o, nsq_trace_result *r, nsq_err *err)
{
    tstate t;
    memset(&t, 0, sizeof t);
    memset(r, 0, sizeof *r);
    t.x = x;
    t.o = o;
    t.w.r = r;
    t.w.max = o->max_events;
    t.w.first = true;
    nsq_outfile of;
    bool have_of = false;
    memset(&of, 0, sizeof of);
    of.fd = -1;
    t.win = o->window && strcmp(o->window->kind, "all") != 0;
    int ret = -1;
    if (nsq_require_gpu_ops(x, err) || nsq_devmap_load(&t.map, x, err))
        return -1;
    if (t.win) {
        t.ws = o->window->start_ns;
        t.we = o->window->end_ns;
    } else if (nsq_gpu_span(x, &t.ws, &t.we, err)) {
        goto out;
    }
    t.bin_ns = (t.we - t.ws) / NSQ_TRACE_BINS + 1;

    /* pass 1: the GPU ops' keys, streams and busy time (in start order) */
    nsq_opscan_opts oo;
    memset(&oo, 0, sizeof oo);
    oo.kinds = NSQ_OPS_ALL;
    oo.details = true;
    oo.filter = o->filter;
    oo.has_window = t.win;
    oo.win_start = t.ws;
    oo.win_end = t.we;
    nsq_opscan *s = NULL;
    if (nsq_opscan_open(&s, x, &oo, err))
        goto out;
    int rc = nsq_opscan_run(s, pass_ops, &t, err);
    nsq_opscan_close(s);
    if (rc)
        goto out;
    for (int i = 0; i < t.nd; i++)
        if (t.d[i].open)
            island_to_bins(&t, &t.d[i], t.d[i].s, t.d[i].e);
    /* the launch calls' keys: a flow needs both ends in the trace */
    sqlite3_stmt *st = NULL;
    rc = sqlite3_prepare_v2(x->db, "SELECT pid, correlation_id, start_ns, end_ns FROM api WHERE correlation_id <> 0",
                            -1, &st, NULL);
    while (st && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t pid = sqlite3_column_int64(st, 0), a = sqlite3_column_int64(st, 2), b = sqlite3_column_int64(st, 3);
        if (time_ok(st, 2) && time_ok(st, 3) && b >= a && in_window(&t, a, b) && pass_filter(&t, pid))
            keys_add(&t.api_keys, key_of(pid, sqlite3_column_int64(st, 1)));
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        sql_error(&t, rc, "trace: launch calls", err);
        goto out;
    }
    keys_sort_unique(&t.gpu_keys);
    keys_sort_unique(&t.api_keys);
    /* the intersection, in place: memory stays at the two key sets */
    size_t nf = 0;
    for (size_t i = 0, j = 0; i < t.gpu_keys.n && j < t.api_keys.n;) {
        if (t.gpu_keys.v[i] < t.api_keys.v[j])
            i++;
        else if (t.gpu_keys.v[i] > t.api_keys.v[j])
            j++;
        else {
            t.gpu_keys.v[nf++] = t.gpu_keys.v[i];
            i++, j++;
        }
    }
    free(t.api_keys.v);
    t.flows = t.gpu_keys;
    t.flows.n = nf;
    t.gpu_keys = t.api_keys = (keys){0};
    t.flow_used = xcalloc(t.flows.n + 1, 1);

    /* the file: a temporary file renamed over -o at the end (outfile.h) */
    bool to_stdout = !strcmp(o->out, "-");
    size_t ol = strlen(o->out);
    r->compressed = !to_stdout && ol > 3 && !strcmp(o->out + ol - 3, ".gz");
    if (to_stdout) {
        if (!nsq_stdout_open()) {
            nsq_error(err, NSQ_EXIT_USAGE, "trace_unwritable", "cannot write the trace to stdout: %s",
                      strerror(EBADF));
            nsq_hint(err, "stdout is closed: give -o FILE, or run with stdout open");
            goto out;
        }
        t.w.f = stdout;
    } else {
        if (nsq_outfile_open(&of, o->out, "trace_unwritable", err))
            goto out;
        have_of = true;
        if (r->compressed)
            t.w.gz = gzdopen(of.fd, "wb6");
        else
            t.w.f = fdopen(of.fd, "wb");
        if (!t.w.f && !t.w.gz) {
            nsq_error(err, NSQ_EXIT_USAGE, "trace_unwritable", "cannot write '%s': %s", o->out, strerror(errno));
            goto out;
        }
        of.fd = -1; /* owned by the stream now */
    }
    strbuf *b = &t.w.b;
    sb_addf(b, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":\"nsysql %s\",\"source\":",
            NSYSQL_VERSION);
    str(b, x->path);
    sb_addstr(b, ",\"nsys_version\":");
    str(b, x->probe.product_version);
    sb_addstr(b, ",\"time_unit\":\"ts and dur are microseconds on the export's timeline, nanosecond "
                 "digits kept\",\"window_start_us\":");
    us(b, t.ws);
    sb_addstr(b, ",\"window_end_us\":");
    us(b, t.we);
    sb_addstr(b, ",\"device_identity\":");
    str(b, t.map.identity);
    int64_t session = 0;
    if (nsq_probe_table(&x->probe, "TARGET_INFO_SESSION_START_TIME") &&
        nsq_query_int64(x->db, "SELECT utcEpochNs FROM main.TARGET_INFO_SESSION_START_TIME LIMIT 1", 0,
                        &session) == 0 && session)
        sb_addf(b, ",\"session_start_utc_epoch_ns\":%lld", (long long)session);
    sb_addstr(b, "},\"traceEvents\":[\n");

    if (write_gpu_ops(&t, err) || write_api(&t, err) || write_nvtx(&t, err))
        goto close;
    if (o->osrt && nsq_probe_table(&x->probe, "OSRT_API") &&
        write_slices(&t,
                     "SELECT o.\"start\", o.\"end\", (o.globalTid >> 24) & 16777215, o.globalTid & 16777215, "
                     "s.value FROM main.OSRT_API AS o LEFT JOIN main.StringIds AS s ON s.id = o.nameId",
                     TR_OSRT, "osrt", err))
        goto close;
    if (write_slices(&t, "SELECT start_ns, end_ns, pid, tid, COALESCE(name, 'profiler overhead') FROM overhead",
                     TR_OVERHEAD, "profiler_overhead", err))
        goto close;
    write_counters(&t);
    if (write_memory(&t, err) || write_metrics(&t, err))
        goto close;
    write_metadata(&t);
    if (r->truncated) {
        ev(&t.w, TR_METADATA);
        sb_addf(b, "{\"name\":\"nsysql: trace truncated at %lld events (--max-events)\",\"ph\":\"i\",\"s\":\"g\","
                   "\"pid\":0,\"tid\":0,\"ts\":",
                (long long)o->max_events);
        us(b, t.ws);
        sb_addstr(b, "}");
    }
    sb_addf(b, "\n],\"nsysqlTruncated\":%s}\n", r->truncated ? "true" : "false");
    tw_flush(&t.w);
    ret = 0;
close:
    tw_flush(&t.w);
    if (t.w.gz) {
        if (gzclose(t.w.gz) != Z_OK)
            t.w.failed = true;
    } else if (t.w.f && !to_stdout) {
        if (fclose(t.w.f))
            t.w.failed = true;
    } else if (t.w.f) {
        if (fflush(t.w.f))
            t.w.failed = true;
    }
    if (!ret && t.w.failed) {
        int e = t.w.err_no ? t.w.err_no : errno;
        nsq_error(err, NSQ_EXIT_USAGE, "trace_unwritable", "writing '%s' failed: %s", o->out,
                  e ? strerror(e) : "write error");
        ret = -1;
    }
    if (!ret && have_of) {
        if (nsq_outfile_commit(&of, "trace_unwritable", err))
            ret = -1;
        have_of = false;
    }
    if (!ret && !to_stdout) {
        struct stat sst;
        r->file_bytes = stat(o->out, &sst) == 0 ? (int64_t)sst.st_size : -1;
    }
out:
    if (have_of)
        nsq_outfile_abort(&of);
    sb_release(&t.w.b);
    for (int i = 0; i < t.nd; i++) {
        free(t.d[i].bins);
        free(t.d[i].streams);
    }
    free(t.d);
    free(t.gpu_keys.v);
    free(t.api_keys.v);
    free(t.flows.v);
    free(t.cpu_threads.v);
    free(t.flow_used);
    nsq_devmap_release(&t.map);
    return ret;
}
