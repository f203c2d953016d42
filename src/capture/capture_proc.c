/* capture_proc: process handling shared by the capture backends — starting
 * and waiting for children with deadlines, shell-like word splitting, the
 * target wrapper script, preflight probes (free disk, other profilers). */
#include "nsysql/capture/capture.h"
#include "nsysql/util/grow.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- result bookkeeping ------------------------------------------------- */

void nsq_capture_res_init(nsq_capture_res *r)
{
    memset(r, 0, sizeof *r);
    r->report_size = -1;
    r->sqlite_size = -1;
    r->stderr_tail = (strbuf)STRBUF_INIT;
}

void nsq_capture_res_release(nsq_capture_res *r)
{
    free(r->out_dir);
    free(r->profiler_binary);
    free(r->profiler_version);
    nsq_strv_free(r->profiler_argv, r->nprofiler_argv);
    free(r->target_cmd);
    free(r->report);
    free(r->sqlite);
    free(r->stdout_log);
    free(r->stderr_log);
    for (int i = 0; i < r->nw; i++) {
        free(r->w[i].code);
        free(r->w[i].message);
    }
    free(r->w);
    sb_release(&r->stderr_tail);
    nsq_capture_res_init(r);
}

void nsq_capture_warn(nsq_capture_res *r, const char *code, const char *fmt, ...)
{
    strbuf m = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    sb_vaddf(&m, fmt, ap);
    va_end(ap);
    NSQ_GROW(r->w, r->nw + 1, r->capw);
    r->w[r->nw].code = xstrdup(code);
    r->w[r->nw].message = sb_detach(&m);
    r->nw++;
}

/* ---- the target wrapper ------------------------------------------------------ */

char *nsq_target_script(char **argv, int argc, const char *status_path, char **cmd_out)
{
    strbuf cmd = STRBUF_INIT, sc = STRBUF_INIT, start = STRBUF_INIT, tmp = STRBUF_INIT;
    /* one argument is a shell command line; several are one command and its
     * arguments, quoted so the shell passes them through unchanged */
    if (argc == 1) {
        sb_addstr(&cmd, argv[0]);
    } else {
        for (int i = 0; i < argc; i++) {
            if (i)
                sb_addch(&cmd, ' ');
            nsq_shell_quote(&cmd, argv[i]);
        }
    }
    sb_addf(&start, "%s.start", status_path);
    sb_addf(&tmp, "%s.tmp", status_path);
    /* the subshell keeps an `exit` or a trailing comment in the command from
     * skipping the status line; the status is written to a temporary name
     * and renamed, so a reader never sees half of it */
    sb_addstr(&sc, ": > ");
    nsq_shell_quote(&sc, start.buf);
    sb_addstr(&sc, "\n(\n");
    sb_addstr(&sc, cmd.buf);
    sb_addstr(&sc, "\n)\nnsysql_rc=$?\necho \"$nsysql_rc\" > ");
    nsq_shell_quote(&sc, tmp.buf);
    sb_addstr(&sc, " && mv -f ");
    nsq_shell_quote(&sc, tmp.buf);
    sb_addch(&sc, ' ');
    nsq_shell_quote(&sc, status_path);
    sb_addstr(&sc, "\nexit \"$nsysql_rc\"\n");
    sb_release(&start);
    sb_release(&tmp);
    *cmd_out = sb_detach(&cmd);
    return sb_detach(&sc);
}

static bool file_mtime(const char *path, double *out)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return false;
    *out = (double)st.st_mtim.tv_sec + (double)st.st_mtim.tv_nsec / 1e9;
    return true;
}

void nsq_target_watch_poll(nsq_target_watch *t)
{
    double now = nsq_mono_s();
    double before = t->polled_at > 0 ? t->polled_at : -1;
    if (!t->started) {
        strbuf p = STRBUF_INIT;
        sb_addf(&p, "%s.start", t->status_path);
        if (access(p.buf, F_OK) == 0) {
            t->started = true;
            t->started_at = now;
            t->start_before = before;
            t->have_mtimes[0] = file_mtime(p.buf, &t->mtimes[0]);
        }
        sb_release(&p);
    }
    if (!t->ended) {
        FILE *f = fopen(t->status_path, "r");
        if (f) {
            char line[32] = "";
            if (fgets(line, sizeof line, f) && strchr(line, '\n')) {
                t->ended = true;
                t->ended_at = now;
                t->end_before = before;
                t->exit_code = atoi(line);
                t->have_mtimes[1] = file_mtime(t->status_path, &t->mtimes[1]);
                if (!t->started) { /* started and ended between two looks */
                    t->started = true;
                    t->started_at = now;
                    t->start_before = before;
                }
            }
            fclose(f);
        }
    }
    t->polled_at = now;
}

double nsq_target_watch_duration(const nsq_target_watch *t, double now)
{
    if (!t->ended)
        return now - t->started_at;
    /* what the polls prove: the end came after the poll before the one
     * that saw it, the start before the poll that saw it (so no less than
     * their difference), and the start after the poll before the one that
     * saw it (so no more than the end's sighting minus that) */
    double lo = t->end_before >= 0 ? t->end_before - t->started_at : 0;
    double hi = t->start_before >= 0 ? t->ended_at - t->start_before : -1;
    if (lo < 0)
        lo = 0;
    double d = t->ended_at - t->started_at;
    if (t->have_mtimes[0] && t->have_mtimes[1])
        d = t->mtimes[1] - t->mtimes[0];
    if (d < lo)
        d = lo;
    if (hi >= 0 && d > hi)
        d = hi;
    return d;
}

void nsq_target_watch_result(const nsq_target_watch *t, nsq_capture_res *res)
{
    if (t->ended) {
        res->have_exit_code = true;
        res->target_exit_code = t->exit_code;
        /* a shell reports death by signal N as 128+N */
        res->target_signal = t->exit_code > 128 && t->exit_code < 128 + 65 ? t->exit_code - 128 : 0;
    }
    if (t->started) {
        res->have_duration = true;
        res->target_duration_s = nsq_target_watch_duration(t, nsq_mono_s());
    }
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

static bool profiler_name(const char *n)
{
    static const char *const names[] = {"nsys",       "ncu", "nsys-launcher", "nv-nsight-cu-cli",
                                        "nsight-sys", NULL};
    for (int i = 0; names[i]; i++)
        if (strcmp(n, names[i]) == 0)
            return true;
    return false;
}

int nsq_find_other_profilers(strbuf *sb)
{
    DIR *d = opendir("/proc");
    int found = 0;
    pid_t self = getpid();
    if (!d)
        return 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (!isdigit((unsigned char)de->d_name[0]))
            continue;
        pid_t pid = (pid_t)atol(de->d_name);
        if (pid == self)
            continue;
        char path[64], comm[64] = "", cmd[4096];
        const char *hit = NULL;
        snprintf(path, sizeof path, "/proc/%d/comm", (int)pid);
        FILE *f = fopen(path, "r");
        if (f) {
            if (fgets(comm, sizeof comm, f))
                comm[strcspn(comm, "\n")] = '\0';
            fclose(f);
        }
        if (profiler_name(comm))
            hit = comm;
        /* a script started through its interpreter: look at argv[0] and argv[1] */
        snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
        size_t len = 0;
        f = hit ? NULL : fopen(path, "rb");
        if (f) {
            len = fread(cmd, 1, sizeof cmd - 1, f);
            fclose(f);
            cmd[len] = '\0';
            size_t a0 = strlen(cmd);
            if (len && profiler_name(base_name(cmd)))
                hit = base_name(cmd);
            else if (a0 + 1 < len && profiler_name(base_name(cmd + a0 + 1)))
                hit = base_name(cmd + a0 + 1);
        }
        if (!hit)
            continue;
        if (found < 8)
            sb_addf(sb, "%s%s (pid %d)", found ? ", " : "", hit, (int)pid);
        found++;
    }
    closedir(d);
    if (found > 8)
        sb_addf(sb, " and %d more", found - 8);
    return found;
}
