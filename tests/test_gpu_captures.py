#!/usr/bin/env python3
"""Real captures made by nsysql's own CUPTI backend on an H100 (tests/data/gpu,
tests/data/gpu-torch; their README says how), checked against what the
captured programs measured themselves: each bench/cuda program prints its
launch counts, copies and per-iteration CUDA-event times, and
bench/torch/model_step.py its per-step CUDA-event times, with the kernel
launches per step counted by torch.profiler in a separate uncaptured run.
No figure asserted here comes from nsysql.
"""
import glob
import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = ("gemm", "launch_bound", "transfers", "reduction")
ORDER = ("baseline", "patch", "patch", "baseline", "baseline", "patch")


def unpack(tmp, sub):
    out = {}
    for gz in sorted(glob.glob(os.path.join(HERE, "data", sub, "*.sqlite.gz"))):
        name = os.path.basename(gz)[: -len(".sqlite.gz")]
        if name.startswith("multiproc-"):
            continue  # multiproc() reads those
        dst = os.path.join(tmp, name + ".sqlite")
        with gzip.open(gz, "rb") as src, open(dst, "wb") as f:
            shutil.copyfileobj(src, f)
        with open(gz[: -len(".sqlite.gz")] + ".program.json") as f:
            out[name] = (dst, json.loads(f.readline()))
    return out


def doc(*args):
    return nsq.run(*args)


def bench_exports(c, caps):
    c.eq(len(caps), 24, "bench: 4 programs x 6 captures")
    for name, (path, ref) in sorted(caps.items()):
        # every kernel the program launched, with its count, and nothing else
        tk = doc("top-kernels", path, "--limit", "0")["result"]["kernels"]
        got = {k["name"]: k["instances"] for k in tk}
        c.eq(got, ref["kernels"], f"{name}: kernels and counts")
        # copies and memsets by direction, count and bytes
        dev = doc("memcpy", path)["result"]["devices"]
        c.eq(len(dev), 1, f"{name}: one device")
        m = dev[0]
        kinds = {k["key"]: (k["count"], k["bytes"]) for k in m["memcpy"]["by_kind"]}
        for d, key in (("h2d", "HtoD"), ("d2h", "DtoH"), ("d2d", "DtoD")):
            want = (ref["memcpy"][d]["count"], ref["memcpy"][d]["bytes"])
            c.eq(kinds.get(key, (0, 0)), want, f"{name}: {key} copies (count, bytes)")
        ms = (m.get("memset") or {}).get("total") or {"count": 0, "bytes": 0}
        c.eq((ms["count"], ms["bytes"]), (ref["memset"]["count"], ref["memset"]["bytes"]),
             f"{name}: memsets (count, bytes)")
        host = {k["key"] for k in m["memcpy"]["by_host_memory"]}
        pinned = ref["program"] == "transfers" and ref["variant"] == "patch"
        c.check(("pinned" in host) if pinned else ("pageable" in host),
                f"{name}: host memory kind {host} (transfers patch pins, the rest are pageable)")
        # kernel launch calls
        calls = doc("api", path, "--limit", "0")["result"]["calls"]
        launches = sum(x["count"] for x in calls if x["name"].startswith("cudaLaunchKernel"))
        c.eq(launches, ref["launch_calls"], f"{name}: cudaLaunchKernel calls")
        # NVTX: one main, one warmup, one iteration range per iteration
        nv = {n["name"]: n["instances"] for n in doc("nvtx", path, "--limit", "0")["result"]["names"]}
        c.eq({k: nv.get(k) for k in ("main", "warmup", "iteration")}, ref["nvtx"], f"{name}: NVTX ranges")
        # iterations: the NVTX iterations are found, and each one's GPU span
        # sits inside its CUDA-event time: events are recorded on the stream
        # before the first and after the last op, so they add the first op's
        # launch latency and the events' own cost (about 15 us on this H100),
        # and for pageable copies the host staging before the first DMA
        st = doc("steady-state", path, "--iterations")["result"]
        per = st["per_iteration"]
        c.eq(len(per), ref["warmup"] + ref["iterations"], f"{name}: NVTX iterations found")
        c.eq(st["iteration"]["name"], "iteration", f"{name}: the iteration range")
        ev = ref["iteration_ns"][ref["warmup"]:]
        span = [p["end_ns"] - p["start_ns"] for p in per[ref["warmup"]:]]
        me, ms_ = statistics.median(ev), statistics.median(span)
        c.check(0 <= me - ms_ <= 25000 + 0.1 * me,
                f"{name}: median GPU span per iteration {ms_} ns within the CUDA-event time {me} ns "
                "(at most 25 us + 10 % less)")
        if st["found"]:
            w = st["iterations"]["warmup"]
            c.check(ref["warmup"] <= w <= ref["warmup"] + 2,
                    f"{name}: the {ref['warmup']} planted warm-up iterations are left out (warm-up {w})")
            c.check(st["steady_start_ns"] >= per[ref["warmup"] - 1]["end_ns"],
                    f"{name}: the steady window starts after the planted warm-up")


def rows_by_name(d):
    return {r["name"]: r for r in d["result"]["kernels"]}


def event_change(caps, prog, kernel, rows):
    """The kernel's per-instance change that the programs' CUDA events imply:
    the change of the median iteration time, all of it put on the one kernel
    the patch changed (the rest of the iteration is the same code), over the
    kernel's baseline median."""
    it = {"baseline": [], "patch": []}
    for i, v in enumerate(ORDER, 1):
        ref = caps[f"{prog}-{i}-{v}"][1]
        it[v] += ref["iteration_ns"][ref["warmup"]:]
    delta = statistics.median(it["patch"]) - statistics.median(it["baseline"])
    return 100 * delta / rows[kernel]["baseline"]["median_ns"]


def bench_diffs(c, caps):
    def side(prog, v):
        return [caps[f"{prog}-{i}-{v}"][0] for i, x in enumerate(ORDER, 1) if x == v]

    for prog in PROGRAMS:
        d = doc("diff", "--baseline", *side(prog, "baseline"), "--patch", *side(prog, "patch"),
                "--limit", "0")
        rows = rows_by_name(d)
        v = d["result"]["verdict"]
        c.eq(v, "improved", f"diff {prog} (3 vs 3 captures): overall ({d['result'].get('reason')})")
        c.eq(rows["cold_touch"]["verdict"] in ("unchanged", "inconclusive"), True,
             f"diff {prog}: the untouched warm-up kernel cold_touch ({rows['cold_touch']['verdict']})")
        if prog in ("gemm", "reduction"):
            k = "sgemm" if prog == "gemm" else "reduce_sum"
            c.eq(rows[k]["verdict"], "improved", f"diff {prog}: {k} improved")
            want = event_change(caps, prog, k, rows)
            got = rows[k]["per_instance"]["change_pct"]
            c.check(abs(got - want) <= 3, f"diff {prog}: {k} per instance {got:.2f} % vs {want:.2f} % "
                    "from the CUDA events (3 points)")
        if prog == "gemm":
            c.check(rows["bias_relu"]["verdict"] in ("unchanged", "inconclusive"),
                    f"diff gemm: the epilogue bias_relu is not called changed ({rows['bias_relu']['verdict']})")
        if prog == "launch_bound":
            c.eq(rows["tiny_step"]["verdict"], "removed", "diff launch_bound: tiny_step removed")
            c.eq(rows["fused_steps"]["verdict"], "added", "diff launch_bound: fused_steps added")
        if prog == "transfers":
            c.eq(rows["scale_chunk"]["verdict"], "unchanged", "diff transfers: scale_chunk unchanged")
        # repeats of one variant: no firm verdict either way
        for var in ("baseline", "patch"):
            a, b, e = side(prog, var)
            r = doc("diff", "--baseline", a, "--patch", b, e, "--limit", "0")
            c.check(r["result"]["verdict"] not in ("improved", "regressed", "mixed", "not_comparable"),
                    f"diff {prog} {var} repeats: no firm verdict ({r['result']['verdict']})")
            for name, row in rows_by_name(r).items():
                c.check(row["verdict"] not in ("improved", "regressed", "added", "removed"),
                        f"diff {prog} {var} repeats: {name} {row['verdict']}")


def torch_exports(c, caps):
    refs = {}
    for v in ("eager", "compile"):
        with open(os.path.join(HERE, "data", "gpu-torch", f"reference-{v}.json")) as f:
            refs[v] = json.loads(f.readline())
    for name, (path, ref) in sorted(caps.items()):
        v = ref["variant"]
        per_step = refs[v]["kernel_launches_per_step"]
        nv = {n["name"]: n["instances"] for n in doc("nvtx", path, "--limit", "0")["result"]["names"]}
        c.eq(nv.get("train_step"), ref["warmup"] + ref["steps"], f"{name}: train_step ranges")
        # GPU ops launched by threads without NVTX ranges (autograd's),
        # counted with SQL over the raw tables
        import sqlite3
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        want = db.execute(
            "WITH ranged AS (SELECT DISTINCT globalTid FROM NVTX_EVENTS WHERE globalTid IS NOT NULL), "
            "ops AS (SELECT globalPid, correlationId FROM CUPTI_ACTIVITY_KIND_KERNEL UNION ALL "
            "SELECT globalPid, correlationId FROM CUPTI_ACTIVITY_KIND_MEMCPY UNION ALL "
            "SELECT globalPid, correlationId FROM CUPTI_ACTIVITY_KIND_MEMSET) "
            "SELECT count(*) FROM ops o JOIN CUPTI_ACTIVITY_KIND_RUNTIME r "
            "ON r.correlationId = o.correlationId AND (r.globalTid >> 24) = (o.globalPid >> 24) "
            "WHERE r.globalTid NOT IN ranged").fetchone()[0]
        db.close()
        nvd = doc("nvtx", path)
        c.eq(nvd["result"]["totals"]["gpu_ops_rangeless_threads"], want,
             f"{name}: GPU ops launched by threads without ranges")
        c.check(want > 0 and any(w["code"] == "gpu_work_on_rangeless_threads" for w in nvd["warnings"]),
                f"{name}: nvtx warns that autograd's launches are outside every range ({want})")
        st = doc("steady-state", path, "--iterations")["result"]
        per = st["per_iteration"]
        c.eq(len(per), ref["warmup"] + ref["steps"], f"{name}: iterations")
        # every step after the first launches what torch.profiler counted,
        # backward (launched from autograd's own thread) included
        c.eq({p["kernels"] for p in per[1:]}, {per_step}, f"{name}: kernels per step")
        c.check(per[0]["kernels"] > per_step,
                f"{name}: the first step carries the warm-up launches ({per[0]['kernels']} > {per_step})")
        c.check(st["found"], f"{name}: steady state found ({st.get('reason')})")
        if st["found"]:
            c.check(st["iterations"]["warmup"] >= 1, f"{name}: the first step is warm-up")
            c.check(st["kernel_time_coverage"] > 0.3,
                    f"{name}: the window holds the steps' GPU work ({st['kernel_time_coverage']})")
    # the repeated-capture diff: compile is faster per step
    side = {"eager": [], "compile": []}
    for name, (path, ref) in sorted(caps.items()):
        side[ref["variant"]].append((path, ref))
    d = doc("diff", "--baseline", *[p for p, _ in side["eager"]], "--patch",
            *[p for p, _ in side["compile"]], "--limit", "0")
    res = d["result"]
    c.eq(res["verdict"], "improved", f"torch diff eager -> compile ({res.get('reason')})")
    pi = res["summary"]["per_iteration"]
    # the step as the GPU saw it against the steps' CUDA events, pooled
    ev = {v: statistics.median([s for _, r in side[v] for s in r["step_ms"][r["warmup"]:]])
          for v in side}
    want = 100 * (ev["compile"] / ev["eager"] - 1)
    got = pi["step"]["change_pct"]
    c.check(abs(got - want) <= 8, f"torch diff: step time {got:.1f} % vs {want:.1f} % from the CUDA "
            "events (8 points: the CPU-bound steps' events also hold launch latency)")
    c.check(pi["kernel_time"]["change_pct"] < 0, "torch diff: kernel time per step lower with compile")
    # one capture per side, every eager against every compile capture (the
    # cold one autotunes with 32 MB copies inside its first step): the same
    # workload, faster or likely faster, never the other way
    for pe, _ in side["eager"]:
        for pc, _ in side["compile"]:
            one = doc("diff", pe, pc)["result"]
            c.check(one["verdict"] in ("improved", "likely_improved"),
                    f"torch diff {os.path.basename(pe)} -> {os.path.basename(pc)}: {one['verdict']} "
                    f"({one.get('reason')})")
    rows = rows_by_name(d)
    c.check(any(n.startswith("triton_") and r["verdict"] == "added" for n, r in rows.items()),
            "torch diff: Inductor's Triton kernels are added")
    c.check(rows.get("vectorized_layer_norm_kernel", {}).get("verdict") == "removed",
            "torch diff: eager's layer-norm kernel is removed (fused by Inductor)")


def multiproc(c, tmp):
    """Two CUDA processes in one capture, at once and one after the other:
    each process's kernels, copies and iterations are its program's."""
    for kind in ("concurrent", "sequential"):
        gz = os.path.join(HERE, "data", "gpu", f"multiproc-{kind}.sqlite.gz")
        path = os.path.join(tmp, f"multiproc-{kind}.sqlite")
        with gzip.open(gz, "rb") as src, open(path, "wb") as f:
            shutil.copyfileobj(src, f)
        with open(gz[: -len(".sqlite.gz")] + ".programs.jsonl") as f:
            refs = {r["program"]: r for r in map(json.loads, f)}
        procs = doc("info", path)["result"]["processes"]
        c.eq(sorted(p["name"] for p in procs), sorted(refs), f"multiproc {kind}: the two processes")
        for p in procs:
            ref = refs[p["name"]]
            tk = doc("top-kernels", path, "--pid", str(p["pid"]), "--limit", "0")["result"]["kernels"]
            c.eq({k["name"]: k["instances"] for k in tk}, ref["kernels"],
                 f"multiproc {kind}: {p['name']} kernels and counts")
            st = doc("steady-state", path, "--pid", str(p["pid"]), "--iterations")["result"]
            c.eq(st["series"]["pid"], p["pid"], f"multiproc {kind}: {p['name']} iterations from its own ranges")
            c.eq(len(st["per_iteration"]), ref["warmup"] + ref["iterations"],
                 f"multiproc {kind}: {p['name']} iterations")
            c.eq(sum(x["kernels"] for x in st["per_iteration"]),
                 sum(ref["kernels"].values()),
                 f"multiproc {kind}: {p['name']} every kernel inside its iterations (cold_touch in the warm-up ones)")


def verify_reuse(c, tmp):
    """`verify` ran on the GPU (scripts/gpu-verify.sh) and kept its captures;
    verify again on them here (--baseline-dir/--patch-dir) with this build."""
    want = {"gemm": "improved", "reduction": "improved", "launch_bound": "improved",
            "transfers": "improved", "gemm-aa": "unchanged"}
    for name, verdict in want.items():
        src = os.path.join(HERE, "data", "gpu-verify", name)
        dst = os.path.join(tmp, "v-" + name)
        for gz in sorted(glob.glob(os.path.join(src, "*.sqlite.gz"))):
            d = os.path.join(dst, os.path.basename(gz)[: -len(".sqlite.gz")])
            os.makedirs(d)
            with gzip.open(gz, "rb") as fsrc, open(os.path.join(d, "profile.sqlite"), "wb") as f:
                shutil.copyfileobj(fsrc, f)
        v = doc("verify", "--baseline-dir", dst, "--patch-dir", dst, "-o", os.path.join(tmp, "o-" + name))
        r = v["result"]
        c.eq(r["verdict"], verdict, f"verify {name} on the GPU's captures ({r.get('reason')})")
        nb = len(glob.glob(os.path.join(src, "baseline-*.sqlite.gz")))
        c.eq(r["good_captures"], {"baseline": nb, "patch": nb}, f"verify {name}: every capture used")
    # transfers at 8 MB: the copies took as long, the pinned double-buffered
    # patch removed the host staging between them; the programs' CUDA events
    # say by how much the iterations shrank
    src = os.path.join(HERE, "data", "gpu-verify", "transfers")
    ev = {}
    for side in ("baseline", "patch"):
        its = []
        for f in sorted(glob.glob(os.path.join(src, side + "-*.program.json"))):
            with open(f) as fh:
                ref = json.loads(fh.readline())
            its += ref["iteration_ns"][ref["warmup"]:]
        ev[side] = statistics.median(its)
    c.check(ev["patch"] < 0.5 * ev["baseline"],
            f"transfers: the CUDA events show the patch's iterations much shorter ({ev})")


def torch_amp(c, tmp):
    """fp32 against bf16 autocast (eager): the GEMMs move to bf16 tensor cores
    and casts are added, while the CPU-bound step launches more kernels."""
    caps = unpack(tmp, "gpu-torch-amp")
    refs = {}
    for v in ("fp32", "bf16"):
        with open(os.path.join(HERE, "data", "gpu-torch-amp", f"reference-{v}.json")) as f:
            refs[v] = json.loads(f.readline())
    side = {"fp32": [], "bf16": []}
    for name, (path, ref) in sorted(caps.items()):
        side[ref["dtype"]].append((path, ref))
        per = doc("steady-state", path, "--iterations")["result"]["per_iteration"]
        c.eq({p["kernels"] for p in per[1:]}, {refs[ref["dtype"]]["kernel_launches_per_step"]},
             f"{name}: kernels per step as torch.profiler counted")
    d = doc("diff", "--baseline", *[p for p, _ in side["fp32"]], "--patch",
            *[p for p, _ in side["bf16"]], "--limit", "0")
    res = d["result"]
    pi = res["summary"]["per_iteration"]
    c.eq(res["verdict"], "improved", f"torch amp diff: the GPU work per step ({res.get('reason')})")
    c.check(pi["kernel_time"]["change_pct"] < -50, f"torch amp diff: kernel time per step {pi['kernel_time']['change_pct']:.1f} %")
    ev = {v: statistics.median([s for _, r in side[v] for s in r["step_ms"][r["warmup"]:]]) for v in side}
    want = 100 * (ev["bf16"] / ev["fp32"] - 1)
    got = pi["step"]["change_pct"]
    c.check(want > 0 and abs(got - want) <= 8,
            f"torch amp diff: the CPU-bound step is slower, {got:.1f} % vs {want:.1f} % from the CUDA events")
    c.check("step time" in res["reason"] and "regressed" in res["reason"],
            "torch amp diff: the reason says the step time regressed")
    for v in side:
        a, b, e = [p for p, _ in side[v]]
        r = doc("diff", "--baseline", a, "--patch", b, e)["result"]
        c.check(r["verdict"] in ("unchanged", "inconclusive"), f"torch amp {v} repeats: {r['verdict']}")


def main():
    c = nsq.Checks()
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "b"))
        os.makedirs(os.path.join(tmp, "t"))
        bench = unpack(os.path.join(tmp, "b"), "gpu")
        bench_exports(c, bench)
        bench_diffs(c, bench)
        multiproc(c, tmp)
        verify_reuse(c, tmp)
        os.makedirs(os.path.join(tmp, "amp"))
        torch_amp(c, os.path.join(tmp, "amp"))
        torch_exports(c, unpack(os.path.join(tmp, "t"), "gpu-torch"))
    c.done()


if __name__ == "__main__":
    main()
