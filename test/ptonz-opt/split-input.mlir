// --split-input-file processes each chunk alone, keeps the file's line numbers,
// and joins the outputs with the marker.
// RUN: ptonz-opt --split-input-file %s | FileCheck %s
// RUN: not ptonz-opt %s 2>&1 | FileCheck %s --check-prefix=WHOLE

// CHECK-LABEL: func.func @first
// CHECK: // -----
// CHECK-LABEL: func.func @second
func.func @first() { return }

// -----

// WHOLE: split-input.mlir:[[# @LINE + 1]]:1: error: redefinition of symbol named 'first'
func.func @first() { return }
func.func @second() { return }
