#!/usr/bin/env python3
"""The answer cache (include/nsysql/util/cache.h): a repeat call on unchanged inputs
prints the stored answer, byte for byte; anything the answer depends on that
changes makes it compute again; the folder stays under its bound; and it can
never print another file's answer.

Every other test runs with NSYSQL_CACHE=0; this one turns it on, in its own
folder, with NSYSQL_CACHE_TRACE=1 so stderr says miss / hit / stored.
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402


class Runner:
    def __init__(self, cache_dir, exe=None):
        self.env = dict(os.environ)
        self.env.update(NSYSQL_CACHE="1", NSYSQL_CACHE_DIR=cache_dir, NSYSQL_CACHE_TRACE="1")
        self.exe = exe or nsq.NSYSQL

    def __call__(self, *args, env=None):
        e = dict(self.env)
        if env:
            e.update(env)
        p = subprocess.run([self.exe, *map(str, args)], capture_output=True, env=e, timeout=300)
        err = p.stderr.decode("utf-8", "replace")
        state = ("hit" if "cache hit" in err else "stored" if "cache stored" in err
                 else "miss" if "cache miss" in err else "none")
        return p.returncode, p.stdout, state


def folder_bytes(d):
    return sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d) if f.endswith(".answer"))


def main():
    c = nsq.Checks()
    with tempfile.TemporaryDirectory() as td:
        cdir = os.path.join(td, "cache")
        run = Runner(cdir)
        a = os.path.join(td, "a.sqlite")
        b = os.path.join(td, "b.sqlite")
        nsq.gen(a, "--kernels", 3000, "--seed", 1)
        nsq.gen(b, "--kernels", 3000, "--seed", 2, "--kernel", "gemm:40000:0.05",
                "--kernel", "relu:3000:0.05")
        sha_a = nsq.sha256(a)

        # every cached command: computed once, then the same bytes from the cache
        for args in (["info", a], ["top-kernels", a], ["idle-gaps", a], ["steady-state", a],
                     ["diff", a, b], ["top-kernels", "--format", "csv", a], ["info", "--pretty", a]):
            rc1, out1, s1 = run(*args)
            rc2, out2, s2 = run(*args)
            what = " ".join(os.path.basename(x) for x in args)
            c.eq((rc1, s1), (0, "stored"), f"{what}: first call computes and stores")
            c.eq((rc2, s2), (0, "hit"), f"{what}: second call is a hit")
            c.check(out1 == out2 and len(out1) > 0, f"{what}: the hit prints the same bytes")
            rc3, out3, s3 = run(*args[:1], "--no-cache", *args[1:])
            c.eq(s3, "none", f"{what} --no-cache: the cache is not consulted")
            nocache = subprocess.run([nsq.NSYSQL, *args], capture_output=True,
                                     env={**os.environ, "NSYSQL_CACHE": "0"}).stdout
            c.check(out3 == out1 == nocache, f"{what}: --no-cache and NSYSQL_CACHE=0 give the same answer")

        # diff's exit code is part of the answer (--fail-on)
        rc1, out1, _ = run("diff", a, b, "--fail-on", "change")
        rc2, out2, s2 = run("diff", a, b, "--fail-on", "change")
        c.eq((rc2, s2, out2), (rc1, "hit", out1), "diff --fail-on: the same exit code from the cache")

        # the export replaced by another file at the same path: never its answer
        _, ans_a, _ = run("top-kernels", a)
        shutil.copyfile(a, os.path.join(td, "a.orig"))
        tmp = os.path.join(td, "b.tmp")
        shutil.copyfile(b, tmp)
        os.replace(tmp, a)
        _, ans, s = run("top-kernels", a)
        want = subprocess.run([nsq.NSYSQL, "top-kernels", a], capture_output=True,
                              env={**os.environ, "NSYSQL_CACHE": "0"}).stdout
        c.eq(s, "stored", "another file at the same path: computed again")
        c.check(ans == want and ans != ans_a, "another file at the same path: its own answer")

        # rewritten in place (same inode), with its mtime put back: still a miss
        shutil.copyfile(os.path.join(td, "a.orig"), a)
        _, ans1, _ = run("top-kernels", a)
        st = os.stat(a)
        with open(b, "rb") as f:
            other = f.read()
        with open(a, "r+b") as f:
            f.seek(0)
            f.write(other)
            f.truncate()
        os.utime(a, ns=(st.st_atime_ns, st.st_mtime_ns))
        c.eq(os.stat(a).st_ino, st.st_ino, "rewritten in place: same inode")
        _, ans2, s = run("top-kernels", a)
        want = subprocess.run([nsq.NSYSQL, "top-kernels", a], capture_output=True,
                              env={**os.environ, "NSYSQL_CACHE": "0"}).stdout
        c.eq(s, "stored", "rewritten in place with the old mtime: computed again")
        c.check(ans2 == want and ans2 != ans1, "rewritten in place: the new content's answer")
        shutil.copyfile(os.path.join(td, "a.orig"), a)
        sha_a = nsq.sha256(a)

        # a copy at another path: its own entry, and its own path in the answer
        a2 = os.path.join(td, "a-copy.sqlite")
        shutil.copyfile(a, a2)
        run("info", a)
        _, out, s = run("info", a2)
        c.eq(s, "stored", "a copy at another path: its own entry")
        c.check(a2.encode() in out, "a copy at another path: the answer names that path")

        # nsysql's own variables select code paths: separate entries
        run("top-kernels", a)
        _, _, s = run("top-kernels", a, env={"NSYSQL_THREADS": "1"})
        c.eq(s, "stored", "NSYSQL_THREADS=1: computed, not the default run's answer")

        # another binary (a copy: another inode): never an older binary's answers
        exe2 = os.path.join(td, "nsysql-copy")
        shutil.copy2(nsq.NSYSQL, exe2)
        _, _, s = Runner(cdir, exe2)("top-kernels", a)
        c.eq(s, "stored", "another binary: computed again")

        # errors are not stored; timeline-sql (user SQL) is never cached
        for _ in range(2):
            rc, _, s = run("info", os.path.join(td, "missing.sqlite"))
        c.check(rc == 3 and s in ("miss", "none"), f"an error is not stored (rc {rc}, {s})")
        for _ in range(2):
            rc, _, s = run("timeline-sql", "--sql", "SELECT random() AS r", a)
        c.eq((rc, s), (0, "none"), "timeline-sql is not cached")

        # a folder that cannot be used: no caching, the right answer
        blocker = os.path.join(td, "not-a-dir")
        open(blocker, "w").close()
        rc, out, s = Runner(os.path.join(blocker, "sub"))("top-kernels", a)
        c.check(rc == 0 and out == ans1 and s in ("none", "miss"),
                f"unusable cache folder: computed, no error (rc {rc}, {s})")

        # bounded: under NSYSQL_CACHE_MAX_MB, least recently used entries go first
        small = Runner(os.path.join(td, "small"))
        small.env["NSYSQL_CACHE_MAX_MB"] = "0.05"  # 51 KiB: about ten answers
        sizes = []
        for k in range(1, 41):
            small("top-kernels", "--pretty", "--limit", k, b)
            sizes.append(folder_bytes(os.path.join(td, "small")))
        c.check(max(sizes) <= 0.05 * 1048576, f"folder stays under its bound (max {max(sizes)} bytes)")
        entries = len(os.listdir(os.path.join(td, "small")))
        c.check(0 < entries < 40, f"older entries were removed ({entries} of 40 kept)")
        _, _, s = small("top-kernels", "--pretty", "--limit", 40, b)
        c.eq(s, "hit", "the most recent entry is kept")
        _, _, s = small("top-kernels", "--pretty", "--limit", 1, b)
        c.eq(s, "stored", "the oldest entry was removed")

        # entries are private
        mode = {os.stat(os.path.join(cdir, f)).st_mode & 0o777 for f in os.listdir(cdir)}
        c.eq(mode, {0o600}, "entries are readable by their owner only")
        c.eq(nsq.sha256(a), sha_a, "the export is never written")
    c.done()


if __name__ == "__main__":
    main()
