// Seed 000 / 001's minimal probe `nz_mm`, the whole kernel: a logical rank-2
// NZ weight w : [256, 512] i8, read whole (it blocks to [1, 16, 16, 16, 32];
// the batch is synthesised), multiplied transposed into an INT32 accumulator:
//
//   for _ in pl.spmd(1):
//     xt  = pl.slice(x, [64, 512], [0, 0])
//     wt  = w[0:256, 0:512]
//     acc = pl.matmul(xt, wt, b_trans=True, out_dtype=pl.INT32)
//     out[0:64, 0:256] = pl.reshape(acc, [64, 256])
//
//   ptonz-opt --lower-to-ptoas examples/seed000_nz_probe_pl.mlir
//   ptonz-opt --check-results examples/seed000_nz_probe_pl.mlir
func.func @nz_mm(%x: !pl.tensor<64x512xi8>,
                 %w: !pl.tensor<256x512xi8, nz>,
                 %out: !pl.tensor<64x256xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c1 step %c1 {
    %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<64x512xi8, mat>
    %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
    %acc = pl.tile.matmul %xt, %wt b_trans
        : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
    pl.tile.store %acc, %out, offsets = [%c0, %c0]
        : !pl.tile<64x256xi32, acc>, !pl.tensor<64x256xi32>
  }
  return
}
