#!/usr/bin/env python3
"""Distinct-names benchmark: every command that groups by kernel name on an
export whose kernels all have different names, at N and at 10N names (N
kernels, one launch each), side by side in one run.

Goal: work per name is bounded, so the time at 10N stays within about 10x the
time at N (a linear search per name makes it 100x) and 1M names take seconds
(bench/perf/README.md has the figures). diff runs the export against itself,
with --limit 5 (its JSON lists every row in full: 2 KB a name) and, with
--diff-full, also without.

    python3 bench/perf/names.py                        # 100k vs 1M names
    python3 bench/perf/names.py --small 20000 --large 200000
    python3 bench/perf/names.py --baseline OLD/nsysql   # and another build beside it

With --baseline, each command also runs with that build on the same exports,
in the same run, one after the other, and the table adds its time and peak
at the larger size and the ratio of the two (this build / the baseline).
"""
import argparse
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as perf  # noqa: E402

COMMANDS = ["info", "top-kernels", "api", "stats", "nvtx", "idle-gaps", "steady-state", "report", "diff"]


def cmd_for(nsysql, c, export, tmp):
    if c == "report":
        return [nsysql, "report", export, "-o", os.path.join(tmp, "names-report.html")]
    if c == "diff":
        return [nsysql, "diff", export, export, "--limit", "5"]
    if c == "diff-full":
        return [nsysql, "diff", export, export]
    return [nsysql, c, export]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nsysql", default=os.path.join(here, "..", "..", "build", "nsysql"))
    ap.add_argument("--gen", default=None)
    ap.add_argument("--cache", default=os.path.join(here, "cache"))
    ap.add_argument("--small", type=int, default=100_000)
    ap.add_argument("--large", type=int, default=1_000_000)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--commands", default=",".join(COMMANDS))
    ap.add_argument("--diff-full", action="store_true", help="also diff without --limit")
    ap.add_argument("--baseline", default=None, help="another nsysql build, measured beside this one")
    a = ap.parse_args()
    gen = a.gen or os.path.join(os.path.dirname(a.nsysql), "bench", "perf", "nsysql-gen")
    cmds = a.commands.split(",") + (["diff-full"] if a.diff_full else [])
    exports = {}
    for n in (a.small, a.large):
        exports[n], _ = perf.ensure_export(gen, a.cache, n, ["--distinct-names", str(n)], prefix="names")
        perf.subprocess.run(["cat", exports[n]], stdout=perf.subprocess.DEVNULL, check=True)
    env = {**os.environ, "NSYSQL_CACHE": "0"}
    tmp = tempfile.mkdtemp(prefix="nsysql-names-")
    base_head = (f" | {'cpu s':>7} | {'base wall s':>11} {'base cpu s':>10} {'base MB':>8} "
                 f"{'x wall':>7} {'x cpu':>6}") if a.baseline else ""
    print(f"{'command':<14} {'names':>9} {'wall s':>8} {'peak MB':>8} | {'names':>9} {'wall s':>8} "
          f"{'peak MB':>8} | {'time ratio':>10}{base_head}   (linear: {a.large / a.small:.0f})")
    worst = 0.0
    try:
        for c in cmds:
            row = []
            for n in (a.small, a.large):
                wall, rss, rc, err, cpu = perf.measure_cpu(cmd_for(a.nsysql, c, exports[n], tmp), a.timeout,
                                                           env=env)
                row.append((n, wall, rss, rc, err, cpu))
            cells = []
            for n, wall, rss, rc, err, _ in row:
                cells.append(f"{n:>9} {wall:>8.2f} {rss / 2**20:>8.0f}" if rc == 0 else
                             f"{n:>9} {'FAILED':>8} {'':>8}")
            ratio = row[1][1] / row[0][1] if row[0][3] == 0 and row[1][3] == 0 and row[0][1] > 0 else float("nan")
            worst = max(worst, ratio) if ratio == ratio else worst
            base = ""
            if a.baseline:
                bw, brss, brc, berr, bcpu = perf.measure_cpu(cmd_for(a.baseline, c, exports[a.large], tmp),
                                                             a.timeout, env=env)
                ok = row[1][3] == 0 and brc == 0
                xw = row[1][1] / bw if ok and bw > 0 else float("nan")
                xc = row[1][5] / bcpu if ok and bcpu > 0 else float("nan")
                base = (f" | {row[1][5]:>7.2f} | " + (f"{bw:>11.2f} {bcpu:>10.2f} {brss / 2**20:>8.0f} "
                                                     if brc == 0 else f"{'FAILED':>11} {'':>10} {'':>8} ")
                        + f"{xw:>7.2f} {xc:>6.2f}")
            print(f"{c:<14} {cells[0]} | {cells[1]} | {ratio:>10.1f}{base}", flush=True)
            for n, wall, rss, rc, err, _ in row:
                if rc:
                    print(f"  {c} at {n} names: exit {rc}: {perf.failure_reason(rc, err, None)}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"largest time ratio {worst:.1f} for {a.large / a.small:.0f}x the names")


if __name__ == "__main__":
    main()
