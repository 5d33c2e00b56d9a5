// convert-pl-to-pto, the cube: pl.tile.matmul / pl.tile.matmul_acc become
// PTOAS's cube sequence (textract into left/right in L0-sized K chunks,
// tmatmul, tmatmul.acc), accumulators carried by scf.for become one acc tile
// updated in place, and pl.tile.store of an accumulator a tstore from acc.
// RUN: ptonz-opt --split-input-file --convert-pl-to-pto %s | FileCheck %s

// b_trans: the weight tile keeps the NZ mat layout its NZ->NZ tload needs; the
// [K, N] right operand is a pto.treshape view of it (ZN: row_major blocks of
// col_major fractals, the same bytes). PTOAS plans the tile memory: no addr.
// CHECK-LABEL: func.func @transposed
// CHECK-SAME: attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<cube>}
// CHECK-NOT: addr =
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 64x512xi8, blayout=col_major, slayout=row_major>
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<64x512xi8>) outs(%[[X]] :
// CHECK: %[[W:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<256x512xi8>) outs(%[[W]] :
// CHECK: %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK: %[[WT:.*]] = pto.treshape %[[W]] : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major> -> !pto.tile_buf<mat, 512x256xi8, slayout=col_major>
// Right [K, N] i8 fits 64 KiB of L0B for K chunks of 256.
// CHECK: %[[L:.*]] = pto.alloc_tile : !pto.tile_buf<left, 64x256xi8, slayout=row_major>
// CHECK: %[[R:.*]] = pto.alloc_tile : !pto.tile_buf<right, 256x256xi8, slayout=col_major>
// CHECK: pto.textract ins(%[[X]], %[[C0:.*]], %[[C0]] : !pto.tile_buf<mat, 64x512xi8, blayout=col_major, slayout=row_major>, index, index) outs(%[[L]] : !pto.tile_buf<left, 64x256xi8, slayout=row_major>)
// CHECK: pto.textract ins(%[[WT]], %[[C0]], %[[C0]] : !pto.tile_buf<mat, 512x256xi8, slayout=col_major>, index, index) outs(%[[R]] : !pto.tile_buf<right, 256x256xi8, slayout=col_major>)
// CHECK: pto.tmatmul ins(%[[L]], %[[R]] : !pto.tile_buf<left, 64x256xi8, slayout=row_major>, !pto.tile_buf<right, 256x256xi8, slayout=col_major>) outs(%[[ACC]] : !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>)
// CHECK: pto.textract ins(%[[X]], %[[C0]], %[[C256:.*]] : {{.*}}) outs(%[[L]] :
// CHECK: pto.textract ins(%[[WT]], %[[C256]], %[[C0]] : {{.*}}) outs(%[[R]] :
// CHECK: pto.tmatmul.acc ins(%[[ACC]], %[[L]], %[[R]] : {{.*}}) outs(%[[ACC]] :
// CHECK-NOT: pto.tmatmul
// CHECK: %[[OP:.*]] = pto.partition_view %{{.*}}, offsets = [%{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<64x256xi32>
// CHECK: pto.tstore ins(%[[ACC]] : !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%[[OP]] : !pto.partition_tensor_view<64x256xi32>)
// CHECK-NOT: pl.
func.func @transposed(%x: !pl.tensor<64x512xi8>, %w: !pl.tensor<256x512xi8, nz>,
                      %out: !pl.tensor<64x256xi32>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<64x512xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  %acc = pl.tile.matmul %xt, %wt b_trans
      : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<64x256xi32, acc>, !pl.tensor<64x256xi32>
  return
}

// -----

// The accumulator carried by the K loop is one acc tile: the loop loses its
// iter_args and its result, the body accumulates into the tile in place.
// CHECK-LABEL: func.func @accumulate
// CHECK: %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<acc, 32x64xf32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK: pto.tmatmul ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[ACC]] :
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: pto.alloc_tile : !pto.tile_buf<mat, 32x128xbf16, blayout=col_major, slayout=row_major>
// CHECK: pto.alloc_tile : !pto.tile_buf<mat, 64x128xbf16, blayout=col_major, slayout=row_major>
// CHECK: pto.treshape %{{.*}} : !pto.tile_buf<mat, 64x128xbf16, blayout=col_major, slayout=row_major> -> !pto.tile_buf<mat, 128x64xbf16, slayout=col_major>
// CHECK: pto.tmatmul.acc ins(%[[ACC]], %{{.*}}, %{{.*}} : {{.*}}) outs(%[[ACC]] :
// CHECK-NEXT: }
// CHECK-NEXT: pto.partition_view
// CHECK-NEXT: pto.tstore ins(%[[ACC]] :
func.func @accumulate(%x: !pl.tensor<32x1024xbf16>, %w: !pl.tensor<64x1024xbf16, nz>,
                      %out: !pl.tensor<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [32, 128]
      {target_memory = #pl.memory<mat>} : !pl.tensor<32x1024xbf16> -> !pl.tile<32x128xbf16, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [64, 128]
      {target_memory = #pl.memory<mat>} : !pl.tensor<64x1024xbf16, nz> -> !pl.tile<64x128xbf16, mat>
  %acc0 = pl.tile.matmul %xt, %wt b_trans
      : !pl.tile<32x128xbf16, mat>, !pl.tile<64x128xbf16, mat> -> !pl.tile<32x64xf32, acc>
  %acc = scf.for %k = %c128 to %c1024 step %c128 iter_args(%a = %acc0) -> (!pl.tile<32x64xf32, acc>) {
    %xk = pl.tile.load %x, offsets = [%c0, %k], sizes = [32, 128]
        {target_memory = #pl.memory<mat>} : !pl.tensor<32x1024xbf16> -> !pl.tile<32x128xbf16, mat>
    %wk = pl.tile.load %w, offsets = [%c0, %k], sizes = [64, 128]
        {target_memory = #pl.memory<mat>} : !pl.tensor<64x1024xbf16, nz> -> !pl.tile<64x128xbf16, mat>
    %a2 = pl.tile.matmul_acc %a, %xk, %wk b_trans
        : !pl.tile<32x64xf32, acc>, !pl.tile<32x128xbf16, mat>, !pl.tile<64x128xbf16, mat>
    scf.yield %a2 : !pl.tile<32x64xf32, acc>
  }
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<32x64xf32, acc>, !pl.tensor<32x64xf32>
  return
}

// -----

// Without b_trans the [K, N] operand is an NZ mat tile that textract
// transposes fractal by fractal into L0B; no aliasing, so PTOAS plans the
// addresses (no addr). f16: K chunks of 256 (64x256 left, 256x128 right).
// CHECK-LABEL: func.func @not_transposed
// CHECK-NOT: addr =
// CHECK: %[[W:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 1024x128xf16, blayout=col_major, slayout=row_major>
// CHECK: %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<acc, 64x128xf32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK: %[[L:.*]] = pto.alloc_tile : !pto.tile_buf<left, 64x256xf16, slayout=row_major>
// CHECK: %[[R:.*]] = pto.alloc_tile : !pto.tile_buf<right, 256x128xf16, slayout=col_major>
// CHECK: pto.textract ins(%[[W]], %[[C0:.*]], %[[C0]] : {{.*}}) outs(%[[R]] :
// CHECK: pto.tmatmul ins(%[[L]], %[[R]] :
// CHECK: pto.textract ins(%[[W]], %{{.*}}, %[[C0]] : {{.*}}) outs(%[[R]] :
// CHECK: pto.tmatmul.acc
// CHECK: pto.tmatmul.acc
// CHECK: pto.tmatmul.acc
// CHECK-NOT: pto.tmatmul
// CHECK: pto.tstore ins(%[[ACC]] :
func.func @not_transposed(%x: !pl.tensor<64x1024xf16>, %w: !pl.tensor<1024x128xf16>,
                          %out: !pl.tensor<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 1024]
      {target_memory = #pl.memory<mat>} : !pl.tensor<64x1024xf16> -> !pl.tile<64x1024xf16, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [1024, 128]
      {target_memory = #pl.memory<mat>} : !pl.tensor<1024x128xf16> -> !pl.tile<1024x128xf16, mat>
  %acc = pl.tile.matmul %xt, %wt : !pl.tile<64x1024xf16, mat>, !pl.tile<1024x128xf16, mat> -> !pl.tile<64x128xf32, acc>
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<64x128xf32, acc>, !pl.tensor<64x128xf32>
  return
}

// -----

// Entry points: with several functions PTOAS emits a __global__ kernel only
// for pto.entry ones, so every function lowered from pl carries it; a kernel
// with vec tiles is not marked cube; a function without pl is left alone.
// CHECK-LABEL: func.func @helper()
// CHECK-NOT: pto.entry
// CHECK-LABEL: func.func @first
// CHECK-SAME: attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<cube>}
// CHECK-LABEL: func.func @second
// CHECK-SAME: attributes {pto.entry}
// CHECK-LABEL: func.func @loads_only
// CHECK-SAME: attributes {pto.entry}
func.func @helper() {
  return
}
func.func @first(%x: !pl.tensor<16x32xi8>, %w: !pl.tensor<16x32xi8, nz>, %out: !pl.tensor<16x16xi32>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [16, 32]
      {target_memory = #pl.memory<mat>} : !pl.tensor<16x32xi8> -> !pl.tile<16x32xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [16, 32]
      {target_memory = #pl.memory<mat>} : !pl.tensor<16x32xi8, nz> -> !pl.tile<16x32xi8, mat>
  %acc = pl.tile.matmul %xt, %wt b_trans : !pl.tile<16x32xi8, mat>, !pl.tile<16x32xi8, mat> -> !pl.tile<16x16xi32, acc>
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<16x16xi32, acc>, !pl.tensor<16x16xi32>
  return
}
func.func @second(%x: !pl.tensor<16x32xi8>, %w: !pl.tensor<16x32xi8>, %v: !pl.tensor<16x16xf16>, %out: !pl.tensor<16x16xi32>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [16, 32]
      {target_memory = #pl.memory<mat>} : !pl.tensor<16x32xi8> -> !pl.tile<16x32xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [16, 32]
      {target_memory = #pl.memory<mat>} : !pl.tensor<16x32xi8> -> !pl.tile<16x32xi8, mat>
  %vt = pl.tile.load %v, offsets = [%c0, %c0], sizes = [16, 16]
      {target_memory = #pl.memory<vec>} : !pl.tensor<16x16xf16> -> !pl.tile<16x16xf16, vec>
  %acc = pl.tile.matmul %xt, %wt b_trans : !pl.tile<16x32xi8, mat>, !pl.tile<16x32xi8, mat> -> !pl.tile<16x16xi32, acc>
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<16x16xi32, acc>, !pl.tensor<16x16xi32>
  return
}
func.func @loads_only(%w: !pl.tensor<16x32xi8, nz>) {
  %c0 = arith.constant 0 : index
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [16, 32]
      {target_memory = #pl.memory<mat>} : !pl.tensor<16x32xi8, nz> -> !pl.tile<16x32xi8, mat>
  return
}

// -----

// Nested accumulating loops; the outer loop also carries an index, which stays.
// CHECK-LABEL: func.func @nested
// CHECK: %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<acc, 16x32xi32
// CHECK: %{{.*}} = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[N:.*]] = %{{.*}}) -> (index) {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: pto.tmatmul.acc ins(%[[ACC]],
// CHECK: }
// CHECK: %[[N2:.*]] = arith.addi %[[N]], %{{.*}} : index
// CHECK-NEXT: scf.yield %[[N2]] : index
// CHECK: pto.tstore ins(%[[ACC]] :
func.func @nested(%x: !pl.tensor<16x256xi8>, %w: !pl.tensor<32x256xi8, nz>, %out: !pl.tensor<16x32xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [16, 32] {target_memory = #pl.memory<mat>} : !pl.tensor<16x256xi8> -> !pl.tile<16x32xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [32, 32] {target_memory = #pl.memory<mat>} : !pl.tensor<32x256xi8, nz> -> !pl.tile<32x32xi8, mat>
  %acc0 = pl.tile.matmul %xt, %wt b_trans : !pl.tile<16x32xi8, mat>, !pl.tile<32x32xi8, mat> -> !pl.tile<16x32xi32, acc>
  %r, %cnt = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %acc0, %n = %c0) -> (!pl.tile<16x32xi32, acc>, index) {
    %base = arith.muli %i, %c128 : index
    %inner = scf.for %j = %c32 to %c128 step %c32 iter_args(%b = %a) -> (!pl.tile<16x32xi32, acc>) {
      %k = arith.addi %base, %j : index
      %xk = pl.tile.load %x, offsets = [%c0, %k], sizes = [16, 32] {target_memory = #pl.memory<mat>} : !pl.tensor<16x256xi8> -> !pl.tile<16x32xi8, mat>
      %wk = pl.tile.load %w, offsets = [%c0, %k], sizes = [32, 32] {target_memory = #pl.memory<mat>} : !pl.tensor<32x256xi8, nz> -> !pl.tile<32x32xi8, mat>
      %b2 = pl.tile.matmul_acc %b, %xk, %wk b_trans : !pl.tile<16x32xi32, acc>, !pl.tile<16x32xi8, mat>, !pl.tile<32x32xi8, mat>
      scf.yield %b2 : !pl.tile<16x32xi32, acc>
    }
    %n2 = arith.addi %n, %c1 : index
    scf.yield %inner, %n2 : !pl.tile<16x32xi32, acc>, index
  }
  pl.tile.store %r, %out, offsets = [%c0, %c0] : !pl.tile<16x32xi32, acc>, !pl.tensor<16x32xi32>
  return
}
