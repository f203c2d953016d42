-- id: kernel-launch
-- version: 1
-- kind: query
-- summary: each kernel with the API call that launched it (correlation id within the same process) and its queue delay
-- requires: kernel, api
-- params: name_regex:text=. only kernels whose short name matches this PCRE2 pattern
SELECT k.start_ns, k.dur_ns, k.pid, k.device_id, k.stream_id, k.short_name,
       a.name AS api_name, a.tid AS api_tid, a.start_ns AS api_start_ns, a.dur_ns AS api_dur_ns,
       max(k.start_ns - a.end_ns, 0) AS queue_delay_ns
FROM kernel k
LEFT JOIN api a ON a.correlation_id = k.correlation_id AND a.global_pid = k.global_pid
WHERE k.short_name REGEXP :name_regex
ORDER BY k.start_ns;
