-- id: memcpy-summary
-- version: 1
-- kind: query
-- summary: memory copies per copy kind and memory kinds: count, bytes, time and achieved bandwidth
-- requires: memcpy
SELECT copy_kind_name, src_kind, dst_kind, count(*) AS copies, sum(bytes) AS bytes,
       sum(dur_ns) AS total_ns,
       CASE WHEN sum(dur_ns) > 0 THEN sum(bytes) * 1.0 / sum(dur_ns) END AS gb_per_s
FROM memcpy
GROUP BY copy_kind_name, src_kind, dst_kind
ORDER BY total_ns DESC;
