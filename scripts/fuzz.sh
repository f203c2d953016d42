#!/bin/sh
# Coverage-guided fuzzing of nsysql's input handling (not part of CI).
#   sh scripts/fuzz.sh [SECONDS] [TARGET...]
# Builds the libFuzzer harnesses of tests/fuzz/ with clang, AddressSanitizer
# and UndefinedBehaviorSanitizer in build-fuzz/, then runs each target for
# SECONDS (default 60), one process at a time, from a working copy of its
# committed corpus (tests/fuzz/corpus/TARGET). Afterwards new inputs of at
# most 16 KiB that add coverage are merged back into the committed corpus,
# every crash is copied into tests/fuzz/regress/TARGET/ (replayed by CTest
# in every build), and build-fuzz/summary.txt gets one line per run:
# executions, exec/s, coverage (cov, ft) and crashes.
#
#   sh scripts/fuzz.sh --campaign [SEED] [COUNT] [BUILD]
# The seeded mutation campaign of tests/test_mutation_campaign.py, long:
# COUNT (default 500) damaged copies of each of its real exports, made from
# SEED (default: the time), every reading command on each, with the nsysql
# of BUILD (default build; build-asan for the sanitizers). Failing mutants
# are kept in BUILD/fuzz-campaign/ to replay; the seed is printed first.
set -e
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--campaign" ]; then
    seed=${2:-$(date +%s)}
    count=${3:-500}
    build=${4:-build}
    echo "mutation campaign: seed $seed, $count mutants per export, $build/nsysql"
    NSYSQL="$PWD/$build/nsysql" NSYSQL_BUILD="$PWD/$build" NSYSQL_FIXTURES="$PWD/../shared/fixtures/nsys" \
        NSYSQL_CACHE=0 NSYSQL_FUZZ_SEED="$seed" NSYSQL_FUZZ_COUNT="$count" \
        NSYSQL_FUZZ_KEEP="$PWD/$build/fuzz-campaign" exec python3 tests/test_mutation_campaign.py
fi
secs=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-"export rawscan sql json opts match"}
if ! command -v clang >/dev/null; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO apt-get install -y -qq clang >/dev/null
fi
sh scripts/deps.sh
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNSYSQL_FUZZ=ON -DNSYSQL_SANITIZE=ON \
    -DNSYSQL_CUDA=OFF >/dev/null
for t in $targets; do
    cmake --build build-fuzz -j"$(nproc)" --target "fuzz_$t" >/dev/null
done
export NSYSQL_FUZZ_EXPORT="$PWD/../shared/fixtures/nsys/dlprof-pytorch-conv-2022.1.sqlite"
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
for t in $targets; do
    work=build-fuzz/corpus/$t
    art=build-fuzz/artifacts/$t/
    mkdir -p "$work" "$art" "tests/fuzz/regress/$t"
    cp -n tests/fuzz/corpus/$t/* "$work"/ 2>/dev/null || true
    log=build-fuzz/fuzz-$t.log
    echo "fuzz_$t: ${secs} s"
    set +e
    ./build-fuzz/tests/fuzz/fuzz_$t -max_total_time="$secs" -print_final_stats=1 -timeout=20 \
        -rss_limit_mb=4096 -max_len=262144 -artifact_prefix="$art" "$work" >"$log" 2>&1
    rc=$?
    set -e
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    eps=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
    crashes=$(ls "$art" 2>/dev/null | wc -l)
    for f in "$art"*; do
        [ -f "$f" ] && cp "$f" "tests/fuzz/regress/$t/"
    done
    # keep what adds coverage and is small (16 KiB at most: the committed corpus stays small)
    mkdir -p "build-fuzz/merge-$t"
    ./build-fuzz/tests/fuzz/fuzz_$t -merge=1 -max_len=16384 "build-fuzz/merge-$t" "tests/fuzz/corpus/$t" "$work" \
        >/dev/null 2>&1 || true
    for f in build-fuzz/merge-$t/*; do
        [ -f "$f" ] && [ "$(stat -c %s "$f")" -le 16384 ] && cp -n "$f" "tests/fuzz/corpus/$t/" || true
    done
    rm -rf "build-fuzz/merge-$t"
    line="$(date -u +%Y-%m-%dT%H:%MZ) fuzz_$t ${secs}s execs=${execs:-?} exec/s=${eps:-?} ${cov:-cov: ?} crashes=$crashes exit=$rc"
    echo "$line" | tee -a build-fuzz/summary.txt
done
