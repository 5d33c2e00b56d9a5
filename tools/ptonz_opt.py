"""ptonz-opt: an mlir-opt-style driver for the ptonz dialects and passes.

    ptonz-opt [input|-] [-o out] [--split-input-file] [--verify-diagnostics]
              [--pass-pipeline='builtin.module(...)'] [--<pass-name>...]
              [--lower-to-ptoas] [--ptoas-version=X.Y] [--emit=mlir|descriptors]
              [--pto-arch=a3|a5] [--pto-level=level1|level2|level3]
              [--report=loads] [--check-addressing[=N]]

Every user error (bad syntax, verifier failure, rejected rewrite, bad flag)
is reported as `file:line:col: error: ...` and exits 1; no Python traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import List, Optional, Tuple

SPLIT_MARKER = "// -----"
DEFAULT_SAMPLES = 8


def take_pass_flags(argv: List[str], registry) -> Tuple[List[str], List[Tuple[str, str]]]:
    """Split `--<pass>` / `--<pass>=opts` flags out of argv, in command-line
    order (as mlir-opt applies them). Options are only given with `=`, so a
    pass flag never swallows the input file name."""
    rest, passes = [], []
    for arg in argv:
        name, _, value = arg[2:].partition("=") if arg.startswith("--") else ("", "", "")
        if name in registry:
            passes.append((name, value))
        else:
            rest.append(arg)
    return rest, passes


def _build_parser(registry) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="ptonz-opt",
        description="Parse, verify and transform pto/pl MLIR; lower logical NZ tensor "
        "views to the blocked rank-5 form PTOAS >= 0.61 assembles into NZ->NZ loads.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_passes_epilog(registry),
    )
    p.add_argument("input", nargs="?", default="-", help="input file ('-' for stdin)")
    p.add_argument("-o", dest="output", default="-", metavar="FILE", help="output file")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    p.add_argument("--split-input-file", action="store_true",
                   help=f"split the input at '{SPLIT_MARKER}' lines and process each chunk")
    p.add_argument("--verify-diagnostics", action="store_true",
                   help="check diagnostics against expected-* comments in the input")
    p.add_argument("--mlir-print-op-generic", action="store_true", help="print the generic op form")
    p.add_argument("--mlir-print-debuginfo", action="store_true", help="print locations")
    p.add_argument("--allow-unregistered-dialect", action="store_true",
                   help="allow operations of unregistered dialects")
    p.add_argument("--pass-pipeline", metavar="PIPELINE",
                   help="textual pipeline, e.g. 'builtin.module(pto-block-nz-views, canonicalize)'")
    p.add_argument("--lower-to-ptoas", action="store_true",
                   help="convert-pl-to-pto, pto-block-nz-views, pto-materialize-strides, "
                   "pto-verify-ptoas")
    p.add_argument("--verify-each", action="store_true",
                   help="verify the IR after every pass (default: once, after the last pass; "
                   "the input is always verified when it is parsed)")
    p.add_argument("--mlir-timing", action="store_true",
                   help="print the time of each pass (MLIR's execution time report) and of "
                   "parsing, verifying and printing to stderr")
    p.add_argument("--ptoas-version", default=None, metavar="X.Y",
                   help="PTOAS version pto-verify-ptoas checks against (default 0.61)")
    p.add_argument("--pto-arch", choices=["a3", "a5"], default="a3",
                   help="the ptoas --pto-arch the pto verifiers check against (default a3, "
                   "as ptoas; a module's pto.target_arch attribute overrides it)")
    p.add_argument("--pto-level", choices=["level1", "level2", "level3"], default="level2",
                   help="the ptoas --pto-level the pto verifiers check against (default "
                   "level2, as ptoas; `alloc_tile addr` and `tassign` need level3)")
    p.add_argument("--emit", choices=["mlir", "descriptors"], default="mlir",
                   help="what to print: the IR, or the pto-isa GlobalTensor descriptor of every tload")
    p.add_argument("--report", choices=["loads"], default=None,
                   help="print a per-tload report (GM path, descriptor, contiguous runs)")
    p.add_argument("--check-addressing", type=int, default=None, metavar="N",
                   help="--check-addressing[=N]: simulate the logical program and its "
                   f"lowering on N (default {DEFAULT_SAMPLES}) block ids / sampled iterations "
                   "and compare every tile each tload reads")
    g = p.add_argument_group("passes (also usable by name in --pass-pipeline)")
    for name, info in sorted(registry.items()):
        opts = ", ".join(f"{k}=<{v[2]}>" for k, v in info.options.items())
        g.add_argument(f"--{name}", action="store_true",
                       help=info.summary + (f" Options: --{name}='{opts}'." if opts else ""))
    return p


def _passes_epilog(registry) -> str:
    lines = ["ptonz passes:"]
    for name, info in sorted(registry.items()):
        lines.append(f"  {name:26s} {info.summary}")
        for opt, (_parse, default, help_) in info.options.items():
            lines.append(f"  {'':26s}   {opt}={default}: {help_}")
    lines.append("")
    lines.append("Upstream MLIR passes (canonicalize, cse, ...) are available in --pass-pipeline.")
    return "\n".join(lines)


def split_chunks(text: str, split: bool) -> List[Tuple[str, int]]:
    """(chunk text, first line number). Chunks are padded with newlines so
    their locations are the lines of the original file."""
    if not split:
        return [(text, 1)]
    chunks, cur, start = [], [], 1
    for i, line in enumerate(text.splitlines(keepends=True), start=1):
        if line.strip() == SPLIT_MARKER:
            chunks.append(("".join(cur), start))
            cur, start = [], i + 1
        else:
            cur.append(line)
    chunks.append(("".join(cur), start))
    return chunks


def _pipeline_text(args, ordered) -> Optional[str]:
    from ptonz.passes import lower_to_ptoas_pipeline, parse_pipeline

    parts: List[str] = []
    if args.pass_pipeline:
        parts.extend(e.text for e in parse_pipeline(args.pass_pipeline))
    for name, value in ordered:
        parts.append(f"{name}{{{value}}}" if value else name)
    if args.lower_to_ptoas:
        parts.extend(e.text for e in parse_pipeline(lower_to_ptoas_pipeline(args.ptoas_version or "0.61")))
    if not parts:
        return None
    return "builtin.module(" + ", ".join(parts) + ")"


def run(argv: Optional[List[str]] = None) -> int:
    t_start = time.perf_counter()
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--version" in argv:
        from importlib.metadata import version
        print(f"ptonz-opt {version('ptonz')} (MLIR 22.1.8 Python bindings)")
        return 0
    # Flags, --help and argument errors need only the pass catalog.
    from ptonz.passes.catalog import CATALOG

    parser = _build_parser(CATALOG)
    argv, ordered = take_pass_flags(argv, CATALOG)
    # Like pass options, the sample count is only given with `=`, so a bare
    # `--check-addressing` never swallows the input file name.
    argv = [f"--check-addressing={DEFAULT_SAMPLES}" if a == "--check-addressing" else a
            for a in argv]
    args = parser.parse_args(argv)

    from mlir import ir

    from ptonz import _ptonz
    from ptonz import diagnostics as D
    from ptonz.passes import PipelineError, build_pass_manager

    try:
        pipeline = _pipeline_text(args, ordered)
    except PipelineError as exc:
        print(f"ptonz-opt: error: {exc}", file=sys.stderr)
        return 1
    pass_defaults = {}
    if args.ptoas_version:
        pass_defaults["pto-verify-ptoas"] = {"ptoas-version": args.ptoas_version}

    filename = "<stdin>" if args.input == "-" else args.input
    try:
        if args.input == "-":
            text = sys.stdin.read()
        else:
            with open(args.input, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        print(f"ptonz-opt: error: cannot read '{args.input}': {exc.strerror}", file=sys.stderr)
        return 1

    timing = {"parse": 0.0, "pipeline": 0.0, "verify": 0.0, "print": 0.0}
    sources = D.Sources()
    sources.add(filename, text)
    outputs: List[str] = []
    failed = False
    verify_failed = False

    keyed_tile_buf = _keyed_tile_buf(args.ptoas_version)
    for chunk, first_line in split_chunks(text, args.split_input_file):
        ctx = ir.Context()
        ctx.allow_unregistered_dialects = args.allow_unregistered_dialect
        _ptonz.set_ptoas_target(ctx, args.pto_arch, args.pto_level)
        _ptonz.set_tile_buf_keyed_form(ctx, keyed_tile_buf)
        # As mlir-opt: expectations name the diagnostic, not the op it prints.
        _ptonz.set_print_op_on_diagnostic(ctx, not args.verify_diagnostics)
        collector = D.Collector(ctx)
        produced: List[D.Diag] = []
        with ctx, ir.Location.unknown():
            t_parse = time.perf_counter()
            module = _ptonz.parse_source(ctx, "\n" * (first_line - 1) + chunk, filename)
            timing["parse"] += time.perf_counter() - t_parse
            produced += collector.take()
            ok = module is not None
            if ok and pipeline is not None:
                try:
                    pm = build_pass_manager(pipeline, context=ctx, defaults=pass_defaults)
                    # Verifying 100k ops takes ~0.1 s; once after the pipeline
                    # still guarantees that only valid IR is printed.
                    pm.enable_verifier(args.verify_each)
                    if args.mlir_timing:
                        pm.enable_timing()
                    t_pipeline = time.perf_counter()
                    try:
                        pm.run(module.operation)
                    finally:
                        timing["pipeline"] += time.perf_counter() - t_pipeline
                        del pm  # prints MLIR's pass timing report (--mlir-timing)
                    if not args.verify_each:
                        t_verify = time.perf_counter()
                        module.operation.verify()
                        timing["verify"] += time.perf_counter() - t_verify
                except PipelineError as exc:
                    print(f"ptonz-opt: error: {exc}", file=sys.stderr)
                    return 1
                except ir.MLIRError as exc:
                    ok = False
                    produced += collector.take()
                    produced += D.from_mlir_error(exc)
                produced += collector.take()
            if ok:
                t_print = time.perf_counter()
                out = _emit(args, module, ctx, collector)
                timing["print"] += time.perf_counter() - t_print
                produced += collector.take()
                if out is None:
                    ok = False
                else:
                    outputs.append(out)
            produced += collector.take()
        collector.detach()

        if args.verify_diagnostics:
            expected = D.parse_expectations(chunk, first_line)
            problems = D.verify(produced, expected, filename)
            for prob in problems:
                print(D.render(prob, sources), file=sys.stderr)
            verify_failed |= bool(problems)
        else:
            for d in produced:
                print(D.render(d, sources), file=sys.stderr)
            failed |= not ok or any(d.severity == "error" for d in produced)

    if not failed or args.verify_diagnostics:
        sep = "\n" + SPLIT_MARKER + "\n"
        result = sep.join(o.rstrip("\n") for o in outputs) + ("\n" if outputs else "")
        if args.output == "-":
            sys.stdout.write(result)
        else:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(result)
    if args.mlir_timing:
        total = time.perf_counter() - t_start
        print("ptonz-opt phases (wall time):", file=sys.stderr)
        for phase, secs in list(timing.items()) + [("total (after interpreter start-up)", total)]:
            print(f"  {secs:8.4f} s  {phase}", file=sys.stderr)
    if args.verify_diagnostics:
        return 1 if verify_failed else 0
    return 1 if failed else 0


def _keyed_tile_buf(version: Optional[str]) -> bool:
    """PTOAS parses the compact !pto.tile_buf form from 0.25 on; older versions
    read only the keyed form, so ptonz prints that for them."""
    if not version:
        return False
    try:
        major, minor = (int(x) for x in version.split(".")[:2])
    except ValueError:
        return False  # pto-verify-ptoas reports the malformed version
    return (major, minor) < (0, 25)


def _emit(args, module, ctx, collector) -> Optional[str]:
    """Render the processed module: IR, descriptors, or a report."""
    from ptonz import _ptonz

    if args.check_addressing is not None:
        from ptonz.sim.check import check_addressing_cli
        return check_addressing_cli(module, samples=args.check_addressing,
                                    ptoas_version=args.ptoas_version or "0.61")
    if args.report == "loads":
        from ptonz.analyses.descriptors import loads_report
        return loads_report(module)
    if args.emit == "descriptors":
        from ptonz.analyses.descriptors import descriptors_text
        return descriptors_text(module)
    # One C++ buffer: Operation.print(file=...) calls back into Python per token.
    return _ptonz.print_asm(module.operation, generic=args.mlir_print_op_generic,
                            debug_info=args.mlir_print_debuginfo)


def main(argv: Optional[List[str]] = None) -> None:
    try:
        code = run(argv)
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    except Exception as exc:  # an internal bug: report it without a traceback
        if os.environ.get("PTONZ_DEBUG"):
            raise
        print(f"ptonz-opt: internal error: {type(exc).__name__}: {exc}\n"
              "(set PTONZ_DEBUG=1 to see the Python traceback; please report it)",
              file=sys.stderr)
        code = 2
    sys.exit(code)


if __name__ == "__main__":
    main()
