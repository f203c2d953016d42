/* Unit test of reading integer columns from the pages (rawscan.h, used by
 * nsq_parscan): with the page reader on, every read gives exactly what it
 * gives with the reader off (nsq_parscan_set_raw(0), everything through
 * SQLite) -- the same rows in the same order, the same values and NULL bits,
 * the same error code and exit code -- and never crashes or hangs.
 *
 *  1. Every real export (NSYSQL_FIXTURES, skipped when absent) and synthetic
 *     exports made here with the sqlite3 API: views kernel, memcpy, memset,
 *     nvtx and api, all their plain columns (groups of 15 plus row_id, in
 *     order and reversed), the literal NULL, narrow requests, every column of
 *     the view (computed ones too: those read through SQLite), and a WHERE
 *     with its C `keep` predicate; 1 worker with chunks of 7 and 65536, 3 with
 *     chunks of 7.
 *     Synthetic cases: integers of every size (1,2,3,4,6,8 bytes, the
 *     constants 0 and 1, INT64_MIN/MAX), NULLs, REAL/TEXT/BLOB values in
 *     INTEGER columns and in columns without affinity (5.0 and '123' kept as
 *     is), long TEXT before (overflow pages) and after the read columns with
 *     lengths sweeping the local-payload boundaries, ALTER TABLE ADD COLUMN
 *     (NULL default, DEFAULT 7, DEFAULT NULL, DEFAULT -1), generated columns,
 *     INTEGER PRIMARY KEY, a column named rowid, WITHOUT ROWID, indexes,
 *     page sizes 512/1024/65536, reserved bytes, auto_vacuum=FULL, deep trees,
 *     deleted rows, negative rowids, rowids near INT64_MIN/MAX, sparse and
 *     huge rowid gaps, WAL mode (closed cleanly and not), UTF-16, an API table
 *     with eventClass 0, 1, 2, NULL, 1.0, '1', -1.
 *  2. The reader is really used where it should be: export A is opened, then
 *     file B (the same rows, one marker column + 1) is renamed over A's path. SQLite keeps reading
 * A through its open descriptor, the page reader opens the path and reads B: each row tells who
 * read it. Each chunk must be read by the page reader up to its first record holding a requested
 * value that is not an integer or NULL (the whole chunk when none does) and by SQLite from that
 * record to the chunk's end, never back (one connection: rows go to the caller as decoded); SQLite
 * reads everything where the reader must refuse (WAL, generated columns, INTEGER PRIMARY KEY, a
 * WHERE without keep, a computed column, ...). The same on every real export (B: a copy with
 * correlationId / NVTX end
 *     + 1): every row there must come from the pages.
 *  3. Crafted damage, one precise change each (a reproducer per kind): a
 *     record header cut short, a last serial type one size smaller, a
 *     duplicated cell pointer, min(rowid) > max(rowid), an interior page
 *     without cells.
 *  4. Damaged copies (seeded, reproducible) of a small synthetic export and of
 *     a small real one: bits flipped, bytes set or zeroed, the first bytes of
 *     cells (sizes, rowids, record headers; child pointers and keys on
 *     interior pages), cell pointers, page headers and the file header's page
 *     count tampered with, pages duplicated; each read with the reader on and off
 *     must finish (no crash, no hang, no sanitizer report), and THE RULE
 *     must hold: every nsq_parscan read (reader on and off, 1 and 3 workers,
 *     several chunk sizes) gives exactly the rows one sequential SQLite read
 *     of the same columns gives (values, NULL bits, order, count; or its
 *     error), or says input_corrupt (exit 3) -- never other rows. The reader
 *     on and the reader off may still differ from each other (one reading
 *     rows where the other says input_corrupt): that is reported, not
 *     failed. Besides, the page reader alone (nsq_raw_read, chunks of 5
 *     rowids) must, for every chunk it reads without falling back or finding
 *     the tree damaged, give exactly what SQLite gives for
 *     `rowid >= a AND rowid < b` on the table (when SQLite gives rows).
 *
 * Every case runs in a child process under alarm(), so a crash or a hang is a
 * failure, not the end of the test; failing damaged files are kept under
 * ./rawscan-failures/ (the working directory) for a reproducer.
 *
 * Knobs: NSYSQL_RAWTEST_ONLY=fixtures,synth,oracle,crafted,fuzz (default all);
 * NSYSQL_RAWTEST_CASE=name runs one synthetic or crafted case;
 * NSYSQL_RAWFUZZ_N variants per fuzz base (default 200, 25 under ASan);
 * NSYSQL_RAWFUZZ_SEED (default 1); NSYSQL_RAWFUZZ_ONLY=k runs variant k alone
 * (verbose); NSYSQL_RAWFUZZ_KEEP=n failing variants kept per base (20).
 * Exit 0 when every check passes. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "nsysql/export/export.h"
#include "nsysql/export/parscan.h"
#include "nsysql/export/rawscan.h"

static int nchecks, nfail, nprinted;
/* In a damaged-file child: a difference is reported, not failed (see the
 * header: on damage SQLite itself does not notice, the two readers may read
 * differently); a crash, a hang or a sanitizer report still fails. */
static int damaged_mode, ndiffer;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        nchecks++;                                                                                 \
        if (!(cond) && damaged_mode) {                                                             \
            if (ndiffer++ < 3) {                                                                   \
                fprintf(stderr, "  differs on a damaged file (reported, not a failure): ");        \
                fprintf(stderr, __VA_ARGS__);                                                      \
                fputc('\n', stderr);                                                               \
            }                                                                                      \
        } else if (!(cond)) {                                                                      \
            nfail++;                                                                               \
            if (nprinted++ < 25) {                                                                 \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                               \
                fprintf(stderr, __VA_ARGS__);                                                      \
                fputc('\n', stderr);                                                               \
            }                                                                                      \
        }                                                                                          \
    } while (0)

static char tmpdir[256];

static bool part_on(const char *part)
{
    const char *only = getenv("NSYSQL_RAWTEST_ONLY");
    return !only || !*only || strstr(only, part);
}

/* ------------------------------------------------------------------------ */
/* rows and outcomes */

typedef struct rows {
    int ncols;
    int64_t *v; /* ncols values + the null mask per row */
    size_t n, cap;
} rows;

static int collect(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    rows *r = ctx;
    (void)err;
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 256;
        r->v = realloc(r->v, r->cap * (size_t)(r->ncols + 1) * sizeof *r->v);
    }
    int64_t *o = r->v + r->n * (size_t)(r->ncols + 1);
    memcpy(o, v, (size_t)r->ncols * sizeof *v);
    o[r->ncols] = nulls;
    r->n++;
    return 0;
}

typedef struct outcome {
    int rc;
    nsq_err err;
    rows r;
} outcome;

typedef int (*keep_fn)(const int64_t *v, unsigned nulls, const nsq_parscan_req *r);

typedef struct req {
    const char *view;
    char cols[1024];
    int ncols;
    const char *where; /* NULL: none */
    keep_fn keep;
    bool light;   /* read through SQLite either way: fewer configurations */
    int raw_only; /* only from the pages ("#col": a text's hash) */
} req;

static int count_cols(const char *cols)
{
    int n = 1, depth = 0;
    for (const char *c = cols; *c; c++) {
        depth += *c == '(';
        depth -= *c == ')';
        n += *c == ',' && !depth;
    }
    return n;
}

static void configure(int workers, int chunk)
{
    char buf[32];
    nsq_parscan_set_threads(workers);
    snprintf(buf, sizeof buf, "%d", chunk);
    setenv("NSYSQL_PARSCAN_CHUNK", buf, 1);
    setenv("NSYSQL_PARSCAN_MIN_ROWS", workers > 1 ? "1" : "1000000000", 1);
}

static void scan(nsq_export *x, const req *q, int raw, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->r.ncols = q->ncols;
    nsq_parscan_set_raw(raw);
    nsq_parscan_req r = {.view = q->view,
                         .cols = q->cols,
                         .ncols = q->ncols,
                         .where = q->where,
                         .binds = NULL,
                         .nbinds = 0,
                         .what = "rawscan test",
                         .keep = q->keep,
                         .raw_only = q->raw_only};
    o->rc = nsq_parscan(x, &r, collect, &o->r, &o->err);
    nsq_parscan_set_raw(-1);
}

static void free_outcome(outcome *o)
{
    free(o->r.v);
    o->r.v = NULL;
}

static void print_row(const char *tag, const rows *r, size_t i)
{
    if (i >= r->n) {
        fprintf(stderr, "    %s: (no row %zu)\n", tag, i);
        return;
    }
    const int64_t *v = r->v + i * (size_t)(r->ncols + 1);
    fprintf(stderr, "    %s row %zu: nulls=%#llx", tag, i, (unsigned long long)v[r->ncols]);
    for (int c = 0; c < r->ncols && c < 17; c++)
        fprintf(stderr, " %lld", (long long)v[c]);
    fputc('\n', stderr);
}

/* Same rows (values, NULL bits, order, count) or the same failure. */
static bool same_outcome(const outcome *a, const outcome *b, const char *label)
{
    bool ok;
    if (a->rc || b->rc)
        ok = a->rc == b->rc && a->err.exit_code == b->err.exit_code &&
             !strcmp(a->err.code, b->err.code);
    else
        ok = a->r.n == b->r.n &&
             (!a->r.n ||
              !memcmp(a->r.v, b->r.v, a->r.n * (size_t)(a->r.ncols + 1) * sizeof *a->r.v));
    if (!ok && nprinted < 25) {
        fprintf(stderr,
                "  MISMATCH %s\n    raw off: rc %d exit %d code '%s' '%.200s', %zu rows\n"
                "    raw on:  rc %d exit %d code '%s' '%.200s', %zu rows\n",
                label, a->rc, a->err.exit_code, a->err.code, a->err.message, a->r.n, b->rc,
                b->err.exit_code, b->err.code, b->err.message, b->r.n);
        if (!a->rc && !b->rc) {
            size_t i = 0, stride = (size_t)a->r.ncols + 1;
            while (i < a->r.n && i < b->r.n &&
                   !memcmp(a->r.v + i * stride, b->r.v + i * stride, stride * sizeof *a->r.v))
                i++;
            print_row("raw off", &a->r, i);
            print_row("raw on ", &b->r, i);
        }
    }
    return ok;
}

/* The rule on a damaged file: o is exactly ref (one sequential SQLite
 * read), or input_corrupt. */
static bool rule_holds(const outcome *ref, const outcome *o, const char *label)
{
    if (o->rc == -1 && !strcmp(o->err.code, "input_corrupt") && o->err.exit_code == NSQ_EXIT_INPUT)
        return true;
    return same_outcome(ref, o, label);
}

/* workers and chunk size: one connection with chunks of 7 (a chunk boundary
 * every few rows, the reader falling back to SQLite inside a chunk) and of
 * 65536 (one chunk), three workers with chunks of 7 (chunks handed between
 * workers, falling back inside them). Three workers with chunks of 1 (every
 * row its own chunk) took a third of this part's time in lock handoffs and
 * takes no path these do not; the unit test of nsq_parscan runs it. */
#if defined(__SANITIZE_ADDRESS__)
/* under the sanitizers (several times slower), not the single chunk */
static const int CONFIGS[][2] = {{1, 7}, {3, 7}};
#else
static const int CONFIGS[][2] = {{1, 7}, {1, 65536}, {3, 7}};
#endif

/* q read with the reader off and on, in every configuration. */
static void compare_req(nsq_export *x, const char *file, const req *q)
{
    for (size_t k = 0; k < sizeof CONFIGS / sizeof *CONFIGS; k++) {
        int workers = CONFIGS[k][0], chunk = CONFIGS[k][1];
        if (q->light && chunk != 7)
            continue;
        char label[1400];
        outcome a, b;
        configure(workers, chunk);
        scan(x, q, 0, &a);
        scan(x, q, 1, &b);
        snprintf(label, sizeof label, "%s: %s(%s)%s%s%s, %d workers, chunk %d", file, q->view,
                 q->cols, q->where ? " WHERE " : "", q->where ? q->where : "",
                 q->keep ? " [keep]" : "", workers, chunk);
        CHECK(same_outcome(&a, &b, label), "%s", label);
        /* an intact file reads without error */
        CHECK(a.rc == 0, "%s: reference read failed: %s", label, a.err.message);
        free_outcome(&a);
        free_outcome(&b);
    }
}

/* ------------------------------------------------------------------------ */
/* requests */

static const struct vdef {
    const char *view, *table, *marker_col, *odd_col;
    const char *fix_marker, *fix_marker_origin; /* the oracle's marker in a real export */
} VIEWS[] = {
    {"kernel", "CUPTI_ACTIVITY_KIND_KERNEL", "correlation_id", "correlation_id", "correlation_id",
     "correlationId"},
    {"memcpy", "CUPTI_ACTIVITY_KIND_MEMCPY", "correlation_id", "correlation_id", "correlation_id",
     "correlationId"},
    {"memset", "CUPTI_ACTIVITY_KIND_MEMSET", "correlation_id", "correlation_id", "correlation_id",
     "correlationId"},
    {"nvtx", "NVTX_EVENTS", "range_id", "event_type", "end_ns", "end"},
    {"api", "CUPTI_ACTIVITY_KIND_RUNTIME", "correlation_id", "correlation_id", "correlation_id",
     "correlationId"},
};
static bool g_fixture_oracle; /* the oracle runs on a real export: fix_marker */
#define NVIEWS (sizeof VIEWS / sizeof *VIEWS)

#define MAXC 64
typedef struct vcols {
    char plain[MAXC][64];  /* view columns that are plain columns of the source table */
    char origin[MAXC][64]; /* their names in the table */
    bool textual[MAXC];    /* declared TEXT, REAL or BLOB */
    int nplain;
    char all[MAXC][64]; /* every view column but row_id */
    int nall;
} vcols;

static void view_cols(nsq_export *x, const struct vdef *vd, vcols *vc)
{
    char sql[256];
    sqlite3_stmt *st = NULL;
    memset(vc, 0, sizeof *vc);
    snprintf(sql, sizeof sql, "SELECT * FROM %s", vd->view);
    if (sqlite3_prepare_v2(x->db, sql, -1, &st, NULL) != SQLITE_OK) {
        CHECK(0, "prepare %s: %s", sql, sqlite3_errmsg(x->db));
        return;
    }
    for (int i = 0; i < sqlite3_column_count(st) && i < MAXC; i++) {
        const char *name = sqlite3_column_name(st, i);
        const char *tab = sqlite3_column_table_name(st, i);
        const char *orig = sqlite3_column_origin_name(st, i);
        if (!strcmp(name, "row_id"))
            continue;
        snprintf(vc->all[vc->nall++], 64, "%s", name);
        if (tab && orig && !strcasecmp(tab, vd->table)) {
            const char *dt = sqlite3_column_decltype(st, i);
            char up[64] = "";
            for (size_t k = 0; dt && dt[k] && k + 1 < sizeof up; k++)
                up[k] = (char)(dt[k] >= 'a' && dt[k] <= 'z' ? dt[k] - 32 : dt[k]);
            vc->textual[vc->nplain] = strstr(up, "TEXT") || strstr(up, "REAL") ||
                                      strstr(up, "BLOB") || strstr(up, "CHAR");
            snprintf(vc->origin[vc->nplain], 64, "%s", orig);
            snprintf(vc->plain[vc->nplain++], 64, "%s", name);
        }
    }
    sqlite3_finalize(st);
}

static bool has_plain(const vcols *vc, const char *name)
{
    for (int i = 0; i < vc->nplain; i++)
        if (!strcmp(vc->plain[i], name))
            return true;
    return false;
}

static void set_cols(req *q, const char *view, const char *cols)
{
    memset(q, 0, sizeof *q);
    q->view = view;
    snprintf(q->cols, sizeof q->cols, "%s", cols);
    q->ncols = count_cols(q->cols);
}

/* "row_id, names[from .. from+n-1]" (reversed: the names backwards, row_id last) */
static void group_req(req *q, const char *view, char (*names)[64], int from, int n, bool rev)
{
    char cols[1024] = "";
    size_t len = 0;
    if (!rev)
        len += (size_t)snprintf(cols + len, sizeof cols - len, "row_id");
    for (int k = 0; k < n; k++) {
        int i = rev ? from + n - 1 - k : from + k;
        len += (size_t)snprintf(cols + len, sizeof cols - len, "%s%s", len ? ", " : "", names[i]);
    }
    if (rev)
        len += (size_t)snprintf(cols + len, sizeof cols - len, ", row_id");
    set_cols(q, view, cols);
}

static int keep_odd(const int64_t *v, unsigned nulls, const nsq_parscan_req *r)
{
    (void)r;
    return !(nulls & 2u) && v[1] % 2 == 1;
}

/* Every request of a file: returns how many were made into qs. */
static int file_requests(nsq_export *x, req *qs, int max, bool every_col)
{
    int n = 0;
    for (size_t v = 0; v < NVIEWS; v++) {
        const struct vdef *vd = &VIEWS[v];
        vcols vc;
        view_cols(x, vd, &vc);
        if (n + 16 > max)
            break;
        for (int g = 0; g < vc.nplain; g += 15) {
            int k = vc.nplain - g < 15 ? vc.nplain - g : 15;
            group_req(&qs[n++], vd->view, vc.plain, g, k, false);
            if (g + 15 >= vc.nplain)
                group_req(&qs[n++], vd->view, vc.plain, g, k, true);
        }
        if (vc.nplain) {
            char cols[256];
            snprintf(cols, sizeof cols, "NULL, %s, row_id, NULL", vc.plain[0]);
            set_cols(&qs[n++], vd->view, cols);
            snprintf(cols, sizeof cols, "%s", vc.plain[vc.nplain - 1]);
            set_cols(&qs[n++], vd->view, cols);
        }
        if (has_plain(&vc, vd->marker_col)) {
            char cols[256];
            snprintf(cols, sizeof cols, "row_id, %s", vd->marker_col);
            set_cols(&qs[n++], vd->view, cols);
        }
        if (has_plain(&vc, vd->odd_col) && has_plain(&vc, "start_ns")) {
            char cols[256];
            static char where[NVIEWS][64];
            snprintf(where[v], sizeof where[v], "%s %% 2 = 1", vd->odd_col);
            snprintf(cols, sizeof cols, "row_id, %s, start_ns", vd->odd_col);
            set_cols(&qs[n], vd->view, cols);
            qs[n].where = where[v];
            qs[n++].keep = keep_odd;
            set_cols(&qs[n], vd->view, cols); /* the same WHERE without keep: SQLite */
            qs[n].light = true;
            qs[n++].where = where[v];
        }
        if (every_col)
            for (int g = 0; g < vc.nall; g += 15) {
                int k = vc.nall - g < 15 ? vc.nall - g : 15;
                group_req(&qs[n], vd->view, vc.all, g, k, false);
                qs[n++].light = true; /* computed columns: SQLite */
            }
    }
    return n;
}

/* raw_only requests ("#col" reads a TEXT column as nsq_text_hash()): they
 * answer either exactly what SQLite reads (the hash taken of SQLite's text)
 * or NSQ_PARSCAN_NOT_RAW, never other rows; with the reader off, always
 * NSQ_PARSCAN_NOT_RAW. Returns the requests that read every row (or -1 when
 * there was none to make). */
static int raw_only_check(nsq_export *x, const char *label, bool damaged)
{
    int made = 0, complete = 0;
    for (size_t v = 0; v < NVIEWS; v++) {
        const struct vdef *vd = &VIEWS[v];
        vcols vc;
        view_cols(x, vd, &vc);
        int t = -1, ni = 0;
        for (int i = 0; i < vc.nplain && t < 0; i++)
            if (vc.textual[i] && strcmp(vc.plain[i], "row_id"))
                t = i;
        if (t < 0)
            continue;
        char cols[1024], ref[1400];
        size_t l = (size_t)snprintf(cols, sizeof cols, "row_id");
        for (int i = 0; i < vc.nplain && ni < 6; i++)
            if (!vc.textual[i]) {
                l += (size_t)snprintf(cols + l, sizeof cols - l, ", %s", vc.plain[i]);
                ni++;
            }
        snprintf(ref, sizeof ref, "SELECT %s, %s FROM %s", cols, vc.plain[t], vd->view);
        snprintf(cols + l, sizeof cols - l, ", #%s", vc.plain[t]);
        /* the reference: SQLite's rows, the text hashed here */
        rows want = {ni + 2, NULL, 0, 0};
        sqlite3_stmt *st = NULL;
        int rc = sqlite3_prepare_v2(x->db, ref, -1, &st, NULL);
        while (st && (rc = sqlite3_step(st)) == SQLITE_ROW) {
            int64_t row[NSQ_PARSCAN_MAX_COLS];
            unsigned nulls = 0;
            nsq_err e = {0};
            for (int i = 0; i <= ni; i++) {
                /* parscan's contract: only INTEGER values within +-2^62 are
                 * values; anything else reads as NULL */
                row[i] = sqlite3_column_int64(st, i);
                if (sqlite3_column_type(st, i) != SQLITE_INTEGER || row[i] > ((int64_t)1 << 62) ||
                    row[i] < -((int64_t)1 << 62)) {
                    row[i] = 0;
                    nulls |= 1u << i;
                }
            }
            const unsigned char *txt = sqlite3_column_text(st, ni + 1);
            row[ni + 1] =
                txt ? (int64_t)nsq_text_hash(txt, (size_t)sqlite3_column_bytes(st, ni + 1)) : 0;
            if (sqlite3_column_type(st, ni + 1) == SQLITE_NULL)
                nulls |= 1u << (ni + 1);
            collect(&want, row, nulls, &e);
        }
        bool ref_ok = rc == SQLITE_DONE;
        if (!ref_ok && !damaged)
            CHECK(0, "%s: reference %s: %s", label, ref, sqlite3_errmsg(x->db));
        sqlite3_finalize(st);
        made++;
        static const int cfg[][2] = {{1, 7}, {1, 65536}, {3, 5}};
        for (size_t c = 0; c < sizeof cfg / sizeof *cfg; c++) {
            req q;
            outcome o, off;
            char lab[1500];
            set_cols(&q, vd->view, cols);
            q.raw_only = 1;
            configure(cfg[c][0], cfg[c][1]);
            scan(x, &q, 1, &o);
            scan(x, &q, 0, &off);
            snprintf(lab, sizeof lab, "%s: raw_only %s(%s), %d workers, chunk %d", label, vd->view,
                     cols, cfg[c][0], cfg[c][1]);
            CHECK(off.rc == NSQ_PARSCAN_NOT_RAW, "%s: with the reader off: rc %d, want NOT_RAW",
                  lab, off.rc);
            if (o.rc == 0) {
                outcome w = {0, {0}, want};
                CHECK(ref_ok && same_outcome(&w, &o, lab),
                      "%s: read in full, but not what SQLite reads (SQLite %s)", lab,
                      ref_ok ? "ok" : "fails");
                complete++;
            } else {
                CHECK(o.rc == NSQ_PARSCAN_NOT_RAW || (damaged && o.rc == -1),
                      "%s: rc %d (%s), want 0 or NOT_RAW", lab, o.rc, o.err.message);
            }
            free_outcome(&o);
            free_outcome(&off);
        }
        free(want.v);
    }
    return made ? complete : -1;
}

static void compare_file(const char *path, const char *label, bool every_col, bool raw_only_must)
{
    nsq_export *x = NULL;
    nsq_err err = {0};
    if (nsq_export_open(&x, path, &err)) {
        CHECK(0, "%s: open: %s", label, err.message);
        return;
    }
    req qs[256];
    int n = file_requests(x, qs, 256, every_col);
    for (int i = 0; i < n; i++)
        compare_req(x, label, &qs[i]);
    int complete = raw_only_check(x, label, false);
    CHECK(!raw_only_must || complete != 0,
          "%s: no raw_only request was read in full from the pages", label);
    nsq_export_close(x);
}

/* ------------------------------------------------------------------------ */
/* running a part in a child process (a crash or a hang is a failure) */

typedef void (*part_fn)(void *arg);

/* Returns true when the child ran to its end. */
static bool guarded(part_fn fn, void *arg, unsigned timeout_s, const char *label)
{
    int fds[2];
    if (pipe(fds)) {
        CHECK(0, "pipe: %s", strerror(errno));
        return false;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        CHECK(0, "fork: %s", strerror(errno));
        return false;
    }
    if (pid == 0) {
        close(fds[0]);
        nchecks = nfail = nprinted = 0;
        alarm(timeout_s);
        fn(arg);
        int counts[2] = {nchecks, nfail};
        if (write(fds[1], counts, sizeof counts) != (ssize_t)sizeof counts)
            _exit(99);
        fflush(stdout);
        fflush(stderr);
        _exit(0);
    }
    close(fds[1]);
    int counts[2] = {0, 0}, status = 0;
    ssize_t got = read(fds[0], counts, sizeof counts);
    close(fds[0]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    bool ok = got == (ssize_t)sizeof counts && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (got == (ssize_t)sizeof counts) {
        nchecks += counts[0];
        nfail += counts[1];
        nprinted += counts[1];
    }
    nchecks++;
    if (!ok) {
        nfail++;
        fprintf(stderr, "FAIL %s: the child %s\n", label,
                WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM ? "hung (killed by alarm)"
                : WIFSIGNALED(status)                              ? strsignal(WTERMSIG(status))
                                                                   : "exited non-zero");
    }
    return ok;
}

/* ------------------------------------------------------------------------ */
/* synthetic exports */

enum { MODE_INTS, MODE_MIXED, MODE_SMALL };
enum {
    ROWS_DENSE,
    ROWS_DELETED,
    ROWS_NEGATIVE,
    ROWS_NEAR_MAX,
    ROWS_NEAR_MIN,
    ROWS_SPARSE,
    ROWS_HUGE_GAP
};
enum {
    EX_NONE,
    EX_GEN_VIRTUAL,
    EX_GEN_STORED,
    EX_IPK,
    EX_IPK_MARKER,
    EX_ROWID_COL,
    EX_INDEX,
    EX_WITHOUT_ROWID,
    EX_PK_COMPOSITE
};
enum { EXPECT_RAW, EXPECT_SQLITE, EXPECT_MIXED, EXPECT_TYPEOF, EXPECT_NONE };

typedef struct scase {
    const char *name;
    int mode, nrows, page_size, reserve, auto_vacuum, utf16;
    int noaff;      /* columns declared without a type (no affinity) */
    int pad_before; /* a TEXT column before the read columns: 1 lengths sweeping overflow,
                       2 lengths putting the next columns around min_local */
    int pad_after;  /* 1: a TEXT/BLOB column after them, the same lengths */
    int alter;      /* 1 NULL default, 2 DEFAULT 7, 3 DEFAULT NULL, 4 DEFAULT -1 */
    int extra;      /* EX_* */
    int rowids;     /* ROWS_* */
    int wal;        /* 1 WAL closed cleanly, 2 WAL copied while open */
    int expect;     /* EXPECT_*: who reads, in the swap oracle */
    unsigned timeout_s;
} scase;

static int g_mode, g_delta, g_nrows, g_padmax, g_rowids, g_usable, g_minlocal;

static const int64_t INTS[] = {0,
                               1,
                               -1,
                               2,
                               127,
                               -128,
                               128,
                               -129,
                               255,
                               256,
                               32767,
                               -32768,
                               32768,
                               -32769,
                               8388607,
                               -8388608,
                               8388608,
                               -8388609,
                               2147483647,
                               -2147483647 - 1,
                               2147483648LL,
                               -2147483649LL,
                               140737488355327LL,
                               -140737488355328LL,
                               140737488355328LL,
                               -140737488355329LL,
                               INT64_MAX,
                               INT64_MIN,
                               INT64_MAX - 1,
                               INT64_MIN + 1,
                               42,
                               1000000007};
#define NINTS ((int64_t)(sizeof INTS / sizeof *INTS))

/* tv(i, j): the value of column j of row i */
static void fn_tv(sqlite3_context *c, int argc, sqlite3_value **a)
{
    int64_t i = sqlite3_value_int64(a[0]), j = sqlite3_value_int64(a[1]);
    (void)argc;
    if (g_mode == MODE_SMALL) {
        sqlite3_result_int64(c, (i * 131 + j * 17) % 5000);
        return;
    }
    if (g_mode == MODE_MIXED && i % 11 == 0 && j % 5 == (i / 11) % 5) {
        switch ((i / 11 + j) % 9) {
        case 0:
            sqlite3_result_double(c, 5.7);
            return;
        case 1:
            sqlite3_result_text(c, "abc", -1, SQLITE_STATIC);
            return;
        case 2:
            sqlite3_result_blob(c, "\x01\x02\x03", 3, SQLITE_STATIC);
            return;
        case 3:
            sqlite3_result_double(c, 5.0);
            return; /* INTEGER affinity makes it 5 */
        case 4:
            sqlite3_result_text(c, "123", -1, SQLITE_STATIC);
            return; /* ... and 123 */
        case 5:
            sqlite3_result_double(c, -1e300);
            return;
        case 6:
            sqlite3_result_text(c, " -77 ", -1, SQLITE_STATIC);
            return;
        case 7:
            sqlite3_result_double(c, 9.3e18);
            return;
        default:
            sqlite3_result_text(c, "", -1, SQLITE_STATIC);
            return;
        }
    }
    int64_t k = (i * 7 + j * 3) % (NINTS + 3);
    if (k >= NINTS)
        sqlite3_result_null(c);
    else
        sqlite3_result_int64(c, INTS[k]);
}

/* mark(i): the marker column (differs between files A and B by g_delta) */
static void fn_mark(sqlite3_context *c, int argc, sqlite3_value **a)
{
    int64_t i = sqlite3_value_int64(a[0]);
    (void)argc;
    sqlite3_result_int64(c, 1000 + (i * 37) % 900 + g_delta);
}

/* ec(i): an API row's eventClass */
static void fn_ec(sqlite3_context *c, int argc, sqlite3_value **a)
{
    int64_t i = sqlite3_value_int64(a[0]);
    (void)argc;
    switch (i % 9) {
    case 0:
        sqlite3_result_int64(c, 0);
        break;
    case 1:
        sqlite3_result_int64(c, 1);
        break;
    case 2:
        sqlite3_result_int64(c, 2);
        break;
    case 3:
        sqlite3_result_null(c);
        break;
    case 4:
        sqlite3_result_double(c, 1.0);
        break;
    case 5:
        sqlite3_result_text(c, "1", -1, SQLITE_STATIC);
        break;
    case 6:
        sqlite3_result_int64(c, -1);
        break;
    case 7:
        sqlite3_result_int64(c, 67);
        break;
    default:
        sqlite3_result_int64(c, i % 2);
        break;
    }
}

/* pad(i): the long column: lengths 0 .. g_padmax, sweeping */
static void fn_pad(sqlite3_context *c, int argc, sqlite3_value **a)
{
    int64_t i = sqlite3_value_int64(a[0]);
    (void)argc;
    if (!g_padmax || i % 5 == 0) {
        sqlite3_result_null(c);
        return;
    }
    /* rows 1-300 sweep the payload sizes around the largest local payload
     * (usable - 35) byte by byte, rows 301-600 around the next switch of the
     * local part's size (that + usable - 4), the rest coarsely up to g_padmax */
    int len;
    if (i <= 300)
        len = g_usable - 35 - 200 + (int)i;
    else if (i <= 600)
        len = 2 * g_usable - 39 - 200 + (int)(i - 300);
    else
        len = (int)((i * 7) % (g_padmax + 1));
    if (len < 0)
        len = 0;
    char *s = malloc((size_t)len + 1);
    memset(s, 'a' + (int)(i % 26), (size_t)len);
    s[len] = 0;
    if (i % 3 == 0)
        sqlite3_result_blob(c, s, len, free);
    else
        sqlite3_result_text(c, s, len, free);
}

/* pads(i): a TEXT whose length puts the columns after it around the smallest
 * local payload (min_local) byte by byte, for records that overflow */
static void fn_pads(sqlite3_context *c, int argc, sqlite3_value **a)
{
    int64_t i = sqlite3_value_int64(a[0]);
    int len = g_minlocal - 100 + (int)(i % 200);
    (void)argc;
    if (len < 0)
        len = 0;
    char *t = malloc((size_t)len + 1);
    memset(t, 'p', (size_t)len);
    t[len] = 0;
    sqlite3_result_text(c, t, len, free);
}

/* rid(i): the rowid of row i (1-based) */
static void fn_rid(sqlite3_context *c, int argc, sqlite3_value **a)
{
    int64_t i = sqlite3_value_int64(a[0]), n = g_nrows;
    (void)argc;
    switch (g_rowids) {
    case ROWS_NEGATIVE:
        sqlite3_result_int64(c, i - n / 2 - 3);
        return;
    case ROWS_NEAR_MAX:
        sqlite3_result_int64(c, INT64_MAX - n + i);
        return;
    case ROWS_NEAR_MIN:
        sqlite3_result_int64(c, INT64_MIN + i - 1);
        return;
    case ROWS_SPARSE:
        sqlite3_result_int64(c, i * 13 + (i % 7));
        return;
    case ROWS_HUGE_GAP:
        /* a rowid range of ~10^15: allowed for chunking (< INT64_MAX / 4) */
        sqlite3_result_int64(c, i <= n - 2 ? i : 1000000000000000LL + i);
        return;
    default:
        sqlite3_result_int64(c, i);
        return;
    }
}

typedef struct tdef {
    const char *name;
    const char *cols[40];      /* name or "name TYPE" (TYPE kept even without affinity) */
    const char *alter_cols[3]; /* added by ALTER TABLE in alter cases */
    const char *marker;        /* column holding mark(i) */
} tdef;

static const tdef TABLES[] = {
    {"CUPTI_ACTIVITY_KIND_KERNEL",
     {"start",
      "end",
      "deviceId",
      "contextId",
      "greenContextId",
      "streamId",
      "correlationId",
      "globalPid",
      "demangledName",
      "shortName",
      "mangledName",
      "launchType",
      "cacheConfig",
      "registersPerThread",
      "gridX",
      "gridY",
      "gridZ",
      "blockX",
      "blockY",
      "blockZ",
      "staticSharedMemory",
      "dynamicSharedMemory",
      "localMemoryPerThread",
      "localMemoryTotal",
      "gridId",
      "sharedMemoryExecuted",
      "sharedMemoryLimitConfig",
      NULL},
     {"graphNodeId", "graphId", NULL},
     "correlationId"},
    {"CUPTI_ACTIVITY_KIND_MEMCPY",
     {"start",           "end",           "deviceId",       "contextId",      "greenContextId",
      "streamId",        "correlationId", "globalPid",      "bytes",          "copyKind",
      "deprecatedSrcId", "srcKind",       "dstKind",        "srcDeviceId",    "srcContextId",
      "dstDeviceId",     "dstContextId",  "migrationCause", "virtualAddress", NULL},
     {"graphNodeId", NULL},
     "correlationId"},
    {"CUPTI_ACTIVITY_KIND_MEMSET",
     {"start", "end", "deviceId", "contextId", "greenContextId", "streamId", "correlationId",
      "globalPid", "value", "bytes", "graphNodeId", NULL},
     {"memKind", NULL},
     "correlationId"},
    {"CUPTI_ACTIVITY_KIND_RUNTIME",
     {"start", "end", "eventClass", "globalTid", "correlationId", "nameId", "returnValue", NULL},
     {"callchainId", NULL},
     "correlationId"},
    {"NVTX_EVENTS",
     {"start", "end", "eventType", "rangeId", "category", "color", "text TEXT", "globalTid",
      "endGlobalTid", "textId", "uint64Value", "doubleValue REAL", NULL},
     {"domainId", NULL},
     "rangeId"},
};
#define NTABLES (sizeof TABLES / sizeof *TABLES)

static int exec(sqlite3 *db, const char *sql)
{
    char *msg = NULL;
    int rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
    if (rc != SQLITE_OK) {
        CHECK(0, "sql '%.300s': %s", sql, msg ? msg : sqlite3_errstr(rc));
        sqlite3_free(msg);
    }
    return rc;
}

static void col_name(const char *def, char *out, size_t n)
{
    size_t k = 0;
    while (def[k] && def[k] != ' ' && k + 1 < n) {
        out[k] = def[k];
        k++;
    }
    out[k] = 0;
}

typedef struct sqllist {
    char names[2048], vals[2048];
    size_t ln, lv;
} sqllist;

static void sl_add(sqllist *s, const char *name, const char *expr)
{
    s->ln += (size_t)snprintf(s->names + s->ln, sizeof s->names - s->ln, "%s%s", s->ln ? ", " : "",
                              name);
    s->lv +=
        (size_t)snprintf(s->vals + s->lv, sizeof s->vals - s->lv, "%s%s", s->lv ? ", " : "", expr);
}

/* The INSERT of rows [from, to] into table t (column list as created). */
static void insert_rows(sqlite3 *db, const tdef *t, const scase *sc, int from, int to, bool altered)
{
    static sqllist s;
    char sql[9000];
    int j = 0;
    const char *const *lists[2] = {t->cols, altered || !sc->alter ? t->alter_cols : NULL};
    memset(&s, 0, sizeof s);
    if (sc->extra == EX_ROWID_COL)
        sl_add(&s, "\"rowid\"", "i * 3 + 5"); /* the column; the rowid is 1, 2, ... */
    else if (sc->extra != EX_IPK_MARKER)      /* (there the marker is the rowid) */
        sl_add(&s, "rowid", "rid(i)");
    for (int l = 0; l < 2; l++)
        for (int k = 0; lists[l] && lists[l][k]; k++, j++) {
            char c[64], q[80];
            const char *e;
            char buf[64];
            col_name(lists[l][k], c, sizeof c);
            if (!strcmp(c, t->marker))
                e = "mark(i)";
            else if (!strcmp(c, "eventClass"))
                e = "ec(i)";
            else if (!strcmp(c, "text"))
                e = "CASE WHEN i % 4 = 0 THEN NULL ELSE 'nvtx ' || i END";
            else if (!strcmp(c, "doubleValue"))
                e = "i * 0.5";
            else {
                snprintf(buf, sizeof buf, "tv(i, %d)", j);
                e = buf;
            }
            snprintf(q, sizeof q, "\"%s\"", c);
            sl_add(&s, q, e);
            if (sc->pad_before && k == 1 && l == 0)
                sl_add(&s, "padb", sc->pad_before == 2 ? "pads(i)" : "pad(i)");
        }
    if (sc->pad_after)
        sl_add(&s, "pada", "pad(i + 1)");
    snprintf(sql, sizeof sql,
             "WITH RECURSIVE n(i) AS (SELECT %d UNION ALL SELECT i + 1 FROM n WHERE i < %d) "
             "INSERT INTO \"%s\"(%s) SELECT %s FROM n",
             from, to, t->name, s.names, s.vals);
    exec(db, sql);
}

static void create_table(sqlite3 *db, const tdef *t, const scase *sc)
{
    char sql[8192];
    size_t l = 0;
    l += (size_t)snprintf(sql + l, sizeof sql - l, "CREATE TABLE \"%s\" (", t->name);
    if (sc->extra == EX_IPK || sc->extra == EX_WITHOUT_ROWID)
        l += (size_t)snprintf(sql + l, sizeof sql - l, "id INTEGER PRIMARY KEY, ");
    if (sc->extra == EX_ROWID_COL)
        l += (size_t)snprintf(sql + l, sizeof sql - l, "\"rowid\" INTEGER, ");
    for (int k = 0; t->cols[k]; k++) {
        char c[64];
        col_name(t->cols[k], c, sizeof c);
        const char *type = strchr(t->cols[k], ' ');
        if (sc->extra == EX_IPK_MARKER && !strcmp(c, t->marker))
            type = " INTEGER PRIMARY KEY";
        l += (size_t)snprintf(sql + l, sizeof sql - l, "%s\"%s\"%s", k ? ", " : "", c,
                              type        ? type
                              : sc->noaff ? ""
                                          : " INTEGER");
        if (k == 0 && (sc->extra == EX_GEN_VIRTUAL || sc->extra == EX_GEN_STORED))
            l += (size_t)snprintf(sql + l, sizeof sql - l,
                                  ", gen INTEGER GENERATED ALWAYS AS (\"start\" + 1) %s",
                                  sc->extra == EX_GEN_VIRTUAL ? "VIRTUAL" : "STORED");
        if (k == 1 && sc->pad_before)
            l += (size_t)snprintf(sql + l, sizeof sql - l, ", padb TEXT");
    }
    if (!sc->alter)
        for (int k = 0; t->alter_cols[k]; k++)
            l += (size_t)snprintf(sql + l, sizeof sql - l, ", \"%s\"%s", t->alter_cols[k],
                                  sc->noaff ? "" : " INTEGER");
    if (sc->pad_after)
        l += (size_t)snprintf(sql + l, sizeof sql - l, ", pada");
    if (sc->extra == EX_PK_COMPOSITE)
        l += (size_t)snprintf(sql + l, sizeof sql - l, ", PRIMARY KEY(\"%s\", \"start\")",
                              t->marker);
    l += (size_t)snprintf(sql + l, sizeof sql - l, ")%s",
                          sc->extra == EX_WITHOUT_ROWID ? " WITHOUT ROWID" : "");
    exec(db, sql);
}

static void fill_table(sqlite3 *db, const tdef *t, const scase *sc)
{
    int n = sc->nrows;
    if (sc->extra == EX_WITHOUT_ROWID) {
        /* no rowid: id is the key */
        char sql[9000], names[2048] = "id", vals[2048] = "i";
        size_t ln = 2, lv = 1;
        for (int k = 0; t->cols[k]; k++) {
            char c[64];
            col_name(t->cols[k], c, sizeof c);
            ln += (size_t)snprintf(names + ln, sizeof names - ln, ", \"%s\"", c);
            lv += (size_t)snprintf(vals + lv, sizeof vals - lv, ", %s",
                                   !strcmp(c, t->marker) ? "mark(i)" : "i");
        }
        snprintf(sql, sizeof sql,
                 "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d) "
                 "INSERT INTO \"%s\"(%s) SELECT %s FROM n",
                 n, t->name, names, vals);
        exec(db, sql);
        return;
    }
    if (!sc->alter) {
        insert_rows(db, t, sc, 1, n, false);
    } else {
        insert_rows(db, t, sc, 1, n / 2, false);
        for (int k = 0; t->alter_cols[k]; k++) {
            static const char *const dflt[] = {"", "", " DEFAULT 7", " DEFAULT NULL",
                                               " DEFAULT -1"};
            char sql[512];
            snprintf(sql, sizeof sql, "ALTER TABLE \"%s\" ADD COLUMN \"%s\"%s%s", t->name,
                     t->alter_cols[k], sc->noaff ? "" : " INTEGER", dflt[sc->alter]);
            exec(db, sql);
        }
        insert_rows(db, t, sc, n / 2 + 1, n, true);
    }
    if (sc->rowids == ROWS_DELETED) {
        char sql[512];
        snprintf(sql, sizeof sql,
                 "DELETE FROM \"%s\" WHERE rowid %% 3 = 0 OR rowid BETWEEN %d AND %d "
                 "OR rowid = 1 OR rowid = %d",
                 t->name, n / 4, n / 4 + n / 10, n);
        exec(db, sql);
    }
    if (sc->extra == EX_INDEX) {
        char sql[512];
        snprintf(sql, sizeof sql, "CREATE INDEX \"ix_%s\" ON \"%s\"(\"%s\")", t->name, t->name,
                 t->marker);
        exec(db, sql);
        if (!strcmp(t->name, "CUPTI_ACTIVITY_KIND_RUNTIME"))
            exec(db, "CREATE INDEX ix_ec ON CUPTI_ACTIVITY_KIND_RUNTIME(eventClass)");
    }
}

static bool copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "rb"), *b = a ? fopen(to, "wb") : NULL;
    char buf[65536];
    size_t n;
    bool ok = a && b;
    while (ok && (n = fread(buf, 1, sizeof buf, a)) > 0)
        ok = fwrite(buf, 1, n, b) == n;
    if (a)
        fclose(a);
    if (b && fclose(b))
        ok = false;
    return ok;
}

/* Writes case sc to path (delta: added to the marker column). */
static bool make_export(const char *path, const scase *sc, int delta)
{
    sqlite3 *db = NULL;
    char wpath[600], sql[512];
    unlink(path);
    snprintf(wpath, sizeof wpath, "%s-wal", path);
    unlink(wpath);
    snprintf(wpath, sizeof wpath, "%s-journal", path);
    unlink(wpath);
    if (sqlite3_open(path, &db) != SQLITE_OK) {
        CHECK(0, "create %s: %s", path, sqlite3_errmsg(db));
        sqlite3_close(db);
        return false;
    }
    g_mode = sc->mode;
    g_delta = delta;
    g_nrows = sc->nrows;
    g_rowids = sc->rowids;
    sqlite3_create_function(db, "tv", 2, SQLITE_UTF8, NULL, fn_tv, NULL, NULL);
    sqlite3_create_function(db, "mark", 1, SQLITE_UTF8, NULL, fn_mark, NULL, NULL);
    sqlite3_create_function(db, "ec", 1, SQLITE_UTF8, NULL, fn_ec, NULL, NULL);
    sqlite3_create_function(db, "pad", 1, SQLITE_UTF8, NULL, fn_pad, NULL, NULL);
    sqlite3_create_function(db, "rid", 1, SQLITE_UTF8, NULL, fn_rid, NULL, NULL);
    sqlite3_create_function(db, "pads", 1, SQLITE_UTF8, NULL, fn_pads, NULL, NULL);
    if (sc->page_size) {
        snprintf(sql, sizeof sql, "PRAGMA page_size = %d", sc->page_size);
        exec(db, sql);
    }
    if (sc->utf16)
        exec(db, "PRAGMA encoding = 'UTF-16le'");
    if (sc->auto_vacuum)
        exec(db, "PRAGMA auto_vacuum = FULL");
    if (sc->reserve) {
        int r = sc->reserve;
        exec(db, "CREATE TABLE tmp_x(a)"); /* the header exists: the reserve sticks */
        sqlite3_file_control(db, "main", SQLITE_FCNTL_RESERVE_BYTES, &r);
        exec(db, "DROP TABLE tmp_x");
    }
    if (sc->wal) {
        exec(db, "PRAGMA journal_mode = WAL");
        exec(db, "PRAGMA wal_autocheckpoint = 0");
    }
    int usable = (sc->page_size ? sc->page_size : 4096) - sc->reserve;
    g_padmax = sc->pad_before || sc->pad_after ? 2 * usable + 300 : 0;
    g_usable = usable;
    g_minlocal = (usable - 12) * 32 / 255 - 23;
    exec(db, "BEGIN");
    exec(db, "CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL)");
    exec(db, "INSERT INTO StringIds VALUES (0, 'kernel_a'), (1, 'kernel_b'), (2, "
             "'cudaLaunchKernel_v7000'), (3, 'cudaMemcpyAsync_v3020'), (42, 'answer')");
    exec(db, "CREATE TABLE META_DATA_EXPORT (name TEXT NOT NULL, value TEXT)");
    exec(db, "INSERT INTO META_DATA_EXPORT VALUES ('EXPORT_PRODUCT_NAME', 'NVIDIA Nsight "
             "Systems'), ('EXPORT_PRODUCT_VERSION', '2026.2.1.210'), ('EXPORT_SCHEMA_VERSION', "
             "'3.25.0'), ('NSYSQL_EXPORTER', 'test_rawscan')");
    for (size_t t = 0; t < NTABLES; t++) {
        create_table(db, &TABLES[t], sc);
        fill_table(db, &TABLES[t], sc);
    }
    exec(db, "COMMIT");
    if (sc->reserve)
        exec(db, "VACUUM");
    if (sc->auto_vacuum) {
        /* pages move: rows deleted and added again */
        exec(db, "DELETE FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE rowid % 5 = 1");
        exec(db, "DELETE FROM NVTX_EVENTS WHERE rowid % 2 = 0");
    }
    if (sc->wal == 2) {
        /* an unclean copy: the main file (the rows so far, checkpointed) and its
         * -wal (more rows, committed there only) while the writer is open */
        exec(db, "PRAGMA wal_checkpoint(TRUNCATE)");
        for (size_t t = 0; t < NTABLES; t++) {
            char more[300];
            snprintf(more, sizeof more,
                     "INSERT INTO \"%s\" SELECT * FROM \"%s\" WHERE rowid %% 3 = 0", TABLES[t].name,
                     TABLES[t].name);
            exec(db, more);
        }
        char tmp[600], tw[600];
        snprintf(tmp, sizeof tmp, "%s.unclean", path);
        snprintf(tw, sizeof tw, "%s.unclean-wal", path);
        snprintf(wpath, sizeof wpath, "%s-wal", path);
        bool ok = copy_file(path, tmp) && copy_file(wpath, tw);
        sqlite3_close(db);
        CHECK(ok, "%s: copying the WAL files", sc->name);
        unlink(wpath);
        rename(tmp, path);
        rename(tw, wpath);
        return ok;
    }
    int rc = sqlite3_close(db);
    CHECK(rc == SQLITE_OK, "%s: close: %s", sc->name, sqlite3_errstr(rc));
    if (sc->reserve) {
        unsigned char h[100];
        FILE *f = fopen(path, "rb");
        size_t got = f ? fread(h, 1, sizeof h, f) : 0;
        if (f)
            fclose(f);
        CHECK(got == sizeof h && h[20] == sc->reserve,
              "%s: %d reserved bytes per page in the header (got %d)", sc->name, sc->reserve,
              got == sizeof h ? h[20] : -1);
    }
    return true;
}

static const scase CASES[] = {
    /* name, mode, nrows, page_size, reserve, auto_vacuum, utf16, noaff, pad_before, pad_after,
       alter, extra, rowids, wal, expect, timeout */
    {"ints", MODE_INTS, 400, 0, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DENSE, 0, EXPECT_RAW, 0},
    {"ints-512", MODE_INTS, 400, 512, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DENSE, 0, EXPECT_RAW, 0},
    {"ints-65536", MODE_INTS, 3000, 65536, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DENSE, 0, EXPECT_RAW,
     0},
    {"mixed", MODE_MIXED, 500, 0, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DENSE, 0, EXPECT_TYPEOF, 0},
    {"mixed-noaffinity", MODE_MIXED, 500, 0, 0, 0, 0, 1, 0, 0, 0, EX_NONE, ROWS_DENSE, 0,
     EXPECT_TYPEOF, 0},
    {"mixed-utf16", MODE_MIXED, 300, 0, 0, 0, 1, 1, 0, 0, 0, EX_NONE, ROWS_DENSE, 0, EXPECT_TYPEOF,
     0},
    {"overflow-before", MODE_SMALL, 900, 0, 0, 0, 0, 0, 1, 0, 0, EX_NONE, ROWS_DENSE, 0,
     EXPECT_MIXED, 0},
    {"overflow-before-512", MODE_INTS, 900, 512, 0, 0, 0, 0, 1, 0, 0, EX_NONE, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"overflow-after", MODE_SMALL, 900, 0, 0, 0, 0, 0, 0, 1, 0, EX_NONE, ROWS_DENSE, 0, EXPECT_RAW,
     0},
    {"overflow-after-512", MODE_INTS, 900, 512, 0, 0, 0, 0, 0, 1, 0, EX_NONE, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"overflow-straddle", MODE_SMALL, 800, 0, 0, 0, 0, 0, 2, 1, 0, EX_NONE, ROWS_DENSE, 0,
     EXPECT_MIXED, 0},
    {"overflow-straddle-1024", MODE_SMALL, 800, 1024, 0, 0, 0, 0, 2, 1, 0, EX_NONE, ROWS_DENSE, 0,
     EXPECT_MIXED, 0},
    {"overflow-both-65536", MODE_INTS, 300, 65536, 0, 0, 0, 0, 1, 1, 0, EX_NONE, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"alter-null", MODE_INTS, 400, 0, 0, 0, 0, 0, 0, 0, 1, EX_NONE, ROWS_DENSE, 0, EXPECT_RAW, 0},
    {"alter-default7", MODE_SMALL, 400, 0, 0, 0, 0, 0, 0, 0, 2, EX_NONE, ROWS_DENSE, 0,
     EXPECT_MIXED, 0},
    {"alter-default-null", MODE_INTS, 400, 0, 0, 0, 0, 0, 0, 0, 3, EX_NONE, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"alter-default-neg", MODE_INTS, 400, 0, 0, 0, 0, 1, 0, 0, 4, EX_NONE, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"generated-virtual", MODE_INTS, 300, 0, 0, 0, 0, 0, 0, 0, 0, EX_GEN_VIRTUAL, ROWS_DENSE, 0,
     EXPECT_SQLITE, 0},
    {"generated-stored", MODE_INTS, 300, 0, 0, 0, 0, 0, 0, 0, 0, EX_GEN_STORED, ROWS_DENSE, 0,
     EXPECT_SQLITE, 0},
    {"integer-primary-key", MODE_INTS, 300, 0, 0, 0, 0, 0, 0, 0, 0, EX_IPK, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"ipk-marker", MODE_SMALL, 300, 0, 0, 0, 0, 0, 0, 0, 0, EX_IPK_MARKER, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"pk-composite", MODE_SMALL, 300, 0, 0, 0, 0, 0, 0, 0, 0, EX_PK_COMPOSITE, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"rowid-column", MODE_INTS, 300, 0, 0, 0, 0, 0, 0, 0, 0, EX_ROWID_COL, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"without-rowid", MODE_INTS, 300, 0, 0, 0, 0, 0, 0, 0, 0, EX_WITHOUT_ROWID, ROWS_DENSE, 0,
     EXPECT_SQLITE, 0},
    {"index", MODE_SMALL, 400, 0, 0, 0, 0, 0, 0, 0, 0, EX_INDEX, ROWS_DENSE, 0, EXPECT_NONE, 0},
    {"reserved-bytes", MODE_INTS, 400, 1024, 40, 0, 0, 0, 1, 0, 0, EX_NONE, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"reserved-bytes-small", MODE_SMALL, 400, 0, 33, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DENSE, 0,
     EXPECT_RAW, 0},
    {"auto-vacuum-full", MODE_INTS, 600, 1024, 0, 1, 0, 0, 0, 1, 0, EX_NONE, ROWS_DENSE, 0,
     EXPECT_NONE, 0},
    {"deep-512", MODE_SMALL, 6000, 512, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DENSE, 0, EXPECT_RAW, 0},
    {"deleted-rows", MODE_INTS, 3000, 1024, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DELETED, 0,
     EXPECT_RAW, 0},
    {"negative-rowids", MODE_INTS, 400, 0, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_NEGATIVE, 0,
     EXPECT_RAW, 0},
    {"rowids-near-max", MODE_INTS, 400, 0, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_NEAR_MAX, 0,
     EXPECT_NONE, 0},
    {"rowids-near-min", MODE_INTS, 400, 0, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_NEAR_MIN, 0,
     EXPECT_NONE, 0},
    {"sparse-rowids", MODE_INTS, 400, 0, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_SPARSE, 0, EXPECT_RAW,
     0},
    {"wal-clean", MODE_INTS, 300, 0, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DENSE, 1, EXPECT_SQLITE, 0},
    {"wal-unclean", MODE_INTS, 300, 0, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DENSE, 2, EXPECT_NONE, 0},
    /* last: a rowid range of 10^15 with a few rows; may hang a chunked read */
    {"huge-rowid-gap", MODE_INTS, 50, 0, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_HUGE_GAP, 0,
     EXPECT_NONE, 120},
};
#define NCASES (sizeof CASES / sizeof *CASES)

/* ------------------------------------------------------------------------ */
/* the swap oracle: who read each row */

static int64_t table_min_rowid(sqlite3 *db, const char *table, bool *ok)
{
    char sql[256];
    sqlite3_stmt *st = NULL;
    int64_t v = 0;
    *ok = false;
    snprintf(sql, sizeof sql, "SELECT min(rowid) FROM main.\"%s\"", table);
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW &&
        sqlite3_column_type(st, 0) == SQLITE_INTEGER) {
        v = sqlite3_column_int64(st, 0);
        *ok = true;
    }
    sqlite3_finalize(st);
    return v;
}

/* The rowids of table whose columns cols (table names) hold something else
 * than an integer or NULL: sorted ascending into out. */
static size_t bad_rowids(sqlite3 *db, const char *table, char (*cols)[64], int ncols, int64_t **out)
{
    char sql[4096];
    size_t l = 0, n = 0, cap = 0;
    sqlite3_stmt *st = NULL;
    *out = NULL;
    l += (size_t)snprintf(sql + l, sizeof sql - l, "SELECT rowid FROM main.\"%s\" WHERE 0", table);
    for (int i = 0; i < ncols; i++)
        l += (size_t)snprintf(sql + l, sizeof sql - l,
                              " OR typeof(\"%s\") NOT IN ('integer', 'null')", cols[i]);
    l += (size_t)snprintf(sql + l, sizeof sql - l, " ORDER BY rowid");
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        CHECK(0, "bad_rowids: %s", sqlite3_errmsg(db));
        return 0;
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            *out = realloc(*out, cap * sizeof **out);
        }
        (*out)[n++] = sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    return n;
}

typedef struct oracle_arg {
    const scase *sc;
    const char *path_a, *path_b;
} oracle_arg;

/* start_ns is column 2 of the oracle's requests */
static int keep_start_odd(const int64_t *v, unsigned nulls, const nsq_parscan_req *r)
{
    (void)r;
    return (nulls & 4u) || v[2] % 2 == 1;
}

static void oracle_view(nsq_export *x, sqlite3 *plain, const scase *sc, const struct vdef *vd)
{
    vcols vc;
    const char *marker = g_fixture_oracle ? vd->fix_marker : vd->marker_col;
    view_cols(x, vd, &vc);
    if (!has_plain(&vc, marker) || !has_plain(&vc, "start_ns"))
        return;
    /* row_id, the marker, then the other plain columns (15 in all after row_id);
     * start_ns comes first of them (column 2) */
    char cols[1024], origin[MAXC][64];
    int no = 0;
    size_t l = (size_t)snprintf(cols, sizeof cols, "row_id, %s, start_ns", marker);
    for (int i = 0; i < vc.nplain; i++)
        if (!strcmp(vc.plain[i], marker) || !strcmp(vc.plain[i], "start_ns"))
            snprintf(origin[no++], 64, "%s", vc.origin[i]);
    for (int i = 0; i < vc.nplain && no < 15; i++)
        if (strcmp(vc.plain[i], marker) && strcmp(vc.plain[i], "start_ns") && !vc.textual[i]) {
            l += (size_t)snprintf(cols + l, sizeof cols - l, ", %s", vc.plain[i]);
            snprintf(origin[no++], 64, "%s", vc.origin[i]);
        }
    if (!strcmp(vd->view, "api"))
        snprintf(origin[no++], 64, "eventClass");
    int64_t *bad = NULL;
    bool ok_lo;
    int64_t lo = table_min_rowid(plain, vd->table, &ok_lo);
    size_t nbad = ok_lo ? bad_rowids(plain, vd->table, origin, no, &bad) : 0;
    /* the WHERE without its keep goes through SQLite; with it, to the pages */
    static const struct {
        const char *where;
        keep_fn keep;
        int expect; /* -1: the case's */
    } variants[] = {{NULL, NULL, -1},
                    {"start_ns % 2 = 1 OR start_ns IS NULL", NULL, EXPECT_SQLITE},
                    {"start_ns % 2 = 1 OR start_ns IS NULL", keep_start_odd, -1}};
    for (size_t var = 0; var < sizeof variants / sizeof *variants; var++)
        for (int chunk = 7; chunk <= 65536; chunk = chunk == 7 ? 65536 : 65537) {
            req q;
            set_cols(&q, vd->view, cols);
            q.where = variants[var].where;
            q.keep = variants[var].keep;
            int expect = variants[var].expect >= 0 ? variants[var].expect : sc->expect;
            outcome a, b;
            configure(1, chunk);
            scan(x, &q, 0, &a);
            scan(x, &q, 1, &b);
            char label[1400];
            snprintf(label, sizeof label, "oracle %s: %s(%s)%s, chunk %d", sc->name, vd->view, cols,
                     q.where ? " WHERE ..." : "", chunk);
            CHECK(a.rc == 0 && b.rc == 0 && a.r.n == b.r.n, "%s: rc %d/%d rows %zu/%zu", label,
                  a.rc, b.rc, a.r.n, b.r.n);
            if (!(a.rc == 0 && b.rc == 0 && a.r.n == b.r.n && ok_lo)) {
                free_outcome(&a);
                free_outcome(&b);
                continue;
            }
            size_t stride = (size_t)q.ncols + 1, nraw = 0, nsql = 0, nodd = 0, nwrong = 0;
            int64_t cur_chunk = INT64_MIN;
            int cur_src = -1;
            bool uniform = true;
            size_t ib = 0;
            for (size_t i = 0; i < a.r.n; i++) {
                const int64_t *ra = a.r.v + i * stride, *rb = b.r.v + i * stride;
                int src;
                if (ra[stride - 1] & 2)
                    continue; /* a NULL marker: either */
                if (!memcmp(ra, rb, stride * sizeof *ra))
                    src = 0; /* SQLite read it (file A) */
                else if (ra[0] == rb[0] && ra[1] + 1 == rb[1] &&
                         !memcmp(ra + 2, rb + 2, (stride - 2) * sizeof *ra))
                    src = 1; /* the page reader (file B) */
                else {
                    nodd++;
                    continue;
                }
                nraw += src == 1;
                nsql += src == 0;
                int64_t rowid = ra[0];
                int64_t ch = (int64_t)(((uint64_t)rowid - (uint64_t)lo) / (uint64_t)chunk);
                /* one connection: a chunk is read from the pages up to its
                 * first record the reader refuses, through SQLite from there
                 * to its end (never back to the pages) */
                if (ch != cur_chunk) {
                    cur_chunk = ch;
                    cur_src = src;
                } else if (src != cur_src && !(cur_src == 1 && src == 0)) {
                    uniform = false;
                } else {
                    cur_src = src;
                }
                if (expect == EXPECT_TYPEOF) {
                    /* a row is read by SQLite iff its chunk holds a bad row
                     * at or before it */
                    int64_t c_lo = lo + ch * chunk;
                    while (ib < nbad && bad[ib] < c_lo)
                        ib++;
                    bool has_bad = ib < nbad && bad[ib] <= rowid;
                    nwrong += has_bad != (src == 0);
                }
            }
            CHECK(!nodd, "%s: %zu rows are neither A's nor B's", label, nodd);
            CHECK(uniform, "%s: a chunk went back to the pages after SQLite", label);
            switch (expect) {
            case EXPECT_RAW:
                CHECK(nsql == 0, "%s: every row from the pages: %zu pages, %zu SQLite", label, nraw,
                      nsql);
                break;
            case EXPECT_SQLITE:
                CHECK(nraw == 0, "%s: every row through SQLite: %zu pages, %zu SQLite", label, nraw,
                      nsql);
                break;
            case EXPECT_MIXED:
                /* (one chunk of 65536 may well hold a row the reader refuses) */
                CHECK(nraw > 0 || chunk > 7, "%s: some rows from the pages: %zu pages, %zu SQLite",
                      label, nraw, nsql);
                break;
            case EXPECT_TYPEOF:
                CHECK(nwrong == 0 && (nraw > 0 || chunk > 7) && (nsql > 0 || !nbad),
                      "%s: rows from a non-integer value to its chunk's end through SQLite, the "
                      "others from the pages: %zu rows on the wrong side (%zu pages, %zu SQLite, "
                      "%zu bad rows)",
                      label, nwrong, nraw, nsql, nbad);
                break;
            default:
                break;
            }
            free_outcome(&a);
            free_outcome(&b);
        }
    free(bad);
}

static void oracle_part(void *arg)
{
    oracle_arg *oa = arg;
    nsq_export *x = NULL;
    nsq_err err = {0};
    sqlite3 *plain = NULL;
    if (nsq_export_open(&x, oa->path_a, &err)) {
        CHECK(0, "oracle %s: open: %s", oa->sc->name, err.message);
        return;
    }
    char uri[700];
    snprintf(uri, sizeof uri, "file:%s?mode=ro&immutable=1", oa->path_a);
    sqlite3_open_v2(uri, &plain, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
    /* both connections now hold A open; the path becomes B */
    if (rename(oa->path_b, oa->path_a)) {
        CHECK(0, "rename: %s", strerror(errno));
        return;
    }
    for (size_t v = 0; v < NVIEWS; v++)
        oracle_view(x, plain, oa->sc, &VIEWS[v]);
    /* a computed column sends the whole request through SQLite */
    {
        req q;
        set_cols(&q, "kernel", "row_id, correlation_id, dur_ns");
        outcome a, b;
        configure(1, 7);
        scan(x, &q, 0, &a);
        scan(x, &q, 1, &b);
        CHECK(same_outcome(&a, &b, "oracle: a computed column"),
              "oracle %s: kernel with dur_ns reads through SQLite", oa->sc->name);
        free_outcome(&a);
        free_outcome(&b);
    }
    sqlite3_close(plain);
    nsq_export_close(x);
}

typedef struct case_arg {
    const scase *sc;
    const char *path;
} case_arg;

/* A rowid range of 10^15 with 50 rows: every request must end, and soon (the
 * chunks are empty but many); one request per view, two configurations. */
static void huge_gap_part(const char *path, const char *label)
{
    nsq_export *x = NULL;
    nsq_err err = {0};
    if (nsq_export_open(&x, path, &err)) {
        CHECK(0, "%s: open: %s", label, err.message);
        return;
    }
    static const int cfg[][2] = {{1, 65536}, {3, 65536}, {1, 7}};
    for (size_t v = 0; v < NVIEWS; v++) {
        vcols vc;
        view_cols(x, &VIEWS[v], &vc);
        if (!vc.nplain)
            continue;
        req q;
        group_req(&q, VIEWS[v].view, vc.plain, 0, vc.nplain < 15 ? vc.nplain : 15, false);
        for (size_t c = 0; c < sizeof cfg / sizeof *cfg; c++) {
            outcome a, b;
            char lab[1500];
            if (cfg[c][0] > 1 && v > 0)
                continue; /* (parallel: the kernel view only, it takes seconds) */
            configure(cfg[c][0], cfg[c][1]);
            time_t t0 = time(NULL);
            scan(x, &q, 0, &a);
            time_t t1 = time(NULL);
            scan(x, &q, 1, &b);
            time_t t2 = time(NULL);
            snprintf(lab, sizeof lab, "%s: %s, %d workers, chunk %d", label, VIEWS[v].view,
                     cfg[c][0], cfg[c][1]);
            CHECK(same_outcome(&a, &b, lab), "%s", lab);
            /* no assertion on time (that is bench/'s business): a hang is caught
             * by the child's alarm; a slow read is only noted */
            if (t2 - t0 > 4)
                printf("  note: %s: %lds with the page reader, %lds without, for %zu rows\n", lab,
                       (long)(t2 - t1), (long)(t1 - t0), b.r.n);
            free_outcome(&a);
            free_outcome(&b);
        }
    }
    nsq_export_close(x);
}

static void case_part(void *arg)
{
    case_arg *ca = arg;
    if (ca->sc->wal == 2) {
        /* a -wal file of an open writer beside it: refused, never read */
        nsq_export *x = NULL;
        nsq_err err = {0};
        int rc = nsq_export_open(&x, ca->path, &err);
        CHECK(rc != 0 && !strcmp(err.code, "input_in_use"),
              "%s: a -wal beside it: %s, want input_in_use", ca->sc->name,
              rc ? err.code : "opened");
        nsq_export_close(x);
        return;
    }
    if (ca->sc->rowids == ROWS_HUGE_GAP)
        huge_gap_part(ca->path, ca->sc->name);
    else
        compare_file(ca->path, ca->sc->name, true, ca->sc->expect == EXPECT_RAW);
}

static void synth_cases(void)
{
    for (size_t i = 0; i < NCASES; i++) {
        const scase *sc = &CASES[i];
        char pa[512], pb[512], label[128];
        const char *only = getenv("NSYSQL_RAWTEST_CASE");
        if (only && *only && strcmp(only, sc->name))
            continue;
        snprintf(pa, sizeof pa, "%s/%s.sqlite", tmpdir, sc->name);
        snprintf(pb, sizeof pb, "%s/%s.B.sqlite", tmpdir, sc->name);
        if (!make_export(pa, sc, 0))
            continue;
        unsigned timeout = sc->timeout_s ? sc->timeout_s : 300;
        if (part_on("synth")) {
            case_arg ca = {sc, pa};
            snprintf(label, sizeof label, "synthetic %s", sc->name);
            time_t t0 = time(NULL);
            guarded(case_part, &ca, timeout, label);
            printf("synthetic %-22s %3lds  (%d/%d checks so far)\n", sc->name,
                   (long)(time(NULL) - t0), nchecks - nfail, nchecks);
        }
        if (part_on("oracle") && sc->wal != 2 && sc->rowids != ROWS_HUGE_GAP) {
            /* A and B again (the compare above does not change A) */
            if (!make_export(pb, sc, 1))
                continue;
            oracle_arg oa = {sc, pa, pb};
            snprintf(label, sizeof label, "oracle %s", sc->name);
            guarded(oracle_part, &oa, timeout, label);
            /* B replaced A: make A again for the next part */
        }
        unlink(pa);
        unlink(pb);
        char w[600];
        snprintf(w, sizeof w, "%s-wal", pa);
        unlink(w);
        snprintf(w, sizeof w, "%s-shm", pa);
        unlink(w);
    }
    fflush(stdout);
}

/* ------------------------------------------------------------------------ */
/* real exports */

static void fixture_part(void *arg)
{
    const char *path = arg;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    compare_file(path, base, true, false);
}

/* The swap oracle on a real export: B is a copy with the marker + 1. */
static void fixture_oracle(const char *path, const char *name)
{
    char pa[512], pb[512], label[300];
    sqlite3 *db = NULL;
    snprintf(pa, sizeof pa, "%s/fixture-A.sqlite", tmpdir);
    snprintf(pb, sizeof pb, "%s/fixture-B.sqlite", tmpdir);
    if (!copy_file(path, pa) || !copy_file(path, pb)) {
        CHECK(0, "oracle %s: copying", name);
        return;
    }
    if (sqlite3_open(pb, &db) != SQLITE_OK) {
        CHECK(0, "oracle %s: open B", name);
        sqlite3_close(db);
        return;
    }
    for (size_t v = 0; v < NVIEWS; v++) {
        char sql[300];
        snprintf(sql, sizeof sql, "UPDATE \"%s\" SET \"%s\" = \"%s\" + 1", VIEWS[v].table,
                 VIEWS[v].fix_marker_origin, VIEWS[v].fix_marker_origin);
        sqlite3_exec(db, sql, NULL, NULL, NULL); /* (absent tables and columns: nothing) */
    }
    sqlite3_close(db);
    static scase sc;
    memset(&sc, 0, sizeof sc);
    sc.name = name;
    sc.expect = EXPECT_RAW; /* a plain export: every row from the pages */
    oracle_arg oa = {&sc, pa, pb};
    snprintf(label, sizeof label, "oracle %s", name);
    g_fixture_oracle = true;
    guarded(oracle_part, &oa, 300, label);
    g_fixture_oracle = false;
    unlink(pa);
    unlink(pb);
}

static int cmpstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void fixtures(void)
{
    const char *dir = getenv("NSYSQL_FIXTURES");
    DIR *d = dir ? opendir(dir) : NULL;
    if (!d) {
        printf("fixtures: NSYSQL_FIXTURES is not set or absent: real exports skipped\n");
        return;
    }
    char *names[64];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 64) {
        size_t l = strlen(e->d_name);
        if (l > 7 && !strcmp(e->d_name + l - 7, ".sqlite"))
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmpstr);
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        time_t t0 = time(NULL);
        if (part_on("fixtures"))
            guarded(fixture_part, path, 300, names[i]);
        if (part_on("oracle"))
            fixture_oracle(path, names[i]);
        printf("fixture %-50s %3lds  (%d/%d checks so far)\n", names[i], (long)(time(NULL) - t0),
               nchecks - nfail, nchecks);
        free(names[i]);
    }
    fflush(stdout);
}

/* ------------------------------------------------------------------------ */
/* damaged files */

static uint64_t rs;
static uint64_t rnd(void)
{
    /* splitmix64 */
    uint64_t z = (rs += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

typedef struct fuzzbase {
    const char *label;
    unsigned char *data;
    size_t size;
    uint32_t psz;
    uint32_t *pages; /* pages of the tables read (1-based) */
    size_t npages;
} fuzzbase;

static bool load_base(fuzzbase *fb, const char *path, const char *label)
{
    FILE *f = fopen(path, "rb");
    memset(fb, 0, sizeof *fb);
    fb->label = label;
    if (!f)
        return false;
    fseek(f, 0, SEEK_END);
    fb->size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    fb->data = malloc(fb->size);
    if (fread(fb->data, 1, fb->size, f) != fb->size) {
        fclose(f);
        return false;
    }
    fclose(f);
    fb->psz = (uint32_t)fb->data[16] << 8 | fb->data[17];
    if (fb->psz == 1)
        fb->psz = 65536;
    /* the pages of the source tables, from dbstat when SQLite has it */
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    char uri[4200];
    snprintf(uri, sizeof uri, "file:%s?mode=ro&immutable=1", path);
    fb->pages = malloc(sizeof *fb->pages * (fb->size / fb->psz + 1));
    if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(db,
                           "SELECT pageno FROM dbstat WHERE name IN ('CUPTI_ACTIVITY_KIND_KERNEL', "
                           "'CUPTI_ACTIVITY_KIND_MEMCPY', 'CUPTI_ACTIVITY_KIND_MEMSET', "
                           "'CUPTI_ACTIVITY_KIND_RUNTIME', 'NVTX_EVENTS')",
                           -1, &st, NULL) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW)
            fb->pages[fb->npages++] = (uint32_t)sqlite3_column_int64(st, 0);
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    if (!fb->npages) /* no dbstat: any page but the first */
        for (size_t p = 2; p <= fb->size / fb->psz; p++)
            fb->pages[fb->npages++] = (uint32_t)p;
    return true;
}

/* One random change to page pg of buf; its description appended to desc. */
static void mutate(const fuzzbase *fb, unsigned char *buf, char *desc, size_t dn)
{
    uint32_t pg = rnd() % 10 ? fb->pages[rnd() % fb->npages]
                             : (uint32_t)(2 + rnd() % (fb->size / fb->psz - 1));
    unsigned char *p = buf + (size_t)(pg - 1) * fb->psz;
    uint32_t psz = fb->psz, hdr = pg == 1 ? 100 : 0;
    int mode = (int)(rnd() % 10);
    size_t dl = strlen(desc);
    uint32_t ncells = (uint32_t)p[hdr + 3] << 8 | p[hdr + 4];
    bool interior = p[hdr] == 5;
    uint32_t cells_at = hdr + (interior ? 12 : 8);
    if ((mode == 4 || mode == 5 || mode == 6) && (ncells == 0 || cells_at + 2 * ncells > psz))
        mode = 0;
    switch (mode) {
    case 0: { /* one bit */
        uint32_t off = (uint32_t)(rnd() % psz);
        int bit = (int)(rnd() % 8);
        p[off] ^= (unsigned char)(1u << bit);
        snprintf(desc + dl, dn - dl, " page %u: bit %d of byte %u;", pg, bit, off);
        break;
    }
    case 1: { /* a few bytes set at random */
        int k = 1 + (int)(rnd() % 4);
        snprintf(desc + dl, dn - dl, " page %u: %d random bytes;", pg, k);
        while (k--)
            p[rnd() % psz] = (unsigned char)rnd();
        break;
    }
    case 2:
    case 3: { /* a run zeroed / set to 0xff */
        uint32_t off = (uint32_t)(rnd() % psz), len = 1 + (uint32_t)(rnd() % 64);
        if (off + len > psz)
            len = psz - off;
        memset(p + off, mode == 2 ? 0 : 0xff, len);
        snprintf(desc + dl, dn - dl, " page %u: %u bytes at %u set to %#x;", pg, len, off,
                 mode == 2 ? 0 : 0xff);
        break;
    }
    case 4:
    case 5: { /* a byte of a cell's first bytes (sizes, rowid, record header) */
        uint32_t i = (uint32_t)(rnd() % ncells);
        uint32_t c = (uint32_t)p[cells_at + 2 * i] << 8 | p[cells_at + 2 * i + 1];
        uint32_t off = c + (uint32_t)(rnd() % (mode == 4 ? 12 : 40));
        if (off >= psz)
            off = psz - 1;
        unsigned char old = p[off];
        p[off] = mode == 4 ? (unsigned char)rnd() : (unsigned char)(old + (rnd() % 2 ? 1 : -1));
        snprintf(desc + dl, dn - dl, " page %u: cell %u byte %u: %#x -> %#x;", pg, i, off, old,
                 p[off]);
        break;
    }
    case 6: { /* a cell pointer */
        uint32_t i = (uint32_t)(rnd() % ncells);
        uint32_t off = cells_at + 2 * i + (uint32_t)(rnd() % 2);
        p[off] = (unsigned char)rnd();
        snprintf(desc + dl, dn - dl, " page %u: cell pointer %u;", pg, i);
        break;
    }
    case 7: { /* the page header */
        uint32_t off = hdr + (uint32_t)(rnd() % (interior ? 12 : 8));
        p[off] = (unsigned char)rnd();
        snprintf(desc + dl, dn - dl, " page %u: header byte %u;", pg, off - hdr);
        break;
    }
    case 8: { /* another page copied over this one */
        uint32_t src = fb->pages[rnd() % fb->npages];
        memcpy(p, buf + (size_t)(src - 1) * psz, psz);
        snprintf(desc + dl, dn - dl, " page %u: copy of page %u;", pg, src);
        break;
    }
    default: { /* the file header's page count or the change counter */
        unsigned off = rnd() % 2 ? 28 + (unsigned)(rnd() % 4) : 24 + (unsigned)(rnd() % 4);
        buf[off] = (unsigned char)rnd();
        snprintf(desc + dl, dn - dl, " header byte %u;", off);
        break;
    }
    }
}

/* ---- the page reader alone (rawscan.h), chunk by chunk, against SQLite ---- */

typedef struct rawrows {
    int n;
    rows r;
} rawrows;

static int raw_collect(void *ctx, int64_t rowid, const int64_t *v, unsigned nulls)
{
    rawrows *rr = ctx;
    int64_t row[NSQ_RAW_MAX_COLS + 1];
    nsq_err e = {0};
    row[0] = rowid;
    memcpy(row + 1, v, sizeof *v * (size_t)rr->n);
    return collect(&rr->r, row, nulls << 1, &e);
}

/* Rowids [lo, hi) of table, columns names (table names), through SQLite:
 * 0, or the SQLite error code. */
static int sqlite_chunk(sqlite3_stmt *st, int n, int64_t lo, int64_t hi, rows *out)
{
    int rc;
    sqlite3_reset(st);
    sqlite3_bind_int64(st, 1, lo);
    sqlite3_bind_int64(st, 2, hi);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int64_t row[NSQ_RAW_MAX_COLS + 1];
        unsigned nulls = 0;
        nsq_err e = {0};
        for (int i = 0; i <= n; i++) {
            row[i] = sqlite3_column_int64(st, i);
            if (sqlite3_column_type(st, i) == SQLITE_NULL)
                nulls |= 1u << i;
        }
        collect(out, row, nulls, &e);
    }
    return rc == SQLITE_DONE ? 0 : rc;
}

/* Every chunk the reader reads without falling back must be exactly what
 * SQLite reads for that rowid range, when SQLite reads it without error. */
static void raw_chunks_check(nsq_export *x, sqlite3 *plain, const struct vdef *vd,
                             const char *label, int span, int *nfallback, int *nraw)
{
    vcols vc;
    view_cols(x, vd, &vc);
    if (!vc.nplain)
        return;
    /* at most 16 columns: the first 8 and the last 8 */
    int n = vc.nplain < 16 ? vc.nplain : 16;
    const char *names[NSQ_RAW_MAX_COLS];
    char sql[4096];
    size_t l = (size_t)snprintf(sql, sizeof sql, "SELECT rowid");
    for (int i = 0; i < n; i++) {
        int k = vc.nplain <= 16 || i < 8 ? i : vc.nplain - 16 + i;
        names[i] = vc.origin[k];
        l += (size_t)snprintf(sql + l, sizeof sql - l, ", \"%s\"", vc.origin[k]);
    }
    snprintf(sql + l, sizeof sql - l, " FROM main.\"%s\" WHERE rowid >= ?1 AND rowid < ?2",
             vd->table);
    sqlite3_stmt *st = NULL, *mm = NULL;
    char q[512];
    int64_t lo = 0, hi = -1;
    snprintf(q, sizeof q,
             "SELECT (SELECT min(rowid) FROM main.\"%s\"), (SELECT max(rowid) FROM main.\"%s\")",
             vd->table, vd->table);
    if (sqlite3_prepare_v2(plain, q, -1, &mm, NULL) == SQLITE_OK &&
        sqlite3_step(mm) == SQLITE_ROW && sqlite3_column_type(mm, 0) == SQLITE_INTEGER) {
        lo = sqlite3_column_int64(mm, 0);
        hi = sqlite3_column_int64(mm, 1);
    }
    sqlite3_finalize(mm);
    nsq_rawplan *plan = nsq_rawplan_new(x, vd->table, names, n);
    if (!plan || sqlite3_prepare_v2(plain, sql, -1, &st, NULL) != SQLITE_OK || hi < lo ||
        lo < INT64_MIN / 4 || hi > INT64_MAX / 4 || (hi - lo) / span > 100000) {
        nsq_rawplan_free(plan);
        sqlite3_finalize(st);
        return;
    }
    nsq_rawcur *cur = nsq_rawcur_new(plan);
    int reported = 0;
    for (int64_t a = lo; a <= hi; a += span) {
        rawrows rr = {n, {n + 1, NULL, 0, 0}};
        rows want = {n + 1, NULL, 0, 0};
        int rc = nsq_raw_read(cur, a, a + span, raw_collect, &rr);
        if (rc == NSQ_RAW_FALLBACK || rc == NSQ_RAW_CORRUPT) {
            (*nfallback)++;
        } else {
            (*nraw)++;
            int src = sqlite_chunk(st, n, a, a + span, &want);
            /* (SQLite failing where the reader did not is no failure here: its
             * ranged read also looks at the cell after the range, which the
             * reader leaves to the next chunk; what matters, the whole read's
             * outcome, is checked through nsq_parscan) */
            bool same = rc == 0 && (src != 0 || same_outcome(&(outcome){0, {0}, want},
                                                             &(outcome){0, {0}, rr.r}, label));
            if (!same && reported++ < 2 && nprinted < 25)
                fprintf(stderr,
                        "    (rawscan chunk [%lld, %lld) of %s: read rc %d, SQLite rc %d, "
                        "%zu rows vs SQLite %zu)\n",
                        (long long)a, (long long)(a + span), vd->table, rc, src, rr.r.n, want.n);
            CHECK(same,
                  "%s: rawscan chunk [%lld, %lld) of %s read without fallback differs from "
                  "SQLite's read of that range",
                  label, (long long)a, (long long)(a + span), vd->table);
        }
        free(rr.r.v);
        free(want.v);
    }
    nsq_rawcur_free(cur);
    nsq_rawplan_free(plan);
    sqlite3_finalize(st);
}

typedef struct fuzz_arg {
    const char *path, *desc;
    bool verbose;
} fuzz_arg;

static void fuzz_one(void *arg)
{
    damaged_mode = 1;
    fuzz_arg *fa = arg;
    nsq_export *x = NULL;
    nsq_err err = {0};
    if (nsq_export_open(&x, fa->path, &err)) {
        if (fa->verbose)
            printf("  open fails: %s\n", err.message);
        return; /* opening reads nothing with the page reader */
    }
    static const int cfg[][2] = {{1, 7}, {1, 65536}, {3, 5}};
    sqlite3 *plain = NULL;
    char uri[700];
    snprintf(uri, sizeof uri, "file:%s?mode=ro&immutable=1", fa->path);
    sqlite3_open_v2(uri, &plain, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
    for (size_t v = 0; v < NVIEWS; v++) {
        int nfb = 0, nraw = 0;
        char label[1200];
        snprintf(label, sizeof label, "damaged (%s): %s", fa->desc, VIEWS[v].view);
        raw_chunks_check(x, plain, &VIEWS[v], label, 5, &nfb, &nraw);
    }
    sqlite3_close(plain);
    char lab[1200];
    snprintf(lab, sizeof lab, "damaged (%s)", fa->desc);
    raw_only_check(x, lab, true);
    for (size_t v = 0; v < NVIEWS; v++) {
        vcols vc;
        view_cols(x, &VIEWS[v], &vc);
        for (int g = 0; g < vc.nplain; g += 15)
            for (size_t c = 0; c < sizeof cfg / sizeof *cfg; c++) {
                req q;
                group_req(&q, VIEWS[v].view, vc.plain, g, vc.nplain - g < 15 ? vc.nplain - g : 15,
                          false);
                outcome a, b, ref;
                /* the reference: one connection, one read in page order */
                configure(1, 1 << 30);
                scan(x, &q, 0, &ref);
                char label[1500];
                configure(cfg[c][0], cfg[c][1]);
                scan(x, &q, 0, &a);
                scan(x, &q, 1, &b);
                snprintf(label, sizeof label, "damaged (%s): %s columns %d.., %d workers, chunk %d",
                         fa->desc, VIEWS[v].view, g, cfg[c][0], cfg[c][1]);
                CHECK(same_outcome(&a, &b, label), "%s", label);
                /* the rule: what one sequential SQLite read gives, or input_corrupt */
                damaged_mode = 0;
                char rl[1600];
                snprintf(rl, sizeof rl, "%s [reader off vs one SQLite read]", label);
                CHECK(rule_holds(&ref, &a, rl), "%s", rl);
                snprintf(rl, sizeof rl, "%s [reader on vs one SQLite read]", label);
                CHECK(rule_holds(&ref, &b, rl), "%s", rl);
                damaged_mode = 1;
                free_outcome(&ref);
                if (fa->verbose)
                    printf("  %s: raw off rc %d '%s' %zu rows; raw on rc %d '%s' %zu rows\n", label,
                           a.rc, a.err.code, a.r.n, b.rc, b.err.code, b.r.n);
                free_outcome(&a);
                free_outcome(&b);
            }
    }
    nsq_export_close(x);
}

/* ---- crafted damage: one precise change each, a reproducer per kind ---- */

typedef struct tpage {
    uint32_t pg;
    char path[32], type[16];
    int ncell;
} tpage;

/* The b-tree pages of table in path order (dbstat): how many, or 0. */
static int table_pages(const char *file, const char *table, tpage *out, int max)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    char uri[700];
    int n = 0;
    snprintf(uri, sizeof uri, "file:%s?mode=ro&immutable=1", file);
    if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(db,
                           "SELECT pageno, path, pagetype, ncell FROM dbstat WHERE name = ?1 "
                           "AND pagetype != 'overflow' ORDER BY path",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
        while (n < max && sqlite3_step(st) == SQLITE_ROW) {
            out[n].pg = (uint32_t)sqlite3_column_int64(st, 0);
            snprintf(out[n].path, sizeof out[n].path, "%s",
                     (const char *)sqlite3_column_text(st, 1));
            snprintf(out[n].type, sizeof out[n].type, "%s",
                     (const char *)sqlite3_column_text(st, 2));
            out[n].ncell = sqlite3_column_int(st, 3);
            n++;
        }
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

static size_t get_varint(const unsigned char *p, uint64_t *v)
{
    uint64_t x = 0;
    for (size_t i = 0; i < 8; i++) {
        x = x << 7 | (p[i] & 0x7f);
        if (!(p[i] & 0x80)) {
            *v = x;
            return i + 1;
        }
    }
    *v = x << 8 | p[8];
    return 9;
}

typedef struct crafted {
    const char *name, *what;
    int base; /* 0: 100 rows, 1024-byte pages; 1: 3000 rows, 512-byte pages (3 levels) */
} crafted;

static const crafted CRAFTED[] = {
    {"record-header-shrunk",
     "a kernel record's header size byte lowered by 2: the header ends before the last two "
     "columns (SQLite: corrupt, its body no longer matches the payload size)",
     0},
    {"last-type-shrunk",
     "a kernel record's last serial type lowered by one size (e.g. 2-byte to 1-byte integer): "
     "the body is one byte shorter than the payload (SQLite: corrupt)",
     0},
    {"next-cell-duplicate",
     "a kernel leaf's 4th cell pointer made equal to its 1st: after rowid r2 comes r0 again "
     "(SQLite's ranged read returns it, a full scan too)",
     0},
    {"first-rowid-raised",
     "the first kernel row's rowid 1 made 127, above the largest (100): min(rowid) > max(rowid)",
     0},
    {"serial-type-wrap",
     "a kernel record header rewritten: columns 0 and 1 TEXT of serial type 2^64-1 (9-byte "
     "varints, 2^63-7 bytes each), then 11 one-byte integers: the offsets wrap around 2^64 and "
     "column 11 (launchType) lands inside the header (SQLite: corrupt)",
     0},
    {"interior-no-cells",
     "a middle interior page of kernel with its cell count set to 0 (SQLite: corrupt; only its "
     "right child remains)",
     1},
};

/* Applies crafted change k to the file image buf of file: true when done. */
static bool craft(int k, const char *file, unsigned char *buf, size_t size, char *desc, size_t dn)
{
    tpage pages[4096];
    int n = table_pages(file, "CUPTI_ACTIVITY_KIND_KERNEL", pages, 4096);
    uint32_t psz = (uint32_t)buf[16] << 8 | buf[17];
    int leaf = -1, leaves = 0;
    for (int i = 0; i < n; i++)
        if (!strcmp(pages[i].type, "leaf") && leaves++ == 1)
            leaf = i; /* the second leaf */
    if (n < 2 || leaf < 0 || (size_t)pages[leaf].pg * psz > size)
        return false;
    unsigned char *p = buf + (size_t)(pages[leaf].pg - 1) * psz;
    uint32_t ncell = (uint32_t)p[3] << 8 | p[4];
    const char *name = CRAFTED[k].name;
    if (!strcmp(name, "record-header-shrunk") || !strcmp(name, "last-type-shrunk")) {
        for (uint32_t c = 0; c < ncell; c++) {
            uint32_t off = (uint32_t)p[8 + 2 * c] << 8 | p[9 + 2 * c];
            uint64_t size_, rowid, hsize;
            size_t a = get_varint(p + off, &size_), b = get_varint(p + off + a, &rowid);
            unsigned char *rec = p + off + a + b;
            get_varint(rec, &hsize);
            if (hsize < 4 || hsize > 127)
                continue;
            if (name[0] == 'r') {
                if (rec[hsize - 1] < 12 && rec[hsize - 2] < 12) {
                    rec[0] = (unsigned char)(hsize - 2);
                    snprintf(desc, dn, "page %u cell %u (rowid %llu): header size %llu -> %llu",
                             pages[leaf].pg, c, (unsigned long long)rowid,
                             (unsigned long long)hsize, (unsigned long long)hsize - 2);
                    return true;
                }
            } else if (rec[hsize - 1] >= 2 && rec[hsize - 1] <= 6) {
                rec[hsize - 1]--;
                snprintf(desc, dn, "page %u cell %u (rowid %llu): last serial type %d -> %d",
                         pages[leaf].pg, c, (unsigned long long)rowid, rec[hsize - 1] + 1,
                         rec[hsize - 1]);
                return true;
            }
        }
        return false;
    }
    if (!strcmp(name, "serial-type-wrap")) {
        for (uint32_t c = 0; c < ncell; c++) {
            uint32_t off = (uint32_t)p[8 + 2 * c] << 8 | p[9 + 2 * c];
            uint64_t size_, rowid, hsize;
            size_t a = get_varint(p + off, &size_), b = get_varint(p + off + a, &rowid);
            unsigned char *rec = p + off + a + b;
            get_varint(rec, &hsize);
            if (hsize != 30)
                continue;
            memset(rec + 1, 0xff, 18); /* two 9-byte varints: 2^64 - 1 */
            memset(rec + 19, 1, 11);   /* 11 one-byte integers */
            snprintf(desc, dn, "page %u cell %u (rowid %llu): header rewritten", pages[leaf].pg, c,
                     (unsigned long long)rowid);
            return true;
        }
        return false;
    }
    if (!strcmp(name, "next-cell-duplicate")) {
        if (ncell < 6)
            return false;
        p[8 + 2 * 3] = p[8];
        p[9 + 2 * 3] = p[9];
        snprintf(desc, dn, "page %u: cell pointer 3 := cell pointer 0", pages[leaf].pg);
        return true;
    }
    if (!strcmp(name, "first-rowid-raised")) {
        for (int i = 0; i < n; i++)
            if (!strcmp(pages[i].type, "leaf")) {
                unsigned char *q = buf + (size_t)(pages[i].pg - 1) * psz;
                uint32_t off = (uint32_t)q[8] << 8 | q[9];
                uint64_t size_;
                size_t a = get_varint(q + off, &size_);
                if (q[off + a] != 1)
                    return false;
                q[off + a] = 0x7f;
                snprintf(desc, dn, "page %u cell 0: rowid 1 -> 127", pages[i].pg);
                return true;
            }
        return false;
    }
    if (!strcmp(name, "interior-no-cells")) {
        /* interior pages one level below the root, the middle one */
        int idx[256], m = 0;
        for (int i = 0; i < n && m < 256; i++)
            if (!strcmp(pages[i].type, "internal") && strlen(pages[i].path) == 5)
                idx[m++] = i;
        if (m < 3)
            return false;
        unsigned char *q = buf + (size_t)(pages[idx[m / 2]].pg - 1) * psz;
        q[3] = q[4] = 0;
        snprintf(desc, dn, "page %u (%s, interior, %d cells): cell count 0", pages[idx[m / 2]].pg,
                 pages[idx[m / 2]].path, pages[idx[m / 2]].ncell);
        return true;
    }
    return false;
}

static void crafted_cases(void)
{
    static const scase bases[] = {
        {"crafted", MODE_INTS, 100, 1024, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DENSE, 0, EXPECT_NONE,
         0},
        {"crafted-deep", MODE_SMALL, 3000, 512, 0, 0, 0, 0, 0, 0, 0, EX_NONE, ROWS_DENSE, 0,
         EXPECT_NONE, 0},
    };
    char base[2][512], path[512];
    for (int b = 0; b < 2; b++) {
        snprintf(base[b], sizeof base[b], "%s/%s.sqlite", tmpdir, bases[b].name);
        if (!make_export(base[b], &bases[b], 0))
            return;
    }
    snprintf(path, sizeof path, "%s/crafted-variant.sqlite", tmpdir);
    for (size_t k = 0; k < sizeof CRAFTED / sizeof *CRAFTED; k++) {
        const char *only = getenv("NSYSQL_RAWTEST_CASE");
        if (only && *only && strcmp(only, CRAFTED[k].name))
            continue;
        const char *from = base[CRAFTED[k].base];
        FILE *f = fopen(from, "rb");
        fseek(f, 0, SEEK_END);
        size_t size = (size_t)ftell(f);
        fseek(f, 0, SEEK_SET);
        unsigned char *buf = malloc(size);
        size_t got = fread(buf, 1, size, f);
        fclose(f);
        char how[300] = "", desc[700];
        bool ok = got == size && craft((int)k, from, buf, size, how, sizeof how);
        CHECK(ok, "crafted %s: could not make the change", CRAFTED[k].name);
        if (ok) {
            f = fopen(path, "wb");
            fwrite(buf, 1, size, f);
            fclose(f);
            snprintf(desc, sizeof desc, "crafted %s: %s", CRAFTED[k].name, how);
            int before = nfail;
            fuzz_arg fa = {path, desc, false};
            time_t t0 = time(NULL);
            guarded(fuzz_one, &fa, 60, desc);
            printf("crafted %-22s %3lds  %s\n", CRAFTED[k].name, (long)(time(NULL) - t0),
                   nfail > before ? "FAILS" : "ok");
            if (nfail > before || getenv("NSYSQL_RAWTEST_KEEPALL")) {
                char keep[600];
                mkdir("rawscan-failures", 0777);
                snprintf(keep, sizeof keep, "rawscan-failures/crafted-%s.sqlite", CRAFTED[k].name);
                if (copy_file(path, keep))
                    fprintf(stderr, "  %s (%s)\n  kept as %s\n", desc, CRAFTED[k].what, keep);
            }
        }
        free(buf);
    }
    unlink(path);
    unlink(base[0]);
    unlink(base[1]);
}

static void fuzz(const char *path, const char *label, int n, uint64_t seed)
{
    fuzzbase fb;
    if (!load_base(&fb, path, label)) {
        CHECK(0, "fuzz: cannot read %s", path);
        return;
    }
    const char *only = getenv("NSYSQL_RAWFUZZ_ONLY");
    unsigned char *buf = malloc(fb.size);
    char vpath[512];
    snprintf(vpath, sizeof vpath, "%s/fuzz-%s.sqlite", tmpdir, label);
    int failed_variants = 0;
    time_t t0 = time(NULL);
    for (int k = 0; k < n; k++) {
        if (only && *only && atoi(only) != k)
            continue;
        rs = seed * 1000003u + (uint64_t)k * 7919u + (uint64_t)label[0];
        memcpy(buf, fb.data, fb.size);
        char desc[1024];
        snprintf(desc, sizeof desc, "%s variant %d (seed %llu):", label, k,
                 (unsigned long long)seed);
        int m = 1 + (int)(rnd() % 3);
        while (m--)
            mutate(&fb, buf, desc, sizeof desc);
        FILE *f = fopen(vpath, "wb");
        if (!f || fwrite(buf, 1, fb.size, f) != fb.size) {
            CHECK(0, "fuzz: writing %s", vpath);
            if (f)
                fclose(f);
            break;
        }
        fclose(f);
        fuzz_arg fa = {vpath, desc, only && *only};
        if (fa.verbose)
            printf("%s\n", desc);
        int before = nfail;
        guarded(fuzz_one, &fa, 30, desc);
        if (nfail > before) {
            failed_variants++;
            fprintf(stderr, "  fuzz failure: %s\n", desc);
            mkdir("rawscan-failures", 0777);
            char keep[600];
            snprintf(keep, sizeof keep, "rawscan-failures/%s-%d.sqlite", label, k);
            int keep_max = getenv("NSYSQL_RAWFUZZ_KEEP") ? atoi(getenv("NSYSQL_RAWFUZZ_KEEP")) : 20;
            if (failed_variants <= keep_max && copy_file(vpath, keep))
                fprintf(stderr, "  kept as %s\n", keep);
        }
    }
    printf("fuzz %-30s %d variants, %d failing, %lds  (%d/%d checks so far)\n", label, n,
           failed_variants, (long)(time(NULL) - t0), nchecks - nfail, nchecks);
    unlink(vpath);
    free(buf);
    free(fb.data);
    free(fb.pages);
}

static void fuzz_all(void)
{
#if defined(__SANITIZE_ADDRESS__)
    int dflt = 25; /* several times slower under the sanitizers */
#else
    int dflt = 120; /* NSYSQL_RAWFUZZ_N=2000 for a long run */
#endif
    int n = getenv("NSYSQL_RAWFUZZ_N") ? atoi(getenv("NSYSQL_RAWFUZZ_N")) : dflt;
    uint64_t seed =
        getenv("NSYSQL_RAWFUZZ_SEED") ? strtoull(getenv("NSYSQL_RAWFUZZ_SEED"), NULL, 10) : 1;
    /* a small synthetic export: 1024-byte pages, two levels, every value kind */
    static const scase small = {"fuzzbase", MODE_MIXED, 150, 1024,        0, 0, 0, 0, 0, 1, 0,
                                EX_NONE,    ROWS_DENSE, 0,   EXPECT_NONE, 0};
    char path[512];
    snprintf(path, sizeof path, "%s/fuzzbase.sqlite", tmpdir);
    if (make_export(path, &small, 0))
        fuzz(path, "synthetic", n, seed);
    unlink(path);
    const char *dir = getenv("NSYSQL_FIXTURES");
    if (dir) {
        char real[4096];
        snprintf(real, sizeof real, "%s/dlprof-pytorch-conv-2022.1.sqlite", dir);
        if (access(real, R_OK) == 0)
            fuzz(real, "dlprof", n, seed);
        else
            printf("fuzz: %s absent: real base skipped\n", real);
    }
}

static void rm_tmpdir(void)
{
    DIR *d = opendir(tmpdir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char p[600];
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(p, sizeof p, "%s/%s", tmpdir, e->d_name);
        unlink(p);
    }
    if (d)
        closedir(d);
    rmdir(tmpdir);
}

int main(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/nsysql-rawscan-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    time_t t0 = time(NULL);
    if (part_on("fixtures") || part_on("oracle"))
        fixtures();
    if (part_on("synth") || part_on("oracle"))
        synth_cases();
    if (part_on("crafted"))
        crafted_cases();
    if (part_on("fuzz"))
        fuzz_all();
    rm_tmpdir();
    printf("%d/%d checks passed in %lds\n", nchecks - nfail, nchecks, (long)(time(NULL) - t0));
    return nfail ? 1 : 0;
}
