/* The unit tests' check: counts every CHECK, prints the first 50 that fail
 * (file, line, message) to stderr; main() prints nchecks - nfail of nchecks
 * and exits 1 when nfail > 0. */
#ifndef NSYSQL_TEST_CHECK_H
#define NSYSQL_TEST_CHECK_H

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

#endif
