/*
 * managed.cu - unified (managed) memory, the page-fault stall: per iteration the host writes
 * every element of one managed buffer of MiB of floats (so its pages migrate back to the
 * host), then one scale_managed kernel reads and writes every element on the GPU.
 *
 * baseline: the kernel touches host-resident pages: every page it reaches first raises a GPU
 *           page fault, and the Unified Memory driver migrates the pages to the device while
 *           the faulting warps wait, so the kernel's duration includes the fault stalls.
 * patch:    cudaMemPrefetchAsync of the whole buffer to the device on the kernel's stream
 *           before the launch: the pages migrate in bulk ahead of the kernel, which then runs
 *           without faults.
 * scale_managed is the same kernel with the same launch (grid, block, arguments) in both
 * variants (unchanged code); only the prefetch differs.
 *
 * What a profile should show: baseline's scale_managed much longer than patch's (the fault
 * stalls; patch's is the bare arithmetic at memory speed). The patch adds prefetch work that
 * is not a kernel: a cudaMemPrefetchAsync runtime call per iteration, and on the GPU a bulk
 * migration (nsys, with Unified Memory tracing, shows it as "Unified Memory" HtoD transfers;
 * nsysql's CUPTI backend records no unified-memory activity, so there it is only the gap
 * before the kernel). Neither variant issues a cudaMemcpy, so the report's memcpy counts are
 * zero. Iteration time should drop too, by less than the kernel does (the migration remains).
 * Needs a device with concurrentManagedAccess (Linux, Pascal or newer) so that the GPU can
 * fault on managed pages; on a system where the GPU reads host memory coherently (ATS,
 * Grace Hopper) the baseline may not migrate at all.
 *
 * Iteration 0 creates the stream and allocates the managed buffer (cudaMallocManaged; its
 * pages are populated on the host by the first write). After the last iteration 64 sampled
 * outputs are compared with the same arithmetic on the CPU (reading them back on the host).
 */
#include "common.h"

#include <math.h>

/* v -> v * 0.9999 + 0.0001, `work` times, per element, in place. */
__global__ void scale_managed(float *__restrict__ x, int n, int work)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i];
    for (int w = 0; w < work; w++)
        v = fmaf(v, 0.9999f, 0.0001f);
    x[i] = v;
}

/* What the host writes at element i in iteration it: a hash of both, in [0, 1), so every
   iteration writes new values and the check can recompute any sample. */
static inline float managed_input(long long i, long long it)
{
    uint32_t s = ((uint32_t)i * 2654435761u) ^ ((uint32_t)(it + 1) * 40503u);
    s ^= s >> 15;
    s *= 2246822519u;
    s ^= s >> 13;
    return (float)(s >> 8) * (1.0f / 16777216.0f);
}

/* Migrates [p, p + bytes) to device `dev` on `s` (the prefetch of the patch). CUDA 13 takes a
   cudaMemLocation and flags (0) instead of the device ordinal. */
static inline void managed_prefetch(const void *p, size_t bytes, int dev, cudaStream_t s)
{
#if CUDART_VERSION >= 13000
    cudaMemLocation loc = {};
    loc.type = cudaMemLocationTypeDevice;
    loc.id = dev;
    CK(cudaMemPrefetchAsync(p, bytes, loc, 0, s));
#else
    CK(cudaMemPrefetchAsync(p, bytes, dev, s));
#endif
}

int main(int argc, char **argv)
{
    bench b = {};
    long long mb = 64, work = 256;
    const bench_opt opts[] = {
        {"mb", "MIB", "managed buffer the host and the GPU rewrite per iteration", &mb, 1, 1024,
         NULL, NULL},
        {"work", "W", "multiply-adds per element in scale_managed", &work, 0, 1000000, NULL, NULL},
    };
    bench_parse(&b, "managed",
                "  Host writes a managed buffer, scale_managed updates it on the GPU. baseline:\n"
                "  the kernel page-faults the buffer over; patch: cudaMemPrefetchAsync first.",
                argc, argv, opts, 2);
    const int patch = b.variant == BENCH_PATCH;
    bench_param_int(&b, "mb", mb);
    bench_param_int(&b, "work", work);
    bench_param_int(&b, "cold_mb", b.cold_mb);
    bench_param_int(&b, "prefetch_calls", patch ? b.warmup + b.iterations : 0);

    const long long n = (mb << 20) / (long long)sizeof(float);
    const size_t bytes = (size_t)n * sizeof(float);
    const int dev = 0; /* the device bench_init_device selects */

    bench_init_device(&b);
    if (!b.prop.managedMemory || !b.prop.concurrentManagedAccess) {
        fprintf(stderr,
                "%s: %s has managedMemory=%d concurrentManagedAccess=%d; this program needs "
                "both (GPU page faults on managed memory)\n",
                bench_prog, b.prop.name, b.prop.managedMemory, b.prop.concurrentManagedAccess);
        return BENCH_EXIT_CUDA;
    }
    /* Never oversubscribe: the buffer and the warm-up scratch must fit in free device memory,
       or migrations would evict pages and measure thrashing instead. */
    size_t free_b = 0, total_b = 0;
    CK(cudaMemGetInfo(&free_b, &total_b));
    const size_t cold = b.warmup > 0 ? (size_t)b.cold_mb << 20 : 0;
    if (bytes + cold > free_b) {
        fprintf(stderr, "%s: --mb %lld plus --cold-mb %lld MiB exceed the %zu MiB free on %s\n",
                bench_prog, mb, b.cold_mb, free_b >> 20, b.prop.name);
        return BENCH_EXIT_CUDA;
    }

    bench_begin(&b);
    cudaStream_t st = NULL;
    float *x = NULL;
    const unsigned grid = (unsigned)((n + 255) / 256);
    for (long long it = 0; it < b.warmup + b.iterations; it++) {
        if (bench_iter_begin(&b, it)) {
            CK(cudaStreamCreate(&st));
            CK(cudaMallocManaged(&x, bytes, cudaMemAttachGlobal));
        }
        /* The CPU writes every element: every page becomes host-resident (migrating back
           from the device after the first iteration). */
        for (long long i = 0; i < n; i++)
            x[i] = managed_input(i, it);
        if (patch)
            managed_prefetch(x, bytes, dev, st);
        scale_managed<<<grid, 256, 0, st>>>(x, (int)n, (int)work);
        bench_count_launch(&b, "scale_managed", 1);
        CK_LAUNCH();
        CK(cudaStreamSynchronize(st));
        bench_iter_end(&b, it);
    }

    /* x holds the last iteration's outputs; the CPU repeats the kernel's fmaf chain on that
       iteration's inputs (exact match expected). */
    const long long last = b.warmup + b.iterations - 1;
    int bad = 0;
    double worst = 0.0;
    for (int q = 0; q < 64; q++) {
        long long i = (long long)q * (n - 1) / 63;
        float v = managed_input(i, last);
        for (long long w = 0; w < work; w++)
            v = fmaf(v, 0.9999f, 0.0001f);
        double err = fabs((double)x[i] - v);
        if (err > 1e-6 * fmax(1.0, fabs(v)))
            bad++;
        worst = fmax(worst, err);
    }
    bench_check(&b, bad == 0, "%d of 64 sampled outputs differ from the CPU (max abs err %.3g)",
                bad, worst);

    CK(cudaFree(x));
    CK(cudaStreamDestroy(st));
    bench_end(&b);
    return bench_report(&b);
}
