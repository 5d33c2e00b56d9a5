"""ptonz-opt: an mlir-opt-style driver for the ptonz dialects and passes.

    ptonz-opt [input|-] [-o out] [--split-input-file] [--verify-diagnostics]
              [--pass-pipeline='builtin.module(...)'] [--<pass-name>...]
              [--lower-to-ptoas] [--ptoas-version=X.Y] [--emit=mlir|descriptors|layout-svg]
              [--pto-arch=a3|a5] [--ptoas-pto-level=level1|level2|level3]
              [--ptoas-disable-infer-layout]
              [--report=loads] [--check-addressing[=N]] [--check-results[=N]] [--remarks] [--allow-large-gm-gap]
              [--allow-clamped-gm-offsets]
              [--help] [--list-passes]
    ptonz-opt [flags] IN1 IN2 DIR ... -o OUTDIR     (batch: one process, one output each)

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

import ptonz_cli
from ptonz_cli import SPLIT_MARKER, split_chunks

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

    def __init__(
        self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None
    ):
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from ptonz import _ptonz

        parser.print_help()
        print(
            "\nptonz passes and pipelines (from MLIR's pass registry; use as --NAME or "
            "--NAME='OPTIONS', or by name in --pass-pipeline):"
        )
        sys.stdout.flush()
        _ptonz.print_pass_help(_ptonz.python_pass_arguments())
        print(
            "\nUpstream MLIR passes (canonicalize, cse, ...) are in the same registry and "
            "usable the same way; --list-passes prints every registered pass."
        )
        parser.exit()


class _ListPassesAction(_HelpAction):
    def __call__(self, parser, namespace, values, option_string=None):
        from ptonz import _ptonz
        from ptonz._startup import upstream_passes

        upstream_passes()
        sys.stdout.flush()
        _ptonz.print_registered_passes()
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse exits 2 on a bad flag; exit 2 is reserved for internal errors."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(1, f"{self.prog}: error: {message}\n")


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter, its width found without importing shutil (~2 ms
    of every run: argparse makes a formatter for every add_argument)."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            from ptonz_cli import terminal_columns

            width = terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _build_parser() -> argparse.ArgumentParser:
    # ptonz is imported by now (main); its facts give the choices and defaults.
    from ptonz.analyses.ptoas_facts import (
        ARCHS,
        BACKENDS,
        DEFAULT_ARCH,
        DEFAULT_BACKEND,
        arch_name,
        DEFAULT_VERSION,
        LEVELS,
        PLAN_MEMORY_IMPLS,
        DEFAULT_PLAN_MEMORY_IMPL,
        releases_help,
    )
    from ptonz.driver import PRINT_DEBUGINFO

    p = _Parser(
        prog="ptonz-opt",
        description="Parse, verify and transform pto/pl MLIR; lower logical NZ tensor "
        "views to the blocked rank-5 form PTOAS >= 0.61 assembles into NZ->NZ loads.",
        formatter_class=_Formatter,
        add_help=False,
    )
    p.add_argument(
        "input",
        nargs="*",
        metavar="INPUT",
        help="input file ('-', the default: stdin); several inputs, or a "
        "directory (every *.pto and *.mlir under it), are lowered one by one in "
        "this process into the directory -o OUTDIR, each under its own name, with "
        "the same flags and diagnostics as one file (exit 1 if any failed; the "
        "others are still written; a progress bar on a terminal)",
    )
    p.add_argument(
        "-h",
        "--help",
        action=_HelpAction,
        help="show this help (flags and ptonz's passes) and exit",
    )
    p.add_argument(
        "--list-passes",
        action=_ListPassesAction,
        help="list every pass and pipeline in MLIR's registry and exit",
    )
    p.add_argument(
        "-o",
        dest="output",
        default="-",
        metavar="FILE",
        help="output file (default: stdout); the output directory OUTDIR with "
        "several inputs or a directory",
    )
    p.add_argument("--version", action="store_true", help="print the version and exit")
    p.add_argument(
        "--split-input-file",
        action="store_true",
        help=f"split the input at '{SPLIT_MARKER}' lines and process each chunk",
    )
    p.add_argument(
        "--verify-diagnostics",
        action="store_true",
        help="check diagnostics against expected-* comments in the input",
    )
    p.add_argument("--mlir-print-op-generic", action="store_true", help="print the generic op form")
    p.add_argument(
        "--mlir-print-debuginfo",
        action=argparse.BooleanOptionalAction,
        default=PRINT_DEBUGINFO,
        help="print each op's location: the input's file:line:col and its SSA names, "
        "in the forms PTOAS reads (default), so that ptoas's diagnostics on the output "
        "point into the input and its `// pto: %%name` comments name the input's values; "
        "--no-mlir-print-debuginfo prints none",
    )
    p.add_argument(
        "--mlir-retain-identifier-names",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="keep the input's SSA value and block-argument names (%%c128_index, "
        "%%t__tile) through the passes into the output, as MLIR NameLocs (default; "
        "--no-mlir-retain-identifier-names numbers the values as MLIR's printer "
        "does by default)",
    )
    p.add_argument(
        "--allow-unregistered-dialect",
        action="store_true",
        help="allow operations of unregistered dialects",
    )
    p.add_argument(
        "--pass-pipeline",
        metavar="PIPELINE",
        help="textual pipeline, e.g. 'builtin.module(pto-block-nz-views, canonicalize)'; "
        "pass flags run after it",
    )
    p.add_argument(
        "--lower-to-ptoas",
        action="store_true",
        help="run the lower-to-ptoas pipeline (convert-pl-to-pto, pto-block-nz-views, "
        "pto-block-mx-scale-views, pto-materialize-strides, pto-verify-ptoas) "
        "after everything else",
    )
    p.add_argument(
        "--verify-each",
        action="store_true",
        help="verify the IR after every pass (default: once, after the last pass; "
        "the input is always verified when it is parsed)",
    )
    p.add_argument(
        "--mlir-timing",
        action="store_true",
        help="print the time of each pass (MLIR's execution time report) and of "
        "parsing, verifying and printing to stderr",
    )
    p.add_argument(
        "--ptoas-version",
        default=None,
        metavar="X.Y",
        help="the PTOAS release ptonz writes for (its syntax, its --emit=descriptors) "
        "and pto-verify-ptoas checks against where the pipeline does not say; default "
        f"{DEFAULT_VERSION}. Each release's behaviours and how they were established: "
        + releases_help().replace("%", "%%"),
    )
    p.add_argument(
        "--ptoas-disable-infer-layout",
        action="store_true",
        help="PTOAS will run with --disable-infer-layout (pto-verify-ptoas{infer-layout=false})",
    )
    p.add_argument(
        "--pto-arch",
        "--ptoas-arch",
        dest="pto_arch",
        type=arch_name,
        choices=ARCHS,
        default=DEFAULT_ARCH,
        help="the --pto-arch PTOAS will run with, which the pto op verifiers check "
        "(default a3, as ptoas; a module's pto.target_arch attribute overrides it). "
        "Spelled as PTOAS 0.60 takes it: any case, and a2, which gets the rules of "
        "a3 (PTOAS checks A2 and A3 alike)",
    )
    # One flag for one concept: the level the op verifiers check (alloc_tile
    # addr, tassign, reserve_buffer base) is the level pto-verify-ptoas
    # assumes. --pto-level is ptoas's own spelling, accepted as an alias.
    p.add_argument(
        "--ptoas-pto-level",
        "--pto-level",
        dest="ptoas_pto_level",
        default=None,
        type=str.lower,  # PTOAS reads the level in any case
        metavar="{" + ",".join(LEVELS) + "}",
        help="the --pto-level PTOAS will run at: what the pto op verifiers check "
        "(`alloc_tile addr` and `tassign` need level3) and pto-verify-ptoas's "
        "pto-level; default level2, as ptoas. Another value is an error after "
        "the input is read, as in ptoas (its errors are reported first)",
    )
    p.add_argument(
        "--pto-backend",
        "--ptoas-backend",
        dest="pto_backend",
        default=None,
        type=str.lower,  # PTOAS reads the backend in any case
        choices=BACKENDS,
        help="the --pto-backend PTOAS will run with (PTOAS >= 0.60): emitc, its C++ "
        "writer, or vpto, the A5 vector backend; it overrides a module's "
        f"pto.backend attribute, as in ptoas (default: that attribute, else "
        f"{DEFAULT_BACKEND}, as ptoas). The EmitC backend cannot lower the vmi / vpto "
        "vector ops nor vector-register types in a signature, which ptonz then "
        "rejects at the op",
    )
    p.add_argument(
        "--ptoas-plan-memory-impl",
        "--plan-memory-impl",
        dest="ptoas_plan_memory_impl",
        default=DEFAULT_PLAN_MEMORY_IMPL,
        metavar="{" + ",".join(PLAN_MEMORY_IMPLS) + "}",
        help="the --plan-memory-impl PTOAS 0.60 will run with (its local memory "
        f"planner, default {DEFAULT_PLAN_MEMORY_IMPL}, as ptoas); accepted so that "
        "ptonz-opt takes ptoas's flags, and checked as ptoas checks it (another "
        "value is an error after the input is read); no rule of ptonz depends on it",
    )
    p.add_argument(
        "--ptoas-emit-pto-ir",
        action="store_true",
        help="PTOAS will run with --emit-pto-ir: it writes PTO IR and stops before its "
        "backend, so no backend rule (--pto-backend) applies",
    )
    p.add_argument(
        "--emit",
        choices=["mlir", "descriptors", "layout-svg"],
        default="mlir",
        help="what to print: the IR, or the pto-isa GlobalTensor descriptor of every "
        "tload; layout-svg writes one SVG per NZ->NZ tload into the directory -o DIR "
        "(<function>.tload<k>.svg) and prints their names",
    )
    p.add_argument(
        "--report",
        choices=["loads"],
        default=None,
        help="print a per-tload report (GM path, descriptor, contiguous runs)",
    )
    p.add_argument(
        "--check-addressing",
        type=int,
        default=None,
        metavar="N",
        help="--check-addressing[=N]: simulate the logical program and its "
        f"lowering on N (default {DEFAULT_SAMPLES}) block ids / sampled iterations "
        "and compare every tile each tload reads; with passes (--lower-to-ptoas, "
        "--pass-pipeline, pass flags) the lowering checked is that pipeline's output",
    )
    p.add_argument(
        "--check-results",
        type=int,
        default=None,
        metavar="N",
        help="--check-results[=N]: lower the pl program as annotated (NZ build) and "
        "with its nz tensors annotated nd (ND build), run both in the simulator on "
        "random inputs (NZ-packed weights for the NZ build) and compare every store "
        f"with NumPy; N (default {DEFAULT_RESULT_SAMPLES}) iterations of each store "
        "loop / block ids",
    )
    p.add_argument(
        "--remarks",
        action="store_true",
        help="emit a located remark for every partition whose bounds the passes "
        "cannot decide (e.g. an offset from pto.get_block_idx): sets the "
        "`remarks` option of every pass that has one",
    )
    p.add_argument(
        "--allow-large-gm-gap",
        action="store_true",
        help="accept NZ loads whose GM gap between column blocks exceeds 65535 "
        "32-byte blocks: only for a pto-isa with pto-isa#317 fixed (sets "
        "pto-block-nz-views' allow-large-gm-gap option)",
    )
    p.add_argument(
        "--allow-clamped-gm-offsets",
        action="store_true",
        help="accept GM addresses whose clamped last offset PTOAS 0.59/0.60 prints "
        "without parentheses, dropping the other terms: only for a build with "
        "hw-native-sys/PTOAS#1317 fixed (sets pto-verify-ptoas' "
        "allow-clamped-gm-offsets option)",
    )
    p.add_argument(
        "--nz-arg",
        action="append",
        default=[],
        metavar="@FUNC:INDEX[=SHAPE]",
        help="the GM bytes behind pointer argument INDEX of FUNC are NZ-packed, with "
        "logical shape SHAPE (e.g. 32x2048x4096: one NZ matrix per leading index; "
        "without it, the shape of the views that read it); repeatable (sets "
        "pto-declare-nz-args' nz-args option, the first pass of --lower-to-ptoas)",
    )
    p.add_argument(
        "--arg-range",
        action="append",
        default=[],
        metavar="@FUNC:INDEX=LO:HI[:STEP]",
        help="scalar argument INDEX of FUNC lies in [LO, HI) (with STEP: takes the "
        "values LO, LO+STEP, ...): a launch fact (block index, expert index, a K "
        "offset) that every range and alignment proof then uses; repeatable (sets "
        "pto-declare-nz-args' arg-ranges option)",
    )
    return p


def _refused_ptoas_flag(args) -> Optional[Tuple[str, str, Tuple[str, ...]]]:
    """(flag, value, its values) of the first ptoas flag whose value ptoas
    refuses, in the order ptoas checks them (tools/ptoas/ptoas.cpp, after it
    has read its input); None if there is none."""
    from ptonz.analyses.ptoas_facts import LEVELS, PLAN_MEMORY_IMPLS

    for flag, value, values in (
        ("--pto-level", args.ptoas_pto_level, LEVELS),
        ("--plan-memory-impl", args.ptoas_plan_memory_impl, PLAN_MEMORY_IMPLS),
    ):
        if value is not None and value not in values:
            return flag, value, values
    return None


def _refuse_flag(target, inputs: List[str], flag: str, value: str, values) -> int:
    """A ptoas flag value ptoas refuses (`_refused_ptoas_flag`), refused as
    ptoas refuses it: each input is parsed and verified for `target` first
    (its located errors reported), then the flag is an error; nothing is
    written. Exit 1."""
    from ptonz import diagnostics as D
    from ptonz.driver import Pipeline, process

    for path in inputs:
        source = _read_source(path, _report_to_stderr)
        if source is None:
            continue
        filename, text = source
        sources = D.Sources()
        sources.add(filename, text)
        outcome = process(target.context(), text, filename, Pipeline(), emit=None)
        for d in outcome.diagnostics:
            _report_to_stderr(D.render(d, sources))
    print(
        f"ptonz-opt: error: invalid {flag}='{value}': expected "
        f"{', '.join(values[:-1])} or {values[-1]} (as in ptoas, the input was read first)",
        file=sys.stderr,
    )
    return 1


def _read_source(path: str, report) -> Optional[Tuple[str, str]]:
    """(file name, text) of an input (a file or '-'), or None after reporting
    why it cannot be read or is not UTF-8."""
    from ptonz import diagnostics as D
    from ptonz.driver import decode

    filename = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as exc:
        report(f"ptonz-opt: error: cannot read '{path}': {exc.strerror}")
        return None
    text, bad = decode(data, filename)
    if text is None:
        assert bad is not None  # decode says why it could not
        report(D.render(bad))
        return None
    return filename, text


def _report_to_stderr(text: str) -> None:
    print(text, file=sys.stderr)


def run(argv: Optional[List[str]] = None) -> int:
    t_start = time.perf_counter()
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--version" in argv:  # the ptonz-opt command answers it in ptonz_cli
        from ptonz_cli import version_line

        print(version_line())
        return 0
    # Pass flags are the names in MLIR's pass registry, which `import ptonz` fills.
    from ptonz import _ptonz
    from ptonz.driver import Pipeline, PipelineError, Target, pass_defaults, reused

    parser = _build_parser()
    own = {opt for action in parser._actions for opt in action.option_strings}
    from ptonz._startup import upstream_passes

    def is_pass(name: str) -> bool:  # ptonz's own, else (registered now) upstream
        registered = _ptonz.is_registered_pass
        return registered(name) or (upstream_passes() and registered(name))

    argv, ordered = take_pass_flags(argv, is_pass, own)
    # Like pass options, the sample count is only given with `=`, so a bare
    # `--check-addressing` never swallows the input file name.
    argv = [
        f"--check-addressing={DEFAULT_SAMPLES}"
        if a == "--check-addressing"
        else f"--check-results={DEFAULT_RESULT_SAMPLES}"
        if a == "--check-results"
        else a
        for a in argv
    ]
    args = parser.parse_args(argv)
    inputs = args.input or ["-"]
    batch = len(inputs) > 1 or any(os.path.isdir(path) for path in inputs)
    if args.emit == "layout-svg" and batch:
        print(
            "ptonz-opt: error: --emit=layout-svg takes one input (its -o DIR receives that "
            "input's SVG files): run it once per input",
            file=sys.stderr,
        )
        return 1
    if args.emit == "layout-svg" and args.output == "-":
        print(
            "ptonz-opt: error: --emit=layout-svg writes one SVG file per NZ tload: give the "
            "directory to write them to with -o DIR",
            file=sys.stderr,
        )
        return 1
    jobs = _batch_jobs(inputs, args.output) if batch else [(inputs[0], args.output)]
    if jobs is None:
        return 1
    refused = _refused_ptoas_flag(args)
    if refused is not None and refused[0] == "--pto-level":
        args.ptoas_pto_level = None  # the inputs are read at the default level first
    target = Target(
        pto_arch=args.pto_arch,
        pto_level=args.ptoas_pto_level,
        ptoas_version=args.ptoas_version,
        pto_backend=args.pto_backend,
        ptoas_emit_pto_ir=args.ptoas_emit_pto_ir,
        allow_unregistered_dialect=args.allow_unregistered_dialect,
        print_op_on_diagnostic=not args.verify_diagnostics,
    )
    if refused is not None:
        return _refuse_flag(target, [src for src, _ in jobs], *refused)
    # The pipeline is checked before any input is read; the inputs use what
    # the check built.
    first: dict = {}
    try:
        pipeline = Pipeline(
            text=args.pass_pipeline,
            elements=tuple(f"{name}{{{value}}}" if value else name for name, value in ordered)
            + (("lower-to-ptoas",) if args.lower_to_ptoas else ()),
            defaults=pass_defaults(
                ptoas_version=args.ptoas_version,
                infer_layout=not args.ptoas_disable_infer_layout,
                pto_level=args.ptoas_pto_level,
                remarks=args.remarks,
                allow_large_gm_gap=args.allow_large_gm_gap,
                allow_clamped_gm_offsets=args.allow_clamped_gm_offsets,
                nz_args=args.nz_arg,
                arg_ranges=args.arg_range,
            ),
        )
        if args.mlir_timing:
            # A pass manager per input: MLIR prints its timing report when
            # the pass manager goes.
            first["ctx"] = target.context()
            first["pm"] = pipeline.pass_manager(first["ctx"])
        else:
            reused(target, pipeline)  # one context and pass manager for many inputs
    except PipelineError as exc:
        print(f"ptonz-opt: error: {exc}", file=sys.stderr)
        return 1

    from ptonz_cli import started

    started()  # the garbage collector back on, without the start-up objects
    timing = {"parse": 0.0, "pipeline": 0.0, "verify": 0.0, "print": 0.0}
    if not batch:
        # The ptonz-opt command leaves by os._exit (ptonz_cli): its modules
        # are left to it, as freeing them only costs time (bench/README.md);
        # a caller of run() gets them freed.
        rc = _lower_file(
            jobs[0][0],
            jobs[0][1],
            args,
            target,
            pipeline,
            timing,
            first,
            _report_to_stderr,
            left_to_exit=ptonz_cli.LEFT_TO_EXIT if ptonz_cli.COMMAND else None,
        )
    else:
        rc = _lower_batch(jobs, args, target, pipeline, timing, first)
    if args.mlir_timing:
        total = time.perf_counter() - t_start
        print("ptonz-opt phases (wall time):", file=sys.stderr)
        for phase, secs in list(timing.items()) + [("total (after interpreter start-up)", total)]:
            print(f"  {secs:8.4f} s  {phase}", file=sys.stderr)
    return rc


INPUT_SUFFIXES = (".pto", ".mlir")


def _batch_jobs(inputs: List[str], outdir: str) -> Optional[List[Tuple[str, str]]]:
    """Batch mode: (input, output) for every input file, and for every
    *.pto / *.mlir under an input directory (sorted), written to OUTDIR under
    its own name (its path relative to the directory given); None after an
    error (no OUTDIR, two inputs with one output, an output that is an input)."""

    def fail(message: str) -> None:
        print(f"ptonz-opt: error: {message}", file=sys.stderr)

    if outdir == "-":
        fail("several inputs (or a directory) are lowered into a directory: give it with -o OUTDIR")
        return None
    if os.path.exists(outdir) and not os.path.isdir(outdir):
        fail(
            f"-o '{outdir}' is a file: with several inputs (or a directory) -o names the "
            "output directory"
        )
        return None
    jobs: List[Tuple[str, str]] = []
    for path in inputs:
        if path == "-":
            fail("'-' (stdin) cannot be one of several inputs")
            return None
        if os.path.isdir(path):
            found = []
            for root, dirs, files in os.walk(path):
                dirs.sort()
                found += [
                    os.path.join(root, f) for f in sorted(files) if f.endswith(INPUT_SUFFIXES)
                ]
            if not found:
                fail(f"directory '{path}' has no *.pto or *.mlir file")
                return None
            jobs += [(f, os.path.join(outdir, os.path.relpath(f, path))) for f in found]
        else:
            jobs.append((path, os.path.join(outdir, os.path.basename(path))))
    seen: dict = {}
    for src, out in jobs:
        key = os.path.normpath(out)
        if key in seen:
            fail(
                f"'{seen[key]}' and '{src}' would both be written to '{out}': lower them "
                "into different directories"
            )
            return None
        seen[key] = src
        if os.path.exists(out) and os.path.exists(src) and os.path.samefile(src, out):
            fail(f"the output of '{src}' would overwrite it: choose another -o OUTDIR")
            return None
    return jobs


def _lower_batch(jobs, args, target, pipeline, timing, first) -> int:
    """Every (input, output) job in this process, each as one-file mode would
    lower it; the progress bar (stderr, a terminal only) and a summary line
    when some failed. The exit status is the worst of the files'."""
    bar = None
    report = _report_to_stderr
    if sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=len(jobs), unit="file", file=sys.stderr, leave=False, dynamic_ncols=True)

        def report(text: str) -> None:
            bar.write(text, file=sys.stderr)

    failed: List[str] = []
    worst = 0
    try:
        for src, out in jobs:
            if bar is not None:
                bar.set_postfix_str(os.path.basename(src), refresh=False)
            try:
                os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
                rc = _lower_file(src, out, args, target, pipeline, timing, first, report)
            except OSError as exc:
                report(f"ptonz-opt: error: cannot write '{out}': {exc.strerror}")
                rc = 1
            except Exception as exc:  # an internal bug: the other files still run
                if os.environ.get("PTONZ_DEBUG"):
                    raise
                report(
                    f"ptonz-opt: internal error while lowering '{src}': "
                    f"{type(exc).__name__}: {exc}\n(set PTONZ_DEBUG=1 to see the Python "
                    "traceback; please report it)"
                )
                rc = INTERNAL_ERROR
            if rc:
                failed.append(src)
            worst = max(worst, rc)
            if bar is not None:
                bar.update()
    finally:
        if bar is not None:
            bar.close()
    if failed:
        print(
            f"ptonz-opt: {len(failed)} of {len(jobs)} inputs failed: {', '.join(failed)}",
            file=sys.stderr,
        )
    return worst


def _lower_file(
    path, output, args, target, pipeline, timing, first, report, left_to_exit=None
) -> int:
    """One input (a file or '-') through the pipeline, written to `output`
    ('-': stdout) unless it failed; diagnostics go to `report`. `first` holds
    the context and pass manager built to check the pipeline (used, then
    dropped, by the first chunk, under --mlir-timing; else every chunk uses
    driver.reused). `left_to_exit`: a list that takes each chunk's module,
    which the process's exit then frees. The exit status of one-file mode."""
    from ptonz import diagnostics as D
    from ptonz.driver import process, reused

    source = _read_source(path, report)
    if source is None:
        return 1
    filename, text = source
    sources = D.Sources()
    sources.add(filename, text)
    outputs: List[str] = []
    failed = False
    verify_failed = False
    keep_input = (
        args.check_addressing is not None
        or args.check_results is not None
        or args.report == "loads"
    )
    for chunk_index, (chunk, first_line) in enumerate(split_chunks(text, args.split_input_file)):
        chunk_no = chunk_index if args.split_input_file else None

        def emit(module, before, chunk_no=chunk_no):
            return _emit(
                args,
                module,
                before=before,
                chunk=chunk_no,
                nd_build=lambda: _nd_build(before, pipeline, args),
                defaults=pipeline.defaults,
            )

        if args.mlir_timing:
            ctx = first.pop("ctx") if "ctx" in first else target.context()
            pm = first.pop("pm", None)
        else:
            ctx, pm = reused(target, pipeline)
        outcome = process(
            ctx,
            chunk,
            filename,
            pipeline,
            pm=pm,
            first_line=first_line,
            verify_each=args.verify_each,
            mlir_timing=args.mlir_timing,
            timing=timing,
            keep_input=keep_input,
            emit=emit,
            retain_names=args.mlir_retain_identifier_names,
        )
        if outcome.output is not None:
            outputs.append(outcome.output)
        if left_to_exit is not None and outcome.module is not None:
            left_to_exit.append(outcome.module)
        if args.verify_diagnostics:
            expected = D.parse_expectations(chunk, first_line)
            problems = D.verify(outcome.diagnostics, expected, filename)
            for prob in problems:
                report(D.render(prob, sources))
            verify_failed |= bool(problems)
        else:
            for d in outcome.diagnostics:
                report(D.render(d, sources))
            failed |= outcome.failed

    if not failed or args.verify_diagnostics:
        sep = "\n" if args.emit == "layout-svg" else "\n" + SPLIT_MARKER + "\n"
        result = sep.join(o.rstrip("\n") for o in outputs) + ("\n" if outputs else "")
        if output == "-" or args.emit == "layout-svg":  # -o is the SVG directory
            sys.stdout.write(result)
        else:
            with open(output, "w", encoding="utf-8") as out:
                out.write(result)
    if args.verify_diagnostics:
        return 1 if verify_failed else 0
    return 1 if failed else 0


def _nd_build(before, pipeline, args):
    """--report=loads: the ND build of the input (see passes.pipeline.nd_build)."""
    from ptonz.passes.pipeline import nd_build
    from ptonz.driver import Pipeline

    if before is None:
        return None
    # The ND build declares no pointer NZ: its weights are row-major in GM.
    nd_defaults = {
        name: {k: v for k, v in opts.items() if k != "nz-args"}
        for name, opts in pipeline.defaults.items()
    }
    nd = Pipeline(text=pipeline.text, elements=pipeline.elements, defaults=nd_defaults)
    return nd_build(before, nd.pass_manager, declared_nz=bool(args.nz_arg))


def _emit(
    args, module, before=None, chunk=None, nd_build=lambda: None, defaults=None
) -> Optional[str]:
    """Render the processed module: IR, descriptors, or a report. `before` is
    the module as parsed, when a pipeline ran and --check-addressing or
    --check-results needs it; `chunk` numbers --split-input-file chunks (for SVG
    file names); `nd_build()` gives the ND build for --report=loads; `defaults`:
    the pass option defaults of the flags (--nz-arg, --arg-range, ...), for the
    lowering --check-results runs itself."""
    from ptonz import _ptonz
    from ptonz.analyses.ptoas_facts import DEFAULT_VERSION

    if args.check_results is not None:
        from .reports import check_results_cli

        return check_results_cli(
            module,
            samples=args.check_results,
            ptoas_version=args.ptoas_version or DEFAULT_VERSION,
            before=before,
            pass_defaults=defaults,
        )
    if args.check_addressing is not None:
        from .reports import check_addressing_cli

        return check_addressing_cli(
            module,
            samples=args.check_addressing,
            ptoas_version=args.ptoas_version or DEFAULT_VERSION,
            before=before,
            pass_defaults=defaults,
        )
    if args.report == "loads":
        from ptonz.driver import _target_version

        from .reports import loads_report

        return loads_report(module, nd_build(), _target_version(args.ptoas_version))
    if args.emit == "layout-svg":
        from .reports import layout_svg_cli

        return layout_svg_cli(module, args.output, prefix="" if chunk is None else f"chunk{chunk}.")
    if args.emit == "descriptors":
        from ptonz.driver import _target_version

        from .reports import descriptors_text

        return descriptors_text(
            module, _target_version(args.ptoas_version), not args.ptoas_disable_infer_layout
        )
    # One C++ buffer: Operation.print(file=...) calls back into Python per token.
    return _ptonz.print_asm(
        module.operation,
        generic=args.mlir_print_op_generic,
        debug_info=args.mlir_print_debuginfo,
        names=args.mlir_retain_identifier_names,
    )


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
        print(
            f"ptonz-opt: internal error: {type(exc).__name__}: {exc}\n"
            "(set PTONZ_DEBUG=1 to see the Python traceback; please report it)",
            file=sys.stderr,
        )
        return INTERNAL_ERROR


def main(argv: Optional[List[str]] = None) -> None:
    sys.exit(exit_code(argv))


if __name__ == "__main__":
    main()
