#!/usr/bin/env python3
"""Bad inputs and refused statements: each gives its documented error code
and exit code (DESIGN.md section 4: 2 usage, 3 input not usable, 4 query
error), an error document that validates against schemas/error.v1, the
message on stderr, and leaves the input file byte-for-byte unchanged.

Damaged inputs are made here from a copy of a real export in a temporary
directory (the shared fixtures themselves are never written).
"""
import json
import os
import shutil
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

SMALL = "dlprof-pytorch-conv-2022.1.sqlite"


def snapshot(path):
    """sha256 of a file, or the sorted listing of a directory, or None."""
    if os.path.isdir(path):
        return sorted(os.listdir(path))
    if os.path.exists(path):
        return nsq.sha256(path)
    return None


def expect_error(c, what, args, rc, codes, path=None):
    """Runs nsysql; checks exit code, error code, and that `path` is unchanged."""
    if isinstance(codes, str):
        codes = (codes,)
    before = snapshot(path) if path else None
    doc = nsq.run(*args, expect_rc=None)
    got_rc = doc.get("error", {}).get("exit_code") if not doc.get("ok") else 0
    c.check(doc.get("ok") is False, f"{what}: an error document")
    c.eq(got_rc, rc, f"{what}: exit code")
    c.check(doc.get("error", {}).get("code") in codes,
            f"{what}: error code {doc.get('error', {}).get('code')!r} in {codes}")
    if path:
        c.eq(snapshot(path), before, f"{what}: input unchanged")
    return doc


def make_inputs(tmp, fixture):
    p = {}
    p["missing"] = os.path.join(tmp, "does-not-exist.sqlite")
    p["emptydir"] = os.path.join(tmp, "emptydir")
    os.mkdir(p["emptydir"])
    with open(os.path.join(p["emptydir"], "notes.txt"), "w") as f:
        f.write("no export here\n")
    p["empty"] = os.path.join(tmp, "empty.sqlite")
    open(p["empty"], "wb").close()
    p["random"] = os.path.join(tmp, "random.sqlite")
    with open(p["random"], "wb") as f:
        f.write(os.urandom(64 * 1024))
    p["text"] = os.path.join(tmp, "hello.sqlite")
    with open(p["text"], "w") as f:
        f.write("hello, world\n")
    data = open(fixture, "rb").read()
    p["truncated"] = os.path.join(tmp, "truncated.sqlite")
    with open(p["truncated"], "wb") as f:
        f.write(data[: len(data) // 2])
    p["header_only"] = os.path.join(tmp, "header-only.sqlite")
    with open(p["header_only"], "wb") as f:
        f.write(data[:100])
    p["tiny_magic"] = os.path.join(tmp, "tiny-magic.sqlite")
    with open(p["tiny_magic"], "wb") as f:
        f.write(data[:40])
    p["plain"] = os.path.join(tmp, "plain.sqlite")
    db = sqlite3.connect(p["plain"])
    db.execute("CREATE TABLE t (a INTEGER, b TEXT)")
    db.execute("INSERT INTO t VALUES (1, 'x')")
    db.commit()
    db.close()
    p["nvprof"] = os.path.join(tmp, "nvprof.sqlite")
    db = sqlite3.connect(p["nvprof"])
    db.execute("CREATE TABLE StringTable (_id_ INTEGER PRIMARY KEY, value TEXT)")
    db.execute("CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, \"end\" INTEGER, name INTEGER)")
    db.commit()
    db.close()
    p["schema_only"] = os.path.join(tmp, "stringids-only.sqlite")
    db = sqlite3.connect(p["schema_only"])
    db.execute("CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL)")
    db.commit()
    db.close()
    # a copy of the export with the root page of the schema overwritten
    p["corrupt_schema"] = os.path.join(tmp, "corrupt-schema.sqlite")
    with open(p["corrupt_schema"], "wb") as f:
        f.write(data[:100] + b"\xff" * (4096 - 100) + data[4096:])
    # a copy with the pages of one table (only info's row count reads it) overwritten
    raw = nsq.raw_db(fixture)
    page = raw.execute("PRAGMA page_size").fetchone()[0]
    victim = raw.execute("SELECT name, rootpage FROM sqlite_master WHERE type = 'table' AND name = 'SystemInfo'").fetchone()
    if victim:
        p["corrupt_table"] = os.path.join(tmp, "corrupt-table.sqlite")
        off = (victim[1] - 1) * page
        with open(p["corrupt_table"], "wb") as f:
            f.write(data[:off] + b"\xff" * page + data[off + page:])
    # capture directories
    p["capdir"] = os.path.join(tmp, "capture")
    os.mkdir(p["capdir"])
    shutil.copyfile(fixture, os.path.join(p["capdir"], "profile.sqlite"))
    with open(os.path.join(p["capdir"], "capture.json"), "w") as f:
        f.write("{}\n")
    p["twodir"] = os.path.join(tmp, "two")
    os.mkdir(p["twodir"])
    shutil.copyfile(fixture, os.path.join(p["twodir"], "a.sqlite"))
    shutil.copyfile(fixture, os.path.join(p["twodir"], "b.sqlite"))
    p["symlink"] = os.path.join(tmp, "link.sqlite")
    os.symlink(fixture, p["symlink"])
    p["report"] = os.path.join(tmp, "run.nsys-rep")
    with open(p["report"], "wb") as f:
        f.write(b"\x00QDSTRM" + os.urandom(4096))
    return p


def check_inputs(c, p, fixture):
    for cmd in ("info", "timeline-sql"):
        extra = ["--sql", "select 1"] if cmd == "timeline-sql" else []
        cases = (
            ("missing path", p["missing"], 3, "input_not_found"),
            ("directory without an export", p["emptydir"], 3, "input_is_directory"),
            ("empty file", p["empty"], 3, "input_empty"),
            ("random bytes", p["random"], 3, "not_sqlite"),
            ("a text file", p["text"], 3, "not_sqlite"),
            ("first half of an export", p["truncated"], 3, "input_truncated"),
            ("only the 100-byte header of an export", p["header_only"], 3, "input_truncated"),
            ("40 bytes starting with the SQLite magic", p["tiny_magic"], 3, ("input_truncated", "not_sqlite")),
            ("SQLite file that is not an nsys export", p["plain"], 3, "not_nsys_export"),
            ("nvprof database", p["nvprof"], 3, "not_nsys_export"),
            ("SQLite file with only StringIds", p["schema_only"], 3, "not_nsys_export"),
            ("export with a damaged schema page", p["corrupt_schema"], 3, ("input_corrupt", "not_sqlite")),
            ("directory with two exports", p["twodir"], 3, "input_ambiguous"),
            ("a character device", "/dev/null", 3, ("input_not_regular", "input_empty")),
        )
        for what, path, rc, codes in cases:
            if cmd == "info" and path == p["twodir"]:
                # info takes several exports: the directory's exports, merged
                d = nsq.run(cmd, path)
                c.eq((d["schema"], d["result"]["inputs_ok"]), ("nsysql/merge", 2),
                     "info: a directory with two exports analyses both")
                continue
            expect_error(c, f"{cmd}: {what}", [cmd, path, *extra], rc, codes, path)
        if not shutil.which("nsys"):
            expect_error(c, f"{cmd}: .nsys-rep without nsys", [cmd, p["report"], *extra], 3,
                         "nsys_report_not_exported", p["report"])
    # a damaged page in a table only info's row count reads: never a negative
    # count in a healthy-looking result
    if "corrupt_table" in p:
        before = nsq.sha256(p["corrupt_table"])
        rc, out, _ = nsq.run("info", p["corrupt_table"], raw=True)
        doc = json.loads(out)
        if rc == 0:
            counts = [t["rows"] for t in doc["result"]["tables"]]
            c.check(all(n is None or n >= 0 for n in counts),
                    f"info on an export with a damaged table: no negative row counts (got {sorted(set(counts))[:3]})")
            c.check(any(w["code"] for w in doc["warnings"] if "SystemInfo" in w["message"]),
                    "info on an export with a damaged table: a warning names the table")
        else:
            nsq.validate(doc)
            c.eq((rc, doc["error"]["code"]), (3, "input_corrupt"), "info on an export with a damaged table: input_corrupt")
        c.eq(nsq.sha256(p["corrupt_table"]), before, "damaged-table export unchanged")
    # a symbolic link to an export is followed
    d = nsq.run("info", p["symlink"])
    c.eq(d["result"]["export"]["file_size_bytes"], os.path.getsize(fixture), "symlink to an export: opened")
    # a capture directory (profile.sqlite inside) is accepted
    d = nsq.run("info", p["capdir"])
    c.eq(d["result"]["export"]["sqlite_path"], os.path.join(p["capdir"], "profile.sqlite"),
         "capture directory: opens its profile.sqlite")
    c.eq(d["input"]["path"], p["capdir"], "capture directory: input.path as given")


def check_refused(c, path, scratch):
    """Statements that would write, attach or load code are refused (exit 4);
    files they name would go to `scratch`."""
    cases = (
        ("INSERT into a table", "insert into StringIds values (999999, 'x')", "write_refused"),
        ("INSERT into main.table", "insert into main.StringIds (id, value) values (999999, 'x')", "write_refused"),
        ("INSERT into a view", "insert into kernel (start_ns) values (1)", ("write_refused", "sql_error")),
        ("REPLACE", "replace into StringIds values (1, 'x')", "write_refused"),
        ("UPDATE", "update StringIds set value = 'x'", "write_refused"),
        ("DELETE", "delete from StringIds", "write_refused"),
        ("CREATE TABLE", "create table x (a)", "write_refused"),
        ("CREATE TABLE in main", "create table main.x (a)", "write_refused"),
        ("CREATE TEMP TABLE", "create temp table x (a)", "write_refused"),
        ("CREATE INDEX", "create index ix on StringIds (value)", "write_refused"),
        ("CREATE TEMP VIEW", "create temp view v as select 1", "write_refused"),
        ("DROP TABLE", "drop table StringIds", "write_refused"),
        ("DROP VIEW", "drop view kernel", "write_refused"),
        ("ALTER TABLE", "alter table StringIds add column z", "write_refused"),
        ("VACUUM", "vacuum", "write_refused"),
        ("VACUUM INTO", "vacuum into '" + os.path.join(scratch, "copy.sqlite") + "'", "write_refused"),
        ("ATTACH", "attach database ':memory:' as m", "attach_refused"),
        ("ATTACH a file", "attach '" + os.path.join(scratch, "other.db") + "' as o", "attach_refused"),
        ("DETACH", "detach temp", "attach_refused"),
        ("load_extension", "select load_extension('/lib/x86_64-linux-gnu/libm.so.6')", "extension_refused"),
        ("PRAGMA writable_schema", "pragma writable_schema = 1", "pragma_refused"),
        ("PRAGMA writable_schema (read)", "pragma writable_schema", "pragma_refused"),
        ("PRAGMA query_only = 0", "pragma query_only = 0", "pragma_refused"),
        ("PRAGMA journal_mode", "pragma journal_mode = wal", "pragma_refused"),
        ("PRAGMA user_version =", "pragma user_version = 7", "pragma_refused"),
        ("BEGIN", "begin immediate", ("write_refused", "sql_error")),
    )
    for what, sql, codes in cases:
        expect_error(c, f"timeline-sql {what}", ["timeline-sql", path, "--sql", sql], 4, codes, path)
    c.check(not os.path.exists(os.path.join(scratch, "copy.sqlite")), "VACUUM INTO wrote no file")
    c.check(not os.path.exists(os.path.join(scratch, "other.db")), "ATTACH created no file")
    # reading pragmas stays possible
    for sql in ("pragma user_version", "pragma integrity_check", "select * from pragma_table_info('StringIds')"):
        doc = nsq.run("timeline-sql", path, "--sql", sql)
        c.check(doc["result"]["row_count"] >= 1, f"timeline-sql {sql!r}: allowed, rows returned")
    # a refused statement inside a stored-query-like file
    f = os.path.join(scratch, "w.sql")
    with open(f, "w") as fh:
        fh.write("-- writes\ndelete from StringIds;\n")
    expect_error(c, "timeline-sql --file with DELETE", ["timeline-sql", path, "--file", f], 4, "write_refused", path)


def check_query_errors(c, path):
    # both queries never end by themselves: query_timeout is the proof that
    # --timeout-ms interrupted them (no wall-clock bound: it would only add
    # the machine's load to the test)
    expect_error(c, "runaway recursive CTE", ["timeline-sql", path, "--timeout-ms", "300", "--sql",
                 "with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r"],
                 4, "query_timeout", path)
    expect_error(c, "runaway cross join", ["timeline-sql", path, "--timeout-ms", "300", "--sql",
                 "select count(*) from StringIds a, StringIds b, StringIds c"], 4, "query_timeout", path)
    expect_error(c, "bad SQL", ["timeline-sql", path, "--sql", "selec * form kernel"], 4, "sql_error", path)
    expect_error(c, "unknown column", ["timeline-sql", path, "--sql", "select nope from kernel"], 4, "sql_error", path)
    expect_error(c, "unknown option (timeline-sql)", ["timeline-sql", path, "--bogus"], 2, "unknown_option", path)
    expect_error(c, "unknown option (info)", ["info", path, "--bogus"], 2, "unknown_option", path)
    expect_error(c, "unknown short option", ["info", path, "-z"], 2, "unknown_option", path)
    expect_error(c, "option missing its value", ["timeline-sql", path, "--sql"], 2, "missing_option_value", path)
    expect_error(c, "value given to a flag", ["info", path, "--no-counts=yes"], 2, "bad_option_value", path)
    expect_error(c, "--format not supported", ["info", path, "--format", "csv"], 2, "bad_format", path)
    expect_error(c, "unknown --query id", ["timeline-sql", path, "--query", "no-such-query"], 2, "unknown_query", path)
    expect_error(c, "unknown --query version", ["timeline-sql", path, "--query", "gpu-trace@99"], 2,
                 "unknown_query_version", path)
    expect_error(c, "bad --query spec", ["timeline-sql", path, "--query", "gpu-trace@-1"], 2, "bad_query_spec", path)
    expect_error(c, "info without INPUT", ["info"], 2, "missing_input")
    expect_error(c, "timeline-sql with two INPUTs", ["timeline-sql", path, path, "--sql", "SELECT 1"], 2, "extra_argument", path)
    d = nsq.run("info", path, path)  # info takes several exports
    c.eq((d["schema"], d["result"]["inputs_total"]), ("nsysql/merge", 2), "info with two INPUTs: both analysed")
    # --max-rows truncation is flagged, not silent
    before = nsq.sha256(path)
    doc = nsq.run("timeline-sql", path, "--sql", "select * from kernel", "--max-rows", "2")
    c.eq((doc["result"]["row_count"], doc["result"]["truncated"]), (2, True), "--max-rows 2: truncated")
    c.check(any(w["code"] == "rows_truncated" for w in doc["warnings"]), "--max-rows 2: rows_truncated warning")
    # --param values are bound, never spliced
    doc = nsq.run("timeline-sql", path, "--sql", "select :v as v", "--param", "v=1; DROP TABLE x")
    c.eq(doc["result"]["rows"], [{"v": "1; DROP TABLE x"}], "--param '1; DROP TABLE x' is one string value")
    doc = nsq.run("timeline-sql", path, "--sql", "select count(*) n from kernel where short_name = :v",
                  "--param", "v=' OR 1=1 --")
    c.eq(doc["result"]["rows"], [{"n": 0}], "--param with a quote does not change the statement")
    c.eq(nsq.sha256(path), before, "input unchanged after the limit and parameter checks")


def main():
    fixtures = nsq.fixtures()
    byname = {os.path.basename(p): p for p in fixtures}
    fixture = byname[SMALL]
    c = nsq.Checks()
    fixture_sha = nsq.sha256(fixture)
    with tempfile.TemporaryDirectory() as tmp:
        p = make_inputs(tmp, fixture)
        check_inputs(c, p, fixture)
        work = os.path.join(tmp, "work")
        os.mkdir(work)
        copy = os.path.join(work, "export.sqlite")
        shutil.copyfile(fixture, copy)
        os.chmod(copy, 0o644)  # writable: the refusals must not rely on file permissions
        scratch = os.path.join(tmp, "scratch")
        os.mkdir(scratch)
        check_refused(c, copy, scratch)
        check_query_errors(c, copy)
        c.eq(sorted(os.listdir(work)), ["export.sqlite"], "nothing else written next to the export")
        # and the same on the read-only shared fixture
        check_refused(c, fixture, scratch)
    c.eq(nsq.sha256(fixture), fixture_sha, "shared fixture unchanged")
    c.done()


if __name__ == "__main__":
    main()
