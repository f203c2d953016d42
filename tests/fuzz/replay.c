/* Runs a harness on files (or every file of folders) given as arguments,
 * without libFuzzer: the crashes the fuzzer found, kept in
 * tests/fuzz/regress/TARGET/, run this way in every build. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc(n > 0 ? (size_t)n : 1);
    size_t got = n > 0 ? fread(b, 1, (size_t)n, f) : 0;
    fclose(f);
    LLVMFuzzerTestOneInput(b, got);
    free(b);
    printf("ok %s (%zu bytes)\n", path, got);
    return 0;
}

int main(int argc, char **argv)
{
    int bad = 0, n = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st))
            continue;
        if (!S_ISDIR(st.st_mode)) {
            bad |= run_file(argv[i]);
            n++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.')
                continue;
            char p[4096];
            snprintf(p, sizeof p, "%s/%s", argv[i], e->d_name);
            bad |= run_file(p);
            n++;
        }
        if (d)
            closedir(d);
    }
    printf("%d inputs replayed\n", n);
    return bad;
}
