/* nvtx: NVTX ranges summarised by name and by nesting path, CPU-side duration
 * statistics and the GPU projection (GPU ops whose launching API call lies
 * inside a range instance on the same thread; every enclosing range is
 * credited, as nsys does). */
#ifndef NSYSQL_NVTX_H
#define NSYSQL_NVTX_H

#include <stdint.h>

#include "nsysql/util/err.h"
#include "nsysql/export/export.h"
#include "nsysql/util/json.h"
#include "nsysql/util/regex.h"
#include "nsysql/util/strbuf.h"

typedef struct nsq_nvtx_opts {
    int64_t depth;      /* report instances at nesting level < depth (0 = all) */
    nsq_re *name;       /* report only names matching (NULL = all) */
    const char *domain; /* only this domain ("default" = domain 0; NULL = all) */
    int64_t limit;      /* rows per table (0 = all) */
    int views;          /* compute through the views only (no streaming path) */
    int sort;           /* enum nsq_nvtx_sort: the order of the range tables */
    int64_t name_bytes; /* JSON: names and paths cut to this many bytes (0 = whole) */
    int end_aside;      /* run as a member of a scan group: a successful run returns aside
                           (nsq_scan_aside), its caller touching the export no more */
} nsq_nvtx_opts;

/* Range tables by GPU busy time (desc; CPU total breaks ties; the default,
 * used as CPU when the export has no GPU projection), by CPU total (desc)
 * or by instances (desc); then domain and name or path. Marks: by count
 * with NSQ_NVTX_SORT_COUNT, else by CPU total (always 0: by name). */
enum nsq_nvtx_sort { NSQ_NVTX_SORT_GPU = 0, NSQ_NVTX_SORT_CPU, NSQ_NVTX_SORT_COUNT };

/* A range instance (start, end, its node, its parent), 24 bytes; instances
 * are kept by thread (nsq_nvtx_thr segments), then start, then end
 * descending. A node is what a row of the tables is made of: (domain, name,
 * nesting path, level), with the GPU projection summed over its instances.
 * A key is a (domain, name) pair. */
typedef struct nsq_nvtx_inst nsq_nvtx_inst;
typedef struct nsq_nvtx_node nsq_nvtx_node;
typedef struct nsq_nvtx_key nsq_nvtx_key;
typedef struct nsq_nvtx_thr nsq_nvtx_thr;
typedef struct nsq_nvtx_mark nsq_nvtx_mark;

typedef struct nsq_nvtx_result {
    int64_t rows_read;   /* push/pop, start/end and mark rows read (before --domain) */
    int64_t ranges;      /* closed same-thread ranges in the domain */
    int64_t push_pop, start_end, marks;
    int64_t unclosed, cross_thread, negative;
    int64_t threads, processes, max_level;
    int64_t gpu_ops, gpu_ops_launched, gpu_busy_ns; /* whole capture */
    int64_t gpu_time_ns; /* per (process, device) busy unions, summed: the share's denominator */
    int64_t gpu_ops_in_ranges; /* launched inside at least one reported range */
    /* launched by a thread with no NVTX range of its own in a process whose
     * other threads hold ranges (PyTorch's autograd threads) */
    int64_t gpu_ops_rangeless_threads;
    int have_gpu;         /* the export has GPU ops matched to API calls */
    int crossing;         /* ranges overlap without nesting, or domains mix on a thread */
    const char *engine;   /* "stream" or "views": how the projection was computed */
    nsq_nvtx_inst *inst;  /* ranges (owned) */
    nsq_nvtx_mark *mark;  /* marks (owned) */
    int64_t ninst, nmark;
    nsq_nvtx_thr *thr;    /* thread segments of inst, by thread id (owned) */
    int64_t nthr;
    nsq_nvtx_key *keys;   /* (owned) */
    int64_t nkeys, capkeys;
    nsq_nvtx_node *nodes; /* (owned) */
    int64_t nnodes, capnodes;
    char **strings;       /* owned names and paths */
    int64_t nstrings, capstrings;
    int64_t *hash;        /* open addressing over strings (index + 1), size hcap */
    int64_t hcap;
} nsq_nvtx_result;

/* Reads the nvtx, nvtx_domain, api and gpu_op views of x into r (zeroed
 * first; release with nsq_nvtx_release). Returns 0, or -1 with err. */
int nsq_nvtx_run(nsq_nvtx_result *r, nsq_export *x, const nsq_nvtx_opts *o, nsq_err *err);
void nsq_nvtx_json(json *j, const nsq_nvtx_result *r, const nsq_nvtx_opts *o);
void nsq_nvtx_text(strbuf *sb, const nsq_nvtx_result *r, const nsq_nvtx_opts *o, const char *fmt);
void nsq_nvtx_release(nsq_nvtx_result *r);

#endif
