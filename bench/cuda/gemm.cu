/*
 * gemm.cu - C = relu(A * B + bias) for square n x n float matrices, once per iteration.
 *
 * baseline: sgemm<naive>  one thread per element of C, operands read from global memory.
 * patch:    sgemm<tiled>  64 x 64 tiles of C per block, A and B staged through shared memory
 *                         in 8-wide slabs, 8 outputs per thread (faster).
 * Both variants then launch the same bias_relu epilogue (same code, same launch), so a diff
 * of the two captures has one improved kernel (sgemm) and one unchanged kernel (bias_relu).
 * The template tag keeps the short kernel name "sgemm" in both variants (nsys shortName drops
 * template arguments; the demangled names are "void sgemm<naive>(...)" / "void sgemm<tiled>(...)").
 *
 * Iteration 0 creates the stream, allocates A, B, C and bias on the device and uploads them
 * (3 H2D copies). After the last iteration C is copied back once (1 D2H copy) and 256 sampled
 * entries are checked against a double-precision CPU reference.
 */
#include "common.h"

#include <math.h>
#include <type_traits>

/* Template tags naming the implementation; declared, never defined. */
struct naive;
struct tiled;

constexpr int BM = 64, BN = 64, BK = 8, TM = 8; /* tiled: block tile and per-thread rows */
constexpr int TILED_THREADS = BM * BN / TM;     /* 512 */

__device__ void sgemm_naive(int n, const float *__restrict__ A, const float *__restrict__ B,
                            float *__restrict__ C)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= n || col >= n)
        return;
    float acc = 0.0f;
    for (int k = 0; k < n; k++)
        acc += A[(size_t)row * n + k] * B[(size_t)k * n + col];
    C[(size_t)row * n + col] = acc;
}

/* n is a multiple of 64 (checked by main). Thread t owns column t % BN of the block tile and
   rows (t / BN) * TM .. + TM - 1. */
__device__ void sgemm_tiled(int n, const float *__restrict__ A, const float *__restrict__ B,
                            float *__restrict__ C)
{
    __shared__ float As[BM * BK];
    __shared__ float Bs[BK * BN];
    const int t = threadIdx.x;
    const int tcol = t % BN, trow = t / BN;
    const int arow = t / BK, acol = t % BK; /* this thread's element of the A slab */
    const int brow = t / BN, bcol = t % BN; /* and of the B slab */
    A += (size_t)blockIdx.y * BM * n;
    B += (size_t)blockIdx.x * BN;
    C += (size_t)blockIdx.y * BM * n + (size_t)blockIdx.x * BN;
    float acc[TM] = {0.0f};
    for (int k0 = 0; k0 < n; k0 += BK) {
        As[arow * BK + acol] = A[(size_t)arow * n + acol];
        Bs[brow * BN + bcol] = B[(size_t)brow * n + bcol];
        __syncthreads();
        A += BK;
        B += (size_t)BK * n;
        for (int d = 0; d < BK; d++) {
            float bv = Bs[d * BN + tcol];
            for (int r = 0; r < TM; r++)
                acc[r] += As[(trow * TM + r) * BK + d] * bv;
        }
        __syncthreads();
    }
    for (int r = 0; r < TM; r++)
        C[(size_t)(trow * TM + r) * n + tcol] = acc[r];
}

template <class Impl>
__global__ void sgemm(int n, const float *__restrict__ A, const float *__restrict__ B,
                      float *__restrict__ C)
{
    if constexpr (std::is_same_v<Impl, naive>)
        sgemm_naive(n, A, B, C);
    else
        sgemm_tiled(n, A, B, C);
}

/* The untouched kernel: C = max(C + bias[column], 0). */
__global__ void bias_relu(float *C, const float *bias, int n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (size_t)n * n)
        C[i] = fmaxf(C[i] + bias[i % n], 0.0f);
}

int main(int argc, char **argv)
{
    bench b = {};
    long long n = 1024;
    const bench_opt opts[] = {
        {"n", "N", "matrix size, a multiple of 64", &n, 64, 8192, NULL, NULL},
    };
    bench_parse(
        &b, "gemm",
        "  C = relu(A*B + bias), n x n floats. baseline: naive sgemm; patch: shared-memory\n"
        "  tiled sgemm. Kernels: sgemm, bias_relu (unchanged), cold_touch (warm-up).",
        argc, argv, opts, 1);
    if (n % 64)
        bench_usage_error("--n: %lld is not a multiple of 64", n);
    bench_param_int(&b, "n", n);
    bench_param_int(&b, "cold_mb", b.cold_mb);

    const size_t nn = (size_t)n * n, mbytes = nn * sizeof(float), bbytes = n * sizeof(float);
    float *hA = (float *)bench_xmalloc(mbytes), *hB = (float *)bench_xmalloc(mbytes);
    float *hbias = (float *)bench_xmalloc(bbytes), *hC = (float *)bench_xmalloc(mbytes);
    uint32_t seed = 12345;
    for (size_t i = 0; i < nn; i++)
        hA[i] = bench_randf(&seed, -1.0f, 1.0f);
    for (size_t i = 0; i < nn; i++)
        hB[i] = bench_randf(&seed, -1.0f, 1.0f);
    for (long long i = 0; i < n; i++)
        hbias[i] = bench_randf(&seed, -0.5f, 0.5f);

    bench_init_device(&b);
    bench_begin(&b);
    cudaStream_t s = NULL;
    float *dA = NULL, *dB = NULL, *dC = NULL, *dbias = NULL;
    const int ni = (int)n;
    for (long long it = 0; it < b.warmup + b.iterations; it++) {
        if (bench_iter_begin(&b, it)) {
            CK(cudaStreamCreate(&s));
            CK(cudaMalloc(&dA, mbytes));
            CK(cudaMalloc(&dB, mbytes));
            CK(cudaMalloc(&dC, mbytes));
            CK(cudaMalloc(&dbias, bbytes));
            CK(cudaMemcpyAsync(dA, hA, mbytes, cudaMemcpyHostToDevice, s));
            CK(cudaMemcpyAsync(dB, hB, mbytes, cudaMemcpyHostToDevice, s));
            CK(cudaMemcpyAsync(dbias, hbias, bbytes, cudaMemcpyHostToDevice, s));
            bench_count_copy(&b, BENCH_H2D, (long long)mbytes);
            bench_count_copy(&b, BENCH_H2D, (long long)mbytes);
            bench_count_copy(&b, BENCH_H2D, (long long)bbytes);
        }
        if (b.variant == BENCH_BASELINE) {
            dim3 block(32, 8), grid((ni + 31) / 32, (ni + 7) / 8);
            sgemm<naive><<<grid, block, 0, s>>>(ni, dA, dB, dC);
        } else {
            dim3 grid(ni / BN, ni / BM);
            sgemm<tiled><<<grid, TILED_THREADS, 0, s>>>(ni, dA, dB, dC);
        }
        bias_relu<<<(unsigned)((nn + 255) / 256), 256, 0, s>>>(dC, dbias, ni);
        bench_count_launch(&b, "sgemm", 1);
        bench_count_launch(&b, "bias_relu", 1);
        CK_LAUNCH();
        bench_iter_end(&b, it);
    }
    CK(cudaMemcpy(hC, dC, mbytes, cudaMemcpyDeviceToHost));
    bench_count_copy(&b, BENCH_D2H, (long long)mbytes);

    /* Check 256 sampled entries against relu(sum in double + bias); the tolerance scales with
       sum |a*b|, far above float rounding (~sqrt(n) ulp) and far below any indexing error. */
    int bad = 0;
    double worst = 0.0;
    for (int k = 0; k < 256; k++) {
        size_t i = bench_rand(&seed) % (uint32_t)n, j = bench_rand(&seed) % (uint32_t)n;
        double sum = 0.0, mag = 0.0;
        for (size_t q = 0; q < (size_t)n; q++) {
            double p = (double)hA[i * n + q] * hB[q * n + j];
            sum += p;
            mag += fabs(p);
        }
        double ref = fmax(sum + hbias[j], 0.0), err = fabs(hC[i * n + j] - ref);
        double tol = 1e-4 * mag + 1e-5;
        if (err > tol)
            bad++;
        if (err / tol > worst)
            worst = err / tol;
    }
    bench_check(&b, bad == 0, "%d of 256 sampled entries outside tolerance (worst err/tol %.3g)",
                bad, worst);

    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(dbias));
    CK(cudaStreamDestroy(s));
    bench_end(&b);
    free(hA);
    free(hB);
    free(hbias);
    free(hC);
    return bench_report(&b);
}
