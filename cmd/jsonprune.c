/* jsonprune: see jsonprune.h. */
#include <stdbool.h>
#include <string.h>

#include "jsonprune.h"
#include "nsysql/util/strbuf.h"

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

/* p at '"': just past the closing quote (NULL when the text ends first). */
static const char *skip_string(const char *p)
{
    for (p++; *p; p++) {
        if (*p == '\\') {
            if (!p[1])
                return NULL;
            p++;
        } else if (*p == '"') {
            return p + 1;
        }
    }
    return NULL;
}

/* Just past the value at p (NULL when the text is not well formed). */
static const char *skip_value(const char *p)
{
    p = skip_ws(p);
    if (*p == '"')
        return skip_string(p);
    if (*p == '{' || *p == '[') {
        int depth = 0;
        while (*p) {
            if (*p == '"') {
                if (!(p = skip_string(p)))
                    return NULL;
                continue;
            }
            if (*p == '{' || *p == '[')
                depth++;
            else if (*p == '}' || *p == ']')
                if (!--depth)
                    return p + 1;
            p++;
        }
        return NULL;
    }
    const char *s = p;
    while (*p && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\n' && *p != '\t' &&
           *p != '\r')
        p++;
    return p == s ? NULL : p;
}

/* How a path (path[0..n)) stands against the list: 2 when it is one of the
 * paths to drop, 1 when one of them lies below it, 0 otherwise. */
static int path_state(const char *path, size_t n, const char *const *drop)
{
    int st = 0;
    for (int i = 0; drop[i]; i++) {
        if (strncmp(drop[i], path, n))
            continue;
        if (!drop[i][n])
            return 2;
        if (drop[i][n] == '.')
            st = 1;
    }
    return st;
}

static const char *const no_paths[] = {NULL};

/* Copies the value at p into out, leaving out the members to drop below
 * path (path holds n bytes, room for more) and writing 0 for the values at
 * the hollow paths; returns just past it. */
static const char *copy_value(const char *p, strbuf *out, strbuf *path, const char *const *drop,
                              const char *const *hollow)
{
    p = skip_ws(p);
    size_t n = path->len;
    int hs = n ? path_state(path->buf, n, hollow) : 0;
    if (hs == 2) {
        const char *e = skip_value(p);
        if (!e)
            return NULL;
        sb_addch(out, '0');
        return e;
    }
    if ((*p != '{' && *p != '[') || (n && path_state(path->buf, n, drop) != 1 && hs != 1)) {
        const char *e = skip_value(p);
        if (!e)
            return NULL;
        sb_add(out, p, (size_t)(e - p));
        return e;
    }
    bool obj = *p == '{';
    sb_addch(out, *p++);
    bool first = true;
    for (;;) {
        p = skip_ws(p);
        if (*p == (obj ? '}' : ']')) {
            sb_addch(out, *p);
            path->len = n;
            path->buf[n] = 0;
            return p + 1;
        }
        const char *k = p, *ke = NULL;
        if (obj) {
            if (*p != '"' || !(ke = skip_string(p)))
                return NULL;
            p = skip_ws(ke);
            if (*p++ != ':')
                return NULL;
        }
        path->len = n;
        path->buf[n] = 0;
        if (n)
            sb_addch(path, '.');
        if (obj)
            sb_add(path, k + 1, (size_t)(ke - k - 2));
        else
            sb_addch(path, '*');
        if (path_state(path->buf, path->len, drop) == 2) {
            if (!(p = skip_value(p)))
                return NULL;
        } else {
            if (!first)
                sb_addch(out, ',');
            first = false;
            if (obj) {
                sb_add(out, k, (size_t)(ke - k));
                sb_addch(out, ':');
            }
            if (!(p = copy_value(p, out, path, drop, hollow)))
                return NULL;
        }
        p = skip_ws(p);
        if (*p == ',')
            p++;
        else if (*p != (obj ? '}' : ']'))
            return NULL;
    }
}

char *nsq_json_drop(const char *doc, const char *const *drop)
{
    return nsq_json_prune(doc, drop, NULL);
}

char *nsq_json_prune(const char *doc, const char *const *drop, const char *const *hollow)
{
    strbuf out = STRBUF_INIT, path = STRBUF_INIT;
    sb_grow(&path, 64);
    const char *e =
        copy_value(doc, &out, &path, drop ? drop : no_paths, hollow ? hollow : no_paths);
    sb_release(&path);
    if (!e) {
        sb_release(&out);
        return xstrdup(doc);
    }
    sb_addstr(&out, skip_ws(e));
    return sb_detach(&out);
}
