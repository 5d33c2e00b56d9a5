"""The tile half of convert-pl-to-pto: pl tiles that are computed, not loaded.

`pl.tile.load` becomes a mat/vec `pto.alloc_tile` + `pto.tload` (a pattern in
`convert_pl_to_pto`). What follows runs after it, in program order, with every
loaded pl tile already replaced by its `!pto.tile_buf`:

* `pl.tile.matmul %a, %b [b_trans]` -> a fresh acc tile and PTOAS's cube
  sequence (as in PTOAS's `tmatmulk.pto`, `Matmul_transpose-pto-ir.pto`):
  K is cut into chunks that fit L0 (`cube_geometry.l0_k_chunk`); per chunk
  `pto.textract` of `a[:, k:k+kc]` into a left tile and of `b[k:k+kc, :]`
  into a right tile, then `pto.tmatmul` (first chunk) or `pto.tmatmul.acc`.
* `pl.tile.matmul_acc %acc, %a, %b` -> the same chunks, all `tmatmul.acc`,
  into %acc's tile in place.
* `b_trans`: the weight tile was loaded as it is stored, [N, K] in an NZ mat
  tile (col-major blocks of row-major 16 x c0 fractals; the NZ weight's
  NZ->NZ tload must keep exactly this destination). Its bytes are, unchanged,
  the [K, N] operand in the ZN layout (row-major blocks of col-major c0 x 16
  fractals) that L0B wants: pto-isa's tile offsets of NZ (n, k) and ZN (k, n)
  are equal. So the transposed operand is `pto.treshape` of the loaded tile
  to `mat [K, N], blayout=row_major, slayout=col_major` (a view: same buffer,
  same bytes, boxed to boxed; PTOAS emits `TRESHAPE`, pypto's
  `tile.transpose_view`), and the right chunks are plain ZN -> ZN
  `textract`s. The kernel keeps PTOAS's own memory planner (level2).
* `pl.tile.store` of an acc tile -> `pto.partition_view` + `pto.tstore`.
* `scf.for` iter_args that carry an accumulator (the seed's K loop) are
  dropped: the accumulator is one acc tile updated in place, so the loop
  no longer carries a value (the validation made sure nothing reads an
  accumulator after it was updated).

Synchronisation between the pipes (MTE2 loads, MTE1 moves, M matmuls, FIX
stores) is left to `ptoas --enable-insert-sync`, as for PTOAS's own
pypto-generated kernels (`test/samples/runop.sh` passes it by default): it
inserts the set_flag/wait_flag pairs, including the RAW/WAR ones across loop
iterations and through the treshape view (measured with the real ptoas).
"""

from typing import Dict, List, NamedTuple, Optional

from mlir import ir

from .._ptonz import PLTileType, TensorViewType, TileBufType, build_partition_view, build_tile_store
from ..analyses.cube_geometry import l0_k_chunk
from ..analyses.ir_queries import bit_width
from ._util import derived_name, name_of, named


class TileConfig(NamedTuple):
    """A tile_buf configuration: where it lives and how its boxes are laid out."""

    loc: str
    blayout: str
    slayout: str
    fractal: int


# The tile_buf configuration of each role ptonz builds tiles for: the one
# table (PTOAS's cube defaults; the A2/A3 left tile). A pl memory names its
# role; an MX scale load's tile is named by the tensor's layout.
TILE_CONFIGS: Dict[str, TileConfig] = {
    "mat": TileConfig("mat", "col_major", "row_major", 512),
    "vec": TileConfig("vec", "row_major", "none_box", 512),
    "left": TileConfig("left", "row_major", "row_major", 512),  # A2/A3 textract: zZ
    "right": TileConfig("right", "row_major", "col_major", 512),  # zN
    "acc": TileConfig("acc", "col_major", "row_major", 1024),  # nZ, 16x16 fractals
    "bias": TileConfig("bias", "row_major", "none_box", 512),
    # the transposed view of an NZ mat tile
    "mat_zn": TileConfig("mat", "row_major", "col_major", 512),
    # The mat tile an MX scale load writes (pto-isa's TLoadMxCube check, as
    # pypto types it): MX_A_ZZ row-major ZZ boxes, MX_B_NN column-major NN,
    # SFractal 32.
    "mx_a_zz": TileConfig("mat", "row_major", "row_major", 32),
    "mx_b_nn": TileConfig("mat", "col_major", "col_major", 32),
}
LEFT, RIGHT, ACC, MAT_ZN = (TILE_CONFIGS[k] for k in ("left", "right", "acc", "mat_zn"))

TILE_OPS = ("pl.tile.matmul", "pl.tile.matmul_acc")
CUBE_ENTRY_ATTR = "pto.entry"
KERNEL_KIND_ATTR = "pto.kernel_kind"


class TileBufSpec(NamedTuple):
    """The parameters of a !pto.tile_buf, in TileBufType.get's order. The
    C++ lowerings take this rather than the type: a pto type returned to
    Python imports the pto op classes, which they never need."""

    loc: str
    element_type: ir.Type
    rows: int
    cols: int
    valid_row: Optional[int]  # None: all rows
    valid_col: Optional[int]
    blayout: str
    slayout: str
    fractal: int

    def to_type(self) -> ir.Type:
        """The !pto.tile_buf itself (imports the pto op classes' module)."""
        return TileBufType.get(*self)


def tile_buf_spec(
    config: TileConfig,
    element_type: ir.Type,
    rows: int,
    cols: int,
    valid_row: Optional[int] = None,
    valid_col: Optional[int] = None,
) -> TileBufSpec:
    """The !pto.tile_buf of `config` (a TILE_CONFIGS entry)."""
    return TileBufSpec(
        config.loc,
        element_type,
        rows,
        cols,
        valid_row,
        valid_col,
        config.blayout,
        config.slayout,
        config.fractal,
    )


def is_tile(t: ir.Type) -> bool:
    return PLTileType.isinstance(t)


class CubeLowering:
    """Lowers the matmuls, acc stores and accumulator loops of one function
    (`ops`: those ops and the tile-carrying scf.for ops, in program order)."""

    def __init__(self, func, views: Dict[ir.Value, ir.Value], pool):
        self.func = func
        self.views = views
        self.pool = pool
        self.loops: List[ir.Operation] = []
        self.has_matmul = False

    def run(self, ops: List[ir.Operation]) -> None:
        for op in ops:
            name = op.name
            if name == "scf.for":
                self._enter_loop(op)
            elif name in TILE_OPS:
                self._matmul(op)
            elif name == "pl.tile.store":
                self._store(op)
        for loop in reversed(self.loops):  # innermost first
            self._drop_carried(loop)

    # -- matmul
    def _matmul(self, op: ir.Operation) -> None:
        from ..dialects import pto  # the op classes: only kernels with tile ops import them

        self.has_matmul = True
        accumulate = op.name == "pl.tile.matmul_acc"
        operands = list(op.operands)
        acc_in, lhs, rhs = operands if accumulate else [None] + operands
        b_trans = "b_trans" in op.attributes
        lhs_t, rhs_t = TileBufType(lhs.type), TileBufType(rhs.type)
        elem = lhs_t.element_type
        bits = bit_width(elem)
        m, k = lhs_t.rows, lhs_t.cols
        n = rhs_t.rows if b_trans else rhs_t.cols
        chunk = l0_k_chunk(m, k, n, bits)
        assert chunk is not None, "validated by convert-pl-to-pto"
        # Names: the accumulator replaces the result `%acc` and takes its name
        # (matmul_acc: it is its input's); its L0 operands are `%acc_left`,
        # `%acc_right`; the transposed view of `%w` is `%w_zn`.
        loc = op.location
        result = name_of(op.results[0])
        with ir.InsertionPoint(op), named(loc, None):
            if accumulate:
                acc = acc_in
            else:
                result_t = PLTileType(op.results[0].type)
                acc = pto.AllocTileOp(
                    tile_buf_spec(ACC, result_t.element_type, m, n).to_type(),
                    loc=named(loc, result),
                ).result
            if b_trans:
                # [N, K] NZ == [K, N] ZN, byte for byte: a view of the same bytes.
                rhs = pto.TReshapeOp(
                    tile_buf_spec(MAT_ZN, elem, k, n).to_type(),
                    rhs,
                    loc=named(loc, derived_name(rhs, "_zn")),
                ).result
            base = result or name_of(acc)
            left = pto.AllocTileOp(
                tile_buf_spec(LEFT, elem, m, chunk).to_type(),
                loc=named(loc, base and base + "_left"),
            ).result
            right = pto.AllocTileOp(
                tile_buf_spec(RIGHT, elem, chunk, n).to_type(),
                loc=named(loc, base and base + "_right"),
            ).result
            zero = self.pool.get(0)
            for i, k0 in enumerate(range(0, k, chunk)):
                at = self.pool.get(k0)
                pto.TExtractOp(lhs, zero, at, left)
                pto.TExtractOp(rhs, at, zero, right)
                if i == 0 and not accumulate:
                    pto.TMatmulOp(None, left, right, acc)  # no result: dst form
                else:
                    pto.TMatmulAccOp(None, acc, left, right, acc)
        op.results[0].replace_all_uses_with(acc)
        op.erase()

    # -- store of a computed tile
    def _store(self, op: ir.Operation) -> None:
        tile, tensor = op.operands[0], op.operands[1]
        offsets = list(op.operands)[2:]
        tile_t = TileBufType(tile.type)
        view = self.views[tensor]
        rank = TensorViewType(view.type).rank
        sizes = [1] * (rank - 2) + [tile_t.rows, tile_t.cols]
        pv = build_partition_view(op, view, offsets, sizes, self.pool)
        build_tile_store(op, tile, pv.results[0])
        op.erase()

    # -- accumulator loops
    def _enter_loop(self, loop: ir.Operation) -> None:
        """The carried accumulator is its init's tile: inside the loop (the
        iter_arg) and after it (the result)."""
        body = loop.regions[0].blocks[0]
        inits = list(loop.operands)[3:]
        for i, result in enumerate(loop.results):
            if is_tile(result.type):
                body.arguments[1 + i].replace_all_uses_with(inits[i])
                result.replace_all_uses_with(inits[i])
        self.loops.append(loop)

    def _drop_carried(self, loop: ir.Operation) -> None:
        """Rebuild `loop` without its (now unused) accumulator iter_args."""
        from mlir.dialects import scf

        body = loop.regions[0].blocks[0]
        inits = list(loop.operands)[3:]
        keep = [i for i, r in enumerate(loop.results) if not is_tile(r.type)]
        lb, ub, step = list(loop.operands)[:3]
        with ir.InsertionPoint(loop), loop.location:  # the same op: its name too
            new = scf.ForOp(lb, ub, step, [inits[i] for i in keep])
        for name in ("unsignedCmp",):
            if name in loop.attributes:
                new.operation.attributes[name] = loop.attributes[name]
        new_body = new.body
        old_yield = body.operations[len(body.operations) - 1]
        body.arguments[0].replace_all_uses_with(new.induction_variable)
        new.induction_variable.set_location(body.arguments[0].location)
        for j, i in enumerate(keep):
            body.arguments[1 + i].replace_all_uses_with(new_body.arguments[1 + j])
            new_body.arguments[1 + j].set_location(body.arguments[1 + i].location)
        for child in list(body.operations):
            if child.operation == old_yield.operation:
                break
            new_body.append(child.operation)
        with ir.InsertionPoint(new_body), named(old_yield.location, None):
            scf.YieldOp([old_yield.operands[i] for i in keep])
        for j, i in enumerate(keep):
            loop.results[i].replace_all_uses_with(new.results[j])
        loop.erase()


def mark_entry(func, cube: bool) -> None:
    """What PTOAS needs to emit the function as a `__global__` kernel when
    the module has more than one function (`pto.entry`), and, for a kernel
    that only uses the cube, `pto.kernel_kind = #pto.kernel_kind<cube>` (as
    pypto marks its cube kernels)."""
    attrs = func.operation.attributes
    attrs[CUBE_ENTRY_ATTR] = ir.UnitAttr.get()
    if cube and KERNEL_KIND_ATTR not in attrs:
        attrs[KERNEL_KIND_ATTR] = ir.Attribute.parse("#pto.kernel_kind<cube>")
