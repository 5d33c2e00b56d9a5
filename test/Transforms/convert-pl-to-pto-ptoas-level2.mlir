// REQUIRES: ptoas
// Without a transposed operand nothing aliases: the lowered kernel leaves tile
// addresses to PTOAS's planner (level2, ptoas's default), and the [K, N]
// operand is transposed fractal by fractal on its way into L0B (textract from
// an NZ mat tile into the ZN right tile). Here f16 x f16 -> f32, K in four
// L0 chunks of 256.
// RUN: ptonz-opt --ptoas-version=%ptoas-version --ptoas-disable-infer-layout --lower-to-ptoas %s -o %t.pto
// RUN: %ptoas --disable-infer-layout --enable-insert-sync %t.pto -o %t.cpp
// RUN: FileCheck %s < %t.cpp

// CHECK-LABEL: __global__ AICORE void mm(__gm__ half* {{.*}}, __gm__ half* {{.*}}, __gm__ float* {{.*}})
// CHECK: Tile<TileType::Mat, half, 1024, 128, BLayout::ColMajor, 1024, 128, SLayout::RowMajor, 512, PadValue::Null, CompactMode::Null> [[W:v[0-9]+]];
// CHECK: Tile<TileType::Acc, float, 64, 128, BLayout::ColMajor, 64, 128, SLayout::RowMajor, 1024, PadValue::Null, CompactMode::Null> [[ACC:v[0-9]+]];
// CHECK: Tile<TileType::Left, half, 64, 256, BLayout::RowMajor, 64, 256, SLayout::RowMajor, 512, PadValue::Null, CompactMode::Null> [[L:v[0-9]+]];
// CHECK: Tile<TileType::Right, half, 256, 128, BLayout::RowMajor, 256, 128, SLayout::ColMajor, 512, PadValue::Null, CompactMode::Null> [[R:v[0-9]+]];
// CHECK: TEXTRACT([[R]], [[W]],
// CHECK: TMATMUL([[ACC]], [[L]], [[R]]);
// CHECK-COUNT-3: TMATMUL_ACC([[ACC]], [[ACC]], [[L]], [[R]]);
// CHECK: wait_flag(PIPE_M, PIPE_FIX,
// CHECK-NEXT: TSTORE({{v[0-9]+}}, [[ACC]]);
func.func @mm(%x: !pl.tensor<64x1024xf16>, %w: !pl.tensor<1024x128xf16>, %out: !pl.tensor<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 1024]
      {target_memory = #pl.memory<mat>} : !pl.tensor<64x1024xf16> -> !pl.tile<64x1024xf16, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [1024, 128]
      {target_memory = #pl.memory<mat>} : !pl.tensor<1024x128xf16> -> !pl.tile<1024x128xf16, mat>
  %acc = pl.tile.matmul %xt, %wt : !pl.tile<64x1024xf16, mat>, !pl.tile<1024x128xf16, mat> -> !pl.tile<64x128xf32, acc>
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<64x128xf32, acc>, !pl.tensor<64x128xf32>
  return
}
