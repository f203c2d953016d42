#!/bin/sh
# gpu-carry.sh BUILD DIR: gather what scripts/gpu-check.sh needs on a GPU machine into DIR
# from a Release build configured with -DNSYSQL_CUDA=ON (-DNSYSQL_CUDA_ARCHITECTURES=90 for
# H100/H200): nsysql, the injection library, the bench/cuda programs, bench/torch's script,
# and the shared libraries they link (the GPU machine may lack some).
set -eu
B=$1 D=$2
rm -rf "$D" && mkdir -p "$D/bench" "$D/lib"
cp "$B/nsysql" "$B/libnsysql_inject.so" "$D/"
for p in gemm launch_bound transfers reduction managed; do cp "$B/bench/cuda/$p" "$D/bench/"; done
cp "$(dirname "$0")/../bench/torch/model_step.py" "$D/"
ldd "$B/nsysql" "$B/libnsysql_inject.so" | awk '/=> \// {print $3}' | sort -u |
    grep -E 'libsqlite3|libpcre2|libnettle|libjansson|libz\.|libcupti' | while read -r l; do
    cp -L "$l" "$D/lib/"
done
ls -la "$D" "$D/lib"
