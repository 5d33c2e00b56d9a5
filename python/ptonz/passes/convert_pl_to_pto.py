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
* `pl.tile.matmul` / `pl.tile.matmul_acc`, the stores of their accumulators
  and the `scf.for` loops that carry one become PTOAS's cube sequence
  (`pl_tiles`: textract into left/right in L0-sized K chunks, tmatmul,
  tmatmul.acc, tstore of the acc tile; a `b_trans` operand is a
  `pto.treshape` view of the loaded NZ tile). PTOAS inserts the synchronisation
  (`ptoas --enable-insert-sync`).
* Every lowered function is marked `pto.entry`, so PTOAS emits it as a
  `__global__` kernel also in a module with several functions; a function
  whose tiles are all cube tiles and that has a matmul is also marked
  `pto.kernel_kind = #pto.kernel_kind<cube>`.

What cannot be lowered is rejected at the op, never dropped: an NZ load into
a memory other than mat, an NZ store destination, any `pl.remote_load`
(distributed loads have no pto form here, and NZ ones no blocked form),
`pl.tensor.view` / `reinterpret_view`, tensors used by other ops, matmul
tiles that do not fit or align to the cube's buffers, and accumulators read
after they were updated in place or carried in any way other than `scf.for`
iter_args.
"""

from __future__ import annotations

import functools
from typing import Dict, List

from mlir import ir
from mlir.dialects import arith
from mlir.rewrite import RewritePatternSet

from .. import _ptonz
from .._ptonz import (DYNAMIC, PLTileType, PtrType,
                      TensorViewType, TileBufType, build_make_tensor_view, build_partition_view,
                      build_tile_store, layout_attr, lower_tile_load)
from ..dialects import pto
from ..analyses.cube_geometry import (ACCUMULATOR, CAPACITY, HARDWARE_NAME, k_align, l0_k_chunk,
                                      m_align, n_align, tile_bytes)
from ..analyses.ir_queries import bit_width, functions, ops_named
from ..diagnostics import format_location
from ..analyses.nz_geometry import default_strides
from ._util import constant_pool, error
from .base import ModulePass, register
from .pl_tiles import TILE_OPS, CubeLowering, is_tile, mark_entry

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
PL_OPS = TENSOR_OPS + ("pl.get_block_idx", "pl.get_block_num") + TILE_OPS
# Ops that may have regions carrying pl tiles (only scf.for iter_args may).
REGION_OPS = ("scf.for", "scf.if", "scf.while", "scf.execute_region", "scf.index_switch",
              "scf.parallel", "scf.forall")


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
            elif op.name in TILE_OPS:
                self.matmul(op)
        names = [op.name for op in pl_ops]
        for op, name in zip(pl_ops, names):
            if name == "pl.tile.load":
                self.loaded_tile_uses(op.results[0])
        if any(name in TILE_OPS for name in names):
            for tile in ([op.results[0] for op, name in zip(pl_ops, names) if name in TILE_OPS]
                         + self.carried(func)):
                self.tile_uses(tile)

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
            tile = PLTileType(op.results[0].type)
            rows, cols = list(tile.shape)
            size = tile_bytes(rows, cols, bit_width(tile.element_type))
            if memory in CAPACITY and size > CAPACITY[memory]:
                return self.reject(op, f"the {rows}x{cols}x{tile.element_type} tile needs {size} "
                                   f"bytes, more than the {CAPACITY[memory]} bytes of {memory} "
                                   f"({HARDWARE_NAME[memory]}) on A2/A3; load a smaller tile")
        elif name == "pl.tile.store":
            producer = op.operands[0].owner
            producer = getattr(producer, "operation", producer)
            if isinstance(producer, ir.Block) or producer.name not in (
                    ("pl.tile.load", "scf.for") + TILE_OPS):
                return self.reject(op, "pl.tile.store must store a tile made by pl.tile.load, "
                                   "pl.tile.matmul or pl.tile.matmul_acc")
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

    def matmul(self, op: ir.Operation) -> None:
        """What the cube's buffers and moves need (the op verifier checked
        shapes, memories and element types)."""
        operands = list(op.operands)
        lhs, rhs = (operands[1:] if op.name == "pl.tile.matmul_acc" else operands)
        b_trans = "b_trans" in op.attributes
        lhs_t, rhs_t = PLTileType(lhs.type), PLTileType(rhs.type)
        elem = str(lhs_t.element_type)
        bits = bit_width(lhs_t.element_type)
        (m, k), rs = list(lhs_t.shape), list(rhs_t.shape)
        n = rs[0] if b_trans else rs[1]
        ka, na, ma = k_align(bits), n_align(bits, b_trans), m_align()
        bad = [f"{what} = {v} is not a multiple of {a}"
               for what, v, a in (("M", m, ma), ("K", k, ka), ("N", n, na)) if v % a]
        if bad:
            return self.reject(op, f"{'; '.join(bad)}: the cube moves {elem} tiles in 16-row "
                               f"fractals and 32-byte C0 lines (M % {ma}, K % {ka}, N % {na}"
                               f"{'' if b_trans else ' without b_trans'}); pad or re-tile "
                               "the operands")
        acc_bytes = tile_bytes(m, n, bit_width_of(ACCUMULATOR[elem]))
        if acc_bytes > CAPACITY["acc"]:
            return self.reject(op, f"the {m}x{n}x{ACCUMULATOR[elem]} accumulator needs "
                               f"{acc_bytes} bytes, more than the {CAPACITY['acc']} bytes of "
                               f"acc ({HARDWARE_NAME['acc']}) on A2/A3; use smaller M or N tiles")
        if l0_k_chunk(m, k, n, bits) is None:
            return self.reject(op, f"not even a {ka}-wide K chunk of the operands fits L0: "
                               f"left {m}x{ka}x{elem} and right {ka}x{n}x{elem} must each fit "
                               f"{CAPACITY['left']} bytes; use smaller M or N tiles")

    def carried(self, func) -> List[ir.Value]:
        """The pl tiles carried by loops (iter_args and results), after
        checking that only accumulators are carried, by scf.for, in place."""
        values: List[ir.Value] = []
        for loop in ops_named(func.operation, *REGION_OPS):
            loop = loop.operation
            indices = [i for i, r in enumerate(loop.results) if is_tile(r.type)]
            if not indices:
                continue
            if loop.name != "scf.for":
                self.reject(loop, f"a pl tile is a result of {loop.name}; pl tiles can only be "
                            "carried through scf.for iter_args (an accumulator updated with "
                            "pl.tile.matmul_acc)")
                continue
            body = loop.regions[0].blocks[0]
            yielded = body.operations[len(body.operations) - 1].operands
            for i in indices:
                init = loop.operands[3 + i]
                arg = body.arguments[1 + i]
                if PLTileType(init.type).memory != "acc":
                    self.reject(loop, f"iter_arg #{i} carries a {PLTileType(init.type).memory} "
                                "tile; only an accumulator (an acc tile from pl.tile.matmul) can "
                                "be loop-carried: load mat/vec tiles in each iteration instead")
                    continue
                if not _updates_in_place(yielded[i], arg):
                    self.reject(yielded[i].owner if not isinstance(yielded[i].owner, ir.Block)
                                else loop,
                                f"the loop yields for iter_arg #{i} a value that is not the "
                                "iter_arg updated in place by pl.tile.matmul_acc: the "
                                "accumulator is one acc tile, so a loop can only accumulate "
                                "into the tile it carries")
                    continue
                values += [arg, loop.results[i]]
        return values

    def loaded_tile_uses(self, tile: ir.Value) -> None:
        """A loaded (mat/vec) tile is an operand of stores and matmuls only
        (one C++ query: most kernels have many loads)."""
        foreign = _ptonz.foreign_users(tile, ["pl.tile.store"] + list(TILE_OPS))
        if foreign:
            self.tile_uses(tile)

    def tile_uses(self, tile: ir.Value) -> None:
        """Who may read a pl tile; an accumulator is updated in place, so
        nothing may read it after its update."""
        memory = PLTileType(tile.type).memory
        updaters, stores = [], []
        for use in tile.uses:
            user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
            name = user.name
            if name == "pl.tile.store":
                stores.append(user)
            elif name in TILE_OPS and not (name == "pl.tile.matmul_acc" and use.operand_number == 0):
                pass  # an operand (the verifier checked it is a mat tile)
            elif name == "scf.yield" and user.parent.name != "scf.for":
                pass  # rejected at its region op (only scf.for may carry tiles)
            elif memory == "acc" and (name in ("pl.tile.matmul_acc", "scf.yield")
                                      or (name == "scf.for" and use.operand_number >= 3)):
                updaters.append(user)
            elif name in ("scf.for", "scf.yield"):
                self.reject(user, f"a {memory} pl tile is carried by a loop; only an accumulator "
                            "(an acc tile from pl.tile.matmul) can be loop-carried: load "
                            "mat/vec tiles in each iteration instead")
            else:
                self.reject(user, f"a pl tile is used by '{name}', which {PASS} cannot lower "
                            "(pl tiles are read by pl.tile.store, pl.tile.matmul and "
                            "pl.tile.matmul_acc)")
        updaters.sort(key=functools.cmp_to_key(_program_order))
        if len(updaters) > 1:
            return self.reject(updaters[1], "this accumulator is already updated by "
                               f"'{updaters[0].name}' ({format_location(updaters[0].location)}):"
                               " pl.tile.matmul_acc and loops update an accumulator in place, so "
                               "it can be updated only once; start another one with "
                               "pl.tile.matmul")
        if updaters:
            first = updaters[0]
            for store in stores:
                if store.block != first.block or not store.is_before_in_block(first):
                    self.reject(store, "this store reads an accumulator after "
                                f"'{first.name}' ({format_location(first.location)}) updated "
                                "it in place; store the updated value instead")


def _program_order(a: ir.Operation, b: ir.Operation) -> int:
    """Order of two ops of one block (others compare equal: the sort is stable)."""
    if a.block != b.block or a == b:
        return 0
    return -1 if a.is_before_in_block(b) else 1


def bit_width_of(name: str) -> int:
    return {"i32": 32, "f32": 32}[name]


def _updates_in_place(value: ir.Value, arg: ir.Value) -> bool:
    """Whether `value` is `arg` or `arg` updated in place: through
    pl.tile.matmul_acc accumulators and nested scf.for inits."""
    while True:
        if value == arg:
            return True
        owner = value.owner
        if isinstance(owner, ir.Block):
            return False
        owner = getattr(owner, "operation", owner)
        if owner.name == "pl.tile.matmul_acc":
            value = owner.operands[0]
        elif owner.name == "scf.for":
            value = owner.operands[3 + ir.OpResult(value).result_number]
        else:
            return False


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


def _tile_ops_in_order(func) -> List[ir.Operation]:
    """The matmuls, stores and accumulator loops of `func`, a loop before the
    ops in its body (program order)."""
    found: List[ir.Operation] = []
    names = ("pl.tile.store",) + TILE_OPS

    def visit(op):
        if op.name in names or (op.name == "scf.for"
                                and any(is_tile(r.type) for r in op.results)):
            found.append(op)
        return ir.WalkResult.ADVANCE

    func.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def _is_loaded_store(op: ir.Operation) -> bool:
    producer = op.operands[0].owner
    return not isinstance(producer, ir.Block) and producer.name == "pl.tile.load"


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
            has_tiles = any(op.name in TILE_OPS for op in pl_ops)
            only_cube = has_tiles and not any(
                op.name == "pl.tile.load" and _ptonz.pl_load_info(op)[1] == "vec"
                for op in pl_ops)
            with constant_pool(func) as fn.pool:
                fn.views = _make_views(func, fn.pool, tensor_args)
                # Loads (and the stores of loaded tiles) first: a pattern each.
                _ptonz.apply_patterns_to(
                    [op for op in pl_ops if op.name not in TILE_OPS
                     and (op.name != "pl.tile.store" or _is_loaded_store(op))]
                    if has_tiles else pl_ops, frozen)
                if has_tiles:
                    cube = CubeLowering(func, fn.views, fn.pool)
                    cube.run(_tile_ops_in_order(func))
            mark_entry(func, cube=only_cube)
        return ok
