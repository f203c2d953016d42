/* Replaced kernels (internal.h): a removed and an added kernel paired by
 * role evidence (the same place in the sequence, the same library family,
 * or the only two). */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/analysis/steady.h"
#include "nsysql/analysis/window.h"
#include "nsysql/export/devmap.h"
#include "nsysql/export/parscan.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/strbuf.h"

/* ---- summary, verdicts, attribution ------------------------------------------------ */

/* ---- replaced kernels ---------------------------------------------------------- */

/* The family of a library kernel name: its '_'-separated tokens without
 * the ones that name a tile or layout (digits, NxM shapes, one letter,
 * transpose codes such as NTN). "" when nothing was dropped or fewer than
 * two tokens remain. */
static void family_key(const char *name, char *out, size_t osz, int *tile)
{
    size_t o = 0;
    if (tile)
        *tile = 0;
    int kept = 0, dropped = 0;
    const char *p = name;
    out[0] = 0;
    while (*p) {
        const char *q = p;
        while (*q && *q != '_')
            q++;
        size_t len = (size_t)(q - p);
        int drop = len <= 1, digits = 1, shape = len > 0, layout = len >= 2 && len <= 4;
        for (size_t i = 0; i < len; i++) {
            char c = p[i];
            if (c < '0' || c > '9')
                digits = 0;
            if (!((c >= '0' && c <= '9') || c == 'x'))
                shape = 0;
            if (c != 'N' && c != 'T')
                layout = 0;
        }
        if (len && (digits || (shape && p[0] != 'x') || layout))
            drop = 1;
        if (tile && len && !digits && drop)
            *tile = 1;
        if (drop) {
            dropped++;
        } else {
            if (o + len + 2 >= osz)
                return;
            if (kept)
                out[o++] = '_';
            memcpy(out + o, p, len);
            o += len;
            out[o] = 0;
            kept++;
        }
        p = *q ? q + 1 : q;
    }
    if (!dropped || kept < 2)
        out[0] = 0;
}

/* ---- rows by name ------------------------------------------------------------ */

/* Which rows hold a member name, per side, so that finding a kernel's
 * neighbour row costs a lookup, not a pass over every row (a pass per
 * unmatched kernel made the pairing quadratic: a diff with 180,000 added
 * kernels did not finish in 5 minutes). Kept up to date as rows fold
 * together. Built on first use. */
typedef struct holders {
    int n, cap;
    int one; /* the row when cap == 0 (n <= 1) */
    int *v;  /* the rows when cap > 0 */
} holders;

typedef struct repl {
    nsq_diff *d;
    int built;
    smap map[2]; /* name -> index into h[side] */
    holders *h[2];
    int nh[2], caph[2];
} repl;

/* Rows of one verdict by their neighbour rows: key -> first row, next[] the
 * rest (group_rows). */
typedef struct groups {
    nsq_pairmap map;
    int *next;
} groups;

static void holders_add(holders *x, int r)
{
    if (!x->cap && x->n == 0) {
        x->one = r;
        x->n = 1;
        return;
    }
    if (!x->cap) {
        x->cap = 4;
        x->v = xmalloc(sizeof(*x->v) * (size_t)x->cap);
        x->v[0] = x->one;
    }
    NSQ_GROW(x->v, x->n + 1, x->cap);
    x->v[x->n++] = r;
}

static void holders_remove(holders *x, int r)
{
    int *v = x->cap ? x->v : &x->one;
    for (int i = 0; i < x->n; i++)
        if (v[i] == r) {
            v[i] = v[--x->n];
            return;
        }
}

static void ix_add(repl *R, int s, const char *name, int r)
{
    int i = nsq_diff_smap_get(&R->map[s], name);
    if (i < 0) {
        NSQ_GROW(R->h[s], R->nh[s] + 1, R->caph[s]);
        memset(&R->h[s][R->nh[s]], 0, sizeof(holders));
        i = R->nh[s]++;
        nsq_diff_smap_put(&R->map[s], name, i);
    }
    holders_add(&R->h[s][i], r);
}

static void ix_build(repl *R)
{
    if (R->built)
        return;
    R->built = 1;
    for (int i = 0; i < R->d->nrows; i++)
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < R->d->rows[i].nnames[s]; k++)
                ix_add(R, s, R->d->rows[i].names[s][k], i);
}

/* The first row holding name on side s, or -1. */
static int row_of(repl *R, int s, const char *name)
{
    ix_build(R);
    int i = nsq_diff_smap_get(&R->map[s], name);
    if (i < 0)
        return -1;
    const holders *x = &R->h[s][i];
    const int *v = x->cap ? x->v : &x->one;
    int best = -1;
    for (int k = 0; k < x->n; k++)
        if (best < 0 || v[k] < best)
            best = v[k];
    return best;
}

static void repl_free(repl *R)
{
    for (int s = 0; s < 2; s++) {
        for (int i = 0; i < R->nh[s]; i++)
            free(R->h[s][i].v);
        free(R->h[s]);
        nsq_diff_smap_free(&R->map[s]);
    }
}

/* Folds added row b into removed row a as one "replaced" row. */
static void pair_rows(repl *R, nsq_diff_row *a, nsq_diff_row *b, const char *evidence,
                      const char *confidence, const char *why)
{
    nsq_diff *d = R->d;
    strbuf sb = STRBUF_INIT;
    if (R->built) {
        int ia = (int)(a - d->rows), ib = (int)(b - d->rows);
        for (int k = 0; k < a->nnames[1]; k++) {
            int i = nsq_diff_smap_get(&R->map[1], a->names[1][k]);
            if (i >= 0)
                holders_remove(&R->h[1][i], ia);
        }
        for (int k = 0; k < b->nnames[1]; k++) {
            int i = nsq_diff_smap_get(&R->map[1], b->names[1][k]);
            if (i >= 0)
                holders_remove(&R->h[1][i], ib);
            ix_add(R, 1, b->names[1][k], ia);
        }
    }
    a->s[1] = b->s[1];
    memset(&b->s[1], 0, sizeof b->s[1]);
    free(a->names[1]);
    a->names[1] = b->names[1];
    a->nnames[1] = b->nnames[1];
    b->names[1] = NULL;
    b->nnames[1] = 0;
    for (int q = 0; q < 2; q++) {
        a->seq[1][q] = b->seq[1][q];
        a->seq_agree[1][q] = b->seq_agree[1][q];
        b->seq[1][q] = NULL;
    }
    /* shapes: the patch's shapes of b join a's baseline shapes */
    NSQ_GROW(a->shapes, a->nshapes + b->nshapes + 1, a->capshapes);
    memcpy(a->shapes + a->nshapes, b->shapes, sizeof(*b->shapes) * (size_t)b->nshapes);
    a->nshapes += b->nshapes;
    sb_addf(&sb, "%s -> %s", a->name, b->name);
    a->name = nsq_diff_name(d, sb.buf);
    sb_release(&sb);
    a->verdict = NSQ_V_REPLACED;
    a->d_total_ns = a->s[1].total_ns - a->s[0].total_ns;
    a->d_instances =
        (double)a->s[1].instances / d->ncap[1] - (double)a->s[0].instances / d->ncap[0];
    a->total_pct = nsq_diff_rel_pct((double)a->s[0].total_ns, (double)a->s[1].total_ns);
    a->instances_pct = nsq_diff_rel_pct((double)a->s[0].instances / d->ncap[0],
                                        (double)a->s[1].instances / d->ncap[1]);
    a->count_patch = (double)a->s[1].instances / d->ncap[1];
    a->pair.paired = 1;
    a->pair.evidence = nsq_diff_text(d, evidence, NSQ_DIFF_EVIDENCE_CAP);
    a->pair.confidence = nsq_diff_text(d, confidence, NSQ_DIFF_CONFIDENCE_CAP);
    a->pair.why = nsq_diff_text(d, why, NSQ_DIFF_WHY_CAP);
    strbuf nm[2] = {STRBUF_INIT, STRBUF_INIT};
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < a->nnames[s]; k++)
            sb_addf(&nm[s], "%s%.120s", k ? " + " : "", a->names[s][k]);
    a->reason =
        nsq_diff_textf(d, NSQ_DIFF_REASON_CAP,
                       "%s replaced by %s (%s evidence: %s); per-capture kernel time %+.2f%%, "
                       "instances %+.0f",
                       nm[0].buf, nm[1].buf, confidence, why, a->total_pct, a->d_instances);
    sb_release(&nm[0]);
    sb_release(&nm[1]);
    b->verdict = -1; /* dropped by the caller */
}

/* Whether removed row a and added row b sit between the same kernels:
 * before and after each of them, in at least 80 % of their instances, the
 * same matched kernel (or the kernel itself, back to back), one neighbour at
 * least being another kernel. */
static int same_position(repl *R, int a, int b)
{
    const nsq_diff_row *ra = &R->d->rows[a], *rb = &R->d->rows[b];
    int other = 0;
    for (int q = 0; q < 2; q++) {
        const char *na = ra->seq[0][q], *nb = rb->seq[1][q];
        if (!na || !nb || ra->seq_agree[0][q] < 0.8 || rb->seq_agree[1][q] < 0.8)
            return 0;
        int xa = row_of(R, 0, na), xb = row_of(R, 1, nb);
        if (xa == a && xb == b)
            continue; /* each back to back with itself */
        if (xa < 0 || xa != xb || xa == a || xb == b)
            return 0;
        other = 1;
    }
    return other;
}

/* ---- replacement families: k kernels back to back in one kernel's place -------- */

#define FAMILY_MAX 8          /* kernels in one chain */
#define FAMILY_COUNT_TOL 0.10 /* launches per capture of each member vs the single */

/* The row that is row r's neighbour q (0 before, 1 after) on side s in at
 * least 80 % of its instances; -1 when none. */
static int neighbour(repl *R, int r, int s, int q)
{
    const nsq_diff_row *x = &R->d->rows[r];
    if (!x->seq[s][q] || x->seq_agree[s][q] < 0.8)
        return -1;
    return row_of(R, s, x->seq[s][q]);
}

/* Groups the rows of verdict v by (neighbour before, neighbour after) on
 * side s, or by the one before only (after = 0). A row's neighbours change
 * only to rows that have been folded (replaced or dropped), so a row that
 * has a given pair of matched neighbours later had it at the start: the
 * groups, checked again when read, hold every candidate. */
static void group_rows(repl *R, groups *g, int v, int s, int after)
{
    nsq_pairmap_release(&g->map);
    memset(&g->map, 0, sizeof g->map);
    free(g->next);
    g->next = xmalloc(sizeof(*g->next) * (size_t)(R->d->nrows ? R->d->nrows : 1));
    for (int i = R->d->nrows - 1; i >= 0; i--) {
        g->next[i] = -1;
        if (R->d->rows[i].verdict != v)
            continue;
        int64_t k1 = neighbour(R, i, s, 0), k2 = after ? neighbour(R, i, s, 1) : 0;
        g->next[i] = nsq_pairmap_get(&g->map, k1, k2);
        nsq_pairmap_put(&g->map, k1, k2, i);
    }
}

static void groups_free(groups *g)
{
    nsq_pairmap_release(&g->map);
    free(g->next);
    memset(g, 0, sizeof *g);
}

static int on_both(const nsq_diff *d, int r)
{
    return r >= 0 && d->rows[r].s[0].present && d->rows[r].s[1].present &&
           d->rows[r].verdict != -1 && d->rows[r].verdict != NSQ_V_REPLACED;
}

/* Launches per capture of row r on side s. */
static double per_capture(const nsq_diff *d, int r, int s)
{
    return (double)d->rows[r].s[s].instances / d->ncap[s];
}

/* The chain of rows of verdict v on side s that runs, back to back, from
 * after row P to before row S (each member's neighbours agreeing both
 * ways), two to FAMILY_MAX long, each with `count` launches per capture
 * within FAMILY_COUNT_TOL. Returns its length, 0 when there is none or more
 * than one start. */
static int find_chain(repl *R, const groups *g, int s, int v, int P, int S, double count,
                      int *chain)
{
    const nsq_diff *d = R->d;
    int start = -1, starts = 0;
    for (int i = nsq_pairmap_get(&g->map, P, 0); i >= 0; i = g->next[i])
        if (d->rows[i].verdict == v && neighbour(R, i, s, 0) == P)
            start = i, starts++;
    if (starts != 1)
        return 0;
    int n = 0, cur = start;
    for (;;) {
        double c = per_capture(d, cur, s);
        if (!(c >= count * (1 - FAMILY_COUNT_TOL) && c <= count * (1 + FAMILY_COUNT_TOL)))
            return 0;
        for (int k = 0; k < n; k++)
            if (chain[k] == cur)
                return 0;
        chain[n++] = cur;
        int nx = neighbour(R, cur, s, 1);
        if (nx == S)
            return n >= 2 ? n : 0;
        if (nx < 0 || n == FAMILY_MAX || d->rows[nx].verdict != v || neighbour(R, nx, s, 0) != cur)
            return 0;
        cur = nx;
    }
}

/* Folds side s of row src into row dst, one family on that side: counts
 * and totals add up, the mean is the pooled one; median, p90 and standard
 * deviation are those of the member carrying the most time (a pooled
 * median of several kernels is not known after the scan: the schema says
 * so). src is dropped by the caller. */
static void merge_side(repl *R, nsq_diff_row *dst, const nsq_diff_row *src, int s)
{
    nsq_diff *d = R->d;
    nsq_diff_sidestat *A = &dst->s[s];
    const nsq_diff_sidestat *B = &src->s[s];
    int64_t n = A->instances + B->instances;
    double mean = n ? ((double)A->mean_ns * (double)A->instances +
                       (double)B->mean_ns * (double)B->instances) /
                          (double)n
                    : 0;
    if (B->total_ns > A->total_ns) {
        A->median_ns = B->median_ns;
        A->p90_ns = B->p90_ns;
        A->stddev_ns = B->stddev_ns;
    }
    A->min_ns = B->min_ns < A->min_ns ? B->min_ns : A->min_ns;
    A->max_ns = B->max_ns > A->max_ns ? B->max_ns : A->max_ns;
    A->instances = n;
    A->total_ns = nsq_sat_add(A->total_ns, B->total_ns);
    A->mean_ns = llround(mean);
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    double sum = 0;
    for (int c = 0; c < d->ncap[s]; c++) {
        A->total_per_capture[c] = nsq_sat_add(A->total_per_capture[c], B->total_per_capture[c]);
        A->instances_per_capture[c] += B->instances_per_capture[c];
        lo = A->total_per_capture[c] < lo ? A->total_per_capture[c] : lo;
        hi = A->total_per_capture[c] > hi ? A->total_per_capture[c] : hi;
        sum += (double)A->total_per_capture[c];
    }
    if (d->ncap[s] >= 2)
        A->spread_pct = sum > 0 ? 100.0 * (double)(hi - lo) / (sum / d->ncap[s]) : 0.0;
    NSQ_GROW(dst->names[s], dst->nnames[s] + src->nnames[s], dst->capnames[s]);
    for (int k = 0; k < src->nnames[s]; k++) {
        dst->names[s][dst->nnames[s]++] = src->names[s][k]; /* the store's: shared */
        if (R->built)
            ix_add(R, s, src->names[s][k], (int)(dst - d->rows));
    }
    dst->seq[s][1] = src->seq[s][1];
    dst->seq_agree[s][1] = src->seq_agree[s][1];
    NSQ_GROW(dst->shapes, dst->nshapes + src->nshapes + 1, dst->capshapes);
    memcpy(dst->shapes + dst->nshapes, src->shapes, sizeof(*src->shapes) * (size_t)src->nshapes);
    dst->nshapes += src->nshapes;
    strbuf sb = STRBUF_INIT;
    sb_addf(&sb, "%s + %s", dst->name, src->name);
    dst->name = nsq_diff_name(d, sb.buf);
    sb_release(&sb);
}

/* Kernels fused (k removed -> 1 added) or split (1 removed -> k added):
 * the single kernel runs between the same matched kernels P and S as the
 * chain, which runs back to back, each member launched as often as the
 * single one. Only when that place holds no other candidate. */
static void pair_families(repl *R)
{
    nsq_diff *d = R->d;
    int chain[FAMILY_MAX];
    groups gb = {0}, gc = {0};
    for (int single_side = 1; single_side >= 0; single_side--) {
        int cs = !single_side; /* the chain's side */
        int v1 = single_side ? NSQ_V_ADDED : NSQ_V_REMOVED;
        int vc = cs ? NSQ_V_ADDED : NSQ_V_REMOVED;
        int any = 0;
        for (int b = 0; b < d->nrows && !any; b++)
            any = d->rows[b].verdict == v1;
        if (!any)
            continue;
        group_rows(R, &gb, v1, single_side, 1);
        group_rows(R, &gc, vc, cs, 0);
        for (int b = 0; b < d->nrows; b++) {
            if (d->rows[b].verdict != v1)
                continue;
            int P = neighbour(R, b, single_side, 0), S = neighbour(R, b, single_side, 1);
            if (!on_both(d, P) || !on_both(d, S))
                continue;
            int rivals = 0;
            for (int k = nsq_pairmap_get(&gb.map, P, S); k >= 0; k = gb.next[k])
                rivals += d->rows[k].verdict == v1 && neighbour(R, k, single_side, 0) == P &&
                          neighbour(R, k, single_side, 1) == S;
            if (rivals != 1)
                continue;
            int n = find_chain(R, &gc, cs, vc, P, S, per_capture(d, b, single_side), chain);
            if (!n)
                continue;
            for (int k = 1; k < n; k++) {
                merge_side(R, &d->rows[chain[0]], &d->rows[chain[k]], cs);
                d->rows[chain[k]].verdict = -1;
            }
            char why[320];
            snprintf(why, sizeof why,
                     "%d kernels back to back %s one kernel's place: after %.60s and before "
                     "%.60s in at least 80%% of the instances on both sides, each launched as "
                     "often as the one",
                     n, single_side ? "in the baseline, fused into" : "in the patch, split from",
                     d->rows[P].name, d->rows[S].name);
            if (single_side)
                pair_rows(R, &d->rows[chain[0]], &d->rows[b], "same_position,same_launch_count",
                          "high", why);
            else
                pair_rows(R, &d->rows[b], &d->rows[chain[0]], "same_position,same_launch_count",
                          "high", why);
        }
    }
    groups_free(&gb);
    groups_free(&gc);
}

/* Pairs removed and added kernels that play the same role: the same
 * library kernel family with another tile or layout (high), or, failing
 * that, the only removed and the only added kernel when their per-capture
 * kernel times are within a factor of 4 (low). Never without evidence. */
void nsq_diff_pair_replaced(nsq_diff *d)
{
    char fa[256], fb[256];
    int nrem = 0, nadd = 0, lr = -1, la = -1;
    repl R = {.d = d};
    /* the families of the unmatched rows, counted once (a row's name
     * changes only when it is paired, and then it is no longer unmatched):
     * per family the added and the removed rows still unpaired, and the
     * added ones in a list */
    smap fam = {0};
    int *n_add = NULL, *n_rem = NULL, *head = NULL, nfam = 0, capfam = 0;
    int *next = NULL;
    for (int j = 0; j < d->nrows; j++) {
        int v = d->rows[j].verdict;
        if (v != NSQ_V_ADDED && v != NSQ_V_REMOVED)
            continue;
        family_key(d->rows[j].name, fb, sizeof fb, NULL);
        if (!fb[0])
            continue;
        int f = nsq_diff_smap_get(&fam, fb);
        if (f < 0) {
            NSQ_GROW(n_add, nfam + 1, capfam);
            n_rem = xrealloc(n_rem, sizeof(*n_rem) * (size_t)capfam);
            head = xrealloc(head, sizeof(*head) * (size_t)capfam);
            n_add[nfam] = n_rem[nfam] = 0;
            head[nfam] = -1;
            f = nfam++;
            nsq_diff_smap_put(&fam, nsq_diff_text(d, fb, sizeof fb), f);
        }
        if (v == NSQ_V_REMOVED) {
            n_rem[f]++;
            continue;
        }
        if (!next)
            next = xmalloc(sizeof(*next) * (size_t)d->nrows);
        n_add[f]++;
        next[j] = head[f];
        head[f] = j;
    }
    for (int i = 0; i < d->nrows; i++) {
        nsq_diff_row *a = &d->rows[i];
        if (a->verdict != NSQ_V_REMOVED)
            continue;
        int tile = 0;
        family_key(a->name, fa, sizeof fa, &tile);
        if (!fa[0])
            continue;
        int f = nsq_diff_smap_get(&fam, fa);
        int hit = -1, hits = f < 0 ? 0 : n_add[f];
        for (int j = hits == 1 ? head[f] : -1; j >= 0; j = next[j])
            if (d->rows[j].verdict == NSQ_V_ADDED)
                hit = j;
        /* 1:1 only: with several candidates there is no telling which */
        int rivals = hits == 1 ? n_rem[f] : 0;
        if (hits == 1 && rivals == 1) {
            n_add[f]--;
            n_rem[f]--;
            char why[320];
            int tile2 = 0;
            family_key(d->rows[hit].name, fb, sizeof fb, &tile2);
            snprintf(why, sizeof why, "the same kernel family '%.200s' %s", fa,
                     tile || tile2 ? "with another tile shape, raster order or layout"
                                   : "with another number in its name");
            pair_rows(&R, a, &d->rows[hit], "same_family", tile || tile2 ? "high" : "medium", why);
        }
    }
    nsq_diff_smap_free(&fam);
    free(n_add);
    free(n_rem);
    free(head);
    free(next);
    /* the same place in the kernel sequence, 1:1 */
    int nr = 0, na = 0;
    for (int i = 0; i < d->nrows; i++) {
        nr += d->rows[i].verdict == NSQ_V_REMOVED;
        na += d->rows[i].verdict == NSQ_V_ADDED;
    }
    if ((int64_t)nr * na <= 10000)
        for (int i = 0; i < d->nrows; i++) {
            if (d->rows[i].verdict != NSQ_V_REMOVED)
                continue;
            int hit = -1, hits = 0;
            for (int j = 0; j < d->nrows; j++)
                if (d->rows[j].verdict == NSQ_V_ADDED && same_position(&R, i, j))
                    hit = j, hits++;
            if (hits != 1)
                continue;
            int rivals = 0;
            for (int k = 0; k < d->nrows; k++)
                rivals += d->rows[k].verdict == NSQ_V_REMOVED && same_position(&R, k, hit);
            if (rivals != 1)
                continue;
            char why[320];
            snprintf(why, sizeof why,
                     "the same place in the kernel sequence: after %.100s and before %.100s in "
                     "at least 80%% of the instances on both sides",
                     d->rows[i].seq[0][0], d->rows[i].seq[0][1]);
            pair_rows(&R, &d->rows[i], &d->rows[hit], "same_position", "high", why);
        }
    pair_families(&R);
    for (int i = 0; i < d->nrows; i++) {
        if (d->rows[i].verdict == NSQ_V_REMOVED)
            nrem++, lr = i;
        if (d->rows[i].verdict == NSQ_V_ADDED)
            nadd++, la = i;
    }
    if (nrem == 1 && nadd == 1) {
        double ta = (double)d->rows[lr].s[0].total_ns, tb = (double)d->rows[la].s[1].total_ns;
        double ka = (double)d->mean[0].kernel_ns, kb = (double)d->mean[1].kernel_ns;
        if (ta > 0 && tb > 0 && tb / ta <= 4 && ta / tb <= 4 && ta >= 0.5 * ka && tb >= 0.5 * kb)
            pair_rows(&R, &d->rows[lr], &d->rows[la], "only_unmatched_pair,similar_total,main_work",
                      "low",
                      "the only kernel that disappeared and the only one that appeared, each "
                      "carrying most of its side's kernel time, within a factor of 4 of each "
                      "other");
    }
    repl_free(&R);
    int w = 0;
    for (int i = 0; i < d->nrows; i++) {
        if (d->rows[i].verdict == -1) {
            nsq_diff_row_release(&d->rows[i]);
            continue;
        }
        d->rows[w++] = d->rows[i];
    }
    d->nrows = w;
}
