"""pto-verify-ptoas: check that the module is what a given PTOAS version
accepts for NZ views, before handing it over.

PTOAS <= 0.60 infers the layout of every view structurally; a blocked NZ view
is row-major like ND, so it fails with `layout mismatch: user-specified
layout=nz but inferred=nd` whatever its shape. PTOAS >= 0.61 trusts the
annotation and checks the NZ descriptor: rank 5, shape[3] == 16,
shape[4] == c0, strides [.., .., 16*c0, c0, 1] with C0-aligned outer
strides, and partitions that keep d3/d4 whole.
"""

from __future__ import annotations

from typing import Tuple

from mlir import ir

from .. import _ptonz
from ..analyses.bounds import check_dim
from ..analyses.int_ranges import FunctionRanges
from ..analyses.ir_queries import dims_of
from ..analyses.nz_geometry import C0_BITS, FRACTAL_ROWS, c0_for_bitwidth
from ._util import error
from .base import ModulePass, register

PASS = "pto-verify-ptoas"
FIRST_NZ_VERSION = (0, 61)


def parse_version(text: str) -> Tuple[int, int]:
    try:
        major, minor = text.strip().split(".")[:2]
        return int(major), int(minor)
    except ValueError:
        raise ValueError("expected a PTOAS version like 0.61") from None




@register
class VerifyPTOAS(ModulePass):
    argument = PASS

    def __init__(self, **options):
        super().__init__(**options)
        self.version = parse_version(self.opts["ptoas-version"])

    def run(self, module: ir.Operation) -> bool:
        self.ok = True
        for op in _ptonz.collect_ops(module, ["pto.make_tensor_view"]):
            info = _ptonz.view_info(op)
            if info[0] == "nz":
                self._nz_view(op, info)
        if self.ok and self.version >= FIRST_NZ_VERSION:
            self._blocked_bounds(module)
        return self.ok

    def _blocked_bounds(self, module) -> None:
        """A blocked partition must stay inside its view like any other: PTOAS
        clamps a negative offset to 0 and reads past the view without a word.
        What cannot be decided is accepted (pto-block-nz-views remarks on it,
        in logical coordinates). One C++ call for every NZ view of the module
        (demand-driven ranges need no function scope)."""
        ranges = FunctionRanges(module)
        for _view, shape, parts in ranges.native.view_partition_verdicts(module, True):
            for part, dims in parts:
                for dim, _code in dims:
                    if dim < 3:  # d3 / d4 are checked whole above
                        self._outside(ranges, part.opview, dim, shape[dim])

    def _fail(self, op, msg: str) -> None:
        error(op.location, f"{PASS}: {msg}")
        self.ok = False

    def _nz_view(self, op, info) -> None:
        v = ".".join(map(str, self.version))
        if self.version < FIRST_NZ_VERSION:
            return self._fail(op, f"PTOAS {v} cannot assemble NZ tensor views: it infers every "
                              "view's layout structurally, a blocked NZ view is row-major like "
                              "ND, and it stops with 'layout mismatch: user-specified layout=nz "
                              "but inferred=nd'; use PTOAS >= 0.61 (--ptoas-version=0.61) or "
                              "annotate this weight nd")
        _layout, bits, type_shape, _shape, st = info
        rank = len(type_shape)
        if rank != 5:
            return self._fail(op, f"user-specified layout=nz requires a rank-5 view, got rank "
                              f"{rank} (run pto-block-nz-views)")
        if bits < 8 or C0_BITS % bits:
            return self._fail(op, f"NZ view of {bits}-bit elements: a 32-byte C0 line does not "
                              "hold a whole number of them, so there is no NZ descriptor")
        c0 = c0_for_bitwidth(bits)
        shape = dims_of(info)
        if shape[3] is not None and shape[3] != FRACTAL_ROWS:
            return self._fail(op, f"NZ view expected shape[3]==16 (got {shape[3]})")
        if shape[4] is not None and shape[4] != c0:
            return self._fail(op, f"NZ view expected shape[4]==c0={c0} (got {shape[4]})")
        if len(st) != 5:
            return self._fail(op, "NZ view has no strides: PTOAS needs them explicit (run "
                              "pto-materialize-strides)")
        for i, want in ((4, 1), (3, c0), (2, FRACTAL_ROWS * c0)):
            if st[i] is not None and st[i] != want:
                return self._fail(op, f"NZ view expected stride[{i}]=={want} (got {st[i]})")
        for i in (1, 0):
            if st[i] is not None and st[i] % c0:
                return self._fail(op, f"NZ view expected stride[{i}] to be C0-aligned ({c0}), "
                                  f"got {st[i]}")
            if st[i] is not None and st[i + 1] is not None and shape[i + 1] is not None \
                    and st[i] < shape[i + 1] * st[i + 1]:
                return self._fail(op, f"NZ view expected stride[{i}] >= shape[{i + 1}] * "
                                  f"stride[{i + 1}] ({shape[i + 1] * st[i + 1]}), got {st[i]}")
        for user, name, offsets, sizes, _users in _ptonz.view_uses(op):
            if name == "pto.partition_view":
                self._nz_partition(user, c0, offsets, sizes)

    def _nz_partition(self, op, c0: int, offsets, sizes) -> None:
        """`offsets` (int if constant, else the value) and `sizes` (constant
        or None): from `_ptonz.view_uses`."""
        if len(offsets) != 5 or len(sizes) != 5:
            return self._fail(op, "NZ partition requires rank-5 source, offsets, and sizes")
        for k, whole in ((3, FRACTAL_ROWS), (4, c0)):
            off, size = offsets[k], sizes[k]
            if not isinstance(off, int) or size is None:
                return self._fail(op, "NZ partition must prove that d3|d4 remains complete at "
                                  "compile time (constant offsets and sizes)")
            if off != 0 or size != whole:
                return self._fail(op, f"NZ view cannot be partitioned inside a fractal: d{k} "
                                  f"must keep offset=0 and size={whole} (got offset={off}, "
                                  f"size={size})")

    def _outside(self, ranges, pv, dim: int, extent) -> None:
        offset = _ptonz.constant_int(pv.offsets[dim])
        offset = pv.offsets[dim] if offset is None else offset
        size = _ptonz.IntRanges.partition_size(pv.operation, dim)
        v = check_dim(ranges, offset, size, extent)
        error(pv.location, f"{PASS}: blocked NZ partition leaves its view in dimension {dim}: "
              f"{v.reason}; PTOAS would read another fractal's bytes (or clamp a negative "
              f"offset to 0). Keep 0 <= offset and offset + {size} <= {extent} in blocked "
              "coordinates", v.notes)
        self.ok = False
