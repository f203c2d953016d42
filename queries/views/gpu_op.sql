-- id: gpu_op
-- version: 1
-- kind: view
-- summary: kernels, memcpys and memsets together, one row per GPU operation with its kind
-- requires: kernel, memcpy, memset
CREATE TEMP VIEW gpu_op AS
SELECT 'kernel' AS kind, start_ns, end_ns, dur_ns, pid, global_pid, device_id, context_id,
       stream_id, correlation_id, short_name AS name, NULL AS bytes
FROM kernel
UNION ALL
SELECT 'memcpy', start_ns, end_ns, dur_ns, pid, global_pid, device_id, context_id,
       stream_id, correlation_id, 'memcpy ' || COALESCE(copy_kind_name, 'unknown'), bytes
FROM memcpy
UNION ALL
SELECT 'memset', start_ns, end_ns, dur_ns, pid, global_pid, device_id, context_id,
       stream_id, correlation_id, 'memset', bytes
FROM memset;
