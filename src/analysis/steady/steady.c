/* steady: iterations, their cost, and the warm-up / steady / tear-down
 * split (steady.h). This file is the entry: it picks the method in the
 * order steady.h gives and runs the stages (internal.h lists the files),
 * then the trust checks, and publishes the result.
 *
 * Memory: 16 bytes per iteration (iters.c; 9 more while judging); the NVTX
 * path adds about 1 per correlation id of the process (4 where iterations
 * are tiny) while it attributes GPU ops, and 20 per closed NVTX range (at
 * most 2^22 of them) while it picks the series (freed as the iterations are
 * made from them); the kernel paths keep about 7 bytes per kernel row
 * (kernels.c: varints and a name index; 2 more while reading rows of several
 * contexts, 16 more while sorting rows out of start order); a parallel
 * nsq_parscan holds up to 2 * threads + 2 chunks of rows (15 MB with 2
 * threads, 56 MB with 8). All is freed before nsq_steady_detect() returns, except r->iters when
 * asked for. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "nsysql/export/strids.h"

/* Adds a warning (at most NSQ_STEADY_MAX_WARNINGS are kept). */
void nsq_sd_add_warning(nsq_steady *r, const char *code, const char *fmt, ...)
{
    if (r->nwarnings >= NSQ_STEADY_MAX_WARNINGS)
        return;
    nsq_steady_warning *w = &r->warnings[r->nwarnings++];
    snprintf(w->code, sizeof w->code, "%s", code);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->message, sizeof w->message, fmt, ap);
    va_end(ap);
}

/* Records why there is no window (also as a warning with the same code). */
void nsq_sd_not_found(nsq_steady *r, const char *code, const char *fmt, ...)
{
    va_list ap;
    r->found = 0;
    snprintf(r->reason_code, sizeof r->reason_code, "%s", code);
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
    nsq_sd_add_warning(r, code, "%s", r->reason);
}
static int anchor_name(det *d, int64_t name_id)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(d->x->db,
                                "SELECT COALESCE(short_name, demangled_name) FROM kernel WHERE "
                                "COALESCE(short_name_id, demangled_name_id, -1) = ?1 LIMIT 1",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return nsq_sd_sql_fail(d, rc, "steady-state anchor name");
    sqlite3_bind_int64(st, 1, name_id);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW && sqlite3_column_text(st, 0))
        snprintf(d->r->anchor, sizeof d->r->anchor, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE
               ? 0
               : nsq_sd_sql_fail(d, rc, "steady-state anchor name");
}

/* The distinct names of one period (positions pr->s .. pr->s + p - 1, a
 * whole period), from the anchor on, with their launches per period, into
 * r->period_names. A name StringIds cannot give reads "[name id N]"; when
 * the lookup fails, no name is given (nperiod_names 0: the caller knows
 * only the anchor). */
static void period_names(det *d, const kset *ks, const period *pr)
{
    nsq_steady *r = d->r;
    int64_t p = pr->p, s = pr->s, from = 0;
    int32_t dense[NSQ_STEADY_PERIOD_NAMES];
    r->nperiod_names = 0;
    r->period_names_rest = 0;
    if (p < 1 || s < 0 || s + p > ks->n)
        return;
    for (int64_t k = 0; k < p; k++)
        if (kname(ks, s + k) == pr->gram[0]) {
            from = k;
            break;
        }
    for (int64_t k = 0; k < p; k++) {
        int32_t nm = kname(ks, s + (from + k) % p);
        int j = 0;
        while (j < r->nperiod_names && dense[j] != nm)
            j++;
        if (j < r->nperiod_names) {
            r->period_name_count[j]++;
        } else if (j < NSQ_STEADY_PERIOD_NAMES) {
            dense[j] = nm;
            r->period_name_count[j] = 1;
            r->nperiod_names++;
        } else {
            r->period_names_rest++;
        }
    }
    nsq_strids strs;
    nsq_strids_init(&strs, d->x->db);
    for (int j = 0; j < r->nperiod_names; j++) {
        int64_t id = ks->name_ids[dense[j]];
        const char *v = NULL;
        int rc = id < 0 ? 0 : nsq_strids_get(&strs, id, &v);
        if (rc < 0) {
            r->nperiod_names = 0;
            r->period_names_rest = 0;
            break;
        }
        if (rc == 1)
            snprintf(r->period_names[j], sizeof r->period_names[j], "%s", v);
        else if (id < 0)
            snprintf(r->period_names[j], sizeof r->period_names[j], "(unnamed)");
        else
            snprintf(r->period_names[j], sizeof r->period_names[j], "[name id %lld]",
                     (long long)id);
    }
    nsq_strids_release(&strs);
}

static void set_method(nsq_steady *r, const char *m)
{
    snprintf(r->method, sizeof r->method, "%s", m);
}

static int finish_period(det *d, int64_t anchor_id, const period *pr)
{
    nsq_steady *r = d->r;
    set_method(r, "kernel_period");
    r->period_kernels = pr->p;
    r->period_mismatch = pr->mismatch;
    r->anchor_length = pr->len;
    if (anchor_name(d, anchor_id))
        return -1;
    snprintf(r->iteration_name, sizeof r->iteration_name, "%s", r->anchor);
    nsq_sd_judge(d, fmax(0, 1.0 - 2.0 * pr->mismatch));
    return 0;
}

/* NVTX iterations of the chosen series with the metrics they support. */
static int use_nvtx(det *d, nvtx_pick *np)
{
    double attributed = 0;
    if (nsq_sd_nvtx_iterations(d, np, &attributed))
        return -1;
    set_method(d->r, "nvtx");
    if (attributed < 0.5 && d->n >= MIN_ITERATIONS)
        nsq_sd_add_warning(
            d->r, "nvtx_not_attributable",
            "no GPU work could be attributed to %.0f %% of the '%s' ranges (no launch API "
            "rows on that thread?); the ranges' own duration is the cost",
            100 * (1 - attributed), d->r->iteration_name);
    if (nsq_sd_nvtx_metrics(d, np, attributed >= 0.5))
        return -1;
    nsq_sd_judge(d, attributed >= 0.5 ? 1.0 : 0.8);
    return 0;
}

/* The capture span alone, for the answers that scanned no GPU ops. */
static int capture_only(det *d)
{
    nsq_sd_cap_reset(d);
    return nsq_sd_cap_view(d, "kernel") || nsq_sd_cap_small_views(d) || nsq_sd_cap_finish(d) ? -1
                                                                                             : 0;
}

/* Copies the iterations into r->iters (the public, wider form). */
static void publish_iters(det *d)
{
    nsq_steady *r = d->r;
    r->niters = d->n;
    r->iters = xcalloc((size_t)(d->n ? d->n : 1), sizeof *r->iters);
    for (int64_t i = 0; i < d->n; i++) {
        nsq_steady_iter *o = &r->iters[i];
        const iter *t = &d->it[i];
        o->start_ns = t->start_ns;
        o->end_ns = it_end(d, t);
        o->range_start_ns = d->rs && !strcmp(r->method, "nvtx") ? d->rs[i] : -1;
        o->range_end_ns = d->re && !strcmp(r->method, "nvtx") ? d->re[i] : -1;
        o->kernels = d->kn[i];
        o->kernel_time_ns = it_ktime(d, t);
        o->value[0] = val(d, 0, i);
        o->value[1] = val(d, 1, i);
        o->phase = phase_of(d, i);
        o->outside = (t->sf / IT_OUT0) & 3u;
    }
}

/* The compact form: step and kernel time of the steady iterations only,
 * handed to the caller one by one (it keeps them as it likes, while the
 * iterations are still here). */
static void publish_steady_values(det *d)
{
    nsq_steady *r = d->r;
    int step = !strcmp(r->metric[1].name, "step_ns");
    for (int64_t i = d->ph_a; i < d->ph_b; i++) {
        double v = step ? val(d, 1, i) : NAN;
        d->o->steady_value(d->o->steady_ctx, isnan(v) ? -1 : llround(v), it_ktime(d, &d->it[i]));
    }
}

int nsq_steady_detect(nsq_export *x, const nsq_steady_opts *o, nsq_steady *r, nsq_err *err)
{
    det d;
    nvtx_pick np;
    kset ks;
    period pr;
    int ret = -1;
    int64_t any_ops = 0;
    const char *method = o->method && *o->method ? o->method : "auto";
    int auto_m = !strcmp(method, "auto") && !o->iteration_range;
    int want_nvtx = auto_m || !strcmp(method, "nvtx") || o->iteration_range;
    /* what NVTX gave when it is not used at once: 1 too few, 2 not attributable */
    int nvtx_fallback = 0;
    int64_t nvtx_n = 0;
    memset(r, 0, sizeof *r);
    r->warmup_start_ns = -1;
    memset(&d, 0, sizeof d);
    memset(&np, 0, sizeof np);
    memset(&ks, 0, sizeof ks);
    memset(&pr, 0, sizeof pr);
    np.chosen = -1;
    d.x = x;
    d.o = o;
    d.r = r;
    d.err = err;
    d.last_gpid = INT64_MIN;
    nsq_sd_cap_reset(&d);
    r->pid = r->tid = r->device_id = r->gpu = -1;
    r->kernel_time_coverage = -1;
    if (strcmp(method, "auto") && strcmp(method, "nvtx") && strcmp(method, "kernel_period") &&
        strcmp(method, "time_bins"))
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--method must be auto, nvtx, kernel_period or time_bins, got '%s'",
                         method);
    if (o->iteration_range && strcmp(method, "auto") && strcmp(method, "nvtx"))
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_usage",
                         "--iteration-range goes with --method nvtx (or auto), not %s", method);
    if (nsq_query_int64(x->db,
                        "SELECT EXISTS (SELECT 1 FROM kernel) OR EXISTS (SELECT 1 FROM memcpy) OR "
                        "EXISTS (SELECT 1 FROM memset)",
                        0, &any_ops))
        return nsq_sd_sql_fail(&d, sqlite3_errcode(x->db), "steady-state GPU activity");
    if (!any_ops)
        return nsq_sd_no_gpu_activity(&d);
    if (o->has_device)
        r->gpu = o->device;

    if (want_nvtx) {
        if (nsq_sd_nvtx_find(&d, &np))
            goto done;
        if (np.chosen < 0 && o->iteration_range) {
            nsq_error(
                err, NSQ_EXIT_INPUT, "iteration_range_not_found",
                "--iteration-range '%s': no closed NVTX push/pop or start/end range with this "
                "text repeats in the export%s",
                o->iteration_range, o->has_pid ? " (in the --pid process)" : "");
            nsq_hint(err, "nsysql timeline-sql INPUT --query nvtx-summary lists the NVTX ranges");
            goto done;
        }
        if (np.chosen >= 0 && !auto_m) {
            ret = use_nvtx(&d, &np);
            goto done;
        }
        if (np.chosen < 0 && !auto_m) {
            set_method(r, "nvtx");
            nsq_sd_not_found(r, "no_iterations",
                             "no NVTX range repeats in the export (method nvtx)");
            ret = 0;
            goto done;
        }
        if (np.chosen >= 0) {
            double attributed = 0;
            if (nsq_sd_nvtx_iterations(&d, &np, &attributed))
                goto done;
            if (attributed >= 0.5 && d.n >= MIN_ITERATIONS) {
                set_method(r, "nvtx");
                nsq_sd_nvtx_metrics(&d, &np, 1);
                nsq_sd_judge(&d, 1.0);
                ret = 0;
                goto done;
            }
            nvtx_fallback = d.n < MIN_ITERATIONS ? 1 : 2;
            nvtx_n = d.n;
        }
    }

    /* the kernel paths */
    if (nsq_sd_kernels_load(&d, &ks))
        goto done;
    if (!ks.n) {
        set_method(r, strcmp(method, "auto") ? method : "");
        nsq_sd_not_found(r, "no_kernels", "no kernels %s, so no iterations can be found",
                         o->has_device || o->has_pid ? "pass the --device/--pid filters"
                                                     : "in the export");
        ret = 0;
        goto done;
    }
    if (auto_m || !strcmp(method, "kernel_period")) {
        int64_t iters = 0;
        if (ks.n >= 2 && nsq_sd_period_find(&ks, &pr) && nsq_sd_period_anchor(&ks, &pr)) {
            nsq_sd_period_iterations(&d, &ks, &pr);
            iters = d.n;
        }
        if (iters >= MIN_ITERATIONS || (iters >= 2 && !nvtx_fallback) ||
            (iters >= 2 && nvtx_fallback == 1 && iters > nvtx_n)) {
            if (nvtx_fallback)
                nsq_sd_add_warning(r, "nvtx_not_used",
                                   "the repeated NVTX range '%s' was not used: %s",
                                   np.sv[np.chosen].text,
                                   nvtx_fallback == 1 ? "it repeats too few times"
                                                      : "no GPU work could be attributed to it");
            int64_t anchor_id = ks.name_ids[pr.gram[0]];
            if (o->keep_period_names)
                period_names(&d, &ks, &pr);
            nsq_sd_kset_release(&ks); /* the kernels are no longer needed */
            ret = finish_period(&d, anchor_id, &pr);
            goto done;
        }
        if (nvtx_fallback) {
            nsq_sd_kset_release(&ks);
            r->pid = r->device_id = -1;
            r->gpu = o->has_device ? o->device : -1;
            r->device_identity[0] = '\0';
            ret = use_nvtx(&d, &np);
            goto done;
        }
        if (!auto_m) {
            set_method(r, "kernel_period");
            nsq_sd_not_found(
                r, "no_iterations",
                "the kernel-name sequence of the context has no period (method kernel_period)");
            ret = 0;
            goto done;
        }
    }
    /* time bins */
    set_method(r, "time_bins");
    r->kernels_used = ks.n;
    if (ks.n < MIN_BIN_KERNELS) {
        nsq_sd_not_found(
            r, "too_few_iterations",
            "no repeated NVTX range, no period in the kernel sequence, and only %lld kernels "
            "for time bins (at least %d are needed)",
            (long long)ks.n, MIN_BIN_KERNELS);
        ret = 0;
        goto done;
    }
    nsq_sd_bins_iterations(&d, &ks);
    nsq_sd_kset_release(&ks);
    nsq_sd_judge(&d, 0.5);
    ret = 0;
done:
    if (ret == 0 && d.wide_full) {
        nsq_error(err, NSQ_EXIT_QUERY, "query_resource_limit",
                  "more than 2^27 iterations of 134 ms or more: too many to hold");
        ret = -1;
    }
    if (ret == 0 && !d.cap_done && capture_only(&d))
        ret = -1;
    if (ret == 0 && strcmp(r->reason_code, "no_kernels"))
        nsq_sd_assess(&d);
    else {
        r->kernels_total = r->kernel_time_ns = -1;
        r->single_launch_share = r->kernel_time_coverage = -1;
    }
    if (ret == 0 && r->bad_rows)
        nsq_sd_add_warning(r, "bad_rows_skipped", "%lld GPU op rows with end < start were skipped",
                           (long long)r->bad_rows);
    if (ret == 0 && r->gpu >= 0 && !r->device_identity[0] && d.identity)
        snprintf(r->device_identity, sizeof r->device_identity, "%s", d.identity);
    if (ret == 0 && o->keep_iterations == 1)
        publish_iters(&d);
    if (ret == 0 && o->steady_value && r->found && d.ph_found)
        publish_steady_values(&d);
    if (!r->found) {
        r->steady_start_ns = r->steady_end_ns = 0;
        r->confidence = r->q_iterations = r->q_fit = r->q_trend = r->q_method = r->q_noise = 0;
        r->q_coverage = 0;
    }
    free(d.it);
    free(d.kn);
    free(d.wide);
    free(d.rs);
    free(d.re);
    free(d.stored[0]);
    free(d.stored[1]);
    free(d.gm);
    nsq_sd_acct_release(&d.acc);
    nsq_sd_nvtx_pick_release(&np);
    nsq_sd_kset_release(&ks);
    return ret;
}

void nsq_steady_release(nsq_steady *r)
{
    free(r->iters);
    r->iters = NULL;
    r->niters = 0;
}
