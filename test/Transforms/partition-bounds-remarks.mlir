// With remarks=true (ptonz-opt --remarks) every partition whose bounds the
// passes cannot decide gets a located remark naming what it depends on.
// RUN: ptonz-opt --split-input-file --verify-diagnostics --remarks --lower-to-ptoas %s
// The pass option itself:
// RUN: ptonz-opt --no-mlir-print-debuginfo --split-input-file --pto-block-nz-views='remarks=true' %s 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: partition-bounds-remarks.mlir:[[# @LINE + 18]]:9: remark: pto-block-nz-views: cannot decide
// Without it: no remark, the programs are accepted.
// RUN: ptonz-opt --no-mlir-print-debuginfo --split-input-file --lower-to-ptoas %s 2>&1 | FileCheck %s --check-prefix=QUIET
// QUIET-NOT: remark

// An NZ weight read at get_block_idx * 256: inside for up to 8 blocks,
// outside for more; the launch decides.
func.func @nz_block_idx(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  // expected-note@+1 {{the offset depends on pto.get_block_idx (bounded only by the launch: at most 65535 blocks)}}
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %n0 = arith.muli %bi, %c256 : index
  %v = pto.make_tensor_view %p, shape = [%c2048, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-remark@+1 {{pto-block-nz-views: cannot decide whether the NZ partition stays inside its view in dimension 0 (rows): offset in [0, 16776704] + size 256 may leave the view's extent 2048; accepted, as the launch (or the caller) must keep it inside}}
  %pv = pto.partition_view %v, offsets = [%n0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// An ND view read at a function argument (only with --lower-to-ptoas, which
// runs pto-verify-partition-bounds).
// expected-note@+1 {{the offset depends on a function argument}}
func.func @nd_argument(%p: !pto.ptr<i8>, %row: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  // expected-remark@+1 {{pto-verify-partition-bounds: cannot decide whether the partition stays inside its view in dimension 0: offset in [-9223372036854775808, 9223372036854775807] + size 64 may leave the view's extent 512}}
  %pv = pto.partition_view %v, offsets = [%row, %c0], sizes = [%c64, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x512xi8>
  return
}

// -----

// An ND valid row count from a function argument: whether it is positive is
// the caller's business (issue 24; a ragged tail's upper end then too).
// expected-note@+1 {{the size depends on a function argument}}
func.func @nd_dynamic_size_argument(%p: !pto.ptr<i8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  // expected-remark@+1 {{pto-verify-partition-bounds: cannot decide whether the partition's dynamic size in dimension 0 is positive: it ranges over [-9223372036854775808, 9223372036854775807]; accepted, as the launch (or the caller) must keep it at least 1}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%n, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x512xi8>
  return
}
