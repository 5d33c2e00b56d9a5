"""NumPy tools for the NZ fractal byte order (pack / unpack weights for GM).

A logical [R, C] (or batched [B, R, C]) matrix stored NZ is cut into 32-byte
C0 lines of c0 elements (c0 = 32 for 8-bit, 16 for 16-bit, 8 for 32-bit
types). Column blocks of width c0 are laid out one after another; inside a
column block the R rows follow each other, each row being one C0 line, so 16
consecutive rows form one 512-byte fractal. Element (b, r, c) therefore sits
at element offset

    b*R*C + (c // c0)*R*c0 + r*c0 + c % c0

which is exactly the C-order (row-major) layout of the blocked array

    [B, C/c0, R/16, 16, c0]

that ``pto-block-nz-views`` addresses with its rank-5 ``make_tensor_view``.
:func:`pack_nz` returns that blocked array (``pack_nz(a).tobytes()`` is what
to upload to GM), :func:`unpack_nz` inverts it. Both are a single
reshape/transpose, no per-element Python work.

``unpack_nz(pack_nz(w))`` is ``w`` for every rank-2 and rank-3 ``w``: the
blocked array :func:`pack_nz` returns is an :class:`NZArray` (an ndarray
subclass) that remembers the logical shape. Blocked data that does not carry
it (read back from a file or from GM bytes) unpacks to [R, C] when B == 1 and
to [B, R, C] otherwise, unless ``rank=`` says which.

This module is pure NumPy (it does not import ``ptonz``, hence not MLIR);
``ptonz.nz_layout`` re-exports it.

Requirements (checked, with a ValueError saying how to fix the input):
R is a multiple of 16, C a multiple of c0, rank 2 or 3, and the element type is
one of :data:`SUPPORTED_DTYPES`: every type whose MLIR element type the passes
lower as NZ (``ptonz_geometry.NZ_DTYPES``: 8-, 16-, 32- and 64-bit integers,
float16/32/64, bfloat16 and the float8 types, the last two from ``ml_dtypes``).
The geometry (c0, the blocked shape, the MX boxes) is ``ptonz_geometry``'s.
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

import ml_dtypes  # registers the bfloat16 / float8 names with numpy
import numpy as np

from ptonz_geometry import (
    C0_BYTES,
    FRACTAL_ROWS,
    MX_BOX_COLS,
    MX_BOX_ROWS,
    MX_LAYOUTS,
    blocked_shape as _blocked_shape,
    c0_for_bitwidth,
    mx_blocked_shape as _mx_blocked_shape,
    nz_logical_dims,
    nz_plane_problem,
)

from .dtypes import NUMPY_BITS, SUPPORTED_DTYPES, supported_text

__all__ = [
    "SUPPORTED_DTYPES",
    "FRACTAL_ROWS",
    "NZArray",
    "c0_for",
    "logical_shape_of",
    "mx_blocked_shape",
    "nz_blocked_shape",
    "pack_mx",
    "pack_nz",
    "unpack_mx",
    "unpack_nz",
]

_SUPPORTED_TEXT = supported_text()
_C0_LINE = np.dtype((np.void, C0_BYTES))


def blocked_shape(batch: int, rows: int, cols: int, c0: int) -> Tuple[int, int, int, int, int]:
    """``ptonz_geometry.blocked_shape`` as a tuple (NumPy's shapes)."""
    return tuple(_blocked_shape(batch, rows, cols, c0))


class NZArray(np.ndarray):
    """A blocked [B, C/c0, R/16, 16, c0] array that remembers the logical
    shape it was packed from (``logical_shape``), so that :func:`unpack_nz`
    restores [1, R, C] as [1, R, C] and [R, C] as [R, C].

    The shape is kept only by results of the same blocked shape (a copy,
    ``p + 0``); any reshape, slice or reduction gives a result without it
    (``logical_shape`` is None) and unpacking falls back to inferring the rank.
    """

    logical_shape: Optional[Tuple[int, ...]] = None

    def __array_finalize__(self, obj):
        parent = getattr(obj, "logical_shape", None)
        same = parent is not None and getattr(obj, "shape", None) == self.shape
        self.logical_shape = parent if same else None

    def __array_wrap__(self, obj, context=None, return_scalar=False):
        if return_scalar or obj.ndim == 0:  # reductions give scalars, as for ndarray
            return obj[()]
        return super().__array_wrap__(obj, context)


def _as_dtype(dtype) -> np.dtype:
    """np.dtype of a dtype, scalar type or name; ValueError for unknown names."""
    try:
        return np.dtype(dtype)
    except TypeError as exc:
        raise ValueError(f"unknown dtype {dtype!r}: use one of {_SUPPORTED_TEXT}") from exc


def _bit_width(dt: np.dtype) -> int:
    """Bit width of an element type (sub-byte ml_dtypes types report < 8)."""
    for info in (ml_dtypes.finfo, ml_dtypes.iinfo):
        try:
            return int(info(dt).bits)
        except Exception:  # not a float / int type (bool, str, object, ...)
            continue
    return dt.itemsize * 8


def c0_for(dtype) -> int:
    """Elements per 32-byte C0 line for ``dtype``: 32 for int8/uint8/float8,
    16 for (u)int16/float16/bfloat16, 8 for (u)int32/float32, 4 for
    (u)int64/float64.

    Raises ValueError for bool, sub-byte (int4, float4, ...) and any other
    type outside :data:`SUPPORTED_DTYPES`.
    """
    dt = _as_dtype(dtype)
    if dt.name in SUPPORTED_DTYPES:
        return c0_for_bitwidth(NUMPY_BITS[dt.name])
    if dt.kind == "b":
        raise ValueError(
            "dtype bool is not an NZ element type: store masks as bytes "
            "(a.astype(np.uint8)) and pack that"
        )
    bits = _bit_width(dt) if dt.fields is None else dt.itemsize * 8
    if bits < 8:
        raise ValueError(
            f"sub-byte dtype {dt.name} ({bits}-bit) is outside ptonz's NZ scope: "
            f"widen it to one element per byte (e.g. a.astype(np.int8)) first"
        )
    raise ValueError(
        f"dtype {dt.name} is not an NZ element type: cast to one of "
        f"{_SUPPORTED_TEXT} (e.g. a.astype(np.float32)) first"
    )


def _logical_dims(shape: Sequence[int], what: str) -> Tuple[int, int, int]:
    """(B, R, C) of a logical [R, C] or [B, R, C] shape."""
    shape = tuple(int(d) for d in shape)
    if len(shape) == 2:
        return (1,) + shape
    if len(shape) == 3:
        return shape
    raise ValueError(
        f"{what} must be a logical [R, C] or [B, R, C] array, got rank {len(shape)} "
        f"shape {list(shape)}: reshape it (merge leading dimensions into B) first"
    )


def _check_aligned(rows: int, cols: int, c0: int, dtype_name: str) -> None:
    problem = nz_plane_problem(rows, cols, c0, dtype_name)
    if problem is None:
        return
    if problem[0] == "rows":
        padded = -(-rows // FRACTAL_ROWS) * FRACTAL_ROWS
        raise ValueError(
            f"row count R={rows} is not a multiple of {FRACTAL_ROWS} (the NZ fractal "
            f"height): pad the rows to {padded} (e.g. with np.pad) before packing"
        )
    padded = -(-cols // c0) * c0
    raise ValueError(
        f"column count C={cols} is not a multiple of c0={c0} ({dtype_name} elements "
        f"per 32-byte C0 line): pad the columns to {padded} (e.g. with np.pad) "
        f"before packing"
    )


def nz_blocked_shape(logical_shape: Sequence[int], dtype) -> Tuple[int, int, int, int, int]:
    """Blocked shape [B, C/c0, R/16, 16, c0] of a logical [R, C] / [B, R, C]
    shape (B = 1 for rank 2); ValueError when the shape cannot be laid out NZ."""
    dt = _as_dtype(dtype)
    c0 = c0_for(dt)
    b, r, c = _logical_dims(logical_shape, "the logical shape")
    _check_aligned(r, c, c0, dt.name)
    return blocked_shape(b, r, c, c0)


def pack_nz(array) -> NZArray:
    """Logical [R, C] or [B, R, C] array -> C-contiguous blocked array
    [B, C/c0, R/16, 16, c0] (B = 1 for rank 2) whose C-order bytes are the
    NZ GM byte order. The result is an :class:`NZArray` carrying the logical
    shape, so ``unpack_nz(pack_nz(a))`` is ``a``."""
    a = np.asarray(array)
    c0 = c0_for(a.dtype)
    b, r, c = _logical_dims(a.shape, "pack_nz input")
    _check_aligned(r, c, c0, a.dtype.name)
    if not a.dtype.isnative:
        a = a.astype(a.dtype.newbyteorder("="))
    # [B, R, C] -> [B, R/16, 16, C/c0, c0] -> [B, C/c0, R/16, 16, c0], moving
    # each C0 line as one 32-byte unit (2-4x faster than element by element).
    lines = np.ascontiguousarray(a).view(_C0_LINE)
    split = lines.reshape(b, r // FRACTAL_ROWS, FRACTAL_ROWS, c // c0)
    moved = np.ascontiguousarray(split.transpose(0, 3, 1, 2)).view(a.dtype)
    out = moved.reshape(b, c // c0, r // FRACTAL_ROWS, FRACTAL_ROWS, c0).view(NZArray)
    assert out.shape == blocked_shape(b, r, c, c0)
    out.logical_shape = tuple(int(d) for d in a.shape)
    return out


def logical_shape_of(
    blocked_shape_: Sequence[int], dtype, rank: Optional[int] = None
) -> Tuple[int, ...]:
    """The logical [R, C] (``rank=2``, B must be 1) or [B, R, C] (``rank=3``)
    shape stored as the blocked [B, C/c0, R/16, 16, c0] ``blocked_shape_``;
    without ``rank``, [R, C] when B == 1. ValueError if the shape is not an
    NZ-blocked shape of ``dtype``."""
    dt = _as_dtype(dtype)
    c0 = c0_for(dt)
    shape = tuple(int(d) for d in blocked_shape_)
    if rank is not None and rank not in (2, 3):
        raise ValueError(f"rank must be 2 (logical [R, C]) or 3 (logical [B, R, C]), got {rank!r}")
    if len(shape) != 5:
        raise ValueError(
            f"unpack_nz expects a blocked [B, C/c0, R/16, 16, c0] array, got rank "
            f"{len(shape)} shape {list(shape)}: pass the output of pack_nz (or reshape "
            f"raw NZ data to nz_blocked_shape(logical_shape, dtype)) first"
        )
    b, cb, rb, fr, line = shape
    if fr != FRACTAL_ROWS or line != c0:
        raise ValueError(
            f"blocked shape {list(shape)} does not end in [{FRACTAL_ROWS}, {c0}] "
            f"(fractal rows, c0 for {dt.name}): it is not an NZ-blocked "
            f"{dt.name} array; reshape it to [B, C/{c0}, R/16, 16, {c0}] first"
        )
    if rank is None:
        rank = 2 if b == 1 else 3
    if rank == 2 and b != 1:
        raise ValueError(
            f"blocked array has B={b} batches, which a rank-2 [R, C] result cannot "
            f"hold: unpack with rank=3"
        )
    _b, rows, cols = nz_logical_dims(shape)
    return (rows, cols) if rank == 2 else (b, rows, cols)


def unpack_nz(blocked, rank: Optional[int] = None) -> np.ndarray:
    """Blocked [B, C/c0, R/16, 16, c0] array -> C-contiguous logical array:
    [R, C] for ``rank=2`` (requires B == 1), [B, R, C] for ``rank=3``.

    Without ``rank``: the logical shape an :class:`NZArray` from
    :func:`pack_nz` remembers, else [R, C] when B == 1 and [B, R, C] when
    B > 1."""
    remembered = getattr(blocked, "logical_shape", None)
    x = np.asarray(blocked)  # a plain ndarray
    if rank is None and remembered is not None and len(remembered) in (2, 3):
        try:
            if tuple(x.shape) == nz_blocked_shape(remembered, x.dtype):
                rank = len(remembered)
        except ValueError:
            pass  # reported below
    logical = logical_shape_of(x.shape, x.dtype, rank)
    if not x.dtype.isnative:
        x = x.astype(x.dtype.newbyteorder("="))
    b = x.shape[0]
    rows, cols = logical[-2:]
    # [B, C/c0, R/16, 16, c0] -> [B, R/16, 16, C/c0, c0] -> [B, R, C], C0 lines
    # moved as 32-byte units.
    lines = np.ascontiguousarray(x).view(_C0_LINE).reshape(x.shape[:4])
    out = np.ascontiguousarray(lines.transpose(0, 2, 3, 1)).view(x.dtype).reshape(b, rows, cols)
    return out.reshape(logical)


# --------------------------------------------------------------------------
# MX scale tensors (A5 microscaling): pto-isa's TileShape2D<MX_A_ZZ> =
# Shape<1, M/16, G/2, 16, 2> of an A-side [M, G] scale and TileShape2D<MX_B_NN>
# = Shape<1, N/16, G/2, 16, 2> of a B-side [G, N] scale, row-major: what
# ``pto-block-mx-scale-views`` addresses. The geometry is
# ``ptonz_geometry``'s (``mx_element_offset``; a unit test holds
# the two equal element by element).
# --------------------------------------------------------------------------


def _mx_dims(layout: str, shape: Sequence[int]) -> Tuple[int, int]:
    """(block, group) extents of a logical MX scale shape; ValueError if it
    has no MX layout."""
    if layout not in MX_LAYOUTS:
        raise ValueError(f"unknown MX layout {layout!r}: use one of {', '.join(MX_LAYOUTS)}")
    shape = tuple(int(d) for d in shape)
    form = "[M, G]" if layout == "mx_a_zz" else "[G, N]"
    if len(shape) != 2:
        raise ValueError(
            f"an {layout} scale tensor is a logical {form} array, got rank "
            f"{len(shape)} shape {list(shape)}"
        )
    block, group = (shape[0], shape[1]) if layout == "mx_a_zz" else (shape[1], shape[0])
    if block % MX_BOX_ROWS or group % MX_BOX_COLS or block <= 0 or group <= 0:
        raise ValueError(
            f"{layout} {form} = {list(shape)}: the block extent ({block}) must "
            f"be a positive multiple of {MX_BOX_ROWS} and the group extent "
            f"({group}) of {MX_BOX_COLS} (whole 16x2 boxes); pad the scales first"
        )
    return block, group


def mx_blocked_shape(logical_shape: Sequence[int], layout: str) -> Tuple[int, int, int, int, int]:
    """[1, M/16, G/2, 16, 2] of an mx_a_zz [M, G]; [1, N/16, G/2, 16, 2] of an mx_b_nn [G, N]."""
    _mx_dims(layout, logical_shape)
    b, m, g, r, c = _mx_blocked_shape(layout, [int(d) for d in logical_shape])
    return b, m, g, r, c


def _mx_byte(a: np.ndarray) -> np.ndarray:
    if a.dtype.itemsize != 1:
        raise ValueError(
            f"MX scales are one-byte elements (float8_e8m0fnu, or raw uint8), got {a.dtype.name}"
        )
    return a


def pack_mx(array, layout: str) -> np.ndarray:
    """Logical [M, G] (mx_a_zz) or [G, N] (mx_b_nn) scales -> the C-contiguous
    blocked [1, ../16, G/2, 16, 2] array whose bytes are the GM order."""
    a = _mx_byte(np.asarray(array))
    block, group = _mx_dims(layout, a.shape)
    # Put the block axis first: [block, group] -> [B/16, 16, G/2, 2] -> [B/16, G/2, 16, 2].
    bg = a if layout == "mx_a_zz" else a.T
    boxes = bg.reshape(block // MX_BOX_ROWS, MX_BOX_ROWS, group // MX_BOX_COLS, MX_BOX_COLS)
    out = np.ascontiguousarray(boxes.transpose(0, 2, 1, 3))
    return out.reshape(mx_blocked_shape(a.shape, layout))


def unpack_mx(blocked, layout: str) -> np.ndarray:
    """Blocked [1, ../16, G/2, 16, 2] scales -> the logical [M, G] (mx_a_zz) or
    [G, N] (mx_b_nn) array."""
    x = _mx_byte(np.asarray(blocked))
    if layout not in MX_LAYOUTS:
        raise ValueError(f"unknown MX layout {layout!r}: use one of {', '.join(MX_LAYOUTS)}")
    if x.ndim != 5 or x.shape[0] != 1 or x.shape[3:] != (MX_BOX_ROWS, MX_BOX_COLS):
        raise ValueError(
            f"unpack_mx expects a blocked [1, ../16, G/2, 16, 2] array, got "
            f"shape {list(x.shape)}: pass the output of pack_mx"
        )
    _one, bb, gb, _r, _c = x.shape
    bg = np.ascontiguousarray(x[0].transpose(0, 2, 1, 3)).reshape(
        bb * MX_BOX_ROWS, gb * MX_BOX_COLS
    )
    return bg if layout == "mx_a_zz" else np.ascontiguousarray(bg.T)
