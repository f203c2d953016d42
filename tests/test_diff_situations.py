#!/usr/bin/env python3
"""diff on the situations real before/after captures bring, planted in
synthetic exports (nsysql-gen, then plain SQL edits), each with the answer a
careful engineer gives, derived from what was planted:

- one kernel name, two launch shapes, a different number of instances per
  shape on each side (the median of the pooled mix jumps between modes):
  per shape nothing changed -> unchanged, and the count part of the
  decomposition carries the change of the total;
- counts vs speed: the same per-instance durations, more iterations on the
  patch side (windows of different length) -> unchanged, the change of the
  total is all count, windows_differ;
- 4 vs 4 instances, every one 8x slower: regressed (Welch t on logs; a rank
  test cannot reach alpha at 4 vs 4);
- one instance per side: 8x slower -> likely_regressed; 5 % -> inconclusive;
- a common-mode shift: three kernels +18 %, one -80 %: the shift is reported,
  the three are unchanged relative to it, the fourth improved;
- a re-tiled library GEMM whose layout code also changed (NTN -> NTT): paired
  as replaced, high confidence, with both names;
- a single-shot capture (unique long kernels once each, small kernels
  repeated): the default window falls back to the whole capture, so the
  changed kernel is in it;
- replacement families: two kernels back to back (layernorm statistics,
  then apply) fused into one in the same place, launched as often: one
  replaced row with both baseline names in sequence order and the delta of
  the summed totals; the reverse diff is a split (1 -> 2); with two
  captures per side the per-capture totals add up; a new kernel at another
  place in the sequence is not folded in;
- two programs: kernel sets with no time in common and uploads x3 ->
  not_comparable (one input signal alone would not decide); every kernel
  renamed with the same copies (a rewrite) -> comparable, and with its
  uploads padded x1.2 too; one kernel in
  common carrying a third of the time -> comparable; the same script with
  another option and every kernel replaced -> comparable, another script ->
  not_comparable; a real PyTorch
  convolution against a weather code -> not_comparable both ways;
- a shorter capture of work that shrinks along the run (the first half of
  400 launches going 100 -> 20 us): the pooled median moves with nothing
  changed -> inconclusive, with the reason; flat durations 40 % faster over
  half the capture stay a change; a kernel of the run's last quarter missing
  from a capture of its first half -> inconclusive (the matched kernels ran
  x0.5 as often), the same kernel removed over the same run -> improved;
- A/A: one device of a real 2-GPU capture against the other: nothing
  improved or regressed.
- a kernel launched once by both runs, mid-run in the baseline and in the
  warm-up of the patch: the steady windows hold it on one side only, so the
  default window compares the whole captures (not "removed").
- launches whose duration depends on their place in the sequence (10 to
  100 us by position, like the steps of an elimination), every one exactly
  5 % faster in the patch: the pooled durations overlap so much that an
  unpaired test stays inconclusive; paired launch by launch the change is
  exactly -5 % at every position (improved, interval -5 .. -5 %). The same
  durations in another order on the patch side: no pairing (rho < 0.9),
  the pooled test, and the same multiset of values -> unchanged-or-inconclusive.
  The same across launch shapes (a solve on another grid at each level, each
  grid as often on both sides): the k-th launch of a grid against the k-th of
  the same grid; a real level-by-level solve made 30 % slower: regressed.
- a kernel split into more launches per iteration, or fused into fewer:
  judged by its kernel time per iteration, not per instance (relaunched);
  with one other kernel keeping exactly as many launches over the same
  input, the same; every kernel x2 (or x1/3) alike over the same input,
  per instance and per capture disagreeing -> inconclusive, with both.
- 2000 kernel names of 30 launches each, A/A: every kernel inconclusive
  alone, unchanged together; every kernel +6 %: never unchanged.
- the GPU's idle time squeezed to 30 % (CUDA graphs, overlap), the kernels
  untouched or 6 % slower: with one capture per side the span is said and
  the kernels decide; with three per side the span decides (improved), or
  disagrees with the kernels (mixed).
"""
import bisect
import math
import os
import re
import shutil
import sqlite3
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()


def diff(*args, expect_rc=0):
    return nsq.run("diff", *args, "--limit", "0", "--detail", expect_rc=expect_rc)


def rows(d):
    return {r["name"]: r for r in d["result"]["kernels"]}


def name_id(db, name):
    return db.execute("SELECT id FROM StringIds WHERE value = ?", (name,)).fetchone()[0]


def fold_into(path, src_name, dst_name, grid_x):
    """Makes every instance of src_name an instance of dst_name launched with
    gridX = grid_x (a second launch shape of one kernel name); dst_name's own
    instances get gridX = 1."""
    db = sqlite3.connect(path)
    s, t = name_id(db, src_name), name_id(db, dst_name)
    db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET gridX = 1 WHERE shortName = ?", (t,))
    db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET shortName = ?, demangledName = ?, mangledName = ?, "
               "gridX = ? WHERE shortName = ?", (t, t, t, grid_x, s))
    db.commit()
    db.close()


def delete_instances(path, name, grid_x, n):
    """Deletes the last n instances of (name, gridX)."""
    db = sqlite3.connect(path)
    t = name_id(db, name)
    db.execute("DELETE FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE rowid IN (SELECT rowid FROM "
               "CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ? AND gridX = ? ORDER BY start DESC LIMIT ?)",
               (t, grid_x, n))
    db.commit()
    db.close()


def drop_kernels(path, names):
    """Deletes every launch of the kernels named (one letter each)."""
    db = sqlite3.connect(path)
    db.executemany("DELETE FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ?", [(name_id(db, n),) for n in names])
    db.commit()
    db.close()


def geomean_change(a, b):
    """The geometric-mean change b / a - 1 of two samples of durations (welch_log's estimate)."""
    return math.exp(statistics.mean(map(math.log, b)) - statistics.mean(map(math.log, a))) - 1


def durations(path, name, grid_x=None):
    db = nsq.raw_db(path)
    t = name_id(db, name)
    q = "SELECT \"end\" - start FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ?"
    args = [t]
    if grid_x is not None:
        q += " AND gridX = ?"
        args.append(grid_x)
    v = sorted(r[0] for r in db.execute(q, args))
    db.close()
    return v


def two_shapes(tmp):
    """flash_fwd_kernel: ~155 us and ~7.87 ms launch shapes, about half of
    the instances each: the baseline holds one more fast instance than slow
    ones, the patch one more slow one (the pooled median jumps ~50x)."""
    out = {}
    for side, seed in (("base", 11), ("patch", 12)):
        p = os.path.join(tmp, f"shapes_{side}.sqlite")
        nsq.gen(p, "--iterations", "34", "--no-nvtx", "--seed", seed,
                "--kernel", "flash_fwd_kernel:155000:0.01", "--kernel", "flash_slow:7870000:0.01",
                "--kernel", "other_kernel:20000:0.02")
        fold_into(p, "flash_slow", "flash_fwd_kernel", 2)
        out[side] = p
    # base: 34 fast + 33 slow; patch: 29 fast + 30 slow (a shorter slice)
    delete_instances(out["base"], "flash_fwd_kernel", 2, 1)
    delete_instances(out["patch"], "flash_fwd_kernel", 2, 4)
    delete_instances(out["patch"], "flash_fwd_kernel", 1, 5)
    fa, sa = durations(out["base"], "flash_fwd_kernel", 1), durations(out["base"], "flash_fwd_kernel", 2)
    fb, sb = durations(out["patch"], "flash_fwd_kernel", 1), durations(out["patch"], "flash_fwd_kernel", 2)
    c.eq((len(fa), len(sa), len(fb), len(sb)), (34, 33, 29, 30), "two shapes: planted instance counts")
    pooled_a = sorted(fa + sa)
    pooled_b = sorted(fb + sb)
    # the pooled median jumps from between the modes to the slow mode
    med = lambda v: (v[(len(v) - 1) // 2] + v[len(v) // 2]) // 2  # noqa: E731
    jump = 100 * (med(pooled_b) - med(pooled_a)) / med(pooled_a)
    c.check(jump > 1000, f"two shapes: the pooled median jumps ({jump:.0f} %)")
    d = diff(out["base"], out["patch"], "--window", "all")
    r = rows(d).get("flash_fwd_kernel")
    c.check(r is not None, "two shapes: flash_fwd_kernel is a row")
    if not r:
        return
    c.eq(r["verdict"], "unchanged", "two shapes: per shape nothing changed, so unchanged")
    c.eq(r["per_instance"]["method"], "van_elteren", "two shapes: stratified by launch shape")
    c.eq(r["per_instance"]["shapes_common"], 2, "two shapes: both shapes on both sides")
    c.eq(len(r["shapes"]), 2, "two shapes: two shapes listed")
    c.check(abs(r["per_instance"]["mix_adjusted_pct"]) < 2, f"two shapes: mix-adjusted change near 0 ({r['per_instance']['mix_adjusted_pct']})")
    by_grid = {s["grid"][0]: s for s in r["shapes"]}
    c.eq((by_grid[1]["baseline"]["instances"], by_grid[1]["patch"]["instances"],
          by_grid[2]["baseline"]["instances"], by_grid[2]["patch"]["instances"]), (34, 29, 33, 30),
         "two shapes: per-shape instance counts")
    c.eq(by_grid[2]["baseline"]["median_ns"], med(sa), "two shapes: slow shape's baseline median")
    c.eq(by_grid[1]["patch"]["median_ns"], med(fb), "two shapes: fast shape's patch median")
    # decomposition, computed here from the planted rows
    ta, tb = sum(fa) + sum(sa), sum(fb) + sum(sb)
    mu_a = ta / 67
    mix = (29 * (sum(fa) / 34) + 30 * (sum(sa) / 33)) / 59
    dec = r["decomposition"]
    c.check(math.isclose(dec["count_ns"], (59 - 67) * mu_a, rel_tol=1e-9), "two shapes: count part")
    c.check(math.isclose(dec["mix_ns"], 59 * (mix - mu_a), rel_tol=1e-9), "two shapes: mix part")
    c.check(math.isclose(dec["speed_ns"], tb - 59 * mix, rel_tol=1e-6, abs_tol=1), "two shapes: speed part")
    c.check(math.isclose(dec["count_ns"] + dec["mix_ns"] + dec["speed_ns"], tb - ta, rel_tol=1e-9),
            "two shapes: the parts add up to the change of the total")
    c.check(abs(dec["speed_ns"]) < 0.01 * abs(tb - ta), "two shapes: speed is a small part of the change")
    # pooled (the first version's view) is what made the wrong call
    dp = diff(out["base"], out["patch"], "--window", "all", "--no-shapes")
    rp = rows(dp)["flash_fwd_kernel"]
    c.eq(rp["per_instance"]["method"], "mann_whitney", "two shapes: --no-shapes pools")
    c.check(rp["delta"]["median_pct"] > 1000, "two shapes: --no-shapes shows the jump of the pooled median")
    c.check(rp["per_instance"]["ci_low_pct"] is None or rp["per_instance"]["ci_low_pct"] > -100,
            "two shapes: no absurd interval bound")


def counts_vs_speed(tmp):
    a = os.path.join(tmp, "cnt_a.sqlite")
    b = os.path.join(tmp, "cnt_b.sqlite")
    ks = ["--kernel", "k_gemm:100000:0.02", "--kernel", "k_norm:12000:0.02", "--kernel", "k_relu:5000:0.02"]
    nsq.gen(a, "--iterations", "200", "--no-nvtx", "--seed", "21", *ks)
    nsq.gen(b, "--iterations", "260", "--no-nvtx", "--seed", "22", *ks)
    d = diff(a, b, "--window", "all")
    rs = rows(d)
    for k in ("k_gemm", "k_norm", "k_relu"):
        r = rs[k]
        c.eq(r["verdict"], "unchanged", f"counts: {k} per instance unchanged")
        da, db = durations(a, k), durations(b, k)
        dec = r["decomposition"]
        c.eq((dec["baseline_instances_per_capture"], dec["patch_instances_per_capture"]), (200, 260),
             f"counts: {k} instances per capture")
        c.check(math.isclose(dec["count_ns"], 60 * sum(da) / 200, rel_tol=1e-9), f"counts: {k} count part = 60 x baseline mean")
        c.check(abs(dec["speed_ns"]) < 0.03 * abs(dec["count_ns"]), f"counts: {k} speed part small")
    s = d["result"]["summary"]
    c.eq(s["windows_differ"], True, "counts: the windows differ in length")
    c.check("differ in length" in s["sentence"], "counts: the sentence says the windows differ")
    c.check(s["decomposition"]["count_ns"] > 0.9 * s["kernel_ns"]["delta"], "counts: the kernel-time change is count")
    c.eq(d["result"]["verdict"], "unchanged", "counts: overall unchanged per instance")
    ra, rb = s["rates"]["baseline"]["gpu_busy_pct_of_window"], s["rates"]["patch"]["gpu_busy_pct_of_window"]
    c.check(abs(ra - rb) < 1, f"counts: busy share of the window the same ({ra:.2f} vs {rb:.2f})")


def small_samples(tmp):
    a = os.path.join(tmp, "four_a.sqlite")
    b = os.path.join(tmp, "four_b.sqlite")
    nsq.gen(a, "--iterations", "4", "--no-nvtx", "--no-api", "--seed", "31", "--kernel", "k8:10000:0.05")
    nsq.gen(b, "--iterations", "4", "--no-nvtx", "--no-api", "--seed", "32", "--kernel", "k8:80000:0.05")
    d = diff(a, b)
    r = rows(d)["k8"]
    c.eq(r["verdict"], "regressed", "4 vs 4, 8x slower: regressed")
    c.eq(r["per_instance"]["method"], "welch_log", "4 vs 4: Welch t on log durations")
    c.check(r["confidence"]["p_min_possible"] is not None, "4 vs 4: p_min still shown")
    la = [math.log(x) for x in durations(a, "k8")]
    lb = [math.log(x) for x in durations(b, "k8")]
    gm = 100 * (math.exp(statistics.mean(lb) - statistics.mean(la)) - 1)
    c.check(math.isclose(r["per_instance"]["change_pct"], gm, rel_tol=1e-6), f"4 vs 4: geometric-mean change {gm:.1f} %")
    lo, hi = r["per_instance"]["ci_low_pct"], r["per_instance"]["ci_high_pct"]
    c.check(lo is not None and lo < gm < hi and lo > 300, f"4 vs 4: interval around it ({lo}, {hi})")
    # 17 against 2 instances of one law, the two by chance close together
    # and high (values of a real 10,000-name pair): Welch's t took the two
    # for a precise mean (p 5e-8); with a side this small the variances are
    # pooled (Student's t, 17 degrees of freedom), and the interval reaches
    # down to the assumed noise floor
    base = [7489, 7945, 8158, 8529, 8658, 9398, 9543, 9864, 9980, 10051, 10176, 10184, 10456,
            11203, 11516, 12336, 13385]
    patch = [14530, 14984]
    pa, pb = os.path.join(tmp, "s17.sqlite"), os.path.join(tmp, "s2.sqlite")
    for path, vals, seed in ((pa, base, "33"), (pb, patch, "34")):
        nsq.gen(path, "--iterations", len(vals), "--no-nvtx", "--no-api", "--seed", seed, "--kernel", "k:10000:0.1")
        db = sqlite3.connect(path)
        ids = [r[0] for r in db.execute("SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY start")]
        for rid, v in zip(ids, vals):
            db.execute('UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET "end" = start + ? WHERE rowid = ?', (v, rid))
        db.commit()
        db.close()
    r = rows(diff(pa, pb))["k"]
    la, lb = [math.log(x) for x in base], [math.log(x) for x in patch]
    va, vb = statistics.variance(la), statistics.variance(lb)
    v = (16 * va + 1 * vb) / 17
    se = math.sqrt(v * (1 / 17 + 1 / 2))
    dl = statistics.mean(lb) - statistics.mean(la)
    q = 2.898231  # t quantile 0.995, 17 degrees of freedom (tables)
    want = (100 * (math.exp(dl - q * se) - 1), 100 * (math.exp(dl + q * se) - 1))
    pi = r["per_instance"]
    c.eq(pi["method"], "welch_log", "17 vs 2: t on log durations")
    c.check(abs(pi["ci_low_pct"] - want[0]) < 0.01 and abs(pi["ci_high_pct"] - want[1]) < 0.01,
            f"17 vs 2: the pooled-variance interval ({pi['ci_low_pct']:.3f}, {pi['ci_high_pct']:.3f}) "
            f"== ({want[0]:.3f}, {want[1]:.3f}) by hand")
    c.check(r["verdict"] != "regressed", f"17 vs 2: not regressed ({r['verdict']})")
    # one instance per side
    for mean_b, want in ((80000, "likely_regressed"), (10500, "inconclusive"), (1000, "likely_improved")):
        x = os.path.join(tmp, "one_a.sqlite")
        y = os.path.join(tmp, f"one_b{mean_b}.sqlite")
        nsq.gen(x, "--iterations", "1", "--no-nvtx", "--no-api", "--kernel", "k1:10000:0")
        nsq.gen(y, "--iterations", "1", "--no-nvtx", "--no-api", "--kernel", f"k1:{mean_b}:0")
        d = diff(x, y)
        r = rows(d)["k1"]
        c.eq(r["verdict"], want, f"single instance 10 us -> {mean_b / 1000:g} us")
        c.eq(r["per_instance"]["method"], "single_instance", "single instance: no test")
        c.eq(r["per_instance"]["ci_low_pct"], None, "single instance: no interval")
        c.check(r["per_instance"]["ci_reason"], "single instance: says why there is no interval")
        c.eq(d["result"]["verdict"], {"likely_regressed": "likely_regressed", "likely_improved": "likely_improved"}.get(want, "inconclusive"),
             f"single instance 10 us -> {mean_b / 1000:g} us: overall")
    # one instance against five (repeated captures of the patch)
    ps = []
    for i in range(5):
        p = os.path.join(tmp, f"rep{i}.sqlite")
        nsq.gen(p, "--iterations", "1", "--no-nvtx", "--no-api", "--seed", 40 + i, "--kernel", "k1:2500:0.04")
        ps.append(p)
    d = diff("--baseline", x, "--patch", *ps)
    r = rows(d)["k1"]
    c.eq(r["per_instance"]["method"], "single_vs_sample", "1 vs 5 captures: one instance against a sample")
    c.eq(r["verdict"], "improved", "1 vs 5 captures, 4x faster: improved")


def common_shift(tmp):
    a = os.path.join(tmp, "shift_a.sqlite")
    b = os.path.join(tmp, "shift_b.sqlite")
    nsq.gen(a, "--iterations", "150", "--no-nvtx", "--seed", "51", "--kernel", "conv:200000:0.02",
            "--kernel", "gray:100000:0.02", "--kernel", "plot:80000:0.02", "--kernel", "hist:150000:0.02")
    nsq.gen(b, "--iterations", "150", "--no-nvtx", "--seed", "52", "--kernel", "conv:236000:0.02",
            "--kernel", "gray:118000:0.02", "--kernel", "plot:94400:0.02", "--kernel", "hist:30000:0.02")
    d = diff(a, b, "--window", "all")
    sh = d["result"]["common_shift"]
    c.eq((sh["detected"], sh["kernels"], sh["of"]), (True, 3, 4), "shift: three of four kernels moved together")
    c.check(sh["change_pct"] is not None and abs(sh["change_pct"] - 18) < 1.5, f"shift: about +18 % ({sh['change_pct']})")
    rs = rows(d)
    for k in ("conv", "gray", "plot"):
        # one capture per side: moving with most kernels is as likely the
        # environment as the patch, so the measured regression is hedged
        c.eq(rs[k]["verdict"], "likely_regressed", f"shift: {k} as measured likely_regressed")
        c.check("environment" in rs[k]["reason"], f"shift: {k}'s reason names the shift")
        c.eq(rs[k]["vs_common_shift"]["verdict"], "unchanged", f"shift: {k} unchanged relative to the shift")
        c.eq(rs[k]["vs_common_shift"]["moved_with_shift"], True, f"shift: {k} moved with it")
    c.eq(rs["hist"]["verdict"], "improved", "shift: hist improved")
    c.eq(rs["hist"]["vs_common_shift"]["verdict"], "improved", "shift: hist improved relative to the shift too")
    c.eq(sh["verdict_vs_shift"], "improved", "shift: overall relative verdict")
    c.eq(d["result"]["verdict"], "improved", "shift: the firm improvement decides over hedged shift members")
    c.check("environment" in d["result"]["summary"]["sentence"], "shift: the sentence names it")
    # no shift when nothing moves
    d2 = diff(a, a, "--window", "all")
    c.eq(d2["result"]["common_shift"]["detected"], False, "shift: none in A/A")


def retiled_gemm(tmp):
    a = os.path.join(tmp, "gemm_a.sqlite")
    b = os.path.join(tmp, "gemm_b.sqlite")
    nsq.gen(a, "--iterations", "100", "--no-nvtx", "--seed", "61",
            "--kernel", "nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NTN:180000:0.02", "--kernel", "softmax:20000:0.02")
    nsq.gen(b, "--iterations", "100", "--no-nvtx", "--seed", "62",
            "--kernel", "nvjet_hsh_256x128_64x4_1x2_h_bz_coopA_NTT:150000:0.02", "--kernel", "softmax:20000:0.02")
    d = diff(a, b, "--window", "all")
    rep = [r for r in d["result"]["kernels"] if r["verdict"] == "replaced"]
    c.eq(len(rep), 1, "re-tiled GEMM: one replaced row")
    if rep:
        r = rep[0]
        c.eq((r["match"]["baseline_names"], r["match"]["patch_names"]),
             (["nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NTN"], ["nvjet_hsh_256x128_64x4_1x2_h_bz_coopA_NTT"]),
             "re-tiled GEMM: both names")
        c.eq((r["pairing"]["evidence"], r["pairing"]["confidence"]), (["same_family"], "high"), "re-tiled GEMM: evidence")
        ta, tb = sum(durations(a, "nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NTN")), sum(durations(b, "nvjet_hsh_256x128_64x4_1x2_h_bz_coopA_NTT"))
        c.eq(r["delta"]["total_ns"], tb - ta, "re-tiled GEMM: delta of the totals")
    c.eq(d["result"]["counts"]["added"] + d["result"]["counts"]["removed"], 0, "re-tiled GEMM: nothing added or removed")
    # a kernel that takes another's place in the sequence: replaced by position
    y = os.path.join(tmp, "pos_a.sqlite")
    z = os.path.join(tmp, "pos_b.sqlite")
    nsq.gen(y, "--iterations", "100", "--no-nvtx", "--seed", "64", "--kernel", "gemm:180000:0.02",
            "--kernel", "old_softmax:10000:0.02", "--kernel", "relu:20000:0.02")
    nsq.gen(z, "--iterations", "100", "--no-nvtx", "--seed", "65", "--kernel", "gemm:180000:0.02",
            "--kernel", "fused_softmax_v2:7000:0.02", "--kernel", "relu:20000:0.02")
    d = diff(y, z, "--window", "all")
    rep = [r for r in d["result"]["kernels"] if r["verdict"] == "replaced"]
    c.eq([(r["match"]["baseline_names"], r["match"]["patch_names"], r["pairing"]["evidence"]) for r in rep],
         [(["old_softmax"], ["fused_softmax_v2"], ["same_position"])], "same place in the sequence: replaced")
    # an unrelated kernel elsewhere in the sequence, carrying little time, is not paired
    x = os.path.join(tmp, "unrel_b.sqlite")
    nsq.gen(x, "--iterations", "100", "--no-nvtx", "--seed", "63", "--kernel", "gemm:180000:0.02",
            "--kernel", "relu:20000:0.02", "--kernel", "my_custom_kernel:10000:0.02")
    d = diff(y, x, "--window", "all")
    c.eq(d["result"]["counts"]["replaced"], 0, "unrelated kernel at another place: not paired")
    c.eq((d["result"]["counts"]["added"], d["result"]["counts"]["removed"]), (1, 1), "unrelated kernel: added and removed")


def families(tmp):
    k = ["--kernel", "gemm:180000:0.02"]
    tail = ["--kernel", "relu:20000:0.02"]
    base, patch = [], []
    for i in range(2):
        a = os.path.join(tmp, f"fam_a{i}.sqlite")
        b = os.path.join(tmp, f"fam_b{i}.sqlite")
        nsq.gen(a, "--iterations", "100", "--no-nvtx", "--seed", str(81 + 2 * i), *k,
                "--kernel", "layernorm_stats:9000:0.02", "--kernel", "layernorm_apply:8000:0.02", *tail)
        nsq.gen(b, "--iterations", "100", "--no-nvtx", "--seed", str(82 + 2 * i), *k,
                "--kernel", "fused_layernorm:12000:0.02", *tail)
        base.append(a)
        patch.append(b)
    a, b = base[0], patch[0]
    parts = sum(durations(a, "layernorm_stats")) + sum(durations(a, "layernorm_apply"))
    fused = sum(durations(b, "fused_layernorm"))
    d = diff(a, b, "--window", "all")
    rep = [r for r in d["result"]["kernels"] if r["verdict"] == "replaced"]
    c.eq([(r["match"]["baseline_names"], r["match"]["patch_names"], r["pairing"]["evidence"]) for r in rep],
         [(["layernorm_stats", "layernorm_apply"], ["fused_layernorm"], ["same_position", "same_launch_count"])],
         "fusion: one replaced row, two names in sequence order")
    c.eq((d["result"]["counts"]["added"], d["result"]["counts"]["removed"]), (0, 0), "fusion: nothing left added or removed")
    if rep:
        r = rep[0]
        c.eq(r["delta"]["total_ns"], fused - parts, "fusion: delta of the summed totals")
        c.eq((r["baseline"]["instances"], r["patch"]["instances"]), (200, 100), "fusion: launches add up")
        c.eq(r["baseline"]["total_ns"], parts, "fusion: baseline total is the sum of both kernels")
    t = nsq.run("diff", a, b, "--window", "all", "--format", "table", raw=True)[1]
    line = [ln for ln in t.splitlines() if ln.startswith("replaced")]
    c.eq(len(line) == 1 and line[0].split()[7] == "-" and line[0].split()[8] != "-", True,
         "fusion table: no median for the family side")
    d = diff(b, a, "--window", "all")
    rep = [r for r in d["result"]["kernels"] if r["verdict"] == "replaced"]
    c.eq([(r["match"]["baseline_names"], r["match"]["patch_names"]) for r in rep],
         [(["fused_layernorm"], ["layernorm_stats", "layernorm_apply"])], "split: one replaced row")
    d = diff("--baseline", *base, "--patch", *patch, "--window", "all")
    rep = [r for r in d["result"]["kernels"] if r["verdict"] == "replaced"]
    per_cap = [sum(durations(p, "layernorm_stats")) + sum(durations(p, "layernorm_apply")) for p in base]
    c.eq([r["baseline"]["total_ns_per_capture"] for r in rep], [per_cap], "fusion, 2 captures: per-capture totals add up")
    # a kernel added elsewhere (after relu) is no family of the two removed ones
    x = os.path.join(tmp, "fam_x.sqlite")
    nsq.gen(x, "--iterations", "100", "--no-nvtx", "--seed", "89", *k, *tail, "--kernel", "fused_layernorm:12000:0.02")
    d = diff(a, x, "--window", "all")
    c.eq((d["result"]["counts"]["replaced"], d["result"]["counts"]["added"], d["result"]["counts"]["removed"]),
         (0, 1, 2), "another place: not a family")


def single_shot(tmp):
    """Small kernels repeated (a period to find) and 19 unique long kernels
    once each, which carry most of the time."""
    out = []
    for side, factor in (("a", 1.0), ("b", 0.5)):
        p = os.path.join(tmp, f"shot_{side}.sqlite")
        nsq.gen(p, "--iterations", "40", "--no-nvtx", "--seed", "71" if side == "a" else "72",
                "--kernel", "elementwise_a:3000:0.02", "--kernel", "elementwise_b:2000:0.02")
        db = sqlite3.connect(p)
        end, dev, ctx, stream, gpid = db.execute(
            "SELECT max(\"end\"), deviceId, contextId, streamId, globalPid FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()
        cols = [r[1] for r in db.execute("PRAGMA table_info(CUPTI_ACTIVITY_KIND_KERNEL)")]
        tmpl = dict(zip(cols, db.execute("SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 1").fetchone()))
        nid = db.execute("SELECT max(id) FROM StringIds").fetchone()[0]
        corr = db.execute("SELECT max(correlationId) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0]
        t = end + 50000
        for i in range(19):
            nid += 1
            corr += 1
            db.execute("INSERT INTO StringIds(id, value) VALUES (?, ?)", (nid, f"bench_kernel_{chr(97 + i)}"))
            dur = int((2000000 + 100000 * i) * (factor if i == 7 else 1.0))
            row = dict(tmpl)
            row.update(start=t, end=t + dur, shortName=nid, demangledName=nid, mangledName=nid, correlationId=corr)
            db.execute(f"INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                       [row[k] for k in cols])
            t += dur + 30000
        db.commit()
        db.close()
        out.append(p)
    d = diff(out[0], out[1])
    wc = d["result"]["window_choice"]
    c.eq(wc["mode"], "all", f"single shot: the default window is the whole capture ({wc['code']})")
    r = rows(d).get("bench_kernel_h")
    c.check(r is not None, "single shot: the changed kernel is compared")
    if r:
        c.eq(r["verdict"], "likely_improved", "single shot: the changed kernel (one instance, -50 %) likely improved")
    for k in ("bench_kernel_a", "bench_kernel_s"):
        c.eq(rows(d)[k]["verdict"], "unchanged", f"single shot: {k} unchanged (identical)")


def aa_two_gpu(tmp):
    src = os.path.join(nsq.FIXTURES, "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite")
    if not os.path.exists(src):
        print("SKIP part: 2-GPU fixture absent")
        return
    outs = []
    for keep in (0, 1):
        p = os.path.join(tmp, f"dev{keep}.sqlite")
        shutil.copy(src, p)
        db = sqlite3.connect(p)
        for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET"):
            db.execute(f"DELETE FROM {t} WHERE deviceId != ?", (keep,))
        db.commit()
        db.close()
        outs.append(p)
    d = diff(outs[0], outs[1])
    cnt = d["result"]["counts"]
    c.eq((cnt["improved"], cnt["regressed"], cnt["likely_improved"], cnt["likely_regressed"], cnt["added"], cnt["removed"], cnt["replaced"]),
         (0, 0, 0, 0, 0, 0, 0), "A/A device 0 vs device 1: nothing changed")
    c.eq(d["result"]["verdict"], "unchanged", "A/A device 0 vs device 1: overall unchanged")
    c.eq(d["result"]["common_shift"]["detected"], False, "A/A device 0 vs device 1: no shift")
    for r in d["result"]["kernels"]:
        pi = r["per_instance"]
        if pi and pi["ci_low_pct"] is not None:
            c.check(pi["ci_low_pct"] > -100 and pi["ci_high_pct"] < 1000, f"A/A: {r['name'][:40]} interval is sane")


def device_split(tmp):
    """The work spread over more GPUs (data-parallel: each GPU runs the same
    iterations on its half): every kernel launched twice as often, each
    instance half as long, the GPUs' summed kernel time unchanged. The
    kernels did not get faster; the program did, end to end. The headline
    follows the end-to-end time (step per steady iteration, or the span of
    whole captures), never the per-instance -50 %."""
    def gen(name, devices, scale, iters=40, seed=151):
        p = os.path.join(tmp, f"ds-{name}.sqlite")
        nsq.gen(p, "--devices", devices, "--iterations", iters, "--seed", seed,
                "--kernel", f"gemm:{int(100000 * scale)}:0.03", "--kernel", f"relu:{int(20000 * scale)}:0.03")
        return p
    one, two = gen("one", 1, 1.0), gen("two", 2, 0.5, seed=152)

    def span(path):
        db = sqlite3.connect(path)
        lo, hi = db.execute("SELECT min(start), max(\"end\") FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()
        db.close()
        return hi - lo
    for x, y, want, grow in ((one, two, "likely_improved", "1 GPU to 2"), (two, one, "likely_regressed", "2 GPUs to 1")):
        for w in ((), ("--window", "all")):
            ww = " ".join(w) or "default window"
            r = diff(x, y, *w)["result"]
            c.eq(r["verdict"], want, f"device split {grow} {ww}: end to end, one capture a side ({r['reason'][:200]})")
            c.check(r["reason"].startswith(f"the work moved from {grow}, every compared kernel launched x"),
                    f"device split {grow} {ww}: the reason says so ({r['reason'][:120]})")
            it = [i for i in r["workload"]["items"] if i["item"] == "devices"]
            c.eq([(i["baseline"], i["patch"], i["differs"], i["input_signal"]) for i in it],
                 [(1, 2, True, False)] if x == one else [(2, 1, True, False)], f"device split {grow} {ww}: the devices item")
            sp = r["headline"]["span"] or {}
            c.eq((sp.get("basis"), sp.get("decided"), sp.get("against_kernels")),
                 ("per_capture" if w else "per_iteration", True, False), f"device split {grow} {ww}: headline.span")
            if w:
                want_pct = 100 * (span(y) / span(x) - 1)
                c.check(abs(sp["change_pct"] - want_pct) < 0.01,
                        f"device split {grow}: span change {sp['change_pct']} = the kernels' first-to-last {want_pct:.3f}")
    # real captures, every kernel put on a second GPU, both halves at the
    # instance's start: each instance half as long, the timeline as it was
    # (the program no faster end to end). nussinov read improved -50 % before
    # (orin inconclusive).
    pairs = os.path.join(os.path.dirname(nsq.FIXTURES), "nsys-pairs")
    for f in ("orin-histogram-report13-2024.5.sqlite", "nussinov-eaf0bbe-report1-2023.3.sqlite"):
        src = os.path.join(pairs, f)
        if not os.path.exists(src):
            print(f"SKIP part: {f} absent")
            continue
        dst = os.path.join(tmp, "ds-" + f)
        shutil.copyfile(src, dst)
        db = sqlite3.connect(dst)
        cols = [r[1] for r in db.execute("PRAGMA table_info(CUPTI_ACTIVITY_KIND_KERNEL)")]
        db.execute('UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET "end" = start + ("end" - start) / 2')
        db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL ({}) SELECT {} FROM CUPTI_ACTIVITY_KIND_KERNEL".format(
            ", ".join(f'"{x}"' for x in cols), ", ".join("1" if x == "deviceId" else f'"{x}"' for x in cols)))
        db.commit()
        db.close()
        for w in ((), ("--window", "all")):
            r = diff(src, dst, *w)["result"]
            sp = r["headline"]["span"] or {}
            c.check(r["verdict"] in ("unchanged", "inconclusive") and r["reason"].startswith("the work moved from 1 GPU to 2"),
                    f"device split planted in {f} {' '.join(w)}: the end-to-end time unchanged ({r['verdict']}: {r['reason'][:160]})")
            c.eq((sp.get("change_pct"), sp.get("against_kernels")), (0, False), f"device split planted in {f}: the span as it was")
    # two GPUs, the same launches in all (each GPU runs half the iterations):
    # no split of the launches, the kernels are compared as they are
    half = gen("half", 2, 1.0, iters=20, seed=153)
    r = diff(one, half, "--window", "all")["result"]
    c.check("the work moved" not in r["reason"] and r["headline"]["span"] is None,
            f"device split: the same launches on two GPUs is no split ({r['verdict']}: {r['reason'][:160]})")
    c.check(r["verdict"] in ("unchanged", "inconclusive"),
            f"device split: the same kernels on two GPUs, each half the iterations ({r['verdict']}: {r['reason'][:160]})")
    c.eq([i["item"] for i in r["workload"]["items"] if i["item"] == "devices"], ["devices"],
         "device split: the devices item shown where the launches did not split")


def position_paired(tmp):
    base = [10000 * (k + 1) for k in range(10)]
    faster = [x * 95 // 100 for x in base]
    shuffled = [faster[k] for k in (3, 9, 0, 6, 2, 8, 5, 1, 7, 4)]
    a, b, x = (os.path.join(tmp, f"pos-{t}.sqlite") for t in "abx")
    for path, seed, durs in ((a, 81, base), (b, 82, faster), (x, 83, shuffled)):
        nsq.gen(path, "--iterations", "30", "--no-nvtx", "--seed", seed, "--kernel", "step:50000:0",
                "--kernel", "other:5000:0", "--duration-dist", "step:" + ",".join(map(str, durs)))
    d = diff(a, b, "--window", "all")
    k = rows(d)["step"]
    pi = k["per_instance"]
    sp = pi["sequence_pairing"]
    c.eq(pi["method"], "paired_by_position", "position-dependent durations: paired")
    c.eq((sp["positions"], sp["patch_faster"], sp["patch_slower"], sp["used"]), (30, 30, 0, True),
         "every one of the 30 launches faster")
    c.check(abs(sp["spearman_rho"] - 1) < 1e-12, f"rho 1 (the same order): {sp['spearman_rho']}")
    c.check(abs(pi["change_pct"] + 5) < 1e-9, f"change exactly -5 %: {pi['change_pct']}")
    c.check(abs(pi["ci_low_pct"] + 5) < 1e-9 and abs(pi["ci_high_pct"] + 5) < 1e-9,
            f"interval -5 .. -5 %: {pi['ci_low_pct']} .. {pi['ci_high_pct']}")
    # sign test: 30 of 30 faster, p = 2 / 2^30
    c.check(abs(k["confidence"]["p_value"] - 2 / 2 ** 30) < 1e-15, f"sign-test p {k['confidence']['p_value']}")
    # -5 % on every launch: clear within the capture, but within the default
    # 10 % capture-to-capture floor; firm when the captures are known quieter
    c.eq(k["verdict"], "likely_improved", "paired: likely_improved at the default assumed noise")
    c.eq(rows(diff(a, b, "--window", "all", "--assumed-noise", "3"))["step"]["verdict"], "improved",
         "paired: improved at --assumed-noise 3")
    # without the pairing (the rank test on the pooled values) this is not decidable
    d2 = diff(a, b, "--window", "all", "--no-pairing")
    k2 = rows(d2)["step"]
    c.eq(k2["per_instance"]["method"], "mann_whitney", "--no-pairing: the pooled test")
    c.eq(k2["per_instance"]["sequence_pairing"], None, "--no-pairing: no pairing computed")
    c.eq(k2["verdict"], "inconclusive", "pooled: inconclusive")
    c.eq(rows(d)["other"]["per_instance"]["sequence_pairing"]["spearman_rho"], None,
         "a constant kernel: rho undefined, no pairing")
    # the same patch durations in another order: not paired
    d3 = diff(a, x, "--window", "all")
    k3 = rows(d3)["step"]
    sp3 = k3["per_instance"]["sequence_pairing"]
    c.check(sp3["spearman_rho"] < 0.9 and not sp3["used"], f"shuffled: rho {sp3['spearman_rho']}, not used")
    c.eq(k3["per_instance"]["method"], "mann_whitney", "shuffled: the pooled test")


def position_paired_many_names(tmp):
    """position_paired with 80 other kernel names around the step kernel (so
    durations go through diff's log of (shape, duration) pairs) over 6,000
    iterations (486,000 and 426,000 launches: the log fills and is sorted
    mid-run, at other launches on each side), and one step launch of more
    than 2^32 ns (the 4,500th) at the same place on both sides
    (kept outside the log, after what the log holds): every launch must keep
    its place, so the k-th launch of each side is paired and every one is
    exactly 5 % faster (80 other names in the baseline, 70 in the patch: a
    launch moved by the log would be paired with another one)."""
    # a duration of its own for every launch (a cycle would hide a shift)
    base = [10000 + (k * 7919) % 90000 // 20 * 20 for k in range(6000)]
    faster = [x * 95 // 100 for x in base]
    a, b = (os.path.join(tmp, f"posm-{t}.sqlite") for t in "ab")
    for path, seed, durs, wide, n in ((a, 91, base, 5_000_000_000, 80), (b, 92, faster, 4_750_000_000, 70)):
        # 80 others on one side, 70 on the other (500 ns each): the log fills
        # at other places, so a launch moved by it would meet another launch
        others = []
        for i in range(n):
            others += ["--kernel", f"o{i}:500:0"]
        nsq.gen(path, "--iterations", "6000", "--no-nvtx", "--seed", seed, "--kernel", "step:50000:0",
                *others, "--duration-dist", "step:" + ",".join(map(str, durs)))
        db = sqlite3.connect(path)
        t = name_id(db, "step")
        rid = db.execute("SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ? ORDER BY start "
                         "LIMIT 1 OFFSET 4499", (t,)).fetchone()[0]
        db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET \"end\" = start + ? WHERE rowid = ?", (wide, rid))
        db.commit()
        db.close()
    d = diff(a, b, "--window", "all")
    k = rows(d)["step"]
    pi = k["per_instance"]
    sp = pi.get("sequence_pairing") or {}
    c.eq((pi["method"], sp.get("positions"), sp.get("patch_faster"), sp.get("patch_slower"), sp.get("used")),
         ("paired_by_position", 6000, 6000, 0, True), "many names: every one of 6,000 launches paired and faster")
    c.check(abs(pi["change_pct"] + 5) < 1e-9 and abs(pi["ci_low_pct"] + 5) < 1e-9 and abs(pi["ci_high_pct"] + 5) < 1e-9,
            f"many names: exactly -5 %, interval -5 .. -5 ({pi['change_pct']}, {pi['ci_low_pct']} .. {pi['ci_high_pct']})")
    c.eq((k["baseline"]["max_ns"], k["patch"]["max_ns"]), (5_000_000_000, 4_750_000_000),
         "many names: the launch past 2^32 ns kept")


def position_paired_batched(tmp):
    """position_paired with 600 other kernel names in the baseline and 560 in
    the patch (past 512 names diff counts kernel rows in batches, fetching
    the entries of rows ahead first): 8 launches of the step kernel in a row
    per iteration, 2,400 in all, each with a duration of its own, the patch
    exactly 5 % faster at every one; every launch must be counted in its
    place (batches fall at other rows on the two sides), and every other
    name's instances and total must be the raw table's."""
    base = [20000 + (k * 7919) % 40000 // 20 * 20 for k in range(2400)]
    faster = [x * 95 // 100 for x in base]
    a, b = (os.path.join(tmp, f"posb-{t}.sqlite") for t in "ab")
    for path, seed, durs, n in ((a, 93, base, 600), (b, 94, faster, 560)):
        others = []
        for i in range(n):
            others += ["--kernel", f"o{i}:{500 + 10 * (i % 7)}:0.05"]
        nsq.gen(path, "--iterations", "300", "--no-nvtx", "--no-api", "--seed", seed, "--kernel", "step:50000:0:8",
                *others, "--duration-dist", "step:" + ",".join(map(str, durs)))
    d = diff(a, b, "--window", "all")
    ks = rows(d)
    pi = ks["step"]["per_instance"]
    sp = pi.get("sequence_pairing") or {}
    c.eq((pi["method"], sp.get("positions"), sp.get("patch_faster"), sp.get("patch_slower")),
         ("paired_by_position", 2400, 2400, 0), "batched: every one of 2,400 launches paired and faster")
    c.check(abs(pi["change_pct"] + 5) < 1e-9, f"batched: exactly -5 % ({pi['change_pct']})")
    for side, path in (("baseline", a), ("patch", b)):
        db = nsq.raw_db(path)
        raw = {n: (cnt, tot) for n, cnt, tot in db.execute(
            "SELECT s.value, count(*), sum(k.\"end\" - k.start) FROM CUPTI_ACTIVITY_KIND_KERNEL AS k "
            "JOIN StringIds AS s ON s.id = k.shortName GROUP BY s.value")}
        db.close()
        got = {k: (r[side]["instances"], r[side]["total_ns"]) for k, r in ks.items() if r[side] and r[side]["instances"]}
        c.eq(got, raw, f"batched: every {side} name's instances and total as in the raw table")


def position_paired_shapes(tmp):
    """A level-by-level solve: one kernel launched on another grid at each
    level, each launch's duration set by its level; the patch 5 % faster at
    every launch. Every grid is launched as often on both sides, so the k-th
    launch of a grid is paired with the k-th of the same grid."""
    a, b = (os.path.join(tmp, f"lvl-{t}.sqlite") for t in "ab")
    for path, f in ((a, 100), (b, 95)):
        nsq.gen(path, "--iterations", "40", "--no-nvtx", "--no-api", "--seed", 141, "--kernel", "solve:50000:0",
                "--kernel", "other:5000:0.01")
        db = sqlite3.connect(path)
        rows_ = db.execute("SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ? ORDER BY start",
                           (name_id(db, "solve"),)).fetchall()
        for k, (rid,) in enumerate(rows_):
            level = k % 4
            dur = (10000 * (level + 1) + 37 * k) * f // 100
            db.execute('UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET gridX = ?, "end" = start + ? WHERE rowid = ?',
                       (64 << level, dur, rid))
        db.commit()
        db.close()
    k = rows(diff(a, b, "--window", "all"))["solve"]
    pi = k["per_instance"]
    c.eq((pi["method"], pi["shapes_common"]), ("paired_by_position", 4), "four grids, each as often: paired by position")
    c.eq((pi["sequence_pairing"]["positions"], pi["sequence_pairing"]["patch_faster"]), (40, 40),
         "every one of the 40 launches faster")
    # planted: each duration x 95 // 100, so each ratio is within 1e-4 of 0.95
    c.check(abs(pi["change_pct"] + 5) < 0.01 and pi["ci_low_pct"] > -5.01 and pi["ci_high_pct"] < -4.99,
            f"the change -5 % launch by launch: {pi['change_pct']} ({pi['ci_low_pct']} .. {pi['ci_high_pct']})")
    c.eq(k["verdict"], "likely_improved", "paired across grids: -5 % is clear, within the assumed 10 % floor")
    # a real level-by-level solve (862 launches, a grid per level) with every
    # launch 30 % longer in the patch
    src = os.path.join(os.path.dirname(nsq.FIXTURES), "nsys-pairs", "lts-ca-2023.3.sqlite")
    if os.path.exists(src):
        slow = os.path.join(tmp, "lts-ca-slow.sqlite")
        nsq.edited_copy(src, slow, 'UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET "end" = start + ("end" - start) * 13 / 10')
        k = rows(diff(src, slow, "--window", "all"))["dag_lts_kernel"]
        pi = k["per_instance"]
        c.eq((pi["method"], k["verdict"]), ("paired_by_position", "regressed"),
             "a real solve, every launch x1.3: paired across its grids, regressed")
        c.check(abs(pi["change_pct"] - 30) < 0.1, f"a real solve x1.3: {pi['change_pct']}")


def clock_levels(tmp):
    """The same code on two clock levels 30 % apart: the baseline spends half
    its launches on each level, the patch 30 % on the fast one. The median
    moves +13 % with no code change; a firm verdict would be wrong."""
    a, b = (os.path.join(tmp, f"clk-{t}.sqlite") for t in "ab")
    fast, slow = 100000, 130000
    for path, seed, nfast in ((a, 91, 100), (b, 92, 60)):
        durs = [fast] * nfast + [slow] * (200 - nfast)
        nsq.gen(path, "--iterations", "200", "--no-nvtx", "--no-api", "--seed", seed, "--kernel", "k:100000:0",
                "--kernel", "other:5000:0", "--duration-dist", "k:" + ",".join(map(str, durs)))
    d = diff(a, b, "--window", "all")
    k = rows(d)["k"]
    nz = k["per_instance"]["noise"]
    c.eq((nz["baseline_levels"], nz["patch_levels"]), (2, 2), "clock levels: two duration levels on each side")
    c.check(abs(nz["baseline_level_gap_pct"] - 30) < 1e-9, f"clock levels: the planted gap 30 % ({nz['baseline_level_gap_pct']})")
    c.eq((nz["baseline_p10_ns"], nz["patch_p10_ns"]), (fast, fast), "clock levels: the low quantile is the fast level")
    c.eq(nz["floor_source"], "clock_levels", "clock levels: the floor comes from the levels")
    c.check(k["verdict"] in ("inconclusive", "likely_regressed"), f"clock levels: no firm verdict ({k['verdict']}: {k['reason']})")
    c.check(d["result"]["verdict"] not in ("regressed", "improved", "mixed"), f"clock levels: overall {d['result']['verdict']}")
    # the same kernel made 40 % faster on both levels is beyond the 30 % gap
    durs_b = [60000] * 100 + [78000] * 100
    nsq.gen(b, "--iterations", "200", "--no-nvtx", "--no-api", "--seed", 93, "--kernel", "k:100000:0",
            "--kernel", "other:5000:0", "--duration-dist", "k:" + ",".join(map(str, durs_b)))
    k = rows(diff(a, b, "--window", "all"))["k"]
    c.eq(k["verdict"], "improved", f"clock levels: -40 % on both levels clears the floor ({k['reason']})")


def with_copies(path, seed, *extra):
    nsq.gen(path, "--iterations", "60", "--no-nvtx", "--no-api", "--seed", seed, "--memcpy-per-iter", "2",
            "--memcpy-bytes", "65536", "--kernel", "a:20000:0.02", "--kernel", "b:30000:0.02",
            "--kernel", "c:10000:0.02", *extra)


def scale(path, h2d=1, d2h=1, grids=(), blocks=()):
    db = sqlite3.connect(path)
    db.execute("UPDATE CUPTI_ACTIVITY_KIND_MEMCPY SET bytes = bytes * ? WHERE copyKind = 1", (h2d,))
    db.execute("UPDATE CUPTI_ACTIVITY_KIND_MEMCPY SET bytes = bytes * ? WHERE copyKind = 2", (d2h,))
    for name, f in grids:
        db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET gridX = gridX * ? WHERE shortName = ?", (f, name_id(db, name)))
    for name, f in blocks:
        db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET blockX = blockX * ?, gridX = MAX(1, gridX / ?) "
                   "WHERE shortName = ?", (f, f, name_id(db, name)))
    db.commit()
    db.close()


def workload(tmp):
    """Planted problem-size changes and planted launch-configuration changes."""
    base = os.path.join(tmp, "wl-base.sqlite")
    with_copies(base, 101)
    # a bigger problem: uploads x8, results x8, two kernels on 8x the grid
    big = os.path.join(tmp, "wl-big.sqlite")
    with_copies(big, 102)
    scale(big, 8, 8, grids=(("a", 8), ("b", 8)))
    d = diff(base, big, "--window", "all")
    w = d["result"]["workload"]
    items = {i["item"]: i for i in w["items"]}
    c.eq((d["result"]["verdict"], w["comparable"]), ("not_comparable", False), "size change: not_comparable")
    c.eq((items["h2d_largest_copy"]["baseline"], items["h2d_largest_copy"]["patch"]), (65536, 8 * 65536),
         "size change: the planted uploads")
    c.eq((items["grids"]["differs"], items["grids"]["patch"]), (True, 2), "size change: two kernels on a scaled grid")
    c.eq({r["verdict"] for r in d["result"]["kernels"]}, {"not_comparable"}, "size change: no kernel judged")
    rc, out, _ = nsq.run("diff", base, big, "--window", "all", "--fail-on", "regression", raw=True)
    c.eq(rc, 1, "size change: --fail-on fails")
    d = diff(base, big, "--window", "all", "--assume-same-workload")
    c.eq((d["result"]["workload"]["comparable"], d["result"]["workload"]["assumed_same"]), (False, True),
         "size change: --assume-same-workload keeps the evidence and judges")
    c.check(d["result"]["verdict"] != "not_comparable", f"size change assumed same: {d['result']['verdict']}")
    # uploads x2 alone (one signal, not far off): the same workload
    one = os.path.join(tmp, "wl-one.sqlite")
    with_copies(one, 103)
    scale(one, 2, 1)
    d = diff(base, one, "--window", "all")
    c.eq((d["result"]["workload"]["comparable"], d["result"]["workload"]["signals"]), (True, 1),
         "one input signal x2: comparable")
    # uploads x4 alone: far off
    far = os.path.join(tmp, "wl-far.sqlite")
    with_copies(far, 104)
    scale(far, 4, 1)
    c.eq(diff(base, far, "--window", "all")["result"]["verdict"], "not_comparable", "uploads x4: not_comparable")
    # a re-tiled launch (block x4, grid /4) of two kernels and one grid x8:
    # a patch, not another problem
    tile = os.path.join(tmp, "wl-tile.sqlite")
    with_copies(tile, 105)
    scale(tile, blocks=(("a", 4), ("b", 4)), grids=(("c", 8),))
    d = diff(base, tile, "--window", "all")
    c.eq(d["result"]["workload"]["comparable"], True, "launch-shape change alone: comparable")
    c.check(d["result"]["verdict"] != "not_comparable", "launch-shape change alone: judged")
    # grids the only signal: two kernels on 4x the grid (block kept), 12 %
    # longer each. Without a copy or arguments to show the same input, a
    # larger problem (each element faster) cannot be told from finer threads
    # (each element slower): not judged (read regressed +11.7 % before).
    # With the same uploads on both sides it is the patch's, and judged.
    def grid_pair(name, seed, gx, f, *extra):
        p = os.path.join(tmp, f"wl-g{name}.sqlite")
        nsq.gen(p, "--iterations", "60", "--no-nvtx", "--seed", seed, *extra,
                "--kernel", f"init@{gx}x1x1/256x1x1:{int(20000 * f)}:0.02",
                "--kernel", f"step@{gx}x1x1/256x1x1:{int(100000 * f)}:0.02",
                "--kernel", "other@8x1x1/128x1x1:30000:0.02")
        return p
    g1, g2 = grid_pair("1", 108, 64, 1.0), grid_pair("2", 109, 256, 1.12)
    d = diff(g1, g2, "--window", "all")["result"]
    rs = {k["name"]: k for k in d["kernels"]}
    c.eq((d["workload"]["comparable"], d["workload"]["signals"]), (True, 1), "grids alone: comparable, one signal")
    c.eq((rs["init"]["verdict"], rs["step"]["verdict"]), ("inconclusive", "inconclusive"),
         f"grids alone, no copy: the scaled kernels not judged ({rs['step']['reason'][:120]})")
    c.check(rs["step"]["reason"].startswith("not judged: its grid scaled x4 with its block unchanged"),
            f"grids alone: the row says why ({rs['step']['reason'][:120]})")
    c.check(rs["other"]["verdict"] in ("unchanged", "inconclusive"), f"grids alone: the unscaled kernel judged as it is ({rs['other']['verdict']})")
    c.eq(d["verdict"], "inconclusive", f"grids alone, no copy: overall ({d['reason'][:160]})")
    c.check(d["reason"].startswith("not judged: kernels kept their block on a grid scaled"), f"grids alone: the reason ({d['reason'][:120]})")
    d = diff(g1, g2, "--window", "all", "--assume-same-workload")["result"]
    c.eq({k["name"]: k["verdict"] for k in d["kernels"] if k["name"] != "other"}, {"init": "regressed", "step": "regressed"},
         "grids alone, --assume-same-workload: judged per instance")
    c1 = grid_pair("c1", 110, 64, 1.0, "--memcpy-per-iter", "2", "--memcpy-bytes", "65536")
    c2 = grid_pair("c2", 111, 256, 1.12, "--memcpy-per-iter", "2", "--memcpy-bytes", "65536")
    d = diff(c1, c2, "--window", "all")["result"]
    c.eq(({k["name"]: k["verdict"] for k in d["kernels"] if k["name"] != "other"}, d["verdict"]),
         ({"init": "regressed", "step": "regressed"}, "regressed"),
         f"grids alone, the same uploads on both sides: the patch's, judged ({d['reason'][:160]})")
    # NVTX ranges: another iteration range name is context, never a signal
    # (generated: main, warmup and one iteration range per iteration)
    na = os.path.join(tmp, "wl-nvtx-a.sqlite")
    nb = os.path.join(tmp, "wl-nvtx-b.sqlite")
    nsq.gen(na, "--iterations", "30", "--seed", "106")
    nsq.gen(nb, "--iterations", "30", "--seed", "107", "--iteration-range", "step")
    want = {}
    for p in (na, nb):
        db = sqlite3.connect(p)
        want[p] = db.execute("SELECT count(DISTINCT COALESCE(text, textId)) FROM NVTX_EVENTS "
                             "WHERE eventType IN (59, 60, 70, 71)").fetchone()[0]
        db.close()
    d = diff(na, nb, "--window", "all")
    it = {i["item"]: i for i in d["result"]["workload"]["items"]}.get("nvtx_ranges")
    c.eq((it["differs"], it["input_signal"], it["baseline"], it["patch"]) if it else None,
         (True, False, want[na], want[nb]), "NVTX range renamed: context item, names counted")
    c.check(it is not None and "only in the baseline (e.g. 'iteration')" in it["detail"], f"NVTX detail: {it}")
    c.eq(d["result"]["workload"]["comparable"], True, "NVTX range renamed: still comparable")
    d = diff(na, na, "--window", "all")
    it = {i["item"]: i for i in d["result"]["workload"]["items"]}.get("nvtx_ranges")
    c.eq((it["differs"], it["ratio"]) if it else None, (False, 1), "NVTX ranges, same export: the same names and counts")


def headline(tmp):
    """The headline weighs time: a 10x regression of the big kernel and two
    small kernels 30 % faster reads regressed, not mixed."""
    a, b = (os.path.join(tmp, f"hl-{t}.sqlite") for t in "ab")
    nsq.gen(a, "--iterations", "200", "--no-nvtx", "--no-api", "--seed", 111, "--kernel", "frame:500000:0.01",
            "--kernel", "s1:10000:0.01", "--kernel", "s2:10000:0.01")
    nsq.gen(b, "--iterations", "200", "--no-nvtx", "--no-api", "--seed", 112, "--kernel", "frame:5000000:0.01",
            "--kernel", "s1:7000:0.01", "--kernel", "s2:7000:0.01")
    d = diff(a, b, "--window", "all")
    rs = rows(d)
    c.eq((rs["frame"]["verdict"], rs["s1"]["verdict"], rs["s2"]["verdict"]), ("regressed", "improved", "improved"),
         "headline: one regression, two improvements")
    c.eq(d["result"]["verdict"], "regressed", "headline: the 10x regression decides (two small improvements are not material)")
    hl = d["result"]["headline"]
    # planted: baseline time 200 x 500 us at +900 % vs 2 x 200 x 10 us at -30 %
    c.check(abs(hl["regressed_stake_ns"] / (200 * 500000 * 9) - 1) < 0.05, f"headline: regressed stake {hl['regressed_stake_ns']}")
    c.check(abs(hl["improved_stake_ns"] / (2 * 200 * 10000 * 0.3) - 1) < 0.05, f"headline: improved stake {hl['improved_stake_ns']}")
    # two material opposing changes: mixed
    nsq.gen(b, "--iterations", "200", "--no-nvtx", "--no-api", "--seed", 113, "--kernel", "frame:250000:0.01",
            "--kernel", "s1:100000:0.01", "--kernel", "s2:10000:0.01")
    d = diff(a, b, "--window", "all")
    c.eq(d["result"]["verdict"], "mixed", "headline: -50 % of 100 ms against +900 % of 2 ms (18 ms): both material: mixed")
    # an added kernel must not hide an inconclusive matched kernel
    nsq.gen(b, "--iterations", "20", "--no-nvtx", "--no-api", "--seed", 114, "--kernel", "frame:480000:0.3",
            "--kernel", "s1:10000:0.01", "--kernel", "s2:10000:0.01", "--kernel", "new:100:0.01")
    a2 = os.path.join(tmp, "hl-a2.sqlite")
    nsq.gen(a2, "--iterations", "20", "--no-nvtx", "--no-api", "--seed", 115, "--kernel", "frame:500000:0.3",
            "--kernel", "s1:10000:0.01", "--kernel", "s2:10000:0.01")
    d = diff(a2, b, "--window", "all")
    fr = rows(d)["frame"]["verdict"]
    c.check(fr == "inconclusive" and d["result"]["verdict"] == "inconclusive",
            f"headline: an inconclusive target kernel with an added one reads inconclusive ({fr}, {d['result']['verdict']})")
    # a target kernel ~30 % faster over 3 noisy launches a side (too few for
    # a test) beside four untouched kernels: not "unchanged"; the stake is
    # the baseline's target time x its geometric-mean change, from the raw rows
    bg = ("--kernel", "b1:100000:0", "--kernel", "b2:100000:0", "--kernel", "b3:100000:0", "--kernel", "b4:100000:0")
    t1, t2 = (os.path.join(tmp, f"hl-t{t}.sqlite") for t in "12")
    nsq.gen(t1, "--iterations", "3", "--no-nvtx", "--no-api", "--seed", 116, "--kernel", "target:100000:0.3", *bg)
    nsq.gen(t2, "--iterations", "3", "--no-nvtx", "--no-api", "--seed", 116, "--kernel", "target:70000:0.3", *bg)
    d = diff(t1, t2, "--window", "all")
    rs = rows(d)
    c.eq((rs["target"]["verdict"], rs["b1"]["verdict"]), ("inconclusive", "unchanged"),
         "3 noisy launches a side: the target inconclusive, the others unchanged")
    da, db_ = durations(t1, "target"), durations(t2, "target")
    gm = geomean_change(da, db_)
    stake = sum(da) * abs(gm)
    kernel_ns = sum(da) + sum(sum(durations(t1, n)) for n in ("b1", "b2", "b3", "b4"))
    c.check(stake >= 0.02 * kernel_ns, f"planted: the stake {stake:.0f} ns is material (2 % of {kernel_ns} ns)")
    c.eq(d["result"]["verdict"], "inconclusive", "an inconclusive target carrying a material stake: not unchanged")
    c.check(abs(-d["result"]["headline"]["inconclusive_stake_ns"] / stake - 1) < 1e-6,
            f"inconclusive stake {d['result']['headline']['inconclusive_stake_ns']} vs {stake} from the raw rows")
    # a firm +30 % on a small kernel (60 launches of 10 us) against a big
    # kernel planted 50 % faster over 3 noisy launches (no test): the firm
    # regression (0.18 ms) must not make the headline when the inconclusive
    # kernel's point change the other way weighs more
    o1, o2 = (os.path.join(tmp, f"hl-o{t}.sqlite") for t in "12")
    nsq.gen(o1, "--iterations", "3", "--no-nvtx", "--no-api", "--seed", 151, "--kernel", "big:1000000:0.3",
            "--kernel", "small:10000:0.01:20")
    nsq.gen(o2, "--iterations", "3", "--no-nvtx", "--no-api", "--seed", 152, "--kernel", "big:500000:0.3",
            "--kernel", "small:13000:0.01:20")
    d = diff(o1, o2, "--window", "all")
    rs = rows(d)
    c.eq((rs["big"]["verdict"], rs["big"]["per_instance"]["method"], rs["small"]["verdict"]),
         ("inconclusive", "welch_log", "regressed"), "outweighed: big inconclusive (3 launches), small regressed")
    da, db_ = durations(o1, "big"), durations(o2, "big")
    gm = geomean_change(da, db_)
    hl = d["result"]["headline"]
    c.check(gm < 0 and abs(hl["inconclusive_stake_ns"] / (sum(da) * gm) - 1) < 1e-6
            and -hl["inconclusive_stake_ns"] > hl["regressed_stake_ns"] > 0,
            f"outweighed: stakes {hl} against {sum(da) * -gm:.0f} from the raw rows")
    c.eq(d["result"]["verdict"], "inconclusive", "a firm regression outweighed by an inconclusive improvement: inconclusive")
    c.check("the net change is not established" in d["summary"]["text"], f"outweighed: {d['summary']['text']}")
    # forty noisy kernels of 3 launches a side (no test; point changes of
    # either sign) beside a firm +30 % on a kernel launched 90 times: the
    # noise cancels in the signed sum, the firm change makes the headline
    noisy = [a for i in range(40) for a in ("--kernel", f"n{i}:100000:0.3")]
    q1, q2 = (os.path.join(tmp, f"hl-q{t}.sqlite") for t in "12")
    nsq.gen(q1, "--iterations", "3", "--no-nvtx", "--no-api", "--seed", 161, "--kernel", "target:50000:0.01:30", *noisy)
    nsq.gen(q2, "--iterations", "3", "--no-nvtx", "--no-api", "--seed", 162, "--kernel", "target:65000:0.01:30", *noisy)
    d = diff(q1, q2, "--window", "all", "--limit", "0")
    rs = rows(d)
    absum = 0
    for i in range(40):
        da, db_ = durations(q1, f"n{i}"), durations(q2, f"n{i}")
        if rs[f"n{i}"]["verdict"] == "inconclusive":
            absum += sum(da) * abs(geomean_change(da, db_))
    hl = d["result"]["headline"]
    c.eq(rs["target"]["verdict"], "regressed", "noise cancels: the target regressed")
    c.check(absum > hl["regressed_stake_ns"] > abs(hl["inconclusive_stake_ns"]),
            f"noise cancels: |stakes| {absum:.0f} ns summed from the raw rows, firm {hl['regressed_stake_ns']:.0f}, "
            f"signed {hl['inconclusive_stake_ns']:.0f}")
    c.eq(d["result"]["verdict"], "regressed", "noise of either sign does not outweigh a firm change")


def work_per_iteration(tmp):
    """The same 40 NVTX iterations, k_a launched 4 times per iteration
    instead of once at the same cost per launch, k_b untouched: more GPU work
    per iteration (x 220/70 = +214 %), regressed by the counts, while every
    kernel is unchanged per instance."""
    a = os.path.join(tmp, "work_a.sqlite")
    b = os.path.join(tmp, "work_b.sqlite")
    nsq.gen(a, "--iterations", "40", "--seed", "23", "--kernel", "k_a:50000:0.02:1", "--kernel", "k_b:20000:0.02:1")
    nsq.gen(b, "--iterations", "40", "--seed", "24", "--kernel", "k_a:50000:0.02:4", "--kernel", "k_b:20000:0.02:1")
    d = diff(a, b, "--limit", "0")
    r = d["result"]
    rs = rows(d)
    c.eq(r["verdict"], "regressed", f"work per iteration: regressed ({r['reason'][:200]})")
    c.check(r["reason"].startswith("the matched kernels' launch counts changed unevenly"),
            "work per iteration: the launch counts carry the verdict")
    c.check(rs["k_a"]["verdict"] in ("unchanged", "inconclusive") and rs["k_b"]["verdict"] in ("unchanged", "inconclusive"),
            f"work per iteration: each launch unchanged ({rs['k_a']['verdict']}, {rs['k_b']['verdict']})")
    m = re.search(r"kernel time moved ([+-][0-9.]+)%", r["reason"]) or re.search(r"\(([+-][0-9.]+)%", r["reason"])
    c.check(m is not None and abs(float(m.group(1)) - 100 * (220 / 70 - 1)) < 5,
            f"work per iteration: kernel time +214 % ({m and m.group(1)})")
    # the same launches, more iterations captured: an even change, unchanged
    e = os.path.join(tmp, "work_e.sqlite")
    nsq.gen(e, "--iterations", "80", "--seed", "25", "--kernel", "k_a:50000:0.02:1", "--kernel", "k_b:20000:0.02:1")
    r = diff(a, e)["result"]
    c.eq(r["verdict"], "unchanged", f"work per iteration: twice the iterations, the same work ({r['reason'][:120]})")


def program_name(tmp):
    """No command line recorded (exports of other tools, nsys before
    2021.3): the name PROCESSES gives the process of the first kernel is the
    program. Another name alone may be the same code rebuilt under a new
    name; beside copies on one side only, or one input signal, it is another
    program (the H200 harness's managed-memory benchmark against its GEMM)."""
    base = os.path.join(tmp, "pn-base.sqlite")
    with_copies(base, 131)

    def variant(name, process, sql=()):
        p = os.path.join(tmp, f"pn-{name}.sqlite")
        with_copies(p, 132)
        db = sqlite3.connect(p)
        db.execute("DELETE FROM META_DATA_CAPTURE WHERE name GLOB 'PROCESS_*'")
        # the first kernel's process is named; other processes (the system's) are not it
        db.execute("UPDATE PROCESSES SET name = ? WHERE globalPid = (SELECT globalPid FROM "
                   "CUPTI_ACTIVITY_KIND_KERNEL ORDER BY rowid LIMIT 1)", (process,))
        db.execute("INSERT INTO PROCESSES (globalPid, pid, name) VALUES (1, 1, 'systemd')")
        for q in sql:
            db.execute(q)
        db.commit()
        db.close()
        return p

    db = sqlite3.connect(base)
    db.execute("DELETE FROM META_DATA_CAPTURE WHERE name GLOB 'PROCESS_*'")
    db.execute("UPDATE PROCESSES SET name = './bench_old'")
    db.commit()
    db.close()
    no_copies = "DELETE FROM CUPTI_ACTIVITY_KIND_MEMCPY"
    uploads = "UPDATE CUPTI_ACTIVITY_KIND_MEMCPY SET bytes = bytes * 3 / 2 WHERE copyKind = 1"
    for name, process, sql, comparable, what in (
            ("renamed", "bench_new", (), True, "another name alone: a rebuild, comparable"),
            ("same", "/opt/x/bench_old", (), True, "the same name from another folder: comparable"),
            ("nocopy", "bench_old", (no_copies,), True, "the same name, copies on one side only: comparable"),
            ("nocopy-renamed", "bench_new", (no_copies,), False,
             "another name and copies on one side only: another program"),
            ("uploads", "bench_old", (uploads,), True, "the same name, uploads x1.5 (one signal): comparable"),
            ("uploads-renamed", "bench_new", (uploads,), False, "another name and uploads x1.5: another program")):
        p = variant(name, process, sql)
        d = diff(base, p, "--window", "all")
        w = d["result"]["workload"]
        it = {i["item"]: i for i in w["items"]}.get("program")
        caps = w["captures"]
        c.eq((caps["baseline"][0]["process"], caps["patch"][0]["process"]), ("./bench_old", process),
             f"{what}: the process of the first kernel read, not the system's")
        c.eq((caps["baseline"][0]["command"], caps["patch"][0]["command"]), (None, None), f"{what}: no command line")
        c.eq((it and it["differs"], it and it["input_signal"]), ("renamed" in name, False),
             f"{what}: the program item, context")
        c.eq(w["comparable"], comparable, f"{what} ({w['reason'][:200]})")
        c.eq(d["result"]["verdict"] == "not_comparable", not comparable, f"{what}: the verdict follows")
        if not comparable:
            c.check(w["reason"].startswith("the two sides ran different workloads: process (no command line "
                                           "recorded) 'bench_old' -> 'bench_new'"),
                    f"{what}: the program leads the evidence: {w['reason']}")
    # PyTorch names its main thread, and so the process, pt_main_thread
    d = diff(variant("pybase", "python3"), variant("pt", "pt_main_thread", (no_copies,)), "--window", "all")
    w = d["result"]["workload"]
    c.eq(({i["item"]: i for i in w["items"]}["program"]["differs"], w["comparable"]), (False, True),
         "python3 against pt_main_thread (PROCESSES), copies on one side only: one program")
    # a command line on one side only: the process names are compared
    one = os.path.join(tmp, "pn-one.sqlite")
    with_copies(one, 133)
    nsq.edited_copy(one, os.path.join(tmp, "pn-one2.sqlite"), no_copies)
    d = diff(base, os.path.join(tmp, "pn-one2.sqlite"), "--window", "all")
    w = d["result"]["workload"]
    c.eq((w["captures"]["patch"][0]["command"], w["captures"]["patch"][0]["process"]),
         ("nsysql-synth", "nsysql-synth"), "one side with a command line: both read")
    c.eq(w["comparable"], False, "bench_old against nsysql-synth without copies: another program")
    # command lines: the interpreter's version is not another program; the script is
    def command(path, dst, cmd, *args, sql=()):
        shutil.copyfile(path, dst)
        db = sqlite3.connect(dst)
        db.execute("DELETE FROM META_DATA_CAPTURE WHERE name GLOB 'PROCESS_*'")
        db.executemany("INSERT INTO META_DATA_CAPTURE (name, value) VALUES (?, ?)",
                       [("PROCESS_0:COMMAND", cmd)] + [(f"PROCESS_0:ARGUMENT_{i}", a) for i, a in enumerate(args)])
        for q in sql:
            db.execute(q)
        db.commit()
        db.close()
        return dst
    pa = command(base, os.path.join(tmp, "pn-py-a.sqlite"), "python3.11", "train.py")
    for name, cmd, args, comparable in (("py", "/usr/bin/python", ("/x/train.py",), True),
                                        ("py-other", "python3", ("infer.py",), False)):
        pb = command(base, os.path.join(tmp, f"pn-{name}.sqlite"), cmd, *args, sql=(uploads,))
        w = diff(pa, pb, "--window", "all")["result"]["workload"]
        it = {i["item"]: i for i in w["items"]}["program"]
        c.eq((it["differs"], w["comparable"]), (not comparable, comparable),
             f"python3.11 train.py against {cmd} {args[0]}, uploads x1.5: {'one program' if comparable else 'another script'}"
             f" ({it['detail']})")
    # one executable, another first argument (a benchmark's variant, a patched
    # copy of a script), copies on one side only: one program
    for cmd, x, y in (("./matmul", "1", "2"), ("python3", "train.py", "train_fast.py")):
        pa = command(base, os.path.join(tmp, "pn-arg-a.sqlite"), cmd, x)
        pb = command(base, os.path.join(tmp, "pn-arg-b.sqlite"), cmd, y, sql=(no_copies,))
        w = diff(pa, pb, "--window", "all")["result"]["workload"]
        c.eq(({i["item"]: i for i in w["items"]}["program"]["differs"], w["comparable"]), (True, True),
             f"{cmd} {x} against {cmd} {y}, copies on one side only: the same executable, comparable ({w['reason'][:160]})")


def overlapped(src, dst, slower=1.0):
    """dst: src (kernels a, b alternating, one iteration each pair) with
    each b started 10 ns after its a, both durations x slower, the timeline
    closed up: the two kernels of an iteration run together."""
    shutil.copyfile(src, dst)
    db = sqlite3.connect(dst)
    rows = db.execute("SELECT rowid, start, \"end\" FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY start").fetchall()
    t = rows[0][1]
    for (ra, sa, ea), (rb, sb, eb) in zip(rows[0::2], rows[1::2]):
        da, dbb = int((ea - sa) * slower), int((eb - sb) * slower)
        db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = ?, \"end\" = ? WHERE rowid = ?", (t, t + da, ra))
        db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = ?, \"end\" = ? WHERE rowid = ?",
                   (t + 10, t + 10 + dbb, rb))
        t += max(da, dbb + 10) + 2000
    db.commit()
    db.close()


def overlap(tmp):
    """Kernels put on streams to run together: each runs slower (they share
    the SMs), the GPU finishes the same launches sooner. The GPU's busy time
    (the union of its operations) is the GPU's, not the host's: with one
    capture a side the headline says both (mixed), and a span that moved
    with it is the kernels' overlap, not host time."""
    def two(name, seed, *extra):
        p = os.path.join(tmp, f"ov-{name}.sqlite")
        nsq.gen(p, "--iterations", "80", "--seed", seed, "--no-nvtx", "--no-api", "--streams", "2",
                "--kernel", "a:40000:0.02", "--kernel", "b:40000:0.02", *extra)
        return p
    a = two("a", 141)
    slow, same, same2 = (os.path.join(tmp, f"ov-{n}.sqlite") for n in ("slow", "same", "same2"))
    overlapped(two("b", 142), slow, 1.25)
    overlapped(two("c", 143), same)
    overlapped(two("d", 144), same2)
    for w in ((), ("--window", "all")):
        ww = " ".join(w) or "default window"
        for x, y, sign in ((a, slow, -1), (slow, a, 1)):
            d = diff(x, y, *w)
            r = d["result"]
            sp = r["headline"]["span"]
            # union per launch: 2 x 40 us + 2 us gap serial against 50 us + 2 us overlapped
            c.eq(r["verdict"], "mixed", f"overlap {ww} {'forth' if sign < 0 else 'back'}: kernels "
                 f"{'slower' if sign < 0 else 'faster'}, GPU busy {'less' if sign < 0 else 'more'}: mixed ({r['reason'][:160]})")
            c.check(r["reason"].startswith("the kernels' own time and the GPU's busy time disagree: the kernels overlap "
                                           + ("more" if sign < 0 else "less")), f"overlap {ww}: the reason ({r['reason'][:200]})")
            c.eq((sp and sp["basis"], sp and sp["against_kernels"], sp and sp["decided"]), ("busy_per_launch", True, True),
                 f"overlap {ww}: headline.span")
            # busy per launch: serial 2 x 40 us (+ gaps within the union: none) against max(50, 50) us per pair
            want = 100 * (50 / 80 - 1) if sign < 0 else 100 * (80 / 50 - 1)
            c.check(sp and abs(sp["change_pct"] - want) < 4, f"overlap {ww}: busy per launch {sp and sp['change_pct']} ~ {want:.1f}")
        for x, y, v in ((a, same, "likely_improved"), (same, a, "likely_regressed")):
            r = diff(x, y, *w)["result"]
            c.eq(r["verdict"], v, f"overlap {ww}: kernels unchanged, overlapped: {v} ({r['reason'][:160]})")
            c.check("the kernels overlap " + ("more" if v == "likely_improved" else "less") in r["reason"]
                    and "host time" not in r["reason"], f"overlap {ww}: the overlap, not host time: {r['reason'][:300]}")
        # A/A: both overlapped, or both serial
        for x, y in ((same, same2), (a, two("e", 145))):
            r = diff(x, y, *w)["result"]
            c.check(r["verdict"] in ("unchanged", "inconclusive"), f"overlap {ww} A/A: {r['verdict']} ({r['reason'][:160]})")
    # copies above 5 % of the busy time: pageable copies move between runs, the rule stays out
    ca, cs = os.path.join(tmp, "ov-ca.sqlite"), os.path.join(tmp, "ov-cs.sqlite")
    nsq.gen(ca, "--iterations", "80", "--seed", 146, "--no-nvtx", "--no-api", "--streams", "2", "--memcpy-per-iter", "1",
            "--memcpy-bytes", "2000000", "--kernel", "a:40000:0.02", "--kernel", "b:40000:0.02")
    r = diff(ca, ca, "--window", "all")["result"]
    c.eq(r["verdict"], "unchanged", "overlap: a capture against itself, with copies")
    nsq.gen(cs, "--iterations", "80", "--seed", 147, "--no-nvtx", "--no-api", "--streams", "2", "--memcpy-per-iter", "1",
            "--memcpy-bytes", "2000000", "--kernel", "a:40000:0.02", "--kernel", "b:40000:0.02")
    overlapped(cs, os.path.join(tmp, "ov-cs2.sqlite"), 1.25)
    r = diff(ca, os.path.join(tmp, "ov-cs2.sqlite"), "--window", "all")["result"]
    c.check("overlap" not in r["reason"] and (r["headline"]["span"] or {}).get("basis") != "busy_per_launch",
            f"overlap: copies carry more than 5 % of the busy time: not read as overlap ({r['verdict']}: {r['reason'][:200]})")


def unrelated(tmp):
    """Kernel sets with (almost) no GPU time in common: two programs when a
    host-side item differs too, a rewrite when the host side is the same."""
    base = os.path.join(tmp, "un-base.sqlite")
    with_copies(base, 121)
    other_k = ("--kernel", "p:40000:0.02", "--kernel", "q:5000:0.02")
    # another program: other kernels, uploads x3 (alone one signal, not far off)
    other = os.path.join(tmp, "un-other.sqlite")
    with_copies(other, 122, *other_k)
    drop_kernels(other, "abc")
    scale(other, 3, 1)
    d = diff(base, other, "--window", "all")
    w = d["result"]["workload"]
    items = {i["item"]: i for i in w["items"]}
    c.eq((d["result"]["verdict"], w["comparable"], w["signals"]), ("not_comparable", False, 1),
         "unrelated kernel sets + uploads x3: not_comparable (one input signal)")
    c.eq((items["kernel_set"]["baseline"], items["kernel_set"]["patch"]), (0, 0),
         "unrelated: no kernel time in common (per mille)")
    c.check(w["reason"].startswith("the two sides ran different workloads: 2 added, 3 removed"),
            f"unrelated: the kernel set leads the reason: {w['reason']}")
    c.check("largest host-to-device copy 65536 -> 196608" in w["reason"], f"unrelated: the copy evidence: {w['reason']}")
    # the same program rewritten: every kernel renamed, the same copies
    rewrite = os.path.join(tmp, "un-rewrite.sqlite")
    with_copies(rewrite, 123, *other_k)
    drop_kernels(rewrite, "abc")
    d = diff(base, rewrite, "--window", "all")
    w = d["result"]["workload"]
    c.eq((w["comparable"], w["signals"]), (True, 0), "every kernel rewritten, the same copies: comparable")
    c.check(d["result"]["verdict"] != "not_comparable", f"rewrite: judged ({d['result']['verdict']})")
    # the rewrite pads its input (uploads x1.2): one input signal, and not far
    # enough off to call the two sets of kernels two programs
    padded = os.path.join(tmp, "un-padded.sqlite")
    nsq.edited_copy(rewrite, padded, "UPDATE CUPTI_ACTIVITY_KIND_MEMCPY SET bytes = bytes * 6 / 5 WHERE copyKind = 1")
    d = diff(base, padded, "--window", "all")
    w = d["result"]["workload"]
    c.eq((w["comparable"], w["signals"]), (True, 1), "every kernel rewritten, uploads padded x1.2: comparable")
    # one kernel in common carrying a third of the baseline time, uploads x3:
    # related programs, one input signal: comparable
    shared = os.path.join(tmp, "un-shared.sqlite")
    with_copies(shared, 124, *other_k)
    drop_kernels(shared, "bc")
    scale(shared, 3, 1)
    d = diff(base, shared, "--window", "all")
    w = d["result"]["workload"]
    items = {i["item"]: i for i in w["items"]}
    share = items["kernel_set"]["baseline"] if "kernel_set" in items else None
    c.check(w["comparable"] and share is not None and 300 <= share <= 370,
            f"a kernel in common with ~1/3 of the baseline time (planted 20 of 60 us): comparable ({share}, {w['comparable']})")
    # the same script run with another option, every kernel replaced (an
    # eager model against torch.compile fusing all of it): one program, so
    # comparable; another script with the same copies: two programs
    def command(path, cmd, *args):
        db = sqlite3.connect(path)
        db.execute("DELETE FROM META_DATA_CAPTURE WHERE name GLOB 'PROCESS_*'")
        db.executemany("INSERT INTO META_DATA_CAPTURE (name, value) VALUES (?, ?)",
                       [("PROCESS_0:COMMAND", cmd)] + [(f"PROCESS_0:ARGUMENT_{i}", a) for i, a in enumerate(args)])
        db.commit()
        db.close()
    command(base, "/usr/bin/python3", "train.py", "--steps", "60")
    command(rewrite, "python3", "/home/x/train.py", "--steps", "60", "--compile")
    d = diff(base, rewrite, "--window", "all")
    w = d["result"]["workload"]
    c.eq((w["comparable"], w["signals"]), (True, 1), "the same script with --compile, every kernel replaced: comparable")
    other_script = os.path.join(tmp, "un-script.sqlite")
    shutil.copyfile(rewrite, other_script)
    command(other_script, "python3", "infer.py", "--steps", "60")
    d = diff(base, other_script, "--window", "all")
    w = d["result"]["workload"]
    c.eq((d["result"]["verdict"], w["signals"]), ("not_comparable", 1),
         "another script, no kernel in common: not_comparable (one input signal alone would not decide)")
    c.check("'python3 train.py' -> 'python3 infer.py'" in w["reason"],
            f"another script: the program in the evidence: {w['reason']}")
    # real: a PyTorch convolution and a weather code under unified memory
    a = os.path.join(nsq.FIXTURES, "dlprof-pytorch-conv-2022.1.sqlite")
    b = os.path.join(nsq.FIXTURES, "isc25-icon-graupel-uvm-2025.1.sqlite")
    if os.path.exists(a) and os.path.exists(b):
        for x, y in ((a, b), (b, a)):
            d = diff(x, y)
            c.eq(d["result"]["verdict"], "not_comparable",
                 f"{os.path.basename(x)} -> {os.path.basename(y)}: no kernel name in common, copies one-sided")


def shrink_along(path, name, first, last):
    """Durations of `name` going linearly from `first` to `last` ns over its
    launches in start order."""
    db = sqlite3.connect(path)
    ids = [r[0] for r in db.execute("SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ? "
                                    "ORDER BY start", (name_id(db, name),))]
    n = len(ids)
    for k, rid in enumerate(ids):
        db.execute('UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET "end" = start + ? WHERE rowid = ?',
                   (first + (last - first) * k // (n - 1), rid))
    db.commit()
    db.close()
    return n


def keep_first(path, name, n):
    """Cuts the capture after the n-th launch of `name` (every GPU op that
    starts later is dropped): the same run, captured for a shorter time."""
    db = sqlite3.connect(path)
    cut = db.execute("SELECT start FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ? ORDER BY start "
                     "LIMIT 1 OFFSET ?", (name_id(db, name), n)).fetchone()[0]
    for t in ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_RUNTIME"):
        try:
            db.execute(f"DELETE FROM {t} WHERE start >= ?", (cut,))
        except sqlite3.OperationalError:
            pass
    db.commit()
    db.close()


def shorter_capture(tmp):
    """Work that shrinks along the run (100 -> 20 us over 400 launches, like
    the steps of an elimination) captured whole and for its first half only:
    the pooled instances of the half are slower (median ~80 vs ~60 us) with
    nothing changed, so no verdict; the same half with flat durations 40 %
    faster is still a change."""
    a, b = (os.path.join(tmp, f"sc-{t}.sqlite") for t in "ab")
    for path in (a, b):
        nsq.gen(path, "--iterations", "400", "--no-nvtx", "--no-api", "--seed", 131, "--kernel", "step:50000:0",
                "--kernel", "other:5000:0.01")
        c.eq(shrink_along(path, "step", 100000, 20000), 400, "shorter capture: 400 planted launches")
    keep_first(b, "step", 200)
    d = diff(a, b, "--window", "all")
    k = rows(d)["step"]
    c.eq((k["baseline"]["instances"], k["patch"]["instances"]), (400, 200), "shorter capture: 400 vs 200 launches")
    c.check(k["per_instance"]["change_pct"] > 20, f"shorter capture: the pooled median moves (+{k['per_instance']['change_pct']:.1f} %)")
    c.eq(k["verdict"], "inconclusive", "shorter capture, shrinking work: inconclusive")
    c.check("may cover different parts of the run" in k["reason"], f"shorter capture: the reason says why: {k['reason']}")
    c.check(d["result"]["verdict"] in ("inconclusive", "unchanged"), f"shorter capture: overall {d['result']['verdict']}")
    # flat durations, the half 40 % faster: a change whatever the lengths
    f, g = (os.path.join(tmp, f"sc-flat-{t}.sqlite") for t in "fg")
    for path, dur in ((f, 50000), (g, 30000)):
        nsq.gen(path, "--iterations", "400", "--no-nvtx", "--no-api", "--seed", 132, "--kernel", f"step:{dur}:0.01",
                "--kernel", "other:5000:0.01")
    keep_first(g, "step", 200)
    k = rows(diff(f, g, "--window", "all"))["step"]
    c.check(k["verdict"] in ("improved", "likely_improved"), f"flat durations 40 % faster over half the capture: {k['verdict']}")
    # a kernel that runs only in the last quarter of the run (a final
    # phase): the first half of the capture misses it; the matched kernels
    # unchanged per instance and launched half as often. Not "improved":
    # the per-capture totals measure the capture's length.
    full, half, fixed = (os.path.join(tmp, f"sc-late-{t}.sqlite") for t in ("full", "half", "fixed"))
    for path in (full, half, fixed):
        nsq.gen(path, "--iterations", "400", "--no-nvtx", "--no-api", "--seed", 133, "--kernel", "step:50000:0.01",
                "--kernel", "other:5000:0.01", "--kernel", "late:200000:0.01")
        db = sqlite3.connect(path)
        starts = [r[0] for r in db.execute("SELECT start FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ? "
                                           "ORDER BY start", (name_id(db, "late"),))]
        # late runs in the last quarter only (the fixed patch: never)
        db.execute("DELETE FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ? AND start < ?",
                   (name_id(db, "late"), starts[300] if path != fixed else starts[-1] + 1))
        db.commit()
        db.close()
    keep_first(half, "step", 200)
    d = diff(full, half, "--window", "all")
    rs = rows(d)
    c.eq((rs["late"]["verdict"], rs["step"]["verdict"], rs["other"]["verdict"]), ("removed", "unchanged", "unchanged"),
         "half capture: the last phase missing, the rest unchanged per instance")
    c.eq(d["result"]["verdict"], "inconclusive", "half capture: the missing phase is not a saving")
    c.check("ran x0.5 .. x0.5 as often" in d["summary"]["text"], f"half capture: says why: {d['summary']['text']}")
    # the same length, the phase removed by the patch: a saving
    d = diff(full, fixed, "--window", "all")
    c.eq((rows(d)["late"]["verdict"], d["result"]["verdict"]), ("removed", "improved"),
         "the final phase removed over the same run: improved")


def split_window(tmp):
    """A kernel both runs launch once, the baseline mid-run and the patch in
    its warm-up (a checkpoint or a lazy init that moved): the baseline's
    steady window holds it, the patch's leaves it out. Compared over the
    steady windows it would read removed while both runs launch it, so the
    default window compares the whole captures, where it runs once a side."""
    out = []
    for side, seed, at in (("a", "161", 20), ("b", "162", 0)):
        p = os.path.join(tmp, f"split-{side}.sqlite")
        nsq.gen(p, "--iterations", "40", "--warmup", "3", "--seed", seed,
                "--kernel", "step:50000:0.02", "--kernel", "norm:8000:0.02")
        db = sqlite3.connect(p)
        nid = db.execute("SELECT max(id) FROM StringIds").fetchone()[0] + 1
        db.execute("INSERT INTO StringIds(id, value) VALUES (?, 'rare_kernel')", (nid,))
        # the at-th launch of norm (one a iteration) becomes rare_kernel
        rid = db.execute("SELECT rowid FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ? ORDER BY start "
                         "LIMIT 1 OFFSET ?", (name_id(db, "norm"), at)).fetchone()[0]
        db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET shortName = ?, demangledName = ?, mangledName = ? "
                   "WHERE rowid = ?", (nid, nid, nid, rid))
        db.commit()
        db.close()
        out.append(p)
    st = [nsq.run("steady-state", p)["result"] for p in out]
    c.check(all(s["found"] for s in st), "split window: a steady state in both captures")
    c.check(st[1]["iterations"]["warmup"] >= 1 and st[0]["iterations"]["warmup"] <= 20,
            "split window: the planted launch is inside a's steady window and in b's warm-up "
            f"(warm-up {st[0]['iterations']['warmup']} and {st[1]['iterations']['warmup']})")
    d = diff(out[0], out[1])
    wc = d["result"]["window_choice"]
    c.eq((wc["mode"], wc["code"]), ("all", "steady_window_splits_kernels"),
         "split window: the whole captures are compared, and why")
    c.check("rare_kernel" in wc["reason"], f"split window: the reason names the kernel ({wc['reason']})")
    r = rows(d)["rare_kernel"]
    c.eq(tuple((r[k] or {}).get("instances") for k in ("baseline", "patch")), (1, 1),
         "split window: rare_kernel once a side")
    c.check(r["verdict"] not in ("added", "removed"), f"split window: rare_kernel not removed ({r['verdict']})")
    c.eq(d["result"]["counts"]["removed"], 0, "split window: nothing removed")
    # --window steady keeps the steady windows: there it is removed, as the windows hold it
    d = diff(out[0], out[1], "--window", "steady")
    c.eq(rows(d)["rare_kernel"]["verdict"], "removed", "split window, --window steady: removed from the patch's window")
    # several captures a side: the side holds the kernel in its windows when any capture does
    d = diff("--baseline", out[0], "--patch", out[1], out[1])
    c.eq(d["result"]["window_choice"]["code"], "steady_window_splits_kernels",
         "split window, 1 vs 2 captures: no patch window holds it: whole captures")
    d = diff("--baseline", out[0], "--patch", out[0], out[1])
    c.eq(d["result"]["window_choice"]["code"], "steady_everywhere",
         "split window, 1 vs 2 captures: one patch window holds it: the steady windows")


def period_iterations(tmp):
    """Iterations found as kernel periods are one thing only when the same
    kernel starts them, or a renamed one that ran as many times. A loop of
    20 launches of a 4 ms kernel against one of 800 launches of a 70 us
    kernel (another algorithm, a kernel per level): a "kernel period of 1
    kernel" on both sides, but not the same iteration -- per iteration the
    patch would look 98 % faster while its whole GPU work is 30 % less. The
    whole captures are compared (steady_not_comparable), and no
    per-iteration figure is printed. The same loop with the kernel renamed
    and 25 % faster: still one iteration, compared per iteration."""
    a = os.path.join(tmp, "per-a.sqlite")
    b = os.path.join(tmp, "per-b.sqlite")
    r = os.path.join(tmp, "per-r.sqlite")
    nsq.gen(a, "--iterations", "20", "--seed", "31", "--no-nvtx", "--kernel", "k_sched:4000000:0.02:1")
    nsq.gen(b, "--iterations", "20", "--seed", "32", "--no-nvtx", "--kernel", "k_level:70000:0.02:40")
    nsq.gen(r, "--iterations", "20", "--seed", "33", "--no-nvtx", "--kernel", "k_sched_v2:3000000:0.02:1")
    d = diff(a, b)["result"]
    c.eq((d["window_choice"]["mode"], d["window_choice"]["code"]), ("all", "steady_not_comparable"),
         "other loop: whole captures compared")
    c.check("from k_level" in d["window_choice"]["reason"] and "from k_sched" in d["window_choice"]["reason"],
            f"other loop: the two anchors named ({d['window_choice']['reason'][:160]})")
    c.check(not d["summary"]["per_iteration"]["available"], "other loop: no per-iteration comparison")
    c.check("per steady iteration" not in d["reason"], f"other loop: no per-iteration headline ({d['reason'][:160]})")
    ka = sum(durations(a, "k_sched"))
    kb = sum(durations(b, "k_level"))
    m = re.search(r"kernel time per capture [0-9.]+ ms -> [0-9.]+ ms \(([+-][0-9.]+)%", d["reason"])
    c.check(m is not None and abs(float(m.group(1)) - 100 * (kb / ka - 1)) < 0.01,
            f"other loop: whole kernel time {100 * (kb / ka - 1):+.2f} % ({m and m.group(1)})")
    d = diff(a, r)["result"]
    c.eq(d["window_choice"]["code"], "steady_everywhere", "renamed kernel, as many launches: steady windows")
    pi = d["summary"]["per_iteration"]
    c.check(pi["available"], "renamed kernel: compared per iteration")
    m = re.search(r"per steady iteration the kernel time moved ([+-][0-9.]+)%", d["reason"])
    c.check(m is not None and abs(float(m.group(1)) + 25) < 3,
            f"renamed kernel: about -25 % per iteration ({m and m.group(1)})")


def period_kernels(tmp):
    """Periods of two kernels or more are one loop by the kernels they run,
    not by their length alone. A loop of k_fwd (2 ms) and k_bwd (1 ms), 20
    iterations, against one of k_scan and k_merge (100 and 50 us), 300
    iterations: both "a period of 2 kernels", every kernel replaced, other
    iteration counts -- other work per iteration, so the whole captures are
    compared. The first loop with k_bwd renamed to k_bwd_v2 (0.8 ms) and
    launched first (so it starts the period), run 30 times: half the period
    is the same kernel, so it is the same loop, compared per iteration, though
    the anchors and iteration counts differ."""
    a = os.path.join(tmp, "pk-a.sqlite")
    b = os.path.join(tmp, "pk-b.sqlite")
    r = os.path.join(tmp, "pk-r.sqlite")
    nsq.gen(a, "--iterations", "20", "--seed", "41", "--no-nvtx",
            "--kernel", "k_fwd:2000000:0.02", "--kernel", "k_bwd:1000000:0.02")
    nsq.gen(b, "--iterations", "300", "--seed", "42", "--no-nvtx",
            "--kernel", "k_scan:100000:0.02", "--kernel", "k_merge:50000:0.02")
    nsq.gen(r, "--iterations", "30", "--seed", "43", "--no-nvtx",
            "--kernel", "k_bwd_v2:800000:0.02", "--kernel", "k_fwd:2000000:0.02")
    anchors = {}
    for p in (a, b, r):
        it = nsq.run("steady-state", p)["result"]["iteration"]
        c.eq(it["period_kernels"], 2, f"{os.path.basename(p)}: a period of 2 kernels")
        anchors[p] = it["anchor"]
    c.check(anchors[a] != anchors[r], f"the renamed loop starts at another kernel ({anchors[a]}, {anchors[r]})")
    d = diff(a, b)["result"]
    c.eq((d["window_choice"]["mode"], d["window_choice"]["code"]), ("all", "steady_not_comparable"),
         "periods of other kernels: whole captures compared")
    c.check(not d["summary"]["per_iteration"]["available"], "periods of other kernels: no per-iteration comparison")
    ka = sum(durations(a, "k_fwd")) + sum(durations(a, "k_bwd"))
    kb = sum(durations(b, "k_scan")) + sum(durations(b, "k_merge"))
    m = re.search(r"kernel time per capture [0-9.]+ ms -> [0-9.]+ ms \(([+-][0-9.]+)%", d["reason"])
    c.check(m is not None and abs(float(m.group(1)) - 100 * (kb / ka - 1)) < 0.01,
            f"periods of other kernels: whole kernel time {100 * (kb / ka - 1):+.2f} % ({m and m.group(1)})")
    # no kernel in common, 15x the launches, no copy and no loop of as many
    # iterations to say the work is the same: the -25 % is shown, not judged
    c.eq(d["verdict"], "inconclusive", "periods of other kernels, 15x the launches: no verdict")
    c.check("x15 as many kernels per capture (600 vs 40)" in d["reason"] and "is no verdict" in d["reason"],
            f"periods of other kernels: says why ({d['reason'][-330:]})")
    d = diff(a, b, "--assume-same-workload")["result"]
    c.eq(d["verdict"], "improved", "periods of other kernels, --assume-same-workload: judged whole")
    d = diff(a, r)["result"]
    c.eq(d["window_choice"]["code"], "steady_everywhere", "half the period kept: steady windows")
    c.check(d["summary"]["per_iteration"]["available"], "half the period kept: compared per iteration")
    kr = sum(durations(r, "k_fwd")) + sum(durations(r, "k_bwd_v2"))
    want = 100 * ((kr / 30) / (ka / 20) - 1)
    m = re.search(r"per steady iteration the kernel time moved ([+-][0-9.]+)%", d["reason"])
    c.check(m is not None and abs(float(m.group(1)) - want) < 1,
            f"half the period kept: per iteration {want:+.2f} % from the raw rows ({m and m.group(1)})")


def relaunch_copy(src, dst, name, mode, k, f):
    """dst: src with each launch of name split into k back-to-back launches
    (mode "split"), or each k consecutive launches fused into one at the
    first's start (mode "fuse"); the kernel time of the launches made from
    one is f times theirs (start times of every other kernel kept)."""
    shutil.copy(src, dst)
    db = sqlite3.connect(dst)
    t = name_id(db, name)
    cols = [r[1] for r in db.execute("PRAGMA table_info(CUPTI_ACTIVITY_KIND_KERNEL)")]
    si, ei, ci = cols.index("start"), cols.index("end"), cols.index("correlationId")
    rows = db.execute("SELECT rowid, * FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE shortName = ? ORDER BY start",
                      (t,)).fetchall()
    corr = db.execute("SELECT max(correlationId) FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0] + 1000
    ins = "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (%s) VALUES (%s)" % (
        ", ".join(f'"{x}"' for x in cols), ", ".join("?" * len(cols)))
    if mode == "split":
        for r in rows:
            v = list(r[1:])
            s0, part = v[si], (v[ei] - v[si]) * f / k
            db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET \"end\" = ? WHERE rowid = ?", (round(s0 + part), r[0]))
            for j in range(1, k):
                w = list(v)
                w[si], w[ei] = round(s0 + j * part), round(s0 + (j + 1) * part)
                corr += 1
                w[ci] = corr
                db.execute(ins, w)
    else:
        for g in range(0, len(rows), k):
            grp = rows[g:g + k]
            tot = sum(r[1:][ei] - r[1:][si] for r in grp)
            db.execute("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET \"end\" = ? WHERE rowid = ?",
                       (grp[0][1:][si] + round(tot * f), grp[0][0]))
            db.executemany("DELETE FROM CUPTI_ACTIVITY_KIND_KERNEL WHERE rowid = ?", [(r[0],) for r in grp[1:]])
    db.commit()
    db.close()


def relaunched(tmp):
    """A kernel launched another number of times per iteration of the same
    loop: split into more launches, or several fused into one. Each launch
    does other work, so its per-instance change is not its speed; a careful
    engineer compares its kernel time per iteration. A loop of k_a (0.2 ms,
    it starts the period) and k_b (1 ms), 300 iterations:
    - k_b split in two halves (the same time): per instance -50 %, per
      iteration 0 -> unchanged (the per-instance test alone said improved);
    - k_b fused four at a time, 30 % less time: per instance +180 %, per
      iteration -30 % -> improved (it said regressed), and the reverse diff
      regressed;
    - the anchor k_a split in two: a tie of one kernel against one, decided
      at x1 (the same input runs as many iterations) -> k_a per iteration;
    - the same loop run 600 times (every kernel x2 alike): nothing relaunched,
      per-instance verdicts as before;
    - no period (a real solver's data-dependent kernels): the kernels
      launched 8 times or more, two or more of them keeping x1, give the
      iterations.
    Each per-iteration figure against the raw rows' totals."""
    a = os.path.join(tmp, "rl-a.sqlite")
    nsq.gen(a, "--iterations", "300", "--seed", "51", "--no-nvtx",
            "--kernel", "k_a:200000:0.02", "--kernel", "k_b:1000000:0.02")
    it = nsq.run("steady-state", a)["result"]["iteration"]
    c.eq((it["period_kernels"], it["anchor"]), (2, "k_a"), "relaunched: a period of k_a, k_b")

    def raw_total(path, name):
        return sum(durations(path, name))

    def check_row(d, label, name, ratio, want_pct, verdict):
        r = rows(d).get(name)
        rl = r and r.get("relaunched")
        c.check(rl is not None, f"{label}: {name} relaunched ({r and r['reason'][:200]})")
        if not rl:
            return
        c.check(abs(rl["launch_ratio"] - ratio) < 0.01 and abs(rl["loop_ratio"] - 1) < 0.01,
                f"{label}: {name} x{ratio} per iteration, the loop x1 ({rl['launch_ratio']}, {rl['loop_ratio']})")
        got = rl["per_iteration"]["change_pct"]
        c.check(abs(got - want_pct) < 0.05, f"{label}: {name} per iteration {want_pct:+.3f} % from the raw rows ({got})")
        c.eq(r["verdict"], verdict, f"{label}: {name} verdict")

    s = os.path.join(tmp, "rl-split.sqlite")
    relaunch_copy(a, s, "k_b", "split", 2, 1.0)
    d = diff(a, s)
    want = 100 * (raw_total(s, "k_b") / raw_total(a, "k_b") - 1)
    check_row(d, "k_b split", "k_b", 2, want, "unchanged")
    c.eq(d["result"]["verdict"], "unchanged", "k_b split in two, the same time: unchanged overall")
    nsq.diff_invariant(c, "k_b split", d)

    f = os.path.join(tmp, "rl-fuse.sqlite")
    relaunch_copy(a, f, "k_b", "fuse", 4, 0.7)
    d = diff(a, f)
    want = 100 * (raw_total(f, "k_b") / raw_total(a, "k_b") - 1)
    check_row(d, "k_b fused", "k_b", 0.25, want, "improved")
    c.eq(d["result"]["verdict"], "improved", "k_b fused 4 to 1, 30 % less time: improved overall")
    c.check(rows(d)["k_b"]["per_instance"]["change_pct"] > 100,
            "k_b fused: per instance it is slower (the rows keep that figure)")
    nsq.diff_invariant(c, "k_b fused", d)
    d = diff(f, a)
    r = rows(d)["k_b"]
    want = 100 * (raw_total(a, "k_b") / raw_total(f, "k_b") - 1)
    c.check(r.get("relaunched") and r["relaunched"]["launch_ratio"] > 3.9 and r["verdict"] == "regressed"
            and abs(r["relaunched"]["per_iteration"]["change_pct"] - want) < 0.05,
            f"k_b fused, reversed: regressed {want:+.2f} % per iteration ({r['reason'][:240]})")
    c.eq(d["result"]["verdict"], "regressed", "k_b fused, reversed: regressed overall")

    k = os.path.join(tmp, "rl-anchor.sqlite")
    relaunch_copy(a, k, "k_a", "split", 2, 1.0)
    d = diff(a, k)
    want = 100 * (raw_total(k, "k_a") / raw_total(a, "k_a") - 1)
    check_row(d, "k_a split", "k_a", 2, want, "unchanged")
    c.check(rows(d)["k_b"].get("relaunched") is None, "k_a split: k_b keeps its launches per iteration")
    c.eq(d["result"]["verdict"], "unchanged", "the anchor split in two, the same time: unchanged overall")

    t = os.path.join(tmp, "rl-twice.sqlite")
    nsq.gen(t, "--iterations", "600", "--seed", "52", "--no-nvtx",
            "--kernel", "k_a:200000:0.02", "--kernel", "k_b:1000000:0.02")
    d = diff(a, t)
    c.check(all(r.get("relaunched") is None for r in d["result"]["kernels"]),
            "the loop run twice as often: no kernel relaunched")

    # no period to find: a real assignment solver (time bins), its 16
    # kernels launched 1 to 2098 times, data-dependent; solve_1bc_kernel
    # (2098 launches, beside reset_d_changed as often) split in two, then
    # fused three at a time with 40 % less time: the kernels launched 8
    # times or more keep x1 but this one, so per iteration it is judged
    src = os.path.join(os.path.dirname(nsq.FIXTURES), "nsys-pairs", "cestwc-balinski-report2-2025.5.sqlite")
    if os.path.exists(src):
        it = nsq.run("steady-state", src)["result"]
        c.eq(it["method"], "time_bins", "the solver: no kernel period")
        s2 = os.path.join(tmp, "rl-bal-split.sqlite")
        relaunch_copy(src, s2, "solve_1bc_kernel", "split", 2, 1.0)
        d = diff(src, s2)
        want = 100 * (raw_total(s2, "solve_1bc_kernel") / raw_total(src, "solve_1bc_kernel") - 1)
        check_row(d, "solver split", "solve_1bc_kernel", 2, want, "unchanged")
        c.check("repeated kernels ran x1" in rows(d)["solve_1bc_kernel"]["reason"],
                "solver split: the repeated kernels give the iterations")
        c.check(d["result"]["verdict"] not in ("improved", "regressed", "likely_improved", "likely_regressed"),
                f"solver split in two, the same time: no speed change ({d['result']['verdict']})")
        nsq.diff_invariant(c, "solver split", d)
        f2 = os.path.join(tmp, "rl-bal-fuse.sqlite")
        relaunch_copy(src, f2, "solve_1bc_kernel", "fuse", 3, 0.6)
        d = diff(src, f2)
        want = 100 * (raw_total(f2, "solve_1bc_kernel") / raw_total(src, "solve_1bc_kernel") - 1)
        check_row(d, "solver fused", "solve_1bc_kernel", 1 / 3, want, "improved")
        c.eq(d["result"]["verdict"], "improved", "solver fused 3 to 1, 40 % less time: improved overall")
        nsq.diff_invariant(c, "solver fused", d)


def add_kernel_once(src, dst, name, place):
    """dst: src with one more kernel, name, launched once: a copy of a
    kernel row (its device, stream, launch shape) under a new name and
    correlation id; place(first start, last end, summed kernel time) gives
    its start and duration."""
    shutil.copy(src, dst)
    db = sqlite3.connect(dst)
    first, last, total = db.execute(
        'SELECT min(start), max("end"), sum("end" - start) FROM CUPTI_ACTIVITY_KIND_KERNEL').fetchone()
    sid = db.execute("SELECT max(id) + 1 FROM StringIds").fetchone()[0]
    db.execute("INSERT INTO StringIds (id, value) VALUES (?, ?)", (sid, name))
    cols = [x[1] for x in db.execute("PRAGMA table_info(CUPTI_ACTIVITY_KIND_KERNEL)")]
    row = list(db.execute("SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY start LIMIT 1").fetchone())
    start, dur = place(first, last, total)
    row[cols.index("start")], row[cols.index("end")] = start, start + dur
    row[cols.index("correlationId")] = db.execute(
        "SELECT max(correlationId) + 1 FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchone()[0]
    for col in ("shortName", "demangledName", "mangledName"):
        if col in cols:
            row[cols.index(col)] = sid
    db.execute("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (%s) VALUES (%s)" % (
        ", ".join(f'"{x}"' for x in cols), ", ".join("?" * len(cols))), row)
    db.commit()
    db.close()


def relaunched_no_loop(tmp):
    """Launch restructurings the relaunch rule above cannot anchor on a loop
    of two or more kernels keeping their launches, planted on real captures:
    - the Gaussian elimination (report3: Fan1 and Fan2 4095 times each, no
      kernel period found, the same matrix uploaded): Fan1 split in two of
      the same time. Fan2 alone keeps x1, exactly 4095 launches on both sides
      over the same input: that is the same 4095 steps, so Fan1 is judged
      per iteration: unchanged (it read improved, -50 % per instance);
    - a one-kernel solve (lts-la: dag_lts_kernel, 1221 launches): split in
      two taking 40 % more time, or fused three to one taking 40 % less.
      Every kernel ran exactly x2 (x1/3) as often over the same input: the
      work split (the kernel time per capture decides) or twice the
      iterations (per instance decides); the kernels cannot tell which, and
      the two disagree, so inconclusive with both (it read likely_improved
      for 40 % more kernel time). Split in two taking 20 % less, the two
      agree: likely_improved stays."""
    pairs = os.path.join(os.path.dirname(nsq.FIXTURES), "nsys-pairs")
    src = os.path.join(pairs, "rodinia-gaussian-report3-2022.4.sqlite")
    s = os.path.join(tmp, "rn-gauss-split.sqlite")
    relaunch_copy(src, s, "Fan1", "split", 2, 1.0)
    c.eq((len(durations(src, "Fan2")), len(durations(s, "Fan2")), len(durations(s, "Fan1"))), (4095, 4095, 8190),
         "gaussian Fan1 split (raw): Fan2 4095 launches on both sides, Fan1 8190")
    d = diff(src, s)
    r = rows(d)["Fan1"]
    want = 100 * (sum(durations(s, "Fan1")) / sum(durations(src, "Fan1")) - 1)
    rl = r.get("relaunched")
    c.check(rl is not None and abs(rl["launch_ratio"] - 2) < 0.01 and abs(rl["per_iteration"]["change_pct"] - want) < 0.05,
            f"gaussian Fan1 split: relaunched x2, per iteration {want:+.3f} % from the raw rows ({r['reason'][:200]})")
    c.eq((r["verdict"], d["result"]["verdict"]), ("unchanged", "unchanged"),
         "gaussian Fan1 split in two, the same time: unchanged")
    nsq.diff_invariant(c, "gaussian Fan1 split", d)

    src = os.path.join(pairs, "lts-la-2023.3.sqlite")
    base_total = sum(durations(src, "dag_lts_kernel"))
    for mode, k, f, ratio, verdict in (("split", 2, 1.4, "x2", "inconclusive"),
                                       ("fuse", 3, 0.6, "x1/3", "inconclusive"),
                                       ("split", 2, 0.8, None, "likely_improved")):
        m = os.path.join(tmp, f"rn-lts-{mode}-{f}.sqlite")
        relaunch_copy(src, m, "dag_lts_kernel", mode, k, f)
        d = diff(src, m, "--window", "all")
        res = d["result"]
        c.eq(res["verdict"], verdict, f"lts {mode} {k} x{f}: {verdict} ({res['reason'][:160]})")
        la = res["headline"]["launches_alike"]
        if not ratio:
            c.eq(la, None, f"lts {mode} {k} x{f}: the readings agree, no launches_alike")
        if ratio:
            pct = 100 * (sum(durations(m, "dag_lts_kernel")) / base_total - 1)
            c.check(la is not None and abs(la["launch_ratio"] - eval(ratio[1:])) < 1e-5
                    and abs(la["kernel_time_per_capture_pct"] - pct) < 1e-3,
                    f"lts {mode} {k} x{f}: headline.launches_alike x{ratio[1:]}, {pct:+.3f} % per capture ({la})")
            c.check(f"every kernel ran {ratio} as often over the same input" in res["reason"]
                    and f"{pct:+.2f}%" in res["reason"],
                    f"lts {mode} {k} x{f}: both readings, kernel time per capture {pct:+.2f} % from the raw rows "
                    f"({res['reason'][:300]})")
        nsq.diff_invariant(c, f"lts {mode} {k} x{f}", d)
    # the same with a setup kernel launched once on both sides: once either way
    s2 = os.path.join(tmp, "rn-lts-setup.sqlite")
    add_kernel_once(src, s2, "setup_kernel", lambda first, last, total: (first - 100000, 5000))
    m = os.path.join(tmp, "rn-lts-setup-split.sqlite")
    relaunch_copy(s2, m, "dag_lts_kernel", "split", 2, 1.4)
    d = diff(s2, m, "--window", "all")
    c.check(d["result"]["verdict"] == "inconclusive" and "every kernel ran x2 as often" in d["result"]["reason"],
            f"lts split with a setup kernel run once on both sides: inconclusive ({d['result']['reason'][:200]})")


def kernels_together(tmp):
    """2000 kernel names, 30 launches each, two seeds of the same generator
    spec (an A/A pair): with 30 instances no kernel alone can show it moved
    by less than 2 %, so every row is inconclusive; together (each kernel's
    change weighed by its baseline kernel time, the interval from the
    rows' intervals) they can: unchanged. Every kernel of the patch made 6 %
    slower: together +6 % on top of the A/A offset, never unchanged."""
    a, b, s6 = (os.path.join(tmp, f"kt-{x}.sqlite") for x in ("a", "b", "slow"))
    for path, seed in ((a, "1"), (b, "2")):
        nsq.gen(path, "--kernels", "60000", "--distinct-names", "2000", "--seed", seed, "--no-nvtx")
    shutil.copy(b, s6)
    db = sqlite3.connect(s6)
    db.execute('UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET "end" = start + ("end" - start) * 106 / 100')
    db.commit()
    db.close()
    d = diff(a, b)
    r = d["result"]
    t = r["headline"]["together"]
    c.eq((r["counts"]["inconclusive"], r["counts"]["tested"]), (2000, 2000),
         "kernels together, A/A: every one of 2000 kernels inconclusive alone")
    c.check(t is not None and -2 < t["ci_low_pct"] <= 0 <= t["ci_high_pct"] < 2,
            f"kernels together, A/A: the interval holds 0 and lies inside +-2 % ({t})")
    c.eq(r["verdict"], "unchanged", f"kernels together, A/A: unchanged ({r['reason'][:160]})")
    nsq.diff_invariant(c, "kernels together A/A", d)
    d = diff(a, s6)
    r = d["result"]
    t6 = r["headline"]["together"]
    want = 100 * ((1 + t["change_pct"] / 100) * 1.06 - 1)
    c.check(t6 is not None and abs(t6["change_pct"] - want) < 0.02 and t6["ci_low_pct"] > 2,
            f"kernels together, every kernel +6 %: {want:+.3f} % from the A/A offset and the plant ({t6})")
    c.check(r["verdict"] != "unchanged", f"kernels together, every kernel +6 %: not unchanged ({r['verdict']})")
    nsq.diff_invariant(c, "kernels together +6 %", d)

    # one more kernel launched once per side, a tenth of the kernel time,
    # 50 % slower in the patch: one instance has no interval, so it widens
    # the kernels' together by its weight (the headline is not unchanged)
    def add_once(src, dst, frac):
        add_kernel_once(src, dst, "once_kernel", lambda first, last, total: (last + 1000, round(total * frac)))

    a1, b1 = os.path.join(tmp, "kt-a-once.sqlite"), os.path.join(tmp, "kt-b-once.sqlite")
    add_once(a, a1, 0.11)
    add_once(b, b1, 0.165)
    d = diff(a1, b1)
    r = d["result"]
    once = rows(d)["once_kernel"]
    tw = r["headline"]["together"]
    c.check(once["verdict"] == "inconclusive" and once["per_instance"]["ci_low_pct"] is None,
            f"kernels together + once_kernel: its row inconclusive, no interval ({once['verdict']}, {once['per_instance']})")
    c.check(tw is not None and tw["ci_high_pct"] - tw["ci_low_pct"] > 10 and r["verdict"] != "unchanged",
            f"kernels together + once_kernel +50 %: the interval widened past the band, not unchanged ({r['verdict']}, {tw})")


GPU_TABLES = ("CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET")


def squeeze_idle(src, dst, s_idle, kernel_f=1.0):
    """dst: src with the GPU's idle time scaled by s_idle: every timestamp of
    every table goes through one time map of slope 1 inside the GPU busy
    union (kernels, copies, memsets of every device) and slope s_idle in the
    gaps between, so each GPU operation keeps its duration and its order and
    host events stretch with the gaps (CUDA graphs, fewer synchronisations,
    overlap: what shortens the time between kernels). Then every kernel's
    duration is multiplied by kernel_f (its start kept)."""
    shutil.copy(src, dst)
    db = sqlite3.connect(dst)
    tabs = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    gpu = [t for t in GPU_TABLES if t in tabs]
    iv = sorted(r for t in gpu for r in db.execute(f'SELECT start, "end" FROM {t}'))
    union = []
    for a, b in iv:
        if union and a <= union[-1][1]:
            union[-1][1] = max(union[-1][1], b)
        else:
            union.append([a, b])
    anchors, shift = [], 0.0  # (original start, new start, original end)
    for i, (a, b) in enumerate(union):
        if i:
            shift += (a - union[i - 1][1]) * (1 - s_idle)
        anchors.append((a, a - shift, b))
    starts = [x[0] for x in anchors]

    def tmap(t):
        if t is None:
            return None
        i = bisect.bisect_right(starts, t) - 1
        if i < 0:
            return t
        a, na, b = anchors[i]
        if t <= b:
            return round(na + (t - a))
        if i + 1 < len(anchors):
            a2, na2, _ = anchors[i + 1]
            return round(na + (b - a) + (t - b) * (na2 - na - (b - a)) / (a2 - b))
        return round(na + (b - a) + (t - b))

    db.create_function("tmap", 1, tmap, deterministic=True)
    for t in tabs:
        cols = [r[1] for r in db.execute(f"PRAGMA table_info({t})")]
        tc = [x for x in cols if x in ("start", "end", "timestamp")]
        if not tc:
            continue
        if t in gpu:
            db.execute(f'UPDATE {t} SET "end" = tmap(start) + ("end" - start), start = tmap(start)')
        else:
            db.execute(f"UPDATE {t} SET " + ", ".join(f'"{x}" = tmap("{x}")' for x in tc))
    if kernel_f != 1.0:
        db.execute('UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET "end" = start + CAST(("end" - start) * ? AS INT)',
                   (kernel_f,))
    db.commit()
    db.close()


def gpu_span(path):
    """First GPU operation's start to the last one's end, by plain SQL."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    tabs = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    lo, hi = [], []
    for t in GPU_TABLES:
        if t in tabs:
            a, b = db.execute(f'SELECT min(start), max("end") FROM {t}').fetchone()
            if a is not None:
                lo.append(a)
                hi.append(b)
    db.close()
    return max(hi) - min(lo)


def slow_edges(tmp):
    """Whole captures whose first 3 of 30 iterations run 3x slower (warm-up)
    and, on the patch side, the last 2 too (tear-down), the steady kernels
    the same:
    the medians do not move, the kernel time per capture does, and the span
    with it. --window all asks for the whole captures, so the headline is
    the whole capture's (regressed, three captures a side apart), but the
    change is the kernels' own time in instances away from the median, not
    time between the GPU operations (said so before)."""
    base, patch = [], []
    for i in range(3):
        a, b = os.path.join(tmp, f"se-a{i}.sqlite"), os.path.join(tmp, f"se-b{i}.sqlite")
        for p, seed, extra in ((a, 161 + i, ("--warmup", "3")), (b, 171 + i, ("--warmup", "3", "--teardown", "2"))):
            nsq.gen(p, "--iterations", "30", "--seed", seed, "--no-nvtx", "--devices", "2", "--kernel", "k0:36867:0.03:2",
                    "--kernel", "k1:9295:0.1", *extra)
        base.append(a)
        patch.append(b)

    def ktime(path):
        db = sqlite3.connect(path)
        t = db.execute('SELECT sum("end" - start) FROM CUPTI_ACTIVITY_KIND_KERNEL').fetchone()[0]
        db.close()
        return t
    want = 100 * (sum(map(ktime, patch)) / sum(map(ktime, base)) - 1)
    sides = [x for a in base for x in ("--baseline", a)] + [x for b in patch for x in ("--patch", b)]
    r = diff(*sides, "--window", "all")["result"]
    c.eq(r["verdict"], "regressed", f"slow edges, whole captures: the whole capture's time ({r['reason'][:160]})")
    c.check(r["reason"].startswith("kernels unchanged per instance (their medians), but the same workload compared "
                                   f"whole took {want:+.2f}% kernel time per capture")
            and "between the GPU operations" not in r["reason"],
            f"slow edges: the kernels' own time ({want:+.2f} % by SQL), not time between operations ({r['reason'][:200]})")
    r = diff(*sides)["result"]
    c.check(r["verdict"] in ("unchanged", "inconclusive"), f"slow edges, steady windows: the steady kernels ({r['verdict']})")


def span_between(tmp):
    """The time between the kernels changes, the kernels do not (CUDA graphs,
    fewer synchronisations), or the kernels get slower while the whole gets
    faster (kernels overlapped on streams): planted on the real Balinski
    solver capture (report2) by squeezing its GPU idle time to 30 %, every
    GPU operation keeping its duration. The whole-capture GPU span of the same
    program moved by up to 65 % between runs on an H200 (tests/data/gpu-verify
    gemm baselines 02 -> 03, the kernel time within 0.6 %), so with one
    capture per side the span is said, not judged: the kernels' verdict
    stands. With three captures per side, each side's spans within a few %,
    the span decides when the kernels did not change (improved), and when the
    kernels went 6 % slower while the span fell by far more time, the headline
    is mixed: neither number alone answers "is it faster"."""
    src = os.path.join(os.path.dirname(nsq.FIXTURES), "nsys-pairs", "cestwc-balinski-report2-2025.5.sqlite")
    base = [os.path.join(tmp, f"sb-base-{i}.sqlite") for i in range(3)]
    same = [os.path.join(tmp, f"sb-squeezed-{i}.sqlite") for i in range(3)]
    slow = [os.path.join(tmp, f"sb-squeezed-slower-{i}.sqlite") for i in range(3)]
    for i, f in enumerate((1.0, 0.97, 1.03)):
        squeeze_idle(src, base[i], f)
    for i, f in enumerate((0.3, 0.29, 0.31)):
        squeeze_idle(src, same[i], f)
        squeeze_idle(src, slow[i], f, 1.06)
    sb, ss = [gpu_span(x) for x in base], [gpu_span(x) for x in same]
    pct = 100 * (ss[0] / sb[0] - 1)
    c.check(pct < -40 and max(ss) < min(sb), f"span squeezed (raw): {sb} -> {ss} ns ({pct:+.2f} %)")
    # one capture per side, kernels untouched: unchanged, the span said
    d = diff(base[0], same[0], "--window", "all")
    r = d["result"]
    c.eq(r["verdict"], "unchanged", "idle squeezed, one capture per side: the kernels' unchanged stands")
    c.check(f"the GPU span (first op to last) moved {pct:+.2f}%" in r["reason"] and "cannot judge" in r["reason"],
            f"idle squeezed, one capture per side: the span's move is said ({r['reason']})")
    sp = r["headline"]["span"]
    c.check(sp is not None and sp["basis"] == "per_capture" and abs(sp["change_pct"] - pct) < 1e-4
            and sp["delta_ns"] == ss[0] - sb[0] and not sp["decided"] and not sp["against_kernels"],
            f"idle squeezed, one capture per side: headline.span said, not decided ({sp})")
    # one capture per side, kernels 6 % slower (within the assumed 10 %):
    # likely_regressed, and the span moving the other way by more is said
    d = diff(base[0], slow[0], "--window", "all")
    r = d["result"]
    c.eq(r["verdict"], "likely_regressed", "idle squeezed, kernels +6 %, one capture per side: likely_regressed")
    c.check("moved the other way and by more" in r["reason"] and "cannot judge" in r["reason"],
            f"idle squeezed, kernels +6 %: the span against the kernels is said ({r['reason']})")
    sp = r["headline"]["span"]
    c.check(sp is not None and sp["against_kernels"] and not sp["decided"] and sp["delta_ns"] < 0 < sp["kernel_delta_ns"],
            f"idle squeezed, kernels +6 %: headline.span against the kernels, not deciding ({sp})")
    # three captures per side: the span decides
    d = diff("--baseline", *base, "--patch", *same, "--window", "all")
    r = d["result"]
    mb, mp = sum(sb) / 3, sum(ss) / 3
    want = 100 * (mp / mb - 1)
    c.eq(r["verdict"], "improved", "idle squeezed, three captures per side: improved by the span")
    m = re.search(r"GPU span of [0-9.]+ ms -> [0-9.]+ ms per capture \(([-+0-9.]+)%", r["reason"])
    c.check(m is not None and abs(float(m.group(1)) - want) < 0.01,
            f"idle squeezed, three per side: the span's change {want:+.2f} % in the reason ({r['reason']})")
    nsq.diff_invariant(c, "span squeezed x3", d)
    sp = r["headline"]["span"]
    c.check(sp is not None and sp["decided"] and not sp["against_kernels"] and abs(sp["change_pct"] - want) < 1e-4,
            f"idle squeezed, three per side: headline.span decided ({sp})")
    # three captures per side, kernels 6 % slower, span far shorter: mixed
    d = diff("--baseline", *base, "--patch", *slow, "--window", "all")
    r = d["result"]
    c.eq(r["verdict"], "mixed", "idle squeezed, kernels +6 %, three captures per side: mixed")
    c.check(r["reason"].startswith("the kernels' own time and the end-to-end time disagree"),
            f"mixed: the reason leads with the disagreement ({r['reason']})")
    ks = [k for k in r["kernels"] if k["verdict"] in ("regressed", "likely_regressed")]
    c.check(len(ks) >= 1 and not any(k["verdict"] in ("improved", "likely_improved") for k in r["kernels"]),
            f"mixed: the kernels themselves regressed ({[(k['name'], k['verdict']) for k in r['kernels']]})")
    nsq.diff_invariant(c, "span against kernels x3", d)
    sp = r["headline"]["span"]
    c.check(sp is not None and sp["decided"] and sp["against_kernels"], f"mixed: headline.span decided, against ({sp})")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        two_shapes(tmp)
        clock_levels(tmp)
        workload(tmp)
        unrelated(tmp)
        program_name(tmp)
        overlap(tmp)
        shorter_capture(tmp)
        headline(tmp)
        counts_vs_speed(tmp)
        work_per_iteration(tmp)
        small_samples(tmp)
        common_shift(tmp)
        retiled_gemm(tmp)
        families(tmp)
        single_shot(tmp)
        aa_two_gpu(tmp)
        device_split(tmp)
        position_paired(tmp)
        position_paired_many_names(tmp)
        position_paired_batched(tmp)
        position_paired_shapes(tmp)
        split_window(tmp)
        period_iterations(tmp)
        period_kernels(tmp)
        relaunched(tmp)
        relaunched_no_loop(tmp)
        span_between(tmp)
        slow_edges(tmp)
        kernels_together(tmp)
    c.done()


if __name__ == "__main__":
    main()
