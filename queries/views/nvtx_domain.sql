-- id: nvtx_domain
-- version: 1
-- kind: view
-- summary: NVTX domain names per process (domain ids are only unique within a process)
-- source: NVTX_EVENTS(eventType, text, globalTid, domainId)
CREATE TEMP VIEW nvtx_domain AS
SELECT DISTINCT (e.globalTid >> 24) & 16777215 AS pid, e.domainId AS domain_id, e.text AS name
FROM _src_NVTX_EVENTS AS e
WHERE e.eventType = 75;
