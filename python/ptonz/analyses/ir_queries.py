"""Read-only queries over pto IR shared by the passes, analyses and simulator."""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, cast

from mlir import ir

from .. import _ptonz
from .._ptonz import TensorViewType


def clone(module: Any) -> ir.Module:
    """A copy of `module` (an ir.Module or its operation; locations kept) in
    the same context."""
    op = module.operation if hasattr(module, "operation") else module
    return ir.Module.parse(
        op.get_asm(enable_debug_info=True, assume_verified=True), context=op.context
    )


def ops_named(root: ir.Operation, *names: str) -> List[ir.OpView]:
    """Every op under `root` with one of `names`, in walk order (C++ walk)."""
    return [op.opview for op in _ptonz.collect_ops(root, list(names))]


def functions(module: ir.Operation) -> List[ir.Operation]:
    """The func.func ops under `module` (or `module` itself, if a function),
    as ir.Operation: an OpView per function costs more than most passes spend
    on a function without NZ views (`.opview` where one is needed)."""
    return cast("list[ir.Operation]", _ptonz.functions(module))


def function_type(func: ir.Operation) -> ir.FunctionType:
    """A func.func's type (its `function_type`; also of a declaration)."""
    return ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)


def symbol_name(func: ir.Operation) -> str:
    """A function's name (its `sym_name`)."""
    return cast(str, ir.StringAttr(func.attributes["sym_name"]).value)


def defining_op(value: ir.Value) -> Optional[ir.OpView]:
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    return owner.opview if hasattr(owner, "opview") else owner


def name_state(op: Any) -> "_ptonz.NameState":
    """The SSA names of the values under `op` as ptonz prints it (NameLocs
    as names, made unique as the printer does); the bindings' ir.AsmState
    has no NameLoc option and numbers them."""
    return _ptonz.NameState(getattr(op, "operation", op))


def ssa_name(value: ir.Value, state: "_ptonz.NameState") -> str:
    """`%name` of `value` in `state` (name_state), as the printed module says."""
    return cast(str, state.name(value))


def constant_int(value: ir.Value) -> Optional[int]:
    """The value of a constant integer/index value (`arith.constant`), else None."""
    return cast("int | None", _ptonz.constant_int(value))


def constant_ints(values: Sequence[ir.Value]) -> Optional[List[int]]:
    """The constants of `values` when every one is a constant integer/index
    value, else None."""
    out = []
    for v in values:
        c = constant_int(v)
        if c is None:
            return None
        out.append(c)
    return out


class PartitionOperands:
    """The `offsets` and `sizes` operands of a pto.partition_view (`operation`:
    the op), read through its operand segments: `op.opview` would import the
    186 generated pto op classes, 8-15 ms of a one-file ptonz-opt run."""

    __slots__ = ("operation", "offsets", "sizes")

    def __init__(self, op: Any) -> None:
        self.operation = op = getattr(op, "operation", op)
        segments = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])
        n_offsets, n_sizes = segments[1], segments[2]
        operands = op.operands  # slices of it make a Value only when indexed
        self.offsets = operands[1 : 1 + n_offsets]
        self.sizes = operands[1 + n_offsets : 1 + n_offsets + n_sizes]


def dims_of(view_info: Any) -> List[Optional[int]]:
    """Each dimension of a pto.make_tensor_view, from its `_ptonz.view_info`
    (a ViewInfo): its constant shape operand, else the static dim of its
    type, else None."""
    return [
        c if c is not None else (None if t == _ptonz.DYNAMIC else t)
        for c, t in zip(view_info.shape, view_info.type_shape)
    ]


def layout_of(op: Any) -> Optional[str]:
    """'nd' | 'dn' | 'nz' of a pto.make_tensor_view (attribute or view type), or None."""
    attrs = op.operation.attributes
    if "layout" in attrs:
        return cast("str | None", _ptonz.layout_value(attrs["layout"]))
    return cast("str | None", TensorViewType(op.operation.results[0].type).layout)


def bit_width(t: ir.Type) -> int:
    """Bit width of a scalar type: an element type's, as the dialect counts
    it (`ptonz::pto::elementBits`: every MLIR integer and float, and PTOAS's
    own scalars such as `!pto.hif8`), or 64 for `index`."""
    if t.typeid == ir.IndexType.static_typeid:
        return 64
    bits = _ptonz.element_bits(t)
    if bits:
        return int(bits)
    raise ValueError(f"{t} has no bit width")
