/* scope: what a command looks at — the window (a span of the export's
 * timeline, resolved by window.h) and the filters (device, pid, stream, kernel
 * name patterns). Types and the small functions on them, below the analyses
 * that use them (intervals.h) and the resolver that needs those (window.h). */
#ifndef NSYSQL_SCOPE_H
#define NSYSQL_SCOPE_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/util/err.h"
#include "nsysql/util/json.h"
#include "nsysql/util/regex.h"

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
void nsq_window_release(nsq_window *w);
/* Writes {"kind","start_ns","end_ns",...} as one JSON value. */
void nsq_window_json(json *j, const nsq_window *w);
/* The same, and for kind all {"kind": "all"} with null bounds and duration
 * (the params of commands whose default is the whole capture). */
void nsq_window_params_json(json *j, const nsq_window *w);

/* Builds a filter from option values (any may be NULL). Returns 0 or -1. */
int nsq_filter_init(nsq_filter *f, const char *device, const char *pid, const char *stream,
                    const char *name, const char *exclude, nsq_err *err);
/* Does a name pass --name/--exclude? */
bool nsq_filter_name(const nsq_filter *f, const char *name, size_t len);
void nsq_filter_release(nsq_filter *f);
/* Writes {"device","pid","stream","name","exclude"} (null where unset). */
void nsq_filter_json(json *j, const nsq_filter *f);
/* A decimal int64 with nothing after it: 0, or -1. */
int nsq_scope_parse_i64(const char *s, int64_t *v);

#endif
