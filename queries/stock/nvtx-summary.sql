-- id: nvtx-summary
-- version: 1
-- kind: query
-- summary: closed NVTX ranges per text: count and CPU-side duration statistics (not GPU projection)
-- requires: nvtx
SELECT text, kind, count(*) AS ranges, sum(dur_ns) AS total_ns,
       CAST(avg(dur_ns) AS INTEGER) AS mean_ns, min(dur_ns) AS min_ns, max(dur_ns) AS max_ns
FROM nvtx
WHERE kind IN ('push_pop', 'start_end') AND end_ns IS NOT NULL
GROUP BY text, kind
ORDER BY total_ns DESC;
