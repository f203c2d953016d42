#!/usr/bin/env python3
"""cmake --install into a temporary prefix, then the installed things work:
the binary runs and answers, a man page for nsysql and for every command of
--list-cmds renders with groff without warnings, the bash completion
completes commands and options, the zsh completion parses (when zsh is
here), the schemas and the skill are in share/nsysql; and cpack builds a
.deb holding the same files, with its dependencies declared.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402


def main():
    c = nsq.Checks()
    build = os.environ.get("NSYSQL_BUILD")
    if not build or not os.path.exists(os.path.join(build, "cmake_install.cmake")):
        print("SKIP: no build folder to install from")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as td:
        prefix = os.path.join(td, "prefix")
        p = subprocess.run(["cmake", "--install", build, "--prefix", prefix], capture_output=True, text=True)
        c.eq(p.returncode, 0, f"cmake --install: {p.stderr[-500:]}")
        exe = os.path.join(prefix, "bin", "nsysql")
        c.check(os.access(exe, os.X_OK), "bin/nsysql installed")
        out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
        c.check(out.startswith("nsysql "), f"installed binary runs: {out!r}")
        fx = [f for f in nsq.fixtures() if os.path.basename(f).startswith("dlprof")]
        if fx:
            doc = json.loads(subprocess.run([exe, "info", fx[0]], capture_output=True, text=True,
                                            env={**os.environ, "NSYSQL_CACHE": "0"}).stdout)
            nsq.validate(doc)
            c.eq(doc["ok"], True, "installed binary answers info")

        names = [l.split("\t")[0] for l in subprocess.run([exe, "--list-cmds"], capture_output=True,
                                                          text=True).stdout.splitlines() if l]
        man = os.path.join(prefix, "share", "man", "man1")
        for page in ["nsysql.1"] + [f"nsysql-{n}.1" for n in names]:
            path = os.path.join(man, page)
            c.check(os.path.exists(path), f"man page {page}")
            if os.path.exists(path) and shutil.which("groff"):
                r = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", path], capture_output=True, text=True)
                c.eq((r.returncode, r.stderr), (0, ""), f"{page} renders without warnings")
        with open(os.path.join(man, "nsysql-top-kernels.1")) as f:
            text = f.read()
        c.check("\\-\\-limit" in text and "nsysql/top\\-kernels" in text, "top-kernels page: its options and schema")

        bash = os.path.join(prefix, "share", "bash-completion", "completions", "nsysql")
        c.check(os.path.exists(bash), "bash completion installed")
        script = (f"source {bash}; COMP_WORDS=(nsysql top-kernels --li); COMP_CWORD=2; _nsysql; "
                  "echo \"${COMPREPLY[@]}\"; COMP_WORDS=(nsysql dif); COMP_CWORD=1; _nsysql; echo \"${COMPREPLY[@]}\"")
        r = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
        c.eq(r.stdout.split("\n")[:2], ["--limit", "diff"], "bash completion: options and commands")
        zsh = os.path.join(prefix, "share", "zsh", "vendor-completions", "_nsysql")
        c.check(os.path.exists(zsh), "zsh completion installed")
        if shutil.which("zsh"):
            r = subprocess.run(["zsh", "-n", zsh], capture_output=True, text=True)
            c.eq((r.returncode, r.stderr), (0, ""), "zsh completion parses")

        share = os.path.join(prefix, "share", "nsysql")
        want = sorted(os.path.basename(p) for p in glob.glob(os.path.join(nsq.SRC, "schemas", "*.json")))
        c.eq(sorted(os.listdir(os.path.join(share, "schemas"))), want, "schemas installed")
        skill = os.path.join(share, "skills", "nsysql", "SKILL.md")
        with open(skill) as f:
            c.eq(f.read(), subprocess.run([exe, "skill"], capture_output=True, text=True).stdout,
                 "SKILL.md installed, the skill's output")

        # the Debian package
        if shutil.which("cpack") and shutil.which("dpkg-deb"):
            pk = os.path.join(td, "pkg")
            r = subprocess.run(["cpack", "-G", "DEB", "--config", os.path.join(build, "CPackConfig.cmake"),
                                "-B", pk], capture_output=True, text=True, timeout=600)
            debs = glob.glob(os.path.join(pk, "*.deb"))
            c.check(r.returncode == 0 and len(debs) == 1, f"cpack built one .deb: {r.stderr[-400:]}")
            if debs:
                files = subprocess.run(["dpkg-deb", "-c", debs[0]], capture_output=True, text=True).stdout
                for f in ("usr/bin/nsysql", "usr/share/man/man1/nsysql-diff.1",
                          "usr/share/nsysql/skills/nsysql/SKILL.md", "usr/share/nsysql/schemas/diff.v1.schema.json",
                          "usr/share/bash-completion/completions/nsysql"):
                    c.check(f"./{f}" in files, f".deb holds {f}")
                info = subprocess.run(["dpkg-deb", "-f", debs[0], "Depends"], capture_output=True, text=True).stdout
                c.check("libsqlite3-0" in info and "libjansson4" in info, f".deb declares its dependencies: {info!r}")
    c.done()


if __name__ == "__main__":
    main()
