/* limits: the time limit and the memory ceiling of one command.
 *
 * nsq_limits_start() arms both for the rest of the process:
 *  - time: at the deadline a watchdog thread raises a flag that every SQLite
 *    connection's progress handler (nsq_limits_watch) and the page reader's
 *    chunk loops check, so running statements stop with SQLITE_INTERRUPT and
 *    the command fails with query_timeout (exit 4). A command still running
 *    NSQ_LIMITS_GRACE_MS later (inside a long computation of its own) is ended
 *    by the watchdog itself, which prints the same error document and exits 4.
 *  - memory: the process's data segment (RLIMIT_DATA) and SQLite's heap
 *    (sqlite3_hard_heap_limit64) are capped, and an allocation that fails
 *    prints a memory_limit error document and exits 4, from any thread.
 * Whoever prints first wins (nsq_limits_claim_output): a result is never
 * followed or interleaved by an error document, nor the reverse. */
#ifndef NSYSQL_LIMITS_H
#define NSYSQL_LIMITS_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

#include "nsysql/util/err.h"
#include "nsysql/util/strbuf.h"

#define NSQ_LIMITS_GRACE_MS 2000

/* Renders the error document of `command` (schema nsysql/error) into out,
 * with a final newline; `details` is a JSON object or NULL. */
void nsq_render_error(strbuf *out, const char *command, const nsq_err *e, const char *details,
                      int pretty);

/* Arms the limits for `command`: timeout_ms 0 = none, max_memory_mb 0 =
 * none. The error documents are rendered here, so that printing them later
 * needs no allocation. */
void nsq_limits_start(const char *command, int64_t timeout_ms, int64_t max_memory_mb, bool pretty);

/* Disarms the watchdog (joins its thread). */
void nsq_limits_stop(void);

/* True once the deadline has passed. */
bool nsq_limits_expired(void);

/* Installs the deadline check as db's progress handler. */
void nsq_limits_watch(sqlite3 *db);

/* The main thread calls this before printing its document: true if it may
 * print, false if the watchdog or an allocation failure already owns stdout
 * (then the process is about to exit). */
bool nsq_limits_claim_output(void);

/* An allocation failed: prints the memory_limit document (if stdout is not
 * already claimed) and exits 4. Never returns. */
_Noreturn void nsq_limits_oom(void);

/* The ceiling in effect, in MiB (0 = none): for messages. */
int64_t nsq_limits_memory_mb(void);

/* The default ceiling: 3/4 of the machine's physical memory, in MiB. */
int64_t nsq_limits_default_memory_mb(void);

#endif
