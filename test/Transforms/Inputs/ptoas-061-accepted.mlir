// Accepted by --lower-to-ptoas under PTOAS >= 0.61's layout rules; the
// checks are in this file (ptoas-061-views.mlir runs it).

// A view that is already physical NZ (rank 5, explicit strides PTOAS
// accepts; pypto emits these itself) passes untouched and verified, without
// the blocked mark: f32 R = 128, C = 32 ([1, 4, 8, 16, 8]), read whole.
// CHECK-LABEL: func.func @physical_unmarked
// CHECK-NOT: pto.nz_tensor_views_blocked
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%c1, %c4, %c8, %c16, %c8], strides = [%c4096, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x4x8x16x8xf32, #pto.layout<nz>>
// CHECK: pto.partition_view %{{.*}}, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c4, %c8, %c16, %c8]
// DESC: src:  GlobalTensor<float, pto::Shape<1, 4, 8, 16, 8>, pto::Stride<4096, 1024, 128, 8, 1>, pto::Layout::NZ>
// DESC-NEXT: dst:  !pto.tile_buf<mat, 128x32xf32, blayout=col_major, slayout=row_major>
// DESC-NEXT: at:   ptr + 0 elements
func.func @physical_unmarked(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c4, %c8, %c16, %c8], strides = [%c4096, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x4x8x16x8xf32, #pto.layout<nz>>
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c4, %c8, %c16, %c8] : !pto.tensor_view<1x4x8x16x8xf32, #pto.layout<nz>> -> !pto.partition_tensor_view<1x4x8x16x8xf32, #pto.layout<nz>>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 128x32xf32, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x4x8x16x8xf32, #pto.layout<nz>>) outs(%t : !pto.tile_buf<mat, 128x32xf32, blayout=col_major, slayout=row_major>)
  return
}

// The same with the mark, outer gaps (stride[1] = 2048 > 8 * 128, stride[0]
// > 4 * 2048: legal, C0-aligned) and a batched d0 partition: PTOAS emits
// `Shape<1, ...>` with the parent strides at the pointer offset
// 1 * stride[0] + 2 * stride[1] + 4 * stride[2] = 16384 + 4096 + 512.
// CHECK-LABEL: func.func @physical_gapped_batched
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%c2, %c4, %c8, %c16, %c8], strides = [%c16384, %c2048, %c128, %c8, %c1] {layout = #pto.layout<nz>}
// CHECK: pto.partition_view %{{.*}}, offsets = [%c1, %c2, %c4, %c0, %c0], sizes = [%c1, %c2, %c4, %c16, %c8]
// DESC: src:  GlobalTensor<float, pto::Shape<1, 2, 4, 16, 8>, pto::Stride<16384, 2048, 128, 8, 1>, pto::Layout::NZ>
// DESC-NEXT: dst:  !pto.tile_buf<mat, 64x16xf32, blayout=col_major, slayout=row_major>
// DESC-NEXT: at:   ptr + 20992 elements
func.func @physical_gapped_batched(%p: !pto.ptr<f32>) attributes {pto.nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c2048 = arith.constant 2048 : index
  %c16384 = arith.constant 16384 : index
  %v = pto.make_tensor_view %p, shape = [%c2, %c4, %c8, %c16, %c8], strides = [%c16384, %c2048, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf32>
  %pv = pto.partition_view %v, offsets = [%c1, %c2, %c4, %c0, %c0], sizes = [%c1, %c2, %c4, %c16, %c8] : !pto.tensor_view<?x?x?x?x?xf32> -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 64x16xf32, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x2x4x16x8xf32>) outs(%t : !pto.tile_buf<mat, 64x16xf32, blayout=col_major, slayout=row_major>)
  return
}

// The logical rank-5 weight of issue 25 is blocked: leading [2, 3, 2] fold
// into 12 batches, the partition at [1, 2, 0] is batch 1*6 + 2*2 + 0 = 10,
// so the descriptor is one batch of [12, 2, 2, 16, 32] at 10 * 2048.
// CHECK-LABEL: func.func @logical_rank5
// CHECK-SAME: attributes {pto.nz_tensor_views_blocked}
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%c12, %c2, %c2, %c16, %c32], strides = [%c2048, %c1024, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
// CHECK: pto.partition_view %{{.*}}, offsets = [%c10, %c0, %c0, %c0, %c0], sizes = [%c1, %c2, %c2, %c16, %c32]
// DESC: src:  GlobalTensor<int8_t, pto::Shape<1, 2, 2, 16, 32>, pto::Stride<2048, 1024, 512, 32, 1>, pto::Layout::NZ>
// DESC-NEXT: dst:  !pto.tile_buf<mat, 32x64xi8, blayout=col_major, slayout=row_major>
// DESC-NEXT: at:   ptr + 20480 elements
func.func @logical_rank5(%arg0: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %w = pto.make_tensor_view %arg0, shape = [%c2, %c3, %c2, %c32, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  %t = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %pv = pto.partition_view %w, offsets = [%c1, %c2, %c0, %c0, %c0], sizes = [%c1, %c1, %c1, %c32, %c64] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x1x1x32x64xi8>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x1x1x32x64xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=32, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// Not inferred NZ: a single fractal, a batch (shape[0] > 1), or explicit ND.
// CHECK-LABEL: func.func @not_inferred_nz
func.func @not_inferred_nz(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %single = pto.make_tensor_view %p, shape = [%c1, %c1, %c1, %c16, %c8], strides = [%c128, %c128, %c128, %c8, %c1] : !pto.tensor_view<?x?x?x?x?xf32>
  %batched = pto.make_tensor_view %p, shape = [%c2, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<?x?x?x?x?xf32>
  %nd = pto.make_tensor_view %p, shape = [%c1, %c2, %c1, %c16, %c8], strides = [%c256, %c128, %c128, %c8, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?x?x?x?xf32>
  return
}
