-- id: device
-- version: 1
-- kind: view
-- summary: GPUs on the target (TARGET_INFO_GPU); gpu_id is nsys's id, not the CUDA ordinal a kernel's device_id holds
-- source: TARGET_INFO_GPU(id, name, busLocation, uuid, cuDevice, smCount, totalMemory, clockRate, memoryBandwidth, l2CacheSize, computeMajor, computeMinor, chipName)
CREATE TEMP VIEW device AS
SELECT g.id AS gpu_id,
       g.name AS name,
       g.busLocation AS bus_location,
       g.uuid AS uuid,
       g.cuDevice AS cuda_device,
       g.smCount AS sm_count,
       g.totalMemory AS total_memory_bytes,
       g.clockRate AS clock_rate_hz,
       g.memoryBandwidth AS memory_bandwidth_bytes_per_s,
       g.l2CacheSize AS l2_cache_bytes,
       g.computeMajor AS compute_major,
       g.computeMinor AS compute_minor,
       g.chipName AS chip_name
FROM _src_TARGET_INFO_GPU AS g;
