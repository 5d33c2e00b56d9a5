"""Does a partition stay inside its view? One dimension at a time, from the
offset's integer range (`analyses.int_ranges`).

A partition dimension with offset `o`, size `s` and view extent `D` is

* **inside** when every value `o` can take satisfies `0 <= o` and
  `o + s <= D`;
* **outside** -- an error at the partition -- when the launch of a single
  block (block idx 0 of 1; every launch runs that block) already leaves the
  view: every value `o` takes there is out, or some is and the range of `o`
  comes from the program alone (constants, loop bounds and arithmetic, no
  function argument and no op without range inference). An NZ partition that
  leaves its view reads another fractal's bytes; an ND one runs off its
  rows;
* **undecided** otherwise: the range depends on what the program does not
  bound (`pto.get_block_idx` of a launch of up to 65535 blocks, a function
  argument, ...). Such a partition is accepted; with the passes' `remarks`
  option (`ptonz-opt --remarks`) it gets a remark saying what could not be
  decided.

The verdicts (and which of these rules decided) are the C++ side's
(`ptonz::decideBounds` / `decideSize`, dialect/lib/Analysis/IntRanges.cpp,
through `_ptonz.IntRanges.decide_bounds`, `constant_bounds`, `decide_size`
and, for whole views, `partition_verdicts`); this module words them.
"""

from __future__ import annotations

from typing import Callable, List, Optional, Tuple, TypeAlias

from mlir import ir

from .. import _ptonz
from .int_ranges import FunctionRanges, describe_assumption, is_launch_query, location_of

INSIDE, OUTSIDE, UNDECIDED = "inside", "outside", "undecided"

Offset: TypeAlias = int | ir.Value


# (reason, located notes) of a verdict.
Explanation: TypeAlias = tuple[str, list[tuple[ir.Location, str]]]


class DimVerdict:
    """The verdict on one partition dimension. `reason` (what the offset
    ranges over and why that is a problem) and `notes` (located) are built
    only when asked for: most partitions are inside, most undecided ones are
    never reported."""

    __slots__ = ("verdict", "_explain", "_text")

    def __init__(self, verdict: str, explain: Optional[Callable[[], Explanation]] = None) -> None:
        self.verdict = verdict
        self._explain = explain
        self._text: Optional[Explanation] = None

    def _explained(self) -> Explanation:
        if self._text is None:
            self._text = self._explain() if self._explain else ("", [])
        return self._text

    @property
    def reason(self) -> str:
        return self._explained()[0]

    @property
    def notes(self) -> List[Tuple[ir.Location, str]]:
        return self._explained()[1]


_INSIDE = DimVerdict(INSIDE)


def check_dim(
    ranges: FunctionRanges, offset: Offset, size: int, extent: Optional[int]
) -> DimVerdict:
    """The verdict for one partition dimension. `offset`: a constant or the
    offset value; `extent`: the view's static extent (None if unknown). The
    verdict is the C++ side's (`_ptonz.IntRanges.decide_bounds`, which
    `partition_verdicts` gives for a whole view at once); the explanation is
    built here, when asked for."""
    if isinstance(offset, int):
        d = _ptonz.IntRanges.constant_bounds(offset, size, extent)
        if d.reason == "negative_constant":
            return DimVerdict(OUTSIDE, lambda: (f"offset {offset} is negative", []))
        if d.reason == "unknown_extent":
            return DimVerdict(UNDECIDED, lambda: ("the view's extent is not a constant", []))
        if d.reason == "beyond_extent":
            return DimVerdict(
                OUTSIDE,
                lambda: (
                    f"offset {offset} + size {size} = {offset + size} exceeds the view's extent "
                    f"{extent}",
                    [],
                ),
            )
        return _INSIDE
    d = ranges.native.decide_bounds(offset, size, extent)
    return _worded(ranges, _VERDICTS[d.verdict], d.reason, offset, size, extent)


_VERDICTS = {_ptonz.INSIDE: INSIDE, _ptonz.OUTSIDE: OUTSIDE, _ptonz.UNDECIDED: UNDECIDED}


def verdict_name(code: int) -> str:
    return _VERDICTS[code]


def explained(
    ranges: FunctionRanges, verdict: str, offset: ir.Value, size: int, extent: Optional[int]
) -> DimVerdict:
    """`verdict` on the offset value (a code of `partition_verdicts`), with
    its explanation (built lazily); the rule that decided is asked again."""
    if verdict == INSIDE:
        return _INSIDE
    if verdict == UNDECIDED:
        return DimVerdict(UNDECIDED, lambda: _undecided(ranges, offset, size, extent))
    return check_dim(ranges, offset, size, extent)


def _worded(
    ranges: FunctionRanges,
    verdict: str,
    reason: str,
    offset: ir.Value,
    size: int,
    extent: Optional[int],
) -> DimVerdict:
    if verdict == INSIDE:
        return _INSIDE
    if verdict == UNDECIDED:
        return DimVerdict(UNDECIDED, lambda: _undecided(ranges, offset, size, extent))
    if reason in ("always_outside", "negative_constant", "beyond_extent"):
        # every value (a constant offset's one value) is outside
        return DimVerdict(OUTSIDE, lambda: _always_outside(ranges, offset, size, extent))
    return DimVerdict(OUTSIDE, lambda: _may_leave(ranges, offset, size, extent))


def _single(ranges: FunctionRanges, offset: ir.Value) -> Explanation:
    single, full = ranges.in_single_launch(offset), ranges.of(offset)
    one_block = " in a launch of one block" if single != full else ""
    return f"offset in {single}{one_block}", [
        (location_of(offset), f"the offset ranges over {single}{one_block} here")
    ]


def _always_outside(
    ranges: FunctionRanges, offset: ir.Value, size: int, extent: Optional[int]
) -> Explanation:
    text, here = _single(ranges, offset)
    single = ranges.in_single_launch(offset)
    assert single is not None, "an offset is an integer value"
    if single.smax < 0:
        return f"{text} is always negative", here
    return (
        f"{text} + size {size} is at least {single.smin + size}, beyond the view's extent {extent}"
    ), here


def _may_leave(
    ranges: FunctionRanges, offset: ir.Value, size: int, extent: Optional[int]
) -> Explanation:
    text, here = _single(ranges, offset)
    single = ranges.in_single_launch(offset)
    assert single is not None, "an offset is an integer value"
    if single.smin < 0:
        problem = "can be negative"
    else:
        problem = f"+ size {size} can reach {single.smax + size}, beyond the view's extent {extent}"
    return (
        f"{text} {problem} (the range follows from the program's own constants, loop "
        "bounds and arithmetic)"
    ), here


def _undecided(
    ranges: FunctionRanges, offset: ir.Value, size: int, extent: Optional[int]
) -> Explanation:
    what = [
        a for a in FunctionRanges.assumptions(offset) if not is_launch_query(a)
    ] or FunctionRanges.assumptions(offset)
    notes = [
        (location_of(a), f"the offset depends on {describe_assumption(a)}")
        for a in _unique(what)[:3]
    ]
    limit = f"extent {extent}" if extent is not None else "extent, which is not a constant"
    return (f"offset in {ranges.of(offset)} + size {size} may leave the view's {limit}", notes)


def _unique(values: List[ir.Value]) -> List[ir.Value]:
    out: List[ir.Value] = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def is_min_of_rest(valid: ir.Value, offset: ir.Value, extent: Optional[ir.Value]) -> bool:
    """Whether the size value `valid` is arith.minsi(extent - offset, x)
    (either order): with `valid` proven positive, extent - offset >= valid > 0,
    so [offset, offset + valid) stays inside the extent (a ragged tail). (Not
    minui: an unsigned minimum of a negative difference is x.)"""
    src = _ptonz.value_source(valid)
    if src.name != "arith.minsi" or extent is None:
        return False
    for x in src.operands[:2]:
        if isinstance(x, int):
            continue
        sub = _ptonz.value_source(x, True)
        if (
            sub.name == "arith.subi"
            and sub.operands[0] == extent
            and not isinstance(sub.operands[1], int)
            and sub.operands[1] == offset
        ):
            return True
    return False


# A dynamic size's verdict: proven in its bounds, not (an error), undecided.
POSITIVE, NOT_POSITIVE = "positive", "not-positive"


def size_verdict(
    ranges: FunctionRanges, size: ir.Value, lo: int = 1, hi: Optional[int] = None
) -> Tuple[str, str, List[Tuple[ir.Location, str]]]:
    """(verdict, reason, notes) of a dynamic size (a partition's, or a
    tile's valid extent) that must lie in [lo, hi] (hi None: no upper end),
    by the rules of the offsets: POSITIVE when every value it takes does;
    NOT_POSITIVE (an error) when none does in the launch of one block, or
    some does not there with its range from the program alone (constants,
    loop bounds and arithmetic: a loop that runs one tile past the end);
    UNDECIDED when that depends on a function argument or the launch."""
    d = ranges.native.decide_size(size, lo, hi)
    if d.verdict == _ptonz.SIZE_POSITIVE:
        return POSITIVE, "", []
    full, single = ranges.of(size), ranges.in_single_launch(size)
    where = f"ranges over {single}" + (" in a launch of one block" if single != full else "")
    notes = [(location_of(size), f"the size {where} here")]
    if d.verdict == _ptonz.SIZE_NOT_POSITIVE and d.never:
        return (
            NOT_POSITIVE,
            f"it is never in [{lo}, {hi}] (it {where})"
            if hi is not None
            else f"it is never positive (it {where})",
            notes,
        )
    if d.verdict == _ptonz.SIZE_NOT_POSITIVE:
        assert single is not None, "a size is an integer value"
        low = single.smin < lo
        what = (
            ("it can be 0 or negative" if lo == 1 else f"it can be below {lo}")
            if low
            else f"it can exceed {hi}"
        )
        return (
            NOT_POSITIVE,
            (
                f"it {where}, so {what} (the range follows from the program's "
                "own constants, loop bounds and arithmetic)"
            ),
            notes,
        )
    assumed = FunctionRanges.assumptions(size)
    return (
        UNDECIDED,
        f"it {where}",
        [
            (location_of(a), f"the size depends on {describe_assumption(a)}")
            for a in _unique([a for a in assumed if not is_launch_query(a)] or assumed)[:3]
        ],
    )
