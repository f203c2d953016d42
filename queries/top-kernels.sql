-- id: top-kernels
-- version: 1
-- kind: query
-- requires: kernel, gpu_op, cuda_device, device
-- params: start_ns:int=-9223372036854775808 window start (ns); an op counts when it overlaps [start_ns, end_ns), a zero-length one when start_ns <= t <= end_ns
-- params: end_ns:int=9223372036854775807 window end (ns)
-- params: by:text=short kernel name to group by: short, demangled, mangled, normalized (match-rules applied to the demangled name, else the short name)
-- params: per_device:int=0 1 = rank kernels per device, with that device's denominators
-- params: limit:int=20 rows kept per table (by total time); the rest are folded into one 'other' row (0 = keep all)
-- params: device:text= keep only this device (physical identity, as nsysql info names it); empty = all
-- params: pid:text= keep only this process id; empty = all
-- params: stream:text= keep only this stream id; empty = all
-- params: name:text= PCRE2 pattern the row name must match; empty = all
-- params: exclude:text= PCRE2 pattern the row name must not match; empty = none
-- summary: per-kernel time table (the plain-SQL oracle of nsysql top-kernels): count, total, mean, median, p90, min, max, variance, shares of kernel time and of GPU busy time, with the denominators
--
-- Output rows, told apart by row_kind:
--   'kernel'  one per (device when per_device, name), ranked by total_ns desc,
--             then name; rank NULL and other = 1 for the folded rest
--   'device'  one per device with GPU ops in the window: instances, names,
--             kernel_time_ns and gpu_busy_ns (the denominators)
--   'total'   one row: instances, distinct names, kernel time, GPU busy time,
--             bad kernel rows (whole table) and zero-length selected instances
-- Definitions (identical to the C fast path):
--   rows with NULL start/end or end < start are left out (nsysql warns);
--   durations are not clipped to the window: an instance that overlaps the
--   window counts with its whole duration;
--   mean = floor(total / n); median = floor((a + b) / 2) of the middle
--   values; p90 = the ceil(0.9 n)-th smallest (nearest rank);
--   var_ns2 = sample variance (the caller takes the square root);
--   gpu_busy_ns = length of the union of the (unclipped) kernel, memcpy and
--   memset intervals overlapping the window on the device, after
--   --device/--pid/--stream (not --name/--exclude); touching intervals merge.
WITH
idmode AS (
  SELECT (SELECT count(*) FROM cuda_device) AS n_map,
         (SELECT count(*) FROM device WHERE cuda_device IS NOT NULL) AS n_gpu
),
pairs AS (SELECT DISTINCT pid, device_id FROM gpu_op),
dm AS (
  SELECT p.pid, p.device_id,
         CASE WHEN m.n_map > 0 THEN coalesce((SELECT c.gpu_id FROM cuda_device c
                                             WHERE c.pid = p.pid AND c.device_id = p.device_id), p.device_id)
              WHEN m.n_gpu > 0 THEN coalesce((SELECT d.gpu_id FROM device d
                                             WHERE d.cuda_device = p.device_id LIMIT 1), p.device_id)
              ELSE p.device_id END AS gpu
  FROM pairs p, idmode m
),
ops AS (
  SELECT dm.gpu, o.start_ns, o.end_ns
  FROM gpu_op o JOIN dm ON dm.pid IS o.pid AND dm.device_id IS o.device_id
  WHERE o.end_ns >= o.start_ns
    AND ((o.end_ns > o.start_ns AND o.start_ns < :end_ns AND o.end_ns > :start_ns)
         OR (o.end_ns = o.start_ns AND o.start_ns >= :start_ns AND o.start_ns <= :end_ns))
    AND (nullif(:device, '') IS NULL OR dm.gpu = CAST(:device AS INTEGER))
    AND (nullif(:pid, '') IS NULL OR o.pid = CAST(:pid AS INTEGER))
    AND (nullif(:stream, '') IS NULL OR o.stream_id = CAST(:stream AS INTEGER))
),
k AS (
  SELECT dm.gpu, k.dur_ns AS dur,
         CASE :by WHEN 'demangled' THEN k.demangled_name
                  WHEN 'mangled' THEN k.mangled_name
                  WHEN 'normalized' THEN normalize_kernel_name(coalesce(k.demangled_name, k.short_name))
                  ELSE k.short_name END AS name
  FROM kernel k JOIN dm ON dm.pid IS k.pid AND dm.device_id IS k.device_id
  WHERE k.end_ns >= k.start_ns
    AND ((k.end_ns > k.start_ns AND k.start_ns < :end_ns AND k.end_ns > :start_ns)
         OR (k.end_ns = k.start_ns AND k.start_ns >= :start_ns AND k.start_ns <= :end_ns))
    AND (nullif(:device, '') IS NULL OR dm.gpu = CAST(:device AS INTEGER))
    AND (nullif(:pid, '') IS NULL OR k.pid = CAST(:pid AS INTEGER))
    AND (nullif(:stream, '') IS NULL OR k.stream_id = CAST(:stream AS INTEGER))
),
sel AS MATERIALIZED (
  SELECT gpu, dur, name FROM k
  WHERE (nullif(:name, '') IS NULL OR regexp(:name, coalesce(name, '')))
    AND (nullif(:exclude, '') IS NULL OR NOT regexp(:exclude, coalesce(name, '')))
),
keyed AS (
  SELECT CASE WHEN :per_device THEN gpu END AS dev, name, dur,
         row_number() OVER (PARTITION BY CASE WHEN :per_device THEN gpu END, name ORDER BY dur) AS rn,
         count(*) OVER (PARTITION BY CASE WHEN :per_device THEN gpu END, name) AS n,
         avg(dur) OVER (PARTITION BY CASE WHEN :per_device THEN gpu END, name) AS m
  FROM sel
),
grp AS (
  SELECT dev, name, count(*) AS instances, sum(dur) AS total_ns,
         sum(dur) / count(*) AS mean_ns,
         (min(CASE WHEN rn = (n + 1) / 2 THEN dur END) + min(CASE WHEN rn = n / 2 + 1 THEN dur END)) / 2 AS median_ns,
         min(CASE WHEN rn = (9 * n + 9) / 10 THEN dur END) AS p90_ns,
         min(dur) AS min_ns, max(dur) AS max_ns,
         CASE WHEN count(*) > 1 THEN sum((dur - m) * (dur - m)) / (count(*) - 1) END AS var_ns2
  FROM keyed GROUP BY dev, name
),
ranked AS (
  SELECT g.*, row_number() OVER (PARTITION BY dev ORDER BY total_ns DESC, name) AS rk FROM grp g
),
krows AS (
  SELECT dev, rk, name, 0 AS other, 1 AS names, instances, total_ns, mean_ns, median_ns, p90_ns,
         min_ns, max_ns, var_ns2
  FROM ranked WHERE :limit <= 0 OR rk <= :limit
  UNION ALL
  SELECT dev, NULL, NULL, 1, count(*), sum(instances), sum(total_ns), sum(total_ns) / sum(instances),
         NULL, NULL, min(min_ns), max(max_ns), NULL
  FROM ranked WHERE :limit > 0 AND rk > :limit GROUP BY dev
),
b1 AS (
  SELECT gpu, start_ns AS s, end_ns AS e,
         max(end_ns) OVER (PARTITION BY gpu ORDER BY start_ns, end_ns
                           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS pe
  FROM ops WHERE end_ns > start_ns
),
b2 AS (
  SELECT gpu, s, e,
         sum(CASE WHEN pe IS NULL OR s > pe THEN 1 ELSE 0 END)
           OVER (PARTITION BY gpu ORDER BY s, e ROWS UNBOUNDED PRECEDING) AS isl
  FROM b1
),
islands AS MATERIALIZED (SELECT gpu, isl, min(s) AS s, max(e) AS e FROM b2 GROUP BY gpu, isl),
devs AS MATERIALIZED (
  SELECT d.gpu,
         coalesce((SELECT sum(e - s) FROM islands i WHERE i.gpu = d.gpu), 0) AS busy_ns,
         (SELECT count(*) FROM sel WHERE sel.gpu = d.gpu) AS instances,
         (SELECT count(*) FROM (SELECT DISTINCT name FROM sel WHERE sel.gpu = d.gpu)) AS names,
         coalesce((SELECT sum(dur) FROM sel WHERE sel.gpu = d.gpu), 0) AS kernel_time_ns
  FROM (SELECT DISTINCT gpu FROM ops) d
),
denom AS (
  SELECT CASE WHEN :per_device THEN gpu END AS dev, sum(kernel_time_ns) AS kernel_time_ns,
         sum(busy_ns) AS busy_ns
  FROM devs GROUP BY 1
)
SELECT 'kernel' AS row_kind, r.dev AS device, r.rk AS rank, r.name, r.other, r.names, r.instances,
       r.total_ns, r.mean_ns, r.median_ns, r.p90_ns, r.min_ns, r.max_ns, r.var_ns2,
       100.0 * r.total_ns / d.kernel_time_ns AS pct_of_kernel_time,
       100.0 * r.total_ns / d.busy_ns AS pct_of_gpu_busy,
       d.kernel_time_ns, d.busy_ns AS gpu_busy_ns, NULL AS bad_rows, NULL AS zero_length
FROM krows r LEFT JOIN denom d ON d.dev IS r.dev
UNION ALL
SELECT 'device', gpu, NULL, NULL, NULL, names, instances, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, kernel_time_ns, busy_ns, NULL, NULL
FROM devs
UNION ALL
SELECT 'total', NULL, NULL, NULL, NULL,
       (SELECT count(*) FROM (SELECT DISTINCT name FROM sel)), (SELECT count(*) FROM sel),
       NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       (SELECT coalesce(sum(dur), 0) FROM sel), (SELECT coalesce(sum(busy_ns), 0) FROM devs),
       (SELECT count(*) FROM kernel WHERE start_ns IS NULL OR end_ns IS NULL OR end_ns < start_ns),
       (SELECT count(*) FROM sel WHERE dur = 0)
ORDER BY 1 DESC, 2, 5, 3;
