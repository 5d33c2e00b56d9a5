// An f8E4M3FN NZ weight (lowered by ptoas/lowered-lit-cases.test).
func.func @f8_weight(%c: !pto.ptr<f8E4M3FN>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %vc = pto.make_tensor_view %c, shape = [%c32, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf8E4M3FN>
  %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c32, %c64] : !pto.tensor_view<?x?xf8E4M3FN> -> !pto.partition_tensor_view<32x64xf8E4M3FN>
  %tc = pto.alloc_tile : !pto.tile_buf<mat, 32x64xf8E4M3FN, blayout=col_major, slayout=row_major>
  pto.tload ins(%pc : !pto.partition_tensor_view<32x64xf8E4M3FN>) outs(%tc : !pto.tile_buf<mat, 32x64xf8E4M3FN, blayout=col_major, slayout=row_major>)
  return
}
