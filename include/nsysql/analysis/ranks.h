/* ranks: one GPU context per rank, across one or many exports.
 *
 * A rank is a (process, CUDA device) pair with GPU activity in one export:
 * one export per rank (the usual one report per process), several ranks in
 * one export (a multi-process capture), or both. For each rank, over its own
 * span (first GPU op start .. last GPU op end):
 *   busy           union of all its GPU ops (kernels, memcpy, memset)
 *   idle           span - busy
 *   communication  union of its communication kernels (names matching
 *                  --comm, by default HTA's `^nccl|ncclKernel`)
 *   compute        union of its other kernels
 *   memory         union of its memcpy and memset ops
 *   overlap        time communication and compute ran at once
 *                  (communication + compute - union of all kernels)
 * and, unless --no-steps, its step time: the median steady iteration of
 * steady-state run on that process and device.
 *
 * Stragglers: in synchronous training every rank waits for the slowest at
 * each collective, so step times agree and the slow rank shows as more
 * compute (and less time waiting inside collectives). A rank is a straggler
 * when its compute exceeds the median over ranks by more than --threshold-pct
 * (default 5 %); how far behind it is, is that excess (ns and %).
 *
 * Collectives: the i-th instance of a communication kernel name on each rank
 * is the same collective (collectives run in the same order on every rank of
 * a communicator). Per name, instance i's spread is max - min of its
 * durations over the ranks that have it: the time the early arrivals spent
 * waiting for the last one, which is the rank with the shortest duration.
 * Durations are compared, never start times: exports of different ranks
 * have different clocks. Sizes are not in the kernel table (null). */
#ifndef NSYSQL_RANKS_H
#define NSYSQL_RANKS_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/export/export.h"
#include "nsysql/util/json.h"

typedef struct nsq_ranks_opts {
    const char *comm;     /* communication kernel regex (PCRE2) */
    double threshold_pct; /* straggler threshold */
    bool no_steps;
    int64_t limit; /* collectives listed (0 = all) */
    bool detail;   /* every rank and every collective's per-rank rows, on any number of ranks */
} nsq_ranks_opts;

/* Without detail, more ranks than this list this many (the furthest from the
 * median compute, in rank order), and the collectives their spreads without
 * per-rank rows (16 ranks and one collective were 12 KB of JSON, 64 were 50). */
#define NSQ_RANKS_LISTED 12

typedef struct nsq_ranks nsq_ranks;

nsq_ranks *nsq_ranks_new(const nsq_ranks_opts *o, nsq_err *err);
/* Adds the ranks of one export (input index `input`, as named by `path`). */
int nsq_ranks_add(nsq_ranks *r, nsq_export *x, int input, const char *path, nsq_err *err);
/* Computes stragglers and collectives and writes the result object body. */
void nsq_ranks_json(nsq_ranks *r, json *j);
/* Warnings the result carries: calls warn(ctx, code, message) for each. */
void nsq_ranks_warnings(const nsq_ranks *r, void (*warn)(void *ctx, const char *code,
                                                         const char *msg),
                        void *ctx);
int nsq_ranks_count(const nsq_ranks *r);
void nsq_ranks_free(nsq_ranks *r);

#endif
