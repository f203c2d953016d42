-- id: api-summary
-- version: 1
-- kind: query
-- summary: CUDA runtime/driver API calls per function (version suffix folded): count and time statistics
-- requires: api
SELECT base_name AS name, api_kind, count(*) AS calls, sum(dur_ns) AS total_ns,
       CAST(avg(dur_ns) AS INTEGER) AS mean_ns, min(dur_ns) AS min_ns, max(dur_ns) AS max_ns
FROM api
GROUP BY base_name, api_kind
ORDER BY total_ns DESC;
