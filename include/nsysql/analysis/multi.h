/* multi: one analysis over many exports (one per rank), partial documents,
 * and the mergeable state they carry.
 *
 * A run over several inputs starts one worker per input: the same binary,
 * re-run on that input alone with --partial, at most `jobs` at a time. A
 * worker prints a partial document (schemas/partial.v1.schema.json): the
 * input's own document, byte for byte what a single-input run prints (or its
 * error document), and the state that merges. The parent hands the partials,
 * in input order, to the same merge `nsysql merge PART...` runs, so both
 * print the same bytes. A worker that crashes or prints no partial becomes an
 * error document of its own (worker_failed); the others are unaffected.
 *
 * Quantile sketch: durations go into log-spaced buckets, bucket i holding
 * (g^(i-1), g^i] with g = (1 + a) / (1 - a), a = NSQ_SKETCH_REL_ERR; zero
 * durations are counted apart. A bucket's representative 2 g^i / (g + 1) is
 * within relative error a of every value in it, so a nearest-rank quantile
 * read from merged buckets is within a of the exact one (a median, the mean
 * of two such values, too), up to 1 ns of rounding. Buckets add exactly, so
 * merging is exact on the sketch. */
#ifndef NSYSQL_MULTI_H
#define NSYSQL_MULTI_H

#include <stddef.h>
#include <stdint.h>

#include "nsysql/analysis/stats.h"
#include "nsysql/util/err.h"
#include "nsysql/util/json.h"
#include "nsysql/util/strbuf.h"

#define NSQ_SKETCH_REL_ERR 0.01

/* Writes "n", "total_ns", "min_ns", "max_ns", "sumsq" (decimal string, exact
 * sum of squares), "zero" and "buckets" ([index, count, ...], ascending) for
 * the values of groups gis[0..ngi) of g pooled (ngi >= 1, at least one
 * value), as keys of the open object j. */
void nsq_sketch_json_pooled(json *j, const nsq_gstats *g, const int *gis, int ngi);
/* The bucket of x > 0, and the representative value of bucket i. */
int nsq_sketch_index(int64_t x);
double nsq_sketch_value(int i);

/* The inputs args[0..nargs) name: a file is itself; a directory holding
 * profile.sqlite (a capture directory) or at most one .sqlite file is
 * itself (export.h resolves it); another directory is its .sqlite files in
 * name order. Sets *out (owned, each string owned) and *nout, and *multi
 * when there are several inputs. Returns 0 or -1 with err. */
int nsq_multi_inputs(char ***out, int *nout, int *multi, char *const *args, int nargs,
                     nsq_err *err);
void nsq_multi_inputs_free(char **v, int n);

/* Runs `argv` (a full command line, argv[0] ignored; the input goes last)
 * once per input with --partial, `jobs` at a time, each worker reading on
 * CPUs/jobs connections (NSYSQL_THREADS, unless the caller set it). texts[i] receives input
 * i's partial document (a synthesised one for a failed worker). Returns 0 or
 * -1 with err (cannot start workers). */
int nsq_multi_spawn(strbuf *texts, char *const *inputs, int ninputs, const char *command,
                    char *const *pass, int npass, int jobs, nsq_err *err);

/* Wraps a finished document (compact JSON, no newline) as a partial
 * document; state is NULL when the input failed. */
void nsq_partial_wrap(strbuf *out, const char *command, const char *path, int exit_code,
                      const char *doc, size_t doc_len, const char *state);

/* The merge of partials texts[0..n) (cmd/merge.c): the document
 * nsysql/merge, in out, with its exit code (0 all inputs ok, 3 some failed)
 * in *exit_code. Returns 0 or -1 with err (a text is no partial document,
 * or the partials come from different commands or parameters). */
int nsq_merge_partials(strbuf *out, int *exit_code, const strbuf *texts, const char *const *names,
                       int n, int pretty, nsq_err *err);

#endif
