"""`_ptonz.ViewClasses` (views grouped by what a per-view rule reads) and
pto-materialize-strides' use of it: one decision per class, applied to the
members in one call, must give exactly what the pass gives view by view."""

from collections import namedtuple

import pytest
from mlir import ir
from mlir.passmanager import PassManager

from conftest import pass_corpus
from ptonz import _ptonz, diagnostics, parse_module
from ptonz.driver import Target
from ptonz.passes import materialize_strides as M

VIEWS = """
func.func @a(%p: !pto.ptr<f16>, %n: index) {
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %v0 = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [] : !pto.tensor_view<?x?xf16>
  %v1 = pto.make_tensor_view %p, shape = [%n, %c64], strides = [] : !pto.tensor_view<?x?xf16>
  %v2 = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [%c64, %c16] : !pto.tensor_view<?x?xf16>
  return
}
func.func @b(%p: !pto.ptr<f16>) {
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %v0 = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [] : !pto.tensor_view<?x?xf16>
  %v1 = pto.make_tensor_view %p, shape = [%c64, %c16], strides = [] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf16>
  return
}
"""


def _module(ctx, text, name="views.mlir"):
    return parse_module(text, name, ctx)


def test_views_with_the_same_facts_are_one_class():
    ctx = Target().context()
    with ctx:
        module = _module(ctx, VIEWS)
        classes = _ptonz.ViewClasses(module.operation)
        got = [
            (c.info.layout, c.has_strides, len(c.info.type_shape), list(c.info.shape), c.count)
            for c in classes.classes
        ]
        assert got == [
            ("", False, 2, [16, 64], 2),  # @a's %v0 and @b's %v0
            ("", False, 2, [None, 64], 1),
            ("", True, 2, [16, 64], 1),
            ("dn", False, 2, [64, 16], 1),
        ]
        names = [[_ptonz.value_name(op.results[0]) for op in classes.members(i)] for i in range(4)]
        assert names == [["v0", "v0"], ["v1"], ["v2"], ["v1"]]
        assert all(list(c.marks) == [] for c in classes.classes)
        with pytest.raises(IndexError):
            classes.members(4)


def test_decide_per_class():
    ctx = Target().context()
    with ctx:
        module = _module(ctx, VIEWS)
        decisions = [M.decide(c) for c in _ptonz.ViewClasses(module.operation).classes]
    assert decisions == [[64, 1], M.DYNAMIC, None, [1, 64]]


def _info(layout, shape, rank=None):
    """A ViewInfo as decide reads it (layout, type rank, shape constants)."""
    return ViewInfo(layout, 8, [_ptonz.DYNAMIC] * (rank or len(shape)), shape, [], 8)


ViewInfo = namedtuple("ViewInfo", "layout element_bits type_shape shape strides value_bits")


def test_an_unblocked_nz_view_is_rejected_and_a_blocked_one_is_not():
    facts = M.ViewFacts(_info("nz", [32, 64]), "nz", None, False, frozenset())
    assert isinstance(M.decide(facts), M.Rejection)
    blocked = M.ViewFacts(_info("nz", [1, 2, 2, 16, 32]), "nz", None, False, frozenset())
    assert isinstance(M.decide(blocked), M.Rejection)  # rank 5, but unmarked
    marked = M.ViewFacts(blocked.info, "nz", None, False, frozenset([_ptonz.NZ_BLOCKED_MARK]))
    assert M.decide(marked) == [2048, 1024, 512, 32, 1]
    huge = M.ViewFacts(_info("", [1 << 32] * 3), None, None, False, frozenset())
    assert "beyond int64" in M.decide(huge)


def test_partitions_of_a_class_are_distinct():
    ctx = Target().context()
    with ctx:
        module = _module(ctx, NZ.replace("%w_pview", "%p1") + NZ.replace("@k(", "@k2("))
        classes = _ptonz.ViewClasses(module.operation)
        (nz,) = [i for i, c in enumerate(classes.classes) if c.info.layout == "nz"]
        assert classes.classes[nz].count == 2
        (p,) = classes.partitions(nz)  # the same constants in both kernels
        assert (list(p.offsets), list(p.sizes)) == ([None, 0], [32, 64])


BEFORE = "builtin.module(convert-pl-to-pto, pto-block-nz-views, pto-block-mx-scale-views)"
CONVERTED = "builtin.module(convert-pl-to-pto)"


def _lowered(text, name, pipeline):
    """The module after `pipeline` (None: as written), as the next pass of
    lower-to-ptoas meets it; (None, None) where a chunk is rejected on
    purpose before that."""
    ctx = Target(allow_unregistered_dialect=True).context()
    ctx.enable_multithreading(False)
    collector = diagnostics.Collector(ctx)
    try:
        with ctx:
            try:
                module = parse_module(text, name, ctx)
                if pipeline:
                    PassManager.parse(pipeline).run(module.operation)
            except (ValueError, ir.MLIRError):
                return None, None
    finally:
        collector.take()
        collector.detach()
    return ctx, module


def _outcome(ctx, module, run):
    """(ok, every diagnostic, the IR) of `run(module op)`, a pass's run."""
    collector = diagnostics.Collector(ctx)
    try:
        with ctx:
            ok = run(module.operation)
        reported = [d._fields() for d in collector.take()]
    finally:
        collector.detach()
    return ok, reported, _ptonz.print_asm(module.operation, generic=True)


def test_by_class_is_view_by_view():
    grouped = 0
    for name, text in pass_corpus():
        ctx, module = _lowered(text, name, BEFORE)
        if module is None:
            continue
        with ctx:
            classes = _ptonz.ViewClasses(module.operation)
            decisions = [M.decide(c) for c in classes.classes]
        by_class = _outcome(ctx, module, M.MaterializeStrides().run)
        ctx, twin = _lowered(text, name, BEFORE)
        by_view = _outcome(ctx, twin, M.MaterializeStrides()._each_view)
        assert by_class == by_view, name
        grouped += any(type(d) is list for d in decisions) and all(
            d is None or type(d) is list for d in decisions
        )
    assert grouped >= 20, grouped  # the by-class path is not vacuous


# pto-block-nz-views: planned once per NzViewClass, on placeholders.

NZ = """
func.func @k(%w: !pto.ptr<f16>, %x: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %blk = pto.get_block_idx
  %b = arith.index_cast %blk : i64 to index
  %q = arith.remui %b, %c8 : index
  %n0 = arith.muli %q, %c32 : index
  %w_view = pto.make_tensor_view %w, shape = [%c256, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
  %w_pview = pto.partition_view %w_view, offsets = [%n0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x64xf16>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%w_pview : !pto.partition_tensor_view<32x64xf16>) outs(%t : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}
"""


def _nz_classes(ctx, text):
    from ptonz.analyses.int_ranges import FunctionRanges

    module = _module(ctx, text)
    return module, _ptonz.NzViewClasses(module.operation, FunctionRanges(module.operation).native)


def test_an_nz_class_holds_what_the_validator_reads():
    ctx = Target().context()
    with ctx:
        _module_, classes = _nz_classes(ctx, NZ)
        (cls,) = classes.classes
        assert (cls.attr_layout, cls.info.element_bits, cls.count) == ("nz", 16, 1)
        (use,) = cls.uses
        assert use.name == "pto.partition_view" and use.partition
        assert use.offsets == [None, 0]  # a value, then a constant
        assert use.alignments[0] == 5 and use.alignments[1] is None  # (%b % 8) * 32
        assert use.user_names == ["pto.tload"] and use.user_tiles[0].fractal == 512
        assert classes.functions() == [(False, [0])]


def test_a_class_plan_names_each_members_own_values():
    from ptonz.passes.block_nz_views import plan_class

    ctx = Target().context()
    with ctx:
        _m, classes = _nz_classes(ctx, NZ)
        plan = plan_class(classes.classes[0])
    # [256, 64] f16 (c0 = 16) -> [1, 4, 16, 16, 16]; the partition's row
    # offset %n0 is divided by 16 in each member.
    assert plan == (
        [-9223372036854775808] * 5,
        [1, 4, 16, 16, 16],
        [(0, [0, 0, ("div", ("offset", 0, 0), 16, "_row_frac"), 0, 0], [1, 4, 2, 16, 16])],
    )


def test_a_rejected_class_is_planned_view_by_view():
    from ptonz.passes.block_nz_views import NEEDS_OPS, plan_class

    ctx = Target().context()
    with ctx:
        _m, classes = _nz_classes(ctx, NZ.replace("blayout=col_major", "blayout=row_major"))
        assert plan_class(classes.classes[0]) == NEEDS_OPS


def _nz_view_by_view(op):
    from ptonz.passes.block_nz_views import BlockNzViews

    p = BlockNzViews()
    p.start(op)
    return p._each_function(op)


def test_nz_by_class_is_view_by_view():
    from ptonz.analyses.int_ranges import FunctionRanges
    from ptonz.passes.block_nz_views import NEEDS_OPS, BlockNzViews, plan_class

    by_class = 0
    for name, text in pass_corpus():
        ctx, module = _lowered(text, name, CONVERTED)
        if module is None:
            continue
        with ctx:
            ranges = FunctionRanges(module.operation).native
            plans = [plan_class(c) for c in _ptonz.NzViewClasses(module.operation, ranges).classes]
        got = _outcome(ctx, module, BlockNzViews().run)
        ctx, twin = _lowered(text, name, CONVERTED)
        assert got == _outcome(ctx, twin, _nz_view_by_view), name
        by_class += any(p not in (None, NEEDS_OPS) for p in plans)
    assert by_class >= 20, by_class  # the by-class path is not vacuous


# pto-verify-ptoas: the checks of each view, once per ViewClass.

TARGETS = [{}, {"ptoas_version": "0.27"}, {"ptoas_version": "0.60"}, {"infer_layout": False}]


def _verifier(options, by_class, took):
    """pto-verify-ptoas's run, by class (appending to `took` whether that
    path was taken) or view by view."""
    from ptonz.passes.verify_ptoas import VerifyPTOAS

    p = VerifyPTOAS(**options)
    real = p._by_class
    p._by_class = lambda m, r: took.append(by_class and real(m, r)) or took[-1]
    return p.run


LOWERED = (
    "builtin.module(convert-pl-to-pto, pto-block-nz-views, pto-block-mx-scale-views, "
    "pto-materialize-strides)"
)


@pytest.mark.parametrize("options", TARGETS, ids=lambda o: ",".join(map(str, o.values())) or "0.61")
def test_verify_ptoas_by_class_is_view_by_view(options):
    by_class = 0
    for name, text in pass_corpus():
        for pipeline in (None, LOWERED):  # as written (pypto's physical views), and lowered
            ctx, module = _lowered(text, name, pipeline)
            if module is None:
                continue
            took: list = []
            got = _outcome(ctx, module, _verifier(options, True, took))
            ctx, twin = _lowered(text, name, pipeline)
            assert got == _outcome(ctx, twin, _verifier(options, False, [])), (name, pipeline)
            by_class += bool(took and took[-1])
    assert by_class >= 20, by_class  # the by-class path is not vacuous


def test_by_class_is_view_by_view_on_fuzz_mutants(monkeypatch):
    """The same on ptonz-fuzz's mutants (bad shapes, offsets, tiles, marks,
    damaged text...): the whole lowering's output or rejection is the same
    with every pass by class and with every pass view by view."""
    from ptonz import LoweringError, lower
    from ptonz.passes import block_nz_views as B
    from ptonz.passes import verify_ptoas as V
    from ptonz_cli.fuzz import load_corpus, make_mutant

    from conftest import ROOT

    corpus = load_corpus(ROOT)

    def lowered(data, options):
        try:
            return lower(data, filename="m.mlir", as_text=True, **options)
        except LoweringError as exc:
            return str(exc)

    by_class = {
        B.BlockNzViews: B.BlockNzViews.run,
        M.MaterializeStrides: M.MaterializeStrides.run,
        V.VerifyPTOAS: V.VerifyPTOAS._by_class,
    }

    def view_by_view(on: bool):
        if not on:
            for cls, run in by_class.items():
                monkeypatch.setattr(cls, "run" if cls is not V.VerifyPTOAS else "_by_class", run)
            return
        monkeypatch.setattr(B.BlockNzViews, "run", _nz_view_by_view_run)
        monkeypatch.setattr(M.MaterializeStrides, "run", M.MaterializeStrides._each_view)
        monkeypatch.setattr(V.VerifyPTOAS, "_by_class", lambda self, module, rules_061: False)

    for index in range(400):
        _name, _applied, data = make_mutant(corpus, 4711, index)
        for options in ({}, {"ptoas_version": "0.27"}):
            view_by_view(False)
            got = lowered(data, options)
            view_by_view(True)
            assert got == lowered(data, options), (index, options)
    view_by_view(False)


def _nz_view_by_view_run(self, module):
    self.start(module)
    return self._each_function(module)


def test_scan_answers_as_the_standalone_queries():
    """`_ptonz.scan`'s ('view_classes',) and ('view_partition_verdicts', ...)
    queries, which the verify passes ask in the walk of their other queries,
    give what ViewClasses(root) and IntRanges.view_partition_verdicts give
    (on the passes' lit inputs, as written and lowered)."""
    from ptonz.analyses.int_ranges import FunctionRanges

    def classes_of(vc):
        return (
            [
                (
                    c.info.layout,
                    c.attr_layout,
                    c.type_layout,
                    c.has_strides,
                    str(c.element_type),
                    list(c.info.shape),
                    list(c.info.strides),
                    list(c.marks),
                    c.count,
                )
                for c in vc.classes
            ],
            [[op.name for op in vc.members(i)] for i in range(len(vc.classes))],
            vc.outside,
        )

    def verdicts_of(vs):
        return [
            (
                v.view.name,
                str(v.view.location),
                list(v.extents),
                [
                    (str(p.partition.location), [(d.dim, d.verdict) for d in p.dims])
                    for p in v.partitions
                ],
                [(s.index, s.smin, s.smax) for s in v.negative_strides],
            )
            for v in vs
        ]

    compared = 0
    for name, text in pass_corpus():
        for pipeline in (None, LOWERED):
            ctx, module = _lowered(text, name, pipeline)
            if module is None:
                continue
            with ctx:
                op = module.operation
                ranges = FunctionRanges(op).native
                for nz in (False, True):
                    scanned, verdicts = _ptonz.scan(
                        op, [("view_classes",), ("view_partition_verdicts", ranges, nz, True, True)]
                    )
                    assert classes_of(scanned) == classes_of(_ptonz.ViewClasses(op)), name
                    standalone = FunctionRanges(op).native.view_partition_verdicts(
                        op, nz, True, True
                    )
                    assert verdicts_of(verdicts) == verdicts_of(standalone), name
                    compared += bool(verdicts)
    assert compared >= 10, compared  # not vacuous
