/* proc: processes, shell words, clocks and files (src/util/proc.c): what
 * running nsys or a profiled target needs, shared by capture and by the
 * export layer (exporting a .nsys-rep). */
#ifndef NSYSQL_PROC_H
#define NSYSQL_PROC_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "nsysql/util/err.h"
#include "nsysql/util/strbuf.h"

#define NSQ_CAPTURE_EXPORT_S 1800.0 /* for `nsys export` (large reports take minutes) */

/* Splits `s` into words as a POSIX shell would (blanks separate words;
 * '...' and "..." quote; backslash escapes), without expansions and without
 * running a shell. *argv is malloc'd (each word too; free with
 * nsq_strv_free). Returns 0, or -1 with a usage error for an unterminated
 * quote. */
int nsq_shell_split(const char *s, char ***argv, int *argc, nsq_err *err);
/* Appends `s` quoted for sh (single quotes unless it needs none). */
void nsq_shell_quote(strbuf *sb, const char *s);
void nsq_strv_free(char **v, int n);

/* NSYSQL_CAPTURE_TIME_SCALE (> 0), default 1. */
double nsq_capture_time_scale(void);
/* A fixed wait of `base` seconds, scaled, but never below 2 s (a shorter
 * wait than a busy machine needs to start a process means nothing). */
double nsq_capture_wait_s(double base);
double nsq_mono_s(void);

/* Finds an executable: `name` in PATH, then the file or directory named by
 * the environment variable `env` (DIR/name, DIR/bin/name). Returns a malloc'd
 * absolute path or NULL. */
char *nsq_find_program(const char *name, const char *env);

/* A started child: its pid and where its output goes. */
typedef struct nsq_child {
    pid_t pid;
    bool running;
    int status; /* waitpid status once !running */
} nsq_child;

/* Starts argv[0] (a path) in its own process group with the environment
 * changes `env` (NULL-terminated: "NAME=value" sets, "-NAME" removes) and
 * stdout/stderr appended to the given files (NULL: inherit; stdin is always
 * inherited). Returns 0, or -1 with err when it could not be started. */
int nsq_child_start(nsq_child *c, char *const argv[], char *const env[], const char *out_path,
                    const char *err_path, nsq_err *err);
/* Reaps the child if it has exited; returns true when it is no longer running. */
bool nsq_child_poll(nsq_child *c);
/* Waits until the child exits or `deadline` (nsq_mono_s clock, <0: forever)
 * passes, or, when `until_stop`, a stop was requested (see
 * nsq_capture_signals_*). Returns true when the child exited. */
bool nsq_child_wait(nsq_child *c, double deadline, bool until_stop);
/* Sends `sig` to the child, or to its whole process group when `group`. */
void nsq_child_signal(const nsq_child *c, int sig, bool group);
/* Kills the process group and reaps the child. */
void nsq_child_kill(nsq_child *c);
/* SIGKILL to process group pgid, then waits (polling /proc, at most max_s
 * seconds) until no process of the group is left but zombies: a killed
 * process is gone only once the kernel has taken it down, which a loaded
 * machine can delay. Returns the processes still running (0: all gone). */
int nsq_group_kill_wait(pid_t pgid, double max_s);

/* SIGINT/SIGTERM/SIGHUP to nsysql during a capture set a flag instead of
 * killing it, so the profiler can still be flushed. */
void nsq_capture_signals_install(void);
void nsq_capture_signals_restore(void);
bool nsq_capture_stop_requested(void);

/* Size of a regular file, or -1. */
int64_t nsq_file_size(const char *path);
/* Replaces `tail` with the last `max` bytes of the file (nothing if absent). */
void nsq_file_tail(strbuf *tail, const char *path, size_t max);
/* Free space of the file system holding `dir`, in MiB, or -1. */
int64_t nsq_free_mb(const char *dir);
/* UTC now as "YYYY-MM-DDTHH:MM:SS.mmmZ". */
void nsq_utc_now(char *buf, size_t n);

#endif
