#include "nsysql/util/opts.h"
#include "nsysql/util/grow.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const nsq_opt *find_long(const nsq_opt *opts, const char *name, size_t len)
{
    for (const nsq_opt *o = opts; o && o->name; o++)
        if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
            return o;
    return NULL;
}

static const nsq_opt *find_short(const nsq_opt *opts, char c)
{
    for (const nsq_opt *o = opts; o && o->name; o++)
        if (o->short_name && o->short_name == c)
            return o;
    return NULL;
}

static int store(const nsq_opt *o, void *dst, const char *val, nsq_err *err)
{
    char *base = (char *)dst + o->offset;
    char *end = NULL;
    switch (o->type) {
    case OPT_BOOL:
        *(int *)base = 1;
        return 0;
    case OPT_INT: {
        errno = 0;
        long long v = strtoll(val, &end, 10);
        if (errno || !end || *end || end == val)
            return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                             "option --%s expects an integer, got '%s'", o->name, val);
        *(int64_t *)base = v;
        return 0;
    }
    case OPT_DOUBLE: {
        errno = 0;
        double v = strtod(val, &end);
        if (errno || !end || *end || end == val)
            return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                             "option --%s expects a number, got '%s'", o->name, val);
        *(double *)base = v;
        return 0;
    }
    case OPT_STR:
        *(const char **)base = val;
        return 0;
    case OPT_LIST:
    case OPT_LIST_MULTI: {
        nsq_strlist *l = (nsq_strlist *)base;
        NSQ_GROW(l->v, l->n + 1, l->cap);
        l->v[l->n++] = val;
        return 0;
    }
    default:
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "bad option table entry");
    }
}

int nsq_opts_parse(const nsq_opt *opts, void *dst, int argc, char **argv, char ***pos, int *npos,
                   nsq_err *err)
{
    char **p = xcalloc((size_t)argc + 1, sizeof(char *));
    int n = 0;
    for (int i = 0; i < argc; i++) {
        char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            for (i++; i < argc; i++)
                p[n++] = argv[i];
            break;
        }
        const nsq_opt *o = NULL;
        const char *val = NULL;
        if (a[0] == '-' && a[1] == '-') {
            const char *name = a + 2;
            const char *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            o = find_long(opts, name, len);
            if (!o) {
                free(p);
                return nsq_error(err, NSQ_EXIT_USAGE, "unknown_option", "unknown option '%.*s'",
                                 (int)len + 2, a);
            }
            if (eq) {
                if (o->type == OPT_BOOL) {
                    free(p);
                    return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                                     "option --%s takes no value", o->name);
                }
                val = eq + 1;
            }
        } else if (a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9')) {
            if (a[2] != '\0' || !(o = find_short(opts, a[1]))) {
                free(p);
                return nsq_error(err, NSQ_EXIT_USAGE, "unknown_option", "unknown option '%s'", a);
            }
        } else {
            p[n++] = a;
            continue;
        }
        if (o->type != OPT_BOOL && !val) {
            if (i + 1 >= argc) {
                free(p);
                return nsq_error(err, NSQ_EXIT_USAGE, "missing_option_value",
                                 "option --%s needs a value (%s)", o->name,
                                 o->argname ? o->argname : "VALUE");
            }
            val = argv[++i];
        }
        if (store(o, dst, val, err)) {
            free(p);
            return -1;
        }
        if (o->type == OPT_LIST_MULTI && !strchr(argv[i], '='))
            while (i + 1 < argc && argv[i + 1][0] != '-')
                store(o, dst, argv[++i], err);
    }
    *pos = p;
    *npos = n;
    return 0;
}

void nsq_opts_help(strbuf *sb, const nsq_opt *opts)
{
    for (const nsq_opt *o = opts; o && o->name; o++) {
        strbuf left = STRBUF_INIT;
        if (o->short_name)
            sb_addf(&left, "-%c, ", o->short_name);
        else
            sb_addstr(&left, "    ");
        sb_addf(&left, "--%s", o->name);
        if (o->type != OPT_BOOL)
            sb_addf(&left, " %s", o->argname ? o->argname : "VALUE");
        if (o->type == OPT_LIST_MULTI)
            sb_addstr(&left, " ...");
        sb_addf(sb, "  %-30s %s%s\n", sb_str(&left), o->help ? o->help : "",
                o->type == OPT_LIST || o->type == OPT_LIST_MULTI ? " (repeatable)" : "");
        sb_release(&left);
    }
}

void nsq_strlist_free(nsq_strlist *l)
{
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}
