/* errcodes: every error code nsysql prints, with its exit code and what it
 * means for the caller. `help --json`, the skill and the MCP server list them
 * from here; tests/test_agent.py checks that every code the sources can
 * print is in the table. */
#ifndef NSYSQL_ERRCODES_H
#define NSYSQL_ERRCODES_H

typedef struct nsq_errcode {
    const char *code;
    int exit_code;
    const char *meaning; /* what happened, and what to do */
} nsq_errcode;

extern const nsq_errcode nsq_errcodes[];
extern const int nsq_nerrcodes;

/* The meaning of each exit code (0..70), in order; NULL-terminated. */
typedef struct nsq_exitcode {
    int code;
    const char *meaning;
} nsq_exitcode;
extern const nsq_exitcode nsq_exitcodes[];

#endif
