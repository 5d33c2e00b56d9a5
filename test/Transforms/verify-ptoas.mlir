// pto-verify-ptoas: the rank-5 NZ descriptor rules (0.61, and any version
// assembled with --disable-infer-layout); PTOAS 0.60's layout inference
// rejects this blocked NZ view (verify-ptoas-versions.mlir has the rest).
// RUN: ptonz-opt --split-input-file --verify-diagnostics --pto-verify-ptoas %s | FileCheck %s
// RUN: ptonz-opt --split-input-file --verify-diagnostics --pto-verify-ptoas='ptoas-version=0.61' %s | FileCheck %s
// RUN: not ptonz-opt --pto-verify-ptoas='ptoas-version=0.60' --split-input-file %s 2>&1 | FileCheck %s --check-prefix=V060
// RUN: not ptonz-opt --ptoas-version=0.60 --lower-to-ptoas --split-input-file %s 2>&1 | FileCheck %s --check-prefix=V060

// The lowered seed-000 weight path: accepted by 0.61, unchanged.
// CHECK-LABEL: func.func @accepted
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
// CHECK: pto.partition_view %{{.*}}, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c16, %c16, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x16x16x32xi8>
// CHECK: pto.tload
// V060: verify-ptoas.mlir:[[# @LINE + 9]]:8: error: pto-verify-ptoas: PTOAS 0.60 infers the layout of a view with constant shape and strides, and its NZ test {{.*}} calls this blocked NZ view nd: it stops with 'layout mismatch: user-specified layout=nz but inferred=nd'. `ptoas --disable-infer-layout` {{.*}} at a cost: PTOAS then checks no NZ rule at all
func.func @accepted(%arg1: !pto.ptr<i8>) attributes {pto.nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %arg1, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c16, %c16, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x16x16x16x32xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// ND views are not checked by any version.
// CHECK-LABEL: func.func @nd_only
// V060-NOT: nd_only
func.func @nd_only(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// An unblocked (rank-2) NZ view.
func.func @rank2(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz requires a rank-5 view, got rank 2 (run pto-block-nz-views)}}
  %v = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [%c512, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

func.func @rank4(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz requires a rank-5 view, got rank 4}}
  %v = pto.make_tensor_view %p, shape = [%c16, %c16, %c16, %c16], strides = [%c4096, %c256, %c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?xi8>
  return
}

// -----

// The old spelling of a logical view (the layout in the type, strides = []).
func.func @legacy_type_layout(%p: !pto.ptr<i8>) {
  %c16 = arith.constant 16 : index
  // expected-error@+1 {{pto-verify-ptoas: a layout inside the view type (!pto.tensor_view<?x?x?x?xi8, #pto.layout<nz>>) means what PTOAS >= 0.61 means by it, the resolved layout of a physical rank-5 view with explicit strides, but this view has `strides = []`: the old spelling of a logical NZ view. Write the layout as the op's attribute and keep the type plain: `strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?xi8>`}}
  %v = pto.make_tensor_view %p, shape = [%c16, %c16, %c16, %c16], strides = [] : !pto.tensor_view<?x?x?x?xi8, #pto.layout<nz>>
  return
}

// -----

func.func @shape3_not_16(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %c65536 = arith.constant 65536 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected shape[3]==16 (got 8)}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c8, %c32], strides = [%c65536, %c4096, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// f16: c0 = 16, so a trailing 32 is wrong.
func.func @shape4_not_c0(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected shape[4]==16 (got 32)}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
  return
}

// -----

// Blocked (strides = [] in a marked function) but not materialised.
func.func @no_strides(%p: !pto.ptr<i8>) attributes {pto.nz_tensor_views_blocked} {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error@+1 {{pto-verify-ptoas: NZ view has no strides: PTOAS needs them explicit (run pto-materialize-strides)}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// A logical rank-5 NZ view (strides = [] outside a marked function, issue
// 25): its leading axes fold into the batch; PTOAS has no meaning for it.
func.func @logical_rank5(%p: !pto.ptr<i8>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-error@+1 {{pto-verify-ptoas: this is a logical NZ view (`strides = []` with the layout attribute, in a function not marked pto.nz_tensor_views_blocked), which PTOAS has no meaning for: run pto-block-nz-views and pto-materialize-strides (ptonz-opt --lower-to-ptoas)}}
  %v = pto.make_tensor_view %p, shape = [%c2, %c3, %c2, %c32, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

func.func @stride4_not_1(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected stride[4]==1 (got 2)}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c2] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// The logical row-major strides of the fractal rows are not NZ strides.
func.func @stride3_not_c0(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected stride[3]==32 (got 512)}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c32, %c512, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

func.func @stride2_not_16c0(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected stride[2]==512 (got 32)}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c32, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

func.func @stride1_not_c0_aligned(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8200 = arith.constant 8200 : index
  %c131072 = arith.constant 131072 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected stride[1] to be C0-aligned (32), got 8200}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8200, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// stride[1] must step over a whole column of fractals (R/16 * 16 * c0).
func.func @stride1_overlaps(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  %c131072 = arith.constant 131072 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected stride[1] >= shape[2] * stride[2] (8192), got 4096}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c4096, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

func.func @stride0_overlaps(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  // expected-error@+1 {{pto-verify-ptoas: user-specified layout=nz is incompatible with shape/stride: expected stride[0] >= shape[1] * stride[1] (131072), got 8192}}
  %v = pto.make_tensor_view %p, shape = [%c2, %c16, %c16, %c16, %c32], strides = [%c8192, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

func.func @partition_splits_d3(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error@+1 {{pto-verify-ptoas: NZ view cannot be partitioned inside a fractal: d3 must keep offset=0 and size=16 (got offset=8, size=8)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c8, %c0], sizes = [%c1, %c16, %c16, %c8, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x16x8x32xi8>
  return
}

// -----

func.func @partition_splits_d4(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error@+1 {{pto-verify-ptoas: NZ view cannot be partitioned inside a fractal: d4 must keep offset=0 and size=32 (got offset=0, size=16)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c16, %c16, %c16, %c16] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x16x16x16xi8>
  return
}

// -----

func.func @partition_dynamic_d4(%p: !pto.ptr<i8>, %off: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error@+1 {{pto-verify-ptoas: NZ partition must prove that d4 remains complete at compile time}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %off], sizes = [%c1, %c16, %c16, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  return
}

// -----

// Marked (already blocked) functions are not trusted: a blocked partition
// must stay inside its view. A negative offset (PTOAS clamps it to 0; the op
// verifier rejects a negative constant):
func.func @blocked_negative_offset(%p: !pto.ptr<i8>) attributes {pto.nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note@+1 {{the offset ranges over [-1, -1] here}}
  %cm1 = arith.subi %c0, %c1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error@+1 {{pto-verify-ptoas: blocked NZ partition leaves its view in dimension 1: offset in [-1, -1] is always negative; PTOAS would read another fractal's bytes (or clamp a negative offset to 0). Keep 0 <= offset and offset + 8 <= 16 in blocked coordinates}}
  %pv = pto.partition_view %v, offsets = [%c0, %cm1, %c0, %c0, %c0], sizes = [%c1, %c8, %c16, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x8x16x16x32xi8>
  return
}

// -----

// Row fractal 16 of an extent of 16: the next column block's bytes.
func.func @blocked_offset_past_the_view(%p: !pto.ptr<i8>) attributes {pto.nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error@+1 {{pto-verify-ptoas: blocked NZ partition leaves its view in dimension 2: offset 16 + size 16 = 32 exceeds the view's extent 16}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c16, %c0, %c0], sizes = [%c1, %c16, %c16, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x16x16x32xi8>
  return
}

// -----

// Range-proven: a loop over 4 row tiles of 8 fractals in a view of 16.
func.func @blocked_loop_past_the_view(%p: !pto.ptr<i8>) attributes {pto.nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-note@+1 {{the offset ranges over [0, 24] here}}
    %row = arith.muli %i, %c8 : index
    // expected-error@+1 {{pto-verify-ptoas: blocked NZ partition leaves its view in dimension 2: offset in [0, 24] + size 8 can reach 32, beyond the view's extent 16}}
    %pv = pto.partition_view %v, offsets = [%c0, %c0, %row, %c0, %c0], sizes = [%c1, %c16, %c8, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  }
  return
}

// -----

// A blocked size that is not an arith.constant is the result type's extent.
func.func @blocked_size_from_the_result_type(%p: !pto.ptr<i8>, %n: index) attributes {pto.nz_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  // expected-error@+1 {{pto-verify-ptoas: blocked NZ partition leaves its view in dimension 2: offset 16 + size 8 = 24 exceeds the view's extent 16}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c16, %c0, %c0], sizes = [%c1, %c16, %n, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  return
}

// -----

// Element types (issue 24): PTOAS's C++ emitter has types for f16, bf16, f32,
// f64, the float8 E4M3/E5M2 variants and 8/16/32/64-bit integers.
// CHECK-LABEL: func.func @ptoas_element_types
func.func @ptoas_element_types(%p: !pto.ptr<f8E4M3FN>, %q: !pto.ptr<ui16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf8E4M3FN>
  %w = pto.make_tensor_view %q, shape = [%c64, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xui16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 64x64xf8E4M3FN>
  return
}

// -----

// Any other is an error at the view or tile (f80 fails PTOAS's conversion; i12
// would become int32_t).
func.func @no_ptoas_element_type(%p: !pto.ptr<f80>, %q: !pto.ptr<i12>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-error@+1 {{pto-verify-ptoas: a GM view of f80 elements: PTOAS has no element type f80 (its C++ emitter cannot convert it; it has f16, bf16, f32, f64, f8E4M3*/f8E5M2* and 8/16/32/64-bit integers only); use one of those element types (move the bytes as an integer of the same width and reinterpret them on chip)}}
  %v = pto.make_tensor_view %p, shape = [%c64, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf80>
  // expected-error@+1 {{pto-verify-ptoas: a GM view of i12 elements: PTOAS has no element type i12 (its C++ emitter would silently write int32_t / float for it;}}
  %w = pto.make_tensor_view %q, shape = [%c64, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi12>
  // expected-error@+1 {{pto-verify-ptoas: a tile of tf32 elements: PTOAS has no element type tf32}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 64x64xtf32>
  return
}

// -----

// A view whose last element lies past int64 elements from its base (32 rows
// of stride 2^62): PTOAS's C++ indexes GM in int64.
func.func @span_past_int64(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %big = arith.constant 4611686018427387904 : index
  // expected-error@+1 {{pto-verify-ptoas: the view's last element is 142962266571249026016 elements past its base (the sum of (shape - 1) * stride), more than an int64 offset holds, so PTOAS's C++ cannot address it; split the tensor or use strides that fit}}
  %v = pto.make_tensor_view %p, shape = [%c32, %c32], strides = [%big, %c32] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x32xi8>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 32x32xi8>
  pto.tload ins(%pv : !pto.partition_tensor_view<32x32xi8>) outs(%t : !pto.tile_buf<vec, 32x32xi8>)
  return
}

// -----

// The same view with its extents not constants but ranged (32 through an i32
// round trip, the fuzzer's narrow_cast): the least span the ranges allow
// is already past int64.
func.func @ranged_span_past_int64(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %n32 = arith.index_cast %c32 : index to i32
  %n = arith.index_cast %n32 : i32 to index
  %big = arith.constant 4611686018427387904 : index
  // expected-error@+1 {{pto-verify-ptoas: the view's last element is at least 142962266571249026016 elements past its base}}
  %v = pto.make_tensor_view %p, shape = [%n, %n], strides = [%big, %n] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%n, %n] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<32x32xi8>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 32x32xi8>
  pto.tload ins(%pv : !pto.partition_tensor_view<32x32xi8>) outs(%t : !pto.tile_buf<vec, 32x32xi8>)
  return
}

// -----

// An extent the ranges do not bound (a function argument): its least span
// is that of one row, which fits; accepted.
// CHECK-LABEL: func.func @unbounded_span_fits
func.func @unbounded_span_fits(%p: !pto.ptr<i8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%n, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x32xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x32xi8> -> !pto.partition_tensor_view<32x32xi8>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 32x32xi8>
  pto.tload ins(%pv : !pto.partition_tensor_view<32x32xi8>) outs(%t : !pto.tile_buf<vec, 32x32xi8>)
  return
}
