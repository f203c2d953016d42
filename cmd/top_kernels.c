/* Placeholder: replaced by the real 'top-kernels' command. */
#include "nsysql/cmd.h"

static int cmd_top_kernels(nsq_ctx *ctx, void *opts)
{
    (void)opts;
    return nsq_error(&ctx->err, NSQ_EXIT_INTERNAL, "not_implemented", "'top-kernels' is not built yet");
}

static const nsq_opt top_kernels_options[] = {OPT_TABLE_END};

const nsq_cmd cmd_top_kernels_def = {
    "top-kernels", cmd_top_kernels, 0, "nsysql/top-kernels", 1, "(not built yet)", "", top_kernels_options, 1, NULL,
};
