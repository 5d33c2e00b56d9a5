// RUN: ptonz-opt --allow-unregistered-dialect --pass-pipeline="builtin.module(pto-block-nz-views, cse)" %s | FileCheck %s
// Idempotency: functions are marked, so a second run changes nothing.
// RUN: ptonz-opt --allow-unregistered-dialect --pto-block-nz-views %s > %t.once.mlir
// RUN: ptonz-opt --allow-unregistered-dialect --pto-block-nz-views %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

// Seed 000: w : [256, 512] i8 -> [1, 16, 16, 16, 32]; the batch is synthesised.
// CHECK-LABEL: func.func @rank2_i8
// CHECK-SAME: attributes {pto.nz_tensor_views_blocked}
// CHECK: %[[V:.*]] = pto.make_tensor_view %arg0, shape = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
// CHECK: pto.partition_view %[[V]], offsets = [%[[Z:.*]], %[[Z1:.*]], %[[Z2:.*]], %{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<1x16x16x16x32xi8>) outs(%{{.*}} : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
func.func @rank2_i8(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %w, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// A static view type stays static; constant offsets fold: [1, 256, 512] of
// [4, 1024, 2048] i8 -> [1, 512/32, 256/16, 0, 0].
// CHECK-LABEL: func.func @rank3_static_const_offsets
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: pto.make_tensor_view %arg0, shape = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<4x64x64x16x32xi8>
// CHECK: pto.partition_view %{{.*}}, offsets = [%{{.*}}, %[[C16]], %[[C16]], %{{.*}}, %{{.*}}], sizes = {{.*}} : !pto.tensor_view<4x64x64x16x32xi8> -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// CHECK-NOT: arith.floordivsi
func.func @rank3_static_const_offsets(%w: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %v = pto.make_tensor_view %w, shape = [%c4, %c1024, %c2048], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<4x1024x2048xi8>
  %pv = pto.partition_view %v, offsets = [%c1, %c256, %c512], sizes = [%c1, %c256, %c512] : !pto.tensor_view<4x1024x2048xi8> -> !pto.partition_tensor_view<1x256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// Symbolic offsets: block index (through index_cast) times a multiple of 16,
// plus an scf.for induction variable; each offset is divided as a whole.
// CHECK-LABEL: func.func @symbolic_offsets_f16
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   %[[KD:.*]] = arith.floordivsi %[[K]], %{{.*}} : index
// CHECK:   %[[RD:.*]] = arith.floordivsi %[[ROW]], %{{.*}} : index
// CHECK:   pto.partition_view %{{.*}}, offsets = [%{{.*}}, %[[KD]], %[[RD]], %{{.*}}, %{{.*}}], {{.*}} -> !pto.partition_tensor_view<1x8x4x16x16xf16>
func.func @symbolic_offsets_f16(%w: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %row = arith.muli %bi, %c64 : index
  %v = pto.make_tensor_view %w, shape = [%c1024, %c1024], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
  scf.for %k = %c0 to %c1024 step %c128 {
    %pv = pto.partition_view %v, offsets = [%row, %k], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<64x128xf16>) outs(%t : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>)
  }
  return
}

// c0 follows the element width: 16 for bf16, 8 for f32, 32 for f8.
// CHECK-LABEL: func.func @element_widths
// CHECK: -> !pto.partition_tensor_view<1x4x2x16x16xbf16>
// CHECK: -> !pto.partition_tensor_view<1x8x2x16x8xf32>
// CHECK: -> !pto.partition_tensor_view<1x2x2x16x32xf8E4M3FN>
func.func @element_widths(%a: !pto.ptr<bf16>, %b: !pto.ptr<f32>, %c: !pto.ptr<f8E4M3FN>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %va = pto.make_tensor_view %a, shape = [%c32, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xbf16>
  %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<32x64xbf16>
  %ta = pto.alloc_tile : !pto.tile_buf<mat, 32x64xbf16, blayout=col_major, slayout=row_major>
  pto.tload ins(%pa : !pto.partition_tensor_view<32x64xbf16>) outs(%ta : !pto.tile_buf<mat, 32x64xbf16, blayout=col_major, slayout=row_major>)
  %vb = pto.make_tensor_view %b, shape = [%c32, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf32>
  %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x64xf32>
  %tb = pto.alloc_tile : !pto.tile_buf<mat, 32x64xf32, blayout=col_major, slayout=row_major>
  pto.tload ins(%pb : !pto.partition_tensor_view<32x64xf32>) outs(%tb : !pto.tile_buf<mat, 32x64xf32, blayout=col_major, slayout=row_major>)
  %vc = pto.make_tensor_view %c, shape = [%c32, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf8E4M3FN>
  %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf8E4M3FN> -> !pto.partition_tensor_view<32x64xf8E4M3FN>
  %tc = pto.alloc_tile : !pto.tile_buf<mat, 32x64xf8E4M3FN, blayout=col_major, slayout=row_major>
  pto.tload ins(%pc : !pto.partition_tensor_view<32x64xf8E4M3FN>) outs(%tc : !pto.tile_buf<mat, 32x64xf8E4M3FN, blayout=col_major, slayout=row_major>)
  return
}

// ND views and functions without NZ views are left alone (and unmarked).
// CHECK-LABEL: func.func @nd_untouched(
// CHECK-NOT: pto.nz_tensor_views_blocked
// CHECK: pto.make_tensor_view %arg0, shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
func.func @nd_untouched(%w: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c0 = arith.constant 0 : index
  %v = pto.make_tensor_view %w, shape = [%c256, %c256], strides = [%c256, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x256xi8>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 256x256xi8>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x256xi8>) outs(%t : !pto.tile_buf<vec, 256x256xi8>)
  return
}

// Integer ranges (issue 11): a difference is accepted where its range is
// non-negative: ub - 256 with ub in [256, 768] is in [0, 512].
// CHECK-LABEL: func.func @subi_proven
// CHECK: %[[D:.*]] = arith.subi
// CHECK: %[[RD:.*]] = arith.floordivsi %[[D]], %{{.*}} : index
// CHECK: pto.partition_view %{{.*}}, offsets = [%{{.*}}, %{{.*}}, %[[RD]], %{{.*}}, %{{.*}}]
func.func @subi_proven(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %v = pto.make_tensor_view %w, shape = [%c1024, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %ub = %c256 to %c1024 step %c256 {
    %row = arith.subi %ub, %c256 : index
    %pv = pto.partition_view %v, offsets = [%row, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  }
  return
}

// shli by a constant, minsi, select; and a loop whose last value (256) is
// what the bounds check uses, not its upper bound minus one (299).
// CHECK-LABEL: func.func @shli_min_select_and_exact_loop_bound
// CHECK-COUNT-2: arith.floordivsi
func.func @shli_min_select_and_exact_loop_bound(%w: !pto.ptr<f16>, %pick: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c300 = arith.constant 300 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %w, shape = [%c512, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
  scf.for %nb = %c0 to %c4 step %c1 {
    %shifted = arith.shli %nb, %c8 : index
    %capped = arith.minsi %shifted, %c256 : index
    %col = arith.select %pick, %capped, %c0 : index
    scf.for %row = %c0 to %c300 step %c256 {
      %pv = pto.partition_view %v, offsets = [%row, %col], sizes = [%c256, %c256] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<256x256xf16>
      %t = pto.alloc_tile : !pto.tile_buf<mat, 256x256xf16, blayout=col_major, slayout=row_major>
      pto.tload ins(%pv : !pto.partition_tensor_view<256x256xf16>) outs(%t : !pto.tile_buf<mat, 256x256xf16, blayout=col_major, slayout=row_major>)
    }
  }
  return
}

// A product in i32 that provably does not wrap ([0, 7] * 256), and an offset
// from get_block_num (in [1, 65535]) that is non-negative: (num - 1) * 512.
// Whether the latter stays inside the view depends on the launch: accepted.
// CHECK-LABEL: func.func @no_wrap_i32_and_block_num
// CHECK-COUNT-2: arith.floordivsi
func.func @no_wrap_i32_and_block_num(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %k = arith.constant 256 : i32
  %c1_i64 = arith.constant 1 : i64
  %c512_i64 = arith.constant 512 : i64
  %num = pto.get_block_num
  %before = arith.subi %num, %c1_i64 : i64
  %cols = arith.muli %before, %c512_i64 : i64
  %col = arith.index_cast %cols : i64 to index
  %v = pto.make_tensor_view %w, shape = [%c2048, %c2048], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %nb = %c0 to %c8 step %c1 {
    %nb32 = arith.index_cast %nb : index to i32
    %n0_32 = arith.muli %nb32, %k : i32
    %n0 = arith.index_cast %n0_32 : i32 to index
    %pv = pto.partition_view %v, offsets = [%n0, %col], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  }
  return
}

// The constant pool takes every int64 as a key: 2^63 - 1 and -2^63 were the
// reserved empty and tombstone keys of the DenseMap it used (a SIGSEGV).
// CHECK-LABEL: func.func @extreme_index_constants
// CHECK-DAG: arith.constant 9223372036854775807 : index
// CHECK-DAG: arith.constant -9223372036854775808 : index
func.func @extreme_index_constants(%w: !pto.ptr<i8>) {
  %max = arith.constant 9223372036854775807 : index
  %min = arith.constant -9223372036854775808 : index
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %w, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  "test.keep"(%max, %min) : (index, index) -> ()
  return
}
