"""nsysql capture, CUPTI backend, without a GPU.

Two capture targets built with the injection library (cupti/):
  nsysql-test-nvtx  an NVTX-only program (nvtx3 headers): the library's own NVTX
                    handlers record it, end to end through the injection;
  nsysql-test-feed  plays libcuda: loads CUDA_INJECTION64_PATH and hands the
                    library hand-built CUPTI activity records (its test hook), which
                    take the same path as CUPTI's buffers.
Every expectation below comes from what those programs do (their header
comments), computed here independently, or from SQL on the raw tables.
Skipped (77) when nsysql was built without CUDA (no libnsysql_inject.so).
"""
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

BUILD = os.environ.get("NSYSQL_BUILD", os.path.dirname(os.path.abspath(nsq.NSYSQL)))
LIB = os.path.join(os.path.dirname(os.path.abspath(nsq.NSYSQL)), "libnsysql_inject.so")
NVTX_PROG = os.path.join(BUILD, "cupti", "nsysql-test-nvtx")
FEED_PROG = os.path.join(BUILD, "cupti", "nsysql-test-feed")
SCALE = 0.05

c = nsq.Checks()
tmp = tempfile.mkdtemp(prefix="nsq-capture-cupti-")


def env(**extra):
    e = dict(os.environ)
    # no nsys here, so that auto picks the CUPTI backend
    e["PATH"] = "/usr/local/bin:/usr/bin:/bin"
    e["NSYSQL_CAPTURE_TIME_SCALE"] = str(SCALE)
    e["NSYSQL_CAPTURE_MIN_FREE_MB"] = "1"
    for k in ("NSYS_PATH", "CUDA_INJECTION64_PATH", "NVTX_INJECTION64_PATH", "NSYSQL_INJECT_LIB",
              "CUDA_VISIBLE_DEVICES", "NSYSQL_CUPTI_DIR", "NSYSQL_CUPTI_T0"):
        e.pop(k, None)
    e.update({k: str(v) for k, v in extra.items()})
    return e


def capture(name, cmd, args=(), expect_rc=0, e=None):
    d = os.path.join(tmp, name)
    t = time.monotonic()
    p = subprocess.run([nsq.NSYSQL, "capture", "--out-dir", d, *args, "--", *cmd],
                       capture_output=True, env=e or env(), timeout=300)
    elapsed = time.monotonic() - t
    out, err = p.stdout.decode(), p.stderr.decode("utf-8", "replace")
    c.check(p.returncode == expect_rc, f"{name}: exit {p.returncode}, expected {expect_rc}\nstdout: {out[:1500]}\nstderr: {err[:1500]}")
    doc = json.loads(out)
    nsq.validate(doc)
    cj = None
    if os.path.exists(os.path.join(d, "capture.json")):
        with open(os.path.join(d, "capture.json")) as f:
            cj = json.load(f)
        nsq.validate(cj)
    return doc, cj, elapsed, d


def codes(doc):
    return [w["code"] for w in doc.get("warnings", [])]


def nsysql(*args, expect_rc=0):
    p = subprocess.run([nsq.NSYSQL, *map(str, args)], capture_output=True, timeout=120)
    doc = json.loads(p.stdout)
    nsq.validate(doc)
    c.check(p.returncode == expect_rc, f"nsysql {' '.join(map(str, args))}: exit {p.returncode}: {p.stdout[:500]!r} {p.stderr[:500]!r}")
    return doc


def available(cmd):
    """True when the command exists and is not a placeholder."""
    p = subprocess.run([nsq.NSYSQL, "--list-cmds"], capture_output=True, text=True)
    if cmd not in [ln.split("\t")[0] for ln in p.stdout.splitlines()]:
        return False
    return "not built yet" not in p.stdout.split(cmd + "\t", 1)[1].split("\n", 1)[0]


def rows(db, sql, *params):
    return db.execute(sql, params).fetchall()


# ---------------------------------------------------------------------------------------------
def test_nvtx():
    doc, cj, elapsed, d = capture("nvtx", [NVTX_PROG, "fork"])
    r = doc["result"]
    c.eq(r["backend"], "cupti", "nvtx: auto picks the CUPTI backend when there is no nsys")
    c.check(r["profiler"]["version"].startswith("nsysql-cupti "), f"nvtx: version {r['profiler']['version']}")
    c.eq(r["profiler"]["binary"], os.path.realpath(LIB), "nvtx: the injection library")
    c.eq(r["processes"], 2, "nvtx: parent and forked child merged")
    c.eq(r["target_exit_code"], 0, "nvtx: exit code")
    c.eq(r["files"]["report"], None, "nvtx: no .nsys-rep for the CUPTI backend")
    c.eq(cj, doc, "nvtx: capture.json is the printed document")
    c.check("trace_not_supported" not in codes(doc), "nvtx: no warning for the default --trace")
    with open(r["files"]["profiler_stdout"]) as f:
        out = f.read()
    c.check("worker levels 0 1 1 0" in out, f"nvtx: push/pop return levels on the worker: {out!r}")
    c.check("main levels 0 0 0 1 1 0" in out, f"nvtx: push/pop return levels on main (per domain): {out!r}")
    child_pid = int(out.split("child ", 1)[1].split()[0])

    db = nsq.raw_db(r["files"]["sqlite"])
    parent = rows(db, "SELECT pid FROM PROCESSES WHERE name = 'nsysql-test-nvtx'")
    c.eq(len(parent), 2, "nvtx: both processes listed under their name")
    ppid = [p for (p,) in parent if p != child_pid][0]
    ev = rows(db, """SELECT e.start, e."end", e.eventType, e.rangeId, e.category, e.color, e.text,
                            s.value, (e.globalTid >> 24) & 16777215, e.globalTid & 16777215,
                            e.endGlobalTid & 16777215, e.domainId
                     FROM NVTX_EVENTS e LEFT JOIN StringIds s ON s.id = e.textId ORDER BY e.start""")
    by = {}
    for row in ev:
        by.setdefault(row[6] or row[7], []).append(row)
    c.eq(len(ev), 14, "nvtx: 13 events in the parent, 1 in the child")
    main_tid = by["main-thread"][0][9]
    worker_tid = by["worker-thread"][0][9]
    c.eq(main_tid, ppid, "nvtx: the main thread's tid is the pid")
    c.check(worker_tid != main_tid, "nvtx: the worker is another thread")
    for name, typ in (("main-thread", 39), ("worker-thread", 39), ("MyLib", 75), ("compute", 33), ("a-mark", 34)):
        e = by[name][0]
        c.eq((e[2], e[1]), (typ, None), f"nvtx: {name} is eventType {typ} with end NULL")
    dom = by["MyLib"][0][11]
    c.check(dom > 0, "nvtx: the domain has its own id")
    c.eq((by["compute"][0][4], by["compute"][0][11]), (7, dom), "nvtx: category name in the domain")
    outer, inner = by["worker-outer"][0], by["worker-inner"][0]
    c.check(outer[2] == inner[2] == 59 and outer[9] == inner[9] == worker_tid, "nvtx: worker ranges are push/pop on the worker")
    c.check(outer[0] <= inner[0] < inner[1] <= outer[1], "nvtx: worker-inner nests in worker-outer")
    c.check(inner[1] - inner[0] >= 1_000_000, "nvtx: worker-inner covers the 1 ms sleep")
    reg = by["registered-op"][0]
    c.eq((reg[2], reg[6], reg[7], reg[11], reg[5], reg[4]), (59, None, "registered-op", dom, 0xFF00FF00, 7),
         "nvtx: registered string through textId, domain, ARGB colour, category")
    mo = by["main-outer"][0]
    c.check(mo[0] <= reg[0] < reg[1] <= mo[1], "nvtx: the domain range nests in main-outer in time")
    cross = by["cross-thread"][0]
    c.eq((cross[2], cross[9], cross[10]), (60, main_tid, worker_tid), "nvtx: start/end range started on main, ended on the worker")
    c.check(cross[3] is not None and cross[1] >= outer[1], "nvtx: start/end range has a rangeId and ends after the worker's ranges")
    c.eq(by["unicode-\u00fc"][0][2], 59, "nvtx: a wide-character message arrives as UTF-8")
    c.eq((by["never-popped"][0][2], by["never-popped"][0][1]), (59, None), "nvtx: a range open at exit has end NULL")
    ne = by["never-ended"][0]
    c.eq((ne[2], ne[1], ne[10]), (60, None, None), "nvtx: a start/end range open at exit has end NULL")
    ch = by["child-range"][0]
    c.eq((ch[8], ch[2]), (child_pid, 59), "nvtx: the forked child's range is in its own process")
    c.check(ch[1] is not None and ch[1] - ch[0] >= 1_000_000, "nvtx: the child's range closed")
    tn = dict(rows(db, "SELECT s.value, t.globalTid & 16777215 FROM ThreadNames t JOIN StringIds s ON s.id = t.nameId"))
    c.eq(tn, {"main-thread": main_tid, "worker-thread": worker_tid}, "nvtx: ThreadNames")
    starts = [e[0] for e in ev]
    c.check(min(starts) >= 0 and max(starts) < (r["target_duration_s"] + 5) * 1e9,
            "nvtx: times are ns after the session origin")
    utc = rows(db, "SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME")
    c.eq(len(utc), 1, "nvtx: one session origin")
    db.close()

    info = nsysql("info", d)
    ex = info["result"]["export"]
    c.eq(ex["exporter"], "nsysql-cupti", "nvtx: info names the exporter")
    c.eq(info["result"]["gpu_activity"]["nvtx_events"], 14, "nvtx: info counts the NVTX events")
    c.check("no_gpu_activity" in codes(info), "nvtx: info says there is no GPU activity")
    q = nsysql("timeline-sql", d, "--sql", "SELECT kind, count(*) AS n FROM nvtx GROUP BY kind ORDER BY kind")
    kinds = {row["kind"]: row["n"] for row in q["result"]["rows"]}
    c.eq(kinds, {"category": 1, "domain_create": 1, "mark": 1, "push_pop": 7, "start_end": 2, "thread_name": 2},
         "nvtx: the nvtx view sees every kind")


# ---------------------------------------------------------------------------------------------
# What nsysql-test-feed hands the library (see cupti/test_feed.c): (pid key, start, end, short name)
PLAN_KERNELS = {"A": [(1000, 3000, "kernelA"), (3000, 4000, "kernelB"), (5000, 7000, "kernelA"), (9000, 11000, "kernelA")],
                "B": [(2000, 2500, "kernelC"), (20000, 22000, "kernelA")]}
PLAN_A_OTHER_OPS = [(100, 600), (12000, 12500)]  # memcpy, memset
PLAN_OVERHEAD_A = (4100, 4200)


def union(intervals):
    out = []
    for s, e in sorted(intervals):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def test_feed():
    cmd = ["sh", "-c", f"'{FEED_PROG}' A & '{FEED_PROG}' B; wait"]
    doc, cj, elapsed, d = capture("feed", cmd, ["--backend", "cupti"])
    r = doc["result"]
    c.eq(r["processes"], 2, "feed: two processes merged")
    inc = [w["message"] for w in doc["warnings"] if w["code"] == "cupti_records_incomplete"]
    c.check(inc and inc[0].startswith("1 "), f"feed: the record without timestamps is reported: {doc['warnings']}")
    with open(r["files"]["profiler_stdout"]) as f:
        out = f.read()
    pids = {ln.split()[1]: int(ln.split()[-1]) for ln in out.splitlines() if ln.startswith("fed ")}
    c.eq(sorted(pids), ["A", "B"], "feed: both feeders ran")
    db = nsq.raw_db(r["files"]["sqlite"])
    for who, plan in PLAN_KERNELS.items():
        got = rows(db, """SELECT k.start, k."end", s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName
                          WHERE (k.globalPid >> 24) & 16777215 = ? ORDER BY k.start""", pids.get(who, -1))
        c.eq([tuple(x) for x in got], plan, f"feed: process {who}'s kernels, times relative to the shared origin")
    dem = rows(db, "SELECT DISTINCT s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.demangledName ORDER BY 1")
    c.eq([x[0] for x in dem], ["kernelA(float*)", "kernelB()", "kernelC()"], "feed: demangled names")
    c.eq(rows(db, "SELECT count(*), count(DISTINCT value) FROM StringIds")[0][0],
         rows(db, "SELECT count(DISTINCT value) FROM StringIds")[0][0], "feed: StringIds unique after the merge")
    api = rows(db, """SELECT s.value, r.eventClass, r.correlationId FROM CUPTI_ACTIVITY_KIND_RUNTIME r
                      JOIN StringIds s ON s.id = r.nameId WHERE (r.globalTid >> 24) & 16777215 = ? ORDER BY r.start""", pids.get("A", -1))
    c.eq([tuple(x) for x in api], [("cudaLaunchKernel_v7000", 0, 11), ("cudaLaunchKernel_v7000", 0, 13),
                                   ("cudaLaunchKernel_v7000", 0, 14), ("cudaStreamSynchronize_v3020", 0, 30),
                                   ("cudaLaunchKernel_v7000", 0, 15)],
         "feed: API names from CUPTI's callback ids; the cuLaunchKernel nested in cudaLaunchKernel is folded into it")
    c.eq(rows(db, "SELECT correlationId FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE start = 1000")[0][0], 11,
         "feed: the kernel launched through the nested driver call points at cudaLaunchKernel")
    c.eq([tuple(x) for x in rows(db, "SELECT start, \"end\", bytes, copyKind, srcKind, dstKind FROM CUPTI_ACTIVITY_KIND_MEMCPY")],
         [(100, 600, 1 << 20, 1, 0, 2)], "feed: memcpy HtoD pageable->device in nsys numbering")
    c.eq([tuple(x) for x in rows(db, "SELECT start, \"end\", bytes, memKind FROM CUPTI_ACTIVITY_KIND_MEMSET")],
         [(12000, 12500, 4096, 2)], "feed: memset")
    c.eq([tuple(x) for x in rows(db, "SELECT start, \"end\", deviceId, syncType, correlationId FROM CUPTI_ACTIVITY_KIND_SYNCHRONIZATION")],
         [(7050, 8900, 0, 3, 30)], "feed: stream synchronisation, device from its context")
    c.eq([tuple(x) for x in rows(db, "SELECT o.start, o.\"end\", o.overheadType, s.value FROM PROFILER_OVERHEAD o JOIN StringIds s ON s.id = o.nameId")],
         [(4100, 4200, 3, "CUPTI: Buffer flush")], "feed: profiler overhead")
    gpus = rows(db, "SELECT name, smCount FROM TARGET_INFO_GPU ORDER BY name")
    c.eq([tuple(x) for x in gpus], [("Test GPU A", 132), ("Test GPU B", 108)], "feed: two GPUs")
    c.eq(rows(db, "SELECT count(*) FROM TARGET_INFO_CUDA_DEVICE WHERE cudaId = 0")[0][0], 2,
         "feed: each process's CUDA ordinal 0 is mapped")
    db.close()

    info = nsysql("info", d)
    ga = info["result"]["gpu_activity"]
    c.eq((ga["kernels"], ga["memcpy"], ga["memset"]), (6, 1, 1), "feed: info counts GPU work")
    c.eq(info["result"]["device_identity"], "cuda_device_map", "feed: devices identified through TARGET_INFO_CUDA_DEVICE")
    c.eq(info["result"]["device_count"], 2, "feed: two devices")
    gpu_analyses = {"top-kernels", "idle-gaps", "steady-state", "diff", "gpu-util", "ranks", "export-trace",
                    "memcpy", "api", "timeline-sql"}
    c.check(all(a["can_run"] for a in info["result"]["analyses"] if a["name"] in gpu_analyses),
            "feed: every GPU analysis can run")

    all_k = [k for plan in PLAN_KERNELS.values() for k in plan]
    if available("top-kernels"):
        tk = nsysql("top-kernels", d)
        got = {k["name"]: (k["instances"], k["total_ns"]) for k in tk["result"]["kernels"]}
        want = {}
        for s, e, n in all_k:
            i, t = want.get(n, (0, 0))
            want[n] = (i + 1, t + e - s)
        c.eq(got, want, "feed: top-kernels instances and totals")
    if available("idle-gaps"):
        ig = nsysql("idle-gaps", d)
        devs = ig["result"]["devices"]
        a_busy = union([(s, e) for s, e, _ in PLAN_KERNELS["A"]] + PLAN_A_OTHER_OPS)
        busy = sum(e - s for s, e in a_busy)
        gaps = [(a_busy[i][1], a_busy[i + 1][0]) for i in range(len(a_busy) - 1)]
        longest = max(gaps, key=lambda g: g[1] - g[0])
        dev_a = [x for x in devs if x["first_busy_ns"] == a_busy[0][0]]
        c.eq(len(dev_a), 1, "feed: idle-gaps has the device of process A")
        if dev_a:
            c.eq(dev_a[0]["busy_ns"], busy, "feed: idle-gaps busy time on GPU A")
            g = dev_a[0]["longest_gaps"][0]
            c.eq((g["start_ns"], g["end_ns"], g["cause"]), (longest[0], longest[1], "sync"),
                 "feed: the longest gap is the stream synchronisation")
            c.eq(dev_a[0]["overhead_ns"], PLAN_OVERHEAD_A[1] - PLAN_OVERHEAD_A[0], "feed: overhead reported apart")


# ---------------------------------------------------------------------------------------------
def wait_for(name):
    """Shell code that waits (at most 30 s) until the program wrote 'hanging' to tmp/name."""
    return (f"i=0; while ! grep -q hanging '{tmp}/{name}' 2>/dev/null && [ $i -lt 600 ]; "
            f"do sleep 0.05; i=$((i+1)); done")


def test_stop_paths():
    # the target outlives --duration-s + 30 s: SIGINT to its process group; the library flushes
    doc, cj, elapsed, d = capture("time-limit", [NVTX_PROG, "hang"], ["--duration-s", "1"])
    r = doc["result"]
    c.eq(r["stop_reason"], "time_limit", "time-limit: stop reason")
    c.check("target_time_limit" in codes(doc), "time-limit: warning")
    # (no upper bound on the wall time: the stop reason and the warning say the limit stopped it)
    c.check(elapsed >= 1, f"time-limit: ran its --duration-s first: {elapsed:.1f} s")
    db = nsq.raw_db(r["files"]["sqlite"])
    c.eq(rows(db, "SELECT \"end\" IS NULL FROM NVTX_EVENTS WHERE text = 'hanging'"), [(1,)],
         "time-limit: the range open at SIGINT is written with end NULL")
    c.eq(rows(db, "SELECT count(*) FROM NVTX_EVENTS")[0][0], 14, "time-limit: everything before it too")
    db.close()

    # SIGTERM reaches the target: flushed, then it dies of the signal
    prog = f"'{NVTX_PROG}' hang & p=$!; {wait_for('sigterm.out')}; kill -TERM $p; wait $p"
    doc, cj, elapsed, d = capture("sigterm", ["sh", "-c", f"({prog}) > '{tmp}/sigterm.out'"])
    r = doc["result"]
    c.eq((r["target_exit_code"], r["target_signal"]), (128 + signal.SIGTERM, int(signal.SIGTERM)),
         "sigterm: the target's status is death by SIGTERM")
    c.check("target_crashed" in codes(doc), "sigterm: warned")
    db = nsq.raw_db(r["files"]["sqlite"])
    c.eq(rows(db, "SELECT \"end\" IS NULL FROM NVTX_EVENTS WHERE text = 'hanging'"), [(1,)], "sigterm: flushed before dying")
    db.close()

    # SIGKILL: only what the periodic flush committed survives, and the capture says so
    prog = f"'{NVTX_PROG}' hang & p=$!; {wait_for('sigkill.out')}; sleep 1; kill -KILL $p; wait $p"
    doc, cj, elapsed, d = capture("sigkill", ["sh", "-c", f"({prog}) > '{tmp}/sigkill.out'"],
                                  e=env(NSYSQL_CUPTI_FLUSH_MS=100))
    r = doc["result"]
    c.eq(r["target_signal"], int(signal.SIGKILL), "sigkill: death by SIGKILL")
    c.check("process_not_finished" in codes(doc), f"sigkill: the unfinished file is reported: {codes(doc)}")
    db = nsq.raw_db(r["files"]["sqlite"])
    n = rows(db, "SELECT count(*) FROM NVTX_EVENTS WHERE \"end\" IS NOT NULL OR eventType <> 59")[0][0]
    c.eq(n, 11, "sigkill: the events completed before the kill were committed by the periodic flush")
    db.close()

    # a crashing target: still exported, exit code and warning
    doc, cj, elapsed, d = capture("crash", ["sh", "-c", f"'{NVTX_PROG}'; kill -SEGV $$"])
    c.eq(doc["result"]["target_signal"], int(signal.SIGSEGV), "crash: signal recorded")
    c.check("target_crashed" in codes(doc), "crash: warned")
    c.check(doc["result"]["files"]["sqlite_size_bytes"] > 0, "crash: exported")


def test_failures_and_options():
    # nothing recorded at all: a capture failure
    doc, cj, elapsed, d = capture("nothing", ["true"], expect_rc=5)
    c.eq(doc["error"]["code"], "nothing_captured", "nothing: error code")
    c.check(cj is not None and cj["ok"] is False and "profiler_stderr_tail" in cj, "nothing: capture.json says why")
    # the library is not usable
    bogus = os.path.join(tmp, "not-a-library.so")
    with open(bogus, "w") as f:
        f.write("not ELF\n")
    doc, cj, elapsed, d = capture("bad-lib", [NVTX_PROG], ["--backend", "cupti"], expect_rc=5, e=env(NSYSQL_INJECT_LIB=bogus))
    c.eq(doc["error"]["code"], "cupti_backend_unusable", "bad-lib: error code")
    doc, cj, elapsed, d = capture("no-lib", [NVTX_PROG], ["--backend", "cupti"], expect_rc=5,
                                  e=env(NSYSQL_INJECT_LIB=os.path.join(tmp, "absent.so")))
    c.eq(doc["error"]["code"], "cupti_backend_unavailable", "no-lib: error code")
    # --gpu-id sets CUDA_VISIBLE_DEVICES for the target; an explicit --trace beyond cuda,nvtx is warned about
    doc, cj, elapsed, d = capture("gpu-id", ["sh", "-c", f"echo CVD=$CUDA_VISIBLE_DEVICES; exec '{NVTX_PROG}'"],
                                  ["--gpu-id", "2", "--trace", "cuda,nvtx,osrt", "--extra-nsys", "--stats=true"],
                                  e=env(CUDA_VISIBLE_DEVICES="0"))
    with open(doc["result"]["files"]["profiler_stdout"]) as f:
        c.check("CVD=2" in f.read(), "gpu-id: CUDA_VISIBLE_DEVICES=2 for the target")
    for code in ("cuda_visible_devices_overridden", "trace_not_supported", "extra_nsys_ignored"):
        c.check(code in codes(doc), f"gpu-id: warning {code}: {codes(doc)}")
    c.eq(doc["result"]["gpu_id"], 2, "gpu-id: recorded")
    # --trace cuda only: NVTX is not injected, so the NVTX program records nothing
    doc, cj, elapsed, d = capture("trace-cuda", [NVTX_PROG], ["--trace", "cuda"], expect_rc=5)
    c.eq(doc["error"]["code"], "nothing_captured", "trace-cuda: NVTX not traced")
    # a second capture into the same directory merges only its own processes
    doc, cj, elapsed, d = capture("nvtx", [NVTX_PROG])
    c.eq(doc["result"]["processes"], 1, "rerun: the earlier capture's per-process files are not merged again")


def main():
    for p in (LIB, NVTX_PROG, FEED_PROG):
        if not os.path.exists(p):
            print(f"SKIP: {p} is absent (nsysql built without CUDA)")
            sys.exit(77)
    test_nvtx()
    test_feed()
    test_stop_paths()
    test_failures_and_options()
    c.check(nsq.validated.get("nsysql/capture", 0) >= 15, f"capture documents validated: {nsq.validated}")
    c.done()


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
