-- id: thread
-- version: 1
-- kind: view
-- summary: named threads (ThreadNames), pid and tid decoded from globalTid
-- source: ThreadNames(nameId, priority, globalTid)
CREATE TEMP VIEW thread AS
SELECT (t.globalTid >> 24) & 16777215 AS pid,
       t.globalTid & 16777215 AS tid,
       t.globalTid AS global_tid,
       (SELECT s.value FROM StringIds s WHERE s.id = t.nameId) AS name,
       t.priority AS priority
FROM _src_ThreadNames AS t;
