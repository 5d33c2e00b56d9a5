// pto-verify-ptoas on MX scale views: blocked rank-5 [1, ../16, G/2, 16, 2] with
// row-major strides (pto-isa's TileShape2D<MX_A_ZZ / MX_B_NN>); PTOAS 0.27 has
// no MX layouts.
// RUN: ptonz-opt --split-input-file --verify-diagnostics --pto-verify-ptoas %s
// RUN: not ptonz-opt --split-input-file --pto-verify-ptoas='ptoas-version=0.27' %s 2>&1 | FileCheck %s --check-prefix=V027
// V027: verify-ptoas-mx.mlir:[[# @LINE + 22]]:8: error: pto-verify-ptoas: PTOAS 0.27 has no #pto.layout<mx_a_zz> (its layout enum is nd, dn, nz; MX layouts are known from v0.48 on, and 0.60's sources name mx_a_zz and mx_b_nn): use a newer PTOAS (--ptoas-version=0.60 or later) for MX scale tensors
// RUN: not ptonz-opt --split-input-file --pto-arch=a5 --pto-verify-ptoas='ptoas-version=0.60' %s 2>&1 | FileCheck %s --check-prefix=V060
// RUN: not ptonz-opt --split-input-file --pto-arch=a5 --pto-verify-ptoas='ptoas-version=0.60 infer-layout=false' %s 2>&1 | FileCheck %s --check-prefix=V060-NOINFER
// V060-NOINFER-NOT: layout mismatch
// The descriptor PTOAS emits for the load: pto-isa's MX_A_ZZ GlobalTensor.
// RUN: ptonz-opt --split-input-file --emit=descriptors %s 2>/dev/null | FileCheck %s --check-prefix=DESC
// DESC: GlobalTensor<float8_e8m0_t, pto::Shape<1, 1, 1, 16, 2>, pto::Stride<256, 64, 32, 2, 1>, pto::Layout::MX_A_ZZ>
// DESC: at:   ptr + 96 elements
// RUN: ptonz-opt --split-input-file --report=loads %s 2>/dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: pto.tload MX_A_ZZ->ZZ
// REPORT: runs:       1 x 32 B contiguous (32 B per tile)

// Accepted: the blocked [64, 4] MX_A view, a load of one box at [16, 2].
func.func @blocked_ok(%p: !pto.ptr<!pto.f8E8M0>) attributes {pto.mx_tensor_views_blocked} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c0 = arith.constant 0 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c4, %c2, %c16, %c2], strides = [%c256, %c64, %c32, %c2, %c1] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0>
  %pv = pto.partition_view %v, offsets = [%c0, %c1, %c1, %c0, %c0], sizes = [%c1, %c1, %c1, %c16, %c2] : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0> -> !pto.partition_tensor_view<1x1x1x16x2x!pto.f8E8M0>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x2x!pto.f8E8M0, slayout=row_major, fractal=32>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x1x1x16x2x!pto.f8E8M0>) outs(%t : !pto.tile_buf<mat, 16x2x!pto.f8E8M0, slayout=row_major, fractal=32>)
  return
}

// -----

// A logical MX view: it must be blocked first.
func.func @logical(%p: !pto.ptr<!pto.f8E8M0>) {
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  // expected-error@+1 {{pto-verify-ptoas: this is a logical MX_A_ZZ scale view (`strides = []` with the layout attribute, in a function not marked pto.mx_tensor_views_blocked), which pto-isa's MX TLOAD has no meaning for: run pto-block-mx-scale-views and pto-materialize-strides (ptonz-opt --lower-to-ptoas)}}
  %v = pto.make_tensor_view %p, shape = [%c16, %c2], strides = [] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?x!pto.f8E8M0>
  return
}

// -----

// Strides that are not the row-major strides of the blocked shape.
func.func @bad_stride(%p: !pto.ptr<!pto.f8E8M0>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{pto-verify-ptoas: an MX scale view's strides are the row-major strides of its blocked shape (pto-isa's TileShape2D), stride[1] == 64, got 32}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c4, %c2, %c16, %c2], strides = [%c256, %c32, %c32, %c2, %c1] {layout = #pto.layout<mx_b_nn>} : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0>
  return
}

// -----

// A partition that cuts the 16x2 box.
func.func @cut_box(%p: !pto.ptr<!pto.f8E8M0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c2, %c1, %c16, %c2], strides = [%c64, %c32, %c32, %c2, %c1] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0>
  // expected-error@+1 {{pto-verify-ptoas: an MX scale partition keeps d0 at size 1 and the 16x2 box (d3, d4) whole, at offset 0: pto-isa's MX TLOAD moves whole boxes}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c1, %c1, %c8, %c2] : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0> -> !pto.partition_tensor_view<1x1x1x8x2x!pto.f8E8M0>
  return
}

// -----

// MLIR's builtin f8E8M0FNU is ptonz's input alias of the scale element
// (pto-block-mx-scale-views writes PTOAS's spelling); no PTOAS parses it
// (0.60: "expected non-function type").
func.func @builtin_scale(%p: !pto.ptr<f8E8M0FNU>) attributes {pto.mx_tensor_views_blocked} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{pto-verify-ptoas: a GM view of f8E8M0FNU elements: no PTOAS parses MLIR's f8E8M0FNU, PTOAS spells the E8M0 scale !pto.f8E8M0; write !pto.f8E8M0 (pto-block-mx-scale-views, in --lower-to-ptoas, writes it)}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c4, %c2, %c16, %c2], strides = [%c256, %c64, %c32, %c2, %c1] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?x?x?x?xf8E8M0FNU>
  return
}

// -----

// 0.61 trusts the explicit layout; 0.60, with layout inference on, infers it
// from the tile the load writes (col_major/col_major: mx_b_nn) and stops
// (measured: "layout mismatch: user-specified layout=mx_a_zz but
// inferred=mx_b_nn"; with --disable-infer-layout it assembles).
// V060: verify-ptoas-mx.mlir:[[# @LINE + 10]]:8: error: pto-verify-ptoas: PTOAS 0.60 infers the layout of a view with constant shape and strides from the tiles it is loaded into {{.*}} 'layout mismatch: user-specified layout=mx_a_zz but inferred=mx_b_nn'
func.func @tile_says_mx_b(%p: !pto.ptr<!pto.f8E8M0>) attributes {pto.mx_tensor_views_blocked} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c4, %c2, %c16, %c2], strides = [%c256, %c64, %c32, %c2, %c1] {layout = #pto.layout<mx_a_zz>} : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0>
  %pv = pto.partition_view %v, offsets = [%c0, %c1, %c1, %c0, %c0], sizes = [%c1, %c1, %c1, %c16, %c2] : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0> -> !pto.partition_tensor_view<1x1x1x16x2x!pto.f8E8M0>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x2x!pto.f8E8M0, blayout=col_major, slayout=col_major, fractal=32>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x1x1x16x2x!pto.f8E8M0>) outs(%t : !pto.tile_buf<mat, 16x2x!pto.f8E8M0, blayout=col_major, slayout=col_major, fractal=32>)
  return
}

// -----

// The same for an ND view of scales loaded into an MX_A_ZZ tile (0.60:
// "layout mismatch: user-specified layout=nd but inferred=mx_a_zz").
// V060: verify-ptoas-mx.mlir:[[# @LINE + 10]]:8: error: pto-verify-ptoas: PTOAS 0.60 infers the layout {{.*}} 'layout mismatch: user-specified layout=nd but inferred=mx_a_zz'
func.func @tile_says_mx_a(%p: !pto.ptr<!pto.f8E8M0>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c4, %c2, %c16, %c2], strides = [%c256, %c64, %c32, %c2, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0>
  %pv = pto.partition_view %v, offsets = [%c0, %c1, %c1, %c0, %c0], sizes = [%c1, %c1, %c1, %c16, %c2] : !pto.tensor_view<?x?x?x?x?x!pto.f8E8M0> -> !pto.partition_tensor_view<1x1x1x16x2x!pto.f8E8M0>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x2x!pto.f8E8M0, slayout=row_major, fractal=32>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x1x1x16x2x!pto.f8E8M0>) outs(%t : !pto.tile_buf<mat, 16x2x!pto.f8E8M0, slayout=row_major, fractal=32>)
  return
}
