// An NZ-declared pointer whose only view is never read: pto-declare-nz-args
// has nothing to rewrite, and check-addressing has no shape to pack it by.
func.func @k(%w: !pto.ptr<f16>, %x: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %vw = pto.make_tensor_view %w, shape = [%c64, %c128], strides = [%c128, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %vx = pto.make_tensor_view %x, shape = [%c64, %c128], strides = [%c128, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<64x128xf16>) outs(%t : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>)
  return
}
