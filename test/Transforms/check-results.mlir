// The result check: the lowered kernel, built once with the weights as
// annotated (NZ build, weights NZ-packed in GM) and once with its nz tensors
// annotated nd (ND build, weights row-major), runs in the simulator on random
// inputs; every store of both builds is compared with NumPy executing the pl
// program (x_tile @ w_tile.T per pl.tile.matmul), and the builds with each other.

// Seed 001 at its own sizes: x 512x4096, w1 32x2048x4096 (never materialized),
// 2 of the 32 experts and 2 of the 8 N blocks, the whole K loop.
// RUN: ptonz-opt --check-results %examples/seed001_grouped_matmul_pl.mlir | FileCheck %s --check-prefix=SEED001
// SEED001: check-results: @w13_gmm: the ND build and the NZ build both match NumPy exactly (4 stores, 65536 i32 elements; iterations %e: 2 of 32, %nb: 2 of 8); ND and NZ are bit-identical

// RUN: ptonz-opt --check-results=1 %examples/seed001_grouped_matmul_pl.mlir | FileCheck %s --check-prefix=ONE
// ONE: (1 store, 16384 i32 elements; iterations %e: 1 of 32, %nb: 1 of 8)

// RUN: ptonz-opt --check-results %examples/seed000_nz_probe_pl.mlir | FileCheck %s --check-prefix=SEED000
// SEED000: check-results: @nz_mm: the ND build and the NZ build both match NumPy exactly (1 store, 16384 i32 elements; iterations %i: 1 of 1); ND and NZ are bit-identical

// Floats: f32 accumulation in any order is within (K+2)*2^-24*sum|x*w| of the
// exact result; each of 3 blocks (pl.get_block_idx) reads its own expert.
// RUN: ptonz-opt --check-results=3 %s | FileCheck %s --check-prefix=BF16
// BF16: check-results: @experts: the ND build and the NZ build both match NumPy within (K+2)*2^-24*sum|x*w| (largest error {{[0-9.e-]+}} of that bound) (3 stores, 6144 f32 elements; 3 block ids); ND and NZ are bit-identical
func.func @experts(%x: !pl.tensor<32x256xbf16>, %w: !pl.tensor<4x64x256xbf16, nz>,
                   %out: !pl.tensor<4x32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %e = pl.get_block_idx
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [32, 128]
      {target_memory = #pl.memory<mat>} : !pl.tensor<32x256xbf16> -> !pl.tile<32x128xbf16, mat>
  %wt = pl.tile.load %w, offsets = [%e, %c0, %c0], sizes = [1, 64, 128]
      {target_memory = #pl.memory<mat>} : !pl.tensor<4x64x256xbf16, nz> -> !pl.tile<64x128xbf16, mat>
  %acc0 = pl.tile.matmul %xt, %wt b_trans
      : !pl.tile<32x128xbf16, mat>, !pl.tile<64x128xbf16, mat> -> !pl.tile<32x64xf32, acc>
  %acc = scf.for %k = %c128 to %c256 step %c128 iter_args(%a = %acc0) -> (!pl.tile<32x64xf32, acc>) {
    %xk = pl.tile.load %x, offsets = [%c0, %k], sizes = [32, 128]
        {target_memory = #pl.memory<mat>} : !pl.tensor<32x256xbf16> -> !pl.tile<32x128xbf16, mat>
    %wk = pl.tile.load %w, offsets = [%e, %c0, %k], sizes = [1, 64, 128]
        {target_memory = #pl.memory<mat>} : !pl.tensor<4x64x256xbf16, nz> -> !pl.tile<64x128xbf16, mat>
    %a2 = pl.tile.matmul_acc %a, %xk, %wk b_trans
        : !pl.tile<32x64xf32, acc>, !pl.tile<32x128xbf16, mat>, !pl.tile<64x128xbf16, mat>
    scf.yield %a2 : !pl.tile<32x64xf32, acc>
  }
  pl.tile.store %acc, %out, offsets = [%e, %c0, %c0] : !pl.tile<32x64xf32, acc>, !pl.tensor<4x32x64xf32>
  return
}

// The check needs the program before lowering (it lowers it itself).
// RUN: ptonz-opt --lower-to-ptoas %examples/seed000_nz_probe_pl.mlir -o %t.pto
// RUN: not ptonz-opt --check-results %t.pto 2>&1 | FileCheck %s --check-prefix=LOWERED
// LOWERED: error: check-results: the input is already lowered (pto.nz_tensor_views_blocked): the result check runs the kernel before lowering

// A pto kernel in pypto's form (level 3, i32 block index and count, a stacked
// weight read through a flattened view, here hand-edited to the logical NZ
// form): the kernel as written, its weight read in ND, against its lowering
// reading the weight NZ-packed, bit for bit.
// RUN: ptonz-opt --pto-level=level3 --check-results %S/../python/inputs/pypto_gate_nz.pto | FileCheck %s --check-prefix=PTO
// PTO: check-results: @gate: the lowered kernel, reading argument #2 as 128x128 NZ-packed, matches the original kernel (ND) bit for bit (2 stores, 1024 elements of argument #0; block ids 0, 1 of 2; scalars #3 = 0 (default))
// The same kernel with its weight in ND: the lowering changes nothing.
// RUN: ptonz-opt --pto-level=level3 --check-results=1 %S/../python/inputs/pypto_gate_nd.pto | FileCheck %s --check-prefix=PTO-ND
// PTO-ND: check-results: @gate: the lowered kernel matches the original kernel bit for bit (no NZ argument) (1 store, 512 elements of argument #0; block ids 0 of 1; scalars #3 = 0 (default))

// A kernel the lowering rejects is reported where it is rejected.
// RUN: not ptonz-opt --check-results %S/Inputs/unaligned-matmul.mlir 2>&1 | FileCheck %s --check-prefix=REJECTED
// REJECTED: unaligned-matmul.mlir:6:8: error: check-results: convert-pl-to-pto: M = 40 is not a multiple of 16

// pl NZ weights of rank 4, 5 and 6 (issue 25): the leading axes fold into the
// batch in the NZ build, and the NZ packing of the inputs folds them the same
// way (a rank-5 tensor was an internal error: pack_nz takes [B, R, C]).
// RUN: ptonz-opt --check-results=2 %S/Inputs/check-results-ranks.mlir | FileCheck %s --check-prefix=RANKS
// RANKS: check-results: @rank4: the ND build and the NZ build both match NumPy exactly (1 store, 2048 i32 elements); ND and NZ are bit-identical
// RANKS: check-results: @rank5: the ND build and the NZ build both match NumPy exactly (1 store, 2048 i32 elements); ND and NZ are bit-identical
// RANKS: check-results: @rank6: the ND build and the NZ build both match NumPy exactly (1 store, 2048 i32 elements); ND and NZ are bit-identical
// RUN: ptonz-opt --check-addressing=2 %S/Inputs/check-results-ranks.mlir | FileCheck %s --check-prefix=RANKS-ADDR
// RANKS-ADDR: check-addressing: 6 of 6 tloads read identical tiles (1 block id)
