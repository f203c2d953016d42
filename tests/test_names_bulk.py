#!/usr/bin/env python3
"""Kernel names of an export with many distinct names (src/export/strids.c).

Names are looked up one id at a time until several thousand ids have been
asked for; then StringIds is read whole into an array by id. These checks put
12,000 distinct names (and three ids that StringIds lacks, met after the
switch) through top-kernels and diff, and compare every name with the one our
own SQL reads from StringIds for the same kernel row.
"""
import os
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

c = nsq.Checks()
N = 12000
MISSING = (11990, 11995, 11999)  # launch indices whose name id is deleted

with tempfile.TemporaryDirectory() as td:
    ex = os.path.join(td, "names.sqlite")
    nsq.gen(ex, "--kernels", N, "--distinct-names", N, "--seed", 5)
    db = sqlite3.connect(ex)
    gone = []
    for i in MISSING:
        (sid,) = db.execute("SELECT id FROM StringIds WHERE value = ?", (f"dn_kernel_{i}",)).fetchone()
        db.execute("DELETE FROM StringIds WHERE id = ?", (sid,))
        gone.append(sid)
    db.commit()
    db.close()
    ref = nsq.raw_db(ex)
    # reference: the short name of every kernel row, resolved here
    rows = ref.execute("SELECT k.shortName, s.value FROM CUPTI_ACTIVITY_KIND_KERNEL k "
                       "LEFT JOIN StringIds s ON s.id = k.shortName").fetchall()
    present = {v for _, v in rows if v is not None}
    absent = {i for i, v in rows if v is None}
    c.eq(sorted(absent), sorted(gone), "reference: the deleted ids are the only ones without a name")
    c.check(len(present) >= N - len(MISSING), f"reference: {len(present)} names")

    d = nsq.run("top-kernels", "--limit", 0, ex)
    names = [r["name"] for r in d["result"]["kernels"]]
    want = present | {f"[name id {i} not in StringIds]" for i in absent}
    c.eq(len(names), len(set(names)), "top-kernels: one row a name")
    c.eq((sorted(set(names) - want)[:5], sorted(want - set(names))[:5]), ([], []),
         "top-kernels: every name as StringIds has it, missing ids apart (extra, missing)")
    c.eq({r["instances"] for r in d["result"]["kernels"] if r["name"].startswith("dn_kernel_")}, {1},
         "top-kernels: each generated name launched once")

    d = nsq.run("diff", ex, ex, "--window", "all", "--limit", 0)
    names = [k["name"] for k in d["result"]["kernels"]]
    want = present | {f"(unknown name id {i})" for i in absent}
    c.eq(len(names), len(set(names)), "diff: one row a name")
    c.eq((sorted(set(names) - want)[:5], sorted(want - set(names))[:5]), ([], []),
         "diff: every name as StringIds has it, missing ids apart (extra, missing)")
    c.eq(d["result"]["counts"]["matched_exact"], len(want), "diff: every name matched exactly")

    # StringIds as a plain table (no key): an id can have several rows, the
    # first of which (in table order) is its value, NULL meaning none (ids
    # that are multiples of 1001 keep only their second row)
    plain = os.path.join(td, "plain.sqlite")
    nsq.gen(plain, "--kernels", N, "--distinct-names", N, "--seed", 6)
    db = sqlite3.connect(plain)
    db.executescript("ALTER TABLE StringIds RENAME TO X; CREATE TABLE StringIds (id, value);"
                     "INSERT INTO StringIds SELECT id, CASE WHEN id % 97 = 0 THEN NULL ELSE value END "
                     "FROM X WHERE id % 1001 != 0;"
                     "INSERT INTO StringIds SELECT id, 'second_' || value FROM X WHERE id % 13 = 0;"
                     "DROP TABLE X;")
    db.commit()
    db.close()
    ref = nsq.raw_db(plain)
    first = {}
    for i, v in ref.execute("SELECT id, value FROM StringIds ORDER BY rowid"):
        first.setdefault(i, v)
    ids = [i for (i,) in ref.execute("SELECT shortName FROM CUPTI_ACTIVITY_KIND_KERNEL")]
    want = {first[i] if first.get(i) is not None else f"[name id {i} not in StringIds]" for i in ids}
    c.check(any(first.get(i) is None and i in first and i % 13 == 0 for i in ids),
            "reference: a kernel whose first name row is NULL and whose second is not")
    c.check(any(str(v).startswith("second_") for v in want), "reference: an id named by its second row only")
    d = nsq.run("top-kernels", "--limit", 0, plain)
    got = {r["name"] for r in d["result"]["kernels"]}
    c.eq((sorted(got - want)[:5], sorted(want - got)[:5]), ([], []),
         "plain StringIds: the first row of each id names it (extra, missing)")

c.done()
