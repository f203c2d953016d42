/* Placeholder: replaced by the real 'steady-state' command. */
#include "nsysql/cmd.h"

static int cmd_steady_state(nsq_ctx *ctx, void *opts)
{
    (void)opts;
    return nsq_error(&ctx->err, NSQ_EXIT_INTERNAL, "not_implemented", "'steady-state' is not built yet");
}

static const nsq_opt steady_state_options[] = {OPT_TABLE_END};

const nsq_cmd cmd_steady_state_def = {
    "steady-state", cmd_steady_state, 0, "nsysql/steady-state", 1, "(not built yet)", "", steady_state_options, 1, NULL,
};
