-- id: nvtx
-- version: 1
-- kind: view
-- summary: NVTX events with text from `text` or `textId`, pid/tid decoded and the event kind named; end_ns is NULL for marks and unclosed ranges
-- source: NVTX_EVENTS(start, end, eventType, rangeId, category, color, text, globalTid, endGlobalTid, textId, domainId)
CREATE TEMP VIEW nvtx AS
SELECT e."start" AS start_ns,
       e."end" AS end_ns,
       e."end" - e."start" AS dur_ns,
       (e.globalTid >> 24) & 16777215 AS pid,
       e.globalTid & 16777215 AS tid,
       e.globalTid AS global_tid,
       e.endGlobalTid AS end_global_tid,
       e.eventType AS event_type,
       CASE e.eventType WHEN 33 THEN 'category' WHEN 34 THEN 'mark' WHEN 59 THEN 'push_pop'
            WHEN 60 THEN 'start_end' WHEN 70 THEN 'push_pop' WHEN 71 THEN 'start_end'
            WHEN 39 THEN 'thread_name' WHEN 75 THEN 'domain_create' WHEN 76 THEN 'domain_destroy'
            ELSE 'other' END AS kind,
       COALESCE(e.text, (SELECT s.value FROM StringIds s WHERE s.id = e.textId)) AS text,
       e.domainId AS domain_id,
       e.rangeId AS range_id,
       e.category AS category,
       e.color AS color,
       e.text AS text_inline,
       e.textId AS text_id,
       e._row AS row_id
FROM _src_NVTX_EVENTS AS e;
