"""Start-up time of `ptonz-pack` (it must not import MLIR).

    .venv/bin/python bench/pack_startup.py [--repeat 20]

Runs each command `--repeat` times (after one warm-up run) and prints the
median and best wall time and the median CPU time, hyperfine-style:

  python -c pass                      the interpreter alone
  python -c 'import numpy, ml_dtypes' what any NumPy packer pays
  ptonz-pack --help                   argparse only
  ptonz-pack w.npy -o w.bin           a small pack (256x512 int8): + NumPy, ml_dtypes
  ptonz-pack ckpt.safetensors ...     a small safetensors pack: + the safetensors library
  python -c 'import ptonz'            what importing the MLIR package costs, for comparison

then the biggest imports of the small pack from `python -X importtime`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np


def timed(cmd, repeat):
    """(median wall, best wall, median CPU) seconds; CPU time (user + sys, from
    wait4) moves less than wall time when other jobs share the machine."""
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    walls, cpus = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        walls.append(time.perf_counter() - t0)
        cpus.append(usage.ru_utime + usage.ru_stime)
        if status:
            sys.exit(f"{' '.join(cmd)} failed")
    return statistics.median(walls), min(walls), statistics.median(cpus)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    bindir = os.path.dirname(sys.executable)
    pack = shutil.which("ptonz-pack", path=bindir) or sys.exit("ptonz-pack is not installed here")
    py = sys.executable
    with tempfile.TemporaryDirectory(prefix="ptonz-pack-startup-") as d:
        npy, out = os.path.join(d, "w.npy"), os.path.join(d, "w.bin")
        np.save(npy, np.zeros((256, 512), np.int8))
        ckpt, nz = os.path.join(d, "c.safetensors"), os.path.join(d, "nz.safetensors")
        from safetensors.numpy import save_file

        save_file({"w1": np.zeros((256, 512), np.int8), "norm": np.zeros(512, np.float32)}, ckpt)
        cases = [
            ("python -c pass", [py, "-c", "pass"]),
            ("python -c 'import numpy, ml_dtypes'", [py, "-c", "import numpy, ml_dtypes"]),
            ("ptonz-pack --help", [pack, "--help"]),
            ("ptonz-pack w.npy -o w.bin (256x512 i8)", [pack, npy, "-o", out]),
            ("ptonz-pack c.safetensors --select w1", [pack, ckpt, "-o", nz, "--select", "w1"]),
            ("python -c 'import ptonz' (MLIR)", [py, "-c", "import ptonz"]),
        ]
        print(
            f"{'command':44s} {'median s':>9s} {'best s':>8s} {'CPU s':>7s}   ({args.repeat} runs)"
        )
        for name, cmd in cases:
            med, best, cpu = timed(cmd, args.repeat)
            print(f"{name:44s} {med:9.3f} {best:8.3f} {cpu:7.3f}")
        r = subprocess.run(
            [
                py,
                "-X",
                "importtime",
                "-c",
                f"from ptonz_cli.pack import main; main([{npy!r}, '-o', {out!r}, '--quiet'])",
            ],
            capture_output=True,
            text=True,
            check=True,
        )
    rows = []
    for line in r.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cum_us, name = line[len("import time:") :].split("|")
        if name.startswith(" ") and not name.startswith("  "):  # top-level imports only
            rows.append((int(cum_us), name.strip()))
    total = sum(c for c, _ in rows)
    print(f"\nsmall pack, top-level imports (python -X importtime): {total / 1000:.0f} ms in all")
    for cum, name in sorted(rows, reverse=True)[:6]:
        print(f"  {cum / 1000:7.1f} ms  {name}")
    heavy = [n for _, n in rows if n.split(".")[0] in ("mlir", "ptonz", "tqdm")]
    print("MLIR / ptonz / tqdm imported:", ", ".join(heavy) if heavy else "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
