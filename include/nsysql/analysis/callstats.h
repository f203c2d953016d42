/* callstats: per-name call statistics (count, total, mean, median, p90,
 * max) from a statement whose rows are (key columns..., dur_ns), sorted by
 * the keys and then by dur_ns. Shared by the api and osrt commands. */
#ifndef NSYSQL_CALLSTATS_H
#define NSYSQL_CALLSTATS_H

#include <sqlite3.h>
#include <stdint.h>

#include "nsysql/export/export.h"
#include "nsysql/util/json.h"

typedef struct nsq_callstats_spec {
    int nkeys;                 /* leading text/int columns forming the key */
    const char *const *keys;   /* their JSON field names */
    const bool *key_is_int;    /* per key: integer column (else text) */
    int64_t denom_ns;          /* denominator of the share (0 → null) */
    const char *pct_field;     /* name of the share field */
    int64_t limit;             /* rows kept, by total desc (0 = all) */
    /* optional: called per row to add fields (e.g. blocking flag) */
    void (*extra)(json *j, const char *const *keyvals, void *arg);
    void *arg;
} nsq_callstats_spec;

/* Steps `st` to the end and writes a JSON array of row objects to `out`.
 * Sets *rows (groups seen), *calls and *total_ns. Returns 0 or -1. */
int nsq_callstats_emit(nsq_export *x, sqlite3_stmt *st, const nsq_callstats_spec *sp, json *out,
                       int64_t *rows, int64_t *calls, int64_t *total_ns, nsq_err *err);

#endif
