#!/usr/bin/env python3
"""The command line outside any one command: --version, --list-cmds, usage,
unknown commands, and the exit code when stdout cannot be written.

The version is compared with project(... VERSION) in CMakeLists.txt, and
the command list with the commands DESIGN.md section 2 names.
"""
import json
import os
import re
import subprocess
import tempfile
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

# DESIGN.md section 2: the commands of the first releases.
DESIGN_COMMANDS = ["capture", "info", "timeline-sql", "top-kernels", "idle-gaps", "steady-state", "diff"]


def project_version():
    with open(os.path.join(nsq.SRC, "CMakeLists.txt")) as f:
        m = re.search(r"project\(\s*nsysql\s+VERSION\s+([0-9.]+)", f.read())
    return m.group(1) if m else None


def main():
    c = nsq.Checks()

    rc, out, err = nsq.run("--version", raw=True)
    c.eq(rc, 0, "--version: exit 0")
    m = re.match(r"^nsysql (\d+\.\d+\.\d+)\b", out)
    c.check(m is not None, f"--version prints 'nsysql X.Y.Z', got {out!r}")
    want = project_version()
    c.eq(m.group(1) if m else None, want, "--version equals project(VERSION) in CMakeLists.txt")
    c.eq(out.count("\n"), 1, "--version is one line")

    rc, out, err = nsq.run("--list-cmds", raw=True)
    c.eq(rc, 0, "--list-cmds: exit 0")
    lines = out.splitlines()
    fields = [ln.split("\t") for ln in lines]
    c.check(all(len(f) == 3 and all(x for x in f) for f in fields), "--list-cmds: NAME<TAB>SCHEMA<TAB>SUMMARY per line")
    names = [f[0] for f in fields]
    c.eq(len(names), len(set(names)), "--list-cmds: names unique")
    for n in DESIGN_COMMANDS:
        c.check(n in names, f"--list-cmds lists {n} (DESIGN.md)")
    for f in fields:
        if len(f) == 3:
            c.eq(f[1], "nsysql/" + f[0], f"--list-cmds: {f[0]}'s schema id")
            c.check(re.match(r"^[a-z][a-z0-9-]*$", f[0]) is not None, f"command name {f[0]!r} is lower-case with dashes")

    # usage
    rc, out, err = nsq.run(raw=True)
    c.eq(rc, 2, "no arguments: exit 2 (usage)")
    c.check("usage:" in err and all(n in err for n in names), "no arguments: usage listing every command on stderr")
    for a in ("-h", "--help", "help"):
        rc, out, err = nsq.run(a, raw=True)
        c.eq(rc, 0, f"nsysql {a}: exit 0")
        c.check("usage:" in out and all(n in out for n in names), f"nsysql {a}: usage listing every command on stdout")

    # unknown commands
    for a, cmd in (("frobnicate", "frobnicate"), ("--frobnicate", "nsysql"), ("INFO", "INFO")):
        doc = nsq.run(a, expect_rc=2)
        c.eq((doc["ok"], doc["error"]["code"], doc["error"]["exit_code"]), (False, "unknown_command", 2),
             f"nsysql {a}: unknown_command, exit 2")
        c.eq(doc["command"], cmd, f"nsysql {a}: command named in the error document")
        c.check(a in doc["error"]["message"], f"nsysql {a}: the message names it")
        c.eq(doc["tool"]["version"], want, f"nsysql {a}: tool.version")
    doc = nsq.run("help", "frobnicate", expect_rc=2)
    c.eq(doc["error"]["code"], "unknown_command", "help frobnicate: unknown_command, exit 2")

    # error documents go to stdout, the message to stderr, with --pretty too
    rc, out, err = nsq.run("info", "/nonexistent/x.sqlite", "--pretty", raw=True)
    c.eq(rc, 3, "info on a missing path: exit 3")
    d = json.loads(out)
    nsq.validate(d)
    c.check("\n  " in out, "--pretty applies to the error document")
    c.check(d["error"]["message"] in err, "error message also on stderr")

    # common options anywhere before "--"
    fixtures = nsq.fixtures()
    path = fixtures[0]
    try:
        a = nsq.run("info", "--pretty", path)
        b = nsq.run("info", path, "--pretty")
        c.eq(a, b, "--pretty before or after INPUT")
        c.eq(a["tool"], {"name": "nsysql", "version": want}, "tool block")
        c.eq(a["input"]["path"], path, "input.path is the path as given")
    except AssertionError as e:  # nsq.run: unexpected exit code or document
        c.check(False, f"info --pretty {path}: {str(e)[:600]}")

    # a write error on stdout is an error exit, not silent success
    with open("/dev/full", "w") as full:
        p = subprocess.run([nsq.NSYSQL, "info", path], stdout=full, stderr=subprocess.PIPE, timeout=120)
    c.check(p.returncode != 0, f"stdout on /dev/full: non-zero exit (got {p.returncode})")
    c.check(b"write" in p.stderr or b"error" in p.stderr, "stdout on /dev/full: says why on stderr")
    # the same when the answer comes from the cache
    with tempfile.TemporaryDirectory() as cdir:
        env = dict(os.environ, NSYSQL_CACHE="1", NSYSQL_CACHE_DIR=cdir)
        first = subprocess.run([nsq.NSYSQL, "info", path], capture_output=True, env=env, timeout=120)
        with open("/dev/full", "w") as full:
            p = subprocess.run([nsq.NSYSQL, "info", path], stdout=full, stderr=subprocess.PIPE, env=env,
                               timeout=120)
        c.check(first.returncode == 0 and p.returncode != 0 and b"cannot write output" in p.stderr,
                f"cached answer to /dev/full: non-zero exit and why ({p.returncode}, {p.stderr[:200]})")

    c.done()


if __name__ == "__main__":
    main()
