-- id: memcpy
-- version: 1
-- kind: view
-- summary: one row per CUDA memory copy, copy and memory kinds named (nsys numbering, not cudaMemcpyKind)
-- source: CUPTI_ACTIVITY_KIND_MEMCPY(start, end, deviceId, contextId, greenContextId, streamId, correlationId, globalPid, bytes, copyKind, srcKind, dstKind, srcDeviceId, dstDeviceId, migrationCause, graphNodeId)
CREATE TEMP VIEW memcpy AS
SELECT m."start" AS start_ns,
       m."end" AS end_ns,
       m."end" - m."start" AS dur_ns,
       (m.globalPid >> 24) & 16777215 AS pid,
       m.globalPid AS global_pid,
       m.deviceId AS device_id,
       m.contextId AS context_id,
       m.greenContextId AS green_context_id,
       m.streamId AS stream_id,
       m.correlationId AS correlation_id,
       m.bytes AS bytes,
       m.copyKind AS copy_kind,
       CASE m.copyKind WHEN 0 THEN 'unknown' WHEN 1 THEN 'HtoD' WHEN 2 THEN 'DtoH'
            WHEN 3 THEN 'HtoA' WHEN 4 THEN 'AtoH' WHEN 5 THEN 'AtoA' WHEN 6 THEN 'AtoD'
            WHEN 7 THEN 'DtoA' WHEN 8 THEN 'DtoD' WHEN 9 THEN 'HtoH' WHEN 10 THEN 'PtoP'
            WHEN 11 THEN 'UVM HtoD' WHEN 12 THEN 'UVM DtoH' WHEN 13 THEN 'UVM DtoD' END AS copy_kind_name,
       m.srcKind AS src_kind,
       m.dstKind AS dst_kind,
       m.srcDeviceId AS src_device_id,
       m.dstDeviceId AS dst_device_id,
       m.migrationCause AS migration_cause,
       m.graphNodeId AS graph_node_id,
       m._row AS row_id
FROM _src_CUPTI_ACTIVITY_KIND_MEMCPY AS m;
