#include "nsysql/export/devmap.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/export/parscan.h"
#include "nsysql/util/strbuf.h"
#include "nsysql/util/grow.h"

static void add_pair(nsq_devmap *m, int64_t pid, int64_t dev)
{
    for (int i = 0; i < m->n; i++)
        if (m->e[i].pid == pid && m->e[i].device_id == dev)
            return;
    NSQ_GROW(m->e, m->n + 1, m->cap);
    nsq_devmap_entry *e = &m->e[m->n++];
    memset(e, 0, sizeof *e);
    e->pid = pid;
    e->device_id = dev;
    e->gpu = dev;
}

typedef struct pair_scan {
    nsq_devmap *m;
    int64_t lp, ld;
    int any;
} pair_scan;

/* v: global_pid, device_id (NULL reads 0, as the pid and device_id columns
 * read through sqlite3_column_int64 do) */
static int pair_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    pair_scan *ps = ctx;
    (void)nulls;
    (void)err;
    int64_t pid = (int64_t)(((uint64_t)v[0] >> 24) & 16777215u), dev = v[1];
    if (ps->any && pid == ps->lp && dev == ps->ld)
        return 0;
    ps->any = 1;
    ps->lp = pid;
    ps->ld = dev;
    add_pair(ps->m, pid, dev);
    return 0;
}

/* Distinct (pid, device_id) pairs of GPU work, one pass per op view
 * (nsq_parscan: from the pages where it can; cheaper than DISTINCT over the
 * gpu_op UNION ALL view on big exports). */
static int collect_pairs(nsq_devmap *m, nsq_export *x, nsq_err *err)
{
    static const char *const views[3] = {"kernel", "memcpy", "memset"};
    for (int k = 0; k < 3; k++) {
        pair_scan ps = {m, 0, 0, 0};
        nsq_parscan_req r = {
            .view = views[k], .cols = "global_pid, device_id", .ncols = 2, .what = "device mapping"};
        if (nsq_parscan(x, &r, pair_row, &ps, err))
            return -1;
    }
    return 0;
}

static int cmp_entry(const void *a, const void *b)
{
    const nsq_devmap_entry *x = a, *y = b;
    if (x->pid != y->pid)
        return (x->pid > y->pid) - (x->pid < y->pid);
    return (x->device_id > y->device_id) - (x->device_id < y->device_id);
}

enum nsq_dev_identity nsq_devmap_identity(nsq_export *x)
{
    if (!x->probe.device_identity) {
        int64_t n_map = 0, n_gpu = 0;
        nsq_query_int64(x->db, "SELECT count(*) FROM cuda_device", 0, &n_map);
        nsq_query_int64(x->db, "SELECT count(*) FROM device WHERE cuda_device IS NOT NULL", 0,
                        &n_gpu);
        x->probe.device_identity = n_map   ? NSQ_ID_CUDA_DEVICE_MAP
                                   : n_gpu ? NSQ_ID_GPU_CUDEVICE
                                           : NSQ_ID_ORDINAL;
    }
    return (enum nsq_dev_identity)x->probe.device_identity;
}

const char *nsq_devmap_identity_name(enum nsq_dev_identity id)
{
    return id == NSQ_ID_CUDA_DEVICE_MAP ? "cuda_device_map"
           : id == NSQ_ID_GPU_CUDEVICE  ? "gpu_cudevice"
                                        : "cuda_ordinal";
}

static int map_pairs(nsq_devmap *m, nsq_export *x, nsq_err *err);

int nsq_devmap_load(nsq_devmap *m, nsq_export *x, nsq_err *err)
{
    memset(m, 0, sizeof *m);
    if (collect_pairs(m, x, err)) {
        nsq_devmap_release(m);
        return -1;
    }
    return map_pairs(m, x, err);
}

int nsq_devmap_load_pairs(nsq_devmap *m, nsq_export *x, const int64_t *pid_dev, int n,
                          nsq_err *err)
{
    memset(m, 0, sizeof *m);
    for (int i = 0; i < n; i++)
        add_pair(m, pid_dev[2 * i], pid_dev[2 * i + 1]);
    return map_pairs(m, x, err);
}

/* m->e holds the pairs: sorts them and maps each to its GPU. */
static int map_pairs(nsq_devmap *m, nsq_export *x, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc;
    enum nsq_dev_identity id = nsq_devmap_identity(x);
    bool n_map = id == NSQ_ID_CUDA_DEVICE_MAP, n_gpu = id == NSQ_ID_GPU_CUDEVICE;
    m->identity = nsq_devmap_identity_name(id);
    if (m->n > 1)
        qsort(m->e, (size_t)m->n, sizeof *m->e, cmp_entry);
    if (!n_map && !n_gpu)
        return 0;
    rc = sqlite3_prepare_v2(x->db,
                            n_map ? "SELECT gpu_id FROM cuda_device WHERE pid = ?1 AND device_id = ?2 LIMIT 1"
                                  : "SELECT gpu_id FROM device WHERE cuda_device = ?2 LIMIT 1",
                            -1, &st, NULL);
    if (rc != SQLITE_OK) {
        nsq_devmap_release(m);
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "device mapping", err);
    }
    for (int i = 0; i < m->n; i++) {
        nsq_devmap_entry *e = &m->e[i];
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, e->pid);
        sqlite3_bind_int64(st, 2, e->device_id);
        if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL) {
            e->gpu = sqlite3_column_int64(st, 0);
            e->mapped = 1;
        }
    }
    sqlite3_finalize(st);
    return 0;
}

int64_t nsq_devmap_gpu(const nsq_devmap *m, int64_t pid, int64_t device_id)
{
    for (int i = 0; i < m->n; i++)
        if (m->e[i].pid == pid && m->e[i].device_id == device_id)
            return m->e[i].gpu;
    return device_id;
}

void nsq_devmap_release(nsq_devmap *m)
{
    free(m->e);
    memset(m, 0, sizeof *m);
}
