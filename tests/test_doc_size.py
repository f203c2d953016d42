#!/usr/bin/env python3
"""The default documents are small enough for an agent to read whole.

Every analysis command with its defaults on every shared real export, and diff
on the consecutive captures of every real series (the lists are in
bench/docsize.py), prints at most 12288 bytes of compact JSON; what the
default leaves out is said in the document (summary.rows_left_out, the
*_total counts, names_cut, stats' left_out, params.detail); and the full
forms (--detail, --limit 0, --name-bytes 0) still carry every row and figure,
checked against the raw tables where a count can be read there.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

sys.path.insert(0, os.path.join(nsq.SRC, "bench"))
import docsize  # noqa: E402

BOUND = 12288
c = nsq.Checks()
ENV = dict(os.environ, NSYSQL_CACHE="0")


def call(argv):
    """(exit code, stdout text) of one nsysql call."""
    p = subprocess.run([nsq.NSYSQL, *map(str, argv)], capture_output=True, env=ENV, timeout=600)
    return p.returncode, p.stdout.decode("utf-8", "strict")


def doc_of(argv):
    rc, out = call(argv)
    d = json.loads(out)
    nsq.validate(d)
    return rc, out, d


def left_out(d, table):
    for e in d.get("summary", {}).get("rows_left_out", []):
        if e["table"] == table:
            return e["shown"], e["total"]
    return None


def says_what_it_left_out(label, cmd, d):
    """Each cut of the default form is visible in the document."""
    if not d.get("ok"):
        return
    r = d["result"]
    if cmd == "diff":
        shown, total = len(r["kernels"]), r["counts"]["kernels"]
        c.eq(left_out(d, "kernels"), (shown, total) if shown < total else None, f"{label}: kernels left out")
        c.eq(r["kernels_truncated"], shown < total, f"{label}: kernels_truncated")
        c.eq(d["params"]["detail"], False, f"{label}: params.detail says the compact form")
    elif cmd == "info":
        shown, total = len(r["processes"]), r["processes_total"]
        c.check(shown == min(total, 12), f"{label}: {shown} of {total} processes listed")
        c.eq(left_out(d, "processes"), (shown, total) if shown < total else None, f"{label}: processes left out")
        named = sum(len(p["named_threads"]) for p in r["processes"])
        named_total = sum(p["named_threads_total"] for p in r["processes"])
        c.eq(left_out(d, "processes.named_threads"), (named, named_total) if named < named_total else None,
             f"{label}: named threads left out")
    elif cmd == "idle-gaps":
        shown = sum(len(dv["longest_gaps"]) for dv in r["devices"])
        total = sum(dv["gaps"]["count"] for dv in r["devices"])
        c.eq(left_out(d, "devices.longest_gaps"), (shown, total) if shown < total else None,
             f"{label}: gaps left out")
    elif cmd == "nvtx":
        cut = sum(1 for t in ("names", "paths", "marks") for row in r[t] for k in ("name", "path")
                  if k in row and len(row[k].encode()) > 128)
        c.eq(cut, 0, f"{label}: no name or path over --name-bytes 128")
        if r["names_cut"] == 0:
            c.check(not any(row.get(k, "").endswith("...") and len(row[k].encode()) == 128
                            for t in ("names", "paths", "marks") for row in r[t] for k in ("name", "path")),
                    f"{label}: a cut name is counted in names_cut")
    elif cmd == "stats":
        made = [k for k, v in r["reports"].items() if "error" not in v]
        many = "memcpy" in made and len(r["reports"]["memcpy"]["devices"]) > 2
        want = [f"{k}.{m}" for k, ms in (("nvtx", ["paths"]), ("api", ["launch_latency"]),
                                          ("memcpy", ["size_buckets"] +
                                           [f"devices.*.{f}" for f in ("memory_bandwidth_source",
                                                                       "memory_bandwidth_null_reason",
                                                                       "pcie_bandwidth_gbps",
                                                                       "pcie_bandwidth_null_reason")] +
                                           [f"devices.*.{s}.{g}" for s in ("memcpy", "memset")
                                            for g in ("by_size", "by_host_memory", "by_call")] +
                                           ([f"devices.*.{s}.by_kind" for s in ("memcpy", "memset")] if many else [])),
                                          ("osrt", ["per_thread", "blocked_by_thread"])) if k in made for m in ms]
        c.eq(r["left_out"], want, f"{label}: stats names what it left out")
        if "nvtx" in made:
            c.check("paths" not in r["reports"]["nvtx"], f"{label}: nvtx paths left out as said")


def bound():
    todo = docsize.jobs()
    if not todo:
        print(f"SKIP: no shared exports under {docsize.FIXTURE_ROOT}")
        sys.exit(77)
    with ThreadPoolExecutor(2) as ex:
        res = list(ex.map(lambda j: (j, call(j[1])), todo))
    over = []
    for (label, argv), (rc, out) in res:
        try:
            d = json.loads(out)
            nsq.validate(d)
        except Exception as e:  # noqa: BLE001 - reported as a failure
            c.check(False, f"{label}: not a valid document ({e})")
            continue
        size = len(out.rstrip("\n").encode())
        if size > BOUND:
            over.append(f"{label} ({size} B)")
        says_what_it_left_out(label, argv[0], d)
    ndiff = sum(1 for (l, _), _ in res if l.startswith("diff "))
    c.check(not over, f"default documents over {BOUND} bytes: {over}")
    c.check(ndiff >= 16, f"diff on every consecutive pair of every series ({ndiff} pairs)")
    print(f"{len(res)} default documents ({ndiff} diff), largest "
          f"{max(len(o.rstrip(chr(10)).encode()) for _, (_, o) in res)} bytes")


COMPACT_ROW = {"name", "verdict", "reason", "match", "baseline", "patch", "delta", "per_instance", "shape_changed",
               "vs_common_shift", "pairing", "relaunched"}


def diff_full_forms():
    """--detail --limit 0 carries every row and every figure; the default
    rows are the first rows of it, cut to the compact members, and every
    verdict and headline figure is the same in both forms."""
    for a, b in docsize.diff_pairs():
        label = f"diff {os.path.basename(a)} {os.path.basename(b)}"
        _, _, dflt = doc_of(["diff", a, b])
        _, _, full = doc_of(["diff", "--detail", "--limit", "0", a, b])
        r, f = dflt["result"], full["result"]
        for k in ("verdict", "reason", "gate", "counts", "headline", "common_shift", "window_choice"):
            c.eq(r[k], f[k], f"{label}: {k} the same in both forms")
        c.eq(dflt["summary"]["text"], full["summary"]["text"], f"{label}: summary sentence the same")
        c.eq(len(f["kernels"]), f["counts"]["kernels"], f"{label}: --limit 0 lists every kernel")
        c.eq(len(r["kernels"]), min(5, f["counts"]["kernels"]), f"{label}: the default lists 5 kernels")
        c.check(full["params"]["detail"] is True and len(full["params"]["match_rules"]["rules"]) > 0,
                f"{label}: --detail echoes the match rules")
        for x, y in zip(r["kernels"], f["kernels"]):
            c.check(set(x) <= COMPACT_ROW, f"{label} {x['name']}: compact row members {sorted(set(x) - COMPACT_ROW)}")
            for k in ("name", "verdict", "reason", "shape_changed", "vs_common_shift", "pairing"):
                c.eq(x[k], y[k], f"{label} {x['name']}: {k} as in the full row")
            for side in ("baseline", "patch"):
                c.eq(x[side], y[side] and {k: y[side][k] for k in ("instances", "total_ns", "median_ns")},
                     f"{label} {x['name']}: {side} totals as in the full row")
            c.eq(x["delta"], {k: y["delta"][k] for k in ("instances", "total_ns", "total_pct", "median_pct")},
                 f"{label} {x['name']}: delta as in the full row")
            if y["per_instance"] is not None:
                c.eq(x["per_instance"], {k: y["per_instance"][k] for k in ("method", "change_pct", "ci_low_pct",
                                                                           "ci_high_pct")},
                     f"{label} {x['name']}: change and interval as in the full row")
        for y in f["kernels"]:
            need = {"confidence", "decomposition", "shapes"}
            c.check(need <= set(y) and "baseline_names" in y["match"], f"{label} {y['name']}: full row evidence")
            if y["per_instance"] is not None:
                c.check("noise" in y["per_instance"], f"{label} {y['name']}: noise floor in the full row")
            for side in ("baseline", "patch"):
                if y[side] is not None:
                    c.check(len(y[side]["total_ns_per_capture"]) >= 1, f"{label} {y['name']}: per-capture totals")
        # the raw kernel table: the full form's rows hold every launch of every kernel
        for side, path in (("baseline", a), ("patch", b)):
            n = nsq.raw_db(path).execute("SELECT COUNT(*) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0]
            got = sum((y[side] or {}).get("instances", 0) for y in f["kernels"])
            c.check(got <= n and (got == n or f["window_choice"]["mode"] != "all"),
                    f"{label}: {side} instances {got} of {n} launches in the export")


def info_full_form():
    p = os.path.join(docsize.FIXTURE_ROOT, "nsys", "uvmtorch-pytorch-nokernels-2025.3.sqlite")
    if not os.path.exists(p):
        return
    _, _, d = doc_of(["info", p])
    _, _, full = doc_of(["info", "--detail", p])
    ps, fs = d["result"]["processes"], full["result"]["processes"]
    c.eq(len(fs), full["result"]["processes_total"], "info --detail: every process")
    c.eq(d["result"]["processes_total"], len(fs), "info: processes_total counts every process")
    ev = lambda q: q["api_calls"] + q["gpu_ops"] + q["nvtx_events"] + q["osrt_calls"]  # noqa: E731
    busiest = sorted(fs, key=lambda q: (-ev(q), q["pid"]))[:12]
    c.eq([q["pid"] for q in ps], sorted(q["pid"] for q in busiest), "info: the 12 processes with most events")
    db = nsq.raw_db(p)
    for q in fs:
        n = db.execute("SELECT COUNT(*) FROM ThreadNames WHERE ((globalTid >> 24) & 16777215) = ?",
                       (q["pid"],)).fetchone()[0]
        c.eq((len(q["named_threads"]), q["named_threads_total"]), (n, n),
             f"info --detail: pid {q['pid']} lists its {n} named threads (ThreadNames)")
    for q in ps:
        full_q = next(x for x in fs if x["pid"] == q["pid"])
        c.eq(q["named_threads"], full_q["named_threads"][:8], f"info: pid {q['pid']}: its first 8 named threads")
        c.eq(q["named_threads_total"], full_q["named_threads_total"], f"info: pid {q['pid']}: named_threads_total")


def idle_gaps_full_form():
    p = os.path.join(docsize.FIXTURE_ROOT, "nsys", "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite")
    if not os.path.exists(p):
        return
    _, _, d = doc_of(["idle-gaps", p])
    _, _, full = doc_of(["idle-gaps", "--limit", "0", p])
    for dv, fv in zip(d["result"]["devices"], full["result"]["devices"]):
        c.eq(len(fv["longest_gaps"]), fv["gaps"]["count"], f"idle-gaps --limit 0: device {fv['device']} every gap")
        c.eq(dv["longest_gaps"], fv["longest_gaps"][:5], f"idle-gaps: device {dv['device']} the 5 longest gaps")


def nvtx_full_form():
    p = os.path.join(docsize.FIXTURE_ROOT, "nsys", "dlprof-pytorch-conv-2022.1.sqlite")
    if not os.path.exists(p):
        return
    _, _, d = doc_of(["nvtx", p])
    _, _, full = doc_of(["nvtx", "--name-bytes", "0", "--limit", "0", p])
    c.eq(full["result"]["names_cut"], 0, "nvtx --name-bytes 0: no name cut")
    db = nsq.raw_db(p)
    longest = db.execute("SELECT MAX(LENGTH(CAST(text AS BLOB))) FROM NVTX_EVENTS").fetchone()[0]
    c.eq(max(len(r["name"].encode()) for r in full["result"]["names"]), longest,
         "nvtx --name-bytes 0: the longest name whole, as NVTX_EVENTS holds it")
    cut = 0
    for t, key, tail in (("names", "name", False), ("paths", "path", True), ("paths", "name", False)):
        for x, y in zip(d["result"][t], full["result"][t]):
            whole = y[key]
            if len(whole.encode()) <= 128:
                c.eq(x[key], whole, f"nvtx: short {t} {key} whole")
                continue
            cut += 1
            s = x[key]
            c.check(len(s.encode()) <= 128, f"nvtx: cut {t} {key} within 128 bytes")
            ok = whole.endswith(s[3:]) and s.startswith("...") if tail else whole.startswith(s[:-3]) and s.endswith("...")
            c.check(ok, f"nvtx: cut {t} {key} keeps its {'end' if tail else 'start'}: {s[:60]!r}")
    c.check(cut > 0, "nvtx: the dlprof export has names over 128 bytes")
    c.eq(d["result"]["names_cut"], cut, "nvtx: names_cut counts the cut names and paths")


def stats_full_form():
    p = os.path.join(docsize.FIXTURE_ROOT, "nsys", "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite")
    if not os.path.exists(p):
        return
    _, _, d = doc_of(["stats", p])
    _, _, full = doc_of(["stats", "--detail", p])
    c.eq(full["result"]["left_out"], [], "stats --detail: nothing left out")
    f = full["result"]["reports"]
    c.check("paths" in f["nvtx"] and "launch_latency" in f["api"], "stats --detail: nvtx paths, api launch latency")
    c.check(all("by_size" in dv["memcpy"] for dv in f["memcpy"]["devices"]), "stats --detail: memcpy by size")
    # the default is the detail less the members named
    for k, rep in d["result"]["reports"].items():
        want = json.loads(json.dumps(f[k]))
        for m in d["result"]["left_out"]:
            rk, path = m.split(".", 1)
            if rk != k:
                continue
            parts = path.split(".")

            def drop(o, ps):
                if isinstance(o, list) and ps[0] == "*":
                    for x in o:
                        drop(x, ps[1:])
                elif isinstance(o, dict) and ps[0] in o:
                    if len(ps) == 1:
                        del o[ps[0]]
                    else:
                        drop(o[ps[0]], ps[1:])
            drop(want, parts)
        c.eq(rep, want, f"stats: report {k} is the --detail report less what left_out names")


def many_names():
    """A capture with 3000 kernel names (Triton, torch.compile and CUTLASS
    sweeps make such): every per-name table stays under the bound by
    default, and says how many names it left out."""
    with tempfile.TemporaryDirectory() as tmp:
        x = os.path.join(tmp, "names.sqlite")
        nsq.gen(x, "--kernels", "30000", "--distinct-names", "3000", "--seed", "7")
        for cmd in ("top-kernels", "api", "stats", "advise", "idle-gaps", "steady-state", "nvtx"):
            rc, out = call([cmd, x])
            if rc not in (0, 1):
                c.check(False, f"many names: {cmd} failed ({out[:200]})")
                continue
            d = json.loads(out)
            size = len(out.rstrip("\n").encode())
            c.check(size <= BOUND, f"many names: {cmd} default document {size} bytes (bound {BOUND})")
            says_what_it_left_out(f"many names {cmd}", cmd, d)
        d = json.loads(call(["api", x])[1])
        c.eq([e for e in d["summary"]["rows_left_out"] if e["table"] == "launch_latency"],
             [{"table": "launch_latency", "shown": 10, "total": 3000}],
             "many names: api lists 10 launch latencies of 3000 names and says so")


def many_devices():
    """Eight GPUs in one capture (a DGX node): the per-device sections shrink
    by default (idle-gaps lists the 5 longest gaps of all devices, gpu-util
    leaves the bins out, memcpy and stats list each device's totals) so every
    default document stays under the bound, and says what it left out; the
    full forms still carry every row, and the figures do not change. Gaps
    are planted: the 5 longest are 900, 800, 700, 600 and 500 us on devices
    5, 5, 2, 0 and 7; a 400 us one on device 1 is the sixth."""
    planted = [(3, 900000, 5), (9, 800000, 5), (7, 700000, 2), (11, 600000, 0), (13, 500000, 7),
               (15, 400000, 1)]
    with tempfile.TemporaryDirectory() as tmp:
        x = os.path.join(tmp, "eight.sqlite")
        gaps = [a for it, ln, dv in planted for a in ("--gap", f"{it}:{ln}:host_launch:{dv}")]
        nsq.gen(x, "--devices", "8", "--iterations", "20", "--memcpy-per-iter", "3", "--memset-per-iter", "1",
                "--seed", "11", *gaps)
        for cmd in docsize.COMMANDS:
            rc, out = call([cmd, x])
            if rc not in (0, 1, 3):
                c.check(False, f"eight GPUs: {cmd} failed ({out[:200]})")
                continue
            d = json.loads(out)
            nsq.validate(d)
            size = len(out.rstrip("\n").encode())
            c.check(size <= BOUND, f"eight GPUs: {cmd} default document {size} bytes (bound {BOUND})")
            says_what_it_left_out(f"eight GPUs {cmd}", cmd, d)

        # idle-gaps: the 5 longest of all devices, each under its device
        _, _, d = doc_of(["idle-gaps", x])
        r = d["result"]
        c.eq(len(r["devices"]), 8, "eight GPUs: idle-gaps has 8 devices")
        c.eq(d["params"]["limit_scope"], "all_devices", "eight GPUs: idle-gaps limit counts all devices")
        listed = sorted(((g["duration_ns"], dv["device"]) for dv in r["devices"] for g in dv["longest_gaps"]),
                        reverse=True)
        c.eq(listed, [(ln, dv) for _, ln, dv in planted[:5]], "eight GPUs: idle-gaps lists the 5 planted longest")
        c.eq(left_out(d, "devices.longest_gaps"), (5, sum(dv["gaps"]["count"] for dv in r["devices"])),
             "eight GPUs: idle-gaps says 5 of all gaps are listed")
        _, _, per = doc_of(["idle-gaps", "--limit-scope", "device", x])
        c.eq(per["params"]["limit_scope"], "device", "eight GPUs: --limit-scope device")
        c.eq([len(dv["longest_gaps"]) for dv in per["result"]["devices"]], [5] * 8,
             "eight GPUs: --limit-scope device lists 5 gaps of each device")
        for dv, pv in zip(r["devices"], per["result"]["devices"]):
            c.eq(dv["longest_gaps"], pv["longest_gaps"][:len(dv["longest_gaps"])],
                 f"eight GPUs: device {dv['device']}'s listed gaps are its longest")
            c.eq({k: v for k, v in dv.items() if k != "longest_gaps"},
                 {k: v for k, v in pv.items() if k != "longest_gaps"},
                 f"eight GPUs: device {dv['device']}'s figures do not depend on the listing")
        _, _, one = doc_of(["idle-gaps", "--device", "1", x])
        c.eq((one["params"]["limit_scope"], one["result"]["devices"][0]["longest_gaps"][0]["duration_ns"]),
             ("device", 400000), "eight GPUs: --device 1 lists its own longest gap, the planted 400 us")

        # gpu-util: bins computed, not listed
        _, _, d = doc_of(["gpu-util", x])
        _, _, full = doc_of(["gpu-util", "--detail", x])
        c.eq(d["params"]["bins_listed"], False, "eight GPUs: gpu-util bins_listed false")
        c.eq(full["params"]["bins_listed"], True, "eight GPUs: gpu-util --detail lists the bins")
        c.eq([len(dv["bins"]) for dv in d["result"]["devices"]], [0] * 8, "eight GPUs: gpu-util bins left out")
        c.eq([len(dv["bins"]) for dv in full["result"]["devices"]], [30] * 8, "eight GPUs: --detail lists 30 a device")
        c.eq(left_out(d, "devices.bins"), (0, 240), "eight GPUs: gpu-util says 240 bins are left out")
        c.eq([{k: v for k, v in dv.items() if k != "bins"} for dv in d["result"]["devices"]],
             [{k: v for k, v in dv.items() if k != "bins"} for dv in full["result"]["devices"]],
             "eight GPUs: gpu-util figures and low-utilisation runs as with the bins listed")

        # memcpy: each device's totals
        _, _, d = doc_of(["memcpy", x])
        _, _, full = doc_of(["memcpy", "--detail", x])
        by = ("by_kind", "by_size", "by_host_memory", "by_call")
        rows = sum(len(dv[s][b]) for dv in full["result"]["devices"] for s in ("memcpy", "memset") for b in by)
        # 3 copy kinds, one size, two host memory kinds (pinned, and device for
        # DtoD), one call kind; memsets: 1 + 1 + 1 + 1
        c.eq(rows, 8 * (7 + 4), "eight GPUs: memcpy --detail lists every breakdown")
        c.eq((d["params"]["detail"], full["params"]["detail"]), (False, True), "eight GPUs: memcpy params.detail")
        c.eq(d["result"]["breakdown_rows"], rows, "eight GPUs: memcpy breakdown_rows counts them")
        c.eq(left_out(d, "devices.breakdowns"), (0, rows), "eight GPUs: memcpy says the breakdowns are left out")
        for dv, fv in zip(d["result"]["devices"], full["result"]["devices"]):
            for s in ("memcpy", "memset"):
                c.eq(dv[s]["total"], fv[s]["total"], f"eight GPUs: device {dv['device_id']} {s} total unchanged")
                c.eq([dv[s][b] for b in by], [[]] * 4, f"eight GPUs: device {dv['device_id']} {s} breakdowns empty")
        _, _, st = doc_of(["stats", x])
        c.check({"memcpy.devices.*.memcpy.by_kind", "memcpy.devices.*.memset.by_kind"} <= set(st["result"]["left_out"]),
                "eight GPUs: stats names the memcpy by-kind rows it left out")
        _, _, st_full = doc_of(["stats", "--detail", x])
        c.eq(st_full["result"]["reports"]["memcpy"], full["result"], "eight GPUs: stats --detail has memcpy --detail whole")
        # the HTML report's copy table: one row a device, its totals (kind all)
        html = os.path.join(tmp, "eight.html")
        rc, _ = call(["report", x, "-o", html])
        c.eq(rc, 0, "eight GPUs: report written")
        with open(html) as f:
            page = f.read()
        table = page.split("<h3>Memory copies</h3>", 1)[1].split("</table>", 1)[0]
        rows = re.findall(r"<tr><td>(\d+)</td><td>([^<]*)</td><td>(\d+)</td><td>(\d+)</td>", table)
        c.eq(rows, [(str(dv["device_id"]), "all", str(dv["memcpy"]["total"]["count"]),
                     str(dv["memcpy"]["total"]["bytes"])) for dv in full["result"]["devices"]],
             "eight GPUs: report lists each device's copies in all")


def main():
    bound()
    many_names()
    many_devices()
    diff_full_forms()
    info_full_form()
    idle_gaps_full_form()
    nvtx_full_form()
    stats_full_form()
    c.done()


if __name__ == "__main__":
    main()
