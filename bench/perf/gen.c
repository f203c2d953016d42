/*
 * nsysql-gen: synthetic NVIDIA Nsight Systems SQLite export generator.
 *
 * Writes a file that looks like `nsys export --type sqlite` output in one of
 * three schema flavours (2.9.1, 3.13, 3.25), with planted, exactly known
 * facts (idle gaps with known causes, warm-up/tear-down iterations, exact
 * duration distributions, malformed rows) and optionally a JSON "truth" file
 * describing them, computed straight from the generated intervals.
 *
 * See bench/perf/GEN.md for the command line and the truth file format.
 * Self-contained C11; links against SQLite3 and libm.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#define GEN_VERSION "1"

typedef struct {
    const char *name;
    const char *const *lines; /* NULL-terminated */
} TableDef;

/* CREATE TABLE statements copied verbatim (line by line, joined with "\n" at run
   time) from sqlite_master.sql of the real exports named in the comments; the
   "name TEXT" columns a user appended to the 2.9.1 fixture are left out. */
static const TableDef SCHEMA_F291[] = {
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"StringIds", (const char *const[]){
    "CREATE TABLE StringIds (",
    "    -- Consolidation of repetitive string values.",
    "",
    "    id                          INTEGER   NOT NULL   PRIMARY KEY,      -- ID reference value.",
    "    value                       TEXT      NOT NULL                     -- String value.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"ThreadNames", (const char *const[]){
    "CREATE TABLE ThreadNames (",
    "    nameId                      INTEGER   NOT NULL   REFERENCES StringIds(id), -- StringId of the thread name.",
    "    priority                    INTEGER,                               -- Priority of the thread.",
    "    globalTid                   INTEGER                                -- Serialized GlobalId.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"TARGET_INFO_SESSION_START_TIME", (const char *const[]){
    "CREATE TABLE TARGET_INFO_SESSION_START_TIME (",
    "    utcEpochNs                  INTEGER,                               -- UTC Epoch timestamp at start of the capture (ns).",
    "    utcTime                     TEXT,                                  -- Start of the capture in UTC.",
    "    localTime                   TEXT                                   -- Start of the capture in local time of target.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"ANALYSIS_DETAILS", (const char *const[]){
    "CREATE TABLE ANALYSIS_DETAILS (",
    "    -- Details about the analysis session.",
    "",
    "    globalVid                   INTEGER   NOT NULL,                    -- Serialized GlobalId.",
    "    duration                    INTEGER   NOT NULL,                    -- The total time span of the entire trace (ns).",
    "    startTime                   INTEGER   NOT NULL,                    -- Trace start timestamp in nanoseconds.",
    "    stopTime                    INTEGER   NOT NULL                     -- Trace stop timestamp in nanoseconds.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"TARGET_INFO_GPU", (const char *const[]){
    "CREATE TABLE TARGET_INFO_GPU (",
    "    vmId                        INTEGER   NOT NULL,                    -- Serialized GlobalId.",
    "    id                          INTEGER   NOT NULL,                    -- Device ID.",
    "    name                        TEXT,                                  -- Device name.",
    "    busLocation                 TEXT,                                  -- PCI bus location.",
    "    isDiscrete                  INTEGER,                               -- True if discrete, false if integrated.",
    "    l2CacheSize                 INTEGER,                               -- Size of L2 cache (B).",
    "    totalMemory                 INTEGER,                               -- Total amount of memory on the device (B).",
    "    memoryBandwidth             INTEGER,                               -- Amount of memory transferred (B).",
    "    clockRate                   INTEGER,                               -- Clock frequency (Hz).",
    "    smCount                     INTEGER,                               -- Number of multiprocessors on the device.",
    "    pwGpuId                     INTEGER,                               -- PerfWorks GPU ID.",
    "    uuid                        TEXT,                                  -- Device UUID.",
    "    luid                        INTEGER,                               -- Device LUID.",
    "    chipName                    TEXT,                                  -- Chip name.",
    "    cuDevice                    INTEGER,                               -- CUDA device ID.",
    "    ctxswDevPath                TEXT,                                  -- GPU context switch device node path.",
    "    ctrlDevPath                 TEXT,                                  -- GPU control device node path.",
    "    revision                    INTEGER,                               -- Revision number.",
    "    nodeMask                    INTEGER,                               -- Device node mask.",
    "    constantMemory              INTEGER,                               -- Memory available on device for __constant__ variables (B).",
    "    maxIPC                      INTEGER,                               -- Maximum instructions per count.",
    "    maxRegistersPerBlock        INTEGER,                               -- Maximum number of 32-bit registers available per block.",
    "    maxShmemPerBlock            INTEGER,                               -- Maximum optin shared memory per block.",
    "    maxShmemPerBlockOptin       INTEGER,                               -- Maximum optin shared memory per block.",
    "    maxShmemPerSm               INTEGER,                               -- Maximum shared memory available per multiprocessor (B).",
    "    maxRegistersPerSm           INTEGER,                               -- Maximum number of 32-bit registers available per multiprocessor.",
    "    threadsPerWarp              INTEGER,                               -- Warp size in threads.",
    "    asyncEngines                INTEGER,                               -- Number of asynchronous engines.",
    "    maxWarpsPerSm               INTEGER,                               -- Maximum number of warps per multiprocessor.",
    "    maxBlocksPerSm              INTEGER,                               -- Maximum number of blocks per multiprocessor.",
    "    maxThreadsPerBlock          INTEGER,                               -- Maximum number of threads per block.",
    "    maxBlockDimX                INTEGER,                               -- Maximum X-dimension of a block.",
    "    maxBlockDimY                INTEGER,                               -- Maximum Y-dimension of a block.",
    "    maxBlockDimZ                INTEGER,                               -- Maximum Z-dimension of a block.",
    "    maxGridDimX                 INTEGER,                               -- Maximum X-dimension of a grid.",
    "    maxGridDimY                 INTEGER,                               -- Maximum Y-dimension of a grid.",
    "    maxGridDimZ                 INTEGER,                               -- Maximum Z-dimension of a grid.",
    "    computeMajor                INTEGER,                               -- Major compute capability version number.",
    "    computeMinor                INTEGER,                               -- Minor compute capability version number.",
    "    smMajor                     INTEGER,                               -- Major multiprocessor version number.",
    "    smMinor                     INTEGER                                -- Minor multiprocessor version number.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"EXPORT_META_DATA", (const char *const[]){
    "CREATE TABLE EXPORT_META_DATA (",
    "    -- information about nsys export process",
    "",
    "    name                        TEXT      NOT NULL,                    -- Name of export meta-data record",
    "    value                       TEXT                                   -- Value of export meta-data record",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_MEMCPY", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER   REFERENCES CUPTI_ACTIVITY_KIND_RUNTIME(correlationId), -- ID used to identify the API call that launched the event.",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    bytes                       INTEGER   NOT NULL,                    -- Number of bytes transferred (B).",
    "    copyKind                    INTEGER   NOT NULL,                    -- Type of the memory copy. See enum CUDA_MEMCPY_KIND.",
    "    deprecatedSrcId             INTEGER,                               -- Deprecated, use srcDeviceId instead.",
    "    srcKind                     INTEGER,                               -- Source memory kind See enum CUDA_MEMOPR_MEMORY_KIND.",
    "    dstKind                     INTEGER,                               -- Destination memory kind. See enum CUDA_MEMOPR_MEMORY_KIND.",
    "    srcDeviceId                 INTEGER,                               -- Source device ID.",
    "    srcContextId                INTEGER,                               -- Source context ID.",
    "    dstDeviceId                 INTEGER,                               -- Destination device ID.",
    "    dstContextId                INTEGER,                               -- Destination context ID.",
    "    migrationCause              INTEGER,                               -- UVM migration cause ID. See CUpti_ActivityUnifiedMemoryMigrationCause.",
    "    graphNodeId                 INTEGER   REFERENCES CUDA_GRAPH_EVENTS(graphNodeId), -- CUDA graph node creation ID.",
    "    virtualAddress              INTEGER                                -- Virtual base address of the page/s being transferred.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_MEMSET", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER   REFERENCES CUPTI_ACTIVITY_KIND_RUNTIME(correlationId), -- ID used to identify the API call that launched the event.",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    value                       INTEGER   NOT NULL,                    -- Value assigned to memory.",
    "    bytes                       INTEGER   NOT NULL,                    -- Number of bytes set (B).",
    "    graphNodeId                 INTEGER   REFERENCES CUDA_GRAPH_EVENTS(graphNodeId), -- CUDA graph node creation ID.",
    "    memKind                     INTEGER                                -- Type of memory being set. See enum CUDA_MEMOPR_MEMORY_KIND.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_KERNEL", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER   REFERENCES CUPTI_ACTIVITY_KIND_RUNTIME(correlationId), -- ID used to identify the API call that launched the event.",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    demangledName               INTEGER   NOT NULL,                    -- StringId of the kernel name",
    "    shortName                   INTEGER   NOT NULL,                    -- StringId of the short function name without arguments.",
    "    mangledName                 INTEGER,                               -- StringId of the mangled function name.",
    "    launchType                  INTEGER,                               -- Launch type of the kernel. See docs for specifics.",
    "    cacheConfig                 INTEGER,                               -- Cache configuration used for the kernel. See enum CUfunc_cache.",
    "    registersPerThread          INTEGER   NOT NULL,                    -- Number of registers required for each thread executing the kernel.",
    "    gridX                       INTEGER   NOT NULL,                    -- X-dimension grid size.",
    "    gridY                       INTEGER   NOT NULL,                    -- Y-dimension grid size.",
    "    gridZ                       INTEGER   NOT NULL,                    -- Z-dimension grid size.",
    "    blockX                      INTEGER   NOT NULL,                    -- X-dimension block size.",
    "    blockY                      INTEGER   NOT NULL,                    -- Y-dimension block size.",
    "    blockZ                      INTEGER   NOT NULL,                    -- Z-dimension block size.",
    "    staticSharedMemory          INTEGER   NOT NULL,                    -- Static shared memory allocated for the kernel (B).",
    "    dynamicSharedMemory         INTEGER   NOT NULL,                    -- Dynamic shared memory reserved for the kernel (B).",
    "    localMemoryPerThread        INTEGER   NOT NULL,                    -- Amount of local memory reserved for each thread (B).",
    "    localMemoryTotal            INTEGER   NOT NULL,                    -- Total amount of local memory reserved for the kernel (B).",
    "    gridId                      INTEGER   NOT NULL,                    -- Unique grid ID of the kernel assigned at runtime.",
    "    sharedMemoryExecuted        INTEGER,                               -- Shared memory size set by the driver.",
    "    graphNodeId                 INTEGER   REFERENCES CUDA_GRAPH_EVENTS(graphNodeId), -- CUDA graph node creation ID.",
    "    sharedMemoryLimitConfig     INTEGER                                -- Shared memory limit per block config. See enum CUpti_FuncShmemLimitConfig.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_SYNCHRONIZATION", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_SYNCHRONIZATION (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER,                               -- Correlation ID of the synchronization API to which this result is associated.",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    syncType                    INTEGER   NOT NULL,                    -- Type of synchronization. See enum CUpti_ActivitySynchronizationType.",
    "    eventId                     INTEGER   NOT NULL                     -- Event ID for which the synchronization API is called.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_RUNTIME", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    eventClass                  INTEGER   NOT NULL,                    -- CUDA event class enum value. See docs for specifics.",
    "    globalTid                   INTEGER,                               -- Serialized GlobalId.",
    "    correlationId               INTEGER,                               -- ID used to identify events that this function call has triggered.",
    "    nameId                      INTEGER   NOT NULL   REFERENCES StringIds(id), -- StringId of the function name.",
    "    returnValue                 INTEGER   NOT NULL,                    -- Return value of the function call.",
    "    callchainId                 INTEGER   REFERENCES CUDA_CALLCHAINS(id) -- ID of the attached callchain.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"NVTX_EVENTS", (const char *const[]){
    "CREATE TABLE NVTX_EVENTS (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER,                               -- Event end timestamp (ns).",
    "    eventType                   INTEGER   NOT NULL,                    -- NVTX event type enum value. See docs for specifics.",
    "    rangeId                     INTEGER,                               -- Correlation ID returned from a nvtxRangeStart call.",
    "    category                    INTEGER,                               -- User-controlled ID that can be used to group events.",
    "    color                       INTEGER,                               -- Encoded ARGB color value.",
    "    text                        TEXT,                                  -- Optional text message for non registered strings.",
    "    globalTid                   INTEGER,                               -- Serialized GlobalId.",
    "    endGlobalTid                INTEGER,                               -- Serialized GlobalId. See docs for specifics.",
    "    textId                      INTEGER   REFERENCES StringIds(id),    -- StringId of the NVTX domain registered string.",
    "    domainId                    INTEGER,                               -- User-controlled ID that can be used to group events.",
    "    uint64Value                 INTEGER,                               -- One of possible payload value union members.",
    "    int64Value                  INTEGER,                               -- One of possible payload value union members.",
    "    doubleValue                 REAL,                                  -- One of possible payload value union members.",
    "    uint32Value                 INTEGER,                               -- One of possible payload value union members.",
    "    int32Value                  INTEGER,                               -- One of possible payload value union members.",
    "    floatValue                  REAL,                                  -- One of possible payload value union members.",
    "    jsonTextId                  INTEGER,                               -- One of possible payload value union members.",
    "    jsonText                    TEXT                                   -- One of possible payload value union members.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"PROFILER_OVERHEAD", (const char *const[]){
    "CREATE TABLE PROFILER_OVERHEAD (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    globalTid                   INTEGER,                               -- Serialized GlobalId.",
    "    nameId                      INTEGER   NOT NULL   REFERENCES StringIds(id), -- StringId of the function name.",
    "    returnValue                 INTEGER   NOT NULL                     -- Return value of the function call.",
    ")",
    NULL}},
  /* from pipit-saxpy-mpi-cuda-2022.2.sqlite */
  {"PROCESSES", (const char *const[]){
    "CREATE TABLE PROCESSES (",
    "    -- Names and identifiers of processes captured in the report.",
    "",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    pid                         INTEGER,                               -- The process ID.",
    "    name                        TEXT                                   -- The process name.",
    ")",
    NULL}},
  {NULL, NULL}
};

static const TableDef SCHEMA_F313[] = {
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"StringIds", (const char *const[]){
    "CREATE TABLE StringIds (",
    "    -- Consolidation of repetitive string values.",
    "",
    "    id                          INTEGER   NOT NULL   PRIMARY KEY,      -- ID reference value.",
    "    value                       TEXT      NOT NULL                     -- String value.",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"TARGET_INFO_SESSION_START_TIME", (const char *const[]){
    "CREATE TABLE TARGET_INFO_SESSION_START_TIME (",
    "    utcEpochNs                  INTEGER,                               -- UTC Epoch timestamp at start of the capture (ns).",
    "    utcTime                     TEXT,                                  -- Start of the capture in UTC.",
    "    localTime                   TEXT                                   -- Start of the capture in local time of target.",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"ANALYSIS_DETAILS", (const char *const[]){
    "CREATE TABLE ANALYSIS_DETAILS (",
    "    -- Details about the analysis session.",
    "",
    "    globalVid                   INTEGER   NOT NULL,                    -- Serialized GlobalId.",
    "    duration                    INTEGER   NOT NULL,                    -- The total time span of the entire trace (ns).",
    "    startTime                   INTEGER   NOT NULL,                    -- Trace start timestamp in nanoseconds.",
    "    stopTime                    INTEGER   NOT NULL                     -- Trace stop timestamp in nanoseconds.",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"PROCESSES", (const char *const[]){
    "CREATE TABLE PROCESSES (",
    "    -- Names and identifiers of processes captured in the report.",
    "",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    pid                         INTEGER,                               -- The process ID.",
    "    name                        TEXT                                   -- The process name.",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"PROFILER_OVERHEAD", (const char *const[]){
    "CREATE TABLE PROFILER_OVERHEAD (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    globalTid                   INTEGER,                               -- Serialized GlobalId.",
    "    nameId                      INTEGER   NOT NULL,                    -- REFERENCES StringIds(id) -- Function name",
    "    returnValue                 INTEGER   NOT NULL                     -- Return value of the function call.",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"CUPTI_ACTIVITY_KIND_RUNTIME", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    eventClass                  INTEGER   NOT NULL,                    -- REFERENCES ENUM_NSYS_EVENT_CLASS(id)",
    "    globalTid                   INTEGER,                               -- Serialized GlobalId.",
    "    correlationId               INTEGER,                               -- ID used to identify events that this function call has triggered.",
    "    nameId                      INTEGER   NOT NULL,                    -- REFERENCES StringIds(id) -- Function name",
    "    returnValue                 INTEGER   NOT NULL,                    -- Return value of the function call.",
    "    callchainId                 INTEGER                                -- REFERENCES CUDA_CALLCHAINS(id)",
    ")",
    NULL}},
  /* from isc25-icon-graupel-uvm-2025.1.sqlite */
  {"NVTX_EVENTS", (const char *const[]){
    "CREATE TABLE NVTX_EVENTS (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER,                               -- Event end timestamp (ns).",
    "    eventType                   INTEGER   NOT NULL,                    -- REFERENCES ENUM_NSYS_EVENT_TYPE(id)",
    "    rangeId                     INTEGER,                               -- Correlation ID returned from a nvtxRangeStart call.",
    "    category                    INTEGER,                               -- User-controlled ID that can be used to group events.",
    "    color                       INTEGER,                               -- Encoded ARGB color value.",
    "    text                        TEXT,                                  -- Explicit name/text (non-registered string)",
    "    globalTid                   INTEGER,                               -- Serialized GlobalId.",
    "    endGlobalTid                INTEGER,                               -- Serialized GlobalId.",
    "    textId                      INTEGER,                               -- REFERENCES StringIds(id) -- Registered NVTX domain/string",
    "    domainId                    INTEGER,                               -- User-controlled ID that can be used to group events.",
    "    uint64Value                 INTEGER,                               -- One of possible payload value union members.",
    "    int64Value                  INTEGER,                               -- One of possible payload value union members.",
    "    doubleValue                 REAL,                                  -- One of possible payload value union members.",
    "    uint32Value                 INTEGER,                               -- One of possible payload value union members.",
    "    int32Value                  INTEGER,                               -- One of possible payload value union members.",
    "    floatValue                  REAL,                                  -- One of possible payload value union members.",
    "    jsonTextId                  INTEGER,                               -- One of possible payload value union members.",
    "    jsonText                    TEXT,                                  -- One of possible payload value union members.",
    "    binaryData                  TEXT                                   -- Binary payload. See docs for format.",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"CUPTI_ACTIVITY_KIND_KERNEL", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    greenContextId              INTEGER,                               -- Green context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER,                               -- REFERENCES CUPTI_ACTIVITY_KIND_RUNTIME(correlationId)",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    demangledName               INTEGER   NOT NULL,                    -- REFERENCES StringIds(id) -- Kernel function name w/ templates",
    "    shortName                   INTEGER   NOT NULL,                    -- REFERENCES StringIds(id) -- Base kernel function name",
    "    mangledName                 INTEGER,                               -- REFERENCES StringIds(id) -- Raw C++ mangled kernel function name",
    "    launchType                  INTEGER,                               -- REFERENCES ENUM_CUDA_KERNEL_LAUNCH_TYPE(id)",
    "    cacheConfig                 INTEGER,                               -- REFERENCES ENUM_CUDA_FUNC_CACHE_CONFIG(id)",
    "    registersPerThread          INTEGER   NOT NULL,                    -- Number of registers required for each thread executing the kernel.",
    "    gridX                       INTEGER   NOT NULL,                    -- X-dimension grid size.",
    "    gridY                       INTEGER   NOT NULL,                    -- Y-dimension grid size.",
    "    gridZ                       INTEGER   NOT NULL,                    -- Z-dimension grid size.",
    "    blockX                      INTEGER   NOT NULL,                    -- X-dimension block size.",
    "    blockY                      INTEGER   NOT NULL,                    -- Y-dimension block size.",
    "    blockZ                      INTEGER   NOT NULL,                    -- Z-dimension block size.",
    "    staticSharedMemory          INTEGER   NOT NULL,                    -- Static shared memory allocated for the kernel (B).",
    "    dynamicSharedMemory         INTEGER   NOT NULL,                    -- Dynamic shared memory reserved for the kernel (B).",
    "    localMemoryPerThread        INTEGER   NOT NULL,                    -- Amount of local memory reserved for each thread (B).",
    "    localMemoryTotal            INTEGER   NOT NULL,                    -- Total amount of local memory reserved for the kernel (B).",
    "    gridId                      INTEGER   NOT NULL,                    -- Unique grid ID of the kernel assigned at runtime.",
    "    sharedMemoryExecuted        INTEGER,                               -- Shared memory size set by the driver.",
    "    graphNodeId                 INTEGER,                               -- REFERENCES CUDA_GRAPH_NODE_EVENTS(graphNodeId)",
    "    sharedMemoryLimitConfig     INTEGER                                -- REFERENCES ENUM_CUDA_SHARED_MEM_LIMIT_CONFIG(id)",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"CUPTI_ACTIVITY_KIND_SYNCHRONIZATION", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_SYNCHRONIZATION (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    greenContextId              INTEGER,                               -- Green context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER,                               -- Correlation ID of the synchronization API to which this result is associated.",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    syncType                    INTEGER   NOT NULL,                    -- REFERENCES ENUM_CUPTI_SYNC_TYPE(id)",
    "    eventId                     INTEGER   NOT NULL                     -- Event ID for which the synchronization API is called.",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"CUPTI_ACTIVITY_KIND_MEMCPY", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    greenContextId              INTEGER,                               -- Green context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER,                               -- REFERENCES CUPTI_ACTIVITY_KIND_RUNTIME(correlationId)",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    bytes                       INTEGER   NOT NULL,                    -- Number of bytes transferred (B).",
    "    copyKind                    INTEGER   NOT NULL,                    -- REFERENCES ENUM_CUDA_MEMCPY_OPER(id)",
    "    deprecatedSrcId             INTEGER,                               -- Deprecated, use srcDeviceId instead.",
    "    srcKind                     INTEGER,                               -- REFERENCES ENUM_CUDA_MEM_KIND(id)",
    "    dstKind                     INTEGER,                               -- REFERENCES ENUM_CUDA_MEM_KIND(id)",
    "    srcDeviceId                 INTEGER,                               -- Source device ID.",
    "    srcContextId                INTEGER,                               -- Source context ID.",
    "    dstDeviceId                 INTEGER,                               -- Destination device ID.",
    "    dstContextId                INTEGER,                               -- Destination context ID.",
    "    migrationCause              INTEGER,                               -- REFERENCES ENUM_CUDA_UNIF_MEM_MIGRATION(id)",
    "    graphNodeId                 INTEGER,                               -- REFERENCES CUDA_GRAPH_NODE_EVENTS(graphNodeId)",
    "    virtualAddress              INTEGER                                -- Virtual base address of the page/s being transferred.",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_MEMSET", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    greenContextId              INTEGER,                               -- Green context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER,                               -- REFERENCES CUPTI_ACTIVITY_KIND_RUNTIME(correlationId)",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    value                       INTEGER   NOT NULL,                    -- Value assigned to memory.",
    "    bytes                       INTEGER   NOT NULL,                    -- Number of bytes set (B).",
    "    graphNodeId                 INTEGER,                               -- REFERENCES CUDA_GRAPH_NODE_EVENTS(graphNodeId)",
    "    memKind                     INTEGER                                -- REFERENCES ENUM_CUDA_MEM_KIND(id)",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"ThreadNames", (const char *const[]){
    "CREATE TABLE ThreadNames (",
    "    nameId                      INTEGER   NOT NULL,                    -- REFERENCES StringIds(id) -- Thread name",
    "    priority                    INTEGER,                               -- Priority of the thread.",
    "    globalTid                   INTEGER                                -- Serialized GlobalId.",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"TARGET_INFO_GPU", (const char *const[]){
    "CREATE TABLE TARGET_INFO_GPU (",
    "    vmId                        INTEGER   NOT NULL,                    -- Serialized GlobalId.",
    "    id                          INTEGER   NOT NULL,                    -- Device ID.",
    "    name                        TEXT,                                  -- Device name.",
    "    busLocation                 TEXT,                                  -- PCI bus location.",
    "    isDiscrete                  INTEGER,                               -- True if discrete, false if integrated.",
    "    l2CacheSize                 INTEGER,                               -- Size of L2 cache (B).",
    "    totalMemory                 INTEGER,                               -- Total amount of memory on the device (B).",
    "    memoryBandwidth             INTEGER,                               -- Amount of memory transferred (B).",
    "    clockRate                   INTEGER,                               -- Clock frequency (Hz).",
    "    smCount                     INTEGER,                               -- Number of multiprocessors on the device.",
    "    pwGpuId                     INTEGER,                               -- PerfWorks GPU ID.",
    "    uuid                        TEXT,                                  -- Device UUID.",
    "    luid                        INTEGER,                               -- Device LUID.",
    "    chipName                    TEXT,                                  -- Chip name.",
    "    cuDevice                    INTEGER,                               -- CUDA device ID.",
    "    ctxswDevPath                TEXT,                                  -- GPU context switch device node path.",
    "    ctrlDevPath                 TEXT,                                  -- GPU control device node path.",
    "    revision                    INTEGER,                               -- Revision number.",
    "    nodeMask                    INTEGER,                               -- Device node mask.",
    "    constantMemory              INTEGER,                               -- Memory available on device for __constant__ variables (B).",
    "    maxIPC                      INTEGER,                               -- Maximum instructions per count.",
    "    maxRegistersPerBlock        INTEGER,                               -- Maximum number of 32-bit registers available per block.",
    "    maxShmemPerBlock            INTEGER,                               -- Maximum optin shared memory per block.",
    "    maxShmemPerBlockOptin       INTEGER,                               -- Maximum optin shared memory per block.",
    "    maxShmemPerSm               INTEGER,                               -- Maximum shared memory available per multiprocessor (B).",
    "    maxRegistersPerSm           INTEGER,                               -- Maximum number of 32-bit registers available per multiprocessor.",
    "    threadsPerWarp              INTEGER,                               -- Warp size in threads.",
    "    asyncEngines                INTEGER,                               -- Number of asynchronous engines.",
    "    maxWarpsPerSm               INTEGER,                               -- Maximum number of warps per multiprocessor.",
    "    maxBlocksPerSm              INTEGER,                               -- Maximum number of blocks per multiprocessor.",
    "    maxThreadsPerBlock          INTEGER,                               -- Maximum number of threads per block.",
    "    maxBlockDimX                INTEGER,                               -- Maximum X-dimension of a block.",
    "    maxBlockDimY                INTEGER,                               -- Maximum Y-dimension of a block.",
    "    maxBlockDimZ                INTEGER,                               -- Maximum Z-dimension of a block.",
    "    maxGridDimX                 INTEGER,                               -- Maximum X-dimension of a grid.",
    "    maxGridDimY                 INTEGER,                               -- Maximum Y-dimension of a grid.",
    "    maxGridDimZ                 INTEGER,                               -- Maximum Z-dimension of a grid.",
    "    computeMajor                INTEGER,                               -- Major compute capability version number.",
    "    computeMinor                INTEGER,                               -- Minor compute capability version number.",
    "    smMajor                     INTEGER,                               -- Major multiprocessor version number.",
    "    smMinor                     INTEGER                                -- Minor multiprocessor version number.",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"META_DATA_CAPTURE", (const char *const[]){
    "CREATE TABLE META_DATA_CAPTURE (",
    "    -- information about nsys capture parameters",
    "",
    "    name                        TEXT      NOT NULL,                    -- Name of meta-data record",
    "    value                       TEXT                                   -- Value of meta-data record",
    ")",
    NULL}},
  /* from pipit-cloverleaf-cuda-2024.5.sqlite */
  {"META_DATA_EXPORT", (const char *const[]){
    "CREATE TABLE META_DATA_EXPORT (",
    "    -- information about nsys export process",
    "",
    "    name                        TEXT      NOT NULL,                    -- Name of meta-data record",
    "    value                       TEXT                                   -- Value of meta-data record",
    ")",
    NULL}},
  {NULL, NULL}
};

static const TableDef SCHEMA_F325[] = {
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"StringIds", (const char *const[]){
    "CREATE TABLE StringIds (",
    "    -- Consolidation of repetitive string values.",
    "",
    "    id                          INTEGER   NOT NULL   PRIMARY KEY,      -- ID reference value.",
    "    value                       TEXT      NOT NULL                     -- String value.",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"TARGET_INFO_SESSION_START_TIME", (const char *const[]){
    "CREATE TABLE TARGET_INFO_SESSION_START_TIME (",
    "    utcEpochNs                  INTEGER,                               -- UTC Epoch timestamp at start of the capture (ns).",
    "    utcTime                     TEXT,                                  -- Start of the capture in UTC.",
    "    localTime                   TEXT,                                  -- Start of the capture in local time of target.",
    "    systemClockNs               INTEGER                                -- Target system clock timestamp at start of the capture (ns).",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"ANALYSIS_DETAILS", (const char *const[]){
    "CREATE TABLE ANALYSIS_DETAILS (",
    "    -- Details about the analysis session.",
    "",
    "    globalVid                   INTEGER   NOT NULL,                    -- Serialized GlobalId.",
    "    duration                    INTEGER   NOT NULL,                    -- The total time span of the entire trace (ns).",
    "    startTime                   INTEGER   NOT NULL,                    -- Trace start timestamp in nanoseconds.",
    "    stopTime                    INTEGER   NOT NULL                     -- Trace stop timestamp in nanoseconds.",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_SYNCHRONIZATION", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_SYNCHRONIZATION (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    greenContextId              INTEGER,                               -- Green context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER,                               -- Correlation ID of the synchronization API to which this result is associated.",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    deprecatedSyncType          INTEGER,                               -- Deprecated, use syncType instead. For older report, REFERENCES ENUM_CUPTI_SYNC_TYPE(id)",
    "    syncType                    INTEGER   NOT NULL,                    -- REFERENCES ENUM_CUPTI_SYNC_TYPE(id)",
    "    eventId                     INTEGER   NOT NULL,                    -- Event ID for which the synchronization API is called.",
    "    eventSyncId                 INTEGER                                -- CUDA Event Sync ID to link the synchronization API to associated event record API.",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"PROFILER_OVERHEAD", (const char *const[]){
    "CREATE TABLE PROFILER_OVERHEAD (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    globalTid                   INTEGER,                               -- Serialized GlobalId.",
    "    nameId                      INTEGER   NOT NULL,                    -- REFERENCES StringIds(id) -- Function name",
    "    overheadType                INTEGER   NOT NULL                     -- REFERENCES ENUM_CUPTI_OVERHEAD_TYPE(id)",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_MEMSET", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    greenContextId              INTEGER,                               -- Green context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER,                               -- REFERENCES CUPTI_ACTIVITY_KIND_RUNTIME(correlationId)",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    value                       INTEGER   NOT NULL,                    -- Value assigned to memory.",
    "    bytes                       INTEGER   NOT NULL,                    -- Number of bytes set (B).",
    "    graphNodeId                 INTEGER,                               -- REFERENCES CUDA_GRAPH_NODE_EVENTS(graphNodeId)",
    "    memKind                     INTEGER                                -- REFERENCES ENUM_CUDA_MEM_KIND(id)",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_MEMCPY", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    greenContextId              INTEGER,                               -- Green context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER,                               -- REFERENCES CUPTI_ACTIVITY_KIND_RUNTIME(correlationId)",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    bytes                       INTEGER   NOT NULL,                    -- Number of bytes transferred (B).",
    "    copyKind                    INTEGER   NOT NULL,                    -- REFERENCES ENUM_CUDA_MEMCPY_OPER(id)",
    "    deprecatedSrcId             INTEGER,                               -- Deprecated, use srcDeviceId instead.",
    "    srcKind                     INTEGER,                               -- REFERENCES ENUM_CUDA_MEM_KIND(id)",
    "    dstKind                     INTEGER,                               -- REFERENCES ENUM_CUDA_MEM_KIND(id)",
    "    srcDeviceId                 INTEGER,                               -- Source device ID.",
    "    srcContextId                INTEGER,                               -- Source context ID.",
    "    dstDeviceId                 INTEGER,                               -- Destination device ID.",
    "    dstContextId                INTEGER,                               -- Destination context ID.",
    "    migrationCause              INTEGER,                               -- REFERENCES ENUM_CUDA_UNIF_MEM_MIGRATION(id)",
    "    graphNodeId                 INTEGER,                               -- REFERENCES CUDA_GRAPH_NODE_EVENTS(graphNodeId)",
    "    virtualAddress              INTEGER,                               -- Virtual base address of the page/s being transferred.",
    "    copyCount                   INTEGER                                -- The total number of memcopy operations traced in this record. In CUDA MemcpyBatchAsync APIs, multiple memcpy operations may be batched together for optimization purposes based on certain heuristics.",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_KERNEL", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    deviceId                    INTEGER   NOT NULL,                    -- Device ID.",
    "    contextId                   INTEGER   NOT NULL,                    -- Context ID.",
    "    greenContextId              INTEGER,                               -- Green context ID.",
    "    streamId                    INTEGER   NOT NULL,                    -- Stream ID.",
    "    correlationId               INTEGER,                               -- REFERENCES CUPTI_ACTIVITY_KIND_RUNTIME(correlationId)",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    demangledName               INTEGER   NOT NULL,                    -- REFERENCES StringIds(id) -- Kernel function name w/ templates",
    "    shortName                   INTEGER   NOT NULL,                    -- REFERENCES StringIds(id) -- Base kernel function name",
    "    mangledName                 INTEGER,                               -- REFERENCES StringIds(id) -- Raw C++ mangled kernel function name",
    "    launchType                  INTEGER,                               -- REFERENCES ENUM_CUDA_KERNEL_LAUNCH_TYPE(id)",
    "    cacheConfig                 INTEGER,                               -- REFERENCES ENUM_CUDA_FUNC_CACHE_CONFIG(id)",
    "    registersPerThread          INTEGER   NOT NULL,                    -- Number of registers required for each thread executing the kernel.",
    "    gridX                       INTEGER   NOT NULL,                    -- X-dimension grid size.",
    "    gridY                       INTEGER   NOT NULL,                    -- Y-dimension grid size.",
    "    gridZ                       INTEGER   NOT NULL,                    -- Z-dimension grid size.",
    "    blockX                      INTEGER   NOT NULL,                    -- X-dimension block size.",
    "    blockY                      INTEGER   NOT NULL,                    -- Y-dimension block size.",
    "    blockZ                      INTEGER   NOT NULL,                    -- Z-dimension block size.",
    "    staticSharedMemory          INTEGER   NOT NULL,                    -- Static shared memory allocated for the kernel (B).",
    "    dynamicSharedMemory         INTEGER   NOT NULL,                    -- Dynamic shared memory reserved for the kernel (B).",
    "    localMemoryPerThread        INTEGER   NOT NULL,                    -- Amount of local memory reserved for each thread (B).",
    "    localMemoryTotal            INTEGER   NOT NULL,                    -- Total amount of local memory reserved for the kernel (B).",
    "    gridId                      INTEGER   NOT NULL,                    -- Unique grid ID of the kernel assigned at runtime.",
    "    sharedMemoryExecuted        INTEGER,                               -- Shared memory size set by the driver.",
    "    graphNodeId                 INTEGER,                               -- REFERENCES CUDA_GRAPH_NODE_EVENTS(graphNodeId)",
    "    sharedMemoryLimitConfig     INTEGER,                               -- REFERENCES ENUM_CUDA_SHARED_MEM_LIMIT_CONFIG(id)",
    "    qmdBulkReleaseDone          INTEGER,                               -- QMD bulk release done timestamp from CWD events.",
    "    qmdPreexitDone              INTEGER,                               -- QMD pre-exit done timestamp from CWD events.",
    "    qmdLastCtaDone              INTEGER,                               -- QMD last CTA done timestamp from CWD events.",
    "    graphId                     INTEGER,                               -- Kernel graph ID.",
    "    clusterX                    INTEGER,                               -- Cluster X dimension.",
    "    clusterY                    INTEGER,                               -- Cluster Y dimension.",
    "    clusterZ                    INTEGER,                               -- Cluster Z dimension.",
    "    clusterSchedulingPolicy     INTEGER,                               -- Cluster scheduling policy.",
    "    maxPotentialClusterSize     INTEGER,                               -- Maximum potential cluster size.",
    "    maxActiveClusters           INTEGER,                               -- Maximum active clusters.",
    "    sharedMemoryRequestedPercentage   INTEGER,                         -- Shared memory requested percentage.",
    "    tensorSizeMinusOneElements   TEXT      NOT NULL                    -- TMA descriptor tensor size minus one elements array.",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"PROCESSES", (const char *const[]){
    "CREATE TABLE PROCESSES (",
    "    -- Names and identifiers of processes captured in the report.",
    "",
    "    globalPid                   INTEGER,                               -- Serialized GlobalId.",
    "    pid                         INTEGER,                               -- The process ID.",
    "    name                        TEXT                                   -- The process name.",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"CUPTI_ACTIVITY_KIND_RUNTIME", (const char *const[]){
    "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER   NOT NULL,                    -- Event end timestamp (ns).",
    "    eventClass                  INTEGER   NOT NULL,                    -- REFERENCES ENUM_NSYS_EVENT_CLASS(id)",
    "    globalTid                   INTEGER,                               -- Serialized GlobalId.",
    "    correlationId               INTEGER,                               -- ID used to identify events that this function call has triggered.",
    "    nameId                      INTEGER   NOT NULL,                    -- REFERENCES StringIds(id) -- Function name",
    "    returnValue                 INTEGER   NOT NULL,                    -- Return value of the function call.",
    "    callchainId                 INTEGER                                -- REFERENCES CUDA_CALLCHAINS(id)",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"NVTX_EVENTS", (const char *const[]){
    "CREATE TABLE NVTX_EVENTS (",
    "    start                       INTEGER   NOT NULL,                    -- Event start timestamp (ns).",
    "    end                         INTEGER,                               -- Event end timestamp (ns).",
    "    eventType                   INTEGER   NOT NULL,                    -- REFERENCES ENUM_NSYS_EVENT_TYPE(id)",
    "    rangeId                     INTEGER,                               -- Correlation ID returned from a nvtxRangeStart call.",
    "    category                    INTEGER,                               -- User-controlled ID that can be used to group events.",
    "    color                       INTEGER,                               -- Encoded ARGB color value.",
    "    text                        TEXT,                                  -- Explicit name/text (non-registered string)",
    "    globalTid                   INTEGER,                               -- Serialized GlobalId.",
    "    endGlobalTid                INTEGER,                               -- Serialized GlobalId.",
    "    textId                      INTEGER,                               -- REFERENCES StringIds(id) -- Registered NVTX domain/string",
    "    domainId                    INTEGER,                               -- User-controlled ID that can be used to group events.",
    "    uint64Value                 INTEGER,                               -- One of possible payload value union members.",
    "    int64Value                  INTEGER,                               -- One of possible payload value union members.",
    "    doubleValue                 REAL,                                  -- One of possible payload value union members.",
    "    uint32Value                 INTEGER,                               -- One of possible payload value union members.",
    "    int32Value                  INTEGER,                               -- One of possible payload value union members.",
    "    floatValue                  REAL,                                  -- One of possible payload value union members.",
    "    jsonTextId                  INTEGER,                               -- One of possible payload value union members.",
    "    jsonText                    TEXT,                                  -- One of possible payload value union members.",
    "    binaryData                  TEXT                                   -- Binary payload. See docs for format.",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"ThreadNames", (const char *const[]){
    "CREATE TABLE ThreadNames (",
    "    nameId                      INTEGER   NOT NULL,                    -- REFERENCES StringIds(id) -- Thread name",
    "    priority                    INTEGER,                               -- Priority of the thread.",
    "    globalTid                   INTEGER                                -- Serialized GlobalId.",
    ")",
    NULL}},
  /* from jacc-nvtx-only-2026.2.sqlite */
  {"TARGET_INFO_GPU", (const char *const[]){
    "CREATE TABLE TARGET_INFO_GPU (",
    "    vmId                        INTEGER   NOT NULL,                    -- Serialized GlobalId.",
    "    id                          INTEGER   NOT NULL,                    -- Device ID.",
    "    name                        TEXT,                                  -- Device name.",
    "    busLocation                 TEXT,                                  -- PCI bus location.",
    "    isDiscrete                  INTEGER,                               -- True if discrete, false if integrated.",
    "    l2CacheSize                 INTEGER,                               -- Size of L2 cache (B).",
    "    totalMemory                 INTEGER,                               -- Total amount of memory on the device (B).",
    "    memoryBandwidth             INTEGER,                               -- Amount of memory transferred (B).",
    "    clockRate                   INTEGER,                               -- Clock frequency (Hz).",
    "    smCount                     INTEGER,                               -- Number of multiprocessors on the device.",
    "    pwGpuId                     INTEGER,                               -- PerfWorks GPU ID.",
    "    uuid                        TEXT,                                  -- Device UUID.",
    "    luid                        INTEGER,                               -- Device LUID.",
    "    chipName                    TEXT,                                  -- Chip name.",
    "    cuDevice                    INTEGER,                               -- CUDA device ID.",
    "    ctxswDevPath                TEXT,                                  -- GPU context switch device node path.",
    "    ctrlDevPath                 TEXT,                                  -- GPU control device node path.",
    "    revision                    INTEGER,                               -- Revision number.",
    "    nodeMask                    INTEGER,                               -- Device node mask.",
    "    constantMemory              INTEGER,                               -- Memory available on device for __constant__ variables (B).",
    "    maxIPC                      INTEGER,                               -- Maximum instructions per count.",
    "    maxRegistersPerBlock        INTEGER,                               -- Maximum number of 32-bit registers available per block.",
    "    maxShmemPerBlock            INTEGER,                               -- Maximum optin shared memory per block.",
    "    maxShmemPerBlockOptin       INTEGER,                               -- Maximum optin shared memory per block.",
    "    maxShmemPerSm               INTEGER,                               -- Maximum shared memory available per multiprocessor (B).",
    "    maxRegistersPerSm           INTEGER,                               -- Maximum number of 32-bit registers available per multiprocessor.",
    "    threadsPerWarp              INTEGER,                               -- Warp size in threads.",
    "    asyncEngines                INTEGER,                               -- Number of asynchronous engines.",
    "    maxWarpsPerSm               INTEGER,                               -- Maximum number of warps per multiprocessor.",
    "    maxBlocksPerSm              INTEGER,                               -- Maximum number of blocks per multiprocessor.",
    "    maxThreadsPerBlock          INTEGER,                               -- Maximum number of threads per block.",
    "    maxBlockDimX                INTEGER,                               -- Maximum X-dimension of a block.",
    "    maxBlockDimY                INTEGER,                               -- Maximum Y-dimension of a block.",
    "    maxBlockDimZ                INTEGER,                               -- Maximum Z-dimension of a block.",
    "    maxGridDimX                 INTEGER,                               -- Maximum X-dimension of a grid.",
    "    maxGridDimY                 INTEGER,                               -- Maximum Y-dimension of a grid.",
    "    maxGridDimZ                 INTEGER,                               -- Maximum Z-dimension of a grid.",
    "    computeMajor                INTEGER,                               -- Major compute capability version number.",
    "    computeMinor                INTEGER,                               -- Minor compute capability version number.",
    "    smMajor                     INTEGER,                               -- Major multiprocessor version number.",
    "    smMinor                     INTEGER                                -- Minor multiprocessor version number.",
    ")",
    NULL}},
  /* from ppcu-osrt-only-2025.6.sqlite */
  {"TARGET_INFO_CUDA_DEVICE", (const char *const[]){
    "CREATE TABLE TARGET_INFO_CUDA_DEVICE (",
    "    gpuId                       INTEGER,                               -- GPU ID.",
    "    cudaId                      INTEGER   NOT NULL,                    -- CUDA device ID.",
    "    pid                         INTEGER   NOT NULL,                    -- Process ID.",
    "    uuid                        TEXT,                                  -- Device UUID.",
    "    numMultiprocessors          INTEGER                                -- Number of SMs available on the device.",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"META_DATA_CAPTURE", (const char *const[]){
    "CREATE TABLE META_DATA_CAPTURE (",
    "    -- information about nsys capture parameters",
    "",
    "    name                        TEXT      NOT NULL,                    -- Name of meta-data record",
    "    value                       TEXT                                   -- Value of meta-data record",
    ")",
    NULL}},
  /* from nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite */
  {"META_DATA_EXPORT", (const char *const[]){
    "CREATE TABLE META_DATA_EXPORT (",
    "    -- information about nsys export process",
    "",
    "    name                        TEXT      NOT NULL,                    -- Name of meta-data record",
    "    value                       TEXT                                   -- Value of meta-data record",
    ")",
    NULL}},
  {NULL, NULL}
};


/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */
/* ------------------------------------------------------------------------ */

#define VM_ID 1LL
#define GLOBAL_VID ((int64_t)VM_ID << 48)
#define MAX_HIST 64
#define MAX_LISTED 1000
#define UINT32_ALL ((int64_t)4294967295LL)

static int64_t imax(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t imin(int64_t a, int64_t b) { return a < b ? a : b; }

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) {
        fprintf(stderr, "nsysql-gen: out of memory\n");
        exit(1);
    }
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = xcalloc(n, 1);
    memcpy(p, s, n);
    return p;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* splitmix64 seeding + xoshiro256** */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

typedef struct {
    uint64_t s[4];
    int has_spare;
    double spare;
} Rng;

static uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(Rng *r)
{
    uint64_t *s = r->s;
    uint64_t res = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return res;
}

static void rng_seed(Rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
    r->has_spare = 0;
}

static double rng_u01(Rng *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

static double rng_gauss(Rng *r)
{
    if (r->has_spare) {
        r->has_spare = 0;
        return r->spare;
    }
    double u1 = 1.0 - rng_u01(r); /* (0,1] */
    double u2 = rng_u01(r);
    double rad = sqrt(-2.0 * log(u1));
    double th = 6.283185307179586476925 * u2;
    r->spare = rad * sin(th);
    r->has_spare = 1;
    return rad * cos(th);
}

/* ------------------------------------------------------------------------ */
/* Flavours                                                                  */
/* ------------------------------------------------------------------------ */

enum { FL_291 = 0, FL_313 = 1, FL_325 = 2 };

typedef struct {
    const char *label;         /* --flavour value */
    const char *schema;        /* EXPORT_SCHEMA_VERSION */
    const char *product;       /* EXPORT_PRODUCT_VERSION */
    const char *product_date;  /* EXPORT_PRODUCT_DATE */
    const TableDef *tables;
    const char *meta_table;    /* export metadata table */
    int64_t epoch_ns;          /* TARGET_INFO_SESSION_START_TIME.utcEpochNs */
    const char *overhead_name; /* PROFILER_OVERHEAD buffer-flush name */
} Flavour;

static const Flavour FLAVOURS[3] = {
    {"2.9.1", "2.9.1", "2022.2.1.31", "2022.2", SCHEMA_F291, "EXPORT_META_DATA",
     1656662400000000000LL, "CUPTI: Buffer flush"},
    {"3.13", "3.13.2", "2024.5.1.113", "2024.5", SCHEMA_F313, "META_DATA_EXPORT",
     1726099200000000000LL, "CUPTI: Buffer flush"},
    {"3.25", "3.25.0", "2026.2.1.210", "2026.2", SCHEMA_F325, "META_DATA_EXPORT",
     1767225600000000000LL, "CUPTI Buffer flush"},
};

/* ------------------------------------------------------------------------ */
/* Options and model                                                         */
/* ------------------------------------------------------------------------ */

enum { OP_KERNEL = 0, OP_MEMCPY = 1, OP_MEMSET = 2 };
enum { C_HOST = 0, C_SYNC, C_DEVSYNC, C_DEP, C_OVERHEAD };
enum { PLAN_GAP = 0, PLAN_OVERHEAD = 1 };

static const char *CAUSE_NAMES[] = {"host_launch", "sync", "device_sync", "dependency",
                                    "profiler_overhead"};

typedef struct {
    char *demangled, *shortn, *mangled;
    double mean, cv, mu, sigma;
    int64_t count; /* launches per iteration */
    int64_t *dist;
    int ndist;
    int exact; /* duration set is finite (dist or cv==0): median is tracked */
    int64_t sid_d, sid_s, sid_m;
    int64_t regs, gx, gy, gz, bx, by, bz, sshm, dshm, shm_exec;
    int shaped; /* launch shape given with NAME@GXxGYxGZ/BXxBYxBZ[/SHARED] */
} KSpec;

typedef struct {
    int kind; /* PLAN_GAP / PLAN_OVERHEAD */
    int cause;
    int64_t iter, len;
    int dev, pidx;
    /* results */
    int done;
    int64_t gstart, gend, union_len;
    int64_t api_s, api_e, sync_s, sync_e, ov_s, ov_e;
    const char *pcause; /* cause by the process-level rule (see GEN.md) */
    int interfered;
} Plan;

typedef struct {
    int64_t count, total, min, max;
    int hist_ok, nh;
    int64_t hv[MAX_HIST], hc[MAX_HIST];
    int64_t dist_idx;
} KStat;

typedef struct {
    int64_t gpu_start, gpu_end, kernels, nvtx_start, nvtx_end;
} IterT;

typedef struct Proc Proc;

typedef struct {
    int p, d, gidx;
    Proc *proc;
    int64_t pid, tid, gtid, gpid, ctx;
    int64_t iters, kquota, klast, nops_total, ordinal;
    Rng rng;
    Rng xrng; /* --pareto-names and --gap-range draws only (other runs never touch it) */
    KStat *kst;
    KStat zst; /* zero_length_kernel */
    /* device timeline */
    int64_t origin;
    int have_op;
    int64_t prev_start, max_end, last_op_start, last_op_end;
    int64_t *stream_end;
    int64_t grid_id;
    /* union of valid op intervals, and of kernel intervals only */
    int64_t u_s, u_e, busy, first_op_start;
    int ku_valid;
    int64_t ku_s, ku_e, kbusy;
    int64_t max_regular_gap, n_regular_gaps;
    /* counters */
    int64_t n_kernels, kernel_ns, n_memcpy, memcpy_ns, memcpy_bytes;
    int64_t n_memset, memset_ns, memset_bytes;
    int64_t mck_count[3], mck_ns[3], mck_bytes[3];
    /* host thread (API + NVTX bookkeeping) */
    int any_api;
    int64_t first_api_start, last_api_end;
    int in_iter, cur_has_launch;
    int64_t cur_first, cur_last_end, cur_gapb, cur_it;
    int pend_valid;
    int64_t pend_it, pend_first, pend_last_end, pend_gapb;
    int64_t warm_rs, warm_gapb0;
    int warm_valid;
    int64_t warm_s, warm_e;
    /* per-iteration truth */
    int64_t it_gpu_start, it_gpu_end, it_kernels;
    IterT *itt; /* NULL when omitted */
    int64_t warmup_end, teardown_start;
    /* plans */
    Plan **plans;
    int nplans, next_plan;
    /* zero-length and bad rows */
    int64_t nz, nz_done, nbad;
    int64_t *zero_ts; /* first MAX_LISTED */
    int64_t *bad_s, *bad_e;
} Dev;

struct Proc {
    int index;
    int64_t pid, gpid, main_gtid, cupti_gtid;
    int64_t corr;
    int uses_cupti_thread;
    int64_t main_s, main_e;
    int main_valid;
};

typedef struct {
    const char *out;
    const char *truth;
    int flavour;
    uint64_t seed;
    int64_t processes, devices, streams;
    int64_t iterations; /* -1 if not given */
    int64_t kernels;    /* -1 if not given */
    int64_t distinct_names; /* 0: the specs' names; N: regular kernels named round-robin over N names */
    int64_t memcpy_per_iter, memcpy_bytes, memset_per_iter, memset_bytes;
    double memcpy_gbps, memset_gbps;
    int64_t launch_gap;
    int64_t gap_min, gap_max; /* --gap-range: each op's gap drawn from [min, max]; max 0 = off */
    int64_t pareto_n;         /* --pareto-names N: names drawn per launch; 0 = off */
    double pareto_s;
    int overlap, nvtx, api;
    const char *iter_range;
    int64_t warmup, teardown;
    double warmup_factor, teardown_factor;
    int64_t zero_length, bad_rows;
    int64_t start_ns;
    int64_t truth_max_iters;
    /* GPU metrics: --gpu-metrics HZ:SECONDS[:GPUS[:LAYOUT]] */
    int64_t gm_hz, gm_gpus, gm_layout;
    double gm_seconds;
    int64_t gm_low_s, gm_low_e; /* --gpu-metrics-low START_NS:END_NS (SMs Active 5 % there) */
    /* memory-usage events: --mem-events EVERY:BYTES[:LEAKS] */
    int64_t me_every, me_bytes, me_leaks;
} Opt;

typedef struct {
    Opt o;
    const Flavour *fl;
    int argc;
    char **argv;
    sqlite3 *db;
    sqlite3_stmt *st_kernel, *st_runtime, *st_memcpy, *st_memset, *st_sync, *st_nvtx, *st_over;
    KSpec *specs;
    int nspecs;
    KSpec zspec, bspec;
    int64_t *kseq;
    double *pareto_cdf; /* --pareto-names: cumulative weights of the names */
    int64_t kpi;
    Plan *plans;
    int nplans;
    Proc *procs;
    Dev *devs;
    int ndev;
    /* string ids */
    char **strs;
    int nstrs, capstrs;
    int64_t dn_base, dn_next; /* --distinct-names: StringIds ids dn_base + 1 .. dn_base + N */
    int64_t sid_launch, sid_memcpy, sid_memset, sid_ssync, sid_dsync, sid_over;
    int64_t sid_proc, sid_cupti;
    int64_t *sid_thread; /* per device index d */
    /* counters */
    int64_t c_kernel_rows, c_runtime, c_launch_api, c_sync_api, c_sync_act, c_memcpy, c_memset;
    int64_t c_nvtx, c_over, c_zero, c_bad;
    int64_t stop_ns;
    /* which tables get rows */
    int need_memcpy, need_memset, need_sync, need_nvtx, need_over, need_runtime;
} G;

/* ------------------------------------------------------------------------ */
/* Usage                                                                     */
/* ------------------------------------------------------------------------ */

static void usage(const char *msg, ...)
{
    FILE *out = msg ? stderr : stdout;
    if (msg) {
        va_list ap;
        va_start(ap, msg);
        fprintf(stderr, "nsysql-gen: ");
        vfprintf(stderr, msg, ap);
        fprintf(stderr, "\n\n");
        va_end(ap);
    }
    fprintf(out,
        "usage: nsysql-gen --out FILE [options]\n"
        "Writes a synthetic Nsight Systems SQLite export with planted, known facts.\n"
        "\n"
        "  --out FILE                 output .sqlite (an existing file is removed first)\n"
        "  --flavour 2.9.1|3.13|3.25  schema flavour (default 3.25; --flavor also accepted)\n"
        "  --seed N                   PRNG seed (default 1)\n"
        "  --processes P              processes (default 1)\n"
        "  --devices D                CUDA devices per process, one host thread each (default 1)\n"
        "  --streams S                streams per device (default 2; ids 7,13,14,...)\n"
        "  --iterations I             iterations per device (default 10)\n"
        "  --kernels N                total regular kernels, split evenly over devices;\n"
        "                             iterations derived (last one may be partial)\n"
        "  --distinct-names N         regular kernels take N distinct names round-robin\n"
        "                             (dn_kernel_0 .. dn_kernel_<N-1>; short, demangled and\n"
        "                             mangled name alike); not with --truth\n"
        "  --kernel NAME:MEAN_NS:CV[:COUNT]   kernel list entry (repeatable; replaces the\n"
        "                             default 6-kernel set); COUNT launches per iteration;\n"
        "                             NAME@GXxGYxGZ/BXxBYxBZ[/SHARED] sets the launch shape\n"
        "                             (grid, block, dynamic shared bytes; static 0): one name\n"
        "                             may appear once per distinct shape\n"
        "  --duration-dist NAME:v1,v2,...     NAME cycles through exactly these durations\n"
        "  --memcpy-per-iter N        memcpy ops per iteration (kinds cycle HtoD,DtoH,DtoD)\n"
        "  --memcpy-bytes B           bytes per memcpy (default 1048576)\n"
        "  --memcpy-gbps X            memcpy speed, duration = bytes/X ns (default 25)\n"
        "  --memset-per-iter N        memset ops per iteration\n"
        "  --memset-bytes B           bytes per memset (default 1048576)\n"
        "  --memset-gbps X            memset speed (default 500)\n"
        "  --launch-gap-ns G          device idle between consecutive ops (default 2000)\n"
        "  --gap-range MIN:MAX        each op's idle gap drawn uniformly from [MIN, MAX] ns\n"
        "                             (replaces --launch-gap-ns for the regular ops)\n"
        "  --pareto-names N[:S]       N kernel names (replace the kernel list); each launch\n"
        "                             draws name i with weight 1/(i+1)^S (default S 1.1),\n"
        "                             so the sequence has no period (see GEN.md)\n"
        "  --overlap                  ops on different streams overlap (see GEN.md)\n"
        "  --nvtx / --no-nvtx         NVTX ranges main/warmup/iteration (default on)\n"
        "  --iteration-range NAME     text of the per-iteration NVTX range (default iteration)\n"
        "  --warmup K                 first K iterations: kernel durations x F\n"
        "  --warmup-factor F          (default 3)\n"
        "  --teardown K               last K iterations: kernel durations x F\n"
        "  --teardown-factor F        (default 3)\n"
        "  --gap ITER:LEN_NS:CAUSE[:DEVICE[:PID_INDEX]]  idle gap of exactly LEN_NS before\n"
        "                             the first op of ITER; CAUSE host_launch|sync|\n"
        "                             device_sync|dependency (repeatable)\n"
        "  --profiler-overhead ITER:LEN_NS[:DEVICE[:PID_INDEX]]  gap covered by a\n"
        "                             PROFILER_OVERHEAD buffer-flush row (repeatable)\n"
        "  --zero-length N            N extra kernel rows with start=end\n"
        "  --bad-rows N               N extra kernel rows with end<start (bad_kernel)\n"
        "  --no-api                   write no CUPTI_ACTIVITY_KIND_RUNTIME rows\n"
        "  --gpu-metrics HZ:SECONDS[:GPUS[:LAYOUT]]  GPU_METRICS samples (layout 5 with\n"
        "                             rawTimestamp, 4 without), see GEN.md\n"
        "  --gpu-metrics-low S:E      SMs Active is 5 (else 90) for samples in [S, E)\n"
        "  --mem-events EVERY:BYTES[:LEAKS]  CUDA_GPU_MEMORY_USAGE_EVENTS: every EVERY-th\n"
        "                             kernel row allocates BYTES before it and frees them\n"
        "                             after it, the first LEAKS never free, see GEN.md\n"
        "  --start-ns T               first API call of device 0 at T (default 1000000)\n"
        "  --truth FILE               write the planted facts as JSON\n"
        "  --truth-max-iterations N   per-iteration truth only if iterations <= N (default 100000)\n"
        "  --help\n"
        "Prints one JSON line to stdout; exit 0 ok, 1 I/O or SQLite error, 2 bad arguments.\n");
    exit(msg ? 2 : 0);
}

/* ------------------------------------------------------------------------ */
/* Parsing                                                                   */
/* ------------------------------------------------------------------------ */

static int parse_i64(const char *s, int64_t *out)
{
    if (!s || !*s) return 0;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end) return 0;
    *out = (int64_t)v;
    return 1;
}

static int parse_dbl(const char *s, double *out)
{
    if (!s || !*s) return 0;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !isfinite(v)) return 0;
    *out = v;
    return 1;
}

static int64_t need_i64(const char *opt, const char *s, int64_t lo, int64_t hi)
{
    int64_t v;
    if (!parse_i64(s, &v)) usage("%s: '%s' is not an integer", opt, s ? s : "");
    if (v < lo || v > hi)
        usage("%s: %" PRId64 " out of range [%" PRId64 ", %" PRId64 "]", opt, v, lo, hi);
    return v;
}

static double need_dbl(const char *opt, const char *s, double lo, double hi)
{
    double v;
    if (!parse_dbl(s, &v)) usage("%s: '%s' is not a number", opt, s ? s : "");
    if (v < lo || v > hi) usage("%s: %g out of range [%g, %g]", opt, v, lo, hi);
    return v;
}

/* split s on ':' into at most max fields (modifies a copy) */
static int split_colon(char *s, char **f, int max)
{
    int n = 0;
    char *p = s;
    while (n < max) {
        f[n++] = p;
        char *c = strchr(p, ':');
        if (!c) break;
        *c = 0;
        p = c + 1;
    }
    return n;
}

/* Derive the short name nsys would show: drop the parameter list and
 * template arguments, the return type and namespaces. */
static char *derive_short(const char *name)
{
    size_t n = strlen(name);
    size_t cut = n;
    for (size_t i = 0; i < n; i++) {
        if (name[i] == '(' || name[i] == '<') {
            cut = i;
            break;
        }
    }
    size_t b = 0;
    for (size_t i = 0; i < cut; i++) {
        if (name[i] == ' ') b = i + 1;
    }
    for (size_t i = b; i + 1 < cut; i++) {
        if (name[i] == ':' && name[i + 1] == ':') b = i + 2;
    }
    if (b >= cut) return xstrdup(name);
    char *r = xcalloc(cut - b + 1, 1);
    memcpy(r, name + b, cut - b);
    return r;
}

static int is_ident(const char *s)
{
    if (!*s) return 0;
    for (const char *p = s; *p; p++) {
        char c = *p;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return 0;
    }
    return 1;
}

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    return h;
}

static void spec_fill(KSpec *k, const char *demangled, const char *shortn, const char *mangled,
                      double mean, double cv, int64_t count)
{
    memset(k, 0, sizeof *k);
    k->demangled = xstrdup(demangled);
    k->shortn = shortn ? xstrdup(shortn) : derive_short(demangled);
    if (mangled) {
        k->mangled = xstrdup(mangled);
    } else if (is_ident(demangled)) {
        k->mangled = xstrdup(demangled); /* extern "C" style: mangled == name */
    } else {
        size_t n = strlen(k->shortn) + 32;
        k->mangled = xcalloc(n, 1);
        snprintf(k->mangled, n, "_Z%zu%sv", strlen(k->shortn), k->shortn);
    }
    k->mean = mean;
    k->cv = cv;
    k->count = count;
    uint64_t h = hash_str(demangled);
    static const int64_t blocks[] = {128, 256, 512, 384};
    k->regs = 16 + (int64_t)(h % 8) * 16;
    k->gx = 1 + (int64_t)((h >> 8) % 2048);
    k->gy = 1 + (int64_t)((h >> 20) % 4);
    k->gz = 1;
    k->bx = blocks[(h >> 24) % 4];
    k->by = 1;
    k->bz = 1;
    k->sshm = (int64_t)((h >> 28) % 4) * 4096;
    k->dshm = (int64_t)((h >> 32) % 3) * 16384;
    k->shm_exec = k->sshm + k->dshm > 0 ? 65536 : 32768;
}

static void spec_finish(KSpec *k)
{
    double s2 = log1p(k->cv * k->cv);
    k->sigma = sqrt(s2);
    k->mu = log(k->mean) - s2 / 2.0;
    k->exact = (k->ndist > 0 || k->cv == 0.0);
}

static int parse_cause(const char *s)
{
    if (!strcmp(s, "host_launch")) return C_HOST;
    if (!strcmp(s, "sync")) return C_SYNC;
    if (!strcmp(s, "device_sync")) return C_DEVSYNC;
    if (!strcmp(s, "dependency")) return C_DEP;
    return -1;
}

typedef struct {
    char *name;
    char *vals;
} DistArg;

static int is_number_token(const char *s)
{
    double d;
    return parse_dbl(s, &d);
}

/* --kernel NAME:MEAN_NS:CV[:COUNT]; NAME may contain ':' (parsed from the right). */
static void parse_kernel_arg(const char *arg, KSpec *out)
{
    char *s = xstrdup(arg);
    char *f[4];
    int nf = 0;
    char *end = s + strlen(s);
    /* collect up to 3 trailing numeric fields */
    char *p = end;
    while (nf < 3) {
        char *c = p;
        while (c > s && c[-1] != ':') c--;
        if (c == s) break;
        if (!is_number_token(c)) break;
        f[nf++] = c;
        c[-1] = 0;
        p = c - 1;
    }
    if (nf < 2) usage("--kernel '%s': expected NAME:MEAN_NS:CV[:COUNT]", arg);
    const char *name = s;
    double mean, cv;
    int64_t count = 1;
    const char *smean, *scv, *scount = NULL;
    if (nf == 3) {
        scount = f[0];
        scv = f[1];
        smean = f[2];
    } else {
        scv = f[0];
        smean = f[1];
    }
    if (!*name) usage("--kernel '%s': empty NAME", arg);
    mean = need_dbl("--kernel MEAN_NS", smean, 1e-9, 1e15);
    cv = need_dbl("--kernel CV", scv, 0.0, 100.0);
    if (scount) count = need_i64("--kernel COUNT", scount, 1, 1000000);
    /* an optional launch shape after the last '@' */
    long long gx = 0, gy = 0, gz = 0, bx = 0, by = 0, bz = 0, shm = 0;
    char *at = strrchr(s, '@');
    int shaped = 0;
    if (at) {
        int used = 0, n = sscanf(at + 1, "%lldx%lldx%lld/%lldx%lldx%lld%n", &gx, &gy, &gz, &bx, &by, &bz, &used);
        const char *rest = n == 6 ? at + 1 + used : NULL;
        if (rest && *rest == '/') {
            used = 0;
            rest = sscanf(rest, "/%lld%n", &shm, &used) == 1 ? rest + used : NULL;
        }
        if (rest && !*rest && gx > 0 && gy > 0 && gz > 0 && bx > 0 && by > 0 && bz > 0 && shm >= 0) {
            *at = 0;
            shaped = 1;
        }
    }
    if (!*name) usage("--kernel '%s': empty NAME", arg);
    spec_fill(out, name, NULL, NULL, mean, cv, count);
    if (shaped) {
        out->shaped = 1;
        out->gx = gx, out->gy = gy, out->gz = gz;
        out->bx = bx, out->by = by, out->bz = bz;
        out->sshm = 0;
        out->dshm = shm;
        out->shm_exec = shm > 0 ? 65536 : 32768;
    }
    free(s);
}

static void parse_plan(const char *opt, const char *arg, Plan *pl, int is_overhead)
{
    char *s = xstrdup(arg);
    char *f[6];
    int n = split_colon(s, f, 6);
    memset(pl, 0, sizeof *pl);
    int min = is_overhead ? 2 : 3;
    int max = is_overhead ? 4 : 5;
    if (n < min || n > max)
        usage("%s '%s': expected %s", opt, arg,
              is_overhead ? "ITER:LEN_NS[:DEVICE[:PID_INDEX]]" : "ITER:LEN_NS:CAUSE[:DEVICE[:PID_INDEX]]");
    pl->iter = need_i64(opt, f[0], 1, INT64_MAX / 4);
    pl->len = need_i64(opt, f[1], 1, INT64_MAX / 4);
    int k = 2;
    if (is_overhead) {
        pl->kind = PLAN_OVERHEAD;
        pl->cause = C_OVERHEAD;
    } else {
        pl->kind = PLAN_GAP;
        pl->cause = parse_cause(f[2]);
        if (pl->cause < 0) usage("%s '%s': CAUSE must be host_launch, sync, device_sync or dependency", opt, arg);
        k = 3;
        if (pl->cause == C_HOST && pl->len < 4000) usage("%s '%s': host_launch gaps need LEN_NS >= 4000", opt, arg);
        if ((pl->cause == C_SYNC || pl->cause == C_DEVSYNC) && pl->len < 5000)
            usage("%s '%s': sync gaps need LEN_NS >= 5000", opt, arg);
    }
    pl->dev = n > k ? (int)need_i64(opt, f[k], 0, 1 << 20) : 0;
    pl->pidx = n > k + 1 ? (int)need_i64(opt, f[k + 1], 0, 1 << 20) : 0;
    free(s);
}

/* ------------------------------------------------------------------------ */
/* SQLite helpers                                                            */
/* ------------------------------------------------------------------------ */

static void die_sql(sqlite3 *db, const char *what)
{
    const char *m = db ? sqlite3_errmsg(db) : "unknown";
    fprintf(stderr, "nsysql-gen: SQLite error in %s: %s\n", what, m);
    printf("{\"ok\":false,\"error\":\"sqlite: %s\"}\n", what);
    exit(1);
}

static void exec_sql(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        fprintf(stderr, "nsysql-gen: SQL failed: %s\n  in: %.200s\n", err ? err : "?", sql);
        printf("{\"ok\":false,\"error\":\"sql failed\"}\n");
        exit(1);
    }
}

static void exec_fmt(sqlite3 *db, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *sql = sqlite3_vmprintf(fmt, ap);
    va_end(ap);
    if (!sql) die_sql(db, "mprintf");
    exec_sql(db, sql);
    sqlite3_free(sql);
}

static sqlite3_stmt *prep(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "nsysql-gen: prepare failed: %s\n  in: %s\n", sqlite3_errmsg(db), sql);
        printf("{\"ok\":false,\"error\":\"prepare failed\"}\n");
        exit(1);
    }
    return st;
}

static inline void step_reset(sqlite3 *db, sqlite3_stmt *st)
{
    if (sqlite3_step(st) != SQLITE_DONE) die_sql(db, "insert");
    sqlite3_reset(st);
}

#define BI(st, i, v) sqlite3_bind_int64((st), (i), (sqlite3_int64)(v))

static int64_t intern_new(G *g, const char *s);

static int64_t intern(G *g, const char *s)
{
    for (int i = 0; i < g->nstrs; i++)
        if (!strcmp(g->strs[i], s)) return i + 1;
    return intern_new(g, s);
}

/* Appends s (known to be new) to the string table; returns its id. */
static int64_t intern_new(G *g, const char *s)
{
    if (g->nstrs == g->capstrs) {
        g->capstrs = g->capstrs ? g->capstrs * 2 : 64;
        char **n = realloc(g->strs, (size_t)g->capstrs * sizeof *n);
        if (!n) {
            fprintf(stderr, "nsysql-gen: out of memory\n");
            exit(1);
        }
        g->strs = n;
    }
    g->strs[g->nstrs++] = xstrdup(s);
    return g->nstrs; /* ids start at 1 */
}

static int table_wanted(const G *g, const char *name)
{
    if (!strcmp(name, "StringIds") || !strcmp(name, "EXPORT_META_DATA") ||
        !strcmp(name, "META_DATA_EXPORT") || !strcmp(name, "META_DATA_CAPTURE"))
        return 1;
    if (!strcmp(name, "CUPTI_ACTIVITY_KIND_KERNEL")) return 1;
    if (!strcmp(name, "CUPTI_ACTIVITY_KIND_RUNTIME")) return g->need_runtime;
    if (!strcmp(name, "CUPTI_ACTIVITY_KIND_MEMCPY")) return g->need_memcpy;
    if (!strcmp(name, "CUPTI_ACTIVITY_KIND_MEMSET")) return g->need_memset;
    if (!strcmp(name, "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION")) return g->need_sync;
    if (!strcmp(name, "NVTX_EVENTS")) return g->need_nvtx;
    if (!strcmp(name, "PROFILER_OVERHEAD")) return g->need_over;
    /* ThreadNames, PROCESSES, TARGET_INFO_*, ANALYSIS_DETAILS always get rows */
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Statements                                                                */
/* ------------------------------------------------------------------------ */

static int64_t local_mem_total(const G *g) { return g->o.flavour == FL_325 ? 250871808LL : 127401984LL; }

static void prepare_statements(G *g)
{
    char sql[2048];
    const char *kx_cols = "", *kx_vals = "";
    const char *g_cols = "", *g_vals = "";
    if (g->o.flavour == FL_313) {
        kx_cols = ",greenContextId";
        kx_vals = ",NULL";
        g_cols = ",greenContextId";
        g_vals = ",NULL";
    } else if (g->o.flavour == FL_325) {
        kx_cols = ",greenContextId,clusterX,clusterY,clusterZ,clusterSchedulingPolicy,"
                  "maxPotentialClusterSize,maxActiveClusters,tensorSizeMinusOneElements";
        kx_vals = ",0,0,0,0,1,0,0,'[]'";
        g_cols = ",greenContextId";
        g_vals = ",0";
    }
    snprintf(sql, sizeof sql,
             "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL(start,end,deviceId,contextId,streamId,correlationId,"
             "globalPid,demangledName,shortName,mangledName,launchType,cacheConfig,registersPerThread,"
             "gridX,gridY,gridZ,blockX,blockY,blockZ,staticSharedMemory,dynamicSharedMemory,"
             "localMemoryPerThread,localMemoryTotal,gridId,sharedMemoryExecuted,sharedMemoryLimitConfig%s) "
             "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,1,1,?11,?12,?13,?14,?15,?16,?17,?18,?19,0,%" PRId64
             ",?20,?21,0%s)",
             kx_cols, local_mem_total(g), kx_vals);
    g->st_kernel = prep(g->db, sql);
    if (g->need_runtime)
        g->st_runtime = prep(g->db,
                             "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME(start,end,eventClass,globalTid,correlationId,"
                             "nameId,returnValue,callchainId) VALUES(?1,?2,0,?3,?4,?5,0,NULL)");
    if (g->need_memcpy) {
        snprintf(sql, sizeof sql,
                 "INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY(start,end,deviceId,contextId,streamId,correlationId,"
                 "globalPid,bytes,copyKind,srcKind,dstKind,srcDeviceId,srcContextId,dstDeviceId,dstContextId%s%s) "
                 "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15%s%s)",
                 g_cols, g->o.flavour == FL_325 ? ",copyCount" : "", g_vals,
                 g->o.flavour == FL_325 ? ",1" : "");
        g->st_memcpy = prep(g->db, sql);
    }
    if (g->need_memset) {
        snprintf(sql, sizeof sql,
                 "INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET(start,end,deviceId,contextId,streamId,correlationId,"
                 "globalPid,value,bytes,memKind%s) VALUES(?1,?2,?3,?4,?5,?6,?7,0,?8,2%s)",
                 g_cols, g_vals);
        g->st_memset = prep(g->db, sql);
    }
    if (g->need_sync) {
        snprintf(sql, sizeof sql,
                 "INSERT INTO CUPTI_ACTIVITY_KIND_SYNCHRONIZATION(start,end,deviceId,contextId,streamId,"
                 "correlationId,globalPid,syncType,eventId%s) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,%" PRId64 "%s)",
                 g->o.flavour == FL_291 ? "" : ",greenContextId", UINT32_ALL,
                 g->o.flavour == FL_291 ? "" : ",NULL");
        g->st_sync = prep(g->db, sql);
    }
    if (g->need_nvtx)
        g->st_nvtx = prep(g->db, "INSERT INTO NVTX_EVENTS(start,end,eventType,text,globalTid,domainId) "
                                 "VALUES(?1,?2,59,?3,?4,0)");
    if (g->need_over) {
        if (g->o.flavour == FL_325)
            g->st_over = prep(g->db, "INSERT INTO PROFILER_OVERHEAD(start,end,globalTid,nameId,overheadType) "
                                     "VALUES(?1,?2,?3,?4,3)");
        else
            g->st_over = prep(g->db, "INSERT INTO PROFILER_OVERHEAD(start,end,globalTid,nameId,returnValue) "
                                     "VALUES(?1,?2,?3,?4,0)");
    }
}

static void finalize_statements(G *g)
{
    sqlite3_stmt *all[] = {g->st_kernel, g->st_runtime, g->st_memcpy, g->st_memset,
                           g->st_sync,   g->st_nvtx,    g->st_over};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i]) sqlite3_finalize(all[i]);
}

/* ------------------------------------------------------------------------ */
/* Row writers                                                               */
/* ------------------------------------------------------------------------ */

static void write_kernel(G *g, Dev *dv, const KSpec *k, int64_t start, int64_t end, int64_t stream,
                         int64_t corr)
{
    sqlite3_stmt *st = g->st_kernel;
    BI(st, 1, start);
    BI(st, 2, end);
    BI(st, 3, dv->d);
    BI(st, 4, dv->ctx);
    BI(st, 5, stream);
    BI(st, 6, corr);
    BI(st, 7, dv->gpid);
    if (g->o.distinct_names && k != &g->zspec && k != &g->bspec) {
        int64_t id = g->dn_base + 1 + g->dn_next++ % g->o.distinct_names;
        BI(st, 8, id);
        BI(st, 9, id);
        BI(st, 10, id);
    } else {
        BI(st, 8, k->sid_d);
        BI(st, 9, k->sid_s);
        BI(st, 10, k->sid_m);
    }
    BI(st, 11, k->regs);
    BI(st, 12, k->gx);
    BI(st, 13, k->gy);
    BI(st, 14, k->gz);
    BI(st, 15, k->bx);
    BI(st, 16, k->by);
    BI(st, 17, k->bz);
    BI(st, 18, k->sshm);
    BI(st, 19, k->dshm);
    BI(st, 20, ++dv->grid_id);
    BI(st, 21, k->shm_exec);
    step_reset(g->db, st);
    g->c_kernel_rows++;
}

static void nvtx_row(G *g, int64_t s, int64_t e, const char *text, int64_t gtid)
{
    if (!g->need_nvtx) return;
    sqlite3_stmt *st = g->st_nvtx;
    BI(st, 1, s);
    BI(st, 2, e);
    sqlite3_bind_text(st, 3, text, -1, SQLITE_STATIC);
    BI(st, 4, gtid);
    step_reset(g->db, st);
    g->c_nvtx++;
}

/* NVTX iteration range bookkeeping: finalize the pending iteration once the
 * next API call on the thread (of any kind) is known. */
static void finalize_pending(G *g, Dev *dv, int64_t gapa)
{
    if (!dv->pend_valid) return;
    dv->pend_valid = 0;
    int64_t a = imin(100, dv->pend_gapb / 4);
    int64_t b = imin(100, gapa / 4);
    if (a < 0) a = 0;
    if (b < 0) b = 0;
    int64_t rs = dv->pend_first - a, re = dv->pend_last_end + b;
    nvtx_row(g, rs, re, g->o.iter_range, dv->gtid);
    if (dv->itt) {
        dv->itt[dv->pend_it].nvtx_start = rs;
        dv->itt[dv->pend_it].nvtx_end = re;
    }
    if (dv->pend_it == 0) {
        dv->warm_rs = rs;
        dv->warm_gapb0 = dv->pend_gapb;
    }
    if (g->o.warmup > 0 && dv->pend_it == g->o.warmup - 1) {
        int64_t c0 = imax(0, imin(50, dv->warm_gapb0 / 4));
        int64_t c1 = imax(0, imin(50, gapa / 4));
        dv->warm_s = dv->warm_rs - c0;
        dv->warm_e = re + c1;
        dv->warm_valid = 1;
        nvtx_row(g, dv->warm_s, dv->warm_e, "warmup", dv->gtid);
    }
}

/* Every API call on a device's host thread goes through here (also with
 * --no-api, where nothing is written but the NVTX ranges still follow it). */
static void api_call(G *g, Dev *dv, int64_t s, int64_t e, int64_t corr, int64_t name_id, int is_launch)
{
    if (dv->pend_valid) finalize_pending(g, dv, s - dv->pend_last_end);
    if (!dv->any_api) {
        dv->any_api = 1;
        dv->first_api_start = s;
        dv->last_api_end = s - 1000; /* main-range margin */
    }
    if (is_launch && dv->in_iter) {
        if (!dv->cur_has_launch) {
            dv->cur_has_launch = 1;
            dv->cur_first = s;
            dv->cur_gapb = s - dv->last_api_end;
        }
        dv->cur_last_end = e;
    }
    dv->last_api_end = e;
    if (is_launch) g->c_launch_api++;
    if (g->need_runtime) {
        sqlite3_stmt *st = g->st_runtime;
        BI(st, 1, s);
        BI(st, 2, e);
        BI(st, 3, dv->gtid);
        BI(st, 4, corr);
        BI(st, 5, name_id);
        step_reset(g->db, st);
        g->c_runtime++;
    }
}

static void kstat_add(KStat *ks, int64_t dur, int exact)
{
    if (ks->count == 0 || dur < ks->min) ks->min = dur;
    if (ks->count == 0 || dur > ks->max) ks->max = dur;
    ks->count++;
    ks->total += dur;
    if (!exact || !ks->hist_ok) return;
    for (int i = 0; i < ks->nh; i++) {
        if (ks->hv[i] == dur) {
            ks->hc[i]++;
            return;
        }
    }
    if (ks->nh < MAX_HIST) {
        ks->hv[ks->nh] = dur;
        ks->hc[ks->nh++] = 1;
    } else {
        ks->hist_ok = 0;
    }
}

/* Called for every valid op (start <= end, not a zero-length extra), in
 * non-decreasing start order per device. */
static void op_done(G *g, Dev *dv, int kind, int64_t start, int64_t end, int s, Plan *pl)
{
    if (!dv->have_op) {
        dv->have_op = 1;
        dv->u_s = start;
        dv->u_e = end;
        dv->first_op_start = start;
    } else if (start > dv->u_e) {
        int64_t gap = start - dv->u_e;
        dv->busy += dv->u_e - dv->u_s;
        if (pl) {
            pl->gstart = dv->u_e;
            pl->gend = start;
            pl->union_len = gap;
        } else {
            dv->n_regular_gaps++;
            if (gap > dv->max_regular_gap) dv->max_regular_gap = gap;
        }
        dv->u_s = start;
        dv->u_e = end;
    } else {
        if (pl) {
            pl->gstart = dv->u_e;
            pl->gend = start;
            pl->union_len = 0;
        }
        if (end > dv->u_e) dv->u_e = end;
    }
    if (kind == OP_KERNEL) {
        if (!dv->ku_valid) {
            dv->ku_valid = 1;
            dv->ku_s = start;
            dv->ku_e = end;
        } else if (start > dv->ku_e) {
            dv->kbusy += dv->ku_e - dv->ku_s;
            dv->ku_s = start;
            dv->ku_e = end;
        } else if (end > dv->ku_e) {
            dv->ku_e = end;
        }
    }
    dv->prev_start = start;
    if (end > dv->stream_end[s]) dv->stream_end[s] = end;
    if (end > dv->max_end) dv->max_end = end;
    dv->last_op_start = start;
    dv->last_op_end = end;
    if (dv->it_gpu_start < 0) dv->it_gpu_start = start;
    if (end > dv->it_gpu_end) dv->it_gpu_end = end;
    (void)g;
}

static int64_t stream_id(int s) { return s == 0 ? 7 : 12 + s; }

static int64_t zero_target(const Dev *dv, int64_t k)
{
    /* evenly spread over the device's op ordinals */
    return ((k + 1) * dv->nops_total) / (dv->nz + 1);
}

static void emit_zero(G *g, Dev *dv, int64_t t, int s)
{
    int64_t corr = ++dv->proc->corr;
    int64_t as = imax(dv->last_api_end, t - 1500);
    int64_t ae = imax(as + 1, t - 500);
    api_call(g, dv, as, ae, corr, g->sid_launch, 1);
    write_kernel(g, dv, &g->zspec, t, t, stream_id(s), corr);
    if (dv->nz_done < MAX_LISTED) dv->zero_ts[dv->nz_done] = t;
    dv->nz_done++;
    kstat_add(&dv->zst, 0, 1);
    g->c_zero++;
}

static int64_t draw_duration(Dev *dv, const KSpec *k, KStat *ks)
{
    int64_t v;
    if (k->ndist) {
        v = k->dist[ks->dist_idx % k->ndist];
        ks->dist_idx++;
    } else if (k->cv == 0.0) {
        v = llround(k->mean);
    } else {
        v = llround(exp(k->mu + k->sigma * rng_gauss(&dv->rng)));
    }
    return v < 1 ? 1 : v;
}

static int64_t pareto_draw(G *g, Dev *dv);

static void gen_iteration(G *g, Dev *dv, int64_t it)
{
    const Opt *o = &g->o;
    int64_t nk = (it == dv->iters - 1) ? dv->klast : g->kpi;
    int64_t nms = o->memset_per_iter, nmc = o->memcpy_per_iter;
    int64_t nops = nms + nmc + nk;
    Plan *pl = NULL;
    if (dv->next_plan < dv->nplans && dv->plans[dv->next_plan]->iter == it) pl = dv->plans[dv->next_plan++];

    dv->in_iter = 1;
    dv->cur_has_launch = 0;
    dv->cur_it = it;
    dv->it_gpu_start = -1;
    dv->it_gpu_end = INT64_MIN;
    dv->it_kernels = 0;

    double factor = 1.0;
    if (it < o->warmup)
        factor = o->warmup_factor;
    else if (o->teardown > 0 && it >= dv->iters - o->teardown)
        factor = o->teardown_factor;

    for (int64_t j = 0; j < nops; j++) {
        int kind;
        const KSpec *ks = NULL;
        KStat *kst = NULL;
        int64_t dur, bytes = 0;
        int ck = 0;
        if (j < nms) {
            kind = OP_MEMSET;
            bytes = o->memset_bytes;
            dur = imax(1, llround((double)bytes / o->memset_gbps));
        } else if (j < nms + nmc) {
            kind = OP_MEMCPY;
            ck = (int)((j - nms) % 3);
            bytes = o->memcpy_bytes;
            dur = imax(1, llround((double)bytes / o->memcpy_gbps));
        } else {
            kind = OP_KERNEL;
            int64_t si = o->pareto_n ? pareto_draw(g, dv) : g->kseq[j - nms - nmc];
            ks = &g->specs[si];
            kst = &dv->kst[si];
            dur = draw_duration(dv, ks, kst);
            if (factor != 1.0) dur = imax(1, llround((double)dur * factor));
        }
        int s = (int)(j % o->streams);
        Plan *opl = (j == 0) ? pl : NULL;
        int64_t start, gap = o->launch_gap;
        if (o->gap_max)
            gap = o->gap_min + (int64_t)(rng_u01(&dv->xrng) * (double)(o->gap_max - o->gap_min + 1));
        if (!dv->have_op)
            start = dv->origin + 4000;
        else if (opl)
            start = dv->max_end + opl->len;
        else if (!o->overlap)
            start = dv->max_end + gap;
        else
            start = imax(dv->prev_start + imax(gap, 1), dv->stream_end[s] + gap);

        /* zero-length extras go into the launch gap before this op */
        if (dv->nz_done < dv->nz && dv->have_op && !opl) {
            while (dv->nz_done < dv->nz && zero_target(dv, dv->nz_done) <= dv->ordinal)
                emit_zero(g, dv, start - o->launch_gap / 2, (s + 1) % (int)o->streams);
        }

        /* host side */
        int64_t as, ae;
        if (opl && opl->kind == PLAN_GAP) {
            int64_t gs = dv->max_end;
            if (opl->cause == C_HOST) {
                as = imax(imax(start - 4000, gs + opl->len / 2), dv->last_api_end);
                ae = imax(start - 1000, as + 1);
            } else if (opl->cause == C_DEP) {
                as = imax(dv->last_api_end, gs - 3500);
                ae = imax(gs - 500, as + 1);
            } else { /* sync / device_sync */
                int64_t ss = imax(gs - 1000, dv->last_api_end);
                int64_t se = start - 2500;
                int64_t scorr = ++dv->proc->corr;
                int dev_sync = opl->cause == C_DEVSYNC;
                api_call(g, dv, ss, se, scorr, dev_sync ? g->sid_dsync : g->sid_ssync, 0);
                g->c_sync_api++;
                if (g->need_sync) {
                    sqlite3_stmt *st = g->st_sync;
                    BI(st, 1, ss + 300);
                    BI(st, 2, se - 200);
                    BI(st, 3, dv->d);
                    BI(st, 4, dv->ctx);
                    BI(st, 5, dev_sync ? UINT32_ALL : stream_id(0));
                    BI(st, 6, scorr);
                    BI(st, 7, dv->gpid);
                    BI(st, 8, dev_sync ? 4 : 3);
                    step_reset(g->db, st);
                    g->c_sync_act++;
                }
                opl->sync_s = ss;
                opl->sync_e = se;
                as = imax(start - 2000, dv->last_api_end);
                ae = imax(start - 1000, as + 1);
            }
            opl->api_s = as;
            opl->api_e = ae;
        } else {
            if (opl && opl->kind == PLAN_OVERHEAD) {
                int64_t gs = dv->max_end;
                sqlite3_stmt *st = g->st_over;
                BI(st, 1, gs);
                BI(st, 2, start);
                BI(st, 3, dv->proc->cupti_gtid);
                BI(st, 4, g->sid_over);
                step_reset(g->db, st);
                g->c_over++;
                opl->ov_s = gs;
                opl->ov_e = start;
            }
            as = imax(start - 4000, dv->last_api_end);
            ae = imax(start - 1000, as + 1);
            if (opl) {
                opl->api_s = as;
                opl->api_e = ae;
            }
        }
        int64_t corr = ++dv->proc->corr;
        int64_t end = start + dur;
        int64_t sid = stream_id(s);
        if (kind == OP_KERNEL) {
            api_call(g, dv, as, ae, corr, g->sid_launch, 1);
            write_kernel(g, dv, ks, start, end, sid, corr);
            kstat_add(kst, dur, ks->exact);
            dv->n_kernels++;
            dv->kernel_ns += dur;
            dv->it_kernels++;
        } else if (kind == OP_MEMCPY) {
            static const int64_t kinds[3] = {1, 2, 8};
            static const int64_t srck[3] = {1, 2, 2}, dstk[3] = {2, 1, 2};
            api_call(g, dv, as, ae, corr, g->sid_memcpy, 1);
            sqlite3_stmt *st = g->st_memcpy;
            BI(st, 1, start);
            BI(st, 2, end);
            BI(st, 3, dv->d);
            BI(st, 4, dv->ctx);
            BI(st, 5, sid);
            BI(st, 6, corr);
            BI(st, 7, dv->gpid);
            BI(st, 8, bytes);
            BI(st, 9, kinds[ck]);
            BI(st, 10, srck[ck]);
            BI(st, 11, dstk[ck]);
            if (ck == 2) {
                BI(st, 12, dv->d);
                BI(st, 13, dv->ctx);
                BI(st, 14, dv->d);
                BI(st, 15, dv->ctx);
            } else {
                for (int c = 12; c <= 15; c++) sqlite3_bind_null(st, c);
            }
            step_reset(g->db, st);
            g->c_memcpy++;
            dv->n_memcpy++;
            dv->memcpy_ns += dur;
            dv->memcpy_bytes += bytes;
            dv->mck_count[ck]++;
            dv->mck_ns[ck] += dur;
            dv->mck_bytes[ck] += bytes;
        } else {
            api_call(g, dv, as, ae, corr, g->sid_memset, 1);
            sqlite3_stmt *st = g->st_memset;
            BI(st, 1, start);
            BI(st, 2, end);
            BI(st, 3, dv->d);
            BI(st, 4, dv->ctx);
            BI(st, 5, sid);
            BI(st, 6, corr);
            BI(st, 7, dv->gpid);
            BI(st, 8, bytes);
            step_reset(g->db, st);
            g->c_memset++;
            dv->n_memset++;
            dv->memset_ns += dur;
            dv->memset_bytes += bytes;
        }
        if (j == 0 && it == o->warmup) dv->warmup_end = start;
        if (j == 0 && o->teardown > 0 && it == dv->iters - o->teardown) dv->teardown_start = start;
        op_done(g, dv, kind, start, end, s, opl);
        if (opl) opl->done = 1;
        dv->ordinal++;
    }

    /* iteration end */
    if (dv->itt) {
        dv->itt[it].gpu_start = dv->it_gpu_start;
        dv->itt[it].gpu_end = dv->it_gpu_end;
        dv->itt[it].kernels = dv->it_kernels;
    }
    dv->in_iter = 0;
    if (dv->cur_has_launch) {
        dv->pend_valid = 1;
        dv->pend_it = it;
        dv->pend_first = dv->cur_first;
        dv->pend_last_end = dv->cur_last_end;
        dv->pend_gapb = dv->cur_gapb;
    }
}

static void finish_device(G *g, Dev *dv)
{
    /* zero-length rows that found no slot: middle of the last op (inside a busy interval) */
    while (dv->nz_done < dv->nz) emit_zero(g, dv, dv->last_op_start + (dv->last_op_end - dv->last_op_start) / 2, 1 % (int)g->o.streams);
    /* malformed rows (end < start) after the end of the timeline */
    for (int64_t k = 0; k < dv->nbad; k++) {
        int64_t st = dv->max_end + 10000 * (k + 1), en = st - 5000;
        int64_t corr = ++dv->proc->corr;
        int64_t as = imax(st - 4000, dv->last_api_end), ae = imax(st - 1000, as + 1);
        api_call(g, dv, as, ae, corr, g->sid_launch, 1);
        write_kernel(g, dv, &g->bspec, st, en, stream_id(0), corr);
        if (k < MAX_LISTED) {
            dv->bad_s[k] = st;
            dv->bad_e[k] = en;
        }
        g->c_bad++;
    }
    finalize_pending(g, dv, 1000);
    /* close unions */
    if (dv->have_op) dv->busy += dv->u_e - dv->u_s;
    if (dv->ku_valid) dv->kbusy += dv->ku_e - dv->ku_s;
}

/* ------------------------------------------------------------------------ */
/* Static tables                                                             */
/* ------------------------------------------------------------------------ */

static void gpu_uuid(int gidx, char *buf, size_t n)
{
    uint64_t x = 0x5eed0000ULL + (uint64_t)gidx * 7919ULL;
    uint64_t a = splitmix64(&x), b = splitmix64(&x);
    snprintf(buf, n, "%08x-%04x-%04x-%04x-%012llx", (unsigned)(a >> 32), (unsigned)((a >> 16) & 0xffff),
             (unsigned)(a & 0xffff), (unsigned)(b >> 48), (unsigned long long)(b & 0xffffffffffffULL));
}

static void fmt_utc(int64_t epoch_ns, char *buf, size_t n)
{
    time_t t = (time_t)(epoch_ns / 1000000000LL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
}

static char *joined_args(G *g)
{
    size_t cap = 64;
    for (int i = 1; i < g->argc; i++) cap += strlen(g->argv[i]) * 4 + 3;
    char *s = xcalloc(cap, 1);
    strcpy(s, "nsysql-gen");
    size_t len = strlen(s);
    for (int i = 1; i < g->argc; i++) {
        const char *a = g->argv[i];
        int plain = *a != 0;
        for (const char *p = a; *p; p++)
            if (!(strchr("-_=.,:/+@%", *p) || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
                  (*p >= 'A' && *p <= 'Z')))
                plain = 0;
        s[len++] = ' ';
        if (plain) {
            strcpy(s + len, a);
            len += strlen(a);
        } else {
            s[len++] = '\'';
            for (const char *p = a; *p; p++) {
                if (*p == '\'') {
                    memcpy(s + len, "'\\''", 4);
                    len += 4;
                } else {
                    s[len++] = *p;
                }
            }
            s[len++] = '\'';
        }
        s[len] = 0;
    }
    return s;
}

static void write_static_tables(G *g)
{
    sqlite3 *db = g->db;
    const Flavour *fl = g->fl;
    const Opt *o = &g->o;
    char utc[64], uuid[64];
    fmt_utc(fl->epoch_ns, utc, sizeof utc);

    /* StringIds */
    {
        sqlite3_stmt *st = prep(db, "INSERT INTO StringIds(id,value) VALUES(?1,?2)");
        for (int i = 0; i < g->nstrs; i++) {
            BI(st, 1, i + 1);
            sqlite3_bind_text(st, 2, g->strs[i], -1, SQLITE_STATIC);
            step_reset(db, st);
        }
        sqlite3_finalize(st);
    }

    /* metadata */
    {
        const char *mt = fl->meta_table;
        char *args = joined_args(g);
        char seed[32];
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)o->seed);
        const char *maj = fl->schema, *dot1 = strchr(maj, '.');
        const char *dot2 = dot1 ? strchr(dot1 + 1, '.') : NULL;
        char smaj[8] = "", smin[8] = "", smic[8] = "";
        if (dot1 && dot2) {
            snprintf(smaj, sizeof smaj, "%.*s", (int)(dot1 - maj), maj);
            snprintf(smin, sizeof smin, "%.*s", (int)(dot2 - dot1 - 1), dot1 + 1);
            snprintf(smic, sizeof smic, "%s", dot2 + 1);
        }
        const char *base = strrchr(o->out, '/');
        base = base ? base + 1 : o->out;
        const char *kv[][2] = {
            {"EXPORT_PRODUCT_NAME", "NVIDIA Nsight Systems"},
            {"EXPORT_PRODUCT_VERSION", fl->product},
            {"EXPORT_PRODUCT_DATE", fl->product_date},
            {"EXPORT_SCHEMA_VERSION", fl->schema},
            {"EXPORT_SCHEMA_VERSION_MAJOR", smaj},
            {"EXPORT_SCHEMA_VERSION_MINOR", smin},
            {"EXPORT_SCHEMA_VERSION_MICRO", smic},
            {"EXPORT_PLATFORM", "linux-desktop"},
            {"EXPORT_ARCH", "x64"},
            {"EXPORT_TIME_UTC", utc},
            {o->flavour == FL_291 ? "EXPORT_OUTUPT_FILE" : "EXPORT_PARAM_OUTPUT_FILE", base},
            {o->flavour == FL_291 ? "EXPORT_LAZY" : "EXPORT_PARAM_LAZY", "true"},
            {"SYNTHETIC_GENERATOR", "nsysql-gen"},
            {"SYNTHETIC_GENERATOR_VERSION", GEN_VERSION},
            {"SYNTHETIC_SEED", seed},
            {"SYNTHETIC_ARGS", args},
        };
        for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++)
            exec_fmt(db, "INSERT INTO %s(name,value) VALUES(%Q,%Q)", mt, kv[i][0], kv[i][1]);
        if (o->flavour != FL_291) {
            char dur[32];
            snprintf(dur, sizeof dur, "%" PRId64, g->stop_ns / 1000000);
            const char *cap[][2] = {
                {"DEVICE_ID", "Local (CLI)"},
                {"CAPTURE_EVENT_TYPE", "Cuda"},
                {"CAPTURE_EVENT_TYPE", o->nvtx ? "NvtxEvents" : NULL},
                {"START_TRIGGER", "Immediate"},
                {"STOP_TRIGGER", "Delayed"},
                {"DEVICE_TYPE", "Unix"},
                {"PROCESS_0:COMMAND", "nsysql-synth"},
                {"RUN_DURATION_MS", dur},
            };
            for (size_t i = 0; i < sizeof cap / sizeof cap[0]; i++)
                if (cap[i][1])
                    exec_fmt(db, "INSERT INTO META_DATA_CAPTURE(name,value) VALUES(%Q,%Q)", cap[i][0], cap[i][1]);
        }
        free(args);
    }

    /* session */
    if (o->flavour == FL_325)
        exec_fmt(db,
                 "INSERT INTO TARGET_INFO_SESSION_START_TIME(utcEpochNs,utcTime,localTime,systemClockNs) "
                 "VALUES(%lld,%Q,%Q,0)",
                 (long long)fl->epoch_ns, utc, utc);
    else
        exec_fmt(db, "INSERT INTO TARGET_INFO_SESSION_START_TIME(utcEpochNs,utcTime,localTime) VALUES(%lld,%Q,%Q)",
                 (long long)fl->epoch_ns, utc, utc);
    exec_fmt(db, "INSERT INTO ANALYSIS_DETAILS(globalVid,duration,startTime,stopTime) VALUES(%lld,%lld,0,%lld)",
             (long long)GLOBAL_VID, (long long)g->stop_ns, (long long)g->stop_ns);

    /* processes, threads */
    for (int64_t p = 0; p < o->processes; p++) {
        Proc *pr = &g->procs[p];
        exec_fmt(db, "INSERT INTO PROCESSES(globalPid,pid,name) VALUES(%lld,%lld,'nsysql-synth')",
                 (long long)pr->gpid, (long long)pr->pid);
    }
    for (int i = 0; i < g->ndev; i++) {
        Dev *dv = &g->devs[i];
        exec_fmt(db, "INSERT INTO ThreadNames(nameId,priority,globalTid) VALUES(%lld,20,%lld)",
                 (long long)g->sid_thread[dv->d], (long long)dv->gtid);
    }
    for (int64_t p = 0; p < o->processes; p++) {
        Proc *pr = &g->procs[p];
        if (pr->uses_cupti_thread)
            exec_fmt(db, "INSERT INTO ThreadNames(nameId,priority,globalTid) VALUES(%lld,10,%lld)",
                     (long long)g->sid_cupti, (long long)pr->cupti_gtid);
    }

    /* GPUs */
    for (int i = 0; i < g->ndev; i++) {
        Dev *dv = &g->devs[i];
        char bus[32];
        gpu_uuid(dv->gidx, uuid, sizeof uuid);
        snprintf(bus, sizeof bus, "0000:%02x:00.0", (unsigned)((0x19 + 0x1c * dv->gidx) & 0xff));
        if (o->flavour == FL_325)
            exec_fmt(db,
                     "INSERT INTO TARGET_INFO_GPU VALUES(%lld,%d,'NVIDIA H100 80GB HBM3',%Q,1,52428800,"
                     "85017624576,3352320000000,1980000000,132,%d,%Q,0,'GH100',%d,NULL,NULL,161,0,65536,4,"
                     "65536,49152,232448,233472,65536,32,3,64,32,1024,1024,1024,64,2147483647,65535,65535,"
                     "9,0,9,0)",
                     (long long)GLOBAL_VID, dv->gidx, bus, dv->gidx, uuid, dv->gidx);
        else
            exec_fmt(db,
                     "INSERT INTO TARGET_INFO_GPU VALUES(%lld,%d,'NVIDIA A100-SXM4-40GB',%Q,1,41943040,"
                     "42297524224,1555200000000,1410000000,108,%d,%Q,0,'GA100',%d,NULL,NULL,161,0,65536,4,"
                     "65536,49152,166912,167936,65536,32,5,64,32,1024,1024,1024,64,2147483647,65535,65535,"
                     "8,0,8,0)",
                     (long long)GLOBAL_VID, dv->gidx, bus, dv->gidx, uuid, dv->gidx);
        if (o->flavour == FL_325)
            exec_fmt(db,
                     "INSERT INTO TARGET_INFO_CUDA_DEVICE(gpuId,cudaId,pid,uuid,numMultiprocessors) "
                     "VALUES(%d,%d,%lld,%Q,132)",
                     dv->gidx, dv->d, (long long)dv->pid, uuid);
    }
}

/* ------------------------------------------------------------------------ */
/* Truth JSON                                                                */
/* ------------------------------------------------------------------------ */

static void jstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* merged histogram -> exact median; returns 0 if unknown */
static int hist_median(const int64_t *hv, const int64_t *hc, int nh, int64_t *lo, int64_t *hi)
{
    if (nh <= 0) return 0;
    int64_t (*pairs)[2] = xcalloc((size_t)nh, sizeof *pairs);
    int64_t n = 0;
    for (int i = 0; i < nh; i++) {
        pairs[i][0] = hv[i];
        pairs[i][1] = hc[i];
        n += hc[i];
    }
    qsort(pairs, (size_t)nh, sizeof *pairs, cmp_i64); /* sorts by value (first member) */
    int64_t il = (n - 1) / 2, ih = n / 2, acc = 0;
    int got_l = 0;
    for (int i = 0; i < nh; i++) {
        int64_t c = pairs[i][1];
        if (!got_l && il < acc + c) {
            *lo = pairs[i][0];
            got_l = 1;
        }
        if (ih < acc + c) {
            *hi = pairs[i][0];
            break;
        }
        acc += c;
    }
    free(pairs);
    return 1;
}

static void json_kstat(FILE *f, const KSpec *k, const KStat *ks, int nks, int exact, const char *ind)
{
    /* aggregate nks stats (one per device) */
    int64_t count = 0, total = 0, mn = 0, mx = 0;
    int hok = exact;
    int64_t hv[MAX_HIST * 4], hc[MAX_HIST * 4];
    int nh = 0;
    for (int i = 0; i < nks; i++) {
        const KStat *s = &ks[i];
        if (!s->count) continue;
        if (!count || s->min < mn) mn = s->min;
        if (!count || s->max > mx) mx = s->max;
        count += s->count;
        total += s->total;
        if (!s->hist_ok) hok = 0;
        for (int j = 0; hok && j < s->nh; j++) {
            int fnd = 0;
            for (int q = 0; q < nh; q++)
                if (hv[q] == s->hv[j]) {
                    hc[q] += s->hc[j];
                    fnd = 1;
                    break;
                }
            if (!fnd) {
                if (nh == MAX_HIST * 4) {
                    hok = 0;
                    break;
                }
                hv[nh] = s->hv[j];
                hc[nh++] = s->hc[j];
            }
        }
    }
    fprintf(f, "%s{\"name\": ", ind);
    jstr(f, k->demangled);
    fprintf(f, ", \"short_name\": ");
    jstr(f, k->shortn);
    fprintf(f, ", \"mangled_name\": ");
    jstr(f, k->mangled);
    fprintf(f, ", \"count\": %" PRId64 ", \"total_ns\": %" PRId64, count, total);
    if (count)
        fprintf(f, ", \"min_ns\": %" PRId64 ", \"max_ns\": %" PRId64, mn, mx);
    else
        fprintf(f, ", \"min_ns\": null, \"max_ns\": null");
    int64_t lo = 0, hi = 0;
    if (count && hok && hist_median(hv, hc, nh, &lo, &hi))
        fprintf(f, ", \"median_ns\": %.1f, \"median_low_ns\": %" PRId64 ", \"median_high_ns\": %" PRId64,
                ((double)lo + (double)hi) / 2.0, lo, hi);
    else
        fprintf(f, ", \"median_ns\": null, \"median_low_ns\": null, \"median_high_ns\": null");
    fprintf(f, "}");
}

static const char *expected_cause(const G *g, const Plan *pl)
{
    if (pl->cause == C_OVERHEAD) return "profiler_overhead";
    if (!g->o.api) return "unknown";
    if (pl->cause == C_HOST) return "host_launch";
    if (pl->cause == C_DEP) return "dependency";
    return "sync";
}

/* The process-level rule: a PROFILER_OVERHEAD row of the process overlapping
 * the gap -> profiler_overhead; else a sync API on any thread of the process
 * overlapping it -> sync; else no launch API row -> unknown; else launch API
 * start > gap start -> host_launch, otherwise dependency. Evidence planted
 * for one device can overlap a gap planted on another device of the same
 * process when both happen at the same time; that is reported, not hidden. */
static void compute_process_causes(G *g)
{
    for (int a = 0; a < g->nplans; a++) {
        Plan *A = &g->plans[a];
        int ov = A->cause == C_OVERHEAD, sy = g->o.api && (A->cause == C_SYNC || A->cause == C_DEVSYNC);
        int ov_other = 0, sy_other = 0;
        for (int b = 0; b < g->nplans; b++) {
            Plan *B = &g->plans[b];
            if (b == a || B->pidx != A->pidx) continue;
            if (B->cause == C_OVERHEAD && B->ov_s < A->gend && B->ov_e > A->gstart) ov_other = 1;
            if (g->o.api && (B->cause == C_SYNC || B->cause == C_DEVSYNC) && B->sync_s < A->gend &&
                B->sync_e > A->gstart)
                sy_other = 1;
        }
        if (ov || ov_other)
            A->pcause = "profiler_overhead";
        else if (sy || sy_other)
            A->pcause = "sync";
        else if (!g->o.api)
            A->pcause = "unknown";
        else
            A->pcause = A->api_s > A->gstart ? "host_launch" : "dependency";
        A->interfered = ov_other || sy_other;
        if (strcmp(A->pcause, expected_cause(g, A)) != 0)
            fprintf(stderr,
                    "nsysql-gen: warning: the gap planted before iteration %" PRId64 " on device %d of process %d "
                    "(%s) overlaps evidence planted for another device of that process; by the process-level "
                    "rule it reads as %s (truth: cause_by_process_rule)\n",
                    A->iter, A->dev, A->pidx, CAUSE_NAMES[A->cause], A->pcause);
    }
}

static void json_i64_or_null(FILE *f, const char *key, int valid, int64_t v)
{
    if (valid)
        fprintf(f, "\"%s\": %" PRId64, key, v);
    else
        fprintf(f, "\"%s\": null", key);
}

static int write_truth(G *g, double secs)
{
    const Opt *o = &g->o;
    FILE *f = fopen(o->truth, "w");
    if (!f) {
        fprintf(stderr, "nsysql-gen: cannot write %s: %s\n", o->truth, strerror(errno));
        return 0;
    }
    int64_t first = INT64_MAX, last = INT64_MIN, busy_sum = 0, kernels = 0, maxit = 0;
    for (int i = 0; i < g->ndev; i++) {
        Dev *dv = &g->devs[i];
        if (dv->first_op_start < first) first = dv->first_op_start;
        if (dv->max_end > last) last = dv->max_end;
        busy_sum += dv->busy;
        kernels += dv->n_kernels;
        if (dv->iters > maxit) maxit = dv->iters;
    }
    fprintf(f, "{\n  \"generator\": \"nsysql-gen\",\n  \"truth_version\": 1,\n");
    fprintf(f, "  \"flavour\": \"%s\",\n  \"schema_version\": \"%s\",\n  \"product_version\": \"%s\",\n",
            g->fl->label, g->fl->schema, g->fl->product);
    fprintf(f, "  \"path\": ");
    jstr(f, o->out);
    fprintf(f, ",\n  \"seed\": %llu,\n  \"args\": [", (unsigned long long)o->seed);
    for (int i = 1; i < g->argc; i++) {
        if (i > 1) fputs(", ", f);
        jstr(f, g->argv[i]);
    }
    fprintf(f, "],\n  \"generation_seconds\": %.3f,\n", secs);
    char it_s[32] = "null", kr_s[32] = "null";
    if (o->iterations > 0) snprintf(it_s, sizeof it_s, "%" PRId64, o->iterations);
    if (o->kernels > 0) snprintf(kr_s, sizeof kr_s, "%" PRId64, o->kernels);
    fprintf(f,
            "  \"config\": {\"processes\": %" PRId64 ", \"devices_per_process\": %" PRId64
            ", \"streams\": %" PRId64 ", \"iterations\": %s, \"kernels_requested\": %s"
            ", \"kernels_per_iteration\": %" PRId64 ", \"memcpy_per_iteration\": %" PRId64
            ", \"memset_per_iteration\": %" PRId64 ", \"launch_gap_ns\": %" PRId64
            ", \"overlap\": %s, \"nvtx\": %s, \"api\": %s, \"iteration_range\": ",
            o->processes, o->devices, o->streams, it_s, kr_s, g->kpi, o->memcpy_per_iter,
            o->memset_per_iter, o->launch_gap, o->overlap ? "true" : "false", o->nvtx ? "true" : "false",
            o->api ? "true" : "false");
    jstr(f, o->iter_range);
    fprintf(f,
            ", \"warmup\": %" PRId64 ", \"warmup_factor\": %.17g, \"teardown\": %" PRId64
            ", \"teardown_factor\": %.17g, \"start_ns\": %" PRId64 "},\n",
            o->warmup, o->warmup_factor, o->teardown, o->teardown_factor, o->start_ns);
    fprintf(f,
            "  \"session\": {\"start_ns\": 0, \"stop_ns\": %" PRId64 ", \"first_op_start\": %" PRId64
            ", \"last_op_end\": %" PRId64 ", \"busy_ns_sum\": %" PRId64 "},\n",
            g->stop_ns, first, last, busy_sum);
    fprintf(f,
            "  \"counts\": {\"kernel_rows\": %" PRId64 ", \"regular_kernels\": %" PRId64
            ", \"zero_length_kernels\": %" PRId64 ", \"bad_kernels\": %" PRId64 ", \"memcpy_rows\": %" PRId64
            ", \"memset_rows\": %" PRId64 ", \"runtime_rows\": %" PRId64 ", \"launch_api_calls\": %" PRId64
            ", \"sync_api_calls\": %" PRId64 ", \"sync_activity_rows\": %" PRId64 ", \"nvtx_rows\": %" PRId64
            ", \"profiler_overhead_rows\": %" PRId64 ", \"max_iterations\": %" PRId64 "},\n",
            g->c_kernel_rows, kernels, g->c_zero, g->c_bad, g->c_memcpy, g->c_memset, g->c_runtime,
            g->c_launch_api, g->c_sync_api, g->c_sync_act, g->c_nvtx, g->c_over, maxit);

    /* kernels by name over all devices */
    fprintf(f, "  \"kernels_by_name\": [\n");
    {
        KStat *tmp = xcalloc((size_t)g->ndev, sizeof *tmp);
        int firstk = 1;
        for (int si = 0; si < g->nspecs; si++) {
            for (int i = 0; i < g->ndev; i++) tmp[i] = g->devs[i].kst[si];
            if (!firstk) fputs(",\n", f);
            firstk = 0;
            json_kstat(f, &g->specs[si], tmp, g->ndev, g->specs[si].exact, "    ");
        }
        if (g->c_zero) {
            for (int i = 0; i < g->ndev; i++) tmp[i] = g->devs[i].zst;
            if (!firstk) fputs(",\n", f);
            json_kstat(f, &g->zspec, tmp, g->ndev, 1, "    ");
        }
        free(tmp);
    }
    fprintf(f, "\n  ],\n  \"processes\": [\n");
    for (int64_t p = 0; p < o->processes; p++) {
        Proc *pr = &g->procs[p];
        fprintf(f,
                "    {\"index\": %" PRId64 ", \"pid\": %" PRId64 ", \"global_pid\": %" PRId64
                ", \"name\": \"nsysql-synth\", \"main_global_tid\": %" PRId64 ", ",
                p, pr->pid, pr->gpid, pr->main_gtid);
        json_i64_or_null(f, "cupti_global_tid", pr->uses_cupti_thread, pr->cupti_gtid);
        fputs(", \"nvtx_main\": ", f);
        if (o->nvtx && pr->main_valid)
            fprintf(f, "{\"start\": %" PRId64 ", \"end\": %" PRId64 "}", pr->main_s, pr->main_e);
        else
            fputs("null", f);
        fprintf(f, ",\n     \"devices\": [\n");
        for (int64_t d = 0; d < o->devices; d++) {
            Dev *dv = &g->devs[p * o->devices + d];
            fprintf(f,
                    "      {\"device_id\": %d, \"gpu_id\": %d, \"context_id\": %" PRId64
                    ", \"host_global_tid\": %" PRId64 ", \"streams\": [",
                    dv->d, dv->gidx, dv->ctx, dv->gtid);
            for (int64_t s = 0; s < o->streams; s++)
                fprintf(f, "%s%" PRId64, s ? ", " : "", stream_id((int)s));
            fprintf(f,
                    "],\n       \"iterations\": %" PRId64 ", \"kernels\": %" PRId64
                    ", \"zero_length_kernels\": %" PRId64 ", \"bad_kernels\": %" PRId64
                    ", \"ops\": %" PRId64 ",\n",
                    dv->iters, dv->n_kernels, dv->nz, dv->nbad, dv->ordinal);
            fprintf(f,
                    "       \"first_op_start\": %" PRId64 ", \"last_op_end\": %" PRId64 ", \"span_ns\": %" PRId64
                    ", \"busy_ns\": %" PRId64 ", \"idle_ns\": %" PRId64 ", \"kernel_busy_ns\": %" PRId64
                    ", \"kernel_ns\": %" PRId64 ",\n",
                    dv->first_op_start, dv->max_end, dv->max_end - dv->first_op_start, dv->busy,
                    dv->max_end - dv->first_op_start - dv->busy, dv->kbusy, dv->kernel_ns);
            fprintf(f,
                    "       \"memcpy\": {\"count\": %" PRId64 ", \"ns\": %" PRId64 ", \"bytes\": %" PRId64
                    ", \"by_copy_kind\": {",
                    dv->n_memcpy, dv->memcpy_ns, dv->memcpy_bytes);
            static const int ckn[3] = {1, 2, 8};
            int firstc = 1;
            for (int c = 0; c < 3; c++) {
                if (!dv->mck_count[c]) continue;
                fprintf(f, "%s\"%d\": {\"count\": %" PRId64 ", \"ns\": %" PRId64 ", \"bytes\": %" PRId64 "}",
                        firstc ? "" : ", ", ckn[c], dv->mck_count[c], dv->mck_ns[c], dv->mck_bytes[c]);
                firstc = 0;
            }
            fprintf(f,
                    "}},\n       \"memset\": {\"count\": %" PRId64 ", \"ns\": %" PRId64 ", \"bytes\": %" PRId64
                    "},\n",
                    dv->n_memset, dv->memset_ns, dv->memset_bytes);
            fprintf(f,
                    "       \"launch_gap_ns\": %" PRId64 ", \"regular_gap_count\": %" PRId64
                    ", \"max_regular_gap_ns\": %" PRId64 ", ",
                    o->launch_gap, dv->n_regular_gaps, dv->max_regular_gap);
            json_i64_or_null(f, "warmup_end", o->warmup < dv->iters, dv->warmup_end);
            fputs(", ", f);
            json_i64_or_null(f, "teardown_start", o->teardown > 0, dv->teardown_start);
            fputs(",\n       \"nvtx_warmup\": ", f);
            if (o->nvtx && dv->warm_valid)
                fprintf(f, "{\"start\": %" PRId64 ", \"end\": %" PRId64 "}", dv->warm_s, dv->warm_e);
            else
                fputs("null", f);
            fputs(",\n       \"gaps\": [", f);
            for (int q = 0; q < dv->nplans; q++) {
                Plan *pl = dv->plans[q];
                fprintf(f,
                        "%s\n         {\"iteration\": %" PRId64 ", \"start\": %" PRId64 ", \"end\": %" PRId64
                        ", \"len\": %" PRId64 ", \"cause\": \"%s\", \"planted_cause\": \"%s\", "
                        "\"cause_by_process_rule\": \"%s\", \"overlaps_other_device_evidence\": %s, "
                        "\"launch_api\": {\"start\": %" PRId64 ", \"end\": %" PRId64 "}, \"launch_api_written\": %s, ",
                        q ? "," : "", pl->iter, pl->gstart, pl->gend, pl->union_len, expected_cause(g, pl),
                        CAUSE_NAMES[pl->cause], pl->pcause, pl->interfered ? "true" : "false", pl->api_s, pl->api_e, o->api ? "true" : "false");
                fputs("\"sync_api\": ", f);
                if (pl->cause == C_SYNC || pl->cause == C_DEVSYNC)
                    fprintf(f, "{\"start\": %" PRId64 ", \"end\": %" PRId64 ", \"name\": \"%s\", \"written\": %s}",
                            pl->sync_s, pl->sync_e,
                            pl->cause == C_SYNC ? "cudaStreamSynchronize_v3020" : "cudaDeviceSynchronize_v3020",
                            o->api ? "true" : "false");
                else
                    fputs("null", f);
                fputs(", \"profiler_overhead\": ", f);
                if (pl->cause == C_OVERHEAD)
                    fprintf(f, "{\"start\": %" PRId64 ", \"end\": %" PRId64 ", \"name\": \"%s\"}", pl->ov_s,
                            pl->ov_e, g->fl->overhead_name);
                else
                    fputs("null", f);
                fputs("}", f);
            }
            fprintf(f, "%s],\n       \"kernels_by_name\": [\n", dv->nplans ? "\n       " : "");
            for (int si = 0; si < g->nspecs; si++) {
                json_kstat(f, &g->specs[si], &dv->kst[si], 1, g->specs[si].exact, "         ");
                fputs(si + 1 < g->nspecs || dv->nz ? ",\n" : "\n", f);
            }
            if (dv->nz) {
                json_kstat(f, &g->zspec, &dv->zst, 1, 1, "         ");
                fputs("\n", f);
            }
            fputs("       ],\n       \"zero_length_ts\": [", f);
            for (int64_t k = 0; k < imin(dv->nz, MAX_LISTED); k++)
                fprintf(f, "%s%" PRId64, k ? ", " : "", dv->zero_ts[k]);
            fputs("],\n       \"bad_rows\": [", f);
            for (int64_t k = 0; k < imin(dv->nbad, MAX_LISTED); k++)
                fprintf(f, "%s{\"start\": %" PRId64 ", \"end\": %" PRId64 "}", k ? ", " : "", dv->bad_s[k],
                        dv->bad_e[k]);
            fprintf(f, "],\n       \"per_iteration_omitted\": %s,\n       \"per_iteration\": ",
                    dv->itt ? "false" : "true");
            if (!dv->itt) {
                fputs("null", f);
            } else {
                fputs("[", f);
                for (int64_t it = 0; it < dv->iters; it++) {
                    IterT *t = &dv->itt[it];
                    fprintf(f,
                            "%s\n         {\"i\": %" PRId64 ", \"gpu_start\": %" PRId64 ", \"gpu_end\": %" PRId64
                            ", \"kernels\": %" PRId64 ", ",
                            it ? "," : "", it, t->gpu_start, t->gpu_end, t->kernels);
                    if (o->nvtx)
                        fprintf(f, "\"nvtx_start\": %" PRId64 ", \"nvtx_end\": %" PRId64 "}", t->nvtx_start,
                                t->nvtx_end);
                    else
                        fputs("\"nvtx_start\": null, \"nvtx_end\": null}", f);
                }
                fputs("\n       ]", f);
            }
            fprintf(f, "}%s\n", d + 1 < o->devices ? "," : "");
        }
        fprintf(f, "     ]}%s\n", p + 1 < o->processes ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    int ok = !ferror(f);
    if (fclose(f) != 0) ok = 0;
    if (!ok) fprintf(stderr, "nsysql-gen: error writing %s\n", o->truth);
    return ok;
}

/* ------------------------------------------------------------------------ */
/* Setup                                                                     */
/* ------------------------------------------------------------------------ */

static void default_specs(G *g)
{
    static const struct {
        const char *d, *s, *m;
        double mean, cv;
    } def[] = {
        {"nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NNN", "nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NNN",
         "nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NNN", 180000, 0.05},
        {"void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<(int)128, (int)128, (int)64, (int)4, (bool)0, "
         "(bool)0, cutlass::bfloat16_t, Flash_kernel_traits<(int)128, (int)128, (int)64, (int)4, "
         "cutlass::bfloat16_t>>, (bool)0, (bool)1, (bool)0, (bool)0, (bool)1, (bool)1, (bool)0, (bool)0>"
         "(Flash_fwd_params)",
         "flash_fwd_kernel",
         "_ZN5flash16flash_fwd_kernelI23Flash_fwd_kernel_traitsILi128ELi128ELi64ELi4ELb0ELb0EN7cutlass10bfloat16_"
         "tE19Flash_kernel_traitsILi128ELi128ELi64ELi4ES3_EELb0ELb1ELb0ELb0ELb1ELb1ELb0ELb0EEEv16Flash_fwd_params",
         240000, 0.05},
        {"void at::native::vectorized_elementwise_kernel<(int)4, at::native::CUDAFunctor_add<float>, "
         "std::array<char *, (unsigned long)3>>(int, T2, T3)",
         "vectorized_elementwise_kernel",
         "_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_15CUDAFunctor_addIfEESt5arrayIPcLm3EEEEviT0_T1_",
         4500, 0.15},
        {"void at::native::<unnamed>::vectorized_layer_norm_kernel<c10::BFloat16, float>(int, T2, const T1 *, "
         "const T1 *, const T1 *, T2 *, T2 *, T1 *)",
         "vectorized_layer_norm_kernel",
         "_ZN2at6native53_GLOBAL__N__1e0b5d1f_20_layer_norm_kernel_cu_3bdc0b0c28vectorized_layer_norm_kernelIN3c108"
         "BFloat16EfEEviT0_PKT_S8_S8_PS5_S9_PS6_",
         12000, 0.10},
        {"void at::native::reduce_kernel<(int)512, (int)1, at::native::ReduceOp<float, at::native::MeanOps<float, "
         "float, float, float>, unsigned int, float, (int)4, (int)4>>(T3)",
         "reduce_kernel", "_ZN2at6native13reduce_kernelILi512ELi1ENS0_8ReduceOpIfNS0_7MeanOpsIffffEEjfLi4ELi4EEEEEvT1_",
         9000, 0.10},
        {"ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<(unsigned long)4096>)",
         "ncclDevKernel_AllReduce_Sum_bf16_RING_LL", "_Z40ncclDevKernel_AllReduce_Sum_bf16_RING_LL24ncclDevKernelArgsStorageILm4096EE",
         60000, 0.30},
    };
    g->nspecs = (int)(sizeof def / sizeof def[0]);
    g->specs = xcalloc((size_t)g->nspecs, sizeof *g->specs);
    for (int i = 0; i < g->nspecs; i++) spec_fill(&g->specs[i], def[i].d, def[i].s, def[i].m, def[i].mean, def[i].cv, 1);
}

/* --pareto-names N[:S]: N names pareto_kernel_<i> (mean durations spread
 * over 1-50 us by a fixed hash of i, CV 0.2), one launch each per
 * iteration's worth of launches; which name each launch gets is drawn
 * (pareto_draw), with weight 1/(i+1)^S. */
static void pareto_specs(G *g)
{
    const Opt *o = &g->o;
    g->nspecs = (int)o->pareto_n;
    g->specs = xcalloc((size_t)g->nspecs, sizeof *g->specs);
    g->pareto_cdf = xcalloc((size_t)g->nspecs, sizeof *g->pareto_cdf);
    double sum = 0;
    for (int i = 0; i < g->nspecs; i++) {
        char d[64], m[96];
        snprintf(d, sizeof d, "pareto_kernel_%d", i);
        snprintf(m, sizeof m, "_Z%zu%sv", strlen(d), d);
        double mean = 1000.0 + (double)(((uint64_t)i * 2654435761ULL) % 49000ULL);
        spec_fill(&g->specs[i], d, d, m, mean, 0.2, 1);
        sum += pow((double)(i + 1), -o->pareto_s);
        g->pareto_cdf[i] = sum;
    }
    for (int i = 0; i < g->nspecs; i++) g->pareto_cdf[i] /= sum;
}

/* A name index with the weights of pareto_specs(). */
static int64_t pareto_draw(G *g, Dev *dv)
{
    double u = rng_u01(&dv->xrng);
    int64_t lo = 0, hi = g->nspecs - 1;
    while (lo < hi) {
        int64_t mid = (lo + hi) / 2;
        if (g->pareto_cdf[mid] < u)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int cmp_plan_iter(const void *a, const void *b)
{
    const Plan *x = *(Plan *const *)a, *y = *(Plan *const *)b;
    return (x->iter > y->iter) - (x->iter < y->iter);
}

/* The generator is a one-shot program that leaves its (bounded) tables to
 * the operating system at exit; in sanitizer builds, tell LeakSanitizer so
 * rather than scatter frees that buy nothing. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "detect_leaks=0";
}

/* GPU metrics (schema doc 7.4): TARGET_INFO_GPU_METRICS(typeId, sourceId,
 * typeName, metricId, metricName) and GPU_METRICS([rawTimestamp,] timestamp,
 * typeId, metricId, value), one row per sample of one metric, layout 5 (with
 * rawTimestamp) or 4 (without). GPU k has typeId 0x10000 | k (so typeId &
 * 0xFF = k). Samples every 1e9/HZ ns from --start-ns for SECONDS. Planted
 * values: "SMs Active [Throughput %]" 90, or 5 inside --gpu-metrics-low;
 * "SM Issue [Throughput %]" 40 + sample index % 21 (a known spread);
 * "DRAM Read Bandwidth [Throughput %]" 10 * GPU + 7; "GR Active [Throughput %]" 95. */
static void write_gpu_metrics(G *g)
{
    const Opt *o = &g->o;
    static const char *const names[] = {"SMs Active [Throughput %]", "SM Issue [Throughput %]",
                                        "DRAM Read Bandwidth [Throughput %]", "GR Active [Throughput %]"};
    exec_sql(g->db, "CREATE TABLE TARGET_INFO_GPU_METRICS (typeId INTEGER NOT NULL, sourceId INTEGER NOT NULL, "
                    "typeName TEXT NOT NULL, metricId INTEGER NOT NULL, metricName TEXT NOT NULL)");
    exec_sql(g->db, o->gm_layout == 5
                        ? "CREATE TABLE GPU_METRICS (rawTimestamp INTEGER NOT NULL, timestamp INTEGER NOT NULL, "
                          "typeId INTEGER NOT NULL, metricId INTEGER NOT NULL, value INTEGER NOT NULL)"
                        : "CREATE TABLE GPU_METRICS (timestamp INTEGER NOT NULL, typeId INTEGER NOT NULL, "
                          "metricId INTEGER NOT NULL, value INTEGER NOT NULL)");
    sqlite3_stmt *ti = prep(g->db, "INSERT INTO TARGET_INFO_GPU_METRICS VALUES (?, 0, 'GH100', ?, ?)");
    for (int64_t k = 0; k < o->gm_gpus; k++)
        for (int m = 0; m < 4; m++) {
            sqlite3_bind_int64(ti, 1, 0x10000 | k);
            sqlite3_bind_int64(ti, 2, 100 + m);
            sqlite3_bind_text(ti, 3, names[m], -1, SQLITE_STATIC);
            step_reset(g->db, ti);
        }
    sqlite3_finalize(ti);
    sqlite3_stmt *st = prep(g->db, o->gm_layout == 5 ? "INSERT INTO GPU_METRICS VALUES (?, ?, ?, ?, ?)"
                                                     : "INSERT INTO GPU_METRICS VALUES (?, ?, ?, ?)");
    int64_t n = (int64_t)(o->gm_seconds * (double)o->gm_hz), step = 1000000000LL / o->gm_hz;
    for (int64_t i = 0; i < n; i++) {
        int64_t t = o->start_ns + i * step;
        for (int64_t k = 0; k < o->gm_gpus; k++)
            for (int m = 0; m < 4; m++) {
                int64_t v = m == 0 ? (t >= o->gm_low_s && t < o->gm_low_e ? 5 : 90)
                            : m == 1 ? 40 + i % 21
                            : m == 2 ? 10 * k + 7
                                     : 95;
                int c = 1;
                if (o->gm_layout == 5)
                    sqlite3_bind_int64(st, c++, t + 123456789); /* the raw clock */
                sqlite3_bind_int64(st, c++, t);
                sqlite3_bind_int64(st, c++, 0x10000 | k);
                sqlite3_bind_int64(st, c++, 100 + m);
                sqlite3_bind_int64(st, c++, v);
                step_reset(g->db, st);
            }
    }
    sqlite3_finalize(st);
}

/* Memory-usage events (schema doc 4.9): CUDA_GPU_MEMORY_USAGE_EVENTS as nsys
 * 2022.2-2026.2 write it, one instant per row, memoryOperationType 0
 * allocation, 1 deallocation. Derived from the kernel rows already written:
 * each kernel row whose rowid is a multiple of EVERY allocates BYTES of
 * device memory (memKind 2) at its start - 1 at address 2^40 + rowid * 2^20
 * and frees it at its end + 1, except the first LEAKS such rows, which never
 * free; each (process, device) with kernels also holds 144 B of device static
 * memory (memKind 5) from its first kernel's start - 10. Rows in time order. */
static void write_mem_events(G *g)
{
    const Opt *o = &g->o;
    exec_sql(g->db, "CREATE TABLE CUDA_GPU_MEMORY_USAGE_EVENTS (start INTEGER NOT NULL, globalPid INTEGER NOT NULL, "
                    "deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, address INTEGER NOT NULL, "
                    "pc INTEGER NOT NULL, bytes INTEGER NOT NULL, memKind INTEGER NOT NULL, "
                    "memoryOperationType INTEGER NOT NULL, name TEXT, correlationId INTEGER)");
    char sql[2048];
    snprintf(sql, sizeof sql,
             "INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS "
             "SELECT t, globalPid, deviceId, contextId, a, 0, b, k, op, NULL, c FROM ("
             " SELECT min(start) - 10 AS t, globalPid, deviceId, min(contextId) AS contextId, 4096 AS a, "
             "  144 AS b, 5 AS k, 0 AS op, NULL AS c, 0 AS o2 FROM CUPTI_ACTIVITY_KIND_KERNEL GROUP BY globalPid, deviceId"
             " UNION ALL SELECT start - 1, globalPid, deviceId, contextId, (1 << 40) + rowid * 1048576, %" PRId64
             ", 2, 0, correlationId, rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE rowid %% %" PRId64 " = 0"
             " UNION ALL SELECT \"end\" + 1, globalPid, deviceId, contextId, (1 << 40) + rowid * 1048576, %" PRId64
             ", 2, 1, correlationId, rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE rowid %% %" PRId64 " = 0 AND rowid > %" PRId64
             ") ORDER BY t, o2, op",
             o->me_bytes, o->me_every, o->me_bytes, o->me_every, o->me_every * o->me_leaks);
    exec_sql(g->db, sql);
}

int main(int argc, char **argv)
{
    double t0 = now_s();
    static G gg;
    G *g = &gg;
    g->argc = argc;
    g->argv = argv;
    Opt *o = &g->o;
    o->flavour = FL_325;
    o->seed = 1;
    o->processes = 1;
    o->devices = 1;
    o->streams = 2;
    o->iterations = -1;
    o->kernels = -1;
    o->memcpy_bytes = 1048576;
    o->memset_bytes = 1048576;
    o->memcpy_gbps = 25.0;
    o->memset_gbps = 500.0;
    o->launch_gap = 2000;
    o->nvtx = 1;
    o->api = 1;
    o->iter_range = "iteration";
    o->warmup_factor = 3.0;
    o->teardown_factor = 3.0;
    o->start_ns = 1000000;
    o->truth_max_iters = 100000;

    KSpec *uspecs = xcalloc((size_t)argc + 1, sizeof *uspecs);
    int nuspecs = 0;
    DistArg *dists = xcalloc((size_t)argc + 1, sizeof *dists);
    int ndists = 0;
    g->plans = xcalloc((size_t)argc + 1, sizeof *g->plans);

    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        char *val = NULL;
        char optbuf[64];
        const char *opt = a;
        char *eq = strchr(a, '=');
        if (!strncmp(a, "--", 2) && eq && (size_t)(eq - a) < sizeof optbuf) {
            memcpy(optbuf, a, (size_t)(eq - a));
            optbuf[eq - a] = 0;
            opt = optbuf;
            val = eq + 1;
        }
#define FLAG(name) (!strcmp(opt, name) && !val)
#define ARG(name) (!strcmp(opt, name) && (val || (i + 1 < argc ? (val = argv[++i], 1) : (usage("%s needs a value", name), 0))))
        if (FLAG("--help") || FLAG("-h")) {
            usage(NULL);
        } else if (ARG("--out")) {
            o->out = val;
        } else if (ARG("--truth")) {
            o->truth = val;
        } else if (ARG("--flavour") || ARG("--flavor")) {
            if (!strcmp(val, "2.9.1") || !strcmp(val, "2.9"))
                o->flavour = FL_291;
            else if (!strcmp(val, "3.13") || !strcmp(val, "3.13.2"))
                o->flavour = FL_313;
            else if (!strcmp(val, "3.25") || !strcmp(val, "3.25.0"))
                o->flavour = FL_325;
            else
                usage("--flavour must be 2.9.1, 3.13 or 3.25");
        } else if (ARG("--seed")) {
            o->seed = (uint64_t)need_i64(opt, val, 0, INT64_MAX);
        } else if (ARG("--processes")) {
            o->processes = need_i64(opt, val, 1, 256);
        } else if (ARG("--devices")) {
            o->devices = need_i64(opt, val, 1, 16);
        } else if (ARG("--streams")) {
            o->streams = need_i64(opt, val, 1, 64);
        } else if (ARG("--iterations")) {
            o->iterations = need_i64(opt, val, 1, 1000000000LL);
        } else if (ARG("--kernels")) {
            o->kernels = need_i64(opt, val, 1, 10000000000LL);
        } else if (ARG("--distinct-names")) {
            o->distinct_names = need_i64(opt, val, 1, 100000000LL);
        } else if (ARG("--kernel")) {
            parse_kernel_arg(val, &uspecs[nuspecs++]);
        } else if (ARG("--duration-dist")) {
            char *c = strrchr(val, ':');
            if (!c || c == val || !c[1]) usage("--duration-dist '%s': expected NAME:v1,v2,...", val);
            dists[ndists].name = xstrdup(val);
            dists[ndists].name[c - val] = 0;
            dists[ndists].vals = xstrdup(c + 1);
            ndists++;
        } else if (ARG("--memcpy-per-iter")) {
            o->memcpy_per_iter = need_i64(opt, val, 0, 100000);
        } else if (ARG("--memcpy-bytes")) {
            o->memcpy_bytes = need_i64(opt, val, 1, INT64_MAX / 4);
        } else if (ARG("--memcpy-gbps")) {
            o->memcpy_gbps = need_dbl(opt, val, 1e-6, 1e9);
        } else if (ARG("--memset-per-iter")) {
            o->memset_per_iter = need_i64(opt, val, 0, 100000);
        } else if (ARG("--memset-bytes")) {
            o->memset_bytes = need_i64(opt, val, 1, INT64_MAX / 4);
        } else if (ARG("--memset-gbps")) {
            o->memset_gbps = need_dbl(opt, val, 1e-6, 1e9);
        } else if (ARG("--gap-range")) {
            char *c = strchr(val, ':');
            if (!c) usage("--gap-range '%s': expected MIN:MAX", val);
            *c = 0;
            o->gap_min = need_i64(opt, val, 0, 1000000000000LL);
            o->gap_max = need_i64(opt, c + 1, 1, 1000000000000LL);
            if (o->gap_max < o->gap_min) usage("--gap-range: MAX below MIN");
        } else if (ARG("--pareto-names")) {
            char *c = strchr(val, ':');
            if (c) *c = 0;
            o->pareto_n = need_i64(opt, val, 1, 1000000);
            o->pareto_s = c ? need_dbl(opt, c + 1, 0, 10) : 1.1;
        } else if (ARG("--launch-gap-ns")) {
            o->launch_gap = need_i64(opt, val, 0, 1000000000000LL);
        } else if (FLAG("--overlap")) {
            o->overlap = 1;
        } else if (FLAG("--nvtx")) {
            o->nvtx = 1;
        } else if (FLAG("--no-nvtx")) {
            o->nvtx = 0;
        } else if (ARG("--iteration-range")) {
            if (!*val) usage("--iteration-range: empty name");
            o->iter_range = val;
        } else if (ARG("--warmup")) {
            o->warmup = need_i64(opt, val, 0, 1000000000LL);
        } else if (ARG("--warmup-factor")) {
            o->warmup_factor = need_dbl(opt, val, 1e-6, 1e6);
        } else if (ARG("--teardown")) {
            o->teardown = need_i64(opt, val, 0, 1000000000LL);
        } else if (ARG("--teardown-factor")) {
            o->teardown_factor = need_dbl(opt, val, 1e-6, 1e6);
        } else if (ARG("--gap")) {
            parse_plan(opt, val, &g->plans[g->nplans++], 0);
        } else if (ARG("--profiler-overhead")) {
            parse_plan(opt, val, &g->plans[g->nplans++], 1);
        } else if (ARG("--zero-length")) {
            o->zero_length = need_i64(opt, val, 0, 1000000);
        } else if (ARG("--bad-rows")) {
            o->bad_rows = need_i64(opt, val, 0, 1000000);
        } else if (FLAG("--no-api")) {
            o->api = 0;
        } else if (ARG("--start-ns")) {
            o->start_ns = need_i64(opt, val, 10000, 1000000000000000LL);
        } else if (ARG("--gpu-metrics")) {
            char *f[4], *cp = xstrdup(val);
            int nf = split_colon(cp, f, 4);
            if (nf < 2) usage("--gpu-metrics takes HZ:SECONDS[:GPUS[:LAYOUT]]");
            o->gm_hz = need_i64(opt, f[0], 1, 1000000);
            o->gm_seconds = need_dbl(opt, f[1], 0.000001, 3600);
            o->gm_gpus = nf >= 3 ? need_i64(opt, f[2], 1, 64) : 1;
            o->gm_layout = nf >= 4 ? need_i64(opt, f[3], 4, 5) : 5;
        } else if (ARG("--gpu-metrics-low")) {
            char *f[2], *cp = xstrdup(val);
            if (split_colon(cp, f, 2) != 2) usage("--gpu-metrics-low takes START_NS:END_NS");
            o->gm_low_s = need_i64(opt, f[0], 0, INT64_MAX / 2);
            o->gm_low_e = need_i64(opt, f[1], 0, INT64_MAX / 2);
        } else if (ARG("--mem-events")) {
            char *f[3], *cp = xstrdup(val);
            int nf = split_colon(cp, f, 3);
            if (nf < 2) usage("--mem-events takes EVERY:BYTES[:LEAKS]");
            o->me_every = need_i64(opt, f[0], 1, 1000000000LL);
            o->me_bytes = need_i64(opt, f[1], 1, 1LL << 40);
            o->me_leaks = nf >= 3 ? need_i64(opt, f[2], 0, 1000000000LL) : 0;
        } else if (ARG("--truth-max-iterations")) {
            o->truth_max_iters = need_i64(opt, val, 0, 1000000000LL);
        } else {
            usage("unknown argument '%s'", a);
        }
#undef FLAG
#undef ARG
    }
    if (!o->out || !*o->out) usage("--out FILE is required");
    if (o->iterations > 0 && o->kernels > 0) usage("use either --iterations or --kernels, not both");
    if (o->distinct_names && o->truth) usage("--distinct-names does not go with --truth (its kernels are the specs')");
    if (o->iterations < 0 && o->kernels < 0) o->iterations = 10;
    g->fl = &FLAVOURS[o->flavour];

    /* kernel specs */
    if (nuspecs) {
        g->specs = uspecs;
        g->nspecs = nuspecs;
        for (int i = 0; i < nuspecs; i++)
            for (int j = 0; j < i; j++)
                if (!strcmp(uspecs[i].demangled, uspecs[j].demangled) &&
                    !(uspecs[i].shaped && uspecs[j].shaped &&
                      (uspecs[i].gx != uspecs[j].gx || uspecs[i].gy != uspecs[j].gy ||
                       uspecs[i].gz != uspecs[j].gz || uspecs[i].bx != uspecs[j].bx ||
                       uspecs[i].by != uspecs[j].by || uspecs[i].bz != uspecs[j].bz ||
                       uspecs[i].dshm != uspecs[j].dshm)))
                    usage("--kernel: duplicate kernel name '%s' (give each a distinct @shape)",
                          uspecs[i].demangled);
    } else if (o->pareto_n) {
        pareto_specs(g);
    } else {
        default_specs(g);
    }
    for (int i = 0; i < ndists; i++) {
        KSpec *k = NULL;
        for (int j = 0; j < g->nspecs; j++)
            if (!strcmp(g->specs[j].demangled, dists[i].name) || !strcmp(g->specs[j].shortn, dists[i].name)) {
                k = &g->specs[j];
                break;
            }
        if (!k) usage("--duration-dist: no kernel named '%s' in the kernel list", dists[i].name);
        int n = 1;
        for (const char *p = dists[i].vals; *p; p++)
            if (*p == ',') n++;
        free(k->dist);
        k->dist = xcalloc((size_t)n, sizeof *k->dist);
        k->ndist = 0;
        char *save = dists[i].vals;
        for (int q = 0; q < n; q++) {
            char *c = strchr(save, ',');
            if (c) *c = 0;
            k->dist[k->ndist++] = need_i64("--duration-dist value", save, 1, INT64_MAX / 1024);
            save = c ? c + 1 : save;
        }
    }
    g->kpi = 0;
    for (int i = 0; i < g->nspecs; i++) {
        spec_finish(&g->specs[i]);
        g->kpi += g->specs[i].count;
    }
    g->kseq = xcalloc((size_t)g->kpi, sizeof *g->kseq);
    {
        int64_t q = 0;
        for (int i = 0; i < g->nspecs; i++)
            for (int64_t c = 0; c < g->specs[i].count; c++) g->kseq[q++] = i;
    }
    spec_fill(&g->zspec, "zero_length_kernel()", "zero_length_kernel", "_Z18zero_length_kernelv", 1, 0, 0);
    spec_fill(&g->bspec, "bad_kernel()", "bad_kernel", "_Z10bad_kernelv", 1, 0, 0);

    /* processes and devices */
    g->ndev = (int)(o->processes * o->devices);
    g->procs = xcalloc((size_t)o->processes, sizeof *g->procs);
    g->devs = xcalloc((size_t)g->ndev, sizeof *g->devs);
    if (o->kernels > 0 && o->kernels < g->ndev) usage("--kernels %" PRId64 " is fewer than the %d devices", o->kernels, g->ndev);
    for (int64_t p = 0; p < o->processes; p++) {
        Proc *pr = &g->procs[p];
        pr->index = (int)p;
        pr->pid = 4242 + 100 * p;
        pr->gpid = ((int64_t)VM_ID << 48) | (pr->pid << 24);
        pr->main_gtid = pr->gpid | pr->pid;
        pr->cupti_gtid = pr->gpid | (pr->pid + 99);
    }
    int64_t min_iters = INT64_MAX;
    for (int i = 0; i < g->ndev; i++) {
        Dev *dv = &g->devs[i];
        dv->gidx = i;
        dv->p = (int)(i / o->devices);
        dv->d = (int)(i % o->devices);
        dv->proc = &g->procs[dv->p];
        dv->pid = dv->proc->pid;
        dv->tid = dv->pid + dv->d;
        dv->gpid = dv->proc->gpid;
        dv->gtid = dv->gpid | dv->tid;
        dv->ctx = dv->d + 1;
        rng_seed(&dv->rng, o->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)i * 0xD1B54A32D192ED03ULL + 17);
        rng_seed(&dv->xrng, o->seed * 0xBF58476D1CE4E5B9ULL + (uint64_t)i * 0x94D049BB133111EBULL + 29);
        dv->kst = xcalloc((size_t)g->nspecs, sizeof *dv->kst);
        for (int si = 0; si < g->nspecs; si++) dv->kst[si].hist_ok = g->specs[si].exact;
        dv->zst.hist_ok = 1;
        dv->stream_end = xcalloc((size_t)o->streams, sizeof *dv->stream_end);
        dv->origin = o->start_ns + (int64_t)i * 500;
        dv->warmup_end = -1;
        dv->teardown_start = -1;
        if (o->kernels > 0) {
            int64_t q = o->kernels / g->ndev + (i < o->kernels % g->ndev ? 1 : 0);
            dv->kquota = q;
            dv->iters = (q + g->kpi - 1) / g->kpi;
            dv->klast = q - (dv->iters - 1) * g->kpi;
        } else {
            dv->iters = o->iterations;
            dv->klast = g->kpi;
            dv->kquota = o->iterations * g->kpi;
        }
        int64_t opf = o->memset_per_iter + o->memcpy_per_iter + g->kpi;
        dv->nops_total = (dv->iters - 1) * opf + o->memset_per_iter + o->memcpy_per_iter + dv->klast;
        dv->nz = o->zero_length / g->ndev + (i < o->zero_length % g->ndev ? 1 : 0);
        dv->nbad = o->bad_rows / g->ndev + (i < o->bad_rows % g->ndev ? 1 : 0);
        dv->zero_ts = xcalloc((size_t)imin(dv->nz, MAX_LISTED), sizeof(int64_t));
        dv->bad_s = xcalloc((size_t)imin(dv->nbad, MAX_LISTED), sizeof(int64_t));
        dv->bad_e = xcalloc((size_t)imin(dv->nbad, MAX_LISTED), sizeof(int64_t));
        if (dv->iters < min_iters) min_iters = dv->iters;
        if (o->truth && dv->iters <= o->truth_max_iters) dv->itt = xcalloc((size_t)dv->iters, sizeof *dv->itt);
        dv->plans = xcalloc((size_t)g->nplans + 1, sizeof *dv->plans);
    }
    if (o->warmup + o->teardown > min_iters)
        usage("--warmup %" PRId64 " + --teardown %" PRId64 " exceed the %" PRId64 " iterations", o->warmup,
              o->teardown, min_iters);
    for (int q = 0; q < g->nplans; q++) {
        Plan *pl = &g->plans[q];
        const char *opt = pl->kind == PLAN_GAP ? "--gap" : "--profiler-overhead";
        if (pl->pidx >= o->processes) usage("%s: PID_INDEX %d out of range (--processes %" PRId64 ")", opt, pl->pidx, o->processes);
        if (pl->dev >= o->devices) usage("%s: DEVICE %d out of range (--devices %" PRId64 ")", opt, pl->dev, o->devices);
        Dev *dv = &g->devs[pl->pidx * o->devices + pl->dev];
        if (pl->iter >= dv->iters)
            usage("%s: ITER %" PRId64 " out of range [1, %" PRId64 "] for device %d of process %d", opt, pl->iter,
                  dv->iters - 1, pl->dev, pl->pidx);
        for (int r = 0; r < dv->nplans; r++)
            if (dv->plans[r]->iter == pl->iter)
                usage("%s: two gaps planted before iteration %" PRId64 " of device %d process %d", opt, pl->iter,
                      pl->dev, pl->pidx);
        dv->plans[dv->nplans++] = pl;
        if (pl->len <= o->launch_gap)
            fprintf(stderr, "nsysql-gen: warning: %s before iteration %" PRId64 " is not longer than --launch-gap-ns\n", opt,
                    pl->iter);
        if (pl->kind == PLAN_OVERHEAD) {
            g->need_over = 1;
            dv->proc->uses_cupti_thread = 1;
        }
        if (pl->kind == PLAN_GAP && (pl->cause == C_SYNC || pl->cause == C_DEVSYNC) && o->api) g->need_sync = 1;
    }
    for (int i = 0; i < g->ndev; i++)
        qsort(g->devs[i].plans, (size_t)g->devs[i].nplans, sizeof(Plan *), cmp_plan_iter);
    g->need_runtime = o->api;
    g->need_memcpy = o->memcpy_per_iter > 0;
    g->need_memset = o->memset_per_iter > 0;
    g->need_nvtx = o->nvtx;

    /* strings */
    g->sid_launch = intern(g, "cudaLaunchKernel_v7000");
    g->sid_memcpy = intern(g, "cudaMemcpyAsync_v3020");
    g->sid_memset = intern(g, "cudaMemsetAsync_v3020");
    g->sid_ssync = intern(g, "cudaStreamSynchronize_v3020");
    g->sid_dsync = intern(g, "cudaDeviceSynchronize_v3020");
    g->sid_over = intern(g, g->fl->overhead_name);
    g->sid_proc = intern(g, "nsysql-synth");
    g->sid_cupti = intern(g, "CUPTI worker thread");
    g->sid_thread = xcalloc((size_t)o->devices, sizeof *g->sid_thread);
    for (int64_t d = 0; d < o->devices; d++) {
        char b[64];
        snprintf(b, sizeof b, "gpu%" PRId64 "-launcher", d);
        g->sid_thread[d] = d == 0 ? g->sid_proc : intern(g, b);
    }
    for (int i = 0; i < g->nspecs; i++) {
        KSpec *k = &g->specs[i];
        k->sid_d = intern(g, k->demangled);
        k->sid_s = intern(g, k->shortn);
        k->sid_m = intern(g, k->mangled);
    }
    if (o->distinct_names) { /* unique by their prefix: appended without intern()'s search */
        g->dn_base = g->nstrs;
        for (int64_t i = 0; i < o->distinct_names; i++) {
            char b[64];
            snprintf(b, sizeof b, "dn_kernel_%" PRId64, i);
            intern_new(g, b);
        }
    }
    KSpec *extra[2] = {&g->zspec, &g->bspec};
    for (int i = 0; i < 2; i++) {
        extra[i]->sid_d = intern(g, extra[i]->demangled);
        extra[i]->sid_s = intern(g, extra[i]->shortn);
        extra[i]->sid_m = intern(g, extra[i]->mangled);
    }

    /* database */
    if (unlink(o->out) != 0 && errno != ENOENT) {
        fprintf(stderr, "nsysql-gen: cannot remove %s: %s\n", o->out, strerror(errno));
        printf("{\"ok\":false,\"error\":\"cannot remove existing output\"}\n");
        return 1;
    }
    {
        size_t n = strlen(o->out) + 16;
        char *j = xcalloc(n, 1);
        snprintf(j, n, "%s-journal", o->out);
        unlink(j);
        free(j);
    }
    sqlite3_config(SQLITE_CONFIG_SINGLETHREAD);
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    if (sqlite3_open_v2(o->out, &g->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
        die_sql(g->db, "open");
    exec_sql(g->db, "PRAGMA page_size=8192");
    exec_sql(g->db, "PRAGMA journal_mode=OFF");
    exec_sql(g->db, "PRAGMA synchronous=OFF");
    exec_sql(g->db, "PRAGMA locking_mode=EXCLUSIVE");
    exec_sql(g->db, "PRAGMA cache_size=-262144");
    exec_sql(g->db, "PRAGMA temp_store=MEMORY");
    exec_sql(g->db, "BEGIN");
    for (const TableDef *t = g->fl->tables; t->name; t++) {
        if (!strcmp(t->name, "TARGET_INFO_CUDA_DEVICE") && o->flavour != FL_325) continue;
        if (!table_wanted(g, t->name)) continue;
        size_t n = 1;
        for (const char *const *l = t->lines; *l; l++) n += strlen(*l) + 1;
        char *sql = xcalloc(n, 1), *w = sql;
        for (const char *const *l = t->lines; *l; l++) {
            size_t k = strlen(*l);
            memcpy(w, *l, k);
            w += k;
            if (l[1]) *w++ = '\n';
        }
        *w = 0;
        exec_sql(g->db, sql);
        free(sql);
    }
    prepare_statements(g);

    /* generate: interleave devices iteration by iteration */
    int64_t maxit = 0;
    for (int i = 0; i < g->ndev; i++) maxit = imax(maxit, g->devs[i].iters);
    for (int64_t it = 0; it < maxit; it++)
        for (int i = 0; i < g->ndev; i++)
            if (it < g->devs[i].iters) gen_iteration(g, &g->devs[i], it);
    for (int i = 0; i < g->ndev; i++) finish_device(g, &g->devs[i]);

    /* sanity: every planted gap appears in the union with its exact length */
    for (int q = 0; q < g->nplans; q++) {
        Plan *pl = &g->plans[q];
        if (!pl->done || pl->union_len != pl->len) {
            fprintf(stderr, "nsysql-gen: internal error: planted gap before iteration %" PRId64
                            " has union length %" PRId64 ", expected %" PRId64 "\n",
                    pl->iter, pl->union_len, pl->len);
            printf("{\"ok\":false,\"error\":\"internal gap check\"}\n");
            return 1;
        }
    }

    compute_process_causes(g);

    /* main NVTX range per process on its main thread; session stop */
    int64_t stop = 0;
    for (int64_t p = 0; p < o->processes; p++) {
        Proc *pr = &g->procs[p];
        int64_t s = INT64_MAX, e = INT64_MIN;
        for (int64_t d = 0; d < o->devices; d++) {
            Dev *dv = &g->devs[p * o->devices + d];
            s = imin(s, dv->first_api_start);
            e = imax(e, dv->last_api_end);
            stop = imax(stop, imax(dv->max_end, dv->last_api_end));
            for (int64_t k = 0; k < imin(dv->nbad, MAX_LISTED); k++) stop = imax(stop, dv->bad_s[k]);
            if (dv->nbad) stop = imax(stop, dv->max_end + 10000 * dv->nbad);
        }
        pr->main_s = s - 1000;
        pr->main_e = e + 1000;
        pr->main_valid = 1;
        nvtx_row(g, pr->main_s, pr->main_e, "main", pr->main_gtid);
        stop = imax(stop, pr->main_e);
    }
    for (int q = 0; q < g->nplans; q++) stop = imax(stop, g->plans[q].ov_e);
    g->stop_ns = stop + 1000000;

    write_static_tables(g);
    if (o->gm_hz)
        write_gpu_metrics(g);
    if (o->me_every)
        write_mem_events(g);
    finalize_statements(g);
    exec_sql(g->db, "COMMIT");
    if (sqlite3_close(g->db) != SQLITE_OK) die_sql(g->db, "close");

    double secs = now_s() - t0;
    if (o->truth && !write_truth(g, secs)) {
        printf("{\"ok\":false,\"error\":\"cannot write truth file\"}\n");
        return 1;
    }
    printf("{\"ok\":true,\"path\":");
    jstr(stdout, o->out);
    printf(",\"flavour\":\"%s\",\"kernels\":%" PRId64 ",\"api\":%" PRId64 ",\"memcpy\":%" PRId64
           ",\"memset\":%" PRId64 ",\"nvtx\":%" PRId64 ",\"seconds\":%.3f}\n",
           g->fl->label, g->c_kernel_rows, g->c_runtime, g->c_memcpy, g->c_memset, g->c_nvtx, secs);
    return 0;
}
