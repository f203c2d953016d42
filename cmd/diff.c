/* Placeholder: replaced by the real 'diff' command. */
#include "nsysql/cmd.h"

static int cmd_diff(nsq_ctx *ctx, void *opts)
{
    (void)opts;
    return nsq_error(&ctx->err, NSQ_EXIT_INTERNAL, "not_implemented", "'diff' is not built yet");
}

static const nsq_opt diff_options[] = {OPT_TABLE_END};

const nsq_cmd cmd_diff_def = {
    "diff", cmd_diff, 0, "nsysql/diff", 1, "(not built yet)", "", diff_options, 1, NULL,
};
