"""ptonz's Python passes, registered in MLIR's pass registry by `import ptonz`.

Every textual pipeline in the process can name them, next to upstream passes::

    from mlir.passmanager import PassManager
    pm = PassManager.parse("builtin.module(convert-pl-to-pto, pto-block-nz-views, cse,"
                           " pto-materialize-strides, pto-verify-ptoas{ptoas-version=0.61})")
    pm.run(module.operation)

(also `lower-to-ptoas{ptoas-version=0.61}`, the registered pipeline of all
of them; ptonz-opt's `--pass-pipeline` and pass flags; `pm.add("pto-block-nz-views")`;
`BlockNzViews().add_to(pm)`). `build_pass_manager` is `PassManager.parse`
with option defaults. The pass classes are imported on first use.
"""

import importlib

from .base import ModulePass, PassOptionError, REGISTRY, register
from .pipeline import (
    LOWER_TO_PTOAS_PASSES,
    PipelineError,
    build_pass_manager,
    lower_to_ptoas_passes,
    lower_to_ptoas_pipeline,
    run_pass_manager,
)
from .registration import option_defaults

# Pass classes, imported when first named (a pass module costs ~10 ms of
# `import ptonz`; a pass is registered without it and imports it to run).
_PASS_MODULES = {
    "ConvertPLToPTO": ".convert_pl_to_pto",
    "PLAnnotateND": ".pl_annotate_nd",
    "BlockNzViews": ".block_nz_views",
    "BlockMxScaleViews": ".block_mx_scale_views",
    "MaterializeStrides": ".materialize_strides",
    "VerifyPartitionBounds": ".verify_partition_bounds",
    "VerifyPTOAS": ".verify_ptoas",
}


def __getattr__(name: str):
    module = _PASS_MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_PASS_MODULES))


__all__ = [
    "ModulePass",
    "PassOptionError",
    "PipelineError",
    "REGISTRY",
    "register",
    "build_pass_manager",
    "option_defaults",
    "LOWER_TO_PTOAS_PASSES",
    "lower_to_ptoas_passes",
    "lower_to_ptoas_pipeline",
    "ConvertPLToPTO",
    "PLAnnotateND",
    "BlockNzViews",
    "MaterializeStrides",
    "VerifyPartitionBounds",
    "run_pass_manager",
    "VerifyPTOAS",
]
