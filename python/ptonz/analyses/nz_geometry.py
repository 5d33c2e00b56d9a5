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


# --------------------------------------------------------------------------
# MX scale layouts (A5 microscaling): pto-isa's TileShape2D<MX_A_ZZ> =
# Shape<1, rows/16, cols/2, 16, 2> of an A-side [M, G] scale and
# TileShape2D<MX_B_NN> = Shape<1, cols/16, rows/2, 16, 2> of a B-side [G, N]
# scale: 16x2 boxes of 32 one-byte f8E8M0 scales, row-major over the blocked
# shape. The "block" axis (M of A, N of B) is cut in 16s, the "group" axis
# (G, the K/32 scale groups) in 2s.
# --------------------------------------------------------------------------

MX_LAYOUTS = ("mx_a_zz", "mx_b_nn")
MX_BOX_ROWS = 16  # boxes along the block axis (M of A, N of B)
MX_BOX_COLS = 2   # boxes along the group axis (G)
MX_NAMES = {"mx_a_zz": "MX_A_ZZ", "mx_b_nn": "MX_B_NN"}


def mx_axes(layout: str):
    """(block axis, group axis) of a logical rank-2 MX scale tensor: MX_A_ZZ
    [M, G] -> (0, 1), MX_B_NN [G, N] -> (1, 0)."""
    if layout not in MX_LAYOUTS:
        raise ValueError(f"not an MX scale layout: {layout!r}")
    return (0, 1) if layout == "mx_a_zz" else (1, 0)


def mx_blocked(layout: str, dims: Sequence[int]) -> List[int]:
    """[block/16, group/2] of logical extents `dims` (or of offsets, sizes:
    the same division; the caller proves the multiples)."""
    b, g = mx_axes(layout)
    return [dims[b] // MX_BOX_ROWS, dims[g] // MX_BOX_COLS]


def mx_blocked_shape(layout: str, shape: Sequence[int]) -> List[int]:
    """[1, M/16, G/2, 16, 2] of MX_A_ZZ [M, G]; [1, N/16, G/2, 16, 2] of MX_B_NN [G, N]."""
    return [1] + mx_blocked(layout, shape) + [MX_BOX_ROWS, MX_BOX_COLS]


def mx_logical_shape(layout: str, blocked: Sequence[int]) -> List[int]:
    """The logical [M, G] / [G, N] of a blocked [1, B/16, G/2, 16, 2]."""
    block, group = blocked[1] * MX_BOX_ROWS, blocked[2] * MX_BOX_COLS
    return [block, group] if layout == "mx_a_zz" else [group, block]


def mx_element_offset(layout: str, r: int, c: int, rows: int, cols: int) -> int:
    """Element (= byte) offset of logical (r, c) of a [rows, cols] MX scale
    tensor: the row-major position of its blocked coordinates
    [0, block/16, group/2, block%16, group%2]."""
    b, g = (r, c) if layout == "mx_a_zz" else (c, r)
    groups = cols if layout == "mx_a_zz" else rows
    box = MX_BOX_ROWS * MX_BOX_COLS
    return ((b // MX_BOX_ROWS) * (groups // MX_BOX_COLS) * box + (g // MX_BOX_COLS) * box
            + (b % MX_BOX_ROWS) * MX_BOX_COLS + g % MX_BOX_COLS)
