/* Unit test of exact order statistics (stats.h) and interval arithmetic
 * (intervals.h), against brute force on random inputs:
 *  - nsq_stats_of: median (mean of the two middle values, floored), p90
 *    (nearest rank), min, max, total, mean, sample stddev, on arrays with many
 *    duplicates, all-equal arrays, large arrays (introselect's fallback);
 *  - the grouped accumulator: keys, counts, merge; its statistics against
 *    brute force on values kept in 2 or 4 bytes mixed with negative ones and
 *    larger ones (kept apart), every rank falling in each part, groups that
 *    widen from 2 to 4 bytes midway;
 *  - nsq_ivl_sort (radix path, small path, and arrays of a few sorted runs,
 *    merged), nsq_ivl_union, clip, gaps,
 *    minus and overlap against a bitmap of covered unit cells;
 *  - the streaming union against the batch union;
 *  - nsq_ivl_load on two real exports (when NSYSQL_FIXTURES is set) against a
 *    naive union of the raw rows.
 * Exit 0 when every check passes. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/stats.h"

#include "check.h"

static void test_stats(void)
{
    for (int t = 0; t < 3000; t++) {
        size_t n = 1 + next() % 64;
        if (t % 300 == 0)
            n = 1 + next() % 200000;
        int mode = (int)(next() % 4);
        int64_t *v = malloc(n * sizeof *v), *w = malloc(n * sizeof *w);
        for (size_t i = 0; i < n; i++) {
            v[i] = mode == 0   ? (int64_t)(next() % 5)
                   : mode == 1 ? (int64_t)(next() % 1000000000)
                   : mode == 2 ? 42
                               : (int64_t)(i % 7) * 1000;
            w[i] = v[i];
        }
        qsort(w, n, sizeof *w, cmp_i64);
        long double sum = 0, ss = 0;
        int64_t total = 0;
        for (size_t i = 0; i < n; i++) {
            total += w[i];
            sum += w[i];
        }
        long double mean = sum / n;
        for (size_t i = 0; i < n; i++)
            ss += (w[i] - mean) * (w[i] - mean);
        nsq_stats s;
        nsq_stats_of(&s, v, n);
        CHECK(s.n == (int64_t)n && s.total == total && s.min == w[0] && s.max == w[n - 1],
              "n/total/min/max (n=%zu)", n);
        CHECK(s.mean == total / (int64_t)n, "mean floor (n=%zu)", n);
        CHECK(s.median == (w[(n - 1) / 2] + w[n / 2]) / 2, "median (n=%zu)", n);
        size_t r = (9 * n + 9) / 10; /* ceil(0.9 n) */
        CHECK(s.p90 == w[r - 1], "p90 nearest rank (n=%zu): %lld vs %lld", n, (long long)s.p90,
              (long long)w[r - 1]);
        if (n < 2)
            CHECK(isnan(s.stddev), "stddev of one value is NaN");
        else
            CHECK(fabsl(s.stddev - sqrtl(ss / (n - 1))) <= 1e-9L * (1 + s.stddev), "stddev (n=%zu)",
                  n);
        free(v);
        free(w);
    }
    CHECK(nsq_nearest_rank(10, 90) == 9 && nsq_nearest_rank(11, 90) == 10 &&
              nsq_nearest_rank(1, 90) == 1,
          "nearest rank");
    CHECK(nsq_floor_div(-3, 2) == -2 && nsq_floor_div(3, 2) == 1, "floor division");

    nsq_gstats *g = nsq_gstats_new();
    for (int i = 0; i < 1000; i++)
        nsq_gstats_add(g, i % 3, i % 5, i);
    CHECK(nsq_gstats_count(g) == 15, "15 groups");
    int a = nsq_gstats_find(g, 0, 0), b = nsq_gstats_find(g, 1, 1);
    CHECK(a >= 0 && b >= 0 && nsq_gstats_find(g, 9, 9) < 0, "find");
    int64_t na = nsq_gstats_n(g, a), nb = nsq_gstats_n(g, b);
    int64_t ta = nsq_gstats_total(g, a), tb = nsq_gstats_total(g, b);
    nsq_gstats_merge(g, a, b);
    nsq_stats s;
    CHECK(nsq_gstats_result(g, a, &s) == 0 && s.n == na + nb && s.total == ta + tb, "merge");
    CHECK(nsq_gstats_result(g, b, &s) == -1, "merged-away group is empty");
    nsq_gstats_free(g);
}

#define CELLS 4096

static void mark(unsigned char *bm, nsq_ivl x)
{
    for (int64_t t = x.start; t < x.end; t++)
        bm[t] = 1;
}

static void test_intervals(void)
{
    for (int t = 0; t < 2000; t++) {
        size_t n = next() % 80;
        if (t % 200 == 0)
            n = 5000; /* radix path */
        nsq_ivl *v = malloc((n + 1) * sizeof *v), *orig = malloc((n + 1) * sizeof *v);
        unsigned char bm[CELLS] = {0};
        for (size_t i = 0; i < n; i++) {
            int64_t s = (int64_t)(next() % (CELLS - 200));
            v[i].start = s;
            v[i].end = s + (int64_t)(next() % 60) - 5; /* some empty ones */
            orig[i] = v[i];
            if (v[i].end > v[i].start)
                mark(bm, v[i]);
        }
        nsq_ivl_sort(v, n);
        bool sorted = true;
        for (size_t i = 1; i < n; i++)
            sorted &= v[i - 1].start < v[i].start ||
                      (v[i - 1].start == v[i].start && v[i - 1].end <= v[i].end);
        CHECK(sorted, "sorted (n=%zu)", n);
        /* streaming union on the sorted input */
        nsq_union u;
        nsq_union_init(&u);
        int64_t gap_total = 0;
        for (size_t i = 0; i < n; i++) {
            nsq_ivl g;
            if (nsq_union_push(&u, v[i].start, v[i].end, &g) == 1)
                gap_total += g.end - g.start;
        }
        nsq_union_finish(&u);
        size_t m = nsq_ivl_union(v, n);
        int64_t covered = 0;
        for (int c = 0; c < CELLS; c++)
            covered += bm[c];
        CHECK(nsq_ivl_length(v, m) == covered, "union length");
        CHECK(u.covered == covered && (int64_t)m == u.islands, "streaming union");
        bool disjoint = true;
        for (size_t i = 1; i < m; i++)
            disjoint &= v[i].start > v[i - 1].end;
        CHECK(disjoint, "union is disjoint, touching merged");
        nsq_ivl *gaps = malloc((m + 1) * sizeof *gaps);
        size_t ng = nsq_ivl_gaps(v, m, gaps);
        CHECK(ng == (m ? m - 1 : 0) && nsq_ivl_length(gaps, ng) == gap_total, "gaps");
        /* a minus the union, overlap */
        nsq_ivl a = {(int64_t)(next() % CELLS), 0};
        a.end = a.start + (int64_t)(next() % 800);
        if (a.end > CELLS)
            a.end = CELLS;
        nsq_ivl *pieces = malloc((m + 2) * sizeof *pieces);
        size_t np = nsq_ivl_minus(a, v, m, pieces);
        int64_t uncovered = 0, inside = 0;
        for (int64_t c = a.start; c < a.end; c++) {
            uncovered += !bm[c];
            inside += bm[c];
        }
        CHECK(nsq_ivl_length(pieces, np) == uncovered, "minus");
        CHECK(nsq_ivl_overlap(a, v, m) == inside, "overlap");
        /* clip */
        memcpy(v, orig, n * sizeof *v);
        size_t nc = nsq_ivl_clip(v, n, 100, 900);
        bool ok = true;
        for (size_t i = 0; i < nc; i++)
            ok &= v[i].start >= 100 && v[i].end <= 900 && v[i].end > v[i].start;
        CHECK(ok, "clip");
        free(v);
        free(orig);
        free(gaps);
        free(pieces);
    }
    nsq_union u;
    nsq_union_init(&u);
    nsq_union_push(&u, 10, 20, NULL);
    CHECK(nsq_union_push(&u, 5, 8, NULL) == -1, "streaming union refuses out-of-order input");
    CHECK(nsq_in_window(5, 5, 5, 9) && nsq_in_window(9, 9, 5, 9) && !nsq_in_window(4, 5, 5, 9) &&
              nsq_in_window(4, 6, 5, 9) && !nsq_in_window(9, 12, 5, 9),
          "window rule");
}

/* nsq_ivl_load on real exports against a naive union of the raw rows (one
 * device per (pid, deviceId) here: the two fixtures used map ordinals 1:1). */
static int cmp_ivl(const void *a, const void *b)
{
    const nsq_ivl *x = a, *y = b;
    return (x->start > y->start) - (x->start < y->start);
}

static void test_load(void)
{
    const char *dir = getenv("NSYSQL_FIXTURES");
    static const char *const files[] = {"dlprof-pytorch-conv-2022.1.sqlite",
                                        "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite"};
    if (!dir)
        return;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, files[f]);
        FILE *probe = fopen(path, "rb");
        if (!probe)
            continue;
        fclose(probe);
        nsq_export *x = NULL;
        nsq_err err = {0};
        nsq_ivlset set;
        nsq_ivl_load_opts o = {0};
        o.merge = true;
        CHECK(nsq_export_open(&x, path, &err) == 0, "open %s: %s", files[f], err.message);
        if (!x)
            continue;
        CHECK(nsq_ivl_load(&set, x, &o, &err) == 0, "load %s: %s", files[f], err.message);
        int64_t loaded = 0;
        for (int d = 0; d < set.ndev; d++)
            loaded += nsq_ivl_length(set.dev[d].v, set.dev[d].n);
        /* naive: every valid row of the three tables, per device, sorted and merged */
        int64_t naive = 0;
        for (int dev = 0; dev < 8; dev++) {
            nsq_ivl *v = NULL;
            size_t n = 0, cap = 0;
            sqlite3_stmt *st = NULL;
            sqlite3_prepare_v2(
                x->db,
                "SELECT start_ns, end_ns FROM gpu_op WHERE device_id = ?1 AND end_ns > start_ns",
                -1, &st, NULL);
            sqlite3_bind_int(st, 1, dev);
            while (sqlite3_step(st) == SQLITE_ROW) {
                if (n == cap) {
                    cap = cap ? cap * 2 : 256;
                    v = realloc(v, cap * sizeof *v);
                }
                v[n].start = sqlite3_column_int64(st, 0);
                v[n++].end = sqlite3_column_int64(st, 1);
            }
            sqlite3_finalize(st);
            if (n > 1)
                qsort(v, n, sizeof *v, cmp_ivl);
            int64_t cs = 0, ce = 0;
            for (size_t i = 0; i < n; i++) {
                if (i && v[i].start <= ce) {
                    if (v[i].end > ce)
                        ce = v[i].end;
                    continue;
                }
                naive += ce - cs;
                cs = v[i].start;
                ce = v[i].end;
            }
            naive += ce - cs;
            free(v);
        }
        CHECK(loaded == naive && loaded > 0, "%s: loaded union %lld vs naive %lld", files[f],
              (long long)loaded, (long long)naive);
        nsq_ivlset_release(&set);
        nsq_export_close(x);
    }
}

/* the pair map with deletions against a plain array of live keys */
static void test_pairmap(void)
{
    nsq_pairmap m = NSQ_PAIRMAP_INIT;
    enum { KEYS = 3000 };
    static int ref[KEYS]; /* value of key i, or -1 */
    for (int i = 0; i < KEYS; i++)
        ref[i] = -1;
    int live = 0, ok = 1;
    for (int step = 0; step < 200000; step++) {
        int k = (int)(next() % KEYS), op = (int)(next() % 3);
        int64_t k1 = (int64_t)k * 4096, k2 = k % 7; /* aligned addresses: clustered hashes */
        if (op == 0) {
            live += ref[k] < 0;
            ref[k] = step;
            nsq_pairmap_put(&m, k1, k2, step);
        } else if (op == 1) {
            live -= ref[k] >= 0;
            ref[k] = -1;
            nsq_pairmap_del(&m, k1, k2);
        }
        int q = (int)(next() % KEYS);
        ok &= nsq_pairmap_get(&m, (int64_t)q * 4096, q % 7) == ref[q];
        ok &= (int)m.n == live;
    }
    for (int i = 0; i < KEYS; i++)
        ok &= nsq_pairmap_get(&m, (int64_t)i * 4096, i % 7) == ref[i];
    CHECK(ok, "pair map with deletions agrees with the reference");
    nsq_pairmap_release(&m);
}

/* The accumulator keeps values in [0, 2^32) in 4 bytes and the others
 * apart: every statistic must be that of the sorted values. */
static void test_gstats_wide(void)
{
    for (int t = 0; t < 4000; t++) {
        size_t n = 1 + next() % 40;
        if (t % 400 < 8) /* big runs, merged ones among them (odd t) */
            n = 1 + next() % 100000;
        int mode = (int)(next() % 7);
        int64_t *w = malloc(n * sizeof *w);
        nsq_gstats *g = nsq_gstats_new();
        /* two groups merged for some runs: the merge must carry both parts */
        int a = nsq_gstats_group(g, 1, 2), b = nsq_gstats_group(g, 3, 4);
        for (size_t i = 0; i < n; i++) {
            uint64_t r = next();
            int64_t x;
            switch (mode) {
            case 0: /* all 4-byte */
                x = (int64_t)(r % 4294967296ull);
                break;
            case 1: /* around 2^32 */
                x = 4294967296ll - 3 + (int64_t)(r % 7);
                break;
            case 2: /* negatives, 4-byte and large mixed */
                x = (int64_t)(r % 3) == 0   ? -(int64_t)(r % 1000) - 1
                    : (int64_t)(r % 3) == 1 ? (int64_t)(r % 1000)
                                            : 5000000000ll + (int64_t)(r % 1000);
                break;
            case 3: /* mostly large */
                x = r % 10 ? 6000000000ll + (int64_t)(r % 97) : (int64_t)(r % 5);
                break;
            case 4: /* mostly negative */
                x = r % 10 ? -(int64_t)(r % 97) : (int64_t)(r % 5);
                break;
            case 5: /* mostly 2-byte, a few in [2^16, 2^32), negative and large */
                x = r % 20 == 0   ? 65536 + (int64_t)(r % 100000)
                    : r % 50 == 1 ? -(int64_t)(r % 9) - 1
                    : r % 50 == 2 ? 4294967296ll + (int64_t)(r % 9)
                                  : (int64_t)(r % 65536);
                break;
            default: /* 2-byte first, then 4-byte ones: the group widens midway */
                x = i < n / 2 ? (int64_t)(r % 65536) : 65530 + (int64_t)(r % 100000);
                break;
            }
            w[i] = x;
            /* merged runs: b holds the second half, or (t & 2) every other
             * value at random, so both groups hold every kind of value, or
             * (t & 4) one value in 16 at random: a widens, b stays narrow
             * with a few values over 2^16 */
            int to_b = (t & 1) && ((t & 4)   ? ((r >> 40) & 15) == 0
                                   : (t & 2) ? (r >> 40) & 1
                                             : i >= n / 2);
            nsq_gstats_add_at(g, to_b ? b : a, x);
        }
        if (t & 1)
            nsq_gstats_merge(g, a, b);
        qsort(w, n, sizeof *w, cmp_i64);
        nsq_i128 sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += w[i];
        nsq_stats s;
        CHECK(nsq_gstats_result(g, a, &s) == 0, "result");
        size_t r = (9 * n + 9) / 10;
        nsq_i128 mid = (nsq_i128)w[(n - 1) / 2] + w[n / 2];
        int64_t median = (int64_t)(mid / 2 - (mid < 0 && mid % 2 ? 1 : 0));
        CHECK(s.n == (int64_t)n && s.total == (int64_t)sum && s.min == w[0] && s.max == w[n - 1],
              "wide n/total/min/max (mode %d, n=%zu)", mode, n);
        CHECK(s.median == median, "wide median (mode %d, n=%zu): %lld vs %lld", mode, n,
              (long long)s.median, (long long)median);
        CHECK(s.p90 == w[r - 1], "wide p90 (mode %d, n=%zu): %lld vs %lld", mode, n,
              (long long)s.p90, (long long)w[r - 1]);
        /* every value is still there, once */
        size_t m = (size_t)nsq_gstats_n(g, a);
        int64_t *u = malloc((m ? m : 1) * sizeof *u);
        for (size_t i = 0; i < m; i++)
            u[i] = nsq_gstats_value(g, a, i);
        qsort(u, m, sizeof *u, cmp_i64);
        CHECK(m == n && !memcmp(u, w, n * sizeof *w), "wide values (mode %d, n=%zu)", mode, n);
        free(u);
        free(w);
        nsq_gstats_free(g);
    }
}

/* Fills group i with the values of kind k (appending them to all[]). */
static size_t fill_kind(nsq_gstats *g, int i, int k, int64_t *all, size_t na)
{
    switch (k) {
    case 0: /* narrow: 2-byte values only */
        for (int j = 0; j < 300; j++)
            nsq_gstats_add_at(g, i, all[na++] = (j * 7919) % 65536);
        break;
    case 1: /* narrow, with a few values over 2^16, negatives and beyond 2^32 */
        for (int j = 0; j < 300; j++) {
            int64_t x = j % 30 == 1   ? 65536 + j * 1000
                        : j % 50 == 2 ? -j
                        : j % 70 == 3 ? 5000000000ll + j
                                      : (j * 7919) % 65536;
            nsq_gstats_add_at(g, i, all[na++] = x);
        }
        break;
    case 2: /* wide: most values over 2^16, some negatives and beyond 2^32 */
        for (int j = 0; j < 500; j++) {
            int64_t x = j % 40 == 2   ? -j - 1
                        : j % 45 == 3 ? 6000000000ll + j
                        : j % 5 == 0  ? j
                                      : 70000 + (int64_t)j * 4099;
            nsq_gstats_add_at(g, i, all[na++] = x);
        }
        break;
    default: /* empty */
        break;
    }
    return na;
}

/* nsq_gstats_merge for every pair of group kinds (narrow, narrow with
 * values over 2^16, wide, empty), both ways: the merged group holds every
 * value of both once, with their statistics. */
static void test_gstats_merge_kinds(void)
{
    for (int ka = 0; ka < 4; ka++)
        for (int kb = 0; kb < 4; kb++) {
            nsq_gstats *g = nsq_gstats_new();
            int a = nsq_gstats_group(g, 1, 1), b = nsq_gstats_group(g, 2, 2);
            int64_t all[1000];
            size_t n = fill_kind(g, a, ka, all, 0);
            n = fill_kind(g, b, kb, all, n);
            nsq_gstats_merge(g, a, b);
            nsq_stats s;
            int rc = nsq_gstats_result(g, a, &s);
            CHECK(nsq_gstats_result(g, b, &s) == -1 || n == 0, "merge %d<-%d: b emptied", ka, kb);
            rc = nsq_gstats_result(g, a, &s);
            if (!n) {
                CHECK(rc == -1, "merge %d<-%d: nothing", ka, kb);
                nsq_gstats_free(g);
                continue;
            }
            qsort(all, n, sizeof *all, cmp_i64);
            nsq_i128 sum = 0;
            for (size_t i = 0; i < n; i++)
                sum += all[i];
            CHECK(rc == 0 && s.n == (int64_t)n && s.total == (int64_t)sum && s.min == all[0] &&
                      s.max == all[n - 1] && s.p90 == all[(9 * n + 9) / 10 - 1],
                  "merge %d<-%d: n/total/min/max/p90", ka, kb);
            int64_t *u = malloc(n * sizeof *u);
            for (size_t i = 0; i < n; i++)
                u[i] = nsq_gstats_value(g, a, i);
            qsort(u, n, sizeof *u, cmp_i64);
            CHECK(!memcmp(u, all, n * sizeof *u), "merge %d<-%d: every value once", ka, kb);
            free(u);
            nsq_gstats_free(g);
        }
}

/* Many groups (the logged adds of stats.c): 3,000 groups, 700,000 values of
 * every width (2-byte, 4-byte, past 2^32, negative), a read between adds now
 * and then (a few adds among many groups, and a full log), a merge: every
 * group's statistics equal nsq_stats_of over a copy of its values. */
static void test_gstats_many_groups(void)
{
    enum { G = 3000, N = 700000 };
    nsq_gstats *g = nsq_gstats_new();
    int64_t **ref = calloc(G, sizeof *ref);
    size_t *nref = calloc(G, sizeof *nref), *cap = calloc(G, sizeof *cap);
    int idx[G];
    for (int i = 0; i < G; i++)
        idx[i] = nsq_gstats_group(g, 7, i);
    for (int k = 0; k < N; k++) {
        int i = (int)(next() % G);
        if (k % 3 == 0)
            i = (int)(next() % 40); /* a few busy groups */
        uint64_t r = next() % 100;
        int64_t x = r < 70   ? (int64_t)(next() % 65536)
                    : r < 95 ? (int64_t)(next() % 4000000000u)
                    : r < 98 ? (int64_t)(next() % 1000000) + ((int64_t)1 << 33)
                             : -(int64_t)(next() % 1000) - 1;
        nsq_gstats_add_at(g, idx[i], x);
        if (nref[i] == cap[i]) {
            cap[i] = cap[i] ? 2 * cap[i] : 16;
            ref[i] = realloc(ref[i], cap[i] * sizeof **ref);
        }
        ref[i][nref[i]++] = x;
        if (k % 50000 == 17 || k == 20) {
            /* a read in the middle: the adds so far are all in it */
            int q = (int)(next() % G);
            int64_t t = 0;
            for (size_t j = 0; j < nref[q]; j++)
                t += ref[q][j];
            CHECK(nsq_gstats_n(g, idx[q]) == (int64_t)nref[q] && nsq_gstats_total(g, idx[q]) == t,
                  "many groups: group %d read after %d adds", q, k + 1);
        }
    }
    /* group 1 into group 0, as a merge of devices does */
    nsq_gstats_merge(g, idx[0], idx[1]);
    for (size_t j = 0; j < nref[1]; j++) {
        if (nref[0] == cap[0]) {
            cap[0] = cap[0] ? 2 * cap[0] : 16;
            ref[0] = realloc(ref[0], cap[0] * sizeof **ref);
        }
        ref[0][nref[0]++] = ref[1][j];
    }
    nref[1] = 0;
    int bad = 0;
    for (int i = 0; i < G; i++) {
        nsq_stats s, e;
        int rc = nsq_gstats_result(g, idx[i], &s);
        if (!nref[i]) {
            bad += rc != -1;
            free(ref[i]);
            continue;
        }
        nsq_stats_of(&e, ref[i], nref[i]);
        bad += rc != 0 || s.n != e.n || s.total != e.total || s.min != e.min || s.max != e.max ||
               s.median != e.median || s.p90 != e.p90 || s.mean != e.mean ||
               !(s.stddev == e.stddev || (isnan(s.stddev) && isnan(e.stddev)));
        free(ref[i]);
    }
    CHECK(bad == 0, "many groups: %d of %d groups differ from nsq_stats_of", bad, G);
    free(ref);
    free(nref);
    free(cap);
    nsq_gstats_free(g);
}

static int cmp_ivl_ref(const void *a, const void *b)
{
    const nsq_ivl *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return (x->end > y->end) - (x->end < y->end);
}

/* nsq_ivl_sort on arrays made of k sorted runs (k = 1 .. 24: the merge path
 * up to 16 runs, the radix path past it), equal starts and whole duplicates
 * across runs, against qsort. */
static void test_ivl_sort_runs(void)
{
    for (int t = 0; t < 400; t++) {
        int k = 1 + t % 24;
        size_t n = 64 + next() % 5000;
        nsq_ivl *v = malloc(n * sizeof *v), *ref = malloc(n * sizeof *ref);
        size_t at = 0;
        for (int r = 0; r < k; r++) {
            size_t len = r == k - 1 ? n - at : (n - at) / (size_t)(k - r);
            int64_t s = (int64_t)(next() % 1000) - 500;
            for (size_t i = 0; i < len; i++) {
                s += (int64_t)(next() % 4); /* equal starts now and then */
                v[at + i].start = s;
                v[at + i].end = s + (int64_t)(next() % 3);
            }
            /* within a run: sorted by (start, end) */
            qsort(v + at, len, sizeof *v, cmp_ivl_ref);
            at += len;
        }
        memcpy(ref, v, n * sizeof *v);
        qsort(ref, n, sizeof *ref, cmp_ivl_ref);
        nsq_ivl_sort(v, n);
        CHECK(!memcmp(v, ref, n * sizeof *v), "%d sorted runs of %zu intervals sorted as qsort", k,
              n);
        free(v);
        free(ref);
    }
}

int main(void)
{
    test_stats();
    test_gstats_wide();
    test_gstats_merge_kinds();
    test_gstats_many_groups();
    test_intervals();
    test_ivl_sort_runs();
    test_load();
    test_pairmap();
    printf("%d/%d checks passed\n", nchecks - nfail, nchecks);
    return nfail ? 1 : 0;
}
