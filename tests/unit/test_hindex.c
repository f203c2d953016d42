/* Unit test of hindex (hindex.h): 200,000 distinct texts added and found
 * again (each at its own position), texts never added not found, keys that
 * all share one hash told apart by the caller's equality alone, NULL apart
 * from "", and the hash of equal bytes equal whatever the buffer.
 * Exit 0 when every check passes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/util/hindex.h"

#include "check.h"

typedef struct key {
    char **texts;
    const char *want;
} key;

static bool same(void *ctx, int64_t pos)
{
    const key *k = ctx;
    const char *t = k->texts[pos];
    return (!t && !k->want) || (t && k->want && !strcmp(t, k->want));
}

int main(void)
{
    enum { N = 200000 };
    char **texts = calloc(N, sizeof *texts);
    nsq_hindex ix = {0};
    key k = {texts, NULL};
    for (int i = 0; i < N; i++) {
        char b[32];
        snprintf(b, sizeof b, "kernel_%d", i);
        texts[i] = strdup(b);
        k.want = texts[i];
        uint64_t h = nsq_hash_str(texts[i], NSQ_HASH_SEED);
        CHECK(nsq_hindex_find(&ix, h, same, &k) == -1, "%s found before it was added", b);
        nsq_hindex_add(&ix, h, i);
    }
    CHECK(ix.n == N, "%zu held", ix.n);
    CHECK(ix.cap >= ix.n * 4 / 3 && (ix.cap & (ix.cap - 1)) == 0, "%zu slots for %zu", ix.cap,
          ix.n);
    int64_t wrong = 0;
    for (int i = 0; i < N; i++) {
        char b[32];
        snprintf(b, sizeof b, "kernel_%d", i); /* another buffer, the same bytes */
        k.want = b;
        wrong += nsq_hindex_find(&ix, nsq_hash_str(b, NSQ_HASH_SEED), same, &k) != i;
    }
    CHECK(wrong == 0, "%lld texts not found at their position", (long long)wrong);
    k.want = "kernel_200000";
    CHECK(nsq_hindex_find(&ix, nsq_hash_str(k.want, NSQ_HASH_SEED), same, &k) == -1,
          "a text never added is not found");
    nsq_hindex_release(&ix);
    CHECK(ix.cap == 0 && ix.n == 0 && !ix.h, "released");

    /* one hash for every key: equality alone tells them apart */
    texts[0] = (free(texts[0]), NULL);
    for (int i = 0; i < 1000; i++)
        nsq_hindex_add(&ix, 42, i);
    wrong = 0;
    for (int i = 1; i < 1000; i++) {
        k.want = texts[i];
        wrong += nsq_hindex_find(&ix, 42, same, &k) != i;
    }
    k.want = NULL;
    CHECK(nsq_hindex_find(&ix, 42, same, &k) == 0, "NULL found at its position");
    CHECK(wrong == 0, "%lld colliding keys not told apart", (long long)wrong);
    nsq_hindex_release(&ix);
    CHECK(nsq_hash_str(NULL, NSQ_HASH_SEED) != nsq_hash_str("", NSQ_HASH_SEED),
          "NULL hashes apart from the empty text");
    CHECK(nsq_hash_str("ab", nsq_hash_str("c", NSQ_HASH_SEED)) !=
              nsq_hash_str("b", nsq_hash_str("ac", NSQ_HASH_SEED)),
          "chained hashes keep the boundary");
    for (int i = 0; i < N; i++)
        free(texts[i]);
    free(texts);
    printf("%d/%d checks passed\n", nchecks - nfail, nchecks);
    return nfail ? 1 : 0;
}
