/* nsysql export-trace: the export as a Chrome Trace Event Format timeline
 * (Perfetto UI, chrome://tracing). The work is in src/analysis/trace.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/cmd.h"
#include "nsysql/analysis/trace.h"
#include "nsysql/analysis/window.h"
#include "nsysql/util/outfile.h"

typedef struct et_opts {
    const char *out;
    const char *window;
    const char *device;
    const char *pid;
    const char *stream;
    int osrt;
    int64_t max_events;
} et_opts;

static const nsq_opt et_options[] = {
    OPT_REQUIRED("output", 'o', OPT_STR, et_opts, out, "FILE",
              "where the trace goes (required): a .json file, a .json.gz file (gzip), or - for "
              "stdout (then the trace is the only output)"),
    OPT_ENTRY("window", 0, OPT_STR, et_opts, window, "SPEC",
              "all (default), steady, START_NS:END_NS or nvtx:NAME[#K]: events overlapping it"),
    OPT_ENTRY("device", 0, OPT_STR, et_opts, device, "N", "only this GPU's ops (physical identity)"),
    OPT_ENTRY("pid", 0, OPT_STR, et_opts, pid, "N", "only this process"),
    OPT_ENTRY("stream", 0, OPT_STR, et_opts, stream, "N", "only this stream's GPU ops"),
    OPT_ENTRY("osrt", 0, OPT_BOOL, et_opts, osrt, NULL, "also OS runtime calls (OSRT_API)"),
    OPT_RANGE("max-events", 0, OPT_INT, et_opts, max_events, "N",
              "stop after N events (metadata apart), with a truncation marker in the trace and "
              "truncated: true here (default 0: no limit)", OPTF_MIN, 0, 0),
    OPT_TABLE_END,
};

static int cmd_export_trace(nsq_ctx *ctx, void *vopts)
{
    et_opts *o = vopts;
    if (!o->out) {
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, "missing_option_value",
                  "export-trace needs -o FILE (.json, .json.gz, or - for stdout)");
        nsq_hint(&ctx->err, "nsysql export-trace INPUT -o trace.json.gz");
        return -1;
    }
    {
        const char *in[] = {ctx->args[0], ctx->x ? ctx->x->sqlite_path : NULL};
        if (nsq_output_check(o->out, in, 2, &ctx->err))
            return -1;
        if (!strcmp(o->out, "-") && !nsq_stdout_open()) {
            nsq_error(&ctx->err, NSQ_EXIT_USAGE, "trace_unwritable", "cannot write the trace to stdout: %s",
                      strerror(EBADF));
            nsq_hint(&ctx->err, "stdout is closed: give -o FILE, or run with stdout open");
            return -1;
        }
    }
    if (o->max_events < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--max-events must not be negative");
    nsq_window w;
    nsq_filter f;
    memset(&w, 0, sizeof w);
    memset(&f, 0, sizeof f);
    if (nsq_filter_init(&f, o->device, o->pid, o->stream, NULL, NULL, &ctx->err))
        return -1;
    if (nsq_window_resolve(&w, ctx->x, o->window ? o->window : "all", &ctx->err)) {
        nsq_filter_release(&f);
        return -1;
    }
    nsq_trace_opts to = {o->out, &w, &f, o->osrt != 0, o->max_events};
    nsq_trace_result r;
    int rc = nsq_trace_write(ctx->x, &to, &r, &ctx->err);
    if (!rc) {
        if (!strcmp(o->out, "-")) {
            ctx->no_document = true; /* the trace was the output */
        } else {
            json *p = &ctx->params;
            json_obj_begin(p);
            json_key(p, "window");
            nsq_window_json(p, &w);
            json_key(p, "filters");
            nsq_filter_json(p, &f);
            json_kv_bool(p, "osrt", o->osrt != 0);
            json_kv_int(p, "max_events", o->max_events);
            json_obj_end(p);
            json *j = &ctx->result;
            json_obj_begin(j);
            json_kv_str(j, "file", o->out);
            json_kv_str(j, "format", r.compressed ? "chrome_trace_json_gzip" : "chrome_trace_json");
            json_kv_int(j, "bytes", r.bytes);
            json_kv_int(j, "file_bytes", r.file_bytes);
            json_kv_int(j, "gpus", r.gpus);
            json_kv_int(j, "streams", r.streams);
            json_key(j, "events");
            json_obj_begin(j);
            for (int k = 0; k < TR_KINDS; k++)
                json_kv_int(j, nsq_trace_kind_names[k], r.events[k]);
            json_kv_int(j, "total", r.total_events);
            json_obj_end(j);
            json_kv_bool(j, "truncated", r.truncated);
            json_kv_int(j, "unclosed_nvtx_ranges", r.unclosed_nvtx);
            json_kv_int(j, "bad_rows", r.bad_rows);
            json_obj_end(j);
            if (r.truncated)
                nsq_warn(ctx, "trace_truncated",
                         "the trace stops after %lld events (--max-events): later events are missing",
                         (long long)o->max_events);
            if (r.unclosed_nvtx)
                nsq_warn(ctx, "nvtx_unclosed",
                         "%lld NVTX ranges have no end (or end before start): they are not in the trace",
                         (long long)r.unclosed_nvtx);
            if (r.bad_rows)
                nsq_warn(ctx, "bad_rows", "%lld rows with a start or end that is not an integer inside +-2^62 (text, REAL, BLOB, NULL) or "
                         "an end before the start are not in the trace",
                         (long long)r.bad_rows);
        }
    }
    nsq_window_release(&w);
    nsq_filter_release(&f);
    return rc;
}

/* the output is a file: never answered from the cache */
const nsq_cmd cmd_export_trace_def = {
    "export-trace", cmd_export_trace, CMD_NEED_EXPORT | CMD_NO_CACHE, "nsysql/export-trace", 1,
    "the export as a Chrome/Perfetto trace (JSON or gzip): every process, thread, GPU and stream, "
    "flows from launches to GPU ops, GPU busy counters; written as it is read",
    "INPUT", et_options, sizeof(et_opts), NULL,
};
