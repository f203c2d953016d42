/* libnsysql_inject.so: the row model (one struct per nsys export table
 * row) and the SQLite writer. The library's modules, each with its header,
 * lower ones never including higher ones:
 *
 *   rows.c     row model -> SQLite (tables and columns of an nsys export),
 *              string interning, kernel name demangling; no CUPTI needed
 *   records.c  CUPTI activity record -> row: a pure function (records are
 *              constructed by hand in the unit test)
 *   session.c  the per-process session: environment, queue, writer thread,
 *              periodic flush, CUPTI set-up, exit/signal/fork handling
 *   nvtx.c     our NVTX injection: handlers -> NVTX_EVENTS / ThreadNames
 *              rows, handed to the session; it registers its exit and fork
 *              work with the session (nsq_session_set_nvtx_hooks), so the
 *              session never calls into it
 *
 * Ownership: rows carry borrowed strings except nvtx.text / thread.name,
 * which the queue owns (see session.c). The writer thread is the only user
 * of the sqlite3 connection. */
#ifndef NSYSQL_INJECT_ROWS_H
#define NSYSQL_INJECT_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NSQ_INJECT_VERSION "0.1.0"
/* The nsys export schema whose tables and columns the files mirror. */
#define NSQ_INJECT_SCHEMA "3.25.0"

/* nsys ENUM_NSYS_EVENT_TYPE values used in NVTX_EVENTS.eventType */
enum {
    NSQ_NVTX_CATEGORY = 33,
    NSQ_NVTX_MARK = 34,
    NSQ_NVTX_THREAD = 39,
    NSQ_NVTX_PUSHPOP = 59,
    NSQ_NVTX_STARTEND = 60,
    NSQ_NVTX_DOMAIN_CREATE = 75,
    NSQ_NVTX_DOMAIN_DESTROY = 76
};

/* nsys ENUM_NSYS_EVENT_CLASS for CUPTI_ACTIVITY_KIND_RUNTIME.eventClass */
enum { NSQ_EVENT_CLASS_RUNTIME = 0, NSQ_EVENT_CLASS_DRIVER = 1 };

/* nsys serialised GlobalId: <HW:8><VM:8><PID:24><TID:24>, VM 1 as nsys writes on Linux */
static inline int64_t nsq_global_pid(uint32_t pid)
{
    return (int64_t)((1ull << 48) | ((uint64_t)(pid & 0xFFFFFF) << 24));
}
static inline int64_t nsq_global_tid(uint32_t pid, uint32_t tid)
{
    return nsq_global_pid(pid) | (int64_t)(tid & 0xFFFFFF);
}

typedef enum nsq_row_kind {
    NSQ_ROW_KERNEL = 1,
    NSQ_ROW_MEMCPY,
    NSQ_ROW_MEMSET,
    NSQ_ROW_API,
    NSQ_ROW_SYNC,
    NSQ_ROW_OVERHEAD,
    NSQ_ROW_GPU,
    NSQ_ROW_CONTEXT,
    NSQ_ROW_NVTX,
    NSQ_ROW_THREAD_NAME
} nsq_row_kind;

/* Optional integers: has == false writes NULL. */
typedef struct nsq_opt_i64 {
    bool has;
    int64_t v;
} nsq_opt_i64;

typedef struct nsq_row_kernel {
    int64_t start, end;
    uint32_t device_id, context_id, stream_id, correlation_id;
    int64_t global_pid;
    const char *mangled_name; /* as CUPTI reports it; demangled by the writer */
    int launch_type;          /* nsys ENUM_CUDA_KERNEL_LAUNCH_TYPE */
    int cache_config;         /* ENUM_CUDA_FUNC_CACHE_CONFIG (requested) */
    int registers_per_thread;
    int32_t grid[3], block[3];
    int32_t static_shared, dynamic_shared;
    uint32_t local_per_thread;
    uint64_t local_total;
    int64_t grid_id;
    uint32_t shared_executed;
    nsq_opt_i64 graph_node_id, graph_id;
    int shared_limit_config;
    uint32_t cluster[3], cluster_policy, max_potential_cluster, max_active_clusters;
} nsq_row_kernel;

typedef struct nsq_row_memcpy {
    int64_t start, end;
    uint32_t device_id, context_id, stream_id, correlation_id;
    int64_t global_pid;
    uint64_t bytes;
    int copy_kind;          /* ENUM_CUDA_MEMCPY_OPER (same numbers as CUPTI) */
    int src_kind, dst_kind; /* ENUM_CUDA_MEM_KIND (CUPTI's minus one) */
    nsq_opt_i64 src_device, src_context, dst_device, dst_context; /* peer copies */
    nsq_opt_i64 graph_node_id, copy_count;
} nsq_row_memcpy;

typedef struct nsq_row_memset {
    int64_t start, end;
    uint32_t device_id, context_id, stream_id, correlation_id;
    int64_t global_pid;
    uint32_t value;
    uint64_t bytes;
    nsq_opt_i64 graph_node_id;
    int mem_kind; /* ENUM_CUDA_MEM_KIND */
} nsq_row_memset;

typedef struct nsq_row_api {
    int64_t start, end;
    int event_class; /* NSQ_EVENT_CLASS_* */
    int64_t global_tid;
    uint32_t correlation_id;
    const char *name; /* e.g. cudaLaunchKernel_v7000 */
    uint32_t return_value;
} nsq_row_api;

typedef struct nsq_row_sync {
    int64_t start, end;
    int64_t device_id; /* -1: not known yet (CUPTI's record has none; resolved from contexts) */
    uint32_t context_id, stream_id, correlation_id;
    int64_t global_pid;
    int sync_type; /* ENUM_CUPTI_SYNC_TYPE (same numbers as CUPTI) */
    uint32_t event_id;
    nsq_opt_i64 event_sync_id;
} nsq_row_sync;

typedef struct nsq_row_overhead {
    int64_t start, end;
    int64_t global_tid;
    const char *name;
    int overhead_type; /* ENUM_CUPTI_OVERHEAD_TYPE */
} nsq_row_overhead;

typedef struct nsq_row_gpu {
    uint32_t id; /* the CUDA ordinal in this process */
    const char *name;
    char uuid[40];
    uint64_t l2_cache, total_memory, memory_bandwidth, clock_hz;
    uint32_t sm_count, constant_memory, max_ipc, max_registers_per_block, max_shmem_per_block,
        max_shmem_per_sm, max_registers_per_sm, threads_per_warp, async_engines, max_warps_per_sm,
        max_blocks_per_sm, max_threads_per_block;
    uint32_t max_block[3], max_grid[3];
    uint32_t compute_major, compute_minor;
} nsq_row_gpu;

typedef struct nsq_row_context {
    uint32_t context_id, device_id, null_stream_id, parent_context_id;
    int is_green;
    uint32_t pid;
} nsq_row_context;

typedef struct nsq_row_nvtx {
    int64_t start;
    nsq_opt_i64 end;
    int event_type;
    nsq_opt_i64 range_id, category, color, end_global_tid;
    char *text;       /* inline text (text column) */
    char *registered; /* registered string (interned: textId column) */
    int64_t global_tid;
    uint32_t domain_id;
} nsq_row_nvtx;

typedef struct nsq_row_thread {
    int64_t global_tid;
    char *name;
} nsq_row_thread;

typedef struct nsq_row {
    nsq_row_kind kind;
    union {
        nsq_row_kernel kernel;
        nsq_row_memcpy memcpy;
        nsq_row_memset memset;
        nsq_row_api api;
        nsq_row_sync sync;
        nsq_row_overhead overhead;
        nsq_row_gpu gpu;
        nsq_row_context context;
        nsq_row_nvtx nvtx;
        nsq_row_thread thread;
    } u;
} nsq_row;

/* ---- the writer --------------------------------------------------------- */

typedef struct nsq_writer nsq_writer;

typedef struct nsq_writer_meta {
    uint32_t pid;
    const char *process_name;
    int64_t utc_epoch_ns;               /* the session origin: time 0 of every row */
    uint32_t cupti_built, cupti_loaded; /* API versions (0: unknown) */
} nsq_writer_meta;

/* Creates `path` (must not exist) with the always-present tables. Returns 0,
 * or -1 with a message in errbuf. */
int nsq_writer_open(nsq_writer **out, const char *path, const nsq_writer_meta *meta, char *errbuf,
                    size_t errlen);
/* Stores one row (the event tables are created on first use, as nsys's lazy
 * export does). Returns 0 or -1 (the error is remembered, see nsq_writer_error). */
int nsq_writer_put(nsq_writer *w, const nsq_row *r);
/* Commits the open transaction (a new one begins with the next row). */
int nsq_writer_commit(nsq_writer *w);
/* Adds a warning for the capturing nsysql (NSYSQL_CUPTI_WARNINGS). */
void nsq_writer_warn(nsq_writer *w, const char *code, const char *message);
/* Sets a status counter (NSYSQL_CUPTI_STATUS: name, value). */
void nsq_writer_status(nsq_writer *w, const char *name, int64_t value);
/* Drops driver-API rows nested in a runtime call of the same thread (nsys
 * shows only the outermost call) after re-pointing GPU rows that named them
 * at the runtime call around them. Returns 0 or -1. */
int nsq_writer_prune_nested_driver(nsq_writer *w);
/* Resolves what could only be known at the end (sync device ids), commits
 * and closes. Returns 0 or -1. */
int nsq_writer_close(nsq_writer *w);
const char *nsq_writer_error(const nsq_writer *w);
int64_t nsq_writer_rows(const nsq_writer *w);

/* Kernel names as nsys stores them: the demangled name (the input itself
 * when it is not a mangled C++ name) and the short name (unqualified base
 * name without template arguments, parameters or return type). Both are
 * malloc'd. */
void nsq_kernel_names(const char *mangled, char **demangled, char **short_name);

#endif
