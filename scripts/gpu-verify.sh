#!/bin/sh
# gpu-verify.sh CARRY_DIR OUT_DIR: `nsysql verify --backend cupti` on each bench/cuda program,
# baseline against patch (and baseline against itself for gemm), on a GPU machine. See
# scripts/gpu-check.sh for CARRY_DIR. Results: OUT_DIR/gpu-verify.tar.gz (verify.json, the diffs,
# the captures).
set -u
. "$(dirname "$0")/gpu-env.sh"
gpu_env "$1" "$2" /tmp/nsysql-gpu-verify || exit 2
B="$C/bench"
A="--iterations 20 --warmup 2"
v() { # name base-variant patch-variant program [extra args]
    n=$1 bv=$2 pv=$3 p=$4
    shift 4
    s=$(date +%s)
    # shellcheck disable=SC2086
    timeout 150 "$N" verify --backend cupti --duration-s 20 --max-repeat 6 -o "$W/$n" \
        -- "$B/$p" --variant "$bv" $A "$@" --patch -- "$B/$p" --variant "$pv" $A "$@" \
        > "$W/$n.json" 2> "$W/$n.err"
    echo "$n rc=$? $(($(date +%s) - s))s $(head -c 400 "$W/$n.json" | tr -d '\n' | cut -c1-300)"
}
v gemm baseline patch gemm
v reduction baseline patch reduction
v launch_bound baseline patch launch_bound --kernels 100
v transfers baseline patch transfers --mb 8
v gemm-aa baseline baseline gemm
rm -rf "$W/lib"
find "$W" -name cupti -type d -prune -exec rm -rf {} +
tar czf "$OUT/gpu-verify.tar.gz" -C "$W" .
ls -la "$OUT"
