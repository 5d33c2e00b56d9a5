"""pto-block-nz-views: rewrite logical NZ tensor views into the blocked rank-5
form that PTOAS >= 0.61 assembles into NZ->NZ loads (seed 000).

Phase 1 (`BlockNzMakeTensorView`): a `pto.make_tensor_view {layout = nz}` of
logical [R, C] / [B, R, C] becomes [1|B, C/c0, R/16, 16, c0].
Phase 2 (`BlockNzPartitionView`): each `pto.partition_view` of it gets
offsets [b, col/c0, row/16, 0, 0] and sizes [1, Ct/c0, Rt/16, 16, c0]; the
`pto.tload` destination tile stays the logical 2-D tile.

Everything is validated first (`plan_function`): whatever cannot be proven
correct is rejected at the offending op and nothing in that function is
rewritten. Rewritten functions are marked `pto.nz_tensor_views_blocked` and
skipped afterwards, because blocking is not idempotent.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from mlir import ir
from mlir.dialects import arith
from mlir.rewrite import RewritePatternSet, walk_and_apply_patterns

from .._ptonz import PartitionTensorViewType, TensorViewType, TileBufType, DYNAMIC
from ..analyses.ir_queries import (bit_width, constant_int, defining_op, functions, layout_of,
                                   ops_named, users, view_dims)
from ..analyses.nz_geometry import FRACTAL_ROWS, blocked_shape, c0_for_bitwidth
from ..analyses.provable import PROVABLE_FORMS, Prover
from ..dialects import pto
from ._util import constant_pool, copy_attrs, error, index_constant
from .base import ModulePass, register

BLOCKED_MARK = "pto.nz_tensor_views_blocked"
PASS = "pto-block-nz-views"


def is_logical_nz_view(op) -> bool:
    return op.operation.name == "pto.make_tensor_view" and layout_of(op) == "nz"




# --------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------

class _Validator:
    """Checks one function; emits every rejection; `ok` stays True if none."""

    def __init__(self, prover: Prover):
        self.prover = prover
        self.ok = True

    def reject(self, op, msg: str, notes: List[Tuple[ir.Location, str]] = ()) -> None:
        error(op.location, f"{PASS}: {msg}", notes)
        self.ok = False

    def view(self, op) -> None:
        view_t = TensorViewType(op.result.type)
        rank = view_t.rank
        elem = view_t.element_type
        if rank < 2 or rank > 3:
            return self.reject(op, f"NZ view of logical rank {rank}: the trailing two dimensions "
                               "are the fractal plane and a blocked NZ view has one batch slot, "
                               "so only [R, C] and [B, R, C] can be blocked; reshape the weight "
                               "to [B, R, C] before annotating it nz, or annotate it nd")
        bits = bit_width(elem)
        if bits < 8:
            return self.reject(op, f"NZ view of sub-byte element type {elem}: packed-nibble "
                               "fractal addressing is outside ptonz's scope; annotate it nd")
        c0 = c0_for_bitwidth(bits)
        if len(op.strides):
            return self.reject(op, f"a logical NZ view must not carry explicit strides (got "
                               f"{len(op.strides)}): its strides follow from the blocked shape "
                               "and are filled in by pto-materialize-strides; write `strides = []`")
        dims = view_dims(op)
        R, C = dims[-2], dims[-1]
        if R is None or C is None:
            return self.reject(op, "NZ view with a dynamic row or column dimension: R % 16 == 0 "
                               "and C % c0 == 0 must be proven statically; give the last two "
                               "shape operands as arith.constant values (or annotate it nd)")
        if R % FRACTAL_ROWS:
            return self.reject(op, f"NZ view rows (shape[-2] = {R}) are not a multiple of 16: an "
                               "incomplete 16-row fractal has no blocked representation; pad "
                               "the rows to a multiple of 16 or annotate the view nd")
        if C % c0:
            return self.reject(op, f"NZ view columns (shape[-1] = {C}) are not a multiple of "
                               f"c0 = {c0} ({elem}: one 32-byte C0 line): an incomplete C0 line "
                               "has no blocked representation; pad the columns or annotate nd")
        for user in users(op.result):
            if user.operation.name != "pto.partition_view":
                self.reject(user, f"an NZ view may only be read through pto.partition_view -> "
                            f"pto.tload, but it is used by '{user.operation.name}': NZ tensors "
                            "are read-only here; store to (or pass) an nd view instead",
                            [(op.location, "NZ view defined here")])
                continue
            self.partition(user, rank, c0)

    def partition(self, op, rank: int, c0: int) -> None:
        sizes = [constant_int(s) for s in op.sizes]
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
        offsets = list(op.offsets)
        self.offset(op, offsets[-2], FRACTAL_ROWS, "row")
        self.offset(op, offsets[-1], c0, "column")
        if rank == 3:
            self.offset(op, offsets[0], 1, "batch")
        for user in users(op.result):
            if user.operation.name != "pto.tload":
                self.reject(user, f"a partition of an NZ view may only feed pto.tload, but it "
                            f"is used by '{user.operation.name}' (NZ is read-only here)",
                            [(op.location, "NZ partition defined here")])
                continue
            self.tload(user, Rt, Ct)

    def offset(self, op, value: ir.Value, divisor: int, what: str) -> None:
        c = constant_int(value)
        if c is not None:
            if c < 0:
                self.reject(op, f"{what} offset {c} is negative: a negative partition offset "
                            "is clamped to 0 instead of failing, which would read the wrong "
                            "fractal")
            elif c % divisor:
                self.reject(op, f"{what} offset {c} is not a multiple of {divisor}: a slice "
                            "that starts inside a fractal has no blocked representation")
            return
        fact = self.prover.fact(value, divisor)
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

    def tload(self, op, Rt: int, Ct: int) -> None:
        tile = TileBufType(op.dst.type)
        if not (tile.loc == "mat" and tile.blayout == "col_major"
                and tile.slayout == "row_major" and tile.fractal == 512):
            return self.reject(op, "an NZ->NZ load needs its destination in a mat tile with "
                               "blayout=col_major, slayout=row_major, fractal=512 (the NZ "
                               f"tile byte order), got loc={tile.loc}, blayout={tile.blayout}, "
                               f"slayout={tile.slayout}, fractal={tile.fractal}")
        if tile.valid_row != tile.rows or tile.valid_col != tile.cols:
            return self.reject(op, "an NZ load into a tile with a partial valid shape is not "
                               "supported: NZ loads move whole fractals; use a tile whose valid "
                               "shape equals its shape")
        if (tile.rows, tile.cols) != (Rt, Ct):
            return self.reject(op, f"the destination tile is {tile.rows}x{tile.cols} but the NZ "
                               f"partition is {Rt}x{Ct}; they must match")


def plan_function(func, prover: Prover) -> Tuple[bool, List]:
    """Validate every logical NZ view of `func`. Returns (ok, views)."""
    v = _Validator(prover)
    views = [op for op in ops_named(func.operation, "pto.make_tensor_view")
             if is_logical_nz_view(op)]
    for op in views:
        v.view(op)
    return v.ok, views


# --------------------------------------------------------------------------
# Rewrite patterns (run only on validated functions)
# --------------------------------------------------------------------------

def _divided(value: ir.Value, divisor: int) -> ir.Value:
    """offset / divisor: folded when constant, else `arith.floordivsi` of the
    whole value (never re-associated, so the offset's own wrap-around holds)."""
    assert divisor & (divisor - 1) == 0, "NZ divisors are powers of two"
    c = constant_int(value)
    if c is not None:
        return index_constant(c // divisor)
    if divisor == 1:
        return value
    return arith.FloorDivSIOp(value, index_constant(divisor)).result


def block_make_tensor_view(op, rewriter):
    """[R, C] / [B, R, C] -> [B, C/c0, R/16, 16, c0] (strides stay empty)."""
    if not is_logical_nz_view(op) or len(op.shape) not in (2, 3):
        return True  # no match
    view_t = TensorViewType(op.result.type)
    elem = view_t.element_type
    c0 = c0_for_bitwidth(bit_width(elem))
    dims = view_dims(op)
    R, C = dims[-2], dims[-1]
    B = dims[0] if len(dims) == 3 else 1
    shape = blocked_shape(B if B is not None else DYNAMIC, R, C, c0)
    if all(d == DYNAMIC for d in view_t.shape):
        type_shape = [DYNAMIC] * 5
    else:
        type_shape = [view_t.shape[0] if len(dims) == 3 else 1] + shape[1:]
    with ir.InsertionPoint(op), op.location:
        batch = op.shape[0] if len(dims) == 3 else index_constant(1)
        operands = [batch] + [index_constant(d) for d in shape[1:]]
        new = pto.MakeTensorViewOp(TensorViewType.get(type_shape, elem), op.ptr, operands, [],
                                   layout=op.operation.attributes["layout"]
                                   if "layout" in op.operation.attributes else None)
        copy_attrs(op, new, skip=("layout",))
    rewriter.replace_op(op, new)


def block_partition_view(op, rewriter):
    """Logical offsets/sizes -> [b, col/c0, row/16, 0, 0] / [1, Ct/c0, Rt/16, 16, c0]."""
    src = defining_op(op.source)
    if src is None or layout_of(src) != "nz" or len(op.offsets) not in (2, 3):
        return True  # no match
    elem = PartitionTensorViewType(op.result.type).element_type
    c0 = c0_for_bitwidth(bit_width(elem))
    offsets = list(op.offsets)
    sizes = [constant_int(s) for s in op.sizes]
    Rt, Ct = sizes[-2], sizes[-1]
    shape = blocked_shape(1, Rt, Ct, c0)
    with ir.InsertionPoint(op), op.location:
        batch = offsets[0] if len(offsets) == 3 else index_constant(0)
        zero = index_constant(0)
        new_offsets = [batch, _divided(offsets[-1], c0), _divided(offsets[-2], FRACTAL_ROWS),
                       zero, zero]
        new_sizes = [index_constant(d) for d in shape]
        new = pto.PartitionViewOp(PartitionTensorViewType.get(shape, elem), op.source,
                                  new_offsets, new_sizes)
    rewriter.replace_op(op, new)


def _patterns():
    patterns = RewritePatternSet()
    patterns.add("pto.make_tensor_view", block_make_tensor_view)
    patterns.add("pto.partition_view", block_partition_view)
    return patterns.freeze()


@register
class BlockNzViews(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        ok = True
        prover = Prover()
        frozen = None
        for func in functions(module):
            if BLOCKED_MARK in func.operation.attributes:
                continue
            func_ok, views = plan_function(func, prover)
            ok &= func_ok
            if not func_ok or not views:
                continue
            frozen = frozen or _patterns()
            with constant_pool(func):
                walk_and_apply_patterns(func.operation, frozen)
            func.operation.attributes[BLOCKED_MARK] = ir.UnitAttr.get()
        return ok
