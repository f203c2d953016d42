/* A kernel row's verdict (internal.h): added or removed; identical; one
 * instance per side against the assumed noise; else one interval decides
 * (DIFF-STATISTICS.md, rule 3), beyond --min-effect and the
 * capture-to-capture floor (noise.c) for a firm verdict, hedged when it is
 * clear only within the captures. The reason says which part decided. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* A single instance per side is called likely_improved / likely_regressed
 * only when |log(patch / baseline)| exceeds this many times log(1 + the
 * assumed noise): with the default 10 %, beyond x1.61 or /1.61. */
#define SINGLE_NOISE_FACTOR 5

/* instance counts this far apart (either way) mean captures of other lengths */
#define COUNT_APART 1.25

/* An interval (lo, hi, %) wholly beyond the noise floor fl (%) on its side,
 * symmetric on a log scale (a floor of 10 % is +10 % up, -9.1 % down); no
 * floor (NAN) lets it through. */
static int beyond_floor(double fl, int down, double lo, double hi)
{
    return isnan(fl) || (down ? hi < 100 * (1 / (1 + fl / 100) - 1) : lo > fl);
}

void nsq_diff_row_verdict(nsq_diff *d, nsq_diff_row *r)
{
    double me = d->o.min_effect_pct, alpha = d->o.alpha;
    if (!r->s[0].present || !r->s[1].present) {
        r->verdict = r->s[0].present ? NSQ_V_REMOVED : NSQ_V_ADDED;
        r->reason = nsq_diff_textf(
            d, NSQ_DIFF_REASON_CAP, "%s",
            r->s[0].present ? "runs in the baseline only (no exact or normalised partner)"
                            : "runs in the patch only (no exact or normalised partner)");
        return;
    }
    int64_t n = r->s[0].instances, m = r->s[1].instances;
    double ch = r->change_pct;
    const char *what = r->method == NSQ_MT_VAN_ELTEREN ? "per instance at the baseline's mix of "
                                                         "launch shapes, the median"
                       : r->method == NSQ_MT_WELCH_LOG || r->method == NSQ_MT_SINGLE_VS_SAMPLE
                           ? "the geometric mean"
                       : r->method == NSQ_MT_PAIRED
                           ? "launch by launch (the k-th against the k-th), the median ratio"
                           : "the median";
    r->significant = r->p_adj < alpha;
    if (r->identical) {
        /* the same data on both sides (e.g. a capture diffed against itself):
         * there is no change to test for, whatever the sample size */
        r->verdict = NSQ_V_UNCHANGED;
        r->reason =
            nsq_diff_textf(d, NSQ_DIFF_REASON_CAP,
                           "the %lld instance durations are identical on both sides", (long long)n);
        return;
    }
    int practical = !isnan(ch) && fabs(ch) >= me;
    nsq_diff_row_floor(d, r);
    if (r->method == NSQ_MT_SINGLE) {
        double noise = nsq_diff_assumed_noise(d);
        double lim = log(1 + noise / 100) * SINGLE_NOISE_FACTOR;
        if (!isnan(ch) && fabs(log(1 + ch / 100)) > lim) {
            r->verdict = ch < 0 ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED;
            r->reason = nsq_diff_textf(
                d, NSQ_DIFF_REASON_CAP,
                "one instance per side: %+.2f%% is more than %d times the assumed %g%% "
                "run-to-run noise of one instance (--assumed-noise), on a log scale; no "
                "spread was measured, so this is not a test (repeat the captures to confirm)",
                ch, SINGLE_NOISE_FACTOR, noise);
        } else {
            r->verdict = NSQ_V_INCONCLUSIVE;
            r->reason = nsq_diff_textf(
                d, NSQ_DIFF_REASON_CAP,
                "one instance per side and one capture per side: %+.2f%% is within %d times "
                "the assumed %g%% run-to-run noise of one instance (capture more iterations "
                "or more captures)",
                ch, SINGLE_NOISE_FACTOR, noise);
        }
        return;
    }
    /* one interval decides (DIFF-STATISTICS.md, rule 3): unchanged when it
     * lies inside +-min-effect, improved/regressed only when it lies wholly
     * beyond it and beyond the capture-to-capture noise floor */
    double lo = r->change_lo_pct, hi = r->change_hi_pct, fl = r->floor_pct;
    int has_ci = !isnan(lo) && !isnan(hi);
    if (has_ci && lo > -me && hi < me) {
        r->verdict = NSQ_V_UNCHANGED;
        r->reason =
            nsq_diff_textf(d, NSQ_DIFF_REASON_CAP,
                           "the %g%% interval of %s change (%+.2f%% .. %+.2f%%) lies within +-%g%%",
                           100 * d->confidence_level, what, lo, hi, me);
        return;
    }
    if (r->significant && practical) {
        int down = ch < 0;
        if (!has_ci) {
            r->verdict = down ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED;
            r->reason = nsq_diff_textf(
                d, NSQ_DIFF_REASON_CAP,
                "%s %+.2f%%, adjusted p %.3g < alpha %g (%s), but %s: no interval, so no "
                "firm verdict",
                what, ch, r->p_adj, alpha, nsq_diff_method_name(r->method),
                r->ci_reason[0] ? r->ci_reason : "no interval could be estimated");
            return;
        }
        if (down ? !(hi < -me) : !(lo > me)) {
            r->verdict = NSQ_V_INCONCLUSIVE;
            r->reason = nsq_diff_textf(
                d, NSQ_DIFF_REASON_CAP,
                "%s %+.2f%% (adjusted p %.3g, %s), but its %g%% interval (%+.2f%% .. "
                "%+.2f%%) reaches %s: the interval decides",
                what, ch, r->p_adj, nsq_diff_method_name(r->method), 100 * d->confidence_level, lo,
                hi, (down ? hi >= 0 : lo <= 0) ? "across 0" : "into the --min-effect band");
            return;
        }
        /* one capture per side holding far different numbers of instances
         * of a kernel whose durations move along the run by more than the
         * change (block medians): the captures may cover different parts of
         * the run (a shorter capture, work that shrinks step by step), and
         * the pooled instances cannot tell that from the patch */
        if (d->ncap[0] == 1 && d->ncap[1] == 1 && r->method != NSQ_MT_PAIRED && n > 0 && m > 0) {
            double q = (double)m / (double)n, dr = NAN;
            for (int s = 0; s < 2; s++)
                if (!isnan(r->drift_pct[s]))
                    dr = isnan(dr) ? r->drift_pct[s] : fmax(dr, r->drift_pct[s]);
            double rr = 1 + ch / 100;
            if ((q > COUNT_APART || q < 1 / COUNT_APART) && !isnan(dr) && rr > 0 &&
                fmax(rr, 1 / rr) < 1 + dr / 100) {
                r->verdict = NSQ_V_INCONCLUSIVE;
                r->reason = nsq_diff_textf(
                    d, NSQ_DIFF_REASON_CAP,
                    "%s %+.2f%% (interval %+.2f%% .. %+.2f%%), but the captures hold %lld and "
                    "%lld instances and its durations move by up to %.0f%% along one capture "
                    "(block medians): they may cover different parts of the run; compare "
                    "captures of the same length (or --window)",
                    what, ch, lo, hi, (long long)n, (long long)m, dr);
                return;
            }
        }
        int firm = beyond_floor(fl, down, lo, hi);
        /* one capture per side: the change must show in every eighth of the
         * captures, not come from a phase one of them spent elsewhere */
        int blocks_ok = d->ncap[0] > 1 || d->ncap[1] > 1 || isnan(r->block_lo_pct) ||
                        (down ? r->block_hi_pct <= -me : r->block_lo_pct >= me);
        if (firm && !blocks_ok) {
            r->verdict = down ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED;
            r->reason = nsq_diff_textf(
                d, NSQ_DIFF_REASON_CAP,
                "%s %+.2f%% (interval %+.2f%% .. %+.2f%%, adjusted p %.3g), but measured in "
                "each eighth of the captures the change runs from %+.2f%% to %+.2f%%: not "
                "seen throughout (a clock phase or drift in one capture can make it); "
                "repeat the captures to confirm",
                what, ch, lo, hi, r->p_adj, r->block_lo_pct, r->block_hi_pct);
            return;
        }
        if (firm) {
            r->verdict = down ? NSQ_V_IMPROVED : NSQ_V_REGRESSED;
            r->reason = nsq_diff_textf(
                d, NSQ_DIFF_REASON_CAP,
                "%s %+.2f%% (interval %+.2f%% .. %+.2f%%), adjusted p %.3g < alpha %g (%s), "
                "beyond --min-effect %g%% and the %.3g%% capture-to-capture noise floor (%s)",
                what, ch, lo, hi, r->p_adj, alpha, nsq_diff_method_name(r->method), me,
                isnan(fl) ? 0 : fl, r->floor_source);
            return;
        }
        if (!strcmp(r->floor_source, "captures")) {
            r->verdict = NSQ_V_INCONCLUSIVE;
            r->reason = nsq_diff_textf(
                d, NSQ_DIFF_REASON_CAP,
                "%s moved %+.2f%% (interval %+.2f%% .. %+.2f%%, adjusted p %.3g) but the "
                "medians of captures of one side differ by up to %.2f%%: within the "
                "run-to-run noise",
                what, ch, lo, hi, r->p_adj, fl);
            return;
        }
        r->verdict = down ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED;
        r->reason = nsq_diff_textf(
            d, NSQ_DIFF_REASON_CAP,
            "%s %+.2f%% (interval %+.2f%% .. %+.2f%%, adjusted p %.3g): clear within the "
            "capture, but not beyond the %.3g%% capture-to-capture noise floor (%s%s); one "
            "capture per side cannot tell the patch from that noise: repeat the captures "
            "(--baseline A1 A2 --patch B1 B2)",
            what, ch, lo, hi, r->p_adj, fl, r->floor_source,
            !strcmp(r->floor_source, "assumed")        ? ", --assumed-noise"
            : !strcmp(r->floor_source, "clock_levels") ? ": two duration levels under one "
                                                         "launch shape"
                                                       : ": block medians move along the "
                                                         "capture");
        return;
    }
    r->verdict = NSQ_V_INCONCLUSIVE;
    if (r->significant)
        r->reason = nsq_diff_textf(
            d, NSQ_DIFF_REASON_CAP,
            "a significant but small change: %s %+.2f%% is below --min-effect %g%%, but %s", what,
            ch, me, has_ci ? "its interval reaches beyond the band" : "there is no interval");
    else if (!has_ci)
        r->reason =
            nsq_diff_textf(d, NSQ_DIFF_REASON_CAP,
                           "not significant (adjusted p %.3g, %s, %lld vs %lld instances) and %s",
                           r->p_adj, nsq_diff_method_name(r->method), (long long)n, (long long)m,
                           r->ci_reason[0] ? r->ci_reason : "no interval");
    else if (lo > me || hi < -me)
        /* the estimate's interval lies beyond the band, the test (adjusted
         * for every kernel tested) does not clear alpha: too few instances */
        r->reason = nsq_diff_textf(
            d, NSQ_DIFF_REASON_CAP,
            "%s %+.2f%% (interval %+.2f%% .. %+.2f%%), but not significant: p %.3g, adjusted "
            "for the kernels tested %.3g (%s, %lld vs %lld instances): too few instances to "
            "confirm; more instances or captures are needed",
            what, ch, lo, hi, r->p, r->p_adj, nsq_diff_method_name(r->method), (long long)n,
            (long long)m);
    else
        r->reason = nsq_diff_textf(
            d, NSQ_DIFF_REASON_CAP,
            "not significant (adjusted p %.3g, %s) and the %g%% interval (%+.2f%% .. "
            "%+.2f%%) reaches beyond +-%g%%: more instances or captures are needed",
            r->p_adj, nsq_diff_method_name(r->method), 100 * d->confidence_level, lo, hi, me);
}

/* ---- kernels launched another number of times per iteration ---- */

/* The loop's kernels that keep one launch ratio, patch over baseline,
 * within RELAUNCH_SAME of each other, give the ratio of iterations: the
 * ratio the most of them share; on a tie, x1 (the same input runs as many
 * iterations: a kernel split in two beside one kept reads as a tie). A loop
 * kernel whose ratio differs from it by more than RELAUNCH_APART either way
 * runs another number of times per iteration: split into more launches, or
 * fused into fewer. Judged only when the kernels keeping the ratio are at
 * least as many as those leaving it. The loop's kernels: those in both
 * captures' kernel periods, where every capture's iterations are kernel
 * periods; else those launched RELAUNCH_MIN_LAUNCHES times or more per
 * capture on both sides (not a setup kernel launched once), and then only a
 * ratio of iterations of x1 (within RELAUNCH_SAME) kept by two kernels or
 * more says the captures hold the same work: a benchmark run for a fixed
 * time, whose faster code runs more iterations, is left alone. */
#define RELAUNCH_APART 1.25
#define RELAUNCH_SAME 1.1
#define RELAUNCH_MIN_LAUNCHES 8

double nsq_diff_judged_pct(const nsq_diff_row *r)
{
    return r->relaunched ? r->iter_pct : r->change_pct;
}

static int in_period(const nsq_diff_capture *c, const char *key)
{
    for (int t = 0; t < c->it_nnames; t++)
        if (!strcmp(c->it_names[t], key))
            return 1;
    return 0;
}

/* A matched kernel with launches on both sides, of the loop (above). */
static int loop_row(const nsq_diff *d, const nsq_diff_row *r, int periodic)
{
    if (!r->tested || !r->s[0].present || !r->s[1].present || r->verdict == NSQ_V_REPLACED ||
        !(r->count_base > 0) || !(r->count_patch > 0) || !r->key)
        return 0;
    if (!periodic)
        return r->count_base >= RELAUNCH_MIN_LAUNCHES && r->count_patch >= RELAUNCH_MIN_LAUNCHES;
    return in_period(&d->cap[0][0], r->key) && in_period(&d->cap[1][0], r->key);
}

static int near(double a, double b, double f)
{
    return a <= b * f && a >= b / f;
}

/* The row judged by its kernel time per iteration: its total per capture
 * over the loop's ratio of iterations, against the baseline's; the interval
 * from the instances (a total is a sum of them: its relative standard error
 * is their coefficient of variation over sqrt(n)), the verdict by the rules
 * of the per-instance one (nsq_diff_row_verdict): --min-effect, then the
 * row's capture-to-capture noise floor. */
static void relaunch_verdict(nsq_diff *d, nsq_diff_row *r, double loop_q, int keep, int periodic)
{
    double me = d->o.min_effect_pct, q = r->count_patch / r->count_base;
    r->relaunched = 1;
    r->relaunch_ratio = q / loop_q;
    r->loop_ratio = loop_q;
    r->loop_kernels = keep;
    double ta = (double)r->s[0].total_ns, tb = (double)r->s[1].total_ns;
    double rho = ta > 0 ? (tb / loop_q) / ta : NAN;
    r->iter_pct = isnan(rho) ? NAN : 100 * (rho - 1);
    r->iter_lo_pct = r->iter_hi_pct = NAN;
    double se = NAN;
    int ok = 1;
    for (int s = 0; s < 2; s++) {
        const nsq_diff_sidestat *t = &r->s[s];
        if (t->instances < 2 || isnan(t->stddev_ns) || !(t->mean_ns > 0))
            ok = 0;
    }
    if (ok) {
        double c0 = r->s[0].stddev_ns / (double)r->s[0].mean_ns;
        double c1 = r->s[1].stddev_ns / (double)r->s[1].mean_ns;
        se = sqrt(c0 * c0 / (double)r->s[0].instances + c1 * c1 / (double)r->s[1].instances);
    }
    char why[NSQ_DIFF_CI_REASON_CAP] = "";
    int has = !isnan(rho) && nsq_diff_ratio_interval(rho, se, d->z_crit, &r->iter_lo_pct,
                                                     &r->iter_hi_pct, why, sizeof why);
    double lo = r->iter_lo_pct, hi = r->iter_hi_pct, ch = r->iter_pct, fl = r->floor_pct;
    r->significant = has && (lo > 0 || hi < 0);
    char head[320];
    snprintf(head, sizeof head,
             "launched x%.3g as often per iteration (%.0f -> %.0f per capture, while %d of the "
             "%s ran x%.3g, the iterations): each launch does other work, so the per-instance "
             "change (%+.2f%%) is not its speed; its kernel time per iteration moved %+.2f%%",
             r->relaunch_ratio, r->count_base, r->count_patch, keep,
             periodic ? "loop's kernels" : "repeated kernels", loop_q, r->change_pct, ch);
    if (!has) {
        r->verdict = NSQ_V_INCONCLUSIVE;
        r->reason = nsq_diff_textf(d, NSQ_DIFF_REASON_CAP, "%s, but %s", head,
                                   why[0] ? why : "no interval could be estimated");
        return;
    }
    if (lo > -me && hi < me) {
        r->verdict = NSQ_V_UNCHANGED;
        r->reason = nsq_diff_textf(d, NSQ_DIFF_REASON_CAP,
                                   "%s (interval %+.2f%% .. %+.2f%%), within +-%g%%", head, lo, hi,
                                   me);
        return;
    }
    int down = hi < -me, up = lo > me;
    if (!down && !up) {
        r->verdict = NSQ_V_INCONCLUSIVE;
        r->reason = nsq_diff_textf(d, NSQ_DIFF_REASON_CAP,
                                   "%s, but its interval (%+.2f%% .. %+.2f%%) reaches %s", head,
                                   lo, hi,
                                   lo <= 0 && hi >= 0 ? "across 0" : "into the --min-effect band");
        return;
    }
    int firm = beyond_floor(fl, down, lo, hi);
    if (firm) {
        r->verdict = down ? NSQ_V_IMPROVED : NSQ_V_REGRESSED;
        r->reason = nsq_diff_textf(d, NSQ_DIFF_REASON_CAP,
                                   "%s (interval %+.2f%% .. %+.2f%%), beyond --min-effect %g%% and "
                                   "the %.3g%% capture-to-capture noise floor (%s)",
                                   head, lo, hi, me, isnan(fl) ? 0 : fl, r->floor_source);
        return;
    }
    r->verdict = down ? NSQ_V_LIKELY_IMPROVED : NSQ_V_LIKELY_REGRESSED;
    r->reason = nsq_diff_textf(d, NSQ_DIFF_REASON_CAP,
                               "%s (interval %+.2f%% .. %+.2f%%): clear within the capture, not "
                               "beyond the %.3g%% capture-to-capture noise floor (%s); repeat the "
                               "captures to confirm",
                               head, lo, hi, fl, r->floor_source);
}

/* The same input on every capture: the largest copy each way of the same
 * size everywhere, one way at least. */
static int same_input(const nsq_diff *d)
{
    int any = 0;
    for (int dir = 0; dir < 2; dir++)
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < d->ncap[s]; i++) {
                int64_t a = d->cap[0][0].fp_largest[dir], b = d->cap[s][i].fp_largest[dir];
                if ((a > 0) != (b > 0) || a != b)
                    return 0;
                any |= a > 0;
            }
    return any;
}

/* Without kernel periods one kernel keeping x1 is no loop by itself (a
 * benchmark run for a fixed time moves every count), unless it ran exactly
 * as often on both sides, eight times or more, over the same input
 * (same_input()): Fan2 of the Gaussian elimination 4095 times in both runs
 * of the same matrix while Fan1 went from 4095 launches to 8190 is the same
 * 4095 steps, Fan1 split in two. */
static int exact_keeper(const nsq_diff *d, double loop_q)
{
    if (loop_q != 1 || !same_input(d))
        return 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (loop_row(d, r, 0) && r->count_base == r->count_patch &&
            r->count_base == floor(r->count_base))
            return 1;
    }
    return 0;
}

/* Added, removed or replaced kernels carrying --min-effect of either side's
 * kernel time. */
static int material_churn(const nsq_diff *d)
{
    double all[2] = {0, 0}, churn[2] = {0, 0};
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        int gone = r->verdict == NSQ_V_ADDED || r->verdict == NSQ_V_REMOVED ||
                   r->verdict == NSQ_V_REPLACED;
        for (int s = 0; s < 2; s++)
            if (r->s[s].present && r->s[s].total_ns > 0) {
                all[s] += (double)r->s[s].total_ns;
                churn[s] += gone ? (double)r->s[s].total_ns : 0;
            }
    }
    for (int s = 0; s < 2; s++)
        if (churn[s] > 0 && 100 * churn[s] >= d->o.min_effect_pct * all[s])
            return 1;
    return 0;
}

int nsq_diff_even_relaunch(const nsq_diff *d)
{
    if (d->ncap[0] < 1 || d->ncap[1] < 1 || material_churn(d) || !same_input(d))
        return 0;
    int k = 0, loops = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (!r->tested || !r->s[0].present || !r->s[1].present || r->verdict == NSQ_V_REPLACED)
            continue;
        if (r->relaunched || !(r->count_base > 0) || !(r->count_patch > 0))
            return 0;
        double a = r->count_base, b = r->count_patch;
        if (a < RELAUNCH_MIN_LAUNCHES && b < RELAUNCH_MIN_LAUNCHES && a == b)
            continue; /* a setup kernel, run as often by either reading */
        double q = b > a ? b / a : a / b;
        if (!(q < 1e6))
            return 0; /* no split or fusion of that order */
        int more = b > a, m = (int)lround(q);
        /* m times within one launch of the fewer per capture (a fused
         * group may keep a remainder; a steady window's edge may cut a
         * split launch's pair) */
        if (m < 2 || fabs((more ? b : a) - m * (more ? a : b)) > m ||
            (k && k != (more ? m : -m)))
            return 0;
        k = more ? m : -m;
        loops += a >= RELAUNCH_MIN_LAUNCHES && b >= RELAUNCH_MIN_LAUNCHES;
    }
    return loops ? k : 0;
}

void nsq_diff_relaunched(nsq_diff *d)
{
    if (d->ncap[0] < 1 || d->ncap[1] < 1)
        return;
    /* kernels that came, went or were replaced and carry --min-effect of
     * either side's kernel time: a matched kernel launched more often may
     * be doing their work (eager PyTorch's generic elementwise kernel where
     * torch.compile ran fused ones), so its time per iteration is no speed
     * of its own; the whole GPU work decides there (nsq_diff_overall) */
    if (material_churn(d))
        return;
    int periodic = 1;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < d->ncap[s]; i++)
            periodic &= d->cap[s][i].it_period > 0;
    double *q = xmalloc(sizeof *q * (size_t)(d->nrows + 1));
    int n = 0;
    for (int i = 0; i < d->nrows; i++)
        if (loop_row(d, &d->rows[i], periodic))
            q[n++] = d->rows[i].count_patch / d->rows[i].count_base;
    if (n < 2 || n > 256) { /* one kernel: nothing to tell iterations by; thousands: no loop */
        free(q);
        return;
    }
    /* the ratio the most loop kernels share: each kernel's count of those
     * within RELAUNCH_SAME; the groups with the best count (told apart by
     * their first kernel), and the one at x1 among them on a tie */
    int best = 0, *k = xmalloc(sizeof *k * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        k[i] = 0;
        for (int j = 0; j < n; j++)
            k[i] += near(q[j], q[i], RELAUNCH_SAME);
        best = k[i] > best ? k[i] : best;
    }
    double at = NAN, one = NAN;
    int groups = 0;
    for (int i = 0; i < n; i++) {
        if (k[i] != best)
            continue;
        int seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = k[j] == best && near(q[i], q[j], RELAUNCH_SAME);
        if (seen)
            continue;
        groups++;
        at = q[i];
        if (near(q[i], 1, RELAUNCH_SAME))
            one = q[i];
    }
    free(k);
    if (groups > 1)
        at = one; /* NAN when no group is at x1: no decision */
    double loop_q = NAN;
    if (best > 0 && !isnan(at)) {
        /* the median of the group's ratios */
        int m = 0;
        for (int j = 0; j < n; j++)
            if (near(q[j], at, RELAUNCH_SAME))
                q[m++] = q[j];
        qsort(q, (size_t)m, sizeof *q, nsq_cmp_double);
        loop_q = m % 2 ? q[m / 2] : (q[m / 2 - 1] + q[m / 2]) / 2;
    }
    free(q);
    if (isnan(loop_q) || (!periodic && !near(loop_q, 1, RELAUNCH_SAME)))
        return;
    int keep = 0, leave = 0;
    for (int i = 0; i < d->nrows; i++) {
        const nsq_diff_row *r = &d->rows[i];
        if (!loop_row(d, r, periodic))
            continue;
        double x = r->count_patch / r->count_base / loop_q;
        keep += near(x, 1, RELAUNCH_SAME);
        leave += !near(x, 1, RELAUNCH_APART);
    }
    if (!leave || keep < leave || (!periodic && keep < 2 && !exact_keeper(d, loop_q)))
        return;
    for (int i = 0; i < d->nrows; i++) {
        nsq_diff_row *r = &d->rows[i];
        if (loop_row(d, r, periodic) && !r->identical &&
            !near(r->count_patch / r->count_base / loop_q, 1, RELAUNCH_APART))
            relaunch_verdict(d, r, loop_q, keep, periodic);
    }
}
