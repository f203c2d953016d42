#!/bin/sh
# gpu-repeats.sh: the same program captured again and again (A/A), for diff's
# capture-to-capture noise: each bench/cuda program's baseline five times at the sizes of
# tests/data/gpu, then the PyTorch step (bench/torch/model_step.py, eager) three times.
# Any pair of these is the same run repeated: diff must never call it changed.
#
# Usage: scripts/gpu-repeats.sh CARRY_DIR OUT_DIR [BUDGET_S]
#   CARRY_DIR from scripts/gpu-carry.sh. Captures stop starting once BUDGET_S (default 300)
#   seconds have passed: OUT_DIR/gpu-repeats.tar.gz.
set -u
. "$(dirname "$0")/gpu-env.sh"
gpu_env "$1" "$2" /tmp/nsysql-gpu-repeats repeats || exit 2
gpu_budget "${3:-300}"
export NSYSQL_CUPTI_DEBUG=1
gpu_machine "$W/machine.txt"

cap() { # name timeout-s need-s command...
    n=$1 t=$2 need=$3
    shift 3
    gpu_cap "$W/repeats/$n" "$t" "$need" "" "$@"
}

for i in 1 2 3 4 5; do
    for p in gemm launch_bound transfers reduction; do
        case $p in
        gemm) a="--n 1024" ;; launch_bound) a="--kernels 200" ;; transfers) a="--mb 16" ;; reduction) a="" ;;
        esac
        # shellcheck disable=SC2086
        cap "$p-$i" 60 30 "$C/bench/$p" --variant baseline --iterations 30 --warmup 3 $a
    done
done
export TORCHINDUCTOR_CACHE_DIR="$W/inductor-cache"
for i in 1 2 3; do
    cap "torch-eager-$i" 150 70 python3 "$C/model_step.py" --variant eager
done
rm -rf "$W/inductor-cache"
tar czf "$OUT/gpu-repeats.tar.gz" -C "$W" machine.txt repeats
ls -la "$OUT"
echo "total $(($(date +%s) - T0))s"
