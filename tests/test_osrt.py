#!/usr/bin/env python3
"""osrt: expected values derived independently of nsysql.

- Every real fixture with OSRT_API: per name and per (pid, tid, name) count,
  total, max, median and p90 from our own SQL on the raw OSRT_API + StringIds
  tables and Python; blocked time per thread from this file's own list of
  blocking calls; shares add up to 100.
- Every fixture without OSRT_API: a missing_table error (exit 3), never zeros.
- A generated export (nsysql-gen) with a planted OSRT_API table: known names,
  threads and durations; and an empty OSRT_API: a no_osrt_calls warning.
"""
import math
import re
import os
import shutil
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()

BLOCKING = {"poll", "ppoll", "epoll_wait", "epoll_pwait", "select", "pselect", "futex",
            "pthread_cond_wait", "pthread_cond_timedwait", "pthread_mutex_lock", "pthread_rwlock_rdlock",
            "pthread_rwlock_wrlock", "pthread_join", "pthread_barrier_wait", "sem_wait", "sem_timedwait",
            "read", "readv", "pread", "pread64", "recv", "recvfrom", "recvmsg", "accept", "accept4",
            "connect", "nanosleep", "clock_nanosleep", "usleep", "sleep", "ioctl", "wait", "waitpid",
            "msgrcv", "sigwait", "sigtimedwait"}


def base(name):
    """nsys may suffix a name ("pthread_cond_wait@GLIBC_2.3.2"): the part before '@' or '('."""
    return re.split(r"[@(]", name, maxsplit=1)[0] if name is not None else None


def table_exists(db, name):
    return db.execute("SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?",
                      (name,)).fetchone()[0] > 0


def stats(d):
    d = sorted(d)
    n = len(d)
    return dict(count=n, total_ns=sum(d), max_ns=d[-1], mean_ns=sum(d) // n,
                median_ns=(d[(n - 1) // 2] + d[n // 2]) // 2, p90_ns=d[math.ceil(0.9 * n) - 1])


def ref_osrt(path, win=None, pid=None):
    db = nsq.raw_db(path)
    if not table_exists(db, "OSRT_API"):
        db.close()
        return None
    by_name, by_thread, blocked = {}, {}, {}
    q = 'SELECT o.globalTid, s.value, o.start, o."end" FROM OSRT_API o LEFT JOIN StringIds s ON s.id = o.nameId'
    for gt, name, s, e in db.execute(q):
        if s is None or e is None or e < s:
            continue
        if win is not None and not (win[0] <= s <= win[1] if s == e else (s < win[1] and e > win[0])):
            continue
        if pid is not None and (gt >> 24) & 0xFFFFFF != pid:
            continue
        p_, tid = (gt >> 24) & 0xFFFFFF, gt & 0xFFFFFF
        by_name.setdefault(name, []).append(e - s)
        by_thread.setdefault((p_, tid, name), []).append(e - s)
        if base(name) in BLOCKING:
            blocked.setdefault((p_, tid), []).append(e - s)
    db.close()
    return by_name, by_thread, blocked


def compare(tag, doc, ref):
    by_name, by_thread, blocked = ref
    r = doc["result"]
    got = {x["name"]: x for x in r["calls"]}
    c.eq(set(got), set(by_name), f"{tag}: names")
    for k, d in by_name.items():
        if k in got:
            for f, v in stats(d).items():
                c.eq(got[k][f], v, f"{tag}: {k} {f}")
            c.eq(got[k]["blocking"], base(k) in BLOCKING, f"{tag}: {k} blocking flag")
    gt = {(x["pid"], x["tid"], x["name"]): x for x in r["per_thread"]}
    c.eq(set(gt), set(by_thread), f"{tag}: per-thread rows")
    for k, d in by_thread.items():
        if k in gt:
            c.eq((gt[k]["count"], gt[k]["total_ns"]), (len(d), sum(d)), f"{tag}: {k} count/total")
    gb = {(x["pid"], x["tid"]): x for x in r["blocked_by_thread"]}
    c.eq(set(gb), set(blocked), f"{tag}: blocked threads")
    for k, d in blocked.items():
        if k in gb:
            c.eq((gb[k]["count"], gb[k]["total_ns"]), (len(d), sum(d)), f"{tag}: blocked {k}")
    c.eq(r["blocked_ns"], sum(sum(d) for d in blocked.values()), f"{tag}: blocked_ns")
    c.eq(r["osrt_time_ns"], sum(sum(d) for d in by_name.values()), f"{tag}: osrt_time_ns")
    c.eq(r["calls_total"], sum(len(d) for d in by_name.values()), f"{tag}: calls_total")
    c.eq(set(r["blocking_names"]), BLOCKING, f"{tag}: blocking list")
    if by_name:
        c.check(abs(sum(x["pct_of_osrt_time"] for x in r["calls"]) - 100) < 1e-3, f"{tag}: shares add to 100")


def check_fixture(path):
    tag = os.path.basename(path)
    ref = ref_osrt(path)
    if ref is None:
        doc = nsq.run("osrt", path, expect_rc=3)
        c.eq(doc["error"]["code"], "missing_table", f"{tag}: no OSRT_API is an error")
        return
    compare(tag, nsq.run("osrt", path, "--limit", "0"), ref)
    dflt = nsq.run("osrt", path)["result"]
    for t in ("calls", "per_thread", "blocked_by_thread"):
        c.check(len(dflt[t]) <= 20, f"{tag}: default --limit 20 keeps {t} to 20 rows")
    c.eq((dflt["per_thread_total"], dflt["blocked_by_thread_total"]),
         (len(ref[1]), len(ref[2])), f"{tag}: per_thread_total and blocked_by_thread_total count every row")
    # --window START:END (calls overlapping it, whole durations) and --pid
    db = nsq.raw_db(path)
    lo, hi = db.execute('SELECT min(start), max("end") FROM OSRT_API').fetchone()
    pids = [p for (p,) in db.execute("SELECT DISTINCT (globalTid >> 24) & 16777215 FROM OSRT_API ORDER BY 1")]
    db.close()
    if lo is None:
        return
    win = (lo + (hi - lo) // 3, lo + 2 * (hi - lo) // 3)
    d = nsq.run("osrt", path, "--limit", "0", "--window", f"{win[0]}:{win[1]}")
    c.eq((d["params"]["window"]["start_ns"], d["params"]["window"]["end_ns"]), win, f"{tag}: window echoed")
    compare(f"{tag} window", d, ref_osrt(path, win))
    d = nsq.run("osrt", path, "--limit", "0", "--pid", pids[-1])
    c.eq(d["params"]["pid"], pids[-1], f"{tag}: pid echoed")
    compare(f"{tag} pid {pids[-1]}", d, ref_osrt(path, None, pids[-1]))


PLANT = [  # (pid, tid, name, durations)
    (100, 100, "pthread_cond_wait", [5000, 7000, 9000]),
    (100, 101, "poll", [1000000]),
    (100, 101, "write", [300, 500]),
    (200, 201, "futex", [40, 60, 80, 100]),
    (200, 201, "mmap", [2500]),
    (200, 202, "pthread_mutex_lock@GLIBC_2.2.5", [700]),
]


def check_planted(tmp):
    out = os.path.join(tmp, "g.sqlite")
    nsq.gen(out, "--kernels", "20")
    empty = os.path.join(tmp, "e.sqlite")
    shutil.copy(out, empty)
    for p, rows in ((out, PLANT), (empty, [])):
        db = sqlite3.connect(p)
        db.execute('CREATE TABLE OSRT_API (start INTEGER NOT NULL, "end" INTEGER NOT NULL, eventClass '
                   'INTEGER NOT NULL, globalTid INTEGER, nameId INTEGER NOT NULL, returnValue INTEGER NOT '
                   'NULL, nestingLevel INTEGER, callchainId INTEGER NOT NULL)')
        nid = db.execute("SELECT coalesce(max(id), 0) + 1000 FROM StringIds").fetchone()[0]
        t = 10 ** 9
        for i, (pid, tid, name, durs) in enumerate(rows):
            db.execute("INSERT INTO StringIds (id, value) VALUES (?, ?)", (nid + i, name))
            for d in durs:
                db.execute("INSERT INTO OSRT_API VALUES (?, ?, 27, ?, ?, 0, 0, 0)",
                           (t, t + d, (pid << 24) | tid, nid + i))
                t += d + 10
        db.commit()
        db.close()
    doc = nsq.run("osrt", out, "--limit", "0")
    ref = ref_osrt(out)
    compare("planted", doc, ref)
    r = doc["result"]
    c.eq(r["calls"][0]["name"], "poll", "planted: poll ranks first")
    c.eq(r["blocked_ns"], 21000 + 1000000 + 280 + 700, "planted: blocked time (a suffixed name counts)")
    c.eq({(x["pid"], x["tid"]): x["total_ns"] for x in r["blocked_by_thread"]},
         {(100, 100): 21000, (100, 101): 1000000, (200, 201): 280, (200, 202): 700}, "planted: blocked per thread")
    cw = [x for x in r["calls"] if x["name"] == "pthread_cond_wait"][0]
    c.eq((cw["count"], cw["median_ns"], cw["p90_ns"], cw["max_ns"], cw["mean_ns"]), (3, 7000, 9000, 9000, 7000),
         "planted: pthread_cond_wait stats")
    fx = [x for x in r["calls"] if x["name"] == "futex"][0]
    c.eq((fx["median_ns"], fx["p90_ns"]), (70, 100), "planted: futex even-count median and p90")
    lim = nsq.run("osrt", out, "--limit", "1")["result"]
    c.eq(len(lim["calls"]), 1, "--limit 1")
    d = nsq.run("osrt", empty)
    c.check(any(w["code"] == "no_osrt_calls" for w in d["warnings"]), "empty OSRT_API: warning, not zeros")


def main():
    fixtures = nsq.fixtures()
    for p in fixtures:
        check_fixture(p)
    tmp = tempfile.mkdtemp(prefix="nsq-osrt-")
    try:
        check_planted(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    c.done()


if __name__ == "__main__":
    main()
