"""An address-level interpreter for the pto IR subset ptonz emits and consumes.

It walks a `func.func` body through the MLIR Python binding objects (op
names, operands, results, attributes; no lowering to anything else) and
executes:

* index / integer arithmetic: `arith.constant`, `addi`, `subi`, `muli`,
  `floordivsi`, `ceildivsi`, `divsi`, `remsi`, `divui`, `remui`, `minsi`,
  `maxsi`, `andi`, `ori`, `xori`, `shli`, `shrsi`, `shrui`, `index_cast`,
  `index_castui`, `extsi`, `extui`, `trunci`, `cmpi`, `select`. Every value
  keeps its own bit width (`index` is 64 bits) and wraps around in two's
  complement exactly like the hardware scalar unit would (values are held
  as signed Python ints);
* `scf.for` (with iter_args), `scf.if`, `scf.yield`, `func.return`;
* `pto.get_block_idx` / `pto.get_block_num` (i64, given per run; pypto's
  `i32` block index and count arguments are bound by the caller);
* `func.call` of a function of the same module (run inline);
* `pto.addptr` (the elements of a GM buffer from an offset on);
* `pto.make_tensor_view` (the pointer is a function argument bound to a GM
  buffer, or an addptr of one; shape / strides values; an empty stride list means row-major over
  the shape, column-major on the last two dims for DN, as
  `pto-materialize-strides` would fill it), `pto.partition_view`,
  `pto.alloc_tile` and `pto.tload`.

`pto.tload` follows pto-isa's GlobalTensor semantics: the partition is
right-aligned to rank 5 (as `ptonz.analyses.descriptors` does) and element
(i0..i4) is read from flat GM element offset `sum((off_k + i_k) * stride_k)`.
The 2-D destination tile (rows x cols of its tile_buf) is filled

* for a blocked or physical NZ view (`analyses.view_kinds`; rank-5 partition
  `[1, Ct/c0, Rt/16, 16, c0]`):
  `tile[r, c] = part[0, c // c0, r // 16, r % 16, c % c0]`;
* for a blocked or physical MX scale view (rank-5 partition
  `[1, nb, ng, 16, 2]`, the tile's complete window): MX_A_ZZ
  `tile[r, c] = part[0, r // 16, c // 2, r % 16, c % 2]`, MX_B_NN
  `tile[g, n] = part[0, n // 16, g // 2, n % 16, g % 2]`
  (`ptonz_geometry`'s MX geometry), of which the tile's valid part is read;
* otherwise (ND, DN, and a logical NZ view of any rank, its strides
  row-major over its logical shape): the partition reshaped row-major to
  (rows, cols).

With `compute=True` (the result check) it also executes the cube's data
path on tiles modelled as bytes in their on-chip buffers (`sim.tiles`: the
pto-isa layout of each tile_buf, `alloc_tile addr` aliasing):

* `pto.tload` writes the tile it reads into its buffer;
* `pto.textract` (`dst[i, j] = src[i + row, j + col]`), `pto.tmov`
  (`dst = src`, same shape and element type; mat -> left/right included),
  both over dst's valid part (pto-isa), the rest of dst keeping its bytes;
* `pto.tmatmul` / `pto.tmatmul.acc` / `pto.tmatmul.bias` (left x right into
  acc) over pto-isa's domain: M, K = the left tile's valid rows and columns,
  N = the right tile's valid columns; `dst[0:M, 0:N]` is written, the rest of
  dst left as it was. i8 x i8 into i32 exactly (two's-complement
  wrap-around, as the accumulator); f16, bf16 and f32 products summed in
  float64 and rounded once to f32 per instruction, then added to the f32
  accumulator (`.acc`) or the bias row (`.bias`) with one more rounding;
* `pto.tstore` writes a tile's valid part into a GM partition (the inverse of
  `tload`'s addressing) and records it; with `atomicType = atomic_add` it
  adds to what GM holds (in the tile's element type);
* `pto.set_validshape` sets a tile's valid rows and columns from then on.

A tile with a narrowed valid shape (`valid=16x512`, or `?` with the
alloc_tile's operand) gets only its valid part filled, from a partition of
that many elements (PTOAS's rule); the rest of the tile is zero (as
pto-isa's CPU simulation, whose TLOAD clears the tile first).

The pipe synchronisation ops (`NO_DATA_EFFECT`: set_flag, wait_flag,
barrier, events, ...) order the pipes only and run as no-ops; without
`compute` the tile ops are ignored too (the addressing check only needs the
tloads). Any other op -- an unknown `pto.*` op included -- raises `SimError`
naming it: nothing is skipped silently.

Tiles hold raw element bits (uint8/16/32/64), so float payloads (NaN
included) compare bit-exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
from mlir import ir
from ptonz_geometry import (
    FRACTAL_ROWS,
    MX_BOX_COLS,
    MX_BOX_ROWS,
    MX_LAYOUTS,
    default_strides,
    mx_axes,
    mx_logical_shape,
    nz_logical_dims,
    nz_logical_position,
    right_align5,
    span_past_int64,
)

from ..analyses.cube_geometry import LARGEST_BUFFER
from ..analyses.ir_queries import bit_width, layout_of
from ..analyses.view_kinds import LOGICAL, kind_of
from ..diagnostics import format_location
from . import dtypes
from .dtypes import UINT
from .tiles import LayoutError, OnChipMemory, TileLayout, TileRef

_UINT = dtypes.UINT


class SimError(Exception):
    """The interpreter cannot execute the program (unsupported op, bad
    operands, out-of-bounds read, ...). `op` is the offending operation;
    `kind` is "out-of-bounds" for a read outside a view or its buffer, else
    "unsupported"."""

    def __init__(self, message: str, op=None, kind: str = "unsupported"):
        self.kind = kind
        self.op = op.operation if op is not None and hasattr(op, "operation") else op
        where = ""
        if self.op is not None:
            where = f" ({format_location(self.op.location)})"
        super().__init__(message + where)
        self.message = message
        # (loops, induction values) where it happened
        self.path: Optional[Tuple[Tuple[ir.Operation, ...], Tuple[int, ...]]] = None


# --------------------------------------------------------------------------- values


def wrap(value: int, bits: int) -> int:
    """Two's-complement wrap-around of `value` to a signed `bits`-bit integer."""
    mask = (1 << bits) - 1
    value &= mask
    return value - (1 << bits) if value >> (bits - 1) else value


def unsigned(value: int, bits: int) -> int:
    return value & ((1 << bits) - 1)


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


# --------------------------------------------------------------------------- GM buffers


class GMBuffer:
    """A global-memory buffer of `size` elements of `bits` bits each.
    `read(flat)` returns the raw element bits at the flat element offsets
    `flat` (an int64 array, already bounds-checked)."""

    bits: int
    size: int

    def read(self, flat: np.ndarray) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    writable = False

    def write(self, flat: np.ndarray, raw: np.ndarray) -> None:
        raise ValueError("this GM buffer is read-only")


class ArrayBuffer(GMBuffer):
    """A GM buffer backed by a NumPy array (any dtype; read as raw bits)."""

    def __init__(self, array: np.ndarray):
        flat = np.ascontiguousarray(array).reshape(-1)
        self.bits = flat.dtype.itemsize * 8
        if self.bits not in UINT:
            raise ValueError(f"unsupported element size {flat.dtype}")
        self.data = flat.view(UINT[self.bits])
        self.size = self.data.size

    writable = True

    def read(self, flat: np.ndarray) -> np.ndarray:
        return self.data[flat]

    def write(self, flat: np.ndarray, raw: np.ndarray) -> None:
        self.data[flat] = raw


_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def hash_values(index: np.ndarray, seed: int, bits: int) -> np.ndarray:
    """Deterministic pseudo-random `bits`-bit values of element indices
    (splitmix64 of `index + seed`); the same logical element always gets the
    same value, so any program can compute it without materializing GM."""
    with np.errstate(over="ignore"):
        x = np.asarray(index).astype(np.uint64) + np.uint64(seed & 0xFFFFFFFFFFFFFFFF) * _GOLDEN
        x = x + _GOLDEN
        x = (x ^ (x >> np.uint64(30))) * _M1
        x = (x ^ (x >> np.uint64(27))) * _M2
        x = x ^ (x >> np.uint64(31))
    return x.astype(UINT[bits])


def nz_logical_index(packed: np.ndarray, batch: int, rows: int, cols: int, c0: int) -> np.ndarray:
    """Inverse of the NZ packing: the logical row-major flat index of the
    element that sits at packed element offset `packed` of a logical
    [batch, rows, cols] tensor stored NZ (`b*R*C + (c // c0)*R*c0 + r*c0 + c % c0`)."""
    b, r, c = nz_logical_position(np.asarray(packed, dtype=np.int64), rows, cols, c0)
    return (b * rows + r) * cols + c


def dn_logical_index(packed: np.ndarray, batch: int, rows: int, cols: int) -> np.ndarray:
    """Inverse of DN (column-major last two dims) storage of [batch, rows, cols]."""
    p = np.asarray(packed, dtype=np.int64)
    plane = rows * cols
    b, q = np.divmod(p, plane)
    c, r = np.divmod(q, rows)
    return b * plane + r * cols + c


def hash_numbers(index: np.ndarray, seed: int, dtype: np.dtype) -> np.ndarray:
    """Deterministic pseudo-random floats in [-1, 1) of element indices, as
    raw bits of `dtype` (random bit patterns would be NaN/Inf-ridden)."""
    h = hash_values(index, seed, 64)
    unit = (h >> np.uint64(40)).astype(np.float64) / float(1 << 23) - 1.0
    return unit.astype(dtype).view(UINT[dtype.itemsize * 8])


class HashBuffer(GMBuffer):
    """A lazily computed GM buffer: the logical element with row-major flat
    index i holds `hash_values(i, seed, bits)` (or, given a float `dtype`,
    `hash_numbers`). With `nz=(B, R, C, c0)` the buffer holds that logical
    tensor NZ-packed: packed offset p holds the value of the logical element
    that the NZ formula maps to p; with `dn=(B, R, C)` it holds it with the
    last two dimensions column-major."""

    def __init__(
        self,
        size: int,
        bits: int,
        seed: int = 0,
        nz: Optional[Tuple[int, int, int, int]] = None,
        dtype: Optional[np.dtype] = None,
        dn: Optional[Tuple[int, int, int]] = None,
    ):
        if bits not in UINT:
            raise ValueError(f"unsupported element width {bits}")
        self.size, self.bits, self.seed, self.nz, self.dn = size, bits, seed, nz, dn
        self.dtype = np.dtype(dtype) if dtype is not None else None

    def read(self, flat: np.ndarray) -> np.ndarray:
        if self.nz is not None:
            logical = nz_logical_index(flat, *self.nz)
        elif self.dn is not None:
            logical = dn_logical_index(flat, *self.dn)
        else:
            logical = flat
        if self.dtype is not None and self.dtype.kind not in "iub":
            # floats, ml_dtypes' bfloat16 / fp8 (kind 'V') included
            return hash_numbers(logical, self.seed, self.dtype)
        return hash_values(logical, self.seed, self.bits)


class OffsetBuffer(GMBuffer):
    """`pto.addptr`: the elements of `base` from element `offset` on."""

    def __init__(self, base: GMBuffer, offset: int):
        self.base, self.offset = base, offset
        self.bits = base.bits
        self.size = base.size - offset

    def read(self, flat: np.ndarray) -> np.ndarray:
        return self.base.read(flat + self.offset)

    @property
    def writable(self) -> bool:  # type: ignore[override]  # the base's flag, read-only here
        return getattr(self.base, "writable", False)

    def write(self, flat: np.ndarray, raw: np.ndarray) -> None:
        self.base.write(flat + self.offset, raw)


# --------------------------------------------------------------------------- runtime objects


@dataclass
class TensorView:
    buffer: GMBuffer
    shape: Tuple[int, ...]
    strides: Tuple[int, ...]
    layout: str
    op: ir.Operation
    kind: str = LOGICAL  # analyses.view_kinds


@dataclass
class PartitionView:
    view: TensorView
    offsets: Tuple[int, ...]
    sizes: Tuple[int, ...]
    op: ir.Operation


Tile = TileRef


@dataclass
class TstoreRecord:
    """One executed `pto.tstore` (or, in the pl reference, `pl.tile.store`)."""

    op: ir.Operation
    loops: Tuple[ir.Operation, ...]
    path: Tuple[int, ...]
    block_idx: int
    flat: np.ndarray  # GM element offsets written, rows x cols
    raw: np.ndarray  # the raw element bits written (rows x cols)

    @property
    def location(self) -> ir.Location:
        return self.op.location


@dataclass
class TloadRecord:
    """One executed `pto.tload`: where, in which iteration, and what it read."""

    op: ir.Operation
    loops: Tuple[ir.Operation, ...]  # enclosing scf.for ops, outermost first
    path: Tuple[int, ...]  # their induction variable values
    block_idx: int
    tile: np.ndarray  # rows x cols raw element bits
    first_offset: int  # flat GM element offset of tile[0, 0]'s source
    layout: str
    view_op: Optional[ir.Operation] = None  # the pto.make_tensor_view read

    @property
    def location(self) -> ir.Location:
        return self.op.location


class _Stop(Exception):
    pass


class _Return(Exception):
    def __init__(self, values):
        self.values = values


LoopPolicy = Callable[[ir.Operation, int, int, int, bool], Iterable[int]]
"""(scf.for op, lb, ub, step, has_iter_args) -> the induction values to run."""


def all_iterations(op, lb: int, ub: int, step: int, has_iter_args: bool) -> Iterable[int]:
    return range(lb, ub, step) if step > 0 else ()


# --------------------------------------------------------------------------- interpreter


class Interpreter:
    """Executes one `func.func`. `args` binds function arguments (by index)
    to GM buffers (for `!pto.ptr` arguments) or Python ints (scalars)."""

    def __init__(
        self,
        args: Optional[Mapping[int, Union[GMBuffer, int]]] = None,
        *,
        block_idx: int = 0,
        block_num: int = 1,
        loop_policy: LoopPolicy = all_iterations,
        max_tloads: Optional[int] = None,
        compute: bool = False,
    ):
        self.args = dict(args or {})
        self.block_idx, self.block_num = block_idx, block_num
        self.loop_policy = loop_policy
        self.max_tloads = max_tloads
        self.compute = compute
        self.memory = OnChipMemory()
        self.records: List[TloadRecord] = []
        self.stores: List[TstoreRecord] = []
        self.truncated = False
        self.returned: Optional[List[object]] = None
        self.env: Dict[ir.Value, object] = {}
        self._loops: List[Tuple[ir.Operation, int]] = []

    # -- entry
    def run(self, func) -> List[TloadRecord]:
        func = func.operation if hasattr(func, "operation") else func
        if func.name != "func.func":
            raise SimError(f"expected a func.func, got '{func.name}'", func)
        if not func.regions[0].blocks:
            raise SimError("cannot run a function declaration", func)
        block = func.regions[0].blocks[0]
        for i, arg in enumerate(block.arguments):
            if i in self.args:
                self.env[arg] = self.args[i]
        try:
            self._block(block, [])
        except _Return as ret:
            self.returned = ret.values
        except _Stop:
            pass
        return self.records

    # -- helpers
    def get(self, value: ir.Value, user=None):
        try:
            return self.env[value]
        except KeyError:
            owner = value.owner
            if isinstance(owner, ir.Block):
                what = f"block argument #{value.arg_number} (unbound function argument?)"
            else:
                what = f"the result of '{owner.name}', which the interpreter does not model"
            raise SimError(f"use of {what}", user) from None

    def int_of(self, value: ir.Value, user=None) -> int:
        v = self.get(value, user)
        if not isinstance(v, int):
            raise SimError(f"expected an integer operand, got {type(v).__name__}", user)
        return v

    def _block(self, block: ir.Block, args: Sequence[object]) -> List[object]:
        """Run a block with its arguments bound; returns the terminator's
        (scf.yield) operand values."""
        for a, v in zip(block.arguments, args):
            self.env[a] = v
        for op in block.operations:
            op = op.operation
            name = op.name
            if name == "scf.yield":
                return [self.get(v, op) for v in op.operands]
            if name == "func.return":
                raise _Return([self.get(v, op) for v in op.operands])
            try:
                self._op(op, name)
            except SimError as exc:
                if exc.path is None:
                    exc.path = self._path()
                raise
        return []

    handlers: Dict[str, Callable] = {}  # filled below the class

    def _op(self, op: ir.Operation, name: str) -> None:
        fn = self.handlers.get(name)
        if fn is not None:
            fn(self, op)
        elif name in NO_DATA_EFFECT:
            pass  # synchronisation / events: ordering only, no data effect
        else:
            raise SimError(
                f"unsupported operation '{name}': the simulator does not model it, "
                "so it cannot run this program (an op it does not execute is never "
                "skipped)",
                op,
            )

    def _path(self) -> Tuple[Tuple[ir.Operation, ...], Tuple[int, ...]]:
        return tuple(loop for loop, _ in self._loops), tuple(v for _, v in self._loops)

    # -- arith
    def _constant(self, op):
        attr = op.attributes["value"]
        if isinstance(attr, ir.IntegerAttr):
            self.env[op.results[0]] = wrap(
                ir.IntegerAttr(attr).value, bit_width(op.results[0].type)
            )
        elif isinstance(attr, ir.FloatAttr):
            self.env[op.results[0]] = ir.FloatAttr(attr).value
        else:
            raise SimError(f"unsupported constant {attr}", op)

    def _binary(self, op, fn):
        bits = bit_width(op.results[0].type)
        a, b = (self.int_of(v, op) for v in op.operands)
        self.env[op.results[0]] = wrap(fn(a, b, bits, op), bits)

    def _cast(self, op):
        src_bits = bit_width(op.operands[0].type)
        dst_bits = bit_width(op.results[0].type)
        v = self.int_of(op.operands[0], op)
        if op.name in ("arith.index_castui", "arith.extui"):
            v = unsigned(v, src_bits)
        self.env[op.results[0]] = wrap(v, dst_bits)

    def _cmpi(self, op):
        pred = ir.IntegerAttr(op.attributes["predicate"]).value
        bits = bit_width(op.operands[0].type)
        a, b = (self.int_of(v, op) for v in op.operands)
        ua, ub = unsigned(a, bits), unsigned(b, bits)
        table = {
            0: a == b,
            1: a != b,
            2: a < b,
            3: a <= b,
            4: a > b,
            5: a >= b,
            6: ua < ub,
            7: ua <= ub,
            8: ua > ub,
            9: ua >= ub,
        }
        if pred not in table:
            raise SimError(f"unknown cmpi predicate {pred}", op)
        self.env[op.results[0]] = wrap(int(table[pred]), 1)

    def _select(self, op):
        c, t, f = op.operands
        self.env[op.results[0]] = self.get(t, op) if self.int_of(c, op) != 0 else self.get(f, op)

    # -- scf
    def _for(self, op):
        lb, ub, step = (self.int_of(v, op) for v in list(op.operands)[:3])
        inits = [self.get(v, op) for v in list(op.operands)[3:]]
        if step <= 0:
            raise SimError(f"scf.for step must be positive, got {step}", op)
        bits = bit_width(op.operands[0].type)
        if "unsignedCmp" in op.attributes:
            lb, ub = unsigned(lb, bits), unsigned(ub, bits)
        body = op.regions[0].blocks[0]
        carried = inits
        for iv in self.loop_policy(op, lb, ub, step, bool(inits)):
            self._loops.append((op, iv))
            try:
                carried = self._block(body, [wrap(iv, bits)] + list(carried))
            finally:
                self._loops.pop()
        for r, v in zip(op.results, carried):
            self.env[r] = v

    def _if(self, op):
        cond = self.int_of(op.operands[0], op)
        region = op.regions[0] if cond != 0 else op.regions[1]
        vals = self._block(region.blocks[0], []) if region.blocks else []
        for r, v in zip(op.results, vals):
            self.env[r] = v

    # -- pto
    def _block_idx(self, op):
        self.env[op.results[0]] = wrap(self.block_idx, bit_width(op.results[0].type))

    def _block_num(self, op):
        self.env[op.results[0]] = wrap(self.block_num, bit_width(op.results[0].type))

    def _make_tensor_view(self, op):
        view = op.opview
        buf = self.get(view.ptr, op)
        if not isinstance(buf, GMBuffer):
            raise SimError("pto.make_tensor_view pointer is not bound to a GM buffer", op)
        shape = tuple(self.int_of(v, op) for v in view.shape)
        strides = tuple(self.int_of(v, op) for v in view.strides)
        layout = layout_of(view) or "nd"
        if not strides:
            strides = tuple(default_strides(shape, layout))
        elif len(strides) != len(shape):
            raise SimError(f"{len(strides)} strides for a rank-{len(shape)} view", op)
        from .._ptonz import TensorViewType

        elem_bits = bit_width(TensorViewType(op.results[0].type).element_type)
        if elem_bits != buf.bits:
            raise SimError(
                f"view element width {elem_bits} does not match its GM buffer ({buf.bits} bits)", op
            )
        self.env[op.results[0]] = TensorView(buf, shape, strides, layout, op, kind_of(op))

    def _partition_view(self, op):
        pv = op.opview
        view = self.get(pv.source, op)
        if not isinstance(view, TensorView):
            raise SimError("pto.partition_view source is not a pto.make_tensor_view", op)
        offsets = tuple(self.int_of(v, op) for v in pv.offsets)
        sizes = tuple(self.int_of(v, op) for v in pv.sizes)
        if not (len(offsets) == len(sizes) == len(view.shape)):
            raise SimError(
                f"partition rank ({len(offsets)} offsets, {len(sizes)} sizes) "
                f"does not match the view rank {len(view.shape)}",
                op,
            )
        self.env[op.results[0]] = PartitionView(view, offsets, sizes, op)

    def _tile_of_type(self, tile_type, op, addr: Optional[int]) -> TileRef:
        from .._ptonz import TileBufType

        t = TileBufType(tile_type)
        try:
            bits = bit_width(t.element_type)
        except ValueError:
            raise SimError(
                f"unsupported element type {t.element_type}: the simulator holds "
                "8-, 16-, 32- and 64-bit elements",
                op,
            ) from None
        if self.compute and bits not in (8, 16, 32, 64):
            raise SimError(
                f"unsupported element type {t.element_type}: the simulator holds "
                "8-, 16-, 32- and 64-bit elements",
                op,
            )
        layout = TileLayout(t.rows, t.cols, bits, t.blayout, t.slayout, t.fractal)
        if layout.nbytes > LARGEST_BUFFER:
            # No on-chip buffer holds it, and both checks hold a tile's
            # elements (fuzzer finding: a 256 TiB mat tile was a MemoryError,
            # an internal error).
            raise SimError(
                f"a {layout.nbytes}-byte tile is larger than any on-chip buffer "
                f"(the largest holds {LARGEST_BUFFER} bytes): the simulator does not hold it",
                op,
            )
        if not self.compute:  # the addressing check needs the shape only
            return TileRef(t.loc, str(t.element_type), layout, None, 0, op)
        try:
            if addr is None:
                buf, base = self.memory.private(op, layout.nbytes)
            else:
                buf, base = self.memory.addressed(t.loc, addr, layout.nbytes)
            return TileRef(t.loc, str(t.element_type), layout, buf, base, op)
        except LayoutError as exc:
            raise SimError(str(exc), op) from None

    def _addptr(self, op):
        base = self.get(op.operands[0], op)
        if not isinstance(base, GMBuffer):
            raise SimError("pto.addptr of a pointer not bound to a GM buffer", op)
        off = self.int_of(op.operands[1], op)
        if not 0 <= off <= base.size:
            raise SimError(
                f"pto.addptr offset {off} outside its buffer of {base.size} elements",
                op,
                kind="out-of-bounds",
            )
        self.env[op.results[0]] = OffsetBuffer(base, off)

    def _call(self, op):
        """func.call of a function of the same module: run its body inline
        (its tloads are this run's)."""
        name = op.opview.callee.value
        module = op.parent
        while module is not None and module.name != "builtin.module":
            module = module.parent
        callee = None
        for f in module.regions[0].blocks[0].operations if module is not None else ():
            if (
                f.operation.name == "func.func"
                and ir.StringAttr(f.attributes["sym_name"]).value == name
            ):
                callee = f.operation
        if callee is None or not callee.regions[0].blocks:
            raise SimError(f"func.call of @{name}, which has no body in this module", op)
        args = [self.get(v, op) for v in op.operands]
        try:
            self._block(callee.regions[0].blocks[0], args)
            values = []
        except _Return as ret:
            values = ret.values
        for r, v in zip(op.results, values):
            self.env[r] = v

    def _alloc_tile(self, op):
        from .._ptonz import DYNAMIC, TileBufType

        view = op.opview
        addr = view.addr
        tile = self._tile_of_type(
            op.results[0].type, op, None if addr is None else self.int_of(addr, op)
        )
        t = TileBufType(op.results[0].type)
        vr, vc = t.valid_row, t.valid_col
        if vr == DYNAMIC:
            vr = self.int_of(view.valid_row, op)
        if vc == DYNAMIC:
            vc = self.int_of(view.valid_col, op)
        if not (0 <= vr <= t.rows and 0 <= vc <= t.cols):
            # A tload into it would write past the tile's buffer (or move a
            # negative count): the passes must have rejected it (issue 24).
            raise SimError(
                f"valid shape {vr}x{vc} outside the {t.rows}x{t.cols} tile",
                op,
                kind="out-of-bounds",
            )
        tile.valid_rows, tile.valid_cols = vr, vc
        self.env[op.results[0]] = tile

    def _treshape(self, op):
        """`pto.treshape`: the same bytes seen through another tile type."""
        src = self._tile(op.operands[0], op)
        self.env[op.results[0]] = self._tile_of_type(op.results[0].type, op, None)
        tile = self.env[op.results[0]]
        if tile.layout.nbytes != src.layout.nbytes:
            raise SimError("pto.treshape changes the tile's byte size", op)
        tile.buffer, tile.base = src.buffer, src.base

    def _tile(self, value, op) -> TileRef:
        t = self.get(value, op)
        if not isinstance(t, TileRef):
            raise SimError("operand is not a tile (pto.alloc_tile)", op)
        return t

    def _gm_offsets(self, part, tile, op) -> np.ndarray:
        """Flat GM element offsets of a partition, in tile order over the
        tile's valid part (pto-isa GlobalTensor semantics; blocked NZ
        partitions unblocked)."""
        view = part.view
        rank = len(part.sizes)
        rows, cols = tile.rows, tile.cols
        vr = rows if tile.valid_rows is None else tile.valid_rows
        vc = cols if tile.valid_cols is None else tile.valid_cols
        blocked = view.layout == "nz" and view.kind != LOGICAL
        blocked_mx = view.layout in MX_LAYOUTS and view.kind != LOGICAL
        for k, (o, n, d) in enumerate(zip(part.offsets, part.sizes, view.shape)):
            if o < 0 or o + n > d:
                raise SimError(
                    f"partition dim {k} [{o}, {o + n}) lies outside the view's "
                    f"extent {d} (offsets {list(part.offsets)}, sizes "
                    f"{list(part.sizes)}, view shape {list(view.shape)})",
                    op,
                    kind="out-of-bounds",
                )
        # A partition of any rank reads sum((off_k + i_k) * stride_k); only
        # NZ bytes need the rank-5 blocked form (below). (That PTOAS's
        # GlobalTensor is at most rank 5 is pto-verify-ptoas's to say.)
        sizes, strides = right_align5(part.sizes, view.strides)
        n = len(sizes)
        offsets = (0,) * (n - rank) + tuple(part.offsets)
        if any(s <= 0 for s in sizes):
            # An empty (or negative) transfer: PTOAS needs every partition
            # size positive, so the passes must have rejected it (issue 24).
            raise SimError(
                f"non-positive partition sizes {list(part.sizes)}", op, kind="out-of-bounds"
            )
        last = span_past_int64([o + s for o, s in zip(offsets, sizes)], strides)
        if last is not None:
            # Its GM offsets do not fit the int64 PTOAS's C++ indexes GM with.
            raise SimError(
                f"the partition's last element is {last} elements past its view's "
                "base, more than an int64 offset holds (offsets "
                f"{list(part.offsets)}, sizes {list(part.sizes)}, strides {list(view.strides)}): "
                "split the tensor or use strides that fit",
                op,
                kind="out-of-bounds",
            )
        flat = np.zeros(sizes, dtype=np.int64)
        for k in range(n):
            shape = [1] * n
            shape[k] = sizes[k]
            idx = (np.arange(sizes[k], dtype=np.int64) + offsets[k]) * strides[k]
            flat = flat + idx.reshape(shape)
        lo, hi = (int(flat.min()), int(flat.max())) if flat.size else (0, -1)
        if lo < 0 or hi >= view.buffer.size:
            raise SimError(
                f"the partition spans GM elements [{lo}, {hi}] outside its buffer "
                f"of {view.buffer.size} elements",
                op,
                kind="out-of-bounds",
            )
        if blocked:
            if rank != 5:
                raise SimError(
                    f"a rank-{rank} NZ view that is not logical: only the rank-5 "
                    "blocked form addresses NZ bytes",
                    op,
                )
            if sizes[3] != FRACTAL_ROWS or nz_logical_dims(sizes) != (1, vr, vc) or vc != cols:
                raise SimError(
                    f"NZ partition sizes {list(part.sizes)} do not cover the "
                    f"{vr}x{vc} valid part of the {rows}x{cols} tile as "
                    "[1, cols/c0, valid rows/16, 16, c0] blocks",
                    op,
                )
            return flat[0].transpose(1, 2, 0, 3).reshape(vr, vc)
        if blocked_mx:
            return self._mx_window(flat, part, view.layout, rank, rows, cols, vr, vc, op)
        if flat.size != vr * vc:
            raise SimError(
                f"partition of {flat.size} elements does not fill the "
                f"{vr}x{vc} valid part of the {rows}x{cols} tile",
                op,
            )
        return flat.reshape(vr, vc)

    @staticmethod
    def _mx_window(flat, part, layout, rank, rows, cols, vr, vc, op) -> np.ndarray:
        """The valid part of a blocked MX partition's window, in tile order."""
        sizes = tuple(flat.shape)
        if rank != 5 or sizes[0] != 1 or sizes[3:] != (MX_BOX_ROWS, MX_BOX_COLS):
            raise SimError(
                f"a rank-{rank} MX scale partition {list(part.sizes)} that is not "
                "logical: only the rank-5 [1, nb, ng, 16, 2] form addresses MX "
                "boxes",
                op,
            )
        window = mx_logical_shape(layout, sizes)
        if tuple(window) != (rows, cols):
            raise SimError(
                f"MX partition sizes {list(part.sizes)} (window {window[0]}x"
                f"{window[1]}) are not the {rows}x{cols} tile's window",
                op,
            )
        # [nb, ng, 16, 2] -> [block, group] -> the logical order of the layout.
        bg = flat[0].transpose(0, 2, 1, 3).reshape(sizes[1] * MX_BOX_ROWS, sizes[2] * MX_BOX_COLS)
        logical = bg if mx_axes(layout)[0] == 0 else bg.T
        return logical[:vr, :vc]

    def _tload(self, op):
        src, dst = op.operands[0], op.operands[1]
        part = self.get(src, op)
        tile = self.get(dst, op)
        if not isinstance(part, PartitionView):
            raise SimError("pto.tload source is not a pto.partition_view", op)
        if not isinstance(tile, TileRef):
            raise SimError("pto.tload destination is not a pto.alloc_tile", op)
        view = part.view
        if tile.bits != view.buffer.bits:
            raise SimError("tload tile element width differs from the GM view's", op)
        flat = self._gm_offsets(part, tile, op)
        valid = view.buffer.read(flat) if flat.size else np.zeros(flat.shape, UINT[tile.bits])
        rows, cols = tile.rows, tile.cols
        if valid.shape == (rows, cols):
            data = valid
        else:  # the rest of the tile is not read: zero on both sides
            data = np.zeros((rows, cols), dtype=valid.dtype)
            data[: valid.shape[0], : valid.shape[1]] = valid
        if self.compute:
            tile.write(data)
        loops, path = self._path()
        self.records.append(
            TloadRecord(
                op=op,
                loops=loops,
                path=path,
                block_idx=self.block_idx,
                tile=data,
                first_offset=int(flat.reshape(-1)[0]) if flat.size else -1,
                layout=view.layout,
                view_op=view.op,
            )
        )
        if self.max_tloads is not None and len(self.records) >= self.max_tloads:
            self.truncated = True
            raise _Stop()

    def _tstore(self, op):
        if not self.compute:
            return
        tile = self._tile(op.operands[0], op)
        part = self.get(op.operands[1], op)
        if not isinstance(part, PartitionView):
            raise SimError("pto.tstore destination is not a pto.partition_view", op)
        if tile.bits != part.view.buffer.bits:
            raise SimError("tstore tile element width differs from the GM view's", op)
        if tile.loc not in ("acc", "vec", "mat"):
            raise SimError(f"pto.tstore of a {tile.loc} tile", op)
        flat = self._gm_offsets(part, tile, op)
        buffer = part.view.buffer
        if not getattr(buffer, "writable", False):
            raise SimError("pto.tstore into a read-only GM buffer", op)
        raw = tile.read()[: flat.shape[0], : flat.shape[1]]  # the tile's valid part
        atomic = op.attributes["atomicType"] if "atomicType" in op.attributes else None
        if atomic is not None and "atomic_add" in str(atomic):
            # GM += tile, in the tile's element type (i32 wraps, f32 rounds once).
            elem = tile.element_type
            if elem not in ("i32", "f32", "f16", "bf16"):
                raise SimError(f"pto.tstore atomic_add of {elem} is not modelled", op)
            total = dtypes.values(buffer.read(flat), elem) + dtypes.values(raw, elem)
            raw = dtypes.raw_bits(total, elem)
        buffer.write(flat, raw)
        loops, path = self._path()
        self.stores.append(TstoreRecord(op, loops, path, self.block_idx, flat, raw))

    def _set_validshape(self, op):
        """`pto.set_validshape %tile, %rows, %cols`: the tile's runtime valid
        extents from now on (pto-isa's dynamic Tile::SetValidShape)."""
        tile = self._tile(op.operands[0], op)
        vr, vc = self.int_of(op.operands[1], op), self.int_of(op.operands[2], op)
        if not (0 <= vr <= tile.rows and 0 <= vc <= tile.cols):
            raise SimError(
                f"valid shape {vr}x{vc} outside the {tile.rows}x{tile.cols} tile",
                op,
                kind="out-of-bounds",
            )
        tile.valid_rows, tile.valid_cols = vr, vc

    def _textract(self, op):
        if not self.compute:
            return
        src = self._tile(op.operands[0], op)
        row = self.int_of(op.operands[1], op)
        col = self.int_of(op.operands[2], op)
        dst = self._tile(op.operands[3], op)
        if len(op.operands) > 4:
            raise SimError("pto.textract with an fp tile or a preQuantScalar is not simulated", op)
        if src.element_type != dst.element_type:
            raise SimError(f"pto.textract from {src.element_type} into {dst.element_type}", op)
        if row < 0 or col < 0 or row + dst.rows > src.rows or col + dst.cols > src.cols:
            raise SimError(
                f"pto.textract window [{row}:{row + dst.rows}, {col}:{col + dst.cols}] "
                f"lies outside the {src.rows}x{src.cols} source",
                op,
            )
        # pto-isa: dst[i, j] = src[row + i, col + j] over dst's valid part; the
        # rest of dst keeps its bytes.
        vr, vc = dst.valid_extents()
        out = dst.read()
        out[:vr, :vc] = src.read()[row : row + vr, col : col + vc]
        dst.write(out)

    def _tmov(self, op):
        if not self.compute:
            return
        src = self._tile(op.operands[0], op)
        dst = self._tile(op.operands[1], op)
        if (src.rows, src.cols) != (dst.rows, dst.cols) or src.element_type != dst.element_type:
            raise SimError(
                "pto.tmov between tiles of different shapes or element types is not modelled", op
            )
        # pto-isa: a copy over dst's valid region; the rest of dst keeps its bytes.
        vr, vc = dst.valid_extents()
        out = dst.read()
        out[:vr, :vc] = src.read()[:vr, :vc]
        dst.write(out)

    def _tmatmul(self, op):
        """dst[0:M, 0:N] (+)= lhs[0:M, 0:K] x rhs[0:K, 0:N] (+ bias[0, 0:N]) with
        M, K = lhs's valid rows and columns and N = rhs's valid columns (pto-isa
        TMATMUL's domain); the rest of dst is left as it was."""
        if not self.compute:
            return
        accumulate = op.name == "pto.tmatmul.acc"
        operands = [self._tile(v, op) for v in op.operands]
        bias = None
        if op.name == "pto.tmatmul.bias":
            lhs, rhs, bias, dst = operands
            acc_in = None
        else:
            acc_in, lhs, rhs, dst = operands if accumulate else [None] + operands
        if (lhs.loc, rhs.loc, dst.loc) != ("left", "right", "acc"):
            raise SimError(
                f"{op.name} of {lhs.loc} x {rhs.loc} into {dst.loc} (expects left x "
                "right into acc)",
                op,
            )
        if lhs.cols != rhs.rows or lhs.rows != dst.rows or rhs.cols != dst.cols:
            raise SimError(
                f"{op.name} shapes {lhs.rows}x{lhs.cols} x {rhs.rows}x{rhs.cols} -> "
                f"{dst.rows}x{dst.cols} do not match",
                op,
            )
        elem, acc_elem = lhs.element_type, dst.element_type
        if rhs.element_type != elem or ACCUMULATE.get(elem) != acc_elem:
            raise SimError(
                f"{op.name} of {elem} x {rhs.element_type} into {acc_elem} is not a "
                "cube type triple",
                op,
            )
        m, k, n = lhs.valid_extents()[0], lhs.valid_extents()[1], rhs.valid_extents()[1]
        if not (1 <= m and 1 <= k and 1 <= n) or k > rhs.valid_extents()[0]:
            raise SimError(
                f"{op.name} of valid {m}x{k} x {rhs.valid_extents()[0]}x{n}: M, K "
                "and N must be positive and K within the right operand's valid rows",
                op,
            )
        product = matmul64(
            dtypes.values(lhs.read()[:m, :k], elem), dtypes.values(rhs.read()[:k, :n], elem)
        )
        base = dtypes.values(acc_in.read()[:m, :n], acc_elem) if accumulate else None
        if bias is not None:
            if bias.element_type != acc_elem or bias.cols < n:
                raise SimError(
                    f"{op.name} bias of {bias.element_type} x {bias.cols} for a "
                    f"{acc_elem} result of {n} columns",
                    op,
                )
            base = np.broadcast_to(dtypes.values(bias.read()[0:1, :n], acc_elem), (m, n))
        if acc_elem == "i32":
            result = product.astype(np.int64) + (base if base is not None else 0)
        else:
            result = product.astype(np.float32).astype(np.float64)
            if base is not None:
                result = base + result
        out = dst.read()
        out[:m, :n] = dtypes.raw_bits(result, acc_elem)
        dst.write(out)


def matmul64(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a @ b in float64 (exact for i8 operands: every partial sum is an
    integer below 2^53). NumPy's einsum, not BLAS: these products are small
    and multi-threaded BLAS is up to 40x slower on a busy 2-core machine."""
    return np.einsum("ik,kj->ij", a.astype(np.float64), b.astype(np.float64))


# The cube's (operand, accumulator) element types.
ACCUMULATE = {"i8": "i32", "f16": "f32", "bf16": "f32", "f32": "f32"}


def _floordiv(a, b, bits, op):
    if b == 0:
        raise SimError("division by zero", op)
    return a // b


def _ceildiv(a, b, bits, op):
    if b == 0:
        raise SimError("division by zero", op)
    return -((-a) // b)


def _divsi(a, b, bits, op):
    if b == 0:
        raise SimError("division by zero", op)
    return _trunc_div(a, b)


def _remsi(a, b, bits, op):
    if b == 0:
        raise SimError("division by zero", op)
    return a - b * _trunc_div(a, b)


def _divui(a, b, bits, op):
    ua, ub = unsigned(a, bits), unsigned(b, bits)
    if ub == 0:
        raise SimError("division by zero", op)
    return ua // ub


def _remui(a, b, bits, op):
    ua, ub = unsigned(a, bits), unsigned(b, bits)
    if ub == 0:
        raise SimError("division by zero", op)
    return ua % ub


def _shift(kind):
    def fn(a, b, bits, op):
        sh = unsigned(b, bits)
        if sh >= bits:
            raise SimError(f"shift amount {sh} >= bit width {bits} (poison)", op)
        if kind == "shl":
            return a << sh
        if kind == "shrsi":
            return a >> sh
        return unsigned(a, bits) >> sh

    return fn


_BINARY = {
    "arith.addi": lambda a, b, bits, op: a + b,
    "arith.subi": lambda a, b, bits, op: a - b,
    "arith.muli": lambda a, b, bits, op: a * b,
    "arith.floordivsi": _floordiv,
    "arith.ceildivsi": _ceildiv,
    "arith.divsi": _divsi,
    "arith.remsi": _remsi,
    "arith.divui": _divui,
    "arith.remui": _remui,
    "arith.minsi": lambda a, b, bits, op: min(a, b),
    "arith.maxsi": lambda a, b, bits, op: max(a, b),
    "arith.andi": lambda a, b, bits, op: a & b,
    "arith.ori": lambda a, b, bits, op: a | b,
    "arith.xori": lambda a, b, bits, op: a ^ b,
    "arith.shli": _shift("shl"),
    "arith.shrsi": _shift("shrsi"),
    "arith.shrui": _shift("shrui"),
}

Interpreter.handlers = _HANDLERS = {
    "arith.constant": Interpreter._constant,
    "arith.index_cast": Interpreter._cast,
    "arith.index_castui": Interpreter._cast,
    "arith.extsi": Interpreter._cast,
    "arith.extui": Interpreter._cast,
    "arith.trunci": Interpreter._cast,
    "arith.cmpi": Interpreter._cmpi,
    "arith.select": Interpreter._select,
    "scf.for": Interpreter._for,
    "scf.if": Interpreter._if,
    "pto.get_block_idx": Interpreter._block_idx,
    "pto.get_block_num": Interpreter._block_num,
    "pto.make_tensor_view": Interpreter._make_tensor_view,
    "pto.partition_view": Interpreter._partition_view,
    "pto.alloc_tile": Interpreter._alloc_tile,
    "pto.tload": Interpreter._tload,
    "pto.tstore": Interpreter._tstore,
    "pto.textract": Interpreter._textract,
    "pto.tmov": Interpreter._tmov,
    "pto.tmatmul": Interpreter._tmatmul,
    "pto.tmatmul.acc": Interpreter._tmatmul,
    "pto.tmatmul.bias": Interpreter._tmatmul,
    "pto.set_validshape": Interpreter._set_validshape,
    "pto.treshape": Interpreter._treshape,
    "pto.addptr": Interpreter._addptr,
    "func.call": Interpreter._call,
}
for _name, _fn in _BINARY.items():
    _HANDLERS[_name] = (lambda f: lambda self, op: self._binary(op, f))(_fn)


# Ops that only order the pipes (flags, events, barriers) or print: executed as
# no-ops. Any other op the handlers do not know stops the run with an error.
NO_DATA_EFFECT = frozenset(
    "pto." + n
    for n in (
        "set_flag",
        "wait_flag",
        "set_flag_dyn",
        "wait_flag_dyn",
        "barrier",
        "barrier_sync",
        "record_event",
        "wait_event",
        "sync.set",
        "sync.wait",
        "tsync",
        "get_buf",
        "rls_buf",
        "set_ffts",
        "print",
        "tprint",
    )
)


def run_function(
    func, args: Optional[Mapping[int, Union[GMBuffer, int]]] = None, **kwargs
) -> List[TloadRecord]:
    """Run `func` (a func.func op) once; return its tload records."""
    return Interpreter(args, **kwargs).run(func)
