#!/usr/bin/env python3
"""advise: every planted problem found with its planted evidence, nothing on a
clean export, rules that cannot run reported as not evaluated, and on every
real fixture a few findings checked against the test's own SQL.

Planted (nsysql-gen): a 5 ms sync gap (gpu_gaps: the worst gap is exactly
5 ms, cause sync; low_utilization), 500 ns kernels launched 200 times
(launch_bound: shorter than the median cudaLaunchKernel row), one HtoD copy
per iteration (htod_in_steady_state: the count of HtoD rows inside the steady
window, by SQL), leaked buffers inserted as CUDA_GPU_MEMORY_USAGE_EVENTS rows
(memory_never_freed). A clean export (long kernels, no copies): no finding,
memory_never_freed not evaluated (no_memory_events), worst_severity null.
Real fixtures: gpu_gaps' gap count and total equal the holes longer than 1 ms
of the union of GPU ops and profiler overhead, computed here per device from
the raw tables (one process per device in these fixtures); pageable_memcpy's count and
time equal the SQL count of memcpy rows with a pageable side (srcKind or
dstKind 0).
"""
import csv
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()


def advise(path, *args, expect_rc=0):
    d = nsq.run("advise", path, *args, expect_rc=expect_rc)
    return d["result"], {f["rule"]: f for f in d["result"].get("findings", [])}


def gaps_by_sql(path, min_gap=1_000_000):
    """idle-gaps' definition: per device, the holes of (GPU ops U profiler
    overhead) between the first op start and the last op end, longer than
    min_gap (strictly)."""
    db = nsq.raw_db(path)
    ops = {}
    for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
        try:
            for d, s, e in db.execute(f'SELECT deviceId, start, "end" FROM {t} WHERE "end" >= start'):
                ops.setdefault(d, []).append((s, e))
        except sqlite3.OperationalError:
            pass
    try:
        over = db.execute('SELECT start, "end" FROM PROFILER_OVERHEAD WHERE "end" > start').fetchall()
    except sqlite3.OperationalError:
        over = []
    db.close()
    n = total = 0
    for iv in ops.values():
        lo, hi = min(s for s, _ in iv), max(e for _, e in iv)
        iv = iv + [(max(s, lo), min(e, hi)) for s, e in over if min(e, hi) > max(s, lo)]
        iv.sort()
        end = None
        for s, e in iv:
            if end is not None and s > end and s - end > min_gap:
                n += 1
                total += s - end
            end = e if end is None else max(end, e)
    return n, total


tmp = tempfile.mkdtemp(prefix="nsq-advise-")
# 1. a planted sync gap
g = os.path.join(tmp, "gap.sqlite")
nsq.gen(g, "--iterations", "40", "--kernel", "k1:100000:0", "--kernel", "k2:50000:0", "--gap", "20:5000000:sync")
r, f = advise(g)
c.check("gpu_gaps" in f, "gap: gpu_gaps found")
if "gpu_gaps" in f:
    w = f["gpu_gaps"]["evidence"]["worst"][0]
    c.eq((w["duration_ns"], w["cause"]), (5000000, "sync"), "gap: the planted 5 ms sync gap is the worst")
    c.eq((f["gpu_gaps"]["evidence"]["gaps"], f["gpu_gaps"]["time_at_stake_ns"]), gaps_by_sql(g), "gap: count and total by SQL")
c.check("low_utilization" in f, "gap: low utilisation found (half the capture is the gap)")
order = [x["time_at_stake_ns"] for x in r["findings"]]
c.eq(order, sorted(order, reverse=True), "findings ordered by time at stake")
# --set raises the bar above the gap; --rule selects
r2, f2 = advise(g, "--set", "gpu_gaps.min_gap_ns=10000000", "--rule", "gpu_gaps")
c.eq((list(f2), r2["rules_evaluated"]), ([], 1), "--set min_gap 10 ms and --rule gpu_gaps: no finding, one rule")
# --fail-on
rc, out, _ = nsq.run("advise", g, "--fail-on", "warning", raw=True)
worst = json.loads(out)["result"]["worst_severity"]
c.eq(rc, 1 if worst in ("warning", "error") else 0, f"--fail-on warning with worst {worst}")
rc, out, _ = nsq.run("advise", g, "--fail-on", "fatal", raw=True)
c.eq(rc, 2, "--fail-on fatal: usage error")
rc, out, _ = nsq.run("advise", g, "--set", "nosuch.x=1", raw=True)
c.eq(rc, 2, "--set unknown rule: usage error")

# 2. launch-bound kernels
lb = os.path.join(tmp, "launch.sqlite")
nsq.gen(lb, "--iterations", "200", "--kernel", "tiny:500:0", "--kernel", "big:200000:0")
r, f = advise(lb)
db = nsq.raw_db(lb)
durs = sorted(e - s for s, e in db.execute(
    'SELECT r.start, r."end" FROM CUPTI_ACTIVITY_KIND_RUNTIME r JOIN StringIds s ON s.id = r.nameId '
    "WHERE s.value LIKE 'cudaLaunchKernel%'"))
db.close()
med = (durs[(len(durs) - 1) // 2] + durs[len(durs) // 2]) // 2
c.check(med > 500, f"the generator's launch calls last longer than 500 ns ({med})")
c.check("launch_bound" in f, "launch: launch_bound found")
if "launch_bound" in f:
    c.eq([k["name"] for k in f["launch_bound"]["evidence"]["worst"]], ["tiny"], "launch: only the 500 ns kernel")
    c.eq(f["launch_bound"]["evidence"]["launch_call_median_ns"], med, "launch: the median launch call, by SQL")

# 3. HtoD every iteration, inside the steady window
h = os.path.join(tmp, "htod.sqlite")
nsq.gen(h, "--iterations", "60", "--warmup", "3", "--memcpy-per-iter", "1", "--kernel", "k:100000:0")
r, f = advise(h)
st = nsq.run("steady-state", h)["result"]
db = nsq.raw_db(h)
n_htod = db.execute('SELECT count(*) FROM CUPTI_ACTIVITY_KIND_MEMCPY WHERE copyKind = 1 AND start < ? AND "end" > ?',
                    (st["steady_end_ns"], st["steady_start_ns"])).fetchone()[0]
db.close()
c.check("htod_in_steady_state" in f, "htod: found")
if "htod_in_steady_state" in f:
    c.eq(f["htod_in_steady_state"]["evidence"]["count"], n_htod, "htod: the HtoD copies in the steady window, by SQL")

# 4. memory never freed
m = os.path.join(tmp, "mem.sqlite")
nsq.gen(m, "--iterations", "20", "--kernel", "k:100000:0")
db = sqlite3.connect(m)
db.execute("""CREATE TABLE CUDA_GPU_MEMORY_USAGE_EVENTS (start INTEGER NOT NULL, globalPid INTEGER NOT NULL,
  deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, address INTEGER NOT NULL, pc INTEGER NOT NULL,
  bytes INTEGER NOT NULL, memKind INTEGER NOT NULL, memoryOperationType INTEGER NOT NULL, name TEXT,
  correlationId INTEGER)""")
gpid = db.execute("SELECT globalPid FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 1").fetchone()[0]
for t, a, b, k, op in ((1000, 1, 4096, 2, 0), (2000, 2, 8192, 2, 0), (3000, 3, 100, 2, 0), (4000, 3, 100, 2, 1),
                       (5000, 4, 16, 5, 0)):
    db.execute("INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS VALUES (?,?,0,1,?,0,?,?,?,NULL,7)", (t, gpid, a, b, k, op))
db.commit()
db.close()
r, f = advise(m)
c.check("memory_never_freed" in f, "memory: found")
if "memory_never_freed" in f:
    e = f["memory_never_freed"]["evidence"]
    c.eq((e["allocations"], e["bytes"]), (2, 4096 + 8192), "memory: the two leaked buffers, the static global apart")

# 5. clean
cl = os.path.join(tmp, "clean.sqlite")
nsq.gen(cl, "--iterations", "40", "--kernel", "k1:200000:0", "--kernel", "k2:150000:0")
r, f = advise(cl)
c.eq(list(f), [], "clean: no finding")
c.eq(r["worst_severity"], None, "clean: no severity")
c.eq([(x["rule"], x["code"]) for x in r["not_evaluated"]], [("memory_never_freed", "no_memory_events")],
     "clean: the memory rule could not run, and says so")
rc, out, _ = nsq.run("advise", cl, "--fail-on", "info", raw=True)
c.eq(rc, 0, "clean: --fail-on info exits 0")
# one kernel launch per capture: no steady state, and no copy at all; the
# steady-state rule is still evaluated (no HtoD copy anywhere, so none in it)
one = os.path.join(tmp, "oneshot.sqlite")
nsq.gen(one, "--iterations", "1", "--kernel", "k1:200000:0")
r1, f1 = advise(one)
c.eq(nsq.run("steady-state", one, expect_rc=None)["ok"] is True and
     nsq.run("steady-state", one, expect_rc=None)["result"]["found"], False, "one shot: no steady state")
c.check("htod_in_steady_state" not in [x["rule"] for x in r1["not_evaluated"]] and "htod_in_steady_state" not in f1,
        "one shot without copies: htod_in_steady_state evaluated, no finding")
lr = nsq.run("advise", cl, "--list-rules")["result"]["rules"]
c.eq(nsq.run("advise", "--list-rules")["result"]["rules"], lr, "--list-rules needs no export")
rc, out, _ = nsq.run("advise", "--list-rules", "--format", "table", raw=True)
c.eq([l.split()[0] for l in out.splitlines()[1:]], [r["rule"] for r in lr], "--list-rules --format table: a rule per row")
c.eq(nsq.run("advise", expect_rc=2)["error"]["code"], "missing_input", "advise without an export or --list-rules")
c.eq(len(lr), 8, "--list-rules: eight rules")

# 6. real fixtures
fixtures = [x for x in sorted(os.listdir(nsq.FIXTURES)) if x.endswith(".sqlite")] if os.path.isdir(nsq.FIXTURES) else []
for fx in fixtures:
    p = os.path.join(nsq.FIXTURES, fx)
    rc, out, _ = nsq.run("advise", p, raw=True)
    doc = json.loads(out)
    nsq.validate(doc)
    if rc != 0:
        c.check(doc["schema"] == "nsysql/error", f"{fx}: an error document when advise cannot run")
        continue
    res = doc["result"]
    fs = {x["rule"]: x for x in res["findings"]}
    n, total = gaps_by_sql(p)
    if res["gpu_span_ns"] > 0:
        got = (fs["gpu_gaps"]["evidence"]["gaps"], fs["gpu_gaps"]["time_at_stake_ns"]) if "gpu_gaps" in fs else (0, 0)
        c.eq(got, (n, total), f"{fx}: gpu_gaps count and total, by SQL")
    db = nsq.raw_db(p)
    try:
        pc, pt = db.execute('SELECT count(*), COALESCE(sum("end" - start), 0) FROM CUPTI_ACTIVITY_KIND_MEMCPY '
                            'WHERE srcKind = 0 OR dstKind = 0').fetchone()
    except sqlite3.OperationalError:
        pc = pt = None
    db.close()
    evaluated = "pageable_memcpy" not in [x["rule"] for x in res["not_evaluated"]]
    if pc is not None and evaluated:
        got = (fs["pageable_memcpy"]["evidence"]["count"], fs["pageable_memcpy"]["time_at_stake_ns"]) if "pageable_memcpy" in fs else (0, 0)
        c.eq(got, (pc, pt), f"{fx}: pageable copies, by SQL")
    for x in res["not_evaluated"]:
        c.check(x["code"] and x["reason"], f"{fx}: {x['rule']} not evaluated with a reason")
    # --format table|md|csv: one row per finding, in the document's order, the gaps by SQL again
    for fmt in ("table", "md", "csv"):
        rc, out, err = nsq.run("advise", p, "--format", fmt, raw=True)
        c.eq(rc, 0, f"{fx}: advise --format {fmt}")
        rows = [l for l in out.splitlines() if l.split(",")[0].strip("| ").split(" ")[0] in ("info", "warning", "error")]
        if fmt == "csv":
            rows = list(csv.reader(rows))
        elif fmt == "md":
            rows = [[x.strip() for x in l.strip("|").split(" | ")] for l in rows]
        else:
            rows = [l.split(None, 3) for l in rows]
        c.eq([(r[0], int(r[1]), r[2]) for r in rows],
             [(f["severity"], f["time_at_stake_ns"], f["rule"]) for f in res["findings"]],
             f"{fx}: --format {fmt}: severity, time at stake and rule of each finding, in order")
        if fmt == "table":
            ev = [l.strip()[len("evidence: "):] for l in out.splitlines() if l.startswith("    evidence: ")]
            c.eq([json.loads(e) for e in ev], [f["evidence"] for f in res["findings"]],
                 f"{fx}: --format table: each finding's evidence on its own line")
            if "gpu_gaps" in fs:
                c.eq(int([r for r in rows if r[2] == "gpu_gaps"][0][1]), total, f"{fx}: table gpu_gaps time, by SQL")
        ne = [x["rule"] for x in res["not_evaluated"]]
        c.eq(sorted(l.lstrip("- ").split()[0] for l in (out if fmt != "csv" else err).splitlines()
                    if l.lstrip("- ").split(" (")[0] in ne and "(" in l),
             sorted(ne), f"{fx}: --format {fmt}: the rules not evaluated")

# launch_bound over more kernel names than it examines (12,000 names, 2
# instances each, thresholds lowered so that every name qualifies): the
# 10,000 names with the most time are examined, the rest counted apart; the
# time of the rest by SQL (names tied at the boundary have equal totals)
many = os.path.join(tmp, "many-names.sqlite")
nsq.gen(many, "--kernels", "24000", "--distinct-names", "12000", "--seed", "4")
d = nsq.run("advise", many, "--rule", "launch_bound", "--set", "launch_bound.min_instances=1",
            "--set", "launch_bound.factor=100000")
lb = [f for f in d["result"]["findings"] if f["rule"] == "launch_bound"]
c.eq(len(lb), 1, "many names: launch_bound found")
if lb:
    ev = lb[0]["evidence"]
    db = sqlite3.connect(f"file:{many}?mode=ro", uri=True)
    totals = sorted((t for (t,) in db.execute(
        'SELECT sum("end" - start) FROM CUPTI_ACTIVITY_KIND_KERNEL GROUP BY shortName')), reverse=True)
    db.close()
    c.eq((ev["kernels"], ev["names_not_examined"], ev["time_not_examined_ns"]),
         (10000, 2000, sum(totals[10000:])),
         "many names: 10,000 names examined, the other 2,000 and their time counted apart")
c.done()
