/* corrmap: correlationId -> a small non-negative int32 (an iteration, a
 * range index), for the ids of one process.
 *
 * Ids come in pages of 1024 consecutive values, allocated when first set. A
 * page stores one byte per id, an offset from the value of the first id set
 * in it, while every value fits (ids close together usually map to the same
 * or neighbouring iterations or ranges); otherwise it widens to four bytes
 * per id. So memory is about one byte per id of the span the calls cover,
 * never an array reallocated whole. */
#ifndef NSYSQL_CORRMAP_H
#define NSYSQL_CORRMAP_H

#include <stdint.h>

typedef struct nsq_corrpage {
    int32_t base; /* narrow: the value of offset 0 */
    int wide;
    uint8_t *n; /* narrow page: offsets from base (0xFF: unset) */
    int32_t *w; /* wide page: values (-1: unset) */
} nsq_corrpage;

typedef struct nsq_corrmap {
    nsq_corrpage *pg;
    int64_t first, npg, cap; /* pg[0] holds the ids of page `first` */
    int64_t len;             /* ids set (0: empty) */
} nsq_corrmap;

/* Sets corr to val (>= 0). Returns 0, or -1 when the ids set would span more
 * than 2^32 values (the page table would not be small). */
int nsq_corrmap_set(nsq_corrmap *m, int64_t corr, int32_t val);
/* The value of corr, or -1 when it was never set. */
int32_t nsq_corrmap_get(const nsq_corrmap *m, int64_t corr);
void nsq_corrmap_release(nsq_corrmap *m);

#endif
