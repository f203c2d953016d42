"""The source tree is layered: util < export < analysis, capture < cmd.

Every #include "nsysql/..." in src/ and include/ must name a header of its own
layer or a lower one (analysis and capture do not include each other), and
the module graph (NAME.c and NAME.h are one module) has no cycle.

The CUPTI injection library (cupti/) stands apart: it includes no nsysql/
header, each of its headers belongs to the .c of the same name (no header
shared by several modules, behind which calls could go both ways unseen),
and its modules' #include "NAME.h" graph has no cycle either.

Arrays grow geometrically: no realloc in src/ or cmd/ sizes an array by its
count plus a constant ("(n + 1)", "(n + k + 1)", "npg + shift") without a
capacity: such an array grows through NSQ_GROW (util/grow.h)."""
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

cupti = sorted(glob.glob(os.path.join(nsq.SRC, "cupti", "*.c")) +
               glob.glob(os.path.join(nsq.SRC, "cupti", "*.h")))
if len(cupti) < 8:
    failures.append(f"only {len(cupti)} cupti/ sources found")
for f in cupti:
    m = "cupti/" + os.path.splitext(os.path.basename(f))[0]
    if f.endswith(".h") and not os.path.exists(f[:-2] + ".c"):
        failures.append(f"cupti/{os.path.basename(f)} is no module's header (no {m}.c)")
    with open(f) as fh:
        text = fh.read()
    if re.search(r'#include "nsysql/', text):
        failures.append(f"{m} includes an nsysql/ header: the injection library stands alone")
    for inc in re.findall(r'#include "([a-z_]+)\.h"', text):
        if "cupti/" + inc != m:
            edges.setdefault(m, set()).add("cupti/" + inc)


def realloc_args(text):
    """(line, size argument) of every realloc call in a C text."""
    for m in re.finditer(r"realloc\s*\(", text):
        i, depth = m.end(), 1
        while depth and i < len(text):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        yield text.count("\n", 0, m.start()) + 1, " ".join(text[m.end():i - 1].split())


def grows_by_count(arg):
    """A size that is a count plus something, with no capacity in sight."""
    if re.search(r"cap|alloc|room", arg, re.I):
        return False
    return bool(re.search(r"\+\s*[\w>.\[\]-]+\s*\)", arg))


# the check must see the idiom it forbids, and let the ones it allows pass
for bad in ("v = xrealloc(v, sizeof(*v) * (size_t)(n + 1));",
            "r->rows = xrealloc(r->rows, (size_t)(r->nrows + keep + 1) * sizeof *r->rows);",
            "m->pg = xrealloc(m->pg, sizeof *m->pg * (size_t)(m->npg + shift));"):
    if not any(grows_by_count(a) for _, a in realloc_args(bad)):
        failures.append(f"the growth check misses {bad!r}")
for good in ("NSQ_GROW(v, n + 1, cap);", "b->v = xrealloc(b->v, sizeof *b->v * b->cap);",
             "k->buf = xrealloc(k->buf, k->cap * (size_t)(k->ncols + 1) * sizeof *k->buf);"):
    if any(grows_by_count(a) for _, a in realloc_args(good)):
        failures.append(f"the growth check flags {good!r}")
grow_uses = 0
for f in sorted(glob.glob(os.path.join(nsq.SRC, "src", "**", "*.[ch]"), recursive=True) +
                glob.glob(os.path.join(nsq.SRC, "cmd", "*.[ch]"))):
    with open(f) as fh:
        text = fh.read()
    grow_uses += text.count("NSQ_GROW(")
    for line, arg in realloc_args(text):
        if grows_by_count(arg):
            failures.append(f"{os.path.relpath(f, nsq.SRC)}:{line}: an array grown by its count "
                            f"({arg}): use NSQ_GROW (util/grow.h)")
if grow_uses < 50:
    failures.append(f"only {grow_uses} NSQ_GROW uses found in src/ and cmd/")

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

print(f"{len(files) + len(cupti)} files, {sum(len(v) for v in edges.values())} include edges, {grow_uses} NSQ_GROW uses")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
