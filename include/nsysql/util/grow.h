/* grow: geometric growth of an array (git's ALLOC_GROW).
 *
 *     int n = 0, cap = 0;
 *     T *v = NULL;
 *     NSQ_GROW(v, n + 1, cap);
 *     v[n++] = x;
 *
 * NSQ_GROW(p, need, cap) makes room for at least `need` elements of *p, whose
 * room is `cap` elements: when need > cap, p is reallocated to `need`
 * elements the first time (cap 0), then to max(need, cap * 3 / 2 + 1), and
 * cap set to that, so n appends cost O(n) in all (one realloc per element
 * copies the whole array each time where the allocator cannot remap in
 * place: sanitizers, musl, macOS). Unlike git's ALLOC_GROW ((cap + 16) * 3 / 2
 * from the start) the first room is exact: many arrays here hold one element
 * per kernel name (a name's shapes, members), and 24 there tripled diff's
 * peak memory on 50,000 names. The
 * new elements are not initialised. `cap` may be of any integer type; a room
 * that passes SIZE_MAX bytes or the type of `cap` ends the process like an
 * allocation failure (strbuf.h). p, need and cap are evaluated more than once.
 * Whoever frees p sets cap back to 0. */
#ifndef NSYSQL_GROW_H
#define NSYSQL_GROW_H

#include <stddef.h>

#include "nsysql/util/strbuf.h"

/* The room to grow to from `cap` so that `need` elements of `size` bytes fit;
 * ends the process when need * size passes SIZE_MAX. */
size_t nsq_grow_room(size_t cap, size_t need, size_t size);
/* Ends the process as an allocation failure does (a room that does not fit
 * its capacity variable). */
void nsq_grow_overflow(void);

#define NSQ_GROW(p, need, cap)                                                                     \
    do {                                                                                           \
        if ((size_t)(need) > (size_t)(cap)) {                                                      \
            size_t nsq_room_ = nsq_grow_room((size_t)(cap), (size_t)(need), sizeof *(p));          \
            (p) = xrealloc((p), nsq_room_ * sizeof *(p));                                          \
            (cap) = nsq_room_;                                                                     \
            if ((size_t)(cap) != nsq_room_)                                                        \
                nsq_grow_overflow();                                                               \
        }                                                                                          \
    } while (0)

#endif
