#!/bin/sh
# gpu-torch-amp.sh CARRY_DIR OUT_DIR: bench/torch/model_step.py eager, fp32 against bf16
# autocast, three captures each interleaved (A B B A A B) with the CUPTI backend, then three
# uncaptured runs of each (the capture's own cost) and one --reference run each. See
# scripts/gpu-check.sh for CARRY_DIR. Results: OUT_DIR/gpu-torch-amp.tar.gz.
set -u
. "$(dirname "$0")/gpu-env.sh"
gpu_env "$1" "$2" /tmp/nsysql-gpu-amp || exit 2
i=0
for v in fp32 bf16 bf16 fp32 fp32 bf16; do
    i=$((i + 1))
    timeout 120 "$N" capture --backend cupti --duration-s 60 --out-dir "$W/amp-$i-$v" -- \
        python3 "$C/model_step.py" --dtype $v > "$W/amp-$i-$v.capture.json" 2> "$W/amp-$i-$v.capture.err"
    echo "amp-$i-$v rc=$? $(head -c 200 "$W/amp-$i-$v/profiler.stdout.log")"
done
for r in 1 2 3; do
    for v in fp32 bf16; do
        python3 "$C/model_step.py" --dtype $v > "$W/uncaptured-$r-$v.json" 2>/dev/null
        echo "uncaptured $r $v $(head -c 120 "$W/uncaptured-$r-$v.json")"
    done
done
for v in fp32 bf16; do
    python3 "$C/model_step.py" --dtype $v --reference > "$W/reference-$v.json" 2>/dev/null
done
rm -rf "$W/lib" "$W"/*/cupti
tar czf "$OUT/gpu-torch-amp.tar.gz" -C "$W" .
ls -la "$OUT"
