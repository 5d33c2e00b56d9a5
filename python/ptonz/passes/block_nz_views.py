"""pto-block-nz-views: rewrite logical NZ tensor views into the blocked rank-5
form that PTOAS >= 0.61 assembles into NZ->NZ loads (seed 000).

One pattern (`block_nz_view`, rooted at the view) rewrites a
`pto.make_tensor_view {layout = nz}` of logical [R, C] / [B, R, C] into
[1|B, C/c0, R/16, 16, c0] together with its `pto.partition_view`s: offsets
[b, col/c0, row/16, 0, 0] and sizes [1, Ct/c0, Rt/16, 16, c0] (a partition's
type follows its view's, so they change in one step); the `pto.tload`
destination tile stays the logical 2-D tile.

Matching is done for a whole function first (`plan_function`): whatever
cannot be proven correct is rejected at the offending op and nothing in that
function is rewritten; what can is planned (the new shape of every view, the
offsets and sizes of its partitions). The pattern (`PlannedPatterns`) then
applies the plan, updating each op in place (operands and result type; the
C++ side builds the index constants and divisions, one call per view; a
division is built once per function, right after its offset's definition,
and shared by every partition that divides that offset).
Rewritten functions are marked `pto.nz_tensor_views_blocked` (BLOCKED_MARK)
and skipped afterwards, because blocking is not idempotent. Which views are
logical is `analyses.view_kinds`'s to say: a physical NZ view (explicit
strides: PTOAS >= 0.61's rank-5 descriptor, as pypto emits it) is left as it
is, and pto-verify-ptoas checks it by PTOAS's rules; the old spelling of a
logical view (the layout in the view type) is a located error.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from mlir import ir
from ptonz_geometry import (
    FRACTAL_BYTES,
    FRACTAL_ROWS,
    INDEX32_MAX,
    NZ_WIDTHS,
    SUB_BYTE_NZ,
    blocked_shape,
    c0_for_bitwidth,
    fold_leading,
    fold_strides,
    nz_plane_problem,
    nz_width_problem,
)

from .. import _ptonz
from .._ptonz import DYNAMIC
from ..analyses.bounds import check_dim, explained, is_min_of_rest, verdict_name
from ..analyses.int_ranges import FunctionRanges, declared_arguments, describe_declaration
from ..analyses.ir_queries import dims_of
from ..analyses.provable import Fact, Prover, covers, provable_forms_text
from ..analyses.view_kinds import BLOCKED_MARK, LEGACY, PHYSICAL, kind_of_record, legacy_message
from ._util import (
    PlannedPatterns,
    constant_pool,
    current_pool as _pool,
    error,
    linear_sum,
    name_of,
    named,
    remark,
    report_bounds,
)
from .base import ModulePass, register
from .representatives import NeedsOps, Placeholder

_PLURAL = {"row": "rows", "column": "columns", "batch": "batches"}
_ALL_INSIDE: Dict[int, int] = {}  # the bounds verdicts of a partition inside its view
PASS = "pto-block-nz-views"
# pto-isa#317: the largest GM gap (in 32-byte blocks) an NZ TLOAD encodes.
MAX_GM_GAP = 65535


def nz_element_message(elem, bits: int, why: str) -> str:
    """The rejection of an NZ view of element type `elem` (`bits` bits) that
    has no NZ fractal; `why`: ptonz_geometry.nz_width_problem's reason."""
    if bits <= 0:
        return f"NZ view of element type {elem}, which {why}; annotate it nd"
    if why == SUB_BYTE_NZ:
        return f"NZ view of sub-byte element type {elem}: {why}; annotate it nd"
    widths = "-, ".join(map(str, NZ_WIDTHS[:-1])) + f"- or {NZ_WIDTHS[-1]}-bit"
    return f"NZ view of element type {elem}: {why}; use an {widths} element type, or annotate it nd"


# --------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------


class _Validator:
    """Checks one function; emits every rejection; `ok` stays True if none.
    `plan` maps each NZ view, in IR order, to its new operands: (type shape,
    shape, [(partition, offsets, sizes)]) (items: an int, a value, or (value,
    divisor) for value floordiv divisor)."""

    def __init__(self, prover: Prover, remarks: bool = False, allow_large_gm_gap: bool = False):
        self.prover = prover
        self.remarks = remarks
        self.allow_large_gm_gap = allow_large_gm_gap
        self.ok = True
        self.plan: Dict[ir.Operation, tuple] = {}

    def reject(self, op, msg: str, notes: List[Tuple[ir.Location, str]] = ()) -> None:
        error(op.location, f"{PASS}: {msg}", notes)
        self.ok = False

    def physical(self, op: ir.Operation, info) -> None:
        """An NZ view with explicit strides addresses GM as written (PTOAS's
        meaning): it is left as it is when it has PTOAS's rank 5
        (pto-verify-ptoas checks its shape and strides by PTOAS's rules)."""
        rank = len(info[2])
        if rank != 5:
            self.reject(
                op,
                f"user-specified layout=nz requires a rank-5 view, got rank {rank}: "
                f"an NZ view with explicit strides is a physical view, which PTOAS "
                f">= 0.61 takes as its rank-5 NZ descriptor [B, C/c0, R/16, 16, c0], "
                f"but this one has rank {rank}; for a logical [.., R, C] NZ tensor "
                "write `strides = []` (pto-block-nz-views blocks it and "
                "pto-materialize-strides fills its strides)",
            )

    def view(self, op: ir.Operation, info, uses) -> None:
        """`info`: the view's `_ptonz.view_info`; `uses`: its `_ptonz.view_uses`."""
        _layout, bits, type_shape, _shape, strides, value_bits = info
        rank = len(type_shape)
        if rank < 2:
            return self.reject(
                op,
                f"NZ view of logical rank {rank}: the trailing two dimensions "
                "are the fractal plane, so an NZ view has at least [R, C]; "
                "annotate it nd",
            )
        # The C0 line counts the view's elements (pairs, as PTOAS does).
        why = nz_width_problem(bits, value_bits)
        if why is not None:
            elem = op.results[0].type.element_type
            return self.reject(op, nz_element_message(elem, value_bits, why))
        c0 = c0_for_bitwidth(bits)
        dims = dims_of(info)
        R, C = dims[-2:]
        if R is None or C is None:
            return self.reject(
                op,
                "NZ view with a dynamic row or column dimension: R % 16 == 0 "
                "and C % c0 == 0 must be proven statically; give the last two "
                "shape operands as arith.constant values (or annotate it nd)",
            )
        problem = nz_plane_problem(R, C, c0, "")
        if problem is not None:  # the element type only says why (reading it costs)
            problem = nz_plane_problem(R, C, c0, str(op.results[0].type.element_type))
            axis, why = problem
            if axis == "rows":
                return self.reject(
                    op,
                    f"NZ view rows (shape[-2] = {R}) {why}; pad the rows to a "
                    "multiple of 16 or annotate the view nd",
                )
            return self.reject(
                op, f"NZ view columns (shape[-1] = {C}) {why}; pad the columns or annotate nd"
            )
        leading = dims[:-2]
        dynamic = [i for i, d in enumerate(leading) if d is None]
        if rank > 3 and dynamic:
            axes = ", ".join(map(str, dynamic))
            return self.reject(
                op,
                f"NZ view of logical rank {rank} with a dynamic leading "
                f"extent on axis {axes}: its leading axes fold into the single "
                "batch slot B = product of the leading extents, which must be a "
                f"constant; give shape operand {axes} as an arith.constant value",
            )
        if rank > 3:
            B = fold_leading(dims)[0]
            if B - 1 > INDEX32_MAX:
                return self.reject(
                    op,
                    f"NZ view with {B} batches (the product of its leading "
                    "extents): the folded batch index does not fit a 32-bit "
                    "index, so its recombination cannot be proven exact",
                )
        else:
            B = dims[0] if rank == 3 else 1
        shape = blocked_shape(B if B is not None else DYNAMIC, R, C, c0)
        if all(d == DYNAMIC for d in type_shape):
            new_type_shape = [DYNAMIC] * 5
        else:
            new_type_shape = [type_shape[0] if rank == 3 else B] + shape[1:]
        batch = op.operands[1] if rank == 3 else B  # operands: ptr, shape...
        partitions: list = []
        self.plan[op] = (new_type_shape, [batch] + shape[1:], partitions)
        extents = (B, R, C)
        # Bounds of every partition in one C++ call (one extent per logical
        # dimension): those not listed are inside their view (so their offsets
        # are non-negative). A ragged tail's dynamic row count is not checked
        # there (ragged_bounds).
        verdicts = self.verdicts(
            op, list(leading) + [R, C] if rank > 3 else list(extents[3 - rank :])
        )
        for user, name, offsets, sizes, users in uses:
            if name != "pto.partition_view":
                self.reject(
                    user,
                    f"an NZ view may only be read through pto.partition_view -> "
                    f"pto.tload, but it is used by '{name}': NZ tensors "
                    "are read-only here; store to (or pass) an nd view instead",
                    [(op.location, "NZ view defined here")],
                )
                continue
            dims = verdicts.get(user)
            planned = self.partition(
                user,
                rank,
                c0,
                offsets,
                sizes,
                users,
                extents,
                leading,
                dict(dims) if dims else _ALL_INSIDE,
            )
            if planned is not None:
                partitions.append((user,) + planned)

    def verdicts(self, op, extents) -> dict:
        """{partition: [(dim, OUTSIDE | UNDECIDED)]} of the partitions of view
        `op` (of logical `extents`) that leave, or may leave, it."""
        return dict(self.prover.ranges.native.partition_verdicts(op, extents, True))

    def partition(
        self,
        op: ir.Operation,
        rank: int,
        c0: int,
        offsets,
        sizes,
        users,
        extents,
        leading,
        verdicts,
    ):
        """The planned (offsets, sizes) of an accepted partition, else None.
        `offsets`, `sizes`, `users`: from `_ptonz.view_uses`; `extents`: the
        view's (B or None, R, C); `leading`: its leading extents (None if dynamic);
        `verdicts`: {logical dim: OUTSIDE or UNDECIDED code} of the dims not
        inside the view. The row size may be a value: the valid row count of a
        ragged tail."""
        Ct = sizes[-1]
        rows_value = None
        if sizes[-2] is None and all(s is not None for s in sizes[:-2] + [Ct]):
            rows_value = op.opview.sizes[rank - 2]
        elif any(s is None for s in sizes):
            return self.reject(
                op,
                "partition sizes of an NZ view must be arith.constant values "
                "(the blocked sizes [1, Ct/c0, Rt/16, 16, c0] are static), "
                "except the row count of a ragged tail",
            )
        if rank >= 3 and any(s != 1 for s in sizes[:-2]):
            what = f"batch size {sizes[0]}" if rank == 3 else f"leading sizes {list(sizes[:-2])}"
            return self.reject(
                op,
                f"an NZ load reads one batch, but this partition has "
                f"{what}: the blocked descriptor has a single batch "
                "slot; load each batch separately (size 1 in every leading "
                "dimension)",
            )
        if rows_value is None:
            Rt = sizes[-2]
            if nz_plane_problem(Rt, Ct, c0, ""):
                return self.reject(
                    op,
                    f"NZ partition {Rt}x{Ct} does not cover whole fractals "
                    f"(rows must be a multiple of 16, columns of c0 = {c0})",
                )
            valid = Rt
        else:
            if nz_plane_problem(FRACTAL_ROWS, Ct, c0, ""):
                return self.reject(
                    op,
                    f"NZ partition columns {Ct} do not cover whole C0 "
                    f"lines (a multiple of c0 = {c0})",
                )
            if not self.ragged_rows(op, rows_value):
                return
            valid = rows_value
        for u in users:  # (u.op is made a Python object only when read)
            name, tile = u.name, u.tile
            if name != "pto.tload":
                self.reject(
                    u.op,
                    f"a partition of an NZ view may only feed pto.tload, but it "
                    f"is used by '{name}' (NZ is read-only here): only tload knows "
                    "the blocked layout; tload the partition into a mat tile and "
                    "use the tile",
                    [(op.location, "NZ partition defined here")],
                )
            elif not self.tload(u, tile, valid, Ct):
                return
        row_bound = valid if isinstance(valid, int) else None
        dims = [
            (offsets[-2], FRACTAL_ROWS, "row", rank - 2, row_bound, extents[1]),
            (offsets[-1], c0, "column", rank - 1, Ct, extents[2]),
        ]
        if rank == 3:
            dims.append((offsets[0], 1, "batch", 0, 1, extents[0]))
        for offset, divisor, what, dim, size, extent in dims:
            if size is None:  # not checked by partition_verdicts
                if self.offset(op, offset, divisor, what, False):
                    self.ragged_bounds(op, offset, valid, dim, extent)
                continue
            code = verdicts.get(dim)
            if self.offset(op, offset, divisor, what, code is None) and code is not None:
                self.bounds(op, offset, what, dim, size, extent, code)
        if rank > 3:
            batch = self.folded_batch(op, offsets[:-2], leading)
            if batch is None:
                return
        else:
            batch = offsets[0] if rank == 3 else 0
        self.gm_gap(op, extents[1], valid, Ct // c0)
        if self.remarks:
            self.declared_uses(op, offsets)
        row_blocks = valid // FRACTAL_ROWS if isinstance(valid, int) else (valid, FRACTAL_ROWS)
        # The blocked offsets are named after the logical ones: `%n0` ->
        # `%n0_row_frac` (its 16-row fractal), `%k0` -> `%k0_col_frac`.
        return (
            [
                batch,
                _divided(offsets[-1], c0, "_col_frac"),
                _divided(offsets[-2], FRACTAL_ROWS, "_row_frac"),
                0,
                0,
            ],
            [1, Ct // c0, row_blocks, FRACTAL_ROWS, c0],
        )

    def declared_uses(self, op, offsets) -> None:
        """--remarks: the declared argument ranges this partition's proofs used."""
        used = {}
        for o in offsets:
            for arg, declared in declared_arguments(o):
                used[arg] = describe_declaration(arg, declared)
        if used:
            remark(
                op.location,
                f"{PASS}: the offsets of this NZ partition are proven with "
                + "; ".join(used.values()),
            )

    def ragged_rows(self, op, value) -> bool:
        """A dynamic row count (a ragged tail's valid rows) must be proven a
        multiple of 16 (it is divided into row fractals) and at least 16 (a
        load of 0 rows, or fewer, is no NZ TLOAD: PTOAS needs every partition
        size positive); that it fits the tile is checked at the tload."""
        fact = self.prover.fact(value, FRACTAL_ROWS)
        r = self.prover.ranges.of(value)
        positive = fact.nonneg and r is not None and r.smin >= 1
        if fact.multiple and positive:
            return True
        missing, fixes, notes = [], [], []
        if not fact.multiple:
            missing.append("a provable multiple of 16")
            fixes.append(
                "a valid region that ends inside a 16-row fractal has no blocked form "
                "(it is never rounded); make the row count a multiple of 16, e.g. "
                "min(R - o, Rt) with R, o and Rt multiples of 16"
            )
            if fact.why:
                notes.append((fact.why[0], fact.why[1]))
        if not positive:
            missing.append(f"proven at least 16 (it ranges over {r})")
            fixes.append(
                "a row count that can be 0 or negative is an empty NZ load past the "
                "last tile (PTOAS needs every partition size positive), as "
                "min(R - o, Rt) is when the loop over o runs one tile too far; stop "
                "the loop at the last full or partial tile (o < R: a trip count of "
                "ceil(R / Rt))"
            )
            if fact.multiple:  # else the note on the multiple says where it comes from
                notes.append((_loc_of(value), f"the valid row count ranges over {r} here"))
        self.reject(
            op,
            f"an NZ load with a dynamic valid row count needs the dynamic "
            f"valid_shape[-2] to be {' and '.join(missing)}: {'; '.join(fixes)}",
            notes,
        )
        return False

    def folded_batch(self, op, lead_offsets, leading):
        """The batch index of leading offsets [o0, .., oL-1] into extents [E0, ..]:
        sum(o_i * prod(E_j, j > i)). Exact only when every o_i is proven in
        [0, E_i), at its own width: then the sum is in [0, B) and nothing wraps.
        Returns a plan item (an int, or ("fold", [(offset, stride), ..])) or None."""
        terms = []
        strides = fold_strides(leading)
        for i in reversed(range(len(leading))):  # the innermost axis is checked first
            o, E = lead_offsets[i], leading[i]
            if isinstance(o, int):
                if not 0 <= o < E:
                    self.reject(
                        op,
                        f"leading offset {o} on axis {i} is outside [0, {E}): the "
                        f"fold into the batch slot would address another batch",
                    )
                    return None
            else:
                r = self.prover.ranges.of(o)
                if r is None or r.smin < 0 or r.smax >= E:
                    rng = str(r) if r is not None else "unknown"
                    self.reject(
                        op,
                        f"cannot fold the leading offsets into the single batch "
                        f"slot: the offset on axis {i} ranges over {rng}, not within "
                        f"[0, {E - 1}]; the recombined batch sum(o_i * stride_i) is "
                        "exact only when every leading offset is proven inside its "
                        "axis (bound it: a loop over [0, E), arith.remui/minui by the "
                        "extent, ...)",
                        [(_loc_of(o), "the offset is defined here")],
                    )
                    return None
            terms.append((o, strides[i]))
        terms.reverse()
        if all(isinstance(o, int) for o, _ in terms):
            return sum(o * s for o, s in terms)
        return ("fold", [(o, s) for o, s in terms if not (isinstance(o, int) and o == 0)])

    def ragged_bounds(self, op, offset, valid, dim: int, extent) -> None:
        """A dynamic valid row count: the rows read are [offset, offset + valid)."""
        if is_min_of_rest(valid, offset, extent):
            return  # valid <= extent - offset, with offset proven non-negative
        r = self.prover.ranges.of(valid)
        size = r.smax if r is not None else 0
        self.report_bounds(
            op, check_dim(self.prover.ranges, offset, size, extent), "row", dim, size, extent
        )

    def gm_gap(self, op, rows, valid, col_blocks: int) -> None:
        """pto-isa#317: the GM gap between the column blocks of an NZ TLOAD is
        rows - valid rows 32-byte blocks (a column block is `rows` 32-byte C0
        lines, of which the load reads `valid`), and pto-isa truncates it above
        65535. A single column block is one burst and never uses the gap."""
        if self.allow_large_gm_gap or col_blocks <= 1 or rows is None:
            return
        if isinstance(valid, int):
            least, how = valid, f"{valid} valid rows"
        else:
            r = self.prover.ranges.of(valid)
            least = max(r.smin, 0) if r is not None else 0
            how = f"as few as {least} valid rows"
        gap = rows - least
        if gap <= MAX_GM_GAP:
            return
        self.reject(
            op,
            f"this NZ load's GM gap between column blocks is {gap} 32-byte blocks "
            f"({rows} rows per column block, {how}), and pto-isa's NZ TLOAD "
            f"truncates a gap of 65536 32-byte blocks or more in its burst-stride "
            f"field (pto-isa#317), so on affected pto-isa versions it would silently "
            f"read the wrong bytes. This is a temporary guard for that bug, NOT an "
            f"expected pl.NZ limitation. Fix: a taller row tile (at least "
            f"{rows - MAX_GM_GAP} valid rows keeps the gap within {MAX_GM_GAP}), or, "
            f"with a fixed pto-isa, lift the guard (pass option "
            f"allow-large-gm-gap=true, ptonz-opt --allow-large-gm-gap)",
        )

    def offset(self, op, offset, divisor: int, what: str, inside: bool) -> bool:
        """`offset`: an int (a constant offset) or the offset value. Whether it
        is proven a non-negative multiple of `divisor` (else rejected).
        `inside`: its partition dimension is inside the view (so the offset
        is non-negative)."""
        if isinstance(offset, int):
            c = offset
            if c < 0:
                self.reject(
                    op,
                    f"{what} offset {c} is negative: a negative partition offset "
                    "is clamped to 0 instead of failing, which would read the wrong "
                    "fractal",
                )
            elif c % divisor:
                self.reject(
                    op,
                    f"{what} offset {c} is not a multiple of {divisor}: a slice "
                    "that starts inside a fractal has no blocked representation",
                )
            return c >= 0 and c % divisor == 0
        if inside and self.prover.aligned(offset, divisor):
            return True
        fact = self.prover.fact(offset, divisor)
        if fact.proven:
            return True
        missing = " and ".join(
            p
            for p, ok in (
                ("a multiple of %d" % divisor, fact.multiple),
                ("non-negative", fact.nonneg),
            )
            if not ok
        )
        notes = [(fact.why[0], fact.why[1])] if fact.why else []
        self.reject(
            op,
            f"cannot prove that the {what} offset is {missing}; an NZ tensor is "
            "never addressed by guessed coordinates. Provable forms: "
            f"{provable_forms_text()}; scf.for iter_args and other function arguments "
            "are never resolved",
            notes,
        )
        return False

    def bounds(self, op, offset, what: str, dim: int, size: int, extent, code: int) -> None:
        """Reject a partition that leaves the view in logical dimension `dim`
        (`code`: its C++ verdict, `analyses.bounds`); remark on one that
        cannot be decided."""
        if isinstance(offset, int):
            v = check_dim(self.prover.ranges, offset, size, extent)
        else:
            v = explained(self.prover.ranges, verdict_name(code), offset, size, extent)
        self.report_bounds(op, v, what, dim, size, extent)

    def report_bounds(self, op, v, what: str, dim: int, size: int, extent) -> None:
        report_bounds(
            op,
            v,
            PASS,
            "the NZ partition",
            f"in dimension {dim} ({_PLURAL[what]})",
            f". In NZ order a slice past the {_PLURAL[what]} of the view reads "
            "another fractal's bytes (rows past R continue in the next column "
            f"block), so nothing would fail; keep offset + {size} within "
            f"{extent} (fix the offset, the loop bound or the view's shape)",
            self.remarks,
            self.reject,
        )

    def tload(self, user, tile, valid, Ct: int) -> bool:
        """`user`: the pto.tload (a `_ptonz.PartitionUser`: its `op` is read
        only to reject it); `tile`: its destination tile (loc, rows, cols, valid_row, valid_col, blayout,
        slayout, fractal), from `_ptonz.view_uses`; `valid`: the partition's row count
        (an int, or the value of a ragged tail's). Whether it is accepted."""
        loc, rows, cols, valid_row, valid_col, blayout, slayout, fractal = tile
        if not (
            loc == "mat"
            and blayout == "col_major"
            and slayout == "row_major"
            and fractal == FRACTAL_BYTES
        ):
            self.reject(
                user.op,
                "an NZ->NZ load needs its destination in a mat tile with "
                "blayout=col_major, slayout=row_major, fractal=512 (the NZ "
                f"tile byte order), got loc={loc}, blayout={blayout}, "
                f"slayout={slayout}, fractal={fractal}",
            )
            return False
        if valid_col != cols:
            self.reject(
                user.op,
                "an NZ load into a tile with partial column validity is not "
                "supported: NZ loads move whole C0 column blocks of every row "
                "fractal; narrow the rows only (valid columns = tile columns)",
            )
            return False
        if isinstance(valid, int):
            if (valid_row, cols) != (valid, Ct) or valid > rows:
                shown = "?" if valid_row == DYNAMIC else valid_row
                self.reject(
                    user.op,
                    f"the destination tile is {rows}x{cols} with {shown} valid "
                    f"rows but the NZ partition is {valid}x{Ct}; the partition must be "
                    "the tile's valid part",
                )
                return False
            return True
        if valid_row != DYNAMIC or _dynamic_valid_row(user.op) != valid or Ct != cols:
            self.reject(
                user.op,
                "an NZ partition with a dynamic row count must load into a tile "
                f"of {Ct} columns whose dynamic valid row count (pto.alloc_tile "
                "valid_row) is the same value",
            )
            return False
        r = self.prover.ranges.of(valid)
        if r is None or r.smax > rows:
            self.reject(
                user.op,
                f"cannot prove that the dynamic valid row count (in {r}) fits the "
                f"{rows}-row destination tile",
            )
            return False
        return True


def _dynamic_valid_row(tload: ir.Operation):
    """The valid_row operand of the pto.alloc_tile a pto.tload writes."""
    dst = tload.operands[1]
    owner = dst.owner
    if isinstance(owner, ir.Block) or owner.name != "pto.alloc_tile":
        return None
    alloc = owner.opview
    return alloc.valid_row


def _loc_of(value) -> ir.Location:
    owner = _ptonz.value_owner(value)
    return owner.location if owner is not None else ir.Location.unknown()


def plan_function(
    views, prover: Prover, remarks: bool = False, allow_large_gm_gap: bool = False
) -> Tuple[bool, Dict[ir.Operation, tuple]]:
    """Validate every logical NZ view of a function (`views`: its NZ views'
    `_ptonz.ViewRecord`s, with their uses). Returns (ok, the plan: each NZ
    view mapped to its new operands and those of its partitions)."""
    return _plan(_Validator(prover, remarks, allow_large_gm_gap), views)


def _plan(v: "_Validator", views) -> Tuple[bool, Dict[ir.Operation, tuple]]:
    for rec in views:
        op, info = rec.view, rec.info
        kind = kind_of_record(rec, marked=False)
        if kind == LEGACY:
            v.reject(op, legacy_message(op))
        elif kind == PHYSICAL:
            v.physical(op, info)
        else:
            v.view(op, info, rec.uses)
    return v.ok, v.plan


# --------------------------------------------------------------------------
# Planning once per class of alike views
# --------------------------------------------------------------------------
#
# `_ptonz.NzViewClasses` groups a module's NZ views by everything the
# validator reads of a view and its uses (its ViewInfo and layouts; per use
# the name, constant offsets, the alignment and sign of each offset value,
# the sizes, the users and their tiles, the bounds verdicts). The validator
# runs once per class on a representative (passes.representatives); what
# it asks beyond those facts (a rejection, a ragged tail, a folded batch, a
# range) raises NeedsOps, and the functions with a view of that class are
# planned view by view as before. The plan found on the placeholders is the
# plan of every member: C++ applies it with each member's own values.


NEEDS_OPS = "needs ops"  # plan_class: plan the class's functions view by view


class _Placeholder(Placeholder):
    """A value or op of a class's representative: `code` is ("shape", k),
    ("offset", use, k) or ("use", j); `alignment`, `nonneg`: an offset
    value's `Prover.alignment` and whether its range is non-negative."""

    __slots__ = ("alignment", "nonneg")

    def __init__(self, code: tuple, alignment: Optional[float] = None, nonneg: bool = False):
        super().__init__(code)
        self.alignment = alignment
        self.nonneg = nonneg


class _ShapeOperands:
    """`op.operands` of a representative view: [1 + k] is shape operand k."""

    def __getitem__(self, i: int) -> _Placeholder:
        if not isinstance(i, int) or i < 1:
            raise NeedsOps("operands")
        return _Placeholder(("shape", i - 1))


class _ViewPlaceholder(_Placeholder):
    __slots__ = ()

    @property
    def operands(self) -> _ShapeOperands:
        return _ShapeOperands()


class _UserPlaceholder(Placeholder):
    """A user of a representative partition: its name and tile."""

    __slots__ = ("name", "tile")

    def __init__(self, name: str, tile):
        super().__init__()
        self.name, self.tile = name, tile


class _ClassProver:
    """The Prover of a representative: the proofs from the class's facts
    (those a failure explains are the ops': the rejection needs them anyway)."""

    # No ranges: a verdict is explained (from them) only when a remark or an
    # error is written, which needs the ops anyway.
    ranges = Placeholder()

    def aligned(self, value: _Placeholder, divisor: int) -> bool:
        return covers(value.alignment, divisor)

    def fact(self, value: _Placeholder, divisor: int) -> Fact:
        return Fact(covers(value.alignment, divisor), value.nonneg)


class _ClassValidator(_Validator):
    """The validator on a representative: a rejection raises NeedsOps (the
    ops give it its location), the verdicts are the class's."""

    def __init__(self, dims, verdicts: dict, allow_large_gm_gap: bool):
        super().__init__(_ClassProver(), False, allow_large_gm_gap)  # type: ignore[arg-type]
        self._dims, self._verdicts = dims, verdicts

    def reject(self, op, msg: str, notes=()) -> None:
        raise NeedsOps("reject")

    def verdicts(self, op, extents) -> dict:
        if list(extents) != self._dims:  # the class holds the verdicts of its extents
            raise NeedsOps("extents")
        return self._verdicts


class _ClassRecord:
    """A representative view as plan_function's loop reads a ViewRecord."""

    __slots__ = ("view", "info", "attr_layout", "type_layout", "uses")

    def __init__(self, view, info, attr_layout, type_layout, uses):
        self.view, self.info, self.uses = view, info, uses
        self.attr_layout, self.type_layout = attr_layout, type_layout


def _code(item):
    """A planned operand as NzViewClasses.apply takes it."""
    if isinstance(item, int):
        return item
    if isinstance(item, _Placeholder):
        return item.code
    if isinstance(item, tuple) and len(item) == 3 and isinstance(item[0], _Placeholder):
        return ("div", item[0].code, item[1], item[2])
    raise NeedsOps("plan")  # a folded batch: built in Python, view by view


def plan_class(cls, allow_large_gm_gap: bool = False):
    """The plan of every view of NzViewClass `cls` (as NzViewClasses.apply
    takes it), None when its views are accepted as they are, or NEEDS_OPS."""
    uses, verdicts = [], {}
    for j, u in enumerate(cls.uses):
        user = _Placeholder(("use", j))
        offsets = sizes = users = None
        if u.partition:
            offsets = [
                o if a is None else _Placeholder(("offset", j, k), a, n)
                for k, (o, a, n) in enumerate(zip(u.offsets, u.alignments, u.nonneg))
            ]
            sizes = list(u.sizes)
            users = [_UserPlaceholder(n, t) for n, t in zip(u.user_names, u.user_tiles)]
            if u.verdicts:
                verdicts[user] = list(u.verdicts)
        uses.append((user, u.name, offsets, sizes, users))
    rec = _ClassRecord(
        _ViewPlaceholder(("view",)), cls.info, cls.attr_layout, cls.type_layout, uses
    )
    try:
        _ok, plan = _plan(_ClassValidator(list(cls.extents), verdicts, allow_large_gm_gap), [rec])
        planned = plan.get(rec.view)  # type: ignore[call-overload]
        if planned is None:
            return None
        type_shape, shape, partitions = planned
        return (
            list(type_shape),
            [_code(i) for i in shape],
            [(p.code[1], [_code(i) for i in o], [_code(i) for i in z]) for p, o, z in partitions],
        )
    except NeedsOps:
        return NEEDS_OPS


# --------------------------------------------------------------------------
# Rewrite patterns (run only on validated functions)
# --------------------------------------------------------------------------


def _divided(offset, divisor: int, suffix: str):
    """offset / divisor as a builder operand (`offset`: an int if constant,
    else the value): an int when constant, else `(value, divisor, suffix)`
    (the quotient is named after the value, or the partition, + `suffix`), built as
    `arith.floordivsi` of the whole value (never re-associated, so the
    offset's own wrap-around holds)."""
    assert divisor & (divisor - 1) == 0, "NZ divisors are powers of two"
    if isinstance(offset, int):
        return offset // divisor
    if divisor == 1:
        return offset
    return (offset, divisor, suffix)


def block_nz_view(op: ir.Operation, planned) -> None:
    """The view: [R, C] / [B, R, C] -> [B, C/c0, R/16, 16, c0] (strides stay
    empty); each partition: logical offsets/sizes -> [b, col/c0, row/16, 0, 0]
    / [1, Ct/c0, Vr/16, 16, c0] (Vr: the valid rows, = Rt unless the
    destination tile narrows them)."""
    type_shape, shape, partitions = planned
    for k, (part, offsets, sizes) in enumerate(partitions):
        if isinstance(offsets[0], tuple) and offsets[0][0] == "fold":
            offsets = [_build_fold(part, offsets[0][1])] + list(offsets[1:])
            partitions[k] = (part, offsets, sizes)
    _ptonz.set_blocked_view(op, type_shape, shape, partitions, _pool())


def _build_fold(op: ir.Operation, terms) -> ir.Value:
    """The folded batch index sum(o_i * stride_i) before `op` (linear_sum:
    proven not to wrap, every o_i in [0, E_i))."""
    part = name_of(op.results[0])
    # `%w_pview` -> `%w_batch`: the recombined batch index of its leading offsets.
    batch = (
        (part[: -len("_pview")] if part.endswith("_pview") else part) + "_batch" if part else None
    )
    with ir.InsertionPoint(op), named(op.location, batch):
        return linear_sum(terms, _pool())


@register
class BlockNzViews(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        self.start(module)
        if not self.opts["remarks"]:  # (a remark needs the ops)
            classes = _ptonz.NzViewClasses(module, self.prover.ranges.native)
            if not classes.outside and not classes.interleaved:
                return self._by_class(classes)
        return self._each_function(module)

    def start(self, module: ir.Operation) -> None:
        """What a run on `module` uses: the patterns and the prover."""
        self.patterns = PlannedPatterns({"pto.make_tensor_view": block_nz_view})
        # One prover for the module: its C++ range and alignment analyses are
        # demand-driven and memoised by value, and a function is planned before
        # it is rewritten, so only values that were never erased are asked for.
        self.prover = Prover(module, FunctionRanges(module))

    def _each_function(self, module: ir.Operation) -> bool:
        """The pass function by function, view by view."""
        ok = True
        # The NZ views of every function, with their uses, in one C++ call.
        for fv in _ptonz.views_by_function(module, ["nz"], True):
            if fv.func is not None:
                ok &= self._function(fv.func, fv.views)
        return ok

    def _function(self, func, views) -> bool:
        """Plan and rewrite one function view by view (`views`: its NZ views'
        ViewRecords, with uses)."""
        if BLOCKED_MARK in func.attributes:
            return True
        func_ok, plan = plan_function(
            views, self.prover, self.opts["remarks"], self.opts["allow-large-gm-gap"]
        )
        if func_ok and plan:
            with constant_pool(func):
                self.patterns.apply(plan)
            func.attributes[BLOCKED_MARK] = ir.UnitAttr.get()
        return func_ok

    def _by_class(self, classes) -> bool:
        """Plan each class once; the functions whose every view is of a
        planned (or accepted) class are rewritten in one C++ call, the others
        view by view."""
        plans = [plan_class(c, self.opts["allow-large-gm-gap"]) for c in classes.classes]
        ok, planned = True, []
        for i, (marked, members) in enumerate(classes.functions()):
            if marked:
                continue
            mine = [plans[c] for c in members]
            if NEEDS_OPS not in mine:
                if any(p is not None for p in mine):
                    planned.append(i)
                continue
            func = classes.function(i)
            (fv,) = _ptonz.views_by_function(func, ["nz"], True)
            ok &= self._function(fv.func, fv.views)
        classes.apply([None if p is NEEDS_OPS else p for p in plans], planned)
        return ok
