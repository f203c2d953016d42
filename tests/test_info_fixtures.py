#!/usr/bin/env python3
"""`nsysql info` on every real export in the shared fixture folder.

Expected values come from outside nsysql: the versions, device counts and
event counts are transcribed from the fixture folder's INVENTORY.md; every
count, table list, time span and process list is recomputed here with plain
SQL on the raw tables (nsq.raw_db). The fixture bytes are hashed before and
after running every command on them, and checked against SHA256SUMS.
"""
import os
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

# From INVENTORY.md: file -> (nsys version, export schema, GPUs that ran work,
# GPU activity present). The 2021.3 export has no metadata table: its version
# is only in TARGET_INFO_SYSTEM_ENV (TargetInstallDir) and it has no schema
# version. pipit-cloverleaf was captured with 2022.2.1 and exported with
# 2024.5.1: the export records the exporting version. Device counts: one GPU
# model is named for the single-GPU captures; cloverleaf's "kernels use one"
# of 4 listed GPUs; the fastvideo file is "2 processes x 1 H100 each (2
# devices)"; exports without GPU activity have none.
EXPECTED = {
    "cardiac-failed-capture-2021.3.sqlite": ("2021.3.3", None, 0, False),
    "dlprof-pytorch-conv-2022.1.sqlite": ("2022.1.3", "2.9.1", 1, True),
    "pipit-saxpy-mpi-cuda-2022.2.sqlite": ("2022.2.1", "2.9.1", 1, True),
    "efficientcenterformer-nvtx-only-2022.4.sqlite": ("2022.4.2", "3.0.0", 0, False),
    "sc23-openmp-offload-2023.3.sqlite": ("2023.3.1", "3.4.0", 1, True),
    "pipit-cloverleaf-cuda-2024.5.sqlite": ("2024.5.1", "3.13.2", 1, True),
    "isc25-icon-graupel-uvm-2025.1.sqlite": ("2025.1.1", "3.17.1", 1, True),
    "uvmtorch-pytorch-nokernels-2025.3.sqlite": ("2025.3.2", "3.20.3", 0, False),
    "ppcu-osrt-only-2025.6.sqlite": ("2025.6.1", "3.24.7", 0, False),
    "jacc-nvtx-only-2026.2.sqlite": ("2026.2.1", "3.25.0", 0, False),
    "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite": ("2026.2.1", "3.25.0", 2, True),
}

# Counts INVENTORY.md states in words (a second source next to raw SQL).
INVENTORY_FACTS = {
    "dlprof-pytorch-conv-2022.1.sqlite": {"kernels": 59, "nvtx_events": 166},
    "efficientcenterformer-nvtx-only-2022.4.sqlite": {"nvtx_events": 21998, "kernels": 0},
    "sc23-openmp-offload-2023.3.sqlite": {"kernels": 50, "memcpy": 200},
    "pipit-cloverleaf-cuda-2024.5.sqlite": {"kernels": 1312},
    "isc25-icon-graupel-uvm-2025.1.sqlite": {"kernels": 7},
    "uvmtorch-pytorch-nokernels-2025.3.sqlite": {"kernels": 0, "api_calls": 2},
    "jacc-nvtx-only-2026.2.sqlite": {"nvtx_events": 1, "kernels": 0},
    "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite": {
        "kernels": 3442, "memcpy": 904, "api_calls": 5796, "nvtx_events": 16782},
}

GPU_ANALYSES = ("top-kernels", "idle-gaps", "steady-state", "diff")


def version_matches(got, want):
    """INVENTORY gives YYYY.N.N; the export may add a build number."""
    return isinstance(got, str) and (got == want or got.startswith(want + "."))


def sha256sums():
    path = os.path.join(nsq.FIXTURES, "SHA256SUMS")
    sums = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 2:
                    sums[os.path.basename(parts[1].lstrip("*"))] = parts[0]
    return sums


class Raw:
    """Reference facts computed with plain SQL on the raw tables."""

    def __init__(self, path):
        self.db = nsq.raw_db(path)
        self.tables = sorted(r[0] for r in self.db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'") if not r[0].startswith("sqlite_"))

    def has(self, t):
        return t in self.tables

    def cols(self, t):
        return [r[1] for r in self.db.execute(f'PRAGMA table_info("{t}")')]

    def one(self, sql, default=0):
        v = self.db.execute(sql).fetchone()[0]
        return default if v is None else v

    def count(self, t, where=""):
        return self.one(f'SELECT count(*) FROM "{t}" {where}') if self.has(t) else 0

    def api_where(self):
        return "WHERE eventClass IN (0, 1)"

    def events(self):
        """(table, where, has_end) of the events info's time span covers."""
        out = []
        for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
            if self.has(t):
                out.append((t, ""))
        if self.has("CUPTI_ACTIVITY_KIND_RUNTIME"):
            out.append(("CUPTI_ACTIVITY_KIND_RUNTIME", self.api_where()))
        if self.has("NVTX_EVENTS"):
            out.append(("NVTX_EVENTS", ""))
        return out

    def time_span(self):
        lo = hi = None
        for t, w in self.events():
            a = self.db.execute(f'SELECT min(start) FROM "{t}" {w}').fetchone()[0]
            b = self.db.execute(f'SELECT max(max(start, coalesce("end", start))) FROM "{t}" {w}').fetchone()[0]
            if a is not None:
                lo = a if lo is None else min(lo, a)
            if b is not None:
                hi = b if hi is None else max(hi, b)
        return lo, hi

    def gpu_contexts(self):
        """Distinct (pid, CUDA ordinal) pairs with GPU work."""
        pairs = set()
        for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
            if self.has(t):
                pairs |= set(self.db.execute(
                    f'SELECT DISTINCT (globalPid >> 24) & 16777215, deviceId FROM "{t}"'))
        return pairs

    def per_pid(self):
        """pid -> {api_calls, gpu_ops, nvtx_events, osrt_calls} from the raw tables."""
        out = {}

        def add(sql, key):
            for pid, n in self.db.execute(sql):
                out.setdefault(pid, {"api_calls": 0, "gpu_ops": 0, "nvtx_events": 0, "osrt_calls": 0})[key] += n

        if self.has("CUPTI_ACTIVITY_KIND_RUNTIME"):
            add("SELECT (globalTid >> 24) & 16777215 p, count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME "
                "WHERE eventClass IN (0, 1) GROUP BY p", "api_calls")
        for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
            if self.has(t):
                add(f'SELECT (globalPid >> 24) & 16777215 p, count(*) FROM "{t}" GROUP BY p', "gpu_ops")
        if self.has("NVTX_EVENTS"):
            add("SELECT (globalTid >> 24) & 16777215 p, count(*) FROM NVTX_EVENTS "
                "WHERE globalTid IS NOT NULL GROUP BY p", "nvtx_events")
        if self.has("OSRT_API"):
            add("SELECT (globalTid >> 24) & 16777215 p, count(*) FROM OSRT_API GROUP BY p", "osrt_calls")
        return out


def run_every_command(c, path, cmds):
    """Runs every command of the table on the export (whatever it answers):
    the point is that none of them changes the file."""
    for name, usage in cmds:
        if "INPUT" not in usage and name != "diff":
            continue
        args = [name, path, path] if name == "diff" else [name, path]
        rc, out, err = nsq.run(*args, raw=True)
        c.check(rc != 0 or out.strip().startswith("{"), f"{name} {os.path.basename(path)}: exit 0 without a JSON document")


def command_usages():
    rc, out, _ = nsq.run("--list-cmds", raw=True)
    assert rc == 0
    cmds = []
    for line in out.splitlines():
        name = line.split("\t")[0]
        rc, help_text, _ = nsq.run(name, "-h", raw=True)
        first = help_text.splitlines()[0] if help_text else ""
        cmds.append((name, first))
    return cmds


def check_fixture(c, path, sums, cmds):
    name = os.path.basename(path)
    c.check(name in EXPECTED, f"{name}: not in the expected table of this test (add its INVENTORY.md row)")
    if name not in EXPECTED:
        return
    want_version, want_schema, want_devices, want_gpu = EXPECTED[name]
    before = nsq.sha256(path)
    if name in sums:
        c.eq(before, sums[name], f"{name}: sha256 matches SHA256SUMS before the run")
    listing_before = sorted(os.listdir(os.path.dirname(path)))
    raw = Raw(path)

    doc = nsq.run("info", "--detail", path)  # every process (the default lists 12)
    r = doc["result"]
    ex = r["export"]

    # versions (INVENTORY.md)
    c.check(version_matches(doc["input"]["nsys_version"], want_version),
            f"{name}: input.nsys_version {doc['input']['nsys_version']!r} is {want_version}")
    c.check(version_matches(ex["product_version"], want_version),
            f"{name}: export.product_version {ex['product_version']!r} is {want_version}")
    c.eq(doc["input"]["export_schema"], want_schema, f"{name}: input.export_schema")
    c.eq(ex["schema_version"], want_schema, f"{name}: export.schema_version")
    meta = ("META_DATA_EXPORT" if raw.has("META_DATA_EXPORT")
            else "EXPORT_META_DATA" if raw.has("EXPORT_META_DATA") else None)
    c.eq(ex["metadata_table"], meta, f"{name}: metadata_table")
    if meta is None:
        c.check(isinstance(ex["version_source"], str) and "TARGET_INFO_SYSTEM_ENV" in ex["version_source"],
                f"{name}: version read from TARGET_INFO_SYSTEM_ENV, got {ex['version_source']!r}")
        c.check(not any(w["code"] == "version_unknown" for w in doc["warnings"]),
                f"{name}: version is known, no version_unknown warning")
    else:
        c.eq(ex["version_source"], meta, f"{name}: version_source")
        c.eq(ex["product_version"], raw.db.execute(
            f"SELECT value FROM {meta} WHERE name = 'EXPORT_PRODUCT_VERSION'").fetchone()[0],
            f"{name}: product_version equals the metadata row")
    c.eq(ex["file_size_bytes"], os.path.getsize(path), f"{name}: file_size_bytes")

    # tables: names, row and column counts
    c.eq([t["name"] for t in r["tables"]], raw.tables, f"{name}: table list")
    for t in r["tables"]:
        if raw.has(t["name"]):
            c.eq(t["rows"], raw.count(t["name"]), f"{name}: rows of table {t['name']}")
            c.eq(t["columns"], len(raw.cols(t["name"])), f"{name}: columns of table {t['name']}")

    # GPU activity and event counts
    ga = r["gpu_activity"]
    k = raw.count("CUPTI_ACTIVITY_KIND_KERNEL")
    m = raw.count("CUPTI_ACTIVITY_KIND_MEMCPY")
    s = raw.count("CUPTI_ACTIVITY_KIND_MEMSET")
    g = raw.count("CUPTI_ACTIVITY_KIND_GRAPH_TRACE")
    c.eq(ga["kernels"], k, f"{name}: gpu_activity.kernels")
    c.eq(ga["memcpy"], m, f"{name}: gpu_activity.memcpy")
    c.eq(ga["memset"], s, f"{name}: gpu_activity.memset")
    c.eq(ga["graph_launches"], g, f"{name}: gpu_activity.graph_launches")
    c.eq(ga["api_calls"], raw.count("CUPTI_ACTIVITY_KIND_RUNTIME", raw.api_where()), f"{name}: gpu_activity.api_calls")
    c.eq(ga["nvtx_events"], raw.count("NVTX_EVENTS"), f"{name}: gpu_activity.nvtx_events")
    for key, v in INVENTORY_FACTS.get(name, {}).items():
        c.eq(ga[key], v, f"{name}: gpu_activity.{key} as INVENTORY.md states")
    c.eq(ga["present"], want_gpu, f"{name}: gpu_activity.present (INVENTORY.md)")
    c.eq(ga["present"], k + m + s + g > 0, f"{name}: gpu_activity.present (raw tables)")

    codes = [w["code"] for w in doc["warnings"]]
    analyses = {a["name"]: a for a in r["analyses"]}
    c.check("timeline-sql" in analyses and analyses["timeline-sql"]["can_run"], f"{name}: timeline-sql can run")
    if not want_gpu:
        c.check("no_gpu_activity" in codes, f"{name}: no_gpu_activity warning, got {codes}")
        c.check("top-kernels" in analyses and analyses["top-kernels"]["can_run"] is False
                and analyses["top-kernels"]["reason"],
                f"{name}: analyses says top-kernels cannot run, and why: {analyses.get('top-kernels')}")
        for a in ("idle-gaps",):
            c.check(a in analyses and analyses[a]["can_run"] is False, f"{name}: {a} cannot run")
        c.eq(r["devices"], [], f"{name}: no devices listed (not zero-filled entries)")
    else:
        c.check("no_gpu_activity" not in codes, f"{name}: no no_gpu_activity warning")
        for a in GPU_ANALYSES:
            c.check(a in analyses, f"{name}: analyses lists {a}")
        c.eq(analyses.get("top-kernels", {}).get("can_run"), k > 0, f"{name}: top-kernels can_run iff kernels exist")
    if raw.has("CUPTI_ACTIVITY_KIND_RUNTIME"):
        dup = raw.count("CUPTI_ACTIVITY_KIND_RUNTIME", "WHERE eventClass NOT IN (0, 1)")
        c.eq("api_duplicates_excluded" in codes, dup > 0, f"{name}: api_duplicates_excluded warning iff eventClass 67 rows ({dup})")

    # devices (INVENTORY.md, and distinct (pid, ordinal) pairs from raw rows)
    c.eq(r["device_count"], want_devices, f"{name}: device_count (INVENTORY.md)")
    c.eq(r["device_count"], len(r["devices"]), f"{name}: device_count is the length of devices")
    c.eq(r["device_count"], len(raw.gpu_contexts()), f"{name}: device_count equals distinct (pid, device) pairs")
    c.eq(sum(d["kernels"] for d in r["devices"]), k, f"{name}: kernels summed over devices")
    c.eq(sum(d["memcpy"] for d in r["devices"]), m, f"{name}: memcpy summed over devices")
    c.eq(sum(d["memset"] for d in r["devices"]), s, f"{name}: memset summed over devices")
    c.eq(sorted((x["pid"], x["device_id"]) for d in r["devices"] for x in d["contexts"]),
         sorted(raw.gpu_contexts()), f"{name}: device contexts")
    # GPUs the target lists
    if raw.has("TARGET_INFO_GPU"):
        want = sorted(raw.db.execute("SELECT id, name FROM TARGET_INFO_GPU"))
    else:
        want = []
    c.eq(sorted((x["gpu_id"], x["name"]) for x in r["gpus"]), want, f"{name}: gpus equal TARGET_INFO_GPU rows")

    # time span over GPU ops, API calls (eventClass 0/1) and NVTX
    lo, hi = raw.time_span()
    if lo is None:
        c.eq(r["time_span"], None, f"{name}: time_span is null with no events")
    else:
        ts = r["time_span"] or {}
        c.eq((ts.get("start_ns"), ts.get("end_ns"), ts.get("duration_ns")), (lo, hi, hi - lo), f"{name}: time_span")

    # processes with events, and their per-kind counts
    pp = raw.per_pid()
    got = {p["pid"]: p for p in r["processes"]}
    c.eq(sorted(got), sorted(pp), f"{name}: processes with events")
    for pid, want_counts in pp.items():
        if pid in got:
            for key, v in want_counts.items():
                c.eq(got[pid][key], v, f"{name}: process {pid} {key}")

    # --no-counts
    nc = nsq.run("info", "--no-counts", path)
    c.eq(nc["params"], {"counts": False, "detail": False}, f"{name}: --no-counts echoed in params")
    c.check(all(t["rows"] is None for t in nc["result"]["tables"]), f"{name}: --no-counts gives null table rows")
    c.eq(nc["result"]["gpu_activity"], ga, f"{name}: --no-counts keeps gpu_activity")

    # every command leaves the file as it was
    run_every_command(c, path, cmds)
    after = nsq.sha256(path)
    c.eq(after, before, f"{name}: sha256 unchanged after running every command")
    c.eq(sorted(os.listdir(os.path.dirname(path))), listing_before,
         f"{name}: nothing written next to the export (journal, wal, shm)")


def check_time_span_synthetic(c, fixture):
    """The span ends at the latest end, not at the end of the op that starts
    last: a copy of a real export where one NVTX range and one kernel start
    early and end after everything else."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "span.sqlite")
        src = nsq.raw_db(fixture)
        dst = sqlite3.connect(path)
        src.backup(dst)
        src.close()
        raw_lo, raw_hi = Raw(fixture).time_span()
        for table, late in (("NVTX_EVENTS", 10**6), ("CUPTI_ACTIVITY_KIND_KERNEL", 2 * 10**6)):
            dst.execute(f'UPDATE {table} SET "end" = ? WHERE rowid = (SELECT rowid FROM {table} '
                        'WHERE "end" IS NOT NULL ORDER BY start LIMIT 1)', (raw_hi + late,))
            dst.commit()
            want = Raw(path).time_span()
            c.eq(want, (raw_lo, raw_hi + late), f"synthetic span ({table}): reference computes the late end")
            doc = nsq.run("info", path)
            ts = doc["result"]["time_span"] or {}
            c.eq((ts.get("start_ns"), ts.get("end_ns")), want,
                 f"synthetic span: an early {table} row that ends last sets end_ns")
        dst.close()


def main():
    fixtures = nsq.fixtures()
    c = nsq.Checks()
    names = {os.path.basename(p) for p in fixtures}
    for want in EXPECTED:
        c.check(want in names, f"fixture {want} (INVENTORY.md) is present")
    sums = sha256sums()
    c.check(bool(sums), "SHA256SUMS lists the fixtures")
    cmds = command_usages()
    for path in fixtures:
        try:
            check_fixture(c, path, sums, cmds)
        except AssertionError as e:  # nsq.run: unexpected exit code or document
            c.check(False, f"{os.path.basename(path)}: {str(e)[:600]}")
    small = [p for p in fixtures if os.path.basename(p) == "dlprof-pytorch-conv-2022.1.sqlite"]
    if small:
        check_time_span_synthetic(c, small[0])
    c.done()


if __name__ == "__main__":
    main()
