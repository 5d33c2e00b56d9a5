"""Textual pipelines of ptonz and upstream passes: MLIR's own parser does it
all, since ptonz's passes are in MLIR's pass registry. `build_pass_manager`
is `PassManager.parse` with ptonz's option defaults applied."""

from __future__ import annotations

from typing import List, Mapping, Optional

from mlir import ir
from mlir.passmanager import PassManager

from ..analyses.ptoas_facts import DEFAULT_VERSION
from .catalog import PIPELINES
from .registration import clear_internal_errors, reraise_internal_error


class PipelineError(ValueError):
    """A pipeline MLIR's parser rejected (its message), or a bad default."""


def build_pass_manager(
    pipeline: str,
    context: Optional[ir.Context] = None,
    defaults: Optional[Mapping[str, Mapping[str, object]]] = None,
) -> PassManager:
    """`PassManager.parse(pipeline, context)`; `defaults` maps a ptonz pass name
    to option values used where the pipeline does not set them (ptonz-opt's
    `--ptoas-version`). MLIR's parse errors raise PipelineError."""
    from ..driver import Pipeline  # the one builder of ptonz's pass managers

    return Pipeline(text=pipeline, defaults=defaults or {}).pass_manager(context)


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
    is off for the run (and on again after it, MLIR's default)."""
    clear_internal_errors()
    ctx = op.context
    ctx.enable_multithreading(False)
    try:
        pm.run(op)
    except ir.MLIRError:
        reraise_internal_error()
        raise
    finally:
        ctx.enable_multithreading(True)
    reraise_internal_error()
