"""IR-building helpers shared by the ptonz passes (queries: analyses.ir_queries)."""

from __future__ import annotations

from typing import Sequence, Tuple

from mlir import ir

from .. import _ptonz


def error(loc: ir.Location, message: str,
          notes: Sequence[Tuple[ir.Location, str]] = ()) -> None:
    """Emit a located error, with notes (e.g. at the op that defines a value)."""
    _ptonz.emit_diagnostic(loc, "error", message, list(notes))


def index_constant(value: int) -> ir.Value:
    """An `arith.constant N : index` at the current insertion point."""
    from mlir.dialects import arith

    return arith.ConstantOp(ir.IndexType.get(), value).result


def copy_attrs(old, new, skip=()) -> None:
    """Copy `old`'s attributes that `new` lacks (e.g. user annotations)."""
    src, dst = old.operation.attributes, new.operation.attributes
    for name in list(src):
        if name not in skip and name != "operandSegmentSizes" and name not in dst:
            dst[name] = src[name]
