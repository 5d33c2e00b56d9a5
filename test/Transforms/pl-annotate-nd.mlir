// pl-annotate-nd: the ND build of a kernel. Every nz !pl.tensor argument is
// annotated nd (same shape and element type, the bytes row-major in GM); the
// ops that read it are unchanged, dn and nd tensors too.
// RUN: ptonz-opt --no-mlir-print-debuginfo --pl-annotate-nd %s | FileCheck %s
// RUN: ptonz-opt --no-mlir-print-debuginfo --pl-annotate-nd --lower-to-ptoas --emit=descriptors %s | FileCheck %s --check-prefix=DESC

// CHECK-LABEL: func.func @k
// CHECK-SAME: (%[[W:.*]]: !pl.tensor<32x2048x4096xi8>, %{{.*}}: !pl.tensor<64x128xf16, dn>, %{{.*}}: !pl.tensor<256x512xbf16>)
// CHECK: pl.tile.load %[[W]], offsets = [%{{.*}}, %{{.*}}, %{{.*}}], sizes = [1, 256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8> -> !pl.tile<256x512xi8, mat>
// CHECK-NOT: nz
// DESC: src:  GlobalTensor<int8_t, pto::Shape<1, 1, 1, 256, 512>, pto::Stride<8388608, 8388608, 8388608, 4096, 1>, pto::Layout::ND>
func.func @k(%w: !pl.tensor<32x2048x4096xi8, nz>, %d: !pl.tensor<64x128xf16, dn>,
             %v: !pl.tensor<256x512xbf16, nz>) {
  %c0 = arith.constant 0 : index
  %wt = pl.tile.load %w, offsets = [%c0, %c0, %c0], sizes = [1, 256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}

// CHECK-LABEL: func.func private @declaration
// CHECK-SAME: (!pl.tensor<16x32xi8, nz>)
func.func private @declaration(!pl.tensor<16x32xi8, nz>)
