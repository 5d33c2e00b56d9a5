"""Result check of a pto kernel: does the lowered kernel, reading its NZ weights
packed in NZ, compute exactly what the original kernel computes with the same
weights in ND?

    result = check_kernel_results(original, lowered, {"exp_gate_mm": {2: (32, 2048, 4096)}},
                                  samples=2, seed=0)
    assert result.ok, result.summary()

`ptonz.sim.results.check_results` checks a `pl` program (its ND and NZ builds
against NumPy); this is the same check for a kernel written in pto (pypto's
exports): there is no program-level reference, so the original kernel is the
reference and every output element must be bit-identical.

* `original`: the kernel as written, each weight read in ND (row-major through
  its views; a logical NZ view -- `strides = [] {layout = #pto.layout<nz>}` --
  reads its logical row-major order too, which is the ND build of that weight);
* `lowered`: the lowered kernel (`--lower-to-ptoas`), whose blocked NZ views
  read the NZ-declared arguments packed in NZ;
* `nz_args`: `{function name: {argument index: logical shape}}`, the shape
  `[.., R, C]` being one NZ matrix per leading index (`(32, 2048, 4096)`), or
  `(65536, 4096)` for the whole weight packed as one matrix. That argument's GM
  holds the same logical values in both runs, row-major for the original and
  NZ-packed for the lowered kernel: by `ptonz.nz_layout.pack_nz` (ptonz-pack's
  layout code) for at most `check.EAGER_ELEMENTS` elements, else its lazily
  hashed equivalent (a value is a hash of its logical index; the packed buffer
  inverts the NZ formula), so a 256 MiB weight costs only the tiles read.

Every other `!pto.ptr` argument is GM of unknown size holding seeded hashed
values (floats in [-1, 1)), the same in both runs, with the writes of each run
kept apart: inputs, outputs and in-out arguments (`tstore` with
`atomicType = atomic_add` adds to what is there) alike.

Without `nz_args` / `arg_ranges`, the declarations the lowering left on the
lowered kernel's arguments are used (`ptonz.nz_shape`, `ptonz.arg_range`: what
`--nz-arg` and `--arg-range` declare), so `ptonz-opt --nz-arg=... --arg-range=...
--check-results KERNEL.pto` checks what it lowers.

Scalar arguments. pypto passes the block index and count as the last two `i32`
arguments (`%__pypto_spmd_block_idx`, `%__pypto_spmd_block_num`); they, and
`pto.get_block_idx`/`get_block_num`, get the launch: `block_num` blocks
(default `samples`, as `check_results`), of which `samples` block ids run
(0, the last, seeded others). `arg_ranges` (`{function: {index: (lo, hi[,
step])}}`, what `--arg-range=@FUNC:INDEX=LO:HI[:STEP]` states) bound scalars:
the block index's range is the launch (`[0, 2)`: 2 blocks; a range of the block
count alone: its largest count), any other scalar takes a seeded value in its
range (not its start, when it has another value: a zero offset hides wrong
addressing). `scalars` (`{function: {index: value}}`) fixes values. A scalar
given neither is 16 when it is the extent of a view (a row count), else 0.

Sampling, as `check_results`: a loop that carries nothing and stores runs
`samples` of its iterations (first, last, seeded others; the same in both
kernels, found by location), every other loop runs in full. The stores of both
runs are compared in execution order (the same GM elements, the same bits)
and then every element either run wrote, at the end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple, Union

import numpy as np
from mlir import ir
from ptonz_geometry import c0_for_bitwidth, fold_leading, nz_plane_problem

from ..analyses.ir_queries import (
    bit_width,
    constant_ints,
    layout_of,
    name_state,
    ops_named,
    symbol_name,
)
from ..analyses.ptoas_facts import DEFAULT_VERSION
from ..analyses.arg_attrs import (
    ARG_RANGE_ATTR,
    NZ_SHAPE_ATTR,
    arg_attr_dicts,
    declared_arg_range,
    int_array,
)
from ..analyses.view_kinds import BLOCKED_MARK, LOGICAL, kind_of
from ..diagnostics import format_location
from . import interpreter as I
from .check import (
    EAGER_ELEMENTS,
    UNBOUNDED,
    CheckError,
    sampled_block_ids,
    defined_functions,
    numpy_dtype,
    pack_nz,
    parsed_clone,
    random_weights,
)
from .interpreter import ArrayBuffer, GMBuffer, HashBuffer, SimError, TstoreRecord
from .results import DEFAULT_SAMPLES, iv_name, LoopSampler, loop_iteration, store_iteration

NzArgs = Mapping[str, Mapping[int, Sequence[int]]]
# A scalar that is the extent of a view (a row count) and has no value or range.
DEFAULT_EXTENT = 16


class OverlayBuffer(GMBuffer):
    """GM that a run may write: `base`'s values where this run wrote nothing,
    its own writes elsewhere (`written`: flat element offset -> raw bits)."""

    writable = True

    def __init__(self, base: GMBuffer):
        self.base, self.bits, self.size = base, base.bits, base.size
        self.written: Dict[int, int] = {}
        self._arrays: Optional[Tuple[np.ndarray, np.ndarray]] = None

    def read(self, flat: np.ndarray) -> np.ndarray:
        out = self.base.read(flat)
        if not self.written:
            return out
        if self._arrays is None:
            keys = np.fromiter(self.written.keys(), dtype=np.int64, count=len(self.written))
            order = np.argsort(keys)
            vals = np.fromiter(self.written.values(), dtype=np.uint64, count=len(self.written))
            self._arrays = keys[order], vals[order].astype(out.dtype)
        keys, vals = self._arrays
        f = np.asarray(flat, dtype=np.int64).reshape(-1)
        pos = np.minimum(np.searchsorted(keys, f), keys.size - 1)
        hit = keys[pos] == f
        if not hit.any():
            return out
        out = np.array(out, copy=True).reshape(-1)
        out[hit] = vals[pos[hit]]
        return out.reshape(np.shape(flat))

    def write(self, flat: np.ndarray, raw: np.ndarray) -> None:
        self.written.update(
            zip(np.asarray(flat).reshape(-1).tolist(), np.asarray(raw).reshape(-1).tolist())
        )
        self._arrays = None


# --------------------------------------------------------------------------- arguments


def logical_nz_args(module: ir.Module) -> Dict[str, Dict[int, Tuple[int, ...]]]:
    """`{function: {argument: shape}}` of the pointer arguments that a function
    reads through logical NZ views (the hand-written form `--lower-to-ptoas`
    lowers today); two views of one argument with different shapes are an
    error."""
    out: Dict[str, Dict[int, Tuple[int, ...]]] = {}
    for func in defined_functions(module):
        block = func.regions[0].blocks[0]
        for view in ops_named(func, "pto.make_tensor_view"):
            if kind_of(view) != LOGICAL or layout_of(view) != "nz":
                continue
            ptr = view.ptr
            if not isinstance(ptr.owner, ir.Block) or ptr.owner != block:
                continue  # a view at an addptr: its argument's own view gives the shape
            dims = constant_ints(view.shape)
            if dims is None:
                raise CheckError(
                    "a logical NZ view with a non-constant shape: the result "
                    "check needs the NZ weight's logical shape",
                    op=view,
                    kind="input",
                )
            shape = tuple(dims)
            args = out.setdefault(symbol_name(func), {})
            index = ir.BlockArgument(ptr).arg_number
            if args.setdefault(index, shape) != shape:
                raise CheckError(
                    f"argument #{index} is viewed as NZ with shapes "
                    f"{list(args[index])} and {list(shape)}",
                    op=view,
                    kind="input",
                )
    return out


def _declared(
    module: ir.Module, attr: str, read: Callable[[ir.Attribute], Optional[List[int]]]
) -> Dict[str, Dict[int, Tuple[int, ...]]]:
    """`{function: {argument: values}}` of an `array<i64: ...>` argument
    attribute (`read`: its values, None where it declares nothing)."""
    out: Dict[str, Dict[int, Tuple[int, ...]]] = {}
    for func in defined_functions(module):
        for i, attrs in enumerate(arg_attr_dicts(func)):
            values = read(attrs[attr]) if attr in attrs else None
            if values is not None:
                out.setdefault(symbol_name(func), {})[i] = tuple(values)
    return out


def declared_nz_args(
    module: ir.Module, original: Optional[ir.Module] = None
) -> Dict[str, Dict[int, Tuple[int, ...]]]:
    """The NZ arguments a module declares (`ptonz.nz_shape`, what
    `--nz-arg=@FUNC:INDEX[=SHAPE]` leaves on the lowered kernel), with an empty
    shape resolved to the constant shape of the views that read the argument
    in `original` (default: `module`)."""

    out = _declared(module, NZ_SHAPE_ATTR, lambda a: int_array(a) or [])
    source = original if original is not None else module
    funcs = {symbol_name(f): f for f in defined_functions(source)}
    for name, args in out.items():
        for i, shape in list(args.items()):
            if shape:
                continue
            shapes: Set[Optional[Tuple[int, ...]]] = set()
            func = funcs.get(name)
            for view in ops_named(func, "pto.make_tensor_view") if func is not None else ():
                ptr = view.ptr
                if (
                    isinstance(ptr.owner, ir.Block)
                    and ir.BlockArgument(ptr).arg_number == i
                    and list(view.operation.results[0].uses)
                ):
                    dims = constant_ints(view.shape)
                    shapes.add(tuple(dims) if dims is not None else None)
            if len(shapes) != 1 or None in shapes:
                raise CheckError(
                    f"argument #{i} of @{name} is declared NZ without a shape and "
                    "its views do not give one constant shape: declare it "
                    "(--nz-arg=@FUNC:INDEX=SHAPE)",
                    op=func,
                    kind="input",
                )
            only = next(iter(shapes))
            assert only is not None
            args[i] = only
    return out


def declared_arg_ranges(module: ir.Module) -> Dict[str, Dict[int, Tuple[int, ...]]]:
    """`{function: {argument: (lo, hi[, step])}}` of `ptonz.arg_range`
    (`--arg-range=@FUNC:INDEX=LO:HI[:STEP]`)."""

    return _declared(module, ARG_RANGE_ATTR, declared_arg_range)


def launch_args(func: ir.Operation) -> Optional[Tuple[int, int]]:
    """(block index, block count) argument numbers: pypto's trailing pair of
    `i32` arguments, or None."""
    args = list(func.regions[0].blocks[0].arguments)
    if len(args) >= 2 and all(str(a.type) == "i32" for a in args[-2:]):
        return len(args) - 2, len(args) - 1
    return None


def _extent_scalars(func: ir.Operation) -> set:
    """Argument numbers used directly as the shape of a view."""
    block = func.regions[0].blocks[0]
    out = set()
    for view in ops_named(func, "pto.make_tensor_view"):
        for v in view.shape:
            if isinstance(v.owner, ir.Block) and v.owner == block:
                out.add(ir.BlockArgument(v).arg_number)
    return out


@dataclass
class Launch:
    block_num: int
    block_ids: List[int]
    scalars: Dict[int, int]  # every scalar argument but the launch pair
    chosen: List[str]  # how each scalar was chosen, for the summary


def sample_launch(
    func: ir.Operation,
    samples: int,
    seed: int,
    block_num: Optional[int],
    scalars: Mapping[int, int],
    ranges: Mapping[int, Tuple[int, ...]],
) -> Launch:
    from .._ptonz import PtrType

    block = func.regions[0].blocks[0]
    pair = launch_args(func)
    uses_bid = pair is not None or bool(ops_named(func, "pto.get_block_idx", "pto.get_block_num"))
    lo = 0
    if pair is not None and pair[0] in ranges:
        lo, hi = ranges[pair[0]][:2]
        if not 0 <= lo < hi:
            raise CheckError(
                f"the block index range [{lo}, {hi}) is empty or negative", op=func, kind="input"
            )
        block_num = hi if block_num is None else block_num
    if pair is not None and pair[1] in ranges and block_num is None:
        c_lo, c_hi = ranges[pair[1]][:2]
        if not 1 <= c_lo < c_hi:
            raise CheckError(
                f"the block count range [{c_lo}, {c_hi}) has no launch of one block or more",
                op=func,
                kind="input",
            )
        block_num = c_hi - 1  # the largest launch it allows
    bnum = block_num if block_num is not None else max(1, samples)
    if not uses_bid:
        bnum = 1
    ids = [i for i in sampled_block_ids(samples, bnum, seed) if i >= lo]
    if not ids:
        ids = [lo]
    extents = _extent_scalars(func)
    values: Dict[int, int] = {}
    chosen: List[str] = []
    rng = random.Random(f"scalars:{seed}")
    for arg in block.arguments:
        i = arg.arg_number
        if PtrType.isinstance(arg.type) or (pair is not None and i in pair):
            continue
        if i in scalars:
            values[i], how = int(scalars[i]), "given"
        elif i in ranges:
            r_lo, r_hi = ranges[i][:2]
            step = ranges[i][2] if len(ranges[i]) > 2 else 1
            if r_lo >= r_hi or step <= 0:
                raise CheckError(
                    f"the range [{r_lo}, {r_hi}) of argument #{i} is empty", op=func, kind="input"
                )
            # A seeded value past the start where there is one: a zero offset
            # (expert 0, row 0) would hide a wrong decomposition.
            start = r_lo + step if r_lo + step < r_hi else r_lo
            values[i] = rng.randrange(start, r_hi, step)
            how = f"in [{r_lo}, {r_hi})" + (f" step {step}" if step != 1 else "")
        else:
            values[i] = DEFAULT_EXTENT if i in extents else 0
            how = "default: a view extent" if i in extents else "default"
        chosen.append(f"#{i} = {values[i]} ({how})")
    return Launch(bnum, ids, values, chosen)


@dataclass
class _Gm:
    """The GM of each pointer argument, for the original and the lowered run."""

    original: Dict[int, GMBuffer]
    lowered: Dict[int, GMBuffer]
    nz: Dict[int, Tuple[int, ...]]


def _gm(func: ir.Operation, nz: Mapping[int, Sequence[int]], seed: int) -> _Gm:
    from .._ptonz import PtrType

    block = func.regions[0].blocks[0]
    original: Dict[int, GMBuffer] = {}
    lowered: Dict[int, GMBuffer] = {}
    for arg in block.arguments:
        i = arg.arg_number
        if not PtrType.isinstance(arg.type):
            if i in nz:
                raise CheckError(
                    f"argument #{i} is declared NZ but is not a !pto.ptr", op=func, kind="input"
                )
            continue
        etype = PtrType(arg.type).element_type
        try:
            bits, dtype = bit_width(etype), numpy_dtype(etype)
        except (ValueError, CheckError):
            raise CheckError(
                f"unsupported element type {etype} of argument #{i}: the "
                "simulator holds 8-, 16-, 32- and 64-bit elements",
                op=func,
            ) from None
        arg_seed = (seed * 1000003 + i) & 0xFFFFFFFF
        floats = dtype if dtype.kind not in "iub" else None  # bf16 is kind 'V'
        if i not in nz:
            base = HashBuffer(UNBOUNDED, bits, seed=arg_seed, dtype=floats)
            original[i], lowered[i] = base, base
            continue
        shape = tuple(int(d) for d in nz[i])
        c0 = c0_for_bitwidth(bits)
        if len(shape) < 2 or nz_plane_problem(shape[-2], shape[-1], c0, str(etype)):
            raise CheckError(
                f"NZ argument #{i} shape {list(shape)} is not [.., R, C] with R a "
                f"multiple of 16 and C of {c0}",
                op=func,
                kind="input",
            )
        b, r, c = fold_leading(shape)
        size = b * r * c
        if size <= EAGER_ELEMENTS:
            data = random_weights((b, r, c), dtype, np.random.default_rng(arg_seed))
            original[i] = ArrayBuffer(data)
            lowered[i] = ArrayBuffer(pack_nz(data if len(shape) > 2 else data[0]))
        else:
            original[i] = HashBuffer(size, bits, seed=arg_seed, dtype=floats)
            lowered[i] = HashBuffer(size, bits, seed=arg_seed, dtype=floats, nz=(b, r, c, c0))
    return _Gm(original, lowered, {i: tuple(s) for i, s in nz.items()})


# --------------------------------------------------------------------------- result


@dataclass
class KernelMismatch:
    index: int  # store number, in execution order (-1: the final GM contents)
    where: str
    location: Optional[ir.Location]
    iteration: List[Tuple[str, int]]
    block_idx: int
    reason: str

    def describe(self) -> str:
        if self.index < 0:
            return self.reason
        it = ", ".join(f"{n}={v}" for n, v in self.iteration) or "no enclosing loop"
        return f"store #{self.index} (block id {self.block_idx}; {it}): {self.reason}"


@dataclass
class KernelResultCheck:
    function: str = ""
    stores: int = 0
    elements: int = 0  # GM elements written (either run)
    outputs: List[int] = field(default_factory=list)  # argument numbers written
    nz: Dict[int, Tuple[int, ...]] = field(default_factory=dict)
    block_ids: List[int] = field(default_factory=list)
    block_num: int = 1
    scalars: List[str] = field(default_factory=list)
    sampled: Dict[str, Tuple[int, int]] = field(default_factory=dict)
    loop_names: Dict[str, str] = field(default_factory=dict)
    mismatch: Optional[KernelMismatch] = None
    kernels: List["KernelResultCheck"] = field(default_factory=list)
    # {"original"|"lowered": {argument: {flat element offset: raw bits}}}
    written: Dict[str, Dict[int, Dict[int, int]]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.mismatch is None and all(k.ok for k in self.kernels)

    def summary(self) -> str:
        if self.kernels:
            return "\n".join(k.summary() for k in self.kernels)
        if self.mismatch is not None:
            return (
                f"check-results: @{self.function}: MISMATCH at {self.mismatch.where}: "
                f"{self.mismatch.describe()}"
            )
        if not self.stores:
            return f"check-results: @{self.function}: nothing to compare (no store ran)"
        nz = ", ".join(f"#{i} as {'x'.join(map(str, s))}" for i, s in sorted(self.nz.items()))
        what = (
            f"the lowered kernel, reading argument{'s' if len(self.nz) > 1 else ''} {nz} "
            "NZ-packed, matches the original kernel (ND) bit for bit"
            if nz
            else "the lowered kernel matches the original kernel bit for bit (no NZ argument)"
        )
        loops = ", ".join(
            f"{self.loop_names.get(k, 'loop')}: {run} of {of}"
            for k, (run, of) in self.sampled.items()
        )
        parts = [
            f"{self.stores} store{'s' if self.stores != 1 else ''}, {self.elements} "
            f"elements of argument{'s' if len(self.outputs) > 1 else ''} "
            + ", ".join(f"#{i}" for i in self.outputs)
        ]
        parts.append(f"block ids {', '.join(map(str, self.block_ids))} of {self.block_num}")
        if loops:
            parts.append(f"iterations {loops}")
        if self.scalars:
            parts.append("scalars " + ", ".join(self.scalars))
        return f"check-results: @{self.function}: {what} ({'; '.join(parts)})"


# --------------------------------------------------------------------------- the check


def _module(m, context) -> ir.Module:
    if isinstance(m, ir.Module):
        return m
    return parsed_clone(m, context)


def _entry_functions(module: ir.Module) -> List[ir.Operation]:
    callees = {
        ir.FlatSymbolRefAttr(c.attributes["callee"]).value
        for c in ops_named(module.operation, "func.call")
    }
    return [f for f in defined_functions(module) if symbol_name(f) not in callees]


def check_kernel_results(
    original,
    lowered,
    nz_args: Optional[NzArgs] = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    scalars: Optional[Mapping[str, Mapping[int, int]]] = None,
    arg_ranges: Optional[Mapping[str, Mapping[int, Tuple[int, ...]]]] = None,
    block_num: Optional[int] = None,
    context: Optional[ir.Context] = None,
) -> KernelResultCheck:
    """Run `original` (weights in ND) and `lowered` (the `nz_args` weights
    NZ-packed) on the same seeded inputs and compare every store and every
    written GM element bit for bit (see the module docstring). `nz_args`
    None: the arguments `original` reads through logical NZ views (with their
    views' shapes) and those `lowered` declares NZ (`ptonz.nz_shape`, left by
    `--nz-arg`); `arg_ranges` None: those `lowered` declares (`ptonz.arg_range`,
    `--arg-range`). Returns the first kernel's result, the first mismatch, or
    one result over several kernels. Raises `CheckError` when the check cannot
    run (an op the simulator does not model, the original kernel failing with
    the chosen launch, a bad declaration)."""
    original = _module(original, context)
    lowered = _module(lowered, original.context)
    if nz_args is None:
        nz_args = logical_nz_args(original)
        for name, args in declared_nz_args(lowered, original).items():
            nz_args.setdefault(name, {}).update(args)
    if arg_ranges is None:
        arg_ranges = declared_arg_ranges(lowered)
    scalars = scalars or {}
    lowered_funcs = {symbol_name(f): f for f in defined_functions(lowered)}
    known = {symbol_name(f) for f in defined_functions(original)}
    for name in nz_args:
        if name not in known:
            raise CheckError(
                f"NZ arguments declared for @{name}, which the kernel does not define", kind="input"
            )
    independent = LoopSampler.decisions(original)
    state = name_state(original)
    state_low = name_state(lowered)  # names in the lowered kernel's records
    results = []
    for func in _entry_functions(original):
        name = symbol_name(func)
        low = lowered_funcs.get(name)
        if low is None:
            raise CheckError(f"function @{name} is missing from the lowered kernel", op=func)
        result = KernelResultCheck(function=name)
        results.append(result)
        with original.context:
            gm = _gm(func, nz_args.get(name, {}), seed)
            launch = sample_launch(
                func, samples, seed, block_num, scalars.get(name, {}), arg_ranges.get(name, {})
            )
        result.nz, result.block_ids, result.block_num = gm.nz, launch.block_ids, launch.block_num
        result.scalars = launch.chosen
        outs = {
            key: {i: OverlayBuffer(b) for i, b in bufs.items()}
            for key, bufs in (("original", gm.original), ("lowered", gm.lowered))
        }
        pair = launch_args(func)
        got: Dict[str, List[TstoreRecord]] = {"original": [], "lowered": []}
        for bid in launch.block_ids:
            args_of = {}
            for key in ("original", "lowered"):
                bound: Dict[int, Union[GMBuffer, int]] = dict(outs[key])
                bound.update(launch.scalars)
                if pair is not None:
                    bound[pair[0]], bound[pair[1]] = bid, launch.block_num
                args_of[key] = bound
            policy = LoopSampler(seed, samples, independent)
            run = I.Interpreter(
                args_of["original"],
                block_idx=bid,
                block_num=launch.block_num,
                loop_policy=policy,
                compute=True,
            )
            try:
                run.run(func)
            except SimError as exc:
                raise CheckError(
                    f"cannot run the original kernel (block id {bid}; scalars "
                    f"{', '.join(launch.chosen) or 'none'}): {exc.message}",
                    op=exc.op,
                    kind=exc.kind,
                ) from None
            got["original"] += run.stores
            result.sampled.update(policy.sampled)
            run = I.Interpreter(
                args_of["lowered"],
                block_idx=bid,
                block_num=launch.block_num,
                loop_policy=LoopSampler(seed, samples, independent),
                compute=True,
            )
            try:
                run.run(low)
            except SimError as exc:
                failed_loops, path = exc.path or ((), ())
                op = exc.op
                result.mismatch = KernelMismatch(
                    len(got["lowered"]) + len(run.stores),
                    format_location(op.location) if op is not None else "<unknown>",
                    op.location if op is not None else None,
                    loop_iteration(failed_loops, path, state_low),
                    bid,
                    f"the lowered kernel fails: {exc.message}",
                )
                return result
            got["lowered"] += run.stores
        for loop in ops_named(func, "scf.for"):
            result.loop_names[str(loop.operation.location)] = iv_name(loop.operation, state)
        result.stores = len(got["original"])
        result.mismatch = _compare_stores(got["original"], got["lowered"], state_low)
        written = {
            key: {i: b.written for i, b in bufs.items() if b.written} for key, bufs in outs.items()
        }
        result.written = written
        result.outputs = sorted(set(written["original"]) | set(written["lowered"]))
        result.elements = sum(len(w) for w in written["original"].values())
        if result.mismatch is None:
            result.mismatch = _compare_gm(written)
        if result.mismatch is not None:
            return result
    if not results:
        return KernelResultCheck()
    if len(results) == 1:
        return results[0]
    merged = KernelResultCheck(function=", @".join(r.function for r in results))
    merged.kernels = results
    merged.stores = sum(r.stores for r in results)
    merged.elements = sum(r.elements for r in results)
    return merged


def _compare_stores(
    want: List[TstoreRecord], got: List[TstoreRecord], state
) -> Optional[KernelMismatch]:
    def mismatch(i, rec, reason):
        return KernelMismatch(
            i,
            format_location(rec.op.location),
            rec.op.location,
            store_iteration(rec, state),
            rec.block_idx,
            reason,
        )

    for i, (a, b) in enumerate(zip(want, got)):
        if a.flat.shape != b.flat.shape:
            return mismatch(
                i,
                b,
                f"the lowered kernel stores a {b.flat.shape} tile, the "
                f"original a {a.flat.shape} one",
            )
        if not np.array_equal(a.flat, b.flat):
            r, c = (int(x) for x in np.argwhere(a.flat != b.flat)[0])
            return mismatch(
                i,
                b,
                f"the lowered kernel stores tile[{r}, {c}] to GM element "
                f"{int(b.flat[r, c])}, the original to {int(a.flat[r, c])}",
            )
        if not np.array_equal(a.raw, b.raw):
            bad = a.raw != b.raw
            r, c = (int(x) for x in np.argwhere(bad)[0])
            return mismatch(
                i,
                b,
                f"tile[{r}, {c}] (GM element {int(a.flat[r, c])}) is "
                f"0x{int(b.raw[r, c]):x} in the lowered kernel, 0x{int(a.raw[r, c]):x} "
                f"in the original ({int(bad.sum())} of {bad.size} elements differ)",
            )
    if len(want) != len(got):
        longer = want if len(want) > len(got) else got
        rec = longer[min(len(want), len(got))]
        return mismatch(
            min(len(want), len(got)),
            rec,
            f"the original kernel made {len(want)} stores, the lowered one {len(got)}",
        )
    return None


def _compare_gm(written) -> Optional[KernelMismatch]:
    a, b = written["original"], written["lowered"]
    for i in sorted(set(a) | set(b)):
        wa, wb = a.get(i, {}), b.get(i, {})
        if wa.keys() != wb.keys():
            only = sorted(set(wa) ^ set(wb))[0]
            return KernelMismatch(
                -1,
                "<GM>",
                None,
                [],
                0,
                f"argument #{i}: GM element {only} is written by one kernel only",
            )
        for k, v in wa.items():
            if wb[k] != v:
                return KernelMismatch(
                    -1,
                    "<GM>",
                    None,
                    [],
                    0,
                    f"argument #{i}: GM element {k} ends as 0x{wb[k]:x} in "
                    f"the lowered kernel, 0x{v:x} in the original",
                )
    return None


# --------------------------------------------------------------------------- from the driver


def check_pto_results(
    module,
    nz_args: Optional[NzArgs] = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    pipeline: Optional[str] = None,
    ptoas_version: str = DEFAULT_VERSION,
    pass_defaults=None,
    **kwargs,
) -> KernelResultCheck:
    """Lower a clone of the pto kernel `module` (`pipeline`, default
    `--lower-to-ptoas` for `ptoas_version`; `pass_defaults`: pass option
    defaults, ptonz-opt's `{"pto-declare-nz-args": {"nz-args": ...,
    "arg-ranges": ...}}`) and check it against `module`; the NZ arguments and
    scalar ranges default to those the lowering declared."""
    from ..passes import lower_to_ptoas_pipeline
    from .check import run_pipeline, clone

    original = module if isinstance(module, ir.Module) else parsed_clone(module)
    for f in defined_functions(original):
        if BLOCKED_MARK in f.attributes:
            raise CheckError(
                "the input is already lowered (pto.nz_tensor_views_blocked): the "
                "result check runs the kernel before lowering (pl, or pto with its "
                "weights' views as written) against its lowering",
                op=f,
                kind="input",
            )
    with original.context, ir.Location.unknown(context=original.context):
        lowered = clone(original)
        run_pipeline(lowered, pipeline or lower_to_ptoas_pipeline(ptoas_version), pass_defaults)
        return check_kernel_results(
            original, lowered, nz_args, samples=samples, seed=seed, **kwargs
        )
