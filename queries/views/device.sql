-- id: device
-- version: 2
-- kind: view
-- summary: GPUs on the target (TARGET_INFO_GPU); gpu_id is nsys's id, not the CUDA ordinal a kernel's device_id holds
-- source: TARGET_INFO_GPU(id, name, busLocation, uuid, cuDevice, smCount, totalMemory, clockRate, memoryBandwidth, l2CacheSize, computeMajor, computeMinor, chipName)
-- fallback: TARGET_INFO_CUDA_GPU(deviceId, name, numMultiprocessors, computeCapabilityMajor, computeCapabilityMinor)
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
FROM _src_TARGET_INFO_GPU AS g
UNION ALL
-- exports before 2021.3: TARGET_INFO_CUDA_GPU, keyed by the CUDA ordinal that
-- kernels carry in deviceId (nsys's own reports joined them USING(deviceId));
-- its clock and memory columns are left out (their units are not documented)
SELECT o.deviceId, o.name, NULL, NULL, o.deviceId, o.numMultiprocessors, NULL, NULL, NULL, NULL,
       o.computeCapabilityMajor, o.computeCapabilityMinor, NULL
FROM _src_TARGET_INFO_CUDA_GPU AS o
WHERE NOT EXISTS (SELECT 1 FROM _src_TARGET_INFO_GPU);
