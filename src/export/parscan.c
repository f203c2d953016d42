/* parscan: one view read on several connections at once, rows delivered in
 * rowid order on the calling thread (see parscan.h).
 *
 * Chunk c covers rowids [lo + c * span, lo + (c + 1) * span). Workers take
 * chunks in increasing order, but never more than `ring` ahead of the chunk
 * the consumer is on, so at most ring chunk buffers exist (memory stays
 * bounded whatever the table's size); the buffer of chunk c is slot
 * c % ring. A worker that fails records its error in the chunk, and the
 * consumer reports it when it gets there; a consumer that stops (its
 * callback failed, or an error) raises `stop` and interrupts the workers. */
#include "nsysql/export/parscan.h"
#include "nsysql/util/limits.h"
#include "nsysql/util/progress.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nsysql/export/query.h"
#include "nsysql/export/rawscan.h"
#include "nsysql/util/strbuf.h"

/* The row function's name, numbered per scan: a scan that starts while
 * another one's statement is active on the same connection (a nested scan,
 * a command run inside another) registers its own function instead of
 * replacing one that an active statement uses (SQLite refuses that). */
#define ROW_FN "nsysql_parscan_row"
static void fn_name(char out[48])
{
    static unsigned n;
    snprintf(out, 48, ROW_FN "_%u", __atomic_add_fetch(&n, 1, __ATOMIC_RELAXED));
}
#define MAX_WORKERS 8

static int threads_override;

void nsq_parscan_set_threads(int n)
{
    threads_override = n < 0 ? 0 : n;
}

static int env_int(const char *name, int dflt, int lo)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return dflt;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || v < lo || v > 1 << 30)
        return dflt;
    return (int)v;
}

int nsq_parscan_threads(void)
{
    int n = threads_override;
    if (!n) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        n = env_int("NSYSQL_THREADS", (int)(cpus < 1 ? 1 : cpus), 1);
    }
    return n > MAX_WORKERS ? MAX_WORKERS : n;
}

/* ---- reading rows through an aggregate function ---- */

/* Where the step puts a row: straight to the callback (serial), or into a
 * chunk buffer (a worker). */
typedef struct sink {
    int ncols;
    /* serial */
    nsq_parscan_row row;
    void *ctx;
    nsq_err *err;
    int failed;
    /* worker: rows of (ncols values + the null mask) */
    bool buffered;
    int64_t *buf;
    size_t n, cap;   /* rows */
    unsigned hashed; /* "#col" columns: hashes of text, exempt from sane() */
} sink;

/* The function's user data: the sink rows go to now (a worker moves it from
 * chunk to chunk without registering the function again, which would expire
 * its prepared statement). */
typedef struct holder {
    sink *k;
} holder;

/* No column nsysql reads (times, ids, pids, bytes, launch sizes) holds a
 * value of 2^62 or beyond, or -2^62 or below: one that does is damage, read
 * as NULL (a row with a NULL start or end is a bad row everywhere). The bound
 * is exclusive so that the difference of two values (a duration, a span)
 * is below 2^63 and never overflows (NSQ_VALUE_LIMIT, intervals.h has the
 * same rule for the few reads that do not come through here). Likewise a value of another type than
 * INTEGER (text in a time column, a REAL) is NULL, never coerced to a number. */
#define VALUE_LIMIT ((int64_t)1 << 62)

static inline unsigned sane(int64_t *v, int n, unsigned nulls, unsigned hashed)
{
    /* v in (-VALUE_LIMIT, VALUE_LIMIT): v + VALUE_LIMIT - 1 in [0, 2 VALUE_LIMIT - 2]
     * (computed unsigned: no overflow); first one test over the row */
    const uint64_t shift = (uint64_t)(VALUE_LIMIT - 1), top = 2 * (uint64_t)(VALUE_LIMIT - 1);
    int any = 0;
    for (int i = 0; i < n; i++)
        any |= (uint64_t)v[i] + shift > top;
    if (!any)
        return nulls;
    for (int i = 0; i < n; i++)
        if (!(hashed >> i & 1u) && (uint64_t)v[i] + shift > top) {
            v[i] = 0;
            nulls |= 1u << i;
        }
    return nulls;
}

/* The columns of a request written "#col" (a text column read as its hash). */
static unsigned hashed_cols(const nsq_parscan_req *r)
{
    unsigned m = 0;
    int i = 0;
    bool start = true;
    for (const char *c = r->cols; *c; c++) {
        if (*c == ',') {
            i++;
            start = true;
        } else if (start && *c != ' ') {
            if (*c == '#')
                m |= 1u << i;
            start = false;
        }
    }
    return m;
}

static void row_step(sqlite3_context *c, int argc, sqlite3_value **v)
{
    sink *k = ((holder *)sqlite3_user_data(c))->k;
    int64_t vals[NSQ_PARSCAN_MAX_COLS];
    unsigned nulls = 0;
    int64_t *out = vals;
    if (k->failed)
        return;
    if (k->buffered) {
        if (k->n == k->cap) {
            k->cap = k->cap ? k->cap * 2 : 4096;
            k->buf = xrealloc(k->buf, k->cap * (size_t)(k->ncols + 1) * sizeof *k->buf);
        }
        out = k->buf + k->n * (size_t)(k->ncols + 1);
    }
    for (int i = 0; i < argc; i++) {
        int t = sqlite3_value_type(v[i]);
        if (t == SQLITE_INTEGER || (k->hashed >> i & 1u && t != SQLITE_NULL)) {
            out[i] = sqlite3_value_int64(v[i]);
        } else {
            out[i] = 0;
            nulls |= 1u << i;
        }
    }
    nulls = sane(out, argc, nulls, k->hashed);
    if (k->buffered) {
        out[argc] = nulls;
        k->n++;
        return;
    }
    if (k->row(k->ctx, vals, nulls, k->err)) {
        k->failed = 1;
        sqlite3_result_error(c, "row callback failed", -1);
    }
}

static void row_final(sqlite3_context *c)
{
    sqlite3_result_null(c);
}

static void build_sql(strbuf *q, const nsq_parscan_req *r, bool ranged, const char *fn)
{
    /* every text here is fixed by the caller's code, never user input */
    if (r->table)
        sb_addf(q, "SELECT %s(%s) FROM main.\"%s\"", fn, r->cols, r->table);
    else
        sb_addf(q, "SELECT %s(%s) FROM %s", fn, r->cols, r->view);
    if (r->where || ranged)
        sb_addstr(q, " WHERE ");
    if (r->where)
        sb_addf(q, "(%s)", r->where);
    if (ranged)
        sb_addf(q, "%s%s >= ?%d AND %s < ?%d", r->where ? " AND " : "",
                r->table ? "rowid" : "row_id", r->nbinds + 1, r->table ? "rowid" : "row_id",
                r->nbinds + 2);
}

static void bind_all(sqlite3_stmt *st, const nsq_parscan_req *r)
{
    for (int i = 0; i < r->nbinds; i++) {
        const nsq_parscan_bind *b = &r->binds[i];
        if (b->type == NSQ_BIND_INT)
            sqlite3_bind_int64(st, i + 1, b->i);
        else if (b->type == NSQ_BIND_TEXT)
            sqlite3_bind_text(st, i + 1, b->s, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, i + 1);
    }
}

/* ---- reading the pages directly ---- */

/* The views read from the pages, with the filter of their own WHERE clause
 * (a column of the source table whose value must be in [lo, hi]); the
 * views' SQL and this table must agree (tests/unit/test_parscan.c reads
 * every column of each both ways). */
static const struct raw_view {
    const char *view;
    const char *filter_col; /* NULL: none */
    int64_t lo, hi;
} raw_views[] = {
    {"kernel", NULL, 0, 0}, {"memcpy", NULL, 0, 0},      {"memset", NULL, 0, 0},
    {"nvtx", NULL, 0, 0},   {"api", "eventClass", 0, 1},
};

typedef struct rawreq {
    nsq_rawplan *plan;
    const nsq_parscan_req *r;
    int has_filter;
    int64_t flo, fhi;
} rawreq;

/* What every read of a table checks: its tree (rawscan.h). verify reads no
 * column: it checks the tree of chunks read through SQLite. */
typedef struct treecheck {
    const char *table;
    const char *path;
    int64_t min, max;    /* the table's rowids, as SQLite finds them */
    nsq_rawplan *verify; /* NULL when rows come from the pages (they check) */
} treecheck;

static nsq_rawcur *tree_cursor(const treecheck *t, const nsq_rawplan *plan)
{
    if (!plan)
        return NULL;
    nsq_rawcur *c = nsq_rawcur_new(plan);
    nsq_rawcur_bound(c, t->min, t->max);
    return c;
}

/* The time limit passed between two chunks read from the pages. */
static int timeout_error(const nsq_parscan_req *r, nsq_err *err)
{
    return nsq_error(err, NSQ_EXIT_QUERY, "query_timeout", "%s: interrupted (time limit reached)",
                     r->what);
}

/* The error of a damaged tree (NSQ_RAW_CORRUPT): input_corrupt. */
static int tree_error(const treecheck *t, const nsq_parscan_req *r, const nsq_rawcur *c,
                      nsq_err *err)
{
    uint32_t page = 0;
    const char *why = nsq_raw_damage(c, &page);
    nsq_error(err, NSQ_EXIT_INPUT, "input_corrupt",
              "%s: '%s' is damaged: the b-tree of table %s is inconsistent at page %u (%s); "
              "its rows cannot be read as a whole",
              r->what, t->path, t->table, page, why);
    nsq_hint(err, "sqlite3 FILE 'PRAGMA integrity_check' lists the damage; export the capture "
                  "again from the .nsys-rep");
    return -1;
}

/* Column i's text in cols (top-level commas split them), trimmed. */
static void col_text(const char *cols, int i, char *out, size_t n)
{
    int depth = 0, at = 0;
    const char *b = cols;
    for (const char *c = cols;; c++) {
        if (*c == '(')
            depth++;
        else if (*c == ')')
            depth--;
        else if ((*c == ',' && !depth) || !*c) {
            if (at++ == i) {
                while (b < c && (*b == ' ' || *b == '\n'))
                    b++;
                const char *e = c;
                while (e > b && (e[-1] == ' ' || e[-1] == '\n'))
                    e--;
                size_t len = (size_t)(e - b) < n - 1 ? (size_t)(e - b) : n - 1;
                memcpy(out, b, len);
                out[len] = '\0';
                return;
            }
            b = c + 1;
        }
        if (!*c)
            break;
    }
    out[0] = '\0';
}

static int raw_on = -1; /* -1: from NSYSQL_RAWSCAN, when first asked */

void nsq_parscan_set_raw(int on)
{
    raw_on = on < 0 ? -1 : on != 0;
}

static int raw_enabled(void)
{
    if (raw_on < 0)
        raw_on = env_int("NSYSQL_RAWSCAN", 1, 0) != 0;
    return raw_on;
}

/* A plan to read r from the pages, or 0 (then SQLite reads it): every
 * column must be a plain column of the view's source table (SQLite says
 * which through the column's origin) or the literal NULL. */
static int raw_plan(nsq_export *x, const nsq_parscan_req *r, const char *table, rawreq *rq)
{
    const struct raw_view *rv = NULL;
    memset(rq, 0, sizeof *rq);
    if (!raw_enabled() || (r->where && !r->keep))
        return 0;
    for (size_t i = 0; !r->table && i < sizeof raw_views / sizeof *raw_views; i++)
        if (!strcmp(raw_views[i].view, r->view))
            rv = &raw_views[i];
    if ((!rv && !r->table) || r->ncols + 1 > NSQ_RAW_MAX_COLS)
        return 0;
    rq->r = r;
    if (r->table) { /* the columns are the table's own, by name */
        char text[NSQ_RAW_MAX_COLS][64];
        const char *names[NSQ_RAW_MAX_COLS];
        for (int i = 0; i < r->ncols; i++) {
            col_text(r->cols, i, text[i], sizeof text[i]);
            names[i] = text[i];
            if (text[i][0] == '#' && !r->raw_only)
                return 0;
        }
        rq->plan = nsq_rawplan_new(x, table, names, r->ncols);
        return rq->plan != NULL;
    }
    strbuf q = STRBUF_INIT;
    sqlite3_stmt *st = NULL;
    const char *names[NSQ_RAW_MAX_COLS];
    char *owned[NSQ_RAW_MAX_COLS] = {NULL};
    int ok = 1, n = r->ncols;
    int hashed[NSQ_RAW_MAX_COLS] = {0};
    /* "#col" (raw_only requests): the column itself, hashed */
    sb_addstr(&q, "SELECT ");
    for (const char *c = r->cols; *c; c++)
        if (*c != '#' || !r->raw_only)
            sb_addch(&q, *c);
    sb_addf(&q, " FROM %s", r->view);
    for (int i = 0; i < n && r->raw_only; i++) {
        char text[64];
        col_text(r->cols, i, text, sizeof text);
        hashed[i] = text[0] == '#';
    }
    if (sqlite3_prepare_v2(x->db, q.buf, -1, &st, NULL) != SQLITE_OK ||
        sqlite3_column_count(st) != r->ncols)
        ok = 0;
    for (int i = 0; ok && i < n; i++) {
        const char *db = sqlite3_column_database_name(st, i);
        const char *tab = sqlite3_column_table_name(st, i);
        const char *col = sqlite3_column_origin_name(st, i);
        char text[64];
        names[i] = NULL;
        if (db && tab && col && !strcmp(db, "main") && !strcasecmp(tab, table)) {
            names[i] = owned[i] = xmalloc(strlen(col) + 2);
            owned[i][0] = '#';
            strcpy(owned[i] + 1, col);
            names[i] += !hashed[i];
        } else {
            col_text(r->cols, i, text, sizeof text);
            ok = !strcasecmp(text, "NULL") && !hashed[i];
        }
    }
    if (ok && rv->filter_col) {
        names[n++] = rv->filter_col;
        rq->has_filter = 1;
        rq->flo = rv->lo;
        rq->fhi = rv->hi;
    }
    sqlite3_finalize(st);
    sb_release(&q);
    if (ok)
        rq->plan = nsq_rawplan_new(x, table, names, n);
    for (int i = 0; i < NSQ_RAW_MAX_COLS; i++)
        free(owned[i]);
    rq->r = r;
    return rq->plan != NULL;
}

static void sink_push(sink *k, const int64_t *v, unsigned nulls)
{
    if (k->n == k->cap) {
        k->cap = k->cap ? k->cap * 2 : 4096;
        k->buf = xrealloc(k->buf, k->cap * (size_t)(k->ncols + 1) * sizeof *k->buf);
    }
    int64_t *out = k->buf + k->n * (size_t)(k->ncols + 1);
    /* a loop, not a memcpy call of a size unknown here: a row is a dozen words */
    for (int i = 0; i < k->ncols; i++)
        out[i] = v[i];
    out[k->ncols] = nulls;
    k->n++;
}

typedef struct rawsink {
    const rawreq *rq;
    sink *k;
} rawsink;

/* A row the page reader decoded: in the filter's range (the filter column
 * follows the ncols requested) and kept by the request's keep(); *nulls loses
 * the filter column's bit. */
static bool raw_wanted(const rawreq *rq, const int64_t *v, unsigned *nulls)
{
    int n = rq->r->ncols;
    if (rq->has_filter && ((*nulls >> n & 1u) || v[n] < rq->flo || v[n] > rq->fhi))
        return false;
    *nulls &= (1u << n) - 1;
    return !rq->r->keep || rq->r->keep(v, *nulls, rq->r);
}

static int raw_row(void *ctx, int64_t rowid, const int64_t *v, unsigned nulls)
{
    rawsink *rs = ctx;
    (void)rowid;
    if (raw_wanted(rs->rq, v, &nulls))
        sink_push(rs->k, v, nulls);
    return 0;
}

/* Rowids [lo, hi) from the pages into k (emptied first): 0, or
 * NSQ_RAW_FALLBACK / NSQ_RAW_CORRUPT with k emptied. */
static int raw_chunk(const rawreq *rq, nsq_rawcur *cur, sink *k, int64_t lo, int64_t hi)
{
    rawsink rs = {rq, k};
    k->n = 0;
    int rc = nsq_raw_read(cur, lo, hi, raw_row, &rs);
    if (rc) {
        k->n = 0;
        return rc == NSQ_RAW_CORRUPT ? NSQ_RAW_CORRUPT : NSQ_RAW_FALLBACK;
    }
    return 0;
}

/* Chunk c of n covers [lo + c * span, lo + (c + 1) * span), except that
 * the first starts at INT64_MIN and the last ends at INT64_MAX: together
 * they cover every rowid, so every leaf of the tree is checked, whatever
 * min(rowid) and max(rowid) said. */
static int64_t chunk_lo(int64_t lo, int64_t span, int64_t c)
{
    return c == 0 ? INT64_MIN : lo + c * span;
}

static int64_t chunk_hi(int64_t lo, int64_t span, int64_t c, int64_t n)
{
    return c == n - 1 ? INT64_MAX : lo + (c + 1) * span;
}

static int serial(nsq_export *x, const nsq_parscan_req *r, nsq_parscan_row row, void *ctx,
                  nsq_err *err)
{
    sink k = {r->ncols, row, ctx, err, 0, false, NULL, 0, 0, hashed_cols(r)};
    holder h = {&k};
    strbuf q = STRBUF_INIT;
    sqlite3_stmt *st = NULL;
    int rc, ret = -1;
    char fn[48];
    fn_name(fn);
    rc = sqlite3_create_function_v2(x->db, fn, r->ncols, SQLITE_UTF8, &h, NULL, row_step, row_final,
                                    NULL);
    if (rc != SQLITE_OK) {
        nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", r->what, err);
        return -1;
    }
    build_sql(&q, r, false, fn);
    rc = sqlite3_prepare_v2(x->db, q.buf, -1, &st, NULL);
    if (rc != SQLITE_OK) {
        nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", r->what, err);
        goto done;
    }
    bind_all(st, r);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        ;
    if (k.failed)
        goto done; /* err set by the callback */
    if (rc != SQLITE_DONE) {
        nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", r->what, err);
        goto done;
    }
    ret = 0;
done:
    sqlite3_finalize(st);
    sqlite3_create_function_v2(x->db, fn, r->ncols, SQLITE_UTF8, NULL, NULL, NULL, NULL, NULL);
    sb_release(&q);
    return ret;
}

/* ---- the parallel form ---- */

typedef struct chunk {
    int state;   /* 0 free, 1 being read, 2 ready, 3 failed */
    int not_raw; /* state 3: the pages could not give it (raw_only) */
    int64_t index;
    sink k;
    nsq_err err; /* state 3 */
} chunk;

typedef struct par {
    nsq_export *x;
    const nsq_parscan_req *r;
    const char *sql;
    char fn[48]; /* the row function's name in sql */
    int64_t lo, span, nchunks;
    int ring;
    chunk *slots;
    int64_t next;     /* next chunk to hand out */
    int64_t consumed; /* chunks the consumer has finished */
    bool stop;
    pthread_mutex_t lock;
    pthread_cond_t cv; /* any state change */
    sqlite3 *dbs[MAX_WORKERS];
    const rawreq *rq; /* NULL: every chunk through SQLite */
    const treecheck *tc;
} par;

typedef struct worker {
    par *p;
    int id;
    pthread_t th;
    bool started;
} worker;

/* A worker's SQLite connection, opened when first needed (with the pages
 * read directly, only for a chunk that falls back). 0, or -1 with fail set. */
typedef struct wconn {
    nsq_export *wx;
    sqlite3_stmt *st;
    holder h;
    bool tried, failed;
    nsq_err fail;
} wconn;

static int wconn_ready(par *p, worker *w, wconn *c)
{
    if (c->tried)
        return c->failed ? -1 : 0;
    c->tried = true;
    if (nsq_export_open(&c->wx, p->x->sqlite_path, &c->fail)) {
        c->failed = true;
        return -1;
    }
    int rc = sqlite3_create_function_v2(c->wx->db, p->fn, p->r->ncols, SQLITE_UTF8, &c->h, NULL,
                                        row_step, row_final, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(c->wx->db, p->sql, -1, &c->st, NULL);
    if (rc != SQLITE_OK) {
        nsq_export_sql_error(c->wx, rc, NSQ_EXIT_INTERNAL, "internal", p->r->what, &c->fail);
        c->failed = true;
    }
    pthread_mutex_lock(&p->lock);
    p->dbs[w->id] = c->wx->db;
    pthread_mutex_unlock(&p->lock);
    return c->failed ? -1 : 0;
}

/* Chunk c's rows into k through SQLite: 0, or -1 with c->fail set. */
static int wconn_chunk(par *p, worker *w, wconn *c, sink *k, int64_t ci)
{
    int rc;
    if (wconn_ready(p, w, c))
        return -1;
    c->h.k = k;
    k->n = 0;
    sqlite3_reset(c->st);
    bind_all(c->st, p->r);
    sqlite3_bind_int64(c->st, p->r->nbinds + 1, chunk_lo(p->lo, p->span, ci));
    sqlite3_bind_int64(c->st, p->r->nbinds + 2, chunk_hi(p->lo, p->span, ci, p->nchunks));
    while ((rc = sqlite3_step(c->st)) == SQLITE_ROW)
        ;
    if (rc != SQLITE_DONE) {
        /* a damaged page is input_corrupt here as on one connection */
        nsq_export_sql_error(c->wx, rc, NSQ_EXIT_INTERNAL, "internal", p->r->what, &c->fail);
        c->failed = true;
        return -1;
    }
    return 0;
}

static void *work(void *arg)
{
    worker *w = arg;
    par *p = w->p;
    wconn conn;
    nsq_rawcur *cur = tree_cursor(p->tc, p->rq ? p->rq->plan : NULL);
    nsq_rawcur *vcur = tree_cursor(p->tc, p->tc->verify);
    memset(&conn, 0, sizeof conn);
    /* without a raw plan every chunk needs the connection: open it first */
    if (!cur)
        wconn_ready(p, w, &conn);
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stop && p->next < p->nchunks && p->next >= p->consumed + p->ring)
            pthread_cond_wait(&p->cv, &p->lock);
        if (p->stop || p->next >= p->nchunks)
            break;
        int64_t c = p->next++;
        chunk *ch = &p->slots[c % p->ring];
        ch->state = 1;
        ch->index = c;
        ch->k.n = 0;
        pthread_mutex_unlock(&p->lock);
        int failed = 0, not_raw = 0, rc = NSQ_RAW_FALLBACK;
        int64_t a = chunk_lo(p->lo, p->span, c), b = chunk_hi(p->lo, p->span, c, p->nchunks);
        nsq_err e = {0};
        if (nsq_limits_expired()) {
            failed = 1;
            timeout_error(p->r, &e);
        } else if (cur)
            rc = raw_chunk(p->rq, cur, &ch->k, a, b);
        else if (vcur && nsq_raw_read(vcur, a, b, NULL, NULL) == NSQ_RAW_CORRUPT)
            rc = NSQ_RAW_CORRUPT;
        if (failed) {
        } else if (rc == NSQ_RAW_CORRUPT) {
            failed = 1;
            tree_error(p->tc, p->r, cur ? cur : vcur, &e);
        } else if (rc) {
            if (p->r->raw_only)
                failed = not_raw = 1;
            else if ((failed = wconn_chunk(p, w, &conn, &ch->k, c)))
                e = conn.fail;
        }
        pthread_mutex_lock(&p->lock);
        if (!failed) {
            ch->state = 2;
        } else {
            ch->state = 3;
            ch->not_raw = not_raw;
            ch->err = e;
        }
        pthread_cond_broadcast(&p->cv);
        if (failed)
            break;
    }
    p->dbs[w->id] = NULL;
    pthread_mutex_unlock(&p->lock);
    sqlite3_finalize(conn.st);
    nsq_export_close(conn.wx);
    nsq_rawcur_free(cur);
    nsq_rawcur_free(vcur);
    return NULL;
}

/* The request's table (its view's one source table), or NULL. */
static const char *source_table(const nsq_parscan_req *r)
{
    if (r->table)
        return r->table;
    const nsq_query *q = nsq_registry_find(r->view, 0);
    if (!q || strcmp(q->kind, "view") || q->nsources != 1)
        return NULL;
    return q->sources[0].table;
}

/* The rowid range of the view's source table: 0, or -1 when it cannot be split. */
static int rowid_range(nsq_export *x, const nsq_parscan_req *r, int64_t *lo, int64_t *hi)
{
    const char *t = source_table(r);
    const nsq_table *tab = t ? nsq_probe_table(&x->probe, t) : NULL;
    sqlite3_stmt *st = NULL;
    strbuf q = STRBUF_INIT;
    int ret = -1;
    if (!tab || !tab->rowid)
        return -1;
    /* t comes from an embedded view header (a plain identifier); min() and
     * max() each alone are one b-tree seek, together a full scan */
    sb_addf(&q, "SELECT (SELECT min(rowid) FROM main.\"%s\"), (SELECT max(rowid) FROM main.\"%s\")",
            t, t);
    if (sqlite3_prepare_v2(x->db, q.buf, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_INTEGER) {
        *lo = sqlite3_column_int64(st, 0);
        *hi = sqlite3_column_int64(st, 1);
        ret = 0;
    }
    sqlite3_finalize(st);
    sb_release(&q);
    return ret;
}

int64_t nsq_parscan_size_hint(nsq_export *x, const nsq_parscan_req *r)
{
    int64_t lo, hi;
    const char *t = source_table(r);
    if (!t)
        return INT64_MAX;
    const nsq_table *tab = nsq_probe_table(&x->probe, t);
    if (!tab)
        return 0; /* not in this export: an empty read */
    if (!tab->rowid)
        return INT64_MAX;
    if (rowid_range(x, r, &lo, &hi))
        return 0; /* no row (min and max NULL), or no rowid: read it early */
    return hi >= lo && hi - lo < INT64_MAX ? hi - lo + 1 : INT64_MAX;
}

/* Serial reading from the pages: rows go to the caller's row function as
 * they are decoded (no chunk buffer to write and read back). */
typedef struct streamsink {
    const rawreq *rq;
    nsq_parscan_row row;
    void *ctx;
    nsq_err *err;
    unsigned hashed;
    int failed; /* row failed (err set by it) */
} streamsink;

static int stream_row(void *vctx, int64_t rowid, const int64_t *v, unsigned nulls)
{
    streamsink *ss = vctx;
    const rawreq *rq = ss->rq;
    int n = rq->r->ncols;
    int64_t w[NSQ_PARSCAN_MAX_COLS];
    (void)rowid;
    if (!raw_wanted(rq, v, &nulls))
        return 0;
    /* the values as decoded, unless one is out of range (sane() on a copy) */
    const uint64_t shift = (uint64_t)(VALUE_LIMIT - 1), top = 2 * (uint64_t)(VALUE_LIMIT - 1);
    int any = 0;
    for (int i = 0; i < n; i++)
        any |= (uint64_t)v[i] + shift > top;
    if (any) {
        memcpy(w, v, sizeof *v * (size_t)n);
        nulls = sane(w, n, nulls, ss->hashed);
        v = w;
    }
    if (ss->row(ss->ctx, v, nulls, ss->err)) {
        ss->failed = 1;
        return NSQ_RAW_CORRUPT + 1; /* stops the read */
    }
    return 0;
}

/* Serial reading with a raw plan: chunk after chunk from the pages, handed
 * to row as they are decoded; where a record is not decoded here, the rest
 * of its chunk is read through SQLite on x->db (rowids ascend, so the rows
 * are those of one sequential read). */
static int serial_raw(nsq_export *x, const nsq_parscan_req *r, const rawreq *rq,
                      const treecheck *tc, int64_t lo, int64_t nchunks, int64_t span,
                      nsq_parscan_row row, void *ctx, nsq_err *err)
{
    sink k = {r->ncols, NULL, NULL, NULL, 0, true, NULL, 0, 0, hashed_cols(r)};
    holder h = {&k};
    strbuf q = STRBUF_INIT;
    char fn[48] = "";
    sqlite3_stmt *st = NULL;
    nsq_rawcur *cur = tree_cursor(tc, rq->plan);
    streamsink ss = {rq, row, ctx, err, k.hashed, 0};
    int ret = 0, rc;
    nsq_progress_begin(r->what ? r->what : "reading", nchunks);
    for (int64_t c = 0; c < nchunks && !ret; c++) {
        int64_t a = chunk_lo(lo, span, c), b = chunk_hi(lo, span, c, nchunks), next;
        nsq_progress_update(c);
        if (nsq_limits_expired()) {
            ret = timeout_error(r, err);
            break;
        }
        int raw = nsq_raw_read(cur, a, b, stream_row, &ss);
        if (ss.failed) {
            ret = -1; /* err set by row */
            break;
        }
        if (raw == NSQ_RAW_CORRUPT) {
            ret = tree_error(tc, r, cur, err);
            break;
        }
        if (!raw) {
            /* rowids far apart: go straight to the chunk of the next row
             * (the tree between was checked: no row lies there) */
            if (nsq_raw_beyond(cur, &next) && (next - lo) / span - 1 > c)
                c = (next - lo) / span - 1;
            continue;
        }
        if (r->raw_only) {
            ret = NSQ_PARSCAN_NOT_RAW;
            break;
        }
        /* the rows from the record not decoded here to the chunk's end */
        a = nsq_raw_fallback_at(cur);
        if (!st) {
            fn_name(fn);
            rc = sqlite3_create_function_v2(x->db, fn, r->ncols, SQLITE_UTF8, &h, NULL, row_step,
                                            row_final, NULL);
            build_sql(&q, r, true, fn);
            if (rc == SQLITE_OK)
                rc = sqlite3_prepare_v2(x->db, q.buf, -1, &st, NULL);
            if (rc != SQLITE_OK) {
                nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", r->what, err);
                ret = -1;
                break;
            }
        }
        k.n = 0;
        sqlite3_reset(st);
        bind_all(st, r);
        sqlite3_bind_int64(st, r->nbinds + 1, a);
        sqlite3_bind_int64(st, r->nbinds + 2, b);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW)
            ;
        if (rc != SQLITE_DONE) {
            nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", r->what, err);
            ret = -1;
            break;
        }
        int64_t *v = k.buf;
        size_t stride = (size_t)r->ncols + 1;
        for (size_t i = 0; i < k.n; i++, v += stride)
            if (row(ctx, v, sane(v, r->ncols, (unsigned)v[r->ncols], k.hashed), err)) {
                ret = -1;
                break;
            }
    }
    if (st) {
        sqlite3_finalize(st);
        sqlite3_create_function_v2(x->db, fn, r->ncols, SQLITE_UTF8, NULL, NULL, NULL, NULL, NULL);
    }
    nsq_rawcur_free(cur);
    free(k.buf);
    sb_release(&q);
    return ret;
}

static int parscan_run(nsq_export *x, const nsq_parscan_req *r, nsq_parscan_row row, void *ctx,
                       nsq_err *err)
{
    int64_t lo, hi;
    int nth = nsq_parscan_threads();
    if (r->ncols < 1 || r->ncols > NSQ_PARSCAN_MAX_COLS)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "parscan: %d columns", r->ncols);
    int64_t min_rows = env_int("NSYSQL_PARSCAN_MIN_ROWS", 262144, 0);
    int64_t span = env_int("NSYSQL_PARSCAN_CHUNK", 65536, 1);
    /* chunks need rowids, and bounds lo + nchunks * span that cannot overflow */
    if (rowid_range(x, r, &lo, &hi) || hi < lo || lo < INT64_MIN / 4 || hi > INT64_MAX / 4)
        return r->raw_only ? NSQ_PARSCAN_NOT_RAW : serial(x, r, row, ctx, err);
    /* at most 2^20 chunks: rowids far apart (1 and 2^40) must not make
     * millions of empty ones */
    if ((hi - lo) / span >= (int64_t)1 << 20)
        span = (hi - lo) / ((int64_t)1 << 20) + 1;
    /* a table of a few chunks: smaller ones, so that the ring's buffers (each
     * filled once, then reused) are not each a fresh chunk's worth of pages */
    else if (!getenv("NSYSQL_PARSCAN_CHUNK") && (hi - lo) / span < 24 && hi - lo >= 4096 * 24)
        span = (hi - lo) / 24 + 1;
    int64_t nchunks = (hi - lo) / span + 1;
    rawreq rq;
    const char *table = source_table(r);
    int raw = raw_plan(x, r, table, &rq);
    if (!raw && r->raw_only)
        return NSQ_PARSCAN_NOT_RAW;
    if (nth > nchunks)
        nth = (int)nchunks;
    treecheck tc = {table, x->sqlite_path, lo, hi, NULL};
    if (!raw && nth >= 2 && hi - lo + 1 >= min_rows) {
        /* chunks read by rowid range through SQLite: their tree is checked
         * first, else a damaged tree could hide rows from a ranged read */
        static const char *const rowid_only[] = {"rowid"};
        tc.verify = nsq_rawplan_new(x, table, rowid_only, 1);
        if (!tc.verify)
            nth = 1; /* one read in page order */
    }
    if (nth < 2 || hi - lo + 1 < min_rows) {
        int ret = raw ? serial_raw(x, r, &rq, &tc, lo, nchunks, span, row, ctx, err)
                      : serial(x, r, row, ctx, err);
        nsq_rawplan_free(rq.plan);
        nsq_rawplan_free(tc.verify);
        return ret;
    }

    strbuf q = STRBUF_INIT;
    par p;
    memset(&p, 0, sizeof p);
    fn_name(p.fn);
    build_sql(&q, r, true, p.fn);
    p.x = x;
    p.r = r;
    p.sql = q.buf;
    p.lo = lo;
    p.span = span;
    p.nchunks = nchunks;
    p.ring = 2 * nth + 2;
    p.rq = raw ? &rq : NULL;
    p.tc = &tc;
    p.slots = xcalloc((size_t)p.ring, sizeof *p.slots);
    for (int i = 0; i < p.ring; i++) {
        p.slots[i].k.ncols = r->ncols;
        p.slots[i].k.buffered = true;
        p.slots[i].k.hashed = hashed_cols(r);
    }
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.cv, NULL);
    worker ws[MAX_WORKERS];
    int started = 0;
    for (int i = 0; i < nth; i++) {
        ws[i].p = &p;
        ws[i].id = i;
        ws[i].started = pthread_create(&ws[i].th, NULL, work, &ws[i]) == 0;
        started += ws[i].started;
    }
    int ret = 0;
    if (!started) {
        ret = serial(x, r, row, ctx, err);
        goto out;
    }
    /* consume chunk after chunk, in order */
    nsq_progress_begin(r->what ? r->what : "reading", nchunks);
    for (int64_t c = 0; c < nchunks && !ret; c++) {
        chunk *ch = &p.slots[c % p.ring];
        nsq_progress_update(c);
        pthread_mutex_lock(&p.lock);
        while (!(ch->index == c && ch->state >= 2))
            pthread_cond_wait(&p.cv, &p.lock);
        pthread_mutex_unlock(&p.lock);
        if (ch->state == 3) {
            if (ch->not_raw) {
                ret = NSQ_PARSCAN_NOT_RAW;
                break;
            }
            *err = ch->err;
            ret = -1;
            break;
        }
        int64_t *v = ch->k.buf;
        size_t stride = (size_t)r->ncols + 1;
        for (size_t i = 0; i < ch->k.n; i++, v += stride)
            if (row(ctx, v, sane(v, r->ncols, (unsigned)v[r->ncols], ch->k.hashed), err)) {
                ret = -1;
                break;
            }
        pthread_mutex_lock(&p.lock);
        ch->state = 0;
        p.consumed = c + 1;
        pthread_cond_broadcast(&p.cv);
        pthread_mutex_unlock(&p.lock);
    }
    if (ret) {
        pthread_mutex_lock(&p.lock);
        p.stop = true;
        for (int i = 0; i < nth; i++)
            if (p.dbs[i])
                sqlite3_interrupt(p.dbs[i]);
        pthread_cond_broadcast(&p.cv);
        pthread_mutex_unlock(&p.lock);
    }
out:
    for (int i = 0; i < nth; i++)
        if (ws[i].started)
            pthread_join(ws[i].th, NULL);
    for (int i = 0; i < p.ring; i++)
        free(p.slots[i].k.buf);
    free(p.slots);
    pthread_mutex_destroy(&p.lock);
    pthread_cond_destroy(&p.cv);
    sb_release(&q);
    nsq_rawplan_free(rq.plan);
    nsq_rawplan_free(tc.verify);
    return ret;
}

int nsq_parscan_alone(nsq_export *x, const nsq_parscan_req *r, nsq_parscan_row row, void *ctx,
                      nsq_err *err)
{
    int ret = parscan_run(x, r, row, ctx, err);
    nsq_progress_end();
    return ret;
}

int nsq_parscan(nsq_export *x, const nsq_parscan_req *r, nsq_parscan_row row, void *ctx,
                nsq_err *err)
{
    int ret;
    if (x->scan_serve && x->scan_serve(x, r, row, ctx, err, &ret))
        return ret;
    return nsq_parscan_alone(x, r, row, ctx, err);
}

int nsq_parscan_raw_able(nsq_export *x, const nsq_parscan_req *r)
{
    rawreq rq;
    const char *table = source_table(r);
    if (!table)
        return 0;
    int raw = raw_plan(x, r, table, &rq);
    nsq_rawplan_free(rq.plan);
    return raw;
}
