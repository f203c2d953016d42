#!/bin/sh
# gpu-multiproc.sh CARRY_DIR OUT_DIR: one capture of two CUDA processes at once (gemm and
# reduction started together by a shell) and one of two in sequence, with the CUPTI backend;
# each program's JSON line lands in profiler.stdout.log. See scripts/gpu-check.sh for CARRY_DIR.
set -u
. "$(dirname "$0")/gpu-env.sh"
gpu_env "$1" "$2" /tmp/nsysql-gpu-mp || exit 2
export NSYSQL_CUPTI_DEBUG=1
B="$C/bench"
A="--iterations 20 --warmup 2"
timeout 120 "$N" capture --backend cupti --duration-s 60 --out-dir "$W/concurrent" -- \
    sh -c "$B/gemm --variant patch $A & $B/reduction --variant baseline $A & wait" \
    > "$W/concurrent.capture.json" 2> "$W/concurrent.capture.err"
echo "concurrent rc=$?"
timeout 120 "$N" capture --backend cupti --duration-s 60 --out-dir "$W/sequential" -- \
    sh -c "$B/transfers --variant patch $A --mb 8; $B/launch_bound --variant baseline $A --kernels 100" \
    > "$W/sequential.capture.json" 2> "$W/sequential.capture.err"
echo "sequential rc=$?"
for d in concurrent sequential; do
    "$N" info "$W/$d" | head -c 600; echo
done
rm -rf "$W/lib" "$W"/*/cupti
tar czf "$OUT/gpu-multiproc.tar.gz" -C "$W" .
ls -la "$OUT"
