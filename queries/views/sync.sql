-- id: sync
-- version: 1
-- kind: view
-- summary: CUDA synchronization records (host-side wait of a synchronising call), sync type named
-- source: CUPTI_ACTIVITY_KIND_SYNCHRONIZATION(start, end, deviceId, contextId, streamId, correlationId, globalPid, syncType, eventId)
CREATE TEMP VIEW sync AS
SELECT y."start" AS start_ns,
       y."end" AS end_ns,
       y."end" - y."start" AS dur_ns,
       (y.globalPid >> 24) & 16777215 AS pid,
       y.globalPid AS global_pid,
       y.deviceId AS device_id,
       y.contextId AS context_id,
       y.streamId AS stream_id,
       y.correlationId AS correlation_id,
       y.syncType AS sync_type,
       CASE y.syncType WHEN 1 THEN 'event_sync' WHEN 2 THEN 'stream_wait_event'
            WHEN 3 THEN 'stream_sync' WHEN 4 THEN 'context_sync' ELSE 'unknown' END AS sync_type_name,
       y.eventId AS event_id,
       y._row AS row_id
FROM _src_CUPTI_ACTIVITY_KIND_SYNCHRONIZATION AS y;
