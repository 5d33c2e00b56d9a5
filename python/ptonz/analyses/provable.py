"""Prove that an offset is a non-negative multiple of a power-of-two divisor.

An NZ tensor must never be addressed by guessed coordinates, so a symbolic
trailing offset of a partition is divided (by 16 for rows, by c0 for columns)
only when BOTH facts are proven:

**Non-negative** comes from the offset's integer range AT ITS OWN BIT WIDTH
(`analyses.int_ranges`: MLIR's integer range inference, plus the launch
bound and exact loop ranges). A product, sum, shift or cast is non-negative
only when its range proves that nothing wraps around: `x * 256` in i32 with
`x = 1 << 24` (seed 000's example) wraps to 0 -- its range is all of i32 --
and `index_cast(index_cast(192 : index to i8) : i8 to index)` is -64.
`pto.get_block_idx` / `get_block_num` range over [0, 65534] / [1, 65535]:
CANN documents a kernel launch's block count (blockDim) as [1, 65535]
(`int_ranges.MAX_BLOCK_NUM`, with the reference).

**Multiple of d** (d a power of two, so it divides 2^W and the property
survives wrap-around at any width W) is proven by walking the defining ops:

==========================================  ==========================================
defining op                                 multiple of 2^k when
==========================================  ==========================================
``arith.constant c``                        ``c % 2^k == 0``
``arith.muli a, b``                         a is of 2^i, b of 2^j, i + j >= k
``arith.shli a, c`` (constant c < width)    a is of 2^(k - c)
``arith.addi/subi/ori/xori a, b``           a and b are
``arith.andi a, b``                         a or b is
``arith.minsi/maxsi/minui/maxui a, b``      a and b are
``arith.select c, a, b``                    a and b are
``arith.floordivsi/divsi/divui a, 2^j``     a is of 2^(k + j)
``arith.remsi/remui a, c`` (constant c > 0)  a and c are (a - q*c)
``arith.index_cast/extsi/extui/trunci a``   a is
``scf.for`` induction variable              lower bound and step are
any value whose range is one constant c     ``c % 2^k == 0``
``pto.get_block_idx/_num``                  (only for 2^k == 1)
==========================================  ==========================================

`scf.for` iter_args and function arguments are never resolved for alignment
(an iter_arg changes every iteration; nothing is known of an argument)
The sign of a remainder or a quotient comes from the ranges too: MLIR's
rules give `arith.remsi a, c` the range [0, c - 1] only when `a` is proven
non-negative (`(blk - 1) % 2` is -1 for blk = 0), `arith.remui` always;
a division by a positive constant keeps its dividend's sign. So the
split-K offsets `(blk % 2) * 512` and `(blk // 2) * 128` are provable.
unless their range is a single constant; for the sign, their range decides
(the full range for an argument).

The table is walked in C++ (`_ptonz.IntRanges.alignment`,
dialect/lib/Analysis/Alignment.cpp), memoised per value (the largest power of two it
is proven a multiple of); `Prover.fact(value, d)` combines it with the sign,
and only a failed proof walks again, here, to name the op to blame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

from mlir import ir

from .. import _ptonz
from .int_ranges import LAUNCH_QUERIES, MAX_BLOCK_NUM, FunctionRanges, Range
from .ir_queries import bit_width

PROVABLE_FORMS = (
    "arith.constant; scf.for induction variables (lower bound and step; range [lb, last iv]); "
    "arith.muli, arith.shli by a constant, arith.addi, arith.subi, arith.minsi/maxsi/minui/"
    "maxui, arith.select, arith.andi/ori/xori, arith.floordivsi/divsi/divui by a power of two, "
    "arith.remsi/remui by a positive constant (remsi: of a dividend proven non-negative) "
    "and arith.index_cast/extsi/extui/trunci of provable terms, non-negative when their integer "
    "range at their own bit width proves that nothing wraps around; pto.get_block_idx / "
    f"pto.get_block_num (in [0, {MAX_BLOCK_NUM - 1}] / [1, {MAX_BLOCK_NUM}])"
)

# Ops whose result is a multiple of 2^min(ta, tb) (both operands).
_BOTH = ("arith.addi", "arith.subi", "arith.ori", "arith.xori", "arith.minsi", "arith.maxsi",
         "arith.minui", "arith.maxui")
_CASTS = ("arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui", "arith.trunci")
_DIVS = ("arith.floordivsi", "arith.divsi", "arith.divui")
_REMS = ("arith.remsi", "arith.remui")
_MAX_DEPTH = 256  # deeper chains are not walked (nothing is proven of them)


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


_PROVEN = Fact(True, True)


def _twos(c: int) -> float:
    """log2 of the largest power of two dividing c (infinite for 0)."""
    return float("inf") if c == 0 else (c & -c).bit_length() - 1


def _log2(d: int) -> int:
    assert d > 0 and d & (d - 1) == 0, "divisor must be a power of two"
    return d.bit_length() - 1


def _bits(t: ir.Type) -> int:
    return bit_width(t)


class Prover:
    """Proof of `offset % d == 0 and offset >= 0` for the values of one
    function or module (`func`; `ranges`: its integer ranges, computed on
    first use if not given); the C++ analyses memoise per value."""

    def __init__(self, func, ranges: Optional[FunctionRanges] = None):
        self.ranges = ranges if ranges is not None else FunctionRanges(func)
        self._native = self.ranges.native

    def aligned(self, value: ir.Value, divisor: int) -> bool:
        """Whether `value` is proven a multiple of `divisor` (the alignment
        half of `fact`: the passes know the sign from a bounds verdict)."""
        return self.alignment(value) >= _log2(divisor)

    def fact(self, value: ir.Value, divisor: int) -> Fact:
        k = _log2(divisor)
        multiple = self.alignment(value) >= k
        r = self._native.signed(value)
        nonneg = r is not None and r[0] >= 0
        if multiple and nonneg:
            return _PROVEN
        why = self._why_negative(value) if not nonneg else self._why_unaligned(value, k)
        return Fact(multiple, nonneg, why)

    # -- alignment ---------------------------------------------------------

    def alignment(self, value) -> float:
        """log2 of the largest power of two `value` is proven a multiple of (0:
        nothing beyond being an integer; inf: zero). `value` may be an int: a
        constant operand, as `value_source` folds them. The table above,
        walked in C++ (`_ptonz.IntRanges.alignment`, dialect/lib/Analysis/Alignment.cpp)
        and memoised there: from Python it cost a binding call per op."""
        if isinstance(value, int):
            return _twos(value)
        return self._native.alignment(value)

    # -- explanations of a failed proof --------------------------------------

    def _why_unaligned(self, value: ir.Value, k: int) -> Tuple[ir.Location, str]:
        """The op to blame for `value` not being proven a multiple of 2^k."""
        for _ in range(_MAX_DEPTH):
            d = 1 << k
            name, number, operands, c = _ptonz.value_source(value)
            op = _ptonz.value_owner(value)
            loc = op.location if op is not None else ir.Location.unknown()
            nxt = None
            if name == "arith.constant":
                if c is None:
                    return loc, "a non-integer constant"
                return loc, f"the constant {c} is not a multiple of {d}"
            if name in ("arith.muli", "arith.andi") or name in _CASTS:
                nxt = operands[0]
            elif name in _BOTH:
                nxt = next((x for x in operands[:2] if self.alignment(x) < k), None)
            elif name == "arith.select":
                nxt = next((x for x in operands[1:3] if self.alignment(x) < k), None)
            elif name == "arith.shli" and _ptonz.constant_int(operands[1]) is not None:
                shift = _ptonz.constant_int(operands[1])
                if 0 <= shift < _bits(value.type):
                    nxt, k = operands[0], max(k - shift, 0)
            elif name in _REMS and (_ptonz.constant_int(operands[1]) or 0) > 0:
                c = _ptonz.constant_int(operands[1])
                if _twos(c) < k:
                    return loc, f"a remainder by {c} is not a multiple of {d}"
                nxt = operands[0]
            elif name in _DIVS and (_ptonz.constant_int(operands[1]) or 0) > 0:
                dv = _ptonz.constant_int(operands[1])
                if dv & (dv - 1) == 0:
                    nxt, k = operands[0], k + _log2(dv)
            elif name in LAUNCH_QUERIES:
                return loc, (f"{name} is non-negative but not known to be a multiple of {d}; "
                             f"scale it, e.g. arith.muli by a multiple of {d}")
            elif name == "^scf.for" and number == 0:
                nxt = operands[0] if self.alignment(operands[0]) < k else operands[2]
            elif name == "^scf.for":
                return loc, ("an scf.for iter_arg is never resolved: its value changes every "
                             "iteration")
            elif name.startswith("^"):
                return loc, _argument_message(name)
            if nxt is None:
                return loc, f"'{name}' is not one of the provable forms"
            value = nxt
        return ir.Location.unknown(), "the offset's defining chain is too deep to walk"

    def _why_negative(self, value: ir.Value) -> Tuple[ir.Location, str]:
        """The op to blame for `value` not being proven non-negative: the first
        op along its chain whose operands are (or have no sign to be) but
        whose result is not."""
        for _ in range(_MAX_DEPTH):
            r = self.ranges.of(value)
            name, number, operands, c = _ptonz.value_source(value)
            op = _ptonz.value_owner(value)
            loc = op.location if op is not None else ir.Location.unknown()
            if name == "^scf.for" and number == 0:
                lr = self.ranges.of(operands[0])
                if lr is None or not lr.nonneg:
                    value = operands[0]
                    continue
                return loc, (f"the scf.for induction variable is not proven non-negative (its "
                             f"range is {r}: the loop may wrap around or compare unsigned)")
            if name == "^scf.for":
                return loc, (f"an scf.for iter_arg is never resolved: its value changes every "
                             f"iteration (its range is {r})")
            if name.startswith("^"):
                return loc, _argument_message(name)
            if name == "arith.constant":
                if c is None:
                    return loc, "a non-integer constant"
                return loc, f"the constant {c} is negative"
            if value in FunctionRanges.assumptions(value):
                return loc, f"'{name}' is not one of the provable forms"
            signed = [x for x in operands if _signed_operand(x)]
            culprit = next((x for x in signed if not _nonneg(self.ranges.of(x))), None)
            if culprit is not None and name != "arith.cmpi":
                value = culprit
                continue
            return loc, _wraps_message(name, value, r, [self.ranges.of(x) for x in signed])
        return ir.Location.unknown(), "the offset's defining chain is too deep to walk"


def _nonneg(r: Optional[Range]) -> bool:
    return r is not None and r.nonneg


def _signed_operand(x: ir.Value) -> bool:
    """An integer operand whose sign matters (not an i1 condition)."""
    t = x.type.maybe_downcast() if hasattr(x.type, "maybe_downcast") else x.type
    return isinstance(t, ir.IndexType) or (isinstance(t, ir.IntegerType) and t.width > 1)


def _argument_message(name: str) -> str:
    kind = "a function argument" if name == "^func.func" else "a block argument"
    if name != "^func.func":
        return (f"{kind} is never resolved: nothing is known of its value; compute the "
                "offset from provable forms inside the kernel")
    return (f"{kind} is never resolved: nothing is known of its value; compute the offset "
            "from provable forms inside the kernel, or declare the values the launch gives "
            "it (ptonz-opt --arg-range=@FUNC:INDEX=LO:HI[:STEP], e.g. :0:8192:256 for the "
            "multiples of 256 below 8192)")


def _wraps_message(name: str, value: ir.Value, r: Optional[Range],
                   operand_ranges: List[Optional[Range]]) -> str:
    """Why an op with non-negative operands has a result that may be negative."""
    ops = " and ".join(str(x) for x in operand_ranges if x is not None)
    rng = f"its range is {r}" if r is not None else "its range is unknown"
    if name in ("arith.muli", "arith.addi", "arith.shli"):
        return (f"{name} of operands in {ops} may wrap around at {value.type}: {rng}, so it "
                "is not proven non-negative")
    if name == "arith.subi":
        return f"arith.subi of operands in {ops} can be negative: {rng}"
    if name in _CASTS:
        src = _ptonz.value_source(value)[2][0].type
        return (f"{name} from {src} to {value.type} may wrap around: the operand's range "
                f"{ops} does not fit, and {rng}")
    return f"'{name}' is not proven non-negative: {rng}"
