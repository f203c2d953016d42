#!/usr/bin/env python3
"""nsysql report, rendered in a real browser (headless Chromium from Debian).

For every real export in the fixtures and a generated before/after pair:
- the report document validates and names the file it wrote;
- Chromium renders the file (--dump-dom) without a console error, and the
  DOM holds what the source documents say it must: one busy/idle strip per
  device of the idle-gaps document, one bar per kernel of an independent
  `top-kernels --limit 15` run (in its order, each bar titled with the full
  name), one point per iteration of `steady-state --iterations` (up to 400)
  with one phase band per run of equal phases, and with --baseline one
  waterfall bar per kernel of the diff (up to 15) coloured by its verdict;
  the embedded documents parse and equal those runs' results;
- the screenshot is not blank (decoded here: many distinct colours, and dark
  and light pixels both present).
Exits 77 (skipped) only when no headless Chromium is installed.
"""
import html
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nsq  # noqa: E402

CHROME = next((shutil.which(b) for b in ("chromium-headless-shell", "chromium", "chromium-browser")
               if shutil.which(b)), None)
if not CHROME:
    print("SKIP: no headless Chromium (apt-get install chromium-headless-shell)")
    sys.exit(77)
FLAGS = ["--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0"]


def chrome(*args):
    p = subprocess.run([CHROME, *FLAGS, *args], capture_output=True, timeout=120)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def png_pixels(path):
    """A minimal PNG decoder (8-bit RGB/RGBA, not interlaced): rows of bytes."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, typ = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if typ == b"IHDR":
            w, h, depth, ctype, _, _, inter = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and not inter, f"PNG kind {depth}/{ctype}/{inter}"
            bpp = 3 if ctype == 2 else 4
        elif typ == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        ft = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ft == 1:
                line[i] = (line[i] + a) & 255
            elif ft == 2:
                line[i] = (line[i] + b) & 255
            elif ft == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ft == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def embedded(doc_html, key):
    m = re.search(r'<script type="application/json" id="nsysql-%s">(.*?)</script>' % re.escape(key), doc_html, re.S)
    return json.loads(m.group(1).replace("<\\/", "</")) if m else None


def check_report(c, label, path, out, baseline=None):
    args = ["report", path, "-o", out] + (["--baseline", baseline] if baseline else [])
    doc = nsq.run(*args)
    c.eq(doc["result"]["output"], out, f"{label}: output named")
    c.eq(os.path.getsize(out), doc["result"]["bytes"], f"{label}: bytes written")
    with open(out) as f:
        text = f.read()
    c.check("http://" not in text.replace("http://www.w3.org", "") and "https://" not in text and "<script src" not in text,
            f"{label}: self-contained (no network reference)")
    rc, dom, err = chrome("--dump-dom", "file://" + out)
    c.eq(rc, 0, f"{label}: chromium renders it")
    bad = [l for l in err.splitlines() if "CONSOLE" in l or "Uncaught" in l]
    c.eq(bad, [], f"{label}: no console error")
    secs = {s["source"]: s for s in doc["result"]["sections"]}

    # strips: one per device of idle-gaps
    gaps = nsq.run("idle-gaps", path, "--limit", "0", expect_rc=None)
    c.eq(secs["idle-gaps"]["included"], gaps["ok"], f"{label}: idle-gaps section iff idle-gaps runs")
    if not gaps["ok"]:
        c.check(gaps["error"]["code"] in (secs["idle-gaps"]["reason"] or ""), f"{label}: idle-gaps reason names its code")
    if secs["idle-gaps"]["included"]:
        c.eq(embedded(text, "idle-gaps"), gaps["result"], f"{label}: embedded idle-gaps = its own run")
        devs = [d for d in gaps["result"]["devices"] if d["span_ns"] > 0]
        c.eq(dom.count('<g class="gpu"'), len(devs), f"{label}: one strip per device")
        for d in devs:
            c.check(f'data-device="{d["device"]}"' in dom, f"{label}: strip of device {d['device']}")
    else:
        c.eq(dom.count('<g class="gpu"'), 0, f"{label}: no strip without idle-gaps")
    # kernel bars
    tk = nsq.run("top-kernels", path, "--limit", "15", expect_rc=None)
    c.eq(secs["top-kernels"]["included"], tk["ok"], f"{label}: top-kernels section iff top-kernels runs")
    if secs["top-kernels"]["included"]:
        names = [k["name"] for k in tk["result"]["kernels"]][:15]
        bars = re.findall(r'<g class="kbar"><title>(.*?)</title>', dom, re.S)
        c.eq([html.unescape(b) for b in bars], names, f"{label}: one bar per top kernel, in order, titled")
    else:
        c.eq(dom.count('class="kbar"'), 0, f"{label}: no bars without top-kernels")
    # iterations
    st = nsq.run("steady-state", path, "--iterations", expect_rc=None)
    c.eq(secs["steady-state"]["included"], st["ok"], f"{label}: steady-state section iff it runs")
    if secs["steady-state"]["included"]:
        it = st["result"].get("per_iteration") or []
        pts = dom.count('<circle class="it"')
        want = sum(1 for x in it if x["cost"] is not None) if len(it) <= 400 else 0
        c.eq(pts, want, f"{label}: one point per iteration ({len(it)})")
        runs = sum(1 for i, x in enumerate(it) if i == 0 or x["phase"] != it[i - 1]["phase"])
        c.eq(dom.count('<rect class="phase"'), runs, f"{label}: one band per run of phases")
    # diff
    if baseline:
        df = nsq.run("diff", baseline, path)
        ks = df["result"]["kernels"][:15]
        wf = re.findall(r'<g class="wf-kernel"><title>(.*?): ', dom, re.S)
        c.eq([html.unescape(x) for x in wf], [k["name"] for k in ks], f"{label}: one waterfall bar per diff kernel")
        c.check(f"<b>{df['result']['verdict']}</b>" in dom, f"{label}: the verdict is shown")
        c.eq(embedded(text, "diff"), df["result"], f"{label}: embedded diff = its own run")
    # the screenshot
    png = out + ".png"
    rc, _, _ = chrome("--window-size=1200,1600", "--screenshot=" + png, "file://" + out)
    c.eq(rc, 0, f"{label}: screenshot taken")
    w, h, bpp, rows = png_pixels(png)
    colours, dark, light = set(), 0, 0
    for y in range(0, h, 4):
        r = rows[y]
        for x in range(0, w * bpp, 4 * bpp):
            px = r[x:x + 3]
            colours.add(px)
            lum = sum(px)
            dark += lum < 450  # ink: text, strips, bars (the busy blue is 230)
            light += lum > 700
    # text alone gives antialiased colours and some dark pixels; drawn strips
    # and bars give many more
    want_dark = 2000 if secs["idle-gaps"]["included"] else 100
    c.check(len(colours) > 20 and dark > want_dark and light > 500,
            f"{label}: screenshot not blank ({len(colours)} colours, {dark} dark (> {want_dark}), {light} light samples)")
    return doc


def main():
    c = nsq.Checks()
    tmp = tempfile.mkdtemp(prefix="nsq-report-")
    fixtures = sorted(f for f in os.listdir(nsq.FIXTURES) if f.endswith(".sqlite")) if os.path.isdir(nsq.FIXTURES) else []
    for f in fixtures:
        check_report(c, f, os.path.join(nsq.FIXTURES, f), os.path.join(tmp, f + ".html"))
    a, b = os.path.join(tmp, "base.sqlite"), os.path.join(tmp, "patch.sqlite")
    nsq.gen(a, "--iterations", "60", "--seed", "1", "--warmup", "3", "--kernel", "gemm:180000:0.03",
            "--kernel", "attn:240000:0.03", "--kernel", "norm:12000:0.05", "--gap", "30:400000:sync")
    nsq.gen(b, "--iterations", "60", "--seed", "2", "--warmup", "3", "--kernel", "gemm:180000:0.03",
            "--kernel", "attn:200000:0.03", "--kernel", "norm:12000:0.05", "--gap", "30:400000:sync")
    doc = check_report(c, "generated pair", b, os.path.join(tmp, "pair.html"), baseline=a)
    c.eq([s["included"] for s in doc["result"]["sections"]], [True] * 6, "generated pair: every section")
    with open(os.path.join(tmp, "pair.html")) as fh:
        dom = fh.read()
    c.check('fill="#2e8b57"' in dom, "generated pair: the faster kernel's bar is green (improved)")
    c.check("400 µs sync" in dom, "generated pair: the planted 400 us sync gap is labelled")
    # bad output path: a coded error, nothing written
    rc, out, _ = nsq.run("report", b, "-o", os.path.join(tmp, "no", "such", "dir", "r.html"), raw=True)
    c.eq(rc, 2, "unwritable -o: exit 2")
    c.eq(json.loads(out)["error"]["code"], "report_unwritable", "unwritable -o: code")
    rc, out, _ = nsq.run("report", b, raw=True)
    c.eq((rc, json.loads(out)["error"]["code"]), (2, "missing_option_value"), "no -o: usage error")
    if os.environ.get("NSYSQL_KEEP_REPORTS"):
        print("reports kept in", tmp)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    c.done()


main()
