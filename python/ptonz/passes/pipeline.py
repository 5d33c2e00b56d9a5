"""Textual pipelines of ptonz and upstream passes: MLIR's own parser does it
all, since ptonz's passes are in MLIR's pass registry. `build_pass_manager`
is `PassManager.parse` with ptonz's option defaults applied."""

from __future__ import annotations

from typing import List, Mapping, Optional, Sequence

from mlir import ir
from mlir.passmanager import PassManager

from .. import _ptonz
from .._startup import upstream_passes
from ..analyses.ptoas_facts import DEFAULT_VERSION
from .catalog import CATALOG, PIPELINES
from .registration import clear_internal_errors, option_defaults, reraise_internal_error


class PipelineError(ValueError):
    """A pipeline MLIR's parser rejected (its message), or a bad default."""


def build_pass_manager(
    pipeline: Optional[str],
    context: Optional[ir.Context] = None,
    defaults: Optional[Mapping[str, Mapping[str, object]]] = None,
    elements: Sequence[str] = (),
) -> PassManager:
    """The one builder of ptonz's pass managers: `PassManager.parse(pipeline,
    context)` (an empty one on builtin.module when `pipeline` is None or
    empty), then each of `elements` added (`lower-to-ptoas`,
    `pto-block-nz-views{remarks=true}`). `defaults` maps a ptonz pass name to option
    values used where the pipeline does not set them (ptonz-opt's
    `--ptoas-version`). MLIR's (or an option check's) errors raise
    PipelineError with its message."""
    try:
        # option_defaults is process-wide: it holds a lock, so that
        # concurrent callers each get their own defaults.
        if pipeline or any(_name(e) not in CATALOG and _name(e) not in PIPELINES for e in elements):
            upstream_passes()  # it may name an upstream pass (ptonz._startup)
        with option_defaults(defaults or {}):
            if pipeline:
                pm = PassManager.parse(pipeline, context=context)
            else:
                pm = PassManager("builtin.module", context=context)
            for element in elements:
                pm.add(element)
    except ValueError as exc:  # MLIR's pipeline parser (or an option) said why
        raise PipelineError(
            "\n".join(line for line in str(exc).splitlines() if line.strip())
        ) from None
    return pm


def _name(element: str) -> str:
    """The pass or pipeline name of a pipeline element (`name{options}`)."""
    return element.split("{", 1)[0].strip()


LOWER_TO_PTOAS_PASSES = PIPELINES["lower-to-ptoas"].passes


def lower_to_ptoas_passes(ptoas_version: str = DEFAULT_VERSION) -> List[str]:
    """The elements of the `--lower-to-ptoas` pipeline (registered as `lower-to-ptoas`)."""
    return list(LOWER_TO_PTOAS_PASSES[:-1]) + [f"pto-verify-ptoas{{ptoas-version={ptoas_version}}}"]


def lower_to_ptoas_pipeline(ptoas_version: str = DEFAULT_VERSION) -> str:
    """`builtin.module(convert-pl-to-pto, ..., pto-verify-ptoas{ptoas-version=X})`."""
    return "builtin.module(" + ", ".join(lower_to_ptoas_passes(ptoas_version)) + ")"


def run_pass_manager(pm: PassManager, op: ir.Operation) -> None:
    """`pm.run(op)` on this thread, then raise any exception a ptonz pass
    recorded (a bug; it is also reported as a located internal error)
    instead of the pass failure it caused.

    ptonz's passes are Python: nested under func.func they must run on the
    calling thread, not on MLIR's workers, so the context's multithreading
    is off for the run, and as it was after it (a driver.Target context
    keeps it off: its final verify stays on this thread)."""
    clear_internal_errors()
    ctx = op.context
    threaded = _ptonz.multithreading_enabled(ctx)
    ctx.enable_multithreading(False)
    try:
        pm.run(op)
    except ir.MLIRError:
        reraise_internal_error()
        raise
    finally:
        if threaded:
            ctx.enable_multithreading(True)
    reraise_internal_error()


def make_nd_variant(module) -> bool:
    """Turn an unlowered input `module` into its ND build's input, in place:
    its nz pl tensors annotated nd (`pl-annotate-nd`) and the NZ declarations
    of its pto pointer arguments (`ptonz.nz_shape`) dropped, so the same
    pipeline lowers it with every weight row-major in GM. True if anything was
    NZ. Raises ir.MLIRError if the annotation fails."""
    from .._ptonz import PLTensorType
    from ..analyses.arg_attrs import NZ_SHAPE_ATTR, drop_arg_attr
    from ..analyses.ir_queries import ops_named

    funcs = [f for f in ops_named(module.operation, "func.func") if f.operation.regions[0].blocks]
    has_nz = any(
        PLTensorType.isinstance(a.type) and PLTensorType(a.type).layout == "nz"
        for f in funcs
        for a in f.operation.regions[0].blocks[0].arguments
    )
    declared_nz = False
    for f in funcs:
        declared_nz |= drop_arg_attr(f.operation, NZ_SHAPE_ATTR)
    if has_nz:
        run_pass_manager(
            PassManager.parse("builtin.module(pl-annotate-nd)", context=module.context),
            module.operation,
        )
    return has_nz or declared_nz


def nd_build(module, make_pass_manager, declared_nz: bool = False):
    """The ND build of an input `module` (an unlowered copy, rewritten in
    place by `make_nd_variant`), lowered by the pass manager
    `make_pass_manager(ctx)` gives (the same pipeline as the NZ build, given
    without the `--nz-arg` declarations); None if the input has nothing NZ
    (`declared_nz`: `--nz-arg` declared some), no pipeline runs, or the ND
    build fails."""
    try:
        if not make_nd_variant(module) and not declared_nz:
            return None
        pm = make_pass_manager(module.context)
        if pm is None:
            return None
        run_pass_manager(pm, module.operation)
    except ir.MLIRError:
        return None
    return module
