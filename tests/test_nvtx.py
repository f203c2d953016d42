#!/usr/bin/env python3
"""nvtx: expected values derived independently of nsysql.

- Every real fixture: ranges, marks and skipped ranges (unclosed, ended on
  another thread, end < start) counted with our own SQL on the raw
  NVTX_EVENTS + StringIds tables; per (domain, name) and per nesting path
  count/total/min/max/median and thread counts from Python over those rows;
  the GPU projection (ops, kernels, busy union, kernel time, span) from the raw
  kernel/memcpy/memset and CUPTI_ACTIVITY_KIND_RUNTIME rows matched by
  correlationId within the process, in Python. Exports without NVTX are the
  error no_nvtx (exit 3), never an empty table.
- The streaming pass == the per-range search (--views) on every export with NVTX.
- The C computation == the plain-SQL oracle (timeline-sql --query nvtx-ranges) on every
  fixture and on the synthetic export.
- Synthetic export (nsysql-gen): main/warmup/iteration ranges with planted
  counts, durations and GPU work from its truth file.
- Options --depth, --name, --domain and the text formats.
"""
import collections
import json
import os
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()
RANGE_TYPES = (59, 60, 70, 71)


def table_exists(db, name):
    return db.execute("SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?",
                      (name,)).fetchone()[0] > 0


def cols(db, table):
    return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]


def reference(path):
    """Everything the nvtx document should say, from the raw tables."""
    db = nsq.raw_db(path)
    ref = {"ranges": [], "marks": collections.Counter(), "unclosed": 0, "cross": 0, "neg": 0}
    if not table_exists(db, "NVTX_EVENTS"):
        return ref, db
    have_tid = "textId" in cols(db, "NVTX_EVENTS")
    text = "COALESCE(e.text, (SELECT value FROM StringIds WHERE id = e.textId))" if have_tid else "e.text"
    doms = {}
    for dom, pid, name in db.execute(
            "SELECT domainId, (globalTid >> 24) & 16777215, text FROM NVTX_EVENTS WHERE eventType = 75"):
        doms.setdefault((pid, dom), name)
    has_egt = "endGlobalTid" in cols(db, "NVTX_EVENTS")
    egt = "e.endGlobalTid" if has_egt else "NULL"
    for s, e, et, gtid, eg, name, dom in db.execute(
            f"SELECT e.start, e.\"end\", e.eventType, e.globalTid, {egt}, {text}, e.domainId "
            f"FROM NVTX_EVENTS e WHERE e.eventType IN (34, 59, 60, 70, 71)"):
        pid = (gtid >> 24) & 0xFFFFFF
        dname = doms.get((pid, dom)) or ("default" if not dom else f"domain {dom}")
        name = name if name is not None else "(unnamed)"
        if et == 34:
            ref["marks"][(dname, name)] += 1
            continue
        if s is None or e is None:
            ref["unclosed"] += 1
        elif eg is not None and eg != gtid:
            ref["cross"] += 1
        elif e < s:
            ref["neg"] += 1
        else:
            ref["ranges"].append({"s": s, "e": e, "gtid": gtid, "name": name, "domain": dname,
                                  "kind": et})
    return ref, db


def nest(ranges):
    """level and path by containment per thread and domain (outermost first)."""
    ranges.sort(key=lambda r: (r["gtid"], r["s"], -r["e"]))
    stack, cur = [], None
    for r in ranges:
        if r["gtid"] != cur:
            stack, cur = [], r["gtid"]
        while stack and not (stack[-1]["s"] <= r["s"] and r["e"] <= stack[-1]["e"]
                             and stack[-1]["domain"] == r["domain"]):
            stack.pop()
        r["level"] = len(stack)
        r["path"] = (stack[-1]["path"] + "/" if stack else "") + r["name"]
        stack.append(r)


def gpu_rows(db):
    """(pid, corr) -> [(start, end, is_kernel)] and (pid, corr) -> (gtid, api start)."""
    ops, allops = collections.defaultdict(list), []
    for t, k in (("CUPTI_ACTIVITY_KIND_KERNEL", 1), ("CUPTI_ACTIVITY_KIND_MEMCPY", 0),
                 ("CUPTI_ACTIVITY_KIND_MEMSET", 0)):
        if not table_exists(db, t):
            continue
        for s, e, gp, corr, dev in db.execute(f"SELECT start, \"end\", globalPid, correlationId, deviceId FROM {t}"):
            if s is None or e is None or e < s:
                continue
            allops.append((s, e, gp, dev))
            ops[((gp >> 24) & 0xFFFFFF, corr)].append((s, e, k))
    api = {}
    if table_exists(db, "CUPTI_ACTIVITY_KIND_RUNTIME"):
        where = " WHERE eventClass IN (0, 1)" if "eventClass" in cols(db, "CUPTI_ACTIVITY_KIND_RUNTIME") else ""
        for s, gtid, corr in db.execute(
                f"SELECT start, globalTid, correlationId FROM CUPTI_ACTIVITY_KIND_RUNTIME{where}"):
            api[((gtid >> 24) & 0xFFFFFF, corr)] = (gtid, s)
    return ops, api, allops


def union(iv):
    tot, cs, ce = 0, None, None
    for s, e in sorted(iv):
        if cs is None or s > ce:
            if cs is not None:
                tot += ce - cs
            cs, ce = s, e
        else:
            ce = max(ce, e)
    return tot + (ce - cs if cs is not None else 0)


def project(ranges, db):
    ops, api, allops = gpu_rows(db)
    launched = collections.defaultdict(list)  # gtid -> [(api start, s, e, k)]
    n = 0
    for key, lst in ops.items():
        if key in api:
            gtid, a = api[key]
            for s, e, k in lst:
                launched[gtid].append((a, s, e, k))
                n += 1
    for r in ranges:
        mine = [o for o in launched.get(r["gtid"], ()) if r["s"] <= o[0] <= r["e"]]
        r["ops"] = len(mine)
        r["kernels"] = sum(o[3] for o in mine)
        r["kernel_ns"] = sum(o[2] - o[1] for o in mine if o[3])
        r["busy"] = union([(o[1], o[2]) for o in mine])
        r["span"] = (max(o[2] for o in mine) - min(o[1] for o in mine)) if mine else 0
    per_dev = collections.defaultdict(list)
    for s, e, gp, dev in allops:
        per_dev[(gp, dev)].append((s, e))
    gpu_time = sum(union(v) for v in per_dev.values())
    return n, union([(s, e) for s, e, _, _ in allops]), len(allops), gpu_time


def median(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) // 2


def groups(ranges, key):
    g = collections.defaultdict(list)
    for r in ranges:
        g[(r["domain"], r[key])].append(r)
    return g


def check_group(row, rs, have_gpu, gpu_time, what):
    d = [r["e"] - r["s"] for r in rs]
    c.eq(row["instances"], len(rs), f"{what} instances")
    c.eq(row["total_ns"], sum(d), f"{what} total_ns")
    c.eq(row["min_ns"], min(d), f"{what} min_ns")
    c.eq(row["max_ns"], max(d), f"{what} max_ns")
    c.eq(row["median_ns"], median(d), f"{what} median_ns")
    c.eq(row["threads"], len({r["gtid"] for r in rs}), f"{what} threads")
    if not have_gpu:
        c.eq(row["gpu"], None, f"{what} gpu is null without GPU ops")
        return
    g = row["gpu"]
    for k, rk in (("ops", "ops"), ("kernels", "kernels"), ("busy_ns", "busy"),
                  ("kernel_ns", "kernel_ns"), ("span_ns", "span")):
        c.eq(g[k], sum(r[rk] for r in rs), f"{what} gpu.{k}")
    c.eq(g["instances_with_ops"], sum(1 for r in rs if r["ops"]), f"{what} gpu.instances_with_ops")
    if gpu_time:
        c.check(abs(g["pct_of_gpu_busy"] - 100.0 * g["busy_ns"] / gpu_time) < 1e-6,
                f"{what} pct_of_gpu_busy")


def oracle_rows(path):
    d = nsq.run("timeline-sql", "--query", "nvtx-ranges", "--max-rows", "1000000", path)
    cl = d["result"]["columns"]
    rows = [r if isinstance(r, dict) else dict(zip(cl, r)) for r in d["result"]["rows"]]
    return {(r["domain"], r["name"]): r for r in rows}


def check_oracle(doc, path, what):
    orc = oracle_rows(path)
    names = {(r["domain"], r["name"]): r for r in doc["result"]["names"]}
    c.eq(set(names), set(orc), f"{what}: oracle and C name sets")
    for k, row in names.items():
        o = orc.get(k)
        if not o:
            continue
        for f in ("instances", "total_ns", "min_ns", "max_ns", "threads"):
            c.eq(row[f], o[f], f"{what} {k} oracle {f}")
        if row["gpu"] is not None:
            for f in ("instances_with_ops", "ops", "kernels", "busy_ns", "kernel_ns", "span_ns"):
                c.eq(row["gpu"][f], o[f], f"{what} {k} oracle gpu.{f}")


def check_fixture(path):
    what = os.path.basename(path)
    ref, db = reference(path)
    ranges = ref["ranges"]
    nmarks = sum(ref["marks"].values())
    if not ranges and not nmarks and not (ref["unclosed"] or ref["cross"] or ref["neg"]):
        d = nsq.run("nvtx", path, expect_rc=3)
        c.eq(d["error"]["code"], "no_nvtx", f"{what}: no NVTX is an error with a code")
        return
    nest(ranges)
    launched, gpu_busy, nall, gpu_time = project(ranges, db)
    doc = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", path)
    res, t = doc["result"], doc["result"]["totals"]
    c.eq(t["ranges"], len(ranges), f"{what} ranges")
    c.eq(t["push_pop"], sum(1 for r in ranges if r["kind"] in (59, 70)), f"{what} push_pop")
    c.eq(t["marks"], nmarks, f"{what} marks")
    c.eq(t["threads"], len({r["gtid"] for r in ranges}), f"{what} threads")
    c.eq(t["max_level"], max((r["level"] for r in ranges), default=0), f"{what} max_level")
    c.eq(t["gpu_ops"], nall, f"{what} gpu_ops")
    c.eq(t["gpu_ops_launched"], launched, f"{what} gpu_ops_launched")
    c.eq(t["gpu_busy_ns"], gpu_busy, f"{what} gpu_busy_ns")
    c.eq(t["gpu_time_ns"], gpu_time, f"{what} gpu_time_ns (busy per process and device, summed)")
    c.eq(res["skipped"], {"unclosed": ref["unclosed"], "cross_thread": ref["cross"],
                          "end_before_start": ref["neg"]}, f"{what} skipped")
    codes = {w["code"] for w in doc["warnings"]}
    for n, code in ((ref["unclosed"], "nvtx_unclosed_ranges"), (ref["cross"], "nvtx_cross_thread_ranges"),
                    (ref["neg"], "nvtx_end_before_start")):
        c.eq(code in codes, n > 0, f"{what} warning {code}")
    have_gpu = launched > 0
    c.eq("no_gpu_projection" in codes, not have_gpu, f"{what} no_gpu_projection warning")
    for key, table in (("name", "names"), ("path", "paths")):
        g = groups(ranges, key)
        rows = {(r["domain"], r[key]): r for r in res[table]}
        c.eq(set(rows), set(g), f"{what} {table} keys")
        c.eq(res[table + "_total"], len(g), f"{what} {table}_total")
        # default order: GPU busy time (CPU total breaks ties), or CPU total
        # without a GPU projection; ties then by domain and name/path
        def order(r, by):
            busy = (r.get("gpu") or {}).get("busy_ns", 0) if by == "gpu" else 0
            cnt = r["instances"] if by == "count" else 0
            return (-busy, -cnt, -r["total_ns"], r["domain"], r[key])
        want_sort = "gpu" if have_gpu else "cpu"
        c.eq(doc["params"]["sort"], want_sort, f"{what} params.sort")
        c.eq([(r["domain"], r[key]) for r in res[table]],
             [(r["domain"], r[key]) for r in sorted(res[table], key=lambda r: order(r, want_sort))],
             f"{what} {table} sorted by {want_sort}")
        for by in ("cpu", "count"):
            other = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", "--sort", by, path) if table == "names" else None
            if other:
                c.eq(other["params"]["sort"], by, f"{what} --sort {by}: params")
                rs = other["result"]["names"]
                c.eq([(r["domain"], r["name"]) for r in rs],
                     [(r["domain"], r["name"]) for r in sorted(rs, key=lambda r, b=by: (
                         -(r["instances"] if b == "count" else 0), -r["total_ns"], r["domain"], r["name"]))],
                     f"{what} --sort {by}: order")
                c.eq(sorted(map(json.dumps, rs)), sorted(map(json.dumps, res["names"])),
                     f"{what} --sort {by}: the same rows")
        for k, rs in g.items():
            if k in rows:
                check_group(rows[k], rs, have_gpu, gpu_time, f"{what} {table} {k}")
                if key == "path":
                    c.eq(rows[k]["level"], rs[0]["level"], f"{what} {k} level")
    c.eq({(m["domain"], m["name"]): m["count"] for m in res["marks"]}, dict(ref["marks"]),
         f"{what} marks by name")
    check_oracle(doc, path, what)
    views = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", "--views", path)
    c.eq(views["params"]["engine"], "views", f"{what} --views engine")
    c.eq(views["result"], doc["result"], f"{what}: streaming pass == per-range search")
    return doc, ranges


def check_options(path, ranges):
    what = os.path.basename(path)
    d = nsq.run("nvtx", "--depth", "1", "--limit", "0", "--name-bytes", "0", path)
    c.check(all(r["level"] == 0 for r in d["result"]["paths"]), f"{what} --depth 1: level 0 only")
    c.eq(sum(r["instances"] for r in d["result"]["paths"]),
         sum(1 for r in ranges if r["level"] == 0), f"{what} --depth 1 instances")
    name = sorted({r["name"] for r in ranges})[0]
    import re
    d = nsq.run("nvtx", "--name", "^" + re.escape(name) + "$", "--limit", "0", "--name-bytes", "0", path)
    c.eq({r["name"] for r in d["result"]["names"]}, {name}, f"{what} --name")
    dom = sorted({r["domain"] for r in ranges})[0]
    d = nsq.run("nvtx", "--domain", dom, "--limit", "0", "--name-bytes", "0", path)
    c.eq(d["result"]["totals"]["ranges"], sum(1 for r in ranges if r["domain"] == dom), f"{what} --domain")
    d = nsq.run("nvtx", "--domain", "no-such-domain", path, expect_rc=3)
    c.eq(d["error"]["code"], "no_nvtx", f"{what} unknown --domain")
    for fmt in ("table", "md", "csv"):
        rc, out, err = nsq.run("nvtx", "--format", fmt, path, raw=True)
        c.check(rc == 0 and "path" in out, f"{what} --format {fmt}")
    d = nsq.run("nvtx", "--name", "(", path, expect_rc=2)


def check_synthetic(tmp):
    path = os.path.join(tmp, "gen.sqlite")
    truth = os.path.join(tmp, "truth.json")
    nsq.gen(path, "--iterations", "12", "--warmup", "3", "--devices", "2", "--processes", "2",
            "--memcpy-per-iter", "1", "--truth", truth)
    t = json.load(open(truth))
    doc = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", path)
    names = {r["name"]: r for r in doc["result"]["names"]}
    devs = [dv for p in t["processes"] for dv in p["devices"]]
    c.eq(names["iteration"]["instances"], sum(dv["iterations"] for dv in devs), "gen iteration instances")
    c.eq(names["iteration"]["total_ns"],
         sum(i["nvtx_end"] - i["nvtx_start"] for dv in devs for i in dv["per_iteration"]),
         "gen iteration total_ns")
    c.eq(names["iteration"]["gpu"]["kernels"], sum(dv["kernels"] for dv in devs), "gen iteration kernels")
    c.eq(names["iteration"]["gpu"]["kernel_ns"], sum(dv["kernel_ns"] for dv in devs), "gen iteration kernel_ns")
    c.eq(names["iteration"]["gpu"]["ops"], sum(dv["ops"] for dv in devs), "gen iteration ops")
    c.eq(names["warmup"]["instances"], len(devs), "gen warmup instances")
    c.eq(names["main"]["instances"], len(t["processes"]), "gen main instances")
    c.eq(names["main"]["total_ns"], sum(p["nvtx_main"]["end"] - p["nvtx_main"]["start"]
                                        for p in t["processes"]), "gen main total_ns")
    # main is on the main thread, which is device 0's host thread: it holds device 0's work
    c.eq(names["main"]["gpu"]["busy_ns"],
         sum(p["devices"][0]["busy_ns"] for p in t["processes"]), "gen main busy_ns")
    paths = {r["path"]: r for r in doc["result"]["paths"]}
    c.eq(paths["main/warmup/iteration"]["instances"],
         3 * len(t["processes"]), "gen main/warmup/iteration (device 0 of each process)")
    c.eq(paths["warmup/iteration"]["instances"], 3 * (len(devs) - len(t["processes"])),
         "gen warmup/iteration (other devices' host threads)")
    c.eq(doc["result"]["totals"]["gpu_busy_ns"] > 0, True, "gen gpu busy")
    ref_doc, _ = check_fixture(path)
    # one device per process: every table in start order, the streaming pass is used
    one = os.path.join(tmp, "one.sqlite")
    nsq.gen(one, "--iterations", "20", "--warmup", "2", "--memcpy-per-iter", "2",
            "--memset-per-iter", "1")
    d = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", one)
    c.eq(d["params"]["engine"], "stream", "gen one device: the streaming pass is used")
    check_fixture(one)
    # two GPUs whose kernels interleave in the table (each GPU's own in start
    # order, the table's not): the copies merge with each GPU's kernels apart,
    # so the streaming pass still runs (it fell back to the per-range search,
    # 10x slower, before), and it agrees with the reference and with --views
    two = os.path.join(tmp, "two.sqlite")
    nsq.gen(two, "--iterations", "40", "--devices", "2", "--memcpy-per-iter", "2",
            "--memset-per-iter", "1", "--seed", "5")
    db = sqlite3.connect(two)
    back = db.execute("SELECT count(*) FROM (SELECT start, lag(start) OVER (ORDER BY rowid) AS p "
                      "FROM CUPTI_ACTIVITY_KIND_KERNEL) WHERE start < p").fetchone()[0]
    db.close()
    c.check(back > 0, "gen two devices: the kernel table is out of start order")
    d = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", two)
    c.eq(d["params"]["engine"], "stream", "gen two devices: the streaming pass is used")
    check_fixture(two)
    views = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", "--views", two)
    c.eq(views["result"], d["result"], "gen two devices: streaming pass == per-range search")
    # timestamps past 1e15 ns over 10000 iterations: the projection's running
    # sums pass far below -2^63 (minus every range's first op start) and must
    # come back exact
    late = os.path.join(tmp, "late.sqlite")
    nsq.gen(late, "--kernels", "60000", "--start-ns", "1000000000000000")
    d = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", late)
    c.eq(d["params"]["engine"], "stream", "gen late timestamps: the streaming pass is used")
    it = [r for r in d["result"]["names"] if r["name"] == "iteration"]
    c.check(len(it) == 1 and it[0]["instances"] * 10**15 > 2**63,
            "gen late timestamps: enough iterations for the sums to wrap")
    # the per-range search sums each range's own union: no running sums
    views = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", "--views", late)
    c.eq(views["result"], d["result"], "gen late timestamps: streaming pass == per-range search")
    c.check(it and it[0]["gpu"]["busy_ns"] > 0 and it[0]["gpu"]["span_ns"] >= it[0]["gpu"]["busy_ns"],
            "gen late timestamps: busy and span positive")
    return ref_doc


def check_long_copy(tmp):
    """A copy of 5 s (past the streaming pass's 32-bit duration) inside the
    ranges: the projection still equals the reference computed from the raw
    rows (the pass hands such an export to the exact per-range search)."""
    path = os.path.join(tmp, "longcopy.sqlite")
    nsq.gen(path, "--iterations", "8", "--warmup", "2", "--memcpy-per-iter", "1")
    db = sqlite3.connect(path)
    rid, s0 = db.execute("SELECT rowid, start FROM CUPTI_ACTIVITY_KIND_MEMCPY ORDER BY start "
                         "LIMIT 1 OFFSET 3").fetchone()
    db.execute('UPDATE CUPTI_ACTIVITY_KIND_MEMCPY SET "end" = ? WHERE rowid = ?', (s0 + 5_000_000_000, rid))
    db.commit()
    db.close()
    check_fixture(path)
    d = nsq.run("nvtx", "--limit", "0", path)
    c.check(d["result"]["totals"]["gpu_busy_ns"] >= 5_000_000_000, "long copy: its 5 s are busy time")


def check_varied_texts(tmp):
    """Ranges whose names come inline, from StringIds or nowhere, in named,
    unnamed and default domains, with marks, unclosed, cross-thread and
    backwards ranges, and then 5,000 distinct names (one per step): each
    export checked against the reference from the raw rows and against the
    per-range search (--views, which reads the ranges through SQL)."""
    for variant, steps in (("varied", 40), ("many-names", 5000)):
        path = os.path.join(tmp, f"{variant}.sqlite")
        nsq.gen(path, "--iterations", "8", "--warmup", "2", "--processes", "2")
        db = sqlite3.connect(path)
        gtids = [g for (g,) in db.execute("SELECT DISTINCT globalTid FROM NVTX_EVENTS ORDER BY 1")]
        g0, g1 = gtids[0], gtids[-1]
        t0 = db.execute("SELECT min(start) FROM NVTX_EVENTS").fetchone()[0]
        sid = db.execute("SELECT coalesce(max(id), 0) + 1 FROM StringIds").fetchone()[0]
        db.execute("INSERT INTO StringIds (id, value) VALUES (?, 'registered step')", (sid,))
        rows = [(t0, None, 75, "my domain", g0, None, None, 5)]  # domain_create
        for i in range(steps):
            a = t0 + 1000 * i
            if variant == "many-names":
                rows.append((a, a + 500, 59, f"step {i}", g0, g0, None, None))
                continue
            k = i % 8
            if k == 0:
                rows.append((a, a + 500, 59, None, g0, g0, sid, 5))      # StringIds, named domain
            elif k == 1:
                rows.append((a, a + 500, 60, "inline", g1, None, None, 7))  # unnamed domain 7
            elif k == 2:
                rows.append((a, a + 500, 70, None, g0, None, None, None))   # no text at all
            elif k == 3:
                rows.append((a, None, 59, "open", g0, None, None, None))    # unclosed
            elif k == 4:
                rows.append((a, a + 500, 60, "moved", g0, g1, None, None))  # ended on another thread
            elif k == 5:
                rows.append((a, a - 10, 59, "backwards", g0, g0, None, None))
            elif k == 6:
                rows.append((a, None, 34, "a mark", g1, None, None, 5))
            else:
                rows.append((a, a + 500, 71, "inline", g0, None, sid, 0))  # inline text wins
        db.executemany('INSERT INTO NVTX_EVENTS (start, "end", eventType, text, globalTid, endGlobalTid, '
                       'textId, domainId) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', rows)
        db.commit()
        db.close()
        check_fixture(path)
        if variant == "varied":
            d = nsq.run("nvtx", "--limit", "0", "--domain", "my domain", path)
            views = nsq.run("nvtx", "--limit", "0", "--domain", "my domain", "--views", path)
            c.eq(d["result"], views["result"], f"{variant}: --domain 'my domain' pages == SQL")
            names = {(r["domain"], r["name"]) for r in d["result"]["names"]}
            c.eq(names, {("my domain", "registered step")}, f"{variant}: the named domain's ranges")


def check_reversed_copies(tmp):
    """Copies stored out of start order (the memcpy table reversed, two GPUs):
    the streaming pass sorts them per GPU; reference and --views agree."""
    path = os.path.join(tmp, "reversed.sqlite")
    nsq.gen(path, "--iterations", "10", "--warmup", "2", "--devices", "2", "--memcpy-per-iter", "2",
            "--memset-per-iter", "1")
    db = sqlite3.connect(path)
    db.execute("CREATE TEMP TABLE t AS SELECT * FROM CUPTI_ACTIVITY_KIND_MEMCPY ORDER BY start DESC")
    db.execute("DELETE FROM CUPTI_ACTIVITY_KIND_MEMCPY")
    db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY SELECT * FROM t")
    db.commit()
    first, last = db.execute("SELECT (SELECT start FROM CUPTI_ACTIVITY_KIND_MEMCPY ORDER BY rowid LIMIT 1), "
                             "(SELECT start FROM CUPTI_ACTIVITY_KIND_MEMCPY ORDER BY rowid DESC LIMIT 1)").fetchone()
    db.close()
    c.check(first > last, "reversed copies: the table is out of start order")
    check_fixture(path)


def check_unordered_api(tmp):
    """Launch calls stored out of time order (each thread's calls reversed
    within blocks of 37 rows, two host threads): a call's range is looked up
    from where its thread's last call left off only while time goes on, so
    the attribution still equals the reference from the raw rows and the
    per-range search."""
    path = os.path.join(tmp, "unordered-api.sqlite")
    nsq.gen(path, "--iterations", "30", "--warmup", "2", "--devices", "2", "--memcpy-per-iter", "1")
    db = sqlite3.connect(path)
    db.execute("CREATE TEMP TABLE t AS SELECT * FROM CUPTI_ACTIVITY_KIND_RUNTIME "
               "ORDER BY rowid / 37, start DESC")
    db.execute("DELETE FROM CUPTI_ACTIVITY_KIND_RUNTIME")
    db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME SELECT * FROM t")
    db.commit()
    back = db.execute("SELECT count(*) FROM (SELECT start, globalTid AS g, lag(start) OVER "
                      "(PARTITION BY globalTid ORDER BY rowid) AS p FROM CUPTI_ACTIVITY_KIND_RUNTIME) "
                      "WHERE start < p").fetchone()[0]
    db.close()
    c.check(back > 100, "unordered api: calls go back in time within a thread")
    check_fixture(path)
    d = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", path)
    views = nsq.run("nvtx", "--limit", "0", "--name-bytes", "0", "--views", path)
    c.eq(d["result"], views["result"], "unordered api: streaming pass == per-range search")
    it = [r for r in d["result"]["names"] if r["name"] == "iteration"]
    c.check(len(it) == 1 and it[0]["gpu"]["kernels"] > 0, "unordered api: kernels attributed")


def check_many_gpus(tmp):
    """The capture-wide busy time is the union of every GPU's islands, merged in
    start order: found by a look at every GPU's next island up to 16 GPUs, with
    a heap beyond. Both against the reference (random gaps, so that the GPUs'
    islands interleave), with 8 and with 20 GPUs."""
    for procs in (8, 20):
        path = os.path.join(tmp, f"gpus{procs}.sqlite")
        nsq.gen(path, "--iterations", "6", "--warmup", "1", "--processes", str(procs), "--gap-range",
                "200:20000", "--memcpy-per-iter", "1", "--seed", str(procs))
        check_fixture(path)


def main():
    fixtures = nsq.fixtures()
    for f in fixtures:
        r = check_fixture(f)
        if r and os.path.basename(f).startswith(("dlprof", "isc25")):
            check_options(f, r[1])
    if nsq.NSYSQL_GEN and os.path.exists(nsq.NSYSQL_GEN):
        with tempfile.TemporaryDirectory() as tmp:
            check_synthetic(tmp)
            check_long_copy(tmp)
            check_varied_texts(tmp)
            check_reversed_copies(tmp)
            check_unordered_api(tmp)
            check_many_gpus(tmp)
    c.done()


if __name__ == "__main__":
    main()
