#include "nsysql/export/export.h"
#include "nsysql/util/limits.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/stat.h>

#include "nsysql/export/query.h"
#include "nsysql/util/regex.h"
#include "nsysql/export/report.h"
#include "nsysql/util/strbuf.h"
#include "nsysql/export/match.h"
#include "nsysql/util/grow.h"

/* ---- input resolution and file checks --------------------------------- */

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcasecmp(s + a - b, suffix) == 0;
}

/* A capture directory holds one export (capture.json names profile.sqlite
 * for both backends). Returns a malloc'd path or NULL with err. */
static char *resolve_dir(const char *dir, nsq_err *err)
{
    strbuf p = STRBUF_INIT;
    struct stat st;
    sb_addf(&p, "%s/profile.sqlite", dir);
    if (stat(p.buf, &st) == 0 && S_ISREG(st.st_mode))
        return sb_detach(&p);
    sb_release(&p);

    DIR *d = opendir(dir);
    if (!d) {
        nsq_error(err, NSQ_EXIT_INPUT, "input_unreadable", "cannot read directory '%s': %s", dir,
                  strerror(errno));
        return NULL;
    }
    char *found = NULL;
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (!ends_with(de->d_name, ".sqlite"))
            continue;
        n++;
        if (!found) {
            strbuf f = STRBUF_INIT;
            sb_addf(&f, "%s/%s", dir, de->d_name);
            found = sb_detach(&f);
        }
    }
    closedir(d);
    if (n == 1)
        return found;
    free(found);
    if (n == 0)
        nsq_error(err, NSQ_EXIT_INPUT, "input_is_directory",
                  "'%s' is a directory with no .sqlite export in it", dir);
    else
        nsq_error(err, NSQ_EXIT_INPUT, "input_ambiguous",
                  "directory '%s' holds %d .sqlite files; name one", dir, n);
    nsq_hint(err, "pass an nsys SQLite export (nsys export --type sqlite) or a capture directory");
    return NULL;
}

static uint32_t be32(const unsigned char *b)
{
    return ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
}

/* Checks the SQLite header and that the file is as long as it claims. */
static int check_file(const char *path, int64_t *size_out, nsq_err *err)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT)
            return nsq_error(err, NSQ_EXIT_INPUT, "input_not_found", "no such file: '%s'", path);
        return nsq_error(err, NSQ_EXIT_INPUT, "input_unreadable", "cannot stat '%s': %s", path,
                         strerror(errno));
    }
    if (!S_ISREG(st.st_mode))
        return nsq_error(err, NSQ_EXIT_INPUT, "input_not_regular",
                         "'%s' is not a regular file", path);
    *size_out = (int64_t)st.st_size;
    if (st.st_size == 0)
        return nsq_error(err, NSQ_EXIT_INPUT, "input_empty", "'%s' is empty (0 bytes)", path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return nsq_error(err, NSQ_EXIT_INPUT, "input_unreadable", "cannot open '%s': %s", path,
                         strerror(errno));
    unsigned char h[100];
    size_t got = fread(h, 1, sizeof h, f);
    fclose(f);
    if (got < sizeof h || memcmp(h, "SQLite format 3\0", 16) != 0) {
        if (ends_with(path, ".nsys-rep") || ends_with(path, ".qdrep")) {
            nsq_error(err, NSQ_EXIT_INPUT, "nsys_report_not_exported",
                      "'%s' is an nsys report, not a SQLite export", path);
            nsq_hint(err, "export it first: nsys export --type sqlite -o out.sqlite '%s'", path);
            return -1;
        }
        nsq_error(err, NSQ_EXIT_INPUT, "not_sqlite", "'%s' is not a SQLite database", path);
        nsq_hint(err, "nsysql reads the SQLite export of an nsys capture (nsys export --type sqlite)");
        return -1;
    }
    uint32_t page = ((uint32_t)h[16] << 8) | h[17];
    if (page == 1)
        page = 65536;
    uint32_t pages = be32(h + 28);
    bool size_valid = pages > 0 && be32(h + 24) == be32(h + 92);
    if (page >= 512 && size_valid && (int64_t)page * pages > (int64_t)st.st_size) {
        nsq_error(err, NSQ_EXIT_INPUT, "input_truncated",
                  "'%s' is truncated: its header says %lld bytes, the file has %lld", path,
                  (long long)page * pages, (long long)st.st_size);
        nsq_hint(err, "copy or download the export again");
        return -1;
    }
    return 0;
}

/* ---- authorizer --------------------------------------------------------- */

static const char *const safe_pragmas[] = {
    "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
    "foreign_key_list", "database_list", "function_list", "pragma_list", "module_list",
    "collation_list", "compile_options", "page_count", "page_size", "freelist_count",
    "encoding", "data_version", "schema_version", "user_version", "application_id",
    "integrity_check", "quick_check", NULL};

static int refuse(nsq_auth *a, const char *code, const char *fmt, const char *x, const char *y)
{
    snprintf(a->code, sizeof a->code, "%s", code);
    snprintf(a->denied, sizeof a->denied, fmt, x ? x : "", y ? y : "");
    return SQLITE_DENY;
}

static int authorizer(void *ud, int action, const char *a, const char *b, const char *dbname,
                      const char *trigger)
{
    (void)trigger;
    nsq_auth *au = ud;
    bool main_db = dbname && strcmp(dbname, "main") == 0;
    switch (action) {
    case SQLITE_ATTACH:
    case SQLITE_DETACH:
        return refuse(au, "attach_refused", "ATTACH/DETACH %s%s is not allowed", a, NULL);
    case SQLITE_FUNCTION:
        if (b && strcasecmp(b, "load_extension") == 0)
            return refuse(au, "extension_refused", "load_extension()%s%s is not allowed", NULL, NULL);
        /* fts3_tokenizer() hands out and takes C pointers (a module's address) */
        if (b && strcasecmp(b, "fts3_tokenizer") == 0)
            return refuse(au, "extension_refused", "fts3_tokenizer()%s%s is not allowed", NULL, NULL);
        return SQLITE_OK;
    case SQLITE_UPDATE:
        /* SQLite itself asks this for sqlite_master when a statement reads
         * a pragma table-valued function; the file is opened read-only and
         * query_only, so it cannot write there anyway */
        if (a && (!strcmp(a, "sqlite_master") || !strcmp(a, "sqlite_schema")))
            return SQLITE_OK;
        /* fall through */
    case SQLITE_INSERT:
    case SQLITE_DELETE:
        if (main_db)
            return refuse(au, "write_refused", "writing to table '%s'%s of the export is not allowed", a, NULL);
        return SQLITE_OK;
    case SQLITE_CREATE_TABLE:
    case SQLITE_CREATE_INDEX:
    case SQLITE_CREATE_VIEW:
    case SQLITE_CREATE_TRIGGER:
    case SQLITE_DROP_TABLE:
    case SQLITE_DROP_INDEX:
    case SQLITE_DROP_VIEW:
    case SQLITE_DROP_TRIGGER:
    case SQLITE_ALTER_TABLE:
    case SQLITE_CREATE_VTABLE:
    case SQLITE_DROP_VTABLE:
        if (main_db || (action == SQLITE_ALTER_TABLE && a && strcmp(a, "main") == 0))
            return refuse(au, "write_refused", "changing the schema of the export ('%s'%s) is not allowed; use CREATE TEMP ...", a, NULL);
        return SQLITE_OK;
    case SQLITE_PRAGMA:
        for (int i = 0; safe_pragmas[i]; i++)
            if (a && strcasecmp(a, safe_pragmas[i]) == 0) {
                /* an argument is a table/index name for the first seven;
                 * for the rest it would set a value */
                if (b && i > 6 && strcasecmp(a, "integrity_check") && strcasecmp(a, "quick_check"))
                    break;
                return SQLITE_OK;
            }
        return refuse(au, "pragma_refused", "PRAGMA %s%s is not allowed (read-only session)", a, NULL);
    default:
        return SQLITE_OK;
    }
}

/* ---- SQL helpers ----------------------------------------------------------- */

size_t nsq_api_base_len(const char *s)
{
    size_t n = strlen(s), e = n;
    while (e > 0 && isdigit((unsigned char)s[e - 1]))
        e--;
    if (e < n && e >= 2 && s[e - 1] == 'v' && s[e - 2] == '_')
        n = e - 2;
    return n;
}

static void api_base_name_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *s = (const char *)sqlite3_value_text(argv[0]);
    if (!s) {
        sqlite3_result_null(ctx);
        return;
    }
    sqlite3_result_text(ctx, s, (int)nsq_api_base_len(s), SQLITE_TRANSIENT);
}

int nsq_register_functions(sqlite3 *db)
{
    int rc = nsq_register_regexp(db);
    if (rc == SQLITE_OK)
        rc = nsq_match_register_sql(db); /* normalize_kernel_name(), used by the oracles */
    if (rc == SQLITE_OK)
        rc = sqlite3_create_function_v2(db, "api_base_name", 1,
                                        SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                        NULL, api_base_name_fn, NULL, NULL, NULL);
    return rc;
}

int nsq_query_int64(sqlite3 *db, const char *sql, int64_t dflt, int64_t *out)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    *out = dflt;
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            if (sqlite3_column_type(st, 0) != SQLITE_NULL)
                *out = sqlite3_column_int64(st, 0);
            rc = SQLITE_OK;
        } else if (rc == SQLITE_DONE) {
            rc = SQLITE_OK;
        }
    }
    sqlite3_finalize(st);
    return rc == SQLITE_OK ? 0 : rc ? rc : SQLITE_ERROR;
}

int64_t nsq_table_rowspan(nsq_export *x, const char *table)
{
    char sql[200];
    int64_t lo = 0, hi = -1;
    if (!nsq_probe_table(&x->probe, table))
        return 0;
    snprintf(sql, sizeof sql, "SELECT min(rowid) FROM main.\"%s\"", table);
    if (nsq_query_int64(x->db, sql, 0, &lo))
        return -1;
    snprintf(sql, sizeof sql, "SELECT max(rowid) FROM main.\"%s\"", table);
    if (nsq_query_int64(x->db, sql, -1, &hi))
        return -1;
    return hi >= lo ? hi - lo + 1 : 0;
}

int nsq_export_sql_error(nsq_export *x, int rc, int exit_code, const char *code, const char *what,
                         nsq_err *err)
{
    const char *msg = sqlite3_errmsg(x->db);
    int prim = rc & 0xFF;
    if (prim == SQLITE_AUTH || x->auth.denied[0]) {
        nsq_error(err, NSQ_EXIT_QUERY, x->auth.code[0] ? x->auth.code : "write_refused",
                  "%s: refused: %s", what, x->auth.denied[0] ? x->auth.denied : msg);
        nsq_hint(err, "nsysql opens exports read-only: SELECT (and WITH) statements only");
        x->auth.denied[0] = x->auth.code[0] = '\0';
        return -1;
    }
    if (prim == SQLITE_CORRUPT || prim == SQLITE_NOTADB)
        return nsq_error(err, NSQ_EXIT_INPUT, prim == SQLITE_NOTADB ? "not_sqlite" : "input_corrupt",
                         "%s: '%s' is damaged: %s", what, x->sqlite_path, msg);
    if (prim == SQLITE_INTERRUPT)
        return nsq_error(err, NSQ_EXIT_QUERY, "query_timeout", "%s: interrupted (time limit reached)",
                         what);
    if (prim == SQLITE_NOMEM && nsq_limits_memory_mb())
        return nsq_error(err, NSQ_EXIT_QUERY, "memory_limit",
                         "%s: the command would need more than its memory ceiling of %lld MiB",
                         what, (long long)nsq_limits_memory_mb());
    if (prim == SQLITE_NOMEM || prim == SQLITE_FULL || prim == SQLITE_TOOBIG)
        return nsq_error(err, NSQ_EXIT_QUERY, "query_resource_limit", "%s: %s", what, msg);
    return nsq_error(err, exit_code, code, "%s: %s", what, msg);
}

/* ---- probe -------------------------------------------------------------------- */

const nsq_table *nsq_probe_table(const nsq_probe *p, const char *name)
{
    for (int i = 0; i < p->ntables; i++)
        if (strcmp(p->tables[i].name, name) == 0)
            return &p->tables[i];
    return NULL;
}

bool nsq_probe_has_col(const nsq_probe *p, const char *table, const char *col)
{
    const nsq_table *t = nsq_probe_table(p, table);
    if (!t)
        return false;
    for (int i = 0; i < t->ncols; i++)
        if (strcmp(t->cols[i], col) == 0)
            return true;
    return false;
}

static char *meta_value(sqlite3 *db, const char *table, const char *key)
{
    strbuf sql = STRBUF_INIT;
    sqlite3_stmt *st = NULL;
    char *v = NULL;
    /* table is one of two fixed names checked by the caller */
    sb_addf(&sql, "SELECT value FROM main.\"%s\" WHERE name = ?1 LIMIT 1", table);
    if (sqlite3_prepare_v2(db, sql.buf, -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
        if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
            v = xstrdup((const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    sb_release(&sql);
    return v;
}

/* Does the text in column c contain what (ASCII, any case, runs of blanks
 * between words matching one blank)? */
static bool sql_says(sqlite3_stmt *st, int c, const char *what)
{
    const char *t = (const char *)sqlite3_column_text(st, c);
    for (; t && *t; t++) {
        const char *a = t, *b = what;
        while (*a && *b) {
            if (*b == ' ' && isspace((unsigned char)*a)) {
                while (isspace((unsigned char)*a))
                    a++;
                b++;
            } else if (toupper((unsigned char)*a) == *b) {
                a++;
                b++;
            } else {
                break;
            }
        }
        if (!*b)
            return true;
    }
    return false;
}

static int probe_tables(nsq_export *x, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    nsq_probe *p = &x->probe;
    int rc = sqlite3_prepare_v2(x->db,
                                "SELECT name, sql, type FROM main.sqlite_master WHERE type IN ('table', 'view') "
                                "AND name NOT LIKE 'sqlite_%' ORDER BY name",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INPUT, "not_sqlite", "reading the schema", err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        NSQ_GROW(p->tables, p->ntables + 1, p->captables);
        nsq_table *t = &p->tables[p->ntables++];
        memset(t, 0, sizeof *t);
        t->name = xstrdup((const char *)sqlite3_column_text(st, 0));
        /* a view (CREATE VIEW CUPTI_ACTIVITY_KIND_KERNEL AS ...) is read through
         * SQLite like a table without rowid; a virtual table (an R*Tree, FTS) is
         * none of nsys's and is not opened: connecting one prepares writes to its
         * shadow tables, which the authorizer refuses */
        t->view = !strcmp((const char *)sqlite3_column_text(st, 2), "view");
        t->is_virtual = sql_says(st, 1, "CREATE VIRTUAL");
        t->rowid = !t->view && !sql_says(st, 1, "WITHOUT ROWID") && !t->is_virtual;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INPUT, "input_corrupt", "reading the schema", err);
    for (int i = 0; i < p->ntables; i++) {
        nsq_table *t = &p->tables[i];
        if (t->is_virtual)
            continue;
        rc = sqlite3_prepare_v2(x->db, "SELECT name FROM pragma_table_info(?1, 'main')", -1, &st, NULL);
        if (rc != SQLITE_OK)
            return nsq_export_sql_error(x, rc, NSQ_EXIT_INPUT, "input_corrupt", "reading the schema", err);
        sqlite3_bind_text(st, 1, t->name, -1, SQLITE_STATIC);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            NSQ_GROW(t->cols, t->ncols + 1, t->capcols);
            t->cols[t->ncols++] = xstrdup((const char *)sqlite3_column_text(st, 0));
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE)
            return nsq_export_sql_error(x, rc, NSQ_EXIT_INPUT, "input_corrupt", "reading the schema", err);
        /* a column named rowid hides the rowid from SQL: no row_id then */
        for (int c = 0; c < t->ncols; c++)
            if (!strcasecmp(t->cols[c], "rowid"))
                t->rowid = false;
    }
    return 0;
}

/* The version of a 2021-era export lives only in the install path. */
static char *version_from_install_dir(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    char *v = NULL;
    if (sqlite3_prepare_v2(db,
                           "SELECT value FROM main.TARGET_INFO_SYSTEM_ENV WHERE name = "
                           "'TargetInstallDir' LIMIT 1",
                           -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
        const char *s = (const char *)sqlite3_column_text(st, 0);
        /* find a component like 2021.3.3 (digits.digits[.digits...]) */
        for (const char *c = s; *c; c++) {
            if ((c == s || c[-1] == '/' || c[-1] == '-' || c[-1] == '_') && isdigit((unsigned char)c[0])) {
                const char *e = c;
                int dots = 0;
                while (isdigit((unsigned char)*e) || *e == '.') {
                    dots += *e == '.';
                    e++;
                }
                if (dots >= 1 && e - c >= 6 && e[-1] != '.') {
                    v = xstrndup(c, (size_t)(e - c));
                    break;
                }
            }
        }
    }
    sqlite3_finalize(st);
    return v;
}

static int probe_identity(nsq_export *x, nsq_err *err)
{
    nsq_probe *p = &x->probe;
    if (nsq_probe_table(p, "StringTable") && !nsq_probe_table(p, "StringIds")) {
        nsq_error(err, NSQ_EXIT_INPUT, "not_nsys_export",
                  "'%s' is an nvprof database (StringTable), not an nsys export", x->sqlite_path);
        nsq_hint(err, "nsysql reads Nsight Systems exports; re-profile with nsys");
        return -1;
    }
    static const char *const markers[] = {"META_DATA_EXPORT", "EXPORT_META_DATA",
                                          "TARGET_INFO_SYSTEM_ENV", "TARGET_INFO_SESSION_START_TIME",
                                          NULL};
    /* exports before 2021.3 have no metadata table and no TARGET_INFO_SYSTEM_ENV:
     * they are known by their layout, two or more of these beside StringIds */
    static const char *const old_layout[] = {
        "TARGET_INFO_CUDA_GPU", "TARGET_INFO_GPU", "TARGET_INFO_CUDA_STREAM",
        "TARGET_INFO_CUDA_NULL_STREAM", "ProcessStreams", "ThreadNames", "PROFILER_OVERHEAD",
        "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS", "OSRT_API",
        NULL};
    bool marker = false;
    int old = 0;
    for (int i = 0; markers[i]; i++)
        marker |= nsq_probe_table(p, markers[i]) != NULL;
    for (int i = 0; !marker && old_layout[i]; i++)
        old += nsq_probe_table(p, old_layout[i]) != NULL;
    if (!marker && old >= 2 && nsq_probe_table(p, "StringIds")) {
        p->version_estimate = "before 2021.3";
        p->version_source =
            nsq_probe_table(p, "TARGET_INFO_CUDA_GPU")
                ? "table layout: TARGET_INFO_CUDA_GPU (TARGET_INFO_GPU from 2021.3.1 on), no "
                  "metadata table, no TARGET_INFO_SYSTEM_ENV"
                : "table layout: StringIds and nsys tables, but no metadata table and no "
                  "TARGET_INFO_SYSTEM_ENV (both present from 2021.3 on)";
        marker = true;
    }
    if (!nsq_probe_table(p, "StringIds") || !marker) {
        nsq_error(err, NSQ_EXIT_INPUT, "not_nsys_export",
                  "'%s' is a SQLite database but not an nsys export (no StringIds and "
                  "metadata/target tables)",
                  x->sqlite_path);
        nsq_hint(err, "produce one with: nsys export --type sqlite report.nsys-rep");
        return -1;
    }
    if (nsq_probe_table(p, "META_DATA_EXPORT"))
        p->metadata_table = "META_DATA_EXPORT";
    else if (nsq_probe_table(p, "EXPORT_META_DATA"))
        p->metadata_table = "EXPORT_META_DATA";
    if (p->metadata_table) {
        p->product_name = meta_value(x->db, p->metadata_table, "EXPORT_PRODUCT_NAME");
        p->product_version = meta_value(x->db, p->metadata_table, "EXPORT_PRODUCT_VERSION");
        p->schema_version = meta_value(x->db, p->metadata_table, "EXPORT_SCHEMA_VERSION");
        p->exporter = meta_value(x->db, p->metadata_table, "SYNTHETIC_GENERATOR");
        if (!p->exporter)
            p->exporter = meta_value(x->db, p->metadata_table, "NSYSQL_EXPORTER");
        if (p->product_version)
            p->version_source = p->metadata_table;
    }
    /* export schema majors 2 and 3 are the ones known (nsys 2021.3 to 2026) */
    if (p->schema_version && atoi(p->schema_version) > 3)
        p->schema_newer = true;
    if (!p->product_version && nsq_probe_table(p, "TARGET_INFO_SYSTEM_ENV")) {
        p->product_version = version_from_install_dir(x->db);
        if (p->product_version)
            p->version_source = "TARGET_INFO_SYSTEM_ENV.TargetInstallDir";
    }
    if (!p->exporter)
        p->exporter = xstrdup("nsys");
    return 0;
}

/* ---- portable views ------------------------------------------------------------ */

typedef struct src_acc {
    const char *table;
    const char **cols;
    int ncols, capcols;
} src_acc;

static void src_add(src_acc **v, int *n, int *cap, const nsq_source *s)
{
    src_acc *a = NULL;
    for (int i = 0; i < *n; i++)
        if (strcmp((*v)[i].table, s->table) == 0)
            a = &(*v)[i];
    if (!a) {
        NSQ_GROW(*v, *n + 1, *cap);
        a = &(*v)[(*n)++];
        memset(a, 0, sizeof *a);
        a->table = s->table;
    }
    for (int k = 0; k < s->ncols; k++) {
        bool have = false;
        for (int c = 0; c < a->ncols; c++)
            have |= strcmp(a->cols[c], s->cols[k]) == 0;
        if (!have) {
            NSQ_GROW(a->cols, a->ncols + 1, a->capcols);
            a->cols[a->ncols++] = s->cols[k];
        }
    }
}

static int exec_sql(nsq_export *x, const char *sql, const char *what, nsq_err *err)
{
    int rc = sqlite3_exec(x->db, sql, NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "view_creation_failed", what, err);
    return 0;
}

/* Creates _src_<TABLE> for every raw table a view reads (missing columns as
 * NULL, a missing table as an empty view with the same columns), then the
 * views themselves in dependency order. Identifiers come from the embedded
 * headers (validated as plain identifiers), never from user input. */
static int create_views(nsq_export *x, nsq_err *err)
{
    src_acc *srcs = NULL;
    int nsrcs = 0, capsrcs = 0, rc = 0;
    int n = nsq_registry_count();
    const nsq_query **views = xcalloc((size_t)n + 1, sizeof *views);
    int nviews = 0;
    for (int i = 0; i < n; i++) {
        const nsq_query *q = nsq_registry_at(i);
        if (strcmp(q->kind, "view"))
            continue;
        views[nviews++] = q;
        for (int s = 0; s < q->nsources; s++)
            src_add(&srcs, &nsrcs, &capsrcs, &q->sources[s]);
    }
    strbuf sql = STRBUF_INIT;
    for (int i = 0; i < nsrcs && !rc; i++) {
        src_acc *a = &srcs[i];
        const nsq_table *t = nsq_probe_table(&x->probe, a->table);
        bool present = t != NULL;
        sb_reset(&sql);
        /* _row: the rowid, for views that expose it as row_id (nsq_parscan
         * splits a scan by it); NULL where the table has none */
        sb_addf(&sql, "CREATE TEMP VIEW \"_src_%s\" AS SELECT %s AS _row, ", a->table,
                present && t->rowid ? "rowid" : "NULL");
        for (int c = 0; c < a->ncols; c++) {
            if (c)
                sb_addstr(&sql, ", ");
            if (present && nsq_probe_has_col(&x->probe, a->table, a->cols[c]))
                sb_addf(&sql, "\"%s\"", a->cols[c]);
            else
                sb_addf(&sql, "NULL AS \"%s\"", a->cols[c]);
        }
        /* NOT INDEXED: a view reads its table in rowid order whatever
         * indexes a file carries (nsq_parscan's chunks and one connection
         * then give the same order; rowid seeks still work) */
        if (present)
            sb_addf(&sql, " FROM main.\"%s\"%s", a->table, t->rowid ? " NOT INDEXED" : "");
        else
            sb_addstr(&sql, " WHERE 0");
        rc = exec_sql(x, sql.buf, "creating source views", err);
    }
    /* dependency order: a view is created once everything it requires exists */
    bool *done = xcalloc((size_t)nviews + 1, sizeof *done);
    x->probe.views = xcalloc((size_t)nviews + 1, sizeof *x->probe.views);
    int created = 0;
    for (int pass = 0; pass <= nviews && created < nviews && !rc; pass++) {
        for (int i = 0; i < nviews && !rc; i++) {
            if (done[i])
                continue;
            bool ready = true;
            for (int r = 0; r < views[i]->nrequires; r++) {
                bool found = false;
                for (int k = 0; k < nviews; k++)
                    found |= done[k] && strcmp(views[k]->id, views[i]->requires[r]) == 0;
                ready &= found;
            }
            if (!ready)
                continue;
            rc = exec_sql(x, views[i]->text, views[i]->path, err);
            done[i] = true;
            nsq_view_info *vi = &x->probe.views[created++];
            vi->name = views[i]->id;
            for (int s = 0; s < views[i]->nsources; s++) {
                const nsq_source *src = &views[i]->sources[s];
                if (!nsq_probe_table(&x->probe, src->table)) {
                    /* a fallback table is absent from every export newer than it */
                    vi->missing_sources += !src->fallback;
                    continue;
                }
                for (int c = 0; c < src->ncols; c++)
                    vi->missing_columns += !nsq_probe_has_col(&x->probe, src->table, src->cols[c]);
            }
        }
    }
    x->probe.nviews = created;
    if (!rc && created < nviews)
        rc = nsq_error(err, NSQ_EXIT_INTERNAL, "view_dependency_cycle",
                       "views have unsatisfiable 'requires' headers");
    for (int i = 0; i < nsrcs; i++)
        free(srcs[i].cols);
    free(srcs);
    free(done);
    free(views);
    sb_release(&sql);
    return rc;
}

/* ---- open / close --------------------------------------------------------------- */

static void uri_escape(strbuf *sb, const char *path)
{
    for (const unsigned char *c = (const unsigned char *)path; *c; c++) {
        if (isalnum(*c) || strchr("/._-~", *c))
            sb_addch(sb, (char)*c);
        else
            sb_addf(sb, "%%%02X", *c);
    }
}

/* A -wal or -journal file beside the export: a program is writing it (or
 * one died writing it), so its pages may not be a whole database. nsys
 * writes neither; refuse rather than read a half-written file. */
static int in_use(const char *path, nsq_err *err)
{
    /* a writer holds SQLite's PENDING or RESERVED lock byte (0x40000000,
     * 0x40000001); a read-lock test conflicts only with write locks */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd >= 0) {
        struct flock fl;
        memset(&fl, 0, sizeof fl);
        fl.l_type = F_RDLCK;
        fl.l_whence = SEEK_SET;
        fl.l_start = 0x40000000;
        fl.l_len = 2;
        int locked = fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK;
        close(fd);
        if (locked) {
            nsq_error(err, NSQ_EXIT_INPUT, "input_in_use",
                      "'%s' is being written: a process (pid %ld) holds its SQLite write lock", path,
                      (long)fl.l_pid);
            nsq_hint(err, "wait until the export is finished, or analyse a finished copy");
            return -1;
        }
    }
    static const char *const side[] = {"-wal", "-journal"};
    for (int i = 0; i < 2; i++) {
        strbuf p = STRBUF_INIT;
        struct stat st;
        sb_addf(&p, "%s%s", path, side[i]);
        int busy = stat(p.buf, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
        if (busy) {
            nsq_error(err, NSQ_EXIT_INPUT, "input_in_use",
                      "'%s' has a %s file beside it: a program is writing it, or died writing it",
                      path, side[i]);
            nsq_hint(err, "wait until the export is finished, or analyse a finished copy (open it "
                          "once with sqlite3 to recover a journal left by a crash)");
        }
        sb_release(&p);
        if (busy)
            return -1;
    }
    return 0;
}

int nsq_export_cache_input(const char *path, char **reads, nsq_err *err)
{
    struct stat st;
    *reads = NULL;
    if (stat(path, &st) || !S_ISREG(st.st_mode))
        return 1;
    char *r = nsq_is_report_path(path) ? nsq_report_existing_export(path) : xstrdup(path);
    if (!r)
        return 1;
    char head[16] = {0};
    FILE *f = fopen(r, "rb");
    bool sqlite =
        f && fread(head, 1, sizeof head, f) == sizeof head && !memcmp(head, "SQLite format 3", 16);
    if (f)
        fclose(f);
    if (sqlite && in_use(r, err)) {
        free(r);
        return -1;
    }
    *reads = r;
    return 0;
}

int nsq_export_changed(nsq_export *x, nsq_err *err)
{
    struct stat st;
    if (!x || !x->sqlite_path)
        return 0;
    if (stat(x->sqlite_path, &st) == 0 && st.st_size == x->file_size && st.st_ino == x->ino &&
        st.st_mtim.tv_sec == x->mtime.tv_sec && st.st_mtim.tv_nsec == x->mtime.tv_nsec)
        return 0;
    nsq_error(err, NSQ_EXIT_INPUT, "input_changed",
              "'%s' changed while it was read: the answer could mix two versions of it",
              x->sqlite_path);
    nsq_hint(err, "run again once the file is no longer being written (or on a copy)");
    return -1;
}

int nsq_export_open(nsq_export **out, const char *path, nsq_err *err)
{
    nsq_export *x = xcalloc(1, sizeof *x);
    strbuf uri = STRBUF_INIT;
    struct stat st;
    int rc;
    *out = NULL;
    x->path = xstrdup(path);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        x->sqlite_path = resolve_dir(path, err);
        if (!x->sqlite_path)
            goto fail;
    } else if (nsq_is_report_path(path)) {
        x->sqlite_path = nsq_report_export(path, err);
        if (!x->sqlite_path)
            goto fail;
    } else {
        x->sqlite_path = xstrdup(path);
    }
    if (in_use(x->sqlite_path, err) || check_file(x->sqlite_path, &x->file_size, err))
        goto fail;
    {
        /* what nsq_export_changed compares with at the end */
        struct stat st2;
        if (stat(x->sqlite_path, &st2) == 0) {
            x->ino = (uint64_t)st2.st_ino;
            x->mtime = st2.st_mtim;
        }
    }

    sb_addstr(&uri, "file:");
    uri_escape(&uri, x->sqlite_path);
    sb_addstr(&uri, "?mode=ro&immutable=1");
    /* NOMUTEX: a connection is never shared between threads (diff reads
     * several exports in parallel, one connection each); saves ~15 % a scan */
    rc = sqlite3_open_v2(uri.buf, &x->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
                         NULL);
    if (rc != SQLITE_OK) {
        nsq_error(err, NSQ_EXIT_INPUT, "input_unreadable", "cannot open '%s': %s", x->sqlite_path,
                  x->db ? sqlite3_errmsg(x->db) : sqlite3_errstr(rc));
        goto fail;
    }
    sqlite3_extended_result_codes(x->db, 1);
    nsq_limits_watch(x->db);
    sqlite3_db_config(x->db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, NULL);
    sqlite3_db_config(x->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
    sqlite3_db_config(x->db, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, NULL);
    sqlite3_limit(x->db, SQLITE_LIMIT_ATTACHED, 0);
    if (nsq_register_functions(x->db) != SQLITE_OK) {
        nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "cannot register SQL functions");
        goto fail;
    }
    sqlite3_exec(x->db, "PRAGMA temp_store = MEMORY", NULL, NULL, NULL);
    sqlite3_set_authorizer(x->db, authorizer, &x->auth);
    if (probe_tables(x, err) || probe_identity(x, err) || create_views(x, err))
        goto fail;
    /* from here on, nothing at all may be written, TEMP included, unless a
     * command lifts it for its own scratch tables */
    sqlite3_set_authorizer(x->db, NULL, NULL);
    sqlite3_exec(x->db, "PRAGMA query_only = 1", NULL, NULL, NULL);
    sqlite3_set_authorizer(x->db, authorizer, &x->auth);
    sb_release(&uri);
    *out = x;
    return 0;
fail:
    sb_release(&uri);
    nsq_export_close(x);
    return -1;
}

void nsq_export_close(nsq_export *x)
{
    if (!x)
        return;
    if (x->db)
        sqlite3_close_v2(x->db);
    free(x->steady_method);
    nsq_probe *p = &x->probe;
    for (int i = 0; i < p->ntables; i++) {
        for (int c = 0; c < p->tables[i].ncols; c++)
            free(p->tables[i].cols[c]);
        free(p->tables[i].cols);
        free(p->tables[i].name);
    }
    free(p->tables);
    free(p->views);
    free(p->product_name);
    free(p->product_version);
    free(p->schema_version);
    free(p->exporter);
    free(x->path);
    free(x->sqlite_path);
    free(x);
}
