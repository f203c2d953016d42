#!/usr/bin/env python3
"""Schemas: one per command, valid draft 2020-12, consistent with the
envelope, and complete.

- Walks `nsysql --list-cmds`: every command must have
  schemas/<command>.v1.schema.json whose `schema` is const "nsysql/<command>".
- Every file in schemas/ must be a valid draft 2020-12 schema.
- Command schemas repeat the envelope's definitions (tool, input, query,
  warning): they must be identical to those in envelope.v1.schema.json, and
  require what the envelope requires.
- `nsysql <cmd> -h` and `nsysql help <cmd>` exit 0 and mention every option
  the command's option table declares (read from cmd/*.c, not from the help).
- Documents of info, timeline-sql and error are validated against their own
  schema, the envelope, and a "closed" copy of their schema (every object
  with declared properties gets additionalProperties: false), so a field the
  program prints but the schema does not describe is caught here while the
  published schemas stay open for fields added later.
"""
import copy
import glob
import json
import os
import re
import sys
import tempfile

import jsonschema

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SHARED_DEFS = ("tool", "input", "query", "warning")


def load(path):
    with open(path) as f:
        return json.load(f)


def list_cmds():
    rc, out, _ = nsq.run("--list-cmds", raw=True)
    assert rc == 0, "--list-cmds failed"
    return [ln.split("\t") for ln in out.splitlines() if ln.strip()]


def option_tables():
    """Command name -> long option names, from the OPT_ENTRY (and _CHOICE, _RANGE, _REQUIRED) lines of the
    file that defines the command (cmd/*.c)."""
    out = {}
    for path in glob.glob(os.path.join(nsq.SRC, "cmd", "*.c")):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for m in re.finditer(r"const\s+nsq_cmd\s+\w+\s*=\s*\{\s*\"([a-z0-9-]+)\"", text):
            out[m.group(1)] = re.findall(r"OPT_(?:ENTRY|LIST|CHOICE|RANGE|REQUIRED)\s*\(\s*\"([a-z0-9-]+)\"", text)
    return out


def closed(schema):
    """A copy where every object schema with `properties` and no
    additionalProperties/patternProperties gets additionalProperties: false."""
    s = copy.deepcopy(schema)

    def walk(node):
        if isinstance(node, dict):
            t = node.get("type")
            is_obj = t == "object" or (isinstance(t, list) and "object" in t)
            if is_obj and "properties" in node and "additionalProperties" not in node \
                    and "patternProperties" not in node and "unevaluatedProperties" not in node:
                node["additionalProperties"] = False
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(s)
    return s


def sample_documents(c, tmp):
    """Documents of the commands whose schemas this suite owns."""
    docs = []

    def add(*args, expect_rc=0):
        try:
            docs.append(nsq.run(*args, expect_rc=expect_rc))
        except AssertionError as e:  # nsq.run: wrong exit code, or the document fails its schema
            c.check(False, f"nsysql {' '.join(map(str, args))}: {str(e)[:600]}")

    fixtures = nsq.fixtures()
    for p in fixtures:
        add("info", p)
        add("info", "--no-counts", p)
        add("timeline-sql", p, "--sql", "select * from kernel limit 2")
    p = fixtures[0]
    add("timeline-sql", "--list")
    add("timeline-sql", "--show", "gpu-trace")
    big = [f for f in fixtures if "nsysai" in f] or fixtures
    add("timeline-sql", big[0], "--query", "gpu-trace", "--max-rows", "3")
    add("timeline-sql", big[0], "--query", "kernel-launch", "--param", "name_regex=nccl", "--max-rows", "3")
    f = os.path.join(tmp, "q.sql")
    with open(f, "w") as fh:
        fh.write("select :x x")
    add("timeline-sql", p, "--file", f, "--param", "x=1")
    add("info", "/nonexistent.sqlite", expect_rc=3)
    add("timeline-sql", p, "--sql", "delete from StringIds", expect_rc=4)
    add("nosuchcommand", expect_rc=2)
    return docs


def main():
    c = nsq.Checks()
    schema_dir = nsq.SCHEMAS
    files = sorted(glob.glob(os.path.join(schema_dir, "*.json")))
    schemas = {}
    for path in files:
        base = os.path.basename(path)
        c.check(re.match(r"^[a-z][a-z0-9-]*\.v[0-9]+\.schema\.json$", base) is not None,
                f"{base}: named <name>.v<N>.schema.json")
        try:
            s = load(path)
        except ValueError as e:
            c.check(False, f"{base}: is JSON ({e})")
            continue
        schemas[base] = s
        c.eq(s.get("$schema"), DRAFT, f"{base}: declares draft 2020-12")
        try:
            jsonschema.Draft202012Validator.check_schema(s)
            ok = True
        except jsonschema.SchemaError as e:
            ok = False
            print(e)
        c.check(ok, f"{base}: valid draft 2020-12 schema")
        c.check(isinstance(s.get("title"), str) and isinstance(s.get("description"), str),
                f"{base}: has a title and a description")
        c.check("$id" in s, f"{base}: has an $id")
    for need in ("envelope.v1.schema.json", "error.v1.schema.json"):
        c.check(need in schemas, f"schemas/{need} exists")
    envelope = schemas.get("envelope.v1.schema.json", {})

    cmds = list_cmds()
    c.check(len(cmds) > 0, "--list-cmds lists commands")
    opts = option_tables()
    for fields in cmds:
        name, sid = fields[0], fields[1]
        base = f"{name}.v1.schema.json"
        c.check(base in schemas, f"command {name}: has schemas/{base}")
        c.eq(sid, f"nsysql/{name}", f"command {name}: schema id")
        s = schemas.get(base)
        if s:
            c.eq(s.get("properties", {}).get("schema", {}).get("const"), f"nsysql/{name}",
                 f"{base}: schema is const nsysql/{name}")
            c.eq(s.get("properties", {}).get("schema_version", {}).get("const"), 1, f"{base}: schema_version is const 1")
            for req in envelope.get("required", []):
                c.check(req in s.get("required", []), f"{base}: requires envelope field {req}")
            for d in SHARED_DEFS:
                if d in s.get("$defs", {}):
                    c.eq(s["$defs"][d], envelope["$defs"][d], f"{base}: $defs.{d} identical to the envelope's")
        # help
        rc, out, err = nsq.run(name, "-h", raw=True)
        c.eq(rc, 0, f"nsysql {name} -h: exit 0")
        c.check(out.startswith(f"usage: nsysql {name}"), f"nsysql {name} -h: starts with its usage line")
        rc2, out2, _ = nsq.run("help", name, raw=True)
        c.eq(rc2, 0, f"nsysql help {name}: exit 0")
        c.eq(out2, out, f"nsysql help {name} equals nsysql {name} -h")
        rc3, out3, _ = nsq.run(name, "--help", raw=True)
        c.eq((rc3, out3), (0, out), f"nsysql {name} --help equals -h")
        c.check(name in opts, f"command {name}: its option table was found in cmd/*.c")
        for o in opts.get(name, []) + ["help", "pretty"]:
            c.check(re.search(r"--" + re.escape(o) + r"\b", out) is not None, f"nsysql {name} -h mentions --{o}")
        c.check(f"nsysql/{name}" in out, f"nsysql {name} -h names its output schema")
    for base in schemas:
        if base in ("envelope.v1.schema.json", "error.v1.schema.json", "help.v1.schema.json",
                    "partial.v1.schema.json"):  # partial: written by --partial, read by merge
            continue
        cname = re.sub(r"\.v[0-9]+\.schema\.json$", "", base)
        c.check(cname in [f[0] for f in cmds], f"{base}: belongs to a command in --list-cmds")

    # documents: own schema (nsq.run did it), envelope, closed schema
    env_v = jsonschema.Draft202012Validator(envelope) if envelope else None
    closed_v = {}
    with tempfile.TemporaryDirectory() as tmp:
        docs = sample_documents(c, tmp)
    seen = set()
    for d in docs:
        base = d["schema"].split("/", 1)[1] + f".v{d['schema_version']}.schema.json"
        seen.add(base)
        if base not in closed_v and base in schemas:
            closed_v[base] = jsonschema.Draft202012Validator(closed(schemas[base]))
        if base in closed_v:
            errs = [f"{list(e.absolute_path)}: {e.message[:160]}" for e in closed_v[base].iter_errors(d)]
            c.check(not errs, f"{base}: every field printed is described by the schema ({errs[:3]})")
        if d["ok"] and env_v:
            errs = [e.message[:160] for e in env_v.iter_errors(d)]
            c.check(not errs, f"{d['schema']} document validates against the envelope ({errs[:3]})")
        if not d["ok"] and env_v:
            c.check(not env_v.is_valid(d), "an error document is not an envelope document")
    for base in ("info.v1.schema.json", "timeline-sql.v1.schema.json", "error.v1.schema.json"):
        c.check(base in seen, f"{base}: exercised by a document")

    # the schemas reject what they must reject
    info_s = schemas.get("info.v1.schema.json")
    if info_s and any(d["schema"] == "nsysql/info" for d in docs):
        good = next((d for d in docs if d["schema"] == "nsysql/info" and d["result"]["tables"]), None)
        bad = copy.deepcopy(good)
        bad["result"]["tables"][0]["rows"] = -1
        c.check(not jsonschema.Draft202012Validator(info_s).is_valid(bad), "info schema rejects a negative row count")
        bad = copy.deepcopy(good)
        bad["result"]["analyses"] = [{"name": "top-kernels", "can_run": False, "reason": None}]
        c.check(not jsonschema.Draft202012Validator(info_s).is_valid(bad), "info schema: can_run false needs a reason")
        more = copy.deepcopy(good)
        more["result"]["added_later"] = {"x": 1}
        more["result"]["export"]["added_later"] = 1
        c.check(jsonschema.Draft202012Validator(info_s).is_valid(more), "info schema accepts fields added later")
    ts_s = schemas.get("timeline-sql.v1.schema.json")
    if ts_s:
        good = next(d for d in docs if d["schema"] == "nsysql/timeline-sql" and d["params"]["mode"] == "sql")
        bad = copy.deepcopy(good)
        del bad["result"]["truncated"]
        c.check(not jsonschema.Draft202012Validator(ts_s).is_valid(bad), "timeline-sql schema: rows mode needs truncated")
        bad = copy.deepcopy(good)
        bad["result"]["rows"] = [{"a": [1]}]
        c.check(not jsonschema.Draft202012Validator(ts_s).is_valid(bad), "timeline-sql schema: a cell is a scalar")
        bad = copy.deepcopy(good)
        bad["params"]["mode"] = "list"
        c.check(not jsonschema.Draft202012Validator(ts_s).is_valid(bad), "timeline-sql schema: list mode needs queries")
    err_s = schemas.get("error.v1.schema.json")
    if err_s:
        good = next(d for d in docs if d["schema"] == "nsysql/error")
        bad = copy.deepcopy(good)
        bad["error"]["exit_code"] = 0
        c.check(not jsonschema.Draft202012Validator(err_s).is_valid(bad), "error schema rejects exit_code 0")
        bad = copy.deepcopy(good)
        bad["ok"] = True
        c.check(not jsonschema.Draft202012Validator(err_s).is_valid(bad), "error schema rejects ok true")
    c.done()


if __name__ == "__main__":
    main()
