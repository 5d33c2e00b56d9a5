#!/usr/bin/env python3
"""Benchmark: ptonz on a real model's kernels, beside PTOAS on the same kernels.

    .venv/bin/python bench/kernels.py [--kernels DIR] [--repeat 5]

The kernels are the DeepSeek V4 decode export's A3 kernels
(`DIR/*.pto`, `DIR/aic/*.pto`, `DIR/aiv/*.pto`; DIR defaults to
/work/shared/kernels/deepseek-v4-decode-a3; skipped with a message when it
is absent). Each is lowered for `ptoas --pto-level=level3 --pto-arch=a3`:

  (a) one-file CLI:  `ptonz-opt --lower-to-ptoas --ptoas-pto-level=level3
                      --pto-arch=a3 K -o OUT`, one process per kernel;
  (b) batch CLI:     one `ptonz-opt ... K1 K2 ... -o OUTDIR` process;
  (c) in-process API: `ptonz.lower(text, filename=K, pto_level="level3",
                      pto_arch="a3", as_text=True)` per kernel, in a process
                      that has imported ptonz already (the loop is timed in
                      that child; its peak RSS is the child's);
  (d) ptoas:         `ptoas --pto-level=level3 --pto-arch=a3 K -o K.cpp`, one
                      process per kernel (as PTOAS is used), if `ptoas` is on
                      PATH (or $PTOAS).

The figures are over the kernels both ptonz and ptoas accept (those that
either rejects are listed). Every round runs the four in a rotating order;
a ratio is the median over the rounds of that round's ratio (paired runs:
the shared 2-vCPU VM's speed moves between rounds, less within one). Wall
and CPU (user + sys of the children) time are both printed; peak RSS is the
largest of any one process (GNU time's %M). The targets (issue 23):

  batch CLI   < 25% of ptoas (all kernels, one ptoas process each);
  API         < 10% of ptoas;
  one-file CLI <= 3x ptoas on the same file (median over the kernels, worst shown).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_KERNELS = "/work/shared/kernels/deepseek-v4-decode-a3"
PTONZ_FLAGS = ["--lower-to-ptoas", "--ptoas-pto-level=level3", "--pto-arch=a3"]
PTOAS_FLAGS = ["--pto-level=level3", "--pto-arch=a3"]
GNU_TIME = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None
TARGETS = {"batch": 0.25, "api": 0.10, "one-file": 3.0}


def kernels_in(root: str) -> List[str]:
    out = []
    for sub in ("", "aic", "aiv"):
        d = os.path.join(root, sub)
        if os.path.isdir(d):
            out += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".pto"))
    return out


def ptonz_opt() -> str:
    cand = os.path.join(os.path.dirname(sys.executable), "ptonz-opt")
    return cand if os.path.exists(cand) else "ptonz-opt"


def timed_child(argv: List[str]) -> Dict:
    """Wall seconds, CPU seconds (user + sys, from wait4: microseconds, where
    GNU time's %U/%S count in 10 ms steps) and peak RSS (KiB, GNU time's %M:
    the command alone) of one child process, and its exit status and output."""
    if GNU_TIME:
        argv = [GNU_TIME, "-f", "BENCH_MAXRSS %M"] + argv
    with tempfile.TemporaryFile() as fout, tempfile.TemporaryFile() as ferr:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=fout, stderr=ferr)
        _pid, status, ru = os.wait4(proc.pid, 0)  # reaps it, with its rusage
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        fout.seek(0)
        ferr.seek(0)
        out, err = fout.read(), ferr.read().decode(errors="replace")
    rss = ru.ru_maxrss
    for line in err.splitlines():
        if line.startswith("BENCH_MAXRSS "):
            rss = int(line.split()[1])
    return {
        "wall": wall,
        "cpu": ru.ru_utime + ru.ru_stime,
        "rss_kib": rss,
        "rc": proc.returncode,
        "stdout": out.decode(errors="replace"),
        "stderr": err,
    }


# ---------------------------------------------------------------------------
# The in-process API, in a child (`--api-worker`): import ptonz, then time the loop.


def per_process(tool, files, argv_of):
    """One child process per file (`argv_of(file)`), as the tool is used: the
    summed wall and CPU, the peak RSS, and each file's figures."""
    per = [timed_child(argv_of(f)) for f in files]
    bad = [f for f, r in zip(files, per) if r["rc"] != 0]
    if bad:
        raise RuntimeError(f"{tool} failed on {bad}")
    return {
        "wall": sum(r["wall"] for r in per),
        "cpu": sum(r["cpu"] for r in per),
        "rss_kib": max(r["rss_kib"] for r in per),
        "per_file_wall": [r["wall"] for r in per],
        "per_file_cpu": [r["cpu"] for r in per],
    }


def api_worker(files: List[str], outdir: str) -> None:
    t_import = time.perf_counter()
    import ptonz

    t0, c0 = time.perf_counter(), time.process_time()
    failed = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            out = ptonz.lower(text, filename=path, pto_level="level3", pto_arch="a3", as_text=True)
        except ptonz.LoweringError:
            failed.append(path)
            continue
        with open(os.path.join(outdir, os.path.basename(path)), "w", encoding="utf-8") as f:
            f.write(out)
    print(
        json.dumps(
            {
                "wall": time.perf_counter() - t0,
                "cpu": time.process_time() - c0,
                "import": t0 - t_import,
                "failed": failed,
            }
        )
    )


def api_run(files: List[str], outdir: str) -> Dict:
    r = timed_child([sys.executable, os.path.abspath(__file__), "--api-worker", outdir] + files)
    if r["rc"] != 0:
        raise RuntimeError(f"API worker failed:\n{r['stderr'][-2000:]}")
    loop = json.loads(r["stdout"].strip().splitlines()[-1])
    return {
        "wall": loop["wall"],
        "cpu": loop["cpu"],
        "rss_kib": r["rss_kib"],
        "process_wall": r["wall"],
        "failed": loop["failed"],
    }


# ---------------------------------------------------------------------------


def accepted(files: List[str], ptonz: str, ptoas: Optional[str], work: str):
    """The kernels ptonz lowers (one batch run) and ptoas assembles."""
    out = os.path.join(work, "probe")
    r = timed_child([ptonz] + PTONZ_FLAGS + files + ["-o", out])
    failed = set()
    for line in r["stderr"].splitlines():
        if " inputs failed: " in line:
            failed = set(line.split(" inputs failed: ", 1)[1].split(", "))
    ok_ptonz = [f for f in files if f not in failed]
    ok_ptoas = list(files)
    if ptoas:
        ok_ptoas = []
        for f in files:
            rr = timed_child([ptoas] + PTOAS_FLAGS + [f, "-o", os.path.join(work, "probe.cpp")])
            if rr["rc"] == 0:
                ok_ptoas.append(f)
    return ok_ptonz, ok_ptoas


def one_round(
    order: List[str],
    files: List[str],
    ptonz: str,
    ptoas: Optional[str],
    work: str,
    other: Optional[str] = None,
) -> Dict:
    res: Dict[str, Dict] = {}
    for mode in order:
        if mode == "ptoas":
            if not ptoas:
                continue
            res[mode] = per_process(
                "ptoas",
                files,
                lambda f: [ptoas] + PTOAS_FLAGS + [f, "-o", os.path.join(work, "k.cpp")],
            )
        elif mode in ("one-file", "other"):
            exe = ptonz if mode == "one-file" else other
            res[mode] = per_process(
                "ptonz-opt",
                files,
                lambda f, exe=exe: [exe] + PTONZ_FLAGS + [f, "-o", os.path.join(work, "k.pto")],
            )
        elif mode == "batch":
            r = timed_child([ptonz] + PTONZ_FLAGS + files + ["-o", os.path.join(work, "batch")])
            if r["rc"] != 0:
                raise RuntimeError(f"batch ptonz-opt failed:\n{r['stderr'][-2000:]}")
            res[mode] = {"wall": r["wall"], "cpu": r["cpu"], "rss_kib": r["rss_kib"]}
        elif mode == "api":
            os.makedirs(os.path.join(work, "api"), exist_ok=True)
            res[mode] = api_run(files, os.path.join(work, "api"))
    return res


def ratio_medians(rounds: List[Dict], mode: str, key: str) -> float:
    return statistics.median(r[mode][key] / r["ptoas"][key] for r in rounds)


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--api-worker"]:
        api_worker(argv[2:], argv[1])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--kernels",
        default=DEFAULT_KERNELS,
        metavar="DIR",
        help=f"the kernel directory (default {DEFAULT_KERNELS})",
    )
    ap.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    ap.add_argument(
        "--modes",
        default="ptoas,one-file,batch,api",
        metavar="M1,M2",
        help="what to run, of ptoas,one-file,batch,api (default all; "
        "`--modes ptoas,one-file` is the one-file target alone, paired with ptoas)",
    )
    ap.add_argument(
        "--other",
        metavar="PTONZ_OPT",
        help="another ptonz-opt (e.g. main's install) run one process per kernel in "
        "the same rounds, for a before/after that shares the machine's load",
    )
    ap.add_argument(
        "--json",
        default=os.path.join(HERE, "out", "kernels.json"),
        help="where to write every run (default bench/out/kernels.json)",
    )
    args = ap.parse_args(argv)

    files = kernels_in(args.kernels)
    if not files:
        print(f"bench/kernels.py: no kernels under {args.kernels!r}: skipped")
        return 0
    ptonz = ptonz_opt()
    ptoas = os.environ.get("PTOAS") or shutil.which("ptoas")
    if not ptoas:
        print("ptoas is not on PATH (nor $PTOAS): the ptoas figures and ratios are skipped")
    work = tempfile.mkdtemp(prefix="ptonz-bench-kernels-")
    try:
        ok_ptonz, ok_ptoas = accepted(files, ptonz, ptoas, work)
        common = [f for f in files if f in ok_ptonz and f in ok_ptoas]

        def rel(f):
            return os.path.relpath(f, args.kernels)

        print(
            f"{len(files)} kernels in {args.kernels}; ptonz lowers {len(ok_ptonz)}, "
            + (f"ptoas assembles {len(ok_ptoas)}; " if ptoas else "")
            + f"measured on the {len(common)} both accept"
        )
        rejected = [rel(f) for f in files if f not in ok_ptonz]
        if rejected:
            print(f"  rejected by ptonz ({len(rejected)}): {' '.join(rejected)}")
        if ptoas:
            rejected = [rel(f) for f in files if f not in ok_ptoas]
            if rejected:
                print(f"  rejected by ptoas ({len(rejected)}): {' '.join(rejected)}")
        modes = [m for m in ("ptoas", "one-file", "batch", "api") if m in args.modes.split(",")]
        if not set(args.modes.split(",")) <= {"ptoas", "one-file", "batch", "api"}:
            ap.error(f"--modes: not of ptoas,one-file,batch,api: {args.modes}")
        if args.other:
            modes.append("other")
        rounds = []
        for i in range(args.repeat):
            order = modes[i % len(modes) :] + modes[: i % len(modes)]
            rounds.append(one_round(order, common, ptonz, ptoas, work, args.other))
            print(
                f"  round {i + 1}/{args.repeat}: "
                + ", ".join(f"{m} {rounds[-1][m]['wall']:.2f} s" for m in modes if m in rounds[-1]),
                flush=True,
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)

    n = len(common)
    print(
        f"\n| {n} kernels | wall s (median) | CPU s (median) | per kernel wall ms | "
        "peak RSS MiB | wall / ptoas | CPU / ptoas |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    names = {
        "ptoas": "ptoas, one process per kernel",
        "one-file": "ptonz-opt, one process per kernel",
        "other": f"{args.other}, one process per kernel",
        "batch": "ptonz-opt batch, one process",
        "api": "ptonz.lower, in process",
    }
    for m in modes:
        if m not in rounds[0]:
            continue
        wall = statistics.median(r[m]["wall"] for r in rounds)
        cpu = statistics.median(r[m]["cpu"] for r in rounds)
        rss = max(r[m]["rss_kib"] for r in rounds) / 1024
        ratios = (
            ("-", "-")
            if m == "ptoas" or "ptoas" not in rounds[0]
            else (
                f"{ratio_medians(rounds, m, 'wall'):.3f}x",
                f"{ratio_medians(rounds, m, 'cpu'):.3f}x",
            )
        )
        print(
            f"| {names[m]} | {wall:.3f} | {cpu:.3f} | {1000 * wall / n:.1f} | {rss:.0f} | "
            f"{ratios[0]} | {ratios[1]} |"
        )

    summary: Dict[str, object] = {"kernels": n, "rounds": rounds}
    if ptoas and "ptoas" in rounds[0] and "one-file" in rounds[0]:
        # One-file ratio per kernel: median over rounds of (ptonz / ptoas) on that file.
        per_file = {}
        for key in ("wall", "cpu"):
            per_file[key] = [
                statistics.median(
                    r["one-file"][f"per_file_{key}"][i]
                    / max(r["ptoas"][f"per_file_{key}"][i], 1e-6)
                    for r in rounds
                )
                for i in range(n)
            ]
        worst = max(range(n), key=lambda i: per_file["wall"][i])
        print(
            f"\none-file ptonz-opt / ptoas on the same kernel: median over the kernels "
            f"{statistics.median(per_file['wall']):.2f}x wall "
            f"({statistics.median(per_file['cpu']):.2f}x CPU); worst "
            f"{per_file['wall'][worst]:.2f}x wall ({rel(common[worst])})"
        )
        gate = [i for i, f in enumerate(common) if f.endswith("aic/sh_gate_mm.pto")]
        for i in gate:
            print(
                f"  aic/sh_gate_mm.pto: {per_file['wall'][i]:.2f}x wall, "
                f"{per_file['cpu'][i]:.2f}x CPU"
            )
        if "other" in rounds[0]:
            other = {
                key: [
                    statistics.median(
                        r["other"][f"per_file_{key}"][i]
                        / max(r["ptoas"][f"per_file_{key}"][i], 1e-6)
                        for r in rounds
                    )
                    for i in range(n)
                ]
                for key in ("wall", "cpu")
            }
            print(
                f"{args.other} / ptoas on the same kernel (same rounds): median over the "
                f"kernels {statistics.median(other['wall']):.2f}x wall "
                f"({statistics.median(other['cpu']):.2f}x CPU)"
            )
            summary["other_per_kernel"] = other
        print("\nTargets (wall-time medians; CPU in brackets):")
        checks = [
            (
                name,
                ratio_medians(rounds, mode, "wall"),
                ratio_medians(rounds, mode, "cpu"),
                TARGETS[mode],
                "<",
            )
            for name, mode in (
                ("batch CLI < 25% of ptoas", "batch"),
                ("in-process API < 10% of ptoas", "api"),
            )
            if mode in rounds[0]
        ]
        checks.append(
            (
                "one-file CLI <= 3x ptoas on the same file (median kernel)",
                statistics.median(per_file["wall"]),
                statistics.median(per_file["cpu"]),
                TARGETS["one-file"],
                "<=",
            )
        )
        for name, w, c, limit, op in checks:
            met = w < limit if op == "<" else w <= limit
            met_cpu = c < limit if op == "<" else c <= limit
            print(
                f"- {'MET' if met else 'NOT MET'}: {name}: {w:.3f}x "
                f"({c:.3f}x CPU: {'met' if met_cpu else 'not met'})"
            )
        summary["one_file_per_kernel"] = per_file
    os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump(summary, f, indent=1)
    print(f"\n(every run: {args.json})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
