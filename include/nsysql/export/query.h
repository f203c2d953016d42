/* query: the registry of versioned SQL embedded at build time from queries/.
 * Every file starts with a header of `-- key: value` lines:
 *   -- id: top-kernels            (unique with version)
 *   -- version: 1                 (semantics never change under one version)
 *   -- kind: view | query
 *   -- requires: kernel, gpu_op   (portable views the SQL reads)
 *   -- params: limit:int=20 the number of rows   (one line per parameter)
 *   -- source: TABLE(col, col, ...)   (views only: raw columns the view reads)
 *   -- summary: one line
 * The header is parsed at run time (and checked by a test for every file). */
#ifndef NSYSQL_QUERY_H
#define NSYSQL_QUERY_H

#include <stdbool.h>
#include <stddef.h>

#include "nsysql/util/err.h"

typedef struct nsq_embedded {
    const char *path; /* relative to queries/ */
    const char *sha256;
    const char *text;
} nsq_embedded;

extern const nsq_embedded nsq_embedded_queries[];
extern const int nsq_embedded_count;

typedef struct nsq_source {
    char *table;
    char **cols;
    int ncols;
    bool fallback; /* "-- fallback:": read only by exports older than the sources */
} nsq_source;

typedef struct nsq_param {
    char *name;
    char *type; /* int | real | text */
    char *def;  /* default value text, NULL when required */
    char *help;
} nsq_param;

typedef struct nsq_query {
    const char *path;
    const char *sha256;
    const char *text; /* whole file, header included */
    char *id;
    int version;
    char *kind;
    char *summary;
    char **requires;
    int nrequires;
    nsq_param *params;
    int nparams, capparams;
    nsq_source *sources;
    int nsources, capsources;
} nsq_query;

/* Parses one file's header. Returns 0, or -1 with err (code "bad_query_header"). */
int nsq_query_parse(nsq_query *q, const char *path, const char *sha256, const char *text,
                    nsq_err *err);
void nsq_query_release(nsq_query *q);

/* The registry, parsed once (a malformed embedded file is an internal error). */
int nsq_registry_count(void);
const nsq_query *nsq_registry_at(int i);
/* Finds id (version 0 = the highest version). NULL when absent. */
const nsq_query *nsq_registry_find(const char *id, int version);
/* Parses "ID" or "ID@VERSION". Returns NULL with err when not found. */
const nsq_query *nsq_registry_lookup(const char *spec, nsq_err *err);

/* Does text look like SQL at all: no NUL byte in its len bytes, and its
 * first word after whitespace and comments a statement keyword (SELECT,
 * WITH, VALUES, PRAGMA, INSERT, ...)? Lets a command say "not a SQL file"
 * instead of quoting a token of, say, /etc/shadow in SQLite's message. */
bool nsq_sql_plausible(const char *text, size_t len);

#endif
