#!/usr/bin/env python3
"""Scaling benchmark: every analysis on a 10M-kernel export and on a
100M-kernel export (the same generator arguments, ten times the kernels),
side by side in one run.

Goals (DESIGN.md section 7 and bench/perf/README.md): every analysis completes
at 100M, its time grows linearly (the 100M time within 1.2x of ten times the
10M time) and its peak memory stays under 1 GiB.

The exports are generated once into bench/perf/cache/ (the 100M one is about
13.6 GB and takes minutes to write; it is never part of CI). diff runs the
export against itself (--window all and the default), which reads it twice.

    python3 bench/perf/scale.py                   # 10M vs 100M
    python3 bench/perf/scale.py --small 1000000 --large 10000000   # a quicker check
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as perf  # noqa: E402

# every analysis that reads the kernel, API and NVTX tables the generator writes
# by default (memory, gpu-metrics and memcpy need their own tables: run.py
# measures them at 10M; export-trace writes the whole trace: run.py too)
ANALYSES = ["info", "top-kernels", "idle-gaps", "steady-state", "diff-all", "diff", "api", "nvtx",
            "stats", "advise", "gpu-util", "ranks"]


def warm(path):
    """Reads the whole export, so that every table an analysis reads is in the
    page cache as the kernel table is for the bare scan (the 100M export fits
    in this machine's memory; what does not stay cached shows as a slower row).
    In a child process: a measured child's peak RSS counts the pages its
    parent had when it was forked."""
    subprocess.run(["cat", path], stdout=subprocess.DEVNULL, check=True)


def cmd_for(nsysql, an, export):
    if an == "diff-all":
        return [nsysql, "diff", export, export, "--window", "all"]
    return [nsysql, an] + ([export, export] if an == "diff" else [export])


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nsysql", default=os.path.join(here, "..", "..", "build", "nsysql"))
    ap.add_argument("--gen", default=None)
    ap.add_argument("--cache", default=os.path.join(here, "cache"))
    ap.add_argument("--small", type=int, default=10_000_000)
    ap.add_argument("--large", type=int, default=100_000_000)
    ap.add_argument("--repeat", type=int, default=2, help="runs per row on the small export (fastest kept)")
    ap.add_argument("--repeat-large", type=int, default=1, help="runs per row on the large export (fastest kept)")
    ap.add_argument("--timeout", type=float, default=3600)
    ap.add_argument("--analyses", default=",".join(ANALYSES))
    ap.add_argument("--json", help="also write the measurements here")
    a = ap.parse_args()
    gen = a.gen or os.path.join(os.path.dirname(os.path.abspath(a.nsysql)), "bench", "perf", "nsysql-gen")
    sqlite3 = shutil.which("sqlite3")
    os.environ["NSYSQL_CACHE"] = "0"  # every row computes its answer
    small, _ = perf.ensure_export(gen, a.cache, a.small, [])
    large, _ = perf.ensure_export(gen, a.cache, a.large, [])
    factor = a.large / a.small
    print(f"small: {small} ({os.path.getsize(small) / 2**30:.2f} GiB)\nlarge: {large} "
          f"({os.path.getsize(large) / 2**30:.2f} GiB)\nnsysql: {a.nsysql} ({perf.build_type(a.nsysql)}), "
          f"CPUs online: {os.cpu_count()}\n", flush=True)
    bare = 'SELECT sum("end"-"start") FROM CUPTI_ACTIVITY_KIND_KERNEL'
    rows = [("bare scan (sqlite3 CLI)", lambda e: [sqlite3, e, bare])]
    rows += [(f"nsysql {an}", (lambda an_: lambda e: cmd_for(a.nsysql, an_, e))(an))
             for an in a.analyses.split(",") if an]
    results = []
    for label, mk in rows:
        r = {"label": label}
        for size, path, reps in (("small", small, a.repeat), ("large", large, a.repeat_large)):
            warm(path)
            best = None
            for _ in range(reps):
                wall, rss, rc, err = perf.measure(mk(path), a.timeout)
                if best is None or (rc == 0 and wall < best[0]):
                    best = (wall, rss, rc, err)
            r[size] = dict(wall_s=best[0], peak_rss_bytes=best[1], exit=best[2],
                           error=perf.failure_reason(best[2], best[3], None) if best[2] else None)
            print(f"  measured {label} on {size}: {best[0]:.2f} s, {best[1] / 2**20:.0f} MiB"
                  + (f" (FAILED: {r[size]['error']})" if best[2] else ""), flush=True)
        results.append(r)
    print(f"\n{'what':34s} {'small s':>9s} {'large s':>9s} {'ratio':>7s} {'/ ' + format(factor, 'g') + 'x':>8s} "
          f"{'small MiB':>10s} {'large MiB':>10s}")
    for r in results:
        s, l = r["small"], r["large"]
        ratio = l["wall_s"] / s["wall_s"] if s["wall_s"] > 0 else float("nan")
        print(f"{r['label'][:34]:34s} {s['wall_s']:9.2f} {l['wall_s']:9.2f} {ratio:7.2f} {ratio / factor:8.2f} "
              f"{s['peak_rss_bytes'] / 2**20:10.0f} {l['peak_rss_bytes'] / 2**20:10.0f}"
              + ("" if not (s["exit"] or l["exit"]) else f"  FAILED: {s['error'] or l['error']}"))
    print()
    for r in results[1:]:
        s, l = r["small"], r["large"]
        if l["exit"]:
            print(f"goal {r['label']}: did not complete at {a.large} kernels ({l['error']})")
            continue
        ratio = l["wall_s"] / s["wall_s"] / factor
        print(f"goal {r['label']}: {ratio:.2f}x linear (goal <= 1.2), peak {l['peak_rss_bytes'] / 2**20:.0f} MiB "
              f"(goal < 1024)")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(dict(small=a.small, large=a.large, rows=results), f, indent=1)


if __name__ == "__main__":
    main()
