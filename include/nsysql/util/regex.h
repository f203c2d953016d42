/* regex: PCRE2 patterns with paired compile/free, JIT when available, and the
 * SQL function regexp(PATTERN, TEXT) (so `x REGEXP 'p'` works) backed by a
 * per-connection cache of compiled patterns. */
#ifndef NSYSQL_REGEX_H
#define NSYSQL_REGEX_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>

#include "nsysql/util/err.h"

typedef struct nsq_re nsq_re;

/* Compiles `pattern` (UTF-8, PCRE2 syntax). Returns NULL with a usage error
 * (code "bad_regex", naming `what`, e.g. "--name") on a syntax error. */
nsq_re *nsq_re_compile(const char *pattern, const char *what, nsq_err *err);
/* 1 match, 0 no match, -1 matching error (e.g. match limit). */
int nsq_re_match(nsq_re *re, const char *subject, size_t len);
void nsq_re_free(nsq_re *re);

/* Registers regexp() on db. Returns SQLITE_OK or an sqlite error code. */
int nsq_register_regexp(sqlite3 *db);

#endif
