/* export: opening an nsys SQLite export safely and probing it once.
 *
 * nsq_export_open() resolves the input (a file, or a capture directory),
 * checks it is an intact SQLite file, opens it read-only and immutable,
 * installs an authorizer that refuses writes to main, ATTACH and extension
 * loading, probes the metadata and tables, creates the portable TEMP views
 * from queries/views/, and finally sets PRAGMA query_only. The input's bytes
 * are never modified. */
#ifndef NSYSQL_EXPORT_H
#define NSYSQL_EXPORT_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "nsysql/util/err.h"

typedef struct nsq_table {
    char *name;
    char **cols;
    int ncols, capcols;
    bool rowid; /* an ordinary rowid table (not WITHOUT ROWID, not virtual, not a view) */
    bool view;       /* a view in the export, read through SQLite */
    bool is_virtual; /* a virtual table (R*Tree, FTS): never opened, no columns */
} nsq_table;

typedef struct nsq_view_info {
    const char *name;     /* view id */
    int missing_sources;  /* source tables absent from the export */
    int missing_columns;  /* source columns absent (read as NULL) */
} nsq_view_info;

typedef struct nsq_probe {
    nsq_table *tables;
    int ntables, captables;
    const char *metadata_table; /* "META_DATA_EXPORT", "EXPORT_META_DATA" or NULL */
    const char *version_source; /* where the product version (or estimate) came from */
    const char *version_estimate; /* e.g. "before 2021.3" when no version is recorded */
    char *product_name;
    char *product_version; /* e.g. "2024.5.1.113"; NULL if unknown */
    char *schema_version;  /* e.g. "3.13.2"; NULL if not recorded */
    char *exporter;        /* "nsys" or "nsysql-gen"/"nsysql-cupti" for our own files */
    nsq_view_info *views;
    int nviews;
    int device_identity; /* enum nsq_dev_identity (devmap.h); 0 until first asked */
    bool schema_newer;   /* export schema major above the known ones (3) */
} nsq_probe;

typedef struct nsq_auth {
    char denied[256];  /* what the authorizer last refused */
    char code[48];     /* matching error code */
} nsq_auth;

struct nsq_parscan_req; /* parscan.h */

typedef struct nsq_export {
    char *path;          /* as given by the user */
    char *sqlite_path;   /* the SQLite file actually opened */
    int64_t file_size;
    uint64_t ino;          /* identity at open (nsq_export_changed) */
    struct timespec mtime;
    sqlite3 *db;
    nsq_probe probe;
    nsq_auth auth;
    /* set while analyses share their scans (nsq_scan_together, scangroup.h):
     * the group, and its server, to which nsq_parscan first offers a read
     * (1: served, *rc its result; 0: read it alone) */
    struct nsq_scan_group *scan_group;
    int (*scan_serve)(struct nsq_export *x, const struct nsq_parscan_req *r,
                      int (*row)(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err),
                      void *ctx, nsq_err *err, int *rc);
    /* `--window steady` once resolved on this export (window.c): every later
     * resolution (advise's second memcpy, report's sections) takes it from
     * here. 0 not yet, 1 found (start, end, method), 2 an error (err) */
    int steady_state;
    int64_t steady_start_ns, steady_end_ns;
    char *steady_method;
    nsq_err steady_err;
} nsq_export;

int nsq_export_open(nsq_export **out, const char *path, nsq_err *err);
void nsq_export_close(nsq_export *x);

/* input_changed (exit 3) when the file is no longer the one opened (size,
 * inode, mtime): the answer could mix two versions. 0 otherwise. */
int nsq_export_changed(nsq_export *x, nsq_err *err);

/* For the answer cache: the file a path given as an argument is read as
 * (*reads, malloc'd: the path itself, or for an .nsys-rep the REPORT.sqlite
 * beside it), after the checks nsq_export_open makes before reading it (a
 * SQLite file with a -wal or -journal beside it, or a writer's lock:
 * input_in_use). 0 with *reads set; 1 when what it is read as is not
 * pinned down before the call (not a regular file, a report not exported
 * yet); -1 with err. */
int nsq_export_cache_input(const char *path, char **reads, nsq_err *err);

const nsq_table *nsq_probe_table(const nsq_probe *p, const char *name);
bool nsq_probe_has_col(const nsq_probe *p, const char *table, const char *col);

/* Maps a failed sqlite call on x->db to an error: refused statements become
 * write_refused/attach_refused/extension_refused/pragma_refused (exit 4),
 * corruption input_corrupt (exit 3), interrupts query_timeout (exit 4), other
 * errors `code` with exit `exit_code`. `what` names the query. Returns -1. */
int nsq_export_sql_error(nsq_export *x, int rc, int exit_code, const char *code, const char *what,
                         nsq_err *err);

/* The length of an API call name without its version suffix (_vNNNN):
 * api_base_name()'s rule, for C callers. */
size_t nsq_api_base_len(const char *name);

/* Registers nsysql's SQL functions (regexp, api_base_name) on db. */
int nsq_register_functions(sqlite3 *db);

/* Runs a statement returning one integer (NULL → `dflt`). Returns 0, or the
 * SQLite error code (for nsq_export_sql_error: a damaged page is input_corrupt). */
int nsq_query_int64(sqlite3 *db, const char *sql, int64_t dflt, int64_t *out);
/* The rows of a table of the export (one the probe found; table names are
 * fixed texts) as its rowids span them: an upper bound at the cost of two
 * b-tree seeks (count(*) reads the whole table). 0 for an absent or empty
 * table, -1 when a query failed. */
int64_t nsq_table_rowspan(nsq_export *x, const char *table);

#endif
