// Seed 001: the DeepSeek-V4 MTP decode W1 grouped matmul `w13_gmm`, in `pl`
// as the seed writes it in pypto:
//
//   x   : [512, K]    i8
//   w1  : [E, N, K] = [32, 2048, 4096] i8, bytes already NZ-packed in GM
//   out : [512, N]    i32
//   for e in pl.parallel(E):
//     for nb in pl.spmd(N // N_TILE):                     # N_TILE = 256
//       n0 = nb * N_TILE
//       xt    = pl.slice(x, [64, K_TILE], [0, 0])         # K_TILE = 512
//       w1_k0 = w1[e : e + 1, n0 : n0 + N_TILE, 0 : K_TILE]
//       acc   = pl.matmul(xt, w1_k0, b_trans=True, out_dtype=pl.INT32)
//       for k0 in pl.pipeline(K_TILE, K, K_TILE, stage=2):
//         x_k  = pl.slice(x, [64, K_TILE], [0, k0])
//         w1_k = w1[e : e + 1, n0 : n0 + N_TILE, k0 : k0 + K_TILE]
//         acc  = pl.matmul_acc(acc, x_k, w1_k, b_trans=True)
//       out[0:64, n0 : n0 + N_TILE] = pl.reshape(acc, [64, N_TILE])
//
// The accumulator is carried through the K loop's iter_args; the pl tiles
// are already 2-D, so pl.reshape is a plain pl.tile.store.
//
//   ptonz-opt --lower-to-ptoas examples/seed001_grouped_matmul_pl.mlir -o w13_gmm.pto
//   ptoas --disable-infer-layout --pto-level=level3 --enable-insert-sync w13_gmm.pto -o w13_gmm.cpp
//   ptonz-opt --check-results examples/seed001_grouped_matmul_pl.mlir
func.func @w13_gmm(%x: !pl.tensor<512x4096xi8>,
                   %w1: !pl.tensor<32x2048x4096xi8, nz>,
                   %out: !pl.tensor<512x2048xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  scf.for %e = %c0 to %c32 step %c1 {
    // pl.spmd(N // N_TILE): an SPMD loop is an scf.for from 0 step 1.
    scf.for %nb = %c0 to %c8 step %c1 {
      %n0 = arith.muli %nb, %c256 : index
      %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512]
          {target_memory = #pl.memory<mat>} : !pl.tensor<512x4096xi8> -> !pl.tile<64x512xi8, mat>
      %w1_k0 = pl.tile.load %w1, offsets = [%e, %n0, %c0], sizes = [1, 256, 512]
          {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
      %acc0 = pl.tile.matmul %xt, %w1_k0 b_trans
          : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
      // pl.pipeline(K_TILE, K, K_TILE, stage=2)
      %acc = scf.for %k0 = %c512 to %c4096 step %c512
          iter_args(%a = %acc0) -> (!pl.tile<64x256xi32, acc>) {
        %x_k = pl.tile.load %x, offsets = [%c0, %k0], sizes = [64, 512]
            {target_memory = #pl.memory<mat>} : !pl.tensor<512x4096xi8> -> !pl.tile<64x512xi8, mat>
        %w1_k = pl.tile.load %w1, offsets = [%e, %n0, %k0], sizes = [1, 256, 512]
            {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
        %a_next = pl.tile.matmul_acc %a, %x_k, %w1_k b_trans
            : !pl.tile<64x256xi32, acc>, !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat>
        scf.yield %a_next : !pl.tile<64x256xi32, acc>
      }
      // out[0:64, n0:n0+N_TILE] = pl.reshape(acc, [64, N_TILE])
      pl.tile.store %acc, %out, offsets = [%c0, %n0]
          : !pl.tile<64x256xi32, acc>, !pl.tensor<512x2048xi32>
    }
  }
  return
}
