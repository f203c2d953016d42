#include "nsysql/analysis/window.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/analysis/steady.h"
#include "nsysql/util/strbuf.h"

int nsq_window_resolve(nsq_window *w, nsq_export *x, const char *spec, nsq_err *err)
{
    memset(w, 0, sizeof *w);
    if (!spec || !strcmp(spec, "all")) {
        snprintf(w->kind, sizeof w->kind, "all");
        return nsq_gpu_span(x, &w->start_ns, &w->end_ns, err);
    }
    if (!strcmp(spec, "steady")) {
        /* the detection is the same every time on the same export (default
         * options): resolved once, kept on it */
        if (x->steady_state == 0) {
            nsq_steady_opts so = {0};
            nsq_steady r;
            nsq_err e;
            memset(&e, 0, sizeof e);
            if (nsq_steady_detect(x, &so, &r, &e)) {
                *err = e;
                return -1; /* not kept: a time limit or a failed read */
            }
            if (!r.found) {
                nsq_error(&e, NSQ_EXIT_INPUT, "no_steady_state", "--window steady: %s",
                          r.reason[0] ? r.reason : "no steady state was found");
                nsq_hint(&e, "run nsysql steady-state for details, or use --window all");
                x->steady_err = e;
                x->steady_state = 2;
            } else {
                x->steady_start_ns = r.steady_start_ns;
                x->steady_end_ns = r.steady_end_ns;
                x->steady_method = xstrdup(r.method);
                x->steady_state = 1;
            }
            nsq_steady_release(&r);
        }
        if (x->steady_state == 2) {
            *err = x->steady_err;
            return -1;
        }
        snprintf(w->kind, sizeof w->kind, "steady");
        w->start_ns = x->steady_start_ns;
        w->end_ns = x->steady_end_ns;
        w->steady_method = xstrdup(x->steady_method);
        return 0;
    }
    if (!strncmp(spec, "nvtx:", 5)) {
        const char *name = spec + 5;
        const char *hash = strrchr(name, '#');
        int64_t k = 1;
        if (hash && nsq_scope_parse_i64(hash + 1, &k) == 0)
            w->nvtx_name = xstrndup(name, (size_t)(hash - name));
        else
            w->nvtx_name = xstrdup(name);
        if (!*w->nvtx_name || k < 1) {
            nsq_window_release(w);
            return nsq_error(err, NSQ_EXIT_USAGE, "bad_window",
                             "--window nvtx:NAME[#K] needs a name and K >= 1, got '%s'", spec);
        }
        w->nvtx_index = k;
        snprintf(w->kind, sizeof w->kind, "nvtx");
        sqlite3_stmt *st = NULL;
        int rc = sqlite3_prepare_v2(x->db,
                                    "SELECT start_ns, end_ns FROM nvtx WHERE kind IN ('push_pop', "
                                    "'start_end') AND text = ?1 AND end_ns IS NOT NULL "
                                    "ORDER BY start_ns, end_ns LIMIT 1 OFFSET ?2",
                                    -1, &st, NULL);
        if (rc != SQLITE_OK) {
            nsq_window_release(w);
            return nsq_export_sql_error(x, rc, NSQ_EXIT_INTERNAL, "internal", "nvtx window", err);
        }
        sqlite3_bind_text(st, 1, w->nvtx_name, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, k - 1);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            w->start_ns = sqlite3_column_int64(st, 0);
            w->end_ns = sqlite3_column_int64(st, 1);
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_ROW) {
            nsq_error(err, NSQ_EXIT_INPUT, "window_not_found",
                      "--window %s: no closed NVTX range '%s' number %lld", spec, w->nvtx_name,
                      (long long)k);
            nsq_window_release(w);
            return -1;
        }
        return 0;
    }
    const char *colon = strchr(spec, ':');
    if (colon) {
        char *a = xstrndup(spec, (size_t)(colon - spec));
        int bad = nsq_scope_parse_i64(a, &w->start_ns) || nsq_scope_parse_i64(colon + 1, &w->end_ns);
        free(a);
        /* the rule of every time read (NSQ_VALUE_LIMIT): strictly inside +-2^62 */
        if (bad || w->start_ns >= w->end_ns || w->start_ns <= -NSQ_VALUE_LIMIT || w->end_ns >= NSQ_VALUE_LIMIT)
            return nsq_error(err, NSQ_EXIT_USAGE, "bad_window",
                             "--window START_NS:END_NS needs two integers with START < END, both strictly "
                             "between -2^62 and 2^62, got '%s'",
                             spec);
        snprintf(w->kind, sizeof w->kind, "range");
        return 0;
    }
    return nsq_error(err, NSQ_EXIT_USAGE, "bad_window",
                     "--window must be all, steady, START_NS:END_NS or nvtx:NAME[#K], got '%s'", spec);
}

int nsq_window_resolve_lazy(nsq_window *w, nsq_export *x, const char *spec, nsq_err *err)
{
    if (spec && strcmp(spec, "all"))
        return nsq_window_resolve(w, x, spec, err);
    memset(w, 0, sizeof *w);
    snprintf(w->kind, sizeof w->kind, "all");
    return 0;
}

int64_t nsq_window_lo(const nsq_window *w)
{
    return strcmp(w->kind, "all") ? w->start_ns : INT64_MIN;
}

int64_t nsq_window_hi(const nsq_window *w)
{
    return strcmp(w->kind, "all") ? w->end_ns : INT64_MAX;
}
