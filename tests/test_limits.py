#!/usr/bin/env python3
"""Limits every analysis command honours: --timeout-ms (query_timeout, exit 4)
and --max-memory-mb (memory_limit, exit 4).

- Every command that reads an export stops with query_timeout when the time
  limit passes, and never hangs (each run has a subprocess timeout).
- A computation that ignores the deadline (simulated with the test hook
  NSYSQL_DEBUG_STALL_MS) is ended by the watchdog: one valid error document,
  nothing else on stdout.
- A SQLite statement that needs more memory than the ceiling stops with
  memory_limit; so does nsysql's own allocation (not under AddressSanitizer,
  whose shadow memory rules out an address-space ceiling).
- capture has no --timeout-ms (its bound is --duration-s).
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

def run(*args, env=None, timeout=60):
    """Runs nsysql; None when it is still running after `timeout` seconds (a
    hang: the limits under test exist to prevent it). No wall-clock figure is
    asserted here; speed belongs in bench/."""
    e = dict(os.environ)
    if env:
        e.update(env)
    try:
        return subprocess.run([nsq.NSYSQL, *map(str, args)], capture_output=True, env=e, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def expect(c, what, p, rc, code):
    if p is None:
        c.check(False, f"{what}: still running after the subprocess timeout (hung)")
        return None
    out = p.stdout.decode("utf-8", "strict")
    c.eq(p.returncode, rc, f"{what}: exit code")
    try:
        doc = json.loads(out)  # exactly one document: trailing data would fail
    except ValueError as e:
        c.check(False, f"{what}: stdout is one JSON document ({e}): {out[:300]!r}")
        return None
    nsq.validate(doc)
    c.eq(doc.get("ok"), False, f"{what}: ok")
    c.eq(doc.get("error", {}).get("code"), code, f"{what}: error code")
    c.eq(doc.get("error", {}).get("exit_code"), rc, f"{what}: error.exit_code")
    return doc


def main():
    c = nsq.Checks()
    with tempfile.TemporaryDirectory() as td:
        big = os.path.join(td, "big.sqlite")
        nsq.gen(big, "--kernels", 300000, "--seed", 5)
        before = nsq.sha256(big)

        # every command that reads an export, with a limit it cannot meet
        cmds = [
            ["info", big],
            ["top-kernels", big],
            ["idle-gaps", big],
            ["steady-state", big],
            ["diff", big, big],
            ["timeline-sql", "--sql", "SELECT count(*) FROM kernel k1, kernel k2", big],
        ]
        for args in cmds:
            expect(c, f"{args[0]} --timeout-ms 1", run(args[0], "--timeout-ms", 1, *args[1:]), 4, "query_timeout")

        # the same commands without a limit succeed (the limit is what stopped them)
        for args in cmds[:5]:
            p = run(args[0], "--timeout-ms", 0, *args[1:])
            c.eq(p and p.returncode, 0, f"{args[0]} --timeout-ms 0: exit code")

        # a recursive CTE that never ends, under timeline-sql's default limit
        # lowered to 300 ms: stopped by the progress handler
        # (without the limit it never ends: the subprocess timeout would catch it)
        p = run("timeline-sql", "--timeout-ms", 300, "--sql",
                "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                "SELECT count(*) FROM c", big)
        expect(c, "endless recursive CTE", p, 4, "query_timeout")

        # timeline-sql's default limit is 60 s, echoed in params
        doc = nsq.run("timeline-sql", "--sql", "SELECT 1 AS one", big)
        c.eq(doc["params"]["timeout_ms"], 60000, "timeline-sql default timeout_ms")
        doc = nsq.run("timeline-sql", "--timeout-ms=2500", "--sql", "SELECT 1 AS one", big)
        c.eq(doc["params"]["timeout_ms"], 2500, "timeline-sql --timeout-ms=2500 echoed")

        # a computation that never looks at the deadline (stalled for 10 min by
        # the test hook): the watchdog ends it, long before the 60 s timeout here
        p = run("top-kernels", "--timeout-ms", 200, big, env={"NSYSQL_DEBUG_STALL_MS": "600000"})
        doc = expect(c, "stalled computation", p, 4, "query_timeout")
        if doc:
            c.check("200 ms" in doc["error"]["message"], "stalled: message names the limit")

        # bad values are usage errors
        for v in ("-1", "abc", "1e3", ""):
            p = run("info", f"--timeout-ms={v}", big)
            expect(c, f"--timeout-ms={v!r}", p, 2, "bad_option_value")
            p = run("info", f"--max-memory-mb={v}", big)
            expect(c, f"--max-memory-mb={v!r}", p, 2, "bad_option_value")

        # capture is bounded by --duration-s, not --timeout-ms
        p = run("capture", "--timeout-ms", 10, "--", "true")
        expect(c, "capture --timeout-ms", p, 2, "unknown_option")

        # SQLite's heap under the ceiling: a 200 MB string cannot be built in 64 MiB
        p = run("timeline-sql", "--max-memory-mb", 64, "--sql",
                     "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100000) "
                     "SELECT length(group_concat(hex(randomblob(1000)))) AS n FROM c", big)
        expect(c, "SQLite allocation over the ceiling", p, 4, "memory_limit")
        # ... and it can with the ceiling lifted
        doc = nsq.run("timeline-sql", "--max-memory-mb", 0, "--sql",
                      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100000) "
                      "SELECT length(group_concat(hex(randomblob(1000)))) AS n FROM c", big)
        c.eq(doc["result"]["rows"][0]["n"] if doc["result"]["rows"] and isinstance(doc["result"]["rows"][0], dict)
             else doc["result"]["rows"][0][0], 100000 * 2000 + 99999, "no ceiling: the string is built")

        # nsysql's own allocations under the ceiling (an address-space limit;
        # not under AddressSanitizer)
        if not nsq.asan_build():
            p = run("top-kernels", "--max-memory-mb", 24, big)
            expect(c, "own allocation over the ceiling", p, 4, "memory_limit")
            p = run("top-kernels", "--max-memory-mb", 4096, big)
            c.eq(p.returncode, 0, "top-kernels under a 4 GiB ceiling")

        c.eq(nsq.sha256(big), before, "the input is unchanged")
    c.done()


if __name__ == "__main__":
    main()
