// Seed 001: the DeepSeek-V4 MTP decode W1 weight path in `pl` form.
//
//   w1 : [E, N, K] = [32, 2048, 4096] i8, bytes already NZ-packed in GM
//   for e in pl.parallel(E):
//     for nb in pl.spmd(N // N_TILE):           # N_TILE = 256
//       n0 = nb * N_TILE
//       w1[e, n0:n0+256, 0:512]
//       for k0 in pl.pipeline(K_TILE, K, K_TILE): # K_TILE = 512
//         w1[e, n0:n0+256, k0:k0+512]
//
// Lower it with:  ptonz-opt --lower-to-ptoas examples/seed001_grouped_matmul_pl.mlir
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
      // pl.pipeline(K_TILE, K, K_TILE, stage=2)
      scf.for %k0 = %c512 to %c4096 step %c512 {
        %x_k = pl.tile.load %x, offsets = [%c0, %k0], sizes = [64, 512]
            {target_memory = #pl.memory<mat>} : !pl.tensor<512x4096xi8> -> !pl.tile<64x512xi8, mat>
        %w1_k = pl.tile.load %w1, offsets = [%e, %n0, %k0], sizes = [1, 256, 512]
            {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
      }
    }
  }
  return
}
