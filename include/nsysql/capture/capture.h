/* capture: run a command under a profiler, make sure the data reaches disk,
 * and leave one SQLite export in the output directory.
 *
 * Two backends fill the same result:
 *   nsys   `nsys profile ... -o DIR/profile /bin/sh -c WRAPPER`, then
 *          `nsys export --type sqlite` (src/capture/capture_nsys.c);
 *   cupti  the command runs with libnsysql_inject.so injected through
 *          CUDA_INJECTION64_PATH / NVTX_INJECTION64_PATH; every process writes
 *          its own SQLite file, merged here into one export (src/capture/capture_cupti.c).
 * Both leave DIR/profile.sqlite, which nsq_export_open() finds when it is given
 * DIR. Process handling shared by both is in src/capture/capture_proc.c.
 *
 * Waits (the 30 s slack after --duration-s, the 60 s flush wait, the 90 s
 * second look for a report, the export limit) are multiplied by the
 * environment variable NSYSQL_CAPTURE_TIME_SCALE (default 1; never below
 * 2 s each), so the tests can exercise every failure path in seconds.
 * NSYSQL_CAPTURE_MIN_FREE_MB overrides the free-disk minimum (default
 * 1024 MiB). */
#ifndef NSYSQL_CAPTURE_H
#define NSYSQL_CAPTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "nsysql/util/err.h"
#include "nsysql/util/proc.h"
#include "nsysql/util/strbuf.h"

/* Fixed waits, in seconds, before scaling. */
#define NSQ_CAPTURE_SLACK_S 30.0          /* after --duration-s, before stopping the target */
#define NSQ_CAPTURE_FLUSH_S 60.0          /* for the profiler to flush after the target ended */
#define NSQ_CAPTURE_REPORT_RETRY_S 90.0   /* one more look for a missing or tiny report */
#define NSQ_CAPTURE_VERSION_S 30.0        /* for `nsys --version` (not scaled) */
#define NSQ_CAPTURE_MIN_REPORT_BYTES 4096 /* a smaller .nsys-rep cannot hold a capture */
#define NSQ_CAPTURE_MIN_FREE_MB 1024
#define NSQ_CAPTURE_TAIL_BYTES 1024 /* profiler stderr kept for the failure document */

/* What to capture; all strings are borrowed from the caller. */
typedef struct nsq_capture_req {
    const char *backend; /* "auto", "nsys" or "cupti" */
    int64_t duration_s;  /* expected run length; <= 0: wait for the target however long */
    const char *out_dir; /* created when missing */
    int64_t gpu_id;      /* -1: leave CUDA_VISIBLE_DEVICES alone */
    const char *trace;   /* nsys -t value, e.g. "cuda,nvtx,osrt" */
    bool trace_given;    /* --trace was on the command line (not the default) */
    char **extra_nsys;   /* already split; appended to `nsys profile` */
    int nextra_nsys;
    char **argv; /* the target command */
    int argc;
} nsq_capture_req;

typedef struct nsq_capture_warning {
    char *code;
    char *message;
} nsq_capture_warning;

/* The capture document's fields. Everything is owned by the result and freed
 * by nsq_capture_res_release(). NULL strings and have_* = false are written
 * as JSON null. */
typedef struct nsq_capture_res {
    char captured_at[40];   /* UTC, ISO 8601, when the target was started */
    const char *backend;    /* "nsys" or "cupti" (static string) */
    char *out_dir;          /* absolute */
    char *profiler_binary;  /* nsys path, or the injection library */
    char *profiler_version; /* nsys version, or "nsysql-cupti <v> (CUPTI <n>)" */
    char **profiler_argv;   /* the command actually started */
    int nprofiler_argv;
    char *target_cmd; /* the command as a shell string */
    bool have_exit_code;
    int target_exit_code; /* as the shell reports it (128+N for signal N) */
    int target_signal;    /* 0 when it exited normally */
    bool have_duration;
    double target_duration_s;
    const char *stop_reason; /* "target_exited", "time_limit", "interrupted" or NULL */
    char *report;            /* DIR/profile.nsys-rep (nsys) */
    int64_t report_size;     /* -1 when absent */
    char *sqlite;            /* DIR/profile.sqlite */
    int64_t sqlite_size;     /* -1 when absent */
    char *stdout_log;        /* profiler + target output */
    char *stderr_log;
    int nprocesses; /* cupti: per-process files merged; 0 for nsys */
    nsq_capture_warning *w;
    int nw, capw;
    strbuf stderr_tail; /* last NSQ_CAPTURE_TAIL_BYTES of the profiler's stderr */
} nsq_capture_res;

void nsq_capture_res_init(nsq_capture_res *r);
void nsq_capture_res_release(nsq_capture_res *r);
void nsq_capture_warn(nsq_capture_res *r, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Runs the whole capture with the backend req->backend resolves to. On
 * success returns 0 with `res` filled; on failure -1 with `err` set (exit code
 * 5 for capture failures, 2 for usage) and `res` holding what is known
 * (files kept, stderr tail). */
int nsq_capture_run(const nsq_capture_req *req, nsq_capture_res *res, nsq_err *err);

/* Backends (called by nsq_capture_run once the output directory exists). */
int nsq_capture_nsys(const nsq_capture_req *req, const char *nsys, nsq_capture_res *res,
                     nsq_err *err);
int nsq_capture_cupti(const nsq_capture_req *req, const char *lib, nsq_capture_res *res,
                      nsq_err *err);

/* Merges the per-process files DIR/cupti/proc-PID.sqlite files into `out` (created anew).
 * String ids are renumbered into one StringIds table; tables named NSYSQL_*
 * are read for status (dropped records, warnings) and left out. Returns 0 or
 * -1 with err. */
int nsq_cupti_merge(const char *in_dir, const char *out, nsq_capture_res *res, nsq_err *err);
/* The injection library: NSYSQL_INJECT_LIB, else libnsysql_inject.so next to
 * the nsysql binary or in ../lib. Returns a malloc'd absolute path or NULL. */
char *nsq_cupti_find_lib(void);

/* ---- helpers of the backends (src/capture/capture_proc.c) ---------------- */

/* Lists running processes that look like profilers (nsys, ncu, ...), other
 * than this process, into `sb` ("name (pid N), ..."); returns how many. */
int nsq_find_other_profilers(strbuf *sb);

/* Appends "CUDA_VISIBLE_DEVICES=<gpu id>" (malloc'd) to env[*n] when
 * --gpu-id was given, with a warning when a different value is replaced. */
void nsq_capture_gpu_env(const nsq_capture_req *req, nsq_capture_res *res, char **env, int *n);

/* The sh -c script that runs the target and records when it started and how
 * it ended: STATUS.start is created at start, STATUS holds the exit status
 * (as $? reports it) at the end. Returns a malloc'd script. */
char *nsq_target_script(char **argv, int argc, const char *status_path, char **cmd_out);

/* Follows the target through the wrapper's status files. The times a poll
 * notices the files are late by up to a poll interval (more on a loaded
 * machine), so the duration comes from the files' own modification times,
 * kept within what the polls prove: the start fell after the last poll
 * that missed it, the end before the poll that saw it. */
typedef struct nsq_target_watch {
    char *status_path;
    bool started, ended;
    double started_at, ended_at;     /* nsq_mono_s when noticed */
    double start_before, end_before; /* the poll before (-1: none) */
    double polled_at;                /* the last poll (0: none yet) */
    bool have_mtimes[2];             /* start, end */
    double mtimes[2];                /* the files' mtimes (realtime s) */
    int exit_code;
} nsq_target_watch;

void nsq_target_watch_poll(nsq_target_watch *t);
/* The target's run time as of `now` (nsq_mono_s): the files' mtimes'
 * difference clamped to the polls' bounds, or since the start was noticed
 * while the target still runs. */
double nsq_target_watch_duration(const nsq_target_watch *t, double now);
/* Fills the result's target_* fields from what was observed. */
void nsq_target_watch_result(const nsq_target_watch *t, nsq_capture_res *res);

#endif
