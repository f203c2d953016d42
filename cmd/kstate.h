/* kstate: the "kernels" array of a top-kernels partial's state (one entry
 * per (device, name): counts, sums, extremes and the duration sketch's
 * buckets; topk.c write_state), read into flat arrays for the merge
 * (cmd/merge.c).
 *
 * A partial of 10,000 names carries about 4 MB of state, mostly buckets:
 * held as jansson values, eight of them took 5 s and 530 MB to load and
 * merge. kstates_split reads the array itself and hands back the rest of the
 * partial (the array replaced by []) for jansson. It takes only what the
 * writer prints: the keys of write_state, each at most once, integers
 * (no fraction or exponent, within int64), strings without escapes, control
 * or non-ASCII bytes, null for a name; on anything else it declines and the
 * caller reads the whole partial with jansson (kstates_from_json), so every
 * text reads to the same values either way. kmerge pools the entries of the
 * inputs by name one input at a time, so the merge holds one input's arrays
 * (and the pooled rows) rather than all of them: eight such partials now
 * merge in 0.2 s of CPU and 65 MB. */
#ifndef NSYSQL_CMD_KSTATE_H
#define NSYSQL_CMD_KSTATE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "nsysql/analysis/stats.h"
#include "nsysql/util/hindex.h"
#include "nsysql/util/strbuf.h"

typedef struct kstate {
    const char *name; /* NULL = a null (or non-string) name; borrowed */
    size_t name_off;  /* in kstates.names; SIZE_MAX when the name is not there */
    int64_t n, total, min, max, zero;
    nsq_i128 sumsq;
    size_t b0, nb; /* bucket pairs kstates.bi/bc[b0 .. b0 + nb) */
} kstate;

typedef struct kstates {
    kstate *ks;
    size_t nks;
    int *bi; /* bucket indices and counts of all ks, in order */
    int64_t *bc;
    strbuf names; /* names read by kstates_split, NUL-separated */
    bool have;    /* ks holds the array */
} kstates;

/* For the partial text s[0..len) of top-kernels: its state's kernels into
 * *p and the text with them replaced by [] appended to *rest. False (p
 * empty, rest untouched) when the text is not such a partial or holds
 * anything the reader does not take. */
bool kstates_split(kstates *p, const char *s, size_t len, strbuf *rest);
/* *p from a parsed state's "kernels" (jansson; names borrowed from it). */
void kstates_from_json(kstates *p, json_t *kernels);
void kstates_release(kstates *p);
/* The entries of every input pooled by name (a null name is a name of its
 * own): counts, sums and zero counts added, extremes kept, buckets added by
 * index, and the inputs that have the name counted. kmerge_add folds one
 * input's entries in (inputs in order, input numbers ascending), so an
 * input's kstates can be released as soon as they are added. */
typedef struct krow {
    char *name; /* owned; NULL = the null name */
    int64_t n, total, min, max, zero, inputs;
    nsq_i128 sumsq;
    int *bi; /* bucket indices, ascending, each once */
    int64_t *bc;
    size_t nb;
    int last_input;
} krow;

typedef struct kmerge {
    krow *rows;
    size_t nrows, cap;
    nsq_hindex ix;
} kmerge;

void kmerge_add(kmerge *m, const kstates *k, int input);
void kmerge_release(kmerge *m);

/* The sumsq decimal text as an integer (NULL: 0). */
nsq_i128 kstate_i128(const char *s);

#endif
