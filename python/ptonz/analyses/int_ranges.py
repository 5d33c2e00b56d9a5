"""Integer ranges of a function's values, at each value's own bit width.

`FunctionRanges(func)` answers `of(value)`: the signed and unsigned bounds of
an integer or index value as MLIR's integer range inference computes them
(the `InferIntRangeInterface` transfer functions of `arith`, the rules of the
upstream `IntegerRangeAnalysis`; C++: `_ptonz.IntRanges`,
dialect/lib/Analysis/IntRanges.cpp), plus the rules upstream does not know:

* the launch queries (`pto.get_block_idx` / `get_block_num`, the subblock
  queries, `pl.get_block_idx` / `get_block_num`: the ops with the dialects'
  LaunchQuery trait) infer their ranges from the largest launch
  (`InferIntRangeInterface`, dialect/lib/IR/LaunchQuery.cpp),
  `MAX_BLOCK_NUM` = 65535 blocks (CANN documents blockDim, the block count
  of a kernel launch, as a logical core count in [1, 65535]: idx in
  [0, 65534], num in [1, 65535];
  https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/83RC1alpha002/API/basicdataapi/atlasopapi_07_00236.html);
  in the launch of one block each takes its least value;
* an `scf.for` induction variable ranges over the values the loop really
  takes (`[lb, lb + ((ub - 1 - lb) / step) * step]` for constant bounds), or
  over anything when `iv + step` may wrap around;
* a function argument declared with `ptonz.arg_range = array<i64: lo, hi[,
  step]>` (ptonz-opt `--arg-range`) takes the values lo, lo + step, ... below
  hi (also its alignment); `declared_arguments(value)` lists those a value's
  range rests on.

A range is at the value's own width: `x * 256` in i32 with `x` up to 2^24 may
wrap, so its range is all of i32, never [0, 2^32]; a narrowing
`arith.index_cast` of 192 to i8 is -64. `index` is 64 bits, and index
arithmetic is proven at 32 bits too (MLIR's rule: the target's index may be
narrower).

`in_single_launch(value)` is the same range in the launch of one block
(`get_block_idx` = 0, `get_block_num` = 1): what every launch executes.
`assumptions(value)` lists what the program itself does not bound in the
value's backward slice (launch queries, function arguments, results of ops
without range inference): the bounds checks call a partition undecidable,
not wrong, when its range depends on them.

Why not MLIR's `DataFlowSolver`: it visits every op of a function (2-3 us per
op, 13-20% of a parse + print round trip on the 100k-op cube benchmark),
while the passes ask for a few offsets per kernel; the C++ side drives the
same transfer functions over the asked value's backward slice, memoised
(`_ptonz.IntRanges(func, dataflow=True)` runs the solver; the unit tests
check that both agree).
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple, cast

from mlir import ir

from .. import _ptonz
from .arg_attrs import ARG_RANGE_ATTR, arg_attr_dicts, declared_arg_range

MAX_BLOCK_NUM = _ptonz.MAX_BLOCK_NUM


def is_launch_query(value: ir.Value) -> bool:
    """Whether `value` is the result of a launch query (an op the dialect
    gives the LaunchQuery trait: bounded by the launch, not by the program)."""
    if isinstance(value.owner, ir.Block):
        return False
    return bool(_ptonz.is_launch_query(value.owner))


class Range:
    """Signed and unsigned bounds of a `bits`-wide integer value. (A plain
    class: a dataclass costs an `exec` at import, on every ptonz-opt run.)"""

    __slots__ = ("bits", "smin", "smax", "umin", "umax")

    def __init__(self, bits: int, smin: int, smax: int, umin: int, umax: int):
        self.bits, self.smin, self.smax, self.umin, self.umax = bits, smin, smax, umin, umax

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> Tuple[int, int, int, int, int]:
        return (self.bits, self.smin, self.smax, self.umin, self.umax)

    def __repr__(self) -> str:
        return f"Range(bits={self.bits}, smin={self.smin}, smax={self.smax})"

    @property
    def nonneg(self) -> bool:
        return self.smin >= 0

    @property
    def constant(self) -> Optional[int]:
        return self.smin if self.smin == self.smax else None

    @property
    def full(self) -> bool:
        return self.smin == -(1 << (self.bits - 1)) and self.smax == (1 << (self.bits - 1)) - 1

    def __str__(self) -> str:
        return f"[{self.smin}, {self.smax}]"


class FunctionRanges:
    """Ranges of the values of one function (or of every function of a
    module: the demand-driven analysis needs no scope); valid until its IR
    changes. `native` is the C++ analysis (`_ptonz.IntRanges`), for batch
    queries."""

    def __init__(self, func: Any) -> None:
        # The C++ analysis; it computes nothing before the first query.
        self.native = _ptonz.IntRanges(func.operation if hasattr(func, "operation") else func)

    def of(self, value: ir.Value) -> Optional[Range]:
        """The range in any launch (None: not an integer or index value)."""
        r = self.native.get(value)
        return Range(r.bits, r.smin, r.smax, r.umin, r.umax) if r is not None else None

    def bounds(self, value: ir.Value) -> Optional[Tuple[int, int]]:
        """(smin, smax) in any launch: `of` without the rest (the hot query)."""
        return cast("tuple[int, int] | None", self.native.signed(value))

    def in_single_launch(self, value: ir.Value) -> Optional[Range]:
        """The range in the launch of one block (block idx 0, block num 1)."""
        r = self.native.get(value, single_launch=True)
        return Range(r.bits, r.smin, r.smax, r.umin, r.umax) if r is not None else None

    @staticmethod
    def assumptions(value: ir.Value) -> List[ir.Value]:
        """What the program does not bound in `value`'s backward slice."""
        return cast("list[ir.Value]", _ptonz.IntRanges.assumptions(value))


def declared_range(value: ir.Value) -> Optional[List[int]]:
    """[lo, hi] or [lo, hi, step] of a function argument's `ARG_RANGE_ATTR`."""
    if not isinstance(value.owner, ir.Block):
        return None
    owner = _ptonz.value_owner(value)
    if owner is None or owner.name != "func.func" or "arg_attrs" not in owner.attributes:
        return None
    d = arg_attr_dicts(owner)[ir.BlockArgument(value).arg_number]
    return declared_arg_range(d[ARG_RANGE_ATTR]) if ARG_RANGE_ATTR in d else None


def declared_arguments(value: ir.Value) -> List[Tuple[ir.Value, List[int]]]:
    """The declared-range function arguments `value`'s range and alignment rest on."""
    if isinstance(value, int):
        return []
    out = []
    for a in FunctionRanges.assumptions(value):
        r = declared_range(a)
        if r is not None:
            out.append((a, r))
    return out


def describe_declaration(arg: ir.Value, declared: List[int]) -> str:
    """`argument 4 (%arg4) declared in [0, 32)` (with `in steps of S`)."""
    k = ir.BlockArgument(arg).arg_number
    step = f" in steps of {declared[2]}" if len(declared) > 2 else ""
    return (
        f"argument {k} ({arg.get_name()}) declared in [{declared[0]}, {declared[1]}){step} "
        "(--arg-range)"
    )


def describe_assumption(value: ir.Value) -> str:
    """What one of `FunctionRanges.assumptions` is, for a diagnostic."""
    owner = _ptonz.value_owner(value)
    if isinstance(value.owner, ir.Block):
        parent = owner.name if owner is not None else ""
        if parent == "func.func":
            declared = declared_range(value)
            if declared is not None:
                return "a function " + describe_declaration(value, declared)
            return "a function argument (declare its values with --arg-range)"
        return "a block argument"
    name = owner.name
    if _ptonz.is_launch_query(owner):
        return f"{name} (bounded only by the launch: at most {MAX_BLOCK_NUM} blocks)"
    return f"the result of '{name}', which has no integer range inference"


def location_of(value: ir.Value) -> ir.Location:
    """The location of the op that defines `value` (or owns its block)."""
    owner = _ptonz.value_owner(value)
    return owner.location if owner is not None else ir.Location.unknown()
