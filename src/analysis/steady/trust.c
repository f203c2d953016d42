/* steady/trust: the capture's kernel time, accounted while the kernel rows
 * are scanned anyway (acct: a time grid and a cover per kernel name), and
 * the trust checks on the window judging found (single launches, kernel
 * time coverage, confidence) with the kernels that have no instance in it.
 * Memory: 1 MiB for the grid, 16 * (COVER_MAX + 1) bytes and a map slot per
 * kernel name (nsq_sd_acct_release()). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void nsq_sd_acct_release(acct *a)
{
    free(a->g);
    for (int64_t i = 0; i < a->nnm; i++)
        free(a->nm[i].cv);
    free(a->nm);
    nsq_sd_i64map_release(&a->ids);
    memset(a, 0, sizeof *a);
}

void nsq_sd_acct_reset(acct *a)
{
    nsq_sd_acct_release(a);
    for (int i = 0; i < NSQ_SD_NAME_CACHE; i++)
        a->cache[i].id = INT64_MIN;
    a->on = 1;
}

/* t rounded down to a multiple of 2^shift (t >= 0) */
static inline int64_t floor_to(int64_t t, int shift)
{
    return (t >> shift) << shift;
}

/* Makes the grid hold [lo, hi]: the width doubles until it does. */
void nsq_sd_grid_fit(acct *a, int64_t lo, int64_t hi)
{
    if (a->broken)
        return;
    if (lo < 0) {
        a->broken = 1; /* never seen in an export: times are ns since boot */
        return;
    }
    if (!a->have) {
        a->shift = ACC_SHIFT0;
        a->org = floor_to(lo, a->shift);
        a->g = xcalloc(2 * ACC_BINS, sizeof *a->g);
        a->have = 1;
    }
    int64_t olo = a->org, ohi = a->org + ((int64_t)ACC_BINS << a->shift) - 1;
    int64_t want_lo = lo < olo ? lo : olo, want_hi = hi > ohi ? hi : ohi;
    int s = a->shift;
    int64_t norg = a->org;
    while (s <= ACC_SHIFT_MAX) {
        norg = floor_to(want_lo, s);
        if (want_hi - norg < ((int64_t)ACC_BINS << s))
            break;
        s++;
    }
    if (s > ACC_SHIFT_MAX) {
        a->broken = 1;
        return;
    }
    if (s == a->shift && norg == a->org)
        return;
    int64_t *ng = xcalloc(2 * ACC_BINS, sizeof *ng);
    for (int64_t k = 0; k < ACC_BINS; k++) {
        int64_t c = a->g[2 * k], o = a->g[2 * k + 1];
        if (!c && !o)
            continue;
        int64_t lk = a->org + (k << a->shift);
        int64_t m = (lk - norg) >> s;
        ng[2 * m] += c;
        ng[2 * m + 1] += o + c * (lk - (norg + (m << s)));
    }
    free(a->g);
    a->g = ng;
    a->shift = s;
    a->org = norg;
}

/* Adds [s, e] to a name's cover. */
void nsq_sd_cover_add(acc_name *n, int64_t s, int64_t e)
{
    if (!n->cv)
        n->cv = xmalloc(sizeof *n->cv * (COVER_MAX + 1));
    int64_t(*cv)[2] = n->cv;
    int k = n->ncv;
    nsq_sd_cover_sync(n);
    if (k && s >= cv[k - 1][0]) {
        int64_t *last = cv[k - 1];
        if (s <= last[1] || (k == COVER_MAX && s - last[1] <= n->mingap)) {
            if (e > last[1])
                last[1] = e; /* joins the last interval (its gap is the smallest) */
            n->last_e = last[1];
            return;
        }
        cv[k][0] = s;
        cv[k][1] = e;
        n->ncv = ++k;
    } else {
        /* before the last interval (rows out of start order: another
         * process's block of rows, say): in order at the first interval
         * that starts after s, merged with the ones it meets (the others
         * are disjoint already) */
        int lo = 0, hi = k;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (cv[mid][0] > s)
                hi = mid;
            else
                lo = mid + 1;
        }
        int a = lo, b = lo;
        int64_t ns = s, ne = e;
        if (a > 0 && s <= cv[a - 1][1]) {
            a--;
            ns = cv[a][0];
            if (cv[a][1] > ne)
                ne = cv[a][1];
        }
        if (a < lo && e <= cv[a][1]) {
            n->in_s = cv[a][0];
            n->in_e = cv[a][1];
            return; /* inside an interval: nothing changes */
        }
        while (b < k && cv[b][0] <= ne) {
            if (cv[b][1] > ne)
                ne = cv[b][1];
            b++;
        }
        memmove(cv[a + 1], cv[b], sizeof *cv * (size_t)(k - b));
        cv[a][0] = n->in_s = ns;
        cv[a][1] = n->in_e = ne;
        n->ncv = k = a + 1 + (k - b);
    }
    if (k > COVER_MAX) {
        /* merge the first smallest gap; the next smallest is the new mingap */
        int best = 0;
        int64_t g0 = cv[1][0] - cv[0][1], g1 = INT64_MAX;
        for (int i = 1; i < k - 1; i++) {
            int64_t g = cv[i + 1][0] - cv[i][1];
            if (g < g0) {
                g1 = g0;
                g0 = g;
                best = i;
            } else if (g < g1) {
                g1 = g;
            }
        }
        if (cv[best + 1][1] > cv[best][1])
            cv[best][1] = cv[best + 1][1];
        memmove(cv[best + 1], cv[best + 2], sizeof *cv * (size_t)(k - best - 2));
        n->ncv = k = k - 1;
        n->mingap = g1;
    } else if (k == COVER_MAX) {
        n->mingap = INT64_MAX;
        for (int i = 0; i < k - 1; i++)
            if (cv[i + 1][0] - cv[i][1] < n->mingap)
                n->mingap = cv[i + 1][0] - cv[i][1];
    }
    n->last_s = cv[k - 1][0];
    n->last_e = cv[k - 1][1];
}

/* Kernel time before t (interpolated inside a bin). */
double nsq_sd_acct_before(const acct *a, int64_t t)
{
    if (!a->have || t <= a->org)
        return 0;
    int64_t w = (int64_t)1 << a->shift, j = (t - a->org) >> a->shift;
    if (j >= ACC_BINS)
        return (double)a->total_ns;
    int64_t k = 0, n = 0;
    for (int64_t b = 0; b < j; b++) {
        k += n * w + a->g[2 * b] * w - a->g[2 * b + 1];
        n += a->g[2 * b];
    }
    int64_t k1 = k + n * w + a->g[2 * j] * w - a->g[2 * j + 1];
    double f = (double)(t - (a->org + (j << a->shift))) / (double)w;
    return (double)k + f * (double)(k1 - k);
}

/* Does a name have an instance (cover interval) that meets [ws, we]
 * (nsq_in_window's rule)? */
static int name_in_window(acc_name *n, int64_t ws, int64_t we)
{
    nsq_sd_cover_sync(n);
    for (int i = 0; i < n->ncv; i++) {
        int64_t s = n->cv[i][0], e = n->cv[i][1];
        if (e > s ? s < we && e > ws : s >= ws && s <= we)
            return 1;
    }
    return 0;
}
static int cmp_outside(const void *a, const void *b)
{
    const acc_name *x = *(const acc_name *const *)a, *y = *(const acc_name *const *)b;
    if (x->total_ns != y->total_ns)
        return (x->total_ns < y->total_ns) - (x->total_ns > y->total_ns);
    if (x->count != y->count)
        return (x->count < y->count) - (x->count > y->count);
    return (x->id > y->id) - (x->id < y->id);
}

/* Name of a kernel name id (short name, else demangled), "" when unknown. */
static void kernel_name(det *d, int64_t id, char *out, size_t len)
{
    sqlite3_stmt *st = NULL;
    out[0] = '\0';
    if (id < 0 || sqlite3_prepare_v2(d->x->db, "SELECT s.value FROM StringIds s WHERE s.id = ?1",
                                     -1, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return;
    }
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
        snprintf(out, len, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
}

/* Turns a window down: it is kept as the candidate, and no iteration is
 * called steady. */
static void reject(det *d, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void reject(det *d, const char *code, const char *fmt, ...)
{
    nsq_steady *r = d->r;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (r->found) {
        r->candidate = 1;
        r->candidate_start_ns = r->steady_start_ns;
        r->candidate_end_ns = r->steady_end_ns;
        r->candidate_confidence = r->confidence;
        r->candidate_kernel_time_coverage = r->kernel_time_coverage;
        r->kernel_time_coverage = -1;
        r->window_kernel_time_ns = 0;
        d->ph_found = 0;
    }
    nsq_sd_not_found(r, code, "%s", msg);
}

/* The trust checks on what detection gave, and what the result says about
 * the capture's kernels (steady.h). */
void nsq_sd_assess(det *d)
{
    nsq_steady *r = d->r;
    acct *a = &d->acc;
    r->kernels_total = r->kernel_time_ns = -1;
    r->single_launch_share = -1;
    if (!r->found)
        r->kernel_time_coverage = -1;
    if (!a->on)
        return;
    r->kernels_total = a->kernels;
    r->kernel_time_ns = a->total_ns;
    if (a->kernels == 0)
        return;
    int64_t once = 0, once_names = 0;
    for (int64_t i = 0; i < a->nnm; i++)
        if (a->nm[i].count == 1) {
            once += a->nm[i].total_ns;
            once_names++;
        }
    r->single_launch_share = a->total_ns > 0 ? (double)once / (double)a->total_ns : 0;
    int keep = r->found || !strcmp(r->reason_code, "too_few_iterations") ||
               !strcmp(r->reason_code, "no_steady_state") ||
               !strcmp(r->reason_code, "no_iterations");
    if (keep && r->single_launch_share >= NSQ_STEADY_MAX_SINGLE_SHARE) {
        reject(d, "no_repetition",
               "%.0f %% of the kernel time is in kernels launched once (%lld of %lld kernel "
               "names); a capture made mostly of single launches has no steady state",
               100 * r->single_launch_share, (long long)once_names, (long long)a->nnm);
        return;
    }
    if (!r->found)
        return;
    if (r->kernel_time_coverage >= 0 && r->kernel_time_coverage < NSQ_STEADY_MIN_KERNEL_COVERAGE) {
        reject(d, "window_too_small",
               "the candidate window (%lld iterations, method %s) holds %.1f %% of the capture's "
               "kernel time, less than %.0f %%: it does not stand for the capture",
               (long long)r->steady_iterations, r->method, 100 * r->kernel_time_coverage,
               100 * NSQ_STEADY_MIN_KERNEL_COVERAGE);
        return;
    }
    if (r->confidence < NSQ_STEADY_MIN_CONFIDENCE) {
        reject(d, "low_confidence",
               "the candidate window (%lld iterations, method %s) has confidence %.2f, below "
               "%.2f (iterations %.2f x fit %.2f x trend %.2f x method %.2f x noise %.2f x "
               "coverage %.2f)",
               (long long)r->steady_iterations, r->method, r->confidence, NSQ_STEADY_MIN_CONFIDENCE,
               r->q_iterations, r->q_fit, r->q_trend, r->q_method, r->q_noise, r->q_coverage);
        return;
    }
    /* the kernels with no instance in the window */
    acc_name **out = xmalloc(sizeof *out * (size_t)a->nnm);
    int64_t nout = 0;
    for (int64_t i = 0; i < a->nnm; i++)
        if (!name_in_window(&a->nm[i], r->steady_start_ns, r->steady_end_ns))
            out[nout++] = &a->nm[i];
    qsort(out, (size_t)nout, sizeof *out, cmp_outside);
    for (int64_t i = 0; i < nout; i++) {
        if (i < NSQ_STEADY_MAX_OUTSIDE) {
            nsq_steady_outside *o = &r->outside[r->noutside++];
            kernel_name(d, out[i]->id, o->name, sizeof o->name);
            o->instances = out[i]->count;
            o->total_ns = out[i]->total_ns;
        } else {
            r->outside_rest_names++;
            r->outside_rest_instances += out[i]->count;
            r->outside_rest_ns = nsq_sat_add(r->outside_rest_ns, out[i]->total_ns);
        }
    }
    free(out);
}
