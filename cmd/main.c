/* nsysql: command table and dispatch. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "nsysql/util/cache.h"
#include "nsysql/cmd.h"
#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/util/outfile.h"
#include "nsysql/util/limits.h"
#include "nsysql/analysis/multi.h"
#include "nsysql/util/progress.h"
#include "nsysql/export/query.h"
#include "summary.h"

const nsq_cmd *const nsq_commands[] = {
    &cmd_capture_def,
    &cmd_info_def,
    &cmd_timeline_sql_def,
    &cmd_top_kernels_def,
    &cmd_memcpy_def,
    &cmd_api_def,
    &cmd_osrt_def,
    &cmd_idle_gaps_def,
    &cmd_steady_state_def,
    &cmd_nvtx_def,
    &cmd_diff_def,
    &cmd_verify_def,
    &cmd_stats_def,
    &cmd_report_def,
    &cmd_gpu_util_def,
    &cmd_memory_def,
    &cmd_gpu_metrics_def,
    &cmd_advise_def,
    &cmd_ranks_def,
    &cmd_export_trace_def,
    &cmd_skill_def,
    &cmd_mcp_def,
    &cmd_merge_def,
};
const int nsq_ncommands = (int)(sizeof nsq_commands / sizeof nsq_commands[0]);

/* Options every command accepts; handled here, before the command's own. */
typedef struct common_opts {
    int help;
    int pretty;
    int no_cache;
    const char *format;
    const char *timeout_ms, *max_memory_mb; /* NULL = not given */
    int partial;                            /* CMD_MULTI: --partial */
    const char *jobs;                       /* CMD_MULTI: -j N (NULL = the CPUs) */
    int quiet;                              /* no progress on stderr */
} common_opts;

const nsq_opt nsq_common_options[] = {
    OPT_ENTRY("help", 'h', OPT_BOOL, common_opts, help, NULL, "show this help"),
    OPT_ENTRY("pretty", 0, OPT_BOOL, common_opts, pretty, NULL, "indent the JSON output"),
    OPT_ENTRY("format", 0, OPT_STR, common_opts, format, "FMT",
              "output format: json (default), or table|md|csv where the command supports it"),
    OPT_ENTRY("quiet", 'q', OPT_BOOL, common_opts, quiet, NULL,
              "no progress line on stderr (shown only when stderr is a terminal and the work takes "
              "over a second)"),
    OPT_TABLE_END,
};

const nsq_opt nsq_cache_options[] = {
    OPT_ENTRY("no-cache", 0, OPT_BOOL, common_opts, no_cache, NULL,
              "compute the answer even if an earlier call on the same unchanged inputs stored it"),
    OPT_TABLE_END,
};

/* --no-cache of the commands that read exports but are never cached: taken,
 * so that a script can pass it to every reading command. */
const nsq_opt nsq_cache_noop_options[] = {
    OPT_ENTRY("no-cache", 0, OPT_BOOL, common_opts, no_cache, NULL,
              "accepted and changes nothing: this command's answers are never cached"),
    OPT_TABLE_END,
};

/* Options of the commands that take several exports (CMD_MULTI, multi.h). */
const nsq_opt nsq_multi_options[] = {
    OPT_ENTRY("jobs", 'j', OPT_STR, common_opts, jobs, "N",
              "with several inputs (paths, or a directory of .sqlite exports): analyse N at once, "
              "each in its own worker (default: the number of CPUs); prints nsysql/merge"),
    OPT_ENTRY("partial", 0, OPT_BOOL, common_opts, partial, NULL,
              "print a partial document (nsysql/partial) for nsysql merge PART..."),
    OPT_TABLE_END,
};

/* The limits every command but capture accepts (capture is bounded by its
 * own --duration-s). */
const nsq_opt nsq_limit_options[] = {
    OPT_ENTRY("timeout-ms", 0, OPT_STR, common_opts, timeout_ms, "N",
              "stop with query_timeout (exit 4) after N ms (0 = no limit; default: none, "
              "60000 for timeline-sql)"),
    OPT_ENTRY("max-memory-mb", 0, OPT_STR, common_opts, max_memory_mb, "N",
              "stop with memory_limit (exit 4) rather than use more than N MiB "
              "(0 = no ceiling; default: 3/4 of physical memory)"),
    OPT_TABLE_END,
};

void nsq_warn(nsq_ctx *ctx, const char *code, const char *fmt, ...)
{
    strbuf msg = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    sb_vaddf(&msg, fmt, ap);
    va_end(ap);
    json_obj_begin(&ctx->warnings);
    json_kv_str(&ctx->warnings, "code", code);
    json_kv_str(&ctx->warnings, "message", msg.buf);
    json_obj_end(&ctx->warnings);
    ctx->nwarnings++;
    sb_release(&msg);
}

void nsq_warn_text(nsq_ctx *ctx, const char *code, const char *fmt, ...)
{
    strbuf msg = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    sb_vaddf(&msg, fmt, ap);
    va_end(ap);
    nsq_warn(ctx, code, "%s", msg.buf);
    if (!strcmp(ctx->format, "csv"))
        fprintf(stderr, "nsysql %s: warning (%s): %s\n", ctx->cmd->name, code, msg.buf);
    else if (strcmp(ctx->format, "json"))
        sb_addf(&ctx->text, "warning (%s): %s\n", code, msg.buf);
    sb_release(&msg);
}

void nsq_use_query(nsq_ctx *ctx, const char *id, int version)
{
    const nsq_query *q = nsq_registry_find(id, version);
    if (q) {
        ctx->query_id = q->id;
        ctx->query_version = q->version;
        ctx->query_sha256 = q->sha256;
    }
}

static const nsq_cmd *find_cmd(const char *name)
{
    for (int i = 0; i < nsq_ncommands; i++)
        if (strcmp(nsq_commands[i]->name, name) == 0)
            return nsq_commands[i];
    return NULL;
}

static void print_help(FILE *f, const nsq_cmd *c)
{
    strbuf sb = STRBUF_INIT;
    sb_addf(&sb, "usage: nsysql %s [options] %s\n\n%s\n\nOptions:\n", c->name,
            c->usage ? c->usage : "", c->summary);
    nsq_opts_help(&sb, c->opts);
    nsq_opts_help(&sb, nsq_common_options);
    if (c->flags & CMD_MULTI)
        nsq_opts_help(&sb, nsq_multi_options);
    if (!(c->flags & CMD_OWN_LIMITS))
        nsq_opts_help(&sb, nsq_limit_options);
    if (!(c->flags & CMD_NO_CACHE))
        nsq_opts_help(&sb, nsq_cache_options);
    else if (!(c->flags & CMD_OWN_LIMITS))
        nsq_opts_help(&sb, nsq_cache_noop_options);
    sb_addf(&sb, "\nOutput: one JSON document (schema %s, version %d).\n", c->schema,
            c->schema_version);
    if (c->flags & CMD_MULTI)
        sb_addstr(&sb, "Several inputs: one JSON document (schema nsysql/merge, version 1).\n");
    sb_addstr(&sb, "Exit codes: 0 ok, 1 gate failed, 2 usage, 3 input not usable (several inputs:\n"
                   "some could not be analysed, the document says which), 4 query error,\n"
                   "5 capture failed, 70 internal error.\n");
    fputs(sb.buf, f);
    sb_release(&sb);
}

static void print_usage(FILE *f)
{
    fputs("usage: nsysql <command> [options] [args]\n"
          "       nsysql --version | --list-cmds | help <command>\n\nCommands:\n",
          f);
    for (int i = 0; i < nsq_ncommands; i++)
        fprintf(f, "  %-14s %s\n", nsq_commands[i]->name, nsq_commands[i]->summary);
}

/* Renders a finished document, re-indented when asked, with a newline. */
static void render_doc(strbuf *out, json *j, int pretty)
{
    if (pretty)
        json_pretty(out, j->out.buf);
    else
        sb_addstr(out, j->out.buf);
    sb_addch(out, '\n');
}

/* Prints the error document (stdout) and the message (stderr). */
static int emit_error(const char *command, const nsq_err *e, const char *details, int pretty)
{
    strbuf d = STRBUF_INIT;
    nsq_render_error(&d, command, e, details, pretty);
    if (nsq_limits_claim_output()) {
        fwrite(d.buf, 1, d.len, stdout);
        fflush(stdout);
        fprintf(stderr, "nsysql %s: error: %s\n", command, e->message);
        if (e->hint[0])
            fprintf(stderr, "hint: %s\n", e->hint);
    }
    sb_release(&d);
    return e->exit_code ? e->exit_code : NSQ_EXIT_INTERNAL;
}

static void emit_envelope(nsq_ctx *ctx, int pretty, strbuf *out)
{
    json j = JSON_INIT;
    json_doc_head(&j, ctx->cmd->schema, ctx->cmd->schema_version, true);
    char *summary = nsq_summary_json(ctx->cmd->name, ctx->result.out.len ? ctx->result.out.buf : "{}",
                                     ctx->params.out.len ? ctx->params.out.buf : NULL);
    if (summary)
        json_kv_raw(&j, "summary", summary);
    free(summary);
    if (ctx->x) {
        json_key(&j, "input");
        json_obj_begin(&j);
        json_kv_str(&j, "path", ctx->x->path);
        json_kv_str(&j, "nsys_version", ctx->x->probe.product_version);
        json_kv_str(&j, "export_schema", ctx->x->probe.schema_version);
        json_obj_end(&j);
    }
    if (ctx->query_id) {
        json_key(&j, "query");
        json_obj_begin(&j);
        json_kv_str(&j, "id", ctx->query_id);
        if (ctx->query_version)
            json_kv_int(&j, "version", ctx->query_version);
        else
            json_kv_null(&j, "version");
        json_kv_str(&j, "sha256", ctx->query_sha256);
        json_obj_end(&j);
    }
    json_kv_raw(&j, "params", ctx->params.out.len ? ctx->params.out.buf : "{}");
    json_key(&j, "warnings");
    json_arr_begin(&j);
    if (ctx->warnings.out.len)
        json_raw(&j, ctx->warnings.out.buf);
    json_arr_end(&j);
    json_kv_raw(&j, "result", ctx->result.out.len ? ctx->result.out.buf : "{}");
    json_obj_end(&j);
    render_doc(out, &j, pretty);
    json_release(&j);
}

/* A limit option's value: a whole number >= 0. */
static int limit_value(const char *opt, const char *s, int64_t *out, nsq_err *err)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < 0)
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value", "%s needs a whole number >= 0, not '%s'",
                         opt, s);
    *out = v;
    return 0;
}

/* A CMD_MULTI command over several exports (multi.h): every input in its
 * own worker, `co->jobs` at a time, then the merge prints nsysql/merge.
 * Returns 1 when it ran (*rc set), 0 when there is a single input (the
 * caller goes on as usual), -1 with ctx->err. */
static int run_multi(const nsq_cmd *c, int argc, char **argv, nsq_ctx *ctx, const common_opts *co,
                     int *rc)
{
    char **inputs = NULL, **pass = NULL;
    int ninputs = 0, multi = 0, npass = 0, ret = -1;
    int64_t jobs = 0;
    strbuf *texts = NULL, out = STRBUF_INIT;
    if (ctx->nargs < 1)
        return 0;
    if (co->jobs && (limit_value("-j", co->jobs, &jobs, &ctx->err) || jobs > 4096)) {
        if (jobs > 4096)
            nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "-j is at most 4096");
        return -1;
    }
    if (nsq_multi_inputs(&inputs, &ninputs, &multi, ctx->args, ctx->nargs, &ctx->err))
        return -1;
    if (!multi) {
        nsq_multi_inputs_free(inputs, ninputs);
        return 0;
    }
    if (strcmp(ctx->format, "json")) {
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_format",
                  "several inputs print one JSON document (nsysql/merge); --format is for one");
        goto done;
    }
    if (jobs == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        jobs = n > 0 ? n : 1;
    }
    /* what every worker gets: the command line without inputs, -j and --pretty */
    pass = xcalloc((size_t)argc + 1, sizeof *pass);
    for (int i = 0; i < argc; i++) {
        bool is_input = !strcmp(argv[i], "--");
        for (int k = 0; k < ctx->nargs && !is_input; k++)
            is_input = argv[i] == ctx->args[k];
        if (is_input || !strcmp(argv[i], "--pretty"))
            continue;
        if ((!strcmp(argv[i], "-j") || !strcmp(argv[i], "--jobs")) && i + 1 < argc) {
            i++;
            continue;
        }
        if (!strncmp(argv[i], "--jobs=", 7) || (!strncmp(argv[i], "-j", 2) && argv[i][2] != '-'))
            continue;
        pass[npass++] = argv[i];
    }
    nsq_limits_stop(); /* the limits hold per input, in each worker */
    texts = xcalloc((size_t)ninputs, sizeof *texts);
    for (int i = 0; i < ninputs; i++)
        texts[i] = (strbuf)STRBUF_INIT;
    setenv("NSYSQL_PROGRESS", "0", 1); /* one terminal, several workers: no progress lines */
    if (nsq_multi_spawn(texts, inputs, ninputs, c->name, pass, npass, (int)jobs, &ctx->err) ||
        nsq_merge_partials(&out, rc, texts, (const char *const *)inputs, ninputs, co->pretty,
                           &ctx->err))
        goto done;
    if (nsq_limits_claim_output()) {
        fwrite(out.buf, 1, out.len, stdout);
        if (fflush(stdout) != 0 || ferror(stdout))
            *rc = NSQ_EXIT_INTERNAL;
    }
    ret = 1;
done:
    for (int i = 0; texts && i < ninputs; i++)
        sb_release(&texts[i]);
    free(texts);
    free(pass);
    sb_release(&out);
    nsq_multi_inputs_free(inputs, ninputs);
    return ret;
}

/* Splits argv into common options and the rest, then into the command's. */
static int run_cmd(const nsq_cmd *c, int argc, char **argv)
{
    nsq_ctx ctx;
    common_opts co = {0, 0, 0, NULL, NULL, NULL, 0, NULL, 0};
    nsq_cache *cache = NULL;
    strbuf out = STRBUF_INIT;
    void *opts = xcalloc(1, c->opts_size ? c->opts_size : 1);
    char **rest = xcalloc((size_t)argc + 1, sizeof(char *));
    int nrest = 0, rc = 0;
    memset(&ctx, 0, sizeof ctx);
    ctx.cmd = c;
    ctx.params = (json)JSON_INIT;
    ctx.result = (json)JSON_INIT;
    ctx.warnings = (json)JSON_INIT;
    ctx.details = (json)JSON_INIT;
    ctx.state = (json)JSON_INIT;
    /* the warnings writer holds the bodies of array elements */
    ctx.warnings.depth = 1;
    ctx.warnings.kind[0] = '[';

    /* pull out the common options (they may appear anywhere before "--") */
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            for (; i < argc; i++)
                rest[nrest++] = argv[i];
            break;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            co.help = 1;
        else if (!strcmp(a, "--pretty"))
            co.pretty = 1;
        else if (!strcmp(a, "--quiet") || !strcmp(a, "-q"))
            co.quiet = 1;
        else if ((c->flags & CMD_MULTI) && !strcmp(a, "--partial"))
            co.partial = 1;
        else if ((c->flags & CMD_MULTI) && (!strcmp(a, "-j") || !strcmp(a, "--jobs")) && i + 1 < argc)
            co.jobs = argv[++i];
        else if ((c->flags & CMD_MULTI) && !strncmp(a, "--jobs=", 7))
            co.jobs = a + 7;
        else if ((c->flags & CMD_MULTI) && !strncmp(a, "-j", 2) && a[2])
            co.jobs = a + 2;
        else if (!strcmp(a, "--no-cache") &&
                 (!(c->flags & CMD_NO_CACHE) || !(c->flags & CMD_OWN_LIMITS)))
            co.no_cache = 1;
        else if (!strcmp(a, "--format") && i + 1 < argc)
            co.format = argv[++i];
        else if (!strncmp(a, "--format=", 9))
            co.format = a + 9;
        else if (!(c->flags & CMD_OWN_LIMITS) && !strcmp(a, "--timeout-ms") && i + 1 < argc)
            co.timeout_ms = argv[++i];
        else if (!(c->flags & CMD_OWN_LIMITS) && !strncmp(a, "--timeout-ms=", 13))
            co.timeout_ms = a + 13;
        else if (!(c->flags & CMD_OWN_LIMITS) && !strcmp(a, "--max-memory-mb") && i + 1 < argc)
            co.max_memory_mb = argv[++i];
        else if (!(c->flags & CMD_OWN_LIMITS) && !strncmp(a, "--max-memory-mb=", 16))
            co.max_memory_mb = a + 16;
        else
            rest[nrest++] = argv[i];
    }
    nsq_progress_quiet(co.quiet);
    if (co.help) {
        print_help(stdout, c);
        goto done;
    }
    if (!(c->flags & CMD_OWN_LIMITS)) {
        int64_t t = c->flags & CMD_TIMEOUT_60S ? 60000 : 0, m = nsq_limits_default_memory_mb();
        if ((co.timeout_ms && limit_value("--timeout-ms", co.timeout_ms, &t, &ctx.err)) ||
            (co.max_memory_mb && limit_value("--max-memory-mb", co.max_memory_mb, &m, &ctx.err)))
            goto fail;
        ctx.timeout_ms = t;
        ctx.max_memory_mb = m;
        nsq_limits_start(c->name, t, m, co.pretty);
    }
    if (c->defaults)
        c->defaults(opts);
    if (nsq_opts_parse(c->opts, opts, nrest, rest, &ctx.args, &ctx.nargs, &ctx.err))
        goto fail;
    ctx.format = co.format ? co.format : "json";
    if (strcmp(ctx.format, "json") &&
        (!(c->flags & CMD_FORMATS) ||
         (strcmp(ctx.format, "table") && strcmp(ctx.format, "md") && strcmp(ctx.format, "csv")))) {
        nsq_error(&ctx.err, NSQ_EXIT_USAGE, "bad_format",
                  "--format %s is not supported by '%s'", ctx.format, c->name);
        goto fail;
    }
    /* several exports: one worker each, then the merge (multi.h) */
    if ((c->flags & CMD_MULTI) && !co.partial) {
        int m = run_multi(c, argc, argv, &ctx, &co, &rc);
        if (m < 0)
            goto fail;
        if (m > 0)
            goto done;
    }
    ctx.partial = co.partial != 0;
    ctx.pretty = co.pretty;
    /* a repeat call on unchanged inputs: the stored answer (cache.h) */
    if (!(c->flags & CMD_NO_CACHE) && !co.no_cache && !co.partial && !getenv("NSYSQL_DEBUG_STALL_MS")) {
        char *hit = NULL;
        size_t hit_len;
        int hit_rc;
        cache = nsq_cache_begin(c->name, argc, argv, nsq_export_cache_input, &ctx.err);
        if (ctx.err.exit_code)
            goto fail; /* what the call would say before reading (input_in_use) */
        if (nsq_cache_lookup(cache, &hit, &hit_len, &hit_rc) && !strcmp(ctx.format, "json") &&
            !nsq_json_parses(hit, hit_len)) {
            nsq_cache_drop(cache, "the answer is not JSON");
            free(hit);
            hit = NULL;
        } else if (hit) {
            if (nsq_limits_claim_output())
                fwrite(hit, 1, hit_len, stdout);
            free(hit);
            rc = hit_rc;
            if (fflush(stdout) != 0 || ferror(stdout)) {
                fprintf(stderr, "nsysql %s: error: cannot write output: %s\n", c->name,
                        strerror(errno));
                rc = NSQ_EXIT_INTERNAL;
            }
            goto done;
        }
    }
    if ((c->flags & CMD_NEED_EXPORT) && !(ctx.nargs == 0 && (c->flags & CMD_LIST_NO_EXPORT))) {
        if (ctx.nargs < 1) {
            nsq_error(&ctx.err, NSQ_EXIT_USAGE, "missing_input", "'%s' needs an INPUT export",
                      c->name);
            nsq_hint(&ctx.err, "usage: nsysql %s [options] %s", c->name, c->usage);
            goto fail;
        }
        if (ctx.nargs > 1) {
            nsq_error(&ctx.err, NSQ_EXIT_USAGE, "extra_argument", "unexpected argument '%s'",
                      ctx.args[1]);
            goto fail;
        }
        if (nsq_export_open(&ctx.x, ctx.args[0], &ctx.err))
            goto fail;
        if (ctx.x->probe.schema_newer)
            nsq_warn(&ctx, "export_schema_newer",
                     "export schema %s is newer than any this nsysql knows (2.x, 3.x): tables or "
                     "columns may have moved; check surprising results against the raw tables",
                     ctx.x->probe.schema_version);
    }
    /* test hook: a worker that crashes on one input (multi.h) */
    const char *crash = getenv("NSYSQL_DEBUG_CRASH_ON");
    if (ctx.partial && crash && *crash && strstr(ctx.args[0], crash))
        abort();
    /* test hook: a computation that never looks at the deadline */
    const char *stall = getenv("NSYSQL_DEBUG_STALL_MS");
    if (stall && atoll(stall) > 0 && !(c->flags & CMD_OWN_LIMITS)) {
        struct timespec ts = {atoll(stall) / 1000, atoll(stall) % 1000 * 1000000};
        while (nanosleep(&ts, &ts) && errno == EINTR)
            ;
    }
    if (c->fn(&ctx, opts))
        goto fail;
    if (nsq_missing_name_ids() && !ctx.no_document)
        nsq_warn(&ctx, "name_ids_missing",
                 "%lld kernel name ids are not in StringIds: each is shown as \"[name id N not in "
                 "StringIds]\", kept apart by its id",
                 (long long)nsq_missing_name_ids());
    if (nsq_saturations() && !ctx.no_document)
        nsq_warn(&ctx, "time_overflow",
                 "a sum of times passed 2^63 ns and is shown clipped at the 64-bit limit (%lld sums): "
                 "the export holds times no capture records",
                 (long long)nsq_saturations());
    /* the file changed under us: the answer could mix two versions */
    if (nsq_export_changed(ctx.x, &ctx.err))
        goto fail;
    if (nsq_limits_expired()) {
        /* finished past the deadline: a part may have been cut short */
        nsq_error(&ctx.err, NSQ_EXIT_QUERY, "query_timeout", "time limit of %lld ms reached",
                  (long long)ctx.timeout_ms);
        nsq_hint(&ctx.err, "raise it with --timeout-ms N (0 = no limit)");
        goto fail;
    }
    if (ctx.no_document) {
        rc = ctx.exit_code;
        goto done;
    }
    if (!nsq_limits_claim_output())
        goto done;
    if (ctx.partial) {
        strbuf doc = STRBUF_INIT;
        emit_envelope(&ctx, 0, &doc);
        nsq_partial_wrap(&out, c->name, ctx.args[0], ctx.exit_code, doc.buf, doc.len,
                         ctx.state.out.len ? ctx.state.out.buf : "{}");
        sb_release(&doc);
    } else if (ctx.text.len)
        sb_add(&out, ctx.text.buf, ctx.text.len);
    else
        emit_envelope(&ctx, co.pretty, &out);
    fwrite(out.buf, 1, out.len, stdout);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "nsysql %s: error: cannot write output: %s\n", c->name, strerror(errno));
        rc = NSQ_EXIT_INTERNAL;
        goto done;
    }
    rc = ctx.exit_code;
    nsq_cache_store(cache, out.buf, out.len, rc);
    goto done;
fail:
    if (ctx.partial && ctx.nargs >= 1) {
        /* the failure is this input's document; the merge reports it */
        strbuf doc = STRBUF_INIT;
        nsq_render_error(&doc, c->name, &ctx.err, ctx.details.out.len ? ctx.details.out.buf : NULL, 0);
        rc = ctx.err.exit_code ? ctx.err.exit_code : NSQ_EXIT_INTERNAL;
        nsq_partial_wrap(&out, c->name, ctx.args[0], rc, doc.buf, doc.len, NULL);
        if (nsq_limits_claim_output()) {
            fwrite(out.buf, 1, out.len, stdout);
            fflush(stdout);
            fprintf(stderr, "nsysql %s: input '%s': error: %s\n", c->name, ctx.args[0], ctx.err.message);
        }
        sb_release(&doc);
        goto done;
    }
    rc = emit_error(c->name, &ctx.err, ctx.details.out.len ? ctx.details.out.buf : NULL, co.pretty);
done:
    nsq_export_close(ctx.x);
    nsq_limits_stop();
    nsq_cache_end(cache);
    sb_release(&out);
    json_release(&ctx.params);
    json_release(&ctx.result);
    json_release(&ctx.warnings);
    json_release(&ctx.details);
    json_release(&ctx.state);
    sb_release(&ctx.text);
    /* option lists are the only heap members of option structs */
    for (const nsq_opt *o = c->opts; o && o->name; o++)
        if (o->type == OPT_LIST || o->type == OPT_LIST_MULTI)
            nsq_strlist_free((nsq_strlist *)((char *)opts + o->offset));
    free(ctx.args);
    free(rest);
    free(opts);
    return rc;
}

int main(int argc, char **argv)
{
#ifdef __GLIBC__
    /* Big arrays (durations, maps, intervals) come and go analysis after
     * analysis (stats, advise, report run several in one process): keep them
     * in their own mappings, returned whole when freed, instead of letting
     * glibc raise its threshold and leave them in a heap that fragments, so
     * the peak stays that of the largest analysis, not their sum. */
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
    nsq_stdout_note(); /* before any open() can take a closed stdout's descriptor */
    if (argc < 2) {
        print_usage(stderr);
        return NSQ_EXIT_USAGE;
    }
    const char *a = argv[1];
    if (!strcmp(a, "--version") || !strcmp(a, "version")) {
        printf("nsysql %s (sqlite %s)\n", NSYSQL_VERSION, sqlite3_libversion());
        return 0;
    }
    /* help --json / --list-cmds --json: everything about every command */
    if ((!strcmp(a, "help") || !strcmp(a, "--list-cmds")) && argc == 3 && !strcmp(argv[2], "--json")) {
        json j = JSON_INIT;
        nsq_help_json(&j);
        fwrite(j.out.buf, 1, j.out.len, stdout);
        fputc('\n', stdout);
        json_release(&j);
        return fflush(stdout) ? NSQ_EXIT_INTERNAL : 0;
    }
    /* help --man [COMMAND] / help --completion SHELL: generated, like the skill */
    if (!strcmp(a, "help") && argc >= 3 && (!strcmp(argv[2], "--man") || !strcmp(argv[2], "--completion"))) {
        strbuf sb = STRBUF_INIT;
        nsq_err e = {0};
        if (!strcmp(argv[2], "--man")) {
            const nsq_cmd *c = argc >= 4 ? find_cmd(argv[3]) : NULL;
            if (argc >= 4 && !c) {
                nsq_error(&e, NSQ_EXIT_USAGE, "unknown_command", "no command '%s'", argv[3]);
                return emit_error("help", &e, NULL, 0);
            }
            nsq_man_page(&sb, c);
        } else if (argc < 4 || nsq_completion(&sb, argv[3])) {
            nsq_error(&e, NSQ_EXIT_USAGE, "bad_option_value", "--completion takes bash or zsh");
            return emit_error("help", &e, NULL, 0);
        }
        fwrite(sb.buf, 1, sb.len, stdout);
        sb_release(&sb);
        return fflush(stdout) ? NSQ_EXIT_INTERNAL : 0;
    }
    /* help --markdown COMMAND: the generated part of docs/commands/COMMAND.md */
    if (!strcmp(a, "help") && argc >= 3 && !strcmp(argv[2], "--markdown")) {
        const nsq_cmd *c = argc >= 4 ? find_cmd(argv[3]) : NULL;
        strbuf sb = STRBUF_INIT;
        if (!c) {
            nsq_err e = {0};
            nsq_error(&e, NSQ_EXIT_USAGE, "unknown_command", "no command '%s'",
                      argc >= 4 ? argv[3] : "");
            nsq_hint(&e, "usage: nsysql help --markdown COMMAND");
            return emit_error("help", &e, NULL, 0);
        }
        nsq_markdown_page(&sb, c);
        fwrite(sb.buf, 1, sb.len, stdout);
        sb_release(&sb);
        return fflush(stdout) ? NSQ_EXIT_INTERNAL : 0;
    }
    if (!strcmp(a, "--list-cmds")) {
        for (int i = 0; i < nsq_ncommands; i++)
            printf("%s\t%s\t%s\n", nsq_commands[i]->name, nsq_commands[i]->schema,
                   nsq_commands[i]->summary);
        return 0;
    }
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
        print_usage(stdout);
        return 0;
    }
    if (!strcmp(a, "help")) {
        if (argc < 3) {
            print_usage(stdout);
            return 0;
        }
        const nsq_cmd *c = find_cmd(argv[2]);
        if (!c) {
            nsq_err e = {0};
            nsq_error(&e, NSQ_EXIT_USAGE, "unknown_command", "no command '%s'", argv[2]);
            return emit_error("help", &e, NULL, 0);
        }
        print_help(stdout, c);
        return 0;
    }
    const nsq_cmd *c = find_cmd(a);
    if (!c) {
        nsq_err e = {0};
        nsq_error(&e, NSQ_EXIT_USAGE, "unknown_command", "no command '%s'", a);
        nsq_hint(&e, "nsysql --list-cmds lists the commands");
        return emit_error(a[0] == '-' ? "nsysql" : a, &e, NULL, 0);
    }
    return run_cmd(c, argc - 2, argv + 2);
}
