/* nsysql advise: the expert rules, each a finding with a stable id, a
 * severity, the time at stake, the evidence (counts, the worst instances
 * with their time stamps and correlation ids) and a one-line remedy, ordered
 * by time at stake. Every number comes from another command's result, run
 * in-process on the same export (subrun.h): idle-gaps, api, memcpy (whole
 * capture and steady window), top-kernels, gpu-util, memory, steady-state.
 * A rule whose command cannot run on the export (no API table, no memory
 * events, no steady state) is listed as not evaluated with the reason, never
 * as "no finding". Thresholds are data: the table below, overridable with
 * --set RULE.PARAM=VALUE. */
#include "subrun.h" /* first: jansson before nsysql/json.h */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/intervals.h"
#include "nsysql/cmd.h"
#include "nsysql/util/grow.h"

typedef struct adv_opts {
    nsq_strlist rules;
    nsq_strlist set;
    const char *fail_on;
    int list_rules;
    int64_t limit;
} adv_opts;

static const nsq_opt adv_options[] = {
    OPT_ENTRY("rule", 0, OPT_LIST, adv_opts, rules, "ID",
              "only this rule (repeatable; default all)"),
    OPT_ENTRY("set", 0, OPT_LIST, adv_opts, set, "RULE.PARAM=VALUE",
              "override a threshold (repeatable; --list-rules shows them)"),
    OPT_ENTRY("fail-on", 0, OPT_STR, adv_opts, fail_on, "SEVERITY",
              "exit 1 when a finding of this severity or higher exists (info, warning, error)"),
    OPT_ENTRY("list-rules", 0, OPT_BOOL, adv_opts, list_rules, NULL,
              "list the rules and thresholds, analyse nothing"),
    OPT_ENTRY("limit", 0, OPT_INT, adv_opts, limit, "N",
              "worst instances listed per finding (default 5)"),
    OPT_TABLE_END,
};

static void adv_defaults(void *p)
{
    ((adv_opts *)p)->limit = 5;
}

/* ---- the rules, as data ---------------------------------------------------------------- */

typedef struct param {
    const char *name;
    double value;
    const char *doc;
} param;

typedef struct rule {
    const char *id;
    const char *title;
    const char *source; /* the command(s) it reads */
    param p[3];
} rule;

static rule rules[] = {
    {"gpu_gaps",
     "the GPU sits idle between its work",
     "idle-gaps",
     {{"min_gap_ns", 1000000, "gaps at least this long count"},
      {"warn_pct", 5, "warning when they add up to this share of the GPU span"}}},
    {"sync_api_idle",
     "synchronising API calls while the GPU is idle",
     "api",
     {{"min_ns", 1000000, "GPU idle covered by synchronising calls, at least"},
      {"warn_pct", 5, "warning at this share of the GPU span"}}},
    {"low_utilization",
     "stretches of low GPU utilisation",
     "gpu-util",
     {{"low_pct", 50, "a bin whose busy share is under this is low"},
      {"min_pct", 10, "report when low runs cover at least this share of the span"},
      {"warn_pct", 25, "warning at this share"}}},
    {"launch_bound",
     "kernels shorter than their launch call",
     "top-kernels, api",
     {{"min_instances", 100, "kernels launched at least this often"},
      {"factor", 1.0, "median duration under factor x the median launch call"}}},
    {"sync_memcpy",
     "synchronous memory copies",
     "memcpy",
     {{"warn_pct", 5, "warning when they take this share of the GPU span"}}},
    {"pageable_memcpy",
     "copies from or to pageable host memory",
     "memcpy",
     {{"warn_pct", 1, "warning when they take this share of the GPU span"}}},
    {"htod_in_steady_state",
     "host-to-device traffic in the steady state",
     "memcpy --window steady",
     {{"warn_pct", 5, "warning when it takes this share of the steady window"}}},
    {"memory_never_freed",
     "device memory allocated and never freed",
     "memory",
     {{"min_bytes", 1, "report at least this many bytes never freed"}}},
};
#define NRULES ((int)(sizeof rules / sizeof rules[0]))

static double P(const rule *r, const char *name)
{
    for (int i = 0; i < 3 && r->p[i].name; i++)
        if (!strcmp(r->p[i].name, name))
            return r->p[i].value;
    return NAN;
}

static const char *const sev_names[] = {"info", "warning", "error"};

/* ---- findings ------------------------------------------------------------------------------ */

typedef struct finding {
    const rule *r;
    int sev;
    int64_t at_stake_ns;
    char summary[400];
    char remedy[300];
    strbuf evidence; /* a JSON object's body: "k":v,... */
} finding;

typedef struct adv {
    finding *f;
    int nf, capf;
    json ne;        /* not evaluated: array body */
    strbuf ne_text; /* not evaluated, for --format table|md|csv: "rule (code): reason" lines */
    int nne;
    int64_t span_ns; /* sum of the devices' spans (idle-gaps), 0 when unknown */
    int64_t limit;
} adv;

static finding *add(adv *a, const rule *r)
{
    NSQ_GROW(a->f, a->nf + 1, a->capf);
    finding *f = &a->f[a->nf++];
    memset(f, 0, sizeof *f);
    f->r = r;
    f->evidence = (strbuf)STRBUF_INIT;
    return f;
}

static void not_evaluated(adv *a, const rule *r, const char *code, const char *why)
{
    json_obj_begin(&a->ne);
    json_kv_str(&a->ne, "rule", r->id);
    json_kv_str(&a->ne, "code", code);
    json_kv_str(&a->ne, "reason", why);
    json_obj_end(&a->ne);
    sb_addf(&a->ne_text, "%s (%s): %s\n", r->id, code, why ? why : "");
    a->nne++;
}

static int64_t iget(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_integer(v) ? (int64_t)json_integer_value(v)
           : json_is_real(v)  ? (int64_t)json_real_value(v)
                              : 0;
}

static double dget(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

static int sev_by_share(int64_t part, int64_t whole, double warn_pct)
{
    return whole > 0 && 100.0 * (double)part / (double)whole >= warn_pct ? 1 : 0;
}

/* Appends ,"key": <JSON of v> to the evidence. */
static void ev_json(finding *f, const char *key, json_t *v)
{
    char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
    sb_addf(&f->evidence, "%s\"%s\":%s", f->evidence.len ? "," : "", key, s ? s : "null");
    free(s);
}

static void ev_int(finding *f, const char *key, int64_t v)
{
    sb_addf(&f->evidence, "%s\"%s\":%lld", f->evidence.len ? "," : "", key, (long long)v);
}

static void ev_num(finding *f, const char *key, double v)
{
    if (isnan(v))
        sb_addf(&f->evidence, "%s\"%s\":null", f->evidence.len ? "," : "", key);
    else
        sb_addf(&f->evidence, "%s\"%s\":%.6g", f->evidence.len ? "," : "", key, v);
}

/* ---- the rules' checks ---------------------------------------------------------------------- */

static void rule_gaps(adv *a, const rule *r, sub *g)
{
    json_t *devs = json_object_get(g->res, "devices");
    int64_t n = 0, total = 0;
    size_t i;
    json_t *d;
    json_t *worst = json_array(), *per = json_array();
    int64_t by_cause[4] = {0};
    static const char *const causes[] = {"host_launch", "sync", "dependency", "unknown"};
    json_array_foreach(devs, i, d)
    {
        json_t *gs = json_object_get(d, "gaps");
        int64_t c = iget(gs, "count"), t = iget(gs, "total_ns");
        n += c;
        total += t;
        json_t *pd = json_object();
        json_object_set_new(pd, "device", json_integer(iget(d, "device")));
        json_object_set_new(pd, "gaps", json_integer(c));
        json_object_set_new(pd, "total_ns", json_integer(t));
        json_object_set_new(pd, "span_ns", json_integer(iget(d, "span_ns")));
        json_array_append_new(per, pd);
        size_t k;
        json_t *x;
        json_array_foreach(json_object_get(d, "longest_gaps"), k, x)
        {
            const char *cause = json_string_value(json_object_get(x, "cause"));
            int ci = 3;
            for (int q = 0; q < 3; q++)
                if (cause && !strcmp(cause, causes[q]))
                    ci = q;
            by_cause[ci] += iget(x, "duration_ns");
            json_t *w = json_object();
            json_object_set_new(w, "device", json_integer(iget(d, "device")));
            json_object_set(w, "start_ns", json_object_get(x, "start_ns"));
            json_object_set(w, "end_ns", json_object_get(x, "end_ns"));
            json_object_set(w, "duration_ns", json_object_get(x, "duration_ns"));
            json_object_set(w, "cause", json_object_get(x, "cause"));
            json_object_set(w, "before_correlation_id",
                            json_object_get(json_object_get(x, "before"), "correlation_id"));
            json_object_set(w, "after_correlation_id",
                            json_object_get(json_object_get(x, "after"), "correlation_id"));
            json_array_append_new(worst, w);
        }
    }
    if (n > 0) {
        finding *f = add(a, r);
        f->at_stake_ns = total;
        f->sev = sev_by_share(total, a->span_ns, P(r, "warn_pct"));
        snprintf(f->summary, sizeof f->summary,
                 "%lld gaps of %g ms or more, %.3f ms of GPU idle in all%s", (long long)n,
                 P(r, "min_gap_ns") / 1e6, (double)total / 1e6,
                 a->span_ns > 0 ? "" : " (the span is unknown)");
        int top = 0;
        for (int q = 1; q < 4; q++)
            if (by_cause[q] > by_cause[top])
                top = q;
        static const char *const remedy[] = {
            "the CPU did not launch work in time: launch ahead (async), batch small launches or "
            "capture a CUDA graph",
            "a synchronisation left the GPU waiting: drop or defer it, overlap copies with compute "
            "on streams",
            "work waited on other work (events, streams): overlap independent streams or reorder",
            "look at what the CPU does in the gaps (nsysql export-trace, nsys timeline)"};
        snprintf(f->remedy, sizeof f->remedy, "%s", remedy[top]);
        ev_int(f, "gaps", n);
        ev_int(f, "total_ns", total);
        ev_json(f, "per_device", per);
        ev_json(f, "worst", worst);
    }
    json_decref(worst);
    json_decref(per);
}

static void rule_sync_api(adv *a, const rule *r, sub *s)
{
    int64_t idle = iget(s->res, "sync_gpu_idle_covered_ns");
    if (idle < P(r, "min_ns"))
        return;
    finding *f = add(a, r);
    f->at_stake_ns = idle;
    f->sev = sev_by_share(idle, a->span_ns, P(r, "warn_pct"));
    snprintf(f->summary, sizeof f->summary,
             "synchronising calls held the CPU while the GPU was idle for %.3f ms",
             (double)idle / 1e6);
    snprintf(f->remedy, sizeof f->remedy,
             "synchronise less often (once per step, not per kernel), or give the GPU queued work "
             "before waiting");
    ev_int(f, "gpu_idle_covered_ns", idle);
    json_t *rows = json_array();
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(s->res, "sync_calls"), i, x)
    {
        if ((int64_t)i >= a->limit)
            break;
        json_array_append(rows, x);
    }
    ev_json(f, "calls", rows);
    json_decref(rows);
}

static void rule_low_util(adv *a, const rule *r, sub *u)
{
    int64_t low = 0, span = 0, stake = 0;
    json_t *runs = json_array();
    size_t i;
    json_t *d;
    json_array_foreach(json_object_get(u->res, "devices"), i, d)
    {
        json_t *lu = json_object_get(d, "low_utilization");
        low += iget(lu, "total_ns");
        span += iget(d, "span_ns");
        size_t k;
        json_t *x;
        json_array_foreach(json_object_get(lu, "runs"), k, x)
        {
            stake += (int64_t)((double)iget(x, "duration_ns") * (1 - dget(x, "busy_pct") / 100));
            if ((int64_t)json_array_size(runs) < a->limit) {
                json_t *w = json_object();
                json_object_set_new(w, "device", json_integer(iget(d, "device")));
                json_object_set(w, "start_ns", json_object_get(x, "start_ns"));
                json_object_set(w, "end_ns", json_object_get(x, "end_ns"));
                json_object_set(w, "duration_ns", json_object_get(x, "duration_ns"));
                json_object_set(w, "busy_pct", json_object_get(x, "busy_pct"));
                json_array_append_new(runs, w);
            }
        }
    }
    if (span > 0 && 100.0 * (double)low / (double)span >= P(r, "min_pct")) {
        finding *f = add(a, r);
        f->at_stake_ns = stake;
        f->sev = sev_by_share(low, span, P(r, "warn_pct"));
        snprintf(f->summary, sizeof f->summary,
                 "%.1f%% of the GPU span is in stretches under %g%% busy (30 bins per device)",
                 100.0 * (double)low / (double)span, P(r, "low_pct"));
        snprintf(
            f->remedy, sizeof f->remedy,
            "see what the GPU waits for in those stretches (nsysql idle-gaps --window START:END)");
        ev_int(f, "low_ns", low);
        ev_int(f, "span_ns", span);
        ev_json(f, "runs", runs);
    }
    json_decref(runs);
}

static void rule_launch_bound(adv *a, const rule *r, sub *tk, sub *api)
{
    double launch = NAN;
    int64_t launches = 0;
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(api->res, "calls"), i, x)
    {
        const char *nm = json_string_value(json_object_get(x, "name"));
        if (nm && (!strncmp(nm, "cudaLaunchKernel", 16) || !strncmp(nm, "cuLaunchKernel", 14)) &&
            iget(x, "count") > launches) {
            launches = iget(x, "count");
            launch = dget(x, "median_ns");
        }
    }
    if (isnan(launch))
        return; /* no launch calls: judged in the caller */
    json_t *ks = json_array();
    int64_t stake = 0, n = 0, rest_names = 0, rest_ns = 0;
    json_array_foreach(json_object_get(tk->res, "kernels"), i, x)
    {
        if (json_is_true(json_object_get(x, "other"))) {
            rest_names += iget(x, "names");
            rest_ns += iget(x, "total_ns");
            continue;
        }
        int64_t inst = iget(x, "instances");
        double med = dget(x, "median_ns");
        if (inst < P(r, "min_instances") || !(med < P(r, "factor") * launch))
            continue;
        n++;
        stake += (int64_t)((double)inst * launch);
        if ((int64_t)json_array_size(ks) < a->limit) {
            json_t *w = json_object();
            json_object_set(w, "name", json_object_get(x, "name"));
            json_object_set(w, "instances", json_object_get(x, "instances"));
            json_object_set(w, "median_ns", json_object_get(x, "median_ns"));
            json_object_set(w, "total_ns", json_object_get(x, "total_ns"));
            json_array_append_new(ks, w);
        }
    }
    if (n) {
        finding *f = add(a, r);
        f->at_stake_ns = stake;
        f->sev = 1;
        snprintf(
            f->summary, sizeof f->summary,
            "%lld kernels run shorter (median) than the median launch call (%.0f ns): the CPU's "
            "launch cost bounds them",
            (long long)n, launch);
        snprintf(f->remedy, sizeof f->remedy,
                 "fuse small kernels, launch fewer larger ones, or capture the sequence as a CUDA "
                 "graph");
        ev_num(f, "launch_call_median_ns", launch);
        ev_int(f, "kernels", n);
        if (rest_names) {
            /* names past the 10,000 with the most time: not examined */
            ev_int(f, "names_not_examined", rest_names);
            ev_int(f, "time_not_examined_ns", rest_ns);
        }
        ev_json(f, "worst", ks);
    }
    json_decref(ks);
}

/* Sums one key of memcpy's per-device breakdown `which` ("by_call",
 * "by_host_memory", "by_kind") over devices. */
static void mc_sum(json_t *res, const char *which, const char *key, int64_t *count, int64_t *bytes,
                   int64_t *ns)
{
    *count = *bytes = *ns = 0;
    size_t i;
    json_t *d;
    json_array_foreach(json_object_get(res, "devices"), i, d)
    {
        size_t k;
        json_t *x;
        json_array_foreach(json_object_get(json_object_get(d, "memcpy"), which), k, x)
        {
            const char *kk = json_string_value(json_object_get(x, "key"));
            if (kk && !strcmp(kk, key)) {
                *count += iget(x, "count");
                *bytes += iget(x, "bytes");
                *ns += iget(x, "total_ns");
            }
        }
    }
}

static void rule_memcpy(adv *a, const rule *r, sub *m, const char *which, const char *key,
                        const char *summary, const char *remedy, int64_t whole)
{
    int64_t c, b, t;
    mc_sum(m->res, which, key, &c, &b, &t);
    if (!c)
        return;
    finding *f = add(a, r);
    f->at_stake_ns = t;
    f->sev = sev_by_share(t, whole, P(r, "warn_pct"));
    snprintf(f->summary, sizeof f->summary, "%lld %s, %lld bytes, %.3f ms", (long long)c, summary,
             (long long)b, (double)t / 1e6);
    snprintf(f->remedy, sizeof f->remedy, "%s", remedy);
    ev_int(f, "count", c);
    ev_int(f, "bytes", b);
    ev_int(f, "total_ns", t);
}

static void rule_memory(adv *a, const rule *r, sub *m)
{
    int64_t n = 0, bytes = 0;
    json_t *worst = json_array();
    size_t i;
    json_t *d;
    json_array_foreach(json_object_get(m->res, "devices"), i, d)
    {
        json_t *nf = json_object_get(d, "never_freed");
        n += iget(nf, "count");
        bytes += iget(nf, "bytes");
        size_t k;
        json_t *x;
        json_array_foreach(json_object_get(nf, "allocations"), k, x)
        {
            if ((int64_t)json_array_size(worst) >= a->limit)
                break;
            json_t *w = json_deep_copy(x);
            json_object_set_new(w, "pid", json_integer(iget(d, "pid")));
            json_object_set_new(w, "device_id", json_integer(iget(d, "device_id")));
            json_array_append_new(worst, w);
        }
    }
    if (n && bytes >= P(r, "min_bytes")) {
        finding *f = add(a, r);
        f->at_stake_ns = 0;
        f->sev = 0;
        snprintf(
            f->summary, sizeof f->summary,
            "%lld allocations (%lld bytes) were not freed before the capture ended (static globals "
            "apart): possible leaks, or buffers kept for the process's life",
            (long long)n, (long long)bytes);
        snprintf(f->remedy, sizeof f->remedy,
                 "check that each buffer is freed when it is no longer needed (cudaFree), or that "
                 "keeping it is intended");
        ev_int(f, "allocations", n);
        ev_int(f, "bytes", bytes);
        ev_json(f, "first", worst);
    }
    json_decref(worst);
}

/* ---- the command ----------------------------------------------------------------------------- */

static bool wanted(const adv_opts *o, const char *id)
{
    if (!o->rules.n)
        return true;
    for (int i = 0; i < o->rules.n; i++)
        if (!strcmp(o->rules.v[i], id))
            return true;
    return false;
}

static int apply_set(const char *s, nsq_err *err)
{
    const char *dot = strchr(s, '.'), *eq = strchr(s, '=');
    if (!dot || !eq || eq < dot)
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--set takes RULE.PARAM=VALUE, not '%s'", s);
    char *end;
    errno = 0;
    double v = strtod(eq + 1, &end);
    if (errno || end == eq + 1 || *end || !isfinite(v) || v < 0)
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--set %s: the value must be a number >= 0", s);
    for (int i = 0; i < NRULES; i++) {
        if (strlen(rules[i].id) != (size_t)(dot - s) || strncmp(rules[i].id, s, (size_t)(dot - s)))
            continue;
        for (int k = 0; k < 3 && rules[i].p[k].name; k++)
            if (strlen(rules[i].p[k].name) == (size_t)(eq - dot - 1) &&
                !strncmp(rules[i].p[k].name, dot + 1, (size_t)(eq - dot - 1))) {
                rules[i].p[k].value = v;
                return 0;
            }
        return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--set %s: rule %s has no such parameter", s, rules[i].id);
    }
    return nsq_error(err, NSQ_EXIT_USAGE, "bad_option_value",
                     "--set %s: no such rule (--list-rules)", s);
}

static void rules_json(json *j)
{
    json_key(j, "rules");
    json_arr_begin(j);
    for (int i = 0; i < NRULES; i++) {
        json_obj_begin(j);
        json_kv_str(j, "rule", rules[i].id);
        json_kv_str(j, "title", rules[i].title);
        json_kv_str(j, "source", rules[i].source);
        json_key(j, "params");
        json_obj_begin(j);
        for (int k = 0; k < 3 && rules[i].p[k].name; k++)
            json_kv_double(j, rules[i].p[k].name, rules[i].p[k].value);
        json_obj_end(j);
        json_key(j, "params_doc");
        json_obj_begin(j);
        for (int k = 0; k < 3 && rules[i].p[k].name; k++)
            json_kv_str(j, rules[i].p[k].name, rules[i].p[k].doc);
        json_obj_end(j);
        json_obj_end(j);
    }
    json_arr_end(j);
}

/* --format table|md|csv: one row per finding (severity, time at stake, rule,
 * summary), its evidence and remedy on a line each below it (md: as cells);
 * then the rules not evaluated, with why. */
static void advise_text(strbuf *sb, const char *fmt, const adv *a, int evaluated, int worst)
{
    bool csv = !strcmp(fmt, "csv"), md = !strcmp(fmt, "md");
    if (!csv)
        sb_addf(
            sb,
            "advise  %d finding(s), worst %s; %d rule(s) evaluated, %d not; GPU span %lld ns\n\n",
            a->nf, worst >= 0 ? sev_names[worst] : "none", evaluated, a->nne,
            (long long)a->span_ns);
    if (csv)
        sb_addstr(sb, "severity,time_at_stake_ns,rule,summary,evidence,remedy\n");
    else if (md)
        sb_addstr(sb, "| severity | time at stake (ns) | rule | summary | evidence | remedy |\n"
                      "|---|---:|---|---|---|---|\n");
    else
        sb_addf(sb, "%-8s  %18s  %-21s  %s\n", "severity", "time_at_stake_ns", "rule", "summary");
    for (int i = 0; i < a->nf; i++) {
        const finding *f = &a->f[i];
        strbuf ev = STRBUF_INIT, n = STRBUF_INIT;
        sb_addf(&ev, "{%s}", f->evidence.buf ? f->evidence.buf : "");
        sb_addf(&n, "%lld", (long long)f->at_stake_ns);
        if (csv || md) {
            sb_cell(sb, fmt, true, sev_names[f->sev]);
            sb_cell(sb, fmt, false, n.buf);
            sb_cell(sb, fmt, false, f->r->id);
            sb_cell(sb, fmt, false, f->summary);
            sb_cell(sb, fmt, false, ev.buf);
            sb_cell(sb, fmt, false, f->remedy);
            sb_endrow(sb, fmt);
        } else {
            sb_addf(sb, "%-8s  %18s  %-21s  ", sev_names[f->sev], n.buf, f->r->id);
            sb_add_printable(sb, f->summary, false);
            sb_addstr(sb, "\n    evidence: ");
            sb_add_printable(sb, ev.buf, false);
            sb_addstr(sb, "\n    remedy: ");
            sb_add_printable(sb, f->remedy, false);
            sb_addch(sb, '\n');
        }
        sb_release(&ev);
        sb_release(&n);
    }
    if (a->nne && csv) {
        fprintf(stderr, "nsysql advise: not evaluated:\n%s", a->ne_text.buf);
    } else if (a->nne) {
        sb_addstr(sb, md ? "\nNot evaluated:\n\n" : "\nnot evaluated:\n");
        for (const char *l = a->ne_text.buf; *l;) {
            const char *e = strchr(l, '\n');
            strbuf t = STRBUF_INIT;
            sb_add(&t, l, (size_t)(e - l));
            sb_addstr(sb, md ? "- " : "  ");
            sb_add_printable(sb, t.buf, md);
            sb_addch(sb, '\n');
            sb_release(&t);
            l = e + 1;
        }
    }
}

/* --list-rules in --format table|md|csv: a rule per row, its thresholds. */
static void rules_text(strbuf *sb, const char *fmt)
{
    bool md = !strcmp(fmt, "md"), table = !strcmp(fmt, "table");
    const char *head[] = {"rule", "source", "title", "thresholds"};
    if (table)
        sb_addf(sb, "%-21s  %-23s  %-45s  %s\n", head[0], head[1], head[2], head[3]);
    for (int c = 0; c < 4 && !table; c++)
        sb_cell(sb, fmt, c == 0, head[c]);
    if (!table)
        sb_endrow(sb, fmt);
    if (md)
        sb_addstr(sb, "|---|---|---|---|\n");
    for (int i = 0; i < NRULES; i++) {
        strbuf t = STRBUF_INIT;
        for (int k = 0; k < 3 && rules[i].p[k].name; k++)
            sb_addf(&t, "%s%s=%.15g", k ? " " : "", rules[i].p[k].name, rules[i].p[k].value);
        if (table) {
            sb_addf(sb, "%-21s  %-23s  %-45s  %s\n", rules[i].id, rules[i].source, rules[i].title,
                    t.buf);
            sb_release(&t);
            continue;
        }
        sb_cell(sb, fmt, true, rules[i].id);
        sb_cell(sb, fmt, false, rules[i].source);
        sb_cell(sb, fmt, false, rules[i].title);
        sb_cell(sb, fmt, false, t.buf);
        sb_endrow(sb, fmt);
        sb_release(&t);
    }
}

static int cmp_finding(const void *pa, const void *pb)
{
    const finding *a = pa, *b = pb;
    if (a->at_stake_ns != b->at_stake_ns)
        return a->at_stake_ns < b->at_stake_ns ? 1 : -1;
    if (a->sev != b->sev)
        return a->sev < b->sev ? 1 : -1;
    return strcmp(a->r->id, b->r->id);
}

static int cmd_advise(nsq_ctx *ctx, void *vopts)
{
    adv_opts *o = vopts;
    int fail_sev = -1;
    if (o->fail_on) {
        for (int i = 0; i < 3; i++)
            if (!strcmp(o->fail_on, sev_names[i]))
                fail_sev = i;
        if (fail_sev < 0)
            return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                             "--fail-on takes info, warning or error, not '%s'", o->fail_on);
    }
    for (int i = 0; i < o->rules.n; i++) {
        bool known = false;
        for (int k = 0; k < NRULES; k++)
            known |= !strcmp(o->rules.v[i], rules[k].id);
        if (!known)
            return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                             "--rule %s: no such rule (--list-rules)", o->rules.v[i]);
    }
    for (int i = 0; i < o->set.n; i++)
        if (apply_set(o->set.v[i], &ctx->err))
            return -1;
    if (o->limit < 1)
        o->limit = 5;
    json *p = &ctx->params;
    json_obj_begin(p);
    json_key(p, "rules_selected");
    json_arr_begin(p);
    for (int i = 0; i < NRULES; i++)
        if (wanted(o, rules[i].id))
            json_str(p, rules[i].id);
    json_arr_end(p);
    json_kv_str(p, "fail_on", o->fail_on);
    json_kv_int(p, "limit", o->limit);
    json_obj_end(p);
    json *j = &ctx->result;
    if (o->list_rules) {
        json_obj_begin(j);
        rules_json(j);
        json_obj_end(j);
        if (strcmp(ctx->format, "json"))
            rules_text(&ctx->text, ctx->format);
        return 0;
    }
    if (!ctx->x) { /* CMD_LIST_NO_EXPORT: only --list-rules answers without one */
        nsq_error(&ctx->err, NSQ_EXIT_USAGE, "missing_input", "'advise' needs an INPUT export");
        nsq_hint(&ctx->err, "usage: nsysql advise [options] INPUT, or nsysql advise --list-rules");
        return -1;
    }

    adv a;
    memset(&a, 0, sizeof a);
    a.ne = (json)JSON_INIT;
    a.ne.depth = 1;
    a.ne.kind[0] = '[';
    a.ne_text = (strbuf)STRBUF_INIT;
    a.limit = o->limit;
    enum { S_GAPS, S_API, S_UTIL, S_TOP, S_MC, S_MCS, S_MEM, NS };
    sub s[NS];
    memset(s, 0, sizeof s);
    char gap[32];
    snprintf(gap, sizeof gap, "%.0f", P(&rules[0], "min_gap_ns"));
    char lowp[32];
    snprintf(lowp, sizeof lowp, "%g", P(&rules[2], "low_pct"));
    char lim[32];
    snprintf(lim, sizeof lim, "%lld", (long long)o->limit);
    bool need[NS] = {wanted(o, "gpu_gaps") || true, /* the span every share is taken of */
                     wanted(o, "sync_api_idle") || wanted(o, "launch_bound"),
                     wanted(o, "low_utilization"),
                     wanted(o, "launch_bound"),
                     wanted(o, "sync_memcpy") || wanted(o, "pageable_memcpy") ||
                         wanted(o, "htod_in_steady_state"),
                     wanted(o, "htod_in_steady_state"),
                     wanted(o, "memory_never_freed")};
    /* the analyses read the same tables (idle-gaps, gpu-util and top-kernels
     * the GPU ops, api the calls and kernels, memcpy the copies and calls):
     * they run together, one pass per table serving them all */
    subjob jobs[NS];
    int nj = 0;
    char *av[] = {"--no-launches"}; /* the calls and the synchronising calls: no launch latency */
    char *gv[] = {"--min-gap", gap, "--limit", lim, "--limit-scope", "device"};
    char *uv[] = {"--low", lowp};
    /* launch_bound reads the names with the most kernel time: 10,000 of them
     * (a million-name capture's whole table took 12 s and 2 GB to print and
     * parse); the rest are counted as not examined */
    char *tv[] = {"--limit", "10000"};
    char *cv[] = {"--detail"}; /* the rules read the breakdowns on any number of devices */
    char *mv[] = {"--limit", lim};
    if (need[S_API])
        jobs[nj++] = (subjob){ctx, &cmd_api_def, 1, av, &s[S_API]};
    if (need[S_GAPS])
        jobs[nj++] = (subjob){ctx, &cmd_idle_gaps_def, 6, gv, &s[S_GAPS]};
    if (need[S_UTIL])
        jobs[nj++] = (subjob){ctx, &cmd_gpu_util_def, 2, uv, &s[S_UTIL]};
    /* of its rows launch_bound reads name, other, names, instances, total_ns
     * and median_ns: the rest is dropped before the parse (10,000 rows) */
    static const char *const tk_drop[] = {
        "kernels.*.mean_ns",         "kernels.*.p90_ns",
        "kernels.*.min_ns",          "kernels.*.max_ns",
        "kernels.*.stddev_ns",       "kernels.*.pct_of_kernel_time",
        "kernels.*.pct_of_gpu_busy", NULL};
    s[S_TOP].drop = tk_drop;
    /* the copy rules read counts, bytes and times of the breakdowns (mc_sum): no medians */
    s[S_MC].sums_only = s[S_MCS].sums_only = true;
    if (need[S_TOP])
        jobs[nj++] = (subjob){ctx, &cmd_top_kernels_def, 2, tv, &s[S_TOP]};
    if (need[S_MC])
        jobs[nj++] = (subjob){ctx, &cmd_memcpy_def, 1, cv, &s[S_MC]};
    if (need[S_MEM])
        jobs[nj++] = (subjob){ctx, &cmd_memory_def, 2, mv, &s[S_MEM]};
    /* the copies of the steady window, when the export holds a host-to-device
     * copy (the probe stops at the first; most captures hold one): in the group, so that
     * the steady-state detection's scans and the second memcpy's are shared
     * with the others' rather than made again afterwards */
    char *sv[] = {"--window", "steady", "--detail"};
    bool mcs_early = false;
    if (need[S_MCS]) {
        int64_t any = 1;
        if (nsq_query_int64(ctx->x->db, "SELECT EXISTS (SELECT 1 FROM memcpy WHERE copy_kind = 1)",
                            1, &any) == 0 &&
            any) {
            jobs[nj++] = (subjob){ctx, &cmd_memcpy_def, 3, sv, &s[S_MCS]};
            mcs_early = true;
        }
    }
    run_subs_together(ctx->x, nj, jobs);
    /* no host-to-device copy in the whole capture: none in its steady state
     * either, and the steady window need not be found */
    bool htod_whole = false;
    if (need[S_MCS] && s[S_MC].ok) {
        int64_t c, b, t;
        mc_sum(s[S_MC].res, "by_kind", "HtoD", &c, &b, &t);
        htod_whole = c == 0;
    }
    if (need[S_MCS] && !htod_whole && !mcs_early)
        run_sub(ctx, ctx->x, &cmd_memcpy_def, 3, sv, &s[S_MCS]);
    if (s[S_GAPS].ok) {
        size_t i;
        json_t *d;
        json_array_foreach(json_object_get(s[S_GAPS].res, "devices"), i, d) a.span_ns +=
            iget(d, "span_ns");
    }
    int evaluated = 0;
    for (int ri = 0; ri < NRULES; ri++) {
        rule *r = &rules[ri];
        if (!wanted(o, r->id))
            continue;
        sub *need1 = !strcmp(r->id, "gpu_gaps")               ? &s[S_GAPS]
                     : !strcmp(r->id, "sync_api_idle")        ? &s[S_API]
                     : !strcmp(r->id, "low_utilization")      ? &s[S_UTIL]
                     : !strcmp(r->id, "launch_bound")         ? &s[S_TOP]
                     : !strcmp(r->id, "htod_in_steady_state") ? &s[htod_whole ? S_MC : S_MCS]
                     : !strcmp(r->id, "memory_never_freed")   ? &s[S_MEM]
                                                              : &s[S_MC];
        if (!need1->ok) {
            not_evaluated(&a, r, need1->code[0] ? need1->code : "internal", need1->why);
            continue;
        }
        if (!strcmp(r->id, "launch_bound") && !s[S_API].ok) {
            not_evaluated(&a, r, s[S_API].code[0] ? s[S_API].code : "internal", s[S_API].why);
            continue;
        }
        evaluated++;
        if (!strcmp(r->id, "gpu_gaps"))
            rule_gaps(&a, r, need1);
        else if (!strcmp(r->id, "sync_api_idle"))
            rule_sync_api(&a, r, need1);
        else if (!strcmp(r->id, "low_utilization"))
            rule_low_util(&a, r, need1);
        else if (!strcmp(r->id, "launch_bound")) {
            bool any_launch = false;
            size_t i;
            json_t *x;
            json_array_foreach(json_object_get(s[S_API].res, "calls"), i, x)
            {
                const char *nm = json_string_value(json_object_get(x, "name"));
                any_launch |= nm && (!strncmp(nm, "cudaLaunchKernel", 16) ||
                                     !strncmp(nm, "cuLaunchKernel", 14));
            }
            if (!any_launch) {
                evaluated--;
                not_evaluated(&a, r, "no_launch_calls",
                              "the export has no cudaLaunchKernel/cuLaunchKernel rows");
                continue;
            }
            rule_launch_bound(&a, r, need1, &s[S_API]);
        } else if (!strcmp(r->id, "sync_memcpy"))
            rule_memcpy(&a, r, need1, "by_call", "sync",
                        "memory copies launched by synchronous calls",
                        "use cudaMemcpyAsync on a stream (with pinned host memory) so the CPU and "
                        "GPU keep working",
                        a.span_ns);
        else if (!strcmp(r->id, "pageable_memcpy"))
            rule_memcpy(&a, r, need1, "by_host_memory", "pageable",
                        "copies from or to pageable host memory",
                        "allocate host buffers with cudaMallocHost/cudaHostAlloc (pinned): "
                        "pageable copies are staged and "
                        "block the host",
                        a.span_ns);
        else if (!strcmp(r->id, "htod_in_steady_state")) {
            json_t *w = json_object_get(json_object_get(need1->params, "window"), "duration_ns");
            int64_t win = json_is_integer(w) ? json_integer_value(w) : 0;
            rule_memcpy(&a, r, need1, "by_kind", "HtoD",
                        "host-to-device copies inside the steady window",
                        "keep inputs resident on the GPU, prefetch them on a side stream, or "
                        "overlap the copies with "
                        "compute",
                        win);
        } else if (!strcmp(r->id, "memory_never_freed"))
            rule_memory(&a, r, need1);
    }
    if (a.nf > 1)
        qsort(a.f, (size_t)a.nf, sizeof *a.f, cmp_finding);
    int worst = -1;
    json_obj_begin(j);
    json_key(j, "findings");
    json_arr_begin(j);
    for (int i = 0; i < a.nf; i++) {
        finding *f = &a.f[i];
        if (f->sev > worst)
            worst = f->sev;
        json_obj_begin(j);
        json_kv_str(j, "rule", f->r->id);
        json_kv_str(j, "severity", sev_names[f->sev]);
        json_kv_str(j, "title", f->r->title);
        json_kv_int(j, "time_at_stake_ns", f->at_stake_ns);
        json_kv_str(j, "summary", f->summary);
        json_key(j, "evidence");
        strbuf e = STRBUF_INIT;
        sb_addch(&e, '{');
        sb_add(&e, f->evidence.buf ? f->evidence.buf : "", f->evidence.len);
        sb_addch(&e, '}');
        json_raw(j, e.buf);
        sb_release(&e);
        json_kv_str(j, "remedy", f->remedy);
        json_key(j, "thresholds");
        json_obj_begin(j);
        for (int k = 0; k < 3 && f->r->p[k].name; k++)
            json_kv_double(j, f->r->p[k].name, f->r->p[k].value);
        json_obj_end(j);
        json_obj_end(j);
    }
    json_arr_end(j);
    json_key(j, "not_evaluated");
    {
        strbuf e = STRBUF_INIT;
        sb_addch(&e, '[');
        if (a.nne)
            sb_add(&e, a.ne.out.buf, a.ne.out.len);
        sb_addch(&e, ']');
        json_raw(j, e.buf);
        sb_release(&e);
    }
    json_kv_int(j, "rules_evaluated", evaluated);
    json_kv_int(j, "gpu_span_ns", a.span_ns);
    json_kv_str(j, "worst_severity", worst >= 0 ? sev_names[worst] : NULL);
    json_obj_end(j);
    if (fail_sev >= 0 && worst >= fail_sev)
        ctx->exit_code = 1;
    if (strcmp(ctx->format, "json"))
        advise_text(&ctx->text, ctx->format, &a, evaluated, worst);
    sb_release(&a.ne_text);
    for (int i = 0; i < a.nf; i++)
        sb_release(&a.f[i].evidence);
    free(a.f);
    json_release(&a.ne);
    for (int i = 0; i < NS; i++)
        sub_free(&s[i]);
    return 0;
}

const nsq_cmd cmd_advise_def = {
    "advise",
    cmd_advise,
    CMD_NEED_EXPORT | CMD_MULTI | CMD_FORMATS | CMD_LIST_NO_EXPORT,
    "nsysql/advise",
    1,
    "the expert rules: findings with severity, time at stake, evidence and a remedy, worst first",
    "INPUT",
    adv_options,
    sizeof(adv_opts),
    adv_defaults,
};
