"""pto-materialize-strides: fill `strides = []` of every pto.make_tensor_view.

Strides are row-major over the (blocked) shape; for a blocked NZ view this is
exactly pto-isa's NZ stride [C*R, R*c0, 16*c0, c0, 1] (seed 000: once the
shape is blocked, NZ is an ordinary member of the row-major family). DN is
column-major on the last two dimensions. An NZ view that was not blocked is a
pass-order error.

Each function is planned first (every view's strides, or a rejection), then
the plan is filled in place with one C++ call (`_ptonz.set_views_strides`).
No op is replaced -- the strides are operands of the view -- so there is no
pattern per view: its callback and conversions were ~40% of this pass on the
100k-op benchmark, which materializes the strides of every view.
"""

from __future__ import annotations

import functools
from typing import List, Optional

from mlir import ir
from ptonz_geometry import default_strides, int64_stride_message, stride_order, stride_past_int64

from .. import _ptonz
from ..analyses.ir_queries import constant_int
from ._util import constant_pool, derived_name, error, index_constant, named
from .base import ModulePass, register
from ..analyses.view_kinds import BLOCKED, BLOCKED_LAYOUTS, MX_LAYOUTS, kind_of_record, marks_of

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


def _planned_strides(op, layout: str, consts) -> list:
    """Stride operands of a view with shape constants `consts` (None where
    dynamic): ints when the whole shape is static, else arith.muli chains
    built before `op`."""
    if all(c is not None for c in consts):
        return _static_strides(layout, tuple(consts))
    # `%x_view` -> `%x_view_stride`, `%x_view_stride_0`, ... (the printer numbers repeats).
    with ir.InsertionPoint(op), named(op.location, derived_name(op.results[0], "_stride")):
        return strides_for(list(op.operands)[1 : 1 + len(consts)], layout or None)


@register
class MaterializeStrides(ModulePass):
    argument = PASS

    def run(self, module: ir.Operation) -> bool:
        ok = True
        # The views of every function in one C++ call (with what kind_of reads).
        for fv in _ptonz.views_by_function(module):
            func = fv.func
            if func is None:  # a view outside any function: not a kernel's
                continue
            marked = marks_of(func)
            plan: List[tuple] = []
            for rec in fv.views:
                op, info = rec.view, rec.info
                # (each field read converts a list: read what is needed, once)
                layout, strides = info.layout, info.strides
                type_shape = info.type_shape if layout in BLOCKED_LAYOUTS else ()
                # Before the "strides already given" skip: an NZ view is
                # addressable only in the rank-5 form, physical (explicit strides:
                # PTOAS's meaning, checked by pto-verify-ptoas) or blocked
                # (analyses.view_kinds); a logical one is a pass-order error.
                if layout == "nz" and (
                    len(type_shape) != 5 or (not strides and kind_of_record(rec, marked) != BLOCKED)
                ):
                    error(
                        op.location,
                        f"{PASS}: NZ view is not blocked (pass-order error): run "
                        "pto-block-nz-views before pto-materialize-strides; NZ strides exist "
                        "only for the blocked rank-5 shape [B, C/c0, R/16, 16, c0]",
                    )
                    ok = False
                    continue
                if layout in MX_LAYOUTS and (
                    len(type_shape) != 5 or (not strides and kind_of_record(rec, marked) != BLOCKED)
                ):
                    error(
                        op.location,
                        f"{PASS}: MX scale view is not blocked (pass-order "
                        "error): run pto-block-mx-scale-views before pto-materialize-strides; "
                        "MX strides exist only for the blocked rank-5 shape [1, M/16, G/2, "
                        "16, 2] (mx_a_zz) / [1, N/16, G/2, 16, 2] (mx_b_nn)",
                    )
                    ok = False
                    continue
                if strides:
                    continue
                consts = info.shape
                if not consts:
                    continue
                big = _stride_past_int64(layout, tuple(consts))
                if big is not None:
                    error(op.location, f"{PASS}: {int64_stride_message(*big)}")
                    ok = False
                    continue
                plan.append((op, layout, consts))
            if ok and plan:
                with constant_pool(func) as pool:
                    _ptonz.set_views_strides(
                        [(op, _planned_strides(op, layout, consts)) for op, layout, consts in plan],
                        pool,
                    )
        return ok
