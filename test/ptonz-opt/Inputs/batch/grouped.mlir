// A pl kernel with an NZ weight: lowered to the blocked rank-5 view.
func.func @grouped(%w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [16, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<16x512xi8, mat>
  return
}
