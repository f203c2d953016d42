/* hindex: an open-addressing hash index from 64-bit hashes to int64
 * positions in the caller's own array; the caller hashes its keys and says
 * which position holds an equal key. Finding or adding is O(1) expected, so
 * grouping n keys costs O(n) where a scan of the groups met so far costs
 * O(n^2).
 *
 *     nsq_hindex ix = {0};
 *     uint64_t h = nsq_hash_str(name, NSQ_HASH_SEED);
 *     int64_t t = nsq_hindex_find(&ix, h, same_name, &key);
 *     if (t < 0)
 *         nsq_hindex_add(&ix, h, t = n++);
 *     ...
 *     nsq_hindex_release(&ix);
 *
 * The index owns only its slots; a zeroed nsq_hindex is empty and valid.
 * Allocation failure ends the process (strbuf.h). */
#ifndef NSYSQL_HINDEX_H
#define NSYSQL_HINDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NSQ_HASH_SEED 0xcbf29ce484222325ull /* FNV-1a offset basis */

typedef struct nsq_hindex {
    uint64_t *h; /* per slot: the hash with its low bit set; 0 marks an empty slot */
    int64_t *v;  /* per slot: the position */
    size_t cap;  /* slots: 0 or a power of two, at most 3/4 full */
    size_t n;    /* positions held */
} nsq_hindex;

/* The 64-bit hash of n bytes, continuing from `seed` (FNV-1a, then mixed). */
uint64_t nsq_hash_bytes(const void *p, size_t n, uint64_t seed);
/* The hash of a NUL-terminated text; NULL hashes apart from every text. */
uint64_t nsq_hash_str(const char *s, uint64_t seed);
/* A position added with hash h for which same(ctx, position) is true; -1
 * when there is none. */
int64_t nsq_hindex_find(const nsq_hindex *x, uint64_t h, bool (*same)(void *ctx, int64_t pos),
                        void *ctx);
/* Adds position v under hash h (the caller adds each key once: with equal
 * keys added twice, find returns either). */
void nsq_hindex_add(nsq_hindex *x, uint64_t h, int64_t v);
void nsq_hindex_release(nsq_hindex *x);

#endif
