/* scope: the window and filter types shared by the analyses (scope.h). */
#include "nsysql/analysis/scope.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/util/strbuf.h"

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

int nsq_scope_parse_i64(const char *s, int64_t *v)
{
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (errno || end == s || *end)
        return -1;
    *v = x;
    return 0;
}

static int opt_i64(const char *s, const char *what, bool *has, int64_t *v, nsq_err *err)
{
    if (!s)
        return 0;
    if (nsq_scope_parse_i64(s, v))
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

void nsq_window_params_json(json *j, const nsq_window *w)
{
    if (strcmp(w->kind, "all")) {
        nsq_window_json(j, w);
        return;
    }
    json_obj_begin(j);
    json_kv_str(j, "kind", "all");
    json_kv_null(j, "start_ns");
    json_kv_null(j, "end_ns");
    json_kv_null(j, "duration_ns");
    json_obj_end(j);
}
