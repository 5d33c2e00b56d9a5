"""`_ptonz.ViewClasses` (views grouped by what a per-view rule reads) and
pto-materialize-strides' use of it: one decision per class, applied to the
members in one call, must give exactly what the pass gives view by view."""

import pytest
from mlir import ir
from mlir.passmanager import PassManager

from conftest import ROOT, example_files, read, shared_kernels
from ptonz import _ptonz, diagnostics, parse_module
from ptonz.driver import Target
from ptonz.passes import materialize_strides as M
from ptonz_cli import split_chunks

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
            (c.layout, c.has_strides, c.type_rank, list(c.shape), c.count) for c in classes.classes
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


def test_an_unblocked_nz_view_is_rejected_and_a_blocked_one_is_not():
    facts = M.ViewFacts("nz", "nz", None, False, 2, [32, 64], frozenset())
    assert isinstance(M.decide(facts), M.Rejection)
    blocked = facts._replace(type_rank=5, shape=[1, 2, 2, 16, 32])
    assert isinstance(M.decide(blocked), M.Rejection)  # rank 5, but unmarked
    marked = blocked._replace(marks=frozenset([_ptonz.NZ_BLOCKED_MARK]))
    assert M.decide(marked) == [2048, 1024, 512, 32, 1]
    huge = M.ViewFacts("", None, None, False, 3, [1 << 32, 1 << 32, 1 << 32], frozenset())
    assert "beyond int64" in M.decide(huge)


def _corpus():
    files = sorted(str(p) for p in (ROOT / "test" / "Transforms").glob("*.mlir"))
    files += example_files() + shared_kernels()[:12]
    for path in files:
        for text, line in split_chunks(read(path)):
            yield f"{path}:{line}", text


BEFORE = "builtin.module(convert-pl-to-pto, pto-block-nz-views, pto-block-mx-scale-views)"


def _prepared(text, name):
    """The module as pto-materialize-strides meets it in lower-to-ptoas (None
    where a chunk is rejected on purpose before that)."""
    ctx = Target(allow_unregistered_dialect=True).context()
    ctx.enable_multithreading(False)
    collector = diagnostics.Collector(ctx)
    try:
        with ctx:
            try:
                module = parse_module(text, name, ctx)
                PassManager.parse(BEFORE).run(module.operation)
            except (ValueError, ir.MLIRError):
                return None, None
    finally:
        collector.take()
        collector.detach()
    return ctx, module


def _materialized(ctx, module, run):
    collector = diagnostics.Collector(ctx)
    try:
        with ctx:
            ok = run(M.MaterializeStrides(), module.operation)
        reported = [d.message for d in collector.take()]
    finally:
        collector.detach()
    return ok, reported, _ptonz.print_asm(module.operation, generic=True)


def test_by_class_is_view_by_view():
    grouped = 0
    for name, text in _corpus():
        ctx, module = _prepared(text, name)
        if module is None:
            continue
        with ctx:
            classes = _ptonz.ViewClasses(module.operation)
            decisions = [M.decide(c) for c in classes.classes]
            twin = _module(ctx, _ptonz.print_asm(module.operation, generic=True), name)
        by_class = _materialized(ctx, module, M.MaterializeStrides.run)
        by_view = _materialized(ctx, twin, M.MaterializeStrides._each_view)
        assert by_class == by_view, name
        grouped += any(type(d) is list for d in decisions) and all(
            d is None or type(d) is list for d in decisions
        )
    assert grouped >= 20, grouped  # the by-class path is not vacuous
