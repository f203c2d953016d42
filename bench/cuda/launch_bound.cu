/*
 * launch_bound.cu - K tiny dependent steps per iteration on a small vector: y = y * a_k + b_k.
 *
 * baseline:             K launches of tiny_step, one by one from the host. Each kernel runs
 *                       for about as long as a launch takes, so the GPU idles between kernels
 *                       waiting for the next launch call (idle gaps with cause host_launch).
 * patch, --patch-mode fused (default):
 *                       one launch of fused_steps doing all K steps per element: the same
 *                       arithmetic (bit-identical results), one kernel instead of K.
 * patch, --patch-mode graph:
 *                       the K tiny_step launches captured once into a CUDA graph (stream
 *                       capture, in iteration 0) and replayed with one cudaGraphLaunch per
 *                       iteration. The GPU still runs K tiny_step kernels, back to back.
 *                       Whether a capture shows them depends on graph tracing: per-node
 *                       records (nsys --cuda-graph-trace=node, or CUPTI kernel activity
 *                       without graph-level tracing) show K tiny_step kernels carrying a
 *                       graph node id; graph-level tracing (nsys's default) shows one record
 *                       per graph launch. The report counts K tiny_step kernels per iteration.
 *
 * Iteration 0 creates the stream, allocates and uploads y and the step coefficients (2 H2D
 * copies) and, in graph mode, captures and instantiates the graph. After the last iteration y
 * is copied back (1 D2H copy) and 32 sampled elements are compared with the same recurrence
 * on the CPU (fmaf, so the results agree exactly).
 */
#include "common.h"

#include <math.h>

enum { MODE_FUSED = 0, MODE_GRAPH = 1 };
static const char *const patch_modes[] = {"fused", "graph", NULL};

__global__ void tiny_step(float *y, int n, float a, float b)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = fmaf(y[i], a, b);
}

__global__ void fused_steps(float *y, int n, const float2 *__restrict__ coef, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = y[i];
    for (int s = 0; s < k; s++)
        v = fmaf(v, coef[s].x, coef[s].y);
    y[i] = v;
}

int main(int argc, char **argv)
{
    bench b = {};
    long long k = 2000, n = 8192;
    int mode = MODE_FUSED;
    const bench_opt opts[] = {
        {"kernels", "K", "steps (baseline: kernel launches) per iteration", &k, 1, 100000, NULL,
         NULL},
        {"elements", "N", "vector length", &n, 1, 1 << 24, NULL, NULL},
        {"patch-mode", NULL, "how the patch removes the launches", NULL, 0, 0, &mode, patch_modes},
    };
    bench_parse(&b, "launch_bound",
                "  K tiny dependent kernels per iteration. baseline: K launches (tiny_step);\n"
                "  patch: one fused kernel (fused_steps) or one CUDA graph of K tiny_step nodes.",
                argc, argv, opts, 3);
    const int graph = b.variant == BENCH_PATCH && mode == MODE_GRAPH;
    const int fused = b.variant == BENCH_PATCH && mode == MODE_FUSED;
    bench_param_int(&b, "kernels", k);
    bench_param_int(&b, "elements", n);
    bench_param_str(&b, "patch_mode", b.variant == BENCH_PATCH ? patch_modes[mode] : "none");
    bench_param_int(&b, "cold_mb", b.cold_mb);

    /* Coefficients a_s slightly below 1 keep y bounded over any number of steps. */
    const size_t ybytes = (size_t)n * sizeof(float), cbytes = (size_t)k * sizeof(float2);
    float *hy0 = (float *)bench_xmalloc(ybytes), *hy = (float *)bench_xmalloc(ybytes);
    float2 *hcoef = (float2 *)bench_xmalloc(cbytes);
    uint32_t seed = 777;
    for (long long i = 0; i < n; i++)
        hy0[i] = bench_randf(&seed, 0.0f, 1.0f);
    for (long long s = 0; s < k; s++)
        hcoef[s] = make_float2(1.0f - 1e-4f * (float)(s % 5), 1e-3f * (float)(s % 3));

    bench_init_device(&b);
    bench_begin(&b);
    cudaStream_t st = NULL;
    cudaGraph_t g = NULL;
    cudaGraphExec_t gx = NULL;
    float *dy = NULL;
    float2 *dcoef = NULL;
    const int ni = (int)n, blocks = (ni + 255) / 256;
    for (long long it = 0; it < b.warmup + b.iterations; it++) {
        if (bench_iter_begin(&b, it)) {
            CK(cudaStreamCreate(&st));
            CK(cudaMalloc(&dy, ybytes));
            CK(cudaMalloc(&dcoef, cbytes));
            CK(cudaMemcpyAsync(dy, hy0, ybytes, cudaMemcpyHostToDevice, st));
            CK(cudaMemcpyAsync(dcoef, hcoef, cbytes, cudaMemcpyHostToDevice, st));
            bench_count_copy(&b, BENCH_H2D, (long long)ybytes);
            bench_count_copy(&b, BENCH_H2D, (long long)cbytes);
            if (graph) {
                CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
                for (long long s = 0; s < k; s++)
                    tiny_step<<<blocks, 256, 0, st>>>(dy, ni, hcoef[s].x, hcoef[s].y);
                b.launch_calls += k; /* captured, not run: the graph runs them */
                CK(cudaStreamEndCapture(st, &g));
                CK_LAUNCH();
                CK(cudaGraphInstantiate(&gx, g, 0));
            }
        }
        if (graph) {
            CK(cudaGraphLaunch(gx, st));
            b.graph_launches++;
            bench_count_kernel(&b, "tiny_step", k);
        } else if (fused) {
            fused_steps<<<blocks, 256, 0, st>>>(dy, ni, dcoef, (int)k);
            bench_count_launch(&b, "fused_steps", 1);
        } else {
            for (long long s = 0; s < k; s++)
                tiny_step<<<blocks, 256, 0, st>>>(dy, ni, hcoef[s].x, hcoef[s].y);
            bench_count_launch(&b, "tiny_step", k);
        }
        CK_LAUNCH();
        bench_iter_end(&b, it);
    }
    CK(cudaMemcpy(hy, dy, ybytes, cudaMemcpyDeviceToHost));
    bench_count_copy(&b, BENCH_D2H, (long long)ybytes);

    /* The CPU runs the same recurrence with fmaf (correctly rounded, as on the GPU). */
    const long long total = b.warmup + b.iterations;
    int bad = 0;
    double worst = 0.0;
    for (int q = 0; q < 32; q++) {
        long long i = (long long)q * (n - 1) / 31;
        float v = hy0[i];
        for (long long it = 0; it < total; it++)
            for (long long s = 0; s < k; s++)
                v = fmaf(v, hcoef[s].x, hcoef[s].y);
        double err = fabs((double)hy[i] - v);
        if (err > 1e-6 * fmax(1.0, fabs(v)))
            bad++;
        worst = fmax(worst, err);
    }
    bench_check(&b, bad == 0, "%d of 32 sampled elements differ from the CPU (max abs err %.3g)",
                bad, worst);

    if (gx)
        CK(cudaGraphExecDestroy(gx));
    if (g)
        CK(cudaGraphDestroy(g));
    CK(cudaFree(dy));
    CK(cudaFree(dcoef));
    CK(cudaStreamDestroy(st));
    bench_end(&b);
    free(hy0);
    free(hy);
    free(hcoef);
    return bench_report(&b);
}
