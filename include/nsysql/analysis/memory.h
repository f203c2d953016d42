/* memory: CUDA memory usage from CUDA_GPU_MEMORY_USAGE_EVENTS (nsys
 * --cuda-memory-usage=true). Each row is an instant: an allocation
 * (memoryOperationType 0) or a free (1) of `bytes` at `address`, with its
 * memory kind (ENUM_CUDA_MEM_KIND: 0 pageable, 1 pinned, 2 device, 3 array,
 * 4 managed, 5 device static, 6 managed static, 7 unknown).
 *
 * Per (process, physical device): bytes in use over time per kind, as the
 * running sum in (start, rowid) order; "device memory" is kinds 2, 3 and 5
 * (what fills the GPU), reported apart from pinned host (1) and managed
 * (4, 6) memory. The peak of device memory, when, and the allocation that
 * reached it; allocations never freed within the capture (a free matches the
 * open allocation at its address); static allocations (kinds 5 and 6: module
 * globals, freed at unload) are counted apart, never as possible leaks; frees
 * of addresses allocated before the capture are counted as unmatched. A
 * timeline of device memory in use, downsampled to `points` buckets keeping
 * each bucket's maximum (the peak is never lost). One ordered pass over the
 * table; memory O(open allocations + points). */
#ifndef NSYSQL_MEMORY_H
#define NSYSQL_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/analysis/scope.h"
#include "nsysql/export/export.h"
#include "nsysql/util/json.h"
#include "nsysql/util/strbuf.h"

#define NSQ_MEM_KINDS 8

typedef struct nsq_mem_alloc {
    int64_t start_ns, address, bytes, kind, correlation_id;
    int64_t row; /* the event's rowid */
    char *name;  /* the row's name (static allocations carry the symbol), or NULL */
} nsq_mem_alloc;

typedef struct nsq_mem_point {
    int64_t t_ns, bytes;
} nsq_mem_point;

typedef struct nsq_mem_dev {
    int64_t pid, device_id, gpu;
    int64_t events, allocs, frees, alloc_bytes, free_bytes, unmatched_frees;
    int64_t in_use[NSQ_MEM_KINDS];   /* at the end of the capture */
    int64_t peak[NSQ_MEM_KINDS];     /* per kind */
    int64_t device_in_use, device_peak, device_peak_ns; /* kinds 2, 3, 5 */
    nsq_mem_alloc peak_alloc;        /* the allocation that reached the device peak */
    nsq_mem_alloc *open;             /* allocations not freed (owned) */
    int64_t nopen, capopen;
    int64_t *holes, nholes, capholes; /* while replaying: freed slots of open */
    nsq_mem_point *points;           /* device memory in use, downsampled */
    int64_t npoints;
    int64_t first_ns, last_ns;
    /* window churn */
    int64_t win_allocs, win_frees, win_alloc_bytes;
} nsq_mem_dev;

typedef struct nsq_memory_opts {
    const nsq_window *window; /* kind "all": the whole capture */
    const nsq_filter *filter; /* --pid, --device */
    int64_t points;           /* timeline buckets (default 200) */
    int64_t limit;            /* never-freed allocations listed per device (0 = all) */
    int64_t steady_iterations; /* > 0: churn per iteration over the window */
} nsq_memory_opts;

typedef struct nsq_memory {
    nsq_mem_dev *devs;
    int ndevs, capdevs;
    int64_t events;
    int64_t bad_rows; /* rows without a start time, left out */
} nsq_memory;

/* Errors no_memory_events (exit 3) when the table is absent or empty. */
int nsq_memory_run(nsq_memory *r, nsq_export *x, const nsq_memory_opts *o, nsq_err *err);
void nsq_memory_json(json *j, const nsq_memory *r, const nsq_memory_opts *o);
void nsq_memory_text(strbuf *sb, const nsq_memory *r, const nsq_memory_opts *o, const char *fmt);
void nsq_memory_release(nsq_memory *r);
const char *nsq_mem_kind_name(int64_t kind);

#endif
