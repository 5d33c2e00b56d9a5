// convert-pl-to-pto: pl tensors become !pto.ptr arguments plus make_tensor_view
// with the logical shape and layout; tile.load becomes partition_view +
// alloc_tile + tload; tile.store becomes partition_view + tstore.
// RUN: ptonz-opt --no-mlir-print-debuginfo --split-input-file --convert-pl-to-pto %s | FileCheck %s

// CHECK-LABEL: func.func @weights
// CHECK-SAME: (%[[X:.*]]: !pto.ptr<i8>, %[[W:.*]]: !pto.ptr<i8>, %[[D:.*]]: !pto.ptr<f16>, %[[O:.*]]: !pto.ptr<i32>)
// CHECK-NOT: !pl.
// ND: row-major strides.
// CHECK: %[[XV:.*]] = pto.make_tensor_view %[[X]], shape = [%c64{{(_[0-9]+)?}}, %c512{{(_[0-9]+)?}}], strides = [%c512{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
// NZ: the logical shape, no strides yet.
// CHECK: %[[WV:.*]] = pto.make_tensor_view %[[W]], shape = [%c32{{(_[0-9]+)?}}, %c2048{{(_[0-9]+)?}}, %c4096{{(_[0-9]+)?}}], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?xi8>
// DN: column-major on the last two dims.
// CHECK: %[[DV:.*]] = pto.make_tensor_view %[[D]], shape = [%c128{{(_[0-9]+)?}}, %c256{{(_[0-9]+)?}}], strides = [%c1{{(_[0-9]+)?}}, %c128{{(_[0-9]+)?}}] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf16>
// CHECK: %[[OV:.*]] = pto.make_tensor_view %[[O]], shape = [%c64{{(_[0-9]+)?}}, %c256{{(_[0-9]+)?}}], strides = [%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi32>
func.func @weights(%x: !pl.tensor<64x512xi8>, %w: !pl.tensor<32x2048x4096xi8, nz>,
                   %d: !pl.tensor<128x256xf16, dn>, %out: !pl.tensor<64x256xi32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  // CHECK: %[[BI:.*]] = pto.get_block_idx
  // CHECK: %[[E:.*]] = arith.index_cast %[[BI]] : i64 to index
  %e = pl.get_block_idx
  // CHECK: %[[BN:.*]] = pto.get_block_num
  // CHECK: arith.index_cast %[[BN]] : i64 to index
  %n = pl.get_block_num
  // CHECK: %[[XP:.*]] = pto.partition_view %[[XV]], offsets = [%{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x512xi8>
  // CHECK: %[[XT:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 64x512xi8, blayout=col_major, slayout=row_major>
  // CHECK: pto.tload ins(%[[XP]] : !pto.partition_tensor_view<64x512xi8>) outs(%[[XT]] : !pto.tile_buf<mat, 64x512xi8, blayout=col_major, slayout=row_major>)
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<64x512xi8, mat>
  // The NZ weight keeps its logical coordinates until pto-block-nz-views.
  // CHECK: %[[WP:.*]] = pto.partition_view %[[WV]], offsets = [%[[E]], %{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}, %{{.*}}] : !pto.tensor_view<?x?x?xi8> -> !pto.partition_tensor_view<1x256x512xi8>
  // CHECK: %[[WT:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  // CHECK: pto.tload ins(%[[WP]] : !pto.partition_tensor_view<1x256x512xi8>) outs(%[[WT]] : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  %wt = pl.tile.load %w, offsets = [%e, %c256, %c0], sizes = [1, 256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
  // vec: the default tile config.
  // CHECK: %[[DP:.*]] = pto.partition_view %[[DV]], offsets = [%{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  // CHECK: %[[DT:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 64x128xf16>
  // CHECK: pto.tload ins(%[[DP]] : !pto.partition_tensor_view<64x128xf16>) outs(%[[DT]] : !pto.tile_buf<vec, 64x128xf16>)
  %dt = pl.tile.load %d, offsets = [%n, %c0], sizes = [64, 128]
      {target_memory = #pl.memory<vec>} : !pl.tensor<128x256xf16, dn> -> !pl.tile<64x128xf16, vec>
  // CHECK: %[[OT:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 64x256xi32>
  // CHECK: pto.tload
  // CHECK: %[[OP:.*]] = pto.partition_view %[[OV]], offsets = [%{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<64x256xi32>
  // CHECK: pto.tstore ins(%[[OT]] : !pto.tile_buf<vec, 64x256xi32>) outs(%[[OP]] : !pto.partition_tensor_view<64x256xi32>)
  %ot = pl.tile.load %out, offsets = [%c0, %c0], sizes = [64, 256]
      {target_memory = #pl.memory<vec>} : !pl.tensor<64x256xi32> -> !pl.tile<64x256xi32, vec>
  pl.tile.store %ot, %out, offsets = [%c0, %c0] : !pl.tile<64x256xi32, vec>, !pl.tensor<64x256xi32>
  // CHECK-NOT: pl.
  // CHECK: return
  return
}

// -----

// Non-tensor arguments are kept; loads inside scf.for are lowered in place.
// CHECK-LABEL: func.func @in_loop
// CHECK-SAME: (%{{.*}}: index, %[[W:.*]]: !pto.ptr<f16>)
// CHECK: %[[WV:.*]] = pto.make_tensor_view %[[W]], shape = [%{{.*}}, %{{.*}}], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[R:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK: pto.partition_view %[[WV]], offsets = [%[[R]], %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
// CHECK: pto.alloc_tile : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>
// CHECK: pto.tload
func.func @in_loop(%k: index, %w: !pl.tensor<256x128xf16, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %r = arith.muli %i, %c64 : index
    %t = pl.tile.load %w, offsets = [%r, %c0], sizes = [64, 128]
        {target_memory = #pl.memory<mat>} : !pl.tensor<256x128xf16, nz> -> !pl.tile<64x128xf16, mat>
  }
  return
}

// -----

// An NZ slice on the leading axis (issue 14; pypto test_blocks_a_leading_axis_slice):
// [4, 256, 512] at [2, 0, 0] -> [2, 256, 512] is 2 whole matrices later in
// GM: a pointer offset of 2 * 256 * 512 elements, and an NZ view of its own.
// CHECK-LABEL: func.func @nz_leading_slice
// CHECK-SAME: (%[[W:.*]]: !pto.ptr<i8>)
// CHECK: %[[P:.*]] = pto.addptr %[[W]], %c262144 : <i8> -> <i8>
// CHECK: %[[SV:.*]] = pto.make_tensor_view %[[P]], shape = [%c2, %c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?xi8>
// CHECK: pto.partition_view %[[SV]], offsets = [%c1, %c0, %c0], sizes = [%c1, %c256, %c512]
func.func @nz_leading_slice(%w: !pl.tensor<4x256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %layer = pl.tensor.view %w, offsets = [%c2, %c0, %c0] : !pl.tensor<4x256x512xi8, nz> -> !pl.tensor<2x256x512xi8, nz>
  %t = pl.tile.load %layer, offsets = [%c1, %c0, %c0], sizes = [1, 256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<2x256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// A symbolic leading offset proven inside its axis (a loop over [0, 3)),
// and the slice passed to a kernel. PTOAS lowers pto.addptr only into a
// make_tensor_view, so the kernel gets the root pointer and the element
// offset (an index argument after its own) and makes its view there; a
// caller passing the whole tensor passes offset 0.
// CHECK-LABEL: func.func @nz_kernel
// CHECK-SAME: (%[[K:.*]]: !pto.ptr<i8>, %[[KO:.*]]: index)
// CHECK: %[[KP:.*]] = pto.addptr %[[K]], %[[KO]] : <i8> -> <i8>
// CHECK: pto.make_tensor_view %[[KP]], shape = [%c2, %c256, %c512], strides = [] {layout = #pto.layout<nz>}
// CHECK-LABEL: func.func @nz_orchestration
// CHECK-SAME: (%[[W:.*]]: !pto.ptr<i8>, %[[W2:.*]]: !pto.ptr<i8>)
// CHECK: scf.for %[[L:.*]] = %c0 to %c3 step %c1 {
// CHECK:   %[[O:.*]] = arith.muli %[[L]], %c131072 overflow<nsw, nuw> : index
// CHECK:   func.call @nz_kernel(%[[W]], %[[O]]) : (!pto.ptr<i8>, index) -> ()
// CHECK: call @nz_kernel(%[[W2]], %c0) : (!pto.ptr<i8>, index) -> ()
func.func @nz_kernel(%w: !pl.tensor<2x256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %w, offsets = [%c0, %c0, %c0], sizes = [1, 256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<2x256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}
func.func @nz_orchestration(%w: !pl.tensor<4x256x512xi8, nz>, %w2: !pl.tensor<2x256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %l = %c0 to %c3 step %c1 {
    %layer = pl.tensor.view %w, offsets = [%l, %c0, %c0] : !pl.tensor<4x256x512xi8, nz> -> !pl.tensor<2x256x512xi8, nz>
    func.call @nz_kernel(%layer) : (!pl.tensor<2x256x512xi8, nz>) -> ()
  }
  func.call @nz_kernel(%w2) : (!pl.tensor<2x256x512xi8, nz>) -> ()
  return
}

// -----

// Calls that pass whole arguments (no slice anywhere, so no offset
// argument): the caller's and the callee's arguments become pointers in
// place and the call keeps its operands and its own attributes (pypto's
// launch fields); both are kernels. (These functions take the pass's
// plain-function path, the slice above the one-at-a-time path: the output
// is the same.)
// CHECK-LABEL: func.func private @body
// CHECK-SAME: (%[[BW:.*]]: !pto.ptr<f16>, %[[BX:.*]]: !pto.ptr<f16>) attributes {pto.entry}
// CHECK: pto.make_tensor_view %[[BW]], shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>}
// CHECK: pto.make_tensor_view %[[BX]], shape = [%c64, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>}
// CHECK-LABEL: func.func @launcher
// CHECK-SAME: (%[[LW:.*]]: !pto.ptr<f16>, %[[LX:.*]]: !pto.ptr<f16>) attributes {pto.entry}
// CHECK: call @body(%[[LW]], %[[LX]]) {launch.block_dim = 24 : i64} : (!pto.ptr<f16>, !pto.ptr<f16>) -> ()
func.func private @body(%w: !pl.tensor<256x512xf16, nz>, %x: !pl.tensor<64x512xf16>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xf16, nz> -> !pl.tile<256x512xf16, mat>
  %v = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512]
      {target_memory = #pl.memory<vec>} : !pl.tensor<64x512xf16> -> !pl.tile<64x512xf16, vec>
  pl.tile.store %v, %x, offsets = [%c0, %c0] : !pl.tile<64x512xf16, vec>, !pl.tensor<64x512xf16>
  return
}
func.func @launcher(%w: !pl.tensor<256x512xf16, nz>, %x: !pl.tensor<64x512xf16>) {
  func.call @body(%w, %x) {launch.block_dim = 24 : i64} : (!pl.tensor<256x512xf16, nz>, !pl.tensor<64x512xf16>) -> ()
  return
}

// -----

// A whole-tensor flatten of NZ (pypto test_flattens_a_whole_nz_tensor): the
// same pointer as a rank-1 nd view, read whole (a prefetch); the NZ tensor
// itself keeps its logical view.
// CHECK-LABEL: func.func @nz_flatten
// CHECK-SAME: (%[[W:.*]]: !pto.ptr<i8>)
// CHECK: pto.make_tensor_view %[[W]], shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>}
// CHECK: %[[F:.*]] = pto.make_tensor_view %[[W]], shape = [%c131072], strides = [%c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?xi8>
// CHECK: pto.partition_view %[[F]], offsets = [%c0], sizes = [%c131072] : !pto.tensor_view<?xi8> -> !pto.partition_tensor_view<131072xi8>
func.func @nz_flatten(%w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %flat = pl.tensor.reshape %w : !pl.tensor<256x512xi8, nz> -> !pl.tensor<131072xi8>
  %t = pl.tile.load %flat, offsets = [%c0], sizes = [131072]
      {target_memory = #pl.memory<vec>} : !pl.tensor<131072xi8> -> !pl.tile<131072xi8, vec>
  %m = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// valid_shape: a dynamic valid row count goes to alloc_tile (ragged tails).
// CHECK-LABEL: func.func @valid_shape
// CHECK: pto.alloc_tile valid_row = %{{.*}} : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
// CHECK: pto.alloc_tile : !pto.tile_buf<mat, 32x512xi8, valid=16x512, blayout=col_major, slayout=row_major>
func.func @valid_shape(%w: !pl.tensor<800x512xi8, nz>, %o: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %c256 = arith.constant 256 : index
  %c800 = arith.constant 800 : index
  %rest = arith.subi %c800, %o : index
  %valid = arith.minsi %rest, %c256 : index
  %t = pl.tile.load %w, offsets = [%o, %c0], sizes = [256, 512], valid_shape = [%valid, %c512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<800x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  %u = pl.tile.load %w, offsets = [%c0, %c0], sizes = [32, 512], valid_shape = [%c16, %c512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<800x512xi8, nz> -> !pl.tile<32x512xi8, mat>
  return
}

