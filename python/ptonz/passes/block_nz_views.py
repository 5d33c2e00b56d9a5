"""pto-block-nz-views: rewrite logical NZ tensor views into the blocked rank-5
form that PTOAS >= 0.61 assembles into NZ->NZ loads (seed 000).

Phase 1 (`block_make_tensor_view`): a `pto.make_tensor_view {layout = nz}`
of logical [R, C] / [B, R, C] becomes [1|B, C/c0, R/16, 16, c0].
Phase 2 (`block_partition_view`): each `pto.partition_view` of it gets
offsets [b, col/c0, row/16, 0, 0] and sizes [1, Ct/c0, Rt/16, 16, c0]; the
`pto.tload` destination tile stays the logical 2-D tile.

Matching is done for a whole function first (`plan_function`): whatever
cannot be proven correct is rejected at the offending op and nothing in that
function is rewritten; what can is planned (the new shape, offsets and
sizes of every op). The two patterns (`PlannedPatterns`) then apply the plan, updating each op
in place (operands and result type; the C++ side builds the index constants
and divisions). Rewritten functions are marked `pto.nz_tensor_views_blocked`
and skipped afterwards, because blocking is not idempotent.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

from mlir import ir

from .. import _ptonz
from .._ptonz import DYNAMIC
from ..analyses.ir_queries import dims_of, functions
from ..analyses.nz_geometry import FRACTAL_ROWS, blocked_shape, c0_for_bitwidth
from ..analyses.provable import PROVABLE_FORMS, Prover
from ._util import PlannedPatterns, constant_pool, current_pool as _pool, error
from .base import ModulePass, register

BLOCKED_MARK = "pto.nz_tensor_views_blocked"
PASS = "pto-block-nz-views"


# --------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------

class _Validator:
    """Checks one function; emits every rejection; `ok` stays True if none.
    `plan` maps each op the patterns will rewrite, in IR order, to its new
    operands: a view to (type shape, shape), a partition to (offsets, sizes)
    (items: an int, a value, or (value, divisor) for value floordiv divisor)."""

    def __init__(self, prover: Prover):
        self.prover = prover
        self.ok = True
        self.plan: Dict[ir.Operation, tuple] = {}

    def reject(self, op, msg: str, notes: List[Tuple[ir.Location, str]] = ()) -> None:
        error(op.location, f"{PASS}: {msg}", notes)
        self.ok = False

    def view(self, op: ir.Operation, info) -> None:
        """`info`: the view's `_ptonz.view_info`."""
        _layout, bits, type_shape, _shape, strides = info
        rank = len(type_shape)
        if rank < 2 or rank > 3:
            return self.reject(op, f"NZ view of logical rank {rank}: the trailing two dimensions "
                               "are the fractal plane and a blocked NZ view has one batch slot, "
                               "so only [R, C] and [B, R, C] can be blocked; reshape the weight "
                               "to [B, R, C] before annotating it nz, or annotate it nd")
        if bits < 8:
            elem = op.results[0].type.element_type
            return self.reject(op, f"NZ view of sub-byte element type {elem}: packed-nibble "
                               "fractal addressing is outside ptonz's scope; annotate it nd")
        c0 = c0_for_bitwidth(bits)
        if strides:
            return self.reject(op, f"a logical NZ view must not carry explicit strides (got "
                               f"{len(strides)}): its strides follow from the blocked shape "
                               "and are filled in by pto-materialize-strides; write `strides = []`")
        dims = dims_of(info)
        R, C = dims[-2:]
        if R is None or C is None:
            return self.reject(op, "NZ view with a dynamic row or column dimension: R % 16 == 0 "
                               "and C % c0 == 0 must be proven statically; give the last two "
                               "shape operands as arith.constant values (or annotate it nd)")
        if R % FRACTAL_ROWS:
            return self.reject(op, f"NZ view rows (shape[-2] = {R}) are not a multiple of 16: an "
                               "incomplete 16-row fractal has no blocked representation; pad "
                               "the rows to a multiple of 16 or annotate the view nd")
        if C % c0:
            elem = op.results[0].type.element_type
            return self.reject(op, f"NZ view columns (shape[-1] = {C}) are not a multiple of "
                               f"c0 = {c0} ({elem}: one 32-byte C0 line): an incomplete C0 line "
                               "has no blocked representation; pad the columns or annotate nd")
        B = dims[0] if rank == 3 else 1
        shape = blocked_shape(B if B is not None else DYNAMIC, R, C, c0)
        if all(d == DYNAMIC for d in type_shape):
            new_type_shape = [DYNAMIC] * 5
        else:
            new_type_shape = [type_shape[0] if rank == 3 else 1] + shape[1:]
        batch = op.operands[1] if rank == 3 else 1  # operands: ptr, shape...
        self.plan[op] = (new_type_shape, [batch] + shape[1:])
        for user, name, offsets, sizes, users in _ptonz.view_uses(op):
            if name != "pto.partition_view":
                self.reject(user, f"an NZ view may only be read through pto.partition_view -> "
                            f"pto.tload, but it is used by '{name}': NZ tensors "
                            "are read-only here; store to (or pass) an nd view instead",
                            [(op.location, "NZ view defined here")])
                continue
            self.partition(user, rank, c0, offsets, sizes, users)

    def partition(self, op: ir.Operation, rank: int, c0: int, offsets, sizes, users) -> None:
        """`offsets`, `sizes`, `users`: from `_ptonz.view_uses`."""
        if any(s is None for s in sizes):
            return self.reject(op, "partition sizes of an NZ view must be arith.constant values "
                               "(the blocked sizes [1, Ct/c0, Rt/16, 16, c0] are static)")
        Rt, Ct = sizes[-2], sizes[-1]
        if rank == 3 and sizes[0] != 1:
            return self.reject(op, f"an NZ load reads one batch, but this partition has batch "
                               f"size {sizes[0]}: the blocked descriptor has a single batch "
                               "slot; load each batch separately (size 1 in dim 0)")
        if Rt % FRACTAL_ROWS or Ct % c0:
            return self.reject(op, f"NZ partition {Rt}x{Ct} does not cover whole fractals "
                               f"(rows must be a multiple of 16, columns of c0 = {c0})")
        self.offset(op, offsets[-2], FRACTAL_ROWS, "row")
        self.offset(op, offsets[-1], c0, "column")
        if rank == 3:
            self.offset(op, offsets[0], 1, "batch")
        batch = offsets[0] if rank == 3 else 0
        self.plan[op] = ([batch, _divided(offsets[-1], c0), _divided(offsets[-2], FRACTAL_ROWS),
                          0, 0], blocked_shape(1, Rt, Ct, c0))
        for user, name, tile in users:
            if name != "pto.tload":
                self.reject(user, f"a partition of an NZ view may only feed pto.tload, but it "
                            f"is used by '{name}' (NZ is read-only here): only tload knows "
                            "the blocked layout; tload the partition into a mat tile and "
                            "use the tile",
                            [(op.location, "NZ partition defined here")])
                continue
            self.tload(user, tile, Rt, Ct)

    def offset(self, op, offset, divisor: int, what: str) -> None:
        """`offset`: an int (a constant offset) or the offset value."""
        if isinstance(offset, int):
            c = offset
            if c < 0:
                self.reject(op, f"{what} offset {c} is negative: a negative partition offset "
                            "is clamped to 0 instead of failing, which would read the wrong "
                            "fractal")
            elif c % divisor:
                self.reject(op, f"{what} offset {c} is not a multiple of {divisor}: a slice "
                            "that starts inside a fractal has no blocked representation")
            return
        fact = self.prover.fact(offset, divisor)
        if fact.proven:
            return
        missing = " and ".join(
            p for p, ok in (("a multiple of %d" % divisor, fact.multiple),
                            ("non-negative", fact.nonneg)) if not ok)
        notes = [(fact.why[0], fact.why[1])] if fact.why else []
        self.reject(op, f"cannot prove that the {what} offset is {missing}; an NZ tensor is "
                    f"never addressed by guessed coordinates. Provable forms: {PROVABLE_FORMS}; "
                    "arith.subi, scf.for iter_args and function arguments are never resolved",
                    notes)

    def tload(self, op: ir.Operation, tile, Rt: int, Ct: int) -> None:
        """`tile`: its destination tile (loc, rows, cols, valid_row, valid_col, blayout,
        slayout, fractal), from `_ptonz.view_uses`."""
        loc, rows, cols, valid_row, valid_col, blayout, slayout, fractal = tile
        if not (loc == "mat" and blayout == "col_major" and slayout == "row_major"
                and fractal == 512):
            return self.reject(op, "an NZ->NZ load needs its destination in a mat tile with "
                               "blayout=col_major, slayout=row_major, fractal=512 (the NZ "
                               f"tile byte order), got loc={loc}, blayout={blayout}, "
                               f"slayout={slayout}, fractal={fractal}")
        if valid_row != rows or valid_col != cols:
            return self.reject(op, "an NZ load into a tile with a partial valid shape is not "
                               "supported: NZ loads move whole fractals; use a tile whose valid "
                               "shape equals its shape")
        if (rows, cols) != (Rt, Ct):
            return self.reject(op, f"the destination tile is {rows}x{cols} but the NZ "
                               f"partition is {Rt}x{Ct}; they must match")


def plan_function(func, prover: Prover) -> Tuple[bool, Dict[ir.Operation, tuple]]:
    """Validate every logical NZ view of `func`. Returns (ok, the plan: each
    NZ view followed by its partitions, mapped to their new operands)."""
    v = _Validator(prover)
    for op in _ptonz.collect_ops(func.operation, ["pto.make_tensor_view"]):
        info = _ptonz.view_info(op)
        if info[0] == "nz":
            v.view(op, info)
    return v.ok, v.plan


# --------------------------------------------------------------------------
# Rewrite patterns (run only on validated functions)
# --------------------------------------------------------------------------

def _divided(offset, divisor: int):
    """offset / divisor as a builder operand (`offset`: an int if constant,
    else the value): an int when constant, else `(value, divisor)`, built as
    `arith.floordivsi` of the whole value (never re-associated, so the
    offset's own wrap-around holds)."""
    assert divisor & (divisor - 1) == 0, "NZ divisors are powers of two"
    if isinstance(offset, int):
        return offset // divisor
    if divisor == 1:
        return offset
    return (offset, divisor)


def block_make_tensor_view(op: ir.Operation, planned) -> None:
    """[R, C] / [B, R, C] -> [B, C/c0, R/16, 16, c0] (strides stay empty)."""
    type_shape, shape = planned
    _ptonz.set_view_shape(op, type_shape, shape, _pool())


def block_partition_view(op: ir.Operation, planned) -> None:
    """Logical offsets/sizes -> [b, col/c0, row/16, 0, 0] / [1, Ct/c0, Rt/16, 16, c0]."""
    offsets, sizes = planned
    _ptonz.set_partition(op, offsets, sizes, _pool())


@register
class BlockNzViews(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        ok = True
        patterns = PlannedPatterns({"pto.make_tensor_view": block_make_tensor_view,
                                    "pto.partition_view": block_partition_view})
        for func in functions(module):
            if BLOCKED_MARK in func.operation.attributes:
                continue
            # One prover per function: its SSA values are its own, and a module-wide
            # memo would keep every wrapper alive (and the GC busy) to the end.
            func_ok, plan = plan_function(func, Prover())
            ok &= func_ok
            if not func_ok or not plan:
                continue
            with constant_pool(func):
                patterns.apply(plan)
            func.operation.attributes[BLOCKED_MARK] = ir.UnitAttr.get()
        return ok
