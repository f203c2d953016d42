#!/usr/bin/env python3
"""top-kernels: expected values derived independently of nsysql.

- Every real fixture with kernels: per-kernel count/total/min/max (and the
  median, p90 and sample stddev) from our own SQL on the raw
  CUPTI_ACTIVITY_KIND_KERNEL + StringIds tables and Python statistics; GPU
  busy time per device from a Python union of the raw kernel/memcpy/memset
  rows with the device mapping done here; shares that add up to 100.
- Fast path == SQL oracle (--oracle) on every fixture, over option and window
  combinations, and on synthetic exports.
- Synthetic exports (nsysql-gen): kernels_by_name of the truth file, zero-length
  and bad rows, overlapping streams, several devices and processes.
- Hand-made exports: zero-length kernels, overlapping kernels on several
  streams, kernels partly outside the window, end < start rows, a device with
  one kernel, no kernels at all.
- Errors with codes (never zeros) for exports without GPU activity.
"""
import json
import math
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402
from test_schemas import closed  # noqa: E402

c = nsq.Checks()


# ---- independent reference computations -------------------------------------------

def table_exists(db, name):
    return db.execute("SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?",
                      (name,)).fetchone()[0] > 0


def device_map(db):
    """(pid, ordinal) -> device identity, by the rules documented in devmap.h."""
    if table_exists(db, "TARGET_INFO_CUDA_DEVICE") and \
            db.execute("SELECT count(*) FROM TARGET_INFO_CUDA_DEVICE").fetchone()[0]:
        m = {(p, d): g for p, d, g in db.execute("SELECT pid, cudaId, gpuId FROM TARGET_INFO_CUDA_DEVICE")}
        return lambda pid, dev: m.get((pid, dev), dev)
    if table_exists(db, "TARGET_INFO_GPU"):
        cols = [r[1] for r in db.execute("PRAGMA table_info(TARGET_INFO_GPU)")]
        if "cuDevice" in cols:
            rows = db.execute("SELECT cuDevice, id FROM TARGET_INFO_GPU WHERE cuDevice IS NOT NULL").fetchall()
            if rows:
                m = {}
                for cu, gid in rows:
                    m.setdefault(cu, gid)
                return lambda pid, dev: m.get(dev, dev)
    return lambda pid, dev: dev


def raw_ops(db, kinds=("KERNEL", "MEMCPY", "MEMSET")):
    """(device, start, end) of every valid GPU op, with the device mapped here."""
    dm = device_map(db)
    out = []
    for k in kinds:
        t = f"CUPTI_ACTIVITY_KIND_{k}"
        if not table_exists(db, t):
            continue
        for s, e, gp, dev in db.execute(f'SELECT start, "end", globalPid, deviceId FROM {t}'):
            if s is None or e is None or e < s:
                continue
            out.append((dm((gp >> 24) & 0xFFFFFF, dev), s, e))
    return out


def union_len(iv):
    total, cur = 0, None
    for s, e in sorted(iv):
        if e <= s:
            continue
        if cur and s <= cur[1]:
            cur[1] = max(cur[1], e)
        else:
            if cur:
                total += cur[1] - cur[0]
            cur = [s, e]
    if cur:
        total += cur[1] - cur[0]
    return total


def ref_stats(durs):
    d = sorted(durs)
    n = len(d)
    med = (d[(n - 1) // 2] + d[n // 2]) // 2
    p90 = d[math.ceil(0.9 * n) - 1]
    sd = statistics.stdev(d) if n > 1 else None
    return dict(instances=n, total_ns=sum(d), min_ns=d[0], max_ns=d[-1], mean_ns=sum(d) // n,
                median_ns=med, p90_ns=p90, stddev_ns=sd)


def ref_kernels(path, name_col="shortName", window=None):
    """name -> durations of valid kernel rows overlapping the window."""
    db = nsq.raw_db(path)
    out = {}
    q = (f'SELECT s.value, k.start, k."end" FROM CUPTI_ACTIVITY_KIND_KERNEL k '
         f'LEFT JOIN StringIds s ON s.id = k.{name_col}')
    for name, s, e in db.execute(q):
        if s is None or e is None or e < s:
            continue
        if window:
            a, b = window
            inside = (s < b and e > a) if e > s else (a <= s <= b)
            if not inside:
                continue
        out.setdefault(name, []).append(e - s)
    db.close()
    return out


def close(a, b, rel=1e-6):
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(a, b, rel_tol=rel, abs_tol=1e-6)


def same_result(a, b, path=""):
    """Deep equality with a tolerance for floats (stddev comes from different arithmetic)."""
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            return f"{path}: keys differ {set(a) ^ set(b)}"
        for k in a:
            r = same_result(a[k], b[k], f"{path}.{k}")
            if r:
                return r
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} vs {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b)):
            r = same_result(x, y, f"{path}[{i}]")
            if r:
                return r
        return None
    if isinstance(a, float) or isinstance(b, float):
        return None if close(a, b) else f"{path}: {a} vs {b}"
    return None if a == b else f"{path}: {a!r} vs {b!r}"


def fast_vs_oracle(path, *args, label=""):
    a = nsq.run("top-kernels", path, *args)
    b = nsq.run("top-kernels", path, *args, "--oracle")
    d = same_result(a["result"], b["result"]) or same_result(a["params"]["window"], b["params"]["window"], "window")
    c.check(d is None, f"{label or os.path.basename(path)} {' '.join(args)}: fast == oracle ({d})")
    c.eq(a["params"]["engine"], "fast", "engine fast")
    c.eq(b["params"]["engine"], "sql", "engine sql")
    c.eq(a["query"]["id"], "top-kernels", "query id named")
    return a


# ---- real fixtures --------------------------------------------------------------------

def check_fixture(path):
    base = os.path.basename(path)
    db = nsq.raw_db(path)
    has_k = table_exists(db, "CUPTI_ACTIVITY_KIND_KERNEL") and \
        db.execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0] > 0
    has_gpu = has_k or any(table_exists(db, f"CUPTI_ACTIVITY_KIND_{k}") and
                           db.execute(f"SELECT count(*) FROM CUPTI_ACTIVITY_KIND_{k}").fetchone()[0] > 0
                           for k in ("MEMCPY", "MEMSET"))
    if not has_k:
        doc = nsq.run("top-kernels", path, expect_rc=3)
        c.eq(doc["error"]["code"], "no_gpu_activity" if not has_gpu else "no_kernels",
             f"{base}: no kernels is an error with a code")
        doc = nsq.run("top-kernels", path, "--oracle", expect_rc=3)
        c.check(doc["error"]["code"] in ("no_gpu_activity", "no_kernels"), f"{base}: oracle errors too")
        db.close()
        return
    doc = nsq.run("top-kernels", path, "--limit", "0")
    res = doc["result"]
    ref = ref_kernels(path)
    rows = {r["name"]: r for r in res["kernels"]}
    c.eq(len(rows), len(ref), f"{base}: one row per short name")
    c.eq(res["totals"]["names"], len(ref), f"{base}: totals.names")
    for name, durs in ref.items():
        r = rows.get(name)
        c.check(r is not None, f"{base}: row for {name}")
        if not r:
            continue
        e = ref_stats(durs)
        for k in ("instances", "total_ns", "min_ns", "max_ns", "mean_ns", "median_ns", "p90_ns"):
            c.eq(r[k], e[k], f"{base} {name[:40]}: {k}")
        c.check(close(r["stddev_ns"], e["stddev_ns"], 1e-6), f"{base} {name[:40]}: stddev {r['stddev_ns']} vs {e['stddev_ns']}")
    kt = sum(sum(d) for d in ref.values())
    c.eq(res["totals"]["kernel_time_ns"], kt, f"{base}: kernel time")
    c.eq(res["totals"]["instances"], sum(len(d) for d in ref.values()), f"{base}: instances")
    c.check(abs(sum(r["pct_of_kernel_time"] for r in res["kernels"]) - 100) < 1e-3, f"{base}: kernel-time shares add up")
    # GPU busy: the union of kernel + memcpy + memset per device, computed here
    ops = raw_ops(db)
    per_dev = {}
    for dev, s, e in ops:
        per_dev.setdefault(dev, []).append((s, e))
    busy = {dev: union_len(iv) for dev, iv in per_dev.items()}
    got = {d["device"]: d["gpu_busy_ns"] for d in res["devices"]}
    c.eq(got, busy, f"{base}: GPU busy per device")
    c.eq(res["totals"]["gpu_busy_ns"], sum(busy.values()), f"{base}: total GPU busy")
    # the pct of GPU busy uses the reported denominator
    for r in res["kernels"]:
        c.check(close(r["pct_of_gpu_busy"], 100.0 * r["total_ns"] / res["totals"]["gpu_busy_ns"]),
                f"{base}: pct_of_gpu_busy uses totals.gpu_busy_ns")
    # limit + other: shares add up, other folds the rest
    doc3 = nsq.run("top-kernels", path, "--limit", "3")
    ks = doc3["result"]["kernels"]
    if len(ref) > 3:
        c.eq(len(ks), 4, f"{base}: limit 3 + other")
        c.check(ks[-1]["other"] and ks[-1]["names"] == len(ref) - 3, f"{base}: other folds the rest")
        c.eq(sum(r["instances"] for r in ks), sum(len(d) for d in ref.values()), f"{base}: other keeps the instances")
    c.check(abs(sum(r["pct_of_kernel_time"] for r in ks) - 100) < 1e-3, f"{base}: limited shares add up")
    totals = sorted((sum(d) for d in ref.values()), reverse=True)
    c.eq([r["total_ns"] for r in ks if not r["other"]], totals[:3], f"{base}: ranked by total")
    # per device: the rows of a device add up to that device's kernel time
    docd = nsq.run("top-kernels", path, "--per-device", "--limit", "0")
    for d in docd["result"]["devices"]:
        rs = [r for r in docd["result"]["kernels"] if r["device"] == d["device"]]
        c.eq(sum(r["total_ns"] for r in rs), d["kernel_time_ns"], f"{base}: device {d['device']} rows add up")
    # by demangled name
    refd = ref_kernels(path, "demangledName")
    docm = nsq.run("top-kernels", path, "--by", "demangled", "--limit", "0")
    got = {r["name"]: (r["instances"], r["total_ns"]) for r in docm["result"]["kernels"]}
    c.eq(got, {n: (len(d), sum(d)) for n, d in refd.items()}, f"{base}: --by demangled")
    # a window: the middle third of the capture
    w = doc["params"]["window"]
    a, b = w["start_ns"] + w["duration_ns"] // 3, w["start_ns"] + 2 * w["duration_ns"] // 3
    docw = nsq.run("top-kernels", path, "--window", f"{a}:{b}", "--limit", "0")
    refw = ref_kernels(path, window=(a, b))
    got = {r["name"]: (r["instances"], r["total_ns"]) for r in docw["result"]["kernels"]}
    c.eq(got, {n: (len(d), sum(d)) for n, d in refw.items()}, f"{base}: window {a}:{b} (overlap, unclipped)")
    # fast == oracle over options and windows
    for args in ([], ["--per-device"], ["--limit", "0"], ["--limit", "1", "--per-device"],
                 ["--by", "demangled"], ["--by", "mangled"], ["--by", "normalized", "--limit", "5"],
                 ["--name", "gemm|elementwise"], ["--exclude", "^void"], ["--device", "0"],
                 ["--stream", "7"], ["--window", f"{a}:{b}"], ["--window", f"{w['start_ns'] - 5}:{a}", "--per-device"]):
        fast_vs_oracle(path, *args)
    db.close()


# ---- hand-made exports ----------------------------------------------------------------

def handmade(tmp, name, kernels, memcpys=(), devices=1):
    """An export with exactly these rows, made from a generator export (so the
    tables have nsys's shape). kernels: (start, end, name, device, pid, stream)."""
    path = os.path.join(tmp, name + ".sqlite")
    nsq.gen(path, "--iterations", "2", "--devices", str(devices), "--no-nvtx", "--memcpy-per-iter", "1")
    db = sqlite3.connect(path)
    tk = db.execute("SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 1").fetchone()
    kcols = [r[1] for r in db.execute("PRAGMA table_info(CUPTI_ACTIVITY_KIND_KERNEL)")]
    tm = db.execute("SELECT * FROM CUPTI_ACTIVITY_KIND_MEMCPY LIMIT 1").fetchone()
    mcols = [r[1] for r in db.execute("PRAGMA table_info(CUPTI_ACTIVITY_KIND_MEMCPY)")]
    for t in ("KERNEL", "MEMCPY", "RUNTIME"):
        db.execute(f"DELETE FROM CUPTI_ACTIVITY_KIND_{t}")
    for t in ("TARGET_INFO_CUDA_DEVICE",):
        db.execute(f"DELETE FROM {t}")
    sid = db.execute("SELECT coalesce(max(id), 0) + 1 FROM StringIds").fetchone()[0]
    ids = {}
    corr = 1
    for (s, e, nm, dev, pid, stream) in kernels:
        if nm not in ids:
            db.execute("INSERT INTO StringIds(id, value) VALUES (?, ?)", (sid, nm))
            ids[nm] = sid
            sid += 1
        row = dict(zip(kcols, tk))
        row.update(start=s, end=e, deviceId=dev, streamId=stream, globalPid=(1 << 48) | (pid << 24),
                   shortName=ids[nm], demangledName=ids[nm], mangledName=ids[nm], correlationId=corr)
        corr += 1
        db.execute(f"INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL({','.join(kcols)}) VALUES ({','.join('?' * len(kcols))})",
                   [row[k] for k in kcols])
    for (s, e, dev, pid, stream) in memcpys:
        row = dict(zip(mcols, tm))
        row.update(start=s, end=e, deviceId=dev, streamId=stream, globalPid=(1 << 48) | (pid << 24),
                   correlationId=corr)
        corr += 1
        db.execute(f"INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY({','.join(mcols)}) VALUES ({','.join('?' * len(mcols))})",
                   [row[k] for k in mcols])
    db.commit()
    db.close()
    return path


def check_handmade(tmp):
    P = 4242
    ks = [
        (1000, 2000, "a", 0, P, 7),      # [1000, 2000)
        (1500, 3000, "b", 0, P, 13),     # overlaps a on another stream
        (2500, 2500, "z", 0, P, 7),      # zero-length
        (5000, 5000, "z", 0, P, 7),      # zero-length, alone
        (6000, 9000, "a", 0, P, 7),
        (7000, 6000, "bad", 0, P, 7),    # end < start
        (8000, 12000, "b", 0, P, 14),    # partly after a 10000 window end
        (500, 1200, "c", 0, P, 13),      # partly before a 1100 window start
        (3000, 3400, "one", 1, P, 7),    # device 1: one kernel
    ]
    path = handmade(tmp, "edge", ks, memcpys=[(9500, 11000, 0, P, 7)], devices=2)
    doc = nsq.run("top-kernels", path, "--limit", "0", "--per-device")
    res = doc["result"]
    codes = [w["code"] for w in doc["warnings"]]
    c.check("bad_rows" in codes, "end < start: warned")
    c.eq(res["bad_rows"], 1, "end < start: counted")
    c.check("zero_length_kernels" in codes, "zero-length kernels: warned")
    c.eq(res["zero_length_instances"], 2, "zero-length instances counted")
    rows = {(r["device"], r["name"]): r for r in res["kernels"]}
    z = rows[(0, "z")]
    c.eq((z["instances"], z["total_ns"], z["min_ns"], z["median_ns"], z["p90_ns"]), (2, 0, 0, 0, 0), "zero-length row")
    c.check(z["stddev_ns"] == 0, "zero-length stddev 0")
    a = rows[(0, "a")]
    c.eq((a["instances"], a["total_ns"], a["median_ns"], a["p90_ns"], a["mean_ns"]), (2, 4000, 2000, 3000, 2000),
         "a: median of two = mean of the middle values; p90 nearest rank")
    c.check(close(a["stddev_ns"], statistics.stdev([1000, 3000])), "a: sample stddev")
    one = rows[(1, "one")]
    c.eq((one["instances"], one["total_ns"], one["median_ns"], one["p90_ns"], one["stddev_ns"]), (1, 400, 400, 400, None),
         "device with one kernel: stddev null")
    devs = {d["device"]: d for d in res["devices"]}
    # device 0 busy: union of [500,3000) [6000,12000) (memcpy [9500,11000) inside) = 2500 + 6000
    c.eq(devs[0]["gpu_busy_ns"], 8500, "overlapping streams: busy is the union")
    c.eq(devs[1]["gpu_busy_ns"], 400, "device 1 busy")
    c.check(close(one["pct_of_gpu_busy"], 100.0), "one kernel = 100% of its device's busy time")
    c.eq(res["totals"]["devices"], 2, "two devices")
    # window [1100, 10000): c, a, b, a, b overlap (c and the last b partly), zero-length at 2500 and 5000 count
    docw = nsq.run("top-kernels", path, "--window", "1100:10000", "--limit", "0")
    got = {r["name"]: (r["instances"], r["total_ns"]) for r in docw["result"]["kernels"]}
    c.eq(got, {"a": (2, 4000), "b": (2, 5500), "c": (1, 700), "z": (2, 0), "one": (1, 400)},
         "partly-outside kernels count whole; zero-length inside count")
    docw2 = nsq.run("top-kernels", path, "--window", "2600:4900", "--limit", "0")
    got = {r["name"]: r["instances"] for r in docw2["result"]["kernels"]}
    c.eq(got, {"b": 1, "one": 1}, "window 2600:4900: a zero-length op at 2500 and 5000 stays out")
    # a window with nothing: ok, empty, warned
    doce = nsq.run("top-kernels", path, "--window", "100000:200000")
    c.eq(doce["result"]["kernels"], [], "empty window: no rows")
    c.check("no_kernels_selected" in [w["code"] for w in doce["warnings"]], "empty window: warned, not zeros")
    for args in ([], ["--per-device"], ["--window", "1100:10000"], ["--window", "2600:4900", "--per-device"],
                 ["--name", "^(a|z)$"], ["--exclude", "b"], ["--device", "1"], ["--stream", "13"],
                 ["--window", "100000:200000"], ["--limit", "1"]):
        fast_vs_oracle(path, *args, label="edge")
    # rows out of start order: same answer (sorted in memory), with a warning
    rev = os.path.join(tmp, "reversed.sqlite")
    shutil.copy(path, rev)
    db = sqlite3.connect(rev)
    db.execute("CREATE TABLE k2 AS SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY start DESC")
    db.execute("DELETE FROM CUPTI_ACTIVITY_KIND_KERNEL")
    db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL SELECT * FROM k2")
    db.execute("DROP TABLE k2")
    db.commit()
    db.close()
    d2 = fast_vs_oracle(rev, "--limit", "0", "--per-device", label="reversed")
    c.check(same_result(d2["result"], res) is None, "reversed rows: same result")
    c.check("rows_not_in_time_order" in [w["code"] for w in d2["warnings"]], "reversed rows: warned")
    # memcpy only: an error with a code
    mo = handmade(tmp, "memcpy_only", [], memcpys=[(100, 200, 0, P, 7)])
    doc = nsq.run("top-kernels", mo, expect_rc=3)
    c.eq(doc["error"]["code"], "no_kernels", "memcpy only: no_kernels error")


# ---- synthetic exports from the generator ---------------------------------------------

def check_generated(tmp):
    runs = [
        ("plain", ["--iterations", "30", "--kernel", "k_a:5000:0:2", "--kernel", "k_b:12000:0",
                   "--duration-dist", "k_c:100,300,200,900,400", "--kernel", "k_c:1:0:3"]),
        ("multi", ["--processes", "2", "--devices", "2", "--iterations", "15", "--streams", "3", "--overlap",
                   "--memcpy-per-iter", "2", "--memset-per-iter", "1", "--zero-length", "5", "--bad-rows", "3",
                   "--flavour", "2.9.1"]),
        ("v313", ["--iterations", "12", "--flavour", "3.13", "--warmup", "2", "--zero-length", "2"]),
    ]
    for label, args in runs:
        path = os.path.join(tmp, label + ".sqlite")
        truth = os.path.join(tmp, label + ".json")
        nsq.gen(path, "--truth", truth, *args)
        with open(truth) as f:
            t = json.load(f)
        doc = fast_vs_oracle(path, "--limit", "0", "--by", "demangled", label=label)
        rows = {r["name"]: r for r in doc["result"]["kernels"]}
        for k in t["kernels_by_name"]:
            r = rows.get(k["name"])
            c.check(r is not None, f"{label}: row {k['name'][:40]}")
            if not r:
                continue
            c.eq((r["instances"], r["total_ns"], r["min_ns"], r["max_ns"]),
                 (k["count"], k["total_ns"], k["min_ns"], k["max_ns"]), f"{label} {k['name'][:40]}: count/total/min/max")
            if k["median_ns"] is not None:
                c.eq(r["median_ns"], int(k["median_ns"] // 1), f"{label} {k['name'][:40]}: median")
        c.eq(doc["result"]["bad_rows"], t["counts"]["bad_kernels"], f"{label}: bad rows")
        c.eq(doc["result"]["zero_length_instances"], t["counts"]["zero_length_kernels"], f"{label}: zero-length")
        got = {d["device"]: d["gpu_busy_ns"] for d in doc["result"]["devices"]}
        if doc["result"]["device_identity"] == "cuda_device_map":
            # every (process, ordinal) is its own GPU: the truth's per-device union
            busy = {d["gpu_id"]: d["busy_ns"] for p in t["processes"] for d in p["devices"]}
            c.eq(got, busy, f"{label}: GPU busy per device = truth")
        else:
            # older flavours cannot tell processes' GPUs apart: ordinals map to
            # TARGET_INFO_GPU ids, so processes share a device; union computed here
            db = nsq.raw_db(path)
            per_dev = {}
            for dev, s, e in raw_ops(db):
                per_dev.setdefault(dev, []).append((s, e))
            db.close()
            c.eq(got, {d: union_len(iv) for d, iv in per_dev.items()}, f"{label}: GPU busy per device")
        for extra in (["--per-device", "--limit", "2"], ["--by", "normalized"], ["--stream", "13"],
                      ["--name", "kernel"], ["--window", f"{t['session']['first_op_start'] + 100000}:{t['session']['last_op_end'] - 100000}"]):
            fast_vs_oracle(path, *extra, label=label)
    # the stored oracle runs through timeline-sql too
    path = os.path.join(tmp, "plain.sqlite")
    ts = nsq.run("timeline-sql", path, "--query", "top-kernels", "--param", "limit=0")
    c.check(any(r for r in ts["result"]["rows"]), "timeline-sql --query top-kernels runs")


def check_cli(fx):
    doc = nsq.run("top-kernels", fx, "--by", "nonsense", expect_rc=2)
    c.eq(doc["error"]["code"], "bad_option_value", "--by checked")
    nsq.run("top-kernels", fx, "--limit", "-1", expect_rc=2)
    doc = nsq.run("top-kernels", fx, "--name", "(", expect_rc=2)
    c.eq(doc["error"]["code"], "bad_regex", "bad --name regex")
    nsq.run("top-kernels", fx, "--window", "5:1", expect_rc=2)
    doc = nsq.run("top-kernels", fx, "--window", "nvtx:no-such-range", expect_rc=3)
    for fmt in ("table", "md", "csv"):
        rc, out, err = nsq.run("top-kernels", fx, "--format", fmt, "--limit", "3", raw=True)
        c.check(rc == 0 and len(out.splitlines()) >= 3, f"--format {fmt}")


def check_closed_schema(fixtures):
    """Every field printed is described: documents validate against a closed
    copy of the schema (additionalProperties: false wherever properties are listed)."""
    import jsonschema
    with open(os.path.join(nsq.SCHEMAS, "top-kernels.v1.schema.json")) as f:
        v = jsonschema.Draft202012Validator(closed(json.load(f)))
    for p in fixtures:
        for args in ([], ["--per-device", "--limit", "2"], ["--oracle"]):
            doc = nsq.run("top-kernels", p, *args, expect_rc=None)
            if doc["ok"]:
                errs = [e.message for e in v.iter_errors(doc)]
                c.check(not errs, f"{os.path.basename(p)} {args}: closed schema ({errs[:2]})")


def check_out_of_order(tmp):
    """Rows out of start order, as CUPTI captures have them: a few rows a
    little early (the scan's reordering buffer) and rows far early (past
    the buffer: the whole sort). Both: the fast path == the SQL oracle, the
    same result as the rows in order, and the warning."""
    path = os.path.join(tmp, "ordered.sqlite")
    nsq.gen(path, "--iterations", "3000", "--memcpy-per-iter", "1", "--memset-per-iter", "1",
            "--devices", "2")
    base = nsq.run("top-kernels", path, "--limit", "0", "--per-device")
    for label, sql in (
            ("a few rows 10 ns early",
             "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = start - 2 * (\"end\" - start) - 10, "
             "\"end\" = \"end\" - 2 * (\"end\" - start) - 10 WHERE rowid % 997 = 5"),
            ("rows half the capture early",
             "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = start - (SELECT (max(start) - min(start)) / 2 "
             "FROM CUPTI_ACTIVITY_KIND_KERNEL), \"end\" = \"end\" - (SELECT (max(start) - min(start)) / 2 "
             "FROM CUPTI_ACTIVITY_KIND_KERNEL) WHERE rowid % 997 = 5")):
        p = os.path.join(tmp, "ooo.sqlite")
        shutil.copy(path, p)
        db = sqlite3.connect(p)
        db.execute(sql)
        db.commit()
        late = db.execute("SELECT count(*) FROM (SELECT start < lag(start) OVER (PARTITION BY deviceId "
                          "ORDER BY rowid) AS d FROM CUPTI_ACTIVITY_KIND_KERNEL) WHERE d").fetchone()[0]
        db.close()
        c.check(late > 5, f"{label}: {late} rows out of start order")
        d = fast_vs_oracle(p, "--limit", "0", "--per-device", label=label)
        c.check("rows_not_in_time_order" in [w["code"] for w in d["warnings"]], f"{label}: warned")
        # the rows moved whole: the same kernels, instances and kernel time as in order
        got = {(r["name"], r.get("device")): (r["instances"], r["total_ns"]) for r in d["result"]["kernels"]}
        want = {(r["name"], r.get("device")): (r["instances"], r["total_ns"]) for r in base["result"]["kernels"]}
        c.eq(got, want, f"{label}: instances and kernel time as in order")
        a = nsq.run("idle-gaps", p)
        b = nsq.run("idle-gaps", p, "--oracle")
        c.check(same_result(a["result"], b["result"]) is None, f"{label}: idle-gaps fast == oracle")


def main():
    fixtures = nsq.fixtures()
    for p in fixtures:
        check_fixture(p)
    two = [p for p in fixtures if "2gpu" in p]
    if two:
        doc = nsq.run("top-kernels", two[0], "--per-device")
        c.eq(len(doc["result"]["devices"]), 2, "2-GPU fixture: two devices")
        c.eq(doc["result"]["device_identity"], "cuda_ordinal", "2-GPU fixture: identity named")
    nvtx = [p for p in fixtures if "dlprof" in p]
    if nvtx:
        db = nsq.raw_db(nvtx[0])
        name = db.execute("SELECT text FROM NVTX_EVENTS WHERE text IS NOT NULL AND eventType = 59 "
                          "GROUP BY text ORDER BY count(*) DESC LIMIT 1").fetchone()[0]
        db.close()
        fast_vs_oracle(nvtx[0], "--window", f"nvtx:{name}#1", label="nvtx window")
    check_closed_schema(fixtures)
    tmp = tempfile.mkdtemp(prefix="nsq-topk-")
    try:
        check_handmade(tmp)
        check_generated(tmp)
        check_out_of_order(tmp)
        check_cli([p for p in fixtures if "dlprof" in p][0] if nvtx else fixtures[0])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    c.done()


if __name__ == "__main__":
    main()
