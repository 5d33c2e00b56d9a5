// Every pto op prints in PTOAS's syntax and re-parses to itself, also through
// the generic form.
// RUN: ptonz-opt --no-mlir-print-debuginfo %s | ptonz-opt --no-mlir-print-debuginfo | FileCheck %s
// RUN: ptonz-opt --no-mlir-print-debuginfo %s --mlir-print-op-generic | ptonz-opt --no-mlir-print-debuginfo | FileCheck %s

// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[P:.*]]: !pto.ptr<i8>, %[[Q:.*]]: !pto.ptr<f16>, %[[N:.*]]: index)
func.func @views(%p: !pto.ptr<i8>, %q: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // CHECK: %[[V:.*]] = pto.make_tensor_view %[[P]], shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  // Strides not materialized yet.
  // CHECK: pto.make_tensor_view %[[P]], shape = [%{{.*}}, %{{.*}}], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<256x512xi8>
  %nz = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<256x512xi8>
  // The PTOAS < 0.61 spelling without a comma before `strides` reprints with it.
  // CHECK: pto.make_tensor_view %[[Q]], shape = [%[[N]], %{{.*}}], strides = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x256xf16>
  %old = pto.make_tensor_view %q, shape = [%n, %c256] strides = [%c256, %c1] : !pto.tensor_view<?x256xf16>
  // No layout attribute, rank 1, type-level layout.
  // CHECK: pto.make_tensor_view %[[Q]], shape = [%[[N]]], strides = [%{{.*}}] : !pto.tensor_view<?xf16>
  %r1 = pto.make_tensor_view %q, shape = [%n], strides = [%c1] : !pto.tensor_view<?xf16>
  // The resolved layout of a physical view in its type (PTOAS >= 0.61).
  // CHECK: pto.make_tensor_view %[[P]], shape = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : !pto.tensor_view<1x16x16x16x32xi8, #pto.layout<nz>>
  %b = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c512, %c512, %c512, %c32, %c1] : !pto.tensor_view<1x16x16x16x32xi8, #pto.layout<nz>>
  // CHECK: pto.partition_view %[[V]], offsets = [%{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  // Dynamic offset and size.
  // CHECK: pto.partition_view %{{.*}}, offsets = [%[[N]], %{{.*}}], sizes = [%[[N]], %{{.*}}] : !pto.tensor_view<?x256xf16> -> !pto.partition_tensor_view<?x256xf16>
  %pd = pto.partition_view %old, offsets = [%n, %c0], sizes = [%n, %c256] : !pto.tensor_view<?x256xf16> -> !pto.partition_tensor_view<?x256xf16>
  // Rank-reduced partition.
  // CHECK: pto.partition_view %{{.*}}, offsets = [%{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<512xi8>
  %rr = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c1, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<512xi8>
  return
}

// CHECK-LABEL: func.func @tiles
func.func @tiles(%pv: !pto.partition_tensor_view<16x16xf16>, %r: index, %c: index) {
  // CHECK: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // CHECK: pto.alloc_tile valid_row = %{{.*}} valid_col = %{{.*}} : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
  %d = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
  // CHECK: pto.alloc_tile valid_col = %{{.*}} : !pto.tile_buf<vec, 16x16xf16, valid=16x?>
  %d2 = pto.alloc_tile valid_col = %c : !pto.tile_buf<vec, 16x16xf16, valid=16x?>
  // CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<16x16xf16>) outs(%[[T]] : !pto.tile_buf<vec, 16x16xf16>)
  pto.tload ins(%pv : !pto.partition_tensor_view<16x16xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
  // CHECK: pto.tstore ins(%[[T]] : !pto.tile_buf<vec, 16x16xf16>) outs(%{{.*}} : !pto.partition_tensor_view<16x16xf16>)
  pto.tstore ins(%t : !pto.tile_buf<vec, 16x16xf16>) outs(%pv : !pto.partition_tensor_view<16x16xf16>)
  // CHECK: pto.tmov ins(%[[T]] : !pto.tile_buf<vec, 16x16xf16>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf16, valid=?x?>)
  pto.tmov ins(%t : !pto.tile_buf<vec, 16x16xf16>) outs(%d : !pto.tile_buf<vec, 16x16xf16, valid=?x?>)
  return
}

// CHECK-LABEL: func.func @cube_ops
func.func @cube_ops() {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %m = pto.alloc_tile : !pto.tile_buf<mat, 32x64xf16, blayout=col_major, slayout=row_major>
  %sub = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16, slayout=row_major>
  // CHECK: pto.textract ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<mat, 32x64xf16, blayout=col_major, slayout=row_major>, index, index) outs(%{{.*}} : !pto.tile_buf<left, 16x32xf16, slayout=row_major>)
  pto.textract ins(%m, %c16, %c0 : !pto.tile_buf<mat, 32x64xf16, blayout=col_major, slayout=row_major>, index, index) outs(%sub : !pto.tile_buf<left, 16x32xf16, slayout=row_major>)
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16, slayout=row_major>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xf16, slayout=col_major>
  %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32, blayout=col_major, slayout=row_major, fractal=1024>
  %bias = pto.alloc_tile : !pto.tile_buf<bias, 1x64xf32>
  // CHECK: pto.tmatmul ins(%{{.*}}, %{{.*}} : !pto.tile_buf<left, 16x32xf16, slayout=row_major>, !pto.tile_buf<right, 32x64xf16, slayout=col_major>) outs(%{{.*}} : !pto.tile_buf<acc, 16x64xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xf16, slayout=row_major>, !pto.tile_buf<right, 32x64xf16, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x64xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  // CHECK: pto.tmatmul.acc ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x64xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x32xf16, slayout=row_major>, !pto.tile_buf<right, 32x64xf16, slayout=col_major>) outs(%{{.*}} : !pto.tile_buf<acc, 16x64xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  pto.tmatmul.acc ins(%acc, %l, %r : !pto.tile_buf<acc, 16x64xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x32xf16, slayout=row_major>, !pto.tile_buf<right, 32x64xf16, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x64xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  // CHECK: pto.tmatmul.bias ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<left, 16x32xf16, slayout=row_major>, !pto.tile_buf<right, 32x64xf16, slayout=col_major>, !pto.tile_buf<bias, 1x64xf32>) outs(%{{.*}} : !pto.tile_buf<acc, 16x64xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  pto.tmatmul.bias ins(%l, %r, %bias : !pto.tile_buf<left, 16x32xf16, slayout=row_major>, !pto.tile_buf<right, 32x64xf16, slayout=col_major>, !pto.tile_buf<bias, 1x64xf32>) outs(%acc : !pto.tile_buf<acc, 16x64xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  // int8 x int8 -> int32
  %li = pto.alloc_tile : !pto.tile_buf<left, 16x32xi8>
  %ri = pto.alloc_tile : !pto.tile_buf<right, 32x64xi8>
  %ai = pto.alloc_tile : !pto.tile_buf<acc, 16x64xi32>
  // CHECK: pto.tmatmul ins(%{{.*}}, %{{.*}} : !pto.tile_buf<left, 16x32xi8>, !pto.tile_buf<right, 32x64xi8>) outs(%{{.*}} : !pto.tile_buf<acc, 16x64xi32>)
  pto.tmatmul ins(%li, %ri : !pto.tile_buf<left, 16x32xi8>, !pto.tile_buf<right, 32x64xi8>) outs(%ai : !pto.tile_buf<acc, 16x64xi32>)
  return
}

// CHECK-LABEL: func.func @queries
func.func @queries() -> (i64, i64, i64, i64) {
  // CHECK: %{{.*}} = pto.get_block_idx
  // CHECK: %{{.*}} = pto.get_block_num
  // CHECK: %{{.*}} = pto.get_subblock_idx
  // CHECK: %{{.*}} = pto.get_subblock_num
  %0 = pto.get_block_idx
  %1 = pto.get_block_num
  %2 = pto.get_subblock_idx
  %3 = pto.get_subblock_num
  // CHECK: return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i64, i64
  return %0, %1, %2, %3 : i64, i64, i64, i64
}

// CHECK-LABEL: func.func @sync
func.func @sync() {
  // CHECK: pto.record_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TMATMUL>, <EVENT_ID0>]
  pto.record_event [#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TMATMUL>, #pto.event<EVENT_ID0>]
  // CHECK: pto.wait_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TMATMUL>, <EVENT_ID0>]
  pto.wait_event [#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TMATMUL>, #pto.event<EVENT_ID0>]
  // The deprecated sync_op_type spelling is accepted too.
  // CHECK: pto.record_event[#pto.sync_op_type<TMOV_M2L>, #pto.sync_op_type<TVEC>, <EVENT_ID7>]
  pto.record_event [#pto.sync_op_type<TMOV_M2L>, #pto.sync_op_type<TVEC>, <EVENT_ID7>]
  // CHECK: pto.wait_event[#pto.sync_op_type<TMOV_M2L>, #pto.pipe_event_type<TVEC>, <EVENT_ID7>]
  pto.wait_event [#pto.sync_op_type<TMOV_M2L>, #pto.pipe_event_type<TVEC>, <EVENT_ID7>]
  // CHECK: pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
  pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
  // CHECK: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
  pto.wait_flag[#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_MTE1>, #pto.event<EVENT_ID0>]
  // CHECK: pto.barrier <PIPE_ALL>
  pto.barrier <PIPE_ALL>
  // CHECK: pto.barrier <PIPE_V>
  pto.barrier #pto.pipe<PIPE_V>
  return
}

// CHECK-LABEL: func.func @sections
func.func @sections() {
  // CHECK: pto.section.cube {
  // CHECK-NEXT: pto.barrier <PIPE_M>
  // CHECK-NEXT: }
  pto.section.cube {
    pto.barrier <PIPE_M>
  }
  // CHECK: pto.section.vector {
  // CHECK-NEXT: pto.get_subblock_idx
  // CHECK-NEXT: }
  pto.section.vector {
    %0 = pto.get_subblock_idx
  }
  // CHECK: pto.section.cube {
  // CHECK-NEXT: }
  pto.section.cube {
  }
  return
}

// A realistic cube kernel written with the legacy keyed tile_buf syntax:
// C[64x256] (i32) = sum over k of A[64x(k*128)] x B[(k*128)x256], K tiled by 128.
// CHECK-LABEL: func.func @cube_kernel
// CHECK-SAME: (%[[A:.*]]: !pto.ptr<i8>, %[[B:.*]]: !pto.ptr<i8>, %[[C:.*]]: !pto.ptr<i32>)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<cube>}
// CHECK: %[[AV:.*]] = pto.make_tensor_view %[[A]], shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
// CHECK: %[[BV:.*]] = pto.make_tensor_view %[[B]], shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
// CHECK: %[[CV:.*]] = pto.make_tensor_view %[[C]], shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi32>
// CHECK: %[[AM:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 64x128xi8, blayout=col_major, slayout=row_major>
// CHECK: %[[BM:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 128x256xi8, blayout=col_major, slayout=row_major>
// CHECK: %[[AL:.*]] = pto.alloc_tile : !pto.tile_buf<left, 64x128xi8, slayout=row_major>
// CHECK: %[[BR:.*]] = pto.alloc_tile : !pto.tile_buf<right, 128x256xi8, slayout=col_major>
// CHECK: %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[KOFF:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK: %[[AP:.*]] = pto.partition_view %[[AV]], offsets = [%{{.*}}, %[[KOFF]]], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x128xi8>
// CHECK: %[[BP:.*]] = pto.partition_view %[[BV]], offsets = [%[[KOFF]], %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x256xi8>
// CHECK: pto.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
// CHECK: pto.tload ins(%[[AP]] : !pto.partition_tensor_view<64x128xi8>) outs(%[[AM]] : !pto.tile_buf<mat, 64x128xi8, blayout=col_major, slayout=row_major>)
// CHECK: pto.tload ins(%[[BP]] : !pto.partition_tensor_view<128x256xi8>) outs(%[[BM]] : !pto.tile_buf<mat, 128x256xi8, blayout=col_major, slayout=row_major>)
// CHECK: pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
// CHECK: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
// CHECK: pto.tmov ins(%[[AM]] : !pto.tile_buf<mat, 64x128xi8, blayout=col_major, slayout=row_major>) outs(%[[AL]] : !pto.tile_buf<left, 64x128xi8, slayout=row_major>)
// CHECK: pto.tmov ins(%[[BM]] : !pto.tile_buf<mat, 128x256xi8, blayout=col_major, slayout=row_major>) outs(%[[BR]] : !pto.tile_buf<right, 128x256xi8, slayout=col_major>)
// CHECK: pto.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
// CHECK: pto.set_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID1>]
// CHECK: pto.wait_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID1>]
// CHECK: scf.if %{{.*}} {
// CHECK: pto.tmatmul ins(%[[AL]], %[[BR]] : !pto.tile_buf<left, 64x128xi8, slayout=row_major>, !pto.tile_buf<right, 128x256xi8, slayout=col_major>) outs(%[[ACC]] : !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: } else {
// CHECK: pto.tmatmul.acc ins(%[[ACC]], %[[AL]], %[[BR]] : !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 64x128xi8, slayout=row_major>, !pto.tile_buf<right, 128x256xi8, slayout=col_major>) outs(%[[ACC]] : !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: }
// CHECK: }
// CHECK: pto.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
// CHECK: pto.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
// CHECK: %[[CP:.*]] = pto.partition_view %[[CV]], offsets = [%{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<64x256xi32>
// CHECK: pto.tstore ins(%[[ACC]] : !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%[[CP]] : !pto.partition_tensor_view<64x256xi32>)
// CHECK: pto.barrier <PIPE_ALL>
// CHECK: return
func.func @cube_kernel(%a: !pto.ptr<i8>, %b: !pto.ptr<i8>, %c: !pto.ptr<i32>)
    attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %av = pto.make_tensor_view %a, shape = [%c64, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %bv = pto.make_tensor_view %b, shape = [%c512, %c256], strides = [%c256, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %cv = pto.make_tensor_view %c, shape = [%c64, %c256], strides = [%c256, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi32>
  %am = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %bm = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  %al = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
  %br = pto.alloc_tile : !pto.tile_buf<loc=right, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>
  %acc = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=i32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
  pto.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
  scf.for %k = %c0 to %c4 step %c1 {
    %koff = arith.muli %k, %c128 : index
    %ap = pto.partition_view %av, offsets = [%c0, %koff], sizes = [%c64, %c128] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x128xi8>
    %bp = pto.partition_view %bv, offsets = [%koff, %c0], sizes = [%c128, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x256xi8>
    pto.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    pto.tload ins(%ap : !pto.partition_tensor_view<64x128xi8>) outs(%am : !pto.tile_buf<loc=mat, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    pto.tload ins(%bp : !pto.partition_tensor_view<128x256xi8>) outs(%bm : !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
    pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    pto.tmov ins(%am : !pto.tile_buf<loc=mat, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%al : !pto.tile_buf<loc=left, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.tmov ins(%bm : !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%br : !pto.tile_buf<loc=right, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
    pto.set_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
    pto.set_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID1>]
    pto.wait_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID1>]
    %first = arith.cmpi eq, %k, %c0 : index
    scf.if %first {
      pto.tmatmul ins(%al, %br : !pto.tile_buf<loc=left, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc : !pto.tile_buf<loc=acc, dtype=i32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    } else {
      pto.tmatmul.acc ins(%acc, %al, %br : !pto.tile_buf<loc=acc, dtype=i32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, !pto.tile_buf<loc=left, dtype=i8, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile_buf<loc=right, dtype=i8, rows=128, cols=256, v_row=128, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>) outs(%acc : !pto.tile_buf<loc=acc, dtype=i32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
    }
  }
  pto.wait_flag[<PIPE_MTE1>, <PIPE_MTE2>, <EVENT_ID0>]
  pto.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
  pto.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
  %cp = pto.partition_view %cv, offsets = [%c0, %c0], sizes = [%c64, %c256] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<64x256xi32>
  pto.tstore ins(%acc : !pto.tile_buf<loc=acc, dtype=i32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%cp : !pto.partition_tensor_view<64x256xi32>)
  pto.barrier <PIPE_ALL>
  return
}

// CHECK-LABEL: func.func @addptr
// CHECK: pto.addptr %{{.*}}, %{{.*}} : <i8> -> <i8>
func.func @addptr(%p: !pto.ptr<i8>, %o: index) -> !pto.ptr<i8> {
  %q = pto.addptr %p, %o : !pto.ptr<i8> -> !pto.ptr<i8>
  return %q : !pto.ptr<i8>
}
