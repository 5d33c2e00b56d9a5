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
