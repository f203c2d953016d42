/* verify's rounds (verify.h): each side's command captured by `nsysql capture`
 * into OUT/SIDE-NN (a failed attempt retried once into OUT/SIDE-NN-retry), in
 * the order A B, B A, A B, ...; after each round `nsysql diff` over the usable
 * captures into OUT/diff-NN.json; the stop rules; and the captures reused from
 * --baseline-dir / --patch-dir. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "nsysql/util/proc.h"
#include "nsysql/util/progress.h"
#include "verify.h"

const char *const verify_side_name[2] = {"baseline", "patch"};

static void nap(void)
{
    struct timespec ts = {0, 20000000L};
    nanosleep(&ts, NULL);
}

static vcap *new_cap(verify_run *v)
{
    if (v->ncaps == v->acaps) {
        v->acaps = (v->acaps + 16) * 3 / 2;
        v->caps = xrealloc(v->caps, sizeof *v->caps * (size_t)v->acaps);
    }
    vcap *c = &v->caps[v->ncaps++];
    memset(c, 0, sizeof *c);
    return c;
}

bool verify_usable(const vcap *c)
{
    return !strcmp(c->status, "ok") || !strcmp(c->status, "reused");
}

int verify_good(const verify_run *v, int side)
{
    int n = 0;
    for (int i = 0; i < v->ncaps; i++)
        if (v->caps[i].side == side && verify_usable(&v->caps[i]))
            n++;
    return n;
}

/* Reads a whole JSON file; NULL when it is missing or not JSON. */
static json_t *load_json(const char *path)
{
    json_error_t je;
    return json_load_file(path, 0, &je);
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* ---- running this binary -------------------------------------------------- */

/* Runs `self ARGV...` with stdout to OUT_PATH (fresh) and stderr to ERR_PATH,
 * waiting for it. With PASS_STOP, a SIGINT to verify is passed on once (after
 * a grace period, so the child has installed its own handler: a capture then
 * flushes); without, the child (a diff) runs to its end. Returns its exit code
 * (70 when it could not be started or died of a signal). */
static int run_self(char **argv, const char *out_path, const char *err_path, const char *what,
                    bool pass_stop)
{
    char *env[] = {"NSYSQL_PROGRESS=0", NULL};
    nsq_child c = {0};
    nsq_err e = {0};
    unlink(out_path);
    if (nsq_child_start(&c, argv, env, out_path, err_path, &e))
        return NSQ_EXIT_INTERNAL;
    double t0 = nsq_mono_s();
    bool passed = false;
    nsq_progress_begin(what, 0);
    while (!nsq_child_poll(&c)) {
        if (pass_stop && !passed && nsq_capture_stop_requested() &&
            nsq_mono_s() - t0 >= VERIFY_SIGINT_GRACE_S) {
            nsq_child_signal(&c, SIGINT, false);
            passed = true;
        }
        nsq_progress_update(-1);
        nap();
    }
    nsq_progress_end();
    if (WIFEXITED(c.status))
        return WEXITSTATUS(c.status);
    return NSQ_EXIT_INTERNAL;
}

static void argv_add(char ***v, int *n, int *a, const char *s)
{
    if (*n + 2 > *a) {
        *a = (*a + 16) * 3 / 2;
        *v = xrealloc(*v, sizeof **v * (size_t)*a);
    }
    (*v)[(*n)++] = xstrdup(s);
    (*v)[*n] = NULL;
}

/* One capture attempt of SIDE in ROUND into OUT/SIDE-NN[-retry]. */
static vcap *capture_once(verify_run *v, int side, int round, int attempt)
{
    const verify_opts *o = v->o;
    vcap *c = new_cap(v);
    strbuf dir = STRBUF_INIT, outp = STRBUF_INIT, errp = STRBUF_INIT, what = STRBUF_INIT;
    char **argv = NULL, num[32];
    int n = 0, a = 0;
    c->side = side;
    c->round = round;
    c->attempt = attempt;
    sb_addf(&dir, "%s/%s-%02d%s", v->out, verify_side_name[side], round,
            attempt > 1 ? "-retry" : "");
    c->path = xstrdup(dir.buf);
    mkdir(dir.buf, 0755);
    sb_addf(&outp, "%s/verify-capture.stdout.json", dir.buf);
    sb_addf(&errp, "%s/verify-capture.stderr.log", dir.buf);

    argv_add(&argv, &n, &a, v->self);
    argv_add(&argv, &n, &a, "capture");
    argv_add(&argv, &n, &a, "--out-dir");
    argv_add(&argv, &n, &a, dir.buf);
    if (o->backend) {
        argv_add(&argv, &n, &a, "--backend");
        argv_add(&argv, &n, &a, o->backend);
    }
    if (o->trace) {
        argv_add(&argv, &n, &a, "--trace");
        argv_add(&argv, &n, &a, o->trace);
    }
    if (o->gpu_id != INT64_MIN) {
        snprintf(num, sizeof num, "%lld", (long long)o->gpu_id);
        argv_add(&argv, &n, &a, "--gpu-id");
        argv_add(&argv, &n, &a, num);
    }
    if (o->duration_s != INT64_MIN) {
        snprintf(num, sizeof num, "%lld", (long long)o->duration_s);
        argv_add(&argv, &n, &a, "--duration-s");
        argv_add(&argv, &n, &a, num);
    }
    for (int i = 0; i < o->extra_nsys.n; i++) {
        argv_add(&argv, &n, &a, "--extra-nsys");
        argv_add(&argv, &n, &a, o->extra_nsys.v[i]);
    }
    argv_add(&argv, &n, &a, "--");
    for (int i = 0; i < v->ncmd[side]; i++)
        argv_add(&argv, &n, &a, v->cmd[side][i]);

    sb_addf(&what, "verify round %d: capturing the %s%s", round, verify_side_name[side],
            attempt > 1 ? " (retry)" : "");
    nsq_utc_now(c->started_at, sizeof c->started_at);
    c->exit_code = run_self(argv, outp.buf, errp.buf, what.buf, true);
    nsq_utc_now(c->ended_at, sizeof c->ended_at);

    json_t *doc = load_json(outp.buf);
    json_t *res = doc ? json_object_get(doc, "result") : NULL;
    json_t *err = doc ? json_object_get(doc, "error") : NULL;
    json_t *tec = res ? json_object_get(res, "target_exit_code") : NULL;
    const char *stop = res ? json_string_value(json_object_get(res, "stop_reason")) : NULL;
    c->status = "failed";
    if (!doc) {
        c->err_code = xstrdup("no_document");
        strbuf m = STRBUF_INIT;
        sb_addf(&m, "nsysql capture exited %d without a document (see %s)", c->exit_code, errp.buf);
        c->err_message = sb_detach(&m);
    } else if (c->exit_code != 0 || !json_is_true(json_object_get(doc, "ok"))) {
        const char *code = err ? json_string_value(json_object_get(err, "code")) : NULL;
        const char *msg = err ? json_string_value(json_object_get(err, "message")) : NULL;
        c->err_code = xstrdup(code ? code : "capture_failed");
        c->err_message = xstrdup(msg ? msg : "the capture failed");
    } else if (stop && !strcmp(stop, "interrupted")) {
        c->status = "interrupted";
        c->err_code = xstrdup("interrupted");
        c->err_message = xstrdup("verify was interrupted during this capture; it was flushed and "
                                 "exported but is not compared (the run was cut short)");
    } else if (json_is_integer(tec) && json_integer_value(tec) != 0) {
        strbuf m = STRBUF_INIT;
        c->err_code = xstrdup("target_failed");
        sb_addf(&m, "the %s command exited with status %lld", verify_side_name[side],
                (long long)json_integer_value(tec));
        c->err_message = sb_detach(&m);
    } else {
        c->status = "ok";
    }
    if (strcmp(c->status, "ok"))
        c->doc = doc;
    else if (doc)
        json_decref(doc);
    nsq_strv_free(argv, n);
    sb_release(&dir);
    sb_release(&outp);
    sb_release(&errp);
    sb_release(&what);
    return c;
}

/* A capture of SIDE for ROUND, retried once when it fails (not when it was
 * interrupted). Returns true when one of the attempts is good. */
static bool capture_side(verify_run *v, int side, int round)
{
    vcap *c = capture_once(v, side, round, 1);
    if (!strcmp(c->status, "failed") && !nsq_capture_stop_requested())
        c = capture_once(v, side, round, 2);
    return !strcmp(c->status, "ok");
}

vdiff *verify_run_diff(verify_run *v, int round)
{
    char **argv = NULL;
    int n = 0, a = 0;
    strbuf outp = STRBUF_INIT, errp = STRBUF_INIT, tmp = STRBUF_INIT, what = STRBUF_INIT;
    if (v->ndiffs == v->adiffs) {
        v->adiffs = (v->adiffs + 8) * 3 / 2;
        v->diffs = xrealloc(v->diffs, sizeof *v->diffs * (size_t)v->adiffs);
    }
    vdiff *d = &v->diffs[v->ndiffs++];
    memset(d, 0, sizeof *d);
    d->round = round;
    argv_add(&argv, &n, &a, v->self);
    argv_add(&argv, &n, &a, "diff");
    argv_add(&argv, &n, &a, "--no-cache"); /* nothing is written outside the out-dir */
    /* the record of the experiment: every figure, and as many rows as before the compact
     * default (a --limit in --diff-args comes later and wins) */
    argv_add(&argv, &n, &a, "--detail");
    argv_add(&argv, &n, &a, "--limit");
    argv_add(&argv, &n, &a, "20");
    for (int s = 0; s < 2; s++) {
        argv_add(&argv, &n, &a, s ? "--patch" : "--baseline");
        for (int i = 0; i < v->ncaps; i++)
            if (v->caps[i].side == s && verify_usable(&v->caps[i])) {
                argv_add(&argv, &n, &a, v->caps[i].path);
                if (s)
                    d->npatch++;
                else
                    d->nbase++;
            }
    }
    if (v->o->fail_on) {
        argv_add(&argv, &n, &a, "--fail-on");
        argv_add(&argv, &n, &a, v->o->fail_on);
    }
    for (int i = 0; i < v->ndargs; i++)
        argv_add(&argv, &n, &a, v->dargs[i]);
    if (round > 0)
        sb_addf(&outp, "%s/diff-%02d.json", v->out, round);
    else
        sb_addf(&outp, "%s/diff.json", v->out);
    sb_addf(&tmp, "%s.tmp", outp.buf);
    sb_addf(&errp, "%s/diff.stderr.log", v->out);
    sb_addf(&what, "verify: diff of %d and %d captures", d->nbase, d->npatch);
    d->exit_code = run_self(argv, tmp.buf, errp.buf, what.buf, false);
    d->doc = load_json(tmp.buf);
    if (rename(tmp.buf, outp.buf) != 0)
        unlink(tmp.buf);
    d->path = sb_detach(&outp);
    if (d->doc && json_is_true(json_object_get(d->doc, "ok")))
        d->verdict =
            json_string_value(json_object_get(json_object_get(d->doc, "result"), "verdict"));
    nsq_strv_free(argv, n);
    sb_release(&errp);
    sb_release(&tmp);
    sb_release(&what);
    return d;
}

/* Firm verdicts end a run early when they repeat. */
static bool firm(const char *verdict)
{
    static const char *const f[] = {"improved", "regressed", "mixed", "unchanged", NULL};
    for (int i = 0; verdict && f[i]; i++)
        if (!strcmp(verdict, f[i]))
            return true;
    return false;
}

/* ---- reused captures ------------------------------------------------------ */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A capture folder written by capture that is good: profile.sqlite there, and
 * capture.json (when present) ok with the target's exit status 0. */
static bool good_capture_dir(const char *dir)
{
    strbuf p = STRBUF_INIT;
    bool ok;
    sb_addf(&p, "%s/profile.sqlite", dir);
    ok = is_file(p.buf);
    sb_reset(&p);
    sb_addf(&p, "%s/capture.json", dir);
    if (ok && is_file(p.buf)) {
        json_t *doc = load_json(p.buf);
        json_t *tec =
            doc ? json_object_get(json_object_get(doc, "result"), "target_exit_code") : NULL;
        ok = doc && json_is_true(json_object_get(doc, "ok")) &&
             (!json_is_integer(tec) || json_integer_value(tec) == 0) &&
             !(json_string_value(json_object_get(json_object_get(doc, "result"), "stop_reason")) &&
               !strcmp(json_string_value(
                           json_object_get(json_object_get(doc, "result"), "stop_reason")),
                       "interrupted"));
        if (doc)
            json_decref(doc);
    }
    sb_release(&p);
    return ok;
}

int verify_reuse_dir(verify_run *v, int side, const char *dir, nsq_err *err)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return nsq_error(err, NSQ_EXIT_INPUT, "input_not_found", "--%s-dir '%s' does not exist",
                         verify_side_name[side], dir);
    if (!S_ISDIR(st.st_mode))
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value", "--%s-dir '%s' is not a folder",
                         verify_side_name[side], dir);
    char *abs = realpath(dir, NULL);
    char **names = NULL;
    int nn = 0, an = 0, pass, found = 0;
    strbuf p = STRBUF_INIT;
    sb_addf(&p, "%s/profile.sqlite", abs);
    if (is_file(p.buf)) {
        if (good_capture_dir(abs)) {
            vcap *c = new_cap(v);
            c->side = side;
            c->status = "reused";
            c->path = xstrdup(abs);
        }
        goto done;
    }
    DIR *d = opendir(abs);
    for (struct dirent *e; d && (e = readdir(d));)
        if (e->d_name[0] != '.')
            argv_add(&names, &nn, &an, e->d_name);
    if (d)
        closedir(d);
    if (nn)
        qsort(names, (size_t)nn, sizeof *names, cmp_str);
    size_t pl = strlen(verify_side_name[side]);
    for (pass = 0; pass < 2 && !found; pass++)
        for (int i = 0; i < nn; i++) {
            sb_reset(&p);
            sb_addf(&p, "%s/%s", abs, names[i]);
            bool named = !strncmp(names[i], verify_side_name[side], pl) && names[i][pl] == '-';
            bool cap = is_dir(p.buf) && good_capture_dir(p.buf);
            bool exp = pass == 1 && is_file(p.buf) && strlen(names[i]) > 7 &&
                       !strcmp(names[i] + strlen(names[i]) - 7, ".sqlite");
            if ((pass == 0 && named && cap) || (pass == 1 && (cap || exp))) {
                vcap *c = new_cap(v);
                c->side = side;
                c->status = "reused";
                c->path = xstrdup(p.buf);
                found++;
            }
        }
done:
    nsq_strv_free(names, nn);
    sb_release(&p);
    free(abs);
    return 0;
}

/* ---- the rounds ----------------------------------------------------------- */

void verify_run_rounds(verify_run *v)
{
    const verify_opts *o = v->o;
    bool runs[2] = {v->cmd[0] != NULL, v->cmd[1] != NULL};
    const char *prev = NULL;
    bool checked = false;
    if (!runs[0] && !runs[1]) {
        v->stop = "reused";
        v->stop_why = "both sides were given as folders of captures: nothing to run";
        return;
    }
    for (int r = 1; r <= o->max_repeat; r++) {
        /* A B, then B A, then A B ...: round r starts with the baseline when r is odd */
        int order[2] = {r % 2 ? 0 : 1, r % 2 ? 1 : 0};
        bool got[2] = {true, true};
        for (int k = 0; k < 2 && !nsq_capture_stop_requested(); k++) {
            int s = order[k];
            if (!runs[s])
                continue;
            v->rounds = r;
            got[s] = capture_side(v, s, r);
            if (!got[s])
                v->failed_rounds[s]++;
        }
        if (nsq_capture_stop_requested()) {
            v->interrupted = true;
            v->stop = "interrupted";
            v->stop_why = "interrupted (SIGINT, SIGTERM or SIGHUP): the capture in progress was "
                          "flushed; what was done is reported";
            return;
        }
        int gb = verify_good(v, 0), gp = verify_good(v, 1);
        if ((runs[0] && runs[1] && !got[0] && !got[1]) || v->failed_rounds[0] >= 2 ||
            v->failed_rounds[1] >= 2) {
            v->stop = "captures_failing";
            v->stop_why = !got[0] && !got[1]
                              ? "both sides failed to capture in the same round"
                              : "a side failed to capture (after a retry) in two rounds";
            return;
        }
        const char *verdict = NULL;
        if (gb >= 2 && gp >= 2) {
            verdict = verify_run_diff(v, r)->verdict;
            checked = true;
        } else if (!checked && gb >= 1 && gp >= 1) {
            verdict = verify_run_diff(v, r)->verdict; /* the workload check, one capture per side */
            checked = true;
            if (!verdict || strcmp(verdict, "not_comparable"))
                verdict = NULL; /* a one-capture verdict does not count for stability */
        }
        if (verdict && !strcmp(verdict, "not_comparable")) {
            v->stop = "workload_mismatch";
            v->stop_why = "the two sides did not run the same workload (diff's fingerprint)";
            return;
        }
        if (r >= o->min_repeat && firm(verdict) && prev && !strcmp(prev, verdict)) {
            v->stop = "stable";
            v->stop_why = "the same firm verdict two rounds running";
            return;
        }
        if (r >= o->repeat && firm(verdict)) {
            v->stop = "repeat_reached";
            v->stop_why = "--repeat rounds done with a firm verdict";
            return;
        }
        prev = verdict;
    }
    v->stop = "max_repeat";
    v->stop_why = o->max_repeat > o->repeat
                      ? "--max-repeat rounds done without a firm, stable verdict"
                      : "--repeat rounds done without a firm, stable verdict";
}

const vdiff *verify_last_diff(const verify_run *v, int min_per_side)
{
    for (int i = v->ndiffs - 1; i >= 0; i--)
        if (v->diffs[i].nbase >= min_per_side && v->diffs[i].npatch >= min_per_side)
            return &v->diffs[i];
    return NULL;
}

void verify_run_release(verify_run *v)
{
    for (int i = 0; i < v->ncaps; i++) {
        free(v->caps[i].path);
        free(v->caps[i].err_code);
        free(v->caps[i].err_message);
        if (v->caps[i].doc)
            json_decref(v->caps[i].doc);
    }
    free(v->caps);
    for (int i = 0; i < v->ndiffs; i++) {
        free(v->diffs[i].path);
        if (v->diffs[i].doc)
            json_decref(v->diffs[i].doc);
    }
    free(v->diffs);
    nsq_strv_free(v->dargs, v->ndargs);
    free(v->out);
}
