/* Unit test of the query registry and header parser (include/nsysql/export/query.h).
 *
 * Every embedded query parses, has id/version/kind/summary, (id, version) is
 * unique, a view names its sources or required views, every required view
 * exists, parameter defaults have their declared type and appear in the SQL,
 * and each embedded text equals its file under queries/ (read from disk here:
 * the set of files on disk is the independent reference). Then negative
 * cases: headers that nsq_query_parse must refuse with "bad_query_header",
 * and lookups that nsq_registry_lookup must refuse with exit code 2.
 * Exit 0 when every check passes. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "nsysql/export/query.h"
#include "nsysql/util/strbuf.h"

#include "check.h"

/* ---- files on disk ---------------------------------------------------------- */

typedef struct file_list {
    char **paths; /* relative to queries/, owned */
    int n;
} file_list;

static void walk(const char *root, const char *rel, file_list *fl)
{
    strbuf dir = STRBUF_INIT;
    sb_addf(&dir, "%s%s%s", root, *rel ? "/" : "", rel);
    DIR *d = opendir(sb_str(&dir));
    if (!d) {
        sb_release(&dir);
        return;
    }
    struct dirent *de;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        strbuf r = STRBUF_INIT, full = STRBUF_INIT;
        sb_addf(&r, "%s%s%s", rel, *rel ? "/" : "", de->d_name);
        sb_addf(&full, "%s/%s", root, sb_str(&r));
        struct stat st;
        if (stat(sb_str(&full), &st) == 0 && S_ISDIR(st.st_mode)) {
            walk(root, sb_str(&r), fl);
        } else {
            size_t len = strlen(de->d_name);
            if (len > 4 && !strcmp(de->d_name + len - 4, ".sql")) {
                fl->paths = xrealloc(fl->paths, sizeof(char *) * (size_t)(fl->n + 1));
                fl->paths[fl->n++] = xstrdup(sb_str(&r));
            }
        }
        sb_release(&r);
        sb_release(&full);
    }
    closedir(d);
    sb_release(&dir);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    strbuf sb = STRBUF_INIT;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sb_add(&sb, buf, n);
    fclose(f);
    sb_addstr(&sb, "");
    return sb_detach(&sb);
}

/* ---- registry ------------------------------------------------------------------ */

static const nsq_query *find_view(const char *id)
{
    for (int i = 0; i < nsq_registry_count(); i++) {
        const nsq_query *q = nsq_registry_at(i);
        if (!strcmp(q->kind, "view") && !strcmp(q->id, id))
            return q;
    }
    return NULL;
}

static int is_hex64(const char *s)
{
    if (!s || strlen(s) != 64)
        return 0;
    for (; *s; s++)
        if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f')))
            return 0;
    return 1;
}

/* Does the SQL (after the header) use :name? */
static int sql_uses_param(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strchr(text, ':'); p; p = strchr(p + 1, ':')) {
        if (!strncmp(p + 1, name, n)) {
            char c = p[1 + n];
            if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
                return 1;
        }
    }
    return 0;
}

static void test_registry(const char *src)
{
    int n = nsq_registry_count();
    CHECK(n > 0, "registry holds queries (%d)", n);
    CHECK(n == nsq_embedded_count, "registry count %d equals embedded count %d", n, nsq_embedded_count);
    int nviews = 0, nqueries = 0;
    for (int i = 0; i < n; i++) {
        const nsq_query *q = nsq_registry_at(i);
        CHECK(q != NULL, "entry %d present", i);
        if (!q)
            continue;
        const char *p = q->path ? q->path : "?";
        CHECK(q->id && *q->id, "%s: has an id", p);
        CHECK(q->version >= 1, "%s: version >= 1 (%d)", p, q->version);
        CHECK(q->kind && (!strcmp(q->kind, "view") || !strcmp(q->kind, "query")), "%s: kind view or query", p);
        CHECK(q->summary && *q->summary, "%s: has a summary", p);
        CHECK(is_hex64(q->sha256), "%s: sha256 is 64 lower-case hex digits", p);
        CHECK(q->text && !strncmp(q->text, "--", 2), "%s: text starts with its header", p);
        size_t plen = strlen(p);
        CHECK(plen > 4 && !strcmp(p + plen - 4, ".sql"), "%s: path ends in .sql", p);
        for (int k = i + 1; k < n; k++) {
            const nsq_query *o = nsq_registry_at(k);
            CHECK(!(o && !strcmp(o->id, q->id) && o->version == q->version), "(%s, %d) unique: also %s", q->id,
                  q->version, o ? o->path : "?");
        }
        if (q->kind && !strcmp(q->kind, "view")) {
            nviews++;
            CHECK(q->nsources > 0 || q->nrequires > 0, "view %s: names its sources or required views", q->id);
            CHECK(!strncmp(p, "views/", 6), "view %s lives under queries/views/", q->id);
            strbuf create = STRBUF_INIT;
            sb_addf(&create, "CREATE TEMP VIEW %s ", q->id);
            CHECK(strstr(q->text, sb_str(&create)) != NULL, "view %s: creates TEMP VIEW %s", q->id, q->id);
            sb_release(&create);
            for (int s = 0; s < q->nsources; s++) {
                CHECK(q->sources[s].table && *q->sources[s].table && q->sources[s].ncols > 0,
                      "view %s: source %d has a table and columns", q->id, s);
                strbuf srcview = STRBUF_INIT;
                sb_addf(&srcview, "_src_%s", q->sources[s].table);
                CHECK(strstr(q->text, sb_str(&srcview)) != NULL, "view %s: reads its declared source %s", q->id,
                      q->sources[s].table);
                sb_release(&srcview);
            }
        } else {
            nqueries++;
        }
        for (int r = 0; r < q->nrequires; r++)
            CHECK(find_view(q->requires[r]) != NULL, "%s: required view '%s' exists", p, q->requires[r]);
        for (int k = 0; k < q->nparams; k++) {
            const nsq_param *pp = &q->params[k];
            CHECK(pp->name && *pp->name, "%s: parameter %d has a name", p, k);
            CHECK(pp->type && (!strcmp(pp->type, "int") || !strcmp(pp->type, "real") || !strcmp(pp->type, "text")),
                  "%s: parameter %s has type int, real or text", p, pp->name);
            if (pp->def && pp->type && !strcmp(pp->type, "int")) {
                char *end;
                errno = 0;
                (void)strtoll(pp->def, &end, 10);
                CHECK(!errno && *pp->def && !*end, "%s: default of %s is an integer ('%s')", p, pp->name, pp->def);
            }
            if (pp->def && pp->type && !strcmp(pp->type, "real")) {
                char *end;
                (void)strtod(pp->def, &end);
                CHECK(*pp->def && !*end, "%s: default of %s is a number ('%s')", p, pp->name, pp->def);
            }
            CHECK(sql_uses_param(q->text, pp->name), "%s: declared parameter :%s is used by the SQL", p, pp->name);
        }
        /* find and lookup return this entry */
        CHECK(nsq_registry_find(q->id, q->version) == q, "%s: nsq_registry_find(%s, %d)", p, q->id, q->version);
        const nsq_query *latest = nsq_registry_find(q->id, 0);
        CHECK(latest && latest->version >= q->version, "%s: version 0 finds the highest version", p);
        strbuf spec = STRBUF_INIT;
        nsq_err err = {0};
        sb_addf(&spec, "%s@%d", q->id, q->version);
        CHECK(nsq_registry_lookup(sb_str(&spec), &err) == q, "%s: lookup %s", p, sb_str(&spec));
        sb_release(&spec);
        /* the embedded text is the file */
        strbuf fp = STRBUF_INIT;
        sb_addf(&fp, "%s/queries/%s", src, p);
        char *disk = slurp(sb_str(&fp));
        CHECK(disk != NULL, "%s: the file exists under queries/", p);
        CHECK(disk && !strcmp(disk, q->text), "%s: embedded text equals the file (rebuild after editing?)", p);
        free(disk);
        sb_release(&fp);
    }
    CHECK(nviews > 0 && nqueries > 0, "registry holds views (%d) and queries (%d)", nviews, nqueries);
    static const char *const documented_views[] = {"kernel", "memcpy", "memset", "gpu_op", "api", "nvtx",
                                                   "sync", "overhead", "process", "thread", "device", "meta",
                                                   NULL};
    for (int i = 0; documented_views[i]; i++)
        CHECK(find_view(documented_views[i]) != NULL, "view %s is registered", documented_views[i]);

    /* every file on disk is embedded */
    file_list fl = {NULL, 0};
    strbuf qdir = STRBUF_INIT;
    sb_addf(&qdir, "%s/queries", src);
    walk(sb_str(&qdir), "", &fl);
    CHECK(fl.n == n, "files under queries/ (%d) equal registry entries (%d)", fl.n, n);
    for (int i = 0; i < fl.n; i++) {
        int found = 0;
        for (int k = 0; k < n; k++)
            found |= !strcmp(nsq_registry_at(k)->path, fl.paths[i]);
        CHECK(found, "queries/%s is embedded", fl.paths[i]);
        free(fl.paths[i]);
    }
    free(fl.paths);
    sb_release(&qdir);
}

/* ---- the parser -------------------------------------------------------------- */

static void test_good_header(void)
{
    const char *text = "-- id: my-query\r\n"
                       "-- version: 3\r\n"
                       "-- kind: query\n"
                       "-- summary:   padded summary  \n"
                       "-- requires:  kernel ,  gpu_op , \n"
                       "-- params: limit:int=20 the number of rows\n"
                       "-- params: name:text a required name\n"
                       "-- params: ratio:real=0.5\n"
                       "-- a prose comment line without a key\n"
                       "-- note: an unknown key is ignored\n"
                       "SELECT :limit, :name, :ratio;\n"
                       "-- id: not-read (after the header)\n";
    nsq_query q;
    nsq_err err = {0};
    int rc = nsq_query_parse(&q, "test/good.sql", "x", text, &err);
    CHECK(rc == 0, "good header parses (%s)", err.message);
    if (rc == 0) {
        CHECK(!strcmp(q.id, "my-query"), "id '%s'", q.id);
        CHECK(q.version == 3, "version %d", q.version);
        CHECK(!strcmp(q.kind, "query"), "kind '%s'", q.kind);
        CHECK(!strcmp(q.summary, "padded summary"), "summary trimmed: '%s'", q.summary);
        CHECK(q.nrequires == 2 && !strcmp(q.requires[0], "kernel") && !strcmp(q.requires[1], "gpu_op"),
              "requires split and trimmed (%d)", q.nrequires);
        CHECK(q.nparams == 3, "three params (%d)", q.nparams);
        if (q.nparams == 3) {
            CHECK(!strcmp(q.params[0].name, "limit") && !strcmp(q.params[0].type, "int") &&
                      q.params[0].def && !strcmp(q.params[0].def, "20") &&
                      !strcmp(q.params[0].help, "the number of rows"),
                  "param limit:int=20 with help");
            CHECK(!strcmp(q.params[1].name, "name") && !strcmp(q.params[1].type, "text") && q.params[1].def == NULL,
                  "param without default is required (def NULL)");
            CHECK(!strcmp(q.params[2].type, "real") && !strcmp(q.params[2].def, "0.5") && !strcmp(q.params[2].help, ""),
                  "param ratio:real=0.5 without help");
        }
        CHECK(q.text == text, "text points at the whole file");
    }
    nsq_query_release(&q);

    const char *view = "-- id: v\n-- version: 1\n-- kind: view\n-- summary: s\n"
                       "-- source: T( a , b,c )\n-- source: U(x)\nCREATE TEMP VIEW v AS SELECT 1;\n";
    rc = nsq_query_parse(&q, "test/view.sql", "x", view, &err);
    CHECK(rc == 0, "view header parses (%s)", err.message);
    if (rc == 0) {
        CHECK(q.nsources == 2, "two sources (%d)", q.nsources);
        if (q.nsources == 2)
            CHECK(!strcmp(q.sources[0].table, "T") && q.sources[0].ncols == 3 && !strcmp(q.sources[0].cols[0], "a") &&
                      !strcmp(q.sources[0].cols[2], "c") && !strcmp(q.sources[1].table, "U"),
                  "sources parsed and trimmed");
    }
    nsq_query_release(&q);
}

static void test_bad_headers(void)
{
    static const struct {
        const char *label;
        const char *text;
    } bad[] = {
        {"empty file", ""},
        {"no header at all", "SELECT 1;\n"},
        {"no id", "-- version: 1\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"empty id", "-- id:\n-- version: 1\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"id with a space", "-- id: top kernels\n-- version: 1\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"id with a semicolon", "-- id: a;b\n-- version: 1\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"id with a quote", "-- id: a\"b\n-- version: 1\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"no version", "-- id: q\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"version 0", "-- id: q\n-- version: 0\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"version -1", "-- id: q\n-- version: -1\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"version 1x", "-- id: q\n-- version: 1x\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"version empty", "-- id: q\n-- version:\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"version 1.5", "-- id: q\n-- version: 1.5\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"version beyond int (2^32 + 1)", "-- id: q\n-- version: 4294967297\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"version beyond int (2^31)", "-- id: q\n-- version: 2147483648\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
        {"no kind", "-- id: q\n-- version: 1\n-- summary: s\nSELECT 1;\n"},
        {"kind table", "-- id: q\n-- version: 1\n-- kind: table\n-- summary: s\nSELECT 1;\n"},
        {"no summary", "-- id: q\n-- version: 1\n-- kind: query\nSELECT 1;\n"},
        {"view without source or requires", "-- id: v\n-- version: 1\n-- kind: view\n-- summary: s\nCREATE TEMP VIEW v AS SELECT 1;\n"},
        {"param without type", "-- id: q\n-- version: 1\n-- kind: query\n-- summary: s\n-- params: limit\nSELECT :limit;\n"},
        {"param type float", "-- id: q\n-- version: 1\n-- kind: query\n-- summary: s\n-- params: limit:float=1\nSELECT :limit;\n"},
        {"param name not an identifier", "-- id: q\n-- version: 1\n-- kind: query\n-- summary: s\n-- params: a-b:int=1\nSELECT 1;\n"},
        {"param default before type", "-- id: q\n-- version: 1\n-- kind: query\n-- summary: s\n-- params: a=1:int\nSELECT :a;\n"},
        {"param empty name", "-- id: q\n-- version: 1\n-- kind: query\n-- summary: s\n-- params: :int=1\nSELECT 1;\n"},
        {"source without parentheses", "-- id: v\n-- version: 1\n-- kind: view\n-- summary: s\n-- source: T\nCREATE TEMP VIEW v AS SELECT 1;\n"},
        {"source unclosed", "-- id: v\n-- version: 1\n-- kind: view\n-- summary: s\n-- source: T(a, b\nCREATE TEMP VIEW v AS SELECT 1;\n"},
        {"source without columns", "-- id: v\n-- version: 1\n-- kind: view\n-- summary: s\n-- source: T()\nCREATE TEMP VIEW v AS SELECT 1;\n"},
        {"source without table", "-- id: v\n-- version: 1\n-- kind: view\n-- summary: s\n-- source: (a, b)\nCREATE TEMP VIEW v AS SELECT 1;\n"},
        {"source column with a space", "-- id: v\n-- version: 1\n-- kind: view\n-- summary: s\n-- source: T(a b)\nCREATE TEMP VIEW v AS SELECT 1;\n"},
        {"source column with a quote", "-- id: v\n-- version: 1\n-- kind: view\n-- summary: s\n-- source: T(a\")\nCREATE TEMP VIEW v AS SELECT 1;\n"},
        {"source table with a quote", "-- id: v\n-- version: 1\n-- kind: view\n-- summary: s\n-- source: T\"x(a)\nCREATE TEMP VIEW v AS SELECT 1;\n"},
        {"header ends before version", "-- id: q\n-- kind: query\n-- summary: s\nSELECT 1;\n-- version: 1\n"},
        {"blank line ends the header", "-- id: q\n\n-- version: 1\n-- kind: query\n-- summary: s\nSELECT 1;\n"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nsq_query q;
        nsq_err err = {0};
        int rc = nsq_query_parse(&q, "test/bad.sql", "x", bad[i].text, &err);
        CHECK(rc == -1, "%s: refused", bad[i].label);
        if (rc == -1) {
            CHECK(!strcmp(err.code, "bad_query_header"), "%s: code bad_query_header, got '%s'", bad[i].label, err.code);
            CHECK(strstr(err.message, "test/bad.sql") != NULL, "%s: message names the file: %s", bad[i].label,
                  err.message);
        } else {
            fprintf(stderr, "  (%s parsed as id=%s version=%d)\n", bad[i].label, q.id ? q.id : "-", q.version);
        }
        /* release must be safe after a failed parse (and frees what it got) */
        nsq_query_release(&q);
    }
}

static void test_lookups(void)
{
    static const struct {
        const char *spec;
        const char *code;
    } bad[] = {
        {"no-such-query", "unknown_query"},
        {"no-such-query@1", "unknown_query"},
        {"kernel@999", "unknown_query_version"},
        {"kernel@0", "bad_query_spec"},
        {"kernel@-1", "bad_query_spec"},
        {"kernel@x", "bad_query_spec"},
        {"kernel@", "bad_query_spec"},
        {"kernel@1x", "bad_query_spec"},
        {"", "unknown_query"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nsq_err err = {0};
        const nsq_query *q = nsq_registry_lookup(bad[i].spec, &err);
        CHECK(q == NULL, "lookup '%s': not found", bad[i].spec);
        CHECK(!strcmp(err.code, bad[i].code), "lookup '%s': code %s, got '%s'", bad[i].spec, bad[i].code, err.code);
        CHECK(err.exit_code == NSQ_EXIT_USAGE, "lookup '%s': exit code 2, got %d", bad[i].spec, err.exit_code);
    }
    /* a version past the range of int must not wrap around to an existing one */
    for (int i = 0; i < 2; i++) {
        const char *spec = i ? "kernel@4294967297" : "kernel@2147483649";
        nsq_err e = {0};
        const nsq_query *q = nsq_registry_lookup(spec, &e);
        CHECK(q == NULL, "lookup '%s': not found, got version %d", spec, q ? q->version : 0);
        CHECK(e.exit_code == NSQ_EXIT_USAGE, "lookup '%s': exit code 2, got %d", spec, e.exit_code);
    }
    nsq_err err = {0};
    const nsq_query *k = nsq_registry_lookup("kernel", &err);
    CHECK(k && !strcmp(k->id, "kernel") && !strcmp(k->kind, "view"), "lookup 'kernel' finds the view");
    CHECK(nsq_registry_find("no-such-query", 0) == NULL, "find of an unknown id is NULL");
    CHECK(nsq_registry_at(-1) == NULL && nsq_registry_at(nsq_registry_count()) == NULL, "at() out of range is NULL");
}

int main(void)
{
    /* the source tree: from the test environment, else from this file's path */
    char *src = NULL;
    const char *env = getenv("NSYSQL_SRC");
    if (env && *env) {
        src = xstrdup(env);
    } else {
        const char *tail = strstr(__FILE__, "/tests/unit/");
        src = tail ? xstrndup(__FILE__, (size_t)(tail - __FILE__)) : xstrdup(".");
    }
    test_registry(src);
    free(src);
    test_good_header();
    test_bad_headers();
    test_lookups();
    printf("%d/%d checks passed\n", nchecks - nfail, nchecks);
    return nfail ? 1 : 0;
}
