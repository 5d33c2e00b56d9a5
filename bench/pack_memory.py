"""Peak memory and time of `ptonz-pack` on a multi-GiB safetensors checkpoint.

    .venv/bin/python bench/pack_memory.py                  # 2 GiB, ~1 min, needs ~6 GiB of disk
    .venv/bin/python bench/pack_memory.py --size-gib 4 --library-baseline
    .venv/bin/python bench/pack_memory.py --dir /big/disk --keep

Generates a deterministic checkpoint of random bits in a temporary directory
(removed afterwards unless --keep): MoE-style expert weights in bf16, f16,
int8 and float8 (2-D [2048, 4096] experts, a stacked [32, 2048, 4096] int8
tensor as in seed 001, a [8192, 8192] bf16 matrix larger than one band) plus
f32 norms and an f32 embedding that stay unpacked. Then runs, each as its own
process, with peak RSS (ru_maxrss of that process, from wait4) and wall time:

  pack     ptonz-pack CKPT -o NZ --select <the expert weights>
  verify   ptonz-pack CKPT -o NZ --verify
  unpack   ptonz-pack --unpack NZ -o BACK     (then BACK must equal CKPT byte for byte)

--library-baseline also measures what the safetensors library's own paths
would cost: reading every tensor with safe_open(..., backend="mmap") /
backend="pread" (NumPy frontend; float8 tensors are skipped there because it
cannot return them), and save_file of every packed tensor (which needs all
of them in memory at once).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import ml_dtypes  # noqa: F401
import numpy as np

from ptonz_pack import tensor_io as T

MiB = 1 << 20


def checkpoint_plan(size_bytes: int):
    """[(name, dtype name, shape, packed?)] totalling about `size_bytes`."""
    plan = [
        ("model.embed_tokens.weight", "float32", (32000, 1024), False),  # 125 MiB, copied
        ("model.layers.0.mlp.experts.w1", "int8", (32, 2048, 4096), True),  # 256 MiB, batches
        (
            "model.layers.0.self_attn.o_proj.weight",
            "bfloat16",
            (8192, 8192),
            True,
        ),  # 128 MiB, row bands
    ]
    used = sum(int(np.prod(s)) * np.dtype(d).itemsize for _, d, s, _ in plan)
    cycle = [
        ("w1", "bfloat16", (2048, 4096)),
        ("w2", "float8_e4m3fn", (4096, 2048)),
        ("w3", "float16", (2048, 4096)),
        ("w4", "float8_e5m2", (2048, 4096)),
        ("w5", "int8", (2048, 4096)),
    ]
    layer, expert = 1, 0
    while True:
        for w, dtype, shape in cycle:
            n = int(np.prod(shape)) * np.dtype(dtype).itemsize
            if used + n + 4096 * 4 > size_bytes:
                return plan
            plan.append((f"model.layers.{layer}.mlp.experts.{expert}.{w}", dtype, shape, True))
            used += n
        expert += 1
        if expert == 8:
            plan.append((f"model.layers.{layer}.input_layernorm.weight", "float32", (4096,), False))
            used += 4096 * 4
            layer, expert = layer + 1, 0


def write_checkpoint(path: str, plan, seed: int = 0) -> int:
    """Stream random bits into a .safetensors file (bounded memory)."""
    entries = [
        T.OutEntry(name, T.code_of(np.dtype(d)), shape, int(np.prod(shape)) * np.dtype(d).itemsize)
        for name, d, shape, _ in plan
    ]
    header = T.safetensors_header(entries, {"format": "pt"})
    rng = np.random.default_rng(seed)
    with open(path, "wb") as f:
        f.write(header)
        for e in entries:
            left = e.nbytes
            while left:
                n = min(left, 16 * MiB)
                f.write(rng.integers(0, 256, size=n, dtype=np.uint8).tobytes())
                left -= n
    return sum(e.nbytes for e in entries)


def measure(cmd, env=None):
    """(wall seconds, peak RSS MiB, exit status) of one child process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    out = proc.stdout.read().decode().strip()
    err = proc.stderr.read().decode().strip()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024, proc.returncode, out, err


LIBRARY_READ = """
import sys
import ml_dtypes  # bfloat16 for the NumPy frontend
from safetensors import safe_open
path, backend = sys.argv[1:3]
skipped = 0
with safe_open(path, framework="np", backend=backend) as f:
    for k in f.offset_keys():
        if f.get_slice(k).get_dtype().startswith("F8"):
            skipped += 1
            continue
        a = f.get_tensor(k)
        del a
print("skipped", skipped, "float8 tensors")
"""

LIBRARY_SAVE = """
import sys, json
import numpy as np, ml_dtypes
from safetensors.numpy import save_file
from ptonz_pack import tensor_io as T, layout as L
src = T.read_safetensors(sys.argv[1])
select = set(json.loads(sys.argv[3]))
out = {}
for t in src.tensors:
    a = t.read(0, t.nbytes).view(t.dtype()).reshape(t.shape)
    out[t.name] = np.asarray(L.pack_nz(a)) if t.name in select else a
save_file(out, sys.argv[2])
"""


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--size-gib", type=float, default=2.0)
    ap.add_argument("--dir", default=None, help="where to put the files (default: a new temp dir)")
    ap.add_argument("--keep", action="store_true", help="keep the generated files")
    ap.add_argument("--library-baseline", action="store_true")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args()

    exe = shutil.which("ptonz-pack", path=os.path.dirname(sys.executable)) or shutil.which(
        "ptonz-pack"
    )
    if exe is None:
        sys.exit("ptonz-pack is not installed next to this Python: run the README's install step")
    size = int(args.size_gib * 1024 * MiB)
    work = tempfile.mkdtemp(prefix="ptonz-pack-bench-", dir=args.dir)
    need = 3 * size + 64 * MiB
    free = shutil.disk_usage(work).free
    if free < need:
        shutil.rmtree(work)
        sys.exit(
            f"{work}: {free // MiB} MiB free, the benchmark needs {need // MiB} MiB "
            f"(--dir elsewhere or a smaller --size-gib)"
        )
    results = {"size_bytes": None, "runs": {}}
    try:
        ckpt, nz, back = (
            os.path.join(work, n)
            for n in ("ckpt.safetensors", "nz.safetensors", "back.safetensors")
        )
        plan = checkpoint_plan(size)
        t0 = time.perf_counter()
        total = write_checkpoint(ckpt, plan)
        packed = sum(int(np.prod(s)) * np.dtype(d).itemsize for _, d, s, p in plan if p)
        print(
            f"checkpoint: {len(plan)} tensors, {total / MiB:.0f} MiB "
            f"({packed / MiB:.0f} MiB to pack; largest tensor "
            f"{max(int(np.prod(s)) * np.dtype(d).itemsize for _, d, s, _ in plan) / MiB:.0f} MiB), "
            f"generated in {time.perf_counter() - t0:.1f} s"
        )
        results["size_bytes"] = total
        results["tensors"] = len(plan)
        selects = [
            "--select",
            "model.layers.*.mlp.experts.*",
            "--select",
            "model.layers.0.self_attn.o_proj.weight",
        ]
        runs = [
            ("pack", [exe, ckpt, "-o", nz, "--quiet"] + selects),
            ("verify", [exe, ckpt, "-o", nz, "--verify", "--quiet"]),
            ("unpack", [exe, "--unpack", nz, "-o", back, "--quiet"]),
        ]
        print(f"{'run':10s} {'wall s':>8s} {'peak RSS MiB':>13s}  GiB/s")
        for name, cmd in runs:
            wall, rss, rc, out, err = measure(cmd)
            if rc != 0:
                sys.exit(f"{name} failed ({rc}): {err}")
            results["runs"][name] = {"wall_s": round(wall, 2), "peak_rss_mib": round(rss, 1)}
            print(f"{name:10s} {wall:8.2f} {rss:13.1f}  {total / wall / (1024 * MiB):.2f}")
        with open(ckpt, "rb") as a, open(back, "rb") as b:
            while True:
                x, y = a.read(16 * MiB), b.read(16 * MiB)
                if x != y:
                    sys.exit("unpack did not restore the checkpoint byte for byte")
                if not x:
                    break
        print("unpack restored the checkpoint byte for byte")
        os.unlink(back)
        if args.library_baseline:
            for backend in ("mmap", "pread"):
                wall, rss, rc, out, err = measure(
                    [sys.executable, "-c", LIBRARY_READ, ckpt, backend]
                )
                key = f"library safe_open {backend} read"
                results["runs"][key] = {
                    "wall_s": round(wall, 2),
                    "peak_rss_mib": round(rss, 1),
                    "note": out or err,
                }
                print(f"{key}: {wall:.2f} s, peak RSS {rss:.1f} MiB ({out or err})")
            select = [n for n, _, _, p in plan if p]
            wall, rss, rc, out, err = measure(
                [sys.executable, "-c", LIBRARY_SAVE, ckpt, back, json.dumps(select)]
            )
            key = "library save_file (all packed tensors in memory)"
            results["runs"][key] = {"wall_s": round(wall, 2), "peak_rss_mib": round(rss, 1)}
            print(f"{key}: {wall:.2f} s, peak RSS {rss:.1f} MiB" + (f" ({err})" if rc else ""))
        if args.json:
            os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
            with open(args.json, "w") as f:
                json.dump(results, f, indent=2)
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
