// RUN: ptonz-opt --no-mlir-print-debuginfo --pass-pipeline="builtin.module(pto-block-nz-views, cse)" %s | FileCheck %s
// Idempotency: functions are marked, so a second run changes nothing.
// RUN: ptonz-opt --no-mlir-print-debuginfo --pto-block-nz-views %s > %t.once.mlir
// RUN: ptonz-opt --no-mlir-print-debuginfo --pto-block-nz-views %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// Without cse: each blocked offset is divided once per function.
// RUN: FileCheck %s --check-prefix=SHARED < %t.once.mlir

// Seed 000: w : [256, 512] i8 -> [1, 16, 16, 16, 32]; the batch is synthesised.
// CHECK-LABEL: func.func @rank2_i8
// CHECK-SAME: attributes {pto.nz_tensor_views_blocked}
// CHECK: %[[V:.*]] = pto.make_tensor_view %w, shape = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
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
// CHECK: pto.make_tensor_view %w, shape = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<4x64x64x16x32xi8>
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
// plus an scf.for induction variable; each offset is divided as a whole,
// once, right after its definition (the row's outside the loop).
// CHECK-LABEL: func.func @symbolic_offsets_f16
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[RD:.*]] = arith.floordivsi %[[ROW]], %{{.*}} : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:   %[[KD:.*]] = arith.floordivsi %[[K]], %{{.*}} : index
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
// CHECK: pto.make_tensor_view %w, shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
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
  %keep = arith.addi %max, %min : index
  return
}

// Rank 4 (issue 14, pypto test_folds_leading_axes_into_the_batch_slot):
// [2, 4, 256, 512] i8 folds its leading axes into B = 8; offsets [1, 3]
// address batch 1*4 + 3 = 7.
// CHECK-LABEL: func.func @rank4_const_offsets
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: pto.make_tensor_view %w, shape = [%[[C8]], %{{.*}}], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<8x16x16x16x32xi8>
// CHECK: pto.partition_view %{{.*}}, offsets = [%[[C7]], %[[C0]], %[[C0]], %[[C0]], %[[C0]]], sizes = [{{.*}}] : !pto.tensor_view<8x16x16x16x32xi8> -> !pto.partition_tensor_view<1x16x16x16x32xi8>
func.func @rank4_const_offsets(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %w, shape = [%c2, %c4, %c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<2x4x256x512xi8>
  %pv = pto.partition_view %v, offsets = [%c1, %c3, %c0, %c0], sizes = [%c1, %c1, %c256, %c512] : !pto.tensor_view<2x4x256x512xi8> -> !pto.partition_tensor_view<1x1x256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x1x256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// Symbolic leading offsets proven inside their axes (g in [0, 2), e in
// [0, 4)) recombine to g*4 + e, which cannot wrap (nsw nuw).
// CHECK-LABEL: func.func @rank4_symbolic_offsets
// CHECK: scf.for %[[G:.*]] = {{.*}} {
// CHECK:   scf.for %[[E:.*]] = {{.*}} {
// CHECK:     %[[GE:.*]] = arith.muli %[[G]], %{{.*}} overflow<nsw, nuw> : index
// CHECK:     %[[B:.*]] = arith.addi %[[GE]], %[[E]] overflow<nsw, nuw> : index
// CHECK:     pto.partition_view %{{.*}}, offsets = [%[[B]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32xi8>
func.func @rank4_symbolic_offsets(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %w, shape = [%c2, %c4, %c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?xi8>
  scf.for %g = %c0 to %c2 step %c1 {
    scf.for %e = %c0 to %c4 step %c1 {
      %pv = pto.partition_view %v, offsets = [%g, %e, %c0, %c0], sizes = [%c1, %c1, %c256, %c512] : !pto.tensor_view<?x?x?x?xi8> -> !pto.partition_tensor_view<1x1x256x512xi8>
      %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
      pto.tload ins(%pv : !pto.partition_tensor_view<1x1x256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
    }
  }
  return
}

// Split-K (pypto test_maps_a_split_k_offset_built_from_a_remainder):
// k0 = (blk % 2) * 512 + kb, n0 = (blk floordiv 2) * 128; a remainder of a
// non-negative dividend by 2 is in [0, 1].
// CHECK-LABEL: func.func @split_k_offsets
// CHECK-DAG: %[[KB:.*]] = arith.muli %{{.*}}, %c512 : index
// CHECK-DAG: %[[N0:.*]] = arith.muli %{{.*}}, %c128 : index
// CHECK-DAG: %[[ND:.*]] = arith.floordivsi %[[N0]], %c16 : index
// CHECK: %[[K0:.*]] = arith.addi %[[KB]], %{{.*}} : index
// CHECK-NEXT: %[[KD:.*]] = arith.floordivsi %[[K0]], %c32 : index
// CHECK: pto.partition_view %{{.*}}, offsets = [%c0, %[[KD]], %[[ND]], %c0, %c0], {{.*}} -> !pto.partition_tensor_view<1x16x8x16x32xi8>
func.func @split_k_offsets(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %b = pto.get_block_idx
  %blk = arith.index_cast %b : i64 to index
  %half = arith.remsi %blk, %c2 : index
  %kbase = arith.muli %half, %c512 : index
  %nb = arith.floordivsi %blk, %c2 : index
  %n0 = arith.muli %nb, %c128 : index
  %v = pto.make_tensor_view %w, shape = [%c256, %c1024], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %kb = %c0 to %c512 step %c512 {
    %k0 = arith.addi %kbase, %kb : index
    %pv = pto.partition_view %v, offsets = [%n0, %k0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<128x512xi8>) outs(%t : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>)
  }
  return
}

// Ragged tail (pypto test_blocks_a_ragged_tail_whose_valid_rows_are_a_min):
// valid rows min(800 - o0, 256) are a multiple of 16, so the row-fractal
// size is valid / 16, dynamic; the rows read stay within the 800 rows.
// CHECK-LABEL: func.func @ragged_tail
// CHECK: %[[VALID:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
// CHECK: %[[VD:.*]] = arith.floordivsi %[[VALID]], %c16 : index
// CHECK: pto.partition_view %{{.*}}, offsets = [%c0, %c0, %{{.*}}, %c0, %c0], sizes = [%c1, %c16, %[[VD]], %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x?x16x32xi8>
// CHECK: pto.alloc_tile valid_row = %[[VALID]] : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
func.func @ragged_tail(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c800 = arith.constant 800 : index
  %v = pto.make_tensor_view %w, shape = [%c800, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %ob = %c0 to %c4 step %c1 {
    %o0 = arith.muli %ob, %c256 : index
    %rest = arith.subi %c800, %o0 : index
    %valid = arith.minsi %rest, %c256 : index
    %pv = pto.partition_view %v, offsets = [%o0, %c0], sizes = [%valid, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x512xi8>
    %t = pto.alloc_tile valid_row = %valid : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<?x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>)
  }
  return
}

// A static valid row count narrows the blocked sizes (pypto
// test_a_valid_shape_load_within_the_bound_is_accepted): 16 of 32 rows of
// [65536, 64] i8 -> sizes [1, 2, 1, 16, 32]; the GM gap is 65536 - 16 = 65520.
// The partition is the tile's valid part (PTOAS: equal element counts).
// CHECK-LABEL: func.func @static_valid_rows
// CHECK: -> !pto.partition_tensor_view<1x2x1x16x32xi8>
func.func @static_valid_rows(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c65536 = arith.constant 65536 : index
  %v = pto.make_tensor_view %w, shape = [%c65536, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x64xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 32x64xi8, valid=16x64, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xi8>) outs(%t : !pto.tile_buf<mat, 32x64xi8, valid=16x64, blayout=col_major, slayout=row_major>)
  return
}

// pypto's tiles: valid dims typed `?` whose alloc_tile gives them as constants
// (`valid_row = %c16 valid_col = %c64`) count as those constants: 16 valid rows
// of the 32-row tile, every column valid.
// CHECK-LABEL: func.func @constant_valid_operands
// CHECK: -> !pto.partition_tensor_view<1x2x1x16x32xi8>
func.func @constant_valid_operands(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c65536 = arith.constant 65536 : index
  %v = pto.make_tensor_view %w, shape = [%c65536, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x64xi8>
  %t = pto.alloc_tile valid_row = %c16 valid_col = %c64 : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// The GM gap guard (pto-isa#317): 65536 - 16 = 65520 32-byte blocks is the
// largest gap a fractal-aligned load has, and is accepted; a single column
// block is one burst, so 65552 - 16 = 65536 is fine there.
// CHECK-LABEL: func.func @gm_gap_limits
// CHECK: -> !pto.partition_tensor_view<1x16x1x16x32xi8>
// CHECK: -> !pto.partition_tensor_view<1x1x1x16x32xi8>
func.func @gm_gap_limits(%w: !pto.ptr<i8>, %x: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c65536 = arith.constant 65536 : index
  %c65552 = arith.constant 65552 : index
  %v = pto.make_tensor_view %w, shape = [%c65536, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x512xi8>) outs(%t : !pto.tile_buf<mat, 16x512xi8, blayout=col_major, slayout=row_major>)
  %v1 = pto.make_tensor_view %x, shape = [%c65552, %c32], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv1 = pto.partition_view %v1, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x32xi8>
  %t1 = pto.alloc_tile : !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv1 : !pto.partition_tensor_view<16x32xi8>) outs(%t1 : !pto.tile_buf<mat, 16x32xi8, blayout=col_major, slayout=row_major>)
  return
}

// Non-square cases with every blocked shape, offset and size operand checked
// exactly: a swap of the col/c0 and row/16 axes (in the view, the partition's
// offsets or its sizes) changes an operand here.

// [128, 512] i8 -> [1, 512/32, 128/16, 16, 32] = [1, 16, 8, 16, 32]; the
// partition at [64, 256] of [64, 256] -> offsets [0, 256/32, 64/16, 0, 0],
// sizes [1, 256/32, 64/16, 16, 32].
// CHECK-LABEL: func.func @nonsquare_i8
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[V:.*]] = pto.make_tensor_view %w, shape = [%[[C1]], %[[C16]], %[[C8]], %[[C16]], %[[C32]]], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
// CHECK: pto.partition_view %[[V]], offsets = [%[[C0]], %[[C8]], %[[C4]], %[[C0]], %[[C0]]], sizes = [%[[C1]], %[[C8]], %[[C4]], %[[C16]], %[[C32]]] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x8x4x16x32xi8>
func.func @nonsquare_i8(%w: !pto.ptr<i8>) {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %w, shape = [%c128, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c64, %c256], sizes = [%c64, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x256xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 64x256xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<64x256xi8>) outs(%t : !pto.tile_buf<mat, 64x256xi8, blayout=col_major, slayout=row_major>)
  return
}

// A dynamic batch and c0 = 16: [%b, 64, 128] f16 -> [%b, 128/16, 64/16, 16, 16];
// the partition at [0, 32, 64] -> offsets [0, 64/16, 32/16, 0, 0].
// CHECK-LABEL: func.func @nonsquare_f16_dynamic_batch
// CHECK-SAME: (%[[W:.*]]: !pto.ptr<f16>, %[[B:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[V:.*]] = pto.make_tensor_view %[[W]], shape = [%[[B]], %[[C8]], %[[C4]], %[[C16]], %[[C16]]], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
// CHECK: pto.partition_view %[[V]], offsets = [%[[C0]], %[[C4]], %[[C2]], %[[C0]], %[[C0]]], sizes = [%[[C1]], %[[C4]], %[[C2]], %[[C16]], %[[C16]]] : !pto.tensor_view<?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x4x2x16x16xf16>
func.func @nonsquare_f16_dynamic_batch(%w: !pto.ptr<f16>, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v = pto.make_tensor_view %w, shape = [%b, %c64, %c128], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?xf16>
  %pv = pto.partition_view %v, offsets = [%c0, %c32, %c64], sizes = [%c1, %c32, %c64] : !pto.tensor_view<?x?x?xf16> -> !pto.partition_tensor_view<1x32x64xf16>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 32x64xf16, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x32x64xf16>) outs(%t : !pto.tile_buf<mat, 32x64xf16, blayout=col_major, slayout=row_major>)
  return
}

// A static batch: [3, 64, 512] i8 -> [3, 16, 4, 16, 32] (in the view type too);
// the partition at [1, 0, 256] -> offsets [1, 256/32, 0, 0, 0].
// CHECK-LABEL: func.func @nonsquare_i8_static_batch
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[V:.*]] = pto.make_tensor_view %w, shape = [%[[C3]], %[[C16]], %[[C4]], %[[C16]], %[[C32]]], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<3x16x4x16x32xi8>
// CHECK: pto.partition_view %[[V]], offsets = [%[[C1]], %[[C8]], %[[C0]], %[[C0]], %[[C0]]], sizes = [%[[C1]], %[[C8]], %[[C4]], %[[C16]], %[[C32]]] : !pto.tensor_view<3x16x4x16x32xi8> -> !pto.partition_tensor_view<1x8x4x16x32xi8>
func.func @nonsquare_i8_static_batch(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %w, shape = [%c3, %c64, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<3x64x512xi8>
  %pv = pto.partition_view %v, offsets = [%c1, %c0, %c256], sizes = [%c1, %c64, %c256] : !pto.tensor_view<3x64x512xi8> -> !pto.partition_tensor_view<1x64x256xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 64x256xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x64x256xi8>) outs(%t : !pto.tile_buf<mat, 64x256xi8, blayout=col_major, slayout=row_major>)
  return
}

// Quotients are shared (the SHARED run has no cse): an offset divided for
// two views, in a loop and under a branch, is divided once, right after its
// definition, where it dominates every use of the offset; an offset the
// function receives, after the pooled constants; an induction variable, at
// the start of its loop body.
// SHARED-LABEL: func.func @shared_quotients(
// SHARED-SAME:    %[[R:[a-z0-9_]+]]: index {ptonz.arg_range
// SHARED:         %[[C16:.*]] = arith.constant 16 : index
// SHARED:         %[[RF:.*]] = arith.floordivsi %[[R]], %[[C16]] : index
// SHARED-NEXT:    pto.get_block_idx
// SHARED:         %[[ROW:.*]] = arith.muli
// SHARED-NEXT:    %[[ROWF:.*]] = arith.floordivsi %[[ROW]], %[[C16]] : index
// SHARED:         scf.for %[[K:.*]] = {{.*}} {
// SHARED-NEXT:      %[[KF:.*]] = arith.floordivsi %[[K]], %[[C16]] : index
// SHARED-NEXT:      pto.partition_view %{{.*}}, offsets = [%{{.*}}, %[[KF]], %[[ROWF]], %{{.*}}, %{{.*}}]
// SHARED-NOT:       arith.floordivsi
// SHARED:           pto.partition_view %{{.*}}, offsets = [%{{.*}}, %[[KF]], %[[RF]], %{{.*}}, %{{.*}}]
// SHARED:         scf.if
// SHARED-NOT:       arith.floordivsi
// SHARED:           pto.partition_view %{{.*}}, offsets = [%{{.*}}, %{{.*}}, %[[ROWF]], %{{.*}}, %{{.*}}]
// SHARED-NOT:       arith.floordivsi
// SHARED:           pto.partition_view %{{.*}}, offsets = [%{{.*}}, %{{.*}}, %[[RF]], %{{.*}}, %{{.*}}]
// SHARED:         return
func.func @shared_quotients(%w1: !pto.ptr<f16>, %w2: !pto.ptr<f16>, %r: index {ptonz.arg_range = array<i64: 0, 512, 64>}, %p: i1) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %row = arith.muli %bi, %c64 : index
  %v1 = pto.make_tensor_view %w1, shape = [%c1024, %c1024], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
  %v2 = pto.make_tensor_view %w2, shape = [%c1024, %c1024], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
  scf.for %k = %c0 to %c1024 step %c128 {
    %pa = pto.partition_view %v1, offsets = [%row, %k], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
    %ta = pto.alloc_tile : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>
    pto.tload ins(%pa : !pto.partition_tensor_view<64x128xf16>) outs(%ta : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>)
    %pb = pto.partition_view %v2, offsets = [%r, %k], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
    %tb = pto.alloc_tile : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>
    pto.tload ins(%pb : !pto.partition_tensor_view<64x128xf16>) outs(%tb : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>)
  }
  scf.if %p {
    %pc = pto.partition_view %v2, offsets = [%row, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
    %tc = pto.alloc_tile : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>
    pto.tload ins(%pc : !pto.partition_tensor_view<64x128xf16>) outs(%tc : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>)
    %pd = pto.partition_view %v1, offsets = [%r, %c128], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
    %td = pto.alloc_tile : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>
    pto.tload ins(%pd : !pto.partition_tensor_view<64x128xf16>) outs(%td : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>)
  }
  return
}

// PTOAS's own scalar types block by their storage: a one-byte !pto.hif8 or
// !pto.f8E8M0 as i8 (c0 = 32), a !pto.hif8x2 pair of bytes as a 16-bit
// element (c0 = 16 pairs: the same 32 bytes as 32 hif8 values). (Was:
// rejected, "which has no bit width".) pto-verify-ptoas, not this pass, says
// which of them a PTOAS release can assemble.
// (cse drops the unread partitions: SHARED, without it, checks them.)
// CHECK-LABEL: func.func @ptoas_scalar_elements
// CHECK: pto.make_tensor_view %a, shape = [%c1, %c16, %c16, %c16, %c32], {{.*}} : !pto.tensor_view<?x?x?x?x?x!pto.hif8>
// CHECK: pto.make_tensor_view %b, shape = [%c1, %c16, %c16, %c16, %c32], {{.*}} : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0>
// CHECK: pto.make_tensor_view %c, shape = [%c1, %c16, %c16, %c16, %c16], {{.*}} : !pto.tensor_view<?x?x?x?x?x!pto.hif8x2>
// SHARED-LABEL: func.func @ptoas_scalar_elements
// SHARED: pto.partition_view {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32x!pto.hif8>
// SHARED: pto.partition_view {{.*}} -> !pto.partition_tensor_view<1x16x16x16x32x!pto.f8E8M0>
// SHARED: pto.partition_view {{.*}} -> !pto.partition_tensor_view<1x16x16x16x16x!pto.hif8x2>
func.func @ptoas_scalar_elements(%a: !pto.ptr<!pto.hif8>, %b: !pto.ptr<!pto.f8E8M0>, %c: !pto.ptr<!pto.hif8x2>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %va = pto.make_tensor_view %a, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x!pto.hif8>
  %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?x!pto.hif8> -> !pto.partition_tensor_view<256x512x!pto.hif8>
  %vb = pto.make_tensor_view %b, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x!pto.f8E8M0>
  %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?x!pto.f8E8M0> -> !pto.partition_tensor_view<256x512x!pto.f8E8M0>
  %vc = pto.make_tensor_view %c, shape = [%c256, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x!pto.hif8x2>
  %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c256, %c256] : !pto.tensor_view<?x?x!pto.hif8x2> -> !pto.partition_tensor_view<256x256x!pto.hif8x2>
  return
}
