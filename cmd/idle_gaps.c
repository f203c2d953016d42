/* Placeholder: replaced by the real 'idle-gaps' command. */
#include "nsysql/cmd.h"

static int cmd_idle_gaps(nsq_ctx *ctx, void *opts)
{
    (void)opts;
    return nsq_error(&ctx->err, NSQ_EXIT_INTERNAL, "not_implemented", "'idle-gaps' is not built yet");
}

static const nsq_opt idle_gaps_options[] = {OPT_TABLE_END};

const nsq_cmd cmd_idle_gaps_def = {
    "idle-gaps", cmd_idle_gaps, 0, "nsysql/idle-gaps", 1, "(not built yet)", "", idle_gaps_options, 1, NULL,
};
