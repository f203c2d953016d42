/* The unit tests' check: counts every CHECK, prints the first 50 that fail
 * (file, line, message) to stderr; main() prints nchecks - nfail of nchecks
 * and exits 1 when nfail > 0. And a random source and a comparator. */
#ifndef NSYSQL_TEST_CHECK_H
#define NSYSQL_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>

static int nchecks, nfail;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        nchecks++;                                                                                 \
        if (!(cond)) {                                                                             \
            nfail++;                                                                               \
            if (nfail <= 50) {                                                                     \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                               \
                fprintf(stderr, __VA_ARGS__);                                                      \
                fputc('\n', stderr);                                                               \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/* xorshift64 for random inputs: each test may set check_rng first */
static uint64_t check_rng = 88172645463325252ull;
static inline uint64_t next(void)
{
    check_rng ^= check_rng << 13;
    check_rng ^= check_rng >> 7;
    check_rng ^= check_rng << 17;
    return check_rng;
}

/* the reference order of the tests' own sorts */
static inline int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

#endif
