/* Unit test of NSQ_GROW (grow.h): n appends of one element reallocate
 * O(log n) times (counted: the capacity changes), every element survives
 * each move, the room covers a jump of many elements at once, a capacity of
 * any integer type works, and nsq_grow_room's arithmetic (the need first,
 * then cap * 3 / 2 + 1 or the need if more, capped where the bytes would
 * pass SIZE_MAX).
 * Exit 0 when every check passes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "nsysql/util/grow.h"

#include "check.h"

int main(void)
{
    int64_t *v = NULL;
    int n = 0, cap = 0, moves = 0;
    for (int i = 0; i < 1000000; i++) {
        int before = cap;
        NSQ_GROW(v, n + 1, cap);
        moves += cap != before;
        v[n++] = i;
    }
    CHECK(cap >= n, "room %d for %d", cap, n);
    /* 1, 2, 4, 7, 11, 17, ... x1.5 each: about log(1e6) / log(1.5) = 34 */
    CHECK(moves >= 30 && moves <= 40, "%d reallocations for 1e6 appends", moves);
    int64_t bad = 0;
    for (int i = 0; i < n; i++)
        bad += v[i] != i;
    CHECK(bad == 0, "%lld elements changed on the way", (long long)bad);
    free(v);

    /* a jump: the need wins over the rule */
    char *c = NULL;
    size_t sc = 0;
    NSQ_GROW(c, 5, sc);
    CHECK(sc == 5, "first room %zu (want the need, 5)", sc);
    NSQ_GROW(c, 1000, sc);
    CHECK(sc == 1000, "room %zu after asking for 1000", sc);
    NSQ_GROW(c, 1000, sc);
    CHECK(sc == 1000, "no move when the room suffices (%zu)", sc);
    NSQ_GROW(c, 1001, sc);
    CHECK(sc == 1501, "room %zu after 1000 -> 1001", sc);
    free(c);

    /* a signed 64-bit capacity */
    short *s = NULL;
    int64_t cs = 0;
    NSQ_GROW(s, 3, cs);
    CHECK(cs == 3, "int64_t capacity %lld", (long long)cs);
    NSQ_GROW(s, 4, cs);
    CHECK(cs == 5, "int64_t capacity %lld after 3 -> 4", (long long)cs);
    free(s);

    CHECK(nsq_grow_room(0, 1, 8) == 1, "room(0, 1)");
    CHECK(nsq_grow_room(1, 2, 8) == 2, "room(1, 2)");
    CHECK(nsq_grow_room(100, 101, 8) == 151, "room(100, 101)");
    CHECK(nsq_grow_room(SIZE_MAX / 16 - 4, SIZE_MAX / 16 - 3, 16) == SIZE_MAX / 16,
          "room capped at SIZE_MAX bytes");
    CHECK(nsq_grow_room(SIZE_MAX - 1, SIZE_MAX, 1) == SIZE_MAX, "room near SIZE_MAX");
    printf("%d/%d checks passed\n", nchecks - nfail, nchecks);
    return nfail ? 1 : 0;
}
