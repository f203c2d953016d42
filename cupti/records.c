/* records: one CUPTI activity record -> one nsq_row, with nsys's numbering.
 *
 * Remappings (CUPTI -> nsys export):
 *   timestamps          CUPTI clock ns -> ns since the session origin (t0)
 *   memory kinds        CUpti_ActivityMemoryKind 1..7 -> ENUM_CUDA_MEM_KIND 0..6,
 *                       CUPTI's 0 (unknown) -> 7 (Unknown)
 *   overhead kinds      CUpti_ActivityOverheadKind -> ENUM_CUPTI_OVERHEAD_TYPE
 *                       (0 -> 1 Unknown, DRIVER_COMPILER -> 2, (k >> 16) + 2 for
 *                       BUFFER_FLUSH..COMMAND_BUFFER_FULL, newer kinds -> 1)
 *   launch type         CUpti_ActivityLaunchType 0..2 -> 1..3, others -> 0 Unknown
 *   API calls           RUNTIME -> eventClass 0, DRIVER -> eventClass 1, both in
 *                       CUPTI_ACTIVITY_KIND_RUNTIME, named by callback id
 *   copy kind, sync type, cache config, shared-memory limit: same numbers
 *   device bandwidth kB/s and clock kHz -> bytes/s and Hz
 *   graphNodeId/graphId 0 (not launched from a graph) -> NULL
 * GPU activity carries no process: it is this process (env->pid). */
#include <stdio.h>
#include <string.h>

#include <cupti_activity.h>

#include "records.h"

int nsq_map_mem_kind(int k)
{
    if (k >= CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE && k <= CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC)
        return k - 1;
    return 7; /* Unknown */
}

int nsq_map_overhead_type(int k)
{
    if (k == CUPTI_ACTIVITY_OVERHEAD_DRIVER_COMPILER)
        return 2;
    if (k >= CUPTI_ACTIVITY_OVERHEAD_CUPTI_BUFFER_FLUSH &&
        k <= CUPTI_ACTIVITY_OVERHEAD_COMMAND_BUFFER_FULL && (k & 0xFFFF) == 0)
        return (k >> 16) + 2;
    return 1; /* Unknown */
}

const char *nsq_overhead_name(int k)
{
    switch (k) {
    case CUPTI_ACTIVITY_OVERHEAD_DRIVER_COMPILER:
        return "CUDA: Driver JIT compiler";
    case CUPTI_ACTIVITY_OVERHEAD_CUPTI_BUFFER_FLUSH:
        return "CUPTI: Buffer flush";
    case CUPTI_ACTIVITY_OVERHEAD_CUPTI_INSTRUMENTATION:
        return "CUPTI: Instrumentation";
    case CUPTI_ACTIVITY_OVERHEAD_CUPTI_RESOURCE:
        return "CUPTI: Resource creation/destruction";
    case CUPTI_ACTIVITY_OVERHEAD_RUNTIME_TRIGGERED_MODULE_LOADING:
        return "CUDA: Runtime module loading";
    case CUPTI_ACTIVITY_OVERHEAD_LAZY_FUNCTION_LOADING:
        return "CUDA: Lazy function loading";
    case CUPTI_ACTIVITY_OVERHEAD_COMMAND_BUFFER_FULL:
        return "CUDA: Command buffer full";
    case CUPTI_ACTIVITY_OVERHEAD_ACTIVITY_BUFFER_REQUEST:
        return "CUPTI: Activity buffer request";
    case CUPTI_ACTIVITY_OVERHEAD_UVM_ACTIVITY_INIT:
        return "CUPTI: UVM activity initialization";
    default:
        return "Unknown overhead";
    }
}

int nsq_map_launch_type(int t)
{
    if (t >= CUPTI_ACTIVITY_LAUNCH_TYPE_REGULAR &&
        t <= CUPTI_ACTIVITY_LAUNCH_TYPE_COOPERATIVE_MULTI_DEVICE)
        return t + 1;
    return 0;
}

static int64_t rel(uint64_t t, uint64_t t0)
{
    return (int64_t)(t - t0);
}

static nsq_opt_i64 nonzero(uint64_t v)
{
    nsq_opt_i64 o = {v != 0, (int64_t)v};
    return o;
}

static nsq_opt_i64 some(int64_t v)
{
    nsq_opt_i64 o = {true, v};
    return o;
}

static void format_uuid(char *out, size_t n, const CUuuid *u)
{
    const unsigned char *b = (const unsigned char *)u->bytes;
    snprintf(out, n, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
             b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
             b[14], b[15]);
}

int nsq_map_record(const void *p, const nsq_map_env *env, nsq_row *out)
{
    const CUpti_Activity *rec = p;
    memset(out, 0, sizeof *out);
    switch (rec->kind) {
    case CUPTI_ACTIVITY_KIND_KERNEL:
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
        const CUpti_ActivityKernel10 *k = p;
        nsq_row_kernel *o = &out->u.kernel;
        if (k->start == 0 || k->end == 0)
            return NSQ_MAP_INCOMPLETE;
        out->kind = NSQ_ROW_KERNEL;
        o->start = rel(k->start, env->t0);
        o->end = rel(k->end, env->t0);
        o->device_id = k->deviceId;
        o->context_id = k->contextId;
        o->stream_id = k->streamId;
        o->correlation_id = k->correlationId;
        o->global_pid = nsq_global_pid(env->pid);
        o->mangled_name = k->name;
        o->launch_type = nsq_map_launch_type(k->launchType);
        o->cache_config = k->cacheConfig.config.requested;
        o->registers_per_thread = k->registersPerThread;
        o->grid[0] = k->gridX;
        o->grid[1] = k->gridY;
        o->grid[2] = k->gridZ;
        o->block[0] = k->blockX;
        o->block[1] = k->blockY;
        o->block[2] = k->blockZ;
        o->static_shared = k->staticSharedMemory;
        o->dynamic_shared = k->dynamicSharedMemory;
        o->local_per_thread = k->localMemoryPerThread;
        o->local_total = k->localMemoryTotal_v2 ? k->localMemoryTotal_v2 : k->localMemoryTotal;
        o->grid_id = k->gridId;
        o->shared_executed = k->sharedMemoryExecuted;
        o->graph_node_id = nonzero(k->graphNodeId);
        o->graph_id = nonzero(k->graphId);
        o->shared_limit_config = (int)k->shmemLimitConfig;
        o->cluster[0] = k->clusterX;
        o->cluster[1] = k->clusterY;
        o->cluster[2] = k->clusterZ;
        o->cluster_policy = k->clusterSchedulingPolicy;
        o->max_potential_cluster = k->maxPotentialClusterSize;
        o->max_active_clusters = k->maxActiveClusters;
        return NSQ_MAP_ROW;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
        const CUpti_ActivityMemcpy6 *m = p;
        nsq_row_memcpy *o = &out->u.memcpy;
        if (m->start == 0 || m->end == 0)
            return NSQ_MAP_INCOMPLETE;
        out->kind = NSQ_ROW_MEMCPY;
        o->start = rel(m->start, env->t0);
        o->end = rel(m->end, env->t0);
        o->device_id = m->deviceId;
        o->context_id = m->contextId;
        o->stream_id = m->streamId;
        o->correlation_id = m->correlationId;
        o->global_pid = nsq_global_pid(env->pid);
        o->bytes = m->bytes;
        o->copy_kind = m->copyKind;
        o->src_kind = nsq_map_mem_kind(m->srcKind);
        o->dst_kind = nsq_map_mem_kind(m->dstKind);
        o->graph_node_id = nonzero(m->graphNodeId);
        o->copy_count = nonzero(m->copyCount);
        return NSQ_MAP_ROW;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY2: {
        const CUpti_ActivityMemcpyPtoP4 *m = p;
        nsq_row_memcpy *o = &out->u.memcpy;
        if (m->start == 0 || m->end == 0)
            return NSQ_MAP_INCOMPLETE;
        out->kind = NSQ_ROW_MEMCPY;
        o->start = rel(m->start, env->t0);
        o->end = rel(m->end, env->t0);
        o->device_id = m->deviceId;
        o->context_id = m->contextId;
        o->stream_id = m->streamId;
        o->correlation_id = m->correlationId;
        o->global_pid = nsq_global_pid(env->pid);
        o->bytes = m->bytes;
        o->copy_kind = m->copyKind;
        o->src_kind = nsq_map_mem_kind(m->srcKind);
        o->dst_kind = nsq_map_mem_kind(m->dstKind);
        o->src_device = some(m->srcDeviceId);
        o->src_context = some(m->srcContextId);
        o->dst_device = some(m->dstDeviceId);
        o->dst_context = some(m->dstContextId);
        o->graph_node_id = nonzero(m->graphNodeId);
        return NSQ_MAP_ROW;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
        const CUpti_ActivityMemset4 *m = p;
        nsq_row_memset *o = &out->u.memset;
        if (m->start == 0 || m->end == 0)
            return NSQ_MAP_INCOMPLETE;
        out->kind = NSQ_ROW_MEMSET;
        o->start = rel(m->start, env->t0);
        o->end = rel(m->end, env->t0);
        o->device_id = m->deviceId;
        o->context_id = m->contextId;
        o->stream_id = m->streamId;
        o->correlation_id = m->correlationId;
        o->global_pid = nsq_global_pid(env->pid);
        o->value = m->value;
        o->bytes = m->bytes;
        o->graph_node_id = nonzero(m->graphNodeId);
        o->mem_kind = nsq_map_mem_kind(m->memoryKind);
        return NSQ_MAP_ROW;
    }
    case CUPTI_ACTIVITY_KIND_RUNTIME:
    case CUPTI_ACTIVITY_KIND_DRIVER: {
        const CUpti_ActivityAPI *a = p;
        nsq_row_api *o = &out->u.api;
        int runtime = rec->kind == CUPTI_ACTIVITY_KIND_RUNTIME;
        if (a->start == 0 || a->end == 0)
            return NSQ_MAP_INCOMPLETE;
        out->kind = NSQ_ROW_API;
        o->start = rel(a->start, env->t0);
        o->end = rel(a->end, env->t0);
        o->event_class = runtime ? NSQ_EVENT_CLASS_RUNTIME : NSQ_EVENT_CLASS_DRIVER;
        o->global_tid = nsq_global_tid(a->processId ? a->processId : env->pid, a->threadId);
        o->correlation_id = a->correlationId;
        o->name = env->api_name ? env->api_name(env->ud, runtime, a->cbid) : NULL;
        o->return_value = a->returnValue;
        return NSQ_MAP_ROW;
    }
    case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: {
        const CUpti_ActivitySynchronization2 *s = p;
        nsq_row_sync *o = &out->u.sync;
        if (s->start == 0 || s->end == 0)
            return NSQ_MAP_INCOMPLETE;
        out->kind = NSQ_ROW_SYNC;
        o->start = rel(s->start, env->t0);
        o->end = rel(s->end, env->t0);
        o->device_id = -1; /* resolved from the context when the file is closed */
        o->context_id = s->contextId;
        o->stream_id = s->streamId;
        o->correlation_id = s->correlationId;
        o->global_pid = nsq_global_pid(env->pid);
        o->sync_type = (int)s->type;
        o->event_id = s->cudaEventId;
        o->event_sync_id = nonzero(s->cudaEventSyncId);
        return NSQ_MAP_ROW;
    }
    case CUPTI_ACTIVITY_KIND_OVERHEAD: {
        const CUpti_ActivityOverhead3 *v = p;
        nsq_row_overhead *o = &out->u.overhead;
        if (v->start == 0 || v->end == 0)
            return NSQ_MAP_INCOMPLETE;
        out->kind = NSQ_ROW_OVERHEAD;
        o->start = rel(v->start, env->t0);
        o->end = rel(v->end, env->t0);
        if (v->objectKind == CUPTI_ACTIVITY_OBJECT_THREAD ||
            v->objectKind == CUPTI_ACTIVITY_OBJECT_PROCESS)
            o->global_tid = nsq_global_tid(
                v->objectId.pt.processId ? v->objectId.pt.processId : env->pid,
                v->objectKind == CUPTI_ACTIVITY_OBJECT_THREAD ? v->objectId.pt.threadId : 0);
        else
            o->global_tid = nsq_global_pid(env->pid);
        o->name = nsq_overhead_name((int)v->overheadKind);
        o->overhead_type = nsq_map_overhead_type((int)v->overheadKind);
        return NSQ_MAP_ROW;
    }
    case CUPTI_ACTIVITY_KIND_DEVICE: {
        const CUpti_ActivityDevice5 *d = p;
        nsq_row_gpu *o = &out->u.gpu;
        out->kind = NSQ_ROW_GPU;
        o->id = d->id;
        o->name = d->name;
        format_uuid(o->uuid, sizeof o->uuid, &d->uuid);
        o->l2_cache = d->l2CacheSize;
        o->total_memory = d->globalMemorySize;
        o->memory_bandwidth = d->globalMemoryBandwidth * 1000ull;
        o->clock_hz = (uint64_t)d->coreClockRate * 1000ull;
        o->sm_count = d->numMultiprocessors;
        o->constant_memory = d->constantMemorySize;
        o->max_ipc = d->maxIPC;
        o->max_registers_per_block = d->maxRegistersPerBlock;
        o->max_shmem_per_block = d->maxSharedMemoryPerBlock;
        o->max_shmem_per_sm = d->maxSharedMemoryPerMultiprocessor;
        o->max_registers_per_sm = d->maxRegistersPerMultiprocessor;
        o->threads_per_warp = d->numThreadsPerWarp;
        o->async_engines = d->numMemcpyEngines;
        o->max_warps_per_sm = d->maxWarpsPerMultiprocessor;
        o->max_blocks_per_sm = d->maxBlocksPerMultiprocessor;
        o->max_threads_per_block = d->maxThreadsPerBlock;
        o->max_block[0] = d->maxBlockDimX;
        o->max_block[1] = d->maxBlockDimY;
        o->max_block[2] = d->maxBlockDimZ;
        o->max_grid[0] = d->maxGridDimX;
        o->max_grid[1] = d->maxGridDimY;
        o->max_grid[2] = d->maxGridDimZ;
        o->compute_major = d->computeCapabilityMajor;
        o->compute_minor = d->computeCapabilityMinor;
        return NSQ_MAP_ROW;
    }
    case CUPTI_ACTIVITY_KIND_CONTEXT: {
        const CUpti_ActivityContext3 *c = p;
        nsq_row_context *o = &out->u.context;
        out->kind = NSQ_ROW_CONTEXT;
        o->context_id = c->contextId;
        o->device_id = c->deviceId;
        o->null_stream_id = c->nullStreamId;
        o->parent_context_id = c->parentContextId;
        o->is_green = c->isGreenContext;
        o->pid = env->pid;
        return NSQ_MAP_ROW;
    }
    default:
        return NSQ_MAP_SKIP;
    }
}
