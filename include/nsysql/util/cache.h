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
 *     (all of it when smaller).
 * The entry file holds that identity in full and is served only when it
 * matches byte for byte (the file name, a SHA-256 of it, is only where to
 * look). An input whose identity changed while the command ran is not
 * stored. Entries live in $NSYSQL_CACHE_DIR, else $XDG_CACHE_HOME/nsysql,
 * else ~/.cache/nsysql; the folder is kept under $NSYSQL_CACHE_MAX_MB
 * (default 256) by removing the least recently used entries. NSYSQL_CACHE=0
 * or --no-cache bypasses it; NSYSQL_CACHE_TRACE=1 says on stderr what it
 * did. A folder that cannot be written only means no caching. */
#ifndef NSYSQL_CACHE_H
#define NSYSQL_CACHE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct nsq_cache nsq_cache;

/* Builds the key of `command` with argv (argc elements, as given). NULL
 * when caching is off or impossible (no folder, a path it cannot stat). */
nsq_cache *nsq_cache_begin(const char *command, int argc, char **argv);

/* A stored answer: 1 with *out (malloc'd, *len bytes) and *exit_code set,
 * 0 when there is none. */
int nsq_cache_lookup(nsq_cache *c, char **out, size_t *len, int *exit_code);

/* Stores an answer, unless an input changed since nsq_cache_begin. */
void nsq_cache_store(nsq_cache *c, const char *out, size_t len, int exit_code);

void nsq_cache_end(nsq_cache *c);

#endif
