"""The simulator's cube data path: tile layouts, aliasing, textract, tmatmul,
tstore (ptonz.sim.tiles, ptonz.sim.interpreter with compute=True), and the
cube geometry the lowering uses (ptonz.analyses.cube_geometry)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mlir import ir

from ptonz.analyses import cube_geometry as G
from ptonz.sim import ArrayBuffer, Interpreter, SimError
from ptonz.sim.tiles import LayoutError, TileLayout, element_offsets

# --------------------------------------------------------------------------- layouts


def test_nz_and_zn_tiles_of_transposed_shapes_share_their_bytes():
    """The identity the b_trans lowering rests on, for every cube dtype."""
    for bits in (8, 16, 32):
        c0 = 256 // bits
        n, k = 2 * 16, 3 * c0
        nz = element_offsets(TileLayout(n, k, bits, "col_major", "row_major", 512))
        zn = element_offsets(TileLayout(k, n, bits, "row_major", "col_major", 512))
        assert np.array_equal(nz, zn.T)


def test_nz_offsets_follow_pto_isa():
    # i8 NZ 32x64: 16x32 fractals, column blocks outside.
    off = element_offsets(TileLayout(32, 64, 8, "col_major", "row_major", 512))
    assert off[0, 0] == 0 and off[0, 31] == 31 and off[1, 0] == 32
    assert off[16, 0] == 512  # the next fractal down the column block
    assert off[0, 32] == 1024  # the next column block
    assert sorted(off.ravel()) == list(range(32 * 64))


def test_acc_and_plain_layouts():
    acc = element_offsets(TileLayout(32, 32, 32, "col_major", "row_major", 1024))
    assert acc[0, 15] == 15 and acc[1, 0] == 16 and acc[16, 0] == 256 and acc[0, 16] == 512
    zz = element_offsets(TileLayout(32, 64, 8, "row_major", "row_major", 512))
    assert zz[0, 32] == 512 and zz[16, 0] == 1024
    rm = element_offsets(TileLayout(4, 8, 16, "row_major", "none_box", 512))
    cm = element_offsets(TileLayout(4, 8, 16, "col_major", "none_box", 512))
    assert rm[1, 0] == 8 and cm[1, 0] == 1 and cm[0, 1] == 4


def test_invalid_layouts():
    with pytest.raises(LayoutError, match="not a whole number"):
        element_offsets(TileLayout(8, 32, 8, "col_major", "row_major", 512))
    with pytest.raises(LayoutError, match="NN"):
        element_offsets(TileLayout(32, 32, 8, "col_major", "col_major", 512))


# --------------------------------------------------------------------------- cube ops


CUBE = """
func.func @mm(%x: !pto.ptr<i8>, %w: !pto.ptr<i8>, %out: !pto.ptr<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %a2k = arith.constant 2048 : i64
  %xv = pto.make_tensor_view %x, shape = [%c16, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %wv = pto.make_tensor_view %w, shape = [%c32, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %ov = pto.make_tensor_view %out, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi32>
  %xp = pto.partition_view %xv, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x64xi8>
  %wp = pto.partition_view %wv, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x64xi8>
  %xt = pto.alloc_tile addr = %a0 : !pto.tile_buf<mat, 16x64xi8, blayout=col_major, slayout=row_major>
  %wt = pto.alloc_tile addr = %a2k : !pto.tile_buf<mat, 32x64xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%xp : !pto.partition_tensor_view<16x64xi8>) outs(%xt : !pto.tile_buf<mat, 16x64xi8, blayout=col_major, slayout=row_major>)
  pto.tload ins(%wp : !pto.partition_tensor_view<32x64xi8>) outs(%wt : !pto.tile_buf<mat, 32x64xi8, blayout=col_major, slayout=row_major>)
  %acc = pto.alloc_tile addr = %a0 : !pto.tile_buf<acc, 16x32xi32, blayout=col_major, slayout=row_major, fractal=1024>
  %view = pto.alloc_tile addr = %VIEWADDR : !pto.tile_buf<mat, 64x32xi8, slayout=col_major>
  %l = pto.alloc_tile addr = %a0 : !pto.tile_buf<left, 16x32xi8, slayout=row_major>
  %r = pto.alloc_tile addr = %a0 : !pto.tile_buf<right, 32x32xi8, slayout=col_major>
  pto.textract ins(%xt, %c0, %c0 : !pto.tile_buf<mat, 16x64xi8, blayout=col_major, slayout=row_major>, index, index) outs(%l : !pto.tile_buf<left, 16x32xi8, slayout=row_major>)
  pto.textract ins(%view, %c0, %c0 : !pto.tile_buf<mat, 64x32xi8, slayout=col_major>, index, index) outs(%r : !pto.tile_buf<right, 32x32xi8, slayout=col_major>)
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xi8, slayout=row_major>, !pto.tile_buf<right, 32x32xi8, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x32xi32, blayout=col_major, slayout=row_major, fractal=1024>)
  pto.textract ins(%xt, %c0, %c32 : !pto.tile_buf<mat, 16x64xi8, blayout=col_major, slayout=row_major>, index, index) outs(%l : !pto.tile_buf<left, 16x32xi8, slayout=row_major>)
  pto.textract ins(%view, %c32, %c0 : !pto.tile_buf<mat, 64x32xi8, slayout=col_major>, index, index) outs(%r : !pto.tile_buf<right, 32x32xi8, slayout=col_major>)
  pto.tmatmul.acc ins(%acc, %l, %r : !pto.tile_buf<acc, 16x32xi32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x32xi8, slayout=row_major>, !pto.tile_buf<right, 32x32xi8, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x32xi32, blayout=col_major, slayout=row_major, fractal=1024>)
  %op = pto.partition_view %ov, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<16x32xi32>
  pto.tstore ins(%acc : !pto.tile_buf<acc, 16x32xi32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%op : !pto.partition_tensor_view<16x32xi32>)
  return
}
"""


def _level3(ctx):
    """`alloc_tile addr` parses only for PTOAS's level3 (ptoas --pto-level=level3)."""
    from ptonz import _ptonz

    _ptonz.set_ptoas_target(ctx, "a3", "level3")


def _run_cube(ctx, view_addr="%a2k", rng_seed=0):
    _level3(ctx)
    rng = np.random.default_rng(rng_seed)
    x = rng.integers(-128, 128, (16, 64), dtype=np.int8)
    w = rng.integers(-128, 128, (32, 64), dtype=np.int8)
    out = ArrayBuffer(np.zeros(16 * 32, dtype=np.int32))
    m = ir.Module.parse(CUBE.replace("%VIEWADDR", view_addr))
    it = Interpreter({0: ArrayBuffer(x), 1: ArrayBuffer(w), 2: out}, compute=True)
    it.run(m.body.operations[0])
    return x, w, out.data.view(np.int32).reshape(16, 32), it


def test_transposed_view_at_the_same_address_multiplies_by_w_transposed(ctx):
    x, w, got, it = _run_cube(ctx)
    assert np.array_equal(got, x.astype(np.int64) @ w.T.astype(np.int64))
    assert len(it.stores) == 1 and it.stores[0].flat.shape == (16, 32)


def test_a_view_at_another_address_reads_other_bytes(ctx):
    x, w, got, _ = _run_cube(ctx, view_addr="%a0")  # x's tile, not w's
    assert not np.array_equal(got, x.astype(np.int64) @ w.T.astype(np.int64))


def test_int32_accumulation_wraps(ctx):
    text = """
    func.func @f(%o: !pto.ptr<i32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xi8, slayout=row_major>
      %r = pto.alloc_tile : !pto.tile_buf<right, 32x16xi8, slayout=col_major>
      %a = pto.alloc_tile : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>
      pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xi8, slayout=row_major>, !pto.tile_buf<right, 32x16xi8, slayout=col_major>) outs(%a : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>)
      pto.tmatmul.acc ins(%a, %l, %r : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x32xi8, slayout=row_major>, !pto.tile_buf<right, 32x16xi8, slayout=col_major>) outs(%a : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>)
      %v = pto.make_tensor_view %o, shape = [%c16, %c16], strides = [%c16, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi32>
      %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<16x16xi32>
      pto.tstore ins(%a : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%p : !pto.partition_tensor_view<16x16xi32>)
      return
    }"""
    m = ir.Module.parse(text)
    func = m.body.operations[0]
    it = Interpreter({0: ArrayBuffer(np.zeros(256, dtype=np.int32))}, compute=True)
    # Fill left/right with -128 by hand: each product is 2^14, 32 of them 2^19,
    # preset the accumulator near INT32_MAX so that .acc wraps.
    it.run(func)  # zeros: allocates the tiles
    tiles = [v for v in it.env.values() if hasattr(v, "loc")]
    left = next(t for t in tiles if t.loc == "left")
    right = next(t for t in tiles if t.loc == "right")
    left.write(np.full((16, 32), 0x80, dtype=np.uint8))
    right.write(np.full((32, 16), 0x80, dtype=np.uint8))
    it.stores.clear()
    it.run(func)
    got = it.args[0].data.view(np.int32)
    assert (got == 2 * 32 * 128 * 128).all()


def test_textract_bounds(ctx):
    text = """
    func.func @f(%c32: index) {
      %m = pto.alloc_tile : !pto.tile_buf<mat, 16x64xi8, blayout=col_major, slayout=row_major>
      %l = pto.alloc_tile : !pto.tile_buf<left, 16x64xi8, slayout=row_major>
      pto.textract ins(%m, %c32, %c32 : !pto.tile_buf<mat, 16x64xi8, blayout=col_major, slayout=row_major>, index, index) outs(%l : !pto.tile_buf<left, 16x64xi8, slayout=row_major>)
      return
    }"""
    m = ir.Module.parse(text)
    with pytest.raises(SimError, match="lies outside the 16x64 source"):
        Interpreter({0: 32}, compute=True).run(m.body.operations[0])
    # Without compute (the addressing check) tile ops are not executed.
    Interpreter({0: 32}).run(m.body.operations[0])


def test_addresses_beyond_the_buffer_are_errors(ctx):
    text = """
    func.func @f() {
      %a = arith.constant 49152 : i64
      %r = pto.alloc_tile addr = %a : !pto.tile_buf<right, 256x128xi8, slayout=col_major>
      return
    }"""
    _level3(ctx)
    m = ir.Module.parse(text)
    with pytest.raises(SimError, match="does not fit the 65536-byte buffer"):
        Interpreter(compute=True).run(m.body.operations[0])


# --------------------------------------------------------------------------- geometry


def test_l0_chunks():
    # Seed 001: right [K, 256] i8 fits 64 KiB for K = 256, not 512.
    assert G.l0_k_chunk(64, 512, 256, 8) == 256
    assert G.l0_k_chunk(64, 1024, 128, 16) == 256
    assert G.l0_k_chunk(16, 48, 16, 8) is None  # K not a multiple of 32
    assert G.l0_k_chunk(2048, 64, 16, 32) is None  # left 2048x16 f32 > 64 KiB
    # A K of 2**62 (fuzz seed 44 #5378 hung here): the chunk is found among
    # what L0 holds, not by trying every multiple of 32 up to K.
    assert G.l0_k_chunk(64, 2**62, 256, 8) == 256  # right [256, 256] i8: 64 KiB
    assert G.l0_k_chunk(2**40, 2**62, 16, 8) is None
    assert (G.k_align(8), G.k_align(16), G.k_align(32)) == (32, 16, 16)
    assert (G.n_align(8, True), G.n_align(8, False), G.n_align(16, False)) == (16, 32, 16)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([8, 16, 32]), st.integers(1, 8), st.integers(1, 64), st.integers(1, 16))
def test_l0_chunk_fits_and_divides(bits, m16, k_units, n16):
    m, n = 16 * m16, 16 * n16
    k = G.k_align(bits) * k_units
    chunk = G.l0_k_chunk(m, k, n, bits)
    if chunk is None:
        a = G.k_align(bits)
        assert (
            G.tile_bytes(m, a, bits) > G.CAPACITY["left"]
            or G.tile_bytes(a, n, bits) > G.CAPACITY["right"]
        )
        return
    assert k % chunk == 0 and chunk % G.k_align(bits) == 0
    assert G.tile_bytes(m, chunk, bits) <= G.CAPACITY["left"]
    assert G.tile_bytes(chunk, n, bits) <= G.CAPACITY["right"]
    # The largest such chunk.
    bigger = [c for c in range(chunk + G.k_align(bits), k + 1, G.k_align(bits)) if k % c == 0]
    for c in bigger:
        assert (
            G.tile_bytes(m, c, bits) > G.CAPACITY["left"]
            or G.tile_bytes(c, n, bits) > G.CAPACITY["right"]
        )


def test_tmov_keeps_logical_values_across_layouts(ctx):
    """mat (NZ) -> left (zZ): the bytes move, the logical tile stays."""
    text = """
    func.func @f(%x: !pto.ptr<f16>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %v = pto.make_tensor_view %x, shape = [%c32, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
      %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x32xf16>
      %m = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
      pto.tload ins(%p : !pto.partition_tensor_view<32x32xf16>) outs(%m : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
      %l = pto.alloc_tile : !pto.tile_buf<left, 32x32xf16, slayout=row_major>
      pto.tmov ins(%m : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) outs(%l : !pto.tile_buf<left, 32x32xf16, slayout=row_major>)
      return
    }"""
    m = ir.Module.parse(text)
    data = np.arange(32 * 32, dtype=np.float16).reshape(32, 32)
    it = Interpreter({0: ArrayBuffer(data)}, compute=True)
    it.run(m.body.operations[0])
    tiles = {t.loc: t for t in it.env.values() if hasattr(t, "loc")}
    left, mat = tiles["left"], tiles["mat"]
    assert np.array_equal(left.read().view(np.float16), data)
    # ... while the bytes are laid out differently in the two buffers.
    assert not np.array_equal(left.buffer[:2048], mat.buffer[:2048])
