/* Unit test of piles (piles.h) against sorting: nearly sorted input (a few
 * interleaved increasing streams, with ties), random input and decreasing
 * input (more decreasing runs than piles: values kept apart), extreme
 * values; the read-out must be the sorted input, value for value, and
 * nearly sorted input must take a few bytes per value.
 * Exit 0 when every check passes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/piles.h"

#include "check.h"

static void run(const char *what, int64_t *v, size_t n, double max_bytes_per_value)
{
    nsq_piles ps;
    memset(&ps, 0, sizeof ps);
    for (size_t i = 0; i < n; i++)
        nsq_piles_add(&ps, v[i]);
    CHECK(ps.count == (int64_t)n, "%s: count", what);
    size_t bytes = nsq_piles_bytes(&ps);
    qsort(v, n, sizeof *v, cmp_i64);
    nsq_piles_iter it;
    nsq_piles_iter_init(&it, &ps);
    size_t k = 0;
    int64_t x;
    bool same = true;
    while (nsq_piles_next(&it, &x)) {
        if (k >= n || x != v[k])
            same = false;
        k++;
    }
    CHECK(same && k == n, "%s: read-out is the sorted input (%zu of %zu)", what, k, n);
    if (max_bytes_per_value > 0)
        CHECK((double)bytes <= max_bytes_per_value * (double)n, "%s: %zu bytes for %zu values",
              what, bytes, n);
    nsq_piles_iter_release(&it);
    nsq_piles_release(&ps);
}

int main(void)
{
    check_rng = 0x9E3779B97F4A7C15ull;
    for (int t = 0; t < 300; t++) {
        size_t n = 1 + next() % (t % 50 == 0 ? 400000 : 3000);
        int64_t *v = malloc(n * sizeof *v);
        /* s streams, each increasing by 0.5-1.5 us, interleaved at random */
        int s = 1 + (int)(next() % 8);
        int64_t cur[8];
        for (int i = 0; i < s; i++)
            cur[i] = 1000000 + (int64_t)(next() % 100000);
        for (size_t i = 0; i < n; i++) {
            int q = (int)(next() % (uint64_t)s);
            cur[q] += next() % 4 == 0 ? 0 : 500 + (int64_t)(next() % 1000); /* ties too */
            v[i] = cur[q];
        }
        run("interleaved streams", v, n, n > 1000 ? 2.5 : 0);
        for (size_t i = 0; i < n; i++)
            v[i] = (int64_t)(next() % 1000000000) - 500000000;
        run("random", v, n, 0);
        for (size_t i = 0; i < n; i++)
            v[i] = (int64_t)(n - i) * 7 - (int64_t)(i % 3);
        run("decreasing", v, n, 0);
        free(v);
    }
    int64_t ext[] = {INT64_MAX, INT64_MIN, 0, -1, INT64_MAX, 1, INT64_MIN + 1, INT64_MAX - 1};
    run("extremes", ext, sizeof ext / sizeof *ext, 0);
    printf("%d/%d checks passed\n", nchecks - nfail, nchecks);
    return nfail ? 1 : 0;
}
