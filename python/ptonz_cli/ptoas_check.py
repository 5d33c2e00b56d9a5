"""Check ptonz's output against the real PTOAS assembler.

    python -m ptonz_cli.ptoas_check [--ptoas PATH] [--split-input-file] descriptors FILE... \
        [--ptoas-flags='--pto-arch=a5'] [--nz-arg=@F:I=SHAPE] [--arg-range=@F:I=LO:HI]
    python -m ptonz_cli.ptoas_check [--ptoas PATH] [--split-input-file] roundtrip FILE... \
        [--ptoas-flags='--pto-level=level3']
    python -m ptonz_cli.ptoas_check [--ptoas PATH] [--split-input-file] verdicts FILE... \
        [--ptoas-flags='--disable-infer-layout ...']

`descriptors`: each input (each `// -----` chunk with --split-input-file;
chunks that expect diagnostics are rejection cases and are skipped) is
lowered with `--lower-to-ptoas` for the release ptoas is (`ptoas --version`,
or --ptoas-version: its syntax, its pto-verify-ptoas rules with
--disable-infer-layout, its descriptors) and assembled with
`ptoas --disable-infer-layout`; the `GlobalTensor<...>` that PTOAS's C++
hands to each `TLOAD` must equal, in order, what `ptonz-opt
--emit=descriptors` says of the same IR (a symbolic entry of ptonz's matches
a dynamic `-1` of PTOAS's).

`roundtrip`: each input is PTOAS input as it is (no ptonz pass runs);
ptonz parses and prints it, and PTOAS must give the same C++ for ptonz's
print as for the original. PTOAS's PlanMemory is not deterministic on a few
inputs, so the original is assembled twice and either output may match.
The ptoas flags of a file's `// RUN:` line (e.g. `--pto-arch=a5`) are used,
then `--ptoas-flags`. In every mode ptoas's `--pto-arch` / `--pto-level` are
also the target ptonz's op verifiers check (ptonz-opt's `--pto-arch` /
`--ptoas-pto-level`), so ptonz and ptoas judge the same target.

`verdicts`: each chunk as it is goes to ptoas with `--ptoas-flags`; prints
`<first function>: ptoas accepts` or `... rejects: <its first error>`, so a
lit test can pin what the real assembler does to each of ptonz's cases.

Prints one line per checked chunk and a summary; exits 1 on any mismatch.
Used by the `REQUIRES: ptoas` lit tests in test/ptoas/.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from typing import List, Optional, Sequence, Tuple


from ptonz_cli import split_chunks

EXPECTS_DIAGNOSTICS = re.compile(r"expected-(error|warning|remark|note)")
# `GlobalTensor<...> vN = ...` declarations and `TLOAD(tile, gt)` calls in PTOAS's C++.
GT_DECL = re.compile(r"(GlobalTensor<.*?>)\s+(v\d+)\s*=")
TLOAD_CALL = re.compile(r"\bTLOAD\(\s*(v\d+)\s*,\s*(v\d+)\s*\)")
PTOAS_RUN_FLAGS = re.compile(r"//\s*RUN:.*?\bptoas\b(.*?)(?:\||$)")


def ptoas_flags(text: str) -> List[str]:
    """The ptoas flags of the first `// RUN:` line that runs ptoas on %s."""
    for m in PTOAS_RUN_FLAGS.finditer(text):
        args = [a for a in shlex.split(m.group(1)) if a != "%s"]
        if args and args[0].startswith("-") or not args:
            return [a for a in args if a.startswith("--") and not a.startswith("-o")]
    return []


def ptoas_target(flags: List[str]) -> Tuple[str, str]:
    """(arch, level) of ptoas's --pto-arch / --pto-level flags (ptoas's
    defaults a3, level2): the target ptonz's op verifiers must check."""
    from ptonz.analyses.ptoas_facts import DEFAULT_ARCH, DEFAULT_LEVEL, arch_name

    target = {"--pto-arch": DEFAULT_ARCH, "--pto-level": DEFAULT_LEVEL}
    for i, flag in enumerate(flags):
        name, eq, value = flag.partition("=")
        if name in target:
            target[name] = value if eq else (flags[i + 1] if i + 1 < len(flags) else "")
    return arch_name(target["--pto-arch"]), target["--pto-level"].lower()


def ptoas_release(ptoas: str) -> Optional[str]:
    """The release `ptoas --version` names (`ptoas 0.60` -> "0.60"), or None."""
    try:
        proc = subprocess.run([ptoas, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    m = re.search(r"\b(\d+\.\d+)(?:\.\d+)?\b", proc.stdout + proc.stderr)
    return m.group(1) if m else None


def target_context(flags: List[str], version: Optional[str] = None):
    """An MLIR context whose pto verifiers check the target ptoas runs with
    (and whose printer writes the syntax of release `version`)."""
    from mlir import ir

    from ptonz import _ptonz
    from ptonz.analyses.ptoas_facts import parse_version

    ctx = ir.Context()
    _ptonz.set_ptoas_target(ctx, *ptoas_target(flags), parse_version(version) if version else None)
    return ctx


def assemble(
    ptoas: str, source: str, flags: List[str], workdir: str, name: str = "in"
) -> Tuple[Optional[str], str]:
    """(C++ or None, stderr) of `ptoas` on `source`."""
    src = os.path.join(workdir, name + ".pto")
    out = os.path.join(workdir, name + ".cpp")
    with open(src, "w", encoding="utf-8") as f:
        f.write(source)
    if os.path.exists(out):
        os.remove(out)
    proc = subprocess.run(
        [ptoas, *flags, src, "-o", out], capture_output=True, text=True, timeout=300
    )
    if proc.returncode != 0 or not os.path.exists(out):
        errors = [line for line in proc.stderr.splitlines() if "error" in line.lower()]
        return None, "\n".join(errors[:5]) or proc.stderr[-2000:]
    with open(out, encoding="utf-8") as f:
        return f.read(), proc.stderr


def tload_global_tensors(cpp: str) -> List[str]:
    """The GlobalTensor type each TLOAD reads, in C++ order: the declaration
    of its variable that precedes it (PTOAS 0.60 numbers the variables of each
    function from v1 again, so a name is declared once per function)."""
    decls, out = {}, []
    events = sorted(
        [(m.start(), "decl", m.group(1), m.group(2)) for m in GT_DECL.finditer(cpp)]
        + [(m.start(), "load", None, m.group(2)) for m in TLOAD_CALL.finditer(cpp)]
    )
    for _pos, kind, gt, var in events:
        if kind == "decl":
            decls[var] = gt
        else:
            out.append(decls.get(var, f"<{var}: not a GlobalTensor>"))
    return out


def _entries(gt: str) -> List[str]:
    """The type's names and template arguments (`1*%18*4096`, a symbolic stride
    of ptonz's, is one entry)."""
    return [e.strip() for e in re.split(r"[<>,]", gt) if e.strip()]


def same_descriptor(ptonz: str, ptoas: str) -> bool:
    """Equal, where a symbolic (SSA-named) entry of ptonz's matches PTOAS's -1."""
    a, b = _entries(ptonz), _entries(ptoas)
    if len(a) != len(b):
        return False
    return all(x == y or (y == "-1" and not re.fullmatch(r"-?\d+", x)) for x, y in zip(a, b))


class Checker:
    def __init__(
        self,
        ptoas: str,
        workdir: str,
        declarations=None,
        expect_lowering=False,
        version: Optional[str] = None,
        allow_clamped: bool = False,
    ):
        import ptonz  # noqa: F401  (registers the dialects)
        from ptonz.analyses.ptoas_facts import DEFAULT_VERSION

        self.ptoas = ptoas
        # The release ptonz lowers for and predicts the descriptors of.
        self.version = version or DEFAULT_VERSION
        self.workdir = workdir
        # pto-declare-nz-args' options ({"nz-args": ..., "arg-ranges": ...}).
        self.declarations = declarations or {}
        self.expect_lowering = expect_lowering
        self.allow_clamped = allow_clamped
        self.failures = 0
        self.checked = 0

    def _fail(self, where: str, msg: str) -> None:
        self.failures += 1
        print(f"{where}: FAIL: {msg}")

    def _lower(self, chunk: str, filename: str, flags: List[str]):
        """(lowered IR text, descriptors) or (None, first error), for ptoas run
        with `flags`."""
        from mlir import ir

        from ptonz import _ptonz
        from ptonz.analyses.descriptors import descriptors
        from ptonz.passes import build_pass_manager, lower_to_ptoas_pipeline

        ctx = target_context(flags, self.version)
        level = ptoas_target(flags)[1]
        errors: List[str] = []

        def handler(d):
            errors.append(str(d.message))
            return True

        ctx.attach_diagnostic_handler(handler)
        with ctx, ir.Location.unknown():
            module = _ptonz.parse_source(ctx, chunk, filename)
            if module is None:
                return None, errors[0] if errors else "parse error"
            try:
                # ptoas runs with --disable-infer-layout (descriptors mode).
                verify = {"pto-level": level, "infer-layout": False}
                if self.allow_clamped:
                    verify["allow-clamped-gm-offsets"] = True
                build_pass_manager(
                    lower_to_ptoas_pipeline(self.version),
                    defaults={"pto-verify-ptoas": verify, "pto-declare-nz-args": self.declarations},
                ).run(module.operation)
            except ir.MLIRError as exc:
                return None, (errors or [str(exc)])[0]
            text = _ptonz.print_asm(module.operation, generic=False, debug_info=False)
            return text, [
                d.global_tensor() for d in descriptors(module, self.version, infer_layout=False)
            ]

    def descriptors(self, path: str, split: bool, flags: Sequence[str] = ()) -> None:
        text = open(path, encoding="utf-8").read()
        for chunk, line in split_chunks(text, split):
            where = f"{os.path.basename(path)}:{line}"
            if EXPECTS_DIAGNOSTICS.search(chunk) or not chunk.strip():
                continue
            lowered, result = self._lower("\n" * (line - 1) + chunk, path, list(flags))
            if lowered is None:
                if self.expect_lowering:
                    self.checked += 1
                    self._fail(where, f"ptonz does not lower it: {result}")
                else:
                    print(f"{where}: skipped: ptonz does not lower it ({result})")
                continue
            cpp, err = assemble(
                self.ptoas, lowered, ["--disable-infer-layout", *flags], self.workdir
            )
            self.checked += 1
            if cpp is None:
                self._fail(where, f"ptoas --disable-infer-layout rejects ptonz's output: {err}")
                continue
            ours, theirs = result, tload_global_tensors(cpp)
            if len(ours) != len(theirs) or not all(map(same_descriptor, ours, theirs)):
                self._fail(
                    where,
                    "descriptors differ:\n  ptonz: "
                    + "\n         ".join(ours)
                    + "\n  ptoas: "
                    + "\n         ".join(theirs),
                )
                continue
            nz = sum("Layout::NZ" in d for d in ours)
            print(f"{where}: ok: {len(ours)} tload descriptors identical ({nz} NZ)")

    def roundtrip(self, path: str, split: bool, extra_flags: Sequence[str] = ()) -> None:
        from mlir import ir

        from ptonz import _ptonz

        text = open(path, encoding="utf-8").read()
        flags = ptoas_flags(text) + list(extra_flags)
        for chunk, line in split_chunks(text, split):
            where = f"{os.path.basename(path)}:{line}"
            if EXPECTS_DIAGNOSTICS.search(chunk) or not chunk.strip():
                continue
            originals = [
                assemble(self.ptoas, chunk, flags, self.workdir, "orig")[0] for _ in range(2)
            ]
            ctx = target_context(flags, self.version)
            with ctx, ir.Location.unknown():
                module = _ptonz.parse_source(ctx, chunk, path)
                if module is None:
                    self._fail(where, "ptonz does not parse it")
                    continue
                printed = _ptonz.print_asm(module.operation, generic=False, debug_info=False)
            self.checked += 1
            cpp, err = assemble(self.ptoas, printed, flags, self.workdir, "printed")
            if originals[0] is None:
                if cpp is None:
                    print(f"{where}: ok: ptoas rejects the original and ptonz's print")
                else:
                    self._fail(where, "ptoas rejects the original but accepts ptonz's print")
                continue
            if cpp is None:
                self._fail(where, f"ptoas rejects ptonz's print: {err}")
            elif cpp not in originals:
                self._fail(where, "ptoas gives different C++ for ptonz's print")
            else:
                print(f"{where}: ok: same C++ ({len(cpp.splitlines())} lines)")

    def verdicts(self, path: str, split: bool, flags: List[str]) -> None:
        text = open(path, encoding="utf-8").read()
        for chunk, _line in split_chunks(text, split):
            m = re.search(r"func\.func\s+@([\w$.]+)", chunk)
            if not m:
                continue
            self.checked += 1
            cpp, err = assemble(self.ptoas, chunk, flags, self.workdir)
            # 0.27 prefixes `loc("file":L:C): `, 0.60 `loc("name"("file":L:C)): `.
            first = (
                re.sub(r'^loc\((?:"[^"]*"\()?"[^"]*":\d+:\d+\)?\): ', "", err.splitlines()[0])
                if err
                else ""
            )
            print(f"{m.group(1)}: ptoas " + ("accepts" if cpp is not None else f"rejects: {first}"))


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("mode", choices=["descriptors", "roundtrip", "verdicts"])
    p.add_argument("files", nargs="+")
    p.add_argument("--ptoas", default=os.environ.get("PTOAS") or shutil.which("ptoas"))
    p.add_argument("--split-input-file", action="store_true")
    p.add_argument(
        "--ptoas-flags",
        default="",
        help="(further) flags ptoas runs with; --pto-arch and --pto-level also set the "
        "target ptonz's op verifiers check",
    )
    p.add_argument(
        "--nz-arg",
        action="append",
        default=[],
        help="as ptonz-opt's --nz-arg (descriptors mode); repeatable",
    )
    p.add_argument(
        "--arg-range",
        action="append",
        default=[],
        help="as ptonz-opt's --arg-range (descriptors mode); repeatable",
    )
    p.add_argument(
        "--ptoas-version",
        default=None,
        metavar="X.Y",
        help="the release ptonz lowers for and predicts descriptors of (default: what "
        "`ptoas --version` says, else ptonz's default)",
    )
    p.add_argument(
        "--allow-clamped-gm-offsets",
        action="store_true",
        help="descriptors mode: lower as ptonz-opt --allow-clamped-gm-offsets (the "
        "descriptors do not depend on PTOAS#1317, which is about the address)",
    )
    p.add_argument(
        "--expect-lowering",
        action="store_true",
        help="descriptors mode: an input ptonz does not lower is a failure, not a skip",
    )
    args = p.parse_args(argv)
    declarations = {
        k: ",".join(v) for k, v in (("nz-args", args.nz_arg), ("arg-ranges", args.arg_range)) if v
    }
    if not args.ptoas:
        print("ptoas_check: no ptoas ($PTOAS or PATH)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        checker = Checker(
            args.ptoas,
            tmp,
            declarations,
            args.expect_lowering,
            args.ptoas_version or ptoas_release(args.ptoas),
            args.allow_clamped_gm_offsets,
        )
        for path in args.files:
            getattr(checker, args.mode)(path, args.split_input_file, shlex.split(args.ptoas_flags))
    print(f"{checker.checked} checked, {checker.failures} failed")
    return 1 if checker.failures or not checker.checked else 0


if __name__ == "__main__":
    sys.exit(main())
