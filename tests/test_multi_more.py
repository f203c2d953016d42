#!/usr/bin/env python3
"""nvtx, memcpy, gpu-util, gpu-metrics, memory and advise over several exports.

For each command, three generated ranks (different iteration counts, so the
planted figures differ) and one missing input:
- exit 3, the input counts, and each input's document byte for byte the
  single-input document;
- the merged view equals what the test computes itself: planted figures
  (NVTX iterations, memcpys, metric samples, leaked buffers) and the test's
  own SQL over the raw tables of every input, and sums / extremes / orders
  taken over the single-input documents (whose numbers the per-command tests
  check against raw SQL);
- `merge` of the --partial documents prints the same bytes as the run;
- advise --fail-on: exit 1 when the gate fails on one input.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()
tmp = tempfile.mkdtemp(prefix="nsq-mmore-")
ITERS = [12, 20, 31]
LEAKS = [1, 2, 3]
paths = []
for i, it in enumerate(ITERS):
    p = os.path.join(tmp, f"rank{i}.sqlite")
    nsq.gen(p, "--iterations", it, "--seed", i + 1, "--devices", 1 + (i == 2), "--memcpy-per-iter", 2,
            "--memset-per-iter", 1, "--gpu-metrics", f"1000:0.02:{1 + i % 2}", "--mem-events", f"4:{1000 * (i + 1)}:{LEAKS[i]}",
            "--gap", "5:2000000:sync")
    paths.append(p)
missing = os.path.join(tmp, "absent.sqlite")


def run_raw(*args):
    p = subprocess.run([nsq.NSYSQL, *map(str, args)], capture_output=True, timeout=600)
    return p.returncode, p.stdout.decode()


def raw(sql):
    out = []
    for p in paths:
        db = nsq.raw_db(p)
        out.append(db.execute(sql).fetchall())
        db.close()
    return out


def multi(cmd, *extra):
    """The many-input run, its per-input single documents, checked for the common contract."""
    rc, out = run_raw(cmd, *paths, missing, *extra)
    c.eq(rc, 3, f"{cmd}: exit 3 with a missing input")
    doc = json.loads(out)
    nsq.validate(doc)
    res = doc["result"]
    c.eq((res["inputs_total"], res["inputs_ok"], res["inputs_failed"]), (4, 3, 1), f"{cmd}: input counts")
    c.eq(res["inputs"][3]["document"]["error"]["code"], "input_not_found", f"{cmd}: the missing input's error")
    docs = []
    for i, p in enumerate(paths):
        _, o1 = run_raw(cmd, p, *extra)
        d1 = json.loads(o1)
        c.eq(res["inputs"][i]["document"], d1, f"{cmd}: input {i} is its single-input document")
        docs.append(d1)
    parts = []
    for i, p in enumerate(paths + [missing]):
        _, part = run_raw(cmd, p, "--partial", *extra)
        f = os.path.join(tmp, f"{cmd}-part{i}.json")
        with open(f, "w") as fh:
            fh.write(part)
        parts.append(f)
    rcm, merged = run_raw("merge", *parts)
    c.eq((rcm, merged), (rc, out), f"{cmd}: merge of partials = in-process run")
    return res["merged"], docs


# nvtx: every iteration is one NVTX range named "iteration"
m, docs = multi("nvtx", "--limit", "0")
names = {(r["domain"], r["name"]): r for r in m["names"]}
want_iters = sum(n for [(n,)] in raw("SELECT count(*) FROM NVTX_EVENTS WHERE text = 'iteration'"))
c.eq(names[("default", "iteration")]["instances"], want_iters, "nvtx: iterations pooled = raw NVTX rows over the inputs")
c.check(want_iters >= sum(ITERS), f"nvtx: at least the planted iterations ({want_iters})")
for key in ("ranges", "gpu_ops", "gpu_busy_ns", "gpu_time_ns"):
    c.eq(m["totals"][key], sum(d["result"]["totals"][key] for d in docs), f"nvtx: totals.{key} summed")
for (dom, name), r in names.items():
    rows = [x for d in docs for x in d["result"]["names"] if (x["domain"], x["name"]) == (dom, name)]
    c.eq((r["instances"], r["total_ns"], r["max_ns"]),
         (sum(x["instances"] for x in rows), sum(x["total_ns"] for x in rows), max(x["max_ns"] for x in rows)),
         f"nvtx: {name} pooled")
c.eq(m["complete"], True, "nvtx --limit 0: complete")
m50, _ = multi("nvtx", "--limit", "1")
c.eq(m50["complete"], False, "nvtx --limit 1: the pooled rows are marked incomplete")

# memcpy: counts and bytes against the raw tables
m, docs = multi("memcpy")
cnt, byt = 0, 0
for [(n, b)] in raw("SELECT count(*), sum(bytes) FROM CUPTI_ACTIVITY_KIND_MEMCPY"):
    cnt, byt = cnt + n, byt + b
c.eq((m["memcpy"]["total"]["count"], m["memcpy"]["total"]["bytes"]), (cnt, byt), "memcpy: count and bytes = raw SQL")
c.eq(m["memcpy"]["total"]["count"], 2 * sum(ITERS) * 1 + 2 * ITERS[2] * 0 + 2 * ITERS[2],
     "memcpy: planted two per iteration and device")
by = {r["key"]: r for r in m["memcpy"]["by_kind"]}
raw_kind = {}
for rows in raw("SELECT copyKind, count(*), sum(bytes), sum(\"end\" - start) FROM CUPTI_ACTIVITY_KIND_MEMCPY GROUP BY 1"):
    for k, n, b, t in rows:
        o = raw_kind.setdefault({1: "HtoD", 2: "DtoH", 8: "DtoD"}.get(k, k), [0, 0, 0])
        o[0], o[1], o[2] = o[0] + n, o[1] + b, o[2] + t
c.eq({k: [r["count"], r["bytes"], r["total_ns"]] for k, r in by.items()}, raw_kind, "memcpy: by kind = raw SQL")
ms = m["memset"]["total"]
c.eq(ms["count"], sum(n for [(n,)] in raw("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_MEMSET")), "memset: count = raw SQL")
c.eq(m["devices"], sum(len(d["result"]["devices"]) for d in docs), "memcpy: devices summed")

# gpu-util: every (input, device), least busy first
m, docs = multi("gpu-util")
devs = [(i, x) for i, d in enumerate(docs) for x in d["result"]["devices"]]
c.eq(m["device_count"], len(devs), "gpu-util: devices")
c.eq((m["busy_ns"], m["span_ns"]), (sum(x["busy_ns"] for _, x in devs), sum(x["span_ns"] for _, x in devs)),
     "gpu-util: busy and span summed")
c.eq([r["busy_pct"] for r in m["devices"]], sorted(r["busy_pct"] for r in m["devices"]), "gpu-util: least busy first")
c.eq(sorted((r["input"], r["device"], r["busy_ns"]) for r in m["devices"]),
     sorted((i, x["device"], x["busy_ns"]) for i, x in devs), "gpu-util: the rows are the inputs' devices")

# gpu-metrics: samples per metric against the raw table
m, docs = multi("gpu-metrics")
got = {r["metric"]: r["samples"] for r in m["metrics"]}
want = {}
for rows in raw("SELECT t.metricName, count(*) FROM GPU_METRICS g JOIN TARGET_INFO_GPU_METRICS t "
                "ON t.metricId = g.metricId AND t.typeId = g.typeId GROUP BY 1"):
    for name, n in rows:
        want[name] = want.get(name, 0) + n
c.eq(got, want, "gpu-metrics: samples per metric = raw SQL over the inputs")
dram = [r for r in m["metrics"] if r["metric"].startswith("DRAM Read")][0]
c.eq((dram["min"], dram["max"]), (7, 17), "gpu-metrics: planted DRAM 10*GPU+7 on GPUs 0 and 1")
series = [x for d in docs for x in d["result"]["metrics"] if x["metric"] == dram["metric"]]
c.check(abs(dram["mean"] - sum(x["mean"] * x["samples"] for x in series) / sum(x["samples"] for x in series)) < 1e-9,
        "gpu-metrics: sample-weighted mean")

# memory: planted leaks
m, docs = multi("memory")
c.eq(m["never_freed"], sum(LEAKS), "memory: the planted leaks of every input")
c.eq(m["never_freed_bytes"], sum(LEAKS[i] * 1000 * (i + 1) for i in range(3)), "memory: their bytes")
allocs = sum(n for [(n,)] in raw("SELECT count(*) FROM CUDA_GPU_MEMORY_USAGE_EVENTS WHERE memoryOperationType = 0"))
c.eq(m["allocations"], allocs, "memory: allocations = raw SQL")
c.eq([r["peak_bytes"] for r in m["devices"]], sorted((r["peak_bytes"] for r in m["devices"]), reverse=True),
     "memory: largest peak first")
c.eq(m["largest_peak_bytes"], max(x["device_memory"]["peak_bytes"] for d in docs for x in d["result"]["devices"]),
     "memory: the largest peak")

# advise: findings of every input; the gate
m, docs = multi("advise")
c.eq(m["findings_total"], sum(len(d["result"]["findings"]) for d in docs), "advise: findings summed")
c.eq(sorted((r["input"], r["rule"]) for r in m["findings"]),
     sorted((i, f["rule"]) for i, d in enumerate(docs) for f in d["result"]["findings"]), "advise: every finding kept")
c.check(any(r["rule"] == "memory_never_freed" for r in m["findings"]), "advise: the planted leaks found")
t = [r["time_at_stake_ns"] for r in m["findings"]]
c.eq(t, sorted(t, reverse=True), "advise: largest time at stake first")
# stats: its nvtx, api, memcpy and osrt reports merge as those commands merge
m, docs = multi("stats", "--detail")  # each report whole, as its command prints it
c.eq(m["reports"]["kernels"], None, "stats: the kernels report is not merged")
for key in ("nvtx", "api", "memcpy", "osrt"):
    # stats lists 5 rows per table by default: the commands with a --limit run with it
    _, o = run_raw(key, *paths, missing, *(["--limit", "5"] if key != "memcpy" else []))
    want = json.loads(o)["result"]["merged"]
    got = dict(m["reports"][key])
    n_ok = got.pop("inputs_with_report")
    c.eq(got, want, f"stats: merged {key} = {key} over the same inputs")
    c.eq(n_ok, sum(1 for d in docs if "error" not in d["result"]["reports"][key]), f"stats: inputs with {key}")
rc, out = run_raw("advise", *paths, "--fail-on", "info")
c.eq(rc, 1, "advise --fail-on info over several inputs: exit 1 (the gate failed)")
c.done()
