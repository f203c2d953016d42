/* hindex: open addressing with linear probing over (hash, position) slots
 * (hindex.h). */
#include "nsysql/util/hindex.h"

#include <stdlib.h>

#include "nsysql/util/strbuf.h"

uint64_t nsq_hash_bytes(const void *p, size_t n, uint64_t seed)
{
    const unsigned char *b = p;
    uint64_t h = seed;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    /* the murmur3 finaliser, with the length: spreads FNV's low bits */
    h ^= (uint64_t)n;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

uint64_t nsq_hash_str(const char *s, uint64_t seed)
{
    if (!s)
        return nsq_hash_bytes("\xff", 1, seed ^ 0x9e3779b97f4a7c15ull);
    size_t n = 0;
    while (s[n])
        n++;
    return nsq_hash_bytes(s, n, seed);
}

int64_t nsq_hindex_find(const nsq_hindex *x, uint64_t h, bool (*same)(void *ctx, int64_t pos),
                        void *ctx)
{
    if (!x->cap)
        return -1;
    uint64_t key = h | 1u;
    size_t mask = x->cap - 1;
    for (size_t i = (size_t)(h >> 1) & mask; x->h[i]; i = (i + 1) & mask)
        if (x->h[i] == key && same(ctx, x->v[i]))
            return x->v[i];
    return -1;
}

static void put(uint64_t *hs, int64_t *vs, size_t cap, uint64_t key, int64_t v)
{
    size_t mask = cap - 1;
    size_t i = (size_t)(key >> 1) & mask;
    while (hs[i])
        i = (i + 1) & mask;
    hs[i] = key;
    vs[i] = v;
}

void nsq_hindex_add(nsq_hindex *x, uint64_t h, int64_t v)
{
    if ((x->n + 1) * 4 > x->cap * 3) {
        size_t cap = x->cap ? x->cap * 2 : 64;
        if (cap > SIZE_MAX / 2 / sizeof *x->v)
            nsq_oom();
        uint64_t *hs = xcalloc(cap, sizeof *hs);
        int64_t *vs = xmalloc(cap * sizeof *vs);
        for (size_t i = 0; i < x->cap; i++)
            if (x->h[i])
                put(hs, vs, cap, x->h[i], x->v[i]);
        free(x->h);
        free(x->v);
        x->h = hs;
        x->v = vs;
        x->cap = cap;
    }
    put(x->h, x->v, x->cap, h | 1u, v);
    x->n++;
}

void nsq_hindex_release(nsq_hindex *x)
{
    free(x->h);
    free(x->v);
    x->h = NULL;
    x->v = NULL;
    x->cap = x->n = 0;
}
