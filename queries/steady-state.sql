-- id: steady-state
-- version: 1
-- kind: query
-- summary: the iteration table steady-state judges, in plain SQL: instances of an NVTX push/pop range with the GPU work launched inside them (range=NAME), or one context's kernels cut before each occurrence of an anchor kernel (anchor=NAME, pid, device_id)
-- requires: nvtx, api, gpu_op, kernel
-- params: range:text= NVTX range text whose instances are the iterations (empty: cut kernels at anchor instead)
-- params: anchor:text= short name of the kernel that starts an iteration (used when range is empty)
-- params: pid:int=-1 process whose kernels are cut at anchor
-- params: device_id:int=-1 CUDA ordinal (inside that process) whose kernels are cut at anchor
--
-- NVTX: the instances are the closed push/pop ranges named :range on the thread
-- that has most of them, leaving out instances nested in another instance.
-- A GPU op belongs to an instance when the API call that launched it (same
-- correlation id, same process) started inside the instance on that thread.
-- start_ns/end_ns are the first start and last end of those ops (NULL when
-- none), kernels/kernel_time_ns count kernels only.
-- Kernels: the kernels of (pid, device_id) in (start, end) order; an iteration
-- starts at each kernel whose short name is :anchor; kernels before the first
-- one are left out.
-- step_ns is the next iteration's start minus this one's.
WITH
owner AS (
  SELECT global_tid FROM nvtx
  WHERE :range <> '' AND kind = 'push_pop' AND end_ns IS NOT NULL AND end_ns >= start_ns
    AND text = :range
  GROUP BY global_tid
  ORDER BY count(*) DESC, global_tid
  LIMIT 1),
inst AS (
  SELECT n.start_ns, n.end_ns, n.global_tid
  FROM nvtx n JOIN owner o ON n.global_tid = o.global_tid
  WHERE n.kind = 'push_pop' AND n.end_ns IS NOT NULL AND n.end_ns >= n.start_ns
    AND n.text = :range
    AND NOT EXISTS (
      SELECT 1 FROM nvtx p
      WHERE p.global_tid = n.global_tid AND p.kind = 'push_pop' AND p.text = :range
        AND p.end_ns IS NOT NULL AND p.start_ns <= n.start_ns AND p.end_ns >= n.end_ns
        AND (p.start_ns < n.start_ns OR p.end_ns > n.end_ns))),
r AS (
  SELECT start_ns, end_ns, global_tid,
         row_number() OVER (ORDER BY start_ns, end_ns) - 1 AS iteration
  FROM inst),
ops AS (
  SELECT r.iteration, g.kind, g.start_ns, g.end_ns
  FROM r
  JOIN api a ON a.global_tid = r.global_tid AND a.start_ns >= r.start_ns
            AND a.start_ns < r.end_ns AND a.correlation_id IS NOT NULL
  JOIN gpu_op g ON g.correlation_id = a.correlation_id AND g.global_pid = a.global_pid
               AND g.end_ns >= g.start_ns),
nv AS (
  SELECT r.iteration,
         r.start_ns AS range_start_ns,
         r.end_ns AS range_end_ns,
         min(o.start_ns) AS start_ns,
         max(o.end_ns) AS end_ns,
         count(CASE WHEN o.kind = 'kernel' THEN 1 END) AS kernels,
         COALESCE(sum(CASE WHEN o.kind = 'kernel' THEN o.end_ns - o.start_ns END), 0)
           AS kernel_time_ns
  FROM r LEFT JOIN ops o ON o.iteration = r.iteration
  GROUP BY r.iteration, r.start_ns, r.end_ns),
kk AS (
  SELECT start_ns, end_ns, short_name FROM kernel
  WHERE :range = '' AND pid = :pid AND device_id = :device_id AND end_ns >= start_ns),
numbered AS (
  SELECT start_ns, end_ns,
         sum(short_name = :anchor) OVER (ORDER BY start_ns, end_ns
                                         ROWS UNBOUNDED PRECEDING) - 1 AS iteration
  FROM kk),
kp AS (
  SELECT iteration, NULL AS range_start_ns, NULL AS range_end_ns, min(start_ns) AS start_ns,
         max(end_ns) AS end_ns, count(*) AS kernels, sum(end_ns - start_ns) AS kernel_time_ns
  FROM numbered
  WHERE iteration >= 0
  GROUP BY iteration),
it AS (
  SELECT * FROM nv
  UNION ALL
  SELECT * FROM kp)
SELECT iteration, range_start_ns, range_end_ns, start_ns, end_ns, kernels, kernel_time_ns,
       lead(start_ns) OVER (ORDER BY iteration) - start_ns AS step_ns
FROM it
ORDER BY iteration;
