// Malformed input: a located diagnostic with the real file name, exit 1, no traceback.
// RUN: not ptonz-opt %s 2>&1 | FileCheck %s
// CHECK: malformed-input.mlir:[[# @LINE + 3]]:42: error: expected SSA operand
// CHECK-NOT: Traceback
func.func @f() {
  %0 = pto.make_tensor_view %x, shape = [ : !pto.tensor_view<?xi8>
}
