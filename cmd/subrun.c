/* subrun: see subrun.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonprune.h"
#include "nsysql/export/scangroup.h"
#include "subrun.h"

void run_sub(nsq_ctx *ctx, nsq_export *x, const nsq_cmd *c, int argc, char **argv, sub *out)
{
    nsq_ctx s;
    memset(&s, 0, sizeof s);
    s.cmd = c;
    s.x = x;
    s.format = "json";
    s.params = (json)JSON_INIT;
    s.result = (json)JSON_INIT;
    s.warnings = (json)JSON_INIT;
    s.details = (json)JSON_INIT;
    s.warnings.depth = 1;
    s.warnings.kind[0] = '[';
    s.timeout_ms = ctx->timeout_ms;
    s.max_memory_mb = ctx->max_memory_mb;
    s.sums_only = out->sums_only;
    void *so = xcalloc(1, c->opts_size ? c->opts_size : 1);
    if (c->defaults)
        c->defaults(so);
    int rc = nsq_opts_parse(c->opts, so, argc, argv, &s.args, &s.nargs, &s.err);
    if (!rc)
        rc = c->fn(&s, so);
    if (rc) {
        out->ok = 0;
        snprintf(out->code, sizeof out->code, "%s", s.err.code[0] ? s.err.code : "internal");
        snprintf(out->why, sizeof out->why, "%.250s (%.40s)", s.err.message,
                 s.err.code[0] ? s.err.code : "internal");
    } else {
        out->ok = 1;
        out->doc = xstrdup(s.result.out.len ? s.result.out.buf : "{}");
        json_error_t je;
        if (out->drop) {
            char *t = nsq_json_drop(out->doc, out->drop);
            out->res = json_loads(t, 0, &je);
            free(t);
        } else {
            out->res = json_loads(out->doc, 0, &je);
        }
        out->params = json_loads(s.params.out.len ? s.params.out.buf : "{}", 0, &je);
        if (!out->res) {
            out->ok = 0;
            snprintf(out->why, sizeof out->why, "unreadable result: %s", je.text);
        }
    }
    for (const nsq_opt *op = c->opts; op && op->name; op++)
        if (op->type == OPT_LIST || op->type == OPT_LIST_MULTI)
            nsq_strlist_free((nsq_strlist *)((char *)so + op->offset));
    free(so);
    free(s.args);
    json_release(&s.params);
    json_release(&s.result);
    json_release(&s.warnings);
    json_release(&s.details);
    sb_release(&s.text);
}

void sub_free(sub *s)
{
    free(s->doc);
    if (s->res)
        json_decref(s->res);
    if (s->params)
        json_decref(s->params);
}


static void run_subjob(void *p)
{
    subjob *j = p;
    run_sub(j->ctx, j->ctx->x, j->c, j->argc, j->argv, j->out);
}

void run_subs_together(nsq_export *x, int n, subjob *jobs)
{
    void (**fns)(void *) = xcalloc((size_t)(n ? n : 1), sizeof *fns);
    void **args = xcalloc((size_t)(n ? n : 1), sizeof *args);
    for (int i = 0; i < n; i++) {
        fns[i] = run_subjob;
        args[i] = &jobs[i];
    }
    nsq_scan_together(x, n, fns, args);
    free(fns);
    free(args);
}
