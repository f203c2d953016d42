/* piles: a multiset of int64 values that arrive nearly in order (call ends,
 * kernel starts), kept in a few bytes each and read back sorted.
 *
 * Each value joins a pile, a non-decreasing sequence stored as its first
 * value and the LEB128 differences after it: the pile whose last value is
 * the largest one not above it (so the piles stay few: as many as the
 * longest strictly decreasing run of the input, about the streams that
 * interleave). Past NSQ_PILES_MAX piles, a value that fits none is kept
 * apart in 8 bytes and sorted at the end, so any input is exact; only
 * nearly sorted input is small (values 1 us apart: 2 bytes each).
 * Reading merges the piles (and the values apart) in ascending order. */
#ifndef NSYSQL_PILES_H
#define NSYSQL_PILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NSQ_PILES_MAX 64

/* LEB128: v into b (at most 10 bytes), returning the bytes written; and the
 * value at b[*at], moving *at past it. */
static inline int nsq_uleb_put(uint8_t *b, uint64_t v)
{
    int n = 0;
    while (v >= 0x80) {
        b[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    b[n++] = (uint8_t)v;
    return n;
}

static inline uint64_t nsq_uleb_get(const uint8_t *b, size_t *at)
{
    uint64_t v = 0;
    int sh = 0;
    uint8_t c;
    do {
        c = b[(*at)++];
        v |= (uint64_t)(c & 0x7F) << sh;
        sh += 7;
    } while (c & 0x80);
    return v;
}

typedef struct nsq_pile {
    int64_t first, last;
    uint8_t *b; /* differences after first, LEB128 */
    size_t n, cap;
} nsq_pile;

typedef struct nsq_piles {
    nsq_pile *p; /* by last value, descending */
    int np, capp;
    int64_t *apart; /* values no pile took */
    size_t napart, capapart;
    int64_t count;
} nsq_piles;

void nsq_piles_add(nsq_piles *ps, int64_t x);
/* Bytes held (for tests and benchmarks). */
size_t nsq_piles_bytes(const nsq_piles *ps);
void nsq_piles_release(nsq_piles *ps);

/* Ascending read-out; the piles must not change meanwhile. */
typedef struct nsq_piles_cursor {
    int64_t v;   /* current value */
    int pile;    /* index into p, or -1 for the values apart */
    size_t at;   /* next byte (pile) or next index (apart) */
} nsq_piles_cursor;

typedef struct nsq_piles_iter {
    const nsq_piles *ps;
    nsq_piles_cursor *heap; /* min-heap by v */
    int n;
} nsq_piles_iter;

/* Sorts the values apart (ps is modified for that only). */
void nsq_piles_iter_init(nsq_piles_iter *it, nsq_piles *ps);
/* The next value in ascending order: true and *x, or false at the end. */
bool nsq_piles_next(nsq_piles_iter *it, int64_t *x);
void nsq_piles_iter_release(nsq_piles_iter *it);

#endif
