"""Small IR helpers shared by the ptonz passes."""

from __future__ import annotations

from typing import Iterable, List, Optional, Sequence, Tuple

from mlir import ir

from .. import _ptonz
from .._ptonz import TensorViewType


def error(loc: ir.Location, message: str,
          notes: Sequence[Tuple[ir.Location, str]] = ()) -> None:
    """Emit a located error, with notes (e.g. at the op that defines a value)."""
    _ptonz.emit_diagnostic(loc, "error", message, list(notes))


def ops_named(root: ir.Operation, *names: str) -> List[ir.OpView]:
    """Every op under `root` with one of `names`, in walk order (C++ walk)."""
    return [op.opview for op in _ptonz.collect_ops(root, list(names))]


def functions(module: ir.Operation) -> Iterable[ir.OpView]:
    return ops_named(module, "func.func")


def defining_op(value: ir.Value) -> Optional[ir.OpView]:
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    return owner.opview if hasattr(owner, "opview") else owner


def constant_int(value: ir.Value) -> Optional[int]:
    op = defining_op(value)
    if op is None or op.operation.name != "arith.constant":
        return None
    attr = op.operation.attributes["value"]
    return ir.IntegerAttr(attr).value if isinstance(attr, ir.IntegerAttr) else None


def index_constant(value: int) -> ir.Value:
    """An `arith.constant N : index` at the current insertion point."""
    from mlir.dialects import arith

    return arith.ConstantOp(ir.IndexType.get(), value).result


def layout_of(op) -> Optional[str]:
    """'nd' | 'dn' | 'nz' of a pto.make_tensor_view (attribute or view type), or None."""
    attrs = op.operation.attributes
    if "layout" in attrs:
        return _ptonz.layout_value(attrs["layout"])
    return TensorViewType(op.operation.results[0].type).layout


def users(value: ir.Value) -> List[ir.OpView]:
    return [use.owner.opview if hasattr(use.owner, "opview") else use.owner for use in value.uses]


def element_bits(t: ir.Type) -> int:
    """Bit width of an integer or float element type."""
    t = t.maybe_downcast() if hasattr(t, "maybe_downcast") else t
    if isinstance(t, (ir.IntegerType, ir.FloatType)):
        return t.width
    raise ValueError(f"{t} is not an integer or float type")


def copy_attrs(old, new, skip=()) -> None:
    """Copy `old`'s attributes that `new` lacks (e.g. user annotations)."""
    src, dst = old.operation.attributes, new.operation.attributes
    for name in list(src):
        if name not in skip and name != "operandSegmentSizes" and name not in dst:
            dst[name] = src[name]
