#!/bin/sh
# gpu-nonvtx.sh: each bench/cuda program captured without NVTX (`--trace cuda`: no ranges,
# so diff's steady-state detection has only the kernels' own sequence to go by), baseline and
# patch alternating twice (baseline 1, patch 1, baseline 2, patch 2), for diff on captures
# without iterations marked: baseline -> patch must read as with NVTX, and two captures of one
# variant must not read changed.
#
# Usage: scripts/gpu-nonvtx.sh CARRY_DIR OUT_DIR [BUDGET_S]
#   CARRY_DIR from scripts/gpu-carry.sh. Captures stop starting once BUDGET_S (default 240)
#   seconds have passed: OUT_DIR/gpu-nonvtx.tar.gz.
set -u
. "$(dirname "$0")/gpu-env.sh"
gpu_env "$1" "$2" /tmp/nsysql-gpu-nonvtx nonvtx || exit 2
gpu_budget "${3:-240}"
export NSYSQL_CUPTI_DEBUG=1
gpu_machine "$W/machine.txt"

cap() { # name timeout-s need-s command...
    n=$1 t=$2 need=$3
    shift 3
    gpu_cap "$W/nonvtx/$n" "$t" "$need" "--trace cuda" "$@"
}

for i in 1 2; do
    for p in gemm launch_bound transfers reduction managed; do
        case $p in
        gemm) a="--n 1024" ;; launch_bound) a="--kernels 200" ;; transfers) a="--mb 16" ;;
        reduction) a="" ;; managed) a="--mb 64" ;;
        esac
        for v in baseline patch; do
            # shellcheck disable=SC2086
            cap "$p-$i-$v" 60 20 "$C/bench/$p" --variant "$v" --iterations 30 --warmup 3 $a
        done
    done
done
tar czf "$OUT/gpu-nonvtx.tar.gz" -C "$W" machine.txt nonvtx
ls -la "$OUT"
echo "total $(($(date +%s) - T0))s"
