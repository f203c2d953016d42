/* nsysql mcp: a Model Context Protocol server over stdio.
 *
 * Messages are JSON-RPC 2.0, one per line (the MCP stdio transport), parsed
 * with jansson. Methods: initialize, ping, tools/list, tools/call; the
 * notifications initialized and cancelled. One tool per analysis command
 * (every command but capture, verify, skill and mcp: capture and verify run
 * programs and take minutes, not a read-only question), its inputSchema derived from
 * the command's option table (help --json's tables). A call runs the command
 * as a child process of this same binary with the arguments turned into a
 * command line, so its document is the CLI's byte for byte, and the same
 * read-only guarantees, limits and cache apply; the child is stopped
 * (SIGTERM, then SIGKILL after a grace period) when the call is cancelled or
 * the client goes away. Lines are read as they come (a line over 16 MiB is
 * answered with an error and skipped); a cancel already read when a call
 * would start means it never starts. Result: the document as text
 * and as structuredContent; isError when the command failed (exit 2..70; a
 * failed --fail-on gate, exit 1, is an answer, not an error). */
#define _GNU_SOURCE /* pipe2, memmem */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "nsysql/cmd.h"
#include "nsysql/util/limits.h"
#include "nsysql/util/schemas.h"
/* the writer's json_null(j) is a macro (json.h); jansson's is a function */
#undef json_null

#include <jansson.h>

#define PROTOCOL_LATEST "2025-11-25"
static const char *const protocols[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05",
                                        NULL};

/* The longest request line served: a longer one is answered with an error
 * (-32600) and skipped to its newline, never buffered whole. */
#define MAX_LINE ((size_t)16 << 20)

typedef struct mcp {
    strbuf in;       /* bytes read from stdin; in.buf + start is not handled yet */
    size_t start;    /* where the next line begins */
    size_t scanned;  /* in.buf + start .. + scanned holds no newline */
    bool discarding; /* inside a line over MAX_LINE: dropped up to its newline */
    bool eof;
    char self[4096];
} mcp;

static void send_msg(json_t *m)
{
    char *s = json_dumps(m, JSON_COMPACT | JSON_ENSURE_ASCII);
    if (s) {
        fputs(s, stdout);
        fputc('\n', stdout);
        fflush(stdout);
        free(s);
    }
    json_decref(m);
}

static void send_result(json_t *id, json_t *result)
{
    send_msg(json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id ? id : json_null(), "result",
                       result));
}

static void send_error(json_t *id, int code, const char *message)
{
    send_msg(json_pack("{s:s, s:O, s:{s:i, s:s}}", "jsonrpc", "2.0", "id", id ? id : json_null(),
                       "error", "code", code, "message", message));
}

/* How a tool takes its exports: one path ("input"), one path or an array
 * of them ("input"; several make the command print nsysql/merge), an array
 * ("inputs": ranks, merge), or two sides ("baseline" and "patch": diff). */
enum input_kind { IN_NONE, IN_ONE, IN_ONE_OR_MANY, IN_MANY, IN_SIDES };

static enum input_kind input_kind(const nsq_cmd *c)
{
    if (!strcmp(c->name, "diff"))
        return IN_SIDES;
    if (!c->usage || !*c->usage)
        return IN_NONE;
    if (!strcmp(c->usage, "INPUT..."))
        return IN_ONE_OR_MANY;
    if (!strcmp(c->usage, "INPUT") || !strncmp(c->usage, "INPUT -", 7))
        return IN_ONE;
    return IN_MANY;
}

/* Facts about the options whose own tables do not carry them (opts.h):
 * the keywords and bounds the commands check. */
typedef struct opt_fact {
    const char *cmd, *opt;
    const char *const *choices;
    unsigned flags;
    double min, max;
    const char *def; /* the default of a string option left NULL in the options */
} opt_fact;

static const char *const kernel_name_keys[] = {"short", "demangled", "mangled", "normalized", NULL};
static const char *const diff_gates[] = {"regression", "change", NULL};
static const char *const severities[] = {"info", "warning", "error", NULL};
static const char *const formats[] = {"json", "md", NULL};

static const opt_fact facts[] = {
    {"diff", "baseline", NULL, OPTF_REQUIRED, 0, 0, NULL},
    {"diff", "patch", NULL, OPTF_REQUIRED, 0, 0, NULL},
    {"diff", "window", NULL, 0, 0, 0, "auto"},
    {"diff", "by", kernel_name_keys, 0, 0, 0, "short"},
    {"diff", "fail-on", diff_gates, 0, 0, 0, NULL},
    {"diff", "limit", NULL, OPTF_MIN, 0, 0, NULL},
    {"diff", "min-effect", NULL, OPTF_MIN | OPTF_MAX | OPTF_MAX_EXCL, 0, 1000, NULL},
    {"diff", "alpha", NULL, OPTF_MIN | OPTF_MAX | OPTF_MIN_EXCL | OPTF_MAX_EXCL, 0, 1, NULL},
    {"diff", "assumed-noise", NULL, OPTF_MIN | OPTF_MAX | OPTF_MIN_EXCL | OPTF_MAX_EXCL, 0, 100,
     NULL},
    {"advise", "fail-on", severities, 0, 0, 0, NULL},
    {"steady-state", "method", NULL, 0, 0, 0, "auto"},
    {"gpu-util", "low-by", NULL, 0, 0, 0, "busy"},
    {NULL, "window", NULL, 0, 0, 0, "all"},
    {NULL, "timeout-ms", NULL, OPTF_MIN, 0, 0, NULL},
    {NULL, "max-memory-mb", NULL, OPTF_MIN, 0, 0, NULL},
};

/* The default of a string option whose options struct leaves it NULL. */
static const char *fact_default(const nsq_cmd *c, const nsq_opt *o)
{
    for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++)
        if ((!facts[i].cmd || !strcmp(facts[i].cmd, c->name)) && !strcmp(facts[i].opt, o->name) &&
            facts[i].def)
            return facts[i].def;
    return NULL;
}

/* The descriptions an agent reads where the option's help speaks of the
 * command line (flags, exit codes, file arguments); cmd NULL: every tool. */
static const struct {
    const char *cmd, *opt, *text;
} words[] = {
    {NULL, "timeout-ms",
     "stop with the error query_timeout after this many milliseconds (0 = no limit)"},
    {NULL, "max-memory-mb",
     "stop with the error memory_limit rather than use more than this many MiB (0 = no ceiling; "
     "default: 3/4 of physical memory)"},
    {"diff", "baseline",
     "the baseline: one or more captures (exports or capture folders) of the same workload"},
    {"diff", "patch", "the patch: one or more captures, compared with the baseline"},
    {"diff", "fail-on",
     "a gate, reported in result.gate (failed, triggered_by): regression trips when a kernel "
     "regressed or the overall verdict is regressed, change when a kernel improved, regressed, "
     "was added or removed. A tripped gate is an answer, not an error"},
    {"diff", "match-rules",
     "path of a file of kernel-name normalisation rules (default: the stored query match-rules)"},
    {"diff", "limit",
     "kernels and attribution rows listed (0 = all, the default; Markdown lists 20 unless this is "
     "given)"},
    {"diff", "assume-same-workload",
     "judge speed even when the workload fingerprints (largest copies, arguments, grids) say the "
     "two "
     "sides ran different problems (the verdict is then not_comparable, which a fail-on gate "
     "counts "
     "as tripped)"},
    {"advise", "fail-on",
     "a gate: trips when a finding of this severity or higher exists (result.worst_severity says "
     "the "
     "worst found). A tripped gate is an answer, not an error"},
    {"advise", "rule", "only these rules, by id (default all; list-rules shows them)"},
    {"advise", "set", "override thresholds, each as RULE.PARAM=VALUE (list-rules shows them)"},
    {"report", "output",
     "path of the HTML file to write (required); a file already there is replaced (written to a "
     "temporary file, then renamed over it)"},
    {"report", "baseline",
     "baseline captures: adds the diff from them to this input, drawn as a waterfall"},
    {"export-trace", "output",
     "path of the trace file to write (required): NAME.json, or NAME.json.gz for gzip; a file "
     "already "
     "there is replaced (written to a temporary file, then renamed over it)"},
    {"export-trace", "max-events",
     "stop after this many events (metadata apart), with a truncation marker in the trace and "
     "result.truncated true (default 0: no limit)"},
    {"timeline-sql", "sql",
     "the SQL to run: one read-only statement over the portable views (kernel, memcpy, nvtx, api, "
     "...)"},
    {"timeline-sql", "file", "path of a file holding the SQL to run"},
    {"timeline-sql", "query",
     "run a stored query by id, ID@VERSION for an older version (list shows them)"},
    {"timeline-sql", "param",
     "parameters, each as NAME=VALUE: :NAME in the SQL takes VALUE (bound, never spliced)"},
    {"timeline-sql", "list", "list the stored queries and views (input is then not needed)"},
    {"timeline-sql", "show", "print this stored query's header and SQL (input is then not needed)"},
    {"timeline-sql", "max-rows", "stop after this many rows and say so (default 10000)"},
    {"idle-gaps", "min-gap",
     "count, histogram and list only gaps longer than this many ns (default 0: all)"},
    {"nvtx", "depth",
     "report only ranges nested less deep than this (1 = outermost only; 0 = all, the default); "
     "deeper ranges still nest and are credited to their parents"},
    {"ranks", "threshold-pct",
     "a rank whose compute time exceeds the median over ranks by more than this percentage is a "
     "straggler (default 5)"},
    {"stats", "report", "only these reports (default all)"},
};

/* Tool descriptions where the command's summary speaks of the command line. */
static const struct {
    const char *cmd, *text;
} tool_words[] = {
    {"report",
     "one self-contained HTML file to look at: GPU busy/idle strips, top kernels, iteration "
     "cost, the diff against a baseline, NVTX/API/copy summaries"},
    {"merge", "combine partial documents (each one command's answer on one export, made as a part "
              "of a many-export run) into the document of that command over all of them"},
};

/* The schema and command checks of option o of command c, merged from its
 * table and the facts above. */
static void opt_facts(const nsq_cmd *c, const nsq_opt *o, const char *const **choices,
                      unsigned *flags, double *min, double *max)
{
    *choices = o->choices;
    *flags = o->flags;
    *min = o->min;
    *max = o->max;
    for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++)
        if ((!facts[i].cmd || !strcmp(facts[i].cmd, c->name)) && !strcmp(facts[i].opt, o->name)) {
            if (!*choices)
                *choices = facts[i].choices;
            if (!(*flags & (OPTF_MIN | OPTF_MAX))) {
                *min = facts[i].min;
                *max = facts[i].max;
                *flags |= facts[i].flags & ~OPTF_REQUIRED;
            }
            *flags |= facts[i].flags & OPTF_REQUIRED;
        }
}

static const char *opt_words(const nsq_cmd *c, const nsq_opt *o)
{
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if ((!words[i].cmd || !strcmp(words[i].cmd, c->name)) && !strcmp(words[i].opt, o->name))
            return words[i].text;
    return o->help;
}

/* The limit options are strings on the command line and integers here. */
static bool is_limit(const nsq_opt *o)
{
    for (const nsq_opt *l = nsq_limit_options; l->name; l++)
        if (l == o)
            return true;
    return false;
}

/* Ids given as a number or a string (--pid 12, --device 0, --stream 7). */
static bool is_id(const nsq_opt *o)
{
    return o->type == OPT_STR &&
           (!strcmp(o->name, "pid") || !strcmp(o->name, "device") || !strcmp(o->name, "stream"));
}

static bool is_tool(const nsq_cmd *c)
{
    return strcmp(c->name, "capture") && strcmp(c->name, "verify") && strcmp(c->name, "skill") &&
           strcmp(c->name, "mcp");
}

static const nsq_cmd *tool_cmd(const char *name)
{
    for (int i = 0; i < nsq_ncommands; i++)
        if (is_tool(nsq_commands[i]) && !strcmp(nsq_commands[i]->name, name))
            return nsq_commands[i];
    return NULL;
}

/* Calls fn on each option a tool takes: its own, then the limits and the
 * cache option where they apply. Stops at (and returns) the first option
 * fn returns true for. */
static const nsq_opt *each_opt(const nsq_cmd *c, bool (*fn)(const nsq_opt *o, void *arg), void *arg)
{
    const nsq_opt *tables[3] = {c->opts, c->flags & CMD_OWN_LIMITS ? NULL : nsq_limit_options,
                                c->flags & CMD_NO_CACHE ? NULL : nsq_cache_options};
    for (int t = 0; t < 3; t++)
        for (const nsq_opt *o = tables[t]; o && o->name; o++)
            if (fn(o, arg))
                return o;
    return NULL;
}

static bool named(const nsq_opt *o, void *name)
{
    return !strcmp(o->name, name);
}

/* The option of c (or a limit/cache option) called name, or NULL. */
static const nsq_opt *find_opt(const nsq_cmd *c, const char *name)
{
    return each_opt(c, named, (void *)name);
}

/* The option writes a file the caller names (report, export-trace). */
static bool writes_file(const nsq_cmd *c)
{
    return find_opt(c, "output") != NULL;
}

static const char *window_pattern(const nsq_cmd *c)
{
    return input_kind(c) == IN_SIDES ? "^(auto|all|steady|-?[0-9]+:-?[0-9]+|nvtx:.+)$"
                                     : "^(all|steady|-?[0-9]+:-?[0-9]+|nvtx:.+)$";
}

/* Is o in c's own table (not a limit or cache option of main.c)? */
static bool own_opt(const nsq_cmd *c, const nsq_opt *o)
{
    for (const nsq_opt *p = c->opts; p && p->name; p++)
        if (p == o)
            return true;
    return false;
}

typedef struct schema_b {
    const nsq_cmd *c;
    const void *defs; /* the command's defaults */
    json_t *props, *req;
} schema_b;

static json_t *string_list(const char *const *v)
{
    json_t *a = json_array();
    for (; v && *v; v++)
        json_array_append_new(a, json_string(*v));
    return a;
}

/* Adds option o's property to the schema being built. */
static bool add_prop(const nsq_opt *o, void *arg)
{
    schema_b *b = arg;
    const nsq_cmd *c = b->c;
    const char *const *choices;
    unsigned flags;
    double min, max;
    opt_facts(c, o, &choices, &flags, &min, &max);
    json_t *p = json_object(), *item = p;
    switch (o->type) {
    case OPT_BOOL:
        json_object_set_new(p, "type", json_string("boolean"));
        break;
    case OPT_INT:
        json_object_set_new(p, "type", json_string("integer"));
        break;
    case OPT_DOUBLE:
        json_object_set_new(p, "type", json_string("number"));
        break;
    case OPT_LIST:
    case OPT_LIST_MULTI:
        item = json_pack("{s:s}", "type", "string");
        json_object_set_new(p, "type", json_string("array"));
        json_object_set_new(p, "items", item);
        if (flags & OPTF_REQUIRED)
            json_object_set_new(p, "minItems", json_integer(1));
        break;
    default:
        if (is_limit(o))
            json_object_set_new(p, "type", json_string("integer"));
        else if (is_id(o))
            json_object_set_new(p, "type", json_pack("[s,s]", "string", "integer"));
        else
            json_object_set_new(p, "type", json_string("string"));
    }
    if (choices)
        json_object_set_new(item, "enum", string_list(choices));
    if (flags & OPTF_MIN)
        json_object_set_new(p, flags & OPTF_MIN_EXCL ? "exclusiveMinimum" : "minimum",
                            o->type == OPT_DOUBLE ? json_real(min) : json_integer((json_int_t)min));
    if (flags & OPTF_MAX)
        json_object_set_new(p, flags & OPTF_MAX_EXCL ? "exclusiveMaximum" : "maximum",
                            o->type == OPT_DOUBLE ? json_real(max) : json_integer((json_int_t)max));
    if (!strcmp(o->name, "window") && o->type == OPT_STR)
        json_object_set_new(p, "pattern", json_string(window_pattern(c)));
    if (!strcmp(o->name, "output") && o->type == OPT_STR) /* a file, never stdout here */
        json_object_set_new(p, "not", json_pack("{s:s}", "const", "-"));
    const char *help = opt_words(c, o);
    if (help)
        json_object_set_new(p, "description", json_string(help));
    const char *v = b->defs && own_opt(c, o) ? (const char *)b->defs + o->offset : NULL;
    /* defaults: the command's, where its table sets one (0 and false are
     * the zero of "not given") */
    if (v && o->type == OPT_INT && *(const int64_t *)v)
        json_object_set_new(p, "default", json_integer(*(const int64_t *)v));
    else if (v && o->type == OPT_DOUBLE && *(const double *)v != 0)
        json_object_set_new(p, "default", json_real(*(const double *)v));
    else if (v && o->type == OPT_STR && *(const char *const *)v)
        json_object_set_new(p, "default", json_string(*(const char *const *)v));
    else if (o->type == OPT_STR && fact_default(c, o))
        json_object_set_new(p, "default", json_string(fact_default(c, o)));
    else if (o->type == OPT_BOOL)
        json_object_set_new(p, "default", json_false());
    else if (!strcmp(o->name, "timeout-ms") && (c->flags & CMD_TIMEOUT_60S))
        json_object_set_new(p, "default", json_integer(60000));
    else if (!strcmp(o->name, "timeout-ms"))
        json_object_set_new(p, "default", json_integer(0));
    json_object_set_new(b->props, o->name, p);
    if (flags & OPTF_REQUIRED)
        json_array_append_new(b->req, json_string(o->name));
    return false;
}

static const char *const export_words = "path of the nsys SQLite export (or capture folder, or "
                                        ".nsys-rep) on this machine; it is only read";

static json_t *input_schema(const nsq_cmd *c)
{
    schema_b b = {c, NULL, json_object(), json_array()};
    void *defs = xcalloc(1, c->opts_size ? c->opts_size : 1);
    if (c->defaults)
        c->defaults(defs);
    b.defs = c->opts_size ? defs : NULL;
    switch (input_kind(c)) {
    case IN_ONE:
        json_object_set_new(
            b.props, "input",
            json_pack(
                "{s:s, s:s}", "type", "string", "description",
                c->flags & CMD_NEED_EXPORT
                    ? export_words
                    : "path of the nsys SQLite export (or capture folder, or .nsys-rep) on this "
                      "machine; it is only read. Needed to run SQL, not with list or show"));
        if (c->flags & CMD_NEED_EXPORT)
            json_array_append_new(b.req, json_string("input"));
        break;
    case IN_ONE_OR_MANY:
        json_object_set_new(
            b.props, "input",
            json_pack(
                "{s:[{s:s}, {s:s, s:{s:s}, s:i}], s:s}", "anyOf", "type", "string", "type", "array",
                "items", "type", "string", "minItems", 1, "description",
                "path of the nsys SQLite export (or capture folder, or .nsys-rep) on this machine, "
                "or an array of such paths (one per rank): several give one nsysql/merge document "
                "with each input's answer and the merged view. Only read"));
        json_array_append_new(b.req, json_string("input"));
        break;
    case IN_MANY:
        json_object_set_new(
            b.props, "inputs",
            json_pack(
                "{s:s, s:{s:s}, s:i, s:s}", "type", "array", "items", "type", "string", "minItems",
                1, "description",
                !strcmp(c->name, "merge")
                    ? "paths of the partial documents (nsysql/partial) to combine, one or more"
                    : "paths of the nsys SQLite exports (or capture folders), one or more: one per "
                      "rank or node. Only read"));
        json_array_append_new(b.req, json_string("inputs"));
        break;
    default:
        break;
    }
    each_opt(c, add_prop, &b);
    if (c->flags & CMD_FORMATS)
        json_object_set_new(
            b.props, "format",
            json_pack(
                "{s:s, s:o, s:s, s:s}", "type", "string", "enum", string_list(formats), "default",
                "json", "description",
                "json (default): the text is the JSON document. md: the text is the same answer as "
                "Markdown tables, several times shorter to read; structuredContent still carries "
                "the JSON document (the command runs twice)"));
    free(defs);
    return json_pack("{s:s, s:o, s:o, s:b}", "type", "object", "properties", b.props, "required",
                     b.req, "additionalProperties", 0);
}

/* The parsed schema of document `id` ("nsysql/info"), or NULL. */
static json_t *load_schema(const char *id, int version)
{
    const char *slash = strchr(id, '/');
    char file[160];
    snprintf(file, sizeof file, "%s.v%d.schema.json", slash ? slash + 1 : id, version);
    for (int i = 0; nsq_embedded_schemas[i].file; i++)
        if (!strcmp(nsq_embedded_schemas[i].file, file))
            return json_loads(nsq_embedded_schemas[i].text, 0, NULL);
    return NULL;
}

/* What a successful call's structuredContent is: the command's document,
 * or with several inputs the merge document. (A failed call carries the
 * error document, schemas/error.v1.schema.json, with isError.) */
static json_t *output_schema(const nsq_cmd *c)
{
    json_t *one = load_schema(c->schema, c->schema_version);
    if (!one || input_kind(c) != IN_ONE_OR_MANY)
        return one;
    json_t *many = load_schema("nsysql/merge", 1);
    if (!many)
        return one;
    return json_pack("{s:s, s:s, s:s, s:[o,o]}", "$schema",
                     "https://json-schema.org/draft/2020-12/schema", "description",
                     "one input: the command's document; several: the merge document", "type",
                     "object", "anyOf", one, many);
}

static json_t *tool_def(const nsq_cmd *c)
{
    strbuf d = STRBUF_INIT;
    const char *summary = c->summary;
    for (size_t i = 0; i < sizeof tool_words / sizeof tool_words[0]; i++)
        if (!strcmp(tool_words[i].cmd, c->name))
            summary = tool_words[i].text;
    sb_addf(&d, "%c%s.",
            summary[0] >= 'a' && summary[0] <= 'z' ? summary[0] - 'a' + 'A' : summary[0],
            summary + 1);
    sb_addf(&d, " Returns the JSON document %s (outputSchema)%s.", c->schema,
            input_kind(c) == IN_ONE_OR_MANY ? ", or nsysql/merge for several inputs" : "");
    if (strcmp(c->name, "merge") && strcmp(c->name, "timeline-sql") &&
        strcmp(c->name, "export-trace") && strcmp(c->name, "report"))
        sb_addstr(&d,
                  " Its summary.text answers in one sentence; summary.rows_left_out says what a "
                  "limit left out.");
    if (writes_file(c))
        sb_addstr(&d, " Not read-only: writes the file named by output (and nothing else); the "
                      "inputs are only read.");
    else
        sb_addstr(&d, " Read-only: inputs are only read, nothing is written.");
    sb_addstr(&d, " A mistake in the arguments comes back as an error document (isError) with a "
                  "code, a message and a hint.");
    bool w = writes_file(c);
    json_t *t = json_pack("{s:s, s:s, s:o, s:{s:b, s:b, s:b, s:b}}", "name", c->name, "description",
                          d.buf, "inputSchema", input_schema(c), "annotations", "readOnlyHint", !w,
                          "destructiveHint", w, "idempotentHint", 1, "openWorldHint", 0);
    json_t *out = output_schema(c);
    if (out)
        json_object_set_new(t, "outputSchema", out);
    sb_release(&d);
    return t;
}

/* The tools (what tools/list answers), built once. Borrowed reference. */
static json_t *tools_list(void)
{
    static json_t *list;
    if (!list) {
        json_t *tools = json_array();
        for (int i = 0; i < nsq_ncommands; i++)
            if (is_tool(nsq_commands[i]))
                json_array_append_new(tools, tool_def(nsq_commands[i]));
        list = json_pack("{s:o}", "tools", tools);
    }
    return list;
}

typedef struct argv_b {
    char **v;
    int n, cap;
} argv_b;

static void arg_add(argv_b *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? 2 * a->cap : 16;
        a->v = xrealloc(a->v, sizeof *a->v * (size_t)a->cap);
    }
    a->v[a->n++] = xstrdup(s);
    a->v[a->n] = NULL;
}

static void arg_free(argv_b *a)
{
    for (int i = 0; i < a->n; i++)
        free(a->v[i]);
    free(a->v);
}

static bool add_name(const nsq_opt *o, void *sb)
{
    sb_addf(sb, ", %s", o->name);
    return false;
}

/* The arguments tool c takes, for a hint: ", input, window, ..." (the
 * caller skips the first two characters). */
static void arg_names(strbuf *sb, const nsq_cmd *c)
{
    enum input_kind k = input_kind(c);
    if (k == IN_ONE || k == IN_ONE_OR_MANY)
        sb_addstr(sb, ", input");
    else if (k == IN_MANY)
        sb_addstr(sb, ", inputs");
    each_opt(c, add_name, sb);
    if (c->flags & CMD_FORMATS)
        sb_addstr(sb, ", format");
}

static const char *type_words(const nsq_opt *o)
{
    return o->type == OPT_LIST || o->type == OPT_LIST_MULTI ? "an array of strings"
           : o->type == OPT_BOOL                            ? "a boolean"
           : o->type == OPT_INT || is_limit(o)              ? "an integer"
           : o->type == OPT_DOUBLE                          ? "a number"
           : is_id(o)                                       ? "a string or an integer"
                                                            : "a string";
}

/* Is string s one of the choices? */
static bool chosen(const char *const *choices, const char *s)
{
    for (; *choices; choices++)
        if (!strcmp(*choices, s))
            return true;
    return false;
}

static void choice_list(strbuf *sb, const char *const *choices)
{
    for (const char *const *c = choices; *c; c++)
        sb_addf(sb, "%s%s", c == choices ? "" : c[1] ? ", " : " or ", *c);
}

/* Checks value v of option o of c against the schema: type, keywords,
 * bounds. 0, or -1 with err set (bad_option_value). */
static int check_value_(const nsq_cmd *c, const nsq_opt *o, json_t *v, nsq_err *err);

static int check_value(const nsq_cmd *c, const nsq_opt *o, json_t *v, nsq_err *err)
{
    if (!check_value_(c, o, v, err))
        return 0;
    const char *help = opt_words(c, o);
    if (help && !err->hint[0])
        nsq_hint(err, "%s: %s", o->name, help);
    return -1;
}

static int check_value_(const nsq_cmd *c, const nsq_opt *o, json_t *v, nsq_err *err)
{
    const char *const *choices;
    unsigned flags;
    double min, max;
    opt_facts(c, o, &choices, &flags, &min, &max);
    bool ok;
    switch (o->type) {
    case OPT_BOOL:
        ok = json_is_boolean(v);
        break;
    case OPT_INT:
        ok = json_is_integer(v);
        break;
    case OPT_DOUBLE:
        ok = json_is_number(v);
        break;
    case OPT_LIST:
    case OPT_LIST_MULTI: {
        ok = json_is_array(v);
        size_t i;
        json_t *x;
        json_array_foreach(v, i, x) ok = ok && json_is_string(x);
        if (ok && (flags & OPTF_REQUIRED) && !json_array_size(v))
            ok = false;
        break;
    }
    default:
        ok = is_limit(o) ? json_is_integer(v)
                         : json_is_string(v) || (is_id(o) && json_is_integer(v));
    }
    if (!ok) {
        nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value", "argument '%s' of tool %s must be %s%s",
                  o->name, c->name, type_words(o),
                  (flags & OPTF_REQUIRED) && json_is_array(v) ? " (one or more)" : "");
        return -1;
    }
    if (choices) {
        json_t *one = v, *list = json_is_array(v) ? v : NULL;
        for (size_t i = 0; list ? i < json_array_size(list) : i < 1; i++) {
            one = list ? json_array_get(list, i) : v;
            if (chosen(choices, json_string_value(one)))
                continue;
            strbuf sb = STRBUF_INIT;
            choice_list(&sb, choices);
            nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                      "argument '%s' of tool %s must be %s, got '%.100s'", o->name, c->name, sb.buf,
                      json_string_value(one));
            sb_release(&sb);
            return -1;
        }
    }
    if (json_is_number(v) && (flags & (OPTF_MIN | OPTF_MAX))) {
        double x = json_number_value(v);
        bool low = (flags & OPTF_MIN) && (flags & OPTF_MIN_EXCL ? x <= min : x < min);
        bool high = (flags & OPTF_MAX) && (flags & OPTF_MAX_EXCL ? x >= max : x > max);
        if (low || high) {
            strbuf sb = STRBUF_INIT;
            if (flags & OPTF_MIN)
                sb_addf(&sb, "%s %g", flags & OPTF_MIN_EXCL ? "above" : "at least", min);
            if (flags & OPTF_MAX)
                sb_addf(&sb, "%s%s %g", flags & OPTF_MIN ? " and " : "",
                        flags & OPTF_MAX_EXCL ? "below" : "at most", max);
            nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                      "argument '%s' of tool %s must be %s, got %g", o->name, c->name, sb.buf, x);
            sb_release(&sb);
            return -1;
        }
    }
    if (!strcmp(o->name, "output") && json_is_string(v) && !strcmp(json_string_value(v), "-")) {
        nsq_error(
            err, NSQ_EXIT_USAGE, "bad_option_value",
            "argument 'output' of tool %s must name a file: the document is the tool's answer",
            c->name);
        return -1;
    }
    return 0;
}

static void add_value(argv_b *a, const nsq_opt *o, json_t *v)
{
    char opt[160], num[64];
    snprintf(opt, sizeof opt, "--%s", o->name);
    if (json_is_boolean(v)) {
        if (json_is_true(v))
            arg_add(a, opt);
    } else if (json_is_array(v)) {
        size_t i;
        json_t *x;
        json_array_foreach(v, i, x)
        {
            arg_add(a, opt);
            arg_add(a, json_string_value(x));
        }
    } else {
        if (json_is_integer(v))
            snprintf(num, sizeof num, "%lld", (long long)json_integer_value(v));
        else if (json_is_real(v))
            snprintf(num, sizeof num, "%.17g", json_real_value(v));
        arg_add(a, opt);
        arg_add(a, json_is_string(v) ? json_string_value(v) : num);
    }
}

typedef struct req_check {
    const nsq_cmd *c;
    json_t *args;
} req_check;

static bool missing_required(const nsq_opt *o, void *arg)
{
    req_check *r = arg;
    const char *const *choices;
    unsigned flags;
    double min, max;
    opt_facts(r->c, o, &choices, &flags, &min, &max);
    json_t *v = json_object_get(r->args, o->name);
    return (flags & OPTF_REQUIRED) && (!v || json_is_null(v));
}

/* Builds the command line from the arguments (a null value is an argument
 * not given), with --format FORMAT when format is not NULL; *md is set when
 * the caller asked for Markdown. Returns 0, or -1 with err set: what the
 * command line would have been refused for, in the tool's words. */
static int build_argv(const nsq_cmd *c, json_t *args, const char *format, argv_b *a, bool *md,
                      nsq_err *err)
{
    enum input_kind k = input_kind(c);
    const char *in_key = k == IN_ONE || k == IN_ONE_OR_MANY ? "input"
                         : k == IN_MANY                     ? "inputs"
                                                            : NULL;
    json_t *inputs = NULL;
    const char *key;
    json_t *v;
    *md = false;
    arg_add(a, "nsysql");
    arg_add(a, c->name);
    json_object_foreach(args, key, v)
    {
        if (json_is_null(v))
            continue;
        if (in_key && !strcmp(key, in_key)) {
            bool ok = json_is_string(v) && k != IN_MANY;
            if (json_is_array(v) && k != IN_ONE) {
                size_t i;
                json_t *x;
                ok = json_array_size(v) > 0;
                json_array_foreach(v, i, x) ok = ok && json_is_string(x);
            }
            if (!ok) {
                nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                          "argument '%s' of tool %s must be %s", key, c->name,
                          k == IN_ONE    ? "a path (a string)"
                          : k == IN_MANY ? "an array of one or more paths"
                                         : "a path, or an array of one or more paths");
                return -1;
            }
            inputs = v;
            continue;
        }
        if ((c->flags & CMD_FORMATS) && !strcmp(key, "format")) {
            if (!json_is_string(v) || !chosen(formats, json_string_value(v))) {
                nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                          "argument 'format' of tool %s must be json or md", c->name);
                return -1;
            }
            *md = !strcmp(json_string_value(v), "md");
            continue;
        }
        const nsq_opt *o = find_opt(c, key);
        if (!o) {
            strbuf names = STRBUF_INIT;
            arg_names(&names, c);
            nsq_error(err, NSQ_EXIT_USAGE, "unknown_option",
                      "unknown argument '%.100s' for tool %s", key, c->name);
            nsq_hint(err, "tool %s takes: %s", c->name,
                     names.len > 2 ? names.buf + 2 : "no arguments");
            sb_release(&names);
            return -1;
        }
        if (check_value(c, o, v, err))
            return -1;
        add_value(a, o, v);
    }
    if (in_key && !inputs && (c->flags & CMD_NEED_EXPORT || k != IN_ONE)) {
        nsq_error(err, NSQ_EXIT_USAGE, "missing_input", "tool %s needs '%s': %s", c->name, in_key,
                  k == IN_MANY ? "an array of one or more paths" : "the path of an nsys export");
        nsq_hint(err, "call info with input set to the export's path to see what it holds");
        return -1;
    }
    req_check rc = {c, args};
    const nsq_opt *need = each_opt(c, missing_required, &rc);
    if (need) {
        nsq_error(err, NSQ_EXIT_USAGE, k == IN_SIDES ? "missing_input" : "missing_option_value",
                  "tool %s needs '%s': %s", c->name, need->name, opt_words(c, need));
        return -1;
    }
    if (format) {
        arg_add(a, "--format");
        arg_add(a, format);
    }
    arg_add(a, "--");
    if (json_is_string(inputs)) {
        arg_add(a, json_string_value(inputs));
    } else if (inputs) {
        size_t i;
        json_t *x;
        json_array_foreach(inputs, i, x) arg_add(a, json_string_value(x));
    }
    return 0;
}

/* Reads what stdin has (non-blocking after poll); false at end of input. */
static bool fill(mcp *m)
{
    char buf[65536];
    ssize_t r = read(STDIN_FILENO, buf, sizeof buf);
    if (r > 0) {
        /* handled lines go once they are half the buffer: moving is linear */
        if (m->start && m->start >= m->in.len / 2) {
            memmove(m->in.buf, m->in.buf + m->start, m->in.len - m->start);
            m->in.len -= m->start;
            m->start = 0;
        }
        sb_add(&m->in, buf, (size_t)r);
        return true;
    }
    if (r < 0 && (errno == EINTR || errno == EAGAIN))
        return true;
    m->eof = true;
    return false;
}

static void too_long(void)
{
    char why[200];
    snprintf(why, sizeof why,
             "invalid request: a line longer than %zu MiB (the limit of one message) was skipped",
             MAX_LINE >> 20);
    send_error(NULL, -32600, why);
}

/* The next whole line (malloc'd), or NULL when there is none yet. A line
 * over MAX_LINE is answered with an error and dropped as it arrives. */
static char *next_line(mcp *m)
{
    for (;;) {
        char *at = m->in.buf ? m->in.buf + m->start : NULL;
        size_t have = m->in.len - m->start;
        char *nl =
            at && have > m->scanned ? memchr(at + m->scanned, '\n', have - m->scanned) : NULL;
        if (!nl) {
            m->scanned = have;
            if (have > MAX_LINE || (m->discarding && have)) {
                if (!m->discarding)
                    too_long();
                m->discarding = true;
                m->in.len = m->start = m->scanned = 0;
                return NULL;
            }
            if (m->eof && have) { /* a last line without a newline */
                char *s = xstrndup(at, have);
                m->in.len = m->start = m->scanned = 0;
                return s;
            }
            return NULL;
        }
        size_t n = (size_t)(nl - at);
        bool drop = m->discarding || n > MAX_LINE;
        if (n > MAX_LINE && !m->discarding)
            too_long();
        char *s = drop ? NULL : xstrndup(at, n);
        m->start += n + 1;
        m->scanned = 0;
        m->discarding = false;
        if (m->start == m->in.len)
            m->in.len = m->start = 0;
        if (s)
            return s;
    }
}

/* Is this message a cancellation of request `id`? (handled while a call runs) */
static bool cancels(json_t *msg, json_t *id)
{
    const char *method = json_string_value(json_object_get(msg, "method"));
    if (!method || strcmp(method, "notifications/cancelled"))
        return false;
    json_t *rid = json_object_get(json_object_get(msg, "params"), "requestId");
    return rid && json_equal(rid, id);
}

/* Is a cancel of request `id` among the whole lines already read? Reads
 * what stdin has first (without waiting, up to 1 MiB); the cancel line is
 * removed. */
static bool cancel_pending(mcp *m, json_t *id)
{
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    for (int i = 0; i < 16 && !m->eof && poll(&p, 1, 0) > 0 && (p.revents & (POLLIN | POLLHUP));
         i++)
        if (!fill(m))
            break;
    char *at = m->in.buf ? m->in.buf + m->start : NULL, *end = at ? m->in.buf + m->in.len : NULL;
    while (at && at < end) {
        char *nl = memchr(at, '\n', (size_t)(end - at));
        if (!nl)
            break;
        size_t n = (size_t)(nl - at);
        bool hit = false;
        if (n <= MAX_LINE && memmem(at, n, "cancelled", 9)) {
            json_t *msg = json_loadb(at, n, 0, NULL);
            hit = msg && cancels(msg, id);
            json_decref(msg);
        }
        if (hit) {
            memmove(at, nl + 1, (size_t)(end - nl - 1));
            m->in.len -= n + 1;
            m->scanned = 0;
            return true;
        }
        at = nl + 1;
    }
    return false;
}

/* Stops a running command: SIGTERM first (the command removes its
 * temporary output files then), SIGKILL after a grace period. Reaps it. */
#define TERM_GRACE_MS 3000
static void stop_child(pid_t pid)
{
    kill(pid, SIGTERM);
    for (int waited = 0;; waited += 10) {
        pid_t r = waitpid(pid, NULL, WNOHANG);
        if (r == pid || (r < 0 && errno != EINTR))
            return;
        if (waited >= TERM_GRACE_MS) {
            kill(pid, SIGKILL);
            while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                ;
            return;
        }
        struct timespec ts = {0, 10 * 1000000};
        nanosleep(&ts, NULL);
    }
}

/* A tool result: the text (content) and, when the text is a JSON object,
 * the same as structuredContent; isError as given. */
static void send_tool_result(json_t *id, const char *text, size_t len, json_t *structured,
                             bool is_error)
{
    json_t *res = json_object();
    json_object_set_new(res, "content",
                        json_pack("[{s:s, s:s%}]", "type", "text", "text", text, len));
    if (json_is_object(structured))
        json_object_set(res, "structuredContent", structured);
    json_object_set_new(res, "isError", json_boolean(is_error));
    send_result(id, res);
}

/* A call that cannot run: the error document the command line prints for
 * the same mistake, as a tool error the model can correct itself from. */
static void send_tool_error(json_t *id, const char *tool, const nsq_err *err)
{
    strbuf doc = STRBUF_INIT;
    nsq_render_error(&doc, tool, err, NULL, 0);
    json_t *structured = json_loadb(doc.buf, doc.len, 0, NULL);
    send_tool_result(id, doc.buf, doc.len, structured, true);
    json_decref(structured);
    sb_release(&doc);
}

/* The child could not be started (fork) or could not run (exec, e.g. E2BIG
 * for an argument over 128 KiB): a tool error carrying the error document
 * with the cause. */
static void start_failed(json_t *id, const char *tool, int e)
{
    nsq_err err = {0};
    nsq_error(&err, NSQ_EXIT_INTERNAL, "internal", "cannot run the %s command: %s", tool,
              strerror(e));
    nsq_hint(&err, e == E2BIG ? "an argument is too long for a command line (128 KiB each); pass "
                                "long SQL with 'file' instead of 'sql'"
                              : "check that the nsysql binary is still in place");
    send_tool_error(id, tool, &err);
}

/* Runs argv (this binary) as a child, its output in *doc and its exit
 * status in *rc. Requests that arrive meanwhile are kept for after the
 * call; a cancel of request `id`, or a client that went away, stops the
 * child. Returns 0 when it ran to its end, 1 when it was stopped (nothing
 * is answered), -1 when it could not start (*start_errno). */
static int run_child(mcp *m, json_t *id, char **argv, strbuf *doc, int *rc, int *start_errno)
{
    int out[2], ex[2];
    *start_errno = 0;
    if (pipe(out)) {
        *start_errno = errno;
        return -1;
    }
    if (pipe2(ex, O_CLOEXEC)) {
        *start_errno = errno;
        close(out[0]);
        close(out[1]);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        int nul = open("/dev/null", O_RDWR);
        dup2(nul, STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        dup2(nul, STDERR_FILENO);
        close(out[0]);
        close(out[1]);
        close(ex[0]);
        execv(m->self, argv);
        /* the cause goes back through the close-on-exec pipe */
        int e = errno;
        ssize_t w = write(ex[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    int fork_errno = errno;
    close(out[1]);
    close(ex[1]);
    int exec_errno = 0;
    if (pid > 0) {
        ssize_t r;
        while ((r = read(ex[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR)
            ;
        if (r != (ssize_t)sizeof exec_errno)
            exec_errno = 0;
    }
    close(ex[0]);
    if (pid < 0 || exec_errno) {
        close(out[0]);
        if (pid > 0)
            while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                ;
        *start_errno = pid < 0 ? fork_errno : exec_errno;
        return -1;
    }
    bool open_out = true, cancelled = false, gone = false;
    /* requests that arrive meanwhile wait until the call ends */
    strbuf later = STRBUF_INIT;
    while (open_out) {
        struct pollfd p[2] = {{out[0], POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
        int np = m->eof ? 1 : 2;
        if (poll(p, (nfds_t)np, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (p[0].revents) {
            char buf[65536];
            ssize_t r = read(out[0], buf, sizeof buf);
            if (r > 0)
                sb_add(doc, buf, (size_t)r);
            else if (r == 0 || errno != EINTR)
                open_out = false;
        }
        if (np == 2 && p[1].revents) {
            fill(m);
            char *l;
            while ((l = next_line(m))) {
                json_t *msg = json_loads(l, 0, NULL);
                if (msg && cancels(msg, id))
                    cancelled = true;
                else
                    sb_addf(&later, "%s\n", l);
                json_decref(msg);
                free(l);
            }
        }
        /* end of input: the client closed its side. It is gone when it no
         * longer reads either; else the call finishes and is answered */
        if (m->eof && !gone) {
            struct pollfd o = {STDOUT_FILENO, POLLOUT, 0};
            gone = poll(&o, 1, 0) > 0 && (o.revents & (POLLERR | POLLHUP));
        }
        if (cancelled || gone) {
            stop_child(pid);
            break;
        }
    }
    close(out[0]);
    int st = 0;
    while (!cancelled && !gone && waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    *rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    /* the requests that arrived during the call, in order */
    if (later.len) {
        strbuf rest = m->in;
        m->in = later;
        sb_add(&m->in, rest.buf ? rest.buf + m->start : "", rest.len - m->start);
        sb_release(&rest);
        m->start = m->scanned = 0;
    } else {
        sb_release(&later);
    }
    return cancelled || gone ? 1 : 0;
}

/* tools/call: an unknown tool or arguments that are not an object are
 * protocol errors (-32602); every other mistake is a tool error carrying
 * the error document. The command's document is the text and the
 * structuredContent; with format md the text is its Markdown, from a
 * second run. isError when the command failed (exit 2..70; a tripped
 * gate, exit 1, is an answer). */
static void tools_call(mcp *m, json_t *id, json_t *params)
{
    const char *name = json_string_value(json_object_get(params, "name"));
    json_t *args = json_object_get(params, "arguments");
    const nsq_cmd *c = name ? tool_cmd(name) : NULL;
    if (!c) {
        char why[512];
        snprintf(why, sizeof why, "unknown tool '%.200s'", name ? name : "(none)");
        send_error(id, -32602, why);
        return;
    }
    if (args && !json_is_object(args) && !json_is_null(args)) {
        send_error(id, -32602, "'arguments' must be an object");
        return;
    }
    json_t *empty = json_object();
    json_t *a_obj = json_is_object(args) ? args : empty;
    argv_b a = {0}, a_md = {0};
    nsq_err err = {0};
    bool md = false;
    if (build_argv(c, a_obj, NULL, &a, &md, &err) ||
        (md && build_argv(c, a_obj, "md", &a_md, &md, &err))) {
        send_tool_error(id, c->name, &err);
        goto done;
    }
    /* a cancel already sent (often in the same read as the request): the
     * call is not started, and not answered */
    if (cancel_pending(m, id))
        goto done;
    strbuf doc = STRBUF_INIT, text = STRBUF_INIT;
    int rc = 0, e = 0, r = run_child(m, id, a.v, &doc, &rc, &e);
    if (r == 0) {
        json_t *structured = json_loadb(doc.buf ? doc.buf : "", doc.len, 0, NULL);
        bool failed = rc != 0 && rc != 1;
        int rc_md = 0;
        if (md && !failed && !cancel_pending(m, id))
            r = run_child(m, id, a_md.v, &text, &rc_md, &e);
        if (r == 0) {
            /* the Markdown when it came, else the document */
            bool use_md = md && !failed && text.len && rc_md == rc;
            send_tool_result(id,
                             use_md    ? text.buf
                             : doc.buf ? doc.buf
                                       : "",
                             use_md ? text.len : doc.len, structured, failed);
        }
        json_decref(structured);
    }
    if (r < 0)
        start_failed(id, c->name, e);
    sb_release(&doc);
    sb_release(&text);
done:
    json_decref(empty);
    arg_free(&a);
    arg_free(&a_md);
}

static void handle(mcp *m, const char *line)
{
    const char *p = line;
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    if (!*p)
        return;
    json_error_t je;
    json_t *msg = json_loads(line, 0, &je);
    if (!msg) {
        send_error(NULL, -32700, "parse error: not JSON");
        return;
    }
    json_t *id = json_object_get(msg, "id");
    const char *method = json_string_value(json_object_get(msg, "method"));
    json_t *params = json_object_get(msg, "params");
    if (!json_is_object(msg) || !method) {
        /* a response from the client (we send no requests) or garbage */
        if (json_is_object(msg) &&
            (json_object_get(msg, "result") || json_object_get(msg, "error")))
            ;
        else
            send_error(id, -32600, "invalid request: no method");
        json_decref(msg);
        return;
    }
    if (!id) { /* a notification: initialized, cancelled (of nothing running), ... */
        json_decref(msg);
        return;
    }
    if (!strcmp(method, "initialize")) {
        const char *want = json_string_value(json_object_get(params, "protocolVersion"));
        const char *v = PROTOCOL_LATEST;
        for (int i = 0; want && protocols[i]; i++)
            if (!strcmp(want, protocols[i]))
                v = protocols[i];
        send_result(id, json_pack("{s:s, s:{s:{s:b}}, s:{s:s, s:s}, s:s}", "protocolVersion", v,
                                  "capabilities", "tools", "listChanged", 0, "serverInfo", "name",
                                  "nsysql", "version", NSYSQL_VERSION, "instructions",
                                  "nsysql answers questions about NVIDIA Nsight Systems exports: "
                                  "call info first, then top-kernels, idle-gaps, steady-state, "
                                  "ranks or timeline-sql; diff compares a baseline with a patch "
                                  "(read result.verdict and result.summary.sentence). Inputs are "
                                  "paths on this machine; nothing is ever written to them."));
    } else if (!strcmp(method, "ping")) {
        send_result(id, json_object());
    } else if (!strcmp(method, "tools/list")) {
        send_result(id, json_incref(tools_list()));
    } else if (!strcmp(method, "tools/call")) {
        if (!json_is_object(params))
            send_error(id, -32602, "tools/call needs params {name, arguments}");
        else
            tools_call(m, id, params);
    } else {
        char why[300];
        snprintf(why, sizeof why, "method not found: %.200s", method);
        send_error(id, -32601, why);
    }
    json_decref(msg);
}

typedef struct mcp_opts {
    int list_tools;
} mcp_opts;

static int cmd_mcp(nsq_ctx *ctx, void *vopts)
{
    mcp_opts *o = vopts;
    if (o->list_tools) {
        json_t *t = tools_list();
        char *s = json_dumps(json_object_get(t, "tools"), JSON_COMPACT);
        if (!s)
            return nsq_error(&ctx->err, NSQ_EXIT_INTERNAL, "internal", "cannot render the tools");
        json_obj_begin(&ctx->params);
        json_kv_bool(&ctx->params, "list_tools", true);
        json_obj_end(&ctx->params);
        json_obj_begin(&ctx->result);
        json_kv_str(&ctx->result, "protocol_version", PROTOCOL_LATEST);
        json_kv_raw(&ctx->result, "tools", s);
        json_obj_end(&ctx->result);
        free(s);
        return 0;
    }
    mcp m;
    memset(&m, 0, sizeof m);
    ssize_t n = readlink("/proc/self/exe", m.self, sizeof m.self - 1);
    if (n <= 0)
        return nsq_error(&ctx->err, NSQ_EXIT_INTERNAL, "internal", "cannot find the nsysql binary");
    m.self[n] = '\0';
    signal(SIGPIPE, SIG_IGN);
    for (;;) {
        char *l;
        while ((l = next_line(&m))) {
            handle(&m, l);
            free(l);
        }
        if (m.eof)
            break;
        struct pollfd p = {STDIN_FILENO, POLLIN, 0};
        if (poll(&p, 1, -1) < 0 && errno != EINTR)
            break;
        fill(&m);
    }
    sb_release(&m.in);
    ctx->no_document = true; /* the session was the output */
    return 0;
}

static const nsq_opt mcp_options[] = {
    OPT_ENTRY("list-tools", 0, OPT_BOOL, mcp_opts, list_tools, NULL,
              "print the tools (what tools/list answers) as a JSON document and exit"),
    OPT_TABLE_END,
};

const nsq_cmd cmd_mcp_def = {
    "mcp",
    cmd_mcp,
    CMD_OWN_LIMITS | CMD_NO_CACHE,
    "nsysql/mcp",
    1,
    "serve the analysis commands as tools over the Model Context Protocol (JSON-RPC on stdio)",
    "",
    mcp_options,
    sizeof(mcp_opts),
    NULL,
};
