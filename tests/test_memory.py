#!/usr/bin/env python3
"""memory: CUDA memory usage against an independent reading of the raw table.

On the real exports with memory-usage events (nsys-memory/) and on generated
exports given planted CUDA_GPU_MEMORY_USAGE_EVENTS rows (the table as nsys
2024.2 writes it), this test replays the events itself in (start, rowid)
order: bytes in use per kind, the device-memory peak (kinds device, array,
device static) and its time, allocations never freed (a free closes the open
allocation at its address; static kinds apart), unmatched frees, churn, and
the timeline's bucket maxima; every figure must equal the command's.
Planted: a 3 GiB peak reached by a known allocation, two leaked buffers, a
free of memory allocated before the capture, pinned host memory kept apart.
Hand check on gemm-pipeline-fo_10000_20_100: 22 buffers of 800 MB, 1 KiB,
128 KiB and 8 MiB of device memory plus 144 B of static globals -> a peak of
17608520848 B; the 80 GB pinned host buffer is not device memory.
"""
import os
import shutil
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

MEM = os.path.join(nsq.FIXTURES, "..", "nsys-memory")
KINDS = ["pageable", "pinned", "device", "array", "managed", "device_static", "managed_static", "unknown"]
c = nsq.Checks()


def replay(path, points=200):
    db = nsq.raw_db(path)
    rows = db.execute('SELECT start, (globalPid >> 24) & 16777215, deviceId, address, bytes, memKind, '
                      'memoryOperationType, correlationId FROM CUDA_GPU_MEMORY_USAGE_EVENTS ORDER BY start, rowid').fetchall()
    db.close()
    lo, hi = min(r[0] for r in rows), max(r[0] for r in rows)
    span = hi - lo + 1
    devs = {}
    for t, pid, dev, addr, b, kind, op, corr in rows:
        if op not in (0, 1):
            continue
        kind = kind if 0 <= kind < 8 else 7
        d = devs.setdefault((pid, dev), dict(in_use=[0] * 8, peak=[0] * 8, dev_in_use=0, dev_peak=0, peak_ns=None,
                                              open={}, allocs=0, frees=0, ab=0, fb=0, unmatched=0, tl={}))
        if op == 0:
            d["allocs"] += 1
            d["ab"] += b
            d["in_use"][kind] += b
            d["peak"][kind] = max(d["peak"][kind], d["in_use"][kind])
            d["open"][addr] = (t, b, kind, corr)
            if kind in (2, 3, 5):
                d["dev_in_use"] += b
                if d["dev_in_use"] > d["dev_peak"]:
                    d["dev_peak"], d["peak_ns"] = d["dev_in_use"], t
        else:
            d["frees"] += 1
            d["fb"] += b
            a = d["open"].pop(addr, None)
            if a is None:
                d["unmatched"] += 1
            else:
                d["in_use"][a[2]] -= a[1]
                if a[2] in (2, 3, 5):
                    d["dev_in_use"] -= a[1]
        k = (t - lo) * points // span
        cur = d["tl"].get(k)
        if cur is None or d["dev_in_use"] > cur[1]:
            d["tl"][k] = (t, d["dev_in_use"])
    return devs


def check(label, path, expect_peak=None):
    doc = nsq.run("memory", path, "--limit", "0")
    want = replay(path)
    got = {(d["pid"], d["device_id"]): d for d in doc["result"]["devices"]}
    c.eq(sorted(got), sorted(want), f"{label}: (pid, device) pairs")
    for key, w in want.items():
        g = got.get(key)
        if not g:
            continue
        dm = g["device_memory"]
        c.eq((dm["peak_bytes"], dm["peak_ns"]), (w["dev_peak"], w["peak_ns"]), f"{label} {key}: device peak and when")
        c.eq(dm["in_use_at_end_bytes"], w["dev_in_use"], f"{label} {key}: device memory at the end")
        bk = {x["kind"]: (x["peak_bytes"], x["in_use_at_end_bytes"]) for x in g["by_kind"]}
        wk = {KINDS[k]: (w["peak"][k], w["in_use"][k]) for k in range(8) if w["peak"][k] or w["in_use"][k]}
        c.eq(bk, wk, f"{label} {key}: per kind")
        ch = g["churn"]
        c.eq((ch["allocations"], ch["allocated_bytes"], ch["frees"], ch["freed_bytes"], ch["unmatched_frees"]),
             (w["allocs"], w["ab"], w["frees"], w["fb"], w["unmatched"]), f"{label} {key}: churn")
        leaks = sorted((t, a, b) for a, (t, b, k, _) in w["open"].items() if k not in (5, 6))
        static = [b for a, (t, b, k, _) in w["open"].items() if k in (5, 6)]
        nf = g["never_freed"]
        c.eq((nf["count"], nf["bytes"], nf["static_count"], nf["static_bytes"]),
             (len(leaks), sum(x[2] for x in leaks), len(static), sum(static)), f"{label} {key}: never freed")
        c.eq([(x["start_ns"], x["address"], x["bytes"]) for x in nf["allocations"]], leaks,
             f"{label} {key}: the never-freed allocations, in order")
        c.eq([tuple(p) for p in g["timeline"]], [w["tl"][k] for k in sorted(w["tl"])], f"{label} {key}: timeline maxima")
        c.eq(max(p[1] for p in g["timeline"]), w["dev_peak"], f"{label} {key}: the timeline keeps the peak")
    if expect_peak is not None:
        c.eq(doc["result"]["devices"][0]["device_memory"]["peak_bytes"], expect_peak, f"{label}: hand-checked peak")
    return doc


if os.path.isdir(MEM):
    for f in sorted(os.listdir(MEM)):
        if f.endswith(".sqlite"):
            check(f, os.path.join(MEM, f),
                  17608520848 if f.startswith("gemm-pipeline-fo_10000_20_100") else None)
else:
    print("skip: nsys-memory fixtures absent")

# planted rows in a generated export
tmp = tempfile.mkdtemp(prefix="nsq-memory-")
g = os.path.join(tmp, "planted.sqlite")
info = nsq.gen(g, "--iterations", "20")
db = sqlite3.connect(g)
db.execute("""CREATE TABLE CUDA_GPU_MEMORY_USAGE_EVENTS (start INTEGER NOT NULL, globalPid INTEGER NOT NULL,
  deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, address INTEGER NOT NULL, pc INTEGER NOT NULL,
  bytes INTEGER NOT NULL, memKind INTEGER NOT NULL, memoryOperationType INTEGER NOT NULL, name TEXT,
  correlationId INTEGER)""")
gpid = db.execute("SELECT globalPid FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 1").fetchone()[0]
G = 1 << 30
ev = [  # start, address, bytes, kind, op
    (1_000, 0x1000, G, 2, 0),          # 1 GiB
    (2_000, 0x2000, 2 * G, 2, 0),      # 2 GiB: the peak, 3 GiB, at 2000
    (2_500, 0x9000, 10 * G, 1, 0),     # pinned host: not device memory
    (3_000, 0x2000, 2 * G, 2, 1),      # freed
    (4_000, 0x3000, 512 << 20, 2, 0),  # leaked
    (5_000, 0x4000, 4096, 4, 0),       # managed, leaked
    (6_000, 0x7777, 64, 2, 1),         # allocated before the capture
    (7_000, 0x5000, 16, 5, 0),         # a static global
    (8_000, 0x9000, 10 * G, 1, 1),
]
for i, (t, a, b, k, op) in enumerate(ev):
    db.execute("INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS VALUES (?,?,0,1,?,0,?,?,?,NULL,?)", (t, gpid, a, b, k, op, 100 + i))
db.commit()
db.close()
doc = check("planted", g)
d = doc["result"]["devices"][0]
c.eq((d["device_memory"]["peak_bytes"], d["device_memory"]["peak_ns"]), (3 * G, 2000), "planted: 3 GiB peak at 2000")
c.eq((d["device_memory"]["peak_allocation"]["address"], d["device_memory"]["peak_allocation"]["bytes"]), (0x2000, 2 * G),
     "planted: the 2 GiB allocation reached the peak")
c.eq([(x["address"], x["kind"]) for x in d["never_freed"]["allocations"]], [(0x1000, "device"), (0x3000, "device"), (0x4000, "managed")],
     "planted: never freed (the static global apart)")
c.eq((d["never_freed"]["static_count"], d["churn"]["unmatched_frees"]), (1, 1), "planted: one static, one unmatched free")
pinned = [x for x in d["by_kind"] if x["kind"] == "pinned"][0]
c.eq((pinned["peak_bytes"], pinned["in_use_at_end_bytes"]), (10 * G, 0), "planted: pinned host memory apart")
# a window: the peak inside it
w = nsq.run("memory", g, "--window", "3500:9000")["result"]["devices"][0]
c.eq((w["device_memory"]["peak_bytes"], w["device_memory"]["peak_ns"]), (G + (512 << 20) + 16, 7000),
     "window 3500:9000: the peak inside it (bytes in use run from the start)")
c.eq(w["churn"]["window_allocations"], 3, "window: allocations inside it")
# no events: a coded error, exit 3
plain = os.path.join(tmp, "plain.sqlite")
nsq.gen(plain, "--iterations", "5")
rc, out, _ = nsq.run("memory", plain, raw=True)
c.eq(rc, 3, "no memory events: exit 3")
import json  # noqa: E402
c.eq(json.loads(out)["error"]["code"], "no_memory_events", "no memory events: code")
rc, out, _ = nsq.run("memory", g, "--format", "csv", raw=True)
c.eq((rc, len(out.splitlines())), (0, 2), "csv: header and one row")
# nsysql-gen --mem-events: every 7th kernel row allocates 1 MB around itself,
# the first 3 such rows never free; a 144 B static per (process, device)
ge = os.path.join(tmp, "genmem.sqlite")
nsq.gen(ge, "--devices", "2", "--iterations", "40", "--overlap", "--mem-events", "7:1000000:3")
doc = check("nsysql-gen --mem-events", ge)
devs = doc["result"]["devices"]
c.eq(sum(d["never_freed"]["count"] for d in devs), 3, "gen: the first three allocations never freed")
c.eq(sum(d["never_freed"]["bytes"] for d in devs), 3_000_000, "gen: 3 MB never freed")
c.eq([(d["never_freed"]["static_count"], d["never_freed"]["static_bytes"]) for d in devs], [(1, 144)] * 2,
     "gen: one 144 B static per device")
nk = nsq.raw_db(ge).execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0]
c.eq(sum(d["churn"]["allocations"] for d in devs), nk // 7 + 2, "gen: one allocation per 7th kernel row plus the statics")
# rows stored out of time order (the replay must not depend on the table order)
rev = os.path.join(tmp, "reversed.sqlite")
shutil.copy(ge, rev)
db = sqlite3.connect(rev)
db.execute("CREATE TABLE t AS SELECT * FROM CUDA_GPU_MEMORY_USAGE_EVENTS ORDER BY rowid DESC")
db.execute("DELETE FROM CUDA_GPU_MEMORY_USAGE_EVENTS")
db.execute("INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS SELECT * FROM t")
db.execute("DROP TABLE t")
db.commit()
db.close()
check("rows in reverse order", rev)
# events without a start time (the table declared without NOT NULL): left out,
# counted and warned about, the others replayed as before
nul = os.path.join(tmp, "nullstart.sqlite")
shutil.copy(ge, nul)
db = sqlite3.connect(nul)
db.execute("ALTER TABLE CUDA_GPU_MEMORY_USAGE_EVENTS RENAME TO old_events")
db.execute("""CREATE TABLE CUDA_GPU_MEMORY_USAGE_EVENTS (start INTEGER, globalPid INTEGER NOT NULL,
  deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, address INTEGER NOT NULL, pc INTEGER NOT NULL,
  bytes INTEGER NOT NULL, memKind INTEGER NOT NULL, memoryOperationType INTEGER NOT NULL, name TEXT,
  correlationId INTEGER)""")
first = db.execute("SELECT * FROM old_events ORDER BY rowid LIMIT 1").fetchone()
db.execute("INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS VALUES (NULL,?,?,?,?,?,?,?,?,?,?)", first[1:])
db.execute("INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS SELECT * FROM old_events ORDER BY rowid")
db.execute("INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS VALUES (NULL,?,?,?,?,?,?,?,?,?,?)", first[1:])
db.execute("DROP TABLE old_events")
db.commit()
db.close()
dn = nsq.run("memory", nul, "--limit", "0")
base_doc = nsq.run("memory", ge, "--limit", "0")
c.eq(dn["result"]["bad_rows"], 2, "NULL starts: two rows left out")
c.check(any(w["code"] == "bad_rows" for w in dn["warnings"]), "NULL starts: a bad_rows warning")
c.eq(dn["result"]["devices"], base_doc["result"]["devices"], "NULL starts: the other events replayed as before")
# a size that is not an integer (a REAL, a text) is never taken as a number:
# the row is left out like one without a start, counted and warned about
bad = os.path.join(tmp, "badbytes.sqlite")
shutil.copy(ge, bad)
db = sqlite3.connect(bad)
first = db.execute("SELECT * FROM CUDA_GPU_MEMORY_USAGE_EVENTS ORDER BY rowid LIMIT 1").fetchone()
last = db.execute("SELECT max(start) FROM CUDA_GPU_MEMORY_USAGE_EVENTS").fetchone()[0]
# at the last time, so the table stays in time order (read as stored)
db.execute("INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS VALUES (?,?,?,?,?,?,?,?,?,?,?)",
           (last,) + tuple(first[1:6]) + (1000.5,) + tuple(first[7:]))
db.execute("INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS VALUES (?,?,?,?,?,?,?,?,?,?,?)",
           (last,) + tuple(first[1:6]) + ("lots",) + tuple(first[7:]))
db.commit()
db.close()
for env in ({}, {"NSYSQL_RAWSCAN": "0"}, {"NSYSQL_THREADS": "1"}):
    db_ = nsq.run("memory", bad, "--limit", "0", env=env)
    c.eq(db_["result"]["bad_rows"], 2, f"non-integer bytes {env}: both rows left out")
    c.eq(db_["result"]["devices"], base_doc["result"]["devices"],
         f"non-integer bytes {env}: the other events replayed as before")
shutil.rmtree(tmp, ignore_errors=True)
c.done()
