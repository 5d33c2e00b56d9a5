"""Function argument attributes: the declarations ptonz keeps on kernel
arguments, and the one way the passes, analyses and simulator read and write
them.

* `NZ_SHAPE_ATTR` (`ptonz.nz_shape = array<i64: 32, 2048, 4096>`): the GM
  bytes behind this `!pto.ptr` are NZ-packed with that logical shape
  (`array<i64>`, empty: the shape of the views that read it);
* `ARG_RANGE_ATTR` (`ptonz.arg_range = array<i64: lo, hi[, step]>`): this
  scalar argument takes the values lo, lo + step, ... below hi. The C++ range
  and alignment analyses read it too (`ptonz::kArgRangeAttr`, IntRanges.h:
  the same name).

Set by `pto-declare-nz-args` from `--nz-arg` / `--arg-range` (or written in
the kernel), and temporarily by `call_sites` for called functions.
"""

from __future__ import annotations

from typing import Dict, List, Optional, cast

from mlir import ir

from .. import _ptonz

NZ_SHAPE_ATTR = "ptonz.nz_shape"
ARG_RANGE_ATTR = "ptonz.arg_range"
DECLARATIONS = [NZ_SHAPE_ATTR, ARG_RANGE_ATTR]


def arg_attr_dicts(func: ir.Operation) -> List[Dict[str, ir.Attribute]]:
    """One {name: attribute} per argument (empty where it has none). The
    attributes are plain ir.Attribute, not downcast: MLIR's Python bindings
    abort the process on downcasting some (`array<f80>`), so test a kind by
    its constructor (`int_array`)."""
    return [
        {name: ir.Attribute._CAPICreate(capsule) for name, capsule in entries}
        for entries in _ptonz.arg_attr_entries(func)
    ]


def set_arg_attr_dicts(func: ir.Operation, dicts: List[Dict[str, ir.Attribute]]) -> None:
    func.attributes["arg_attrs"] = ir.ArrayAttr.get([ir.DictAttr.get(d) for d in dicts])


def set_arg_attr(func: ir.Operation, index: int, name: str, value: ir.Attribute) -> None:
    dicts = arg_attr_dicts(func)
    dicts[index][name] = value
    set_arg_attr_dicts(func, dicts)


def drop_arg_attr(func: ir.Operation, name: str) -> bool:
    """Remove attribute `name` from every argument; whether any had it."""
    dicts = arg_attr_dicts(func)
    if not any(name in d for d in dicts):
        return False
    set_arg_attr_dicts(func, [{k: v for k, v in d.items() if k != name} for d in dicts])
    return True


def int_array(attr: ir.Attribute) -> Optional[List[int]]:
    """The values of an `array<i64: ...>` attribute, None for another kind."""
    try:
        return list(ir.DenseI64ArrayAttr(attr))
    except (TypeError, ValueError):
        return None


def declaring_functions(module: ir.Operation) -> List[ir.Operation]:
    """The functions of `module` whose arguments carry a ptonz declaration
    (one C++ query; no attribute is decoded)."""
    return cast("list[ir.Operation]", _ptonz.functions_with_arg_attrs(module, DECLARATIONS))
