#!/usr/bin/env python3
"""End to end: names with control characters, quotes, backslashes and
invalid UTF-8 go through `timeline-sql` and `info` and come out as strict
JSON (valid UTF-8, no raw control characters, no NaN/Infinity, no duplicate
keys) that says what the export holds.

The export is made here with Python's sqlite3: a copy of a small real
export (schema and rows) whose StringIds, NVTX text, process and metadata
values are replaced by hostile byte strings, plus a table with an odd name.
The expected text of each name is Python's own UTF-8 decoding of the bytes
(errors="replace"); runs of U+FFFD are compared as one, since the number of
replacement characters an invalid sequence gives is the writer's choice.
"""
import json
import os
import re
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

BASE = "dlprof-pytorch-conv-2022.1.sqlite"

NASTY = [
    b"ctl\x00nul\x01\x02\x1f\x7fend",
    b"tab\there\nnewline\rcr\x08bs\x0cff",
    b'quote"s and \\backslash\\ and \\"both\\"',
    b"invalid \xff\xfe bytes \xc0\xaf overlong \xed\xa0\x80 surrogate",
    b"truncated \xe2\x82",
    b"lone cont \x80\x81 then \xc3\xa9 valid",
    b"valid caf\xc3\xa9 \xe2\x82\xac \xf0\x9d\x84\x9e \xe2\x80\xa8 sep",
    b"{\"json\": [1, 2], \"looking\": null}",
    b"trailing backslash \\",
    b"",
]


def collapse(s):
    return re.sub("\ufffd+", "\ufffd", s)


def expect(b):
    return collapse(b.decode("utf-8", "replace"))


def reject_constant(name):
    raise ValueError(f"non-JSON constant {name}")


def unique_pairs(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError(f"duplicate keys {keys}")
    return dict(pairs)


def strict(c, what, rc, out, want_rc=0):
    """Checks exit code and strict JSON; returns the document or None."""
    c.eq(rc, want_rc, f"{what}: exit code")
    c.check(not re.search(r"[\x00-\x1f\x7f]", out.replace("\n", "")), f"{what}: no raw control characters")
    try:
        doc = json.loads(out, parse_constant=reject_constant, object_pairs_hook=unique_pairs)
    except ValueError as e:
        c.check(False, f"{what}: strict JSON ({e})")
        return None
    c.check(True, f"{what}: strict JSON")
    nsq.validate(doc)
    return doc


def make_export(path):
    src = nsq.raw_db(os.path.join(nsq.FIXTURES, BASE))
    dst = sqlite3.connect(path)
    src.backup(dst)
    src.close()
    kid = [r[0] for r in dst.execute(
        "SELECT DISTINCT shortName FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY shortName")]
    did = [r[0] for r in dst.execute(
        "SELECT DISTINCT demangledName FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY demangledName")]
    assert len(kid) >= len(NASTY), "base export has too few kernel names"
    names = {}
    for i, sid in enumerate(kid):
        b = NASTY[i % len(NASTY)] + (b"#%d" % i)
        dst.execute("UPDATE StringIds SET value = CAST(? AS TEXT) WHERE id = ?", (b, sid))
        names[sid] = b
    for i, sid in enumerate(did):
        if sid not in names:
            dst.execute("UPDATE StringIds SET value = CAST(? AS TEXT) WHERE id = ?", (NASTY[i % len(NASTY)] + b"!d", sid))
    nvtx = [r[0] for r in dst.execute("SELECT rowid FROM NVTX_EVENTS WHERE text IS NOT NULL ORDER BY rowid LIMIT ?",
                                      (len(NASTY),))]
    for i, rid in enumerate(nvtx):
        dst.execute("UPDATE NVTX_EVENTS SET text = CAST(? AS TEXT) WHERE rowid = ?", (NASTY[i], rid))
    dst.execute("UPDATE PROCESSES SET name = CAST(? AS TEXT)", (NASTY[1] + NASTY[3],))
    # a thread name with an embedded NUL (a name is bytes up to its length, not to the first NUL)
    tid = dst.execute("SELECT nameId FROM ThreadNames WHERE (globalTid >> 24) & 16777215 = "
                      "(SELECT (globalPid >> 24) & 16777215 FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 1) LIMIT 1").fetchone()[0]
    dst.execute("UPDATE StringIds SET value = CAST(? AS TEXT) WHERE id = ?", (b"thr\x00ead \xff", tid))
    dst.execute("UPDATE EXPORT_META_DATA SET value = CAST(? AS TEXT) WHERE name = 'EXPORT_PRODUCT_NAME'",
                (b"Nsight \"Systems\" \x01\xff",))
    dst.execute('CREATE TABLE "odd ""name"" \x01 table" (a INTEGER)')
    dst.executemany('INSERT INTO "odd ""name"" \x01 table" VALUES (?)', [(1,), (2,), (3,)])
    dst.commit()
    dst.close()
    return names


def main():
    nsq.fixtures()
    c = nsq.Checks()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "hostile.sqlite")
        names = make_export(path)
        before = nsq.sha256(path)
        raw = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        raw.text_factory = bytes
        per_name = {}
        for (sid,) in raw.execute("SELECT shortName FROM CUPTI_ACTIVITY_KIND_KERNEL"):
            per_name[expect(names[sid])] = per_name.get(expect(names[sid]), 0) + 1

        for pretty in ([], ["--pretty"]):
            what = "timeline-sql kernel names" + (" --pretty" if pretty else "")
            rc, out, err = nsq.run("timeline-sql", path, "--sql",
                                   "select short_name, count(*) n from kernel group by short_name", *pretty, raw=True)
            doc = strict(c, what, rc, out)
            if doc:
                got = {collapse(r["short_name"]): r["n"] for r in doc["result"]["rows"]}
                c.eq(got, per_name, f"{what}: every name decodes to its bytes, with its count")

        rc, out, _ = nsq.run("timeline-sql", path, "--sql", "select * from kernel", raw=True)
        doc = strict(c, "timeline-sql select * from kernel", rc, out)
        if doc:
            c.eq(doc["result"]["row_count"], raw.execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0],
                 "select * from kernel: every row")

        rc, out, _ = nsq.run("timeline-sql", path, "--sql", "select text from nvtx", "--max-rows", "100000", raw=True)
        doc = strict(c, "timeline-sql nvtx text", rc, out)
        if doc:
            got = {collapse(r["text"]) for r in doc["result"]["rows"] if r["text"] is not None}
            for b in NASTY:
                c.check(expect(b) in got, f"nvtx text {b[:20]!r}... comes out decoded")

        rc, out, _ = nsq.run("timeline-sql", path, "--query", "kernel-launch", raw=True)
        strict(c, "timeline-sql --query kernel-launch", rc, out)

        # hostile text in the statement itself: column names, literals, the echoed SQL
        sql = 'select 1 as "a\x01b", 2 as "q""uote", \'x\udcffy\' as "bad\udcfe", char(0, 65) as nul'
        rc, out, _ = nsq.run("timeline-sql", path, "--sql", sql, raw=True)
        doc = strict(c, "timeline-sql hostile SQL text", rc, out)
        if doc:
            row = doc["result"]["rows"][0]
            c.eq(sorted(collapse(k) for k in row), sorted(["a\x01b", 'q"uote', "bad\ufffd", "nul"]),
                 "column names escaped and decoded")
            c.eq([collapse(v) if isinstance(v, str) else v for v in row.values()], [1, 2, "x\ufffdy", "\x00A"],
                 "values decoded (NUL kept as \\u0000)")
            c.eq(collapse(doc["params"]["sql"]), collapse(sql.encode("utf-8", "surrogateescape").decode("utf-8", "replace")),
                 "the echoed SQL decodes to the statement given")

        # a --param value with invalid UTF-8 and control characters
        rc, out, _ = nsq.run("timeline-sql", path, "--sql", "select :v v", "--param", "v=\x01\udcff\"\\", raw=True)
        doc = strict(c, "timeline-sql hostile --param", rc, out)
        if doc:
            c.eq(collapse(doc["result"]["rows"][0]["v"]), "\x01\ufffd\"\\", "hostile --param value round-trips")
            c.eq(collapse(doc["params"]["bind"]["v"]), "\x01\ufffd\"\\", "hostile --param echoed")

        for pretty in ([], ["--pretty"]):
            what = "info" + (" --pretty" if pretty else "")
            rc, out, _ = nsq.run("info", path, *pretty, raw=True)
            doc = strict(c, what, rc, out)
            if doc:
                r = doc["result"]
                c.eq(collapse(r["export"]["product_name"]), collapse('Nsight "Systems" \x01\ufffd'),
                     f"{what}: product_name decoded")
                odd = [t for t in r["tables"] if t["name"] == 'odd "name" \x01 table']
                c.eq([t["rows"] for t in odd], [3], f"{what}: a table with quotes and a control character in its name is counted")
                pname = expect(NASTY[1] + NASTY[3])
                c.check(any(p["name"] is not None and collapse(p["name"]) == pname for p in r["processes"]),
                        f"{what}: process name decoded")
                tnames = [collapse(t["name"]) for p in r["processes"] for t in p["named_threads"] if t["name"]]
                c.check(expect(b"thr\x00ead \xff") in tnames,
                        f"{what}: a thread name with an embedded NUL is kept whole, got {[t for t in tnames if t.startswith('thr')]}")

        # errors that quote hostile input
        rc, out, _ = nsq.run("timeline-sql", path, "--sql", "select * from \"no\x01such\udcff\"", raw=True)
        strict(c, "error quoting a hostile table name", rc, out, want_rc=4)
        bad = os.path.join(tmp, "missing \x01\udcff\".sqlite")
        rc, out, _ = nsq.run("info", bad, raw=True)
        doc = strict(c, "error quoting a hostile path", rc, out, want_rc=3)
        if doc:
            c.eq(doc["error"]["code"], "input_not_found", "hostile missing path: input_not_found")
        c.eq(nsq.sha256(path), before, "hostile export unchanged")
    c.done()


if __name__ == "__main__":
    main()
