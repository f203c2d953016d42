/* nvtx_ranges (nvtx_internal.h): the NVTX ranges and marks as the nvtx view
 * gives them (push/pop, start/end and marks; unclosed, cross-thread and
 * backwards ranges counted and skipped), read from the file's pages with
 * the SQL statement as the fallback, then sorted by thread, start and end
 * descending and packed in place into instances. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/stats.h"
#include "nsysql/export/parscan.h"
#include "nsysql/export/rawscan.h"
#include "nsysql/util/grow.h"
#include "nvtx_internal.h"

/* thread, start, end descending (the enclosing range first), read order */
static inline bool rrec_less(const rrec *x, const rrec *y)
{
    if (x->gtid != y->gtid)
        return x->gtid < y->gtid;
    if (x->start != y->start)
        return x->start < y->start;
    if (x->end != y->end)
        return x->end > y->end;
    return x->seq < y->seq;
}

static void rrec_sift(rrec *v, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < n && rrec_less(&v[m], &v[l]))
            m = l;
        if (l + 1 < n && rrec_less(&v[m], &v[l + 1]))
            m = l + 1;
        if (m == i)
            return;
        rrec t = v[i];
        v[i] = v[m];
        v[m] = t;
        i = m;
    }
}

/* In place (no scratch the size of the input): introsort on a total order,
 * so the result is the one order whatever the algorithm. */
static void rrec_sort(rrec *v, size_t n, int depth)
{
    while (n > 16) {
        if (depth-- == 0) { /* heapsort */
            for (size_t i = n / 2; i-- > 0;)
                rrec_sift(v, n, i);
            for (size_t i = n - 1; i > 0; i--) {
                rrec t = v[0];
                v[0] = v[i];
                v[i] = t;
                rrec_sift(v, i, 0);
            }
            return;
        }
        size_t mid = n / 2;
        rrec t;
        if (rrec_less(&v[mid], &v[0]))
            t = v[mid], v[mid] = v[0], v[0] = t;
        if (rrec_less(&v[n - 1], &v[0]))
            t = v[n - 1], v[n - 1] = v[0], v[0] = t;
        if (rrec_less(&v[n - 1], &v[mid]))
            t = v[n - 1], v[n - 1] = v[mid], v[mid] = t;
        rrec pivot = v[mid];
        size_t i = 0, j = n - 1;
        for (;;) {
            while (rrec_less(&v[i], &pivot))
                i++;
            while (rrec_less(&pivot, &v[j]))
                j--;
            if (i >= j)
                break;
            t = v[i], v[i] = v[j], v[j] = t;
            i++;
            j--;
        }
        /* [0, j] <= pivot <= [j + 1, n): recurse on the smaller side */
        if (j + 1 < n - j - 1) {
            rrec_sort(v, j + 1, depth);
            v += j + 1;
            n -= j + 1;
        } else {
            rrec_sort(v + j + 1, n - j - 1, depth);
            n = j + 1;
        }
    }
    for (size_t i = 1; i < n; i++) {
        rrec x = v[i];
        size_t k = i;
        while (k > 0 && rrec_less(&x, &v[k - 1])) {
            v[k] = v[k - 1];
            k--;
        }
        v[k] = x;
    }
}

/* The (domain, name) key of interned texts. */
static int32_t key_of(nsq_nvtx_result *r, nsq_pairmap *km, const char *domain, const char *name)
{
    int k = nsq_pairmap_get(km, (int64_t)(intptr_t)domain, (int64_t)(intptr_t)name);
    if (k >= 0)
        return k;
    if (r->nkeys == r->capkeys) {
        r->capkeys = r->capkeys ? 2 * r->capkeys : 256;
        r->keys = xrealloc(r->keys, (size_t)r->capkeys * sizeof *r->keys);
    }
    r->keys[r->nkeys] = (nsq_nvtx_key){name, domain};
    nsq_pairmap_put(km, (int64_t)(intptr_t)domain, (int64_t)(intptr_t)name, (int)r->nkeys);
    return (int32_t)r->nkeys++;
}

static const char *col_text(sqlite3_stmt *st, int i, const char *dflt)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? (const char *)t : dflt;
}

static const char RANGES_SQL[] =
    "SELECT n.start_ns, n.end_ns, n.global_tid, n.end_global_tid, n.kind, n.text, "
    "COALESCE((SELECT d.name FROM nvtx_domain d WHERE d.pid = n.pid AND d.domain_id = "
    "n.domain_id LIMIT 1), CASE WHEN COALESCE(n.domain_id, 0) = 0 THEN 'default' ELSE "
    "'domain ' || n.domain_id END) "
    "FROM nvtx n WHERE n.kind IN ('push_pop', 'start_end', 'mark')";

/* The ranges through SQL (the nvtx view): into *recp, *np. */
static int ranges_sql(nsq_nvtx_result *r, nsq_export *x, const nsq_nvtx_opts *o, rrec **recp,
                      int64_t *np, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    rrec *rec = NULL;
    int64_t n = 0, cap = 0, mcap = 0;
    nsq_pairmap km = NSQ_PAIRMAP_INIT;
    int rc = sqlite3_prepare_v2(x->db, RANGES_SQL, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_nvtx_sql_err(x, rc, err);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        r->rows_read++;
        const char *kind = col_text(st, 4, "");
        const char *domain = col_text(st, 6, "default");
        if (o->domain && strcmp(o->domain, domain))
            continue;
        bool mark = !strcmp(kind, "mark");
        int64_t start = sqlite3_column_int64(st, 0), end = 0, gtid = sqlite3_column_int64(st, 2);
        const char *name = col_text(st, 5, "(unnamed)");
        if (mark) {
            r->marks++;
        } else {
            if (sqlite3_column_type(st, 1) == SQLITE_NULL ||
                sqlite3_column_type(st, 0) == SQLITE_NULL) {
                r->unclosed++;
                continue;
            }
            end = sqlite3_column_int64(st, 1);
            if (sqlite3_column_type(st, 3) != SQLITE_NULL && sqlite3_column_int64(st, 3) != gtid) {
                r->cross_thread++;
                continue;
            }
            if (end < start) {
                r->negative++;
                continue;
            }
            if (!strcmp(kind, "push_pop"))
                r->push_pop++;
            else
                r->start_end++;
        }
        int32_t key = key_of(r, &km, nsq_nvtx_keep(r, domain), nsq_nvtx_keep(r, name));
        if (mark) {
            if (r->nmark == mcap) {
                mcap = mcap ? 2 * mcap : 1024;
                r->mark = xrealloc(r->mark, (size_t)mcap * sizeof *r->mark);
            }
            r->mark[r->nmark++] = (nsq_nvtx_mark){gtid, key};
            continue;
        }
        if (n > INT32_MAX - 2) {
            sqlite3_finalize(st);
            free(rec);
            nsq_pairmap_release(&km);
            return nsq_error(err, NSQ_EXIT_QUERY, "query_resource_limit",
                             "more than %lld NVTX ranges: more than nsysql indexes (2^31 - 2)",
                             (long long)n);
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            rec = xrealloc(rec, (size_t)cap * sizeof *rec);
        }
        rec[n] = (rrec){start, end, gtid, key, (int32_t)n};
        n++;
    }
    sqlite3_finalize(st);
    nsq_pairmap_release(&km);
    if (rc != SQLITE_DONE) {
        free(rec);
        return nsq_nvtx_sql_err(x, rc, err);
    }
    *recp = rec;
    *np = n;
    return 0;
}

/* ---- the ranges from the file's pages --------------------------------------- */

/* The same rows as RANGES_SQL, read from the pages (parscan.h): the texts
 * as hashes (inline) or StringIds ids, each distinct one looked up once
 * (its first row's inline text, or its StringIds value), the domains once
 * per (process, domain id) with the view's own subquery. Everything goes
 * into this reader first and into the result only once the whole table was
 * read: the keys in the order their first rows came, so that the result is
 * the one the SQL path makes. Past RAW_TEXTS distinct texts (a name per
 * step), or when the pages cannot give a row, the SQL path reads instead. */
#define RAW_TEXTS 4096

typedef struct rawr {
    nsq_export *x;
    const nsq_nvtx_opts *o;
    char **strs; /* names and domains (owned) */
    int nstrs, capstrs;
    nsq_pairmap texts; /* (0, inline text hash) or (1, text id) -> strs index; (2, 0) NULL */
    nsq_pairmap doms;  /* (pid or -1 | domain id NULL << 32, domain id) -> strs index */
    nsq_pairmap km;    /* (domain, name) strs indexes -> local key */
    int32_t *kd, *kn;  /* local key -> domain, name (strs indexes) */
    int nk, capk;
    rrec *rec;
    int64_t n, cap;
    nsq_nvtx_mark *mark;
    int64_t nmark, mcap;
    int64_t rows_read, push_pop, start_end, marks, unclosed, cross_thread, negative;
    sqlite3_stmt *q_inline, *q_sid;
    /* nvtx_domain, read once: (pid, domain id) -> dnames index (a NULL name
     * is a NULL entry) */
    nsq_pairmap domtab;
    char **dnames;
    int ndn, capdn, doms_loaded;
    int giveup; /* too many texts, or a lookup failed: the SQL path reads */
    nsq_err *err;
} rawr;

static int raw_str(rawr *w, const char *t)
{
    NSQ_GROW(w->strs, w->nstrs + 1, w->capstrs);
    w->strs[w->nstrs] = xstrdup(t);
    return w->nstrs++;
}

/* The text of stmt's first column for one int64 parameter (dflt when no row
 * or NULL), as col_text reads it; -1 when the lookup failed. */
static int raw_lookup(rawr *w, sqlite3_stmt **st, const char *sql, int64_t p, const char *dflt)
{
    if (!*st && sqlite3_prepare_v2(w->x->db, sql, -1, st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_reset(*st);
    sqlite3_bind_int64(*st, 1, p);
    int rc = sqlite3_step(*st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return -1;
    int i = raw_str(w, rc == SQLITE_ROW ? col_text(*st, 0, dflt) : dflt);
    sqlite3_reset(*st);
    return i;
}

/* The name (strs index) of a row: columns text_id (6), #text_inline (7), row_id (8). */
static int raw_name(rawr *w, const int64_t *v, unsigned nulls)
{
    int64_t k1 = !(nulls & 128u) ? 0 : !(nulls & 64u) ? 1 : 2;
    int64_t k2 = k1 == 0 ? v[7] : k1 == 1 ? v[6] : 0;
    int i = nsq_pairmap_get(&w->texts, k1, k2);
    if (i >= 0)
        return i;
    if (w->texts.n >= RAW_TEXTS) {
        w->giveup = 1;
        return -1;
    }
    if (k1 == 0)
        i = raw_lookup(w, &w->q_inline, "SELECT text_inline FROM nvtx WHERE row_id = ?1", v[8],
                       "(unnamed)");
    else if (k1 == 1)
        i = raw_lookup(w, &w->q_sid, "SELECT value FROM StringIds WHERE id = ?1", v[6],
                       "(unnamed)");
    else
        i = raw_str(w, "(unnamed)");
    if (i < 0) {
        w->giveup = 1;
        return -1;
    }
    if (k1 == 0) {
        /* the hash names the text of its first row; a different text under
         * the same 64-bit hash would need the text of every row */
        const char *t = w->strs[i];
        if (nsq_text_hash((const unsigned char *)t, strlen(t)) != (uint64_t)v[7]) {
            w->giveup = 1;
            return -1;
        }
    }
    nsq_pairmap_put(&w->texts, k1, k2, i);
    return i;
}

/* Every (pid, domain id) of nvtx_domain with its name, read at the first
 * domain a row needs: one scan of the NVTX table (a query per pair scanned it
 * each time). A pair's first row is kept, as the query's LIMIT 1 took it. */
static int load_domains(rawr *w)
{
    sqlite3_stmt *st = NULL;
    int rc;
    w->doms_loaded = 1;
    if (sqlite3_prepare_v2(w->x->db, "SELECT pid, domain_id, name FROM nvtx_domain", -1, &st,
                           NULL) != SQLITE_OK)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (sqlite3_column_type(st, 0) != SQLITE_INTEGER ||
            sqlite3_column_type(st, 1) != SQLITE_INTEGER)
            continue; /* no integer bound matches it */
        int64_t pid = sqlite3_column_int64(st, 0), did = sqlite3_column_int64(st, 1);
        if (nsq_pairmap_get(&w->domtab, pid, did) >= 0)
            continue;
        NSQ_GROW(w->dnames, w->ndn + 1, w->capdn);
        w->dnames[w->ndn] =
            sqlite3_column_type(st, 2) == SQLITE_NULL ? NULL : xstrdup(col_text(st, 2, ""));
        nsq_pairmap_put(&w->domtab, pid, did, w->ndn++);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* The domain (strs index) of a row: global_tid (3), domain_id (5). */
static int raw_domain(rawr *w, const int64_t *v, unsigned nulls)
{
    int gnull = (nulls & 8u) != 0, dnull = (nulls & 32u) != 0;
    int64_t pid = gnull ? -1 : (v[3] >> 24) & 16777215;
    int64_t k1 = (pid & 0xFFFFFFFF) | (int64_t)dnull << 32, k2 = dnull ? 0 : v[5];
    int i = nsq_pairmap_get(&w->doms, k1, k2);
    if (i >= 0)
        return i;
    if (!w->doms_loaded && load_domains(w)) {
        w->giveup = 1;
        return -1;
    }
    int j = gnull || dnull ? -1 : nsq_pairmap_get(&w->domtab, pid, v[5]);
    if (j >= 0 && w->dnames[j]) {
        i = raw_str(w, w->dnames[j]);
    } else if (dnull || v[5] == 0) {
        i = raw_str(w, "default");
    } else {
        char b[48];
        snprintf(b, sizeof b, "domain %lld", (long long)v[5]);
        i = raw_str(w, b);
    }
    nsq_pairmap_put(&w->doms, k1, k2, i);
    return i;
}

/* Row: start_ns, end_ns, event_type, global_tid, end_global_tid, domain_id,
 * text_id, #text_inline, row_id. RANGES_SQL's loop, rows kept locally. */
static int raw_range_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    rawr *w = ctx;
    (void)err;
    int64_t et = v[2];
    if (nulls & 4u)
        return 0;
    bool mark = et == 34, pp = et == 59 || et == 70, se = et == 60 || et == 71;
    if (!mark && !pp && !se)
        return 0;
    w->rows_read++;
    int dom = -1;
    if (w->o->domain) {
        if ((dom = raw_domain(w, v, nulls)) < 0)
            return -1;
        if (strcmp(w->o->domain, w->strs[dom]))
            return 0;
    }
    int64_t start = v[0], end = 0, gtid = v[3];
    if (mark) {
        w->marks++;
    } else {
        if (nulls & 3u) {
            w->unclosed++;
            return 0;
        }
        end = v[1];
        if (!(nulls & 16u) && v[4] != gtid) {
            w->cross_thread++;
            return 0;
        }
        if (end < start) {
            w->negative++;
            return 0;
        }
        if (pp)
            w->push_pop++;
        else
            w->start_end++;
    }
    if (dom < 0 && (dom = raw_domain(w, v, nulls)) < 0)
        return -1;
    int nm = raw_name(w, v, nulls);
    if (nm < 0)
        return -1;
    int key = nsq_pairmap_get(&w->km, dom, nm);
    if (key < 0) {
        NSQ_GROW(w->kd, w->nk + 1, w->capk);
        w->kn = xrealloc(w->kn, sizeof *w->kn * (size_t)w->capk);
        w->kd[w->nk] = dom;
        w->kn[w->nk] = nm;
        key = w->nk++;
        nsq_pairmap_put(&w->km, dom, nm, key);
    }
    if (mark) {
        NSQ_GROW(w->mark, w->nmark + 1, w->mcap);
        w->mark[w->nmark++] = (nsq_nvtx_mark){gtid, key};
        return 0;
    }
    if (w->n > INT32_MAX - 2) {
        nsq_error(w->err, NSQ_EXIT_QUERY, "query_resource_limit",
                  "more than %lld NVTX ranges: more than nsysql indexes (2^31 - 2)",
                  (long long)w->n);
        return -1;
    }
    NSQ_GROW(w->rec, w->n + 1, w->cap);
    w->rec[w->n] = (rrec){start, end, gtid, key, (int32_t)w->n};
    w->n++;
    return 0;
}

static void rawr_release(rawr *w)
{
    for (int i = 0; i < w->nstrs; i++)
        free(w->strs[i]);
    free(w->strs);
    nsq_pairmap_release(&w->texts);
    nsq_pairmap_release(&w->doms);
    nsq_pairmap_release(&w->km);
    free(w->kd);
    free(w->kn);
    free(w->rec);
    free(w->mark);
    sqlite3_finalize(w->q_inline);
    sqlite3_finalize(w->q_sid);
    nsq_pairmap_release(&w->domtab);
    for (int i = 0; i < w->ndn; i++)
        free(w->dnames[i]);
    free(w->dnames);
}

/* The ranges from the pages: 0 (*recp, *np set, r filled as the SQL path
 * fills it), -1 with err, or 1 when the SQL path must read (r untouched). */
static int ranges_raw(nsq_nvtx_result *r, nsq_export *x, const nsq_nvtx_opts *o, rrec **recp,
                      int64_t *np, nsq_err *err)
{
    rawr w;
    memset(&w, 0, sizeof w);
    w.x = x;
    w.o = o;
    w.err = err;
    w.texts = (nsq_pairmap)NSQ_PAIRMAP_INIT;
    w.doms = (nsq_pairmap)NSQ_PAIRMAP_INIT;
    w.km = (nsq_pairmap)NSQ_PAIRMAP_INIT;
    nsq_parscan_req q = {.view = "nvtx",
                         .cols = "start_ns, end_ns, event_type, global_tid, end_global_tid, "
                                 "domain_id, text_id, #text_inline, row_id",
                         .ncols = 9,
                         .what = "NVTX ranges",
                         .raw_only = 1};
    nsq_err e2;
    memset(&e2, 0, sizeof e2);
    err->code[0] = 0;
    int rc = nsq_parscan(x, &q, raw_range_row, &w, &e2);
    if (rc && rc != NSQ_PARSCAN_NOT_RAW && !w.giveup && err->code[0]) {
        rawr_release(&w);
        return -1; /* the row limit (err set by the row) */
    }
    if (rc || w.giveup) {
        rawr_release(&w);
        return 1; /* whatever else failed, the SQL path meets it itself */
    }
    nsq_pairmap km = NSQ_PAIRMAP_INIT;
    int32_t *to = xmalloc(sizeof *to * (size_t)(w.nk ? w.nk : 1));
    for (int k = 0; k < w.nk; k++)
        to[k] =
            key_of(r, &km, nsq_nvtx_keep(r, w.strs[w.kd[k]]), nsq_nvtx_keep(r, w.strs[w.kn[k]]));
    nsq_pairmap_release(&km);
    for (int64_t i = 0; i < w.n; i++)
        w.rec[i].key = to[w.rec[i].key];
    for (int64_t i = 0; i < w.nmark; i++)
        w.mark[i].key = to[w.mark[i].key];
    free(to);
    r->rows_read = w.rows_read;
    r->push_pop = w.push_pop;
    r->start_end = w.start_end;
    r->marks = w.marks;
    r->unclosed = w.unclosed;
    r->cross_thread = w.cross_thread;
    r->negative = w.negative;
    r->mark = w.mark;
    r->nmark = w.nmark;
    w.mark = NULL;
    *recp = w.rec;
    *np = w.n;
    w.rec = NULL;
    rawr_release(&w);
    return 0;
}

int nsq_nvtx_read_ranges(nsq_nvtx_result *r, nsq_export *x, const nsq_nvtx_opts *o, nsq_err *err)
{
    rrec *rec = NULL;
    int64_t n = 0;
    int rc = o->views ? 1 : ranges_raw(r, x, o, &rec, &n, err);
    if (rc < 0)
        return -1;
    if (rc > 0 && ranges_sql(r, x, o, &rec, &n, err))
        return -1;
    r->ranges = r->ninst = n;
    /* by thread, start, end descending; then packed in place into 24-byte
     * instances (instance i never reaches record i + 1) with the thread
     * segments apart */
    int depth = 8;
    for (int64_t m = n; m > 1; m >>= 1)
        depth += 2;
    rrec_sort(rec, (size_t)n, depth);
    nsq_nvtx_inst *inst = (nsq_nvtx_inst *)(void *)rec;
    int64_t capthr = 0;
    for (int64_t i = 0; i < n; i++) {
        rrec a = rec[i];
        if (!r->nthr || r->thr[r->nthr - 1].gtid != a.gtid) {
            if (r->nthr == capthr) {
                capthr = capthr ? 2 * capthr : 16;
                r->thr = xrealloc(r->thr, (size_t)capthr * sizeof *r->thr);
            }
            r->thr[r->nthr++] = (nsq_nvtx_thr){a.gtid, i};
        }
        inst[i] = (nsq_nvtx_inst){a.start, a.end, a.key, -1};
    }
    r->inst = n ? xrealloc(rec, (size_t)n * sizeof *r->inst) : (free(rec), NULL);
    return 0;
}
