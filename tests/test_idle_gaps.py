#!/usr/bin/env python3
"""idle-gaps: expected values derived independently of nsysql.

- Every real fixture with GPU ops: busy, overhead, idle, leading and trailing
  idle per device from a Python union of the raw kernel/memcpy/memset rows and
  PROFILER_OVERHEAD rows (device mapping done here), the gap count, histogram
  and the longest gaps; busy + overhead + idle + leading + trailing = span.
- The 2-device fixture gives 2 devices with their processes named.
- Fast path == SQL oracle (--oracle) on every fixture, over options and
  windows, and on synthetic exports (causes included).
- Generator exports with planted gaps: every planted gap found with its exact
  start, length and cause; profiler-overhead gaps counted as overhead; no API
  rows gives 'unknown' with a warning.
- Hand-made exports: zero-length ops, overlapping ops on several streams, ops
  partly outside the window, end < start rows, a device with one kernel, a
  device idle in the window, the per-stream view.
- Exports without GPU activity: an error with a code, never zeros.
"""
import json
import os
import shutil
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402
from test_schemas import closed  # noqa: E402
from test_top_kernels import device_map, handmade, same_result, table_exists  # noqa: E402

c = nsq.Checks()
BINS = [0, 10000, 100000, 1000000, 10000000]


def union(iv):
    out = []
    for s, e in sorted(iv):
        if e <= s:
            continue
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def reference(path, window=None, min_gap=0):
    """Per device: the figures idle-gaps must print, computed from raw rows."""
    db = nsq.raw_db(path)
    dm = device_map(db)
    ops, pids = {}, {}
    lo, hi = None, None
    for k in ("KERNEL", "MEMCPY", "MEMSET"):
        t = f"CUPTI_ACTIVITY_KIND_{k}"
        if not table_exists(db, t):
            continue
        for s, e, gp, dev in db.execute(f'SELECT start, "end", globalPid, deviceId FROM {t}'):
            if s is None or e is None or e < s:
                continue
            pid = (gp >> 24) & 0xFFFFFF
            g = dm(pid, dev)
            pids.setdefault(g, set()).add(pid)
            lo = s if lo is None else min(lo, s)
            hi = e if hi is None else max(hi, e)
            ops.setdefault(g, []).append((s, e))
    if lo is None:
        db.close()
        return None
    ws, we = window if window else (lo, hi)
    over = []
    if table_exists(db, "PROFILER_OVERHEAD"):
        over = [(s, e, (gt >> 24) & 0xFFFFFF) for s, e, gt in
                db.execute('SELECT start, "end", globalTid FROM PROFILER_OVERHEAD') if e > s]
    db.close()
    out = {}
    for g in pids:
        clipped = [(max(s, ws), min(e, we)) for s, e in ops.get(g, []) if e > s and s < we and e > ws]
        busy = union(clipped)
        r = dict(span=we - ws, busy=sum(e - s for s, e in busy))
        if not busy:
            r.update(first=None, last=None, overhead=0, idle=0, leading=we - ws, trailing=0, gaps=[])
            out[g] = r
            continue
        first, last = busy[0][0], busy[-1][1]
        ov = [(max(s, first), min(e, last)) for s, e, p in over if p in pids[g] and s < last and e > first]
        cov = union([tuple(x) for x in busy] + ov)
        covered = sum(e - s for s, e in cov)
        gaps = [(cov[i][1], cov[i + 1][0]) for i in range(len(cov) - 1)]
        r.update(first=first, last=last, overhead=covered - r["busy"], idle=sum(e - s for s, e in gaps),
                 leading=first - ws, trailing=we - last, gaps=gaps)
        out[g] = r
    return out, (ws, we)


def check_against_reference(doc, ref, label, min_gap=0, limit=5):
    res = doc["result"]
    devs = {d["device"]: d for d in res["devices"]}
    c.eq(sorted(devs), sorted(ref), f"{label}: devices")
    for g, r in ref.items():
        d = devs.get(g)
        if not d:
            continue
        got = (d["span_ns"], d["busy_ns"], d["overhead_ns"], d["idle_ns"], d["leading_idle_ns"],
               d["trailing_idle_ns"], d["first_busy_ns"], d["last_busy_ns"])
        want = (r["span"], r["busy"], r["overhead"], r["idle"], r["leading"], r["trailing"], r["first"], r["last"])
        c.eq(got, want, f"{label} device {g}: span/busy/overhead/idle/leading/trailing/first/last")
        c.eq(d["busy_ns"] + d["overhead_ns"] + d["idle_ns"] + d["leading_idle_ns"] + d["trailing_idle_ns"],
             d["span_ns"], f"{label} device {g}: busy + overhead + idle + leading + trailing = span")
        big = [e - s for s, e in r["gaps"] if e - s > min_gap]
        small = [e - s for s, e in r["gaps"] if e - s <= min_gap]
        gs = d["gaps"]
        c.eq((gs["count"], gs["total_ns"], gs["longest_ns"], gs["below_min_gap"]["count"], gs["below_min_gap"]["total_ns"]),
             (len(big), sum(big), max(big, default=0), len(small), sum(small)), f"{label} device {g}: gap counts")
        hist = [0] * 5
        for x in big:
            hist[max(i for i in range(5) if x >= BINS[i])] += 1
        c.eq([b["count"] for b in gs["histogram"]], hist, f"{label} device {g}: histogram")
        top = sorted(((e - s, s) for s, e in r["gaps"] if e - s > min_gap), key=lambda x: (-x[0], x[1]))
        if limit:
            top = top[:limit]
        c.eq([(x["duration_ns"], x["start_ns"]) for x in d["longest_gaps"]], top, f"{label} device {g}: longest gaps")
        for x in d["longest_gaps"]:
            b, a = x["before"], x["after"]
            c.check(b is not None and a is not None and b["end_ns"] <= x["start_ns"] and a["start_ns"] >= x["end_ns"],
                    f"{label} device {g}: neighbours around the gap at {x['start_ns']}")


def fast_vs_oracle(path, *args, label=""):
    a = nsq.run("idle-gaps", path, *args)
    b = nsq.run("idle-gaps", path, *args, "--oracle")
    d = same_result(a["result"], b["result"]) or same_result(a["params"]["window"], b["params"]["window"], "window")
    c.check(d is None, f"{label or os.path.basename(path)} {' '.join(args)}: fast == oracle ({d})")
    c.eq(a["query"]["id"], "idle-gaps", "query id named")
    return a


def check_fixture(path):
    base = os.path.basename(path)
    r = reference(path)
    if r is None:
        doc = nsq.run("idle-gaps", path, expect_rc=3)
        c.eq(doc["error"]["code"], "no_gpu_activity", f"{base}: no GPU activity is an error with a code")
        doc = nsq.run("idle-gaps", path, "--oracle", expect_rc=3)
        c.eq(doc["error"]["code"], "no_gpu_activity", f"{base}: oracle errors too")
        return
    ref, (ws, we) = r
    doc = nsq.run("idle-gaps", path)
    c.eq((doc["params"]["window"]["start_ns"], doc["params"]["window"]["end_ns"]), (ws, we), f"{base}: window all")
    check_against_reference(doc, ref, base)
    # the device identity agrees with nsysql info's (devmap.h), resolved lazily here
    info = nsq.run("info", "--no-counts", path)["result"]
    c.eq(doc["result"]["device_identity"], info["device_identity"], f"{base}: identity as info says")
    c.eq({d["device"]: sorted((x["pid"], x["device_id"]) for x in d["contexts"]) for d in doc["result"]["devices"]},
         {d["gpu"]: sorted((x["pid"], x["device_id"]) for x in d["contexts"]) for d in info["devices"]},
         f"{base}: devices and their processes as info says")
    L = we - ws
    a, b = ws + L // 3, ws + 2 * L // 3
    refw, _ = reference(path, (a, b), 10000)
    docw = nsq.run("idle-gaps", path, "--window", f"{a}:{b}", "--min-gap", "10000", "--limit", "5")
    check_against_reference(docw, refw, f"{base} window", 10000, 5)
    for args in ([], ["--per-stream"], ["--limit", "0", "--min-gap", "10000"], ["--name", "memcpy"],
                 ["--exclude", "memcpy"], ["--device", "1", "--per-stream"], ["--pid", "111"],
                 ["--window", f"{a}:{b}", "--per-stream"], ["--window", f"{ws - 1000}:{a}", "--limit", "0"],
                 ["--window", f"{a}:{we + 10 ** 6}"], ["--stream", "7", "--limit", "3"]):
        fast_vs_oracle(path, *args)


def check_generated(tmp):
    # planted gaps of every cause, on different devices and processes
    path = os.path.join(tmp, "planted.sqlite")
    truth = os.path.join(tmp, "planted.json")
    nsq.gen(path, "--truth", truth, "--processes", "2", "--devices", "2", "--iterations", "24",
            "--memcpy-per-iter", "1", "--memset-per-iter", "1", "--zero-length", "6", "--bad-rows", "2",
            "--gap", "4:500000:sync", "--gap", "7:300000:host_launch:1", "--gap", "10:200000:dependency:0:1",
            "--gap", "13:150000:device_sync:1:1", "--gap", "16:400000:host_launch:0:1",
            "--profiler-overhead", "19:70000", "--gap", "21:250000:dependency")
    with open(truth) as f:
        t = json.load(f)
    # four devices: each device's own 5 longest, as the planted truth lists them
    doc = fast_vs_oracle(path, "--limit", "5", "--limit-scope", "device", label="planted")
    fast_vs_oracle(path, "--limit", "0", "--per-stream", label="planted")
    devs = {d["device"]: d for d in doc["result"]["devices"]}
    c.eq(doc["result"]["device_identity"], "cuda_device_map", "planted: identity from TARGET_INFO_CUDA_DEVICE")
    c.eq(doc["result"]["bad_rows"], 2, "planted: bad rows counted")
    c.check("bad_rows" in [w["code"] for w in doc["warnings"]], "planted: bad rows warned")
    n_planted = 0
    for p in t["processes"]:
        for td in p["devices"]:
            d = devs[td["gpu_id"]]
            c.eq([x["pid"] for x in d["contexts"]], [p["pid"]], f"planted device {td['gpu_id']}: its process")
            c.eq(d["busy_ns"], td["busy_ns"], f"planted device {td['gpu_id']}: busy")
            c.eq(d["idle_ns"] + d["overhead_ns"], td["idle_ns"], f"planted device {td['gpu_id']}: idle + overhead = truth idle")
            c.eq((d["first_busy_ns"], d["last_busy_ns"]), (td["first_op_start"], td["last_op_end"]),
                 f"planted device {td['gpu_id']}: first/last op")
            listed = {(x["start_ns"], x["end_ns"]): x for x in d["longest_gaps"]}
            for g in td["gaps"]:
                if g["cause"] == "profiler_overhead":
                    c.check(d["overhead_ns"] >= g["len"], f"planted overhead gap counted as overhead")
                    c.check((g["start"], g["end"]) not in listed, "planted overhead gap is not a gap")
                    continue
                n_planted += 1
                x = listed.get((g["start"], g["end"]))
                c.check(x is not None, f"planted gap {g['start']} len {g['len']} found exactly")
                if x:
                    c.eq(x["duration_ns"], g["len"], "planted gap length")
                    c.eq(x["cause"], g["cause_by_process_rule"], f"planted gap {g['planted_cause']}: cause")
                    c.eq(x["launch_api"]["start_ns"], g["launch_api"]["start"], "planted gap: launch call")
    c.eq(n_planted, 6, "planted gaps checked")
    # no API rows: causes unknown, warned
    path2 = os.path.join(tmp, "noapi.sqlite")
    truth2 = os.path.join(tmp, "noapi.json")
    nsq.gen(path2, "--truth", truth2, "--iterations", "10", "--no-api", "--gap", "3:90000:host_launch",
            "--gap", "6:80000:sync", "--flavour", "3.13")
    with open(truth2) as f:
        t2 = json.load(f)
    doc = fast_vs_oracle(path2, label="noapi")
    c.check("no_api_calls" in [w["code"] for w in doc["warnings"]], "no API rows: warned")
    listed = {(x["start_ns"], x["end_ns"]): x["cause"] for d in doc["result"]["devices"] for x in d["longest_gaps"]}
    for g in t2["processes"][0]["devices"][0]["gaps"]:
        c.eq(listed.get((g["start"], g["end"])), "unknown", "no API rows: cause unknown")
    # overlapping streams and zero-length rows, older flavour, rows interleaved by device
    path3 = os.path.join(tmp, "overlap.sqlite")
    truth3 = os.path.join(tmp, "overlap.json")
    nsq.gen(path3, "--truth", truth3, "--iterations", "20", "--streams", "4", "--overlap", "--devices", "2",
            "--zero-length", "10", "--flavour", "2.9.1", "--gap", "9:123457:dependency:1")
    with open(truth3) as f:
        t3 = json.load(f)
    doc = fast_vs_oracle(path3, "--per-stream", label="overlap")
    ref, _ = reference(path3)
    check_against_reference(doc, ref, "overlap")
    for td in t3["processes"][0]["devices"]:
        d = [x for x in doc["result"]["devices"] if x["device"] == td["gpu_id"]][0]
        c.eq(d["busy_ns"], td["busy_ns"], "overlapping streams: busy = union (truth)")
        c.check(d["gaps"]["longest_ns"] == max([g["len"] for g in td["gaps"]] + [td["max_regular_gap_ns"]]),
                "overlapping streams: longest gap")
    ps = doc["result"]["per_stream"]
    c.eq(ps["view"], "per-stream", "per-stream view labelled")
    c.check(sum(s["ops"] for s in ps["streams"]) == sum(d["ops"] for d in doc["result"]["devices"]),
            "per-stream ops add up to the device ops")


def check_handmade(tmp):
    P = 4242
    ks = [
        (1000, 2000, "a", 0, P, 7), (1500, 3000, "b", 0, P, 13), (2500, 2500, "z", 0, P, 7),
        (5000, 5000, "z", 0, P, 7), (6000, 9000, "a", 0, P, 7), (7000, 6000, "bad", 0, P, 7),
        (8000, 12000, "b", 0, P, 14), (500, 1200, "c", 0, P, 13), (3000, 3400, "one", 1, P, 7),
    ]
    path = handmade(tmp, "edge", ks, memcpys=[(9500, 11000, 0, P, 7)], devices=2)
    doc = fast_vs_oracle(path, "--per-stream", label="edge")
    res = doc["result"]
    codes = [w["code"] for w in doc["warnings"]]
    c.check("bad_rows" in codes and res["bad_rows"] == 1, "end < start: counted and warned")
    c.check("no_api_calls" in codes, "no API rows: warned")
    d0, d1 = res["devices"]
    c.eq((d0["span_ns"], d0["busy_ns"], d0["idle_ns"], d0["leading_idle_ns"], d0["trailing_idle_ns"]),
         (11500, 8500, 3000, 0, 0), "device 0: overlapping streams, one gap (a zero-length op does not split it)")
    c.eq(d0["gaps"]["count"], 1, "device 0: one gap")
    g = d0["longest_gaps"][0]
    c.eq((g["start_ns"], g["end_ns"], g["cause"]), (3000, 6000, "unknown"), "device 0: the gap")
    c.eq((g["before"]["name"], g["before"]["stream"], g["after"]["name"], g["after"]["stream"]), ("b", 13, "a", 7),
         "device 0: op before and after")
    c.eq((d1["busy_ns"], d1["leading_idle_ns"], d1["trailing_idle_ns"], d1["gaps"]["count"]), (400, 2500, 8600, 0),
         "device with one kernel")
    streams = {s["stream"]: s for s in res["per_stream"]["streams"] if s["device"] == 0}
    c.eq((streams[7]["busy_ns"], streams[7]["idle_ns"], streams[7]["gaps"]["count"]), (5500, 4500, 2),
         "per-stream: stream 7 alone")
    c.eq((streams[13]["busy_ns"], streams[13]["idle_ns"]), (2200, 300), "per-stream: stream 13 alone")
    docw = fast_vs_oracle(path, "--window", "1100:10000", label="edge")
    d0, d1 = docw["result"]["devices"]
    c.eq((d0["span_ns"], d0["busy_ns"], d0["idle_ns"], d0["leading_idle_ns"], d0["trailing_idle_ns"]),
         (8900, 5900, 3000, 0, 0), "partly outside the window: clipped")
    c.eq((d1["busy_ns"], d1["leading_idle_ns"], d1["trailing_idle_ns"]), (400, 1900, 6600), "device 1 in the window")
    doci = fast_vs_oracle(path, "--window", "3500:5000", label="edge")
    for d in doci["result"]["devices"]:
        c.eq((d["busy_ns"], d["leading_idle_ns"], d["first_busy_ns"]), (0, 1500, None), "device idle in the window")
    c.check("device_idle_in_window" in [w["code"] for w in doci["warnings"]], "idle device: warned")
    docm = fast_vs_oracle(path, "--min-gap", "3000", label="edge")
    g0 = docm["result"]["devices"][0]["gaps"]
    c.eq((g0["count"], g0["below_min_gap"]["count"], g0["below_min_gap"]["total_ns"]), (0, 1, 3000),
         "--min-gap is strict")
    for args in (["--name", "^a$"], ["--exclude", "memcpy"], ["--stream", "13", "--per-stream"], ["--device", "1"],
                 ["--pid", str(P)], ["--limit", "0"]):
        fast_vs_oracle(path, *args, label="edge")
    # filters that leave nothing: no device, warned (not zeros)
    docn = nsq.run("idle-gaps", path, "--pid", "1")
    c.eq(docn["result"]["devices"], [], "no device in scope")
    c.check("no_devices_selected" in [w["code"] for w in docn["warnings"]], "no device in scope: warned")


def check_cli(fx):
    nsq.run("idle-gaps", fx, "--limit", "-1", expect_rc=2)
    nsq.run("idle-gaps", fx, "--min-gap", "x", expect_rc=2)
    doc = nsq.run("idle-gaps", fx, "--exclude", "[", expect_rc=2)
    c.eq(doc["error"]["code"], "bad_regex", "bad --exclude regex")
    for fmt in ("table", "md", "csv"):
        rc, out, err = nsq.run("idle-gaps", fx, "--format", fmt, "--per-stream", raw=True)
        c.check(rc == 0 and len(out.splitlines()) >= 2, f"--format {fmt}")


def check_closed_schema(fixtures):
    """Every field printed is described: documents validate against a closed
    copy of the schema (additionalProperties: false wherever properties are listed)."""
    import jsonschema
    with open(os.path.join(nsq.SCHEMAS, "idle-gaps.v1.schema.json")) as f:
        v = jsonschema.Draft202012Validator(closed(json.load(f)))
    for p in fixtures:
        for args in ([], ["--per-stream", "--limit", "2"], ["--oracle"]):
            doc = nsq.run("idle-gaps", p, *args, expect_rc=None)
            if doc["ok"]:
                errs = [e.message for e in v.iter_errors(doc)]
                c.check(not errs, f"{os.path.basename(p)} {args}: closed schema ({errs[:2]})")


def check_list_cap(tmp):
    """--limit 0 lists every gap up to 100000 (all devices); more is a usage
    error with the count, not gigabytes of memory. The generator lays its ops
    end to end on one device with a 2000 ns launch gap, so N kernels give
    N - 1 gaps of exactly 2000 ns."""
    p = os.path.join(tmp, "cap.sqlite")
    nsq.gen(p, "--kernels", "100002", "--seed", "5", "--no-nvtx")
    doc = nsq.run("idle-gaps", p, "--limit", "0", expect_rc=2)
    c.eq(doc["error"]["code"], "too_many_gaps", "100001 gaps with --limit 0: too_many_gaps")
    c.check("100001 gaps" in doc["error"]["message"], f"the message counts the gaps: {doc['error']['message']}")
    odoc = nsq.run("idle-gaps", p, "--limit", "0", "--oracle", expect_rc=2)
    c.eq(odoc["error"], doc["error"], "--oracle --limit 0: the same error, before the oracle runs")
    doc = nsq.run("idle-gaps", p, "--limit", "0", "--min-gap", "2000")
    d = doc["result"]["devices"][0]
    c.eq((d["gaps"]["count"], d["gaps"]["below_min_gap"]["count"], len(d["longest_gaps"])), (0, 100001, 0),
         "--min-gap above every gap: nothing to list, the cap does not apply")
    doc = nsq.run("idle-gaps", p, "--limit", "3")
    d = doc["result"]["devices"][0]
    c.eq((d["gaps"]["count"], [g["duration_ns"] for g in d["longest_gaps"]]), (100001, [2000] * 3),
         "--limit 3 on the same export")
    p2 = os.path.join(tmp, "cap2.sqlite")
    nsq.gen(p2, "--kernels", "100001", "--seed", "5", "--no-nvtx")
    doc = nsq.run("idle-gaps", p2, "--limit", "0")
    c.eq(len(doc["result"]["devices"][0]["longest_gaps"]), 100000, "exactly 100000 gaps: all listed")


def main():
    fixtures = nsq.fixtures()
    for p in fixtures:
        check_fixture(p)
    two = [p for p in fixtures if "2gpu" in p]
    if two:
        doc = nsq.run("idle-gaps", two[0])
        devs = doc["result"]["devices"]
        c.eq(len(devs), 2, "2-GPU fixture: two devices")
        c.eq([[(x["pid"], x["device_id"]) for x in d["contexts"]] for d in devs], [[(111, 0)], [(112, 1)]],
             "2-GPU fixture: each device's process")
        c.eq(doc["result"]["device_identity"], "cuda_ordinal", "2-GPU fixture: identity echoed")
    check_closed_schema(fixtures)
    tmp = tempfile.mkdtemp(prefix="nsq-gaps-")
    try:
        check_handmade(tmp)
        check_generated(tmp)
        check_list_cap(tmp)
        gpu = [p for p in fixtures if "dlprof" in p] or fixtures
        check_cli(gpu[0])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    c.done()


if __name__ == "__main__":
    main()
