// convert-pl-to-pto of MX scale tensors (A5 microscaling). Not among the
// chunks test/ptoas/lowered-lit-cases.test assembles (0.27 has no MX layouts);
// test/ptoas/mx-0.60.test assembles its lowering with PTOAS 0.60 (the scale
// element pl writes as MLIR's f8E8M0FNU; pto-block-mx-scale-views respells it
// !pto.f8E8M0, as PTOAS does).
// RUN: ptonz-opt --no-mlir-print-debuginfo --convert-pl-to-pto %s | FileCheck %s

// MX scale tensors: the logical pto form (the logical shape, `strides = []`,
// the layout attribute) and the MX scale mat tiles (A: row-major ZZ, B:
// column-major NN, SFractal 32); a backing alias is a view of the same pointer.
// CHECK-LABEL: func.func @mx_scales
// CHECK-SAME: (%[[A:.*]]: !pto.ptr<f8E8M0FNU>, %[[B:.*]]: !pto.ptr<f8E8M0FNU>)
// CHECK: pto.make_tensor_view %[[A]], shape = [%c64, %c4], strides = [] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?xf8E8M0FNU>
// CHECK: pto.make_tensor_view %[[B]], shape = [%c4, %c64], strides = [] {layout = #pto.layout<mx_b_nn>} : !pto.tensor_view<?x?xf8E8M0FNU>
// CHECK: pto.make_tensor_view %[[B]], shape = [%c1, %c256], strides = [%c256, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf8E8M0FNU>
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<16x2xf8E8M0FNU>) outs(%{{.*}} : !pto.tile_buf<mat, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>)
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<2x16xf8E8M0FNU>) outs(%{{.*}} : !pto.tile_buf<mat, 2x16xf8E8M0FNU, blayout=col_major, slayout=col_major, fractal=32>)
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<1x256xf8E8M0FNU>)
func.func @mx_scales(%a: !pl.tensor<64x4xf8E8M0FNU, mx_a_zz>, %b: !pl.tensor<4x64xf8E8M0FNU, mx_b_nn>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %raw = pl.tensor.reinterpret_view %b : !pl.tensor<4x64xf8E8M0FNU, mx_b_nn> -> !pl.tensor<1x256xf8E8M0FNU>
  %ta = pl.tile.load %a, offsets = [%c16, %c2], sizes = [16, 2] {target_memory = #pl.memory<mat>} : !pl.tensor<64x4xf8E8M0FNU, mx_a_zz> -> !pl.tile<16x2xf8E8M0FNU, mat>
  %tb = pl.tile.load %b, offsets = [%c2, %c16], sizes = [2, 16] {target_memory = #pl.memory<mat>} : !pl.tensor<4x64xf8E8M0FNU, mx_b_nn> -> !pl.tile<2x16xf8E8M0FNU, mat>
  %tr = pl.tile.load %raw, offsets = [%c0, %c0], sizes = [1, 256] {target_memory = #pl.memory<vec>} : !pl.tensor<1x256xf8E8M0FNU> -> !pl.tile<1x256xf8E8M0FNU, vec>
  return
}
