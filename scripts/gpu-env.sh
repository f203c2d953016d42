# gpu-env.sh: sourced by the scripts/gpu-*.sh that run on a GPU machine.
# gpu_env CARRY_DIR OUT_DIR WORK_DIR [SUBDIRS...] sets C (the carry folder, absolute), OUT,
# W (WORK_DIR, emptied, with lib/ and the SUBDIRS made), N (nsysql), and the environment the
# CUPTI capture needs: the carried libraries only where the machine lacks one (the target
# process loads the injection's), libcupti always the carried one (the one the injection was
# built against), and NSYSQL_INJECT_LIB. CARRY_DIR comes from scripts/gpu-carry.sh.
gpu_env() {
    C=$(cd "$1" && pwd) || return 2
    OUT=$2
    W=$3
    shift 3
    rm -rf "$W" && mkdir -p "$W/lib" "$OUT" || return 2
    for d in "$@"; do mkdir -p "$W/$d" || return 2; done
    for f in "$C"/lib/*; do
        b=$(basename "$f")
        case $b in libcupti*) cp "$f" "$W/lib/" ;; *) ldconfig -p | grep -q "$b" || cp "$f" "$W/lib/" ;; esac
    done
    export LD_LIBRARY_PATH="$W/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export NSYSQL_INJECT_LIB="$C/libnsysql_inject.so"
    N="$C/nsysql"
}

# gpu_budget SECONDS: starts the clock that left() reads (seconds of SECONDS still left).
gpu_budget() {
    BUDGET=$1
    T0=$(date +%s)
}
left() { echo $((BUDGET - ($(date +%s) - T0))); }

# gpu_machine FILE: what machine ran the captures (date, kernel, GPU, clocks, the libraries
# nsysql and the injection load, PyTorch and Triton where installed) into FILE.
gpu_machine() {
    {
        date -u +%Y-%m-%dT%H:%M:%SZ
        uname -a
        nvidia-smi
        nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.sm,memory.total --format=csv
        ls "$W/lib"
        ldd "$N" "$NSYSQL_INJECT_LIB"
        python3 -c 'import torch, triton; print("torch", torch.__version__, "cuda", torch.version.cuda, "triton", triton.__version__)'
    } > "$1" 2>&1
}

# gpu_cap OUT_SUBDIR TIMEOUT_S NEED_S "CAPTURE OPTIONS" COMMAND...: one CUPTI capture of
# COMMAND into OUT_SUBDIR (its document and stderr beside it, its cupti/ scratch removed),
# unless fewer than NEED_S seconds of the budget are left (gpu_budget).
gpu_cap() {
    d=$1 t=$2 need=$3 opts=$4
    shift 4
    [ "$(left)" -gt "$need" ] || { echo "skip $(basename "$d"): budget"; return; }
    s=$(date +%s)
    # shellcheck disable=SC2086 # opts is a list of options, split on purpose
    timeout "$t" "$N" capture --backend cupti $opts --duration-s "$t" --out-dir "$d" -- "$@" \
        > "$d.capture.json" 2> "$d.capture.err"
    echo "$(basename "$d") rc=$? $(($(date +%s) - s))s"
    rm -rf "$d/cupti"
}
