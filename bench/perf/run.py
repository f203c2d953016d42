#!/usr/bin/env python3
"""Analysis-speed benchmark: nsysql's analyses against a bare scan, the
straightforward SQL and a Python script, on one synthetic export.

Generates a 10-million-kernel export once (cached in bench/perf/cache/, keyed
by the generator arguments), then measures side by side in one run, each
--repeat times (the fastest wall time is reported, with its peak RSS):

  bare scan       sqlite3 CLI: SELECT sum("end"-"start") FROM CUPTI_ACTIVITY_KIND_KERNEL
  nsysql X        each analysis (top-kernels, idle-gaps, steady-state) on the fast path
  nsysql X --oracle  the same answer from nsysql's stored plain-SQL oracle
  plain SQL X     the straightforward SQL a person would write for the same
                  answer (GROUP BY, window functions), run by the sqlite3 CLI
  python X        a python3 script (sqlite3 module) computing the same
  nsys-ai X       the peer tool (`nsys-ai skill run top_kernels|gpu_idle_gaps`),
                  when `pip install nsys-ai` works (in a venv under the cache
                  folder); skipped otherwise. It adds indexes to the export it
                  reads and builds a Parquet cache on its first run, so it gets
                  its own copy of the export; the fastest (warm) run is reported

Wall time and peak RSS of each child come from os.wait4 (the child's own
rusage). Ratios are against the bare scan; goals (DESIGN.md section 7): each
analysis within 2x the bare scan, 5x faster than the plain SQL and the Python
script, under 256 MiB. This is a benchmark, not a test: it never fails on a
missed goal, it reports it.

    python3 bench/perf/run.py                      # 10M kernels, everything
    python3 bench/perf/run.py --kernels 1000000 --quick   # skip the slow baselines
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

PLAIN_TOP_KERNELS = r"""
WITH k AS (SELECT shortName AS n, "end" - start AS d FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE "end" >= start),
r AS (SELECT n, d, row_number() OVER (PARTITION BY n ORDER BY d) AS rn,
             count(*) OVER (PARTITION BY n) AS c FROM k),
g AS (SELECT n, count(*) AS instances, sum(d) AS total, min(d) AS mn, max(d) AS mx, avg(d) AS mean,
             avg(d * 1.0 * d) - avg(d) * avg(d) AS var,
             (min(CASE WHEN rn = (c + 1) / 2 THEN d END) + min(CASE WHEN rn = c / 2 + 1 THEN d END)) / 2 AS median,
             min(CASE WHEN rn = (9 * c + 9) / 10 THEN d END) AS p90
      FROM r GROUP BY n),
ops AS (SELECT deviceId AS dev, start AS s, "end" AS e FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE "end" > start),
o1 AS (SELECT dev, s, e, max(e) OVER (PARTITION BY dev ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS pe FROM ops),
o2 AS (SELECT dev, s, e, sum(CASE WHEN pe IS NULL OR s > pe THEN 1 ELSE 0 END) OVER (PARTITION BY dev ORDER BY s, e ROWS UNBOUNDED PRECEDING) AS isl FROM o1),
busy AS (SELECT sum(e - s) AS busy FROM (SELECT min(s) AS s, max(e) AS e FROM o2 GROUP BY dev, isl))
SELECT s.value, g.instances, g.total, g.mean, g.median, g.p90, g.mn, g.mx, g.var,
       100.0 * g.total / (SELECT sum(total) FROM g), 100.0 * g.total / (SELECT busy FROM busy)
FROM g JOIN StringIds s ON s.id = g.n ORDER BY g.total DESC LIMIT 20;
"""

PLAIN_IDLE_GAPS = r"""
WITH ops AS (SELECT deviceId AS dev, start AS s, "end" AS e FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE "end" > start),
o1 AS (SELECT dev, s, e, max(e) OVER (PARTITION BY dev ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS pe FROM ops),
o2 AS (SELECT dev, s, e, sum(CASE WHEN pe IS NULL OR s > pe THEN 1 ELSE 0 END) OVER (PARTITION BY dev ORDER BY s, e ROWS UNBOUNDED PRECEDING) AS isl FROM o1),
isl AS (SELECT dev, min(s) AS s, max(e) AS e FROM o2 GROUP BY dev, isl),
gaps AS (SELECT dev, e AS gs, lead(s) OVER (PARTITION BY dev ORDER BY s) AS ge FROM isl)
SELECT dev, count(*), sum(ge - gs), sum(ge - gs < 10000), sum(ge - gs >= 10000 AND ge - gs < 100000),
       sum(ge - gs >= 100000 AND ge - gs < 1000000), sum(ge - gs >= 1000000 AND ge - gs < 10000000),
       sum(ge - gs >= 10000000), max(ge - gs),
       (SELECT sum(e - s) FROM isl i WHERE i.dev = gaps.dev)
FROM gaps WHERE ge IS NOT NULL GROUP BY dev;
"""

PY_TOP_KERNELS = r"""
import math, sqlite3, statistics, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro&immutable=1", uri=True)
names = dict(db.execute("SELECT id, value FROM StringIds"))
groups, ops = {}, {}
for s, e, dev, n in db.execute('SELECT start, "end", deviceId, shortName FROM CUPTI_ACTIVITY_KIND_KERNEL'):
    if e < s:
        continue
    groups.setdefault(n, []).append(e - s)
    ops.setdefault(dev, []).append((s, e))
busy = 0
for iv in ops.values():
    iv.sort()
    cs, ce = iv[0]
    for s, e in iv[1:]:
        if s <= ce:
            ce = max(ce, e)
        else:
            busy += ce - cs
            cs, ce = s, e
    busy += ce - cs
kt = sum(sum(d) for d in groups.values())
rows = []
for n, d in groups.items():
    d.sort()
    k = len(d)
    rows.append((sum(d), names.get(n), k, sum(d) // k, (d[(k - 1) // 2] + d[k // 2]) // 2,
                 d[math.ceil(0.9 * k) - 1], d[0], d[-1], statistics.stdev(d) if k > 1 else None))
rows.sort(reverse=True)
for r in rows[:20]:
    print(r[1], r[2], r[0], r[3], r[4], r[5], r[6], r[7], r[8], 100.0 * r[0] / kt, 100.0 * r[0] / busy)
"""

PY_IDLE_GAPS = r"""
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro&immutable=1", uri=True)
ops = {}
for s, e, dev in db.execute('SELECT start, "end", deviceId FROM CUPTI_ACTIVITY_KIND_KERNEL'):
    if e > s:
        ops.setdefault(dev, []).append((s, e))
bins = [0, 10000, 100000, 1000000, 10000000]
for dev, iv in sorted(ops.items()):
    iv.sort()
    cs, ce = iv[0]
    busy, gaps = 0, []
    for s, e in iv[1:]:
        if s <= ce:
            ce = max(ce, e)
        else:
            busy += ce - cs
            gaps.append((s - ce, ce))
            cs, ce = s, e
    busy += ce - cs
    hist = [0] * 5
    for g, _ in gaps:
        hist[max(i for i in range(5) if g >= bins[i])] += 1
    gaps.sort(key=lambda x: (-x[0], x[1]))
    print(dev, busy, len(gaps), sum(g for g, _ in gaps), hist, gaps[:10])
"""


def limit_memory(limit_bytes):
    """preexec_fn capping the child's address space (baselines can need many GiB)."""
    def f():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
    return f if limit_bytes else None


def measure(cmd, timeout, stdout_path=None, env=None, mem_limit=0):
    """Runs cmd; returns (wall seconds, peak RSS bytes, exit status, stderr)."""
    out = open(stdout_path or os.devnull, "wb")
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, env=env, preexec_fn=limit_memory(mem_limit))
    deadline = t0 + timeout
    status, ru = None, None
    while True:
        pid, st, r = os.wait4(p.pid, os.WNOHANG)
        if pid:
            status, ru = st, r
            break
        if time.perf_counter() > deadline:
            p.kill()
            _, status, ru = os.wait4(p.pid, 0)
            status = -9
            break
        time.sleep(0.002)
    wall = time.perf_counter() - t0
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    out.close()
    rc = status if status == -9 else os.waitstatus_to_exitcode(status)
    return wall, ru.ru_maxrss * 1024, rc, err


def build_type(nsysql):
    cache = os.path.join(os.path.dirname(os.path.abspath(nsysql)), "CMakeCache.txt")
    try:
        with open(cache) as f:
            for line in f:
                if line.startswith("CMAKE_BUILD_TYPE:"):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def ensure_export(gen, cache, kernels, extra):
    args = ["--kernels", str(kernels), "--seed", "1"] + extra
    key = hashlib.sha256(" ".join(args).encode()).hexdigest()[:12]
    path = os.path.join(cache, f"perf-{kernels}-{key}.sqlite")
    if os.path.exists(path):
        # the generator writes no index: one means a tool wrote into the file
        # (nsys-ai adds its own indexes to the export it reads), so start over
        import sqlite3 as sq
        db = sq.connect(f"file:{path}?mode=ro", uri=True)
        n = db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'index'").fetchone()[0]
        db.close()
        if n == 0:
            return path, False
        print(f"{path} was modified by another tool ({n} indexes added): regenerating", flush=True)
        os.remove(path)
    os.makedirs(cache, exist_ok=True)
    tmp = path + ".part"
    print(f"generating {path} ({' '.join(args)}) ...", flush=True)
    p = subprocess.run([gen, "--out", tmp, *args], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"nsysql-gen failed: {p.stderr}")
    os.replace(tmp, path)
    return path, True


def nsys_ai(cache, timeout):
    """Installs nsys-ai into a venv under the cache; returns its executable or None."""
    venv = os.path.join(cache, "nsys-ai-venv")
    exe = os.path.join(venv, "bin", "nsys-ai")
    if os.path.exists(exe):
        return exe, None
    if os.path.exists(os.path.join(cache, "nsys-ai-unavailable")):
        with open(os.path.join(cache, "nsys-ai-unavailable")) as f:
            return None, f.read().strip()
    try:
        subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True, timeout=timeout)
        p = subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", "nsys-ai"],
                           capture_output=True, text=True, timeout=timeout)
        if p.returncode == 0 and os.path.exists(exe):
            return exe, None
        why = (p.stderr or p.stdout).strip().splitlines()[-1:] or ["pip failed"]
        why = why[0]
    except (subprocess.SubprocessError, OSError) as e:
        why = str(e)
    shutil.rmtree(venv, ignore_errors=True)
    with open(os.path.join(cache, "nsys-ai-unavailable"), "w") as f:
        f.write(why)
    return None, why


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", type=int, default=10_000_000)
    ap.add_argument("--gen-arg", action="append", default=[], help="extra nsysql-gen argument (repeatable)")
    ap.add_argument("--nsysql", default=os.path.join(ROOT, "build", "nsysql"))
    ap.add_argument("--gen", default=None, help="nsysql-gen (default: next to nsysql, in bench/perf/)")
    ap.add_argument("--cache", default=os.path.join(HERE, "cache"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per measurement")
    ap.add_argument("--quick", action="store_true", help="skip the plain SQL, oracle and Python baselines")
    ap.add_argument("--oracle", choices=("auto", "yes", "no"), default="auto",
                    help="measure nsysql --oracle (auto: only up to 2M kernels; its MATERIALIZED "
                         "CTEs held in memory need about 2 GiB per million GPU ops)")
    ap.add_argument("--baseline-mem-gib", type=float, default=8,
                    help="address-space cap for the baselines (plain SQL, oracle, Python); 0 = none")
    ap.add_argument("--no-nsys-ai", action="store_true")
    ap.add_argument("--analyses", default="top-kernels,idle-gaps,steady-state")
    ap.add_argument("--json", help="also write the measurements here")
    a = ap.parse_args()

    gen = a.gen or os.path.join(os.path.dirname(os.path.abspath(a.nsysql)), "bench", "perf", "nsysql-gen")
    for exe in (a.nsysql, gen):
        if not os.access(exe, os.X_OK):
            sys.exit(f"not found: {exe} (build first: cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build)")
    sqlite3 = shutil.which("sqlite3")
    if not sqlite3:
        sys.exit("the sqlite3 CLI is needed for the bare scan")
    bt = build_type(a.nsysql)
    if bt not in ("Release", "RelWithDebInfo"):
        print(f"warning: {a.nsysql} is a {bt} build; timings of an unoptimised build say little", flush=True)
    export, fresh = ensure_export(gen, a.cache, a.kernels, a.gen_arg)
    size = os.path.getsize(export)
    tmpdir = tempfile.mkdtemp(prefix="nsq-bench-")
    scripts = {}
    for name, text in (("py-top-kernels.py", PY_TOP_KERNELS), ("py-idle-gaps.py", PY_IDLE_GAPS),
                       ("plain-top-kernels.sql", PLAIN_TOP_KERNELS), ("plain-idle-gaps.sql", PLAIN_IDLE_GAPS)):
        scripts[name] = os.path.join(tmpdir, name)
        with open(scripts[name], "w") as f:
            f.write(text)

    bare_sql = 'SELECT sum("end"-"start") FROM CUPTI_ACTIVITY_KIND_KERNEL'
    rows = []  # (group, label, cmd)
    rows.append(("scan", "sqlite3 CLI bare scan of the kernel table", [sqlite3, export, bare_sql]))
    analyses = [x for x in a.analyses.split(",") if x]
    for an in analyses:
        rows.append((an, f"nsysql {an}", [a.nsysql, an, export]))
        if a.quick:
            continue
        if an in ("top-kernels", "idle-gaps"):
            if a.oracle == "yes" or (a.oracle == "auto" and a.kernels <= 2_000_000):
                rows.append((an, f"nsysql {an} --oracle (stored plain SQL)", [a.nsysql, an, export, "--oracle"]))
            plain = scripts[f"plain-{an}.sql"]
            rows.append((an, f"plain SQL {an} (sqlite3 CLI)", [sqlite3, export, f".read {plain}"]))
            rows.append((an, f"python3 sqlite3-module {an}", [sys.executable, scripts[f"py-{an}.py"], export]))
    ai, ai_why = (None, "skipped (--no-nsys-ai)") if a.no_nsys_ai else nsys_ai(a.cache, 600)
    if ai:
        # nsys-ai writes indexes (and a Parquet cache) into/next to the export
        # it reads: give it its own copy so the other rows see the file as generated
        ai_export = export[:-len(".sqlite")] + ".nsys-ai-copy.sqlite"
        if not os.path.exists(ai_export):
            shutil.copyfile(export, ai_export + ".part")
            os.replace(ai_export + ".part", ai_export)
        for an, skill in (("top-kernels", "top_kernels"), ("idle-gaps", "gpu_idle_gaps")):
            if an in analyses:
                rows.append((an, f"nsys-ai skill run {skill}",
                             [ai, "skill", "run", skill, ai_export, "--format", "json"]))

    print(f"export: {export} ({size / 2**30:.2f} GiB, {a.kernels} kernels{', generated now' if fresh else ', cached'})")
    print(f"nsysql: {a.nsysql} ({bt}); repeat {a.repeat}, fastest run reported\n", flush=True)
    # warm the page cache so the first measurement is not a cold read
    measure([sqlite3, export, bare_sql], a.timeout)
    results = []
    for group, label, cmd in rows:
        best = None
        fast = group == "scan" or label.startswith("nsys-ai") or (label.startswith("nsysql") and "oracle" not in label)
        cap = 0 if fast else int(a.baseline_mem_gib * 2**30)
        for _ in range(a.repeat if fast else 1):
            wall, rss, rc, err = measure(cmd, a.timeout, mem_limit=cap)
            if best is None or (rc == 0 and wall < best[0]):
                best = (wall, rss, rc, err)
        results.append(dict(group=group, label=label, cmd=cmd, wall_s=best[0], peak_rss_bytes=best[1],
                            exit=best[2], error=best[3].strip().splitlines()[-1] if best[2] else None))
        r = results[-1]
        print(f"  measured {label}: {r['wall_s']:.2f} s, {r['peak_rss_bytes'] / 2**20:.0f} MiB"
              + (f"  (exit {r['exit']}: {r['error']})" if r["exit"] else ""), flush=True)
    bare = results[0]["wall_s"]
    print()
    print(f"{'what':58s} {'wall s':>8s} {'x bare':>7s} {'peak MiB':>9s}  {'vs nsysql':>10s}")
    ours = {r["group"]: r["wall_s"] for r in results if r["label"] == f"nsysql {r['group']}"}
    for r in results:
        ok = r["exit"] == 0
        vs = ""
        if r["group"] in ours and not r["label"].startswith(f"nsysql {r['group']}") or (
                r["group"] in ours and "oracle" in r["label"]):
            vs = f"{r['wall_s'] / ours[r['group']]:.1f}x slower" if ok else ""
        print(f"{r['label'][:58]:58s} {r['wall_s']:8.2f} {r['wall_s'] / bare:7.2f} "
              f"{r['peak_rss_bytes'] / 2**20:9.0f}  {vs:>10s}{'' if ok else '  FAILED: ' + (r['error'] or '')}")
    print()
    for an in analyses:
        if an not in ours:
            continue
        r = [x for x in results if x["label"] == f"nsysql {an}"][0]
        if r["exit"]:
            print(f"goal {an}: did not run ({r['error']})")
            continue
        others = [x for x in results if x["group"] == an and x is not r and x["exit"] == 0
                  and not x["label"].startswith("nsys-ai")]
        slow = min((x["wall_s"] / r["wall_s"] for x in others), default=None)
        print(f"goal {an}: {r['wall_s'] / bare:.2f}x bare scan (goal <= 2), "
              f"{r['peak_rss_bytes'] / 2**20:.0f} MiB (goal < 256)"
              + (f", baselines >= {slow:.1f}x slower (goal >= 5)" if slow else ""))
    if not ai:
        print(f"nsys-ai: not measured ({ai_why})")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(dict(export=export, export_bytes=size, kernels=a.kernels, nsysql_build=bt,
                           nsys_ai=ai_why if not ai else "measured", results=results), f, indent=2)
    shutil.rmtree(tmpdir, ignore_errors=True)


if __name__ == "__main__":
    main()
