#!/usr/bin/env python3
"""`nsysql export-trace`: the export as a Chrome Trace Event Format file.

On every fixture with GPU activity: the file parses as JSON; per-kind event
counts equal counts of the raw tables made here (kernel, memcpy, memset, API
calls of eventClass 0/1, NVTX push/pop and start/end ranges and marks,
profiler overhead); every flow has exactly one start and one end, and there
are as many as (process, correlation id) keys shared by GPU ops and launch
calls; X events nest on every track; every kernel name of the export appears
exactly (quotes, templates and all). Then: gzip output, a window (no event
outside it), --max-events (truncation marked), -o - (the trace is stdout),
names with control characters and invalid UTF-8 (the trace stays valid
JSON), and a real consumer: Meta's Holistic Trace Analysis (from PyPI, in a
venv; skipped, saying so, when it cannot be installed) reads the trace of one
GPU, and its idle time equals the one computed here from the raw tables.
"""
import collections
import gzip
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

GPU_PID = 1000000000


def tables(db):
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def cols(db, t):
    return {r[1] for r in db.execute(f"PRAGMA table_info('{t}')")}


def expected(path):
    db = nsq.raw_db(path)
    ts = tables(db)
    want = collections.Counter()
    gpu_keys, api_keys = set(), set()
    names = set()
    for t, kind in (("CUPTI_ACTIVITY_KIND_KERNEL", "kernel"), ("CUPTI_ACTIVITY_KIND_MEMCPY", "memcpy"),
                    ("CUPTI_ACTIVITY_KIND_MEMSET", "memset")):
        if t not in ts:
            continue
        for gp, corr in db.execute(f'SELECT globalPid, correlationId FROM {t} WHERE "end" >= start'):
            want[kind] += 1
            if corr:
                gpu_keys.add(((gp >> 24) & 0xFFFFFF, corr))
    if "CUPTI_ACTIVITY_KIND_KERNEL" in ts:
        names = {r[0] for r in db.execute(
            "SELECT COALESCE(d.value, s.value) FROM CUPTI_ACTIVITY_KIND_KERNEL k "
            "LEFT JOIN StringIds d ON d.id = k.demangledName LEFT JOIN StringIds s ON s.id = k.shortName "
            'WHERE k."end" >= k.start')}
    if "CUPTI_ACTIVITY_KIND_RUNTIME" in ts:
        ec = "eventClass IN (0, 1)" if "eventClass" in cols(db, "CUPTI_ACTIVITY_KIND_RUNTIME") else "0"
        for gt, corr in db.execute(
                f'SELECT globalTid, correlationId FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE {ec} AND "end" >= start'):
            want["api"] += 1
            if corr:
                api_keys.add(((gt >> 24) & 0xFFFFFF, corr))
    if "NVTX_EVENTS" in ts:
        for et, n in db.execute('SELECT eventType, count(*) FROM NVTX_EVENTS WHERE eventType = 34 OR '
                                '(eventType IN (59, 60, 70, 71) AND "end" IS NOT NULL AND "end" >= start) '
                                'GROUP BY 1'):
            want["nvtx_mark" if et == 34 else "nvtx_range" if et in (59, 70) else "nvtx_async"] += n
    if "PROFILER_OVERHEAD" in ts:
        want["profiler_overhead"] = db.execute(
            'SELECT count(*) FROM PROFILER_OVERHEAD WHERE "end" >= start').fetchone()[0]
    want["flow"] = 2 * len(gpu_keys & api_keys)
    return want, names


def got_counts(events):
    c = collections.Counter()
    for e in events:
        ph, cat = e["ph"], e.get("cat", "")
        if ph == "X":
            c[{"kernel": "kernel", "gpu_memcpy": "memcpy", "gpu_memset": "memset", "cuda_runtime": "api",
               "cuda_driver": "api", "osrt": "osrt", "profiler_overhead": "profiler_overhead"}.get(
                   cat, "nvtx_range" if cat.startswith("nvtx") else "other")] += 1
        elif ph == "b":
            c["nvtx_async"] += 1
        elif ph == "i" and cat.startswith("nvtx"):
            c["nvtx_mark"] += 1
        elif ph in ("s", "f"):
            c["flow"] += 1
    return c


def check_flows(c, what, events):
    ends = collections.defaultdict(list)
    for e in events:
        if e["ph"] in ("s", "f"):
            ends[e["id"]].append(e["ph"])
    bad = [i for i, v in ends.items() if sorted(v) != ["f", "s"]]
    c.eq(bad[:5], [], f"{what}: every flow has one start and one end")


def check_nesting(c, what, events):
    tracks = collections.defaultdict(list)
    for e in events:
        if e["ph"] == "X":
            # integer nanoseconds, exactly as written (3 decimals of a microsecond)
            s = round(e["ts"] * 1000)
            tracks[(e["pid"], e["tid"])].append((s, s + round(e["dur"] * 1000)))
    bad = 0
    for tr, v in tracks.items():
        v.sort(key=lambda x: (x[0], -x[1]))
        stack = []
        for s, e in v:
            while stack and stack[-1] <= s:
                stack.pop()
            if stack and e > stack[-1]:
                bad += 1
            stack.append(e)
    c.eq(bad, 0, f"{what}: X events nest on every track")


def run_trace(*args, env=None):
    return nsq.run("export-trace", *args, env=env)


def main():
    c = nsq.Checks()
    n = 0
    with tempfile.TemporaryDirectory() as td:
        for f in nsq.fixtures():
            name = os.path.basename(f)
            db = nsq.raw_db(f)
            if not tables(db) & {"CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY",
                                 "CUPTI_ACTIVITY_KIND_MEMSET"} or os.path.getsize(f) > 200 << 20:
                continue
            out = os.path.join(td, "t.json")
            doc = nsq.run("export-trace", f, "-o", out, expect_rc=None)
            if not doc["ok"]:
                c.eq(doc["error"]["code"], "no_gpu_activity", f"{name}: refused only for no GPU activity")
                continue
            n += 1
            with open(out, encoding="utf-8") as fh:
                tr = json.load(fh)
            ev = tr["traceEvents"]
            want, names = expected(f)
            got = got_counts(ev)
            for k in ("kernel", "memcpy", "memset", "api", "nvtx_range", "nvtx_async", "nvtx_mark",
                      "profiler_overhead", "flow"):
                c.eq(got[k], want[k], f"{name}: {k} events in the trace")
                c.eq(doc["result"]["events"][k], want[k] if k != "flow" else want[k], f"{name}: {k} in the document")
            c.eq(got["other"], 0, f"{name}: no event of an unknown kind")
            c.eq(doc["result"]["bytes"], os.path.getsize(out), f"{name}: bytes")
            check_flows(c, name, ev)
            check_nesting(c, name, ev)
            c.eq({e["name"] for e in ev if e.get("cat") == "kernel"}, names, f"{name}: kernel names exact")
            gpus = {e["pid"] for e in ev if e.get("cat") == "kernel"}
            named = {e["pid"] for e in ev if e["ph"] == "M" and e["name"] == "process_name"}
            c.check(gpus <= named, f"{name}: every GPU process is named")
            c.check(all(p >= GPU_PID for p in gpus), f"{name}: GPUs have their own processes")

        big = os.path.join(td, "gen.sqlite")
        nsq.gen(big, "--kernels", 3000, "--devices", 2, "--memcpy-per-iter", 1, "--seed", 3)
        # gzip: the same trace
        doc = run_trace(big, "-o", os.path.join(td, "t.json.gz"))
        c.eq(doc["result"]["format"], "chrome_trace_json_gzip", "gzip: format")
        with gzip.open(os.path.join(td, "t.json.gz"), "rt", encoding="utf-8") as fh:
            gz = json.load(fh)
        run_trace(big, "-o", os.path.join(td, "t.json"))
        with open(os.path.join(td, "t.json"), encoding="utf-8") as fh:
            plain = json.load(fh)
        c.eq(gz, plain, "gzip: the same trace as plain JSON")
        c.check(doc["result"]["file_bytes"] < doc["result"]["bytes"] / 3, "gzip: compressed")

        # a window: nothing outside it, and the kernels overlapping it
        raw = nsq.raw_db(big)
        lo, hi = raw.execute('SELECT min(start), max("end") FROM CUPTI_ACTIVITY_KIND_KERNEL').fetchone()
        ws, we = lo + (hi - lo) // 3, lo + 2 * (hi - lo) // 3
        doc = run_trace(big, "-o", os.path.join(td, "w.json"), "--window", f"{ws}:{we}")
        with open(os.path.join(td, "w.json")) as fh:
            wev = json.load(fh)["traceEvents"]
        outside = [e for e in wev if e["ph"] in ("X", "b", "i") and not (
            round(e["ts"] * 1000) <= we and round((e["ts"] + e.get("dur", 0)) * 1000) >= ws)]
        c.eq(outside[:3], [], "window: no event outside it")
        wk = raw.execute('SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE start <= ? AND "end" >= ?',
                         (we, ws)).fetchone()[0]
        c.eq(doc["result"]["events"]["kernel"], wk, "window: the kernels overlapping it")
        check_flows(c, "window", wev)

        # --max-events: a marked cut
        doc = run_trace(big, "-o", os.path.join(td, "m.json"), "--max-events", 100)
        with open(os.path.join(td, "m.json")) as fh:
            m = json.load(fh)
        c.eq((doc["result"]["truncated"], m["nsysqlTruncated"]), (True, True), "max-events: truncated flagged")
        c.eq(doc["result"]["events"]["total"] - doc["result"]["events"]["metadata"], 100, "max-events: 100 events")
        c.check(any("truncated" in e["name"] for e in m["traceEvents"]), "max-events: a marker in the trace")
        c.check(any(w["code"] == "trace_truncated" for w in doc["warnings"]), "max-events: warned")

        # -o -: the trace itself on stdout
        p = subprocess.run([nsq.NSYSQL, "export-trace", big, "-o", "-"], capture_output=True)
        c.eq(p.returncode, 0, "-o -: exit 0")
        c.eq(json.loads(p.stdout), plain, "-o -: stdout is the trace")

        # hostile names: quotes, control characters, invalid UTF-8
        bad = os.path.join(td, "names.sqlite")
        with open(big, "rb") as a, open(bad, "wb") as b:
            b.write(a.read())
        db = sqlite3.connect(bad)
        sid = db.execute("SELECT shortName FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 1").fetchone()[0]
        db.execute("UPDATE StringIds SET value = CAST(? AS TEXT) WHERE id = ?",
                   (b'k<"q">\\\x01\x1f\n\xff\xfe end', sid))
        db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET demangledName = shortName")
        db.commit()
        db.close()
        run_trace(bad, "-o", os.path.join(td, "n.json"))
        with open(os.path.join(td, "n.json"), "rb") as fh:
            text = fh.read()
        tr = json.loads(text.decode("utf-8"))  # strict UTF-8 and JSON
        weird = {e["name"] for e in tr["traceEvents"] if e.get("cat") == "kernel" and e["name"].startswith("k<")}
        c.eq(len(weird), 1, "hostile name: present once")
        c.check(all('"q"' in w and "\n" in w and "\x01" in w for w in weird), f"hostile name kept: {weird}")

        # device memory in use: the running sum of a real export's allocations and frees
        # of device kinds (its 80 GB pinned host buffer is not GPU memory)
        mem = os.path.join(os.path.dirname(nsq.FIXTURES), "nsys-memory", "gemm-pipeline-fo_10000_20_100-2024.2.sqlite")
        if os.path.exists(mem):
            run_trace(mem, "-o", os.path.join(td, "mem.json"))
            with open(os.path.join(td, "mem.json")) as fh:
                mev = [e for e in json.load(fh)["traceEvents"] if e["name"].startswith("GPU memory in use")]
            rows = nsq.raw_db(mem).execute(
                "SELECT bytes, memoryOperationType FROM CUDA_GPU_MEMORY_USAGE_EVENTS "
                "WHERE memoryOperationType IN (0, 1) AND memKind IN (2, 3, 5) ORDER BY start, rowid").fetchall()
            run, want_vals = 0, []
            for b, op in rows:
                run += b if op == 0 else -b
                want_vals.append(run)
            c.eq([e["args"]["bytes"] for e in mev], want_vals, "memory counter: the running sum of the raw device-memory rows")
            c.check(max(want_vals) < 80_000_000_000, "memory counter: the pinned host buffer is not counted")
        # GPU metrics: a planted table, one counter per sample, on its GPU
        gm = os.path.join(td, "metrics.sqlite")
        with open(big, "rb") as a, open(gm, "wb") as b:
            b.write(a.read())
        db = sqlite3.connect(gm)
        db.execute("CREATE TABLE TARGET_INFO_GPU_METRICS (typeId INTEGER NOT NULL, sourceId INTEGER NOT NULL, "
                   "typeName TEXT NOT NULL, metricId INTEGER NOT NULL, metricName TEXT NOT NULL)")
        db.execute("CREATE TABLE GPU_METRICS (rawTimestamp INTEGER NOT NULL, timestamp INTEGER NOT NULL, "
                   "typeId INTEGER NOT NULL, metricId INTEGER NOT NULL, value INTEGER NOT NULL)")
        db.executemany("INSERT INTO TARGET_INFO_GPU_METRICS VALUES (?, 0, 'GA100', ?, ?)",
                       [(0x100, 1, "SMs Active [Throughput %]"), (0x101, 1, "SMs Active [Throughput %]")])
        db.executemany("INSERT INTO GPU_METRICS VALUES (?, ?, ?, 1, ?)",
                       [(lo + i * 1000, lo + i * 1000, 0x100 + (i % 2), i) for i in range(40)])
        db.commit()
        db.close()
        run_trace(gm, "-o", os.path.join(td, "gm.json"))
        with open(os.path.join(td, "gm.json")) as fh:
            gev = [e for e in json.load(fh)["traceEvents"] if e.get("cat") == "gpu_metric"]
        c.eq(sorted((e["pid"] - GPU_PID, e["args"]["value"]) for e in gev),
             sorted((i % 2, i) for i in range(40)), "GPU metrics: each sample on its GPU")

        # a real consumer: HTA reads one GPU's trace; its idle time is ours
        py, why = nsq.py_venv("HolisticTraceAnalysis")
        if not py:
            print(f"SKIP (consumer part): Holistic Trace Analysis could not be installed: {why}")
        else:
            one = os.path.join(td, "one.sqlite")
            nsq.gen(one, "--kernels", 2000, "--seed", 8)
            hd = os.path.join(td, "hta")
            os.makedirs(hd)
            run_trace(one, "-o", os.path.join(hd, "rank-0.json"))
            raw = nsq.raw_db(one)
            # HTA moves each event's start up and its end down to whole
            # microseconds (hta/common/trace_parser.py, round_down_time_stamps),
            # then idle = (last end - first start) - union of the GPU events
            # (those with a stream): the same here, from the raw rows
            iv = sorted((-(-s // 1000), e // 1000) for s, e in raw.execute(
                'SELECT start, "end" FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE "end" > start'))
            iv = [(s, max(s, e)) for s, e in iv]
            busy, cs, ce = 0, None, None
            for s, e in iv:
                if ce is None or s > ce:
                    busy += (ce - cs) if ce is not None else 0
                    cs, ce = s, e
                else:
                    ce = max(ce, e)
            busy += ce - cs
            idle_us = max(e for _, e in iv) - iv[0][0] - busy
            script = ("import json, sys\nfrom hta.trace_analysis import TraceAnalysis\n"
                      "t = TraceAnalysis(trace_dir=sys.argv[1])\n"
                      "d = t.get_temporal_breakdown(visualize=False)\n"
                      "print(json.dumps({'idle_us': float(d['idle_time(us)'][0]), 'compute_us': float(d['compute_time(us)'][0])}))\n")
            p = subprocess.run([py, "-c", script, hd], capture_output=True, text=True, timeout=600)
            c.eq(p.returncode, 0, f"HTA read the trace: {p.stderr[-800:]}")
            if p.returncode == 0:
                r = json.loads(p.stdout.strip().splitlines()[-1])
                c.check(abs(r["idle_us"] - idle_us) <= 1,
                        f"HTA's idle time {r['idle_us']} us vs the raw tables' {idle_us} us")
    c.check(n >= 5, f"fixtures converted: {n}")
    c.done()


if __name__ == "__main__":
    main()
