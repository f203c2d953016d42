#!/usr/bin/env python3
"""`nsysql ranks`: per-rank breakdown, stragglers and collective spreads.

- Four generated rank exports with planted values (durations with CV 0, so
  every figure is known by construction): rank 2 runs its GEMMs 20 % slower
  and, arriving last at every all-reduce, spends 200 us less in each. Expected:
  compute/communication/busy per rank by hand, rank 2 the only straggler,
  19.51 % behind the median, the last arrival at all 30 collectives, spread
  200 us each.
- The same figures from the test's own union over the raw kernel/memcpy/
  memset rows, per (process, device), on those files, on a two-process
  generated export (two ranks in one file) and on every real fixture with GPU
  activity (--no-steps).
- Captures of different length: a count mismatch is warned, and only the
  common instances are compared. One rank: single_rank. A bad input: an error
  naming it. --comm sets what communication is.
"""
import os
import sqlite3
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

NCCL = "ncclDevKernel_AllReduce_Sum_f32_RING_LL"
COMM = re.compile(r"^nccl|ncclKernel")


def union(iv):
    total, cur_s, cur_e = 0, None, None
    for s, e in sorted(x for x in iv if x[1] > x[0]):
        if cur_e is None or s > cur_e:
            if cur_e is not None:
                total += cur_e - cur_s
            cur_s, cur_e = s, e
        else:
            cur_e = max(cur_e, e)
    if cur_e is not None:
        total += cur_e - cur_s
    return total


def reference(path, comm=COMM):
    """(pid, device) -> dict of unions from the raw tables."""
    db = nsq.raw_db(path)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    out = {}

    def rk(gp, dev):
        return out.setdefault(((gp >> 24) & 0xFFFFFF, dev),
                              dict(all=[], kern=[], comm=[], comp=[], mem=[], n=0))

    if "CUPTI_ACTIVITY_KIND_KERNEL" in tables:
        for gp, dev, s, e, name in db.execute(
                "SELECT k.globalPid, k.deviceId, k.start, k.\"end\", s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k "
                "LEFT JOIN StringIds s ON s.id = k.shortName WHERE k.\"end\" >= k.start"):
            r = rk(gp, dev)
            r["n"] += 1
            r["all"].append((s, e))
            r["kern"].append((s, e))
            r["comm" if name and comm.search(name) else "comp"].append((s, e))
    for t in ("CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
        if t in tables:
            for gp, dev, s, e in db.execute(f"SELECT globalPid, deviceId, start, \"end\" FROM {t} "
                                            "WHERE \"end\" >= start"):
                r = rk(gp, dev)
                r["all"].append((s, e))
                r["mem"].append((s, e))
    res = {}
    for key, r in out.items():
        lo = min(s for s, _ in r["all"])
        hi = max(e for _, e in r["all"])
        res[key] = dict(span_ns=hi - lo, busy_ns=union(r["all"]), compute_ns=union(r["comp"]),
                        communication_ns=union(r["comm"]), memory_ns=union(r["mem"]),
                        overlap_ns=union(r["comm"]) + union(r["comp"]) - union(r["kern"]), kernels=r["n"])
    return res


def check_against_reference(c, what, doc, paths, comm=COMM):
    got = {}
    for k in doc["result"]["ranks"]:
        got[(k["input"], k["pid"], k["device_id"])] = {f: k[f] for f in (
            "span_ns", "busy_ns", "compute_ns", "communication_ns", "memory_ns", "overlap_ns", "kernels")}
        c.eq(k["idle_ns"], k["span_ns"] - k["busy_ns"], f"{what}: rank {k['rank']} idle = span - busy")
    want = {}
    for i, p in enumerate(paths):
        for (pid, dev), v in reference(p, comm).items():
            want[(i, pid, dev)] = v
    c.eq(got, want, f"{what}: per-rank unions against the raw tables")


def gen_rank(path, seed, gemm_ns, nccl_ns, iterations=30):
    nsq.gen(path, "--seed", seed, "--iterations", iterations, "--kernel", f"gemm:{gemm_ns}:0:2",
            "--kernel", f"{NCCL}:{nccl_ns}:0", "--kernel", "relu:50000:0")


def many_ranks(c, td):
    """14 ranks (one file each, as a multi-node run gives): each rank's GEMM
    takes its own planted time, so compute_ns and the median are known; by
    default the 12 ranks furthest from the median compute are listed and the
    collectives carry no per-rank rows; --detail lists everything, and the
    rows listed are the same."""
    gemm = [1000000 + 7000 * i for i in range(14)]
    gemm[5], gemm[9] = 1300000, 800000  # a straggler and a fast rank
    paths = []
    for r, g in enumerate(gemm):
        p = os.path.join(td, f"many{r}.sqlite")
        gen_rank(p, 100 + r, g, 500000)
        paths.append(p)
    comp = [30 * (2 * g + 50000) for g in gemm]
    med = sorted(comp)[6] // 2 + sorted(comp)[7] // 2  # even count: the two middle ones
    far = sorted(range(14), key=lambda i: (-abs(comp[i] - med), i))[:12]
    d = nsq.run("ranks", *paths)
    full = nsq.run("ranks", "--detail", *paths)
    r, f = d["result"], full["result"]
    c.eq(r["ranks_total"], 14, "many ranks: ranks_total")
    c.eq([k["rank"] for k in r["ranks"]], sorted(far), "many ranks: the 12 furthest from the median compute, in rank order")
    c.eq([k["compute_ns"] for k in r["ranks"]], [comp[i] for i in sorted(far)], "many ranks: their compute as planted")
    c.eq(r["ranks"], [k for k in f["ranks"] if k["rank"] in far], "many ranks: listed rows as --detail has them")
    c.eq(len(f["ranks"]), 14, "many ranks --detail: every rank")
    c.eq(r["stragglers"], f["stragglers"], "many ranks: stragglers the same")
    c.check({x["rank"] for x in r["stragglers"]["ranks"]} >= {5}, "many ranks: the planted straggler found")
    c.eq([len(x["per_rank"]) for x in r["collectives"]], [0], "many ranks: collectives without per-rank rows")
    c.eq([len(x["per_rank"]) for x in f["collectives"]], [14], "many ranks --detail: 14 per-rank rows")
    c.eq([{k: v for k, v in x.items() if k != "per_rank"} for x in r["collectives"]],
         [{k: v for k, v in x.items() if k != "per_rank"} for x in f["collectives"]],
         "many ranks: each collective's spread the same")
    lo = {e["table"]: (e["shown"], e["total"]) for e in d["summary"]["rows_left_out"]}
    c.eq(lo, {"ranks": (12, 14), "collectives.per_rank": (0, 14)}, "many ranks: summary says what was left out")
    c.eq(full["summary"]["rows_left_out"], [], "many ranks --detail: nothing left out")
    c.eq(d["summary"]["figures"]["ranks"], 14, "many ranks: the summary counts every rank")


def main():
    c = nsq.Checks()
    with tempfile.TemporaryDirectory() as td:
        paths = []
        for r in range(4):
            p = os.path.join(td, f"rank{r}.sqlite")
            gen_rank(p, r + 1, 1200000 if r == 2 else 1000000, 300000 if r == 2 else 500000)
            paths.append(p)
        before = [nsq.sha256(p) for p in paths]
        doc = nsq.run("ranks", *paths)
        res = doc["result"]
        c.eq(len(res["ranks"]), 4, "4 files: 4 ranks")
        c.eq([i["ranks"] for i in res["inputs"]], [1, 1, 1, 1], "one rank per input")
        # by construction: 30 iterations of 2 GEMMs, one all-reduce, one relu
        for k in res["ranks"]:
            slow = k["input"] == 2
            g, n = (1200000, 300000) if slow else (1000000, 500000)
            c.eq(k["compute_ns"], 30 * (2 * g + 50000), f"rank {k['rank']}: compute")
            c.eq(k["communication_ns"], 30 * n, f"rank {k['rank']}: communication")
            c.eq(k["busy_ns"], 30 * (2 * g + n + 50000), f"rank {k['rank']}: busy")
            c.eq(k["overlap_ns"], 0, f"rank {k['rank']}: no overlap (one stream of kernels)")
            c.eq(k["straggler"], slow, f"rank {k['rank']}: straggler flag")
            c.eq(k["step"]["found"], True, f"rank {k['rank']}: steady steps found")
        st = res["stragglers"]
        c.eq(st["median_compute_ns"], 30 * 2050000, "median compute over ranks")
        c.eq(st["ranks"], [{"rank": 2, "behind_ns": 30 * 400000, "behind_pct": 19.51}],
             "the straggler and how far behind")
        c.eq(len(res["collectives"]), 1, "one collective")
        col = res["collectives"][0]
        c.eq((col["name"], col["ranks"], col["aligned_instances"], col["count_mismatch"]),
             (NCCL, 4, 30, False), "collective identity")
        c.eq(col["spread"], {"total_ns": 30 * 200000, "median_ns": 200000, "max_ns": 200000},
             "collective spread: 200 us per instance")
        c.eq(col["most_often_last"], {"rank": 2, "times": 30}, "rank 2 arrives last every time")
        c.eq([p["last_arrivals"] for p in col["per_rank"]], [0, 0, 30, 0], "last arrivals per rank")
        c.eq(col["size_bytes"], None, "sizes are not in the kernel table")
        c.eq([w["code"] for w in doc["warnings"]], [], "no warnings")
        check_against_reference(c, "4 generated ranks", doc, paths)
        # step time: the NVTX iteration (kernels + launch gaps), the same on every rank
        # but the straggler
        steps = {k["input"]: k["step"]["median_ns"] for k in res["ranks"]}
        c.check(steps[0] == steps[1] == steps[3] and steps[2] - steps[0] == 2 * 200000 - 200000,
                f"step medians: {steps}")

        # a shorter capture of one rank: count mismatch, common instances compared
        short = os.path.join(td, "short.sqlite")
        gen_rank(short, 9, 1000000, 500000, iterations=20)
        doc = nsq.run("ranks", "--no-steps", paths[0], short)
        col = doc["result"]["collectives"][0]
        c.eq((col["min_instances"], col["max_instances"], col["aligned_instances"], col["count_mismatch"]),
             (20, 30, 20, True), "count mismatch: 20 of 30 compared")
        c.check(any(w["code"] == "collective_count_mismatch" for w in doc["warnings"]),
                "count mismatch is warned")
        c.eq(doc["result"]["ranks"][0]["step"], None, "--no-steps: step is null")

        # all-reduces of 5 s and 4.5 s (durations kept in 8 bytes once one
        # passes 2^32 ns): the spread and the per-rank statistics stay exact
        longp = []
        for r, ns in ((0, 5_000_000_000), (1, 4_500_000_000)):
            p = os.path.join(td, f"long{r}.sqlite")
            gen_rank(p, 20 + r, 1000000, ns, iterations=3)
            longp.append(p)
        doc = nsq.run("ranks", "--no-steps", *longp)
        col = doc["result"]["collectives"][0]
        c.eq(col["spread"], {"total_ns": 3 * 500_000_000, "median_ns": 500_000_000, "max_ns": 500_000_000},
             "5 s collectives: spread 0.5 s per instance")
        c.eq([(p["instances"], p["total_ns"], p["median_ns"], p["max_ns"]) for p in col["per_rank"]],
             [(3, 15_000_000_000, 5_000_000_000, 5_000_000_000),
              (3, 13_500_000_000, 4_500_000_000, 4_500_000_000)], "5 s collectives: per rank")
        check_against_reference(c, "5 s collectives", doc, longp)

        # one rank
        doc = nsq.run("ranks", paths[0])
        c.check(any(w["code"] == "single_rank" for w in doc["warnings"]), "one rank: single_rank warning")
        c.eq((doc["result"]["stragglers"]["judged"], doc["result"]["stragglers"]["ranks"]), (False, []),
             "one rank: stragglers not judged")

        # --comm: relu as the communication kernel
        doc = nsq.run("ranks", "--no-steps", "--comm", "^relu$", *paths)
        check_against_reference(c, "--comm ^relu$", doc, paths, re.compile(r"^relu$"))
        c.eq([x["name"] for x in doc["result"]["collectives"]], ["relu"], "--comm: relu is the collective")

        # two processes in one export: two ranks from one input
        two = os.path.join(td, "two.sqlite")
        nsq.gen(two, "--processes", 2, "--kernels", 4000, "--seed", 4)
        doc = nsq.run("ranks", "--no-steps", two)
        c.eq(doc["result"]["inputs"][0]["ranks"], 2, "two processes: two ranks in one input")
        check_against_reference(c, "two-process export", doc, [two])
        for rk in doc["result"]["ranks"]:
            c.eq((rk["label"], rk["label_source"], rk["mpi_rank"]),
                 (f"pid {rk['pid']}, GPU {rk['gpu']}", "process_and_gpu", None), "no MPI_RANKS: process and GPU")
            c.eq(rk["busy_pct_of_span"], round(100 * rk["busy_ns"] / rk["span_ns"], 3), "busy as a share of the span")
        # MPI tracing on: MPI_RANKS names each process's rank (planted in
        # the opposite order of the pids)
        db = sqlite3.connect(two)
        pids = sorted({r[0] for r in db.execute("SELECT (globalPid >> 24) & 16777215 FROM CUPTI_ACTIVITY_KIND_KERNEL")})
        db.execute("CREATE TABLE MPI_RANKS (globalTid INTEGER, rank INTEGER)")
        for i, p in enumerate(pids):
            db.execute("INSERT INTO MPI_RANKS VALUES (?, ?)", ((p << 24) | p, len(pids) - 1 - i))
        db.commit()
        db.close()
        doc = nsq.run("ranks", "--no-steps", two)
        want = {p: len(pids) - 1 - i for i, p in enumerate(pids)}
        for rk in doc["result"]["ranks"]:
            c.eq((rk["mpi_rank"], rk["label_source"], rk["label"]),
                 (want[rk["pid"]], "mpi_ranks", f"MPI rank {want[rk['pid']]} (pid {rk['pid']}, GPU {rk['gpu']})"),
                 f"MPI_RANKS: pid {rk['pid']} is rank {want[rk['pid']]}")

        # the steps' detections take their kernels from the GPU-op scan
        # (no NVTX: they look for no ranges first); the same document as
        # when each reads the kernel table itself, on shapes that exercise
        # the hand-over: one process on 3 GPUs (contexts to tell apart, the
        # rows lent to the first two detections), two processes on 2 GPUs
        # each, a rank with copies but no kernel, kernels out of start
        # order (the scan starts over: no hand-over), bad rows, a negative
        # short name id (no hand-over either)
        def same_both_ways(path, what, *opts):
            fed = nsq.run("ranks", *opts, path)
            read = nsq.run("ranks", *opts, path, env={"NSYSQL_RANKS_FEED": "0"})
            c.eq(fed, read, f"{what}: kernels from the scan == read by each detection")
            return fed
        one = os.path.join(td, "feed-one.sqlite")
        nsq.gen(one, "--no-nvtx", "--devices", 3, "--iterations", 40, "--warmup", 3, "--seed", 7)
        doc = same_both_ways(one, "one process, 3 GPUs")
        c.eq([k["step"]["found"] for k in doc["result"]["ranks"]], [True] * 3,
             "one process, 3 GPUs: every rank's steps found")
        twop = os.path.join(td, "feed-two.sqlite")
        nsq.gen(twop, "--no-nvtx", "--processes", 2, "--devices", 2, "--iterations", 30,
                "--memcpy-per-iter", 1, "--seed", 8)
        same_both_ways(twop, "two processes, 2 GPUs each")
        same_both_ways(twop, "two processes, --detail", "--detail")
        copyonly = os.path.join(td, "feed-copyonly.sqlite")
        shutil.copy(twop, copyonly)
        db = sqlite3.connect(copyonly)
        gp, dev = db.execute("SELECT globalPid, deviceId FROM CUPTI_ACTIVITY_KIND_MEMCPY LIMIT 1").fetchone()
        db.execute("UPDATE CUPTI_ACTIVITY_KIND_MEMCPY SET deviceId = 5 WHERE rowid IN "
                   "(SELECT rowid FROM CUPTI_ACTIVITY_KIND_MEMCPY WHERE globalPid = ? LIMIT 3)", (gp,))
        db.commit()
        db.close()
        doc = same_both_ways(copyonly, "a rank with copies only")
        c.check(any(k["device_id"] == 5 and k["kernels"] == 0 for k in doc["result"]["ranks"]),
                "a rank with copies only: listed with no kernel")
        for what, sql in (
                ("kernels out of start order",
                 "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = start - 5000000, \"end\" = \"end\" - 5000000 "
                 "WHERE rowid = (SELECT max(rowid) FROM CUPTI_ACTIVITY_KIND_KERNEL)"),
                ("a bad kernel row",
                 "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET \"end\" = start - 1 WHERE rowid = 10"),
                ("a negative short name id (as a NULL one reads)",
                 "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET shortName = -1 WHERE rowid = 10")):
            p = os.path.join(td, "feed-edit.sqlite")
            nsq.edited_copy(one, p, sql)
            same_both_ways(p, what)

        # a bad input: an error naming it
        bad = os.path.join(td, "bad.sqlite")
        with open(paths[1], "rb") as f:
            data = f.read()
        with open(bad, "wb") as f:
            f.write(data[:5000])
        doc = nsq.run("ranks", paths[0], bad, expect_rc=3)
        c.check("input 1" in doc["error"]["message"] and bad in doc["error"]["message"],
                f"bad input named: {doc['error']['message']}")
        c.eq([nsq.sha256(p) for p in paths], before, "inputs unchanged")

    # every real fixture with GPU activity: per-rank unions against the raw tables
    n = 0
    for f in nsq.fixtures():
        db = nsq.raw_db(f)
        tabs = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tabs & {"CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"}:
            continue
        if "StringIds" not in tabs:
            continue
        doc = nsq.run("ranks", "--no-steps", f, expect_rc=None)
        if not doc.get("ok"):
            c.eq(doc["error"]["code"], "no_gpu_activity", f"{os.path.basename(f)}: only refused for no GPU activity")
            continue
        check_against_reference(c, os.path.basename(f), doc, [f])
        n += 1
    c.check(n >= 5, f"real fixtures checked: {n}")
    with tempfile.TemporaryDirectory() as td:
        many_ranks(c, td)
    c.done()


if __name__ == "__main__":
    main()
