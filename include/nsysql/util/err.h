/* err: errors are return values. Helpers fill an nsq_err and return -1;
 * only the command layer turns one into the error document and exit code. */
#ifndef NSYSQL_ERR_H
#define NSYSQL_ERR_H

enum nsq_exit {
    NSQ_EXIT_OK = 0,
    NSQ_EXIT_GATE = 1,     /* a gate the caller asked for failed (diff --fail-on) */
    NSQ_EXIT_USAGE = 2,    /* bad command line */
    NSQ_EXIT_INPUT = 3,    /* input not usable */
    NSQ_EXIT_QUERY = 4,    /* query error: user SQL, refused statement, limits */
    NSQ_EXIT_CAPTURE = 5,  /* capture failed */
    NSQ_EXIT_INTERNAL = 70 /* a bug or an environment failure */
};

typedef struct nsq_err {
    int exit_code; /* one of enum nsq_exit; 0 when no error is set */
    char code[64]; /* stable machine-readable code, e.g. "not_sqlite" */
    char message[1024];
    char hint[512];
} nsq_err;

/* Sets the error (first error wins unless cleared) and returns -1. */
int nsq_error(nsq_err *e, int exit_code, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void nsq_hint(nsq_err *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void nsq_err_clear(nsq_err *e);

#endif
