/* rows: writes nsq_row values into a SQLite file with the tables and
 * columns of an nsys export (schema NSQ_INJECT_SCHEMA), names interned in
 * StringIds. One writer per file, used from one thread. Event tables are
 * created on first use, as nsys's lazy export does; the identity tables
 * (StringIds, META_DATA_EXPORT, TARGET_INFO_SESSION_START_TIME, PROCESSES,
 * ThreadNames) and nsysql's own status tables always exist. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "rows.h"

/* ---- schema ---------------------------------------------------------------- */

enum {
    T_KERNEL,
    T_RUNTIME,
    T_MEMCPY,
    T_MEMSET,
    T_SYNC,
    T_NVTX,
    T_OVERHEAD,
    T_GPU,
    T_CUDA_DEVICE,
    T_CONTEXT,
    T_THREAD,
    T_COUNT
};

#define T_KERNEL_NAME "CUPTI_ACTIVITY_KIND_KERNEL"
#define T_MEMCPY_NAME "CUPTI_ACTIVITY_KIND_MEMCPY"
#define T_MEMSET_NAME "CUPTI_ACTIVITY_KIND_MEMSET"
#define T_SYNC_NAME "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION"

typedef struct table_def {
    const char *ddl;
    const char *insert;
} table_def;

static const table_def tables[T_COUNT] = {
    [T_KERNEL] = {"CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER "
                  "NOT NULL, deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, greenContextId "
                  "INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, "
                  "demangledName INTEGER NOT NULL, shortName INTEGER NOT NULL, mangledName "
                  "INTEGER, launchType INTEGER, cacheConfig INTEGER, registersPerThread INTEGER "
                  "NOT NULL, gridX INTEGER NOT NULL, gridY INTEGER NOT NULL, gridZ INTEGER NOT "
                  "NULL, blockX INTEGER NOT NULL, blockY INTEGER NOT NULL, blockZ INTEGER NOT "
                  "NULL, staticSharedMemory INTEGER NOT NULL, dynamicSharedMemory INTEGER NOT "
                  "NULL, localMemoryPerThread INTEGER NOT NULL, localMemoryTotal INTEGER NOT NULL, "
                  "gridId INTEGER NOT NULL, sharedMemoryExecuted INTEGER, graphNodeId INTEGER, "
                  "sharedMemoryLimitConfig INTEGER, qmdBulkReleaseDone INTEGER, qmdPreexitDone "
                  "INTEGER, qmdLastCtaDone INTEGER, graphId INTEGER, clusterX INTEGER, clusterY "
                  "INTEGER, clusterZ INTEGER, clusterSchedulingPolicy INTEGER, "
                  "maxPotentialClusterSize INTEGER, maxActiveClusters INTEGER, "
                  "sharedMemoryRequestedPercentage INTEGER, tensorSizeMinusOneElements TEXT NOT "
                  "NULL)",
                  "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, contextId, "
                  "greenContextId, streamId, correlationId, globalPid, demangledName, shortName, "
                  "mangledName, launchType, cacheConfig, registersPerThread, gridX, gridY, gridZ, "
                  "blockX, blockY, blockZ, staticSharedMemory, dynamicSharedMemory, "
                  "localMemoryPerThread, localMemoryTotal, gridId, sharedMemoryExecuted, "
                  "graphNodeId, sharedMemoryLimitConfig, graphId, clusterX, clusterY, clusterZ, "
                  "clusterSchedulingPolicy, maxPotentialClusterSize, maxActiveClusters, "
                  "tensorSizeMinusOneElements) VALUES (?1, ?2, ?3, ?4, NULL, ?5, ?6, ?7, ?8, ?9, "
                  "?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, "
                  "?26, ?27, ?28, ?29, ?30, ?31, ?32, ?33, ?34, '')"},
    [T_RUNTIME] = {"CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER "
                   "NOT NULL, eventClass INTEGER NOT NULL, globalTid INTEGER, correlationId "
                   "INTEGER, nameId INTEGER NOT NULL, returnValue INTEGER NOT NULL, callchainId "
                   "INTEGER)",
                   "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME (start, end, eventClass, globalTid, "
                   "correlationId, nameId, returnValue) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"},
    [T_MEMCPY] =
        {"CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (start INTEGER NOT NULL, end INTEGER NOT "
         "NULL, deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, greenContextId "
         "INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, "
         "bytes INTEGER NOT NULL, copyKind INTEGER NOT NULL, deprecatedSrcId INTEGER, "
         "srcKind INTEGER, dstKind INTEGER, srcDeviceId INTEGER, srcContextId INTEGER, "
         "dstDeviceId INTEGER, dstContextId INTEGER, migrationCause INTEGER, graphNodeId "
         "INTEGER, virtualAddress INTEGER, copyCount INTEGER)",
         "INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY (start, end, deviceId, contextId, "
         "streamId, correlationId, globalPid, bytes, copyKind, srcKind, dstKind, "
         "srcDeviceId, srcContextId, dstDeviceId, dstContextId, graphNodeId, copyCount) "
         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, "
         "?17)"},
    [T_MEMSET] =
        {"CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (start INTEGER NOT NULL, end INTEGER NOT "
         "NULL, deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, greenContextId "
         "INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, "
         "value INTEGER NOT NULL, bytes INTEGER NOT NULL, graphNodeId INTEGER, memKind "
         "INTEGER)",
         "INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET (start, end, deviceId, contextId, "
         "streamId, correlationId, globalPid, value, bytes, graphNodeId, memKind) VALUES "
         "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"},
    [T_SYNC] = {"CREATE TABLE CUPTI_ACTIVITY_KIND_SYNCHRONIZATION (start INTEGER NOT NULL, end "
                "INTEGER NOT NULL, deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, "
                "greenContextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, "
                "globalPid INTEGER, deprecatedSyncType INTEGER, syncType INTEGER NOT NULL, eventId "
                "INTEGER NOT NULL, eventSyncId INTEGER)",
                "INSERT INTO CUPTI_ACTIVITY_KIND_SYNCHRONIZATION (start, end, deviceId, contextId, "
                "streamId, correlationId, globalPid, syncType, eventId, eventSyncId) VALUES (?1, "
                "?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"},
    [T_NVTX] = {"CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER "
                "NOT NULL, rangeId INTEGER, category INTEGER, color INTEGER, text TEXT, globalTid "
                "INTEGER, endGlobalTid INTEGER, textId INTEGER, domainId INTEGER, uint64Value "
                "INTEGER, int64Value INTEGER, doubleValue REAL, uint32Value INTEGER, int32Value "
                "INTEGER, floatValue REAL, jsonTextId INTEGER, jsonText TEXT, binaryData TEXT)",
                "INSERT INTO NVTX_EVENTS (start, end, eventType, rangeId, category, color, text, "
                "globalTid, endGlobalTid, textId, domainId) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
                "?8, ?9, ?10, ?11)"},
    [T_OVERHEAD] = {"CREATE TABLE PROFILER_OVERHEAD (start INTEGER NOT NULL, end INTEGER NOT NULL, "
                    "globalTid INTEGER, nameId INTEGER NOT NULL, overheadType INTEGER NOT NULL)",
                    "INSERT INTO PROFILER_OVERHEAD (start, end, globalTid, nameId, overheadType) "
                    "VALUES (?1, ?2, ?3, ?4, ?5)"},
    [T_GPU] = {"CREATE TABLE TARGET_INFO_GPU (vmId INTEGER NOT NULL, id INTEGER NOT NULL, name "
               "TEXT, busLocation TEXT, isDiscrete INTEGER, l2CacheSize INTEGER, totalMemory "
               "INTEGER, memoryBandwidth INTEGER, clockRate INTEGER, smCount INTEGER, pwGpuId "
               "INTEGER, uuid TEXT, luid INTEGER, chipName TEXT, cuDevice INTEGER, ctxswDevPath "
               "TEXT, ctrlDevPath TEXT, revision INTEGER, nodeMask INTEGER, constantMemory "
               "INTEGER, maxIPC INTEGER, maxRegistersPerBlock INTEGER, maxShmemPerBlock INTEGER, "
               "maxShmemPerBlockOptin INTEGER, maxShmemPerSm INTEGER, maxRegistersPerSm INTEGER, "
               "threadsPerWarp INTEGER, asyncEngines INTEGER, maxWarpsPerSm INTEGER, "
               "maxBlocksPerSm INTEGER, maxThreadsPerBlock INTEGER, maxBlockDimX INTEGER, "
               "maxBlockDimY INTEGER, maxBlockDimZ INTEGER, maxGridDimX INTEGER, maxGridDimY "
               "INTEGER, maxGridDimZ INTEGER, computeMajor INTEGER, computeMinor INTEGER, smMajor "
               "INTEGER, smMinor INTEGER)",
               "INSERT INTO TARGET_INFO_GPU (vmId, id, name, isDiscrete, l2CacheSize, "
               "totalMemory, memoryBandwidth, clockRate, smCount, uuid, cuDevice, constantMemory, "
               "maxIPC, maxRegistersPerBlock, maxShmemPerBlock, maxShmemPerSm, maxRegistersPerSm, "
               "threadsPerWarp, asyncEngines, maxWarpsPerSm, maxBlocksPerSm, maxThreadsPerBlock, "
               "maxBlockDimX, maxBlockDimY, maxBlockDimZ, maxGridDimX, maxGridDimY, maxGridDimZ, "
               "computeMajor, computeMinor, smMajor, smMinor) VALUES (281474976710656, ?1, ?2, "
               "1, ?3, ?4, ?5, ?6, ?7, ?8, ?1, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
               "?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?26, ?27)"},
    [T_CUDA_DEVICE] = {"CREATE TABLE TARGET_INFO_CUDA_DEVICE (gpuId INTEGER, cudaId INTEGER NOT "
                       "NULL, pid INTEGER NOT NULL, uuid TEXT, numMultiprocessors INTEGER)",
                       "INSERT INTO TARGET_INFO_CUDA_DEVICE (gpuId, cudaId, pid, uuid, "
                       "numMultiprocessors) VALUES (?1, ?1, ?2, ?3, ?4)"},
    [T_CONTEXT] =
        {"CREATE TABLE TARGET_INFO_CUDA_CONTEXT_INFO (nullStreamId INTEGER NOT NULL, "
         "hwId INTEGER NOT NULL, vmId INTEGER NOT NULL, processId INTEGER NOT NULL, "
         "deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, parentContextId "
         "INTEGER, isGreenContext INTEGER)",
         "INSERT INTO TARGET_INFO_CUDA_CONTEXT_INFO (nullStreamId, hwId, vmId, "
         "processId, deviceId, contextId, parentContextId, isGreenContext) VALUES (?1, 0, "
         "1, ?2, ?3, ?4, ?5, ?6)"},
    [T_THREAD] = {NULL, /* always created, see base_ddl */
                  "INSERT INTO ThreadNames (nameId, priority, globalTid) VALUES (?1, NULL, ?2)"},
};

static const char *const base_ddl =
    "PRAGMA synchronous = NORMAL;"
    "CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE META_DATA_EXPORT (name TEXT NOT NULL, value TEXT);"
    "CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INTEGER, utcTime TEXT, localTime "
    "TEXT, systemClockNs INTEGER);"
    "CREATE TABLE PROCESSES (globalPid INTEGER, pid INTEGER, name TEXT);"
    "CREATE TABLE ThreadNames (nameId INTEGER NOT NULL, priority INTEGER, globalTid INTEGER);"
    "CREATE TABLE NSYSQL_CUPTI_STATUS (name TEXT NOT NULL, value INTEGER);"
    "CREATE TABLE NSYSQL_CUPTI_WARNINGS (code TEXT NOT NULL, message TEXT NOT NULL);";

/* ---- string map (FNV-1a, open addressing) ------------------------------------ */

typedef struct strmap {
    char **keys;
    int64_t *vals;
    size_t cap, n;
} strmap;

static uint64_t fnv(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static int64_t *strmap_slot(strmap *m, const char *k, bool *fresh)
{
    if ((m->n + 1) * 2 > m->cap) {
        strmap big = {NULL, NULL, m->cap ? m->cap * 2 : 256, 0};
        big.keys = calloc(big.cap, sizeof *big.keys);
        big.vals = calloc(big.cap, sizeof *big.vals);
        if (!big.keys || !big.vals) {
            free(big.keys);
            free(big.vals);
            return NULL;
        }
        for (size_t i = 0; i < m->cap; i++) {
            if (!m->keys[i])
                continue;
            size_t j = fnv(m->keys[i]) & (big.cap - 1);
            while (big.keys[j])
                j = (j + 1) & (big.cap - 1);
            big.keys[j] = m->keys[i];
            big.vals[j] = m->vals[i];
        }
        big.n = m->n;
        free(m->keys);
        free(m->vals);
        *m = big;
    }
    size_t i = fnv(k) & (m->cap - 1);
    while (m->keys[i] && strcmp(m->keys[i], k))
        i = (i + 1) & (m->cap - 1);
    *fresh = m->keys[i] == NULL;
    if (*fresh) {
        m->keys[i] = strdup(k);
        if (!m->keys[i])
            return NULL;
        m->n++;
    }
    return &m->vals[i];
}

static void strmap_free(strmap *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->keys[i]);
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

/* ---- the writer ------------------------------------------------------------------ */

struct nsq_writer {
    sqlite3 *db;
    sqlite3_stmt *ins[T_COUNT];
    sqlite3_stmt *str_ins;
    bool created[T_COUNT];
    bool in_tx;
    strmap strings; /* value -> StringIds.id */
    strmap kernels; /* mangled name -> demangled id << 32 | short id */
    int64_t next_string;
    uint64_t gpus_seen; /* bit per CUDA ordinal < 64 */
    uint32_t *contexts;
    size_t ncontexts;
    uint32_t pid;
    int64_t rows;
    char error[256];
};

const char *nsq_writer_error(const nsq_writer *w)
{
    return w->error;
}

int64_t nsq_writer_rows(const nsq_writer *w)
{
    return w->rows;
}

static int fail(nsq_writer *w, const char *what)
{
    if (!w->error[0])
        snprintf(w->error, sizeof w->error, "%s: %s", what, sqlite3_errmsg(w->db));
    return -1;
}

static int exec(nsq_writer *w, const char *sql)
{
    if (sqlite3_exec(w->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return fail(w, "sqlite");
    return 0;
}

static int begin(nsq_writer *w)
{
    if (w->in_tx)
        return 0;
    if (exec(w, "BEGIN"))
        return -1;
    w->in_tx = true;
    return 0;
}

int nsq_writer_commit(nsq_writer *w)
{
    if (!w->in_tx)
        return 0;
    w->in_tx = false;
    return exec(w, "COMMIT");
}

/* Returns the StringIds id of `s`, inserting it the first time. */
static int64_t string_id(nsq_writer *w, const char *s)
{
    bool fresh = false;
    int64_t *slot = strmap_slot(&w->strings, s ? s : "", &fresh);
    if (!slot)
        return -1;
    if (fresh) {
        *slot = w->next_string++;
        sqlite3_bind_int64(w->str_ins, 1, *slot);
        sqlite3_bind_text(w->str_ins, 2, s ? s : "", -1, SQLITE_TRANSIENT);
        int rc = sqlite3_step(w->str_ins);
        sqlite3_reset(w->str_ins);
        if (rc != SQLITE_DONE)
            return fail(w, "StringIds");
    }
    return *slot;
}

static void meta(nsq_writer *w, const char *name, const char *value)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(w->db, "INSERT INTO META_DATA_EXPORT (name, value) VALUES (?1, ?2)", -1,
                           &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, value, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(st) != SQLITE_DONE)
            fail(w, "META_DATA_EXPORT");
    }
    sqlite3_finalize(st);
}

int nsq_writer_open(nsq_writer **out, const char *path, const nsq_writer_meta *m, char *errbuf,
                    size_t errlen)
{
    nsq_writer *w = calloc(1, sizeof *w);
    sqlite3_stmt *st = NULL;
    *out = NULL;
    if (!w) {
        snprintf(errbuf, errlen, "out of memory");
        return -1;
    }
    w->pid = m->pid;
    w->next_string = 1; /* id 0 stays free, as '[Unknown]' in nsys exports */
    if (sqlite3_open_v2(path, &w->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        snprintf(errbuf, errlen, "cannot create '%s': %s", path,
                 w->db ? sqlite3_errmsg(w->db) : "out of memory");
        goto fail;
    }
    if (exec(w, base_ddl) ||
        sqlite3_prepare_v2(w->db, "INSERT INTO StringIds (id, value) VALUES (?1, ?2)", -1,
                           &w->str_ins, NULL) != SQLITE_OK) {
        fail(w, "schema");
        snprintf(errbuf, errlen, "%s", w->error);
        goto fail;
    }
    char buf[64], utc[32], local[48];
    time_t secs = (time_t)(m->utc_epoch_ns / 1000000000);
    struct tm tm;
    gmtime_r(&secs, &tm);
    strftime(utc, sizeof utc, "%Y-%m-%dT%H:%M:%S", &tm);
    localtime_r(&secs, &tm);
    strftime(local, sizeof local, "%Y-%m-%dT%H:%M:%S", &tm);
    meta(w, "EXPORT_PRODUCT_NAME", "nsysql CUPTI capture");
    meta(w, "EXPORT_PRODUCT_VERSION", "nsysql-cupti " NSQ_INJECT_VERSION);
    meta(w, "EXPORT_SCHEMA_VERSION", NSQ_INJECT_SCHEMA);
    meta(w, "EXPORT_PARAM_TIME_NORMALIZE", "false");
    meta(w, "EXPORT_PARAM_TIME_SHIFT", "0");
    meta(w, "EXPORT_TIME_UTC", utc);
    meta(w, "NSYSQL_EXPORTER", "nsysql-cupti");
    meta(w, "NSYSQL_EXPORTER_VERSION", NSQ_INJECT_VERSION);
    snprintf(buf, sizeof buf, "%u", m->cupti_built);
    meta(w, "NSYSQL_CUPTI_API_VERSION_BUILT", buf);
    snprintf(buf, sizeof buf, "%u", m->cupti_loaded);
    meta(w, "NSYSQL_CUPTI_API_VERSION_LOADED", buf);
    if (sqlite3_prepare_v2(w->db,
                           "INSERT INTO TARGET_INFO_SESSION_START_TIME (utcEpochNs, utcTime, "
                           "localTime, systemClockNs) VALUES (?1, ?2, ?3, ?1)",
                           -1, &st, NULL) != SQLITE_OK)
        goto sqlfail;
    sqlite3_bind_int64(st, 1, m->utc_epoch_ns);
    sqlite3_bind_text(st, 2, utc, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, local, -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_DONE)
        goto sqlfail;
    sqlite3_finalize(st);
    st = NULL;
    if (sqlite3_prepare_v2(w->db,
                           "INSERT INTO PROCESSES (globalPid, pid, name) VALUES (?1, ?2, ?3)", -1,
                           &st, NULL) != SQLITE_OK)
        goto sqlfail;
    sqlite3_bind_int64(st, 1, nsq_global_pid(m->pid));
    sqlite3_bind_int64(st, 2, m->pid);
    sqlite3_bind_text(st, 3, m->process_name ? m->process_name : "", -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) != SQLITE_DONE)
        goto sqlfail;
    sqlite3_finalize(st);
    if (w->error[0])
        goto sqlfail;
    *out = w;
    return 0;
sqlfail:
    fail(w, "metadata");
    snprintf(errbuf, errlen, "%s", w->error);
fail:
    sqlite3_finalize(st);
    sqlite3_finalize(w->str_ins);
    if (w->db)
        sqlite3_close(w->db);
    free(w);
    return -1;
}

static sqlite3_stmt *stmt(nsq_writer *w, int t)
{
    if (!w->created[t]) {
        if (tables[t].ddl && exec(w, tables[t].ddl))
            return NULL;
        w->created[t] = true;
    }
    if (!w->ins[t] &&
        sqlite3_prepare_v2(w->db, tables[t].insert, -1, &w->ins[t], NULL) != SQLITE_OK) {
        fail(w, "prepare");
        return NULL;
    }
    return w->ins[t];
}

static void bind_opt(sqlite3_stmt *st, int i, nsq_opt_i64 v)
{
    if (v.has)
        sqlite3_bind_int64(st, i, v.v);
    else
        sqlite3_bind_null(st, i);
}

static int step(nsq_writer *w, sqlite3_stmt *st, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE)
        return fail(w, what);
    w->rows++;
    return 0;
}

/* Kernel name ids: demangled << 32 | short, cached per mangled name. */
static int kernel_name_ids(nsq_writer *w, const char *mangled, int64_t *dem, int64_t *shrt,
                           int64_t *mang)
{
    bool fresh = false;
    const char *key = mangled ? mangled : "";
    int64_t *slot = strmap_slot(&w->kernels, key, &fresh);
    if (!slot)
        return -1;
    if (fresh) {
        char *d = NULL, *s = NULL;
        nsq_kernel_names(key, &d, &s);
        int64_t di = string_id(w, d), si = string_id(w, s);
        free(d);
        free(s);
        if (di < 0 || si < 0)
            return -1;
        *slot = (di << 32) | si;
    }
    *dem = *slot >> 32;
    *shrt = *slot & 0xFFFFFFFF;
    *mang = string_id(w, key);
    return *mang < 0 ? -1 : 0;
}

int nsq_writer_put(nsq_writer *w, const nsq_row *r)
{
    sqlite3_stmt *st = NULL;
    if (begin(w))
        return -1;
    switch (r->kind) {
    case NSQ_ROW_KERNEL: {
        const nsq_row_kernel *k = &r->u.kernel;
        int64_t dem, shrt, mang;
        if (kernel_name_ids(w, k->mangled_name, &dem, &shrt, &mang) || !(st = stmt(w, T_KERNEL)))
            return -1;
        sqlite3_bind_int64(st, 1, k->start);
        sqlite3_bind_int64(st, 2, k->end);
        sqlite3_bind_int64(st, 3, k->device_id);
        sqlite3_bind_int64(st, 4, k->context_id);
        sqlite3_bind_int64(st, 5, k->stream_id);
        sqlite3_bind_int64(st, 6, k->correlation_id);
        sqlite3_bind_int64(st, 7, k->global_pid);
        sqlite3_bind_int64(st, 8, dem);
        sqlite3_bind_int64(st, 9, shrt);
        sqlite3_bind_int64(st, 10, mang);
        sqlite3_bind_int64(st, 11, k->launch_type);
        sqlite3_bind_int64(st, 12, k->cache_config);
        sqlite3_bind_int64(st, 13, k->registers_per_thread);
        for (int i = 0; i < 3; i++) {
            sqlite3_bind_int64(st, 14 + i, k->grid[i]);
            sqlite3_bind_int64(st, 17 + i, k->block[i]);
        }
        sqlite3_bind_int64(st, 20, k->static_shared);
        sqlite3_bind_int64(st, 21, k->dynamic_shared);
        sqlite3_bind_int64(st, 22, k->local_per_thread);
        sqlite3_bind_int64(st, 23, (int64_t)k->local_total);
        sqlite3_bind_int64(st, 24, k->grid_id);
        sqlite3_bind_int64(st, 25, k->shared_executed);
        bind_opt(st, 26, k->graph_node_id);
        sqlite3_bind_int64(st, 27, k->shared_limit_config);
        bind_opt(st, 28, k->graph_id);
        for (int i = 0; i < 3; i++)
            sqlite3_bind_int64(st, 29 + i, k->cluster[i]);
        sqlite3_bind_int64(st, 32, k->cluster_policy);
        sqlite3_bind_int64(st, 33, k->max_potential_cluster);
        sqlite3_bind_int64(st, 34, k->max_active_clusters);
        return step(w, st, "kernel");
    }
    case NSQ_ROW_API: {
        const nsq_row_api *a = &r->u.api;
        int64_t name = string_id(w, a->name);
        if (name < 0 || !(st = stmt(w, T_RUNTIME)))
            return -1;
        sqlite3_bind_int64(st, 1, a->start);
        sqlite3_bind_int64(st, 2, a->end);
        sqlite3_bind_int64(st, 3, a->event_class);
        sqlite3_bind_int64(st, 4, a->global_tid);
        sqlite3_bind_int64(st, 5, a->correlation_id);
        sqlite3_bind_int64(st, 6, name);
        sqlite3_bind_int64(st, 7, a->return_value);
        return step(w, st, "runtime");
    }
    case NSQ_ROW_MEMCPY: {
        const nsq_row_memcpy *m = &r->u.memcpy;
        if (!(st = stmt(w, T_MEMCPY)))
            return -1;
        sqlite3_bind_int64(st, 1, m->start);
        sqlite3_bind_int64(st, 2, m->end);
        sqlite3_bind_int64(st, 3, m->device_id);
        sqlite3_bind_int64(st, 4, m->context_id);
        sqlite3_bind_int64(st, 5, m->stream_id);
        sqlite3_bind_int64(st, 6, m->correlation_id);
        sqlite3_bind_int64(st, 7, m->global_pid);
        sqlite3_bind_int64(st, 8, (int64_t)m->bytes);
        sqlite3_bind_int64(st, 9, m->copy_kind);
        sqlite3_bind_int64(st, 10, m->src_kind);
        sqlite3_bind_int64(st, 11, m->dst_kind);
        bind_opt(st, 12, m->src_device);
        bind_opt(st, 13, m->src_context);
        bind_opt(st, 14, m->dst_device);
        bind_opt(st, 15, m->dst_context);
        bind_opt(st, 16, m->graph_node_id);
        bind_opt(st, 17, m->copy_count);
        return step(w, st, "memcpy");
    }
    case NSQ_ROW_MEMSET: {
        const nsq_row_memset *m = &r->u.memset;
        if (!(st = stmt(w, T_MEMSET)))
            return -1;
        sqlite3_bind_int64(st, 1, m->start);
        sqlite3_bind_int64(st, 2, m->end);
        sqlite3_bind_int64(st, 3, m->device_id);
        sqlite3_bind_int64(st, 4, m->context_id);
        sqlite3_bind_int64(st, 5, m->stream_id);
        sqlite3_bind_int64(st, 6, m->correlation_id);
        sqlite3_bind_int64(st, 7, m->global_pid);
        sqlite3_bind_int64(st, 8, m->value);
        sqlite3_bind_int64(st, 9, (int64_t)m->bytes);
        bind_opt(st, 10, m->graph_node_id);
        sqlite3_bind_int64(st, 11, m->mem_kind);
        return step(w, st, "memset");
    }
    case NSQ_ROW_SYNC: {
        const nsq_row_sync *s = &r->u.sync;
        if (!(st = stmt(w, T_SYNC)))
            return -1;
        sqlite3_bind_int64(st, 1, s->start);
        sqlite3_bind_int64(st, 2, s->end);
        sqlite3_bind_int64(st, 3, s->device_id);
        sqlite3_bind_int64(st, 4, s->context_id);
        sqlite3_bind_int64(st, 5, s->stream_id);
        sqlite3_bind_int64(st, 6, s->correlation_id);
        sqlite3_bind_int64(st, 7, s->global_pid);
        sqlite3_bind_int64(st, 8, s->sync_type);
        sqlite3_bind_int64(st, 9, s->event_id);
        bind_opt(st, 10, s->event_sync_id);
        return step(w, st, "synchronization");
    }
    case NSQ_ROW_OVERHEAD: {
        const nsq_row_overhead *o = &r->u.overhead;
        int64_t name = string_id(w, o->name);
        if (name < 0 || !(st = stmt(w, T_OVERHEAD)))
            return -1;
        sqlite3_bind_int64(st, 1, o->start);
        sqlite3_bind_int64(st, 2, o->end);
        sqlite3_bind_int64(st, 3, o->global_tid);
        sqlite3_bind_int64(st, 4, name);
        sqlite3_bind_int64(st, 5, o->overhead_type);
        return step(w, st, "overhead");
    }
    case NSQ_ROW_GPU: {
        const nsq_row_gpu *g = &r->u.gpu;
        if (g->id < 64) {
            if (w->gpus_seen & (1ull << g->id))
                return 0;
            w->gpus_seen |= 1ull << g->id;
        }
        if (!(st = stmt(w, T_GPU)))
            return -1;
        sqlite3_bind_int64(st, 1, g->id);
        sqlite3_bind_text(st, 2, g->name ? g->name : "", -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 3, (int64_t)g->l2_cache);
        sqlite3_bind_int64(st, 4, (int64_t)g->total_memory);
        sqlite3_bind_int64(st, 5, (int64_t)g->memory_bandwidth);
        sqlite3_bind_int64(st, 6, (int64_t)g->clock_hz);
        sqlite3_bind_int64(st, 7, g->sm_count);
        sqlite3_bind_text(st, 8, g->uuid, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 9, g->constant_memory);
        sqlite3_bind_int64(st, 10, g->max_ipc);
        sqlite3_bind_int64(st, 11, g->max_registers_per_block);
        sqlite3_bind_int64(st, 12, g->max_shmem_per_block);
        sqlite3_bind_int64(st, 13, g->max_shmem_per_sm);
        sqlite3_bind_int64(st, 14, g->max_registers_per_sm);
        sqlite3_bind_int64(st, 15, g->threads_per_warp);
        sqlite3_bind_int64(st, 16, g->async_engines);
        sqlite3_bind_int64(st, 17, g->max_warps_per_sm);
        sqlite3_bind_int64(st, 18, g->max_blocks_per_sm);
        sqlite3_bind_int64(st, 19, g->max_threads_per_block);
        for (int i = 0; i < 3; i++) {
            sqlite3_bind_int64(st, 20 + i, g->max_block[i]);
            sqlite3_bind_int64(st, 23 + i, g->max_grid[i]);
        }
        sqlite3_bind_int64(st, 26, g->compute_major);
        sqlite3_bind_int64(st, 27, g->compute_minor);
        if (step(w, st, "gpu") || !(st = stmt(w, T_CUDA_DEVICE)))
            return -1;
        sqlite3_bind_int64(st, 1, g->id);
        sqlite3_bind_int64(st, 2, w->pid);
        sqlite3_bind_text(st, 3, g->uuid, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 4, g->sm_count);
        return step(w, st, "cuda device");
    }
    case NSQ_ROW_CONTEXT: {
        const nsq_row_context *c = &r->u.context;
        for (size_t i = 0; i < w->ncontexts; i++)
            if (w->contexts[i] == c->context_id)
                return 0;
        uint32_t *nc = realloc(w->contexts, sizeof(*nc) * (w->ncontexts + 1));
        if (!nc)
            return -1;
        w->contexts = nc;
        w->contexts[w->ncontexts++] = c->context_id;
        if (!(st = stmt(w, T_CONTEXT)))
            return -1;
        sqlite3_bind_int64(st, 1, c->null_stream_id);
        sqlite3_bind_int64(st, 2, c->pid);
        sqlite3_bind_int64(st, 3, c->device_id);
        sqlite3_bind_int64(st, 4, c->context_id);
        sqlite3_bind_int64(st, 5, c->parent_context_id);
        sqlite3_bind_int64(st, 6, c->is_green);
        return step(w, st, "context");
    }
    case NSQ_ROW_NVTX: {
        const nsq_row_nvtx *n = &r->u.nvtx;
        int64_t text_id = -1;
        if (n->registered && (text_id = string_id(w, n->registered)) < 0)
            return -1;
        if (!(st = stmt(w, T_NVTX)))
            return -1;
        sqlite3_bind_int64(st, 1, n->start);
        bind_opt(st, 2, n->end);
        sqlite3_bind_int64(st, 3, n->event_type);
        bind_opt(st, 4, n->range_id);
        bind_opt(st, 5, n->category);
        bind_opt(st, 6, n->color);
        if (n->text)
            sqlite3_bind_text(st, 7, n->text, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 8, n->global_tid);
        bind_opt(st, 9, n->end_global_tid);
        if (text_id >= 0)
            sqlite3_bind_int64(st, 10, text_id);
        sqlite3_bind_int64(st, 11, n->domain_id);
        return step(w, st, "nvtx");
    }
    case NSQ_ROW_THREAD_NAME: {
        const nsq_row_thread *t = &r->u.thread;
        int64_t name = string_id(w, t->name);
        if (name < 0 || !(st = stmt(w, T_THREAD)))
            return -1;
        sqlite3_bind_int64(st, 1, name);
        sqlite3_bind_int64(st, 2, t->global_tid);
        return step(w, st, "thread name");
    }
    }
    return 0;
}

int nsq_writer_prune_nested_driver(nsq_writer *w)
{
    static const char *const gpu_tables[] = {T_KERNEL_NAME, T_MEMCPY_NAME, T_MEMSET_NAME,
                                             T_SYNC_NAME};
    static const int gpu_ids[] = {T_KERNEL, T_MEMCPY, T_MEMSET, T_SYNC};
    char sql[512];
    if (!w->created[T_RUNTIME])
        return 0;
    if (nsq_writer_commit(w) || begin(w))
        return -1;
    /* runtime calls of one thread do not overlap: the candidate around a
     * driver call is the last runtime call that started before it */
    if (exec(w, "CREATE INDEX nsq_prune_rt ON CUPTI_ACTIVITY_KIND_RUNTIME (globalTid, eventClass, "
                "start)") ||
        exec(w, "CREATE TEMP TABLE nsq_nested AS SELECT d.rowid AS drow, d.correlationId AS dcorr, "
                "d.\"end\" AS dend, (SELECT r.rowid FROM CUPTI_ACTIVITY_KIND_RUNTIME r WHERE "
                "r.globalTid = d.globalTid AND r.eventClass = 0 AND r.start <= d.start ORDER BY "
                "r.start DESC LIMIT 1) AS rrow FROM CUPTI_ACTIVITY_KIND_RUNTIME d WHERE "
                "d.eventClass = 1") ||
        exec(w, "DELETE FROM nsq_nested WHERE rrow IS NULL OR (SELECT r.\"end\" FROM "
                "CUPTI_ACTIVITY_KIND_RUNTIME r WHERE r.rowid = rrow) < dend") ||
        exec(w, "CREATE INDEX temp.nsq_nested_corr ON nsq_nested (dcorr)"))
        goto fail;
    for (size_t i = 0; i < sizeof gpu_ids / sizeof gpu_ids[0]; i++) {
        if (!w->created[gpu_ids[i]])
            continue;
        snprintf(sql, sizeof sql,
                 "UPDATE %s SET correlationId = (SELECT r.correlationId FROM nsq_nested n JOIN "
                 "CUPTI_ACTIVITY_KIND_RUNTIME r ON r.rowid = n.rrow WHERE n.dcorr = "
                 "%s.correlationId LIMIT 1) WHERE correlationId IN (SELECT dcorr FROM nsq_nested)",
                 gpu_tables[i], gpu_tables[i]);
        if (exec(w, sql))
            goto fail;
    }
    if (exec(w, "DELETE FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE rowid IN (SELECT drow FROM "
                "nsq_nested)") ||
        exec(w, "DROP TABLE nsq_nested") || exec(w, "DROP INDEX nsq_prune_rt"))
        goto fail;
    return nsq_writer_commit(w);
fail:
    exec(w, "ROLLBACK");
    w->in_tx = false;
    return -1;
}

void nsq_writer_warn(nsq_writer *w, const char *code, const char *message)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(w->db,
                           "INSERT INTO NSYSQL_CUPTI_WARNINGS (code, message) VALUES (?1, ?2)", -1,
                           &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, code, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, message, -1, SQLITE_TRANSIENT);
        sqlite3_step(st);
    }
    sqlite3_finalize(st);
}

void nsq_writer_status(nsq_writer *w, const char *name, int64_t value)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(w->db, "INSERT INTO NSYSQL_CUPTI_STATUS (name, value) VALUES (?1, ?2)",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 2, value);
        sqlite3_step(st);
    }
    sqlite3_finalize(st);
}

int nsq_writer_close(nsq_writer *w)
{
    int rc = 0;
    if (!w)
        return 0;
    /* CUPTI's synchronization record names a context, not a device */
    if (w->created[T_SYNC] && w->created[T_CONTEXT])
        exec(w, "UPDATE CUPTI_ACTIVITY_KIND_SYNCHRONIZATION SET deviceId = COALESCE((SELECT "
                "c.deviceId FROM TARGET_INFO_CUDA_CONTEXT_INFO c WHERE c.contextId = "
                "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION.contextId LIMIT 1), deviceId) WHERE deviceId "
                "< 0");
    if (nsq_writer_commit(w))
        rc = -1;
    for (int t = 0; t < T_COUNT; t++)
        sqlite3_finalize(w->ins[t]);
    sqlite3_finalize(w->str_ins);
    if (sqlite3_close(w->db) != SQLITE_OK)
        rc = -1;
    strmap_free(&w->strings);
    strmap_free(&w->kernels);
    free(w->contexts);
    free(w);
    return rc;
}

/* ---- kernel names -------------------------------------------------------------------- */

typedef char *(*cxa_demangle_fn)(const char *, char *, size_t *, int *);

static cxa_demangle_fn demangler(void)
{
    static cxa_demangle_fn fn;
    static int looked;
    if (!looked) {
        looked = 1;
        fn = (cxa_demangle_fn)dlsym(RTLD_DEFAULT, "__cxa_demangle");
        if (!fn) {
            void *h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
            if (h)
                fn = (cxa_demangle_fn)dlsym(h, "__cxa_demangle");
        }
    }
    return fn;
}

/* Index of the bracket opening the one that closes at s[end], scanning back. */
static long open_of(const char *s, long end, char open, char close)
{
    int depth = 0;
    for (long i = end; i >= 0; i--) {
        if (s[i] == close)
            depth++;
        else if (s[i] == open && --depth == 0)
            return i;
    }
    return -1;
}

void nsq_kernel_names(const char *mangled, char **demangled, char **short_name)
{
    char *d = NULL;
    int status = -1;
    cxa_demangle_fn fn = mangled && mangled[0] == '_' && mangled[1] == 'Z' ? demangler() : NULL;
    if (fn)
        d = fn(mangled, NULL, NULL, &status);
    if (!d || status != 0) {
        free(d);
        d = strdup(mangled ? mangled : "");
    }
    /* short name: drop the parameter list, template arguments, return type and qualifiers */
    long n = (long)strlen(d);
    char *s = strdup(d);
    if (s) {
        long end = n - 1;
        while (end >= 0 && s[end] == ' ')
            end--;
        if (end > 0 && s[end] == ')') {
            long o = open_of(s, end, '(', ')');
            if (o > 0)
                end = o - 1;
        }
        while (end >= 0 && s[end] == ' ')
            end--;
        if (end > 0 && s[end] == '>') {
            long o = open_of(s, end, '<', '>');
            if (o > 0)
                end = o - 1;
        }
        long begin = 0;
        int depth = 0;
        for (long i = end; i >= 0; i--) {
            char ch = s[i];
            if (ch == '>' || ch == ')' || ch == ']')
                depth++;
            else if (ch == '<' || ch == '(' || ch == '[')
                depth--;
            else if (depth == 0 && (ch == ' ' || (ch == ':' && i > 0 && s[i - 1] == ':'))) {
                begin = i + 1;
                break;
            }
        }
        if (end >= begin) {
            memmove(s, s + begin, (size_t)(end - begin + 1));
            s[end - begin + 1] = '\0';
        } else {
            strcpy(s, d);
        }
    }
    *demangled = d;
    *short_name = s ? s : strdup(d);
}
