/* Option parsing: argv from the input split on NUL bytes, through every
 * command's option table. Usage errors are coded; nothing crashes. */
#include <string.h>

#include "fuzz.h"
#include "nsysql/cmd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = malloc(size + 1);
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[64];
    int argc = 0;
    for (size_t i = 0; i <= size && argc < 63;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[argc] = NULL;
    for (int c = 0; c < nsq_ncommands; c++) {
        const nsq_cmd *cmd = nsq_commands[c];
        void *o = calloc(1, cmd->opts_size ? cmd->opts_size : 1);
        if (cmd->defaults)
            cmd->defaults(o);
        char **pos = NULL;
        int npos = 0;
        nsq_err err = {0};
        if (nsq_opts_parse(cmd->opts, o, argc, argv, &pos, &npos, &err))
            FUZZ_ASSERT(err.code[0] && err.exit_code == NSQ_EXIT_USAGE, "a usage error is coded");
        for (const nsq_opt *op = cmd->opts; op && op->name; op++)
            if (op->type == OPT_LIST || op->type == OPT_LIST_MULTI)
                nsq_strlist_free((nsq_strlist *)((char *)o + op->offset));
        free(pos);
        free(o);
    }
    free(buf);
    return 0;
}
