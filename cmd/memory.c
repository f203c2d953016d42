/* nsysql memory: CUDA memory usage per process and device — peak and when,
 * allocations never freed, churn, a downsampled timeline. The work is in
 * src/analysis/memory.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/memory.h"
#include "nsysql/analysis/steady.h"
#include "nsysql/analysis/window.h"
#include "nsysql/cmd.h"

typedef struct mem_opts {
    const char *window;
    const char *device;
    const char *pid;
    int64_t points;
    int64_t limit;
    int per_iteration;
} mem_opts;

static const nsq_opt mem_options[] = {
    OPT_ENTRY("window", 0, OPT_STR, mem_opts, window, "SPEC",
              "all (default), steady, START_NS:END_NS or nvtx:NAME[#K]: the peak and the churn "
              "counts are taken inside it (the bytes in use always run from the capture's start)"),
    OPT_ENTRY("device", 0, OPT_STR, mem_opts, device, "N",
              "only this device (physical identity, see info)"),
    OPT_ENTRY("pid", 0, OPT_STR, mem_opts, pid, "N", "only this process"),
    OPT_RANGE("points", 0, OPT_INT, mem_opts, points, "N",
              "timeline buckets per device, each keeping its maximum (default 200)", OPTF_MIN | OPTF_MAX, 1, 100000),
    OPT_RANGE("limit", 0, OPT_INT, mem_opts, limit, "N",
              "never-freed allocations listed per device (default 20; 0 = all)", OPTF_MIN, 0, 0),
    OPT_ENTRY(
        "per-iteration", 0, OPT_BOOL, mem_opts, per_iteration, NULL,
        "churn per steady iteration: finds the steady state (as steady-state does) and counts "
        "the allocations inside its window"),
    OPT_TABLE_END,
};

static void mem_defaults(void *p)
{
    mem_opts *o = p;
    o->points = 200;
    o->limit = 20;
}

static int cmd_memory(nsq_ctx *ctx, void *vopts)
{
    mem_opts *o = vopts;
    if (o->points < 1 || o->points > 100000 || o->limit < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--points takes 1 .. 100000 and --limit 0 or more");
    if (o->per_iteration && o->window)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_usage",
                         "--per-iteration uses the steady window: it goes without --window");
    nsq_filter f;
    nsq_window w;
    nsq_memory r;
    int rc = -1;
    bool have_window = false, have_result = false;
    int64_t iterations = 0;
    memset(&w, 0, sizeof w);
    if (nsq_filter_init(&f, o->device, o->pid, NULL, NULL, NULL, &ctx->err))
        return -1;
    if (o->per_iteration) {
        nsq_steady_opts so;
        memset(&so, 0, sizeof so);
        nsq_steady st;
        if (nsq_steady_detect(ctx->x, &so, &st, &ctx->err))
            goto done;
        if (!st.found) {
            nsq_error(&ctx->err, NSQ_EXIT_INPUT, "no_steady_state", "--per-iteration: %s",
                      st.reason[0] ? st.reason : "no steady state was found");
            nsq_hint(&ctx->err,
                     "run nsysql steady-state for details, or leave --per-iteration out");
            nsq_steady_release(&st);
            goto done;
        }
        snprintf(w.kind, sizeof w.kind, "steady");
        w.start_ns = st.steady_start_ns;
        w.end_ns = st.steady_end_ns;
        w.steady_method = xstrdup(st.method);
        iterations = st.iterations - st.warmup_iterations - st.teardown_iterations;
        nsq_steady_release(&st);
    } else if (nsq_window_resolve_lazy(&w, ctx->x, o->window, &ctx->err)) {
        goto done;
    }
    have_window = true;
    nsq_memory_opts mo = {&w, &f, o->points, o->limit, iterations};
    if (nsq_memory_run(&r, ctx->x, &mo, &ctx->err))
        goto done;
    have_result = true;
    if (!strcmp(w.kind, "all") && r.ndevs) {
        w.start_ns = r.devs[0].first_ns;
        w.end_ns = r.devs[0].last_ns;
        for (int i = 1; i < r.ndevs; i++) {
            if (r.devs[i].first_ns < w.start_ns)
                w.start_ns = r.devs[i].first_ns;
            if (r.devs[i].last_ns > w.end_ns)
                w.end_ns = r.devs[i].last_ns;
        }
    }
    json *p = &ctx->params;
    json_obj_begin(p);
    json_key(p, "window");
    nsq_window_json(p, &w);
    json_key(p, "filters");
    nsq_filter_json(p, &f);
    json_kv_int(p, "points", o->points);
    json_kv_int(p, "limit", o->limit);
    json_kv_bool(p, "per_iteration", o->per_iteration != 0);
    json_obj_end(p);
    if (strcmp(ctx->format, "json"))
        nsq_memory_text(&ctx->text, &r, &mo, ctx->format);
    else
        nsq_memory_json(&ctx->result, &r, &mo);
    for (int i = 0; i < r.ndevs; i++)
        if (r.devs[i].unmatched_frees)
            nsq_warn_text(ctx, "unmatched_frees",
                          "pid %lld device %lld: %lld frees of memory allocated before the capture "
                          "began (their bytes were never counted in use)",
                          (long long)r.devs[i].pid, (long long)r.devs[i].device_id,
                          (long long)r.devs[i].unmatched_frees);
    if (r.bad_rows)
        nsq_warn_text(ctx, "bad_rows", "%lld memory events have no integer start, address, bytes or "
                      "operation; they are left out",
                      (long long)r.bad_rows);
    if (!r.ndevs)
        nsq_warn_text(ctx, "no_devices_selected", "no memory event passes the filters");
    rc = 0;
done:
    if (have_result)
        nsq_memory_release(&r);
    if (have_window)
        nsq_window_release(&w);
    nsq_filter_release(&f);
    return rc;
}

const nsq_cmd cmd_memory_def = {
    "memory",
    cmd_memory,
    CMD_NEED_EXPORT | CMD_FORMATS | CMD_MULTI,
    "nsysql/memory",
    1,
    "CUDA memory usage per process and device: peak and when, allocations never freed, churn, "
    "a timeline",
    "INPUT",
    mem_options,
    sizeof(mem_opts),
    mem_defaults,
};
