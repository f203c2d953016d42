#!/usr/bin/env python3
"""Partial documents and `nsysql merge`.

- `COMMAND --partial INPUT` prints nsysql/partial: the input's single-input
  document byte for byte, and (top-kernels) the mergeable state; a bad input
  gives its error document and its exit code.
- `nsysql merge PART...` over the partials of N inputs prints exactly the
  bytes the in-process run over the same inputs prints (top-kernels with and
  without a limit, idle-gaps, info; generated and real exports, including a
  truncated one), also with --pretty.
- A top-kernels state written otherwise (spaces, keys in another order: read
  without jansson; a name with an escape: read by jansson) merges to the same
  bytes; a state cut short is refused (not_partial).
- Refusals: a file that is no partial (exit 3, not_partial), partials of
  different commands (exit 2, mixed_commands).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402


def run_raw(*args):
    p = subprocess.run([nsq.NSYSQL, *map(str, args)], capture_output=True, timeout=600)
    return p.returncode, p.stdout.decode()


def partials(tmp, tag, cmd, opts, inputs):
    parts = []
    for i, p in enumerate(inputs):
        rc, out = run_raw(cmd, "--partial", *opts, p)
        doc = json.loads(out)
        nsq.validate(doc)
        f = os.path.join(tmp, f"{tag}-{i}.json")
        with open(f, "w") as fh:
            fh.write(out)
        parts.append((f, rc, doc, out))
    return parts


def main():
    c = nsq.Checks()
    tmp = tempfile.mkdtemp(prefix="nsq-merge-")
    try:
        gen = []
        for r in range(3):
            p = os.path.join(tmp, f"rank{r}.sqlite")
            nsq.gen(p, "--seed", 10 + r, "--iterations", 5, "--devices", 1 + r % 2,
                    "--kernel", f"gemm:{30000 * (r + 1)}:0.4", "--kernel", "nccl:15000:0.2")
            gen.append(p)
        fx = nsq.fixtures()
        good = [f for f in fx if os.path.basename(f).startswith(("pipit-saxpy", "dlprof", "pipit-cloverleaf"))]
        trunc = os.path.join(tmp, "truncated.sqlite")
        with open(good[0], "rb") as f:
            data = f.read()
        with open(trunc, "wb") as f:
            f.write(data[: len(data) // 4])
        real = good + [trunc]

        cases = [
            ("gen-tk", "top-kernels", ["--limit", 0], gen, 0),
            ("gen-tk2", "top-kernels", ["--limit", 1, "--by", "demangled"], gen, 0),
            ("gen-ig", "idle-gaps", [], gen, 0),
            ("real-tk", "top-kernels", [], real, 3),
            ("real-ig", "idle-gaps", ["--limit", 3], real, 3),
            ("real-info", "info", [], real, 3),
        ]
        for tag, cmd, opts, inputs, want_rc in cases:
            parts = partials(tmp, tag, cmd, opts, inputs)
            for (f, rc, doc, out), p in zip(parts, inputs):
                single_rc, single = run_raw(cmd, *opts, p)
                c.eq(rc, single_rc, f"{tag} {p}: --partial exits as the single run")
                c.eq(doc["exit_code"], single_rc, f"{tag} {p}: partial records the exit code")
                c.check(f',"document":{single.rstrip()},"state":' in out,
                        f"{tag} {p}: the partial holds the single-input document byte for byte")
                c.eq(doc["ok"], single_rc == 0, f"{tag} {p}: partial ok")
            rc_m, merged = run_raw("merge", *[p[0] for p in parts])
            rc_r, inproc = run_raw(cmd, *opts, "-j", 2, *inputs)
            c.eq((rc_m, rc_r), (want_rc, want_rc), f"{tag}: exit codes of merge and in-process run")
            c.check(merged == inproc, f"{tag}: merge of partials == in-process run, byte for byte")
            doc = json.loads(merged)
            nsq.validate(doc)
            c.eq(doc["result"]["inputs_total"], len(inputs), f"{tag}: every partial is an input")
            rc_p, mp = run_raw("merge", "--pretty", *[p[0] for p in parts])
            rc_q, ip = run_raw(cmd, *opts, "--pretty", *inputs)
            c.check(mp == ip and json.loads(mp) == doc, f"{tag}: --pretty the same both ways")

        # the state of a top-kernels partial written otherwise (spaces and line
        # breaks, keys in another order, a name with an escape) reads to the
        # same values: the merge prints the same bytes; a cut state is refused
        tk = [os.path.join(tmp, f"gen-tk-{i}.json") for i in range(len(gen))]
        want = run_raw("merge", *tk)[1]

        def restate(tag, fn):
            out = []
            for i, f in enumerate(tk):
                with open(f) as fh:
                    text = fh.read()
                head, sep, _ = text.rpartition(',"state":')
                state = json.loads(text)["state"]
                g = os.path.join(tmp, f"{tag}-{i}.json")
                with open(g, "w") as fh:
                    fh.write(head + sep + fn(state) + "}\n")
                out.append(g)
            return out

        def reordered(state):
            state["kernels"] = [dict(reversed(list(k.items()))) for k in state["kernels"]]
            return json.dumps(state, indent=2)

        def escaped(state):
            return json.dumps(state, separators=(",", ":")).replace('"name":"gemm"', '"name":"\\u0067emm"')

        c.check('"name":"gemm"' in json.dumps(json.loads(open(tk[0]).read())["state"], separators=(",", ":")),
                "the generated state names gemm (the escape case below rewrites it)")
        def shuffled(state):
            # bucket pairs in descending order, the first split in two pairs
            # of the same index: the counts per index are the same
            for k in state["kernels"]:
                b = k["buckets"]
                pairs = [b[t:t + 2] for t in range(0, len(b), 2)][::-1]
                if pairs and pairs[0][1] > 1:
                    pairs[:1] = [[pairs[0][0], pairs[0][1] - 1], [pairs[0][0], 1]]
                k["buckets"] = [x for p in pairs for x in p]
            return json.dumps(state, separators=(",", ":"))

        def per_device(state):
            # the older form: an entry per (device, name); each entry split in
            # two of devices 0 and 1 whose counts, sums and buckets add up to it
            out = []
            for k in state["kernels"]:
                b = k["buckets"]
                pairs = [b[t:t + 2] for t in range(0, len(b), 2)]
                a, z = dict(k, device=0), dict(k, device=1)
                a["buckets"] = [x for p in pairs[::2] for x in p]
                z["buckets"] = [x for p in pairs[1::2] for x in p]
                a["zero"], z["zero"] = k["zero"], 0
                a["n"] = k["zero"] + sum(p[1] for p in pairs[::2])
                z["n"] = k["n"] - a["n"]
                a["total_ns"], z["total_ns"] = k["total_ns"] // 3, k["total_ns"] - k["total_ns"] // 3
                sq = int(k["sumsq"])
                a["sumsq"], z["sumsq"] = str(sq // 3), str(sq - sq // 3)
                out += [a] + ([z] if z["n"] else [])
            state["kernels"] = out
            return json.dumps(state, separators=(",", ":"))

        # one entry per name, the input's devices pooled: rank1 runs on two GPUs
        st = json.loads(open(tk[1]).read())["state"]
        names = [k["name"] for k in st["kernels"]]
        c.eq(len(names), len(set(names)), "a partial's state has one entry per kernel name")
        c.check(all("device" not in k for k in st["kernels"]), "the state's entries carry no device")
        perdev = nsq.run("top-kernels", "--per-device", "--limit", 0, gen[1])
        ndev = {}
        for row in perdev["result"]["kernels"]:
            ndev[row["name"]] = ndev.get(row["name"], 0) + row["instances"]
        c.eq(len({row["device"] for row in perdev["result"]["kernels"]}), 2, "rank1 has kernels on two GPUs")
        c.eq({k["name"]: k["n"] for k in st["kernels"]}, ndev,
             "each name's n is its instances summed over the two GPUs (top-kernels --per-device)")

        for tag, fn in (("tk-spaced", reordered), ("tk-escaped", escaped), ("tk-shuffled", shuffled),
                        ("tk-per-device", per_device)):
            rc, out = run_raw("merge", *restate(tag, fn))
            c.eq(rc, 0, f"{tag}: merge exits 0")
            c.check(out == want, f"{tag}: the same merged document byte for byte")
        cut = restate("tk-cut", lambda s: json.dumps(s)[:-40])
        d = nsq.run("merge", *cut, expect_rc=3)
        c.eq(d["error"]["code"], "not_partial", "a partial whose state is cut short is refused")

        # a --partial run stopped by its time limit prints a plain error
        # document: merge takes it as that input's failure
        e = dict(os.environ, NSYSQL_DEBUG_STALL_MS="3000")
        p = subprocess.run([nsq.NSYSQL, "top-kernels", "--partial", "--timeout-ms", "300", gen[1]],
                           capture_output=True, env=e, timeout=600)
        stopped = os.path.join(tmp, "stopped.json")
        with open(stopped, "wb") as fh:
            fh.write(p.stdout)
        rc, out = run_raw("merge", os.path.join(tmp, "gen-tk-0.json"), stopped)
        doc = json.loads(out)
        nsq.validate(doc)
        c.eq((rc, [i["ok"] for i in doc["result"]["inputs"]]), (3, [True, False]),
             "a timed-out partial (plain error document) is a failed input")
        c.eq(doc["result"]["inputs"][1]["document"]["error"]["code"], "query_timeout", "its error document")

        # refusals
        notpart = os.path.join(tmp, "not-partial.json")
        with open(notpart, "w") as fh:
            fh.write(run_raw("top-kernels", gen[0])[1])
        d = nsq.run("merge", notpart, expect_rc=3)
        c.eq(d["error"]["code"], "not_partial", "a plain document is not a partial")
        d = nsq.run("merge", os.path.join(tmp, "gen-tk-0.json"), os.path.join(tmp, "gen-ig-0.json"), expect_rc=2)
        c.eq(d["error"]["code"], "mixed_commands", "partials of different commands are refused")
        d = nsq.run("merge", os.path.join(tmp, "absent.json"), expect_rc=3)
        c.eq(d["error"]["code"], "input_unreadable", "a missing partial")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return c.done()


if __name__ == "__main__":
    sys.exit(main())
