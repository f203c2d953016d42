#!/usr/bin/env python3
"""For agents: `help --json`, the error-code table and `nsysql skill`.

- help --json validates against schemas/help.v1, lists exactly the commands
  of --list-cmds, and for each exactly the options of its OPT_ENTRY/OPT_CHOICE/OPT_RANGE/OPT_REQUIRED table in
  cmd/*.c, with defaults that are the command's real defaults (checked against
  the params echoed by a run).
- Every error code the sources can print (the code argument of every
  nsq_error / nsq_export_sql_error call and of the authorizer's refusals,
  read from src/ and cmd/ here) is in the table, and the table has no code
  the sources never print.
- The skill has the Agent Skills front matter, a section per command, every
  error code, every diff verdict of schemas/diff.v1, and each "Read first"
  path exists in that command's schema. skill --json wraps the same text.
"""
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402


def split_args(text):
    """Top-level comma-separated arguments of a call's argument text."""
    args, depth, cur, i = [], 0, "", 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            cur += text[i:j + 1]
            i = j + 1
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                args.append(cur)
                return args
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(cur)
            cur = ""
            i += 1
            continue
        cur += ch
        i += 1
    return args


def source_codes():
    """Every error code literal the C sources pass as a code."""
    calls = {"nsq_error": 2, "nsq_export_sql_error": 3, "refuse": 1}
    codes = {}
    for path in glob.glob(os.path.join(nsq.SRC, "src", "**", "*.c"), recursive=True) + glob.glob(os.path.join(nsq.SRC, "cmd", "*.c")):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for fn, pos in calls.items():
            for m in re.finditer(r"\b" + fn + r"\s*\(", text):
                args = split_args(text[m.end():])
                if len(args) <= pos or re.match(r"\s*(int|const|nsq_)", args[0]):
                    continue  # the definition or a declaration
                for lit in re.findall(r'"([a-z][a-z0-9_]*)"', args[pos]):
                    codes.setdefault(lit, set()).add(os.path.basename(path))
    return codes


def option_tables():
    out = {}
    for path in glob.glob(os.path.join(nsq.SRC, "cmd", "*.c")):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for m in re.finditer(r"const\s+nsq_cmd\s+\w+\s*=\s*\{\s*\"([a-z0-9-]+)\"", text):
            out[m.group(1)] = re.findall(r"OPT_(?:ENTRY|LIST|CHOICE|RANGE|REQUIRED)\s*\(\s*\"([a-z0-9-]+)\"", text)
    return out


def schema_has(schema, path):
    """Does the JSON path (.a.b[].c) exist in the schema's properties?"""
    def deref(n):
        while isinstance(n, dict) and "$ref" in n:
            n = schema["$defs"][n["$ref"].split("/")[-1]]
        return n

    node = schema
    for part in [p for p in path.strip(".").split(".") if p]:
        node = deref(node)
        arr = part.endswith("[]")
        key = part[:-2] if arr else part
        props = {}
        for n in [node] + node.get("oneOf", []) + node.get("anyOf", []) + node.get("allOf", []):
            props.update(deref(n).get("properties", {}))
        if key not in props:
            return False
        node = props[key]
        if arr:
            node = node.get("items", {})
    return True


def main():
    c = nsq.Checks()
    rc, out, _ = nsq.run("help", "--json", raw=True)
    c.eq(rc, 0, "help --json: exit 0")
    doc = json.loads(out)
    nsq.validate(doc)
    rc2, out2, _ = nsq.run("--list-cmds", "--json", raw=True)
    c.eq((rc2, out2), (0, out), "--list-cmds --json is the same document")

    rc, lst, _ = nsq.run("--list-cmds", raw=True)
    names = [l.split("\t")[0] for l in lst.splitlines() if l]
    c.eq([x["name"] for x in doc["commands"]], names, "help --json lists the commands of --list-cmds")
    tables = option_tables()
    for cmd in doc["commands"]:
        c.eq(sorted(o["name"] for o in cmd["options"]), sorted(tables.get(cmd["name"], [])),
             f"{cmd['name']}: options are its option table")
        c.check(os.path.exists(os.path.join(nsq.SRC, "schemas", cmd["schema"].split("/")[1] + ".v1.schema.json")),
                f"{cmd['name']}: schema file exists")
    by = {x["name"]: {o["name"]: o for o in x["options"]} for x in doc["commands"]}
    # defaults are the real ones: compare with the params a run echoes
    c.eq(by["top-kernels"]["limit"]["default"], 20, "top-kernels --limit default")
    c.eq(by["top-kernels"]["by"]["default"], "short", "top-kernels --by default")
    c.eq(by["ranks"]["threshold-pct"]["default"], 5, "ranks --threshold-pct default")
    c.eq(by["ranks"]["comm"]["default"], "^nccl|ncclKernel", "ranks --comm default")
    common = {o["name"] for o in doc["common_options"] + doc["limit_options"] + doc["cache_options"]}
    c.eq(common, {"help", "pretty", "format", "timeout-ms", "max-memory-mb", "no-cache", "quiet"}, "common options")
    c.eq([e["code"] for e in doc["exit_codes"]], [0, 1, 2, 3, 4, 5, 70], "exit codes")

    # error codes: the table and the sources agree
    table = {e["code"]: e for e in doc["error_codes"]}
    src = source_codes()
    c.check(len(src) > 50, f"codes found in the sources: {len(src)}")
    for code, files in sorted(src.items()):
        c.check(code in table, f"error code {code!r} (printed in {sorted(files)}) is in the table")
    for code in table:
        c.check(code in src, f"table code {code!r} is printed somewhere in the sources")
    c.eq(sorted(table), [e["code"] for e in doc["error_codes"]], "error codes sorted")
    # a code's exit code is the one a real failure carries
    d = nsq.run("info", "/nonexistent/x.sqlite", expect_rc=3)
    c.eq(table[d["error"]["code"]]["exit_code"], 3, "input_not_found exit code in the table")

    # the skill
    rc, md, _ = nsq.run("skill", raw=True)
    c.eq(rc, 0, "skill: exit 0")
    m = re.match(r"---\nname: nsysql\ndescription: (.+)\n---\n", md)
    c.check(m is not None and len(m.group(1)) > 80, "skill: Agent Skills front matter (name, description)")
    for n in names:
        if n != "skill":
            c.check(f"\n### {n}\n" in md, f"skill: a section for {n}")
    for code in table:
        c.check(f"`{code}`" in md, f"skill: error code {code}")
    diff_schema = nsq.schema_for({"schema": "nsysql/diff", "schema_version": 1})
    verdicts = set(diff_schema["properties"]["result"]["properties"]["verdict"]["enum"])
    verdicts |= set(diff_schema["properties"]["result"]["properties"]["kernels"]["items"]["properties"]["verdict"]["enum"])
    for v in sorted(verdicts):
        c.check(f"`{v}`" in md, f"skill: diff verdict {v}")
    for sec in re.finditer(r"\n### ([a-z-]+)\n\n`nsysql [^\n]*Output schema `(nsysql/[a-z-]+)`[^\n]*\n\nRead first: ([^\n]+)", md):
        schema = nsq.schema_for({"schema": sec.group(2), "schema_version": 1})
        paths = re.findall(r"`(\.[a-z_.\[\]]+)`", sec.group(3))
        c.check(paths, f"skill: {sec.group(1)} names fields to read first")
        for p in [x for x in paths if not x.startswith(".error")]:
            c.check(schema_has(schema, p), f"skill: {sec.group(1)} read-first path {p} is in {sec.group(2)}")
    js = nsq.run("skill", "--json")
    c.eq(js["result"]["markdown"], md, "skill --json wraps the same Markdown")
    built = os.path.join(nsq.BUILD if hasattr(nsq, "BUILD") else os.environ.get("NSYSQL_BUILD", ""),
                         "skills", "nsysql", "SKILL.md")
    if os.path.exists(built):
        with open(built) as f:
            c.eq(f.read(), md, "the SKILL.md the build installs is the skill's output")
    c.done()


if __name__ == "__main__":
    main()
