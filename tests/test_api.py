#!/usr/bin/env python3
"""api: expected values derived independently of nsysql.

- Every real fixture: per (eventClass 0/1, base name) count, total, max, median
  and p90 from our own SQL on the raw CUPTI_ACTIVITY_KIND_RUNTIME + StringIds
  tables (not nsysql's views) and Python; the --cudabacktrace duplicate rows
  (other eventClass values) are never counted; shares add up to 100; launch
  latency per kernel name from a raw join on correlationId within the process.
- Fixtures without the runtime table: an empty table and a no_api_calls warning.
- Synthetic export (nsysql-gen) with planted launch calls: one cudaLaunchKernel
  per kernel, 3 us each, ending 1 us before its kernel starts.
"""
import math
import os
import re
import shutil
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()


def api(*args, **kw):
    """`nsysql api` with every row (--limit 0) unless the call sets a limit:
    the checks below compare whole tables with SQL."""
    if "--limit" not in args:
        args = args + ("--limit", "0")
    return nsq.run("api", *args, **kw)

def table_exists(db, name):
    return db.execute("SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?",
                      (name,)).fetchone()[0] > 0


def base(name):
    # version suffix _vNNNN only (api_base_name's rule, restated here)
    return re.sub(r"_v[0-9]+$", "", name) if name is not None else None


def stats(d):
    d = sorted(d)
    n = len(d)
    return dict(count=n, total_ns=sum(d), max_ns=d[-1], mean_ns=sum(d) // n,
                median_ns=(d[(n - 1) // 2] + d[n // 2]) // 2, p90_ns=d[math.ceil(0.9 * n) - 1])


def counted(s, e, win, pid=None, gt=None):
    """A call counts when it overlaps [lo, hi) (zero-length: lo <= t <= hi) and is of pid."""
    if pid is not None and (gt >> 24) & 0xFFFFFF != pid:
        return False
    if win is None:
        return True
    lo, hi = win
    return lo <= s <= hi if s == e else (s < hi and e > lo)


def ref_api(path, win=None, pid=None):
    db = nsq.raw_db(path)
    calls, lat = {}, {}
    if table_exists(db, "CUPTI_ACTIVITY_KIND_RUNTIME"):
        q = ('SELECT r.eventClass, s.value, r.start, r."end", r.globalTid FROM CUPTI_ACTIVITY_KIND_RUNTIME r '
             'LEFT JOIN StringIds s ON s.id = r.nameId WHERE r.eventClass IN (0, 1)')
        for ec, name, s, e, gt in db.execute(q):
            if s is None or e is None or e < s or not counted(s, e, win, pid, gt):
                continue
            calls.setdefault(("runtime" if ec == 0 else "driver", base(name)), []).append(e - s)
        if table_exists(db, "CUPTI_ACTIVITY_KIND_KERNEL"):
            ends = {}
            for gt, cid, s, e in db.execute('SELECT globalTid, correlationId, start, "end" '
                                            'FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE eventClass IN (0, 1)'):
                if s is None or e is None or e < s or not counted(s, e, win, pid, gt):
                    continue
                ends.setdefault((gt >> 24, cid), []).append(e)
            q = ('SELECT k.globalPid, k.correlationId, k.start, s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k '
                 'LEFT JOIN StringIds s ON s.id = k.shortName')
            for gp, cid, ks, name in db.execute(q):
                if ks is None:
                    continue
                for e in ends.get((gp >> 24, cid), []):
                    lat.setdefault(name, []).append(max(0, ks - e))
    db.close()
    return calls, lat


SYNC = {"cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventSynchronize", "cudaThreadSynchronize",
        "cudaMemcpy", "cudaMemcpy2D", "cudaMemcpy3D", "cudaMemcpyToSymbol", "cudaMemcpyFromSymbol",
        "cudaMemcpyPeer", "cudaMemset", "cudaMemset2D", "cudaMemset3D", "cuCtxSynchronize",
        "cuStreamSynchronize", "cuEventSynchronize", "cuMemcpy", "cuMemcpyDtoH", "cuMemcpyHtoD",
        "cuMemcpyDtoD", "cuMemcpy2D", "cuMemcpy3D", "cuMemcpyPeer", "cuMemsetD8", "cuMemsetD16", "cuMemsetD32"}


def ref_sync_and_depth(path, win=None, pid=None):
    """(kind, name) -> [count, total, idle covered]; and (launches, sum depth, max depth)."""
    db = nsq.raw_db(path)
    sync, depth = {}, (0, 0, 0)
    if not table_exists(db, "CUPTI_ACTIVITY_KIND_RUNTIME"):
        db.close()
        return sync, depth
    busy = {}
    for k in ("KERNEL", "MEMCPY", "MEMSET"):
        t = f"CUPTI_ACTIVITY_KIND_{k}"
        if table_exists(db, t):
            for gp, s, e in db.execute(f'SELECT globalPid, start, "end" FROM {t}'):
                if s is not None and e is not None and e > s:
                    busy.setdefault(gp >> 24, []).append((s, e))
    merged = {}
    for p, iv in busy.items():
        m = []
        for s, e in sorted(iv):
            if m and s <= m[-1][1]:
                m[-1][1] = max(m[-1][1], e)
            else:
                m.append([s, e])
        merged[p] = m
    q = ('SELECT r.eventClass, s.value, r.globalTid, r.start, r."end" FROM CUPTI_ACTIVITY_KIND_RUNTIME r '
         'LEFT JOIN StringIds s ON s.id = r.nameId WHERE r.eventClass IN (0, 1)')
    for ec, name, gt, s, e in db.execute(q):
        if s is None or e is None or e < s or name is None or not counted(s, e, win, pid, gt):
            continue
        b = re.sub(r"_pt(sz|ds)$", "", base(name))
        if b not in SYNC:
            continue
        covered = sum(max(0, min(e, be) - max(s, bs)) for bs, be in merged.get(gt >> 24, []))
        r = sync.setdefault(("runtime" if ec == 0 else "driver", b), [0, 0, 0])
        r[0] += 1
        r[1] += e - s
        r[2] += (e - s) - covered
    if table_exists(db, "CUPTI_ACTIVITY_KIND_KERNEL"):
        pairs = db.execute('SELECT r.globalTid >> 24, r."end", k.start, r.start, r.globalTid FROM '
                           'CUPTI_ACTIVITY_KIND_RUNTIME r '
                           'JOIN CUPTI_ACTIVITY_KIND_KERNEL k ON k.correlationId = r.correlationId AND '
                           '(k.globalPid >> 24) = (r.globalTid >> 24) WHERE r.eventClass IN (0, 1) AND '
                           'r.start IS NOT NULL AND r."end" >= r.start AND k.start IS NOT NULL').fetchall()
        pairs = [(p, t, ks) for p, t, ks, s, gt in pairs if counted(s, t, win, pid, gt)]
        n = tot = mx = 0
        for p, t, ks in pairs:
            d = sum(1 for p2, t2, ks2 in pairs if p2 == p and t2 <= t and ks2 > t) if len(pairs) < 3000 else None
            if d is None:
                break
            n, tot, mx = n + 1, tot + d, max(mx, d)
        depth = (n, tot, mx) if n == len(pairs) else None
    db.close()
    return sync, depth


def check_sync(tag, path, r, win=None, pid=None):
    sync, depth = ref_sync_and_depth(path, win, pid)
    got = {(x["api_kind"], x["name"]): x for x in r["sync_calls"]}
    c.eq(set(got), set(sync), f"{tag}: sync call rows")
    for k, (n, tot, idle) in sync.items():
        if k in got:
            c.eq((got[k]["count"], got[k]["total_ns"], got[k]["gpu_idle_covered_ns"]), (n, tot, idle),
                 f"{tag}: sync {k} count/total/idle")
    c.eq(r["sync_gpu_idle_covered_ns"], sum(v[2] for v in sync.values()), f"{tag}: sync idle total")
    if depth is not None:
        n, tot, mx = depth
        qd = r["queue_depth"]
        c.eq((qd["launches"], qd["max"]), (n, mx), f"{tag}: queue depth launches/max")
        if n:
            c.check(abs(qd["mean"] - tot / n) < 1e-5, f"{tag}: queue depth mean {qd['mean']} vs {tot / n}")


def check_fixture(path):
    tag = os.path.basename(path)
    calls, lat = ref_api(path)
    doc = api(path)
    r = doc["result"]
    got = {(x["api_kind"], x["name"]): x for x in r["calls"]}
    c.eq(set(got), set(calls), f"{tag}: (kind, name) rows")
    for k, d in calls.items():
        if k not in got:
            continue
        want = stats(d)
        for f, v in want.items():
            c.eq(got[k][f], v, f"{tag}: {k} {f}")
    tot = sum(sum(d) for d in calls.values())
    c.eq(r["api_time_ns"], tot, f"{tag}: api_time_ns")
    c.eq(r["calls_total"], sum(len(d) for d in calls.values()), f"{tag}: calls_total")
    if calls:
        c.check(abs(sum(x["pct_of_api_time"] for x in r["calls"]) - 100) < 1e-3, f"{tag}: shares add to 100")
        c.check(not any(w["code"] == "no_api_calls" for w in doc["warnings"]), f"{tag}: no false warning")
    else:
        c.check(any(w["code"] == "no_api_calls" for w in doc["warnings"]), f"{tag}: no_api_calls warning")
    gl = {x["kernel"]: x for x in r["launch_latency"]}
    c.eq(set(gl), set(lat), f"{tag}: launch latency kernel names")
    for k, d in lat.items():
        if k in gl:
            for f, v in stats(d).items():
                c.eq(gl[k][f], v, f"{tag}: latency {k} {f}")
    c.eq(r["launches_matched"], sum(len(d) for d in lat.values()), f"{tag}: launches matched")
    check_sync(tag, path, r)
    c.eq(doc["params"]["engine"], "fast", f"{tag}: the fast path")
    o = api(path, "--oracle")
    c.eq((o["params"]["engine"], o["result"]), ("sql", r), f"{tag}: --oracle (SQL) gives the same result")
    # --limit keeps the top rows by total
    if len(r["calls"]) > 2:
        lim = api(path, "--limit", "2")["result"]
        c.eq(lim["calls"], r["calls"][:2], f"{tag}: --limit 2 keeps the first rows")
        c.eq(lim["names"], r["names"], f"{tag}: --limit does not change names")


def check_generated(tmp):
    out = os.path.join(tmp, "g.sqlite")
    nsq.gen(out, "--kernels", "300", "--memcpy-per-iter", "1")
    doc = api(out)
    r = doc["result"]
    rows = {(x["api_kind"], x["name"]): x for x in r["calls"]}
    lk = rows.get(("runtime", "cudaLaunchKernel"))
    c.check(lk is not None, "generated: cudaLaunchKernel row (suffix _v7000 folded)")
    if lk:
        c.eq(lk["count"], 300, "generated: one launch per kernel")
        c.eq(lk["median_ns"], 3000, "generated: launch calls last 3 us")
    c.eq(r["launches_matched"], 300, "generated: every kernel matched to its launch")
    for x in r["launch_latency"]:
        c.eq(x["median_ns"], 1000, f"generated: {x['kernel']} launch latency 1 us")
    c.check(all(x["api_kind"] == "runtime" for x in r["calls"]), "generated: runtime only")
    check_sync("generated", out, r)
    c.eq(r["queue_depth"]["max"], 1, "generated: each kernel launched 1 us before it starts, depth 1")
    gap = os.path.join(tmp, "gap.sqlite")
    nsq.gen(gap, "--kernels", "60", "--gap", "3:500000:sync")
    rg = api(gap)["result"]
    ss = [x for x in rg["sync_calls"] if x["name"] == "cudaStreamSynchronize"]
    c.check(len(ss) == 1 and ss[0]["gpu_idle_covered_ns"] >= 500000 - 2500,
            f"generated: the planted 500 us sync gap is covered by cudaStreamSynchronize: {ss}")
    check_sync("generated gap", gap, rg)
    noapi = os.path.join(tmp, "n.sqlite")
    nsq.gen(noapi, "--kernels", "10", "--no-api")
    d = api(noapi)
    c.check(any(w["code"] == "no_api_calls" for w in d["warnings"]), "--no-api: warning, not zeros")


def check_backtrace_duplicates(tmp):
    """A runtime row duplicated with eventClass 67 (--cudabacktrace) counts once."""
    src = os.path.join(tmp, "g.sqlite")
    dup = os.path.join(tmp, "dup.sqlite")
    shutil.copy(src, dup)
    db = sqlite3.connect(dup)
    db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME (start, \"end\", eventClass, globalTid, "
               "correlationId, nameId, returnValue, callchainId) SELECT start, \"end\", 67, globalTid, "
               "correlationId, nameId, returnValue, callchainId FROM CUPTI_ACTIVITY_KIND_RUNTIME")
    db.commit()
    db.close()
    a = api(src)["result"]
    b = api(dup)["result"]
    c.eq(b["calls"], a["calls"], "eventClass 67 duplicates are not counted")


def check_queue_shapes(tmp):
    """Queue depth where launches queue up, one call launches two kernels (as a
    graph launch does) and calls end at the same nanosecond: against the
    brute-force definition."""
    src = os.path.join(tmp, "g.sqlite")
    q = os.path.join(tmp, "queue.sqlite")
    shutil.copy(src, q)
    db = sqlite3.connect(q)
    cols = [r[1] for r in db.execute("PRAGMA table_info(CUPTI_ACTIVITY_KIND_KERNEL)")]
    sel = ", ".join('start + 200000' if x == "start" else '"end" + 200000' if x == "end" else f'"{x}"'
                    for x in cols)
    names = ", ".join(f'"{x}"' for x in cols)
    # every 5th call launches a second kernel 200 us later
    db.execute(f"INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL ({names}) SELECT {sel} FROM "
               "CUPTI_ACTIVITY_KIND_KERNEL WHERE correlationId % 5 = 0")
    # every 7th kernel waits 2 ms in the queue: later calls end meanwhile
    db.execute('UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = start + 2000000, "end" = "end" + 2000000 '
               "WHERE correlationId % 7 = 0")
    # every 13th call ends when the next one does
    db.execute('UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET "end" = (SELECT r2."end" FROM '
               "CUPTI_ACTIVITY_KIND_RUNTIME r2 WHERE r2.correlationId = "
               "CUPTI_ACTIVITY_KIND_RUNTIME.correlationId + 1) WHERE correlationId % 13 = 0 AND "
               "EXISTS (SELECT 1 FROM CUPTI_ACTIVITY_KIND_RUNTIME r2 WHERE r2.correlationId = "
               "CUPTI_ACTIVITY_KIND_RUNTIME.correlationId + 1)")
    nk = db.execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0]
    db.commit()
    db.close()
    r = api(q)["result"]
    c.eq(r["launches_matched"], nk, "queue shapes: every kernel matched, two per 5th call")
    c.check(r["queue_depth"]["max"] > 2, f"queue shapes: launches queue up ({r['queue_depth']})")
    check_against_ref("queue shapes", q, r)


def check_against_ref(tag, path, r, win=None, pid=None):
    calls, lat = ref_api(path, win, pid)
    got = {(x["api_kind"], x["name"]): x for x in r["calls"]}
    c.eq(set(got), set(calls), f"{tag}: (kind, name) rows")
    for k, d in calls.items():
        if k in got:
            c.eq({f: got[k][f] for f in stats(d)}, stats(d), f"{tag}: {k}")
    gl = {x["kernel"]: x for x in r["launch_latency"]}
    c.eq(set(gl), set(lat), f"{tag}: launch latency kernel names")
    for k, d in lat.items():
        if k in gl:
            c.eq({f: gl[k][f] for f in stats(d)}, stats(d), f"{tag}: latency {k}")
    check_sync(tag, path, r, win, pid)


def check_scope(tmp):
    """--window, --pid, the parallel reader, formats, and the SQL fallback."""
    gap2 = os.path.join(tmp, "gap2.sqlite")
    nsq.gen(gap2, "--kernels", "120", "--gap", "6:700000:sync", "--memcpy-per-iter", "1")
    g = os.path.join(tmp, "two.sqlite")
    nsq.gen(g, "--processes", "2", "--kernels", "600", "--memcpy-per-iter", "1", "--gap", "4:300000:sync",
            "--gap", "7:200000:device_sync")
    full = api(g)["result"]
    check_against_ref("two processes", g, full)
    db = nsq.raw_db(g)
    lo, hi = db.execute('SELECT min(start), max("end") FROM CUPTI_ACTIVITY_KIND_RUNTIME').fetchone()
    pids = [p for (p,) in db.execute("SELECT DISTINCT (globalTid >> 24) & 16777215 FROM "
                                     "CUPTI_ACTIVITY_KIND_RUNTIME ORDER BY 1")]
    db.close()
    win = (lo + (hi - lo) // 3, lo + (hi - lo) // 2)
    d = api(g, "--window", f"{win[0]}:{win[1]}")
    c.eq((d["params"]["window"]["kind"], d["params"]["window"]["start_ns"]), ("range", win[0]), "window echoed")
    check_against_ref("window", g, d["result"], win)
    c.check(0 < d["result"]["calls_total"] < full["calls_total"], "the window counts some calls, not all")
    c.eq(api(g, "--window", f"{win[0]}:{win[1]}", "--oracle")["result"], d["result"],
         "window: --oracle agrees")
    c.eq(len(pids), 2, "generated: two processes")
    p = api(g, "--pid", pids[1])
    c.eq(p["params"]["pid"], pids[1], "pid echoed")
    check_against_ref("pid", g, p["result"], None, pids[1])
    c.eq(api(g, "--pid", pids[1], "--oracle")["result"], p["result"], "pid: --oracle agrees")
    st = api(g, "--window", "steady")
    c.eq(api(g, "--window", "steady", "--oracle")["result"], st["result"], "steady: --oracle agrees")
    # the parallel reader (small chunks on several connections) and the SQLite reader
    par = api(g, env={"NSYSQL_PARSCAN_MIN_ROWS": "1", "NSYSQL_PARSCAN_CHUNK": "97", "NSYSQL_THREADS": "3"})
    c.eq(par["result"], full, "parallel reader: same result")
    c.eq(api(g, env={"NSYSQL_RAWSCAN": "0"})["result"], full, "SQLite reader: same result")
    # formats
    rc, out, _ = api(g, "--format", "csv", raw=True)
    c.eq((rc, len(out.splitlines())), (0, full["names"] + 1), "csv: a header and one line per (kind, name)")
    rc, out, _ = api(g, "--format", "md", raw=True)
    c.check(rc == 0 and "| kind | count |" in out and "cudaLaunchKernel" in out, "md table")
    # one correlation id used by two calls of a process: the fast path declines, SQL answers
    dup = os.path.join(tmp, "dupcorr.sqlite")
    shutil.copy(g, dup)
    db = sqlite3.connect(dup)
    a, b = db.execute("SELECT rowid, correlationId FROM CUPTI_ACTIVITY_KIND_RUNTIME ORDER BY rowid LIMIT 2").fetchall()
    db.execute("UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET correlationId = ? WHERE rowid = ?", (a[1], b[0]))
    db.commit()
    db.close()
    dd = api(dup)
    c.eq(dd["params"]["engine"], "sql", "shared correlation id: answered through SQL")
    c.check(any(w["code"] == "slow_path" for w in dd["warnings"]), "shared correlation id: slow_path warning")
    check_against_ref("shared correlation id", dup, dd["result"])
    # --no-launches: the same calls and syncs, the launch figures null (both engines)
    for eng in ((), ("--oracle",)):
        nl = api(gap2, "--no-launches", *eng)
        fl = api(gap2, *eng)["result"]
        c.eq(nl["params"]["launches"], False, f"--no-launches {eng}: params.launches false")
        r = nl["result"]
        c.eq((r["launch_latency"], r["launches_matched"], r["queue_depth"]), (None, None, None),
             f"--no-launches {eng}: launch figures null, not zeros")
        c.eq({k: r[k] for k in ("calls", "sync_calls", "sync_gpu_idle_covered_ns", "calls_total")},
             {k: fl[k] for k in ("calls", "sync_calls", "sync_gpu_idle_covered_ns", "calls_total")},
             f"--no-launches {eng}: calls and synchronising calls as without it")
    c.check(any(x["gpu_idle_covered_ns"] > 0 for x in api(gap2, "--no-launches")["result"]["sync_calls"]),
            "--no-launches: the planted sync gap is still measured")
    rc, out, _ = api(g, "--window", "nvtx:no-such-range", raw=True)
    c.eq(rc, 3, "a window that cannot be found: exit 3")


def main():
    fixtures = nsq.fixtures()
    for p in fixtures:
        check_fixture(p)
    tmp = tempfile.mkdtemp(prefix="nsq-api-")
    try:
        check_generated(tmp)
        check_backtrace_duplicates(tmp)
        check_queue_shapes(tmp)
        check_scope(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    c.done()


if __name__ == "__main__":
    main()
