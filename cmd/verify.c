/* nsysql verify: is the patch faster, and can that be trusted?
 *
 * Runs the baseline command and the patch command under `nsysql capture`
 * (this same binary as a child process, so every capture is exactly what
 * `capture` makes, capture.json included), interleaved A B B A A B ... so that
 * drift and thermal state touch both sides alike, one round = one capture of
 * each side. After round 1 a one-capture diff checks the workload fingerprint
 * (not_comparable stops at once); from two good captures per side on, after
 * every round, `nsysql diff --baseline A1 A2.. --patch B1 B2..` (captures as
 * the unit of noise) gives the verdict. It stops when the verdict is firm and
 * the same two rounds running (after --min-repeat), when --repeat rounds gave
 * a firm verdict, or at --max-repeat. A failed capture is retried once; a
 * side left with fewer than two good captures is inconclusive, never judged.
 * SIGINT is passed on to the capture in progress (which flushes and exports)
 * and the document of what was done is printed. Either side may instead be a
 * folder of captures made before (--baseline-dir / --patch-dir).
 *
 * Everything goes under --out-dir: SIDE-NN (and SIDE-NN-retry) capture
 * folders, diff-NN.json (the diff after round NN), verify.json (this
 * document). Nothing outside it is written; nothing is deleted.
 *
 * This file reads the options and the two commands, checks the out-dir,
 * decides the verdict and writes the document; the rounds, the child
 * processes and the reused captures are in verify_rounds.c (verify.h). */
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "nsysql/util/grow.h"
#include "nsysql/util/proc.h"
#include "verify.h"

static const nsq_opt verify_options[] = {
    OPT_ENTRY("repeat", 'n', OPT_INT, verify_opts, repeat, "N",
              "captures per side (rounds) when the verdict does not settle earlier (default 3)"),
    OPT_ENTRY("min-repeat", 0, OPT_INT, verify_opts, min_repeat, "N",
              "rounds before an early stop (default 2, at least 2)"),
    OPT_ENTRY("max-repeat", 0, OPT_INT, verify_opts, max_repeat, "N",
              "keep adding rounds past --repeat while the verdict is not firm, up to N (default: "
              "--repeat; at most 50)"),
    OPT_ENTRY("out-dir", 'o', OPT_STR, verify_opts, out_dir, "DIR",
              "new or empty folder for the captures, the diffs and verify.json (default "
              "./verify-YYYYMMDD-HHMMSS)"),
    OPT_ENTRY("baseline-dir", 0, OPT_STR, verify_opts, baseline_dir, "DIR",
              "reuse the baseline captures in DIR (its baseline-* capture folders, else every "
              "capture folder and .sqlite export in it) instead of running a baseline command"),
    OPT_ENTRY("patch-dir", 0, OPT_STR, verify_opts, patch_dir, "DIR",
              "reuse the patch captures in DIR (patch-* folders, else every capture in it)"),
    OPT_ENTRY("fail-on", 0, OPT_STR, verify_opts, fail_on, "WHAT",
              "exit 1 when the final diff's gate fails (regression or change, as diff --fail-on), "
              "or when no verdict could be reached"),
    OPT_ENTRY("backend", 0, OPT_STR, verify_opts, backend, "B",
              "capture backend for both sides: auto (default), nsys or cupti"),
    OPT_ENTRY("gpu-id", 0, OPT_INT, verify_opts, gpu_id, "N", "run both sides on GPU N"),
    OPT_ENTRY("trace", 't', OPT_STR, verify_opts, trace, "LIST",
              "what to trace on both sides (capture --trace)"),
    OPT_ENTRY("duration-s", 0, OPT_INT, verify_opts, duration_s, "N",
              "expected run time of one command (capture --duration-s)"),
    OPT_ENTRY("extra-nsys", 0, OPT_LIST, verify_opts, extra_nsys, "\"ARGS\"",
              "more nsys profile options for both sides (capture --extra-nsys)"),
    OPT_ENTRY("diff-args", 0, OPT_LIST, verify_opts, diff_args, "\"ARGS\"",
              "more diff options, split like a shell would (e.g. \"--window all --min-effect 3\")"),
    OPT_TABLE_END,
};

static void verify_defaults(void *p)
{
    verify_opts *o = p;
    o->repeat = 3;
    o->min_repeat = 2;
    o->max_repeat = 0; /* = repeat */
    o->gpu_id = INT64_MIN;
    o->duration_s = INT64_MIN;
}

/* ---- the out-dir ---------------------------------------------------------- */

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Resolves PATH (which may not exist yet) to an absolute path. */
static char *resolve_new(const char *path)
{
    char *r = realpath(path, NULL);
    if (r)
        return r;
    char *a = xstrdup(path), *b = xstrdup(path);
    char *parent = realpath(dirname(a), NULL);
    strbuf s = STRBUF_INIT;
    if (parent)
        sb_addf(&s, "%s/%s", parent, basename(b));
    free(parent);
    free(a);
    free(b);
    return s.len ? sb_detach(&s) : NULL;
}

/* true when A is B or lies inside B (absolute, resolved paths). */
static bool within(const char *a, const char *b)
{
    size_t n = strlen(b);
    return !strncmp(a, b, n) && (a[n] == '\0' || a[n] == '/' || (n == 1 && b[0] == '/'));
}

static int prepare_out_dir(verify_run *v, const char *out, nsq_err *err)
{
    char *abs = resolve_new(out);
    if (!abs)
        return nsq_error(err, NSQ_EXIT_USAGE, "output_unwritable",
                         "--out-dir '%s': its parent folder does not exist", out);
    for (int s = 0; s < 2; s++) {
        char *in = v->dir[s] ? realpath(v->dir[s], NULL) : NULL;
        bool clash = in && (within(abs, in) || within(in, abs));
        free(in);
        if (clash) {
            nsq_error(err, NSQ_EXIT_USAGE, "output_is_input",
                      "--out-dir '%s' is, holds or lies inside --%s-dir '%s'", out,
                      verify_side_name[s], v->dir[s]);
            nsq_hint(err, "give verify a new, empty --out-dir");
            free(abs);
            return -1;
        }
    }
    if (is_dir(abs)) {
        DIR *d = opendir(abs);
        bool empty = d != NULL;
        for (struct dirent *e; d && (e = readdir(d));)
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
                empty = false;
        if (d)
            closedir(d);
        if (!empty) {
            nsq_error(err, NSQ_EXIT_USAGE, "out_dir_not_empty",
                      "--out-dir '%s' exists and is not empty", out);
            nsq_hint(err, "verify writes only into a new or empty folder (it never replaces "
                          "files); reuse its captures with --baseline-dir/--patch-dir");
            free(abs);
            return -1;
        }
    } else if (mkdir(abs, 0755) != 0) {
        nsq_error(err, NSQ_EXIT_CAPTURE, "output_unwritable", "cannot create --out-dir '%s': %s",
                  out, strerror(errno));
        free(abs);
        return -1;
    }
    v->out = abs;
    return 0;
}

/* ---- the command line ----------------------------------------------------- */

/* Splits the positional arguments BASE... --patch -- PATCH... (either part
 * may be replaced by a --*-dir). */
static int split_commands(verify_run *v, nsq_ctx *ctx, nsq_err *err)
{
    int k = -1;
    for (int i = 0; i + 1 < ctx->nargs; i++)
        if (!strcmp(ctx->args[i], "--patch") && !strcmp(ctx->args[i + 1], "--")) {
            k = i;
            break;
        }
    char **base = ctx->args, **patch = NULL;
    int nbase = ctx->nargs, npatch = 0;
    if (k >= 0) {
        nbase = k;
        patch = ctx->args + k + 2;
        npatch = ctx->nargs - k - 2;
    } else if (v->dir[0] && !v->dir[1]) {
        patch = base;
        npatch = nbase;
        base = NULL;
        nbase = 0;
    }
    char **cmd[2] = {base, patch};
    int ncmd[2] = {nbase, npatch};
    for (int s = 0; s < 2; s++) {
        if (v->dir[s] && ncmd[s] > 0)
            return nsq_error(err, NSQ_EXIT_USAGE, "bad_usage",
                             "both a %s command and --%s-dir were given", verify_side_name[s],
                             verify_side_name[s]);
        if (!v->dir[s] && ncmd[s] == 0) {
            nsq_error(err, NSQ_EXIT_USAGE, "missing_command", "no %s command", verify_side_name[s]);
            nsq_hint(err, "usage: nsysql verify [options] -- BASE_CMD... --patch -- PATCH_CMD... "
                          "(or --baseline-dir/--patch-dir DIR for a side captured before)");
            return -1;
        }
        v->cmd[s] = ncmd[s] ? cmd[s] : NULL;
        v->ncmd[s] = ncmd[s];
    }
    return 0;
}

static int check_options(verify_run *v, verify_opts *o, nsq_err *err)
{
    if (o->max_repeat == 0)
        o->max_repeat = o->repeat;
    if (o->repeat < 2 || o->repeat > VERIFY_MAX_REPEAT)
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--repeat must be 2..%d (two captures per side at least), not %lld",
                         VERIFY_MAX_REPEAT, (long long)o->repeat);
    if (o->min_repeat < 2 || o->min_repeat > o->repeat)
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--min-repeat must be 2..--repeat (%lld), not %lld", (long long)o->repeat,
                         (long long)o->min_repeat);
    if (o->max_repeat < o->repeat || o->max_repeat > VERIFY_MAX_REPEAT)
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--max-repeat must be --repeat (%lld)..%d, not %lld", (long long)o->repeat,
                         VERIFY_MAX_REPEAT, (long long)o->max_repeat);
    if (o->fail_on && strcmp(o->fail_on, "regression") && strcmp(o->fail_on, "change"))
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--fail-on must be regression or change, not '%s'", o->fail_on);
    if (o->gpu_id != INT64_MIN && o->gpu_id < 0)
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value", "--gpu-id must be >= 0");
    if (o->duration_s != INT64_MIN && o->duration_s < 0)
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value", "--duration-s must be >= 0");
    for (int i = 0; i < o->diff_args.n; i++) {
        char **w = NULL;
        int nw = 0;
        if (nsq_shell_split(o->diff_args.v[i], &w, &nw, err))
            return -1;
        for (int k = 0; k < nw; k++) {
            const char *bad[] = {"--baseline", "--patch",   "--fail-on",
                                 "--format",   "--partial", NULL};
            for (int b = 0; bad[b]; b++)
                if (!strncmp(w[k], bad[b], strlen(bad[b])) &&
                    (w[k][strlen(bad[b])] == '\0' || w[k][strlen(bad[b])] == '=')) {
                    nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                              "--diff-args may not hold %s: verify sets it", bad[b]);
                    nsq_strv_free(w, nw);
                    return -1;
                }
        }
        for (int k = 0; k < nw; k++) {
            NSQ_GROW(v->dargs, v->ndargs + 1, v->capdargs);
            v->dargs[v->ndargs++] = w[k];
        }
        free(w);
    }
    ssize_t n = readlink("/proc/self/exe", v->self, sizeof v->self - 1);
    if (n <= 0)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "cannot find this program's path");
    v->self[n] = '\0';
    return 0;
}

/* ---- the document --------------------------------------------------------- */

static void kv_argv(json *j, const char *k, char **v, int n)
{
    json_key(j, k);
    if (!v) {
        json_null_value(j);
        return;
    }
    json_arr_begin(j);
    for (int i = 0; i < n; i++)
        json_str(j, v[i]);
    json_arr_end(j);
}

/* An array of words, empty when there are none. */
static void kv_words(json *j, const char *k, const char *const *v, int n)
{
    json_key(j, k);
    json_arr_begin(j);
    for (int i = 0; i < n; i++)
        json_str(j, v[i]);
    json_arr_end(j);
}

static void kv_jansson(json *j, const char *k, json_t *doc)
{
    char *s = doc ? json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    if (s)
        json_kv_raw(j, k, s);
    else
        json_kv_null(j, k);
    free(s);
}

static void write_params(json *j, const verify_run *v)
{
    const verify_opts *o = v->o;
    json_obj_begin(j);
    json_kv_int(j, "repeat", o->repeat);
    json_kv_int(j, "min_repeat", o->min_repeat);
    json_kv_int(j, "max_repeat", o->max_repeat);
    json_kv_str(j, "out_dir", v->out);
    json_kv_str(j, "baseline_dir", v->dir[0]);
    json_kv_str(j, "patch_dir", v->dir[1]);
    json_kv_str(j, "fail_on", o->fail_on);
    json_kv_str(j, "backend", o->backend ? o->backend : "auto");
    if (o->gpu_id != INT64_MIN)
        json_kv_int(j, "gpu_id", o->gpu_id);
    else
        json_kv_null(j, "gpu_id");
    json_kv_str(j, "trace", o->trace);
    if (o->duration_s != INT64_MIN)
        json_kv_int(j, "duration_s", o->duration_s);
    else
        json_kv_null(j, "duration_s");
    kv_words(j, "extra_nsys", o->extra_nsys.v, o->extra_nsys.n);
    kv_words(j, "diff_args", (const char *const *)v->dargs, v->ndargs);
    json_kv_str(j, "order", "interleaved_abba");
    json_obj_end(j);
}

/* Fills verdict, reason, exit code and gate from what was done. */
typedef struct outcome {
    const char *verdict;
    strbuf reason;
    const vdiff *diff; /* embedded */
    bool gate_failed;
    int exit_code;
} outcome;

static void decide(const verify_run *v, outcome *oc)
{
    int gb = verify_good(v, 0), gp = verify_good(v, 1);
    const vdiff *wl = verify_last_diff(v, 1);
    oc->exit_code = 0;
    if (wl && wl->verdict && !strcmp(wl->verdict, "not_comparable")) {
        const char *why = json_string_value(json_object_get(
            json_object_get(json_object_get(wl->doc, "result"), "workload"), "reason"));
        oc->verdict = "not_comparable";
        oc->diff = wl;
        sb_addf(&oc->reason, "not the same workload: %s; the speed was not judged",
                why ? why : "the workload fingerprints differ");
        oc->gate_failed = json_is_true(
            json_object_get(json_object_get(json_object_get(wl->doc, "result"), "gate"), "failed"));
        if (v->o->fail_on)
            oc->gate_failed = true;
    } else if (gb < 2 || gp < 2) {
        int s = gb < 2 ? 0 : 1, failed = 0;
        for (int i = 0; i < v->ncaps; i++)
            if (v->caps[i].side == s && !strcmp(v->caps[i].status, "failed"))
                failed++;
        oc->verdict = "inconclusive";
        sb_addf(&oc->reason,
                "too few good captures: the %s side has %d (at least 2 per side are needed to "
                "measure the capture-to-capture noise); %d of its capture attempts failed%s",
                verify_side_name[s], s ? gp : gb, failed,
                v->interrupted ? "; verify was interrupted" : "");
        oc->gate_failed = v->o->fail_on != NULL;
        if (failed && !v->interrupted)
            oc->exit_code = NSQ_EXIT_CAPTURE;
    } else {
        const vdiff *d = verify_last_diff(v, 2);
        oc->diff = d;
        if (!d || !d->verdict) {
            const char *msg = d && d->doc ? json_string_value(json_object_get(
                                                json_object_get(d->doc, "error"), "message"))
                                          : NULL;
            oc->verdict = "inconclusive";
            sb_addf(&oc->reason, "the diff of the captures failed: %s", msg ? msg : "no document");
            oc->gate_failed = v->o->fail_on != NULL;
            oc->exit_code = d && d->exit_code > 1 ? d->exit_code : NSQ_EXIT_INTERNAL;
        } else {
            const char *why =
                json_string_value(json_object_get(json_object_get(d->doc, "result"), "reason"));
            oc->verdict = d->verdict;
            sb_addf(&oc->reason, "%s over %d baseline and %d patch captures (%s): %s", d->verdict,
                    d->nbase, d->npatch, v->stop, why ? why : "");
            oc->gate_failed = json_is_true(json_object_get(
                json_object_get(json_object_get(d->doc, "result"), "gate"), "failed"));
        }
    }
    if (!oc->exit_code && oc->gate_failed)
        oc->exit_code = NSQ_EXIT_GATE;
}

static void write_cap(json *j, const vcap *c)
{
    json_obj_begin(j);
    json_kv_str(j, "side", verify_side_name[c->side]);
    if (c->attempt) {
        json_kv_int(j, "round", c->round);
        json_kv_int(j, "attempt", c->attempt);
    } else {
        json_kv_null(j, "round");
        json_kv_null(j, "attempt");
    }
    json_kv_str(j, "path", c->path);
    json_kv_str(j, "status", c->status);
    json_kv_str(j, "started_at", c->attempt ? c->started_at : NULL);
    json_kv_str(j, "ended_at", c->attempt ? c->ended_at : NULL);
    if (c->attempt)
        json_kv_int(j, "exit_code", c->exit_code);
    else
        json_kv_null(j, "exit_code");
    json_key(j, "error");
    if (c->err_code) {
        json_obj_begin(j);
        json_kv_str(j, "code", c->err_code);
        json_kv_str(j, "message", c->err_message);
        json_obj_end(j);
    } else {
        json_null_value(j);
    }
    kv_jansson(j, "document", c->doc);
    json_obj_end(j);
}

static void write_result(json *j, const verify_run *v, const outcome *oc)
{
    json_obj_begin(j);
    json_kv_str(j, "verdict", oc->verdict);
    json_kv_str(j, "reason", oc->reason.buf);
    json_key(j, "stopped");
    json_obj_begin(j);
    json_kv_str(j, "code", v->stop);
    json_kv_str(j, "reason", v->stop_why);
    json_obj_end(j);
    json_kv_int(j, "rounds", v->rounds);
    json_key(j, "good_captures");
    json_obj_begin(j);
    json_kv_int(j, "baseline", verify_good(v, 0));
    json_kv_int(j, "patch", verify_good(v, 1));
    json_obj_end(j);
    json_key(j, "commands");
    json_obj_begin(j);
    kv_argv(j, "baseline", v->cmd[0], v->ncmd[0]);
    kv_argv(j, "patch", v->cmd[1], v->ncmd[1]);
    json_obj_end(j);
    json_key(j, "gate");
    json_obj_begin(j);
    json_kv_str(j, "fail_on", v->o->fail_on);
    json_kv_bool(j, "failed", oc->gate_failed);
    json_obj_end(j);
    json_key(j, "order");
    json_arr_begin(j);
    for (int i = 0; i < v->ncaps; i++)
        if (v->caps[i].attempt)
            json_str(j, verify_side_name[v->caps[i].side]);
    json_arr_end(j);
    json_key(j, "captures");
    json_arr_begin(j);
    for (int i = 0; i < v->ncaps; i++)
        write_cap(j, &v->caps[i]);
    json_arr_end(j);
    json_key(j, "diffs");
    json_arr_begin(j);
    for (int i = 0; i < v->ndiffs; i++) {
        const vdiff *d = &v->diffs[i];
        json_obj_begin(j);
        if (d->round > 0)
            json_kv_int(j, "round", d->round);
        else
            json_kv_null(j, "round");
        json_kv_int(j, "baseline_captures", d->nbase);
        json_kv_int(j, "patch_captures", d->npatch);
        json_kv_str(j, "path", d->path);
        json_kv_int(j, "exit_code", d->exit_code);
        json_kv_str(j, "verdict", d->verdict);
        json_obj_end(j);
    }
    json_arr_end(j);
    kv_jansson(j, "diff", oc->diff ? oc->diff->doc : NULL);
    json_obj_end(j);
}

/* OUT/verify.json: the document as printed, written to a temporary name and
 * renamed. */
static void write_verify_json(nsq_ctx *ctx, const verify_run *v)
{
    json j = JSON_INIT;
    strbuf path = STRBUF_INIT, tmp = STRBUF_INIT;
    json_doc_head(&j, "nsysql/verify", 1, true);
    json_kv_raw(&j, "params", ctx->params.out.buf);
    json_key(&j, "warnings");
    json_arr_begin(&j);
    if (ctx->warnings.out.len)
        json_raw(&j, ctx->warnings.out.buf);
    json_arr_end(&j);
    json_kv_raw(&j, "result", ctx->result.out.buf);
    json_obj_end(&j);
    sb_addch(&j.out, '\n');
    sb_addf(&path, "%s/verify.json", v->out);
    sb_addf(&tmp, "%s/.verify.json.tmp", v->out);
    FILE *f = fopen(tmp.buf, "w");
    bool ok = false;
    if (f) {
        size_t n = fwrite(j.out.buf, 1, j.out.len, f);
        ok = fclose(f) == 0 && n == j.out.len && rename(tmp.buf, path.buf) == 0;
        if (!ok)
            unlink(tmp.buf);
    }
    if (!ok)
        nsq_warn(ctx, "verify_json_unwritable", "cannot write %s: %s", path.buf, strerror(errno));
    sb_release(&path);
    sb_release(&tmp);
    json_release(&j);
}

static void default_out_dir(char *buf, size_t n)
{
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(buf, n, "verify-%Y%m%d-%H%M%S", &tm);
}

static int cmd_verify(nsq_ctx *ctx, void *vopts)
{
    verify_opts *o = vopts;
    verify_run v;
    outcome oc = {NULL, STRBUF_INIT, NULL, false, 0};
    char dflt[64];
    int rc = -1;
    memset(&v, 0, sizeof v);
    v.o = o;
    v.dir[0] = o->baseline_dir;
    v.dir[1] = o->patch_dir;
    if (check_options(&v, o, &ctx->err) || split_commands(&v, ctx, &ctx->err))
        goto done;
    for (int s = 0; s < 2; s++)
        if (v.dir[s]) {
            if (verify_reuse_dir(&v, s, v.dir[s], &ctx->err))
                goto done;
            if (verify_good(&v, s) < 2) {
                nsq_error(&ctx->err, NSQ_EXIT_INPUT, "too_few_captures",
                          "--%s-dir '%s' holds %d usable capture%s; verify needs two per side",
                          verify_side_name[s], v.dir[s], verify_good(&v, s),
                          verify_good(&v, s) == 1 ? "" : "s");
                nsq_hint(&ctx->err,
                         "give a folder with %s-* capture folders (a verify --out-dir), "
                         "capture folders or .sqlite exports",
                         verify_side_name[s]);
                goto done;
            }
        }
    if (!o->out_dir) {
        default_out_dir(dflt, sizeof dflt);
        o->out_dir = dflt;
    }
    if (prepare_out_dir(&v, o->out_dir, &ctx->err))
        goto done;

    nsq_capture_signals_install();
    verify_run_rounds(&v);
    if (v.cmd[0] == NULL && v.cmd[1] == NULL) {
        if (verify_good(&v, 0) >= 1 && verify_good(&v, 1) >= 1)
            verify_run_diff(&v, 0);
    } else if (!strcmp(v.stop, "interrupted") || !strcmp(v.stop, "captures_failing")) {
        /* the verdict of what was done, when it suffices */
        int gb = verify_good(&v, 0), gp = verify_good(&v, 1);
        const vdiff *d = verify_last_diff(&v, 2);
        if (gb >= 2 && gp >= 2 && (!d || d->nbase != gb || d->npatch != gp))
            verify_run_diff(&v, v.rounds);
    }
    nsq_capture_signals_restore();

    for (int i = 0; i < v.ncaps; i++)
        if (v.caps[i].attempt && strcmp(v.caps[i].status, "ok"))
            nsq_warn(ctx, "capture_failed", "the %s capture of round %d (attempt %d) %s: %s (%s)",
                     verify_side_name[v.caps[i].side], v.caps[i].round, v.caps[i].attempt,
                     strcmp(v.caps[i].status, "interrupted") ? "failed" : "was interrupted",
                     v.caps[i].err_message, v.caps[i].err_code);
    if ((v.cmd[0] == NULL) != (v.cmd[1] == NULL))
        nsq_warn(ctx, "not_interleaved",
                 "the %s side was reused from '%s': its captures were not interleaved with the "
                 "other side's, so drift between then and now counts as a difference",
                 v.cmd[0] ? verify_side_name[1] : verify_side_name[0],
                 v.cmd[0] ? v.dir[1] : v.dir[0]);
    decide(&v, &oc);
    if (!strcmp(oc.verdict, "not_comparable"))
        fprintf(stderr, "nsysql verify: %s\n", oc.reason.buf);
    write_params(&ctx->params, &v);
    write_result(&ctx->result, &v, &oc);
    write_verify_json(ctx, &v);
    ctx->exit_code = oc.exit_code;
    rc = 0;
done:
    verify_run_release(&v);
    sb_release(&oc.reason);
    return rc;
}

const nsq_cmd cmd_verify_def = {
    "verify",
    cmd_verify,
    CMD_OWN_LIMITS | CMD_NO_CACHE,
    "nsysql/verify",
    1,
    "patch verification: capture baseline and patch interleaved and repeated, diff them with "
    "the capture as the unit of noise",
    "-- BASE_CMD [ARGS...] --patch -- PATCH_CMD [ARGS...]",
    verify_options,
    sizeof(verify_opts),
    verify_defaults,
};