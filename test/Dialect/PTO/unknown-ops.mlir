// A pto op ptonz does not define (a newer PTOAS op) parses and prints back
// verbatim in PTOAS's common form `ins(...) outs(...) {attrs} -> results`,
// without --allow-unregistered-dialect. It stays an unregistered operation:
// MLIR assumes it reads and writes anything.
// RUN: ptonz-opt %s | FileCheck %s
// RUN: ptonz-opt %s | ptonz-opt | FileCheck %s
// RUN: ptonz-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ptonz-opt %s --pass-pipeline='builtin.module(canonicalize)' | FileCheck %s --check-prefix=KEPT
// RUN: ptonz-opt %S/Inputs/unknown-op-bad.mlir --split-input-file --verify-diagnostics

// CHECK-LABEL: func.func @newer_ops
func.func @newer_ops(%pv: !pto.partition_tensor_view<16x16xf16>, %s: f32) -> f32 {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // CHECK: pto.tfancy ins(%[[A:[^ ,]+]], %{{.*}} : !pto.tile_buf<vec, 16x16xf16>, f32) outs(%[[B:[^ ,]+]] : !pto.tile_buf<vec, 16x16xf16>)
  pto.tfancy ins(%a, %s : !pto.tile_buf<vec, 16x16xf16>, f32) outs(%b : !pto.tile_buf<vec, 16x16xf16>)
  // Attributes, and two destinations.
  // CHECK: pto.tsplit ins(%[[A]] : !pto.tile_buf<vec, 16x16xf16>) outs(%[[A]], %[[B]] : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<vec, 16x16xf16>) {axis = 1 : i32, mode = #pto<round_mode FLOOR>}
  pto.tsplit ins(%a : !pto.tile_buf<vec, 16x16xf16>) outs(%a, %b : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<vec, 16x16xf16>) {mode = #pto<round_mode FLOOR>, axis = 1 : i32}
  // Results.
  // CHECK: %[[R:[^ ]+]] = pto.treduce_all ins(%[[B]] : !pto.tile_buf<vec, 16x16xf16>) -> f32
  %r = pto.treduce_all ins(%b : !pto.tile_buf<vec, 16x16xf16>) -> f32
  // CHECK: %{{.*}}:2 = pto.tminmax ins(%[[B]] : !pto.tile_buf<vec, 16x16xf16>) -> f32, f32
  %mm:2 = pto.tminmax ins(%b : !pto.tile_buf<vec, 16x16xf16>) -> f32, f32
  // Only outs; a GM operand.
  // CHECK: pto.tclear outs(%{{.*}} : !pto.partition_tensor_view<16x16xf16>)
  pto.tclear outs(%pv : !pto.partition_tensor_view<16x16xf16>)
  // No operands at all.
  // CHECK: pto.tbarrier_all ins() {level = 2 : i32}
  pto.tbarrier_all ins() {level = 2 : i32}
  // CHECK: return %[[R]] : f32
  return %r : f32
}

// The generic form keeps the ins/outs split.
// GENERIC: "pto.tfancy"(%{{.*}}, %{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 2, 1>} : (!pto.tile_buf<vec, 16x16xf16>, f32, !pto.tile_buf<vec, 16x16xf16>) -> ()

// An unregistered op may have any side effect: canonicalize keeps even the
// ones whose results are unused.
// KEPT: pto.tfancy
// KEPT: pto.tminmax
