/* progress: see progress.h. */
#include "nsysql/util/progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static bool quiet;
static int on = -1; /* -1: not decided yet */
static char what[96];
static int64_t total;
static double t0, last, delay = -1;
static bool drawn, active;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool enabled(void)
{
    if (on < 0) {
        const char *e = getenv("NSYSQL_PROGRESS");
        on = !quiet && isatty(STDERR_FILENO) && !(e && !strcmp(e, "0"));
    }
    return on;
}

void nsq_progress_quiet(bool q)
{
    quiet = q;
    on = -1;
}

void nsq_progress_begin(const char *w, int64_t n)
{
    if (!enabled())
        return;
    snprintf(what, sizeof what, "%s", w);
    total = n > 0 ? n : 0;
    t0 = now_s();
    last = 0;
    drawn = false;
    active = true;
}

static void human(char *buf, size_t n, int64_t v)
{
    if (v >= 1000000000)
        snprintf(buf, n, "%.1fG", (double)v / 1e9);
    else if (v >= 1000000)
        snprintf(buf, n, "%.1fM", (double)v / 1e6);
    else if (v >= 10000)
        snprintf(buf, n, "%.0fk", (double)v / 1e3);
    else
        snprintf(buf, n, "%lld", (long long)v);
}

void nsq_progress_update(int64_t done)
{
    if (!active)
        return;
    double t = now_s();
    if (delay < 0) {
        const char *e = getenv("NSYSQL_PROGRESS_DELAY_MS"); /* for tests */
        delay = (e ? atof(e) : NSQ_PROGRESS_DELAY_MS) / 1000.0;
    }
    if (t - t0 < delay || t - last < 0.1)
        return;
    last = t;
    char d[32], tot[32];
    human(d, sizeof d, done);
    if (done < 0) {
        fprintf(stderr, "\rnsysql: %s, %.0f s\033[K", what, t - t0);
    } else if (total) {
        human(tot, sizeof tot, total);
        double pct = 100.0 * (double)done / (double)total;
        fprintf(stderr, "\rnsysql: %s %3.0f%% (%s of %s, %.0f s)\033[K", what, pct > 100 ? 100 : pct, d,
                tot, t - t0);
    } else {
        fprintf(stderr, "\rnsysql: %s: %s (%.0f s)\033[K", what, d, t - t0);
    }
    fflush(stderr);
    drawn = true;
}

void nsq_progress_end(void)
{
    if (active && drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    active = drawn = false;
}
