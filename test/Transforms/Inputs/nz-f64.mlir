// Input of check-addressing.mlir: an f64 NZ weight (c0 = 4).
func.func @probe_f64(%w: !pto.ptr<f64>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %w, shape = [%c256, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf64>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c64] : !pto.tensor_view<?x?xf64> -> !pto.partition_tensor_view<64x64xf64>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 64x64xf64, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<64x64xf64>) outs(%t : !pto.tile_buf<mat, 64x64xf64, blayout=col_major, slayout=row_major>)
  return
}
