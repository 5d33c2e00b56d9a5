"""ptonz: lower logical NZ tensor views to the blocked rank-5 PTOAS form.

Importing this package loads the `_ptonz` plugin (the `pto` and `pl` dialects
compiled from ODS) and inserts both dialects into the MLIR Python bindings'
global dialect registry, so every `mlir.ir.Context()` created afterwards
knows them, and registers ptonz's passes (and the `lower-to-ptoas`
pipeline) in MLIR's pass registry, so every textual pipeline in the process
(`PassManager.parse`) can name them. Op classes are found under `ptonz.dialects` so that rewrite
patterns receive `pto`/`pl` ops as their generated OpView classes.
"""

from mlir._mlir_libs import _mlir, get_dialect_registry

from . import _ptonz

__version__ = "0.1.0"

_ptonz.register_dialects(get_dialect_registry())
_mlir.globals.append_dialect_search_prefix("ptonz.dialects")

# Typed views of the custom types (casting constructors, `isinstance`, fields).
from ._ptonz import (  # noqa: E402
    PtrType,
    TensorViewType,
    PartitionTensorViewType,
    TileBufType,
    PLTensorType,
    PLTileType,
)

# ptonz's passes by name in MLIR's pass registry (their modules load on first run).
from .passes.registration import register_catalog as _register_passes  # noqa: E402

_register_passes()

__all__ = [
    "PtrType",
    "TensorViewType",
    "PartitionTensorViewType",
    "TileBufType",
    "PLTensorType",
    "PLTileType",
]
