/* Shared by the fuzz harnesses: each defines LLVMFuzzerTestOneInput; built
 * with libFuzzer by scripts/fuzz.sh (-DNSYSQL_FUZZ=ON, clang), and with
 * replay.c in every build so that the inputs in tests/fuzz/regress/ run in
 * CI. A harness aborts on a broken rule: the fuzzer reports it as a crash. */
#ifndef NSYSQL_FUZZ_H
#define NSYSQL_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A per-process file holding data (rewritten each call); NULL on failure. */
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *suffix)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/nsysql-fuzz-%ld%s", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (long)getpid(), suffix);
    FILE *f = fopen(path, "wb");
    if (!f)
        return NULL;
    if (size && fwrite(data, 1, size, f) != size) {
        fclose(f);
        return NULL;
    }
    fclose(f);
    return path;
}

#define FUZZ_ASSERT(cond, msg)                                                                   \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            fprintf(stderr, "fuzz rule broken: %s (%s:%d)\n", msg, __FILE__, __LINE__);          \
            abort();                                                                             \
        }                                                                                        \
    } while (0)

#endif
