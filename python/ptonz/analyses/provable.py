"""Prove that an offset is a non-negative multiple of a power-of-two divisor.

An NZ tensor must never be addressed by guessed coordinates, so a symbolic
trailing offset of a partition is divided (by 16 for rows, by c0 for columns)
only when BOTH facts are proven by walking its defining ops:

=============================  ===========================  =====================
defining op                    multiple of d                non-negative
=============================  ===========================  =====================
``arith.constant c``           ``c % d == 0``               ``c >= 0``
``arith.muli a, b``            a or b is                    a and b are
``arith.addi a, b``            a and b are                  a and b are
``scf.for`` induction var      lower bound and step are     lower bound and step are
``pto.get_block_idx/_num``     (only for d == 1)            always
``arith.index_cast x``         as x                         as x
=============================  ===========================  =====================

``arith.subi`` is never accepted (a difference can be divisible but not
provably non-negative), and neither are ``scf.for`` iter_args (their value
changes every iteration) nor function arguments (nothing is known about
them). Because d is a power of two it divides 2^W, so "multiple of d"
survives wrap-around at the value's own bit width.

Every rule is monotone in d, so `Prover` walks each value once, whatever the
divisor: it memoises a divisor-free summary (the largest power of two the
value is proven a multiple of, and whether it is proven non-negative) and
answers `fact(value, d)` from it. Only a failed proof walks again, per
divisor, to say which op is to blame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from mlir import ir

from .. import _ptonz

PROVABLE_FORMS = (
    "arith.constant; arith.muli (multiple if a factor is, non-negative if both are); "
    "arith.addi of provable terms; scf.for induction variables (lower bound and step); "
    "pto.get_block_idx / pto.get_block_num (non-negative), seen through arith.index_cast"
)


@dataclass(frozen=True)
class Fact:
    """What is known of one value for one divisor."""

    multiple: bool
    nonneg: bool
    # Why a fact could not be proven: (location of the culprit, explanation).
    why: Optional[Tuple[ir.Location, str]] = None

    @property
    def proven(self) -> bool:
        return self.multiple and self.nonneg


def _both(a: Fact, b: Fact, multiple: bool) -> Fact:
    """Combine the facts of two operands; non-negative needs both."""
    nonneg = a.nonneg and b.nonneg
    why = None
    if not nonneg:
        why = (a if not a.nonneg else b).why
    elif not multiple:
        why = (a if not a.multiple else b).why
    return Fact(multiple, nonneg, why)


_NEVER = (-1, False)  # the summary of a value nothing is known of
_PROVEN = Fact(True, True)


def _twos(c: int) -> float:
    """log2 of the largest power of two dividing c (infinite for 0)."""
    return float("inf") if c == 0 else (c & -c).bit_length() - 1


class Prover:
    """Memoised proof of `offset % d == 0 and offset >= 0` over the SSA graph."""

    def __init__(self):
        # value -> (log2 of the power of two it is a multiple of, non-negative)
        self._summaries: Dict[ir.Value, Tuple[float, bool]] = {}
        self._memo: Dict[Tuple[ir.Value, int], Fact] = {}  # failed proofs, explained

    def fact(self, value: ir.Value, divisor: int) -> Fact:
        assert divisor > 0 and divisor & (divisor - 1) == 0, "divisor must be a power of two"
        twos, nonneg = self.summary(value)
        if nonneg and twos >= divisor.bit_length() - 1:
            return _PROVEN
        return self._explained(value, divisor)

    def summary(self, value) -> Tuple[float, bool]:
        """(log2 of the largest power of two `value` is proven a multiple of
        (-1: not even of 1), whether it is proven non-negative). `value` may
        be an int: a constant operand, as `value_source` folds them."""
        if isinstance(value, int):
            return _twos(value), value >= 0
        hit = self._summaries.get(value)
        if hit is None:
            hit = self._summaries[value] = self._summarise(value)
        return hit

    def _summarise(self, value: ir.Value) -> Tuple[float, bool]:
        # The rules of the table above, for every power of two at once.
        name, number, operands, c = _ptonz.value_source(value, True)
        if name == "arith.constant":
            return _NEVER if c is None else (_twos(c), c >= 0)
        if name in ("arith.muli", "arith.addi"):
            (ta, na), (tb, nb) = self.summary(operands[0]), self.summary(operands[1])
            return (max(ta, tb) if name == "arith.muli" else min(ta, tb)), na and nb
        if name == "arith.index_cast":
            return self.summary(operands[0])
        if name in ("pto.get_block_idx", "pto.get_block_num"):
            return 0, True
        if name == "^scf.for" and number == 0:  # the induction variable: lb + k * step
            (tl, nl), (ts, ns) = self.summary(operands[0]), self.summary(operands[2])
            return min(tl, ts), nl and ns
        return _NEVER

    def _explained(self, value: ir.Value, divisor: int) -> Fact:
        key = (value, divisor)
        hit = self._memo.get(key)
        if hit is None:
            hit = self._memo[key] = self._compute(value, divisor)
        return hit

    def _compute(self, value: ir.Value, d: int) -> Fact:
        """The fact for one divisor, with the culprit of a failure (the table
        above, walked per divisor; `summary` is its divisor-free form)."""
        name, number, operands, c = _ptonz.value_source(value)
        op = _ptonz.value_owner(value)  # for the location of a culprit
        if name.startswith("^"):
            return self._block_argument(name[1:], number, operands, op, d)
        if name == "arith.constant":
            if c is None:
                return Fact(False, False, (op.location, "a non-integer constant"))
            why = None
            if c % d or c < 0:
                why = (op.location, f"the constant {c} is "
                       + ("negative" if c < 0 else f"not a multiple of {d}"))
            return Fact(c % d == 0, c >= 0, why)
        if name == "arith.muli":
            a, b = (self._explained(x, d) for x in operands)
            return _both(a, b, a.multiple or b.multiple)
        if name == "arith.addi":
            a, b = (self._explained(x, d) for x in operands)
            return _both(a, b, a.multiple and b.multiple)
        if name == "arith.index_cast":
            return self._explained(operands[0], d)
        if name in ("pto.get_block_idx", "pto.get_block_num"):
            why = None if d == 1 else (
                op.location, f"{name} is non-negative but not known to be a multiple of {d}; "
                f"scale it, e.g. arith.muli by a multiple of {d}")
            return Fact(d == 1, True, why)
        if name == "arith.subi":
            return Fact(False, False, (op.location,
                        "arith.subi is never accepted: a difference can be proven divisible "
                        "but not non-negative, and a negative offset is clamped to 0 instead "
                        "of failing"))
        return Fact(False, False, (op.location,
                    f"'{name}' is not one of the provable forms"))

    def _block_argument(self, parent: str, arg_no: int, operands, op, d: int) -> Fact:
        """A block argument of op `parent` (its name; '' at top level)."""
        if parent == "scf.for":
            if arg_no == 0:  # the induction variable: lb + k * step
                lb, _ub, step = operands[:3]
                a, b = self._explained(lb, d), self._explained(step, d)
                return _both(a, b, a.multiple and b.multiple)
            return Fact(False, False, (op.location,
                        "an scf.for iter_arg is never resolved: its value changes every "
                        "iteration"))
        where = op.location if op is not None else ir.Location.unknown()
        kind = "a function argument" if parent == "func.func" else "a block argument"
        return Fact(False, False, (where, f"{kind} is never resolved: nothing is known of "
                                   "its value; compute the offset from provable forms inside "
                                   "the kernel"))
