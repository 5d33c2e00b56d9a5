// The print of an op whose syntax changed between PTOAS releases follows the
// context's PTOAS version (ptonz-opt --ptoas-version; default 0.61); both
// forms parse.
// RUN: ptonz-opt --no-mlir-print-debuginfo %s | FileCheck %s --check-prefix=V060
// RUN: ptonz-opt --no-mlir-print-debuginfo %s | ptonz-opt --no-mlir-print-debuginfo | FileCheck %s --check-prefix=V060
// RUN: ptonz-opt --no-mlir-print-debuginfo %s --ptoas-version=0.27 | FileCheck %s --check-prefix=V027
// RUN: ptonz-opt --no-mlir-print-debuginfo %s --ptoas-version=0.27 | ptonz-opt --no-mlir-print-debuginfo --ptoas-version=0.27 | FileCheck %s --check-prefix=V027

// tci: 0.27 writes its attributes inside `ins(...)`, 0.60 after `outs(...)`
// (and takes a scratch tile).
// V060-LABEL: func.func @tci
// V027-LABEL: func.func @tci
func.func @tci(%k: i32) {
  %i = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  // V060: pto.tci ins(%{{.*}} : i32) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xi32>) {descending = true}
  // V027: pto.tci ins(%{{.*}} {descending = true} : i32) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xi32>)
  pto.tci ins(%k {descending = true} : i32) outs(%i : !pto.tile_buf<vec, 16x16xi32>)
  // V060: pto.tci ins(%{{.*}} : i32) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xi32>) {descending = true}
  // V027: pto.tci ins(%{{.*}} {descending = true} : i32) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xi32>)
  pto.tci ins(%k : i32) outs(%i : !pto.tile_buf<vec, 16x16xi32>) {descending = true}
  // V060: pto.tci ins(%{{.*}} : i32) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xi32>){{$}}
  // V027: pto.tci ins(%{{.*}} : i32) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xi32>){{$}}
  pto.tci ins(%k : i32) outs(%i : !pto.tile_buf<vec, 16x16xi32>)
  // A scratch tile exists only in 0.60's form.
  // V060: pto.tci ins(%{{.*}}, %{{.*}} : i32, !pto.tile_buf<vec, 16x16xi32>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xi32>)
  // V027: pto.tci ins(%{{.*}}, %{{.*}} : i32, !pto.tile_buf<vec, 16x16xi32>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xi32>)
  pto.tci ins(%k, %i : i32, !pto.tile_buf<vec, 16x16xi32>) outs(%i : !pto.tile_buf<vec, 16x16xi32>)
  return
}
