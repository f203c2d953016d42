-- id: process
-- version: 1
-- kind: view
-- summary: processes nsys saw (PROCESSES lists every process on the system, not only profiled ones)
-- source: PROCESSES(globalPid, pid, name)
CREATE TEMP VIEW process AS
SELECT p.pid AS pid, p.globalPid AS global_pid, p.name AS name
FROM _src_PROCESSES AS p;
