/* scangroup: analyses run as a group, their scans shared (see scangroup.h).
 *
 * The baton: g->turn is the member that may run (-1: none). Whoever gives
 * the baton up (a member that starts a scan, finishes, or waits for members
 * it added; the caller of nsq_scan_together at first) calls schedule(),
 * which hands it to the first member that can run; when none can, it serves
 * the waiting scans of one view (the shared pass runs on that thread, lock
 * released) and tries again. A member stepping aside gives the baton up
 * without serving (its thread has its own work to do): a waiting member's
 * thread serves instead (need_server). A member aside that comes back or
 * ends moves the baton only when no one holds it and no pass is served
 * (nudge). */
#include "nsysql/export/scangroup.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "nsysql/util/grow.h"
#include "nsysql/util/strbuf.h"

enum { M_UNSTARTED, M_READY, M_RUNNING, M_WAITING, M_CHILDREN, M_ASIDE, M_FINISHED };

typedef struct member {
    struct nsq_scan_group *g;
    int idx, parent; /* parent: the member that added it, -1 for none */
    int st, kids_left;
    pthread_t th;
    bool has_thread, reaped; /* reaped: joined (by the member that added it) */
    void (*fn)(void *);
    void *arg;
    /* in the round being served (set and read by the serving thread: the
     * members it serves are blocked; those aside change only their st) */
    bool wait;   /* M_WAITING when the round began */
    bool served; /* its scan made in this round: M_READY after it */
    /* its nsq_parscan, while M_WAITING */
    const nsq_parscan_req *r;
    nsq_parscan_row row;
    void *ctx;
    nsq_err *err;
    int rc;
    /* the shared pass */
    bool joined, failed;
    int map[NSQ_PARSCAN_MAX_COLS]; /* its column i: the pass's column, -1 for NULL */
    bool same;                     /* map[i] == i for all its columns: the row as it is */
    int64_t fed;                   /* rows handed to it */
    int reads;                     /* its scans served so far */
} member;

struct nsq_scan_group {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    nsq_export *x;
    member **m;
    int n, cap;
    int turn, live, passes;
    bool serving;     /* a thread serves a pass (lock released) */
    bool need_server; /* a member stepped aside with scans waiting: a waiting thread serves them */
    struct {
        const char *key; /* a request's view or table */
        int64_t rows;
    } * sizes; /* view_size()'s answers */
    int nsizes, capsizes;
};

static _Thread_local member *tl_self; /* the member this thread runs */
static _Thread_local bool tl_in_pass; /* this thread is running a shared pass */

/* ---- which requests join a pass ---- */

/* Column i of cols (split at commas), trimmed, into out; 0 when it is not a
 * plain name (or NULL, or #name where hashed is allowed). */
static int col_name(const char *cols, int i, char *out, size_t n, bool hashed)
{
    const char *c = cols;
    for (int k = 0; k < i; k++) {
        c = strchr(c, ',');
        if (!c)
            return 0;
        c++;
    }
    while (*c == ' ' || *c == '\n')
        c++;
    size_t len = 0;
    const char *b = c;
    if (*c == '#') {
        if (!hashed)
            return 0;
        c++;
    }
    if (!isalpha((unsigned char)*c) && *c != '_')
        return 0;
    while (isalnum((unsigned char)*c) || *c == '_')
        c++;
    len = (size_t)(c - b);
    while (*c == ' ' || *c == '\n')
        c++;
    if ((*c && *c != ',') || len + 1 > n)
        return 0;
    memcpy(out, b, len);
    out[len] = '\0';
    return 1;
}

static bool joinable(const nsq_parscan_req *r)
{
    char name[64];
    if (!r->view || r->table || (r->where && !r->keep) || r->ncols < 1 ||
        r->ncols > NSQ_PARSCAN_MAX_COLS)
        return false;
    for (int i = 0; i < r->ncols; i++)
        if (!col_name(r->cols, i, name, sizeof name, r->raw_only))
            return false;
    return true;
}

/* The pass's columns. */
typedef struct ucols {
    char name[NSQ_PARSCAN_MAX_COLS][64];
    int n;
} ucols;

/* Adds m's columns to u (m->map set); false, u unchanged, when they do not fit. */
static bool add_cols(ucols *u, member *m)
{
    ucols t = *u;
    for (int i = 0; i < m->r->ncols; i++) {
        char name[64];
        col_name(m->r->cols, i, name, sizeof name, m->r->raw_only);
        if (!strcasecmp(name, "NULL")) {
            m->map[i] = -1;
            continue;
        }
        int k = 0;
        while (k < t.n && strcmp(t.name[k], name))
            k++;
        if (k == t.n) {
            if (t.n == NSQ_PARSCAN_MAX_COLS)
                return false;
            snprintf(t.name[t.n++], sizeof t.name[0], "%s", name);
        }
        m->map[i] = k;
    }
    *u = t;
    m->same = true;
    for (int i = 0; i < m->r->ncols; i++)
        m->same &= m->map[i] == i;
    return true;
}

/* ---- the shared pass ---- */

/* The shared pass hands its rows to the members a block at a time: each
 * member takes the whole block before the next one does, so that one
 * member's state (thousands of names, per device) stays in the cache while
 * it works, instead of every member's being touched for every row. */
#define PASS_BLOCK 1024

typedef struct passbuf {
    struct nsq_scan_group *g;
    int ncols, n;
    int64_t *v;      /* PASS_BLOCK rows of ncols + 1 values, the last 0 */
    unsigned *nulls; /* PASS_BLOCK; bit ncols set: the last value is a NULL */
} passbuf;

/* Hands the buffered rows to every member still fed, one member after
 * another; -1 (err set) when no member is left to feed. */
static int pass_flush(passbuf *b, nsq_err *err)
{
    struct nsq_scan_group *g = b->g;
    int fed = 0;
    int64_t mv[NSQ_PARSCAN_MAX_COLS];
    int stride = b->ncols + 1;
    for (int i = 0; i < g->n; i++) {
        member *m = g->m[i];
        if (!m->joined || m->failed)
            continue;
        fed++;
        int nc = m->r->ncols;
        unsigned own = nc < 32 ? (1u << nc) - 1 : ~0u;
        int k[NSQ_PARSCAN_MAX_COLS]; /* its column c: the pass's, or the NULL after them */
        for (int c = 0; c < nc; c++)
            k[c] = m->map[c] < 0 ? b->ncols : m->map[c];
        for (int r = 0; r < b->n && !m->failed; r++) {
            const int64_t *v = b->v + (size_t)r * (size_t)stride;
            unsigned nulls = b->nulls[r], mn = 0;
            const int64_t *rv = mv;
            if (m->same) {
                /* its columns lead the pass's, in its order (members asking
                 * alike, ranks' per-rank detections): no copy */
                rv = v;
                mn = nulls & own;
            } else {
                for (int c = 0; c < nc; c++) {
                    mv[c] = v[k[c]];
                    mn |= (nulls >> k[c] & 1u) << c;
                }
            }
            if (m->r->keep && !m->r->keep(rv, mn, m->r))
                continue;
            m->fed++;
            if (m->row(m->ctx, rv, mn, m->err))
                m->failed = true;
        }
    }
    b->n = 0;
    if (!fed)
        return nsq_error(err, NSQ_EXIT_INTERNAL, "internal", "every shared scan's reader stopped");
    return 0;
}

static int pass_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    passbuf *b = ctx;
    int64_t *w = b->v + (size_t)b->n * (size_t)(b->ncols + 1);
    memcpy(w, v, sizeof *v * (size_t)b->ncols);
    w[b->ncols] = 0;
    b->nulls[b->n++] = nulls | 1u << b->ncols;
    return b->n == PASS_BLOCK ? pass_flush(b, err) : 0;
}

/* A member's own read from the row it had reached (skip: rows it has had). */
typedef struct resume {
    member *m;
    int64_t skip;
} resume;

static int resume_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    resume *rs = ctx;
    if (rs->skip > 0) {
        rs->skip--;
        return 0;
    }
    return rs->m->row(rs->m->ctx, v, nulls, err);
}

static int read_alone(struct nsq_scan_group *g, member *m, int64_t skip)
{
    resume rs = {m, skip};
    return nsq_parscan_alone(g->x, m->r, resume_row, &rs, m->err);
}

/* The size hint of view/table key (nsq_parscan_size_hint), asked once. */
static int64_t view_size(struct nsq_scan_group *g, const char *key, const nsq_parscan_req *r)
{
    for (int i = 0; i < g->nsizes; i++)
        if (!strcmp(g->sizes[i].key, key))
            return g->sizes[i].rows;
    int64_t rows = nsq_parscan_size_hint(g->x, r);
    NSQ_GROW(g->sizes, g->nsizes + 1, g->capsizes);
    g->sizes[g->nsizes].key = key;
    g->sizes[g->nsizes++].rows = rows;
    return rows;
}

/* Serves the waiting scans of one view (lock released). Small views first,
 * by rows per member waiting on them: members that read them go on to the
 * big ones and wait there, so a big table is read once for more of them (a
 * steady-state detection reads NVTX ranges before kernels, the GPU-op scan
 * copies before kernels). Among views within 1.5x of the fewest rows per
 * member, the one whose members have read least so far (they are the most
 * likely to read others' views later), then the fewest rows per member,
 * then the first such member's. The order changes which reads are shared,
 * never a member's rows. */
static void serve(struct nsq_scan_group *g)
{
    enum { MAXC = 64 };
    struct {
        int m, n, reads;
        double per;
    } cand[MAXC];
    int nc = 0;
    for (int i = 0; i < g->n && nc < MAXC; i++) {
        member *a = g->m[i];
        if (!a->wait)
            continue;
        const char *ka = a->r->view ? a->r->view : a->r->table;
        int c = 0, dup = 0, reads = a->reads;
        for (int j = 0; j < g->n; j++) {
            member *b = g->m[j];
            const char *kb =
                b->wait ? (b->r->view ? b->r->view : b->r->table) : NULL;
            if (kb && ka && !strcmp(ka, kb)) {
                c++;
                dup |= j < i;
                if (b->reads < reads)
                    reads = b->reads;
            }
        }
        if (dup)
            continue; /* the view of an earlier member */
        cand[nc].m = i;
        cand[nc].n = c;
        cand[nc].reads = reads;
        cand[nc].per = (double)(ka ? view_size(g, ka, a->r) : INT64_MAX) / (c ? c : 1);
        nc++;
    }
    if (!nc)
        return;
    double low = cand[0].per;
    for (int k = 1; k < nc; k++)
        if (cand[k].per < low)
            low = cand[k].per;
    int bk = -1;
    for (int k = 0; k < nc; k++) {
        if (cand[k].per > 1.5 * low)
            continue;
        if (bk < 0 || cand[k].reads < cand[bk].reads ||
            (cand[k].reads == cand[bk].reads &&
             (cand[k].per < cand[bk].per ||
              (cand[k].per == cand[bk].per && cand[k].n > cand[bk].n))))
            bk = k;
    }
    int best = cand[bk].m;
    member *first = g->m[best];
    const char *key = first->r->view ? first->r->view : first->r->table;
    ucols u;
    u.n = 0;
    int njoined = 0;
    bool raw_class = false;
    member *lead = NULL;
    for (int i = 0; i < g->n; i++) {
        member *m = g->m[i];
        m->joined = m->failed = false;
        m->fed = 0;
        const char *k = m->wait ? (m->r->view ? m->r->view : m->r->table) : NULL;
        if (!k || strcmp(k, key))
            continue;
        m->wait = false;
        m->served = true; /* served in this round, together or alone */
        m->reads++;
        if (!joinable(m->r) || (lead && (m->r->raw_only != 0) != raw_class) || !add_cols(&u, m))
            continue;
        if (!lead) {
            lead = m;
            raw_class = m->r->raw_only != 0;
        }
        m->joined = true;
        njoined++;
    }
    strbuf cols = STRBUF_INIT;
    for (int k = 0; k < u.n; k++)
        sb_addf(&cols, "%s%s", k ? ", " : "", u.name[k]);
    nsq_parscan_req ur = {.view = key,
                          .cols = cols.buf,
                          .ncols = u.n,
                          .what = lead ? lead->r->what : NULL,
                          .raw_only = raw_class};
    if (njoined >= 2 && u.n > 0 && !raw_class && !nsq_parscan_raw_able(g->x, &ur)) {
        /* the columns together would go through SQLite: share only if no
         * member would have read the pages alone */
        for (int i = 0; i < g->n && njoined; i++)
            if (g->m[i]->joined && nsq_parscan_raw_able(g->x, g->m[i]->r))
                njoined = 0;
    }
    if (njoined < 2 || u.n == 0) {
        for (int i = 0; i < g->n; i++)
            g->m[i]->joined = false;
    } else {
        nsq_err perr;
        memset(&perr, 0, sizeof perr);
        passbuf pb = {g, u.n, 0, xmalloc(sizeof(int64_t) * PASS_BLOCK * (size_t)(u.n + 1)),
                      xmalloc(sizeof(unsigned) * PASS_BLOCK)};
        int rc = nsq_parscan_alone(g->x, &ur, pass_row, &pb, &perr);
        /* the rows read before the pass ended (or failed) reach the members */
        if (pb.n && pass_flush(&pb, &perr) && !rc)
            rc = -1;
        free(pb.v);
        free(pb.nulls);
        g->passes++;
        for (int i = 0; i < g->n; i++) {
            member *m = g->m[i];
            if (!m->joined)
                continue;
            if (m->failed)
                m->rc = -1; /* its own callback set its err */
            else if (rc)
                m->rc = read_alone(g, m, m->fed); /* its own error, or its own rows */
            else
                m->rc = 0;
        }
    }
    sb_release(&cols);
    for (int i = 0; i < g->n; i++) {
        member *m = g->m[i];
        if (m->served && !m->joined && !strcmp(m->r->view ? m->r->view : m->r->table, key))
            m->rc = read_alone(g, m, 0);
    }
}

/* Gives the baton to the first member that can run, serving scans until
 * one can (or, !may_serve, asking a waiting member's thread to); turn -1
 * when none can (lock held). Called only by the baton's holder, or when no
 * one holds it (turn -1, no pass being served). */
static void schedule(struct nsq_scan_group *g, bool may_serve)
{
    g->need_server = false;
    for (;;) {
        for (int i = 0; i < g->n; i++)
            if (g->m[i]->st == M_UNSTARTED || g->m[i]->st == M_READY) {
                g->m[i]->st = M_RUNNING;
                g->turn = i;
                pthread_cond_broadcast(&g->cv);
                return;
            }
        bool waiting = false;
        for (int i = 0; i < g->n; i++)
            waiting |= g->m[i]->st == M_WAITING;
        if (!waiting)
            break;
        g->turn = -1;
        if (!may_serve) {
            g->need_server = true;
            break;
        }
        g->serving = true;
        for (int i = 0; i < g->n; i++)
            g->m[i]->wait = g->m[i]->st == M_WAITING;
        pthread_mutex_unlock(&g->mu);
        tl_in_pass = true;
        serve(g);
        tl_in_pass = false;
        pthread_mutex_lock(&g->mu);
        g->serving = false;
        for (int i = 0; i < g->n; i++) {
            member *m = g->m[i];
            m->wait = false;
            if (m->served) {
                m->served = false;
                m->st = M_READY;
                m->r = NULL;
            }
        }
    }
    g->turn = -1;
    pthread_cond_broadcast(&g->cv);
}

/* Waits for the baton (lock held); serves the waiting scans meanwhile when
 * a member that stepped aside left them to a waiting thread. */
static void wait_turn(struct nsq_scan_group *g, member *me)
{
    while (g->turn != me->idx) {
        if (g->need_server && g->turn == -1 && !g->serving) {
            schedule(g, true);
            continue;
        }
        pthread_cond_wait(&g->cv, &g->mu);
    }
}

/* A member that does not hold the baton changed state (lock held): the
 * baton moves only if no one holds it. */
static void nudge(struct nsq_scan_group *g)
{
    if (g->turn == -1 && !g->serving)
        schedule(g, true);
    else
        pthread_cond_broadcast(&g->cv);
}

/* The calling member of x's group, when it holds the baton. */
static member *running_member(nsq_export *x)
{
    member *me = tl_self;
    if (!me || me->g != x->scan_group || tl_in_pass || me->st != M_RUNNING)
        return NULL;
    return me;
}

void nsq_scan_aside(nsq_export *x)
{
    member *me = running_member(x);
    if (!me)
        return;
    struct nsq_scan_group *g = me->g;
    pthread_mutex_lock(&g->mu);
    me->st = M_ASIDE;
    schedule(g, false); /* this thread goes on with its own work */
    pthread_mutex_unlock(&g->mu);
}

/* Back from aside (lock held): waits for the baton. */
static void back_locked(struct nsq_scan_group *g, member *me)
{
    me->st = M_READY;
    nudge(g);
    wait_turn(g, me);
}

void nsq_scan_back(nsq_export *x)
{
    member *me = tl_self;
    if (!me || me->g != x->scan_group || tl_in_pass || me->st != M_ASIDE)
        return;
    struct nsq_scan_group *g = me->g;
    pthread_mutex_lock(&g->mu);
    back_locked(g, me);
    pthread_mutex_unlock(&g->mu);
}

static void *member_main(void *p)
{
    member *me = p;
    struct nsq_scan_group *g = me->g;
    tl_self = me;
    pthread_mutex_lock(&g->mu);
    wait_turn(g, me);
    pthread_mutex_unlock(&g->mu);
    me->fn(me->arg);
    pthread_mutex_lock(&g->mu);
    bool held = me->st != M_ASIDE; /* it holds the baton unless it ended aside */
    me->st = M_FINISHED;
    g->live--;
    if (me->parent >= 0 && --g->m[me->parent]->kids_left == 0)
        g->m[me->parent]->st = M_READY;
    if (held)
        schedule(g, true);
    else
        nudge(g);
    pthread_mutex_unlock(&g->mu);
    return NULL;
}

/* x->scan_serve: 1 when x's group serves this read (then *rc is its
 * result), 0 when the caller reads on its own. */
static int group_parscan(nsq_export *x, const nsq_parscan_req *r, nsq_parscan_row row, void *ctx,
                         nsq_err *err, int *rc)
{
    struct nsq_scan_group *g = x->scan_group;
    member *me = tl_self;
    if (!g || !me || me->g != g || tl_in_pass)
        return 0;
    pthread_mutex_lock(&g->mu);
    if (me->st == M_ASIDE)
        back_locked(g, me); /* a read while aside: back first */
    me->r = r;
    me->row = row;
    me->ctx = ctx;
    me->err = err;
    me->rc = -1;
    me->st = M_WAITING;
    schedule(g, true);
    wait_turn(g, me);
    pthread_mutex_unlock(&g->mu);
    *rc = me->rc;
    return 1;
}

/* Adds members for fn/arg (lock held); returns the index of the first.
 * Those whose thread cannot be made are left M_FINISHED with fn set (the
 * caller runs them itself). */
static int add_members(struct nsq_scan_group *g, int parent, int n, void (*const *fn)(void *),
                       void *const *arg)
{
    int first = g->n;
    NSQ_GROW(g->m, g->n + n, g->cap);
    for (int i = 0; i < n; i++) {
        member *m = xcalloc(1, sizeof *m);
        *m = (member){
            .g = g, .idx = g->n, .parent = parent, .st = M_UNSTARTED, .fn = fn[i], .arg = arg[i]};
        g->m[g->n++] = m;
        if (pthread_create(&m->th, NULL, member_main, m)) {
            m->st = M_FINISHED;
        } else {
            m->has_thread = true;
            g->live++;
        }
    }
    return first;
}

int nsq_scan_together(nsq_export *x, int n, void (*const *fn)(void *), void *const *arg)
{
    member *me = tl_self;
    if (n < 1)
        return 0;
    if (me && (me->g != x->scan_group || tl_in_pass)) {
        /* inside a group on another export: one after the other */
        for (int i = 0; i < n; i++)
            fn[i](arg[i]);
        return 0;
    }
    if (me) { /* more members for our group; we wait for them */
        struct nsq_scan_group *g = me->g;
        pthread_mutex_lock(&g->mu);
        if (me->st == M_ASIDE)
            back_locked(g, me);
        int passes0 = g->passes;
        int first = add_members(g, me->idx, n, fn, arg);
        int kids = 0;
        for (int i = first; i < first + n; i++)
            kids += g->m[i]->has_thread;
        me->kids_left = kids;
        if (kids) {
            me->st = M_CHILDREN;
            schedule(g, true);
            wait_turn(g, me);
        }
        int passes = g->passes - passes0;
        pthread_mutex_unlock(&g->mu);
        for (int i = first; i < first + n; i++) {
            member *m = g->m[i];
            if (m->has_thread) {
                pthread_join(m->th, NULL);
                m->reaped = true;
            } else
                m->fn(m->arg); /* no thread: here, its scans ours */
        }
        return passes;
    }
    struct nsq_scan_group g;
    memset(&g, 0, sizeof g);
    pthread_mutex_init(&g.mu, NULL);
    pthread_cond_init(&g.cv, NULL);
    g.x = x;
    g.turn = -1;
    pthread_mutex_lock(&g.mu);
    add_members(&g, -1, n, fn, arg);
    if (g.live) {
        x->scan_group = &g;
        x->scan_serve = group_parscan;
        schedule(&g, true);
        while (g.live > 0 || g.turn != -1)
            pthread_cond_wait(&g.cv, &g.mu);
    }
    pthread_mutex_unlock(&g.mu);
    for (int i = 0; i < g.n; i++)
        if (g.m[i]->has_thread && !g.m[i]->reaped)
            pthread_join(g.m[i]->th, NULL);
    x->scan_group = NULL;
    x->scan_serve = NULL;
    for (int i = 0; i < n; i++)
        if (!g.m[i]->has_thread)
            g.m[i]->fn(g.m[i]->arg);
    for (int i = 0; i < g.n; i++)
        free(g.m[i]);
    free(g.m);
    free(g.sizes);
    pthread_cond_destroy(&g.cv);
    pthread_mutex_destroy(&g.mu);
    return g.passes;
}
