"""The source tree is layered: util < export < analysis, capture < cmd.

Every #include "nsysql/..." in src/ and include/ must name a header of its own
layer or a lower one (analysis and capture do not include each other), and
the module graph (NAME.c and NAME.h are one module) has no cycle."""
import glob
import os
import re
import sys

import nsq

RANK = {"util": 0, "export": 1, "analysis": 2, "capture": 2, "top": 9}
failures = []


def module(path):
    rel = os.path.relpath(path, nsq.SRC)
    for prefix in ("include/nsysql/", "src/"):
        if rel.startswith(prefix):
            rel = rel[len(prefix):]
    return os.path.splitext(rel)[0]


def layer(mod):
    return mod.split("/")[0] if "/" in mod else "top"


edges = {}
files = glob.glob(os.path.join(nsq.SRC, "src", "*", "*.c")) + \
    glob.glob(os.path.join(nsq.SRC, "src", "*", "*", "*.c")) + \
    glob.glob(os.path.join(nsq.SRC, "include", "nsysql", "*", "*.h"))
if len(files) < 40:
    failures.append(f"only {len(files)} layered sources found")
stray = glob.glob(os.path.join(nsq.SRC, "src", "*.c")) + glob.glob(os.path.join(nsq.SRC, "include", "nsysql", "*.h"))
stray = [s for s in stray if os.path.basename(s) not in ("cmd.h", "version.h")]
if stray:
    failures.append(f"sources outside a layer: {stray}")
for f in files:
    m = module(f)
    with open(f) as fh:
        for inc in re.findall(r'#include "nsysql/([a-z_/]+)\.h"', fh.read()):
            if inc == m:
                continue
            edges.setdefault(m, set()).add(inc)
            la, lb = layer(m), layer(inc)
            if lb == "top" and inc != "version":
                failures.append(f"{m} includes the command layer's {inc}.h")
            elif lb != "top" and (RANK[lb] > RANK[la] or (la != lb and {la, lb} == {"analysis", "capture"})):
                failures.append(f"{m} ({la}) includes {inc}.h ({lb}): a higher layer")

state = {}


def visit(u, stack):
    state[u] = 1
    stack.append(u)
    for v in sorted(edges.get(u, ())):
        if state.get(v) == 1:
            failures.append("include cycle: " + " -> ".join(stack[stack.index(v):] + [v]))
        elif not state.get(v):
            visit(v, stack)
    stack.pop()
    state[u] = 2


for u in sorted(edges):
    if not state.get(u):
        visit(u, [])

print(f"{len(files)} files, {sum(len(v) for v in edges.values())} include edges")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
