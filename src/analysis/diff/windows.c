/* Windows (internal.h): the default window, trusted steady-state windows
 * on every side or the whole captures everywhere, and the steady iterations
 * kept for the per-iteration comparison. */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/stats.h"
#include "nsysql/analysis/steady.h"
#include "nsysql/analysis/window.h"
#include "nsysql/export/devmap.h"
#include "nsysql/export/parscan.h"
#include "nsysql/util/strbuf.h"

/* ---- windows ------------------------------------------------------------------- */

/* Kernel rows of a capture as its rowids span them (0 when unknown). */
static int64_t kernel_rows(nsq_export *x)
{
    int64_t n = nsq_table_rowspan(x, "CUPTI_ACTIVITY_KIND_KERNEL");
    return n > 0 ? n : 0;
}

/* a detection holds 16 bytes per iteration and about 1 per launch call (25
 * per iteration while judging) on the NVTX path, about 7 bytes per kernel
 * row on the kernel paths (kernels.c; 663 MB for a 100M-kernel capture
 * without NVTX): past this many rows in all, the detections run one after
 * the other (each reading with every CPU), so that at most one holds its
 * rows at a time (a 100M-kernel pair: 1.28 GB at once, 0.66 GB in turn) */
#define DIFF_PARALLEL_DETECT_ROWS ((int64_t)96 << 20)

typedef struct steady_task_ctx {
    nsq_export *const *const *xs;
    int nbase;
    nsq_steady *out;
    durarr **it; /* per capture: its steady iterations' step and kernel times, or NULL */
} steady_task_ctx;

/* The steady iterations kept for the per-iteration comparison, in 4 bytes a
 * value; iterations without a step time dropped. */
typedef struct steady_keep {
    const nsq_steady *r;
    durarr *it;
} steady_keep;

static void steady_keep_value(void *ctx, int64_t step_ns, int64_t kernel_ns)
{
    steady_keep *k = ctx;
    if (strcmp(k->r->metric[1].name, "step_ns"))
        return;
    if (!k->it)
        k->it = xcalloc(2, sizeof *k->it);
    if (step_ns >= 0) {
        nsq_diff_dur_push(&k->it[0], step_ns);
        nsq_diff_dur_push(&k->it[1], kernel_ns);
    }
}

/* Frees a pair of kept arrays (step, kernel time); NULL is fine. */
static void steady_keep_free(durarr *it)
{
    if (it) {
        nsq_diff_dur_free(&it[0]);
        nsq_diff_dur_free(&it[1]);
        free(it);
    }
}

static void steady_task(void *ctx, int i)
{
    steady_task_ctx *tc = ctx;
    nsq_steady *r = &tc->out[i];
    nsq_err e2 = {0};
    nsq_steady_opts so = {0};
    steady_keep keep = {r, NULL};
    so.keep_period_names = 1;
    so.steady_value = steady_keep_value;
    so.steady_ctx = &keep;
    nsq_export *x = i < tc->nbase ? tc->xs[0][i] : tc->xs[1][i - tc->nbase];
    if (nsq_steady_detect(x, &so, r, &e2)) {
        memset(r, 0, sizeof *r);
        snprintf(r->reason, sizeof r->reason, "steady-state detection failed: %.200s", e2.message);
        steady_keep_free(keep.it);
        return;
    }
    tc->it[i] = keep.it;
}

void nsq_diff_free_iters(nsq_diff_capture *c)
{
    steady_keep_free(c->it);
    c->it = NULL;
}

/* name as the match rules normalise it (a name the rules cannot match,
 * PCRE2's limits, as it is), into out */
static void normalized(const nsq_diff *d, const char *name, char *out, size_t n)
{
    nsq_err e = {0};
    char *k = d->o.rules ? nsq_match_normalize(d->o.rules, name, NULL, &e)
                         : nsq_match_stock_normalize(name, &e);
    snprintf(out, n, "%s", k ? k : name);
    free(k);
}

/* What an iteration is: an NVTX range by its name; a kernel period by its
 * length, the kernel it starts with (its anchor) and the kernels in it,
 * normalised (see nsq_diff_same_iterations). */
static void iteration_key(const nsq_diff *d, nsq_diff_capture *c, const nsq_steady *r)
{
    c->it_period = 0;
    c->it_anchor[0] = 0;
    c->it_nnames = 0;
    c->it_names_rest = 0;
    c->it_found = r->iterations;
    if (!strcmp(r->method, "nvtx")) {
        snprintf(c->it_key, sizeof c->it_key, "nvtx range %.250s", r->iteration_name);
    } else if (!strcmp(r->method, "kernel_period")) {
        snprintf(c->it_key, sizeof c->it_key, "kernel period of %lld kernels from %.200s",
                 (long long)r->period_kernels, r->anchor);
        c->it_period = r->period_kernels;
        normalized(d, r->anchor, c->it_anchor, sizeof c->it_anchor);
        c->it_names_rest = r->period_names_rest;
        for (int j = 0; j < r->nperiod_names; j++) {
            char key[256];
            normalized(d, r->period_names[j], key, sizeof key);
            int t = 0;
            while (t < c->it_nnames && strcmp(c->it_names[t], key))
                t++;
            if (t == c->it_nnames) {
                snprintf(c->it_names[t], sizeof c->it_names[t], "%s", key);
                c->it_name_count[t] = 0;
                c->it_nnames++;
            }
            c->it_name_count[t] += r->period_name_count[j];
        }
    } else {
        snprintf(c->it_key, sizeof c->it_key, "%s", r->method);
    }
}

/* Two found iteration counts that tell one loop: within 10 % (or 1) */
int nsq_diff_same_count(int64_t a, int64_t b)
{
    int64_t hi = a > b ? a : b, lo = a > b ? b : a;
    return hi - lo <= 1 || (double)(hi - lo) <= 0.1 * (double)hi;
}

/* Launches per period of a's kernels that b's period runs too (by
 * normalised name, each name counted up to the smaller of its counts). */
static int64_t period_overlap(const nsq_diff_capture *a, const nsq_diff_capture *b)
{
    int64_t n = 0;
    for (int i = 0; i < a->it_nnames; i++)
        for (int j = 0; j < b->it_nnames; j++)
            if (!strcmp(a->it_names[i], b->it_names[j])) {
                n += a->it_name_count[i] < b->it_name_count[j] ? a->it_name_count[i]
                                                                : b->it_name_count[j];
                break;
            }
    return n;
}

int nsq_diff_same_iterations(const nsq_diff_capture *a, const nsq_diff_capture *b)
{
    if (!a->it_period || !b->it_period)
        return !strcmp(a->it_key, b->it_key);
    if (a->it_period != b->it_period)
        return 0;
    /* One loop: the same kernel starts the period; or half its launches or
     * more are of kernels the other period runs too (an added, removed or
     * renamed kernel can change which one starts it); or, the kernels
     * renamed, as many iterations. Periods of other kernels launched another
     * number of times are other work per iteration: 18 launches of a 4 ms
     * kernel are not 862 of a 70 us one. */
    return !strcmp(a->it_anchor, b->it_anchor) || 2 * period_overlap(a, b) >= a->it_period ||
           nsq_diff_same_count(a->it_found, b->it_found);
}

int nsq_diff_resolve_windows(nsq_diff *d, nsq_export *const *xs[2], nsq_err *err)
{
    const char *spec = d->o.window;
    if (spec && strcmp(spec, "auto")) {
        snprintf(d->window_choice, sizeof d->window_choice, "explicit");
        snprintf(d->window_choice_code, sizeof d->window_choice_code, "explicit");
        snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                 "--window %.200s applied to every capture", spec);
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < d->ncap[s]; i++) {
                nsq_diff_capture *c = &d->cap[s][i];
                snprintf(c->window_mode, sizeof c->window_mode, "explicit");
                if (!strcmp(spec, "all")) {
                    /* bounds come from the single pass */
                    snprintf(c->window.kind, sizeof c->window.kind, "all");
                } else if (nsq_window_resolve(&c->window, xs[s][i], spec, err)) {
                    strbuf m = STRBUF_INIT;
                    sb_addf(&m, "%s: %s", c->path, err->message);
                    snprintf(err->message, sizeof err->message, "%.*s",
                             (int)sizeof err->message - 1, m.buf);
                    sb_release(&m);
                    return -1;
                }
                snprintf(c->window_reason, sizeof c->window_reason, "--window %s", spec);
            }
        return 0;
    }
    /* auto: steady where it is found in every capture, else all everywhere;
     * the detections run in parallel, one capture (connection) each */
    nsq_steady *st = xcalloc((size_t)(d->ncap[0] + d->ncap[1]), sizeof *st);
    int found = 0, total = 0;
    const char *missing = NULL;
    steady_task_ctx tc = {xs, d->ncap[0], st,
                          xcalloc((size_t)(d->ncap[0] + d->ncap[1]), sizeof(durarr *))};
    /* big captures are detected one after the other (each reading with
     * every CPU), so that two of them never hold their iterations at once */
    int64_t rows = 0;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++)
            rows += kernel_rows(xs[s][i]);
    const char *lim = getenv("NSYSQL_DIFF_DETECT_ROWS"); /* tests */
    if (rows > (lim && *lim ? strtoll(lim, NULL, 10) : DIFF_PARALLEL_DETECT_ROWS))
        for (int i = 0; i < d->ncap[0] + d->ncap[1]; i++)
            steady_task(&tc, i);
    else
        nsq_diff_parallel_for(d->ncap[0] + d->ncap[1], steady_task, &tc);
    const char *weak = NULL, *weak_code = "steady_not_trusted";
    char weak_why[300] = "";
    const nsq_diff_capture *first = NULL; /* the first capture with a steady state */
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            nsq_steady *r = &st[s * d->ncap[0] + i];
            nsq_diff_capture *c = &d->cap[s][i];
            total++;
            if (r->found)
                found++;
            else if (!missing)
                missing = c->path;
            int64_t steady_its = r->iterations - r->warmup_iterations - r->teardown_iterations;
            if (r->found && !weak) {
                if (r->confidence < DIFF_STEADY_MIN_CONFIDENCE) {
                    weak = c->path;
                    snprintf(weak_why, sizeof weak_why,
                             "its steady-state confidence %.2f is below %.2f", r->confidence,
                             DIFF_STEADY_MIN_CONFIDENCE);
                } else if (steady_its < DIFF_STEADY_MIN_ITERATIONS) {
                    weak = c->path;
                    snprintf(weak_why, sizeof weak_why,
                             "its steady window holds %lld iterations, fewer than %d",
                             (long long)steady_its, DIFF_STEADY_MIN_ITERATIONS);
                }
            }
            c->steady_confidence = r->found ? r->confidence : NAN;
            if (r->found)
                iteration_key(d, c, r);
            if (r->found && !weak && first && !nsq_diff_same_iterations(c, first)) {
                weak = c->path;
                snprintf(weak_why, sizeof weak_why,
                         "its iterations (%.90s) are not those of the first capture (%.90s), so "
                         "the windows are not comparable",
                         c->it_key, first->it_key);
                weak_code = "steady_not_comparable";
            }
            if (r->found && !first)
                first = c;
            /* keep the steady iterations for the per-iteration comparison */
            durarr *it = tc.it[s * d->ncap[0] + i];
            tc.it[s * d->ncap[0] + i] = NULL;
            if (it) { /* taken over, not copied */
                c->it = it;
                c->nit = it[0].n;
                c->it_has_kernel = !strcmp(r->metric[0].name, "kernel_time_ns");
            }
            /* what steady-state would warn about, the reader of diff must know */
            for (int w = 0; w < r->nwarnings; w++)
                nsq_diff_warn(d, r->warnings[w].code, "%s: %s", c->path, r->warnings[w].message);
            nsq_steady_release(r);
        }
    if (found == total && weak) {
        /* found everywhere, but not trusted everywhere */
        snprintf(d->window_choice_code, sizeof d->window_choice_code, "%s", weak_code);
        snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                 "a steady state was found in every capture, but in %.120s %s: the whole "
                 "captures are compared",
                 weak, weak_why);
        nsq_diff_warn(d, weak_code, "%s", d->window_choice_reason);
        found = -1; /* everywhere all */
        missing = weak;
    }
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            nsq_diff_capture *c = &d->cap[s][i];
            nsq_steady *r = &st[s * d->ncap[0] + i];
            snprintf(c->window_mode, sizeof c->window_mode, "auto");
            /* the workload fingerprint sets the warm-up's copies apart */
            c->warm_lo = c->warm_hi = 0;
            if (r->found && r->warmup_start_ns >= 0 && r->warmup_start_ns < r->steady_start_ns) {
                c->warm_lo = r->warmup_start_ns;
                c->warm_hi = r->steady_start_ns;
            }
            if (found == -1) {
                snprintf(c->window.kind, sizeof c->window.kind, "all");
                snprintf(c->window_reason, sizeof c->window_reason, "%s", d->window_choice_reason);
            } else if (found == total) {
                snprintf(c->window.kind, sizeof c->window.kind, "steady");
                c->window.start_ns = r->steady_start_ns;
                c->window.end_ns = r->steady_end_ns;
                c->window.steady_method = xstrdup(r->method);
                snprintf(c->window_reason, sizeof c->window_reason,
                         "steady state found in every capture; here by %s: %lld iterations, "
                         "%lld warm-up and %lld tear-down left out, %.0f%% of the capture "
                         "(confidence %.2f)",
                         r->method, (long long)r->iterations, (long long)r->warmup_iterations,
                         (long long)r->teardown_iterations, 100 * r->coverage, r->confidence);
            } else {
                snprintf(c->window.kind, sizeof c->window.kind, "all");
                if (!r->found)
                    snprintf(c->window_reason, sizeof c->window_reason,
                             "no steady state here (%s): the whole capture is used",
                             r->reason[0] ? r->reason : "not found");
                else
                    snprintf(c->window_reason, sizeof c->window_reason,
                             "steady state found here (by %s) but not in %s: the whole capture "
                             "is used in every capture so both sides compare like with like",
                             r->method, missing);
            }
        }
    if (found == total) {
        snprintf(d->window_choice, sizeof d->window_choice, "steady");
        snprintf(d->window_choice_code, sizeof d->window_choice_code, "steady_everywhere");
        snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                 "a trusted steady state was found in every capture (confidence >= %.2f, %d+ "
                 "steady iterations); its window is compared",
                 DIFF_STEADY_MIN_CONFIDENCE, DIFF_STEADY_MIN_ITERATIONS);
    } else {
        snprintf(d->window_choice, sizeof d->window_choice, "all");
        if (found != -1) {
            snprintf(d->window_choice_code, sizeof d->window_choice_code,
                     found ? "steady_not_everywhere" : "no_steady_state");
            snprintf(d->window_choice_reason, sizeof d->window_choice_reason,
                     found ? "a steady state was found in %d of %d captures (not in %.120s): the "
                             "whole captures are compared"
                           : "no capture has a steady state (%d of %d; first: %.120s): the whole "
                             "captures are compared",
                     found, total, missing ? missing : "?");
        }
    }
    if (found > 0 && found < total)
        nsq_diff_warn(
            d, "steady_not_everywhere",
            "a steady-state window was found in %d of %d captures (not in %s); every capture "
            "uses the whole capture instead, warm-up included",
            found, total, missing);
    for (int k = 0; k < d->ncap[0] + d->ncap[1]; k++)
        if (tc.it[k]) {
            nsq_diff_capture tmp = {0};
            tmp.it = tc.it[k];
            nsq_diff_free_iters(&tmp);
        }
    free(tc.it);
    free(st);
    return 0;
}
