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
another fractal), and `pto-verify-ptoas` checks blocked ones.
"""

from __future__ import annotations

from mlir import ir

from .. import _ptonz
from ..analyses.bounds import OUTSIDE, UNDECIDED, check_dim
from ..analyses.int_ranges import FunctionRanges
from ..analyses.ir_queries import dims_of, functions
from ._util import error, remark
from .base import ModulePass, register

PASS = "pto-verify-partition-bounds"


@register
class VerifyPartitionBounds(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        ok = True
        for func in functions(module):
            ranges = None  # made on the first symbolic offset of the function
            for view in _ptonz.collect_ops(func.operation, ["pto.make_tensor_view"]):
                info = _ptonz.view_info(view)
                if info[0] == "nz":
                    continue
                extents = dims_of(info)
                for user, name, offsets, sizes, _users in _ptonz.view_uses(view):
                    if name != "pto.partition_view" or len(offsets) != len(extents):
                        continue  # other uses / ranks: the op verifiers' business
                    if ranges is None:
                        ranges = FunctionRanges(func)
                    ok &= self._partition(user, ranges, offsets, sizes, extents)
        return ok

    def _partition(self, op, ranges, offsets, sizes, extents) -> bool:
        ok = True
        for dim, (offset, size, extent) in enumerate(zip(offsets, sizes, extents)):
            if size is None:
                continue  # a dynamic size: nothing to check it against
            v = check_dim(ranges, offset, size, extent)
            if v.verdict == OUTSIDE:
                error(op.location, f"{PASS}: the partition leaves its view in dimension {dim}: "
                      f"{v.reason}; a tload or tstore there would touch memory outside the "
                      f"tensor. Keep 0 <= offset and offset + {size} <= {extent} (fix the "
                      "offset, the loop bound or the view's shape)", v.notes)
                ok = False
            elif v.verdict == UNDECIDED and self.opts["remarks"]:
                remark(op.location, f"{PASS}: cannot decide whether the partition stays inside "
                       f"its view in dimension {dim}: {v.reason}; accepted, as the launch (or "
                       "the caller) must keep it inside", v.notes)
        return ok
