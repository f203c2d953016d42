#!/usr/bin/env python3
"""Parallel reading (parscan.h) gives exactly the serial answer.

Every analysis reads its big views on several connections in rowid chunks and
hands the rows over in order; the documents must be byte-identical to those
of one connection (NSYSQL_THREADS=1), whatever the number of workers and the
chunk size. Small files normally take the serial path, so the parallel one is
forced here with NSYSQL_PARSCAN_MIN_ROWS=1 and tiny chunks (1, 3, 1000 rows;
2 and 3 workers), on every real fixture and on synthetic exports (several
devices and processes out of start order, planted gaps with causes, profiler
overhead, NVTX warm-up, zero-length and end<start rows, no API rows), for
top-kernels, idle-gaps (lean and full scans), steady-state and diff.

The expected value is the serial document, itself checked against raw SQL
and the oracles by the other test files.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()

SERIAL = {"NSYSQL_THREADS": "1"}
PARALLEL = [
    {"NSYSQL_THREADS": "2", "NSYSQL_PARSCAN_MIN_ROWS": "1", "NSYSQL_PARSCAN_CHUNK": "3"},
    {"NSYSQL_THREADS": "3", "NSYSQL_PARSCAN_MIN_ROWS": "1", "NSYSQL_PARSCAN_CHUNK": "1"},
    {"NSYSQL_THREADS": "2", "NSYSQL_PARSCAN_MIN_ROWS": "1", "NSYSQL_PARSCAN_CHUNK": "1000"},
]


def run(args, env):
    e = dict(os.environ)
    e.update(env)
    p = subprocess.run([nsq.NSYSQL, *map(str, args)], capture_output=True, env=e, timeout=600)
    return p.returncode, p.stdout


def same(args, label, envs=PARALLEL):
    want = run(args, SERIAL)
    c.check(want[0] in (0, 1, 3), f"{label}: serial run exits 0/1/3, got {want[0]}: {want[1][:300]!r}")
    for env in envs:
        got = run(args, env)
        tag = f"{label} [{env['NSYSQL_THREADS']} workers, chunk {env['NSYSQL_PARSCAN_CHUNK']}]"
        c.eq(got[0], want[0], f"{tag}: exit code")
        c.check(got[1] == want[1], f"{tag}: document identical to the serial one"
                + ("" if got[1] == want[1] else f"\n  serial:   {want[1][:400]!r}\n  parallel: {got[1][:400]!r}"))


COMMANDS = [
    ["top-kernels"],
    ["top-kernels", "--per-device", "--by", "demangled", "--limit", "3"],
    ["top-kernels", "--name", "."],
    ["idle-gaps"],  # lean scan: details read for the listed gaps only
    ["idle-gaps", "--limit", "0"],  # every gap listed: full scan
    ["idle-gaps", "--per-stream", "--min-gap", "1000"],
    ["idle-gaps", "--exclude", "^memcpy"],
    ["steady-state"],
    ["steady-state", "--iterations"],
]

for f in nsq.fixtures():
    name = os.path.basename(f)
    for cmd in COMMANDS:
        same([cmd[0], f, *cmd[1:]], f"{name}: {' '.join(cmd)}", PARALLEL[:1])
    same(["diff", f, f], f"{name}: diff against itself", PARALLEL[:1])

with tempfile.TemporaryDirectory() as tmp:
    synth = {
        "multi": ["--processes", "2", "--devices", "2", "--streams", "3", "--iterations", "60",
                  "--memcpy-per-iter", "2", "--memset-per-iter", "1", "--overlap", "--seed", "7"],
        "gaps": ["--iterations", "80", "--gap", "10:500000:host_launch", "--gap", "30:2000000:sync",
                 "--gap", "50:700000:dependency", "--profiler-overhead", "60:900000",
                 "--zero-length", "5", "--bad-rows", "3", "--warmup", "8", "--seed", "11"],
        "noapi": ["--iterations", "40", "--no-api", "--no-nvtx", "--warmup", "5", "--seed", "13"],
    }
    paths = {}
    for key, args in synth.items():
        paths[key] = os.path.join(tmp, key + ".sqlite")
        nsq.gen(paths[key], *args)
        for cmd in COMMANDS:
            same([cmd[0], paths[key], *cmd[1:]], f"synthetic {key}: {' '.join(cmd)}")
    same(["diff", paths["gaps"], paths["noapi"]], "synthetic: diff of two exports")
    # a damaged page read by a worker is the same error document as on one connection
    import shutil
    for f in nsq.fixtures():
        if "2gpu" not in f:
            continue
        bad = os.path.join(tmp, "damaged.sqlite")
        shutil.copy(f, bad)
        with open(bad, "r+b") as fh:
            page = int(nsq.raw_db(f).execute("PRAGMA page_size").fetchone()[0])
            fh.seek(os.path.getsize(bad) // page * 3 // 10 * page)
            fh.write(b"\xff" * page)
        for cmd in ("top-kernels", "idle-gaps", "steady-state"):
            rc, out = run([cmd, bad], SERIAL)
            c.check(rc == 3 and b'"input_corrupt"' in out, f"damaged copy: {cmd} serial says input_corrupt (exit {rc})")
            same([cmd, bad], f"damaged copy: {cmd}")
    same(["diff", "--baseline", paths["gaps"], paths["noapi"], "--patch", paths["multi"], paths["gaps"]],
         "synthetic: diff of two captures a side")

c.done()
