/* steady/series: which NVTX range is the iteration (nvtx_pick.chosen).
 * Pass 1 counts every series of closed ranges (from the table's pages
 * through nsq_parscan when it can, else through an aggregate function
 * registered on the export's connection for one statement: the push scan);
 * pass 2, only when there is a choice, walks each thread's ranges in start
 * order to see which series sit inside which and samples each candidate's
 * spacing: from the rows pass 1 kept when it can (nest_from_recs()), else
 * through SQLite's ORDER BY. Memory (nvtx_pick, released by nsq_sd_nvtx_pick_release()): one
 * series record per distinct series, a 256-value spacing reservoir per
 * candidate, and 20 bytes per closed range (at most 2^22 of them, in blocks
 * of 65536; 4 more while pass 2 walks them in order) that
 * nsq_sd_nvtx_iterations() turns into iterations and frees. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nsysql/util/strbuf.h"

/* The NVTX series scans read the text, which nsq_parscan does not deliver:
 * they read their rows inside SQLite, "SELECT " PUSH_FN "(cols) FROM ..."
 * calling an aggregate function registered on the export's connection for
 * the length of one statement, whose step gets the row's values directly,
 * with no sqlite3_step() and sqlite3_column_*() call per row (each takes the
 * connection's mutex). The row callback returns 0, or -1 with d->err set
 * (the scan then stops). sqlite3_value_*() reads a value exactly as
 * sqlite3_column_*() reads the same column (NULL reads 0). */
typedef int (*push_row_fn)(void *ctx, sqlite3_value **v);

typedef struct pushscan {
    push_row_fn row;
    void *ctx;
    int failed; /* the callback failed: d->err is set */
} pushscan;

#define PUSH_FN "nsysql_steady_row"

static void push_step(sqlite3_context *c, int argc, sqlite3_value **v)
{
    pushscan *ps = sqlite3_user_data(c);
    (void)argc;
    if (ps->failed)
        return;
    if (ps->row(ps->ctx, v)) {
        ps->failed = 1;
        sqlite3_result_error(c, "steady-state row scan", -1);
    }
}

static void push_final(sqlite3_context *c)
{
    sqlite3_result_null(c);
}

static void push_unregister(det *d)
{
    sqlite3_create_function_v2(d->x->db, PUSH_FN, -1, SQLITE_UTF8, NULL, NULL, NULL, NULL, NULL);
}

/* Registers the function for ps and prepares sql into *st (for the caller to
 * bind); push_run() then runs and finalizes it. On failure nothing stays
 * registered or prepared. */
static int push_prepare(det *d, pushscan *ps, const char *sql, sqlite3_stmt **st, const char *what)
{
    int rc = sqlite3_create_function_v2(d->x->db, PUSH_FN, -1, SQLITE_UTF8, ps, NULL, push_step,
                                        push_final, NULL);
    *st = NULL;
    ps->failed = 0;
    if (rc != SQLITE_OK)
        return nsq_sd_sql_fail(d, rc, what);
    rc = sqlite3_prepare_v2(d->x->db, sql, -1, st, NULL);
    if (rc != SQLITE_OK) {
        *st = NULL;
        push_unregister(d);
        return nsq_sd_sql_fail(d, rc, what);
    }
    return 0;
}

/* Runs the statement push_prepare() made (every row goes to ps->row),
 * finalizes it and unregisters the function. */
static int push_run(det *d, pushscan *ps, sqlite3_stmt *st, const char *what)
{
    int rc, ret = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        ;
    sqlite3_finalize(st);
    if (ps->failed)
        ret = -1; /* d->err set by the callback */
    else if (rc != SQLITE_DONE)
        ret = nsq_sd_sql_fail(d, rc, what);
    push_unregister(d);
    return ret;
}
/* REC_MAX, or NSYSQL_STEADY_REC_MAX when set lower (tests: the second read) */
static int64_t rec_max(void)
{
    static int64_t m = -1;
    if (m < 0) {
        const char *e = getenv("NSYSQL_STEADY_REC_MAX");
        long long v = e && *e ? strtoll(e, NULL, 10) : REC_MAX;
        m = v >= 0 && v < REC_MAX ? v : REC_MAX;
    }
    return m;
}
static uint64_t text_hash(const unsigned char *t, int len)
{
    return nsq_text_hash(t, (size_t)len);
}

static size_t series_key(uint64_t th, int64_t domain, int has_domain, int64_t owner, int pp)
{
    return nsq_sd_mix64((int64_t)(th ^ (uint64_t)nsq_sd_mix64(has_domain ? domain : INT64_MIN) ^
                                  ((uint64_t)nsq_sd_mix64(owner) << 1) ^ (uint64_t)pp));
}

/* The series with this key; with add, a new one is created when absent.
 * Returns -1 when absent (and not added). */
static int64_t series_get(nvtx_pick *p, uint64_t th, int64_t domain, int has_domain, int64_t owner,
                          int pp, int add)
{
    if (add && (size_t)(p->ns + 1) * 2 > p->nslots) {
        size_t ncap = p->nslots ? p->nslots * 2 : 1024;
        int64_t *ns = xmalloc(sizeof *ns * ncap);
        for (size_t i = 0; i < ncap; i++)
            ns[i] = -1;
        for (int64_t i = 0; i < p->ns; i++) {
            series *e = &p->sv[i];
            size_t h = series_key(e->th, e->domain, e->has_domain, e->owner, e->pp) & (ncap - 1);
            while (ns[h] >= 0)
                h = (h + 1) & (ncap - 1);
            ns[h] = i;
        }
        free(p->slot);
        p->slot = ns;
        p->nslots = ncap;
    }
    if (!p->nslots)
        return -1;
    size_t h = series_key(th, domain, has_domain, owner, pp) & (p->nslots - 1);
    for (; p->slot[h] >= 0; h = (h + 1) & (p->nslots - 1)) {
        series *e = &p->sv[p->slot[h]];
        if (e->th == th && e->owner == owner && e->pp == pp && e->has_domain == has_domain &&
            (!has_domain || e->domain == domain))
            return p->slot[h];
    }
    if (!add)
        return -1;
    if (p->ns == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 256;
        p->sv = xrealloc(p->sv, sizeof *p->sv * (size_t)p->cap);
    }
    series *e = &p->sv[p->ns];
    memset(e, 0, sizeof *e);
    e->th = th;
    e->domain = domain;
    e->has_domain = has_domain;
    e->owner = owner;
    e->pp = pp;
    e->anc = -1;
    e->last_start = INT64_MIN;
    p->slot[h] = p->ns;
    return p->ns++;
}

void nsq_sd_rec_release(nvtx_pick *p)
{
    for (int64_t b = 0; b * REC_BLOCK < p->nrec; b++)
        free(p->rec[b]);
    free(p->rec);
    p->rec = NULL;
    p->nrec = p->caprec = 0;
    p->rec_state = 2;
}

void nsq_sd_nvtx_pick_release(nvtx_pick *p)
{
    nsq_sd_rec_release(p);
    for (int64_t i = 0; i < p->ns; i++) {
        free(p->sv[i].text);
        free(p->sv[i].sp);
    }
    free(p->sv);
    free(p->slot);
    memset(p, 0, sizeof *p);
}

static const char nvtx_where[] =
    " FROM nvtx WHERE kind IN ('push_pop', 'start_end') AND end_ns IS NOT NULL AND end_ns >= "
    "start_ns AND text IS NOT NULL AND (?1 IS NULL OR text = ?1) AND (?2 IS NULL OR pid = ?2)";

/* Prepares the push scan "SELECT PUSH_FN(<cols>) <nvtx_where>" with the
 * --iteration-range and --pid filters; with order, the rows come through a
 * subquery "SELECT <inner> <nvtx_where> ORDER BY <order>" (inner names the
 * columns cols reads) (an aggregate's input has no order of its own; a
 * subquery with ORDER BY under an aggregate is never flattened). */
static int nvtx_prepare(det *d, pushscan *ps, const char *cols, const char *inner,
                        const char *order, sqlite3_stmt **st)
{
    strbuf q = STRBUF_INIT;
    if (order)
        sb_addf(&q, "SELECT " PUSH_FN "(%s) FROM (SELECT %s%s ORDER BY %s)", cols, inner,
                nvtx_where, order);
    else
        sb_addf(&q, "SELECT " PUSH_FN "(%s)%s", cols, nvtx_where);
    int rc = push_prepare(d, ps, q.buf, st, "steady-state NVTX ranges");
    sb_release(&q);
    if (rc)
        return -1;
    if (d->o->iteration_range)
        sqlite3_bind_text(*st, 1, d->o->iteration_range, -1, SQLITE_STATIC);
    if (d->o->has_pid)
        sqlite3_bind_int64(*st, 2, d->o->pid);
    return 0;
}

/* Adds a start-to-start spacing to a series' reservoir (uniform sample). */
static void spacing_add(nvtx_pick *p, series *s, double v)
{
    s->seen_sp++;
    if (s->nsp < RESERVOIR) {
        if (!s->sp)
            s->sp = xmalloc(sizeof *s->sp * RESERVOIR);
        s->sp[s->nsp++] = v;
        return;
    }
    p->rng = p->rng * 6364136223846793005ULL + 1442695040888963407ULL;
    uint64_t k = (p->rng >> 17) % (uint64_t)s->seen_sp;
    if (k < RESERVOIR)
        s->sp[k] = v;
}

/* Keeps a pass-1 row's bounds and series while there are not too many. */
static int rec_add(nvtx_pick *p, int64_t start, int64_t end, int64_t si)
{
    if (p->rec_state == 0) {
        if (p->nrec >= rec_max()) {
            nsq_sd_rec_release(p);
            return 0;
        }
        int64_t b = p->nrec / REC_BLOCK, o = p->nrec % REC_BLOCK;
        if (!o) {
            NSQ_GROW(p->rec, b + 1, p->caprec);
            p->rec[b] = xmalloc(sizeof **p->rec);
        }
        p->rec[b]->se[2 * o] = start;
        p->rec[b]->se[2 * o + 1] = end;
        p->rec[b]->s[o] = (int32_t)si; /* fewer than REC_MAX series */
        p->nrec++;
    }
    return 0;
}

/* nsq_sd_nvtx_find()'s two scans (the rows of nvtx_prepare()). */
typedef struct nvtx_frame {
    int64_t end, e1, e2;
} nvtx_frame;

typedef struct nvtx_scan {
    nvtx_pick *p;
    nvtx_frame *stack; /* owned */
    int64_t depth, scap, cur_tid;
    int any_eligible;
} nvtx_scan;

/* Pass 1 row: text, domain_id, global_tid, kind = 'push_pop', dur_ns,
 * start_ns, end_ns. */
static int nvtx_count_row(void *ctx, sqlite3_value **v)
{
    nvtx_scan *sc = ctx;
    nvtx_pick *p = sc->p;
    /* the types first: reading a value as text may change its type */
    int tt = sqlite3_value_type(v[0]), dt = sqlite3_value_type(v[1]);
    int gt = sqlite3_value_type(v[2]);
    const unsigned char *t = sqlite3_value_text(v[0]);
    int len = sqlite3_value_bytes(v[0]);
    int pp = sqlite3_value_int(v[3]);
    int64_t gtid = sqlite3_value_int64(v[2]);
    int64_t si = series_get(p, text_hash(t, len), sqlite3_value_int64(v[1]), dt != SQLITE_NULL,
                            pp ? gtid : gtid & GPID_MASK, pp, 1);
    series *e = &p->sv[si];
    if (++e->n == 2)
        e->text = xstrndup((const char *)t, (size_t)len);
    e->total_ns = nsq_sat_add(e->total_ns, sqlite3_value_int64(v[4]));
    if (tt != SQLITE_TEXT || memchr(t, 0, (size_t)len) ||
        (dt != SQLITE_INTEGER && dt != SQLITE_NULL) || gt != SQLITE_INTEGER)
        e->inexact = 1;
    return rec_add(p, sqlite3_value_int64(v[5]), sqlite3_value_int64(v[6]), si);
}

/* One pass 2 row (series si), in (global_tid, start, end desc) order. */
static void nest_one(nvtx_scan *sc, int64_t s0, int64_t e0, int64_t gtid, int64_t si, int pp)
{
    nvtx_pick *p = sc->p;
    series *s = &p->sv[si];
    int inner = 0;
    if (pp) {
        if (gtid != sc->cur_tid) {
            sc->cur_tid = gtid;
            sc->depth = 0;
        }
        while (sc->depth && sc->stack[sc->depth - 1].end <= s0)
            sc->depth--;
        int64_t pe1 = -1, pe2 = -1;
        if (sc->depth && sc->stack[sc->depth - 1].end >= e0) {
            pe1 = sc->stack[sc->depth - 1].e1;
            pe2 = sc->stack[sc->depth - 1].e2;
        }
        int64_t other = pe1 != -1 && pe1 != si ? pe1 : pe2 != -1 && pe2 != si ? pe2 : -1;
        if (other >= 0 && s->n >= 2) {
            s->nested_other++;
            if (s->anc < 0)
                s->anc = other;
            if (s->anc == other)
                s->anc_n++;
        }
        inner = pe1 == si || pe2 == si;
        if (s->eligible) {
            if (sc->depth == sc->scap) {
                sc->scap = sc->scap ? sc->scap * 2 : 32;
                sc->stack = xrealloc(sc->stack, sizeof *sc->stack * (size_t)sc->scap);
            }
            nvtx_frame *f = &sc->stack[sc->depth++];
            f->end = e0;
            f->e1 = si;
            f->e2 = pe1 != si ? pe1 : pe2;
        }
    }
    if (s->n < 2 || (sc->any_eligible && !s->eligible) || inner)
        return;
    if (s->last_start != INT64_MIN)
        spacing_add(p, s, (double)(s0 - s->last_start));
    s->last_start = s0;
    s->kept++;
}

/* Pass 2 row, in (global_tid, start, end desc) order: start_ns, end_ns,
 * global_tid, text, domain_id, kind = 'push_pop'. */
static int nvtx_nest_row(void *ctx, sqlite3_value **v)
{
    nvtx_scan *sc = ctx;
    int64_t s0 = sqlite3_value_int64(v[0]), e0 = sqlite3_value_int64(v[1]);
    int64_t gtid = sqlite3_value_int64(v[2]);
    const unsigned char *t = sqlite3_value_text(v[3]);
    int len = sqlite3_value_bytes(v[3]);
    int pp = sqlite3_value_int(v[5]);
    int64_t si =
        series_get(sc->p, text_hash(t, len), sqlite3_value_int64(v[4]),
                   sqlite3_value_type(v[4]) != SQLITE_NULL, pp ? gtid : gtid & GPID_MASK, pp, 0);
    if (si >= 0)
        nest_one(sc, s0, e0, gtid, si, pp);
    return 0;
}

static inline int64_t rec_start(const nvtx_pick *p, int64_t i)
{
    return p->rec[i / REC_BLOCK]->se[2 * (i % REC_BLOCK)];
}

static inline int64_t rec_end(const nvtx_pick *p, int64_t i)
{
    return p->rec[i / REC_BLOCK]->se[2 * (i % REC_BLOCK) + 1];
}

static inline int32_t rec_series(const nvtx_pick *p, int64_t i)
{
    return p->rec[i / REC_BLOCK]->s[i % REC_BLOCK];
}

/* A kept row of one thread, to sort by (start, end desc, row). */
typedef struct nestkey {
    int64_t s, e;
    uint32_t i;
} nestkey;

static int cmp_nest(const void *pa, const void *pb)
{
    const nestkey *a = pa, *b = pb;
    if (a->s != b->s)
        return a->s < b->s ? -1 : 1;
    if (a->e != b->e)
        return a->e > b->e ? -1 : 1;
    return a->i < b->i ? -1 : a->i > b->i;
}

/* Pass 2 from the rows pass 1 kept, when it can give exactly what the
 * statement gives: every row kept (rec_state 1), every series push/pop
 * (its owner is the row's thread: start/end series are keyed by process,
 * and their rows' threads, which the order needs, are not kept) and exact
 * (nothing SQL would compare otherwise), and no two rows of one thread with
 * the same bounds in different series (the statement's order leaves such
 * ties to its sorter). The rows are put in (thread, start, end desc) order:
 * a stable bucketing by thread, then each thread's rows, already in start
 * order in most exports, sorted only where they are not. Returns 0 (done),
 * 1 when the statement must be run instead (nothing changed). */
static int nest_from_recs(nvtx_scan *sc)
{
    nvtx_pick *p = sc->p;
    if (p->rec_state != 1 || p->nrec <= 0 || p->nrec > (int64_t)UINT32_MAX)
        return 1;
    for (int64_t i = 0; i < p->ns; i++)
        if (p->sv[i].n && (!p->sv[i].pp || p->sv[i].inexact))
            return 1;
    /* the threads: the series' distinct owners, sorted (deduplicated in
     * place), and each series' thread among them */
    int64_t nthr = 0, *thr = xmalloc(sizeof *thr * (size_t)(p->ns ? p->ns : 1));
    int32_t *tix = xmalloc(sizeof *tix * (size_t)(p->ns ? p->ns : 1));
    for (int64_t i = 0; i < p->ns; i++)
        thr[i] = p->sv[i].owner;
    qsort(thr, (size_t)p->ns, sizeof *thr, nsq_cmp_i64);
    for (int64_t i = 0; i < p->ns; i++)
        if (!nthr || thr[nthr - 1] != thr[i])
            thr[nthr++] = thr[i];
    for (int64_t i = 0; i < p->ns; i++) {
        int64_t lo = 0, hi = nthr - 1;
        while (lo < hi) {
            int64_t mid = (lo + hi) / 2;
            if (thr[mid] < p->sv[i].owner)
                lo = mid + 1;
            else
                hi = mid;
        }
        tix[i] = (int32_t)lo;
    }
    int64_t *at = xcalloc((size_t)nthr + 1, sizeof *at);
    for (int64_t i = 0; i < p->nrec; i++)
        at[tix[rec_series(p, i)] + 1]++;
    for (int64_t t = 0; t < nthr; t++)
        at[t + 1] += at[t];
    uint32_t *ord = xmalloc(sizeof *ord * (size_t)p->nrec);
    int64_t *fill = xmalloc(sizeof *fill * (size_t)(nthr ? nthr : 1));
    memcpy(fill, at, sizeof *fill * (size_t)nthr);
    for (int64_t i = 0; i < p->nrec; i++)
        ord[fill[tix[rec_series(p, i)]]++] = (uint32_t)i;
    free(fill);
    int ret = 0;
    for (int64_t t = 0; t < nthr && !ret; t++) {
        uint32_t *o = ord + at[t];
        int64_t n = at[t + 1] - at[t];
        int sorted = 1;
        for (int64_t k = 1; k < n && sorted; k++) {
            int64_t s0 = rec_start(p, o[k - 1]), s1 = rec_start(p, o[k]);
            sorted = s0 < s1 || (s0 == s1 && rec_end(p, o[k - 1]) >= rec_end(p, o[k]));
        }
        if (!sorted) {
            nestkey *k = xmalloc(sizeof *k * (size_t)n);
            for (int64_t j = 0; j < n; j++)
                k[j] = (nestkey){rec_start(p, o[j]), rec_end(p, o[j]), o[j]};
            qsort(k, (size_t)n, sizeof *k, cmp_nest);
            for (int64_t j = 0; j < n; j++)
                o[j] = k[j].i;
            free(k);
        }
        for (int64_t k = 1; k < n; k++)
            if (rec_start(p, o[k - 1]) == rec_start(p, o[k]) &&
                rec_end(p, o[k - 1]) == rec_end(p, o[k]) &&
                rec_series(p, o[k - 1]) != rec_series(p, o[k])) {
                ret = 1; /* a tie the statement's sorter orders */
                break;
            }
    }
    if (!ret)
        for (int64_t k = 0; k < p->nrec; k++) {
            uint32_t i = ord[k];
            int32_t si = rec_series(p, i);
            nest_one(sc, rec_start(p, i), rec_end(p, i), thr[tix[si]], si, 1);
        }
    free(ord);
    free(at);
    free(thr);
    free(tix);
    return ret;
}

/* The NVTX rows as the page reader gives them, for both passes (the columns
 * nvtx_raw_row and inst_raw_row read). */
nsq_parscan_req nsq_sd_nvtx_pages_req(const char *what)
{
    return (nsq_parscan_req){.view = "nvtx",
                             .cols = "start_ns, end_ns, event_type, global_tid, domain_id, "
                                     "text_id, #text_inline, row_id",
                             .ncols = 8,
                             .what = what,
                             .raw_only = 1};
}

static int nvtx_raw_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    nvtx_raw *nr = ctx;
    nvtx_pick *p = nr->p;
    const nsq_steady_opts *o = nr->d->o;
    int64_t et = v[2], gtid = v[3], th, dur;
    (void)err;
    /* kind IN ('push_pop', 'start_end'), end_ns >= start_ns (neither NULL) */
    if ((nulls & 7u) || v[1] < v[0] || !(et == 59 || et == 70 || et == 60 || et == 71))
        return 0;
    if (o->has_pid && ((nulls & 8u) || ((gtid >> 24) & 16777215) != o->pid))
        return 0;
    int tr = nsq_sd_raw_text(nr, v, nulls, &th);
    if (tr)
        return tr > 0 ? 0 : -1;
    if (__builtin_sub_overflow(v[1], v[0], &dur)) {
        nr->aborted = 1;
        return -1;
    }
    int pp = et == 59 || et == 70;
    int64_t si =
        series_get(p, (uint64_t)th, v[4], !(nulls & 16u), pp ? gtid : gtid & GPID_MASK, pp, 1);
    series *e = &p->sv[si];
    if (++e->n == 1)
        e->first_row = v[7];
    e->total_ns = nsq_sat_add(e->total_ns, dur);
    if (nulls & 8u)
        e->inexact = 1;
    return rec_add(p, v[0], v[1], si);
}

/* The text hash of a row read from the pages (inline text or StringIds
 * value by text_id): 0, 1 when the text is NULL (the row is not a range),
 * -1 (aborted) when the value is not a text the pages could give. */
int nsq_sd_raw_text(nvtx_raw *nr, const int64_t *v, unsigned nulls, int64_t *out)
{
    int64_t th;
    if (!(nulls & 64u)) {
        th = v[6];
    } else if (nulls & 32u) {
        return 1; /* text IS NULL */
    } else {
        int ins;
        int64_t *slot = nsq_sd_i64map_get(&nr->ids, v[5], nr->nids, &ins);
        if (ins) {
            if (!(nr->nids & (nr->nids - 1))) {
                size_t cap = nr->nids ? (size_t)nr->nids * 2 : 16;
                nr->th = xrealloc(nr->th, cap * sizeof *nr->th);
                nr->state = xrealloc(nr->state, cap * sizeof *nr->state);
            }
            nr->nids++;
            sqlite3_stmt *st = NULL;
            int val = 0; /* NULL */
            uint64_t h = 0;
            if (sqlite3_prepare_v2(nr->d->x->db, "SELECT s.value FROM StringIds s WHERE s.id = ?1",
                                   -1, &st, NULL) != SQLITE_OK) {
                val = 2;
            } else {
                sqlite3_bind_int64(st, 1, v[5]);
                int rc = sqlite3_step(st);
                if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_TEXT) {
                    const unsigned char *t = sqlite3_column_text(st, 0);
                    int len = sqlite3_column_bytes(st, 0);
                    val = memchr(t, 0, (size_t)len) ? 2 : 1;
                    h = text_hash(t, len);
                } else if (!(rc == SQLITE_DONE ||
                             (rc == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_NULL))) {
                    val = 2;
                }
            }
            sqlite3_finalize(st);
            nr->th[*slot] = h;
            nr->state[*slot] = val;
        }
        if (nr->state[*slot] == 2) {
            nr->aborted = 1;
            return -1;
        }
        if (nr->state[*slot] == 0)
            return 1;
        th = (int64_t)nr->th[*slot];
    }
    *out = th;
    return 0;
}

/* Pass 1 from the pages: 0, -1 (d->err set), or NSQ_PARSCAN_NOT_RAW with p
 * as it was (empty). */
static int nvtx_count_raw(det *d, nvtx_pick *p)
{
    if (d->o->iteration_range)
        return NSQ_PARSCAN_NOT_RAW; /* text = ?1 needs the texts themselves */
    nvtx_raw nr = {d, p, {0}, NULL, NULL, 0, 0};
    nsq_parscan_req req = nsq_sd_nvtx_pages_req("steady-state NVTX ranges");
    int rc = nsq_parscan(d->x, &req, nvtx_raw_row, &nr, d->err);
    nsq_sd_i64map_release(&nr.ids);
    free(nr.th);
    free(nr.state);
    if (rc == 0) {
        p->raw = 1;
        return 0;
    }
    if (rc < 0 && !nr.aborted)
        return -1;
    uint64_t rng = p->rng;
    nsq_sd_nvtx_pick_release(p);
    p->chosen = -1;
    p->rng = rng;
    return NSQ_PARSCAN_NOT_RAW;
}

/* The chosen series' text when pass 1 came from the pages (hashes only). */
static int chosen_text(det *d, nvtx_pick *p)
{
    series *s = &p->sv[p->chosen];
    sqlite3_stmt *st = NULL;
    int rc;
    if (s->text)
        return 0;
    rc = sqlite3_prepare_v2(d->x->db, "SELECT text FROM nvtx WHERE row_id = ?1", -1, &st, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, s->first_row);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW)
            s->text = xstrndup((const char *)sqlite3_column_text(st, 0),
                               (size_t)sqlite3_column_bytes(st, 0));
    }
    sqlite3_finalize(st);
    if (!s->text)
        return nsq_sd_sql_fail(d, rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_CORRUPT : rc,
                               "steady-state NVTX range text");
    return 0;
}

/* Picks the iteration series among repeated NVTX ranges (p->chosen).
 * Pass 1 counts every series; pass 2 walks each thread's ranges in start
 * order (outer before inner) with a stack to see which repeated series sit
 * inside which, and samples each candidate's spacing. */
int nsq_sd_nvtx_find(det *d, nvtx_pick *p)
{
    sqlite3_stmt *st = NULL;
    int ret = -1, any_eligible = 0;
    nvtx_scan scan = {p, NULL, 0, 0, INT64_MIN, 0};
    pushscan ps = {nvtx_count_row, &scan, 0};
    double *scratch = xmalloc(sizeof *scratch * RESERVOIR);
    memset(p, 0, sizeof *p);
    p->chosen = -1;
    p->rng = 0x9e3779b97f4a7c15ULL;

    int raw = nvtx_count_raw(d, p);
    if (raw < 0)
        goto done;
    if (raw == NSQ_PARSCAN_NOT_RAW &&
        (nvtx_prepare(d, &ps,
                      "text, domain_id, global_tid, kind = 'push_pop', dur_ns, start_ns, end_ns",
                      NULL, NULL, &st) ||
         push_run(d, &ps, st, "steady-state NVTX ranges")))
        goto done;
    if (p->rec_state == 0)
        p->rec_state = 1;
    int64_t ncand = 0;
    for (int64_t i = 0; i < p->ns; i++) {
        p->sv[i].eligible = p->sv[i].n >= MIN_SERIES;
        any_eligible |= p->sv[i].eligible;
        ncand += p->sv[i].n >= 2;
    }
    if (!ncand) {
        ret = 0;
        goto done;
    }
    if (ncand == 1) {
        /* nothing to compare it with: no nesting or regularity needed */
        for (int64_t i = 0; i < p->ns; i++)
            if (p->sv[i].n >= 2)
                p->chosen = i;
        ret = 0;
        goto done;
    }

    scan.any_eligible = any_eligible;
    ps.row = nvtx_nest_row;
    if (nest_from_recs(&scan) &&
        (nvtx_prepare(d, &ps, "start_ns, end_ns, global_tid, text, domain_id, pp",
                      "start_ns, end_ns, global_tid, text, domain_id, kind = 'push_pop' AS pp",
                      "global_tid, start_ns, end_ns DESC", &st) ||
         push_run(d, &ps, st, "steady-state NVTX ranges")))
        goto done;
    for (int64_t i = 0; i < p->ns; i++) {
        series *s = &p->sv[i];
        double med = 0, sc = 0;
        if (s->nsp > 0)
            nsq_sd_median_scale(s->sp, s->nsp, scratch, &med, &sc);
        s->rcv = med > 0 ? sc / med : 1e9;
        s->score = (double)s->total_ns / (1.0 + s->rcv);
    }

    /* choose: the best-scoring top-level eligible series (with
     * --iteration-range, or when none repeats 5 times: the most frequent) */
    int64_t best = -1;
    int by_count = d->o->iteration_range || !any_eligible;
    for (int64_t i = 0; i < p->ns; i++) {
        series *s = &p->sv[i];
        if (!s->kept || (!by_count && (!s->eligible || s->nested_other * 2 >= s->n)))
            continue;
        if (best < 0) {
            best = i;
            continue;
        }
        series *b = &p->sv[best];
        int better = by_count ? s->kept > b->kept || (s->kept == b->kept && s->score > b->score)
                              : s->score > b->score || (s->score == b->score && s->kept > b->kept);
        if (better)
            best = i;
    }
    /* descend into a much more frequent nested range when the outer one is rare */
    while (best >= 0 && !d->o->iteration_range && p->sv[best].kept < DESCEND_BELOW) {
        int64_t child = -1;
        for (int64_t i = 0; i < p->ns; i++) {
            series *c = &p->sv[i];
            if (!c->eligible || !c->kept || c->anc != best || c->anc_n * 2 < c->n ||
                c->kept < 4 * p->sv[best].kept)
                continue;
            if (child < 0 || c->score > p->sv[child].score)
                child = i;
        }
        if (child < 0)
            break;
        best = child;
    }
    p->chosen = best;
    ret = 0;
done:
    if (!ret && p->chosen >= 0)
        ret = chosen_text(d, p);
    free(scan.stack);
    free(scratch);
    return ret;
}
