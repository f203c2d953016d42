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
