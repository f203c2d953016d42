#!/usr/bin/env python3
"""The catalogue of bad inputs (tests/README.md lists every case with its
expected code and exit code), beyond those of test_bad_input.py.

For each case: the expected error code and exit code (or, for inputs that
must be answered, ok with the expected warning), a valid error document
(schemas/error.v1), no crash (no signal, no sanitizer report), no hang (a
subprocess timeout), and the input file byte-identical afterwards.
"""
import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

CASES = []  # (name, expectation) for the summary


# the sanitizers make every step ~20x slower: fewer names there
MANY = 20000 if nsq.asan_build() else 200000
DISTINCT = 20000 if nsq.asan_build() else 100000


def digest(path):
    try:
        if os.path.isfile(path) and os.path.getsize(path) > 1 << 30:
            st = os.stat(path)  # a sparse giant: its size and times, not 4 GiB of hashing
            return (st.st_size, st.st_mtime_ns, st.st_ino)
        if os.path.isfile(path):
            return nsq.sha256(path)
    except OSError:
        pass
    return None


def run(args, timeout=120, env=None):
    e = {**os.environ, "NSYSQL_CACHE": "0"}
    if env:
        e.update(env)
    p = subprocess.run([os.fsencode(nsq.NSYSQL), *[a if isinstance(a, bytes) else str(a).encode() for a in args]],
                       capture_output=True, timeout=timeout, env=e)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def case(c, name, args, rc, codes, path=None, warn=None):
    """An error (rc > 0, codes) or an answer (rc 0, optional warning code)."""
    CASES.append(name)
    if isinstance(codes, str):
        codes = (codes,)
    before = digest(path) if path else None
    try:
        got_rc, out, err = run(args)
    except subprocess.TimeoutExpired:
        c.check(False, f"{name}: hung")
        return None
    c.check(got_rc >= 0 and got_rc < 128 and "Sanitizer" not in err and "runtime error" not in err,
            f"{name}: no crash (rc {got_rc}) {err[-300:]}")
    try:
        doc = json.loads(out.decode("utf-8"))
        nsq.validate(doc)
    except Exception as e:  # noqa: BLE001
        c.check(False, f"{name}: one valid JSON document on stdout ({e}): {out[:200]!r}")
        return None
    c.eq(got_rc, rc, f"{name}: exit code")
    if rc:
        c.check(doc.get("error", {}).get("code") in codes, f"{name}: error code {doc.get('error')} in {codes}")
        c.eq(doc.get("error", {}).get("exit_code"), rc, f"{name}: error.exit_code")
    elif warn:
        c.check(any(w["code"] == warn for w in doc["warnings"]), f"{name}: warning {warn}: {doc['warnings']}")
    if path and before:
        c.eq(digest(path), before, f"{name}: input unchanged")
    return doc


def copy(src, dst, edit=None):
    shutil.copyfile(src, dst)
    if edit:
        db = sqlite3.connect(dst)
        db.executescript(edit)
        db.commit()
        db.close()
    return dst


def patch_bytes(src, dst, offset, data):
    b = bytearray(open(src, "rb").read())
    b[offset:offset + len(data)] = data
    with open(dst, "wb") as f:
        f.write(b)
    return dst


def main():
    c = nsq.Checks()
    with tempfile.TemporaryDirectory() as td:
        base = os.path.join(td, "base.sqlite")
        nsq.gen(base, "--iterations", 6, "--memcpy-per-iter", 1)
        size = os.path.getsize(base)
        data = open(base, "rb").read()

        # truncated at many offsets (header, first page, mid-file, last page)
        for off in (1, 15, 99, 100, 101, 1024, 4095, 4096, 4097, size // 3, size // 2, size - 4096, size - 1):
            p = os.path.join(td, f"trunc-{off}.sqlite")
            with open(p, "wb") as f:
                f.write(data[:off])
            case(c, f"truncated at byte {off}", ["top-kernels", p], 3,
                 ("input_truncated", "not_sqlite", "input_corrupt"), p)
        # the header's page size: invalid (3000), and valid but wrong (1024 for 4096)
        case(c, "header page size 3000 (not a power of two)", ["info", patch_bytes(base, os.path.join(td, "ps.sqlite"), 16, b"\x0b\xb8")],
             3, ("not_sqlite", "input_corrupt", "input_truncated"), os.path.join(td, "ps.sqlite"))
        case(c, "header page size 1024 in a 4096-byte-page file", ["top-kernels", patch_bytes(base, os.path.join(td, "ps2.sqlite"), 16, b"\x04\x00")],
             3, ("not_sqlite", "input_corrupt", "input_truncated"), os.path.join(td, "ps2.sqlite"))
        # a WAL or rollback journal beside the export: a writer is (or was) at work
        w = copy(base, os.path.join(td, "wal.sqlite"))
        with open(w + "-wal", "wb") as f:
            f.write(b"\x37\x7f\x06\x82" + os.urandom(4092))
        case(c, "a -wal file left beside", ["top-kernels", w], 3, "input_in_use", w)
        j = copy(base, os.path.join(td, "journal.sqlite"))
        with open(j + "-journal", "wb") as f:
            f.write(os.urandom(512))
        case(c, "a hot -journal file beside", ["info", j], 3, "input_in_use", j)
        # locked by a writer: an open write transaction (its journal exists)
        lk = copy(base, os.path.join(td, "locked.sqlite"))
        wdb = sqlite3.connect(lk, isolation_level=None)
        wdb.execute("BEGIN EXCLUSIVE")
        wdb.execute("UPDATE StringIds SET value = value WHERE id = 1")
        case(c, "a database locked by a writer mid-transaction", ["top-kernels", lk], 3, "input_in_use")
        wdb.execute("ROLLBACK")
        wdb.close()
        # a file that changes while it is read: the same answer, or a coded refusal
        big = os.path.join(td, "big.sqlite")
        nsq.gen(big, "--kernels", 300000, "--seed", 4)
        ref = json.loads(run(["top-kernels", big])[1])["result"]
        moving = copy(big, os.path.join(td, "moving.sqlite"))

        def scribble():
            time.sleep(0.05)
            with open(moving, "r+b") as f:
                f.seek(os.path.getsize(moving) // 2)
                f.write(os.urandom(65536))

        th = threading.Thread(target=scribble)
        th.start()
        CASES.append("a file that changes while it is read")
        rc, out, err = run(["top-kernels", moving])
        th.join()
        doc = json.loads(out)
        c.check((rc == 0 and doc["result"] == ref) or
                (rc == 3 and doc["error"]["code"] in ("input_changed", "input_corrupt")),
                f"changing file: the same answer or input_changed/input_corrupt (rc {rc}, {doc.get('error')})")
        # special files and paths
        fifo = os.path.join(td, "fifo.sqlite")
        os.mkfifo(fifo)
        case(c, "a FIFO", ["info", fifo], 3, "input_not_regular")
        case(c, "/dev/zero", ["info", "/dev/zero"], 3, "input_not_regular")
        os.symlink("loop-b", os.path.join(td, "loop-a"))
        os.symlink("loop-a", os.path.join(td, "loop-b"))
        case(c, "a symlink loop", ["info", os.path.join(td, "loop-a")], 3, ("input_unreadable", "input_not_found"))
        sparse = os.path.join(td, "sparse.sqlite")
        with open(sparse, "wb") as f:
            f.truncate(4 << 30)
        case(c, "a 4 GiB sparse file of zeros", ["info", sparse], 3, "not_sqlite", sparse)
        case(c, "an empty path", ["info", ""], 3, ("input_not_found", "input_unreadable"))
        case(c, "a 5000-byte path", ["info", "x" * 5000], 3, ("input_not_found", "input_unreadable"))
        nl = copy(base, os.path.join(td, "new\nline.sqlite"))
        d = case(c, "a path with a newline (a good export)", ["info", "--no-counts", nl], 0, None, nl)
        if d:
            c.eq(d["input"]["path"], nl, "newline path echoed exactly")
        bad = os.path.join(os.fsencode(td), b"bad\xff\xfename.sqlite")
        shutil.copyfile(base, bad)
        d = case(c, "a non-UTF-8 path (a good export)", ["info", "--no-counts", bad], 0, None)
        if d:
            c.check("\ufffd" in d["input"]["path"], "non-UTF-8 path: valid UTF-8 in the document")
        # exports that are not what they claim
        case(c, "an export schema newer than any known (9.1.0)", ["top-kernels", copy(base, os.path.join(td, "s9.sqlite"),
             "UPDATE META_DATA_EXPORT SET value = '9.1.0' WHERE name = 'EXPORT_SCHEMA_VERSION';")],
             0, None, warn="export_schema_newer")
        wc = copy(base, os.path.join(td, "wrongcols.sqlite"),
                  "DROP TABLE CUPTI_ACTIVITY_KIND_KERNEL; CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (a INTEGER, b TEXT);"
                  "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (1, 'x');")
        case(c, "the kernel table with the right name and wrong columns", ["top-kernels", wc], 3, "missing_columns", wc)
        case(c, "... and idle-gaps on it", ["idle-gaps", wc], 3, "missing_columns", wc)
        mw = copy(base, os.path.join(td, "memwrong.sqlite"),
                  "CREATE TABLE CUDA_GPU_MEMORY_USAGE_EVENTS (start INTEGER, globalPid INTEGER, deviceId INTEGER);"
                  "INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS VALUES (1, 2, 0);")
        case(c, "memory events without their address and size columns", ["memory", mw], 3, "missing_columns", mw)
        mr = copy(base, os.path.join(td, "memnorowid.sqlite"),
                  "CREATE TABLE CUDA_GPU_MEMORY_USAGE_EVENTS (start INTEGER, globalPid INTEGER, deviceId INTEGER,"
                  " address INTEGER, bytes INTEGER, memKind INTEGER, memoryOperationType INTEGER, name TEXT,"
                  " correlationId INTEGER, PRIMARY KEY (start, address)) WITHOUT ROWID;"
                  "INSERT INTO CUDA_GPU_MEMORY_USAGE_EVENTS VALUES (1, 16777216, 0, 4096, 10, 2, 0, NULL, 1);")
        case(c, "memory events in a WITHOUT ROWID table", ["memory", mr], 3, "missing_columns", mr)
        gw = copy(base, os.path.join(td, "gmwrong.sqlite"),
                  "CREATE TABLE TARGET_INFO_GPU_METRICS (typeId INTEGER, sourceId INTEGER, typeName TEXT,"
                  " metricId INTEGER, metricName TEXT);"
                  "INSERT INTO TARGET_INFO_GPU_METRICS VALUES (65536, 0, 'GPU', 1, 'SMs Active');"
                  "CREATE TABLE GPU_METRICS (timestamp INTEGER, typeId INTEGER, metric INTEGER, value INTEGER);"
                  "INSERT INTO GPU_METRICS VALUES (1, 65536, 1, 50);")
        case(c, "GPU_METRICS without metricId", ["gpu-metrics", gw], 3, "missing_columns", gw)
        wt = copy(base, os.path.join(td, "wrongtype.sqlite"),
                  "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = 'abc' WHERE rowid % 3 = 0;")
        d = case(c, "text in an integer time column", ["top-kernels", "--limit", 0, wt], 0, None, wt, warn="bad_rows")
        if d:
            n_bad = nsq.raw_db(wt).execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE typeof(start) <> 'integer'").fetchone()[0]
            n_all = nsq.raw_db(wt).execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0]
            c.eq(d["result"]["totals"]["instances"], n_all - n_bad, "text times: those rows left out, never read as 0")
        rl = copy(base, os.path.join(td, "real.sqlite"),
                  "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET \"end\" = \"end\" + 0.5 WHERE rowid % 5 = 0;")
        case(c, "REAL values in an integer time column", ["top-kernels", rl], 0, None, rl, warn="bad_rows")
        nn = copy(base, os.path.join(td, "nulls.sqlite"))
        db = sqlite3.connect(nn)
        db.execute("PRAGMA writable_schema = ON")
        db.execute("UPDATE sqlite_master SET sql = replace(sql, 'NOT NULL', '') WHERE name = 'CUPTI_ACTIVITY_KIND_KERNEL'")
        db.commit()
        db.close()
        db = sqlite3.connect(nn)
        db.execute('UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET "end" = NULL WHERE rowid % 4 = 0')
        db.commit()
        db.close()
        for cmd in ("top-kernels", "idle-gaps", "steady-state"):
            case(c, f"NULLs in NOT NULL columns ({cmd})", [cmd, nn], 0, None, nn,
                 warn="bad_rows" if cmd != "steady-state" else None)
        es = copy(base, os.path.join(td, "endstart.sqlite"),
                  'UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET "end" = start - 1000 WHERE rowid % 7 = 0;')
        case(c, "end < start", ["top-kernels", es], 0, None, es, warn="bad_rows")
        lim = copy(base, os.path.join(td, "limits.sqlite"),
                   'UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = -9223372036854775808, "end" = 9223372036854775807 WHERE rowid = 1;'
                   'UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = 9223372036854775000, "end" = 9223372036854775807 WHERE rowid = 2;')
        for cmd in ("top-kernels", "idle-gaps", "steady-state", "info"):
            case(c, f"start and end at the INT64 limits ({cmd})", [cmd, lim], 0, None, lim)
        d = case(c, "... and diff against it", ["diff", base, lim], 0, None, lim)
        lm = copy(base, os.path.join(td, "longname.sqlite"))
        db = sqlite3.connect(lm)
        sid = db.execute("SELECT shortName FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 1").fetchone()[0]
        db.execute("UPDATE StringIds SET value = ? WHERE id = ?", ("k" * (1 << 20), sid))
        db.commit()
        db.close()
        d = case(c, "a 1 MB kernel name", ["top-kernels", lm], 0, None, lm)
        if d:
            c.check(any(len(k["name"] or "") == 1 << 20 for k in d["result"]["kernels"]), "1 MB name kept whole")
        # ... printed for people: capped (NSQ_TEXT_CAP, 4096 bytes and an ellipsis) in the
        # tables and the report, whole once in the report's nsysql-names block
        cap, ell = 4096, "\u2026".encode()
        for cmd, args in (("top-kernels", ["top-kernels", lm]), ("idle-gaps", ["idle-gaps", lm]),
                          ("diff", ["diff", base, lm, "--window", "all"])):
            for fmt in ("table", "md"):
                CASES.append(f"a 1 MB kernel name in {cmd} --format {fmt}")
                rc, out, err = run(args + ["--format", fmt])
                c.eq(rc, 0, f"1 MB name, {cmd} {fmt}: exit 0 ({err[-200:]})")
                if cmd == "diff":  # a replaced row: "OLD -> NEW" in one cell, cut at 67 bytes in a table
                    c.check(b" -> " + b"k" * (20 if fmt == "table" else 4000) in out and b"k" * (cap + 1) not in out
                            and (b"..." if fmt == "table" else ell) in out,
                            f"1 MB name, {cmd} {fmt}: the cell cut at {67 if fmt == 'table' else cap} bytes")
                else:
                    c.check(b"k" * cap in out and b"k" * (cap + 1) not in out and ell in out,
                            f"1 MB name, {cmd} {fmt}: the name cut at {cap} bytes with an ellipsis")
                c.check(len(out) < 256 * 1024, f"1 MB name, {cmd} {fmt}: {len(out)} bytes printed")
        html = os.path.join(td, "longname.html")
        d = case(c, "a 1 MB kernel name in the report", ["report", lm, "-o", html], 0, None, lm)
        if d:
            text = open(html, encoding="utf-8").read()
            c.check(len(text.encode()) < 10 * os.path.getsize(lm) + (2 << 20),
                    f"1 MB name: report of {len(text.encode())} bytes from a {os.path.getsize(lm)}-byte export")
            m = re.search(r'<script type="application/json" id="nsysql-names">(.*?)</script>', text, re.S)
            names = json.loads(m.group(1)) if m else None
            c.eq(names, ["k" * (1 << 20)], "1 MB name: held whole once, in the nsysql-names block")
            rest = text[:m.start()] + text[m.end():] if m else text
            c.check("k" * (cap + 1) not in rest, "1 MB name: no other copy longer than the cap")
            m = re.search(r'<script type="application/json" id="nsysql-top-kernels">(.*?)</script>', text, re.S)
            top = json.loads(m.group(1)) if m else {"kernels": []}
            c.check(any(k["name"] == "k" * cap + "\u2026 [nsysql-names #0]" for k in top["kernels"]),
                    "1 MB name: the embedded document refers to it by its index")
        # control characters and '|' in a name: escaped in diff's own table and md
        ctl = copy(base, os.path.join(td, "ctlname.sqlite"))
        db = sqlite3.connect(ctl)
        db.execute("UPDATE StringIds SET value = ? WHERE id = ?", ("evil\x1b[31m|red\nrow\u009b2J", sid))
        db.commit()
        db.close()
        for fmt in ("table", "md"):
            CASES.append(f"control characters in a kernel name: diff --format {fmt}")
            rc, out, err = run(["diff", base, ctl, "--window", "all", "--format", fmt])
            c.eq(rc, 0, f"control name, diff {fmt}: exit 0 ({err[-200:]})")
            c.check(b"\x1b" not in out and "\u009b".encode() not in out and b"red\nrow" not in out,
                    f"control name, diff {fmt}: no raw control character printed")
            want = b"evil\\x1b[31m" + (b"\\|" if fmt == "md" else b"|") + b"red\\nrow\\u009b2J"
            c.check(want in out, f"control name, diff {fmt}: escaped as {want!r}")
        # ... and in steady-state's method line (the NVTX range that makes the iterations)
        itx = os.path.join(td, "itername.sqlite")
        nsq.gen(itx, "--iterations", 12, "--iteration-range", "iter\x1b[2J|x")
        for fmt in ("table", "md"):
            CASES.append(f"control characters in the iteration range: steady-state --format {fmt}")
            rc, out, err = run(["steady-state", itx, "--format", fmt])
            want = b"iter\\x1b[2J" + (b"\\|" if fmt == "md" else b"|") + b"x"
            c.check(rc == 0 and b"\x1b" not in out and want in out,
                    f"control range name, steady-state {fmt}: escaped as {want!r} (rc {rc}): {out[:300]!r}")
        many = os.path.join(td, "many.sqlite")
        nsq.gen(many, "--kernels", MANY, "--seed", 9)
        db = sqlite3.connect(many)
        top = db.execute("SELECT max(id) FROM StringIds").fetchone()[0]
        db.execute("INSERT INTO StringIds (id, value) SELECT rowid + ?, 'kernel_' || rowid FROM CUPTI_ACTIVITY_KIND_KERNEL", (top,))
        db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET shortName = rowid + ?, demangledName = rowid + ?", (top, top))
        db.commit()
        db.close()
        d = case(c, f"{MANY:,} distinct kernel names", ["top-kernels", "--limit", 5, many], 0, None, many)
        if d:
            c.eq(d["result"]["totals"]["names"], MANY, f"{MANY:,} names counted")
        case(c, "... and diff of two such exports", ["diff", many, many, "--window", "all", "--limit", 5], 0, None, many)
        # distinct names through every command that groups by name: each
        # answers (a linear search per name took 94 s at 200,000 names in api,
        # stats and report); bench/perf/names.py measures the scaling
        dn = os.path.join(td, "distinct.sqlite")
        nsq.gen(dn, "--kernels", DISTINCT, "--distinct-names", DISTINCT, "--seed", 3)
        for cmd in ("info", "nvtx", "idle-gaps", "steady-state"):
            case(c, f"{DISTINCT:,} generated distinct names ({cmd})", [cmd, dn], 0, None, dn)
        d = case(c, f"{DISTINCT:,} generated distinct names (top-kernels)", ["top-kernels", "--limit", 5, dn], 0, None, dn)
        if d:
            c.eq(d["result"]["totals"]["names"], DISTINCT, "top-kernels: every name counted")
        d = case(c, f"{DISTINCT:,} generated distinct names (api)", ["api", "--limit", 0, dn], 0, None, dn)
        if d:
            lat = d["result"]["launch_latency"]
            c.eq((len(lat), {r["count"] for r in lat}), (DISTINCT, {1}), "api: one latency row a name, one launch each")
        d = case(c, f"{DISTINCT:,} generated distinct names (stats)", ["stats", dn], 0, None, dn)
        if d:
            c.eq(d["result"]["reports"]["kernels"]["totals"]["names"], DISTINCT, "stats: every name counted")
        case(c, f"{DISTINCT:,} generated distinct names (report)", ["report", dn, "-o", os.path.join(td, "dn.html")], 0, None, dn)
        d = case(c, f"{DISTINCT:,} generated distinct names (diff)", ["diff", dn, dn, "--limit", 5], 0, None, dn)
        if d:
            c.eq((d["result"]["counts"]["kernels"], d["result"]["counts"]["unchanged"]), (DISTINCT, DISTINCT),
                 "diff: every name matched, unchanged")
        nolaunch = copy(base, os.path.join(td, "wr.sqlite"),
                        "CREATE TABLE X AS SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL; DROP TABLE CUPTI_ACTIVITY_KIND_KERNEL;"
                        "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, \"end\" INTEGER NOT NULL, "
                        "deviceId INTEGER, streamId INTEGER, correlationId INTEGER, globalPid INTEGER, shortName INTEGER, "
                        "PRIMARY KEY (start, correlationId)) WITHOUT ROWID;"
                        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL SELECT start, \"end\", deviceId, streamId, correlationId, "
                        "globalPid, shortName FROM X; DROP TABLE X;")
        d = case(c, "a WITHOUT ROWID kernel table", ["top-kernels", "--limit", 0, nolaunch], 0, None, nolaunch)
        if d:
            c.eq(d["result"]["totals"]["instances"],
                 nsq.raw_db(base).execute('SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE "end" >= start').fetchone()[0],
                 "WITHOUT ROWID: every kernel read")
        # inputs of diff and ranks
        case(c, "diff with a missing patch", ["diff", base, os.path.join(td, "nope.sqlite")], 3, "input_not_found")
        case(c, "diff with a truncated baseline", ["diff", os.path.join(td, f"trunc-{size // 2}.sqlite"), base], 3,
             ("input_truncated", "input_corrupt"))
        case(c, "ranks with a directory", ["ranks", base, td], 3, ("input_is_directory", "input_ambiguous"))
        # SQL: injection through --param, bombs
        case(c, "--param with SQL in its value is bound, not run", ["timeline-sql", base, "--sql",
             "SELECT count(*) AS n FROM kernel WHERE short_name = :n", "--param", "n=x' OR '1'='1"], 0, None, base)
        case(c, "--param name with SQL", ["timeline-sql", base, "--sql", "SELECT :n AS n", "--param", "n;DROP TABLE x=1"], 2,
             ("bad_param", "unknown_param", "missing_param"), base)
        case(c, "a recursive CTE bomb", ["timeline-sql", base, "--timeout-ms", 500, "--sql",
             "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT max(x) FROM r"], 4, "query_timeout", base)
        case(c, "a cartesian join", ["timeline-sql", big, "--timeout-ms", 500, "--sql",
             "SELECT count(*) FROM kernel a, kernel b, kernel c"], 4, "query_timeout", big)
        case(c, "a blob the size of memory", ["timeline-sql", base, "--max-memory-mb", 64, "--sql",
             "SELECT length(randomblob(500000000)) AS n"], 4, ("memory_limit", "query_resource_limit"), base)
        # output that cannot be written (disk full)
        case(c, "export-trace to a full disk (/dev/full)", ["export-trace", base, "-o", "/dev/full"], 2, "trace_unwritable", base)
        CASES.append("stdout on a full disk")
        p = subprocess.run([nsq.NSYSQL, "info", base], stdout=open("/dev/full", "wb"), stderr=subprocess.PIPE,
                           env={**os.environ, "NSYSQL_CACHE": "0"})
        c.check(p.returncode == 70 and b"cannot write output" in p.stderr,
                f"stdout on a full disk: exit 70 with a message ({p.returncode}, {p.stderr[-200:]!r})")
        print(f"{len(CASES)} cases:")
        for n in CASES:
            print("  -", n.replace("\n", "\\n"))
    c.check(len(CASES) >= 40, f"the catalogue holds {len(CASES)} cases")
    c.done()


if __name__ == "__main__":
    main()
