// pto-materialize-strides fills `strides = []`: row-major for ND, column-major
// on the last two dims for DN, and for a blocked NZ view the row-major strides
// of [B, C/c0, R/16, 16, c0], i.e. [C*R, R*c0, 16*c0, c0, 1].
// RUN: ptonz-opt --no-mlir-print-debuginfo --split-input-file --verify-diagnostics --pto-block-nz-views --pto-materialize-strides %s | FileCheck %s

// CHECK-LABEL: func.func @nd
// CHECK-DAG: %[[S0:.*]] = arith.constant 131072 : index
// CHECK-DAG: %[[S1:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[S2:.*]] = arith.constant 1 : index
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%c4, %c256, %c512{{(_[0-9]+)?}}], strides = [%[[S0]], %c512{{(_[0-9]+)?}}, %[[S2]]] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?x?xf16>
func.func @nd(%p: !pto.ptr<f16>) {
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c4, %c256, %c512], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?x?xf16>
  return
}

// -----

// CHECK-LABEL: func.func @dn
// CHECK-DAG: %[[S0:.*]] = arith.constant 16384 : index
// CHECK-DAG: %[[S2:.*]] = arith.constant 1 : index
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%c2, %c64{{(_[0-9]+)?}}, %c256], strides = [%[[S0]], %[[S2]], %c64{{(_[0-9]+)?}}] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?x?xf32>
func.func @dn(%p: !pto.ptr<f32>) {
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %p, shape = [%c2, %c64, %c256], strides = [] {layout = #pto.layout<dn>} : !pto.tensor_view<?x?x?xf32>
  return
}

// -----

// Dynamic dims: the strides are products of the shape operands.
// CHECK-LABEL: func.func @nd_dynamic
// CHECK-SAME: (%{{.*}}: !pto.ptr<i8>, %[[M:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%[[M]], %[[N]]], strides = [%[[N]], %[[C1]]] : !pto.tensor_view<?x?xi8>
func.func @nd_dynamic(%p: !pto.ptr<i8>, %m: index, %n: index) {
  %v = pto.make_tensor_view %p, shape = [%m, %n], strides = [] : !pto.tensor_view<?x?xi8>
  return
}

// -----

// Existing strides are kept.
// CHECK-LABEL: func.func @kept
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%[[A:.*]], %[[B:.*]]], strides = [%[[B]], %[[A]]] : !pto.tensor_view<?x?xi8>
func.func @kept(%p: !pto.ptr<i8>, %a: index, %b: index) {
  %v = pto.make_tensor_view %p, shape = [%a, %b], strides = [%b, %a] : !pto.tensor_view<?x?xi8>
  return
}

// -----

// NZ i8 [256, 512] -> [1, 512/32, 256/16, 16, 32] = [1, 16, 16, 16, 32],
// strides [C*R, R*c0, 16*c0, c0, 1] = [131072, 8192, 512, 32, 1].
// CHECK-LABEL: func.func @nz_i8
// CHECK-SAME: attributes {pto.nz_tensor_views_blocked}
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%c1{{(_[0-9]+)?}}, %c16{{(_[0-9]+)?}}, %c16{{(_[0-9]+)?}}, %c16{{(_[0-9]+)?}}, %c32{{(_[0-9]+)?}}], strides = [%c131072, %c8192, %c512{{(_[0-9]+)?}}, %c32{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
func.func @nz_i8(%p: !pto.ptr<i8>) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// NZ f16 [3, 64, 256] (c0 = 16) -> [3, 16, 4, 16, 16],
// strides [256*64, 64*16, 16*16, 16, 1] = [16384, 1024, 256, 16, 1].
// CHECK-LABEL: func.func @nz_f16_batched
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%c3, %c16{{(_[0-9]+)?}}, %c4, %c16{{(_[0-9]+)?}}, %c16{{(_[0-9]+)?}}], strides = [%c16384, %c1024, %c256{{(_[0-9]+)?}}, %c16{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
func.func @nz_f16_batched(%p: !pto.ptr<f16>) {
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %v = pto.make_tensor_view %p, shape = [%c3, %c64, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?xf16>
  return
}

// -----

// NZ f32 [32, 64] (c0 = 8) -> [1, 8, 2, 16, 8], strides [2048, 256, 128, 8, 1].
// CHECK-LABEL: func.func @nz_f32
// CHECK: pto.make_tensor_view %{{.*}}, shape = [%c1{{(_[0-9]+)?}}, %c8{{(_[0-9]+)?}}, %c2, %c16, %c8{{(_[0-9]+)?}}], strides = [%c2048, %c256, %c128, %c8{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf32>
func.func @nz_f32(%p: !pto.ptr<f32>) {
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%c32, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf32>
  return
}

// -----

// An NZ view that was not blocked is a pass-order error (the function claims
// to be blocked, so pto-block-nz-views skips it).
// CHECK-NOT: func.func @unblocked
func.func @unblocked(%p: !pto.ptr<i8>) attributes {pto.nz_tensor_views_blocked} {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-materialize-strides: NZ view is not blocked (pass-order error): run pto-block-nz-views before pto-materialize-strides; NZ strides exist only for the blocked rank-5 shape [B, C/c0, R/16, 16, c0]}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// Explicit strides do not make an unblocked NZ view valid (pypto
// test_unblocked_nz_with_explicit_stride_rejected_by_pass): checked before
// "strides already given" skips the view.
// CHECK-NOT: func.func @unblocked_with_strides
func.func @unblocked_with_strides(%p: !pto.ptr<f32>) attributes {pto.nz_tensor_views_blocked} {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // expected-error@+1 {{pto-materialize-strides: NZ view is not blocked (pass-order error)}}
  %v = pto.make_tensor_view %p, shape = [%c8, %c16], strides = [%c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf32>
  return
}

// -----

// The constant pool takes every int64 as a key (2^63 - 1 used to be the
// DenseMap's reserved empty key: a SIGSEGV here and in pto-block-nz-views).
// CHECK-LABEL: func.func @extreme_index_constant
// CHECK: arith.constant 9223372036854775807 : index
// CHECK: strides = [%c512{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}]
func.func @extreme_index_constant(%p: !pto.ptr<i8>) {
  %max = arith.constant 9223372036854775807 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %use = arith.subi %max, %c256 : index
  return
}

// -----

// Strides past int64 have no index constant: rejected at the view (it used
// to be an internal error, `std::bad_cast`).
func.func @stride_past_int64(%p: !pto.ptr<i8>) {
  %big = arith.constant 4611686018427387904 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{pto-materialize-strides: stride 0 of this view would be 1180591620717411303424, beyond int64 (the view spans more than 2^63 elements), so no index can address it; split the tensor or shrink its shape}}
  %v = pto.make_tensor_view %p, shape = [%c4, %big, %c256], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?x?xi8>
  return
}

// -----

// A partly dynamic shape still folds its constant tail into one stride
// constant (fuzzer finding: it was `std::bad_cast`).
func.func @stride_past_int64_dynamic_batch(%p: !pto.ptr<i8>, %n: index) {
  %big = arith.constant 4611686018427387904 : index
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{pto-materialize-strides: stride 0 of this view would be 1180591620717411303424, beyond int64}}
  %v = pto.make_tensor_view %p, shape = [%n, %big, %c256], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?x?xi8>
  return
}

// -----

// The same for a blocked NZ view: [2^62, 2^62] i8 blocks to
// [1, 2^57, 2^58, 16, 32], whose outer strides pass int64.
func.func @nz_stride_past_int64(%p: !pto.ptr<i8>) {
  %big = arith.constant 4611686018427387904 : index
  // expected-error@+1 {{pto-materialize-strides: stride 0 of this view would be}}
  %v = pto.make_tensor_view %p, shape = [%big, %big], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}
