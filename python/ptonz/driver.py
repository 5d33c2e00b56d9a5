"""One implementation of "parse, configure the PTOAS target, build the pass
pipeline, run it, collect the located diagnostics", shared by ptonz-opt (one
file, `--split-input-file` chunks, batch mode) and by `ptonz.lower` (the
in-process API for front ends).

* `Target`: the PTOAS run the output is for (arch, level, version) and how
  the context parses and reports; `Target.context()` is a fresh context set
  up for it.
* `pass_defaults(...)`: the command line's options (`--ptoas-version`,
  `--remarks`, ...) as pass-option defaults, `{pass: {option: value}}`; a new
  option of the command line and of the API is one more entry there.
* `Pipeline`: a textual pipeline and/or pipeline elements, with those
  defaults; `Pipeline.pass_manager(ctx)` builds it (`PipelineError`).
* `process(ctx, text, filename, pipeline)`: one input, parsed, lowered,
  verified and printed (or handed to an `emit` callback), with every
  diagnostic it produced: an `Outcome`.

* `reused(target, pipeline)`: a context and pass manager for that target and
  pipeline that this thread keeps for `REUSE_RUNS` inputs, for callers whose
  modules never outlive the call (batch mode, `ptonz.lower(as_text=True)`).

A context carries nothing from one input to the next that changes a result:
its target settings and pass options are fixed when it is made, a
diagnostic handler lives for one `process` call, and a fresh one is made
whenever the target or the pipeline differs; what stays behind is uniqued
types, attributes and locations, which `REUSE_RUNS` bounds.
"""

import re
import time
from _thread import _local
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

from mlir import ir

from . import _ptonz
from . import diagnostics as D
from .passes.pipeline import PipelineError
from .analyses.ptoas_facts import DEFAULT_ARCH, DEFAULT_LEVEL

# Dialects a ptonz context loads when it is created. The bindings' default
# (`load_all_available_dialects`, every upstream dialect) costs ~20 ms per
# context; as in mlir-opt, the parser loads the dialects a module names and a
# pass those it builds ops of (ptonz's passes: arith, pto; scf for pl loops).
CONTEXT_DIALECTS = ("func", "arith", "scf", "pto")

# The pass the command line's `--nz-arg` / `--arg-range` (the API's
# `nz_args` / `arg_ranges`) configure, through its options of these names.
NZ_ARGS_PASS = "pto-declare-nz-args"
NZ_ARGS_OPTIONS = {"nz_args": "nz-args", "arg_ranges": "arg-ranges"}


def keyed_tile_buf(version: str | None) -> bool:
    """PTOAS parses the compact !pto.tile_buf form from 0.25 on; older versions
    read only the keyed form, so ptonz prints that for them."""
    from .analyses.ptoas_facts import FIRST_COMPACT_TILE_BUF, parse_version

    if not version:
        return False
    try:
        return parse_version(version) < FIRST_COMPACT_TILE_BUF
    except ValueError:
        return False  # pto-verify-ptoas reports the malformed version


# The records of this module are NamedTuples and __slots__ classes, not
# dataclasses: a dataclass compiles its methods from source when it is
# defined, ~2 ms of every ptonz-opt start-up for six of them (bench/README.md).


class Target(NamedTuple):
    """What the lowered module is for, and how its context reports.

    `pto_arch` / `pto_level`: ptoas's --pto-arch / --pto-level, which the pto
    op verifiers check (level None: level2, as ptoas); `ptoas_version` picks
    the !pto.tile_buf spelling that version parses; `pto_backend`: ptoas's
    --pto-backend (emitc|vpto), which overrides a module's `pto.backend`
    (None: not given; the attribute, else emitc, decides)."""

    pto_arch: str = DEFAULT_ARCH
    pto_level: str | None = None
    ptoas_version: str | None = None
    pto_backend: str | None = None
    # ptoas --emit-pto-ir: it writes PTO IR and stops before its backend.
    ptoas_emit_pto_ir: bool = False
    allow_unregistered_dialect: bool = False
    # False under --verify-diagnostics, as mlir-opt: expectations name the
    # diagnostic, not the op it prints.
    print_op_on_diagnostic: bool = True

    def context(self) -> ir.Context:
        """A fresh context for this target (pto/pl dialects, ptonz's settings)."""
        ctx = ir.Context(load_on_create_dialects=[])
        for name in CONTEXT_DIALECTS:
            ctx.get_dialect_descriptor(name)
        # One thread: the verifier of a module with several functions otherwise
        # runs op verifiers on MLIR's worker threads, and a diagnostic they emit
        # waits for the GIL that the parsing thread holds (a deadlock, seen on
        # PTOAS 0.60's test tree); it also keeps diagnostics in source order.
        ctx.enable_multithreading(False)
        ctx.allow_unregistered_dialects = self.allow_unregistered_dialect
        # The op verifiers follow the PTOAS release too (rules and syntax that
        # changed between releases).
        _ptonz.set_ptoas_target(
            ctx,
            self.pto_arch,
            self.pto_level or DEFAULT_LEVEL,
            _target_version(self.ptoas_version),
            self.pto_backend,
        )
        _ptonz.set_ptoas_emits_pto_ir(ctx, self.ptoas_emit_pto_ir)
        _ptonz.set_tile_buf_keyed_form(ctx, keyed_tile_buf(self.ptoas_version))
        _ptonz.set_print_op_on_diagnostic(ctx, self.print_op_on_diagnostic)
        return ctx


def _target_version(version: str | None):
    """--ptoas-version as (major, minor) for the op verifiers; None (their
    default, the newest modelled release) when absent or malformed
    (pto-verify-ptoas reports a malformed one)."""
    from .analyses.ptoas_facts import parse_version

    if not version:
        return None
    try:
        return parse_version(version)
    except ValueError:
        return None


def _join(values) -> str:
    """A list option's value: `a,b` (MLIR's list spelling); a string as given."""
    return values if isinstance(values, str) else ",".join(str(v) for v in values)


def pass_defaults(
    *,
    ptoas_version: str | None = None,
    infer_layout: bool | None = None,
    pto_level: str | None = None,
    remarks: bool = False,
    allow_large_gm_gap: bool = False,
    allow_clamped_gm_offsets: bool = False,
    nz_args: Sequence[str] = (),
    arg_ranges: Sequence[str] = (),
    pass_options: Mapping[str, Mapping[str, object]] | None = None,
) -> dict[str, dict[str, object]]:
    """The pass-option defaults `{pass: {option: value}}` that ptonz-opt's
    flags and `ptonz.lower`'s keyword arguments stand for; a pipeline that
    sets an option itself overrides them. `pass_options` adds (and wins over)
    any other defaults. `nz_args` / `arg_ranges` (`@FUNC:INDEX[=SHAPE]`,
    `@FUNC:INDEX=LO:HI`) are the `nz-args` / `arg-ranges` options of the
    `pto-declare-nz-args` pass, joined with commas; PipelineError when that
    pass is not registered."""
    out: dict[str, dict[str, object]] = {}
    verify: dict[str, object] = {}
    if ptoas_version:
        verify["ptoas-version"] = ptoas_version
    if infer_layout is not None and not infer_layout:
        verify["infer-layout"] = False
    if pto_level:
        verify["pto-level"] = pto_level
    if allow_clamped_gm_offsets:
        verify["allow-clamped-gm-offsets"] = True
    if verify:
        out["pto-verify-ptoas"] = verify
    if remarks:
        from .passes.catalog import CATALOG

        for name, info in CATALOG.items():
            if "remarks" in info.options:
                out.setdefault(name, {})["remarks"] = True
    if allow_large_gm_gap:
        out.setdefault("pto-block-nz-views", {})["allow-large-gm-gap"] = True
    for key, declared in (("nz_args", nz_args), ("arg_ranges", arg_ranges)):
        if not declared:
            continue
        if not _ptonz.is_registered_pass(NZ_ARGS_PASS):
            raise PipelineError(
                f"{key.replace('_', '-')} needs the '{NZ_ARGS_PASS}' pass, which this ptonz "
                f"does not have (its '{NZ_ARGS_OPTIONS[key]}' option)"
            )
        out.setdefault(NZ_ARGS_PASS, {})[NZ_ARGS_OPTIONS[key]] = _join(declared)
    for name, values in (pass_options or {}).items():
        out.setdefault(name, {}).update(values)
    return out


class Pipeline(NamedTuple):
    """A textual pipeline (`builtin.module(...)`), then pipeline elements added
    in order (`pto-block-nz-views{remarks=true}`, `lower-to-ptoas`), with
    pass-option defaults (`pass_defaults`)."""

    text: str | None = None
    elements: tuple[str, ...] = ()
    defaults: Mapping[str, Mapping[str, object]] = MappingProxyType({})

    def __bool__(self) -> bool:
        return bool(self.text or self.elements)

    @classmethod
    def of(cls, pipeline: str, defaults=None) -> "Pipeline":
        """`builtin.module(...)` as a whole pipeline, anything else (`lower-to-ptoas`,
        `convert-pl-to-pto, cse`) as elements of one on builtin.module."""
        if pipeline.lstrip().startswith("builtin.module"):
            return cls(text=pipeline, defaults=defaults or {})
        return cls(elements=(pipeline,), defaults=defaults or {})

    def key(self) -> tuple:
        """What decides the pass manager: equal keys build the same one."""
        defaults = tuple(
            (name, tuple(sorted((k, repr(v)) for k, v in opts.items())))
            for name, opts in sorted(self.defaults.items())
        )
        return (self.text, self.elements, defaults)

    def pass_manager(self, ctx: ir.Context):
        """The pass manager in `ctx`, or None for an empty pipeline.
        PipelineError with MLIR's (or the option check's) message."""
        from .passes.pipeline import build_pass_manager

        if not self:
            return None
        return build_pass_manager(self.text, ctx, self.defaults, self.elements)


# How many inputs one context (and its pass manager) serves in `reused`
# before it is replaced. A new context and pass manager cost ~0.8 ms, a
# third of lowering a real kernel in process; the uniqued types, attributes
# and locations a context keeps grow with each input (bench/kernels.py prints
# the in-process peak memory).
REUSE_RUNS = 64

_reuse = _local()  # per thread (threading.local; see passes.registration)


def reused(target: Target, pipeline: Pipeline):
    """(context, pass manager) for `target` and `pipeline`, made on this
    thread's first call for them and kept for REUSE_RUNS calls; the pass
    manager is None for an empty pipeline. Only for modules that do not
    outlive the caller's use of them (they share the context with the
    inputs after them). PipelineError when the pipeline does not build."""
    key = (target, pipeline.key())
    entry = getattr(_reuse, "entry", None)
    if entry is None or entry[0] != key or entry[3] >= REUSE_RUNS:
        ctx = target.context()
        entry = [key, ctx, pipeline.pass_manager(ctx), 0]
        _reuse.entry = entry
    entry[3] += 1
    return entry[1], entry[2]


class Outcome:
    """What `process` made of one input: ok, every diagnostic it produced (in
    order), the printed output (when ok and printed) and the module."""

    __slots__ = ("ok", "diagnostics", "output", "module")

    def __init__(
        self,
        ok: bool,
        diagnostics: list[D.Diag],
        output: str | None = None,
        module: ir.Module | None = None,
    ):
        self.ok = ok
        self.diagnostics = diagnostics
        self.output = output
        self.module = module

    @property
    def failed(self) -> bool:
        return not self.ok or any(d.severity == "error" for d in self.diagnostics)


# Whether ptonz prints each op's location by default (ptonz-opt's
# --mlir-print-debuginfo, `ptonz.lower(debug_info=)`): the input's file
# positions and SSA names, in the forms PTOAS reads its `// pto: %name`
# comments from, so that ptoas's diagnostics and comments name the input.
PRINT_DEBUGINFO = True


def _print(module, before) -> str:
    # One C++ buffer: Operation.print(file=...) calls back into Python per token.
    return _ptonz.print_asm(module.operation, debug_info=PRINT_DEBUGINFO)


_INDEX_ARRAY_HINT = re.compile(r"array\s*<\s*index")
# An `array<index...>` outside comments and string literals: MLIR's parser
# asserts (getIntOrFloatBitWidth of index) and aborts the process on it.
_INDEX_ARRAY = re.compile(r'//[^\n]*|"(?:[^"\\\n]|\\.)*"|(?<![\w.$!#%@])(array\s*<\s*index)\b')


def source_hazard(text: str) -> tuple[int, str] | None:
    """(offset, why) of the first thing in `text` that MLIR's parser would
    misread or abort on, which ptonz therefore rejects before parsing; None
    if there is none."""
    nul = text.find("\0")
    if nul >= 0:
        # MLIR's lexer skips a NUL as if it were not there: the parser then
        # joins the words around it (`pto.parti<NUL>tion_view` became a
        # pass-through op that printed as an unverified pto.partition_view).
        return nul, (
            "a NUL byte (0x00) is not MLIR source: MLIR's lexer would skip it and "
            "read the words around it as other tokens; remove it"
        )
    if _INDEX_ARRAY_HINT.search(text):  # cheap; the exact scan is rare
        for m in _INDEX_ARRAY.finditer(text):
            if m.group(1):
                return m.start(1), (
                    "a dense array of index elements (`array<index>`) aborts MLIR's "
                    "parser (index has no fixed bit width); use array<i64: ...>"
                )
    return None


def process(
    ctx: ir.Context,
    text: str,
    filename: str,
    pipeline: Pipeline,
    *,
    pm=None,
    first_line: int = 1,
    verify_each: bool = False,
    mlir_timing: bool = False,
    timing: dict[str, float] | None = None,
    keep_input: bool = False,
    retain_names: bool = True,
    emit: Callable[[ir.Module, ir.Module | None], str | None] | None = _print,
) -> Outcome:
    """Parse `text` (lines `first_line`.. of `filename`) in `ctx`, run
    `pipeline` (or the pass manager `pm` already built from it in `ctx`) on
    this thread, verify the result once (after every pass with
    `verify_each`), then `emit(module, before)` -> the output text, or None
    after emitting located errors; `before` is a copy of the parsed module
    when `keep_input` (what --check-addressing and --report=loads compare
    with). `emit=None` prints nothing (Outcome.module is the result).
    `timing` accumulates the seconds of parse/pipeline/verify/print.
    `retain_names`: keep the input's SSA names (ptonz-opt
    --mlir-retain-identifier-names, on by default).
    PipelineError only when `pm` is None and the pipeline does not build."""
    from .passes.pipeline import run_pass_manager

    timing = timing if timing is not None else {}
    for phase in ("parse", "pipeline", "verify", "print"):
        timing.setdefault(phase, 0.0)
    diags: list[D.Diag] = []
    outcome = Outcome(False, diags)
    hazard = source_hazard(text)
    if hazard is not None:
        offset, message = hazard
        diags.append(
            D.Diag(
                "error",
                message,
                filename,
                first_line + text.count("\n", 0, offset),
                offset - (text.rfind("\n", 0, offset) + 1) + 1,
            )
        )
        return outcome
    collector = D.Collector(ctx)
    try:
        with ctx, ir.Location.unknown():
            t0 = time.perf_counter()
            module = _ptonz.parse_source(
                ctx, "\n" * (first_line - 1) + text, filename, retain_names=retain_names
            )
            timing["parse"] += time.perf_counter() - t0
            diags += collector.take()
            if module is None:
                return outcome
            # MLIR verifies no unregistered op: PTOAS's rules for the ops
            # ptonz keeps verbatim, then what the target's PTOAS backend
            # cannot lower (a call cycle through an entry too).
            t0 = time.perf_counter()
            lowerable = _ptonz.verify_module_rules(module.operation)
            timing["verify"] += time.perf_counter() - t0
            if not lowerable:
                diags += collector.take()
                return outcome
            before = None
            if keep_input and pipeline:
                from .analyses.ir_queries import clone

                before = clone(module)
            if pipeline:
                if pm is None:
                    pm = pipeline.pass_manager(ctx)
                # Verifying 100k ops takes ~0.1 s; once after the pipeline
                # still guarantees that only valid IR is printed.
                pm.enable_verifier(verify_each)
                if mlir_timing:
                    pm.enable_timing()
                try:
                    t0 = time.perf_counter()
                    try:
                        run_pass_manager(pm, module.operation)  # on this thread
                    finally:
                        timing["pipeline"] += time.perf_counter() - t0
                        del pm  # prints MLIR's pass timing report (--mlir-timing)
                    if not verify_each:
                        t0 = time.perf_counter()
                        module.operation.verify()
                        timing["verify"] += time.perf_counter() - t0
                except ir.MLIRError as exc:
                    diags += collector.take()
                    diags += D.from_mlir_error(exc)
                    return outcome
                diags += collector.take()
            outcome.module = module
            if emit is not None:
                t0 = time.perf_counter()
                out = emit(module, before)
                timing["print"] += time.perf_counter() - t0
                diags += collector.take()
                if out is None:
                    return outcome
                outcome.output = out
            outcome.ok = True
            return outcome
    finally:
        diags += collector.take()
        collector.detach()


def decode(data: bytes, filename: str) -> tuple[str | None, D.Diag | None]:
    """The input as text, or None and a located error at the first byte that
    is not UTF-8 (MLIR source is UTF-8)."""
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        start = exc.start
        line = data.count(b"\n", 0, start) + 1
        col = start - (data.rfind(b"\n", 0, start) + 1) + 1
        return None, D.Diag(
            "error",
            f"byte 0x{data[start]:02x} is not valid UTF-8 "
            f"({exc.reason}): MLIR source is UTF-8 text; re-encode the file",
            filename,
            line,
            col,
        )
