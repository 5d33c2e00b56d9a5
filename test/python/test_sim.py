"""Unit tests of the address-level interpreter (ptonz.sim.interpreter)."""

import numpy as np
import pytest
from mlir import ir

from ptonz.sim import ArrayBuffer, HashBuffer, Interpreter, SimError
from ptonz.sim.interpreter import hash_values, nz_logical_index, wrap


def _func(ctx, text):
    m = ir.Module.parse(text)
    return m, m.body.operations[0]


def _returned(ctx, text, **kw):
    m, f = _func(ctx, text)
    it = Interpreter(**kw)
    it.run(f)
    return it.returned


def test_wrap_helper():
    assert wrap(200, 8) == -56
    assert wrap(-129, 8) == 127
    assert wrap(1 << 63, 64) == -(1 << 63)
    assert wrap(1, 1) == -1


def test_wraparound_per_bit_width(ctx):
    vals = _returned(
        ctx,
        """
    func.func @f() -> (i8, i16, i32, index, index, i8, i64) {
      %a = arith.constant 100 : i8
      %s8 = arith.addi %a, %a : i8
      %b = arith.constant 300 : i16
      %m16 = arith.muli %b, %b : i16
      %c = arith.constant 2147483647 : i32
      %one = arith.constant 1 : i32
      %s32 = arith.addi %c, %one : i32
      %big = arith.constant 4611686018427387904 : index
      %c4 = arith.constant 4 : index
      %mi = arith.muli %big, %c4 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %neg = arith.subi %c0, %c1 : index
      %t8 = arith.index_cast %big : index to i8
      %e = arith.index_cast %neg : index to i64
      return %s8, %m16, %s32, %mi, %neg, %t8, %e : i8, i16, i32, index, index, i8, i64
    }""",
    )
    assert vals == [-56, wrap(90000, 16), -(1 << 31), 0, -1, 0, -1]


def test_division_and_compare(ctx):
    vals = _returned(
        ctx,
        """
    func.func @f() -> (i32, i32, i32, i1, i1, index, index) {
      %a = arith.constant -7 : i32
      %b = arith.constant 2 : i32
      %fd = arith.floordivsi %a, %b : i32
      %td = arith.divsi %a, %b : i32
      %r = arith.remsi %a, %b : i32
      %slt = arith.cmpi slt, %a, %b : i32
      %ult = arith.cmpi ult, %a, %b : i32
      %c = arith.constant 5 : index
      %d = arith.constant 9 : index
      %sel = arith.select %slt, %c, %d : index
      %x = arith.constant -9223372036854775808 : index
      %m1 = arith.constant -1 : index
      %ov = arith.floordivsi %x, %m1 : index
      return %fd, %td, %r, %slt, %ult, %sel, %ov : i32, i32, i32, i1, i1, index, index
    }""",
    )
    assert vals[:3] == [-4, -3, -1]
    assert vals[3] != 0 and vals[4] == 0
    assert vals[5] == 5
    assert vals[6] == -(1 << 63)  # INT_MIN / -1 wraps


def test_scf_for_iter_args_and_if(ctx):
    vals = _returned(
        ctx,
        """
    func.func @f() -> (index, i8, index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c10 = arith.constant 10 : index
      %z8 = arith.constant 0 : i8
      %c3 = arith.constant 3 : index
      %sum, %acc8 = scf.for %i = %c0 to %c10 step %c1 iter_args(%s = %c0, %t = %z8) -> (index, i8) {
        %n = arith.addi %s, %i : index
        %i8 = arith.index_cast %i : index to i8
        %k = arith.constant 30 : i8
        %p = arith.muli %i8, %k : i8
        %t2 = arith.addi %t, %p : i8
        scf.yield %n, %t2 : index, i8
      }
      %lt = arith.cmpi slt, %sum, %c10 : index
      %r = scf.if %lt -> (index) {
        scf.yield %c1 : index
      } else {
        scf.yield %c3 : index
      }
      return %sum, %acc8, %r : index, i8, index
    }""",
    )
    assert vals == [45, wrap(30 * 45, 8), 3]


def test_block_idx_and_num(ctx):
    vals = _returned(
        ctx,
        """
    func.func @f() -> (i64, i64) {
      %b = pto.get_block_idx
      %n = pto.get_block_num
      return %b, %n : i64, i64
    }""",
        block_idx=5,
        block_num=7,
    )
    assert vals == [5, 7]


ND_PROGRAM = """
func.func @f(%p: !pto.ptr<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%c8, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi32>
  scf.for %i = %c0 to %c2 step %c1 {
    %r0 = arith.muli %i, %c4 : index
    %pv = pto.partition_view %v, offsets = [%r0, %c16], sizes = [%c4, %c32] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<4x32xi32>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 4x32xi32>
    pto.tload ins(%pv : !pto.partition_tensor_view<4x32xi32>) outs(%t : !pto.tile_buf<vec, 4x32xi32>)
  }
  return
}
"""


def test_nd_tload_reads_the_right_elements(ctx):
    m, f = _func(ctx, ND_PROGRAM)
    gm = np.arange(8 * 64, dtype=np.int32).reshape(8, 64)
    recs = Interpreter({0: ArrayBuffer(gm)}).run(f)
    assert len(recs) == 2
    for i, rec in enumerate(recs):
        assert rec.path == (i,)
        assert rec.tile.shape == (4, 32)
        np.testing.assert_array_equal(rec.tile.view(np.int32), gm[4 * i : 4 * i + 4, 16:48])
        assert rec.first_offset == (4 * i) * 64 + 16


def test_nd_view_with_empty_strides_is_row_major(ctx):
    m, f = _func(ctx, ND_PROGRAM.replace("strides = [%c64, %c1]", "strides = []"))
    gm = np.arange(8 * 64, dtype=np.int32)
    recs = Interpreter({0: ArrayBuffer(gm)}).run(f)
    np.testing.assert_array_equal(recs[1].tile.view(np.int32), gm.reshape(8, 64)[4:8, 16:48])


NZ_PROGRAM = """
func.func @f(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c2048 = arith.constant 2048 : index
  %c8192 = arith.constant 8192 : index
  %c512 = arith.constant 512 : index
  // logical [64, 128] i8 NZ: blocked [1, 4, 4, 16, 32]
  %v = pto.make_tensor_view %p, shape = [%c1, %c4, %c4, %c16, %c32], strides = [%c8192, %c2048, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  // logical rows 32..63, cols 64..127
  %pv = pto.partition_view %v, offsets = [%c0, %c2, %c2, %c0, %c0], sizes = [%c1, %c2, %c2, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x2x2x16x32xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 32x64xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x2x2x16x32xi8>) outs(%t : !pto.tile_buf<mat, 32x64xi8, blayout=col_major, slayout=row_major>)
  return
}
"""


def test_blocked_nz_tload_rebuilds_the_logical_tile(ctx):
    m, f = _func(ctx, NZ_PROGRAM)
    rng = np.random.default_rng(1)
    logical = rng.integers(-128, 127, size=(64, 128), dtype=np.int8)
    packed = logical.reshape(4, 16, 4, 32).transpose(2, 0, 1, 3).copy()  # [C/c0, R/16, 16, c0]
    recs = Interpreter({0: ArrayBuffer(packed)}).run(f)
    np.testing.assert_array_equal(recs[0].tile.view(np.int8), logical[32:64, 64:128])
    # The lazy packed buffer gives the same answer as the explicit one.
    lazy_log = hash_values(np.arange(64 * 128), 7, 8).reshape(64, 128)
    recs = Interpreter({0: HashBuffer(64 * 128, 8, seed=7, nz=(1, 64, 128, 32))}).run(f)
    np.testing.assert_array_equal(recs[0].tile, lazy_log[32:64, 64:128])


def test_nz_logical_index_inverts_the_formula():
    B, R, C, c0 = 2, 32, 64, 16
    b, r, c = np.meshgrid(np.arange(B), np.arange(R), np.arange(C), indexing="ij")
    packed = b * R * C + (c // c0) * R * c0 + r * c0 + c % c0
    np.testing.assert_array_equal(nz_logical_index(packed, B, R, C, c0), (b * R * C + r * C + c))


def test_out_of_bounds_read_is_an_error(ctx):
    m, f = _func(ctx, ND_PROGRAM)
    with pytest.raises(SimError, match="outside its buffer"):
        Interpreter({0: ArrayBuffer(np.zeros(100, np.int32))}).run(f)


def test_unknown_op_is_named(ctx):
    ctx.allow_unregistered_dialects = True
    m, f = _func(
        ctx,
        """
    func.func @f() {
      %c = arith.constant 1 : index
      %x = "foo.bar"(%c) : (index) -> index
      return
    }""",
    )
    with pytest.raises(SimError, match="unsupported operation 'foo.bar'"):
        Interpreter().run(f)


def test_other_pto_ops_are_ignored_and_tload_cap(ctx):
    m, f = _func(ctx, ND_PROGRAM)
    it = Interpreter({0: ArrayBuffer(np.zeros(512, np.int32))}, max_tloads=1)
    assert len(it.run(f)) == 1 and it.truncated


# Fuzz finding 4242:1083: GM offsets past int64 (a stride of 2^62 over 32
# rows; pto-verify-ptoas refuses it when the shape is known, the simulator
# must not overflow when run on it anyway).
SPAN_PAST_INT64 = """
func.func @f(%p: !pto.ptr<i8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %big = arith.constant 4611686018427387904 : index
  %v = pto.make_tensor_view %p, shape = [%n, %c32], strides = [%big, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x32xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x32xi8> -> !pto.partition_tensor_view<32x32xi8>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 32x32xi8>
  pto.tload ins(%pv : !pto.partition_tensor_view<32x32xi8>) outs(%t : !pto.tile_buf<vec, 32x32xi8>)
  return
}
"""


def test_gm_offsets_past_int64_are_an_error_not_an_overflow(ctx):
    m, f = _func(ctx, SPAN_PAST_INT64)
    gm = HashBuffer(1 << 40, 8, seed=0)
    with pytest.raises(SimError, match="more than an int64 offset holds"):
        Interpreter({0: gm, 1: 32}).run(f)
