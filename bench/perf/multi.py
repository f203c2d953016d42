#!/usr/bin/env python3
"""Several inputs in one call against the same calls one after another.

For each command, one `nsysql CMD E1 ... EN` (the many-input form: a worker per
input, then the merge; default -j and the -j values of --jobs) is measured side
by side with N single-input calls `nsysql CMD Ei` run one after the other. The
ratio many-input call / sequential calls is the figure of merit: at most 1 (the
many-input call never slower), below 1 where there are more CPUs than one
input can use.

The exports are generated once into bench/perf/cache/ (seeds 1..N, the same
generator arguments otherwise), or taken from --dir (every *.sqlite in it,
sorted). Every row runs with NSYSQL_CACHE=0; the fastest of --repeat runs is
kept, the forms of a command (and of --baseline, another build) measured back
to back in each round. Peak RSS is the largest of the process and its workers,
CPU the user + system seconds of all of them (os.wait4).

    python3 bench/perf/multi.py                                # 8 x 1M kernels
    python3 bench/perf/multi.py --gen-arg=--distinct-names --gen-arg=10000
    python3 bench/perf/multi.py --dir /tmp/exports --commands top-kernels,nvtx
    python3 bench/perf/multi.py --baseline /tmp/nsysql-before --jobs 2
"""
import argparse
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as perf  # noqa: E402

COMMANDS = ["top-kernels", "idle-gaps", "steady-state", "nvtx", "stats", "api", "ranks"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nsysql", default=os.path.join(perf.ROOT, "build", "nsysql"))
    ap.add_argument("--gen", default=None, help="nsysql-gen (default: next to nsysql, in bench/perf/)")
    ap.add_argument("--cache", default=os.path.join(perf.HERE, "cache"))
    ap.add_argument("--dir", help="take the inputs from here instead of generating them")
    ap.add_argument("--inputs", type=int, default=8)
    ap.add_argument("--kernels", type=int, default=1_000_000)
    ap.add_argument("--gen-arg", action="append", default=[], help="extra nsysql-gen argument (repeatable)")
    ap.add_argument("--commands", default=",".join(COMMANDS))
    ap.add_argument("--arg", action="append", default=[], help="extra argument of every call (repeatable)")
    ap.add_argument("--jobs", default="1,2", help="-j values measured besides the default (comma-separated)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline", help="another nsysql build, measured in the same rounds (before/after)")
    ap.add_argument("--timeout", type=float, default=1800)
    a = ap.parse_args()

    nsysql = os.path.abspath(a.nsysql)
    if a.dir:
        inputs = sorted(glob.glob(os.path.join(a.dir, "*.sqlite")))
        if len(inputs) < 2:
            sys.exit(f"{a.dir}: fewer than two *.sqlite")
    else:
        gen = a.gen or os.path.join(os.path.dirname(nsysql), "bench", "perf", "nsysql-gen")
        inputs = [perf.ensure_export(gen, a.cache, a.kernels, a.gen_arg, seed=s, prefix="multi")[0]
                  for s in range(1, a.inputs + 1)]
    for p in inputs:  # no row pays for a cold read
        perf.measure(["cat", p], a.timeout)
    env = dict(os.environ, NSYSQL_CACHE="0")
    jobs = [j for j in a.jobs.split(",") if j]
    print(f"{len(inputs)} inputs, {os.cpu_count()} CPUs, fastest of {a.repeat}"
          + (f", every call with {' '.join(a.arg)}" if a.arg else ""))
    bins = [("", nsysql)] + ([("baseline ", os.path.abspath(a.baseline))] if a.baseline else [])
    print(f"{'command':<14} {'form':<31} {'wall s':>7} {'cpu s':>6} {'peak MiB':>9} {'ratio':>6}")
    for cmd in [c for c in a.commands.split(",") if c]:
        forms = [("sequential", None), ("one call", [])]
        if cmd != "ranks":  # ranks reads its inputs in one process (no workers, no -j)
            forms += [(f"one call -j {j}", ["-j", j]) for j in jobs]
        best = {}
        for _ in range(a.repeat):  # the binaries and forms back to back in each round
            for tag, binary in bins:
                for label, extra in forms:
                    key = tag + label
                    if extra is None:
                        w, rss, rc, err, cpu = 0.0, 0, 0, "", 0.0
                        for p in inputs:
                            w1, r1, rc, err, c1 = perf.measure_cpu([binary, cmd] + a.arg + [p], a.timeout, env=env)
                            w, rss, cpu = w + w1, max(rss, r1), cpu + c1
                            if rc:
                                break
                    else:
                        w, rss, rc, err, cpu = perf.measure_cpu([binary, cmd] + a.arg + extra + inputs, a.timeout,
                                                                env=env)
                    if rc:
                        best[key] = (None, perf.failure_reason(rc, err, None), 0)
                    elif key not in best or (best[key][0] is not None and w < best[key][0]):
                        best[key] = (w, rss, cpu)
        for tag, _ in bins:
            seq = best[tag + "sequential"][0]
            for label, _ in forms:
                w, rss, cpu = best[tag + label]
                if w is None:
                    print(f"{cmd:<14} {tag + label:<31} FAILED {rss}")
                    continue
                ratio = f"{w / seq:.2f}x" if seq and label != "sequential" else ""
                print(f"{cmd:<14} {tag + label:<31} {w:>7.2f} {cpu:>6.2f} {rss / 2**20:>9.0f} {ratio:>6}",
                      flush=True)

if __name__ == "__main__":
    main()
