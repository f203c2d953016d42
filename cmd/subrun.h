/* subrun: run another command in-process on an opened export and keep its
 * result as parsed JSON (report and advise build on the commands' own
 * results, so no number is computed twice). */
#ifndef NSYSQL_SUBRUN_H
#define NSYSQL_SUBRUN_H

#include <jansson.h>

#include "nsysql/cmd.h"

typedef struct sub {
    const char *key;
    int ok;
    char *doc;     /* the result object (compact JSON), owned */
    json_t *res;   /* parsed */
    json_t *params; /* its params, parsed (NULL when !ok) */
    char code[64]; /* its error code when !ok */
    char why[320]; /* when !ok */
    /* set before run_sub: members of the result that res leaves out
     * (jsonprune.h paths; NULL: none); doc keeps them */
    const char *const *drop;
    /* set before run_sub: the caller reads only counts, bytes and times
     * (nsq_ctx.sums_only) */
    bool sums_only;
} sub;

/* Runs c with argv (options only; x is the opened export, or NULL for a
 * command that opens its own inputs, given in argv). */
void run_sub(nsq_ctx *ctx, nsq_export *x, const nsq_cmd *c, int argc, char **argv, sub *out);
void sub_free(sub *s);

/* One run_sub of a group. */
typedef struct subjob {
    nsq_ctx *ctx;
    const nsq_cmd *c;
    int argc;
    char **argv;
    sub *out;
} subjob;
/* Runs the n jobs on x (each job's ctx x) as one group: their scans of the
 * same tables shared (nsq_scan_together, scangroup.h); the results are those
 * of the jobs run one after the other. */
void run_subs_together(nsq_export *x, int n, subjob *jobs);

#endif
