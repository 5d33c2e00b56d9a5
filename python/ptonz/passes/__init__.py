"""ptonz's Python passes, usable three ways:

* by name in `ptonz-opt --pass-pipeline='builtin.module(...)'` or as flags;
* from Python, in a user's own pass manager next to upstream passes::

      from mlir.passmanager import PassManager
      import ptonz.passes as P
      pm = PassManager("builtin.module")
      pm.add("canonicalize")
      P.BlockNzViews().add_to(pm)
      pm.run(module.operation)

* through `build_pass_manager("builtin.module(convert-pl-to-pto, cse)")`,
  which mixes ptonz and upstream pass names in one textual pipeline.

The MLIR bindings cannot name a Python pass inside a textual pipeline, so the
name -> pass table lives here (`REGISTRY`).
"""

from .base import ModulePass, PassOptionError, REGISTRY, register
from .pipeline import build_pass_manager, parse_pipeline, PipelineError, run_pass_manager
from .convert_pl_to_pto import ConvertPLToPTO
from .block_nz_views import BlockNzViews
from .materialize_strides import MaterializeStrides
from .verify_partition_bounds import VerifyPartitionBounds
from .verify_ptoas import VerifyPTOAS

# `--lower-to-ptoas`: the whole pipeline from `pl` (or logical `pto`) to PTOAS input.
LOWER_TO_PTOAS = (
    "builtin.module(convert-pl-to-pto, pto-verify-partition-bounds, pto-block-nz-views,"
    " pto-materialize-strides, pto-verify-ptoas{{ptoas-version={version}}})"
)


def lower_to_ptoas_pipeline(ptoas_version: str = "0.61") -> str:
    return LOWER_TO_PTOAS.format(version=ptoas_version)


__all__ = [
    "ModulePass",
    "PassOptionError",
    "PipelineError",
    "REGISTRY",
    "register",
    "build_pass_manager",
    "run_pass_manager",
    "parse_pipeline",
    "lower_to_ptoas_pipeline",
    "ConvertPLToPTO",
    "BlockNzViews",
    "MaterializeStrides",
    "VerifyPartitionBounds",
    "VerifyPTOAS",
]
