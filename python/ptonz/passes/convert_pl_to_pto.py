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
tiles that do not fit or align to the cube's buffers, accumulators read
after they were updated in place or carried in any way other than `scf.for`
iter_args, pl tiles passed as function arguments (a kernel cannot be handed
an on-chip buffer), element types PTOAS has no C++ type for
(`ptoas_facts.element_type_problem`) and constant valid extents below 1.
"""

from __future__ import annotations

import functools
from typing import Dict, List, Optional, Tuple

from mlir import ir
from ptonz_geometry import (
    INDEX32_MAX,
    MX_LAYOUTS,
    MX_NAMES,
    default_strides,
    element_bits,
    fold_leading,
    fold_strides,
    int64_stride_message,
    stride_past_int64,
)

from .. import _ptonz
from .._ptonz import (
    DYNAMIC,
    PLTensorType,
    PLTileType,
    build_make_tensor_view,
)
from ..analyses.cube_geometry import (
    ACCUMULATOR,
    CAPACITY,
    HARDWARE_NAME,
    k_align,
    l0_k_chunk,
    m_align,
    n_align,
    tile_bytes,
)
from ..analyses.int_ranges import FunctionRanges
from ..analyses.ir_queries import bit_width, function_type, ops_named
from ..diagnostics import format_location
from ..analyses.ptoas_facts import element_type_problem
from ..analyses.view_kinds import BLOCKED_LAYOUTS
from ._util import constant_pool, derived_name, error, linear_sum, name_of, named
from .base import ModulePass, register
from .pl_tiles import (
    CUBE_ENTRY_ATTR,
    TILE_CONFIGS,
    TILE_OPS,
    CubeLowering,
    is_tile,
    mark_entry,
    TileBufSpec,
    tile_buf_spec,
)

PASS = "convert-pl-to-pto"

LOADABLE = ("mat", "vec")  # TLOAD writes vec or mat tiles


def tile_spec_for(tile: PLTileType, valid=None, layout: str = "") -> TileBufSpec:
    """The !pto.tile_buf a load of `tile` writes. `valid`: the load's
    valid_shape (an int per constant dim, else None); `layout`: the loaded
    tensor's (an MX scale load writes an MX scale tile)."""
    config = TILE_CONFIGS[layout if layout in MX_LAYOUTS else tile.memory]
    shape = list(tile.shape)
    rows, cols = shape if len(shape) == 2 else [1, shape[0]]
    valid_row = valid_col = None
    if valid:
        vr, vc = valid if len(valid) == 2 else [1, valid[0]]
        valid_row = DYNAMIC if vr is None else vr
        valid_col = DYNAMIC if vc is None else vc
    return tile_buf_spec(config, tile.element_type, rows, cols, valid_row, valid_col)


# The pl ops that read or write a tensor, and every pl op this pass rewrites.
TENSOR_OPS = (
    "pl.tile.load",
    "pl.tile.store",
    "pl.remote_load",
    "pl.tensor.view",
    "pl.tensor.reinterpret_view",
    "pl.tensor.reshape",
)
# The ops that make a tensor from a tensor (lowered to a pointer and a view).
TENSOR_MAKERS = ("pl.tensor.view", "pl.tensor.reshape", "pl.tensor.reinterpret_view")
# What may read a loaded tile without tile_uses' checks.
TILE_READERS = ["pl.tile.store", *TILE_OPS]
# The fields of a pl.tile.load's `_ptonz.pl_op_facts` (after its name).
LOAD_LAYOUT, LOAD_MEMORY, LOAD_VALID, LOAD_TILE, LOAD_FOREIGN_READERS, LOAD_FROM_RESHAPE = range(
    1, 7
)
# What may use a tensor: the tensor ops, and func.call (the callee gets the pointer).
TENSOR_USERS = TENSOR_OPS + ("func.call",)
PL_OPS = TENSOR_OPS + ("pl.get_block_idx", "pl.get_block_num") + TILE_OPS
# Ops that may have regions carrying pl tiles (only scf.for iter_args may).
REGION_OPS = (
    "scf.for",
    "scf.if",
    "scf.while",
    "scf.execute_region",
    "scf.index_switch",
    "scf.parallel",
    "scf.forall",
)


class _Validator:
    def __init__(self, func, facts=None):
        self.ok = True
        # What a pass run knows of each type it has seen (kernels repeat a
        # few tile and element types): a tile type's (element type, dims,
        # bytes), an element type's element_type_problem, and the int64
        # stride check of a (shape, layout).
        self.facts: Dict = {} if facts is None else facts
        self.func = func
        self.ranges = None
        # pl.tensor.view of NZ -> its element offset: ("fold", [(offset, elements), ..]) or int
        self.slices: Dict[ir.Operation, object] = {}
        self.flat_nz = set()  # results of whole-tensor flattens of NZ tensors
        self.checked_calls = set()
        self.rejections = 0
        # The facts (`_ptonz.pl_op_facts`) of the loads and stores that
        # passed every rule in this pass run: an op alike in all of them
        # passes too, so a kernel's few kinds of load are checked once.
        self.passed: set = self.facts.setdefault("passed", set())
        self.op_facts: list = []  # of the pl ops `check` was given

    def reject(self, op, msg: str, notes=()) -> None:
        error(op.location, f"{PASS}: {msg}", notes)
        self.ok = False
        self.rejections += 1

    def check(self, func, tensor_args, pl_ops, has_tile_args: bool = True) -> None:
        """`tensor_args`: `_ptonz.pl_tensor_args(func)`; `pl_ops`: its pl ops;
        `has_tile_args`: `_ptonz.has_pl_tile_args(func)` (reading each
        argument's type from Python costs ~5 us)."""
        for index, arg, shape, layout, elem in tensor_args:
            self.argument(func, index, arg, shape, layout, elem)
        for index, arg in _tile_arguments(func) if has_tile_args else ():
            self.tile_argument(func, index, arg)
        self.op_facts = _ptonz.pl_op_facts(pl_ops, TILE_READERS)
        for op, facts in zip(pl_ops, self.op_facts):
            name = facts[0]
            if name in TENSOR_OPS:
                self.tensor_op(op, facts)
            elif name in TILE_OPS:
                self.matmul(op)
        names = [facts[0] for facts in self.op_facts]
        if any(name in TILE_OPS for name in names):
            for tile in [
                op.results[0] for op, name in zip(pl_ops, names) if name in TILE_OPS
            ] + self.carried(func):
                self.tile_uses(tile)

    def argument(self, func, index: int, arg: ir.Value, shape, layout: str, elem) -> None:
        """`elem`: the tensor's element type."""
        if any(d == DYNAMIC for d in shape):
            return self.reject(
                func,
                f"argument #{index} has a dynamic shape "
                f"({arg.type}): make_tensor_view needs the logical shape as "
                "constants; give the tensor a static shape",
            )
        # NZ and MX views get their strides when they are blocked (checked there).
        big: Optional[Tuple[int, int]] = None
        if layout not in BLOCKED_LAYOUTS:
            key = ("strides", tuple(shape), layout)
            if key not in self.facts:
                self.facts[key] = stride_past_int64(list(shape), layout)
            big = self.facts[key]
        if big is not None:
            return self.reject(
                func,
                f"argument #{index} ({arg.type}): "
                + int64_stride_message(*big, view="its view", spans="the tensor"),
            )
        problem = self.element_problem(elem)
        if problem is not None and not _has_uses(arg):  # else its loads and stores say it
            return self.reject(
                func,
                f"argument #{index} ({arg.type}): {problem}; use one of those element types",
            )
        self.tensor_users(arg)

    def tile_argument(self, func, index: int, arg: ir.Value) -> None:
        """A pl tile is never a function argument (README, Decisions): every
        lowered function is a kernel, and a tile lives in an on-chip buffer of
        the core that runs it, so no caller can hand one over. Rejected at
        each op that uses it (pl.tile.store says so itself), else at the
        function."""
        what = f"argument #{index}, a pl tile ({arg.type})"
        why = (
            "every function lowered from pl is a kernel (pto.entry), whose arguments are GM "
            "pointers and scalars, and a tile lives in an on-chip buffer that no caller can "
            "pass; pass the tensor instead and pl.tile.load the tile in this function"
        )
        users = []
        for use in arg.uses:
            user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
            if user not in users:
                users.append(user)
        if not users:
            return self.reject(func, f"{what}, cannot be lowered: {why}")
        for user in users:
            if user.name != "pl.tile.store":  # rejected by op(): not a loaded or computed tile
                self.reject(user, f"'{user.name}' reads {what}: {why}")

    def tensor_users(self, value: ir.Value) -> None:
        # One C++ call: the users that are not pl tensor ops (usually none).
        for user in _ptonz.foreign_users(value, list(TENSOR_OPS)):
            if user.name == "func.call":
                self.call(user)
                continue
            self.reject(
                user,
                f"a !pl.tensor is used by '{user.name}', which "
                f"{PASS} cannot lower; only pl.tile.load / pl.tile.store, "
                "pl.tensor.view / pl.tensor.reshape and func.call use a tensor",
            )

    def call(self, op) -> None:
        if op in self.checked_calls:  # once per call, not per tensor operand
            return
        self.checked_calls.add(op)
        """A tensor passed to a function: the callee gets the pointer, so it must
        be a function of this module that takes the same !pl.tensor."""
        callee = op.opview.callee.value
        target = _lookup_function(op, callee, self.facts)
        if target is None or not target.regions[0].blocks:
            self.reject(
                op,
                f"a !pl.tensor is passed to @{callee}, which is not a function "
                "of this module: its pl tensor arguments must be lowered with it",
            )

    def tensor_op(self, op: ir.Operation, facts: tuple) -> None:
        """The rules of a tensor op (`op`), once per kind: a load or store
        whose `facts` passed them before passes again (they read nothing
        else; a load whose tile has other readers, or that reads a
        flattened tensor, is checked by itself)."""
        alike = facts[0] == "pl.tile.store" or (
            facts[0] == "pl.tile.load"
            and not facts[LOAD_FOREIGN_READERS]
            and not facts[LOAD_FROM_RESHAPE]
        )
        if alike and facts in self.passed:
            return
        rejections = self.rejections
        self.op(op, facts)
        if alike and self.rejections == rejections:
            self.passed.add(facts)

    def op(self, op: ir.Operation, facts: tuple) -> None:
        """`facts`: the op's `_ptonz.pl_op_facts`."""
        name = facts[0]
        if name == "pl.tile.load":
            layout, memory = facts[LOAD_LAYOUT], facts[LOAD_MEMORY]
            if layout == "nz" and memory != "mat":
                return self.reject(
                    op,
                    f"an NZ tensor can only be loaded into mat memory (got "
                    f"{memory}): NZ->NZ loads feed the cube's B operand; "
                    "load into mat, or annotate the tensor nd",
                )
            if layout in MX_LAYOUTS:
                if memory != "mat":
                    return self.reject(
                        op,
                        f"an {MX_NAMES[layout]} scale tensor can only be "
                        f"loaded into mat memory (got {memory}): MX scale loads "
                        "feed the cube (pypto's target_memory=pl.Mem.Mat); load "
                        "into mat",
                    )
            if memory not in LOADABLE:
                return self.reject(
                    op,
                    f"pl.tile.load into {memory} memory has no single "
                    "pto.tload form (TLOAD writes vec or mat tiles); load into "
                    "mat and move the tile",
                )
            if self.flat_nz and op.operands[0] in self.flat_nz:
                self.whole_read(op)
            valid = facts[LOAD_VALID]
            empty = [(i, v) for i, v in enumerate(valid) if v is not None and v <= 0]
            if empty:
                i, v = empty[0]
                return self.reject(
                    op,
                    f"valid_shape[{i}] = {v}: a load of no elements (an "
                    "empty valid region) is no tload PTOAS can describe (it "
                    "needs every partition size positive); do not load it: "
                    "stop the loop at the last full or partial tile, or give "
                    "a valid size of at least 1 (a multiple of 16 rows for NZ)",
                )
            # A loaded tile is read by stores and matmuls only (tile_uses says
            # why otherwise).
            if facts[LOAD_FOREIGN_READERS]:
                self.tile_uses(op.results[0])
            tile_t = op.results[0].type
            tile = self.facts.get(tile_t)
            if tile is None:
                t = PLTileType(tile_t)
                dims = list(t.shape)
                rows, cols = ([1] + dims)[-2:]
                tile = self.facts[tile_t] = (
                    t.element_type,
                    dims,
                    tile_bytes(rows, cols, bit_width(t.element_type)),
                )
            elem, dims, size = tile
            if not self.element_type(op, elem, "load"):
                return
            if memory in CAPACITY and size > CAPACITY[memory]:
                return self.reject(
                    op,
                    f"the {'x'.join(map(str, dims))}x{elem} tile needs {size} "
                    f"bytes, more than the {CAPACITY[memory]} bytes of {memory} "
                    f"({HARDWARE_NAME[memory]}) on A2/A3; load a smaller tile",
                )
        elif name == "pl.tile.store":
            producer = op.operands[0].owner
            producer = getattr(producer, "operation", producer)
            if isinstance(producer, ir.Block) or producer.name not in (
                ("pl.tile.load", "scf.for") + TILE_OPS
            ):
                return self.reject(
                    op,
                    "pl.tile.store must store a tile made by pl.tile.load, "
                    "pl.tile.matmul or pl.tile.matmul_acc",
                )
            if not self.element_type(op, op.operands[1].type.element_type, "store"):
                return
            if op.operands[1].type.layout == "nz":
                return self.reject(
                    op,
                    "an NZ tensor cannot be a store destination: ptonz's NZ "
                    "support is read-only (weights already packed in GM); store "
                    "to an nd tensor",
                )
        elif name == "pl.remote_load":
            if op.operands[0].type.layout == "nz":
                return self.reject(
                    op,
                    "distributed (remote) loads of an NZ tensor are not "
                    "supported: remote_load has no blocked NZ form; annotate the "
                    "remote tensor nd",
                )
            return self.reject(
                op,
                "pl.remote_load has no pto lowering in ptonz; lower "
                "distributed loads with your runtime before this pass",
            )
        elif name == "pl.tensor.view" and op.operands[0].type.layout == "nz":
            self.nz_slice(op)
        elif name == "pl.tensor.view" and op.operands[0].type.layout in MX_LAYOUTS:
            return self.reject(
                op,
                f"a window of an {MX_NAMES[op.operands[0].type.layout]} "
                "scale tensor has no view of its own (its boxes are scattered "
                "over the blocked form); window it with pl.tile.load / "
                "pl.tile.store offsets (pto-block-mx-scale-views blocks them)",
            )
        elif name == "pl.tensor.reinterpret_view" and (
            op.operands[0].type.layout in MX_LAYOUTS or op.results[0].type.layout in MX_LAYOUTS
        ):
            self.mx_alias(op)
        elif name == "pl.tensor.reshape":
            self.reshape(op)
        else:
            return self.reject(
                op,
                f"{name} has no pto lowering in ptonz; slice tensors with "
                "pl.tile.load / pl.tile.store offsets instead",
            )

    def element_problem(self, elem: ir.Type):
        """element_type_problem of `elem` (once per pass run and type: it
        prints the type)."""
        problem = self.facts.get(("element", elem), False)
        if problem is False:
            problem = self.facts[("element", elem)] = element_type_problem(str(elem))
        return problem

    def element_type(self, op, elem: ir.Type, what: str) -> bool:
        """Whether PTOAS has a C++ type for the elements a load or store moves
        (else rejected at `op`)."""
        problem = self.element_problem(elem)
        if problem is not None:
            self.reject(
                op,
                f"cannot {what} {elem} elements: {problem}, so it cannot assemble "
                f"this {what}; use one of those element types (move the bytes as an "
                "integer of the same width and reinterpret them on chip)",
            )
        return problem is None

    def matmul(self, op: ir.Operation) -> None:
        """What the cube's buffers and moves need (the op verifier checked
        shapes, memories and element types)."""
        operands = list(op.operands)
        lhs, rhs = operands[1:] if op.name == "pl.tile.matmul_acc" else operands
        b_trans = "b_trans" in op.attributes
        lhs_t, rhs_t = PLTileType(lhs.type), PLTileType(rhs.type)
        elem = str(lhs_t.element_type)
        bits = bit_width(lhs_t.element_type)
        (m, k), rs = list(lhs_t.shape), list(rhs_t.shape)
        n = rs[0] if b_trans else rs[1]
        ka, na, ma = k_align(bits), n_align(bits, b_trans), m_align()
        bad = [
            f"{what} = {v} is not a multiple of {a}"
            for what, v, a in (("M", m, ma), ("K", k, ka), ("N", n, na))
            if v % a
        ]
        if bad:
            return self.reject(
                op,
                f"{'; '.join(bad)}: the cube moves {elem} tiles in 16-row "
                f"fractals and 32-byte C0 lines (M % {ma}, K % {ka}, N % {na}"
                f"{'' if b_trans else ' without b_trans'}); pad or re-tile "
                "the operands",
            )
        acc_bytes = tile_bytes(m, n, element_bits(ACCUMULATOR[elem]))
        if acc_bytes > CAPACITY["acc"]:
            return self.reject(
                op,
                f"the {m}x{n}x{ACCUMULATOR[elem]} accumulator needs "
                f"{acc_bytes} bytes, more than the {CAPACITY['acc']} bytes of "
                f"acc ({HARDWARE_NAME['acc']}) on A2/A3; use smaller M or N tiles",
            )
        if l0_k_chunk(m, k, n, bits) is None:
            return self.reject(
                op,
                f"not even a {ka}-wide K chunk of the operands fits L0: "
                f"left {m}x{ka}x{elem} and right {ka}x{n}x{elem} must each fit "
                f"{CAPACITY['left']} bytes; use smaller M or N tiles",
            )

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
                self.reject(
                    loop,
                    f"a pl tile is a result of {loop.name}; pl tiles can only be "
                    "carried through scf.for iter_args (an accumulator updated with "
                    "pl.tile.matmul_acc)",
                )
                continue
            body = loop.regions[0].blocks[0]
            yielded = body.operations[len(body.operations) - 1].operands
            for i in indices:
                init = loop.operands[3 + i]
                arg = body.arguments[1 + i]
                if PLTileType(init.type).memory != "acc":
                    self.reject(
                        loop,
                        f"iter_arg #{i} carries a {PLTileType(init.type).memory} "
                        "tile; only an accumulator (an acc tile from pl.tile.matmul) can "
                        "be loop-carried: load mat/vec tiles in each iteration instead",
                    )
                    continue
                if not _updates_in_place(yielded[i], arg):
                    self.reject(
                        yielded[i].owner if not isinstance(yielded[i].owner, ir.Block) else loop,
                        f"the loop yields for iter_arg #{i} a value that is not the "
                        "iter_arg updated in place by pl.tile.matmul_acc: the "
                        "accumulator is one acc tile, so a loop can only accumulate "
                        "into the tile it carries",
                    )
                    continue
                values += [arg, loop.results[i]]
        return values

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
            elif name in TILE_OPS and not (
                name == "pl.tile.matmul_acc" and use.operand_number == 0
            ):
                pass  # an operand (the verifier checked it is a mat tile)
            elif name == "scf.yield" and user.parent.name != "scf.for":
                pass  # rejected at its region op (only scf.for may carry tiles)
            elif memory == "acc" and (
                name in ("pl.tile.matmul_acc", "scf.yield")
                or (name == "scf.for" and use.operand_number >= 3)
            ):
                updaters.append(user)
            elif name in ("scf.for", "scf.yield"):
                self.reject(
                    user,
                    f"a {memory} pl tile is carried by a loop; only an accumulator "
                    "(an acc tile from pl.tile.matmul) can be loop-carried: load "
                    "mat/vec tiles in each iteration instead",
                )
            else:
                self.reject(
                    user,
                    f"a pl tile is used by '{name}', which {PASS} cannot lower "
                    "(pl tiles are read by pl.tile.store, pl.tile.matmul and "
                    "pl.tile.matmul_acc)",
                )
        updaters.sort(key=functools.cmp_to_key(_program_order))
        if len(updaters) > 1:
            return self.reject(
                updaters[1],
                "this accumulator is already updated by "
                f"'{updaters[0].name}' ({format_location(updaters[0].location)}):"
                " pl.tile.matmul_acc and loops update an accumulator in place, so "
                "it can be updated only once; start another one with "
                "pl.tile.matmul",
            )
        if updaters:
            first = updaters[0]
            for store in stores:
                if store.block != first.block or not store.is_before_in_block(first):
                    self.reject(
                        store,
                        "this store reads an accumulator after "
                        f"'{first.name}' ({format_location(first.location)}) updated "
                        "it in place; store the updated value instead",
                    )

    # -- NZ slices: windows on the leading axes ------------------------------

    def nz_slice(self, op) -> None:
        """A pl.tensor.view of an NZ tensor that narrows only leading axes is a
        contiguous run of whole [R, C] matrices: a pointer offset."""
        src, res = op.operands[0].type, op.results[0].type
        sshape, rshape = list(src.shape), list(res.shape)
        offsets = list(op.operands[1:])
        if any(d == DYNAMIC for d in sshape + rshape):
            return self.reject(
                op,
                "a slice of an NZ tensor needs static source and result "
                "shapes (its pointer offset is proven from them)",
            )
        trailing_offsets = [_ptonz.constant_int(o) for o in offsets[-2:]]
        if rshape[-2:] != sshape[-2:] or trailing_offsets != [0, 0]:
            return self.reject(
                op,
                "an NZ tensor keeps its byte order under slicing the leading "
                f"axes only: this slice ({sshape} -> {rshape}) narrows the "
                "trailing [R, C] fractal plane, whose rows and columns are "
                "scattered over every column block (no pointer offset or "
                "stride describes them); slice only leading axes here and "
                "window the rows and columns with pl.tile.load offsets",
            )
        lead_src, lead_res = sshape[:-2], rshape[:-2]
        narrowed = [i for i, (e, r) in enumerate(zip(lead_src, lead_res)) if r != e]
        # Contiguous batches: size 1 before one windowed axis, whole axes after it.
        spanning = [i for i, r in enumerate(lead_res) if r > 1]
        if narrowed and spanning and spanning[0] < narrowed[-1]:
            return self.reject(
                op,
                f"a slice of an NZ tensor may put a window on one leading "
                f"axis only, below axes of size 1: {sshape} -> {rshape} narrows "
                f"axis {narrowed[-1]} under axis {spanning[0]}, which spans "
                f"{lead_res[spanning[0]]} entries, so the batches it names are "
                "not one contiguous run (folding them into the batch slot "
                "would read other batches); slice one leading axis at a time "
                "in separate tensors, or load each batch with pl.tile.load",
            )
        batches, rows, cols = fold_leading(sshape)
        plane = rows * cols
        total = plane * batches
        if total - 1 > INDEX32_MAX:
            return self.reject(
                op,
                f"an NZ tensor of {total} elements: the element offset of "
                "a slice does not fit a 32-bit index, so it cannot be proven "
                "exact",
            )
        terms = []
        strides = fold_strides(lead_src, plane)
        for i in reversed(range(len(lead_src))):  # the innermost axis is checked first
            o, E, r = offsets[i], lead_src[i], lead_res[i]
            c = _ptonz.constant_int(o)
            if c is not None:
                if not 0 <= c <= E - r:
                    return self.reject(
                        op,
                        f"leading offset {c} on axis {i} puts the slice "
                        f"outside the tensor ({r} of {E} entries)",
                    )
                terms.append((c, strides[i]))
            else:
                if self.ranges is None:
                    self.ranges = FunctionRanges(self.func)
                rng = self.ranges.of(o)
                if rng is None or rng.smin < 0 or rng.smax > E - r:
                    return self.reject(
                        op,
                        f"cannot prove that the leading offset on axis {i} "
                        f"of this NZ slice is in [0, {E - r}] (its range is "
                        f"{rng}): its pointer offset would be guessed; bound "
                        "the offset (a loop over the axis, arith.remui/minui "
                        "by the extent)",
                    )
                terms.append((o, strides[i]))
        self.slices[op] = terms
        self.tensor_users(op.results[0])

    # -- MX backing aliases ----------------------------------------------------

    def mx_alias(self, op) -> None:
        """pypto's shaped FP8E8M0 backing alias: the same bytes as raw nd bytes
        or as an MX scale tensor (the verifier checked the layouts, the
        element type and the byte count); a view of the same pointer."""
        src, res = op.operands[0].type, op.results[0].type
        if any(d == DYNAMIC for d in list(src.shape) + list(res.shape)):
            return self.reject(op, "an MX backing alias needs static source and result shapes")
        self.tensor_users(op.results[0])

    # -- reshapes -------------------------------------------------------------

    def reshape(self, op) -> None:
        src, res = op.operands[0].type, op.results[0].type
        if src.layout == "nz":
            count = 1
            for d in src.shape:
                count *= d
            if list(res.shape) != [count]:
                return self.reject(
                    op,
                    f"of an NZ tensor only a whole-tensor 'tensor.reshape' "
                    f"flatten to [{count}] is defined: its elements are the GM "
                    "bytes in NZ order, which a reshape to "
                    f"{list(res.shape)} would pair as if row-major; keep the "
                    "logical shape and read it with pl.tile.load",
                )
            self.flat_nz.add(op.results[0])
            for use in op.results[0].uses:
                if use.owner.name != "pl.tile.load":
                    self.reject(
                        use.owner,
                        f"a flattened NZ tensor may only be read whole by "
                        "pl.tile.load (a prefetch): it is read-only, and "
                        f"'{use.owner.name}' could window it; pass or use the "
                        "logical NZ tensor instead",
                    )
            return
        self.tensor_users(op.results[0])

    def whole_read(self, load) -> None:
        """A read of a flattened NZ tensor must cover all of it (a prefetch)."""
        n = list(load.operands[0].type.shape)[0]
        off = _ptonz.constant_int(load.operands[1])
        sizes = list(load.opview.sizes)
        if off != 0 or sizes != [n]:
            self.reject(
                load,
                f"a flattened NZ tensor may only be read whole (offset 0, size "
                f"{n}: a prefetch of every byte, in any order); a windowed read of it "
                "returns NZ-ordered bytes, not logical elements; load the logical NZ "
                "tensor instead",
            )


def _tile_arguments(func) -> List[Tuple[int, ir.Value]]:
    """(index, argument) of the pl tile arguments of a function definition."""
    blocks = func.regions[0].blocks
    if not len(blocks):
        return []
    return [(i, a) for i, a in enumerate(blocks[0].arguments) if is_tile(a.type)]


def _has_uses(value: ir.Value) -> bool:
    for _use in value.uses:
        return True
    return False


def _program_order(a: ir.Operation, b: ir.Operation) -> int:
    """Order of two ops of one block (others compare equal: the sort is stable)."""
    if a.block != b.block or a == b:
        return 0
    return -1 if a.is_before_in_block(b) else 1


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


def _make_views(
    func, pool, tensor_args, makers, v: _Validator, needs, has_calls: bool
) -> Dict[ir.Value, ir.Value]:
    """Turn each !pl.tensor argument into !pto.ptr + make_tensor_view, and each
    pl.tensor.view / reshape (`makers`) into its view of the same pointer at
    an element offset (an NZ slice: whole [R, C] matrices further). A view at
    an offset is `make_tensor_view` of `pto.addptr`, the one use of addptr
    PTOAS lowers; so a tensor at an offset is passed to a function as its
    root pointer and the offset, an `index` argument the callee gets after
    its own (`needs`: the (callee, argument) pairs that take one; `has_calls`:
    whether any func.call passes a pl tensor). Returns the pl tensor -> pto
    view map."""
    views: Dict[ir.Value, ir.Value] = {}
    # pl tensor -> (root pointer, element offset value or None)
    at: Dict[ir.Value, tuple] = {}
    # After the entry block's constants, before its first other op: the views
    # appear in argument order.
    before = pool.after_constants()
    _ptonz.set_pointer_arguments(func.operation, [index for index, *_ in tensor_args])
    offset_args = {}
    if needs:
        name = ir.StringAttr(func.attributes["sym_name"]).value
        offset_args = _add_offset_arguments(
            func, [i for i, *_ in tensor_args if (name, i) in needs]
        )
    # Names: the view of argument `%w1` is `%w1_view` (`%arg3_view` for an
    # unnamed one: `_ptonz.argument_view_name`); a slice or reshape `%ws` is
    # replaced by its view `%ws`.
    for index, arg, shape, layout, _elem in tensor_args:
        at[arg] = (arg, offset_args.get(index))
        views[arg] = _view(
            before,
            at[arg],
            shape,
            layout,
            pool,
            func.location,
            _ptonz.argument_view_name(arg),
            v.facts,
        )
    for op in makers:
        src, res = op.operands[0], op.results[0]
        root, offset = at[src]
        if op in v.slices:
            with ir.InsertionPoint(op), named(op.location, derived_name(res, "_offset")):
                offset = _plus(offset, linear_sum(v.slices[op], pool))
        at[res] = (root, offset)
        if any(u.owner.name in ("pl.tile.load", "pl.tile.store") for u in res.uses):
            t = res.type
            views[res] = _view(
                op, at[res], list(t.shape), t.layout, pool, op.location, name_of(res), v.facts
            )
    if not has_calls:
        return views
    calls = {
        user
        for value in at
        for user in _ptonz.foreign_users(value, list(TENSOR_OPS))
        if user.name == "func.call"
    }
    for call in calls:
        _lower_call(call, at, needs, pool)
    return views


def _view(before, root_offset, shape, layout, pool, loc, name, known: Dict) -> ir.Value:
    """make_tensor_view of `root + offset` (pto.addptr) before `before`,
    named `name` (its pointer `<name>_ptr`, without a trailing `_view`).
    `known`: the pass run's cache (_Validator.facts) of each layout's
    attribute and each (shape, layout)'s strides."""
    root, offset = root_offset
    ptr = root
    if offset is not None:
        base = name[: -len("_view")] if name and name.endswith("_view") else name
        with ir.InsertionPoint(before), named(loc, base and base + "_ptr"):
            from ..dialects import pto  # the generated op classes: only when lowering

            ptr = pto.AddPtrOp(root.type, root, offset).result
    dynamic, strides = _view_form(shape, layout, known)
    return build_make_tensor_view(
        before,
        dynamic,
        ptr,
        shape,
        strides,
        pool,
        layout=layout,
        loc=loc,
        name=name or "",
    ).results[0]


def _view_form(shape, layout: str, known: Dict) -> tuple:
    """(result shape, strides) of the view of a tensor of `shape` and
    `layout` (the view's layout keyword too): all dims dynamic, as pypto's
    views are; NZ and MX views get their strides when they are blocked. Once
    per pass run (`known`: _Validator.facts)."""
    key = ("view", tuple(shape), layout)
    made = known.get(key)
    if made is None:
        strides = [] if layout in BLOCKED_LAYOUTS else default_strides(shape, layout)
        made = known[key] = ([DYNAMIC] * len(shape), strides)
    return made


def _plus(a: Optional[ir.Value], b: ir.Value) -> ir.Value:
    # An offset argument plus a slice's offset: the callers proved each part
    # (their sum stays inside the root tensor, which no single function sees).
    from mlir.dialects import arith  # the op classes: imported only where ops are built

    return b if a is None else arith.AddIOp(a, b).result


def _add_offset_arguments(func, indices) -> Dict[int, ir.Value]:
    """An `index` argument after the others for each tensor argument in
    `indices`: its element offset in the pointer the callers pass."""
    if not indices:
        return {}
    block = func.regions[0].blocks[0]
    ftype = function_type(func)
    index_t = ir.IndexType.get()
    out = {}
    for i in indices:  # `%w1` -> `%w1_offset`
        name = derived_name(block.arguments[i], "_offset", f"arg{i}")
        out[i] = block.add_argument(index_t, named(func.location, name))
    func.attributes["function_type"] = ir.TypeAttr.get(
        ir.FunctionType.get(list(ftype.inputs) + [index_t] * len(indices), list(ftype.results))
    )
    if "arg_attrs" in func.attributes:
        attrs = list(ir.ArrayAttr(func.attributes["arg_attrs"]))
        func.attributes["arg_attrs"] = ir.ArrayAttr.get(
            attrs + [ir.DictAttr.get({})] * len(indices)
        )
    return out


def _lower_call(call, at, needs, pool) -> None:
    """func.call: each pl tensor operand becomes its root pointer, and the
    callee's offset arguments get the offsets (0 where there is none)."""
    from mlir.dialects import func as func_d

    callee = call.opview.callee.value
    operands, extra = [], []
    for i, x in enumerate(call.operands):
        if x in at:
            root, offset = at[x]
            operands.append(root)
            if (callee, i) in needs:
                extra.append(offset if offset is not None else pool.get(0))
        else:
            operands.append(x)
    with ir.InsertionPoint(call), call.location:
        new = func_d.CallOp([r.type for r in call.results], callee, operands + extra)
    for name in list(call.attributes):  # the call's own attributes survive (pypto: launch fields)
        name = getattr(name, "name", name)
        if name not in new.attributes:
            new.attributes[name] = call.attributes[name]
    for old, r in zip(call.results, new.results):
        old.replace_all_uses_with(r)
    call.erase()


def offset_arguments(func_calls) -> Tuple[set, bool]:
    """The (function name, tensor argument) pairs whose callers may pass a
    tensor at an offset (an NZ slice, or such an argument passed on), and
    whether any func.call passes a pl tensor. `func_calls`: the module's
    func.call ops."""
    calls = []
    for call in func_calls:  # usually none
        if any(PLTensorType.isinstance(x.type) for x in call.operands):
            caller = call.parent
            while caller.name != "func.func":
                caller = caller.parent
            calls.append((ir.StringAttr(caller.attributes["sym_name"]).value, call))
    # Each tensor operand of a call is at an offset outright (an NZ slice
    # on its way), never, or if its caller's argument is: then it is passed
    # on. The pairs are closed over that with a worklist, each pair once
    # (rescanning every call per round was quadratic in a chain of calls).
    needs: set = set()
    passed_on: Dict[Tuple[str, int], List[Tuple[str, int]]] = {}
    for caller, call in calls:
        callee = call.opview.callee.value
        for i, x in enumerate(call.operands):
            if not PLTensorType.isinstance(x.type):
                continue
            source = _offset_source(x, caller)
            if source is True:
                needs.add((callee, i))
            elif source:
                passed_on.setdefault(source, []).append((callee, i))
    work = list(needs)
    while work:
        for target in passed_on.get(work.pop(), ()):
            if target not in needs:
                needs.add(target)
                work.append(target)
    return needs, bool(calls)


def _offset_source(value: ir.Value, caller: str) -> "bool | Tuple[str, int]":
    """Whether a tensor `caller` passes is at an offset: True (an NZ slice is
    on its way), False, or the (caller, argument) it comes from, at an
    offset if that argument is."""
    while True:  # a loop, not recursion: a chain of views may be long
        owner = value.owner
        if isinstance(owner, ir.Block):
            return (caller, value.arg_number)
        if owner.name == "pl.tensor.view" and PLTensorType(value.type).layout == "nz":
            return True
        if owner.name not in (
            "pl.tensor.view",
            "pl.tensor.reshape",
            "pl.tensor.reinterpret_view",
        ):
            return False
        value = owner.operands[0]


def _lookup_function(op, name: str, facts: Dict):
    """The func.func @name of the module enclosing `op`, else None. The
    module's symbol table is built once per pass run (`facts`): a scan per
    call made a module of many calls quadratic."""
    parent = op.parent
    while parent is not None and parent.name != "builtin.module":
        parent = parent.parent
    if parent is None:
        return None
    key = ("symbols", parent)
    table = facts.get(key)
    if table is None:
        table = facts[key] = ir.SymbolTable(parent)
    try:
        f = table[name]
    except KeyError:
        return None
    return f if f.operation.name == "func.func" else None


class _Function:
    """What the patterns need of the function being rewritten."""

    def __init__(self):
        self.views: Dict[ir.Value, ir.Value] = {}
        self.pool = None


def _lowering(fn: _Function, facts: Dict):
    """The rewrite of a function's loads, stores and block queries (`ops`, in
    order): what each becomes is decided here (the tile type of a load, the
    view of a load's or store's tensor), and `_ptonz.lower_pl_ops` builds it
    in one C++ call per function (the ops, their names and replacements:
    see there)."""

    def lower(ops, op_facts) -> None:
        """`op_facts`: the ops' `_ptonz.pl_op_facts`."""
        # A store's tile is lowered before it; a block query has no tile.
        tile_specs = [
            _load_tile_spec(op, f, facts) if f[0] == "pl.tile.load" else None
            for op, f in zip(ops, op_facts)
        ]
        _ptonz.lower_pl_ops(ops, tile_specs, list(fn.views.items()), fn.pool)

    return lower


def _load_tile_spec(load: ir.Operation, load_facts: tuple, facts: Dict) -> TileBufSpec:
    """The !pto.tile_buf a pl.tile.load (`load_facts`: its pl_op_facts)
    writes, once per kind of load and pass run (`facts`: _Validator.facts,
    shared by the plain and the one-at-a-time paths)."""
    # An MX scale load writes an MX scale tile.
    layout = load_facts[LOAD_LAYOUT]
    mx = layout if layout in MX_LAYOUTS else ""
    key = ("tile", load_facts[LOAD_TILE], load_facts[LOAD_VALID], mx)
    made = facts.get(key)
    if made is None:
        tile = PLTileType(load.results[0].type)
        made = facts[key] = tile_spec_for(tile, load_facts[LOAD_VALID], mx)
    return made


class _Verdicts(_Validator):
    """The rules without their reports: whether a kind of argument or op of
    the plain functions (`_ptonz.PLPlan`) passes. A function with a kind
    that fails is lowered one at a time, where the rules run again and
    report it at its own op."""

    def reject(self, op, msg: str, notes=()) -> None:
        self.ok = False
        self.rejections += 1


def _lower_plain_functions(plan, facts: Dict) -> None:
    """Check each kind of argument and op of the plain functions once and
    lower every plain function whose kinds all pass in one C++ call
    (`_ptonz.PLPlan`: the rewrite of `ConvertPLToPTO.run` for a function
    with no tensor maker, tile op or tile argument, whose calls pass its own
    arguments whole to functions of the module, in a module where no call
    passes a slice)."""
    v = _Verdicts(None, facts)
    forms = []
    for func, a in plan.argument_kinds():
        v.ok = True
        v.argument(func, a.index, a.argument, a.shape, a.layout, a.element_type)
        forms.append((*_view_form(a.shape, a.layout, facts), a.layout) if v.ok else None)
    ops = plan.op_kinds()
    passed, tile_specs = [], []
    for op, op_facts in zip(ops, _ptonz.pl_op_facts(ops, TILE_READERS)):
        v.ok = True
        v.tensor_op(op, op_facts)
        passed.append(v.ok)
        load = v.ok and op_facts[0] == "pl.tile.load"
        tile_specs.append(_load_tile_spec(op, op_facts, facts) if load else None)
    plan.lower(forms, passed, tile_specs, CUBE_ENTRY_ATTR)


def _tile_ops_in_order(func) -> List[ir.Operation]:
    """The matmuls, stores and accumulator loops of `func`, a loop before the
    ops in its body (program order)."""
    found: List[ir.Operation] = []
    names = ("pl.tile.store",) + TILE_OPS

    def visit(op):
        if op.name in names or (op.name == "scf.for" and any(is_tile(r.type) for r in op.results)):
            found.append(op)
        return ir.WalkResult.ADVANCE

    func.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


@register
class ConvertPLToPTO(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        ok = True
        fn = _Function()
        lower = None
        facts: Dict = {}  # the validators' (see _Validator.facts)
        # The functions with pl arguments or ops (or both) and the calls,
        # from one C++ walk; the plain functions are lowered at once.
        plan = _ptonz.PLPlan(module, list(PL_OPS), TILE_READERS)
        _lower_plain_functions(plan, facts)
        pl_functions, func_calls = plan.remaining(), plan.calls
        needs, has_calls = offset_arguments(func_calls)
        for pf in pl_functions:
            tensor_args, pl_ops = pf.tensor_args, pf.ops
            func = pf.func.opview
            v = _Validator(func, facts)
            v.check(func, tensor_args, pl_ops, pf.has_tile_args)
            ok &= v.ok
            if not v.ok:
                continue
            lower = lower or _lowering(fn, facts)
            op_facts = v.op_facts
            has_tiles = any(f[0] in TILE_OPS for f in op_facts)
            only_cube = has_tiles and not any(
                f[0] == "pl.tile.load" and f[LOAD_MEMORY] == "vec" for f in op_facts
            )
            makers = [op for op, f in zip(pl_ops, op_facts) if f[0] in TENSOR_MAKERS]
            # Loads, stores and block queries; with tiles, the stores of
            # loaded tiles only, and then the cube lowering in program order.
            rest = [
                (op, f)
                for op, f in zip(pl_ops, op_facts)
                if f[0] not in TENSOR_MAKERS
                and not (has_tiles and f[0] in TILE_OPS)
                and not (has_tiles and f[0] == "pl.tile.store" and f[1] != "pl.tile.load")
            ]
            with constant_pool(func) as fn.pool:
                fn.views = _make_views(func, fn.pool, tensor_args, makers, v, needs, has_calls)
                lower([op for op, _f in rest], [f for _op, f in rest])
                if has_tiles:
                    cube = CubeLowering(func, fn.views, fn.pool)
                    cube.run(_tile_ops_in_order(func))
                for op in reversed(makers):  # their users are rewritten now
                    op.erase()
            mark_entry(func, cube=only_cube)
        return ok
