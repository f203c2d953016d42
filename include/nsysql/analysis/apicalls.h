/* apicalls: the CUDA runtime and driver calls of an export, summarised the
 * way `nsysql api` reports them, in one pass over the API table and one over
 * the GPU-op tables, without sorting either.
 *
 *   calls           per (runtime|driver, base name): count, total, mean,
 *                   median, p90, max (stats.h definitions)
 *   launch latency  per kernel name: kernel start - launch-call end, clipped
 *                   at 0, over the kernels whose call (same correlationId and
 *                   process) is counted
 *   queue depth     at each such launch: the process's launched kernels whose
 *                   call ended at or before this call's end and that had not
 *                   started by then (so launches whose calls end at the same
 *                   nanosecond see the same depth)
 *   sync calls      per (kind, name) of the synchronising calls: count, total
 *                   and the time inside them when the process had no kernel,
 *                   memcpy or memset running on any GPU
 *
 * Calls count when they overlap [start_ns, end_ns) (a zero-length call when
 * start_ns <= t <= end_ns) and belong to pid (when has_pid). GPU ops are never
 * filtered: a sync call's idle time looks at every op of its process.
 *
 * Memory: 8 bytes per counted call (durations, for exact medians), about 8
 * per correlation id of the calls (the id -> call end map), 16 per matched
 * kernel, plus the busy intervals of the ops that overlap a sync call. When
 * the correlation ids do not fit that map (one id used by two calls of a
 * process, or ids spread too thinly), nsq_api_fast returns NSQ_API_NOT_FAST and
 * the caller answers through SQL instead. */
#ifndef NSYSQL_APICALLS_H
#define NSYSQL_APICALLS_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/analysis/stats.h"
#include "nsysql/export/export.h"
#include "nsysql/util/err.h"

#define NSQ_API_NOT_FAST 1

typedef struct nsq_api_opts {
    int64_t start_ns, end_ns;
    bool has_pid;
    int64_t pid;
    bool no_launches; /* no launch latency or queue depth: no correlationId map, and the
                       * GPU-op tables read only when there are synchronising calls */
} nsq_api_opts;

typedef struct nsq_api_row {
    char *kind; /* "runtime" | "driver" (calls, sync); NULL for latency rows */
    char *name; /* base name (calls), sync name, kernel short name; may be NULL */
    nsq_stats s;
    int64_t idle_ns; /* sync rows */
} nsq_api_row;

typedef struct nsq_api_result {
    nsq_api_row *calls; /* by total desc, then kind, name */
    int64_t ncalls;
    int64_t calls_total, api_time_ns, bad_rows;
    nsq_api_row *latency; /* by total desc, then name */
    int64_t nlatency, launches_matched;
    int64_t qd_launches, qd_sum, qd_max;
    nsq_api_row *sync; /* by kind, then name */
    int64_t nsync, sync_idle_ns;
} nsq_api_result;

/* Returns 0, -1 with err, or NSQ_API_NOT_FAST (nothing in r to release). */
int nsq_api_fast(nsq_export *x, const nsq_api_opts *o, nsq_api_result *r, nsq_err *err);
void nsq_api_release(nsq_api_result *r);

/* The synchronising calls (the host waits for the device: explicit syncs,
 * synchronous copies and sets), by base name; NULL ends the list. */
extern const char *const nsq_api_sync_calls[];

/* The synchronising call a base name stands for (a _ptsz/_ptds suffix
 * removed), written to out; false when it is not one. */
bool nsq_api_sync_name(const char *base, char *out, size_t n);

#endif
