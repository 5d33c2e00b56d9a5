"""The `_ptonz` queries answer with records (named, read-only fields), not
positional tuples; a record still unpacks like the tuple of its fields."""

import pytest
from mlir import ir

from ptonz import _ptonz

SRC = """
func.func @f(%p: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf16>
  %o = arith.muli %n, %c16 : index
  %pv = pto.partition_view %v, offsets = [%o, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x16xf16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x16xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
  return
}
"""


@pytest.fixture
def prog(ctx):
    m = ir.Module.parse(SRC)
    func = m.body.operations[0]
    yield func
    del m


def test_view_records(prog):
    (tv,) = _ptonz.tensor_views(prog)
    info = _ptonz.view_info(tv.view)
    assert info == tv.info
    assert (info.layout, info.element_bits, info.shape, info.strides) == ("", 16, [64, 64], [64, 1])
    layout, bits, type_shape, shape, strides, value_bits = info  # unpacks in field order
    assert (layout, bits, shape, strides, value_bits) == ("", 16, [64, 64], [64, 1], 16)
    assert type_shape == [_ptonz.DYNAMIC] * 2
    (use,) = _ptonz.view_uses(tv.view)
    assert use.name == "pto.partition_view" and use.sizes == [16, 16]
    assert use.offsets[1] == 0 and not isinstance(use.offsets[0], int)
    (load,) = use.users
    assert load.name == "pto.tload"
    assert (load.tile.loc, load.tile.rows, load.tile.valid_col, load.tile.fractal) == (
        "vec",
        16,
        16,
        512,
    )
    assert "TileInfo(loc='vec'" in repr(load.tile)
    (pc,) = _ptonz.partition_constants(tv.view)
    assert pc.offsets == [None, 0] and pc.sizes == [16, 16]


def test_value_source(prog):
    (tv,) = _ptonz.tensor_views(prog)
    (use,) = _ptonz.view_uses(tv.view)
    src = _ptonz.value_source(use.offsets[0], True)
    assert (src.name, src.number, src.operands[1], src.constant) == ("arith.muli", 0, 16, None)
    arg = _ptonz.value_source(src.operands[0])
    assert arg.name == "^func.func" and arg.number == 1
    with pytest.raises(AttributeError):
        src.name = "x"  # read-only


def test_range_and_proof_records(prog):
    (tv,) = _ptonz.tensor_views(prog)
    (use,) = _ptonz.view_uses(tv.view)
    native = _ptonz.IntRanges(prog)
    r = native.get(use.offsets[0])  # %n * 16, %n unknown
    assert (r.bits, len(r)) == (64, 5) and r.smin < 0
    proof = native.prove(use.offsets[0], 4)
    assert proof.multiple and not proof.nonneg
    assert proof.failure.rule == "argument" and "function argument" in proof.failure.reason
    assert proof.failure.culprit == ir.BlockArgument(prog.regions[0].blocks[0].arguments[1])
    d = native.decide_bounds(use.offsets[0], 16, 64)
    assert (d.verdict, d.reason) == (_ptonz.UNDECIDED, "undecided")
    assert _ptonz.IntRanges.constant_bounds(-1, 16, 64).reason == "negative_constant"


def test_views_by_function_and_scan_answer_as_the_single_queries(prog):
    """views_by_function is tensor_views grouped by function (with what
    kind_of reads), and one scan answers as each query alone."""
    (fv,) = _ptonz.views_by_function(prog, None, True)
    assert fv.func == prog
    (rec,) = fv.views
    (tv,) = _ptonz.tensor_views(prog)
    assert (rec.view, rec.info) == (tv.view, tv.info)
    assert (rec.attr_layout, rec.type_layout) == (None, None)
    assert rec.uses == _ptonz.view_uses(tv.view)
    assert _ptonz.views_by_function(prog, ["nz"]) == []
    views, loads, tiles, outside = _ptonz.scan(
        prog,
        [
            ("views", None, False),
            ("ops", ["pto.tload"]),
            ("dynamic_valid_tiles",),
            ("element_types_outside", ["pto.alloc_tile"], ["i8"]),
        ],
    )
    assert [r.view for g in views for r in g.views] == [tv.view]
    assert loads == _ptonz.collect_ops(prog, ["pto.tload"])
    assert tiles == _ptonz.dynamic_valid_tiles(prog) == []
    assert outside == _ptonz.element_types_outside(prog, ["pto.alloc_tile"], ["i8"])
    assert [str(u.element_type) for u in outside] == ["f16"]
    assert _ptonz.collect_ops(prog, ["pto.partition_view"], "layout") == []
    with pytest.raises(ValueError, match="unknown query"):
        _ptonz.scan(prog, [("nothing",)])
