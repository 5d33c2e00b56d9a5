// --report=loads: seed 001's 256x512 i8 weight tile read from ND weights is
// 4096 runs of 32 B (one C0 line per fractal row, converted on the fly); read
// from NZ-packed weights it is 16 runs of 8 KiB.
// RUN: ptonz-opt --lower-to-ptoas --report=loads %s | FileCheck %s

// CHECK: report-loads.mlir:[[# @LINE + 15]]:{{[0-9]+}}: pto.tload ND->NZ
// CHECK-NEXT: descriptor: GlobalTensor<int8_t, pto::Shape<1, 1, 1, 256, 512>, pto::Stride<8388608, 8388608, 8388608, 4096, 1>, pto::Layout::ND>
// CHECK-NEXT: tile: !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
// CHECK-NEXT: runs: 4096 x 32 B contiguous (131072 B per tile)
// CHECK: report-loads.mlir:[[# @LINE + 12]]:{{[0-9]+}}: pto.tload NZ->NZ
// CHECK-NEXT: descriptor: GlobalTensor<int8_t, pto::Shape<1, 16, 16, 16, 32>, pto::Stride<8388608, 65536, 512, 32, 1>, pto::Layout::NZ>
// CHECK-NEXT: tile: !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
// CHECK-NEXT: runs: 16 x 8192 B contiguous (131072 B per tile)
func.func @w1_nd_vs_nz(%w_nd: !pl.tensor<32x2048x4096xi8>, %w_nz: !pl.tensor<32x2048x4096xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  scf.for %nb = %c0 to %c8 step %c1 {
    %n0 = arith.muli %nb, %c256 : index
    %a = pl.tile.load %w_nd, offsets = [%c1, %n0, %c0], sizes = [1, 256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8> -> !pl.tile<256x512xi8, mat>
    %b = pl.tile.load %w_nz, offsets = [%c1, %n0, %c0], sizes = [1, 256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
  }
  return
}
