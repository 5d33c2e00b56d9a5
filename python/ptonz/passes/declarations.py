"""The argument declarations of `pto-declare-nz-args` (`--nz-arg`,
`--arg-range`): their option syntax, their typed values and the argument
attributes that carry them in the IR (the one home every later pass reads).

Pure parsing: the pass catalog imports it to check option values when a
pipeline is parsed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Optional, Tuple, TypeVar

from ..analyses.arg_attrs import arg_range_problem

Parser = TypeVar("Parser", bound=Callable[[str], object])


def shows_as(value_desc: str) -> Callable[[Parser], Parser]:
    """Mark a pass option's parser with what `--help` shows as its value
    (`--pto-level=<level1|level2|level3>`; read by passes.registration)."""

    def mark(parse: Parser) -> Parser:
        parse.value_desc = value_desc  # type: ignore[attr-defined]  # a function attribute
        return parse

    return mark


# Patterns, compiled (and cached by `re`) on first use: most runs declare nothing.
_NZ = r"@([^:,=\s]+):(\d+)(?:=(\d+(?:x\d+)+))?"
_RANGE = r"@([^:,=\s]+):(\d+)=(-?\d+):(-?\d+)(?::(\d+))?"


class NzArg(tuple[str, int, tuple[int, ...] | None]):
    """`@FUNC:INDEX[=SHAPE]`: argument INDEX of FUNC is NZ-packed (SHAPE: its
    logical shape; None: the shape of its views)."""

    def __new__(cls, func: str, index: int, shape: Optional[Tuple[int, ...]]):
        return super().__new__(cls, (func, index, shape))

    func = property(lambda self: self[0])
    index = property(lambda self: self[1])
    shape = property(lambda self: self[2])

    def __str__(self) -> str:
        tail = "=" + "x".join(map(str, self.shape)) if self.shape else ""
        return f"@{self.func}:{self.index}{tail}"


class ArgRange(tuple[str, int, int, int, int]):
    """`@FUNC:INDEX=LO:HI[:STEP]`: scalar argument INDEX of FUNC takes the
    values LO, LO + STEP, ... below HI (STEP 1: all of [LO, HI))."""

    def __new__(cls, func: str, index: int, lo: int, hi: int, step: int = 1):
        return super().__new__(cls, (func, index, lo, hi, step))

    func = property(lambda self: self[0])
    index = property(lambda self: self[1])
    lo = property(lambda self: self[2])
    hi = property(lambda self: self[3])
    step = property(lambda self: self[4])

    def attribute_values(self):
        """The `ARG_RANGE_ATTR` array: [lo, hi] or [lo, hi, step]."""
        return [self.lo, self.hi] + ([self.step] if self.step != 1 else [])

    def __str__(self) -> str:
        tail = f":{self.step}" if self.step != 1 else ""
        return f"@{self.func}:{self.index}={self.lo}:{self.hi}{tail}"


class Declarations(tuple):
    """A list option's value: its items, printed back comma-separated."""

    def __str__(self) -> str:
        return ",".join(map(str, self))


def _items(text: str):
    return [t for t in (s.strip() for s in text.split(",")) if t]


@shows_as("@FUNC:INDEX[=SHAPE],...")
def parse_nz_args(text: str) -> Declarations:
    """`@FUNC:INDEX[=SHAPE],...` (SHAPE: `32x2048x4096`, at least [R, C])."""
    out = []
    for item in _items(text):
        m = re.fullmatch(_NZ, item)
        if not m:
            raise ValueError(
                f"'{item}' is not @FUNC:INDEX or @FUNC:INDEX=SHAPE "
                "(e.g. @exp_gate_mm:2=32x2048x4096)"
            )
        shape = tuple(int(d) for d in m.group(3).split("x")) if m.group(3) else None
        if shape is not None and 0 in shape:
            raise ValueError(f"'{item}': a dimension of the shape is 0")
        out.append(NzArg(m.group(1), int(m.group(2)), shape))
    return Declarations(out)


@shows_as("@FUNC:INDEX=LO:HI[:STEP],...")
def parse_arg_ranges(text: str) -> Declarations:
    """`@FUNC:INDEX=LO:HI[:STEP],...`: [LO, HI), LO < HI, STEP > 0."""
    out = []
    for item in _items(text):
        m = re.fullmatch(_RANGE, item)
        if not m:
            raise ValueError(
                f"'{item}' is not @FUNC:INDEX=LO:HI or @FUNC:INDEX=LO:HI:STEP "
                "(e.g. @exp_gate_mm:5=0:2, the half-open range [LO, HI); "
                "@proj_b_mm:4=0:8192:256, its multiples of 256)"
            )
        lo, hi = int(m.group(3)), int(m.group(4))
        step = int(m.group(5)) if m.group(5) else 1
        problem = arg_range_problem([lo, hi, step])
        if problem:
            raise ValueError(f"'{item}': {problem}")
        out.append(ArgRange(m.group(1), int(m.group(2)), lo, hi, step))
    return Declarations(out)
