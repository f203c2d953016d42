/* window and filters shared by the analyses.
 *
 * --window all|steady|START_NS:END_NS|nvtx:NAME[#K]
 *   all      the whole capture: first GPU op start .. last GPU op end
 *   steady   the steady-state window found by nsq_steady_detect() (steady.h)
 *   A:B      explicit nanoseconds on the export's timeline (A < B)
 *   nvtx:N#K the K-th (1-based, default 1) NVTX push/pop or start/end range
 *            whose text is exactly N, in start order
 * An event belongs to the window if it overlaps it ([start, end) intersects);
 * commands that clip durations say so in their schema. */
#ifndef NSYSQL_WINDOW_H
#define NSYSQL_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/export.h"
#include "nsysql/json.h"
#include "nsysql/regex.h"

typedef struct nsq_window {
    char kind[16]; /* "all", "range", "nvtx", "steady" */
    int64_t start_ns;
    int64_t end_ns;
    char *nvtx_name; /* kind nvtx */
    int64_t nvtx_index;
    char *steady_method; /* kind steady: how it was found */
} nsq_window;

typedef struct nsq_filter {
    bool has_device, has_pid, has_stream;
    int64_t device; /* the physical GPU identity (devmap.h), not the per-process ordinal */
    int64_t pid;
    int64_t stream;
    const char *name_pattern;
    const char *exclude_pattern;
    nsq_re *name;
    nsq_re *exclude;
} nsq_filter;

/* Resolves spec (NULL = "all") on x. Returns 0 or -1 with err (usage errors
 * exit 2; a window that cannot be found, e.g. no such NVTX range, exit 3). */
int nsq_window_resolve(nsq_window *w, nsq_export *x, const char *spec, nsq_err *err);
void nsq_window_release(nsq_window *w);
/* Writes {"kind","start_ns","end_ns",...} as one JSON value. */
void nsq_window_json(json *j, const nsq_window *w);

/* Builds a filter from option values (any may be NULL). Returns 0 or -1. */
int nsq_filter_init(nsq_filter *f, const char *device, const char *pid, const char *stream,
                    const char *name, const char *exclude, nsq_err *err);
/* Does a name pass --name/--exclude? */
bool nsq_filter_name(const nsq_filter *f, const char *name, size_t len);
void nsq_filter_release(nsq_filter *f);
/* Writes {"device","pid","stream","name","exclude"} (null where unset). */
void nsq_filter_json(json *j, const nsq_filter *f);

#endif
