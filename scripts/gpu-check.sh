#!/bin/sh
# gpu-check.sh: capture bench/cuda and bench/torch on a GPU with nsysql's CUPTI backend.
#
# Usage: scripts/gpu-check.sh CARRY_DIR OUT_DIR [BUDGET_S]
#   CARRY_DIR holds nsysql, libnsysql_inject.so, bench/{gemm,launch_bound,transfers,reduction}
#   and lib/ (shared libraries the GPU machine may lack; libcupti.so.13 always used from
#   there, the one the injection was built against). Make it with scripts/gpu-carry.sh.
# Every program runs baseline and patch three times each, interleaved (A B B A A B); the
# program's own JSON line (CUDA-event timings, launch counts, bytes) lands in
# profiler.stdout.log beside each export. Work stops starting new captures once BUDGET_S
# (default 420) seconds have passed, so the results always come back. Results:
# OUT_DIR/gpu-bench.tar.gz and OUT_DIR/gpu-torch.tar.gz (exports, capture documents, logs).
set -u
. "$(dirname "$0")/gpu-env.sh"
gpu_env "$1" "$2" /tmp/nsysql-gpu bench torch || exit 2
gpu_budget "${3:-420}"
export NSYSQL_CUPTI_DEBUG=1
gpu_machine "$W/machine.txt"

cap() { # dir timeout-s command...
    d=$1 t=$2
    shift 2
    s=$(date +%s)
    timeout "$t" "$N" capture --backend cupti --duration-s "$t" --out-dir "$d" -- "$@" > "$d.capture.json" 2> "$d.capture.err"
    rc=$?
    echo "$(basename "$d") rc=$rc $(($(date +%s) - s))s $(head -c 300 "$d/profiler.stdout.log" 2>/dev/null | tr -d '\n' | cut -c1-160)"
}

# bench/cuda: small sizes so each export stays a few MB
for p in gemm launch_bound transfers reduction; do
    case $p in
    gemm) a="--n 1024 --iterations 30 --warmup 3" ;;
    launch_bound) a="--kernels 200 --iterations 30 --warmup 3" ;;
    transfers) a="--mb 16 --iterations 30 --warmup 3" ;;
    reduction) a="--iterations 30 --warmup 3" ;;
    esac
    i=0
    for v in baseline patch patch baseline baseline patch; do
        i=$((i + 1))
        [ "$(left)" -gt 200 ] || { echo "skip $p-$i-$v: budget"; continue; }
        # shellcheck disable=SC2086
        cap "$W/bench/$p-$i-$v" 60 "$C/bench/$p" --variant $v $a
    done
done
tar czf "$OUT/gpu-bench.tar.gz" -C "$W" machine.txt bench
ls -la "$OUT"

# bench/torch: eager vs torch.compile, interleaved, then one uncaptured reference run each
export TORCHINDUCTOR_CACHE_DIR="$W/inductor-cache"
i=0
for v in eager compile compile eager eager compile; do
    i=$((i + 1))
    [ "$(left)" -gt 60 ] || { echo "skip torch-$i-$v: budget"; continue; }
    cap "$W/torch/torch-$i-$v" 150 python3 "$C/model_step.py" --variant $v
done
for v in eager compile; do
    [ "$(left)" -gt 20 ] || { echo "skip reference $v: budget"; continue; }
    python3 "$C/model_step.py" --variant $v --reference > "$W/torch/reference-$v.json" 2> "$W/torch/reference-$v.err"
    echo "reference $v rc=$? $(head -c 200 "$W/torch/reference-$v.json")"
done
rm -rf "$W/inductor-cache"
tar czf "$OUT/gpu-torch.tar.gz" -C "$W" machine.txt torch
ls -la "$OUT"
echo "total $(($(date +%s) - T0))s"
