#!/usr/bin/env python3
"""diff over a sweep of random synthetic pairs (fixed seeds, so every run
draws the same pairs), each checked against what was planted in it:

- each pair: 1 to 6 kernels (means 5 us .. 1 ms, CV 1 .. 10 %, 1 or 2
  launches per iteration), each kept, or made 15-50 % faster, 15-60 %
  slower or within 5 %; some renamed, removed, or a kernel added; 30 to 400
  iterations (the patch sometimes another number), one or two GPUs, NVTX or
  none, copies, random gaps, overlapping streams, a warm-up, a tear-down;
  one or three captures per side; a third of the pairs A/A (the same
  kernels, another seed);
- every kernel's verdict agrees with its own interval (firm: beyond
  +-min_effect on its side; likely: on its side of 0; unchanged: inside the
  band), and so do the per-iteration verdicts;
- a kernel planted 15 % or more faster is never called (likely) regressed,
  nor a slower one improved; a kernel planted within 1 % is never firmly
  changed; a matched kernel's median change is the planted one within 4
  points (3 CVs for the noisiest);
- an A/A pair is never improved, regressed or mixed; a pair whose every
  change is an improvement (removed kernels count as one, an added kernel
  as a regression) is never (likely) regressed, and the reverse;
- a pair with no kernel in common never gets a firm verdict from launch
  counts that differ x2 or more with nothing to show the same work (no
  copies; loops of other lengths, or no NVTX ranges with --window all,
  which detects no iterations).

Each failure prints the pair's seed and generator arguments."""
import os
import random
import sys
import tempfile

import nsq

c = nsq.Checks()
PAIRS = int(os.environ.get("NSYSQL_SWEEP_PAIRS", "100"))
# beyond the first PAIRS seeds: pairs of a class the first ones lack
# (kernels renamed or added, launches x2 or more, no copies; 134: A/A
# steady kernels, the patch's last two iterations 3x slower, three
# captures a side)
EXTRA = (134, 208, 1080, 1365, 1498, 2952)


def draw(t):
    """The pair of seed t: (base kernels, patch kernels, planted, options)."""
    R = random.Random(t * 7919 + 13)
    K = R.randint(1, 6)
    aa = R.random() < 0.35
    base, patch, truth = [], [], {}
    for i in range(K):
        m = int(10 ** R.uniform(3.7, 6.0))
        cv = R.choice([0.01, 0.03, 0.05, 0.1])
        n = R.choice([1, 1, 2])
        f = 1.0 if (aa or R.random() < 0.5) else R.choice(
            [R.uniform(0.5, 0.85), R.uniform(1.15, 1.6), R.uniform(0.95, 1.05)])
        name = f"kern_{i}"
        pname = name
        if not aa and R.random() < 0.08:
            pname = f"kern_{i}_v2"
        if not aa and R.random() < 0.06:
            pname = None
        base.append(f"{name}:{m}:{cv}:{n}")
        if pname:
            patch.append(f"{pname}:{int(m * f)}:{cv}:{n}")
        truth[name] = (f, cv, pname)
    added = not aa and R.random() < 0.12
    if added:
        patch.insert(R.randint(0, len(patch)), f"added_k:{int(10 ** R.uniform(3.7, 6))}:0.05")
    if not patch:
        patch = [base[0]]
        truth["kern_0"] = (1.0, truth["kern_0"][1], "kern_0")
    its = R.choice([30, 100, 400])
    its2 = its if (aa or R.random() < 0.7) else R.choice([30, 100, 400, 1000])
    warm = R.choice([0, 0, 3])
    common = ["--devices", str(R.choice([1, 1, 2]))]
    if R.random() < 0.5:
        common.append("--no-nvtx")
    if R.random() < 0.4:
        common += ["--memcpy-per-iter", "2", "--memcpy-bytes", str(R.choice([65536, 1048576]))]
    if R.random() < 0.3:
        common += ["--gap-range", f"{R.randint(500, 3000)}:{R.randint(4000, 50000)}"]
    if R.random() < 0.2:
        common += ["--overlap", "--streams", "3"]
    if warm:
        common += ["--warmup", str(warm)]
    tear = ["--teardown", "2"] if R.random() < 0.15 else []
    ncap = R.choice([1, 1, 3])
    return aa, base, patch, truth, added, its, its2, common, tear, ncap


def kargs(ks):
    out = []
    for k in ks:
        out += ["--kernel", k]
    return out


def judge(label, d, aa, truth, added, launches, copies, loops_alike, slow_tail=False):
    me = d["params"]["min_effect_pct"]
    r = d["result"]
    nsq.diff_invariant(c, label, d)
    for k in r["kernels"]:
        pi, v = k["per_instance"], k["verdict"]
        tr = truth.get(k["name"])
        if not tr or tr[2] != k["name"] or not pi or pi.get("change_pct") is None:
            continue
        f, cv, _ = tr
        want = 100 * (f - 1)
        if abs(want) < 1:
            c.check(v not in ("improved", "regressed"), f"{label}: {k['name']} planted unchanged, got {v}")
        if abs(want) >= 15 and v in ("improved", "likely_improved", "regressed", "likely_regressed"):
            c.check((want < 0) == v.endswith("improved"), f"{label}: {k['name']} planted {want:+.1f} %, got {v}")
        c.check(abs(pi["change_pct"] - want) <= max(4, 300 * cv),
                f"{label}: {k['name']} median change {pi['change_pct']:+.2f} % vs planted {want:+.2f} %")
    pit = r["summary"]["per_iteration"]
    if pit["available"]:
        for key in ("step", "kernel_time"):
            x = pit[key]
            v, lo, hi = x["verdict"], x["ci_low_pct"], x["ci_high_pct"]
            if v in ("improved", "regressed"):
                c.check(hi < -me if v == "improved" else lo > me,
                        f"{label}: per-iteration {key} {v} agrees with {lo} .. {hi}")
    fs = [t[0] if t[2] else 0.5 for t in truth.values()] + ([2.0] if added else [])
    ov = r["verdict"]
    if aa and slow_tail:
        # whole captures, the patch's last two iterations 3x slower (its
        # tear-down): the whole captures did take longer; never faster, and
        # a firm reading names the kernels' time, not time between them
        c.check(ov not in ("improved", "likely_improved", "mixed"), f"{label}: A/A, slower tear-down, read {ov}")
        if ov == "regressed":
            c.check("kernel time per capture" in r["reason"] and "between the GPU operations" not in r["reason"],
                    f"{label}: A/A, slower tear-down: the kernels' own time ({r['reason'][:160]})")
    elif aa:
        c.check(ov not in ("improved", "regressed", "mixed"), f"{label}: A/A pair read {ov}")
    if all(f <= 1.02 for f in fs) and any(f < 0.85 for f in fs):
        c.check("regressed" not in ov, f"{label}: every planted change an improvement, read {ov}")
    if all(f >= 0.98 for f in fs) and any(f > 1.15 for f in fs):
        c.check("improved" not in ov, f"{label}: every planted change a regression, read {ov}")
    matched = [k for k in r["kernels"] if k["verdict"] not in ("added", "removed")]
    q = launches[1] / launches[0]
    if not matched and not copies and not loops_alike and (q >= 2 or q <= 0.5):
        c.check(ov not in ("improved", "regressed", "mixed"),
                f"{label}: no kernel in common, launches x{q:.3g}, nothing to show the same work: read {ov}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for t in list(range(PAIRS)) + [e for e in EXTRA if e >= PAIRS]:
            aa, base, patch, truth, added, its, its2, common, tear, ncap = draw(t)
            A, B = [], []
            for j in range(ncap):
                a = os.path.join(tmp, f"a{j}.sqlite")
                b = os.path.join(tmp, f"b{j}.sqlite")
                nsq.gen(a, "--seed", 1000 * t + j, "--iterations", its, *common, *kargs(base))
                nsq.gen(b, "--seed", 1000 * t + 500 + j, "--iterations", its2, *common, *tear, *kargs(patch))
                A.append(a)
                B.append(b)
            sides = []
            for a in A:
                sides += ["--baseline", a]
            for b in B:
                sides += ["--patch", b]
            label = (f"seed {t} ({ncap} capture(s) a side; base {' '.join(base)} x{its}; patch "
                     f"{' '.join(patch)} x{its2}; {' '.join(common + tear)})")
            per_it = [sum(int(k.split(":")[3]) if k.count(":") == 3 else 1 for k in ks) for ks in (base, patch)]
            launches = (per_it[0] * its, per_it[1] * its2)
            copies = "--memcpy-per-iter" in common
            for opts in ([], ["--window", "all"]):
                d = nsq.run("diff", *sides, "--limit", "0", *opts)
                # loops run as often show the same work: the default window's
                # detections find as many iterations on both sides, and the
                # NVTX ranges (any window) are the same, each as often
                loops_alike = its == its2 and (not opts or "--no-nvtx" not in common)
                judge(label + (" --window all" if opts else ""), d, aa, truth, added, launches, copies,
                      loops_alike, slow_tail=bool(opts and tear))
    c.done()


if __name__ == "__main__":
    main()
