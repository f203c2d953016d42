/* steady/judge: for each metric a robust band around the level (median and
 * MAD), the warm-up / steady / tear-down split that disagrees with the
 * fewest in/out marks, the trend check inside the window (Mann-Kendall and
 * Theil-Sen), the window statistics and the confidence. Memory while it
 * runs: 9 bytes per iteration (a value buffer and the marks), and the trend
 * check's 800 * 799 / 2 slopes at most. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Level and scale of metric m over iterations [lo, hi) (missing values
 * skipped); buf gets the values used (in no particular order). Returns the
 * number of values used. A window measured before in this nsq_sd_judge() gives the
 * same median and MAD (selection does not depend on the order of the values),
 * so they are taken from d->lm. */
static int64_t fill_values(det *d, int m, int64_t lo, int64_t hi, double *buf)
{
    int64_t c = 0;
    for (int64_t i = lo; i < hi; i++) {
        double v = val(d, m, i);
        if (!isnan(v))
            buf[c++] = v;
    }
    return c;
}

/* Level (median) and scale (1.4826 MAD) of metric m over [lo, hi); buf[0..c)
 * holds its valid values (in some order) on return. */
static int64_t level_of(det *d, int m, int64_t lo, int64_t hi, double *buf, double *level,
                        double *scale)
{
    int64_t c = fill_values(d, m, lo, hi, buf);
    if (!c)
        return 0;
    for (int k = 0; k < d->nlm; k++)
        if (d->lm[k].m == m && d->lm[k].lo == lo && d->lm[k].hi == hi) {
            *level = d->lm[k].level;
            *scale = d->lm[k].scale;
            return c;
        }
    nsq_sd_median_scale_inplace(buf, c, level, scale);
    fill_values(d, m, lo, hi, buf); /* the values again (no scratch array of n) */
    struct level_memo *e = &d->lm[d->next_lm];
    d->next_lm = (d->next_lm + 1) % (int)(sizeof d->lm / sizeof *d->lm);
    if (d->nlm < (int)(sizeof d->lm / sizeof *d->lm))
        d->nlm++;
    e->m = m;
    e->lo = lo;
    e->hi = hi;
    e->level = *level;
    e->scale = *scale;
    return c;
}

static double band_of(double level, double scale)
{
    double b = fmax(BAND_K * scale, BAND_REL * fabs(level));
    return b > 0 ? b : 1e-9;
}

/* The split [a, b) that disagrees with the fewest in/out marks (cls 1 in,
 * 0 out, -1 missing): in before a + out inside + in after b. Ties go to the
 * longer window (the earlier a, the later b): a lone outlier next to a clear
 * warm-up or tear-down is noise as likely as not. Missing values never move a boundary: the split
 * is made over the valid values and a missing value next to the window joins it. */
static void best_split(const signed char *cls, int64_t n, int64_t *a_out, int64_t *b_out,
                       int64_t *err_out)
{
    /* over the valid iterations (cls >= 0): a split before the b-th of them
     * is at iteration pos (the one after the (b-1)-th; 0 for b = 0) as a
     * window start and at the b-th (n for b = m) as a window end */
    int64_t pin = 0, pout = 0, tin = 0;
    for (int64_t i = 0; i < n; i++)
        tin += cls[i] == 1;
    int64_t best_f = INT64_MAX, best_a = 0, best_e = INT64_MAX, ra = 0, rb = n;
    int64_t after_prev = 0; /* window start for a split before the next valid one */
    for (int64_t i = 0;; i++) {
        while (i < n && cls[i] < 0)
            i++;
        int64_t f = pin - pout; /* a = here, over the prefix */
        if (f < best_f) {
            best_f = f;
            best_a = after_prev;
        }
        int64_t e = best_f + (pout - pin) + tin;
        if (e <= best_e) {
            best_e = e;
            ra = best_a;
            rb = i < n ? i : n;
        }
        if (i >= n)
            break;
        pin += cls[i] == 1;
        pout += cls[i] == 0;
        after_prev = i + 1;
    }
    *a_out = ra;
    *b_out = rb;
    *err_out = best_e;
}

/* Judges metric m alone: iterates level -> band -> split until stable. */
static void judge_metric(det *d, int m, double *buf, signed char *cls, int64_t *a_out,
                         int64_t *b_out)
{
    nsq_steady_metric *M = &d->r->metric[m];
    int64_t n = d->n, a = n / 2, b = n, err = 0, valid = 0;
    double level = 0, scale = 0;
    if (!level_of(d, m, a, b, buf, &level, &scale))
        level_of(d, m, 0, n, buf, &level, &scale);
    for (int round = 0; round < 5; round++) {
        double band = band_of(level, scale);
        valid = 0;
        for (int64_t i = 0; i < n; i++) {
            double v = val(d, m, i);
            cls[i] = isnan(v) ? -1 : fabs(v - level) <= band ? 1 : 0;
            valid += cls[i] >= 0;
        }
        int64_t na, nb;
        best_split(cls, n, &na, &nb, &err);
        int same = round > 0 && na == a && nb == b;
        a = na;
        b = nb;
        if (same || b - a < 1 || !level_of(d, m, a, b, buf, &level, &scale))
            break;
    }
    M->level = level;
    M->scale = scale;
    M->band = band_of(level, scale);
    M->warmup = a;
    M->teardown = n - b;
    M->fit = valid ? 1.0 - (double)err / (double)valid : 0;
    *a_out = a;
    *b_out = b;
}

/* Mann-Kendall z and Theil-Sen slope of metric m over [a, b) (at most
 * MAX_TREND_POINTS evenly spaced points). */
static void trend_of(const det *d, int m, int64_t a, int64_t b, double *z_out, double *slope_out)
{
    int64_t cnt = 0, len = b - a;
    int64_t step_n = len > MAX_TREND_POINTS ? MAX_TREND_POINTS : len;
    double *xs = xmalloc(sizeof *xs * (size_t)(step_n + 1));
    double *ys = xmalloc(sizeof *ys * (size_t)(step_n + 1));
    for (int64_t j = 0; j < step_n; j++) {
        int64_t i = a + (int64_t)((double)j * (double)len / (double)step_n);
        double v = val(d, m, i);
        if (isnan(v))
            continue;
        xs[cnt] = (double)i;
        ys[cnt++] = v;
    }
    *z_out = 0;
    *slope_out = 0;
    if (cnt >= 3) {
        double s = 0;
        int64_t np = cnt * (cnt - 1) / 2, k = 0;
        double *slopes = xmalloc(sizeof *slopes * (size_t)np);
        for (int64_t i = 0; i < cnt; i++)
            for (int64_t j = i + 1; j < cnt; j++) {
                double dy = ys[j] - ys[i];
                s += (dy > 0) - (dy < 0);
                slopes[k++] = dy / (xs[j] - xs[i]);
            }
        /* variance with the tie correction */
        double var = (double)cnt * (double)(cnt - 1) * (double)(2 * cnt + 5);
        double *sorted = xmalloc(sizeof *sorted * (size_t)cnt);
        memcpy(sorted, ys, sizeof *sorted * (size_t)cnt);
        qsort(sorted, (size_t)cnt, sizeof *sorted, nsq_cmp_double);
        for (int64_t i = 0; i < cnt;) {
            int64_t j = i;
            while (j < cnt && sorted[j] == sorted[i])
                j++;
            double t = (double)(j - i);
            var -= t * (t - 1) * (2 * t + 5);
            i = j;
        }
        var /= 18.0;
        if (var > 0)
            *z_out = (s - (s > 0) + (s < 0)) / sqrt(var);
        *slope_out = nsq_sd_quantile(slopes, np, 0.5);
        free(slopes);
        free(sorted);
    }
    free(xs);
    free(ys);
}

/* Trend check of every used metric over [a, b); fills the metric fields.
 * Returns 1 when the cost (metric 0) trends: the secondary metric (step
 * time, kernel rate) helps find the warm-up but is often paced by the host,
 * so its trend is reported, not held against the window. */
static int trends(det *d, int nmetrics, int64_t a, int64_t b, double *buf)
{
    int any = 0;
    for (int m = 0; m < nmetrics; m++) {
        nsq_steady_metric *M = &d->r->metric[m];
        double level = 0, scale = 0, z, slope;
        int64_t c = level_of(d, m, a, b, buf, &level, &scale);
        trend_of(d, m, a, b, &z, &slope);
        M->mk_z = z;
        M->slope = slope;
        M->drift = level != 0 && c > 1 ? slope * (double)(b - a - 1) / fabs(level) : 0;
        M->trend = fabs(z) > TREND_Z && fabs(M->drift) > TREND_DRIFT;
        if (m == 0)
            any |= M->trend;
    }
    return any;
}

/* Statistics of metric m inside [a, b). */
static void window_stats(det *d, int m, int64_t a, int64_t b, double *buf)
{
    nsq_steady_metric *M = &d->r->metric[m];
    double level = 0, scale = 0;
    int64_t c = level_of(d, m, a, b, buf, &level, &scale);
    M->n = c;
    if (!c)
        return;
    M->median = level;
    M->mad = scale / 1.4826;
    M->min = M->max = buf[0];
    for (int64_t i = 1; i < c; i++) {
        if (buf[i] < M->min)
            M->min = buf[i];
        if (buf[i] > M->max)
            M->max = buf[i];
    }
    M->p25 = nsq_sd_quantile(buf, c, 0.25);
    M->p75 = nsq_sd_quantile(buf, c, 0.75);
    M->cv = level != 0 ? scale / fabs(level) : 0;
    M->level = level;
    M->scale = scale;
    M->band = band_of(level, scale);
    M->outside = 0;
    for (int64_t i = a; i < b; i++) {
        double v = val(d, m, i);
        if (!isnan(v) && fabs(v - level) > M->band)
            M->outside++;
    }
}

/* The split, trend check, window and confidence for d->it. */
void nsq_sd_judge(det *d, double q_method)
{
    nsq_steady *r = d->r;
    int64_t n = d->n, a = 0, b = n;
    double *buf = xmalloc(sizeof *buf * (size_t)(n + 1));
    signed char *cls = xmalloc((size_t)n + 1);
    int nmetrics = 0;
    d->nlm = d->next_lm = 0; /* d->it may have changed since a previous nsq_sd_judge() */
    r->iterations = n;
    r->q_method = q_method;
    snprintf(r->cost, sizeof r->cost, "%s", r->metric[0].name);
    if (n > INT32_MAX) {
        nsq_sd_not_found(r, "too_many_iterations", "%lld iterations (method %s): more than 2^31",
                         (long long)n, r->method);
        goto done;
    }
    if (n < MIN_ITERATIONS) {
        nsq_sd_not_found(
            r, "too_few_iterations",
            "only %lld iterations were found (method %s); at least %d are needed to tell "
            "warm-up from steady state",
            (long long)n, r->method, MIN_ITERATIONS);
        goto done;
    }
    for (int m = 0; m < 2; m++) {
        int64_t valid = 0;
        for (int64_t i = 0; i < n; i++)
            valid += !isnan(val(d, m, i));
        if (valid < MIN_ITERATIONS && m > 0)
            continue; /* values kept, not judged */
        int64_t ma, mb;
        judge_metric(d, m, buf, cls, &ma, &mb);
        r->metric[m].judged = 1;
        for (int64_t i = 0; i < n; i++)
            if (cls[i] == 0)
                d->it[i].sf |= IT_OUT0 << m;
        if (ma > a)
            a = ma;
        if (mb < b)
            b = mb;
        nmetrics = m + 1;
    }
    if (b - a < MIN_STEADY) {
        nsq_sd_not_found(
            r, "no_steady_state",
            "no stretch of at least %d iterations keeps a stable cost (%lld iterations, "
            "method %s)",
            MIN_STEADY, (long long)n, r->method);
        goto done;
    }
    if (trends(d, nmetrics, a, b, buf)) {
        /* try shorter windows, trimmed by eighths from either end */
        int64_t w = b - a, na = a, nb = b;
        int ok = 0;
        for (int t = 1; t <= 4 && !ok; t++)
            for (int i = 0; i <= t && !ok; i++) {
                na = a + i * w / 8;
                nb = b - (t - i) * w / 8;
                if (nb - na >= MIN_STEADY && !trends(d, nmetrics, na, nb, buf))
                    ok = 1;
            }
        if (!ok) {
            trends(d, nmetrics, a, b, buf);
            nsq_sd_not_found(
                r, "no_steady_state",
                "the iteration %s keeps changing: it drifts by %.1f %% across the candidate "
                "window (Mann-Kendall z = %.1f), so no part of the capture is steady",
                r->metric[0].name, 100 * r->metric[0].drift, r->metric[0].mk_z);
            r->warmup_iterations = a;
            r->teardown_iterations = n - b;
            goto done;
        }
        a = na;
        b = nb;
        r->trend_trimmed = 1;
    }
    for (int m = 0; m < nmetrics; m++)
        window_stats(d, m, a, b, buf);
    trends(d, nmetrics, a, b, buf);
    r->found = 1;
    r->warmup_iterations = a;
    r->teardown_iterations = n - b;
    r->steady_iterations = b - a;
    r->warmup_start_ns = -1;
    for (int64_t i = 0; i < a; i++)
        if (r->warmup_start_ns < 0 || d->it[i].start_ns < r->warmup_start_ns)
            r->warmup_start_ns = d->it[i].start_ns;
    r->steady_start_ns = INT64_MAX;
    r->steady_end_ns = INT64_MIN;
    for (int64_t i = a; i < b; i++) {
        if (d->it[i].start_ns < r->steady_start_ns)
            r->steady_start_ns = d->it[i].start_ns;
        if (it_end(d, &d->it[i]) > r->steady_end_ns)
            r->steady_end_ns = it_end(d, &d->it[i]);
    }
    {
        int64_t span = r->capture_end_ns - r->capture_start_ns;
        r->coverage = span > 0 ? (double)(r->steady_end_ns - r->steady_start_ns) / (double)span : 1;
    }
    /* the share of the capture's kernel time inside the window */
    r->q_coverage = 1;
    if (d->acc.on && !d->acc.broken && d->acc.total_ns > 0) {
        double in = nsq_sd_acct_before(&d->acc, r->steady_end_ns) -
                    nsq_sd_acct_before(&d->acc, r->steady_start_ns);
        in = fmin(fmax(in, 0), (double)d->acc.total_ns);
        r->window_kernel_time_ns = in;
        r->kernel_time_coverage = in / (double)d->acc.total_ns;
        r->q_coverage = fmin(1, r->kernel_time_coverage / NSQ_STEADY_FULL_KERNEL_COVERAGE);
    }
    /* confidence */
    {
        double ns = (double)(b - a), fit = 1;
        for (int m = 0; m < nmetrics; m++)
            if (r->metric[m].fit < fit)
                fit = r->metric[m].fit;
        r->q_iterations = ns / (ns + 5.0);
        r->q_fit = fit;
        r->q_trend = r->trend_trimmed ? 0.75 : 1.0;
        double cv = r->metric[0].cv;
        r->q_noise = 1.0 / (1.0 + 4.0 * fmax(0, cv - 0.05));
        r->confidence =
            r->q_iterations * r->q_fit * r->q_trend * r->q_method * r->q_noise * r->q_coverage;
    }
    if (r->coverage < 0.8)
        nsq_sd_add_warning(r, "steady_window_short",
                           "the steady window covers %.1f %% of the capture (%lld warm-up and %lld "
                           "tear-down iterations of %lld, method %s)",
                           100 * r->coverage, (long long)a, (long long)(n - b), (long long)n,
                           r->method);
done:
    d->ph_found = r->found;
    d->ph_a = a;
    d->ph_b = b;
    free(buf);
    free(cls);
}
