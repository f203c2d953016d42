/* capture_cupti: the CUPTI backend, parent side.
 *
 * The target runs as `/bin/sh -c WRAPPER` with libnsysql_inject.so injected
 * (CUDA_INJECTION64_PATH for CUDA activity, NVTX_INJECTION64_PATH for NVTX),
 * NSYSQL_CUPTI_DIR = DIR/cupti and NSYSQL_CUPTI_T0 = the session origin
 * (CLOCK_REALTIME ns), so every process of the target, children included,
 * writes DIR/cupti/proc-<pid>.sqlite on one timeline. When the target has
 * ended (or was stopped: SIGINT to its process group after duration + 30 s,
 * SIGTERM after the flush wait, SIGKILL last), the files are merged into
 * DIR/profile.sqlite, an export with the tables and columns of an nsys export.
 * The library's status tables become warnings (dropped records, version
 * mismatch) and are left out of the export. */
#include "nsysql/capture/capture.h"
#include "nsysql/util/progress.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "nsysql/export/export.h"
#include "nsysql/util/grow.h"

static char *path_in(const char *dir, const char *name)
{
    strbuf p = STRBUF_INIT;
    sb_addf(&p, "%s/%s", dir, name);
    return sb_detach(&p);
}

static void nap(void)
{
    struct timespec ts = {0, 20000000L};
    nanosleep(&ts, NULL);
}

static char *lib_at(const char *dir, const char *rel)
{
    strbuf p = STRBUF_INIT;
    struct stat st;
    char *r = NULL;
    sb_addf(&p, "%s/%s", dir, rel);
    if (stat(p.buf, &st) == 0 && S_ISREG(st.st_mode))
        r = realpath(p.buf, NULL);
    sb_release(&p);
    return r;
}

char *nsq_cupti_find_lib(void)
{
    const char *env = getenv("NSYSQL_INJECT_LIB");
    struct stat st;
    if (env && *env)
        return stat(env, &st) == 0 && S_ISREG(st.st_mode) ? realpath(env, NULL) : NULL;
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    static const char *const rel[] = {"libnsysql_inject.so", "../lib/libnsysql_inject.so",
                                      "../lib/nsysql/libnsysql_inject.so", NULL};
    for (int i = 0; rel[i]; i++) {
        char *p = lib_at(exe, rel[i]);
        if (p)
            return p;
    }
    return NULL;
}

/* Loads the library the way the target will (which also proves libcupti
 * resolves) and asks what it is. This happens in a forked child that leaves
 * with _exit, so nothing the library or libcupti set up stays in nsysql.
 * Returns a malloc'd description, or NULL with the reason in `why`. */
static char *lib_info(const char *lib, strbuf *why)
{
    int fd[2];
    char buf[512];
    size_t got = 0;
    if (pipe(fd) != 0) {
        sb_addstr(why, strerror(errno));
        return NULL;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        sb_addstr(why, strerror(errno));
        return NULL;
    }
    if (pid == 0) {
        char out[512];
        close(fd[0]);
        void *h = dlopen(lib, RTLD_LAZY | RTLD_LOCAL);
        const char *(*info)(void) =
            h ? (const char *(*)(void))dlsym(h, "nsysql_inject_info") : NULL;
        if (info)
            snprintf(out, sizeof out, "%s", info());
        else if (h)
            snprintf(out, sizeof out, "it does not export nsysql_inject_info");
        else
            snprintf(out, sizeof out, "%s", dlerror());
        ssize_t wr = write(fd[1], out, strlen(out));
        (void)wr;
        _exit(info ? 0 : 1);
    }
    close(fd[1]);
    for (;;) {
        ssize_t r = read(fd[0], buf + got, sizeof buf - 1 - got);
        if (r > 0 && got + (size_t)r < sizeof buf - 1) {
            got += (size_t)r;
            continue;
        }
        if (r < 0 && errno == EINTR)
            continue;
        break;
    }
    close(fd[0]);
    buf[got] = '\0';
    int st = 0;
    waitpid(pid, &st, 0);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && got > 0)
        return xstrdup(buf);
    sb_addstr(why, got > 0 ? buf : "the library could not be loaded");
    return NULL;
}

static bool has_word(const char *list, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = list; p && *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && strncmp(p, w, n) == 0)
            return true;
        p = e ? e + 1 : NULL;
    }
    return false;
}

static bool group_alive(pid_t pgid)
{
    return pgid > 0 && kill(-pgid, 0) == 0;
}

/* Stops whatever is left of the target: SIGINT (the library flushes and
 * re-raises), SIGTERM after the flush wait, SIGKILL last. */
static void stop_group(nsq_child *c, double flush_s, bool already_sigint)
{
    double until = nsq_mono_s() + flush_s;
    if (!already_sigint)
        kill(-c->pid, SIGINT);
    while ((c->running ? !nsq_child_poll(c) : false) || group_alive(c->pid)) {
        if (nsq_mono_s() >= until)
            break;
        nap();
    }
    if (c->running || group_alive(c->pid)) {
        kill(-c->pid, SIGTERM);
        until = nsq_mono_s() + flush_s / 4 + 1;
        while (((c->running && !nsq_child_poll(c)) || group_alive(c->pid)) && nsq_mono_s() < until)
            nap();
    }
    if (c->running || group_alive(c->pid)) {
        pid_t pgid = c->pid;
        nsq_child_kill(c); /* the group, then the child reaped */
        nsq_group_kill_wait(pgid, 5);
    }
}

static void remove_stale(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    if (!d)
        return;
    while ((de = readdir(d))) {
        if (strncmp(de->d_name, "proc-", 5))
            continue;
        char *p = path_in(dir, de->d_name);
        unlink(p);
        free(p);
    }
    closedir(d);
}

int nsq_capture_cupti(const nsq_capture_req *req, const char *lib, nsq_capture_res *res,
                      nsq_err *err)
{
    char *cdir = path_in(res->out_dir, "cupti"), *script = NULL;
    char *env[12] = {NULL};
    int nenv = 0, rc = -1;
    nsq_child c = {0};
    nsq_target_watch w = {0};
    strbuf why = STRBUF_INIT, e = STRBUF_INIT;
    bool sigint_sent = false;

    res->backend = "cupti";
    res->profiler_binary = xstrdup(lib);
    res->sqlite = path_in(res->out_dir, "profile.sqlite");
    res->stdout_log = path_in(res->out_dir, "profiler.stdout.log");
    res->stderr_log = path_in(res->out_dir, "profiler.stderr.log");
    w.status_path = path_in(res->out_dir, ".nsysql-target-status");

    res->profiler_version = lib_info(lib, &why);
    if (!res->profiler_version) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "cupti_backend_unusable",
                  "cannot load the CUPTI backend '%s': %s", lib, why.buf);
        nsq_hint(err, "libcupti.so must be found (LD_LIBRARY_PATH or the build's RPATH)");
        goto done;
    }
    if (req->nextra_nsys > 0)
        nsq_capture_warn(res, "extra_nsys_ignored",
                         "--extra-nsys is for the nsys backend; the CUPTI backend ignores it");
    {
        strbuf other = STRBUF_INIT;
        for (const char *p = req->trace; p && *p;) {
            const char *end = strchr(p, ',');
            size_t len = end ? (size_t)(end - p) : strlen(p);
            if (!(len == 4 && !strncmp(p, "cuda", 4)) && !(len == 4 && !strncmp(p, "nvtx", 4)))
                sb_addf(&other, "%s%.*s", other.len ? "," : "", (int)len, p);
            p = end ? end + 1 : NULL;
        }
        if (other.len && req->trace_given)
            nsq_capture_warn(res, "trace_not_supported",
                             "the CUPTI backend traces cuda and nvtx only; '%s' was not traced",
                             other.buf);
        sb_release(&other);
    }

    /* fresh files only: an earlier capture's must not be merged into this one */
    unlink(res->sqlite);
    unlink(res->stdout_log);
    unlink(res->stderr_log);
    unlink(w.status_path);
    sb_addf(&e, "%s.start", w.status_path);
    unlink(e.buf);
    sb_reset(&e);
    if (mkdir(cdir, 0755) != 0 && errno != EEXIST) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "output_unwritable", "cannot create '%s': %s", cdir,
                  strerror(errno));
        goto done;
    }
    remove_stale(cdir);

    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    long long t0 = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
    if (has_word(req->trace, "cuda")) {
        sb_addf(&e, "CUDA_INJECTION64_PATH=%s", lib);
        env[nenv++] = sb_detach(&e);
    } else {
        env[nenv++] = xstrdup("-CUDA_INJECTION64_PATH");
    }
    if (has_word(req->trace, "nvtx")) {
        sb_addf(&e, "NVTX_INJECTION64_PATH=%s", lib);
        env[nenv++] = sb_detach(&e);
    } else {
        env[nenv++] = xstrdup("-NVTX_INJECTION64_PATH");
    }
    sb_addf(&e, "NSYSQL_CUPTI_DIR=%s", cdir);
    env[nenv++] = sb_detach(&e);
    sb_addf(&e, "NSYSQL_CUPTI_T0=%lld", t0);
    env[nenv++] = sb_detach(&e);
    sb_addf(&e, "NSYSQL_CUPTI_TRACE=%s", req->trace);
    env[nenv++] = sb_detach(&e);
    nsq_capture_gpu_env(req, res, env, &nenv);

    script = nsq_target_script(req->argv, req->argc, w.status_path, &res->target_cmd);
    res->nprofiler_argv = 3;
    res->profiler_argv = xcalloc(4, sizeof(char *));
    res->profiler_argv[0] = xstrdup("/bin/sh");
    res->profiler_argv[1] = xstrdup("-c");
    res->profiler_argv[2] = xstrdup(script);

    nsq_utc_now(res->captured_at, sizeof res->captured_at);
    double t_start = nsq_mono_s();
    if (nsq_child_start(&c, res->profiler_argv, env, res->stdout_log, res->stderr_log, err))
        goto done;
    double limit = req->duration_s > 0
                       ? t_start + (double)req->duration_s + nsq_capture_wait_s(NSQ_CAPTURE_SLACK_S)
                       : -1;
    nsq_progress_begin("capturing through CUPTI", 0);
    for (;;) {
        nsq_target_watch_poll(&w);
        if (nsq_child_poll(&c))
            break;
        double t = nsq_mono_s();
        nsq_progress_update(-1);
        if (nsq_capture_stop_requested() || (limit >= 0 && t >= limit)) {
            bool intr = nsq_capture_stop_requested();
            res->stop_reason = intr ? "interrupted" : "time_limit";
            if (intr)
                nsq_capture_warn(res, "capture_interrupted",
                                 "nsysql was interrupted; the target was stopped and its data "
                                 "flushed");
            else
                nsq_capture_warn(res, "target_time_limit",
                                 "the target still ran %.1f s after it started (--duration-s "
                                 "%lld + %.0f s); it was stopped",
                                 t - t_start, (long long)req->duration_s,
                                 nsq_capture_wait_s(NSQ_CAPTURE_SLACK_S));
            kill(-c.pid, SIGINT);
            sigint_sent = true;
            break;
        }
        nap();
    }
    nsq_progress_end();
    /* the target (or what is left of it) gets the flush wait to write its files */
    if (c.running || group_alive(c.pid)) {
        if (!sigint_sent)
            nsq_capture_warn(res, "target_processes_left",
                             "processes of the target were still running after it ended; they "
                             "were stopped");
        stop_group(&c, nsq_capture_wait_s(NSQ_CAPTURE_FLUSH_S), sigint_sent);
    }
    nsq_target_watch_poll(&w);
    if (!res->stop_reason && w.ended)
        res->stop_reason = "target_exited";
    nsq_target_watch_result(&w, res);
    if (!w.ended && !sigint_sent && WIFSIGNALED(c.status)) {
        /* the wrapper shell itself died */
        res->have_exit_code = true;
        res->target_signal = WTERMSIG(c.status);
        res->target_exit_code = 128 + res->target_signal;
    }
    if (res->have_exit_code && res->target_signal)
        nsq_capture_warn(res, "target_crashed",
                         "the target was killed by signal %d (%s); its data up to then was "
                         "captured",
                         res->target_signal, strsignal(res->target_signal));
    else if (res->have_exit_code && res->target_exit_code != 0)
        nsq_capture_warn(res, "target_failed", "the target exited with code %d",
                         res->target_exit_code);

    nsq_file_tail(&res->stderr_tail, res->stderr_log, NSQ_CAPTURE_TAIL_BYTES);
    if (nsq_cupti_merge(cdir, res->sqlite, res, err))
        goto done;
    res->sqlite_size = nsq_file_size(res->sqlite);
    nsq_export *x = NULL;
    nsq_err xe = {0};
    if (nsq_export_open(&x, res->sqlite, &xe)) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "export_invalid",
                  "the merged export '%s' does not open: %s", res->sqlite, xe.message);
        goto done;
    }
    nsq_export_close(x);
    rc = 0;
done:
    if (c.running)
        nsq_child_kill(&c);
    res->sqlite_size = nsq_file_size(res->sqlite);
    for (int i = 0; i < nenv; i++)
        free(env[i]);
    sb_release(&why);
    sb_release(&e);
    free(script);
    free(cdir);
    free(w.status_path);
    return rc;
}

/* ---- merging the per-process files ------------------------------------------ */

/* Columns that hold StringIds ids in the tables the library writes. */
static bool is_string_ref(const char *col)
{
    static const char *const refs[] = {"nameId", "demangledName", "shortName", "mangledName",
                                       "textId", "jsonTextId",    NULL};
    for (int i = 0; refs[i]; i++)
        if (strcmp(col, refs[i]) == 0)
            return true;
    return false;
}

static int list_files(const char *dir, char ***out, int *n)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int cap = 0;
    *out = NULL;
    *n = 0;
    if (!d)
        return -1;
    while ((de = readdir(d))) {
        size_t len = strlen(de->d_name);
        if (strncmp(de->d_name, "proc-", 5) || len < 12 || strcmp(de->d_name + len - 7, ".sqlite"))
            continue;
        NSQ_GROW(*out, *n + 1, cap);
        (*out)[(*n)++] = path_in(dir, de->d_name);
    }
    closedir(d);
    /* a stable order: by name */
    for (int i = 1; i < *n; i++)
        for (int j = i; j > 0 && strcmp((*out)[j - 1], (*out)[j]) > 0; j--) {
            char *t = (*out)[j];
            (*out)[j] = (*out)[j - 1];
            (*out)[j - 1] = t;
        }
    return 0;
}

typedef struct merge {
    sqlite3 *db;
    nsq_capture_res *res;
    int64_t next_string;
    int64_t next_gpu;
    int64_t dropped, incomplete, rows_lost;
    int incomplete_files;
    strbuf warn_seen; /* "\ncode\n" of warnings already reported */
} merge;

static int sql_fail(merge *m, const char *what, nsq_err *err)
{
    return nsq_error(err, NSQ_EXIT_CAPTURE, "merge_failed", "merging the per-process files: %s: %s",
                     what, sqlite3_errmsg(m->db));
}

static int exec(merge *m, const char *sql, nsq_err *err)
{
    if (sqlite3_exec(m->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return sql_fail(m, sql, err);
    return 0;
}

static bool table_exists(merge *m, const char *schema, const char *name)
{
    sqlite3_stmt *st = NULL;
    strbuf q = STRBUF_INIT;
    bool yes = false;
    sb_addf(&q, "SELECT 1 FROM %s.sqlite_master WHERE type = 'table' AND name = ?1", schema);
    if (sqlite3_prepare_v2(m->db, q.buf, -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        yes = sqlite3_step(st) == SQLITE_ROW;
    }
    sqlite3_finalize(st);
    sb_release(&q);
    return yes;
}

/* StringIds of src into main (one id per distinct value), and temp.remap(old -> new). */
static int merge_strings(merge *m, nsq_err *err)
{
    sqlite3_stmt *sel = NULL, *find = NULL, *add = NULL, *map = NULL, *keep = NULL;
    int rc = -1;
    if (exec(m, "DELETE FROM temp.remap", err))
        return -1;
    if (sqlite3_prepare_v2(m->db, "SELECT id, value FROM src.StringIds", -1, &sel, NULL) ||
        sqlite3_prepare_v2(m->db, "SELECT id FROM temp.strmap WHERE value = ?1", -1, &find, NULL) ||
        sqlite3_prepare_v2(m->db, "INSERT INTO main.StringIds (id, value) VALUES (?1, ?2)", -1,
                           &add, NULL) ||
        sqlite3_prepare_v2(m->db, "INSERT INTO temp.strmap (value, id) VALUES (?1, ?2)", -1, &keep,
                           NULL) ||
        sqlite3_prepare_v2(m->db, "INSERT OR REPLACE INTO temp.remap (old, new) VALUES (?1, ?2)",
                           -1, &map, NULL)) {
        sql_fail(m, "StringIds", err);
        goto done;
    }
    int s;
    while ((s = sqlite3_step(sel)) == SQLITE_ROW) {
        int64_t old = sqlite3_column_int64(sel, 0), id;
        const char *v = (const char *)sqlite3_column_text(sel, 1);
        sqlite3_bind_text(find, 1, v ? v : "", -1, SQLITE_TRANSIENT);
        if (sqlite3_step(find) == SQLITE_ROW) {
            id = sqlite3_column_int64(find, 0);
        } else {
            id = m->next_string++;
            sqlite3_bind_int64(add, 1, id);
            sqlite3_bind_text(add, 2, v ? v : "", -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(keep, 1, v ? v : "", -1, SQLITE_TRANSIENT);
            sqlite3_bind_int64(keep, 2, id);
            if (sqlite3_step(add) != SQLITE_DONE || sqlite3_step(keep) != SQLITE_DONE) {
                sql_fail(m, "StringIds", err);
                goto done;
            }
            sqlite3_reset(add);
            sqlite3_reset(keep);
        }
        sqlite3_reset(find);
        sqlite3_bind_int64(map, 1, old);
        sqlite3_bind_int64(map, 2, id);
        if (sqlite3_step(map) != SQLITE_DONE) {
            sql_fail(m, "StringIds", err);
            goto done;
        }
        sqlite3_reset(map);
    }
    if (s != SQLITE_DONE) {
        sql_fail(m, "StringIds", err);
        goto done;
    }
    rc = 0;
done:
    sqlite3_finalize(sel);
    sqlite3_finalize(find);
    sqlite3_finalize(add);
    sqlite3_finalize(map);
    sqlite3_finalize(keep);
    return rc;
}

/* GPUs are identified across processes by uuid; each gets one id in the
 * merged TARGET_INFO_GPU, and TARGET_INFO_CUDA_DEVICE maps (pid, CUDA
 * ordinal) to it. */
static int merge_gpus(merge *m, nsq_err *err)
{
    sqlite3_stmt *sel = NULL, *find = NULL, *keep = NULL;
    int rc = -1;
    if (!table_exists(m, "src", "TARGET_INFO_GPU"))
        return 0;
    if (exec(m, "DELETE FROM temp.gpuremap", err))
        return -1;
    if (sqlite3_prepare_v2(m->db, "SELECT id, uuid FROM src.TARGET_INFO_GPU", -1, &sel, NULL) ||
        sqlite3_prepare_v2(m->db, "SELECT gid FROM temp.gpumap WHERE uuid = ?1", -1, &find, NULL) ||
        sqlite3_prepare_v2(m->db, "INSERT INTO temp.gpuremap (old, new, fresh) VALUES (?1, ?2, ?3)",
                           -1, &keep, NULL)) {
        sql_fail(m, "TARGET_INFO_GPU", err);
        goto done;
    }
    while (sqlite3_step(sel) == SQLITE_ROW) {
        int64_t old = sqlite3_column_int64(sel, 0), gid;
        const char *uuid = (const char *)sqlite3_column_text(sel, 1);
        bool fresh = true;
        sqlite3_bind_text(find, 1, uuid ? uuid : "", -1, SQLITE_TRANSIENT);
        if (uuid && *uuid && sqlite3_step(find) == SQLITE_ROW) {
            gid = sqlite3_column_int64(find, 0);
            fresh = false;
        } else {
            gid = m->next_gpu++;
            sqlite3_stmt *ins = NULL;
            if (sqlite3_prepare_v2(m->db, "INSERT INTO temp.gpumap (uuid, gid) VALUES (?1, ?2)", -1,
                                   &ins, NULL) == SQLITE_OK) {
                sqlite3_bind_text(ins, 1, uuid ? uuid : "", -1, SQLITE_TRANSIENT);
                sqlite3_bind_int64(ins, 2, gid);
                sqlite3_step(ins);
            }
            sqlite3_finalize(ins);
        }
        sqlite3_reset(find);
        sqlite3_bind_int64(keep, 1, old);
        sqlite3_bind_int64(keep, 2, gid);
        sqlite3_bind_int(keep, 3, fresh);
        sqlite3_step(keep);
        sqlite3_reset(keep);
    }
    rc = 0;
done:
    sqlite3_finalize(sel);
    sqlite3_finalize(find);
    sqlite3_finalize(keep);
    return rc;
}

/* Creates main.<table> like src's (first time) and copies the rows, string
 * ids and GPU ids renumbered. */
static int copy_table(merge *m, const char *table, const char *create_sql, nsq_err *err)
{
    sqlite3_stmt *cols = NULL;
    strbuf q = STRBUF_INIT, list = STRBUF_INIT, sel = STRBUF_INIT;
    int rc = -1;
    if (!table_exists(m, "main", table) && exec(m, create_sql, err))
        goto done;
    sb_addstr(&q, "SELECT name FROM pragma_table_info(?1, 'src')");
    if (sqlite3_prepare_v2(m->db, q.buf, -1, &cols, NULL) != SQLITE_OK) {
        sql_fail(m, "table_info", err);
        goto done;
    }
    sqlite3_bind_text(cols, 1, table, -1, SQLITE_STATIC);
    bool gpu = !strcmp(table, "TARGET_INFO_GPU"),
         cudadev = !strcmp(table, "TARGET_INFO_CUDA_DEVICE");
    while (sqlite3_step(cols) == SQLITE_ROW) {
        const char *c = (const char *)sqlite3_column_text(cols, 0);
        if (list.len) {
            sb_addstr(&list, ", ");
            sb_addstr(&sel, ", ");
        }
        sb_addf(&list, "\"%s\"", c);
        if (is_string_ref(c))
            sb_addf(&sel, "(SELECT r.new FROM temp.remap r WHERE r.old = s.\"%s\")", c);
        else if ((gpu && !strcmp(c, "id")) || (cudadev && !strcmp(c, "gpuId")))
            sb_addf(&sel, "(SELECT g.new FROM temp.gpuremap g WHERE g.old = s.\"%s\")", c);
        else
            sb_addf(&sel, "s.\"%s\"", c);
    }
    sb_reset(&q);
    sb_addf(&q, "INSERT INTO main.\"%s\" (%s) SELECT %s FROM src.\"%s\" AS s", table, list.buf,
            sel.buf, table);
    if (gpu) /* a GPU already known from another process is not repeated */
        sb_addstr(&q, " WHERE (SELECT g.fresh FROM temp.gpuremap g WHERE g.old = s.id)");
    rc = exec(m, q.buf, err);
done:
    sqlite3_finalize(cols);
    sb_release(&q);
    sb_release(&list);
    sb_release(&sel);
    return rc;
}

/* The library's own tables: counters and warnings, turned into capture warnings. */
static void read_status(merge *m, const char *file)
{
    sqlite3_stmt *st = NULL;
    bool complete = false;
    if (sqlite3_prepare_v2(m->db, "SELECT name, value FROM src.NSYSQL_CUPTI_STATUS", -1, &st,
                           NULL) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            const char *k = (const char *)sqlite3_column_text(st, 0);
            int64_t v = sqlite3_column_int64(st, 1);
            if (!k)
                continue;
            if (!strcmp(k, "records_dropped"))
                m->dropped += v;
            else if (!strcmp(k, "records_incomplete"))
                m->incomplete += v;
            else if (!strcmp(k, "rows_lost"))
                m->rows_lost += v;
            else if (!strcmp(k, "complete"))
                complete = v != 0;
        }
    }
    sqlite3_finalize(st);
    if (!complete) {
        m->incomplete_files++;
        nsq_capture_warn(m->res, "process_not_finished",
                         "'%s' was not closed by its process (killed, or still running): only "
                         "what it had committed is in the export",
                         file);
    }
    if (sqlite3_prepare_v2(m->db, "SELECT code, message FROM src.NSYSQL_CUPTI_WARNINGS", -1, &st,
                           NULL) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            const char *code = (const char *)sqlite3_column_text(st, 0);
            const char *msg = (const char *)sqlite3_column_text(st, 1);
            /* counts are summed over processes below; the rest once per code */
            if (!code || !msg || !strcmp(code, "cupti_records_dropped") ||
                !strcmp(code, "cupti_records_incomplete"))
                continue;
            strbuf key = STRBUF_INIT;
            sb_addf(&key, "\n%s\n", code);
            if (!strstr(sb_str(&m->warn_seen), key.buf)) {
                sb_addstr(&m->warn_seen, key.buf);
                nsq_capture_warn(m->res, code, "%s", msg);
            }
            sb_release(&key);
        }
    }
    sqlite3_finalize(st);
}

static int merge_one(merge *m, const char *file, bool first, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    strbuf q = STRBUF_INIT;
    int rc = -1;
    char *esc = sqlite3_mprintf("ATTACH DATABASE %Q AS src", file);
    if (sqlite3_exec(m->db, esc, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(m->db, "SELECT count(*) FROM src.sqlite_master", NULL, NULL, NULL) !=
            SQLITE_OK ||
        !table_exists(m, "src", "StringIds")) {
        nsq_capture_warn(m->res, "process_file_unreadable",
                         "'%s' could not be read (%s); that process is missing from the export",
                         file, sqlite3_errmsg(m->db));
        sqlite3_free(esc);
        sqlite3_exec(m->db, "DETACH DATABASE src", NULL, NULL, NULL);
        return 1;
    }
    sqlite3_free(esc);
    if (exec(m, "BEGIN", err) || merge_strings(m, err) || merge_gpus(m, err))
        goto done;
    if (sqlite3_prepare_v2(m->db,
                           "SELECT name, sql FROM src.sqlite_master WHERE type = 'table' AND name "
                           "!= 'StringIds' ORDER BY name",
                           -1, &st, NULL) != SQLITE_OK) {
        sql_fail(m, "sqlite_master", err);
        goto done;
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        const char *sql = (const char *)sqlite3_column_text(st, 1);
        if (!name || !sql || !strncmp(name, "sqlite_", 7) || !strncmp(name, "NSYSQL_", 7))
            continue;
        /* one session origin and one export description for the whole capture */
        if (!first &&
            (!strcmp(name, "META_DATA_EXPORT") || !strcmp(name, "TARGET_INFO_SESSION_START_TIME")))
            continue;
        if (copy_table(m, name, sql, err))
            goto done;
    }
    read_status(m, file);
    if (exec(m, "COMMIT", err))
        goto done;
    rc = 0;
done:
    if (rc)
        sqlite3_exec(m->db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_finalize(st);
    sqlite3_exec(m->db, "DETACH DATABASE src", NULL, NULL, NULL);
    sb_release(&q);
    return rc;
}

int nsq_cupti_merge(const char *in_dir, const char *out, nsq_capture_res *res, nsq_err *err)
{
    char **files = NULL;
    int nfiles = 0, merged = 0, rc = -1;
    merge m;
    memset(&m, 0, sizeof m);
    m.res = res;
    m.next_string = 1;
    m.warn_seen = (strbuf)STRBUF_INIT;
    list_files(in_dir, &files, &nfiles);
    if (nfiles == 0) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "nothing_captured",
                  "no process of the target recorded anything: it never initialised CUDA or "
                  "called NVTX, or the injection library could not be loaded");
        nsq_hint(err, "check the target's stderr (profiler.stderr.log); NSYSQL_CUPTI_DEBUG=1 "
                      "makes the library report what it does");
        goto done;
    }
    unlink(out);
    if (sqlite3_open_v2(out, &m.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "output_unwritable", "cannot create '%s': %s", out,
                  m.db ? sqlite3_errmsg(m.db) : "out of memory");
        goto done;
    }
    if (exec(&m,
             "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
             "CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);"
             "CREATE TEMP TABLE strmap (value TEXT PRIMARY KEY, id INTEGER);"
             "CREATE TEMP TABLE remap (old INTEGER PRIMARY KEY, new INTEGER);"
             "CREATE TEMP TABLE gpumap (uuid TEXT PRIMARY KEY, gid INTEGER);"
             "CREATE TEMP TABLE gpuremap (old INTEGER PRIMARY KEY, new INTEGER, fresh INTEGER);",
             err))
        goto done;
    for (int i = 0; i < nfiles; i++) {
        int r = merge_one(&m, files[i], merged == 0, err);
        if (r < 0)
            goto done;
        merged += r == 0;
    }
    if (merged == 0) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "nothing_captured",
                  "none of the %d per-process files could be read", nfiles);
        goto done;
    }
    if (m.dropped > 0)
        nsq_capture_warn(res, "cupti_records_dropped",
                         "CUPTI dropped %lld activity records (buffers full or not allocated): "
                         "the export misses that GPU activity",
                         (long long)m.dropped);
    if (m.incomplete > 0)
        nsq_capture_warn(res, "cupti_records_incomplete",
                         "%lld activity records had no timestamps (still in flight when their "
                         "process ended) and were left out",
                         (long long)m.incomplete);
    if (m.rows_lost > 0)
        nsq_capture_warn(res, "cupti_rows_lost",
                         "%lld events arrived after their process's session had ended and were "
                         "not recorded",
                         (long long)m.rows_lost);
    {
        char n[32];
        snprintf(n, sizeof n, "%d", merged);
        sqlite3_stmt *st = NULL;
        if (table_exists(&m, "main", "META_DATA_EXPORT") &&
            sqlite3_prepare_v2(m.db,
                               "INSERT INTO META_DATA_EXPORT (name, value) VALUES "
                               "('NSYSQL_MERGED_PROCESSES', ?1)",
                               -1, &st, NULL) == SQLITE_OK) {
            sqlite3_bind_text(st, 1, n, -1, SQLITE_TRANSIENT);
            sqlite3_step(st);
        }
        sqlite3_finalize(st);
    }
    res->nprocesses = merged;
    rc = 0;
done:
    if (m.db && sqlite3_close(m.db) != SQLITE_OK && !rc)
        rc = nsq_error(err, NSQ_EXIT_CAPTURE, "merge_failed", "cannot finish '%s'", out);
    if (rc && m.db)
        unlink(out);
    nsq_strv_free(files, nfiles);
    sb_release(&m.warn_seen);
    return rc;
}
