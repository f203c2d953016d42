/* proc: processes (start, wait, signal, kill), shell words, clocks and
 * files: what running nsys or a profiled target needs, shared by capture and
 * by the export layer (exporting a .nsys-rep). */
#include "nsysql/util/proc.h"
#include "nsysql/util/progress.h"
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

#define POLL_NS 20000000L /* 20 ms between looks at a child */

void nsq_strv_free(char **v, int n)
{
    for (int i = 0; v && i < n; i++)
        free(v[i]);
    free(v);
}

/* ---- clocks and scaling --------------------------------------------------- */

double nsq_capture_time_scale(void)
{
    const char *s = getenv("NSYSQL_CAPTURE_TIME_SCALE");
    char *end = NULL;
    double v = s ? strtod(s, &end) : 1.0;
    if (!s || end == s || *end || !(v > 0) || v > 1000)
        return 1.0;
    return v;
}

double nsq_capture_wait_s(double base)
{
    double v = base * nsq_capture_time_scale();
    double floor = base < 2.0 ? base : 2.0;
    return v < floor ? floor : v;
}

double nsq_mono_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void nsq_utc_now(char *buf, size_t n)
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    char base[32];
    strftime(base, sizeof base, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(buf, n, "%s.%03ldZ", base, ts.tv_nsec / 1000000L);
}

static void nap(void)
{
    struct timespec ts = {0, POLL_NS};
    nanosleep(&ts, NULL);
}

/* ---- shell words ------------------------------------------------------------ */

int nsq_shell_split(const char *s, char ***argv, int *argc, nsq_err *err)
{
    char **v = NULL;
    int n = 0, cap = 0;
    strbuf w = STRBUF_INIT;
    bool in_word = false;
    const char *p = s ? s : "";
    *argv = NULL;
    *argc = 0;
    while (*p) {
        char c = *p;
        if (c == ' ' || c == '\t' || c == '\n') {
            if (in_word) {
                NSQ_GROW(v, n + 1, cap);
                v[n++] = xstrdup(sb_str(&w));
                sb_reset(&w);
                in_word = false;
            }
            p++;
            continue;
        }
        in_word = true;
        if (c == '\'') {
            const char *q = strchr(p + 1, '\'');
            if (!q)
                goto unterminated;
            sb_add(&w, p + 1, (size_t)(q - p - 1));
            p = q + 1;
        } else if (c == '"') {
            p++;
            while (*p && *p != '"') {
                /* inside double quotes a backslash only escapes these */
                if (*p == '\\' && p[1] && strchr("\"\\$`\n", p[1])) {
                    if (p[1] != '\n')
                        sb_addch(&w, p[1]);
                    p += 2;
                } else {
                    sb_addch(&w, *p++);
                }
            }
            if (*p != '"')
                goto unterminated;
            p++;
        } else if (c == '\\') {
            if (!p[1]) {
                p++; /* a trailing backslash stands for itself */
                sb_addch(&w, '\\');
            } else {
                if (p[1] != '\n')
                    sb_addch(&w, p[1]);
                p += 2;
            }
        } else {
            sb_addch(&w, c);
            p++;
        }
    }
    if (in_word) {
        NSQ_GROW(v, n + 1, cap);
        v[n++] = xstrdup(sb_str(&w));
    }
    sb_release(&w);
    *argv = v;
    *argc = n;
    return 0;
unterminated:
    sb_release(&w);
    nsq_strv_free(v, n);
    return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value", "unterminated quote in '%s'", s);
}

void nsq_shell_quote(strbuf *sb, const char *s)
{
    bool plain = *s != '\0';
    for (const char *c = s; *c; c++)
        if (!isalnum((unsigned char)*c) && !strchr("@%+=:,./-_", *c))
            plain = false;
    if (plain) {
        sb_addstr(sb, s);
        return;
    }
    sb_addch(sb, '\'');
    for (const char *c = s; *c; c++) {
        if (*c == '\'')
            sb_addstr(sb, "'\\''");
        else
            sb_addch(sb, *c);
    }
    sb_addch(sb, '\'');
}

/* ---- finding programs ------------------------------------------------------------ */

static char *executable(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
        return realpath(path, NULL);
    return NULL;
}

char *nsq_find_program(const char *name, const char *env)
{
    const char *path = getenv("PATH");
    char *found = NULL;
    strbuf p = STRBUF_INIT;
    if (path && *path) {
        const char *s = path;
        while (!found) {
            const char *e = strchr(s, ':');
            size_t len = e ? (size_t)(e - s) : strlen(s);
            sb_reset(&p);
            if (len == 0)
                sb_addstr(&p, ".");
            else
                sb_add(&p, s, len);
            sb_addf(&p, "/%s", name);
            found = executable(p.buf);
            if (!e)
                break;
            s = e + 1;
        }
    }
    const char *ev = env ? getenv(env) : NULL;
    if (!found && ev && *ev) {
        struct stat st;
        if (stat(ev, &st) == 0 && S_ISDIR(st.st_mode)) {
            static const char *const sub[] = {"%s/%s", "%s/bin/%s", NULL};
            for (int i = 0; sub[i] && !found; i++) {
                sb_reset(&p);
                sb_addf(&p, sub[i], ev, name);
                found = executable(p.buf);
            }
        } else {
            found = executable(ev);
        }
    }
    sb_release(&p);
    return found;
}

/* ---- children ------------------------------------------------------------------------ */

static int open_log(const char *path)
{
    return open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

int nsq_child_start(nsq_child *c, char *const argv[], char *const env[], const char *out_path,
                    const char *err_path, nsq_err *err)
{
    int pfd[2] = {-1, -1}, ofd = -1, efd = -1, rc = -1;
    memset(c, 0, sizeof *c);
    if (out_path && (ofd = open_log(out_path)) < 0) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "output_unwritable", "cannot write '%s': %s", out_path,
                  strerror(errno));
        goto done;
    }
    if (err_path && (efd = open_log(err_path)) < 0) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "output_unwritable", "cannot write '%s': %s", err_path,
                  strerror(errno));
        goto done;
    }
    /* the pipe carries exec's errno back; it closes on a successful exec */
    if (pipe(pfd) != 0 || fcntl(pfd[0], F_SETFD, FD_CLOEXEC) ||
        fcntl(pfd[1], F_SETFD, FD_CLOEXEC)) {
        nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "pipe: %s", strerror(errno));
        goto done;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "spawn_failed", "cannot start '%s': %s", argv[0],
                  strerror(errno));
        goto done;
    }
    if (pid == 0) {
        setpgid(0, 0);
        /* nsysql defers these signals during a capture; the child gets the defaults */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        for (int i = 0; env && env[i]; i++) {
            if (env[i][0] == '-') {
                unsetenv(env[i] + 1);
            } else {
                const char *eq = strchr(env[i], '=');
                if (eq) {
                    char name[256];
                    size_t len = (size_t)(eq - env[i]);
                    if (len < sizeof name) {
                        memcpy(name, env[i], len);
                        name[len] = '\0';
                        setenv(name, eq + 1, 1);
                    }
                }
            }
        }
        if (ofd >= 0)
            dup2(ofd, 1);
        if (efd >= 0)
            dup2(efd, 2);
        execv(argv[0], argv);
        int e = errno;
        ssize_t w = write(pfd[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    setpgid(pid, pid);
    close(pfd[1]);
    pfd[1] = -1;
    int child_errno = 0;
    ssize_t got;
    do
        got = read(pfd[0], &child_errno, sizeof child_errno);
    while (got < 0 && errno == EINTR);
    if (got == (ssize_t)sizeof child_errno) {
        waitpid(pid, NULL, 0);
        nsq_error(err, NSQ_EXIT_CAPTURE, "spawn_failed", "cannot run '%s': %s", argv[0],
                  strerror(child_errno));
        goto done;
    }
    c->pid = pid;
    c->running = true;
    rc = 0;
done:
    if (pfd[0] >= 0)
        close(pfd[0]);
    if (pfd[1] >= 0)
        close(pfd[1]);
    if (ofd >= 0)
        close(ofd);
    if (efd >= 0)
        close(efd);
    return rc;
}

bool nsq_child_poll(nsq_child *c)
{
    if (!c->running)
        return true;
    int st = 0;
    pid_t r = waitpid(c->pid, &st, WNOHANG);
    if (r == c->pid || (r < 0 && errno == ECHILD)) {
        c->running = false;
        c->status = r == c->pid ? st : 0;
        return true;
    }
    return false;
}

bool nsq_child_wait(nsq_child *c, double deadline, bool until_stop)
{
    for (;;) {
        if (nsq_child_poll(c))
            return true;
        if (deadline >= 0 && nsq_mono_s() >= deadline)
            return false;
        if (until_stop && nsq_capture_stop_requested())
            return false;
        nsq_progress_update(-1); /* the caller's progress line, if it began one */
        nap();
    }
}

void nsq_child_signal(const nsq_child *c, int sig, bool group)
{
    if (!c->running || c->pid <= 0)
        return;
    if (!group || kill(-c->pid, sig) != 0)
        kill(c->pid, sig);
}

void nsq_child_kill(nsq_child *c)
{
    if (!c->running || c->pid <= 0)
        return;
    kill(-c->pid, SIGKILL);
    kill(c->pid, SIGKILL);
    int st = 0;
    if (waitpid(c->pid, &st, 0) == c->pid)
        c->status = st;
    c->running = false;
}

/* Processes of group pgid that are not zombies, from /proc. */
static int group_running(pid_t pgid)
{
    DIR *dir = opendir("/proc");
    if (!dir)
        return 0;
    int n = 0;
    struct dirent *de;
    while ((de = readdir(dir))) {
        if (!isdigit((unsigned char)de->d_name[0]))
            continue;
        char path[300], buf[512];
        snprintf(path, sizeof path, "/proc/%.255s/stat", de->d_name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        ssize_t len = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (len <= 0)
            continue;
        buf[len] = '\0';
        /* pid (comm) state ppid pgrp ...: comm may hold spaces and ')' */
        char *p = strrchr(buf, ')');
        char state;
        long ppid, pgrp;
        if (p && sscanf(p + 1, " %c %ld %ld", &state, &ppid, &pgrp) == 3 && pgrp == (long)pgid &&
            state != 'Z' && state != 'X')
            n++;
    }
    closedir(dir);
    return n;
}

int nsq_group_kill_wait(pid_t pgid, double max_s)
{
    if (pgid <= 0)
        return 0;
    kill(-pgid, SIGKILL);
    double deadline = nsq_mono_s() + max_s;
    int n;
    while ((n = group_running(pgid)) > 0 && nsq_mono_s() < deadline) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    return n;
}

/* ---- deferred signals --------------------------------------------------------------------- */

static volatile sig_atomic_t g_stop;
static struct sigaction g_old_int, g_old_term, g_old_hup;
static int g_installed;

static void on_stop_signal(int sig)
{
    (void)sig;
    g_stop = 1;
}

void nsq_capture_signals_install(void)
{
    struct sigaction sa;
    if (g_installed++)
        return;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &g_old_int);
    sigaction(SIGTERM, &sa, &g_old_term);
    sigaction(SIGHUP, &sa, &g_old_hup);
    g_stop = 0;
}

void nsq_capture_signals_restore(void)
{
    if (!g_installed || --g_installed)
        return;
    sigaction(SIGINT, &g_old_int, NULL);
    sigaction(SIGTERM, &g_old_term, NULL);
    sigaction(SIGHUP, &g_old_hup, NULL);
}

bool nsq_capture_stop_requested(void)
{
    return g_stop != 0;
}

/* ---- files and the system ------------------------------------------------------------------- */

int64_t nsq_file_size(const char *path)
{
    struct stat st;
    if (!path || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    return (int64_t)st.st_size;
}

void nsq_file_tail(strbuf *tail, const char *path, size_t max)
{
    FILE *f = path ? fopen(path, "rb") : NULL;
    sb_reset(tail);
    if (!f)
        return;
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        long from = size > (long)max ? size - (long)max : 0;
        if (size > 0 && fseek(f, from, SEEK_SET) == 0) {
            char buf[4096];
            size_t got;
            while ((got = fread(buf, 1, sizeof buf, f)) > 0)
                sb_add(tail, buf, got);
        }
    }
    fclose(f);
}

int64_t nsq_free_mb(const char *dir)
{
    struct statvfs vfs;
    if (statvfs(dir, &vfs) != 0)
        return -1;
    return (int64_t)((unsigned long long)vfs.f_bavail * vfs.f_frsize / (1024ull * 1024ull));
}
