-- id: api
-- version: 1
-- kind: view
-- summary: CUDA runtime and driver API calls (eventClass 0 and 1 only, so --cudabacktrace duplicates are not counted twice)
-- source: CUPTI_ACTIVITY_KIND_RUNTIME(start, end, eventClass, globalTid, correlationId, nameId, returnValue, callchainId)
CREATE TEMP VIEW api AS
SELECT r."start" AS start_ns,
       r."end" AS end_ns,
       r."end" - r."start" AS dur_ns,
       (r.globalTid >> 24) & 16777215 AS pid,
       r.globalTid & 16777215 AS tid,
       r.globalTid AS global_tid,
       r.globalTid & -16777216 AS global_pid,
       r.correlationId AS correlation_id,
       (SELECT s.value FROM StringIds s WHERE s.id = r.nameId) AS name,
       api_base_name((SELECT s.value FROM StringIds s WHERE s.id = r.nameId)) AS base_name,
       r.nameId AS name_id,
       r.eventClass AS event_class,
       CASE r.eventClass WHEN 0 THEN 'runtime' ELSE 'driver' END AS api_kind,
       r.returnValue AS return_value,
       r.callchainId AS callchain_id,
       r._row AS row_id
FROM _src_CUPTI_ACTIVITY_KIND_RUNTIME AS r
WHERE r.eventClass IN (0, 1);
