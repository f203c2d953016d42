/*
 * reduction.cu - the sum of n unsigned 32-bit integers, once per iteration, checked every time.
 *
 * baseline: reduce_sum<atomic_each>   one thread per element, one 64-bit atomicAdd per
 *                                     element on the single global result.
 * patch:    reduce_sum<warp_shuffle>  a grid-stride loop sums in registers, then a
 *                                     __shfl_down_sync tree per warp, per-warp partials in
 *                                     shared memory, one atomicAdd per block (faster).
 * The short kernel name is "reduce_sum" in both variants (the template tag names the
 * implementation in the demangled name), so diff pairs them.
 *
 * Integer sums are exact and independent of the order of additions, so every iteration's
 * result must equal the CPU sum bit for bit; any mismatch fails the run (exit 1).
 * Per iteration: cudaMemsetAsync of the 8-byte result, reduce_sum, an 8-byte D2H copy.
 * Iteration 0 creates the stream, allocates and uploads the input (1 H2D copy).
 */
#include "common.h"

#include <type_traits>

/* Template tags naming the implementation; declared, never defined. */
struct atomic_each;
struct warp_shuffle;

__device__ unsigned long long warp_sum(unsigned long long v)
{
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

/* The patch requires blockDim.x to be a multiple of 32 (main launches 256). */
template <class Impl>
__global__ void reduce_sum(const unsigned *__restrict__ in, long long n, unsigned long long *out)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if constexpr (std::is_same_v<Impl, atomic_each>) {
        if (i < n)
            atomicAdd(out, (unsigned long long)in[i]);
    } else {
        __shared__ unsigned long long partial[32];
        unsigned long long s = 0;
        for (long long stride = (long long)gridDim.x * blockDim.x; i < n; i += stride)
            s += in[i];
        s = warp_sum(s);
        const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
        if (lane == 0)
            partial[warp] = s;
        __syncthreads();
        if (warp == 0) {
            s = lane < (int)(blockDim.x / 32) ? partial[lane] : 0;
            s = warp_sum(s);
            if (lane == 0)
                atomicAdd(out, s);
        }
    }
}

int main(int argc, char **argv)
{
    bench b = {};
    long long n = 1LL << 24;
    const bench_opt opts[] = {
        {"n", "N", "number of elements", &n, 1, 1LL << 30, NULL, NULL},
    };
    bench_parse(&b, "reduction",
                "  Sum of N uint32 values. baseline: one global atomicAdd per element;\n"
                "  patch: warp-shuffle tree, one atomicAdd per block. Checked against the CPU.",
                argc, argv, opts, 1);
    bench_param_int(&b, "n", n);
    bench_param_int(&b, "cold_mb", b.cold_mb);

    const size_t bytes = (size_t)n * sizeof(unsigned);
    unsigned *hin = (unsigned *)bench_xmalloc(bytes);
    uint32_t seed = 99;
    unsigned long long ref = 0;
    for (long long i = 0; i < n; i++) {
        hin[i] = bench_rand(&seed) >> 22; /* 0..1023 */
        ref += hin[i];
    }

    bench_init_device(&b);
    bench_begin(&b);
    cudaStream_t st = NULL;
    unsigned *din = NULL;
    unsigned long long *dout = NULL, got = 0;
    long long mismatches = 0, first_bad = -1;
    unsigned long long first_bad_value = 0;
    for (long long it = 0; it < b.warmup + b.iterations; it++) {
        if (bench_iter_begin(&b, it)) {
            CK(cudaStreamCreate(&st));
            CK(cudaMalloc(&din, bytes));
            CK(cudaMalloc(&dout, sizeof *dout));
            CK(cudaMemcpyAsync(din, hin, bytes, cudaMemcpyHostToDevice, st));
            bench_count_copy(&b, BENCH_H2D, (long long)bytes);
        }
        CK(cudaMemsetAsync(dout, 0, sizeof *dout, st));
        bench_count_memset(&b, sizeof *dout);
        if (b.variant == BENCH_BASELINE) {
            reduce_sum<atomic_each><<<(unsigned)((n + 255) / 256), 256, 0, st>>>(din, n, dout);
        } else {
            long long blocks = (n + 255) / 256, cap = 8LL * b.prop.multiProcessorCount;
            reduce_sum<warp_shuffle>
                <<<(unsigned)(blocks < cap ? blocks : cap), 256, 0, st>>>(din, n, dout);
        }
        bench_count_launch(&b, "reduce_sum", 1);
        CK_LAUNCH();
        CK(cudaMemcpyAsync(&got, dout, sizeof got, cudaMemcpyDeviceToHost, st));
        bench_count_copy(&b, BENCH_D2H, sizeof got);
        bench_iter_end(&b, it);
        if (got != ref && mismatches++ == 0) {
            first_bad = it;
            first_bad_value = got;
        }
    }
    if (mismatches)
        bench_check(&b, 0, "%lld of %lld iterations summed wrong (iteration %lld: %llu, CPU %llu)",
                    mismatches, b.warmup + b.iterations, first_bad, first_bad_value, ref);
    else
        bench_check(&b, 1, "all %lld sums equal the CPU sum %llu", b.warmup + b.iterations, ref);

    CK(cudaFree(din));
    CK(cudaFree(dout));
    CK(cudaStreamDestroy(st));
    bench_end(&b);
    free(hin);
    return bench_report(&b);
}
