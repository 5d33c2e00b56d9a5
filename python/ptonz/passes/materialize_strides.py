"""pto-materialize-strides: fill `strides = []` of every pto.make_tensor_view.

Strides are row-major over the (blocked) shape; for a blocked NZ view this is
exactly pto-isa's NZ stride [C*R, R*c0, 16*c0, c0, 1] (seed 000: once the
shape is blocked, NZ is an ordinary member of the row-major family). DN is
column-major on the last two dimensions. An NZ view that was not blocked is a
pass-order error.

The rule is `decide`, a function of what it reads of a view (`ViewFacts`:
its ViewInfo, layouts, strides given or not, the function's marks).
Views alike in all of these are one `_ptonz.ViewClasses` class (kernels
repeat a few view shapes: thousands of views make far fewer classes), so
the pass decides once per class
and, when every class is accepted with constant strides, fills every member
in one C++ call (`ViewClasses.set_strides`): no Python object per view. Where
a class is rejected or has a dynamic extent, the pass goes view by view in IR
order (`_each_view`: each error at its view, in order; the dynamic strides
built as `arith.muli` chains), with the same `decide`.
"""

from __future__ import annotations

import functools
from typing import List, Optional, Union

from mlir import ir
from ptonz_geometry import default_strides, int64_stride_message, stride_order, stride_past_int64

from .. import _ptonz
from ..analyses.ir_queries import constant_int
from ._util import constant_pool, derived_name, error, index_constant, named
from .base import ModulePass, register
from ..analyses.view_kinds import BLOCKED, BLOCKED_LAYOUTS, kind_from, marks_of

PASS = "pto-materialize-strides"


def _product(values: List[ir.Value]):
    """Product of index values: an int when all are constant, else a chain of
    `arith.muli` (at the current insertion point)."""
    from mlir.dialects import arith  # dynamic shapes only: not imported by every run

    consts = [constant_int(v) for v in values]
    known = [c for c in consts if c is not None]
    if len(known) == len(consts):
        p = 1
        for k in known:
            p *= k
        return p
    acc: Optional[ir.Value] = None
    for v, c in zip(values, consts):
        v = index_constant(c) if c is not None else v
        acc = v if acc is None else arith.MulIOp(acc, v).result
    return acc


def strides_for(shape: List[ir.Value], layout: Optional[str]) -> list:
    """Stride operands (int or value) of a view of `shape` (see ptonz_geometry.default_strides)."""
    n = len(shape)
    order = stride_order(n, layout)
    strides: list = [None] * n
    for k, dim in enumerate(order):
        strides[dim] = _product([shape[d] for d in order[k + 1 :]])
    return strides


@functools.lru_cache(maxsize=4096)
def _static_strides(layout: str, shape: tuple) -> list:
    # Kernels repeat the same few view shapes; the list is only read.
    return default_strides(shape, layout or None)


@functools.lru_cache(maxsize=4096)
def _stride_past_int64(layout: str, consts: tuple) -> Optional[tuple]:
    # Kernels repeat the same few view shapes.
    return stride_past_int64(consts, layout or None)


def _dynamic_strides(op, layout: str, rank: int) -> list:
    """Stride operands of a view of rank `rank` whose shape is not all
    constant: arith.muli chains of its shape operands, built before `op`."""
    # `%x_view` -> `%x_view_stride`, `%x_view_stride_0`, ... (the printer numbers repeats).
    with ir.InsertionPoint(op), named(op.location, derived_name(op.results[0], "_stride")):
        return strides_for(list(op.operands)[1 : 1 + rank], layout or None)


_NOT_BLOCKED = {
    "nz": (
        f"{PASS}: NZ view is not blocked (pass-order error): run "
        "pto-block-nz-views before pto-materialize-strides; NZ strides exist "
        "only for the blocked rank-5 shape [B, C/c0, R/16, 16, c0]"
    ),
    "mx": (
        f"{PASS}: MX scale view is not blocked (pass-order "
        "error): run pto-block-mx-scale-views before pto-materialize-strides; "
        "MX strides exist only for the blocked rank-5 shape [1, M/16, G/2, "
        "16, 2] (mx_a_zz) / [1, N/16, G/2, 16, 2] (mx_b_nn)"
    ),
}


class Rejection(str):
    """A decision of `decide`: the located error of every view it is for."""


# A decision of `decide`: strides built from the shape operands, which are not
# all constants (arith.muli chains before each view).
DYNAMIC = "dynamic"


class ViewFacts:
    """Everything `decide` reads of a view, as a `_ptonz.ViewClass` has it:
    its `_ptonz.ViewInfo`, the layouts of its attribute and type, whether
    strides are given and the marks of its function. (Not a NamedTuple: its
    string annotations would be compiled at import, on every run.)"""

    __slots__ = ("info", "attr_layout", "type_layout", "has_strides", "marks")

    def __init__(self, info, attr_layout, type_layout, has_strides, marks):
        self.info, self.attr_layout, self.type_layout = info, attr_layout, type_layout
        self.has_strides, self.marks = has_strides, marks


def decide(view) -> Union[None, List[int], str]:
    """The pass's rule for a view with these facts (`view`: a ViewFacts or a
    `_ptonz.ViewClass`): None (nothing to do), its constant strides, DYNAMIC,
    or a Rejection."""
    info = view.info
    layout = info.layout
    # Before the "strides already given" skip: an NZ (MX) view is addressable
    # only in the rank-5 form, physical (explicit strides: PTOAS's meaning,
    # checked by pto-verify-ptoas) or blocked (analyses.view_kinds); a logical
    # one is a pass-order error.
    if layout in BLOCKED_LAYOUTS and (
        len(info.type_shape) != 5
        or (
            not view.has_strides
            and kind_from(view.attr_layout, view.type_layout, False, view.marks) != BLOCKED
        )
    ):
        return Rejection(_NOT_BLOCKED["nz" if layout == "nz" else "mx"])
    consts = info.shape
    if view.has_strides or not consts:
        return None
    big = _stride_past_int64(layout, tuple(consts))
    if big is not None:
        return Rejection(f"{PASS}: {int64_stride_message(*big)}")
    if all(c is not None for c in consts):
        return _static_strides(layout, tuple(consts))
    return DYNAMIC


@register
class MaterializeStrides(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        # The views grouped by the facts `decide` reads: one decision per
        # class, applied to all its members in one C++ call.
        classes = _ptonz.ViewClasses(module)
        decisions = [decide(c) for c in classes.classes]
        if all(d is None or type(d) is list for d in decisions):
            classes.set_strides(decisions)
            return True
        return self._each_view(module)

    def _each_view(self, module: ir.Operation) -> bool:
        """The pass view by view, in IR order: where a view is rejected (each
        error at its view, in order) or has a dynamic shape."""
        ok = True
        for fv in _ptonz.views_by_function(module):
            func = fv.func
            if func is None:  # a view outside any function: not a kernel's
                continue
            marks = marks_of(func)
            plan: List[tuple] = []
            for rec in fv.views:
                op, info = rec.view, rec.info
                d = decide(
                    ViewFacts(info, rec.attr_layout, rec.type_layout, bool(info.strides), marks)
                )
                if isinstance(d, Rejection):
                    error(op.location, str(d))
                    ok = False
                elif d is not None:
                    plan.append((op, d, info.layout, len(info.shape)))
            if ok and plan:
                with constant_pool(func) as pool:
                    _ptonz.set_views_strides(
                        [
                            (op, d if d is not DYNAMIC else _dynamic_strides(op, layout, rank))
                            for op, d, layout, rank in plan
                        ],
                        pool,
                    )
        return ok
