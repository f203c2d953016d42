/* records: CUPTI activity record -> row (needs cupti_activity.h). */
#ifndef NSYSQL_INJECT_RECORDS_H
#define NSYSQL_INJECT_RECORDS_H

#include "rows.h"

typedef struct nsq_map_env {
    uint64_t t0;  /* session origin on the CUPTI clock (ns) */
    uint32_t pid; /* this process */
    /* API name for a callback id (runtime != 0: runtime API, else driver API) */
    const char *(*api_name)(void *ud, int runtime, uint32_t cbid);
    void *ud;
} nsq_map_env;

enum { NSQ_MAP_SKIP = 0, NSQ_MAP_ROW = 1, NSQ_MAP_INCOMPLETE = -1 };

/* Maps one CUPTI activity record (`rec` points at a CUpti_Activity) to a
 * row. Returns NSQ_MAP_ROW, NSQ_MAP_SKIP for kinds that are not stored, or
 * NSQ_MAP_INCOMPLETE for a record without timestamps (CUPTI writes 0 when it
 * could not collect them). Pure: no I/O, no CUPTI calls. */
int nsq_map_record(const void *rec, const nsq_map_env *env, nsq_row *out);

/* nsys enum values from CUPTI's. */
int nsq_map_mem_kind(int cupti_kind);
int nsq_map_overhead_type(int cupti_kind);
const char *nsq_overhead_name(int cupti_kind);
int nsq_map_launch_type(int cupti_launch_type);

#endif
