/* shape.h - a kernel launch's shape: the key diff and top-kernels --shapes
 * group a kernel name's instances by. */
#ifndef NSYSQL_SHAPE_H
#define NSYSQL_SHAPE_H

#include <stdint.h>

/* A launch configuration; -1 where the export has NULL (or lacks the column). */
typedef struct nsq_shape_key {
    int64_t grid[3], block[3];
    int64_t shared_bytes; /* static + dynamic shared memory */
} nsq_shape_key;

/* Fills *out from the 8 launch columns in kernel-view order: grid_x, grid_y,
 * grid_z, block_x, block_y, block_z, static_shared_bytes,
 * dynamic_shared_bytes; bit i of nulls set when v[i] is NULL. Shared memory
 * is the sum with a NULL part counted as 0, -1 when both are NULL. */
static inline void nsq_shape_key_of(nsq_shape_key *out, const int64_t *v, unsigned nulls)
{
    for (int i = 0; i < 3; i++) {
        out->grid[i] = (nulls >> i & 1u) ? -1 : v[i];
        out->block[i] = (nulls >> (3 + i) & 1u) ? -1 : v[3 + i];
    }
    int ns = (nulls >> 6 & 1u) != 0, nd = (nulls >> 7 & 1u) != 0;
    out->shared_bytes = ns && nd ? -1 : (ns ? 0 : v[6]) + (nd ? 0 : v[7]);
}

/* Whether grid and block are recorded (every field known). */
static inline int nsq_shape_key_known(const nsq_shape_key *k)
{
    for (int i = 0; i < 3; i++)
        if (k->grid[i] < 0 || k->block[i] < 0)
            return 0;
    return 1;
}

#endif
