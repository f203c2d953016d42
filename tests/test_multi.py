#!/usr/bin/env python3
"""Several exports at once (one per rank): top-kernels, idle-gaps and info over
several paths or a directory of exports print nsysql/merge.

- Generated ranks with planted durations: the merged count and total of the
  planted kernel are known by construction; every merged count, total, min,
  max and mean equals raw SQL over all inputs; median_ns_approx and
  p90_ns_approx are within their stated bound (quantile_error) of the exact
  values computed here from the raw durations; stddev from exact sums.
- Each input's document is the single-input document of that input.
- -j 1 and -j 2 print the same bytes; a directory and its files as paths too.
- Real fixtures, several at once, with a truncated copy and an export without
  GPU work: those inputs carry their error document, the rest are analysed,
  the exit code is 3 and a warning names the count.
- idle-gaps and info: merged sums equal the sums of the per-input documents.
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

RANKS = 4
ITER = 50  # even: the planted kernel alternates two durations


def run_raw(*args):
    p = subprocess.run([nsq.NSYSQL, *map(str, args)], capture_output=True, timeout=600)
    return p.returncode, p.stdout.decode()


def multi(*args, expect_rc=0):
    rc, out = run_raw(*args)
    assert rc == expect_rc, f"nsysql {' '.join(map(str, args))}: exit {rc}, expected {expect_rc}: {out[:2000]}"
    doc = json.loads(out)
    nsq.validate(doc)
    assert doc["schema"] == "nsysql/merge", doc["schema"]
    for i in doc["result"]["inputs"]:
        nsq.validate(i["document"])
    return doc, out


def durations(path):
    """Kernel durations by short name (valid rows: both ends, end >= start)."""
    db = nsq.raw_db(path)
    by = {}
    for name, d in db.execute(
            "SELECT s.value, k.end - k.start FROM CUPTI_ACTIVITY_KIND_KERNEL k "
            "JOIN StringIds s ON s.id = k.shortName "
            "WHERE k.start IS NOT NULL AND k.end IS NOT NULL AND k.end >= k.start"):
        by.setdefault(name, []).append(d)
    db.close()
    return by


def exact_median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) // 2


def exact_p(v, pct):
    v = sorted(v)
    k = max(1, math.ceil(pct * len(v) / 100))
    return v[k - 1]


def check_kernels(c, merged, paths, label):
    allv = {}
    for p in paths:
        for name, v in durations(p).items():
            allv.setdefault(name, []).extend(v)
    qe = merged["quantile_error"]
    c.eq(qe["kind"], "relative", f"{label}: quantile error kind")
    bound, plus = qe["bound"], qe["plus_ns"]
    rows = {r["name"]: r for r in merged["kernels"] if not r["other"]}
    c.eq(merged["names"], len(allv), f"{label}: distinct names over all inputs")
    c.eq(merged["instances"], sum(len(v) for v in allv.values()), f"{label}: instances = SQL count")
    c.eq(merged["kernel_time_ns"], sum(sum(v) for v in allv.values()), f"{label}: kernel time = SQL sum")
    c.eq(set(rows), set(allv), f"{label}: every name has a row (--limit 0)")
    for name, v in allv.items():
        r = rows.get(name)
        if not r:
            continue
        c.eq((r["instances"], r["total_ns"], r["min_ns"], r["max_ns"], r["mean_ns"]),
             (len(v), sum(v), min(v), max(v), sum(v) // len(v)), f"{label}: {name} exact fields")
        for fld, exact in (("median_ns_approx", exact_median(v)), ("p90_ns_approx", exact_p(v, 90))):
            c.check(abs(r[fld] - exact) <= bound * exact + plus,
                    f"{label}: {name} {fld} {r[fld]} within {bound} of exact {exact}")
        if len(v) > 1:
            m = sum(v) / len(v)
            sd = math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1))
            c.check(abs(r["stddev_ns"] - sd) <= 1e-6 * max(sd, 1) + 1e-3, f"{label}: {name} stddev {r['stddev_ns']} vs {sd}")


def main():
    c = nsq.Checks()
    tmp = tempfile.mkdtemp(prefix="nsq-multi-")
    try:
        d = os.path.join(tmp, "ranks")
        os.mkdir(d)
        paths = []
        for r in range(RANKS):
            p = os.path.join(d, f"rank{r}.sqlite")
            nsq.gen(p, "--seed", r + 1, "--iterations", ITER, "--no-nvtx",
                    "--kernel", f"gemm:{40000 + 10000 * r}:0.3", "--kernel", "allreduce:20000:0.5",
                    "--kernel", "planted:1000:0", "--duration-dist", f"planted:{1000 * (r + 1)},{3000 * (r + 1)}")
            paths.append(p)

        doc, out = multi("top-kernels", "--limit", 0, "-j", 2, *paths)
        res = doc["result"]
        c.eq((res["inputs_total"], res["inputs_ok"], res["inputs_failed"]), (RANKS, RANKS, 0), "all ranks analysed")
        c.eq([i["path"] for i in res["inputs"]], paths, "inputs in argument order")
        m = res["merged"]
        planted = [r for r in m["kernels"] if r["name"] == "planted"]
        c.eq(len(planted), 1, "planted kernel merged into one row")
        if planted:
            # ITER launches per rank alternating 1000(r+1), 3000(r+1): 2000(r+1) ITER each
            c.eq(planted[0]["instances"], ITER * RANKS, "planted count by construction")
            c.eq(planted[0]["total_ns"], sum(2000 * (r + 1) * ITER for r in range(RANKS)), "planted total by construction")
            c.eq((planted[0]["min_ns"], planted[0]["max_ns"]), (1000, 3000 * RANKS), "planted min/max by construction")
            c.eq(planted[0]["inputs"], RANKS, "planted kernel in every rank")
        c.eq(len(m["devices"]), RANKS, "one device per rank, never pooled across inputs")
        check_kernels(c, m, paths, "generated")
        for i, p in enumerate(paths):
            single = run_raw("top-kernels", "--limit", 0, p)[1]
            c.eq(res["inputs"][i]["document"], json.loads(single), f"rank {i}: its document is the single-input one")
        c.eq(sum(x["gpu_busy_ns"] for x in m["devices"]), m["gpu_busy_ns"], "busy is the sum over (input, device)")

        out1 = run_raw("top-kernels", "--limit", 0, "-j", 1, *paths)[1]
        c.eq(out1, out, "-j 1 and -j 2 print the same bytes")
        outd = run_raw("top-kernels", "--limit", 0, "-j", 2, d)[1]
        c.eq(outd, out, "a directory of exports = its files in name order")
        # a single input keeps its own document
        rc, one = run_raw("top-kernels", paths[0])
        c.eq(json.loads(one)["schema"], "nsysql/top-kernels", "a single input prints nsysql/top-kernels")
        # --limit 2 folds the rest into 'other' with exact sums
        d2, _ = multi("top-kernels", "--limit", 2, *paths)
        ks = d2["result"]["merged"]["kernels"]
        c.eq([k["other"] for k in ks], [False, False, True], "limit 2: two rows and 'other'")
        c.eq(sum(k["total_ns"] for k in ks), m["kernel_time_ns"], "rows and 'other' add up to kernel time")

        # real fixtures, several at once, with bad inputs
        fx = nsq.fixtures()
        good = [f for f in fx if os.path.basename(f).startswith(("pipit-saxpy", "dlprof", "sc23"))]
        nogpu = [f for f in fx if os.path.basename(f).startswith("jacc-nvtx-only")]
        trunc = os.path.join(tmp, "truncated.sqlite")
        with open(good[0], "rb") as f:
            data = f.read()
        with open(trunc, "wb") as f:
            f.write(data[: len(data) // 3])
        inputs = good + nogpu + [trunc]
        doc, _ = multi("top-kernels", "--limit", 0, "-j", 2, *inputs, expect_rc=3)
        res = doc["result"]
        c.eq((res["inputs_ok"], res["inputs_failed"]), (len(good), 2), "real: two bad inputs, the rest analysed")
        bad = {i["path"]: i for i in res["inputs"] if not i["ok"]}
        c.eq(set(bad), set(nogpu + [trunc]), "real: the failed inputs are the bad ones")
        for p, i in bad.items():
            c.eq(i["document"]["schema"], "nsysql/error", f"{p}: its error document")
            c.eq(i["exit_code"], i["document"]["error"]["exit_code"], f"{p}: exit code of its document")
        c.check(any(w["code"] == "inputs_failed" for w in doc["warnings"]), "real: inputs_failed warning")
        check_kernels(c, res["merged"], good, "real")

        # a worker that crashes takes only its own input down
        e = dict(os.environ, NSYSQL_DEBUG_CRASH_ON="rank2")
        p = subprocess.run([nsq.NSYSQL, "top-kernels", "--limit", "0", "-j", "2", *paths], capture_output=True,
                           env=e, timeout=600)
        c.eq(p.returncode, 3, "a crashed worker: exit 3")
        doc = json.loads(p.stdout)
        nsq.validate(doc)
        st = [(i["ok"], i["document"].get("error", {}).get("code")) for i in doc["result"]["inputs"]]
        c.eq(st, [(True, None), (True, None), (False, "worker_failed"), (True, None)],
             "a crashed worker: its input is worker_failed, the others analysed")
        c.eq(doc["result"]["merged"]["instances"],
             sum(sum(len(v) for v in durations(q).values()) for q in paths if "rank2" not in q),
             "a crashed worker: merged over the other inputs")
        # the limits hold per input, in each worker
        e = dict(os.environ, NSYSQL_DEBUG_STALL_MS="3000")
        p = subprocess.run([nsq.NSYSQL, "idle-gaps", "--timeout-ms", "300", "-j", "2", *paths[:2]], capture_output=True,
                           env=e, timeout=600)
        doc = json.loads(p.stdout)
        nsq.validate(doc)
        c.eq((p.returncode, [i["document"].get("error", {}).get("code") for i in doc["result"]["inputs"]]),
             (3, ["query_timeout", "query_timeout"]), "--timeout-ms: each input's worker stops with query_timeout")

        # idle-gaps and info: merged sums of the per-input documents
        doc, _ = multi("idle-gaps", "-j", 2, *good)
        mg = doc["result"]["merged"]
        devs = [dv for i in doc["result"]["inputs"] for dv in i["document"]["result"]["devices"]]
        c.eq(mg["device_count"], len(devs), "idle-gaps: devices over inputs")
        for k, src in (("busy_ns", "busy_ns"), ("idle_ns", "idle_ns"), ("span_ns", "span_ns"), ("ops", "ops")):
            c.eq(mg[k], sum(dv[src] for dv in devs), f"idle-gaps: merged {k} = sum")
        c.eq(mg["gaps"], sum(dv["gaps"]["count"] for dv in devs), "idle-gaps: gap count = sum")
        c.eq(mg["longest_gap_ns"], max(dv["gaps"]["longest_ns"] for dv in devs), "idle-gaps: longest = max")
        for b, hb in enumerate(mg["histogram"]):
            c.eq((hb["count"], hb["total_ns"]),
                 (sum(dv["gaps"]["histogram"][b]["count"] for dv in devs),
                  sum(dv["gaps"]["histogram"][b]["total_ns"] for dv in devs)), f"idle-gaps: histogram bin {hb['bin']} = sum")
        c.eq(sum(hb["count"] for hb in mg["histogram"]), mg["gaps"], "idle-gaps: histogram counts every gap")
        doc, _ = multi("info", *good, paths[0])
        mi = doc["result"]["merged"]
        docs = [i["document"]["result"] for i in doc["result"]["inputs"]]
        c.eq(mi["gpu_activity"]["kernels"], sum(r["gpu_activity"]["kernels"] for r in docs), "info: kernels = sum")
        c.eq(mi["device_count"], sum(len(r["devices"]) for r in docs), "info: devices = sum")
        # a directory with one export, or none, is a single input as before
        one = os.path.join(tmp, "one")
        os.mkdir(one)
        shutil.copyfile(paths[0], os.path.join(one, "r.sqlite"))
        rc, out = run_raw("top-kernels", one)
        c.eq((rc, json.loads(out)["schema"]), (0, "nsysql/top-kernels"), "a directory with one export: its document")
        empty = os.path.join(tmp, "empty")
        os.mkdir(empty)
        rc, out = run_raw("top-kernels", empty)
        c.eq((rc, json.loads(out).get("error", {}).get("code")), (3, "input_is_directory"),
             "a directory without exports: input_is_directory as before")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return c.done()


if __name__ == "__main__":
    sys.exit(main())
