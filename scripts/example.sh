#!/bin/sh
# Installs dependencies, builds nsysql, writes an example export with the
# synthetic generator, and runs nsysql on it.
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
mkdir -p build/example
./build/bench/perf/nsysql-gen --out build/example/example.sqlite --flavour 3.25 \
    --iterations 50 --warmup 5 --gap 20:250000:host_launch --seed 1 >/dev/null
./build/nsysql info build/example/example.sqlite --pretty
