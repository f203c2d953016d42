/* parscan: reading one view of an export on several connections at once,
 * the rows delivered in order on the calling thread.
 *
 * At 10^7 rows an analysis spends most of its time inside SQLite decoding
 * records. nsq_parscan splits the view's source table into rowid chunks;
 * worker threads, each with its own read-only connection (the export opened
 * again, same views), read the chunks through an aggregate function into
 * buffers; the calling thread hands the rows to the caller's callback chunk
 * after chunk, in rowid order. The callback therefore sees exactly the rows,
 * in exactly the order, that one connection reading the view would give
 * (a table scan runs in rowid order), and needs no locking of its own.
 * Small tables (and NSYSQL_THREADS=1) are read on the export's own
 * connection, through the same aggregate function.
 *
 * Environment (read once): NSYSQL_THREADS worker connections (default: the
 * CPUs online, at most 8; 1 = never parallel); NSYSQL_PARSCAN_MIN_ROWS the
 * smallest rowid span read in parallel (default 262144; tests set it low to
 * exercise the parallel path on small files); NSYSQL_PARSCAN_CHUNK rows per
 * chunk (default 65536); NSYSQL_RAWSCAN=0 reads everything through SQLite
 * (tests compare the two).
 *
 * Reading the pages directly (rawscan.h) is tried for the views kernel,
 * memcpy, memset, nvtx and api (whose own filter, event_class IN (0, 1), is
 * applied here too), chunk by chunk: a chunk the page reader cannot read
 * exactly is read through SQLite, so the rows are the same either way. On
 * one connection the rows go to the callback as the pages are decoded (no
 * chunk buffer), and a chunk is read through SQLite from its first record
 * the page reader refuses to the chunk's end (rowids ascend: the rows
 * before it came from the pages). */
#ifndef NSYSQL_PARSCAN_H
#define NSYSQL_PARSCAN_H

#include <stdint.h>

#include "nsysql/export/export.h"
#include "nsysql/util/err.h"

#define NSQ_PARSCAN_MAX_COLS 16

/* One row: v[i] is column i as sqlite3_value_int64() reads it (NULL reads
 * 0); bit i of nulls is set when column i is NULL. Returns 0, or -1 with err
 * set (the scan stops and nsq_parscan returns -1). */
typedef int (*nsq_parscan_row)(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err);

/* A parameter of the WHERE clause (?1, ?2, ...). */
typedef struct nsq_parscan_bind {
    enum { NSQ_BIND_NULL, NSQ_BIND_INT, NSQ_BIND_TEXT } type;
    int64_t i;
    const char *s; /* NSQ_BIND_TEXT; must outlive the scan */
} nsq_parscan_bind;

struct nsq_parscan_req;
typedef struct nsq_parscan_req {
    const char *view;  /* a portable view with one source table and a row_id column */
    const char *cols;  /* ncols comma-separated expressions over the view (fixed text) */
    int ncols;         /* 1 .. NSQ_PARSCAN_MAX_COLS */
    const char *where; /* NULL, or a condition (fixed text; parameters ?1 .. ?nbinds) */
    const nsq_parscan_bind *binds;
    int nbinds;
    const char *what; /* for error messages ("GPU op scan") */
    /* Optional: `where` as a C predicate over the row's columns (1 keeps the
     * row), exactly equivalent to it. With it (or with no where), a request
     * whose columns are all plain columns of the source table is read from
     * the file's pages (rawscan.h), several times faster than through
     * SQLite; without it, always through SQLite. Called on worker threads. */
    int (*keep)(const int64_t *v, unsigned nulls, const struct nsq_parscan_req *r);
    const void *keep_arg; /* for keep (read-only while the scan runs) */
    /* Only from the pages: when any chunk cannot be read there (or the page
     * reader is off or declines the request), nsq_parscan returns
     * NSQ_PARSCAN_NOT_RAW before or after some rows and the caller reads
     * another way. Such a request may name a TEXT column as "#col": it reads
     * nsq_text_hash() of the text (NULL stays NULL). */
    int raw_only;
    /* Instead of view (then NULL), a table of the export read as it is
     * stored, for tables no view covers (GPU_METRICS): cols are the table's
     * own column names or "rowid" (a column it lacks is an SQL error), and
     * its rows come from the pages whenever the page reader reads them
     * exactly, else through SQLite with the same values. */
    const char *table;
} nsq_parscan_req;
#define NSQ_PARSCAN_NOT_RAW 1

/* Reads `SELECT cols FROM view [WHERE where]`, calling row for each row in
 * rowid order on this thread (inside nsq_scan_together, the read may be one
 * pass shared with other analyses: the same rows, see scangroup.h). Returns 0, -1 with err, or
 * (raw_only) NSQ_PARSCAN_NOT_RAW. */
int nsq_parscan(nsq_export *x, const nsq_parscan_req *req, nsq_parscan_row row, void *ctx,
                nsq_err *err);

/* nsq_parscan, never served by a group's shared pass (scangroup.h): what
 * nsq_parscan does outside a group. */
int nsq_parscan_alone(nsq_export *x, const nsq_parscan_req *r, nsq_parscan_row row, void *ctx,
                      nsq_err *err);
/* 1 when r would be read from the pages (every column a plain column of its
 * view's source table, or NULL), 0 when through SQLite. */
int nsq_parscan_raw_able(nsq_export *x, const nsq_parscan_req *r);

/* About how many rows r's view holds (the rowid span of its source table):
 * 0 for an empty table, INT64_MAX when not known; for ordering reads. */
int64_t nsq_parscan_size_hint(nsq_export *x, const nsq_parscan_req *r);

/* Worker connections nsq_parscan would use (1 = it reads on x->db alone). */
int nsq_parscan_threads(void);
/* Caps the worker connections of every later nsq_parscan (0 = the default);
 * diff, which reads several captures at once, divides the CPUs among them. */
void nsq_parscan_set_threads(int n);
/* Turns reading the pages directly on (1) or off (0: every row through
 * SQLite), or back to NSYSQL_RAWSCAN (-1); for tests. */
void nsq_parscan_set_raw(int on);

#endif
