#!/usr/bin/env python3
"""gpu-metrics against an independent reading of GPU_METRICS.

Generated exports (nsysql-gen --gpu-metrics HZ:SECONDS:GPUS:LAYOUT, both
layouts: with rawTimestamp and without) with planted values: SMs Active 90,
or 5 in a planted window; SM Issue 40 + index % 21; DRAM 10 * GPU + 7;
GR Active 95. The test reads the raw rows itself: per (typeId, metricId)
count, min, max, mean, time-weighted mean, nearest-rank p50 and p90, rate;
the low runs (the planted window on every GPU, mean 5); per kernel name the
samples inside its instances on its GPU and their mean. No real export with
GPU_METRICS was at hand: every fixture must give no_gpu_metrics (exit 3).
"""
import json
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()


def series(path):
    db = nsq.raw_db(path)
    names = {(t, m): n for t, m, n in db.execute("SELECT typeId, metricId, metricName FROM TARGET_INFO_GPU_METRICS")}
    out = {}
    for ts, t, m, v in db.execute("SELECT timestamp, typeId, metricId, value FROM GPU_METRICS ORDER BY typeId, metricId, timestamp"):
        out.setdefault((t, m), []).append((ts, v))
    kern = db.execute('SELECT k.deviceId, k.start, k."end", s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k '
                      'JOIN StringIds s ON s.id = k.shortName').fetchall()
    db.close()
    return names, out, kern


def stats(sm):
    vals = [v for _, v in sm]
    n = len(vals)
    sv = sorted(vals)
    span = sm[-1][0] - sm[0][0]
    tw = sum(sm[i][1] * (sm[i + 1][0] - sm[i][0]) for i in range(n - 1)) / span if span else sum(vals) / n
    return dict(samples=n, min=sv[0], max=sv[-1], mean=sum(vals) / n, time_weighted_mean=tw,
                p50=sv[math.ceil(n / 2) - 1], p90=sv[math.ceil(0.9 * n) - 1],
                rate_hz=(n - 1) * 1e9 / span if span else 0)


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1, abs(b))


tmp = tempfile.mkdtemp(prefix="nsq-gm-")
for layout in (5, 4):
    p = os.path.join(tmp, f"gm{layout}.sqlite")
    nsq.gen(p, "--iterations", "30", "--devices", "2", "--gpu-metrics", f"10000:0.01:2:{layout}",
            "--gpu-metrics-low", "2000000:4000000")
    label = f"layout {layout}"
    names, raw, kern = series(p)
    d = nsq.run("gpu-metrics", p, "--by-kernel", "--limit", "0")
    r = d["result"]
    db = nsq.raw_db(p)
    lo, hi = db.execute("SELECT min(timestamp), max(timestamp) FROM GPU_METRICS").fetchone()
    db.close()
    pw = d["params"]["window"]
    c.eq((pw["kind"], pw["start_ns"], pw["end_ns"]), ("all", lo, hi), f"{label}: params.window is the samples' span")
    c.eq(r["samples"], sum(len(v) for v in raw.values()), f"{label}: samples")
    got = {(m["type_id"], m["metric_id"]): m for m in r["metrics"]}
    c.eq(sorted(got), sorted(raw), f"{label}: one row per (typeId, metricId)")
    for k, sm in raw.items():
        g, w = got[k], stats(sm)
        c.eq(g["metric"], names[k], f"{label} {k}: name")
        c.eq(g["gpu"], k[0] & 0xFF, f"{label} {k}: GPU = typeId & 0xFF")
        for f in ("samples", "min", "max", "p50", "p90"):
            c.eq(g[f], w[f], f"{label} {k}: {f}")
        for f in ("mean", "time_weighted_mean", "rate_hz"):
            c.check(close(g[f], w[f]), f"{label} {k}: {f} {g[f]} vs {w[f]}")
    low = r["low_utilization"]
    c.eq(low["metric"], "SMs Active [Throughput %]", f"{label}: the activity metric judged")
    c.eq(sorted((x["gpu"], x["start_ns"], x["end_ns"], x["samples"], x["mean"]) for x in low["runs"]),
         [(0, 2000000, 4000000, 20, 5), (1, 2000000, 4000000, 20, 5)], f"{label}: the planted low window on each GPU")
    # per kernel: samples inside its instances on its GPU (deviceId = GPU here)
    want = {}
    for dev, s, e, name in kern:
        for (t, m), sm in raw.items():
            if t & 0xFF != dev:
                continue
            vs = [v for ts, v in sm if s <= ts < e]
            if vs:
                o = want.setdefault((name, names[(t, m)], dev), [0, 0])
                o[0] += len(vs)
                o[1] += sum(vs)
    gotk = {(kn["name"], mm["metric"], mm["gpu"]): (mm["samples"], mm["mean"])
            for kn in r["by_kernel"]["names"] for mm in kn["metrics"]}
    c.eq(sorted(gotk), sorted(want), f"{label}: per-kernel metric rows")
    for k, (n, sm) in want.items():
        if k in gotk:
            c.eq(gotk[k][0], n, f"{label} {k}: samples inside the instances")
            c.check(close(gotk[k][1], sm / n), f"{label} {k}: mean {gotk[k][1]} vs {sm / n}")
# a window and a device filter
p = os.path.join(tmp, "gm5.sqlite")
w = nsq.run("gpu-metrics", p, "--window", "2000000:4000000", "--device", "1")["result"]
c.eq({m["gpu"] for m in w["metrics"]}, {1}, "--device 1: only GPU 1")
sm = [m for m in w["metrics"] if m["metric"].startswith("SMs Active")][0]
c.eq((sm["samples"], sm["min"], sm["max"]), (20, 5, 5), "window: only the low samples")
rc, out, _ = nsq.run("gpu-metrics", p, "--low-metric", "No Such Metric", raw=True)
c.eq((rc, json.loads(out)["error"]["code"]), (2, "bad_option_value"), "unknown --low-metric: exit 2")
rc, out, _ = nsq.run("gpu-metrics", p, "--format", "csv", raw=True)
c.eq((rc, len(out.splitlines())), (0, 9), "csv: header and 8 rows (4 metrics x 2 GPUs)")
# every real fixture: no GPU_METRICS -> a coded error, never an empty success
fixtures = [f for f in sorted(os.listdir(nsq.FIXTURES)) if f.endswith(".sqlite")] if os.path.isdir(nsq.FIXTURES) else []
for f in fixtures:
    rc, out, _ = nsq.run("gpu-metrics", os.path.join(nsq.FIXTURES, f), raw=True)
    code = json.loads(out).get("error", {}).get("code")
    c.check(rc == 3 and code in ("no_gpu_metrics", "not_nsys_export", "input_corrupt"), f"{f}: no metrics -> exit 3 ({rc} {code})")
c.done()
