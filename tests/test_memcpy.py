#!/usr/bin/env python3
"""memcpy: expected values derived independently of nsysql.

- Every real fixture (and the memory-usage exports in ../nsys-memory when
  present), whole, in a window and for one --pid: per device, per copy kind (memcpy) and memory kind
  (memset), per size bucket, per host-memory class and per launching call
  (sync/async/none): count, byte total and time total (and min, max, median)
  from our own SQL on the raw CUPTI_ACTIVITY_KIND_MEMCPY / MEMSET /
  CUPTI_ACTIVITY_KIND_RUNTIME / StringIds tables (never nsysql's views),
  bucketed and classified here; the memory bandwidth from the raw
  TARGET_INFO_GPU; page-fault counts from the raw CUDA_UM_*_PAGE_FAULT_EVENTS.
- Fast path == SQL oracle (--oracle) on every fixture, whole and in a window.
- Synthetic exports (nsysql-gen) with planted throughput: GB/s of every kind
  and of memsets equals the planted speed; every op async (cudaMemcpyAsync /
  cudaMemsetAsync), or 'none' with --no-api.
- --format csv rows agree with the JSON document.
"""
import csv
import io
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()

COPY_KINDS = {0: "unknown", 1: "HtoD", 2: "DtoH", 3: "HtoA", 4: "AtoH", 5: "AtoA", 6: "AtoD",
              7: "DtoA", 8: "DtoD", 9: "HtoH", 10: "PtoP", 11: "UVM HtoD", 12: "UVM DtoH",
              13: "UVM DtoD"}
MEM_KINDS = {0: "Pageable", 1: "Pinned", 2: "Device", 3: "Array", 4: "Managed",
             5: "Device Static", 6: "Managed Static", 7: "Unknown"}


def size_bucket(b):
    for lim, name in ((4096, "<4KiB"), (65536, "4KiB-64KiB"), (1 << 20, "64KiB-1MiB"),
                      (16 << 20, "1MiB-16MiB"), (256 << 20, "16MiB-256MiB")):
        if b < lim:
            return name
    return ">=256MiB"


def host_class(s, d):
    if s == 0 or d == 0:
        return "pageable"
    if s == 1 or d == 1:
        return "pinned"
    if s in (4, 6) or d in (4, 6):
        return "managed"
    if s in (2, 3, 5) and d in (2, 3, 5):
        return "device"
    return "unknown"


def table_exists(db, name):
    return db.execute("SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?",
                      (name,)).fetchone()[0] > 0


def cols(db, table):
    return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]


def call_names(db):
    """(correlationId, globalPid) -> smallest call name, from the raw runtime table."""
    if not table_exists(db, "CUPTI_ACTIVITY_KIND_RUNTIME"):
        return {}
    where = " WHERE r.eventClass IN (0, 1)" if "eventClass" in cols(db, "CUPTI_ACTIVITY_KIND_RUNTIME") else ""
    m = {}
    for corr, gpid, name in db.execute(
            "SELECT r.correlationId, r.globalTid & -16777216, s.value FROM CUPTI_ACTIVITY_KIND_RUNTIME r "
            "LEFT JOIN StringIds s ON s.id = r.nameId" + where):
        if name is None:
            continue
        k = (corr, gpid)
        if k not in m or name < m[k]:
            m[k] = name
    return m


def raw_ops(db, lo=None, hi=None, pid=None):
    """{(section, device): [(kind, bucket, host, call, bytes, dur)]} and the bad-row count."""
    calls = call_names(db)
    out, bad = {}, 0
    specs = []
    if table_exists(db, "CUPTI_ACTIVITY_KIND_MEMCPY"):
        specs.append(("memcpy", "SELECT start, end, deviceId, bytes, copyKind, srcKind, dstKind, "
                      "correlationId, globalPid FROM CUPTI_ACTIVITY_KIND_MEMCPY"))
    if table_exists(db, "CUPTI_ACTIVITY_KIND_MEMSET"):
        specs.append(("memset", "SELECT start, end, deviceId, bytes, memKind, memKind, memKind, "
                      "correlationId, globalPid FROM CUPTI_ACTIVITY_KIND_MEMSET"))
    for section, sql in specs:
        for s, e, dev, nb, kc, sk, dk, corr, gpid in db.execute(sql):
            if s is None or e is None or e < s:
                bad += 1
                continue
            if pid is not None and (gpid is None or (gpid >> 24) & 0xFFFFFF != pid):
                continue
            if lo is not None:
                inside = (lo <= s <= hi) if s == e else (s < hi and e > lo)
                if not inside:
                    continue
            if section == "memcpy":
                kind = COPY_KINDS.get(kc, "unknown")
            else:
                kind = MEM_KINDS.get(kc, "Unknown")
            name = calls.get((corr, gpid))
            call = "none" if name is None else ("async" if "Async" in name else "sync")
            out.setdefault((section, dev), []).append(
                (kind, size_bucket(nb), host_class(sk, dk), call, nb, e - s))
    return out, bad


def expect_groups(ops):
    """The figures the test holds nsysql to, per (section, device, grouping, key)."""
    want = {}
    for (section, dev), rows in ops.items():
        for gi, grouping in enumerate(("kind", "size", "host_memory", "call")):
            for r in rows:
                want.setdefault((section, dev, grouping, r[gi]), []).append(r)
        want[(section, dev, "all", "all")] = rows
    figs = {}
    for k, rows in want.items():
        durs = sorted(r[5] for r in rows)
        n = len(durs)
        figs[k] = {"count": n, "bytes": sum(r[4] for r in rows), "total_ns": sum(durs),
                   "min_ns": durs[0], "max_ns": durs[-1],
                   "median_ns": (durs[(n - 1) // 2] + durs[n // 2]) // 2}
    return figs


def got_groups(doc):
    g = {}
    for d in doc["result"]["devices"]:
        for section in ("memcpy", "memset"):
            sec = d[section]
            if sec["total"] is not None:
                g[(section, d["device_id"], "all", "all")] = sec["total"]
            for grouping, key in (("kind", "by_kind"), ("size", "by_size"),
                                  ("host_memory", "by_host_memory"), ("call", "by_call")):
                for row in sec[key]:
                    g[(section, d["device_id"], grouping, row["key"])] = row
    return g


def compare(p, doc, figs, label):
    got = got_groups(doc)
    c.eq(sorted(got), sorted(figs), f"{label}: the same groups as the raw tables")
    for k, want in figs.items():
        row = got.get(k)
        if row is None:
            continue
        for f, v in want.items():
            c.eq(row[f], v, f"{label} {k} {f}")
        if row["total_ns"] > 0:
            c.check(abs(row["gbps"] - row["bytes"] / row["total_ns"]) <= 1e-6 * max(1, row["gbps"]),
                    f"{label} {k}: gbps = bytes / total_ns")


def strip_engine(doc):
    d = dict(doc)
    d["params"] = {k: v for k, v in doc["params"].items() if k != "engine"}
    d.pop("query", None)
    return d


def check_fixture(p):
    name = os.path.basename(p)
    db = nsq.raw_db(p)
    fast = nsq.run("memcpy", p)
    sql = nsq.run("memcpy", "--oracle", p)
    c.eq(strip_engine(sql), strip_engine(fast), f"{name}: --oracle == fast path")
    ops, bad = raw_ops(db)
    c.eq(fast["result"]["bad_rows"], bad, f"{name}: bad_rows")
    compare(p, fast, expect_groups(ops), name)
    # memory bandwidth from the raw TARGET_INFO_GPU
    bws = set()
    if table_exists(db, "TARGET_INFO_GPU") and "memoryBandwidth" in cols(db, "TARGET_INFO_GPU"):
        bws = {r[0] for r in db.execute("SELECT memoryBandwidth FROM TARGET_INFO_GPU WHERE memoryBandwidth > 0")}
    for d in fast["result"]["devices"]:
        if len(bws) == 1:
            c.check(abs(d["memory_bandwidth_gbps"] - next(iter(bws)) / 1e9) < 1e-6,
                    f"{name} device {d['device_id']}: memory bandwidth from TARGET_INFO_GPU")
        elif not bws:
            c.eq(d["memory_bandwidth_gbps"], None, f"{name}: no bandwidth recorded, null")
            c.check("memory_bandwidth_null_reason" in d, f"{name}: null bandwidth has a reason")
    # unified memory
    um = fast["result"]["unified_memory"]
    for key, table in (("cpu_page_faults", "CUDA_UM_CPU_PAGE_FAULT_EVENTS"),
                       ("gpu_page_faults", "CUDA_UM_GPU_PAGE_FAULT_EVENTS")):
        want = db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] if table_exists(db, table) else None
        c.eq(um[key], want, f"{name}: {key} from {table}")
    mig = [r for rows in ops.values() for r in rows if r[0].startswith("UVM ")]
    c.eq(um["migrations"], len(mig), f"{name}: UVM migrations")
    c.eq(um["migration_bytes"], sum(r[4] for r in mig), f"{name}: UVM migration bytes")
    if not ops:
        codes = {w["code"] for w in fast["warnings"]}
        c.check(codes & {"no_memory_tables", "no_memory_ops_selected"}, f"{name}: empty result is warned")
    # a window: the middle half of the memory ops' span
    spans = [r for r in db.execute(
        "SELECT min(start), max(end) FROM CUPTI_ACTIVITY_KIND_MEMCPY")] if table_exists(
        db, "CUPTI_ACTIVITY_KIND_MEMCPY") else []
    if spans and spans[0][0] is not None:
        lo, hi = spans[0]
        a, b = lo + (hi - lo) // 4, lo + 3 * (hi - lo) // 4
        w = f"{a}:{b}"
        fw = nsq.run("memcpy", "--window", w, p)
        sw = nsq.run("memcpy", "--window", w, "--oracle", p)
        c.eq(strip_engine(sw), strip_engine(fw), f"{name} window {w}: --oracle == fast path")
        wops, _ = raw_ops(db, a, b)
        compare(p, fw, expect_groups(wops), f"{name} window")
    # --pid: the first process with memory copies
    if table_exists(db, "CUPTI_ACTIVITY_KIND_MEMCPY"):
        row = db.execute("SELECT (globalPid >> 24) & 16777215 FROM CUPTI_ACTIVITY_KIND_MEMCPY "
                         "ORDER BY rowid LIMIT 1").fetchone()
        if row:
            fp = nsq.run("memcpy", "--pid", row[0], p)
            c.eq(strip_engine(nsq.run("memcpy", "--pid", row[0], "--oracle", p)), strip_engine(fp),
                 f"{name} --pid {row[0]}: --oracle == fast path")
            pops, _ = raw_ops(db, pid=row[0])
            compare(p, fp, expect_groups(pops), f"{name} --pid {row[0]}")
    # csv agrees with JSON
    rc, out, _ = nsq.run("memcpy", "--format", "csv", p, raw=True)
    c.eq(rc, 0, f"{name}: --format csv exit 0")
    rows = list(csv.DictReader(io.StringIO(out)))
    c.eq(len(rows), len(got_groups(fast)), f"{name}: one csv row per group")
    for r in rows:
        g = got_groups(fast).get((r["Section"], int(r["Device"]), r["Group"], r["Key"]))
        c.check(g is not None and int(r["Count"]) == g["count"] and int(r["Bytes"]) == g["bytes"],
                f"{name}: csv row {r['Section']} {r['Group']} {r['Key']} matches JSON")
    db.close()


def check_synthetic(tmp):
    out = os.path.join(tmp, "planted.sqlite")
    iters, per, nb, gbps = 30, 3, 4 << 20, 12.5
    nsq.gen(out, "--devices", 2, "--iterations", iters, "--memcpy-per-iter", per, "--memcpy-bytes", nb,
            "--memcpy-gbps", gbps, "--memset-per-iter", 2, "--memset-bytes", 1 << 20,
            "--memset-gbps", 400)
    doc = nsq.run("memcpy", out)
    c.eq(strip_engine(nsq.run("memcpy", "--oracle", out)), strip_engine(doc), "planted: --oracle == fast")
    c.eq(len(doc["result"]["devices"]), 2, "planted: two devices")
    for env in ({"NSYSQL_PARSCAN_MIN_ROWS": "64", "NSYSQL_PARSCAN_CHUNK": "16"},
                {"NSYSQL_RAWSCAN": "0"}, {"NSYSQL_THREADS": "1"}):
        c.eq(nsq.run("memcpy", "--no-cache", out, env=env), doc, f"planted: the same document with {env}")
    db = nsq.raw_db(out)
    ops, _ = raw_ops(db)
    compare(out, doc, expect_groups(ops), "planted")
    nw = nsq.run("memcpy", "--window", "nvtx:iteration#3", out)
    w = nw["params"]["window"]
    c.eq(w["kind"], "nvtx", "planted: nvtx window resolved")
    wops, _ = raw_ops(db, w["start_ns"], w["end_ns"])
    compare(out, nw, expect_groups(wops), "planted nvtx:iteration#3")
    c.eq(strip_engine(nsq.run("memcpy", "--window", "nvtx:iteration#3", "--oracle", out)), strip_engine(nw),
         "planted nvtx window: --oracle == fast")
    for d in doc["result"]["devices"]:
        kinds = {r["key"]: r for r in d["memcpy"]["by_kind"]}
        c.eq(sorted(kinds), ["DtoD", "DtoH", "HtoD"], "planted: kinds cycle HtoD, DtoH, DtoD")
        for k, r in kinds.items():
            c.eq(r["count"], iters * per // 3, f"planted {k}: count")
            c.eq(r["bytes"], iters * per // 3 * nb, f"planted {k}: bytes")
            c.check(abs(r["gbps"] - gbps) / gbps < 1e-3, f"planted {k}: {r['gbps']} GB/s = {gbps}")
            c.check(abs(r["median_op_gbps"] - gbps) / gbps < 1e-3, f"planted {k}: per-op median GB/s")
        c.eq([r["key"] for r in d["memcpy"]["by_call"]], ["async"], "planted: cudaMemcpyAsync is async")
        ms = d["memset"]["total"]
        c.eq(ms["count"], iters * 2, "planted memset count")
        c.check(abs(ms["gbps"] - 400) / 400 < 2e-3, f"planted memset {ms['gbps']} GB/s = 400")
        c.eq([r["key"] for r in d["memset"]["by_call"]], ["async"], "planted: cudaMemsetAsync is async")
        c.eq({r["key"] for r in d["memcpy"]["by_host_memory"]}, {"pinned", "device"},
             "planted: pinned host copies, device-only DtoD")
    db.close()
    out2 = os.path.join(tmp, "noapi.sqlite")
    nsq.gen(out2, "--iterations", 5, "--memcpy-per-iter", 3, "--no-api")
    doc = nsq.run("memcpy", out2)
    d = doc["result"]["devices"][0]
    c.eq([r["key"] for r in d["memcpy"]["by_call"]], ["none"], "no API rows: call none")
    c.check("no_launching_call" in {w["code"] for w in doc["warnings"]}, "no API rows: warned")
    c.eq(strip_engine(nsq.run("memcpy", "--oracle", out2)), strip_engine(doc), "no API: --oracle == fast")


def main():
    fixtures = nsq.fixtures()
    # real exports with memory-usage events, beside the main fixtures, when present
    mem_dir = os.path.join(os.path.dirname(os.path.abspath(nsq.FIXTURES)), "nsys-memory")
    if os.path.isdir(mem_dir):
        fixtures += sorted(os.path.join(mem_dir, f) for f in os.listdir(mem_dir) if f.endswith(".sqlite"))
    for p in fixtures:
        check_fixture(p)
    with tempfile.TemporaryDirectory() as tmp:
        check_synthetic(tmp)
    rc, _, _ = nsq.run("memcpy", "--pid", "x", nsq.fixtures()[0], raw=True)
    c.eq(rc, 2, "--pid x: usage error")
    c.done()


if __name__ == "__main__":
    main()
