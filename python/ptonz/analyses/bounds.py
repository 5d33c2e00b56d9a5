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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple, Union

from mlir import ir

from .int_ranges import LAUNCH_QUERIES, FunctionRanges, describe_assumption, location_of

INSIDE, OUTSIDE, UNDECIDED = "inside", "outside", "undecided"

Offset = Union[int, ir.Value]


@dataclass
class DimVerdict:
    verdict: str  # INSIDE | OUTSIDE | UNDECIDED
    # OUTSIDE / UNDECIDED: what the offset ranges over and why it is a problem
    reason: str = ""
    notes: List[Tuple[ir.Location, str]] = field(default_factory=list)


_INSIDE = DimVerdict(INSIDE)


def check_dim(ranges: FunctionRanges, offset: Offset, size: int,
              extent: Optional[int]) -> DimVerdict:
    """The verdict for one partition dimension. `offset`: a constant or the
    offset value; `extent`: the view's static extent (None if unknown)."""
    if isinstance(offset, int):
        if offset < 0:
            return DimVerdict(OUTSIDE, f"offset {offset} is negative")
        if extent is None:
            return DimVerdict(UNDECIDED, "the view's extent is not a constant")
        if offset + size > extent:
            return DimVerdict(OUTSIDE, f"offset {offset} + size {size} = {offset + size} "
                              f"exceeds the view's extent {extent}")
        return _INSIDE
    full = ranges.of(offset)
    if full is None:
        return DimVerdict(UNDECIDED, "the offset has no integer range")
    if extent is not None and full.smin >= 0 and full.smax + size <= extent:
        return _INSIDE
    single = ranges.in_single_launch(offset)
    one_block = " in a launch of one block" if single != full else ""
    here = [(location_of(offset), f"the offset ranges over {single}{one_block} here")]
    if single.smax < 0:
        return DimVerdict(OUTSIDE, f"offset in {single}{one_block} is always negative", here)
    if extent is not None and single.smin + size > extent:
        return DimVerdict(OUTSIDE, f"offset in {single}{one_block} + size {size} is at least "
                          f"{single.smin + size}, beyond the view's extent {extent}", here)
    unbounded = [a for a in FunctionRanges.assumptions(offset)
                 if _owner_name(a) not in LAUNCH_QUERIES]
    single_inside = extent is not None and single.smin >= 0 and single.smax + size <= extent
    if not single_inside and not unbounded and extent is not None:
        # Partly outside, and the range is the program's own: reject.
        if single.smin < 0:
            problem = "can be negative"
        else:
            problem = (f"+ size {size} can reach {single.smax + size}, beyond the view's "
                       f"extent {extent}")
        return DimVerdict(OUTSIDE, f"offset in {single}{one_block} {problem} (the range "
                          "follows from the program's own constants, loop bounds and "
                          "arithmetic)", here)
    what = unbounded or FunctionRanges.assumptions(offset)
    notes = [(location_of(a), f"the offset depends on {describe_assumption(a)}")
             for a in _unique(what)[:3]]
    limit = f"extent {extent}" if extent is not None else "extent, which is not a constant"
    return DimVerdict(UNDECIDED, f"offset in {full} + size {size} may leave the view's "
                      f"{limit}", notes)


def _owner_name(value: ir.Value) -> str:
    owner = value.owner
    return "" if isinstance(owner, ir.Block) else owner.name


def _unique(values: List[ir.Value]) -> List[ir.Value]:
    out: List[ir.Value] = []
    for v in values:
        if v not in out:
            out.append(v)
    return out
