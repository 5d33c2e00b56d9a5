"""pto-verify-partition-bounds: reject ND/DN partitions that leave their view.

For every `pto.partition_view` of a `pto.make_tensor_view` that is not NZ,
each dimension's offset range (`analyses.int_ranges`) and static size are
checked against the view's extent (`analyses.bounds`): a partition that
provably leaves the view (offset + size > dim, or a negative offset) is an
error at the partition; one whose range depends on the launch or on a
function argument cannot be decided and is accepted (a remark with
`remarks=true`, i.e. `ptonz-opt --remarks`). A dynamic size (a valid shape)
must be at least 1 by the same rules (`analyses.bounds.size_verdict`), and
its largest value must keep the partition inside the view.

NZ partitions are not checked here: `pto-block-nz-views` checks a logical NZ
partition before it blocks it (blocking one that leaves its view would read
another fractal), and `pto-verify-ptoas` checks blocked ones. MX scale
partitions of a logical MX scale view neither: `pto-block-mx-scale-views`
checks the whole physical window a load moves (wider than the partition when
the tile narrows its valid part); those of an MX view that is already
blocked (rank 5, explicit strides) are checked here like ND ones.
"""

from __future__ import annotations

from mlir import ir

from .. import _ptonz
from ..analyses.bounds import (
    NOT_POSITIVE,
    OUTSIDE,
    UNDECIDED,
    check_dim,
    explained,
    is_min_of_rest,
    size_verdict,
    verdict_name,
)
from ..analyses.int_ranges import FunctionRanges
from ..analyses.ir_queries import PartitionOperands
from ..analyses.view_kinds import LOGICAL, MX_LAYOUTS, kind_of
from ._util import error, remark, report_bounds, report_negative_strides, report_shape_mismatches
from .base import ModulePass, register

PASS = "pto-verify-partition-bounds"


def _block_zero(extent: int) -> str:
    """Why a dimension is checked against the extent a view has in block 0."""
    return (
        f" (the view's extent there is at most {extent} in a launch of one block, "
        "which every launch runs)"
    )


@register
class VerifyPartitionBounds(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        ok = True
        # Demand-driven ranges need no function scope: one analysis for the
        # module, and one C++ walk for all its ND/DN views (only partitions
        # that are not inside come back) and its tiles with dynamic valid
        # extents.
        ranges = FunctionRanges(module)
        view_verdicts, valid_tiles = _ptonz.scan(
            module,
            [
                ("view_partition_verdicts", ranges.native, False, self.opts["remarks"], True),
                ("dynamic_valid_tiles",),
            ],
        )
        for verdicts in view_verdicts:
            ok &= report_negative_strides(PASS, verdicts.view, verdicts.negative_strides)
            ok &= report_shape_mismatches(PASS, verdicts.view, verdicts.shape_mismatches)
            extents = verdicts.extents
            if (
                _ptonz.view_info(verdicts.view).layout in MX_LAYOUTS
                and kind_of(verdicts.view) == LOGICAL
            ):
                continue  # pto-block-mx-scale-views checks its physical window
            for p in verdicts.partitions:
                part = p.partition
                pv = PartitionOperands(part)
                for d in p.dims:
                    dim, code = d.dim, d.verdict
                    if code == _ptonz.DYNAMIC_SIZE:
                        ok &= self._dynamic_size(
                            ranges, part, pv, dim, extents[dim], verdicts.block_zero_extents[dim]
                        )
                        continue
                    if code == _ptonz.SIZE_MISMATCH:
                        ok &= self._size_mismatch(ranges, part, pv, dim)
                        continue
                    offset = _ptonz.constant_int(pv.offsets[dim])
                    offset = pv.offsets[dim] if offset is None else offset
                    size = _ptonz.IntRanges.partition_size(pv.operation, dim)
                    if code == _ptonz.OUTSIDE_IN_BLOCK_0:
                        # The launch decides the extent; block 0 bounds it.
                        extent = verdicts.block_zero_extents[dim]
                        v = check_dim(ranges, offset, size, extent)
                        ok &= self._report(part, dim, size, extent, v, _block_zero(extent))
                        continue
                    v = (
                        check_dim(ranges, offset, size, extents[dim])
                        if isinstance(offset, int)
                        else explained(ranges, verdict_name(code), offset, size, extents[dim])
                    )
                    ok &= self._report(part, dim, size, extents[dim], v)
        for tile in valid_tiles:
            ok &= self._tile_valid_extents(ranges, tile.op, tile.dims)
        return ok

    def _tile_valid_extents(self, ranges, op, dims) -> bool:
        """A tile's dynamic valid rows / columns must stay within the tile: a
        tload into it would write past its buffer (into the next tile).
        `dims`: ValidDim records of `_ptonz.dynamic_valid_tiles`."""
        ok = True
        for d in dims:
            value, limit, what = d.value, d.extent, ("row", "column")[d.axis]
            verdict, reason, notes = size_verdict(ranges, value, 0, limit)
            if verdict == NOT_POSITIVE:
                error(
                    op.location,
                    f"{PASS}: the tile's dynamic valid {what} count must be "
                    f"in [0, {limit}] (the tile has {limit} {what}s), but {reason}: a tload "
                    "into it would write past its buffer; bound it by the tile "
                    f"(min(..., {limit}))",
                    notes,
                )
                ok = False
            elif verdict == UNDECIDED and self.opts["remarks"]:
                remark(
                    op.location,
                    f"{PASS}: cannot decide whether the tile's dynamic valid "
                    f"{what} count stays within its {limit} {what}s: {reason}; accepted, as "
                    "the launch (or the caller) must keep it inside",
                    notes,
                )
        return ok

    def _dynamic_size(self, ranges, op, pv, dim: int, extent, block_zero_extent=None) -> bool:
        """A dynamic size (a valid shape): proven at least 1, and inside the
        view with its largest value (a ragged tail min(D - o, T) is).
        `block_zero_extent`: the view's largest extent in the launch of one
        block where `extent` (over every launch) is unknown."""
        size = pv.sizes[dim]
        verdict, reason, notes = size_verdict(ranges, size)
        if verdict == NOT_POSITIVE:
            error(
                op.location,
                f"{PASS}: the partition's dynamic size in dimension {dim} must "
                f"be proven at least 1, but {reason}: a tload or tstore of 0 (or a negative "
                "number of) elements is no transfer PTOAS can describe (it needs every "
                "partition size positive); stop the loop at the last full or partial tile "
                "(offsets below the extent, e.g. min(D - o, T) with o < D)",
                notes,
            )
            return False
        offset = _ptonz.constant_int(pv.offsets[dim])
        offset = pv.offsets[dim] if offset is None else offset
        if verdict == UNDECIDED:
            if not self._least_inside(ranges, op, dim, size, offset, extent, block_zero_extent):
                return False
            if self.opts["remarks"]:
                remark(
                    op.location,
                    f"{PASS}: cannot decide whether the partition's dynamic "
                    f"size in dimension {dim} is positive: {reason}; accepted, as the "
                    "launch (or the caller) must keep it at least 1",
                    notes,
                )
            return True
        if is_min_of_rest(size, offset, extent) or FunctionRanges.assumptions(size):
            # A ragged tail; or its largest value is the caller's (or the
            # launch's), but not its least.
            return self._least_inside(ranges, op, dim, size, offset, extent, block_zero_extent)
        if extent is None and not self._least_inside(
            ranges, op, dim, size, offset, extent, block_zero_extent
        ):
            return False
        largest = ranges.of(size).smax
        v = check_dim(ranges, offset, largest, extent)
        if v.verdict == UNDECIDED and not self.opts["remarks"]:
            return True
        return self._report(op, dim, largest, extent, v)

    def _least_inside(
        self, ranges, op, dim: int, size, offset, extent, block_zero_extent=None
    ) -> bool:
        """Whatever its size, a partition at an offset past the extent (or
        below 0) leaves the view: with the least size, 1; and in block 0,
        which every launch runs, with the least size it has there, against
        the largest extent the view has there where the launch decides it
        (`block_zero_extent`, with `extent` None). False after reporting
        that it leaves."""
        least = check_dim(ranges, offset, 1, extent)
        if least.verdict == OUTSIDE:
            return self._report(op, dim, 1, extent, least)
        one_block = ranges.in_single_launch(size)
        smallest = max(1, one_block.smin) if one_block is not None else 1
        why = f" (its dynamic size is at least {smallest} in a launch of one block)"
        if extent is None and block_zero_extent is not None:
            extent = block_zero_extent
            why = (
                " (in a launch of one block, which every launch runs, its dynamic size is "
                f"at least {smallest} and the view's extent at most {extent})"
                if smallest > 1
                else _block_zero(extent)
            )
        elif smallest <= 1:
            return True
        least = check_dim(ranges, offset, smallest, extent)
        if least.verdict != OUTSIDE:
            return True
        return self._report(op, dim, smallest, extent, least, why)

    def _size_mismatch(self, ranges, op, pv, dim: int) -> bool:
        """A size operand that is not a constant and provably not the static
        extent its result type gives the dimension (`index_cast` through a
        narrower integer, say): PTOAS moves the type's extent, while the
        operands describe another partition."""
        extent = _ptonz.IntRanges.partition_size(pv.operation, dim)  # the type's
        lo, hi = ranges.bounds(pv.sizes[dim])
        where = ""
        if lo <= extent <= hi:  # not always, but in block 0 or by the program
            one = ranges.in_single_launch(pv.sizes[dim])
            if one is not None and not one.smin <= extent <= one.smax:
                lo, hi = one.smin, one.smax
                where = " in the launch of one block (block 0, which every launch runs)"
            else:
                where = (
                    f" (the program's own constants, loops and arithmetic give it values "
                    f"other than {extent})"
                )
        value = f"{lo}" if lo == hi else f"in [{lo}, {hi}]"
        error(
            op.location,
            f"{PASS}: the partition's size operand in dimension {dim} is {value}{where}, "
            f"but its result type says {extent}: PTOAS moves the type's {extent} "
            "while the operands describe another partition; make the size the "
            f"constant {extent}, or give the result type a dynamic (?) size there",
        )
        return False

    def _report(self, op, dim: int, size: int, extent, v, why_size: str = "") -> bool:
        return report_bounds(
            op,
            v,
            PASS,
            "the partition",
            f"in dimension {dim}{why_size}",
            "; a tload or tstore there would touch memory outside the tensor. "
            f"Keep 0 <= offset and offset + {size} <= {extent} (fix the "
            "offset, the loop bound or the view's shape)",
        )
