// Input of check-addressing.mlir: NZ weights of element types it cannot check.
func.func @probe_i256(%w: !pto.ptr<i256>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %w, shape = [%c256, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi256>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c64] : !pto.tensor_view<?x?xi256> -> !pto.partition_tensor_view<64x64xi256>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 64x64xi256, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<64x64xi256>) outs(%t : !pto.tile_buf<mat, 64x64xi256, blayout=col_major, slayout=row_major>)
  return
}
// -----
func.func @probe_f4E2M1FN(%w: !pto.ptr<f4E2M1FN>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %w, shape = [%c256, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf4E2M1FN>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c64] : !pto.tensor_view<?x?xf4E2M1FN> -> !pto.partition_tensor_view<64x64xf4E2M1FN>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 64x64xf4E2M1FN, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<64x64xf4E2M1FN>) outs(%t : !pto.tile_buf<mat, 64x64xf4E2M1FN, blayout=col_major, slayout=row_major>)
  return
}
