// --report=loads: seed 001's 256x512 i8 weight tile read from ND weights is
// 4096 runs of 32 B (one C0 line per fractal row, converted on the fly); read
// from NZ-packed weights it is 16 runs of 8 KiB.
// RUN: ptonz-opt --lower-to-ptoas --report=loads %s | FileCheck %s

// CHECK: report-loads.mlir:[[# @LINE + 20]]:{{[0-9]+}}: pto.tload ND->NZ
// CHECK-NEXT: descriptor: GlobalTensor<int8_t, pto::Shape<1, 1, 1, 256, 512>, pto::Stride<8388608, 8388608, 8388608, 4096, 1>, pto::Layout::ND>
// CHECK-NEXT: tile: !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
// CHECK-NEXT: runs: 4096 x 32 B contiguous (131072 B per tile)
// CHECK: report-loads.mlir:[[# @LINE + 17]]:{{[0-9]+}}: pto.tload NZ->NZ
// CHECK-NEXT: descriptor: GlobalTensor<int8_t, pto::Shape<1, 16, 16, 16, 32>, pto::Stride<8388608, 65536, 512, 32, 1>, pto::Layout::NZ>
// CHECK-NEXT: tile: !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
// CHECK-NEXT: runs: 16 x 8192 B contiguous (131072 B per tile)
// The same kernel's ND build (its nz tensor annotated nd) side by side: only
// the nz weight's load differs.
// CHECK: ND build vs NZ build (the same kernel with its NZ weights in ND: nz pl tensors annotated nd by pl-annotate-nd, --nz-arg declarations dropped):
// CHECK-NEXT: report-loads.mlir:[[# @LINE + 10]]:{{[0-9]+}}: 256x512xi8 tile: ND build ND->NZ, 4096 runs of 32 B | NZ build NZ->NZ, 16 runs of 8 KiB
// CHECK-NOT: tile:
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

// Seed 001's whole kernel: both weight loads (the first K tile and the K loop's).
// RUN: ptonz-opt --lower-to-ptoas --report=loads %examples/seed001_grouped_matmul_pl.mlir | FileCheck %s --check-prefix=SEED001
// SEED001: ND build vs NZ build (the same kernel with its NZ weights in ND: nz pl tensors annotated nd by pl-annotate-nd, --nz-arg declarations dropped):
// SEED001-NEXT: seed001_grouped_matmul_pl.mlir:{{[0-9]+}}:{{[0-9]+}}: 256x512xi8 tile: ND build ND->NZ, 4096 runs of 32 B | NZ build NZ->NZ, 16 runs of 8 KiB
// SEED001-NEXT: seed001_grouped_matmul_pl.mlir:{{[0-9]+}}:{{[0-9]+}}: 256x512xi8 tile: ND build ND->NZ, 4096 runs of 32 B | NZ build NZ->NZ, 16 runs of 8 KiB
// SEED001-NOT: tile
