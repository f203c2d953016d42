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
 * chunk (default 65536). */
#ifndef NSYSQL_PARSCAN_H
#define NSYSQL_PARSCAN_H

#include <stdint.h>

#include "nsysql/err.h"
#include "nsysql/export.h"

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

typedef struct nsq_parscan_req {
    const char *view;  /* a portable view with one source table and a row_id column */
    const char *cols;  /* ncols comma-separated expressions over the view (fixed text) */
    int ncols;         /* 1 .. NSQ_PARSCAN_MAX_COLS */
    const char *where; /* NULL, or a condition (fixed text; parameters ?1 .. ?nbinds) */
    const nsq_parscan_bind *binds;
    int nbinds;
    const char *what; /* for error messages ("GPU op scan") */
} nsq_parscan_req;

/* Reads `SELECT cols FROM view [WHERE where]`, calling row for each row in
 * rowid order on this thread. Returns 0, or -1 with err. */
int nsq_parscan(nsq_export *x, const nsq_parscan_req *req, nsq_parscan_row row, void *ctx,
                nsq_err *err);

/* Worker connections nsq_parscan would use (1 = it reads on x->db alone). */
int nsq_parscan_threads(void);
/* Caps the worker connections of every later nsq_parscan (0 = the default);
 * diff, which reads several captures at once, divides the CPUs among them. */
void nsq_parscan_set_threads(int n);

#endif
