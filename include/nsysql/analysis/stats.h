/* stats: exact order statistics over integer nanoseconds, and a one-pass
 * grouped accumulator.
 *
 * Definitions (the same in every analysis and in the SQL oracles):
 *   mean    floor(total / n)                       (integer ns)
 *   median  floor((a + b) / 2) of the two middle values; the middle value
 *           itself for odd n                        (integer ns)
 *   pNN     nearest rank: the ceil(NN/100 * n)-th smallest value (1-based),
 *           so p90 is always one of the values      (integer ns)
 *   stddev  sample standard deviation, sqrt(sum((x - mean)^2) / (n - 1)),
 *           computed from exact 128-bit sums; NaN (JSON null) when n < 2
 * Values are expected to be non-negative durations; the functions stay
 * correct for negative values (floor division then rounds toward -inf). */
#ifndef NSYSQL_STATS_H
#define NSYSQL_STATS_H

#include <stddef.h>
#include <stdint.h>

typedef struct nsq_stats {
    int64_t n;
    int64_t total;
    int64_t mean;
    int64_t median;
    int64_t p90;
    int64_t min;
    int64_t max;
    double stddev; /* NaN when n < 2 */
} nsq_stats;

/* The k-th smallest (0-based) of v[0..n), n > 0, k < n. Reorders v so that
 * v[k] holds it, everything before is <= and everything after is >=
 * (introselect: O(n) expected, O(n log n) worst case). */
int64_t nsq_select(int64_t *v, size_t n, size_t k);
/* The k-th smallest (0-based) of doubles v[0..n) (n > 0, no NaN); reorders v
 * (quickselect, a radix select on nsq_double_key above 4096 values). */
double nsq_select_double(double *v, int64_t n, int64_t k);
/* An unsigned key in the order of the doubles (no NaN; -0.0 keys as +0.0),
 * and the double of a key. */
uint64_t nsq_double_key(double x);
double nsq_key_double(uint64_t k);

/* qsort comparators, ascending: int64_t values; double values (NaN compares
 * equal to everything). */
int nsq_cmp_i64(const void *a, const void *b);
int nsq_cmp_double(const void *a, const void *b);

/* 1-based nearest rank of percentile pct (0 < pct <= 100) among n values:
 * ceil(pct * n / 100), at least 1. */
size_t nsq_nearest_rank(size_t n, int pct);

/* Floor division for the mean and median definitions above. */
int64_t nsq_floor_div(int64_t a, int64_t b);

/* All statistics of v[0..n), n > 0 (reorders v). */
void nsq_stats_of(nsq_stats *s, int64_t *v, size_t n);

/* Exact sums need 128 bits (sum of squares of 10^7 values near 10^9). */
__extension__ typedef __int128 nsq_i128;

/* Sample standard deviation from exact sums; NaN when n < 2. */
double nsq_stddev_from_sums(int64_t n, nsq_i128 sum, nsq_i128 sumsq);

/* Sums of times that do not fit 64 bits (every value is inside +-2^62, but
 * a sum of many is not): a + b, or v, saturated at INT64_MAX / INT64_MIN. A
 * saturation is counted (any thread); the command layer then warns
 * time_overflow, so a clipped total is never shown as a healthy one. */
int64_t nsq_sat_add(int64_t a, int64_t b);
int64_t nsq_sat_i128(nsq_i128 v);
int64_t nsq_saturations(void);

/* ---- grouped accumulator ------------------------------------------------------ *
 * Groups are keyed by a pair of int64 (e.g. device and name id); each group
 * keeps its values (for exact order statistics) and running sums. Adding is
 * O(1) amortised: one hash probe and an append. Memory: 2 bytes per value in
 * [0, 2^16) while at least 8 in 9 values fit there (launch latencies, launch
 * call durations), else 4 bytes per value in [0, 2^32) (a duration under
 * 4.29 s); 8 bytes per other value; plus about 100 bytes per group; large
 * value arrays grow by doubling with realloc, so untouched capacity is not
 * resident. A table of 64 to 65,536 groups logs its adds (3 MB, stats.c)
 * and sorts them into the groups when the log is full or the table is read:
 * the reads below are not to run on two threads at once (as adds are not). */
typedef struct nsq_gstats nsq_gstats;

nsq_gstats *nsq_gstats_new(void);
void nsq_gstats_free(nsq_gstats *g);
/* The index of group (k1, k2), created empty when new (indices are stable
 * and dense, in order of first appearance). */
int nsq_gstats_group(nsq_gstats *g, int64_t k1, int64_t k2);
/* Adds value x to group i (from nsq_gstats_group). */
void nsq_gstats_add_at(nsq_gstats *g, int i, int64_t x);
/* Adds value x to group (k1, k2); returns the group index. */
int nsq_gstats_add(nsq_gstats *g, int64_t k1, int64_t k2, int64_t x);
/* The group index of (k1, k2), or -1. */
int nsq_gstats_find(const nsq_gstats *g, int64_t k1, int64_t k2);
int nsq_gstats_count(const nsq_gstats *g);
void nsq_gstats_keys(const nsq_gstats *g, int i, int64_t *k1, int64_t *k2);
int64_t nsq_gstats_n(const nsq_gstats *g, int i);
int64_t nsq_gstats_total(const nsq_gstats *g, int i);
/* The extremes and the exact sum of squares of group i (at least one value). */
void nsq_gstats_sums(const nsq_gstats *g, int i, int64_t *min, int64_t *max, nsq_i128 *sumsq);
/* Value k (0 <= k < nsq_gstats_n) of group i, in no particular order (the
 * order may change with the next add, merge or result on g). */
int64_t nsq_gstats_value(const nsq_gstats *g, int i, size_t k);
/* Moves every value of group src into group dst (src becomes empty). */
void nsq_gstats_merge(nsq_gstats *g, int dst, int src);
/* Statistics of group i (reorders its values; further adds are allowed).
 * Returns 0, or -1 when the group is empty. */
int nsq_gstats_result(nsq_gstats *g, int i, nsq_stats *s);
/* Drops all groups (keeps allocations of the table). */
void nsq_gstats_clear(nsq_gstats *g);

/* ---- int64 pair -> int map (open addressing), used by the accumulator and
 * available to others that need a small dense index of keys. ---------------- */
typedef struct nsq_pairmap {
    int64_t *k1, *k2;
    int *val;   /* -1 = empty slot */
    size_t cap; /* power of two */
    size_t n;
} nsq_pairmap;

#define NSQ_PAIRMAP_INIT                                                                           \
    {                                                                                              \
        0, 0, 0, 0, 0                                                                              \
    }
/* The value stored for (k1, k2), or -1. */
int nsq_pairmap_get(const nsq_pairmap *m, int64_t k1, int64_t k2);
/* Stores val (>= 0) for (k1, k2), replacing any previous value. */
void nsq_pairmap_put(nsq_pairmap *m, int64_t k1, int64_t k2, int val);
/* Removes (k1, k2) if present (the map then holds only live keys). */
void nsq_pairmap_del(nsq_pairmap *m, int64_t k1, int64_t k2);
void nsq_pairmap_release(nsq_pairmap *m);

#endif
