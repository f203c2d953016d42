/* steady/scan: what every stage's scan of the export shares: the int64
 * map, SQL failures, nsq_parscan over one view, the physical GPU of a (pid,
 * ordinal) pair (--device), and the capture span (valid GPU ops of every
 * kind, all devices). Memory: the map's arrays (owned by its user), det.gm
 * (24 bytes per (pid, ordinal) pair looked up); a parallel nsq_parscan holds
 * up to 2 * threads + 2 chunks of rows while it runs (15 MB with 2 threads,
 * 56 MB with 8). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nsysql/export/devmap.h"

/* The int64 map (internal.h). */
size_t nsq_sd_mix64(int64_t k)
{
    uint64_t x = (uint64_t)k;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return (size_t)x;
}

void nsq_sd_i64map_release(i64map *m)
{
    free(m->keys);
    free(m->vals);
    free(m->used);
    memset(m, 0, sizeof *m);
}

/* Returns the slot for key (inserting it with *val when absent). */
int64_t *nsq_sd_i64map_get(i64map *m, int64_t key, int64_t val, int *inserted)
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
                *nsq_sd_i64map_get(m, old.keys[i], old.vals[i], &ins) = old.vals[i];
            }
        nsq_sd_i64map_release(&old);
    }
    size_t h = nsq_sd_mix64(key) & (m->cap - 1);
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
int nsq_sd_sql_fail(det *d, int rc, const char *what)
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
int nsq_sd_par_scan(det *d, const char *view, const char *cols, int ncols, const char *where,
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
typedef struct pid_keep {
    int col;
    int64_t pid;
} pid_keep;

/* global_pid's process is --pid (the WHERE clause below, in C). */
static int keep_pid(const int64_t *v, unsigned nulls, const nsq_parscan_req *r)
{
    const pid_keep *k = r->keep_arg;
    return !(nulls >> k->col & 1u) && ((v[k->col] >> 24) & 0xFFFFFF) == k->pid;
}

int nsq_sd_par_scan_ops(det *d, const char *view, const char *cols, int ncols, int pidcol,
                        nsq_parscan_row row, void *ctx, const char *what)
{
    if (!d->cap_given || !d->o->has_pid)
        return nsq_sd_par_scan(d, view, cols, ncols, NULL, NULL, 0, row, ctx, what);
    pid_keep k = {pidcol, d->o->pid};
    nsq_parscan_bind b = {.type = NSQ_BIND_INT, .i = d->o->pid};
    nsq_parscan_req req = {.view = view,
                           .cols = cols,
                           .ncols = ncols,
                           .where = "((global_pid >> 24) & 16777215) = ?1",
                           .binds = &b,
                           .nbinds = 1,
                           .keep = keep_pid,
                           .keep_arg = &k,
                           .what = what};
    return nsq_parscan(d->x, &req, row, ctx, d->err);
}

/* One integer from a statement with up to two int64 parameters (NULL -> dflt). */
static int query_i64(det *d, const char *sql, int nb, int64_t b1, int64_t b2, int64_t dflt,
                     int64_t *out)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(d->x->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_sd_sql_fail(d, rc, "steady-state device identity");
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
        return nsq_sd_sql_fail(d, rc, "steady-state device identity");
    return 0;
}

/* Physical GPU of (pid, CUDA ordinal), by the rules of nsq_devmap_load()
 * (devmap.h), for one pair at a time: loading the whole map reads every GPU
 * op to list the pairs, which the kernel scans here already do. */
int nsq_sd_gpu_of(det *d, int64_t pid, int64_t dev, int64_t *gpu)
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
int nsq_sd_device_ok(det *d, int64_t gpid, int64_t dev)
{
    int64_t gpu;
    if (!d->o->has_device)
        return 1;
    if (gpid == d->last_gpid && dev == d->last_dev)
        return (int)d->last_ok;
    if (nsq_sd_gpu_of(d, (gpid >> 24) & 0xFFFFFF, dev, &gpu))
        return -1;
    d->last_gpid = gpid;
    d->last_dev = dev;
    d->last_ok = gpu == d->o->device;
    return (int)d->last_ok;
}
/* nsq_sd_cap_view()'s rows: start_ns, end_ns. Counted as min(CASE WHEN
 * end_ns >= start_ns THEN start_ns END), max(...) and sum(end_ns < start_ns)
 * over the view would count them: a row with a NULL bound counts for neither
 * (the scans that attribute ops read NULL as 0). The comparison is made here,
 * not in the SQL, so that the page reader can give the two columns (an
 * expression column sent 3.3M copy rows of a 10M-kernel capture through
 * SQLite, a tenth of steady-state's time). */
static int cap_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    det *d = ctx;
    (void)err;
    if (nulls & 3)
        return 0;
    if (v[1] >= v[0])
        cap_add(d, v[0], v[1]);
    else
        d->cap_bad++;
    return 0;
}

/* Adds the rows of one GPU op view to the capture span (view: one of the
 * fixed names kernel, memcpy, memset). */
int nsq_sd_cap_view(det *d, const char *view)
{
    if (d->cap_given)
        return 0;
    return nsq_sd_par_scan(d, view, "start_ns, end_ns", 2, NULL, NULL, 0, cap_row, d,
                           "steady-state capture span");
}

/* Adds the memcpy and memset rows to the capture span (the kernels come
 * from the caller's own scan of the kernel view). The views are read one by
 * one: the gpu_op union resolves names for every row, five times slower. */
int nsq_sd_cap_small_views(det *d)
{
    return nsq_sd_cap_view(d, "memcpy") || nsq_sd_cap_view(d, "memset") ? -1 : 0;
}

int nsq_sd_no_gpu_activity(det *d)
{
    nsq_error(d->err, NSQ_EXIT_INPUT, "no_gpu_activity",
              "the export has no GPU activity (no valid kernel, memcpy or memset rows): there is "
              "nothing to find a steady state in");
    nsq_hint(d->err, "nsysql info shows what the export holds");
    return -1;
}

/* Publishes the capture span once every kind of GPU op was scanned. */
int nsq_sd_cap_finish(det *d)
{
    if (!d->cap_have)
        return nsq_sd_no_gpu_activity(d);
    d->cap_done = 1;
    d->r->capture_start_ns = d->cap_lo;
    d->r->capture_end_ns = d->cap_hi;
    d->r->bad_rows = d->cap_bad;
    return 0;
}

void nsq_sd_cap_reset(det *d)
{
    d->cap_have = d->cap_done = 0;
    d->cap_bad = 0;
    d->cap_given = d->o->has_span;
    if (d->cap_given) {
        d->cap_have = 1;
        d->cap_lo = d->o->span_lo;
        d->cap_hi = d->o->span_hi;
        d->cap_bad = d->o->span_bad;
    }
}
