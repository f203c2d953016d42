#!/bin/sh
# Installs dependencies, builds nsysql, writes a before/after pair of example
# exports with the synthetic generator (the patch makes gemm_tile 15 % faster
# per launch), and shows what nsysql is for: where the GPU time goes, when the
# GPU waits, and whether the patch made it faster and how sure that is. The
# trace of the baseline is written next to them for Perfetto UI, and an HTML
# report of the pair to open in a browser.
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
ex=build/example
mkdir -p "$ex"
gen() {
    ./build/bench/perf/nsysql-gen --out "$1" --iterations 60 --warmup 5 --seed "$2" \
        --kernel "gemm_tile:$3:0.05:2" --kernel softmax:60000:0.05 --kernel layernorm:30000:0.05 \
        --gap 20:250000:host_launch --gap 40:80000:sync >/dev/null
}
gen "$ex/base.sqlite" 1 400000
gen "$ex/patch.sqlite" 2 340000
n=./build/nsysql
echo "== nsysql top-kernels base.sqlite: where the GPU time goes"
$n top-kernels "$ex/base.sqlite" --limit 5 --format table --no-cache
echo
echo "== nsysql idle-gaps base.sqlite: when the GPU waits, and why"
$n idle-gaps "$ex/base.sqlite" --limit 3 --format table --no-cache
echo
echo "== nsysql diff base.sqlite patch.sqlite: did the patch make the GPU work faster?"
$n diff "$ex/base.sqlite" "$ex/patch.sqlite" --format table --no-cache
echo
$n export-trace "$ex/base.sqlite" -o "$ex/base.trace.json.gz" >/dev/null
echo "trace for Perfetto UI (ui.perfetto.dev, Open trace file): $ex/base.trace.json.gz"
$n report "$ex/patch.sqlite" --baseline "$ex/base.sqlite" -o "$ex/report.html" >/dev/null
echo "report to look at (any browser, no network needed): $ex/report.html"
echo "every command prints JSON without --format; nsysql info $ex/base.sqlite --pretty shows what an export holds"
