/* match: kernel-name normalisation rules (see match.h). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "nsysql/export/match.h"

#include <errno.h>
#include <pcre2.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/export/query.h"
#include "nsysql/util/strbuf.h"
#include "nsysql/util/grow.h"

typedef struct rule {
    char *name;
    char *pattern;
    char *replacement;
    pcre2_code *code;
} rule;

struct nsq_match_rules {
    rule *v;
    int n, cap;
    char *source;
    const char *sha256; /* embedded query's, static; NULL for a file */
};

void nsq_match_rules_free(nsq_match_rules *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->n; i++) {
        free(r->v[i].name);
        free(r->v[i].pattern);
        free(r->v[i].replacement);
        pcre2_code_free(r->v[i].code);
    }
    free(r->v);
    free(r->source);
    free(r);
}

/* Reads a whole file into a NUL-terminated malloc'd buffer (caller frees). */
static char *read_file(const char *path, nsq_err *err)
{
    strbuf sb = STRBUF_INIT;
    char buf[8192];
    size_t got;
    FILE *f = fopen(path, "rb");
    if (!f) {
        nsq_error(err, NSQ_EXIT_INPUT, "bad_match_rules_file",
                  "--match-rules: cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        sb_add(&sb, buf, got);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        nsq_error(err, NSQ_EXIT_INPUT, "bad_match_rules_file", "--match-rules: cannot read '%s'",
                  path);
        sb_release(&sb);
        return NULL;
    }
    if (!nsq_sql_plausible(sb_str(&sb), sb.len)) {
        /* never SQLite's "near ..." message: it would quote the file */
        nsq_error(err, NSQ_EXIT_INPUT, "bad_match_rules_file",
                  "--match-rules: '%s' is not a rules file (it does not start with a SQL statement)", path);
        sb_release(&sb);
        return NULL;
    }
    return sb_detach(&sb);
}

static int col_index(sqlite3_stmt *st, const char *name)
{
    for (int i = 0; i < sqlite3_column_count(st); i++)
        if (sqlite3_column_name(st, i) && !strcmp(sqlite3_column_name(st, i), name))
            return i;
    return -1;
}

static int add_rule(nsq_match_rules *r, const char *name, const char *pattern, const char *repl,
                    nsq_err *err)
{
    int ec = 0;
    PCRE2_SIZE off = 0;
    if (r->n >= NSQ_MATCH_MAX_RULES)
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_match_rules", "%s: more than %d rules",
                         r->source, NSQ_MATCH_MAX_RULES);
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
                                     PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &ec, &off, NULL);
    if (!code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(ec, msg, sizeof msg);
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_match_rules",
                         "%s: rule '%s': invalid pattern at offset %zu: %s", r->source, name,
                         (size_t)off, (const char *)msg);
    }
    pcre2_jit_compile(code, PCRE2_JIT_COMPLETE); /* optional: the interpreter is the fallback */
    NSQ_GROW(r->v, r->n + 1, r->cap);
    rule *ru = &r->v[r->n++];
    ru->name = xstrdup(name);
    ru->pattern = xstrdup(pattern);
    ru->replacement = xstrdup(repl);
    ru->code = code;
    return 0;
}

/* Runs the rules' SELECT on a private in-memory database and compiles every
 * row. `sql` is the whole file (its comment header is fine for SQLite). */
static int load_sql(nsq_match_rules *r, const char *sql, nsq_err *err)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    const char *tail = NULL;
    int rc = -1, src;
    if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, NULL) !=
        SQLITE_OK) {
        nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "cannot open an in-memory database");
        goto done;
    }
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, NULL);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
    src = sqlite3_prepare_v2(db, sql, -1, &st, &tail);
    if (src != SQLITE_OK || !st) {
        nsq_error(err, NSQ_EXIT_USAGE, "bad_match_rules", "%s: %s", r->source,
                  src != SQLITE_OK ? sqlite3_errmsg(db) : "no SQL statement in the file");
        goto hint;
    }
    while (tail && *tail && strchr(" \t\r\n;", *tail))
        tail++;
    if (tail && *tail) {
        nsq_error(err, NSQ_EXIT_USAGE, "bad_match_rules", "%s: more than one SQL statement",
                  r->source);
        goto hint;
    }
    if (!sqlite3_stmt_readonly(st)) {
        nsq_error(err, NSQ_EXIT_USAGE, "bad_match_rules",
                  "%s: the statement must be a read-only SELECT", r->source);
        goto hint;
    }
    int ci = col_index(st, "rule"), cp = col_index(st, "pattern"),
        cr = col_index(st, "replacement");
    if (ci < 0 || cp < 0 || cr < 0) {
        nsq_error(err, NSQ_EXIT_USAGE, "bad_match_rules",
                  "%s: the SELECT must return columns named rule, pattern and replacement",
                  r->source);
        goto hint;
    }
    while ((src = sqlite3_step(st)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, ci);
        const char *pat = (const char *)sqlite3_column_text(st, cp);
        const char *rep = (const char *)sqlite3_column_text(st, cr);
        if (!name || !*name || !pat || !*pat) {
            nsq_error(err, NSQ_EXIT_USAGE, "bad_match_rules",
                      "%s: rule %d has an empty name or pattern", r->source, r->n + 1);
            goto hint;
        }
        if (add_rule(r, name, pat, rep ? rep : "", err))
            goto done;
    }
    if (src != SQLITE_DONE) {
        nsq_error(err, NSQ_EXIT_USAGE, "bad_match_rules", "%s: %s", r->source, sqlite3_errmsg(db));
        goto hint;
    }
    rc = 0;
    goto done;
hint:
    nsq_hint(err, "start from the stock rules: nsysql timeline-sql --show match-rules");
done:
    sqlite3_finalize(st);
    sqlite3_close(db);
    return rc;
}

int nsq_match_rules_load(nsq_match_rules **out, const char *path, nsq_err *err)
{
    nsq_match_rules *r = xcalloc(1, sizeof *r);
    char *text = NULL;
    int rc = -1;
    *out = NULL;
    if (!path) {
        const nsq_query *q = nsq_registry_find("match-rules", 0);
        if (!q) {
            nsq_error(err, NSQ_EXIT_INTERNAL, "internal",
                      "the stored query match-rules is missing");
            goto done;
        }
        strbuf s = STRBUF_INIT;
        sb_addf(&s, "%s@%d", q->id, q->version);
        r->source = sb_detach(&s);
        r->sha256 = q->sha256;
        if (load_sql(r, q->text, err))
            goto done;
    } else {
        r->source = xstrdup(path);
        if (!(text = read_file(path, err)) || load_sql(r, text, err))
            goto done;
    }
    *out = r;
    r = NULL;
    rc = 0;
done:
    nsq_match_rules_free(r);
    free(text);
    return rc;
}

int nsq_match_rules_count(const nsq_match_rules *r)
{
    return r->n;
}
const char *nsq_match_rule_name(const nsq_match_rules *r, int i)
{
    return r->v[i].name;
}
const char *nsq_match_rule_pattern(const nsq_match_rules *r, int i)
{
    return r->v[i].pattern;
}
const char *nsq_match_rule_replacement(const nsq_match_rules *r, int i)
{
    return r->v[i].replacement;
}
const char *nsq_match_rules_source(const nsq_match_rules *r)
{
    return r->source;
}
const char *nsq_match_rules_sha256(const nsq_match_rules *r)
{
    return r->sha256;
}

char *nsq_match_normalize(const nsq_match_rules *r, const char *name, uint64_t *fired, nsq_err *err)
{
    /* cur holds the text so far; out receives one rule's result; both are
     * owned here, and cur is handed to the caller at the end */
    size_t cur_cap = strlen(name ? name : "") + 1;
    char *cur = xstrdup(name ? name : "");
    size_t out_cap = cur_cap * 2 + 64;
    char *out = xmalloc(out_cap);
    uint64_t bits = 0;
    for (int i = 0; i < r->n; i++) {
        const rule *ru = &r->v[i];
        PCRE2_SIZE outlen;
        int n;
        for (;;) {
            outlen = out_cap;
            n = pcre2_substitute(ru->code, (PCRE2_SPTR)cur, PCRE2_ZERO_TERMINATED, 0,
                                 PCRE2_SUBSTITUTE_GLOBAL | PCRE2_SUBSTITUTE_OVERFLOW_LENGTH, NULL,
                                 NULL, (PCRE2_SPTR)ru->replacement, PCRE2_ZERO_TERMINATED,
                                 (PCRE2_UCHAR *)out, &outlen);
            if (n != PCRE2_ERROR_NOMEMORY)
                break;
            out_cap = outlen + 1; /* outlen is now the length needed */
            out = xrealloc(out, out_cap);
        }
        if (n < 0) {
            PCRE2_UCHAR msg[256];
            int limit = n == PCRE2_ERROR_MATCHLIMIT || n == PCRE2_ERROR_DEPTHLIMIT ||
                        n == PCRE2_ERROR_HEAPLIMIT || n == PCRE2_ERROR_NOMEMORY;
            pcre2_get_error_message(n, msg, sizeof msg);
            nsq_error(err, limit ? NSQ_EXIT_INPUT : NSQ_EXIT_USAGE,
                      limit ? "match_failed" : "bad_match_rules", "%s: rule '%s' on '%.200s': %s",
                      r->source, ru->name, cur, (const char *)msg);
            free(cur);
            free(out);
            return NULL;
        }
        if (n > 0 && strcmp(cur, out) != 0) {
            bits |= (uint64_t)1 << i;
            char *t = cur;
            size_t tc = cur_cap;
            cur = out;
            cur_cap = out_cap;
            out = t;
            out_cap = tc;
        }
    }
    free(out);
    if (fired)
        *fired = bits;
    return cur;
}

/* ---- name normalisation ----------------------------------------------------------- */

/* The stock rules, loaded on first use and kept for the process (a command
 * normalises thousands of names; loading runs one small query). */
static nsq_match_rules *stock_rules;

char *nsq_match_stock_normalize(const char *name, nsq_err *err)
{
    if (!stock_rules && nsq_match_rules_load(&stock_rules, NULL, err))
        return NULL;
    return nsq_match_normalize(stock_rules, name ? name : "", NULL, err);
}

static void normalize_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    nsq_err err = {0};
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
        sqlite3_result_null(ctx);
        return;
    }
    char *s = nsq_match_stock_normalize((const char *)sqlite3_value_text(argv[0]), &err);
    if (!s) {
        sqlite3_result_error(ctx, err.message, -1);
        return;
    }
    sqlite3_result_text(ctx, s, -1, free);
}

int nsq_match_register_sql(sqlite3 *db)
{
    return sqlite3_create_function_v2(db, "normalize_kernel_name", 1,
                                      SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
                                      normalize_fn, NULL, NULL, NULL);
}
