/*
 * common.h - shared helpers of the bench/cuda programs: option parsing, CUDA error checks,
 * clocks, NVTX ranges, the deliberate warm-up, counters of what was launched and copied, and
 * the one-line JSON report. Each program is a single translation unit that includes this
 * header once, so the helpers are plain static functions.
 *
 * Exit codes (every program): 0 ok, 1 the result check failed, 2 usage error, 3 no CUDA
 * device (none visible, or no driver / a driver too old for this runtime), 4 other CUDA error.
 *
 * Iteration structure (NVTX push/pop ranges, default domain):
 *   main
 *     warmup                      (only when --warmup > 0)
 *       iteration  x W            warm-up iterations: same work, deliberately slower
 *     iteration    x N            measured iterations
 * Iteration 0 allocates and uploads (the program's setup), and is the first launch of every
 * kernel (lazy module loading); each warm-up iteration also streams a cold scratch buffer
 * (kernel cold_touch) before its work. Every iteration ends with cudaDeviceSynchronize inside
 * its range, so the GPU work of an iteration lies inside that iteration's range.
 */
#pragma once

#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    BENCH_EXIT_OK = 0,
    BENCH_EXIT_CHECK = 1,
    BENCH_EXIT_USAGE = 2,
    BENCH_EXIT_NO_DEVICE = 3,
    BENCH_EXIT_CUDA = 4,
};

enum { BENCH_BASELINE = 0, BENCH_PATCH = 1 };
enum { BENCH_H2D = 0, BENCH_D2H = 1, BENCH_D2D = 2, BENCH_NDIR = 3 };

#define BENCH_MAX_KERNELS 8
#define BENCH_MAX_PARAMS 8
#define BENCH_MAX_OPTS 16

static const char *bench_prog = "bench"; /* program name for messages; set by bench_parse */
static const char *const bench_variants[] = {"baseline", "patch", NULL};

/* One command-line option. An integer option has ival (inclusive range lo..hi); a choice
   option has cval, an index into the NULL-terminated choices. Storage belongs to the caller. */
typedef struct bench_opt {
    const char *name;    /* long name without the leading "--" */
    const char *metavar; /* "N", or NULL for a choice option (the choices are shown) */
    const char *help;
    long long *ival;
    long long lo, hi;
    int *cval;
    const char *const *choices;
} bench_opt;

typedef struct bench_param {
    const char *key;
    const char *sval; /* string value, or NULL for ival */
    long long ival;
} bench_param;

/* Everything one run did, for the report. Zero-initialise, then bench_parse. */
typedef struct bench {
    const char *program;
    int variant; /* BENCH_BASELINE or BENCH_PATCH */
    long long iterations, warmup, cold_mb;
    cudaDeviceProp prop;
    int driver_version, runtime_version;

    const char *kernel_name[BENCH_MAX_KERNELS];
    long long kernel_count[BENCH_MAX_KERNELS];
    int nkernels;
    long long launch_calls, graph_launches;
    long long copy_count[BENCH_NDIR], copy_bytes[BENCH_NDIR];
    long long memset_count, memset_bytes;
    long long nvtx_main, nvtx_warmup, nvtx_iteration;

    bench_param params[BENCH_MAX_PARAMS];
    int nparams;

    void *cold;         /* scratch buffer of the warm-up, owned; freed after the warm-up */
    long long *iter_ns; /* host duration of each iteration range, owned, W+N entries */
    long long t_main0, t_main1, t_real0, t_real1, t_warm0, t_warm1, t_steady0, t_steady1;
    long long t_iter0;

    int check_ok;
    char check_detail[256];
} bench;

/* Checks a CUDA runtime call: on failure prints what failed and where, and exits 4. */
#define CK(call) bench_ck((call), #call, __FILE__, __LINE__)
/* Checks the launches issued since the last check (launch errors stay until read). */
#define CK_LAUNCH() CK(cudaGetLastError())

static inline void bench_ck(cudaError_t e, const char *what, const char *file, int line)
{
    if (e == cudaSuccess)
        return;
    fprintf(stderr, "%s: CUDA error %s (%s) in %s at %s:%d\n", bench_prog, cudaGetErrorName(e),
            cudaGetErrorString(e), what, file, line);
    exit(BENCH_EXIT_CUDA);
}

static inline long long bench_now_ns(clockid_t clk)
{
    struct timespec ts;
    clock_gettime(clk, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Deterministic inputs: a 32-bit LCG (Numerical Recipes constants). */
static inline uint32_t bench_rand(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state;
}

/* Uniform float in [lo, hi) from the top 24 bits of the LCG. */
static inline float bench_randf(uint32_t *state, float lo, float hi)
{
    return lo + (hi - lo) * (float)(bench_rand(state) >> 8) * (1.0f / 16777216.0f);
}

static inline void *bench_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "%s: out of host memory (%zu bytes)\n", bench_prog, n);
        exit(BENCH_EXIT_CUDA);
    }
    return p;
}

/* ---- options ---------------------------------------------------------------------------- */

static inline void bench_print_usage(FILE *f, const char *summary, const bench_opt *opts, int nopts)
{
    fprintf(f, "usage: %s [options]\n%s\noptions:\n", bench_prog, summary);
    for (int i = 0; i < nopts; i++) {
        const bench_opt *o = &opts[i];
        char left[96], def[64];
        if (o->choices) {
            char alts[64] = "";
            for (int c = 0; o->choices[c]; c++)
                snprintf(alts + strlen(alts), sizeof alts - strlen(alts), "%s%s", c ? "|" : "",
                         o->choices[c]);
            snprintf(left, sizeof left, "--%s %s", o->name, alts);
            snprintf(def, sizeof def, "default %s", o->choices[*o->cval]);
        } else {
            snprintf(left, sizeof left, "--%s %s", o->name, o->metavar);
            snprintf(def, sizeof def, "%lld..%lld, default %lld", o->lo, o->hi, *o->ival);
        }
        fprintf(f, "  %-25s %s [%s]\n", left, o->help, def);
    }
    fprintf(f, "  %-25s %s\n", "-h, --help", "show this help and exit");
    fprintf(f, "output: one JSON line on stdout saying what ran (see bench/cuda/README.md)\n"
               "exit status: 0 ok, 1 result check failed, 2 usage error, 3 no CUDA device,\n"
               "             4 other CUDA error\n");
}

/* Prints a usage error and exits 2. */
static inline void bench_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", bench_prog);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help'.\n", bench_prog);
    exit(BENCH_EXIT_USAGE);
}

static inline void bench_set_opt(const bench_opt *o, const char *val)
{
    if (o->choices) {
        for (int c = 0; o->choices[c]; c++) {
            if (strcmp(val, o->choices[c]) == 0) {
                *o->cval = c;
                return;
            }
        }
        bench_usage_error("--%s: unknown value '%s'", o->name, val);
    }
    char *end = NULL;
    errno = 0;
    long long v = strtoll(val, &end, 10);
    if (!*val || *end || errno || v < o->lo || v > o->hi)
        bench_usage_error("--%s: expected an integer in %lld..%lld, got '%s'", o->name, o->lo,
                          o->hi, val);
    *o->ival = v;
}

/*
 * Parses argv into b's common options (--variant, --iterations, --warmup, --cold-mb) and the
 * program's own options (extra, storage owned by the caller, defaults already stored there).
 * --help prints usage on stdout and exits 0; any error prints a message on stderr and exits 2.
 * Accepts "--name value" and "--name=value". No CUDA call is made here.
 */
static inline void bench_parse(bench *b, const char *program, const char *summary, int argc,
                               char **argv, const bench_opt *extra, int nextra)
{
    bench_prog = program;
    b->program = program;
    b->variant = BENCH_BASELINE;
    b->iterations = 50;
    b->warmup = 5;
    b->cold_mb = 512;
    b->check_ok = 1;
    snprintf(b->check_detail, sizeof b->check_detail, "not checked");

    bench_opt opts[BENCH_MAX_OPTS] = {
        {"variant", NULL, "which implementation runs", NULL, 0, 0, &b->variant, bench_variants},
        {"iterations", "N", "measured iterations after the warm-up", &b->iterations, 1, 100000,
         NULL, NULL},
        {"warmup", "N", "warm-up iterations: same work, made slower", &b->warmup, 0, 10000, NULL,
         NULL},
        {"cold-mb", "MIB", "scratch streamed per warm-up iteration, 0: none", &b->cold_mb, 0, 65536,
         NULL, NULL},
    };
    int nopts = 4;
    for (int i = 0; i < nextra && nopts < BENCH_MAX_OPTS; i++)
        opts[nopts++] = extra[i];

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            bench_print_usage(stdout, summary, opts, nopts);
            exit(BENCH_EXIT_OK);
        }
        if (strncmp(a, "--", 2) != 0 || !a[2])
            bench_usage_error("unexpected argument '%s'", a);
        const char *eq = strchr(a + 2, '=');
        size_t len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
        const bench_opt *o = NULL;
        for (int k = 0; k < nopts && !o; k++)
            if (strlen(opts[k].name) == len && strncmp(opts[k].name, a + 2, len) == 0)
                o = &opts[k];
        if (!o)
            bench_usage_error("unknown option '%.*s'", (int)len + 2, a);
        const char *val = eq ? eq + 1 : NULL;
        if (!val) {
            if (i + 1 >= argc)
                bench_usage_error("--%s needs a value", o->name);
            val = argv[++i];
        }
        bench_set_opt(o, val);
    }
    b->iter_ns =
        (long long *)bench_xmalloc(sizeof(long long) * (size_t)(b->warmup + b->iterations));
}

/* ---- device, report counters, NVTX -------------------------------------------------------- */

/* Picks device 0 and creates its context (outside the timed ranges). With no usable device,
   prints "no CUDA device" with the runtime's reason and exits 3. */
static inline void bench_init_device(bench *b)
{
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: no CUDA device: cudaGetDeviceCount failed: %s (%s)\n", bench_prog,
                cudaGetErrorName(e), cudaGetErrorString(e));
        exit(BENCH_EXIT_NO_DEVICE);
    }
    if (count < 1) {
        fprintf(stderr, "%s: no CUDA device: cudaGetDeviceCount found none\n", bench_prog);
        exit(BENCH_EXIT_NO_DEVICE);
    }
    CK(cudaSetDevice(0)); /* also initialises the primary context (CUDA 12 and later) */
    CK(cudaGetDeviceProperties(&b->prop, 0));
    CK(cudaDriverGetVersion(&b->driver_version));
    CK(cudaRuntimeGetVersion(&b->runtime_version));
}

static inline void bench_count_kernel(bench *b, const char *name, long long n)
{
    for (int i = 0; i < b->nkernels; i++) {
        if (strcmp(b->kernel_name[i], name) == 0) {
            b->kernel_count[i] += n;
            return;
        }
    }
    if (b->nkernels < BENCH_MAX_KERNELS) {
        b->kernel_name[b->nkernels] = name;
        b->kernel_count[b->nkernels++] = n;
    }
}

/* Counts n host launch calls (<<<>>>) of kernel `name`, each running once. */
static inline void bench_count_launch(bench *b, const char *name, long long n)
{
    bench_count_kernel(b, name, n);
    b->launch_calls += n;
}

static inline void bench_count_copy(bench *b, int dir, long long bytes)
{
    b->copy_count[dir]++;
    b->copy_bytes[dir] += bytes;
}

static inline void bench_count_memset(bench *b, long long bytes)
{
    b->memset_count++;
    b->memset_bytes += bytes;
}

static inline void bench_param_int(bench *b, const char *key, long long v)
{
    if (b->nparams < BENCH_MAX_PARAMS)
        b->params[b->nparams++] = bench_param{key, NULL, v};
}

static inline void bench_param_str(bench *b, const char *key, const char *v)
{
    if (b->nparams < BENCH_MAX_PARAMS)
        b->params[b->nparams++] = bench_param{key, v, 0};
}

static inline void bench_push(const char *name, long long *counter)
{
    nvtxRangePushA(name);
    (*counter)++;
}

/* Opens the "main" range and starts the wall clock. */
static inline void bench_begin(bench *b)
{
    b->t_real0 = bench_now_ns(CLOCK_REALTIME);
    b->t_main0 = bench_now_ns(CLOCK_MONOTONIC);
    bench_push("main", &b->nvtx_main);
}

/* Closes the "main" range and stops the wall clock. */
static inline void bench_end(bench *b)
{
    nvtxRangePop();
    b->t_main1 = bench_now_ns(CLOCK_MONOTONIC);
    b->t_real1 = bench_now_ns(CLOCK_REALTIME);
}

/* ---- the warm-up ---------------------------------------------------------------------------- */

/* Read-modify-write of n 16-byte words: evicts L2 and costs GPU time in warm-up iterations. */
__global__ void cold_touch(uint4 *p, size_t n)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        uint4 v = p[i];
        v.x = v.x * 1664525u + 1013904223u;
        v.y = v.y * 1664525u + 1013904223u;
        v.z = v.z * 1664525u + 1013904223u;
        v.w = v.w * 1664525u + 1013904223u;
        p[i] = v;
    }
}

/*
 * Starts iteration `it` (0-based over warm-up and measured iterations): opens the "warmup" range
 * before the first warm-up iteration, then the "iteration" range. A warm-up iteration streams
 * --cold-mb MiB of scratch (allocated in the first one) with cold_touch on the legacy default
 * stream, which the programs' blocking streams wait for, so their work starts with a cold L2.
 * Returns 1 when this is iteration 0, where the program runs its setup.
 */
static inline int bench_iter_begin(bench *b, long long it)
{
    long long now = bench_now_ns(CLOCK_MONOTONIC);
    if (it == 0 && b->warmup > 0) {
        b->t_warm0 = now;
        bench_push("warmup", &b->nvtx_warmup);
    }
    if (it == b->warmup)
        b->t_steady0 = now;
    b->t_iter0 = now;
    bench_push("iteration", &b->nvtx_iteration);
    if (it < b->warmup && b->cold_mb > 0) {
        size_t bytes = (size_t)b->cold_mb << 20;
        if (!b->cold)
            CK(cudaMalloc(&b->cold, bytes));
        cold_touch<<<b->prop.multiProcessorCount * 8, 256>>>((uint4 *)b->cold, bytes / 16);
        bench_count_launch(b, "cold_touch", 1);
        CK_LAUNCH();
    }
    return it == 0;
}

/* Ends iteration `it`: waits for all its GPU work, closes its range, and after the last warm-up
   iteration frees the scratch and closes the "warmup" range. */
static inline void bench_iter_end(bench *b, long long it)
{
    CK(cudaDeviceSynchronize());
    nvtxRangePop();
    long long now = bench_now_ns(CLOCK_MONOTONIC);
    b->iter_ns[it] = now - b->t_iter0;
    b->t_steady1 = now;
    if (it == b->warmup - 1) {
        if (b->cold)
            CK(cudaFree(b->cold));
        b->cold = NULL;
        nvtxRangePop();
        b->t_warm1 = bench_now_ns(CLOCK_MONOTONIC);
    }
}

/* Records the outcome of the program's result check (printf-style detail). */
static inline void bench_check(bench *b, int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->check_detail, sizeof b->check_detail, fmt, ap);
    va_end(ap);
    b->check_ok = ok;
    if (!ok)
        fprintf(stderr, "%s: result check failed: %s\n", bench_prog, b->check_detail);
}

/* ---- report ---------------------------------------------------------------------------------- */

static inline void bench_json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

/*
 * Prints the one-line JSON report on stdout and returns the exit code (0, or 1 when the
 * result check failed). Frees b->iter_ns.
 */
static inline int bench_report(bench *b)
{
    static const char *const dirs[BENCH_NDIR] = {"h2d", "d2h", "d2d"};
    printf("{\"program\":");
    bench_json_str(b->program);
    printf(",\"variant\":\"%s\",\"warmup\":%lld,\"iterations\":%lld,\"params\":{",
           bench_variants[b->variant], b->warmup, b->iterations);
    for (int i = 0; i < b->nparams; i++) {
        printf("%s", i ? "," : "");
        bench_json_str(b->params[i].key);
        putchar(':');
        if (b->params[i].sval)
            bench_json_str(b->params[i].sval);
        else
            printf("%lld", b->params[i].ival);
    }
    printf("},\"device\":{\"ordinal\":0,\"name\":");
    bench_json_str(b->prop.name);
    printf(",\"cc\":\"%d.%d\",\"sm_count\":%d,\"l2_bytes\":%d,\"driver_version\":%d,"
           "\"runtime_version\":%d}",
           b->prop.major, b->prop.minor, b->prop.multiProcessorCount, b->prop.l2CacheSize,
           b->driver_version, b->runtime_version);
    printf(",\"nvtx\":{\"main\":%lld,\"warmup\":%lld,\"iteration\":%lld}", b->nvtx_main,
           b->nvtx_warmup, b->nvtx_iteration);
    printf(",\"kernels\":{");
    for (int i = 0; i < b->nkernels; i++) {
        printf("%s", i ? "," : "");
        bench_json_str(b->kernel_name[i]);
        printf(":%lld", b->kernel_count[i]);
    }
    printf("},\"launch_calls\":%lld,\"graph_launches\":%lld,\"memcpy\":{", b->launch_calls,
           b->graph_launches);
    for (int d = 0; d < BENCH_NDIR; d++)
        printf("%s\"%s\":{\"count\":%lld,\"bytes\":%lld}", d ? "," : "", dirs[d], b->copy_count[d],
               b->copy_bytes[d]);
    printf("},\"memset\":{\"count\":%lld,\"bytes\":%lld}", b->memset_count, b->memset_bytes);
    printf(",\"check\":{\"ok\":%s,\"detail\":", b->check_ok ? "true" : "false");
    bench_json_str(b->check_detail);
    printf("},\"start_realtime_ns\":%lld,\"end_realtime_ns\":%lld,\"wall_ns\":%lld", b->t_real0,
           b->t_real1, b->t_main1 - b->t_main0);
    printf(",\"warmup_ns\":%lld,\"steady_ns\":%lld,\"iteration_ns\":[",
           b->warmup > 0 ? b->t_warm1 - b->t_warm0 : 0LL, b->t_steady1 - b->t_steady0);
    for (long long i = 0; i < b->warmup + b->iterations; i++)
        printf("%s%lld", i ? "," : "", b->iter_ns[i]);
    printf("]}\n");
    fflush(stdout);
    free(b->iter_ns);
    b->iter_ns = NULL;
    return b->check_ok ? BENCH_EXIT_OK : BENCH_EXIT_CHECK;
}
