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

/* Facts about an option's value beyond its type, for what is generated from
 * the table (the MCP tools' input schemas, help --json). The command still
 * checks its values itself; these say what it accepts. */
enum nsq_opt_flags {
    OPTF_REQUIRED = 1 << 0, /* the command fails without it */
    OPTF_MIN = 1 << 1,      /* `min` is the smallest value accepted */
    OPTF_MAX = 1 << 2,      /* `max` is the largest value accepted */
    OPTF_MIN_EXCL = 1 << 3, /* with OPTF_MIN: values above `min` only */
    OPTF_MAX_EXCL = 1 << 4  /* with OPTF_MAX: values below `max` only */
};

typedef struct nsq_opt {
    const char *name; /* long name without dashes */
    char short_name;  /* 0 for none */
    enum nsq_opt_type type;
    size_t offset; /* into the command's option struct */
    const char *argname;
    const char *help;
    /* optional (zero = none): */
    const char *const *choices; /* NULL-terminated: the only values accepted
                                   (for a list option, of each element) */
    unsigned flags;             /* enum nsq_opt_flags */
    double min, max;            /* the bounds OPTF_MIN / OPTF_MAX name */
} nsq_opt;

#define OPT_ENTRY(n, s, t, st, f, a, h) {n, s, t, offsetof(st, f), a, h, NULL, 0, 0, 0}
/* An option whose value is one of `c` (a NULL-terminated array). */
#define OPT_CHOICE(n, s, t, st, f, a, h, c) {n, s, t, offsetof(st, f), a, h, c, 0, 0, 0}
/* A number with bounds: OPT_RANGE(..., OPTF_MIN, 0, 0) is "0 or more". */
#define OPT_RANGE(n, s, t, st, f, a, h, fl, lo, hi) {n, s, t, offsetof(st, f), a, h, NULL, fl, lo, hi}
/* An option the command cannot run without. */
#define OPT_REQUIRED(n, s, t, st, f, a, h) {n, s, t, offsetof(st, f), a, h, NULL, OPTF_REQUIRED, 0, 0}
#define OPT_TABLE_END {NULL, 0, OPT_END, 0, NULL, NULL, NULL, 0, 0, 0}

/* Parses argv[0..argc) into `dst` using `opts`; non-option arguments go to
 * *pos (array owned by the caller: free(*pos)). "--" ends options. Returns 0,
 * or -1 with a usage error in `err`. */
int nsq_opts_parse(const nsq_opt *opts, void *dst, int argc, char **argv, char ***pos, int *npos,
                   nsq_err *err);
void nsq_opts_help(strbuf *sb, const nsq_opt *opts);
void nsq_strlist_free(nsq_strlist *l);

#endif
