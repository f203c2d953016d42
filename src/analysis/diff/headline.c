/* The headline (internal.h): the common-mode shift, the per-iteration
 * comparison, the per-capture means, the time-weighted overall verdict, the
 * decomposition of the kernel-time change and the summary sentence. */
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

/* Every capture compared whole: the default window fell back to the whole
 * captures, or --window all asked for them. */
static int whole_captures(const nsq_diff *d)
{
    return !strcmp(d->window_choice, "all") ||
           (!strcmp(d->window_choice, "explicit") && d->o.window && !strcmp(d->o.window, "all"));
}

/* ---- common-mode shift ---------------------------------------------------------- */

/* Most tested kernels moving together by a similar ratio: at least 3, and
 * at least half of the tested kernels, whose log changes lie within
 * log(1.10) of each other, all beyond --min-effect on the same side and
 * significant. Each kernel is then also judged against that band. */
void nsq_diff_common_shift(nsq_diff *d)
{
    nsq_diff_shift *sh = &d->shift;
    double me = d->o.min_effect_pct;
    int n = 0;
    double *l = xmalloc(sizeof(double) * (size_t)(d->nrows + 1));
    int *idx = xmalloc(sizeof(int) * (size_t)(d->nrows + 1));
    memset(sh, 0, sizeof *sh);
    sh->pct = sh->lo_pct = sh->hi_pct = NAN;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (!r->tested || r->relaunched || r->method == NSQ_MT_SINGLE ||
            r->method == NSQ_MT_IDENTICAL || isnan(r->change_pct) || r->change_pct <= -100)
            continue;
        l[n++] = log1p(r->change_pct / 100);
    }
    sh->of = n;
    qsort(l, (size_t)n, sizeof *l, nsq_cmp_double);
    /* the widest run of changes on one side of 0 whose spread is within
     * max(10 %, its centre): -7/-13/-19 % move together, -5/-50 % do not */
    int best = 0, bi = 0;
    if (n <= 4096) {
        for (int j = 0; j < n; j++)
            for (int i = j; i < n; i++) {
                double mid = (l[i] + l[j]) / 2;
                if ((l[i] > 0) != (l[j] > 0) || l[i] - l[j] > fmax(log(1.10), fabs(mid)))
                    continue;
                if (i - j + 1 > best)
                    best = i - j + 1, bi = j;
            }
    } else {
        for (int i = 0, j = 0; i < n; i++) {
            while (l[i] - l[j] > log(1.10))
                j++;
            if (i - j + 1 > best)
                best = i - j + 1, bi = j;
        }
    }
    if (best >= 3 && 2 * best >= n) {
        double lo = l[bi], hi = l[bi + best - 1], mid = l[bi + best / 2];
        if (best % 2 == 0)
            mid = (l[bi + best / 2 - 1] + l[bi + best / 2]) / 2;
        int members = 0, ok = 1;
        double share = 0, base = 0;
        for (int i = 0; i < d->nrows; i++)
            base += (double)d->rows[i].s[0].total_ns;
        for (int i = 0; i < d->nrows; i++) {
            const nsq_diff_row *r = &d->rows[i];
            if (!r->tested || r->relaunched || r->method == NSQ_MT_SINGLE ||
                r->method == NSQ_MT_IDENTICAL || isnan(r->change_pct) || r->change_pct <= -100)
                continue;
            double x = log1p(r->change_pct / 100);
            if (x < lo || x > hi)
                continue;
            idx[members++] = i;
            share += (double)r->s[0].total_ns;
            if (!(fabs(r->change_pct) >= me) || !r->significant || (r->change_pct > 0) != (mid > 0))
                ok = 0;
        }
        if (ok && members >= 3) {
            sh->detected = 1;
            sh->kernels = members;
            sh->pct = 100 * expm1(mid);
            sh->lo_pct = 100 * expm1(lo);
            sh->hi_pct = 100 * expm1(hi);
            sh->share_pct = base > 0 ? 100 * share / base : 0;
            for (int k = 0; k < members; k++)
                d->rows[idx[k]].in_shift = 1;
        }
    }
    free(l);
    free(idx);
    d->overall_vs_shift = -1;
    if (!sh->detected)
        return;
    if (d->ncap[0] == 1 && d->ncap[1] == 1)
        for (int i = 0; i < d->nrows; i++) {
            /* with one capture per side a shift shared by most kernels is
             * as likely the environment as the patch: not firm */
            nsq_diff_row *r = &d->rows[i];
            if (!r->in_shift || (r->verdict != NSQ_V_IMPROVED && r->verdict != NSQ_V_REGRESSED))
                continue;
            r->verdict =
                r->verdict == NSQ_V_IMPROVED ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED;
            char buf[NSQ_DIFF_REASON_CAP];
            size_t at = strlen(r->reason);
            memcpy(buf, r->reason, at + 1);
            snprintf(buf + at, sizeof buf - at,
                     "; it moved with %d of %d compared kernels by %+.1f%% .. %+.1f%%: a "
                     "probable environment change (clocks, thermals, other load), not firm with "
                     "one capture per side",
                     sh->kernels, sh->of, sh->lo_pct, sh->hi_pct);
            r->reason = nsq_diff_text(d, buf, sizeof buf);
        }
    double slo = log1p(sh->lo_pct / 100), shi = log1p(sh->hi_pct / 100),
           smid = log1p(sh->pct / 100);
    for (int i = 0; i < d->nrows; i++) {
        nsq_diff_row *r = &d->rows[i];
        if (!r->tested || r->relaunched || isnan(r->change_pct) || r->change_pct <= -100)
            continue;
        double x = log1p(r->change_pct / 100);
        r->vs_shift_pct = 100 * expm1(x - smid);
        if (r->in_shift) {
            r->verdict_vs_shift = NSQ_V_UNCHANGED;
            continue;
        }
        double lo = isnan(r->change_lo_pct) ? NAN : log1p(r->change_lo_pct / 100);
        double hi = isnan(r->change_hi_pct) ? NAN : log1p(r->change_hi_pct / 100);
        if (r->verdict == NSQ_V_INCONCLUSIVE || r->method == NSQ_MT_SINGLE) {
            r->verdict_vs_shift = r->verdict;
        } else if (!isnan(hi) && hi < slo && 100 * expm1(hi - slo) <= -me) {
            r->verdict_vs_shift = NSQ_V_IMPROVED;
        } else if (!isnan(lo) && lo > shi && 100 * expm1(lo - shi) >= me) {
            r->verdict_vs_shift = NSQ_V_REGRESSED;
        } else if (isnan(lo) && r->significant && fabs(r->vs_shift_pct) >= me &&
                   (x < slo || x > shi)) {
            r->verdict_vs_shift = x < slo ? NSQ_V_IMPROVED : NSQ_V_REGRESSED;
        } else if (!isnan(lo) && lo >= slo - log1p(me / 100) && hi <= shi + log1p(me / 100)) {
            r->verdict_vs_shift = NSQ_V_UNCHANGED;
        } else {
            r->verdict_vs_shift = NSQ_V_INCONCLUSIVE;
        }
    }
    int imp = 0, reg = 0;
    for (int i = 0; i < d->nrows; i++) {
        imp += d->rows[i].verdict_vs_shift == NSQ_V_IMPROVED;
        reg += d->rows[i].verdict_vs_shift == NSQ_V_REGRESSED;
    }
    d->overall_vs_shift = imp && reg ? NSQ_O_MIXED
                          : imp      ? NSQ_O_IMPROVED
                          : reg      ? NSQ_O_REGRESSED
                                     : NSQ_O_UNCHANGED;
}

/* ---- per-iteration comparison --------------------------------------------------- */

static int64_t *pool_iters(const nsq_diff *d, int s, int kernel, int64_t *n)
{
    int64_t tot = 0, at = 0;
    for (int i = 0; i < d->ncap[s]; i++)
        tot += d->cap[s][i].nit;
    int64_t *v = xmalloc(sizeof(int64_t) * (size_t)(tot + 1));
    for (int i = 0; i < d->ncap[s]; i++) {
        const nsq_diff_capture *c = &d->cap[s][i];
        const durarr *it = c->it;
        if (!it || !c->nit)
            continue;
        nsq_diff_dur_expand(&it[kernel ? 1 : 0], v + at);
        for (int64_t k = 0; k < c->nit; k++, at++)
            v[at] = v[at] < 0 ? 0 : v[at];
    }
    int64_t *tmp = xmalloc(sizeof(int64_t) * (size_t)(tot + 1));
    nsq_sort_durations(v, at, tmp);
    free(tmp);
    *n = at;
    return v;
}

/* The baseline's pool_iters on a thread of its own. */
typedef struct pool_job {
    const nsq_diff *d;
    int kernel;
    int64_t *v, n;
} pool_job;

static void *pool_iters_thread(void *arg)
{
    pool_job *j = arg;
    j->v = pool_iters(j->d, 0, j->kernel, &j->n);
    return NULL;
}

/* The two sides pooled (and sorted) at once from this many iterations a side. */
#define ITERS_PARALLEL_N 200000

/* One per-iteration metric: medians, change, interval, Mann-Whitney p, verdict. */
static void iter_metric(nsq_diff *d, int kernel, double *med_a, double *med_b, double *pct,
                        double *lo, double *hi, double *p, int *verdict)
{
    int64_t na, nb, it[2] = {0, 0};
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++)
            it[s] += d->cap[s][i].nit;
    pool_job job = {d, kernel, NULL, 0};
    pthread_t th;
    int threaded = it[0] >= ITERS_PARALLEL_N && it[1] >= ITERS_PARALLEL_N &&
                   !pthread_create(&th, NULL, pool_iters_thread, &job);
    int64_t *a = threaded ? NULL : pool_iters(d, 0, kernel, &na),
            *b = pool_iters(d, 1, kernel, &nb);
    if (threaded) {
        pthread_join(th, NULL);
        a = job.v;
        na = job.n;
    }
    nsq_stats sa, sb;
    double u, z, me = d->o.min_effect_pct;
    char why[160];
    nsq_diff_sorted_stats(&sa, a, na);
    nsq_diff_sorted_stats(&sb, b, nb);
    *med_a = (double)sa.median;
    *med_b = (double)sb.median;
    *pct = nsq_diff_rel_pct(*med_a, *med_b);
    *p = nsq_mann_whitney(a, na, b, nb, &u, &z);
    *lo = *hi = NAN;
    double va = nsq_median_variance(a, na), vb = nsq_median_variance(b, nb);
    if (*med_a > 0 && *med_b > 0 && va >= 0 && vb >= 0)
        nsq_diff_ratio_interval(*med_b / *med_a,
                                sqrt(va / (*med_a * *med_a) + vb / (*med_b * *med_b)), d->z_crit,
                                lo, hi, why, sizeof why);
    /* two metrics: Bonferroni; the interval decides as for kernels, and with
     * one capture per side a firm verdict clears the assumed noise too */
    int sig = *p * 2 < d->o.alpha, has = !isnan(*lo) && !isnan(*hi);
    double fl = d->ncap[0] == 1 && d->ncap[1] == 1 ? nsq_diff_assumed_noise(d) : 0;
    /* the step (the GPU span of an iteration, idle included) is host time as
     * much as GPU time: with one capture per side it is never firm (the same
     * PyTorch step moved +34 % from one run to the next on an H200) */
    int cap = !kernel && fl > 0;
    if (has && *lo > -me && *hi < me)
        *verdict = NSQ_V_UNCHANGED;
    else if (sig && has && !isnan(*pct) && (*pct < 0 ? *hi < -me : *lo > me))
        *verdict = !cap && (*pct < 0 ? *hi < 100 * (1 / (1 + fl / 100) - 1) : *lo > fl)
                       ? (*pct < 0 ? NSQ_V_IMPROVED : NSQ_V_REGRESSED)
                       : (*pct < 0 ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED);
    else
        *verdict = NSQ_V_INCONCLUSIVE;
    free(a);
    free(b);
}

void nsq_diff_per_iteration(nsq_diff *d)
{
    nsq_diff_periter *pi = &d->periter;
    const nsq_filter *f = d->o.filter;
    memset(pi, 0, sizeof *pi);
    pi->step_pct = pi->kernel_pct = NAN;
    pi->step_lo = pi->step_hi = pi->kernel_lo = pi->kernel_hi = pi->step_p = pi->kernel_p = NAN;
    snprintf(pi->metric_step, sizeof pi->metric_step, "step_ns");
    if (strcmp(d->window_choice, "steady")) {
        snprintf(pi->reason, sizeof pi->reason,
                 "the steady windows are not compared, so there are no iterations to compare");
        return;
    }
    if (f && (f->has_pid || f->has_device || f->has_stream || f->name || f->exclude)) {
        snprintf(pi->reason, sizeof pi->reason,
                 "iterations are measured over the whole capture; with filters they are not "
                 "compared");
        return;
    }
    /* iterations are comparable only when they are the same thing */
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++)
            if (!nsq_diff_same_iterations(&d->cap[s][i], &d->cap[0][0])) {
                snprintf(pi->reason, sizeof pi->reason,
                         "iterations differ between captures (%.70s in %s, %.70s in the first "
                         "baseline capture)",
                         d->cap[s][i].it_key[0] ? d->cap[s][i].it_key : "none",
                         s ? "a patch capture" : "a baseline capture", d->cap[0][0].it_key);
                return;
            }
    int kernel_ok = 1;
    for (int s = 0; s < 2; s++) {
        int64_t n = 0;
        for (int i = 0; i < d->ncap[s]; i++) {
            n += d->cap[s][i].nit;
            kernel_ok &= d->cap[s][i].it_has_kernel;
        }
        pi->s[s].n = n;
        if (n < DIFF_STEADY_MIN_ITERATIONS) {
            snprintf(pi->reason, sizeof pi->reason,
                     "the %s has %lld steady iterations with a step time (at least %d are needed)",
                     s ? "patch" : "baseline", (long long)n, DIFF_STEADY_MIN_ITERATIONS);
            return;
        }
    }
    pi->available = 1;
    iter_metric(d, 0, &pi->s[0].step_ns, &pi->s[1].step_ns, &pi->step_pct, &pi->step_lo,
                &pi->step_hi, &pi->step_p, &pi->step_verdict);
    if (kernel_ok)
        iter_metric(d, 1, &pi->s[0].kernel_ns, &pi->s[1].kernel_ns, &pi->kernel_pct, &pi->kernel_lo,
                    &pi->kernel_hi, &pi->kernel_p, &pi->kernel_verdict);
    else
        pi->kernel_verdict = -1;
}

void nsq_diff_side_means(nsq_diff *d, int s)
{
    nsq_diff_metrics *o = &d->mean[s];
    int n = d->ncap[s];
    double acc[13] = {0};
    for (int i = 0; i < n; i++) {
        const nsq_diff_metrics *m = &d->cap[s][i].m;
        const int64_t v[13] = {m->window_ns,
                               m->gpu_busy_ns,
                               m->gpu_idle_ns,
                               m->kernel_ns,
                               m->launches,
                               m->memcpy_count,
                               m->memcpy_bytes,
                               m->memcpy_ns,
                               m->memset_count,
                               m->memset_bytes,
                               m->memset_ns,
                               m->devices,
                               0};
        for (int k = 0; k < 13; k++)
            acc[k] += (double)v[k];
    }
    int64_t *dst[12] = {&o->window_ns,    &o->gpu_busy_ns,  &o->gpu_idle_ns,  &o->kernel_ns,
                        &o->launches,     &o->memcpy_count, &o->memcpy_bytes, &o->memcpy_ns,
                        &o->memset_count, &o->memset_bytes, &o->memset_ns,    &o->devices};
    for (int k = 0; k < 12; k++)
        *dst[k] = llround(acc[k] / n);
}

static void fmt_dur(strbuf *sb, double ns)
{
    double a = fabs(ns);
    if (a >= 1e9)
        sb_addf(sb, "%.3g s", ns / 1e9);
    else if (a >= 1e6)
        sb_addf(sb, "%.3g ms", ns / 1e6);
    else if (a >= 1e3)
        sb_addf(sb, "%.3g us", ns / 1e3);
    else
        sb_addf(sb, "%.0f ns", ns);
}

/* Time at stake: each tested kernel's baseline time per capture times its
 * per-instance change, so a kernel counts by what its change does to the
 * baseline's GPU work, not by how many kernels moved. */
static void stakes(nsq_diff *d)
{
    double base = 0, tested = 0, w = 0, incon = 0;
    d->stake_improved_ns = d->stake_regressed_ns = 0;
    d->stake_likely_improved_ns = d->stake_likely_regressed_ns = 0;
    d->stake_inconclusive_ns = 0;
    for (int i = 0; i < d->nrows; i++) {
        nsq_diff_row *r = &d->rows[i];
        double t = (double)r->s[0].total_ns;
        base += t;
        r->stake_ns = NAN;
        double pct = nsq_diff_judged_pct(r);
        if (!r->tested || isnan(pct))
            continue;
        r->stake_ns = t * pct / 100;
        tested += t;
        w += r->stake_ns;
        double a = fabs(r->stake_ns);
        switch (r->verdict) {
        case NSQ_V_IMPROVED:
            d->stake_improved_ns += a;
            break;
        case NSQ_V_REGRESSED:
            d->stake_regressed_ns += a;
            break;
        case NSQ_V_LIKELY_IMPROVED:
            d->stake_likely_improved_ns += a;
            break;
        case NSQ_V_LIKELY_REGRESSED:
            d->stake_likely_regressed_ns += a;
            break;
        case NSQ_V_INCONCLUSIVE:
            incon += t;
            d->stake_inconclusive_ns += r->stake_ns;
            break;
        default:
            break;
        }
    }
    d->weighted_change_pct = tested > 0 ? 100 * w / tested : NAN;
    d->inconclusive_share_pct = base > 0 ? 100 * incon / base : 0;
}

/* A firm or hedged headline one way that the inconclusive kernels outweigh
 * the other way (their point changes weighed by their time, summed with
 * their signs, so that noise of either sign cancels): the net change is not
 * established. Writes the reason and returns 1 then. */
static int outweighed(nsq_diff *d, int faster, double stake, const char *what, const char *wtxt)
{
    double other = faster ? d->stake_inconclusive_ns : -d->stake_inconclusive_ns;
    if (!(other > stake))
        return 0;
    strbuf sb = STRBUF_INIT;
    sb_addf(&sb, "%s ", what);
    fmt_dur(&sb, stake);
    sb_addf(&sb, " %s per capture, but the inconclusive kernels' point changes make them ",
            faster ? "faster" : "slower");
    fmt_dur(&sb, other);
    sb_addf(&sb, " %s: the net change is not established%s", faster ? "slower" : "faster", wtxt);
    d->overall = NSQ_O_INCONCLUSIVE;
    snprintf(d->overall_reason, sizeof d->overall_reason, "%s", sb.buf);
    sb_release(&sb);
    return 1;
}

/* Opposing stakes: 1 when both are material (each at least --min-effect of
 * the baseline kernel time and the smaller a quarter of the larger). */
static int both_material(double a, double b, double mat)
{
    double lo = fmin(a, b), hi = fmax(a, b);
    return lo >= mat && lo * 4 >= hi;
}

/* Per-capture figures of the two sides (lo/hi per side) apart in the
 * direction of pct: every capture of one side beyond every capture of the
 * other, by a ratio at least each side's own max/min spread (with three
 * captures per side, separation alone happens by chance one time in ten). */
static int sides_apart(const double lo[2], const double hi[2], double pct)
{
    if (!(lo[0] > 0 && lo[1] > 0))
        return 0;
    double gap = pct < 0 ? log(lo[0] / hi[1]) : log(lo[1] / hi[0]);
    return gap > 0 && gap >= log(hi[0] / lo[0]) && gap >= log(hi[1] / lo[1]);
}

/* A figure of every capture, side by side: each side's range and mean, the
 * change of the means, and whether the sides are apart (sides_apart()). */
typedef struct percap {
    double lo[2], hi[2], mean[2], pct;
    int one;      /* too few captures to test: one per side, or so few that the
                     sides separate by chance more often than one time in ten
                     (2 of C(na+nb, na) orders: 3 vs 3 is the least, 2 vs 3 is
                     one time in five, 1 vs 2 two times in three) */
    int n[2];     /* captures per side */
    double floor; /* the assumed capture-to-capture noise, % */
    int apart;
} percap;

static double fig_kernel(const nsq_diff_metrics *m)
{
    return (double)m->kernel_ns;
}

static double fig_copies(const nsq_diff_metrics *m)
{
    return (double)(m->memcpy_ns + m->memset_ns);
}

static double fig_span(const nsq_diff_metrics *m)
{
    return (double)m->window_ns;
}

/* 0 when a side has no capture or the baseline's mean is not positive. */
static int per_capture(const nsq_diff *d, double (*fig)(const nsq_diff_metrics *), percap *pc)
{
    for (int s = 0; s < 2; s++) {
        if (!d->ncap[s])
            return 0;
        pc->lo[s] = INFINITY;
        pc->hi[s] = -INFINITY;
        pc->mean[s] = 0;
        for (int i = 0; i < d->ncap[s]; i++) {
            double t = fig(&d->cap[s][i].m);
            pc->lo[s] = fmin(pc->lo[s], t);
            pc->hi[s] = fmax(pc->hi[s], t);
            pc->mean[s] += t / d->ncap[s];
        }
    }
    if (!(pc->mean[0] > 0))
        return 0;
    pc->pct = 100 * (pc->mean[1] / pc->mean[0] - 1);
    /* C(na+nb, na), the orders of the captures by the figure */
    double orders = 1;
    for (int k = 1; k <= d->ncap[0]; k++)
        orders = orders * (d->ncap[1] + k) / k;
    pc->one = 2 / orders > 0.1 + 1e-9;
    pc->n[0] = d->ncap[0];
    pc->n[1] = d->ncap[1];
    pc->floor = nsq_diff_assumed_noise(d);
    pc->apart = sides_apart(pc->lo, pc->hi, pc->pct);
    return 1;
}

/* How the captures bear the change, closing the parenthesis the caller opened. */
static void percap_text(strbuf *sb, const percap *pc)
{
    if (pc->one && pc->n[0] == 1 && pc->n[1] == 1)
        sb_addf(sb, "; one capture per side: %s the assumed capture-to-capture noise of %g%%)",
                fabs(pc->pct) >= pc->floor ? "beyond" : "within", pc->floor);
    else if (pc->one)
        sb_addf(sb,
                "; %d vs %d captures, too few for their separation to tell a change from chance: "
                "%s the assumed capture-to-capture noise of %g%%)",
                pc->n[0], pc->n[1], fabs(pc->pct) >= pc->floor ? "beyond" : "within", pc->floor);
    else
        sb_addf(sb, "; captures %.3g .. %.3g ms vs %.3g .. %.3g ms: %s)", pc->lo[0] / 1e6,
                pc->hi[0] / 1e6, pc->lo[1] / 1e6, pc->hi[1] / 1e6,
                pc->apart ? "every capture of one side beyond every capture of the other, by "
                            "more than either side's spread"
                          : "the sides' captures overlap");
}

/* Per-capture totals stand for the work only when the captures ran the
 * same amount of it: every matched kernel launched as often on both sides
 * (within SAME_LAUNCHES), or no matched kernel to tell. A shorter capture of
 * the same run (fewer launches of every kernel, the later kernels missing)
 * would otherwise read as kernels removed and time saved. */
#define SAME_LAUNCHES 1.1

static int same_launches(const nsq_diff *d)
{
    const nsq_diff_workload *w = &d->workload;
    return !w->count_n || (w->count_lo >= 1 / SAME_LAUNCHES && w->count_hi <= SAME_LAUNCHES);
}

/* The same workload (not only assumed), every matched kernel launched as
 * often on both sides. */
static int same_work(const nsq_diff *d)
{
    return d->workload.comparable && !d->workload.assumed && same_launches(d);
}

/* Whole captures of the same work: what a per-capture figure (the GPU
 * span) needs to speak for the work. */
static int whole_same_work(const nsq_diff *d)
{
    return same_work(d) && whole_captures(d);
}

/* The overall verdict for a step verdict of the iterations. */
static int overall_of_verdict(int v)
{
    switch (v) {
    case NSQ_V_IMPROVED:
        return NSQ_O_IMPROVED;
    case NSQ_V_REGRESSED:
        return NSQ_O_REGRESSED;
    case NSQ_V_LIKELY_IMPROVED:
        return NSQ_O_LIKELY_IMPROVED;
    case NSQ_V_LIKELY_REGRESSED:
        return NSQ_O_LIKELY_REGRESSED;
    case NSQ_V_UNCHANGED:
        return NSQ_O_UNCHANGED;
    default:
        return NSQ_O_INCONCLUSIVE;
    }
}

/* Records the span's figures for headline.span (nsq_diff's span_*). */
static void span_note(nsq_diff *d, int role, int against, const char *basis, double pct,
                      double delta_ns, double kernel_delta_ns)
{
    d->span_role = role;
    d->span_against = against;
    snprintf(d->span_basis, sizeof d->span_basis, "%s", basis);
    d->span_change_pct = pct;
    d->span_delta_ns = delta_ns;
    d->span_kernel_delta_ns = kernel_delta_ns;
}

/* The kernels' overlap (overlap_move()): busy time per launch and
 * concurrency (kernel time over busy time) of the per-capture means. */
typedef struct overlap {
    double busy_pct, kern_pct, c0, c1, busy_d, kern_d;
} overlap;

/* Did the kernels' overlap change the GPU's busy time? Kernels put on
 * streams to run together each run slower (they share the SMs) while the
 * GPU finishes the same launches sooner; serialised, the other way round.
 * Busy time is the GPU's, not the host's: it does not move with the host
 * between runs as the span's idle part does, so one capture per side can
 * show it when both the busy time per launch and the concurrency moved past
 * the assumed noise, the opposite ways. Per launch, the same launches on
 * both sides, no name or stream filter (busy time counts every op), copies
 * under 5 % of the busy time on both sides (pageable copies move by tens of
 * per cent between runs of one program: tests/data/gpu-verify). Returns the
 * busy time's direction (-1 less, 1 more) with *ov, or 0. */
static int overlap_move(const nsq_diff *d, overlap *ov)
{
    const nsq_diff_metrics *a = &d->mean[0], *b = &d->mean[1];
    const nsq_filter *f = d->o.filter;
    if (!same_work(d) || (f && (f->name || f->exclude || f->has_stream)) || a->launches <= 0 ||
        b->launches <= 0 || a->gpu_busy_ns <= 0 || b->gpu_busy_ns <= 0 || a->kernel_ns <= 0 ||
        b->kernel_ns <= 0 || 20 * (a->memcpy_ns + a->memset_ns) > a->gpu_busy_ns ||
        20 * (b->memcpy_ns + b->memset_ns) > b->gpu_busy_ns)
        return 0;
    double floor = nsq_diff_assumed_noise(d);
    double bl0 = (double)a->gpu_busy_ns / (double)a->launches,
           bl1 = (double)b->gpu_busy_ns / (double)b->launches;
    double kl0 = (double)a->kernel_ns / (double)a->launches,
           kl1 = (double)b->kernel_ns / (double)b->launches;
    ov->busy_pct = 100 * (bl1 / bl0 - 1);
    ov->kern_pct = 100 * (kl1 / kl0 - 1);
    ov->c0 = (double)a->kernel_ns / (double)a->gpu_busy_ns;
    ov->c1 = (double)b->kernel_ns / (double)b->gpu_busy_ns;
    ov->busy_d = (bl1 - bl0) * (double)a->launches;
    ov->kern_d = (kl1 - kl0) * (double)a->launches;
    double conc_pct = 100 * (ov->c1 / ov->c0 - 1);
    if (fabs(ov->busy_pct) < fmax(floor, d->o.min_effect_pct) || fabs(conc_pct) < floor ||
        (ov->busy_pct < 0) == (conc_pct < 0))
        return 0;
    return ov->busy_pct < 0 ? -1 : 1;
}

/* "the kernels overlap more (...), so the GPU was busy ... per launch" */
static void overlap_text(strbuf *sb, const overlap *ov)
{
    sb_addf(sb,
            "the kernels overlap %s (concurrency, kernel time over busy time, x%.2f -> x%.2f), "
            "so the GPU was busy %+.2f%% per launch (%+.3g ms) while the kernels took %+.2f%% "
            "(%+.3g ms)",
            ov->c1 > ov->c0 ? "more" : "less", ov->c0, ov->c1, ov->busy_pct, ov->busy_d / 1e6,
            ov->kern_pct, ov->kern_d / 1e6);
}

/* The same workload compared whole, kernels and copies unchanged, but the
 * GPU span of each capture (first op to last) moved: the change lies
 * between the GPU operations (host staging, synchronisation, launch
 * overhead, overlap). Several captures per side only, firm when every
 * capture of one side lies beyond every capture of the other: one capture's
 * span moves with the host (up to 65 % between runs of the same program on
 * an H200, tests/data/gpu-verify), so with one capture per side a move past
 * the assumed noise is only said. The matched kernels must have run as often
 * on both sides (same_launches()): a capture holding less of the work is
 * shorter for that alone. */
static void span(nsq_diff *d)
{
    if (!whole_same_work(d))
        return;
    percap pc, pk;
    if (!per_capture(d, fig_span, &pc) || !per_capture(d, fig_kernel, &pk) ||
        fabs(pc.pct) < d->o.min_effect_pct)
        return;
    strbuf sb = STRBUF_INIT;
    overlap ov;
    if (pc.one && overlap_move(d, &ov) == (pc.pct < 0 ? -1 : 1)) {
        /* the span moved with the GPU's busy time, the kernels' overlap
         * changed: GPU-side, but one capture a side */
        span_note(d, 1, 0, "busy_per_launch", ov.busy_pct, ov.busy_d, ov.kern_d);
        d->overall = pc.pct < 0 ? NSQ_O_LIKELY_IMPROVED : NSQ_O_LIKELY_REGRESSED;
        sb_addstr(&sb, "kernels and copies unchanged per instance, but ");
        overlap_text(&sb, &ov);
        sb_addf(&sb,
                "; the GPU span (first op to last) %+.2f%%: one capture per side (repeat the "
                "captures to confirm); %s",
                pc.pct, d->overall_reason);
    } else if (pc.one) {
        if (fabs(pc.pct) < pc.floor)
            return;
        span_note(d, 1, 0, "per_capture", pc.pct, pc.mean[1] - pc.mean[0], pk.mean[1] - pk.mean[0]);
        sb_addf(&sb,
                "%s; the GPU span (first op to last) moved %+.2f%% (%.3g ms -> %.3g ms, GPU idle "
                "%.3g ms -> %.3g ms), host time between the GPU operations, which so few "
                "captures cannot judge: repeat the captures (--baseline A1 A2 A3 --patch B1 B2 "
                "B3) to test it",
                d->overall_reason, pc.pct, pc.mean[0] / 1e6, pc.mean[1] / 1e6,
                (double)d->cap[0][0].m.gpu_idle_ns / 1e6, (double)d->cap[1][0].m.gpu_idle_ns / 1e6);
    } else {
        if (!pc.apart)
            return;
        double ds = pc.mean[1] - pc.mean[0], dk = pk.mean[1] - pk.mean[0];
        /* the kernels' own time carries the span's move: instances away
         * from the median (slower warm-up or tear-down iterations,
         * outliers), not the time between the operations */
        int in_kernels = (dk < 0) == (ds < 0) && 2 * fabs(dk) >= fabs(ds);
        if (in_kernels && (!pk.apart || fabs(pk.pct) < d->o.min_effect_pct))
            return;
        span_note(d, 2, 0, "per_capture", pc.pct, ds, dk);
        d->overall = pc.pct < 0 ? NSQ_O_IMPROVED : NSQ_O_REGRESSED;
        if (in_kernels)
            sb_addf(&sb,
                    "kernels unchanged per instance (their medians), but the same workload "
                    "compared whole took %+.2f%% kernel time per capture (%.3g ms -> %.3g ms, "
                    "the same launches), in instances away from the median (warm-up or tear-down "
                    "iterations, outliers), and a GPU span %+.2f%% (every capture of one side "
                    "beyond every capture of the other); %s",
                    pk.pct, pk.mean[0] / 1e6, pk.mean[1] / 1e6, pc.pct, d->overall_reason);
        else
            sb_addf(
                &sb,
                "kernels and copies unchanged, but the same workload compared whole took a GPU "
                "span of %.3g ms -> %.3g ms per capture (%+.2f%%; captures %.3g .. %.3g ms vs "
                "%.3g .. %.3g ms, every capture of one side beyond every capture of the other, "
                "by more than either side's spread): the change lies between the GPU operations "
                "(host staging, synchronisation, launch overhead, overlap); %s",
                pc.mean[0] / 1e6, pc.mean[1] / 1e6, pc.pct, pc.lo[0] / 1e6, pc.hi[0] / 1e6,
                pc.lo[1] / 1e6, pc.hi[1] / 1e6, d->overall_reason);
    }
    snprintf(d->overall_reason, sizeof d->overall_reason, "%s", sb.buf);
    sb_release(&sb);
}

/* Launches per capture this far apart, with nothing else to tell, leave the
 * amount of work unknown (work_unknown()). */
#define UNKNOWN_WORK_LAUNCHES 2.0

/* The captures share no GPU work (no kernel matched or paired as a
 * replacement), launched kernels UNKNOWN_WORK_LAUNCHES times as often or
 * more, and neither the same input (the largest copies agree) nor loops of
 * as many iterations (kernel periods found within 10 %, or the same NVTX
 * ranges as often) say they ran the same amount of work: the exports cannot tell (40 launches of
 * one kernel against 4000 of a renamed one, the same command: a faster rewrite over a longer run,
 * or a slower one). The same command line is no such evidence (a program's loop count is in its
 * code). 1 with *q the ratio of launches per capture (patch / baseline); 0 under
 * --assume-same-workload. */
static int work_unknown(const nsq_diff *d, double *q)
{
    const nsq_diff_workload *w = &d->workload;
    if (!w->unrelated_kernels || w->count_n || d->o.assume_same_workload)
        return 0;
    for (int i = 0; i < w->nitems; i++) {
        const nsq_diff_fpitem *it = &w->items[i];
        if (it->input && !it->differs && strstr(it->item, "largest_copy"))
            return 0;
    }
    if (w->same_ranges)
        return 0; /* the same NVTX ranges, each as often: the same iterations */
    int64_t ia = d->cap[0][0].it_found, ib = d->cap[1][0].it_found;
    if (d->cap[0][0].it_period && d->cap[1][0].it_period && ia > 0 && ib > 0 &&
        nsq_diff_same_count(ia, ib))
        return 0;
    double a = (double)d->mean[0].launches, b = (double)d->mean[1].launches;
    if (!(a > 0 && b > 0))
        return 0;
    *q = b / a;
    return *q >= UNKNOWN_WORK_LAUNCHES || *q <= 1 / UNKNOWN_WORK_LAUNCHES;
}

/* The words of an overall verdict work_unknown() holds back. */
static void unknown_text(nsq_diff *d, const char *lead, double q, double pct)
{
    strbuf sb = STRBUF_INIT;
    sb_addf(&sb,
            "%s; but the captures have no kernel in common, the patch launched x%.3g as many "
            "kernels per capture (%.0f vs %.0f), and no copy of the same size nor a loop of as "
            "many iterations shows the same work: whether both ran the same amount of work the "
            "exports cannot tell, so kernel time per capture %.3g ms -> %.3g ms (%+.2f%%) is no "
            "verdict (a longer run, or another problem; --assume-same-workload judges it)",
            lead, q, (double)d->mean[1].launches, (double)d->mean[0].launches,
            (double)d->mean[0].kernel_ns / 1e6, (double)d->mean[1].kernel_ns / 1e6, pct);
    snprintf(d->overall_reason, sizeof d->overall_reason, "%s", sb.buf);
    sb_release(&sb);
}

/* The overall verdict from the whole GPU work when added, removed or
 * replaced kernels carry the change (nsq_diff_overall): the kernel time per
 * steady iteration where iterations are compared, else, where every capture
 * is compared whole and the workload fingerprints agree, the kernel time per
 * capture, the capture as the unit: firm when the change clears --min-effect
 * and, with one capture per side, the assumed capture-to-capture noise, and
 * with several, when every capture of one side lies beyond every capture of
 * the other. 1 when it decided. */
static int whole_work(nsq_diff *d, double churn_net, double count_net, const char *wtxt)
{
    const nsq_diff_periter *pi = &d->periter;
    const int *c = d->counts;
    char *o = d->overall_reason;
    size_t osz = sizeof d->overall_reason;
    double me = d->o.min_effect_pct;
    /* what carries the change: kernels that came and went, or launch counts
     * of the matched kernels that changed unevenly (the work per iteration,
     * not the capture's length) */
    char lead[360];
    if (count_net != 0) {
        const nsq_diff_fpitem *lc = nsq_diff_fp_item(&d->workload, "launch_counts");
        snprintf(lead, sizeof lead,
                 "the matched kernels' launch counts changed unevenly (%.160s) and change kernel "
                 "time by %+.3g ms per capture%s, more than their per-instance changes",
                 lc ? lc->detail : "", (count_net + churn_net) / 1e6,
                 churn_net != 0 ? " with the added, removed and replaced kernels" : "");
    } else {
        snprintf(lead, sizeof lead,
                 "%d added, %d removed and %d replaced kernels change kernel time by %+.3g ms per "
                 "capture net%s, more than the matched kernels' per-instance changes",
                 c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED], churn_net / 1e6,
                 pi->available && pi->kernel_verdict >= 0 && d->windows_differ
                     ? " (over windows of different length)"
                     : "");
    }
    if (pi->available && pi->kernel_verdict >= 0) {
        int v = pi->kernel_verdict;
        d->overall = v == NSQ_V_IMPROVED           ? NSQ_O_IMPROVED
                     : v == NSQ_V_REGRESSED        ? NSQ_O_REGRESSED
                     : v == NSQ_V_LIKELY_IMPROVED  ? NSQ_O_LIKELY_IMPROVED
                     : v == NSQ_V_LIKELY_REGRESSED ? NSQ_O_LIKELY_REGRESSED
                     : v == NSQ_V_UNCHANGED        ? NSQ_O_UNCHANGED
                                                   : NSQ_O_INCONCLUSIVE;
        snprintf(o, osz,
                 "%s: the whole GPU work decides; per steady iteration the kernel time moved "
                 "%+.2f%% (interval %+.2f%% .. %+.2f%%, %s), the step time %+.2f%% (%s)%s",
                 lead, pi->kernel_pct, pi->kernel_lo, pi->kernel_hi, nsq_diff_verdict_name(v),
                 pi->step_pct, nsq_diff_verdict_name(pi->step_verdict), wtxt);
        return 1;
    }
    percap pc;
    if (!whole_captures(d) || !d->workload.comparable || d->workload.assumed ||
        (count_net == 0 && !same_launches(d)) || !per_capture(d, fig_kernel, &pc))
        return 0;
    double pct = pc.pct, q;
    if (work_unknown(d, &q)) {
        d->overall = NSQ_O_INCONCLUSIVE;
        unknown_text(d, lead, q, pct);
        return 1;
    }
    int firm = fabs(pct) >= me && (pc.one ? fabs(pct) >= pc.floor : pc.apart);
    int likely = fabs(pct) >= me && (pc.one || pc.apart);
    if (fabs(pct) < me)
        d->overall = NSQ_O_UNCHANGED;
    else if (firm)
        d->overall = pct < 0 ? NSQ_O_IMPROVED : NSQ_O_REGRESSED;
    else if (likely)
        d->overall = pct < 0 ? NSQ_O_LIKELY_IMPROVED : NSQ_O_LIKELY_REGRESSED;
    else
        d->overall = NSQ_O_INCONCLUSIVE;
    strbuf sb = STRBUF_INIT;
    sb_addf(&sb,
            "%s: the whole GPU work decides; the same workload compared whole, kernel time per "
            "capture %.3g ms -> %.3g ms (%+.2f%%",
            lead, pc.mean[0] / 1e6, pc.mean[1] / 1e6, pct);
    percap_text(&sb, &pc);
    sb_addstr(&sb, wtxt);
    snprintf(o, osz, "%s", sb.buf);
    sb_release(&sb);
    return 1;
}

/* With one capture per side, the copies decide only from this many copies
 * and memsets in each capture. */
#define COPIES_MIN_OPS 20
/* and from a change of this many % per capture at least: pageable copies
 * moved 13 .. 17 % between runs of one program on an H200 */
#define COPIES_FLOOR_ONE 25.0

/* Kernels unchanged, but the copies and memsets of the same workload took
 * another time (pinned memory, overlapped or fewer round trips): compared
 * per capture where every capture is compared whole (or the windows are
 * alike), the capture as the unit, as whole_work() does; material when the
 * change is --min-effect of the baseline's kernel and copy time together. */
static void copies(nsq_diff *d, double base_kernel)
{
    if (!d->workload.comparable || d->workload.assumed ||
        (!whole_captures(d) && d->windows_differ) || !same_launches(d))
        return;
    percap pc;
    if (!per_capture(d, fig_copies, &pc))
        return;
    double me = d->o.min_effect_pct, delta = pc.mean[1] - pc.mean[0], pct = pc.pct;
    if (fabs(delta) < (base_kernel + pc.mean[0]) * me / 100 || fabs(pct) < me)
        return;
    /* one capture per side: a handful of copies is no sample (a gemm's four
     * pageable copies took 2.6 .. 3.2 ms from one run of the same program to
     * the next on an H200) */
    int64_t few = INT64_MAX;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++) {
            int64_t n = d->cap[s][i].m.memcpy_count + d->cap[s][i].m.memset_count;
            few = n < few ? n : few;
        }
    int too_few = pc.one && few < COPIES_MIN_OPS;
    pc.floor = fmax(pc.floor, COPIES_FLOOR_ONE);
    int firm = pc.one ? fabs(pct) >= pc.floor && !too_few : pc.apart;
    strbuf sb = STRBUF_INIT;
    if (too_few) {
        sb_addf(&sb,
                "%s; copies and memsets %+.2f%% per capture, from %lld op(s) in the smaller "
                "capture: too few to judge with so few captures",
                d->overall_reason, pct, (long long)few);
        snprintf(d->overall_reason, sizeof d->overall_reason, "%s", sb.buf);
        sb_release(&sb);
        return;
    }
    if (!firm) {
        /* within the noise between captures: the kernels' verdict stands */
        if (pc.one)
            sb_addf(&sb,
                    "%s; copies and memsets %+.2f%% per capture, within the %g%% copies move "
                    "between runs of one program",
                    d->overall_reason, pct, pc.floor);
        else
            sb_addf(&sb,
                    "%s; copies and memsets %+.2f%% per capture, within the spread of the "
                    "captures",
                    d->overall_reason, pct);
        snprintf(d->overall_reason, sizeof d->overall_reason, "%s", sb.buf);
        sb_release(&sb);
        return;
    }
    d->overall = pct < 0 ? NSQ_O_IMPROVED : NSQ_O_REGRESSED;
    sb_addf(&sb,
            "no kernel changed per instance (unchanged kernels carry %.1f%% of the baseline kernel "
            "time), but the copies and memsets of the same workload took %.3g ms -> %.3g ms per "
            "capture (%+.2f%%",
            d->unchanged_share_pct, pc.mean[0] / 1e6, pc.mean[1] / 1e6, pct);
    percap_text(&sb, &pc);
    snprintf(d->overall_reason, sizeof d->overall_reason, "%s", sb.buf);
    sb_release(&sb);
}

/* The tested kernels together: their changes (per instance, or per
 * iteration where relaunched) on a log scale, weighed by their baseline
 * kernel time, with a standard error from each row's interval (each from
 * its own kernel's instances, independent of the others'); a row without an
 * interval widens it by its weight times its point change plus a factor of
 * two. Sets d->agg_*; agg_valid when every tested row has a point change.
 * 10,000 kernels of 100 instances each, every one inconclusive alone, can
 * together say the GPU work moved by less than --min-effect. */
static void aggregate(nsq_diff *d)
{
    double wsum = 0, x = 0, v = 0, slack = 0;
    d->agg_valid = 0;
    d->agg_pct = d->agg_lo = d->agg_hi = NAN;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        double w = (double)r->s[0].total_ns;
        if (!r->tested || !(w > 0))
            continue;
        double c = nsq_diff_judged_pct(r), l = r->change_lo_pct, h = r->change_hi_pct;
        if (r->relaunched) {
            l = r->iter_lo_pct;
            h = r->iter_hi_pct;
        }
        if (isnan(c) || !(c > -100))
            return;
        x += w * log1p(c / 100);
        wsum += w;
        if (isnan(l) || isnan(h) || !(l > -100) || h < l) {
            /* no interval (a kernel launched once or twice): its point
             * change could be off by x2 either way; that much, weighed by
             * its time, widens the interval outright */
            slack += w * (fabs(log1p(c / 100)) + M_LN2);
            continue;
        }
        double se = (log1p(h / 100) - log1p(l / 100)) / (2 * d->z_crit);
        v += w * w * se * se;
    }
    if (!(wsum > 0) || !(d->z_crit > 0))
        return;
    x /= wsum;
    double half = d->z_crit * sqrt(v) / wsum + slack / wsum;
    d->agg_valid = 1;
    d->agg_pct = 100 * expm1(x);
    d->agg_lo = 100 * expm1(x - half);
    d->agg_hi = 100 * expm1(x + half);
}

static void overall_kernels(nsq_diff *d)
{
    int *c = d->counts;
    int64_t base_kernel = 0, unchanged = 0, net_added = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        base_kernel += r->s[0].total_ns;
        if (r->verdict == NSQ_V_UNCHANGED)
            unchanged += r->s[0].total_ns;
        if (r->verdict == NSQ_V_ADDED || r->verdict == NSQ_V_REMOVED ||
            r->verdict == NSQ_V_REPLACED)
            net_added += r->d_total_ns;
    }
    stakes(d);
    aggregate(d);
    d->unchanged_share_pct = base_kernel ? 100.0 * (double)unchanged / (double)base_kernel : 0;
    double me = d->o.min_effect_pct, wpct = d->weighted_change_pct;
    double mat = (double)base_kernel * me / 100;
    int churn = c[NSQ_V_ADDED] + c[NSQ_V_REMOVED] + c[NSQ_V_REPLACED];
    char *o = d->overall_reason;
    size_t osz = sizeof d->overall_reason;
    if (!d->workload.comparable && !d->workload.assumed) {
        d->overall = NSQ_O_NOT_COMPARABLE;
        snprintf(o, osz, "%s; no speed verdict (--assume-same-workload to judge anyway)",
                 d->workload.reason);
        return;
    }
    /* a churn stake is trusted only when the windows are alike (its delta
     * is a per-capture total) */
    double churn_ns = churn && !d->windows_differ ? (double)net_added : 0;
    double imp = d->stake_improved_ns + (churn_ns < 0 && -churn_ns >= mat ? -churn_ns : 0);
    double reg = d->stake_regressed_ns + (churn_ns > 0 && churn_ns >= mat ? churn_ns : 0);
    double limp = d->stake_likely_improved_ns, lreg = d->stake_likely_regressed_ns;
    int relaunched = 0;
    for (int i = 0; i < d->nrows; i++)
        relaunched += d->rows[i].relaunched;
    char wtxt[128] = "";
    if (!isnan(wpct))
        snprintf(wtxt, sizeof wtxt, "; %s change weighed by baseline kernel time %+.2f%%",
                 relaunched ? "per-instance (per-iteration, where relaunched)" : "per-instance",
                 wpct);
    /* kernels that came and went change the kernel time by more, net, than
     * the matched kernels' firm per-instance changes (a fusion, torch.compile,
     * a rewrite): those rows cannot speak for the change; the whole GPU work
     * can */
    double churn_abs = fabs((double)net_added);
    if (churn && churn_abs >= mat &&
        churn_abs > d->stake_improved_ns + d->stake_regressed_ns + limp + lreg &&
        whole_work(d, (double)net_added, 0, wtxt))
        return;
    /* the same for the matched kernels' launch counts when they changed
     * unevenly (an even change is a capture of another length) over windows
     * alike, or over captures of the same NVTX ranges as often (the same
     * iterations, the longer capture being the work's): a kernel launched
     * four times as often per iteration is more work, whatever each launch
     * costs */
    double count_net = 0;
    const nsq_diff_fpitem *lc = nsq_diff_fp_item(&d->workload, "launch_counts");
    if (lc && lc->differs && (!d->windows_differ || d->workload.same_ranges))
        for (int k = 0; k < d->nrows; k++)
            if (d->rows[k].tested && !d->rows[k].relaunched && !isnan(d->rows[k].dec_count_ns))
                count_net += d->rows[k].dec_count_ns; /* a relaunched row's is in its verdict */
    double work_abs = fabs(count_net + (churn ? (double)net_added : 0));
    if (count_net != 0 && fabs(count_net) >= mat && work_abs >= mat &&
        work_abs > d->stake_improved_ns + d->stake_regressed_ns + limp + lreg &&
        whole_work(d, churn ? (double)net_added : 0, count_net, wtxt))
        return;
    if (imp > 0 || reg > 0) {
        int mixed = both_material(imp, reg, mat);
        int with_churn = churn_ns != 0 && fabs(churn_ns) >= mat;
        if (!mixed &&
            outweighed(d, imp >= reg, fabs(imp - reg), "firm changes make the kernels", wtxt))
            return;
        d->overall = mixed ? NSQ_O_MIXED : imp >= reg ? NSQ_O_IMPROVED : NSQ_O_REGRESSED;
        strbuf sb = STRBUF_INIT;
        if (c[NSQ_V_IMPROVED] || c[NSQ_V_REGRESSED])
            sb_addf(&sb, "%d kernel(s) improved and %d regressed", c[NSQ_V_IMPROVED],
                    c[NSQ_V_REGRESSED]);
        if (with_churn)
            sb_addf(&sb,
                    "%s%d added, %d removed and %d replaced kernels change kernel time by "
                    "%+.3g ms per capture",
                    sb.len ? "; " : "", c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED],
                    churn_ns / 1e6);
        sb_addstr(&sb, "; time at stake ");
        fmt_dur(&sb, imp);
        sb_addstr(&sb, " faster vs ");
        fmt_dur(&sb, reg);
        sb_addf(&sb, " slower per capture%s%s",
                mixed                  ? ", both material: mixed"
                : (imp > 0 && reg > 0) ? ", the larger decides"
                                       : "",
                wtxt);
        snprintf(o, osz, "%s", sb.buf);
        sb_release(&sb);
        return;
    }
    const nsq_diff_periter *pi = &d->periter;
    if (pi->available &&
        (pi->step_verdict == NSQ_V_IMPROVED || pi->step_verdict == NSQ_V_REGRESSED)) {
        /* no kernel changed firmly, but each iteration's GPU span (idle
         * included) did: the change is between the kernels (launches,
         * synchronisation, host work), and it is what the user waits for */
        d->overall = overall_of_verdict(pi->step_verdict);
        snprintf(o, osz,
                 "no kernel changed firmly, but per steady iteration the GPU span (idle "
                 "included) moved %+.2f%% (interval %+.2f%% .. %+.2f%%) while the kernel time "
                 "per iteration moved %+.2f%% (%s): the change lies between the kernels%s",
                 pi->step_pct, pi->step_lo, pi->step_hi, pi->kernel_pct,
                 pi->kernel_verdict >= 0 ? nsq_diff_verdict_name(pi->kernel_verdict) : "unknown",
                 wtxt);
        return;
    }
    if (limp > 0 || lreg > 0) {
        int mixed = both_material(limp, lreg, mat);
        if (!mixed &&
            outweighed(d, limp >= lreg, fabs(limp - lreg), "hedged changes make the kernels", wtxt))
            return;
        d->overall = mixed          ? NSQ_O_MIXED
                     : limp >= lreg ? NSQ_O_LIKELY_IMPROVED
                                    : NSQ_O_LIKELY_REGRESSED;
        strbuf sb = STRBUF_INIT;
        sb_addf(&sb,
                "%d kernel(s) likely improved and %d likely regressed: clear within each "
                "capture, not beyond the capture-to-capture noise one capture per side cannot "
                "measure (repeat the captures to confirm); ",
                c[NSQ_V_LIKELY_IMPROVED], c[NSQ_V_LIKELY_REGRESSED]);
        fmt_dur(&sb, limp);
        sb_addstr(&sb, " faster vs ");
        fmt_dur(&sb, lreg);
        sb_addf(&sb, " slower per capture at stake%s", wtxt);
        snprintf(o, osz, "%s", sb.buf);
        sb_release(&sb);
        return;
    }
    if (!churn && pi->available &&
        (pi->step_verdict == NSQ_V_LIKELY_IMPROVED || pi->step_verdict == NSQ_V_LIKELY_REGRESSED) &&
        (pi->kernel_verdict == NSQ_V_UNCHANGED || pi->kernel_verdict == NSQ_V_INCONCLUSIVE)) {
        /* the same with one capture per side: clear within each capture,
         * but the time between the kernels is the host's, which moves from
         * one run to the next by as much */
        d->overall = overall_of_verdict(pi->step_verdict);
        overlap ov;
        if (overlap_move(d, &ov) == (pi->step_pct < 0 ? -1 : 1)) {
            /* not host time: the kernels' overlap on the GPU */
            strbuf sb = STRBUF_INIT;
            sb_addf(&sb,
                    "no kernel changed firmly, but per steady iteration the GPU span (idle "
                    "included) moved %+.2f%% (interval %+.2f%% .. %+.2f%%) while the kernel "
                    "time per iteration moved %+.2f%% (%s): ",
                    pi->step_pct, pi->step_lo, pi->step_hi, pi->kernel_pct,
                    nsq_diff_verdict_name(pi->kernel_verdict));
            overlap_text(&sb, &ov);
            sb_addf(&sb, "; one capture per side (repeat the captures to confirm)%s", wtxt);
            snprintf(o, osz, "%s", sb.buf);
            sb_release(&sb);
            return;
        }
        snprintf(o, osz,
                 "no kernel changed firmly, but per steady iteration the GPU span (idle "
                 "included) moved %+.2f%% (interval %+.2f%% .. %+.2f%%) while the kernel time "
                 "per iteration moved %+.2f%% (%s): the change lies between the kernels, in host "
                 "time, which one capture per side cannot tell from the noise between runs "
                 "(repeat the captures to confirm)%s",
                 pi->step_pct, pi->step_lo, pi->step_hi, pi->kernel_pct,
                 nsq_diff_verdict_name(pi->kernel_verdict), wtxt);
        return;
    }
    if (churn && d->periter.available && d->periter.kernel_verdict >= 0) {
        /* kernels came and went: the per-iteration kernel time says whether
         * the work per iteration changed (window totals need not: the
         * windows may hold different numbers of iterations) */
        int v = pi->kernel_verdict;
        d->overall = v == NSQ_V_IMPROVED    ? NSQ_O_IMPROVED
                     : v == NSQ_V_REGRESSED ? NSQ_O_REGRESSED
                     : v == NSQ_V_UNCHANGED ? NSQ_O_UNCHANGED
                                            : NSQ_O_INCONCLUSIVE;
        snprintf(o, osz,
                 "no matched kernel changed firmly; %d added, %d removed and %d replaced "
                 "kernels; per steady iteration the kernel time moved %+.2f%% (%s), the step "
                 "time %+.2f%% (%s)",
                 c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED], pi->kernel_pct,
                 nsq_diff_verdict_name(v), pi->step_pct, nsq_diff_verdict_name(pi->step_verdict));
        return;
    }
    /* the matched kernels first: inconclusive when they cannot say (an
     * inconclusive target kernel is not hidden by kernels that came and went) */
    double tested_base = 0, incon_base = 0, unch_base = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (!r->tested)
            continue;
        tested_base += (double)r->s[0].total_ns;
        incon_base += r->verdict == NSQ_V_INCONCLUSIVE ? (double)r->s[0].total_ns : 0;
        unch_base += r->verdict == NSQ_V_UNCHANGED ? (double)r->s[0].total_ns : 0;
    }
    /* inconclusive kernels whose point changes, weighed by their time, would
     * be material: the headline cannot call the work unchanged */
    int incon_material = fabs(d->stake_inconclusive_ns) >= mat && mat > 0;
    /* the kernels together inside the band: unchanged, whatever each alone */
    int together = !churn && !incon_material && d->agg_valid && d->agg_lo > -me && d->agg_hi < me;
    if (tested_base > 0 && !together &&
        (2 * incon_base >= tested_base || 2 * unch_base < tested_base || incon_material)) {
        char stake[96] = "";
        if (incon_material)
            snprintf(stake, sizeof stake, ", their point changes %+.2f%% of it",
                     100 * d->stake_inconclusive_ns / (double)base_kernel);
        d->overall = NSQ_O_INCONCLUSIVE;
        snprintf(o, osz,
                 "no kernel changed firmly, but inconclusive kernels carry %.1f%% and unchanged "
                 "ones %.1f%% of the baseline kernel time%s%s%s: more instances or captures are "
                 "needed",
                 d->inconclusive_share_pct, d->unchanged_share_pct, stake,
                 churn ? " (kernels were also added, removed or replaced)" : "", wtxt);
        return;
    }
    if (churn) {
        double pct = base_kernel ? 100.0 * (double)net_added / (double)base_kernel : NAN, q;
        const char *wd = d->windows_differ ? " (per capture; the windows differ in length)" : "";
        if (!isnan(pct) && fabs(pct) >= me && !same_launches(d)) {
            /* the matched kernels ran more or less often: the captures hold
             * other amounts of the work, and kernels that came and went may
             * lie outside the shorter one */
            d->overall = NSQ_O_INCONCLUSIVE;
            snprintf(o, osz,
                     "matched kernels unchanged; %d added, %d removed and %d replaced kernels "
                     "change kernel time by %+.2f%% net%s, but the matched kernels ran x%.3g .. "
                     "x%.3g as often: the captures hold other amounts of the work, so this is "
                     "not a change of the code's speed",
                     c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED], pct, wd,
                     d->workload.count_lo, d->workload.count_hi);
        } else if (!isnan(pct) && work_unknown(d, &q)) {
            char lead[200];
            snprintf(lead, sizeof lead,
                     "%d added, %d removed and %d replaced kernels change kernel time by "
                     "%+.2f%% net%s",
                     c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED], pct, wd);
            d->overall = NSQ_O_INCONCLUSIVE;
            unknown_text(d, lead, q, pct);
        } else if (!isnan(pct) && fabs(pct) < me) {
            d->overall = NSQ_O_UNCHANGED;
            snprintf(o, osz,
                     "matched kernels unchanged; %d added, %d removed and %d replaced kernels "
                     "change kernel time by %+.2f%% net%s, below --min-effect %g%%",
                     c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED], pct, wd, me);
        } else {
            d->overall = (isnan(pct) || pct > 0) ? NSQ_O_REGRESSED : NSQ_O_IMPROVED;
            snprintf(o, osz,
                     "matched kernels unchanged; %d added, %d removed and %d replaced kernels "
                     "change kernel time by %+.2f%% net%s",
                     c[NSQ_V_ADDED], c[NSQ_V_REMOVED], c[NSQ_V_REPLACED], pct, wd);
        }
        return;
    }
    d->overall = NSQ_O_UNCHANGED;
    if (together && (2 * incon_base >= tested_base || 2 * unch_base < tested_base))
        snprintf(o, osz,
                 "no kernel changed firmly, and the tested kernels together moved %+.2f%% "
                 "(interval %+.2f%% .. %+.2f%%, each kernel's change weighed by its baseline "
                 "kernel time), inside +-%g%%, though inconclusive kernels carry %.1f%% of the "
                 "baseline kernel time alone and unchanged ones %.1f%%%s",
                 d->agg_pct, d->agg_lo, d->agg_hi, me, d->inconclusive_share_pct,
                 d->unchanged_share_pct, wtxt);
    else
        snprintf(o, osz,
                 "no kernel changed per instance%s: kernels shown unchanged carry %.1f%% of the "
                 "baseline kernel time%s",
                 relaunched ? " (per iteration, for those launched another number of times per "
                              "iteration)"
                            : "",
                 d->unchanged_share_pct, wtxt);
    copies(d, (double)base_kernel);
    if (d->overall == NSQ_O_UNCHANGED)
        span(d);
}

/* The direction of a kernel headline: -1 (likely) improved, 1 (likely)
 * regressed, 0 any other verdict. */
static int overall_dir(const nsq_diff *d)
{
    switch (d->overall) {
    case NSQ_O_IMPROVED:
    case NSQ_O_LIKELY_IMPROVED:
        return -1;
    case NSQ_O_REGRESSED:
    case NSQ_O_LIKELY_REGRESSED:
        return 1;
    default:
        return 0;
    }
}

/* Every kernel launched exactly k times as often (or k times less often)
 * over the same input (nsq_diff_even_relaunch()): either each launch was
 * split in k (or k fused into one), and the kernel time per capture is the
 * change, or the run held k times the iterations (or a fixed-time run got
 * k times faster), and the per-instance change is. When the two say
 * different things, the headline cannot pick: inconclusive, with both. A
 * one-kernel solve (lts, 1221 launches) split in two launches of 70 % of the
 * time each read likely_improved (-30 % per instance) for 40 % more kernel
 * time. */
static void even_relaunch(nsq_diff *d)
{
    int kdir = overall_dir(d);
    if (!kdir || (!whole_captures(d) && d->windows_differ))
        return;
    int k = nsq_diff_even_relaunch(d);
    percap pk;
    if (!k || !per_capture(d, fig_kernel, &pk))
        return;
    double me = d->o.min_effect_pct;
    int cdir = pk.pct <= -me ? -1 : pk.pct >= me ? 1 : 0;
    if (cdir == kdir)
        return;
    strbuf sb = STRBUF_INIT;
    int m = abs(k);
    char how[96], iters[64];
    if (k > 0) {
        snprintf(how, sizeof how, "each launch was split into %d", m);
        snprintf(iters, sizeof iters, "%d times the iterations", m);
    } else {
        snprintf(how, sizeof how, "each %d launches were fused into one", m);
        snprintf(iters, sizeof iters, "1/%d of the iterations", m);
    }
    sb_addf(&sb,
            "every kernel ran %s%d as often over the same input: either %s (then the kernel "
            "time per capture decides: %+.2f%%, %s), or the run held %s (then the per-instance "
            "change decides: %s); the kernels alone cannot tell which (NVTX ranges per "
            "iteration, or the program's own iteration count, would); per instance: %s",
            k > 0 ? "x" : "x1/", m, how, pk.pct,
            cdir < 0   ? "improved"
            : cdir > 0 ? "regressed"
                       : "unchanged",
            iters, nsq_diff_overall_name(d->overall), d->overall_reason);
    d->overall = NSQ_O_INCONCLUSIVE;
    d->even_relaunch = k;
    d->even_relaunch_kernel_pct = pk.pct;
    snprintf(d->overall_reason, sizeof d->overall_reason, "%s", sb.buf);
    sb_release(&sb);
}

/* launches within this share (or one launch per GPU) of the GPUs' ratio */
#define SPLIT_LAUNCHES 0.05

/* The work spread over another number of GPUs: every capture of a side ran
 * on one number of GPUs and the sides' differ (the workload item devices),
 * and every compared kernel launched that many times as often (a
 * data-parallel split: each GPU runs the same sequence on its share). Each
 * launch then does its share of the work, so the per-instance change is
 * the share, not the kernels' speed (1 GPU -> 2: every kernel -50 % per
 * instance, `improved`, with the GPUs' summed kernel time unchanged), and
 * whether the program got faster is its end-to-end time: the step time per
 * steady iteration, or the GPU span of whole captures (idle included),
 * judged as span() judges it. Without either figure: inconclusive. 1 when
 * it decided. */
static int device_split(nsq_diff *d)
{
    const nsq_diff_fpitem *it = nsq_diff_fp_item(&d->workload, "devices");
    int kdir = overall_dir(d);
    if (!it || !kdir || !(it->base > 0) || !(it->patch > 0))
        return 0;
    double q = (double)it->patch / (double)it->base;
    int n = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (!r->tested || !r->s[0].present || !r->s[1].present || r->verdict == NSQ_V_REPLACED)
            continue;
        double a = r->count_base, b = r->count_patch;
        if (!(a > 0) || !(b > 0))
            return 0;
        if (fabs(b - q * a) > fmax(fmax(q, 1 / q), SPLIT_LAUNCHES * b))
            return 0;
        n++;
    }
    if (!n)
        return 0;
    percap pk;
    int have_k = per_capture(d, fig_kernel, &pk);
    strbuf sb = STRBUF_INIT;
    sb_addf(&sb,
            "the work moved from %lld GPU%s to %lld, every compared kernel launched x%.3g as "
            "often: each launch does its share, so the per-instance change (%+.2f%% weighed by "
            "kernel time, %s) is the share, not the kernels' speed",
            (long long)it->base, it->base == 1 ? "" : "s", (long long)it->patch, q,
            d->weighted_change_pct, nsq_diff_overall_name(d->overall));
    if (have_k)
        sb_addf(&sb, "; kernel time per capture, the GPUs summed, %+.2f%%", pk.pct);
    const nsq_diff_periter *pi = &d->periter;
    percap pc;
    if (pi->available && pi->step_verdict >= 0 && !isnan(pi->step_pct)) {
        d->overall = overall_of_verdict(pi->step_verdict);
        double span_d = pi->s[0].step_ns * pi->step_pct / 100;
        double kern_d = isnan(pi->kernel_pct) ? NAN : pi->s[0].kernel_ns * pi->kernel_pct / 100;
        int sdir = overall_dir(d);
        span_note(d, 2, sdir && sdir != kdir, "per_iteration", pi->step_pct, span_d, kern_d);
        sb_addf(&sb, "; the end-to-end step time per steady iteration decides: %+.2f%% (%s)",
                pi->step_pct, nsq_diff_verdict_name(pi->step_verdict));
    } else if (whole_captures(d) && d->workload.comparable && !d->workload.assumed &&
               per_capture(d, fig_span, &pc)) {
        double fl = fmax(d->o.min_effect_pct, pc.one ? pc.floor : 0);
        int dir = pc.pct <= -fl ? -1 : pc.pct >= fl ? 1 : 0;
        int firm = dir && !pc.one && pc.apart;
        d->overall = !dir      ? NSQ_O_INCONCLUSIVE
                     : firm    ? (dir < 0 ? NSQ_O_IMPROVED : NSQ_O_REGRESSED)
                     : dir < 0 ? NSQ_O_LIKELY_IMPROVED
                               : NSQ_O_LIKELY_REGRESSED;
        span_note(d, 2, dir && dir != kdir, "per_capture", pc.pct, pc.mean[1] - pc.mean[0],
                  have_k ? pk.mean[1] - pk.mean[0] : NAN);
        sb_addf(&sb, "; the end-to-end GPU span per capture (idle included) decides: %+.2f%% (",
                pc.pct);
        sb_addstr(&sb, nsq_diff_overall_name(d->overall));
        percap_text(&sb, &pc);
    } else {
        d->overall = NSQ_O_INCONCLUSIVE;
        sb_addstr(&sb, "; no end-to-end figure judges it here (no steady iterations compared, "
                       "not whole captures): compare the whole captures (--window all)");
    }
    snprintf(d->overall_reason, sizeof d->overall_reason, "%s", sb.buf);
    sb_release(&sb);
    return 1;
}

/* The kernels' verdict against the GPU's busy time (overlap_move()): the
 * headline mixed. 1 when it decided. */
static int busy_against(nsq_diff *d, int kdir)
{
    overlap ov;
    if (overlap_move(d, &ov) != -kdir)
        return 0;
    span_note(d, 2, 1, "busy_per_launch", ov.busy_pct, ov.busy_d, ov.kern_d);
    strbuf sb = STRBUF_INIT;
    sb_addstr(&sb, "the kernels' own time and the GPU's busy time disagree: ");
    overlap_text(&sb, &ov);
    sb_addf(&sb, "; the kernels alone: %s", d->overall_reason);
    snprintf(d->overall_reason, sizeof d->overall_reason, "%s", sb.buf);
    sb_release(&sb);
    d->overall = NSQ_O_MIXED;
    return 1;
}

/* The kernels' headline against the span: the kernels improved (or
 * regressed, firmly or likely) while the GPU span, idle included, moved the
 * other way by more time than the kernels did, and beyond the noise between
 * runs: per steady iteration when the step's own verdict is firm, or over
 * whole captures of the same workload with every capture of one side beyond
 * every capture of the other (span()). A patch that overlaps kernels on
 * streams makes each slower and the whole faster; a host change can make
 * faster kernels wait longer. Neither number alone answers "is it faster",
 * so the headline is mixed and says both. With one capture per side the span
 * is host time that moves between runs of the same program by as much (34 %
 * per PyTorch step, 65 % per gemm capture on an H200): said, not judged. */
static void span_against(nsq_diff *d)
{
    int kdir = overall_dir(d);
    if (!kdir || busy_against(d, kdir))
        return;
    const nsq_diff_periter *pi = &d->periter;
    double span_d, kern_d, span_pct;
    int firm;
    char what[96], basis[16];
    if (pi->available && pi->step_verdict >= 0 && pi->step_verdict != NSQ_V_UNCHANGED &&
        pi->step_verdict != NSQ_V_INCONCLUSIVE && !isnan(pi->step_pct) && !isnan(pi->kernel_pct)) {
        span_pct = pi->step_pct;
        span_d = pi->s[0].step_ns * pi->step_pct / 100;
        kern_d = pi->s[0].kernel_ns * pi->kernel_pct / 100;
        firm = pi->step_verdict == NSQ_V_IMPROVED || pi->step_verdict == NSQ_V_REGRESSED;
        snprintf(what, sizeof what, "per steady iteration");
        snprintf(basis, sizeof basis, "per_iteration");
    } else {
        if (!whole_same_work(d))
            return;
        percap pc, pk;
        if (!per_capture(d, fig_span, &pc) || !per_capture(d, fig_kernel, &pk) ||
            fabs(pc.pct) < fmax(d->o.min_effect_pct, pc.one ? pc.floor : 0))
            return;
        span_pct = pc.pct;
        span_d = pc.mean[1] - pc.mean[0];
        kern_d = pk.mean[1] - pk.mean[0];
        firm = !pc.one && pc.apart;
        snprintf(what, sizeof what, "per capture, the same workload compared whole");
        snprintf(basis, sizeof basis, "per_capture");
    }
    if (!((span_d < 0 ? -1 : 1) == -kdir && fabs(span_d) > fabs(kern_d)))
        return;
    span_note(d, firm ? 2 : 1, 1, basis, span_pct, span_d, kern_d);
    strbuf sb = STRBUF_INIT;
    if (!firm) {
        sb_addf(&sb,
                "%s; the GPU span (idle included) moved the other way and by more, %+.2f%% %s "
                "(%+.3g ms against the kernels' %+.3g ms), host time between the kernels, which "
                "so few captures cannot judge: repeat the captures to test it",
                d->overall_reason, span_pct, what, span_d / 1e6, kern_d / 1e6);
    } else {
        sb_addf(&sb,
                "the kernels' own time and the end-to-end time disagree: the GPU span (idle "
                "included) moved %+.2f%% %s, %+.3g ms against the kernels' %+.3g ms, the other "
                "way and by more (overlap, synchronisation, host time between the kernels), "
                "beyond the captures' spread; the kernels alone: %s",
                span_pct, what, span_d / 1e6, kern_d / 1e6, d->overall_reason);
        d->overall = NSQ_O_MIXED;
    }
    snprintf(d->overall_reason, sizeof d->overall_reason, "%s", sb.buf);
    sb_release(&sb);
}

void nsq_diff_overall(nsq_diff *d)
{
    overall_kernels(d);
    if (device_split(d))
        return;
    even_relaunch(d);
    span_against(d);
}

/* The decomposition of the kernel-time change, summed over kernels. */
void nsq_diff_summary_decomposition(nsq_diff *d)
{
    d->dec_count_ns = d->dec_mix_ns = d->dec_speed_ns = 0;
    d->dec_replaced_ns = d->dec_added_ns = d->dec_removed_ns = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (r->verdict == NSQ_V_ADDED)
            d->dec_added_ns += (double)r->s[1].total_ns;
        else if (r->verdict == NSQ_V_REMOVED)
            d->dec_removed_ns -= (double)r->s[0].total_ns;
        else if (r->verdict == NSQ_V_REPLACED)
            d->dec_replaced_ns += (double)r->d_total_ns;
        else if (!isnan(r->dec_count_ns)) {
            d->dec_count_ns += r->dec_count_ns;
            d->dec_mix_ns += r->dec_mix_ns;
            d->dec_speed_ns += r->dec_speed_ns;
        }
    }
    double wa = (double)d->mean[0].window_ns, wb = (double)d->mean[1].window_ns;
    d->windows_differ = wa > 0 && fabs(wb - wa) / wa > 0.05;
}

/* One paragraph a person or an agent reads first. */
void nsq_diff_summary_sentence(nsq_diff *d)
{
    strbuf sb = STRBUF_INIT;
    const nsq_diff_periter *pi = &d->periter;
    if (pi->available) {
        sb_addf(&sb, "Per steady iteration (%lld vs %lld): step time ", (long long)pi->s[0].n,
                (long long)pi->s[1].n);
        fmt_dur(&sb, pi->s[0].step_ns);
        sb_addstr(&sb, " -> ");
        fmt_dur(&sb, pi->s[1].step_ns);
        sb_addf(&sb, " (%+.1f%%, %s)", pi->step_pct, nsq_diff_verdict_name(pi->step_verdict));
        if (pi->kernel_verdict >= 0) {
            sb_addstr(&sb, ", kernel time per iteration ");
            fmt_dur(&sb, pi->s[0].kernel_ns);
            sb_addstr(&sb, " -> ");
            fmt_dur(&sb, pi->s[1].kernel_ns);
            sb_addf(&sb, " (%+.1f%%, %s)", pi->kernel_pct,
                    nsq_diff_verdict_name(pi->kernel_verdict));
        }
        sb_addstr(&sb, ". ");
    }
    double dk = (double)(d->mean[1].kernel_ns - d->mean[0].kernel_ns);
    sb_addstr(&sb, "Kernel time per capture ");
    fmt_dur(&sb, dk);
    sb_addstr(&sb, ": per-instance speed ");
    fmt_dur(&sb, d->dec_speed_ns);
    sb_addstr(&sb, ", launch counts ");
    fmt_dur(&sb, d->dec_count_ns);
    if (fabs(d->dec_mix_ns) >= 0.5) {
        sb_addstr(&sb, ", launch-shape mix ");
        fmt_dur(&sb, d->dec_mix_ns);
    }
    if (d->counts[NSQ_V_REPLACED]) {
        sb_addstr(&sb, ", replaced kernels ");
        fmt_dur(&sb, d->dec_replaced_ns);
    }
    if (d->counts[NSQ_V_ADDED] || d->counts[NSQ_V_REMOVED]) {
        sb_addstr(&sb, ", added and removed kernels ");
        fmt_dur(&sb, d->dec_added_ns + d->dec_removed_ns);
    }
    {
        /* which part carries the change, from the parts' sizes and signs */
        double parts[3] = {d->dec_speed_ns, d->dec_count_ns, d->dec_mix_ns};
        static const char *const pname[3] = {"per-instance speed", "launch counts",
                                             "the launch-shape mix"};
        int big = 0;
        for (int k = 1; k < 3; k++)
            if (fabs(parts[k]) > fabs(parts[big]))
                big = k;
        if (dk != 0 && fabs(parts[big]) > 0) {
            int against = 0;
            for (int k = 0; k < 3; k++)
                against |= k != big && parts[k] != 0 && (parts[k] > 0) != (parts[big] > 0);
            sb_addf(&sb, " (mostly %s, which %s it%s)", pname[big],
                    (parts[big] > 0) == (dk > 0) ? "carries" : "works against",
                    against ? "; another part pulls the other way" : "");
        }
    }
    sb_addstr(&sb, ".");
    if (d->windows_differ) {
        sb_addstr(&sb, " The windows differ in length (");
        fmt_dur(&sb, (double)d->mean[0].window_ns);
        sb_addstr(&sb, " vs ");
        fmt_dur(&sb, (double)d->mean[1].window_ns);
        sb_addstr(&sb, "): window totals (busy, idle, kernel time) differ for that reason too; "
                       "compare per-instance verdicts, shares and per-iteration figures.");
    }
    if (d->shift.detected)
        sb_addf(&sb,
                " %d of %d compared kernels moved together by %+.1f%% (%+.1f%% .. %+.1f%%), %s; "
                "relative to that shift the verdict is %s.",
                d->shift.kernels, d->shift.of, d->shift.pct, d->shift.lo_pct, d->shift.hi_pct,
                d->ncap[0] == 1 && d->ncap[1] == 1
                    ? "a probable environment change (clocks, thermals, other load) or a change "
                      "that touches them all (a data type, compiler flags, a library)"
                    : "a change that touches them all (a data type, compiler flags, a library): "
                      "interleaved captures on each side spread an environment change over both",
                nsq_diff_overall_name(d->overall_vs_shift));
    snprintf(d->summary_sentence, sizeof d->summary_sentence, "%s", sb.buf ? sb.buf : "");
    sb_release(&sb);
}
