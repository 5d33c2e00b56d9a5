"""ptonz_geometry: the NZ and MX geometry and the legal element widths, written once.

This is the only code that knows c0, the fractal, the blocked shapes, the NZ
offset of element (r, c), the MX scale boxes and which element widths have an
NZ fractal. The passes (``ptonz.passes``), the analyses, the simulator
(``ptonz.sim``), the layout pictures (``ptonz.viz``) and the weight packer
(``ptonz_pack``) all call it.

Why a top-level package of its own: ``ptonz/__init__.py`` loads the MLIR
bindings and the plugin, so any module inside ``ptonz`` (``import
ptonz.anything`` runs that ``__init__`` first) is not MLIR-free, and
``ptonz-pack`` must start without MLIR. ``ptonz_pack`` itself is the weight
packer (a tool, with NumPy); the passes should not depend on a tool. So the
geometry is a third package below both: it imports nothing but the standard
library (no MLIR, no NumPy: ``ptonz-pack --help`` reads it). Its formulas are
written with ``//``, ``%``, ``*`` and ``+`` only, so they take Python ints and
NumPy integer arrays alike.

The element-width rule (which element types an NZ view may have) is one
function here, ``nz_width_problem``; the passes, ``pto-verify-ptoas``,
``pto-declare-nz-args`` and ptonz-pack ask it. The C++ type verifier of
``!pl.tensor<..., nz>`` (``dialect/lib/PLDialect.cpp``) keeps its own copy of
the two conditions (bits >= 8, 256 % bits == 0): the Python rule cannot be its
single home because ptonz-pack runs without the plugin, and making C++ the home
would need the plugin in ptonz-pack. The two are held equal by a test over
every MLIR element type (``test/python/test_geometry.py``), which parses
``!pl.tensor<32x32xT, nz>`` for each and compares the verifier's verdict with
``nz_width_problem``.

Layout facts (pto-isa ``pto_tile.hpp``, PTOAS ``PTOLayoutUtils.cpp``):

* a C0 line is 32 bytes: c0 = 256 / bitwidth elements (32 for 8-bit, 16 for
  16-bit, 8 for 32-bit, 4 for 64-bit); a fractal is 16 rows of one C0 line
  (512 bytes);
* a logical [B, R, C] NZ tensor is the row-major array [B, C/c0, R/16, 16, c0]:
  column blocks outside, row fractals inside; element (b, r, c) is at
  ``b*R*C + (c // c0)*R*c0 + r*c0 + c % c0``;
* MX scales (A5 microscaling): ``TileShape2D<MX_A_ZZ> = Shape<1, M/16, G/2,
  16, 2>`` of an A-side [M, G] scale, ``TileShape2D<MX_B_NN> = Shape<1, N/16,
  G/2, 16, 2>`` of a B-side [G, N] one: 16x2 boxes of 32 one-byte scales.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

# An element index or extent: an int, or a NumPy integer array of them (the
# formulas use only //, %, * and +).
Index = Any

# --------------------------------------------------------------------------
# The fractal and the C0 line
# --------------------------------------------------------------------------

FRACTAL_ROWS = 16  # rows of one NZ fractal
C0_BYTES = 32  # bytes of one C0 line (a fractal row)
C0_BITS = 8 * C0_BYTES  # 256
FRACTAL_BYTES = FRACTAL_ROWS * C0_BYTES  # 512
ACC_FRACTAL_BYTES = 1024  # the accumulator's 16x16 fractal (fractal=1024 tiles)
# The largest value of a 32-bit index: NZ batch and element offsets that the
# passes recombine (g*E + e, slice offsets) must fit it to be proven exact.
INDEX32_MAX = (1 << 31) - 1

# Why ptonz keeps sub-byte (FP4) NZ views rejected.
SUB_BYTE_NZ = (
    "sub-byte NZ is unsettled: PTOAS >= 0.61 counts an FP4 NZ view in packed "
    "pairs (a 1-byte storage element, c0 = 32) while pto-isa's A5 register path "
    "counts 4-bit elements (c0 = 64); until a measurement settles which one the "
    "hardware reads, any NZ descriptor ptonz wrote could address the wrong bytes"
)


def nz_width_problem(bits: int, value_bits: Optional[int] = None) -> Optional[str]:
    """Why an element of `bits` bits has no NZ fractal, or None when it has
    one (8, 16, 32, 64, 128 or 256 bits: the width divides a C0 line).
    `value_bits`: the bits of one of its values where that is less (PTOAS's
    packed pairs: half), which decide whether it is sub-byte. The one NZ
    element-width rule (the C++ pl.tensor verifier is held equal to it by a
    test)."""
    if bits <= 0:
        return "has no bit width: NZ fractals hold integer or float elements"
    if (bits if value_bits is None else value_bits) < 8:
        return SUB_BYTE_NZ
    if C0_BITS % bits:
        return (
            f"a 32-byte C0 line does not hold a whole number of {bits}-bit elements "
            f"(c0 = 256 / {bits}), so it has no NZ fractal"
        )
    return None


# The element widths that have an NZ fractal.
NZ_WIDTHS: Tuple[int, ...] = tuple(b for b in range(1, C0_BITS + 1) if nz_width_problem(b) is None)
NZ_WIDTHS_TEXT = ", ".join(map(str, NZ_WIDTHS[:-1])) + f" or {NZ_WIDTHS[-1]}"  # "8, 16, ... or 256"


def c0_for_bitwidth(bits: int) -> int:
    """Elements per 32-byte C0 line; ValueError (saying why) for widths
    without an NZ fractal."""
    why = nz_width_problem(bits)
    if why is not None:
        raise ValueError(why)
    return C0_BITS // bits


def nz_plane_problem(rows: int, cols: int, c0: int, elem: str) -> Optional[Tuple[str, str]]:
    """(axis, why) when a logical [.., rows, cols] is not whole NZ fractals
    (axis "rows" or "columns"; `why` continues "<subject> ..."), else None."""
    if rows % FRACTAL_ROWS:
        return "rows", (
            f"are not a multiple of {FRACTAL_ROWS}: an incomplete {FRACTAL_ROWS}-row "
            "fractal has no blocked representation"
        )
    if cols % c0:
        return "columns", (
            f"are not a multiple of c0 = {c0} ({elem}: one 32-byte C0 line): an "
            "incomplete C0 line has no blocked representation"
        )
    return None


def blocked_shape(batch: Index, rows: int, cols: int, c0: int) -> List[Index]:
    """[B, C/c0, R/16, 16, c0] of a logical [B, R, C] (R % 16 == C % c0 == 0)."""
    return [batch, cols // c0, rows // FRACTAL_ROWS, FRACTAL_ROWS, c0]


def nz_logical_dims(blocked: Sequence[int]) -> Tuple[int, int, int]:
    """(B, R, C) stored as the blocked [B, C/c0, R/16, 16, c0]."""
    b, cb, rb, fr, c0 = blocked
    return b, rb * fr, cb * c0


def fold_leading(shape: Sequence[int]) -> Tuple[int, int, int]:
    """(B, R, C) of a logical [.., R, C]: the leading axes fold into the single
    batch slot B = the product of the leading extents (1 for rank 2)."""
    b = 1
    for e in shape[:-2]:
        b *= e
    return b, shape[-2], shape[-1]


def fold_strides(leading: Sequence[int], inner: int = 1) -> List[int]:
    """The weight of each leading offset in the folded index: offsets
    [o0, .., oL-1] of leading extents [E0, ..] address sum(o_i * stride_i),
    stride_i = inner * prod(E_j, j > i) (the batch index for inner = 1, the
    element offset for inner = R * C)."""
    return [inner * s for s in default_strides(leading)]


def nz_element_offset(b: Index, r: Index, c: Index, rows: int, cols: int, c0: int) -> Index:
    """Element offset of logical (b, r, c) of a [B, rows, cols] tensor in the
    NZ byte order (ints or integer arrays)."""
    return b * rows * cols + (c // c0) * rows * c0 + r * c0 + c % c0


def nz_blocked_index(b: Index, r: Index, c: Index, c0: int) -> List[Index]:
    """The blocked coordinates [b, c/c0, r/16, r%16, c%c0] of logical (b, r, c)."""
    return [b, c // c0, r // FRACTAL_ROWS, r % FRACTAL_ROWS, c % c0]


def nz_logical_position(offset: Index, rows: int, cols: int, c0: int) -> Tuple[Index, Index, Index]:
    """(b, r, c) stored at NZ element `offset` (the inverse of
    `nz_element_offset`; ints or integer arrays)."""
    plane = rows * cols
    b, q = offset // plane, offset % plane
    cb, q = q // (rows * c0), q % (rows * c0)
    return b, q // c0, cb * c0 + q % c0


# --------------------------------------------------------------------------
# Strides, the rank-5 descriptor
# --------------------------------------------------------------------------


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


INDEX64_MAX = (1 << 63) - 1  # the largest stride an index constant holds


def stride_past_int64(
    shape: Sequence[Optional[int]], layout: Optional[str] = None
) -> Optional[Tuple[int, int]]:
    """(dim, stride) of the first stride of a view of `shape` (None: a dynamic
    extent) in `layout`'s order that is a product of constant extents only and
    does not fit an int64 index (a partly dynamic shape still folds its
    constant tail into one index constant), or None."""
    order = stride_order(len(shape), layout)
    for k, dim in enumerate(order):
        tail = [shape[d] for d in order[k + 1 :]]
        p = 1
        for c in tail:
            if c is None:
                break
            p *= c
        else:
            if abs(p) > INDEX64_MAX:
                return dim, p
    return None


def int64_stride_message(
    dim: int, stride: int, view: str = "this view", spans: str = "the view"
) -> str:
    """The rejection of a view whose stride `dim` is `stride`, past int64."""
    return (
        f"stride {dim} of {view} would be {stride}, beyond int64 ({spans} spans more than "
        "2^63 elements), so no index can address it; split the tensor or shrink its shape"
    )


def span_past_int64(
    shape: Sequence[Optional[int]], strides: Sequence[Optional[int]]
) -> Optional[int]:
    """The offset of the last element of a view, sum((shape_i - 1) * stride_i),
    when its constant shape and strides put it past int64 (PTOAS's C++ and
    pto-isa's GlobalTensor index GM in int64), else None (also when an extent
    or stride is not a constant)."""
    if len(shape) != len(strides) or any(x is None for x in list(shape) + list(strides)):
        return None
    span = 0
    for d, s in zip(shape, strides):
        assert d is not None and s is not None
        if d > 0:
            span += (d - 1) * abs(s)
    return span if span > INDEX64_MAX else None


DESCRIPTOR_RANK = 5  # PTOAS's GlobalTensor: Shape<5> / Stride<5>


def _times(a: Any, b: Any) -> Any:
    return a * b


def right_align5(
    shape: Sequence[Any], strides: Sequence[Any], times: Callable[[Any, Any], Any] = _times
) -> Tuple[List[Any], List[Any]]:
    """(shape, strides) of a descriptor padded to rank 5 at the front, as
    PTOAS pads a GlobalTensor: extent 1, stride shape[0] * strides[0] (`times`
    multiplies two entries; pass one for symbolic entries)."""
    shape, strides = list(shape), list(strides)
    while len(shape) < DESCRIPTOR_RANK:
        strides.insert(0, times(shape[0], strides[0]) if shape else 1)
        shape.insert(0, 1)
    return shape, strides


# --------------------------------------------------------------------------
# On-chip tile boxes (pto-isa's Tile inner boxes)
# --------------------------------------------------------------------------


def tile_inner_box(bits: int, slayout: str, fractal: int) -> Tuple[int, int]:
    """(rows, cols) of a boxed tile's inner box: 16 x 16 for the
    accumulator's fractal=1024, else 16 x c0 for row-major boxes and c0 x 16
    for column-major ones."""
    if fractal == ACC_FRACTAL_BYTES:
        return FRACTAL_ROWS, FRACTAL_ROWS
    c0 = C0_BITS // bits
    return (FRACTAL_ROWS, c0) if slayout == "row_major" else (c0, FRACTAL_ROWS)


# --------------------------------------------------------------------------
# MX scale layouts (A5 microscaling): 16x2 boxes of 32 one-byte f8E8M0
# scales, row-major over the blocked shape. The "block" axis (M of A, N of
# B) is cut in 16s, the "group" axis (G, the K/32 scale groups) in 2s.
# --------------------------------------------------------------------------

MX_LAYOUTS: Tuple[str, ...] = ("mx_a_zz", "mx_b_nn")
MX_BOX_ROWS = 16  # boxes along the block axis (M of A, N of B)
MX_BOX_COLS = 2  # boxes along the group axis (G)
MX_NAMES = {"mx_a_zz": "MX_A_ZZ", "mx_b_nn": "MX_B_NN"}


def mx_axes(layout: str) -> Tuple[int, int]:
    """(block axis, group axis) of a logical rank-2 MX scale tensor: MX_A_ZZ
    [M, G] -> (0, 1), MX_B_NN [G, N] -> (1, 0)."""
    if layout not in MX_LAYOUTS:
        raise ValueError(f"unknown MX layout {layout!r}: use one of {', '.join(MX_LAYOUTS)}")
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


def mx_element_offset(layout: str, r: Index, c: Index, rows: int, cols: int) -> Index:
    """Element (= byte) offset of logical (r, c) of a [rows, cols] MX scale
    tensor: the row-major position of its blocked coordinates
    [0, block/16, group/2, block%16, group%2]."""
    b, g = (r, c) if layout == "mx_a_zz" else (c, r)
    groups = cols if layout == "mx_a_zz" else rows
    box = MX_BOX_ROWS * MX_BOX_COLS
    return (
        (b // MX_BOX_ROWS) * (groups // MX_BOX_COLS) * box
        + (g // MX_BOX_COLS) * box
        + (b % MX_BOX_ROWS) * MX_BOX_COLS
        + g % MX_BOX_COLS
    )


# --------------------------------------------------------------------------
# Element types: MLIR name -> (NumPy / ml_dtypes name, bits)
# --------------------------------------------------------------------------

# Every MLIR integer and float element type that has a NumPy (or ml_dtypes)
# counterpart of the same bits. The simulator holds these; ptonz-pack packs
# those of them with an NZ fractal (`NZ_DTYPES`).
ELEMENT_TYPES: Dict[str, Tuple[str, int]] = {
    "i8": ("int8", 8),
    "si8": ("int8", 8),
    "ui8": ("uint8", 8),
    "i16": ("int16", 16),
    "si16": ("int16", 16),
    "ui16": ("uint16", 16),
    "i32": ("int32", 32),
    "si32": ("int32", 32),
    "ui32": ("uint32", 32),
    "i64": ("int64", 64),
    "si64": ("int64", 64),
    "ui64": ("uint64", 64),
    "f16": ("float16", 16),
    "bf16": ("bfloat16", 16),
    "f32": ("float32", 32),
    "f64": ("float64", 64),
    "f8E4M3FN": ("float8_e4m3fn", 8),
    "f8E5M2": ("float8_e5m2", 8),
    "f8E4M3": ("float8_e4m3", 8),
    "f8E4M3FNUZ": ("float8_e4m3fnuz", 8),
    "f8E5M2FNUZ": ("float8_e5m2fnuz", 8),
    "f8E4M3B11FNUZ": ("float8_e4m3b11fnuz", 8),
    "f8E3M4": ("float8_e3m4", 8),
    "f8E8M0FNU": ("float8_e8m0fnu", 8),
    "!pto.f8E8M0": ("float8_e8m0fnu", 8),  # PTOAS's spelling of the MX scale element
}

# NumPy / ml_dtypes name -> bits, of every name above.
NUMPY_BITS: Dict[str, int] = {np_name: bits for np_name, bits in ELEMENT_TYPES.values()}

# The NumPy element types an NZ tensor may have: every one whose MLIR type
# the passes lower as NZ (the width rule), in a stable order.
NZ_DTYPES: Tuple[str, ...] = tuple(
    sorted(
        (n for n, bits in NUMPY_BITS.items() if nz_width_problem(bits) is None),
        key=lambda n: (NUMPY_BITS[n], not n.startswith(("int", "uint")), n),
    )
)


def element_bits(mlir_name: str) -> int:
    """Bits of an MLIR element type named in `ELEMENT_TYPES`; KeyError otherwise."""
    return ELEMENT_TYPES[mlir_name][1]
