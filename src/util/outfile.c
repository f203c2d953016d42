/* outfile: outputs that never name an input, written atomically (outfile.h). */
#include "nsysql/util/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/stat.h>

#include "nsysql/util/strbuf.h"

/* ---- output is not an input --------------------------------------------------------------- */

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcasecmp(s + a - b, suffix) == 0;
}

static bool same(const struct stat *o, const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0 && st.st_dev == o->st_dev && st.st_ino == o->st_ino;
}

/* Does the input IN (a file, a capture folder, an .nsys-rep) name or resolve to the file O? */
static bool names(const struct stat *o, const char *in)
{
    struct stat st;
    if (same(o, in))
        return true;
    if (stat(in, &st) == 0 && S_ISDIR(st.st_mode)) {
        /* a capture folder: profile.sqlite, or its one .sqlite; any .sqlite in it */
        DIR *d = opendir(in);
        bool hit = false;
        struct dirent *de;
        while (d && !hit && (de = readdir(d))) {
            if (!ends_with(de->d_name, ".sqlite"))
                continue;
            strbuf p = STRBUF_INIT;
            sb_addf(&p, "%s/%s", in, de->d_name);
            hit = same(o, p.buf);
            sb_release(&p);
        }
        if (d)
            closedir(d);
        return hit;
    }
    const char *dot = strrchr(in, '.');
    if (ends_with(in, ".nsys-rep") || ends_with(in, ".qdrep")) {
        strbuf p = STRBUF_INIT;
        sb_add(&p, in, (size_t)(dot - in));
        sb_addstr(&p, ".sqlite");
        bool hit = same(o, p.buf);
        sb_release(&p);
        return hit;
    }
    return false;
}

int nsq_output_check(const char *out, const char *const *inputs, int n, nsq_err *err)
{
    struct stat o;
    if (!out || !strcmp(out, "-") || stat(out, &o) != 0)
        return 0; /* stdout, or a file that does not exist yet */
    for (int i = 0; i < n; i++)
        if (inputs[i] && names(&o, inputs[i])) {
            nsq_error(err, NSQ_EXIT_USAGE, "output_is_input",
                      "the output '%s' is the input '%s' (the same file): it would be overwritten", out,
                      inputs[i]);
            nsq_hint(err, "write the output to another file (-o)");
            return -1;
        }
    return 0;
}

/* ---- atomic writing ------------------------------------------------------------------------ */

/* temporary files to remove when a signal ends the process */
#define MAX_TMPS 8
static char *volatile g_tmps[MAX_TMPS];
static struct sigaction g_old[3];
static const int g_sigs[3] = {SIGINT, SIGTERM, SIGHUP};
static int g_handlers;

static void on_signal(int sig)
{
    for (int i = 0; i < MAX_TMPS; i++)
        if (g_tmps[i])
            unlink(g_tmps[i]);
    for (int i = 0; i < 3; i++)
        if (g_sigs[i] == sig)
            sigaction(sig, &g_old[i], NULL);
    raise(sig); /* delivered on return, to the previous disposition (default: the process ends) */
}

static void track(char *tmp)
{
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    for (int i = 0; i < MAX_TMPS; i++)
        if (!g_tmps[i]) {
            g_tmps[i] = tmp;
            break;
        }
    if (!g_handlers++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigfillset(&sa.sa_mask);
        for (int i = 0; i < 3; i++) {
            sigaction(g_sigs[i], NULL, &g_old[i]);
            if (g_old[i].sa_handler != SIG_IGN) /* nohup: leave an ignored signal ignored */
                sigaction(g_sigs[i], &sa, NULL);
        }
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

static void untrack(char *tmp)
{
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    for (int i = 0; i < MAX_TMPS; i++)
        if (g_tmps[i] == tmp)
            g_tmps[i] = NULL;
    if (!--g_handlers)
        for (int i = 0; i < 3; i++)
            sigaction(g_sigs[i], &g_old[i], NULL);
    sigprocmask(SIG_SETMASK, &old, NULL);
}

static int g_stdout = -1; /* -1 not noted, 0 closed, 1 open */

static bool fd_open(int fd)
{
    return fcntl(fd, F_GETFL) != -1 || errno != EBADF;
}

void nsq_stdout_note(void)
{
    g_stdout = fd_open(STDOUT_FILENO);
}

bool nsq_stdout_open(void)
{
    return g_stdout < 0 ? fd_open(STDOUT_FILENO) : g_stdout == 1;
}

/* moves FD above 0-2 (a closed stdout must never receive the file's bytes) */
static int high_fd(int fd)
{
    if (fd < 0 || fd > 2)
        return fd;
    int h = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    int e = errno;
    close(fd);
    errno = e;
    return h;
}

int nsq_outfile_open(nsq_outfile *of, const char *path, const char *code, nsq_err *err)
{
    struct stat st;
    memset(of, 0, sizeof *of);
    of->fd = -1;
    char *real = realpath(path, NULL); /* through symlinks when the output exists */
    of->path = real ? real : xstrdup(path);
    if (stat(of->path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device, a FIFO: written in place */
        of->fd = high_fd(open(of->path, O_WRONLY | O_CLOEXEC | O_NOCTTY));
        if (of->fd < 0) {
            int e = errno;
            nsq_outfile_abort(of);
            return nsq_error(err, NSQ_EXIT_USAGE, code, "cannot write '%s': %s", path, strerror(e));
        }
        return 0;
    }
    strbuf t = STRBUF_INIT;
    const char *slash = strrchr(of->path, '/');
    if (slash)
        sb_add(&t, of->path, (size_t)(slash - of->path + 1));
    sb_addf(&t, ".%s.nsysql-XXXXXX", slash ? slash + 1 : of->path);
    of->tmp = sb_detach(&t);
    /* tracked before it exists (mkstemp fills the name in place): a signal
     * on any thread once the file is made finds its handler and the name;
     * before, it unlinks a name not there yet */
    track(of->tmp);
    int fd = mkstemp(of->tmp);
    if (fd >= 0)
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        untrack(of->tmp);
        free(of->tmp);
        of->tmp = NULL;
        nsq_outfile_abort(of);
        return nsq_error(err, NSQ_EXIT_USAGE, code, "cannot write '%s': %s", path, strerror(e));
    }
    mode_t um = umask(0);
    umask(um);
    if (fchmod(fd, 0666 & ~um)) {
        /* keep mkstemp's 0600 */
    }
    of->fd = high_fd(fd);
    if (of->fd < 0) {
        int e = errno;
        nsq_outfile_abort(of);
        return nsq_error(err, NSQ_EXIT_USAGE, code, "cannot write '%s': %s", path, strerror(e));
    }
    return 0;
}

int nsq_outfile_commit(nsq_outfile *of, const char *code, nsq_err *err)
{
    int rc = 0;
    if (of->fd >= 0) {
        if (close(of->fd))
            rc = nsq_error(err, NSQ_EXIT_USAGE, code, "writing '%s' failed: %s", of->path, strerror(errno));
        of->fd = -1;
    }
    if (!rc && of->tmp) {
        if (rename(of->tmp, of->path))
            rc = nsq_error(err, NSQ_EXIT_USAGE, code, "cannot rename the finished output onto '%s': %s",
                           of->path, strerror(errno));
        else {
            untrack(of->tmp);
            free(of->tmp);
            of->tmp = NULL;
        }
    }
    nsq_outfile_abort(of);
    return rc;
}

void nsq_outfile_abort(nsq_outfile *of)
{
    if (of->fd >= 0)
        close(of->fd);
    of->fd = -1;
    if (of->tmp) {
        unlink(of->tmp);
        untrack(of->tmp);
        free(of->tmp);
        of->tmp = NULL;
    }
    free(of->path);
    of->path = NULL;
}
