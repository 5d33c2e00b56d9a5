"""Result check: does the lowered kernel compute what NumPy computes, with the
weights stored ND and with the same weights packed NZ?

    result = check_results(text_or_module, samples=2, seed=0)
    assert result.ok, result.summary()

The input is the `pl` program. Three programs run on the same random inputs:

* the reference: the `pl` program itself, executed with NumPy at the pl
  level (`PLReference`): every `pl.tile.load` is a NumPy slice of the
  logical tensor, every `pl.tile.matmul[_acc]` is `x_tile @ w_tile.T`
  (`b_trans`) or `x_tile @ w_tile`, exact in int64 for i8 (wrapped to the
  i32 accumulator when stored) and in float64 for f16/bf16/f32; a stored
  tile of the seed's kernel is therefore `x[0:64] @ w1[e, n0:n0+256].T`;
* the NZ build: the program as annotated, lowered (`--lower-to-ptoas`) and
  executed by `ptonz.sim` with compute on (tloads, textracts, matmuls,
  tstores on tiles modelled as bytes), the nz weights NZ-packed in GM
  (`ptonz.nz_layout.pack_nz`, or its lazily hashed equivalent);
* the ND build: the same program with every nz tensor annotated nd
  (`pl-annotate-nd`), lowered the same way, the weights row-major in GM.
  Only the weights' GM descriptors differ between the two builds (the
  seed's experiment).

Every store of each build is compared with the reference's, in execution
order: the same GM elements, and the same values -- exactly for integers;
for floats within `(K + 2) * 2**-24 * sum_k |x_ik * w_kj|`, the worst-case
error of any order of f32 accumulation of the K products (the hardware's
order is not modelled), which a value read from the wrong place exceeds.
The two builds must also agree bit for bit.

Sampling (`samples` = N): a loop whose iterations are independent (it
carries no value in the pl program) and that stores runs N of its
iterations (first, last and seeded random ones; the same in all three
programs, which keep the pl program's loop locations); `pl.get_block_idx`
runs N block ids of an N-block launch. Loops that carry an accumulator run
in full. Inputs larger than `EAGER_ELEMENTS` are never materialized (element
values are hashes of their logical index; floats in [-1, 1)): the seed's
256 MiB weight costs only the tiles that are read.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
from mlir import ir
from ptonz_geometry import c0_for_bitwidth, element_bits, fold_leading

from .. import _ptonz
from ..analyses.ptoas_facts import DEFAULT_VERSION
from .._ptonz import PLTensorType, PLTileType
from ..analyses.cube_geometry import ACCUMULATOR
from ..analyses.ir_queries import name_state, ops_named, symbol_name as _sym
from ..diagnostics import file_location, format_location
from . import dtypes
from . import interpreter as I
from .check import (
    EAGER_ELEMENTS,
    CheckError,
    sampled_block_ids,
    defined_functions,
    has_pl,
    run_pipeline,
    clone,
    parsed_clone,
    random_weights,
)
from .interpreter import ArrayBuffer, GMBuffer, HashBuffer, SimError, TstoreRecord

DEFAULT_SAMPLES = 2
F32_UNIT_ROUNDOFF = 2.0**-24


# --------------------------------------------------------------------------- the reference


@dataclass
class RefTile:
    values: np.ndarray  # int64 or float64
    element_type: str
    bound: Optional[np.ndarray] = None  # sum |a*b| (floats)
    terms: int = 0  # products accumulated


@dataclass
class LogicalTensor:
    buffer: GMBuffer  # logical (row-major) element order
    shape: Tuple[int, ...]
    element_type: str

    def flat(self, offsets, sizes, op) -> np.ndarray:
        strides = [1] * len(self.shape)
        for d in range(len(self.shape) - 2, -1, -1):
            strides[d] = strides[d + 1] * self.shape[d + 1]
        idx = np.zeros(sizes, dtype=np.int64)
        for d, (o, n) in enumerate(zip(offsets, sizes)):
            if o < 0 or o + n > self.shape[d]:
                raise SimError(
                    f"slice [{o}, {o + n}) of dimension {d} lies outside the tensor "
                    f"({self.shape[d]})",
                    op,
                )
            shape = [1] * len(sizes)
            shape[d] = n
            idx = idx + ((np.arange(n, dtype=np.int64) + o) * strides[d]).reshape(shape)
        return idx


@dataclass
class RefStore:
    record: TstoreRecord  # flat, raw (the stored element bits)
    values: np.ndarray  # the exact values (int64 before wrapping / float64)
    bound: Optional[np.ndarray]
    terms: int


class PLReference(I.Interpreter):
    """Executes a `pl` function with NumPy; `args` binds !pl.tensor
    arguments to `LogicalTensor`s."""

    def __init__(self, args, **kwargs):
        super().__init__(args, **kwargs)
        self.ref_stores: List[RefStore] = []

    def _load(self, op):
        tensor = self.get(op.operands[0], op)
        offsets = [self.int_of(v, op) for v in list(op.operands)[1:]]
        sizes = list(ir.DenseI64ArrayAttr(op.attributes["sizes"]))
        tile_t = PLTileType(op.results[0].type)
        flat = tensor.flat(offsets, sizes, op).reshape(list(tile_t.shape))
        raw = tensor.buffer.read(flat)
        self.env[op.results[0]] = RefTile(
            dtypes.values(raw, tensor.element_type), tensor.element_type
        )

    def _matmul(self, op):
        accumulate = op.name == "pl.tile.matmul_acc"
        tiles = [self.get(v, op) for v in op.operands]
        acc, lhs, rhs = tiles if accumulate else [None] + tiles
        b = rhs.values.T if "b_trans" in op.attributes else rhs.values
        a = lhs.values
        elem = ACCUMULATOR[lhs.element_type]
        if elem == "i32":
            # |a*b| <= 2^14 per i8 product: float64 sums are exact integers.
            value = I.matmul64(a, b).astype(np.int64)
            bound = None
        else:
            value = I.matmul64(a, b)
            bound = I.matmul64(np.abs(a), np.abs(b))
        terms = a.shape[1]
        if acc is not None:
            value = acc.values + value
            bound = None if bound is None else acc.bound + bound
            terms += acc.terms
        self.env[op.results[0]] = RefTile(value, elem, bound, terms)

    def _store(self, op):
        tile = self.get(op.operands[0], op)
        tensor = self.get(op.operands[1], op)
        offsets = [self.int_of(v, op) for v in list(op.operands)[2:]]
        shape = list(tile.values.shape)
        sizes = [1] * (len(tensor.shape) - len(shape)) + shape
        flat = tensor.flat(offsets, sizes, op).reshape(shape)
        raw = dtypes.raw_bits(tile.values, tensor.element_type)
        tensor.buffer.write(flat, raw)
        loops, path = self._path()
        record = TstoreRecord(op, loops, path, self.block_idx, flat, raw)
        self.stores.append(record)
        self.ref_stores.append(RefStore(record, tile.values, tile.bound, tile.terms))

    def _block_query(self, op):
        self.env[op.results[0]] = (
            self.block_idx if op.name == "pl.get_block_idx" else self.block_num
        )


PLReference.handlers = dict(I.Interpreter.handlers)
PLReference.handlers.update(
    {
        "pl.tile.load": PLReference._load,
        "pl.tile.matmul": PLReference._matmul,
        "pl.tile.matmul_acc": PLReference._matmul,
        "pl.tile.store": PLReference._store,
        "pl.get_block_idx": PLReference._block_query,
        "pl.get_block_num": PLReference._block_query,
    }
)


# --------------------------------------------------------------------------- inputs


@dataclass
class _Arg:
    index: int
    shape: Tuple[int, ...]
    element_type: str
    layout: str  # as annotated in the pl program
    output: bool  # stored into by the program


def _pl_args(func: ir.Operation) -> List[_Arg]:
    block = func.regions[0].blocks[0]
    stored = {
        ir.BlockArgument(op.operands[1]).arg_number
        for op in (o.operation for o in ops_named(func, "pl.tile.store"))
        if isinstance(op.operands[1].owner, ir.Block)
    }
    args = []
    for arg in block.arguments:
        if not PLTensorType.isinstance(arg.type):
            raise CheckError(
                f"argument #{arg.arg_number} of @{_sym(func)} is not a !pl.tensor; "
                "the result check binds tensor arguments only",
                op=func,
            )
        t = PLTensorType(arg.type)
        if any(d < 0 for d in t.shape):
            raise CheckError(f"argument #{arg.arg_number} has a dynamic shape", op=func)
        args.append(
            _Arg(
                arg.arg_number,
                tuple(t.shape),
                str(t.element_type),
                t.layout,
                arg.arg_number in stored,
            )
        )
    return args


class _Inputs:
    """The logical data of each argument and its GM buffer per layout."""

    def __init__(self, args: List[_Arg], seed: int):
        self.args = args
        self.seed = seed
        self.logical: Dict[int, GMBuffer] = {}
        self._eager: Dict[int, np.ndarray] = {}
        for a in args:
            if a.output:
                continue
            dtype = dtypes.numpy_dtype_of(a.element_type)
            if dtype is None:
                raise CheckError(f"unsupported element type {a.element_type}")
            size = int(np.prod(a.shape))
            arg_seed = (seed * 1000003 + a.index) & 0xFFFFFFFF
            if size <= EAGER_ELEMENTS:
                data = random_weights((size,), dtype, np.random.default_rng(arg_seed))
                self._eager[a.index] = data.reshape(a.shape)
                self.logical[a.index] = ArrayBuffer(data)
            else:
                self.logical[a.index] = HashBuffer(
                    size, dtype.itemsize * 8, seed=arg_seed, dtype=dtype
                )

    def gm(self, a: _Arg, layout: str) -> GMBuffer:
        """The GM bytes of input `a` stored with `layout`."""
        logical = self.logical[a.index]
        if layout == "nd":
            return logical
        # Any rank: the leading axes fold into the batch, as the passes fold them.
        b, r, c = fold_leading(a.shape)
        eager = self._eager.get(a.index)
        if layout == "nz":
            c0 = c0_for_bitwidth(element_bits(a.element_type))
            if eager is not None:
                from ..nz_layout import pack_nz

                batched = eager.reshape((b, r, c)) if eager.ndim > 3 else eager
                return ArrayBuffer(np.ascontiguousarray(pack_nz(batched)).reshape(-1))
            assert isinstance(logical, HashBuffer)  # an input not held is hashed
            return HashBuffer(
                logical.size, logical.bits, seed=logical.seed, dtype=logical.dtype, nz=(b, r, c, c0)
            )
        if layout == "dn":
            if eager is not None:
                return ArrayBuffer(np.ascontiguousarray(np.swapaxes(eager, -1, -2)).reshape(-1))
            assert isinstance(logical, HashBuffer)  # an input not held is hashed
            return HashBuffer(
                logical.size,
                logical.bits,
                seed=logical.seed,
                dtype=logical.dtype,
                dn=fold_leading(a.shape),
            )
        raise CheckError(f"unknown layout {layout}")


def _output_buffer(a: _Arg) -> ArrayBuffer:
    dtype = dtypes.numpy_dtype_of(a.element_type)
    size = int(np.prod(a.shape))
    if size > (1 << 28):
        raise CheckError(
            f"output argument #{a.index} has {size} elements; the result check "
            "materializes outputs (at most 2^28 elements)"
        )
    return ArrayBuffer(np.zeros(size, dtype=dtype))


# --------------------------------------------------------------------------- sampling


class LoopSampler:
    """The loop policy: a loop that carries nothing in the pl program and
    contains a store runs `samples` iterations (the same in every program:
    the decision is the pl program's, looked up by location)."""

    def __init__(self, seed: int, samples: int, independent: Dict[str, bool]):
        self.seed, self.samples, self.independent = seed, samples, independent
        self.sampled: Dict[str, Tuple[int, int]] = {}  # location -> (run, of)

    @staticmethod
    def decisions(module: ir.Module) -> Dict[str, bool]:
        out = {}
        for loop in ops_named(module.operation, "scf.for"):
            loop = loop.operation
            stores = ops_named(loop, "pl.tile.store", "pto.tstore")
            out[str(loop.location)] = len(loop.results) == 0 and bool(stores)
        return out

    def __call__(self, op, lb, ub, step, has_iter_args):
        n = max(0, -(-(ub - lb) // step))
        key = str(op.location)
        independent = self.independent.get(key)
        if independent is None:
            independent = not has_iter_args and bool(ops_named(op, "pto.tstore", "pl.tile.store"))
        if not independent:
            return range(lb, ub, step)
        if n <= self.samples:
            self.sampled[key] = (n, n)
            return range(lb, ub, step)
        rng = random.Random(f"{self.seed}:{lb}:{ub}:{step}")
        k = max(self.samples, 1)
        picks = {0} if k == 1 else {0, n - 1}
        picks |= set(rng.sample(range(1, n - 1), max(0, k - len(picks))))
        self.sampled[key] = (len(picks), n)
        return [lb + i * step for i in sorted(picks)]


# --------------------------------------------------------------------------- comparison


@dataclass
class ResultMismatch:
    build: str  # "ND build", "NZ build", "ND vs NZ"
    index: int  # store number, in execution order
    where: str
    location: Optional[ir.Location]
    iteration: List[Tuple[str, int]]
    block_idx: int
    reason: str

    def describe(self) -> str:
        it = ", ".join(f"{n}={v}" for n, v in self.iteration) or "no enclosing loop"
        return f"{self.build}: store #{self.index} (block id {self.block_idx}; {it}): {self.reason}"


@dataclass
class ResultCheck:
    function: str = ""
    element_type: str = ""
    stores: int = 0
    elements: int = 0
    block_ids: List[int] = field(default_factory=list)
    sampled: Dict[str, Tuple[int, int]] = field(default_factory=dict)
    loop_names: Dict[str, str] = field(default_factory=dict)
    max_error_ratio: float = 0.0  # floats: max |err| / tolerance
    has_nz: bool = False
    mismatch: Optional[ResultMismatch] = None
    nd_build: Optional[ir.Module] = None
    nz_build: Optional[ir.Module] = None

    kernels: List["ResultCheck"] = field(default_factory=list)  # several functions
    # The output tensors after the run: {"ref"|"nd"|"nz": {argument index: array}}
    # (logical shape, the tensor's element type; only the sampled part written).
    outputs: Dict[str, Dict[int, np.ndarray]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.mismatch is None

    def summary(self) -> str:
        if self.kernels:
            return "\n".join(k.summary() for k in self.kernels)
        if self.mismatch is not None:
            return f"check-results: MISMATCH at {self.mismatch.where}: {self.mismatch.describe()}"
        if not self.stores:
            return "check-results: nothing to compare (the kernel stores nothing)"
        if self.element_type.startswith("i"):
            how = "exactly"
        else:
            how = (
                f"within (K+2)*2^-24*sum|x*w| (largest error {self.max_error_ratio:.2g} of "
                "that bound)"
            )
        loops = ", ".join(
            f"{self.loop_names.get(k, 'loop')}: {run} of {of}"
            for k, (run, of) in self.sampled.items()
        )
        parts = [
            f"{self.stores} store{'s' if self.stores != 1 else ''}, {self.elements} "
            f"{self.element_type} elements"
        ]
        if loops:
            parts.append(f"iterations {loops}")
        if len(self.block_ids) > 1:
            parts.append(f"{len(self.block_ids)} block ids")
        if not self.has_nz:
            return (
                f"check-results: @{self.function}: the lowered kernel matches NumPy {how} "
                f"({'; '.join(parts)}); it has no nz tensor, so its ND and NZ builds are "
                "the same"
            )
        return (
            f"check-results: @{self.function}: the ND build and the NZ build both match "
            f"NumPy {how} ({'; '.join(parts)}); ND and NZ are bit-identical"
        )


_SOURCE_LINES: Dict[str, List[str]] = {}


def iv_name(loop: ir.Operation, state) -> str:
    """The loop's induction variable as the source spells it (`%e`): its
    NameLoc (ptonz's parser keeps it), else read from the source file when
    it is readable (a module parsed without names), else as the printer
    numbers it."""
    iv = loop.regions[0].blocks[0].arguments[0]
    if _ptonz.value_name(iv):
        return state.name(iv)
    pos = file_location(loop.location)
    if pos is not None:
        lines = _SOURCE_LINES.get(pos[0])
        if lines is None:
            try:
                with open(pos[0], encoding="utf-8") as f:
                    lines = f.read().splitlines()
            except OSError:
                lines = []
            _SOURCE_LINES[pos[0]] = lines
        if 0 < pos[1] <= len(lines):
            m = re.match(r"scf\.for\s+(%[\w$.-]+)", lines[pos[1] - 1][pos[2] - 1 :])
            if m:
                return m.group(1)
    try:
        return state.name(iv)
    except Exception:  # pragma: no cover
        return "iv"


def _output_dtype(element_type: str) -> np.dtype:
    dtype = dtypes.numpy_dtype_of(element_type)
    assert dtype is not None  # an output's element type was checked when it was bound
    return dtype


def loop_iteration(
    loops: Sequence[ir.Operation], path: Sequence[int], state
) -> List[Tuple[str, int]]:
    """(induction variable name, value) of each enclosing scf.for."""
    return [(iv_name(loop, state), v) for loop, v in zip(loops, path)]


def store_iteration(record: TstoreRecord, state) -> List[Tuple[str, int]]:
    return loop_iteration(record.loops, record.path, state)


def _coord(flat: int, shape: Tuple[int, ...]) -> str:
    return "[" + ", ".join(str(int(i)) for i in np.unravel_index(flat, shape)) + "]"


def _fmt(v) -> str:
    return f"{v:.9g}" if isinstance(v, float) else str(v)


def _compare_to_reference(
    build: str,
    ref: List[RefStore],
    got: List[TstoreRecord],
    out_shape: Tuple[int, ...],
    elem: str,
    state,
    result: ResultCheck,
) -> Optional[ResultMismatch]:
    def mismatch(i, rec, reason):
        return ResultMismatch(
            build,
            i,
            format_location(rec.op.location),
            rec.op.location,
            store_iteration(rec, state),
            rec.block_idx,
            reason,
        )

    for i, expected in enumerate(ref):
        rec = expected.record
        if i >= len(got):
            return mismatch(
                i, rec, f"the lowered kernel made only {len(got)} stores (NumPy {len(ref)})"
            )
        g = got[i]
        if g.flat.shape != rec.flat.shape or not np.array_equal(g.flat, rec.flat):
            if g.flat.shape != rec.flat.shape:
                reason = (
                    f"the lowered kernel stores a {g.flat.shape} tile, NumPy a {rec.flat.shape} one"
                )
            else:
                r, c = (int(x) for x in np.argwhere(g.flat != rec.flat)[0])
                reason = (
                    f"the lowered kernel stores tile[{r}, {c}] to out"
                    f"{_coord(int(g.flat[r, c]), out_shape)}, NumPy to out"
                    f"{_coord(int(rec.flat[r, c]), out_shape)}"
                )
            return mismatch(i, rec, reason)
        values = dtypes.values(g.raw, elem)
        if elem.startswith("i"):
            want = dtypes.values(dtypes.raw_bits(expected.values, elem), elem)
            bad = values != want
        else:
            assert expected.bound is not None  # float tiles carry their bound
            tol = (expected.terms + 2) * F32_UNIT_ROUNDOFF * expected.bound + 2.0**-140
            err = np.abs(values - expected.values)
            bad = ~(err <= tol)
            result.max_error_ratio = max(result.max_error_ratio, float(np.max(err / tol)))
            want = expected.values
        if bad.any():
            r, c = (int(x) for x in np.argwhere(bad)[0])
            return mismatch(
                i,
                rec,
                f"out{_coord(int(rec.flat[r, c]), out_shape)} = "
                f"{_fmt(values[r, c].item())}, NumPy {_fmt(want[r, c].item())} "
                f"({int(bad.sum())} of {bad.size} elements differ)",
            )
    if len(got) > len(ref):
        return mismatch(
            len(ref), got[len(ref)], f"the lowered kernel made {len(got)} stores (NumPy {len(ref)})"
        )
    return None


# --------------------------------------------------------------------------- the check


def _pl_module(module_text_or_module, context) -> ir.Module:
    module = parsed_clone(module_text_or_module, context)
    if not has_pl(module):
        raise CheckError(
            "the result check needs the pl program (it lowers it twice, with the nz "
            "tensors as annotated and annotated nd); run it without pass flags on "
            "the pl input"
        )
    return module


def builds(
    pl_module: ir.Module, ptoas_version: str = DEFAULT_VERSION
) -> Tuple[ir.Module, ir.Module]:
    """(ND build, NZ build): lowered clones of the pl program, the first with
    its nz tensors annotated nd."""
    from ..passes import lower_to_ptoas_pipeline
    from ..passes.pipeline import make_nd_variant

    pipeline = lower_to_ptoas_pipeline(ptoas_version)
    nz = clone(pl_module)
    run_pipeline(nz, pipeline)
    nd = clone(pl_module)
    try:
        make_nd_variant(nd)
    except ir.MLIRError as exc:
        raise CheckError(f"lowering failed: {exc}", kind="lowering") from None
    run_pipeline(nd, pipeline)
    return nd, nz


def compare_builds(
    pl_module: ir.Module,
    nd_build: ir.Module,
    nz_build: ir.Module,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    block_num: Optional[int] = None,
) -> List[ResultCheck]:
    """Run the reference and both (already lowered) builds; one result per
    kernel function of the pl program."""
    results = []
    nd_funcs = {_sym(f): f for f in defined_functions(nd_build)}
    nz_funcs = {_sym(f): f for f in defined_functions(nz_build)}
    independent = LoopSampler.decisions(pl_module)
    state = name_state(pl_module)
    for func in defined_functions(pl_module):
        block = func.regions[0].blocks[0]
        if not any(PLTensorType.isinstance(a.type) for a in block.arguments):
            continue
        name = _sym(func)
        result = ResultCheck(function=name, nd_build=nd_build, nz_build=nz_build)
        results.append(result)
        args = _pl_args(func)
        result.has_nz = any(a.layout == "nz" for a in args)
        outputs = [a for a in args if a.output]
        if not outputs:
            continue
        inputs = _Inputs(args, seed)
        uses_bid = bool(ops_named(func, "pl.get_block_idx", "pl.get_block_num"))
        bnum = block_num if block_num is not None else max(1, samples)
        result.block_ids = sampled_block_ids(samples, bnum, seed) if uses_bid else [0]

        def binding(
            layouts: Dict[int, str],
            outs: Dict[int, ArrayBuffer],
            logical: bool,
            args=args,
            inputs=inputs,
        ):
            bound = {}
            for a in args:
                if a.output:
                    buf = outs[a.index]
                else:
                    buf = inputs.logical[a.index] if logical else inputs.gm(a, layouts[a.index])
                bound[a.index] = LogicalTensor(buf, a.shape, a.element_type) if logical else buf
            return bound

        nd_layouts = {a.index: ("nd" if a.layout == "nz" else a.layout) for a in args}
        nz_layouts = {a.index: a.layout for a in args}
        outs = {key: {a.index: _output_buffer(a) for a in outputs} for key in ("ref", "nd", "nz")}
        ref_stores: List[RefStore] = []
        got: Dict[str, List[TstoreRecord]] = {"nd": [], "nz": []}
        loops: Dict[str, str] = {}
        for bid in result.block_ids:
            policy = LoopSampler(seed, samples, independent)
            ref = PLReference(
                binding({}, outs["ref"], True), block_idx=bid, block_num=bnum, loop_policy=policy
            )
            try:
                ref.run(func)
            except SimError as exc:
                raise CheckError(f"cannot run the pl program: {exc.message}", op=exc.op) from None
            ref_stores += ref.ref_stores
            result.sampled.update(policy.sampled)
            for key, funcs, layouts in (("nd", nd_funcs, nd_layouts), ("nz", nz_funcs, nz_layouts)):
                lowered = funcs.get(name)
                if lowered is None:
                    raise CheckError(
                        f"function @{name} is missing from the {key.upper()} build", op=func
                    )
                run = I.Interpreter(
                    binding(layouts, outs[key], False),
                    block_idx=bid,
                    block_num=bnum,
                    loop_policy=LoopSampler(seed, samples, independent),
                    compute=True,
                )
                try:
                    run.run(lowered)
                except SimError as exc:
                    # The lowered kernel itself is wrong (it reads outside a
                    # tile or a tensor, ...): that is a failed check.
                    op = exc.op
                    failed_loops, path = exc.path or ((), ())
                    result.mismatch = ResultMismatch(
                        f"{key.upper()} build",
                        len(got[key]) + len(run.stores),
                        format_location(op.location) if op is not None else "<unknown>",
                        op.location if op is not None else None,
                        loop_iteration(failed_loops, path, state),
                        bid,
                        f"the lowered kernel fails: {exc.message}",
                    )
                    return results
                got[key] += run.stores
        for loop in ops_named(func, "scf.for"):
            loops[str(loop.operation.location)] = iv_name(loop.operation, state)
        result.loop_names = loops
        out_arg = {a.index: a for a in outputs}
        result.outputs = {
            key: {
                i: buf.data.view(_output_dtype(out_arg[i].element_type)).reshape(out_arg[i].shape)
                for i, buf in bufs.items()
            }
            for key, bufs in outs.items()
        }
        result.stores = len(ref_stores)
        result.elements = sum(int(s.record.flat.size) for s in ref_stores)
        elem = outputs[0].element_type
        result.element_type = elem
        for key, label in (("nd", "ND build"), ("nz", "NZ build")):
            m = _compare_to_reference(
                label, ref_stores, got[key], _store_shape(ref_stores, out_arg), elem, state, result
            )
            if m is not None:
                result.mismatch = m
                break
        if result.mismatch is None:
            for i, (a, b) in enumerate(zip(got["nd"], got["nz"])):
                if not np.array_equal(a.raw, b.raw):
                    r, c = (int(x) for x in np.argwhere(a.raw != b.raw)[0])
                    result.mismatch = ResultMismatch(
                        "ND vs NZ",
                        i,
                        format_location(b.op.location),
                        b.op.location,
                        store_iteration(b, state),
                        b.block_idx,
                        f"the builds differ at tile[{r}, {c}] (both within the tolerance)",
                    )
                    break
        if result.mismatch is not None:
            break
    return results


def _store_shape(ref_stores: List[RefStore], out_args: Dict[int, _Arg]) -> Tuple[int, ...]:
    if not ref_stores:
        return (0,)
    op = ref_stores[0].record.op
    arg = op.operands[1]
    if isinstance(arg.owner, ir.Block):
        return out_args[ir.BlockArgument(arg).arg_number].shape
    return (0,)  # pragma: no cover


def check_results(
    module_text_or_module,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    *,
    ptoas_version: str = DEFAULT_VERSION,
    block_num: Optional[int] = None,
    context: Optional[ir.Context] = None,
) -> ResultCheck:
    """Lower the pl program twice (ND and NZ build) and compare both with
    NumPy (see the module docstring). Returns the first function's result,
    or the first mismatch. Raises `CheckError` if the input cannot be
    lowered or simulated."""
    pl_module = _pl_module(module_text_or_module, context)
    with pl_module.context, ir.Location.unknown(context=pl_module.context):
        nd, nz = builds(pl_module, ptoas_version)
        results = compare_builds(pl_module, nd, nz, samples=samples, seed=seed, block_num=block_num)
    if not results:
        return ResultCheck(nd_build=nd, nz_build=nz)
    for r in results:
        if not r.ok:
            return r
    return results[0] if len(results) == 1 else _merge(results)


def _merge(results: List[ResultCheck]) -> ResultCheck:
    """One result for several kernels: summed counts, a line each."""
    merged = ResultCheck(
        function=", @".join(r.function for r in results),
        nd_build=results[0].nd_build,
        nz_build=results[0].nz_build,
    )
    merged.kernels = results
    for r in results:
        merged.has_nz |= r.has_nz
        merged.stores += r.stores
        merged.elements += r.elements
        merged.max_error_ratio = max(merged.max_error_ratio, r.max_error_ratio)
    return merged
