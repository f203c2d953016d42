/* Unit test of capture's target watch (capture/capture_proc.c): the target's
 * duration is the difference of its wrapper's two status files' mtimes,
 * clamped to what the polls prove (the start after the poll before the one
 * that saw it, the end after the poll before the one that saw it and before
 * that one). A poll that notices the start late, as on a loaded machine,
 * must not shorten the duration below the target's own run.
 * Exit 0 when every check passes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "nsysql/capture/capture.h"
#include "nsysql/util/proc.h"

static bool near(double a, double b)
{
    return fabs(a - b) < 1e-9;
}

static nsq_target_watch synthetic(double m0, double m1, bool have)
{
    nsq_target_watch w = {0};
    w.started = w.ended = true;
    w.start_before = 9.9; /* the start fell in (9.9, 10.0] */
    w.started_at = 10.0;
    w.end_before = 10.45; /* the end fell in (10.45, 10.5] */
    w.ended_at = 10.5;
    w.have_mtimes[0] = w.have_mtimes[1] = have;
    w.mtimes[0] = m0;
    w.mtimes[1] = m1;
    return w;
}

static void sleep_s(double s)
{
    struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    nanosleep(&ts, NULL);
}

int main(void)
{
    /* the bounds: (0.45, 0.6]; the mtimes inside them are taken as they are */
    nsq_target_watch w = synthetic(100.0, 100.52, true);
    CHECK(near(nsq_target_watch_duration(&w, 0), 0.52), "mtimes inside the bounds");
    w = synthetic(100.0, 102.0, true); /* the realtime clock was set forward */
    CHECK(near(nsq_target_watch_duration(&w, 0), 0.6),
          "clamped to the end's sighting minus the poll before the start");
    w = synthetic(100.0, 99.0, true); /* set back */
    CHECK(near(nsq_target_watch_duration(&w, 0), 0.45),
          "clamped to the poll before the end minus the start's sighting");
    w = synthetic(0, 0, false);
    CHECK(near(nsq_target_watch_duration(&w, 0), 0.5), "no mtimes: the sightings' difference");
    w = synthetic(100.0, 100.52, true);
    w.start_before = w.end_before = -1; /* the first poll saw both */
    w.started_at = w.ended_at;
    CHECK(near(nsq_target_watch_duration(&w, 0), 0.52),
          "one poll saw both: no upper bound but the mtimes");
    w.ended = false;
    CHECK(near(nsq_target_watch_duration(&w, 12.5), 2.0),
          "still running: since the start was seen");

    /* a real wrapper around `sleep 0.3`, its start noticed 0.25 s late */
    char dir[] = "/tmp/nsq-watch-XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char status[256], *cmd = NULL;
    snprintf(status, sizeof status, "%s/status", dir);
    char *argv[] = {"sleep 0.3"};
    char *script = nsq_target_script(argv, 1, status, &cmd);
    nsq_target_watch rw = {0};
    rw.status_path = status;
    nsq_target_watch_poll(&rw); /* before the start */
    CHECK(!rw.started, "not started before the wrapper runs");
    pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", script, (char *)NULL);
        _exit(127);
    }
    char start[300];
    snprintf(start, sizeof start, "%s.start", status);
    while (access(start, F_OK) != 0)
        sleep_s(0.001);
    sleep_s(0.25); /* the poll comes late */
    while (!rw.ended) {
        nsq_target_watch_poll(&rw);
        sleep_s(0.01);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    nsq_capture_res res;
    memset(&res, 0, sizeof res);
    nsq_target_watch_result(&rw, &res);
    CHECK(rw.exit_code == 0 && res.have_exit_code && res.target_exit_code == 0, "exit code 0");
    CHECK(res.have_duration, "duration known");
    /* the files' times are the kernel's coarse clock: at most a tick
     * (10 ms at HZ=100) short of the sleep */
    CHECK(res.target_duration_s >= 0.29,
          "duration covers the sleep although the start was seen late: %.4f",
          res.target_duration_s);
    CHECK(res.target_duration_s <= rw.ended_at - rw.start_before + 1e-9,
          "within the polls' upper bound: %.4f", res.target_duration_s);
    unlink(status);
    unlink(start);
    rmdir(dir);
    free(script);
    free(cmd);
    printf("%d/%d checks passed\n", nchecks - nfail, nchecks);
    return nfail > 0;
}
