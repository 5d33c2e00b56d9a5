"""ptonz.analyses.view_kinds: the one definition of logical, blocked,
physical and legacy views, as every consumer sees it."""

import pytest
from mlir import ir

from ptonz import _ptonz
from ptonz.analyses import view_kinds as K
from ptonz.analyses.ir_queries import ops_named


@pytest.mark.parametrize(
    "attr,type_layout,strides,marked,want",
    [
        ("nz", None, False, False, K.LOGICAL),  # the logical spelling
        ("nz", None, False, True, K.BLOCKED),  # blocked, strides not filled yet
        ("nz", None, True, False, K.PHYSICAL),  # PTOAS's explicit NZ (pypto emits it)
        ("nz", None, True, True, K.PHYSICAL),
        (None, "nz", False, False, K.LEGACY),  # the old spelling
        ("nz", "nz", False, False, K.LEGACY),
        (None, "nz", True, False, K.PHYSICAL),  # the type's resolved layout
        (None, "nz", False, True, K.BLOCKED),
        ("nd", None, False, False, K.PHYSICAL),  # ND strides follow from the shape
        ("dn", None, False, True, K.PHYSICAL),
        (None, None, False, False, K.PHYSICAL),
    ],
)
def test_classify(attr, type_layout, strides, marked, want):
    assert K.classify(attr, type_layout, strides, marked) == want


def test_the_mark_is_the_dialects():
    assert K.BLOCKED_MARK == _ptonz.NZ_BLOCKED_MARK == "pto.nz_tensor_views_blocked"


VIEWS = """
func.func @logical(%p: !pto.ptr<i8>) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %l = pto.make_tensor_view %p, shape = [%c16, %c16, %c32], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?xi8>
  %o = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [] : !pto.tensor_view<16x32xi8, #pto.layout<nz>>
  return
}
func.func @blocked(%p: !pto.ptr<i8>) attributes {pto.nz_tensor_views_blocked} {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %b = pto.make_tensor_view %p, shape = [%c1, %c1, %c1, %c16, %c32], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  %x = pto.make_tensor_view %p, shape = [%c1, %c1, %c1, %c16, %c32], strides = [%c512, %c512, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}
"""


def test_kinds_of_ops(ctx):
    m = ir.Module.parse(VIEWS)
    kinds = [K.kind_of(v) for v in ops_named(m.operation, "pto.make_tensor_view")]
    assert kinds == [K.LOGICAL, K.LEGACY, K.BLOCKED, K.PHYSICAL]
    views = ops_named(m.operation, "pto.make_tensor_view")
    assert [K.is_blocked_nz(v) for v in views] == [False, False, True, True]
    msg = K.legacy_message(views[1])
    assert "`strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<16x32xi8>`" in msg


MX_VIEWS = """
func.func @nz_blocked_only(%p: !pto.ptr<f8E8M0FNU>) attributes {pto.nz_tensor_views_blocked} {
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %a = pto.make_tensor_view %p, shape = [%c16, %c2], strides = [] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?xf8E8M0FNU>
  return
}
func.func @mx_blocked(%p: !pto.ptr<f8E8M0FNU>) attributes {pto.mx_tensor_views_blocked} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %b = pto.make_tensor_view %p, shape = [%c1, %c1, %c1, %c16, %c2], strides = [] {layout = #pto.layout<mx_b_nn>} : !pto.tensor_view<?x?x?x?x?xf8E8M0FNU>
  %n = pto.make_tensor_view %p, shape = [%c16, %c2], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf8E8M0FNU>
  return
}
"""


def test_each_blocked_layout_has_its_own_mark(ctx):
    """An NZ-blocked function still has logical MX views (pto-block-mx-scale-views
    runs after pto-block-nz-views), and the MX mark says nothing of NZ views."""
    assert K.MX_BLOCKED_MARK == _ptonz.MX_BLOCKED_MARK == "pto.mx_tensor_views_blocked"
    m = ir.Module.parse(MX_VIEWS)
    views = ops_named(m.operation, "pto.make_tensor_view")
    assert [K.kind_of(v) for v in views] == [K.LOGICAL, K.BLOCKED, K.LOGICAL]
    assert [K.is_blocked_mx(v) for v in views] == [False, True, False]
    func = K.enclosing_function(views[1].operation)
    assert K.marks_of(func) == {K.MX_BLOCKED_MARK}
    assert [K.kind_of(v, K.marks_of(func)) for v in views[1:]] == [K.BLOCKED, K.LOGICAL]


@pytest.mark.parametrize(
    "where,attr,error",
    [
        ("func", "pto.mx_tensor_views_blocked = 1 : i64", "is a unit attribute"),
        ("module", "pto.nz_tensor_views_blocked", "marks a func.func whose NZ views are blocked"),
        ("func", "pto.nz_tensor_views_blocked = 1 : i64", "is a unit attribute"),
    ],
)
def test_the_dialect_verifies_the_mark(ctx, where, attr, error):
    text = (
        f"module attributes {{{attr}}} {{\n func.func @f() {{\n return\n }}\n}}"
        if where == "module"
        else f"func.func @f() attributes {{{attr}}} {{\n return\n}}"
    )
    with pytest.raises(ir.MLIRError, match=error):
        ir.Module.parse(text)
