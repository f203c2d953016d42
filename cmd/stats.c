/* nsysql stats: what `nsys stats` prints by default, in one call and one
 * document: result.kernels, .nvtx, .api, .memcpy, .osrt, each the result of
 * its own command with that command's defaults (the same rows, byte for
 * byte), on one opened export, the reports run together so that a table
 * they all read is read once (scangroup.h). A report that cannot be made on this export
 * (no NVTX, no OSRT, ...) carries its error document in its place and does
 * not sink the others. */
#include <jansson.h> /* first: before nsysql/json.h */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonprune.h"
#include "nsysql/cmd.h"
#include "nsysql/export/scangroup.h"

typedef struct st_opts {
    nsq_strlist report;
    int64_t limit;
    int detail;
} st_opts;

static const char *const st_reports[] = {"kernels", "nvtx", "api", "memcpy", "osrt", NULL};
static const nsq_opt st_options[] = {
    OPT_CHOICE("report", 0, OPT_LIST, st_opts, report, "NAME",
               "only these reports: kernels, nvtx, api, memcpy, osrt (repeatable; default all)",
               st_reports),
    OPT_RANGE("limit", 0, OPT_INT, st_opts, limit, "N",
              "rows per table of every report that lists rows (default 5; 0 = each command's "
              "own default)",
              OPTF_MIN, 0, 0),
    OPT_ENTRY("detail", 0, OPT_BOOL, st_opts, detail, NULL,
              "each report whole; by default the parts nsys stats does not print are left out "
              "(nvtx paths, api launch latency, memcpy and memset by size, host memory and call "
              "kind and the bandwidth sources, on more than two devices by kind too, osrt per "
              "thread): result.left_out names them"),
    OPT_TABLE_END,
};

static void st_defaults(void *p)
{
    ((st_opts *)p)->limit = 5;
}

/* The members of a report's result that the default (compact) document
 * leaves out (nsq_json_drop paths): what nsys stats's reports do not show. */
static const char *const drop_nvtx[] = {"paths", NULL};
static const char *const drop_api[] = {"launch_latency", NULL};
static const char *const drop_memcpy[] = {"size_buckets", /* describes by_size, left out */
                                          "devices.*.memory_bandwidth_source",
                                          "devices.*.memory_bandwidth_null_reason",
                                          "devices.*.pcie_bandwidth_gbps",
                                          "devices.*.pcie_bandwidth_null_reason",
                                          "devices.*.memcpy.by_size",
                                          "devices.*.memcpy.by_host_memory",
                                          "devices.*.memcpy.by_call",
                                          "devices.*.memset.by_size",
                                          "devices.*.memset.by_host_memory",
                                          "devices.*.memset.by_call",
                                          NULL};
static const char *const drop_osrt[] = {"per_thread", "blocked_by_thread", NULL};
/* The members a report's own compact default leaves empty, when its params
 * say "detail": false (memcpy on more than two devices). */
static const char *const cut_memcpy[] = {"devices.*.memcpy.by_kind", "devices.*.memset.by_kind",
                                         NULL};

static const struct {
    const char *key;
    const nsq_cmd *cmd;
    const char *const *drop;
    const char *const *cut;
} reports[] = {
    {"kernels", &cmd_top_kernels_def, NULL, NULL},
    {"nvtx", &cmd_nvtx_def, drop_nvtx, NULL},
    {"api", &cmd_api_def, drop_api, NULL},
    {"memcpy", &cmd_memcpy_def, drop_memcpy, cut_memcpy},
    {"osrt", &cmd_osrt_def, drop_osrt, NULL},
};

/* The report's params say it printed its compact form ("detail": false). */
static bool sub_says_cut(const json *params)
{
    if (!params->out.len)
        return false;
    json_t *p = json_loads(params->out.buf, 0, NULL);
    json_t *d = json_object_get(p, "detail");
    bool cut = json_is_false(d);
    json_decref(p);
    return cut;
}
#define NREPORTS ((int)(sizeof reports / sizeof reports[0]))

static bool wanted(const st_opts *o, const char *key)
{
    if (!o->report.n)
        return true;
    for (int i = 0; i < o->report.n; i++)
        if (!strcmp(o->report.v[i], key))
            return true;
    return false;
}

/* One report of a call: its context and options, and what it returned. */
typedef struct stjob {
    const char *key;
    const nsq_cmd *c;
    nsq_ctx sub;
    void *so;
    int rc;
} stjob;

static void run_job(void *p)
{
    stjob *b = p;
    b->rc = b->c->fn(&b->sub, b->so);
}

static int cmd_stats(nsq_ctx *ctx, void *vopts)
{
    st_opts *o = vopts;
    if (o->limit < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--limit must be >= 0");
    for (int i = 0; i < o->report.n; i++) {
        bool known = false;
        for (int r = 0; r < NREPORTS; r++)
            known |= !strcmp(o->report.v[i], reports[r].key);
        if (!known)
            return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                             "--report takes kernels, nvtx, api, memcpy or osrt, not '%s'",
                             o->report.v[i]);
    }
    json *p = &ctx->params;
    json_obj_begin(p);
    json_key(p, "reports");
    json_arr_begin(p);
    for (int r = 0; r < NREPORTS; r++)
        if (wanted(o, reports[r].key))
            json_str(p, reports[r].key);
    json_arr_end(p);
    json_kv_bool(p, "detail", o->detail != 0);
    json *j = &ctx->result;
    json_obj_begin(j);
    json_key(j, "params");
    json_obj_begin(j);
    int failed = 0;
    /* the reports run together (one pass over each table they share, see
     * scangroup.h); then each report's params, then its result */
    stjob jobs[NREPORTS];
    int jrep[NREPORTS]; /* jobs[k] is reports[jrep[k]] */
    void (*fns[NREPORTS])(void *);
    void *args[NREPORTS];
    int nj = 0;
    for (int r = 0; r < NREPORTS; r++) {
        if (!wanted(o, reports[r].key))
            continue;
        stjob *b = &jobs[nj];
        memset(b, 0, sizeof *b);
        b->key = reports[r].key;
        const nsq_cmd *c = b->c = reports[r].cmd;
        nsq_ctx *sub = &b->sub;
        sub->cmd = c;
        sub->x = ctx->x;
        sub->format = "json";
        sub->params = (json)JSON_INIT;
        sub->result = (json)JSON_INIT;
        sub->warnings = (json)JSON_INIT;
        sub->details = (json)JSON_INIT;
        sub->warnings.depth = 1;
        sub->warnings.kind[0] = '[';
        sub->timeout_ms = ctx->timeout_ms;
        sub->max_memory_mb = ctx->max_memory_mb;
        b->so = xcalloc(1, c->opts_size ? c->opts_size : 1);
        if (c->defaults)
            c->defaults(b->so);
        /* the report's own --limit and --detail, when it has them, from stats' */
        for (const nsq_opt *op = c->opts; op && op->name; op++)
            if (o->limit && !strcmp(op->name, "limit") && op->type == OPT_INT)
                *(int64_t *)((char *)b->so + op->offset) = o->limit;
            else if (o->detail && !strcmp(op->name, "detail") && op->type == OPT_BOOL)
                *(int *)((char *)b->so + op->offset) = 1;
        fns[nj] = run_job;
        args[nj] = b;
        jrep[nj] = r;
        nj++;
    }
    nsq_scan_together(ctx->x, nj, fns, args);
    json res = JSON_INIT, left = JSON_INIT;
    json_obj_begin(&res);
    json_arr_begin(&left);
    for (int r = 0; r < nj; r++) {
        stjob *b = &jobs[r];
        nsq_ctx *sub = &b->sub;
        const nsq_cmd *c = b->c;
        json_key(j, b->key);
        json_raw(j, sub->params.out.len ? sub->params.out.buf : "{}");
        json_key(&res, b->key);
        if (b->rc) {
            /* this report cannot be made here: its error, the others go on */
            failed++;
            json_obj_begin(&res);
            json_key(&res, "error");
            json_obj_begin(&res);
            json_kv_str(&res, "code", sub->err.code[0] ? sub->err.code : "internal");
            json_kv_str(&res, "message", sub->err.message);
            if (sub->err.hint[0])
                json_kv_str(&res, "hint", sub->err.hint);
            json_kv_int(&res, "exit_code",
                        sub->err.exit_code ? sub->err.exit_code : NSQ_EXIT_INTERNAL);
            json_obj_end(&res);
            json_obj_end(&res);
            nsq_warn(ctx, "report_unavailable", "%s: %s (%s)", b->key, sub->err.message,
                     sub->err.code);
        } else if (!o->detail && reports[jrep[r]].drop && sub->result.out.len) {
            char *cut = nsq_json_drop(sub->result.out.buf, reports[jrep[r]].drop);
            json_raw(&res, cut);
            free(cut);
            for (int k = 0; reports[jrep[r]].drop[k]; k++) {
                char what[128];
                snprintf(what, sizeof what, "%s.%s", b->key, reports[jrep[r]].drop[k]);
                json_str(&left, what);
            }
            /* what the report's own compact default left out (memcpy on
             * many devices: every breakdown, by_kind too) */
            if (reports[jrep[r]].cut && sub_says_cut(&sub->params))
                for (int k = 0; reports[jrep[r]].cut[k]; k++) {
                    char what[128];
                    snprintf(what, sizeof what, "%s.%s", b->key, reports[jrep[r]].cut[k]);
                    json_str(&left, what);
                }
        } else {
            json_raw(&res, sub->result.out.len ? sub->result.out.buf : "{}");
        }
        if (!b->rc) {
            /* the report's own warnings, as they are (codes keep their meaning) */
            if (sub->nwarnings) {
                json_raw(&ctx->warnings, sub->warnings.out.buf);
                ctx->nwarnings += sub->nwarnings;
            }
        }
        for (const nsq_opt *op = c->opts; op && op->name; op++)
            if (op->type == OPT_LIST || op->type == OPT_LIST_MULTI)
                nsq_strlist_free((nsq_strlist *)((char *)b->so + op->offset));
        free(b->so);
        json_release(&sub->params);
        json_release(&sub->result);
        json_release(&sub->warnings);
        json_release(&sub->details);
        sb_release(&sub->text);
    }
    json_obj_end(&res);
    json_obj_end(j); /* params */
    json_key(j, "reports");
    json_raw(j, res.out.buf);
    json_kv_int(j, "unavailable", failed);
    json_arr_end(&left);
    json_key(j, "left_out");
    json_raw(j, left.out.buf);
    json_obj_end(j);
    json_obj_end(p);
    json_release(&res);
    json_release(&left);
    return 0;
}

const nsq_cmd cmd_stats_def = {
    "stats",
    cmd_stats,
    CMD_NEED_EXPORT | CMD_MULTI,
    "nsysql/stats",
    1,
    "what nsys stats prints by default, in one document: kernels, nvtx, api, memcpy and osrt, "
    "each its own command's result",
    "INPUT",
    st_options,
    sizeof(st_opts),
    st_defaults,
};
