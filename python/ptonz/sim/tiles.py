"""On-chip tiles as bytes: pto-isa's tile layouts over modelled buffers.

A `!pto.tile_buf` is a window of one on-chip buffer (mat, left, right, acc,
vec, ...) holding rows x cols elements in the order its layout fields give
(pto-isa `pto_tile.hpp`, `Tile` and `GetTileOffset`):

* not boxed (`slayout=none_box`): row-major (`blayout=row_major`) or
  column-major over rows x cols;
* boxed: the tile is cut into inner boxes -- 16 x 16 for `fractal=1024`
  (the accumulator), else 16 x (32 B / element) for `slayout=row_major`
  and (32 B / element) x 16 for `slayout=col_major` -- stored row-major
  (`slayout=row_major`) or column-major inside; the boxes are ordered
  column by column (`blayout=col_major`: NZ) or row by row (`row_major`:
  ZN / zZ). Column-major boxes in column order (NN) do not exist.

Modelling the bytes, not just the logical values, is what makes aliasing
exact: two `pto.alloc_tile addr = A` of different types read the same bytes
each through its own layout, so `[N, K]` NZ and `[K, N]` ZN at one address
are each other's transpose (the lowering's `b_trans` operand), and anything
else is caught by the result check.

Tiles with an `addr` share one modelled buffer per memory (its A3 capacity);
a tile without one (PTOAS plans it) gets storage of its own per
`pto.alloc_tile` op, reused each time the op runs, as the hardware reuses
the planned address.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Dict, Tuple

import numpy as np

from ptonz_geometry import tile_inner_box

from ..analyses.cube_geometry import CAPACITY
from .dtypes import UINT


class LayoutError(ValueError):
    pass


@dataclass(frozen=True)
class TileLayout:
    rows: int
    cols: int
    bits: int
    blayout: str
    slayout: str
    fractal: int

    @property
    def nbytes(self) -> int:
        return self.rows * self.cols * self.bits // 8


def inner_box(layout: TileLayout) -> Tuple[int, int]:
    """(rows, cols) of the inner box of a boxed layout."""
    return tile_inner_box(layout.bits, layout.slayout, layout.fractal)


@lru_cache(maxsize=256)
def element_offsets(layout: TileLayout) -> np.ndarray:
    """[rows, cols] element offset of each logical element (read-only)."""
    rows, cols = layout.rows, layout.cols
    r = np.arange(rows, dtype=np.int64).reshape(rows, 1)
    c = np.arange(cols, dtype=np.int64).reshape(1, cols)
    if layout.slayout == "none_box":
        if layout.blayout == "row_major":
            off = r * cols + c
        else:
            off = r + c * rows
    else:
        ir_, ic = inner_box(layout)
        if rows % ir_ or cols % ic:
            raise LayoutError(f"a {rows}x{cols} tile is not a whole number of {ir_}x{ic} boxes")
        br, bc = r // ir_, c // ic
        rr, cc = r % ir_, c % ic
        numel = ir_ * ic
        if layout.blayout == "col_major" and layout.slayout == "row_major":  # NZ
            off = (rows // ir_ * bc + br) * numel + rr * ic + cc
        elif layout.blayout == "row_major" and layout.slayout == "col_major":  # ZN
            off = (cols // ic * br + bc) * numel + cc * ir_ + rr
        elif layout.blayout == "row_major" and layout.slayout == "row_major":  # zZ
            off = (cols // ic * br + bc) * numel + rr * ic + cc
        else:
            raise LayoutError(
                "col_major boxes in col_major order (NN) are not a pto-isa tile layout"
            )
    off = np.broadcast_to(off, (rows, cols)).copy()
    off.setflags(write=False)
    return off


class OnChipMemory:
    """The modelled on-chip buffers of one core."""

    def __init__(self):
        self._addressed: Dict[str, np.ndarray] = {}
        self._private: Dict[object, np.ndarray] = {}

    def addressed(self, loc: str, addr: int, nbytes: int) -> Tuple[np.ndarray, int]:
        cap = CAPACITY.get(loc)
        if cap is None:
            raise LayoutError(f"no modelled {loc} buffer")
        if addr < 0 or addr + nbytes > cap:
            raise LayoutError(
                f"a {nbytes}-byte {loc} tile at address {addr} does not fit the {cap}-byte buffer"
            )
        buf = self._addressed.get(loc)
        if buf is None:
            buf = self._addressed[loc] = np.zeros(cap, dtype=np.uint8)
        return buf, addr

    def private(self, key, nbytes: int) -> Tuple[np.ndarray, int]:
        buf = self._private.get(key)
        if buf is None or buf.size < nbytes:
            buf = self._private[key] = np.zeros(nbytes, dtype=np.uint8)
        return buf, 0


class TileRef:
    """A tile: a layout over bytes of one modelled buffer."""

    def __init__(
        self,
        loc: str,
        element_type: str,
        layout: TileLayout,
        buffer: Optional[np.ndarray],
        base: int,
        op=None,
    ):
        if layout.bits >= 8 and base % (layout.bits // 8):
            raise LayoutError(f"tile address {base} is not aligned to its elements")
        self.loc, self.element_type, self.layout = loc, element_type, layout
        self.buffer, self.base, self.op = buffer, base, op
        # The valid part (pto.alloc_tile's valid shape); None: the whole tile.
        self.valid_rows: Optional[int] = None
        self.valid_cols: Optional[int] = None
        # Storage-less tiles (buffer None) only have a shape (addressing check).
        self.offsets = element_offsets(layout) if buffer is not None else None

    def valid_extents(self) -> Tuple[int, int]:
        """(valid rows, valid columns): pto.alloc_tile's valid shape, or the
        last pto.set_validshape; the whole tile when none is given."""
        return (
            self.rows if self.valid_rows is None else self.valid_rows,
            self.cols if self.valid_cols is None else self.valid_cols,
        )

    @property
    def rows(self) -> int:
        return self.layout.rows

    @property
    def cols(self) -> int:
        return self.layout.cols

    @property
    def bits(self) -> int:
        return self.layout.bits

    def _elements(self) -> np.ndarray:
        assert self.buffer is not None, "a storage-less tile has no elements"
        raw = self.buffer[self.base : self.base + self.layout.nbytes]
        return raw.view(UINT[self.bits])

    def read(self) -> np.ndarray:
        """The rows x cols raw element bits."""
        return self._elements()[self.offsets]

    def write(self, data: np.ndarray) -> None:
        data = np.asarray(data)
        if data.shape != (self.rows, self.cols):
            raise LayoutError(f"writing {data.shape} data into a {self.rows}x{self.cols} tile")
        self._elements()[self.offsets] = data.astype(UINT[self.bits], copy=False)
