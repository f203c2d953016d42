/* report: an .nsys-rep given as input is exported to SQLite once, next to
 * it (REPORT.sqlite), with the nsys found on PATH or through NSYS_PATH, and
 * the export is reused while it is newer than the report. */
#include "nsysql/export/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nsysql/util/proc.h"
#include "nsysql/util/progress.h"
#include "nsysql/util/strbuf.h"

/* Does the file start with the SQLite header? */
static bool looks_sqlite(const char *path)
{
    char h[16] = {0};
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t n = fread(h, 1, sizeof h, f);
    fclose(f);
    return n == sizeof h && memcmp(h, "SQLite format 3", 16) == 0;
}

bool nsq_is_report_path(const char *path)
{
    size_t n = strlen(path);
    return (n > 9 && !strcasecmp(path + n - 9, ".nsys-rep")) ||
           (n > 6 && !strcasecmp(path + n - 6, ".qdrep"));
}

/* REPORT.sqlite beside the report (malloc'd). */
static char *sqlite_beside(const char *report)
{
    strbuf out = STRBUF_INIT;
    const char *dot = strrchr(report, '.');
    sb_add(&out, report, (size_t)(dot - report));
    sb_addstr(&out, ".sqlite");
    return sb_detach(&out);
}

/* Is the export beside the report one nsq_report_export reuses? */
static bool reusable(const struct stat *rs, const char *sqlite)
{
    struct stat ss;
    return stat(sqlite, &ss) == 0 && S_ISREG(ss.st_mode) && ss.st_size > 0 &&
           ss.st_mtime >= rs->st_mtime;
}

char *nsq_report_existing_export(const char *report)
{
    struct stat rs;
    char *out = sqlite_beside(report);
    if (stat(report, &rs) == 0 && reusable(&rs, out))
        return out;
    free(out);
    return NULL;
}

char *nsq_report_export(const char *report, nsq_err *err)
{
    struct stat rs;
    strbuf out = STRBUF_INIT;
    char *beside = sqlite_beside(report);
    sb_addstr(&out, beside);
    free(beside);
    if (stat(report, &rs) != 0) {
        nsq_error(err, NSQ_EXIT_INPUT, "input_not_found", "no such file: '%s'", report);
        sb_release(&out);
        return NULL;
    }
    if (reusable(&rs, out.buf))
        return sb_detach(&out); /* exported before: reuse */
    char *nsys = nsq_find_program("nsys", "NSYS_PATH");
    if (!nsys) {
        nsq_error(err, NSQ_EXIT_INPUT, "nsys_report_not_exported",
                  "'%s' is an nsys report; exporting it needs nsys, which was not found (PATH, "
                  "NSYS_PATH)",
                  report);
        nsq_hint(err, "export it where nsys is installed: nsys export --type sqlite -o '%s' '%s'",
                 out.buf, report);
        sb_release(&out);
        return NULL;
    }
    strbuf tmp = STRBUF_INIT, log = STRBUF_INIT;
    sb_addf(&tmp, "%s.tmp-%ld.sqlite", out.buf, (long)getpid());
    sb_addf(&log, "%s.export.log", out.buf);
    char *argv[] = {nsys, "export", "--type", "sqlite", "--force-overwrite", "true",
                    "-o", tmp.buf, (char *)report, NULL};
    char *env[] = {NULL};
    nsq_child c;
    char *result = NULL;
    if (nsq_child_start(&c, argv, env, log.buf, log.buf, err) == 0) {
        double deadline = nsq_mono_s() + nsq_capture_wait_s(NSQ_CAPTURE_EXPORT_S);
        nsq_progress_begin("exporting the report to SQLite", 0);
        bool done = nsq_child_wait(&c, deadline, false);
        nsq_progress_end();
        if (!done) {
            nsq_child_kill(&c);
            nsq_error(err, NSQ_EXIT_INPUT, "nsys_export_failed",
                      "'nsys export' of '%s' did not finish in time", report);
        } else if (!WIFEXITED(c.status) || WEXITSTATUS(c.status) != 0 ||
                   nsq_file_size(tmp.buf) <= 0) {
            nsq_error(err, NSQ_EXIT_INPUT, "nsys_export_failed",
                      "'nsys export --type sqlite' of '%s' failed; its output is in '%s'", report,
                      log.buf);
        } else if (!looks_sqlite(tmp.buf)) {
            nsq_error(err, NSQ_EXIT_INPUT, "nsys_export_failed",
                      "'nsys export --type sqlite' of '%s' did not write a SQLite file", report);
        } else if (rename(tmp.buf, out.buf) != 0) {
            nsq_error(err, NSQ_EXIT_INPUT, "nsys_export_failed", "cannot move the export to '%s'",
                      out.buf);
        } else {
            result = sb_detach(&out);
            remove(log.buf);
        }
    }
    if (!result)
        remove(tmp.buf);
    free(nsys);
    sb_release(&tmp);
    sb_release(&log);
    sb_release(&out);
    return result;
}
