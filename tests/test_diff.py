#!/usr/bin/env python3
"""diff: planted effects found, name matching, statistics, attribution, gates.

Expected values never come from nsysql itself:
- synthetic pairs from nsysql-gen with planted effects (a kernel 10 % faster
  under noise, one unchanged, one added, one removed, a GEMM whose tile and
  cluster shape change its name, numeric and hex suffixes, a warm-up that
  differs between sides) and its --truth facts;
- an A/A pair (one distribution, two seeds, many kernel names): no
  significant change for at least 99 % of kernels at the default alpha;
- per-kernel instances, totals, mean, median, min, max, per-capture totals,
  the run-to-run spread, GPU busy time (a union per device) and memcpy
  figures recomputed here from the raw tables (nsq.raw_db) for the windows
  diff reports;
- the Mann-Whitney p-value, the Benjamini-Hochberg adjustment and the
  Bonett-Price interval recomputed here in Python from the raw durations;
- queries/diff.sql (the plain-SQL oracle, run through timeline-sql) against
  the single-pass C aggregation on real fixtures and synthetic exports;
- real fixtures diffed against themselves: zero deltas, nothing changed,
  the 2-device fixture with 2 devices on each side.
"""
import copy
import json
import math
import os
import statistics
import sys
import tempfile

import jsonschema

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()
NV = statistics.NormalDist()


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


with open(os.path.join(nsq.SCHEMAS, "diff.v1.schema.json")) as f:
    SCHEMA = json.load(f)
CLOSED = jsonschema.Draft202012Validator(closed(SCHEMA))


def diff(*args, expect_rc=0):
    if "--limit" not in args:
        args = (*args, "--limit", "0")  # every row (the default lists 5)
    if "--compact" in args:
        args = tuple(a for a in args if a != "--compact")  # the default, compact form
    elif "--detail" not in args:
        args = (*args, "--detail")  # every figure of every row
    if expect_rc == 1:
        # a failed gate: a normal document with exit code 1 (nsq.run takes a
        # non-zero exit for an error document)
        rc, out, err = nsq.run("diff", *args, raw=True)
        c.eq(rc, 1, f"diff {' '.join(map(str, args))[-60:]}: exit 1 ({err[:200]})")
        d = json.loads(out)
        nsq.validate(d)
    else:
        d = nsq.run("diff", *args, expect_rc=expect_rc)
    if d.get("ok"):
        errs = [f"{list(e.absolute_path)}: {e.message[:160]}" for e in CLOSED.iter_errors(d)]
        c.check(not errs, f"diff {' '.join(map(str, args))[-90:]}: every field is described ({errs[:2]})")
    return d


def err_code(*args, expect_rc):
    """Runs a failing diff; returns the error code of the error document."""
    d = nsq.run("diff", *args, expect_rc=expect_rc)
    c.eq(d["ok"], False, f"diff {' '.join(map(str, args))[-60:]}: error document")
    return d["error"]["code"]


def rows_by_name(d):
    return {r["name"]: r for r in d["result"]["kernels"]}


# ---- independent computations -------------------------------------------------------

def in_window(s, e, ws, we):
    """intervals.h: overlap of [s, e) with [ws, we); zero-length ops by their instant."""
    if e > s:
        return s < we and e > ws
    return ws <= s <= we


def raw_kernels(path, window, by="short"):
    """{name: sorted durations} of valid kernel rows in the window (None = all)."""
    col = {"short": "k.shortName", "demangled": "COALESCE(k.demangledName, k.shortName)"}[by]
    db = nsq.raw_db(path)
    out = {}
    try:
        q = f"SELECT k.start, k.end, s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = {col}"
        for s, e, name in db.execute(q):
            if s is None or e is None or e < s:
                continue
            if window is not None and not in_window(s, e, window[0], window[1]):
                continue
            out.setdefault(name, []).append(e - s)
    finally:
        db.close()
    for v in out.values():
        v.sort()
    return out


def has_table(db, name):
    return db.execute("SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?", (name,)).fetchone()[0] > 0


def raw_busy(path, window):
    """Sum over devices of the union of kernel/memcpy/memset intervals clipped
    to the window, with devices mapped to GPUs as devmap.h says; and the
    number of devices with work in the window."""
    db = nsq.raw_db(path)
    try:
        cmap = {}
        if has_table(db, "TARGET_INFO_CUDA_DEVICE"):
            for gpu, cuda, pid in db.execute("SELECT gpuId, cudaId, pid FROM TARGET_INFO_CUDA_DEVICE"):
                cmap.setdefault((pid, cuda), gpu)
        gmap = {}
        if not cmap and has_table(db, "TARGET_INFO_GPU"):
            cols = [r[1] for r in db.execute("PRAGMA table_info(TARGET_INFO_GPU)")]
            if "cuDevice" in cols:
                for gid, cud in db.execute("SELECT id, cuDevice FROM TARGET_INFO_GPU ORDER BY rowid"):
                    if cud is not None:
                        gmap.setdefault(cud, gid)
        per = {}
        for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
            if not has_table(db, t):
                continue
            for s, e, dev, gp in db.execute(f'SELECT start, "end", deviceId, globalPid FROM {t}'):
                if s is None or e is None or e < s or not in_window(s, e, *window):
                    continue
                pid = (gp >> 24) & 0xFFFFFF
                gpu = cmap.get((pid, dev), dev) if cmap else gmap.get(dev, dev)
                lst = per.setdefault(gpu, [])
                s2, e2 = max(s, window[0]), min(e, window[1])
                if e2 > s2:
                    lst.append((s2, e2))
        busy = 0
        for lst in per.values():
            lst.sort()
            cs = ce = None
            for s, e in lst:
                if cs is None or s > ce:
                    if cs is not None:
                        busy += ce - cs
                    cs, ce = s, e
                else:
                    ce = max(ce, e)
            if cs is not None:
                busy += ce - cs
        return busy, len(per)
    finally:
        db.close()


def half_up(x):
    """C's llround for non-negative values (Python's round() rounds half to even)."""
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


def floor_median(v):
    n = len(v)
    return v[(n - 1) // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) // 2


def mann_whitney(a, b):
    """Two-sided p, normal approximation, tie and continuity correction."""
    n, m = len(a), len(b)
    allv = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    ra, ties, i = 0.0, 0.0, 0
    while i < len(allv):
        j = i
        while j < len(allv) and allv[j][0] == allv[i][0]:
            j += 1
        t = j - i
        avg = (i + 1 + j) / 2
        ra += avg * sum(1 for k in range(i, j) if allv[k][1] == 0)
        ties += t ** 3 - t
        i = j
    N = n + m
    u = ra - n * (n + 1) / 2
    var = n * m / 12 * ((N + 1) - ties / (N * (N - 1)))
    if var <= 0:
        return 1.0
    dev = u - n * m / 2
    z = max(abs(dev) - 0.5, 0) / math.sqrt(var)
    return math.erfc(z / math.sqrt(2))


def median_variance(y):
    """Price & Bonett (2001) from order statistics; y sorted, len >= 2."""
    n = len(y)
    cc = max(1, math.floor(n / 2 - math.sqrt(n) + 0.5))
    alpha_star = 2 * sum(math.comb(n, i) for i in range(cc)) / 2 ** n
    z = NV.inv_cdf(1 - alpha_star / 2)
    return ((y[n - cc] - y[cc - 1]) / (2 * z)) ** 2


def bh(ps):
    n = len(ps)
    order = sorted(range(n), key=lambda i: (ps[i], i))
    out = [1.0] * n
    run = 1.0
    for k in range(n - 1, -1, -1):
        run = min(run, ps[order[k]] * n / (k + 1))
        out[order[k]] = run
    return out


def close(a, b, rel=1e-6, abs_=1e-9):
    return a is not None and b is not None and abs(a - b) <= max(abs_, rel * max(abs(a), abs(b)))


def window_of(cap):
    w = cap["window"]
    return (w["start_ns"], w["end_ns"])


def check_side_stats(d, side, paths, label, by="short"):
    """Per-kernel per-side figures against the raw tables, for exact rows."""
    caps = d["params"][side]
    raws = [raw_kernels(p, window_of(cap), by) for p, cap in zip(paths, caps)]
    checked = 0
    for r in d["result"]["kernels"]:
        if r["match"]["method"] != "exact" or r[side] is None:
            continue
        name = r["name"]
        pooled = sorted(x for rw in raws for x in rw.get(name, []))
        s = r[side]
        totals = [sum(rw.get(name, [])) for rw in raws]
        ok = (s["instances"] == len(pooled) and s["min_ns"] == pooled[0] and s["max_ns"] == pooled[-1]
              and s["median_ns"] == floor_median(pooled) and s["mean_ns"] == sum(pooled) // len(pooled)
              and s["total_ns_per_capture"] == totals
              and s["total_ns"] == half_up(sum(totals) / len(totals))
              and s["instances_per_capture"] == [len(rw.get(name, [])) for rw in raws])
        c.check(ok, f"{label}: {side} figures of {name[:50]} match the raw tables "
                    f"({s} vs n {len(pooled)} median {floor_median(pooled) if pooled else None} totals {totals})")
        if len(totals) >= 2:
            mean = sum(totals) / len(totals)
            want = 100 * (max(totals) - min(totals)) / mean
            c.check(close(s["spread_pct"], want, 1e-5, 1e-6),
                    f"{label}: {side} spread of {name[:40]} is the range of per-capture totals ({s['spread_pct']} vs {want})")
        checked += 1
    names = set(n for rw in raws for n in rw)
    listed = set(nm for r in d["result"]["kernels"] if r[side] is not None for nm in r["match"][f"{side}_names"])
    c.eq(listed, names, f"{label}: every {side} kernel name appears once")
    return raws


def check_stats(d, raws_base, raws_patch, label):
    """p-values, BH adjustment and intervals recomputed from the raw durations."""
    alpha = d["params"]["alpha"]
    z = NV.inv_cdf(1 - alpha / 2)
    tested, ps = [], []
    for r in d["result"]["kernels"]:
        if r["confidence"] is None:
            continue
        a = sorted(x for rw in raws_base for nm in r["match"]["baseline_names"] for x in rw.get(nm, []))
        b = sorted(x for rw in raws_patch for nm in r["match"]["patch_names"] for x in rw.get(nm, []))
        tested.append((r, a, b))
        ps.append(mann_whitney(a, b) if len(a) + len(b) <= 20000 else r["confidence"]["p_value"])
    adj = bh(ps)
    c.eq(d["result"]["counts"]["tested"], len(tested), f"{label}: tested count")
    for (r, a, b), p, q in zip(tested, ps, adj):
        cf = r["confidence"]
        c.check(close(cf["p_value"], p, 1e-6, 1e-12), f"{label}: {r['name'][:40]} p {cf['p_value']} vs {p}")
        c.check(close(cf["p_adjusted"], q, 1e-6, 1e-12), f"{label}: {r['name'][:40]} BH {cf['p_adjusted']} vs {q}")
        ma, mb = floor_median(a), floor_median(b)
        if len(a) >= 2 and len(b) >= 2 and ma > 0 and mb > 0:
            se = math.sqrt(median_variance(a) / ma ** 2 + median_variance(b) / mb ** 2)
            lo = 100 * (math.exp(math.log(mb / ma) - z * se) - 1)
            hi = 100 * (math.exp(math.log(mb / ma) + z * se) - 1)
            c.check(close(cf["ci_low_pct"], lo, 1e-4, 1e-6) and close(cf["ci_high_pct"], hi, 1e-4, 1e-6),
                    f"{label}: {r['name'][:40]} interval {cf['ci_low_pct']}..{cf['ci_high_pct']} vs {lo}..{hi}")


def check_attribution(d, label):
    rows = d["result"]["attribution"]["rows"]
    busy = d["result"]["summary"]["gpu_busy_ns"]["delta"]
    c.eq(d["result"]["attribution"]["gpu_busy_delta_ns"], busy, f"{label}: attribution names the busy delta")
    c.eq(sum(r["delta_ns"] for r in rows), busy, f"{label}: attribution lines add up to the busy delta")
    kern = {r["name"]: r["delta_ns"] for r in rows if r["kind"] == "kernel"}
    for r in d["result"]["kernels"]:
        if r["name"] in kern:
            c.eq(kern[r["name"]], r["delta"]["total_ns"], f"{label}: attribution of {r['name'][:40]}")


def check_summary(d, paths_b, paths_p, label):
    for side, paths in (("baseline", paths_b), ("patch", paths_p)):
        for p, cap, res in zip(paths, d["params"][side], d["result"]["captures"][side]):
            busy, ndev = raw_busy(p, window_of(cap))
            c.eq(res["metrics"]["gpu_busy_ns"], busy, f"{label}: {side} {os.path.basename(p)} busy = raw union")
            c.eq(res["metrics"]["devices"], ndev, f"{label}: {side} {os.path.basename(p)} devices")
            w = window_of(cap)
            c.eq(res["metrics"]["gpu_idle_ns"], ndev * (w[1] - w[0]) - busy, f"{label}: {side} idle = devices x window - busy")
            raws = raw_kernels(p, w)
            c.eq(res["metrics"]["launches"], sum(len(v) for v in raws.values()), f"{label}: {side} launches")
            c.eq(res["metrics"]["kernel_ns"], sum(sum(v) for v in raws.values()), f"{label}: {side} kernel time")
    s = d["result"]["summary"]
    for k in ("window_ns", "gpu_busy_ns", "gpu_idle_ns", "kernel_ns", "launches", "memcpy_bytes", "memcpy_ns"):
        vals = {side: [x["metrics"][k] for x in d["result"]["captures"][side]] for side in ("baseline", "patch")}
        base = half_up(sum(vals["baseline"]) / len(vals["baseline"]))
        pat = half_up(sum(vals["patch"]) / len(vals["patch"]))
        c.check(s[k]["baseline"] == base and s[k]["patch"] == pat and s[k]["delta"] == pat - base,
                f"{label}: summary {k} is the per-capture mean with its delta ({s[k]} vs {base}, {pat})")


# ---- the tests ------------------------------------------------------------------------

def planted(tmp):
    """One kernel 10 % faster, one unchanged, one added, one removed, a GEMM
    whose tile and cluster shape change its name, triton-style numeric and
    hex suffixes, and a warm-up that differs between sides."""
    common = ["--iterations", "2000", "--no-api"]
    base = os.path.join(tmp, "base.sqlite")
    patch = os.path.join(tmp, "patch.sqlite")
    tb = os.path.join(tmp, "base.json")
    tp = os.path.join(tmp, "patch.json")
    nsq.gen(base, *common, "--seed", "101", "--warmup", "5", "--truth", tb,
            "--kernel", "nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NNN:100000:0.05",
            "--kernel", "faster_kernel:20000:0.1",
            "--kernel", "steady_kernel:30000:0.05",
            "--kernel", "removed_kernel:5000:0.1",
            "--kernel", "triton_poi_fused_add_0:8000:0.05",
            "--kernel", "hashed_kernel_0x7f3a2b10:6000:0.05")
    # the patch runs 800 warm-up iterations at 3x before its 2000 steady ones
    # (added_kernel runs at another place in the sequence than removed_kernel
    # did, so nothing says it took its role)
    nsq.gen(patch, "--iterations", "2800", "--no-api", "--seed", "202", "--warmup", "800", "--truth", tp,
            "--kernel", "added_kernel:5000:0.1",
            "--kernel", "nvjet_hsh_256x128_64x4_1x2_h_bz_coopA_NNN:100000:0.05",
            "--kernel", "faster_kernel:18000:0.1",
            "--kernel", "steady_kernel:30000:0.05",
            "--kernel", "triton_poi_fused_add_7:8000:0.05",
            "--kernel", "hashed_kernel_0x1c2d3e4f:6000:0.05")
    with open(tb) as f:
        truth_b = json.load(f)
    with open(tp) as f:
        truth_p = json.load(f)

    # one capture per side: a 10 % change does not clear the default 10 %
    # capture-to-capture floor (--assumed-noise), so it is hedged ...
    d0 = diff(base, patch)
    c.eq(rows_by_name(d0).get("faster_kernel", {}).get("verdict"), "likely_improved",
         "planted: at the default assumed noise (10 %) a -10 % change is likely_improved")
    c.eq(d0["result"]["verdict"], "likely_improved", "planted: overall at the default assumed noise")
    # ... and firm when the captures are known to be quieter
    d = diff(base, patch, "--assumed-noise", "5")
    rows = rows_by_name(d)
    for p, cap in zip((base, patch), (d["params"]["baseline"][0], d["params"]["patch"][0])):
        c.eq(cap["window_mode"], "auto", f"planted: {os.path.basename(p)} default window is auto")
        c.eq(cap["window"]["kind"], "steady", f"planted: {os.path.basename(p)} uses the steady window ({cap['window_reason']})")
    # the steady window of the patch leaves its warm-up out (within one iteration)
    it = truth_p["processes"][0]["devices"][0]["per_iteration"]
    ws = d["params"]["patch"][0]["window"]["start_ns"]
    c.check(ws >= it[798]["gpu_end"], f"planted: patch window starts after the warm-up ({ws} >= {it[798]['gpu_end']})")
    c.check(ws <= it[801]["gpu_start"], f"planted: patch window keeps the steady iterations ({ws} <= {it[801]['gpu_start']})")

    def verdict(name):
        return rows.get(name, {}).get("verdict")

    c.eq(verdict("faster_kernel"), "improved", "planted: the 10 % faster kernel is improved")
    if "faster_kernel" in rows:
        mp = rows["faster_kernel"]["delta"]["median_pct"]
        c.check(-13 < mp < -7, f"planted: faster_kernel median change near -10 % ({mp})")
        cf = rows["faster_kernel"]["confidence"]
        c.check(cf["ci_low_pct"] < -10 < cf["ci_high_pct"] or abs(mp + 10) < 3,
                f"planted: the interval of faster_kernel is near -10 % ({cf['ci_low_pct']}..{cf['ci_high_pct']})")
    c.eq(verdict("steady_kernel"), "unchanged", "planted: the unchanged kernel is unchanged (warm-up kept out)")
    c.eq(verdict("added_kernel"), "added", "planted: added")
    c.eq(verdict("removed_kernel"), "removed", "planted: removed")
    fam = [r for r in d["result"]["kernels"] if r["match"]["method"] == "normalized"]
    by_base = {r["match"]["baseline_names"][0]: r for r in fam}
    gemm = by_base.get("nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NNN")
    c.check(gemm is not None and gemm["match"]["patch_names"] == ["nvjet_hsh_256x128_64x4_1x2_h_bz_coopA_NNN"],
            "planted: the GEMM with another tile and cluster shape is matched by normalisation")
    if gemm:
        c.check("tile_shape" in gemm["match"]["rules"] and "raster_order" in gemm["match"]["rules"],
                f"planted: the GEMM match names its rules ({gemm['match']['rules']})")
        c.eq(gemm["verdict"], "unchanged", "planted: the renamed GEMM (same durations) is unchanged")
        c.eq(gemm["name"], gemm["match"]["key"], "planted: a normalised row is named by its key")
    tri = by_base.get("triton_poi_fused_add_0")
    c.check(tri is not None and tri["match"]["patch_names"] == ["triton_poi_fused_add_7"]
            and "numeric_suffix" in tri["match"]["rules"], "planted: numeric suffixes fold")
    hx = by_base.get("hashed_kernel_0x7f3a2b10")
    c.check(hx is not None and hx["match"]["patch_names"] == ["hashed_kernel_0x1c2d3e4f"]
            and "hex_id" in hx["match"]["rules"], "planted: hex ids fold")
    cnt = d["result"]["counts"]
    c.eq((cnt["improved"], cnt["regressed"], cnt["added"], cnt["removed"], cnt["matched_normalized"]),
         (1, 0, 1, 1, 3), "planted: counts")
    c.eq(d["result"]["verdict"], "improved", "planted: overall verdict")
    raws_b = check_side_stats(d, "baseline", [base], "planted")
    raws_p = check_side_stats(d, "patch", [patch], "planted")
    check_stats(d, raws_b, raws_p, "planted")
    check_attribution(d, "planted")
    check_summary(d, [base], [patch], "planted")
    # delta of the added and removed rows
    if "added_kernel" in rows:
        r = rows["added_kernel"]
        c.eq(r["delta"]["total_ns"], r["patch"]["total_ns"], "planted: an added kernel's delta is its patch total")
    if "removed_kernel" in rows:
        r = rows["removed_kernel"]
        c.eq(r["delta"]["total_ns"], -r["baseline"]["total_ns"], "planted: a removed kernel's delta is minus its total")

    # the whole capture instead: the patch's warm-up pollutes the unchanged kernel
    da = diff(base, patch, "--window", "all", "--assumed-noise", "5")
    ra = rows_by_name(da)
    c.eq(da["params"]["patch"][0]["window"]["kind"], "all", "planted: --window all is echoed")
    sk = ra.get("steady_kernel", {})
    c.check(sk.get("verdict") in ("regressed", "likely_regressed", "inconclusive"),
            f"planted: without the steady window the warm-up keeps the unchanged kernel from looking unchanged ({sk.get('verdict')})")
    # the warm-up (800 of 2800 iterations at 3x) sits in the patch's first
    # blocks: measured block by block the change is not seen throughout
    nz = (sk.get("per_instance") or {}).get("noise") or {}
    c.check(sk.get("verdict") != "regressed" and nz.get("block_change_high_pct", 0) > 100
            and abs(nz.get("block_change_low_pct", 99)) < 5,
            f"planted: the warm-up shows in the first blocks only ({nz.get('block_change_low_pct')} .. {nz.get('block_change_high_pct')})")
    check_side_stats(da, "patch", [patch], "planted all")

    # gates
    g = diff(base, patch, "--fail-on", "regression", "--assumed-noise", "5")
    c.eq(g["result"]["gate"], {"fail_on": "regression", "failed": False, "triggered_by": []},
         "planted: --fail-on regression passes an improvement")
    g = diff(patch, base, "--fail-on", "regression", "--assumed-noise", "5", expect_rc=1)
    c.eq(g["result"]["gate"]["failed"], True, "reversed: --fail-on regression fails (exit 1)")
    c.check("faster_kernel" in g["result"]["gate"]["triggered_by"], "reversed: the regressed kernel tripped the gate")
    c.eq(rows_by_name(g).get("faster_kernel", {}).get("verdict"), "regressed", "reversed: faster_kernel regressed")
    g = diff(base, patch, "--fail-on", "change", "--assumed-noise", "5", expect_rc=1)
    c.eq(sorted(g["result"]["gate"]["triggered_by"]), sorted(["faster_kernel", "added_kernel", "removed_kernel"]),
         "planted: --fail-on change names what changed")
    rc, out, _ = nsq.run("diff", base, patch, "--fail-on", "change", "--format", "md", "--assumed-noise", "5", raw=True)
    c.eq(rc, 1, "planted: --fail-on works with --format md")
    c.check(out.startswith("### nsysql diff: **improved**") and "| improved | faster_kernel |" in out,
            "planted: markdown summary for a pull request")
    rc, out, _ = nsq.run("diff", base, patch, "--format", "table", "--assumed-noise", "5", raw=True)
    c.check(rc == 0 and out.startswith("nsysql diff: improved") and "faster_kernel" in out, "planted: table output")

    # --limit keeps counts and attribution sums whole
    dl = diff(base, patch, "--limit", "2", "--assumed-noise", "5")
    c.eq(len(dl["result"]["kernels"]), 2, "limit: two kernels listed")
    c.eq(dl["result"]["kernels_truncated"], True, "limit: truncation flagged")
    c.eq(dl["result"]["counts"], d["result"]["counts"], "limit: counts still cover every kernel")
    check_attribution(dl, "limit")
    c.check(any(r["kind"] == "other_kernels" for r in dl["result"]["attribution"]["rows"]), "limit: other kernels line")

    # match rules are data: an empty rule set leaves the renamed GEMM unmatched
    rules = os.path.join(tmp, "none.sql")
    with open(rules, "w") as f:
        f.write("SELECT 'noop' AS rule, 'x^' AS pattern, '' AS replacement")
    dn = diff(base, patch, "--match-rules", rules)
    c.eq(dn["params"]["match_rules"]["source"], rules, "match-rules: the file is echoed")
    c.eq(dn["result"]["counts"]["matched_normalized"], 0, "match-rules: no rule, no normalised match")
    # without a name rule the re-tiled GEMM is still paired, as "replaced",
    # by its family (name tokens for tile, raster and layout dropped)
    rep = [r for r in dn["result"]["kernels"] if r["verdict"] == "replaced"]
    c.eq([(r["match"]["baseline_names"], r["match"]["patch_names"], r["pairing"]["evidence"]) for r in rep],
         [(["nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NNN"], ["nvjet_hsh_256x128_64x4_1x2_h_bz_coopA_NNN"], ["same_family"]),
          (["triton_poi_fused_add_0"], ["triton_poi_fused_add_7"], ["same_family"])],
         "match-rules: without rules the re-tiled GEMM (and the renumbered triton kernel) are paired as replaced by family")
    c.eq(sorted(r["pairing"]["confidence"] for r in rep), ["high", "medium"],
         "match-rules: a tile change is high confidence, a renumbering medium")
    # only the tile and raster rules of the stock set: the GEMM matches again
    tile = os.path.join(tmp, "tile.sql")
    with open(tile, "w") as f:
        f.write("-- my rules\nSELECT column1 AS rule, column2 AS pattern, column3 AS replacement FROM (VALUES\n"
                "  ('tile_shape', '(?<![0-9])[0-9]+(?:x[0-9]+)+(?![0-9])', '{tile}'),\n"
                "  ('raster_order', '(?<=\\{tile\\})_[vh](?=_|$)', '_{vh}'));\n")
    dt = diff(base, patch, "--match-rules", tile)
    c.eq(dt["result"]["counts"]["matched_normalized"], 1, "match-rules: a file with the tile rules matches the GEMM only")
    # --by normalized folds families on each side
    dz = diff(base, patch, "--by", "normalized")
    c.eq(dz["result"]["counts"]["added"] + dz["result"]["counts"]["removed"], 2,
         "by normalized: only the planted added/removed kernels stay unmatched")
    # the oracle on a synthetic export
    oracle(base, d["params"]["baseline"][0], rows, "baseline", "planted")
    return base, patch


def oracle(path, cap, rows, side, label, by="short"):
    """queries/diff.sql through timeline-sql == diff's per-kernel figures."""
    args = ["timeline-sql", path, "--query", "diff", "--max-rows", "100000", "--param", f"by={by}"]
    if cap["window"]["kind"] != "all":
        args += ["--param", f"start_ns={cap['window']['start_ns']}", "--param", f"end_ns={cap['window']['end_ns']}"]
    o = nsq.run(*args)
    got = {}
    for r in o["result"]["rows"]:
        got[r["name"]] = r
    n = 0
    for name, r in rows.items():
        if r["match"]["method"] != "exact" or r[side] is None:
            continue
        s, q = r[side], got.get(name)
        ok = q is not None and (q["instances"], q["total_ns"], q["mean_ns"], q["median_ns"], q["min_ns"], q["max_ns"]) == \
            (s["instances"], s["total_ns"], s["mean_ns"], s["median_ns"], s["min_ns"], s["max_ns"])
        c.check(ok, f"{label}: oracle == fast path for {name[:50]} ({q and (q['instances'], q['median_ns'])} vs {(s['instances'], s['median_ns'])})")
        n += 1
    c.eq(o["query"]["id"], "diff", f"{label}: the oracle is the stored query diff")
    return n


def aa(tmp):
    """One distribution, two seeds, many kernel names: no significant change
    for at least 99 % of kernels at the default alpha."""
    import random
    rnd = random.Random(7)
    specs = []
    for i in range(150):
        mean = rnd.choice([2000, 5000, 12000, 40000, 150000])
        cv = rnd.choice([0.05, 0.1, 0.2, 0.3])
        specs += ["--kernel", f"aa_kernel_{i:03d}_x:{mean}:{cv}"]
    a = os.path.join(tmp, "aa1.sqlite")
    b = os.path.join(tmp, "aa2.sqlite")
    nsq.gen(a, "--iterations", "300", "--no-api", "--seed", "1", *specs)
    nsq.gen(b, "--iterations", "300", "--no-api", "--seed", "2", *specs)
    d = diff(a, b)
    cnt = d["result"]["counts"]
    sig = cnt["improved"] + cnt["regressed"]
    c.eq(cnt["kernels"], 150, "A/A: 150 kernels")
    c.eq(cnt["matched_exact"], 150, "A/A: every name matched exactly")
    c.check(sig <= 150 * 0.01, f"A/A: at most 1 % of kernels significant ({sig} of 150)")
    sig_raw = sum(1 for r in d["result"]["kernels"] if r["confidence"]["p_adjusted"] < 0.01)
    c.check(sig_raw <= 1, f"A/A: at most 1 % of adjusted p-values below alpha ({sig_raw})")
    c.check(d["result"]["verdict"] in ("unchanged", "inconclusive"), f"A/A: overall {d['result']['verdict']}")
    rc, _, _ = nsq.run("diff", a, b, "--fail-on", "regression", raw=True)
    c.eq(rc, 0, "A/A: --fail-on regression passes")
    raws_b = check_side_stats(d, "baseline", [a], "A/A")
    raws_p = check_side_stats(d, "patch", [b], "A/A")
    check_stats(d, raws_b, raws_p, "A/A")
    return a, b


def single_instance(tmp):
    """One instance per side and one capture per side: inconclusive, and why."""
    a = os.path.join(tmp, "one1.sqlite")
    b = os.path.join(tmp, "one2.sqlite")
    ks = ["--kernel", "solo_a:50000:0.1", "--kernel", "solo_b:20000:0.1", "--kernel", "solo_c:9000:0.2"]
    nsq.gen(a, "--iterations", "1", "--no-api", "--no-nvtx", "--seed", "3", *ks)
    nsq.gen(b, "--iterations", "1", "--no-api", "--no-nvtx", "--seed", "4", *ks)
    d = diff(a, b)
    for r in d["result"]["kernels"]:
        c.eq(r["verdict"], "inconclusive", f"single instance: {r['name']} inconclusive")
        c.check("one instance per side" in r["reason"], f"single instance: {r['name']} says why ({r['reason'][:60]})")
    c.eq(d["result"]["verdict"], "inconclusive", "single instance: overall inconclusive")
    c.eq(d["params"]["baseline"][0]["window"]["kind"], "all", "single instance: no steady state, whole capture")


def multi_capture(tmp, base, patch):
    """Several captures per side: pooled instances, per-capture totals, the
    run-to-run spread (noise floor)."""
    b2 = os.path.join(tmp, "base2.sqlite")
    p2 = os.path.join(tmp, "patch2.sqlite")
    nsq.gen(b2, "--iterations", "2000", "--no-api", "--seed", "303", "--warmup", "5",
            "--kernel", "nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NNN:100000:0.05",
            "--kernel", "faster_kernel:20000:0.1", "--kernel", "steady_kernel:30000:0.05",
            "--kernel", "removed_kernel:5000:0.1", "--kernel", "triton_poi_fused_add_0:8000:0.05",
            "--kernel", "hashed_kernel_0x7f3a2b10:6000:0.05")
    nsq.gen(p2, "--iterations", "2800", "--no-api", "--seed", "404", "--warmup", "800",
            "--kernel", "added_kernel:5000:0.1",
            "--kernel", "nvjet_hsh_256x128_64x4_1x2_h_bz_coopA_NNN:100000:0.05",
            "--kernel", "faster_kernel:18000:0.1", "--kernel", "steady_kernel:30000:0.05",
            "--kernel", "triton_poi_fused_add_7:8000:0.05",
            "--kernel", "hashed_kernel_0x1c2d3e4f:6000:0.05")
    d = diff("--baseline", base, "--baseline", b2, "--patch", patch, "--patch", p2)
    c.eq(d["result"]["summary"]["captures"], {"baseline": 2, "patch": 2}, "multi: two captures per side")
    rows = rows_by_name(d)
    c.eq(rows.get("faster_kernel", {}).get("verdict"), "improved", "multi: faster_kernel improved")
    c.eq(rows.get("steady_kernel", {}).get("verdict"), "unchanged", "multi: steady_kernel unchanged")
    r = rows.get("faster_kernel")
    if r:
        sa, sb = r["baseline"]["spread_pct"], r["patch"]["spread_pct"]
        c.check(close(r["confidence"]["noise_floor_pct"], max(sa, sb), 1e-5, 1e-6), "multi: the noise floor is the larger spread")
    raws_b = check_side_stats(d, "baseline", [base, b2], "multi")
    raws_p = check_side_stats(d, "patch", [patch, p2], "multi")
    check_stats(d, raws_b, raws_p, "multi")
    check_summary(d, [base, b2], [patch, p2], "multi")
    check_attribution(d, "multi")
    # a change smaller than the run-to-run spread is inconclusive, not a verdict
    # (two baseline captures that differ by 8 %, a patch 4 % faster)
    n1, n2, n3, n4 = (os.path.join(tmp, f"noise{i}.sqlite") for i in range(4))
    nsq.gen(n1, "--iterations", "3000", "--no-api", "--no-nvtx", "--seed", "5", "--kernel", "noisy:10000:0.05")
    nsq.gen(n2, "--iterations", "3000", "--no-api", "--no-nvtx", "--seed", "6", "--kernel", "noisy:10800:0.05")
    nsq.gen(n3, "--iterations", "3000", "--no-api", "--no-nvtx", "--seed", "7", "--kernel", "noisy:9984:0.05")
    nsq.gen(n4, "--iterations", "3000", "--no-api", "--no-nvtx", "--seed", "8", "--kernel", "noisy:10000:0.05")
    dn = diff("--baseline", n1, "--baseline", n2, "--patch", n3, "--patch", n4, "--window", "all")
    r = rows_by_name(dn).get("noisy")
    c.check(r is not None and r["verdict"] == "inconclusive" and "run-to-run" in r["reason"],
            f"multi: a change inside the A/A noise floor is inconclusive ({r and r['verdict']}: {r and r['reason'][:90]})")


def fixtures_self():
    """Real exports against themselves: zero deltas, nothing changed; the
    2-device fixture with its two devices on each side; the oracle."""
    paths = nsq.fixtures()
    with_kernels = []
    for p in paths:
        db = nsq.raw_db(p)
        try:
            n = db.execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0] \
                if has_table(db, "CUPTI_ACTIVITY_KIND_KERNEL") else 0
        finally:
            db.close()
        if n:
            with_kernels.append(p)
        else:
            code = err_code(p, p, expect_rc=3)
            c.check(code in ("no_gpu_activity", "no_kernels"), f"{os.path.basename(p)}: no kernels gives {code}")
    c.check(len(with_kernels) >= 3, f"fixtures with kernels: {len(with_kernels)}")
    two = [p for p in with_kernels if "2gpu" in p]
    z = NV.inv_cdf(1 - 0.01 / 2)
    unchanged = 0
    for p in with_kernels:
        label = os.path.basename(p)
        d = diff(p, p)
        raws = raw_kernels(p, window_of(d["params"]["baseline"][0]))
        cnt = d["result"]["counts"]
        # the default window never settles on a steady window without kernels
        if d["params"]["baseline"][0]["window"]["kind"] == "steady":
            c.check(sum(len(v) for v in raws.values()) > 0, f"{label}: the steady window holds kernels")
        if any(w["code"] == "steady_window_without_kernels" for w in d["warnings"]):
            c.eq(d["params"]["baseline"][0]["window"]["kind"], "all", f"{label}: empty steady window -> all")
        c.eq((cnt["improved"], cnt["regressed"], cnt["added"], cnt["removed"], cnt["matched_normalized"]),
             (0, 0, 0, 0, 0), f"{label} vs itself: nothing changed")
        c.eq(cnt["matched_exact"], cnt["kernels"], f"{label} vs itself: every kernel matched by name")
        for r in d["result"]["kernels"]:
            dl = r["delta"]
            ok = dl["total_ns"] == 0 and dl["instances"] == 0 and dl["median_pct"] == 0 and dl["mean_ns"] == 0
            c.check(ok, f"{label} vs itself: {r['name'][:40]} zero deltas")
            # the same durations on both sides: unchanged, however few instances
            a = raws.get(r["name"], [])
            c.eq(r["verdict"], "unchanged", f"{label} vs itself: {r['name'][:40]} ({len(a)} instances)")
            c.check("identical" in r["reason"], f"{label} vs itself: the reason says the samples are identical")
        for k, v in d["result"]["summary"].items():
            if isinstance(v, dict) and "delta" in v:
                c.check(v["delta"] == 0 and v["pct"] in (0, None), f"{label} vs itself: summary {k} delta 0")
        c.eq(d["result"]["verdict"], "unchanged", f"{label} vs itself: overall verdict")
        base_t = sum(r["baseline"]["total_ns"] for r in d["result"]["kernels"])
        share = 100 * sum(r["baseline"]["total_ns"] for r in d["result"]["kernels"] if r["verdict"] == "unchanged") / base_t
        c.check(close(cnt["unchanged_share_pct"], share, 1e-5, 1e-5), f"{label} vs itself: unchanged share")
        c.eq(d["result"]["verdict"], "unchanged" if share >= 50 else "inconclusive", f"{label} vs itself: overall verdict")
        unchanged += d["result"]["verdict"] == "unchanged"
        check_side_stats(d, "baseline", [p], label)
        check_summary(d, [p], [p], label)
        check_attribution(d, label)
        n = oracle(p, d["params"]["baseline"][0], rows_by_name(d), "baseline", label)
        c.check(n == len(d["result"]["kernels"]), f"{label}: oracle compared every kernel")
        if p in two:
            c.eq(d["result"]["summary"]["devices"]["baseline"], 2, f"{label}: two devices on the baseline side")
            c.eq(d["result"]["summary"]["devices"]["patch"], 2, f"{label}: two devices on the patch side")
            c.eq(d["result"]["captures"]["baseline"][0]["device_identity"], "cuda_ordinal",
                 f"{label}: no mapping table (the fixture was cut), so the CUDA ordinal is the device")
            d2 = diff(p, p, "--window", "all")
            check_summary(d2, [p], [p], label + " all")
            dd = diff(p, p, "--device", str(sorted(raw_gpus(p))[0]), "--window", "all")
            c.eq(dd["result"]["summary"]["devices"]["baseline"], 1, f"{label}: --device keeps one device")
    c.check(len(two) == 1, "the 2-device fixture is present")
    c.check(unchanged >= 2, f"at least two real fixtures are unchanged against themselves ({unchanged})")
    # --by demangled on one fixture, with its oracle
    p = next((x for x in with_kernels if "cloverleaf" in x), with_kernels[0])
    d = diff(p, p, "--by", "demangled", "--window", "all")
    check_side_stats(d, "baseline", [p], "by demangled", by="demangled")
    oracle(p, d["params"]["baseline"][0], rows_by_name(d), "baseline", "by demangled", by="demangled")
    # --name / --exclude
    allnames = set(raw_kernels(p, None))
    want = {n for n in allnames if n.startswith("par_") and "reduce" not in n}
    dn = diff(p, p, "--window", "all", "--name", "^par_", "--exclude", "reduce")
    c.eq({r["name"] for r in dn["result"]["kernels"]}, want, "filters: --name and --exclude apply to kernel names")
    c.eq(dn["params"]["filters"]["name"], "^par_", "filters are echoed")
    return with_kernels


def raw_gpus(p):
    """Physical GPUs of the kernels (devmap.h rules; this fixture has no
    mapping table, so the CUDA ordinal is the identity)."""
    db = nsq.raw_db(p)
    try:
        if has_table(db, "TARGET_INFO_CUDA_DEVICE"):
            return {g for (g,) in db.execute("SELECT DISTINCT gpuId FROM TARGET_INFO_CUDA_DEVICE")}
        return {g for (g,) in db.execute("SELECT DISTINCT deviceId FROM CUPTI_ACTIVITY_KIND_KERNEL")}
    finally:
        db.close()


def reorder(src, dst):
    """A copy of src whose kernel rows are stored in reverse start order (nsys
    writes them in order; the scan must not depend on it)."""
    import shutil
    import sqlite3
    shutil.copyfile(src, dst)
    db = sqlite3.connect(dst)
    try:
        db.execute("CREATE TABLE k2 AS SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY start DESC")
        db.execute("DELETE FROM CUPTI_ACTIVITY_KIND_KERNEL")
        db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL SELECT * FROM k2")
        db.execute("DROP TABLE k2")
        db.commit()
    finally:
        db.close()


def edge_cases(tmp):
    """Copies overlapping kernels on several streams, two processes with two
    devices each, zero-length and bad rows, rows out of start order."""
    a = os.path.join(tmp, "edge_a.sqlite")
    b = os.path.join(tmp, "edge_b.sqlite")
    common = ["--iterations", "60", "--processes", "2", "--devices", "2", "--streams", "3", "--overlap",
              "--memcpy-per-iter", "2", "--memset-per-iter", "1", "--zero-length", "7", "--bad-rows", "3"]
    nsq.gen(a, *common, "--seed", "21")
    nsq.gen(b, *common, "--seed", "22")
    for label, args in (("edge", (a, b)), ("edge all", (a, b, "--window", "all"))):
        d = diff(*args)
        check_summary(d, [a], [b], label)
        check_side_stats(d, "baseline", [a], label)
        check_side_stats(d, "patch", [b], label)
        check_attribution(d, label)
        c.eq(d["result"]["summary"]["devices"]["baseline"], 4, f"{label}: 2 processes x 2 devices")
        c.eq(d["result"]["captures"]["baseline"][0]["device_identity"], "cuda_device_map", f"{label}: identity")
        c.eq(d["result"]["captures"]["baseline"][0]["bad_rows"], 3, f"{label}: bad rows counted")
        c.check(any(w["code"] == "bad_rows" for w in d["warnings"]), f"{label}: bad rows warned")
        mc = d["result"]["captures"]["baseline"][0]["metrics"]
        db = nsq.raw_db(a)
        try:
            w = window_of(d["params"]["baseline"][0])
            rows = [r for r in db.execute('SELECT start, "end", bytes FROM CUPTI_ACTIVITY_KIND_MEMCPY')
                    if in_window(r[0], r[1], *w)]
        finally:
            db.close()
        c.eq((mc["memcpy_count"], mc["memcpy_bytes"], mc["memcpy_ns"]),
             (len(rows), sum(r[2] for r in rows), sum(r[1] - r[0] for r in rows)), f"{label}: memcpy figures")
        c.check(d["result"]["attribution"]["rows"][-1]["kind"] == "overlap_and_clipping", f"{label}: residual line last")
    # the same capture with its kernel rows stored backwards
    r = os.path.join(tmp, "edge_rev.sqlite")
    reorder(a, r)
    d = diff(a, r, "--window", "all")
    c.eq(d["result"]["summary"]["gpu_busy_ns"]["delta"], 0, "reordered rows: same busy time")
    c.check(all(x["delta"]["total_ns"] == 0 and x["delta"]["median_ns"] == 0 for x in d["result"]["kernels"]),
            "reordered rows: same per-kernel figures")
    check_summary(d, [a], [r], "reordered")
    c.eq((d["result"]["captures"]["baseline"][0]["kernels_in_start_order"],
          d["result"]["captures"]["patch"][0]["kernels_in_start_order"]), (True, False),
         "reordered rows: read in start order / read again keeping every interval")
    check_side_stats(d, "patch", [r], "reordered")
    # --stream and --pid filters
    ds = diff(a, b, "--window", "all", "--stream", "13", "--pid", "4342")
    db = nsq.raw_db(a)
    try:
        want = db.execute("SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE streamId = 13 AND end >= start "
                          "AND (globalPid >> 24) & 16777215 = 4342").fetchone()[0]
    finally:
        db.close()
    c.eq(ds["result"]["summary"]["launches"]["baseline"], want, "filters: --stream and --pid")
    c.eq(ds["result"]["summary"]["devices"]["baseline"], 2, "filters: --pid keeps that process's 2 devices")


def bad_inputs(tmp, base, patch):
    c.eq(err_code(base, expect_rc=2), "missing_input", "bad input: one INPUT")
    c.eq(err_code(base, patch, base, expect_rc=2), "extra_argument", "bad input: three INPUTs")
    c.eq(err_code("--baseline", base, expect_rc=2), "missing_input", "bad input: --baseline without --patch")
    c.eq(err_code(base, "--baseline", base, "--patch", patch, expect_rc=2), "extra_argument",
         "bad input: a positional next to --baseline/--patch")
    # --baseline takes every following plain argument: two baseline captures here
    d2 = nsq.run("diff", "--baseline", base, base, "--patch", patch, "--window", "all", "--limit", "0")
    c.eq((len(d2["params"]["baseline"]), len(d2["params"]["patch"])), (2, 1),
         "--baseline A1 A2 --patch B: two baseline captures, one patch capture")
    c.eq(err_code(base, os.path.join(tmp, "nope.sqlite"), expect_rc=3), "input_not_found", "bad input: missing file")
    notdb = os.path.join(tmp, "x.sqlite")
    with open(notdb, "w") as f:
        f.write("not a database" * 20)
    c.eq(err_code(notdb, patch, expect_rc=3), "not_sqlite", "bad input: not SQLite")
    c.eq(err_code(base, patch, "--fail-on", "everything", expect_rc=2), "bad_option_value", "bad input: --fail-on")
    c.eq(err_code(base, patch, "--by", "color", expect_rc=2), "bad_option_value", "bad input: --by")
    c.eq(err_code(base, patch, "--alpha", "0", expect_rc=2), "bad_option_value", "bad input: --alpha 0")
    c.eq(err_code(base, patch, "--min-effect", "-1", expect_rc=2), "bad_option_value", "bad input: --min-effect")
    c.eq(err_code(base, patch, "--window", "5:1", expect_rc=2), "bad_window", "bad input: --window")
    c.eq(err_code(base, patch, "--window", "nvtx:no such range", expect_rc=3), "window_not_found",
         "bad input: an NVTX window that does not exist")
    c.eq(err_code(base, patch, "--name", "(", expect_rc=2), "bad_regex", "bad input: --name regex")
    c.eq(err_code(base, patch, "--format", "csv", expect_rc=2), "bad_format", "bad input: --format csv")
    c.eq(err_code(base, patch, "--match-rules", os.path.join(tmp, "nope.sql"), expect_rc=3),
         "bad_match_rules_file", "bad input: missing rules file")
    bad = os.path.join(tmp, "bad.sql")
    with open(bad, "w") as f:
        f.write("SELECT 'r' AS rule, '(' AS pattern, '' AS replacement")
    c.eq(err_code(base, patch, "--match-rules", bad, expect_rc=2), "bad_match_rules", "bad input: invalid pattern")
    with open(bad, "w") as f:
        f.write("CREATE TABLE t(rule, pattern, replacement)")
    c.eq(err_code(base, patch, "--match-rules", bad, expect_rc=2), "bad_match_rules", "bad input: rules that write")
    with open(bad, "w") as f:
        f.write("SELECT 1 AS a")
    c.eq(err_code(base, patch, "--match-rules", bad, expect_rc=2), "bad_match_rules", "bad input: rules without the columns")
    d = nsq.run("diff", base, patch, "--window", "10:20", expect_rc=3)
    c.eq(d["error"]["code"], "no_kernels", "bad input: a window with no kernel on either side")
    rc, out, err = nsq.run("diff", "-h", raw=True)
    c.check(rc == 0 and "--baseline" in out and "--fail-on" in out, "diff -h")


def scale_paths(tmp):
    """What diff does for big captures, on small ones: durations of 2^32 ns
    and more (kept aside from the 4-byte arrays), rows of over 200000
    instances (sorted while 4 bytes each), and the steady-state detections
    run one after the other (NSYSQL_DIFF_DETECT_ROWS=0): every figure against
    the raw tables, the last two also against the default path."""
    wb, wp = os.path.join(tmp, "wide-b.sqlite"), os.path.join(tmp, "wide-p.sqlite")
    for path, seed, mean in ((wb, "5", "5000000000"), (wp, "6", "5300000000")):
        nsq.gen(path, "--iterations", "6", "--no-api", "--seed", seed, "--kernel", f"long:{mean}:0.01:1",
                "--kernel", "short_kernel:100000:0.1")
    d = diff(wb, wp, "--window", "all")
    raws_b = check_side_stats(d, "baseline", [wb], "5 s kernels")
    raws_p = check_side_stats(d, "patch", [wp], "5 s kernels")
    check_stats(d, raws_b, raws_p, "5 s kernels")
    c.check(min(raws_b[0]["long"]) > 2 ** 32 and min(raws_p[0]["long"]) > 2 ** 32,
            "5 s kernels: durations past 2^32 ns")
    bb, bp = os.path.join(tmp, "big-b.sqlite"), os.path.join(tmp, "big-p.sqlite")
    for path, seed, mean in ((bb, "7", "2000"), (bp, "8", "2100")):
        nsq.gen(path, "--iterations", "210000", "--no-api", "--seed", seed, "--kernel", f"big_kernel:{mean}:0.1")
    d = diff(bb, bp, "--window", "all")
    raws_b = check_side_stats(d, "baseline", [bb], "210000 instances")
    raws_p = check_side_stats(d, "patch", [bp], "210000 instances")
    # (median, min, max and mean above are order statistics of the sorted
    # values; the interval check's exact binomial sums are too slow here)
    c.check(len(raws_b[0]["big_kernel"]) > 200000, "210000 instances: more than can be paired by position")
    dflt = diff(bb, bp)
    seq = nsq.run("diff", bb, bp, "--limit", "0", "--detail", env={"NSYSQL_DIFF_DETECT_ROWS": "0"})
    c.eq(seq["result"], dflt["result"], "detections one after the other: the same result")
    c.check(dflt["result"]["kernels"][0]["baseline"]["instances"] > 0, "the default window holds the kernel")

def main():
    with tempfile.TemporaryDirectory() as tmp:
        scale_paths(tmp)
        base, patch = planted(tmp)
        aa(tmp)
        single_instance(tmp)
        multi_capture(tmp, base, patch)
        edge_cases(tmp)
        bad_inputs(tmp, base, patch)
        fixtures_self()
    c.done()


if __name__ == "__main__":
    main()
