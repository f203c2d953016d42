/* mcp_tools: the MCP tools nsysql serves, made from the command table.
 *
 * One tool per analysis command. Its inputSchema comes from the command's
 * option table: the input(s) it needs (required), one property per option
 * with its type, keywords (enum), bounds and default (the option-table
 * fields of opts.h, and the facts below for tables that lack them), and
 * format json|md where the command prints Markdown. Its outputSchema is the
 * command's document schema (schemas/, embedded), with nsysql/merge as the
 * alternative where several inputs are taken; its annotations say whether
 * it writes a file (report, export-trace). A call's arguments are checked
 * against the same facts and turned into the command line the CLI would
 * run; a mistake is an nsq_err with the code the CLI uses for it. */
#include "mcp_tools.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/util/schemas.h"

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
     "kernels and attribution rows listed, by time at stake (default 5; 0 = all; "
     "summary.rows_left_out says when rows were left out)"},
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

bool mcp_is_tool(const nsq_cmd *c)
{
    return strcmp(c->name, "capture") && strcmp(c->name, "verify") && strcmp(c->name, "skill") &&
           strcmp(c->name, "mcp");
}

const nsq_cmd *mcp_tool_cmd(const char *name)
{
    for (int i = 0; i < nsq_ncommands; i++)
        if (mcp_is_tool(nsq_commands[i]) && !strcmp(nsq_commands[i]->name, name))
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
json_t *mcp_tools_list(void)
{
    static json_t *list;
    if (!list) {
        json_t *tools = json_array();
        for (int i = 0; i < nsq_ncommands; i++)
            if (mcp_is_tool(nsq_commands[i]))
                json_array_append_new(tools, tool_def(nsq_commands[i]));
        list = json_pack("{s:o}", "tools", tools);
    }
    return list;
}

static void arg_add(mcp_argv *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? 2 * a->cap : 16;
        a->v = xrealloc(a->v, sizeof *a->v * (size_t)a->cap);
    }
    a->v[a->n++] = xstrdup(s);
    a->v[a->n] = NULL;
}

void mcp_argv_free(mcp_argv *a)
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

static void add_value(mcp_argv *a, const nsq_opt *o, json_t *v)
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
int mcp_build_argv(const nsq_cmd *c, json_t *args, const char *format, mcp_argv *a, bool *md,
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
