/* nsysql capture: run a command under a profiler, flush, export SQLite at
 * once, and write the capture document to DIR/capture.json as well as stdout.
 * The work is in src/capture*.c; this file parses options and writes JSON. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nsysql/capture/capture.h"
#include "nsysql/cmd.h"
#include "nsysql/util/grow.h"

typedef struct capture_opts {
    const char *backend;
    int64_t duration_s;
    const char *out_dir;
    int64_t gpu_id;
    const char *trace;
    nsq_strlist extra_nsys;
} capture_opts;

static const nsq_opt capture_options[] = {
    OPT_ENTRY("backend", 0, OPT_STR, capture_opts, backend, "B",
              "auto (nsys when found in PATH or NSYS_PATH, else cupti), nsys or cupti"),
    OPT_ENTRY("duration-s", 0, OPT_INT, capture_opts, duration_s, "N",
              "expected run time; the target is stopped N+30 s after it starts (default 0: no "
              "limit; NSYSQL_CAPTURE_TIME_SCALE scales the fixed waits)"),
    OPT_ENTRY("out-dir", 'o', OPT_STR, capture_opts, out_dir, "DIR",
              "output directory (default ./capture-YYYYMMDD-HHMMSS)"),
    OPT_ENTRY("gpu-id", 0, OPT_INT, capture_opts, gpu_id, "N",
              "run on GPU N (sets CUDA_VISIBLE_DEVICES)"),
    OPT_ENTRY("trace", 't', OPT_STR, capture_opts, trace, "LIST",
              "what to trace (nsys -t), default cuda,nvtx,osrt"),
    OPT_ENTRY("extra-nsys", 0, OPT_LIST, capture_opts, extra_nsys, "\"ARGS\"",
              "more nsys profile options, split like a shell would"),
    OPT_TABLE_END,
};

static void capture_defaults(void *p)
{
    capture_opts *o = p;
    o->backend = "auto";
    o->gpu_id = INT64_MIN; /* not given */
}

static void kv_str_or_null(json *j, const char *k, const char *v)
{
    if (v)
        json_kv_str(j, k, v);
    else
        json_kv_null(j, k);
}

static void kv_size(json *j, const char *k, int64_t v)
{
    if (v >= 0)
        json_kv_int(j, k, v);
    else
        json_kv_null(j, k);
}

static void write_params(json *j, const capture_opts *o, char **extra, int nextra, nsq_ctx *ctx,
                         const char *out_dir)
{
    json_obj_begin(j);
    json_kv_str(j, "backend", o->backend);
    if (o->duration_s > 0)
        json_kv_int(j, "duration_s", o->duration_s);
    else
        json_kv_null(j, "duration_s");
    json_kv_str(j, "out_dir", out_dir);
    if (o->gpu_id >= 0)
        json_kv_int(j, "gpu_id", o->gpu_id);
    else
        json_kv_null(j, "gpu_id");
    json_kv_str(j, "trace", o->trace);
    json_key(j, "extra_nsys");
    json_arr_begin(j);
    for (int i = 0; i < nextra; i++)
        json_str(j, extra[i]);
    json_arr_end(j);
    json_key(j, "command");
    json_arr_begin(j);
    for (int i = 0; i < ctx->nargs; i++)
        json_str(j, ctx->args[i]);
    json_arr_end(j);
    json_kv_double(j, "time_scale", nsq_capture_time_scale());
    json_obj_end(j);
}

/* The capture document's own fields (the envelope's `result`). */
static void write_result(json *j, const nsq_capture_res *r, int64_t gpu_id)
{
    json_obj_begin(j);
    kv_str_or_null(j, "captured_at", r->captured_at[0] ? r->captured_at : NULL);
    kv_str_or_null(j, "backend", r->backend);
    json_key(j, "profiler");
    json_obj_begin(j);
    kv_str_or_null(j, "binary", r->profiler_binary);
    kv_str_or_null(j, "version", r->profiler_version);
    json_key(j, "command");
    json_arr_begin(j);
    for (int i = 0; i < r->nprofiler_argv; i++)
        json_str(j, r->profiler_argv[i]);
    json_arr_end(j);
    json_obj_end(j);
    if (gpu_id >= 0)
        json_kv_int(j, "gpu_id", gpu_id);
    else
        json_kv_null(j, "gpu_id");
    kv_str_or_null(j, "target_cmd", r->target_cmd);
    if (r->have_exit_code)
        json_kv_int(j, "target_exit_code", r->target_exit_code);
    else
        json_kv_null(j, "target_exit_code");
    if (r->have_exit_code && r->target_signal)
        json_kv_int(j, "target_signal", r->target_signal);
    else
        json_kv_null(j, "target_signal");
    if (r->have_duration)
        json_kv_double(j, "target_duration_s", r->target_duration_s);
    else
        json_kv_null(j, "target_duration_s");
    kv_str_or_null(j, "stop_reason", r->stop_reason);
    json_kv_int(j, "processes", r->nprocesses);
    json_key(j, "files");
    json_obj_begin(j);
    kv_str_or_null(j, "dir", r->out_dir);
    kv_str_or_null(j, "report", r->report_size >= 0 ? r->report : NULL);
    kv_size(j, "report_size_bytes", r->report_size);
    kv_str_or_null(j, "sqlite", r->sqlite_size >= 0 ? r->sqlite : NULL);
    kv_size(j, "sqlite_size_bytes", r->sqlite_size);
    kv_str_or_null(j, "profiler_stdout", r->stdout_log);
    kv_str_or_null(j, "profiler_stderr", r->stderr_log);
    json_obj_end(j);
    json_obj_end(j);
}

/* DIR/capture.json: the document printed on stdout, or on failure the same
 * envelope with ok:false, the error and the profiler's stderr tail. Written
 * to a temporary name and renamed. Returns 0 or -1 (errno). */
static int write_capture_json(const nsq_capture_res *r, const char *params, const nsq_ctx *ctx,
                              const nsq_err *e, int64_t gpu_id)
{
    json j = JSON_INIT;
    strbuf path = STRBUF_INIT, tmp = STRBUF_INIT;
    int rc = -1;
    json_doc_head(&j, "nsysql/capture", 1, e == NULL);
    json_kv_raw(&j, "params", params);
    json_key(&j, "warnings");
    json_arr_begin(&j);
    if (ctx->warnings.out.len)
        json_raw(&j, ctx->warnings.out.buf);
    json_arr_end(&j);
    if (e) {
        json_key(&j, "error");
        json_obj_begin(&j);
        json_kv_str(&j, "code", e->code);
        json_kv_str(&j, "message", e->message);
        if (e->hint[0])
            json_kv_str(&j, "hint", e->hint);
        json_kv_int(&j, "exit_code", e->exit_code);
        json_obj_end(&j);
        json_key(&j, "profiler_stderr_tail");
        json_strn(&j, r->stderr_tail.buf ? r->stderr_tail.buf : "", r->stderr_tail.len);
    }
    json_key(&j, "result");
    write_result(&j, r, gpu_id);
    json_obj_end(&j);
    sb_addch(&j.out, '\n');

    sb_addf(&path, "%s/capture.json", r->out_dir);
    sb_addf(&tmp, "%s/.capture.json.tmp", r->out_dir);
    FILE *f = fopen(tmp.buf, "w");
    if (f) {
        size_t n = fwrite(j.out.buf, 1, j.out.len, f);
        if (fclose(f) == 0 && n == j.out.len && rename(tmp.buf, path.buf) == 0)
            rc = 0;
        else
            unlink(tmp.buf);
    }
    sb_release(&path);
    sb_release(&tmp);
    json_release(&j);
    return rc;
}

static void default_out_dir(char *buf, size_t n)
{
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(buf, n, "capture-%Y%m%d-%H%M%S", &tm);
}

static int cmd_capture(nsq_ctx *ctx, void *vopts)
{
    capture_opts *o = vopts;
    nsq_capture_req req;
    nsq_capture_res res;
    char **extra = NULL, dflt_dir[64];
    int nextra = 0, capextra = 0, rc = -1;
    nsq_capture_res_init(&res);
    memset(&req, 0, sizeof req);

    for (int i = 0; i < o->extra_nsys.n; i++) {
        char **w = NULL;
        int nw = 0;
        if (nsq_shell_split(o->extra_nsys.v[i], &w, &nw, &ctx->err))
            goto done;
        NSQ_GROW(extra, nextra + nw + 1, capextra);
        for (int k = 0; k < nw; k++)
            extra[nextra++] = w[k];
        free(w);
    }
    if (o->gpu_id == INT64_MIN) {
        o->gpu_id = -1;
    } else if (o->gpu_id < 0) {
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--gpu-id must be >= 0");
        goto done;
    }
    if (o->duration_s < 0) {
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--duration-s must be >= 0");
        goto done;
    }
    req.trace_given = o->trace != NULL;
    if (!o->trace)
        o->trace = "cuda,nvtx,osrt";
    if (!o->trace[0] ||
        strspn(o->trace, "abcdefghijklmnopqrstuvwxyz0123456789,-_") != strlen(o->trace)) {
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                  "--trace takes a comma-separated list such as cuda,nvtx,osrt, not '%s'",
                  o->trace);
        goto done;
    }
    if (!o->out_dir) {
        default_out_dir(dflt_dir, sizeof dflt_dir);
        o->out_dir = dflt_dir;
    }
    req.backend = o->backend;
    req.duration_s = o->duration_s;
    req.out_dir = o->out_dir;
    req.gpu_id = o->gpu_id;
    req.trace = o->trace;
    req.extra_nsys = extra;
    req.nextra_nsys = nextra;
    req.argv = ctx->args;
    req.argc = ctx->nargs;

    write_params(&ctx->params, o, extra, nextra, ctx, o->out_dir);
    int crc = nsq_capture_run(&req, &res, &ctx->err);
    for (int i = 0; i < res.nw; i++)
        nsq_warn(ctx, res.w[i].code, "%s", res.w[i].message);
    if (res.out_dir) {
        if (write_capture_json(&res, ctx->params.out.buf, ctx, crc ? &ctx->err : NULL, o->gpu_id)) {
            if (!crc)
                nsq_warn(ctx, "capture_json_unwritable", "cannot write %s/capture.json: %s",
                         res.out_dir, strerror(errno));
        } else if (crc) {
            strbuf hint = STRBUF_INIT;
            sb_addf(&hint, "details in %s/capture.json%s%s", res.out_dir,
                    ctx->err.hint[0] ? "; " : "", ctx->err.hint);
            nsq_hint(&ctx->err, "%.*s", (int)sizeof ctx->err.hint - 1, hint.buf);
            sb_release(&hint);
        }
    }
    if (crc) {
        /* the error document carries what a caller needs to diagnose it */
        json *d = &ctx->details;
        json_obj_begin(d);
        json_kv_str(d, "backend", res.backend);
        if (res.out_dir) {
            strbuf cj = STRBUF_INIT;
            sb_addf(&cj, "%s/capture.json", res.out_dir);
            json_kv_str(d, "capture_json", cj.buf);
            sb_release(&cj);
        }
        json_kv_str(d, "report", res.report);
        json_kv_str(d, "sqlite", res.sqlite);
        json_key(d, "profiler_stderr_tail");
        json_strn(d, res.stderr_tail.buf ? res.stderr_tail.buf : "", res.stderr_tail.len);
        json_obj_end(d);
        goto done;
    }
    write_result(&ctx->result, &res, o->gpu_id);
    rc = 0;
done:
    nsq_strv_free(extra, nextra);
    nsq_capture_res_release(&res);
    return rc;
}

const nsq_cmd cmd_capture_def = {
    "capture",
    cmd_capture,
    CMD_OWN_LIMITS | CMD_NO_CACHE,
    "nsysql/capture",
    1,
    "run a command under a profiler (nsys or the CUPTI backend), flush, export SQLite at once",
    "-- COMMAND [ARGS...]",
    capture_options,
    sizeof(capture_opts),
    capture_defaults,
};
