"""nsysql capture, nsys backend, against the stand-in nsys in tests/stand-in-nsys/.

The stand-in follows nsys's command-line contract (--version; profile running the
target and writing DIR/profile.nsys-rep, stopping on SIGINT after a flush delay;
export copying a real fixture export) and misbehaves on request
(NSYS_STANDIN_MODE). Every lifecycle path and failure mode of the backend is
exercised here, with the waits scaled down by NSYSQL_CAPTURE_TIME_SCALE.
"""
import concurrent.futures
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
FIXTURE = os.path.join(nsq.FIXTURES, "pipit-cloverleaf-cuda-2024.5.sqlite")
SCALE = 0.05  # 30 s slack -> 1.5 s, 60 s flush -> 3 s, 90 s retry -> 4.5 s, export 1800 s -> 90 s

c = nsq.Checks()
tmp = tempfile.mkdtemp(prefix="nsq-capture-nsys-")


def base_env(**extra):
    env = dict(os.environ)
    env["PATH"] = STANDIN_DIR + os.pathsep + env.get("PATH", "/usr/bin:/bin")
    env["NSYSQL_CAPTURE_TIME_SCALE"] = str(SCALE)
    env["NSYSQL_FIXTURES"] = nsq.FIXTURES
    env["NSYS_STANDIN_FIXTURE"] = FIXTURE
    env["NSYSQL_CAPTURE_MIN_FREE_MB"] = "1"
    for k in ("NSYS_STANDIN_MODE", "CUDA_VISIBLE_DEVICES", "NSYS_PATH", "CUDA_INJECTION64_PATH"):
        env.pop(k, None)
    env.update({k: str(v) for k, v in extra.items()})
    return env


def capture(name, args, cmd, env=None, expect_rc=0):
    """Runs nsysql capture into a fresh directory; returns (doc, capture.json or None, stderr, elapsed, dir)."""
    d = os.path.join(tmp, name)
    t = time.monotonic()
    p = subprocess.run([nsq.NSYSQL, "capture", "--out-dir", d, *args, "--", *cmd],
                       capture_output=True, env=env or base_env(), timeout=300)
    elapsed = time.monotonic() - t
    out, err = p.stdout.decode(), p.stderr.decode("utf-8", "replace")
    ok = p.returncode == expect_rc
    c.check(ok, f"{name}: exit {p.returncode}, expected {expect_rc}\nstdout: {out[:1500]}\nstderr: {err[:1500]}")
    doc = json.loads(out)
    nsq.validate(doc)
    if p.returncode != 0:
        c.check(doc["schema"] == "nsysql/error" and doc["error"]["exit_code"] == p.returncode,
                f"{name}: error document with exit_code {p.returncode}: {doc}")
        c.check(doc["error"]["message"] in err, f"{name}: the error message also goes to stderr")
    cj = None
    path = os.path.join(d, "capture.json")
    if os.path.exists(path):
        with open(path) as f:
            cj = json.load(f)
        nsq.validate(cj)
    return doc, cj, err, elapsed, d


def codes(doc):
    return [w["code"] for w in doc.get("warnings", [])]


def standin_log(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def no_process_with(arg):
    """True when no process has `arg` in its command line (a target that must not outlive the capture)."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if arg.encode() in f.read().split(b"\0"):
                    with open(f"/proc/{pid}/stat") as s:
                        if s.read().split(") ", 1)[1].startswith("Z"):
                            continue  # a zombie waiting for its reaper is gone already
                    return False
        except OSError:
            pass
    return True


def expect_failure(name, mode, code, cmd=("true",), extra_env=None, args=()):
    env = base_env(NSYS_STANDIN_MODE=mode, **(extra_env or {}))
    doc, cj, err, elapsed, d = capture(name, list(args), list(cmd), env=env, expect_rc=5)
    c.eq(doc["error"]["code"], code, f"{name}: error code")
    c.check(cj is not None and cj["ok"] is False, f"{name}: capture.json written with ok:false")
    if cj:
        c.eq(cj["error"]["code"], code, f"{name}: capture.json error code")
        c.check(len(cj["profiler_stderr_tail"]) <= 1024, f"{name}: stderr tail at most 1 KiB")
        c.check("capture.json" in doc["error"].get("hint", ""), f"{name}: hint points at capture.json")
    return doc, cj, err, elapsed, d


RETRY_S = 90 * SCALE
FLUSH_S = 60 * SCALE


def case_normal():
    """the normal path: defaults, --gpu-id over an existing CUDA_VISIBLE_DEVICES, --extra-nsys"""
    log = os.path.join(tmp, "standin.log")
    env = base_env(CUDA_VISIBLE_DEVICES="3", NSYS_STANDIN_LOG=log)
    doc, cj, err, elapsed, d = capture(
        "normal", ["--gpu-id", "1", "--extra-nsys", "--stats=false --cuda-graph-trace 'node'",
                   "--extra-nsys", "--env-var \"A=b c\""],
        ["sh", "-c", "echo to-stdout; echo to-stderr >&2; sleep 0.3"], env=env)
    r = doc["result"]
    c.eq(doc["ok"], True, "normal: ok")
    c.eq(r["backend"], "nsys", "normal: auto picks nsys from PATH")
    c.eq(r["profiler"]["binary"], os.path.realpath(os.path.join(STANDIN_DIR, "nsys")), "normal: profiler binary")
    c.eq(r["profiler"]["version"], "2024.5.1.113-standin", "normal: version word from nsys --version")
    c.eq(r["gpu_id"], 1, "normal: gpu_id")
    c.eq(r["target_exit_code"], 0, "normal: exit code")
    c.eq(r["target_signal"], None, "normal: no signal")
    c.eq(r["stop_reason"], "target_exited", "normal: stop reason")
    # the duration is the wrapper's status files' mtimes apart (the kernel's coarse
    # clock: at most a tick, 10 ms at HZ=100, short), however late a poll saw them
    c.check(0.29 <= r["target_duration_s"] < 30, f"normal: duration covers the 0.3 s sleep: {r['target_duration_s']}")
    c.check("cuda_visible_devices_overridden" in codes(doc), f"normal: CUDA_VISIBLE_DEVICES override warned: {codes(doc)}")
    c.eq(cj, doc, "normal: capture.json is the document printed on stdout")
    files = r["files"]
    c.eq(files["report"], os.path.join(os.path.realpath(d), "profile.nsys-rep"), "normal: report path")
    c.eq(files["report_size_bytes"], os.path.getsize(files["report"]), "normal: report size")
    c.eq(files["sqlite"], os.path.join(os.path.realpath(d), "profile.sqlite"), "normal: sqlite path")
    c.eq(files["sqlite_size_bytes"], os.path.getsize(FIXTURE), "normal: sqlite size")
    c.eq(nsq.sha256(files["sqlite"]), nsq.sha256(FIXTURE), "normal: the export is the stand-in's copy of the fixture")
    with open(files["profiler_stdout"]) as f:
        c.check("to-stdout" in f.read(), "normal: target stdout lands in profiler.stdout.log")
    with open(files["profiler_stderr"]) as f:
        c.check("to-stderr" in f.read(), "normal: target stderr lands in profiler.stderr.log")
    calls = standin_log(log)
    prof = [x for x in calls if x["argv"][:1] == ["profile"]]
    exp = [x for x in calls if x["argv"][:1] == ["export"]]
    c.eq(len(prof), 1, "normal: one nsys profile call")
    c.eq(len(exp), 1, "normal: one nsys export call")
    c.check(any(x["argv"] == ["--version"] for x in calls), "normal: nsys --version was asked")
    if prof:
        a = prof[0]["argv"]
        want = ["profile", "-t", "cuda,nvtx,osrt", "-s", "none", "--cpuctxsw=none",
                "--cuda-memory-usage=true", "--force-overwrite=true", "-o", os.path.join(os.path.realpath(d), "profile"),
                "--stats=false", "--cuda-graph-trace", "node", "--env-var", "A=b c", "/bin/sh", "-c"]
        c.eq(a[:len(want)], want, "normal: nsys profile command line (defaults, then --extra-nsys split like a shell)")
        c.eq(prof[0]["env"]["CUDA_VISIBLE_DEVICES"], "1", "normal: CUDA_VISIBLE_DEVICES from --gpu-id wins")
        c.eq(r["profiler"]["command"][1:], a, "normal: profiler.command is what ran")
    if exp:
        c.eq(exp[0]["argv"], ["export", "--type", "sqlite", "--force-overwrite", "true", "-o", files["sqlite"], files["report"]],
             "normal: nsys export command line")
    p = subprocess.run([nsq.NSYSQL, "info", d], capture_output=True)
    c.eq(p.returncode, 0, "normal: nsysql info reads the capture directory")
    if p.returncode == 0:
        info = json.loads(p.stdout)
        nsq.validate(info)
        with nsq.raw_db(FIXTURE) as db:
            want_ver = db.execute("SELECT value FROM META_DATA_EXPORT WHERE name='EXPORT_PRODUCT_VERSION'").fetchone()[0]
        c.eq(info["input"]["nsys_version"], want_ver, "normal: info sees the exported file")


def case_quoting():
    """the target's words pass through unchanged; one argument is a shell command line"""
    doc, cj, err, elapsed, d = capture("quoting", [], ["printf", "%s|", "a b", "c'd", "$HOME", "*"])
    with open(doc["result"]["files"]["profiler_stdout"]) as f:
        c.check("a b|c'd|$HOME|*|" in f.read(), "quoting: several arguments reach the target verbatim")
    doc, cj, err, elapsed, d = capture("cmdline", [], ["echo one && echo two # a comment"])
    with open(doc["result"]["files"]["profiler_stdout"]) as f:
        t = f.read()
    c.check("one" in t and "two" in t, "cmdline: a single argument runs as a shell command line")
    c.eq(doc["result"]["target_exit_code"], 0, "cmdline: a trailing comment does not eat the status line")
    c.eq(doc["result"]["target_cmd"], "echo one && echo two # a comment", "cmdline: target_cmd")


def case_target_fails():
    """a failing and a crashing target are still flushed and exported (ok, warning, exit code)"""
    doc, cj, err, elapsed, d = capture("target-exit3", [], ["sh", "-c", "exit 3"])
    c.eq(doc["result"]["target_exit_code"], 3, "target-exit3: exit code recorded")
    c.check("target_failed" in codes(doc), "target-exit3: warning")
    c.check(os.path.getsize(doc["result"]["files"]["sqlite"]) > 0, "target-exit3: exported")
    doc, cj, err, elapsed, d = capture("target-crash", [], ["sh", "-c", "kill -SEGV $$"])
    r = doc["result"]
    c.eq(doc["ok"], True, "target-crash: ok")
    c.eq(r["target_exit_code"], 128 + signal.SIGSEGV, "target-crash: exit code 128+SIGSEGV")
    c.eq(r["target_signal"], int(signal.SIGSEGV), "target-crash: signal")
    c.check("target_crashed" in codes(doc), f"target-crash: warning: {codes(doc)}")
    c.eq(r["files"]["sqlite_size_bytes"], os.path.getsize(FIXTURE), "target-crash: exported")


def case_time_limit():
    """a target that runs past --duration-s + 30 s: SIGINT to nsys, flush, export"""
    doc, cj, err, elapsed, d = capture("time-limit", ["--duration-s", "1"], ["sleep", "617.25"])
    r = doc["result"]
    c.eq(r["stop_reason"], "time_limit", "time-limit: stop reason")
    c.check("target_time_limit" in codes(doc), "time-limit: warning")
    c.eq(r["target_exit_code"], None, "time-limit: the stopped target reported no status")
    c.check(1 + 30 * SCALE <= elapsed, f"time-limit: stopped after duration + slack: {elapsed:.2f} s")
    c.check(r["files"]["sqlite_size_bytes"] > 0 and r["files"]["report_size_bytes"] >= 4096, "time-limit: flushed and exported")
    c.check(no_process_with("617.25"), "time-limit: the target does not outlive the capture")
    with open(os.path.join(d, "profiler.stderr.log")) as f:
        c.check("SIGINT received" in f.read(), "time-limit: nsys got SIGINT")


def case_interrupted():
    """nsysql itself interrupted: the profiler is still stopped, flushed and exported"""
    d = os.path.join(tmp, "interrupted")
    proc = subprocess.Popen([nsq.NSYSQL, "capture", "--out-dir", d, "--", "sleep", "617.5"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=base_env())
    for _ in range(1500):
        if os.path.exists(os.path.join(d, ".nsysql-target-status.start")):
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    c.eq(proc.returncode, 0, "interrupted: exit 0")
    doc = json.loads(out)
    nsq.validate(doc)
    c.eq(doc["result"]["stop_reason"], "interrupted", "interrupted: stop reason")
    c.check("capture_interrupted" in codes(doc), "interrupted: warning")
    c.check(doc["result"]["files"]["sqlite_size_bytes"] > 0, "interrupted: exported")
    c.check(no_process_with("617.5"), "interrupted: the target does not outlive the capture")


def case_nsys_hang():
    """nsys hangs and writes nothing: SIGINT, 90 s more, killed, fail"""
    doc, cj, err, elapsed, d = expect_failure("nsys-hang", "hang", "profiler_hung")
    c.check(FLUSH_S + RETRY_S <= elapsed, f"nsys-hang: waited the flush and retry: {elapsed:.2f} s")
    if cj:
        c.check("hanging" in cj["profiler_stderr_tail"], "nsys-hang: the tail of nsys's stderr is kept")
        c.eq(cj["result"]["files"]["report"], None, "nsys-hang: no report")
    c.check(no_process_with(os.path.join(tmp, "nsys-hang", "profile")), "nsys-hang: the hung nsys was killed")


def case_hang_after_report():
    """nsys writes the report but never exits: killed, ok with a warning"""
    doc, cj, err, elapsed, d = capture("nsys-hang-after-report", [], ["true"],
                                       env=base_env(NSYS_STANDIN_MODE="hang_after_report"))
    c.check("profiler_killed" in codes(doc), f"nsys-hang-after-report: warning: {codes(doc)}")
    c.check(doc["result"]["files"]["sqlite_size_bytes"] > 0, "nsys-hang-after-report: exported")


def case_bad_reports():
    """missing / 0-byte / tiny reports: one more wait of 90 s, then fail"""
    doc, cj, err, elapsed, d = expect_failure("no-report", "no_report", "report_missing")
    c.check(RETRY_S <= elapsed, f"no-report: waited the 90 s (scaled) once more: {elapsed:.2f} s")
    doc, cj, err, elapsed, d = expect_failure("empty-report", "empty_report", "report_empty")
    if cj:
        c.eq(cj["result"]["files"]["report_size_bytes"], 0, "empty-report: size 0 recorded")
    doc, cj, err, elapsed, d = expect_failure("tiny-report", "tiny_report", "report_too_small")
    if cj:
        c.eq(cj["result"]["files"]["report_size_bytes"], 100, "tiny-report: size recorded")
    # a report that appears within the second wait is used
    doc, cj, err, elapsed, d = capture("late-report", [], ["true"],
                                       env=base_env(NSYS_STANDIN_MODE="late_report", NSYS_STANDIN_LATE_S=str(RETRY_S / 3)))
    c.eq(doc["ok"], True, "late-report: the second look finds the report")
    c.check(doc["result"]["files"]["sqlite_size_bytes"] > 0, "late-report: exported")


def case_nsys_crash():
    """nsys crashes: fail, no orphaned target"""
    doc, cj, err, elapsed, d = expect_failure("nsys-crash", "crash", "profiler_crashed", cmd=("sleep", "617.75"))
    c.check(no_process_with("617.75"), "nsys-crash: the target does not outlive nsys")
    if cj:
        c.check("crashing" in cj["profiler_stderr_tail"], "nsys-crash: stderr tail kept")


def case_export_failures():
    """export failures keep the report and fail loudly"""
    doc, cj, err, elapsed, d = expect_failure("export-fail", "export_fail", "export_failed")
    rep = os.path.join(d, "profile.nsys-rep")
    c.check(os.path.getsize(rep) >= 4096, "export-fail: the report is kept")
    c.check(rep in doc["error"]["message"], "export-fail: the message names the kept report")
    if cj:
        c.check("simulated exporter error" in cj["profiler_stderr_tail"], "export-fail: exporter stderr in the tail")
        c.eq(cj["result"]["files"]["report"], rep, "export-fail: capture.json names the report")
    c.check("simulated exporter error" in doc["error"].get("hint", ""), "export-fail: exporter stderr in the hint")
    doc, cj, err, elapsed, d = expect_failure("export-garbage", "export_garbage", "export_invalid")
    c.check(os.path.exists(os.path.join(d, "profile.nsys-rep")), "export-garbage: report kept")
    doc, cj, err, elapsed, d = expect_failure("export-hang", "export_hang", "export_timeout",
                                              extra_env={"NSYSQL_CAPTURE_TIME_SCALE": "0.004"})
    c.check(1800 * 0.004 <= elapsed, f"export-hang: waited the export limit (1800 s scaled): {elapsed:.2f} s")


def case_startup_failures():
    """nsys that cannot start the capture"""
    expect_failure("version-fail", "version_fail", "profiler_unusable")
    # (unscaled waits here: failing at once must not be confused with a short retry)
    doc, cj, err, elapsed, d = expect_failure("reject", "reject", "profiler_failed",
                                              extra_env={"NSYSQL_CAPTURE_TIME_SCALE": "1"})
    # the retry waits 90 s (unscaled): a run shorter than that made none (a logical bound, not a speed one)
    c.check(elapsed < 90, f"reject: fails at once when the target never started (no 90 s retry): {elapsed:.2f} s")
    doc, cj, err, elapsed, d = expect_failure("bad-extra", "", "profiler_failed", args=("--extra-nsys", "--no-such-option=1"))
    if cj:
        c.check("unrecognised option" in cj["profiler_stderr_tail"], "bad-extra: nsys's complaint is in the tail")


def case_stale_report():
    """a stale report from an earlier capture in the same directory is never reused"""
    capture("stale", [], ["true"])
    doc, cj, err, elapsed, d = capture("stale", [], ["true"], env=base_env(NSYS_STANDIN_MODE="no_report"), expect_rc=5)
    c.eq(doc["error"]["code"], "report_missing", "stale: the old report does not count")


def case_preflight():
    """preflight: free disk, another profiler running"""
    env = base_env(NSYSQL_CAPTURE_MIN_FREE_MB=str(10 ** 12))
    doc, cj, err, elapsed, d = capture("low-disk", [], ["true"], env=env, expect_rc=5)
    c.eq(doc["error"]["code"], "low_disk_space", "low-disk: refused before running")
    c.check(not os.path.exists(os.path.join(d, "profile.nsys-rep")), "low-disk: nothing ran")
    other = subprocess.Popen([os.path.join(STANDIN_DIR, "nsys"), "profile", "-o", os.path.join(tmp, "other"), "sleep", "30"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=base_env(), start_new_session=True)
    try:
        time.sleep(0.3)
        doc, cj, err, elapsed, d = capture("other-profiler", [], ["true"])
        msgs = [w["message"] for w in doc["warnings"] if w["code"] == "profiler_already_running"]
        c.check(msgs and f"pid {other.pid}" in msgs[0], f"other-profiler: warned with the pid: {doc['warnings']}")
    finally:
        os.killpg(other.pid, signal.SIGKILL)
        other.wait()


def case_finding_nsys():
    """finding nsys: PATH first, then NSYS_PATH (a directory or the binary); none: exit 5"""
    plain_path = "/usr/local/bin:/usr/bin:/bin"
    if shutil.which("nsys", path=plain_path) is None:
        for name, val in (("nsys-path-dir", STANDIN_DIR), ("nsys-path-file", os.path.join(STANDIN_DIR, "nsys"))):
            doc, cj, err, elapsed, d = capture(name, ["--backend", "nsys"], ["true"], env=base_env(PATH=plain_path, NSYS_PATH=val))
            c.eq(doc["result"]["profiler"]["binary"], os.path.realpath(os.path.join(STANDIN_DIR, "nsys")), f"{name}: found through NSYS_PATH")
        doc, cj, err, elapsed, d = capture("no-nsys", ["--backend", "nsys"], ["true"], env=base_env(PATH=plain_path), expect_rc=5)
        c.eq(doc["error"]["code"], "profiler_not_found", "no-nsys: error code")
        c.check(cj is None, "no-nsys: nothing written before a profiler was found")


def case_usage():
    """usage errors: exit 2"""
    for name, args, cmd, code in (("no-command", [], [], "missing_command"),
                                  ("bad-backend", ["--backend", "perf"], ["true"], "bad_option_value"),
                                  ("bad-quote", ["--extra-nsys", "--x 'unterminated"], ["true"], "bad_option_value"),
                                  ("bad-duration", ["--duration-s", "-1"], ["true"], "bad_option_value"),
                                  ("bad-gpu", ["--gpu-id", "-1"], ["true"], "bad_option_value"),
                                  ("bad-trace", ["--trace", "cuda;rm"], ["true"], "bad_option_value")):
        doc, cj, err, elapsed, d = capture(name, args, cmd, expect_rc=2)
        c.eq(doc["error"]["code"], code, f"{name}: usage error code")


def main():
    nsq.fixtures()  # skips when the shared fixtures are absent
    if not os.path.isfile(FIXTURE):
        print(f"SKIP: {FIXTURE} is absent")
        sys.exit(77)
    # the cases are independent (own directories, own target arguments) and mostly
    # wait on scaled timeouts, so they run side by side
    # (the preflight case first, alone: it looks for other nsys processes)
    case_preflight()
    cases = [case_normal, case_quoting, case_target_fails, case_time_limit, case_interrupted,
             case_nsys_hang, case_hang_after_report, case_bad_reports, case_nsys_crash,
             case_export_failures, case_startup_failures, case_stale_report, case_finding_nsys,
             case_usage]
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(cases)) as pool:
        for f in [pool.submit(fn) for fn in cases]:
            f.result()
    c.check(nsq.validated.get("nsysql/capture", 0) >= 20, f"capture documents validated: {nsq.validated}")
    c.done()

if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
