"""IR-building helpers shared by the ptonz passes (queries: analyses.ir_queries)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Optional, Sequence, Tuple

from mlir import ir

from .. import _ptonz


def error(loc: ir.Location, message: str,
          notes: Sequence[Tuple[ir.Location, str]] = ()) -> None:
    """Emit a located error, with notes (e.g. at the op that defines a value)."""
    _ptonz.emit_diagnostic(loc, "error", message, list(notes))


_pool: Optional["_ptonz.IndexConstants"] = None


@contextmanager
def constant_pool(func):
    """Within it, `index_constant` gives one `arith.constant` per value for the
    whole function, at the top of its entry block (the function's own index
    constants are reused), instead of one per use: a rewrite of 100k ops
    otherwise builds ~250k constants that canonicalize has to merge again.
    On exit the entry block's index constants that lost their last use are
    erased, so the passes leave no garbage and need no canonicalize after
    them. Yields the pool (`_ptonz.IndexConstants`) for the C++ builders."""
    global _pool
    outer, _pool = _pool, _ptonz.IndexConstants(func.operation)
    try:
        yield _pool
    finally:
        _pool.erase_unused()
        _pool = outer


def current_pool() -> "_ptonz.IndexConstants":
    """The pool of the enclosing `constant_pool` (for the C++ builders)."""
    assert _pool is not None, "outside constant_pool"
    return _pool


def index_constant(value: int) -> ir.Value:
    """An `arith.constant N : index`: from the function's pool inside
    `constant_pool`, else at the current insertion point."""
    from mlir.dialects import arith

    if _pool is None:
        return arith.ConstantOp(ir.IndexType.get(), value).result
    return _pool.get(value)
