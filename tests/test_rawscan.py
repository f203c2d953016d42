#!/usr/bin/env python3
"""Reading integer columns straight from the pages (rawscan.h) changes no document.

nsq_parscan reads the kernel, memcpy, memset, nvtx and api views from the
export file's pages unless NSYSQL_RAWSCAN=0 sends every row through SQLite.
The promise: for any input, the same bytes on stdout and the same exit code
either way. Checked here on every real fixture and on synthetic exports
(nsysql-gen: several devices/processes/streams, planted gaps, profiler
overhead, zero-length and bad rows, no API rows), with one connection
(NSYSQL_THREADS=1) and with forced parallel reading (2 workers, tiny chunks),
for top-kernels, idle-gaps (lean, --limit 0, --per-stream), steady-state (auto
and every --method) and diff. Then exports the generator cannot make: an API
table with eventClass 0/1/2/NULL/1.0/'1', REAL and TEXT values in integer
columns, a column added by ALTER TABLE after rows exist (NULL and DEFAULT 7),
512- and 65536-byte pages, a column literally named "rowid", a rowid range of
10^15 (a hang is a failure); and damaged copies (seeded byte changes in the
pages of the tables read, of a synthetic export and of real fixtures; an
interior page whose cell count is zeroed). On a damaged copy THE RULE holds:
every run -- reader on and off, one connection and parallel -- prints exactly
the document of one sequential read through SQLite (NSYSQL_RAWSCAN=0
NSYSQL_THREADS=1), or an input_corrupt error document (exit 3); never
another answer.

The reference is NSYSQL_RAWSCAN=0, itself checked against raw SQL and the
oracles by the other test files.
"""
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()

SERIAL = {"NSYSQL_THREADS": "1"}
PARALLEL = {"NSYSQL_THREADS": "2", "NSYSQL_PARSCAN_MIN_ROWS": "1", "NSYSQL_PARSCAN_CHUNK": "3"}
TIMEOUT = 60


def run(args, env, timeout=TIMEOUT):
    e = dict(os.environ)
    e.update(env)
    try:
        p = subprocess.run([nsq.NSYSQL, *map(str, args)], capture_output=True, env=e, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang", b""
    # (a sanitizer build reports on stderr: a failure whatever the exit code)
    for bad in (b"AddressSanitizer", b"runtime error:", b"LeakSanitizer"):
        c.check(bad not in p.stderr, f"nsysql {' '.join(map(str, args))}: {bad.decode()} report: "
                f"{p.stderr[-1500:]!r}")
    return p.returncode, p.stdout


def same(args, label, modes=(SERIAL, PARALLEL), want_rc=(0, 1, 3), timeout=TIMEOUT, damaged=False):
    for mode in modes:
        tag = f"{label} [{'1 connection' if mode is SERIAL else 'parallel, chunk 3'}]"
        want = run(args, {**mode, "NSYSQL_RAWSCAN": "0"}, timeout)
        got = run(args, {**mode, "NSYSQL_RAWSCAN": "1"}, timeout)
        c.check(want[0] in want_rc, f"{tag}: reference (reader off) exits {want_rc}, got {want[0]}: "
                f"{want[1][:300]!r}")
        if damaged:
            # on a damaged file: the document of one sequential SQLite read,
            # or input_corrupt -- whoever reads, however many connections
            ref = run(args, {**SERIAL, "NSYSQL_RAWSCAN": "0"}, timeout)
            for who, doc in (("page reader", got), ("reader off", want)):
                c.check(doc[0] in want_rc and doc[1].startswith(b'{"schema":'),
                        f"{tag}: {who} exits {want_rc} with a document, got {doc[0]}")
                c.check(doc == ref or is_corrupt(doc),
                        f"{tag}: {who} prints neither what one SQLite read gives nor "
                        f"input_corrupt\n  SQLite: {ref[1][:300]!r}\n  {who}: {doc[1][:300]!r}")
            if got != want:
                DIFFERS.append(tag)
            continue
        c.eq(got[0], want[0], f"{tag}: exit code with the page reader")
        c.check(got[1] == want[1], f"{tag}: document identical with the page reader"
                + ("" if got[1] == want[1] else f"\n  reader off: {want[1][:400]!r}\n  reader on:  {got[1][:400]!r}"))


DIFFERS = []  # damaged-file runs whose documents differ (reported)


def is_corrupt(doc):
    """An input_corrupt error document with exit 3."""
    if doc[0] != 3:
        return False
    try:
        d = nsq.json.loads(doc[1])
    except ValueError:
        return False
    return d.get("ok") is False and d["error"]["code"] == "input_corrupt" and d["error"]["exit_code"] == 3

COMMANDS = [
    ["top-kernels"],
    ["top-kernels", "--per-device", "--by", "demangled", "--limit", "3"],
    ["idle-gaps"],
    ["idle-gaps", "--limit", "0"],
    ["idle-gaps", "--per-stream", "--min-gap", "1000"],
    ["idle-gaps", "--per-stream", "--limit", "0"],
    ["steady-state"],
    ["steady-state", "--method", "nvtx"],
    ["steady-state", "--method", "kernel_period"],
    ["steady-state", "--method", "time_bins", "--iterations"],
]


# Under the sanitizers (several times slower) each export runs each command in
# one of the two modes instead of both, the mode alternating along the commands
# and starting one further at every export: each command still runs in both modes
# across the exports, and the normal build runs every pairing. The damaged copies
# are fewer too (8 and 6 per base, not 24 and 16, from the same seeds).
THIN = nsq.asan_build()
CLI_DAMAGED = int(os.environ.get("NSYSQL_RAWTEST_CLI_DAMAGED", "8" if THIN else "24"))
REAL_DAMAGED = int(os.environ.get("NSYSQL_RAWTEST_REAL_DAMAGED", "6" if THIN else "16"))
_exports_seen = [0]


def modes_at(k, modes):
    """The modes the k-th run of a sequence reads in: all of them, or under the
    sanitizers the one whose turn it is."""
    return (modes[k % len(modes)],) if THIN else modes


def all_commands(path, label, modes=(SERIAL, PARALLEL), want_rc=(0, 1, 3)):
    first = _exports_seen[0]
    _exports_seen[0] += 1
    for j, cmd in enumerate(COMMANDS):
        same([cmd[0], path, *cmd[1:]], f"{label}: {' '.join(cmd)}", modes_at(first + j, modes), want_rc)


fixtures = nsq.fixtures()
for f in fixtures:
    name = os.path.basename(f)
    all_commands(f, name)
    same(["diff", f, f], f"{name}: diff against itself", modes_at(_exports_seen[0], (SERIAL, PARALLEL)))

# ---- exports the generator cannot make -------------------------------------

SCHEMA = """
CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE META_DATA_EXPORT (name TEXT NOT NULL, value TEXT);
INSERT INTO META_DATA_EXPORT VALUES ('EXPORT_PRODUCT_VERSION', '2026.2.1.210'),
  ('EXPORT_SCHEMA_VERSION', '3.25.0');
CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL,
  deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, streamId INTEGER NOT NULL,
  correlationId INTEGER, globalPid INTEGER, demangledName INTEGER NOT NULL,
  shortName INTEGER NOT NULL, mangledName INTEGER, gridX INTEGER, blockX INTEGER {extra_kernel});
CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (start INTEGER NOT NULL, end INTEGER NOT NULL,
  deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, streamId INTEGER NOT NULL,
  correlationId INTEGER, globalPid INTEGER, bytes INTEGER NOT NULL, copyKind INTEGER NOT NULL);
CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL,
  eventClass {ec_type}, globalTid INTEGER, correlationId INTEGER, nameId INTEGER NOT NULL,
  returnValue INTEGER NOT NULL, callchainId INTEGER);
CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL,
  rangeId INTEGER, category INTEGER, color INTEGER, text TEXT, globalTid INTEGER,
  endGlobalTid INTEGER, textId INTEGER, domainId INTEGER);
"""
PID = 4242
GPID = (1 << 48) | (PID << 24)


def make(path, n=400, page_size=None, ec_type="INTEGER NOT NULL", odd_values=False,
         alter=None, rowid_col=False, rowid=lambda i: i + 1):
    """A small export: per iteration i, a launch API call, a kernel on stream 7
    or 13 and an NVTX range; every 10th iteration a memcpy."""
    if os.path.exists(path):
        os.unlink(path)
    db = sqlite3.connect(path)
    if page_size:
        db.execute(f"PRAGMA page_size = {page_size}")
    extra = ', "rowid" INTEGER' if rowid_col else ""
    db.executescript(SCHEMA.format(extra_kernel=extra, ec_type=ec_type))
    db.executemany("INSERT INTO StringIds VALUES (?, ?)",
                   [(1, "cudaLaunchKernel_v7000"), (2, "gemm_kernel"), (3, "relu_kernel"),
                    (4, "iteration"), (5, "cudaMemcpyAsync_v3020")])
    t = 1_000_000
    rows_k, rows_r, rows_n, rows_m = [], [], [], []
    for i in range(n):
        dur = 40_000 + (i % 7) * 1000
        ec = [0, 1, 2, None, 1.0, "1", 0, 1][i % 8] if odd_values else i % 2
        rows_r.append((rowid(i), t, t + 3000, ec, GPID | PID, i + 1, 1, 0, None))
        start = t + 5000 + (i % 5 == 0) * 200_000
        k = [rowid(i), start, start + dur, 0, 1, 7 if i % 3 else 13, i + 1, GPID, 2 + i % 2, 2 + i % 2, None,
             i % 64 + 1, 128]
        if odd_values and i % 37 == 5:
            k[11] = 5.7  # REAL in an integer column
        if odd_values and i % 41 == 7:
            k[12] = "abc"  # TEXT in an integer column
        if rowid_col:
            k.append(10 * n - i)
        rows_k.append(tuple(k))
        rows_n.append((rowid(i), t, start + dur, 59, None, None, None, "iteration", GPID | PID, GPID | PID, None, 0))
        if i % 10 == 0:
            rows_m.append((rowid(i), start + dur + 1000, start + dur + 9000, 0, 1, 7, None, GPID, 1 << 20, 1))
        t = start + dur + 20_000
    kcols = "rowid, start, end, deviceId, contextId, streamId, correlationId, globalPid, demangledName, " \
            "shortName, mangledName, gridX, blockX" + (', "rowid"' if rowid_col else "")
    if rowid_col:  # "rowid" is the column: the real rowid is left to SQLite
        kcols = kcols.replace("rowid, start", "start", 1)
        rows_k = [r[1:] for r in rows_k]
    half = len(rows_k) // 2 if alter else len(rows_k)
    ph = ", ".join("?" * len(rows_k[0]))
    db.executemany(f"INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL({kcols}) VALUES ({ph})", rows_k[:half])
    if alter:
        db.execute(f"ALTER TABLE CUPTI_ACTIVITY_KIND_KERNEL ADD COLUMN graphNodeId INTEGER {alter}")
        db.executemany(f"INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL({kcols}, graphNodeId) VALUES ({ph}, 3)",
                       rows_k[half:])
    db.executemany("INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME(rowid, start, end, eventClass, globalTid, "
                   "correlationId, nameId, returnValue, callchainId) VALUES (?,?,?,?,?,?,?,?,?)", rows_r)
    db.executemany("INSERT INTO NVTX_EVENTS(rowid, start, end, eventType, rangeId, category, color, text, "
                   "globalTid, endGlobalTid, textId, domainId) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", rows_n)
    db.executemany("INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY(rowid, start, end, deviceId, contextId, streamId, "
                   "correlationId, globalPid, bytes, copyKind) VALUES (?,?,?,?,?,?,?,?,?,?)", rows_m)
    db.commit()
    db.close()
    return path


def table_pages(path, tables):
    db = nsq.raw_db(path)
    try:
        return [r[0] for r in db.execute(
            f"SELECT pageno FROM dbstat WHERE name IN ({','.join('?' * len(tables))})", tables)]
    except sqlite3.Error:
        return []
    finally:
        db.close()


with tempfile.TemporaryDirectory() as tmp:
    # the generator's exports, as test_parallel makes them
    synth = {
        "multi": ["--processes", "2", "--devices", "2", "--streams", "3", "--iterations", "60",
                  "--memcpy-per-iter", "2", "--memset-per-iter", "1", "--overlap", "--seed", "7"],
        "gaps": ["--iterations", "80", "--gap", "10:500000:host_launch", "--gap", "30:2000000:sync",
                 "--gap", "50:700000:dependency", "--profiler-overhead", "60:900000",
                 "--zero-length", "5", "--bad-rows", "3", "--warmup", "8", "--seed", "11"],
        "noapi": ["--iterations", "40", "--no-api", "--no-nvtx", "--warmup", "5", "--seed", "13"],
        "old": ["--flavour", "2.9.1", "--iterations", "50", "--memcpy-per-iter", "1", "--seed", "17"],
    }
    paths = {}
    for key, args in synth.items():
        paths[key] = os.path.join(tmp, key + ".sqlite")
        nsq.gen(paths[key], *args)
        all_commands(paths[key], f"synthetic {key}")
    same(["diff", paths["gaps"], paths["noapi"]], "synthetic: diff of two exports")
    same(["diff", "--baseline", paths["gaps"], paths["noapi"], "--patch", paths["multi"], paths["gaps"]],
         "synthetic: diff of two captures a side")

    # hand-made exports
    made = {
        "odd-values": dict(odd_values=True, ec_type=""),  # eventClass without affinity: 1.0 and '1' stay
        "odd-values-integer": dict(odd_values=True, ec_type="INTEGER"),
        "alter-null": dict(alter=""),
        "alter-default7": dict(alter="DEFAULT 7"),
        "pages-512": dict(page_size=512, n=1500),
        "pages-65536": dict(page_size=65536),
        "negative-rowids": dict(rowid=lambda i: i - 200),
        "sparse-rowids": dict(rowid=lambda i: 3 * i + 100),
        "rowid-column": dict(rowid_col=True),
    }
    for key, kw in made.items():
        p = make(os.path.join(tmp, key + ".sqlite"), **kw)
        all_commands(p, f"made {key}")
    # a rowid range of 10^15 (the last rows far away): a chunked read must not
    # walk 10^15 / chunk empty chunks
    p = make(os.path.join(tmp, "huge-gap.sqlite"), n=60, rowid=lambda i: i + 1 if i < 58 else 10**15 + i)
    for cmd in (["top-kernels"], ["idle-gaps"]):
        same([cmd[0], p, *cmd[1:]], f"made huge-rowid-gap: {' '.join(cmd)}", (SERIAL,), timeout=10)

    # damaged copies: the same document (an error document included) either way
    base = make(os.path.join(tmp, "damage-base.sqlite"), n=600, page_size=1024)
    size = os.path.getsize(base)
    pages = table_pages(base, ["CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME",
                               "NVTX_EVENTS", "CUPTI_ACTIVITY_KIND_MEMCPY"]) or list(range(2, size // 1024 + 1))
    rng = random.Random(20261121)
    bad = os.path.join(tmp, "damaged.sqlite")
    for k in range(CLI_DAMAGED):
        data = bytearray(open(base, "rb").read())
        what = []
        for _ in range(rng.randint(1, 3)):
            pg = rng.choice(pages)
            off = (pg - 1) * 1024 + rng.randrange(1024)
            n = rng.randint(1, 8)
            for j in range(n):
                if off + j < len(data):
                    data[off + j] = rng.randrange(256)
            what.append(f"page {pg}: {n} bytes at {off % 1024}")
        open(bad, "wb").write(data)
        for cmd in (["top-kernels"], ["idle-gaps", "--limit", "0"], ["steady-state"]):
            same([cmd[0], bad, *cmd[1:]], f"damaged copy {k} ({'; '.join(what)}): {' '.join(cmd)}",
                 want_rc=(0, 1, 3), damaged=True)
    # damaged copies of real exports (a 2-GPU capture of 2026, a 2022 one with
    # 8190 kernels): a few random bytes in the pages of the tables read, or
    # anywhere in the file; both the one-connection and the parallel read
    real = [os.path.join(nsq.FIXTURES, "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite"),
            os.path.join(nsq.FIXTURES, "..", "nsys-pairs", "rodinia-gaussian-report2-2022.4.sqlite")]
    rng = random.Random(20261124)
    for src in (r for r in real if os.path.exists(r)):
        data0 = open(src, "rb").read()
        psz = int.from_bytes(data0[16:18], "big")
        psz = 65536 if psz == 1 else psz
        pages = table_pages(src, ["CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME"])
        for k in range(REAL_DAMAGED):
            data = bytearray(data0)
            what = []
            anywhere = k % 3 == 2 or not pages
            for _ in range(rng.randint(2, 8)):
                pg = rng.randrange(1, len(data) // psz + 1) if anywhere else rng.choice(pages)
                off = (pg - 1) * psz + rng.randrange(psz)
                data[off] = rng.randrange(256)
                what.append(f"page {pg} byte {off % psz}")
            open(bad, "wb").write(data)
            same(["top-kernels", bad], f"damaged {os.path.basename(src)} copy {k} "
                 f"({', '.join(what)}): top-kernels", want_rc=(0, 1, 3), damaged=True)
    # an interior page of the kernel table with its cell count set to 0: SQLite
    # says input_corrupt, and so must the page reader's run
    deep = make(os.path.join(tmp, "deep.sqlite"), n=3000, page_size=512)
    db = nsq.raw_db(deep)
    try:
        inner = [r[0] for r in db.execute("SELECT pageno FROM dbstat WHERE name = "
                                          "'CUPTI_ACTIVITY_KIND_KERNEL' AND pagetype = 'internal' "
                                          "AND length(path) = 5 ORDER BY path")]
    except sqlite3.Error:
        inner = []
    db.close()
    if len(inner) >= 3:
        shutil.copy(deep, bad)
        with open(bad, "r+b") as fh:
            fh.seek((inner[len(inner) // 2] - 1) * 512 + 3)
            fh.write(b"\0\0")
        for cmd in (["top-kernels"], ["idle-gaps", "--limit", "0"]):
            for mode in (SERIAL, PARALLEL):
                for raw in ("0", "1"):
                    got = run([cmd[0], bad, *cmd[1:]], {**mode, "NSYSQL_RAWSCAN": raw})
                    c.check(is_corrupt(got), f"interior page without cells: {' '.join(cmd)} "
                            f"[reader {'on' if raw == '1' else 'off'}, threads "
                            f"{mode['NSYSQL_THREADS']}]: input_corrupt, got {got[0]} {got[1][:200]!r}")
    else:
        print("note: no dbstat or too shallow a tree; interior-page case skipped")

    # tables read as stored (no view: parscan table requests): GPU_METRICS and
    # the memory-usage events, intact and damaged; and gpu-util, which keeps
    # the GPU ops of its first read
    pm = os.path.join(tmp, "profile.sqlite")
    nsq.gen(pm, "--iterations", "400", "--devices", "2", "--gpu-metrics", "2000:0.2:2",
            "--mem-events", "3:4096:7", "--seed", "23")
    for cmd in (["memory"], ["memory", "--limit", "0", "--device", "1"], ["gpu-metrics"],
                ["gpu-metrics", "--window", "steady"], ["gpu-util"], ["gpu-util", "--bins", "7"]):
        same([cmd[0], pm, *cmd[1:]], f"metrics and memory events: {' '.join(cmd)}")
    data0 = open(pm, "rb").read()
    psz = int.from_bytes(data0[16:18], "big")
    psz = 65536 if psz == 1 else psz
    pages = table_pages(pm, ["GPU_METRICS", "CUDA_GPU_MEMORY_USAGE_EVENTS"])
    rng = random.Random(20261125)
    for k in range(CLI_DAMAGED // 2 if pages else 0):
        data = bytearray(data0)
        what = []
        for _ in range(rng.randint(1, 4)):
            pg = rng.choice(pages)
            off = (pg - 1) * psz + rng.randrange(psz)
            data[off] = rng.randrange(256)
            what.append(f"page {pg} byte {off % psz}")
        open(bad, "wb").write(data)
        for cmd in (["memory", "--limit", "0"], ["gpu-metrics"]):
            same([cmd[0], bad, *cmd[1:]], f"damaged metrics/memory copy {k} ({', '.join(what)}): "
                 f"{' '.join(cmd)}", want_rc=(0, 1, 3), damaged=True)

if DIFFERS:
    print(f"note: {len(DIFFERS)} damaged-file runs read differently with the page reader "
          f"(reported, not failed), e.g. {DIFFERS[0]}")
c.done()
