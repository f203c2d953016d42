/* gpumetrics: GPU_METRICS samples (see gpumetrics.h). */
#include "nsysql/analysis/gpumetrics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/export/devmap.h"
#include "nsysql/export/parscan.h"
#include "nsysql/util/grow.h"

/* nsys's GPU id (typeId & 0xFF) as the physical identity devmap uses. */
static int64_t gpu_of_type(nsq_export *x, enum nsq_dev_identity id, int64_t type_id)
{
    int64_t g = type_id & 255, v = g;
    if (id == NSQ_ID_GPU_CUDEVICE) {
        char q[96];
        snprintf(q, sizeof q, "SELECT cuda_device FROM device WHERE gpu_id = %lld", (long long)g);
        if (nsq_query_int64(x->db, q, g, &v))
            v = g;
    }
    return v;
}

typedef struct tv {
    int64_t t, v, seq;
} tv;

static int cmp_tv(const void *a, const void *b)
{
    const tv *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void sort_series(nsq_gm_series *s)
{
    tv *v = xmalloc(sizeof *v * (size_t)s->n);
    for (int64_t i = 0; i < s->n; i++)
        v[i] = (tv){s->ts[i], s->val[i], i};
    qsort(v, (size_t)s->n, sizeof *v, cmp_tv);
    for (int64_t i = 0; i < s->n; i++) {
        s->ts[i] = v[i].t;
        s->val[i] = v[i].v;
    }
    free(v);
}

static int find_series(const nsq_gpumetrics *r, int64_t type_id, int64_t metric_id)
{
    for (int i = 0; i < r->ns; i++)
        if (r->s[i].type_id == type_id && r->s[i].metric_id == metric_id)
            return i;
    return -1;
}

static void series_stats(nsq_gm_series *s)
{
    if (!s->n)
        return;
    double sum = 0, wsum = 0;
    for (int64_t i = 0; i < s->n; i++) {
        sum += (double)s->val[i];
        if (i + 1 < s->n)
            wsum += (double)s->val[i] * (double)(s->ts[i + 1] - s->ts[i]);
    }
    s->mean = sum / (double)s->n;
    int64_t span = s->ts[s->n - 1] - s->ts[0];
    s->weighted_mean = span > 0 ? wsum / (double)span : s->mean;
    s->rate_hz = span > 0 ? (double)(s->n - 1) * 1e9 / (double)span : 0;
    int64_t *v = xmalloc(sizeof *v * (size_t)s->n);
    memcpy(v, s->val, sizeof *v * (size_t)s->n);
    s->min = s->max = v[0];
    for (int64_t i = 1; i < s->n; i++) {
        if (v[i] < s->min)
            s->min = v[i];
        if (v[i] > s->max)
            s->max = v[i];
    }
    /* nearest ranks ceil(n / 2) and ceil(0.9 n), by selection (no sort) */
    s->p90 = nsq_select(v, (size_t)s->n, (size_t)((9 * s->n + 9) / 10 - 1));
    s->p50 = nsq_select(v, (size_t)((9 * s->n + 9) / 10), (size_t)((s->n + 1) / 2 - 1));
    free(v);
}

/* The metric judged for low utilisation: --low-metric, else the first name
 * starting with one of the defaults. */
static const char *pick_low(const nsq_gpumetrics *r, const char *want)
{
    static const char *const defaults[] = {"SMs Active", "SM Active", "GR Active", NULL};
    if (want) {
        for (int i = 0; i < r->ns; i++)
            if (!strcmp(r->s[i].name, want))
                return r->s[i].name;
        return NULL;
    }
    for (int d = 0; defaults[d]; d++)
        for (int i = 0; i < r->ns; i++)
            if (!strncmp(r->s[i].name, defaults[d], strlen(defaults[d])))
                return r->s[i].name;
    return NULL;
}

static int cmp_low(const void *a, const void *b)
{
    const nsq_gm_low *x = a, *y = b;
    int64_t dx = x->end_ns - x->start_ns, dy = y->end_ns - y->start_ns;
    if (dx != dy)
        return dx < dy ? 1 : -1;
    return x->start_ns < y->start_ns ? -1 : x->start_ns > y->start_ns;
}

typedef struct kscan {
    nsq_gpumetrics *r;
    nsq_opscan *s;
    double **prefix; /* per series: prefix sums of values */
} kscan;

static int64_t lower(const int64_t *ts, int64_t n, int64_t t)
{
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        int64_t m = lo + (hi - lo) / 2;
        if (ts[m] < t)
            lo = m + 1;
        else
            hi = m;
    }
    return lo;
}

static int kernel_row(void *ctx, const nsq_op *op, nsq_err *err)
{
    (void)err;
    kscan *ks = ctx;
    nsq_gpumetrics *r = ks->r;
    if (!op) {
        for (int i = 0; i < r->nk; i++) {
            r->k[i].instances = r->k[i].with_samples = 0;
            memset(r->k[i].n, 0, sizeof *r->k[i].n * (size_t)r->ns);
            memset(r->k[i].sum, 0, sizeof *r->k[i].sum * (size_t)r->ns);
        }
        r->kernels_seen = r->kernels_with_samples = 0;
        return 0;
    }
    int *slot = nsq_opscan_slot_user(ks->s, op->name_slot);
    if (*slot < 0) {
        const char *nm = nsq_opscan_name(ks->s, op->name_slot);
        NSQ_GROW(r->k, r->nk + 1, r->capk);
        nsq_gm_kernel *k = &r->k[r->nk];
        memset(k, 0, sizeof *k);
        k->name = xstrdup(nm ? nm : "");
        k->n = xcalloc((size_t)r->ns + 1, sizeof *k->n);
        k->sum = xcalloc((size_t)r->ns + 1, sizeof *k->sum);
        *slot = r->nk++;
    }
    nsq_gm_kernel *k = &r->k[*slot];
    k->instances++;
    r->kernels_seen++;
    int any = 0;
    for (int i = 0; i < r->ns; i++) {
        const nsq_gm_series *s = &r->s[i];
        if (s->gpu != op->gpu || !s->n)
            continue;
        int64_t a = lower(s->ts, s->n, op->start), b = lower(s->ts, s->n, op->end);
        if (b > a) {
            k->n[i] += b - a;
            k->sum[i] += ks->prefix[i][b] - ks->prefix[i][a];
            any = 1;
        }
    }
    k->with_samples += any;
    r->kernels_with_samples += any;
    return 0;
}

static int by_kernel(nsq_gpumetrics *r, nsq_export *x, const nsq_gpumetrics_opts *o, nsq_err *err)
{
    kscan ks = {r, NULL, xcalloc((size_t)r->ns + 1, sizeof(double *))};
    for (int i = 0; i < r->ns; i++) {
        ks.prefix[i] = xmalloc(sizeof(double) * (size_t)(r->s[i].n + 1));
        ks.prefix[i][0] = 0;
        for (int64_t j = 0; j < r->s[i].n; j++)
            ks.prefix[i][j + 1] = ks.prefix[i][j] + (double)r->s[i].val[j];
    }
    nsq_opscan_opts so;
    memset(&so, 0, sizeof so);
    so.kinds = 1u << NSQ_OP_KERNEL;
    so.filter = o->filter;
    so.skip_pid = true;
    if (o->window && strcmp(o->window->kind, "all")) {
        so.has_window = true;
        so.win_start = o->window->start_ns;
        so.win_end = o->window->end_ns;
    }
    int rc = nsq_opscan_open(&ks.s, x, &so, err);
    if (!rc)
        rc = nsq_opscan_run(ks.s, kernel_row, &ks, err);
    if (ks.s)
        nsq_opscan_close(ks.s);
    for (int i = 0; i < r->ns; i++)
        free(ks.prefix[i]);
    free(ks.prefix);
    return rc;
}

/* Reading the samples: each goes to its (typeId, metricId) series. */
typedef struct gm_scan {
    nsq_gpumetrics *r;
    bool windowed;
    int64_t ws, we;
    int cur;
    int64_t lt, lm;  /* the last row's series key */
    nsq_pairmap idx; /* (typeId, metricId) -> series (rows interleave the metrics) */
} gm_scan;

static void add_sample(gm_scan *g, int64_t t, int64_t ty, int64_t m, int64_t val)
{
    nsq_gpumetrics *r = g->r;
    if (g->windowed && !(t >= g->ws && t < g->we))
        return;
    if (ty != g->lt || m != g->lm) {
        g->cur = nsq_pairmap_get(&g->idx, ty, m);
        g->lt = ty;
        g->lm = m;
    }
    if (g->cur < 0)
        return; /* another device (filter), or a sample without a name */
    nsq_gm_series *s = &r->s[g->cur];
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 1024;
        s->ts = xrealloc(s->ts, sizeof *s->ts * (size_t)s->cap);
        s->val = xrealloc(s->val, sizeof *s->val * (size_t)s->cap);
    }
    if (s->n && t < s->ts[s->n - 1])
        s->unsorted = true;
    s->ts[s->n] = t;
    s->val[s->n] = val;
    s->n++;
    r->samples++;
}

/* A sample read from the pages (only integers: anything else falls back). */
static int gm_row(void *ctx, const int64_t *v, unsigned nulls, nsq_err *err)
{
    (void)err;
    if (!(nulls & (1u | 8u))) /* a timestamp and a value */
        add_sample(ctx, v[0], v[1], v[2], v[3]);
    return 0;
}

/* The samples through SQLite: a timestamp that is not an integer is left
 * out, a value is taken as SQLite converts it to an integer. */
static int samples_sql(nsq_export *x, gm_scan *g, nsq_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(
        x->db,
        g->windowed ? "SELECT timestamp, typeId, metricId, value FROM main.GPU_METRICS "
                      "WHERE timestamp >= ?1 AND timestamp < ?2"
                    : "SELECT timestamp, typeId, metricId, value FROM main.GPU_METRICS",
        -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed", "GPU metric samples",
                                    err);
    if (g->windowed) {
        sqlite3_bind_int64(st, 1, g->ws);
        sqlite3_bind_int64(st, 2, g->we);
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (sqlite3_column_type(st, 0) != SQLITE_INTEGER ||
            sqlite3_column_type(st, 3) == SQLITE_NULL)
            continue;
        add_sample(g, sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
                   sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 3));
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed", "GPU metric samples",
                                    err);
    return 0;
}

int nsq_gpumetrics_run(nsq_gpumetrics *r, nsq_export *x, const nsq_gpumetrics_opts *o, nsq_err *err)
{
    memset(r, 0, sizeof *r);
    if (!nsq_probe_table(&x->probe, "GPU_METRICS") ||
        !nsq_probe_table(&x->probe, "TARGET_INFO_GPU_METRICS") ||
        !nsq_probe_has_col(&x->probe, "GPU_METRICS", "timestamp")) {
        nsq_error(
            err, NSQ_EXIT_INPUT, "no_gpu_metrics",
            "the export has no GPU_METRICS samples (GPU_METRICS with TARGET_INFO_GPU_METRICS): GPU "
            "metrics were not recorded");
        nsq_hint(err,
                 "capture with nsys profile --gpu-metrics-devices=all (a supported GPU, and the "
                 "permission to read its counters)");
        return -1;
    }
    static const char *const need[] = {"typeId", "metricId", "value"};
    for (size_t i = 0; i < sizeof need / sizeof *need; i++)
        if (!nsq_probe_has_col(&x->probe, "GPU_METRICS", need[i]) ||
            (i < 2 && !nsq_probe_has_col(&x->probe, "TARGET_INFO_GPU_METRICS", need[i])))
            return nsq_error(err, NSQ_EXIT_INPUT, "missing_columns",
                             "GPU_METRICS or TARGET_INFO_GPU_METRICS has no column %s: not a "
                             "layout nsys writes",
                             need[i]);
    if (!nsq_probe_has_col(&x->probe, "TARGET_INFO_GPU_METRICS", "metricName"))
        return nsq_error(err, NSQ_EXIT_INPUT, "missing_columns",
                         "TARGET_INFO_GPU_METRICS has no column metricName: not a layout nsys "
                         "writes");
    enum nsq_dev_identity ident = nsq_devmap_identity(x); /* decided from small tables */
    sqlite3_stmt *st = NULL;
    int rc =
        sqlite3_prepare_v2(x->db,
                           "SELECT typeId, metricId, metricName FROM main.TARGET_INFO_GPU_METRICS "
                           "ORDER BY typeId, metricId",
                           -1, &st, NULL);
    while (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
        int64_t t = sqlite3_column_int64(st, 0), m = sqlite3_column_int64(st, 1);
        if (find_series(r, t, m) >= 0)
            continue;
        int64_t gpu = gpu_of_type(x, ident, t);
        if (o->filter && o->filter->has_device && o->filter->device != gpu)
            continue;
        NSQ_GROW(r->s, r->ns + 1, r->caps);
        nsq_gm_series *s = &r->s[r->ns++];
        memset(s, 0, sizeof *s);
        s->type_id = t;
        s->metric_id = m;
        s->gpu = gpu;
        const unsigned char *nm = sqlite3_column_text(st, 2);
        s->name = xstrdup(nm ? (const char *)nm : "");
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "query_failed", "GPU metric names",
                                    err);
    bool windowed = o->window && strcmp(o->window->kind, "all");
    gm_scan g = {r, windowed, windowed ? o->window->start_ns : 0, windowed ? o->window->end_ns : 0,
                 -1, INT64_MIN, INT64_MIN, NSQ_PAIRMAP_INIT};
    for (int i = 0; i < r->ns; i++)
        nsq_pairmap_put(&g.idx, r->s[i].type_id, r->s[i].metric_id, i);
    /* room for an even share of the rows (two b-tree seeks), so that the
     * series rarely grow while read */
    int64_t lo = 0, hi = -1;
    if (r->ns && !windowed &&
        !nsq_query_int64(x->db, "SELECT min(rowid) FROM main.GPU_METRICS", 0, &lo) &&
        !nsq_query_int64(x->db, "SELECT max(rowid) FROM main.GPU_METRICS", -1, &hi) && hi >= lo &&
        hi - lo < ((int64_t)1 << 32))
        for (int i = 0; i < r->ns; i++) {
            nsq_gm_series *se = &r->s[i];
            se->cap = (hi - lo + 1) / r->ns + 16;
            se->ts = xmalloc(sizeof *se->ts * (size_t)se->cap);
            se->val = xmalloc(sizeof *se->val * (size_t)se->cap);
        }
    /* from the pages when they hold plain integers; otherwise (a REAL or TEXT
     * value somewhere) every sample through SQLite, as SQLite converts them */
    nsq_parscan_req req = {.table = "GPU_METRICS",
                           .cols = "timestamp, typeId, metricId, value",
                           .ncols = 4,
                           .what = "GPU metric samples",
                           .raw_only = 1};
    rc = nsq_parscan(x, &req, gm_row, &g, err);
    if (rc == NSQ_PARSCAN_NOT_RAW) {
        for (int i = 0; i < r->ns; i++) {
            r->s[i].n = 0;
            r->s[i].unsorted = false;
        }
        r->samples = 0;
        g.lt = g.lm = INT64_MIN;
        rc = samples_sql(x, &g, err);
    }
    nsq_pairmap_release(&g.idx);
    if (rc) {
        nsq_gpumetrics_release(r);
        return -1;
    }
    if (!r->samples && !windowed) {
        nsq_gpumetrics_release(r);
        nsq_error(err, NSQ_EXIT_INPUT, "no_gpu_metrics",
                  "the export's GPU_METRICS table holds no sample");
        nsq_hint(err, "capture with nsys profile --gpu-metrics-devices=all");
        return -1;
    }
    for (int i = 0; i < r->ns; i++) {
        if (r->s[i].unsorted)
            sort_series(&r->s[i]); /* rows not in time order: by time, table order on ties */
        series_stats(&r->s[i]);
    }
    /* the capture: ANALYSIS_DETAILS(startTime, stopTime), one row per session
     * (cheap; the GPU ops' span would read every kernel row) */
    r->capture_start_ns = r->capture_end_ns = 0;
    if (nsq_probe_has_col(&x->probe, "ANALYSIS_DETAILS", "startTime") &&
        nsq_probe_has_col(&x->probe, "ANALYSIS_DETAILS", "stopTime") &&
        (nsq_query_int64(x->db, "SELECT min(startTime) FROM main.ANALYSIS_DETAILS", 0,
                         &r->capture_start_ns) ||
         nsq_query_int64(x->db, "SELECT max(stopTime) FROM main.ANALYSIS_DETAILS", 0,
                         &r->capture_end_ns)))
        r->capture_start_ns = r->capture_end_ns = 0;
    /* low-utilisation runs */
    r->low_metric = pick_low(r, o->low_metric);
    for (int i = 0; r->low_metric && i < r->ns; i++) {
        nsq_gm_series *s = &r->s[i];
        if (strcmp(s->name, r->low_metric))
            continue;
        for (int64_t a = 0; a < s->n;) {
            if (!((double)s->val[a] < o->low_value)) {
                a++;
                continue;
            }
            int64_t b = a;
            double sum = 0;
            while (b < s->n && (double)s->val[b] < o->low_value)
                sum += (double)s->val[b++];
            int64_t end = b < s->n ? s->ts[b] : s->ts[b - 1];
            if (end - s->ts[a] >= o->min_low_ns) {
                NSQ_GROW(r->low, r->nlow + 1, r->caplow);
                r->low[r->nlow++] =
                    (nsq_gm_low){s->gpu, s->ts[a], end, b - a, sum / (double)(b - a)};
                r->low_total_ns += end - s->ts[a];
            }
            a = b;
        }
    }
    if (r->nlow > 1)
        qsort(r->low, (size_t)r->nlow, sizeof *r->low, cmp_low);
    if (o->by_kernel && by_kernel(r, x, o, err)) {
        nsq_gpumetrics_release(r);
        return -1;
    }
    return 0;
}

static int cmp_kernel(const void *a, const void *b)
{
    const nsq_gm_kernel *x = a, *y = b;
    if (x->instances != y->instances)
        return x->instances < y->instances ? 1 : -1;
    return strcmp(x->name, y->name);
}

void nsq_gpumetrics_json(json *j, const nsq_gpumetrics *r, const nsq_gpumetrics_opts *o)
{
    json_obj_begin(j);
    json_kv_int(j, "samples", r->samples);
    json_kv_int(j, "capture_start_ns", r->capture_start_ns);
    json_kv_int(j, "capture_end_ns", r->capture_end_ns);
    json_key(j, "metrics");
    json_arr_begin(j);
    for (int i = 0; i < r->ns; i++) {
        const nsq_gm_series *s = &r->s[i];
        json_obj_begin(j);
        json_kv_str(j, "metric", s->name);
        json_kv_int(j, "gpu", s->gpu);
        json_kv_int(j, "type_id", s->type_id);
        json_kv_int(j, "metric_id", s->metric_id);
        json_kv_int(j, "samples", s->n);
        if (s->n) {
            int64_t lo = s->ts[0], hi = s->ts[s->n - 1];
            json_kv_int(j, "first_ns", lo);
            json_kv_int(j, "last_ns", hi);
            json_kv_double(j, "rate_hz", s->rate_hz);
            int64_t cs = r->capture_start_ns, ce = r->capture_end_ns;
            int64_t ov = (hi < ce ? hi : ce) - (lo > cs ? lo : cs);
            if (ce > cs)
                json_kv_double(j, "coverage_of_capture",
                               ov > 0 ? (double)ov / (double)(ce - cs) : 0);
            else
                json_kv_null(j, "coverage_of_capture");
            json_kv_int(j, "min", s->min);
            json_kv_int(j, "max", s->max);
            json_kv_double(j, "mean", s->mean);
            json_kv_double(j, "time_weighted_mean", s->weighted_mean);
            json_kv_int(j, "p50", s->p50);
            json_kv_int(j, "p90", s->p90);
        } else {
            static const char *const keys[] = {
                "first_ns", "last_ns", "rate_hz", "coverage_of_capture",
                "min",      "max",     "mean",    "time_weighted_mean",
                "p50",      "p90",     NULL};
            for (int k = 0; keys[k]; k++)
                json_kv_null(j, keys[k]);
        }
        json_obj_end(j);
    }
    json_arr_end(j);
    json_key(j, "low_utilization");
    json_obj_begin(j);
    json_kv_str(j, "metric", r->low_metric);
    json_kv_double(j, "below", o->low_value);
    json_kv_int(j, "runs_count", r->nlow);
    json_kv_int(j, "total_ns", r->low_total_ns);
    json_key(j, "runs");
    json_arr_begin(j);
    for (int64_t i = 0; i < r->nlow && (o->limit <= 0 || i < o->limit); i++) {
        json_obj_begin(j);
        json_kv_int(j, "gpu", r->low[i].gpu);
        json_kv_int(j, "start_ns", r->low[i].start_ns);
        json_kv_int(j, "end_ns", r->low[i].end_ns);
        json_kv_int(j, "duration_ns", r->low[i].end_ns - r->low[i].start_ns);
        json_kv_int(j, "samples", r->low[i].samples);
        json_kv_double(j, "mean", r->low[i].mean);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_obj_end(j);
    json_key(j, "by_kernel");
    if (!o->by_kernel) {
        json_null(j);
    } else {
        nsq_gm_kernel *k = xmalloc(sizeof *k * (size_t)(r->nk + 1));
        if (r->nk > 0)
            memcpy(k, r->k, sizeof *k * (size_t)r->nk);
        if (r->nk > 1)
            qsort(k, (size_t)r->nk, sizeof *k, cmp_kernel);
        json_obj_begin(j);
        json_kv_int(j, "kernels", r->kernels_seen);
        json_kv_int(j, "kernels_with_samples", r->kernels_with_samples);
        json_key(j, "names");
        json_arr_begin(j);
        for (int i = 0; i < r->nk && (o->limit <= 0 || i < o->limit); i++) {
            json_obj_begin(j);
            json_kv_str(j, "name", k[i].name);
            json_kv_int(j, "instances", k[i].instances);
            json_kv_int(j, "instances_with_samples", k[i].with_samples);
            json_key(j, "metrics");
            json_arr_begin(j);
            for (int m = 0; m < r->ns; m++) {
                if (!k[i].n[m])
                    continue;
                json_obj_begin(j);
                json_kv_str(j, "metric", r->s[m].name);
                json_kv_int(j, "gpu", r->s[m].gpu);
                json_kv_int(j, "samples", k[i].n[m]);
                json_kv_double(j, "mean", k[i].sum[m] / (double)k[i].n[m]);
                json_obj_end(j);
            }
            json_arr_end(j);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_obj_end(j);
        free(k);
    }
    json_obj_end(j);
}

void nsq_gpumetrics_text(strbuf *sb, const nsq_gpumetrics *r, const char *fmt)
{
    int csv = !strcmp(fmt, "csv"), md = !strcmp(fmt, "md");
    if (csv)
        sb_addstr(sb, "gpu,metric,samples,rate_hz,min,max,mean,time_weighted_mean,p50,p90\n");
    else if (md)
        sb_addstr(sb, "| gpu | metric | samples | rate Hz | min | max | mean | time-weighted mean "
                      "| p50 | p90 |\n"
                      "|---:|:--|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    else
        sb_addf(sb, "%4s %-40s %9s %9s %8s %8s %10s %10s %8s %8s\n", "gpu", "metric", "samples",
                "rate_hz", "min", "max", "mean", "tw_mean", "p50", "p90");
    for (int i = 0; i < r->ns; i++) {
        const nsq_gm_series *s = &r->s[i];
        if (csv)
            sb_addf(sb, "%lld,\"%s\",%lld,%.1f,%lld,%lld,%.3f,%.3f,%lld,%lld\n", (long long)s->gpu,
                    s->name, (long long)s->n, s->rate_hz, (long long)s->min, (long long)s->max,
                    s->mean, s->weighted_mean, (long long)s->p50, (long long)s->p90);
        else {
            /* the export's metric name, escaped and capped (sb_add_printable) */
            strbuf nm = STRBUF_INIT;
            sb_add_printable(&nm, s->name ? s->name : "", md);
            if (md)
                sb_addf(sb, "| %lld | %s | %lld | %.1f | %lld | %lld | %.2f | %.2f | %lld | %lld |\n",
                        (long long)s->gpu, sb_str(&nm), (long long)s->n, s->rate_hz,
                        (long long)s->min, (long long)s->max, s->mean, s->weighted_mean,
                        (long long)s->p50, (long long)s->p90);
            else
                sb_addf(sb, "%4lld %-40.40s %9lld %9.1f %8lld %8lld %10.2f %10.2f %8lld %8lld\n",
                        (long long)s->gpu, sb_str(&nm), (long long)s->n, s->rate_hz,
                        (long long)s->min, (long long)s->max, s->mean, s->weighted_mean,
                        (long long)s->p50, (long long)s->p90);
            sb_release(&nm);
        }
    }
}

void nsq_gpumetrics_release(nsq_gpumetrics *r)
{
    for (int i = 0; i < r->ns; i++) {
        free(r->s[i].name);
        free(r->s[i].ts);
        free(r->s[i].val);
    }
    free(r->s);
    for (int i = 0; i < r->nk; i++) {
        free(r->k[i].name);
        free(r->k[i].n);
        free(r->k[i].sum);
    }
    free(r->k);
    free(r->low);
    memset(r, 0, sizeof *r);
}
