/* devmap: which physical GPU a (process, CUDA ordinal) pair is.
 *
 * A GPU op's device_id is the CUDA ordinal inside its own process. Where the
 * export has TARGET_INFO_CUDA_DEVICE (nsys 2025+), (pid, ordinal) maps to the
 * nsys GPU id ("cuda_device_map"). Otherwise, where TARGET_INFO_GPU lists
 * cuDevice, the ordinal is taken as that GPU ("gpu_cudevice", right unless
 * CUDA_VISIBLE_DEVICES reordered devices). Otherwise the ordinal itself is
 * the identity ("cuda_ordinal"). */
#ifndef NSYSQL_DEVMAP_H
#define NSYSQL_DEVMAP_H

#include <stdint.h>

#include "nsysql/export/export.h"

enum nsq_dev_identity {
    NSQ_ID_CUDA_DEVICE_MAP = 1, /* TARGET_INFO_CUDA_DEVICE has rows */
    NSQ_ID_GPU_CUDEVICE,        /* TARGET_INFO_GPU lists cuDevice */
    NSQ_ID_ORDINAL              /* neither: the CUDA ordinal itself */
};

/* The one rule for which identity names a GPU in this export (decided once
 * per export and remembered in x->probe). */
enum nsq_dev_identity nsq_devmap_identity(nsq_export *x);
/* "cuda_device_map", "gpu_cudevice" or "cuda_ordinal". */
const char *nsq_devmap_identity_name(enum nsq_dev_identity id);

typedef struct nsq_devmap_entry {
    int64_t pid;
    int64_t device_id;
    int64_t gpu; /* resolved identity (nsys GPU id or ordinal) */
    int mapped;  /* 1 when a table said so, 0 for a fallback */
} nsq_devmap_entry;

typedef struct nsq_devmap {
    const char *identity; /* "cuda_device_map" | "gpu_cudevice" | "cuda_ordinal" */
    nsq_devmap_entry *e;
    int n, cap;
} nsq_devmap;

/* Loads the mapping for every (pid, device_id) pair seen in gpu_op. */
int nsq_devmap_load(nsq_devmap *m, nsq_export *x, nsq_err *err);
/* The same for the n pairs pid_dev[2 i], pid_dev[2 i + 1] (pid, device_id)
 * a caller has already collected. */
int nsq_devmap_load_pairs(nsq_devmap *m, nsq_export *x, const int64_t *pid_dev, int n,
                          nsq_err *err);
/* The GPU for (pid, device_id): identity value (falls back to device_id). */
int64_t nsq_devmap_gpu(const nsq_devmap *m, int64_t pid, int64_t device_id);
void nsq_devmap_release(nsq_devmap *m);

#endif
