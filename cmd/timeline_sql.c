/* nsysql timeline-sql: read-only SQL over the portable views. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nsysql/cmd.h"
#include "nsysql/export/query.h"

typedef struct ts_opts {
    const char *sql;
    const char *file;
    const char *query;
    nsq_strlist params;
    int list;
    const char *show;
    int64_t max_rows;
} ts_opts;

static const nsq_opt ts_options[] = {
    OPT_ENTRY("sql", 0, OPT_STR, ts_opts, sql, "TEXT", "run this SQL (one read-only statement)"),
    OPT_ENTRY("file", 0, OPT_STR, ts_opts, file, "PATH", "run the SQL in this file"),
    OPT_ENTRY("query", 0, OPT_STR, ts_opts, query, "ID[@VERSION]", "run a stored query (latest version unless @VERSION)"),
    OPT_ENTRY("param", 0, OPT_LIST, ts_opts, params, "NAME=VALUE", "bind :NAME to VALUE (bound, never spliced)"),
    OPT_ENTRY("list", 0, OPT_BOOL, ts_opts, list, NULL, "list stored queries and views (no INPUT needed)"),
    OPT_ENTRY("show", 0, OPT_STR, ts_opts, show, "ID[@VERSION]", "print a stored query's header and SQL (no INPUT needed)"),
    OPT_RANGE("max-rows", 0, OPT_INT, ts_opts, max_rows, "N", "stop after N rows and say so (default 10000)", OPTF_MIN, 0, 0),
    OPT_TABLE_END,
};

static void ts_defaults(void *p)
{
    ts_opts *o = p;
    o->max_rows = 10000;
}

static void emit_query_meta(json *j, const nsq_query *q, bool with_text)
{
    json_obj_begin(j);
    json_kv_str(j, "id", q->id);
    json_kv_int(j, "version", q->version);
    json_kv_str(j, "kind", q->kind);
    json_kv_str(j, "summary", q->summary);
    json_kv_str(j, "path", q->path);
    json_kv_str(j, "sha256", q->sha256);
    json_key(j, "requires");
    json_arr_begin(j);
    for (int i = 0; i < q->nrequires; i++)
        json_str(j, q->requires[i]);
    json_arr_end(j);
    json_key(j, "params");
    json_arr_begin(j);
    for (int i = 0; i < q->nparams; i++) {
        json_obj_begin(j);
        json_kv_str(j, "name", q->params[i].name);
        json_kv_str(j, "type", q->params[i].type);
        json_kv_str(j, "default", q->params[i].def);
        json_kv_str(j, "help", q->params[i].help);
        json_obj_end(j);
    }
    json_arr_end(j);
    if (with_text)
        json_kv_str(j, "text", q->text);
    json_obj_end(j);
}

static char *read_file(const char *path, nsq_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        nsq_error(err, NSQ_EXIT_USAGE, "sql_file_unreadable", "cannot read SQL file '%s': %s",
                  path, strerror(errno));
        return NULL;
    }
    strbuf sb = STRBUF_INIT;
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        sb_add(&sb, buf, n);
        if (sb.len > 16 * 1024 * 1024) {
            fclose(f);
            sb_release(&sb);
            nsq_error(err, NSQ_EXIT_USAGE, "sql_file_too_large", "SQL file '%s' is over 16 MiB", path);
            return NULL;
        }
    }
    fclose(f);
    if (!nsq_sql_plausible(sb_str(&sb), sb.len)) {
        /* never SQLite's "near ..." message: it would quote the file */
        nsq_error(err, NSQ_EXIT_USAGE, "sql_file_not_sql",
                  "'%s' is not a SQL file (it does not start with a SQL statement)", path);
        nsq_hint(err, "--file takes a file of SQL text; --sql takes the text itself");
        sb_release(&sb);
        return NULL;
    }
    return sb_detach(&sb);
}

/* Only whitespace and SQL comments left? */
static bool only_trivia(const char *s)
{
    while (*s) {
        if (isspace((unsigned char)*s) || *s == ';') {
            s++;
        } else if (s[0] == '-' && s[1] == '-') {
            while (*s && *s != '\n')
                s++;
        } else if (s[0] == '/' && s[1] == '*') {
            const char *e = strstr(s + 2, "*/");
            if (!e)
                return true;
            s = e + 2;
        } else {
            return false;
        }
    }
    return true;
}

static int bind_value(sqlite3_stmt *st, int idx, const char *type, const char *v)
{
    char *end;
    if (!type || !strcmp(type, "int")) {
        errno = 0;
        long long i = strtoll(v, &end, 10);
        if (!errno && *v && !*end)
            return sqlite3_bind_int64(st, idx, i);
        if (type)
            return -1;
    }
    if (!type || !strcmp(type, "real")) {
        errno = 0;
        double d = strtod(v, &end);
        if (!errno && *v && !*end)
            return sqlite3_bind_double(st, idx, d);
        if (type)
            return -1;
    }
    return sqlite3_bind_text(st, idx, v, -1, SQLITE_TRANSIENT);
}

/* Binds --param values by name; declared parameters of a stored query get
 * their type and default. */
static int bind_params(nsq_ctx *ctx, sqlite3_stmt *st, const nsq_query *q, const ts_opts *o)
{
    int n = sqlite3_bind_parameter_count(st);
    for (int i = 0; i < o->params.n; i++) {
        const char *eq = strchr(o->params.v[i], '=');
        if (!eq || eq == o->params.v[i])
            return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_param",
                             "--param expects NAME=VALUE, got '%s'", o->params.v[i]);
    }
    for (int idx = 1; idx <= n; idx++) {
        const char *pname = sqlite3_bind_parameter_name(st, idx);
        if (!pname)
            return nsq_error(&ctx->err, NSQ_EXIT_QUERY, "positional_param",
                             "use named parameters (:name), not '?'");
        const char *name = pname + 1;
        const char *val = NULL, *type = NULL;
        for (int i = 0; i < o->params.n; i++) {
            const char *eq = strchr(o->params.v[i], '=');
            if ((size_t)(eq - o->params.v[i]) == strlen(name) &&
                !strncmp(o->params.v[i], name, strlen(name)))
                val = eq + 1;
        }
        if (q)
            for (int k = 0; k < q->nparams; k++)
                if (!strcmp(q->params[k].name, name)) {
                    type = q->params[k].type;
                    if (!val)
                        val = q->params[k].def;
                }
        if (!val)
            return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "missing_param",
                             "the query needs --param %s=VALUE", name);
        if (bind_value(st, idx, type, val) != SQLITE_OK)
            return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_param",
                             "parameter %s expects type %s, got '%s'", name, type ? type : "?", val);
    }
    for (int i = 0; i < o->params.n; i++) {
        const char *eq = strchr(o->params.v[i], '=');
        strbuf nm = STRBUF_INIT;
        sb_addch(&nm, ':');
        sb_add(&nm, o->params.v[i], (size_t)(eq - o->params.v[i]));
        int found = sqlite3_bind_parameter_index(st, nm.buf);
        nm.buf[0] = '@';
        found |= sqlite3_bind_parameter_index(st, nm.buf);
        nm.buf[0] = '$';
        found |= sqlite3_bind_parameter_index(st, nm.buf);
        if (!found) {
            nsq_error(&ctx->err, NSQ_EXIT_USAGE, "unknown_param",
                      "--param %s: the query has no parameter :%s", nm.buf + 1, nm.buf + 1);
            sb_release(&nm);
            return -1;
        }
        sb_release(&nm);
    }
    return 0;
}

static void emit_value(json *j, sqlite3_stmt *st, int c)
{
    switch (sqlite3_column_type(st, c)) {
    case SQLITE_INTEGER:
        json_int(j, sqlite3_column_int64(st, c));
        break;
    case SQLITE_FLOAT:
        json_double_exact(j, sqlite3_column_double(st, c));
        break;
    case SQLITE_TEXT:
        json_strn(j, (const char *)sqlite3_column_text(st, c), (size_t)sqlite3_column_bytes(st, c));
        break;
    case SQLITE_BLOB: {
        const unsigned char *b = sqlite3_column_blob(st, c);
        int n = sqlite3_column_bytes(st, c);
        strbuf hex = STRBUF_INIT;
        sb_addstr(&hex, "x'");
        for (int i = 0; i < n; i++)
            sb_addf(&hex, "%02x", b[i]);
        sb_addch(&hex, '\'');
        json_str(j, hex.buf);
        sb_release(&hex);
        break;
    }
    default:
        json_null(j);
    }
}

static int run_sql(nsq_ctx *ctx, const ts_opts *o, const char *sql, const nsq_query *q,
                   const char *what)
{
    nsq_export *x = ctx->x;
    sqlite3_stmt *st = NULL;
    const char *tail = NULL;
    json *j = &ctx->result;
    int rc = sqlite3_prepare_v2(x->db, sql, -1, &st, &tail);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_QUERY, "sql_error", what, &ctx->err);
    if (!st)
        return nsq_error(&ctx->err, NSQ_EXIT_QUERY, "empty_sql", "%s: no SQL statement", what);
    if (tail && !only_trivia(tail)) {
        sqlite3_finalize(st);
        return nsq_error(&ctx->err, NSQ_EXIT_QUERY, "multiple_statements",
                         "%s: one statement per call (found more after the first)", what);
    }
    if (!sqlite3_stmt_readonly(st)) {
        sqlite3_finalize(st);
        nsq_error(&ctx->err, NSQ_EXIT_QUERY, "write_refused",
                  "%s: only read-only statements (SELECT, WITH ... SELECT) are allowed", what);
        nsq_hint(&ctx->err, "nsysql opens exports read-only");
        return -1;
    }
    if (bind_params(ctx, st, q, o)) {
        sqlite3_finalize(st);
        return -1;
    }
    int ncol = sqlite3_column_count(st);
    int64_t nrows = 0;
    bool truncated = false;
    /* JSON objects need distinct keys: a repeated column name gets a suffix
     * (":2", ":3", ...), shown the same way in "columns" */
    char **names = xcalloc((size_t)ncol + 1, sizeof *names);
    for (int c = 0; c < ncol; c++) {
        const char *base = sqlite3_column_name(st, c);
        base = base ? base : "";
        strbuf nm = STRBUF_INIT;
        sb_addstr(&nm, base);
        for (int k = 2;; k++) {
            bool clash = false;
            for (int d = 0; d < c; d++)
                clash |= strcmp(names[d], nm.buf ? nm.buf : "") == 0;
            if (!clash)
                break;
            sb_reset(&nm);
            sb_addf(&nm, "%s:%d", base, k);
        }
        names[c] = sb_detach(&nm);
    }
    json_obj_begin(j);
    json_key(j, "columns");
    json_arr_begin(j);
    for (int c = 0; c < ncol; c++)
        json_str(j, names[c]);
    json_arr_end(j);
    json_key(j, "rows");
    json_arr_begin(j);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (nrows >= o->max_rows) {
            truncated = true;
            break;
        }
        json_obj_begin(j);
        for (int c = 0; c < ncol; c++) {
            json_key(j, names[c]);
            emit_value(j, st, c);
        }
        json_obj_end(j);
        nrows++;
    }
    for (int c = 0; c < ncol; c++)
        free(names[c]);
    free(names);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        nsq_export_sql_error(x, rc, NSQ_EXIT_QUERY, "sql_error", what, &ctx->err);
        sqlite3_finalize(st);
        return -1;
    }
    sqlite3_finalize(st);
    json_arr_end(j);
    json_kv_int(j, "row_count", nrows);
    json_kv_bool(j, "truncated", truncated);
    json_obj_end(j);
    if (truncated)
        nsq_warn(ctx, "rows_truncated", "output stopped after %lld rows (--max-rows)",
                 (long long)o->max_rows);
    return 0;
}

static int cmd_timeline_sql(nsq_ctx *ctx, void *vopts)
{
    ts_opts *o = vopts;
    const nsq_query *q = NULL;
    char *file_sql = NULL;
    const char *sql = NULL;
    int rc = -1;
    int sources = !!o->sql + !!o->file + !!o->query + !!o->list + !!o->show;
    if (sources != 1)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_usage",
                         "give exactly one of --sql, --file, --query, --list, --show");
    if (o->max_rows < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--max-rows must not be negative");
    if (o->list || o->show) {
        json_obj_begin(&ctx->params);
        json_kv_str(&ctx->params, "mode", o->list ? "list" : "show");
        json_obj_end(&ctx->params);
        if (o->show && !(q = nsq_registry_lookup(o->show, &ctx->err)))
            return -1;
        json_obj_begin(&ctx->result);
        if (o->list) {
            json_key(&ctx->result, "queries");
            json_arr_begin(&ctx->result);
            for (int i = 0; i < nsq_registry_count(); i++)
                emit_query_meta(&ctx->result, nsq_registry_at(i), false);
            json_arr_end(&ctx->result);
        } else {
            json_key(&ctx->result, "query");
            emit_query_meta(&ctx->result, q, true);
        }
        json_obj_end(&ctx->result);
        return 0;
    }
    if (ctx->nargs != 1)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, ctx->nargs ? "extra_argument" : "missing_input",
                         ctx->nargs ? "timeline-sql takes one INPUT" : "timeline-sql needs an INPUT export");
    if (o->query) {
        if (!(q = nsq_registry_lookup(o->query, &ctx->err)))
            return -1;
        if (strcmp(q->kind, "query"))
            return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "not_a_query",
                             "'%s' is a view; query it with --sql 'SELECT * FROM %s'", q->id, q->id);
        sql = q->text;
        ctx->query_id = q->id;
        ctx->query_version = q->version;
        ctx->query_sha256 = q->sha256;
    } else if (o->file) {
        if (!(file_sql = read_file(o->file, &ctx->err)))
            return -1;
        sql = file_sql;
        ctx->query_id = "adhoc";
    } else {
        sql = o->sql;
        ctx->query_id = "adhoc";
    }
    if (nsq_export_open(&ctx->x, ctx->args[0], &ctx->err))
        goto done;

    json_obj_begin(&ctx->params);
    json_kv_str(&ctx->params, "mode", o->query ? "query" : o->file ? "file" : "sql");
    if (o->file)
        json_kv_str(&ctx->params, "file", o->file);
    if (!o->query)
        json_kv_str(&ctx->params, "sql", sql);
    json_key(&ctx->params, "bind");
    json_obj_begin(&ctx->params);
    for (int i = 0; i < o->params.n; i++) {
        const char *eq = strchr(o->params.v[i], '=');
        if (!eq)
            continue;
        char *k = xstrndup(o->params.v[i], (size_t)(eq - o->params.v[i]));
        json_kv_str(&ctx->params, k, eq + 1);
        free(k);
    }
    json_obj_end(&ctx->params);
    json_kv_int(&ctx->params, "max_rows", o->max_rows);
    json_kv_int(&ctx->params, "timeout_ms", ctx->timeout_ms);
    json_obj_end(&ctx->params);

    {
        strbuf what = STRBUF_INIT;
        if (q)
            sb_addf(&what, "query %s@%d", q->id, q->version);
        else
            sb_addstr(&what, o->file ? o->file : "--sql");
        rc = run_sql(ctx, o, sql, q, what.buf);
        sb_release(&what);
    }
done:
    free(file_sql);
    return rc;
}

/* user SQL may ask for random() or the clock: never cached */
const nsq_cmd cmd_timeline_sql_def = {
    "timeline-sql", cmd_timeline_sql, CMD_TIMEOUT_60S | CMD_NO_CACHE, "nsysql/timeline-sql", 1,
    "run read-only SQL (inline, a file, or a stored query) over the portable views",
    "INPUT", ts_options, sizeof(ts_opts), ts_defaults,
};
