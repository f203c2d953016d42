#!/usr/bin/env python3
"""steady-state over several exports (one per rank) prints nsysql/merge.

- Generated ranks with planted, noise-free iteration costs (CV 0): rank 0
  costs 2*5000 + 3000 = 13000 ns per iteration, rank 1 2*7500 + 4500 =
  19500 ns, rank 2 the same as rank 0: the merged view lists each input's
  steady window and median cost, and cost_spread is min 13000 (input 0),
  max 19500 (input 1), max_over_min 1.5 exactly.
- Each input's document is byte for byte the single-input document; the merged
  window of each run equals that document's window.
- A missing input carries its error document, the others are analysed, exit 3.
- `nsysql merge` over the --partial documents prints the same bytes as the
  in-process run, -j 1 and -j 2 alike.
- A real capture without a steady state next to a generated one: found_in 1
  and no cost_spread (it needs two inputs with the same method and metric).
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402


def run_raw(*args):
    p = subprocess.run([nsq.NSYSQL, *map(str, args)], capture_output=True, timeout=600)
    return p.returncode, p.stdout.decode()


c = nsq.Checks()
tmp = tempfile.mkdtemp(prefix="nsq-msteady-")
plan = [(5000, 3000), (7500, 4500), (5000, 3000)]
paths = []
for i, (a, b) in enumerate(plan):
    p = os.path.join(tmp, f"rank{i}.sqlite")
    nsq.gen(p, "--iterations", 40, "--seed", i + 1, "--kernel", f"k1:{a}:0:2", "--kernel", f"k2:{b}:0")
    paths.append(p)
missing = os.path.join(tmp, "absent.sqlite")

rc, out = run_raw("steady-state", *paths, missing)
c.eq(rc, 3, "exit code with one missing input")
doc = json.loads(out)
nsq.validate(doc)
c.eq(doc["schema"], "nsysql/merge", "schema")
res = doc["result"]
c.eq((res["inputs_total"], res["inputs_ok"], res["inputs_failed"]), (4, 3, 1), "input counts")
c.eq(res["inputs"][3]["document"]["schema"], "nsysql/error", "the missing input's document")
m = res["merged"]
c.eq(m["inputs_analysed"], 3, "inputs analysed")
c.eq(m["found_in"], 3, "found in")
for i, p in enumerate(paths):
    single = nsq.run("steady-state", p)
    rc1, out1 = run_raw("steady-state", p)
    c.eq(json.loads(out1), res["inputs"][i]["document"], f"input {i}: its document is the single-input one")
    run = m["runs"][i]
    r = single["result"]
    want = 2 * plan[i][0] + plan[i][1]
    c.eq(run["cost_metric"], "kernel_time_ns", f"input {i}: cost metric")
    c.eq(run["cost_median"], want, f"input {i}: planted cost per iteration")
    for k in ("steady_start_ns", "steady_end_ns", "steady_duration_ns"):
        c.eq(run[k], r[k], f"input {i}: {k}")
    c.eq(run["steady_iterations"], r["iterations"]["steady"], f"input {i}: steady iterations")
    c.eq(run["method"], "nvtx", f"input {i}: method")
sp = m["cost_spread"]
c.check(sp is not None, "cost spread present")
if sp:
    c.eq((sp["min"], sp["min_input"], sp["max"], sp["max_input"]), (13000, 0, 19500, 1), "spread ends")
    c.eq(sp["max_over_min"], 1.5, "planted straggler ratio")

# the partials, merged apart, give the same bytes; -j does not matter
parts = []
for i, p in enumerate(paths + [missing]):
    rcp, part = run_raw("steady-state", p, "--partial")
    f = os.path.join(tmp, f"part{i}.json")
    with open(f, "w") as fh:
        fh.write(part)
    parts.append(f)
rcm, merged = run_raw("merge", *parts)
c.eq(rcm, 3, "merge exit code")
c.eq(merged.replace(tmp, "T"), out.replace(tmp, "T"), "merge of partials = in-process run")
for j in ("1", "2"):
    rcj, outj = run_raw("steady-state", *paths, missing, "-j", j)
    c.eq((rcj, outj), (rc, out), f"-j {j}: same bytes")

# a real capture with no steady state (one kernel launched once) next to a generated rank
real = os.path.join(nsq.FIXTURES, "..", "nsys-pairs", "nussinov-eaf0bbe-report1-2023.3.sqlite")
if os.path.exists(real):
    rc2, out2 = run_raw("steady-state", real, paths[0])
    c.eq(rc2, 0, "real + generated: exit 0")
    d2 = json.loads(out2)
    nsq.validate(d2)
    m2 = d2["result"]["merged"]
    c.eq([r["found"] for r in m2["runs"]], [False, True], "found per input")
    c.eq(m2["found_in"], 1, "found in")
    c.eq(m2["cost_spread"], None, "no spread with one steady input")
    c.eq(m2["runs"][0]["cost_median"], None, "no cost without a steady state")
else:
    print("skip: nsys-pairs fixture absent")
c.done()
