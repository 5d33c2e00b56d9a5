"""Prove that an offset is a non-negative multiple of a power-of-two divisor.

An NZ tensor must never be addressed by guessed coordinates, so a symbolic
trailing offset of a partition is divided (by 16 for rows, by c0 for columns)
only when BOTH facts are proven:

**Non-negative** comes from the offset's integer range AT ITS OWN BIT WIDTH
(`analyses.int_ranges`: MLIR's integer range inference, plus the launch
bound and exact loop ranges). A product, sum, shift or cast is non-negative
only when its range proves that nothing wraps around: `x * 256` in i32 with
`x = 1 << 24` (seed 000's example) wraps to 0 -- its range is all of i32 --
and `index_cast(index_cast(192 : index to i8) : i8 to index)` is -64. The
launch queries (`pto.get_block_idx` / `get_block_num`, ...) range over
[0, 65534] / [1, 65535]: CANN documents a kernel launch's block count
(blockDim) as [1, 65535] (`int_ranges.MAX_BLOCK_NUM`, with the reference).
The sign of a remainder or a quotient comes from the ranges too: MLIR's
rules give `arith.remsi a, c` the range [0, c - 1] only when `a` is proven
non-negative (`(blk - 1) % 2` is -1 for blk = 0), `arith.remui` always; a
division by a positive constant keeps its dividend's sign. So the split-K
offsets `(blk % 2) * 512` and `(blk // 2) * 128` are provable.

**Multiple of d** (d a power of two, so it divides 2^W and the property
survives wrap-around at any width W) is proven by walking the defining ops
by one table, the C++ analysis's (`_ptonz.provable_forms`, in
dialect/lib/Analysis/Alignment.cpp, which also walks it, memoised per value):
`forms_markdown()` prints it (docs/reference.md's table is that print, checked by
test_provable.py), `provable_forms_text()` is the list ptonz's errors give.
`scf.for` iter_args and function arguments that no `--arg-range` declares are
never resolved for alignment (an iter_arg changes every iteration; nothing is
known of an argument) unless their range is a single constant; for the sign,
their range decides (the full range for an argument).

`Prover.fact(value, d)` asks the C++ analysis, which decides both halves and,
when a proof fails, names the value to blame and the form it failed at
(`_ptonz.ProofFailure`).
"""

from typing import Any, List, NamedTuple, Optional, Tuple, Union, cast

from mlir import ir

from .. import _ptonz
from .int_ranges import FunctionRanges, location_of

# The sign half of every form (the errors' list ends with it).
SIGN_RULE = (
    "each non-negative when its integer range at its own bit width proves that nothing wraps around"
)


def provable_forms(context: Optional[ir.Context] = None) -> List[_ptonz.ProvableForm]:
    """The rows of the proofs' table (`_ptonz.ProvableForm`: key, ops, form,
    multiple_when, brief), the launch queries' row naming the ops of the
    loaded dialects of `context` (default: the current one) that have the
    LaunchQuery trait."""
    return list(_ptonz.provable_forms(context or ir.Context.current))


def provable_forms_text(context: Optional[ir.Context] = None) -> str:
    """The provable forms as ptonz's errors list them."""
    return "; ".join(f.brief for f in provable_forms(context)) + "; " + SIGN_RULE


def forms_markdown(context: Optional[ir.Context] = None) -> str:
    """The table as docs/reference.md shows it (a Markdown table)."""
    lines = ["| defining form | a multiple of 2^k when |", "| --- | --- |"]
    for f in provable_forms(context):
        form = f.form
        if f.key == "launch_query":
            form = "a launch query: " + ", ".join(f"`{op}`" for op in f.ops)
        lines.append(f"| {form} | {f.multiple_when} |")
    return "\n".join(lines)


class Fact(NamedTuple):
    """What is known of one value for one divisor; `failure` (a
    `_ptonz.ProofFailure`: culprit, rule, reason) says why it is not proven."""

    multiple: bool
    nonneg: bool
    failure: Optional[_ptonz.ProofFailure] = None

    @property
    def proven(self) -> bool:
        return self.multiple and self.nonneg

    @property
    def why(self) -> Optional[Tuple[ir.Location, str]]:
        """(location of the culprit, explanation) of a failed proof."""
        f = self.failure
        if f is None:
            return None
        loc = location_of(f.culprit) if f.culprit is not None else ir.Location.unknown()
        return loc, f.reason


_PROVEN = Fact(True, True)


def _log2(d: int) -> int:
    assert d > 0 and d & (d - 1) == 0, "divisor must be a power of two"
    return d.bit_length() - 1


def covers(alignment: float, divisor: int) -> bool:
    """Whether a value of `alignment` (`Prover.alignment`'s log2) is proven a
    multiple of `divisor` (a power of two)."""
    return alignment >= _log2(divisor)


class Prover:
    """Proof of `offset % d == 0 and offset >= 0` for the values of one
    function or module (`func`; `ranges`: its integer ranges, computed on
    first use if not given); the C++ analyses memoise per value."""

    def __init__(self, func: Any, ranges: Optional[FunctionRanges] = None) -> None:
        self.ranges = ranges if ranges is not None else FunctionRanges(func)
        self._native = self.ranges.native

    def aligned(self, value: ir.Value, divisor: int) -> bool:
        """Whether `value` is proven a multiple of `divisor` (the alignment
        half of `fact`: the passes know the sign from a bounds verdict)."""
        return covers(self.alignment(value), divisor)

    def fact(self, value: ir.Value, divisor: int) -> Fact:
        p = self._native.prove(value, _log2(divisor))
        if p.failure is None:
            return _PROVEN
        return Fact(p.multiple, p.nonneg, p.failure)

    def alignment(self, value: Union[int, ir.Value]) -> float:
        """log2 of the largest power of two `value` is proven a multiple of (0:
        nothing beyond being an integer; inf: zero). `value` may be an int: a
        constant operand, as `value_source` folds them."""
        if isinstance(value, int):
            return cast(float, _ptonz.IntRanges.constant_alignment(value))
        return cast(float, self._native.alignment(value))
