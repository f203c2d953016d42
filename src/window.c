#include "nsysql/window.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/intervals.h"
#include "nsysql/steady.h"
#include "nsysql/strbuf.h"

static int parse_i64(const char *s, int64_t *v)
{
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (errno || end == s || *end)
        return -1;
    *v = x;
    return 0;
}

int nsq_window_resolve(nsq_window *w, nsq_export *x, const char *spec, nsq_err *err)
{
    memset(w, 0, sizeof *w);
    if (!spec || !strcmp(spec, "all")) {
        snprintf(w->kind, sizeof w->kind, "all");
        return nsq_gpu_span(x, &w->start_ns, &w->end_ns, err);
    }
    if (!strcmp(spec, "steady")) {
        nsq_steady_opts so = {0};
        nsq_steady r;
        if (nsq_steady_detect(x, &so, &r, err))
            return -1;
        if (!r.found) {
            nsq_error(err, NSQ_EXIT_INPUT, "no_steady_state", "--window steady: %s",
                      r.reason[0] ? r.reason : "no steady state was found");
            nsq_hint(err, "run nsysql steady-state for details, or use --window all");
            return -1;
        }
        snprintf(w->kind, sizeof w->kind, "steady");
        w->start_ns = r.steady_start_ns;
        w->end_ns = r.steady_end_ns;
        w->steady_method = xstrdup(r.method);
        return 0;
    }
    if (!strncmp(spec, "nvtx:", 5)) {
        const char *name = spec + 5;
        const char *hash = strrchr(name, '#');
        int64_t k = 1;
        if (hash && parse_i64(hash + 1, &k) == 0)
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
        int bad = parse_i64(a, &w->start_ns) || parse_i64(colon + 1, &w->end_ns);
        free(a);
        if (bad || w->start_ns >= w->end_ns)
            return nsq_error(err, NSQ_EXIT_USAGE, "bad_window",
                             "--window START_NS:END_NS needs two integers with START < END, got '%s'",
                             spec);
        snprintf(w->kind, sizeof w->kind, "range");
        return 0;
    }
    return nsq_error(err, NSQ_EXIT_USAGE, "bad_window",
                     "--window must be all, steady, START_NS:END_NS or nvtx:NAME[#K], got '%s'", spec);
}

void nsq_window_release(nsq_window *w)
{
    free(w->nvtx_name);
    free(w->steady_method);
    w->nvtx_name = w->steady_method = NULL;
}

void nsq_window_json(json *j, const nsq_window *w)
{
    json_obj_begin(j);
    json_kv_str(j, "kind", w->kind);
    json_kv_int(j, "start_ns", w->start_ns);
    json_kv_int(j, "end_ns", w->end_ns);
    json_kv_int(j, "duration_ns", w->end_ns - w->start_ns);
    if (w->nvtx_name) {
        json_kv_str(j, "nvtx_name", w->nvtx_name);
        json_kv_int(j, "nvtx_index", w->nvtx_index);
    }
    if (w->steady_method)
        json_kv_str(j, "steady_method", w->steady_method);
    json_obj_end(j);
}

static int opt_i64(const char *s, const char *what, bool *has, int64_t *v, nsq_err *err)
{
    if (!s)
        return 0;
    if (parse_i64(s, v))
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value", "%s expects an integer, got '%s'",
                         what, s);
    *has = true;
    return 0;
}

int nsq_filter_init(nsq_filter *f, const char *device, const char *pid, const char *stream,
                    const char *name, const char *exclude, nsq_err *err)
{
    memset(f, 0, sizeof *f);
    if (opt_i64(device, "--device", &f->has_device, &f->device, err) ||
        opt_i64(pid, "--pid", &f->has_pid, &f->pid, err) ||
        opt_i64(stream, "--stream", &f->has_stream, &f->stream, err))
        return -1;
    f->name_pattern = name;
    f->exclude_pattern = exclude;
    if (name && !(f->name = nsq_re_compile(name, "--name", err)))
        return -1;
    if (exclude && !(f->exclude = nsq_re_compile(exclude, "--exclude", err))) {
        nsq_filter_release(f);
        return -1;
    }
    return 0;
}

bool nsq_filter_name(const nsq_filter *f, const char *name, size_t len)
{
    if (!name)
        name = "", len = 0;
    if (f->name && nsq_re_match(f->name, name, len) != 1)
        return false;
    if (f->exclude && nsq_re_match(f->exclude, name, len) == 1)
        return false;
    return true;
}

void nsq_filter_release(nsq_filter *f)
{
    nsq_re_free(f->name);
    nsq_re_free(f->exclude);
    f->name = f->exclude = NULL;
}

void nsq_filter_json(json *j, const nsq_filter *f)
{
    json_obj_begin(j);
    if (f->has_device)
        json_kv_int(j, "device", f->device);
    else
        json_kv_null(j, "device");
    if (f->has_pid)
        json_kv_int(j, "pid", f->pid);
    else
        json_kv_null(j, "pid");
    if (f->has_stream)
        json_kv_int(j, "stream", f->stream);
    else
        json_kv_null(j, "stream");
    json_kv_str(j, "name", f->name_pattern);
    json_kv_str(j, "exclude", f->exclude_pattern);
    json_obj_end(j);
}
