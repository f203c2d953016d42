/* topk: the top-kernels analysis — per kernel name (optionally per device):
 * instances, total, mean, median, p90, min, max, sample stddev, and shares
 * of kernel time and of GPU busy time, with the denominators.
 *
 * Two implementations with one definition (schemas/top-kernels.v1.schema.json):
 *  - the fast path: one pass over kernel, memcpy and memset (intervals.h),
 *    grouping by name id and resolving names once per id, exact order
 *    statistics per group (stats.h), GPU busy as a streaming union per device;
 *  - the oracle: the stored query top-kernels (queries/top-kernels.sql), plain
 *    SQL with window functions.
 * Both fill the same nsq_topk_result, so the output code is shared and the
 * tests can compare the two on any export. */
#ifndef NSYSQL_TOPK_H
#define NSYSQL_TOPK_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

#include "nsysql/export/export.h"
#include "nsysql/util/json.h"
#include "nsysql/analysis/shape.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/util/strbuf.h"
#include "nsysql/analysis/scope.h"

typedef struct nsq_topk_opts {
    const char *by; /* "short" (default), "demangled", "mangled", "normalized" */
    bool per_device;
    int64_t limit;            /* rows kept per table; 0 = all */
    const nsq_window *window; /* resolved window; kind "all" = every row */
    const nsq_filter *filter;
    bool oracle; /* run the SQL oracle instead of the fast path */
    bool shapes; /* also split each row by launch shape (nsq_topk_shapes) */
    json *state; /* fast path: when set, receives the mergeable state (multi.h) */
} nsq_topk_opts;

/* One launch shape of a row's kernels (--shapes): the key diff uses
 * (grid, block, static + dynamic shared memory); known is false when the
 * export lacks the launch columns (then one shape holds every instance). */
typedef struct nsq_topk_shape {
    nsq_shape_key key; /* shape.h, as diff reads it */
    bool known;        /* grid and block recorded */
    int64_t registers; /* registers per thread: -1 when not recorded or not the same for every instance */
    nsq_stats st;
    double pct_of_row; /* share of the row's total_ns */
    double pct_of_kernel_time, pct_of_gpu_busy; /* the row's denominators */
} nsq_topk_shape;

typedef struct nsq_topk_row {
    nsq_topk_shape *shapes; /* --shapes: owned, largest total first */
    int nshapes;
    bool has_device; /* per-device table */
    int64_t device;
    int64_t rank;              /* 1-based; 0 for the 'other' row */
    char *name;                /* owned; NULL for 'other' or a NULL name */
    bool other;                /* the folded rest of the table */
    int64_t names;             /* 1, or the number of names folded into 'other' */
    nsq_stats st;              /* median, p90 and stddev are not set for 'other' */
    double pct_of_kernel_time; /* NaN when the denominator is 0 */
    double pct_of_gpu_busy;
} nsq_topk_row;

typedef struct nsq_topk_dev {
    int64_t device;
    int64_t instances, names, kernel_time_ns, gpu_busy_ns;
} nsq_topk_dev;

typedef struct nsq_topk_result {
    const char *identity; /* device identity method (devmap.h) */
    nsq_topk_dev *devs;   /* owned; sorted by device */
    int ndevs, capdevs;
    nsq_topk_row *rows; /* owned; per table: ranked rows, then 'other' */
    int nrows, caprows;
    int64_t instances, names, kernel_time_ns, gpu_busy_ns; /* totals over devs */
    /* what the scan saw (fast path; the oracle fills them with SQL counts) */
    int64_t bad_rows;                       /* kernel rows with NULL times or end < start */
    int64_t zero_length;                    /* selected instances with duration 0 */
    int64_t window_start_ns, window_end_ns; /* the window actually used */
    bool sorted_in_memory;                  /* fast path fallback ran */
} nsq_topk_result;

/* Checks the export can be analysed (has GPU ops and kernel rows); errors
 * no_gpu_activity / no_kernels (exit 3). */
int nsq_topk_check(nsq_export *x, nsq_err *err);

/* Runs the analysis. For window kind "all" the fast path resolves the span
 * from its own scan (the same min/max the window module computes) and the
 * caller's window is not read for bounds. Returns 0 or -1 with err. */
int nsq_topk_run(nsq_topk_result *r, nsq_export *x, const nsq_topk_opts *o, nsq_err *err);
void nsq_topk_release(nsq_topk_result *r);

/* --shapes: splits every ranked row (not 'other') into its launch shapes,
 * over the same window and filters, through the kernel view. Sets
 * *unknown_shapes when the export records no launch configuration. Returns
 * 0 or -1 with err. */
int nsq_topk_shapes(nsq_topk_result *r, nsq_export *x, const nsq_topk_opts *o, bool *unknown_shapes,
                    nsq_err *err);

/* The result object body (fields in schema order). */
void nsq_topk_json(json *j, const nsq_topk_result *r, const nsq_topk_opts *o);
/* A table for people: fmt "table" (aligned), "md" or "csv". */
void nsq_topk_text(strbuf *sb, const nsq_topk_result *r, const nsq_topk_opts *o, const char *fmt);

#endif
