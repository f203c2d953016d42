/* match: kernel-name normalisation rules (PCRE2), kept as data.
 *
 * The stock rules are the stored query `match-rules` (queries/match-rules.sql):
 * one read-only SELECT over a VALUES list returning the columns rule, pattern,
 * replacement (and description), in the order the rules run. A user file given
 * to diff --match-rules has the same form. The SELECT runs on a private empty
 * in-memory database (never on an export), so the rules need no parser of
 * their own and `nsysql timeline-sql --show match-rules` prints them.
 *
 * nsq_match_normalize() applies every rule in order, each to the output of the
 * one before, replacing all matches (pcre2_substitute, global), and says which
 * rules changed the text. */
#ifndef NSYSQL_MATCH_H
#define NSYSQL_MATCH_H

#include <stdint.h>

#include <sqlite3.h>

#include "nsysql/util/err.h"

typedef struct nsq_match_rules nsq_match_rules;

/* At most this many rules (the bitmask of rules that fired is 64 bits). */
#define NSQ_MATCH_MAX_RULES 64

/* Loads the rules. path NULL: the embedded stock rules (query match-rules,
 * latest version). Otherwise the SQL file at path. On success *out is owned by
 * the caller (nsq_match_rules_free). Returns 0, or -1 with err: a missing or
 * unreadable file is exit 3 (bad_match_rules_file), a file that is not one
 * read-only SELECT with the right columns, or a pattern that does not compile,
 * exit 2 (bad_match_rules). */
int nsq_match_rules_load(nsq_match_rules **out, const char *path, nsq_err *err);
void nsq_match_rules_free(nsq_match_rules *r);

int nsq_match_rules_count(const nsq_match_rules *r);
/* Name, pattern and replacement of rule i (owned by r). */
const char *nsq_match_rule_name(const nsq_match_rules *r, int i);
const char *nsq_match_rule_pattern(const nsq_match_rules *r, int i);
const char *nsq_match_rule_replacement(const nsq_match_rules *r, int i);
/* Where the rules came from: "match-rules@1" (embedded) or the file path. */
const char *nsq_match_rules_source(const nsq_match_rules *r);
/* SHA-256 of the embedded query text, or NULL for a file. */
const char *nsq_match_rules_sha256(const nsq_match_rules *r);

/* Normalises name (NUL-terminated UTF-8). Returns a malloc'd string the caller
 * frees; *fired (may be NULL) gets bit i set when rule i changed the text.
 * Returns NULL with err (exit 3, match_failed) only when PCRE2 fails to match
 * (e.g. its match limit on a pathological name). */
char *nsq_match_normalize(const nsq_match_rules *r, const char *name, uint64_t *fired,
                          nsq_err *err);

/* Kernel-name normalisation (top-kernels --by normalized, diff pairing): the
 * stock match-rules applied to one name, loaded on first use and kept for the
 * process. Returns a malloc'd string, or NULL with err. */
char *nsq_match_stock_normalize(const char *name, nsq_err *err);
/* Registers the SQL function normalize_kernel_name(TEXT) on db (used by the
 * oracles). Returns an sqlite result code. */
int nsq_match_register_sql(sqlite3 *db);

#endif
