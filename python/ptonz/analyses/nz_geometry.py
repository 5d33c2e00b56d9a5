"""NZ fractal geometry (pure arithmetic, shared by the passes and the tools).

A C0 line is 32 bytes: c0 = 256 / bitwidth elements (32 for 8-bit, 16 for
16-bit, 8 for 32-bit); a fractal is 16 rows of one C0 line (512 bytes).
A logical [B, R, C] NZ tensor is stored as the row-major array
[B, C/c0, R/16, 16, c0]: column blocks outside, row fractals inside.
"""

from __future__ import annotations

from typing import List, Optional, Sequence

FRACTAL_ROWS = 16
# The largest value of a 32-bit index: NZ batch and element offsets that the
# passes recombine (g*E + e, slice offsets) must fit it to be proven exact.
INDEX32_MAX = (1 << 31) - 1
C0_BITS = 256


def c0_for_bitwidth(bits: int) -> int:
    """Elements per 32-byte C0 line; ValueError for sub-byte or odd widths."""
    if bits < 8:
        raise ValueError(f"sub-byte element width {bits} is outside ptonz's NZ scope")
    if C0_BITS % bits:
        raise ValueError(f"element width {bits} does not divide a 32-byte C0 line")
    return C0_BITS // bits


def blocked_shape(batch: int, rows: int, cols: int, c0: int) -> List[int]:
    """[B, C/c0, R/16, 16, c0] of a logical [B, R, C] (R % 16 == C % c0 == 0)."""
    return [batch, cols // c0, rows // FRACTAL_ROWS, FRACTAL_ROWS, c0]


def stride_order(rank: int, layout: Optional[str]) -> List[int]:
    """Dimensions from outermost to innermost in memory: row-major, except DN
    which is column-major on the last two dimensions. A blocked NZ view is
    row-major: its strides are then [C*R, R*c0, 16*c0, c0, 1] (pto-isa's)."""
    if layout == "dn" and rank >= 2:
        return list(range(rank - 2)) + [rank - 1, rank - 2]
    return list(range(rank))


def default_strides(shape: Sequence[int], layout: Optional[str] = None) -> List[int]:
    """The strides (in elements) `pto-materialize-strides` gives a view."""
    strides = [0] * len(shape)
    acc = 1
    for d in reversed(stride_order(len(shape), layout)):
        strides[d] = acc
        acc *= shape[d]
    return strides


def nz_element_offset(b: int, r: int, c: int, rows: int, cols: int, c0: int) -> int:
    """Element offset of logical (b, r, c) in the NZ byte order."""
    return b * rows * cols + (c // c0) * rows * c0 + r * c0 + c % c0
