-- id: kernel
-- version: 1
-- kind: view
-- summary: one row per CUDA kernel execution, names resolved through StringIds
-- source: CUPTI_ACTIVITY_KIND_KERNEL(start, end, deviceId, contextId, greenContextId, streamId, correlationId, globalPid, demangledName, shortName, mangledName, gridX, gridY, gridZ, blockX, blockY, blockZ, registersPerThread, staticSharedMemory, dynamicSharedMemory, launchType, graphNodeId, graphId)
CREATE TEMP VIEW kernel AS
SELECT k."start" AS start_ns,
       k."end" AS end_ns,
       k."end" - k."start" AS dur_ns,
       (k.globalPid >> 24) & 16777215 AS pid,
       k.globalPid AS global_pid,
       k.deviceId AS device_id,
       k.contextId AS context_id,
       k.greenContextId AS green_context_id,
       k.streamId AS stream_id,
       k.correlationId AS correlation_id,
       (SELECT s.value FROM StringIds s WHERE s.id = k.shortName) AS short_name,
       (SELECT s.value FROM StringIds s WHERE s.id = k.demangledName) AS demangled_name,
       (SELECT s.value FROM StringIds s WHERE s.id = k.mangledName) AS mangled_name,
       k.shortName AS short_name_id,
       k.demangledName AS demangled_name_id,
       k.mangledName AS mangled_name_id,
       k.gridX AS grid_x, k.gridY AS grid_y, k.gridZ AS grid_z,
       k.blockX AS block_x, k.blockY AS block_y, k.blockZ AS block_z,
       k.registersPerThread AS registers_per_thread,
       k.staticSharedMemory AS static_shared_bytes,
       k.dynamicSharedMemory AS dynamic_shared_bytes,
       k.launchType AS launch_type,
       k.graphNodeId AS graph_node_id,
       k.graphId AS graph_id,
       k._row AS row_id
FROM _src_CUPTI_ACTIVITY_KIND_KERNEL AS k;
