/* The --match-rules file parser and the rules applied to names: the input's
 * first part is the file, the rest a kernel name. */
#include <string.h>

#include "fuzz.h"
#include "nsysql/export/match.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *split = memchr(data, 0, size);
    size_t flen = split ? (size_t)(split - data) : size;
    const char *path = fuzz_file(data, flen, ".rules");
    if (!path)
        return 0;
    nsq_match_rules *r = NULL;
    nsq_err err = {0};
    if (nsq_match_rules_load(&r, path, &err) == 0) {
        size_t nlen = split ? size - flen - 1 : 0;
        char *name = malloc(nlen + 1);
        if (nlen)
            memcpy(name, split + 1, nlen);
        name[nlen] = '\0';
        static const char *const names[] = {
            "void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64, 64, 4>, true>(Flash_fwd_params)",
            "nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NTN", "ampere_sgemm_128x64_nn", "", NULL};
        for (int i = 0; names[i]; i++) {
            uint64_t fired = 0;
            nsq_err e = {0};
            free(nsq_match_normalize(r, names[i], &fired, &e));
        }
        uint64_t fired = 0;
        nsq_err e = {0};
        free(nsq_match_normalize(r, name, &fired, &e));
        free(name);
        nsq_match_rules_free(r);
    } else {
        FUZZ_ASSERT(err.code[0] && err.exit_code, "a refused rules file has a coded error");
    }
    return 0;
}
