#!/bin/sh
# The whole test suite, twice: a normal build and an AddressSanitizer +
# UndefinedBehaviorSanitizer build, each under CTest.
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh
jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNSYSQL_WERROR=ON >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs")
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DNSYSQL_SANITIZE=ON -DNSYSQL_WERROR=ON >/dev/null
cmake --build build-asan -j"$jobs"
(cd build-asan && UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --output-on-failure -j"$jobs")
