// A kernel convert-pl-to-pto rejects (M = 40 is not a whole number of fractals).
func.func @unaligned(%x: !pl.tensor<64x512xi8>, %w: !pl.tensor<256x512xi8, nz>, %out: !pl.tensor<64x256xi32>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [40, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<40x512xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  %a = pl.tile.matmul %xt, %wt b_trans : !pl.tile<40x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<40x256xi32, acc>
  pl.tile.store %a, %out, offsets = [%c0, %c0] : !pl.tile<40x256xi32, acc>, !pl.tensor<64x256xi32>
  return
}
