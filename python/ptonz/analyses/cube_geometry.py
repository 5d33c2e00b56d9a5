"""Geometry of the A2/A3 cube (pure arithmetic, shared by the lowering, the
simulator and the tools).

A `pl.tile.matmul` of mat tiles lowers to PTOAS's cube sequence: the operands
move from L1 (mat) into L0A (left) and L0B (right) in K chunks (`textract`),
the cube multiplies each chunk into L0C (acc). What fits where is PTOAS's
memory spec for A3 (`PTOPlanMemory.cpp`, `MemSpec kA3`, in bits there):

    mat (L1) 512 KiB, left (L0A) 64 KiB, right (L0B) 64 KiB,
    acc (L0C) 128 KiB, vec (UB) 192 KiB, bias 1 KiB

and the alignment the `textract` moves need (pto-isa's TExtract): rows in
16-row fractals, columns in 32-byte C0 lines (c0 = 32 / element bytes), and
for a fractal transpose (an NZ mat tile into the col-major right tile) both in
32-element (8-bit) or 16-element (16/32-bit) squares.
"""

from __future__ import annotations

from typing import Dict, Optional

from ptonz_geometry import FRACTAL_ROWS, c0_for_bitwidth

KIB = 1024
CAPACITY: Dict[str, int] = {
    "mat": 512 * KIB,
    "left": 64 * KIB,
    "right": 64 * KIB,
    "acc": 128 * KIB,
    "vec": 192 * KIB,
    "bias": 1 * KIB,
}
# No tile larger than this fits any on-chip buffer.
LARGEST_BUFFER = max(CAPACITY.values())
HARDWARE_NAME = {
    "mat": "L1",
    "left": "L0A",
    "right": "L0B",
    "acc": "L0C",
    "vec": "UB",
    "bias": "BT",
}

# The accumulator element type of each operand element type (the cube's pairs).
ACCUMULATOR = {"i8": "i32", "f16": "f32", "bf16": "f32", "f32": "f32"}


def transpose_square(bits: int) -> int:
    """Side of the square a fractal transpose moves (pto-isa's fractalSize)."""
    return 32 if bits == 8 else FRACTAL_ROWS


def k_align(bits: int) -> int:
    """K (the contracted dimension) must be a multiple of this: a C0 line for
    the left operand and the non-transposing right move, a transpose square
    for the transposing one."""
    return max(c0_for_bitwidth(bits), transpose_square(bits))


def m_align() -> int:
    """M (the left operand's rows) is a multiple of the 16-row fractal."""
    return FRACTAL_ROWS


def n_align(bits: int, b_trans: bool) -> int:
    """N: 16-row fractals of the stored [N, K] weight (b_trans), or whole
    transpose squares when an NZ [K, N] tile is transposed into L0B."""
    return FRACTAL_ROWS if b_trans else transpose_square(bits)


def tile_bytes(rows: int, cols: int, bits: int) -> int:
    return rows * cols * bits // 8


def l0_k_chunk(m: int, k: int, n: int, bits: int) -> Optional[int]:
    """The K chunk each `textract` moves into L0: the largest multiple of
    `k_align(bits)` dividing K such that left [M, chunk] and right
    [chunk, N] each fit their 64 KiB L0 buffer; None if not even one
    aligned chunk fits (M or N too large for L0)."""
    align = k_align(bits)
    if k % align:
        return None
    # Search down from the widest chunk both buffers could hold (tile_bytes
    # grows with the chunk), not from K: a kernel's K may be 2**62.
    widest = min(
        k,
        (8 * CAPACITY["left"] + 7) // (m * bits),
        (8 * CAPACITY["right"] + 7) // (n * bits),
    )
    for chunk in range(widest - widest % align, 0, -align):
        if (
            k % chunk == 0
            and tile_bytes(m, chunk, bits) <= CAPACITY["left"]
            and tile_bytes(chunk, n, bits) <= CAPACITY["right"]
        ):
            return chunk
    return None
