/* For agents: `help --json` (every command, option, schema, exit and error
 * code as one document) and `nsysql skill` (a SKILL.md in the Agent Skills
 * format generated from the same tables, so that it cannot drift). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/cmd.h"
#include "nsysql/util/errcodes.h"

static const char *type_name(enum nsq_opt_type t)
{
    switch (t) {
    case OPT_BOOL:
        return "boolean";
    case OPT_INT:
        return "integer";
    case OPT_DOUBLE:
        return "number";
    case OPT_STR:
        return "string";
    case OPT_LIST:
    case OPT_LIST_MULTI:
        return "list";
    default:
        return "unknown";
    }
}

/* The option's default, read from a struct filled by the command's defaults. */
static void opt_default(json *j, const nsq_opt *o, const void *defs)
{
    const char *p = defs ? (const char *)defs + o->offset : NULL;
    json_key(j, "default");
    if (!p) {
        json_null(j);
        return;
    }
    switch (o->type) {
    case OPT_BOOL:
        json_bool(j, *(const int *)p != 0);
        break;
    case OPT_INT:
        json_int(j, *(const int64_t *)p);
        break;
    case OPT_DOUBLE:
        json_double(j, *(const double *)p);
        break;
    case OPT_STR:
        json_str(j, *(const char *const *)p);
        break;
    default:
        json_null(j);
    }
}

static void opt_list(json *j, const nsq_opt *opts, const void *defs)
{
    json_arr_begin(j);
    for (const nsq_opt *o = opts; o && o->name; o++) {
        json_obj_begin(j);
        json_kv_str(j, "name", o->name);
        if (o->short_name) {
            char s[2] = {o->short_name, 0};
            json_kv_str(j, "short", s);
        } else {
            json_kv_null(j, "short");
        }
        json_kv_str(j, "type", type_name(o->type));
        json_kv_bool(j, "repeatable", o->type == OPT_LIST || o->type == OPT_LIST_MULTI);
        json_kv_str(j, "arg", o->argname);
        opt_default(j, o, defs);
        json_kv_str(j, "help", o->help);
        if (o->choices) {
            json_key(j, "choices");
            json_arr_begin(j);
            for (const char *const *c = o->choices; *c; c++)
                json_str(j, *c);
            json_arr_end(j);
        }
        if (o->flags & OPTF_MIN)
            json_kv_double(j, o->flags & OPTF_MIN_EXCL ? "exclusive_minimum" : "minimum", o->min);
        if (o->flags & OPTF_MAX)
            json_kv_double(j, o->flags & OPTF_MAX_EXCL ? "exclusive_maximum" : "maximum", o->max);
        if (o->flags & OPTF_REQUIRED)
            json_kv_bool(j, "required", true);
        json_obj_end(j);
    }
    json_arr_end(j);
}

void nsq_help_json(json *j)
{
    json_doc_head(j, "nsysql/help", 1, true);
    json_key(j, "commands");
    json_arr_begin(j);
    for (int i = 0; i < nsq_ncommands; i++) {
        const nsq_cmd *c = nsq_commands[i];
        void *defs = xcalloc(1, c->opts_size ? c->opts_size : 1);
        if (c->defaults)
            c->defaults(defs);
        json_obj_begin(j);
        json_kv_str(j, "name", c->name);
        json_kv_str(j, "summary", c->summary);
        json_kv_str(j, "usage", c->usage);
        json_kv_str(j, "schema", c->schema);
        json_kv_int(j, "schema_version", c->schema_version);
        json_kv_bool(j, "needs_export", (c->flags & CMD_NEED_EXPORT) != 0);
        json_kv_bool(j, "formats", (c->flags & CMD_FORMATS) != 0);
        json_kv_bool(j, "limits", !(c->flags & CMD_OWN_LIMITS));
        json_kv_bool(j, "cached", !(c->flags & CMD_NO_CACHE));
        json_kv_bool(j, "multi", (c->flags & CMD_MULTI) != 0);
        json_key(j, "options");
        opt_list(j, c->opts, defs);
        json_obj_end(j);
        free(defs);
    }
    json_arr_end(j);
    json_key(j, "common_options");
    opt_list(j, nsq_common_options, NULL);
    json_key(j, "limit_options");
    opt_list(j, nsq_limit_options, NULL);
    json_key(j, "cache_options");
    opt_list(j, nsq_cache_options, NULL);
    json_key(j, "multi_options");
    opt_list(j, nsq_multi_options, NULL);
    json_key(j, "exit_codes");
    json_arr_begin(j);
    for (const nsq_exitcode *e = nsq_exitcodes; e->meaning; e++) {
        json_obj_begin(j);
        json_kv_int(j, "code", e->code);
        json_kv_str(j, "meaning", e->meaning);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_key(j, "error_codes");
    json_arr_begin(j);
    for (int i = 0; i < nsq_nerrcodes; i++) {
        json_obj_begin(j);
        json_kv_str(j, "code", nsq_errcodes[i].code);
        json_kv_int(j, "exit_code", nsq_errcodes[i].exit_code);
        json_kv_str(j, "meaning", nsq_errcodes[i].meaning);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_obj_end(j);
}

/* ---- skill ----------------------------------------------------------------- */

/* What an agent reads first in each command's document (paths into the
 * command's schema; tests/test_agent.py checks each exists there). */
static const struct {
    const char *cmd;
    const char *fields;
} read_first[] = {
    {"capture", "`.ok`, `.result.files.sqlite` (the export to analyse), `.result.stop_reason`; `.error.code` on failure"},
    {"info", "`.result.analyses` (what can run, and why not), `.result.gpu_activity`, `.result.devices`, `.warnings`"},
    {"timeline-sql", "`.result.rows`, `.result.truncated`"},
    {"top-kernels", "`.result.kernels[]` (`name`, `instances`, `total_ns`, `median_ns`, `pct_of_gpu_busy`), `.params.window`"},
    {"idle-gaps", "`.result.devices[]` (`busy_ns`, `idle_ns`, `pct_idle`), `.result.devices[].longest_gaps` (with a likely cause each)"},
    {"steady-state", "`.result.found`, `.result.confidence`, `.result.steady_start_ns`, `.result.steady_end_ns`, `.result.reason.code` when not found"},
    {"verify", "`.result.verdict`, `.result.reason`, `.result.stopped.code`, `.result.good_captures`, `.result.captures[]` (`status`, `error`), `.result.diff` (the final diff document)"},
    {"diff", "`.result.verdict`, `.result.summary.sentence`, `.result.kernels[]` (`verdict`, `reason`, `per_instance`; `--detail` adds `decomposition`, `per_instance.noise`, `shapes`), `.result.window_choice`, `.result.common_shift`"},
    {"ranks", "`.result.stragglers.ranks[]`, `.result.ranks[]` (`compute_ns`, `communication_ns`, `idle_ns`, `step`), `.result.collectives[]`"},
};

static const char *fields_of(const char *cmd)
{
    for (size_t i = 0; i < sizeof read_first / sizeof read_first[0]; i++)
        if (!strcmp(read_first[i].cmd, cmd))
            return read_first[i].fields;
    return NULL;
}

static void skill_options(strbuf *sb, const nsq_opt *opts)
{
    for (const nsq_opt *o = opts; o && o->name; o++) {
        sb_addf(sb, "  - `--%s%s%s`", o->name, o->argname ? " " : "", o->argname ? o->argname : "");
        if (o->type == OPT_LIST || o->type == OPT_LIST_MULTI)
            sb_addstr(sb, " (repeatable)");
        sb_addf(sb, ": %s\n", o->help ? o->help : "");
    }
}

typedef struct skill_opts {
    int json;
} skill_opts;

static int cmd_skill(nsq_ctx *ctx, void *vopts)
{
    skill_opts *o = vopts;
    strbuf md = STRBUF_INIT;
    strbuf *sb = &md;
    sb_addstr(sb,
              "---\n"
              "name: nsysql\n"
              "description: Answer questions about NVIDIA Nsight Systems GPU profiles from the "
              "command line with one JSON document per call - what a capture holds, where GPU time "
              "goes, idle gaps, the steady state, per-rank stragglers, and above all whether a "
              "patch made the GPU work faster (baseline vs patch diff with verdicts and "
              "confidence). Use it when a task involves nsys captures (.nsys-rep or SQLite "
              "exports), CUDA kernel performance, or verifying a GPU optimisation.\n"
              "---\n\n"
              "# nsysql\n\n"
              "nsysql reads the SQLite export of an `nsys` capture and prints one JSON document "
              "per call on stdout (the message of a failure also on stderr), fixed by a JSON "
              "Schema (`schema` and `schema_version` in every document). It never writes the "
              "export. `nsysql help --json` lists every command, option, exit code and error code "
              "as JSON.\n\n"
              "## Workflow\n\n"
              "1. **Capture** (when there is no export yet): `nsysql capture --out-dir DIR -- "
              "COMMAND ARGS`. It runs nsys (or the CUPTI backend), exports SQLite at once and "
              "prints the capture contract; `.result.files.sqlite` is the file to analyse. On failure "
              "read `.error.code` (exit 5): see the capture codes in the error table below.\n"
              "2. **Look first**: `nsysql info EXPORT`. `.result.analyses` says which analyses can "
              "run and why not; read `.warnings`.\n"
              "3. **Ask the question**: `top-kernels` (where GPU time goes), `idle-gaps` (when the "
              "GPU waits, and why), `steady-state` (where warm-up ends), `ranks` (stragglers "
              "across processes and GPUs), `timeline-sql` (anything else, read-only SQL over the "
              "portable views: `timeline-sql --list`).\n"
              "4. **Verify a patch**: `nsysql verify --out-dir DIR -- BASE_CMD ARGS --patch -- "
              "PATCH_CMD ARGS`. It captures both commands interleaved (A B B A A B: drift and "
              "clock levels hit both sides alike), 3 times each by default (`--repeat N`), diffs "
              "them with the capture as the unit of noise after every round, and stops once the "
              "verdict is firm and stable. It checks first that both ran the same workload "
              "(`not_comparable` otherwise, after one round). Read `.result.verdict` and "
              "`.result.reason`; a side with fewer than two good captures is `inconclusive` "
              "(exit 5; `.result.captures[]` says which failed and why). `--baseline-dir DIR` "
              "reuses the baseline captures of an earlier verify (DIR = its --out-dir) while you "
              "try another patch. For captures you already have: `nsysql diff --baseline A1 A2 "
              "--patch B1 B2` (one capture per side cannot separate the patch from run-to-run "
              "noise). Read `.result.verdict` and `.result.summary.sentence`, then "
              "`.result.kernels[]`. Gate CI with `--fail-on regression` (exit 1 when it "
              "fails).\n\n"
              "## Reading a diff\n\n"
              "Verdicts speak of per-instance speed; count changes are reported apart "
              "(`decomposition`: count, mix and speed parts of the change of a kernel's total).\n\n"
              "The default document lists the 5 kernels with the most time at stake in compact "
              "rows (verdict, reason, totals, the change and its interval); `--limit 0` lists "
              "all, `--detail` adds each row's evidence (decomposition, noise floor, shapes, "
              "per-capture figures).\n\n"
              "First check `.result.workload`: `not_comparable` means the two captures ran "
              "different problems (other input sizes, arguments, grids, or another program "
              "beside one more difference): no speed verdict; "
              "re-capture the same workload (or `--assume-same-workload` if you know better).\n\n"
              "- `improved` / `regressed`: the interval of the per-instance change lies wholly "
              "beyond `--min-effect` and beyond the capture-to-capture noise floor "
              "(`per_instance.noise` with `--detail`).\n"
              "- `unchanged`: the interval lies inside +-`--min-effect`.\n"
              "- `inconclusive`: neither could be shown; `reason` says why. Do not act on it: "
              "capture more runs.\n"
              "- `likely_improved` / `likely_regressed`: clear within one capture per side but "
              "not beyond what another capture could show (assumed noise, clock levels, a change "
              "not seen in every part of the capture, a common shift), or one instance per side. "
              "Repeat the captures (`--baseline A1 A2 --patch B1 B2`) to confirm.\n"
              "- `not_comparable`: listed but not judged (the workloads differ).\n"
              "- `replaced`: a kernel that disappeared paired with one that appeared, with the "
              "evidence in `pairing`.\n"
              "- `added` / `removed`: no partner on the other side.\n"
              "- `mixed` (overall verdict only): material improvements and regressions both "
              "(the overall verdict weighs each kernel's baseline time by its change), or the "
              "kernels one way and the GPU span, idle included, the other way by more "
              "(`result.headline.span.against_kernels`: overlap, synchronisation, host time; "
              "basis `busy_per_launch`: the kernels overlap more or less, the GPU's busy time "
              "moved against them).\n"
              "- a row with `relaunched`: the kernel ran another number of times per iteration "
              "(split into more launches, or fused into fewer); its verdict rests on "
              "`relaunched.per_iteration`, not on `per_instance`.\n\n"
              "`per_instance.ci_low_pct`/`ci_high_pct` (an interval, or null; `--detail`: "
              "`ci_reason`, `confidence`) say "
              "how sure. `result.common_shift` flags kernels that all moved together (clocks, "
              "thermals): judge them by `vs_common_shift`. `result.window_choice` says which "
              "window was compared and why (steady windows only when trusted on every side). "
              "`result.headline.span` is the GPU span beside the kernels (`decided: false`: "
              "only said, too few captures to judge it); `result.headline.launches_alike` "
              "means every kernel ran xk as often and the verdict cannot tell a split from a "
              "longer run. A `devices` item in `.result.workload.items`: the sides ran on "
              "different numbers of GPUs; with the launches split alike, the end-to-end time "
              "(`headline.span`) decides, not the per-instance change.\n\n"
              "## Commands\n\n");
    for (int i = 0; i < nsq_ncommands; i++) {
        const nsq_cmd *c = nsq_commands[i];
        if (!strcmp(c->name, "skill"))
            continue;
        sb_addf(sb, "### %s\n\n`nsysql %s [options] %s`: %s. Output schema `%s` (v%d).\n\n", c->name,
                c->name, c->usage ? c->usage : "", c->summary, c->schema, c->schema_version);
        const char *f = fields_of(c->name);
        if (f)
            sb_addf(sb, "Read first: %s.\n\n", f);
        if (c->opts && c->opts->name) {
            sb_addstr(sb, "Options:\n");
            skill_options(sb, c->opts);
            sb_addch(sb, '\n');
        }
    }
    sb_addstr(sb, "### Options of every command\n\n");
    skill_options(sb, nsq_common_options);
    sb_addstr(sb, "\nEvery command that reads an export also takes:\n");
    skill_options(sb, nsq_limit_options);
    skill_options(sb, nsq_cache_options);
    sb_addstr(sb, "\ntop-kernels, idle-gaps and info take several exports (paths or a directory of "
                  "them; one document, nsysql/merge; exit 3 when some inputs failed) and also take:\n");
    skill_options(sb, nsq_multi_options);
    sb_addstr(sb, "\n## Exit codes\n\n| exit | meaning |\n|---|---|\n");
    for (const nsq_exitcode *e = nsq_exitcodes; e->meaning; e++)
        sb_addf(sb, "| %d | %s |\n", e->code, e->meaning);
    sb_addstr(sb, "\n## Error codes\n\nA failure prints `{\"schema\": \"nsysql/error\", \"ok\": false, "
                  "\"error\": {\"code\", \"message\", \"hint\", \"exit_code\"}}`. Act on `code`; "
                  "`hint` says what to try.\n\n| code | exit | meaning |\n|---|---|---|\n");
    for (int i = 0; i < nsq_nerrcodes; i++)
        sb_addf(sb, "| `%s` | %d | %s |\n", nsq_errcodes[i].code, nsq_errcodes[i].exit_code,
                nsq_errcodes[i].meaning);
    sb_addstr(sb,
              "\n## jq recipes\n\n"
              "```sh\n"
              "# is the patch faster, and can that be trusted? (captures both, repeated)\n"
              "nsysql verify --out-dir v1 -- ./bench --patch -- ./bench-patched | jq -r "
              "'.result.verdict, .result.reason'\n"
              "# did the patch make the GPU work faster, and how sure?\n"
              "nsysql diff base.sqlite patch.sqlite | jq -r '.result.summary.sentence'\n"
              "# the kernels that changed, with their verdicts\n"
              "nsysql diff base.sqlite patch.sqlite | jq -c '.result.kernels[] | "
              "select(.verdict != \"unchanged\") | {name, verdict, change: .per_instance.change_pct}'\n"
              "# the five kernels with the most GPU time\n"
              "nsysql top-kernels run.sqlite --limit 5 | jq -c '.result.kernels[] | {name, "
              "total_ns, pct_of_gpu_busy}'\n"
              "# can the analyses run on this export?\n"
              "nsysql info run.sqlite | jq '.result.analyses'\n"
              "# a failure: the code to act on\n"
              "nsysql top-kernels missing.sqlite | jq -r '.error.code'\n"
              "```\n");
    if (o->json) {
        json_obj_begin(&ctx->params);
        json_kv_bool(&ctx->params, "json", true);
        json_obj_end(&ctx->params);
        json_obj_begin(&ctx->result);
        json_kv_str(&ctx->result, "name", "nsysql");
        json_kv_str(&ctx->result, "path", "share/nsysql/skills/nsysql/SKILL.md");
        json_kv_str(&ctx->result, "markdown", md.buf);
        json_obj_end(&ctx->result);
    } else {
        sb_add(&ctx->text, md.buf, md.len);
    }
    sb_release(&md);
    return 0;
}

static const nsq_opt skill_options_table[] = {
    OPT_ENTRY("json", 0, OPT_BOOL, skill_opts, json, NULL,
              "print a JSON document (result.markdown) instead of the Markdown itself"),
    OPT_TABLE_END,
};

const nsq_cmd cmd_skill_def = {
    "skill", cmd_skill, CMD_OWN_LIMITS | CMD_NO_CACHE, "nsysql/skill", 1,
    "print a SKILL.md (Agent Skills format: YAML front matter, then Markdown) that teaches an "
    "agent to use nsysql; generated from the command, option and error tables",
    "", skill_options_table, sizeof(skill_opts), NULL,
};

/* ---- man pages and shell completion ------------------------------------------ */

/* Text for roff: backslashes doubled, a leading . or ' protected. */
static void roff(strbuf *sb, const char *s)
{
    if (!s)
        return;
    if (*s == '.' || *s == '\'')
        sb_addstr(sb, "\\&");
    for (; *s; s++) {
        if (*s == '\\')
            sb_addstr(sb, "\\e");
        else if (*s == '-')
            sb_addstr(sb, "\\-");
        else if (*s == '\n')
            sb_addstr(sb, "\n.br\n");
        else
            sb_addch(sb, *s);
    }
}

static void upper(strbuf *sb, const char *s)
{
    for (; *s; s++)
        sb_addch(sb, (*s >= 'a' && *s <= 'z') ? (char)(*s - 32) : *s);
}

static void man_options(strbuf *sb, const nsq_opt *opts)
{
    for (const nsq_opt *o = opts; o && o->name; o++) {
        sb_addstr(sb, ".TP\n");
        if (o->short_name)
            sb_addf(sb, "\\fB\\-%c\\fR, ", o->short_name);
        sb_addstr(sb, "\\fB\\-\\-");
        roff(sb, o->name);
        sb_addstr(sb, "\\fR");
        if (o->argname) {
            sb_addstr(sb, " \\fI");
            roff(sb, o->argname);
            sb_addstr(sb, "\\fR");
        }
        sb_addch(sb, '\n');
        roff(sb, o->help);
        if (o->type == OPT_LIST || o->type == OPT_LIST_MULTI)
            sb_addstr(sb, " (repeatable)");
        sb_addch(sb, '\n');
    }
}

static void man_exit(strbuf *sb)
{
    sb_addstr(sb, ".SH EXIT STATUS\n");
    for (const nsq_exitcode *e = nsq_exitcodes; e->meaning; e++) {
        sb_addf(sb, ".TP\n.B %d\n", e->code);
        roff(sb, e->meaning);
        sb_addch(sb, '\n');
    }
}

/* nsysql(1) when c is NULL, else nsysql-COMMAND(1). */
void nsq_man_page(strbuf *sb, const nsq_cmd *c)
{
    sb_addstr(sb, ".TH ");
    upper(sb, c ? "nsysql-" : "nsysql");
    if (c)
        upper(sb, c->name);
    sb_addf(sb, " 1 \"\" \"nsysql %s\" \"nsysql manual\"\n.SH NAME\n", NSYSQL_VERSION);
    if (!c) {
        sb_addstr(sb, "nsysql \\- answer questions about NVIDIA Nsight Systems GPU profiles, one JSON document per call\n"
                      ".SH SYNOPSIS\n.B nsysql\n\\fICOMMAND\\fR [\\fIoptions\\fR] [\\fIargs\\fR]\n.br\n"
                      ".B nsysql\n\\-\\-version | \\-\\-list\\-cmds [\\-\\-json] | help [\\-\\-json | \\fICOMMAND\\fR]\n"
                      ".SH DESCRIPTION\nnsysql reads the SQLite export of an nsys capture and prints one JSON document per "
                      "call on standard output, fixed by a JSON Schema; a failure is a document too, with a stable error "
                      "code, and its message also goes to standard error. The export is never modified.\n"
                      ".SH COMMANDS\n");
        for (int i = 0; i < nsq_ncommands; i++) {
            sb_addstr(sb, ".TP\n.BR nsysql\\-");
            roff(sb, nsq_commands[i]->name);
            sb_addstr(sb, " (1)\n");
            roff(sb, nsq_commands[i]->summary);
            sb_addch(sb, '\n');
        }
        sb_addstr(sb, ".SH OPTIONS OF EVERY COMMAND\n");
        man_options(sb, nsq_common_options);
        man_options(sb, nsq_limit_options);
        man_options(sb, nsq_cache_options);
        man_exit(sb);
        sb_addstr(sb, ".SH ERROR CODES\n");
        for (int i = 0; i < nsq_nerrcodes; i++) {
            sb_addstr(sb, ".TP\n.B ");
            roff(sb, nsq_errcodes[i].code);
            sb_addf(sb, "\n(exit %d) ", nsq_errcodes[i].exit_code);
            roff(sb, nsq_errcodes[i].meaning);
            sb_addch(sb, '\n');
        }
        sb_addstr(sb, ".SH ENVIRONMENT\n"
                      ".TP\n.B NSYSQL_THREADS\nconnections reading a big table at once (default: the CPUs); 1 reads on one\n"
                      ".TP\n.B NSYSQL_RAWSCAN\n0 reads every row through SQLite instead of the file's pages\n"
                      ".TP\n.B NSYSQL_CACHE, NSYSQL_CACHE_DIR, NSYSQL_CACHE_MAX_MB, NSYSQL_CACHE_TRACE\nthe answer cache: 0 turns "
                      "it off; its folder (default $XDG_CACHE_HOME/nsysql); its bound (default 256); 1 reports hits on "
                      "standard error\n"
                      ".TP\n.B NSYS_PATH\nthe nsys used by capture and to export a .nsys\\-rep\n"
                      ".SH FILES\n.TP\n.I $XDG_CACHE_HOME/nsysql/\nanswers of earlier calls (mode 0600), least recently used "
                      "dropped first\n.TP\n.I share/nsysql/schemas/\nthe JSON Schemas of the documents\n.TP\n"
                      ".I share/nsysql/skills/nsysql/SKILL.md\nthe agent skill\n");
        sb_addstr(sb, ".SH SEE ALSO\n");
        for (int i = 0; i < nsq_ncommands; i++) {
            sb_addstr(sb, ".BR nsysql\\-");
            roff(sb, nsq_commands[i]->name);
            sb_addf(sb, " (1)%s\n", i + 1 < nsq_ncommands ? "," : "");
        }
        return;
    }
    sb_addstr(sb, "nsysql\\-");
    roff(sb, c->name);
    sb_addstr(sb, " \\- ");
    roff(sb, c->summary);
    sb_addstr(sb, "\n.SH SYNOPSIS\n.B nsysql ");
    roff(sb, c->name);
    sb_addstr(sb, "\n[\\fIoptions\\fR] ");
    roff(sb, c->usage);
    sb_addstr(sb, "\n.SH DESCRIPTION\n");
    roff(sb, c->summary);
    strbuf d = STRBUF_INIT;
    sb_addf(&d, ".\nThe output is one JSON document (schema %s, version %d; the schema file is "
                "share/nsysql/schemas/%s.v%d.schema.json).\n",
            c->schema, c->schema_version, c->schema + 7, c->schema_version);
    roff(sb, d.buf);
    sb_release(&d);
    const char *f = fields_of(c->name);
    if (f) {
        sb_addstr(sb, "Read first: ");
        for (const char *p = f; *p; p++)
            if (*p != '`')
                sb_addch(sb, *p);
        sb_addstr(sb, ".\n");
    }
    sb_addstr(sb, ".SH OPTIONS\n");
    man_options(sb, c->opts);
    man_options(sb, nsq_common_options);
    if (c->flags & CMD_MULTI)
        man_options(sb, nsq_multi_options);
    if (!(c->flags & CMD_OWN_LIMITS))
        man_options(sb, nsq_limit_options);
    if (!(c->flags & CMD_NO_CACHE))
        man_options(sb, nsq_cache_options);
    else if (!(c->flags & CMD_OWN_LIMITS))
        man_options(sb, nsq_cache_noop_options);
    man_exit(sb);
    sb_addstr(sb, ".SH SEE ALSO\n.BR nsysql (1)\n");
}

/* ---- docs/commands/<name>.md ------------------------------------------------ */

/* Text for a Markdown table cell: | escaped, newlines as spaces. */
static void md_cell(strbuf *sb, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|')
            sb_addstr(sb, "\\|");
        else
            sb_addch(sb, *s == '\n' ? ' ' : *s);
    }
}

/* The option's default as Markdown, from a struct filled by the command's
 * defaults; empty when it has none worth showing. */
static void md_default(strbuf *sb, const nsq_opt *o, const void *defs)
{
    const char *p = defs ? (const char *)defs + o->offset : NULL;
    if (!p)
        return;
    if (o->type == OPT_INT && *(const int64_t *)p)
        sb_addf(sb, "`%lld`", (long long)*(const int64_t *)p);
    else if (o->type == OPT_DOUBLE && *(const double *)p != 0)
        sb_addf(sb, "`%g`", *(const double *)p);
    else if (o->type == OPT_STR && *(const char *const *)p) {
        sb_addch(sb, '`');
        md_cell(sb, *(const char *const *)p);
        sb_addch(sb, '`');
    }
}

static void md_options(strbuf *sb, const nsq_opt *opts, const void *defs)
{
    for (const nsq_opt *o = opts; o && o->name; o++) {
        sb_addstr(sb, "| ");
        if (o->short_name)
            sb_addf(sb, "`-%c`, ", o->short_name);
        sb_addf(sb, "`--%s", o->name);
        if (o->argname)
            sb_addf(sb, " %s", o->argname);
        sb_addstr(sb, "` | ");
        md_default(sb, o, defs);
        sb_addstr(sb, " | ");
        md_cell(sb, o->help);
        if (o->type == OPT_LIST || o->type == OPT_LIST_MULTI)
            sb_addstr(sb, " (repeatable)");
        sb_addstr(sb, " |\n");
    }
}

/* The generated part of docs/commands/<name>.md: usage, output, options. */
void nsq_markdown_page(strbuf *sb, const nsq_cmd *c)
{
    void *defs = xcalloc(1, c->opts_size ? c->opts_size : 1);
    if (c->defaults)
        c->defaults(defs);
    sb_addf(sb,
            "<!-- generated by `nsysql help --markdown %s` from the option tables; "
            "tests/test_docs.py checks it -->\n\n",
            c->name);
    sb_addf(sb, "`nsysql %s [options] %s`\n\n", c->name, c->usage ? c->usage : "");
    md_cell(sb, c->summary);
    sb_addf(sb,
            ".\n\nOutput: one JSON document, schema `%s` version %d "
            "(`schemas/%s.v%d.schema.json`)",
            c->schema, c->schema_version, c->schema + 7, c->schema_version);
    if (c->flags & CMD_FORMATS)
        sb_addstr(sb, "; `--format table|md|csv` prints text instead");
    if (c->flags & CMD_MULTI)
        sb_addstr(sb, "; several inputs print one `nsysql/merge` document");
    sb_addstr(sb, ".\n\n| option | default | what it does |\n|---|---|---|\n");
    md_options(sb, c->opts, defs);
    sb_addstr(sb, "\nShared options (see [../options.md](../options.md)):\n\n"
                  "| option | default | what it does |\n|---|---|---|\n");
    md_options(sb, nsq_common_options, NULL);
    if (c->flags & CMD_MULTI)
        md_options(sb, nsq_multi_options, NULL);
    if (!(c->flags & CMD_OWN_LIMITS))
        md_options(sb, nsq_limit_options, NULL);
    if (!(c->flags & CMD_NO_CACHE))
        md_options(sb, nsq_cache_options, NULL);
    else if (!(c->flags & CMD_OWN_LIMITS))
        md_options(sb, nsq_cache_noop_options, NULL);
    sb_addstr(sb, "<!-- end of generated part -->\n");
    free(defs);
}

static void opt_words(strbuf *sb, const nsq_opt *opts)
{
    for (const nsq_opt *o = opts; o && o->name; o++)
        sb_addf(sb, " --%s", o->name);
}

/* zsh _arguments spec text: [, ], : and ' escaped. */
static void zsh_text(strbuf *sb, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '[' || *s == ']' || *s == ':' || *s == '\\')
            sb_addch(sb, '\\');
        if (*s == '\'')
            sb_addstr(sb, "'\\''");
        else
            sb_addch(sb, *s);
    }
}

static void zsh_opts(strbuf *sb, const nsq_opt *opts)
{
    for (const nsq_opt *o = opts; o && o->name; o++) {
        sb_addf(sb, "      '%s--%s[", o->type == OPT_LIST || o->type == OPT_LIST_MULTI ? "*" : "", o->name);
        zsh_text(sb, o->help);
        sb_addch(sb, ']');
        if (o->argname) {
            sb_addstr(sb, ":");
            zsh_text(sb, o->argname);
            sb_addstr(sb, strstr(o->argname, "FILE") || strstr(o->argname, "DIR") ? ":_files" : ":");
        }
        sb_addstr(sb, "' \\\n");
    }
}

/* bash or zsh completion for every command and option. */
int nsq_completion(strbuf *sb, const char *shell)
{
    if (!strcmp(shell, "bash")) {
        sb_addstr(sb, "# bash completion for nsysql (generated by nsysql help --completion bash)\n"
                      "_nsysql() {\n    local cur=\"${COMP_WORDS[COMP_CWORD]}\" opts=\"\"\n"
                      "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n        COMPREPLY=($(compgen -W \"");
        for (int i = 0; i < nsq_ncommands; i++)
            sb_addf(sb, "%s ", nsq_commands[i]->name);
        sb_addstr(sb, "help --version --list-cmds --help\" -- \"$cur\"))\n        return\n    fi\n"
                      "    case \"${COMP_WORDS[1]}\" in\n");
        for (int i = 0; i < nsq_ncommands; i++) {
            const nsq_cmd *c = nsq_commands[i];
            sb_addf(sb, "    %s) opts=\"", c->name);
            opt_words(sb, c->opts);
            opt_words(sb, nsq_common_options);
            if (c->flags & CMD_MULTI)
                opt_words(sb, nsq_multi_options);
            if (!(c->flags & CMD_OWN_LIMITS))
                opt_words(sb, nsq_limit_options);
            if (!(c->flags & CMD_NO_CACHE))
                opt_words(sb, nsq_cache_options);
            else if (!(c->flags & CMD_OWN_LIMITS))
                opt_words(sb, nsq_cache_noop_options);
            sb_addstr(sb, "\" ;;\n");
        }
        sb_addstr(sb, "    help) COMPREPLY=($(compgen -W \"--json");
        for (int i = 0; i < nsq_ncommands; i++)
            sb_addf(sb, " %s", nsq_commands[i]->name);
        sb_addstr(sb, "\" -- \"$cur\")); return ;;\n    esac\n"
                      "    if [[ \"$cur\" == -* ]]; then\n        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
                      "    else\n        COMPREPLY=($(compgen -f -- \"$cur\"))\n    fi\n}\n"
                      "complete -o filenames -F _nsysql nsysql\n");
        return 0;
    }
    if (!strcmp(shell, "zsh")) {
        sb_addstr(sb, "#compdef nsysql\n# zsh completion for nsysql (generated by nsysql help --completion zsh)\n"
                      "_nsysql() {\n  local -a cmds\n  cmds=(\n");
        for (int i = 0; i < nsq_ncommands; i++) {
            sb_addf(sb, "    '%s:", nsq_commands[i]->name);
            zsh_text(sb, nsq_commands[i]->summary);
            sb_addstr(sb, "'\n");
        }
        sb_addstr(sb, "  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' cmds\n    return\n  fi\n"
                      "  local cmd=$words[2]\n  shift words\n  (( CURRENT-- ))\n  case $cmd in\n");
        for (int i = 0; i < nsq_ncommands; i++) {
            const nsq_cmd *c = nsq_commands[i];
            sb_addf(sb, "    %s)\n      _arguments \\\n", c->name);
            zsh_opts(sb, c->opts);
            zsh_opts(sb, nsq_common_options);
            if (!(c->flags & CMD_OWN_LIMITS))
                zsh_opts(sb, nsq_limit_options);
            if (!(c->flags & CMD_NO_CACHE))
                zsh_opts(sb, nsq_cache_options);
            else if (!(c->flags & CMD_OWN_LIMITS))
                zsh_opts(sb, nsq_cache_noop_options);
            sb_addstr(sb, "      '*:file:_files' ;;\n");
        }
        sb_addstr(sb, "  esac\n}\n_nsysql \"$@\"\n");
        return 0;
    }
    return -1;
}
