// A verifier error is located at the op, exits 1, and prints the source line.
// RUN: not ptonz-opt %s 2>&1 | FileCheck %s
// CHECK: verifier-error.mlir:[[# @LINE + 4]]:8: error: 'pto.make_tensor_view' op ptr element type must match tensor_view element type, but got ptr='f16' view='i8'
// CHECK-NEXT: %v = "pto.make_tensor_view"
// CHECK-NEXT: ^
func.func @f(%p: !pto.ptr<f16>, %n: index) {
  %v = "pto.make_tensor_view"(%p, %n, %n) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (!pto.ptr<f16>, index, index) -> !pto.tensor_view<?x?xi8>
  return
}
