#!/bin/sh
# gpu-multiproc.sh CARRY_DIR OUT_DIR: one capture of two CUDA processes at once (gemm and
# reduction started together by a shell) and one of two in sequence, with the CUPTI backend;
# each program's JSON line lands in profiler.stdout.log. See scripts/gpu-check.sh for CARRY_DIR.
set -u
C=$(cd "$1" && pwd) || exit 2
OUT=$2
W=/tmp/nsysql-gpu-mp
rm -rf "$W" && mkdir -p "$W/lib" "$OUT" || exit 2
for f in "$C"/lib/*; do
    b=$(basename "$f")
    case $b in libcupti*) cp "$f" "$W/lib/" ;; *) ldconfig -p | grep -q "$b" || cp "$f" "$W/lib/" ;; esac
done
export LD_LIBRARY_PATH="$W/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export NSYSQL_INJECT_LIB="$C/libnsysql_inject.so" NSYSQL_CUPTI_DEBUG=1
B="$C/bench"
A="--iterations 20 --warmup 2"
timeout 120 "$C/nsysql" capture --backend cupti --duration-s 60 --out-dir "$W/concurrent" -- \
    sh -c "$B/gemm --variant patch $A & $B/reduction --variant baseline $A & wait" \
    > "$W/concurrent.capture.json" 2> "$W/concurrent.capture.err"
echo "concurrent rc=$?"
timeout 120 "$C/nsysql" capture --backend cupti --duration-s 60 --out-dir "$W/sequential" -- \
    sh -c "$B/transfers --variant patch $A --mb 8; $B/launch_bound --variant baseline $A --kernels 100" \
    > "$W/sequential.capture.json" 2> "$W/sequential.capture.err"
echo "sequential rc=$?"
for d in concurrent sequential; do
    "$C/nsysql" info "$W/$d" | head -c 600; echo
done
rm -rf "$W/lib" "$W"/*/cupti
tar czf "$OUT/gpu-multiproc.tar.gz" -C "$W" .
ls -la "$OUT"
