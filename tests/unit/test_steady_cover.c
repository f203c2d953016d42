/* Unit test of steady-state's kernel cover (steady/trust.c, acct_add()):
 * each kernel name's instances are covered by at most COVER_MAX intervals;
 * beyond, the two intervals with the smallest gap between them are merged
 * (the first such gap on a tie, the newest instance's own gap when it is no
 * larger than every other). The cover decides which kernels steady-state
 * calls absent from its window, so it must come out the same however it is
 * kept. Checked against a plain reference (every instance inserted in order,
 * merged, then the smallest gap merged while there are too many) on random
 * instance sequences: in start order, in blocks that go back in time (the
 * rows of several processes, one block after another), with exactly equal
 * gaps (periodic launches: ties), overlapping and zero-length instances.
 * Exit 0 when every check passes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/analysis/steady/internal.h"
#include "check.h"

typedef struct ref {
    int64_t v[COVER_MAX + 2][2];
    int n;
} ref;

/* The rule as the cover states it, with no shortcut. */
static void ref_add(ref *r, int64_t s, int64_t e)
{
    int i = r->n;
    while (i > 0 && r->v[i - 1][0] > s)
        i--;
    memmove(r->v[i + 1], r->v[i], sizeof r->v[0] * (size_t)(r->n - i));
    r->v[i][0] = s;
    r->v[i][1] = e;
    r->n++;
    int w = 0;
    for (int k = 0; k < r->n; k++) {
        if (w && r->v[k][0] <= r->v[w - 1][1]) {
            if (r->v[k][1] > r->v[w - 1][1])
                r->v[w - 1][1] = r->v[k][1];
        } else {
            r->v[w][0] = r->v[k][0];
            r->v[w][1] = r->v[k][1];
            w++;
        }
    }
    r->n = w;
    if (r->n > COVER_MAX) {
        /* the newest instance's own gap, when it is the last one and no
         * larger than any other, goes first (it joins the last interval) */
        int best = -1;
        int64_t bg = INT64_MAX;
        for (int k = 0; k + 1 < r->n; k++) {
            int64_t g = r->v[k + 1][0] - r->v[k][1];
            if (g < bg) {
                bg = g;
                best = k;
            }
        }
        int last = r->n - 2;
        if (r->v[r->n - 1][0] == s && r->v[last + 1][0] - r->v[last][1] == bg)
            best = last;
        r->v[best][1] = r->v[best + 1][1];
        memmove(r->v[best + 1], r->v[best + 2], sizeof r->v[0] * (size_t)(r->n - best - 2));
        r->n--;
    }
}

static uint64_t rng = 88172645463325252ULL;
static int64_t rnd(int64_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (int64_t)(rng % (uint64_t)n);
}

/* One sequence: kind 0 in order, 1 in blocks going back, 2 periodic (ties),
 * 3 any order, 4 and 5 on a coarse grid (equal gaps) in order and not. */
static void run(int kind, int nnames, int ninst, int seq)
{
    acct a;
    memset(&a, 0, sizeof a);
    nsq_sd_acct_reset(&a);
    ref *refs = calloc((size_t)nnames, sizeof *refs);
    int64_t base = 1000000, blocks = 1 + rnd(8), cur = base;
    for (int i = 0; i < ninst; i++) {
        int64_t t;
        if (kind == 0)
            t = base + (int64_t)i * 1000 + rnd(900);
        else if (kind == 1)
            t = base + (int64_t)(i % (ninst / blocks + 1)) * 1000 * blocks + rnd(2000);
        else if (kind == 2)
            t = base + (int64_t)i * 500;
        else if (kind == 3)
            t = base + rnd((int64_t)ninst * 1000);
        else if (kind == 4) /* on a coarse grid, in order: equal gaps */
            t = cur += 1000 * (1 + rnd(3));
        else /* on a coarse grid, any order */
            t = base + rnd(ninst / 2 + 1) * 1000;
        int64_t d = kind == 2 || kind >= 4 ? 200 : rnd(10) == 0 ? 0 : rnd(3000);
        int64_t nid = kind == 2 ? i % nnames : rnd(nnames);
        acct_add(&a, t, t + d, nid * 7 + 3);
        ref_add(&refs[nid], t, t + d);
    }
    for (int64_t j = 0; j < a.nnm; j++) {
        acc_name *n = &a.nm[j];
        nsq_sd_cover_sync(n);
        int nid = (int)((n->id - 3) / 7);
        ref *r = &refs[nid];
        int same = n->ncv == r->n;
        for (int k = 0; same && k < r->n; k++)
            same = n->cv[k][0] == r->v[k][0] && n->cv[k][1] == r->v[k][1];
        CHECK(same, "kind %d seq %d name %d: %d intervals, reference %d", kind, seq, nid, n->ncv,
              r->n);
        if (!same)
            break;
    }
    nsq_sd_acct_release(&a);
    free(refs);
}

int main(void)
{
    for (int seq = 0; seq < 600; seq++)
        run(seq % 6, 1 + (int)rnd(12), 50 + (int)rnd(3000), seq);
    printf("%d/%d checks passed\n", nchecks - nfail, nchecks);
    return nfail ? 1 : 0;
}
