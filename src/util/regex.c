#define PCRE2_CODE_UNIT_WIDTH 8
#include "nsysql/util/regex.h"

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/util/strbuf.h"

struct nsq_re {
    pcre2_code *code;
    pcre2_match_data *md;
    char *pattern;
    int refs; /* shared by the SQL-function cache and statement auxdata */
};

nsq_re *nsq_re_compile(const char *pattern, const char *what, nsq_err *err)
{
    int ec = 0;
    PCRE2_SIZE off = 0;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
                                     PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &ec, &off, NULL);
    if (!code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(ec, msg, sizeof msg);
        nsq_error(err, NSQ_EXIT_USAGE, "bad_regex", "%s: invalid regular expression '%s' at offset %zu: %s",
                  what ? what : "regex", pattern, (size_t)off, (const char *)msg);
        return NULL;
    }
    pcre2_jit_compile(code, PCRE2_JIT_COMPLETE); /* optional: falls back to the interpreter */
    nsq_re *re = xcalloc(1, sizeof *re);
    re->code = code;
    re->md = pcre2_match_data_create_from_pattern(code, NULL);
    re->pattern = xstrdup(pattern);
    re->refs = 1;
    return re;
}

int nsq_re_match(nsq_re *re, const char *subject, size_t len)
{
    int rc = pcre2_match(re->code, (PCRE2_SPTR)subject, len, 0, 0, re->md, NULL);
    if (rc >= 0)
        return 1;
    if (rc == PCRE2_ERROR_NOMATCH)
        return 0;
    return -1;
}

void nsq_re_free(nsq_re *re)
{
    if (!re || --re->refs > 0)
        return;
    pcre2_match_data_free(re->md);
    pcre2_code_free(re->code);
    free(re->pattern);
    free(re);
}

/* A small per-connection cache: most queries use one or two patterns, but
 * a pattern coming from a column (not a constant) would otherwise be
 * recompiled on every row. */
#define RE_CACHE_SIZE 16

typedef struct re_cache {
    nsq_re *slot[RE_CACHE_SIZE];
    unsigned next;
} re_cache;

static void cache_free(void *p)
{
    re_cache *c = p;
    for (int i = 0; i < RE_CACHE_SIZE; i++)
        nsq_re_free(c->slot[i]);
    free(c);
}

static void regexp_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) {
        sqlite3_result_null(ctx);
        return;
    }
    const char *pat = (const char *)sqlite3_value_text(argv[0]);
    const char *subj = (const char *)sqlite3_value_text(argv[1]);
    int slen = sqlite3_value_bytes(argv[1]);
    if (!pat || !subj) {
        sqlite3_result_error_nomem(ctx);
        return;
    }
    nsq_re *re = sqlite3_get_auxdata(ctx, 0);
    if (!re) {
        re_cache *c = sqlite3_user_data(ctx);
        for (int i = 0; i < RE_CACHE_SIZE; i++)
            if (c->slot[i] && strcmp(c->slot[i]->pattern, pat) == 0) {
                re = c->slot[i];
                break;
            }
        if (!re) {
            nsq_err err = {0};
            re = nsq_re_compile(pat, "REGEXP", &err);
            if (!re) {
                sqlite3_result_error(ctx, err.message, -1);
                return;
            }
            unsigned k = c->next++ % RE_CACHE_SIZE;
            nsq_re_free(c->slot[k]);
            c->slot[k] = re;
        }
        re->refs++; /* the statement's reference, dropped by the destructor */
        sqlite3_set_auxdata(ctx, 0, re, (void (*)(void *))nsq_re_free);
        /* even if SQLite dropped the auxdata at once, the cache's reference
         * keeps `re` alive for the rest of this call */
    }
    int m = nsq_re_match(re, subj, (size_t)slen);
    if (m < 0) {
        sqlite3_result_error(ctx, "REGEXP: matching failed (match limit or bad input)", -1);
        return;
    }
    sqlite3_result_int(ctx, m);
}

int nsq_register_regexp(sqlite3 *db)
{
    re_cache *c = xcalloc(1, sizeof *c);
    return sqlite3_create_function_v2(db, "regexp", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, c,
                                      regexp_fn, NULL, NULL, cache_free);
}
