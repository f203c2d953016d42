"""An .nsys-rep given as input is exported once next to it (REPORT.sqlite) with
the nsys found on PATH, then reused; without nsys it is a coded error. Runs
against the plainly labelled stand-in nsys under tests/stand-in-nsys/."""
import json
import os
import shutil
import sys
import tempfile

import nsq

STANDIN_DIR = os.path.join(nsq.SRC, "tests", "stand-in-nsys")


def report_magic():
    with open(os.path.join(STANDIN_DIR, "nsys")) as f:
        for line in f:
            if line.startswith("REPORT_MAGIC ="):
                return eval(line.split("=", 1)[1].strip())  # a bytes literal
    raise AssertionError("stand-in nsys has no REPORT_MAGIC")


def main():
    fixture = os.path.join(nsq.FIXTURES, "pipit-saxpy-mpi-cuda-2022.2.sqlite")
    if not os.path.exists(fixture):
        print(f"SKIP: fixture {fixture} is absent")
        sys.exit(77)
    c = nsq.Checks()
    tmp = tempfile.mkdtemp(prefix="nsq-report-")
    try:
        rep = os.path.join(tmp, "run.nsys-rep")
        with open(rep, "wb") as f:
            f.write(report_magic() + b"\0" * 8192)
        before = nsq.sha256(rep)
        log = os.path.join(tmp, "standin.log")
        no_nsys = {"PATH": "/usr/bin:/bin", "NSYS_PATH": ""}
        d = nsq.run("info", rep, expect_rc=3, env=no_nsys)
        c.eq(d["error"]["code"], "nsys_report_not_exported", "report without nsys: coded error")
        c.check("nsys export --type sqlite" in d["error"]["hint"], "report without nsys: hint names the export command")
        c.check(not os.path.exists(os.path.join(tmp, "run.sqlite")), "report without nsys: nothing written")

        env = {"PATH": STANDIN_DIR + ":/usr/bin:/bin", "NSYS_STANDIN_FIXTURE": fixture, "NSYS_STANDIN_LOG": log}
        d = nsq.run("info", rep, env=env)
        c.eq(d["result"]["export"]["product_version"], "2022.2.1.31", "report exported: info reads the export")
        out = os.path.join(tmp, "run.sqlite")
        c.eq(nsq.sha256(out), nsq.sha256(fixture), "report exported next to it as run.sqlite")
        d = nsq.run("top-kernels", rep, env=env)
        c.eq(d["result"]["kernels"][0]["name"], "saxpy", "second command on the report works")
        with open(log) as f:
            exports = [json.loads(l) for l in f if l.strip()]
        exports = [e for e in exports if "export" in json.dumps(e.get("argv", e))]
        c.eq(len(exports), 1, "the report is exported once and the export reused")
        c.eq(nsq.sha256(rep), before, "the report itself is unchanged")

        # a stale export (older than the report) is replaced; a failing export is an error
        os.remove(out)
        d = nsq.run("info", rep, expect_rc=3, env=dict(env, NSYS_STANDIN_MODE="export_fail"))
        c.eq(d["error"]["code"], "nsys_export_failed", "failing nsys export: coded error")
        c.check(not os.path.exists(out), "failing nsys export: no partial export left")
        d = nsq.run("info", rep, expect_rc=3, env=dict(env, NSYS_STANDIN_MODE="export_garbage"))
        c.eq(d["error"]["code"], "nsys_export_failed", "nsys export writing garbage: nsys_export_failed")
        c.check(not os.path.exists(out), "nsys export writing garbage: nothing kept to be reused")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    c.done()


if __name__ == "__main__":
    main()
