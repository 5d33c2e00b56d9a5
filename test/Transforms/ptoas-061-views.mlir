// PTOAS >= 0.61's layout rules (issue #527) in what ptonz accepts and emits:
// the accepted cases (a physical NZ input with and without the mark, gaps, a
// batched d0 partition, a logical rank-5 view, views 0.61 does not infer NZ)
// are in Inputs/ptoas-061-accepted.mlir with their checks; the rejections
// here, one per split.
// RUN: ptonz-opt --lower-to-ptoas %S/Inputs/ptoas-061-accepted.mlir | FileCheck %S/Inputs/ptoas-061-accepted.mlir
// RUN: ptonz-opt --lower-to-ptoas --emit=descriptors %S/Inputs/ptoas-061-accepted.mlir | FileCheck %S/Inputs/ptoas-061-accepted.mlir --check-prefix=DESC
// RUN: ptonz-opt --split-input-file --verify-diagnostics --lower-to-ptoas %s

// Every view ptonz creates carries its layout attribute ({layout = nd} too), so
// that 0.61's inference of views without one can never reinterpret it.
// RUN: ptonz-opt --lower-to-ptoas %examples/seed001_grouped_matmul_pl.mlir | FileCheck %s --check-prefix=EXPLICIT
// RUN: ptonz-opt --lower-to-ptoas %S/Inputs/check-results-ranks.mlir | FileCheck %s --check-prefix=EXPLICIT
// EXPLICIT-NOT: pto.make_tensor_view {{[^{]*}}: !pto.tensor_view
// EXPLICIT: pto.make_tensor_view {{.*}} {layout = #pto.layout<
// EXPLICIT-NOT: pto.make_tensor_view {{[^{]*}}: !pto.tensor_view


// An explicit NZ view is checked by PTOAS's rules, with or without the mark.
func.func @physical_bad_gap(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected stride[1] >= shape[2] * stride[2] (1024), got 512}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c4096, %c512, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf32>
  return
}

// -----

func.func @physical_d3_partition(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf32>
  // expected-error@+1 {{pto-verify-ptoas: NZ view cannot be partitioned inside a fractal: d3 must keep offset=0 and size=16 (got offset=1, size=15)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c1, %c0], sizes = [%c1, %c8, %c8, %c15, %c8] : !pto.tensor_view<?x?x?x?x?xf32> -> !pto.partition_tensor_view<1x8x8x15x8xf32>
  return
}

// -----

// A view without a layout attribute that PTOAS >= 0.61 infers NZ (rank 5,
// canonical and tight, shape[0] == 1, more than one fractal) is an NZ view for
// ptonz too: its partitions keep d3/d4 whole (issue527_nz_canonical_view_infer
// has the accepted cases, ptoas-061-issue527.mlir all of them).
func.func @inferred_nz(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<?x?x?x?x?xf32>
  // expected-error@+1 {{pto-verify-ptoas: NZ view cannot be partitioned inside a fractal: d3 must keep offset=0 and size=16 (got offset=1, size=15)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c1, %c0], sizes = [%c1, %c8, %c8, %c15, %c8] : !pto.tensor_view<?x?x?x?x?xf32> -> !pto.partition_tensor_view<1x8x8x15x8xf32>
  return
}

// -----

// The old spelling of a logical view gets the new one in its error.
func.func @legacy(%p: !pto.ptr<i8>) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: a layout inside the view type (!pto.tensor_view<256x512xi8, #pto.layout<nz>>) means what PTOAS >= 0.61 means by it}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] : !pto.tensor_view<256x512xi8, #pto.layout<nz>>
  return
}

// -----

// Sub-byte NZ stays rejected, saying why.
func.func @sub_byte(%p: !pto.ptr<f4E2M1FN>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  // expected-error@+1 {{pto-verify-ptoas: NZ view of sub-byte element type f4E2M1FN: sub-byte NZ is unsettled: PTOAS >= 0.61 counts an FP4 NZ view in packed pairs (a 1-byte storage element, c0 = 32) while pto-isa's A5 register path counts 4-bit elements (c0 = 64)}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c4, %c8, %c16, %c64], strides = [%c4096, %c1024, %c1024, %c64, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf4E2M1FN>
  return
}
