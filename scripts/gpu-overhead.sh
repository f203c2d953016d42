#!/bin/sh
# gpu-overhead.sh CARRY_DIR OUT_DIR: what the CUPTI capture costs a CPU-bound PyTorch step:
# bench/torch/model_step.py eager fp32 uncaptured, captured, and captured without the driver,
# synchronisation and overhead activity kinds (NSYSQL_CUPTI_OFF), interleaved twice.
set -u
. "$(dirname "$0")/gpu-env.sh"
gpu_env "$1" "$2" /tmp/nsysql-gpu-ovh || exit 2
M="python3 $C/model_step.py --steps 40"
for r in 1 2; do
    $M > "$W/plain-$r.json" 2>/dev/null
    for off in none driver sync overhead driver,sync,overhead; do
        NSYSQL_CUPTI_OFF=$off timeout 90 "$N" capture --backend cupti --duration-s 40 \
            --out-dir "$W/cap-$r-$off" -- $M > /dev/null 2>&1
        cp "$W/cap-$r-$off/profiler.stdout.log" "$W/cap-$r-$off.json"
        rm -rf "$W/cap-$r-$off"
    done
done
python3 - "$W" <<'PY'
import glob, json, os, statistics, sys
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    try:
        d = json.loads(open(f).readline())
        print(os.path.basename(f), round(statistics.median(d["step_ms"][d["warmup"]:]), 3))
    except Exception as e:
        print(os.path.basename(f), "failed", e)
PY
tar czf "$OUT/gpu-overhead.tar.gz" -C "$W" --exclude lib .
