/* What the files of nvtx share (not part of nvtx.h).
 *
 * nvtx.c         the run: nesting, the GPU projection (per-range search and
 *                the streaming pass), grouping, the JSON and text output
 * nvtx_ranges.c  the ranges read (from the file's pages, or through SQL),
 *                sorted by thread and packed into instances */
#ifndef NSYSQL_NVTX_INTERNAL_H
#define NSYSQL_NVTX_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/analysis/nvtx.h"
#include "nsysql/export/export.h"
#include "nsysql/util/err.h"

struct nsq_nvtx_inst {
    int64_t start, end;
    int32_t node;   /* a key index until nest() */
    int32_t parent; /* index of the enclosing range, -1 for none */
};

struct nsq_nvtx_key {
    const char *name, *domain; /* interned (keep()) */
};

struct nsq_nvtx_node {
    int32_t key, level;
    const char *path; /* interned */
    bool reported;    /* passes --depth and --name */
    /* GPU projection, summed over the node's instances */
    int64_t with_gpu, ops, kernels, busy, kernel_ns, span;
};

struct nsq_nvtx_thr {
    int64_t gtid;
    int64_t first; /* its instances: [first, next thread's first) */
};

struct nsq_nvtx_mark {
    int64_t gtid;
    int32_t key;
};

/* a range as read, before the instances are sorted and packed */
typedef struct rrec {
    int64_t start, end, gtid;
    int32_t key;
    int32_t seq; /* read order: ties keep it */
} rrec;

/* An owned copy of s, one per distinct text (names and paths repeat). */
const char *nsq_nvtx_keep(nsq_nvtx_result *r, const char *s);
/* query_failed (NSQ_EXIT_QUERY) for a failed statement of nvtx. Returns -1. */
int nsq_nvtx_sql_err(nsq_export *x, int rc, nsq_err *err);
/* Reads the ranges and marks into r: r->inst by thread, start, end
 * descending (nodes still key indexes), r->thr, r->mark and the counts.
 * Returns 0, or -1 with err. */
int nsq_nvtx_read_ranges(nsq_nvtx_result *r, nsq_export *x, const nsq_nvtx_opts *o,
                         nsq_err *err);

#endif
