"""What a `pto.make_tensor_view` means: the one definition of a logical and a
physical view, used by the passes, pto-verify-ptoas, the simulator, the SVG
and the fuzzer.

    logical   `strides = []` plus a layout ATTRIBUTE that needs blocking (nz),
              in a function not marked BLOCKED_MARK:
                  pto.make_tensor_view %p, shape = [.., R, C], strides = []
                      {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
              a logical [.., R, C] tensor (any rank >= 2) whose bytes are NZ;
              pto-block-nz-views rewrites it into the blocked rank-5 form.
    blocked   `strides = []` in a marked function: what pto-block-nz-views
              made -- physical, its strides not yet materialised (row-major
              over the blocked shape; pto-materialize-strides fills them).
    physical  explicit strides: the view addresses GM exactly as written, as
              PTOAS reads it (an NZ one is PTOAS >= 0.61's rank-5 descriptor,
              checked by PTOAS's rules; pypto emits such views itself). The
              passes leave it as it is, with or without the mark.
    legacy    `strides = []` with the layout only (or also) in the view TYPE,
              in an unmarked function: ptonz's old spelling of a logical view.
              A layout in the type means what PTOAS >= 0.61 means by it, the
              resolved layout of a physical rank-5 view, so this spelling is a
              located error that shows the new one (`legacy_message`).

The MX scale layouts (mx_a_zz, mx_b_nn: A5 microscaling scales in 16x2
boxes) are blocked layouts too, by pto-block-mx-scale-views, which marks its
functions with MX_BLOCKED_MARK: each blocked layout has its own mark
(`MARKS`), so a function whose NZ views are blocked still has logical MX
views until the MX pass ran (pypto's two passes and stamps).

A view of any other layout (nd, dn, none) with `strides = []` is physical:
its strides follow from its shape (row-major; DN column-major on the last two
dimensions), whether or not the function is marked.
"""

from __future__ import annotations

from typing import Any, Collection, FrozenSet, Optional, Union, cast

from mlir import ir
from ptonz_geometry import MX_LAYOUTS as _MX_LAYOUTS

from .. import _ptonz

# The function attribute (a unit attribute on func.func, declared and verified
# by the pto dialect) that says "the NZ views of this function are blocked".
BLOCKED_MARK: str = _ptonz.NZ_BLOCKED_MARK
# The same for the MX scale views (pto-block-mx-scale-views).
MX_BLOCKED_MARK: str = _ptonz.MX_BLOCKED_MARK

LOGICAL = "logical"
BLOCKED = "blocked"
PHYSICAL = "physical"
LEGACY = "legacy"

MX_LAYOUTS = frozenset(_MX_LAYOUTS)  # the geometry module's
# Layouts whose logical views are rewritten into a blocked physical form.
BLOCKED_LAYOUTS = frozenset(["nz"]) | MX_LAYOUTS
# The function attribute that says a blocked layout's views are blocked.
MARKS = {"nz": BLOCKED_MARK, "mx_a_zz": MX_BLOCKED_MARK, "mx_b_nn": MX_BLOCKED_MARK}


def classify(
    attr_layout: Optional[str], type_layout: Optional[str], has_strides: bool, marked: bool
) -> str:
    """The kind of a view with layout attribute `attr_layout` (None if absent),
    view-type layout `type_layout` (None if absent), explicit strides or not,
    in a function marked BLOCKED_MARK or not."""
    if has_strides:
        return PHYSICAL
    if marked:
        return BLOCKED if (attr_layout or type_layout) in BLOCKED_LAYOUTS else PHYSICAL
    if type_layout is not None and (
        type_layout in BLOCKED_LAYOUTS or attr_layout in BLOCKED_LAYOUTS
    ):
        return LEGACY
    return LOGICAL if attr_layout in BLOCKED_LAYOUTS else PHYSICAL


def _attr_layout(op: ir.Operation) -> Optional[str]:
    attrs = op.attributes
    return _ptonz.layout_value(attrs["layout"]) if "layout" in attrs else None


def _type_layout(op: ir.Operation) -> Optional[str]:
    return cast("str | None", _ptonz.TensorViewType(op.results[0].type).layout)


def enclosing_function(op: ir.Operation) -> Optional[ir.Operation]:
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        parent = parent.parent
    return parent


def is_marked(func: Optional[ir.Operation], layout: str = "nz") -> bool:
    """Whether `func` (a func.func, or None) carries the mark of `layout`'s
    views (BLOCKED_MARK for nz, MX_BLOCKED_MARK for the MX layouts)."""
    return func is not None and MARKS.get(layout, BLOCKED_MARK) in func.attributes


def marks_of(func: Optional[ir.Operation]) -> FrozenSet[str]:
    """The blocked-view marks `func` carries (for `kind_of`'s `marked`)."""
    if func is None:
        return frozenset()
    return frozenset(m for m in set(MARKS.values()) if m in func.attributes)


def kind_of(view: Any, marked: Union[None, bool, FrozenSet[str]] = None) -> str:
    """The kind of a pto.make_tensor_view (op or OpView). `marked`: whether its
    function carries the mark of the view's layout, if the caller knows (a
    bool), or the marks it carries (`marks_of`); else looked up."""
    op = view.operation if hasattr(view, "operation") else view
    attr, typed = _attr_layout(op), _type_layout(op)
    if marked is None:
        marked = is_marked(enclosing_function(op), attr or typed or "nz")
    elif not isinstance(marked, bool):
        marked = MARKS.get(attr or typed or "nz", BLOCKED_MARK) in marked
    has_strides = len(op.operands) > 1 + len(_ptonz.TensorViewType(op.results[0].type).shape)
    return classify(attr, typed, has_strides, marked)


def kind_of_record(record: Any, marked: Union[bool, FrozenSet[str]]) -> str:
    """kind_of of the view of a `_ptonz.ViewRecord` (`_ptonz.views_by_function`:
    the layouts of its attribute and type, and its strides, read in the same
    C++ call), without a binding call per view. `marked`: as kind_of's."""
    return kind_from(record.attr_layout, record.type_layout, bool(record.info.strides), marked)


def kind_from(
    attr_layout: Optional[str],
    type_layout: Optional[str],
    has_strides: bool,
    marked: Union[bool, Collection[str]],
) -> str:
    """classify, with `marked` as kind_of's (a bool, or the marks the
    function carries: `marks_of`, or a `_ptonz.ViewClass`'s `marks`)."""
    if not isinstance(marked, bool):
        marked = MARKS.get(attr_layout or type_layout or "nz", BLOCKED_MARK) in marked
    return classify(attr_layout, type_layout, has_strides, marked)


def is_logical(view: Any, marked: Optional[bool] = None) -> bool:
    """Whether a view is a logical (not yet blocked) NZ view."""
    return kind_of(view, marked) == LOGICAL


def is_blocked_nz(view: Any, marked: Optional[bool] = None) -> bool:
    """Whether a view addresses NZ bytes physically (blocked or explicit)."""
    op = view.operation if hasattr(view, "operation") else view
    layout = _attr_layout(op) or _type_layout(op)
    return layout == "nz" and kind_of(op, marked) in (BLOCKED, PHYSICAL)


def is_blocked_mx(view: Any, marked: Optional[bool] = None) -> bool:
    """Whether a view addresses MX scale bytes physically (blocked or explicit)."""
    op = view.operation if hasattr(view, "operation") else view
    layout = _attr_layout(op) or _type_layout(op)
    return layout in MX_LAYOUTS and kind_of(op, marked) in (BLOCKED, PHYSICAL)


def legacy_message(view: Any) -> str:
    """The located-error text for a view in the old spelling (without the
    pass's prefix)."""
    op = view.operation if hasattr(view, "operation") else view
    t = _ptonz.TensorViewType(op.results[0].type)
    layout = str(t.layout or _attr_layout(op))
    shape = "x".join("?" if d == _ptonz.DYNAMIC else str(d) for d in t.shape)
    plain = f"!pto.tensor_view<{shape}x{t.element_type}>"
    return (
        f"a layout inside the view type ({op.results[0].type}) means what PTOAS "
        f">= 0.61 means by it, the resolved layout of a physical rank-5 view with explicit "
        f"strides, but this view has `strides = []`: the old spelling of a logical "
        f"{layout.upper()} view. Write the layout as the op's attribute and keep the type "
        f"plain: `strides = [] {{layout = #pto.layout<{layout}>}} : {plain}`"
    )
