// pl NZ weights of rank 4, 5 and 6 (leading axes folded into the batch),
// for check-results: the ND build, the NZ build and NumPy agree.
func.func @rank4(%x: !pl.tensor<64x64xi8>, %w: !pl.tensor<3x2x32x64xi8, nz>, %out: !pl.tensor<64x32xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<64x64xi8> -> !pl.tile<64x64xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c2, %c1, %c0, %c0], sizes = [1, 1, 32, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<3x2x32x64xi8, nz> -> !pl.tile<32x64xi8, mat>
  %acc = pl.tile.matmul %xt, %wt {b_trans} : !pl.tile<64x64xi8, mat>, !pl.tile<32x64xi8, mat> -> !pl.tile<64x32xi32, acc>
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<64x32xi32, acc>, !pl.tensor<64x32xi32>
  return
}
func.func @rank5(%x: !pl.tensor<64x64xi8>, %w: !pl.tensor<2x3x2x32x64xi8, nz>, %out: !pl.tensor<64x32xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<64x64xi8> -> !pl.tile<64x64xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c1, %c2, %c1, %c0, %c0], sizes = [1, 1, 1, 32, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<2x3x2x32x64xi8, nz> -> !pl.tile<32x64xi8, mat>
  %acc = pl.tile.matmul %xt, %wt {b_trans} : !pl.tile<64x64xi8, mat>, !pl.tile<32x64xi8, mat> -> !pl.tile<64x32xi32, acc>
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<64x32xi32, acc>, !pl.tensor<64x32xi32>
  return
}
func.func @rank6(%x: !pl.tensor<64x64xi8>, %w: !pl.tensor<2x2x3x2x32x64xi8, nz>, %out: !pl.tensor<64x32xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<64x64xi8> -> !pl.tile<64x64xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c1, %c1, %c2, %c1, %c0, %c0], sizes = [1, 1, 1, 1, 32, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<2x2x3x2x32x64xi8, nz> -> !pl.tile<32x64xi8, mat>
  %acc = pl.tile.matmul %xt, %wt {b_trans} : !pl.tile<64x64xi8, mat>, !pl.tile<32x64xi8, mat> -> !pl.tile<64x32xi32, acc>
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<64x32xi32, acc>, !pl.tensor<64x32xi32>
  return
}
