/* gpuutil: GPU utilisation over time (see gpuutil.h). */
#include "nsysql/analysis/gpuutil.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/analysis/piles.h"
#include "nsysql/export/scangroup.h"
#include "nsysql/util/grow.h"

typedef struct uscan {
    nsq_gpuutil *r;
    const nsq_gpuutil_opts *o;
    int pass; /* 1: spans, 2: bins */
    int last;
    bool keep;      /* pass 1 keeps the ops (a few bytes each) for the bins */
    int64_t kept;   /* bytes kept, all devices */
    int64_t budget; /* bytes that may be kept */
} uscan;

/* The bins need each device's span, known only after every op was read. Up
 * to KEEP_BYTES of ops are kept from the first pass and replayed (about 5
 * bytes an op: 100M ops fit); beyond that they are read a second time, and
 * memory stays flat whatever the capture's size. */
#define KEEP_BYTES ((int64_t)512 << 20) /* NSYSQL_GPUUTIL_KEEP overrides (tests) */

static int64_t keep_bytes(void)
{
    const char *e = getenv("NSYSQL_GPUUTIL_KEEP");
    char *end;
    long long v = e && *e ? strtoll(e, &end, 10) : -1;
    return v >= 0 && v <= KEEP_BYTES && e && !*end ? (int64_t)v : KEEP_BYTES;
}

/* The GPU op rows as the kernel, memcpy and memset tables' rowids span them:
 * an upper bound of the ops a pass reads; -1 when a query failed. */
static int64_t op_rows(nsq_export *x)
{
    static const char *const tables[] = {"CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY",
                                         "CUPTI_ACTIVITY_KIND_MEMSET"};
    int64_t rows = 0;
    for (int i = 0; i < 3; i++) {
        int64_t n = nsq_table_rowspan(x, tables[i]);
        if (n < 0)
            return -1;
        rows += n;
    }
    return rows;
}

/* A device's ops come in start order: each is kept as two LEB128 numbers
 * (piles.h),
 * the distance of its start from the previous op's end (zigzag: ops may
 * overlap; the device's first: from the span start) and its duration times
 * two plus one for a kernel. */
static void drop_kept(nsq_gpuutil *r)
{
    for (int i = 0; i < r->ndevs; i++) {
        free(r->devs[i].kept);
        r->devs[i].kept = NULL;
        r->devs[i].nkept = r->devs[i].capkept = 0;
    }
}

static nsq_gpuutil_dev *dev_of(uscan *u, int64_t gpu, bool create)
{
    nsq_gpuutil *r = u->r;
    if (u->last >= 0 && u->last < r->ndevs && r->devs[u->last].device == gpu)
        return &r->devs[u->last];
    for (int i = 0; i < r->ndevs; i++)
        if (r->devs[i].device == gpu) {
            u->last = i;
            return &r->devs[i];
        }
    if (!create)
        return NULL;
    NSQ_GROW(r->devs, r->ndevs + 1, r->capdevs);
    nsq_gpuutil_dev *d = &r->devs[r->ndevs];
    memset(d, 0, sizeof *d);
    d->device = gpu;
    d->span_start_ns = INT64_MAX;
    d->span_end_ns = INT64_MIN;
    u->last = r->ndevs++;
    return d;
}

/* Bin i covers [edge(i), edge(i + 1)). */
static int64_t edge(const nsq_gpuutil_dev *d, const nsq_gpuutil_opts *o, int64_t i)
{
    if (i >= d->nbins)
        return d->span_end_ns;
    int64_t span = d->span_end_ns - d->span_start_ns;
    if (o->bin_ns > 0)
        return d->span_start_ns + i * o->bin_ns;
    return d->span_start_ns + (int64_t)((__int128)span * i / d->nbins);
}

static int64_t bin_of(const nsq_gpuutil_dev *d, const nsq_gpuutil_opts *o, int64_t t)
{
    int64_t span = d->span_end_ns - d->span_start_ns;
    int64_t i = o->bin_ns > 0 ? (t - d->span_start_ns) / o->bin_ns
                              : (int64_t)((__int128)(t - d->span_start_ns) * d->nbins / (span ? span : 1));
    if (i < 0)
        i = 0;
    if (i >= d->nbins)
        i = d->nbins - 1;
    while (i > 0 && edge(d, o, i) > t)
        i--;
    while (i + 1 < d->nbins && edge(d, o, i + 1) <= t)
        i++;
    return i;
}

/* Adds the overlap of [a, b) with each bin to the field at `off`. */
static void spread(nsq_gpuutil_dev *d, const nsq_gpuutil_opts *o, int64_t a, int64_t b, size_t off)
{
    if (a < d->span_start_ns)
        a = d->span_start_ns;
    if (b > d->span_end_ns)
        b = d->span_end_ns;
    if (b <= a || !d->nbins)
        return;
    /* ops come in start order: the bin of the op before, or the next one,
     * almost always holds a */
    int64_t i = d->hint;
    if (!(i < d->nbins && d->bins[i].start_ns <= a && a < d->bins[i].end_ns)) {
        if (i + 1 < d->nbins && d->bins[i + 1].start_ns <= a && a < d->bins[i + 1].end_ns)
            i++;
        else
            i = bin_of(d, o, a);
        d->hint = i;
    }
    for (; i < d->nbins; i++) {
        int64_t lo = d->bins[i].start_ns, hi = d->bins[i].end_ns;
        if (lo >= b)
            break;
        int64_t ov = (b < hi ? b : hi) - (a > lo ? a : lo);
        if (ov > 0) {
            int64_t *acc = (int64_t *)((char *)&d->bins[i] + off);
            *acc = nsq_sat_add(*acc, ov);
        }
    }
}

static void close_island(nsq_gpuutil_dev *d, const nsq_gpuutil_opts *o, bool kernels)
{
    if (kernels && d->k_open) {
        spread(d, o, d->k_start, d->k_end, offsetof(nsq_gpuutil_bin, kernel_ns));
        d->k_open = false;
    } else if (!kernels && d->u_open) {
        spread(d, o, d->u_start, d->u_end, offsetof(nsq_gpuutil_bin, busy_ns));
        d->u_open = false;
    }
}

static void reset_bins(nsq_gpuutil *r)
{
    for (int i = 0; i < r->ndevs; i++) {
        nsq_gpuutil_dev *d = &r->devs[i];
        for (int64_t b = 0; b < d->nbins; b++)
            d->bins[b].busy_ns = d->bins[b].sum_ns = d->bins[b].kernel_ns = 0;
        d->u_open = d->k_open = false;
        d->ops = 0;
    }
}

/* One op of device d into its bins (ops of a device come in start order). */
static void add_op(const nsq_gpuutil_opts *o, nsq_gpuutil_dev *d, int64_t s, int64_t e,
                   bool kernel)
{
    d->ops++;
    spread(d, o, s, e, offsetof(nsq_gpuutil_bin, sum_ns));
    if (d->u_open && s > d->u_end)
        close_island(d, o, false);
    if (!d->u_open) {
        d->u_open = true;
        d->u_start = s;
        d->u_end = e;
    } else if (e > d->u_end) {
        d->u_end = e;
    }
    if (kernel) {
        if (d->k_open && s > d->k_end)
            close_island(d, o, true);
        if (!d->k_open) {
            d->k_open = true;
            d->k_start = s;
            d->k_end = e;
        } else if (e > d->k_end) {
            d->k_end = e;
        }
    }
}

static int sink(void *ctx, const nsq_op *op, nsq_err *err)
{
    (void)err;
    uscan *u = ctx;
    if (!op) {
        /* the rows come again in start order: start over */
        if (u->pass == 1) {
            drop_kept(u->r);
            for (int i = 0; i < u->r->ndevs; i++)
                free(u->r->devs[i].bins);
            free(u->r->devs);
            u->r->devs = NULL;
            u->r->ndevs = u->r->capdevs = 0;
            u->last = -1;
            u->kept = 0;
        } else {
            reset_bins(u->r);
        }
        u->r->sorted_in_memory = true;
        return 0;
    }
    if (u->pass == 1) {
        nsq_gpuutil_dev *d = dev_of(u, op->gpu, true);
        if (op->start < d->span_start_ns)
            d->span_start_ns = op->start;
        if (op->end > d->span_end_ns)
            d->span_end_ns = op->end;
        if (u->keep) {
            uint64_t len = (uint64_t)(op->end - op->start);
            int64_t prev = d->nkept ? d->last_start : op->start;
            if (len >= (uint64_t)1 << 62 || op->start < prev || u->kept + 20 > u->budget) {
                drop_kept(u->r);
                u->keep = false;
                return 0;
            }
            if (d->nkept + 20 > d->capkept) {
                d->capkept = d->capkept ? d->capkept * 2 : 4096;
                d->kept = xrealloc(d->kept, (size_t)d->capkept);
            }
            if (!d->nkept)
                d->first_start = d->last_end = op->start;
            int64_t gap = (int64_t)((uint64_t)op->start - (uint64_t)d->last_end);
            int n = nsq_uleb_put(d->kept + d->nkept, ((uint64_t)gap << 1) ^ (uint64_t)(gap >> 63));
            n += nsq_uleb_put(d->kept + d->nkept + n, len << 1 | (op->kind == NSQ_OP_KERNEL));
            d->nkept += n;
            u->kept += n;
            d->last_start = op->start;
            d->last_end = op->end;
        }
        return 0;
    }
    nsq_gpuutil_dev *d = dev_of(u, op->gpu, false);
    if (!d || !d->nbins)
        return 0;
    add_op(u->o, d, op->start, op->end, op->kind == NSQ_OP_KERNEL);
    return 0;
}

static int scan(nsq_export *x, const nsq_gpuutil_opts *o, uscan *u, nsq_err *err)
{
    nsq_opscan_opts so;
    memset(&so, 0, sizeof so);
    so.filter = o->filter;
    so.name_filter = true;
    so.lean = true;
    so.skip_pid = true;
    if (o->window && strcmp(o->window->kind, "all")) {
        so.has_window = true;
        so.win_start = o->window->start_ns;
        so.win_end = o->window->end_ns;
    }
    nsq_opscan *s = NULL;
    if (nsq_opscan_open(&s, x, &so, err))
        return -1;
    int rc = nsq_opscan_run(s, sink, u, err);
    if (!rc) {
        const nsq_opscan_stats *st = nsq_opscan_stats_of(s);
        u->r->bad_rows = st->bad_rows[0] + st->bad_rows[1] + st->bad_rows[2];
        u->r->identity = nsq_opscan_identity(s);
    }
    nsq_opscan_close(s);
    return rc;
}

static int cmp_dev(const void *a, const void *b)
{
    const nsq_gpuutil_dev *x = a, *y = b;
    return x->device < y->device ? -1 : x->device > y->device;
}

int nsq_gpuutil_run(nsq_gpuutil *r, nsq_export *x, const nsq_gpuutil_opts *o, nsq_err *err)
{
    memset(r, 0, sizeof *r);
    uscan u = {r, o, 1, -1, true, 0, keep_bytes()};
    /* ops take 4 to 6 bytes kept: when the rows would not fit, the second
     * read is planned from the start (giving up late costs more than the
     * read: 13.6 s against 11.9 s at 10^8 kernels) */
    int64_t rows = op_rows(x);
    if (rows < 0 || rows > u.budget / 6)
        u.keep = false;
    if (scan(x, o, &u, err)) {
        /* a damaged export fails mid-scan: nothing of the partial result stays */
        drop_kept(r);
        nsq_gpuutil_release(r);
        return -1;
    }
    if (r->ndevs > 1)
        qsort(r->devs, (size_t)r->ndevs, sizeof *r->devs, cmp_dev);
    bool windowed = o->window && strcmp(o->window->kind, "all");
    for (int i = 0; i < r->ndevs; i++) {
        nsq_gpuutil_dev *d = &r->devs[i];
        if (windowed) {
            d->span_start_ns = o->window->start_ns;
            d->span_end_ns = o->window->end_ns;
        }
        int64_t span = d->span_end_ns - d->span_start_ns;
        if (span <= 0) {
            d->nbins = 0;
            continue;
        }
        if (o->bin_ns > 0)
            d->nbins = (span + o->bin_ns - 1) / o->bin_ns;
        else
            d->nbins = o->bins < span ? o->bins : span; /* at least 1 ns per bin */
        d->bins = xcalloc((size_t)d->nbins, sizeof *d->bins);
        for (int64_t b = 0; b < d->nbins; b++) {
            d->bins[b].start_ns = edge(d, o, b);
            d->bins[b].end_ns = edge(d, o, b + 1);
        }
    }
    if (u.keep) { /* every op kept: replay them, device by device, in the order read */
        nsq_scan_aside(x); /* this analysis' own work */
        for (int i = 0; i < r->ndevs; i++) {
            nsq_gpuutil_dev *d = &r->devs[i];
            int64_t end = d->first_start;
            for (size_t at = 0; d->nbins && at < (size_t)d->nkept;) {
                uint64_t z = nsq_uleb_get(d->kept, &at), l = nsq_uleb_get(d->kept, &at);
                int64_t t = (int64_t)((uint64_t)end + ((z >> 1) ^ (0 - (z & 1))));
                end = t + (int64_t)(l >> 1);
                add_op(o, d, t, end, l & 1);
            }
        }
        drop_kept(r);
    } else {
        u.pass = 2;
        u.last = -1;
        if (scan(x, o, &u, err)) {
            nsq_gpuutil_release(r);
            return -1;
        }
    }
    for (int i = 0; i < r->ndevs; i++) {
        nsq_gpuutil_dev *d = &r->devs[i];
        close_island(d, o, false);
        close_island(d, o, true);
        for (int64_t b = 0; b < d->nbins; b++) {
            d->busy_ns = nsq_sat_add(d->busy_ns, d->bins[b].busy_ns);
            d->sum_ns = nsq_sat_add(d->sum_ns, d->bins[b].sum_ns);
            d->kernel_ns = nsq_sat_add(d->kernel_ns, d->bins[b].kernel_ns);
        }
        /* low-utilisation runs */
        for (int64_t b = 0; b < d->nbins;) {
            const nsq_gpuutil_bin *g = &d->bins[b];
            int64_t len = g->end_ns - g->start_ns;
            double share = 100.0 * (double)(o->low_by_sum ? g->sum_ns : g->busy_ns) / (double)len;
            if (!(share < o->low_pct)) {
                b++;
                continue;
            }
            NSQ_GROW(d->runs, d->nruns + 1, d->capruns);
            nsq_gpuutil_lowrun *run = &d->runs[d->nruns++];
            memset(run, 0, sizeof *run);
            run->first_bin = b;
            run->start_ns = g->start_ns;
            while (b < d->nbins) {
                g = &d->bins[b];
                len = g->end_ns - g->start_ns;
                share = 100.0 * (double)(o->low_by_sum ? g->sum_ns : g->busy_ns) / (double)len;
                if (!(share < o->low_pct))
                    break;
                run->busy_ns = nsq_sat_add(run->busy_ns, g->busy_ns);
                run->sum_ns = nsq_sat_add(run->sum_ns, g->sum_ns);
                run->end_ns = g->end_ns;
                run->last_bin = b;
                b++;
            }
            d->low_ns += run->end_ns - run->start_ns;
        }
    }
    nsq_scan_back(x);
    return 0;
}

static double pct(int64_t a, int64_t b)
{
    return b > 0 ? 100.0 * (double)a / (double)b : 0;
}

/* busy_ns, sum_ns, kernel_ns and their shares of len: a device's span or a bin */
static void shares_json(json *j, int64_t busy, int64_t sum, int64_t kernel, int64_t len)
{
    json_kv_int(j, "busy_ns", busy);
    json_kv_int(j, "sum_ns", sum);
    json_kv_int(j, "kernel_ns", kernel);
    json_kv_double(j, "busy_pct", pct(busy, len));
    json_kv_double(j, "sum_pct", pct(sum, len));
    json_kv_double(j, "kernel_pct", pct(kernel, len));
}

void nsq_gpuutil_json(json *j, const nsq_gpuutil *r, const nsq_gpuutil_opts *o)
{
    json_obj_begin(j);
    json_kv_str(j, "device_identity", r->identity);
    json_kv_int(j, "bad_rows", r->bad_rows);
    json_key(j, "devices");
    json_arr_begin(j);
    for (int i = 0; i < r->ndevs; i++) {
        const nsq_gpuutil_dev *d = &r->devs[i];
        int64_t span = d->span_end_ns - d->span_start_ns;
        json_obj_begin(j);
        json_kv_int(j, "device", d->device);
        json_kv_int(j, "ops", d->ops);
        json_kv_int(j, "span_start_ns", d->span_start_ns);
        json_kv_int(j, "span_end_ns", d->span_end_ns);
        json_kv_int(j, "span_ns", span);
        shares_json(j, d->busy_ns, d->sum_ns, d->kernel_ns, span);
        json_kv_int(j, "bin_count", d->nbins);
        json_key(j, "bins");
        json_arr_begin(j);
        for (int64_t b = 0; !o->hide_bins && b < d->nbins; b++) {
            const nsq_gpuutil_bin *g = &d->bins[b];
            json_obj_begin(j);
            json_kv_int(j, "start_ns", g->start_ns);
            json_kv_int(j, "end_ns", g->end_ns);
            shares_json(j, g->busy_ns, g->sum_ns, g->kernel_ns, g->end_ns - g->start_ns);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_key(j, "low_utilization");
        json_obj_begin(j);
        json_kv_int(j, "runs_count", d->nruns);
        json_kv_int(j, "total_ns", d->low_ns);
        json_kv_double(j, "pct_of_span", pct(d->low_ns, span));
        json_key(j, "runs");
        json_arr_begin(j);
        for (int64_t k = 0; k < d->nruns; k++) {
            const nsq_gpuutil_lowrun *run = &d->runs[k];
            int64_t len = run->end_ns - run->start_ns;
            json_obj_begin(j);
            json_kv_int(j, "first_bin", run->first_bin);
            json_kv_int(j, "last_bin", run->last_bin);
            json_kv_int(j, "start_ns", run->start_ns);
            json_kv_int(j, "end_ns", run->end_ns);
            json_kv_int(j, "duration_ns", len);
            json_kv_double(j, "busy_pct", pct(run->busy_ns, len));
            json_kv_double(j, "sum_pct", pct(run->sum_ns, len));
            json_obj_end(j);
        }
        json_arr_end(j);
        json_obj_end(j);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_obj_end(j);
}

void nsq_gpuutil_text(strbuf *sb, const nsq_gpuutil *r, const nsq_gpuutil_opts *o, const char *fmt)
{
    int csv = !strcmp(fmt, "csv"), md = !strcmp(fmt, "md");
    const char *hdr[] = {"device", "bin", "start_ns", "end_ns", "busy_pct", "sum_pct", "kernel_pct", "low"};
    if (csv) {
        sb_addstr(sb, "device,bin,start_ns,end_ns,busy_pct,sum_pct,kernel_pct,low\n");
    } else if (md) {
        sb_addstr(sb, "| device | bin | start_ns | end_ns | busy_pct | sum_pct | kernel_pct | low |\n");
        sb_addstr(sb, "|---:|---:|---:|---:|---:|---:|---:|:--|\n");
    } else {
        sb_addf(sb, "%6s %5s %18s %18s %9s %9s %10s  %s\n", hdr[0], hdr[1], hdr[2], hdr[3], hdr[4], hdr[5],
                hdr[6], "busy");
    }
    for (int i = 0; i < r->ndevs; i++) {
        const nsq_gpuutil_dev *d = &r->devs[i];
        for (int64_t b = 0; b < d->nbins; b++) {
            const nsq_gpuutil_bin *g = &d->bins[b];
            int64_t len = g->end_ns - g->start_ns;
            double bp = pct(g->busy_ns, len), sp = pct(g->sum_ns, len), kp = pct(g->kernel_ns, len);
            double share = o->low_by_sum ? sp : bp;
            const char *low = share < o->low_pct ? "low" : "";
            if (csv) {
                sb_addf(sb, "%lld,%lld,%lld,%lld,%.2f,%.2f,%.2f,%s\n", (long long)d->device, (long long)b,
                        (long long)g->start_ns, (long long)g->end_ns, bp, sp, kp, low);
            } else if (md) {
                sb_addf(sb, "| %lld | %lld | %lld | %lld | %.1f | %.1f | %.1f | %s |\n", (long long)d->device,
                        (long long)b, (long long)g->start_ns, (long long)g->end_ns, bp, sp, kp, low);
            } else {
                char bar[21];
                int n = (int)(bp / 5 + 0.5);
                for (int k = 0; k < 20; k++)
                    bar[k] = k < n ? '#' : '.';
                bar[20] = 0;
                sb_addf(sb, "%6lld %5lld %18lld %18lld %8.1f%% %8.1f%% %9.1f%%  %s %s\n", (long long)d->device,
                        (long long)b, (long long)g->start_ns, (long long)g->end_ns, bp, sp, kp, bar, low);
            }
        }
    }
}

void nsq_gpuutil_release(nsq_gpuutil *r)
{
    for (int i = 0; i < r->ndevs; i++) {
        free(r->devs[i].bins);
        free(r->devs[i].runs);
    }
    free(r->devs);
    memset(r, 0, sizeof *r);
}
