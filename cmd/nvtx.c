/* nsysql nvtx: NVTX ranges by name and by nesting path, CPU-side duration
 * statistics and the GPU projection. The work is in src/analysis/nvtx.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nsysql/analysis/nvtx.h"
#include "nsysql/cmd.h"
#include "nsysql/util/regex.h"

typedef struct nv_opts {
    int64_t depth;
    const char *name;
    const char *domain;
    int64_t limit;
    int64_t name_bytes;
    int views;
    const char *sort;
} nv_opts;

static const char *const nv_sorts[] = {"gpu", "cpu", "count", NULL};
static const nsq_opt nv_options[] = {
    OPT_RANGE("depth", 0, OPT_INT, nv_opts, depth, "N",
              "report only ranges at nesting level < N (1 = outermost only; 0 = all, the "
              "default); deeper ranges still nest and are credited to their parents",
              OPTF_MIN, 0, 0),
    OPT_ENTRY("name", 0, OPT_STR, nv_opts, name, "REGEX",
              "report only ranges and marks whose name matches (PCRE2)"),
    OPT_ENTRY("domain", 0, OPT_STR, nv_opts, domain, "NAME",
              "only this NVTX domain ('default' is domain 0)"),
    OPT_RANGE("limit", 0, OPT_INT, nv_opts, limit, "N",
              "rows per table (default 5; 0 = all; summary.rows_left_out says when rows were left "
              "out)",
              OPTF_MIN, 0, 0),
    OPT_RANGE("name-bytes", 0, OPT_INT, nv_opts, name_bytes, "N",
              "print names and paths of at most N bytes (default 128; 0 = whole): a longer name "
              "keeps its start, a longer path its end (the range's own name), '...' marks the "
              "cut; result.names_cut counts them",
              OPTF_MIN, 0, 0),
    OPT_CHOICE("sort", 0, OPT_STR, nv_opts, sort, "KEY",
               "order of the range tables: gpu (GPU busy time the range's ops caused, the "
               "default; cpu when the export has no GPU projection), cpu (total CPU-side "
               "duration) or count (instances)",
               nv_sorts),
    OPT_ENTRY("views", 0, OPT_BOOL, nv_opts, views, NULL,
              "read the ranges through SQL and compute the GPU projection by searching each "
              "range's ops (slower) instead of reading the ranges from the file's pages and the "
              "streaming pass; the results are the same (tests compare them)"),
    OPT_TABLE_END,
};

static void nv_defaults(void *p)
{
    nv_opts *o = p;
    o->limit = 5;
    o->name_bytes = 128;
}

static void add_warnings(nsq_ctx *ctx, const nsq_nvtx_result *r)
{
    if (r->unclosed)
        nsq_warn_text(ctx, "nvtx_unclosed_ranges",
                      "%lld NVTX ranges never end (no end time): counted in skipped.unclosed, "
                      "left out of the tables",
                      (long long)r->unclosed);
    if (r->cross_thread)
        nsq_warn_text(ctx, "nvtx_cross_thread_ranges",
                      "%lld start/end ranges end on another thread: counted in "
                      "skipped.cross_thread, left out of the tables (nsys does the same for "
                      "the GPU projection)",
                      (long long)r->cross_thread);
    if (r->negative)
        nsq_warn_text(ctx, "nvtx_end_before_start",
                      "%lld NVTX ranges end before they start: counted in "
                      "skipped.end_before_start, left out of the tables",
                      (long long)r->negative);
    if (!r->ranges)
        nsq_warn_text(ctx, "nvtx_no_ranges",
                      "no closed same-thread NVTX range: only marks (or skipped ranges) are "
                      "reported");
    if (r->gpu_ops_launched && r->gpu_ops_rangeless_threads * 10 >= r->gpu_ops_launched)
        nsq_warn_text(ctx, "gpu_work_on_rangeless_threads",
                      "%lld of %lld launched GPU ops (%.0f %%) come from threads that hold no NVTX "
                      "range, in processes whose other threads do (PyTorch launches the backward "
                      "pass from autograd's own threads): a range's GPU figures count only the "
                      "launches of its own thread, as nsys projects them, so they leave this "
                      "work out; steady-state counts it in the iteration it was launched in",
                      (long long)r->gpu_ops_rangeless_threads, (long long)r->gpu_ops_launched,
                      100.0 * (double)r->gpu_ops_rangeless_threads / (double)r->gpu_ops_launched);
    if (!r->have_gpu)
        nsq_warn_text(ctx, "no_gpu_projection",
                      "the export holds no GPU op matched to a CUDA API call (%lld GPU ops): "
                      "the GPU projection is null, not zero",
                      (long long)r->gpu_ops);
}

static int cmd_nvtx(nsq_ctx *ctx, void *vopts)
{
    nv_opts *o = vopts;
    nsq_nvtx_result r;
    nsq_nvtx_opts no;
    int rc = -1;
    bool have_result = false;
    memset(&no, 0, sizeof no);

    if (o->depth < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--depth must be >= 0");
    if (o->limit < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value", "--limit must be >= 0");
    if (o->name_bytes < 0)
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--name-bytes must be >= 0");
    if (!o->sort || !strcmp(o->sort, "gpu"))
        no.sort = NSQ_NVTX_SORT_GPU;
    else if (!strcmp(o->sort, "cpu"))
        no.sort = NSQ_NVTX_SORT_CPU;
    else if (!strcmp(o->sort, "count"))
        no.sort = NSQ_NVTX_SORT_COUNT;
    else
        return nsq_error(&ctx->err, NSQ_EXIT_USAGE, "bad_option_value",
                         "--sort must be gpu, cpu or count (got '%s')", o->sort);
    if (o->name && !(no.name = nsq_re_compile(o->name, "--name", &ctx->err)))
        return -1;
    no.depth = o->depth;
    no.domain = o->domain;
    no.limit = o->limit;
    no.name_bytes = o->name_bytes;
    no.views = o->views != 0;
    no.end_aside = 1; /* what follows the run is this command's own */
    int run_rc = nsq_nvtx_run(&r, ctx->x, &no, &ctx->err);
    have_result = true; /* a failed run may hold a part of it: released at done */
    if (run_rc)
        goto done;

    nsq_use_query(ctx, "nvtx-ranges", 1);
    json *p = &ctx->params;
    json_obj_begin(p);
    json_kv_int(p, "depth", o->depth);
    if (o->name)
        json_kv_str(p, "name", o->name);
    else
        json_kv_null(p, "name");
    if (o->domain)
        json_kv_str(p, "domain", o->domain);
    else
        json_kv_null(p, "domain");
    json_kv_int(p, "limit", o->limit);
    json_kv_int(p, "name_bytes", o->name_bytes);
    json_kv_str(p, "sort",
                no.sort == NSQ_NVTX_SORT_COUNT               ? "count"
                : no.sort == NSQ_NVTX_SORT_GPU && r.have_gpu ? "gpu"
                                                             : "cpu");
    json_kv_str(p, "engine", r.engine);
    json_obj_end(p);
    if (strcmp(ctx->format, "json"))
        nsq_nvtx_text(&ctx->text, &r, &no, ctx->format);
    else
        nsq_nvtx_json(&ctx->result, &r, &no);
    add_warnings(ctx, &r);
    rc = 0;
done:
    if (have_result)
        nsq_nvtx_release(&r);
    nsq_re_free(no.name);
    return rc;
}

const nsq_cmd cmd_nvtx_def = {
    "nvtx",
    cmd_nvtx,
    CMD_NEED_EXPORT | CMD_FORMATS | CMD_MULTI,
    "nsysql/nvtx",
    1,
    "NVTX ranges by name and nesting path: CPU duration statistics and GPU projection",
    "INPUT",
    nv_options,
    sizeof(nv_opts),
    nv_defaults,
};
