-- id: idle-gaps
-- version: 1
-- kind: query
-- requires: gpu_op, api, overhead, cuda_device, device
-- params: start_ns:int=-9223372036854775808 window start (ns); ops overlapping [start_ns, end_ns) count, clipped to it
-- params: end_ns:int=9223372036854775807 window end (ns)
-- params: min_gap:int=0 gaps longer than this (ns) are counted, histogrammed and listed
-- params: limit:int=10 listed gaps per device, longest first (0 = all)
-- params: per_stream:int=0 1 = add the per-stream rows
-- params: device:text= keep only this device (physical identity, as nsysql info names it); empty = all
-- params: pid:text= keep only this process id; empty = all
-- params: stream:text= keep only this stream id; empty = all
-- params: name:text= PCRE2 pattern the op name (gpu_op.name) must match; empty = all
-- params: exclude:text= PCRE2 pattern the op name must not match; empty = none
-- summary: GPU idle time per device (the plain-SQL oracle of nsysql idle-gaps): union of GPU work, profiler overhead apart, gaps, histogram, longest gaps with the ops around them and their cause
--
-- Output rows, told apart by row_kind (unused columns are NULL):
--   'context' (device, pid, device_id): the processes' CUDA ordinals on each device
--   'device'  busy/overhead/idle/leading/trailing, gap counts and histogram
--   'gap'     the longest gaps per device (rank), the ops before and after
--             (b_*, a_*), the launch call (l_*) and sync call (s_*) evidence
--             and the cause
--   'stream'  with per_stream = 1: the same figures per (device, pid, stream)
-- Definitions are those of include/nsysql/analysis/gaps.h (identical to the C fast path).
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
ops AS MATERIALIZED (
  SELECT o.kind, CASE o.kind WHEN 'kernel' THEN 0 WHEN 'memcpy' THEN 1 ELSE 2 END AS kr,
         o.start_ns, o.end_ns, o.pid, o.global_pid, o.device_id, o.stream_id, o.correlation_id,
         o.name, dm.gpu
  FROM gpu_op o JOIN dm ON dm.pid IS o.pid AND dm.device_id IS o.device_id
  WHERE o.end_ns >= o.start_ns
    AND (nullif(:device, '') IS NULL OR dm.gpu = CAST(:device AS INTEGER))
    AND (nullif(:pid, '') IS NULL OR o.pid = CAST(:pid AS INTEGER))
    AND (nullif(:stream, '') IS NULL OR o.stream_id = CAST(:stream AS INTEGER))
),
win AS MATERIALIZED (
  SELECT ops.*, max(start_ns, :start_ns) AS cs, min(end_ns, :end_ns) AS ce FROM ops
  WHERE end_ns > start_ns AND start_ns < :end_ns AND end_ns > :start_ns
    AND (nullif(:name, '') IS NULL OR regexp(:name, coalesce(name, '')))
    AND (nullif(:exclude, '') IS NULL OR NOT regexp(:exclude, coalesce(name, '')))
),
-- busy: islands of the clipped ops per device
w1 AS (
  SELECT gpu, cs, ce, max(ce) OVER (PARTITION BY gpu ORDER BY cs, ce
                                    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS pe
  FROM win
),
w2 AS (
  SELECT gpu, cs, ce, sum(CASE WHEN pe IS NULL OR cs > pe THEN 1 ELSE 0 END)
                        OVER (PARTITION BY gpu ORDER BY cs, ce ROWS UNBOUNDED PRECEDING) AS isl
  FROM w1
),
isl AS MATERIALIZED (SELECT gpu, min(cs) AS s, max(ce) AS e FROM w2 GROUP BY gpu, isl),
ext AS MATERIALIZED (
  SELECT gpu, min(s) AS first_ns, max(e) AS last_ns, sum(e - s) AS busy_ns FROM isl GROUP BY gpu
),
-- covered: busy plus the overhead of the device's processes between first and last
ov AS (
  SELECT x.gpu, max(o.start_ns, x.first_ns) AS s, min(o.end_ns, x.last_ns) AS e
  FROM overhead o JOIN (SELECT DISTINCT pid, gpu FROM ops) p ON p.pid = o.pid
       JOIN ext x ON x.gpu = p.gpu
  WHERE o.end_ns > o.start_ns AND o.start_ns < x.last_ns AND o.end_ns > x.first_ns
),
cov AS (SELECT gpu, s, e FROM isl UNION ALL SELECT gpu, s, e FROM ov),
c1 AS (
  SELECT gpu, s, e, max(e) OVER (PARTITION BY gpu ORDER BY s, e
                                 ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS pe
  FROM cov
),
c2 AS (
  SELECT gpu, s, e, sum(CASE WHEN pe IS NULL OR s > pe THEN 1 ELSE 0 END)
                      OVER (PARTITION BY gpu ORDER BY s, e ROWS UNBOUNDED PRECEDING) AS isl
  FROM c1
),
cisl AS MATERIALIZED (SELECT gpu, min(s) AS s, max(e) AS e FROM c2 GROUP BY gpu, isl),
holes AS MATERIALIZED (
  SELECT gpu, gs, ge, ge - gs AS len
  FROM (SELECT gpu, e AS gs, lead(s) OVER (PARTITION BY gpu ORDER BY s) AS ge FROM cisl)
  WHERE ge IS NOT NULL
),
hstat AS (
  SELECT gpu, sum(len) AS idle_ns,
         sum(len > :min_gap) AS gaps, sum(CASE WHEN len > :min_gap THEN len ELSE 0 END) AS gaps_ns,
         sum(len <= :min_gap) AS small_gaps,
         sum(CASE WHEN len <= :min_gap THEN len ELSE 0 END) AS small_gaps_ns,
         max(CASE WHEN len > :min_gap THEN len END) AS longest_gap_ns,
         sum(len > :min_gap AND len < 10000) AS h0_n,
         sum(CASE WHEN len > :min_gap AND len < 10000 THEN len ELSE 0 END) AS h0_ns,
         sum(len > :min_gap AND len >= 10000 AND len < 100000) AS h1_n,
         sum(CASE WHEN len > :min_gap AND len >= 10000 AND len < 100000 THEN len ELSE 0 END) AS h1_ns,
         sum(len > :min_gap AND len >= 100000 AND len < 1000000) AS h2_n,
         sum(CASE WHEN len > :min_gap AND len >= 100000 AND len < 1000000 THEN len ELSE 0 END) AS h2_ns,
         sum(len > :min_gap AND len >= 1000000 AND len < 10000000) AS h3_n,
         sum(CASE WHEN len > :min_gap AND len >= 1000000 AND len < 10000000 THEN len ELSE 0 END) AS h3_ns,
         sum(len > :min_gap AND len >= 10000000) AS h4_n,
         sum(CASE WHEN len > :min_gap AND len >= 10000000 THEN len ELSE 0 END) AS h4_ns
  FROM holes GROUP BY gpu
),
devs AS (SELECT DISTINCT gpu FROM ops),
dstat AS (
  SELECT d.gpu, (SELECT count(*) FROM win WHERE win.gpu = d.gpu) AS ops,
         x.first_ns, x.last_ns, coalesce(x.busy_ns, 0) AS busy_ns,
         coalesce((SELECT sum(e - s) FROM cisl c WHERE c.gpu = d.gpu), 0) - coalesce(x.busy_ns, 0) AS overhead_ns,
         coalesce(h.idle_ns, 0) AS idle_ns,
         coalesce(x.first_ns - :start_ns, :end_ns - :start_ns) AS leading_ns,
         coalesce(:end_ns - x.last_ns, 0) AS trailing_ns,
         coalesce(h.gaps, 0) AS gaps, coalesce(h.gaps_ns, 0) AS gaps_ns,
         coalesce(h.small_gaps, 0) AS small_gaps, coalesce(h.small_gaps_ns, 0) AS small_gaps_ns,
         coalesce(h.longest_gap_ns, 0) AS longest_gap_ns,
         coalesce(h0_n, 0) AS h0_n, coalesce(h0_ns, 0) AS h0_ns, coalesce(h1_n, 0) AS h1_n,
         coalesce(h1_ns, 0) AS h1_ns, coalesce(h2_n, 0) AS h2_n, coalesce(h2_ns, 0) AS h2_ns,
         coalesce(h3_n, 0) AS h3_n, coalesce(h3_ns, 0) AS h3_ns, coalesce(h4_n, 0) AS h4_n,
         coalesce(h4_ns, 0) AS h4_ns
  FROM devs d LEFT JOIN ext x ON x.gpu = d.gpu LEFT JOIN hstat h ON h.gpu = d.gpu
),
-- the listed gaps and their neighbours
top AS MATERIALIZED (
  SELECT * FROM (SELECT gpu, gs, ge, len,
                        row_number() OVER (PARTITION BY gpu ORDER BY len DESC, gs) AS rk
                 FROM holes WHERE len > :min_gap)
  WHERE :limit <= 0 OR rk <= :limit
),
bef AS MATERIALIZED (
  SELECT * FROM (
    SELECT t.gpu, t.gs, o.kind, o.name, o.stream_id, o.pid, o.correlation_id, o.start_ns, o.end_ns,
           row_number() OVER (PARTITION BY t.gpu, t.gs
                              ORDER BY o.ce DESC, o.start_ns, o.kr, o.stream_id, o.correlation_id) AS r
    FROM top t JOIN win o ON o.gpu = t.gpu AND o.ce <= t.gs)
  WHERE r = 1
),
aft AS MATERIALIZED (
  SELECT * FROM (
    SELECT t.gpu, t.gs, t.ge, o.kind, o.name, o.stream_id, o.pid, o.global_pid, o.correlation_id,
           o.start_ns, o.end_ns,
           row_number() OVER (PARTITION BY t.gpu, t.gs
                              ORDER BY o.cs, o.kr, o.stream_id, o.correlation_id) AS r
    FROM top t JOIN win o ON o.gpu = t.gpu AND o.cs >= t.ge)
  WHERE r = 1
),
lau AS MATERIALIZED (
  SELECT * FROM (
    SELECT a.gpu, a.gs, x.name, x.start_ns, x.end_ns, x.tid,
           row_number() OVER (PARTITION BY a.gpu, a.gs ORDER BY x.start_ns, x.end_ns DESC, x.tid) AS r
    FROM aft a JOIN api x ON x.correlation_id = a.correlation_id AND x.global_pid = a.global_pid)
  WHERE r = 1
),
syn AS MATERIALIZED (
  SELECT * FROM (
    SELECT a.gpu, a.gs, y.name, y.start_ns, y.end_ns, y.tid,
           min(y.end_ns, a.ge) - max(y.start_ns, a.gs) AS ov,
           row_number() OVER (PARTITION BY a.gpu, a.gs
                              ORDER BY min(y.end_ns, a.ge) - max(y.start_ns, a.gs) DESC, y.start_ns, y.tid) AS r
    FROM aft a JOIN api y ON y.global_pid = a.global_pid AND y.start_ns < a.ge AND y.end_ns > a.gs
    WHERE regexp('^cu(da)?(Device|Stream|Event|Ctx|Thread)Synchronize', y.name))
  WHERE r = 1
),
-- the per-stream view
s1 AS (
  SELECT gpu, pid, stream_id, cs, ce,
         max(ce) OVER (PARTITION BY gpu, pid, stream_id ORDER BY cs, ce
                       ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS pe
  FROM win WHERE :per_stream
),
s2 AS (
  SELECT gpu, pid, stream_id, cs, ce,
         sum(CASE WHEN pe IS NULL OR cs > pe THEN 1 ELSE 0 END)
           OVER (PARTITION BY gpu, pid, stream_id ORDER BY cs, ce ROWS UNBOUNDED PRECEDING) AS isl
  FROM s1
),
sisl AS MATERIALIZED (
  SELECT gpu, pid, stream_id, min(cs) AS s, max(ce) AS e FROM s2 GROUP BY gpu, pid, stream_id, isl
),
sholes AS (
  SELECT gpu, pid, stream_id, ge - gs AS len
  FROM (SELECT gpu, pid, stream_id, e AS gs,
               lead(s) OVER (PARTITION BY gpu, pid, stream_id ORDER BY s) AS ge FROM sisl)
  WHERE ge IS NOT NULL
),
sstat AS (
  SELECT i.gpu, i.pid, i.stream_id,
         (SELECT count(*) FROM win w WHERE w.gpu = i.gpu AND w.pid = i.pid AND w.stream_id IS i.stream_id) AS ops,
         min(i.s) AS first_ns, max(i.e) AS last_ns, sum(i.e - i.s) AS busy_ns,
         h.idle_ns, h.gaps, h.gaps_ns, h.small_gaps, h.small_gaps_ns, h.longest_gap_ns,
         h.h0_n, h.h0_ns, h.h1_n, h.h1_ns, h.h2_n, h.h2_ns, h.h3_n, h.h3_ns, h.h4_n, h.h4_ns
  FROM sisl i LEFT JOIN (
    SELECT gpu, pid, stream_id, sum(len) AS idle_ns,
           sum(len > :min_gap) AS gaps, sum(CASE WHEN len > :min_gap THEN len ELSE 0 END) AS gaps_ns,
           sum(len <= :min_gap) AS small_gaps,
           sum(CASE WHEN len <= :min_gap THEN len ELSE 0 END) AS small_gaps_ns,
           max(CASE WHEN len > :min_gap THEN len END) AS longest_gap_ns,
           sum(len > :min_gap AND len < 10000) AS h0_n,
           sum(CASE WHEN len > :min_gap AND len < 10000 THEN len ELSE 0 END) AS h0_ns,
           sum(len > :min_gap AND len >= 10000 AND len < 100000) AS h1_n,
           sum(CASE WHEN len > :min_gap AND len >= 10000 AND len < 100000 THEN len ELSE 0 END) AS h1_ns,
           sum(len > :min_gap AND len >= 100000 AND len < 1000000) AS h2_n,
           sum(CASE WHEN len > :min_gap AND len >= 100000 AND len < 1000000 THEN len ELSE 0 END) AS h2_ns,
           sum(len > :min_gap AND len >= 1000000 AND len < 10000000) AS h3_n,
           sum(CASE WHEN len > :min_gap AND len >= 1000000 AND len < 10000000 THEN len ELSE 0 END) AS h3_ns,
           sum(len > :min_gap AND len >= 10000000) AS h4_n,
           sum(CASE WHEN len > :min_gap AND len >= 10000000 THEN len ELSE 0 END) AS h4_ns
    FROM sholes GROUP BY gpu, pid, stream_id) h
    ON h.gpu = i.gpu AND h.pid = i.pid AND h.stream_id IS i.stream_id
  GROUP BY i.gpu, i.pid, i.stream_id
)
SELECT 'context' AS row_kind, gpu AS device, pid, device_id, NULL AS stream_id, NULL AS rank,
       NULL AS ops, NULL AS first_ns, NULL AS last_ns, NULL AS busy_ns, NULL AS overhead_ns,
       NULL AS idle_ns, NULL AS leading_ns, NULL AS trailing_ns, NULL AS gaps, NULL AS gaps_ns,
       NULL AS small_gaps, NULL AS small_gaps_ns, NULL AS longest_gap_ns,
       NULL AS h0_n, NULL AS h0_ns, NULL AS h1_n, NULL AS h1_ns, NULL AS h2_n, NULL AS h2_ns,
       NULL AS h3_n, NULL AS h3_ns, NULL AS h4_n, NULL AS h4_ns,
       NULL AS gap_start_ns, NULL AS gap_end_ns,
       NULL AS b_kind, NULL AS b_name, NULL AS b_stream, NULL AS b_pid, NULL AS b_corr,
       NULL AS b_start, NULL AS b_end,
       NULL AS a_kind, NULL AS a_name, NULL AS a_stream, NULL AS a_pid, NULL AS a_corr,
       NULL AS a_start, NULL AS a_end,
       NULL AS l_name, NULL AS l_start, NULL AS l_end, NULL AS l_tid,
       NULL AS s_name, NULL AS s_start, NULL AS s_end, NULL AS s_tid, NULL AS s_overlap,
       NULL AS cause
FROM (SELECT DISTINCT gpu, pid, device_id FROM ops)
UNION ALL
SELECT 'device', gpu, NULL, NULL, NULL, NULL, ops, first_ns, last_ns, busy_ns, overhead_ns,
       idle_ns, leading_ns, trailing_ns, gaps, gaps_ns, small_gaps, small_gaps_ns, longest_gap_ns,
       h0_n, h0_ns, h1_n, h1_ns, h2_n, h2_ns, h3_n, h3_ns, h4_n, h4_ns,
       NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
FROM dstat
UNION ALL
SELECT 'gap', t.gpu, NULL, NULL, NULL, t.rk, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       t.gs, t.ge,
       b.kind, b.name, b.stream_id, b.pid, b.correlation_id, b.start_ns, b.end_ns,
       a.kind, a.name, a.stream_id, a.pid, a.correlation_id, a.start_ns, a.end_ns,
       l.name, l.start_ns, l.end_ns, l.tid,
       s.name, s.start_ns, s.end_ns, s.tid, s.ov,
       CASE WHEN l.start_ns IS NULL THEN 'unknown'
            WHEN l.end_ns <= t.gs THEN 'dependency'
            WHEN s.ov IS NOT NULL AND 2 * s.ov >= t.len THEN 'sync'
            ELSE 'host_launch' END
FROM top t LEFT JOIN bef b ON b.gpu = t.gpu AND b.gs = t.gs
     LEFT JOIN aft a ON a.gpu = t.gpu AND a.gs = t.gs
     LEFT JOIN lau l ON l.gpu = t.gpu AND l.gs = t.gs
     LEFT JOIN syn s ON s.gpu = t.gpu AND s.gs = t.gs
UNION ALL
SELECT 'stream', gpu, pid, NULL, stream_id, NULL, ops, first_ns, last_ns, busy_ns, NULL,
       coalesce(idle_ns, 0), NULL, NULL, coalesce(gaps, 0), coalesce(gaps_ns, 0),
       coalesce(small_gaps, 0), coalesce(small_gaps_ns, 0), coalesce(longest_gap_ns, 0),
       coalesce(h0_n, 0), coalesce(h0_ns, 0), coalesce(h1_n, 0), coalesce(h1_ns, 0),
       coalesce(h2_n, 0), coalesce(h2_ns, 0), coalesce(h3_n, 0), coalesce(h3_ns, 0),
       coalesce(h4_n, 0), coalesce(h4_ns, 0),
       NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
FROM sstat
ORDER BY 1, 2, 3, 4, 5, 6;
