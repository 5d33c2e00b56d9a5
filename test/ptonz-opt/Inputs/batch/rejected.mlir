// Rows not a multiple of 16: pto-block-nz-views rejects the NZ view.
func.func @rejected(%w: !pl.tensor<250x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [16, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<250x512xi8, nz> -> !pl.tile<16x512xi8, mat>
  return
}
