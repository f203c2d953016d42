#!/usr/bin/env python3
"""`nsysql timeline-sql`: stored queries, values, parameters, limits, modes.

References are independent of nsysql: the stored queries' headers and
SHA-256 are read from queries/ with Python (hashlib), counts come from raw
SQL (nsq.raw_db), REGEXP is compared with Python's re on the raw names, and
documents are parsed strictly (no NaN/Infinity, no duplicate keys).
"""
import glob
import hashlib
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

SMALL = "dlprof-pytorch-conv-2022.1.sqlite"   # 59 kernels, 2 streams
BIG = "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite"  # 3,442 kernels, 2 devices


def reject_constant(name):
    raise ValueError(f"non-JSON number {name}")


def unique_pairs(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError(f"duplicate keys in object: {keys}")
    return dict(pairs)


def strict_loads(text):
    """RFC 8259 JSON: no NaN/Infinity, no duplicate object keys."""
    return json.loads(text, parse_constant=reject_constant, object_pairs_hook=unique_pairs)


def strict_ok(text):
    try:
        strict_loads(text)
        return True
    except ValueError as e:
        print("strict JSON:", e)
        return False


def header(path):
    """Parses a queries/ file header the way the header format is documented."""
    h = {"requires": [], "params": []}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("--"):
                break
            m = re.match(r"--\s*(\w+):\s*(.*?)\s*$", line)
            if not m:
                continue
            k, v = m.groups()
            if k in ("id", "kind", "summary"):
                h[k] = v
            elif k == "version":
                h[k] = int(v)
            elif k == "requires":
                h[k] = [x.strip() for x in v.split(",") if x.strip()]
            elif k == "params":
                spec, _, help_text = v.partition(" ")
                pname, _, rest = spec.partition(":")
                ptype, eq, dflt = rest.partition("=")
                h["params"].append({"name": pname, "type": ptype, "default": dflt if eq else None,
                                    "help": help_text.strip()})
    return h


def stored_files():
    qdir = os.path.join(nsq.SRC, "queries")
    out = {}
    for p in sorted(glob.glob(os.path.join(qdir, "**", "*.sql"), recursive=True)):
        with open(p, "rb") as f:
            data = f.read()
        out[os.path.relpath(p, qdir)] = (header(p), hashlib.sha256(data).hexdigest(), data.decode("utf-8"))
    return out


def rows_of(doc):
    return doc["result"]["rows"]


def check_list_show(c):
    files = stored_files()
    doc = nsq.run("timeline-sql", "--list")
    c.eq(doc["params"]["mode"], "list", "--list: params.mode")
    c.check("input" not in doc, "--list needs no INPUT and names none")
    listed = {q["path"]: q for q in doc["result"]["queries"]}
    c.eq(sorted(listed), sorted(files), "--list names every file under queries/")
    ids = [(q["id"], q["version"]) for q in doc["result"]["queries"]]
    c.eq(len(ids), len(set(ids)), "--list: (id, version) unique")
    for path, (h, sha, text) in files.items():
        q = listed.get(path)
        if not q:
            continue
        c.eq(q["sha256"], sha, f"--list {path}: sha256 of the file")
        for k in ("id", "version", "kind", "summary", "requires", "params"):
            c.eq(q[k], h.get(k), f"--list {path}: {k} as the header says")
        c.check("text" not in q, f"--list {path}: no text (that is --show)")
        # --show, by id and by id@version
        show = nsq.run("timeline-sql", "--show", f"{q['id']}@{q['version']}")
        c.eq(show["params"]["mode"], "show", f"--show {q['id']}: params.mode")
        c.eq(show["result"]["query"]["text"], text, f"--show {q['id']}@{q['version']}: text is the file")
        c.eq(show["result"]["query"]["sha256"], sha, f"--show {q['id']}: sha256")
        if q["kind"] == "view":
            c.check(re.search(r"CREATE\s+TEMP\s+VIEW\s+" + re.escape(q["id"]) + r"\b", text) is not None,
                    f"view file {path} creates the view {q['id']}")
    latest = {}
    for q in doc["result"]["queries"]:
        latest[q["id"]] = max(latest.get(q["id"], 0), q["version"])
    for qid, v in latest.items():
        show = nsq.run("timeline-sql", "--show", qid)
        c.eq(show["result"]["query"]["version"], v, f"--show {qid} without @ picks the highest version")
    for spec, code in (("no-such-query", "unknown_query"), ("gpu-trace@999", "unknown_query_version"),
                       ("gpu-trace@0", "bad_query_spec"), ("gpu-trace@x", "bad_query_spec"),
                       ("gpu-trace@", "bad_query_spec")):
        e = nsq.run("timeline-sql", "--show", spec, expect_rc=2)
        c.eq(e["error"]["code"], code, f"--show {spec}: error code")
    # a version past the range of a C int must not wrap around to version 1
    for spec in ("gpu-trace@4294967297", "gpu-trace@2147483649"):
        e = nsq.run("timeline-sql", "--show", spec, expect_rc=None)
        c.check(e["ok"] is False and e["error"]["exit_code"] == 2
                and e["error"]["code"] in ("bad_query_spec", "unknown_query_version"),
                f"--show {spec}: refused with exit 2, got {e.get('error') or e['result']['query']['version']}")
    return files


def check_values(c, path):
    sql = ("select 9223372036854775807 a, -9223372036854775808 b, 0 z, -1 m1, 1.5 c, 2.0 d, "
           "'x' e, null f, x'00ff10' g, 9e999 h, -9e999 i, 0.1 j, 1e300 k, 5e-324 l, 'é€𝄞' u, '' s")
    rc, out, err = nsq.run("timeline-sql", path, "--sql", sql, raw=True)
    c.eq(rc, 0, "typed values: exit 0")
    c.check(strict_ok(out), "typed values: strict JSON (no NaN/Infinity)")
    doc = nsq.run("timeline-sql", path, "--sql", sql)
    row = rows_of(doc)[0]
    want = {"a": 2**63 - 1, "b": -2**63, "z": 0, "m1": -1, "c": 1.5, "d": 2.0, "e": "x", "f": None,
            "g": "x'00ff10'", "h": None, "i": None, "j": 0.1, "k": 1e300, "l": 5e-324, "u": "é€𝄞", "s": ""}
    for k, v in want.items():
        c.eq((row.get(k), type(row.get(k)).__name__), (v, type(v).__name__), f"value {k} round-trips with its type")
    c.eq(doc["result"]["columns"], list(want), "columns in select order")
    c.eq(list(row), list(want), "row keys in column order")
    c.eq(doc["query"], {"id": "adhoc", "version": None, "sha256": None}, "--sql: query is adhoc")
    c.eq(doc["params"]["sql"], sql, "--sql echoed in params")
    # a REAL that is integral stays a number that reads back as a float
    c.check('"d":2.0' in out.replace(" ", ""), "2.0 is printed as a real, not as the integer 2")


def check_duplicate_columns(c, path):
    """Two result columns with one name (a join's start_ns twice) must not
    become an object with duplicate keys: every value must be reachable."""
    for sql, want in (("select 1 as a, 2 as a", [1, 2]),
                      ("select k.start_ns, a.start_ns from kernel k join api a "
                       "on a.correlation_id = k.correlation_id and a.global_pid = k.global_pid "
                       "order by k.start_ns limit 1", None)):
        rc, out, _ = nsq.run("timeline-sql", path, "--sql", sql, raw=True)
        c.eq(rc, 0, f"duplicate column names ({sql[:30]}...): exit 0")
        c.check(strict_ok(out), f"duplicate column names ({sql[:30]}...): rows have no duplicate keys")
        try:
            doc = json.loads(out)
        except ValueError:
            continue
        cols = doc["result"]["columns"]
        c.eq(len(cols), 2, "duplicate column names: two columns listed")
        c.eq(len(set(cols)), 2, f"duplicate column names: column names made distinct, got {cols}")
        if want and len(set(cols)) == 2:
            c.eq([doc["result"]["rows"][0].get(k) for k in cols], want, "duplicate column names: both values kept")


def check_regexp(c, path):
    raw = nsq.raw_db(path)
    names = [r[0] for r in raw.execute(
        "SELECT s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName")]
    for pat in ("gemm", "^void", "(?i)CONV", "Kernel$", r"\d", "^[a-z_]+$", "a|b"):
        want = sum(1 for n in names if re.search(pat, n))
        doc = nsq.run("timeline-sql", path, "--sql", "select count(*) n from kernel where short_name regexp :p",
                      "--param", f"p={pat}")
        c.eq(rows_of(doc), [{"n": want}], f"REGEXP {pat!r} matches as Python re does")
    doc = nsq.run("timeline-sql", path, "--sql", "select 'abc' regexp 'b' a, 'abc' regexp '^b' b, null regexp 'x' n")
    c.eq(rows_of(doc), [{"a": 1, "b": 0, "n": None}], "REGEXP on literals and NULL")
    e = nsq.run("timeline-sql", path, "--sql", "select count(*) from kernel where short_name regexp '('", expect_rc=4)
    c.eq(e["error"]["code"], "sql_error", "bad REGEXP pattern: sql_error")


def check_params(c, path):
    def one(sql, *params):
        args = []
        for p in params:
            args += ["--param", p]
        return rows_of(nsq.run("timeline-sql", path, "--sql", sql, *args))

    c.eq(one("select :n + 1 v, typeof(:n) t", "n=41"), [{"v": 42, "t": "integer"}], "--param integer")
    c.eq(one("select :x * 2 v, typeof(:x) t", "x=1.25"), [{"v": 2.5, "t": "real"}], "--param real")
    c.eq(one("select :s v, typeof(:s) t", "s=abc"), [{"v": "abc", "t": "text"}], "--param text")
    c.eq(one("select :s v, typeof(:s) t", "s=1; DROP TABLE x"), [{"v": "1; DROP TABLE x", "t": "text"}],
         "--param value with SQL in it is one string, not spliced")
    c.eq(one("select count(*) n from StringIds where value = :v", "v=x' OR '1'='1"), [{"n": 0}],
         "--param quote injection matches nothing")
    c.eq(one("select :a || :b v", "a=x=y", "b="), [{"v": "x=y"}], "--param splits at the first '=' and allows empty")
    c.eq(one("select @a v1, $b v2", "a=1", "b=2"), [{"v1": 1, "v2": 2}], "--param binds @name and $name too")
    doc = nsq.run("timeline-sql", path, "--sql", "select :p v", "--param", "p=7")
    c.eq(doc["params"]["bind"], {"p": "7"}, "--param echoed in params.bind")
    for args, code in ((["--sql", "select :p"], "missing_param"),
                       (["--sql", "select 1", "--param", "q=1"], "unknown_param"),
                       (["--sql", "select :p", "--param", "p"], "bad_param"),
                       (["--sql", "select :p", "--param", "=1"], "bad_param"),
                       (["--query", "gpu-trace", "--param", "start_ns=abc"], "bad_param")):
        e = nsq.run("timeline-sql", path, *args, expect_rc=2)
        c.eq(e["error"]["code"], code, f"{args}: error code")
    e = nsq.run("timeline-sql", path, "--sql", "select ?", expect_rc=None)
    c.check(e["ok"] is False and e["error"]["exit_code"] in (2, 4), "positional '?' parameter is refused")


def check_stored(c, path, files):
    raw = nsq.raw_db(path)
    sha = {h["id"]: (h["version"], s) for h, s, _ in files.values() if h.get("kind") == "query"}
    # gpu-trace with a window: GPU ops overlapping [start, end)
    lo, hi = raw.execute("SELECT min(start), max(\"end\") FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()
    mid = (lo + hi) // 2
    a, b = lo + (hi - lo) // 4, mid
    want = 0
    for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
        want += raw.execute(f'SELECT count(*) FROM {t} WHERE "end" > ? AND start < ?', (a, b)).fetchone()[0]
    doc = nsq.run("timeline-sql", path, "--query", "gpu-trace", "--param", f"start_ns={a}", "--param", f"end_ns={b}",
                  "--max-rows", "100000")
    c.eq(doc["result"]["row_count"], want, "gpu-trace window: rows = GPU ops overlapping it (raw SQL)")
    starts = [r["start_ns"] for r in rows_of(doc)]
    c.eq(starts, sorted(starts), "gpu-trace: in start order")
    c.eq(doc["query"], {"id": "gpu-trace", "version": sha["gpu-trace"][0], "sha256": sha["gpu-trace"][1]},
         "--query: envelope names the query, its version and the file's sha256")
    c.eq(doc["params"]["mode"], "query", "--query: params.mode")
    c.check("sql" not in doc["params"], "--query: the stored SQL is named by id, not echoed")
    doc2 = nsq.run("timeline-sql", path, "--query", "gpu-trace@1", "--param", f"start_ns={a}", "--param", f"end_ns={b}",
                   "--max-rows", "100000")
    c.eq(rows_of(doc2), rows_of(doc), "--query ID@VERSION gives the same rows")
    # kernel-launch: one row per kernel; the regex parameter filters by short name
    nk = raw.execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0]
    doc = nsq.run("timeline-sql", path, "--query", "kernel-launch", "--max-rows", "1000000")
    c.eq(doc["result"]["row_count"], nk, "kernel-launch: one row per kernel")
    names = [r[0] for r in raw.execute(
        "SELECT s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName")]
    want = sum(1 for n in names if re.search("nccl|gemm", n))
    doc = nsq.run("timeline-sql", path, "--query", "kernel-launch", "--param", "name_regex=nccl|gemm",
                  "--max-rows", "1000000")
    c.eq(doc["result"]["row_count"], want, "kernel-launch name_regex filters like Python re")
    for spec, code in (("nope", "unknown_query"), ("gpu-trace@99", "unknown_query_version"),
                       ("gpu-trace@x", "bad_query_spec"), ("kernel", "not_a_query")):
        e = nsq.run("timeline-sql", path, "--query", spec, expect_rc=2)
        c.eq(e["error"]["code"], code, f"--query {spec}: error code, exit 2")


def check_every_stored_query_runs(c, fixtures, files):
    """One SQL text runs on exports from 2021.3 to 2026.x: every stored query
    runs on every fixture."""
    for h, _, _ in files.values():
        if h.get("kind") != "query":
            continue
        for path in fixtures:
            rc, out, err = nsq.run("timeline-sql", path, "--query", h["id"], "--max-rows", "3", raw=True)
            c.eq(rc, 0, f"--query {h['id']} runs on {os.path.basename(path)} ({err.strip()[:200]})")
            if rc == 0:
                nsq.validate(json.loads(out))


def check_file_and_modes(c, path, tmp):
    sql = "select short_name, count(*) n from kernel group by 1 order by 2 desc, 1 limit 3"
    f = os.path.join(tmp, "q.sql")
    with open(f, "w") as fh:
        fh.write("-- a comment\n" + sql + ";\n\n")
    a = nsq.run("timeline-sql", path, "--file", f)
    b = nsq.run("timeline-sql", path, "--sql", sql)
    c.eq(rows_of(a), rows_of(b), "--file gives the rows of the same --sql")
    c.eq((a["params"]["mode"], a["params"]["file"]), ("file", f), "--file: params.mode and file")
    e = nsq.run("timeline-sql", path, "--file", os.path.join(tmp, "absent.sql"), expect_rc=2)
    c.eq(e["error"]["code"], "sql_file_unreadable", "--file missing: sql_file_unreadable")
    for args, code in (([], "bad_usage"), (["--sql", "select 1", "--query", "gpu-trace"], "bad_usage"),
                       (["--sql", "select 1", "--list"], "bad_usage")):
        e = nsq.run("timeline-sql", path, *args, expect_rc=2)
        c.eq(e["error"]["code"], code, f"timeline-sql {args}: exactly one of the modes")
    e = nsq.run("timeline-sql", "--sql", "select 1", expect_rc=2)
    c.eq(e["error"]["code"], "missing_input", "--sql without INPUT: missing_input")
    e = nsq.run("timeline-sql", path, path, "--sql", "select 1", expect_rc=2)
    c.eq(e["error"]["code"], "extra_argument", "two INPUTs: extra_argument")
    for sql, code in (("select 1; select 2", "multiple_statements"), ("", "empty_sql"), ("  -- only a comment", "empty_sql"),
                      ("select * from no_such_table", "sql_error"), ("selec 1", "sql_error")):
        e = nsq.run("timeline-sql", path, "--sql", sql, expect_rc=4)
        c.eq(e["error"]["code"], code, f"--sql {sql!r}: error code, exit 4")
    for sql in ("select 1;", "select 1; -- trailing comment", "select 1 ; /* c */  "):
        doc = nsq.run("timeline-sql", path, "--sql", sql)
        c.eq(rows_of(doc), [{"1": 1}], f"--sql {sql!r}: trailing trivia accepted")


def check_max_rows(c, path):
    n = nsq.raw_db(path).execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0]
    for limit, want_rows, want_trunc in ((3, 3, True), (n, n, False), (n - 1, n - 1, True), (n + 1, n, False),
                                        (0, 0, True)):
        doc = nsq.run("timeline-sql", path, "--sql", "select start_ns from kernel", "--max-rows", limit)
        r = doc["result"]
        c.eq((r["row_count"], len(r["rows"]), r["truncated"]), (want_rows, want_rows, want_trunc),
             f"--max-rows {limit} of {n}: row_count, rows, truncated")
        codes = [w["code"] for w in doc["warnings"]]
        c.eq("rows_truncated" in codes, want_trunc, f"--max-rows {limit}: rows_truncated warning iff truncated")
        c.eq(doc["params"]["max_rows"], limit, f"--max-rows {limit} echoed")
    doc = nsq.run("timeline-sql", path, "--sql", "select 1")
    c.eq((doc["params"]["max_rows"], doc["params"]["timeout_ms"]), (10000, 60000), "defaults: 10000 rows, 60000 ms")
    e = nsq.run("timeline-sql", path, "--sql", "select 1", "--max-rows", "-1", expect_rc=2)
    c.eq(e["error"]["code"], "bad_option_value", "--max-rows -1: bad_option_value")
    e = nsq.run("timeline-sql", path, "--sql", "select 1", "--max-rows", "ten", expect_rc=2)
    c.eq(e["error"]["code"], "bad_option_value", "--max-rows ten: bad_option_value")
    doc = nsq.run("timeline-sql", path, "--sql", "select 1", "--max-rows=2")
    c.eq(doc["params"]["max_rows"], 2, "--max-rows=2 form")


def check_timeout(c, path):
    # the query never ends by itself: query_timeout is the proof that the
    # limit interrupted it (no wall-clock bound, which would add the load)
    e = nsq.run("timeline-sql", path, "--timeout-ms", "300", "--sql",
                "with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r",
                expect_rc=4)
    c.eq(e["error"]["code"], "query_timeout", "runaway recursive CTE: query_timeout")
    doc = nsq.run("timeline-sql", path, "--timeout-ms", "0", "--sql",
                  "with recursive r(n) as (select 1 union all select n + 1 from r where n < 1000) select count(*) n from r")
    c.eq(rows_of(doc), [{"n": 1000}], "--timeout-ms 0 (no limit) lets a finite query finish")


def check_pretty(c, path):
    for args in (["--sql", "select * from kernel limit 3"], ["--list"], ["--show", "gpu-trace"]):
        full = ["timeline-sql"] + ([path] if args[0] == "--sql" else []) + args
        rc1, compact, _ = nsq.run(*full, raw=True)
        rc2, pretty, _ = nsq.run(*full, "--pretty", raw=True)
        c.check(rc1 == 0 and rc2 == 0 and strict_loads(compact) == strict_loads(pretty),
                f"{args}: --pretty parses to the same document")
        c.check("\n  " in pretty and "\n" not in compact.rstrip("\n"), f"{args}: --pretty indents, compact is one line")


def main():
    fixtures = nsq.fixtures()
    byname = {os.path.basename(p): p for p in fixtures}
    c = nsq.Checks()
    small, big = byname[SMALL], byname[BIG]
    hashes = {p: nsq.sha256(p) for p in (small, big)}
    files = check_list_show(c)
    with tempfile.TemporaryDirectory() as tmp:
        check_values(c, small)
        check_duplicate_columns(c, small)
        check_regexp(c, big)
        check_params(c, small)
        check_stored(c, big, files)
        check_every_stored_query_runs(c, fixtures, files)
        check_file_and_modes(c, small, tmp)
        check_max_rows(c, small)
        check_timeout(c, small)
        check_pretty(c, small)
    for p, h in hashes.items():
        c.eq(nsq.sha256(p), h, f"{os.path.basename(p)}: sha256 unchanged")
    c.done()


if __name__ == "__main__":
    main()
