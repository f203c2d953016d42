/* kvlog: (key, value) pairs logged in the order they come, handed back key by
 * key, in that order within each key.
 *
 * Appending values to thousands of arrays (a kernel's durations by name, with
 * 10,000 names) misses the cache at each array's end, once per value. A
 * kvlog takes the pairs in one array instead; a flush lays them out key by
 * key (a counting sort into a buffer that stays in cache, the keys in the
 * order they were first met) and calls run once per key with its values.
 *
 *     nsq_kvlog l = {0};
 *     if (nsq_kvlog_push(&l, key, value))     (1: the log is full)
 *         nsq_kvlog_flush(&l, nkeys, run, ctx);
 *     ...
 *     nsq_kvlog_flush(&l, nkeys, run, ctx);    (before the values are read)
 *     nsq_kvlog_free(&l);
 *
 * Keys are below nkeys. Memory: 8 bytes per entry (NSQ_KVLOG_CAP entries,
 * 2 MB, on the first push), 4 per entry of buffer on the first flush, 8 per
 * key. A flush costs what its entries cost, whatever nkeys is. */
#ifndef NSYSQL_KVLOG_H
#define NSYSQL_KVLOG_H

#include <stddef.h>
#include <stdint.h>

#include "nsysql/util/strbuf.h"

#define NSQ_KVLOG_CAP ((size_t)1 << 18)

typedef struct nsq_kvlog_ent {
    uint32_t k, v;
} nsq_kvlog_ent;

typedef struct nsq_kvlog {
    nsq_kvlog_ent *e; /* NSQ_KVLOG_CAP */
    size_t n;
    uint32_t *cnt, *touched; /* per key (nkeys of them): zero between flushes */
    size_t nkeys;
    uint32_t *buf; /* NSQ_KVLOG_CAP */
} nsq_kvlog;

/* The values of one key, in the order they were pushed. */
typedef void (*nsq_kvlog_run)(void *ctx, uint32_t key, const uint32_t *v, size_t n);

/* Logs (k, v); returns 1 when the log is then full (flush it). */
static inline int nsq_kvlog_push(nsq_kvlog *l, uint32_t k, uint32_t v)
{
    if (!l->e)
        l->e = xmalloc(sizeof *l->e * NSQ_KVLOG_CAP);
    l->e[l->n++] = (nsq_kvlog_ent){k, v};
    return l->n == NSQ_KVLOG_CAP;
}

/* Hands every logged value to run, key by key, and empties the log. */
void nsq_kvlog_flush(nsq_kvlog *l, size_t nkeys, nsq_kvlog_run run, void *ctx);
/* Frees what l holds (the logged values are dropped). */
void nsq_kvlog_free(nsq_kvlog *l);

#endif
