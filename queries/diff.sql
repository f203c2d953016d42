-- id: diff
-- version: 1
-- kind: query
-- requires: kernel
-- params: start_ns:int=-9223372036854775808 window start in ns (default no bound, as --window all)
-- params: end_ns:int=9223372036854775807 window end in ns (default no bound)
-- params: by:text=short kernel name, short, demangled or mangled (diff falls back to the next name when one is NULL)
-- summary: one side of a diff in plain SQL: per kernel name in one export and window, instances, total, mean, median, min and max of the durations (the oracle of diff's single-pass C aggregation)
--
-- A kernel belongs to the window when it overlaps [start_ns, end_ns); a
-- zero-length kernel when its instant lies in [start_ns, end_ns]. Rows with
-- end < start or no time are left out (diff counts them as bad rows).
-- Statistics follow top-kernels (stats.h): integer mean floor(total / n);
-- median the middle value, or the floor of the mean of the two middle values.
-- With several captures per side, diff pools the instances and averages the
-- totals.
WITH k AS (
  SELECT dur_ns,
         CASE :by WHEN 'short' THEN short_name_id
                  WHEN 'mangled' THEN COALESCE(mangled_name_id, demangled_name_id, short_name_id)
                  ELSE COALESCE(demangled_name_id, short_name_id) END AS nid
  FROM kernel
  WHERE start_ns IS NOT NULL AND end_ns IS NOT NULL
    AND ((end_ns > start_ns AND start_ns < :end_ns AND end_ns > :start_ns)
      OR (end_ns = start_ns AND start_ns >= :start_ns AND start_ns <= :end_ns))
),
named AS (
  SELECT dur_ns,
         CASE WHEN nid IS NULL THEN '(unnamed)'
              ELSE COALESCE((SELECT s.value FROM StringIds AS s WHERE s.id = nid),
                            '(unknown name id ' || nid || ')') END AS name
  FROM k
),
ranked AS (
  SELECT name, dur_ns,
         ROW_NUMBER() OVER (PARTITION BY name ORDER BY dur_ns) AS rn,
         COUNT(*) OVER (PARTITION BY name) AS cnt
  FROM named
)
SELECT name,
       count(*) AS instances,
       sum(dur_ns) AS total_ns,
       sum(dur_ns) / count(*) AS mean_ns,
       (min(CASE WHEN rn = (cnt + 1) / 2 THEN dur_ns END)
        + max(CASE WHEN rn = (cnt + 2) / 2 THEN dur_ns END)) / 2 AS median_ns,
       min(dur_ns) AS min_ns,
       max(dur_ns) AS max_ns
FROM ranked
GROUP BY name
ORDER BY total_ns DESC, name;
