/* nsysql merge: N partial documents (top-kernels, idle-gaps, info, steady-state,
 * api, osrt, nvtx, memcpy, gpu-util, gpu-metrics, memory, advise --partial)
 * into the one document a many-input run prints (nsysql/merge). The merge is
 * the same code for both, so `merge` over the partials of a run and the run
 * itself print the same bytes (multi.h). */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kstate.h"
#include "nsysql/analysis/multi.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/cmd.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/hindex.h"
#include "nsysql/version.h"

/* ---- reading partials ---------------------------------------------------------------- */

typedef struct part {
    json_t *root;     /* the parsed partial (owned) */
    json_t *doc;      /* its document (borrowed from root) */
    json_t *state;    /* its state, NULL when the input failed */
    const char *path; /* borrowed from root */
    int exit_code;
    const char *raw; /* the document's bytes inside the partial text */
    size_t raw_len;
    kstates k; /* top-kernels: state.kernels (kstate.h), when k.have */
} part;

/* The end of the JSON value starting at s[i] (strings and brackets only need
 * matching; the partial was validated by the parser). */
static size_t value_end(const char *s, size_t len, size_t i)
{
    int depth = 0;
    bool str = false;
    for (; i < len; i++) {
        char ch = s[i];
        if (str) {
            if (ch == '\\')
                i++;
            else if (ch == '"')
                str = false;
            continue;
        }
        if (ch == '"')
            str = true;
        else if (ch == '{' || ch == '[')
            depth++;
        else if (ch == '}' || ch == ']') {
            if (--depth == 0)
                return i + 1;
        }
    }
    return len;
}

static int read_part(part *p, const strbuf *t, const char *name, nsq_err *err)
{
    json_error_t je;
    memset(p, 0, sizeof *p);
    strbuf rest = STRBUF_INIT;
    if (t->buf && kstates_split(&p->k, t->buf, t->len, &rest)) {
        p->root = json_loadb(rest.buf, rest.len, 0, &je);
        if (!p->root)
            kstates_release(&p->k); /* say what is wrong where it is: in the whole text */
    }
    sb_release(&rest);
    if (!p->root)
        p->root = json_loadb(t->buf ? t->buf : "", t->len, 0, &je);
    json_t *r = p->root;
    const char *sch = r ? json_string_value(json_object_get(r, "schema")) : NULL;
    if (sch && !strcmp(sch, "nsysql/error") && json_is_string(json_object_get(r, "command"))) {
        /* what a --partial run stopped by a limit's watchdog prints: a failed
         * input, named by the file */
        p->doc = r;
        p->path = name;
        p->exit_code =
            (int)json_integer_value(json_object_get(json_object_get(r, "error"), "exit_code"));
        p->raw = t->buf;
        p->raw_len = t->len;
        while (p->raw_len && (p->raw[p->raw_len - 1] == '\n' || p->raw[p->raw_len - 1] == ' '))
            p->raw_len--;
        return 0;
    }
    if (!r || !json_is_object(r) || !sch || strcmp(sch, "nsysql/partial") ||
        !json_is_string(json_object_get(r, "command")) ||
        !json_is_string(json_object_get(r, "path")) ||
        !json_is_object(json_object_get(r, "document"))) {
        nsq_error(err, NSQ_EXIT_INPUT, "not_partial",
                  "'%s' is not a partial document (nsysql/partial)%s%s", name, r ? "" : ": ",
                  r ? "" : je.text);
        nsq_hint(err, "write one with: nsysql COMMAND --partial INPUT > PART.json");
        return -1;
    }
    p->doc = json_object_get(r, "document");
    p->state = json_object_get(r, "state");
    if (!json_is_object(p->state))
        p->state = NULL;
    p->path = json_string_value(json_object_get(r, "path"));
    p->exit_code = (int)json_integer_value(json_object_get(r, "exit_code"));
    const char *k = strstr(t->buf, ",\"document\":");
    if (!k) {
        nsq_error(err, NSQ_EXIT_INPUT, "not_partial",
                  "'%s': its document is not where the writer puts it", name);
        return -1;
    }
    size_t b = (size_t)(k - t->buf) + 12;
    p->raw = t->buf + b;
    p->raw_len = value_end(t->buf, t->len, b) - b;
    return 0;
}

static int64_t iget(json_t *o, const char *k)
{
    return (int64_t)json_integer_value(json_object_get(o, k));
}

/* ---- top-kernels --------------------------------------------------------------------- */

static int cmp_krow(const void *pa, const void *pb)
{
    const krow *a = pa, *b = pb;
    if (a->total != b->total)
        return a->total > b->total ? -1 : 1;
    if (!a->name || !b->name)
        return a->name ? -1 : (b->name ? 1 : 0);
    return strcmp(a->name, b->name);
}

/* The value of 1-based rank k from the merged sketch, clamped to the row's
 * extremes. */
static double sketch_rank(const krow *w, int64_t k)
{
    if (k <= w->zero)
        return 0;
    int64_t c = w->zero;
    for (size_t i = 0; i < w->nb; i++) {
        c += w->bc[i];
        if (c >= k) {
            double v = nsq_sketch_value(w->bi[i]);
            if (v < (double)w->min)
                v = (double)w->min;
            if (v > (double)w->max)
                v = (double)w->max;
            return v;
        }
    }
    return (double)w->max;
}

/* km: the kernels of every analysed input, pooled (kmerge_add as the
 * partials were read); its rows are sorted here. */
static void merge_top_kernels(json *j, part *ps, int n, kmerge *km)
{
    int limit = 20;
    int64_t instances = 0, kt = 0, busy = 0;
    bool have_limit = false;
    json_key(j, "devices");
    json_arr_begin(j);
    for (int i = 0; i < n; i++) {
        if (!ps[i].state)
            continue;
        if (!have_limit) {
            json_t *lim = json_object_get(json_object_get(ps[i].doc, "params"), "limit");
            limit = (int)json_integer_value(lim);
            have_limit = true;
        }
        size_t k;
        json_t *d;
        json_array_foreach(json_object_get(ps[i].state, "devices"), k, d)
        {
            json_obj_begin(j);
            json_kv_int(j, "input", i);
            json_kv_str(j, "path", ps[i].path);
            json_kv_int(j, "device", iget(d, "device"));
            json_kv_int(j, "instances", iget(d, "instances"));
            json_kv_int(j, "names", iget(d, "names"));
            json_kv_int(j, "kernel_time_ns", iget(d, "kernel_time_ns"));
            json_kv_int(j, "gpu_busy_ns", iget(d, "gpu_busy_ns"));
            json_obj_end(j);
            instances += iget(d, "instances");
            kt += iget(d, "kernel_time_ns");
            busy += iget(d, "gpu_busy_ns");
        }
    }
    json_arr_end(j);
    krow *rows = km->rows;
    int nrows = (int)km->nrows;
    if (nrows > 1)
        qsort(rows, (size_t)nrows, sizeof *rows, cmp_krow);
    json_kv_int(j, "instances", instances);
    json_kv_int(j, "names", nrows);
    json_kv_int(j, "kernel_time_ns", kt);
    json_kv_int(j, "gpu_busy_ns", busy);
    json_key(j, "quantile_error");
    json_obj_begin(j);
    json_kv_str(j, "kind", "relative");
    json_kv_double(j, "bound", NSQ_SKETCH_REL_ERR);
    json_kv_int(j, "plus_ns", 1);
    json_key(j, "fields");
    json_arr_begin(j);
    json_str(j, "median_ns_approx");
    json_str(j, "p90_ns_approx");
    json_arr_end(j);
    json_obj_end(j);
    json_key(j, "kernels");
    json_arr_begin(j);
    int keep = (limit > 0 && nrows > limit) ? limit : nrows;
    for (int r = 0; r < keep; r++) {
        krow *w = &rows[r];
        json_obj_begin(j);
        json_kv_int(j, "rank", r + 1);
        json_kv_str(j, "name", w->name);
        json_kv_bool(j, "other", false);
        json_kv_int(j, "names", 1);
        json_kv_int(j, "inputs", w->inputs);
        json_kv_int(j, "instances", w->n);
        json_kv_int(j, "total_ns", w->total);
        json_kv_int(j, "mean_ns", nsq_floor_div(w->total, w->n));
        json_kv_int(j, "min_ns", w->min);
        json_kv_int(j, "max_ns", w->max);
        double med;
        if (w->n % 2)
            med = sketch_rank(w, (w->n + 1) / 2);
        else
            med = (sketch_rank(w, w->n / 2) + sketch_rank(w, w->n / 2 + 1)) / 2;
        json_kv_int(j, "median_ns_approx", llround(med));
        json_kv_int(j, "p90_ns_approx",
                    llround(sketch_rank(w, (int64_t)nsq_nearest_rank((size_t)w->n, 90))));
        json_kv_double(j, "stddev_ns", nsq_stddev_from_sums(w->n, (nsq_i128)w->total, w->sumsq));
        json_kv_double(j, "pct_of_kernel_time",
                       kt > 0 ? 100.0 * (double)w->total / (double)kt : NAN);
        json_obj_end(j);
    }
    if (keep < nrows) {
        int64_t on = 0, ot = 0, omin = rows[keep].min, omax = rows[keep].max;
        for (int r = keep; r < nrows; r++) {
            on += rows[r].n;
            ot += rows[r].total;
            if (rows[r].min < omin)
                omin = rows[r].min;
            if (rows[r].max > omax)
                omax = rows[r].max;
        }
        json_obj_begin(j);
        json_kv_int(j, "rank", 0);
        json_kv_null(j, "name");
        json_kv_bool(j, "other", true);
        json_kv_int(j, "names", nrows - keep);
        json_kv_int(j, "instances", on);
        json_kv_int(j, "total_ns", ot);
        json_kv_int(j, "mean_ns", nsq_floor_div(ot, on));
        json_kv_int(j, "min_ns", omin);
        json_kv_int(j, "max_ns", omax);
        json_kv_double(j, "pct_of_kernel_time", kt > 0 ? 100.0 * (double)ot / (double)kt : NAN);
        json_obj_end(j);
    }
    json_arr_end(j);
}

/* ---- idle-gaps ----------------------------------------------------------------------- */

static void merge_idle_gaps(json *j, part *ps, int n)
{
    int64_t ndev = 0, ops = 0, span = 0, busy = 0, idle = 0, gaps = 0, gaps_ns = 0, longest = 0;
    json_key(j, "devices");
    json_arr_begin(j);
    for (int i = 0; i < n; i++) {
        if (!ps[i].state)
            continue;
        size_t k;
        json_t *d;
        json_array_foreach(json_object_get(json_object_get(ps[i].doc, "result"), "devices"), k, d)
        {
            json_t *g = json_object_get(d, "gaps");
            json_obj_begin(j);
            json_kv_int(j, "input", i);
            json_kv_str(j, "path", ps[i].path);
            json_kv_int(j, "device", iget(d, "device"));
            json_kv_int(j, "ops", iget(d, "ops"));
            json_kv_int(j, "span_ns", iget(d, "span_ns"));
            json_kv_int(j, "busy_ns", iget(d, "busy_ns"));
            json_kv_int(j, "idle_ns", iget(d, "idle_ns"));
            json_kv_int(j, "gaps", iget(g, "count"));
            json_kv_int(j, "gaps_total_ns", iget(g, "total_ns"));
            json_kv_int(j, "longest_gap_ns", iget(g, "longest_ns"));
            json_obj_end(j);
            ndev++;
            ops += iget(d, "ops");
            span += iget(d, "span_ns");
            busy += iget(d, "busy_ns");
            idle += iget(d, "idle_ns");
            gaps += iget(g, "count");
            gaps_ns += iget(g, "total_ns");
            if (iget(g, "longest_ns") > longest)
                longest = iget(g, "longest_ns");
        }
    }
    json_arr_end(j);
    json_kv_int(j, "device_count", ndev);
    json_kv_int(j, "ops", ops);
    json_kv_int(j, "span_ns", span);
    json_kv_int(j, "busy_ns", busy);
    json_kv_int(j, "idle_ns", idle);
    json_kv_double(j, "pct_idle_of_span", span > 0 ? 100.0 * (double)idle / (double)span : NAN);
    json_kv_int(j, "gaps", gaps);
    json_kv_int(j, "gaps_total_ns", gaps_ns);
    json_kv_int(j, "longest_gap_ns", longest);
    /* the gap histogram: the bins are fixed, so counts and times add exactly */
    json_key(j, "histogram");
    json_arr_begin(j);
    json_t *first = NULL;
    for (int i = 0; i < n && !first; i++) {
        json_t *devs =
            ps[i].state ? json_object_get(json_object_get(ps[i].doc, "result"), "devices") : NULL;
        if (json_array_size(devs))
            first = json_object_get(json_object_get(json_array_get(devs, 0), "gaps"), "histogram");
    }
    for (size_t b = 0; b < json_array_size(first); b++) {
        json_t *bin = json_array_get(first, b);
        int64_t cnt = 0, tot = 0;
        for (int i = 0; i < n; i++) {
            if (!ps[i].state)
                continue;
            size_t k;
            json_t *d;
            json_array_foreach(json_object_get(json_object_get(ps[i].doc, "result"), "devices"), k,
                               d)
            {
                json_t *h =
                    json_array_get(json_object_get(json_object_get(d, "gaps"), "histogram"), b);
                cnt += iget(h, "count");
                tot += iget(h, "total_ns");
            }
        }
        json_obj_begin(j);
        json_kv_str(j, "bin", json_string_value(json_object_get(bin, "bin")));
        json_kv_int(j, "min_ns", iget(bin, "min_ns"));
        if (json_is_integer(json_object_get(bin, "max_ns")))
            json_kv_int(j, "max_ns", iget(bin, "max_ns"));
        else
            json_kv_null(j, "max_ns");
        json_kv_int(j, "count", cnt);
        json_kv_int(j, "total_ns", tot);
        json_obj_end(j);
    }
    json_arr_end(j);
}

/* ---- info ---------------------------------------------------------------------------- */

static void merge_info(json *j, part *ps, int n)
{
    static const char *const keys[] = {"kernels",        "memcpy",    "memset",
                                       "graph_launches", "api_calls", "nvtx_events"};
    int64_t sums[6] = {0}, devices = 0;
    json_key(j, "devices");
    json_arr_begin(j);
    for (int i = 0; i < n; i++) {
        if (!ps[i].state)
            continue;
        json_t *r = json_object_get(ps[i].doc, "result");
        json_t *ga = json_object_get(r, "gpu_activity");
        for (int k = 0; k < 6; k++)
            sums[k] += iget(ga, keys[k]);
        size_t k;
        json_t *d;
        json_array_foreach(json_object_get(r, "devices"), k, d)
        {
            json_obj_begin(j);
            json_kv_int(j, "input", i);
            json_kv_str(j, "path", ps[i].path);
            json_kv_int(j, "gpu", iget(d, "gpu"));
            json_kv_str(j, "name", json_string_value(json_object_get(d, "name")));
            json_obj_end(j);
            devices++;
        }
    }
    json_arr_end(j);
    json_kv_int(j, "device_count", devices);
    json_key(j, "gpu_activity");
    json_obj_begin(j);
    for (int k = 0; k < 6; k++)
        json_kv_int(j, keys[k], sums[k]);
    json_obj_end(j);
}

/* steady-state: each input's steady window and iteration cost, side by side
 * (windows are on each capture's own clock, so they are listed, never
 * pooled); the spread of the median cost over the inputs where the same
 * method measured the same cost metric (ranks of one job: a straggler shows
 * as max_over_min well above 1). */
static void merge_steady(json *j, part *ps, int n)
{
    int analysed = 0, found = 0, same = 1;
    const char *method = NULL, *metric = NULL;
    double lo = 0, hi = 0;
    int have = 0, lo_i = -1, hi_i = -1;
    json_key(j, "runs");
    json_arr_begin(j);
    for (int i = 0; i < n; i++) {
        if (!ps[i].state)
            continue;
        analysed++;
        json_t *r = json_object_get(ps[i].doc, "result");
        int f = json_is_true(json_object_get(r, "found"));
        const char *m = json_string_value(json_object_get(r, "method"));
        json_t *m0 = json_array_get(json_object_get(r, "metrics"), 0);
        const char *mn = json_string_value(json_object_get(m0, "name"));
        json_t *med = json_object_get(m0, "median");
        json_obj_begin(j);
        json_kv_int(j, "input", i);
        json_kv_str(j, "path", ps[i].path);
        json_kv_bool(j, "found", f);
        if (m)
            json_kv_str(j, "method", m);
        else
            json_kv_null(j, "method");
        json_t *it = json_object_get(json_object_get(r, "iterations"), "steady");
        if (f && json_is_integer(it))
            json_kv_int(j, "steady_iterations", json_integer_value(it));
        else
            json_kv_null(j, "steady_iterations");
        static const char *const win[] = {"steady_start_ns", "steady_end_ns", "steady_duration_ns"};
        for (int k = 0; k < 3; k++) {
            json_t *v = json_object_get(r, win[k]);
            if (f && json_is_integer(v))
                json_kv_int(j, win[k], json_integer_value(v));
            else
                json_kv_null(j, win[k]);
        }
        if (f && mn && json_is_number(med)) {
            json_kv_str(j, "cost_metric", mn);
            json_kv_double(j, "cost_median", json_number_value(med));
        } else {
            json_kv_null(j, "cost_metric");
            json_kv_null(j, "cost_median");
        }
        json_obj_end(j);
        if (!f)
            continue;
        found++;
        if (!method) {
            method = m;
            metric = mn;
        } else if (!m || !mn || !metric || strcmp(m, method) || strcmp(mn, metric)) {
            same = 0;
        }
        if (mn && json_is_number(med)) {
            double v = json_number_value(med);
            if (!have || v < lo)
                lo = v, lo_i = i;
            if (!have || v > hi)
                hi = v, hi_i = i;
            have = 1;
        }
    }
    json_arr_end(j);
    json_kv_int(j, "inputs_analysed", analysed);
    json_kv_int(j, "found_in", found);
    json_key(j, "cost_spread");
    if (found >= 2 && same && have && lo > 0) {
        json_obj_begin(j);
        json_kv_str(j, "method", method);
        json_kv_str(j, "cost_metric", metric);
        json_kv_double(j, "min", lo);
        json_kv_int(j, "min_input", lo_i);
        json_kv_double(j, "max", hi);
        json_kv_int(j, "max_input", hi_i);
        json_kv_double(j, "max_over_min", hi / lo);
        json_obj_end(j);
    } else {
        json_null(j);
    }
    json_kv_str(j, "cost_spread_rule",
                "the median steady iteration cost per input, compared when at least two inputs "
                "have a steady state found by the same method with the same cost metric");
}

/* ---- api and osrt: calls by name --------------------------------------------------- */

/* A list of call rows pooled over the inputs by their key fields: count-like
 * fields summed, max_ns the maximum, mean_ns recomputed (floor of total /
 * count, as the commands do); medians and percentiles are not merged (a median
 * does not follow from per-input medians: see each input's document). */
typedef struct poolspec {
    const char *list;    /* the result's array */
    const char *keys[3]; /* fields that identify a row (strings; NULL ends) */
    const char *sums[4]; /* integer fields summed (NULL ends) */
    const char *flag;    /* a boolean carried over from the first row, or NULL */
} poolspec;

typedef struct prow {
    const char *key[3];
    int64_t sum[4], max_ns;
    int flag;
} prow;

static int cmp_prow(const void *pa, const void *pb)
{
    const prow *a = pa, *b = pb; /* by total (sum[1]) descending, then key */
    if (a->sum[1] != b->sum[1])
        return a->sum[1] < b->sum[1] ? 1 : -1;
    for (int k = 0; k < 3; k++) {
        int c = strcmp(a->key[k] ? a->key[k] : "", b->key[k] ? b->key[k] : "");
        if (c)
            return c;
    }
    return 0;
}

static int same_key(const prow *r, const char *const *key, int nk)
{
    for (int k = 0; k < nk; k++)
        if (strcmp(r->key[k] ? r->key[k] : "", key[k] ? key[k] : ""))
            return 0;
    return 1;
}

typedef struct pool_find {
    const prow *rows;
    const char *const *key;
    int nk;
} pool_find;

static bool pool_same(void *ctx, int64_t pos)
{
    const pool_find *f = ctx;
    return same_key(&f->rows[pos], f->key, f->nk);
}

/* Writes "LIST": [rows] and returns how many rows. */
static int64_t merge_pool(json *j, part *ps, int n, const poolspec *sp)
{
    nsq_hindex ix = {0};
    prow *rows = NULL;
    int64_t nr = 0, cap = 0;
    int nk = 0, ns = 0;
    while (nk < 3 && sp->keys[nk])
        nk++;
    while (ns < 4 && sp->sums[ns])
        ns++;
    for (int i = 0; i < n; i++) {
        if (!ps[i].state)
            continue;
        size_t x;
        json_t *o;
        json_array_foreach(json_object_get(json_object_get(ps[i].doc, "result"), sp->list), x, o)
        {
            const char *key[3] = {NULL, NULL, NULL};
            for (int k = 0; k < nk; k++)
                key[k] = json_string_value(json_object_get(o, sp->keys[k]));
            /* by hash: an input can list ten thousand kernels (--limit 0) */
            uint64_t h = NSQ_HASH_SEED;
            for (int k = 0; k < nk; k++)
                h = nsq_hash_str(key[k] ? key[k] : "", h);
            pool_find pf = {rows, key, nk};
            int64_t r = nsq_hindex_find(&ix, h, pool_same, &pf);
            if (r < 0) {
                r = nr;
                nsq_hindex_add(&ix, h, r);
                if (nr == cap) {
                    cap = cap ? cap * 2 : 64;
                    rows = xrealloc(rows, sizeof *rows * (size_t)cap);
                }
                memset(&rows[nr], 0, sizeof *rows);
                for (int k = 0; k < nk; k++)
                    rows[nr].key[k] = key[k];
                rows[nr].max_ns = -1;
                rows[nr].flag = sp->flag && json_is_true(json_object_get(o, sp->flag));
                nr++;
            }
            for (int k = 0; k < ns; k++)
                rows[r].sum[k] += iget(o, sp->sums[k]);
            int64_t mx = iget(o, "max_ns");
            if (mx > rows[r].max_ns)
                rows[r].max_ns = mx;
        }
    }
    if (nr > 1)
        qsort(rows, (size_t)nr, sizeof *rows, cmp_prow);
    json_key(j, sp->list);
    json_arr_begin(j);
    for (int64_t r = 0; r < nr; r++) {
        json_obj_begin(j);
        for (int k = 0; k < nk; k++)
            json_kv_str(j, sp->keys[k], rows[r].key[k]);
        for (int k = 0; k < ns; k++)
            json_kv_int(j, sp->sums[k], rows[r].sum[k]);
        json_kv_int(j, "mean_ns", rows[r].sum[0] > 0 ? rows[r].sum[1] / rows[r].sum[0] : 0);
        json_kv_int(j, "max_ns", rows[r].max_ns);
        if (sp->flag)
            json_kv_bool(j, sp->flag, rows[r].flag);
        json_obj_end(j);
    }
    json_arr_end(j);
    free(rows);
    nsq_hindex_release(&ix);
    return nr;
}

static void merge_sums(json *j, part *ps, int n, const char *const *keys)
{
    for (int k = 0; keys[k]; k++) {
        int64_t t = 0;
        for (int i = 0; i < n; i++)
            if (ps[i].state)
                t += iget(json_object_get(ps[i].doc, "result"), keys[k]);
        json_kv_int(j, keys[k], t);
    }
}

static void merge_api(json *j, part *ps, int n)
{
    static const poolspec calls = {
        "calls", {"api_kind", "name", NULL}, {"count", "total_ns", NULL}, NULL};
    static const poolspec lat = {
        "launch_latency", {"kernel", NULL}, {"count", "total_ns", NULL}, NULL};
    static const poolspec sync = {"sync_calls",
                                  {"api_kind", "name", NULL},
                                  {"count", "total_ns", "gpu_idle_covered_ns", NULL},
                                  NULL};
    static const char *const sums[] = {
        "calls_total", "api_time_ns", "bad_rows", "launches_matched", "sync_gpu_idle_covered_ns",
        NULL};
    json_kv_int(j, "names", merge_pool(j, ps, n, &calls));
    json_kv_int(j, "launch_latency_total", merge_pool(j, ps, n, &lat));
    merge_pool(j, ps, n, &sync);
    merge_sums(j, ps, n, sums);
    json_kv_str(j, "quantiles", "not merged: medians and p90 are in each input's document");
}

static bool lists_complete(part *ps, int n, const char *list, const char *total_key);

static void merge_osrt(json *j, part *ps, int n)
{
    static const poolspec calls = {
        "calls", {"name", NULL}, {"count", "total_ns", NULL}, "blocking"};
    static const char *const sums[] = {"calls_total", "osrt_time_ns", "blocked_ns", "bad_rows",
                                       NULL};
    json_kv_int(j, "names", merge_pool(j, ps, n, &calls));
    merge_sums(j, ps, n, sums);
    /* names counts the pooled rows: exact only when every input listed all */
    json_kv_bool(j, "complete", lists_complete(ps, n, "calls", "names"));
    json_kv_str(j, "quantiles", "not merged: medians and p90 are in each input's document");
    json_kv_str(j, "threads", "not pooled: threads belong to their input (see each document)");
}

/* ---- nvtx, memcpy, gpu-util, gpu-metrics, memory, advise --------------------------- */

static json_t *res_of(const part *p)
{
    return json_object_get(p->doc, "result");
}

static double dget(json_t *o, const char *k)
{
    return json_number_value(json_object_get(o, k));
}

/* true when every analysed input listed all its rows of `list` (its --limit
 * kept them all): then the pooled rows are exact */
static bool lists_complete(part *ps, int n, const char *list, const char *total_key)
{
    for (int i = 0; i < n; i++)
        if (ps[i].state && (int64_t)json_array_size(json_object_get(res_of(&ps[i]), list)) <
                               iget(res_of(&ps[i]), total_key))
            return false;
    return true;
}

static void merge_nvtx(json *j, part *ps, int n)
{
    static const poolspec names = {
        "names", {"domain", "name", NULL}, {"instances", "total_ns", NULL}, NULL};
    static const poolspec paths = {
        "paths", {"domain", "path", NULL}, {"instances", "total_ns", NULL}, NULL};
    static const char *const tot[] = {
        "ranges",           "push_pop",          "start_end",   "marks",       "gpu_ops",
        "gpu_ops_launched", "gpu_ops_in_ranges", "gpu_busy_ns", "gpu_time_ns", NULL};
    json_key(j, "totals");
    json_obj_begin(j);
    for (int k = 0; tot[k]; k++) {
        int64_t t = 0;
        for (int i = 0; i < n; i++)
            if (ps[i].state)
                t += iget(json_object_get(res_of(&ps[i]), "totals"), tot[k]);
        json_kv_int(j, tot[k], t);
    }
    json_obj_end(j);
    json_kv_int(j, "names_total", merge_pool(j, ps, n, &names));
    json_kv_int(j, "paths_total", merge_pool(j, ps, n, &paths));
    bool cut = false; /* a cut name or path (--name-bytes) may pool two ranges into one row */
    for (int i = 0; i < n; i++)
        cut |= ps[i].state && iget(res_of(&ps[i]), "names_cut") > 0;
    json_kv_bool(j, "complete",
                 !cut && lists_complete(ps, n, "names", "names_total") &&
                     lists_complete(ps, n, "paths", "paths_total"));
    json_kv_str(j, "quantiles",
                "not merged: medians, stddev and GPU projections are in each input's document");
}

/* memcpy: the rows of every device of every input pooled by section,
 * grouping and key; counts, bytes and times summed, extremes kept */
typedef struct mrow {
    const char *section, *grouping, *key;
    int64_t count, bytes, total_ns, min_ns, max_ns;
} mrow;

static void pool_mrow(mrow **rows, int64_t *nr, int64_t *cap, const char *section,
                      const char *grouping, json_t *o)
{
    const char *key = json_string_value(json_object_get(o, "key"));
    int64_t r = 0;
    while (r < *nr &&
           !(!strcmp((*rows)[r].section, section) && !strcmp((*rows)[r].grouping, grouping) &&
             !strcmp((*rows)[r].key, key ? key : "")))
        r++;
    if (r == *nr) {
        NSQ_GROW(*rows, *nr + 1, *cap);
        (*rows)[r] = (mrow){section, grouping, key ? key : "", 0, 0, 0, INT64_MAX, INT64_MIN};
        (*nr)++;
    }
    mrow *m = &(*rows)[r];
    m->count += iget(o, "count");
    m->bytes += iget(o, "bytes");
    m->total_ns += iget(o, "total_ns");
    if (iget(o, "count") > 0) {
        if (iget(o, "min_ns") < m->min_ns)
            m->min_ns = iget(o, "min_ns");
        if (iget(o, "max_ns") > m->max_ns)
            m->max_ns = iget(o, "max_ns");
    }
}

static void mrow_json(json *j, const mrow *m)
{
    json_obj_begin(j);
    json_kv_str(j, "key", m->key);
    json_kv_int(j, "count", m->count);
    json_kv_int(j, "bytes", m->bytes);
    json_kv_int(j, "total_ns", m->total_ns);
    json_kv_int(j, "mean_ns", m->count ? m->total_ns / m->count : 0);
    if (m->count) {
        json_kv_int(j, "min_ns", m->min_ns);
        json_kv_int(j, "max_ns", m->max_ns);
    } else {
        json_kv_null(j, "min_ns");
        json_kv_null(j, "max_ns");
    }
    if (m->total_ns > 0)
        json_kv_double(j, "gbps", (double)m->bytes / (double)m->total_ns);
    else
        json_kv_null(j, "gbps");
    json_obj_end(j);
}

static void merge_memcpy(json *j, part *ps, int n)
{
    static const char *const sections[] = {"memcpy", "memset"};
    static const char *const groupings[] = {"by_kind", "by_size", "by_host_memory", "by_call"};
    mrow *rows = NULL;
    int64_t nr = 0, caprows = 0, ndev = 0;
    for (int i = 0; i < n; i++) {
        if (!ps[i].state)
            continue;
        size_t d;
        json_t *dev;
        json_array_foreach(json_object_get(res_of(&ps[i]), "devices"), d, dev)
        {
            ndev++;
            for (int s = 0; s < 2; s++) {
                json_t *sec = json_object_get(dev, sections[s]);
                if (!json_is_object(sec))
                    continue;
                json_t *t = json_object_get(sec, "total");
                if (json_is_object(t))
                    pool_mrow(&rows, &nr, &caprows, sections[s], "total", t);
                for (int g = 0; g < 4; g++) {
                    size_t k;
                    json_t *o;
                    json_array_foreach(json_object_get(sec, groupings[g]), k, o)
                        pool_mrow(&rows, &nr, &caprows, sections[s], groupings[g], o);
                }
            }
        }
    }
    json_kv_int(j, "devices", ndev);
    for (int s = 0; s < 2; s++) {
        json_key(j, sections[s]);
        json_obj_begin(j);
        json_key(j, "total");
        int64_t r = 0;
        while (r < nr &&
               !(!strcmp(rows[r].section, sections[s]) && !strcmp(rows[r].grouping, "total")))
            r++;
        if (r < nr)
            mrow_json(j, &rows[r]);
        else
            json_null_value(j);
        for (int g = 0; g < 4; g++) {
            json_key(j, groupings[g]);
            json_arr_begin(j);
            for (r = 0; r < nr; r++)
                if (!strcmp(rows[r].section, sections[s]) &&
                    !strcmp(rows[r].grouping, groupings[g]))
                    mrow_json(j, &rows[r]);
            json_arr_end(j);
        }
        json_obj_end(j);
    }
    json_kv_str(j, "quantiles",
                "not merged: medians and per-op throughput are in each input's document");
    free(rows);
}

typedef struct urow {
    int input;
    json_t *o;
    double key;
} urow;

static int cmp_urow_asc(const void *a, const void *b)
{
    const urow *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->input - y->input;
}

static int cmp_urow_desc(const void *a, const void *b)
{
    const urow *x = a, *y = b;
    if (x->key != y->key)
        return x->key > y->key ? -1 : 1;
    return x->input - y->input;
}

/* the objects of result[list] of every analysed input, with a sort key */
static urow *collect(part *ps, int n, const char *list, const char *keyfield, int64_t *nrows)
{
    urow *u = NULL;
    int64_t m = 0, capu = 0;
    for (int i = 0; i < n; i++) {
        if (!ps[i].state)
            continue;
        size_t k;
        json_t *o;
        json_array_foreach(json_object_get(res_of(&ps[i]), list), k, o)
        {
            NSQ_GROW(u, m + 1, capu);
            json_t *kv = json_object_get(o, keyfield);
            if (!kv) /* memory: the peak is inside device_memory */
                kv = json_object_get(json_object_get(o, "device_memory"), keyfield);
            u[m++] = (urow){i, o, json_number_value(kv)};
        }
    }
    *nrows = m;
    return u;
}

static void merge_gpu_util(json *j, part *ps, int n)
{
    int64_t m = 0, busy = 0, span = 0, sum = 0;
    urow *u = collect(ps, n, "devices", "busy_pct", &m);
    if (m > 1)
        qsort(u, (size_t)m, sizeof *u, cmp_urow_asc);
    json_key(j, "devices");
    json_arr_begin(j);
    for (int64_t r = 0; r < m; r++) {
        json_t *o = u[r].o;
        json_obj_begin(j);
        json_kv_int(j, "input", u[r].input);
        json_kv_str(j, "path", ps[u[r].input].path);
        json_kv_int(j, "device", iget(o, "device"));
        json_kv_int(j, "span_ns", iget(o, "span_ns"));
        json_kv_int(j, "busy_ns", iget(o, "busy_ns"));
        json_kv_int(j, "sum_ns", iget(o, "sum_ns"));
        json_kv_double(j, "busy_pct", dget(o, "busy_pct"));
        json_obj_end(j);
        busy += iget(o, "busy_ns");
        span += iget(o, "span_ns");
        sum += iget(o, "sum_ns");
    }
    json_arr_end(j);
    json_kv_int(j, "device_count", m);
    json_kv_int(j, "span_ns", span);
    json_kv_int(j, "busy_ns", busy);
    json_kv_int(j, "sum_ns", sum);
    json_kv_double(j, "busy_pct", span > 0 ? 100.0 * (double)busy / (double)span : NAN);
    json_kv_str(j, "order", "least busy (input, device) first");
    free(u);
}

static void merge_gpu_metrics(json *j, part *ps, int n)
{
    typedef struct gm {
        const char *metric;
        int64_t series, samples;
        double min, max, wsum;
    } gm;
    gm *g = NULL;
    int64_t ng = 0, capg = 0, m = 0;
    urow *u = collect(ps, n, "metrics", "samples", &m);
    for (int64_t r = 0; r < m; r++) {
        json_t *o = u[r].o;
        const char *name = json_string_value(json_object_get(o, "metric"));
        int64_t k = 0;
        while (k < ng && strcmp(g[k].metric, name ? name : ""))
            k++;
        if (k == ng) {
            NSQ_GROW(g, ng + 1, capg);
            g[ng++] = (gm){name ? name : "", 0, 0, INFINITY, -INFINITY, 0};
        }
        int64_t s = iget(o, "samples");
        g[k].series++;
        g[k].samples += s;
        if (s > 0) {
            if (dget(o, "min") < g[k].min)
                g[k].min = dget(o, "min");
            if (dget(o, "max") > g[k].max)
                g[k].max = dget(o, "max");
            g[k].wsum += dget(o, "mean") * (double)s;
        }
    }
    json_key(j, "metrics");
    json_arr_begin(j);
    for (int64_t k = 0; k < ng; k++) {
        json_obj_begin(j);
        json_kv_str(j, "metric", g[k].metric);
        json_kv_int(j, "series", g[k].series);
        json_kv_int(j, "samples", g[k].samples);
        if (g[k].samples) {
            json_kv_double(j, "min", g[k].min);
            json_kv_double(j, "max", g[k].max);
            json_kv_double(j, "mean", g[k].wsum / (double)g[k].samples);
        } else {
            json_kv_null(j, "min");
            json_kv_null(j, "max");
            json_kv_null(j, "mean");
        }
        json_obj_end(j);
    }
    json_arr_end(j);
    json_kv_str(
        j, "quantiles",
        "not merged: time-weighted means, p50 and p90 are in each input's document; mean is "
        "over the samples of every (input, GPU)");
    free(u);
    free(g);
}

static void merge_memory(json *j, part *ps, int n)
{
    int64_t m = 0, events = 0, allocs = 0, abytes = 0, frees = 0, fbytes = 0, nf = 0, nfb = 0,
            peak = 0;
    urow *u = collect(ps, n, "devices", "peak_bytes", &m);
    if (m > 1)
        qsort(u, (size_t)m, sizeof *u, cmp_urow_desc);
    json_key(j, "devices");
    json_arr_begin(j);
    for (int64_t r = 0; r < m; r++) {
        json_t *o = u[r].o, *dm = json_object_get(o, "device_memory"),
               *ch = json_object_get(o, "churn"), *f = json_object_get(o, "never_freed");
        json_obj_begin(j);
        json_kv_int(j, "input", u[r].input);
        json_kv_str(j, "path", ps[u[r].input].path);
        json_kv_int(j, "pid", iget(o, "pid"));
        json_kv_int(j, "device_id", iget(o, "device_id"));
        json_kv_int(j, "peak_bytes", iget(dm, "peak_bytes"));
        json_kv_int(j, "peak_ns", iget(dm, "peak_ns"));
        json_kv_int(j, "never_freed", iget(f, "count"));
        json_kv_int(j, "never_freed_bytes", iget(f, "bytes"));
        json_obj_end(j);
        events += iget(o, "events");
        allocs += iget(ch, "allocations");
        abytes += iget(ch, "allocated_bytes");
        frees += iget(ch, "frees");
        fbytes += iget(ch, "freed_bytes");
        nf += iget(f, "count");
        nfb += iget(f, "bytes");
        if (iget(dm, "peak_bytes") > peak)
            peak = iget(dm, "peak_bytes");
    }
    json_arr_end(j);
    json_kv_int(j, "device_count", m);
    json_kv_int(j, "events", events);
    json_kv_int(j, "allocations", allocs);
    json_kv_int(j, "allocated_bytes", abytes);
    json_kv_int(j, "frees", frees);
    json_kv_int(j, "freed_bytes", fbytes);
    json_kv_int(j, "never_freed", nf);
    json_kv_int(j, "never_freed_bytes", nfb);
    json_kv_int(j, "largest_peak_bytes", peak);
    json_kv_str(
        j, "order",
        "largest device-memory peak first; peaks are per (input, process, device), never added");
    free(u);
}

static int sev_rank(const char *s)
{
    return !s                      ? -1
           : !strcmp(s, "error")   ? 2
           : !strcmp(s, "warning") ? 1
           : !strcmp(s, "info")    ? 0
                                   : -1;
}

static void merge_advise(json *j, part *ps, int n)
{
    int64_t m = 0;
    urow *u = collect(ps, n, "findings", "time_at_stake_ns", &m);
    if (m > 1)
        qsort(u, (size_t)m, sizeof *u, cmp_urow_desc);
    int worst = -1;
    json_key(j, "findings");
    json_arr_begin(j);
    for (int64_t r = 0; r < m; r++) {
        json_t *o = u[r].o;
        const char *sev = json_string_value(json_object_get(o, "severity"));
        if (sev_rank(sev) > worst)
            worst = sev_rank(sev);
        json_obj_begin(j);
        json_kv_int(j, "input", u[r].input);
        json_kv_str(j, "path", ps[u[r].input].path);
        json_kv_str(j, "rule", json_string_value(json_object_get(o, "rule")));
        json_kv_str(j, "severity", sev ? sev : "info");
        json_kv_int(j, "time_at_stake_ns", iget(o, "time_at_stake_ns"));
        json_kv_str(j, "summary", json_string_value(json_object_get(o, "summary")));
        json_obj_end(j);
    }
    json_arr_end(j);
    json_kv_int(j, "findings_total", m);
    json_key(j, "worst_severity");
    if (worst < 0)
        json_null_value(j);
    else
        json_str(j, worst == 2 ? "error" : worst == 1 ? "warning" : "info");
    json_kv_str(j, "order", "by time at stake, largest first (an input's own order breaks ties)");
    free(u);
}

/* stats: its nvtx, api, memcpy and osrt reports merged as those commands
 * merge (a report an input could not make counts as that input failing for
 * it); the kernels report needs top-kernels' quantile sketches, which a stats
 * run does not keep. */
static void merge_stats(json *j, part *ps, int n)
{
    static const struct {
        const char *key;
        void (*fn)(json *, part *, int);
    } reps[] = {
        {"nvtx", merge_nvtx}, {"api", merge_api}, {"memcpy", merge_memcpy}, {"osrt", merge_osrt}};
    part *sub = xcalloc((size_t)n + 1, sizeof *sub);
    json_t **wrap = xcalloc((size_t)n + 1, sizeof *wrap);
    json_key(j, "reports");
    json_obj_begin(j);
    json_key(j, "kernels");
    json_null_value(j);
    for (size_t r = 0; r < sizeof reps / sizeof *reps; r++) {
        int ok = 0;
        for (int i = 0; i < n; i++) {
            sub[i] = ps[i];
            json_t *rep = json_object_get(json_object_get(res_of(&ps[i]), "reports"), reps[r].key);
            wrap[i] = json_object();
            if (rep)
                json_object_set(wrap[i], "result", rep);
            sub[i].doc = wrap[i];
            if (!ps[i].state || !json_is_object(rep) || json_object_get(rep, "error"))
                sub[i].state = NULL;
            ok += sub[i].state != NULL;
        }
        json_key(j, reps[r].key);
        json_obj_begin(j);
        json_kv_int(j, "inputs_with_report", ok);
        reps[r].fn(j, sub, n);
        json_obj_end(j);
        for (int i = 0; i < n; i++)
            json_decref(wrap[i]);
    }
    json_obj_end(j);
    json_kv_str(j, "kernels",
                "not merged here: run nsysql top-kernels over the inputs (its merge needs the "
                "quantile sketch each top-kernels worker keeps)");
    free(sub);
    free(wrap);
}

/* ---- the document -------------------------------------------------------------------- */

int nsq_merge_partials(strbuf *out, int *exit_code, const strbuf *texts, const char *const *names,
                       int n, int pretty, nsq_err *err)
{
    part *ps = xcalloc((size_t)n + 1, sizeof *ps);
    kmerge km = {0};
    int rc = -1, failed = 0;
    const char *command = NULL;
    json j = JSON_INIT;
    for (int i = 0; i < n; i++) {
        if (read_part(&ps[i], &texts[i], names[i], err))
            goto done;
        const char *c = json_string_value(json_object_get(ps[i].root, "command"));
        if (ps[i].state && !strcmp(c, "top-kernels")) {
            /* pooled now, so that one input's kernels are held at a time */
            if (!ps[i].k.have)
                kstates_from_json(&ps[i].k, json_object_get(ps[i].state, "kernels"));
            kmerge_add(&km, &ps[i].k, i);
            kstates_release(&ps[i].k);
        }
        if (command && strcmp(command, c)) {
            nsq_error(err, NSQ_EXIT_USAGE, "mixed_commands",
                      "'%s' is a partial of %s, the others of %s", names[i], c, command);
            goto done;
        }
        command = c;
        failed += ps[i].state == NULL;
    }
    if (!command) {
        nsq_error(err, NSQ_EXIT_USAGE, "missing_input",
                  "merge needs at least one partial document");
        goto done;
    }
    json_doc_head(&j, "nsysql/merge", 1, true);
    json_key(&j, "params");
    json_obj_begin(&j);
    json_kv_str(&j, "command", command);
    json_kv_int(&j, "inputs", n);
    json_obj_end(&j);
    json_key(&j, "warnings");
    json_arr_begin(&j);
    if (failed) {
        strbuf m = STRBUF_INIT;
        sb_addf(&m,
                "%d of %d inputs could not be analysed (result.inputs[].ok false); the merged "
                "view covers the other %d",
                failed, n, n - failed);
        json_obj_begin(&j);
        json_kv_str(&j, "code", "inputs_failed");
        json_kv_str(&j, "message", m.buf);
        json_obj_end(&j);
        sb_release(&m);
    }
    json_arr_end(&j);
    json_key(&j, "result");
    json_obj_begin(&j);
    json_kv_str(&j, "command", command);
    json_kv_int(&j, "inputs_total", n);
    json_kv_int(&j, "inputs_ok", n - failed);
    json_kv_int(&j, "inputs_failed", failed);
    json_key(&j, "inputs");
    json_arr_begin(&j);
    for (int i = 0; i < n; i++) {
        strbuf raw = STRBUF_INIT;
        sb_add(&raw, ps[i].raw, ps[i].raw_len);
        json_obj_begin(&j);
        json_kv_int(&j, "index", i);
        json_kv_str(&j, "path", ps[i].path);
        json_kv_bool(&j, "ok", ps[i].state != NULL);
        json_kv_int(&j, "exit_code", ps[i].exit_code);
        json_kv_raw(&j, "document", raw.buf);
        json_obj_end(&j);
        sb_release(&raw);
    }
    json_arr_end(&j);
    json_key(&j, "merged");
    json_obj_begin(&j);
    if (!strcmp(command, "top-kernels"))
        merge_top_kernels(&j, ps, n, &km);
    else if (!strcmp(command, "idle-gaps"))
        merge_idle_gaps(&j, ps, n);
    else if (!strcmp(command, "info"))
        merge_info(&j, ps, n);
    else if (!strcmp(command, "steady-state"))
        merge_steady(&j, ps, n);
    else if (!strcmp(command, "api"))
        merge_api(&j, ps, n);
    else if (!strcmp(command, "osrt"))
        merge_osrt(&j, ps, n);
    else if (!strcmp(command, "nvtx"))
        merge_nvtx(&j, ps, n);
    else if (!strcmp(command, "memcpy"))
        merge_memcpy(&j, ps, n);
    else if (!strcmp(command, "gpu-util"))
        merge_gpu_util(&j, ps, n);
    else if (!strcmp(command, "gpu-metrics"))
        merge_gpu_metrics(&j, ps, n);
    else if (!strcmp(command, "memory"))
        merge_memory(&j, ps, n);
    else if (!strcmp(command, "advise"))
        merge_advise(&j, ps, n);
    else if (!strcmp(command, "stats"))
        merge_stats(&j, ps, n);
    json_obj_end(&j);
    json_obj_end(&j);
    json_obj_end(&j);
    if (pretty)
        json_pretty(out, j.out.buf);
    else
        sb_addstr(out, j.out.buf);
    sb_addch(out, '\n');
    *exit_code = failed ? NSQ_EXIT_INPUT : 0;
    for (int i = 0; i < n && !failed; i++)
        if (ps[i].exit_code == NSQ_EXIT_GATE) /* a gate (advise --fail-on) failed on this input */
            *exit_code = NSQ_EXIT_GATE;
    rc = 0;
done:
    for (int i = 0; i < n; i++) {
        json_decref(ps[i].root);
        kstates_release(&ps[i].k);
    }
    kmerge_release(&km);
    free(ps);
    json_release(&j);
    return rc;
}

/* ---- the command --------------------------------------------------------------------- */

static const nsq_opt merge_options[] = {
    OPT_TABLE_END,
};

static int cmd_merge(nsq_ctx *ctx, void *opts)
{
    (void)opts;
    int rc = -1, code = 0;
    strbuf *texts = xcalloc((size_t)ctx->nargs + 1, sizeof *texts);
    strbuf out = STRBUF_INIT;
    for (int i = 0; i < ctx->nargs; i++) {
        texts[i] = (strbuf)STRBUF_INIT;
        FILE *f = !strcmp(ctx->args[i], "-") ? stdin : fopen(ctx->args[i], "rb");
        if (!f) {
            nsq_error(&ctx->err, NSQ_EXIT_INPUT, "input_unreadable", "cannot open '%s'",
                      ctx->args[i]);
            goto done;
        }
        char buf[65536];
        size_t r;
        while ((r = fread(buf, 1, sizeof buf, f)) > 0)
            sb_add(&texts[i], buf, r);
        if (f != stdin)
            fclose(f);
    }
    if (nsq_merge_partials(&out, &code, texts, (const char *const *)ctx->args, ctx->nargs,
                           ctx->pretty, &ctx->err))
        goto done;
    fwrite(out.buf, 1, out.len, stdout);
    ctx->no_document = true;
    ctx->exit_code = code;
    rc = 0;
done:
    for (int i = 0; i < ctx->nargs; i++)
        sb_release(&texts[i]);
    free(texts);
    sb_release(&out);
    return rc;
}

const nsq_cmd cmd_merge_def = {
    "merge",
    cmd_merge,
    CMD_NO_CACHE,
    "nsysql/merge",
    1,
    "combine partial documents (COMMAND --partial INPUT) into the many-input document",
    "PART...",
    merge_options,
    0,
    NULL,
};
