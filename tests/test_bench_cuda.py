"""The CUDA benchmark programs in bench/cuda (built only when the CUDA toolkit is present).

Without a GPU: every program answers --help, rejects bad arguments with exit 2 before touching
CUDA, and fails cleanly with "no CUDA device" and exit 3 when no device is visible.
With a GPU: tiny runs of every variant exit 0, and their JSON report matches the counts
derived here by hand from the parameters (kernels per name, copies per direction, NVTX ranges).
Skips (exit 77) when the programs were not built.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.environ.get("NSYSQL_BUILD", os.path.join(HERE, "..", "build"))
BIN = os.path.join(BUILD, "bench", "cuda")
PROGRAMS = ["gemm", "launch_bound", "transfers", "reduction", "managed"]
OWN_OPTIONS = {
    "gemm": ["--n"],
    "launch_bound": ["--kernels", "--elements", "--patch-mode"],
    "transfers": ["--mb", "--chunks", "--work"],
    "reduction": ["--n"],
    "managed": ["--mb", "--work"],
}
COMMON_BAD = [
    ["--variant", "bogus"], ["--variant"], ["--iterations", "0"], ["--iterations", "abc"],
    ["--iterations", "5x"], ["--iterations="], ["--iterations", "100001"], ["--warmup", "-1"],
    ["--cold-mb", "99999999"], ["--bogus"], ["--bogus=1"], ["extra"], ["-x"], ["--"],
    ["--iterations", "3", "stray"],
]
OWN_BAD = {
    "gemm": [["--n", "100"], ["--n", "0"], ["--n", "16384"]],
    "launch_bound": [["--patch-mode", "both"], ["--kernels", "0"], ["--elements", "0"]],
    "transfers": [["--chunks", "0"], ["--mb", "0"], ["--work", "-1"]],
    "reduction": [["--n", "0"], ["--n", "1e6"]],
    "managed": [["--mb", "0"], ["--mb", "1025"], ["--work", "-1"]],
}
NO_GPU_ENV = {"CUDA_VISIBLE_DEVICES": ""}


def run(prog, args, env=None):
    e = dict(os.environ)
    if env:
        e.update(env)
    p = subprocess.run([os.path.join(BIN, prog), *args], capture_output=True, env=e, timeout=300)
    return p.returncode, p.stdout.decode(), p.stderr.decode("utf-8", "replace")


def check_help(prog):
    for args in (["--help"], ["-h"], ["--iterations=7", "--help"]):
        rc, out, err = run(prog, args, NO_GPU_ENV)
        assert rc == 0, f"{prog} {args}: exit {rc}\n{err}"
        assert out.startswith(f"usage: {prog} "), out
        for opt in ["--variant", "--iterations", "--warmup", "--cold-mb", *OWN_OPTIONS[prog]]:
            assert opt in out, f"{prog} --help does not mention {opt}"
        assert "baseline|patch" in out and err == ""


def check_bad_args(prog):
    for args in COMMON_BAD + OWN_BAD[prog]:
        # CUDA_VISIBLE_DEVICES="" proves arguments are checked before any CUDA call.
        rc, out, err = run(prog, args, NO_GPU_ENV)
        assert rc == 2, f"{prog} {args}: exit {rc}, expected 2\n{err}"
        assert out == "", f"{prog} {args}: wrote to stdout: {out!r}"
        assert err.startswith(f"{prog}: ") and f"Try '{prog} --help'" in err, err


def check_no_device(prog):
    for args in ([], ["--variant=patch", "--iterations=2", "--warmup", "0"]):
        rc, out, err = run(prog, args, NO_GPU_ENV)
        assert rc == 3, f"{prog} {args} without a device: exit {rc}, expected 3\n{err}"
        assert out == "" and f"{prog}: no CUDA device" in err, err


def expected(prog, variant, mode, w, n, p):
    """Counts a run must report, from its parameters (t = all iterations, w of them warm-up)."""
    t = w + n
    cold = {"cold_touch": w} if w and p["cold-mb"] else {}
    zero = {"count": 0, "bytes": 0}
    if prog == "gemm":
        m = p["n"] * p["n"] * 4
        kernels = {"sgemm": t, "bias_relu": t}
        copies = {"h2d": {"count": 3, "bytes": 2 * m + p["n"] * 4}, "d2h": {"count": 1, "bytes": m}}
        launches, graphs, memset = 2 * t, 0, zero
    elif prog == "launch_bound":
        k, e = p["kernels"], p["elements"]
        copies = {"h2d": {"count": 2, "bytes": e * 4 + k * 8}, "d2h": {"count": 1, "bytes": e * 4}}
        memset, graphs = zero, 0
        if variant == "baseline":
            kernels, launches = {"tiny_step": k * t}, k * t
        elif mode == "fused":
            kernels, launches = {"fused_steps": t}, t
        else:
            kernels, launches, graphs = {"tiny_step": k * t}, k, t
    elif prog == "transfers":
        c, b = p["chunks"], p["mb"] << 20
        kernels, launches, graphs, memset = {"scale_chunk": c * t}, c * t, 0, zero
        copies = {"h2d": {"count": c * t, "bytes": b * t}, "d2h": {"count": c * t, "bytes": b * t}}
    elif prog == "managed":
        # no copies: the pages move by faults (baseline) or prefetches (patch)
        kernels, launches, graphs, memset = {"scale_managed": t}, t, 0, zero
        copies = {"h2d": zero, "d2h": zero}
    else:
        kernels, launches, graphs = {"reduce_sum": t}, t, 0
        copies = {"h2d": {"count": 1, "bytes": p["n"] * 4}, "d2h": {"count": t, "bytes": 8 * t}}
        memset = {"count": t, "bytes": 8 * t}
    kernels.update(cold)
    copies["d2d"] = zero
    return {"kernels": kernels, "launch_calls": launches + (w if cold else 0),
            "graph_launches": graphs, "memcpy": copies, "memset": memset,
            "nvtx": {"main": 1, "warmup": 1 if w else 0, "iteration": t}}


TINY = {
    "gemm": {"n": 128},
    "launch_bound": {"kernels": 40, "elements": 1000},
    "transfers": {"mb": 2, "chunks": 3, "work": 16},
    "reduction": {"n": 100003},
    "managed": {"mb": 2, "work": 16},
}


def check_runs(prog):
    """Returns False when there is no GPU (the run checks were skipped)."""
    cases = [("baseline", None, 2, 3), ("patch", None, 2, 3), ("patch", None, 0, 2)]
    if prog == "launch_bound":
        cases += [("patch", "graph", 2, 3), ("baseline", None, 1, 1)]
    for variant, mode, w, n in cases:
        p = dict(TINY[prog], **{"cold-mb": 4 if w != 1 else 0})
        args = ["--variant", variant, "--warmup", str(w), "--iterations", str(n)]
        args += [a for k, v in p.items() for a in (f"--{k}", str(v))]
        if mode:
            args += ["--patch-mode", mode]
        rc, out, err = run(prog, args)
        if rc == 3 and "no CUDA device" in err:
            print(f"{prog}: no GPU here ({err.strip()}); run checks skipped")
            return False
        assert rc == 0, f"{prog} {args}: exit {rc}\n{err}"
        lines = out.splitlines()
        assert len(lines) == 1, f"{prog}: expected one JSON line, got {out!r}"
        doc = json.loads(lines[0])
        want = expected(prog, variant, mode or "fused", w, n, p)
        assert doc["program"] == prog and doc["variant"] == variant, doc
        assert doc["warmup"] == w and doc["iterations"] == n, doc
        for key, value in want.items():
            assert doc[key] == value, f"{prog} {args}: {key} = {doc[key]}, expected {value}"
        assert doc["check"]["ok"] is True, doc["check"]
        it = doc["iteration_ns"]
        assert len(it) == w + n and all(x > 0 for x in it), it
        assert 0 < sum(it) <= doc["wall_ns"], doc
        assert doc["warmup_ns"] >= sum(it[:w]) and doc["steady_ns"] >= sum(it[w:]), doc
        real = doc["end_realtime_ns"] - doc["start_realtime_ns"]
        assert abs(real - doc["wall_ns"]) <= max(0.1 * doc["wall_ns"], 5e6), doc
    return True


def main():
    missing = [p for p in PROGRAMS if not os.path.exists(os.path.join(BIN, p))]
    if len(missing) == len(PROGRAMS):
        print(f"SKIP: the CUDA benchmark programs were not built ({BIN} has none of them)")
        sys.exit(77)
    assert not missing, f"some CUDA benchmark programs are missing from {BIN}: {missing}"
    ran = 0
    for prog in PROGRAMS:
        check_help(prog)
        check_bad_args(prog)
        check_no_device(prog)
        ran += check_runs(prog)
    print(f"ok: {len(PROGRAMS)} programs; GPU runs checked for {ran}")


if __name__ == "__main__":
    main()
