/* The input checks, the export probe, the portable views and one analysis
 * (top-kernels) on a mutated SQLite file: never a crash, a hang or a leak;
 * an error is a coded error. */
#include <string.h>

#include "fuzz.h"
#include "nsysql/export/export.h"
#include "nsysql/analysis/topk.h"
#include "nsysql/analysis/window.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(data, size, ".sqlite");
    if (!path)
        return 0;
    nsq_export *x = NULL;
    nsq_err err = {0};
    if (nsq_export_open(&x, path, &err) == 0) {
        nsq_window w;
        memset(&w, 0, sizeof w);
        snprintf(w.kind, sizeof w.kind, "all");
        nsq_topk_opts o = {"short", false, 5, &w, NULL, false, false, NULL};
        nsq_topk_result r;
        nsq_err e2 = {0};
        if (nsq_topk_check(x, &e2) == 0 && nsq_topk_run(&r, x, &o, &e2) == 0)
            nsq_topk_release(&r);
        else
            FUZZ_ASSERT(e2.code[0] && e2.exit_code, "a failed analysis has a coded error");
    } else {
        FUZZ_ASSERT(err.code[0] && err.exit_code, "a refused input has a coded error");
    }
    nsq_export_close(x);
    return 0;
}
