/* opts: per-command option tables. Each command describes its options as a
 * static array of nsq_opt whose `offset` points into the command's own option
 * struct; the dispatcher parses argv into a zeroed struct and generates help
 * from the same array. */
#ifndef NSYSQL_OPTS_H
#define NSYSQL_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "nsysql/util/err.h"
#include "nsysql/util/strbuf.h"

enum nsq_opt_type {
    OPT_END = 0,
    OPT_BOOL,   /* int, set to 1 */
    OPT_INT,    /* int64_t */
    OPT_DOUBLE, /* double */
    OPT_STR,    /* const char * (points into argv) */
    OPT_LIST,   /* nsq_strlist, repeatable */
    OPT_LIST_MULTI /* nsq_strlist, repeatable, and takes every following
                      argument up to the next one starting with '-' */
};

typedef struct nsq_strlist {
    const char **v;
    int n, cap;
} nsq_strlist;

typedef struct nsq_opt {
    const char *name; /* long name without dashes */
    char short_name;  /* 0 for none */
    enum nsq_opt_type type;
    size_t offset; /* into the command's option struct */
    const char *argname;
    const char *help;
} nsq_opt;

#define OPT_ENTRY(n, s, t, st, f, a, h) {n, s, t, offsetof(st, f), a, h}
#define OPT_TABLE_END {NULL, 0, OPT_END, 0, NULL, NULL}

/* Parses argv[0..argc) into `dst` using `opts`; non-option arguments go to
 * *pos (array owned by the caller: free(*pos)). "--" ends options. Returns 0,
 * or -1 with a usage error in `err`. */
int nsq_opts_parse(const nsq_opt *opts, void *dst, int argc, char **argv, char ***pos, int *npos,
                   nsq_err *err);
void nsq_opts_help(strbuf *sb, const nsq_opt *opts);
void nsq_strlist_free(nsq_strlist *l);

#endif
