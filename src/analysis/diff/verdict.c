/* A kernel row's verdict (internal.h): added or removed; identical; one
 * instance per side against the assumed noise; else one interval decides
 * (DIFF-STATISTICS.md, rule 3), beyond --min-effect and the
 * capture-to-capture floor (noise.c) for a firm verdict, hedged when it is
 * clear only within the captures. The reason says which part decided. */
#include <math.h>
#include <string.h>

#include "internal.h"

/* A single instance per side is called likely_improved / likely_regressed
 * only when |log(patch / baseline)| exceeds this many times log(1 + the
 * assumed noise): with the default 10 %, beyond x1.61 or /1.61. */
#define SINGLE_NOISE_FACTOR 5

/* instance counts this far apart (either way) mean captures of other lengths */
#define COUNT_APART 1.25

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
        double noise = d->o.assumed_noise_pct > 0 ? d->o.assumed_noise_pct : 10;
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
        /* the floor, symmetric on a log scale */
        int firm = isnan(fl) || (down ? hi < 100 * (1 / (1 + fl / 100) - 1) : lo > fl);
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
