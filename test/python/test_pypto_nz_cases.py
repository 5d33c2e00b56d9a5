"""pypto's own tests of its NZ passes, translated to ptonz (issue 14).

Every test of `tests/ut/ir/transforms/test_block_nz_tensor_views.py` in
hw-native-sys/pypto (commit 0c1823fc, 41 tests; and the test commit 205288a8
added, in its two parametrisations) and the NZ tests of
`test_materialize_tensor_strides_pass.py` (5), one table row each: the
kernel's NZ weight path written as ptonz `pl` (or `pto`) input, and what
pypto's test expects of it -- accepted with the exact blocked shapes,
offsets, sizes and strides, or rejected with a located error.

Accepted rows are also run through the addressing check
(`ptonz.sim.check_addressing`): the lowered program reads the same tiles
as the logical one. Where a row departs from a literal translation, its
comment says why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import List

import pytest
from mlir import ir

import ptonz.passes as P
from ptonz.sim.check import check_addressing

LOWER = P.lower_to_ptoas_pipeline()


@dataclass
class Case:
    name: str  # pypto's test function
    source: str
    accept: bool
    expect: List[str] = field(
        default_factory=list
    )  # substrings (accept: of the IR; reject: of the error)
    regex: List[str] = field(default_factory=list)  # regexes the lowered IR must match
    absent: List[str] = field(default_factory=list)  # regexes it must not match
    pipeline: str = LOWER
    check: bool = True  # run the addressing check on an accepted case
    verifier: bool = True


def k(args: str, body: str, extra: str = "") -> str:
    """A kernel `@k(args)` whose body starts with the usual index constants."""
    consts = "\n".join(
        f"  %c{n} = arith.constant {n} : index"
        for n in (0, 1, 2, 3, 4, 8, 16, 32, 64, 128, 256, 512, 800, 1024)
    )
    return f"{extra}func.func @k({args}) {{\n{consts}\n{body}\n  return\n}}\n"


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
        f"{{target_memory = #pl.memory<{mem}>}} : {ttype} -> !pl.tile<{tile}, {mem}>"
    )


W256 = "!pl.tensor<256x512xi8, nz>"
W512 = "!pl.tensor<512x512xi8, nz>"
BLOCK_IDX = "  %nb = pl.get_block_idx"
PART_256x512 = "-> !pto.partition_tensor_view<1x16x16x16x32xi8>"


def gap_case(
    name: str,
    rows: int,
    tile_rows: int,
    cols: int = 512,
    valid_rows: int = 0,
    accept: bool = True,
    expect=(),
) -> Case:
    wt = f"!pl.tensor<{rows}x{cols}xi8, nz>"
    valid = f"%c{valid_rows}, %c{cols}" if valid_rows else ""
    return Case(
        name,
        k(
            f"%w: {wt}",
            load(
                "%w", wt, "%c0, %c0", f"{tile_rows}, {cols}", f"{tile_rows}x{cols}xi8", valid=valid
            ),
        ),
        accept,
        list(expect),
    )


def dynamic_leading_case(axis: int) -> Case:
    """A rank-4 logical NZ view whose leading extent on `axis` is dynamic."""
    shape = ["%c2", "%c4", "%c256", "%c512"]
    shape[axis] = "%g"
    view = (
        f"  %v = pto.make_tensor_view %p, shape = [{', '.join(shape)}], strides = [] "
        "{layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?xi8>"
    )
    return Case(
        f"test_rejects_a_dynamic_leading_extent_when_folding[axis{axis}]",
        k("%p: !pto.ptr<i8>, %g: index", view),
        False,
        [
            f"with a dynamic leading extent on axis {axis}:",
            f"give shape operand {axis} as an arith.constant value",
        ],
    )


CASES = [
    # -- phase 1: the tensor type is blocked ---------------------------------
    Case(
        "test_nz_tensor_shape_is_blocked",
        k(f"%w: {W256}", load("%w", W256, "%c0, %c0", "256, 512", "256x512xi8")),
        True,
        ["shape = [%c1, %c16, %c16, %c16, %c32]"],
    ),
    Case(
        "test_leading_dims_are_preserved",
        k(
            "%w: !pl.tensor<4x256x512xi8, nz>",
            load(
                "%w", "!pl.tensor<4x256x512xi8, nz>", "%c0, %c0, %c0", "1, 256, 512", "256x512xi8"
            ),
        ),
        True,
        ["shape = [%c4, %c16, %c16, %c16, %c32]"],
    ),
    Case(
        "test_nd_tensor_is_untouched",
        k(
            "%w: !pl.tensor<256x512xi8>",
            load("%w", "!pl.tensor<256x512xi8>", "%c0, %c0", "256, 512", "256x512xi8"),
        ),
        True,
        ["shape = [%c256, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>}"],
    ),
    # -- phase 2: the load is retargeted, the tile stays 2-D ------------------
    Case(
        "test_tile_load_coordinates_are_blocked_and_tile_stays_2d",
        k(f"%w: {W256}", load("%w", W256, "%c0, %c0", "256, 512", "256x512xi8")),
        True,
        [
            "offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c16, %c16, %c16, %c32]",
            "!pto.partition_tensor_view<1x16x16x16x32xi8>) outs(%2 : !pto.tile_buf<mat, 256x512xi8, "
            "blayout=col_major, slayout=row_major>)",
        ],
    ),
    Case(
        "test_slice_offsets_are_mapped_to_fractal_coordinates",
        k(
            "%w: !pl.tensor<512x1024xi8, nz>",
            load("%w", "!pl.tensor<512x1024xi8, nz>", "%c256, %c512", "256, 512", "256x512xi8"),
        ),
        True,
        ["offsets = [%c0, %c16, %c16, %c0, %c0], sizes = [%c1, %c16, %c16, %c16, %c32]"],
    ),
    Case(
        "test_maps_an_spmd_derived_slice_offset",
        k(
            f"%w: {W512}",
            BLOCK_IDX
            + "\n  %n0 = arith.muli %nb, %c256 : index\n"
            + load("%w", W512, "%n0, %c0", "256, 512", "256x512xi8"),
        ),
        True,
        regex=[
            r"%(\w+) = arith.floordivsi %\w+, %c16 : index\n.*offsets = \[%c0, %c0, %\1, "
            r"%c0, %c0\]"
        ],
    ),
    Case(
        "test_does_not_reassociate_the_offset_arithmetic",
        k(
            f"%w: {W512}",
            BLOCK_IDX
            + "\n  %n0 = arith.muli %nb, %c256 : index\n"
            + load("%w", W512, "%n0, %c0", "256, 512", "256x512xi8"),
        ),
        True,
        regex=[r"%(\w+) = arith.muli %\w+, %c256 : index\n(.*\n)*.*arith.floordivsi %\1, %c16"],
        absent=[r"arith.muli %\w+, %c16\b"],
    ),
    Case(
        "test_maps_a_loop_variable_slice_offset",
        k(
            "%w: !pl.tensor<256x1024xi8, nz>",
            load("%w", "!pl.tensor<256x1024xi8, nz>", "%c0, %c0", "256, 512", "256x512xi8")
            + "\n  scf.for %k0 = %c512 to %c1024 step %c512 {\n"
            + load(
                "%w", "!pl.tensor<256x1024xi8, nz>", "%c0, %k0", "256, 512", "256x512xi8", name="%u"
            )
            + "\n  }",
        ),
        True,
        ["offsets = [%c0, %c0, %c0, %c0, %c0]"],
        regex=[
            r"%(\w+) = arith.floordivsi %arg1, %c32 : index\n.*offsets = \[%c0, %\1, %c0, "
            r"%c0, %c0\]"
        ],
    ),
    # -- the stride equality and the emitted descriptor -----------------------
    Case(
        "test_blocked_nz_strides_match_pto_isa",
        k(f"%w: {W256}", load("%w", W256, "%c0, %c0", "256, 512", "256x512xi8")),
        True,
        ["strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>}"],
    ),
    Case(
        "test_codegen_emits_blocked_nz_descriptor",
        k(f"%w: {W256}", load("%w", W256, "%c0, %c0", "256, 512", "256x512xi8")),
        True,
        [
            "shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, "
            "%c1] {layout = #pto.layout<nz>}"
        ],
    ),
    Case(
        "test_codegen_rank_is_consistent_across_all_three_sites",
        k(f"%w: {W256}", load("%w", W256, "%c0, %c0", "256, 512", "256x512xi8")),
        True,
        [
            "{layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>",
            "offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c16, %c16, %c16, %c32] : "
            "!pto.tensor_view<?x?x?x?x?xi8> " + PART_256x512,
        ],
    ),
    Case(
        "test_codegen_emits_the_divided_offset",
        k(
            f"%w: {W512}",
            BLOCK_IDX
            + "\n  %n0 = arith.muli %nb, %c256 : index\n"
            + load("%w", W512, "%n0, %c0", "256, 512", "256x512xi8"),
        ),
        True,
        ["shape = [%c1, %c16, %c32, %c16, %c32]", "sizes = [%c1, %c16, %c16, %c16, %c32]"],
        regex=[
            r"%(\w+) = arith.muli %\w+, %c256 : index\n(.*\n)*.*%(\w+) = arith.floordivsi "
            r"%\1, %c16 : index\n.*offsets = \[%c0, %c0, %\3, %c0, %c0\]"
        ],
    ),
    Case(
        "test_codegen_tile_keeps_logical_2d_nz_layout",
        k(f"%w: {W256}", load("%w", W256, "%c0, %c0", "256, 512", "256x512xi8")),
        True,
        ["pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>"],
    ),
    # -- rank 4, leading-axis slices ------------------------------------------
    Case(
        "test_folds_leading_axes_into_the_batch_slot",
        k(
            "%w: !pl.tensor<2x4x256x512xi8, nz>",
            load(
                "%w",
                "!pl.tensor<2x4x256x512xi8, nz>",
                "%c1, %c3, %c0, %c0",
                "1, 1, 256, 512",
                "256x512xi8",
            ),
        ),
        True,
        [
            "shape = [%c8, %c16, %c16, %c16, %c32]",
            "offsets = [%c7, %c0, %c0, %c0, %c0], sizes = [%c1, %c16, %c16, %c16, %c32]",
        ],
    ),
    # pypto slices in the orchestration function and the outlined kernel
    # blocks the slice: here the slice is passed to the kernel by func.call.
    # Its offset [2, 0, 0, 0, 0] of the blocked [4, 16, 16, 16, 32] is the
    # element offset 2 * 16*16*16*32 = 262144, passed with the root pointer
    # (PTOAS lowers pto.addptr only into the kernel's make_tensor_view).
    Case(
        "test_blocks_a_leading_axis_slice",
        k(
            "%w: !pl.tensor<2x256x512xi8, nz>",
            load(
                "%w", "!pl.tensor<2x256x512xi8, nz>", "%c1, %c0, %c0", "1, 256, 512", "256x512xi8"
            ),
        )
        + "func.func @orchestration(%w: !pl.tensor<4x256x512xi8, nz>) {\n"
        "  %c0 = arith.constant 0 : index\n  %c2 = arith.constant 2 : index\n"
        "  %l = pl.tensor.view %w, offsets = [%c2, %c0, %c0] : !pl.tensor<4x256x512xi8, nz>"
        " -> !pl.tensor<2x256x512xi8, nz>\n"
        "  func.call @k(%l) : (!pl.tensor<2x256x512xi8, nz>) -> ()\n  return\n}\n",
        True,
        ["shape = [%c2, %c16, %c16, %c16, %c32]", "offsets = [%c1, %c0, %c0, %c0, %c0]"],
        regex=[
            r"pto.addptr %arg0, %arg1 : <i8> -> <i8>",
            r"call @k\(%arg0, %c262144\) : \(!pto.ptr<i8>, index\) -> \(\)",
        ],
    ),
    Case(
        "test_rejects_a_leading_window_under_a_spanning_axis",
        k(
            "%w: !pl.tensor<2x4x256x512xi8, nz>",
            "  %v = pl.tensor.view %w, offsets = [%c0, %c1, %c0, %c0] : "
            "!pl.tensor<2x4x256x512xi8, nz> -> !pl.tensor<2x2x256x512xi8, nz>\n"
            + load(
                "%v",
                "!pl.tensor<2x2x256x512xi8, nz>",
                "%c0, %c0, %c0, %c0",
                "1, 1, 256, 512",
                "256x512xi8",
            ),
        ),
        False,
        ["a window on one leading axis only"],
    ),
    # pypto commit 205288a8: a dynamic leading extent cannot fold into the
    # batch slot; the error names the dynamic axis (axis 0 and axis 1).
    dynamic_leading_case(0),
    dynamic_leading_case(1),
    Case(
        "test_rejects_a_slice_inside_the_fractal_plane",
        k(
            f"%w: {W512}",
            f"  %v = pl.tensor.view %w, offsets = [%c256, %c0] : {W512} -> {W256}\n"
            + load("%v", W256, "%c0, %c0", "256, 512", "256x512xi8"),
        ),
        False,
        ["slicing the leading axes only"],
    ),
    # -- rejections: alignment, sign ------------------------------------------
    Case(
        "test_rejects_unaligned_rows",
        k(
            "%w: !pl.tensor<200x512xi8, nz>",
            load("%w", "!pl.tensor<200x512xi8, nz>", "%c0, %c0", "200, 512", "200x512xi8"),
        ),
        False,
        # the tile PTOAS 0.60 would allocate is refused first (its layout granule)
        ["boxed tile rows to be a multiple of innerRows (16), but got 200"],
    ),
    Case(
        "test_rejects_unaligned_cols",
        k(
            "%w: !pl.tensor<256x400xi8, nz>",
            load("%w", "!pl.tensor<256x400xi8, nz>", "%c0, %c0", "256, 400", "256x400xi8"),
        ),
        False,
        ["boxed tile cols to be a multiple of innerCols (32), but got 400"],
    ),
    Case(
        "test_rejects_unaligned_slice_offset",
        k(
            "%w: !pl.tensor<512x1024xi8, nz>",
            load("%w", "!pl.tensor<512x1024xi8, nz>", "%c8, %c0", "256, 512", "256x512xi8"),
        ),
        False,
        ["row offset 8 is not a multiple of 16"],
    ),
    Case(
        "test_rejects_a_slice_offset_whose_alignment_cannot_be_proven",
        k(
            f"%w: {W512}",
            BLOCK_IDX
            + "\n  %n0 = arith.muli %nb, %c8 : index\n"
            + load("%w", W512, "%n0, %c0", "256, 512", "256x512xi8"),
        ),
        False,
        ["cannot prove that the row offset is a multiple of 16"],
    ),
    Case(
        "test_rejects_a_slice_offset_whose_sign_cannot_be_proven",
        k(
            f"%w: {W512}",
            BLOCK_IDX + "\n  %m = arith.muli %nb, %c256 : index\n"
            "  %n0 = arith.subi %m, %c256 : index\n"
            + load("%w", W512, "%n0, %c0", "256, 512", "256x512xi8"),
        ),
        False,
        ["cannot prove that the row offset is non-negative"],
    ),
    # -- split-K, flatten, strided loops --------------------------------------
    Case(
        "test_maps_a_split_k_offset_built_from_a_remainder",
        k(
            "%w: !pl.tensor<256x1024xi8, nz>",
            "  %blk = pl.get_block_idx\n  %h = arith.remsi %blk, %c2 : index\n"
            "  %kbase = arith.muli %h, %c512 : index\n"
            "  %q = arith.floordivsi %blk, %c2 : index\n  %n0 = arith.muli %q, %c128 : index\n"
            "  scf.for %kb = %c0 to %c512 step %c512 {\n"
            "    %k0 = arith.addi %kbase, %kb : index\n"
            + load("%w", "!pl.tensor<256x1024xi8, nz>", "%n0, %k0", "128, 512", "128x512xi8")
            + "\n  }",
        ),
        True,
        ["-> !pto.partition_tensor_view<1x16x8x16x32xi8>"],
        regex=[r"arith.floordivsi %\w+, %c32", r"arith.floordivsi %\w+, %c16"],
    ),
    # pypto reads a 512-element window of the flattened tensor; the issue
    # asks to accept only whole reads (a prefetch), so the flattened tensor
    # is read whole here (a windowed read is rejected: see the lit tests).
    Case(
        "test_flattens_a_whole_nz_tensor",
        k(
            f"%w: {W256}",
            f"  %flat = pl.tensor.reshape %w : {W256} -> !pl.tensor<131072xi8>\n"
            + load(
                "%flat", "!pl.tensor<131072xi8>", "%c0", "131072", "131072xi8", mem="vec", name="%h"
            )
            + "\n"
            + BLOCK_IDX
            + "\n  %n0 = arith.muli %nb, %c128 : index\n"
            + load("%w", W256, "%n0, %c0", "128, 512", "128x512xi8"),
        ),
        True,
        [
            "-> !pto.partition_tensor_view<1x16x8x16x32xi8>",
            "shape = [%c131072], strides = [%c1] {layout = #pto.layout<nd>}",
        ],
    ),
    Case(
        "test_rejects_a_reshape_that_is_not_a_whole_tensor_flatten",
        k(
            f"%w: {W256}",
            f"  %half = pl.tensor.reshape %w : {W256} -> !pl.tensor<128x1024xi8>\n"
            + load("%half", "!pl.tensor<128x1024xi8>", "%c0, %c0", "1, 512", "512xi8", mem="vec"),
        ),
        False,
        ["whole-tensor 'tensor.reshape' flatten"],
    ),
    Case(
        "test_rejects_a_remainder_of_an_unproven_dividend",
        k(
            "%w: !pl.tensor<128x1024xi8, nz>",
            "  %blk = pl.get_block_idx\n  %m = arith.subi %blk, %c1 : index\n"
            "  %h = arith.remsi %m, %c2 : index\n  %k0 = arith.muli %h, %c512 : index\n"
            + load("%w", "!pl.tensor<128x1024xi8, nz>", "%c0, %k0", "128, 512", "128x512xi8"),
        ),
        False,
        ["cannot prove that the column offset is non-negative"],
    ),
    Case(
        "test_maps_an_offset_from_a_strided_loop_that_starts_at_the_block_index",
        k(
            "%w: !pl.tensor<1024x512xi8, nz>",
            "  %core = pl.get_block_idx\n  scf.for %ob = %core to %c4 step %c2 {\n"
            "    %o0 = arith.muli %ob, %c256 : index\n"
            + load("%w", "!pl.tensor<1024x512xi8, nz>", "%o0, %c0", "256, 512", "256x512xi8")
            + "\n  }",
        ),
        True,
        [PART_256x512],
    ),
    # -- ragged tails ---------------------------------------------------------
    Case(
        "test_blocks_a_ragged_tail_whose_valid_rows_are_a_min",
        k(
            "%w: !pl.tensor<800x512xi8, nz>",
            "  scf.for %ob = %c0 to %c4 step %c1 {\n    %o0 = arith.muli %ob, %c256 : index\n"
            "    %rest = arith.subi %c800, %o0 : index\n"
            "    %valid = arith.minsi %rest, %c256 : index\n"
            + load(
                "%w",
                "!pl.tensor<800x512xi8, nz>",
                "%o0, %c0",
                "256, 512",
                "256x512xi8",
                valid="%valid, %c512",
            )
            + "\n  }",
        ),
        True,
        [
            "-> !pto.partition_tensor_view<1x16x?x16x32xi8>",
            "!pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>",
        ],
        regex=[
            r"%(\w+) = arith.floordivsi %\w+, %c16 : index\n.*sizes = \[%c1, %c16, %\1, "
            r"%c16, %c32\]"
        ],
    ),
    Case(
        "test_rejects_a_ragged_tail_that_ends_inside_a_fractal",
        k(
            "%w: !pl.tensor<800x512xi8, nz>",
            "  %c250 = arith.constant 250 : index\n"
            "  scf.for %ob = %c0 to %c4 step %c1 {\n    %o0 = arith.muli %ob, %c256 : index\n"
            "    %rest = arith.subi %c800, %o0 : index\n"
            "    %valid = arith.minsi %rest, %c250 : index\n"
            + load(
                "%w",
                "!pl.tensor<800x512xi8, nz>",
                "%o0, %c0",
                "256, 512",
                "256x512xi8",
                valid="%valid, %c512",
            )
            + "\n  }",
        ),
        False,
        ["dynamic valid_shape[-2] to be a provable multiple of 16"],
    ),
    # A literal translation: k0 steps 16, and the 16-column window is no
    # whole C0 line either; the 16-column tile is refused first (PTOAS 0.60's
    # alloc_tile granule).
    Case(
        "test_rejects_a_loop_variable_whose_step_breaks_alignment",
        k(
            f"%w: {W256}",
            "  scf.for %k0 = %c0 to %c32 step %c16 {\n"
            + load("%w", W256, "%c0, %k0", "256, 16", "256x16xi8")
            + "\n  }",
        ),
        False,
        ["boxed tile cols to be a multiple of innerCols (32), but got 16"],
    ),
    # -- other rejections -----------------------------------------------------
    Case(
        "test_rejects_vec_target",
        k(f"%w: {W256}", load("%w", W256, "%c0, %c0", "256, 512", "256x512xi8", mem="vec")),
        False,
        ["an NZ tensor can only be loaded into mat memory"],
    ),
    Case(
        "test_rejects_sub_byte_dtype",
        k("%w: !pl.tensor<256x512xf4E2M1FN, nz>", ""),
        False,
        ["NZ layout on a sub-byte element type"],
    ),
    Case(
        "test_c0_is_derived_from_bit_width",
        k(
            "%w: !pl.tensor<256x512xf16, nz>",
            load("%w", "!pl.tensor<256x512xf16, nz>", "%c0, %c0", "256, 512", "256x512xf16"),
        ),
        True,
        ["shape = [%c1, %c32, %c16, %c16, %c16]"],
    ),
    Case(
        "test_rejects_nz_store_destination",
        k(
            f"%x: !pl.tensor<256x512xi8>, %out: {W256}",
            load("%x", "!pl.tensor<256x512xi8>", "%c0, %c0", "256, 512", "256x512xi8", mem="vec")
            + f"\n  pl.tile.store %t, %out, offsets = [%c0, %c0] : !pl.tile<256x512xi8, vec>, "
            f"{W256}",
        ),
        False,
        ["an NZ tensor cannot be a store destination"],
    ),
    # pypto's tensor.view reinterprets the shape: ptonz's reinterpret_view.
    Case(
        "test_rejects_tensor_view_of_nz",
        k(
            f"%w: {W256}",
            f"  %v = pl.tensor.reinterpret_view %w : {W256} -> !pl.tensor<512x256xi8, nz>",
        ),
        False,
        ["'pl.tensor.reinterpret_view' op is not defined on NZ tensors"],
    ),
    # -- the GM gap guard (pto-isa#317) ---------------------------------------
    gap_case("test_accepts_the_largest_encodable_gm_gap", 65536, 16),
    gap_case(
        "test_rejects_a_gm_gap_above_the_burst_stride_field",
        65552,
        16,
        accept=False,
        expect=["65536 32-byte blocks", "NOT an expected pl.NZ limitation", "pto-isa#317"],
    ),
    gap_case("test_a_taller_row_tile_rescues_the_same_tensor", 65552, 32),
    gap_case("test_a_single_column_block_load_is_exempt_from_the_gap_limit", 65552, 16, cols=32),
    gap_case(
        "test_a_narrowed_valid_shape_drives_the_gap_check",
        65552,
        32,
        cols=64,
        valid_rows=16,
        accept=False,
        expect=["65536 32-byte blocks"],
    ),
    gap_case(
        "test_a_valid_shape_load_within_the_bound_is_accepted", 65536, 32, cols=64, valid_rows=16
    ),
    # -- test_materialize_tensor_strides_pass.py, its NZ tests ----------------
    Case(
        "test_unblocked_nz_on_tensor_rejected_by_pass",
        "func.func @f(%p: !pto.ptr<f32>) {\n  %c8 = arith.constant 8 : index\n"
        "  %c16 = arith.constant 16 : index\n  %v = pto.make_tensor_view %p, shape = [%c8, "
        "%c16], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf32>\n"
        "  return\n}\n",
        False,
        ["NZ view is not blocked"],
        pipeline="builtin.module(pto-materialize-strides)",
    ),
    # ptonz has no distributed tensor type: a distributed (remote) NZ load.
    Case(
        "test_unblocked_nz_on_distributed_tensor_rejected_by_pass",
        k(
            "%w: !pl.tensor<256x512xi8, nz>, %peer: index",
            "  %t = pl.remote_load %w, peer = %peer, offsets = [%c0, %c0], sizes = [256, 512] "
            "{target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> "
            "!pl.tile<256x512xi8, mat>",
        ),
        False,
        ["distributed (remote) loads of an NZ tensor are not supported"],
    ),
    Case(
        "test_unblocked_nz_with_explicit_stride_rejected_by_pass",
        "func.func @f(%p: !pto.ptr<f32>) {\n  %c1 = arith.constant 1 : index\n"
        "  %c8 = arith.constant 8 : index\n  %c16 = arith.constant 16 : index\n"
        "  %v = pto.make_tensor_view %p, shape = [%c8, %c16], strides = [%c16, %c1] "
        "{layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf32>\n  return\n}\n",
        False,
        ["NZ view is not blocked"],
        pipeline="builtin.module(pto-materialize-strides)",
    ),
    Case(
        "test_unblocked_nz_rejected_under_verification_disabled",
        "func.func @f(%p: !pto.ptr<f32>) {\n  %c8 = arith.constant 8 : index\n"
        "  %c16 = arith.constant 16 : index\n  %v = pto.make_tensor_view %p, shape = [%c8, "
        "%c16], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf32>\n"
        "  return\n}\n",
        False,
        ["NZ view is not blocked"],
        pipeline="builtin.module(pto-materialize-strides)",
        verifier=False,
    ),
    # pypto's blocked NZ type is rank 4 ([16, 16, 16, 32]); ptonz's is rank 5.
    Case(
        "test_blocked_nz_gets_row_major_strides",
        "func.func @f(%p: !pto.ptr<i8>) attributes {pto.nz_tensor_views_blocked} {\n"
        "  %c1 = arith.constant 1 : index\n  %c16 = arith.constant 16 : index\n"
        "  %c32 = arith.constant 32 : index\n  %v = pto.make_tensor_view %p, shape = [%c1, "
        "%c16, %c16, %c16, %c32], strides = [] {layout = #pto.layout<nz>} : "
        "!pto.tensor_view<?x?x?x?x?xi8>\n  return\n}\n",
        True,
        ["strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>}"],
        pipeline="builtin.module(pto-materialize-strides)",
        check=False,
    ),
]


def _run(case: Case):
    """(lowered IR text, None) or (None, the diagnostics' text)."""
    with ir.Context() as ctx, ir.Location.unknown():
        diags: List[str] = []

        def handler(d):
            diags.append(f"{d.location}: {d.message}")
            return True

        ctx.attach_diagnostic_handler(handler)
        try:
            m = ir.Module.parse(case.source)
        except ir.MLIRError as exc:
            return None, str(exc) + "\n".join(diags)
        pm = P.build_pass_manager(case.pipeline)
        if not case.verifier:
            pm.enable_verifier(False)
        try:
            P.run_pass_manager(pm, m.operation)
        except ir.MLIRError as exc:
            return None, "\n".join(diags) + "\n" + str(exc)
        return str(m), None


def test_the_table_covers_every_pypto_case():
    names = [c.name for c in CASES]
    assert len(names) == len(set(names)) == 48


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_pypto_case(case: Case):
    text, error = _run(case)
    if not case.accept:
        assert text is None, f"pypto rejects this, ptonz accepted it:\n{text}"
        assert re.search(r"loc\(|:\d+:\d+", error), f"the error is not located: {error}"
        for s in case.expect:
            assert s in error, f"{s!r} not in {error}"
        return
    assert error is None, f"pypto accepts this, ptonz rejected it: {error}"
    for s in case.expect:
        assert s in text, f"{s!r} not in\n{text}"
    for r in case.regex:
        assert re.search(r, text), f"/{r}/ does not match\n{text}"
    for r in case.absent:
        assert not re.search(r, text), f"/{r}/ matches\n{text}"
    if case.check:
        with ir.Context():
            result = check_addressing(case.source, samples=2)
        assert result.ok and result.total > 0, result.summary()
