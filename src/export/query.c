#include "nsysql/export/query.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "nsysql/util/strbuf.h"
#include "nsysql/util/grow.h"

static char *trim_dup(const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) {
        s++;
        n--;
    }
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    return xstrndup(s, n);
}

/* Splits a comma-separated list into trimmed, non-empty items. */
static char **split_list(const char *s, int *n)
{
    char **v = NULL;
    int cap = 0;
    *n = 0;
    while (*s) {
        const char *c = strchr(s, ',');
        size_t len = c ? (size_t)(c - s) : strlen(s);
        char *item = trim_dup(s, len);
        if (*item) {
            NSQ_GROW(v, *n + 1, cap);
            v[(*n)++] = item;
        } else {
            free(item);
        }
        if (!c)
            break;
        s = c + 1;
    }
    return v;
}

static int valid_ident_dash(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '-' || *s == '/'))
            return 0;
    return 1;
}

static int valid_ident(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return 0;
    return 1;
}

/* "name:type=default help text" */
static int parse_param(nsq_param *p, const char *v, const char *path, nsq_err *err)
{
    const char *sp = v;
    while (*sp && !isspace((unsigned char)*sp))
        sp++;
    char *spec = xstrndup(v, (size_t)(sp - v));
    p->help = trim_dup(sp, strlen(sp));
    char *colon = strchr(spec, ':');
    char *eq = strchr(spec, '=');
    if (!colon || (eq && eq < colon)) {
        free(spec);
        return nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header",
                         "%s: parameter '%s' must be written name:type[=default]", path, v);
    }
    *colon = '\0';
    if (eq)
        *eq = '\0';
    p->name = xstrdup(spec);
    p->type = xstrdup(colon + 1);
    p->def = eq ? xstrdup(eq + 1) : NULL;
    free(spec);
    if (!valid_ident(p->name) ||
        (strcmp(p->type, "int") && strcmp(p->type, "real") && strcmp(p->type, "text")))
        return nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header",
                         "%s: parameter '%s' has a bad name or type (int, real, text)", path, v);
    return 0;
}

/* "TABLE(col, col, ...)" */
static int parse_source(nsq_source *s, const char *v, const char *path, nsq_err *err)
{
    const char *open = strchr(v, '(');
    const char *close = strrchr(v, ')');
    if (!open || !close || close < open)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header",
                         "%s: source '%s' must be written TABLE(col, ...)", path, v);
    s->table = trim_dup(v, (size_t)(open - v));
    char *inner = xstrndup(open + 1, (size_t)(close - open - 1));
    s->cols = split_list(inner, &s->ncols);
    free(inner);
    if (!valid_ident(s->table) || s->ncols == 0)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header",
                         "%s: source '%s' needs a table name and columns", path, v);
    for (int i = 0; i < s->ncols; i++)
        if (!valid_ident(s->cols[i]))
            return nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header",
                             "%s: source column '%s' is not an identifier", path, s->cols[i]);
    return 0;
}

int nsq_query_parse(nsq_query *q, const char *path, const char *sha256, const char *text,
                    nsq_err *err)
{
    memset(q, 0, sizeof *q);
    q->path = path;
    q->sha256 = sha256;
    q->text = text;
    const char *line = text;
    while (*line) {
        const char *eol = strchr(line, '\n');
        size_t len = eol ? (size_t)(eol - line) : strlen(line);
        if (len < 2 || line[0] != '-' || line[1] != '-')
            break; /* header ends at the first non-comment line */
        char *l = trim_dup(line + 2, len - 2);
        char *colon = strchr(l, ':');
        if (colon && colon > l) {
            *colon = '\0';
            const char *key = l;
            char *val = trim_dup(colon + 1, strlen(colon + 1));
            int rc = 0;
            if (!strcmp(key, "id")) {
                free(q->id);
                q->id = xstrdup(val);
            } else if (!strcmp(key, "version")) {
                char *end;
                errno = 0;
                long v = strtol(val, &end, 10);
                if (errno || *end || v <= 0 || v > 1000000)
                    rc = nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header",
                                   "%s: version must be an integer from 1 to 1000000", path);
                q->version = (int)v;
            } else if (!strcmp(key, "kind")) {
                free(q->kind);
                q->kind = xstrdup(val);
            } else if (!strcmp(key, "summary")) {
                free(q->summary);
                q->summary = xstrdup(val);
            } else if (!strcmp(key, "requires")) {
                q->requires = split_list(val, &q->nrequires);
            } else if (!strcmp(key, "params")) {
                NSQ_GROW(q->params, q->nparams + 1, q->capparams);
                memset(&q->params[q->nparams], 0, sizeof(*q->params));
                rc = parse_param(&q->params[q->nparams++], val, path, err);
            } else if (!strcmp(key, "source") || !strcmp(key, "fallback")) {
                NSQ_GROW(q->sources, q->nsources + 1, q->capsources);
                memset(&q->sources[q->nsources], 0, sizeof(*q->sources));
                q->sources[q->nsources].fallback = !strcmp(key, "fallback");
                rc = parse_source(&q->sources[q->nsources++], val, path, err);
            }
            free(val);
            if (rc) {
                free(l);
                return -1;
            }
        }
        free(l);
        if (!eol)
            break;
        line = eol + 1;
    }
    if (!q->id || !valid_ident_dash(q->id))
        return nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header", "%s: missing or bad 'id'",
                         path);
    if (!q->version)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header", "%s: missing 'version'",
                         path);
    if (!q->kind || (strcmp(q->kind, "view") && strcmp(q->kind, "query")))
        return nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header",
                         "%s: 'kind' must be view or query", path);
    if (!q->summary)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header", "%s: missing 'summary'",
                         path);
    if (!strcmp(q->kind, "view") && q->nsources == 0 && q->nrequires == 0)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "bad_query_header",
                         "%s: a view must name its source tables or required views", path);
    return 0;
}

void nsq_query_release(nsq_query *q)
{
    free(q->id);
    free(q->kind);
    free(q->summary);
    for (int i = 0; i < q->nrequires; i++)
        free(q->requires[i]);
    free(q->requires);
    for (int i = 0; i < q->nparams; i++) {
        free(q->params[i].name);
        free(q->params[i].type);
        free(q->params[i].def);
        free(q->params[i].help);
    }
    free(q->params);
    for (int i = 0; i < q->nsources; i++) {
        free(q->sources[i].table);
        for (int k = 0; k < q->sources[i].ncols; k++)
            free(q->sources[i].cols[k]);
        free(q->sources[i].cols);
    }
    free(q->sources);
    memset(q, 0, sizeof *q);
}

static nsq_query *registry;
static int registry_n = -1;

static void registry_free(void)
{
    for (int i = 0; i < registry_n; i++)
        nsq_query_release(&registry[i]);
    free(registry);
    registry = NULL;
    registry_n = -1;
}

static void registry_parse(void)
{
    registry = xcalloc((size_t)nsq_embedded_count + 1, sizeof *registry);
    for (int i = 0; i < nsq_embedded_count; i++) {
        nsq_err err = {0};
        const nsq_embedded *e = &nsq_embedded_queries[i];
        if (nsq_query_parse(&registry[i], e->path, e->sha256, e->text, &err)) {
            fprintf(stderr, "nsysql: internal error: %s\n", err.message);
            abort();
        }
    }
    registry_n = nsq_embedded_count;
    atexit(registry_free);
}

/* Parsed once, whichever thread asks first (the analyses of a group, or of
 * several inputs, run on threads of their own). */
static void registry_load(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, registry_parse);
}

int nsq_registry_count(void)
{
    registry_load();
    return registry_n;
}

const nsq_query *nsq_registry_at(int i)
{
    registry_load();
    return (i >= 0 && i < registry_n) ? &registry[i] : NULL;
}

const nsq_query *nsq_registry_find(const char *id, int version)
{
    registry_load();
    const nsq_query *best = NULL;
    for (int i = 0; i < registry_n; i++) {
        const nsq_query *q = &registry[i];
        if (strcmp(q->id, id))
            continue;
        if (version ? q->version == version : (!best || q->version > best->version))
            best = q;
    }
    return best;
}

const nsq_query *nsq_registry_lookup(const char *spec, nsq_err *err)
{
    char *id = xstrdup(spec);
    int version = 0;
    char *at = strchr(id, '@');
    if (at) {
        *at = '\0';
        char *end;
        errno = 0;
        long v = strtol(at + 1, &end, 10);
        if (errno || *end || v <= 0 || v > 1000000) {
            nsq_error(err, NSQ_EXIT_USAGE, "bad_query_spec",
                      "query '%s': the version after '@' must be an integer from 1 to 1000000", spec);
            free(id);
            return NULL;
        }
        version = (int)v;
    }
    const nsq_query *q = nsq_registry_find(id, version);
    if (!q) {
        if (version && nsq_registry_find(id, 0))
            nsq_error(err, NSQ_EXIT_USAGE, "unknown_query_version",
                      "query '%s' has no version %d", id, version);
        else
            nsq_error(err, NSQ_EXIT_USAGE, "unknown_query", "no stored query '%s'", id);
        nsq_hint(err, "list stored queries with: nsysql timeline-sql --list");
    }
    free(id);
    return q;
}

bool nsq_sql_plausible(const char *text, size_t len)
{
    static const char *const kw[] = {"SELECT", "WITH", "VALUES", "EXPLAIN", "PRAGMA", "INSERT", "UPDATE",
                                     "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "ATTACH", "DETACH",
                                     "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE",
                                     "ANALYZE", "VACUUM", "REINDEX", NULL};
    if (memchr(text, 0, len))
        return false;
    const char *s = text;
    for (;;) {
        while (*s && (isspace((unsigned char)*s) || *s == ';'))
            s++;
        if (s[0] == '-' && s[1] == '-') {
            while (*s && *s != '\n')
                s++;
        } else if (s[0] == '/' && s[1] == '*') {
            const char *e = strstr(s + 2, "*/");
            if (!e)
                return false;
            s = e + 2;
        } else {
            break;
        }
    }
    size_t n = 0;
    while (isalpha((unsigned char)s[n]))
        n++;
    if (!n || s[n] == '_' || isalnum((unsigned char)s[n]))
        return false;
    for (int i = 0; kw[i]; i++)
        if (strlen(kw[i]) == n && !strncasecmp(s, kw[i], n))
            return true;
    return false;
}
