#!/usr/bin/env python3
"""top-kernels --shapes: each row split by launch shape (grid, block, static +
dynamic shared memory: the variants diff compares).

Expected values come from the test's own SQL over the raw kernel table: on
real exports (Gaussian elimination before and after its block-size change, a
2-GPU H100 capture whose GEMMs run with several grids), on a generated export
with a planted two-shape kernel, and on one whose kernel table has no launch
columns (shapes null, a launch_shape_unknown warning).
"""
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

PAIRS = os.path.join(os.path.dirname(nsq.FIXTURES), "nsys-pairs")


def raw_shapes(path, where="1"):
    """short name -> {(grid, block, shared): [durations]}."""
    out = {}
    for name, gx, gy, gz, bx, by, bz, sh, d in nsq.raw_db(path).execute(
            "SELECT s.value, gridX, gridY, gridZ, blockX, blockY, blockZ, "
            "COALESCE(staticSharedMemory, 0) + COALESCE(dynamicSharedMemory, 0), k.\"end\" - k.start "
            "FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName "
            f'WHERE k."end" >= k.start AND {where}'):
        out.setdefault(name, {}).setdefault(((gx, gy, gz), (bx, by, bz), sh), []).append(d)
    return out


def raw_registers(path):
    """(short name, grid, block, shared) -> registersPerThread when one value, else None."""
    out = {}
    for name, gx, gy, gz, bx, by, bz, sh, lo, hi in nsq.raw_db(path).execute(
            "SELECT s.value, gridX, gridY, gridZ, blockX, blockY, blockZ, "
            "COALESCE(staticSharedMemory, 0) + COALESCE(dynamicSharedMemory, 0), "
            "min(registersPerThread), max(registersPerThread) "
            "FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON s.id = k.shortName "
            'WHERE k."end" >= k.start GROUP BY 1, 2, 3, 4, 5, 6, 7, 8'):
        out[(name, (gx, gy, gz), (bx, by, bz), sh)] = lo if lo == hi else None
    return out


def median(v):
    v = sorted(v)
    n = len(v)
    return (v[(n - 1) // 2] + v[n // 2]) // 2


def check_rows(c, what, doc, ref, regs=None):
    rows = [k for k in doc["result"]["kernels"] if not k["other"]]
    c.check(rows, f"{what}: rows")
    for k in rows:
        want = ref.get(k["name"], {})
        got = {(tuple(s["grid"]), tuple(s["block"]), s["shared_bytes"]): s for s in k["shapes"]}
        c.eq(sorted(got), sorted(want), f"{what}: {k['name'][:40]} shapes")
        for key, s in got.items():
            v = want.get(key, [])
            c.eq((s["instances"], s["total_ns"], s["median_ns"], s["min_ns"], s["max_ns"]),
                 (len(v), sum(v), median(v) if v else None, min(v, default=None), max(v, default=None)),
                 f"{what}: {k['name'][:40]} {key}")
        c.eq((sum(s["instances"] for s in k["shapes"]), sum(s["total_ns"] for s in k["shapes"])),
             (k["instances"], k["total_ns"]), f"{what}: {k['name'][:40]} shapes add up to the row")
        if regs is not None:
            c.eq({key: s["registers_per_thread"] for key, s in got.items()},
                 {key: regs.get((k["name"],) + key) for key in got}, f"{what}: {k['name'][:40]} registers")
        if k["pct_of_kernel_time"] is not None:
            c.check(abs(sum(s["pct_of_kernel_time"] for s in k["shapes"]) - k["pct_of_kernel_time"]) < 1e-3,
                    f"{what}: {k['name'][:40]} shapes' pct_of_kernel_time add up to the row's")
        totals = [s["total_ns"] for s in k["shapes"]]
        c.eq(totals, sorted(totals, reverse=True), f"{what}: largest shape first")


def main():
    c = nsq.Checks()
    for name in ("rodinia-gaussian-report2-2022.4.sqlite", "rodinia-gaussian-report3-2022.4.sqlite"):
        p = os.path.join(PAIRS, name)
        if os.path.exists(p):
            doc = nsq.run("top-kernels", "--shapes", p)
            check_rows(c, name, doc, raw_shapes(p), raw_registers(p))
            fan2 = [k for k in doc["result"]["kernels"] if k["name"] == "Fan2"][0]
            c.eq(len(fan2["shapes"]), 1, f"{name}: Fan2 has one launch shape")
            # the block size the two reports differ by (4x4 before, 16x16 after), from the raw table
            want = nsq.raw_db(p).execute(
                "SELECT DISTINCT blockX, blockY, blockZ FROM CUPTI_ACTIVITY_KIND_KERNEL k "
                "JOIN StringIds s ON s.id = k.shortName WHERE s.value = 'Fan2'").fetchall()
            c.eq([tuple(s["block"]) for s in fan2["shapes"]], want, f"{name}: Fan2 block")
            c.eq(want, [(4, 4, 1)] if "report2" in name else [(16, 16, 1)], f"{name}: Fan2 block is the documented one")
    h100 = os.path.join(nsq.FIXTURES, "nsysai-h100-2gpu-fastvideo-sliced-2026.2.sqlite")
    if os.path.exists(h100):
        doc = nsq.run("top-kernels", "--shapes", "--limit", 0, h100)
        check_rows(c, "h100", doc, raw_shapes(h100), raw_registers(h100))
        c.check(any(len(k["shapes"]) > 1 for k in doc["result"]["kernels"]), "h100: kernels with several shapes")
        doc = nsq.run("top-kernels", "--shapes", "--per-device", "--device", 1, "--limit", 5, h100)
        check_rows(c, "h100 device 1", doc, raw_shapes(h100, "deviceId = 1"))
        c.eq(doc["params"]["shapes"], True, "params.shapes echoed")
    # the oldest export with a kernel table (nsys 2022.1, EXPORT_META_DATA 2.9.1)
    old = os.path.join(nsq.FIXTURES, "dlprof-pytorch-conv-2022.1.sqlite")
    if os.path.exists(old):
        doc = nsq.run("top-kernels", "--shapes", "--limit", 0, old)
        check_rows(c, "2022.1", doc, raw_shapes(old), raw_registers(old))
        c.check(not any(w["code"] == "launch_shape_unknown" for w in doc["warnings"]), "2022.1: shapes known")
    doc = nsq.run("top-kernels", "--limit", 3, h100 if os.path.exists(h100) else nsq.fixtures()[0])
    c.check(all("shapes" not in k for k in doc["result"]["kernels"]), "without --shapes: no shapes")

    with tempfile.TemporaryDirectory() as td:
        # planted by the generator: gemm at 8x1x1/128x1x1 once per iteration (100 us) and at
        # 32x1x1/256x1x1 with 4 KiB shared memory twice per iteration (200 us), 20 iterations
        g = os.path.join(td, "two.sqlite")
        nsq.gen(g, "--kernel", "gemm@8x1x1/128x1x1:100000:0:1", "--kernel", "gemm@32x1x1/256x1x1/4096:200000:0:2",
                "--kernel", "relu:5000:0", "--iterations", 20)
        doc = nsq.run("top-kernels", "--shapes", g)
        gemm = [k for k in doc["result"]["kernels"] if k["name"] == "gemm"][0]
        c.eq((gemm["instances"], gemm["total_ns"]), (60, 20 * 100000 + 40 * 200000), "planted: gemm row")
        c.eq([(s["grid"], s["block"], s["shared_bytes"], s["instances"], s["total_ns"], s["median_ns"],
               s["min_ns"], s["max_ns"], s["pct_of_row"]) for s in gemm["shapes"]],
             [([32, 1, 1], [256, 1, 1], 4096, 40, 8000000, 200000, 200000, 200000, 80),
              ([8, 1, 1], [128, 1, 1], 0, 20, 2000000, 100000, 100000, 100000, 20)],
             "planted: two shapes by construction, largest total first")
        c.check(abs(gemm["shapes"][0]["pct_of_kernel_time"] - 100 * 8000000 / (10000000 + 20 * 5000)) < 1e-4,
                "planted: shape share of kernel time")
        check_rows(c, "planted", doc, raw_shapes(g), raw_registers(g))
        # the same two shapes in a name-only ranking: one row
        doc = nsq.run("top-kernels", g)
        c.eq([k["instances"] for k in doc["result"]["kernels"] if k["name"] == "gemm"], [60],
             "planted: without --shapes one gemm row")
        # no launch columns (an export that does not record them)
        nl = os.path.join(td, "nolaunch.sqlite")
        shutil.copyfile(g, nl)
        db = sqlite3.connect(nl)
        for col in ("gridX", "gridY", "gridZ", "blockX", "blockY", "blockZ", "staticSharedMemory",
                    "dynamicSharedMemory", "registersPerThread"):
            db.execute(f"ALTER TABLE CUPTI_ACTIVITY_KIND_KERNEL DROP COLUMN {col}")
        db.commit()
        db.close()
        doc = nsq.run("top-kernels", "--shapes", nl)
        gemm = [k for k in doc["result"]["kernels"] if k["name"] == "gemm"][0]
        c.eq([(s["grid"], s["block"], s["shared_bytes"], s["registers_per_thread"], s["instances"])
              for s in gemm["shapes"]], [(None, None, None, None, 60)],
             "no launch columns: one unknown shape with every instance")
        c.check(any(w["code"] == "launch_shape_unknown" for w in doc["warnings"]), "no launch columns: warned")
    c.done()


if __name__ == "__main__":
    main()
