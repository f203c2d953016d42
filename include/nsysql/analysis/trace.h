/* trace: an export as a Chrome Trace Event Format timeline (Perfetto UI,
 * chrome://tracing), written as it is read.
 *
 * Layout of the trace:
 *   - every process and thread of the export as itself (pid, tid, names from
 *     the process and thread views): CUDA API calls ("X", cat cuda_runtime or
 *     cuda_driver, the categories PyTorch's Kineto traces use, as are kernel,
 *     gpu_memcpy and gpu_memset below, so that tools reading those read this),
 *     NVTX push/pop ranges ("X", cat = the NVTX domain id or "nvtx"), NVTX
 *     start/end ranges (async "b"/"e" pairs: they need not nest), marks
 *     ("i"), OS runtime calls with --osrt ("X", cat osrt), profiler overhead
 *     ("X", cat profiler_overhead);
 *   - every GPU (physical identity, as info reports it) as its own process
 *     (pid NSQ_TRACE_GPU_PID + gpu, named "GPU n - NAME"), one thread per
 *     stream: kernels (grid, block, registers, shared memory in args),
 *     memcpy (kind, bytes, GB/s), memset; a "GPU busy %" counter per device
 *     in NSQ_TRACE_BINS bins of the window (the union of its ops);
 *   - flow arrows ("s" at the launch call, "f" binding to the GPU op) for
 *     each (process, correlation id) with both ends in the trace; when one
 *     call launched several ops (a CUDA graph), the arrow goes to the first.
 * Times are microseconds with the nanosecond digits kept (ts 1234.567), on
 * the export's timeline. Events are written as rows are read: memory holds
 * the (process, correlation id) keys of the GPU ops and the launch calls
 * (8 bytes each) and the bins, never the events. */
#ifndef NSYSQL_TRACE_H
#define NSYSQL_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/export/export.h"
#include "nsysql/util/json.h"
#include "nsysql/analysis/scope.h"

#define NSQ_TRACE_GPU_PID 1000000000LL
#define NSQ_TRACE_BINS 2000

typedef struct nsq_trace_opts {
    const char *out; /* path; "-" = stdout; a name ending in .gz is gzip-compressed */
    const nsq_window *window;
    const nsq_filter *filter; /* --device, --pid */
    bool osrt;
    int64_t max_events; /* 0 = no limit */
} nsq_trace_opts;

enum nsq_trace_kind {
    TR_KERNEL, TR_MEMCPY, TR_MEMSET, TR_API, TR_NVTX_RANGE, TR_NVTX_ASYNC, TR_NVTX_MARK, TR_OSRT,
    TR_OVERHEAD, TR_FLOW, TR_COUNTER, TR_METADATA, TR_KINDS
};

typedef struct nsq_trace_result {
    int64_t events[TR_KINDS];
    int64_t total_events;
    int64_t bytes;      /* uncompressed trace bytes */
    int64_t file_bytes; /* bytes in the file (compressed when gzip) */
    bool compressed, truncated;
    int64_t unclosed_nvtx; /* NVTX ranges without an end: left out */
    int64_t bad_rows;      /* rows with end < start: left out */
    int64_t gpus, streams;
} nsq_trace_result;

extern const char *const nsq_trace_kind_names[TR_KINDS];

int nsq_trace_write(nsq_export *x, const nsq_trace_opts *o, nsq_trace_result *r, nsq_err *err);

#endif
