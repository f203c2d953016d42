-- id: nvtx-ranges
-- version: 1
-- kind: query
-- summary: NVTX ranges per domain and name (closed, same thread, end >= start): count, CPU-side total/min/max and the GPU projection (ops launched inside each instance on its thread; busy = union per instance), the plain-SQL oracle of the nvtx command's names table
-- requires: nvtx, nvtx_domain, api, gpu_op
WITH r AS (
    SELECT row_id, start_ns, end_ns, global_tid, pid, text, domain_id
    FROM nvtx
    WHERE kind IN ('push_pop', 'start_end') AND start_ns IS NOT NULL AND end_ns IS NOT NULL
      AND end_ns >= start_ns AND (end_global_tid IS NULL OR end_global_tid = global_tid)
),
dom AS (SELECT pid, domain_id, min(name) AS name FROM nvtx_domain GROUP BY pid, domain_id),
rn AS (
    SELECT r.row_id, r.start_ns, r.end_ns, r.global_tid, COALESCE(r.text, '(unnamed)') AS name,
           COALESCE(d.name, CASE WHEN COALESCE(r.domain_id, 0) = 0 THEN 'default'
                                 ELSE 'domain ' || r.domain_id END) AS domain
    FROM r LEFT JOIN dom AS d ON d.pid = r.pid AND d.domain_id = r.domain_id
),
op AS (
    SELECT a.global_tid, a.start_ns AS api_start, g.start_ns AS gs, g.end_ns AS ge, g.kind
    FROM gpu_op AS g JOIN api AS a ON a.pid = g.pid AND a.correlation_id = g.correlation_id
    WHERE g.start_ns IS NOT NULL AND g.end_ns >= g.start_ns
),
ro AS (
    SELECT rn.row_id, op.gs, op.ge, op.kind,
           max(op.ge) OVER (PARTITION BY rn.row_id ORDER BY op.gs, op.ge
                            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_end
    FROM rn JOIN op ON op.global_tid = rn.global_tid
                   AND op.api_start BETWEEN rn.start_ns AND rn.end_ns
),
proj AS (
    SELECT row_id, count(*) AS ops, sum(kind = 'kernel') AS kernels,
           sum(CASE WHEN kind = 'kernel' THEN ge - gs ELSE 0 END) AS kernel_ns,
           max(ge) - min(gs) AS span_ns,
           sum(CASE WHEN prev_end IS NULL THEN ge - gs
                    WHEN ge > prev_end THEN ge - max(gs, prev_end) ELSE 0 END) AS busy_ns
    FROM ro GROUP BY row_id
)
SELECT rn.domain, rn.name, count(*) AS instances, sum(rn.end_ns - rn.start_ns) AS total_ns,
       min(rn.end_ns - rn.start_ns) AS min_ns, max(rn.end_ns - rn.start_ns) AS max_ns,
       count(DISTINCT rn.global_tid) AS threads,
       sum(COALESCE(p.ops, 0) > 0) AS instances_with_ops, COALESCE(sum(p.ops), 0) AS ops,
       COALESCE(sum(p.kernels), 0) AS kernels, COALESCE(sum(p.busy_ns), 0) AS busy_ns,
       COALESCE(sum(p.kernel_ns), 0) AS kernel_ns, COALESCE(sum(p.span_ns), 0) AS span_ns
FROM rn LEFT JOIN proj AS p ON p.row_id = rn.row_id
GROUP BY rn.domain, rn.name
ORDER BY total_ns DESC, rn.domain, rn.name;
