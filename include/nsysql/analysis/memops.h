/* memops: GPU memory copies and memsets summarised per device (nsysql memcpy).
 *
 * Every op (CUPTI_ACTIVITY_KIND_MEMCPY / MEMSET rows through the memcpy and
 * memset views) with start and end and end >= start that overlaps the window
 * is counted once in each grouping of its section on its device:
 *   all          key "all"
 *   kind         copy kind (HtoD, DtoH, DtoD, HtoH, PtoP, UVM HtoD, ...) or,
 *                for memsets, the memory kind written (Device, Managed, ...)
 *   size         <4KiB, 4KiB-64KiB, 64KiB-1MiB, 1MiB-16MiB, 16MiB-256MiB,
 *                >=256MiB (lower bound included)
 *   host_memory  pageable (either side pageable), pinned (either side pinned),
 *                managed, device (no host side), unknown
 *   call         sync / async / none: the correlated runtime or driver call's
 *                name has "Async" in it, has not, or there is no such call
 * The plain-SQL oracle is the stored query memops (queries/memops.sql); both
 * give the same figures. The fast path reads the memcpy, memset and api views with
 * nsq_parscan and joins each op to its launching call (correlationId within the
 * process) in a hash table; it keeps one 48-byte record per selected op for the
 * exact medians. NSYSQL_MEMOPS_SQLROWS=1 reads the ops through one SQLite join
 * instead (for comparison). */
#ifndef NSYSQL_MEMOPS_H
#define NSYSQL_MEMOPS_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/export/export.h"
#include "nsysql/util/json.h"
#include "nsysql/util/strbuf.h"

enum { NSQ_MEM_MEMCPY = 0, NSQ_MEM_MEMSET = 1 };

typedef struct nsq_mem_group {
    int section;          /* NSQ_MEM_MEMCPY / NSQ_MEM_MEMSET */
    int64_t device;       /* deviceId as recorded (CUDA ordinal) */
    const char *grouping; /* "all", "kind", "size", "host_memory", "call" */
    const char *key;
    int64_t count, bytes, total_ns, mean_ns, median_ns, min_ns, max_ns;
    double median_op_gbps; /* NAN when no op has a duration */
} nsq_mem_group;

typedef struct nsq_mem_device {
    int64_t device;
    double bandwidth_gbps;        /* device memory bandwidth; NAN when unknown */
    const char *bandwidth_reason; /* why it is null, or its source */
} nsq_mem_device;

typedef struct nsq_mem_result {
    nsq_mem_group *g;
    int ng, capg;
    nsq_mem_device *dev;
    int ndev, capdev;
    int64_t bad_rows;
    int64_t cpu_faults, gpu_faults; /* -1 when the table is absent */
    bool have_memcpy_table, have_memset_table;
    bool no_medians; /* sums_only was served: median_ns and median_op_gbps not computed */
} nsq_mem_result;

typedef struct nsq_mem_opts {
    int64_t start_ns, end_ns;
    const char *pid;    /* NULL or "" = all */
    const char *stream; /* NULL or "" = all */
    bool oracle;
    /* the caller reads only counts, bytes and times (advise): the fast path
     * then sums each group as the rows stream, keeping no op and taking no
     * median (r->no_medians; the JSON's medians are null) */
    bool sums_only;
} nsq_mem_opts;

int nsq_mem_run(nsq_mem_result *r, nsq_export *x, const nsq_mem_opts *o, nsq_err *err);
/* totals_only: each device's by_* arrays are left empty (its totals stay). */
void nsq_mem_json(json *j, const nsq_mem_result *r, bool totals_only);
void nsq_mem_text(strbuf *sb, const nsq_mem_result *r, const char *fmt);
void nsq_mem_release(nsq_mem_result *r);

#endif
