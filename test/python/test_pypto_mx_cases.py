"""pypto's tests of its MX scale pass, translated to ptonz (issue 21).

Every test of `tests/ut/ir/transforms/test_block_mx_scale_tensor_views.py`
in hw-native-sys/pypto (commit 4c5e88aa, 12 tests: BlockMxScaleTensorViews,
PR #2634), one table row each: the kernel written as ptonz `pl` (or `pto`)
input, and what pypto's test expects of it -- accepted with the exact
blocked shapes, offsets, sizes and strides of every MX view and partition
(read back from the lowered IR as numbers), or rejected with a located error.
Where a row is not a literal translation its comment says why (ptonz has no
pl.quant_mx / pl.matmul_mx, no dump_tag and no Submit).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

import pytest
from mlir import ir

import ptonz.passes as P
from ptonz import _ptonz
from ptonz_geometry import MX_LAYOUTS

LOWER = P.lower_to_ptoas_pipeline()  # the default PTOAS version
E8 = "f8E8M0FNU"
# What ptonz writes for it: PTOAS's spelling (pto-block-mx-scale-views).
E8_PTOAS = "!pto.f8E8M0"


def mx(shape: str, layout: str) -> str:
    return f"!pl.tensor<{shape}x{E8}, {layout}>"


A64 = mx("64x4", "mx_a_zz")
B64 = mx("4x64", "mx_b_nn")


def k(args: str, body: str, name: str = "k") -> str:
    consts = "\n".join(
        f"  %c{n} = arith.constant {n} : index" for n in (0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 2048)
    )
    return f"func.func @{name}({args}) {{\n{consts}\n{body}\n  return\n}}\n"


def load(
    t: str,
    ttype: str,
    offs: str,
    sizes: str,
    tile: str,
    mem: str = "mat",
    valid: str = "",
    name: str = "%t",
) -> str:
    v = f", valid_shape = [{valid}]" if valid else ""
    return (
        f"  {name} = pl.tile.load {t}, offsets = [{offs}], sizes = [{sizes}]{v} "
        f"{{target_memory = #pl.memory<{mem}>}} : {ttype} -> !pl.tile<{tile}x{E8}, {mem}>"
    )


# A view: (layout, shape, strides, [(offsets, sizes), ...]); None where not a constant.
View = Tuple[str, List[Optional[int]], List[Optional[int]], List[tuple]]


@dataclass
class Case:
    name: str  # pypto's test function
    source: str
    accept: bool
    views: List[View] = field(default_factory=list)  # the MX views of the output, in IR order
    expect: List[str] = field(default_factory=list)  # substrings (of the IR, or of the error)
    regex: List[str] = field(default_factory=list)
    pipeline: str = LOWER


CASES = [
    # [64, 4] MX_A and [4, 64] MX_B both become [1, 4, 2, 16, 2]; the loads at
    # [16, 2] / [2, 16] of size [16, 2] / [2, 16] get offsets [0, 1, 1, 0, 0] and
    # sizes [1, 1, 1, 16, 2]. Strides: row-major over the blocked shape.
    Case(
        "test_blocks_mx_a_and_b_shapes_and_load_windows",
        k(
            f"%a: {A64}, %b: {B64}",
            load("%a", A64, "%c16, %c2", "16, 2", "16x2", name="%ta")
            + "\n"
            + load("%b", B64, "%c2, %c16", "2, 16", "2x16", name="%tb"),
        ),
        True,
        [
            (
                "mx_a_zz",
                [1, 4, 2, 16, 2],
                [256, 64, 32, 2, 1],
                [([0, 1, 1, 0, 0], [1, 1, 1, 16, 2])],
            ),
            (
                "mx_b_nn",
                [1, 4, 2, 16, 2],
                [256, 64, 32, 2, 1],
                [([0, 1, 1, 0, 0], [1, 1, 1, 16, 2])],
            ),
        ],
    ),
    # pypto quantises (pl.quant_mx) and returns the [16, 2] scale; ptonz has no
    # quant_mx and no tensor results, so the scale tile is loaded from an MX_A
    # input (a vec tile of 2-byte rows is no tile PTOAS 0.60 allocates) and
    # stored into the MX_A output: the store is blocked to offsets
    # [0, 0, 0, 0, 0] of the [1, 1, 1, 16, 2] destination.
    Case(
        "test_tensor_quant_mx_scale_return_materializes_a_blocked_store",
        k(
            f"%src: {mx('16x2', 'mx_a_zz')}, %out: {mx('16x2', 'mx_a_zz')}",
            load("%src", mx("16x2", "mx_a_zz"), "%c0, %c0", "16, 2", "16x2")
            + f"\n  pl.tile.store %t, %out, offsets = [%c0, %c0] : !pl.tile<16x2x{E8}, mat>, "
            f"{mx('16x2', 'mx_a_zz')}",
        ),
        True,
        [("mx_a_zz", [1, 1, 1, 16, 2], [32, 32, 32, 2, 1], [([0, 0, 0, 0, 0], [1, 1, 1, 16, 2])])]
        * 2,
        ["pto.tstore"],
    ),
    # pypto checks that tensor.quant_mx results reach tensor.matmul_mx as four
    # tiles; ptonz has no pl.matmul_mx, so the row checks what the pass owns:
    # both scale operands arrive as the MX scale mat tiles pto-isa's MX TLOAD
    # writes (A: row-major ZZ, B: column-major NN, SFractal 32).
    Case(
        "test_tensor_quant_mx_feeds_tensor_matmul_mx_as_tiles",
        k(
            f"%as: {mx('16x2', 'mx_a_zz')}, %bs: {mx('2x32', 'mx_b_nn')}",
            load("%as", mx("16x2", "mx_a_zz"), "%c0, %c0", "16, 2", "16x2", name="%ta")
            + "\n"
            + load("%bs", mx("2x32", "mx_b_nn"), "%c0, %c0", "2, 32", "2x32", name="%tb"),
        ),
        True,
        [
            (
                "mx_a_zz",
                [1, 1, 1, 16, 2],
                [32, 32, 32, 2, 1],
                [([0, 0, 0, 0, 0], [1, 1, 1, 16, 2])],
            ),
            (
                "mx_b_nn",
                [1, 2, 1, 16, 2],
                [64, 32, 32, 2, 1],
                [([0, 0, 0, 0, 0], [1, 2, 1, 16, 2])],
            ),
        ],
        [
            f"!pto.tile_buf<mat, 16x2x{E8_PTOAS}, slayout=row_major, fractal=32>",
            f"!pto.tile_buf<mat, 2x32x{E8_PTOAS}, blayout=col_major, slayout=col_major, fractal=32>",
        ],
    ),
    # The caller passes its MX tensor to the kernel: the kernel's view is
    # blocked and the call passes the caller's pointer (ptonz has no dump_tag;
    # the SSA/use-after-def check is the verifier run after the pipeline).
    Case(
        "test_remaps_dump_vars_when_blocking_mx_call_argument",
        k(f"%s: {A64}", load("%s", A64, "%c0, %c0", "16, 2", "16x2"), "kernel")
        + f"func.func @main(%s: {A64}) {{\n  call @kernel(%s) : ({A64}) -> ()\n  return\n}}\n",
        True,
        # The caller's own view of its MX parameter is blocked too (pypto: a new param).
        [
            (
                "mx_a_zz",
                [1, 4, 2, 16, 2],
                [256, 64, 32, 2, 1],
                [([0, 0, 0, 0, 0], [1, 1, 1, 16, 2])],
            ),
            ("mx_a_zz", [1, 4, 2, 16, 2], [256, 64, 32, 2, 1], []),
        ],
        [f"call @kernel(%arg0) : (!pto.ptr<{E8_PTOAS}>) -> ()"],
    ),
    # A [32, 2] load with valid [16, 2]: the partition moves the complete
    # physical window [1, 2, 1, 16, 2]; the tile keeps its valid [16, 2].
    Case(
        "test_narrowed_valid_shape_keeps_complete_physical_window",
        k(f"%a: {A64}", load("%a", A64, "%c0, %c0", "32, 2", "32x2", valid="%c16, %c2")),
        True,
        [("mx_a_zz", [1, 4, 2, 16, 2], [256, 64, 32, 2, 1], [([0, 0, 0, 0, 0], [1, 2, 1, 16, 2])])],
        [f"!pto.tile_buf<mat, 32x2x{E8_PTOAS}, valid=16x2, slayout=row_major, fractal=32>"],
    ),
    Case(
        "test_rejects_unprovable_offset",
        k(f"%a: {A64}, %row: index", load("%a", A64, "%row, %c0", "16, 2", "16x2")),
        False,
        expect=[
            "pto-block-mx-scale-views: cannot prove that the MX_A_ZZ slice offset on the "
            "block axis (dimension 0) is a multiple of 16 and non-negative"
        ],
    ),
    # k0 in [256, 2048) step 256, g = k0 floordiv 32: a [16, 8] load at [0, g] of a
    # [16, 64] MX_A tensor has sizes [1, 1, 4, 16, 2]; the group offset is
    # floordivsi(g, 2) (pypto: offsets 0, 3 and 4 are 0).
    Case(
        "test_proves_floor_divided_loop_offset",
        k(
            f"%a: {mx('16x64', 'mx_a_zz')}",
            "  scf.for %k0 = %c256 to %c2048 step %c256 {\n"
            "    %g = arith.floordivsi %k0, %c32 : index\n"
            + load("%a", mx("16x64", "mx_a_zz"), "%c0, %g", "16, 8", "16x8")
            + "\n  }",
        ),
        True,
        [
            (
                "mx_a_zz",
                [1, 1, 32, 16, 2],
                [1024, 1024, 32, 2, 1],
                [([0, 0, None, 0, 0], [1, 1, 4, 16, 2])],
            )
        ],
        regex=[
            r"%\w+ = arith.floordivsi %\w+, %c32 : index\n\s+%\w+ = arith.floordivsi %\w+, "
            r"%c2 : index"
        ],
    ),
    # pypto outlines the spmd body into a function taking `row` (= mt * 16 of a
    # parallel loop) as a scalar parameter; the block offset row + block * 16 is
    # proven from that call site and emitted as a floor division by 16.
    Case(
        "test_proves_offset_through_outlined_scalar_params",
        k(
            f"%a: {mx('32x2', 'mx_a_zz')}, %row: index",
            "  %b = pl.get_block_idx\n  %b16 = arith.muli %b, %c16 : index\n"
            "  %o = arith.addi %row, %b16 : index\n"
            + load("%a", mx("32x2", "mx_a_zz"), "%o, %c0", "16, 2", "16x2"),
            "kernel",
        )
        + f"func.func @main(%a: {mx('32x2', 'mx_a_zz')}) {{\n"
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        "  %c2 = arith.constant 2 : index\n  %c16 = arith.constant 16 : index\n"
        "  scf.for %mt = %c0 to %c2 step %c1 {\n    %row = arith.muli %mt, %c16 : index\n"
        f"    func.call @kernel(%a, %row) : ({mx('32x2', 'mx_a_zz')}, index) -> ()\n  }}\n"
        "  return\n}\n",
        True,
        [
            (
                "mx_a_zz",
                [1, 2, 1, 16, 2],
                [64, 32, 32, 2, 1],
                [([0, None, 0, 0, 0], [1, 1, 1, 16, 2])],
            ),
            ("mx_a_zz", [1, 2, 1, 16, 2], [64, 32, 32, 2, 1], []),
        ],
        regex=[r"%\w+ = arith.floordivsi %\w+, %c16 : index"],
    ),
    # Callers passing 0 and 1: the parameter is not proven a multiple of 16.
    Case(
        "test_rejects_param_offset_if_any_caller_is_unaligned",
        k(
            f"%a: {mx('32x2', 'mx_a_zz')}, %row: index",
            load("%a", mx("32x2", "mx_a_zz"), "%row, %c0", "16, 2", "16x2"),
            "kernel",
        )
        + f"func.func @main(%a: {mx('32x2', 'mx_a_zz')}) {{\n"
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        f"  func.call @kernel(%a, %c0) : ({mx('32x2', 'mx_a_zz')}, index) -> ()\n"
        f"  func.call @kernel(%a, %c1) : ({mx('32x2', 'mx_a_zz')}, index) -> ()\n"
        "  return\n}\n",
        False,
        expect=[
            "cannot prove that the MX_A_ZZ slice offset on the block axis (dimension 0) "
            "is a multiple of 16",
            "@kernel is called here with argument 1 in [1, 1]",
        ],
    ),
    # Twice in a row: the second run sees the stamp and changes nothing (a
    # re-blocking would turn [1, 4, 2, 16, 2] into a rank-5 error).
    Case(
        "test_is_idempotent_via_function_stamp",
        "func.func @k(%p: !pto.ptr<f8E8M0FNU>) {\n  %c0 = arith.constant 0 : index\n"
        "  %c2 = arith.constant 2 : index\n  %c4 = arith.constant 4 : index\n"
        "  %c16 = arith.constant 16 : index\n  %c64 = arith.constant 64 : index\n"
        "  %v = pto.make_tensor_view %p, shape = [%c64, %c4], strides = [] {layout = "
        "#pto.layout<mx_a_zz>} : !pto.tensor_view<?x?xf8E8M0FNU>\n"
        "  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c2] : "
        "!pto.tensor_view<?x?xf8E8M0FNU> -> !pto.partition_tensor_view<16x2xf8E8M0FNU>\n"
        "  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x2xf8E8M0FNU, slayout=row_major, "
        "fractal=32>\n  pto.tload ins(%pv : !pto.partition_tensor_view<16x2xf8E8M0FNU>) "
        "outs(%t : !pto.tile_buf<mat, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>)\n"
        "  return\n}\n",
        True,
        [("mx_a_zz", [1, 4, 2, 16, 2], [], [([0, 0, 0, 0, 0], [1, 1, 1, 16, 2])])],
        ["attributes {pto.mx_tensor_views_blocked}"],
        pipeline="builtin.module(pto-block-mx-scale-views, pto-block-mx-scale-views)",
    ),
    # Both directions of pypto's FP8E8M0 backing alias (pypto: tensor.view with a
    # layout; ptonz: pl.tensor.reinterpret_view, the same bytes seen anew). MX to
    # ND: the MX [32, 4] view is blocked to [1, 2, 2, 16, 2], the ND [1, 128]
    # alias stays [1, 128]. ND to MX: the MX_B [4, 32] alias is blocked to
    # [1, 2, 2, 16, 2] and its whole-tensor load to sizes [1, 2, 2, 16, 2].
    Case(
        "test_shaped_nd_mx_backing_aliases_are_rewritten",
        k(
            f"%s: {mx('32x4', 'mx_a_zz')}",
            f"  %n = pl.tensor.reinterpret_view %s : {mx('32x4', 'mx_a_zz')} -> "
            f"!pl.tensor<1x128x{E8}>\n"
            + load("%n", f"!pl.tensor<1x128x{E8}>", "%c0, %c0", "1, 128", "1x128", mem="vec"),
            "mx_to_nd",
        )
        + k(
            f"%s: !pl.tensor<1x128x{E8}>",
            f"  %m = pl.tensor.reinterpret_view %s : !pl.tensor<1x128x{E8}> -> "
            f"{mx('4x32', 'mx_b_nn')}\n"
            + load("%m", mx("4x32", "mx_b_nn"), "%c0, %c0", "4, 32", "4x32"),
            "nd_to_mx",
        ),
        True,
        [
            ("mx_a_zz", [1, 2, 2, 16, 2], [128, 64, 32, 2, 1], []),
            (
                "mx_b_nn",
                [1, 2, 2, 16, 2],
                [128, 64, 32, 2, 1],
                [([0, 0, 0, 0, 0], [1, 2, 2, 16, 2])],
            ),
        ],
        regex=[
            r"pto.make_tensor_view %arg0, shape = \[%c1, %c128\], strides = \[%c128, %c1\] "
            r"\{layout = #pto.layout<nd>\}"
        ],
    ),
    # pypto blocks the MX element of a Submit's tuple result and keeps its deps,
    # kwargs, attributes and launch fields. ptonz has no Submit and no tensor
    # results: a call passes an MX tensor beside scalar operands, with its own
    # attribute; the callee's view is blocked and the call keeps its operands
    # and its attribute.
    Case(
        "test_submit_return_type_is_blocked_and_launch_fields_survive",
        k(
            f"%s: {mx('32x4', 'mx_a_zz')}, %tag: i64",
            load("%s", mx("32x4", "mx_a_zz"), "%c16, %c0", "16, 4", "16x4"),
            "kernel",
        )
        + f"func.func @caller(%s: {mx('32x4', 'mx_a_zz')}, %dep: i64) {{\n"
        f"  func.call @kernel(%s, %dep) {{test_marker = 7 : i64}} : ({mx('32x4', 'mx_a_zz')}, "
        "i64) -> ()\n  return\n}\n",
        True,
        [
            (
                "mx_a_zz",
                [1, 2, 2, 16, 2],
                [128, 64, 32, 2, 1],
                [([0, 1, 0, 0, 0], [1, 1, 2, 16, 2])],
            ),
            ("mx_a_zz", [1, 2, 2, 16, 2], [128, 64, 32, 2, 1], []),
        ],
        [
            f"call @kernel(%arg0, %arg1) {{test_marker = 7 : i64}} : (!pto.ptr<{E8_PTOAS}>, i64) -> ()"
        ],
    ),
]


def _views(module) -> List[View]:
    """The MX views of `module` in IR order, as numbers."""
    out = []
    for op, (layout, _bits, _t, shape, strides, _value_bits) in _ptonz.tensor_views(
        module.operation, list(MX_LAYOUTS)
    ):
        parts = [(list(o), list(s)) for _p, o, s in _ptonz.partition_constants(op)]
        out.append((layout, list(shape), list(strides), parts))
    return out


def _run(case: Case):
    """(module, text, None) or (None, None, the diagnostics' text)."""
    with ir.Context() as ctx, ir.Location.unknown():
        diags: List[str] = []

        def handler(d):
            notes = "".join(f"\n  note: {n.location}: {n.message}" for n in d.notes)
            diags.append(f"{d.location}: {d.message}{notes}")
            return True

        ctx.attach_diagnostic_handler(handler)
        m = ir.Module.parse(case.source)
        try:
            P.run_pass_manager(P.build_pass_manager(case.pipeline), m.operation)
        except ir.MLIRError as exc:
            return None, "\n".join(diags) + "\n" + str(exc)
        return (_views(m), str(m)), None


def test_the_table_covers_every_pypto_case():
    names = [c.name for c in CASES]
    assert len(names) == len(set(names)) == 12


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_pypto_mx_case(case: Case):
    result, error = _run(case)
    if not case.accept:
        assert result is None, f"pypto rejects this, ptonz accepted it:\n{result[1]}"
        assert re.search(r"loc\(|:\d+:\d+", error), f"the error is not located: {error}"
        for s in case.expect:
            assert s in error, f"{s!r} not in {error}"
        return
    assert error is None, f"pypto accepts this, ptonz rejected it: {error}"
    views, text = result
    assert views == case.views, text
    for s in case.expect:
        assert s in text, f"{s!r} not in\n{text}"
    for r in case.regex:
        assert re.search(r, text), f"/{r}/ does not match\n{text}"
    assert "ptonz.arg_range" not in text  # the call-site facts are the pass's own
