"""ptonz-opt: an mlir-opt-style driver for the ptonz dialects and passes.

    ptonz-opt [input|-] [-o out] [--split-input-file] [--verify-diagnostics]
              [--pass-pipeline='builtin.module(...)'] [--<pass-name>...]
              [--lower-to-ptoas] [--ptoas-version=X.Y] [--emit=mlir|descriptors|layout-svg]
              [--pto-arch=a3|a5] [--ptoas-pto-level=level1|level2|level3]
              [--ptoas-disable-infer-layout]
              [--report=loads] [--check-addressing[=N]] [--check-results[=N]] [--remarks] [--allow-large-gm-gap]
              [--help] [--list-passes]

Passes are looked up in MLIR's pass registry, where `import ptonz` put
ptonz's own (`--<pass-name>` is any registered pass or pipeline, upstream
ones included). Every user error (bad syntax, input that is not UTF-8,
verifier failure, rejected rewrite, bad flag) is reported as
`file:line:col: error: ...` (or `ptonz-opt: error: ...` when it has no place
in the input) and exits 1; no Python traceback. Exit 2 is an internal error: a bug.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import List, Optional, Tuple

SPLIT_MARKER = "// -----"
DEFAULT_SAMPLES = 8
DEFAULT_RESULT_SAMPLES = 2


def take_pass_flags(argv: List[str], is_pass, own: set) -> Tuple[List[str], List[Tuple[str, str]]]:
    """Split `--<pass>` / `--<pass>=opts` flags (any pass or pipeline of MLIR's
    registry that is not one of ptonz-opt's own flags) out of argv, in
    command-line order (as mlir-opt applies them). Options are only given
    with `=`, so a pass flag never swallows the input file name."""
    rest, passes = [], []
    for arg in argv:
        name, _, value = arg[2:].partition("=") if arg.startswith("--") else ("", "", "")
        if name and f"--{name}" not in own and is_pass(name):
            passes.append((name, value))
        else:
            rest.append(arg)
    return rest, passes


class _HelpAction(argparse.Action):
    """--help: the flags, then ptonz's passes as MLIR's registry describes them."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help=None):
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from ptonz import _ptonz

        parser.print_help()
        print("\nptonz passes and pipelines (from MLIR's pass registry; use as --NAME or "
              "--NAME='OPTIONS', or by name in --pass-pipeline):")
        sys.stdout.flush()
        _ptonz.print_pass_help(_ptonz.python_pass_arguments())
        print("\nUpstream MLIR passes (canonicalize, cse, ...) are in the same registry and "
              "usable the same way; --list-passes prints every registered pass.")
        parser.exit()


class _ListPassesAction(_HelpAction):
    def __call__(self, parser, namespace, values, option_string=None):
        from ptonz import _ptonz

        sys.stdout.flush()
        _ptonz.print_registered_passes()
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse exits 2 on a bad flag; exit 2 is reserved for internal errors."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(1, f"{self.prog}: error: {message}\n")


def _build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="ptonz-opt",
        description="Parse, verify and transform pto/pl MLIR; lower logical NZ tensor "
        "views to the blocked rank-5 form PTOAS >= 0.61 assembles into NZ->NZ loads.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        add_help=False,
    )
    p.add_argument("input", nargs="?", default="-", help="input file ('-' for stdin)")
    p.add_argument("-h", "--help", action=_HelpAction,
                   help="show this help (flags and ptonz's passes) and exit")
    p.add_argument("--list-passes", action=_ListPassesAction,
                   help="list every pass and pipeline in MLIR's registry and exit")
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
                   help="textual pipeline, e.g. 'builtin.module(pto-block-nz-views, canonicalize)'; "
                   "pass flags run after it")
    p.add_argument("--lower-to-ptoas", action="store_true",
                   help="run the lower-to-ptoas pipeline (convert-pl-to-pto, pto-block-nz-views, "
                   "pto-materialize-strides, pto-verify-ptoas) after everything else")
    p.add_argument("--verify-each", action="store_true",
                   help="verify the IR after every pass (default: once, after the last pass; "
                   "the input is always verified when it is parsed)")
    p.add_argument("--mlir-timing", action="store_true",
                   help="print the time of each pass (MLIR's execution time report) and of "
                   "parsing, verifying and printing to stderr")
    p.add_argument("--ptoas-version", default=None, metavar="X.Y",
                   help="PTOAS version pto-verify-ptoas checks against where the pipeline does "
                   "not say: a release (0.27 is the newest) or the seeds' 0.60/0.61 layout "
                   "behaviours (default 0.61); the pto op verifiers and the print of ops "
                   "whose syntax changed (tci) follow it too")
    p.add_argument("--ptoas-disable-infer-layout", action="store_true",
                   help="PTOAS will run with --disable-infer-layout "
                   "(pto-verify-ptoas{infer-layout=false})")
    p.add_argument("--pto-arch", "--ptoas-arch", dest="pto_arch", choices=["a3", "a5"],
                   default="a3",
                   help="the --pto-arch PTOAS will run with, which the pto op verifiers check "
                   "(default a3, as ptoas; a module's pto.target_arch attribute overrides it)")
    # One flag for one concept: the level the op verifiers check (alloc_tile
    # addr, tassign, reserve_buffer base) is the level pto-verify-ptoas
    # assumes. --pto-level is ptoas's own spelling, accepted as an alias.
    p.add_argument("--ptoas-pto-level", "--pto-level", dest="ptoas_pto_level", default=None,
                   choices=["level1", "level2", "level3"],
                   help="the --pto-level PTOAS will run at: what the pto op verifiers check "
                   "(`alloc_tile addr` and `tassign` need level3) and pto-verify-ptoas's "
                   "pto-level; default level2, as ptoas")
    p.add_argument("--emit", choices=["mlir", "descriptors", "layout-svg"], default="mlir",
                   help="what to print: the IR, or the pto-isa GlobalTensor descriptor of every "
                   "tload; layout-svg writes one SVG per NZ->NZ tload into the directory -o DIR "
                   "(<function>.tload<k>.svg) and prints their names")
    p.add_argument("--report", choices=["loads"], default=None,
                   help="print a per-tload report (GM path, descriptor, contiguous runs)")
    p.add_argument("--check-addressing", type=int, default=None, metavar="N",
                   help="--check-addressing[=N]: simulate the logical program and its "
                   f"lowering on N (default {DEFAULT_SAMPLES}) block ids / sampled iterations "
                   "and compare every tile each tload reads; with passes (--lower-to-ptoas, "
                   "--pass-pipeline, pass flags) the lowering checked is that pipeline's output")
    p.add_argument("--check-results", type=int, default=None, metavar="N",
                   help="--check-results[=N]: lower the pl program as annotated (NZ build) and "
                   "with its nz tensors annotated nd (ND build), run both in the simulator on "
                   "random inputs (NZ-packed weights for the NZ build) and compare every store "
                   f"with NumPy; N (default {DEFAULT_RESULT_SAMPLES}) iterations of each store "
                   "loop / block ids")
    p.add_argument("--remarks", action="store_true",
                   help="emit a located remark for every partition whose bounds the passes "
                   "cannot decide (e.g. an offset from pto.get_block_idx): sets the "
                   "`remarks` option of every pass that has one")
    p.add_argument("--allow-large-gm-gap", action="store_true",
                   help="accept NZ loads whose GM gap between column blocks exceeds 65535 "
                   "32-byte blocks: only for a pto-isa with pto-isa#317 fixed (sets "
                   "pto-block-nz-views' allow-large-gm-gap option)")
    return p


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


def decode_source(data: bytes, filename: str) -> Optional[str]:
    """The input as text; None after printing a located error at the first
    byte that is not UTF-8 (MLIR source is UTF-8)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = exc.start
        line = data.count(b"\n", 0, start) + 1
        col = start - (data.rfind(b"\n", 0, start) + 1) + 1
        print(f"{filename}:{line}:{col}: error: byte 0x{data[start]:02x} is not valid UTF-8 "
              f"({exc.reason}): MLIR source is UTF-8 text; re-encode the file",
              file=sys.stderr)
        return None


def _pass_manager(ctx, args, ordered, defaults):
    """The pipeline of --pass-pipeline, then the pass flags in order, then
    --lower-to-ptoas, parsed by MLIR (ValueError with MLIR's message), or None."""
    from mlir.passmanager import PassManager
    from ptonz.passes import option_defaults

    if not (args.pass_pipeline or ordered or args.lower_to_ptoas):
        return None
    with option_defaults(defaults):
        if args.pass_pipeline:
            pm = PassManager.parse(args.pass_pipeline, context=ctx)
        else:
            pm = PassManager("builtin.module", context=ctx)
        for name, value in ordered:
            pm.add(f"{name}{{{value}}}" if value else name)
        if args.lower_to_ptoas:
            pm.add("lower-to-ptoas")
    return pm


def _new_context(args):
    from mlir import ir

    from ptonz import _ptonz

    ctx = ir.Context()
    # One thread: the verifier of a module with several functions otherwise
    # runs op verifiers on MLIR's worker threads, and a diagnostic they emit
    # waits for the GIL that the parsing thread holds (a deadlock, seen on
    # PTOAS 0.60's test tree); it also keeps diagnostics in source order.
    ctx.enable_multithreading(False)
    ctx.allow_unregistered_dialects = args.allow_unregistered_dialect
    # The PTOAS target the pto op verifiers check (arch, level and release:
    # op rules and syntax that changed between releases follow it), and the
    # tile_buf spelling that PTOAS version parses.
    _ptonz.set_ptoas_target(ctx, args.pto_arch, args.ptoas_pto_level or "level2",
                            _target_version(args.ptoas_version))
    _ptonz.set_tile_buf_keyed_form(ctx, _keyed_tile_buf(args.ptoas_version))
    # As mlir-opt: expectations name the diagnostic, not the op it prints.
    _ptonz.set_print_op_on_diagnostic(ctx, not args.verify_diagnostics)
    return ctx


def run(argv: Optional[List[str]] = None) -> int:
    t_start = time.perf_counter()
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--version" in argv:
        from importlib.metadata import version
        print(f"ptonz-opt {version('ptonz')} (MLIR 22.1.8 Python bindings)")
        return 0
    # Pass flags are the names in MLIR's pass registry, which `import ptonz` fills.
    from ptonz import _ptonz
    from ptonz.passes import PassOptionError, run_pass_manager

    parser = _build_parser()
    own = {opt for action in parser._actions for opt in action.option_strings}
    argv, ordered = take_pass_flags(argv, _ptonz.is_registered_pass, own)
    # Like pass options, the sample count is only given with `=`, so a bare
    # `--check-addressing` never swallows the input file name.
    argv = [f"--check-addressing={DEFAULT_SAMPLES}" if a == "--check-addressing" else
            f"--check-results={DEFAULT_RESULT_SAMPLES}" if a == "--check-results" else a
            for a in argv]
    args = parser.parse_args(argv)
    if args.emit == "layout-svg" and args.output == "-":
        print("ptonz-opt: error: --emit=layout-svg writes one SVG file per NZ tload: give the "
              "directory to write them to with -o DIR", file=sys.stderr)
        return 1

    from mlir import ir

    from ptonz import diagnostics as D

    pass_defaults = {}
    verify_defaults = {}
    if args.ptoas_version:
        verify_defaults["ptoas-version"] = args.ptoas_version
    if args.ptoas_disable_infer_layout:
        verify_defaults["infer-layout"] = False
    if args.ptoas_pto_level:
        verify_defaults["pto-level"] = args.ptoas_pto_level
    if verify_defaults:
        pass_defaults["pto-verify-ptoas"] = verify_defaults
    if args.remarks:
        from ptonz.passes.catalog import CATALOG
        for name, info in CATALOG.items():
            if "remarks" in info.options:
                pass_defaults.setdefault(name, {})["remarks"] = "true"
    if args.allow_large_gm_gap:
        pass_defaults.setdefault("pto-block-nz-views", {})["allow-large-gm-gap"] = "true"

    # The pipeline is checked before the input is read; the first chunk uses it.
    first_ctx = _new_context(args)
    try:
        first_pm = _pass_manager(first_ctx, args, ordered, pass_defaults)
    except (ValueError, PassOptionError) as exc:  # MLIR's pipeline parser said why
        message = "\n".join(line for line in str(exc).splitlines() if line.strip())
        print(f"ptonz-opt: error: {message}", file=sys.stderr)
        return 1

    filename = "<stdin>" if args.input == "-" else args.input
    try:
        if args.input == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.input, "rb") as f:
                data = f.read()
    except OSError as exc:
        print(f"ptonz-opt: error: cannot read '{args.input}': {exc.strerror}", file=sys.stderr)
        return 1
    text = decode_source(data, filename)
    if text is None:
        return 1

    timing = {"parse": 0.0, "pipeline": 0.0, "verify": 0.0, "print": 0.0}
    sources = D.Sources()
    sources.add(filename, text)
    outputs: List[str] = []
    failed = False
    verify_failed = False

    has_pipeline = first_pm is not None
    for chunk_index, (chunk, first_line) in enumerate(split_chunks(text, args.split_input_file)):
        ctx = first_ctx if chunk_index == 0 else _new_context(args)
        pm, first_pm, first_ctx = first_pm, None, None
        collector = D.Collector(ctx)
        produced: List[D.Diag] = []
        with ctx, ir.Location.unknown():
            t_parse = time.perf_counter()
            module = _ptonz.parse_source(ctx, "\n" * (first_line - 1) + chunk, filename)
            timing["parse"] += time.perf_counter() - t_parse
            produced += collector.take()
            ok = module is not None
            # --check-addressing after a pipeline compares its input (the
            # logical program) with its output (the lowered one).
            before = None
            # and --report=loads lowers its ND build from the input too.
            if ok and has_pipeline and (args.check_addressing is not None
                                        or args.report == "loads"):
                from ptonz.sim.check import clone
                before = clone(module)
            if ok and has_pipeline:
                try:
                    if pm is None:
                        pm = _pass_manager(ctx, args, ordered, pass_defaults)
                    # Verifying 100k ops takes ~0.1 s; once after the pipeline
                    # still guarantees that only valid IR is printed.
                    pm.enable_verifier(args.verify_each)
                    if args.mlir_timing:
                        pm.enable_timing()
                    t_pipeline = time.perf_counter()
                    try:
                        run_pass_manager(pm, module.operation)  # on this thread
                    finally:
                        timing["pipeline"] += time.perf_counter() - t_pipeline
                        del pm  # prints MLIR's pass timing report (--mlir-timing)
                    if not args.verify_each:
                        t_verify = time.perf_counter()
                        module.operation.verify()
                        timing["verify"] += time.perf_counter() - t_verify
                except ir.MLIRError as exc:
                    ok = False
                    produced += collector.take()
                    produced += D.from_mlir_error(exc)
                produced += collector.take()
            if ok:
                t_print = time.perf_counter()
                out = _emit(args, module, ctx, collector, before=before,
                            chunk=chunk_index if args.split_input_file else None,
                            nd_build=lambda: _nd_build(before, args, ordered, pass_defaults))
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
        sep = "\n" if args.emit == "layout-svg" else "\n" + SPLIT_MARKER + "\n"
        result = sep.join(o.rstrip("\n") for o in outputs) + ("\n" if outputs else "")
        if args.output == "-" or args.emit == "layout-svg":  # -o is the SVG directory
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


def _nd_build(before, args, ordered, defaults):
    """--report=loads: the ND build of the input (see analyses.descriptors)."""
    from ptonz.analyses.descriptors import nd_build
    if before is None:
        return None
    return nd_build(before, lambda c: _pass_manager(c, args, ordered, defaults))


def _target_version(version: Optional[str]):
    """--ptoas-version as (major, minor) for the op verifiers; None (their
    default, the newest modelled release) when absent or malformed
    (pto-verify-ptoas reports a malformed one)."""
    from ptonz.analyses.ptoas_facts import parse_version

    if not version:
        return None
    try:
        return parse_version(version)
    except ValueError:
        return None


def _keyed_tile_buf(version: Optional[str]) -> bool:
    """PTOAS parses the compact !pto.tile_buf form from 0.25 on; older versions
    read only the keyed form, so ptonz prints that for them."""
    from ptonz.analyses.ptoas_facts import FIRST_COMPACT_TILE_BUF, parse_version

    if not version:
        return False
    try:
        return parse_version(version) < FIRST_COMPACT_TILE_BUF
    except ValueError:
        return False  # pto-verify-ptoas reports the malformed version


def _emit(args, module, ctx, collector, before=None, chunk=None,
          nd_build=lambda: None) -> Optional[str]:
    """Render the processed module: IR, descriptors, or a report. `before` is
    the module as parsed, when a pipeline ran and --check-addressing needs it;
    `chunk` numbers --split-input-file chunks (for SVG file names); `nd_build()`
    gives the ND build for --report=loads."""
    from ptonz import _ptonz

    if args.check_results is not None:
        from ptonz.sim.results import check_results_cli
        return check_results_cli(module, samples=args.check_results,
                                 ptoas_version=args.ptoas_version or "0.61")
    if args.check_addressing is not None:
        from ptonz.sim.check import check_addressing_cli
        return check_addressing_cli(module, samples=args.check_addressing,
                                    ptoas_version=args.ptoas_version or "0.61", before=before)
    if args.report == "loads":
        from ptonz.analyses.descriptors import loads_report
        return loads_report(module, nd_build())
    if args.emit == "layout-svg":
        from ptonz.viz.layout_svg import layout_svg_cli
        return layout_svg_cli(module, args.output, prefix="" if chunk is None else f"chunk{chunk}.")
    if args.emit == "descriptors":
        from ptonz.analyses.descriptors import descriptors_text
        return descriptors_text(module)
    # One C++ buffer: Operation.print(file=...) calls back into Python per token.
    return _ptonz.print_asm(module.operation, generic=args.mlir_print_op_generic,
                            debug_info=args.mlir_print_debuginfo)


INTERNAL_ERROR = 2


def exit_code(argv: Optional[List[str]] = None) -> int:
    """`run`, with an internal bug reported without a traceback (exit 2)."""
    try:
        return run(argv)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # an internal bug: report it without a traceback
        if os.environ.get("PTONZ_DEBUG"):
            raise
        print(f"ptonz-opt: internal error: {type(exc).__name__}: {exc}\n"
              "(set PTONZ_DEBUG=1 to see the Python traceback; please report it)",
              file=sys.stderr)
        return INTERNAL_ERROR


def main(argv: Optional[List[str]] = None) -> None:
    sys.exit(exit_code(argv))


if __name__ == "__main__":
    main()
