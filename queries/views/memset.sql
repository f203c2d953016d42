-- id: memset
-- version: 1
-- kind: view
-- summary: one row per CUDA memset
-- source: CUPTI_ACTIVITY_KIND_MEMSET(start, end, deviceId, contextId, greenContextId, streamId, correlationId, globalPid, value, bytes, memKind, graphNodeId)
CREATE TEMP VIEW memset AS
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
       m.value AS value,
       m.bytes AS bytes,
       m.memKind AS mem_kind,
       m.graphNodeId AS graph_node_id,
       m._row AS row_id
FROM _src_CUPTI_ACTIVITY_KIND_MEMSET AS m;
