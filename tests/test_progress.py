#!/usr/bin/env python3
"""Progress on stderr: only on a terminal, never on stdout, --quiet silences it.

A generated export is read with stderr on a pseudo-terminal and the delay
set to 0 (NSYSQL_PROGRESS_DELAY_MS, so a small export in CI behaves as a big
one does after a second): a progress line ("nsysql: ... NN% (i of n ...)")
appears on the terminal, it is erased at the end (the last thing written is
the erase sequence), and stdout is exactly the document a run without a
terminal prints. With --quiet, -q, NSYSQL_PROGRESS=0, or stderr on a pipe:
nothing at all on stderr. Several inputs: the workers draw nothing.
"""
import json
import os
import pty
import re
import select
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402


def on_pty(args, extra_env=None):
    master, slave = pty.openpty()
    env = dict(os.environ, NSYSQL_PROGRESS_DELAY_MS="0", NSYSQL_CACHE="0")
    env.pop("NSYSQL_PROGRESS", None)
    env.update(extra_env or {})
    p = subprocess.Popen([nsq.NSYSQL, *args], stdout=subprocess.PIPE, stderr=slave, env=env)
    out, _ = p.communicate(timeout=300)
    os.close(slave)
    data = b""
    while True:
        r, _, _ = select.select([master], [], [], 0.5)
        if not r:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    os.close(master)
    return p.returncode, out.decode(), data.decode(errors="replace")


c = nsq.Checks()
tmp = tempfile.mkdtemp(prefix="nsq-progress-")
path = os.path.join(tmp, "p.sqlite")
nsq.gen(path, "--kernels", 300000)
plain = subprocess.run([nsq.NSYSQL, "top-kernels", path], capture_output=True, env=dict(os.environ, NSYSQL_PROGRESS_DELAY_MS="0"))
c.eq(plain.stderr, b"", "stderr on a pipe: nothing")
rc, out, tty = on_pty(["top-kernels", path])
c.eq(rc, 0, "on a terminal: exit 0")
c.eq(out, plain.stdout.decode(), "stdout is the same document with a terminal on stderr")
c.check(re.search(r"\rnsysql: [^\r]+ +\d+% \(\d+ of \d+", tty) is not None, f"a progress line on the terminal: {tty[:120]!r}")
c.check(tty.endswith("\r\x1b[K"), "the line is erased at the end")
json.loads(out)
for label, args, env in (("--quiet", ["top-kernels", path, "--quiet"], None),
                         ("-q", ["top-kernels", "-q", path], None),
                         ("NSYSQL_PROGRESS=0", ["top-kernels", path], {"NSYSQL_PROGRESS": "0"})):
    rc, out2, tty2 = on_pty(args, env)
    c.eq((rc, tty2), (0, ""), f"{label}: nothing on the terminal")
    c.eq(out2, out, f"{label}: the same document")
# several inputs: the parent reads no table, the workers are told to stay quiet
rc, out3, tty3 = on_pty(["top-kernels", path, path, "-j", "2"])
c.eq((rc, tty3), (0, ""), "several inputs: no progress lines from the workers")
# capture (nsys backend, the stand-in nsys of tests/stand-in-nsys): the wait for
# the target and the export each show their line on a terminal
standin = os.path.join(nsq.SRC, "tests", "stand-in-nsys")
fixture = os.path.join(nsq.FIXTURES, "pipit-saxpy-mpi-cuda-2022.2.sqlite")
if os.path.exists(fixture):
    env = {"PATH": standin + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"),
           "NSYS_STANDIN_FIXTURE": fixture, "NSYSQL_CAPTURE_MIN_FREE_MB": "1", "NSYSQL_FIXTURES": nsq.FIXTURES}
    rc, out4, tty4 = on_pty(["capture", "--out-dir", os.path.join(tmp, "cap"), "--", "sleep", "0.5"], env)
    c.eq(rc, 0, "capture on a terminal: exit 0")
    c.eq(json.loads(out4)["schema"], "nsysql/capture", "capture: stdout is its document")
    c.check("nsysql: capturing under nsys, " in tty4, f"capture: the wait is shown: {tty4[:200]!r}")
    rc, out5, tty5 = on_pty(["capture", "-q", "--out-dir", os.path.join(tmp, "cap2"), "--", "sleep", "0.5"], env)
    c.eq((rc, tty5), (0, ""), "capture -q: nothing on the terminal")
else:
    print("skip: capture part (fixture absent)")
c.done()
