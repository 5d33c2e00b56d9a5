"""IR-building helpers shared by the ptonz passes (queries: analyses.ir_queries)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Dict, Optional, Sequence, Tuple

from mlir import ir

from .. import _ptonz


def error(loc: ir.Location, message: str,
          notes: Sequence[Tuple[ir.Location, str]] = ()) -> None:
    """Emit a located error, with notes (e.g. at the op that defines a value)."""
    _ptonz.emit_diagnostic(loc, "error", message, list(notes))


class _Pool:
    def __init__(self, entry: ir.Block):
        self.entry = entry
        self.values: Dict[int, ir.Value] = {}


_pool: Optional[_Pool] = None


@contextmanager
def constant_pool(func):
    """Within it, `index_constant` gives one `arith.constant` per value for the
    whole function, made once at the top of its entry block, instead of one
    per use (a rewrite of 100k ops otherwise builds ~250k constants that
    canonicalize then has to merge again)."""
    global _pool
    outer, _pool = _pool, _Pool(func.operation.regions[0].blocks[0])
    try:
        yield
    finally:
        _pool = outer


def index_constant(value: int) -> ir.Value:
    """An `arith.constant N : index`: from the function's pool inside
    `constant_pool`, else at the current insertion point."""
    from mlir.dialects import arith

    if _pool is None:
        return arith.ConstantOp(ir.IndexType.get(), value).result
    c = _pool.values.get(value)
    if c is None:
        # A fresh insertion point each time: no reference op that a rewrite could erase.
        c = arith.ConstantOp(ir.IndexType.get(), value,
                             ip=ir.InsertionPoint.at_block_begin(_pool.entry)).result
        _pool.values[value] = c
    return c


def copy_attrs(old, new, skip=()) -> None:
    """Copy `old`'s attributes that `new` lacks (e.g. user annotations)."""
    src, dst = old.operation.attributes, new.operation.attributes
    for name in list(src):
        if name not in skip and name != "operandSegmentSizes" and name not in dst:
            dst[name] = src[name]
