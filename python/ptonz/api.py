"""The in-process API for front ends: `ptonz.lower` (what `ptonz-opt` does
to one file, without starting a process) and `ptonz.LoweringError`.

    import ptonz
    text = ptonz.lower(open("k.pto").read(), filename="k.pto", pto_level="level3",
                       as_text=True)
    try:
        module = ptonz.lower(module_or_text, nz_args=["@k:1=32x2048x4096"])
    except ptonz.LoweringError as err:
        for d in err.diagnostics:       # ptonz.Diagnostic records
            print(d.filename, d.line, d.col, d.severity, d.message)
        print(err)                      # file:line:col: error: ..., as ptonz-opt prints it
"""

from __future__ import annotations

from typing import List, Mapping, Optional, Sequence, Union

from mlir import ir

from . import _ptonz
from . import diagnostics as D
from .analyses.ptoas_facts import DEFAULT_ARCH
from .driver import (
    PRINT_DEBUGINFO,
    Pipeline,
    PipelineError,
    Target,
    decode,
    pass_defaults,
    process,
    reused,
)


class LoweringError(Exception):
    """The input was rejected (bad syntax, verifier failure, a pass's
    rejection, a bad option). `diagnostics`: every diagnostic produced, as
    `ptonz.Diagnostic` records (`filename`, `line`, `col`, `severity`,
    `message`, `notes`); `errors`: the error ones. `str()` is what ptonz-opt
    prints: `file:line:col: error: ...` with the source line and a caret."""

    def __init__(self, diagnostics: List[D.Diag], sources: Optional[D.Sources] = None):
        self.diagnostics = list(diagnostics)
        self._rendered = "\n".join(D.render(d, sources) for d in self.diagnostics)
        super().__init__(self._rendered)

    @property
    def errors(self) -> List[D.Diag]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def __str__(self) -> str:
        return self._rendered


def _module_text(module: ir.Module) -> str:
    """The module's text with its locations (diagnostics then point into its
    own sources); it is verified first, as printing assumes valid IR."""
    try:
        module.operation.verify()
    except ir.MLIRError as exc:
        raise LoweringError(D.from_mlir_error(exc)) from None
    return _ptonz.print_asm(module.operation, generic=False, debug_info=True)


def lower(
    source: Union[str, bytes, ir.Module],
    *,
    filename: Optional[str] = None,
    nz_args: Sequence[str] = (),
    arg_ranges: Sequence[str] = (),
    ptoas_version: Optional[str] = None,
    pto_arch: str = DEFAULT_ARCH,
    pto_level: Optional[str] = None,
    pto_backend: Optional[str] = None,
    infer_layout: Optional[bool] = None,
    remarks: bool = False,
    allow_large_gm_gap: bool = False,
    allow_clamped_gm_offsets: bool = False,
    pipeline: str = "lower-to-ptoas",
    pass_options: Optional[Mapping[str, Mapping[str, object]]] = None,
    allow_unregistered_dialect: bool = False,
    as_text: bool = False,
    debug_info: bool = PRINT_DEBUGINFO,
    diagnostics: Optional[list] = None,
) -> Union[ir.Module, str]:
    """Lower one module as `ptonz-opt --lower-to-ptoas` does; returns the
    lowered `ir.Module` (in a context of its own), or its text with
    `as_text=True`. Raises `LoweringError` (located diagnostics) when the
    input is rejected.

    source: the module's text (str, or UTF-8 bytes) -- `filename` names it in
      diagnostics (default `<string>`) -- or an `ir.Module`, which is copied
      (locations kept) into a fresh context and left unchanged.
    ptoas_version, pto_arch, pto_level, pto_backend, infer_layout: ptonz-opt's
      --ptoas-version, --pto-arch, --ptoas-pto-level, --pto-backend and (False)
      --ptoas-disable-infer-layout: the PTOAS run the output is for.
    remarks, allow_large_gm_gap, allow_clamped_gm_offsets: ptonz-opt's
      --remarks, --allow-large-gm-gap, --allow-clamped-gm-offsets.
    nz_args, arg_ranges: ptonz-opt's --nz-arg / --arg-range values
      (`@FUNC:INDEX[=SHAPE]`, `@FUNC:INDEX=LO:HI`): the `nz-args` /
      `arg-ranges` options of the `pto-declare-nz-args` pass (a LoweringError
      where that pass is not registered).
    pipeline: `lower-to-ptoas` (default), any pipeline elements
      (`convert-pl-to-pto, cse`) or a whole `builtin.module(...)` pipeline.
    pass_options: more pass-option defaults, `{"pass": {"option": value}}`.
    debug_info: with `as_text`, print each op's location (the input's
      file:line:col and SSA names, in the forms PTOAS reads its `// pto:
      %name` comments from), as ptonz-opt does by default; False prints none
      (ptonz-opt --no-mlir-print-debuginfo).
    diagnostics: a list that receives every diagnostic (warnings and remarks
      of a successful run too).

    Nothing (target, option defaults, diagnostics) carries over from one
    call to the next. A returned `ir.Module` has an MLIR context of its own;
    with `as_text=True` the calling thread reuses one context (and pass
    manager) per target and pipeline for up to `driver.REUSE_RUNS` calls,
    which saves about a third of the cost of lowering a real kernel. Calls from several threads are
    safe; they take turns in the passes (Python code, under the GIL)."""
    sources = D.Sources()
    try:
        defaults = pass_defaults(
            ptoas_version=ptoas_version,
            infer_layout=infer_layout,
            pto_level=pto_level,
            remarks=remarks,
            allow_large_gm_gap=allow_large_gm_gap,
            allow_clamped_gm_offsets=allow_clamped_gm_offsets,
            nz_args=nz_args,
            arg_ranges=arg_ranges,
            pass_options=pass_options,
        )
        pipe = Pipeline.of(pipeline, defaults) if pipeline else Pipeline()
        target = Target(
            pto_arch=pto_arch,
            pto_level=pto_level,
            ptoas_version=ptoas_version,
            pto_backend=pto_backend,
            allow_unregistered_dialect=allow_unregistered_dialect,
        )
        if as_text:
            # The module never leaves this call: this thread's context for
            # the target and pipeline serves it (driver.reused).
            ctx, pm = reused(target, pipe)
        else:
            ctx = target.context()
            pm = pipe.pass_manager(ctx)
    except (PipelineError, ValueError) as exc:
        raise LoweringError([D.Diag("error", str(exc))]) from None
    if isinstance(source, ir.Module):
        text, name = _module_text(source), filename or "<module>"
    else:
        name = filename or "<string>"
        if isinstance(source, (bytes, bytearray)):
            decoded, bad = decode(bytes(source), name)
            if decoded is None:
                assert bad is not None  # decode says why it could not
                raise LoweringError([bad])
            text = decoded
        else:
            text = source
        sources.add(name, text)
    outcome = process(
        ctx,
        text,
        name,
        pipe,
        pm=pm,
        emit=(lambda m, _before: _ptonz.print_asm(m.operation, debug_info=debug_info))
        if as_text
        else None,
    )
    if diagnostics is not None:
        diagnostics.extend(outcome.diagnostics)
    if outcome.failed:
        raise LoweringError(outcome.diagnostics, sources)
    return outcome.output if as_text else outcome.module
