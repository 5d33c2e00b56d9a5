// PTOAS's issue-527 test (test/lit/pto/issue527_nz_canonical_view_infer.pto,
// PR #1027: the layout rules of 0.61), case by case in ptonz's pto. The
// accepted cases, with the GlobalTensor PTOAS's test checks, are in
// Inputs/ptoas-061-issue527-accepted.mlir; the rejected ones here, one per
// split, with PTOAS's message. Not translated: the memref.reinterpret_cast /
// memref.subview cases (ptonz's views are pto views only). Where ptonz
// differs from 0.61 the split says so: FP4 (sub-byte NZ stays rejected), a
// negative stride, a nested partition (rejected, located).
// RUN: ptonz-opt --lower-to-ptoas %S/Inputs/ptoas-061-issue527-accepted.mlir | FileCheck %S/Inputs/ptoas-061-issue527-accepted.mlir
// RUN: ptonz-opt --lower-to-ptoas --emit=descriptors %S/Inputs/ptoas-061-issue527-accepted.mlir | FileCheck %S/Inputs/ptoas-061-issue527-accepted.mlir --check-prefix=DESC
// RUN: ptonz-opt --pto-arch=a5 --lower-to-ptoas --emit=descriptors %S/Inputs/ptoas-061-issue527-accepted.mlir | FileCheck %S/Inputs/ptoas-061-issue527-accepted.mlir --check-prefix=DESC
// RUN: ptonz-opt --split-input-file --verify-diagnostics --lower-to-ptoas %s

// invalid_inner_shape.pto
func.func @invalid_inner_shape(%ptr: !pto.ptr<f32>) -> !pto.tensor_view<1x8x8x8x8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected shape[3]==16 (got 8)}}
  %bad = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c8, %c8], strides = [%c4096, %c512, %c64, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x8x8x8x8xf32>
  return %bad : !pto.tensor_view<1x8x8x8x8xf32>
}

// -----

// invalid_rank.pto
func.func @invalid_rank(%ptr: !pto.ptr<f32>) -> !pto.tensor_view<8x8x16x8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  // expected-error@+1 {{user-specified layout=nz requires a rank-5 view, got rank 4}}
  %bad = pto.make_tensor_view %ptr, shape = [%c8, %c8, %c16, %c8], strides = [%c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<8x8x16x8xf32>
  return %bad : !pto.tensor_view<8x8x16x8xf32>
}

// -----

// invalid_inner_stride.pto
func.func @invalid_inner_stride(%ptr: !pto.ptr<f32>) -> !pto.tensor_view<1x8x8x16x8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected stride[2]==128 (got 64)}}
  %bad = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c4096, %c512, %c64, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x8x8x16x8xf32>
  return %bad : !pto.tensor_view<1x8x8x16x8xf32>
}

// -----

// invalid_outer_gap.pto
func.func @invalid_outer_gap(%ptr: !pto.ptr<f32>) -> !pto.tensor_view<1x8x8x16x8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected stride[1] >= shape[2] * stride[2] (1024), got 512}}
  %bad = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c4096, %c512, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x8x8x16x8xf32>
  return %bad : !pto.tensor_view<1x8x8x16x8xf32>
}

// -----

// invalid_d3_partition.pto: the root has no layout attribute; 0.61 infers NZ.
func.func @invalid_d3_partition(%ptr: !pto.ptr<f32>) -> !pto.partition_tensor_view<1x8x8x15x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %root = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<1x8x8x16x8xf32>
  // expected-error@+1 {{pto-verify-ptoas: NZ view cannot be partitioned inside a fractal: d3 must keep offset=0 and size=16 (got offset=1, size=15)}}
  %bad = pto.partition_view %root, offsets = [%c0, %c0, %c0, %c1, %c0], sizes = [%c1, %c8, %c8, %c15, %c8] : !pto.tensor_view<1x8x8x16x8xf32> -> !pto.partition_tensor_view<1x8x8x15x8xf32>
  return %bad : !pto.partition_tensor_view<1x8x8x15x8xf32>
}

// -----

// invalid_d4_partition.pto
func.func @invalid_d4_partition(%ptr: !pto.ptr<f32>) -> !pto.partition_tensor_view<1x8x8x16x7xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %root = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<1x8x8x16x8xf32>
  // expected-error@+1 {{pto-verify-ptoas: NZ view cannot be partitioned inside a fractal: d4 must keep offset=0 and size=8 (got offset=1, size=7)}}
  %bad = pto.partition_view %root, offsets = [%c0, %c0, %c0, %c0, %c1], sizes = [%c1, %c8, %c8, %c16, %c7] : !pto.tensor_view<1x8x8x16x8xf32> -> !pto.partition_tensor_view<1x8x8x16x7xf32>
  return %bad : !pto.partition_tensor_view<1x8x8x16x7xf32>
}

// -----

// partition_offset_overflow.pto: PTOAS's partition verifier; ptonz's too.
func.func @partition_offset_overflow(%ptr: !pto.ptr<f32>) -> !pto.partition_tensor_view<1x8x8x16x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %cmax = arith.constant 9223372036854775807 : index
  %root = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<1x8x8x16x8xf32>
  // expected-error@+1 {{'pto.partition_view' op offset+size at dim 0 overflows}}
  %bad = pto.partition_view %root, offsets = [%cmax, %c0, %c0, %c0, %c0], sizes = [%c1, %c8, %c8, %c16, %c8] : !pto.tensor_view<1x8x8x16x8xf32> -> !pto.partition_tensor_view<1x8x8x16x8xf32>
  return %bad : !pto.partition_tensor_view<1x8x8x16x8xf32>
}

// -----

// dynamic_inner_partition.pto
func.func @dynamic_inner_partition(%ptr: !pto.ptr<f32>, %innerOffset: index, %innerSize: index) -> !pto.partition_tensor_view<1x8x8x?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %root = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<1x8x8x16x8xf32>
  // expected-error@+1 {{pto-verify-ptoas: NZ partition must prove that d3 remains complete at compile time}}
  %bad = pto.partition_view %root, offsets = [%c0, %c0, %c0, %innerOffset, %c0], sizes = [%c1, %c8, %c8, %innerSize, %c8] : !pto.tensor_view<1x8x8x16x8xf32> -> !pto.partition_tensor_view<1x8x8x?x8xf32>
  return %bad : !pto.partition_tensor_view<1x8x8x?x8xf32>
}

// -----

// partition_layout_mismatch.pto: a partition's layout attribute must be its
// source's.
func.func @partition_layout_mismatch(%ptr: !pto.ptr<f32>) -> !pto.partition_tensor_view<1x4x8x16x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %root = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x8x8x16x8xf32>
  // expected-error@+1 {{pto-verify-ptoas: partition layout=nd does not match source layout=nz}}
  %part = pto.partition_view %root, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c4, %c8, %c16, %c8] {layout = #pto.layout<nd>} : !pto.tensor_view<1x8x8x16x8xf32> -> !pto.partition_tensor_view<1x4x8x16x8xf32>
  return %part : !pto.partition_tensor_view<1x4x8x16x8xf32>
}

// -----

// positive.pto's FP4 view (canonical, no layout attribute: 0.61 infers NZ and
// counts packed pairs, c0 = 32). ptonz keeps sub-byte NZ rejected (issue 20),
// and its element-type table (0.60's C++ element types) has no FP4 either.
func.func @fp4_inferred_nz(%fp4: !pto.ptr<!pto.f4E1M2x2>) -> !pto.tensor_view<1x2x8x16x32x!pto.f4E1M2x2> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  %c8192 = arith.constant 8192 : index
  // expected-error@+2 {{pto-verify-ptoas: a GM view of !pto.f4E1M2x2 elements: PTOAS has no element type !pto.f4E1M2x2}}
  // expected-error@+1 {{pto-verify-ptoas: PTOAS 0.61 infers this view (no layout attribute; canonical tight NZ strides, shape[0] == 1, more than one fractal) NZ, of sub-byte element type !pto.f4E1M2x2: sub-byte NZ is unsettled}}
  %fp4_nz = pto.make_tensor_view %fp4, shape = [%c1, %c2, %c8, %c16, %c32], strides = [%c8192, %c4096, %c512, %c32, %c1] : !pto.tensor_view<1x2x8x16x32x!pto.f4E1M2x2>
  return %fp4_nz : !pto.tensor_view<1x2x8x16x32x!pto.f4E1M2x2>
}

// -----

// nd_fallback.pto: a constant stride of -1, which 0.61 describes as ND; ptonz
// rejects a negative stride (it would address memory before the view).
func.func @nd_fallback_for_unknown_stride(%ptr: !pto.ptr<f32>) -> !pto.tensor_view<4x8x16xf32> {
  %c-1 = arith.constant -1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  // expected-error@+1 {{'pto.make_tensor_view' op stride operand #2 is negative (-1)}}
  %view = pto.make_tensor_view %ptr, shape = [%c4, %c8, %c16], strides = [%c128, %c16, %c-1] : !pto.tensor_view<4x8x16xf32>
  return %view : !pto.tensor_view<4x8x16xf32>
}

// -----

// The design's item 17: scf.if(NZ, ND) meets at the merge point (0.61's
// ViewLayoutSolver: "view layout conflict").
func.func @if_conflict(%ptr: !pto.ptr<f32>, %cond: i1) -> !pto.tensor_view<1x8x8x16x8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %nz = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x8x8x16x8xf32>
  %nd = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<1x8x8x16x8xf32>
  // expected-error@+1 {{pto-verify-ptoas: view layout conflict: nz and nd reach the same control-flow or function-boundary value}}
  %v = scf.if %cond -> !pto.tensor_view<1x8x8x16x8xf32> {
    scf.yield %nz : !pto.tensor_view<1x8x8x16x8xf32>
  } else {
    scf.yield %nd : !pto.tensor_view<1x8x8x16x8xf32>
  }
  return %v : !pto.tensor_view<1x8x8x16x8xf32>
}

// -----

// The same through arith.select (PTOAS unites the true value with the result
// first, so the false value's ND meets the result's NZ: "nd and nz").
func.func @select_conflict(%ptr: !pto.ptr<f32>, %cond: i1) -> !pto.tensor_view<1x8x8x16x8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %nz = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x8x8x16x8xf32>
  %nd = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<1x8x8x16x8xf32>
  // expected-error@+1 {{pto-verify-ptoas: view layout conflict: nd and nz reach the same control-flow or function-boundary value}}
  %v = arith.select %cond, %nz, %nd : !pto.tensor_view<1x8x8x16x8xf32>
  return %v : !pto.tensor_view<1x8x8x16x8xf32>
}

// -----

// A direct helper called with an NZ view and an ND one: its parameter cannot
// be both (the second call's ND meets the parameter's NZ).
func.func @helper(%v: !pto.tensor_view<1x8x8x16x8xf32>) {
  return
}
func.func @call_conflict(%ptr: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %nz = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x8x8x16x8xf32>
  %nd = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<1x8x8x16x8xf32>
  func.call @helper(%nz) : (!pto.tensor_view<1x8x8x16x8xf32>) -> ()
  // expected-error@+1 {{pto-verify-ptoas: view layout conflict: nd and nz reach the same control-flow or function-boundary value}}
  func.call @helper(%nd) : (!pto.tensor_view<1x8x8x16x8xf32>) -> ()
  return
}

// -----

// positive.pto @partition_and_nested_propagation's nested partition: 0.61
// partitions a partition_tensor_view (the offsets add up, the root's strides
// stay); ptonz's pto.partition_view takes a tensor_view only (as 0.60's), so
// this is a located error, not a guessed descriptor.
func.func @nested_partition(%ptr: !pto.ptr<f32>) -> !pto.partition_tensor_view<1x2x4x16x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %root = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<1x8x8x16x8xf32>
  %d1 = pto.partition_view %root, offsets = [%c0, %c2, %c0, %c0, %c0], sizes = [%c1, %c4, %c8, %c16, %c8] : !pto.tensor_view<1x8x8x16x8xf32> -> !pto.partition_tensor_view<1x4x8x16x8xf32>
  // expected-error@+1 {{'pto.partition_view' op operand #0 must be a GM tensor made by pto.make_tensor_view, but got '!pto.partition_tensor_view<1x4x8x16x8xf32>'}}
  %nested = pto.partition_view %d1, offsets = [%c0, %c1, %c2, %c0, %c0], sizes = [%c1, %c2, %c4, %c16, %c8] : !pto.partition_tensor_view<1x4x8x16x8xf32> -> !pto.partition_tensor_view<1x2x4x16x8xf32>
  return %nested : !pto.partition_tensor_view<1x2x4x16x8xf32>
}
