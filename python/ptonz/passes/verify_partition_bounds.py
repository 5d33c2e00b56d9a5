"""pto-verify-partition-bounds: reject ND/DN partitions that leave their view.

For every `pto.partition_view` of a `pto.make_tensor_view` that is not NZ,
each dimension's offset range (`analyses.int_ranges`) and static size are
checked against the view's extent (`analyses.bounds`): a partition that
provably leaves the view (offset + size > dim, or a negative offset) is an
error at the partition; one whose range depends on the launch or on a
function argument cannot be decided and is accepted (a remark with
`remarks=true`, i.e. `ptonz-opt --remarks`).

NZ partitions are not checked here: `pto-block-nz-views` checks a logical NZ
partition before it blocks it (blocking one that leaves its view would read
another fractal), and `pto-verify-ptoas` checks blocked ones. MX scale
partitions neither: `pto-block-mx-scale-views` checks the whole physical
window a load moves (wider than the partition when the tile narrows its
valid part).
"""

from __future__ import annotations

from mlir import ir

from .. import _ptonz
from ..analyses.bounds import OUTSIDE, UNDECIDED, check_dim, explained, verdict_name
from ..analyses.int_ranges import FunctionRanges
from ..analyses.view_kinds import MX_LAYOUTS
from ._util import error, remark
from .base import ModulePass, register

PASS = "pto-verify-partition-bounds"


@register
class VerifyPartitionBounds(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        ok = True
        # Demand-driven ranges need no function scope: one analysis for the
        # module, one C++ call for all its ND/DN views; only partitions that
        # are not inside come back.
        ranges = FunctionRanges(module)
        for view, extents, parts in ranges.native.view_partition_verdicts(
                module, False, self.opts["remarks"]):
            if _ptonz.view_info(view)[0] in MX_LAYOUTS:
                continue
            for part, dims in parts:
                pv = part.opview
                for dim, code in dims:
                    offset = _ptonz.constant_int(pv.offsets[dim])
                    offset = pv.offsets[dim] if offset is None else offset
                    size = _ptonz.IntRanges.partition_size(pv.operation, dim)
                    v = check_dim(ranges, offset, size, extents[dim]) \
                        if isinstance(offset, int) else \
                        explained(ranges, verdict_name(code), offset, size, extents[dim])
                    ok &= self._report(part, dim, size, extents[dim], v)
        return ok

    def _report(self, op, dim: int, size: int, extent, v) -> bool:
        if v.verdict == OUTSIDE:
            error(op.location, f"{PASS}: the partition leaves its view in dimension {dim}: "
                  f"{v.reason}; a tload or tstore there would touch memory outside the "
                  f"tensor. Keep 0 <= offset and offset + {size} <= {extent} (fix the "
                  "offset, the loop bound or the view's shape)", v.notes)
            return False
        if v.verdict == UNDECIDED:
            remark(op.location, f"{PASS}: cannot decide whether the partition stays inside "
                   f"its view in dimension {dim}: {v.reason}; accepted, as the launch (or "
                   "the caller) must keep it inside", v.notes)
        return True
