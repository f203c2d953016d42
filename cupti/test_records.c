/* Unit test (no GPU, no libcupti): CUPTI activity records built by hand go
 * through nsq_map_record() and the writer; the rows are checked field by
 * field, then the file is read back with SQL. Expected values come from the
 * records constructed here and from nsys's enum tables (nsys-export-schema.md
 * section 9), not from the code under test. Usage: test_cupti_records OUT.sqlite */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cupti_activity.h>
#include <cupti_driver_cbid.h>
#include <cupti_runtime_cbid.h>
#include <cupti_version.h>
#include <sqlite3.h>

#include "records.h"

#define T0 1700000000000000000ull /* session origin on the CUPTI clock */
#define PID 4242u
#define TID 4343u

static int failures, checks;

#define CHECK_EQ(got, want, what)                                                                  \
    do {                                                                                           \
        long long g_ = (long long)(got), w_ = (long long)(want);                                   \
        checks++;                                                                                  \
        if (g_ != w_) {                                                                            \
            printf("FAIL: %s: got %lld, want %lld\n", what, g_, w_);                               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

#define CHECK_STR(got, want, what)                                                                 \
    do {                                                                                           \
        const char *g_ = (got), *w_ = (want);                                                      \
        checks++;                                                                                  \
        if (!g_ || strcmp(g_, w_)) {                                                               \
            printf("FAIL: %s: got [%s], want [%s]\n", what, g_ ? g_ : "(null)", w_);               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static const char *fake_api_name(void *ud, int runtime, uint32_t cbid)
{
    (void)ud;
    if (runtime && cbid == CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000)
        return "cudaLaunchKernel_v7000";
    if (runtime && cbid == CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020)
        return "cudaStreamSynchronize_v3020";
    if (!runtime && cbid == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel)
        return "cuLaunchKernel";
    if (!runtime && cbid == CUPTI_DRIVER_TRACE_CBID_cuCtxSynchronize)
        return "cuCtxSynchronize";
    return "unexpected";
}

static int64_t q1(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int64_t v = -999999;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        printf("FAIL: SQL error %s in: %s\n", sqlite3_errmsg(db), sql);
        failures++;
        return v;
    }
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_type(st, 0) == SQLITE_NULL ? -888888 : sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

static char *qs(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    char *v = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW &&
        sqlite3_column_text(st, 0))
        v = strdup((const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return v;
}

static void test_enums(void)
{
    /* ENUM_CUDA_MEM_KIND: 0 Pageable 1 Pinned 2 Device 3 Array 4 Managed 5 Device Static
     * 6 Managed Static 7 Unknown; CUPTI: 0 unknown 1 pageable ... 7 managed static */
    CHECK_EQ(nsq_map_mem_kind(CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE), 0, "mem kind pageable");
    CHECK_EQ(nsq_map_mem_kind(CUPTI_ACTIVITY_MEMORY_KIND_PINNED), 1, "mem kind pinned");
    CHECK_EQ(nsq_map_mem_kind(CUPTI_ACTIVITY_MEMORY_KIND_DEVICE), 2, "mem kind device");
    CHECK_EQ(nsq_map_mem_kind(CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC), 6,
             "mem kind managed static");
    CHECK_EQ(nsq_map_mem_kind(CUPTI_ACTIVITY_MEMORY_KIND_UNKNOWN), 7, "mem kind unknown");
    /* ENUM_CUPTI_OVERHEAD_TYPE: 1 Unknown 2 driver compiler 3 buffer flush 4 instrumentation
     * 5 resource 6 runtime module loading 7 lazy function loading 8 command buffer full */
    CHECK_EQ(nsq_map_overhead_type(CUPTI_ACTIVITY_OVERHEAD_UNKNOWN), 1, "overhead unknown");
    CHECK_EQ(nsq_map_overhead_type(CUPTI_ACTIVITY_OVERHEAD_DRIVER_COMPILER), 2, "overhead jit");
    CHECK_EQ(nsq_map_overhead_type(CUPTI_ACTIVITY_OVERHEAD_CUPTI_BUFFER_FLUSH), 3,
             "overhead flush");
    CHECK_EQ(nsq_map_overhead_type(CUPTI_ACTIVITY_OVERHEAD_CUPTI_INSTRUMENTATION), 4,
             "overhead instr");
    CHECK_EQ(nsq_map_overhead_type(CUPTI_ACTIVITY_OVERHEAD_CUPTI_RESOURCE), 5, "overhead resource");
    CHECK_EQ(nsq_map_overhead_type(CUPTI_ACTIVITY_OVERHEAD_RUNTIME_TRIGGERED_MODULE_LOADING), 6,
             "overhead module loading");
    CHECK_EQ(nsq_map_overhead_type(CUPTI_ACTIVITY_OVERHEAD_LAZY_FUNCTION_LOADING), 7,
             "overhead lazy");
    CHECK_EQ(nsq_map_overhead_type(CUPTI_ACTIVITY_OVERHEAD_COMMAND_BUFFER_FULL), 8,
             "overhead cmdbuf");
    CHECK_EQ(nsq_map_overhead_type(CUPTI_ACTIVITY_OVERHEAD_ACTIVITY_BUFFER_REQUEST), 1,
             "overhead kind nsys does not name");
    /* ENUM_CUDA_KERNEL_LAUNCH_TYPE: 0 Unknown 1 Regular 2 Coop single 3 Coop multi */
    CHECK_EQ(nsq_map_launch_type(CUPTI_ACTIVITY_LAUNCH_TYPE_REGULAR), 1, "launch regular");
    CHECK_EQ(nsq_map_launch_type(CUPTI_ACTIVITY_LAUNCH_TYPE_COOPERATIVE_MULTI_DEVICE), 3,
             "launch coop multi");
    CHECK_EQ(nsq_map_launch_type(CUPTI_ACTIVITY_LAUNCH_TYPE_CBL_COMMANDLIST), 0, "launch other");
}

static void test_names(void)
{
    static const struct {
        const char *in, *dem, *shrt;
    } cases[] = {
        {"_Z5saxpyifPKfPf", "saxpy(int, float, float const*, float*)", "saxpy"},
        {"_Z4fillIfEvPT_S0_i", "void fill<float>(float*, float, int)", "fill"},
        {"_ZN2ns5inner6kernelEv", "ns::inner::kernel()", "kernel"},
        {"plain_c_kernel", "plain_c_kernel", "plain_c_kernel"},
        /* a demangled name as nsys stores it (fixture isc25): base name of a template */
        {"void cub::CUB_200300_89_NS::DeviceReduceKernel<cub::P<unsigned long>::Policy600, "
         "graupel(unsigned long &)::[lambda(unsigned long) (instance 1)]>(T2, T5 *, T3)",
         NULL, "DeviceReduceKernel"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *d = NULL, *s = NULL;
        nsq_kernel_names(cases[i].in, &d, &s);
        CHECK_STR(d, cases[i].dem ? cases[i].dem : cases[i].in, "demangled name");
        CHECK_STR(s, cases[i].shrt, "short name");
        free(d);
        free(s);
    }
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "test_cupti_records.sqlite";
    nsq_map_env env = {T0, PID, fake_api_name, NULL};
    nsq_row r;
    unlink(path);
    test_enums();
    test_names();

    /* ---- one record of each kind, mapped field by field ---- */
    CUpti_ActivityKernel10 k;
    memset(&k, 0, sizeof k);
    k.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
    k.start = T0 + 1000;
    k.end = T0 + 3000;
    k.deviceId = 1;
    k.contextId = 5;
    k.streamId = 13;
    k.correlationId = 12; /* the nested driver call below */
    k.gridX = 64;
    k.gridY = 2;
    k.gridZ = 1;
    k.blockX = 256;
    k.blockY = 1;
    k.blockZ = 1;
    k.registersPerThread = 32;
    k.staticSharedMemory = 1024;
    k.dynamicSharedMemory = 2048;
    k.localMemoryPerThread = 8;
    k.localMemoryTotal = 4096;
    k.gridId = 77;
    k.name = "_Z7kernelAPf";
    k.launchType = CUPTI_ACTIVITY_LAUNCH_TYPE_REGULAR;
    k.cacheConfig.config.requested = 2; /* L1 */
    k.graphNodeId = 0;                  /* not from a graph: NULL */
    k.graphId = 9;
    CHECK_EQ(nsq_map_record(&k, &env, &r), NSQ_MAP_ROW, "kernel maps");
    CHECK_EQ(r.kind, NSQ_ROW_KERNEL, "kernel row kind");
    CHECK_EQ(r.u.kernel.start, 1000, "kernel start relative to t0");
    CHECK_EQ(r.u.kernel.end, 3000, "kernel end relative to t0");
    CHECK_EQ(r.u.kernel.global_pid, (1ll << 48) | ((long long)PID << 24), "kernel globalPid");
    CHECK_EQ(r.u.kernel.launch_type, 1, "kernel launch type");
    CHECK_EQ(r.u.kernel.cache_config, 2, "kernel cache config");
    CHECK_EQ(r.u.kernel.graph_node_id.has, 0, "kernel graphNodeId NULL");
    CHECK_EQ(r.u.kernel.graph_id.v, 9, "kernel graphId");
    CHECK_EQ(r.u.kernel.local_total, 4096, "kernel local memory total");

    CUpti_ActivityKernel10 inc = k;
    inc.start = inc.end = 0;
    CHECK_EQ(nsq_map_record(&inc, &env, &r), NSQ_MAP_INCOMPLETE, "kernel without timestamps");

    CUpti_ActivityMemcpy6 m;
    memset(&m, 0, sizeof m);
    m.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
    m.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
    m.srcKind = CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE;
    m.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
    m.bytes = 1 << 20;
    m.start = T0 + 100;
    m.end = T0 + 600;
    m.deviceId = 1;
    m.contextId = 5;
    m.streamId = 13;
    m.correlationId = 20;
    CHECK_EQ(nsq_map_record(&m, &env, &r), NSQ_MAP_ROW, "memcpy maps");
    CHECK_EQ(r.u.memcpy.copy_kind, 1, "memcpy copyKind HtoD");
    CHECK_EQ(r.u.memcpy.src_kind, 0, "memcpy srcKind pageable (nsys numbering)");
    CHECK_EQ(r.u.memcpy.dst_kind, 2, "memcpy dstKind device (nsys numbering)");
    CHECK_EQ(r.u.memcpy.src_device.has, 0, "memcpy srcDeviceId NULL for H-D");

    CUpti_ActivityMemcpyPtoP4 p2p;
    memset(&p2p, 0, sizeof p2p);
    p2p.kind = CUPTI_ACTIVITY_KIND_MEMCPY2;
    p2p.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_PTOP;
    p2p.srcKind = p2p.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
    p2p.start = T0 + 700;
    p2p.end = T0 + 800;
    p2p.srcDeviceId = 1;
    p2p.dstDeviceId = 2;
    p2p.srcContextId = 5;
    p2p.dstContextId = 6;
    p2p.deviceId = 1;
    p2p.contextId = 5;
    CHECK_EQ(nsq_map_record(&p2p, &env, &r), NSQ_MAP_ROW, "peer memcpy maps");
    CHECK_EQ(r.u.memcpy.copy_kind, 10, "peer memcpy copyKind PtoP");
    CHECK_EQ(r.u.memcpy.dst_device.v, 2, "peer memcpy dstDeviceId");

    CUpti_ActivityMemset4 ms;
    memset(&ms, 0, sizeof ms);
    ms.kind = CUPTI_ACTIVITY_KIND_MEMSET;
    ms.value = 0xAB;
    ms.bytes = 4096;
    ms.start = T0 + 12000;
    ms.end = T0 + 12500;
    ms.deviceId = 1;
    ms.contextId = 5;
    ms.streamId = 13;
    ms.memoryKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
    CHECK_EQ(nsq_map_record(&ms, &env, &r), NSQ_MAP_ROW, "memset maps");
    CHECK_EQ(r.u.memset.mem_kind, 2, "memset memKind device (nsys numbering)");

    CUpti_ActivityAPI rt, drv, top;
    memset(&rt, 0, sizeof rt);
    rt.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
    rt.cbid = CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000;
    rt.start = T0 + 900;
    rt.end = T0 + 990;
    rt.processId = PID;
    rt.threadId = TID;
    rt.correlationId = 11;
    drv = rt;
    drv.kind = CUPTI_ACTIVITY_KIND_DRIVER;
    drv.cbid = CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel;
    drv.start = T0 + 910;
    drv.end = T0 + 980;
    drv.correlationId = 12;
    top = drv; /* a driver call made outside any runtime call stays */
    top.cbid = CUPTI_DRIVER_TRACE_CBID_cuCtxSynchronize;
    top.start = T0 + 13000;
    top.end = T0 + 13100;
    top.correlationId = 40;
    CHECK_EQ(nsq_map_record(&rt, &env, &r), NSQ_MAP_ROW, "runtime API maps");
    CHECK_EQ(r.u.api.event_class, 0, "runtime eventClass 0");
    CHECK_EQ(r.u.api.global_tid, (1ll << 48) | ((long long)PID << 24) | TID, "API globalTid");
    CHECK_STR(r.u.api.name, "cudaLaunchKernel_v7000", "runtime API name");
    CHECK_EQ(nsq_map_record(&drv, &env, &r), NSQ_MAP_ROW, "driver API maps");
    CHECK_EQ(r.u.api.event_class, 1, "driver eventClass 1");

    CUpti_ActivitySynchronization2 sy;
    memset(&sy, 0, sizeof sy);
    sy.kind = CUPTI_ACTIVITY_KIND_SYNCHRONIZATION;
    sy.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE;
    sy.start = T0 + 7100;
    sy.end = T0 + 8900;
    sy.contextId = 5;
    sy.streamId = 13;
    sy.correlationId = 30;
    CHECK_EQ(nsq_map_record(&sy, &env, &r), NSQ_MAP_ROW, "sync maps");
    CHECK_EQ(r.u.sync.sync_type, 3, "sync type stream sync");
    CHECK_EQ(r.u.sync.device_id, -1, "sync device resolved later");

    CUpti_ActivityOverhead3 ov;
    memset(&ov, 0, sizeof ov);
    ov.kind = CUPTI_ACTIVITY_KIND_OVERHEAD;
    ov.overheadKind = CUPTI_ACTIVITY_OVERHEAD_CUPTI_BUFFER_FLUSH;
    ov.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
    ov.objectId.pt.processId = PID;
    ov.objectId.pt.threadId = TID;
    ov.start = T0 + 4100;
    ov.end = T0 + 4200;
    CHECK_EQ(nsq_map_record(&ov, &env, &r), NSQ_MAP_ROW, "overhead maps");
    CHECK_EQ(r.u.overhead.overhead_type, 3, "overhead type buffer flush");
    CHECK_STR(r.u.overhead.name, "CUPTI: Buffer flush", "overhead name");

    CUpti_ActivityDevice5 dv;
    memset(&dv, 0, sizeof dv);
    dv.kind = CUPTI_ACTIVITY_KIND_DEVICE;
    dv.id = 1;
    dv.name = "Test GPU";
    dv.numMultiprocessors = 132;
    dv.computeCapabilityMajor = 9;
    dv.computeCapabilityMinor = 0;
    dv.globalMemorySize = 80ull << 30;
    dv.globalMemoryBandwidth = 3352000000ull; /* kB/s */
    dv.coreClockRate = 1980000;               /* kHz */
    for (int i = 0; i < 16; i++)
        dv.uuid.bytes[i] = (char)(0x10 + i);
    CHECK_EQ(nsq_map_record(&dv, &env, &r), NSQ_MAP_ROW, "device maps");
    CHECK_STR(r.u.gpu.uuid, "10111213-1415-1617-1819-1a1b1c1d1e1f", "device uuid text");
    CHECK_EQ(r.u.gpu.memory_bandwidth, 3352000000000ull, "device bandwidth bytes/s");
    CHECK_EQ(r.u.gpu.clock_hz, 1980000000ull, "device clock Hz");

    CUpti_ActivityContext3 cx;
    memset(&cx, 0, sizeof cx);
    cx.kind = CUPTI_ACTIVITY_KIND_CONTEXT;
    cx.contextId = 5;
    cx.deviceId = 1;
    cx.nullStreamId = 7;
    CHECK_EQ(nsq_map_record(&cx, &env, &r), NSQ_MAP_ROW, "context maps");

    CUpti_ActivityName nm;
    memset(&nm, 0, sizeof nm);
    nm.kind = CUPTI_ACTIVITY_KIND_NAME;
    CHECK_EQ(nsq_map_record(&nm, &env, &r), NSQ_MAP_SKIP, "name record is not stored");

    /* ---- through the writer, then read back ---- */
    nsq_writer *w = NULL;
    char err[300] = "";
    nsq_writer_meta meta = {PID, "test", (int64_t)T0, CUPTI_API_VERSION, CUPTI_API_VERSION};
    if (nsq_writer_open(&w, path, &meta, err, sizeof err)) {
        printf("FAIL: writer open: %s\n", err);
        return 1;
    }
    const void *recs[] = {&k, &m, &p2p, &ms, &rt, &drv, &top, &sy, &ov, &dv, &cx, &dv};
    for (size_t i = 0; i < sizeof recs / sizeof recs[0]; i++)
        if (nsq_map_record(recs[i], &env, &r) == NSQ_MAP_ROW && nsq_writer_put(w, &r))
            printf("FAIL: put: %s\n", nsq_writer_error(w)), failures++;
    CUpti_ActivityKernel10 k2 = k; /* same kernel again: names are interned once */
    k2.start = T0 + 5000;
    k2.end = T0 + 7000;
    k2.correlationId = 14;
    nsq_map_record(&k2, &env, &r);
    nsq_writer_put(w, &r);
    CHECK_EQ(nsq_writer_prune_nested_driver(w), 0, "prune nested driver calls");
    CHECK_EQ(nsq_writer_close(w), 0, "writer close");

    sqlite3 *db = NULL;
    sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL);
    CHECK_EQ(q1(db, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL"), 2, "kernel rows");
    char *s = qs(db, "SELECT s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
                     "k.shortName LIMIT 1");
    CHECK_STR(s, "kernelA", "kernel shortName through StringIds");
    free(s);
    s = qs(db, "SELECT s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
               "k.demangledName LIMIT 1");
    CHECK_STR(s, "kernelA(float*)", "kernel demangledName through StringIds");
    free(s);
    s = qs(db, "SELECT s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = "
               "k.mangledName LIMIT 1");
    CHECK_STR(s, "_Z7kernelAPf", "kernel mangledName through StringIds");
    free(s);
    CHECK_EQ(q1(db, "SELECT count(*) FROM StringIds WHERE value = 'kernelA'"), 1,
             "names interned once");
    CHECK_EQ(q1(db, "SELECT count(DISTINCT value) = count(*) FROM StringIds"), 1,
             "StringIds values unique");
    CHECK_EQ(q1(db, "SELECT graphNodeId FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 1"), -888888,
             "graphNodeId NULL");
    /* the nested cuLaunchKernel is gone and its kernel points at cudaLaunchKernel */
    CHECK_EQ(q1(db, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME"), 2,
             "runtime rows after pruning");
    CHECK_EQ(q1(db, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE eventClass = 1"), 1,
             "the top-level driver call stays");
    CHECK_EQ(q1(db, "SELECT correlationId FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE start = 1000"), 11,
             "kernel re-pointed at the runtime call");
    CHECK_EQ(q1(db, "SELECT correlationId FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE start = 5000"), 14,
             "kernel of no nested call unchanged");
    CHECK_EQ(q1(db, "SELECT count(*) FROM sqlite_master WHERE type = 'index'"), 0,
             "no index left behind");
    CHECK_EQ(q1(db, "SELECT deviceId FROM CUPTI_ACTIVITY_KIND_SYNCHRONIZATION"), 1,
             "sync deviceId from its context");
    CHECK_EQ(q1(db, "SELECT count(*) FROM TARGET_INFO_GPU"), 1,
             "one GPU row for a repeated device record");
    CHECK_EQ(q1(db, "SELECT smCount FROM TARGET_INFO_GPU"), 132, "GPU smCount");
    CHECK_EQ(q1(db, "SELECT cudaId FROM TARGET_INFO_CUDA_DEVICE WHERE pid = 4242"), 1,
             "CUDA device map");
    CHECK_EQ(
        q1(db, "SELECT srcKind * 10 + dstKind FROM CUPTI_ACTIVITY_KIND_MEMCPY WHERE copyKind = 1"),
        2, "memcpy kinds stored in nsys numbering");
    CHECK_EQ(q1(db, "SELECT overheadType FROM PROFILER_OVERHEAD"), 3, "overhead type stored");
    CHECK_EQ(q1(db, "SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME"), (long long)T0,
             "session origin");
    s = qs(db, "SELECT value FROM META_DATA_EXPORT WHERE name = 'NSYSQL_EXPORTER'");
    CHECK_STR(s, "nsysql-cupti", "exporter recorded");
    free(s);
    sqlite3_close(db);
    printf("%d/%d checks passed\n", checks - failures, checks);
    return failures ? 1 : 0;
}
