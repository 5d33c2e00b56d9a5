"""pto-declare-nz-args: say that the GM bytes behind a kernel's pointer
argument are NZ-packed, and what a scalar argument's range is (facts of the
launch that the IR does not carry), then give every view of an NZ-declared
pointer the logical NZ form that pto-block-nz-views lowers.

The declarations (options `nz-args`, `arg-ranges`; ptonz-opt `--nz-arg`,
`--arg-range`) become argument attributes (`analyses.arg_attrs.NZ_SHAPE_ATTR`,
`ARG_RANGE_ATTR`), so a kernel may also carry them itself; everything after
this pass reads the attributes. For each read view of an NZ pointer, the
packing [.., R, C] (one NZ matrix per leading index) decides:

* a view [.., R, C] reads whole matrices: it becomes a logical NZ view of
  its own shape (rank 2: one matrix; rank 3: a batch; rank 4+: folded);
* a view [k*R, C] reads them with flattened rows (pypto views `w1[32, 2048,
  4096]` as `[65536, 4096]`): it becomes a logical [k, R, C] view, and a
  partition at flattened row `o` reads matrix `o floordiv R` at row
  `o mod R` -- accepted only when the tile is proven to stay inside one
  matrix (by the offset's alignment or its range);
* anything else would need another byte order: rejected at the view.

A view that nothing reads is left as it is (pypto leaves some); any other
use of the pointer is rejected.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence

from mlir import ir
from ptonz_geometry import (
    c0_for_bitwidth,
    default_strides,
    fold_leading,
    nz_plane_problem,
    nz_width_problem,
)

from .. import _ptonz
from .._ptonz import DYNAMIC
from ..analyses.int_ranges import FunctionRanges
from ..analyses.ir_queries import bit_width, function_type, functions, symbol_name
from ..analyses.provable import Prover
from ._util import constant_pool, current_pool, derived_name, error, name_of, named
from .base import ModulePass, register
from ..analyses.arg_attrs import (
    ARG_RANGE_ATTR,
    NZ_SHAPE_ATTR,
    arg_attr_dicts,
    arg_range_problem,
    int_array,
    set_arg_attr,
)
from .declarations import ArgRange, NzArg
from .idle import nothing_declared

PASS = "pto-declare-nz-args"


def _shape_text(shape: Sequence[int]) -> str:
    return "x".join(map(str, shape))


def _dims_text(dims: Sequence[Optional[int]]) -> str:
    return "x".join("?" if d is None else str(d) for d in dims)


def _power_of_two_at_least(n: int) -> int:
    return 1 << max(0, (n - 1).bit_length())


class _Declarer:
    def __init__(self, module: ir.Operation):
        self.module = module
        self.ok = True
        self.funcs = {symbol_name(f): f for f in functions(module)}

    def reject(self, loc: ir.Location, msg: str, notes=()) -> None:
        error(loc, f"{PASS}: {msg}", notes)
        self.ok = False

    # -- options -> argument attributes -----------------------------------

    def _target(self, decl, flag: str):
        func = self.funcs.get(decl.func)
        if func is None:
            known = ", ".join("@" + n for n in self.funcs) or "none"
            self.reject(
                _file_start(self.module.location),
                f"{flag}={decl} names @{decl.func}, but the module "
                f"has no function of that name (its functions: {known})",
            )
            return None, None
        types = list(function_type(func).inputs)
        if decl.index >= len(types):
            self.reject(
                func.location,
                f"{flag}={decl}: @{decl.func} has {len(types)} arguments "
                f"(indices 0 to {len(types) - 1})",
            )
            return None, None
        return func, types[decl.index]

    def attach(self, nz_args: Sequence[NzArg], ranges: Sequence[ArgRange]) -> None:
        for decl in nz_args:
            func, t = self._target(decl, "--nz-arg")
            if func is None:
                continue
            if not _ptonz.PtrType.isinstance(t):
                self.reject(
                    func.location,
                    f"--nz-arg={decl}: argument {decl.index} of "
                    f"@{decl.func} is {t}, not a !pto.ptr: NZ packing is a fact "
                    "about the GM bytes behind a pointer argument (a !pl.tensor says "
                    "its layout in its type: !pl.tensor<..., nz>)",
                )
                continue
            shape = list(decl.shape) if decl.shape else []
            set_arg_attr(func, decl.index, NZ_SHAPE_ATTR, ir.DenseI64ArrayAttr.get(shape))
        for decl in ranges:
            func, t = self._target(decl, "--arg-range")
            if func is None:
                continue
            t = t.maybe_downcast()
            if not isinstance(t, (ir.IntegerType, ir.IndexType)):
                self.reject(
                    func.location,
                    f"--arg-range={decl}: argument {decl.index} of "
                    f"@{decl.func} is {t}, not an integer or index scalar",
                )
                continue
            problem = arg_range_problem(decl.attribute_values(), bit_width(t))
            if problem:
                self.reject(
                    func.location,
                    f"--arg-range={decl}: argument {decl.index} of @{decl.func} is {t}: {problem}",
                )
                continue
            set_arg_attr(
                func, decl.index, ARG_RANGE_ATTR, ir.DenseI64ArrayAttr.get(decl.attribute_values())
            )

    # -- NZ pointers -> logical NZ views ----------------------------------

    def written_ranges(self, func: ir.Operation, dicts) -> None:
        """Reject an `ARG_RANGE_ATTR` that declares no range: the analyses
        would ignore it, and the kernel's author meant one."""
        types = None
        for index, attrs in enumerate(dicts):
            if ARG_RANGE_ATTR not in attrs:
                continue
            if types is None:
                types = list(function_type(func).inputs)
            values = int_array(attrs[ARG_RANGE_ATTR])
            t = types[index].maybe_downcast() if index < len(types) else None
            if not isinstance(t, (ir.IntegerType, ir.IndexType)):
                problem = f"the argument is {t}, not an integer or index scalar"
            elif values is None:
                problem = "it is not an array<i64: LO, HI> or array<i64: LO, HI, STEP>"
            else:
                problem = arg_range_problem(values, bit_width(t))
            if problem:
                self.reject(
                    func.location,
                    f"argument {index} of @{symbol_name(func)}: {ARG_RANGE_ATTR} = "
                    f"{attrs[ARG_RANGE_ATTR]} declares no range: {problem}; write the "
                    "values the launch gives it as array<i64: LO, HI[, STEP]> (LO, "
                    "LO + STEP, ... below HI), or remove it",
                )

    def function(self, func: ir.Operation, prover: Prover) -> None:
        dicts = arg_attr_dicts(func)
        self.written_ranges(func, dicts)
        if not func.regions[0].blocks:
            return  # a declaration: its callers' views are checked where they are
        args = func.regions[0].blocks[0].arguments
        plans = []
        order: Dict = {}  # the function's views -> IR position, once (view_order)

        def view_order() -> Dict:
            if not order:
                order.update((op, k) for k, (op, _info) in enumerate(_ptonz.tensor_views(func)))
            return order

        for index, attrs in enumerate(dicts):
            if NZ_SHAPE_ATTR not in attrs:
                continue
            shape = int_array(attrs[NZ_SHAPE_ATTR])
            if shape is None:
                self.reject(
                    func.location,
                    f"argument {index} of @{symbol_name(func)}: "
                    f"{NZ_SHAPE_ATTR} must be an array<i64: ...> (the logical shape), "
                    f"got {attrs[NZ_SHAPE_ATTR]}",
                )
                continue
            plan = self.pointer(func, index, args[index], shape, prover, view_order)
            if plan is not None:
                plans.append(plan)
        if not self.ok or not plans:
            return
        with constant_pool(func):
            for plan in plans:
                for view, kind, data in plan:
                    _rewrite(view, kind, data)

    def pointer(
        self, func, index: int, ptr: ir.Value, shape: List[int], prover: Prover, view_order
    ):
        """`view_order()`: the function's views -> their position in it."""
        where = f"argument {index} of @{symbol_name(func)} (declared NZ)"
        if not _ptonz.PtrType.isinstance(ptr.type):
            return self.reject(func.location, f"{where} is {ptr.type}, not a !pto.ptr")
        elem = _ptonz.PtrType(ptr.type).element_type
        bits = _ptonz.element_bits(elem)
        why = nz_width_problem(bits, _ptonz.element_value_bits(elem))
        if why is not None:
            return self.reject(
                func.location,
                f"{where} points to {elem}, which has no NZ "
                f"fractal ({why}); NZ packs 8- to 256-bit elements whose width "
                "divides a 32-byte C0 line; do not declare it NZ",
            )
        c0 = c0_for_bitwidth(bits)
        views = self.views_of(ptr, 0, [])
        if views is None:
            return None
        if len(views) > 1:  # use lists run backwards: put them in IR order
            order = view_order()  # once per function: per pointer, quadratic
            views.sort(key=lambda item: order.get(item[0], 0))
        read = [(v, off) for v, off in views if _has_uses(v)]
        if not shape:
            shape = self.inferred_shape(where, read)
            if shape is None:
                return None
            if shape:  # the packing, for everything after (the result check packs by it)
                set_arg_attr(func, index, NZ_SHAPE_ATTR, ir.DenseI64ArrayAttr.get(shape))
        if not self.packing_ok(func, where, shape, c0, elem):
            return None
        plan = []
        for view, offset in read:
            item = self.view(view, offset, shape, c0, prover, where)
            if item is not None:
                plan.append(item)
        return plan

    def views_of(self, ptr: ir.Value, offset, out):
        """The make_tensor_views of `ptr`, direct or through pto.addptr, each with
        its element offset from the argument (an int, a value, or None when it
        is not known); None after rejecting another use. Depth first, in use
        order, with a stack of its own: a chain of addptr ops may be longer
        than Python's recursion limit."""
        stack = [(iter(list(ptr.uses)), offset)]
        while stack:
            uses, offset = stack[-1]
            use = next(uses, None)
            if use is None:
                stack.pop()
                continue
            user = use.owner
            name = user.operation.name if hasattr(user, "operation") else user.name
            op = user.operation if hasattr(user, "operation") else user
            if name == "pto.make_tensor_view" and use.operand_number == 0:
                out.append((op, offset))
            elif name == "pto.addptr" and use.operand_number == 0:
                source = _ptonz.value_source(op.operands[1])
                step = source[3] if source[0] == "arith.constant" else None
                nxt = (offset + step) if isinstance(offset, int) and step is not None else None
                stack.append((iter(list(op.results[0].uses)), nxt))
            else:
                self.reject(
                    op.location,
                    f"the NZ-declared pointer is used by '{name}': only "
                    "pto.make_tensor_view (directly or through pto.addptr) can read NZ "
                    "bytes by their logical coordinates here; read it through a view "
                    "and pto.tload, or declare the callee's argument instead",
                )
                return None
        return out

    def inferred_shape(self, where: str, read) -> Optional[List[int]]:
        shape = None
        first = None
        for view, _off in read:
            dims = _static_shape(view)
            if dims is None:
                self.reject(
                    view.location,
                    f"{where}: this view's shape is not constant, so it "
                    "cannot give the NZ packing's logical shape; declare it: "
                    "--nz-arg=@FUNC:INDEX=SHAPE",
                )
                return None
            if shape is None:
                shape, first = dims, view
            elif dims != shape:
                self.reject(
                    view.location,
                    f"{where}: this view is {_shape_text(dims)} but "
                    f"another view of the same pointer is {_shape_text(shape)}: they "
                    "would need different NZ byte orders; say which packing the bytes "
                    "have: --nz-arg=@FUNC:INDEX=SHAPE",
                    [(first.location, "the other view")],
                )
                return None
        if shape is None:
            return []  # nothing reads it: nothing to rewrite
        return shape

    def packing_ok(self, func, where: str, shape: List[int], c0: int, elem) -> bool:
        if not shape:
            return True
        if len(shape) < 2:
            self.reject(
                func.location,
                f"{where}: shape {_shape_text(shape)} has rank "
                f"{len(shape)}, but an NZ tensor is [.., R, C] (its last two "
                "dimensions are the fractal plane)",
            )
            return False
        R, C = shape[-2:]
        problem = nz_plane_problem(R, C, c0, str(elem))
        if problem is not None:
            axis, why = problem
            self.reject(
                func.location,
                f"{where}: {R if axis == 'rows' else C} {axis} (shape "
                f"{_shape_text(shape)}) {why}; pad the {axis} or do not declare it NZ",
            )
            return False
        return True

    def view(
        self, view: ir.Operation, offset, shape: List[int], c0: int, prover: Prover, where: str
    ):
        layout, _bits, _type_shape, dims, strides, _value_bits = _ptonz.view_info(view)
        if layout == "nz":
            return None  # already an NZ view (logical or blocked): the passes after check it
        fixed = None
        if any(d is None for d in dims):
            # A dynamic extent (pypto's `[%arg4, 5120]`) takes the declared
            # packing's: the NZ byte order is that of the SHAPE, whatever part of
            # it the view names.
            if len(dims) != len(shape) or any(
                d is not None and d != e for d, e in zip(dims, shape)
            ):
                return self.reject(
                    view.location,
                    f"{where}: a view of it with a dynamic "
                    f"shape ({_dims_text(dims)}) that is not the declared "
                    f"{_shape_text(shape)} in its static dimensions: its NZ "
                    "coordinates cannot be proven; give its shape operands as "
                    "arith.constant values, or declare the packing it reads",
                )
            dims = fixed = list(shape)
        if layout not in ("", "nd"):
            return self.reject(
                view.location,
                f"{where}: this view is {layout}, but the bytes "
                "are NZ-packed; view them nd (row-major) with their logical "
                "shape, and ptonz gives the view its NZ form",
            )
        dense = default_strides(dims)
        if (
            strides
            and any(st is not None and st != d for st, d in zip(strides, dense))
            or (strides and fixed is None and None in strides)
        ):
            return self.reject(
                view.location,
                f"{where}: this view has strides {list(strides)}, "
                f"not the row-major strides {dense} of its shape: it does not "
                "read the logical tensor element by element, so it has no NZ "
                "form; view it dense",
            )
        R, C = shape[-2:]
        matrices = fold_leading(shape)[0]
        if offset is None or (isinstance(offset, int) and offset % (R * C)):
            return self.reject(
                view.location,
                f"{where}: this view starts at an element offset "
                "that is not a constant multiple of one matrix (R*C = "
                f"{R * C}): NZ bytes are addressed by whole matrices; make the "
                "pto.addptr offset a constant number of matrices",
            )
        first = offset // (R * C)
        if dims[-1] == C and len(dims) >= 2 and dims[-2] == R:
            count = fold_leading(dims)[0]
            if first + count > matrices:
                return self.reject(view.location, self._too_big(where, dims, shape, first))
            return (view, "whole", fixed)
        if len(dims) == 2 and dims[1] == C and dims[0] % R == 0:
            count = dims[0] // R
            if first + count > matrices:
                return self.reject(view.location, self._too_big(where, dims, shape, first))
            parts = []
            for user, name, offsets, sizes, _users in _ptonz.view_uses(view):
                if name != "pto.partition_view":
                    continue  # pto-block-nz-views rejects it at the NZ view
                planned = self.flattened_partition(user, offsets, sizes, R, prover, where)
                if planned is None:
                    return None
                parts.append((user,) + planned)
            return (view, "flattened", (count, R, C, parts))
        return self.reject(
            view.location,
            f"{where}: this view is {_shape_text(dims)}, but the "
            f"bytes are packed as NZ {_shape_text(shape)} (one NZ order per "
            f"[{R}, {C}] matrix, column blocks of c0 = {c0} outside row "
            "fractals): it would need a different NZ byte order. View it as "
            f"[.., {R}, {C}] or [k*{R}, {C}] (flattened rows), or declare the "
            "packing it has: --nz-arg=@FUNC:INDEX=SHAPE",
        )

    @staticmethod
    def _too_big(where, dims, shape, first) -> str:
        return (
            f"{where}: this {_shape_text(dims)} view (starting at matrix {first}) reaches "
            f"past the declared {_shape_text(shape)} tensor: the SHAPE does not match the "
            "views; declare the shape the bytes have"
        )

    def flattened_partition(
        self, part: ir.Operation, offsets, sizes, R: int, prover: Prover, where: str
    ):
        """(offsets, sizes) of a partition at flattened row `o` of [k*R, C]:
        [o floordiv R, o mod R, col], [1, Rt, Ct] -- once the Rt rows read are
        proven inside one matrix."""
        row, col = offsets
        Rt, Ct = sizes
        if Rt is None:
            r = prover.ranges.of(part.operands[1 + len(offsets)])
            Rt = r.smax if r is not None else None
        if Rt is None or Ct is None:
            self.reject(
                part.location,
                f"{where}: partition sizes must be constants (or a "
                "bounded ragged row count) to prove which matrix they read",
            )
            return None
        if isinstance(row, int):
            if row < 0 or row % R + Rt > R:
                self.reject(
                    part.location,
                    f"{where}: the {Rt}-row tile at flattened row {row} "
                    f"crosses from matrix {row // R} into the next ({R} rows each): "
                    "an NZ tile is read from one matrix; split the load at the "
                    "matrix boundary",
                )
                return None
            return [row // R, row % R, col], [1, Rt, Ct]
        a = self.inside_one_matrix(part, row, R, Rt, prover, where)
        if a is None:
            return None
        return [("floordiv", row, R), ("rem", row, R, a), col], [1, Rt, Ct]

    def inside_one_matrix(
        self, part, row: ir.Value, R: int, Rt: int, prover: Prover, where: str
    ) -> Optional[int]:
        """The alignment the row offset was proven inside one matrix by (1 if by
        its range), or None after rejecting it."""
        r = prover.ranges.of(row)
        if r is None or r.smin < 0:
            shown = str(r) if r is not None else "unknown"
            self.reject(
                part.location,
                f"{where}: the flattened row offset is not proven "
                f"non-negative (it ranges over {shown}), so the matrix it reads "
                "(row floordiv R) is not known; bound it (arith.maxsi(x, 0), a loop, "
                "or --arg-range for the arguments it is computed from)",
            )
            return None
        # By alignment: a multiple of a (a power of two dividing R, a >= Rt) has
        # row mod R <= R - a <= R - Rt.
        a = _power_of_two_at_least(Rt)
        if R % a == 0 and prover.aligned(row, a):
            return a
        # By range: the first and the last row read lie in one matrix.
        if r.smin // R == (r.smax + Rt - 1) // R:
            return 1
        self.reject(
            part.location,
            f"{where}: cannot prove that the {Rt}-row tile at this "
            f"flattened row offset stays inside one {R}-row matrix: the offset is not "
            f"proven a multiple of {a} (which would keep row mod {R} <= {R - a}), and "
            f"its range {r} spans matrices {r.smin // R} to {(r.smax + Rt - 1) // R}. "
            "Bound what it is computed from (--arg-range=@FUNC:INDEX=LO:HI for the "
            "block index, expert index, ...), or declare the weight as one matrix "
            "(--nz-arg=@FUNC:INDEX=<rows>x<cols> of this view)",
        )
        return None


def _file_start(loc: ir.Location) -> ir.Location:
    """Line 1, column 1 of the file `loc` is in (a module's own location is
    line 0): where a declaration about the whole file is reported."""
    if loc.is_a_file():
        return ir.Location.file(loc.filename, 1, 1, context=loc.context)
    return loc


def _has_uses(op: ir.Operation) -> bool:
    return any(True for _ in op.results[0].uses)


def _static_shape(view: ir.Operation) -> Optional[List[int]]:
    dims = _ptonz.view_info(view)[3]
    return None if any(d is None for d in dims) else list(dims)


def _rewrite(view: ir.Operation, kind: str, data) -> None:
    """The view becomes logical NZ (`strides = []`, layout nz); a flattened
    one also gets rank 3 and its partitions their matrix coordinates."""
    pool = current_pool()
    view.attributes["layout"] = ir.Attribute.parse("#pto.layout<nz>")
    _ptonz.set_views_strides([(view, [])], pool)
    if kind == "whole":
        if data is not None:  # dynamic extents: the declared packing's
            _ptonz.set_blocked_view(view, [DYNAMIC] * len(data), list(data), [], pool)
        return
    count, R, C, parts = data
    built = []
    for part, offsets, sizes in parts:
        offsets = [_build(part, o) for o in offsets]
        built.append((part, offsets, sizes))
    _ptonz.set_blocked_view(view, [DYNAMIC] * 3, [count, R, C], built, pool)


def _build(part: ir.Operation, item):
    """A planned offset: an int or value as it is; ("floordiv", o, R): the
    matrix `o floordiv R`; ("rem", o, R, a): the row `o mod R` of `o` proven a
    non-negative multiple of `a`, built as `((o floordiv a) mod (R/a)) * a` (the
    same value; its range [0, R - a] shows that the tile stays in its matrix)."""
    if not isinstance(item, tuple):
        return item
    from mlir.dialects import arith  # only flattened views need it

    pool = current_pool()
    # Named after the flattened row offset `%r` (else the partition): its
    # matrix `%r_matrix` and its row in that matrix `%r_row` (`%r_row_blocks`,
    # `%r_row_block`: the steps of the proven form).
    loc, fallback = part.location, name_of(part.results[0])

    def at(o, suffix):
        return named(loc, derived_name(o, suffix, fallback))

    with ir.InsertionPoint(part):
        if item[0] == "floordiv":
            o = item[1]
            return arith.FloorDivSIOp(o, pool.get(item[2]), loc=at(o, "_matrix")).result
        _how, o, R, a = item
        if a == 1:
            return arith.RemSIOp(o, pool.get(R), loc=at(o, "_row")).result
        flags = ir.Attribute.parse("#arith.overflow<nsw, nuw>")
        q = arith.FloorDivSIOp(o, pool.get(a), loc=at(o, "_row_blocks")).result
        m = arith.RemSIOp(q, pool.get(R // a), loc=at(o, "_row_block")).result
        return arith.MulIOp(m, pool.get(a), overflowFlags=flags, loc=at(o, "_row")).result


@register
class DeclareNzArgs(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        if nothing_declared(PASS, module, self.opts):
            return True  # the common case costs one look per function
        d = _Declarer(module)
        d.attach(self.opts["nz-args"], self.opts["arg-ranges"])
        if not d.ok:
            return False
        prover = Prover(module, FunctionRanges(module))
        for func in functions(module):
            d.function(func, prover)
        return d.ok
