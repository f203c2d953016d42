#include "nsysql/devmap.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/strbuf.h"

/* Distinct (pid, device_id) pairs of GPU work, one C pass per op view
 * (cheaper than DISTINCT over the gpu_op UNION ALL view on big exports). */
static int collect_pairs(nsq_devmap *m, nsq_export *x, nsq_err *err)
{
    static const char *const sql[3] = {"SELECT pid, device_id FROM kernel",
                                       "SELECT pid, device_id FROM memcpy",
                                       "SELECT pid, device_id FROM memset"};
    for (int k = 0; k < 3; k++) {
        sqlite3_stmt *st = NULL;
        int rc = sqlite3_prepare_v2(x->db, sql[k], -1, &st, NULL);
        if (rc != SQLITE_OK)
            return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "device mapping", err);
        int64_t lp = INT64_MIN, ld = INT64_MIN;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            int64_t pid = sqlite3_column_int64(st, 0), dev = sqlite3_column_int64(st, 1);
            if (pid == lp && dev == ld)
                continue;
            lp = pid;
            ld = dev;
            bool seen = false;
            for (int i = 0; i < m->n && !seen; i++)
                seen = m->e[i].pid == pid && m->e[i].device_id == dev;
            if (seen)
                continue;
            m->e = xrealloc(m->e, sizeof(*m->e) * (size_t)(m->n + 1));
            nsq_devmap_entry *e = &m->e[m->n++];
            memset(e, 0, sizeof *e);
            e->pid = pid;
            e->device_id = dev;
            e->gpu = dev;
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE)
            return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "device mapping", err);
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

int nsq_devmap_load(nsq_devmap *m, nsq_export *x, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc;
    memset(m, 0, sizeof *m);
    enum nsq_dev_identity id = nsq_devmap_identity(x);
    bool n_map = id == NSQ_ID_CUDA_DEVICE_MAP, n_gpu = id == NSQ_ID_GPU_CUDEVICE;
    m->identity = nsq_devmap_identity_name(id);
    if (collect_pairs(m, x, err)) {
        nsq_devmap_release(m);
        return -1;
    }
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
