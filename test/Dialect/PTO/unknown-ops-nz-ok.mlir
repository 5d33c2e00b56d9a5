// An unknown pto op beside an NZ load (not reading NZ data) stays as it is
// while the NZ view around it is blocked.
// RUN: ptonz-opt %s --lower-to-ptoas | FileCheck %s

// CHECK-LABEL: func.func @mixed
func.func @mixed(%p: !pto.ptr<i8>, %a: !pto.tile_buf<vec, 16x16xf16>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // CHECK: pto.make_tensor_view %{{.*}}, shape = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], strides = [{{.*}}] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  // CHECK: pto.tfancy ins(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>) {mode = 3 : i32}
  pto.tfancy ins(%a : !pto.tile_buf<vec, 16x16xf16>) outs(%a : !pto.tile_buf<vec, 16x16xf16>) {mode = 3 : i32}
  return
}
