"""Shared helpers for nsysql's Python tests.

run() invokes the nsysql binary, parses its stdout as one JSON document and
validates it against the schema the document names (schemas/<name>.v<N>.schema.json),
so every document the suite produces is schema-checked. Tests fail loudly
(AssertionError / non-zero exit); exit code 77 means skipped.
"""
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import sys

import jsonschema

NSYSQL = os.environ.get("NSYSQL", "nsysql")
NSYSQL_GEN = os.environ.get("NSYSQL_GEN", "nsysql-gen")
SRC = os.environ.get("NSYSQL_SRC", os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.environ.get("NSYSQL_FIXTURES", os.path.join(SRC, "..", "shared", "fixtures", "nsys"))
SCHEMAS = os.path.join(SRC, "schemas")

_schema_cache = {}
validated = {}  # schema id -> count of documents validated in this process


def schema_for(doc):
    sid = doc.get("schema")
    ver = doc.get("schema_version")
    assert isinstance(sid, str) and sid.startswith("nsysql/"), f"document has no schema id: {doc!r:.200}"
    name = sid.split("/", 1)[1]
    path = os.path.join(SCHEMAS, f"{name}.v{ver}.schema.json")
    assert os.path.exists(path), f"no schema file for {sid} v{ver}: {path}"
    if path not in _schema_cache:
        with open(path) as f:
            _schema_cache[path] = json.load(f)
    return _schema_cache[path]


_validators = {}  # id(schema) -> a validator of that schema, checked once

LONG_LIST = 4096  # lists longer than this are validated on a sample of their items


def _sampled(x):
    """x with every list longer than LONG_LIST cut to a sample: its first and last
    1,024 items and every 61st between. Python's jsonschema takes about a second
    per 10,000 rows; the documents of 100,000 rows (the list caps, the bulk-name
    tests) are otherwise the suite's slowest part. No schema here bounds a long
    list's length (maxItems is at most 5), so the sample keeps every verdict a
    length could give; an item's own errors are caught where it is sampled."""
    if isinstance(x, dict):
        return {k: _sampled(v) for k, v in x.items()}
    if isinstance(x, list):
        if len(x) > LONG_LIST:
            x = x[:1024] + x[1024:-1024:61] + x[-1024:]
        return [_sampled(v) for v in x]
    return x


def validate(doc):
    schema = schema_for(doc)
    v = _validators.get(id(schema))
    if v is None:
        jsonschema.Draft202012Validator.check_schema(schema)
        v = _validators[id(schema)] = jsonschema.Draft202012Validator(schema)
    v.validate(_sampled(doc))
    validated[doc["schema"]] = validated.get(doc["schema"], 0) + 1


def run(*args, expect_rc=0, env=None, stdin=None, raw=False):
    """Runs nsysql with args. Returns the parsed (and schema-validated) document,
    or (rc, stdout, stderr) when raw=True."""
    e = dict(os.environ)
    if env:
        e.update(env)
    p = subprocess.run([NSYSQL, *map(str, args)], capture_output=True, env=e, input=stdin, timeout=600)
    out = p.stdout.decode("utf-8", "strict")
    err = p.stderr.decode("utf-8", "replace")
    if raw:
        return p.returncode, out, err
    assert expect_rc is None or p.returncode == expect_rc, (
        f"nsysql {' '.join(map(str, args))}: exit {p.returncode}, expected {expect_rc}\nstdout: {out[:2000]}\nstderr: {err[:2000]}")
    doc = json.loads(out)
    validate(doc)
    if p.returncode != 0:
        assert doc["ok"] is False and doc["error"]["exit_code"] == p.returncode, doc
        assert doc["error"]["message"] in err, "error message must also go to stderr"
    return doc


def fixtures():
    """Paths of the shared real exports; exits 77 (skip) when absent."""
    if not os.path.isdir(FIXTURES):
        print(f"SKIP: fixture folder {FIXTURES} is absent")
        sys.exit(77)
    return sorted(os.path.join(FIXTURES, f) for f in os.listdir(FIXTURES) if f.endswith(".sqlite"))


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for b in iter(lambda: f.read(1 << 20), b""):
            h.update(b)
    return h.hexdigest()


def raw_db(path):
    """Independent read-only connection for reference SQL."""
    return sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)


def edited_copy(src, dst, sql):
    """dst: a copy of src with one SQL statement applied."""
    shutil.copyfile(src, dst)
    db = sqlite3.connect(dst)
    db.execute(sql)
    db.commit()
    db.close()


def gen(out, *args):
    """Runs the synthetic export generator; returns its summary JSON."""
    p = subprocess.run([NSYSQL_GEN, "--out", str(out), *map(str, args)], capture_output=True, timeout=600)
    assert p.returncode == 0, f"nsysql-gen failed: {p.stderr.decode()}"
    return json.loads(p.stdout)


class Checks:
    """Collects failures so one run reports all of them."""

    def __init__(self):
        self.failures = []
        self.count = 0

    def check(self, cond, msg):
        self.count += 1
        if not cond:
            self.failures.append(msg)
            print("FAIL:", msg)

    def eq(self, got, want, msg):
        self.check(got == want, f"{msg}: got {got!r}, want {want!r}")

    def done(self):
        print(f"{self.count - len(self.failures)}/{self.count} checks passed; schemas validated: {validated}")
        sys.exit(1 if self.failures else 0)


def diff_invariant(c, label, doc):
    """diff: one interval decides: a firm verdict's interval lies wholly beyond
    +-min_effect on its side, likely_* never contradicts its interval's
    sign, unchanged lies wholly inside the band (the per-iteration interval
    for a kernel launched another number of times per iteration)."""
    me = doc["params"]["min_effect_pct"]
    for k in doc["result"]["kernels"]:
        pi, v = k["per_instance"], k["verdict"]
        lo, hi = (pi["ci_low_pct"], pi["ci_high_pct"]) if pi else (None, None)
        rl = k.get("relaunched")
        if rl:  # launched another number of times per iteration: per iteration decides
            it = rl["per_iteration"]
            lo, hi = it["ci_low_pct"], it["ci_high_pct"]
            pi = {"method": "per_iteration"}
        if v in ("improved", "regressed"):
            ok = lo is not None and (hi < -me if v == "improved" else lo > me)
        elif v in ("likely_improved", "likely_regressed"):
            ok = lo is None or (hi < 0 if v == "likely_improved" else lo > 0)
        elif v == "unchanged":
            ok = pi["method"] == "identical" or (lo is not None and -me < lo and hi < me)
        else:
            ok = True
        c.check(ok, f"{label}: {k['name'][:40]} verdict {v} agrees with its interval {lo} .. {hi}")


def py_venv(*packages):
    """A venv with these PyPI packages (installed once, under a lock: tests run
    in parallel), in build-py-venv/ beside the build folders so that the normal
    and the sanitizer builds share one install (in the build folder when the
    source tree is not writable). Returns (python, None), or (None, why) when
    they cannot be installed (offline): the caller skips that part."""
    import fcntl
    base = os.path.join(SRC, "build-py-venv")
    try:
        os.makedirs(base, exist_ok=True)
    except OSError:
        base = os.environ.get("NSYSQL_BUILD") or tempfile.gettempdir()
    venv = os.path.join(base, "py-venv")
    py = os.path.join(venv, "bin", "python")
    with open(os.path.join(base, "py-venv.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not os.path.exists(py):
                subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True, timeout=300)
            missing = [p for p in packages
                       if subprocess.run([py, "-m", "pip", "show", "-q", p], capture_output=True).returncode]
            if missing:
                subprocess.run([py, "-m", "pip", "install", "-q", *missing], check=True, capture_output=True,
                               timeout=900)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as e:
            err = getattr(e, "stderr", b"") or b""
            return None, f"{e}: {err.decode(errors='replace')[-300:]}"
    return py, None


def asan_build():
    """Is the nsysql under test the AddressSanitizer build (CMakeCache of NSYSQL_BUILD)?"""
    cache = os.path.join(os.environ.get("NSYSQL_BUILD", ""), "CMakeCache.txt")
    try:
        with open(cache) as f:
            return any(line.startswith("NSYSQL_SANITIZE:BOOL=ON") for line in f)
    except OSError:
        return False
