"""What the real PTOAS does, as pure functions (measured with PTOAS 0.27,
hw-native-sys/PTOAS main of 2026-04-17, commit a56b18c3).

* Versions. Real releases are 0.x (the tags run to v0.26; `ptoas --version`
  of main prints 0.27). The seeds' "0.60" and "0.61" name layout behaviours:
  up to 0.60 PTOAS infers every GM view's layout from its shape and strides;
  "0.61" is the first that trusts an explicit NZ annotation.
* Layout inference (InferPTOLayout, skipped by `ptoas --disable-infer-layout`)
  runs on a `make_tensor_view` only when all its shape and stride operands
  are constants. It right-aligns them to rank 5 and calls the view NZ when
  `shape[2] == 16 && shape[2] * shape[3] * sizeof(T) == 512` and
  `stride[4] == 1 && stride[3] == shape[4]` -- one axis off pto-isa's NZ
  rule (`shape[3] == 16 && shape[4] == 32 / sizeof(T)`). A blocked NZ view
  [B, C/c0, R/16, 16, c0] therefore passes only when R == 256 and T is
  2 bytes; otherwise PTOAS stops with `layout mismatch: user-specified
  layout=nz but inferred=nd`.
* With `--disable-infer-layout` PTOAS takes the explicit layout as it is
  (and emits exactly ptonz's descriptors), checks no NZ rule at all, and
  describes a view WITHOUT a layout attribute as ND whatever its strides.
* The compact `!pto.tile_buf<mat, 16x16xf16, ...>` syntax parses from v0.25
  on; older versions parse the keyed form only.
* Its C++ writer names the element type of a GlobalTensor only for f16, bf16,
  f32, f64 and 8/16/32/64-bit integers; any other GM element type (float8
  included, which pto-isa calls float8_e4m3_t / float8_e5m2_t) becomes
  `GlobalTensor<float, ...>`, so shapes and strides count 4-byte elements
  and the load reads the wrong bytes.
* Its C++ emitter (PTOToEmitC) has a C++ element type for f16, bf16, f32,
  f64, the float8 E4M3 and E5M2 variants and 8/16/32/64-bit integers only:
  any other float (f80, f128, tf32, f6/f4, f8E8M0FNU, f8E3M4, ...) fails its
  type conversion ("Unsupported FloatType"), any other integer width (i1,
  i4, i12, i128, ...) becomes `int32_t` in a GM pointer and `float` in a
  tile, so the bytes moved are wrong.
* `pto.alloc_tile addr = ...` is accepted only with `--pto-level=level3`,
  which in turn requires `addr` on every alloc_tile (PlanMemory does not
  run there); `pto.tassign` needs level3 too.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence, Tuple

Version = Tuple[int, int]

FIRST_TRUSTED_NZ = (0, 61)      # seed 000's "0.61": explicit NZ annotations are trusted
FIRST_COMPACT_TILE_BUF = (0, 25)
NEWEST_MEASURED = (0, 27)
LEVELS = ("level1", "level2", "level3")

_VERSION = re.compile(r"v?(\d+)\.(\d+)(?:\.\d+)?")


def parse_version(text: str) -> Version:
    """`0.27`, `v0.26`, `0.27.1` -> (major, minor)."""
    m = _VERSION.fullmatch(text.strip())
    if m is None:
        raise ValueError(f"'{text}' is not a PTOAS version: expected MAJOR.MINOR, e.g. 0.27 "
                         "(the newest PTOAS; `ptoas --version` prints it) or 0.61 (the first "
                         "layout behaviour that trusts explicit NZ)")
    return int(m.group(1)), int(m.group(2))


def format_version(v: Version) -> str:
    return f"{v[0]}.{v[1]}"


def _right_align(shape: Sequence[int], strides: Sequence[int]):
    shape, strides = list(shape), list(strides)
    while len(shape) < 5:
        strides.insert(0, shape[0] * strides[0])
        shape.insert(0, 1)
    return shape, strides


def _minor_2d(rows: int, cols: int, row_stride: int, col_stride: int) -> Tuple[str, bool]:
    """(layout, ambiguous) of the last two dims, as InferPTOLayout decides it."""
    nd = (cols == 1 or col_stride == 1) and (
        rows == 1 or (row_stride == 1 if cols == 1 else row_stride == cols))
    dn = (rows == 1 or row_stride == 1) and (
        cols == 1 or (col_stride == 1 if rows == 1 else col_stride == rows))
    if nd and dn:
        return ("dn" if cols == 1 and rows != 1 else "nd"), True
    return ("dn" if dn else "nd"), False


def inferred_layout(shape: Sequence[Optional[int]], strides: Sequence[Optional[int]],
                    element_bytes: int) -> Optional[Tuple[str, bool]]:
    """(layout, ambiguous ND/DN) PTOAS's InferPTOLayout gives a make_tensor_view
    with these shape/stride operands (None: not a constant), or None when it
    does not infer (a non-constant operand, rank 0 or > 5, no strides)."""
    if (not shape or len(shape) > 5 or len(shape) != len(strides)
            or any(x is None for x in list(shape) + list(strides)) or element_bytes <= 0):
        return None
    sh, st = _right_align(shape, strides)
    if sh[2] == 16 and sh[2] * sh[3] * element_bytes == 512 and st[4] == 1 and st[3] == sh[4]:
        return "nz", False
    return _minor_2d(sh[3], sh[4], st[3], st[4])


# Element types PTOAS 0.27 writes into a GlobalTensor correctly (MLIR spelling).
GLOBAL_TENSOR_TYPES = frozenset(
    ["f16", "bf16", "f32", "f64"]
    + [f"{s}{w}" for s in ("i", "si", "ui") for w in (8, 16, 32, 64)])


# Element types PTOAS's C++ emitter has a C++ type for (MLIR spelling).
ELEMENT_TYPES = GLOBAL_TENSOR_TYPES | frozenset(
    ["f8E4M3", "f8E4M3FN", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ"])
ELEMENT_TYPES_NAMED = "f16, bf16, f32, f64, f8E4M3*/f8E5M2* and 8/16/32/64-bit integers"


def element_type_problem(element_type: str) -> Optional[str]:
    """None when PTOAS has a C++ element type for this one (MLIR spelling),
    else why not, as a sentence part: "PTOAS has no element type f80 ..."."""
    if element_type in ELEMENT_TYPES:
        return None
    what = ("its C++ emitter cannot convert it" if not re.fullmatch(r"[su]?i\d+", element_type)
            else "its C++ emitter would silently write int32_t / float for it")
    return (f"PTOAS has no element type {element_type} ({what}; it has {ELEMENT_TYPES_NAMED} "
            "only)")


def global_tensor_type_ok(element_type: str) -> bool:
    """Whether PTOAS 0.27 names this GM element type right in its C++."""
    return element_type in GLOBAL_TENSOR_TYPES
