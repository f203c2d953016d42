#!/usr/bin/env python3
"""Portable views on every real export: row counts and content fingerprints.

For each fixture and each view, the count the test computes from the raw
tables with its own SQL (nsq.raw_db) must equal both
`timeline-sql --sql 'select count(*) n from VIEW'` and the count in info's
"views" list. Fingerprints (sums, name resolution through StringIds, pid/tid
decoding, NVTX kinds) are compared the same way. The views' column lists must
be the same on every export (that is what makes them portable), and info's
missing_source_tables / missing_columns must agree with the `-- source:`
headers of queries/views/*.sql read here, checked against the raw schema.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

KERNEL = "CUPTI_ACTIVITY_KIND_KERNEL"
MEMCPY = "CUPTI_ACTIVITY_KIND_MEMCPY"
MEMSET = "CUPTI_ACTIVITY_KIND_MEMSET"
RUNTIME = "CUPTI_ACTIVITY_KIND_RUNTIME"
SYNC = "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION"
META_TABLES = ("META_DATA_EXPORT", "EXPORT_META_DATA", "META_DATA_CAPTURE")

# Columns the engine documents for each view (the first ones a query may rely
# on); views may have more.
DOCUMENTED_COLUMNS = {
    "kernel": ["start_ns", "end_ns", "dur_ns", "pid", "global_pid", "device_id", "context_id",
               "stream_id", "correlation_id", "short_name", "demangled_name", "mangled_name", "short_name_id"],
    "gpu_op": ["kind", "start_ns", "end_ns", "dur_ns", "pid", "global_pid", "device_id", "context_id",
               "stream_id", "correlation_id", "name", "bytes"],
    "api": ["start_ns", "end_ns", "dur_ns", "pid", "tid", "global_tid", "global_pid", "correlation_id",
            "name", "base_name"],
    "nvtx": ["start_ns", "end_ns", "dur_ns", "pid", "tid", "global_tid", "event_type", "kind", "text", "domain_id"],
    "overhead": ["start_ns", "end_ns", "dur_ns", "pid", "tid", "global_tid", "name"],
    "cuda_device": ["pid", "device_id", "gpu_id"],
    "memcpy": ["start_ns", "end_ns", "dur_ns", "pid", "device_id", "stream_id", "correlation_id", "bytes"],
    "memset": ["start_ns", "end_ns", "dur_ns", "pid", "device_id", "stream_id", "correlation_id", "bytes"],
    "sync": ["start_ns", "end_ns", "dur_ns", "pid"],
    "process": ["pid", "name"],
    "thread": ["pid", "tid", "name"],
    "device": ["gpu_id", "name"],
    "meta": ["name", "value"],
    "nvtx_domain": ["pid", "domain_id", "name"],
}


class Raw:
    def __init__(self, path):
        self.db = nsq.raw_db(path)
        self.tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def has(self, t):
        return t in self.tables

    def cols(self, t):
        return {r[1] for r in self.db.execute(f'PRAGMA table_info("{t}")')}

    def count(self, t, where=""):
        if not self.has(t):
            return 0
        return self.db.execute(f'SELECT count(*) FROM "{t}" {where}').fetchone()[0]

    def rows(self, sql):
        return [tuple(r) for r in self.db.execute(sql)]

    def scalar(self, t, expr, where=""):
        """An aggregate over a raw table; a missing table reads as an empty one."""
        if not self.has(t):
            return None
        return self.db.execute(f'SELECT {expr} FROM "{t}" {where}').fetchone()[0]


def raw_counts(raw):
    """View name -> count from the raw tables, with this test's own SQL."""
    k, m, s = raw.count(KERNEL), raw.count(MEMCPY), raw.count(MEMSET)
    api = raw.count(RUNTIME, "WHERE eventClass IN (0, 1)") if "eventClass" in (raw.cols(RUNTIME) if raw.has(RUNTIME) else set()) else 0
    domains = 0
    if raw.has("NVTX_EVENTS"):
        domains = raw.db.execute(
            "SELECT count(*) FROM (SELECT DISTINCT (globalTid >> 24) & 16777215, domainId, text "
            "FROM NVTX_EVENTS WHERE eventType = 75)").fetchone()[0]
    return {
        "kernel": k,
        "memcpy": m,
        "memset": s,
        "gpu_op": k + m + s,
        "api": api,
        "nvtx": raw.count("NVTX_EVENTS"),
        "nvtx_domain": domains,
        "sync": raw.count(SYNC),
        "overhead": raw.count("PROFILER_OVERHEAD"),
        "process": raw.count("PROCESSES"),
        "thread": raw.count("ThreadNames"),
        "device": raw.count("TARGET_INFO_GPU"),
        "cuda_device": raw.count("TARGET_INFO_CUDA_DEVICE"),
        "meta": sum(raw.count(t) for t in META_TABLES),
    }


def fingerprints(raw):
    """(description, view SQL, reference SQL on raw tables or a value) pairs."""
    out = []
    if raw.has(KERNEL):
        out += [
            ("kernel total duration", "SELECT sum(dur_ns) FROM kernel",
             raw.scalar(KERNEL, 'sum("end" - start)')),
            ("kernel pid decoding", "SELECT sum(pid) FROM kernel",
             raw.scalar(KERNEL, "sum((globalPid >> 24) & 16777215)")),
            ("kernel names through StringIds",
             "SELECT short_name, count(*) FROM kernel GROUP BY short_name ORDER BY 2 DESC, 1 LIMIT 8",
             raw.rows(f"SELECT s.value, count(*) FROM {KERNEL} k LEFT JOIN StringIds s ON s.id = k.shortName "
                      "GROUP BY s.value ORDER BY 2 DESC, 1 LIMIT 8")),
            ("kernel demangled names",
             "SELECT count(DISTINCT demangled_name) FROM kernel",
             raw.rows(f"SELECT count(DISTINCT s.value) FROM {KERNEL} k JOIN StringIds s ON s.id = k.demangledName")[0][0]),
        ]
    if raw.has(MEMCPY):
        out += [
            ("memcpy bytes", "SELECT sum(bytes) FROM memcpy", raw.scalar(MEMCPY, "sum(bytes)")),
            ("memcpy duration", "SELECT sum(dur_ns) FROM memcpy", raw.scalar(MEMCPY, 'sum("end" - start)')),
        ]
    kinds = [(kind, raw.count(t)) for kind, t in (("kernel", KERNEL), ("memcpy", MEMCPY), ("memset", MEMSET))]
    out.append(("gpu_op kinds", "SELECT kind, count(*) FROM gpu_op GROUP BY kind ORDER BY kind",
                sorted((kd, n) for kd, n in kinds if n)))
    if raw.has(RUNTIME):
        out += [
            ("api names through StringIds",
             "SELECT name, count(*) FROM api GROUP BY name ORDER BY 2 DESC, 1 LIMIT 8",
             raw.rows(f"SELECT s.value, count(*) FROM {RUNTIME} r LEFT JOIN StringIds s ON s.id = r.nameId "
                      "WHERE r.eventClass IN (0, 1) GROUP BY s.value ORDER BY 2 DESC, 1 LIMIT 8")),
            ("api tid decoding", "SELECT sum(tid), sum(pid) FROM api",
             raw.rows(f"SELECT sum(globalTid & 16777215), sum((globalTid >> 24) & 16777215) FROM {RUNTIME} "
                      "WHERE eventClass IN (0, 1)")[0]),
        ]
    if raw.has("NVTX_EVENTS"):
        # kinds named from eventType (nsys-export-schema.md 5.2)
        kinds = raw.rows(
            "SELECT CASE WHEN eventType IN (59, 70) THEN 'push_pop' WHEN eventType IN (60, 71) THEN 'start_end' "
            "WHEN eventType = 34 THEN 'mark' ELSE 'x' END k, count(*) FROM NVTX_EVENTS "
            "WHERE eventType IN (34, 59, 60, 70, 71) GROUP BY k ORDER BY k")
        out += [
            ("nvtx kinds", "SELECT kind, count(*) FROM nvtx WHERE kind IN ('push_pop', 'start_end', 'mark') "
             "GROUP BY kind ORDER BY kind", kinds),
            ("nvtx text from text or textId", "SELECT count(text), count(DISTINCT text) FROM nvtx",
             raw.rows("SELECT count(coalesce(e.text, s.value)), count(DISTINCT coalesce(e.text, s.value)) "
                      "FROM NVTX_EVENTS e LEFT JOIN StringIds s ON s.id = e.textId")[0]),
            ("nvtx tid decoding", "SELECT sum(tid) FROM nvtx", raw.scalar("NVTX_EVENTS", "sum(globalTid & 16777215)")),
        ]
    if raw.has("ThreadNames"):
        out.append(("thread names", "SELECT count(name), sum(tid) FROM thread",
                    raw.rows("SELECT count(s.value), sum(t.globalTid & 16777215) FROM ThreadNames t "
                             "LEFT JOIN StringIds s ON s.id = t.nameId")[0]))
    out.append(("meta sources", "SELECT source, count(*) FROM meta GROUP BY source ORDER BY source",
                sorted(x for x in (("capture", raw.count("META_DATA_CAPTURE")),
                                   ("export", raw.count("META_DATA_EXPORT") + raw.count("EXPORT_META_DATA"))) if x[1])))
    return out


def view_sources():
    """View id -> [(table, [cols])] from the `-- source:` lines of queries/views/*.sql."""
    out = {}
    vdir = os.path.join(nsq.SRC, "queries", "views")
    for f in sorted(os.listdir(vdir)):
        if not f.endswith(".sql"):
            continue
        vid, srcs = None, []
        with open(os.path.join(vdir, f)) as fh:
            for line in fh:
                if not line.startswith("--"):
                    break
                m = re.match(r"--\s*id:\s*(\S+)", line)
                if m:
                    vid = m.group(1)
                m = re.match(r"--\s*source:\s*(\w+)\s*\((.*)\)\s*$", line)
                if m:
                    srcs.append((m.group(1), [c.strip() for c in m.group(2).split(",") if c.strip()]))
        out[vid] = srcs
    return out


def sql_rows(path, sql):
    doc = nsq.run("timeline-sql", path, "--sql", sql)
    return [tuple(r[c] for c in doc["result"]["columns"]) for r in doc["result"]["rows"]]


def normalise(v):
    if isinstance(v, list):
        return [tuple(x) if isinstance(x, (list, tuple)) else x for x in v]
    return v


def check_fixture(c, path, sources, columns_seen):
    name = os.path.basename(path)
    before = nsq.sha256(path)
    raw = Raw(path)
    want = raw_counts(raw)
    try:
        info = nsq.run("info", path)
        info_views = {v["name"]: v for v in info["result"]["views"]}
    except AssertionError as e:  # nsq.run: unexpected exit code
        c.check(False, f"{name}: info runs ({str(e)[:600]})")
        info_views = {}
    c.eq(sorted(info_views), sorted(want), f"{name}: info lists exactly the views this test has an oracle for")
    for view, n in sorted(want.items()):
        doc = nsq.run("timeline-sql", path, "--sql", f"select count(*) n from {view}")
        c.eq(doc["result"]["rows"], [{"n": n}], f"{name}: timeline-sql count(*) of {view}")
        c.eq(info_views.get(view, {}).get("rows"), n, f"{name}: info views[{view}].rows")
        # the view's declared sources against the raw schema
        if view in sources and view in info_views:
            missing_t = sum(1 for t, _ in sources[view] if not raw.has(t))
            missing_c = sum(1 for t, cols in sources[view] if raw.has(t) for col in cols if col not in raw.cols(t))
            c.eq(info_views[view]["missing_source_tables"], missing_t, f"{name}: {view} missing_source_tables")
            c.eq(info_views[view]["missing_columns"], missing_c, f"{name}: {view} missing_columns")
        # column list, the same on every export
        cols = nsq.run("timeline-sql", path, "--sql", f"select * from {view} limit 0")["result"]["columns"]
        if view in columns_seen:
            c.eq(cols, columns_seen[view][1], f"{name}: columns of {view} equal those on {columns_seen[view][0]}")
        else:
            columns_seen[view] = (name, cols)
            doc_cols = DOCUMENTED_COLUMNS.get(view, [])
            c.check(all(x in cols for x in doc_cols),
                    f"{view}: has the documented columns {doc_cols}, got {cols}")
    for desc, view_sql, ref in fingerprints(raw):
        got = sql_rows(path, view_sql)
        if isinstance(ref, list):
            c.eq(got, normalise(ref), f"{name}: {desc}")
        else:
            want_row = tuple(ref) if isinstance(ref, tuple) else (ref,)
            c.eq(got, [want_row], f"{name}: {desc}")
    # two rows of kernel, as the example runs it
    if want["kernel"] >= 2:
        doc = nsq.run("timeline-sql", path, "--sql", "select * from kernel limit 2")
        c.eq(doc["result"]["row_count"], 2, f"{name}: select * from kernel limit 2 gives 2 rows")
        c.check(all(list(r) == doc["result"]["columns"] for r in doc["result"]["rows"]),
                f"{name}: row keys are the columns, in order")
    c.eq(nsq.sha256(path), before, f"{name}: sha256 unchanged")


def main():
    fixtures = nsq.fixtures()
    c = nsq.Checks()
    sources = view_sources()
    columns_seen = {}
    for path in fixtures:
        try:
            check_fixture(c, path, sources, columns_seen)
        except AssertionError as e:  # nsq.run: unexpected exit code or document
            c.check(False, f"{os.path.basename(path)}: {str(e)[:600]}")
    c.done()


if __name__ == "__main__":
    main()
