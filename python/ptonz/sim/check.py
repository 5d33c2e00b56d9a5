"""Differential addressing check: does the lowered program read exactly the
bytes the logical program meant?

    result = check_addressing(text_or_module, samples=8, seed=0)
    assert result.ok, result.summary()

The logical program (pto IR; `pl` input is first run through
`convert-pl-to-pto`) and a lowered clone (`lower_to_ptoas_pipeline()`) are
executed by `ptonz.sim.interpreter` side by side (`check_pipeline(before,
after)` instead takes the lowered program from a pipeline that already ran,
as `ptonz-opt --lower-to-ptoas --check-addressing` does):

* every `!pto.ptr` argument gets the same logical weights. The logical
  program reads an NZ tensor through its logical (row-major) view of the
  logical array; the lowered program reads the same tensor NZ-packed in GM
  through the blocked rank-5 view;
* both programs run for the same sampled block ids (`pto.get_block_idx`),
  with the same loop iterations, and every `pto.tload` tile is compared bit
  for bit, in execution order.

GM weights -- the choice, for speed. A tensor of at most `EAGER_ELEMENTS`
elements is materialized: random logical weights of its dtype (NumPy /
ml_dtypes), NZ-packed with `ptonz.nz_layout.pack_nz`, so the check also
covers the packer. A larger tensor (seed 001's
[32, 2048, 4096] i8 is 256 MiB) is never allocated: element values are a
hash of the logical flat index (`interpreter.HashBuffer`), and the packed
buffer's value at packed offset p is computed by inverting the NZ formula to
the logical element stored there. Both programs then pay only for the
elements their tloads read.

Block ids -- `pto.get_block_num` returns `block_num` (default: `samples`,
i.e. `--check-addressing=N` simulates an N-core launch and runs every block
id); with an explicit larger `block_num`, `samples` ids are drawn from it
(always 0 and block_num - 1). A program that never reads the block id runs
once.

Iterations -- an `scf.for` of more than `max_trips` iterations (and no
iter_args) runs a deterministic sample of them (first, last, and seeded
random ones; the choice depends only on the seed and the loop's bounds, so
both programs run the same iterations even if canonicalization folded away
other, single-trip loops). Each program stops after `max_tloads` tloads.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
from mlir import ir
from ptonz_geometry import MX_LAYOUTS, c0_for_bitwidth, fold_leading, nz_plane_problem

from ..analyses.ptoas_facts import DEFAULT_VERSION
from .._ptonz import PLTensorType
from ..analyses.ir_queries import (
    bit_width,
    clone,
    constant_ints,
    functions,
    layout_of,
    ops_named,
    name_state,
    ssa_name,
    symbol_name as _sym,
)
from ..analyses.view_kinds import (
    LOGICAL,
    is_blocked_mx,
    is_blocked_nz,
    kind_of,
    marks_of,
)
from ..diagnostics import format_location
from . import dtypes
from . import interpreter as I
from .interpreter import ArrayBuffer, GMBuffer, HashBuffer, SimError, TloadRecord

EAGER_ELEMENTS = 1 << 20
# The extent of GM that no view bounds (an ND view sized by a scalar argument).
UNBOUNDED = 1 << 62
# The rank-1 views that flatten a whole NZ tensor (logical programs being
# checked): their tloads are compared as multisets.
WHOLE_VIEWS: set = set()
DEFAULT_MAX_TRIPS = 4
DEFAULT_MAX_TLOADS = 1024


class CheckError(Exception):
    """The check cannot be run. `op` locates it when known; `kind` says why:
    "lowering" (the lowering rejected the program), "out-of-bounds" (the
    logical program itself reads outside a view or its buffer), "input"
    (not a logical program the check can take), "unsupported" (something the
    simulator does not model: an op, an element type, a scalar argument)."""

    def __init__(self, message: str, op=None, diagnostics=None, kind: str = "unsupported"):
        super().__init__(message)
        self.message = message
        self.op = op
        self.diagnostics = diagnostics or []
        self.kind = kind


@dataclass
class Mismatch:
    index: int  # position of the tload in execution order
    where: str  # file:line:col of the logical tload
    location: Optional[ir.Location]
    block_idx: int
    iteration: List[Tuple[str, int]]  # (loop induction variable, value), outermost first
    reason: str
    coord: Optional[Tuple[int, int]] = None  # first differing tile coordinate
    logical_value: Optional[int] = None  # raw bits
    lowered_value: Optional[int] = None
    differing: int = 0  # number of differing tile elements

    def describe(self) -> str:
        it = ", ".join(f"{n}={v}" for n, v in self.iteration) or "no enclosing loop"
        s = f"tload #{self.index} (block id {self.block_idx}; {it}): {self.reason}"
        if self.coord is not None:
            s += (
                f"; first difference at tile[{self.coord[0]}, {self.coord[1]}]: logical "
                f"0x{self.logical_value:x}, lowered 0x{self.lowered_value:x} "
                f"({self.differing} elements differ)"
            )
        return s


@dataclass
class CheckResult:
    matched: int = 0
    total: int = 0  # tloads compared (logical program's count)
    block_ids: List[int] = field(default_factory=list)
    sampled_loops: bool = False
    truncated: bool = False
    mismatch: Optional[Mismatch] = None
    logical: Optional[ir.Module] = None
    lowered: Optional[ir.Module] = None

    @property
    def ok(self) -> bool:
        return self.mismatch is None

    def summary(self) -> str:
        if self.mismatch is not None:
            return (
                f"check-addressing: MISMATCH at {self.mismatch.where}: {self.mismatch.describe()}"
            )
        n = len(self.block_ids)
        extra = ""
        if self.sampled_loops:
            extra += "; long loops sampled"
        if self.truncated:
            extra += "; capped"
        return (
            f"check-addressing: {self.matched} of {self.total} tloads read identical tiles "
            f"({n} block id{'s' if n != 1 else ''}{extra})"
        )


# --------------------------------------------------------------------------- modules


def run_pipeline(module: ir.Module, pipeline: str, defaults=None) -> None:
    """Run `pipeline` on `module`; pto-verify-ptoas checks for the PTOAS level
    the module's context targets (`set_ptoas_target`, ptonz-opt's
    --ptoas-pto-level) unless the pipeline or `defaults` (pass name -> option
    defaults, as `build_pass_manager`'s; ptonz-opt's flags) say otherwise."""
    from .. import _ptonz
    from ..passes import build_pass_manager, run_pass_manager

    level = _ptonz.ptoas_target_level(module.context)
    merged = {name: dict(opts) for name, opts in (defaults or {}).items()}
    merged.setdefault("pto-verify-ptoas", {}).setdefault("pto-level", level)
    try:
        with module.context, ir.Location.unknown(context=module.context):
            run_pass_manager(
                build_pass_manager(pipeline, context=module.context, defaults=merged),
                module.operation,
            )
    except ir.MLIRError as exc:
        diags = list(getattr(exc, "error_diagnostics", []) or [])
        first = diags[0].message if diags else str(exc)
        raise CheckError(f"lowering failed: {first}", diagnostics=diags, kind="lowering") from None


def has_pl(module: ir.Module) -> bool:
    """Whether any op is a `pl` op or any function takes a `!pl.tensor`."""
    found = []

    def visit(op):
        is_func = op.name == "func.func" and len(op.regions[0].blocks)
        args = op.regions[0].blocks[0].arguments if is_func else ()
        if op.name.startswith("pl.") or any(PLTensorType.isinstance(a.type) for a in args):
            found.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return bool(found)


def defined_functions(module: ir.Module) -> List[ir.Operation]:
    return [f.operation for f in functions(module.operation) if f.operation.regions[0].blocks]


def parsed_clone(module_text_or_module, context: Optional[ir.Context] = None) -> ir.Module:
    """A module of one's own: `module_text_or_module` parsed, or cloned."""
    if isinstance(module_text_or_module, str):
        ctx = context or ir.Context()
        with ctx:
            return ir.Module.parse(module_text_or_module, context=ctx)
    return clone(module_text_or_module)


def logical_module(module_text_or_module, context: Optional[ir.Context] = None) -> ir.Module:
    """The logical pto program: a parsed clone, `pl` converted to `pto`."""
    module = parsed_clone(module_text_or_module, context)
    for f in defined_functions(module):
        if marks_of(f):
            raise CheckError(
                f"the input is already lowered ({', '.join(sorted(marks_of(f)))}): the "
                "addressing check needs the logical program (pl, or pto with "
                "logical NZ views) it was lowered from as its input",
                op=f,
                kind="input",
            )
    if has_pl(module):
        run_pipeline(module, "builtin.module(convert-pl-to-pto)")
    return module


def lower(
    logical: ir.Module, ptoas_version: str = DEFAULT_VERSION, pass_defaults=None
) -> ir.Module:
    """A lowered clone of the logical program (`--lower-to-ptoas`; `pass_defaults`:
    pass option defaults, ptonz-opt's --nz-arg / --arg-range ones)."""
    from ..passes import lower_to_ptoas_pipeline

    lowered = clone(logical)
    run_pipeline(lowered, lower_to_ptoas_pipeline(ptoas_version), pass_defaults)
    return lowered


# --------------------------------------------------------------------------- GM weights


def numpy_dtype(element_type: ir.Type):
    """The NumPy dtype of an element type (sim.dtypes), else raw unsigned bits
    of its width."""
    dtype = dtypes.numpy_dtype_of(str(element_type))
    if dtype is not None:
        return dtype
    bits = bit_width(element_type)
    if bits in dtypes.UINT:
        return np.dtype(dtypes.UINT[bits])
    raise CheckError(f"unsupported element type {element_type}")


def random_weights(shape: Sequence[int], dtype, rng: np.random.Generator) -> np.ndarray:
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=tuple(shape), dtype=dtype, endpoint=True)
    return rng.standard_normal(size=tuple(shape)).astype(np.float32).astype(dtype)


def pack_nz(logical: np.ndarray) -> np.ndarray:
    """The GM bytes of a logical [R, C] / [B, R, C] array stored NZ (flat),
    packed by ptonz-pack's packer (so the check covers it), which takes every
    element type the passes lower as NZ."""
    from ptonz_pack.layout import pack_nz as _pack

    return np.ascontiguousarray(_pack(logical)).reshape(-1)


@dataclass
class _ArgInfo:
    index: int
    shape: Tuple[int, ...]
    extent: int  # elements of GM the logical view spans
    dtype: np.dtype
    bits: int
    nz: bool
    view: Optional[ir.OpView] = None  # the pto.make_tensor_view (to locate errors)
    mx: str = ""  # the layout of a logical MX scale view (mx_a_zz / mx_b_nn)


def _arg_infos(func: ir.Operation) -> Dict[int, _ArgInfo]:
    from .._ptonz import PtrType

    block = func.regions[0].blocks[0]
    infos: Dict[int, _ArgInfo] = {}
    for view in ops_named(func, "pto.make_tensor_view"):
        owner = view.ptr.owner
        root, offset = view.ptr, False
        while not isinstance(root.owner, ir.Block) and root.owner.name == "pto.addptr":
            root, offset = root.owner.operands[0], True
        if offset and isinstance(root.owner, ir.Block) and root.owner == block:
            continue  # a view of an offset pointer (an NZ slice): its argument's own view sizes it
        if not isinstance(owner, ir.Block) or owner != block:
            raise CheckError("pto.make_tensor_view pointer is not a function argument", op=view)
        idx = ir.BlockArgument(view.ptr).arg_number
        const_shape = constant_ints(view.shape)
        const_strides = constant_ints(view.strides)
        layout = layout_of(view) or "nd"
        logical_nz = layout == "nz" and kind_of(view) == LOGICAL
        shape: List[int] = const_shape or []
        strides: List[int] = const_strides or []
        if const_shape is None or const_strides is None:
            if layout == "nz" or layout in MX_LAYOUTS:
                kind = "NZ" if layout == "nz" else "MX scale"
                raise CheckError(f"the {kind} view has a non-constant shape or stride", op=view)
            # An ND view sized by a scalar argument (pypto's [%arg4, 16384]): GM of
            # unbounded extent, its hashed values the same for both programs.
            shape, strides = [], []
            unbounded = True
        else:
            unbounded = False
        etype = PtrType(view.ptr.type).element_type
        try:
            bits = bit_width(etype)
            dtype = numpy_dtype(etype)
        except (ValueError, CheckError):
            raise CheckError(
                f"unsupported element type {etype}: the simulator holds 8-, 16-, "
                "32- and 64-bit elements",
                op=view,
            ) from None
        if unbounded:
            extent = UNBOUNDED
        elif logical_nz:
            if len(shape) < 2:
                raise CheckError("a logical NZ view must be rank 2 or more", op=view, kind="input")
            extent = math.prod(shape)
        elif strides:
            extent = 1 + sum((d - 1) * s for d, s in zip(shape, strides) if d > 0)
        else:
            extent = math.prod(shape) if shape else 1
        info = _ArgInfo(
            idx,
            tuple(shape),
            extent,
            dtype,
            bits,
            logical_nz,
            view,
            layout if layout in MX_LAYOUTS and kind_of(view) == LOGICAL else "",
        )
        prev = infos.get(idx)
        if (
            prev is not None
            and (prev.mx or info.mx)
            and (prev.mx, prev.shape) != (info.mx, info.shape)
        ):
            raise CheckError(
                "an MX scale tensor argument is viewed with another layout or "
                "shape too (a backing alias of its raw bytes): the addressing "
                "check compares logical coordinates, which the raw bytes do not "
                "have",
                op=view,
                kind="input",
            )
        whole = (
            prev is not None
            and (prev.nz != info.nz)
            and len((prev if info.nz else info).shape) == 1
            and math.prod(prev.shape) == math.prod(info.shape)
        )
        if whole:
            assert prev is not None  # `whole` says so
            # A whole-tensor flatten of an NZ tensor: reads every element, in any order.
            flat_view = view if not info.nz else prev.view
            assert flat_view is not None
            WHOLE_VIEWS.add(flat_view.operation)
            if info.nz:
                infos[idx] = info
            continue
        if prev is not None:
            if prev.nz or info.nz:
                # A view that nothing reads (pypto leaves some) gives way.
                if not _read(view) and (prev.nz, prev.shape) != (info.nz, info.shape):
                    continue
                if not _read(prev.view) and (prev.nz, prev.shape) != (info.nz, info.shape):
                    infos[idx] = info
                    continue
                if (prev.nz, prev.shape) != (info.nz, info.shape):
                    raise CheckError(
                        "an NZ tensor argument is viewed more than once with "
                        "different layouts or shapes",
                        op=view,
                    )
            info.extent = max(info.extent, prev.extent)
        infos[idx] = info
    return infos


def _read(view) -> bool:
    return bool(list(view.operation.results[0].uses))


def _buffers(
    func: ir.Operation, seed: int, declared: Optional[Dict[int, Tuple[int, ...]]] = None
) -> Tuple[Dict[int, GMBuffer], Dict[int, GMBuffer]]:
    """(logical program's GM, lowered program's GM) per pointer argument;
    `declared`: the arguments the lowering declared NZ (`ptonz.nz_shape`) with
    their logical shapes, which the logical program reads in ND."""
    logical: Dict[int, GMBuffer] = {}
    lowered: Dict[int, GMBuffer] = {}
    infos = _arg_infos(func)
    for idx, shape in (declared or {}).items():
        info = infos.get(idx)
        if info is not None:
            info.nz, info.shape, info.extent = True, tuple(shape), math.prod(shape)
    for idx, info in sorted(infos.items()):
        c0 = c0_for_bitwidth(info.bits) if info.nz else 0
        if info.nz:
            shape3 = fold_leading(info.shape)
            b, r, c = shape3
            if nz_plane_problem(r, c, c0, str(info.dtype)):
                # The lowering rejects this; nothing to compare against.
                raise CheckError(
                    f"NZ argument #{idx} shape {list(info.shape)} is not a multiple of (16, {c0})",
                    op=info.view,
                    kind="input",
                )
        arg_seed = (seed * 1000003 + idx) & 0xFFFFFFFF
        if info.mx:
            # Scale tensors are small: always materialized, and packed by
            # ptonz-pack's pack_mx (so the check covers it). Random E8M0 bit
            # patterns (0xFF, NaN, left out).
            from ptonz_pack.layout import pack_mx

            if info.extent > EAGER_ELEMENTS:
                raise CheckError(
                    f"an MX scale tensor of {info.extent} elements: the simulator holds "
                    f"scale tensors of at most {EAGER_ELEMENTS} elements (it packs them "
                    "eagerly); check the kernel with a smaller scale shape",
                    op=info.view,
                )
            rng = np.random.default_rng(arg_seed)
            data = rng.integers(0, 254, size=info.shape, dtype=np.uint8, endpoint=True)
            logical[idx] = ArrayBuffer(data.view(info.dtype).reshape(-1))
            lowered[idx] = ArrayBuffer(pack_mx(data, info.mx).view(info.dtype).reshape(-1))
            continue
        if info.extent <= EAGER_ELEMENTS:
            data = random_weights((info.extent,), info.dtype, np.random.default_rng(arg_seed))
            logical[idx] = ArrayBuffer(data)
            if info.nz and info.extent:  # an empty tensor packs to nothing (its planes may be huge)
                lowered[idx] = ArrayBuffer(pack_nz(data.reshape(shape3)))
            else:
                lowered[idx] = logical[idx]
        else:
            logical[idx] = HashBuffer(info.extent, info.bits, seed=arg_seed)
            lowered[idx] = (
                HashBuffer(info.extent, info.bits, seed=arg_seed, nz=(b, r, c, c0))
                if info.nz
                else logical[idx]
            )
    return logical, lowered


# --------------------------------------------------------------------------- running


class _SampledLoops:
    def __init__(self, seed: int, max_trips: Optional[int]):
        self.seed, self.max_trips, self.sampled = seed, max_trips, False

    def __call__(self, op, lb, ub, step, has_iter_args):
        n = max(0, -(-(ub - lb) // step))
        if self.max_trips is None or n <= self.max_trips or has_iter_args:
            return range(lb, ub, step)
        self.sampled = True
        rng = random.Random(f"{self.seed}:{lb}:{ub}:{step}")
        k = max(self.max_trips, 2)
        picks = {0, n - 1} | set(rng.sample(range(1, n - 1), k - 2))
        return [lb + i * step for i in sorted(picks)]


def _uses_block_id(module: ir.Module) -> bool:
    return bool(ops_named(module.operation, "pto.get_block_idx", "pto.get_block_num"))


def sampled_block_ids(samples: int, block_num: int, seed: int) -> List[int]:
    samples = max(1, min(samples, block_num))
    if samples >= block_num:
        return list(range(block_num))
    rng = random.Random(f"block-ids:{seed}")
    picks = {0, block_num - 1} if samples >= 2 else {0}
    rest = [i for i in range(1, block_num - 1)]
    rng.shuffle(rest)
    for i in rest:
        if len(picks) >= samples:
            break
        picks.add(i)
    return sorted(picks)


def _iteration(rec: TloadRecord, state) -> List[Tuple[str, int]]:
    out = []
    for loop, v in zip(rec.loops, rec.path):
        iv = loop.regions[0].blocks[0].arguments[0]
        try:
            name = ssa_name(iv, state) if state is not None else "iv"
        except Exception:  # pragma: no cover
            name = "iv"
        out.append((name, v))
    return out


def _where(op) -> str:
    return format_location(op.location) if op is not None else "<unknown>"


def _compare(
    a: TloadRecord, b: TloadRecord
) -> Optional[Tuple[str, Optional[Tuple[int, int]], int]]:
    if a.tile.shape != b.tile.shape:
        return (f"tile shapes differ (logical {a.tile.shape}, lowered {b.tile.shape})", None, 0)
    if a.tile.dtype != b.tile.dtype:
        return (f"element widths differ (logical {a.tile.dtype}, lowered {b.tile.dtype})", None, 0)
    if a.view_op is not None and a.view_op in WHOLE_VIEWS:
        # A whole-tensor read of a flattened NZ tensor: the same elements, in GM order.
        if np.array_equal(np.sort(a.tile, axis=None), np.sort(b.tile, axis=None)):
            return None
        return ("the lowered whole-tensor read does not read the same elements", None, 0)
    diff = a.tile != b.tile
    if not diff.any():
        return None
    r, c = (int(x) for x in np.argwhere(diff)[0])
    return ("the lowered program reads a different tile", (r, c), int(diff.sum()))


def compare_programs(
    logical: ir.Module,
    lowered: ir.Module,
    *,
    samples: int = 8,
    seed: int = 0,
    block_num: Optional[int] = None,
    max_trips: Optional[int] = DEFAULT_MAX_TRIPS,
    max_tloads: Optional[int] = DEFAULT_MAX_TLOADS,
) -> CheckResult:
    """Run the logical pto program and an already-lowered program on the same
    logical weights and compare every tload tile in order."""
    from .kernels import sample_launch, declared_arg_ranges, declared_nz_args, launch_args

    WHOLE_VIEWS.clear()
    result = CheckResult(logical=logical, lowered=lowered)
    lowered_funcs = {_sym(f): f for f in defined_functions(lowered)}
    uses_bid = (
        _uses_block_id(logical)
        or _uses_block_id(lowered)
        or any(launch_args(f) is not None for f in defined_functions(logical))
    )
    declared_nz = declared_nz_args(lowered, logical)
    declared_ranges = declared_arg_ranges(lowered)
    if block_num is None:  # a declared block index range is the launch
        for f in defined_functions(logical):
            pair = launch_args(f)
            if pair is not None and pair[0] in declared_ranges.get(_sym(f), {}):
                block_num = declared_ranges[_sym(f)][pair[0]][1]
    block_num = block_num if block_num is not None else max(1, samples)
    result.block_ids = sampled_block_ids(samples, block_num, seed) if uses_bid else [0]
    per_run = None
    if max_tloads is not None:
        per_run = max(1, max_tloads // max(1, len(result.block_ids)))
    state = name_state(logical)
    index = 0
    # A function the module calls runs inside its callers' runs, with their
    # pointers (and slice offsets); it is not run on its own.
    callees = {
        ir.FlatSymbolRefAttr(c.attributes["callee"]).value
        for c in ops_named(logical.operation, "func.call")
    }
    for func in defined_functions(logical):
        name = _sym(func)
        if name in callees:
            continue
        low = lowered_funcs.get(name)
        if low is None:
            raise CheckError(f"function @{name} is missing from the lowered program", op=func)
        gm_logical, gm_lowered = _buffers(func, seed, declared_nz.get(name))
        # Scalar arguments (pypto's row offsets, expert indices, extents): the
        # result check's choice; its trailing i32 pair: the block id and count.
        launch = sample_launch(func, samples, seed, block_num, {}, declared_ranges.get(name, {}))
        scalars = launch.scalars
        pair = launch_args(func)
        for bid in result.block_ids:
            policy_a, policy_b = _SampledLoops(seed, max_trips), _SampledLoops(seed, max_trips)
            bound_a: Dict[int, Union[GMBuffer, int]] = dict(gm_logical)
            bound_b: Dict[int, Union[GMBuffer, int]] = dict(gm_lowered)
            for bound in (bound_a, bound_b):
                bound.update(scalars)
                if pair is not None:
                    bound[pair[0]], bound[pair[1]] = bid, block_num
            run_a = I.Interpreter(
                bound_a,
                block_idx=bid,
                block_num=block_num,
                loop_policy=policy_a,
                max_tloads=per_run,
            )
            run_b = I.Interpreter(
                bound_b,
                block_idx=bid,
                block_num=block_num,
                loop_policy=policy_b,
                max_tloads=per_run,
            )
            try:
                recs_a = run_a.run(func)
            except SimError as exc:
                if exc.kind == "out-of-bounds" and launch.chosen:
                    # Out of bounds for the scalar values the check chose: not a
                    # fact of the program, which the caller's launch may keep inside.
                    raise CheckError(
                        f"cannot simulate the logical program with the scalar "
                        f"arguments {', '.join(launch.chosen)}: {exc.message}",
                        op=exc.op,
                        kind="input",
                    ) from None
                raise CheckError(
                    f"cannot simulate the logical program: {exc.message}", op=exc.op, kind=exc.kind
                ) from None
            lowered_error = None
            try:
                recs_b = run_b.run(low)
            except SimError as exc:
                lowered_error = exc
                recs_b = run_b.records
            result.sampled_loops |= policy_a.sampled or policy_b.sampled
            result.truncated |= run_a.truncated or run_b.truncated
            for k, a in enumerate(recs_a):
                pos = index + k
                if k >= len(recs_b):
                    if lowered_error is not None:
                        reason = f"the lowered program fails here: {lowered_error.message}"
                    else:
                        reason = (
                            f"the lowered program executed only {len(recs_b)} tloads "
                            f"(the logical one {len(recs_a)})"
                        )
                    result.mismatch = Mismatch(
                        pos, _where(a.op), a.op.location, bid, _iteration(a, state), reason
                    )
                    return result
                d = _compare(a, recs_b[k])
                if d is not None:
                    reason, coord, n = d
                    m = Mismatch(
                        pos,
                        _where(a.op),
                        a.op.location,
                        bid,
                        _iteration(a, state),
                        reason,
                        coord,
                        differing=n,
                    )
                    if coord is not None:
                        m.logical_value = int(a.tile[coord])
                        m.lowered_value = int(recs_b[k].tile[coord])
                    result.mismatch = m
                    return result
                result.matched += 1
                result.total += 1
            if lowered_error is not None or len(recs_b) > len(recs_a):
                extra = recs_b[len(recs_a)] if len(recs_b) > len(recs_a) else None
                if extra is not None:
                    op = extra.op
                    reason = (
                        "the lowered program executes more tloads "
                        f"({len(recs_b)}) than the logical one ({len(recs_a)})"
                    )
                else:
                    assert lowered_error is not None
                    op = lowered_error.op
                    reason = (
                        f"the lowered program fails after the last tload: {lowered_error.message}"
                    )
                result.mismatch = Mismatch(
                    index + len(recs_a),
                    _where(op),
                    op.location if op is not None else None,
                    bid,
                    [],
                    reason,
                )
                return result
            index += len(recs_a)
    return result


def check_addressing(
    module_text_or_module,
    samples: int = 8,
    seed: int = 0,
    *,
    ptoas_version: str = DEFAULT_VERSION,
    block_num: Optional[int] = None,
    max_trips: Optional[int] = DEFAULT_MAX_TRIPS,
    max_tloads: Optional[int] = DEFAULT_MAX_TLOADS,
    context: Optional[ir.Context] = None,
    pass_defaults=None,
) -> CheckResult:
    """Lower a clone of the logical program (`pass_defaults`: as `lower`'s) and
    compare both programs' tload tiles (see the module docstring); arguments
    the lowering declares NZ (`--nz-arg`) hold their weights NZ-packed for the
    lowered program. Raises `CheckError` if the input cannot be lowered or
    simulated."""
    logical = logical_module(module_text_or_module, context=context)
    with logical.context, ir.Location.unknown(context=logical.context):
        lowered = lower(logical, ptoas_version, pass_defaults)
        return compare_programs(
            logical,
            lowered,
            samples=samples,
            seed=seed,
            block_num=block_num,
            max_trips=max_trips,
            max_tloads=max_tloads,
        )


def _check_lowered(lowered: ir.Module) -> None:
    """Raise CheckError unless a pipeline's output can stand for the lowered
    program: pto only, every NZ view blocked to rank 5."""
    if has_pl(lowered):
        raise CheckError(
            "the pipeline left `pl` ops (it does not run convert-pl-to-pto), so "
            "there is no pto program to compare with the input: add "
            "convert-pl-to-pto, pto-block-nz-views and pto-materialize-strides "
            "(or use --lower-to-ptoas)"
        )
    for view in ops_named(lowered.operation, "pto.make_tensor_view"):
        if layout_of(view) in MX_LAYOUTS and (not is_blocked_mx(view) or len(view.shape) != 5):
            raise CheckError(
                "the pipeline left this MX scale view logical (it does not run "
                "pto-block-mx-scale-views), so its output does not address the "
                "boxed bytes and there is no lowering to check: add "
                "pto-block-mx-scale-views (or use --lower-to-ptoas)",
                op=view,
            )
        if layout_of(view) == "nz" and (not is_blocked_nz(view) or len(view.shape) != 5):
            raise CheckError(
                "the pipeline left this NZ view logical (rank "
                f"{len(view.shape)}; it does not run pto-block-nz-views), so its "
                "output does not address the NZ bytes and there is no lowering to "
                "check: add pto-block-nz-views (or use --lower-to-ptoas)",
                op=view,
            )


def check_pipeline(
    before: ir.Module,
    after: ir.Module,
    samples: int = 8,
    seed: int = 0,
    *,
    block_num: Optional[int] = None,
    max_trips: Optional[int] = DEFAULT_MAX_TRIPS,
    max_tloads: Optional[int] = DEFAULT_MAX_TLOADS,
) -> CheckResult:
    """Check a pipeline that already ran: `before` (the pipeline's input) is
    the logical program, `after` (its output) the lowered one. Raises
    `CheckError` if `before` is already lowered or `after` is not a lowering
    (pl left, NZ views not blocked)."""
    logical = logical_module(before)
    _check_lowered(after)
    with logical.context, ir.Location.unknown(context=logical.context):
        return compare_programs(
            logical,
            after,
            samples=samples,
            seed=seed,
            block_num=block_num,
            max_trips=max_trips,
            max_tloads=max_tloads,
        )
