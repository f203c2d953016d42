#!/usr/bin/env python3
"""`diff` on real before/after captures (../shared/fixtures/nsys-pairs), and
A/A comparisons built from real captures. What a careful engineer concludes
from the raw tables for each pair is written in tests/diff_real_pairs.md;
every figure asserted here is computed in this file with SQL over the raw
tables (kernel rows joined to StringIds), never taken from nsysql.
"""
import bisect
import json
import math
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

PAIRS = os.path.join(os.path.dirname(nsq.FIXTURES), "nsys-pairs")


def f(name):
    return os.path.join(PAIRS, name)


def raw(path):
    """name -> {durs, shapes, total} from the kernel table."""
    db = nsq.raw_db(path)
    out = {}
    for name, d, gx, gy, gz, bx, by, bz, sh in db.execute(
            'SELECT s.value, k."end" - k.start, gridX, gridY, gridZ, blockX, blockY, blockZ, '
            "COALESCE(staticSharedMemory, 0) + COALESCE(dynamicSharedMemory, 0) "
            "FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName "
            'WHERE k."end" >= k.start ORDER BY k.start'):
        r = out.setdefault(name, {"durs": [], "shapes": set(), "by_shape": {}})
        r["durs"].append(d)
        r["shapes"].add((gx, gy, gz, bx, by, bz, sh))
        r["by_shape"].setdefault((gx, gy, gz, bx, by, bz, sh), []).append(d)
    for r in out.values():
        r["total"] = sum(r["durs"])
        r["median"] = statistics.median(r["durs"])
    return out


def median_change(a, b):
    return 100 * (b["median"] / a["median"] - 1)


def mix_change(a, b):
    """The change at the baseline's mix of launch shapes: over the shapes run
    on both sides, sum(n_base * median_patch) / sum(n_base * median_base) - 1."""
    num = den = 0
    for shape, xs in a["by_shape"].items():
        ys = b["by_shape"].get(shape)
        if ys:
            num += len(xs) * statistics.median(ys)
            den += len(xs) * statistics.median(xs)
    return 100 * (num / den - 1)


def ranks(v):
    """Mid-ranks (1-based) of v."""
    order = sorted(range(len(v)), key=lambda i: v[i])
    r = [0.0] * len(v)
    i = 0
    while i < len(v):
        j = i
        while j < len(v) and v[order[j]] == v[order[i]]:
            j += 1
        for k in range(i, j):
            r[order[k]] = (i + j - 1) / 2 + 1
        i = j
    return r


def paired(a, b):
    """Pairing by launch position, recomputed from the raw durations in start
    order: Spearman rho, positions faster / slower, the sign test's p, the
    median per-position change and its order-statistic interval."""
    xs, ys = a["durs"], b["durs"]
    n = len(xs)
    ra, rb = ranks(xs), ranks(ys)
    m = (n + 1) / 2
    sab = sum((p - m) * (q - m) for p, q in zip(ra, rb))
    saa = sum((p - m) ** 2 for p in ra)
    sbb = sum((q - m) ** 2 for q in rb)
    rho = sab / math.sqrt(saa * sbb)
    d = sorted(math.log(y) - math.log(x) for x, y in zip(xs, ys))
    faster = sum(y < x for x, y in zip(xs, ys))
    slower = sum(y > x for x, y in zip(xs, ys))
    u = faster + slower

    def cum(nn):
        """Exact cumulative binomial(nn, 1/2) counts: cum[k] = sum of C(nn, i), i <= k."""
        out, t, acc = [], 1, 0
        for i in range(nn + 1):
            acc += t
            out.append(acc)
            t = t * (nn - i) // (i + 1)
        return out

    cu = cum(u)
    p = min(1.0, 2 * cu[min(faster, slower)] / 2 ** u) if u else 1.0
    med = d[n // 2] if n % 2 else (d[n // 2 - 1] + d[n // 2]) / 2
    cn = cum(n)
    c = 0
    # the largest c with P(Bin(n, 1/2) <= c - 1) <= alpha / 2 (alpha = 1/100: exact in integers)
    while c + 1 <= n // 2 and cn[c] * 2 * 100 <= 2 ** n:
        c += 1
    lo = 100 * (math.exp(d[c - 1]) - 1) if c else None
    hi = 100 * (math.exp(d[n - c]) - 1) if c else None
    return dict(rho=rho, faster=faster, slower=slower, p=p, change=100 * (math.exp(med) - 1), lo=lo, hi=hi)


def assert_paired(c, label, k, a, b):
    """The row's sequence pairing equals the recomputation; used iff rho >= 0.9."""
    want = paired(a, b)
    sp = k["per_instance"]["sequence_pairing"]
    c.check(sp is not None, f"{label}: {k['name']} qualifies for pairing")
    if not sp:
        return
    c.check(abs(sp["spearman_rho"] - want["rho"]) < 1e-6, f"{label}: {k['name']} rho {sp['spearman_rho']} vs {want['rho']:.6f}")
    c.eq(sp["used"], want["rho"] >= 0.9, f"{label}: {k['name']} pairing used")
    if not sp["used"]:
        return
    pi = k["per_instance"]
    c.eq(pi["method"], "paired_by_position", f"{label}: {k['name']} method")
    c.eq((sp["patch_faster"], sp["patch_slower"]), (want["faster"], want["slower"]), f"{label}: {k['name']} faster/slower positions")
    for key, w in (("change_pct", want["change"]), ("ci_low_pct", want["lo"]), ("ci_high_pct", want["hi"])):
        c.check(abs(pi[key] - w) < 1e-6, f"{label}: {k['name']} {key} {pi[key]} vs {w:.6f}")
    c.check(abs(k["confidence"]["p_value"] - want["p"]) <= 1e-9 + 1e-6 * want["p"],
            f"{label}: {k['name']} sign-test p {k['confidence']['p_value']} vs {want['p']:.3g}")


def diff(*args):
    return nsq.run("diff", *args, "--limit", "0", "--detail", expect_rc=None)


def fingerprint(path):
    """What the host handed the GPU, from the raw tables: the largest
    host-to-device and device-to-host copy, and the profiled arguments."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    big = dict(db.execute("SELECT copyKind, max(bytes) FROM CUPTI_ACTIVITY_KIND_MEMCPY "
                          "WHERE copyKind IN (1, 2) GROUP BY copyKind").fetchall())
    try:
        args = [v for _, v in sorted(
            (int(n.split("_")[-1]), v) for n, v in db.execute(
                "SELECT name, value FROM META_DATA_CAPTURE WHERE name GLOB 'PROCESS_0:ARGUMENT_*'"))]
    except sqlite3.OperationalError:
        args = None
    db.close()
    return big.get(1, 0), big.get(2, 0), args


def invariant(c, label, doc):
    nsq.diff_invariant(c, label, doc)


def kernels(doc):
    return {k["name"]: k for k in doc["result"]["kernels"]}


def block_drift(durs):
    """max/min - 1 (%) of the medians of eight consecutive blocks of the
    durations in start order (each block's median: the mean of the two
    middle values when even)."""
    n = len(durs)
    meds = [statistics.median(durs[n * b // 8:n * (b + 1) // 8]) for b in range(8)]
    return 100 * (max(meds) / min(meds) - 1)


def pair(c, label, base, patch, *opts):
    """Runs diff on a pair with --window all and checks what holds for every
    pair: instances and totals per kernel equal the raw tables', the
    decomposition adds up to the change of the totals."""
    doc = diff(f(base), f(patch), "--window", "all", *opts)
    c.eq(doc.get("ok"), True, f"{label}: diff ran")
    a, b = raw(f(base)), raw(f(patch))
    ks = kernels(doc)
    for name in set(a) & set(b):
        k = ks.get(name)
        c.check(k is not None, f"{label}: {name} compared")
        if not k:
            continue
        c.eq((k["baseline"]["instances"], k["patch"]["instances"]), (len(a[name]["durs"]), len(b[name]["durs"])),
             f"{label}: {name} instances")
        c.eq((k["baseline"]["total_ns"], k["patch"]["total_ns"]), (a[name]["total"], b[name]["total"]),
             f"{label}: {name} totals")
        dec = k["decomposition"]
        c.check(abs(dec["count_ns"] + dec["mix_ns"] + dec["speed_ns"] - (b[name]["total"] - a[name]["total"])) < 2,
                f"{label}: {name} count + mix + speed = change of the total")
        c.eq(k["shape_changed"], not (a[name]["shapes"] & b[name]["shapes"]), f"{label}: {name} shape_changed")
    return doc, a, b, ks


def assert_change(c, label, k, want, tol=0.5):
    got = k["per_instance"]["change_pct"]
    c.check(got is not None and abs(got - want) <= tol, f"{label}: {k['name']} change {got} vs raw {want:.2f} %")


def aa_by_iterations(c, label, src, td):
    """A/A: the odd iterations of one capture against the even ones."""
    ss = nsq.run("steady-state", "--iterations", src)["result"]
    it, series = ss["per_iteration"], ss["series"]
    starts, end = [x["start_ns"] for x in it], it[-1]["end_ns"]
    sides = []
    for parity in (0, 1):
        dst = os.path.join(td, f"{label}-{parity}.sqlite")
        shutil.copyfile(src, dst)
        db = sqlite3.connect(dst)
        drop = []
        for rid, st, dev, pid in db.execute(
                "SELECT rowid, start, deviceId, (globalPid >> 24) & 16777215 FROM CUPTI_ACTIVITY_KIND_KERNEL"):
            if (series["device_id"] is not None and dev != series["device_id"]) or \
                    (series["pid"] is not None and pid != series["pid"]) or st < starts[0] or st > end or \
                    (bisect.bisect_right(starts, st) - 1) % 2 != parity:
                drop.append((rid,))
        db.executemany("DELETE FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE rowid = ?", drop)
        for t in ("CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
            try:
                db.execute(f"DELETE FROM {t}")
            except sqlite3.OperationalError:
                pass
        db.commit()
        db.close()
        sides.append(dst)
    doc = diff(*sides, "--window", "all")
    bad = [(k["name"], k["verdict"]) for k in doc["result"]["kernels"]
           if k["verdict"] not in ("unchanged", "inconclusive")]
    c.eq(bad, [], f"A/A {label} (odd vs even of {len(it)} iterations): no kernel improved, regressed or added")
    c.check(doc["result"]["verdict"] in ("unchanged", "inconclusive"), f"A/A {label}: overall {doc['result']['verdict']}")


def main():
    c = nsq.Checks()
    if not os.path.isdir(PAIRS):
        print(f"SKIP: {PAIRS} is absent")
        sys.exit(77)

    # Gaussian elimination: Fan2's block 4x4 -> 16x16 (grid 1024^2 -> 256^2)
    doc, a, b, ks = pair(c, "gaussian 2->3", "rodinia-gaussian-report2-2022.4.sqlite",
                         "rodinia-gaussian-report3-2022.4.sqlite")
    c.eq((ks["Fan2"]["verdict"], ks["Fan2"]["shape_changed"]), ("improved", True), "gaussian 2->3: Fan2 improved, new shape")
    assert_change(c, "gaussian 2->3", ks["Fan2"], median_change(a["Fan2"], b["Fan2"]))
    assert_paired(c, "gaussian 2->3", ks["Fan2"], a["Fan2"], b["Fan2"])
    assert_paired(c, "gaussian 2->3", ks["Fan1"], a["Fan1"], b["Fan1"])
    # Fan1's launches shrink along the elimination and its change is not the
    # same at every stage: +1.2 % in one eighth of the launches, +31 % in
    # another (raw: the medians of the b-th eighth of each side). Clear
    # within the capture, not seen throughout: hedged.
    nz = ks["Fan1"]["per_instance"]["noise"]
    eighths = [statistics.median(b["Fan1"]["durs"][len(b["Fan1"]["durs"]) * i // 8:len(b["Fan1"]["durs"]) * (i + 1) // 8]) /
               statistics.median(a["Fan1"]["durs"][len(a["Fan1"]["durs"]) * i // 8:len(a["Fan1"]["durs"]) * (i + 1) // 8]) - 1
               for i in range(8)]
    c.check(abs(nz["block_change_low_pct"] - 100 * min(eighths)) < 1e-6 and abs(nz["block_change_high_pct"] - 100 * max(eighths)) < 1e-6,
            f"gaussian 2->3: Fan1 block changes {nz['block_change_low_pct']} .. {nz['block_change_high_pct']} vs raw {min(eighths):.4f} .. {max(eighths):.4f}")
    c.eq((ks["Fan1"]["verdict"], ks["Fan1"]["shape_changed"]), ("likely_regressed", True),
         "gaussian 2->3: Fan1 (block 512 -> 1024) likely_regressed (not slower in every eighth)")
    assert_change(c, "gaussian 2->3", ks["Fan1"], median_change(a["Fan1"], b["Fan1"]))
    # Fan2 saves 2.2 s of baseline kernel time, Fan1 costs 3 ms: the larger decides
    c.eq(doc["result"]["verdict"], "improved", "gaussian 2->3: improved (Fan2's saving dwarfs Fan1's cost)")
    c.eq(doc["result"]["summary"]["decomposition"]["count_ns"], 0, "gaussian 2->3: no count change (4095 launches)")
    # the same shapes, Fan2 given shared memory: a few % faster, never regressed
    doc, a, b, ks = pair(c, "gaussian 3->5", "rodinia-gaussian-report3-2022.4.sqlite",
                         "rodinia-gaussian-report5-2022.4.sqlite")
    # the pooled launches span 41-671 us by their place in the elimination, which
    # hides a few % in an unpaired test; paired launch by launch (the same 4095
    # launches in the same order, rho > 0.99) the gain is clear
    # -3.5 % launch by launch is clear within the captures, but one capture
    # per side cannot tell it from capture-to-capture noise (10 % assumed)
    c.eq(ks["Fan2"]["verdict"], "likely_improved", "gaussian 3->5: Fan2 likely_improved (paired by launch position, within the assumed noise)")
    c.eq(doc["result"]["verdict"], "likely_improved", "gaussian 3->5: overall likely_improved")
    assert_paired(c, "gaussian 3->5", ks["Fan2"], a["Fan2"], b["Fan2"])
    c.eq(ks["Fan1"]["verdict"], "unchanged", "gaussian 3->5: Fan1 unchanged")
    assert_paired(c, "gaussian 3->5", ks["Fan1"], a["Fan1"], b["Fan1"])

    # Jetson histogram pipeline: calcHistogramKernel rewritten, three kernels untouched
    doc, a, b, ks = pair(c, "orin 12->13", "orin-histogram-report12-2024.5.sqlite", "orin-histogram-report13-2024.5.sqlite")
    c.eq(ks["calcHistogramKernel"]["verdict"], "improved", "orin 12->13: calcHistogramKernel improved")
    assert_change(c, "orin 12->13", ks["calcHistogramKernel"], median_change(a["calcHistogramKernel"], b["calcHistogramKernel"]))
    for n in ("I420ToRGB", "GrayscaleKernel", "plotHistogramKernel"):
        c.check(ks[n]["verdict"] in ("unchanged", "inconclusive"), f"orin 12->13: {n} not flagged ({ks[n]['verdict']})")
    doc, a, b, ks = pair(c, "orin 13->14", "orin-histogram-report13-2024.5.sqlite", "orin-histogram-report14-2024.5.sqlite")
    calc = ks["calcHistogramKernel"]
    c.eq((calc["verdict"], calc["shape_changed"]), ("improved", True), "orin 13->14: calcHistogramKernel improved, new grid")
    assert_change(c, "orin 13->14", calc, median_change(a["calcHistogramKernel"], b["calcHistogramKernel"]))
    shift = doc["result"]["common_shift"]
    others = ("I420ToRGB", "GrayscaleKernel", "plotHistogramKernel")
    raw_changes = [median_change(a[n], b[n]) for n in others]
    c.check(all(10 < x < 25 for x in raw_changes), f"orin 13->14 (raw): the untouched kernels all slowed 10-25 %: {raw_changes}")
    c.check(shift is not None and shift.get("kernels", 0) >= 3, f"orin 13->14: a common shift is reported: {shift}")
    for n in others:
        c.eq(ks[n]["vs_common_shift"]["verdict"], "unchanged", f"orin 13->14: {n} unchanged relative to the common shift")
        # 104 frames against 651, and the baseline's first frames run slower
        # (block medians of eighths of the raw durations move by more than the
        # change): the captures cover different parts of the run, no verdict
        drift = max(block_drift(a[n]["durs"]), block_drift(b[n]["durs"]))
        rr = 1 + raw_changes[others.index(n)] / 100
        c.check(max(rr, 1 / rr) < 1 + drift / 100, f"orin 13->14 (raw): {n} moves {drift:.0f} % along a capture, more than its change")
        c.eq(ks[n]["verdict"], "inconclusive", f"orin 13->14: {n} moved with the shift, within its drift over captures 104 vs 651 frames long")
    c.eq(doc["result"]["verdict"], "improved", "orin 13->14: the rewrite decides the headline, not the clock shift")
    c.eq((calc["baseline"]["instances"], calc["patch"]["instances"]), (len(a["calcHistogramKernel"]["durs"]), 651),
         "orin 13->14: frames per capture 104 -> 651 (counts, not speed)")
    c.check(calc["decomposition"]["count_ns"] > 0 > calc["decomposition"]["speed_ns"],
            "orin 13->14: more launches add time, faster launches remove it")
    doc, a, b, ks = pair(c, "orin 14->15", "orin-histogram-report14-2024.5.sqlite", "orin-histogram-report15-2024.5.sqlite")
    c.eq((ks["calcHistogramKernel"]["verdict"], ks["calcHistogramKernel"]["shape_changed"]), ("regressed", True),
         "orin 14->15: the grid-64 rewrite is slower per instance")
    # report15 and report16 ran the same grid-64 code (raw: every kernel keeps
    # its grid and block); their kernels sit on clock levels (raw: 157/181/313 us
    # for calcHistogramKernel) and every median moves 11-35 %: noise, not code
    doc, a, b, ks = pair(c, "orin 15->16", "orin-histogram-report15-2024.5.sqlite", "orin-histogram-report16-2024.5.sqlite")
    c.check(all(a[n]["shapes"] == b[n]["shapes"] for n in a), "orin 15->16 (raw): the same launch shapes")
    for n, k in ks.items():
        c.check(k["verdict"] in ("inconclusive", "unchanged", "likely_improved", "likely_regressed"),
                f"orin 15->16: {n} is not given a firm verdict on a same-code pair ({k['verdict']})")
    c.check(doc["result"]["verdict"] not in ("improved", "regressed", "mixed"), f"orin 15->16: overall {doc['result']['verdict']}")
    c.check(any(k["per_instance"]["noise"]["floor_source"] == "clock_levels" for k in ks.values()),
            "orin 15->16: clock levels detected")
    invariant(c, "orin 15->16", doc)

    # RNA folding: one launch per capture; grid 1 -> 10
    doc, a, b, ks = pair(c, "nussinov old->new", "nussinov-ebc98a2-report1-2023.3.sqlite", "nussinov-eaf0bbe-report1-2023.3.sqlite")
    k = ks["nussinov_gpu"]
    # the old run folded a sequence given on the command line, the new one a
    # file's: raw uploads 1500 -> 2000 B, the result matrix copied back
    # 4,473,040 -> 12,656,400 B (x2.83): a larger problem, not the same one
    fa, fb = fingerprint(f("nussinov-ebc98a2-report1-2023.3.sqlite")), fingerprint(f("nussinov-eaf0bbe-report1-2023.3.sqlite"))
    c.check(fa[0] != fb[0] and fa[1] != fb[1] and fa[2] != fb[2], f"nussinov old->new (raw): copies and arguments differ {fa[:2]} {fb[:2]}")
    c.eq((k["verdict"], k["per_instance"]["method"]), ("not_comparable", "single_instance"),
         "nussinov: different problem sizes: not_comparable")
    c.eq(doc["result"]["verdict"], "not_comparable", "nussinov old->new: overall not_comparable")
    items = {i["item"]: i for i in doc["result"]["workload"]["items"]}
    c.eq((items["d2h_largest_copy"]["baseline"], items["d2h_largest_copy"]["patch"]), (fa[1], fb[1]),
         "nussinov old->new: the result copies as the raw tables hold them")
    rc, out, _ = nsq.run("diff", f("nussinov-ebc98a2-report1-2023.3.sqlite"), f("nussinov-eaf0bbe-report1-2023.3.sqlite"),
                         "--window", "all", "--fail-on", "regression", raw=True)
    g = json.loads(out)
    c.eq((rc, g["result"]["gate"]["triggered_by"]), (1, ["not_comparable"]),
         "nussinov old->new: --fail-on fails (exit 1) on different workloads")
    rc, out, _ = nsq.run("diff", f("nussinov-ebc98a2-report1-2023.3.sqlite"), f("nussinov-eaf0bbe-report1-2023.3.sqlite"),
                         "--window", "all", "--fail-on", "regression", "--assume-same-workload", raw=True)
    c.eq(rc, 0, "nussinov old->new: --assume-same-workload lets the gate judge (a likely improvement passes)")
    g = diff(f("nussinov-ebc98a2-report1-2023.3.sqlite"), f("nussinov-eaf0bbe-report1-2023.3.sqlite"), "--window", "all",
             "--assume-same-workload")
    k = kernels(g)["nussinov_gpu"]
    c.eq((k["verdict"], g["result"]["workload"]["assumed_same"]), ("likely_improved", True),
         "nussinov: --assume-same-workload judges the single instances (likely_improved, -75 %)")
    assert_change(c, "nussinov", k, median_change(a["nussinov_gpu"], b["nussinov_gpu"]))
    c.eq((k["per_instance"]["ci_low_pct"], k["per_instance"]["ci_high_pct"]), (None, None), "nussinov: no interval from one instance")
    for r in range(2, 6):
        doc, a, b, ks = pair(c, f"nussinov repeat 1->{r}", "nussinov-eaf0bbe-report1-2023.3.sqlite",
                             f"nussinov-eaf0bbe-report{r}-2023.3.sqlite")
        c.eq(ks["nussinov_gpu"]["verdict"], "inconclusive", f"nussinov repeat 1->{r}: a {median_change(a['nussinov_gpu'], b['nussinov_gpu']):+.1f} % single-run change stays inconclusive")
    reps = [f(f"nussinov-eaf0bbe-report{r}-2023.3.sqlite") for r in range(1, 6)]
    doc = diff("--baseline", f("nussinov-ebc98a2-report1-2023.3.sqlite"), "--patch", *reps, "--assume-same-workload")
    k = kernels(doc)["nussinov_gpu"]
    new = [raw(p)["nussinov_gpu"]["durs"][0] for p in reps]
    old = raw(f("nussinov-ebc98a2-report1-2023.3.sqlite"))["nussinov_gpu"]["durs"][0]
    geo = 100 * (math.exp(statistics.mean(math.log(x) for x in new)) / old - 1)
    c.eq((k["verdict"], k["per_instance"]["method"]), ("improved", "single_vs_sample"),
         "nussinov 1 old vs 5 new runs (same workload assumed): improved, tested against the runs' spread")
    spread = 100 * (max(new) / min(new) - 1)
    c.check(abs(k["per_instance"]["noise"]["patch_capture_spread_pct"] - spread) < 1e-6 and
            k["per_instance"]["noise"]["floor_source"] == "captures",
            f"nussinov 1 vs 5: the floor is the measured spread of the new runs ({spread:.3f} %)")
    assert_change(c, "nussinov 1 vs 5", k, geo)

    # lower-triangular solve: a kernel replaced by another with 68x fewer launches
    # la solved onetone2.mtx, la_opt and ca onetone1.mtx (raw: arguments, and
    # the largest upload 1,323,432 vs 1,777,384 B): other matrices
    fa, fb = fingerprint(f("lts-la-2023.3.sqlite")), fingerprint(f("lts-report_la_opt-2023.3.sqlite"))
    c.check(fa[0] != fb[0] and fa[2] != fb[2], f"lts la vs la_opt (raw): {fa[0]} vs {fb[0]} B, {fa[2]} vs {fb[2]}")
    doc, a, b, ks = pair(c, "lts la->la_opt", "lts-la-2023.3.sqlite", "lts-report_la_opt-2023.3.sqlite",
                         "--assume-same-workload")
    rep = [k for k in doc["result"]["kernels"] if k["verdict"] == "replaced"]
    c.eq(len(rep), 1, "lts la->la_opt: one replaced pair")
    if rep:
        c.eq(rep[0]["name"], "dag_lts_kernel -> set_scheduled_kernel", "lts: the pair's names")
        c.eq(rep[0]["pairing"]["confidence"], "low", "lts: paired with low confidence (no shared sequence)")
        c.eq((rep[0]["baseline"]["instances"], rep[0]["patch"]["instances"]),
             (len(a["dag_lts_kernel"]["durs"]), len(b["set_scheduled_kernel"]["durs"])), "lts: 1221 -> 18 launches")
    tot = 100 * (b["set_scheduled_kernel"]["total"] / a["dag_lts_kernel"]["total"] - 1)
    c.check(abs(tot) < 2 and doc["result"]["verdict"] == "unchanged",
            f"lts la->la_opt: total kernel time {tot:+.2f} %: unchanged ({doc['result']['verdict']})")
    d0 = diff(f("lts-la-2023.3.sqlite"), f("lts-report_la_opt-2023.3.sqlite"), "--window", "all")
    c.eq(d0["result"]["verdict"], "not_comparable", "lts la->la_opt: another matrix: not_comparable")
    d0 = diff(f("lts-ca-2023.3.sqlite"), f("lts-la-2023.3.sqlite"), "--window", "all")
    c.eq((d0["result"]["verdict"], d0["result"]["workload"]["signals"]), ("not_comparable", 2),
         "lts ca->la: another matrix (arguments, largest upload): not_comparable")
    # level and ca read the same matrix (raw: the same largest upload) with
    # another strategy argument: one signal, the same workload
    fa, fb = fingerprint(f("lts-report_level-2023.3.sqlite")), fingerprint(f("lts-ca-2023.3.sqlite"))
    c.check(fa[:2] == fb[:2] and fa[2] != fb[2], f"lts level vs ca (raw): same copies {fa[:2]}, arguments {fa[2]} vs {fb[2]}")
    d0 = diff(f("lts-report_level-2023.3.sqlite"), f("lts-ca-2023.3.sqlite"), "--window", "all")
    c.eq((d0["result"]["workload"]["comparable"], d0["result"]["workload"]["signals"]), (True, 1),
         "lts level->ca: the same matrix: comparable")
    invariant(c, "lts level->ca", d0)
    # raw: the same kernel time (61.1 vs 61.9 ms) in a GPU span of 128.5 vs
    # 85.0 ms: CA waits less between the levels' launches. The kernels did not
    # change; the solve is faster end to end, and the headline says so.
    spans = []
    for name in ("lts-report_level-2023.3.sqlite", "lts-ca-2023.3.sqlite"):
        db = sqlite3.connect(f"file:{f(name)}?mode=ro", uri=True)
        spans.append(db.execute('SELECT max("end") - min(start), sum("end" - start) FROM CUPTI_ACTIVITY_KIND_KERNEL').fetchone())
        db.close()
    c.check(spans[1][0] < 0.8 * spans[0][0] and abs(spans[1][1] / spans[0][1] - 1) < 0.02,
            f"lts level->ca (raw): GPU span {spans[0][0]} -> {spans[1][0]} ns, kernel time {spans[0][1]} -> {spans[1][1]} ns")
    d1 = diff(f("lts-report_level-2023.3.sqlite"), f("lts-ca-2023.3.sqlite"))  # steady windows
    pi = d1["result"]["summary"]["per_iteration"]
    # one capture per side: the span between the kernels is host time, which
    # moved 34 % between two runs of the same PyTorch step on an H200
    # (tests/data/gpu-h200-repeats), so clear within each capture is "likely"
    c.eq((pi["step"]["verdict"], d1["result"]["verdict"]), ("likely_improved", "likely_improved"),
         "lts level->ca: kernels unchanged, each level's GPU span shorter: likely improved by the per-iteration span")
    c.check(pi["step"]["ci_high_pct"] < -10, f"lts level->ca: the span's interval clears the 10 % floor ({pi['step']['ci_high_pct']})")
    doc, a, b, ks = pair(c, "lts ca->la", "lts-ca-2023.3.sqlite", "lts-la-2023.3.sqlite", "--assume-same-workload")
    k = ks["dag_lts_kernel"]
    # the change at each level is -7.5 .. -26.7 % (every eighth faster): with
    # the workload assumed the same, the interval decides
    c.check(k["verdict"] in ("improved", "likely_improved"), f"lts ca->la (assumed same): each launch faster ({k['verdict']})")
    # one name, many grids (one per level): compared shape by shape
    c.eq(k["per_instance"]["method"], "van_elteren", "lts ca->la: stratified by launch shape")
    assert_change(c, "lts ca->la", k, mix_change(a["dag_lts_kernel"], b["dag_lts_kernel"]))
    grew = 100 * (b["dag_lts_kernel"]["total"] / a["dag_lts_kernel"]["total"] - 1)
    c.check(k["decomposition"]["count_ns"] > 0 > k["decomposition"]["speed_ns"],
            f"lts ca->la: 874 -> 1221 launches: the total grew {grew:+.2f} % though each launch is faster: "
            f"{doc['result']['reason']}")

    # assignment solver: report1 a tiny problem, report2 and report3 the
    # same larger one (raw: uploads 64 B vs 40,000 B largest, grids 1x1 vs 7x7)
    fa, fb, fc = (fingerprint(f(f"cestwc-balinski-report{r}-2025.5.sqlite")) for r in (1, 2, 3))
    c.check(fa[0] * 100 < fb[0] and fb[:2] == fc[:2], f"balinski (raw): largest uploads {fa[0]}, {fb[0]}, {fc[0]}")
    doc, a, b, ks = pair(c, "balinski 1->2", "cestwc-balinski-report1-2025.5.sqlite", "cestwc-balinski-report2-2025.5.sqlite")
    c.eq(doc["result"]["verdict"], "not_comparable", "balinski 1->2: another problem size: not_comparable")
    c.eq({k["verdict"] for k in ks.values()}, {"not_comparable"}, "balinski 1->2: no kernel judged")
    items = {i["item"]: i for i in doc["result"]["workload"]["items"]}
    c.eq((items["h2d_largest_copy"]["baseline"], items["h2d_largest_copy"]["patch"], items["h2d_largest_copy"]["differs"]),
         (fa[0], fb[0], True), "balinski 1->2: the largest uploads as the raw tables hold them")
    grids = [n for n in set(a) & set(b) if len(a[n]["shapes"]) == 1 and len(b[n]["shapes"]) == 1
             and list(a[n]["shapes"])[0][3:6] == list(b[n]["shapes"])[0][3:6] and list(a[n]["shapes"])[0][:3] != list(b[n]["shapes"])[0][:3]]
    c.check(items["grids"]["differs"] and items["grids"]["patch"] == len(grids),
            f"balinski 1->2: {len(grids)} kernels kept their block with a scaled grid (raw), {items['grids']['patch']} reported")
    doc, a, b, ks = pair(c, "balinski 2->3", "cestwc-balinski-report2-2025.5.sqlite", "cestwc-balinski-report3-2025.5.sqlite")
    c.eq(doc["result"]["workload"]["comparable"], True, "balinski 2->3: the same problem")
    c.eq([n for n, k in ks.items() if k["verdict"] in ("improved", "regressed", "likely_improved", "likely_regressed")], [],
         "balinski 2->3: a repeat run: no kernel changed")
    c.eq(doc["result"]["verdict"], "unchanged", "balinski 2->3: unchanged")
    invariant(c, "balinski 2->3", doc)

    # the interval/verdict invariant over every consecutive pair
    for series in (["rodinia-gaussian-report2", "rodinia-gaussian-report3", "rodinia-gaussian-report5"],
                   [f"orin-histogram-report{r}" for r in range(12, 17)],
                   ["nussinov-ebc98a2-report1"] + [f"nussinov-eaf0bbe-report{r}" for r in range(1, 6)],
                   ["lts-report_level", "lts-ca", "lts-la", "lts-report_la_opt"],
                   [f"cestwc-balinski-report{r}" for r in (1, 2, 3)]):
        files = [next(x for x in os.listdir(PAIRS) if x.startswith(n + "-")) for n in series]
        for x, y in zip(files, files[1:]):
            for opts in ((), ("--window", "all"), ("--assume-same-workload",)):
                invariant(c, f"{x} -> {y} {' '.join(opts)}", diff(f(x), f(y), *opts))

    # A/A from real captures
    with tempfile.TemporaryDirectory() as td:
        h100 = os.path.join(nsq.FIXTURES, "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite")
        if os.path.exists(h100):
            sides = []
            for keep in (0, 1):
                dst = os.path.join(td, f"dev{keep}.sqlite")
                shutil.copyfile(h100, dst)
                db = sqlite3.connect(dst)
                for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
                    db.execute(f"DELETE FROM {t} WHERE deviceId <> ?", (keep,))
                db.commit()
                db.close()
                sides.append(dst)
            doc = diff(*sides)
            bad = [(k["name"], k["verdict"]) for k in doc["result"]["kernels"]
                   if k["verdict"] not in ("unchanged", "inconclusive")]
            c.eq(bad, [], "A/A h100: GPU 0 against GPU 1 of the same job")
            c.eq(doc["result"]["verdict"], "unchanged", "A/A h100: unchanged")
        for label, src in (("orin14", "orin-histogram-report14-2024.5.sqlite"),
                           ("orin12", "orin-histogram-report12-2024.5.sqlite"), ("lts-la", "lts-la-2023.3.sqlite")):
            aa_by_iterations(c, label, f(src), td)
        shorter_captures(c, td)
    unrelated_programs(c)
    c.done()


PROGRAMS = [os.path.join(nsq.FIXTURES, n) for n in (
    "dlprof-pytorch-conv-2022.1.sqlite", "isc25-icon-graupel-uvm-2025.1.sqlite",
    "pipit-cloverleaf-cuda-2024.5.sqlite", "pipit-saxpy-mpi-cuda-2022.2.sqlite",
    "sc23-openmp-offload-2023.3.sqlite", "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite")] + [
    f(n) for n in ("rodinia-gaussian-report2-2022.4.sqlite", "orin-histogram-report12-2024.5.sqlite",
                   "lts-ca-2023.3.sqlite")]


def unrelated_programs(c):
    """Every ordered pair of nine different programs (each fixture's
    application differs: INVENTORY.md): no speed verdict between two
    programs. Each pair's kernel names are checked disjoint-or-nearly by SQL
    first, so the expectation rests on the raw tables."""
    progs = [p for p in PROGRAMS if os.path.exists(p)]
    names = {}
    for p in progs:
        db = nsq.raw_db(p)
        names[p] = {r[0] for r in db.execute(
            "SELECT s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName")}
        db.close()
    for x in progs:
        for y in progs:
            if x == y:
                continue
            common = names[x] & names[y]
            label = f"{os.path.basename(x)} -> {os.path.basename(y)}"
            c.check(len(common) <= 2, f"{label}: kernel names in common {sorted(common)[:3]}")
            c.eq(diff(x, y)["result"]["verdict"], "not_comparable", f"{label}: two programs")


def shorter_captures(c, td):
    """A real capture against its own first half and first quarter (every GPU
    op and call that starts later dropped): the same run captured for less
    time. Whatever the per-capture totals, no firm change may be claimed, in
    either direction. Left out: isc25 (two of its five kernels run once each
    in the first half, the other three only later, so nothing in the kernel
    tables tells its first half from a patch that removed three kernels)."""
    for src in PROGRAMS:
        if not os.path.exists(src) or "isc25" in src:
            continue
        for frac in (0.5, 0.25):
            cut = os.path.join(td, f"cut-{frac}.sqlite")
            shutil.copyfile(src, cut)
            db = sqlite3.connect(cut)
            lo, hi = db.execute("SELECT min(start), max(\"end\") FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()
            t = lo + (hi - lo) * frac
            for tab in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET",
                        "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS"):
                try:
                    db.execute(f"DELETE FROM {tab} WHERE start > ?", (t,))
                except sqlite3.OperationalError:
                    pass  # no such table in this export
            db.commit()
            db.close()
            for x, y in ((src, cut), (cut, src)):
                v = diff(x, y)["result"]["verdict"]
                c.check(v not in ("improved", "regressed", "mixed"),
                        f"{os.path.basename(src)} against its first {frac:g} ({'whole first' if x == src else 'cut first'}): {v}")


if __name__ == "__main__":
    main()
