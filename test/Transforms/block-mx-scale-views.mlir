// RUN: ptonz-opt --no-mlir-print-debuginfo --pto-block-mx-scale-views %s | FileCheck %s
// Idempotency: functions are marked, so a second run changes nothing.
// RUN: ptonz-opt --no-mlir-print-debuginfo --pto-block-mx-scale-views %s > %t.once.mlir
// RUN: ptonz-opt --no-mlir-print-debuginfo --pto-block-mx-scale-views %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// The whole pipeline fills the row-major strides of the blocked shape.
// RUN: ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas %s | FileCheck %s --check-prefix=LOWER
// (The `// -----` lines split the cases for test/ptoas/mx-0.60.test, which
// assembles each with PTOAS 0.60; the RUN lines here read the file whole.)

// MX_A_ZZ [64, 4] -> [1, 4, 2, 16, 2]; a load at [16, 2] of [16, 2] -> offsets
// [0, 1, 1, 0, 0], sizes [1, 1, 1, 16, 2].
// CHECK-LABEL: func.func @mx_a
// CHECK-SAME: attributes {pto.mx_tensor_views_blocked}
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[V:.*]] = pto.make_tensor_view %p, shape = [%[[C1]], %[[C4]], %[[C2]], %[[C16]], %[[C2]]], strides = [] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<1x4x2x16x2x!pto.f8E8M0>
// CHECK: pto.partition_view %[[V]], offsets = [%[[C0]], %[[C1]], %[[C1]], %[[C0]], %[[C0]]], sizes = [%[[C1]], %[[C1]], %[[C1]], %[[C16]], %[[C2]]] : !pto.tensor_view<1x4x2x16x2x!pto.f8E8M0> -> !pto.partition_tensor_view<1x1x1x16x2x!pto.f8E8M0>
// LOWER-LABEL: func.func @mx_a
// LOWER: pto.make_tensor_view %p, shape = [%c1, %c4, %c2, %c16, %c2], strides = [%c256, %c64, %c32, %c2, %c1] {layout = #pto.layout<mx_a_zz>}
func.func @mx_a(%p: !pto.ptr<f8E8M0FNU>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c4], strides = [] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<64x4xf8E8M0FNU>
  %pv = pto.partition_view %v, offsets = [%c16, %c2], sizes = [%c16, %c2] : !pto.tensor_view<64x4xf8E8M0FNU> -> !pto.partition_tensor_view<16x2xf8E8M0FNU>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x2xf8E8M0FNU>) outs(%t : !pto.tile_buf<mat, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>)
  return
}

// -----

// MX_B_NN [G, N] = [8, 96] -> [1, N/16, G/2, 16, 2] = [1, 6, 4, 16, 2]: the block
// axis is N (dimension 1). A load at [g0, n0] = [4, 32] of [4, 32] -> offsets
// [0, 32/16, 4/2, 0, 0] = [0, 2, 2, 0, 0], sizes [1, 2, 2, 16, 2].
// CHECK-LABEL: func.func @mx_b_not_square
// CHECK: pto.make_tensor_view %p, shape = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], strides = [] {layout = #pto.layout<mx_b_nn>} : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0>
// CHECK: -> !pto.partition_tensor_view<1x2x2x16x2x!pto.f8E8M0>
// LOWER-LABEL: func.func @mx_b_not_square
// LOWER: pto.make_tensor_view %p, shape = [%c1, %c6, %c4, %c16, %c2], strides = [%c768, %c128, %c32, %c2, %c1] {layout = #pto.layout<mx_b_nn>}
// LOWER: pto.partition_view %{{.*}}, offsets = [%c0, %c2, %c2, %c0, %c0], sizes = [%c1, %c2, %c2, %c16, %c2]
func.func @mx_b_not_square(%p: !pto.ptr<f8E8M0FNU>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c96 = arith.constant 96 : index
  %v = pto.make_tensor_view %p, shape = [%c8, %c96], strides = [] {layout = #pto.layout<mx_b_nn>} : !pto.tensor_view<?x?xf8E8M0FNU>
  %pv = pto.partition_view %v, offsets = [%c4, %c32], sizes = [%c4, %c32] : !pto.tensor_view<?x?xf8E8M0FNU> -> !pto.partition_tensor_view<4x32xf8E8M0FNU>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 4x32xf8E8M0FNU, blayout=col_major, slayout=col_major, fractal=32>
  pto.tload ins(%pv : !pto.partition_tensor_view<4x32xf8E8M0FNU>) outs(%t : !pto.tile_buf<mat, 4x32xf8E8M0FNU, blayout=col_major, slayout=col_major, fractal=32>)
  return
}

// -----

// A narrowed valid part keeps the complete physical window: a [32, 2] tile with
// valid [16, 2] loads sizes [1, 2, 1, 16, 2]; the tile stays valid=16x2.
// CHECK-LABEL: func.func @narrowed_valid
// CHECK: -> !pto.partition_tensor_view<1x2x1x16x2x!pto.f8E8M0>
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<1x2x1x16x2x!pto.f8E8M0>) outs(%{{.*}} : !pto.tile_buf<mat, 32x2x!pto.f8E8M0, valid=16x2, slayout=row_major, fractal=32>)
func.func @narrowed_valid(%p: !pto.ptr<f8E8M0FNU>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c4], strides = [] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?xf8E8M0FNU>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c2] : !pto.tensor_view<?x?xf8E8M0FNU> -> !pto.partition_tensor_view<16x2xf8E8M0FNU>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 32x2xf8E8M0FNU, valid=16x2, slayout=row_major, fractal=32>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x2xf8E8M0FNU>) outs(%t : !pto.tile_buf<mat, 32x2xf8E8M0FNU, valid=16x2, slayout=row_major, fractal=32>)
  return
}

// -----

// k0 in [256, 2048) step 256, g = k0 floordiv 32: a [16, 8] load at [0, g] of a
// [16, 64] MX_A tensor: the group offset g is divided whole by 2, sizes
// [1, 1, 4, 16, 2].
// CHECK-LABEL: func.func @floordiv_loop_offset
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   %[[G:.*]] = arith.floordivsi %[[K]], %{{.*}} : index
// CHECK:   %[[GD:.*]] = arith.floordivsi %[[G]], %{{.*}} : index
// CHECK:   pto.partition_view %{{.*}}, offsets = [%{{.*}}, %{{.*}}, %[[GD]], %{{.*}}, %{{.*}}], {{.*}} -> !pto.partition_tensor_view<1x1x4x16x2x!pto.f8E8M0>
func.func @floordiv_loop_offset(%p: !pto.ptr<f8E8M0FNU>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c2048 = arith.constant 2048 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c64], strides = [] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?xf8E8M0FNU>
  scf.for %k0 = %c256 to %c2048 step %c256 {
    %g = arith.floordivsi %k0, %c32 : index
    %pv = pto.partition_view %v, offsets = [%c0, %g], sizes = [%c16, %c8] : !pto.tensor_view<?x?xf8E8M0FNU> -> !pto.partition_tensor_view<16x8xf8E8M0FNU>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 16x8xf8E8M0FNU, slayout=row_major, fractal=32>
    pto.tload ins(%pv : !pto.partition_tensor_view<16x8xf8E8M0FNU>) outs(%t : !pto.tile_buf<mat, 16x8xf8E8M0FNU, slayout=row_major, fractal=32>)
  }
  return
}

// -----

// An offset passed as a scalar argument is proven at every call site (both
// callers pass multiples of 16); the call-site facts do not stay in the IR.
// CHECK-LABEL: func.func @callee
// CHECK-NOT: ptonz.arg_range
// CHECK: %[[RD:.*]] = arith.floordivsi %row, %{{.*}} : index
// CHECK: pto.partition_view %{{.*}}, offsets = [%{{.*}}, %[[RD]], %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-LABEL: func.func @caller
func.func @callee(%p: !pto.ptr<f8E8M0FNU>, %row: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c2], strides = [] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?xf8E8M0FNU>
  %pv = pto.partition_view %v, offsets = [%row, %c0], sizes = [%c16, %c2] : !pto.tensor_view<?x?xf8E8M0FNU> -> !pto.partition_tensor_view<16x2xf8E8M0FNU>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x2xf8E8M0FNU>) outs(%t : !pto.tile_buf<mat, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>)
  return
}
func.func @caller(%p: !pto.ptr<f8E8M0FNU>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  func.call @callee(%p, %c0) : (!pto.ptr<f8E8M0FNU>, index) -> ()
  func.call @callee(%p, %c32) : (!pto.ptr<f8E8M0FNU>, index) -> ()
  return
}

// -----

// A store of whole boxes (a quantising kernel writes its scales): blocked the
// same way as a load, at MX_B [g0, n0] = [2, 16] -> [0, 1, 1, 0, 0].
// CHECK-LABEL: func.func @store_mx_b
// CHECK: pto.tstore ins(%{{.*}} : !pto.tile_buf<{{.*}}>) outs(%{{.*}} : !pto.partition_tensor_view<1x1x1x16x2x!pto.f8E8M0>)
func.func @store_mx_b(%p: !pto.ptr<f8E8M0FNU>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%c4, %c32], strides = [] {layout = #pto.layout<mx_b_nn>} : !pto.tensor_view<?x?xf8E8M0FNU>
  %pv = pto.partition_view %v, offsets = [%c2, %c16], sizes = [%c2, %c16] : !pto.tensor_view<?x?xf8E8M0FNU> -> !pto.partition_tensor_view<2x16xf8E8M0FNU>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 2x16xf8E8M0FNU, blayout=col_major, slayout=col_major, fractal=32>
  pto.tstore ins(%t : !pto.tile_buf<mat, 2x16xf8E8M0FNU, blayout=col_major, slayout=col_major, fractal=32>) outs(%pv : !pto.partition_tensor_view<2x16xf8E8M0FNU>)
  return
}
