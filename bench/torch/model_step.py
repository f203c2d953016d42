#!/usr/bin/env python3
"""A small but real PyTorch training step, in two versions, for baseline/patch captures.

Four pre-norm transformer blocks (LayerNorm, multi-head attention through
scaled_dot_product_attention, LayerNorm, GELU MLP), forward + backward + AdamW
step, fp32 (`--dtype bf16`: the forward under bf16 autocast), on one GPU. `--variant eager` runs the module as written;
`--variant compile` runs the same module through torch.compile (Inductor fuses
the elementwise and normalisation work into Triton kernels, compilation and
autotuning are the warm-up). Every step is one NVTX range `train_step`; the
first `--warmup` steps are the same work as the rest.

Prints one JSON line on stdout: the variant, the shape, per-step CUDA-event
times (ms, warm-up included), and with `--reference` the kernel launches per
step counted by torch.profiler (run it outside any other profiler: both use
CUPTI).
"""
import argparse
import json
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 4 * d)
        self.fc2 = nn.Linear(4 * d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=2)
        q = q.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, d // self.heads).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(a.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class Model(nn.Module):
    def __init__(self, d, heads, layers):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d, heads) for _ in range(layers))
        self.ln = nn.LayerNorm(d)

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return self.ln(x)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=("eager", "compile"), default="eager")
    ap.add_argument("--dtype", choices=("fp32", "bf16"), default="fp32",
                    help="bf16: the forward under torch.autocast(bfloat16)")
    ap.add_argument("--steps", type=int, default=20, help="measured steps")
    ap.add_argument("--warmup", type=int, default=5, help="warm-up steps")
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--seq", type=int, default=256)
    ap.add_argument("--dim", type=int, default=512)
    ap.add_argument("--heads", type=int, default=8)
    ap.add_argument("--layers", type=int, default=4)
    ap.add_argument("--reference", action="store_true",
                    help="count kernel launches per step with torch.profiler")
    a = ap.parse_args()
    if not torch.cuda.is_available():
        print("model_step: no CUDA device", file=sys.stderr)
        return 3
    torch.manual_seed(0)
    dev = torch.device("cuda")
    model = Model(a.dim, a.heads, a.layers).to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, foreach=True)
    x = torch.randn(a.batch, a.seq, a.dim, device=dev)
    y = torch.randn(a.batch, a.seq, a.dim, device=dev)
    fn = torch.compile(model) if a.variant == "compile" else model

    def step():
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=a.dtype == "bf16"):
            out = fn(x)
        loss = F.mse_loss(out.float(), y)
        loss.backward()
        opt.step()
        return loss

    n = a.warmup + a.steps
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
          for _ in range(n)]
    t0 = time.time()
    losses = []
    for i in range(n):
        torch.cuda.nvtx.range_push("train_step")
        ev[i][0].record()
        losses.append(step())
        ev[i][1].record()
        torch.cuda.nvtx.range_pop()
    torch.cuda.synchronize()
    wall = time.time() - t0
    out = {
        "program": "model_step", "variant": a.variant, "dtype": a.dtype, "warmup": a.warmup, "steps": a.steps,
        "shape": {"batch": a.batch, "seq": a.seq, "dim": a.dim, "heads": a.heads,
                  "layers": a.layers},
        "device": torch.cuda.get_device_name(0), "torch": torch.__version__,
        "cuda": torch.version.cuda, "wall_s": round(wall, 4),
        "step_ms": [round(s.elapsed_time(e), 4) for s, e in ev],
        "loss_first": float(losses[0]), "loss_last": float(losses[-1]),
    }
    if a.reference:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(3):
                step()
            torch.cuda.synchronize()
        kernels = {}
        for e in prof.events():
            if e.device_type == torch.autograd.DeviceType.CUDA and not e.name.startswith("Memcpy") \
                    and not e.name.startswith("Memset"):
                kernels[e.name] = kernels.get(e.name, 0) + 1
        out["reference_steps"] = 3
        out["kernels_per_step"] = {k: v / 3 for k, v in sorted(kernels.items())}
        out["kernel_launches_per_step"] = sum(kernels.values()) / 3
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
