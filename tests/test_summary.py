#!/usr/bin/env python3
"""The envelope's summary on every shared real export: present for the
commands that answer a question (a sentence and its figures), and its
rows_left_out is exact: for each table a limit cut, `shown` is the length
of that array in the result and `total` the count the result gives
elsewhere (names_total, names, counts.kernels ...); with --limit 0 nothing
is left out. The figures repeat result values (checked for top-kernels,
api, steady-state, diff)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()
WITH = ["info", "top-kernels", "idle-gaps", "steady-state", "nvtx", "api", "osrt", "memcpy", "gpu-util",
        "ranks", "advise", "stats"]
TOTALS = {("nvtx", "names"): "names_total", ("nvtx", "paths"): "paths_total", ("nvtx", "marks"): "marks_total",
          ("api", "calls"): "names", ("api", "launch_latency"): "launch_latency_total", ("osrt", "calls"): "names", ("osrt", "per_thread"): "per_thread_total",
          ("osrt", "blocked_by_thread"): "blocked_by_thread_total", ("diff", "kernels"): "counts.kernels",
          ("info", "processes"): "processes_total"}


def get(o, path):
    for k in path.split("."):
        o = o[k]
    return o


def check(cmd, doc, what, limited=True):
    s = doc.get("summary")
    c.check(s is not None and len(s["text"]) > 10, f"{what}: summary text")
    if not s:
        return
    r = doc["result"]
    want = []
    for (cm, table), tot in TOTALS.items():
        if cm == cmd and table in r and get(r, tot) > len(r[table]):
            want.append({"table": table, "shown": len(r[table]), "total": get(r, tot)})
    if cmd == "info":  # the named threads of the processes listed, all together
        shown = sum(len(p["named_threads"]) for p in r["processes"])
        total = sum(p["named_threads_total"] for p in r["processes"])
        if total > shown:
            want.append({"table": "processes.named_threads", "shown": shown, "total": total})
    if cmd == "idle-gaps":  # the longest gaps of every device against all gaps
        shown = sum(len(d["longest_gaps"]) for d in r["devices"])
        total = sum(d["gaps"]["count"] for d in r["devices"])
        if total > shown:
            want.append({"table": "devices.longest_gaps", "shown": shown, "total": total})
    if cmd == "top-kernels":
        named = [k for k in r["kernels"] if not k["other"]]
        if r["totals"]["names"] > len(named):
            want.append({"table": "kernels", "shown": len(named), "total": r["totals"]["names"]})
    c.eq(sorted(s["rows_left_out"], key=lambda x: x["table"]), sorted(want, key=lambda x: x["table"]),
         f"{what}: rows_left_out")
    if not limited:
        c.eq(s["rows_left_out"], [], f"{what} --limit 0: nothing left out")
    f = s["figures"]
    if cmd == "top-kernels" and r["kernels"]:
        c.eq((f["kernel_time_ns"], f["top_kernel"]), (r["totals"]["kernel_time_ns"], r["kernels"][0]["name"]),
             f"{what}: figures")
    if cmd == "api" and r["calls"]:
        c.eq((f["api_time_ns"], f["top_call"]), (r["api_time_ns"], r["calls"][0]["name"]), f"{what}: figures")
    if cmd == "steady-state" and r["found"]:
        c.eq((f["steady_start_ns"], f["steady_end_ns"]), (r["steady_start_ns"], r["steady_end_ns"]), f"{what}: figures")
    if cmd == "diff":
        c.eq(f["verdict"], r["verdict"], f"{what}: verdict")
        c.check(s["text"].startswith("overall " + r["verdict"]), f"{what}: the sentence leads with the verdict")


def main():
    for p in nsq.fixtures():
        name = os.path.basename(p)
        for cmd in WITH:
            rc, out, _ = nsq.run(cmd, "--no-cache", p, raw=True)
            if rc != 0:
                continue
            import json
            check(cmd, json.loads(out), f"{name} {cmd}")
        for cmd in ("nvtx", "osrt", "api"):
            rc, out, _ = nsq.run(cmd, "--no-cache", "--limit", "0", p, raw=True)
            if rc == 0:
                import json
                check(cmd, json.loads(out), f"{name} {cmd} --limit 0", limited=False)
    pairs = os.path.join(os.path.dirname(nsq.FIXTURES), "nsys-pairs")
    a, b = (os.path.join(pairs, f"cestwc-balinski-report{i}-2025.5.sqlite") for i in (2, 3))
    if os.path.exists(a):
        for lim in ("3", "0"):
            d = nsq.run("diff", a, b, "--limit", lim)
            check("diff", d, f"balinski diff --limit {lim}", limited=lim != "0")
            if lim == "3":
                c.eq(len(d["result"]["kernels"]), 3, "diff --limit 3 lists 3 kernels")
    c.done()


if __name__ == "__main__":
    main()
