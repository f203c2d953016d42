/* cache: answers of repeat calls, kept outside the export.
 *
 * A cached answer is the exact output (bytes and exit code) of one earlier
 * successful call. Its key covers everything the output depends on:
 *   - the nsysql binary itself (device, inode, size, mtime of /proc/self/exe:
 *     a rebuilt binary, with other code or other embedded queries, never
 *     reads an older binary's answers);
 *   - the command and every argument, as given (options, paths, --pretty,
 *     --format), and nsysql's own environment variables (NSYSQL_*);
 *   - for every argument that names a regular file (the exports, a
 *     --match-rules file): its identity (device, inode, size, mtime, ctime,
 *     all to the nanosecond) and the SHA-256 of its first and last 64 KiB
 *     (all of it when smaller);
 *   - the file each such argument is read as, when it is another one (an
 *     .nsys-rep is answered from the REPORT.sqlite beside it), with the
 *     same identity; a report not exported yet is not cached;
 *   - the -wal and -journal files beside the file read (absent, or their
 *     stat fields).
 * Before a hit, the checks an uncached call makes before reading run too
 * (nsq_cache_input_fn: a -wal or -journal beside the export, a writer's
 * lock), so a hit never hides input_in_use.
 * The entry file holds that identity in full and is served only when it
 * matches byte for byte (the file name, a SHA-256 of it, is only where to
 * look), and the SHA-256 of the entry's content, checked on every read: an
 * entry that fails it, or is malformed, is removed and the answer computed
 * again (the caller also checks that a JSON answer parses, nsq_cache_drop).
 * An input whose identity changed while the command ran is not stored.
 * Entries live in $NSYSQL_CACHE_DIR, else $XDG_CACHE_HOME/nsysql, else
 * ~/.cache/nsysql; the folder is created 0700 and the entries 0600; a
 * folder that is not this user's or that others may write is not used, and
 * an entry that is not this user's (or that others may write) is ignored.
 * The folder is kept under $NSYSQL_CACHE_MAX_MB (default 256) by removing
 * the least recently used entries. NSYSQL_CACHE=0 or --no-cache bypasses
 * it; NSYSQL_CACHE_TRACE=1 says on stderr what it did. A folder that cannot
 * be written only means no caching. */
#ifndef NSYSQL_CACHE_H
#define NSYSQL_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "nsysql/util/err.h"

typedef struct nsq_cache nsq_cache;

/* What a regular-file argument is read as, after the checks made before it
 * is read (nsq_export_cache_input): 0 with *reads (malloc'd; NULL for the
 * path itself), 1 when that is not known before the call (no caching), -1
 * with err (the call's error). */
typedef int (*nsq_cache_input_fn)(const char *path, char **reads, nsq_err *err);

/* Builds the key of `command` with argv (argc elements, as given), each
 * regular-file argument passed through `input` (may be NULL). NULL when
 * caching is off or impossible (no folder, a path it cannot stat), or with
 * err->exit_code set when `input` failed. */
nsq_cache *nsq_cache_begin(const char *command, int argc, char **argv, nsq_cache_input_fn input,
                           nsq_err *err);

/* A stored answer: 1 with *out (malloc'd, *len bytes) and *exit_code set,
 * 0 when there is none. */
int nsq_cache_lookup(nsq_cache *c, char **out, size_t *len, int *exit_code);

/* Removes the entry nsq_cache_lookup just served (when it is this user's):
 * the caller found it unusable (`why`, for the trace). */
void nsq_cache_drop(nsq_cache *c, const char *why);

/* Stores an answer, unless an input changed since nsq_cache_begin. */
void nsq_cache_store(nsq_cache *c, const char *out, size_t len, int exit_code);

void nsq_cache_end(nsq_cache *c);

#endif
