/* multi: inputs of a many-export run, its workers, partial documents and the
 * duration sketch (multi.h). */
#define _GNU_SOURCE
#include "nsysql/analysis/multi.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nsysql/analysis/stats.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/limits.h"
#include "nsysql/version.h"

/* ---- sketch ------------------------------------------------------------------------ */

static double sketch_gamma(void)
{
    return (1.0 + NSQ_SKETCH_REL_ERR) / (1.0 - NSQ_SKETCH_REL_ERR);
}

int nsq_sketch_index(int64_t x)
{
    return (int)ceil(log((double)x) / log(sketch_gamma()));
}

double nsq_sketch_value(int i)
{
    double g = sketch_gamma();
    return 2.0 * pow(g, i) / (g + 1.0);
}

static void i128_str(char *buf, size_t len, nsq_i128 v)
{
    char tmp[48];
    int k = 0;
    unsigned __int128 u = v < 0 ? (unsigned __int128)(-v) : (unsigned __int128)v;
    do {
        tmp[k++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u && k < 46);
    size_t o = 0;
    if (v < 0 && o + 1 < len)
        buf[o++] = '-';
    while (k && o + 1 < len)
        buf[o++] = tmp[--k];
    buf[o] = 0;
}

void nsq_sketch_json_pooled(json *j, const nsq_gstats *g, const int *gis, int ngi)
{
    size_t n = 0;
    int64_t total = 0, mn = 0, mx = 0, zero = 0;
    nsq_i128 sq = 0;
    for (int k = 0; k < ngi; k++) {
        int64_t a, b;
        nsq_i128 q;
        nsq_gstats_sums(g, gis[k], &a, &b, &q);
        if (!k || a < mn)
            mn = a;
        if (!k || b > mx)
            mx = b;
        sq += q;
        n += (size_t)nsq_gstats_n(g, gis[k]);
        total += nsq_gstats_total(g, gis[k]);
    }
    /* the buckets by counting: an index per value, then a count per index
     * between the smallest and the largest (a few thousand at most; sorting
     * the million indices of a big group took a third of a worker's time) */
    int *idx = xmalloc((n ? n : 1) * sizeof *idx);
    size_t ni = 0;
    int lo = 0, hi = -1;
    for (int k = 0; k < ngi; k++) {
        size_t m = (size_t)nsq_gstats_n(g, gis[k]);
        for (size_t i = 0; i < m; i++) {
            int64_t x = nsq_gstats_value(g, gis[k], i);
            if (x <= 0) {
                zero++;
                continue;
            }
            int b = nsq_sketch_index(x);
            if (!ni || b < lo)
                lo = b;
            if (!ni || b > hi)
                hi = b;
            idx[ni++] = b;
        }
    }
    int64_t *cnt = xcalloc((size_t)(hi - lo + 1) + 1, sizeof *cnt);
    for (size_t i = 0; i < ni; i++)
        cnt[idx[i] - lo]++;
    free(idx);
    char buf[48];
    i128_str(buf, sizeof buf, sq);
    json_kv_int(j, "n", (int64_t)n);
    json_kv_int(j, "total_ns", total);
    json_kv_int(j, "min_ns", mn);
    json_kv_int(j, "max_ns", mx);
    json_kv_str(j, "sumsq", buf);
    json_kv_int(j, "zero", zero);
    json_key(j, "buckets");
    json_arr_begin(j);
    for (int b = lo; b <= hi; b++)
        if (cnt[b - lo]) {
            json_int(j, b);
            json_int(j, cnt[b - lo]);
        }
    json_arr_end(j);
    free(cnt);
}

/* ---- inputs ------------------------------------------------------------------------ */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void push(char ***v, int *n, int *cap, char *s)
{
    NSQ_GROW(*v, *n + 1, *cap);
    (*v)[(*n)++] = s;
}

int nsq_multi_inputs(char ***out, int *nout, int *multi, char *const *args, int nargs, nsq_err *err)
{
    char **v = NULL;
    int n = 0, cap = 0;
    *multi = nargs > 1;
    for (int a = 0; a < nargs; a++) {
        struct stat st;
        strbuf p = STRBUF_INIT;
        sb_addf(&p, "%s/profile.sqlite", args[a]);
        bool dir = stat(args[a], &st) == 0 && S_ISDIR(st.st_mode) && access(p.buf, F_OK) != 0;
        sb_release(&p);
        if (!dir) {
            push(&v, &n, &cap, xstrdup(args[a]));
            continue;
        }
        DIR *d = opendir(args[a]);
        char **found = NULL;
        int nf = 0, capf = 0;
        struct dirent *e;
        while (d && (e = readdir(d))) {
            size_t l = strlen(e->d_name);
            if (l >= 7 && !strcasecmp(e->d_name + l - 7, ".sqlite")) {
                strbuf q = STRBUF_INIT;
                size_t al = strlen(args[a]);
                sb_addf(&q, "%s%s%s", args[a], al && args[a][al - 1] == '/' ? "" : "/", e->d_name);
                push(&found, &nf, &capf, sb_detach(&q));
            }
        }
        if (d)
            closedir(d);
        if (nf < 2) {
            /* one export or none: the directory as a single input (export.h) */
            nsq_multi_inputs_free(found, nf);
            push(&v, &n, &cap, xstrdup(args[a]));
            continue;
        }
        qsort(found, (size_t)nf, sizeof *found, cmp_str);
        for (int i = 0; i < nf; i++)
            push(&v, &n, &cap, found[i]);
        free(found);
        *multi = 1;
    }
    *out = v;
    *nout = n;
    return 0;
}

void nsq_multi_inputs_free(char **v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* ---- partial documents ------------------------------------------------------------- */

void nsq_partial_wrap(strbuf *out, const char *command, const char *path, int exit_code,
                      const char *doc, size_t doc_len, const char *state)
{
    json j = JSON_INIT;
    json_doc_head(&j, "nsysql/partial", 1, state != NULL);
    json_kv_str(&j, "command", command);
    json_kv_str(&j, "path", path);
    json_kv_int(&j, "exit_code", exit_code);
    strbuf d = STRBUF_INIT;
    sb_add(&d, doc, doc_len);
    while (d.len && (d.buf[d.len - 1] == '\n'))
        d.buf[--d.len] = 0;
    json_kv_raw(&j, "document", d.buf);
    if (state)
        json_kv_raw(&j, "state", state);
    else
        json_kv_null(&j, "state");
    json_obj_end(&j);
    sb_add(out, j.out.buf, j.out.len);
    sb_addch(out, '\n');
    sb_release(&d);
    json_release(&j);
}

/* ---- workers ----------------------------------------------------------------------- */

typedef struct worker {
    pid_t pid;
    int fd;
    int input;
} worker;

/* A partial for an input whose worker printed none. */
static void synth_failure(strbuf *out, const char *command, const char *path, int status)
{
    nsq_err e = {0};
    if (WIFSIGNALED(status))
        nsq_error(&e, NSQ_EXIT_INTERNAL, "worker_failed",
                  "the worker for '%s' ended on signal %d without a document", path,
                  WTERMSIG(status));
    else
        nsq_error(&e, NSQ_EXIT_INTERNAL, "worker_failed",
                  "the worker for '%s' exited %d without a document", path,
                  WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    strbuf d = STRBUF_INIT;
    nsq_render_error(&d, command, &e, NULL, 0);
    nsq_partial_wrap(out, command, path, NSQ_EXIT_INTERNAL, d.buf, d.len, NULL);
    sb_release(&d);
}

static int start_worker(worker *w, const char *self, const char *command, char *const *pass,
                        int npass, const char *input, nsq_err *err)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC))
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "pipe: %s", strerror(errno));
    char **av = xcalloc((size_t)npass + 6, sizeof *av);
    int k = 0;
    av[k++] = (char *)self;
    av[k++] = (char *)command;
    av[k++] = (char *)"--partial";
    for (int i = 0; i < npass; i++)
        av[k++] = pass[i];
    av[k++] = (char *)"--";
    av[k++] = (char *)input;
    pid_t pid = fork();
    if (pid < 0) {
        free(av);
        close(p[0]);
        close(p[1]);
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        dup2(p[1], 1);
        close(p[0]);
        close(p[1]);
        execv(self, av);
        _exit(127);
    }
    free(av);
    close(p[1]);
    w->pid = pid;
    w->fd = p[0];
    return 0;
}

int nsq_multi_spawn(strbuf *texts, char *const *inputs, int ninputs, const char *command,
                    char *const *pass, int npass, int jobs, nsq_err *err)
{
    char self[4096];
    ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
    if (sl <= 0)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "cannot find the nsysql binary");
    self[sl] = 0;
    if (jobs > ninputs)
        jobs = ninputs;
    if (jobs < 1)
        jobs = 1;
    /* the CPUs are shared between the workers: each reads on CPUs/jobs
     * connections (at least one), so that `jobs` workers together use the
     * CPUs once, as one call per input would, instead of CPUs times over (the
     * answer is the same on any number of connections). An NSYSQL_THREADS of
     * the caller's own is left as it is. */
    bool set_threads = !getenv("NSYSQL_THREADS") || !*getenv("NSYSQL_THREADS");
    if (set_threads) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        char t[32];
        snprintf(t, sizeof t, "%ld", cpus > jobs ? cpus / jobs : 1L);
        setenv("NSYSQL_THREADS", t, 1);
    }
    worker *w = xcalloc((size_t)jobs, sizeof *w);
    struct pollfd *pf = xcalloc((size_t)jobs, sizeof *pf);
    int *map = xcalloc((size_t)jobs, sizeof *map);
    int running = 0, next = 0, rc = 0;
    for (int i = 0; i < jobs; i++)
        w[i].pid = 0;
    while (next < ninputs || running) {
        for (int i = 0; i < jobs && next < ninputs && rc == 0; i++)
            if (!w[i].pid) {
                w[i].input = next;
                if (start_worker(&w[i], self, command, pass, npass, inputs[next], err))
                    rc = -1;
                else
                    running++;
                next++;
            }
        if (rc && !running)
            break;
        int np = 0;
        for (int i = 0; i < jobs; i++)
            if (w[i].pid) {
                pf[np].fd = w[i].fd;
                pf[np].events = POLLIN;
                map[np++] = i;
            }
        if (poll(pf, (nfds_t)np, -1) < 0) {
            if (errno == EINTR)
                continue;
            rc = nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "poll: %s", strerror(errno));
            break;
        }
        for (int k = 0; k < np; k++) {
            if (!(pf[k].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            worker *x = &w[map[k]];
            char buf[65536];
            ssize_t r = read(x->fd, buf, sizeof buf);
            if (r > 0) {
                sb_add(&texts[x->input], buf, (size_t)r);
                continue;
            }
            if (r < 0 && errno == EINTR)
                continue;
            close(x->fd);
            int status = 0;
            while (waitpid(x->pid, &status, 0) < 0 && errno == EINTR)
                ;
            strbuf *t = &texts[x->input];
            bool whole = t->len > 2 && t->buf[t->len - 1] == '\n';
            if (whole && !strncmp(t->buf, "{\"schema\":\"nsysql/error\"", 24)) {
                /* a limit's watchdog printed its error document: that is
                 * this input's document */
                strbuf w2 = STRBUF_INIT;
                nsq_partial_wrap(&w2, command, inputs[x->input],
                                 WIFEXITED(status) ? WEXITSTATUS(status) : NSQ_EXIT_INTERNAL,
                                 t->buf, t->len, NULL);
                sb_reset(t);
                sb_add(t, w2.buf, w2.len);
                sb_release(&w2);
            } else if (!whole || strncmp(t->buf, "{\"schema\":\"nsysql/partial\"", 26)) {
                sb_reset(t);
                synth_failure(t, command, inputs[x->input], status);
            }
            x->pid = 0;
            running--;
        }
    }
    free(map);
    free(pf);
    free(w);
    if (set_threads)
        unsetenv("NSYSQL_THREADS");
    return rc;
}
