-- id: gpu-trace
-- version: 1
-- kind: query
-- summary: GPU operations (kernels, memcpy, memset) overlapping a time window, in start order
-- requires: gpu_op
-- params: start_ns:int=-9223372036854775808 window start (ns, session timeline)
-- params: end_ns:int=9223372036854775807 window end (ns)
SELECT kind, start_ns, end_ns, dur_ns, pid, device_id, stream_id, correlation_id, name, bytes
FROM gpu_op
WHERE end_ns > :start_ns AND start_ns < :end_ns
ORDER BY start_ns, end_ns;
