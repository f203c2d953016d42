/* strids: the value of a StringIds id (kernel names and other strings).
 *
 * Ids are looked up one at a time (a point query each) while few are asked
 * for. An export with many distinct kernel names asks for one id per name,
 * and a point query costs about as much as reading a dozen rows in order:
 * once 4096 ids have been looked up and they make at least a 64th of the
 * table's id range, the whole table is read once, in id order, into an
 * array indexed by id, and later ids are found there. The answers are the
 * same either way (the first row of an id, its value as text; NULL values
 * read as absent). */
#ifndef NSYSQL_STRIDS_H
#define NSYSQL_STRIDS_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

typedef struct nsq_strids {
    sqlite3 *db;      /* borrowed */
    sqlite3_stmt *st; /* the point query (owned) */
    int64_t lookups;  /* point queries so far */
    int64_t next_check;
    int bulk;      /* 1: the table is in off/buf */
    int64_t lo, n; /* ids lo .. lo + n - 1 */
    int64_t *off;  /* [n]: offset of the value in buf; -1 absent, -2 NULL */
    char *buf;     /* values, each followed by a NUL */
    size_t len, cap;
    int rc;             /* the SQLite code of the last failure */
    int prepare_failed; /* the last failure came from preparing the point query */
} nsq_strids;

#define NSQ_STRIDS_INIT                                                                            \
    {                                                                                              \
        0                                                                                          \
    }

/* Sets s up on db (borrowed; s is used on that connection's thread only). */
void nsq_strids_init(nsq_strids *s, sqlite3 *db);
/* The value of id: 1 with *val (valid until the next call on s), 0 when
 * StringIds has no such id or its value is NULL, -1 when the query failed
 * (s->rc holds the SQLite error code, s->prepare_failed says where). */
int nsq_strids_get(nsq_strids *s, int64_t id, const char **val);
/* The statement is reset after each point query, so a scan function
 * registered on the connection can be unregistered between calls. */
void nsq_strids_release(nsq_strids *s);

#endif
