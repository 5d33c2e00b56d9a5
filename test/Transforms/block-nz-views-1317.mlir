// What ptonz's own NZ lowering leaves for PTOAS 0.59/0.60 and
// hw-native-sys/PTOAS#1317. pto-block-nz-views divides pypto's clamped
// offsets as a whole, `floordivsi(maxsi(x, 0), d)`, and places them in d0..d2
// of the blocked view, whose strides (B: R*C, d1: R*c0, d2: 16*c0) are never
// 1: PTOAS multiplies each of them, and `(c ? a : b) * s` keeps its
// parentheses. d3/d4 stay constant 0. So the form ptonz emits is already one
// PTOAS 0.60 prints right, and the check accepts it, while the same clamps on
// an ND view of stride-1 columns are rejected.
// RUN: ptonz-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(pto-block-nz-views, pto-materialize-strides, pto-verify-ptoas{ptoas-version=0.60 infer-layout=false})' %s
// The form the first RUN accepts:
// RUN: ptonz-opt --split-input-file --pass-pipeline='builtin.module(pto-block-nz-views, pto-materialize-strides)' %s | FileCheck %s
// CHECK-LABEL: func.func @clamped_nz_offsets
// CHECK: %[[B:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK: %[[R:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[RD:.*]] = arith.floordivsi %[[R]], %{{.*}} : index
// CHECK: scf.for
// CHECK:   %[[K:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:   %[[KD:.*]] = arith.floordivsi %[[K]], %{{.*}} : index
// CHECK:   pto.partition_view %{{.*}}, offsets = [%[[B]], %[[KD]], %[[RD]], %{{.*}}, %{{.*}}], {{.*}} -> !pto.partition_tensor_view<1x4x4x16x32xi8>
// CHECK-LABEL: func.func @clamped_nd_offsets
func.func @clamped_nz_offsets(%w: !pto.ptr<i8>, %e: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %blk = pto.get_block_idx
  %bi = arith.index_cast %blk : i64 to index
  %expert = arith.minsi %e, %c3 : index
  %b = arith.maxsi %expert, %c0 : index
  %row0 = arith.muli %bi, %c64 : index
  %row = arith.maxsi %row0, %c0 : index
  %v = pto.make_tensor_view %w, shape = [%c4, %c1024, %c4096], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?xi8>
  scf.for %k0 = %c0 to %c4096 step %c128 {
    %k = arith.maxsi %k0, %c0 : index
    %pv = pto.partition_view %v, offsets = [%b, %row, %k], sizes = [%c1, %c64, %c128] : !pto.tensor_view<?x?x?xi8> -> !pto.partition_tensor_view<1x64x128xi8>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 64x128xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<1x64x128xi8>) outs(%t : !pto.tile_buf<mat, 64x128xi8, blayout=col_major, slayout=row_major>)
  }
  return
}

// -----

// The same clamps on an ND view: the column's, of stride 1, is the last term.
func.func @clamped_nd_offsets(%x: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %blk = pto.get_block_idx
  %bi = arith.index_cast %blk : i64 to index
  %row0 = arith.muli %bi, %c64 : index
  %row = arith.maxsi %row0, %c0 : index
  %xv = pto.make_tensor_view %x, shape = [%c1024, %c4096], strides = [%c4096, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  scf.for %k0 = %c0 to %c4096 step %c128 {
    %k = arith.maxsi %k0, %c0 : index
    // expected-error@+1 {{pto-verify-ptoas: PTOAS 0.60 miscompiles the GM address of this partition (hw-native-sys/PTOAS#1317}}
    %px = pto.partition_view %xv, offsets = [%row, %k], sizes = [%c64, %c128] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x128xi8>
    %tx = pto.alloc_tile : !pto.tile_buf<vec, 64x128xi8>
    pto.tload ins(%px : !pto.partition_tensor_view<64x128xi8>) outs(%tx : !pto.tile_buf<vec, 64x128xi8>)
  }
  return
}
