/* memory: CUDA memory usage (see memory.h). */
#include "nsysql/analysis/memory.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/stats.h"
#include "nsysql/export/devmap.h"
#include "nsysql/export/parscan.h"
#include "nsysql/util/grow.h"

const char *nsq_mem_kind_name(int64_t kind)
{
    static const char *const n[NSQ_MEM_KINDS] = {"pageable",       "pinned",  "device",
                                                 "array",          "managed", "device_static",
                                                 "managed_static", "unknown"};
    return kind >= 0 && kind < NSQ_MEM_KINDS ? n[kind] : "unknown";
}

static bool is_device(int64_t kind)
{
    return kind == 2 || kind == 3 || kind == 5;
}

static bool is_static(int64_t kind)
{
    return kind == 5 || kind == 6;
}

static nsq_mem_dev *dev_for(nsq_memory *r, int64_t pid, int64_t devid, int64_t gpu)
{
    for (int i = 0; i < r->ndevs; i++)
        if (r->devs[i].pid == pid && r->devs[i].device_id == devid)
            return &r->devs[i];
    NSQ_GROW(r->devs, r->ndevs + 1, r->capdevs);
    nsq_mem_dev *d = &r->devs[r->ndevs++];
    memset(d, 0, sizeof *d);
    d->pid = pid;
    d->device_id = devid;
    d->gpu = gpu;
    d->device_peak_ns = -1;
    return d;
}

static int cmp_alloc(const void *a, const void *b)
{
    const nsq_mem_alloc *x = a, *y = b;
    if (x->start_ns != y->start_ns)
        return x->start_ns < y->start_ns ? -1 : 1;
    return x->address < y->address ? -1 : x->address > y->address;
}

static int cmp_dev(const void *a, const void *b)
{
    const nsq_mem_dev *x = a, *y = b;
    if (x->gpu != y->gpu)
        return x->gpu < y->gpu ? -1 : 1;
    return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/* The columns read per event (the pid taken from globalPid here). */
#define EVENT_COLS                                                                                 \
    "start, globalPid, deviceId, address, bytes, memKind, memoryOperationType, correlationId, "   \
    "rowid"
enum { C_START, C_GPID, C_DEV, C_ADDR, C_BYTES, C_KIND, C_OP, C_CORR, C_ROW, NCOLS };

/* One replay of the events. */
typedef struct replay {
    nsq_memory *r;
    const nsq_memory_opts *o;
    nsq_devmap *map;
    bool gpu_now, windowed;
    nsq_pairmap open; /* (address, device index) -> index in dev->open: the open ones only */
    int64_t lo, hi, span, points, prev;
    bool unordered; /* a row before the one read before it (or outside [lo, hi]) */
} replay;

static int replay_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    (void)err;
    replay *rp = ctx;
    nsq_memory *r = rp->r;
    const nsq_memory_opts *o = rp->o;
    /* no time, address, size or operation (or one that is not an integer):
     * the row cannot be replayed */
    if (nulls & (1u << C_START | 1u << C_ADDR | 1u << C_BYTES | 1u << C_OP)) {
        r->bad_rows++;
        return 0;
    }
    int64_t t = v[C_START], pid = (v[C_GPID] >> 24) & 16777215;
    if (t < rp->prev || t < rp->lo || t > rp->hi) {
        rp->unordered = true;
        return -1; /* stops the read */
    }
    rp->prev = t;
    int64_t devid = v[C_DEV], addr = v[C_ADDR], bytes = v[C_BYTES], kind = v[C_KIND];
    int64_t op = v[C_OP];
    if (op != 0 && op != 1)
        return 0;
    if (kind < 0 || kind >= NSQ_MEM_KINDS)
        kind = 7;
    int64_t gpu = rp->gpu_now ? nsq_devmap_gpu(rp->map, pid, devid) : -1;
    const nsq_filter *f = o->filter;
    if (f && ((f->has_pid && f->pid != pid) || (f->has_device && f->device != gpu)))
        return 0;
    r->events++;
    nsq_mem_dev *d = dev_for(r, pid, devid, gpu);
    int di = (int)(d - r->devs);
    if (!d->events)
        d->first_ns = t;
    d->events++;
    d->last_ns = t;
    bool in_win = !rp->windowed || (t >= o->window->start_ns && t < o->window->end_ns);
    if (op == 0) {
        d->allocs++;
        d->alloc_bytes += bytes;
        if (in_win) {
            d->win_allocs++;
            d->win_alloc_bytes += bytes;
        }
        d->in_use[kind] += bytes;
        if (d->in_use[kind] > d->peak[kind])
            d->peak[kind] = d->in_use[kind];
        /* a freed slot, else a new one at the end (slots never move while
         * replaying: the map's indexes stay true) */
        int64_t k;
        if (d->nholes) {
            k = d->holes[--d->nholes];
        } else {
            if (d->nopen == d->capopen) {
                d->capopen = d->capopen ? d->capopen * 2 : 64;
                d->open = xrealloc(d->open, sizeof *d->open * (size_t)d->capopen);
            }
            k = d->nopen++;
        }
        nsq_mem_alloc *a = &d->open[k];
        *a = (nsq_mem_alloc){t, addr, bytes, kind, v[C_CORR], v[C_ROW], NULL};
        nsq_pairmap_put(&rp->open, addr, di, (int)k);
        if (is_device(kind)) {
            d->device_in_use += bytes;
            if (d->device_in_use > d->device_peak && in_win) {
                d->device_peak = d->device_in_use;
                d->device_peak_ns = t;
                d->peak_alloc = *a;
            }
        }
    } else {
        d->frees++;
        d->free_bytes += bytes;
        if (in_win)
            d->win_frees++;
        int k = nsq_pairmap_get(&rp->open, addr, di);
        if (k < 0) {
            d->unmatched_frees++;
            /* allocated before the capture (or freed twice): its bytes were never counted */
        } else {
            nsq_mem_alloc a = d->open[k];
            d->in_use[a.kind] -= a.bytes;
            if (is_device(a.kind))
                d->device_in_use -= a.bytes;
            nsq_pairmap_del(&rp->open, addr, di);
            d->open[k].kind = -1; /* a hole */
            if (d->nholes == d->capholes) {
                d->capholes = d->capholes ? d->capholes * 2 : 64;
                d->holes = xrealloc(d->holes, sizeof *d->holes * (size_t)d->capholes);
            }
            d->holes[d->nholes++] = k;
        }
    }
    /* the timeline: the bucket's maximum, and the value at its end */
    int64_t b = (int64_t)((__int128)(t - rp->lo) * rp->points / rp->span);
    if (!d->points) {
        d->points = xcalloc((size_t)rp->points, sizeof *d->points);
        for (int64_t i = 0; i < rp->points; i++)
            d->points[i].t_ns = -1;
        d->npoints = rp->points;
    }
    if (d->points[b].t_ns < 0 || d->device_in_use > d->points[b].bytes) {
        d->points[b].t_ns = t;
        d->points[b].bytes = d->device_in_use;
    }
    return 0;
}

/* The events in (start, rowid) order through SQLite, values read as the
 * page reader reads them (an INTEGER, else NULL). */
static int replay_sorted(nsq_export *x, replay *rp, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(x->db,
                                "SELECT " EVENT_COLS " FROM main.CUDA_GPU_MEMORY_USAGE_EVENTS "
                                "ORDER BY start, rowid",
                                -1, &st, NULL);
    while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        rc = SQLITE_OK;
        int64_t v[NCOLS];
        unsigned nulls = 0;
        for (int i = 0; i < NCOLS; i++) {
            bool is_int = sqlite3_column_type(st, i) == SQLITE_INTEGER;
            v[i] = is_int ? sqlite3_column_int64(st, i) : 0;
            nulls |= (unsigned)!is_int << i;
        }
        if (replay_row(rp, v, nulls, err))
            break; /* cannot be out of order here: lo and hi are the min and max */
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed", "memory events",
                                    err);
    return 0;
}

/* The names of the allocations reported (never freed, and each device's
 * peak), read by rowid after the replay: most rows' names are never shown. */
static int load_names(nsq_export *x, nsq_memory *r, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(
        x->db, "SELECT name FROM main.CUDA_GPU_MEMORY_USAGE_EVENTS WHERE rowid = ?1", -1, &st,
        NULL);
    for (int i = 0; rc == SQLITE_OK && i < r->ndevs; i++) {
        nsq_mem_dev *d = &r->devs[i];
        for (int64_t a = -1; rc == SQLITE_OK && a < d->nopen; a++) {
            nsq_mem_alloc *m = a < 0 ? &d->peak_alloc : &d->open[a];
            if (a < 0 && d->device_peak_ns < 0)
                continue;
            sqlite3_reset(st);
            sqlite3_bind_int64(st, 1, m->row);
            rc = sqlite3_step(st);
            if (rc == SQLITE_ROW) {
                const unsigned char *nm = sqlite3_column_text(st, 0);
                m->name = nm && *nm ? xstrdup((const char *)nm) : NULL;
                rc = SQLITE_OK;
            } else if (rc == SQLITE_DONE) {
                rc = SQLITE_OK;
            }
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed",
                                    "memory event names", err);
    return 0;
}

int nsq_memory_run(nsq_memory *r, nsq_export *x, const nsq_memory_opts *o, nsq_err *err)
{
    memset(r, 0, sizeof *r);
    if (!nsq_probe_table(&x->probe, "CUDA_GPU_MEMORY_USAGE_EVENTS")) {
        nsq_error(err, NSQ_EXIT_INPUT, "no_memory_events",
                  "the export has no CUDA_GPU_MEMORY_USAGE_EVENTS table: CUDA memory usage was not "
                  "traced");
        nsq_hint(err, "capture with nsys profile --cuda-memory-usage=true");
        return -1;
    }
    /* the columns read, in a rowid table (the layout nsys writes) */
    static const char *const need[] = {"start",   "globalPid",           "deviceId",
                                       "address", "bytes",               "memKind",
                                       "memoryOperationType", "correlationId"};
    const nsq_table *tab = nsq_probe_table(&x->probe, "CUDA_GPU_MEMORY_USAGE_EVENTS");
    for (size_t i = 0; i < sizeof need / sizeof *need; i++)
        if (!nsq_probe_has_col(&x->probe, "CUDA_GPU_MEMORY_USAGE_EVENTS", need[i]))
            return nsq_error(err, NSQ_EXIT_INPUT, "missing_columns",
                             "CUDA_GPU_MEMORY_USAGE_EVENTS has no column %s: not a layout nsys "
                             "writes",
                             need[i]);
    if (!tab->rowid)
        return nsq_error(err, NSQ_EXIT_INPUT, "missing_columns",
                         "CUDA_GPU_MEMORY_USAGE_EVENTS is a WITHOUT ROWID table: not a layout "
                         "nsys writes");
    /* the span: the first and last rows' starts, which are its ends when the
     * events are stored in time order (the first pass checks; the second, in
     * time order, takes min and max) */
    int64_t lo = 0, hi = 0, n = 0;
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(
        x->db,
        "SELECT EXISTS (SELECT 1 FROM main.CUDA_GPU_MEMORY_USAGE_EVENTS), "
        "(SELECT start FROM main.CUDA_GPU_MEMORY_USAGE_EVENTS ORDER BY rowid LIMIT 1), "
        "(SELECT start FROM main.CUDA_GPU_MEMORY_USAGE_EVENTS ORDER BY rowid DESC LIMIT 1)",
        -1, &st, NULL);
    bool sorted_first = false; /* a NULL start at either end: straight to the sorted pass */
    if (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
        n = sqlite3_column_int64(st, 0);
        lo = sqlite3_column_int64(st, 1);
        hi = sqlite3_column_int64(st, 2);
        sorted_first =
            sqlite3_column_type(st, 1) == SQLITE_NULL || sqlite3_column_type(st, 2) == SQLITE_NULL;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed", "memory events", err);
    if (!n) {
        nsq_error(
            err, NSQ_EXIT_INPUT, "no_memory_events",
            "the export's CUDA_GPU_MEMORY_USAGE_EVENTS table is empty: no allocation was traced");
        nsq_hint(err, "capture with nsys profile --cuda-memory-usage=true");
        return -1;
    }
    /* the physical GPU of each (process, ordinal) of the events: the pairs of
     * this small table, not of every GPU op */
    nsq_devmap map;
    memset(&map, 0, sizeof map);
    /* only a --device filter needs them while reading; otherwise they are
     * looked up for the (process, ordinal) pairs met, afterwards */
    bool gpu_now = o->filter && o->filter->has_device;
    if (gpu_now) {
        int64_t *pd = NULL;
        int np = 0, cappd = 0;
        rc = sqlite3_prepare_v2(x->db,
                                "SELECT DISTINCT (globalPid >> 24) & 16777215, deviceId FROM "
                                "main.CUDA_GPU_MEMORY_USAGE_EVENTS",
                                -1, &st, NULL);
        while (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
            NSQ_GROW(pd, 2 * np + 2, cappd);
            pd[2 * np] = sqlite3_column_int64(st, 0);
            pd[2 * np + 1] = sqlite3_column_int64(st, 1);
            np++;
        }
        sqlite3_finalize(st);
        int bad = rc != SQLITE_OK || nsq_devmap_load_pairs(&map, x, pd, np, err);
        free(pd);
        if (bad)
            return rc != SQLITE_OK ? nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed",
                                                          "memory events", err)
                                   : -1;
    }
    bool has_name = nsq_probe_has_col(&x->probe, "CUDA_GPU_MEMORY_USAGE_EVENTS", "name");
    /* The events replay in (start, rowid) order. nsys writes them in time
     * order, so the first pass reads the table as it is stored (no sort,
     * from its pages when they can be read exactly); a row earlier than the
     * one before it starts over with ORDER BY. */
    replay rp;
    memset(&rp, 0, sizeof rp);
    rp.r = r;
    rp.o = o;
    rp.map = &map;
    rp.gpu_now = gpu_now;
    rp.points = o->points > 0 ? o->points : 200;
    rp.windowed = o->window && strcmp(o->window->kind, "all");
    int ret = 0;
    for (int pass = sorted_first; pass < 2; pass++) {
        if (pass) {
            rc = sqlite3_prepare_v2(x->db,
                                    "SELECT min(start), max(start) FROM "
                                    "main.CUDA_GPU_MEMORY_USAGE_EVENTS WHERE start IS NOT NULL",
                                    -1, &st, NULL);
            if (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
                lo = sqlite3_column_int64(st, 0);
                hi = sqlite3_column_int64(st, 1);
            }
            sqlite3_finalize(st);
            if (rc != SQLITE_OK) {
                ret = nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed",
                                           "memory events", err);
                break;
            }
        }
        rp.lo = lo;
        rp.hi = hi;
        rp.span = hi - lo + 1;
        rp.prev = INT64_MIN;
        rp.unordered = false;
        if (!pass) {
            nsq_parscan_req req = {.table = "CUDA_GPU_MEMORY_USAGE_EVENTS",
                                   .cols = EVENT_COLS,
                                   .ncols = NCOLS,
                                   .what = "memory events"};
            ret = nsq_parscan(x, &req, replay_row, &rp, err);
        } else {
            ret = replay_sorted(x, &rp, err);
        }
        if (!rp.unordered)
            break;
        ret = 0; /* not in time order: start over sorted */
        nsq_memory_release(r);
        nsq_pairmap_release(&rp.open);
    }
    nsq_pairmap_release(&rp.open);
    for (int i = 0; i < r->ndevs; i++) { /* the holes out */
        nsq_mem_dev *d = &r->devs[i];
        int64_t live = 0;
        for (int64_t a = 0; a < d->nopen; a++)
            if (d->open[a].kind >= 0)
                d->open[live++] = d->open[a];
        d->nopen = live;
        free(d->holes);
        d->holes = NULL;
        d->nholes = d->capholes = 0;
    }
    if (!ret && has_name)
        ret = load_names(x, r, err);
    if (ret) {
        nsq_devmap_release(&map);
        nsq_memory_release(r);
        return -1;
    }
    if (!gpu_now && r->ndevs) { /* the GPUs of the (process, ordinal) pairs met */
        int64_t *pd = xmalloc(sizeof *pd * (size_t)(2 * r->ndevs));
        for (int i = 0; i < r->ndevs; i++) {
            pd[2 * i] = r->devs[i].pid;
            pd[2 * i + 1] = r->devs[i].device_id;
        }
        int bad = nsq_devmap_load_pairs(&map, x, pd, r->ndevs, err);
        free(pd);
        if (bad) {
            nsq_devmap_release(&map);
            nsq_memory_release(r);
            return -1;
        }
        for (int i = 0; i < r->ndevs; i++)
            r->devs[i].gpu = nsq_devmap_gpu(&map, r->devs[i].pid, r->devs[i].device_id);
    }
    nsq_devmap_release(&map);
    if (r->ndevs > 1)
        qsort(r->devs, (size_t)r->ndevs, sizeof *r->devs, cmp_dev);
    /* never freed: in allocation order */
    for (int i = 0; i < r->ndevs; i++)
        if (r->devs[i].nopen > 1)
            qsort(r->devs[i].open, (size_t)r->devs[i].nopen, sizeof *r->devs[i].open, cmp_alloc);
    return 0;
}

void nsq_memory_json(json *j, const nsq_memory *r, const nsq_memory_opts *o)
{
    json_obj_begin(j);
    json_kv_str(j, "source", "CUDA_GPU_MEMORY_USAGE_EVENTS");
    json_kv_int(j, "events", r->events);
    json_kv_int(j, "bad_rows", r->bad_rows);
    json_key(j, "devices");
    json_arr_begin(j);
    for (int i = 0; i < r->ndevs; i++) {
        const nsq_mem_dev *d = &r->devs[i];
        json_obj_begin(j);
        json_kv_int(j, "pid", d->pid);
        json_kv_int(j, "device_id", d->device_id);
        json_kv_int(j, "gpu", d->gpu);
        json_kv_int(j, "events", d->events);
        json_kv_int(j, "first_event_ns", d->first_ns);
        json_kv_int(j, "last_event_ns", d->last_ns);
        json_key(j, "device_memory");
        json_obj_begin(j);
        json_kv_int(j, "peak_bytes", d->device_peak);
        if (d->device_peak_ns >= 0) {
            json_kv_int(j, "peak_ns", d->device_peak_ns);
            json_key(j, "peak_allocation");
            json_obj_begin(j);
            json_kv_int(j, "start_ns", d->peak_alloc.start_ns);
            json_kv_int(j, "address", d->peak_alloc.address);
            json_kv_int(j, "bytes", d->peak_alloc.bytes);
            json_kv_str(j, "kind", nsq_mem_kind_name(d->peak_alloc.kind));
            json_kv_int(j, "correlation_id", d->peak_alloc.correlation_id);
            json_kv_str(j, "name", d->peak_alloc.name);
            json_obj_end(j);
        } else {
            json_kv_null(j, "peak_ns");
            json_kv_null(j, "peak_allocation");
        }
        json_kv_int(j, "in_use_at_end_bytes", d->device_in_use);
        json_obj_end(j);
        json_key(j, "by_kind");
        json_arr_begin(j);
        for (int k = 0; k < NSQ_MEM_KINDS; k++) {
            if (!d->peak[k] && !d->in_use[k])
                continue;
            json_obj_begin(j);
            json_kv_str(j, "kind", nsq_mem_kind_name(k));
            json_kv_int(j, "peak_bytes", d->peak[k]);
            json_kv_int(j, "in_use_at_end_bytes", d->in_use[k]);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_key(j, "churn");
        json_obj_begin(j);
        json_kv_int(j, "allocations", d->allocs);
        json_kv_int(j, "allocated_bytes", d->alloc_bytes);
        json_kv_int(j, "frees", d->frees);
        json_kv_int(j, "freed_bytes", d->free_bytes);
        json_kv_int(j, "unmatched_frees", d->unmatched_frees);
        json_kv_int(j, "window_allocations", d->win_allocs);
        json_kv_int(j, "window_frees", d->win_frees);
        json_kv_int(j, "window_allocated_bytes", d->win_alloc_bytes);
        if (o->steady_iterations > 0) {
            json_kv_int(j, "iterations", o->steady_iterations);
            json_kv_double(j, "allocations_per_iteration",
                           (double)d->win_allocs / (double)o->steady_iterations);
            json_kv_double(j, "allocated_bytes_per_iteration",
                           (double)d->win_alloc_bytes / (double)o->steady_iterations);
        } else {
            json_kv_null(j, "iterations");
            json_kv_null(j, "allocations_per_iteration");
            json_kv_null(j, "allocated_bytes_per_iteration");
        }
        json_obj_end(j);
        int64_t nf = 0, nfb = 0, ns = 0, nsb = 0;
        for (int64_t a = 0; a < d->nopen; a++) {
            if (is_static(d->open[a].kind))
                ns++, nsb += d->open[a].bytes;
            else
                nf++, nfb += d->open[a].bytes;
        }
        json_key(j, "never_freed");
        json_obj_begin(j);
        json_kv_int(j, "count", nf);
        json_kv_int(j, "bytes", nfb);
        json_kv_int(j, "static_count", ns);
        json_kv_int(j, "static_bytes", nsb);
        json_key(j, "allocations");
        json_arr_begin(j);
        int64_t listed = 0;
        for (int64_t a = 0; a < d->nopen; a++) {
            const nsq_mem_alloc *m = &d->open[a];
            if (is_static(m->kind))
                continue;
            if (o->limit > 0 && listed >= o->limit)
                break;
            listed++;
            json_obj_begin(j);
            json_kv_int(j, "start_ns", m->start_ns);
            json_kv_int(j, "address", m->address);
            json_kv_int(j, "bytes", m->bytes);
            json_kv_str(j, "kind", nsq_mem_kind_name(m->kind));
            json_kv_int(j, "correlation_id", m->correlation_id);
            json_kv_str(j, "name", m->name);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_obj_end(j);
        json_key(j, "timeline");
        json_arr_begin(j);
        for (int64_t p = 0; p < d->npoints; p++) {
            if (d->points[p].t_ns < 0)
                continue;
            json_arr_begin(j);
            json_int(j, d->points[p].t_ns);
            json_int(j, d->points[p].bytes);
            json_arr_end(j);
        }
        json_arr_end(j);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_obj_end(j);
}

void nsq_memory_text(strbuf *sb, const nsq_memory *r, const nsq_memory_opts *o, const char *fmt)
{
    (void)o;
    int csv = !strcmp(fmt, "csv"), md = !strcmp(fmt, "md");
    if (csv)
        sb_addstr(sb, "pid,device_id,gpu,peak_device_bytes,peak_ns,allocations,frees,never_freed,"
                      "never_freed_bytes,static_bytes\n");
    else if (md)
        sb_addstr(sb, "| pid | device_id | gpu | peak device bytes | peak at ns | allocations | "
                      "frees | never freed | never freed bytes | static bytes |\n"
                      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    else
        sb_addf(sb, "%8s %9s %4s %18s %16s %11s %8s %11s %18s %14s\n", "pid", "device_id", "gpu",
                "peak_device_bytes", "peak_ns", "allocations", "frees", "never_freed",
                "never_freed_bytes", "static_bytes");
    for (int i = 0; i < r->ndevs; i++) {
        const nsq_mem_dev *d = &r->devs[i];
        int64_t nf = 0, nfb = 0, nsb = 0;
        for (int64_t a = 0; a < d->nopen; a++) {
            if (is_static(d->open[a].kind))
                nsb += d->open[a].bytes;
            else
                nf++, nfb += d->open[a].bytes;
        }
        const char *f =
            csv  ? "%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld\n"
            : md ? "| %lld | %lld | %lld | %lld | %lld | %lld | %lld | %lld | %lld | %lld |\n"
                 : "%8lld %9lld %4lld %18lld %16lld %11lld %8lld %11lld %18lld %14lld\n";
        sb_addf(sb, f, (long long)d->pid, (long long)d->device_id, (long long)d->gpu,
                (long long)d->device_peak, (long long)d->device_peak_ns, (long long)d->allocs,
                (long long)d->frees, (long long)nf, (long long)nfb, (long long)nsb);
    }
}

void nsq_memory_release(nsq_memory *r)
{
    for (int i = 0; i < r->ndevs; i++) {
        nsq_mem_dev *d = &r->devs[i];
        for (int64_t a = 0; a < d->nopen; a++)
            free(d->open[a].name);
        free(d->open);
        free(d->holes);
        free(d->points);
        free(d->peak_alloc.name);
    }
    free(r->devs);
    memset(r, 0, sizeof *r);
}
