/* intervals: GPU-op intervals per device — scanning, sorting, union, gaps.
 *
 * Three layers, each usable alone:
 *  1. Interval arithmetic on [start, end) pairs: sort, union (touching
 *     intervals merge, empty ones vanish), length, clip, gaps, subtraction,
 *     and a streaming union that takes intervals in start order and reports
 *     each gap as it closes (O(1) memory).
 *  2. nsq_opscan: one pass over kernel, memcpy and memset (the portable views)
 *     returning GPU ops with their physical device (the devmap.h rules,
 *     resolved lazily per (pid, ordinal) pair so no extra scan is needed),
 *     after the window and the scope filters. Rows are merged by start time;
 *     the scan guarantees non-decreasing start order per device. nsys writes
 *     each table in start order, which makes this a streaming merge; when the
 *     rows are not in that order (CUPTI captures hold a few rows a little
 *     early), the scan restarts and hands the ops on through a buffer of
 *     4,096 that gives them the order of a sort by (start, kind, table
 *     position); rows further out of order than that make it restart again,
 *     load the passing ops into memory and sort them (~100 bytes per op,
 *     plus growth slack). On each restart the sink gets a NULL op and
 *     discards what it accumulated. The rows are read inside
 *     SQLite on several connections (parscan.h); the memcpy and memset ops
 *     are read first and kept in memory, packed (~12 bytes each). A lean scan reads
 *     only times, devices and row ids; nsq_opscan_complete() reads the rest
 *     of the few ops a caller reports.
 *  3. nsq_ivl_load: per-device sorted (and optionally unioned) interval sets
 *     for a window and filters, built on the scan (for diff, steady-state).
 *
 * Rules shared by every analysis (and their SQL oracles):
 *  - a row with a NULL start or end, or end < start, is a bad row: counted,
 *    never used;
 *  - an op is in the window [ws, we) when start < we and end > ws; a
 *    zero-length op (start = end = t) when ws <= t <= we;
 *  - zero-length ops cover nothing: they never enter a union. */
#ifndef NSYSQL_INTERVALS_H
#define NSYSQL_INTERVALS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nsysql/analysis/scope.h"
#include "nsysql/export/export.h"

/* ---- 1. interval arithmetic ------------------------------------------------- */

typedef struct nsq_ivl {
    int64_t start, end;
} nsq_ivl;

/* Sorts by start, then end (LSD radix sort for large n: O(n), n*16 bytes of
 * scratch; insertion sort for small n). */
void nsq_ivl_sort(nsq_ivl *v, size_t n);
/* Merges start-sorted v in place into disjoint, sorted intervals: overlapping
 * or touching intervals merge, empty ones are dropped. Returns the new count. */
size_t nsq_ivl_union(nsq_ivl *v, size_t n);
/* Total length of disjoint intervals. */
int64_t nsq_ivl_length(const nsq_ivl *v, size_t n);
/* Clips every interval to [lo, hi) in place, dropping the empty ones. Keeps
 * order. Returns the new count. */
size_t nsq_ivl_clip(nsq_ivl *v, size_t n, int64_t lo, int64_t hi);
/* The holes between consecutive disjoint sorted intervals into out (room for
 * n - 1). Returns the count. */
size_t nsq_ivl_gaps(const nsq_ivl *v, size_t n, nsq_ivl *out);
/* a minus the disjoint sorted set b[0..nb): the uncovered pieces of a, in
 * order, into out (room for nb + 1). Returns the count. */
size_t nsq_ivl_minus(nsq_ivl a, const nsq_ivl *b, size_t nb, nsq_ivl *out);
/* Length of the part of a covered by the disjoint sorted set b[0..nb). */
int64_t nsq_ivl_overlap(nsq_ivl a, const nsq_ivl *b, size_t nb);

/* Streaming union: push intervals in non-decreasing start order. */
typedef struct nsq_union {
    bool open;     /* an island is being built */
    int64_t start; /* current island */
    int64_t end;
    int64_t first;   /* start of the first island */
    int64_t covered; /* length of the closed islands (nsq_union_finish adds the open one) */
    int64_t islands; /* closed islands */
} nsq_union;

void nsq_union_init(nsq_union *u);
/* Adds [s, e) (empty intervals are ignored: returns 0). Returns 1 when the
 * interval starts a new island after a gap (*gap set to the hole, when gap is
 * not NULL), 0 when it joined or started the first island, -1 when s is
 * before the current island's start (input not in start order). */
int nsq_union_push(nsq_union *u, int64_t s, int64_t e, nsq_ivl *gap);
/* Closes the open island. Afterwards u->covered is the union's length and
 * u->end the end of the last island. */
void nsq_union_finish(nsq_union *u);

/* ---- 2. GPU-op scan ----------------------------------------------------------- */

enum nsq_op_kind { NSQ_OP_KERNEL = 0, NSQ_OP_MEMCPY = 1, NSQ_OP_MEMSET = 2, NSQ_OP_KINDS = 3 };
#define NSQ_OPS_ALL 7u
/* "kernel", "memcpy", "memset" (the gpu_op view's kind). */
extern const char *const nsq_op_kind_names[NSQ_OP_KINDS];

typedef struct nsq_op {
    int64_t start, end; /* as recorded (not clipped) */
    int64_t gpu;        /* physical device identity (devmap.h rules) */
    int64_t pid, global_pid, device_id, stream_id, correlation_id;
    int64_t seq;       /* position in table order, per kind */
    int64_t row_id;    /* the row's row_id in its view */
    int32_t kind;      /* enum nsq_op_kind */
    int32_t name_slot; /* nsq_opscan_name(): interned name of the op; -1 in a
                        * lean scan until nsq_opscan_complete() */
    int64_t name_id;   /* the name id column read (kernels: the StringIds id of
                        * the kernel_name option's column; a copy's kind), -1
                        * when NULL; 0 in a lean scan */
    bool complete;     /* stream_id and correlation_id (and name_slot) read */
} nsq_op;

typedef struct nsq_opscan_opts {
    unsigned kinds;           /* bits (1 << NSQ_OP_*); 0 = all */
    const char *kernel_name;  /* "short" (default), "demangled", "mangled" or
                               * "demangled_or_short" */
    const nsq_filter *filter; /* NULL = none; --device/--pid/--stream always applied */
    bool name_filter;         /* also apply --name/--exclude to the op's name */
    bool details;             /* read stream_id and correlation_id (else 0, unless
                               * a --stream filter needs them): two columns less */
    bool has_window;          /* false = every valid row (window 'all') */
    int64_t win_start, win_end;
    bool lean;     /* read neither names nor stream and correlation ids (name_slot
                    * -1, stream_id = correlation_id = 0): the caller completes the
                    * few ops it reports with nsq_opscan_complete(). Ignored (and
                    * details read as asked) when a name or stream filter applies. At
                    * 10^7 rows each column left unread saves ~10 % of the scan */
    bool skip_pid; /* nsq_opscan_run: the caller reads neither op.pid, op.global_pid
                    * nor the pairs' pids, so the column may be left out: it is
                    * when the device identity does not depend on the pid and no
                    * --pid filter is set (then those read 0) */
} nsq_opscan_opts;

typedef struct nsq_opscan_stats {
    int64_t rows[NSQ_OP_KINDS];        /* rows read */
    int64_t bad_rows[NSQ_OP_KINDS];    /* NULL start/end or end < start: skipped */
    int64_t zero_length[NSQ_OP_KINDS]; /* returned ops with start = end */
    int64_t returned[NSQ_OP_KINDS];    /* ops returned */
    /* min(start) and max(end) over the valid rows read, before any filter
     * (what --window all means when every kind is scanned, the same as
     * nsq_gpu_span); set only when has_span */
    bool has_span;
    int64_t min_start, max_end;
    bool sorted_in_memory; /* rows were not in start order: the fallback ran */
} nsq_opscan_stats;

/* One (pid, CUDA ordinal) pair seen in scope (after --device/--pid/--stream,
 * before the window and name filters), with its physical device. */
typedef struct nsq_op_pair {
    int64_t pid, device_id, gpu;
} nsq_op_pair;

typedef struct nsq_opscan nsq_opscan;

/* Prepares a scan. Returns 0, or -1 with err. *out is owned by the caller
 * (nsq_opscan_close). */
int nsq_opscan_open(nsq_opscan **out, nsq_export *x, const nsq_opscan_opts *o, nsq_err *err);
/* Runs the scan (once): calls sink for every op, in non-decreasing start
 * order per device (on equal starts: kernels, then memcpy, then memset;
 * table order within a kind). When the rows are not in
 * start order, sink is called once with op = NULL (discard everything
 * accumulated) and then receives every op again in sorted order. sink
 * returns 0, or -1 with err set to stop the scan. Returns 0, or -1 with err. */
typedef int (*nsq_op_sink)(void *ctx, const nsq_op *op, nsq_err *err);
int nsq_opscan_run(nsq_opscan *s, nsq_op_sink sink, void *ctx, nsq_err *err);
/* Reads an op's name, stream and correlation id (and pid) from its row, when
 * op->complete is false (a lean scan). One indexed lookup by row_id. Returns
 * 0, or -1 with err. */
int nsq_opscan_complete(nsq_opscan *s, nsq_op *op, nsq_err *err);
/* The name of an interned slot (owned by the scan; NULL for a kernel whose
 * name column is NULL): kernels per kernel_name, memcpy 'memcpy <kind>',
 * memset 'memset' (the gpu_op view's names). */
const char *nsq_opscan_name(const nsq_opscan *s, int slot);
int nsq_opscan_nslots(const nsq_opscan *s);
/* A per-slot integer the caller may use as a cache (starts at -1). */
int *nsq_opscan_slot_user(nsq_opscan *s, int slot);
const nsq_opscan_stats *nsq_opscan_stats_of(const nsq_opscan *s);
/* Device identity method: "cuda_device_map" | "gpu_cudevice" | "cuda_ordinal". */
const char *nsq_opscan_identity(const nsq_opscan *s);
/* Pairs seen in scope (complete once the run returned). */
const nsq_op_pair *nsq_opscan_pairs(const nsq_opscan *s, int *n);
void nsq_opscan_close(nsq_opscan *s);

/* The one rule of a valid row, wherever times are read: start and end are
 * INTEGER (not REAL, TEXT, BLOB or NULL), strictly inside +-2^62 (so a
 * duration or a span is below 2^63), and end >= start. The scans read other
 * values as NULL (parscan.c); this is the same rule for SQL over the views. */
#define NSQ_VALUE_LIMIT ((int64_t)1 << 62)
#define NSQ_SQL_VALID_ROW                                                                          \
    "typeof(start_ns) = 'integer' AND typeof(end_ns) = 'integer' AND start_ns > "                  \
    "-4611686018427387904 "                                                                        \
    "AND end_ns < 4611686018427387904 AND end_ns >= start_ns"

/* The span of --window all: min(start), max(end) over the valid GPU ops
 * (NSQ_SQL_VALID_ROW), by one SQL query. Errors no_gpu_activity (exit 3). */
int nsq_gpu_span(nsq_export *x, int64_t *lo, int64_t *hi, nsq_err *err);

/* Kernel name ids that StringIds lacks, met by the scans so far (any thread):
 * each is named "[name id N not in StringIds]", so kernels stay apart by id;
 * the command layer warns name_ids_missing. */
int64_t nsq_missing_name_ids(void);

/* Errors no_gpu_activity (exit 3) when the export has no kernel, memcpy or
 * memset row at all (the analyses' first check). */
int nsq_require_gpu_ops(nsq_export *x, nsq_err *err);
/* Why an export holds no GPU activity, as the next step to take, into buf:
 * CUDA tracing off (no CUDA API call), on but no launch in the captured
 * range, or launches traced and their GPU records lost. Returns the number
 * of kernel and graph launch calls traced. */
int64_t nsq_no_gpu_hint(nsq_export *x, char *buf, size_t size);

/* Is [s, e) (a valid row, e >= s) in the window [ws, we)? */
bool nsq_in_window(int64_t s, int64_t e, int64_t ws, int64_t we);

/* ---- 3. per-device interval sets ------------------------------------------------ */

typedef struct nsq_devivl {
    int64_t gpu;
    nsq_ivl *v; /* owned */
    size_t n;
} nsq_devivl;

typedef struct nsq_ivlset {
    nsq_devivl *dev; /* sorted by gpu */
    int ndev;
    const char *identity;
    nsq_opscan_stats stats;
} nsq_ivlset;

typedef struct nsq_ivl_load_opts {
    unsigned kinds;           /* 0 = all */
    const nsq_window *window; /* NULL = all */
    const nsq_filter *filter; /* NULL = none */
    bool name_filter;         /* apply --name/--exclude to gpu_op names */
    bool clip;                /* clip to the window */
    bool merge;               /* union per device (else sorted, overlapping kept) */
} nsq_ivl_load_opts;

/* Loads the non-empty intervals of the GPU ops per device. Returns 0 or -1. */
int nsq_ivl_load(nsq_ivlset *out, nsq_export *x, const nsq_ivl_load_opts *o, nsq_err *err);
void nsq_ivlset_release(nsq_ivlset *s);

#endif
