#!/usr/bin/env python3
"""gpu-util: per-bin busy (union), summed op time and kernel union per device,
and the low-utilisation runs, against an independent computation.

The expected values are computed here from the raw tables (kernel, memcpy,
memset rows with end >= start; devices told apart by deviceId, which is the
physical device in every fixture used here): each device's span, the bin
edges lo + span*i//N, and per bin the union, the sum and the kernel union,
exactly, then the low runs. Real fixtures with GPU work, and generated
exports with a planted long sync gap (its bins are low and merged into one
run) and overlapping streams (sum above the union, --low-by sum as nsys).
"""
import os
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()


def ops(path):
    db = nsq.raw_db(path)
    out = {}
    for t, kind in (("CUPTI_ACTIVITY_KIND_KERNEL", "k"), ("CUPTI_ACTIVITY_KIND_MEMCPY", "c"),
                    ("CUPTI_ACTIVITY_KIND_MEMSET", "s")):
        try:
            rows = db.execute(f'SELECT deviceId, start, "end" FROM {t} WHERE start IS NOT NULL AND "end" >= start').fetchall()
        except sqlite3.OperationalError:
            continue
        for d, s, e in rows:
            out.setdefault(d, []).append((s, e, kind))
    db.close()
    return out


def union(iv):
    iv = sorted((s, e) for s, e in iv if e > s)
    out = []
    for s, e in iv:
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def overlap(iv, a, b):
    return sum(max(0, min(e, b) - max(s, a)) for s, e in iv)


def expect(path, nbins, low=50.0, by="busy", window=None):
    res = []
    for dev, o in ops(path).items():
        lo = window[0] if window else min(s for s, _, _ in o)
        hi = window[1] if window else max(e for _, e, _ in o)
        span = hi - lo
        n = min(nbins, span)
        edges = [lo + span * i // n for i in range(n)] + [hi]
        u = union((s, e) for s, e, _ in o)
        ku = union((s, e) for s, e, k in o if k == "k")
        allv = [(s, e) for s, e, _ in o]
        bins = []
        for i in range(n):
            a, b = edges[i], edges[i + 1]
            bins.append(dict(start_ns=a, end_ns=b, busy_ns=overlap(u, a, b), sum_ns=overlap(allv, a, b),
                             kernel_ns=overlap(ku, a, b)))
        runs, i = [], 0
        while i < n:
            g = bins[i]
            share = 100 * (g["sum_ns"] if by == "sum" else g["busy_ns"]) / (g["end_ns"] - g["start_ns"])
            if not share < low:
                i += 1
                continue
            j = i
            while j < n and 100 * (bins[j]["sum_ns"] if by == "sum" else bins[j]["busy_ns"]) / (bins[j]["end_ns"] - bins[j]["start_ns"]) < low:
                j += 1
            runs.append((i, j - 1, bins[i]["start_ns"], bins[j - 1]["end_ns"]))
            i = j
        res.append(dict(span=(lo, hi), bins=bins, runs=runs, busy=sum(b["busy_ns"] for b in bins),
                        sum=sum(b["sum_ns"] for b in bins), kernel=sum(b["kernel_ns"] for b in bins)))
    return sorted(res, key=lambda r: r["span"])


def check(label, path, *args, nbins=30, low=50.0, by="busy", window=None, env=None):
    d = nsq.run("gpu-util", path, *args, env=env)
    got = sorted(d["result"]["devices"], key=lambda x: (x["span_start_ns"], x["span_end_ns"]))
    want = expect(path, nbins, low, by, window)
    c.eq(len(got), len(want), f"{label}: devices")
    for g, w in zip(got, want):
        c.eq((g["span_start_ns"], g["span_end_ns"]), w["span"], f"{label}: device {g['device']} span")
        gb = [{k: b[k] for k in ("start_ns", "end_ns", "busy_ns", "sum_ns", "kernel_ns")} for b in g["bins"]]
        c.eq(gb, w["bins"], f"{label}: device {g['device']} bins")
        c.eq((g["busy_ns"], g["sum_ns"], g["kernel_ns"]), (w["busy"], w["sum"], w["kernel"]), f"{label}: device {g['device']} totals")
        gr = [(r["first_bin"], r["last_bin"], r["start_ns"], r["end_ns"]) for r in g["low_utilization"]["runs"]]
        c.eq(gr, w["runs"], f"{label}: device {g['device']} low runs")
    # params.window echoes the span read: the given window, or the devices' first op .. last op
    pw = d["params"]["window"]
    if want:
        lo, hi = (window if window else (min(w["span"][0] for w in want), max(w["span"][1] for w in want)))
        c.eq((pw["start_ns"], pw["end_ns"], pw["duration_ns"]), (lo, hi, hi - lo), f"{label}: params.window")
    return d


fixtures = [f for f in sorted(os.listdir(nsq.FIXTURES)) if f.endswith(".sqlite")] if os.path.isdir(nsq.FIXTURES) else []
analysed = 0
for f in fixtures:
    p = os.path.join(nsq.FIXTURES, f)
    if not ops(p):
        rc, out, _ = nsq.run("gpu-util", p, raw=True)
        c.eq(rc, 3, f"{f}: no GPU work: exit 3")
        continue
    check(f, p)
    check(f + " 7 bins", p, "--bins", "7", nbins=7)
    analysed += 1
c.check(analysed >= 5 or not fixtures, f"real fixtures analysed: {analysed}")

tmp = tempfile.mkdtemp(prefix="nsq-gpuutil-")
g = os.path.join(tmp, "gap.sqlite")
nsq.gen(g, "--iterations", "40", "--kernel", "k1:100000:0", "--kernel", "k2:50000:0", "--gap", "20:20000000:sync")
d = check("planted gap", g, "--bins", "20", nbins=20)
runs = d["result"]["devices"][0]["low_utilization"]["runs"]
c.eq(len(runs), 1, "planted gap: one low run")
# the planted 20 ms gap is over half of the ~26 ms capture: the run covers most of it
if runs:
    c.check(runs[0]["duration_ns"] >= 15_000_000, f"planted gap: the run covers the gap ({runs[0]['duration_ns']} ns)")
o = os.path.join(tmp, "overlap.sqlite")
nsq.gen(o, "--iterations", "30", "--streams", "2", "--overlap", "--kernel", "k1:100000:0", "--kernel", "k2:100000:0")
d = check("overlapping streams", o, "--bins", "10", nbins=10)
dv = d["result"]["devices"][0]
c.check(dv["sum_ns"] > dv["busy_ns"], f"overlap: sum {dv['sum_ns']} above the union {dv['busy_ns']}")
check("overlap --low-by sum --low 150", o, "--bins", "10", "--low-by", "sum", "--low", "150", nbins=10, low=150, by="sum")
check("overlap --low 95", o, "--bins", "10", "--low", "95", nbins=10, low=95)
# a window: every device cut over it
lo, hi = dv["span_start_ns"], dv["span_end_ns"]
w = (lo + (hi - lo) // 4, lo + (hi - lo) // 2)
check("window", o, "--bins", "5", "--window", f"{w[0]}:{w[1]}", nbins=5, window=w)
# --bin-ns: fixed bins, the last one shorter
d = nsq.run("gpu-util", g, "--bin-ns", "1000000")
b = d["result"]["devices"][0]["bins"]
c.check(all(x["end_ns"] - x["start_ns"] == 1000000 for x in b[:-1]) and 0 < b[-1]["end_ns"] - b[-1]["start_ns"] <= 1000000,
        "--bin-ns: fixed bins, the last one shorter")
c.eq(b[-1]["end_ns"], d["result"]["devices"][0]["span_end_ns"], "--bin-ns: the bins end at the span")
# The ops are read once and kept for the bins (their starts as distances from
# the one before); a 6 s idle gap makes distances of 2^32 ns and more, a 3 s
# kernel cannot be kept (read twice), and NSYSQL_GPUUTIL_KEEP=0 keeps nothing:
# every way, the same bins as the reference
lg = os.path.join(tmp, "longgap.sqlite")
nsq.gen(lg, "--iterations", "6", "--kernel", "k1:100000:0", "--kernel", "k2:70000:0",
        "--gap", "3:6000000000:sync")
for env in (None, {"NSYSQL_GPUUTIL_KEEP": "0"}, {"NSYSQL_GPUUTIL_KEEP": "5"}):
    d = check(f"6 s gap {env}", lg, "--bins", "12", nbins=12, env=env)
    c.check(d["result"]["devices"][0]["span_end_ns"] - d["result"]["devices"][0]["span_start_ns"] > 6_000_000_000,
            f"6 s gap {env}: the span holds the gap")
lk = os.path.join(tmp, "longkernel.sqlite")
nsq.gen(lk, "--iterations", "3", "--kernel", "k1:100000:0", "--kernel", "long:3000000000:0:1")
check("3 s kernel", lk, "--bins", "9", nbins=9)
check("3 s kernel, --window", lk, "--bins", "4", "--window", "all", nbins=4)
# text formats
rc, out, _ = nsq.run("gpu-util", g, "--format", "csv", "--bins", "4", raw=True)
c.eq((rc, out.splitlines()[0]), (0, "device,bin,start_ns,end_ns,busy_pct,sum_pct,kernel_pct,low"), "csv header")
c.eq(len(out.splitlines()), 5, "csv: one line per bin")
# bad options
for args, code in ((["--bins", "0"], "bad_option_value"), (["--low-by", "max"], "bad_option_value"),
                   (["--low", "-1"], "bad_option_value")):
    rc, out, _ = nsq.run("gpu-util", g, *args, raw=True)
    c.eq(rc, 2, f"{args}: exit 2")
c.done()
