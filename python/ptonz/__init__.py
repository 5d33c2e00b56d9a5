"""ptonz: lower logical NZ tensor views to the blocked rank-5 PTOAS form.

Importing this package loads the `_ptonz` plugin (the `pto` and `pl` dialects
compiled from ODS) and inserts both dialects into the MLIR Python bindings'
global dialect registry, so every `mlir.ir.Context()` created afterwards
knows them, and registers ptonz's passes (and the `lower-to-ptoas`
pipeline) in MLIR's pass registry, so every textual pipeline in the process
(`PassManager.parse`) can name them. Op classes are found under `ptonz.dialects` so that rewrite
patterns receive `pto`/`pl` ops as their generated OpView classes.

`ptonz.lower(source, ...)` lowers a module in this process as `ptonz-opt
--lower-to-ptoas` does (ptonz.api); it raises `ptonz.LoweringError`, whose
`diagnostics` are `ptonz.Diagnostic` records.
"""

from ._startup import import_mlir_ir as _import_mlir_ir, lazy_binding as _lazy_binding
from ._startup import register_upstream as _register_upstream

_import_mlir_ir()  # without NumPy, which only the simulator needs (see _startup)

from mlir._mlir_libs import _mlir, get_dialect_registry  # type: ignore[attr-defined]  # noqa: E402

with _lazy_binding():  # symbols bound on first call (see _startup)
    from . import _ptonz as _ptonz

__version__ = "0.1.0"

_register_upstream(_ptonz)  # in ptonz-opt: the upstream dialects and passes (see _startup)
_ptonz.register_dialects(get_dialect_registry())
from .analyses import ptoas_facts as _facts  # noqa: E402

# The one home of the target defaults is ptoas_facts; every context, a front
# end's own included, starts from them.
_ptonz.set_default_ptoas_target(
    _facts.DEFAULT_ARCH,
    _facts.DEFAULT_LEVEL,
    _facts.parse_version(_facts.DEFAULT_VERSION),
    _facts.DEFAULT_BACKEND,
)
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


def parse_module(text: str, filename: str = "<string>", context=None, *, retain_names: bool = True):
    """Parse and verify `text` as a module (locations `filename:line:col`),
    keeping every SSA value and block-argument name it writes (`%c128_index`,
    `%t__tile`) as a NameLoc around the value's location, as ptonz-opt does;
    `asm` prints them back, and ptonz's passes keep them and name what they
    create. `retain_names=False` is `ir.Module.parse`. Raises ValueError with
    the located diagnostics if the text does not parse or verify."""
    from mlir import ir

    from .diagnostics import Collector, Sources, render

    if context is None:
        try:
            context = ir.Context.current
        except ValueError:  # no enclosing `with ir.Context():`
            context = ir.Context()
    ctx = context
    collector = Collector(ctx)
    try:
        module = _ptonz.parse_source(ctx, text, filename, retain_names=retain_names)
    finally:
        diags = collector.take()
        collector.detach()
    if module is None:
        sources = Sources()
        sources.add(filename, text)
        raise ValueError("\n".join(render(d, sources) for d in diags) or "parse failed")
    return module


def asm(op, *, names: bool = True, generic: bool = False, debug_info: bool = False) -> str:
    """The textual form of a module or operation, each value named by its
    NameLoc (the input's name kept by `parse_module`, or the one a ptonz pass
    gave it; `Operation.print(use_name_loc_as_prefix=True)`); `names=False`
    numbers them, as `str(module)` does."""
    return _ptonz.print_asm(
        getattr(op, "operation", op), generic=generic, debug_info=debug_info, names=names
    )


# The in-process API, imported on first use (`import ptonz` stays cheap).
_API = {"lower": "api", "LoweringError": "api", "Diagnostic": "diagnostics"}


def __getattr__(name: str):
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(
        importlib.import_module(f".{module}", __name__), "Diag" if name == "Diagnostic" else name
    )
    globals()[name] = value
    return value


__all__ = [
    "lower",
    "LoweringError",
    "Diagnostic",
    "parse_module",
    "asm",
    "PtrType",
    "TensorViewType",
    "PartitionTensorViewType",
    "TileBufType",
    "PLTensorType",
    "PLTileType",
]
