// REQUIRES: ptoas
// The seeds' whole kernels and a two-kernel module, lowered from pl and
// assembled by the real PTOAS at its default level (level2: PTOAS plans the
// tile memory). A b_trans operand is a pto.treshape view of the NZ weight
// tile; PTOAS inserts the pipe synchronisation (--enable-insert-sync).

// Seed 001, NZ build (as annotated) and ND build (pl-annotate-nd).
// RUN: ptonz-opt --ptoas-version=%ptoas-version --ptoas-disable-infer-layout --lower-to-ptoas %examples/seed001_grouped_matmul_pl.mlir -o %t.nz.pto
// RUN: %ptoas --disable-infer-layout --enable-insert-sync %t.nz.pto -o %t.nz.cpp
// RUN: FileCheck %s --check-prefixes=SEED001,NZ < %t.nz.cpp
// RUN: ptonz-opt --ptoas-version=%ptoas-version --ptoas-disable-infer-layout --pl-annotate-nd --lower-to-ptoas %examples/seed001_grouped_matmul_pl.mlir -o %t.nd.pto
// RUN: %ptoas --disable-infer-layout --enable-insert-sync %t.nd.pto -o %t.nd.cpp
// RUN: FileCheck %s --check-prefixes=SEED001,ND < %t.nd.cpp

// SEED001-LABEL: __global__ AICORE void w13_gmm(__gm__ int8_t* {{.*}}, __gm__ int8_t* {{.*}}, __gm__ int32_t* {{.*}})
// SEED001: #if defined(__DAV_CUBE__)
// SEED001: for (
// SEED001: for (
// x's tile: ND->NZ in both builds.
// SEED001: GlobalTensor<int8_t, pto::Shape<1, 1, 1, 64, 512>, pto::Stride<262144, 262144, 262144, 4096, 1>, pto::Layout::ND> [[XG:v[0-9]+]] =
// SEED001: Tile<TileType::Mat, int8_t, 64, 512, BLayout::ColMajor, 64, 512, SLayout::RowMajor, 512, PadValue::Null, CompactMode::Null> [[X:v[0-9]+]];
// SEED001: TLOAD([[X]], [[XG]]);
// The weight tile: the only difference between the builds is its GM descriptor.
// NZ: GlobalTensor<int8_t, pto::Shape<1, 16, 16, 16, 32>, pto::Stride<8388608, 65536, 512, 32, 1>, pto::Layout::NZ> [[WG:v[0-9]+]] =
// ND: GlobalTensor<int8_t, pto::Shape<1, 1, 1, 256, 512>, pto::Stride<8388608, 8388608, 8388608, 4096, 1>, pto::Layout::ND> [[WG:v[0-9]+]] =
// SEED001: Tile<TileType::Mat, int8_t, 256, 512, BLayout::ColMajor, 256, 512, SLayout::RowMajor, 512, PadValue::Null, CompactMode::Null> [[W:v[0-9]+]];
// SEED001: TLOAD([[W]], [[WG]]);
// SEED001-NEXT: set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID{{[0-9]}});
// SEED001: Tile<TileType::Acc, int32_t, 64, 256, BLayout::ColMajor, 64, 256, SLayout::RowMajor, 1024, PadValue::Null, CompactMode::Null> [[ACC:v[0-9]+]];
// The [K, N] right operand: the weight tile's bytes, reshaped in place.
// SEED001: Tile<TileType::Mat, int8_t, 512, 256, BLayout::RowMajor, 512, 256, SLayout::ColMajor, 512, PadValue::Null, CompactMode::Null> [[WT:v[0-9]+]];
// SEED001-NEXT: TRESHAPE([[WT]], [[W]]);
// SEED001: Tile<TileType::Left, int8_t, 64, 256, BLayout::RowMajor, 64, 256, SLayout::RowMajor, 512, PadValue::Null, CompactMode::Null> [[L:v[0-9]+]];
// SEED001: Tile<TileType::Right, int8_t, 256, 256, BLayout::RowMajor, 256, 256, SLayout::ColMajor, 512, PadValue::Null, CompactMode::Null> [[R:v[0-9]+]];
// SEED001: wait_flag(PIPE_MTE2, PIPE_MTE1,
// SEED001: TEXTRACT([[L]], [[X]],
// SEED001: wait_flag(PIPE_MTE2, PIPE_MTE1,
// SEED001: TEXTRACT([[R]], [[WT]],
// SEED001-NEXT: set_flag(PIPE_MTE1, PIPE_M, [[EV:EVENT_ID[0-9]]]);
// SEED001-NEXT: wait_flag(PIPE_MTE1, PIPE_M, [[EV]]);
// SEED001: TMATMUL([[ACC]], [[L]], [[R]]);
// SEED001: TMATMUL_ACC([[ACC]], [[ACC]], [[L]], [[R]]);
// The K loop accumulates into the same acc tile.
// SEED001: for (
// SEED001: TLOAD(
// SEED001: TMATMUL_ACC([[ACC]], [[ACC]],
// SEED001: TMATMUL_ACC([[ACC]], [[ACC]],
// SEED001: set_flag(PIPE_M, PIPE_FIX, [[FIX:EVENT_ID[0-9]]]);
// SEED001: GlobalTensor<int32_t, pto::Shape<1, 1, 1, 64, 256>, pto::Stride<131072, 131072, 131072, 2048, 1>, pto::Layout::ND> [[OG:v[0-9]+]] =
// SEED001: wait_flag(PIPE_M, PIPE_FIX, [[FIX]]);
// SEED001-NEXT: TSTORE([[OG]], [[ACC]]);
// SEED001: #endif // __DAV_CUBE__

// Tile buffers, moves, matmuls, synchronisation and loops are identical in the
// two builds (the seed's experiment); only the weights' descriptors differ.
// RUN: grep -oE "(TLOAD|TEXTRACT|TMATMUL_ACC|TMATMUL|TSTORE)\(|Tile<[^>]*>|(set|wait)_flag\([A-Z0-9_, ]*\)|for \(" %t.nz.cpp > %t.nz.ops
// RUN: grep -oE "(TLOAD|TEXTRACT|TMATMUL_ACC|TMATMUL|TSTORE)\(|Tile<[^>]*>|(set|wait)_flag\([A-Z0-9_, ]*\)|for \(" %t.nd.cpp > %t.nd.ops
// RUN: diff %t.nz.ops %t.nd.ops
// RUN: FileCheck %s --check-prefix=OPS < %t.nz.ops
// OPS-COUNT-4: TLOAD(
// OPS-NOT: TLOAD(

// Seed 000's probe: one 64x512 by 256x512^T matmul, K in two L0 chunks.
// RUN: ptonz-opt --ptoas-version=%ptoas-version --ptoas-disable-infer-layout --lower-to-ptoas %examples/seed000_nz_probe_pl.mlir -o %t.probe.pto
// RUN: %ptoas --disable-infer-layout --enable-insert-sync %t.probe.pto -o %t.probe.cpp
// RUN: FileCheck %s --check-prefix=SEED000 < %t.probe.cpp
// SEED000-LABEL: __global__ AICORE void nz_mm(
// SEED000: GlobalTensor<int8_t, pto::Shape<1, 16, 16, 16, 32>, pto::Stride<131072, 8192, 512, 32, 1>, pto::Layout::NZ>
// SEED000: TMATMUL(
// SEED000-NEXT: set_flag
// SEED000: TMATMUL_ACC(
// SEED000-NOT: TMATMUL
// SEED000: TSTORE(

// Entry points: in a module with several functions PTOAS emits __global__
// only for pto.entry ones; every kernel lowered from pl is one, a pto helper
// stays a device function (0.60 writes the entries `extern "C"`).
// RUN: ptonz-opt --ptoas-version=%ptoas-version --ptoas-disable-infer-layout --lower-to-ptoas %s -o %t.two.pto
// RUN: %ptoas --disable-infer-layout --enable-insert-sync %t.two.pto -o %t.two.cpp
// RUN: FileCheck %s --check-prefix=ENTRY < %t.two.cpp
// ENTRY-DAG: {{^}}AICORE void helper()
// ENTRY-DAG: {{^(extern "C" )?}}__global__ AICORE void first(__gm__ int8_t*
// ENTRY-DAG: {{^(extern "C" )?}}__global__ AICORE void second(__gm__ half*
// ENTRY-NOT: __global__ AICORE void helper
func.func @helper() {
  return
}
func.func @first(%x: !pl.tensor<16x32xi8>, %w: !pl.tensor<16x32xi8, nz>, %out: !pl.tensor<16x16xi32>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [16, 32]
      {target_memory = #pl.memory<mat>} : !pl.tensor<16x32xi8> -> !pl.tile<16x32xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [16, 32]
      {target_memory = #pl.memory<mat>} : !pl.tensor<16x32xi8, nz> -> !pl.tile<16x32xi8, mat>
  %acc = pl.tile.matmul %xt, %wt b_trans : !pl.tile<16x32xi8, mat>, !pl.tile<16x32xi8, mat> -> !pl.tile<16x16xi32, acc>
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<16x16xi32, acc>, !pl.tensor<16x16xi32>
  return
}
func.func @second(%x: !pl.tensor<32x64xf16>, %w: !pl.tensor<64x32xf16>, %out: !pl.tensor<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [32, 64]
      {target_memory = #pl.memory<mat>} : !pl.tensor<32x64xf16> -> !pl.tile<32x64xf16, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [64, 32]
      {target_memory = #pl.memory<mat>} : !pl.tensor<64x32xf16> -> !pl.tile<64x32xf16, mat>
  %acc = pl.tile.matmul %xt, %wt : !pl.tile<32x64xf16, mat>, !pl.tile<64x32xf16, mat> -> !pl.tile<32x32xf32, acc>
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<32x32xf32, acc>, !pl.tensor<32x32xf32>
  return
}
