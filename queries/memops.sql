-- id: memops
-- version: 1
-- kind: query
-- requires: memcpy, memset, api
-- params: start_ns:int=-9223372036854775808 window start (ns); an op counts when it overlaps [start_ns, end_ns), a zero-length one when start_ns <= t <= end_ns
-- params: end_ns:int=9223372036854775807 window end (ns)
-- params: pid:text= keep only this process id; empty = all
-- params: stream:text= keep only this stream id; empty = all
-- summary: GPU memory copies and memsets per device grouped by kind, size bucket, host memory (pageable/pinned) and launching call (the plain-SQL oracle of nsysql memcpy): count, bytes, total, mean, median, min, max
--
-- One output row per (section, device_id, grouping, key):
--   section   'memcpy' or 'memset'
--   grouping  'all'         key 'all': every op of the section on the device
--             'kind'        copy kind (HtoD, DtoH, DtoD, HtoH, PtoP, UVM ...) or,
--                           for memsets, the memory kind written
--             'size'        size bucket: <4KiB, 4KiB-64KiB, 64KiB-1MiB, 1MiB-16MiB,
--                           16MiB-256MiB, >=256MiB (lower bound included)
--             'host_memory' pageable (either side pageable), pinned (either side
--                           pinned), managed, device (no host side), unknown
--             'call'        sync / async / none: the correlated runtime or driver
--                           call's name has 'Async' in it, has not, or no call
-- Definitions (identical to the C path): rows with NULL start/end or
-- end < start are left out; durations are not clipped to the window;
-- mean = floor(total / n); median = floor((a + b) / 2) of the middle values;
-- median_op_gbps = median of bytes / dur_ns (bytes per ns = GB/s) over the
-- ops with dur_ns > 0, (a + b) / 2 of the middle two; NULL when there is none.
WITH calls AS MATERIALIZED (
  SELECT a.correlation_id, a.global_pid, MIN(a.name) AS name
  FROM api AS a
  WHERE a.correlation_id IN (SELECT correlation_id FROM memcpy UNION SELECT correlation_id FROM memset)
  GROUP BY a.correlation_id, a.global_pid
),
raw AS (
  SELECT 'memcpy' AS section, device_id, pid, stream_id, global_pid, correlation_id, start_ns, end_ns,
         bytes, copy_kind AS kind_code, src_kind, dst_kind
  FROM memcpy
  UNION ALL
  SELECT 'memset', device_id, pid, stream_id, global_pid, correlation_id, start_ns, end_ns,
         bytes, mem_kind, mem_kind, mem_kind
  FROM memset
),
ops AS (
  SELECT r.section, r.device_id, r.bytes, r.end_ns - r.start_ns AS dur_ns,
         CASE WHEN r.section = 'memcpy' THEN
           CASE r.kind_code WHEN 0 THEN 'unknown' WHEN 1 THEN 'HtoD' WHEN 2 THEN 'DtoH'
             WHEN 3 THEN 'HtoA' WHEN 4 THEN 'AtoH' WHEN 5 THEN 'AtoA' WHEN 6 THEN 'AtoD'
             WHEN 7 THEN 'DtoA' WHEN 8 THEN 'DtoD' WHEN 9 THEN 'HtoH' WHEN 10 THEN 'PtoP'
             WHEN 11 THEN 'UVM HtoD' WHEN 12 THEN 'UVM DtoH' WHEN 13 THEN 'UVM DtoD'
             ELSE 'unknown' END
         ELSE
           CASE r.kind_code WHEN 0 THEN 'Pageable' WHEN 1 THEN 'Pinned' WHEN 2 THEN 'Device'
             WHEN 3 THEN 'Array' WHEN 4 THEN 'Managed' WHEN 5 THEN 'Device Static'
             WHEN 6 THEN 'Managed Static' ELSE 'Unknown' END
         END AS kind,
         CASE WHEN r.bytes < 4096 THEN '<4KiB'
              WHEN r.bytes < 65536 THEN '4KiB-64KiB'
              WHEN r.bytes < 1048576 THEN '64KiB-1MiB'
              WHEN r.bytes < 16777216 THEN '1MiB-16MiB'
              WHEN r.bytes < 268435456 THEN '16MiB-256MiB'
              ELSE '>=256MiB' END AS size_bucket,
         CASE WHEN r.src_kind = 0 OR r.dst_kind = 0 THEN 'pageable'
              WHEN r.src_kind = 1 OR r.dst_kind = 1 THEN 'pinned'
              WHEN r.src_kind IN (4, 6) OR r.dst_kind IN (4, 6) THEN 'managed'
              WHEN r.src_kind IN (2, 3, 5) AND r.dst_kind IN (2, 3, 5) THEN 'device'
              ELSE 'unknown' END AS host_memory,
         CASE WHEN c.name IS NULL THEN 'none'
              WHEN instr(c.name, 'Async') > 0 THEN 'async'
              ELSE 'sync' END AS call
  FROM raw AS r
  LEFT JOIN calls AS c ON c.correlation_id = r.correlation_id AND c.global_pid = r.global_pid
  WHERE r.start_ns IS NOT NULL AND r.end_ns IS NOT NULL AND r.end_ns >= r.start_ns
    AND (r.start_ns < :end_ns OR (r.start_ns = r.end_ns AND r.start_ns <= :end_ns))
    AND (r.end_ns > :start_ns OR (r.start_ns = r.end_ns AND r.end_ns >= :start_ns))
    AND (:pid IS NULL OR :pid = '' OR r.pid = CAST(:pid AS INTEGER))
    AND (:stream IS NULL OR :stream = '' OR r.stream_id = CAST(:stream AS INTEGER))
),
keyed AS (
  SELECT section, device_id, 'all' AS grouping, 'all' AS key, bytes, dur_ns FROM ops
  UNION ALL SELECT section, device_id, 'kind', kind, bytes, dur_ns FROM ops
  UNION ALL SELECT section, device_id, 'size', size_bucket, bytes, dur_ns FROM ops
  UNION ALL SELECT section, device_id, 'host_memory', host_memory, bytes, dur_ns FROM ops
  UNION ALL SELECT section, device_id, 'call', call, bytes, dur_ns FROM ops
),
ranked AS (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY section, device_id, grouping, key ORDER BY dur_ns) AS rn,
         COUNT(*) OVER (PARTITION BY section, device_id, grouping, key) AS n,
         ROW_NUMBER() OVER (PARTITION BY section, device_id, grouping, key, dur_ns > 0
                            ORDER BY CAST(bytes AS REAL) / dur_ns) AS rg,
         COUNT(*) OVER (PARTITION BY section, device_id, grouping, key, dur_ns > 0) AS ng
  FROM keyed
)
SELECT section, device_id, grouping, key,
       COUNT(*) AS count, SUM(bytes) AS bytes, SUM(dur_ns) AS total_ns,
       SUM(dur_ns) / COUNT(*) AS mean_ns,
       SUM(CASE WHEN rn IN ((n + 1) / 2, (n + 2) / 2) THEN dur_ns END)
         / COUNT(CASE WHEN rn IN ((n + 1) / 2, (n + 2) / 2) THEN 1 END) AS median_ns,
       MIN(dur_ns) AS min_ns, MAX(dur_ns) AS max_ns,
       SUM(CASE WHEN dur_ns > 0 AND rg IN ((ng + 1) / 2, (ng + 2) / 2) THEN CAST(bytes AS REAL) / dur_ns END)
         / COUNT(CASE WHEN dur_ns > 0 AND rg IN ((ng + 1) / 2, (ng + 2) / 2) THEN 1 END) AS median_op_gbps
FROM ranked
GROUP BY section, device_id, grouping, key
ORDER BY section, device_id, grouping, key;
