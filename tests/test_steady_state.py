#!/usr/bin/env python3
"""steady-state: planted warm-up / tear-down found, no made-up windows, oracle.

Expected values never come from nsysql itself:
- synthetic exports from nsysql-gen with --truth: warmup_end (first op of the
  first steady iteration), teardown_start, and per-iteration GPU bounds and
  kernel counts planted by the generator;
- queries/steady-state.sql (the plain-SQL iteration table) run through
  timeline-sql, and a Python computation on the raw tables (nsq.raw_db) of the
  kernel-sequence cut, compared with `steady-state --iterations`;
- the real fixtures: every one gives a window or a coded warning / error,
  never a crash, and a window lies inside the capture computed from the raw
  tables.
"""
import copy
import json
import os
import shutil
import sqlite3
import sys
import tempfile

import jsonschema

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()


def closed(schema):
    """Every object with declared properties gets additionalProperties: false,
    so a field printed but not described fails."""
    s = copy.deepcopy(schema)

    def walk(node):
        if isinstance(node, dict):
            t = node.get("type")
            if (t == "object" or (isinstance(t, list) and "object" in t)) and "properties" in node \
                    and "additionalProperties" not in node:
                node["additionalProperties"] = False
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(s)
    return s


with open(os.path.join(nsq.SCHEMAS, "steady-state.v1.schema.json")) as f:
    CLOSED = jsonschema.Draft202012Validator(closed(json.load(f)))


def steady(*args, expect_rc=0):
    d = nsq.run("steady-state", *args, expect_rc=expect_rc)
    if d.get("ok"):
        errs = [f"{list(e.absolute_path)}: {e.message[:160]}" for e in CLOSED.iter_errors(d)]
        c.check(not errs, f"steady-state {' '.join(map(str, args))[-80:]}: every field is described ({errs[:2]})")
    return d


def truth_device(truth, pid=None, device_id=0):
    for p in truth["processes"]:
        if pid is None or p["pid"] == pid:
            for dv in p["devices"]:
                if dv["device_id"] == device_id:
                    return p, dv
    raise AssertionError(f"no truth device pid={pid} device={device_id}")


def iteration_len(dv, i):
    """Start-to-start length of planted iteration i (the last: its span)."""
    it = dv["per_iteration"]
    if i + 1 < len(it):
        return it[i + 1]["gpu_start"] - it[i]["gpu_start"]
    return it[i]["gpu_end"] - it[i]["gpu_start"]


def gen(tmp, name, *args):
    out = os.path.join(tmp, name + ".sqlite")
    tf = os.path.join(tmp, name + ".json")
    nsq.gen(out, "--truth", tf, *args)
    with open(tf) as f:
        return out, json.load(f)


def check_warmup(label, res, dv, k, t=0, exact=False):
    """Warm-up of k planted iterations found within one iteration (in count and
    in time); tear-down of t likewise."""
    c.check(res["found"], f"{label}: found ({res.get('reason')})")
    if not res["found"]:
        return
    w = res["iterations"]["warmup"]
    n = dv["iterations"]
    tol = iteration_len(dv, min(k, n - 1))
    if exact:
        c.eq(w, k, f"{label}: warm-up iterations")
        c.eq(res["steady_start_ns"], dv["warmup_end"] if k else dv["per_iteration"][0]["gpu_start"],
             f"{label}: steady_start_ns is the planted warm-up end")
    else:
        c.check(abs(w - k) <= 1, f"{label}: warm-up {w} within one iteration of the planted {k}")
        want = dv["warmup_end"] if k else dv["per_iteration"][0]["gpu_start"]
        c.check(abs(res["steady_start_ns"] - want) <= tol,
                f"{label}: steady_start_ns {res['steady_start_ns']} within one iteration ({tol} ns) of {want}")
    td = res["iterations"]["teardown"]
    if t:
        c.check(abs(td - t) <= 1, f"{label}: tear-down {td} within one iteration of the planted {t}")
        last_steady = dv["per_iteration"][n - t - 1]["gpu_end"]
        c.check(abs(res["steady_end_ns"] - last_steady) <= iteration_len(dv, n - t - 1),
                f"{label}: steady_end_ns {res['steady_end_ns']} within one iteration of {last_steady}")
        if exact:
            c.eq(td, t, f"{label}: tear-down iterations")
            c.eq(res["steady_end_ns"], last_steady, f"{label}: steady_end_ns is the end of the last steady iteration")
    else:
        c.check(td <= 1, f"{label}: no planted tear-down, {td} found")
    c.check(res["iterations"]["warmup"] + res["iterations"]["steady"] + res["iterations"]["teardown"]
            == res["iterations"]["found"], f"{label}: warm-up + steady + tear-down = found")
    c.check(0 < res["confidence"] <= 1, f"{label}: confidence in (0, 1]")


def check_per_iteration_vs_truth(label, res, dv, method):
    """The iterations found are the planted ones (bounds and kernel counts)."""
    pit = res.get("per_iteration") or []
    want = dv["per_iteration"]
    c.eq(len(pit), len(want), f"{label}: iterations found = planted")
    if len(pit) != len(want):
        return
    if method == "kernel_period":
        # an iteration is its kernels: it starts at its first kernel, after any memset/memcpy
        bad = [i for i, (g, w) in enumerate(zip(pit, want))
               if (g["end_ns"], g["kernels"]) != (w["gpu_end"], w["kernels"])
               or not w["gpu_start"] <= g["start_ns"] < w["gpu_end"]]
    else:
        bad = [i for i, (g, w) in enumerate(zip(pit, want))
               if (g["start_ns"], g["end_ns"], g["kernels"]) != (w["gpu_start"], w["gpu_end"], w["kernels"])]
    c.check(not bad, f"{label}: per-iteration GPU bounds and kernel counts equal the planted ones (first bad {bad[:3]})")
    if method == "nvtx":
        bad = [i for i, (g, w) in enumerate(zip(pit, want))
               if (g["range_start_ns"], g["range_end_ns"]) != (w["nvtx_start"], w["nvtx_end"])]
        c.check(not bad, f"{label}: NVTX range bounds equal the planted ones (first bad {bad[:3]})")


def check_oracle(label, path, res, sha=None):
    """C per-iteration table = queries/steady-state.sql through timeline-sql."""
    r = res
    if r["method"] == "nvtx" and r["iteration"]["cost"] == "kernel_time_ns":
        params = ["--param", f"range={r['iteration']['name']}"]
    elif r["method"] == "kernel_period" and r["iteration"]["anchor_length"] == 1:
        params = ["--param", f"anchor={r['iteration']['anchor']}", "--param", f"pid={r['series']['pid']}",
                  "--param", f"device_id={r['series']['device_id']}"]
    else:
        return
    o = nsq.run("timeline-sql", path, "--query", "steady-state", *params, "--max-rows", "1000000")
    if sha:
        c.eq(sha, o["query"]["sha256"], f"{label}: steady-state names the query that formulates its table")
    rows = o["result"]["rows"]
    pit = r["per_iteration"]
    c.eq(len(rows), len(pit), f"{label}: oracle iteration count")
    bad = []
    for g, w in zip(pit, rows):
        ws, we = w["start_ns"], w["end_ns"]
        if ws is None:  # no GPU op: the C side falls back to the range
            ws, we = w["range_start_ns"], w["range_end_ns"]
        got = (g["start_ns"], g["end_ns"], g["kernels"], g["kernel_time_ns"], g["cost"])
        want = (ws, we, w["kernels"], w["kernel_time_ns"], w["kernel_time_ns"])
        if r["method"] == "nvtx":
            got += (g["range_start_ns"], g["range_end_ns"])
            want += (w["range_start_ns"], w["range_end_ns"])
        if got != want or g["secondary"] != w["step_ns"]:
            bad.append((g["index"], got, want, g["secondary"], w["step_ns"]))
    c.check(not bad, f"{label}: per-iteration table equals the SQL oracle (first bad {bad[:2]})")


def synthetic(tmp):
    # NVTX and kernel-period, several warm-up lengths, factors and seeds
    cases = [
        ("w4", ["--iterations", "40", "--warmup", "4"], 4, 0),
        ("w1f15", ["--iterations", "30", "--warmup", "1", "--warmup-factor", "1.5", "--seed", "3"], 1, 0),
        ("w8t3", ["--iterations", "60", "--warmup", "8", "--teardown", "3", "--seed", "7"], 8, 3),
        ("w5t2f2", ["--iterations", "25", "--warmup", "5", "--warmup-factor", "2", "--teardown", "2",
                    "--teardown-factor", "2.5", "--seed", "11", "--flavour", "2.9.1"], 5, 2),
        ("w3mem", ["--iterations", "40", "--warmup", "3", "--memcpy-per-iter", "2", "--memset-per-iter", "1",
                   "--streams", "3", "--seed", "5", "--flavour", "3.13"], 3, 0),
        ("w0", ["--iterations", "30", "--seed", "2"], 0, 0),
        ("w6big", ["--iterations", "200", "--warmup", "6", "--warmup-factor", "1.3", "--seed", "9",
                   "--kernel", "gemm:200000:0.02:4", "--kernel", "softmax:20000:0.1:2", "--kernel", "add:5000:0.2:8"], 6, 0),
    ]
    for name, args, k, t in cases:
        for nvtx in (True, False):
            label = f"{name}{'' if nvtx else '/no-nvtx'}"
            path, truth = gen(tmp, label.replace("/", "_"), *args, *([] if nvtx else ["--no-nvtx"]))
            d = steady(path, "--iterations")
            r = d["result"]
            c.eq(r["method"], "nvtx" if nvtx else "kernel_period", f"{label}: method")
            _, dv = truth_device(truth)
            check_warmup(label, r, dv, k, t, exact=nvtx and k > 0)
            check_per_iteration_vs_truth(label, r, dv, r["method"])
            check_oracle(label, path, r, d["query"]["sha256"])
            if r["found"]:
                codes = [w["code"] for w in d["warnings"]]
                cov = r["coverage"]
                c.eq("steady_window_short" in codes, cov < 0.8, f"{label}: steady_window_short warning iff coverage {cov} < 0.8")
                span = truth["session"]["last_op_end"] - truth["session"]["first_op_start"]
                c.eq(r["capture"]["duration_ns"], span, f"{label}: capture span from the truth")

    # overlapping streams: the kernel order by start still repeats
    path, truth = gen(tmp, "overlap", "--iterations", "40", "--warmup", "3", "--overlap", "--streams", "3",
                      "--seed", "4", "--no-nvtx")
    r = steady(path)["result"]
    _, dv = truth_device(truth)
    check_warmup("overlap/no-nvtx", r, dv, 3)

    # multi-process, multi-device: the series named, and --device picks one GPU
    path, truth = gen(tmp, "multi", "--processes", "2", "--devices", "2", "--iterations", "30", "--warmup", "4",
                      "--seed", "6")
    r = steady(path)["result"]
    s = r["series"]
    c.eq(r["method"], "nvtx", "multi: method")
    p = next(p for p in truth["processes"] if p["pid"] == s["pid"])
    dv = next(dv for dv in p["devices"] if dv["host_global_tid"] & 0xFFFFFF == s["tid"])
    check_warmup("multi", r, dv, 4, exact=True)
    for gpu in (1, 3):
        for method in ("auto", "kernel_period"):
            r = steady(path, "--device", gpu, "--method", method)["result"]
            # 3.25: gpuId = process_index * devices + cudaId
            p = truth["processes"][gpu // 2]
            dv = p["devices"][gpu % 2]
            c.eq(r["series"]["gpu"], gpu, f"multi --device {gpu} --method {method}: series gpu")
            if method == "kernel_period":
                c.eq((r["series"]["pid"], r["series"]["device_id"]), (p["pid"], dv["device_id"]),
                     f"multi --device {gpu}: the context on that GPU")
            check_warmup(f"multi --device {gpu} --method {method}", r, dv, 4)
    r = steady(path, "--pid", truth["processes"][1]["pid"], "--method", "kernel_period")["result"]
    c.eq(r["series"]["pid"], truth["processes"][1]["pid"], "multi --pid: the series is in that process")

    # a custom iteration range name, selected by name
    path, truth = gen(tmp, "named", "--iterations", "30", "--warmup", "2", "--iteration-range", "train_step",
                      "--seed", "8")
    d = steady(path, "--iteration-range", "train_step")
    c.eq(d["result"]["iteration"]["name"], "train_step", "named: the range used")
    c.eq(d["params"]["iteration_range"], "train_step", "named: echoed in params")
    check_warmup("named", d["result"], truth_device(truth)[1], 2, exact=True)
    r = steady(path)["result"]
    c.eq(r["iteration"]["name"], "train_step", "named: chosen automatically too (main and warmup ranges repeat less)")
    e = steady(path, "--iteration-range", "no_such_range", expect_rc=3)
    c.eq(e["error"]["code"], "iteration_range_not_found", "an absent --iteration-range is an input error")

    # no API rows: NVTX ranges cannot be tied to kernels; the kernel period is used
    path, truth = gen(tmp, "noapi", "--iterations", "30", "--warmup", "4", "--no-api", "--seed", "12")
    d = steady(path)
    c.eq(d["result"]["method"], "kernel_period", "no-api: kernel period instead of unattributable NVTX")
    c.check("nvtx_not_used" in [w["code"] for w in d["warnings"]], "no-api: says why NVTX was not used")
    check_warmup("no-api", d["result"], truth_device(truth)[1], 4)

    # zero-length and end < start rows
    path, truth = gen(tmp, "odd", "--iterations", "40", "--warmup", "3", "--zero-length", "6", "--bad-rows", "3",
                      "--seed", "13")
    for extra in ([], ["--method", "kernel_period"]):
        d = steady(path, *extra)
        codes = [w["code"] for w in d["warnings"]]
        c.check("bad_rows_skipped" in codes, f"odd {extra}: end < start rows are counted and warned about")
        check_warmup(f"odd {extra}", d["result"], truth_device(truth)[1], 3)

    # time bins (forced): kernels are 3x slower in warm-up, so fewer start per bin. 200
    # iterations give 40 bins: time bins (method factor 0.5) need about 20 steady bins to
    # reach confidence 0.4 (60 iterations gave 12 bins, 7 steady: confidence 0.29)
    path, truth = gen(tmp, "bins", "--iterations", "200", "--warmup", "30", "--seed", "14", "--no-nvtx",
                      "--kernel", "a:100000:0.05:5", "--kernel", "b:50000:0.05:5")
    r = steady(path, "--method", "time_bins", "--iterations")["result"]
    _, dv = truth_device(truth)
    c.eq(r["method"], "time_bins", "bins: method")
    c.check(r["found"], "bins: found")
    if r["found"]:
        tol = r["iteration"]["bin_ns"] + iteration_len(dv, 30)
        c.check(abs(r["steady_start_ns"] - dv["warmup_end"]) <= tol,
                f"bins: steady start {r['steady_start_ns']} within a bin and an iteration of {dv['warmup_end']}")
        c.check(r["confidence_basis"]["method"] == 0.5, "bins: method factor 0.5")

    # no steady state: cost rising all the time, or too few iterations
    ramp = ",".join(str(100000 + 4000 * i) for i in range(40))
    for nvtx in (True, False):
        tag = "" if nvtx else "/no-nvtx"
        path, _ = gen(tmp, "ramp" + tag.replace("/", "_"), "--iterations", "40", "--kernel", "a:100000:0",
                      "--kernel", "b:50000:0.05", "--duration-dist", f"a:{ramp}", *([] if nvtx else ["--no-nvtx"]))
        d = steady(path, "--iterations")
        r = d["result"]
        c.check(not r["found"], f"ramp{tag}: no steady state")
        c.eq(r["reason"]["code"] if r["reason"] else None, "no_steady_state", f"ramp{tag}: reason")
        c.check("no_steady_state" in [w["code"] for w in d["warnings"]], f"ramp{tag}: warning")
        c.eq((r["steady_start_ns"], r["steady_end_ns"], r["confidence"]), (None, None, 0), f"ramp{tag}: no window")
        c.check(all(i["phase"] == "unknown" for i in r["per_iteration"]), f"ramp{tag}: no iteration called steady")
        for n in (3, 4):
            path, _ = gen(tmp, f"few{n}" + tag.replace("/", "_"), "--iterations", n, "--warmup", "1",
                          *([] if nvtx else ["--no-nvtx"]))
            d = steady(path)
            r = d["result"]
            c.check(not r["found"], f"{n} iterations{tag}: not found")
            c.eq(r["reason"]["code"] if r["reason"] else None, "too_few_iterations", f"{n} iterations{tag}: reason")
            c.eq(r["iterations"]["found"], n, f"{n} iterations{tag}: the {n} iterations were seen")
            c.check("too_few_iterations" in [w["code"] for w in d["warnings"]], f"{n} iterations{tag}: warning")
            c.eq(r["steady_start_ns"], None, f"{n} iterations{tag}: no window")

    # a single kernel: nothing to tell, and no crash
    path, _ = gen(tmp, "one", "--kernels", "1", "--no-nvtx")
    d = steady(path, "--iterations")
    r = d["result"]
    c.check(not r["found"] and r["reason"]["code"] == "no_repetition", f"one kernel: launched once ({r['reason']})")
    c.eq(r["single_launch_share"], 1, "one kernel: all kernel time in a single launch")
    c.eq((r["method"], r["series"]["kernels"]), ("time_bins", 1), "one kernel: seen, and no structure in it")

    # formats
    path, _ = gen(tmp, "fmt", "--iterations", "20", "--warmup", "2")
    for fmt in ("table", "md", "csv"):
        rc, out, err = nsq.run("steady-state", path, "--format", fmt, "--iterations", raw=True)
        c.eq(rc, 0, f"--format {fmt}: exit 0")
        if fmt == "csv":
            lines = out.strip().splitlines()
            c.eq(len(lines), 21, "--format csv: a header and one row per iteration")
            c.check(lines[0].startswith("index,start_ns,end_ns,kernels,kernel_time_ns,cost_kernel_time_ns,secondary_step_ns"),
                    "--format csv: header")
        else:
            c.check("found" in out and "steady" in out, f"--format {fmt}: a summary")
    e = steady(path, "--method", "bogus", expect_rc=2)
    c.eq(e["error"]["code"], "bad_option_value", "--method bogus: usage error")
    e = steady(path, "--device", "x", expect_rc=2)
    c.eq(e["error"]["code"], "bad_option_value", "--device x: usage error")

    # --window steady in another command resolves through the same detection
    rc, out, _ = nsq.run("top-kernels", path, "--window", "steady", raw=True)
    doc = json.loads(out) if out.strip().startswith("{") else {}
    if doc.get("ok") is False and doc.get("error", {}).get("code") == "not_implemented":
        print("SKIP: top-kernels is not built yet; --window steady checked through it later")
    elif doc:
        want = steady(path)["result"]
        c.eq(rc, 0, "top-kernels --window steady: exit 0")
        w = doc.get("params", {}).get("window", {})
        c.eq((w.get("kind"), w.get("start_ns"), w.get("end_ns"), w.get("steady_method")),
             ("steady", want["steady_start_ns"], want["steady_end_ns"], want["method"]),
             "top-kernels --window steady: the steady-state window")
        path3, _ = gen(tmp, "win3", "--iterations", "3")
        rc, out, _ = nsq.run("top-kernels", path3, "--window", "steady", raw=True)
        c.eq(rc, 3, "top-kernels --window steady without a steady state: exit 3, not a made-up window")
        c.eq(json.loads(out)["error"]["code"], "no_steady_state", "... with code no_steady_state")


def raw_kernels(path):
    """(start, end, short name) of every kernel with end >= start, from the raw tables."""
    db = nsq.raw_db(path)
    if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'CUPTI_ACTIVITY_KIND_KERNEL'").fetchone():
        return []
    return db.execute('SELECT k.start, k."end", s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k '
                      'LEFT JOIN StringIds s ON s.id = k.shortName WHERE k."end" >= k.start').fetchall()


def check_trust(label, r, rows):
    """kernel_time, single_launch_share, kernel_time_coverage and outside_kernels against
    a computation on the raw kernel rows (all devices, no filter)."""
    tot = sum(b - a for a, b, _ in rows)
    cnt, tim = {}, {}
    for a, b, n in rows:
        cnt[n] = cnt.get(n, 0) + 1
        tim[n] = tim.get(n, 0) + b - a
    c.eq((r["kernel_time"]["kernels"], r["kernel_time"]["capture_ns"]), (len(rows), tot), f"{label}: kernel_time")
    once = sum(tim[n] for n in cnt if cnt[n] == 1) / tot if tot else 0
    c.check(abs(r["single_launch_share"] - once) < 1e-6, f"{label}: single_launch_share {r['single_launch_share']} = {once}")
    if not r["found"]:
        c.eq((r["kernel_time_coverage"], r["outside_kernels"]), (None, []), f"{label}: no coverage without a window")
        return
    ws, we = r["steady_start_ns"], r["steady_end_ns"]
    inside = sum(max(0, min(b, we) - max(a, ws)) for a, b, _ in rows) / tot
    c.check(abs(r["kernel_time_coverage"] - inside) < 1e-3,
            f"{label}: kernel_time_coverage {r['kernel_time_coverage']} = {inside:.6f} (raw rows clipped to the window)")
    met = {n for a, b, n in rows if (a < we and b > ws if b > a else ws <= a <= we)}
    out = sorted(((tim[n], cnt[n], n) for n in cnt if n not in met), key=lambda x: (-x[0], -x[1]))
    got = [(o["total_ns"], o["instances"], o["name"]) for o in r["outside_kernels"]]
    c.eq(got, out[:10], f"{label}: outside_kernels are the names with no instance in the window")
    rest = out[10:]
    c.eq((r["outside_kernels_rest"]["names"], r["outside_kernels_rest"]["total_ns"]),
         (len(rest), sum(x[0] for x in rest)), f"{label}: outside_kernels_rest")


def add_kernels(src, dst, names, dur_ns, repeat=1, gap=2000):
    """A copy of src with len(names) new kernels (each `repeat` times back to back) after its last
    kernel, on the device, stream and process of its first kernel, each name a new StringIds entry."""
    shutil.copyfile(src, dst)
    db = sqlite3.connect(dst)
    cols = [x[1] for x in db.execute("PRAGMA table_info(CUPTI_ACTIVITY_KIND_KERNEL)")]
    tmpl = db.execute("SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY start LIMIT 1").fetchone()
    t = db.execute('SELECT max("end") FROM CUPTI_ACTIVITY_KIND_KERNEL').fetchone()[0]
    corr = db.execute("SELECT max(correlationId) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0]
    sid = db.execute("SELECT max(id) FROM StringIds").fetchone()[0]
    rows = []
    for n in names:
        sid += 1
        db.execute("INSERT INTO StringIds(id, value) VALUES (?, ?)", (sid, n))
        for _ in range(repeat):
            corr += 1
            x = dict(zip(cols, tmpl))
            x["start"], x["end"] = t + gap, t + gap + dur_ns
            t = x["end"]
            x["shortName"] = x["demangledName"] = x["mangledName"] = sid
            x["correlationId"] = corr
            rows.append([x[k] for k in cols])
    db.executemany(f"INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES ({','.join('?' * len(cols))})", rows)
    db.commit()
    db.close()
    return dst


def trust(tmp):
    """No window where the capture has no real repetition; the trust fields."""
    bench = [f"--kernel=bench_kernel_{i}:{(i + 1) * 1000000}:0.05" for i in range(19)]
    # a single-shot benchmark: 19 distinct kernels, each launched once (with and without NVTX)
    for nvtx in (True, False):
        tag = "" if nvtx else "/no-nvtx"
        path, _ = gen(tmp, "single" + tag.replace("/", "_"), "--iterations", "1", *bench,
                      *([] if nvtx else ["--no-nvtx"]))
        r = steady(path)["result"]
        c.check(not r["found"], f"single-shot{tag}: not found")
        c.eq(r["reason"]["code"] if r["reason"] else None, "no_repetition", f"single-shot{tag}: reason")
        c.eq(r["single_launch_share"], 1, f"single-shot{tag}: every kernel launched once")
        check_trust(f"single-shot{tag}", r, raw_kernels(path))
    # the failing class: a burst of 14 iterations of two small elementwise kernels (the kernel
    # period finds them: 14 iterations, a 154 us window) and then one 400 ms kernel launched once.
    # By hand: the 400 ms kernel is 99.97 % of the kernel time and runs once -> no_repetition;
    # the window the period gave is kept as the candidate, holding 0.03 % of the kernel time.
    base, _ = gen(tmp, "burst", "--iterations", "14", "--no-nvtx", "--kernel", "elementwise_a:5000:0.05",
                  "--kernel", "elementwise_b:3000:0.05")
    path = add_kernels(base, os.path.join(tmp, "burst_big.sqlite"), ["bench_big"], 400000000)
    r = steady(path)["result"]
    c.eq((r["found"], (r["reason"] or {}).get("code")), (False, "no_repetition"), "burst + one long kernel: reason")
    c.check(r["candidate"] is not None and r["candidate"]["kernel_time_coverage"] < 0.001,
            f"burst + one long kernel: the period's window is only a candidate ({r['candidate']})")
    c.check(r["single_launch_share"] > 0.999, "burst + one long kernel: single_launch_share")
    check_trust("burst + one long kernel", r, raw_kernels(path))
    path = add_kernels(base, os.path.join(tmp, "burst_19.sqlite"), [f"bench_{i}" for i in range(19)], 20000000)
    r = steady(path)["result"]
    c.eq((r["found"], (r["reason"] or {}).get("code")), (False, "no_repetition"), "burst + 19 single kernels: reason")
    # the 19 benchmark kernels run 3 times each (no single launch), after 200 elementwise
    # iterations: the period (2 kernels) covers the elementwise stretch only, 2.4 ms of
    # kernel time against 19 x 3 x 20 ms = 1.14 s -> window_too_small (coverage 0.0014)
    base, _ = gen(tmp, "burst200", "--iterations", "200", "--no-nvtx", "--kernel", "elementwise_a:5000:0.05",
                  "--kernel", "elementwise_b:3000:0.05")
    path = add_kernels(base, os.path.join(tmp, "burst200_x3.sqlite"), [f"bench_{i}" for i in range(19)],
                       20000000, repeat=3)
    r = steady(path)["result"]
    c.eq((r["found"], (r["reason"] or {}).get("code"), r["method"]), (False, "window_too_small", "kernel_period"),
         "200 elementwise iterations + 19 kernels x 3: reason")
    c.check(r["candidate"] is not None and r["candidate"]["kernel_time_coverage"] < 0.01,
            f"200 elementwise iterations + 19 kernels x 3: candidate coverage ({r['candidate']})")
    c.eq(r["single_launch_share"], 0, "200 elementwise iterations + 19 kernels x 3: nothing launched once")
    # a real loop keeps its window, and the fields agree with the raw rows; one kernel launched
    # once before the loop (a setup kernel, 1 % of the time) is named as outside the window
    base, truth = gen(tmp, "loop", "--iterations", "40", "--warmup", "3", "--seed", "21")
    r = steady(base)["result"]
    c.check(r["found"] and r["confidence"] >= 0.4, f"loop: found with confidence >= 0.4 ({r['confidence']})")
    check_trust("loop", r, raw_kernels(base))
    path = add_kernels(base, os.path.join(tmp, "loop_tail.sqlite"), ["tail_kernel"], 500000)
    for extra in ([], ["--method", "kernel_period"]):
        r = steady(path, *extra)["result"]
        c.check(r["found"], f"loop + a tail kernel {extra}: found ({r['reason']})")
        check_trust(f"loop + a tail kernel {extra}", r, raw_kernels(path))
        c.eq([o["name"] for o in r["outside_kernels"]][:1], ["tail_kernel"], f"loop + a tail kernel {extra}: named outside")


def raw_kernel_cut(path, pid, device_id, anchor):
    """The kernel-sequence cut computed from the raw tables: kernels of
    (pid, deviceId) ordered by (start, end), a new iteration at each kernel
    whose short name is the anchor."""
    db = nsq.raw_db(path)
    rows = db.execute(
        'SELECT k.start, k."end", s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k '
        "LEFT JOIN StringIds s ON s.id = k.shortName "
        "WHERE ((k.globalPid >> 24) & 16777215) = ? AND k.deviceId = ? AND k.\"end\" >= k.start "
        'ORDER BY k.start, k."end"', (pid, device_id)).fetchall()
    its = []
    for a, b, name in rows:
        if name == anchor:
            its.append([a, b, 0, 0])
        if its:
            t = its[-1]
            t[1] = max(t[1], b)
            t[2] += 1
            t[3] += b - a
    return [tuple(t) for t in its]


def raw_capture(path):
    db = nsq.raw_db(path)
    lo, hi = None, None
    for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (t,)).fetchone():
            a, b = db.execute(f'SELECT min(start), max("end") FROM {t}').fetchone()
            if a is not None:
                lo = a if lo is None else min(lo, a)
                hi = b if hi is None else max(hi, b)
    return lo, hi


def fixtures():
    for path in nsq.fixtures():
        name = os.path.basename(path)
        rc, out, err = nsq.run("steady-state", path, "--iterations", raw=True)
        c.check(rc in (0, 3), f"{name}: exit {rc} is a result or an input error, not a crash ({err[-200:]})")
        d = json.loads(out)
        nsq.validate(d)
        lo, hi = raw_capture(path)
        if rc == 3:
            c.eq(d["error"]["code"], "no_gpu_activity", f"{name}: the only input error is no GPU activity")
            c.eq(lo, None, f"{name}: indeed no GPU op rows")
            continue
        errs = [e.message[:160] for e in CLOSED.iter_errors(d)]
        c.check(not errs, f"{name}: every field is described ({errs[:2]})")
        r = d["result"]
        c.eq((r["capture"]["start_ns"], r["capture"]["end_ns"]), (lo, hi), f"{name}: capture span from the raw tables")
        codes = [w["code"] for w in d["warnings"]]
        if r["found"]:
            c.check(lo <= r["steady_start_ns"] < r["steady_end_ns"] <= hi, f"{name}: window inside the capture")
            c.check(r["iterations"]["steady"] >= 3, f"{name}: at least 3 steady iterations")
            c.eq("steady_window_short" in codes, r["coverage"] < 0.8, f"{name}: short-window warning iff coverage < 0.8")
        else:
            c.check(r["reason"] is not None and r["reason"]["code"] in codes,
                    f"{name}: not found, with a coded reason that is also a warning")
        print(f"  {name}: found={r['found']} method={r['method']} iterations={r['iterations']} "
              f"coverage={r['coverage']} confidence={r['confidence']} reason={(r['reason'] or {}).get('code')}")
        if r["method"] == "kernel_period" and r["iteration"]["anchor_length"] == 1:
            want = raw_kernel_cut(path, r["series"]["pid"], r["series"]["device_id"], r["iteration"]["anchor"])
            got = [(i["start_ns"], i["end_ns"], i["kernels"], i["kernel_time_ns"]) for i in r["per_iteration"]]
            c.eq(got, want, f"{name}: kernel-period iterations equal the raw-table cut at '{r['iteration']['anchor']}'")
            check_oracle(name, path, r)
        if r["method"] == "nvtx" and r["iteration"]["cost"] == "kernel_time_ns":
            check_oracle(name, path, r)
    pairs = os.path.join(os.path.dirname(nsq.FIXTURES.rstrip("/")), "nsys-pairs")
    # what a careful reading of the raw tables says (verdict: (found, reason code or None))
    want = {
        # one kernel launched once per capture (nussinov_kernel, 112-446 ms): nothing repeats
        **{f"nussinov-{x}-2023.3.sqlite": (False, "no_repetition") for x in
           ("ebc98a2-report1", "eaf0bbe-report1", "eaf0bbe-report2", "eaf0bbe-report3", "eaf0bbe-report4",
            "eaf0bbe-report5")},
        # four kernels once per frame (I420ToRGB, Grayscale, calcHistogram, plotHistogram), 170/104/651/64
        # frames: frame cost sits on a few levels (the Orin's clocks: ~1.8 ms, ~1.1 ms, ~0.95 ms) and the
        # last level holds for 165 (12), 77 (13), 379 (14) and 27 (15) frames: steady there
        **{f"orin-histogram-report{x}-2024.5.sqlite": (True, None) for x in (12, 13, 14, 15)},
        # report16: 48 frames, and the frames after the first 28 still switch between 771, 1085, 710 and
        # 922 us: no level holds; the candidate's noise and its 26 % of the kernel time give 0.20
        "orin-histogram-report16-2024.5.sqlite": (False, "low_confidence"),
        # Gaussian elimination: Fan1 + Fan2 per step, 4095 steps. report2: Fan2 (grid 1024x1024) takes the
        # same ~680 us whatever the step, so most steps cost the same; report3/5 (grid 256x256): the
        # cost falls with the shrinking matrix all along -> a trend, no steady state
        "rodinia-gaussian-report2-2022.4.sqlite": (True, None),
        "rodinia-gaussian-report3-2022.4.sqlite": (False, "no_steady_state"),
        "rodinia-gaussian-report5-2022.4.sqlite": (False, "no_steady_state"),
        # dag_lts_kernel once per level; after the first 3 levels (grids 3297, 5167, 2360: 0.29-0.59 ms)
        # every launch takes 64-72 us whatever its grid (38 distinct grids), so the per-launch cost is
        # level; not a loop, but the windows hold 80 % of the kernel time in one kernel: found
        "lts-ca-2023.3.sqlite": (True, None), "lts-report_level-2023.3.sqlite": (True, None),
        "lts-la-2023.3.sqlite": (True, None), "lts-report_la_opt-2023.3.sqlite": (True, None),
        # 10 NVTX iterations with no kernel attributed (range durations): the window holds no kernel
        "dlprof-pytorch-conv-2022.1.sqlite": (False, "window_too_small"),
        # 3 NVTX iterations; 57 % of the kernel time is in kernels launched once
        "isc25-icon-graupel-uvm-2025.1.sqlite": (False, "no_repetition"),
        "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite": (True, None),
        "pipit-cloverleaf-cuda-2024.5.sqlite": (True, None),
        "sc23-openmp-offload-2023.3.sqlite": (True, None),
    }
    paths = nsq.fixtures() + (sorted(os.path.join(pairs, f) for f in os.listdir(pairs) if f.endswith(".sqlite"))
                              if os.path.isdir(pairs) else [])
    for path in paths:
        name = os.path.basename(path)
        rc, out, _ = nsq.run("steady-state", path, raw=True)
        if rc != 0:
            continue
        r = json.loads(out)["result"]
        check_trust(name, r, raw_kernels(path))
        if name in want:
            c.eq((r["found"], (r["reason"] or {}).get("code")), want[name], f"{name}: verdict")
        if r["found"]:
            c.check(r["confidence"] >= 0.4 and r["kernel_time_coverage"] >= 0.25 and r["single_launch_share"] < 0.5,
                    f"{name}: a window only with confidence >= 0.4, coverage >= 0.25, single launches < 0.5")
    # a fixture with a known 62-kernel period (video diffusion steps, sliced capture)
    big = [p for p in nsq.fixtures() if "nsysai" in p]
    if big:
        r = steady(big[0], "--device", "1")["result"]
        c.eq((r["method"], r["iteration"]["period_kernels"], r["series"]["gpu"]), ("kernel_period", 62, 1),
             "nsysai fixture --device 1: the 62-kernel period on GPU 1")


def second_read(tmp):
    """Captures with more NVTX ranges than the first pass keeps (2^22) read the
    chosen range's instances again: from the pages (by the texts' hashes, as
    the first pass keyed them) or through SQLite (by the text). Forced here
    with NSYSQL_STEADY_REC_MAX=0, both ways give the result of the kept rows,
    with the planted warm-up found."""
    path, truth = gen(tmp, "second-read", "--iterations", "300", "--warmup", "12", "--processes", "2")
    base = nsq.run("steady-state", path)
    for env in ({"NSYSQL_STEADY_REC_MAX": "0"}, {"NSYSQL_STEADY_REC_MAX": "0", "NSYSQL_RAWSCAN": "0"},
                {"NSYSQL_STEADY_REC_MAX": "0", "NSYSQL_THREADS": "1"}):
        d = nsq.run("steady-state", path, env=env)
        c.eq(d["result"], base["result"], f"second read of the NVTX instances {env}: the same result")
    res = base["result"]
    c.check(res["found"] and res["method"].startswith("nvtx"), f"second read: NVTX iterations ({res.get('method')})")


def nesting_from_kept_rows(tmp):
    """Which NVTX series sit inside which (the second pass over the ranges, when
    there is a choice: here one iteration series per thread) is walked from the
    rows the first pass kept, in (thread, start, end desc) order, and through
    SQLite's ORDER BY when they were not kept (NSYSQL_STEADY_REC_MAX=0): the
    same result either way, with the ranges of each thread out of start order,
    with start/end ranges (keyed by process: read through SQLite), and with two
    ranges of one thread with the same bounds in different series."""
    path, truth = gen(tmp, "nest", "--iterations", "60", "--warmup", "5", "--processes", "3",
                      "--devices", "2", "--seed", "11")
    sql = {"NSYSQL_STEADY_REC_MAX": "0"}
    base = nsq.run("steady-state", path)["result"]
    c.check(base["found"] and base["method"].startswith("nvtx"), f"nest: NVTX iterations ({base.get('method')})")
    _, dv = truth_device(truth, pid=truth["processes"][0]["pid"])
    check_warmup("nest", base, dv, 5)
    c.eq(nsq.run("steady-state", path, env=sql)["result"], base, "nest: kept rows and SQLite give one result")

    def variant(name, script):
        out = os.path.join(tmp, name + ".sqlite")
        shutil.copyfile(path, out)
        db = sqlite3.connect(out)
        db.executescript(script)
        db.commit()
        db.close()
        return out

    # each thread's ranges in reverse time order (the threads' blocks still in turn)
    rev = variant("nest-reversed", "CREATE TABLE t AS SELECT * FROM NVTX_EVENTS ORDER BY globalTid, start DESC;"
                                   " DELETE FROM NVTX_EVENTS; INSERT INTO NVTX_EVENTS SELECT * FROM t; DROP TABLE t;")
    c.eq(nsq.run("steady-state", rev)["result"], base, "nest, ranges out of start order: the same result")
    # a start/end range per iteration of the first thread (eventType 60), keyed by process
    se = variant("nest-startend", "INSERT INTO NVTX_EVENTS (start, end, eventType, globalTid, text) SELECT start + 10,"
                                  " end - 10, 60, globalTid, 'phase' FROM NVTX_EVENTS WHERE text = 'iteration' AND"
                                  " globalTid = (SELECT min(globalTid) FROM NVTX_EVENTS);")
    a, b = nsq.run("steady-state", se)["result"], nsq.run("steady-state", se, env=sql)["result"]
    c.eq(a, b, "nest, start/end ranges: kept rows and SQLite give one result")
    # every iteration range of one thread doubled by a range of another text with the same bounds
    tie = variant("nest-tie", "INSERT INTO NVTX_EVENTS (start, end, eventType, globalTid, text) SELECT start, end,"
                              " eventType, globalTid, 'twin' FROM NVTX_EVENTS WHERE text = 'iteration' AND"
                              " globalTid = (SELECT min(globalTid) FROM NVTX_EVENTS);")
    a, b = nsq.run("steady-state", tie)["result"], nsq.run("steady-state", tie, env=sql)["result"]
    c.eq(a, b, "nest, ranges with the same bounds in two series: kept rows and SQLite give one result")


def compact_forms(tmp):
    """The iteration store keeps a span, kernel time and kernel count in 32
    bits each, moving an iteration's values to a wide record when one does not
    fit; NVTX instances not in start order are sorted; ranges no GPU work can
    be tied to are read again for their durations (no --iterations) or taken
    from the kept copy (--iterations)."""
    # 5 s of kernels an iteration (2 x 2.5 s): spans and kernel times past 2^32 ns
    path, truth = gen(tmp, "wide", "--iterations", "30", "--warmup", "3", "--seed", "3",
                      "--kernel", "big:2500000000:0.01:2", "--kernel", "small:1000:0.1:3")
    d = steady(path, "--iterations")
    r = d["result"]
    _, dv = truth_device(truth)
    c.check(r["method"] == "nvtx" and min(i["kernel_time_ns"] for i in r["per_iteration"]) > 2**32,
            "wide: NVTX iterations of more than 2^32 ns of kernel time")
    check_warmup("wide", r, dv, 3, exact=True)
    check_per_iteration_vs_truth("wide", r, dv, r["method"])
    check_oracle("wide", path, r)
    # the same capture with the NVTX rows in reverse time order
    rev = os.path.join(tmp, "wide-reversed.sqlite")
    shutil.copyfile(path, rev)
    db = sqlite3.connect(rev)
    db.executescript("CREATE TABLE t AS SELECT * FROM NVTX_EVENTS ORDER BY start DESC; DELETE FROM NVTX_EVENTS;"
                     " INSERT INTO NVTX_EVENTS SELECT * FROM t; DROP TABLE t;")
    db.commit()
    db.close()
    for extra in ([], ["--iterations"]):
        a = steady(path, *extra)["result"]
        b = steady(rev, *extra)["result"]
        c.eq(b, a, f"wide, NVTX rows reversed {extra}: the same result")

    # three streams at once: 4.5 s of kernel time in iterations of 1.6 s
    path, truth = gen(tmp, "wide-overlap", "--iterations", "30", "--warmup", "3", "--seed", "3", "--overlap",
                      "--streams", "3", "--kernel", "big:1500000000:0.01:3")
    r = steady(path, "--iterations")["result"]
    c.check(r["method"] == "nvtx" and all(i["end_ns"] - i["start_ns"] < 2**32 < i["kernel_time_ns"]
                                          for i in r["per_iteration"] if i["phase"] == "steady"),
            "wide-overlap: kernel time past 2^32 ns in steady iterations shorter than that")
    check_warmup("wide-overlap", r, truth_device(truth)[1], 3)
    check_oracle("wide-overlap", path, r)

    # launch calls for a third of the ranges only: the ranges' duration is the cost, and
    # the iterations with GPU work get their range back as bounds
    path, truth = gen(tmp, "few-launches", "--iterations", "40", "--warmup", "4", "--seed", "12")
    db = sqlite3.connect(path)
    cut = db.execute("SELECT start FROM NVTX_EVENTS e LEFT JOIN StringIds t ON t.id = e.textId "
                     "WHERE COALESCE(e.text, t.value) = 'iteration' ORDER BY start LIMIT 1 OFFSET 14").fetchone()[0]
    db.execute("DELETE FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE start >= ?", (cut,))
    db.commit()
    db.close()
    cases = [("few-launches", path)]
    # no API rows, NVTX forced: the cost is each range's duration, from the raw table
    path, truth = gen(tmp, "noapi-nvtx", "--iterations", "40", "--warmup", "4", "--no-api", "--seed", "12")
    cases.append(("no-api", path))
    for label, path in cases:
        full = steady(path, "--method", "nvtx", "--iterations")
        r = full["result"]
        c.eq(r["iteration"]["cost"], "range_ns", f"{label} --method nvtx: the ranges' duration is the cost")
        db = nsq.raw_db(path)
        ranges = db.execute(
            "SELECT e.start, e.end FROM NVTX_EVENTS e LEFT JOIN StringIds t ON t.id = e.textId "
            "WHERE COALESCE(e.text, t.value) = 'iteration' AND e.end IS NOT NULL ORDER BY e.start").fetchall()
        db.close()
        c.eq([i["cost"] for i in r["per_iteration"]], [e - s for s, e in ranges],
             f"{label} --method nvtx: cost = end - start of each range")
        c.eq([(i["start_ns"], i["end_ns"]) for i in r["per_iteration"]], [tuple(x) for x in ranges],
             f"{label} --method nvtx: an iteration's bounds are its range")
        if label == "few-launches":
            c.eq(sum(i["kernels"] > 0 for i in r["per_iteration"]), 14,
                 f"{label}: the kernels of the 14 ranges with launch calls are still counted")
        # the same without --iterations, where the ranges are read a second time
        plain = steady(path, "--method", "nvtx")
        drop = ("per_iteration",)
        c.eq({k: v for k, v in plain["result"].items() if k not in drop},
             {k: v for k, v in r.items() if k not in drop},
             f"{label} --method nvtx: the same result with the ranges read again (no --iterations)")
        c.eq(plain["result"]["steady_start_ns"], ranges[r["iterations"]["warmup"]][0],
             f"{label} --method nvtx: the window starts at the first steady range")


def reorder_kernels(src, dst):
    """A copy of src with its kernel rows in reverse time order."""
    shutil.copyfile(src, dst)
    db = sqlite3.connect(dst)
    db.executescript("CREATE TABLE t AS SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY start DESC;"
                     " DELETE FROM CUPTI_ACTIVITY_KIND_KERNEL;"
                     " INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL SELECT * FROM t; DROP TABLE t;")
    db.commit()
    db.close()


def kernel_store(tmp):
    """The kernel paths keep the kernels of one context as varints (start
    gaps and durations) beside name indexes of 1, 2 or 4 bytes: the rows of
    the chosen context are taken out of several contexts' rows, rows out of
    start order are sorted, and names past 256 widen the indexes; each gives
    what the planted capture says."""
    # two devices (contexts) interleaved, no NVTX: kernel period on one of them
    path, truth = gen(tmp, "ks-two", "--no-nvtx", "--devices", "2", "--iterations", "60", "--warmup", "4",
                      "--seed", "7")
    r = steady(path, "--iterations")["result"]
    c.check(r["method"] == "kernel_period" and r["iteration"]["period_kernels"] == 6,
            f"two contexts: kernel period 6 ({r['method']}, {r['iteration'].get('period_kernels')})")
    dev = r["series"]["device_id"] if isinstance(r.get("series"), dict) and "device_id" in r["series"] else 0
    check_warmup("two contexts", r, truth_device(truth, device_id=dev)[1], 4)
    check_oracle("two contexts", path, r)
    # the same rows in reverse time order: sorted back, the same iterations
    # and window (the kernel-time coverage is not compared: its time grid
    # depends on the order the rows come in)
    rev = os.path.join(tmp, "ks-two-reversed.sqlite")
    reorder_kernels(path, rev)
    keys = ("steady_start_ns", "steady_end_ns", "method", "series", "iteration", "iterations", "metrics",
            "per_iteration")
    for m in ("kernel_period", "time_bins"):
        a = steady(path, "--method", m, "--iterations")["result"]
        b = steady(rev, "--method", m, "--iterations")["result"]
        c.check(len(a["per_iteration"]) >= 10, f"--method {m}: iterations to compare ({len(a['per_iteration'])})")
        c.eq({k: b[k] for k in keys}, {k: a[k] for k in keys},
             f"kernel rows reversed, --method {m}: the same iterations and window")
    # 300 names, one launch each per iteration: the period is 300 names long
    names = [f"--kernel=k{i:03d}:{3000 + 7 * i}:0.02" for i in range(300)]
    path, truth = gen(tmp, "ks-names", "--no-nvtx", "--iterations", "40", "--warmup", "3", *names)
    r = steady(path, "--iterations")["result"]
    c.check(r["method"] == "kernel_period" and r["iteration"]["period_kernels"] == 300,
            f"300 names: kernel period 300 ({r['method']}, {r['iteration'].get('period_kernels')})")
    c.check(r["iteration"]["anchor"] == "k000", f"300 names: the iteration starts at k000 ({r['iteration']['anchor']})")
    check_warmup("300 names", r, truth_device(truth)[1], 3)
    check_oracle("300 names", path, r)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        kernel_store(tmp)
        second_read(tmp)
        nesting_from_kept_rows(tmp)
        compact_forms(tmp)
        synthetic(tmp)
        trust(tmp)
    if os.path.isdir(nsq.FIXTURES):
        fixtures()
    else:
        print(f"SKIP (fixtures): {nsq.FIXTURES} is absent")
    c.done()


if __name__ == "__main__":
    main()
