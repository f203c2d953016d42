#!/usr/bin/env python3
"""A seeded mutation campaign over real exports (tests/README.md, test F).

Copies of a few small real exports (../shared/fixtures/nsys) are damaged in a
temporary folder, with a fixed seed: byte flips, truncations, zeroed pages,
page-header damage and cell-pointer damage (the page size read from the SQLite
header; half of the damage aimed at the kernel table's own pages, found with
SQLite's dbstat). Every reading command runs on every mutant, and each run must:

  - end with an exit code of the documented set (README: 0-5, 70), never a signal;
  - print one JSON document whose `ok` agrees with the exit code;
  - leave no sanitizer report on stderr;
  - leave the mutant byte-identical, and no temporary file beside an -o output;
  - when info or top-kernels answer ok:true, agree with what SQLite itself (this
    file's own queries, python's sqlite3) reads from the same file: info's kernel
    count is the kernel table's row count; top-kernels' instances, kernel time and
    bad_rows are the valid rows (start and end INTEGER, strictly inside +-2^62,
    end >= start: NSQ_SQL_VALID_ROW), their summed durations and the rest;
  - when SQLite cannot read the schema or the kernel table, info and top-kernels
    answer with an error, never ok:true.

NSYSQL_FUZZ_SEED, NSYSQL_FUZZ_COUNT (mutants per fixture) and
NSYSQL_FUZZ_FIXTURES (comma-separated file names) change the run;
scripts/fuzz.sh runs it long. Under the AddressSanitizer build the count is
divided by 5. A failing mutant is kept (NSYSQL_FUZZ_KEEP=folder) to replay.
"""
import hashlib
import json
import os
import random
import shutil
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

FIXTURES = ["sc23-openmp-offload-2023.3.sqlite", "dlprof-pytorch-conv-2022.1.sqlite",
            "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite"]
KERNEL = "CUPTI_ACTIVITY_KIND_KERNEL"
E = 1 << 62
I64 = (1 << 63) - 1
EXIT_CODES = {0, 1, 2, 3, 4, 5, 70}

# Mutants that earlier campaigns found a bug with, replayed in every run: (export,
# {offset: new byte}, what it is).
REPLAY = [
    ("dlprof-pytorch-conv-2022.1.sqlite", {557056: 255},
     "kernel table leaf page 137: page type 255 (gpu-util and advise leaked the devices of a failed scan)"),
    ("dlprof-pytorch-conv-2022.1.sqlite", {385035: 142},
     "kernel table interior page 95: right-child pointer damaged (the same leak)"),
]


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def sqlite_view(path):
    """What SQLite reads: (rows, valid count, valid duration sum, bad count), or None when it
    cannot read the schema or the kernel table. rows is None when there is no kernel table."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        try:
            names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
            if KERNEL not in names:
                return (None, 0, 0, 0)
            rows = n = total = bad = 0
            for st, en in db.execute(f'SELECT start, "end" FROM {KERNEL}'):
                rows += 1
                if type(st) is int and type(en) is int and -E < st < E and -E < en < E and en >= st:
                    n += 1
                    total += en - st
                else:
                    bad += 1
            return (rows, n, total, bad)
        finally:
            db.close()
    except sqlite3.Error:
        return None


def kernel_pages(path):
    """The kernel table's pages (dbstat), [] when SQLite cannot say."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        try:
            return [r[0] for r in db.execute("SELECT pageno FROM dbstat WHERE name = ?", (KERNEL,))]
        finally:
            db.close()
    except sqlite3.Error:
        return []


def page_size(data):
    ps = struct.unpack(">H", data[16:18])[0]
    return 65536 if ps == 1 else ps


def mutate(data, rng, targets):
    """One mutant of data (bytes): returns (bytes, description)."""
    ps = page_size(data)
    npages = max(1, len(data) // ps)
    buf = bytearray(data)

    def pick_page():
        if targets and rng.random() < 0.5:
            return rng.choice(targets)
        return rng.randint(1, npages)

    def header_at(p):
        return (p - 1) * ps + (100 if p == 1 else 0)

    kind = rng.choice(["flip", "flip", "truncate", "zero", "header", "cellptr", "dbheader"])
    if kind == "dbheader":
        # the 100-byte database header: page size, reserved bytes, page count, freelist,
        # schema format, text encoding
        field, at, size, values = rng.choice([
            ("page size", 16, 2, [0, 1, 512, 1024, 8192, 65535, ps * 2, ps // 2]),
            ("reserved bytes", 20, 1, [1, 8, 32, 255]),
            ("page count", 28, 4, [0, 1, npages - 1, npages + 1, 0x7FFFFFFF]),
            ("freelist trunk", 32, 4, [1, npages, npages + 7, 0xFFFFFFFF]),
            ("freelist count", 36, 4, [1, npages * 2, 0xFFFFFFFF]),
            ("schema format", 44, 4, [0, 5, 0xFFFFFFFF]),
            ("text encoding", 56, 4, [2, 3, 7])])
        v = rng.choice(values)
        buf[at:at + size] = v.to_bytes(size, "big")
        return bytes(buf), f"database header {field} = {v}"
    if kind == "flip":
        p = pick_page()
        k = rng.choice([1, 1, 2, 4, 16])
        offs = []
        for _ in range(k):
            o = (p - 1) * ps + rng.randrange(ps)
            if o < len(buf):
                buf[o] ^= rng.randint(1, 255)
                offs.append(o)
        return bytes(buf), f"flip {k} byte(s) in page {p} at {offs}"
    if kind == "truncate":
        cut = rng.choice([rng.randrange(len(data)), rng.randint(1, npages - 1) * ps if npages > 1 else 100])
        return bytes(buf[:cut]), f"truncate at {cut}"
    if kind == "zero":
        p = pick_page()
        buf[(p - 1) * ps:p * ps] = bytes(min(ps, len(buf) - (p - 1) * ps))
        return bytes(buf), f"zero page {p}"
    p = pick_page()
    h = header_at(p)
    if h + 12 > len(buf):
        return bytes(buf[:-1]), "truncate by one byte"
    if kind == "header":
        field = rng.choice(["type", "ncells", "content", "freeblock", "right"])
        if field == "type":
            buf[h] = rng.choice([0, 2, 5, 10, 13, 1, 255])
        elif field == "ncells":
            buf[h + 3:h + 5] = struct.pack(">H", rng.choice([0, 1, 0xFFFF, rng.randrange(65536)]))
        elif field == "content":
            buf[h + 5:h + 7] = struct.pack(">H", rng.choice([0, 1, ps - 1, rng.randrange(65536)]))
        elif field == "freeblock":
            buf[h + 1:h + 3] = struct.pack(">H", rng.choice([1, ps - 2, rng.randrange(65536)]))
        else:
            buf[h + 8:h + 12] = struct.pack(">I", rng.choice([0, 1, p, npages + 5, rng.randrange(1 << 32)]))
        return bytes(buf), f"page {p} header {field}"
    # cell pointers: the array after the 8-byte (leaf) or 12-byte (interior) header
    interior = buf[h] in (2, 5)
    arr = h + (12 if interior else 8)
    ncells = struct.unpack(">H", buf[h + 3:h + 5])[0]
    if ncells == 0 or arr + 2 * ncells > len(buf):
        buf[h + 3:h + 5] = struct.pack(">H", 0xFFFF)
        return bytes(buf), f"page {p} cell count 65535"
    i = rng.randrange(ncells)
    how = rng.choice(["random", "past-end", "header", "dup"])
    if how == "random":
        v = rng.randrange(65536)
    elif how == "past-end":
        v = ps - rng.randint(0, 3)
    elif how == "header":
        v = (h - (p - 1) * ps) + rng.randint(0, 8)
    else:
        j = rng.randrange(ncells)
        v = struct.unpack(">H", buf[arr + 2 * j:arr + 2 * j + 2])[0]
    buf[arr + 2 * i:arr + 2 * i + 2] = struct.pack(">H", v)
    return bytes(buf), f"page {p} cell pointer {i} = {v} ({how})"


def commands(m, orig, out):
    return [
        ["info", m], ["top-kernels", m], ["idle-gaps", m], ["steady-state", m], ["stats", m],
        ["nvtx", m], ["api", m], ["memcpy", m], ["osrt", m], ["gpu-util", m], ["gpu-metrics", m],
        ["memory", m], ["advise", m], ["ranks", m],
        ["timeline-sql", m, "--sql", "SELECT count(*) AS n, sum(end_ns - start_ns) AS t FROM kernel"],
        ["export-trace", m, "-o", os.path.join(out, "t.json")],
        ["report", m, "-o", os.path.join(out, "r.html")],
        ["diff", m, orig],
    ]


class Campaign:
    def __init__(self, c, keep):
        self.c = c
        self.keep = keep
        self.runs = 0
        self.kept = 0
        self.outcomes = {}  # (command, "ok" | error code) -> runs

    def fail(self, ok, msg, mutant):
        self.c.check(ok, msg)
        if not ok and self.keep and self.kept < 20:
            os.makedirs(self.keep, exist_ok=True)
            dst = os.path.join(self.keep, os.path.basename(mutant))
            if not os.path.exists(dst):
                shutil.copyfile(mutant, dst)
                self.kept += 1

    def one(self, mutant, orig, what, want, out):
        digest = sha(mutant)
        env = {**os.environ, "NSYSQL_CACHE": "0"}
        for args in commands(mutant, orig, out):
            name = f"{what}: {args[0]}"
            try:
                p = subprocess.run([nsq.NSYSQL, *args], capture_output=True, env=env, timeout=120)
            except subprocess.TimeoutExpired:
                self.fail(False, f"{name}: no answer in 120 s", mutant)
                continue
            self.runs += 1
            rc, err = p.returncode, p.stderr.decode("utf-8", "replace")
            self.fail(rc in EXIT_CODES, f"{name}: exit code {rc} is not a documented one {err[-300:]}", mutant)
            self.fail("Sanitizer" not in err and "runtime error" not in err,
                      f"{name}: a sanitizer report {err[-600:]}", mutant)
            now = sha(mutant)
            self.fail(now == digest, f"{name}: the mutant was modified", mutant)
            digest = now  # one report per command that writes
            left = [f for f in os.listdir(out) if ".nsysql-" in f or ".tmp" in f]
            self.fail(not left, f"{name}: temporary files left {left}", mutant)
            for f in os.listdir(out):
                os.unlink(os.path.join(out, f))
            try:
                d = json.loads(p.stdout)
            except ValueError:
                self.fail(False, f"{name}: not one JSON document (rc {rc}): {p.stdout[:200]!r}", mutant)
                continue
            ok = d.get("ok") is True
            key = (args[0], "ok" if ok else (d.get("error") or {}).get("code"))
            self.outcomes[key] = self.outcomes.get(key, 0) + 1
            self.fail(ok == (rc in (0, 1)), f"{name}: ok {ok} with exit code {rc}", mutant)
            if rc == 70:
                self.fail(False, f"{name}: internal error on a damaged input: {d.get('error')}", mutant)
            if args[0] not in ("info", "top-kernels") or not ok:
                continue
            if want is None:
                self.fail(False, f"{name}: ok:true where SQLite cannot read the kernel table or the schema",
                          mutant)
                continue
            rows, n, total, bad = want
            r = d["result"]
            if args[0] == "info":
                self.fail(r["gpu_activity"]["kernels"] == (rows or 0),
                          f"{name}: kernels {r['gpu_activity']['kernels']}, SQLite reads {rows} rows", mutant)
            else:
                t = r["totals"]
                got = (t["instances"], t["kernel_time_ns"], r["bad_rows"])
                self.fail(got == (n, min(total, I64), bad),
                          f"{name}: (instances, kernel_time_ns, bad_rows) {got}, SQLite reads "
                          f"{(n, total, bad)}", mutant)


def main():
    c = nsq.Checks()
    names = os.environ.get("NSYSQL_FUZZ_FIXTURES")
    fixtures = [os.path.join(nsq.FIXTURES, f) for f in (names.split(",") if names else FIXTURES)]
    if not all(os.path.exists(f) for f in fixtures):
        print(f"SKIP: the real exports are absent from {nsq.FIXTURES}")
        sys.exit(77)
    seed = int(os.environ.get("NSYSQL_FUZZ_SEED", "20261128"))
    count = int(os.environ.get("NSYSQL_FUZZ_COUNT", "12"))
    if nsq.asan_build() and "NSYSQL_FUZZ_COUNT" not in os.environ:
        count = max(1, count // 5)
    keep = os.environ.get("NSYSQL_FUZZ_KEEP")
    rng = random.Random(seed)
    camp = Campaign(c, keep)
    t0 = time.time()
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "out")
        os.mkdir(out)
        for name, patch, what in REPLAY:
            fx = os.path.join(nsq.FIXTURES, name)
            orig = os.path.join(td, name)
            shutil.copyfile(fx, orig)
            blob = bytearray(open(orig, "rb").read())
            for at, v in patch.items():
                blob[at] = v
            m = os.path.join(td, "replay-" + name)
            with open(m, "wb") as f:
                f.write(blob)
            camp.one(m, orig, f"{name} replayed ({what})", sqlite_view(m), out)
            os.unlink(m)
        for fx in fixtures:
            orig = os.path.join(td, os.path.basename(fx))
            shutil.copyfile(fx, orig)
            data = open(orig, "rb").read()
            targets = kernel_pages(orig)
            for i in range(count):
                blob, what = mutate(data, rng, targets)
                m = os.path.join(td, f"m{i:04d}-{os.path.basename(fx)}")
                with open(m, "wb") as f:
                    f.write(blob)
                os.chmod(m, 0o444)
                camp.one(m, orig, f"{os.path.basename(fx)} #{i} ({what})", sqlite_view(m), out)
                os.chmod(m, 0o644)
                os.unlink(m)
            c.eq(sha(orig), sha(fx), f"{os.path.basename(fx)}: the original unchanged")
    for cmd in ("info", "top-kernels"):
        print(f"{cmd}: " + ", ".join(f"{k[1]} {v}" for k, v in sorted(camp.outcomes.items(), key=str)
                                     if k[0] == cmd))
    print(f"seed {seed}: {count} mutants per fixture x {len(fixtures)} fixtures, {camp.runs} runs "
          f"in {time.time() - t0:.1f} s")
    c.done()


if __name__ == "__main__":
    main()
