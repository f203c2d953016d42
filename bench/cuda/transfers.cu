/*
 * transfers.cu - per iteration, MiB of floats go to the GPU in C chunks, are transformed by
 * scale_chunk, and come back: C H2D copies, C kernels, C D2H copies.
 *
 * baseline: pageable host buffers (malloc) and one stream. cudaMemcpyAsync from pageable
 *           memory is staged by the driver through a pinned bounce buffer, so it is slow and
 *           effectively synchronous: copies, kernels and copies run one after another.
 * patch:    pinned host buffers (cudaMallocHost) and two streams, chunk c on stream c % 2:
 *           the upload of one chunk overlaps the kernel of the other and the downloads.
 * scale_chunk is the same kernel with the same launches in both variants (unchanged).
 *
 * Iteration 0 creates the streams and allocates the device buffers and the host buffers
 * (baseline: malloc, first touched when the input is written there and by the first download;
 * patch: cudaMallocHost, slow by design), and writes the input. After the last iteration 64
 * sampled outputs are compared with the same arithmetic on the CPU.
 */
#include "common.h"

#include <math.h>

/* v -> v * 0.9999 + 0.0001, `work` times, per element. */
__global__ void scale_chunk(const float *__restrict__ in, float *__restrict__ out, int n, int work)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = in[i];
    for (int w = 0; w < work; w++)
        v = fmaf(v, 0.9999f, 0.0001f);
    out[i] = v;
}

int main(int argc, char **argv)
{
    bench b = {};
    long long mb = 64, chunks = 8, work = 1024;
    const bench_opt opts[] = {
        {"mb", "MIB", "data sent to the GPU and back per iteration", &mb, 1, 4096, NULL, NULL},
        {"chunks", "C", "copies per direction (and kernels) per iteration", &chunks, 1, 1024, NULL,
         NULL},
        {"work", "W", "multiply-adds per element in scale_chunk", &work, 0, 1000000, NULL, NULL},
    };
    bench_parse(&b, "transfers",
                "  Chunked upload, scale_chunk, download. baseline: pageable memory, one\n"
                "  stream; patch: pinned memory, two streams overlapping copies and compute.",
                argc, argv, opts, 3);
    bench_param_int(&b, "mb", mb);
    bench_param_int(&b, "chunks", chunks);
    bench_param_int(&b, "work", work);
    bench_param_int(&b, "cold_mb", b.cold_mb);

    const long long n = (mb << 20) / (long long)sizeof(float);
    const size_t bytes = (size_t)n * sizeof(float);
    const int patch = b.variant == BENCH_PATCH, nstreams = patch ? 2 : 1;

    bench_init_device(&b);
    bench_begin(&b);
    cudaStream_t st[2] = {NULL, NULL};
    float *hin = NULL, *hout = NULL, *din = NULL, *dout = NULL;
    for (long long it = 0; it < b.warmup + b.iterations; it++) {
        if (bench_iter_begin(&b, it)) {
            for (int i = 0; i < nstreams; i++)
                CK(cudaStreamCreate(&st[i]));
            CK(cudaMalloc(&din, bytes));
            CK(cudaMalloc(&dout, bytes));
            if (patch) {
                CK(cudaMallocHost(&hin, bytes));
                CK(cudaMallocHost(&hout, bytes));
            } else {
                hin = (float *)bench_xmalloc(bytes);
                hout = (float *)bench_xmalloc(bytes);
            }
            uint32_t seed = 4242;
            for (long long i = 0; i < n; i++)
                hin[i] = bench_randf(&seed, 0.0f, 1.0f);
        }
        for (long long c = 0; c < chunks; c++) {
            const long long lo = n * c / chunks, hi = n * (c + 1) / chunks;
            const size_t off = (size_t)lo, len = (size_t)(hi - lo) * sizeof(float);
            cudaStream_t s = st[c % nstreams];
            if (len == 0)
                continue;
            CK(cudaMemcpyAsync(din + off, hin + off, len, cudaMemcpyHostToDevice, s));
            scale_chunk<<<(unsigned)((hi - lo + 255) / 256), 256, 0, s>>>(
                din + off, dout + off, (int)(hi - lo), (int)work);
            CK(cudaMemcpyAsync(hout + off, dout + off, len, cudaMemcpyDeviceToHost, s));
            bench_count_copy(&b, BENCH_H2D, (long long)len);
            bench_count_launch(&b, "scale_chunk", 1);
            bench_count_copy(&b, BENCH_D2H, (long long)len);
        }
        CK_LAUNCH();
        bench_iter_end(&b, it);
    }

    /* hin still holds the input; the CPU repeats the kernel's fmaf chain (exact match). */
    int bad = 0;
    double worst = 0.0;
    for (int q = 0; q < 64; q++) {
        long long i = (long long)q * (n - 1) / 63;
        float v = hin[i];
        for (long long w = 0; w < work; w++)
            v = fmaf(v, 0.9999f, 0.0001f);
        double err = fabs((double)hout[i] - v);
        if (err > 1e-6 * fmax(1.0, fabs(v)))
            bad++;
        worst = fmax(worst, err);
    }
    bench_check(&b, bad == 0, "%d of 64 sampled outputs differ from the CPU (max abs err %.3g)",
                bad, worst);

    CK(cudaFree(din));
    CK(cudaFree(dout));
    if (patch) {
        CK(cudaFreeHost(hin));
        CK(cudaFreeHost(hout));
    } else {
        free(hin);
        free(hout);
    }
    for (int i = 0; i < nstreams; i++)
        CK(cudaStreamDestroy(st[i]));
    bench_end(&b);
    return bench_report(&b);
}
