#!/usr/bin/env python3
"""Hostile inputs (tests/README.md, cases 69 and on, test H): outputs that name
an input, interrupted outputs, times at the edge of the documented bound,
tables in unusual forms, tampered cache entries, names that carry escape
sequences, files that are not what an option expects, and MCP framing.

Every case asserts the exit code and error code (or the warning), one valid
document on stdout, no crash, and the input byte-identical afterwards.
Expected values are worked out here (by hand or with this file's own SQL),
never taken from nsysql's output.
"""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402


def run(args, env=None, timeout=120, **kw):
    e = {**os.environ, "NSYSQL_CACHE": "0"}
    if env:
        e.update(env)
    p = subprocess.run([nsq.NSYSQL, *map(str, args)], capture_output=True, timeout=timeout, env=e, **kw)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def doc_of(c, name, rc, out, err):
    c.check(0 <= rc < 128 and "Sanitizer" not in err and "runtime error" not in err,
            f"{name}: no crash (rc {rc}) {err[-300:]}")
    try:
        d = json.loads(out)
        nsq.validate(d)
        return d
    except Exception as ex:  # noqa: BLE001
        c.check(False, f"{name}: one valid JSON document ({ex}): {out[:300]!r}")
        return None


def refused(c, name, args, code, rc_want, inputs=(), env=None):
    before = {p: nsq.sha256(p) for p in inputs}
    rc, out, err = run(args, env=env)
    d = doc_of(c, name, rc, out, err)
    c.eq(rc, rc_want, f"{name}: exit code")
    if d:
        c.eq(d.get("error", {}).get("code"), code, f"{name}: error code")
        c.eq(d.get("error", {}).get("exit_code"), rc_want, f"{name}: error.exit_code")
    for p, h in before.items():
        c.eq(nsq.sha256(p), h, f"{name}: {os.path.basename(p)} unchanged")
    return d


def answered(c, name, args, env=None, inputs=()):
    before = {p: nsq.sha256(p) for p in inputs}
    rc, out, err = run(args, env=env)
    d = doc_of(c, name, rc, out, err)
    c.eq(rc, 0, f"{name}: exit code ({err[-300:]})")
    for p, h in before.items():
        c.eq(nsq.sha256(p), h, f"{name}: {os.path.basename(p)} unchanged")
    return d, err


def warned(d, code):
    return d is not None and any(w["code"] == code for w in d.get("warnings", []))


def leftovers(folder):
    return [f for f in os.listdir(folder) if ".nsysql-" in f]


# ---- 69-72: -o names an input; outputs written atomically ---------------------------------------

def outputs(c, td, base, patch):
    link = os.path.join(td, "link.sqlite")
    os.symlink(base, link)
    hard = os.path.join(td, "hard.sqlite")
    os.link(base, hard)
    folder = os.path.join(td, "cap")
    os.mkdir(folder)
    inside = os.path.join(folder, "profile.sqlite")
    os.link(patch, inside)
    for name, args in [
        ("report -o the input", ["report", base, "-o", base]),
        ("export-trace -o the input", ["export-trace", base, "-o", base]),
        ("export-trace -o the input (.gz name via symlink)", ["export-trace", base, "-o", link]),
        ("report -o a symlink to the input", ["report", base, "-o", link]),
        ("export-trace -o a hard link of the input", ["export-trace", base, "-o", hard]),
        ("report -o a hard link of the input", ["report", hard, "-o", base]),
        ("report -o its --baseline", ["report", base, "--baseline", patch, "-o", patch]),
        ("report -o the export inside a --baseline folder", ["report", base, "--baseline", folder, "-o", patch]),
        ("export-trace -o the export inside the input folder", ["export-trace", folder, "-o", patch]),
    ]:
        refused(c, name, args, "output_is_input", 2, inputs=(base, patch))
        c.eq(leftovers(td), [], f"{name}: no temporary file left")

    # a good output is replaced whole; a failed write leaves the previous file
    trace = os.path.join(td, "t.json")
    answered(c, "export-trace to a new file", ["export-trace", base, "-o", trace], inputs=(base,))
    first = open(trace, "rb").read()
    c.check(json.loads(first)["traceEvents"], "export-trace wrote a trace")
    # SIGTERM/SIGINT/SIGHUP while the trace is written: the previous file survives, no temp remains
    big = os.path.join(td, "big.sqlite")
    nsq.gen(big, "--kernels", 400000)
    bigtrace = os.path.join(td, "big.json")
    with open(bigtrace, "w") as f:
        f.write('{"previous": true}')
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        p = subprocess.Popen([nsq.NSYSQL, "export-trace", big, "-o", bigtrace],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "NSYSQL_CACHE": "0"})
        # wait until the temporary file is being written, then interrupt
        deadline = time.time() + 100
        while not leftovers(td) and p.poll() is None and time.time() < deadline:
            time.sleep(0.01)
        writing = bool(leftovers(td))
        p.send_signal(sig)
        p.communicate(timeout=120)
        c.check(writing, f"{sig.name}: the signal came while the temporary file was written")
        c.eq(p.returncode, -sig, f"{sig.name}: the process ended by the signal")
        c.eq(open(bigtrace, "rb").read(), b'{"previous": true}', f"{sig.name}: the previous output survives")
        c.eq(leftovers(td), [], f"{sig.name}: no temporary file left")
    # onto a full disk: an error, no temporary file
    refused(c, "export-trace -o /dev/full", ["export-trace", base, "-o", "/dev/full"], "trace_unwritable", 2)
    # stdout closed: EBADF at once, not "disk full?" at the end
    e = {**os.environ, "NSYSQL_CACHE": "0"}
    p = subprocess.run([nsq.NSYSQL, "export-trace", base, "-o", "-"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, env=e, timeout=60, preexec_fn=lambda: os.close(1))
    err = p.stderr.decode()
    c.eq(p.returncode, 2, "export-trace -o - with stdout closed: exit code")
    c.check("Bad file descriptor" in err and "disk full" not in err,
            f"export-trace -o - with stdout closed: says EBADF: {err!r}")


def main():
    c = nsq.Checks()
    with tempfile.TemporaryDirectory() as td:
        base = os.path.join(td, "base.sqlite")
        patch = os.path.join(td, "patch.sqlite")
        nsq.gen(base, "--iterations", 6)
        nsq.gen(patch, "--iterations", 6, "--seed", 2)
        outputs(c, td, base, patch)
    c.done()


if __name__ == "__main__":
    main()
