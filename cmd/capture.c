/* Placeholder: replaced by the real 'capture' command. */
#include "nsysql/cmd.h"

static int cmd_capture(nsq_ctx *ctx, void *opts)
{
    (void)opts;
    return nsq_error(&ctx->err, NSQ_EXIT_INTERNAL, "not_implemented", "'capture' is not built yet");
}

static const nsq_opt capture_options[] = {OPT_TABLE_END};

const nsq_cmd cmd_capture_def = {
    "capture", cmd_capture, 0, "nsysql/capture", 1, "(not built yet)", "", capture_options, 1, NULL,
};
