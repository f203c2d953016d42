/* nsysql-test-feed: plays the part of libcuda for the capture tests. It loads
 * the library named by CUDA_INJECTION64_PATH (as libcuda does at cuInit) and
 * hands it CUPTI activity records built here through the library's test hook,
 * so they take the same path as CUPTI's buffers (mapping, writer thread,
 * per-process file, merge). Times are ns after NSYSQL_CUPTI_T0.
 *
 * Personality "A" (GPU uuid 0xA0.., "Test GPU A", 132 SMs, CUDA ordinal 0):
 *   memcpy HtoD 1 MiB pageable->device  [100, 600]      stream 7, corr 20
 *   kernel kernelA(float*)              [1000, 3000]    corr 12 (nested cuLaunchKernel)
 *   kernel kernelB()                    [3000, 4000]    corr 13
 *   kernel kernelA(float*)              [5000, 7000]    corr 14
 *   kernel kernelA(float*)              [9000, 11000]   corr 15
 *   memset 4096 B                       [12000, 12500]  corr 21
 *   cudaLaunchKernel_v7000 (runtime)    [900, 990] corr 11, with cuLaunchKernel [910, 980] corr 12
 *   cudaLaunchKernel_v7000              [2900, 2950] 13, [4900, 4950] 14, [8950, 8990] 15
 *   cudaStreamSynchronize_v3020         [7050, 8900] corr 30 + sync record stream sync, ctx 1
 *   overhead "CUPTI: Buffer flush"      [4100, 4200]
 *   one kernel record without timestamps (incomplete) and one NAME record (not stored)
 * Personality "B" (GPU uuid 0xB0.., "Test GPU B", 108 SMs, CUDA ordinal 0):
 *   kernel kernelC()                    [2000, 2500]    corr 5
 *   kernel kernelA(float*)              [20000, 22000]  corr 6
 *   cudaLaunchKernel_v7000              [1900, 1950] corr 5, [19900, 19950] corr 6 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cupti_activity.h>
#include <cupti_driver_cbid.h>
#include <cupti_runtime_cbid.h>

typedef int (*feed_fn)(const void *const *records, int n);

static uint64_t T0;

static CUpti_ActivityKernel10 kernel(const char *name, uint64_t s, uint64_t e, uint32_t corr)
{
    CUpti_ActivityKernel10 k;
    memset(&k, 0, sizeof k);
    k.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
    k.start = s ? T0 + s : 0;
    k.end = e ? T0 + e : 0;
    k.deviceId = 0;
    k.contextId = 1;
    k.streamId = 7;
    k.correlationId = corr;
    k.gridX = 128;
    k.gridY = 1;
    k.gridZ = 1;
    k.blockX = 256;
    k.blockY = 1;
    k.blockZ = 1;
    k.registersPerThread = 32;
    k.name = name;
    k.launchType = CUPTI_ACTIVITY_LAUNCH_TYPE_REGULAR;
    return k;
}

static CUpti_ActivityAPI api(int runtime, uint32_t cbid, uint64_t s, uint64_t e, uint32_t corr)
{
    CUpti_ActivityAPI a;
    memset(&a, 0, sizeof a);
    a.kind = runtime ? CUPTI_ACTIVITY_KIND_RUNTIME : CUPTI_ACTIVITY_KIND_DRIVER;
    a.cbid = cbid;
    a.start = T0 + s;
    a.end = T0 + e;
    a.processId = (uint32_t)getpid();
    a.threadId = (uint32_t)syscall(SYS_gettid);
    a.correlationId = corr;
    return a;
}

static CUpti_ActivityDevice5 device(const char *name, unsigned char tag, uint32_t sms)
{
    CUpti_ActivityDevice5 d;
    memset(&d, 0, sizeof d);
    d.kind = CUPTI_ACTIVITY_KIND_DEVICE;
    d.id = 0;
    d.name = name;
    d.numMultiprocessors = sms;
    d.computeCapabilityMajor = 9;
    d.computeCapabilityMinor = 0;
    d.globalMemorySize = 80ull << 30;
    d.numThreadsPerWarp = 32;
    for (int i = 0; i < 16; i++)
        d.uuid.bytes[i] = (char)(tag + i);
    return d;
}

int main(int argc, char **argv)
{
    const char *who = argc > 1 ? argv[1] : "A";
    const char *lib = getenv("CUDA_INJECTION64_PATH"), *t0 = getenv("NSYSQL_CUPTI_T0");
    if (!lib || !t0) {
        fprintf(stderr,
                "nsysql-test-feed: CUDA_INJECTION64_PATH and NSYSQL_CUPTI_T0 must be set\n");
        return 2;
    }
    T0 = strtoull(t0, NULL, 10);
    void *h = dlopen(lib, RTLD_NOW);
    feed_fn feed = h ? (feed_fn)dlsym(h, "nsysql_inject_test_records") : NULL;
    if (!feed) {
        fprintf(stderr, "nsysql-test-feed: cannot load %s: %s\n", lib, dlerror());
        return 2;
    }
    CUpti_ActivityContext3 ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.kind = CUPTI_ACTIVITY_KIND_CONTEXT;
    ctx.contextId = 1;
    ctx.deviceId = 0;
    ctx.nullStreamId = 7;
    int rc;
    if (strcmp(who, "B") == 0) {
        CUpti_ActivityDevice5 dev = device("Test GPU B", 0xB0, 108);
        CUpti_ActivityKernel10 k1 = kernel("_Z7kernelCv", 2000, 2500, 5),
                               k2 = kernel("_Z7kernelAPf", 20000, 22000, 6);
        CUpti_ActivityAPI a1 = api(1, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, 1900, 1950,
                                   5),
                          a2 = api(1, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, 19900, 19950,
                                   6);
        const void *recs[] = {&dev, &ctx, &a1, &k1, &a2, &k2};
        rc = feed(recs, (int)(sizeof recs / sizeof recs[0]));
    } else {
        CUpti_ActivityDevice5 dev = device("Test GPU A", 0xA0, 132);
        CUpti_ActivityMemcpy6 m;
        memset(&m, 0, sizeof m);
        m.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
        m.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
        m.srcKind = CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE;
        m.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
        m.bytes = 1 << 20;
        m.start = T0 + 100;
        m.end = T0 + 600;
        m.contextId = 1;
        m.streamId = 7;
        m.correlationId = 20;
        CUpti_ActivityMemset4 s;
        memset(&s, 0, sizeof s);
        s.kind = CUPTI_ACTIVITY_KIND_MEMSET;
        s.bytes = 4096;
        s.start = T0 + 12000;
        s.end = T0 + 12500;
        s.contextId = 1;
        s.streamId = 7;
        s.correlationId = 21;
        s.memoryKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
        CUpti_ActivityKernel10 k1 = kernel("_Z7kernelAPf", 1000, 3000, 12),
                               k2 = kernel("_Z7kernelBv", 3000, 4000, 13),
                               k3 = kernel("_Z7kernelAPf", 5000, 7000, 14),
                               k4 = kernel("_Z7kernelAPf", 9000, 11000, 15),
                               inc = kernel("_Z7kernelBv", 0, 0, 16);
        CUpti_ActivityAPI
            r1 = api(1, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, 900, 990, 11),
            d1 = api(0, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, 910, 980, 12),
            r2 = api(1, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, 2900, 2950, 13),
            r3 = api(1, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, 4900, 4950, 14),
            r4 = api(1, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, 8950, 8990, 15),
            rs = api(1, CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020, 7050, 8900, 30);
        CUpti_ActivitySynchronization2 sy;
        memset(&sy, 0, sizeof sy);
        sy.kind = CUPTI_ACTIVITY_KIND_SYNCHRONIZATION;
        sy.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE;
        sy.start = T0 + 7050;
        sy.end = T0 + 8900;
        sy.contextId = 1;
        sy.streamId = 7;
        sy.correlationId = 30;
        CUpti_ActivityOverhead3 ov;
        memset(&ov, 0, sizeof ov);
        ov.kind = CUPTI_ACTIVITY_KIND_OVERHEAD;
        ov.overheadKind = CUPTI_ACTIVITY_OVERHEAD_CUPTI_BUFFER_FLUSH;
        ov.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
        ov.objectId.pt.processId = (uint32_t)getpid();
        ov.objectId.pt.threadId = (uint32_t)syscall(SYS_gettid);
        ov.start = T0 + 4100;
        ov.end = T0 + 4200;
        CUpti_ActivityName nm;
        memset(&nm, 0, sizeof nm);
        nm.kind = CUPTI_ACTIVITY_KIND_NAME;
        /* records arrive in two batches, like two CUPTI buffers */
        const void *first[] = {&dev, &ctx, &m, &d1, &r1, &k1, &r2, &k2, &inc, &nm};
        const void *second[] = {&r3, &k3, &rs, &sy, &r4, &k4, &s, &ov};
        rc = feed(first, (int)(sizeof first / sizeof first[0]));
        if (rc == 0)
            rc = feed(second, (int)(sizeof second / sizeof second[0]));
    }
    if (rc != 0) {
        fprintf(stderr, "nsysql-test-feed: the library recorded nothing\n");
        return 3;
    }
    printf("fed %s from pid %d\n", who, (int)getpid());
    return 0;
}
