/* nsysql ranks: per-rank time breakdown, stragglers and collective spreads
 * over one or many exports. The work is in src/analysis/ranks.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/ranks.h"
#include "nsysql/cmd.h"

typedef struct rk_opts {
    const char *comm;
    double threshold_pct;
    int no_steps;
    int64_t limit;
    int detail;
} rk_opts;

static const nsq_opt rk_options[] = {
    OPT_ENTRY("comm", 0, OPT_STR, rk_opts, comm, "REGEX",
              "communication kernels (PCRE2 on the short name; default ^nccl|ncclKernel)"),
    OPT_RANGE("threshold-pct", 0, OPT_DOUBLE, rk_opts, threshold_pct, "P",
              "a rank whose compute exceeds the median over ranks by more than P % is a "
              "straggler (default 5)",
              OPTF_MIN, 0, 0),
    OPT_ENTRY("no-steps", 0, OPT_BOOL, rk_opts, no_steps, NULL,
              "skip the per-rank step time (steady-state on each rank: with NVTX ranges, one more "
              "read of the tables, shared by the ranks)"),
    OPT_RANGE("limit", 0, OPT_INT, rk_opts, limit, "N",
              "collectives listed, largest total spread first (default 20; 0 = all)", OPTF_MIN, 0,
              0),
    OPT_ENTRY("detail", 0, OPT_BOOL, rk_opts, detail, NULL,
              "every rank, and every rank's row in each collective; by default more than 12 ranks "
              "list the 12 furthest from the median compute and each collective without its "
              "per-rank rows (summary.rows_left_out says so)"),
    OPT_TABLE_END,
};

static void rk_defaults(void *p)
{
    rk_opts *o = p;
    o->comm = "^nccl|ncclKernel";
    o->threshold_pct = 5;
    o->limit = 20;
}

static void warn_cb(void *ctx, const char *code, const char *msg)
{
    nsq_warn(ctx, code, "%s", msg);
}

static int cmd_ranks(nsq_ctx *ctx, void *vopts)
{
    rk_opts *o = vopts;
    if (ctx->nargs < 1) {
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, "missing_input", "'ranks' needs one or more exports");
        nsq_hint(&ctx->err, "usage: nsysql ranks [options] INPUT [INPUT ...]");
        return -1;
    }
    if (o->threshold_pct < 0 || o->limit < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--threshold-pct and --limit must not be negative");
    nsq_ranks_opts ro = {o->comm, o->threshold_pct, o->no_steps != 0, o->limit, o->detail != 0};
    nsq_ranks *r = nsq_ranks_new(&ro, &ctx->err);
    if (!r)
        return -1;
    for (int i = 0; i < ctx->nargs; i++) {
        nsq_export *x = NULL;
        int rc = nsq_export_open(&x, ctx->args[i], &ctx->err);
        if (!rc)
            rc = nsq_ranks_add(r, x, i, ctx->args[i], &ctx->err);
        nsq_export_close(x);
        if (rc) {
            /* name the input in the message: there may be thousands */
            strbuf m = STRBUF_INIT;
            sb_addf(&m, "input %d (%s): %s", i, ctx->args[i], ctx->err.message);
            size_t n = m.len < sizeof ctx->err.message ? m.len : sizeof ctx->err.message - 1;
            memcpy(ctx->err.message, m.buf, n);
            ctx->err.message[n] = '\0';
            sb_release(&m);
            nsq_ranks_free(r);
            return -1;
        }
    }
    json_obj_begin(&ctx->params);
    json_kv_str(&ctx->params, "comm", o->comm);
    json_kv_double(&ctx->params, "threshold_pct", o->threshold_pct);
    json_kv_bool(&ctx->params, "steps", !o->no_steps);
    json_kv_int(&ctx->params, "limit", o->limit);
    json_kv_bool(&ctx->params, "detail", o->detail != 0);
    json_kv_int(&ctx->params, "inputs", ctx->nargs);
    json_obj_end(&ctx->params);
    json_obj_begin(&ctx->result);
    nsq_ranks_json(r, &ctx->result);
    json_obj_end(&ctx->result);
    nsq_ranks_warnings(r, warn_cb, ctx);
    nsq_ranks_free(r);
    return 0;
}

const nsq_cmd cmd_ranks_def = {
    "ranks",
    cmd_ranks,
    0,
    "nsysql/ranks",
    1,
    "per rank (process x GPU, over one or many exports): busy, idle, compute, communication, "
    "step time; stragglers; collective spreads",
    "INPUT [INPUT ...]",
    rk_options,
    sizeof(rk_opts),
    rk_defaults,
};
