#!/usr/bin/env python3
"""How large are the default documents?

Runs every analysis command with its defaults (compact JSON, as printed without
--pretty) on every shared real export (../shared/fixtures/nsys, nsys-pairs,
nsys-memory) and `diff` on the consecutive captures of each series in
nsys-pairs (and on the consecutive files of that folder in name order), and
lists the documents over the bound (default 12288 bytes) with the parts that
dominate them (the largest subtrees by their compact size).

    python3 bench/docsize.py [--nsysql build/nsysql] [--bound 12288] [--all] [--json OUT]

tests/test_doc_size.py imports the lists below and asserts the bound.
"""
import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
FIXTURE_ROOT = os.environ.get("NSYSQL_FIXTURES")
FIXTURE_ROOT = os.path.dirname(FIXTURE_ROOT) if FIXTURE_ROOT else os.path.join(SRC, "..", "shared", "fixtures")
FOLDERS = ("nsys", "nsys-pairs", "nsys-memory")
BOUND = 12288

# The analysis commands that read one export and print a document of it.
# (timeline-sql runs the caller's SQL; report and export-trace write files;
# diff is run on pairs below.)
COMMANDS = ("info", "top-kernels", "memcpy", "api", "osrt", "idle-gaps", "steady-state", "nvtx", "stats",
            "gpu-util", "memory", "gpu-metrics", "advise", "ranks")

# The before/after series of nsys-pairs (INVENTORY.md there), in capture order.
SERIES = (
    ("rodinia-gaussian-report2-2022.4", "rodinia-gaussian-report3-2022.4", "rodinia-gaussian-report5-2022.4"),
    ("orin-histogram-report12-2024.5", "orin-histogram-report13-2024.5", "orin-histogram-report14-2024.5",
     "orin-histogram-report15-2024.5", "orin-histogram-report16-2024.5"),
    ("nussinov-ebc98a2-report1-2023.3", "nussinov-eaf0bbe-report1-2023.3", "nussinov-eaf0bbe-report2-2023.3",
     "nussinov-eaf0bbe-report3-2023.3", "nussinov-eaf0bbe-report4-2023.3", "nussinov-eaf0bbe-report5-2023.3"),
    ("lts-report_level-2023.3", "lts-ca-2023.3", "lts-la-2023.3", "lts-report_la_opt-2023.3"),
    ("cestwc-balinski-report1-2025.5", "cestwc-balinski-report2-2025.5", "cestwc-balinski-report3-2025.5"),
)


def exports():
    """Every shared real export, folder by folder, in name order ([] when absent)."""
    out = []
    for d in FOLDERS:
        p = os.path.join(FIXTURE_ROOT, d)
        if os.path.isdir(p):
            out += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".sqlite"))
    return out


def diff_pairs():
    """(base, patch) paths: consecutive captures of each series, then consecutive
    files of nsys-pairs in name order (series crossed too), without repeats."""
    d = os.path.join(FIXTURE_ROOT, "nsys-pairs")
    if not os.path.isdir(d):
        return []
    pairs = []
    for s in SERIES:
        pairs += [(os.path.join(d, a + ".sqlite"), os.path.join(d, b + ".sqlite")) for a, b in zip(s, s[1:])]
    files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".sqlite"))
    pairs += [p for p in zip(files, files[1:]) if p not in pairs]
    return [p for p in pairs if os.path.exists(p[0]) and os.path.exists(p[1])]


def jobs():
    """(label, argv after the binary) for every default document."""
    out = []
    for e in exports():
        for c in COMMANDS:
            out.append((f"{c} {os.path.basename(e)}", [c, e]))
    for a, b in diff_pairs():
        out.append((f"diff {os.path.basename(a)} {os.path.basename(b)}", ["diff", a, b]))
    return out


def run(nsysql, argv, env=None):
    """(exit code, stdout bytes) of one call."""
    e = dict(os.environ)
    e.setdefault("NSYSQL_CACHE", "0")
    if env:
        e.update(env)
    p = subprocess.run([nsysql, *argv], capture_output=True, env=e, timeout=900)
    return p.returncode, p.stdout


def compact(v):
    return len(json.dumps(v, separators=(",", ":"), ensure_ascii=False).encode())


def dominant(doc, n=4, floor=0.1):
    """The largest parts of a document: [(json path, bytes, rows)] of the deepest
    subtrees that hold at least `floor` of it, largest first."""
    total = compact(doc)
    found = []

    def walk(v, path):
        size = compact(v)
        if size < floor * total:
            return
        kids = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else []
        deeper = False
        if isinstance(v, dict):
            for k, x in kids:
                if compact(x) >= floor * total:
                    deeper = True
                    walk(x, f"{path}.{k}")
        if not deeper:
            found.append((path or ".", size, len(v) if isinstance(v, (list, dict)) else None))

    walk(doc, "")
    found.sort(key=lambda t: -t[1])
    return found[:n]


def measure(nsysql, todo, workers=2):
    """[(label, bytes, rc, doc or None)] for every job."""

    def one(job):
        label, argv = job
        rc, out = run(nsysql, argv)
        try:
            doc = json.loads(out)
        except ValueError:
            doc = None
        return label, len(out.rstrip(b"\n")), rc, doc

    with ThreadPoolExecutor(workers) as ex:
        return list(ex.map(one, todo))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nsysql", default=os.environ.get("NSYSQL", os.path.join(SRC, "build", "nsysql")))
    ap.add_argument("--bound", type=int, default=BOUND)
    ap.add_argument("--all", action="store_true", help="list every document, not only those over the bound")
    ap.add_argument("--only", help="only the jobs whose label starts with this")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--json", help="write [{label, bytes, rc}] here")
    a = ap.parse_args()
    todo = [j for j in jobs() if not a.only or j[0].startswith(a.only)]
    if not todo:
        print(f"no exports under {FIXTURE_ROOT}")
        return 1
    res = measure(a.nsysql, todo, a.j)
    over = [r for r in res if r[1] > a.bound]
    for label, size, rc, doc in sorted(res, key=lambda r: -r[1]):
        if size <= a.bound and not a.all:
            continue
        print(f"{size:8d}  rc={rc}  {label}")
        if size > a.bound and doc is not None:
            for path, bytes_, rows in dominant(doc):
                print(f"{'':10}{bytes_:8d} B  {path}" + (f"  ({rows} entries)" if rows is not None else ""))
    ndiff = sum(1 for r in res if r[0].startswith("diff "))
    print(f"{len(over)} of {len(res)} default documents over {a.bound} bytes "
          f"({sum(1 for r in over if r[0].startswith('diff '))} of {ndiff} diff documents); "
          f"largest {max(r[1] for r in res)} bytes")
    if a.json:
        with open(a.json, "w") as f:
            json.dump([{"label": l, "bytes": s, "rc": rc} for l, s, rc, _ in res], f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
