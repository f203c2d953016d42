/* gpuutil: GPU utilisation over time per device.
 *
 * Each device's span (first op start .. last op end on that device, or the
 * --window when one is given) is cut into `bins` equal bins (or bins of
 * bin_ns, the last one shorter). Per bin:
 *   busy_ns  the union of the device's kernels, memcpys and memsets inside
 *            the bin (what the GPU did: never more than the bin);
 *   sum_ns   the plain sum of their overlaps with the bin (nsys analyze
 *            gpu_time_util's "in use": over 100 % with concurrent streams);
 *   kernel_ns the union of the kernels alone.
 * Low-utilisation runs: maximal runs of consecutive bins whose share (busy by
 * default, or sum as nsys judges it) is under the threshold, merged.
 * Devices are physical GPUs (devmap.h); processes sharing one are combined
 * (nsys cuts per process and device). One streaming pass over the GPU ops
 * (intervals.h), O(devices x bins) memory. */
#ifndef NSYSQL_GPUUTIL_H
#define NSYSQL_GPUUTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/analysis/scope.h"
#include "nsysql/export/export.h"
#include "nsysql/util/json.h"
#include "nsysql/util/strbuf.h"

typedef struct nsq_gpuutil_opts {
    const nsq_window *window; /* kind "all": each device's own span */
    const nsq_filter *filter;
    int64_t bins;     /* when bin_ns is 0 (default 30) */
    int64_t bin_ns;   /* > 0: fixed bin length */
    double low_pct;   /* threshold (default 50) */
    bool low_by_sum;  /* judge bins by sum_ns (nsys) instead of busy_ns */
    bool hide_bins;   /* JSON: every device's bins array empty (bin_count still says) */
} nsq_gpuutil_opts;

typedef struct nsq_gpuutil_bin {
    int64_t start_ns, end_ns;
    int64_t busy_ns, sum_ns, kernel_ns;
} nsq_gpuutil_bin;

typedef struct nsq_gpuutil_lowrun {
    int64_t first_bin, last_bin;
    int64_t start_ns, end_ns;
    int64_t busy_ns, sum_ns;
} nsq_gpuutil_lowrun;

typedef struct nsq_gpuutil_dev {
    int64_t device;
    int64_t ops;
    int64_t span_start_ns, span_end_ns;
    int64_t busy_ns, sum_ns, kernel_ns;
    nsq_gpuutil_bin *bins;
    int64_t nbins;
    nsq_gpuutil_lowrun *runs;
    int64_t nruns, capruns;
    int64_t low_ns; /* total length of the runs */
    /* while scanning */
    int64_t u_start, u_end, k_start, k_end;
    bool u_open, k_open;
    int64_t hint; /* the bin of the last op spread */
    uint8_t *kept; /* the first pass's ops, replayed instead of a second pass */
    int64_t nkept, capkept, first_start, last_start, last_end;
} nsq_gpuutil_dev;

typedef struct nsq_gpuutil {
    nsq_gpuutil_dev *devs;
    int ndevs, capdevs;
    const char *identity;
    int64_t bad_rows;
    bool sorted_in_memory;
} nsq_gpuutil;

int nsq_gpuutil_run(nsq_gpuutil *r, nsq_export *x, const nsq_gpuutil_opts *o, nsq_err *err);
void nsq_gpuutil_json(json *j, const nsq_gpuutil *r, const nsq_gpuutil_opts *o);
void nsq_gpuutil_text(strbuf *sb, const nsq_gpuutil *r, const nsq_gpuutil_opts *o, const char *fmt);
void nsq_gpuutil_release(nsq_gpuutil *r);

#endif
