"""pto-verify-ptoas: check that the module is what a given PTOAS, run with
given flags, accepts -- before handing it over (analyses/ptoas_facts.py has
the measured facts).

Options (ptonz-opt: `--ptoas-version`, `--ptoas-disable-infer-layout`,
`--ptoas-pto-level`):

* `ptoas-version` (default 0.61): a real version (0.27 is the newest) or the
  seeds' 0.60 / 0.61 layout behaviours.
* `infer-layout` (default true): false when PTOAS will run with
  `--disable-infer-layout`.
* `pto-level` (default level2, PTOAS's): the `--pto-level` PTOAS will run at.

NZ views. From 0.61 PTOAS trusts the annotation and checks the NZ descriptor
(rank 5, shape[3] == 16, shape[4] == c0, strides [.., .., 16*c0, c0, 1]
with C0-aligned non-overlapping outer strides, partitions that keep d3/d4
whole). Before 0.61 with layout inference on, a blocked NZ view with constant
shape and strides is accepted only where PTOAS's inference happens to say NZ
(R == 256 and a 2-byte T); otherwise the error names
`--disable-infer-layout`. With `--disable-infer-layout` PTOAS checks no NZ
rule at all, so the 0.61 rules are checked all the same (ptonz's own guard),
and a view without a layout attribute whose strides PTOAS would have inferred
DN or NZ is rejected: PTOAS would describe it as ND.

Element types, for every version: a GM view or tile of an element type
PTOAS's C++ emitter has no type for (f80, f128, tf32, f6/f4, i1, i4, i12,
...; `ptoas_facts.element_type_problem`) is an error at the view or tile.
"""

from __future__ import annotations

from mlir import ir

from .. import _ptonz
from ..analyses.bounds import check_dim
from ..analyses.int_ranges import FunctionRanges
from ..analyses.ir_queries import dims_of
from ..analyses.nz_geometry import C0_BITS, FRACTAL_ROWS, c0_for_bitwidth
from ..analyses.ptoas_facts import (ELEMENT_TYPES, FIRST_TRUSTED_NZ, element_type_problem,
                                    format_version,
                                    global_tensor_type_ok, inferred_layout, parse_version)
from ._util import error
from .base import ModulePass, register

PASS = "pto-verify-ptoas"

DISABLE_INFER_COST = (
    "`ptoas --disable-infer-layout` (and pto-verify-ptoas{infer-layout=false}, ptonz-opt "
    "--ptoas-disable-infer-layout) assembles it with exactly ptonz's descriptor, at a cost: "
    "PTOAS then checks no NZ rule at all (ptonz's checks are the only guard) and describes "
    "every view without a layout attribute as ND whatever its strides")


@register
class VerifyPTOAS(ModulePass):
    argument = PASS

    def __init__(self, **options):
        super().__init__(**options)
        self.version = parse_version(self.opts["ptoas-version"])
        self.infer_layout = self.opts["infer-layout"]
        self.level = self.opts["pto-level"]

    def run(self, module: ir.Operation) -> bool:
        self.ok = True
        # Views without a layout matter only under --disable-infer-layout.
        for op, info in _ptonz.tensor_views(module, ["nz"] if self.infer_layout else ["nz", ""]):
            if info[0] == "nz":
                self._nz_view(op, info)
            else:
                self._unannotated_view(op, info)
        self._alloc_tiles(module)
        self._element_types(module)
        if self.version < FIRST_TRUSTED_NZ:
            self._global_tensor_types(module)
        if self.ok:
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
        _layout, bits, type_shape, shape_ops, st = info
        if self.version < FIRST_TRUSTED_NZ and self.infer_layout:
            inferred = inferred_layout(shape_ops, st, bits // 8)
            if inferred is not None and inferred[0] != "nz":
                v = format_version(self.version)
                return self._fail(op, f"PTOAS {v} infers the layout of a view with constant "
                                  "shape and strides, and its NZ test (shape[2] == 16 and "
                                  "shape[2] * shape[3] * sizeof(T) == 512, one axis off "
                                  "pto-isa's) calls this blocked NZ view "
                                  f"{inferred[0]}: it stops with 'layout mismatch: "
                                  f"user-specified layout=nz but inferred={inferred[0]}'. "
                                  + DISABLE_INFER_COST)
        rank = len(type_shape)
        if rank != 5:
            return self._fail(op, f"user-specified layout=nz requires a rank-5 view, got rank "
                              f"{rank} (run pto-block-nz-views)")
        if bits < 8 or C0_BITS % bits:
            return  # no PTOAS element type (every one divides a C0 line): _element_types
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
        for part, offsets, sizes in _ptonz.partition_constants(op):
            self._nz_partition(part, c0, offsets, sizes)

    def _nz_partition(self, op, c0: int, offsets, sizes) -> None:
        """`offsets` and `sizes`: constants or None (`_ptonz.partition_constants`)."""
        if len(offsets) != 5 or len(sizes) != 5:
            return self._fail(op, "NZ partition requires rank-5 source, offsets, and sizes")
        for k, whole in ((3, FRACTAL_ROWS), (4, c0)):
            off, size = offsets[k], sizes[k]
            if off is None or size is None:
                return self._fail(op, "NZ partition must prove that d3|d4 remains complete at "
                                  "compile time (constant offsets and sizes)")
            if off != 0 or size != whole:
                return self._fail(op, f"NZ view cannot be partitioned inside a fractal: d{k} "
                                  f"must keep offset=0 and size={whole} (got offset={off}, "
                                  f"size={size})")

    def _unannotated_view(self, op, info) -> None:
        """Under --disable-infer-layout, PTOAS describes a view without a
        layout attribute as ND: reject one whose strides say otherwise."""
        _layout, bits, _type_shape, shape_ops, st = info
        inferred = inferred_layout(shape_ops, st, max(bits // 8, 1))
        if inferred is None or inferred[0] == "nd" or inferred[1]:
            return
        self._fail(op, f"this view has no layout attribute and its strides are "
                   f"{inferred[0].upper()}: `ptoas --disable-infer-layout` would describe it "
                   f"as ND and read the wrong elements; add "
                   f"{{layout = #pto.layout<{inferred[0]}>}}")

    def _element_types(self, module) -> None:
        """Every GM view and tile must have elements PTOAS has a C++ type for
        (analyses/ptoas_facts.py): any other fails its type conversion or is
        silently written as int32_t / float."""
        for op, elem in _ptonz.element_types_outside(
                module, ["pto.make_tensor_view", "pto.alloc_tile"], sorted(ELEMENT_TYPES)):
            what = "GM view" if op.name == "pto.make_tensor_view" else "tile"
            self._fail(op, f"a {what} of {elem} elements: {element_type_problem(str(elem))}; "
                       "use one of those element types (move the bytes as an integer of the "
                       "same width and reinterpret them on chip)")

    def _global_tensor_types(self, module) -> None:
        """PTOAS 0.27 writes GlobalTensor<float, ...> for a GM element type it
        does not know (float8 among them): the load or store would count
        4-byte elements."""
        for op in _ptonz.collect_ops(module, ["pto.tload", "pto.tstore"]):
            gm = op.operands[0] if op.name == "pto.tload" else op.operands[1]
            elem = getattr(gm.type, "element_type", None)
            if elem is None or global_tensor_type_ok(str(elem)) \
                    or element_type_problem(str(elem)):  # reported by _element_types
                continue
            v = format_version(self.version)
            self._fail(op, f"PTOAS {v} writes the GM side of this {op.name[4:]} as "
                       f"GlobalTensor<float, ...> because it has no C++ name for {elem}: its "
                       "shape and strides would count 4-byte elements and the DMA would move "
                       f"the wrong bytes. Move the bytes as i8 (or another integer of the same "
                       f"width) and reinterpret them on chip, or use a PTOAS that names {elem}")

    def _alloc_tiles(self, module) -> None:
        """alloc_tile addr and tassign against the level PTOAS runs at. The pto
        op verifiers check them against the context's target level (with
        PTOAS's own messages) whenever the IR is verified, so this pass checks
        only a level the pipeline gives it that differs from the context's;
        otherwise one mistake would get two errors."""
        context_level = _ptonz.ptoas_target_level(module.context)
        if self.level == context_level:
            return
        level3 = self.level == "level3"
        # Only reached through a pipeline option: say which level the op
        # verifiers used, and how to give the level once.
        both = (f" (the pto op verifiers checked this module for {context_level}, the "
                f"context's PTOAS target; give the level once: ptonz-opt "
                f"--ptoas-pto-level={self.level}, or ptonz._ptonz.set_ptoas_target)")
        for op in _ptonz.collect_ops(module, ["pto.alloc_tile", "pto.tassign"]):
            if op.name == "pto.tassign":
                if not level3:
                    self._fail(op, "pto.tassign is only supported when PTOAS runs with "
                               "--pto-level=level3 (pto-verify-ptoas{pto-level=level3}); use "
                               "alloc_tile without addr and let PTOAS plan the memory" + both)
                continue
            has_addr = op.opview.addr is not None
            if level3 and not has_addr:
                self._fail(op, "at --pto-level=level3 PTOAS does not plan memory: every "
                           "pto.alloc_tile needs an 'addr' operand; give one, or assemble at "
                           "level2" + both)
            elif has_addr and not level3:
                self._fail(op, f"pto.alloc_tile 'addr' is only supported when PTOAS runs with "
                           f"--pto-level=level3 (this check assumes {self.level}); assemble "
                           "with `ptoas --pto-level=level3` (pto-verify-ptoas{pto-level=level3}"
                           ", ptonz-opt --ptoas-pto-level=level3), or drop addr and let "
                           "PTOAS's PlanMemory place the tile" + both)

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
