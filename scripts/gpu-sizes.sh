#!/bin/sh
# gpu-sizes.sh: captures for diff's same-workload and same-machine checks, with nsysql's
# CUPTI backend: each bench/cuda program's baseline at two problem sizes (the size is the
# only change, so diff must call the pair not comparable; launch_bound's is launches per
# iteration), and the four programs baseline and patch at the sizes of tests/data/gpu (so
# captures from another GPU model pair with those).
#
# Usage: scripts/gpu-sizes.sh CARRY_DIR OUT_DIR [BUDGET_S]
#   CARRY_DIR from scripts/gpu-carry.sh. Captures stop starting once BUDGET_S (default 240)
#   seconds have passed, so the results always come back: OUT_DIR/gpu-sizes.tar.gz.
set -u
. "$(dirname "$0")/gpu-env.sh"
gpu_env "$1" "$2" /tmp/nsysql-gpu-sizes sizes || exit 2
gpu_budget "${3:-240}"
export NSYSQL_CUPTI_DEBUG=1
gpu_machine "$W/machine.txt"

cap() { # name program args...
    d="$W/sizes/$1" p=$2
    shift 2
    [ "$(left)" -gt 30 ] || { echo "skip $(basename "$d"): budget"; return; }
    s=$(date +%s)
    timeout 60 "$N" capture --backend cupti --duration-s 60 --out-dir "$d" -- "$C/bench/$p" "$@" \
        > "$d.capture.json" 2> "$d.capture.err"
    rc=$?
    echo "$(basename "$d") rc=$rc $(($(date +%s) - s))s $(head -c 300 "$d/profiler.stdout.log" 2>/dev/null | tr -d '\n' | cut -c1-160)"
}

A="--variant baseline --iterations 30 --warmup 3"
# shellcheck disable=SC2086
{
    # interleaved: small, large, large, small
    cap gemm-1-n1024 gemm $A --n 1024
    cap gemm-2-n2048 gemm $A --n 2048
    cap gemm-3-n2048 gemm $A --n 2048
    cap gemm-4-n1024 gemm $A --n 1024
    cap transfers-1-mb16 transfers $A --mb 16
    cap transfers-2-mb64 transfers $A --mb 64
    cap reduction-1-n16m reduction $A --n 16777216
    cap reduction-2-n64m reduction $A --n 67108864
    cap launch_bound-1-k200 launch_bound $A --kernels 200
    cap launch_bound-2-k800 launch_bound $A --kernels 800
}
# the programs of tests/data/gpu at its sizes, baseline and patch interleaved (A B B A)
for p in gemm launch_bound transfers reduction; do
    case $p in
    gemm) a="--n 1024" ;; launch_bound) a="--kernels 200" ;; transfers) a="--mb 16" ;; reduction) a="" ;;
    esac
    i=0
    for v in baseline patch patch baseline; do
        i=$((i + 1))
        # shellcheck disable=SC2086
        cap "$p-$i-$v" "$p" --variant $v --iterations 30 --warmup 3 $a
    done
done
for d in "$W"/sizes/*/; do rm -rf "$d/cupti"; done
tar czf "$OUT/gpu-sizes.tar.gz" -C "$W" machine.txt sizes
ls -la "$OUT"
echo "total $(($(date +%s) - T0))s"
