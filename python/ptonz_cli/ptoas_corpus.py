#!/usr/bin/env python3
"""ptoas_corpus: does ptonz read, print and reject PTO files as PTOAS does?

    python -m ptonz_cli.ptoas_corpus PTOAS_SOURCE_DIR [--ptoas PATH] [--ptonz-opt PATH]
                                 [-j 2] [--json OUT] [-v]

Runs over every `.pto` file under PTOAS_SOURCE_DIR (PTOAS's own test inputs;
nothing of PTOAS is copied into ptonz) and classifies each file, once with
the ptoas flags its test uses and once with ptoas's default flags:

  agree-accept  ptoas assembles the file; ptonz-opt parses it; ptonz's print
                parses and prints byte-identically again (second pass == first
                pass); and ptoas makes the same C++ from ptonz's print as from
                the original. PTOAS's PlanMemory is not deterministic on a few
                inputs: when ptonz's C++ differs from the first run's, the
                original is assembled again (up to RERUNS times) and any of its
                outputs counts; when ptoas's own runs differ, the C++ is also
                compared with its address constants inlined and its TASSIGN
                addresses masked.
  agree-reject  ptoas rejects the file and so does ptonz-opt, with a located
                `file:line:col: error:` diagnostic and exit status 1.
  disagree      anything else, with the reason.

The flags of a file's test: those of its first `// RUN:` line that runs ptoas
on `%s` (pipes, FileCheck and redirections ignored); a file without one gets
the flags PTOAS's sample runner (test/samples/runop.sh) gives its directory
(the Qwen3 decode kernels are level-3 kernels), else ptoas's defaults. ptonz-opt
gets the same target (--pto-arch, --ptoas-pto-level) as ptoas, and the release
`ptoas --version` names (--ptoas-version): ptonz's verifiers check what that
PTOAS target accepts.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

# Flags test/samples/runop.sh passes for the .pto files of a sample directory
# (its PTO_PTO_DIRS, files in subdirectories included), where those files have
# no RUN line: its `sample_dir_arch` and model-directory rules. A model
# directory (Qwen*/Deepseek* ending in A3 or A5) is a level-3 kernel set;
# A5 ones and the MX quantization samples need --pto-arch=a5.
SAMPLE_RUNNER_FLAGS = [
    ("Qwen*A5", ["--pto-arch=a5", "--pto-level=level3"]),
    ("Deepseek*A5", ["--pto-arch=a5", "--pto-level=level3"]),
    ("Qwen*A3", ["--pto-level=level3"]),
    ("Deepseek*A3", ["--pto-level=level3"]),
    ("TquantMx", ["--pto-arch=a5"]),
    ("TquantMxDn", ["--pto-arch=a5"]),
]

# ptoas flags that take a separate value (`--pto-arch a5`).
VALUE_FLAGS = {"--pto-arch", "--pto-level", "--pto-backend", "--pto-insert-sync-debug"}
LOCATED_ERROR = re.compile(r"^\S.*?:\d+:\d+: error: ", re.M)
# ptoas names some C++ types after a heap address (`GTShape_94072468525360`),
# which changes from run to run: C++ is compared with those numbered in order
# of appearance instead.
ADDRESS_NAME = re.compile(r"\b([A-Za-z]\w*?_)(\d{10,})(?!\d)")
# PTOAS's PlanMemory gives equally sized tiles their addresses in a different
# order from run to run on some inputs (and materializes the address constants
# in a different order). When its own two runs of the original differ, the
# C++ is compared with the constants inlined and the TASSIGN addresses masked.
INT_CONSTANT = re.compile(r"^\s*const int64_t (v\d+) = (-?\d+);\n", re.M)
TASSIGN_ADDRESS = re.compile(r"(TASSIGN\(\s*\w+\s*,\s*)(-?\d+)(\s*\))")
# PTOAS 0.60 writes the source's SSA names above each statement of its C++
# (`// pto: %8`, `// pto: %acc, %c0`). ptonz keeps the identifier names it
# reads (%acc) but, as MLIR's printer, renumbers numbered ones (%8 -> %2):
# C++ that differs only in those comment lines is told apart.
NAME_HINT = re.compile(r"^\s*// pto: .*\n", re.M)
TIMEOUT = 120
# Extra runs of the original when ptonz's C++ differs from the first one.
RERUNS = 3


def run_line_flags(text: str) -> Optional[List[str]]:
    """The ptoas flags of the first `// RUN:` command that runs ptoas on %s
    (a RUN line ending in `\\` continues on the next, as in lit)."""
    commands, pending = [], ""
    for line in text.splitlines():
        m = re.match(r"\s*//\s*RUN:\s*(.*)", line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            pending += part[:-1] + " "
            continue
        commands.append(pending + part)
        pending = ""
    for whole in commands:
        if "%s" not in whole:
            continue
        # One shell command of the line: `ptoas ... && FileCheck ...` or
        # `ptoas ... | FileCheck ...` run ptoas with the flags before `&&` / `|`.
        tokens, idx = [], None
        for command in re.split(r"&&|\|\||[|;]", whole):
            try:
                tokens = shlex.split(command)
            except ValueError:
                continue
            idx = next((i for i, t in enumerate(tokens) if os.path.basename(t) == "ptoas"), None)
            if idx is not None:
                break
        if idx is None:
            continue
        flags, rest = [], tokens[idx + 1 :]
        i = 0
        while i < len(rest):
            tok = rest[i]
            if tok in VALUE_FLAGS and i + 1 < len(rest):
                flags.append(f"{tok}={rest[i + 1]}")
                i += 2
                continue
            if tok.startswith("--"):
                flags.append(tok)
            elif tok == "-o":  # `-o -`: output goes where the tool says
                i += 1
            i += 1
        return flags
    return None


def test_flags(path: Path, root: Path, text: str) -> Tuple[List[str], str]:
    """(flags, where they come from) for the file's test."""
    flags = run_line_flags(text)
    if flags is not None:
        return flags, "RUN line"
    parts = path.relative_to(root).parts
    if len(parts) > 3 and parts[:2] == ("test", "samples"):
        for pattern, sample_flags in SAMPLE_RUNNER_FLAGS:
            if fnmatch.fnmatchcase(parts[2], pattern):
                return list(sample_flags), "runop.sh"
    return [], "default"


def ptonz_target(flags: List[str]) -> List[str]:
    """The ptonz-opt flags naming the same PTOAS target (--pto-arch,
    --pto-backend; ptonz-opt spells ptoas's --pto-level --ptoas-pto-level,
    --emit-pto-ir, which stops ptoas before its backend,
    --ptoas-emit-pto-ir, and --plan-memory-impl --ptoas-plan-memory-impl)."""
    renamed = {
        "--pto-level": "--ptoas-pto-level",
        "--emit-pto-ir": "--ptoas-emit-pto-ir",
        "--plan-memory-impl": "--ptoas-plan-memory-impl",
    }
    out = []
    for f in flags:
        name, eq, value = f.partition("=")
        if name in ("--pto-arch", "--pto-backend"):
            out.append(f)
        elif name in renamed:
            out.append(renamed[name] + eq + value)
    return out


@dataclass
class Result:
    file: str
    flags: List[str]
    flags_from: str
    verdict: str  # agree-accept | agree-reject | disagree
    reason: str = ""
    detail: str = ""
    # Where ptoas stopped when it rejected the file: "parser" (its parser and
    # op verifiers: "Failed to parse MLIR", "input module verification
    # failed") or "later" (its driver checks, its lowering passes, or a part
    # its build or environment lacks).
    ptoas_stage: str = ""


@dataclass
class Tools:
    ptoas: str
    ptonz_opt: List[str]


def ptoas_release(ptoas: str) -> Optional[str]:
    """`0.60` from `ptoas --version` (`ptoas 0.60`), None if it names none."""
    out = run([ptoas, "--version"])
    m = re.search(r"\bptoas\s+v?(\d+\.\d+)", out.stdout + out.stderr)
    return m.group(1) if m else None


def run(cmd: List[str], cwd: Optional[str] = None) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, cwd=cwd)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, "", f"timeout after {TIMEOUT} s")


def first_error(stderr: str) -> str:
    for line in stderr.splitlines():
        if "error" in line.lower():
            return line.strip()[:300]
    lines = [line for line in stderr.splitlines() if line.strip()]
    return (lines[-1].strip() if lines else "(no diagnostic)")[:300]


def canonical_cpp(text: str) -> str:
    """`text` with address-derived names (GT_94072468525360) renumbered 0, 1, ..."""
    seen: Dict[str, int] = {}
    return ADDRESS_NAME.sub(
        lambda m: m.group(1) + "@" + str(seen.setdefault(m.group(2), len(seen))), text
    )


def without_addresses(text: str) -> str:
    """Canonical C++ with the integer constants inlined and tile addresses masked."""
    constants: Dict[str, str] = dict(INT_CONSTANT.findall(text))
    text = INT_CONSTANT.sub("", text)
    if constants:
        text = re.sub(r"\b(v\d+)\b", lambda m: constants.get(m.group(1), m.group(1)), text)
    return TASSIGN_ADDRESS.sub(r"\1@address\3", text)


def cpp_output(proc: subprocess.CompletedProcess, path: Path) -> str:
    """The C++ (or IR) a ptoas run made: the -o file, or its standard output
    when the flags send the result there (--emit-vpto, --mlir-print-ir-after)."""
    return path.read_text(errors="replace") if path.exists() else proc.stdout


def short_diff(a: str, b: str, limit: int = 12) -> str:
    import difflib

    diff = list(
        difflib.unified_diff(
            a.splitlines(), b.splitlines(), "original", "ptonz print", lineterm="", n=0
        )
    )
    return "\n".join(diff[2 : 2 + limit])


def classify(
    path: Path, rel: str, flags: List[str], flags_from: str, tools: Tools, tmp: Path
) -> Result:
    res = Result(rel, flags, flags_from, "disagree")
    cpp = [tmp / "orig1.cpp", tmp / "orig2.cpp", tmp / "ptonz.cpp"]
    first, second = tmp / "ptonz1.pto", tmp / "ptonz2.pto"

    ptoas1 = run([tools.ptoas, *flags, str(path), "-o", str(cpp[0])])
    ptoas_ok = ptoas1.returncode == 0
    target = ptonz_target(flags)
    nz1 = run([*tools.ptonz_opt, *target, str(path), "-o", str(first)])
    nz_ok = nz1.returncode == 0

    if not ptoas_ok:
        out = ptoas1.stderr + ptoas1.stdout
        res.ptoas_stage = (
            "parser"
            if ("Failed to parse MLIR" in out or "input module verification failed" in out)
            else "later"
        )
        if nz_ok:
            res.reason = "ptonz accepts what ptoas rejects"
            res.detail = "ptoas: " + first_error(ptoas1.stderr + ptoas1.stdout)
            # ptoas's closing line says at which stage it stopped ("Failed to
            # parse MLIR", "Pass execution failed", a driver check, ...).
            last = [ln.strip() for ln in (ptoas1.stderr + ptoas1.stdout).splitlines() if ln.strip()]
            if last and last[-1][:300] != res.detail[len("ptoas: ") :]:
                res.detail += "\n(ptoas then: " + last[-1][:300] + ")"
        elif (
            nz1.returncode != 1 or "Traceback" in nz1.stderr or not LOCATED_ERROR.search(nz1.stderr)
        ):
            res.reason = "ptonz rejects without a located diagnostic (exit %d)" % nz1.returncode
            res.detail = first_error(nz1.stderr)
        else:
            res.verdict = "agree-reject"
            res.detail = "ptonz: " + first_error(nz1.stderr)
        return res
    if not nz_ok:
        res.reason = "ptonz rejects what ptoas accepts"
        res.detail = "ptonz: " + first_error(nz1.stderr)
        return res
    nz2 = run([*tools.ptonz_opt, *target, str(first), "-o", str(second)])
    if nz2.returncode != 0:
        res.reason = "ptonz rejects its own print"
        res.detail = "ptonz: " + first_error(nz2.stderr)
        return res
    text1, text2 = first.read_text(), second.read_text()
    if text1 != text2:
        res.reason = "round trip not byte-identical"
        res.detail = short_diff(text1, text2)
        return res
    ptoas3 = run([tools.ptoas, *flags, str(first), "-o", str(cpp[2])])
    if ptoas3.returncode != 0:
        res.reason = "ptoas rejects ptonz's print"
        res.detail = "ptoas: " + first_error(ptoas3.stderr + ptoas3.stdout)
        return res
    ours = canonical_cpp(cpp_output(ptoas3, cpp[2]))
    orig1 = canonical_cpp(cpp_output(ptoas1, cpp[0]))
    if ours == orig1:
        res.verdict = "agree-accept"
        return res
    # Further runs of the original: does one make this C++, or do two of them
    # differ (a nondeterministic address plan)?
    nondeterministic = False
    for attempt in range(1, RERUNS + 1):
        rerun = run([tools.ptoas, *flags, str(path), "-o", str(cpp[1])])
        if rerun.returncode != 0:
            break
        other = canonical_cpp(cpp_output(rerun, cpp[1]))
        if ours == other:
            res.verdict = "agree-accept"
            res.detail = f"(run {attempt + 1} of the original made this C++)"
            return res
        if other != orig1:
            nondeterministic = True
            break
    if nondeterministic and without_addresses(ours) == without_addresses(orig1):
        res.verdict = "agree-accept"
        res.detail = (
            "(PlanMemory placed tiles differently in two runs of the original; "
            "equal up to tile addresses)"
        )
        return res
    if NAME_HINT.sub("", ours) == NAME_HINT.sub("", orig1):
        res.reason = "C++ differs only in its `// pto: %name` hint comments"
    else:
        res.reason = "C++ differs"
    res.detail = short_diff(orig1, ours)
    return res


def check_file(
    path: Path, root: Path, tools: Tools, defaults_too: bool = True
) -> Tuple[Result, Optional[Result]]:
    rel = path.relative_to(root).as_posix()
    text = path.read_text(errors="replace")
    flags, source = test_flags(path, root, text)
    with_flags = guarded_classify(path, rel, flags, source, tools)
    if not defaults_too:
        return with_flags, None
    return with_flags, guarded_classify(path, rel, [], "default", tools)


def guarded_classify(
    path: Path, rel: str, flags: List[str], flags_from: str, tools: Tools
) -> Result:
    """classify() in a fresh directory; a failure of the checker itself is a
    disagreement that names it (one file never stops the run)."""
    with tempfile.TemporaryDirectory(prefix="ptoas_corpus_") as d:
        try:
            return classify(path, rel, flags, flags_from, tools, Path(d))
        except Exception as e:
            return Result(
                rel, flags, flags_from, "disagree", "checker error", f"{type(e).__name__}: {e}"
            )


def summary(results: List[Result]) -> Dict[str, int]:
    counts = {"agree-accept": 0, "agree-reject": 0, "disagree": 0}
    for r in results:
        counts[r.verdict] += 1
    return counts


def report(title: str, results: List[Result], verbose: bool) -> str:
    c = summary(results)
    agree = c["agree-accept"] + c["agree-reject"]
    n = len(results)
    lines = [
        f"{title}: {agree}/{n} agree (accept {c['agree-accept']}, reject "
        f"{c['agree-reject']}) = {100.0 * agree / max(n, 1):.1f}%"
    ]
    reasons: Dict[str, int] = {}
    for r in results:
        if r.verdict == "disagree":
            key = r.reason + (f" (ptoas stopped: {r.ptoas_stage})" if r.ptoas_stage else "")
            reasons[key] = reasons.get(key, 0) + 1
    lines.extend(
        f"  {count:5} disagree: {key}"
        for key, count in sorted(reasons.items(), key=lambda kv: -kv[1])
    )
    for r in results:
        if r.verdict == "disagree" or verbose:
            flags = " ".join(r.flags) or "(default flags)"
            lines.append(
                f"  {r.verdict:12} {r.file} [{flags}; {r.flags_from}]"
                + (f": {r.reason}" if r.reason else "")
            )
            if r.detail and (r.verdict == "disagree" or verbose):
                lines.extend("      " + line for line in r.detail.splitlines())
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("source", help="PTOAS source tree (its .pto files are the corpus)")
    p.add_argument(
        "--ptoas",
        default=os.environ.get("PTOAS") or shutil.which("ptoas"),
        help="ptoas binary (default: $PTOAS, else ptoas on PATH)",
    )
    p.add_argument(
        "--ptonz-opt",
        default=None,
        help="ptonz-opt command (default: ptonz-opt next to this Python, else on PATH)",
    )
    p.add_argument("-j", "--jobs", type=int, default=2, help="files checked in parallel")
    p.add_argument("--json", default=None, metavar="OUT", help="write every result to OUT")
    p.add_argument("-v", "--verbose", action="store_true", help="list agreeing files too")
    p.add_argument(
        "--files",
        default=None,
        metavar="LIST",
        help="check only the files LIST names (one path relative to the source "
        "tree a line), e.g. to re-measure the disagreements of a --json run",
    )
    p.add_argument(
        "--test-flags-only",
        action="store_true",
        help="skip the second run with ptoas's default flags (half the time)",
    )
    args = p.parse_args(argv)

    if not args.ptoas or not os.access(args.ptoas, os.X_OK):
        print(
            "ptoas_corpus: error: no ptoas binary (--ptoas PATH, $PTOAS or PATH)", file=sys.stderr
        )
        return 1
    nz = (
        args.ptonz_opt
        or shutil.which("ptonz-opt", path=os.path.dirname(sys.executable))
        or shutil.which("ptonz-opt")
    )
    if not nz:
        print("ptoas_corpus: error: no ptonz-opt (--ptonz-opt PATH)", file=sys.stderr)
        return 1
    root = Path(args.source).resolve()
    files = sorted(root.rglob("*.pto"))
    if args.files:
        wanted = {ln.strip() for ln in Path(args.files).read_text().splitlines() if ln.strip()}
        files = [f for f in files if f.relative_to(root).as_posix() in wanted]
    if not files:
        print(f"ptoas_corpus: error: no .pto files under {root}", file=sys.stderr)
        return 1
    release = ptoas_release(args.ptoas)
    tools = Tools(args.ptoas, shlex.split(nz) + ([f"--ptoas-version={release}"] if release else []))

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        pairs = list(
            pool.map(lambda f: check_file(f, root, tools, not args.test_flags_only), files)
        )
    with_flags = [a for a, _ in pairs]
    defaults = [b for _, b in pairs if b is not None]

    print(report("With the flags of each file's test", with_flags, args.verbose))
    if defaults:
        print()
        print(report("With ptoas's default flags", defaults, args.verbose))
    c = summary(with_flags)
    print()
    print(
        f"{c['agree-accept'] + c['agree-reject']}/{len(files)} agree "
        f"(accept {c['agree-accept']}, reject {c['agree-reject']})"
    )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {
                    "source": str(root),
                    "ptoas": args.ptoas,
                    "ptoas_version": release,
                    "ptonz_opt": nz,
                    "with_test_flags": [asdict(r) for r in with_flags],
                    "with_default_flags": [asdict(r) for r in defaults],
                },
                f,
                indent=1,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
