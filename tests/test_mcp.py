#!/usr/bin/env python3
"""`nsysql mcp`: the Model Context Protocol server.

Raw protocol (always): malformed JSON, a request without a method, an unknown
method, an unknown tool and arguments that are not an object get the
protocol's error (JSON-RPC); unknown, mistyped or missing arguments are tool
results with isError and the CLI's error document (code, message, hint), as
MCP 2025-11-25 asks, so that a model can correct itself; a missing file, a
cancelled call and a client that disconnects mid-call never crash or hang
the server.

Tool definitions (always, from `mcp --list-tools`): every inputSchema and
outputSchema is a valid JSON Schema; the inputs each tool needs are required;
keyword options have their enum, bounded ones their minimum/maximum (checked
against the values the commands themselves accept and refuse); annotations
say read-only except report and export-trace.

With the official MCP Python SDK (`mcp` from PyPI, installed into a venv in
the build folder; the part is skipped, saying so, when it cannot be
installed): initialize, list the tools, call each tool on a real export
(a generated one for gpu-metrics: no real export has GPU_METRICS) and
validate its structuredContent against the tool's outputSchema (the SDK
checks it too), compare some with the CLI's document byte for byte, ask for
format md, and call each tool once with one bad argument: isError with an
error code nsysql documents.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

FIXTURE = "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite"

CLIENT = r'''
import asyncio, json, sys
import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

def dump(o):
    return o.model_dump(mode="json", by_alias=True, exclude_none=True) if hasattr(o, "model_dump") else o

async def main():
    exe, calls = sys.argv[1], json.loads(sys.argv[2])
    out = {}
    async with stdio_client(StdioServerParameters(command=exe, args=["mcp"])) as (r, w):
        async with ClientSession(r, w) as s:
            init = dump(await s.initialize())
            out["protocol"] = init.get("protocolVersion")
            out["server"] = init.get("serverInfo", {}).get("name")
            tools = [dump(t) for t in (await s.list_tools()).tools]
            out["tools"] = tools
            schemas = {t["name"]: t.get("outputSchema") for t in tools}
            out["calls"] = []
            for name, args in calls:
                try:
                    res = dump(await s.call_tool(name, args))
                except Exception as e:  # the SDK refuses structured content that breaks outputSchema
                    out["calls"].append(dict(exception=f"{type(e).__name__}: {e}"[:2000]))
                    continue
                st = res.get("structuredContent")
                problem = None
                if not res.get("isError") and schemas.get(name):
                    err = jsonschema.exceptions.best_match(
                        jsonschema.Draft202012Validator(schemas[name]).iter_errors(st))
                    problem = None if err is None else f"{err.message} at {list(err.absolute_path)}"
                out["calls"].append(dict(text=res["content"][0]["text"], is_error=res.get("isError"),
                                         structured=st, schema_problem=problem))
            await s.send_ping()
    print(json.dumps(out))

asyncio.run(main())
'''


class Server:
    def __init__(self, env=None):
        e = dict(os.environ)
        if env:
            e.update(env)
        self.p = subprocess.Popen([nsq.NSYSQL, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, env=e)

    def send(self, obj):
        self.p.stdin.write((obj if isinstance(obj, str) else json.dumps(obj)).encode() + b"\n")
        self.p.stdin.flush()

    def recv(self, timeout=30):
        """The next message, or None when none comes in `timeout` seconds (or at end of output).
        Reads the pipe itself: two messages in one read are two messages."""
        import select
        if not hasattr(self, "buf"):
            self.buf = b""
        end = time.time() + timeout
        while b"\n" not in self.buf:
            r, _, _ = select.select([self.p.stdout], [], [], max(0, end - time.time()))
            if not r:
                return None
            data = os.read(self.p.stdout.fileno(), 65536)
            if not data:
                return None
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def close(self):
        try:
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        return self.p.wait(timeout=30)


def req(i, method, params=None):
    m = {"jsonrpc": "2.0", "id": i, "method": method}
    if params is not None:
        m["params"] = params
    return m


def raw_protocol(c, fixture, big):
    s = Server()
    s.send(req(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                 "clientInfo": {"name": "test", "version": "1"}}))
    r = s.recv()
    c.eq((r["id"], r["result"]["protocolVersion"], r["result"]["serverInfo"]["name"]),
         (1, "2025-06-18", "nsysql"), "initialize")
    s.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    s.send("this is not json")
    r = s.recv()
    c.eq((r["id"], r["error"]["code"]), (None, -32700), "malformed JSON: parse error")
    s.send({"jsonrpc": "2.0", "id": 2})
    c.eq(s.recv()["error"]["code"], -32600, "no method: invalid request")
    s.send(req(3, "resources/list"))
    c.eq(s.recv()["error"]["code"], -32601, "unknown method")
    s.send(req(4, "tools/call", {"name": "no-such-tool", "arguments": {}}))
    c.eq(s.recv()["error"]["code"], -32602, "unknown tool: invalid params")
    s.send(req(41, "tools/call", {"name": "info", "arguments": ["not", "an", "object"]}))
    c.eq(s.recv()["error"]["code"], -32602, "arguments not an object: invalid params")
    # argument mistakes: tool errors carrying the error document, never -32602
    for i, (args, tool, code, words) in enumerate([
            ({"inptu": fixture}, "info", "unknown_option", "inptu"),
            ({"input": fixture, "limit": "ten"}, "top-kernels", "bad_option_value", "must be an integer"),
            ({}, "info", "missing_input", "needs 'input'"),
            ({"input": fixture, "by": "long"}, "top-kernels", "bad_option_value", "short, demangled, mangled or normalized"),
            ({"input": fixture, "bins": 0}, "gpu-util", "bad_option_value", "at least 1"),
            ({"baseline": [fixture]}, "diff", "missing_input", "needs 'patch'"),
            ({"input": fixture, "output": "-"}, "export-trace", "bad_option_value", "must name a file"),
            ({"input": fixture}, "report", "missing_option_value", "needs 'output'"),
            ({"input": fixture, "format": "table"}, "top-kernels", "bad_option_value", "json or md")]):
        s.send(req(50 + i, "tools/call", {"name": tool, "arguments": args}))
        r = s.recv()
        res = r.get("result", {})
        err = (res.get("structuredContent") or {}).get("error", {})
        c.check(res.get("isError") is True and err.get("code") == code and words in err.get("message", "")
                and err.get("exit_code") == 2 and json.loads(res["content"][0]["text"]) == res["structuredContent"],
                f"{tool} {list(args)}: a tool error with the error document ({code}, '{words}'): {str(r)[:400]}")
    s.send(req(59, "tools/call", {"name": "info", "arguments": {"inptu": fixture}}))
    hint = s.recv()["result"]["structuredContent"]["error"].get("hint", "")
    c.check("input" in hint and "no-counts" in hint, f"unknown argument: the hint names the arguments: {hint}")
    s.send(req(8, "tools/call", {"name": "info", "arguments": {"input": "/nonexistent/x.sqlite"}}))
    r = s.recv()["result"]
    c.eq((r["isError"], r["structuredContent"]["error"]["code"]), (True, "input_not_found"),
         "missing file: a tool error carrying the error document")
    c.eq(s.close(), 0, "end of input: the server exits 0")

    # cancellation: no answer for the cancelled call, the server goes on (the
    # call is held for 60 s by the test hook, so it is running when cancelled)
    s = Server(env={"NSYSQL_DEBUG_STALL_MS": "60000"})
    s.send(req(9, "tools/call", {"name": "top-kernels", "arguments": {"input": big}}))
    time.sleep(0.3)
    s.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 9}})
    s.send(req(10, "ping"))
    r = s.recv()
    # the call was held for 60 s; recv() gives up after 30 s: an answer means
    # the call was stopped, not waited for
    c.eq(r, {"jsonrpc": "2.0", "id": 10, "result": {}}, "after a cancelled call: the next request answered, "
         "the cancelled one not")
    c.eq(s.close(), 0, "end of input after a cancellation: the server exits 0")

    # a client that disconnects mid-call: the server and its child go away
    s = Server(env={"NSYSQL_DEBUG_STALL_MS": "60000"})
    s.send(req(1, "tools/call", {"name": "info", "arguments": {"input": fixture}}))
    time.sleep(0.5)
    s.p.stdout.close()
    s.p.stdin.close()
    try:
        rc = s.p.wait(timeout=20)
    except subprocess.TimeoutExpired:
        s.p.kill()
        rc = "hung"
    c.check(rc == 0, f"client gone mid-call: server exits (rc {rc}; the call was held for 60 s)")
    left = subprocess.run(["pgrep", "-f", f"nsysql info -- {fixture}"], capture_output=True, text=True).stdout
    c.eq(left.strip(), "", "client gone mid-call: the command was stopped")


def hostile(c, td, fixture, big):
    """tests/README.md cases 91-94: framing and process handling under hostile clients."""
    # 91: a request and its cancel in one write: the call is not run, not answered
    s = Server(env={"NSYSQL_DEBUG_STALL_MS": "60000"})
    both = json.dumps(req(21, "tools/call", {"name": "info", "arguments": {"input": fixture}})) + "\n" + \
        json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 21}})
    s.send(both)
    s.send(req(22, "ping"))
    r = s.recv(timeout=20)
    c.eq(r, {"jsonrpc": "2.0", "id": 22, "result": {}},
         "91 a cancel in the same read as its request: honoured (the call, held 60 s, never ran)")
    if r is None:
        s.p.kill()
        s.p.wait()
    else:
        c.eq(s.close(), 0, "91: the server exits 0 at end of input")

    # 92: a line over the 16 MiB cap: an error, skipped to its newline, the server goes on
    s = Server()
    chunk = b"x" * (1 << 20)
    for _ in range(20):
        s.p.stdin.write(chunk)
    s.p.stdin.write(b"\n")
    s.p.stdin.flush()
    s.send(req(23, "ping"))
    r = s.recv(timeout=60)
    c.check(r is not None and r.get("id") is None and r.get("error", {}).get("code") == -32600
            and "16 MiB" in r["error"]["message"],
            f"92 a 20 MiB line: -32600 naming the 16 MiB limit: {str(r)[:200]}")
    r = s.recv(timeout=60)
    c.eq(r, {"jsonrpc": "2.0", "id": 23, "result": {}}, "92: the next request is answered")
    c.eq(s.close(), 0, "92: the server exits 0 at end of input")

    # 93: the command cannot be executed (an argument over 128 KiB: E2BIG): the cause is said
    s = Server()
    sql = "SELECT 1 AS n -- " + "y" * 200000
    s.send(req(24, "tools/call", {"name": "timeline-sql", "arguments": {"input": fixture, "sql": sql}}))
    r = s.recv(timeout=60)
    res = (r or {}).get("result", {})
    msg = ((res.get("structuredContent") or {}).get("error") or {}).get("message", "")
    text = (res.get("content") or [{}])[0].get("text", "")
    c.check(res.get("isError") is True and "Argument list too long" in msg and msg in text,
            f"93 exec fails with E2BIG: a tool error saying why: {str(r)[:300]}")
    c.eq(s.close(), 0, "93: the server exits 0 at end of input")

    # 94: a cancelled export-trace -o: SIGTERM first, so no temporary file is left behind
    outdir = os.path.join(td, "out94")
    os.mkdir(outdir)
    trace = os.path.join(outdir, "t.json")
    s = Server()
    s.send(req(25, "tools/call", {"name": "export-trace", "arguments": {"input": big, "output": trace}}))
    deadline = time.time() + 100
    while not [f for f in os.listdir(outdir) if ".nsysql-" in f] and time.time() < deadline:
        time.sleep(0.005)
    writing = bool([f for f in os.listdir(outdir) if ".nsysql-" in f])
    s.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 25}})
    s.send(req(26, "ping"))
    r = s.recv(timeout=60)
    c.check(writing, "94: the cancel came while the temporary file was written")
    c.eq(r, {"jsonrpc": "2.0", "id": 26, "result": {}}, "94: the cancelled call is not answered, the next is")
    c.eq(os.listdir(outdir), [], "94 a cancelled export-trace -o: no temporary file left, no output")
    c.eq(s.close(), 0, "94: the server exits 0 at end of input")


def sdk_python():
    return nsq.py_venv("mcp", "jsonschema")


# what each tool needs, read from its usage (hand-written, not from the server)
REQUIRED = {
    "info": ["input"], "timeline-sql": [], "top-kernels": ["input"], "memcpy": ["input"], "api": ["input"],
    "osrt": ["input"], "idle-gaps": ["input"], "steady-state": ["input"], "nvtx": ["input"],
    "diff": ["baseline", "patch"], "stats": ["input"], "report": ["input", "output"], "gpu-util": ["input"],
    "memory": ["input"], "gpu-metrics": ["input"], "advise": ["input"], "ranks": ["inputs"],
    "export-trace": ["input", "output"], "merge": ["inputs"],
}
# keyword options and their keywords (from each command's help text)
ENUMS = {
    ("top-kernels", "by"): ["short", "demangled", "mangled", "normalized"],
    ("diff", "by"): ["short", "demangled", "mangled", "normalized"],
    ("diff", "fail-on"): ["regression", "change"],
    ("steady-state", "method"): ["auto", "nvtx", "kernel_period", "time_bins"],
    ("nvtx", "sort"): ["gpu", "cpu", "count"],
    ("gpu-util", "low-by"): ["busy", "sum"],
    ("advise", "fail-on"): ["info", "warning", "error"],
    ("stats", "report"): ["kernels", "nvtx", "api", "memcpy", "osrt"],
}
FORMATS = ["top-kernels", "memcpy", "api", "idle-gaps", "steady-state", "nvtx", "diff", "gpu-util", "memory",
           "gpu-metrics", "advise"]


def cli_argv(tool, args):
    """The command line the MCP arguments stand for (an independent rendering)."""
    argv, pos = [tool], []
    for k, v in args.items():
        if k in ("input", "inputs"):
            pos += v if isinstance(v, list) else [v]
        elif k == "format":
            argv += ["--format", v]
        elif v is True:
            argv.append("--" + k)
        elif v is False:
            pass
        elif isinstance(v, list):
            for x in v:
                argv += ["--" + k, str(x)]
        else:
            argv += ["--" + k, str(v)]
    return argv + ["--"] + pos


def definitions(c, tools, want, base):
    """The tool definitions, and what they claim checked against the commands."""
    import jsonschema
    import re
    c.eq([t["name"] for t in tools], want, "one tool per analysis command")
    for t in tools:
        name, ins, outs = t["name"], t["inputSchema"], t.get("outputSchema")
        jsonschema.Draft202012Validator.check_schema(ins)
        c.check(outs is not None and outs.get("type") == "object", f"{name}: an outputSchema of type object")
        if outs:
            jsonschema.Draft202012Validator.check_schema(outs)
        c.eq(sorted(ins["required"]), sorted(REQUIRED[name]), f"{name}: required inputs")
        c.eq(ins.get("additionalProperties"), False, f"{name}: no other arguments")
        writes = name in ("report", "export-trace")
        ann = t.get("annotations", {})
        c.eq((ann.get("readOnlyHint"), ann.get("destructiveHint"), ann.get("openWorldHint")),
             (not writes, writes, False), f"{name}: annotations")
        c.check(("Not read-only: writes the file named by output" in t["description"]) == writes,
                f"{name}: the description says whether it writes a file")
        texts = [("description", t["description"])] + [(k, p.get("description", "")) for k, p in ins["properties"].items()]
        for where, text in texts:
            c.check(not re.search(r"(^|[\s(])--?[a-z]|exit [0-9]|\bFILE\b|\bINPUT\b|stdout", text),
                    f"{name} {where}: words, not command-line syntax: {text}")
        props = ins["properties"]
        c.eq(props.get("format", {}).get("enum"), ["json", "md"] if name in FORMATS else None, f"{name}: format")
        for (tool, opt), kws in ENUMS.items():
            if tool == name:
                p = props[opt]
                c.eq(p.get("enum") or p.get("items", {}).get("enum"), kws, f"{name} {opt}: enum")
    # what the schemas claim, against what the commands accept and refuse
    for t in tools:
        name, props = t["name"], t["inputSchema"]["properties"]
        if name not in base:
            continue
        checks = []
        for opt, p in props.items():
            kws = p.get("enum") or p.get("items", {}).get("enum")
            if kws and opt != "format":
                wrap = (lambda x: [x]) if p.get("type") == "array" else (lambda x: x)
                checks += [(opt, wrap(k), True) for k in kws] + [(opt, wrap("no-such-" + opt), False)]
            step = 1 if p.get("type") == "integer" else 1e-9
            if "minimum" in p:
                checks += [(opt, p["minimum"], True), (opt, p["minimum"] - step, False)]
            if "exclusiveMinimum" in p:
                checks += [(opt, p["exclusiveMinimum"], False)]
            if "maximum" in p:
                checks += [(opt, p["maximum"], True), (opt, p["maximum"] + step, False)]
            if "exclusiveMaximum" in p:
                checks += [(opt, p["exclusiveMaximum"], False)]
        for opt, v, ok in checks:
            argv = cli_argv(name, {**base[name], opt: v})
            rc, out, _ = nsq.run(*argv, raw=True)
            code = json.loads(out)["error"]["code"] if rc not in (0, 1) else None
            if ok:
                c.check(code != "bad_option_value", f"{name} --{opt} {v}: accepted by the command ({code})")
            else:
                c.eq(code, "bad_option_value", f"{name} --{opt} {v}: refused by the command")


def main():
    c = nsq.Checks()
    fixture = os.path.join(nsq.FIXTURES, FIXTURE)
    osrt_fx = os.path.join(nsq.FIXTURES, "pipit-cloverleaf-cuda-2024.5.sqlite")
    mem_fx = os.path.join(nsq.FIXTURES, "..", "nsys-memory", "gemm-pipeline-fo_10000_20_100-2024.2.sqlite")
    for f in (fixture, osrt_fx, mem_fx):
        if not os.path.exists(f):
            print(f"SKIP: {f} is absent")
            sys.exit(77)
    with tempfile.TemporaryDirectory() as td:
        big = os.path.join(td, "big.sqlite")
        nsq.gen(big, "--kernels", 200000)
        raw_protocol(c, fixture, big)
        trace_big = os.path.join(td, "big400k.sqlite")
        nsq.gen(trace_big, "--kernels", 400000)
        hostile(c, td, fixture, trace_big)
        # no real export has GPU_METRICS (INVENTORY.md): a generated one
        gm_fx = os.path.join(td, "metrics.sqlite")
        nsq.gen(gm_fx, "--kernels", 2000, "--gpu-metrics", "1000:1")
        parts = []
        for i, f in enumerate((fixture, osrt_fx)):
            parts.append(os.path.join(td, f"part{i}.json"))
            with open(parts[-1], "w") as out:
                out.write(nsq.run("top-kernels", "--partial", f, raw=True)[1])
        html, trace = os.path.join(td, "r.html"), os.path.join(td, "t.json.gz")

        # one valid call per tool (the arguments the bound and keyword checks start from)
        base = {
            "info": {"input": fixture},
            "timeline-sql": {"input": fixture, "sql": "SELECT count(*) AS n FROM kernel"},
            "top-kernels": {"input": fixture, "limit": 3},
            "memcpy": {"input": fixture},
            "api": {"input": fixture, "limit": 5},
            "osrt": {"input": osrt_fx, "limit": 5},
            "idle-gaps": {"input": fixture},
            "steady-state": {"input": fixture},
            "nvtx": {"input": fixture, "limit": 5},
            "diff": {"baseline": [fixture], "patch": [fixture], "window": "all"},
            "stats": {"input": fixture},
            "report": {"input": fixture, "output": html},
            "gpu-util": {"input": fixture},
            "memory": {"input": mem_fx},
            "gpu-metrics": {"input": gm_fx},
            "advise": {"input": fixture},
            "ranks": {"inputs": [fixture], "no-steps": True},
            "export-trace": {"input": fixture, "output": trace},
            "merge": {"inputs": parts},
        }
        # --list-tools: the same tools as tools/list, one per analysis command
        doc = nsq.run("mcp", "--list-tools")
        lst = nsq.run("--list-cmds", raw=True)[1]
        want = [l.split("\t")[0] for l in lst.splitlines() if l and l.split("\t")[0] not in ("capture", "verify", "skill", "mcp")]
        c.eq(sorted(base), sorted(want), "the test calls every tool")
        definitions(c, doc["result"]["tools"], want, base)

        py, why = sdk_python()
        if not py:
            print(f"SKIP (official SDK part): the MCP Python SDK could not be installed: {why}")
            c.done()
        codes = {e["code"] for e in nsq.run("help", "--json")["error_codes"]}
        calls = [(n, a, "ok") for n, a in base.items()]
        calls += [
            ("info", {"input": [fixture, osrt_fx]}, "ok"),  # several inputs: nsysql/merge
            ("top-kernels", {"input": fixture, "limit": 3, "format": "md"}, "md"),
            ("diff", {"baseline": [fixture], "patch": [fixture], "window": "all", "format": "md"}, "md"),
            ("nvtx", {"input": fixture, "sort": "count", "limit": 5, "format": "md"}, "md"),
            ("top-kernels", {"input": os.path.join(td, "missing.sqlite")}, "input_not_found"),
        ]
        bad = {  # one bad argument per tool
            "info": {"input": 5},
            "timeline-sql": {"input": fixture, "sql": "SELECT 1", "max-rows": -1},
            "top-kernels": {"input": fixture, "limit": -1},
            "memcpy": {"input": fixture, "pid": True},
            "api": {"input": fixture, "window": 3},
            "osrt": {"input": osrt_fx, "limti": 3},
            "idle-gaps": {"input": fixture, "min-gap": -5},
            "steady-state": {"input": fixture, "method": "fft"},
            "nvtx": {"input": fixture, "sort": "name"},
            "diff": {"baseline": [fixture], "patch": [fixture], "alpha": 0},
            "stats": {"input": fixture, "report": ["kernel"]},
            "report": {"input": fixture},
            "gpu-util": {"input": fixture, "low-by": "max"},
            "memory": {"input": mem_fx, "points": 0},
            "gpu-metrics": {"input": gm_fx, "limit": "all"},
            "advise": {"input": fixture, "fail-on": "fatal"},
            "ranks": {"inputs": []},
            "export-trace": {"input": fixture, "output": os.path.join(td, "x.json"), "osrt": "yes"},
            "merge": {},
        }
        calls += [(n, a, "bad") for n, a in bad.items()]
        client = os.path.join(td, "client.py")
        with open(client, "w") as f:
            f.write(CLIENT)
        p = subprocess.run([py, client, nsq.NSYSQL, json.dumps([[n, a] for n, a, _ in calls])],
                           capture_output=True, text=True, timeout=600)
        c.eq(p.returncode, 0, f"SDK client ran: {p.stderr[-2000:]}")
        if p.returncode == 0:
            out = json.loads(p.stdout)
            c.eq((out["protocol"], out["server"]), ("2025-11-25", "nsysql"), "SDK: initialize")
            c.eq(out["tools"], doc["result"]["tools"], "SDK: tools/list is what --list-tools prints")
            for (name, args, kind), got in zip(calls, out["calls"]):
                what = f"SDK: {name} {json.dumps(args)[:150]}"
                if "exception" in got:
                    c.check(False, f"{what}: the client refused the result: {got['exception']}")
                    continue
                st = got["structured"]
                if kind in ("ok", "md"):
                    c.check(got["is_error"] is False and st and st["ok"] is True,
                            f"{what}: an answer: {got['text'][:300]}")
                    c.eq(got["schema_problem"], None, f"{what}: structuredContent valid against the outputSchema")
                    nsq.validate(st)
                if kind == "ok" and name in ("report", "export-trace"):
                    pass  # the same output path again would replace the file: checked below
                elif kind == "ok":
                    cli = subprocess.run([nsq.NSYSQL, *cli_argv(name, args)], capture_output=True)
                    c.eq(got["text"], cli.stdout.decode(), f"{what}: text is the CLI's document byte for byte")
                    c.eq(st, json.loads(cli.stdout), f"{what}: structured content")
                elif kind == "md":
                    cli = subprocess.run([nsq.NSYSQL, *cli_argv(name, args)], capture_output=True)
                    c.eq(got["text"], cli.stdout.decode(), f"{what}: text is the CLI's Markdown byte for byte")
                    js = subprocess.run([nsq.NSYSQL, *cli_argv(name, {k: v for k, v in args.items() if k != "format"})],
                                        capture_output=True)
                    c.eq(st, json.loads(js.stdout), f"{what}: structuredContent is the JSON document")
                    c.check(len(got["text"]) * 2 < len(js.stdout), f"{what}: the Markdown is shorter "
                            f"({len(got['text'])} bytes against {len(js.stdout)})")
                else:
                    code = (st or {}).get("error", {}).get("code")
                    c.check(got["is_error"] is True and code in codes and st["ok"] is False
                            and (kind == "bad") == (st["error"]["exit_code"] == 2)
                            and (kind == "bad" or code == kind),
                            f"{what}: isError with a documented error code: {got['text'][:300]}")
                    nsq.validate(st)
            c.check(os.path.getsize(html) > 0 and os.path.getsize(trace) > 0, "SDK: report and export-trace wrote their files")
    c.done()


if __name__ == "__main__":
    main()
