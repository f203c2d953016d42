/* capture_nsys: the nsys backend.
 *
 *   nsys profile -t TRACE -s none --cpuctxsw=none --cuda-memory-usage=true
 *        --force-overwrite=true -o DIR/profile [EXTRA...] /bin/sh -c WRAPPER
 *
 * Lifecycle: wait for the target (duration + 30 s when --duration-s is given,
 * else as long as it runs); if it is still running then, SIGINT nsys, which
 * stops the target and writes the report. After the target ended, nsys gets
 * 60 s to flush; a missing, empty or implausibly small report gets one more
 * look 90 s later, then the capture fails. The report is exported to SQLite
 * at once; a failed export keeps the report and fails loudly. A target that
 * crashed is still flushed and exported (ok, with its exit code and a
 * warning). All waits scale with NSYSQL_CAPTURE_TIME_SCALE (nsq_capture_wait_s). */
#include "nsysql/capture/capture.h"
#include "nsysql/util/progress.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "nsysql/export/export.h"

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

/* Runs `nsys --version` and returns the version word ("2024.5.1.113-...")
 * or the first output line; NULL with err when nsys cannot run. */
static char *nsys_version(const char *nsys, const char *dir, nsq_err *err)
{
    char *out = path_in(dir, ".nsys-version.txt");
    char *argv[] = {(char *)nsys, "--version", NULL};
    char *ver = NULL;
    nsq_child c;
    unlink(out);
    if (nsq_child_start(&c, argv, NULL, out, out, err))
        goto done;
    double limit = NSQ_CAPTURE_VERSION_S; /* not scaled: a slow start is not a failure */
    if (!nsq_child_wait(&c, nsq_mono_s() + limit, false)) {
        nsq_child_kill(&c);
        nsq_error(err, NSQ_EXIT_CAPTURE, "profiler_unusable",
                  "'%s --version' did not answer within %.0f s", nsys, limit);
        goto done;
    }
    strbuf text = STRBUF_INIT;
    nsq_file_tail(&text, out, 4096);
    if (!WIFEXITED(c.status) || WEXITSTATUS(c.status) != 0) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "profiler_unusable",
                  "'%s --version' failed (%s %d): %.300s", nsys,
                  WIFEXITED(c.status) ? "exit" : "signal",
                  WIFEXITED(c.status) ? WEXITSTATUS(c.status) : WTERMSIG(c.status), text.buf);
        sb_release(&text);
        goto done;
    }
    char *line = text.buf ? text.buf : "";
    line[strcspn(line, "\r\n")] = '\0';
    const char *v = strstr(line, "version ");
    if (v) {
        v += 8;
        ver = xstrndup(v, strcspn(v, " \t"));
    } else {
        ver = xstrdup(line);
    }
    sb_release(&text);
done:
    unlink(out);
    free(out);
    return ver;
}

/* Why a report is not usable: NULL when it is. */
static const char *report_problem(const char *path)
{
    int64_t sz = nsq_file_size(path);
    if (sz < 0)
        return "report_missing";
    if (sz == 0)
        return "report_empty";
    if (sz < NSQ_CAPTURE_MIN_REPORT_BYTES)
        return "report_too_small";
    return NULL;
}

static void describe_status(strbuf *sb, int status)
{
    if (WIFSIGNALED(status))
        sb_addf(sb, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    else
        sb_addf(sb, "exit code %d", WEXITSTATUS(status));
}

void nsq_capture_gpu_env(const nsq_capture_req *req, nsq_capture_res *res, char **env, int *n)
{
    if (req->gpu_id < 0)
        return;
    const char *cur = getenv("CUDA_VISIBLE_DEVICES");
    char want[32];
    snprintf(want, sizeof want, "%lld", (long long)req->gpu_id);
    if (cur && strcmp(cur, want) != 0)
        nsq_capture_warn(res, "cuda_visible_devices_overridden",
                         "CUDA_VISIBLE_DEVICES was '%s'; --gpu-id %s replaces it", cur, want);
    strbuf e = STRBUF_INIT;
    sb_addf(&e, "CUDA_VISIBLE_DEVICES=%s", want);
    env[(*n)++] = sb_detach(&e);
}

/* Runs `nsys export` into res->sqlite and checks the file opens as an
 * export. The report is never removed. */
static int export_report(const char *nsys, nsq_capture_res *res, nsq_err *err)
{
    char *out_log = path_in(res->out_dir, "export.stdout.log");
    char *err_log = path_in(res->out_dir, "export.stderr.log");
    char *argv[] = {(char *)nsys, "export", "--type",    "sqlite",    "--force-overwrite",
                    "true",       "-o",     res->sqlite, res->report, NULL};
    nsq_child c;
    nsq_export *x = NULL;
    strbuf how = STRBUF_INIT;
    int rc = -1;
    unlink(out_log);
    unlink(err_log);
    if (nsq_child_start(&c, argv, NULL, out_log, err_log, err))
        goto done;
    nsq_progress_begin("exporting the report to SQLite", 0);
    bool exported = nsq_child_wait(&c, nsq_mono_s() + nsq_capture_wait_s(NSQ_CAPTURE_EXPORT_S), false);
    nsq_progress_end();
    if (!exported) {
        nsq_child_kill(&c);
        nsq_file_tail(&res->stderr_tail, err_log, NSQ_CAPTURE_TAIL_BYTES);
        nsq_error(err, NSQ_EXIT_CAPTURE, "export_timeout",
                  "'nsys export' did not finish within %.0f s; the report is kept at '%s'",
                  nsq_capture_wait_s(NSQ_CAPTURE_EXPORT_S), res->report);
        nsq_hint(err, "export it by hand: nsys export --type sqlite -o '%s' '%s'", res->sqlite,
                 res->report);
        goto done;
    }
    res->sqlite_size = nsq_file_size(res->sqlite);
    if (!WIFEXITED(c.status) || WEXITSTATUS(c.status) != 0 || res->sqlite_size <= 0) {
        nsq_file_tail(&res->stderr_tail, err_log, NSQ_CAPTURE_TAIL_BYTES);
        if (WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0)
            sb_addstr(&how, "exited 0 but wrote no SQLite file");
        else
            describe_status(&how, c.status);
        nsq_error(err, NSQ_EXIT_CAPTURE, "export_failed",
                  "'nsys export --type sqlite' failed (%s); the report is kept at '%s'", how.buf,
                  res->report);
        nsq_hint(err, "nsys said: %.380s",
                 res->stderr_tail.len ? res->stderr_tail.buf : "(nothing)");
        goto done;
    }
    nsq_err xe = {0};
    if (nsq_export_open(&x, res->sqlite, &xe)) {
        nsq_file_tail(&res->stderr_tail, err_log, NSQ_CAPTURE_TAIL_BYTES);
        nsq_error(err, NSQ_EXIT_CAPTURE, "export_invalid",
                  "'nsys export' wrote '%s' but it is not a usable export: %s; the report is "
                  "kept at '%s'",
                  res->sqlite, xe.message, res->report);
        goto done;
    }
    rc = 0;
done:
    nsq_export_close(x);
    sb_release(&how);
    free(out_log);
    free(err_log);
    return rc;
}

int nsq_capture_nsys(const nsq_capture_req *req, const char *nsys, nsq_capture_res *res,
                     nsq_err *err)
{
    char *base = path_in(res->out_dir, "profile");
    char *script = NULL, *env[4] = {NULL, NULL, NULL, NULL};
    char **argv = NULL;
    int nenv = 0, argc = 0, rc = -1;
    nsq_child c = {0};
    nsq_target_watch w = {0};
    strbuf how = STRBUF_INIT;
    bool signalled = false;

    res->backend = "nsys";
    res->profiler_binary = xstrdup(nsys);
    res->report = path_in(res->out_dir, "profile.nsys-rep");
    res->sqlite = path_in(res->out_dir, "profile.sqlite");
    res->stdout_log = path_in(res->out_dir, "profiler.stdout.log");
    res->stderr_log = path_in(res->out_dir, "profiler.stderr.log");
    w.status_path = path_in(res->out_dir, ".nsysql-target-status");

    res->profiler_version = nsys_version(nsys, res->out_dir, err);
    if (!res->profiler_version)
        goto done;

    /* nothing from an earlier capture in this directory may pass for this one */
    {
        const char *stale[] = {res->report,     res->sqlite,   res->stdout_log,
                               res->stderr_log, w.status_path, NULL};
        for (int i = 0; stale[i]; i++)
            unlink(stale[i]);
        strbuf s = STRBUF_INIT;
        sb_addf(&s, "%s.start", w.status_path);
        unlink(s.buf);
        sb_release(&s);
    }

    script = nsq_target_script(req->argv, req->argc, w.status_path, &res->target_cmd);
    nsq_capture_gpu_env(req, res, env, &nenv);

    /* nsys profile OPTIONS... [EXTRA...] /bin/sh -c SCRIPT */
    const char *fixed[] = {nsys,
                           "profile",
                           "-t",
                           req->trace,
                           "-s",
                           "none",
                           "--cpuctxsw=none",
                           "--cuda-memory-usage=true",
                           "--force-overwrite=true",
                           "-o",
                           base};
    int nfixed = (int)(sizeof fixed / sizeof fixed[0]);
    argv = xcalloc((size_t)(nfixed + req->nextra_nsys + 4), sizeof *argv);
    for (int i = 0; i < nfixed; i++)
        argv[argc++] = xstrdup(fixed[i]);
    for (int i = 0; i < req->nextra_nsys; i++)
        argv[argc++] = xstrdup(req->extra_nsys[i]);
    argv[argc++] = xstrdup("/bin/sh");
    argv[argc++] = xstrdup("-c");
    argv[argc++] = xstrdup(script);
    res->profiler_argv = argv;
    res->nprofiler_argv = argc;

    nsq_utc_now(res->captured_at, sizeof res->captured_at);
    double t0 = nsq_mono_s();
    if (nsq_child_start(&c, argv, env, res->stdout_log, res->stderr_log, err))
        goto done;
    double limit = req->duration_s > 0
                       ? t0 + (double)req->duration_s + nsq_capture_wait_s(NSQ_CAPTURE_SLACK_S)
                       : -1;
    double flush_deadline = -1;

    /* 1. the target runs; 2. nsys flushes (60 s) */
    nsq_progress_begin("capturing under nsys", 0);
    for (;;) {
        nsq_target_watch_poll(&w);
        if (nsq_child_poll(&c))
            break;
        double now = nsq_mono_s();
        nsq_progress_update(-1);
        if (flush_deadline < 0) {
            if (w.ended) {
                res->stop_reason = "target_exited";
                flush_deadline = now + nsq_capture_wait_s(NSQ_CAPTURE_FLUSH_S);
            } else if (nsq_capture_stop_requested() || (limit >= 0 && now >= limit)) {
                bool intr = nsq_capture_stop_requested();
                res->stop_reason = intr ? "interrupted" : "time_limit";
                if (intr)
                    nsq_capture_warn(res, "capture_interrupted",
                                     "nsysql was interrupted; the profiler was stopped and its "
                                     "data flushed");
                else
                    nsq_capture_warn(res, "target_time_limit",
                                     "the target still ran %.1f s after it started (--duration-s "
                                     "%lld + %.0f s); the profiler was stopped",
                                     now - t0, (long long)req->duration_s,
                                     nsq_capture_wait_s(NSQ_CAPTURE_SLACK_S));
                nsq_child_signal(&c, SIGINT, false);
                signalled = true;
                flush_deadline = now + nsq_capture_wait_s(NSQ_CAPTURE_FLUSH_S);
            }
        } else if (now >= flush_deadline) {
            break;
        }
        nap();
    }
    nsq_progress_end();
    nsq_target_watch_poll(&w);
    if (!res->stop_reason && w.ended)
        res->stop_reason = "target_exited";

    /* nsys gave up before the target even started: nothing to wait for */
    if (!c.running && !w.started) {
        nsq_file_tail(&res->stderr_tail, res->stderr_log, NSQ_CAPTURE_TAIL_BYTES);
        describe_status(&how, c.status);
        nsq_error(err, NSQ_EXIT_CAPTURE,
                  WIFSIGNALED(c.status) ? "profiler_crashed" : "profiler_failed",
                  "nsys profile ended (%s) before the target started", how.buf);
        nsq_hint(err, "nsys said: %.400s",
                 res->stderr_tail.len ? res->stderr_tail.buf : "(nothing)");
        goto done;
    }
    if (c.running && !signalled) {
        /* the target has ended, yet nsys is still busy after the flush wait */
        nsq_child_signal(&c, SIGINT, false);
        signalled = true;
    }

    /* 3. one more look, 90 s, for a missing or tiny report or a busy nsys */
    const char *problem = report_problem(res->report);
    double retry_deadline = nsq_mono_s() + nsq_capture_wait_s(NSQ_CAPTURE_REPORT_RETRY_S);
    while ((problem || c.running) && nsq_mono_s() < retry_deadline) {
        nap();
        nsq_child_poll(&c);
        nsq_target_watch_poll(&w);
        problem = report_problem(res->report);
    }
    bool hung = c.running;
    if (hung)
        nsq_child_kill(&c);
    nsq_target_watch_poll(&w);
    nsq_target_watch_result(&w, res);
    if (w.started && !w.ended && kill(-c.pid, 0) == 0) {
        /* nsys is gone but part of the target (in nsys's process group) lives on */
        nsq_group_kill_wait(c.pid, 5);
        nsq_capture_warn(res, "target_killed",
                         "processes of the target were still running when the profiler "
                         "finished; they were killed");
    }
    res->report_size = nsq_file_size(res->report);
    nsq_file_tail(&res->stderr_tail, res->stderr_log, NSQ_CAPTURE_TAIL_BYTES);
    if (problem) {
        const char *what = !strcmp(problem, "report_missing") ? "wrote no report"
                           : !strcmp(problem, "report_empty") ? "wrote an empty (0-byte) report"
                                                              : "wrote an implausibly small report";
        if (hung) {
            nsq_error(err, NSQ_EXIT_CAPTURE, "profiler_hung",
                      "nsys did not finish (SIGINT, then %.0f s more) and %s; it was killed",
                      nsq_capture_wait_s(NSQ_CAPTURE_REPORT_RETRY_S), what);
        } else if (WIFSIGNALED(c.status)) {
            describe_status(&how, c.status);
            nsq_error(err, NSQ_EXIT_CAPTURE, "profiler_crashed", "nsys profile %s and %s", how.buf,
                      what);
        } else {
            describe_status(&how, c.status);
            if (res->report_size >= 0)
                sb_addf(&how, "; the report has %lld bytes", (long long)res->report_size);
            nsq_error(err, NSQ_EXIT_CAPTURE, problem,
                      "nsys profile ended (%s) and %s at '%s', even after %.0f s more", how.buf,
                      what, res->report, nsq_capture_wait_s(NSQ_CAPTURE_REPORT_RETRY_S));
        }
        nsq_hint(err, "nsys said: %.400s",
                 res->stderr_tail.len ? res->stderr_tail.buf : "(nothing)");
        goto done;
    }
    if (hung)
        nsq_capture_warn(res, "profiler_killed",
                         "nsys wrote its report but did not exit; it was killed");
    else if (WIFSIGNALED(c.status) ||
             (WEXITSTATUS(c.status) != 0 &&
              !(res->have_exit_code && WEXITSTATUS(c.status) == res->target_exit_code))) {
        /* (nsys passing the target's own exit code through is not news) */
        describe_status(&how, c.status);
        nsq_capture_warn(res, "profiler_exit_status", "nsys profile ended with %s", how.buf);
        sb_reset(&how);
    }
    if (res->have_exit_code && res->target_signal)
        nsq_capture_warn(res, "target_crashed",
                         "the target was killed by signal %d (%s); its data up to then was "
                         "captured",
                         res->target_signal, strsignal(res->target_signal));
    else if (res->have_exit_code && res->target_exit_code != 0)
        nsq_capture_warn(res, "target_failed", "the target exited with code %d",
                         res->target_exit_code);

    /* 4. export at once */
    if (export_report(nsys, res, err))
        goto done;
    rc = 0;
done:
    res->report_size = nsq_file_size(res->report);
    res->sqlite_size = nsq_file_size(res->sqlite);
    if (c.running)
        nsq_child_kill(&c);
    /* a failed capture leaves nothing it started behind (the target may have
     * started after nsys died); a successful one leaves nsys's own helpers be */
    if (rc != 0 && c.pid > 0 && kill(-c.pid, 0) == 0)
        nsq_group_kill_wait(c.pid, 5);
    for (int i = 0; i < nenv; i++)
        free(env[i]);
    sb_release(&how);
    free(script);
    free(base);
    free(w.status_path);
    return rc;
}
