#include "nsysql/devmap.h"

#include <stdlib.h>
#include <string.h>

#include "nsysql/strbuf.h"

int nsq_devmap_load(nsq_devmap *m, nsq_export *x, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc;
    int64_t n_map = 0, n_gpu = 0;
    memset(m, 0, sizeof *m);
    nsq_query_int64(x->db, "SELECT count(*) FROM cuda_device", 0, &n_map);
    nsq_query_int64(x->db, "SELECT count(*) FROM device WHERE cuda_device IS NOT NULL", 0, &n_gpu);
    m->identity = n_map ? "cuda_device_map" : n_gpu ? "gpu_cudevice" : "cuda_ordinal";
    const char *sql =
        n_map ? "SELECT o.pid, o.device_id, c.gpu_id FROM (SELECT DISTINCT pid, device_id FROM gpu_op) o "
                "LEFT JOIN cuda_device c ON c.pid = o.pid AND c.device_id = o.device_id ORDER BY 1, 2"
        : n_gpu ? "SELECT o.pid, o.device_id, (SELECT d.gpu_id FROM device d WHERE d.cuda_device = "
                  "o.device_id LIMIT 1) FROM (SELECT DISTINCT pid, device_id FROM gpu_op) o ORDER BY 1, 2"
                : "SELECT DISTINCT pid, device_id, NULL FROM gpu_op ORDER BY 1, 2";
    rc = sqlite3_prepare_v2(x->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "device mapping", err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        m->e = xrealloc(m->e, sizeof(*m->e) * (size_t)(m->n + 1));
        nsq_devmap_entry *e = &m->e[m->n++];
        e->pid = sqlite3_column_int64(st, 0);
        e->device_id = sqlite3_column_int64(st, 1);
        e->mapped = sqlite3_column_type(st, 2) != SQLITE_NULL;
        e->gpu = e->mapped ? sqlite3_column_int64(st, 2) : e->device_id;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "device mapping", err);
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
