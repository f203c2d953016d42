/* steady: where warm-up ends and steady state begins (and ends).
 * See DESIGN.md §6 and schemas/steady-state.v1.schema.json. */
#ifndef NSYSQL_STEADY_H
#define NSYSQL_STEADY_H

#include <stdint.h>

#include "nsysql/export.h"

typedef struct nsq_steady_opts {
    const char *iteration_range; /* NVTX range name, NULL = pick automatically */
} nsq_steady_opts;

typedef struct nsq_steady {
    int found;               /* 1 when a steady window was found */
    int64_t steady_start_ns;
    int64_t steady_end_ns;
    char method[32];         /* "nvtx", "kernel_period", "time_bins" */
    char iteration_name[256];
    int64_t iterations;      /* iterations found */
    int64_t warmup_iterations;
    int64_t teardown_iterations;
    double confidence;       /* 0..1 */
    char reason[256];        /* why not found, when found == 0 */
} nsq_steady;

/* Detects the steady window. Returns 0 (r->found says whether one exists) or
 * -1 with err when the export cannot be analysed at all. */
int nsq_steady_detect(nsq_export *x, const nsq_steady_opts *o, nsq_steady *r, nsq_err *err);

#endif
