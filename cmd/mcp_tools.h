/* mcp_tools: the MCP tools nsysql serves (the tool definitions of
 * tools/list, and a tool call's arguments turned into a command line). */
#ifndef NSYSQL_MCP_TOOLS_H
#define NSYSQL_MCP_TOOLS_H

#include <stdbool.h>

#include "nsysql/cmd.h"
/* the writer's json_null(j) is a macro (json.h); jansson's is a function */
#undef json_null

#include <jansson.h>

/* Is command c served as a tool (every command but capture, verify, skill
 * and mcp)? */
bool mcp_is_tool(const nsq_cmd *c);

/* The tool called name, or NULL. */
const nsq_cmd *mcp_tool_cmd(const char *name);

/* {"tools": [...]}, what tools/list answers; built once, borrowed. */
json_t *mcp_tools_list(void);

/* A command line: v[0..n) and a NULL after them, each element malloc'd. */
typedef struct mcp_argv {
    char **v;
    int n, cap;
} mcp_argv;

void mcp_argv_free(mcp_argv *a);

/* Builds the command line of a call of tool c with `args` (an object; a
 * null value is an argument not given), with --format FORMAT when format is
 * not NULL; *md is set when the caller asked for Markdown. Returns 0, or -1
 * with err set to what the command line would have been refused for, in
 * the tool's words (unknown_option, bad_option_value, missing_input,
 * missing_option_value; exit 2). */
int mcp_build_argv(const nsq_cmd *c, json_t *args, const char *format, mcp_argv *a, bool *md,
                   nsq_err *err);

#endif
