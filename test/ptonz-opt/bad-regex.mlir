// An expected-error-re whose regex does not compile is reported at the
// expectation (it used to be an internal error, exit 2).
// RUN: %python %S/Inputs/expect_exit.py 1 ptonz-opt --verify-diagnostics %s 2>&1 | FileCheck %s
// CHECK: bad-regex.mlir:[[# @LINE + 3]]:4: error: invalid regex in expected-error-re
// CHECK-SAME: missing ), unterminated subpattern
// CHECK-NOT: : error:
// expected-error-re@+1 {{unknown {{[(]}} and {{(}}}}
func.func @f() {
  return
}
