// Every pl type and op prints and re-parses to itself, also through the
// generic form.
// RUN: ptonz-opt --no-mlir-print-debuginfo %s | ptonz-opt --no-mlir-print-debuginfo | FileCheck %s
// RUN: ptonz-opt --no-mlir-print-debuginfo %s --mlir-print-op-generic | ptonz-opt --no-mlir-print-debuginfo | FileCheck %s

// The layout is printed only when it is not nd.
// CHECK-LABEL: func.func private @types
// CHECK-SAME: (!pl.tensor<32x2048x4096xi8, nz>, !pl.tensor<256x512xi8, nz>,
// CHECK-SAME: !pl.tensor<512x4096xf16>, !pl.tensor<512x4096xf16>, !pl.tensor<64x256xf32, dn>,
// CHECK-SAME: !pl.tensor<?x?xbf16>, !pl.tensor<16384xi32>, !pl.tensor<2x3x4x5xi4>,
// CHECK-SAME: !pl.tensor<?x256x512xf16, nz>, !pl.tensor<64x64xf32, nz>)
// CHECK-SAME: -> (!pl.tile<256x512xi8, mat>, !pl.tile<64x512xf16, vec>, !pl.tile<16x32xf16, left>,
// CHECK-SAME: !pl.tile<32x64xf16, right>, !pl.tile<16x64xf32, acc>, !pl.tile<64xf32, bias>)
func.func private @types(!pl.tensor<32x2048x4096xi8, nz>, !pl.tensor<256x512xi8, nz>,
    !pl.tensor<512x4096xf16>, !pl.tensor<512x4096xf16, nd>, !pl.tensor<64x256xf32, dn>,
    !pl.tensor<?x?xbf16>, !pl.tensor<16384xi32>, !pl.tensor<2x3x4x5xi4>,
    !pl.tensor<?x256x512xf16, nz>, !pl.tensor<64x64xf32, nz>)
    -> (!pl.tile<256x512xi8, mat>, !pl.tile<64x512xf16, vec>, !pl.tile<16x32xf16, left>,
        !pl.tile<32x64xf16, right>, !pl.tile<16x64xf32, acc>, !pl.tile<64xf32, bias>)

// MX scale tensors (A5 microscaling): pypto's MX_A_ZZ / MX_B_NN annotations.
// CHECK-LABEL: func.func private @mx_types
// CHECK-SAME: (!pl.tensor<64x4xf8E8M0FNU, mx_a_zz>, !pl.tensor<4x64xf8E8M0FNU, mx_b_nn>)
func.func private @mx_types(!pl.tensor<64x4xf8E8M0FNU, mx_a_zz>, !pl.tensor<4x64xf8E8M0FNU, mx_b_nn>)

// CHECK-LABEL: func.func private @attrs
// CHECK-SAME: a = #pl.layout<nz>, b = #pl.memory<mat>, c = #pl.layout<dn>, d = #pl.memory<acc>
func.func private @attrs() attributes {a = #pl.layout<nz>, b = #pl.memory<mat>,
                                       c = #pl.layout<dn>, d = #pl.memory<acc>}

// CHECK-LABEL: func.func @ops
// CHECK-SAME: (%[[W:.*]]: !pl.tensor<32x2048x4096xi8, nz>, %[[X:.*]]: !pl.tensor<512x4096xf16>, %[[O:.*]]: !pl.tensor<512x2048xi32>, %[[P:.*]]: index)
func.func @ops(%w: !pl.tensor<32x2048x4096xi8, nz>, %x: !pl.tensor<512x4096xf16>,
               %out: !pl.tensor<512x2048xi32>, %peer: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  // CHECK: %[[B:.*]] = pl.get_block_idx
  // CHECK: %[[N:.*]] = pl.get_block_num
  %b = pl.get_block_idx
  %n = pl.get_block_num
  // CHECK: pl.tile.load %[[W]], offsets = [%[[B]], %{{.*}}, %{{.*}}], sizes = [1, 256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
  %wt = pl.tile.load %w, offsets = [%b, %c256, %c0], sizes = [1, 256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
  // CHECK: %[[XT:.*]] = pl.tile.load %[[X]], offsets = [%[[N]], %{{.*}}], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  %xt = pl.tile.load %x, offsets = [%n, %c0], sizes = [64, 512]
      {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  // A row: the leading unit dimension is dropped.
  // CHECK: pl.tile.load %[[X]], offsets = [%{{.*}}, %{{.*}}], sizes = [1, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<512xf16, vec>
  %row = pl.tile.load %x, offsets = [%c0, %c0], sizes = [1, 512]
      {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<512xf16, vec>
  // CHECK: pl.tile.store %[[XT]], %[[X]], offsets = [%{{.*}}, %{{.*}}] : !pl.tile<64x512xf16, vec>, !pl.tensor<512x4096xf16>
  pl.tile.store %xt, %x, offsets = [%c0, %c256] : !pl.tile<64x512xf16, vec>, !pl.tensor<512x4096xf16>
  // CHECK: pl.tensor.view %[[X]], offsets = [%{{.*}}, %{{.*}}] : !pl.tensor<512x4096xf16> -> !pl.tensor<64x512xf16>
  %v = pl.tensor.view %x, offsets = [%c0, %c256] : !pl.tensor<512x4096xf16> -> !pl.tensor<64x512xf16>
  // CHECK: pl.tensor.reinterpret_view %[[O]] : !pl.tensor<512x2048xi32> -> !pl.tensor<1048576xi32>
  %r = pl.tensor.reinterpret_view %out : !pl.tensor<512x2048xi32> -> !pl.tensor<1048576xi32>
  // Same number of bits with another element type.
  // CHECK: pl.tensor.reinterpret_view %[[O]] : !pl.tensor<512x2048xi32> -> !pl.tensor<512x4096xf16>
  %r2 = pl.tensor.reinterpret_view %out : !pl.tensor<512x2048xi32> -> !pl.tensor<512x4096xf16>
  // CHECK: pl.remote_load %[[X]], peer = %[[P]], offsets = [%{{.*}}, %{{.*}}], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  %rt = pl.remote_load %x, peer = %peer, offsets = [%c0, %c0], sizes = [64, 512]
      {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  return
}

// Dynamic tensor dims: sizes are not checked against them.
// CHECK-LABEL: func.func @dynamic
// CHECK: pl.tile.load %{{.*}}, offsets = [%{{.*}}, %{{.*}}], sizes = [64, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<?x?xbf16> -> !pl.tile<64x64xbf16, mat>
func.func @dynamic(%t: !pl.tensor<?x?xbf16>, %i: index) {
  %tt = pl.tile.load %t, offsets = [%i, %i], sizes = [64, 64]
      {target_memory = #pl.memory<mat>} : !pl.tensor<?x?xbf16> -> !pl.tile<64x64xbf16, mat>
  return
}

// The seed's kernel body: matmul with a transposed (stored [N, K]) weight,
// accumulation carried through scf.for, the accumulator stored.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[ACC0:.*]] = pl.tile.matmul %[[XT:.*]], %[[WT:.*]] b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[ACC0]]) -> (!pl.tile<64x256xi32, acc>)
// CHECK: %[[NEXT:.*]] = pl.tile.matmul_acc %[[A]], %[[XT]], %[[WT]] b_trans : !pl.tile<64x256xi32, acc>, !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat>
// CHECK: scf.yield %[[NEXT]] : !pl.tile<64x256xi32, acc>
// CHECK: pl.tile.store %[[ACC]], %{{.*}}, offsets = [%{{.*}}, %{{.*}}] : !pl.tile<64x256xi32, acc>, !pl.tensor<512x2048xi32>
// Without b_trans the right operand is K x N; f16, bf16 and f32 accumulate into f32.
// CHECK: pl.tile.matmul %{{.*}}, %{{.*}} : !pl.tile<64x128xf16, mat>, !pl.tile<128x32xf16, mat> -> !pl.tile<64x32xf32, acc>
// CHECK: pl.tile.matmul_acc %{{.*}}, %{{.*}}, %{{.*}} : !pl.tile<64x32xf32, acc>, !pl.tile<64x128xbf16, mat>, !pl.tile<128x32xbf16, mat>
// CHECK: pl.tile.matmul %{{.*}}, %{{.*}} b_trans : !pl.tile<16x64xf32, mat>, !pl.tile<32x64xf32, mat> -> !pl.tile<16x32xf32, acc>
func.func @matmul(%x: !pl.tensor<512x4096xi8>, %w: !pl.tensor<32x2048x4096xi8, nz>,
                  %out: !pl.tensor<512x2048xi32>, %h: !pl.tensor<64x128xf16>,
                  %g: !pl.tensor<128x32xf16>, %b: !pl.tensor<64x128xbf16>,
                  %v: !pl.tensor<128x32xbf16>, %s: !pl.tensor<32x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<512x4096xi8> -> !pl.tile<64x512xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0, %c0], sizes = [1, 256, 512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
  %acc0 = pl.tile.matmul %xt, %wt b_trans
      : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
  %acc = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %acc0) -> (!pl.tile<64x256xi32, acc>) {
    %next = pl.tile.matmul_acc %a, %xt, %wt b_trans
        : !pl.tile<64x256xi32, acc>, !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat>
    scf.yield %next : !pl.tile<64x256xi32, acc>
  }
  pl.tile.store %acc, %out, offsets = [%c0, %c0] : !pl.tile<64x256xi32, acc>, !pl.tensor<512x2048xi32>
  %ht = pl.tile.load %h, offsets = [%c0, %c0], sizes = [64, 128]
      {target_memory = #pl.memory<mat>} : !pl.tensor<64x128xf16> -> !pl.tile<64x128xf16, mat>
  %gt = pl.tile.load %g, offsets = [%c0, %c0], sizes = [128, 32]
      {target_memory = #pl.memory<mat>} : !pl.tensor<128x32xf16> -> !pl.tile<128x32xf16, mat>
  %f = pl.tile.matmul %ht, %gt : !pl.tile<64x128xf16, mat>, !pl.tile<128x32xf16, mat> -> !pl.tile<64x32xf32, acc>
  %bt = pl.tile.load %b, offsets = [%c0, %c0], sizes = [64, 128]
      {target_memory = #pl.memory<mat>} : !pl.tensor<64x128xbf16> -> !pl.tile<64x128xbf16, mat>
  %vt = pl.tile.load %v, offsets = [%c0, %c0], sizes = [128, 32]
      {target_memory = #pl.memory<mat>} : !pl.tensor<128x32xbf16> -> !pl.tile<128x32xbf16, mat>
  %f2 = pl.tile.matmul_acc %f, %bt, %vt : !pl.tile<64x32xf32, acc>, !pl.tile<64x128xbf16, mat>, !pl.tile<128x32xbf16, mat>
  %st = pl.tile.load %s, offsets = [%c0, %c0], sizes = [16, 64]
      {target_memory = #pl.memory<mat>} : !pl.tensor<32x64xf32> -> !pl.tile<16x64xf32, mat>
  %st2 = pl.tile.load %s, offsets = [%c0, %c0], sizes = [32, 64]
      {target_memory = #pl.memory<mat>} : !pl.tensor<32x64xf32> -> !pl.tile<32x64xf32, mat>
  %f3 = pl.tile.matmul %st, %st2 b_trans : !pl.tile<16x64xf32, mat>, !pl.tile<32x64xf32, mat> -> !pl.tile<16x32xf32, acc>
  return
}

// Issue 14: rank-4 NZ, NZ slices, reshapes, valid_shape.
// CHECK-LABEL: func.func @nz_forms
// CHECK: pl.tensor.view %{{.*}}, offsets = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : !pl.tensor<2x4x256x512xi8, nz> -> !pl.tensor<1x4x256x512xi8, nz>
// CHECK: pl.tensor.reshape %{{.*}} : !pl.tensor<2x4x256x512xi8, nz> -> !pl.tensor<1048576xi8>
// CHECK: pl.tile.load %{{.*}}, offsets = [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], sizes = [1, 1, 256, 512], valid_shape = [%{{.*}}, %{{.*}}] {target_memory = #pl.memory<mat>} : !pl.tensor<2x4x256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
func.func @nz_forms(%w: !pl.tensor<2x4x256x512xi8, nz>, %i: index) {
  %c512 = arith.constant 512 : index
  %s = pl.tensor.view %w, offsets = [%i, %i, %i, %i] : !pl.tensor<2x4x256x512xi8, nz> -> !pl.tensor<1x4x256x512xi8, nz>
  %f = pl.tensor.reshape %w : !pl.tensor<2x4x256x512xi8, nz> -> !pl.tensor<1048576xi8>
  %t = pl.tile.load %w, offsets = [%i, %i, %i, %i], sizes = [1, 1, 256, 512], valid_shape = [%i, %c512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<2x4x256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}
