"""convert-pl-to-pto: lower the program-level `pl` dialect to logical `pto`.

* `!pl.tensor` function arguments become `!pto.ptr<T>` arguments and a
  `pto.make_tensor_view` at function entry with the logical shape as
  constants and the layout attribute: NZ views get no strides yet (they are
  blocked first); ND/DN get their row-/column-major strides.
* `pl.tile.load` becomes `pto.partition_view` + `pto.alloc_tile` + `pto.tload`
  into the tile_buf of its memory (mat: col_major / row_major / 512).
* `pl.tile.store` becomes `pto.partition_view` + `pto.tstore`.
* `pl.get_block_idx` / `pl.get_block_num` become the i64 `pto` ops plus
  `arith.index_cast`.

What cannot be lowered is rejected at the op, never dropped: an NZ load into
a memory other than mat, an NZ store destination, any `pl.remote_load`
(distributed loads have no pto form here, and NZ ones no blocked form),
`pl.tensor.view` / `reinterpret_view`, and tensors used by other ops.
"""

from __future__ import annotations

from typing import Dict

from mlir import ir
from mlir.dialects import arith
from mlir.rewrite import RewritePatternSet

from .. import _ptonz
from .._ptonz import (DYNAMIC, PLTileType, PtrType,
                      TensorViewType, TileBufType, build_make_tensor_view, build_partition_view,
                      build_tile_store, layout_attr, lower_tile_load)
from ..analyses.ir_queries import functions
from ..analyses.nz_geometry import default_strides
from ._util import constant_pool, error
from .base import ModulePass, register

PASS = "convert-pl-to-pto"

# tile_buf configuration of each pl memory (PTOAS's cube defaults; A2/A3 left).
TILE_CONFIG = {
    "mat": ("mat", "col_major", "row_major", 512),
    "vec": ("vec", "row_major", "none_box", 512),
    "left": ("left", "row_major", "row_major", 512),
    "right": ("right", "row_major", "col_major", 512),
    "acc": ("acc", "col_major", "row_major", 1024),
    "bias": ("bias", "row_major", "none_box", 512),
}
LOADABLE = ("mat", "vec")  # TLOAD writes vec or mat tiles


def tile_buf_for(tile: PLTileType) -> TileBufType:
    loc, blayout, slayout, fractal = TILE_CONFIG[tile.memory]
    shape = list(tile.shape)
    rows, cols = (shape if len(shape) == 2 else [1, shape[0]])
    return TileBufType.get(loc, tile.element_type, rows, cols, blayout=blayout,
                           slayout=slayout, fractal=fractal)


# The pl ops that read or write a tensor, and every pl op this pass rewrites.
TENSOR_OPS = ("pl.tile.load", "pl.tile.store", "pl.remote_load", "pl.tensor.view",
              "pl.tensor.reinterpret_view")
PL_OPS = TENSOR_OPS + ("pl.get_block_idx", "pl.get_block_num")


class _Validator:
    def __init__(self):
        self.ok = True

    def reject(self, op, msg: str) -> None:
        error(op.location, f"{PASS}: {msg}")
        self.ok = False

    def check(self, func, tensor_args, pl_ops) -> None:
        """`tensor_args`: `_ptonz.pl_tensor_args(func)`; `pl_ops`: its pl ops."""
        for index, arg, shape, _layout, _elem in tensor_args:
            self.argument(func, index, arg, shape)
        for op in pl_ops:
            if op.name in TENSOR_OPS:
                self.op(op)

    def argument(self, func, index: int, arg: ir.Value, shape) -> None:
        if any(d == DYNAMIC for d in shape):
            return self.reject(func, f"argument #{index} has a dynamic shape "
                               f"({arg.type}): make_tensor_view needs the logical shape as "
                               "constants; give the tensor a static shape")
        for user in _ptonz.foreign_users(arg, list(TENSOR_OPS)):
            self.reject(user, f"a !pl.tensor is used by '{user.name}', which "
                        f"{PASS} cannot lower; only pl.tile.load / pl.tile.store read or "
                        "write a tensor")

    def op(self, op: ir.Operation) -> None:
        name = op.name
        if name == "pl.tile.load":
            layout, memory, from_argument = _ptonz.pl_load_info(op)
            if layout == "nz" and memory != "mat":
                return self.reject(op, f"an NZ tensor can only be loaded into mat memory (got "
                                   f"{memory}): NZ->NZ loads feed the cube's B operand; "
                                   "load into mat, or annotate the tensor nd")
            if memory not in LOADABLE:
                return self.reject(op, f"pl.tile.load into {memory} memory has no single "
                                   "pto.tload form (TLOAD writes vec or mat tiles); load into "
                                   "mat and move the tile")
            if not from_argument:
                return self.reject(op, "pl.tile.load must read a function argument tensor")
            for user in _ptonz.foreign_users(op.results[0], ["pl.tile.store"]):
                self.reject(user, f"a pl tile is used by '{user.name}', which {PASS} "
                            "cannot lower (only pl.tile.store consumes pl tiles here)")
        elif name == "pl.tile.store":
            producer = op.operands[0].owner
            if isinstance(producer, ir.Block) or producer.name != "pl.tile.load":
                return self.reject(op, "pl.tile.store must store a tile made by pl.tile.load")
            if op.operands[1].type.layout == "nz":
                return self.reject(op, "an NZ tensor cannot be a store destination: ptonz's NZ "
                                   "support is read-only (weights already packed in GM); store "
                                   "to an nd tensor")
        elif name == "pl.remote_load":
            if op.operands[0].type.layout == "nz":
                return self.reject(op, "distributed (remote) loads of an NZ tensor are not "
                                   "supported: remote_load has no blocked NZ form; annotate the "
                                   "remote tensor nd")
            return self.reject(op, "pl.remote_load has no pto lowering in ptonz; lower "
                               "distributed loads with your runtime before this pass")
        else:
            return self.reject(op, f"{name} has no pto lowering in ptonz; slice tensors with "
                               "pl.tile.load / pl.tile.store offsets instead")


def _make_views(func, pool, tensor_args) -> Dict[ir.Value, ir.Value]:
    """Turn each !pl.tensor argument into !pto.ptr + make_tensor_view."""
    views: Dict[ir.Value, ir.Value] = {}
    # After the entry block's constants, before its first other op: the views
    # appear in argument order.
    before = pool.after_constants()
    _ptonz.set_argument_types(func.operation, [(index, PtrType.get(elem))
                                               for index, _a, _s, _l, elem in tensor_args])
    for _index, arg, shape, layout, elem in tensor_args:
        strides = [] if layout == "nz" else default_strides(shape, layout)
        view = build_make_tensor_view(before, [DYNAMIC] * len(shape), arg, shape, strides, pool,
                                      layout=layout_attr(layout), loc=func.location)
        views[arg] = view.results[0]
    return views


class _Function:
    """What the patterns need of the function being rewritten."""

    def __init__(self):
        self.views: Dict[ir.Value, ir.Value] = {}
        self.pool = None


def _patterns(fn: _Function):
    # The generated classes of all 186 pto ops take ~30 ms to import: only
    # modules with pl ops to lower pay for them.
    from ..dialects import pto

    tile_bufs: Dict[ir.Type, ir.Type] = {}

    def tile_load(op, rewriter):
        tile_t = op.result.type
        buf_t = tile_bufs.get(tile_t)
        if buf_t is None:
            buf_t = tile_bufs[tile_t] = tile_buf_for(PLTileType(tile_t))
        buf = lower_tile_load(op.operation, fn.views[op.tensor], buf_t, fn.pool)
        rewriter.replace_op(op, [buf])

    def tile_store(op, rewriter):
        tile_t = TileBufType(op.tile.type)  # its pl.tile.load was lowered before it
        view = fn.views[op.tensor]
        rank = TensorViewType(view.type).rank
        sizes = [1] * (rank - 2) + [tile_t.rows, tile_t.cols]
        pv = build_partition_view(op.operation, view, list(op.offsets), sizes, fn.pool)
        build_tile_store(op.operation, op.tile, pv.results[0])
        rewriter.erase_op(op.operation)

    def block_query(pto_op):
        def rewrite(op, rewriter):
            with ir.InsertionPoint(op), op.location:
                q = pto_op(ir.IntegerType.get_signless(64)).result
                cast = arith.IndexCastOp(ir.IndexType.get(), q).result
            rewriter.replace_op(op, [cast])
        return rewrite

    patterns = RewritePatternSet()
    patterns.add("pl.tile.load", tile_load)
    patterns.add("pl.tile.store", tile_store)
    patterns.add("pl.get_block_idx", block_query(pto.GetBlockIdxOp))
    patterns.add("pl.get_block_num", block_query(pto.GetBlockNumOp))
    return patterns.freeze()


@register
class ConvertPLToPTO(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        ok = True
        fn = _Function()
        frozen = None
        for func in functions(module):
            tensor_args = _ptonz.pl_tensor_args(func.operation)
            pl_ops = _ptonz.collect_ops(func.operation, list(PL_OPS))
            if not tensor_args and not pl_ops:
                continue
            v = _Validator()
            v.check(func, tensor_args, pl_ops)
            ok &= v.ok
            if not v.ok:
                continue
            frozen = frozen or _patterns(fn)
            with constant_pool(func) as fn.pool:
                fn.views = _make_views(func, fn.pool, tensor_args)
                _ptonz.apply_patterns_to(pl_ops, frozen)
        return ok
