// RUN: ptonz-opt --nz-arg=@flat:0=4x256x512 --lower-to-ptoas %s | FileCheck %s
// RUN: ptonz-opt --nz-arg=@flat:0=4x256x512 --lower-to-ptoas --emit=descriptors %s | FileCheck %s --check-prefix=DESC
// RUN: ptonz-opt --nz-arg=@flat:0=1024x512 --lower-to-ptoas --emit=descriptors %s | FileCheck %s --check-prefix=ONE
// RUN: ptonz-opt --pto-declare-nz-args='nz-args=@flat:0=4x256x512 arg-ranges=@flat:1=0:4' %s | FileCheck %s --check-prefix=ATTR

// A pypto-style kernel: a [4, 256, 512] i8 weight (4 experts) viewed
// flattened as [1024, 512], read in 128x256 tiles at row e*256 + nb*128 (both
// clamped by arith.maxsi, as pypto writes them), into v_row=? tiles whose
// alloc_tile gives the valid extents.

// ATTR-LABEL: func.func @flat
// ATTR-SAME: %arg0: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 4, 256, 512>}
// ATTR-SAME: %arg1: index {ptonz.arg_range = array<i64: 0, 4>}
// ATTR: pto.make_tensor_view %arg0, shape = [%{{.*}}, %{{.*}}, %{{.*}}], strides = [] {layout = #pto.layout<nz>}

// CHECK-LABEL: func.func @flat
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: pto.make_tensor_view %arg0, shape = [%c4, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>}
// CHECK: %[[ROW:.*]] = arith.maxsi
// CHECK: %[[MAT:.*]] = arith.floordivsi %[[ROW]], %[[C256]] : index
// The row in its matrix, row mod 256, of a row proven a multiple of 128:
// ((row floordiv 128) mod 2) * 128, whose range [0, 128] keeps the tile inside.
// CHECK: %[[Q:.*]] = arith.floordivsi %[[ROW]], %[[C128]] : index
// CHECK: %[[M:.*]] = arith.remsi %[[Q]], %[[C2]] : index
// CHECK: %[[IN:.*]] = arith.muli %[[M]], %[[C128]] overflow<nsw, nuw> : index
// CHECK: %[[FRAC:.*]] = arith.floordivsi %[[IN]], %c16 : index
// CHECK: pto.partition_view %{{.*}}, offsets = [%[[MAT]], %{{.*}}, %[[FRAC]], %c0, %c0], sizes = [%c1, %c8, %c8, %c16, %c32]
// CHECK-SAME: -> !pto.partition_tensor_view<1x8x8x16x32xi8>

// DESC: pto.tload
// DESC-NEXT: src: GlobalTensor<int8_t, pto::Shape<1, 8, 8, 16, 32>, pto::Stride<131072, 8192, 512, 32, 1>, pto::Layout::NZ>

// The weight packed as one [1024, 512] matrix: no decomposition.
// ONE: pto.tload
// ONE-NEXT: src: GlobalTensor<int8_t, pto::Shape<1, 8, 8, 16, 32>, pto::Stride<524288, 32768, 512, 32, 1>, pto::Layout::NZ>

func.func @flat(%arg0: !pto.ptr<i8>, %arg1: index, %blk: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %w = pto.make_tensor_view %arg0, shape = [%c1024, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %nb = arith.index_cast %blk : i32 to index
  %e0 = arith.muli %arg1, %c256 : index
  %n0 = arith.muli %nb, %c128 : index
  %o = arith.addi %e0, %n0 : index
  scf.for %k0 = %c0 to %c512 step %c256 {
    %t = pto.alloc_tile valid_row = %c128 valid_col = %c256 : !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %row = arith.maxsi %o, %c0 : index
    %col = arith.maxsi %k0, %c0 : index
    %pv = pto.partition_view %w, offsets = [%row, %col], sizes = [%c128, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x256xi8>
    pto.tload ins(%pv : !pto.partition_tensor_view<128x256xi8>) outs(%t : !pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=256, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  }
  return
}
