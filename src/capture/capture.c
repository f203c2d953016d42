/* capture: what both backends share before they start — the backend choice,
 * the output directory, and the preflight checks (free disk, other
 * profilers, an injection already configured). */
#include "nsysql/capture/capture.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkdir -p; returns 0 or -1 with errno set. */
static int make_dirs(const char *path)
{
    char *p = xstrdup(path);
    int rc = 0;
    for (char *s = p + 1; *s && !rc; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0755) != 0 && errno != EEXIST)
            rc = -1;
        *s = '/';
    }
    if (!rc && mkdir(p, 0755) != 0 && errno != EEXIST)
        rc = -1;
    free(p);
    if (!rc) {
        struct stat st;
        if (stat(path, &st) != 0)
            rc = -1;
        else if (!S_ISDIR(st.st_mode)) {
            errno = ENOTDIR;
            rc = -1;
        }
    }
    return rc;
}

static int64_t min_free_mb(void)
{
    const char *s = getenv("NSYSQL_CAPTURE_MIN_FREE_MB");
    char *end = NULL;
    long long v = s ? strtoll(s, &end, 10) : -1;
    if (!s || end == s || *end || v < 0)
        return NSQ_CAPTURE_MIN_FREE_MB;
    return (int64_t)v;
}

/* Preflight common to both backends: output directory, free disk, other
 * profilers. Fills res->out_dir. */
static int preflight(const nsq_capture_req *req, nsq_capture_res *res, nsq_err *err)
{
    if (make_dirs(req->out_dir) != 0)
        return nsq_error(err, NSQ_EXIT_CAPTURE, "output_unwritable",
                         "cannot create the output directory '%s': %s", req->out_dir,
                         strerror(errno));
    res->out_dir = realpath(req->out_dir, NULL);
    if (!res->out_dir || access(res->out_dir, W_OK) != 0)
        return nsq_error(err, NSQ_EXIT_CAPTURE, "output_unwritable",
                         "the output directory '%s' is not writable", req->out_dir);
    int64_t free_mb = nsq_free_mb(res->out_dir), need = min_free_mb();
    if (free_mb >= 0 && free_mb < need) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "low_disk_space",
                  "only %lld MiB free under '%s'; a capture needs at least %lld MiB",
                  (long long)free_mb, res->out_dir, (long long)need);
        nsq_hint(err, "free some space or choose another --out-dir "
                      "(NSYSQL_CAPTURE_MIN_FREE_MB sets the minimum)");
        return -1;
    }
    strbuf others = STRBUF_INIT;
    if (nsq_find_other_profilers(&others) > 0)
        nsq_capture_warn(res, "profiler_already_running",
                         "another profiler is running: %s; GPUs allow one tracing session at a "
                         "time per process and counters are shared, so the capture may be "
                         "incomplete or perturbed",
                         others.buf);
    sb_release(&others);
    const char *inj = getenv("CUDA_INJECTION64_PATH");
    if (inj && *inj)
        nsq_capture_warn(res, "injection_already_set",
                         "CUDA_INJECTION64_PATH is already set ('%s'): this process may be "
                         "running under another profiler",
                         inj);
    return 0;
}

int nsq_capture_run(const nsq_capture_req *req, nsq_capture_res *res, nsq_err *err)
{
    char *nsys = NULL, *lib = NULL;
    const char *b = req->backend ? req->backend : "auto";
    int rc = -1;
    if (req->argc < 1) {
        nsq_error(err, NSQ_EXIT_USAGE, "missing_command", "no command to capture");
        nsq_hint(err, "usage: nsysql capture [options] -- COMMAND [ARGS...]");
        return -1;
    }
    if (strcmp(b, "auto") && strcmp(b, "nsys") && strcmp(b, "cupti")) {
        nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                  "--backend must be auto, nsys or cupti, not '%s'", b);
        return -1;
    }
    if (strcmp(b, "cupti"))
        nsys = nsq_find_program("nsys", "NSYS_PATH");
    if (!nsys && strcmp(b, "nsys"))
        lib = nsq_cupti_find_lib();
    if (!nsys && !lib) {
        if (!strcmp(b, "nsys")) {
            nsq_error(err, NSQ_EXIT_CAPTURE, "profiler_not_found",
                      "nsys was not found in PATH or through NSYS_PATH");
            nsq_hint(err, "install Nsight Systems, set NSYS_PATH to nsys or its directory, or "
                          "use --backend cupti");
        } else if (!strcmp(b, "cupti")) {
            nsq_error(err, NSQ_EXIT_CAPTURE, "cupti_backend_unavailable",
                      "libnsysql_inject.so was not found (nsysql was built without CUDA, or the "
                      "library was moved)");
            nsq_hint(err, "build with the CUDA toolkit present, or set NSYSQL_INJECT_LIB");
        } else {
            nsq_error(err, NSQ_EXIT_CAPTURE, "profiler_not_found",
                      "no profiler available: nsys is not in PATH or NSYS_PATH, and the CUPTI "
                      "backend (libnsysql_inject.so) is not built");
            nsq_hint(err, "install Nsight Systems or build nsysql with the CUDA toolkit");
        }
        goto done;
    }
    if (preflight(req, res, err))
        goto done;
    nsq_capture_signals_install();
    rc = nsys ? nsq_capture_nsys(req, nsys, res, err) : nsq_capture_cupti(req, lib, res, err);
    nsq_capture_signals_restore();
done:
    free(nsys);
    free(lib);
    return rc;
}
