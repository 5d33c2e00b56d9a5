// The pto-isa#317 guard is lifted by allow-large-gm-gap (pass option and
// ptonz-opt flag) for a pto-isa with the fix: 65552 - 16 = 65536 blocks.
// RUN: ptonz-opt --pass-pipeline="builtin.module(pto-block-nz-views{allow-large-gm-gap=true})" %s | FileCheck %s
// RUN: ptonz-opt --allow-large-gm-gap --pto-block-nz-views %s | FileCheck %s
// RUN: not ptonz-opt --pto-block-nz-views %s 2>&1 | FileCheck %s --check-prefix=GUARD
// CHECK-LABEL: func.func @tall
// CHECK: -> !pto.partition_tensor_view<1x16x1x16x32xi8>
// GUARD: error: pto-block-nz-views: this NZ load's GM gap between column blocks is 65536 32-byte blocks
func.func @tall(%w: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %c65552 = arith.constant 65552 : index
  %v = pto.make_tensor_view %w, shape = [%c65552, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x512xi8>) outs(%t : !pto.tile_buf<mat, 16x512xi8, blayout=col_major, slayout=row_major>)
  return
}
