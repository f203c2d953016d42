#!/usr/bin/env python3
"""`nsysql stats`: every report is exactly what its own command gives with
its defaults (top-kernels, nvtx, api, memcpy, osrt, each tested against the
raw tables in its own test), on every fixture; a report that cannot be made
holds the same error its command gives, with a report_unavailable warning,
and does not sink the others; --report selects.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

REPORTS = {"kernels": "top-kernels", "nvtx": "nvtx", "api": "api", "memcpy": "memcpy", "osrt": "osrt"}


def main():
    c = nsq.Checks()
    n = 0
    for f in nsq.fixtures():
        if os.path.getsize(f) > 60 << 20:
            continue
        name = os.path.basename(f)
        # default --limit 5: each report that lists rows is its command's
        # result with --limit 5; --limit 0: with each command's own default
        for lim, own_args in (("5", ["--limit", "5"]), ("0", [])):
            # --detail: each report whole (the default leaves out what result.left_out
            # names; test_doc_size.py checks that form)
            doc = (nsq.run("stats", "--detail", "--limit", lim, f, expect_rc=None) if lim == "0"
                   else nsq.run("stats", "--detail", f, expect_rc=None))
            if not doc["ok"]:
                break
            n += lim == "5"
            reps = doc["result"]["reports"]
            c.eq(sorted(reps), sorted(REPORTS), f"{name}: every report")
            unavailable = 0
            for key, cmd in REPORTS.items():
                extra = own_args if cmd != "memcpy" else []
                own = nsq.run(cmd, *extra, f, expect_rc=None)
                if own["ok"]:
                    c.eq(reps[key], own["result"], f"{name} --limit {lim}: stats.{key} is {cmd} {' '.join(extra)}'s result")
                    c.eq(doc["result"]["params"][key], own["params"], f"{name} --limit {lim}: stats params.{key}")
                else:
                    unavailable += 1
                    c.eq(reps[key]["error"]["code"], own["error"]["code"], f"{name}: stats.{key} holds {cmd}'s error")
            c.eq(doc["result"]["unavailable"], unavailable, f"{name}: unavailable count")
            c.eq(sum(w["code"] == "report_unavailable" for w in doc["warnings"]), unavailable,
                 f"{name}: one report_unavailable warning per missing report")
    c.check(n >= 5, f"fixtures: {n}")
    f = os.path.join(nsq.FIXTURES, "pipit-saxpy-mpi-cuda-2022.2.sqlite")
    if os.path.exists(f):
        doc = nsq.run("stats", "--report", "kernels", "--report", "api", f)
        c.eq(sorted(doc["result"]["reports"]), ["api", "kernels"], "--report selects")
        c.eq(doc["params"]["reports"], ["kernels", "api"], "params.reports")
        d = nsq.run("stats", "--report", "gpu", f, expect_rc=2)
        c.eq(d["error"]["code"], "bad_option_value", "unknown report")
    c.done()


if __name__ == "__main__":
    main()
