"""pto-block-mx-scale-views: rewrite logical MX scale tensor views (A5
microscaling, pypto's BlockMxScaleTensorViews) into the blocked rank-5 form
pto-isa's MX TLOAD reads (`TileShape2D<MX_A_ZZ>` / `<MX_B_NN>`).

    MX_A_ZZ [M, G] -> [1, M/16, G/2, 16, 2]     [m0, g0] -> [0, m0/16, g0/2, 0, 0]
    MX_B_NN [G, N] -> [1, N/16, G/2, 16, 2]     [g0, n0] -> [0, n0/16, g0/2, 0, 0]

(the geometry: `ptonz_geometry`'s MX part). A logical MX view is
`pto.make_tensor_view %p, shape = [..], strides = [] {layout =
#pto.layout<mx_a_zz>}` (`analyses.view_kinds`); its strides stay empty and
pto-materialize-strides fills the row-major strides of the blocked shape.
Each of its partitions feeds `pto.tload` (into a mat tile) or `pto.tstore`
and covers whole 16x2 boxes; an offset is divided whole (`arith.floordivsi`
of the evaluated offset, never re-associated) and only when its integer
range and alignment prove it a non-negative multiple (`analyses.provable`).
A load whose destination tile narrows the valid part reads the tile's
complete physical window (pypto: a [32, 2] tile with valid [16, 2] loads
sizes [1, 2, 1, 16, 2]; the tile keeps its valid [16, 2]). Offsets computed
from scalar arguments of a function the module calls are proven at every
call site (`analyses.call_sites`). Whatever cannot be proven is a located
error naming the rule, and nothing of that function is rewritten.

Rewritten functions are marked `pto.mx_tensor_views_blocked`
(view_kinds.MX_BLOCKED_MARK) and skipped afterwards (pypto's
`mx_tensor_views_blocked` stamp). An MX view with explicit strides is
physical and left as it is (pto-verify-ptoas checks it).

The scale element may be written `!pto.f8E8M0` (PTOAS's spelling) or MLIR's
builtin f8E8M0FNU (the same one-byte E8M0, as pl's MX tensors have it); the
pass writes PTOAS's spelling everywhere in the module
(`ptoas_facts.MX_SCALE_ELEMENT`: pointers, views, tiles, signatures), since
no PTOAS parses the builtin one -- also in a module whose E8M0 tensors are
ND only (a function taking a `!pto.ptr<f8E8M0FNU>`).
"""

from __future__ import annotations

from typing import Dict, List, Optional

from mlir import ir
from ptonz_geometry import MX_BOX_COLS, MX_BOX_ROWS, MX_LAYOUTS, MX_NAMES, mx_axes, mx_blocked_shape

from .. import _ptonz
from ..analyses.bounds import UNDECIDED, check_dim
from ..analyses.call_sites import CallSiteFacts
from ..analyses.int_ranges import FunctionRanges
from ..analyses.ir_queries import dims_of, functions
from ..analyses.provable import Prover, provable_forms_text
from ..analyses.ptoas_facts import MX_SCALE_BUILTIN, MX_SCALE_ELEMENT, MX_SCALE_ELEMENTS
from ..analyses.view_kinds import LEGACY, MX_BLOCKED_MARK, PHYSICAL, kind_of, legacy_message
from ._util import PlannedPatterns, constant_pool, current_pool as _pool, error, report_bounds
from .base import ModulePass, register
from .idle import scale_pointers

PASS = "pto-block-mx-scale-views"
# What each layout's axes are called in messages.
_DIMS = {"mx_a_zz": "[M, G]", "mx_b_nn": "[G, N]"}


def _is_e8m0(t: ir.Type) -> bool:
    return str(t) in MX_SCALE_ELEMENTS


def respell_scales(module: ir.Operation) -> None:
    """MLIR's builtin f8E8M0FNU -> PTOAS's `!pto.f8E8M0`, in every type of
    `module` (MX_SCALE_ELEMENT)."""
    ctx = module.context
    _ptonz.replace_type(
        module, ir.Type.parse(MX_SCALE_BUILTIN, ctx), ir.Type.parse(MX_SCALE_ELEMENT, ctx)
    )


class _Validator:
    """Checks one function; emits every rejection; `ok` stays True if none.
    `plan`: each logical MX view -> (type shape, shape, [(partition, offsets,
    sizes)]) (items: an int, a value, or (value, divisor))."""

    def __init__(self, prover: Prover, facts: CallSiteFacts, remarks: bool):
        self.prover = prover
        self.facts = facts
        self.remarks = remarks
        self.ok = True
        self.plan: Dict[ir.Operation, tuple] = {}

    def reject(self, op, msg: str, notes=()) -> None:
        error(op.location, f"{PASS}: {msg}", notes)
        self.ok = False

    def view(self, op: ir.Operation, info) -> None:
        layout, _bits, type_shape, _shape, _strides, _value_bits = info
        name = MX_NAMES[layout]
        rank = len(type_shape)
        elem = op.results[0].type.element_type
        if rank != 2:
            return self.reject(
                op,
                f"{name} view of logical rank {rank}: an MX scale tensor is "
                f"a rank-2 {_DIMS[layout]} scale (pto-isa's TileShape2D<{name}>); "
                "give the view its logical 2-D shape, or annotate it nd",
            )
        if not _is_e8m0(elem):
            return self.reject(
                op,
                f"{name} view of element type {elem}: microscaling scales "
                f"are E8M0 (one byte each, 16x2 boxes of 32 bytes); use "
                f"!pto.ptr<{MX_SCALE_ELEMENT}> (or MLIR's {MX_SCALE_BUILTIN}), "
                "or annotate the view nd",
            )
        dims = dims_of(info)
        baxis, gaxis = mx_axes(layout)
        for axis, box, what in ((baxis, MX_BOX_ROWS, "block"), (gaxis, MX_BOX_COLS, "group")):
            d = dims[axis]
            if d is None:
                return self.reject(
                    op,
                    f"{name} view with a dynamic {what} dimension (shape"
                    f"[{axis}]): the blocked shape [1, ../16, G/2, 16, 2] must "
                    "be static; give the shape operand as an arith.constant "
                    "value",
                )
            if d <= 0 or d % box:
                return self.reject(
                    op,
                    f"{name} view {what} dimension (shape[{axis}] = {d}) is "
                    f"not a positive multiple of {box}: the scales are stored "
                    f"in whole 16x2 boxes ({what} axis in {box}s); pad the "
                    "scale tensor",
                )
        shape = mx_blocked_shape(layout, dims)
        # A dynamic view type stays dynamic (as pto-block-nz-views keeps it).
        type_shape = [_ptonz.DYNAMIC] * 5 if all(d == _ptonz.DYNAMIC for d in type_shape) else shape
        partitions: list = []
        self.plan[op] = (type_shape, shape, partitions)
        for user, uname, offsets, sizes, users in _ptonz.view_uses(op):
            if uname != "pto.partition_view":
                self.reject(
                    user,
                    f"an {name} view may only be read or written through "
                    f"pto.partition_view -> pto.tload / pto.tstore, but it is used by "
                    f"'{uname}': only those know the boxed layout",
                    [(op.location, f"{name} view defined here")],
                )
                continue
            planned = self.partition(user, layout, dims, offsets, sizes, users)
            if planned is not None:
                partitions.append((user,) + planned)

    def window(self, op, layout, sizes, users) -> Optional[List[int]]:
        """The logical window a partition moves: its sizes, or for a load into
        a tile that narrows the valid part, the tile's complete shape."""
        name = MX_NAMES[layout]
        window = None
        for user, uname, tile in users:
            if uname == "pto.tstore":
                want = list(sizes)
            elif uname == "pto.tload":
                loc, rows, cols, valid_row, valid_col = tile[:5]
                if loc != "mat":
                    self.reject(
                        user,
                        f"an {name} scale load must write a mat tile (cube scale "
                        f"loads, pypto's target_memory=Mat), got loc={loc}",
                    )
                    return None
                if [valid_row, valid_col] != list(sizes):
                    shown = ["?" if v == _ptonz.DYNAMIC else v for v in (valid_row, valid_col)]
                    self.reject(
                        user,
                        f"the destination tile is {rows}x{cols} with valid "
                        f"{shown[0]}x{shown[1]} but the {name} partition is "
                        f"{sizes[0]}x{sizes[1]}: the partition must be the tile's "
                        "valid part",
                    )
                    return None
                want = [rows, cols]
            else:
                self.reject(
                    user,
                    f"a partition of an {name} view may only feed pto.tload or "
                    f"pto.tstore, but it is used by '{uname}'",
                    [(op.location, f"{name} partition defined here")],
                )
                return None
            if window is not None and want != window:
                self.reject(
                    user,
                    f"the users of this {name} partition move different windows "
                    f"({window} and {want}); give each its own partition",
                )
                return None
            window = want
        return window if window is not None else list(sizes)

    def partition(self, op, layout, dims, offsets, sizes, users):
        name = MX_NAMES[layout]
        if any(s is None for s in sizes):
            return self.reject(
                op,
                f"partition sizes of an {name} view must be arith.constant "
                "values: the blocked sizes [1, ../16, ../2, 16, 2] are static",
            )
        window = self.window(op, layout, sizes, users)
        if window is None:
            return None
        baxis, gaxis = mx_axes(layout)
        for axis, box, what in ((baxis, MX_BOX_ROWS, "block"), (gaxis, MX_BOX_COLS, "group")):
            if window[axis] % box or window[axis] <= 0:
                return self.reject(
                    op,
                    f"{name} window {window[0]}x{window[1]} does not cover "
                    f"whole 16x2 boxes: its {what} size (dimension {axis}) "
                    f"{window[axis]} is not a positive multiple of {box}",
                )
        ok = True
        for axis, box, what in ((baxis, MX_BOX_ROWS, "block"), (gaxis, MX_BOX_COLS, "group")):
            if not self.offset(op, name, offsets[axis], box, what, axis):
                ok = False
                continue
            self.bounds(op, name, offsets[axis], window[axis], dims[axis], axis, what, sizes[axis])
        if not ok:
            return None
        blocked = [
            0,
            _divided(offsets[baxis], MX_BOX_ROWS),
            _divided(offsets[gaxis], MX_BOX_COLS),
            0,
            0,
        ]
        return blocked, mx_blocked_shape(layout, window)

    def offset(self, op, name, offset, divisor: int, what: str, axis: int) -> bool:
        if isinstance(offset, int):
            if offset < 0 or offset % divisor:
                self.reject(
                    op,
                    f"{name} slice offset on the {what} axis (dimension {axis}) "
                    f"must be a non-negative multiple of {divisor}, got {offset}: a "
                    "slice that starts inside a 16x2 box has no blocked form",
                )
                return False
            return True
        fact = self.prover.fact(offset, divisor)
        if fact.proven:
            return True
        missing = " and ".join(
            p
            for p, ok in (
                (f"a multiple of {divisor}", fact.multiple),
                ("non-negative", fact.nonneg),
            )
            if not ok
        )
        notes = []
        derived = self.call_site_notes(offset, divisor)
        if derived:
            notes = derived
            why = (
                "it is computed from scalar arguments of a function the module calls, "
                "which are proven at every call site, and the call sites noted below do "
                "not prove it"
            )
        else:
            if fact.why:
                notes = [fact.why]
            why = (
                "an MX scale tensor is never addressed by guessed coordinates. Provable "
                f"forms: {provable_forms_text()}; scalar arguments of a called function, from "
                "every call site"
            )
        self.reject(
            op,
            f"cannot prove that the {name} slice offset on the {what} axis "
            f"(dimension {axis}) is {missing}; {why}",
            notes,
        )
        return False

    def call_site_notes(self, offset, divisor: int):
        """Notes at the call sites whose operands leave `offset` unproven."""
        notes = []
        for arg in FunctionRanges.assumptions(offset):
            if not isinstance(arg.owner, ir.Block):
                continue
            owner = _ptonz.value_owner(arg)
            if owner is None or owner.name != "func.func":
                continue
            fname = ir.StringAttr(owner.attributes["sym_name"]).value
            k = ir.BlockArgument(arg).arg_number
            for call, operand in self.facts.sites.get((fname, k), []):
                if isinstance(operand, int):
                    continue
                r = self.prover.ranges.of(operand)
                f = self.prover.fact(operand, divisor)
                if not f.proven:
                    notes.append(
                        (
                            call.location,
                            f"@{fname} is called here with argument {k} "
                            f"in {r}, not proven a non-negative multiple of {divisor}",
                        )
                    )
        return notes

    def bounds(self, op, name, offset, size, extent, axis, what, partition_size) -> None:
        """`size`: the window's on this axis; `partition_size`: the
        partition's, which may be narrower (a tile with a narrower valid
        part)."""
        v = check_dim(self.prover.ranges, offset, size, extent)
        if v.verdict == UNDECIDED and size > partition_size:
            # The launch (or the caller) keeps the partition inside; the
            # window reaches further, so it must be proven inside here.
            return self.reject(
                op,
                f"cannot prove that the {name} window stays inside its view on "
                f"the {what} axis (dimension {axis}): {v.reason}; the load moves "
                f"{size} there, more than the partition's {partition_size}, so a "
                "launch that keeps the partition inside can still read past the "
                f"view; keep offset + {size} within {extent} provably (bound the "
                "offset), or load a tile whose valid part is the whole window",
                v.notes,
            )
        report_bounds(
            op,
            v,
            PASS,
            f"the {name} window",
            f"on the {what} axis (dimension {axis})",
            "; in the boxed order it would read another box's scales; "
            f"keep offset + {size} within {extent}",
            self.remarks,
            self.reject,
        )


def _divided(offset, divisor: int):
    """offset / divisor as a builder operand: an int when constant, else
    (value, divisor), built as `arith.floordivsi` of the whole value."""
    if isinstance(offset, int):
        return offset // divisor
    return (offset, divisor)


def plan_function(func, prover: Prover, facts: CallSiteFacts, remarks: bool = False):
    v = _Validator(prover, facts, remarks)
    for op, info in _ptonz.tensor_views(func.operation, list(MX_LAYOUTS)):
        kind = kind_of(op, marked=False)
        if kind == LEGACY:
            v.reject(op, legacy_message(op))
        elif kind == PHYSICAL:
            rank = len(info[2])
            if rank != 5:
                v.reject(
                    op,
                    f"an {MX_NAMES[info[0]]} view with explicit strides is a physical "
                    "view, pto-isa's rank-5 [1, ../16, G/2, 16, 2], but this one has rank "
                    f"{rank}; for a logical {_DIMS[info[0]]} scale tensor write "
                    "`strides = []` (pto-block-mx-scale-views blocks it)",
                )
        else:
            v.view(op, info)
    return v.ok, v.plan


def block_mx_view(op: ir.Operation, planned) -> None:
    type_shape, shape, partitions = planned
    _ptonz.set_blocked_view(op, type_shape, shape, partitions, _pool())


@register
class BlockMxScaleViews(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        if not _ptonz.contains(module, [], list(MX_LAYOUTS)):  # one C++ walk: usually none
            if scale_pointers(module):  # E8M0 tensors that are not MX views
                respell_scales(module)
            return True
        funcs = [f for f in functions(module) if MX_BLOCKED_MARK not in f.operation.attributes]
        ok = True
        facts = CallSiteFacts(module)
        try:
            prover = Prover(module, FunctionRanges(module))
            plans = []
            for func in funcs:
                func_ok, plan = plan_function(func, prover, facts, self.opts["remarks"])
                ok &= func_ok
                if func_ok and plan:
                    plans.append((func, plan))
        finally:
            facts.restore()
        patterns = PlannedPatterns({"pto.make_tensor_view": block_mx_view})
        for func, plan in plans:
            with constant_pool(func):
                patterns.apply(plan)
            func.operation.attributes[MX_BLOCKED_MARK] = ir.UnitAttr.get()
        if ok:
            respell_scales(module)
        return ok
