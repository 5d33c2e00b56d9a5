// i8_r256 of Transforms/verify-ptoas-versions.mlir with its view read by a
// tload (verify-ptoas-agrees.test): PTOAS 0.27 and 0.60 infer its layout
// (one axis off pto-isa's NZ test) and stop; with --disable-infer-layout both
// assemble it.
func.func @i8_r256_used(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c16, %c16, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x16x16x16x32xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}
