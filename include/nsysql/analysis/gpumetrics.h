/* gpumetrics: the sampled GPU counters of GPU_METRICS (nsys
 * --gpu-metrics-devices), named through TARGET_INFO_GPU_METRICS, joined on
 * (typeId, metricId); the GPU is typeId & 0xFF (nsys's GPU id), mapped to the
 * physical identity the other commands use (devmap.h). Both layouts are read:
 * with rawTimestamp and without it (only `timestamp` is used).
 *
 * Per metric and GPU: samples, first and last time, sampling rate, min, max,
 * mean, p50 and p90 (nearest rank) of the sample values, and the time-weighted
 * mean (each sample's value held until that metric's next sample on that GPU;
 * the last sample carries no weight). Low-utilisation windows: runs of
 * consecutive samples of one metric (default the first of "SMs Active",
 * "SM Active", "GR Active") under a threshold, from the first low sample to the
 * next sample after the run. With by_kernel: per kernel name, each metric's
 * mean over the samples taken inside its instances (on its GPU). */
#ifndef NSYSQL_GPUMETRICS_H
#define NSYSQL_GPUMETRICS_H

#include <stdbool.h>
#include <stdint.h>

#include "nsysql/analysis/scope.h"
#include "nsysql/export/export.h"
#include "nsysql/util/json.h"
#include "nsysql/util/strbuf.h"

typedef struct nsq_gm_series {
    int64_t type_id, metric_id, gpu;
    char *name;
    int64_t *ts, *val; /* samples in time order (owned) */
    int64_t n, cap;
    bool unsorted;     /* while reading: a sample came before the previous one */
    double mean, weighted_mean, rate_hz;
    int64_t min, max, p50, p90;
} nsq_gm_series;

typedef struct nsq_gm_low {
    int64_t gpu, start_ns, end_ns, samples;
    double mean;
} nsq_gm_low;

typedef struct nsq_gm_kernel {
    char *name;
    int64_t instances, with_samples;
    int64_t *n;   /* per series: samples inside the instances */
    double *sum;  /* per series */
} nsq_gm_kernel;

typedef struct nsq_gpumetrics_opts {
    const nsq_window *window; /* kind "all": every sample */
    const nsq_filter *filter; /* --device */
    const char *low_metric;   /* NULL: SMs Active, SM Active, GR Active */
    double low_value;         /* default 20 */
    int64_t min_low_ns;       /* report runs at least this long (default 0) */
    int64_t limit;            /* runs and kernels listed (default 10) */
    bool by_kernel;
} nsq_gpumetrics_opts;

typedef struct nsq_gpumetrics {
    nsq_gm_series *s;
    int ns, caps;
    int64_t samples;
    int64_t capture_start_ns, capture_end_ns; /* ANALYSIS_DETAILS start/stop, for coverage (0: unknown) */
    const char *low_metric;                   /* the metric judged (NULL: none found) */
    nsq_gm_low *low;
    int64_t nlow, caplow, low_total_ns;
    nsq_gm_kernel *k;
    int nk, capk;
    int64_t kernels_seen, kernels_with_samples;
} nsq_gpumetrics;

/* Errors no_gpu_metrics (exit 3) when the tables are absent or empty. */
int nsq_gpumetrics_run(nsq_gpumetrics *r, nsq_export *x, const nsq_gpumetrics_opts *o, nsq_err *err);
void nsq_gpumetrics_json(json *j, const nsq_gpumetrics *r, const nsq_gpumetrics_opts *o);
void nsq_gpumetrics_text(strbuf *sb, const nsq_gpumetrics *r, const char *fmt);
void nsq_gpumetrics_release(nsq_gpumetrics *r);

#endif
