// pto-verify-partition-bounds: an ND/DN partition that provably leaves its
// view is an error at the partition; one whose range depends on the launch
// or on an argument is accepted (a remark with remarks=true, see
// partition-bounds-remarks.mlir).
// RUN: ptonz-opt --split-input-file --verify-diagnostics --pto-verify-partition-bounds %s | FileCheck %s

// Inside: constants, a loop, a launch-dependent offset (undecided: accepted).
// CHECK-LABEL: func.func @accepted
func.func @accepted(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %m0 = arith.muli %bi, %c64 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c1024], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  scf.for %k = %c0 to %c1024 step %c128 {
    %pv = pto.partition_view %v, offsets = [%m0, %k], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 64x128xf16>
    pto.tload ins(%pv : !pto.partition_tensor_view<64x128xf16>) outs(%t : !pto.tile_buf<vec, 64x128xf16>)
  }
  return
}

// -----

func.func @constant_past_the_view(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 0: offset 512 + size 64 = 576 exceeds the view's extent 512; a tload or tstore there would touch memory outside the tensor. Keep 0 <= offset and offset + 64 <= 512 (fix the offset, the loop bound or the view's shape)}}
  %pv = pto.partition_view %v, offsets = [%c512, %c0], sizes = [%c64, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x512xi8>
  return
}

// -----

// A K loop one tile too long (DN views are checked the same way).
func.func @loop_past_the_view(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  %c4608 = arith.constant 4608 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c4096], strides = [] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xi8>
  // expected-note@+1 {{the offset ranges over [0, 4096] here}}
  scf.for %k = %c0 to %c4608 step %c512 {
    // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 1: offset in [0, 4096] + size 512 can reach 4608, beyond the view's extent 4096 (the range follows from the program's own constants, loop bounds and arithmetic)}}
    %pv = pto.partition_view %v, offsets = [%c0, %k], sizes = [%c64, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x512xi8>
  }
  return
}

// -----

// A negative offset (from arithmetic: the op verifier rejects a negative
// constant).
func.func @negative_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  // expected-note@+1 {{the offset ranges over [-64, -64] here}}
  %neg = arith.subi %c0, %c64 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 0: offset in [-64, -64] is always negative}}
  %pv = pto.partition_view %v, offsets = [%neg, %c0], sizes = [%c64, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x512xi8>
  return
}

// -----

// Wrapped arithmetic is the program's own: an i8 round trip of 192 is -64.
func.func @wrapped_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c192 = arith.constant 192 : index
  %c512 = arith.constant 512 : index
  %t = arith.index_cast %c192 : index to i8
  // expected-note@+1 {{the offset ranges over [-64, -64] here}}
  %r = arith.index_cast %t : i8 to index
  %v = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{offset in [-64, -64] is always negative}}
  %pv = pto.partition_view %v, offsets = [%r, %c0], sizes = [%c64, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x512xi8>
  return
}

// -----

// A function argument bounds nothing: undecided, accepted.
// CHECK-LABEL: func.func @argument_offset
func.func @argument_offset(%p: !pto.ptr<i8>, %row: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%row, %c0], sizes = [%c64, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x512xi8>
  return
}

// -----

// A size that is not an arith.constant is the result type's extent (what the
// tload moves): 512 + 64 leaves the view (fuzzer finding: it was accepted).
func.func @size_from_the_result_type(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c64_i8 = arith.index_cast %c64 : index to i8
  %size = arith.index_cast %c64_i8 : i8 to index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c1024], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 0: offset 512 + size 64 = 576 exceeds the view's extent 512}}
  %pv = pto.partition_view %v, offsets = [%c512, %c0], sizes = [%size, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  return
}

// -----

// A size operand that is not a constant but provably is not the result type's
// extent: 512 and 128 cast through i8 are 0 and -128, while the type says 64
// and 128 (fuzzer findings: both were accepted; PTOAS moves the type's extent).
func.func @size_operand_is_not_the_type(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c512_i8 = arith.index_cast %c512 : index to i8
  %zero = arith.index_cast %c512_i8 : i8 to index
  %c128_i8 = arith.index_cast %c128 : index to i8
  %negative = arith.index_cast %c128_i8 : i8 to index
  %v = pto.make_tensor_view %p, shape = [%c512, %c1024], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition's size operand in dimension 0 is 0, but its result type says 64: PTOAS moves the type's 64 while the operands describe another partition; make the size the constant 64, or give the result type a dynamic (?) size there}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%zero, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition's size operand in dimension 1 is -128, but its result type says 128}}
  %pw = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c128, %negative] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x128xf16>
  return
}

// -----

// A size operand that may be the type's extent in some launch but is not in
// block 0, which every launch runs (fuzzer finding, seed 200 #585: a size
// `block_idx` under a static 128 was accepted); one that is the extent in
// block 0 is accepted.
func.func @size_operand_is_not_the_type_in_block_0(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %v = pto.make_tensor_view %p, shape = [%c512, %c1024], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition's size operand in dimension 1 is 0 in the launch of one block (block 0, which every launch runs), but its result type says 128}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %bi] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  %s = arith.addi %bi, %c128 : index
  %pw = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %s] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  return
}

// -----

// A size operand the program's own loop makes other than the type's size
// (fuzzer finding, seed 206 #1716: the induction variable 0, 128, ..., 896
// under a static 128 was accepted).
func.func @size_operand_is_a_loop_iv(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c1024], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  scf.for %k = %c0 to %c1024 step %c128 {
    // expected-error@+1 {{pto-verify-partition-bounds: the partition's size operand in dimension 1 is in [0, 896] (the program's own constants, loops and arithmetic give it values other than 128), but its result type says 128}}
    %pv = pto.partition_view %v, offsets = [%c0, %k], sizes = [%c64, %k] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  }
  return
}

// -----

// A dynamic size whose sign depends on the launch does not excuse an offset
// past the extent: even one element there leaves the view (fuzzer finding
// 11:927, a pl load at block_num * 512 of a 16-row tensor, was accepted).
func.func @dynamic_size_past_the_extent(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c768 = arith.constant 768 : index
  %b = pto.get_block_num
  %bi = arith.index_cast %b : i64 to index
  // expected-note@+1 {{the offset ranges over [512, 512] in a launch of one block here}}
  %o = arith.muli %bi, %c512 : index
  %r = arith.subi %c768, %o : index
  %n = arith.minsi %r, %c16 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c256], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 0: offset in [512, 512] in a launch of one block + size 1 is at least 513, beyond the view's extent 16}}
  %pv = pto.partition_view %v, offsets = [%o, %c0], sizes = [%n, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x32xf16>
  return
}

// -----

// A view dimension that is not a constant operand but has one value (a fuzzer
// finding: 16 cast to i8 and back) is that value: block_num * 16 + 16 > 16 in
// every launch.
func.func @single_valued_extent(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %n8 = arith.index_cast %c16 : index to i8
  %n = arith.index_cast %n8 : i8 to index
  %v = pto.make_tensor_view %p, shape = [%n, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xf16>
  %b = pto.get_block_num
  %bi = arith.index_cast %b : i64 to index
  // expected-note@+1 {{the offset ranges over [16, 16] in a launch of one block here}}
  %o = arith.muli %bi, %c16 : index
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 0: offset in [16, 16] in a launch of one block + size 16 is at least 32, beyond the view's extent 16}}
  %pv = pto.partition_view %v, offsets = [%o, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x16xf16>
  return
}

// -----

// Dynamic sizes (valid shapes, issue 24) must be proven at least 1. A ragged
// tail min(D - o, T) of a loop that stops at the last partial tile is, and
// stays inside the view; a size from a function argument cannot be decided
// (accepted, a remark with --remarks).
// CHECK-LABEL: func.func @dynamic_sizes_accepted
func.func @dynamic_sizes_accepted(%p: !pto.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c200 = arith.constant 200 : index
  %v = pto.make_tensor_view %p, shape = [%c200, %c128], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  scf.for %i = %c0 to %c4 step %c1 {
    %o = arith.muli %i, %c64 : index
    %rest = arith.subi %c200, %o : index
    %valid = arith.minsi %rest, %c64 : index
    %pv = pto.partition_view %v, offsets = [%o, %c0], sizes = [%valid, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x128xf16>
  }
  %pn = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%n, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x128xf16>
  return
}

// -----

// One tile too many: min(192 - o, 64) is 0 in the last iteration.
func.func @dynamic_size_can_be_zero(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c192 = arith.constant 192 : index
  %v = pto.make_tensor_view %p, shape = [%c192, %c128], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  scf.for %i = %c0 to %c4 step %c1 {
    %o = arith.muli %i, %c64 : index
    %rest = arith.subi %c192, %o : index
    // expected-note@+1 {{the size ranges over [0, 64] here}}
    %valid = arith.minsi %rest, %c64 : index
    // expected-error@+1 {{pto-verify-partition-bounds: the partition's dynamic size in dimension 0 must be proven at least 1, but it ranges over [0, 64], so it can be 0 or negative (the range follows from the program's own constants, loop bounds and arithmetic)}}
    %pv = pto.partition_view %v, offsets = [%o, %c0], sizes = [%valid, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x128xf16>
  }
  return
}

// -----

// Negative: 64 - 128.
func.func @dynamic_size_negative(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v = pto.make_tensor_view %p, shape = [%c128, %c128], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  // expected-note@+1 {{the size ranges over [-64, -64] here}}
  %size = arith.subi %c64, %c128 : index
  // expected-error@+1 {{pto-verify-partition-bounds: the partition's dynamic size in dimension 1 must be proven at least 1, but it is never positive (it ranges over [-64, -64])}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %size] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x?xf16>
  return
}

// -----

// A positive dynamic size whose largest value leaves the view: 64 + (up to
// 128) > 128.
func.func @dynamic_size_past_the_view(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v = pto.make_tensor_view %p, shape = [%c128, %c128], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  scf.for %i = %c0 to %c2 step %c1 {
    %j = arith.addi %i, %c1 : index
    %size = arith.muli %j, %c64 : index
    // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 0: offset 64 + size 128 = 192 exceeds the view's extent 128}}
    %pv = pto.partition_view %v, offsets = [%c64, %c0], sizes = [%size, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x128xf16>
  }
  return
}

// -----

// A tile's dynamic valid rows must stay within the tile (a tload would write
// past its buffer): min(768 - o, 512) into a 256-row tile reaches 512.
func.func @tile_valid_rows_past_the_tile(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c768 = arith.constant 768 : index
  %v = pto.make_tensor_view %p, shape = [%c768, %c512], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  scf.for %i = %c0 to %c3 step %c1 {
    %o = arith.muli %i, %c256 : index
    %rest = arith.subi %c768, %o : index
    // expected-note@+1 {{the size ranges over [256, 512] here}}
    %valid = arith.minsi %rest, %c512 : index
    %pv = pto.partition_view %v, offsets = [%o, %c0], sizes = [%valid, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x512xi8>
    // expected-error@+1 {{pto-verify-partition-bounds: the tile's dynamic valid row count must be in [0, 256] (the tile has 256 rows), but it ranges over [256, 512], so it can exceed 256 (the range follows from the program's own constants, loop bounds and arithmetic): a tload into it would write past its buffer; bound it by the tile (min(..., 256))}}
    %t = pto.alloc_tile valid_row = %valid : !pto.tile_buf<vec, 256x512xi8, valid=?x512>
  }
  return
}

// -----

// An MX scale view that is already blocked (rank 5, explicit strides) is
// checked like an ND one: its partition leaves dimension 1 (3 + 2 > 4).
func.func @blocked_mx_partition_outside(%p: !pto.ptr<!pto.f8E8M0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c4, %c2, %c16, %c2], strides = [%c256, %c64, %c32, %c2, %c1] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition}}
  %pv = pto.partition_view %v, offsets = [%c0, %c3, %c0, %c0, %c0], sizes = [%c1, %c2, %c1, %c16, %c2] : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0> -> !pto.partition_tensor_view<1x2x1x16x2x!pto.f8E8M0>
  return
}

// -----

// A stride is the program's own arithmetic too: an i8 round trip of 128 is
// -128, which puts the view's elements before its base pointer (fuzzer
// finding, seed 39: it was accepted). A negative constant is the op
// verifier's to reject; a stride that is only possibly negative (an
// argument) is accepted, as an offset is.
func.func @wrapped_stride(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %t = arith.index_cast %c128 : index to i8
  // expected-note@+1 {{the stride is -128 here}}
  %s = arith.index_cast %t : i8 to index
  // expected-error@+1 {{pto-verify-partition-bounds: stride operand #1 of the view is -128, always negative: the view's elements would lie before its base pointer}}
  %v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %s] : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x16xf16>
  return
}

// -----

// A stride negative in block 0, which every launch runs (`block_idx - 1` is
// -1 there), puts that block's view before its pointer too.
func.func @stride_negative_in_block_0(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  // expected-note@+1 {{the stride is -1 in the launch of one block (block 0, which every launch runs) here}}
  %s = arith.subi %bi, %c1 : index
  // expected-error@+1 {{pto-verify-partition-bounds: stride operand #0 of the view is -1 in the launch of one block (block 0, which every launch runs), negative there: the view's elements would lie before its base pointer}}
  %v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%s, %c1] : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x16xf16>
  return
}

// -----

// CHECK-LABEL: func.func @argument_stride
func.func @argument_stride(%p: !pto.ptr<f16>, %s: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %s] : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x16xf16>
  return
}

// -----

// Arithmetic that wraps is still exact where every operand has one value
// (fuzzer finding, seed 51 #23227: it was accepted): in block 0, which every
// launch runs, (0 + INT64_MAX) * 16 is -16 and * 32 is -32, where arith's
// transfer functions only say "may overflow: anything".
func.func @wrapped_size(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %max = arith.constant 9223372036854775807 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %r = arith.remui %bi, %c16 : index
  %m = arith.addi %r, %max : index
  // expected-note@+1 {{the size ranges over [-16, -16] in a launch of one block here}}
  %n = arith.muli %m, %c16 : index
  // expected-note@+1 {{the size ranges over [-32, -32] in a launch of one block here}}
  %n2 = arith.muli %m, %c32 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition's dynamic size in dimension 0 must be proven at least 1, but it is never positive (it ranges over [-16, -16] in a launch of one block)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%n, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x512xi8>
  // expected-error@+1 {{pto-verify-partition-bounds: the tile's dynamic valid row count must be in [0, 256] (the tile has 256 rows), but it is never in [0, 256] (it ranges over [-32, -32] in a launch of one block)}}
  %t = pto.alloc_tile valid_row = %n2 : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<?x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>)
  return
}

// -----

// A dynamic size that depends on the launch is not proven positive, but in
// block 0, which every launch runs, it is 4096 rows of a 512-row view
// (fuzzer finding, seed 55 #17355: it was accepted).
func.func @launch_size_too_large_in_block_0(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  // expected-note@+1 {{the offset ranges over [0, 0] in a launch of one block here}}
  %m0 = arith.muli %bi, %c64 : index
  %rest = arith.subi %c4096, %m0 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c1024], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 0 (its dynamic size is at least 4096 in a launch of one block): offset in [0, 0] in a launch of one block + size 4096 is at least 4096, beyond the view's extent 512}}
  %pv = pto.partition_view %v, offsets = [%m0, %c0], sizes = [%rest, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x128xf16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 64x128xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<?x128xf16>) outs(%t : !pto.tile_buf<vec, 64x128xf16>)
  return
}

// -----

// A dynamic size proven positive whose value the launch decides is still
// checked with its least value in block 0 (fuzzer finding, seed 57 #3104:
// such a partition was accepted without any check against the view).
func.func @launch_size_positive_in_block_0(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %r = arith.remui %bi, %c16 : index
  %rest = arith.subi %c4096, %r : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c1024], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 0 (its dynamic size is at least 4096 in a launch of one block): offset 0 + size 4096 = 4096 exceeds the view's extent 512}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%rest, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x128xf16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 64x128xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<?x128xf16>) outs(%t : !pto.tile_buf<vec, 64x128xf16>)
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 0: offset 512 + size 1 = 513 exceeds the view's extent 512}}
  %pv2 = pto.partition_view %v, offsets = [%c512, %c0], sizes = [%rest, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x128xf16>
  %t2 = pto.alloc_tile : !pto.tile_buf<vec, 64x128xf16>
  pto.tload ins(%pv2 : !pto.partition_tensor_view<?x128xf16>) outs(%t2 : !pto.tile_buf<vec, 64x128xf16>)
  return
}

// -----

// A shape operand computed to one value is the view's extent at run time,
// also where the view type says another (fuzzer finding, seed 58 #28417: an
// i16 round trip of -256 in a 64x4 view was checked as 4 and accepted).
func.func @computed_shape_against_type(%p: !pto.ptr<i8>) {
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %m256 = arith.constant -256 : index
  %n16 = arith.index_cast %m256 : index to i16
  // expected-note@+1 {{computed to -256 here}}
  %n = arith.index_cast %n16 : i16 to index
  // expected-error@+1 {{pto-verify-partition-bounds: shape operand #1 of the view is always -256, but the view type says 4}}
  %v = pto.make_tensor_view %p, shape = [%c64, %n], strides = [] : !pto.tensor_view<64x4xi8>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 1: offset 2 + size 2 = 4 exceeds the view's extent -256}}
  %pv = pto.partition_view %v, offsets = [%c16, %c2], sizes = [%c16, %c2] : !pto.tensor_view<64x4xi8> -> !pto.partition_tensor_view<16x2xi8>
  return
}

// -----

// The same contradiction with nothing that reads the view, and one whose
// partition fits both extents: still an error, with a note at the op that
// computes the operand (an i8 round trip of 260 is 4, not the type's 8).
func.func @computed_shape_unread(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c260 = arith.constant 260 : index
  %n8 = arith.index_cast %c260 : index to i8
  // expected-note@+1 {{computed to 4 here}}
  %n = arith.index_cast %n8 : i8 to index
  // expected-error@+1 {{pto-verify-partition-bounds: shape operand #1 of the view is always 4, but the view type says 8: the op verifier rejects a constant operand that disagrees with its type}}
  %v = pto.make_tensor_view %p, shape = [%c64, %n], strides = [] : !pto.tensor_view<64x8xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c4] : !pto.tensor_view<64x8xi8> -> !pto.partition_tensor_view<64x4xi8>
  // expected-error@+1 {{pto-verify-partition-bounds: shape operand #0 of the view is always 4, but the view type says 64}}
  %w = pto.make_tensor_view %p, shape = [%n, %c64], strides = [] : !pto.tensor_view<64x64xi8>
  // A logical NZ view too: pto-block-nz-views would block it by its type.
  // expected-error@+1 {{pto-verify-partition-bounds: shape operand #1 of the view is always 4, but the view type says 32}}
  %z = pto.make_tensor_view %p, shape = [%c64, %n], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<64x32xi8>
  return
}

// -----

// A computed operand in a dynamic dim, or one that agrees with the type, is
// the view's extent and no error.
func.func @computed_shape_agrees(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c260 = arith.constant 260 : index
  %n8 = arith.index_cast %c260 : index to i8
  %n = arith.index_cast %n8 : i8 to index
  %v = pto.make_tensor_view %p, shape = [%c64, %n], strides = [] : !pto.tensor_view<64x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c4] : !pto.tensor_view<64x?xi8> -> !pto.partition_tensor_view<64x4xi8>
  %w = pto.make_tensor_view %p, shape = [%c64, %n], strides = [] : !pto.tensor_view<64x4xi8>
  %pw = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c64, %c4] : !pto.tensor_view<64x4xi8> -> !pto.partition_tensor_view<64x4xi8>
  return
}

// -----

// A view extent the launch decides is bounded in block 0, which every launch
// runs (fuzzer finding, seed 204 #9617: a shape operand `block_idx xor 64`
// is 64 there, and a 128-column partition of it was accepted). An extent
// whose block-0 value holds the partition is accepted (the launch decides).
func.func @extent_in_block_0(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %cols = arith.xori %bi, %c64 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %cols], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 1 (the view's extent there is at most 64 in a launch of one block, which every launch runs): offset 0 + size 128 = 128 exceeds the view's extent 64}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  %wide = arith.addi %bi, %c128 : index
  %w = pto.make_tensor_view %p, shape = [%c512, %wide], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
  %pw = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  return
}

// -----

// The same for a dynamic partition size (fuzzer finding, seed 209 #517: rows
// `64 * block_idx`, 0 in block 0, read 4096 - 64 * block_idx rows from row
// 64 * block_idx). A size whose least value in block 0 fits is accepted.
func.func @extent_in_block_0_dynamic_size(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  // expected-note@+1 {{the offset ranges over [0, 0] in a launch of one block here}}
  %m0 = arith.muli %bi, %c64 : index
  %rest = arith.subi %c4096, %m0 : index
  %v = pto.make_tensor_view %p, shape = [%m0, %c1024], strides = [] : !pto.tensor_view<?x?xf16>
  // expected-error@+1 {{pto-verify-partition-bounds: the partition leaves its view in dimension 0 (in a launch of one block, which every launch runs, its dynamic size is at least 4096 and the view's extent at most 0)}}
  %pv = pto.partition_view %v, offsets = [%m0, %c0], sizes = [%rest, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x128xf16>
  %rows = arith.addi %m0, %c64 : index
  %w = pto.make_tensor_view %p, shape = [%rows, %c1024], strides = [] : !pto.tensor_view<?x?xf16>
  %n = arith.addi %bi, %c1 : index
  %pw = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%n, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x128xf16>
  return
}
