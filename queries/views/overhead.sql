-- id: overhead
-- version: 1
-- kind: view
-- summary: profiler overhead ranges (PROFILER_OVERHEAD): time the profiler itself was working
-- source: PROFILER_OVERHEAD(start, end, globalTid, nameId, returnValue, overheadType)
CREATE TEMP VIEW overhead AS
SELECT o."start" AS start_ns,
       o."end" AS end_ns,
       o."end" - o."start" AS dur_ns,
       (o.globalTid >> 24) & 16777215 AS pid,
       o.globalTid & 16777215 AS tid,
       o.globalTid AS global_tid,
       (SELECT s.value FROM StringIds s WHERE s.id = o.nameId) AS name,
       o.overheadType AS overhead_type,
       o._row AS row_id
FROM _src_PROFILER_OVERHEAD AS o;
