"""nsysql verify, against the stand-in nsys with planted workloads.

The profiled command is tests/stand-in-nsys/workload: the stand-in turns its arguments into an
export written by the generator, three kernels whose durations carry a planted effect
(--effect-pct), a clock level drawn per capture (NSYS_STANDIN_CLOCK_SD, 2 %) and per-instance
jitter (NSYS_STANDIN_JITTER_CV, 5 %), all drawn from NSYS_STANDIN_SEED and the run's number.
Each run appends "LABEL N" to $NSYS_STANDIN_STATE/order, which gives the order the captures
really ran in.

Checked: a planted +10 % is found (regressed, --fail-on regression exits 1) and a planted -10 %
is improved (exit 0 under --fail-on regression); a planted 0 % is unchanged or inconclusive in
at least 95 % of the seeds; the captures alternate A B B A A B, with increasing timestamps;
a failed capture is retried once and reported with its error document; a side left with one
good capture is inconclusive (exit 5), never judged; a workload mismatch (copies 8x larger) is
reported first, after one round; --baseline-dir/--patch-dir reuse the captures (nothing is run);
the out-dir may not be an input nor hold files; SIGINT flushes the capture in progress and
prints what was done.
"""
import concurrent.futures
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

STANDIN_DIR = os.path.join(nsq.SRC, "tests", "stand-in-nsys")
WORKLOAD = os.path.join(STANDIN_DIR, "workload")
ASAN = nsq.asan_build()
NULL_SEEDS = 8 if ASAN else 20

c = nsq.Checks()
tmp = tempfile.mkdtemp(prefix="nsq-verify-")
# the stand-in runs on this test's python, not through a version manager's shim (each capture
# starts it three times)
PYBIN = os.path.join(tmp, "bin")
os.makedirs(PYBIN)
os.symlink(sys.executable, os.path.join(PYBIN, "python3"))


def env_for(name, seed):
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([STANDIN_DIR, PYBIN, env.get("PATH", "/usr/bin:/bin")])
    env["NSYSQL_GEN"] = nsq.NSYSQL_GEN
    env["NSYSQL_CAPTURE_MIN_FREE_MB"] = "1"
    env["NSYS_STANDIN_FLUSH_S"] = "0"
    env["NSYS_STANDIN_SEED"] = str(seed)
    env["NSYS_STANDIN_STATE"] = os.path.join(tmp, name + ".state")
    for k in ("NSYS_STANDIN_MODE", "CUDA_VISIBLE_DEVICES", "NSYS_PATH", "CUDA_INJECTION64_PATH",
              "NSYS_STANDIN_CLOCK_SD", "NSYS_STANDIN_JITTER_CV"):
        env.pop(k, None)
    return env


def cmd(label, *args):
    return [WORKLOAD, "--label", label, *map(str, args)]


def verify(name, base, patch, *opts, seed=1, expect_rc=0, out=None):
    """Runs verify; returns (document, stderr, out-dir, the order the stand-in saw)."""
    out = out or os.path.join(tmp, name)
    argv = [nsq.NSYSQL, "verify", "--out-dir", out, *map(str, opts), "--"]
    argv += (base or []) + (["--patch", "--"] + patch if base is not None and patch else patch or [])
    p = subprocess.run(argv, capture_output=True, env=env_for(name, seed), timeout=600)
    doc = json.loads(p.stdout)
    err = p.stderr.decode("utf-8", "replace")
    c.check(p.returncode == expect_rc or (expect_rc is None and p.returncode in (0, 1)),
            f"{name}: exit {p.returncode}, expected {expect_rc}\n{p.stdout[:1200]!r}\n{err[-800:]}")
    nsq.validate(doc)
    if doc["ok"]:
        r = doc["result"]
        if r["diff"]:
            nsq.validate(r["diff"])
        for cap in r["captures"]:
            if cap["document"]:
                nsq.validate(cap["document"])
        with open(os.path.join(out, "verify.json")) as f:
            c.eq(json.load(f), doc, f"{name}: verify.json is the document printed")
    order_path = os.path.join(tmp, name + ".state", "order")
    order = []
    if os.path.exists(order_path):
        with open(order_path) as f:
            order = [ln.split()[0] for ln in f if ln.strip()]
    return doc, err, out, order


def attempts(doc):
    return [(x["side"], x["round"], x["attempt"], x["status"]) for x in doc["result"]["captures"]]


def tree_digest(path):
    h = hashlib.sha256()
    for root, dirs, files in sorted(os.walk(path)):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(root, f)
            h.update(p.encode())
            with open(p, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()


# ---- a planted +10 %: found, interleaved, gated ---------------------------------------------
doc, err, reg_out, order = verify("regress", cmd("A"), cmd("B", "--effect-pct", 10),
                                  "--fail-on", "regression", expect_rc=1)
r = doc["result"]
c.eq(r["verdict"], "regressed", "+10 %: verdict")
c.eq(r["gate"], {"fail_on": "regression", "failed": True}, "+10 %: gate")
c.eq(r["diff"]["result"]["verdict"], "regressed", "+10 %: the embedded diff's verdict")
c.eq([len(r["diff"]["result"]["captures"][s]) for s in ("baseline", "patch")], [3, 3],
     "+10 %: the final diff compares 3 captures per side")
c.eq(r["order"], ["baseline", "patch", "patch", "baseline", "baseline", "patch"],
     "+10 %: captures interleaved A B B A A B")
c.eq(order, ["A", "B", "B", "A", "A", "B"], "+10 %: the stand-in ran them in that order")
stamps = [x["started_at"] for x in r["captures"]]
c.check(stamps == sorted(stamps) and all(x["ended_at"] >= x["started_at"] for x in r["captures"]),
        f"+10 %: timestamps increase {stamps}")
c.eq([x["path"] for x in r["captures"]],
     [os.path.join(os.path.realpath(reg_out), n) for n in
      ("baseline-01", "patch-01", "patch-02", "baseline-02", "baseline-03", "patch-03")],
     "+10 %: one capture folder each")
c.eq(r["stopped"]["code"], "stable", "+10 %: stopped on a stable verdict (rounds 2 and 3)")
c.check(all(k["per_instance"]["noise"]["floor_source"] == "captures" and k["verdict"] == "regressed"
            for k in r["diff"]["result"]["kernels"]),
        "+10 %: every kernel regressed, judged against the noise measured between captures")
c.eq([(d["round"], d["baseline_captures"], d["patch_captures"]) for d in r["diffs"]],
     [(1, 1, 1), (2, 2, 2), (3, 3, 3)], "+10 %: the workload check, then a diff per round")
c.eq(r["commands"]["patch"], cmd("B", "--effect-pct", 10), "+10 %: the patch command echoed")
c.eq(doc["params"]["order"], "interleaved_abba", "params.order")

# a planted -10 %: improved, and --fail-on regression passes
doc, _, _, _ = verify("improve", cmd("A"), cmd("B", "--effect-pct", -10), "--fail-on", "regression",
                      seed=2, expect_rc=0)
c.eq(doc["result"]["verdict"], "improved", "-10 %: verdict")
c.eq(doc["result"]["gate"]["failed"], False, "-10 %: the regression gate passes")

# --repeat 5 stops early once the verdict is firm and the same two rounds running
doc, _, _, order = verify("early", cmd("A"), cmd("B", "--effect-pct", 10), "--repeat", 5, seed=3)
c.eq((doc["result"]["verdict"], doc["result"]["rounds"], doc["result"]["stopped"]["code"]),
     ("regressed", 3, "stable"), "--repeat 5: stops after round 3 (regressed twice running)")
c.eq(len(order), 6, "--repeat 5: 3 captures per side were made")


# ---- a planted 0 %: never a firm change -------------------------------------------------------
def null_run(seed):
    d, _, _, _ = verify(f"null-{seed}", cmd("A"), cmd("B"), "--fail-on", "regression", seed=100 + seed,
                        expect_rc=None)
    return d


with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    nulls = list(pool.map(null_run, range(NULL_SEEDS)))
verdicts = [d["result"]["verdict"] for d in nulls]
calm = sum(v in ("unchanged", "inconclusive") for v in verdicts)
print(f"planted 0 %: {NULL_SEEDS} seeds, verdicts {sorted(verdicts)}")
c.check(calm >= 0.95 * NULL_SEEDS, f"0 %: unchanged or inconclusive in >= 95 % of the seeds: {verdicts}")
c.check(not any(v in ("improved", "regressed") for v in verdicts), f"0 %: never improved/regressed: {verdicts}")
gates = [d["result"]["gate"]["failed"] for d in nulls]
c.check(sum(gates) <= 0.05 * NULL_SEEDS, f"0 %: --fail-on regression passes in >= 95 % of the seeds: {gates}")

for d in nulls:
    r = d["result"]
    firm = r["verdict"] in ("improved", "regressed", "mixed", "unchanged")
    c.eq((r["rounds"], r["stopped"]["code"] in (("stable", "repeat_reached") if firm else ("max_repeat",))),
         (3, True), f"0 %: 3 rounds, stopped as the verdict says ({r['verdict']}, {r['stopped']['code']})")

# --max-repeat: rounds are added while the verdict is not firm
doc, _, _, order = verify("extend", cmd("A"), cmd("B"), "--repeat", 2, "--max-repeat", 4, seed=11)
r = doc["result"]
if r["verdict"] in ("improved", "regressed", "mixed", "unchanged"):
    c.check(r["rounds"] <= 4 and r["stopped"]["code"] in ("stable", "repeat_reached"), f"extend: {r['stopped']}")
else:
    c.eq((r["rounds"], r["stopped"]["code"], len(order)), (4, "max_repeat", 8),
         f"extend: a {r['verdict']} verdict gets rounds up to --max-repeat")
c.eq(r["order"], ["baseline", "patch", "patch", "baseline"] * (r["rounds"] // 2), "extend: still A B B A")

# ---- a failed capture is retried once, then reported ----------------------------------------
doc, _, _, order = verify("retry-ok", cmd("A"), cmd("B", "--fail", 1), seed=4)
c.eq(attempts(doc)[:3], [("baseline", 1, 1, "ok"), ("patch", 1, 1, "failed"), ("patch", 1, 2, "ok")],
     "a failed first attempt is retried at once")
c.eq(order[:3], ["A", "B", "B"], "the retry ran right after the failed attempt")
failed = doc["result"]["captures"][1]
c.eq(failed["error"]["code"], "export_failed", "the failed attempt's error code")
c.eq((failed["document"]["schema"], failed["document"]["error"]["code"]), ("nsysql/error", "export_failed"),
     "the failed attempt's capture error document is embedded")
c.check(failed["path"].endswith("patch-01") and doc["result"]["captures"][2]["path"].endswith("patch-01-retry"),
        "the retry has a folder of its own")
c.eq(doc["result"]["good_captures"], {"baseline": 3, "patch": 3}, "retry-ok: 3 good captures per side")
c.check("capture_failed" in [w["code"] for w in doc["warnings"]], "a failed attempt is warned about")

doc, _, _, order = verify("retry-fail", cmd("A"), cmd("B", "--fail", "1,2"), seed=5)
c.eq(attempts(doc)[:3], [("baseline", 1, 1, "ok"), ("patch", 1, 1, "failed"), ("patch", 1, 2, "failed")],
     "retried once only")
c.eq(len(order), 7, "retry-fail: 3 + 4 capture runs (one retry)")
c.eq(doc["result"]["good_captures"], {"baseline": 3, "patch": 2}, "retry-fail: the patch side has 2 good")
c.check(doc["result"]["verdict"] not in ("inconclusive",) or "too few" not in doc["result"]["reason"],
        "retry-fail: two good captures per side are judged")
c.eq([len(doc["result"]["diff"]["result"]["captures"][s]) for s in ("baseline", "patch")], [3, 2],
     "retry-fail: the final diff leaves the failed round out")

# ---- one side with fewer than two good captures: inconclusive, never a verdict -----------------
doc, _, _, order = verify("short", cmd("A"), cmd("B", "--effect-pct", 30, "--fail", "2,3,4,5"),
                          "--fail-on", "regression", seed=6, expect_rc=5)
r = doc["result"]
c.eq(r["verdict"], "inconclusive", "one good patch capture: inconclusive")
c.check("patch side has 1" in r["reason"], f"the reason names the side and its count: {r['reason']}")
c.eq(r["stopped"]["code"], "captures_failing", "stopped: the patch side failed in two rounds")
c.eq(r["good_captures"], {"baseline": 3, "patch": 1}, "short: good captures")
c.eq(r["diff"], None, "short: no diff is embedded (none could be judged)")
c.eq(r["gate"]["failed"], True, "short: the gate fails under --fail-on (no verdict)")

doc, _, _, _ = verify("target-fails", cmd("A"), cmd("B", "--exit", 3), "--repeat", 2, seed=7, expect_rc=5)
c.eq(doc["result"]["captures"][1]["error"]["code"], "target_failed", "a command exiting 3 fails its capture")
c.eq(doc["result"]["verdict"], "inconclusive", "target-fails: inconclusive")

# ---- a different workload is reported first, after one round -----------------------------------
doc, err, _, order = verify("mismatch", cmd("A"), cmd("B", "--copy-bytes", 8 * 1048576),
                            "--fail-on", "regression", seed=8, expect_rc=1)
r = doc["result"]
c.eq((r["verdict"], r["stopped"]["code"], r["rounds"]), ("not_comparable", "workload_mismatch", 1),
     "8x larger copies: not comparable, stopped after round 1")
c.check(r["reason"].startswith("not the same workload"), f"mismatch: said first: {r['reason']}")
c.eq(order, ["A", "B"], "mismatch: no capture after the workload check")
c.eq(r["diff"]["result"]["workload"]["comparable"], False, "mismatch: the embedded diff's workload evidence")
c.check("not the same workload" in err, "mismatch: said on stderr too")

# ---- reuse: --baseline-dir / --patch-dir ------------------------------------------------------
doc, _, _, order = verify("reuse", None, [], "--baseline-dir", reg_out, "--patch-dir", reg_out,
                          "--fail-on", "change", expect_rc=1)
r = doc["result"]
c.eq(order, [], "reuse: nothing was run")
c.eq((r["verdict"], r["stopped"]["code"]), ("regressed", "reused"), "reuse: the verdict of the reused captures")
c.eq(sorted(os.path.basename(x["path"]) for x in r["captures"] if x["side"] == "patch"),
     ["patch-01", "patch-02", "patch-03"], "reuse: the patch-* folders of a verify out-dir")
c.check(all(x["status"] == "reused" for x in r["captures"]), "reuse: every capture is marked reused")

doc, _, _, order = verify("reuse-one", None, cmd("B", "--effect-pct", 10), "--baseline-dir", reg_out, seed=9)
r = doc["result"]
c.eq(order, ["B", "B", "B"], "one side reused: only the patch side runs")
c.eq((r["verdict"], r["commands"]["baseline"]), ("regressed", None), "one side reused: verdict")
c.check("not_interleaved" in [w["code"] for w in doc["warnings"]], "one side reused: warned")

one = os.path.join(tmp, "one-capture")
os.makedirs(one)
shutil.copytree(os.path.join(reg_out, "baseline-01"), os.path.join(one, "baseline-01"))
for name, bdir, code, rc in (("reuse-one-capture", one, "too_few_captures", 3),
                             ("reuse-missing", os.path.join(tmp, "nowhere"), "input_not_found", 3),
                             ("reuse-file", os.path.join(reg_out, "verify.json"), "bad_option_value", 2)):
    doc, _, _, order = verify(name, None, cmd("B"), "--baseline-dir", bdir, expect_rc=rc)
    c.eq((doc["error"]["code"], order), (code, []), f"{name}: refused before any capture")

# ---- the out-dir: never an input, never a folder with files ------------------------------------
before = tree_digest(reg_out)
for name, out, code in (("out-is-input", reg_out, "output_is_input"),
                        ("out-in-input", os.path.join(reg_out, "sub"), "output_is_input"),
                        ("out-holds-input", os.path.dirname(reg_out), "output_is_input")):
    doc, _, _, order = verify(name, None, cmd("B"), "--baseline-dir", reg_out, out=out, expect_rc=2)
    c.eq((doc["schema"], doc["error"]["code"]), ("nsysql/error", code), f"{name}: refused")
    c.eq(order, [], f"{name}: nothing was run")
full = os.path.join(tmp, "full")
os.makedirs(full)
with open(os.path.join(full, "keep.txt"), "w") as f:
    f.write("user file\n")
doc, _, _, _ = verify("out-full", cmd("A"), cmd("B"), out=full, expect_rc=2)
c.eq(doc["error"]["code"], "out_dir_not_empty", "an out-dir holding files is refused")
with open(os.path.join(full, "keep.txt")) as f:
    c.eq(f.read(), "user file\n", "the user's file is untouched")
c.eq(tree_digest(reg_out), before, "the reused folder is unchanged")

# ---- usage -------------------------------------------------------------------------------------
for name, args, code in (("no-patch", ["--", *cmd("A")], "missing_command"),
                         ("min-repeat", ["--min-repeat", "1", "--", *cmd("A"), "--patch", "--", *cmd("B")],
                          "bad_option_value"),
                         ("diff-args", ["--diff-args", "--baseline x", "--", *cmd("A"), "--patch", "--", *cmd("B")],
                          "bad_option_value"),
                         ("fail-on", ["--fail-on", "speed", "--", *cmd("A"), "--patch", "--", *cmd("B")],
                          "bad_option_value")):
    d = nsq.run("verify", "--out-dir", os.path.join(tmp, name), *args, expect_rc=2)
    c.eq(d["error"]["code"], code, f"usage {name}")

# ---- SIGINT: the capture in progress is flushed, the document of what was done printed ------------
out = os.path.join(tmp, "sigint")
argv = [nsq.NSYSQL, "verify", "--out-dir", out, "--", *cmd("A", "--sleep", 3), "--patch", "--", *cmd("B")]
p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env_for("sigint", 10))
start = os.path.join(out, "baseline-01", ".nsysql-target-status.start")
t0 = time.monotonic()
while not os.path.exists(start) and time.monotonic() - t0 < 60:
    time.sleep(0.05)
time.sleep(1.5)  # past verify's grace period for passing SIGINT on
p.send_signal(signal.SIGINT)
so, se = p.communicate(timeout=120)
doc = json.loads(so)
nsq.validate(doc)
r = doc["result"]
c.eq(p.returncode, 0, f"SIGINT: exit 0 ({se.decode()[-400:]})")
c.eq((r["stopped"]["code"], r["verdict"]), ("interrupted", "inconclusive"), "SIGINT: stopped, no verdict")
c.eq((attempts(doc), r["rounds"]), ([("baseline", 1, 1, "interrupted")], 1), "SIGINT: no capture after the interrupted one")
with open(os.path.join(out, "baseline-01", "capture.json")) as f:
    cj = json.load(f)
c.eq((cj["ok"], cj["result"]["stop_reason"]), (True, "interrupted"), "SIGINT: the capture was flushed and exported")
c.check(os.path.getsize(os.path.join(out, "baseline-01", "profile.sqlite")) > 0, "SIGINT: its export exists")

shutil.rmtree(tmp, ignore_errors=True)
c.done()
