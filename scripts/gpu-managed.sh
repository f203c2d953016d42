#!/bin/sh
# gpu-managed.sh: bench/cuda/managed (unified memory, the page-fault stall) captured three
# times per variant, interleaved (baseline 1, patch 1, baseline 2, ...) so that drift over
# the run does not favour one side: baseline's scale_managed page-faults the managed buffer
# over, patch prefetches it first (cudaMemPrefetchAsync), so diff should call scale_managed
# improved, and any two captures of the same variant unchanged.
#
# Usage: scripts/gpu-managed.sh CARRY_DIR OUT_DIR [BUDGET_S]
#   CARRY_DIR from scripts/gpu-carry.sh. Captures stop starting once BUDGET_S (default 240)
#   seconds have passed: OUT_DIR/gpu-managed.tar.gz.
set -u
. "$(dirname "$0")/gpu-env.sh"
gpu_env "$1" "$2" /tmp/nsysql-gpu-managed managed || exit 2
gpu_budget "${3:-240}"
export NSYSQL_CUPTI_DEBUG=1
gpu_machine "$W/machine.txt"

cap() { # name timeout-s need-s command...
    n=$1 t=$2 need=$3
    shift 3
    gpu_cap "$W/managed/$n" "$t" "$need" "" "$@"
}

for i in 1 2 3; do
    for v in baseline patch; do
        cap "managed-$v-$i" 60 30 "$C/bench/managed" --variant "$v" --mb 64 --iterations 30 --warmup 3
    done
done
tar czf "$OUT/gpu-managed.tar.gz" -C "$W" machine.txt managed
ls -la "$OUT"
echo "total $(($(date +%s) - T0))s"
