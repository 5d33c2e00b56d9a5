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

from typing import Dict, List, Optional, Sequence, cast

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


def arg_range_problem(values: Sequence[int], bits: Optional[int] = None) -> Optional[str]:
    """Why `values` are not an `ARG_RANGE_ATTR` declaration, None if they are:
    [lo, hi] or [lo, hi, step] with lo < hi and step > 0, whose least and
    greatest values (lo and lo + k*step below hi) fit a signed `bits`-bit
    integer (unchecked when None). The C++ reader (DeclaredArgument,
    IntRanges.cpp) ignores what this rejects; pto-declare-nz-args rejects it."""
    if len(values) not in (2, 3):
        return f"it has {len(values)} values, not 2 (LO, HI) or 3 (LO, HI, STEP)"
    lo, hi = values[0], values[1]
    step = values[2] if len(values) == 3 else 1
    if lo >= hi:
        return f"the range [{lo}, {hi}) is empty (LO must be below HI)"
    if step <= 0:
        return f"STEP {step} is not positive"
    last = lo + (hi - 1 - lo) // step * step
    if bits is not None and not (-(1 << (bits - 1)) <= lo and last < (1 << (bits - 1))):
        return (
            f"its values {lo} to {last} do not fit the argument's {bits}-bit type "
            f"(signed [{-(1 << (bits - 1))}, {1 << (bits - 1)}))"
        )
    return None


def declared_arg_range(attr: ir.Attribute) -> Optional[List[int]]:
    """[lo, hi] or [lo, hi, step] of a well-formed `ARG_RANGE_ATTR`, else None
    (as the C++ analyses read it: a malformed one declares nothing)."""
    values = int_array(attr)
    return values if values is not None and arg_range_problem(values) is None else None


def declaring_functions(module: ir.Operation) -> List[ir.Operation]:
    """The functions of `module` whose arguments carry a ptonz declaration
    (one C++ query; no attribute is decoded)."""
    return cast("list[ir.Operation]", _ptonz.functions_with_arg_attrs(module, DECLARATIONS))
