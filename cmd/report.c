/* nsysql report: one self-contained HTML file to look at a capture (and,
 * with --baseline, at what a patch changed): a busy/idle strip per GPU with
 * the steady window and the longest gaps, the top kernels, the iteration
 * cost, the diff as a waterfall, the NVTX, API and memory-copy summaries, and
 * the JSON documents it was drawn from embedded. Every number comes from the
 * commands themselves, run in-process on the same opened export (the stats
 * pattern): info, top-kernels, idle-gaps (every gap listed), steady-state
 * --iterations, stats, and diff. Inline SVG and CSS, no script, no network. */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nsysql/cmd.h"
#include "nsysql/util/grow.h"
#include "nsysql/util/hindex.h"
#include "nsysql/util/outfile.h"
#include "nsysql/util/strbuf.h"
#include "subrun.h"

typedef struct rp_opts {
    const char *output;
    nsq_strlist baseline;
    int64_t limit;
} rp_opts;

static const nsq_opt rp_options[] = {
    OPT_REQUIRED("output", 'o', OPT_STR, rp_opts, output, "FILE", "the HTML file to write (required)"),
    OPT_ENTRY("baseline", 0, OPT_LIST_MULTI, rp_opts, baseline, "INPUT",
              "baseline capture(s): adds the diff (baseline -> INPUT) as a waterfall"),
    OPT_ENTRY("limit", 0, OPT_INT, rp_opts, limit, "N", "kernels drawn in the bars and the waterfall (default 15)"),
    OPT_TABLE_END,
};

static void rp_defaults(void *o)
{
    ((rp_opts *)o)->limit = 15;
}

/* ---- small helpers -------------------------------------------------------------------- */

static const char *jstr(json_t *o, const char *k)
{
    const char *s = json_string_value(json_object_get(o, k));
    return s ? s : "";
}

static double jnum(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

/* s as HTML text: at most NSQ_TEXT_CAP bytes (cut on a UTF-8 boundary, then
 * an ellipsis; the whole text stays in the embedded documents). */
static void esc(strbuf *sb, const char *s)
{
    if (!s)
        return;
    size_t len = strlen(s), keep = nsq_utf8_cut(s, len, NSQ_TEXT_CAP);
    for (const char *end = s + keep; s < end; s++) {
        switch (*s) {
        case '<': sb_addstr(sb, "&lt;"); break;
        case '>': sb_addstr(sb, "&gt;"); break;
        case '&': sb_addstr(sb, "&amp;"); break;
        case '"': sb_addstr(sb, "&quot;"); break;
        default: sb_addch(sb, *s);
        }
    }
    if (keep < len)
        sb_addstr(sb, "…");
}

/* A name cut to n characters for a label (the full name goes in a <title>). */
static void esc_cut(strbuf *sb, const char *s, size_t n)
{
    if (strlen(s) <= n) {
        esc(sb, s);
        return;
    }
    /* cut on a UTF-8 boundary: never inside a character's bytes */
    size_t k = n - 1;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    char *t = xmalloc(k + 1);
    memcpy(t, s, k);
    t[k] = 0;
    esc(sb, t);
    sb_addstr(sb, "…");
    free(t);
}

static void fmt_ns(strbuf *sb, double ns)
{
    double a = fabs(ns);
    if (isnan(ns))
        sb_addstr(sb, "–");
    else if (a >= 1e9)
        sb_addf(sb, "%.3g s", ns / 1e9);
    else if (a >= 1e6)
        sb_addf(sb, "%.3g ms", ns / 1e6);
    else if (a >= 1e3)
        sb_addf(sb, "%.3g µs", ns / 1e3);
    else
        sb_addf(sb, "%.0f ns", ns);
}

static const char *cause_color(const char *c)
{
    if (!strcmp(c, "host_launch"))
        return "#e07b39";
    if (!strcmp(c, "sync"))
        return "#c0392b";
    if (!strcmp(c, "dependency"))
        return "#8e44ad";
    return "#7f8c8d";
}

static const char *verdict_color(const char *v)
{
    if (!strcmp(v, "improved") || !strcmp(v, "likely_improved"))
        return "#2e8b57";
    if (!strcmp(v, "regressed") || !strcmp(v, "likely_regressed"))
        return "#c0392b";
    if (!strcmp(v, "unchanged"))
        return "#7f8c8d";
    return "#d4a017";
}

/* ---- sections ------------------------------------------------------------------------ */

#define W 960 /* drawing width in px */

/* One strip per GPU from idle-gaps (every gap listed): per pixel column, the
 * share of its time that is idle; the steady window shaded; the three longest
 * gaps labelled with their cause. */
static void sec_timeline(strbuf *h, sub *gaps, sub *steady)
{
    json_t *devs = json_object_get(gaps->res, "devices");
    size_t nd = json_array_size(devs);
    int found = steady->ok && json_is_true(json_object_get(steady->res, "found"));
    double ss = found ? jnum(steady->res, "steady_start_ns") : NAN;
    double se = found ? jnum(steady->res, "steady_end_ns") : NAN;
    sb_addstr(h, "<section id=\"timeline\"><h2>GPU busy and idle over the capture</h2>\n");
    sb_addstr(h, "<p class=\"note\">Dark: busy (kernels, copies, memsets); light: idle. Each pixel "
                 "column is shaded by its idle share, from the gaps <code>idle-gaps</code> lists. ");
    if (found)
        sb_addstr(h, "The blue band is the steady-state window. ");
    sb_addstr(h, "The longest gaps are labelled with their cause.</p>\n");
    const int sh = 34, top = 18;
    int height = (int)nd * (sh + 30) + top + 10;
    sb_addf(h, "<svg class=\"strips\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n",
            W + 190, height, W + 190, height);
    double idle[W];
    for (size_t d = 0; d < nd; d++) {
        json_t *dv = json_array_get(devs, d);
        double lo = jnum(dv, "first_busy_ns") - jnum(dv, "leading_idle_ns");
        double span = jnum(dv, "span_ns");
        if (!(span > 0))
            continue;
        double px = span / W;
        for (int i = 0; i < W; i++)
            idle[i] = 0;
        json_t *lg = json_object_get(dv, "longest_gaps");
        size_t k;
        json_t *g;
        json_array_foreach(lg, k, g)
        {
            double a = jnum(g, "start_ns") - lo, b = jnum(g, "end_ns") - lo;
            int i0 = (int)floor(a / px), i1 = (int)floor(b / px);
            for (int i = i0 < 0 ? 0 : i0; i <= i1 && i < W; i++) {
                double c0 = i * px, c1 = (i + 1) * px;
                double ov = fmin(b, c1) - fmax(a, c0);
                if (ov > 0)
                    idle[i] += ov / px;
            }
        }
        int y = top + (int)d * (sh + 30);
        sb_addf(h, "<g class=\"gpu\" data-device=\"%lld\">\n", (long long)jnum(dv, "device"));
        sb_addf(h, "<text x=\"0\" y=\"%d\" class=\"lbl\">GPU %lld</text>\n", y + sh / 2 + 4,
                (long long)jnum(dv, "device"));
        sb_addf(h, "<rect x=\"100\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#1f4e79\"/>\n", y, W, sh);
        for (int i = 0; i < W; i++) {
            double f = idle[i] > 1 ? 1 : idle[i];
            if (f < 0.02)
                continue;
            int run = 1;
            while (i + run < W && fabs((idle[i + run] > 1 ? 1 : idle[i + run]) - f) < 0.05)
                run++;
            sb_addf(h, "<rect class=\"idle\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e8eef5\" "
                       "fill-opacity=\"%.2f\"/>\n",
                    100 + i, y, run, sh, f);
            i += run - 1;
        }
        if (found && se > lo && ss < lo + span) {
            double a = fmax(ss, lo), b = fmin(se, lo + span);
            sb_addf(h, "<rect class=\"steady\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
                       "fill=\"#3498db\" fill-opacity=\"0.25\" stroke=\"#2471a3\"><title>steady-state "
                       "window</title></rect>\n",
                    100 + (a - lo) / px, y - 4, (b - a) / px, sh + 8);
        }
        k = 0;
        double placed[3];
        int nplaced = 0;
        json_array_foreach(lg, k, g)
        {
            if (nplaced >= 3 || k >= 50)
                break;
            double a = jnum(g, "start_ns") - lo;
            if (nplaced && jnum(g, "duration_ns") < span * 0.005)
                break; /* narrower than the strip can show: not worth a label */
            int near = 0;
            for (int q = 0; q < nplaced; q++)
                near |= fabs(placed[q] - a / px) < 130;
            if (near)
                continue; /* a longer gap is labelled right there */
            placed[nplaced++] = a / px;
            const char *cause = jstr(g, "cause");
            strbuf t = STRBUF_INIT;
            fmt_ns(&t, jnum(g, "duration_ns"));
            sb_addf(h, "<g class=\"gap\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" "
                       "stroke-width=\"2\"/><text x=\"%.1f\" y=\"%d\" class=\"gaplbl\" fill=\"%s\">%s %s</text></g>\n",
                    100 + a / px, 100 + a / px, y + sh, y + sh + 8, cause_color(cause),
                    fmin(100 + a / px, W - 60.0), y + sh + 20, cause_color(cause), t.buf, cause);
            sb_release(&t);
        }
        sb_addf(h, "<text x=\"%d\" y=\"%d\" class=\"lbl\">%.1f%% busy</text>\n", W + 106, y + sh / 2 + 4,
                jnum(dv, "pct_busy"));
        sb_addstr(h, "</g>\n");
        json_t *gs = json_object_get(dv, "gaps");
        double listed = (double)json_array_size(lg), all = jnum(gs, "count");
        if (all > listed)
            sb_addf(h, "<text x=\"100\" y=\"%d\" class=\"warn\">only the %.0f longest of %.0f gaps are drawn</text>\n",
                    y - 4, listed, all);
    }
    sb_addstr(h, "</svg></section>\n");
}

static void sec_kernels(strbuf *h, sub *tk, int64_t limit)
{
    json_t *ks = json_object_get(tk->res, "kernels");
    size_t n = json_array_size(ks);
    if ((int64_t)n > limit)
        n = (size_t)limit;
    double mx = 0;
    for (size_t i = 0; i < n; i++)
        mx = fmax(mx, jnum(json_array_get(ks, i), "total_ns"));
    sb_addstr(h, "<section id=\"kernels\"><h2>Top kernels by GPU time</h2>\n");
    const int bh = 18;
    int height = (int)n * (bh + 6) + 10;
    sb_addf(h, "<svg class=\"bars\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n", W + 120,
            height, W + 120, height);
    for (size_t i = 0; i < n; i++) {
        json_t *k = json_array_get(ks, i);
        double t = jnum(k, "total_ns"), pct = jnum(k, "pct_of_kernel_time");
        int y = 4 + (int)i * (bh + 6);
        double w = mx > 0 ? (W - 420) * t / mx : 0;
        strbuf d = STRBUF_INIT;
        fmt_ns(&d, t);
        sb_addstr(h, "<g class=\"kbar\"><title>");
        esc(h, jstr(k, "name"));
        sb_addf(h, "</title><text x=\"0\" y=\"%d\" class=\"kname\">", y + 13);
        esc_cut(h, jstr(k, "name"), 48);
        sb_addf(h, "</text><rect x=\"380\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#1f4e79\"/>"
                   "<text x=\"%.1f\" y=\"%d\" class=\"val\">%s · %.1f%% · %lld×</text></g>\n",
                y, w, bh, 386 + w, y + 13, d.buf, pct, (long long)jnum(k, "instances"));
        sb_release(&d);
    }
    sb_addstr(h, "</svg></section>\n");
}

static void sec_iterations(strbuf *h, sub *st)
{
    json_t *it = json_object_get(st->res, "per_iteration");
    size_t n = json_array_size(it);
    sb_addstr(h, "<section id=\"iterations\"><h2>Iteration cost</h2>\n");
    int found = json_is_true(json_object_get(st->res, "found"));
    json_t *reason = json_object_get(st->res, "reason");
    if (!n) {
        sb_addstr(h, "<p class=\"note\">No iterations: ");
        esc(h, reason ? jstr(reason, "message") : "none were found");
        sb_addstr(h, "</p></section>\n");
        return;
    }
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        double c = jnum(json_array_get(it, i), "cost");
        if (!isnan(c)) {
            lo = fmin(lo, c);
            hi = fmax(hi, c);
        }
    }
    if (!(hi > lo))
        hi = lo + 1;
    sb_addf(h, "<p class=\"note\">%zu iterations (method %s, cost = ", n, jstr(st->res, "method"));
    esc(h, jstr(json_object_get(st->res, "iteration"), "cost"));
    sb_addf(h, ")%s. Shaded: warm-up (orange), steady (blue), tear-down (grey).</p>\n",
            found ? "" : "; no steady state was found");
    const int ph = 200, left = 90;
    sb_addf(h, "<svg class=\"iters\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n", W + 120,
            ph + 30, W + 120, ph + 30);
    double dx = (double)(W - left) / (double)n;
    /* phase bands */
    for (size_t i = 0; i < n;) {
        const char *p = jstr(json_array_get(it, i), "phase");
        size_t j = i;
        while (j < n && !strcmp(jstr(json_array_get(it, j), "phase"), p))
            j++;
        const char *col = !strcmp(p, "warmup") ? "#f5cba7" : !strcmp(p, "steady") ? "#d6eaf8"
                                                         : "#e5e7e9";
        sb_addf(h, "<rect class=\"phase\" data-phase=\"%s\" x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n",
                p, left + i * dx, (j - i) * dx, ph, col);
        i = j;
    }
    strbuf a = STRBUF_INIT, b = STRBUF_INIT;
    fmt_ns(&a, hi);
    fmt_ns(&b, lo);
    sb_addf(h, "<text x=\"0\" y=\"12\" class=\"lbl\">%s</text><text x=\"0\" y=\"%d\" class=\"lbl\">%s</text>\n",
            a.buf, ph, b.buf);
    sb_release(&a);
    sb_release(&b);
    sb_addstr(h, "<polyline class=\"cost\" fill=\"none\" stroke=\"#1f4e79\" stroke-width=\"1.5\" points=\"");
    for (size_t i = 0; i < n; i++) {
        double c = jnum(json_array_get(it, i), "cost");
        if (isnan(c))
            continue;
        sb_addf(h, "%.1f,%.1f ", left + (i + 0.5) * dx, 4 + (ph - 8) * (1 - (c - lo) / (hi - lo)));
    }
    sb_addstr(h, "\"/>\n");
    if (n <= 400)
        for (size_t i = 0; i < n; i++) {
            double c = jnum(json_array_get(it, i), "cost");
            if (!isnan(c))
                sb_addf(h, "<circle class=\"it\" cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"#1f4e79\"/>\n",
                        left + (i + 0.5) * dx, 4 + (ph - 8) * (1 - (c - lo) / (hi - lo)));
        }
    sb_addf(h, "<text x=\"%d\" y=\"%d\" class=\"lbl\">iteration →</text>\n", left, ph + 20);
    sb_addstr(h, "</svg></section>\n");
}

/* The busy-time change by kernel: bars that start where the previous ended,
 * from the baseline's kernel time to the patch's. */
static void sec_diff(strbuf *h, sub *df, int64_t limit)
{
    json_t *r = df->res;
    json_t *sm = json_object_get(r, "summary");
    json_t *kn = json_object_get(sm, "kernel_ns");
    sb_addstr(h, "<section id=\"diff\"><h2>What the patch changed</h2>\n<p class=\"verdict\">Verdict: <b>");
    esc(h, jstr(r, "verdict"));
    sb_addstr(h, "</b> — ");
    esc(h, jstr(r, "reason"));
    sb_addstr(h, "</p>\n<p class=\"note\">");
    esc(h, jstr(sm, "sentence"));
    sb_addstr(h, "</p>\n");
    json_t *ks = json_object_get(r, "kernels");
    size_t n = json_array_size(ks);
    if ((int64_t)n > limit)
        n = (size_t)limit;
    double base = jnum(kn, "baseline"), patch = jnum(kn, "patch");
    double rest = patch - base, lo = fmin(base, patch), hi = fmax(base, patch), cur = base;
    for (size_t i = 0; i < n; i++) {
        double d = jnum(json_object_get(json_array_get(ks, i), "delta"), "total_ns");
        if (isnan(d))
            d = 0;
        cur += d;
        rest -= d;
        lo = fmin(lo, cur);
        hi = fmax(hi, cur);
    }
    if (!(hi > lo))
        hi = lo + 1;
    lo -= (hi - lo) * 0.05;
    const int bh = 18, left = 380;
    int rows = (int)n + 3;
    int height = rows * (bh + 6) + 10;
    double scale = (W - left - 170) / (hi - lo);
    sb_addf(h, "<svg class=\"waterfall\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n",
            W + 120, height, W + 120, height);
    int y = 4;
    strbuf t = STRBUF_INIT;
    fmt_ns(&t, base);
    sb_addf(h, "<g class=\"wf-total\"><text x=\"0\" y=\"%d\" class=\"kname\">baseline kernel time</text>"
               "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#95a5a6\"/><text x=\"%.1f\" y=\"%d\" "
               "class=\"val\">%s</text></g>\n",
            y + 13, left, y, (base - lo) * scale, bh, left + (base - lo) * scale + 6, y + 13, t.buf);
    cur = base;
    for (size_t i = 0; i < n; i++) {
        json_t *k = json_array_get(ks, i);
        double d = jnum(json_object_get(k, "delta"), "total_ns");
        if (isnan(d))
            d = 0;
        double a = fmin(cur, cur + d), b = fmax(cur, cur + d);
        const char *v = jstr(k, "verdict");
        json_t *pi = json_object_get(k, "per_instance");
        /* a kernel launched another number of times per iteration: its
         * verdict rests on the per-iteration change */
        json_t *rl = json_object_get(k, "relaunched");
        if (json_is_object(rl))
            pi = json_object_get(rl, "per_iteration");
        y += bh + 6;
        sb_reset(&t);
        fmt_ns(&t, d);
        sb_addstr(h, "<g class=\"wf-kernel\"><title>");
        esc(h, jstr(k, "name"));
        sb_addstr(h, ": ");
        esc(h, jstr(k, "reason"));
        sb_addf(h, "</title><text x=\"0\" y=\"%d\" class=\"kname\">", y + 13);
        esc_cut(h, jstr(k, "name"), 48);
        sb_addf(h, "</text><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>", left + (a - lo) * scale,
                y, fmax((b - a) * scale, 1), bh, verdict_color(v));
        sb_addf(h, "<text x=\"%.1f\" y=\"%d\" class=\"val\">%s%s %s", left + (b - lo) * scale + 6, y + 13,
                d > 0 ? "+" : "", t.buf, v);
        double c = jnum(pi, "change_pct"), cl = jnum(pi, "ci_low_pct"), ch = jnum(pi, "ci_high_pct");
        if (!isnan(c))
            sb_addf(h, " %+.1f%%%s", c, json_is_object(rl) ? " per iteration" : "");
        if (!isnan(cl) && !isnan(ch))
            sb_addf(h, " [%+.1f, %+.1f]", cl, ch);
        sb_addstr(h, "</text></g>\n");
        cur += d;
    }
    if (fabs(rest) > 0) {
        y += bh + 6;
        double a = fmin(cur, cur + rest), b = fmax(cur, cur + rest);
        sb_reset(&t);
        fmt_ns(&t, rest);
        sb_addf(h, "<g class=\"wf-rest\"><text x=\"0\" y=\"%d\" class=\"kname\">every other kernel</text>"
                   "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#bdc3c7\"/><text x=\"%.1f\" "
                   "y=\"%d\" class=\"val\">%s</text></g>\n",
                y + 13, left + (a - lo) * scale, y, fmax((b - a) * scale, 1), bh, left + (b - lo) * scale + 6,
                y + 13, t.buf);
        cur += rest;
    }
    y += bh + 6;
    sb_reset(&t);
    fmt_ns(&t, patch);
    sb_addf(h, "<g class=\"wf-total\"><text x=\"0\" y=\"%d\" class=\"kname\">patch kernel time</text>"
               "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#95a5a6\"/><text x=\"%.1f\" y=\"%d\" "
               "class=\"val\">%s</text></g>\n",
            y + 13, left, y, (patch - lo) * scale, bh, left + (patch - lo) * scale + 6, y + 13, t.buf);
    sb_release(&t);
    sb_addstr(h, "</svg>\n<p class=\"note\">Per capture (mean over the captures of a side); bars: green "
                 "improved, red regressed, grey unchanged, amber inconclusive; the per-instance change "
                 "and its interval follow the verdict; the axis starts near the smaller total, not at 0.</p></section>\n");
}

static void table_rows(strbuf *h, json_t *rows, const char *const *cols, const char *const *heads, int max)
{
    sb_addstr(h, "<table><tr>");
    for (int c = 0; heads[c]; c++) {
        sb_addstr(h, "<th>");
        esc(h, heads[c]);
        sb_addstr(h, "</th>");
    }
    sb_addstr(h, "</tr>\n");
    size_t i;
    json_t *r;
    json_array_foreach(rows, i, r)
    {
        if ((int)i >= max)
            break;
        sb_addstr(h, "<tr>");
        for (int c = 0; cols[c]; c++) {
            json_t *v = json_object_get(r, cols[c]);
            sb_addstr(h, "<td>");
            if (json_is_string(v))
                esc_cut(h, json_string_value(v), 60);
            else if (json_is_integer(v) && strstr(cols[c], "_ns"))
                fmt_ns(h, (double)json_integer_value(v));
            else if (json_is_integer(v))
                sb_addf(h, "%lld", (long long)json_integer_value(v));
            else if (json_is_real(v))
                sb_addf(h, "%.1f", json_real_value(v));
            else
                sb_addstr(h, "–");
            sb_addstr(h, "</td>");
        }
        sb_addstr(h, "</tr>\n");
    }
    sb_addstr(h, "</table>\n");
}

static void sec_stats(strbuf *h, sub *st)
{
    json_t *reps = json_object_get(st->res, "reports");
    sb_addstr(h, "<section id=\"summaries\"><h2>NVTX, CUDA API and memory copies</h2>\n");
    json_t *nv = json_object_get(reps, "nvtx");
    sb_addstr(h, "<h3>NVTX ranges</h3>\n");
    if (json_object_get(nv, "error")) {
        sb_addstr(h, "<p class=\"note\">");
        esc(h, jstr(json_object_get(nv, "error"), "message"));
        sb_addstr(h, "</p>\n");
    } else {
        static const char *const c[] = {"name", "instances", "total_ns", "median_ns", NULL};
        static const char *const hd[] = {"range", "instances", "total", "median", NULL};
        table_rows(h, json_object_get(nv, "names"), c, hd, 10);
    }
    json_t *api = json_object_get(reps, "api");
    sb_addstr(h, "<h3>CUDA API calls</h3>\n");
    if (json_object_get(api, "error")) {
        sb_addstr(h, "<p class=\"note\">");
        esc(h, jstr(json_object_get(api, "error"), "message"));
        sb_addstr(h, "</p>\n");
    } else {
        static const char *const c[] = {"name", "count", "total_ns", "median_ns", "pct_of_api_time", NULL};
        static const char *const hd[] = {"call", "count", "total", "median", "% of API time", NULL};
        table_rows(h, json_object_get(api, "calls"), c, hd, 10);
    }
    json_t *mc = json_object_get(reps, "memcpy");
    sb_addstr(h, "<h3>Memory copies</h3>\n");
    if (json_object_get(mc, "error")) {
        sb_addstr(h, "<p class=\"note\">");
        esc(h, jstr(json_object_get(mc, "error"), "message"));
        sb_addstr(h, "</p>\n");
    } else {
        size_t i, rows = 0;
        json_t *d;
        /* many devices: stats lists each device's totals, not its kinds */
        bool totals = json_is_false(json_object_get(json_object_get(json_object_get(st->res, "params"), "memcpy"), "detail"));
        json_array_foreach(json_object_get(mc, "devices"), i, d)
            rows += totals ? (size_t)json_is_object(json_object_get(json_object_get(d, "memcpy"), "total"))
                           : json_array_size(json_object_get(json_object_get(d, "memcpy"), "by_kind"));
        if (!rows) {
            sb_addstr(h, "<p class=\"note\">No memory copies in the export.</p>\n</section>\n");
            return;
        }
        sb_addstr(h, "<table><tr><th>device</th><th>kind</th><th>count</th><th>bytes</th><th>time</th><th>GB/s</th></tr>\n");
        json_array_foreach(json_object_get(mc, "devices"), i, d)
        {
            size_t k;
            json_t *v;
            json_t *m = json_object_get(d, "memcpy"), *one = json_array();
            if (totals && json_is_object(json_object_get(m, "total")))
                json_array_append(one, json_object_get(m, "total"));
            json_array_foreach(totals ? one : json_object_get(m, "by_kind"), k, v)
            {
                sb_addf(h, "<tr><td>%lld</td><td>", (long long)jnum(d, "device_id"));
                esc(h, jstr(v, "key"));
                sb_addf(h, "</td><td>%lld</td><td>%lld</td><td>", (long long)jnum(v, "count"),
                        (long long)jnum(v, "bytes"));
                fmt_ns(h, jnum(v, "total_ns"));
                sb_addf(h, "</td><td>%.2f</td></tr>\n", jnum(v, "gbps"));
            }
            json_decref(one);
        }
        sb_addstr(h, "</table>\n");
        if (totals)
            sb_addstr(h, "<p class=\"note\">Kind <code>all</code>: every copy of the device; on more "
                         "than two devices stats lists each device's totals, and <code>nsysql memcpy "
                         "--detail</code> its copies by kind.</p>\n");
    }
    sb_addstr(h, "</section>\n");
}

/* JSON text into a script block: <, > and & appear in JSON only inside
 * strings, written as \u escapes there, so nothing in a name can close the
 * script element or open markup. */
static void add_json(strbuf *h, const char *p, size_t n)
{
    const char *end = p + n;
    while (p < end) {
        const char *q = p;
        while (q < end && *q != '<' && *q != '>' && *q != '&')
            q++;
        sb_add(h, p, (size_t)(q - p)); /* the run before the next one */
        if (q == end)
            break;
        sb_addstr(h, *q == '<' ? "\\u003c" : *q == '>' ? "\\u003e" : "\\u0026");
        p = q + 1;
    }
}

/* The texts longer than NSQ_TEXT_CAP met in the embedded documents, each
 * once (as its JSON string body), in order of first sight. */
typedef struct longtexts {
    char **v;
    int n, cap;
    nsq_hindex ix;
} longtexts;

static bool same_text_body(void *ctx, int64_t i)
{
    const char *const *k = ctx;
    const longtexts *lt = (const longtexts *)k[1];
    return !strcmp(lt->v[i], k[0]);
}

static int longtext_index(longtexts *lt, const char *body, size_t n)
{
    char *t = xstrndup(body, n);
    const void *key[2] = {t, lt};
    uint64_t hv = nsq_hash_bytes(t, n, NSQ_HASH_SEED);
    int64_t i = nsq_hindex_find(&lt->ix, hv, same_text_body, key);
    if (i >= 0) {
        free(t);
        return (int)i;
    }
    NSQ_GROW(lt->v, lt->n + 1, lt->cap);
    lt->v[lt->n] = t;
    nsq_hindex_add(&lt->ix, hv, lt->n);
    return lt->n++;
}

/* How many bytes of a JSON string body (n bytes) to keep to keep at most
 * cap: whole escapes and whole UTF-8 characters only. */
static size_t json_body_cut(const char *s, size_t n, size_t cap)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        size_t l = c == '\\' ? (s[i + 1] == 'u' ? 6 : 2)
                   : c >= 0xF0 ? 4
                   : c >= 0xE0 ? 3
                   : c >= 0xC0 ? 2
                               : 1;
        if (i + l > cap)
            break;
        i += l;
    }
    return i;
}

/* The document as a JSON script block. A string longer than NSQ_TEXT_CAP
 * bytes (a 1 MB kernel name, repeated by every gap next to that kernel) is
 * written cut, with an ellipsis and " [nsysql-names #N]": N indexes the
 * nsysql-names block that holds each such text whole, once. */
static void embed(strbuf *h, const char *id, const char *doc, longtexts *lt)
{
    sb_addf(h, "<script type=\"application/json\" id=\"nsysql-%s\">", id);
    const char *p = doc;
    while (*p) {
        const char *q = p;
        while (*q && *q != '"')
            q++;
        add_json(h, p, (size_t)(q - p));
        if (!*q)
            break;
        const char *b = q + 1, *e = b; /* the string's body: b .. e */
        while (*e && *e != '"')
            e += *e == '\\' && e[1] ? 2 : 1;
        size_t n = (size_t)(e - b);
        sb_addch(h, '"');
        if (n <= NSQ_TEXT_CAP) {
            add_json(h, b, n);
        } else {
            int k = longtext_index(lt, b, n);
            add_json(h, b, json_body_cut(b, n, NSQ_TEXT_CAP));
            sb_addf(h, "… [nsysql-names #%d]", k);
        }
        if (!*e)
            break;
        sb_addch(h, '"');
        p = e + 1;
    }
    sb_addstr(h, "</script>\n");
}

/* The long texts' block (none when no text was cut). */
static void embed_longtexts(strbuf *h, longtexts *lt)
{
    if (lt->n) {
        sb_addstr(h, "<script type=\"application/json\" id=\"nsysql-names\">[");
        for (int i = 0; i < lt->n; i++) {
            sb_addstr(h, i ? ",\"" : "\"");
            add_json(h, lt->v[i], strlen(lt->v[i]));
            sb_addch(h, '"');
        }
        sb_addstr(h, "]</script>\n");
    }
    for (int i = 0; i < lt->n; i++)
        free(lt->v[i]);
    free(lt->v);
    nsq_hindex_release(&lt->ix);
    memset(lt, 0, sizeof *lt);
}

static const char css[] =
    "body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px auto;max-width:1100px;"
    "color:#222;padding:0 12px}h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 6px;"
    "border-bottom:1px solid #ddd;padding-bottom:4px}h3{font-size:14px;margin:14px 0 4px}.note{color:#555;"
    "margin:4px 0 8px}.lbl{font-size:12px;fill:#333}.gaplbl{font-size:11px}.kname{font-size:12px;fill:#222;"
    "font-family:ui-monospace,monospace}.val{font-size:12px;fill:#333}.warn{font-size:11px;fill:#c0392b}"
    "svg{display:block;max-width:100%;height:auto}table{border-collapse:collapse;font-size:13px}"
    "td,th{border-bottom:1px solid #eee;padding:2px 10px;text-align:left}th{background:#f4f6f8}"
    ".skipped{color:#888}code{background:#f4f6f8;padding:0 3px}"
    "@media print{body{margin:0;max-width:none}section{break-inside:avoid}}";

static int cmd_report(nsq_ctx *ctx, void *vopts)
{
    rp_opts *o = vopts;
    if (!o->output)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "missing_option_value",
                         "report needs -o FILE (the HTML file to write)");
    {
        /* refuse to overwrite an input before anything runs (a baseline included) */
        int ni = 0;
        const char **in = xcalloc((size_t)o->baseline.n + 3, sizeof *in);
        in[ni++] = ctx->args[0];
        in[ni++] = ctx->x ? ctx->x->sqlite_path : NULL;
        for (int i = 0; i < o->baseline.n; i++)
            in[ni++] = o->baseline.v[i];
        int bad = nsq_output_check(o->output, in, ni, &ctx->err);
        free(in);
        if (bad)
            return -1;
    }
    if (o->limit <= 0)
        o->limit = 15;
    enum { S_INFO, S_TOP, S_GAPS, S_STEADY, S_STATS, S_DIFF, NS };
    static const char *const keys[NS] = {"info", "top-kernels", "idle-gaps", "steady-state", "stats", "diff"};
    sub s[NS];
    memset(s, 0, sizeof s);
    for (int i = 0; i < NS; i++)
        s[i].key = keys[i];
    char lim[32];
    snprintf(lim, sizeof lim, "%lld", (long long)o->limit);
    /* the analyses run together: one pass over each table they read
     * (scangroup.h; stats' reports join the same group) */
    char *info_a[] = {NULL};
    char *top_a[] = {"--limit", lim};
    /* the strips read each gap's span and cause, not its neighbours */
    static const char *const gaps_drop[] = {"per_stream",
                                            "devices.*.longest_gaps.*.rank",
                                            "devices.*.longest_gaps.*.before",
                                            "devices.*.longest_gaps.*.after",
                                            "devices.*.longest_gaps.*.launch_api",
                                            "devices.*.longest_gaps.*.sync_api",
                                            NULL};
    s[S_GAPS].drop = gaps_drop;
    char *gaps_a[] = {"--limit", "0"};
    /* the cost bars read each iteration's cost and phase */
    static const char *const steady_drop[] = {
        "per_iteration.*.index",          "per_iteration.*.start_ns",
        "per_iteration.*.end_ns",         "per_iteration.*.range_start_ns",
        "per_iteration.*.range_end_ns",   "per_iteration.*.kernels",
        "per_iteration.*.kernel_time_ns", "per_iteration.*.secondary",
        "per_iteration.*.outside_band",   NULL};
    s[S_STEADY].drop = steady_drop;
    char *steady_a[] = {"--iterations"};
    /* the sections read the API calls, not the launch latency of every kernel name */
    static const char *const stats_drop[] = {"reports.api.launch_latency", NULL};
    s[S_STATS].drop = stats_drop;
    char *stats_a[] = {"--report", "nvtx", "--report", "api", "--report", "memcpy"};
    subjob jobs[] = {
        {ctx, &cmd_info_def, 0, info_a, &s[S_INFO]},
        {ctx, &cmd_top_kernels_def, 2, top_a, &s[S_TOP]},
        {ctx, &cmd_idle_gaps_def, 2, gaps_a, &s[S_GAPS]},
        {ctx, &cmd_steady_state_def, 1, steady_a, &s[S_STEADY]},
        {ctx, &cmd_stats_def, 6, stats_a, &s[S_STATS]},
    };
    run_subs_together(ctx->x, (int)(sizeof jobs / sizeof *jobs), jobs);
    if (o->baseline.n) {
        int na = 0;
        char **a = xcalloc((size_t)o->baseline.n + 4, sizeof *a);
        a[na++] = "--baseline";
        for (int i = 0; i < o->baseline.n; i++)
            a[na++] = (char *)o->baseline.v[i];
        a[na++] = "--patch";
        a[na++] = ctx->args[0];
        run_sub(ctx, NULL, &cmd_diff_def, na, a, &s[S_DIFF]);
        free(a);
    } else {
        snprintf(s[S_DIFF].why, sizeof s[S_DIFF].why, "no --baseline was given");
    }

    strbuf h = STRBUF_INIT;
    sb_addstr(&h, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>nsysql report: ");
    esc(&h, ctx->args[0]);
    sb_addf(&h, "</title>\n<style>%s</style></head><body>\n<h1>nsysql report</h1>\n<p class=\"note\"><code>", css);
    esc(&h, ctx->args[0]);
    sb_addstr(&h, "</code>");
    if (s[S_INFO].ok) {
        json_t *ex = json_object_get(s[S_INFO].res, "export");
        size_t i;
        json_t *d;
        sb_addstr(&h, " · nsys ");
        esc(&h, jstr(ex, "product_version"));
        json_array_foreach(json_object_get(s[S_INFO].res, "devices"), i, d)
        {
            sb_addf(&h, " · GPU %lld", (long long)jnum(d, "gpu"));
            if (jstr(d, "name")[0]) {
                sb_addch(&h, ' ');
                esc(&h, jstr(d, "name"));
            }
        }
    }
    sb_addf(&h, "</p>\n<p class=\"note\">Made by nsysql %s from the documents embedded at the end "
                "of this file.</p>\n",
            NSYSQL_VERSION);
    if (s[S_GAPS].ok)
        sec_timeline(&h, &s[S_GAPS], &s[S_STEADY]);
    if (s[S_DIFF].ok)
        sec_diff(&h, &s[S_DIFF], o->limit);
    if (s[S_TOP].ok)
        sec_kernels(&h, &s[S_TOP], o->limit);
    if (s[S_STEADY].ok)
        sec_iterations(&h, &s[S_STEADY]);
    if (s[S_STATS].ok)
        sec_stats(&h, &s[S_STATS]);
    int skipped = 0;
    for (int i = 0; i < NS; i++)
        if (!s[i].ok) {
            if (!skipped++)
                sb_addstr(&h, "<section id=\"skipped\"><h2>Not shown</h2><ul>\n");
            sb_addstr(&h, "<li class=\"skipped\">");
            esc(&h, s[i].key);
            sb_addstr(&h, ": ");
            esc(&h, s[i].why);
            sb_addstr(&h, "</li>\n");
        }
    if (skipped)
        sb_addstr(&h, "</ul></section>\n");
    longtexts lt = {0};
    for (int i = 0; i < NS; i++)
        if (s[i].ok)
            embed(&h, s[i].key, s[i].doc, &lt);
    embed_longtexts(&h, &lt);
    sb_addstr(&h, "</body></html>\n");

    int rc = 0;
    nsq_outfile of;
    if (nsq_outfile_open(&of, o->output, "report_unwritable", &ctx->err)) {
        rc = -1;
    } else {
        size_t done = 0;
        while (done < h.len) {
            ssize_t n = write(of.fd, h.buf + done, h.len - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            done += (size_t)n;
        }
        if (done < h.len) {
            rc = nsq_error(&ctx->err, NSQ_EXIT_USAGE, "report_unwritable", "cannot write '%s': %s",
                           o->output, strerror(errno));
            nsq_outfile_abort(&of);
        } else {
            rc = nsq_outfile_commit(&of, "report_unwritable", &ctx->err);
        }
    }
    if (!rc) {
        json *p = &ctx->params;
        json_obj_begin(p);
        json_kv_str(p, "output", o->output);
        json_key(p, "baseline");
        json_arr_begin(p);
        for (int i = 0; i < o->baseline.n; i++)
            json_str(p, o->baseline.v[i]);
        json_arr_end(p);
        json_kv_int(p, "limit", o->limit);
        json_obj_end(p);
        json *j = &ctx->result;
        json_obj_begin(j);
        json_kv_str(j, "output", o->output);
        json_kv_int(j, "bytes", (int64_t)h.len);
        json_key(j, "sections");
        json_arr_begin(j);
        for (int i = 0; i < NS; i++) {
            json_obj_begin(j);
            json_kv_str(j, "source", s[i].key);
            json_kv_bool(j, "included", s[i].ok);
            json_kv_str(j, "reason", s[i].ok ? NULL : s[i].why);
            json_obj_end(j);
        }
        json_arr_end(j);
        json_obj_end(j);
        for (int i = 0; i < NS; i++)
            if (!s[i].ok && i != S_DIFF)
                nsq_warn(ctx, "section_unavailable", "%s: %s", s[i].key, s[i].why);
    }
    sb_release(&h);
    for (int i = 0; i < NS; i++)
        sub_free(&s[i]);
    return rc;
}

const nsq_cmd cmd_report_def = {
    "report", cmd_report, CMD_NEED_EXPORT | CMD_NO_CACHE, "nsysql/report", 1,
    "one self-contained HTML file to look at: GPU busy/idle strips, top kernels, iteration cost, "
    "the diff against --baseline, NVTX/API/copy summaries",
    "INPUT -o FILE [--baseline BASE ...]", rp_options, sizeof(rp_opts), rp_defaults,
};
