"""IR-building helpers shared by the ptonz passes (queries: analyses.ir_queries)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Dict, Optional, Sequence, Tuple

from mlir import ir
from mlir.rewrite import RewritePatternSet

from .. import _ptonz


def error(loc: ir.Location, message: str, notes: Sequence[Tuple[ir.Location, str]] = ()) -> None:
    """Emit a located error, with notes (e.g. at the op that defines a value)."""
    _ptonz.emit_diagnostic(loc, "error", message, list(notes))


def remark(loc: ir.Location, message: str, notes: Sequence[Tuple[ir.Location, str]] = ()) -> None:
    """Emit a located remark (what a pass could not decide), with notes."""
    _ptonz.emit_diagnostic(loc, "remark", message, list(notes))


def named(loc: ir.Location, name: Optional[str]) -> ir.Location:
    """The location for a new op built at `loc` whose result prints as
    %`name` (a NameLoc around `loc` without its own name; see
    `_ptonz.named_location`). A new op must never take the name of the op
    whose location it is built at: with `name` None or '' it is unnamed."""
    return _ptonz.named_location(loc, name or "")


def name_of(value: ir.Value) -> Optional[str]:
    """The name `value` prints with (the input's SSA name, or the one a pass
    gave it), else None."""
    return _ptonz.value_name(value)


def derived_name(value: ir.Value, suffix: str, fallback: Optional[str] = None) -> Optional[str]:
    """name_of(value) (else `fallback`) + `suffix`, or None when neither has
    a name (the new value then prints numbered, as its source does)."""
    base = name_of(value) or fallback
    return base + suffix if base else None


def set_name(value: ir.Value, name: Optional[str]) -> None:
    """Name `value` (a new op's result, or a new block argument); None: nothing."""
    if name:
        _ptonz.set_value_name(value, name)


_pool: Optional["_ptonz.IndexConstants"] = None


@contextmanager
def constant_pool(func):
    """Within it, `index_constant` (and the C++ builders, given the yielded
    pool) give one `arith.constant` per value for the
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


def report_negative_strides(pass_name: str, view: ir.Operation, strides) -> bool:
    """The error at `view` for each of its strides proven negative
    (`_ptonz.NegativeStride` records of `view_partition_verdicts`, a note at
    the op that computes each); True when there is none."""
    for s in strides:
        value = f"{s.smin}" if s.smin == s.smax else f"in [{s.smin}, {s.smax}]"
        negative = "always negative"
        if s.in_block_zero:
            value += " in the launch of one block (block 0, which every launch runs)"
            negative = "negative there"
        owner = _ptonz.value_owner(s.value)
        notes = [(owner.location, f"the stride is {value} here")] if owner is not None else []
        error(
            view.location,
            f"{pass_name}: stride operand #{s.index} of the view is {value}, {negative}: "
            "the view's elements would lie before its base pointer, outside "
            "any GM buffer (PTOAS takes strides as element counts from the base); "
            "compute the stride as a non-negative value (an index_cast to a narrower "
            "integer wraps: 128 as i8 is -128)",
            notes,
        )
    return not strides


def report_shape_mismatches(pass_name: str, view: ir.Operation, mismatches) -> bool:
    """The error at `view` for each shape operand computed to one value that
    its type's static dim contradicts (`_ptonz.TypedShapeMismatch` records of
    `view_partition_verdicts`, a note at the op that computes it); True when
    there is none."""
    for m in mismatches:
        owner = _ptonz.value_owner(m.value)
        notes = [(owner.location, f"computed to {m.computed} here")] if owner is not None else []
        error(
            view.location,
            f"{pass_name}: shape operand #{m.index} of the view is always {m.computed}, "
            f"but the view type says {m.typed}: the op verifier rejects a constant "
            "operand that disagrees with its type, and this one's value is just as "
            "known (an index_cast to a narrower integer wraps: 256 as i8 is 0); make "
            "the computation give the type's extent, or give the type a dynamic dim (?)",
            notes,
        )
    return not mismatches


def report_bounds(
    op: ir.Operation,
    v,
    pass_name: str,
    subject: str,
    where: str,
    tail: str,
    remarks: bool = True,
    reject: Optional[Callable] = None,
) -> bool:
    """The partition-bounds diagnostics of every pass, from one bounds verdict
    `v` (analyses.bounds.DimVerdict): OUTSIDE -> the error "<subject> leaves
    its view <where>: <reason><tail>" (through `reject(op, message, notes)`,
    which prefixes the pass, else as a located error); UNDECIDED -> a remark
    (when `remarks`). False when rejected."""
    from ..analyses.bounds import OUTSIDE, UNDECIDED

    if v.verdict == OUTSIDE:
        msg = f"{subject} leaves its view {where}: {v.reason}{tail}"
        if reject is not None:
            reject(op, msg, v.notes)
        else:
            error(op.location, f"{pass_name}: {msg}", v.notes)
        return False
    if v.verdict == UNDECIDED and remarks:
        remark(
            op.location,
            f"{pass_name}: cannot decide whether {subject} stays inside its "
            f"view {where}: {v.reason}; accepted, as the launch (or the caller) must keep "
            "it inside",
            v.notes,
        )
    return True


def linear_sum(terms, pool) -> ir.Value:
    """sum(o_i * stride_i) of `terms` [(offset, stride)] (an offset: an int or
    an index value) as arith.muli / arith.addi at the current insertion point,
    the constant terms folded into one constant first. The callers proved
    every term in range (a leading-axis fold: each o_i in [0, E_i)), hence
    `nsw nuw`."""
    from mlir.dialects import arith  # the op classes: imported only where ops are built

    flags = ir.Attribute.parse("#arith.overflow<nsw, nuw>")
    const = sum(o * st for o, st in terms if isinstance(o, int))
    acc = pool.get(const) if const else None
    for o, st in terms:
        if isinstance(o, int):
            continue
        term = o if st == 1 else arith.MulIOp(o, pool.get(st), overflowFlags=flags).result
        acc = term if acc is None else arith.AddIOp(acc, term, overflowFlags=flags).result
    return acc if acc is not None else pool.get(0)


def index_constant(value: int) -> ir.Value:
    """The function's `arith.constant value : index` (inside `constant_pool`)."""
    return current_pool().get(value)


class PlannedPatterns:
    """Rewrite patterns that apply a plan made while matching.

    A pass validates a whole function first and records, for each op it will
    rewrite, what the rewrite is (`plan`: op -> planned operands). Each
    pattern (`appliers`: root op name -> fn(op, planned)) looks its op up in
    the plan -- no entry is no match -- and applies it. `apply` runs the
    patterns on exactly the planned ops, in plan order."""

    def __init__(self, appliers: Dict[str, Callable[[ir.Operation, object], None]]):
        self._plan: Dict[ir.Operation, object] = {}
        self._errors: list = []
        patterns = RewritePatternSet()
        for root, fn in appliers.items():
            patterns.add(root, self._pattern(fn))
        self._frozen = patterns.freeze()

    def _pattern(self, fn):
        def pattern(op, rewriter):
            planned = self._plan.get(op.operation)
            if planned is None:
                return True  # no match: the op is not in the plan
            try:
                fn(op.operation, planned)
            except Exception as exc:  # never unwind through the C++ driver
                self._errors.append(exc)
                return True

        pattern.__name__ = fn.__name__
        return pattern

    def apply(self, plan: Dict[ir.Operation, object]) -> None:
        self._plan, self._errors = plan, []
        try:
            _ptonz.apply_patterns_to(list(plan), self._frozen)
        finally:
            self._plan = {}
        if self._errors:
            raise self._errors[0]
