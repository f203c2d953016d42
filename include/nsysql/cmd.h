/* cmd: the command table and the context a command runs in.
 *
 * Each cmd/<name>.c defines its nsq_cmd (name, function, flags, schema id,
 * summary, option table); main.c lists them in one static table. run_cmd() parses the command's
 * options (from its option table, into a zeroed struct of opts_size bytes
 * after `defaults`), opens and probes the export when the command needs one,
 * calls the command, and prints the envelope or the error document:
 *   {"schema","schema_version","ok","tool","input","query","params",
 *    "warnings","result"}
 * A command fills ctx->params and ctx->result (each a JSON object body the
 * command opens and closes), may set ctx->query_*, adds warnings with
 * nsq_warn(), and returns 0, or -1 with ctx->err set. To print text instead of
 * JSON (--format table|md|csv) it fills ctx->text. */
#ifndef NSYSQL_CMD_H
#define NSYSQL_CMD_H

#include <stdbool.h>

#include "nsysql/util/err.h"
#include "nsysql/export/export.h"
#include "nsysql/util/json.h"
#include "nsysql/util/opts.h"

#include "nsysql/version.h"

enum nsq_cmd_flags {
    CMD_NEED_EXPORT = 1 << 0,   /* first positional is an export, opened before the call */
    CMD_FORMATS = 1 << 1,       /* accepts --format table|md|csv */
    CMD_OWN_LIMITS = 1 << 2,    /* no --timeout-ms / --max-memory-mb (capture) */
    CMD_TIMEOUT_60S = 1 << 3,   /* --timeout-ms defaults to 60000 (user SQL) */
    CMD_NO_CACHE = 1 << 4,      /* answers are never cached (cache.h) */
    CMD_MULTI = 1 << 5,         /* takes many exports, -j N and --partial (multi.h) */
    CMD_LIST_NO_EXPORT = 1 << 6 /* without an INPUT the command runs with x NULL (a --list-*) */
};

struct nsq_ctx;
typedef int (*nsq_cmd_fn)(struct nsq_ctx *ctx, void *opts);

typedef struct nsq_cmd {
    const char *name;
    nsq_cmd_fn fn;
    unsigned flags;
    const char *schema; /* schema id, e.g. "nsysql/info" (file schemas/info.v1.schema.json) */
    int schema_version;
    const char *summary;
    const char *usage; /* positional part, e.g. "INPUT" */
    const nsq_opt *opts;
    size_t opts_size;
    void (*defaults)(void *opts);
} nsq_cmd;

typedef struct nsq_ctx {
    const nsq_cmd *cmd;
    char **args; /* positional arguments */
    int nargs;
    nsq_export *x; /* opened export when CMD_NEED_EXPORT */
    const char *format; /* "json" (default), "table", "md", "csv" */
    json params;
    json result;
    json warnings; /* array body */
    int nwarnings;
    /* query identity echoed in the envelope (optional) */
    const char *query_id;
    int query_version;
    const char *query_sha256;
    strbuf text; /* text output for --format other than json */
    json details; /* optional object added to the error document as "details" */
    int exit_code; /* exit code on success (diff --fail-on sets 1) */
    bool no_document; /* the command wrote its own output (mcp): print nothing */
    int64_t timeout_ms;    /* --timeout-ms in effect (0 = none) */
    int64_t max_memory_mb; /* --max-memory-mb in effect (0 = none) */
    int pretty;            /* --pretty */
    bool partial;          /* --partial: print a partial document (multi.h) */
    json state;            /* --partial: the mergeable state, when the command has one */
    bool sums_only;        /* set by an in-process caller that reads only counts, bytes and
                            * times (advise): a command may skip its medians (memcpy) */
    nsq_err err;
} nsq_ctx;

void nsq_warn(nsq_ctx *ctx, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The command table (main.c): every command, in --list-cmds order. */
/* nsq_warn(), and for a text format also a line in ctx->text ("warning
 * (code): message"), or on stderr for csv so its rows stay clean. */
void nsq_warn_text(nsq_ctx *ctx, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Names the stored query a result came from (id, version 0 = latest) in
 * the envelope's "query" (id, version, sha256). */
void nsq_use_query(nsq_ctx *ctx, const char *id, int version);

extern const nsq_cmd *const nsq_commands[];
extern const int nsq_ncommands;

/* Options main.c handles for every command (common), for every command
 * without CMD_OWN_LIMITS (limits) and without CMD_NO_CACHE (cache). Their
 * offsets point into main.c's own struct: for help only. */
extern const nsq_opt nsq_common_options[];
extern const nsq_opt nsq_limit_options[];
extern const nsq_opt nsq_cache_options[];
/* True when s[0..n) is exactly one JSON value (cmd/jsoncheck.c). */
bool nsq_json_parses(const char *s, size_t n);
/* --no-cache as a no-op, for the commands with CMD_NO_CACHE but not CMD_OWN_LIMITS. */
extern const nsq_opt nsq_cache_noop_options[];
/* -j N and --partial, of the commands flagged CMD_MULTI (multi.h). */
extern const nsq_opt nsq_multi_options[];

/* help --json: every command, option, schema, exit code and error code
 * (schema nsysql/help). */
void nsq_help_json(json *j);
/* help --man [COMMAND]: nsysql(1), or nsysql-COMMAND(1) (roff). */
void nsq_man_page(strbuf *sb, const nsq_cmd *c);
/* help --markdown COMMAND: the generated part of docs/commands/COMMAND.md. */
void nsq_markdown_page(strbuf *sb, const nsq_cmd *c);
/* help --completion bash|zsh. Returns 0, or -1 for another shell. */
int nsq_completion(strbuf *sb, const char *shell);

/* Command entry points and their option tables (cmd/<name>.c). */
#define NSQ_DECLARE_CMD(sym) extern const nsq_cmd sym
NSQ_DECLARE_CMD(cmd_info_def);
NSQ_DECLARE_CMD(cmd_merge_def);
NSQ_DECLARE_CMD(cmd_timeline_sql_def);
NSQ_DECLARE_CMD(cmd_top_kernels_def);
NSQ_DECLARE_CMD(cmd_memcpy_def);
NSQ_DECLARE_CMD(cmd_api_def);
NSQ_DECLARE_CMD(cmd_osrt_def);
NSQ_DECLARE_CMD(cmd_idle_gaps_def);
NSQ_DECLARE_CMD(cmd_steady_state_def);
NSQ_DECLARE_CMD(cmd_nvtx_def);
NSQ_DECLARE_CMD(cmd_diff_def);
NSQ_DECLARE_CMD(cmd_capture_def);
NSQ_DECLARE_CMD(cmd_ranks_def);
NSQ_DECLARE_CMD(cmd_stats_def);
NSQ_DECLARE_CMD(cmd_report_def);
NSQ_DECLARE_CMD(cmd_gpu_util_def);
NSQ_DECLARE_CMD(cmd_memory_def);
NSQ_DECLARE_CMD(cmd_gpu_metrics_def);
NSQ_DECLARE_CMD(cmd_advise_def);
NSQ_DECLARE_CMD(cmd_export_trace_def);
NSQ_DECLARE_CMD(cmd_skill_def);
NSQ_DECLARE_CMD(cmd_mcp_def);
NSQ_DECLARE_CMD(cmd_verify_def);

#endif
