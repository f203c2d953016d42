#!/usr/bin/env python3
"""api and osrt over several exports: per-input documents and calls pooled by name.

- Generated ranks with planted launch counts: rank i launches its kernels
  exactly K_i times (one cudaLaunchKernel_v7000 row each, GEN.md), so the
  pooled count of that call is sum(K_i); every pooled row's count, total and
  max equal the sums and maximum the test takes over the per-input documents,
  whose own numbers test_api.py checks against raw SQL; and the pooled count and
  total of every call name also equal the test's own SQL over the raw runtime
  tables of all inputs (generated exports: no backtrace duplicates, one kind;
  the name without its _vNNNN suffix, as api prints it).
- Each input's document is byte for byte the single-input document; a missing
  input carries its error document and the exit code is 3; `merge` of the
  --partial documents prints the same bytes as the in-process run.
- osrt: the real OSRT capture twice: every pooled count and total is twice the
  single document's, blocked_ns too.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402


def run_raw(*args):
    p = subprocess.run([nsq.NSYSQL, *map(str, args)], capture_output=True, timeout=600)
    return p.returncode, p.stdout.decode()


def pooled_from_docs(docs, lst, keys, sums):
    out = {}
    for d in docs:
        for r in d["result"][lst]:
            k = tuple(r[x] for x in keys)
            o = out.setdefault(k, {s: 0 for s in sums} | {"max_ns": -1})
            for s in sums:
                o[s] += r[s]
            o["max_ns"] = max(o["max_ns"], r["max_ns"])
    return out


def check_pooled(c, label, merged, docs, lst, keys, sums):
    want = pooled_from_docs(docs, lst, keys, sums)
    got = {tuple(r[x] for x in keys): r for r in merged[lst]}
    c.eq(sorted(got), sorted(want), f"{label}: {lst} keys")
    for k, w in want.items():
        g = got.get(k)
        if not g:
            continue
        for s in sums + ["max_ns"]:
            c.eq(g[s], w[s], f"{label}: {lst} {k} {s}")
        c.eq(g["mean_ns"], g["total_ns"] // g["count"] if g["count"] else 0, f"{label}: {lst} {k} mean")
    totals = [r["total_ns"] for r in merged[lst]]
    c.eq(totals, sorted(totals, reverse=True), f"{label}: {lst} by total, descending")


c = nsq.Checks()
tmp = tempfile.mkdtemp(prefix="nsq-mcalls-")
ks = [30, 45, 60]
paths = []
for i, k in enumerate(ks):
    p = os.path.join(tmp, f"rank{i}.sqlite")
    nsq.gen(p, "--kernels", k, "--seed", i + 1, "--kernel", "ka:5000:0.1", "--kernel", "kb:2000:0.1",
            "--memcpy-per-iter", 1)
    paths.append(p)
missing = os.path.join(tmp, "absent.sqlite")
rc, out = run_raw("api", *paths, missing)
c.eq(rc, 3, "api: exit 3 with a missing input")
doc = json.loads(out)
nsq.validate(doc)
res = doc["result"]
c.eq((res["inputs_total"], res["inputs_ok"], res["inputs_failed"]), (4, 3, 1), "api: input counts")
docs = []
for i, p in enumerate(paths):
    rc1, out1 = run_raw("api", p)
    d1 = json.loads(out1)
    c.eq(d1, res["inputs"][i]["document"], f"api: input {i} is its single-input document")
    docs.append(d1)
m = res["merged"]
check_pooled(c, "api", m, docs, "calls", ["api_kind", "name"], ["count", "total_ns"])
check_pooled(c, "api", m, docs, "launch_latency", ["kernel"], ["count", "total_ns"])
check_pooled(c, "api", m, docs, "sync_calls", ["api_kind", "name"], ["count", "total_ns", "gpu_idle_covered_ns"])
for key in ("calls_total", "api_time_ns", "bad_rows", "launches_matched", "sync_gpu_idle_covered_ns"):
    c.eq(m[key], sum(d["result"][key] for d in docs), f"api: {key} summed")
c.eq(m["names"], len(m["calls"]), "api: names = pooled rows")
launch = [r for r in m["calls"] if r["name"].startswith("cudaLaunchKernel")]
c.eq(sum(r["count"] for r in launch), sum(ks), "api: planted launches (sum of the ranks' kernels)")
# the raw SQL over all inputs
raw = {}
for p in paths:
    db = nsq.raw_db(p)
    for name, n, t in db.execute(
            'SELECT s.value, count(*), sum(r."end" - r.start) FROM CUPTI_ACTIVITY_KIND_RUNTIME r '
            'JOIN StringIds s ON s.id = r.nameId WHERE r."end" >= r.start GROUP BY s.value'):
        o = raw.setdefault(re.sub(r"_v\d+$", "", name), [0, 0])  # api drops the version suffix
        o[0] += n
        o[1] += t
    db.close()
got = {r["name"]: [r["count"], r["total_ns"]] for r in m["calls"]}
c.eq(got, raw, "api: pooled count and total per name = raw SQL over every input")

# merge of partials = in-process
parts = []
for i, p in enumerate(paths + [missing]):
    _, part = run_raw("api", p, "--partial")
    f = os.path.join(tmp, f"part{i}.json")
    with open(f, "w") as fh:
        fh.write(part)
    parts.append(f)
rcm, merged = run_raw("merge", *parts)
c.eq((rcm, merged), (rc, out), "api: merge of partials = in-process run")

osrt = os.path.join(nsq.FIXTURES, "ppcu-osrt-only-2025.6.sqlite")
if os.path.exists(osrt):
    rc2, out2 = run_raw("osrt", "--limit", "0", osrt, osrt)
    c.eq(rc2, 0, "osrt twice: exit 0")
    d2 = json.loads(out2)
    nsq.validate(d2)
    single = nsq.run("osrt", "--limit", "0", osrt)["result"]
    m2 = d2["result"]["merged"]
    want = {r["name"]: (2 * r["count"], 2 * r["total_ns"], r["max_ns"], r["blocking"]) for r in single["calls"]}
    got = {r["name"]: (r["count"], r["total_ns"], r["max_ns"], r["blocking"]) for r in m2["calls"]}
    c.eq(got, want, "osrt twice: every call doubled, max and blocking kept")
    for key in ("calls_total", "osrt_time_ns", "blocked_ns", "bad_rows"):
        c.eq(m2[key], 2 * single[key], f"osrt twice: {key}")
    c.eq(m2["names"], single["names"], "osrt twice: the same names")
    c.eq(m2["complete"], True, "osrt twice, every row listed: complete")
    _, out3 = run_raw("osrt", osrt, osrt)
    c.eq(json.loads(out3)["result"]["merged"]["complete"], single["names"] <= 20,
         "osrt twice, default --limit 20: complete only when no row was left out")
else:
    print("skip: OSRT fixture absent")
c.done()
