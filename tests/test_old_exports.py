#!/usr/bin/env python3
"""Exports from nsys releases before 2021.3: no metadata table, no
TARGET_INFO_SYSTEM_ENV, GPUs in TARGET_INFO_CUDA_GPU (keyed by the CUDA
ordinal, deviceId) instead of TARGET_INFO_GPU.

No such real file is at hand, so one is made from a generated export in the
2.9.1 layout by turning it into the old layout (the metadata and session
tables dropped, TARGET_INFO_GPU rewritten as TARGET_INFO_CUDA_GPU with the old
column names). Checks:
- info recognises it: product_version null, version_estimate "before 2021.3",
  version_source naming the evidence, a version_unknown warning saying so;
- the device view maps the old GPU table (names, SM counts, ordinals);
- every analysis reads it, and gives the same numbers as on the file it was
  made from (top-kernels against the test's own SQL; diff of the two: all
  unchanged);
- SQLite files that are not nsys exports are still refused (not_nsys_export):
  StringIds alone, StringIds with one nsys-looking table, an nvprof file.
"""
import os
import shutil
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402


def make_old(src, dst):
    shutil.copyfile(src, dst)
    db = sqlite3.connect(dst)
    for t in ("EXPORT_META_DATA", "META_DATA_EXPORT", "META_DATA_CAPTURE", "TARGET_INFO_SYSTEM_ENV",
              "TARGET_INFO_SESSION_START_TIME", "TARGET_INFO_CUDA_DEVICE"):
        db.execute(f"DROP TABLE IF EXISTS {t}")
    db.execute("""CREATE TABLE TARGET_INFO_CUDA_GPU (
        deviceId INTEGER NOT NULL, name TEXT, numMultiprocessors INTEGER, numThreadsPerWarp INTEGER,
        maxWarpsPerMultiprocessor INTEGER, computeCapabilityMajor INTEGER,
        computeCapabilityMinor INTEGER, coreClockRate INTEGER, maxIPC INTEGER)""")
    db.execute("""INSERT INTO TARGET_INFO_CUDA_GPU
        SELECT cuDevice, name, smCount, threadsPerWarp, maxWarpsPerSm, computeMajor, computeMinor,
               clockRate / 1000, maxIPC FROM TARGET_INFO_GPU""")
    db.execute("DROP TABLE TARGET_INFO_GPU")
    db.commit()
    db.execute("VACUUM")
    db.close()


def refused(c, what, path):
    before = nsq.sha256(path)
    doc = nsq.run("info", path, expect_rc=3)
    c.eq(doc["error"]["code"], "not_nsys_export", f"{what}: refused")
    c.eq(nsq.sha256(path), before, f"{what}: unchanged")


def main():
    c = nsq.Checks()
    with tempfile.TemporaryDirectory() as td:
        new = os.path.join(td, "new.sqlite")
        old = os.path.join(td, "old.sqlite")
        nsq.gen(new, "--flavour", "2.9.1", "--kernels", 1200, "--devices", 2, "--seed", 7)
        make_old(new, old)
        before = nsq.sha256(old)

        doc = nsq.run("info", old)
        ex = doc["result"]["export"]
        c.eq(ex["product_version"], None, "old: no product_version")
        c.eq(ex["version_estimate"], "before 2021.3", "old: version_estimate")
        c.check(ex["version_source"] and "TARGET_INFO_CUDA_GPU" in ex["version_source"],
                f"old: version_source names the evidence: {ex['version_source']!r}")
        c.eq(ex["metadata_table"], None, "old: no metadata table")
        warns = [w for w in doc["warnings"] if w["code"] == "version_unknown"]
        c.check(len(warns) == 1 and "before 2021.3" in warns[0]["message"],
                f"old: version_unknown warning with the estimate: {warns}")
        c.eq(doc["input"]["nsys_version"], None, "old: envelope nsys_version null")

        # the device view over the old GPU table, against the table itself
        raw = nsq.raw_db(old)
        want = [list(r) for r in raw.execute(
            "SELECT deviceId, name, numMultiprocessors, computeCapabilityMajor, computeCapabilityMinor "
            "FROM TARGET_INFO_CUDA_GPU ORDER BY deviceId")]
        d = nsq.run("timeline-sql", "--sql",
                    "SELECT gpu_id, name, sm_count, compute_major, compute_minor, cuda_device "
                    "FROM device ORDER BY gpu_id", old)
        got = [[r["gpu_id"], r["name"], r["sm_count"], r["compute_major"], r["compute_minor"]]
               for r in d["result"]["rows"]]
        c.eq(got, want, "old: device view rows")
        c.check(all(r["cuda_device"] == r["gpu_id"] for r in d["result"]["rows"]),
                "old: device view cuda_device is the ordinal")
        devs = [[d["gpu"], d["name"]] for d in doc["result"]["devices"]]
        c.eq(devs, [w[:2] for w in want], "old: info names each GPU from TARGET_INFO_CUDA_GPU")
        dv = [v for v in doc["result"]["views"] if v["name"] == "device"][0]
        c.eq(dv["rows"], len(want), "old: info device view rows")
        c.eq(dv["missing_source_tables"], 1, "old: device view misses TARGET_INFO_GPU only")
        # the same file in the new layout: the fallback is not a missing source
        dn = [v for v in nsq.run("info", new)["result"]["views"] if v["name"] == "device"][0]
        c.eq(dn["missing_source_tables"], 0, "new: the fallback table is not counted as missing")
        c.eq(dn["rows"], len(want), "new: same GPUs")

        # analyses read it; top-kernels against the test's own SQL
        tk = nsq.run("top-kernels", "--limit", 100, old)
        ref = {r[0]: (r[1], r[2]) for r in raw.execute(
            "SELECT s.value, count(*), sum(k.\"end\" - k.start) FROM CUPTI_ACTIVITY_KIND_KERNEL k "
            "JOIN StringIds s ON s.id = k.shortName GROUP BY 1")}
        got = {}
        for k in tk["result"]["kernels"]:  # one row per (device, name)
            n, t = got.get(k["name"], (0, 0))
            got[k["name"]] = (n + k["instances"], t + k["total_ns"])
        c.eq(got, ref, "old: top-kernels counts and totals")
        tn = nsq.run("top-kernels", "--limit", 100, new)
        c.eq(tk["result"]["kernels"], tn["result"]["kernels"], "old vs new: same top-kernels rows")
        for cmd in ("idle-gaps", "steady-state"):
            a, b = nsq.run(cmd, old), nsq.run(cmd, new)
            c.eq(a["result"], b["result"], f"old vs new: same {cmd} result")
        df = nsq.run("diff", new, old, "--window", "all")
        verdicts = {k.get("verdict") for k in df["result"]["kernels"]}
        c.eq(verdicts, {"unchanged"}, "diff new vs old layout: every kernel unchanged")
        c.eq(nsq.sha256(old), before, "old: input unchanged")

        # still refused: not nsys exports
        p = os.path.join(td, "stringids.sqlite")
        db = sqlite3.connect(p)
        db.execute("CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT)")
        db.execute("CREATE TABLE notes (x)")
        db.commit()
        db.close()
        refused(c, "StringIds alone", p)
        p2 = os.path.join(td, "one-marker.sqlite")
        shutil.copyfile(p, p2)
        db = sqlite3.connect(p2)
        db.execute("CREATE TABLE ThreadNames (nameId INTEGER, priority INTEGER, globalTid INTEGER)")
        db.commit()
        db.close()
        refused(c, "StringIds and one nsys table", p2)
        p3 = os.path.join(td, "nvprof.sqlite")
        db = sqlite3.connect(p3)
        db.execute("CREATE TABLE StringTable (_id_ INTEGER PRIMARY KEY, value TEXT)")
        db.execute("CREATE TABLE CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL (_id_ INTEGER PRIMARY KEY)")
        db.commit()
        db.close()
        refused(c, "nvprof database", p3)
    c.done()


if __name__ == "__main__":
    main()
