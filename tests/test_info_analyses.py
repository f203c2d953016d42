#!/usr/bin/env python3
"""info.analyses says what each analysis command can answer, checked by
running the commands themselves:

- every analysis command of the command table (all but capture, info, skill,
  mcp, merge, verify) is listed once;
- on every shared real export (and the memory-usage exports), a command
  listed can_run: false with a reason fails with exit 3 (input), or, for the
  commands that answer an empty input with a warning (api, memcpy), answers
  with that warning; one listed can_run: true answers ok (exit 0);
- the no-GPU hint tells the three cases apart, planted in generated exports:
  launches traced but every GPU row gone (records lost), CUDA API rows but no
  launch (outside the captured range), no CUDA API row at all (tracing off);
  top-kernels' error carries the same hint.
"""
import json
import os
import shutil
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()
NOT_ANALYSES = {"capture", "info", "skill", "mcp", "merge", "verify", "help", "version"}
# commands that answer an empty input ok, with this warning
# (or fail with exit 3 when the table itself is absent)
EMPTY_OK = {"api": "no_api_calls", "memcpy": "no_memory_tables", "osrt": "no_osrt_calls"}


def commands():
    rc, out, _ = nsq.run("--list-cmds", raw=True)
    names = [line.split("\t")[0] for line in out.splitlines() if line.strip()]
    return [n for n in names if n not in NOT_ANALYSES]


def run_cmd(cmd, path, tmp):
    args = [cmd, path]
    if cmd in ("report", "export-trace"):
        args += ["-o", os.path.join(tmp, "out." + ("html" if cmd == "report" else "json"))]
    elif cmd == "diff":
        args = ["diff", path, path]
    elif cmd == "timeline-sql":
        args = ["timeline-sql", "--sql", "SELECT 1", path]
    else:
        args.append("--no-cache")
    return nsq.run(*args, raw=True)


def check_export(path, cmds, tmp):
    name = os.path.basename(path)
    doc = nsq.run("info", "--no-cache", path)
    an = doc["result"]["analyses"]
    listed = [a["name"] for a in an]
    c.eq(sorted(listed), sorted(cmds), f"{name}: every analysis command listed once")
    for a in an:
        if a["name"] not in cmds:
            continue
        rc, out, err = run_cmd(a["name"], path, tmp)
        if a["can_run"]:
            c.eq(rc, 0, f"{name}: {a['name']} can run and answers (stderr {err[:200]})")
        elif a["name"] in EMPTY_OK and rc == 0:
            d = json.loads(out)
            c.check(EMPTY_OK[a["name"]] in [w["code"] for w in d["warnings"]],
                    f"{name}: {a['name']} cannot run: it says so ({EMPTY_OK[a['name']]})")
        else:
            c.eq(rc, 3, f"{name}: {a['name']} cannot run ({a['reason']}): exit 3")
        c.check(a["can_run"] or bool(a["reason"]), f"{name}: {a['name']} has a reason")


def hint_cases(tmp):
    base = os.path.join(tmp, "g.sqlite")
    nsq.gen(base, "--iterations", "10")
    cases = {}
    lost = os.path.join(tmp, "lost.sqlite")
    shutil.copy(base, lost)
    db = sqlite3.connect(lost)
    for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
        try:
            db.execute(f"DELETE FROM {t}")
        except sqlite3.OperationalError:
            pass
    launches = db.execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME r JOIN StringIds s ON s.id = r.nameId "
                          "WHERE s.value LIKE 'cudaLaunch%' OR s.value LIKE 'cuLaunch%'").fetchone()[0]
    db.commit()
    db.close()
    cases[lost] = f"CUDA tracing was on ({launches} kernel or graph launch calls were traced) but no GPU activity was recorded"
    nolaunch = os.path.join(tmp, "nolaunch.sqlite")
    shutil.copy(lost, nolaunch)
    db = sqlite3.connect(nolaunch)
    db.execute("DELETE FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE nameId IN (SELECT id FROM StringIds WHERE "
               "value LIKE 'cudaLaunch%' OR value LIKE 'cuLaunch%')")
    left = db.execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE eventClass IN (0, 1) OR eventClass IS NULL").fetchone()[0]
    db.commit()
    db.close()
    if left:
        cases[nolaunch] = f"CUDA tracing was on ({left} CUDA API calls) but no kernel was launched"
    off = os.path.join(tmp, "off.sqlite")
    shutil.copy(lost, off)
    db = sqlite3.connect(off)
    db.execute("DELETE FROM CUPTI_ACTIVITY_KIND_RUNTIME")
    db.commit()
    db.close()
    cases[off] = "CUDA tracing was off or the program made no CUDA call"
    c.check(launches > 0, "the generated export traces launch calls")
    for p, want in cases.items():
        d = nsq.run("info", "--no-cache", p)
        w = [x["message"] for x in d["warnings"] if x["code"] == "no_gpu_activity"]
        c.check(len(w) == 1 and want in w[0], f"{os.path.basename(p)}: info hint {w}, want '{want}'")
        e = nsq.run("top-kernels", "--no-cache", p, expect_rc=3)
        c.check(want in (e["error"].get("hint") or ""), f"{os.path.basename(p)}: top-kernels hint {e['error']}")


def main():
    cmds = commands()
    c.check(len(cmds) >= 17, f"the command table lists the analyses: {cmds}")
    paths = list(nsq.fixtures())
    mem = os.path.join(os.path.dirname(nsq.FIXTURES), "nsys-memory")
    if os.path.isdir(mem):
        paths += sorted(os.path.join(mem, f) for f in os.listdir(mem) if f.endswith(".sqlite"))
    with tempfile.TemporaryDirectory() as tmp:
        for p in paths:
            check_export(p, cmds, tmp)
        hint_cases(tmp)
    c.done()


if __name__ == "__main__":
    main()
