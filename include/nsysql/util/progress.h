/* progress: one line on stderr for work that takes longer than about a
 * second (reading a big table, exporting a trace, waiting for a capture).
 *
 * Shown only when stderr is a terminal and --quiet was not given; never on
 * stdout, so documents and pipes are unaffected. The line appears after
 * NSQ_PROGRESS_DELAY_MS of work, is redrawn at most every 100 ms, and is
 * erased when the work ends. NSYSQL_PROGRESS=0 turns it off as --quiet does
 * (workers of a many-input run get it); NSYSQL_PROGRESS_DELAY_MS changes the
 * delay (tests).
 * Only the main thread calls these. */
#ifndef NSYSQL_PROGRESS_H
#define NSYSQL_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#define NSQ_PROGRESS_DELAY_MS 1000

/* --quiet (main.c): no progress at all. */
void nsq_progress_quiet(bool quiet);
/* Starts a piece of work: `what` ("reading kernel rows"), `total` units (0:
 * unknown, the line then shows what was done and the time). */
void nsq_progress_begin(const char *what, int64_t total);
/* `done` units so far; -1: only the time spent (a wait). */
void nsq_progress_update(int64_t done);
/* Ends it (erases the line if one was drawn). */
void nsq_progress_end(void);

#endif
