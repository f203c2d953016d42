-- id: cuda_device
-- version: 1
-- kind: view
-- summary: map from a process's CUDA ordinal to the physical GPU (TARGET_INFO_CUDA_DEVICE, nsys 2025 and later)
-- source: TARGET_INFO_CUDA_DEVICE(gpuId, cudaId, pid, uuid)
CREATE TEMP VIEW cuda_device AS
SELECT c.pid AS pid, c.cudaId AS device_id, c.gpuId AS gpu_id, c.uuid AS uuid
FROM _src_TARGET_INFO_CUDA_DEVICE AS c;
