"""The MX scale geometry (issue 21): one definition in ptonz_geometry,
ptonz-pack's pack/unpack and the simulator agree with it, and the addressing
check holds on the accepted MX forms."""

from __future__ import annotations

import numpy as np
import pytest
from mlir import ir

import ptonz_geometry as G
from ptonz.sim.check import check_addressing
from ptonz_pack.layout import mx_blocked_shape, pack_mx, unpack_mx

SHAPES = [("mx_a_zz", (64, 4)), ("mx_a_zz", (32, 6)), ("mx_b_nn", (4, 64)), ("mx_b_nn", (6, 48))]


def test_pack_constants_are_the_geometry_modules():
    """ptonz-pack's MX boxes and layouts are ptonz_geometry's objects, not copies."""
    from ptonz_pack import layout as L

    assert (L.MX_BOX_ROWS, L.MX_BOX_COLS) == (G.MX_BOX_ROWS, G.MX_BOX_COLS) == (16, 2)
    assert L.MX_LAYOUTS is G.MX_LAYOUTS


@pytest.mark.parametrize("layout,shape", SHAPES)
def test_pack_mx_is_the_element_offset(layout, shape):
    rows, cols = shape
    a = (np.arange(rows * cols) % 251).astype(np.uint8).reshape(shape)
    packed = pack_mx(a, layout)
    assert (
        packed.shape == tuple(G.mx_blocked_shape(layout, shape)) == mx_blocked_shape(shape, layout)
    )
    flat = packed.reshape(-1)
    for r in range(rows):
        for c in range(cols):
            assert flat[G.mx_element_offset(layout, r, c, rows, cols)] == a[r, c]
    assert (unpack_mx(packed, layout) == a).all()
    assert G.mx_logical_shape(layout, packed.shape) == list(shape)


def test_the_pypto_examples():
    assert (
        G.mx_blocked_shape("mx_a_zz", [64, 4])
        == G.mx_blocked_shape("mx_b_nn", [4, 64])
        == [1, 4, 2, 16, 2]
    )


@pytest.mark.parametrize(
    "layout,shape,why",
    [
        ("mx_a_zz", (24, 2), "multiple of 16"),
        ("mx_b_nn", (3, 16), "of 2"),
        ("mx_a_zz", (2, 16, 2), "rank 3"),
        ("nz", (16, 2), "unknown MX layout"),
    ],
)
def test_pack_mx_rejects(layout, shape, why):
    with pytest.raises(ValueError, match=why):
        pack_mx(np.zeros(shape, np.uint8), layout)


E8 = "f8E8M0FNU"


def _kernel(args, body):
    consts = "\n".join(
        f"  %c{n} = arith.constant {n} : index" for n in (0, 2, 4, 16, 32, 256, 2048)
    )
    return f"func.func @k({args}) {{\n{consts}\n{body}\n  return\n}}\n"


ADDRESSED = {
    "a_and_b": _kernel(
        f"%a: !pl.tensor<64x4x{E8}, mx_a_zz>, %b: !pl.tensor<4x64x{E8}, mx_b_nn>",
        f"  %ta = pl.tile.load %a, offsets = [%c16, %c2], sizes = [16, 2] {{target_memory = "
        f"#pl.memory<mat>}} : !pl.tensor<64x4x{E8}, mx_a_zz> -> !pl.tile<16x2x{E8}, mat>\n"
        f"  %tb = pl.tile.load %b, offsets = [%c2, %c16], sizes = [2, 32] {{target_memory = "
        f"#pl.memory<mat>}} : !pl.tensor<4x64x{E8}, mx_b_nn> -> !pl.tile<2x32x{E8}, mat>",
    ),
    "narrowed_valid": _kernel(
        f"%a: !pl.tensor<64x4x{E8}, mx_a_zz>",
        f"  %t = pl.tile.load %a, offsets = [%c0, %c2], sizes = [32, 2], valid_shape = [%c16, "
        f"%c2] {{target_memory = #pl.memory<mat>}} : !pl.tensor<64x4x{E8}, mx_a_zz> -> "
        f"!pl.tile<32x2x{E8}, mat>",
    ),
    "loop": _kernel(
        f"%a: !pl.tensor<16x64x{E8}, mx_a_zz>",
        "  scf.for %k0 = %c256 to %c2048 step %c256 {\n"
        "    %g = arith.floordivsi %k0, %c32 : index\n"
        f"    %t = pl.tile.load %a, offsets = [%c0, %g], sizes = [16, 8] {{target_memory = "
        f"#pl.memory<mat>}} : !pl.tensor<16x64x{E8}, mx_a_zz> -> !pl.tile<16x8x{E8}, mat>\n  }}",
    ),
}


@pytest.mark.parametrize("name", sorted(ADDRESSED))
def test_check_addressing_on_mx_forms(name):
    with ir.Context():
        result = check_addressing(ADDRESSED[name], samples=2)
    assert result.ok and result.total > 0, result.summary()


@pytest.mark.parametrize(
    "wrong",
    [
        # the group offset not divided (g0 = 2 read as box 2, outside: an error) or
        # dropped (box 0): the lowered program reads other scales.
        ("offsets = [%c0, %c1, %c1, %c0, %c0]", "offsets = [%c0, %c1, %c0, %c0, %c0]"),
        ("offsets = [%c0, %c1, %c1, %c0, %c0]", "offsets = [%c0, %c0, %c1, %c0, %c0]"),
    ],
)
def test_check_addressing_catches_a_misaddressed_mx_load(wrong):
    from ptonz.sim.check import compare_programs, logical_module, lower

    with ir.Context() as ctx, ir.Location.unknown():
        logical = logical_module(ADDRESSED["a_and_b"], context=ctx)
        text = str(lower(logical))
        assert text.count(wrong[0]) == 2  # the A and the B load
        bad = ir.Module.parse(text.replace(wrong[0], wrong[1], 1))
        result = compare_programs(logical, bad, samples=1)
    assert not result.ok
