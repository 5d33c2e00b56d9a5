"""pto-verify-ptoas: check that the module is what a given PTOAS, run with
given flags, accepts -- before handing it over (analyses/ptoas_facts.py has
the measured facts).

Options (ptonz-opt: `--ptoas-version`, `--ptoas-disable-infer-layout`,
`--ptoas-pto-level`, `--allow-clamped-gm-offsets`):

* `ptoas-version` (default 0.61): a real version (0.27 is the newest) or the
  seeds' 0.60 / 0.61 layout behaviours.
* `infer-layout` (default true): false when PTOAS will run with
  `--disable-infer-layout`.
* `pto-level` (default level2, PTOAS's): the `--pto-level` PTOAS will run at.
* `allow-clamped-gm-offsets` (default false): lift the PTOAS#1317 check for
  a 0.59/0.60 build that has the fix.

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

GM addresses (PTOAS 0.59 and 0.60, hw-native-sys/PTOAS#1317). A partition
read or written by tload/tstore whose address those versions print without
the parentheses of its last, clamped term is rejected
(`ptoas_facts.clamped_gm_offset_miscompiled`). The check sees the offsets as
PTOAS does after its canonicalize and cse: on a copy of the op, so that
a clamp shared with another use (a separate C++ statement, printed right)
is told from a clamp used once.

From 0.61 (`ptoas_facts.layout_rules_061`), with inference on, a view
WITHOUT a layout attribute that PTOAS infers NZ (rank 5, canonical and
tight, shape[0] == 1, more than one fractal) is an NZ view, as for PTOAS:
its partitions must keep d3/d4 whole, and its descriptor says NZ (every view
ptonz creates carries its layout attribute, so this is only ever an input's). Which NZ views are logical,
blocked or physical is `analyses.view_kinds`'s: a logical one (or one in the
old spelling, the layout in the view type with `strides = []`) is an error
here, a physical one is checked by PTOAS's own rules
(`ptoas_facts.nz_view_error`, `nz_partition_error`), with or without the
blocked mark. A layout in a partition type that differs from its view's is
an error of the pto.partition_view verifier.

Element types, for every version: a GM view or tile of an element type
PTOAS's C++ emitter has no type for (f80, f128, tf32, f6/f4, i1, i4, i12,
...; `ptoas_facts.element_type_problem`) is an error at the view or tile.
"""

from __future__ import annotations

from typing import Optional

from mlir import ir
from mlir.passmanager import PassManager
from ptonz_geometry import (
    MX_BOX_COLS,
    MX_BOX_ROWS,
    SUB_BYTE_NZ,
    nz_width_problem,
    span_past_int64,
)

from .. import _ptonz
from .._startup import upstream_passes
from ..analyses.bounds import check_dim
from ..analyses.int_ranges import FunctionRanges
from ..analyses.ir_queries import dims_of, function_type, layout_of
from ..analyses.ptoas_facts import (
    ELEMENT_TYPES,
    MX_SCALE_BUILTIN,
    MX_SCALE_ELEMENT,
    MX_SCALE_ELEMENTS,
    clamped_gm_offset_bug,
    clamped_gm_offset_miscompiled,
    clamped_gm_offset_versions,
    element_type_problem,
    format_version,
    global_tensor_type_ok,
    inferred_layout,
    inferred_layout_061,
    layout_rules_061,
    mx_layouts_known,
    mx_view_error,
    nz_partition_error,
    nz_view_error,
    parse_version,
    view_layout,
)
from ..analyses.view_kinds import (
    BLOCKED_MARK,
    LEGACY,
    LOGICAL,
    MX_BLOCKED_MARK,
    MX_LAYOUTS,
    kind_from,
    kind_of_record,
    legacy_message,
    marks_of,
)
from ._util import error, report_negative_strides, report_shape_mismatches
from .base import ModulePass, register
from .representatives import NeedsOps, Placeholder

PASS = "pto-verify-ptoas"

DISABLE_INFER_COST = (
    "`ptoas --disable-infer-layout` (and pto-verify-ptoas{infer-layout=false}, ptonz-opt "
    "--ptoas-disable-infer-layout) assembles it with exactly ptonz's descriptor, at a cost: "
    "PTOAS then checks no NZ rule at all (ptonz's checks are the only guard) and describes "
    "every view without a layout attribute as ND whatever its strides"
)


# The layouts whose views' int64 spans are checked; those a view without a
# layout attribute may be inferred as before 0.61 (_mx_inferred_060).
_SPAN_LAYOUTS = frozenset(["nd", "dn", "nz", ""]) | MX_LAYOUTS
_MX_060_LAYOUTS = frozenset(["nd", "dn", ""]) | MX_LAYOUTS


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
        rules_061 = layout_rules_061(self.version)
        # What the checks read of the module, from one C++ walk: the views
        # in classes of alike views with their functions' blocked-view marks
        # (_by_class), the partitions with a layout attribute, the merge ops
        # that carry a view (_LayoutSolver) and the views and tiles whose
        # element type PTOAS has no C++ name for (_nz_view, _element_types).
        # And what _blocked_bounds reports: the NZ partitions that leave their
        # view and strides computed to negative values (demand-driven ranges
        # need no function scope).
        self.ranges = FunctionRanges(module)
        (
            self.layout_partitions,
            self.view_merges,
            self.outside,
            self.view_classes,
            self.nz_verdicts,
        ) = _ptonz.scan(
            module,
            [
                ("ops", ["pto.partition_view"], "layout"),
                ("ops_with_view_values", _LayoutSolver.MERGES),
                (
                    "element_types_outside",
                    ["pto.make_tensor_view", "pto.alloc_tile"],
                    sorted(ELEMENT_TYPES),
                ),
                ("view_classes",),
                ("view_partition_verdicts", self.ranges.native, True, False, False),
            ],
        )
        self.outside_views = {op: elem for op, elem in self.outside}
        # The views' checks once per class of alike views (representatives),
        # else view by view (every failure at its view, in order).
        views = None
        self._spans: dict = {}  # kernels repeat a few shapes: each is summed once
        if not self._by_class(module, rules_061):
            views = [
                (rec, marks)
                for fv in _ptonz.views_by_function(module)
                for marks in (marks_of(fv.func),)
                for rec in fv.views
            ]
            self._each_view(views, rules_061)
        if rules_061:
            self._partition_layouts(module)
            if self.infer_layout and self.ok:
                _LayoutSolver(self, module).run()
        self._alloc_tiles(module)
        self._element_types(module)
        # PTOAS emits no recursive calls. The driver checks it right after
        # parsing; in a pass manager of the user's own only this pass says it.
        self.ok &= _ptonz.verify_entry_recursion(module)
        if not global_tensor_type_ok("f8E4M3FN", self.version):  # 0.27: float8 becomes float
            self._global_tensor_types(module)
        if clamped_gm_offset_bug(self.version) and not self.opts["allow-clamped-gm-offsets"]:
            self._clamped_gm_offsets(module)
        if views is not None:
            for rec, _marks in views:
                self._int64_span(module, rec.view, rec.info)
        if self.ok:
            self._blocked_bounds(module)
        return self.ok

    def _each_view(self, views, rules_061: bool) -> None:
        """The layout checks of each view (`views`: (ViewRecord, marks) of
        every view of the module, in order; the int64 spans are checked
        later, by run)."""
        for rec, marks in views:
            self._view(rec.view, rec.info, kind_of_record(rec, marks), rules_061)
        for rec, marks in views:
            if rec.info.layout in MX_LAYOUTS:
                self._mx_view(rec.view, rec.info, kind_of_record(rec, marks))
        if self._mx_inference_060(rules_061):
            for rec, _marks in views:
                self._mx_inferred_060(rec.view, rec.info)

    def _by_class(self, module, rules_061: bool) -> bool:
        """The checks of `_each_view` and the int64 spans, once per
        `_ptonz.ViewClasses` class, on a representative view
        (passes.representatives). True when every class passes them; False,
        with nothing reported, when a class fails one or asks what only its
        views answer, and where a view is outside any function or of an
        element type PTOAS has no name for."""
        classes = self.view_classes  # run's scan (the module is unchanged since)
        if classes.outside or any(op.name == "pto.make_tensor_view" for op, _e in self.outside):
            return False
        check = _ClassCheck(self)
        try:
            for i, c in enumerate(classes.classes):
                view = _RepresentativeView(c.element_type)
                check.classes, check.index = classes, i
                kind = kind_from(c.attr_layout, c.type_layout, c.has_strides, c.marks)
                check._view(view, c.info, kind, rules_061)
                if c.info.layout in MX_LAYOUTS:
                    check._mx_view(view, c.info, kind)
                if self._mx_inference_060(rules_061):
                    check._mx_inferred_060(view, c.info)
                check._int64_span(module, view, c.info)
        except NeedsOps:
            return False
        return True

    def _view(self, op, info, kind: str, rules_061: bool) -> None:
        """The layout checks of one view (`kind`: its analyses.view_kinds kind).
        Views without a layout: PTOAS describes them as ND under
        --disable-infer-layout, and infers them otherwise (0.27's NZ test one
        axis off pto-isa's, 0.61's canonical rule)."""
        layout = info.layout
        if layout == "nz":
            self._nz_view(op, info, kind)
        elif layout:
            return
        elif not self.infer_layout:
            self._unannotated_view(op, info)
        elif rules_061:
            self._inferred_061(op, info)
        else:
            self._inferred_027(op, info)

    def _mx_inference_060(self, rules_061: bool) -> bool:
        """Whether `_mx_inferred_060` applies (PTOAS 0.48-0.60, inference on)."""
        return not rules_061 and self.infer_layout and mx_layouts_known(self.version)

    def _partitions(self, view):
        """(partition, offset constants, size constants) of each
        pto.partition_view of `view`."""
        return _ptonz.partition_constants(view)

    def _view_uses(self, view):
        return _ptonz.view_uses(view)

    def _int64_span(self, module, op, info) -> None:
        """A view whose last element lies past int64 elements from its base
        cannot be addressed by PTOAS's C++ (GM offsets are int64)."""
        if info.layout not in _SPAN_LAYOUTS:
            return
        key = (tuple(info.shape), tuple(info.strides))
        span = self._spans.get(key, False)
        if span is False:
            span = self._spans[key] = span_past_int64(*key)
        at_least = ""
        if span is None and None in key[0] + key[1] and key[1]:
            # Not all constant: the least span the operands' ranges allow.
            span = _least_span(op, len(key[0]), self.ranges)
            at_least = "at least "
        if span is not None:
            self._fail(
                op,
                f"the view's last element is {at_least}{span} elements past its base (the "
                "sum of (shape - 1) * stride), more than an int64 offset holds, so PTOAS's C++ "
                "cannot address it; split the tensor or use strides that fit",
            )

    def _blocked_bounds(self, module) -> None:
        """A blocked partition must stay inside its view like any other: PTOAS
        clamps a negative offset to 0 and reads past the view without a word.
        What cannot be decided is accepted (pto-block-nz-views remarks on it,
        in logical coordinates). The verdicts of every NZ view come from
        run's scan."""
        for verdicts in self.nz_verdicts:
            self.ok &= report_negative_strides(PASS, verdicts.view, verdicts.negative_strides)
            self.ok &= report_shape_mismatches(PASS, verdicts.view, verdicts.shape_mismatches)
            for part, dims in verdicts.partitions:
                for dim, _code in dims:
                    if dim < 3:  # d3 / d4 are checked whole above
                        self._outside(self.ranges, part.opview, dim, verdicts.extents[dim])

    def _fail(self, op, msg: str) -> None:
        error(op.location, f"{PASS}: {msg}")
        self.ok = False

    def _nz_view(self, op, info, kind: str) -> None:
        """`kind`: the view's analyses.view_kinds kind."""
        _layout, bits, type_shape, shape_ops, st, value_bits = info
        if kind == LEGACY:
            return self._fail(op, legacy_message(op))
        if kind == LOGICAL:
            return self._fail(
                op,
                "this is a logical NZ view (`strides = []` with the layout "
                f"attribute, in a function not marked {BLOCKED_MARK}), which "
                "PTOAS has no meaning for: run pto-block-nz-views and "
                "pto-materialize-strides (ptonz-opt --lower-to-ptoas)",
            )
        if not layout_rules_061(self.version) and self.infer_layout:
            inferred = inferred_layout(shape_ops, st, bits // 8)
            if inferred is not None and inferred[0] != "nz":
                v = format_version(self.version)
                return self._fail(
                    op,
                    f"PTOAS {v} infers the layout of a view with constant "
                    "shape and strides, and its NZ test (shape[2] == 16 and "
                    "shape[2] * shape[3] * sizeof(T) == 512, one axis off "
                    "pto-isa's) calls this blocked NZ view "
                    f"{inferred[0]}: it stops with 'layout mismatch: "
                    f"user-specified layout=nz but inferred={inferred[0]}'. " + DISABLE_INFER_COST,
                )
        rank = len(type_shape)
        if rank != 5:
            return self._fail(
                op,
                f"user-specified layout=nz requires a rank-5 view, got rank "
                f"{rank} (run pto-block-nz-views)",
            )
        why = nz_width_problem(bits, value_bits)
        if why == SUB_BYTE_NZ:
            elem = op.results[0].type.element_type
            return self._fail(op, f"NZ view of sub-byte element type {elem}: {why}")
        if why is not None and bits <= 0:
            elem = op.results[0].type.element_type
            return self._fail(op, f"NZ view of element type {elem}, which {why}")
        if why is not None:
            return self._fail(op, f"NZ view of {bits}-bit elements: {why} (and no NZ descriptor)")
        elem = self.outside_views.get(op)
        if elem is not None and element_type_problem(str(elem)) is not None:  # i128, ...
            return self._element_type(op, "GM view", elem)
        shape = dims_of(info)
        if len(st) != 5:
            return self._fail(
                op,
                "NZ view has no strides: PTOAS needs them explicit (run pto-materialize-strides)",
            )
        why = nz_view_error(shape, st, bits // 8)
        if why is not None:
            return self._fail(
                op, f"user-specified layout=nz is incompatible with shape/stride: {why}"
            )
        for part, offsets, sizes in self._partitions(op):
            why = nz_partition_error(shape, offsets, sizes)
            if why is not None:
                self._fail(part, why)

    def _mx_view(self, op, info, kind: str) -> None:
        """MX scale views: PTOAS names the layouts from 0.60 on, and pto-isa's MX
        TLOAD reads the blocked rank-5 [1, ../16, G/2, 16, 2] with row-major
        strides; a logical one must be blocked first. `kind`: the view's
        analyses.view_kinds kind."""
        layout = info[0]
        if kind == LEGACY:
            return self._fail(op, legacy_message(op))
        if kind == LOGICAL:
            return self._fail(
                op,
                f"this is a logical {layout.upper()} scale view (`strides = "
                "[]` with the layout attribute, in a function not marked "
                f"{MX_BLOCKED_MARK}), which pto-isa's MX TLOAD has no meaning "
                "for: run pto-block-mx-scale-views and pto-materialize-strides "
                "(ptonz-opt --lower-to-ptoas)",
            )
        if not mx_layouts_known(self.version):
            return self._fail(
                op,
                f"PTOAS {format_version(self.version)} has no "
                f"#pto.layout<{layout}> (its layout enum is nd, dn, nz; MX "
                "layouts are known from v0.48 on, and 0.60's sources name "
                "mx_a_zz and mx_b_nn): use a newer PTOAS (--ptoas-version=0.60 "
                "or later) for MX scale tensors",
            )
        why = mx_view_error(dims_of(info), info[4])
        if why is not None:
            return self._fail(op, why)
        for part, offsets, sizes in self._partitions(op):
            cut = [
                k
                for k, want in ((0, 1), (3, MX_BOX_ROWS), (4, MX_BOX_COLS))
                if sizes[k] is not None and sizes[k] != want
            ]
            moved = [k for k in (0, 3, 4) if offsets[k] not in (0, None)]
            if cut or moved:
                self._fail(
                    part,
                    "an MX scale partition keeps d0 at size 1 and the 16x2 box "
                    "(d3, d4) whole, at offset 0: pto-isa's MX TLOAD moves whole boxes",
                )

    def _mx_inferred_060(self, op, info) -> None:
        """Before 0.61, with layout inference on, PTOAS infers the layout of a
        view with constant shape and strides from the tiles it is loaded into
        (InferPTOLayout's consumer preference, measured with 0.60): a mat
        tile of E8M0 scales that is row_major/row_major (more than one row)
        says mx_a_zz, col_major/col_major mx_b_nn, and that beats the view's
        own layout: `layout mismatch: user-specified layout=L but
        inferred=P`. 0.61 trusts the explicit layout."""
        layout, _bits, _type_shape, shape_ops, st, _value_bits = info
        if layout not in _MX_060_LAYOUTS:
            return
        if (
            str(op.results[0].type.element_type) not in MX_SCALE_ELEMENTS
            or not st
            or None in list(shape_ops) + list(st)
            or not layout
        ):
            return
        prefs = set()
        for _user, uname, _offsets, _sizes, users in self._view_uses(op):
            if uname != "pto.partition_view":
                continue
            for u in users:
                name, tile = u.name, u.tile
                if name != "pto.tload" or tile is None:
                    continue
                loc, rows, _cols, _vr, _vc, blayout, slayout = tile[:7]
                if loc != "mat":
                    continue
                if blayout == slayout == "row_major" and rows != 1:
                    prefs.add("mx_a_zz")
                elif blayout == slayout == "col_major":
                    prefs.add("mx_b_nn")
        if len(prefs) != 1:
            return
        inferred = prefs.pop()
        if inferred != layout:
            v = format_version(self.version)
            self._fail(
                op,
                f"PTOAS {v} infers the layout of a view with constant shape and "
                "strides from the tiles it is loaded into (a mat tile of E8M0 scales "
                "that is row_major/row_major says mx_a_zz, col_major/col_major "
                "mx_b_nn) and stops with 'layout mismatch: user-specified "
                f"layout={layout} but inferred={inferred}': load it into the tile "
                f"of its layout. " + DISABLE_INFER_COST,
            )

    def _inferred_027(self, op, info) -> None:
        """Before 0.61, with inference on, PTOAS's NZ test (one axis off
        pto-isa's) calls some views without a layout attribute NZ whose
        strides are not NZ (a contiguous [4, 1, 16, 8, 16] f32): it would
        write an NZ GlobalTensor for them and read the wrong elements."""
        _layout, bits, _type_shape, shape_ops, st, _value_bits = info
        inferred = inferred_layout(shape_ops, st, max(bits // 8, 1))
        if inferred is None or inferred[0] != "nz":
            return
        true = inferred_layout_061(shape_ops, st, max(bits // 8, 1))
        if true is not None and true[0] == "nz":
            return
        v = format_version(self.version)
        self._fail(
            op,
            f"this view has no layout attribute and PTOAS {v} infers NZ for it (its "
            "NZ test, shape[2] == 16 and shape[2] * shape[3] * sizeof(T) == 512, is one "
            "axis off pto-isa's), while its strides are not NZ: PTOAS would write an NZ "
            "GlobalTensor and read the wrong elements; add {layout = "
            f"#pto.layout<{(true or ('nd', False))[0]}>}}",
        )

    def _inferred_061(self, op, info) -> None:
        """PTOAS >= 0.61 infers NZ for a view without a layout attribute when
        it is rank 5, canonical and tight with shape[0] == 1 and more than one
        fractal (`inferred_layout_061`), and then checks it as an NZ view: so
        does ptonz (its descriptor says NZ, `ptoas_facts.view_layout`). Such a
        view is canonical, so only its partitions (d3 / d4 whole) and its
        element type can be wrong."""
        _layout, bits, _type_shape, shape_ops, st, value_bits = info
        inferred = inferred_layout_061(shape_ops, st, max(bits // 8, 1))
        if inferred is None or inferred[0] != "nz":
            return
        if nz_width_problem(bits, value_bits) == SUB_BYTE_NZ:
            elem = op.results[0].type.element_type
            v = format_version(self.version)
            return self._fail(
                op,
                f"PTOAS {v} infers this view (no layout attribute; canonical "
                "tight NZ strides, shape[0] == 1, more than one fractal) NZ, of "
                f"sub-byte element type {elem}: {SUB_BYTE_NZ}; give it "
                "{layout = #pto.layout<nd>} if it is ND",
            )
        shape = dims_of(info)
        for part, offsets, sizes in self._partitions(op):
            why = nz_partition_error(shape, offsets, sizes)
            if why is not None:
                self._fail(part, why)

    def _partition_layouts(self, module) -> None:
        """PTOAS >= 0.61: a `layout` attribute on a pto.partition_view must be
        its source view's resolved layout (InferPTOLayout: "partition
        layout=nd does not match source layout=nz"); a layout in the partition
        TYPE is the op verifier's."""
        for part in self.layout_partitions:  # run's scan
            mine = _ptonz.layout_value(part.attributes["layout"])
            view = part.operands[0].owner
            if isinstance(view, ir.Block) or view.name != "pto.make_tensor_view":
                continue
            info = _ptonz.view_info(view)
            source = view_layout(
                self.version,
                self.infer_layout,
                layout_of(view.opview),
                dims_of(info),
                info[4],
                max(info[1] // 8, 1),
            )
            if mine != source:
                self._fail(part, f"partition layout={mine} does not match source layout={source}")

    def _clamped_gm_offsets(self, op) -> None:
        """PTOAS#1317: see the module docstring. `op`: the module or a function."""
        copy = op.clone()
        try:
            upstream_passes()
            pm = PassManager.parse(f"{op.name}(canonicalize, cse)", context=op.context)
            pm.enable_verifier(False)
            try:
                pm.run(copy)
            except ir.MLIRError:  # judge the offsets as written: more of them are single-use
                copy.erase()
                copy = op.clone()
            for part in _ptonz.collect_ops(copy, ["pto.partition_view"]):
                if not any(
                    use.owner.name in ("pto.tload", "pto.tstore") for use in part.result.uses
                ):
                    continue
                terms = _static_address(part.opview)
                if terms is not None and clamped_gm_offset_miscompiled(*terms):
                    self._clamped_gm_offset_error(part, terms)
        finally:
            copy.erase()

    def _clamped_gm_offset_error(self, part, terms) -> None:
        constant, dynamic = terms
        name = dynamic[-1][0]
        v = format_version(self.version)
        sum_ = " + ".join(
            ([str(constant)] if constant else [])
            + [f"o{i}*{s}" for i, (_n, s, _u) in enumerate(dynamic[:-1])]
        )
        moves = "/".join(sorted({use.owner.name[4:] for use in part.result.uses}))
        self._fail(
            part,
            f"PTOAS {v} miscompiles the GM address of this partition "
            f"(hw-native-sys/PTOAS#1317, PTOAS {clamped_gm_offset_versions()}): its "
            f"last offset, a single-use `{name}` of stride 1, is printed bare after the "
            f"other terms, `data + ({sum_} + c ? a : b)`, which C++ reads as "
            f"`data + (({sum_} + c) ? a : b)`: the other terms of the address are "
            f"dropped and the {moves} moves the wrong elements, without an error. Use a "
            "PTOAS with the fix (PR #1322, 0.61 or later), or, for a build of this "
            "version that has it, pto-verify-ptoas{allow-clamped-gm-offsets=true} "
            "(ptonz-opt --allow-clamped-gm-offsets)",
        )

    def _unannotated_view(self, op, info) -> None:
        """Under --disable-infer-layout, PTOAS describes a view without a
        layout attribute as ND: reject one whose strides say otherwise. What
        the strides say is pto-isa's rule (0.61's `inferred_layout_061`: a
        canonical NZ root, else DN/ND from the last two dimensions), not
        0.27's one-axis-off NZ test, which calls contiguous ND views such as
        [4, 1, 16, 8, 16] NZ."""
        _layout, bits, _type_shape, shape_ops, st, _value_bits = info
        inferred = inferred_layout_061(shape_ops, st, max(bits // 8, 1))
        if inferred is None or inferred[0] == "nd" or inferred[1]:
            return
        self._fail(
            op,
            f"this view has no layout attribute and its strides are "
            f"{inferred[0].upper()}: `ptoas --disable-infer-layout` would describe it "
            f"as ND and read the wrong elements; add "
            f"{{layout = #pto.layout<{inferred[0]}>}}",
        )

    def _element_types(self, module) -> None:
        """Every GM view and tile must have elements PTOAS has a C++ type for
        (analyses/ptoas_facts.py): any other fails its type conversion or is
        silently written as int32_t / float."""
        for op, elem in self.outside:  # run's element_types_outside
            if op.name == "pto.make_tensor_view":
                if layout_of(op) != "nz":  # NZ views: _nz_view, with the NZ reasons first
                    self._element_type(op, "GM view", elem)
            else:
                self._element_type(op, "tile", elem)

    def _element_type(self, op, what: str, elem) -> None:
        if str(elem) == MX_SCALE_BUILTIN:  # ptonz's input alias of PTOAS's spelling
            return self._fail(
                op,
                f"a {what} of {elem} elements: no PTOAS parses MLIR's "
                f"{elem}, PTOAS spells the E8M0 scale {MX_SCALE_ELEMENT}; write "
                f"{MX_SCALE_ELEMENT} (pto-block-mx-scale-views, in "
                "--lower-to-ptoas, writes it)",
            )
        self._fail(
            op,
            f"a {what} of {elem} elements: {element_type_problem(str(elem))}; use "
            "one of those element types (move the bytes as an integer of the same width "
            "and reinterpret them on chip)",
        )

    def _global_tensor_types(self, module) -> None:
        """PTOAS 0.27 writes GlobalTensor<float, ...> for a GM element type it
        does not know (float8 among them): the load or store would count
        4-byte elements."""
        for op in _ptonz.collect_ops(module, ["pto.tload", "pto.tstore"]):
            gm = op.operands[0] if op.name == "pto.tload" else op.operands[1]
            elem = getattr(gm.type, "element_type", None)
            if (
                elem is None
                or global_tensor_type_ok(str(elem), self.version)
                or element_type_problem(str(elem))
            ):  # reported by _element_types
                continue
            v = format_version(self.version)
            self._fail(
                op,
                f"PTOAS {v} writes the GM side of this {op.name[4:]} as "
                f"GlobalTensor<float, ...> because it has no C++ name for {elem}: its "
                "shape and strides would count 4-byte elements and the DMA would move "
                f"the wrong bytes. Move the bytes as i8 (or another integer of the same "
                f"width) and reinterpret them on chip, or use a PTOAS that names {elem}",
            )

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
        both = (
            f" (the pto op verifiers checked this module for {context_level}, the "
            f"context's PTOAS target; give the level once: ptonz-opt "
            f"--ptoas-pto-level={self.level}, or ptonz._ptonz.set_ptoas_target)"
        )
        for op in _ptonz.collect_ops(module, ["pto.alloc_tile", "pto.tassign"]):
            if op.name == "pto.tassign":
                if not level3:
                    self._fail(
                        op,
                        "pto.tassign is only supported when PTOAS runs with "
                        "--pto-level=level3 (pto-verify-ptoas{pto-level=level3}); use "
                        "alloc_tile without addr and let PTOAS plan the memory" + both,
                    )
                continue
            has_addr = op.opview.addr is not None
            if level3 and not has_addr:
                self._fail(
                    op,
                    "at --pto-level=level3 PTOAS does not plan memory: every "
                    "pto.alloc_tile needs an 'addr' operand; give one, or assemble at "
                    "level2" + both,
                )
            elif has_addr and not level3:
                self._fail(
                    op,
                    f"pto.alloc_tile 'addr' is only supported when PTOAS runs with "
                    f"--pto-level=level3 (this check assumes {self.level}); assemble "
                    "with `ptoas --pto-level=level3` (pto-verify-ptoas{pto-level=level3}"
                    ", ptonz-opt --ptoas-pto-level=level3), or drop addr and let "
                    "PTOAS's PlanMemory place the tile" + both,
                )

    def _outside(self, ranges, pv, dim: int, extent) -> None:
        offset = _ptonz.constant_int(pv.offsets[dim])
        offset = pv.offsets[dim] if offset is None else offset
        size = _ptonz.IntRanges.partition_size(pv.operation, dim)
        v = check_dim(ranges, offset, size, extent)
        error(
            pv.location,
            f"{PASS}: blocked NZ partition leaves its view in dimension {dim}: "
            f"{v.reason}; PTOAS would read another fractal's bytes (or clamp a negative "
            f"offset to 0). Keep 0 <= offset and offset + {size} <= {extent} in blocked "
            "coordinates",
            v.notes,
        )
        self.ok = False


class _LayoutSolver:
    """PTOAS >= 0.61's view-layout propagation (InferPTOLayout's
    ViewLayoutSolver, run with layout inference on): every view value gets
    the layout of the views that flow into it through pto.partition_view,
    arith.select, scf.if / scf.for / scf.while, direct calls and returns (a
    declaration's parameter or result type says its layout, ND without one);
    two different known layouts meeting is PTOAS's first error, at the op
    where they meet: "view layout conflict: nz and nd reach the same
    control-flow or function-boundary value". A view's own layout is its
    explicit one, else what 0.61 infers from constant operands
    (`ptoas_facts.view_layout`); an ND/DN ambiguity stays unknown, and a view
    it cannot infer is ND."""

    def __init__(self, verifier: "VerifyPTOAS", module: ir.Operation):
        self.v = verifier
        self.module = module
        self.parent: dict = {}
        self.layout: dict = {}
        self.first_return: dict = {}

    @staticmethod
    def _is_view(value) -> bool:
        return _ptonz.TensorViewType.isinstance(
            value.type
        ) or _ptonz.PartitionTensorViewType.isinstance(value.type)

    def _find(self, v):
        self.parent.setdefault(v, v)
        while self.parent[v] != v:
            self.parent[v] = self.parent[self.parent[v]]
            v = self.parent[v]
        return v

    def _conflict(self, op, a: str, b: str) -> bool:
        self.v._fail(
            op,
            f"view layout conflict: {a} and {b} reach the same control-flow or "
            "function-boundary value",
        )
        return False

    def _seed(self, value, layout: str, op) -> bool:
        if not self._is_view(value):
            return True
        r = self._find(value)
        known = self.layout.get(r)
        if known is not None and known != layout:
            return self._conflict(op, known, layout)
        self.layout[r] = layout
        return True

    def _unite(self, a, b, op) -> bool:
        if not (self._is_view(a) and self._is_view(b)):
            return True
        for x in (a, b):  # a layout in the view type is known
            if _ptonz.TensorViewType.isinstance(x.type) and x not in self.parent:
                t = _ptonz.TensorViewType(x.type).layout
                if t:
                    self._seed(x, t, op)
        ra, rb = self._find(a), self._find(b)
        if ra == rb:
            return True
        la, lb = self.layout.get(ra), self.layout.get(rb)
        if la is not None and lb is not None and la != lb:
            return self._conflict(op, la, lb)
        self.parent[rb] = ra
        if la is None and lb is not None:
            self.layout[ra] = lb
        return True

    def _view_layout(self, op):
        """The layout 0.61 gives a make_tensor_view, None where it stays open."""
        info = _ptonz.view_info(op)
        explicit = layout_of(op.opview)
        if explicit:
            return explicit
        inferred = inferred_layout_061(dims_of(info), info[4], max(info[1] // 8, 1))
        if inferred is None:
            return "nd"
        return None if inferred[1] else inferred[0]

    MERGES = ["arith.select", "scf.if", "scf.for", "scf.while", "func.call", "func.return"]

    def run(self) -> None:
        # Without a view reaching a merge point or a function boundary there
        # is nothing to propagate (a partition's type layout is its op
        # verifier's): the common case costs one C++ walk.
        if not self.v.view_merges:  # VerifyPTOAS.run's scan
            return
        for op in _ptonz.collect_ops(self.module, ["pto.make_tensor_view"]):
            layout = self._view_layout(op)
            if layout is not None and not self._seed(op.results[0], layout, op):
                return
        for func in _ptonz.collect_ops(self.module, ["func.func"]):
            results = function_type(func).results
            for ret in _ptonz.collect_ops(func, ["func.return"]):
                for operand, t in zip(ret.operands, results):
                    layout = (
                        _ptonz.TensorViewType(t).layout
                        if _ptonz.TensorViewType.isinstance(t)
                        else None
                    )
                    if layout and not self._seed(operand, layout, ret):
                        return
        funcs = {
            ir.StringAttr(f.attributes["sym_name"]).value: f
            for f in _ptonz.collect_ops(self.module, ["func.func"])
        }
        ok = [True]

        def visit(op):
            if ok[0] and not self._constraint(
                op.operation if hasattr(op, "operation") else op, funcs
            ):
                ok[0] = False
                return ir.WalkResult.INTERRUPT
            return ir.WalkResult.ADVANCE

        self.module.walk(visit, ir.WalkOrder.PRE_ORDER)

    def _constraint(self, op, funcs) -> bool:
        name = op.name
        if name == "pto.partition_view":
            return self._unite(op.operands[0], op.results[0], op)
        if name == "arith.select":
            return self._unite(op.operands[1], op.results[0], op) and self._unite(
                op.operands[2], op.results[0], op
            )
        if name == "scf.if":
            for region in op.regions:
                for block in region.blocks:
                    yields = block.operations[len(block.operations) - 1].operands
                    for res, y in zip(op.results, yields):
                        if not self._unite(res, y, op):
                            return False
            return True
        if name == "scf.for":
            body = op.regions[0].blocks[0]
            inits = list(op.operands)[3:]
            args = list(body.arguments)[1:]
            yields = body.operations[len(body.operations) - 1].operands
            for init, arg, y, res in zip(inits, args, yields, op.results):
                if not (
                    self._unite(init, arg, op)
                    and self._unite(arg, y, op)
                    and self._unite(arg, res, op)
                ):
                    return False
            return True
        if name == "scf.while":
            before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
            cond = before.operations[len(before.operations) - 1].operands
            yields = after.operations[len(after.operations) - 1].operands
            for init, arg, y in zip(op.operands, before.arguments, yields):
                if not (self._unite(init, arg, op) and self._unite(arg, y, op)):
                    return False
            for c, arg, res in zip(list(cond)[1:], after.arguments, op.results):
                if not (self._unite(c, arg, op) and self._unite(c, res, op)):
                    return False
            return True
        if name == "func.return":
            func = op.parent
            key = ir.StringAttr(func.attributes["sym_name"]).value
            first = self.first_return.setdefault(key, list(op.operands))
            return all(self._unite(a, b, op) for a, b in zip(first, op.operands))
        if name == "func.call":
            callee = funcs.get(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
            if callee is None:
                return True
            if not callee.regions[0].blocks:  # a declaration: its types say the layouts
                ftype = function_type(callee)
                for value, t in list(zip(op.operands, ftype.inputs)) + list(
                    zip(op.results, ftype.results)
                ):
                    if _ptonz.TensorViewType.isinstance(
                        t
                    ) or _ptonz.PartitionTensorViewType.isinstance(t):
                        layout = (
                            _ptonz.TensorViewType(t).layout
                            if _ptonz.TensorViewType.isinstance(t)
                            else None
                        )
                        if not self._seed(value, layout or "nd", op):
                            return False
                return True
            args = callee.regions[0].blocks[0].arguments
            if not all(self._unite(a, b, op) for a, b in zip(op.operands, args)):
                return False
            for ret in _ptonz.collect_ops(callee, ["func.return"]):
                if not all(self._unite(r, x, op) for r, x in zip(op.results, ret.operands)):
                    return False
            return True
        return True


def _static_address(part):
    """(constant offset, dynamic terms) of a partition PTOAS 0.59/0.60 lowers
    with PTOPartitionViewStaticToEmitC (constant sizes, constant source
    strides), for `clamped_gm_offset_miscompiled`; None for the others (their
    address multiplies every offset by its stride: printed right)."""
    if any(_ptonz.constant_int(s) is None for s in part.sizes):
        return None
    source = part.source.owner
    if isinstance(source, ir.Block) or source.name != "pto.make_tensor_view":
        # Neither made here: PTOAS takes row-major strides of the view type.
        shape = _ptonz.TensorViewType(part.source.type).shape
        if any(d == _ptonz.DYNAMIC for d in shape):
            return None
        strides = [1] * len(shape)
        for i in range(len(shape) - 2, -1, -1):
            strides[i] = strides[i + 1] * shape[i + 1]
    else:
        strides = [_ptonz.constant_int(s) for s in source.opview.strides]
        if len(strides) != len(part.offsets) or None in strides:
            return None
    constant, dynamic = 0, []
    for offset, stride in zip(part.offsets, strides):
        c = _ptonz.constant_int(offset)
        if c is not None:
            constant += c * stride
            continue
        owner = offset.owner
        name = None if isinstance(owner, ir.Block) else owner.name
        dynamic.append((name, stride, sum(1 for _ in offset.uses)))
    return constant, dynamic


class _RepresentativeView(Placeholder):
    """The view of a class's representative: its result's element type."""

    __slots__ = ("results",)

    def __init__(self, element_type: ir.Type):
        super().__init__()
        self.results = [_TypedValue(element_type)]


class _TypedValue:
    __slots__ = ("type",)

    def __init__(self, element_type: ir.Type):
        self.type = _ElementTyped(element_type)


class _ElementTyped:
    __slots__ = ("element_type",)

    def __init__(self, element_type: ir.Type):
        self.element_type = element_type


class _ClassCheck(VerifyPTOAS):
    """VerifyPTOAS's checks on a class's representative (`index` of
    `classes`): a failure raises NeedsOps (it is reported at its view, view
    by view), the partitions are the class's distinct (placeholder, offsets,
    sizes), and the uses of a view are only its own."""

    def __init__(self, verifier: VerifyPTOAS):
        # The verifier's options, and its cache of spans (each a function of
        # the constants it is keyed by).
        self.__dict__.update(verifier.__dict__)
        self.classes: Optional[_ptonz.ViewClasses] = None
        self.index = 0

    def _fail(self, op, msg: str) -> None:
        raise NeedsOps("fail")

    def _partitions(self, view):
        # Read only by the checks that need them (most views need none).
        assert self.classes is not None
        return [(Placeholder(), p.offsets, p.sizes) for p in self.classes.partitions(self.index)]

    def _view_uses(self, view):
        raise NeedsOps("uses")


def _least_span(view: ir.Operation, rank: int, ranges: FunctionRanges) -> Optional[int]:
    """span_past_int64 of a make_tensor_view whose shape or strides are not all
    constant, from the lower ends of their ranges (the least last-element
    offset any launch can give), or None when an operand is unbounded or the
    least span fits."""
    # The pointer, then shape and strides: the pointer is never read (a value
    # of a pto type crossing into Python imports the pto op classes).
    operands = view.operands
    lows = []
    for value in (operands[i] for i in range(1, 1 + 2 * rank)):
        b = ranges.bounds(value)
        if b is None:
            return None
        lo, hi = b
        lows.append(0 if lo <= 0 <= hi else min(abs(lo), abs(hi)))
    return span_past_int64(lows[:rank], lows[rank:])
