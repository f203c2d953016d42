#!/usr/bin/env python3
"""`nsysql mcp`: the Model Context Protocol server.

Raw protocol (always): malformed JSON, a request without a method, an unknown
method, an unknown tool, unknown or mistyped arguments, a missing file, a
cancelled call and a client that disconnects mid-call each get the protocol's
answer (or, for a cancelled call, none) and never crash or hang the server.

With the official MCP Python SDK (`mcp` from PyPI, installed into a venv in
the build folder; the part is skipped, saying so, when it cannot be
installed): initialize, list the tools (one per analysis command, with a
valid JSON Schema built from the option table), call each on a real fixture
and compare the result with the CLI's document byte for byte.
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
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

def attr(o, *names):
    for n in names:
        if hasattr(o, n):
            return getattr(o, n)
    return None

async def main():
    exe, calls = sys.argv[1], json.loads(sys.argv[2])
    out = {}
    async with stdio_client(StdioServerParameters(command=exe, args=["mcp"])) as (r, w):
        async with ClientSession(r, w) as s:
            init = await s.initialize()
            out["protocol"] = attr(init, "protocol_version", "protocolVersion")
            out["server"] = attr(attr(init, "server_info", "serverInfo"), "name")
            tools = await s.list_tools()
            out["tools"] = {t.name: attr(t, "input_schema", "inputSchema") for t in tools.tools}
            out["calls"] = []
            for name, args in calls:
                res = await s.call_tool(name, args)
                out["calls"].append(dict(text=res.content[0].text, is_error=attr(res, "is_error", "isError"),
                                         structured=attr(res, "structured_content", "structuredContent")))
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
    s.send(req(5, "tools/call", {"name": "info", "arguments": {"inptu": fixture}}))
    r = s.recv()
    c.check(r["error"]["code"] == -32602 and "inptu" in r["error"]["message"], "unknown argument named")
    s.send(req(6, "tools/call", {"name": "top-kernels", "arguments": {"input": fixture, "limit": "ten"}}))
    c.eq(s.recv()["error"]["code"], -32602, "mistyped argument")
    s.send(req(7, "tools/call", {"name": "info", "arguments": {}}))
    c.eq(s.recv()["error"]["code"], -32602, "missing input")
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
    return nsq.py_venv("mcp")


def main():
    c = nsq.Checks()
    fixture = os.path.join(nsq.FIXTURES, FIXTURE)
    if not os.path.exists(fixture):
        print(f"SKIP: {fixture} is absent")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as td:
        big = os.path.join(td, "big.sqlite")
        nsq.gen(big, "--kernels", 200000)
        raw_protocol(c, fixture, big)
        trace_big = os.path.join(td, "big400k.sqlite")
        nsq.gen(trace_big, "--kernels", 400000)
        hostile(c, td, fixture, trace_big)

        # --list-tools: the same tools as tools/list, one per analysis command
        doc = nsq.run("mcp", "--list-tools")
        names = [t["name"] for t in doc["result"]["tools"]]
        lst = nsq.run("--list-cmds", raw=True)[1]
        want = [l.split("\t")[0] for l in lst.splitlines() if l and l.split("\t")[0] not in ("capture", "verify", "skill", "mcp")]
        c.eq(names, want, "one tool per analysis command")
        import jsonschema
        for t in doc["result"]["tools"]:
            jsonschema.Draft202012Validator.check_schema(t["inputSchema"])

        py, why = sdk_python()
        if not py:
            print(f"SKIP (official SDK part): the MCP Python SDK could not be installed: {why}")
            c.done()
        calls = [
            ("info", {"input": fixture}, ["info", "--", fixture]),
            ("top-kernels", {"input": fixture, "limit": 3}, ["top-kernels", "--limit", "3", "--", fixture]),
            ("idle-gaps", {"input": fixture}, ["idle-gaps", "--", fixture]),
            ("steady-state", {"input": fixture}, ["steady-state", "--", fixture]),
            ("diff", {"inputs": [fixture, fixture], "window": "all"}, ["diff", "--window", "all", "--", fixture, fixture]),
            ("ranks", {"inputs": [fixture], "no-steps": True}, ["ranks", "--no-steps", "--", fixture]),
            ("timeline-sql", {"input": fixture, "sql": "SELECT count(*) AS n FROM kernel"},
             ["timeline-sql", "--sql", "SELECT count(*) AS n FROM kernel", "--", fixture]),
            ("top-kernels", {"input": os.path.join(td, "missing.sqlite")}, ["top-kernels", "--", os.path.join(td, "missing.sqlite")]),
        ]
        client = os.path.join(td, "client.py")
        with open(client, "w") as f:
            f.write(CLIENT)
        p = subprocess.run([py, client, nsq.NSYSQL, json.dumps([[n, a] for n, a, _ in calls])],
                           capture_output=True, text=True, timeout=600)
        c.eq(p.returncode, 0, f"SDK client ran: {p.stderr[-2000:]}")
        if p.returncode == 0:
            out = json.loads(p.stdout)
            c.eq((out["protocol"], out["server"]), ("2025-06-18", "nsysql"), "SDK: initialize")
            c.eq(list(out["tools"]), want, "SDK: tools/list")
            for (name, _, argv), got in zip(calls, out["calls"]):
                cli = subprocess.run([nsq.NSYSQL, *argv], capture_output=True)
                c.eq(got["text"], cli.stdout.decode(), f"SDK: {name} {argv[1:3]} text is the CLI's document byte for byte")
                c.eq(got["structured"], json.loads(cli.stdout), f"SDK: {name} structured content")
                c.eq(got["is_error"], cli.returncode not in (0, 1), f"SDK: {name} isError")
    c.done()


if __name__ == "__main__":
    main()
