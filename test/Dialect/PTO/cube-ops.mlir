// Cube, tile-move and view ops print in PTOAS's syntax and re-parse to themselves.
// RUN: ptonz-opt %s --pto-arch=a5 | ptonz-opt --pto-arch=a5 | FileCheck %s
// RUN: ptonz-opt %s --pto-arch=a5 --mlir-print-op-generic | ptonz-opt --pto-arch=a5 | FileCheck %s

!L = !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>
!R = !pto.tile_buf<right, 32x16xf16, blayout=row_major, slayout=col_major>
!C = !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
!B = !pto.tile_buf<bias, 1x16xf32>
!L1 = !pto.tile_buf<left, 1x32xf16, blayout=col_major, slayout=row_major>
!C1 = !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
!LX = !pto.tile_buf<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>
!RX = !pto.tile_buf<right, 64x16xf8E4M3FN, blayout=row_major, slayout=col_major>
!SA = !pto.tile_buf<scaling, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>
!SB = !pto.tile_buf<scaling, 2x16xf8E8M0FNU, slayout=row_major, fractal=32>
!F = !pto.tile_buf<scaling, 1x16xui64>

// CHECK-LABEL: func.func @matmul_family
// CHECK: pto.alloc_tile : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>
// CHECK: pto.alloc_tile : !pto.tile_buf<right, 32x16xf16, slayout=col_major>
// CHECK: pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK: pto.tmatmul ins(%{{.*}}, %{{.*}} : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, slayout=col_major>) outs(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: pto.tmatmul.acc ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, slayout=col_major>) outs(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: pto.tmatmul.bias ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, slayout=col_major>, !pto.tile_buf<bias, 1x16xf32>) outs(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: pto.alloc_tile : !pto.tile_buf<left, 1x32xf16, blayout=col_major, slayout=row_major>
// CHECK: pto.alloc_tile : !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK: pto.tgemv ins(%{{.*}}, %{{.*}} : !pto.tile_buf<left, 1x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, slayout=col_major>) outs(%{{.*}} : !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: pto.tgemv.acc ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 1x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, slayout=col_major>) outs(%{{.*}} : !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: pto.tgemv.bias ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<left, 1x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, slayout=col_major>, !pto.tile_buf<bias, 1x16xf32>) outs(%{{.*}} : !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: pto.alloc_tile : !pto.tile_buf<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>
// CHECK: pto.alloc_tile : !pto.tile_buf<right, 64x16xf8E4M3FN, slayout=col_major>
// CHECK: pto.alloc_tile : !pto.tile_buf<scaling, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>
// CHECK: pto.alloc_tile : !pto.tile_buf<scaling, 2x16xf8E8M0FNU, slayout=row_major, fractal=32>
// CHECK: pto.tmatmul.mx ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>, !pto.tile_buf<scaling, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>, !pto.tile_buf<right, 64x16xf8E4M3FN, slayout=col_major>, !pto.tile_buf<scaling, 2x16xf8E8M0FNU, slayout=row_major, fractal=32>) outs(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: pto.tmatmul.mx.acc ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>, !pto.tile_buf<scaling, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>, !pto.tile_buf<right, 64x16xf8E4M3FN, slayout=col_major>, !pto.tile_buf<scaling, 2x16xf8E8M0FNU, slayout=row_major, fractal=32>) outs(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: pto.tmatmul.mx.bias ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>, !pto.tile_buf<scaling, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>, !pto.tile_buf<right, 64x16xf8E4M3FN, slayout=col_major>, !pto.tile_buf<scaling, 2x16xf8E8M0FNU, slayout=row_major, fractal=32>, !pto.tile_buf<bias, 1x16xf32>) outs(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
func.func @matmul_family(%b: !B) {
  %l = pto.alloc_tile : !L
  %r = pto.alloc_tile : !R
  %c = pto.alloc_tile : !C
  pto.tmatmul ins(%l, %r : !L, !R) outs(%c : !C)
  pto.tmatmul.acc ins(%c, %l, %r : !C, !L, !R) outs(%c : !C)
  pto.tmatmul.bias ins(%l, %r, %b : !L, !R, !B) outs(%c : !C)
  %l1 = pto.alloc_tile : !L1
  %c1 = pto.alloc_tile : !C1
  pto.tgemv ins(%l1, %r : !L1, !R) outs(%c1 : !C1)
  pto.tgemv.acc ins(%c1, %l1, %r : !C1, !L1, !R) outs(%c1 : !C1)
  pto.tgemv.bias ins(%l1, %r, %b : !L1, !R, !B) outs(%c1 : !C1)
  %lx = pto.alloc_tile : !LX
  %rx = pto.alloc_tile : !RX
  %sa = pto.alloc_tile : !SA
  %sb = pto.alloc_tile : !SB
  pto.tmatmul.mx ins(%lx, %sa, %rx, %sb : !LX, !SA, !RX, !SB) outs(%c : !C)
  pto.tmatmul.mx.acc ins(%c, %lx, %sa, %rx, %sb : !C, !LX, !SA, !RX, !SB) outs(%c : !C)
  pto.tmatmul.mx.bias ins(%lx, %sa, %rx, %sb, %b : !LX, !SA, !RX, !SB, !B) outs(%c : !C)
  return
}

// CHECK-LABEL: func.func @moves
// CHECK: pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK: pto.alloc_tile : !pto.tile_buf<scaling, 1x16xui64>
// CHECK: pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
// CHECK: pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>
// CHECK: pto.tmov ins(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>) {accToVecMode = #pto.acc_to_vec_mode<dual_mode_split_m>, reluPreMode = #pto<relu_pre_mode normal_relu>}
// CHECK: pto.tmov ins(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %{{.*}} : !pto.tile_buf<scaling, 1x16xui64>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>)
// CHECK: "pto.tmov"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>, reluPreMode = #pto<relu_pre_mode no_relu>}> : (!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>, i64) -> ()
// CHECK: pto.tmov.fp ins(%{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<scaling, 1x16xui64>) outs(%{{.*}} : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>)
// CHECK: pto.textract_fp ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<scaling, 1x16xui64>, index, index) outs(%{{.*}} : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>)
// CHECK: pto.tinsert_fp ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<scaling, 1x16xui64>, index, index) outs(%{{.*}} : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>)
// CHECK: pto.tstore_fp ins(%{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<scaling, 1x16xui64>) outs(%{{.*}} : !pto.partition_tensor_view<16x16xf16>)
// CHECK: pto.tprefetch ins(%{{.*}} : !pto.partition_tensor_view<16x16xf16>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>)
func.func @moves(%pv: !pto.partition_tensor_view<16x16xf16>, %q: i64) {
  %c = pto.alloc_tile : !C
  %f = pto.alloc_tile : !F
  %v = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  %m = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  %c0 = arith.constant 0 : index
  pto.tmov ins(%c : !C) outs(%v : !pto.tile_buf<vec, 16x16xf16>) {accToVecMode = #pto.acc_to_vec_mode<dual_mode_split_m>, reluPreMode = #pto<relu_pre_mode normal_relu>}
  pto.tmov ins(%c : !C, %f : !F) outs(%v : !pto.tile_buf<vec, 16x16xf16>)
  // The custom form cannot tell a lone preQuantScalar from fp: generic form.
  "pto.tmov"(%c, %m, %q) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (!C, !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>, i64) -> ()
  pto.tmov.fp ins(%c, %f : !C, !F) outs(%m : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>)
  pto.textract_fp ins(%c, %f, %c0, %c0 : !C, !F, index, index) outs(%m : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>)
  pto.tinsert_fp ins(%c, %f, %c0, %c0 : !C, !F, index, index) outs(%m : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>)
  pto.tstore_fp ins(%c, %f : !C, !F) outs(%pv : !pto.partition_tensor_view<16x16xf16>)
  pto.tprefetch ins(%pv : !pto.partition_tensor_view<16x16xf16>) outs(%v : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// CHECK-LABEL: func.func @views
// CHECK: pto.addptr %{{.*}}, %{{.*}} : <f32> -> <f32>
// CHECK: pto.load_scalar %{{.*}}[%{{.*}}] : !pto.ptr<f32> -> f32
// CHECK: pto.store_scalar %{{.*}}, %{{.*}}[%{{.*}}] : !pto.ptr<f32>, f32
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xf32>
// CHECK: pto.get_tensor_view_dim %{{.*}}, %{{.*}} : !pto.tensor_view<?x?xf32> -> index
// CHECK: pto.alloc_tile : !pto.tile_buf<vec, 32x64xf32>
// CHECK: pto.subset %{{.*}}[%{{.*}}, %{{.*}}] sizes [32, 32] : !pto.tile_buf<vec, 32x64xf32>
// CHECK: pto.bitcast %{{.*}} : !pto.tile_buf<vec, 32x64xf32> -> !pto.tile_buf<vec, 32x64xi32>
// CHECK: pto.treshape %{{.*}} : !pto.tile_buf<vec, 32x64xf32> -> !pto.tile_buf<vec, 64x32xf32>
// CHECK: pto.alloc_tile valid_row = %{{.*}} valid_col = %{{.*}} : !pto.tile_buf<vec, 32x64xf32, valid=?x?>
// CHECK: pto.set_validshape %{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<vec, 32x64xf32, valid=?x?>
func.func @views(%p: !pto.ptr<f32>, %n: index, %s: f32) {
  %p2 = pto.addptr %p, %n : !pto.ptr<f32> -> !pto.ptr<f32>
  %x = pto.load_scalar %p2[%n] : !pto.ptr<f32> -> f32
  pto.store_scalar %s, %p2[%n] : !pto.ptr<f32>, f32
  %tv = pto.make_tensor_view %p, shape = [%n, %n], strides = [%n, %n] : !pto.tensor_view<?x?xf32>
  %d = pto.get_tensor_view_dim %tv, %n : !pto.tensor_view<?x?xf32> -> index
  %t = pto.alloc_tile : !pto.tile_buf<vec, 32x64xf32>
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %sub = pto.subset %t[%c0, %c32] sizes [32, 32] : !pto.tile_buf<vec, 32x64xf32>
  %bc = pto.bitcast %t : !pto.tile_buf<vec, 32x64xf32> -> !pto.tile_buf<vec, 32x64xi32>
  %rs = pto.treshape %t : !pto.tile_buf<vec, 32x64xf32> -> !pto.tile_buf<vec, 64x32xf32>
  %dyn = pto.alloc_tile valid_row = %n valid_col = %n : !pto.tile_buf<vec, 32x64xf32, valid=?x?>
  pto.set_validshape %dyn, %n, %c32 : !pto.tile_buf<vec, 32x64xf32, valid=?x?>
  return
}

// CHECK-LABEL: func.func @memref_tiles
// CHECK: pto.declare_tile_memref -> memref<16x16xf16, #pto.address_space<vec>>
// CHECK: pto.bind_tile %{{.*}}, %{{.*}}, %{{.*}} {config = #pto.tile_buf_config<blayout=#pto.blayout<row_major>, slayout=#pto.slayout<none_box>, s_fractal_size=512, pad=#pto.pad_value<zero>, compact=#pto.compact_mode<null>>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
// CHECK: pto.pointer_cast(%{{.*}}) : memref<16x16xf16, #pto.address_space<vec>>
// CHECK: pto.pointer_cast(%{{.*}}, %{{.*}}) %{{.*}}, %{{.*}} : memref<16x16xf16, #pto.address_space<vec>>
func.func @memref_tiles(%n: index, %a: i64) {
  %m = pto.declare_tile_memref -> memref<16x16xf16, #pto.address_space<vec>>
  %b = pto.bind_tile %m, %n, %n {config = #pto.tile_buf_config<blayout=#pto.blayout<row_major>, slayout=#pto.slayout<none_box>, s_fractal_size=512, pad=#pto.pad_value<zero>, compact=#pto.compact_mode<null>>} : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
  %pc = pto.pointer_cast(%a) : memref<16x16xf16, #pto.address_space<vec>>
  %pc2 = pto.pointer_cast(%a, %a) %n, %n : memref<16x16xf16, #pto.address_space<vec>>
  return
}
