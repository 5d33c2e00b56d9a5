// PTOAS 0.60's verifier rules for the tile, comm, struct and other ops ptonz
// keeps verbatim (unregistered `pto.*` ops, which MLIR does not verify):
// ptonz checks them when it parses, as ptoas does (PTOTileRules.cpp).
// RUN: ptonz-opt %s --ptoas-version=0.60 --pto-arch=a3 --split-input-file --verify-diagnostics --no-mlir-print-debuginfo | FileCheck %s
// With PTOAS 0.27 (which has none of these ops) no rule applies.
// RUN: ptonz-opt %s --ptoas-version=0.27 --split-input-file --no-mlir-print-debuginfo | FileCheck %s --check-prefix=V027

// CHECK-LABEL: func.func @inttoptr_i64
// CHECK: pto.inttoptr %{{.*}} : i64 -> !pto.ptr<ui32>
func.func @inttoptr_i64(%addr: i64) {
  %ptr = pto.inttoptr %addr : i64 -> !pto.ptr<ui32>
  return
}

// -----

// V027-LABEL: func.func @inttoptr_i32
func.func @inttoptr_i32(%addr: i32) {
  // expected-error@+1 {{'pto.inttoptr' op address operand must be i64}}
  %ptr = pto.inttoptr %addr : i32 -> !pto.ptr<ui32>
  return
}

// ---- t20 ----

// -----

// tpow: base, exp, dst (and tmp) of one element type and valid shape.
!T = !pto.tile_buf<vec, 1x16xf32>
// CHECK-LABEL: func.func @tpow_f32_tmp
// CHECK: pto.tpow ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<vec, 1x16xf32>, !pto.tile_buf<vec, 1x16xf32>, !pto.tile_buf<vec, 1x16xf32>) outs(%{{.*}} : !pto.tile_buf<vec, 1x16xf32>)
func.func @tpow_f32_tmp(%b: !T, %e: !T, %t: !T, %d: !T) {
  pto.tpow ins(%b, %e, %t : !T, !T, !T) outs(%d : !T)
  return
}

// -----

// CHECK-LABEL: func.func @tpow_i32_no_tmp
// CHECK: pto.tpow ins(
func.func @tpow_i32_no_tmp(%b: !pto.tile_buf<vec, 1x16xi32>, %d: !pto.tile_buf<vec, 1x16xi32>) {
  pto.tpow ins(%b, %b : !pto.tile_buf<vec, 1x16xi32>, !pto.tile_buf<vec, 1x16xi32>) outs(%d : !pto.tile_buf<vec, 1x16xi32>)
  return
}

// -----

func.func @tpow_dtype_mismatch(%b: !pto.tile_buf<vec, 1x16xf32>, %e: !pto.tile_buf<vec, 1x16xi32>, %d: !pto.tile_buf<vec, 1x16xf32>) {
  // expected-error@+1 {{'pto.tpow' op expects base and exp to have the same element type}}
  pto.tpow ins(%b, %e : !pto.tile_buf<vec, 1x16xf32>, !pto.tile_buf<vec, 1x16xi32>) outs(%d : !pto.tile_buf<vec, 1x16xf32>)
  return
}

// -----

!T = !pto.tile_buf<vec, 1x16xf32>
func.func @tpow_a3_high_precision(%b: !T, %t: !T, %d: !T) {
  // expected-error@+1 {{'pto.tpow' op A2/A3 does not support precisionType=high_precision}}
  pto.tpow ins(%b, %b, %t : !T, !T, !T) outs(%d : !T) {precisionType = #pto<pow_precision high_precision>}
  return
}

// -----

!T = !pto.tile_buf<vec, 1x16xi32>
module attributes {pto.target_arch = "a5"} {
  func.func @tpow_a5_high_precision_int(%b: !T, %d: !T) {
    // expected-error@+1 {{'pto.tpow' op expects A5 tpow element type to be f16/f32/bf16 when precisionType=high_precision}}
    pto.tpow ins(%b, %b : !T, !T) outs(%d : !T) {precisionType = #pto<pow_precision high_precision>}
    return
  }
}

// -----

// CHECK-LABEL: func.func @tpow_a5_high_precision_f16
// CHECK: {precisionType = #pto<pow_precision high_precision>}
!T = !pto.tile_buf<vec, 1x16xf16>
module attributes {pto.target_arch = "a5"} {
  func.func @tpow_a5_high_precision_f16(%b: !T, %t: !T, %d: !T) {
    pto.tpow ins(%b, %b, %t : !T, !T, !T) outs(%d : !T) {precisionType = #pto<pow_precision high_precision>}
    return
  }
}

// -----

!T = !pto.tile_buf<vec, 1x16xi32>
func.func @tpow_int_with_tmp(%b: !T, %t: !T, %d: !T) {
  // expected-error@+1 {{'pto.tpow' op does not accept tmp when element type is integer (the integer pow lowering uses the 3-operand form TPOW(dst, base, exp))}}
  pto.tpow ins(%b, %b, %t : !T, !T, !T) outs(%d : !T)
  return
}

// -----

!T = !pto.tile_buf<vec, 1x16xf32>
!H = !pto.tile_buf<vec, 1x16xf32, valid=1x8>
func.func @tpow_tmp_valid_shape(%b: !T, %t: !H, %d: !T) {
  // expected-error@+1 {{'pto.tpow' op expects tmp and dst to have the same valid_shape}}
  pto.tpow ins(%b, %b, %t : !T, !T, !H) outs(%d : !T)
  return
}

// -----

!T = !pto.tile_buf<vec, 1x16xi32>
func.func @tpows_int_with_tmp(%s: !T, %c: i32, %t: !T, %d: !T) {
  // expected-error@+1 {{'pto.tpows' op does not accept tmp when element type is integer (the integer pows lowering uses the 3-operand form TPOWS(dst, src, scalar))}}
  pto.tpows ins(%s, %c, %t : !T, i32, !T) outs(%d : !T)
  return
}

// -----

// CHECK-LABEL: func.func @tpows_f32
// CHECK: pto.tpows ins(
!T = !pto.tile_buf<vec, 1x16xf32>
func.func @tpows_f32(%s: !T, %c: f32, %d: !T) {
  pto.tpows ins(%s, %c : !T, f32) outs(%d : !T)
  return
}

// -----

// CHECK-LABEL: func.func @taddrelu_a3
// CHECK: pto.taddrelu ins(
!T = !pto.tile_buf<vec, 1x64xf32>
func.func @taddrelu_a3(%a: !T, %d: !T) {
  pto.taddrelu ins(%a, %a : !T, !T) outs(%d : !T)
  return
}

// -----

!T = !pto.tile_buf<vec, 1x64xf32>
module attributes {pto.target_arch = "a5"} {
  func.func @taddrelu_a5(%a: !T, %d: !T) {
    // expected-error@+1 {{'pto.taddrelu' op taddrelu is only supported on A2/A3 targets}}
    pto.taddrelu ins(%a, %a : !T, !T) outs(%d : !T)
    return
  }
}

// -----

!S = !pto.tile_buf<vec, 16x64xf32>
!D = !pto.tile_buf<vec, 16x64xi8>
!E = !pto.tile_buf<vec, 16x2xui8>
!M = !pto.tile_buf<vec, 16x2xf32>
func.func @tquant_mx_a3(%s: !S, %d: !D, %e: !E, %m: !M, %sc: !S) {
  // expected-error@+1 {{'pto.tquant.mx' op tquant.mx is only supported on A5}}
  pto.tquant.mx ins(%s : !S) outs(%d, %e, %m, %sc : !D, !E, !M, !S) {quant_type = #pto<quant_type MXFP8>}
  return
}

// -----

// CHECK-LABEL: func.func @tquant_mx_a5
// CHECK: pto.tquant.mx ins(
!S = !pto.tile_buf<vec, 16x64xf32>
!D = !pto.tile_buf<vec, 16x64xi8>
!E = !pto.tile_buf<vec, 16x2xui8>
!M = !pto.tile_buf<vec, 16x2xf32>
module attributes {pto.target_arch = "a5"} {
  func.func @tquant_mx_a5(%s: !S, %d: !D, %e: !E, %m: !M, %sc: !S) {
    pto.tquant.mx ins(%s : !S) outs(%d, %e, %m, %sc : !D, !E, !M, !S) {quant_type = #pto<quant_type MXFP8>}
    return
  }
}

// -----

!S = !pto.tile_buf<vec, 16x64xf32, valid=16x48>
!D = !pto.tile_buf<vec, 16x64xi8, valid=16x48>
!E = !pto.tile_buf<vec, 1x32xui8, valid=1x24>
!M = !pto.tile_buf<vec, 1x32xf32, valid=1x24>
module attributes {pto.target_arch = "a5"} {
  func.func @tquant_mx_group(%s: !S, %d: !D, %e: !E, %m: !M, %sc: !S) {
    // expected-error@+1 {{'pto.tquant.mx' op expects src valid_shape[1] to be a multiple of 32 when grpAxis is axis1}}
    pto.tquant.mx ins(%s : !S) outs(%d, %e, %m, %sc : !D, !E, !M, !S) {quant_type = #pto<quant_type MXFP8>}
    return
  }
}

// -----

!S = !pto.tile_buf<vec, 48x32xf32>
!D = !pto.tile_buf<vec, 48x32xi8>
!E = !pto.tile_buf<vec, 1x32xui8>
module attributes {pto.target_arch = "a5"} {
  func.func @tquant_mx_group_axis0(%s: !S, %d: !D, %e: !E, %sc: !S) {
    // expected-error@+1 {{'pto.tquant.mx' op expects src valid_shape[0] to be a multiple of 32 when grpAxis is axis0}}
    pto.tquant.mx ins(%s : !S) outs(%d, %e, %e, %sc : !D, !E, !E, !S) {quant_type = #pto<quant_type MXFP8>, grpAxis = #pto<mx_group_axis axis0>}
    return
  }
}

// -----

// CHECK-LABEL: func.func @multi_tile_get_in_range
// CHECK: pto.multi_tile_get
!MB = !pto.multi_tile_buf<vec, 16x16xf16, count=2>
func.func @multi_tile_get_in_range(%mb: !MB) {
  %c1 = arith.constant 1 : index
  %s = pto.multi_tile_get %mb[%c1] : !MB -> !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

!MB = !pto.multi_tile_buf<vec, 16x16xf16, count=2>
func.func @multi_tile_get_out_of_range(%mb: !MB) {
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'pto.multi_tile_get' op constant slot 2 is out of range for multi_tile_buf count=2}}
  %s = pto.multi_tile_get %mb[%c2] : !MB -> !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

// The result type may give any static valid extent up to the size when the
// valid operands are left out (0 is PTOAS's empty no-op marker).
// CHECK-LABEL: func.func @subview_inferred
// CHECK: pto.subview %{{.*}}[%{{.*}}, %{{.*}}] sizes [5, 128] : !pto.tile_buf<vec, 16x128xf32> -> !pto.tile_buf<vec, 5x128xf32, valid=0x128>
!S = !pto.tile_buf<vec, 16x128xf32>
func.func @subview_inferred(%src: !S) {
  %c0 = arith.constant 0 : index
  %t = pto.subview %src[%c0, %c0] sizes [5, 128] : !S -> !pto.tile_buf<vec, 5x128xf32, valid=0x128>
  return
}

// -----

// CHECK-LABEL: func.func @subview_explicit
// CHECK: pto.subview %{{.*}}[%{{.*}}, %{{.*}}] sizes [5, 128] valid [%{{.*}}, %{{.*}}]
!S = !pto.tile_buf<vec, 16x128xf32>
func.func @subview_explicit(%src: !S, %n: index) {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %t = pto.subview %src[%c0, %c0] sizes [5, 128] valid [%c9, %n] : !S -> !pto.tile_buf<vec, 5x128xf32, valid=5x?>
  return
}

// -----

!S = !pto.tile_buf<vec, 16x128xf32>
func.func @subview_dynamic_needs_operand(%src: !S) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.subview' op expects result valid_shape[0] to match inferred/explicit valid_row}}
  %t = pto.subview %src[%c0, %c0] sizes [5, 128] : !S -> !pto.tile_buf<vec, 5x128xf32, valid=?x128>
  return
}

// -----

!S = !pto.tile_buf<vec, 16x128xf32>
func.func @subview_explicit_conflict(%src: !S) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c128 = arith.constant 128 : index
  // expected-error@+1 {{'pto.subview' op expects result valid_shape[0] to match inferred/explicit valid_row}}
  %t = pto.subview %src[%c0, %c0] sizes [5, 128] valid [%c5, %c128] : !S -> !pto.tile_buf<vec, 5x128xf32, valid=0x128>
  return
}

// -----

!S = !pto.tile_buf<vec, 16x128xf32>
func.func @subview_element_type(%src: !S) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.subview' op expects result element type to match source}}
  %t = pto.subview %src[%c0, %c0] sizes [5, 128] : !S -> !pto.tile_buf<vec, 5x128xf16>
  return
}

// -----

// scf.for: a constant step is positive (ptoas's input check).
func.func @scf_for_zero_step() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{'scf.for' op constant step operand must be positive, got 0}}
  scf.for %i = %c0 to %c8 step %c0 {
  }
  return
}

// -----

// CHECK-LABEL: func.func @scf_for_dynamic_step
// CHECK: scf.for
func.func @scf_for_dynamic_step(%s: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %s {
  }
  return
}
