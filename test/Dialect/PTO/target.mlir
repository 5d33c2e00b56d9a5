// What ptoas accepts depends on its target (--pto-arch, --pto-level); the
// pto verifiers check against the same target, given to ptonz-opt as
// --pto-arch and --ptoas-pto-level (default: a3, level2, as ptoas). A
// module's pto.target_arch overrides the arch, as in ptoas.
// RUN: ptonz-opt %s --split-input-file --verify-diagnostics
// RUN: ptonz-opt %S/Inputs/level3.mlir --ptoas-pto-level=level3 | ptonz-opt --ptoas-pto-level=level3 | FileCheck %S/Inputs/level3.mlir
// RUN: not ptonz-opt %S/Inputs/level3.mlir 2>&1 | FileCheck %s --check-prefix=LEVEL2
// RUN: ptonz-opt %S/Inputs/level3-invalid.mlir --ptoas-pto-level=level3 --split-input-file --verify-diagnostics
// RUN: ptonz-opt %S/Inputs/a5.mlir --pto-arch=a5 | ptonz-opt --pto-arch=a5 | FileCheck %S/Inputs/a5.mlir
// RUN: not ptonz-opt %S/Inputs/a5.mlir 2>&1 | FileCheck %s --check-prefix=A3
// The flags as ptoas 0.60 spells them too: any case, and a2 for A2/A3.
// RUN: ptonz-opt %S/Inputs/a5.mlir --pto-arch=A5 | FileCheck %S/Inputs/a5.mlir
// RUN: not ptonz-opt %S/Inputs/a5.mlir --pto-arch=a2 2>&1 | FileCheck %s --check-prefix=A3
// RUN: ptonz-opt %S/Inputs/level3.mlir --pto-level=Level3 | FileCheck %S/Inputs/level3.mlir

// LEVEL2: level3.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'pto.alloc_tile' op unexpected 'addr' operand: only supported when --pto-level=level3 (ptoas plans tile addresses itself at levels 1 and 2; drop `addr = ...` or assemble with --pto-level=level3)
// A3: a5.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'pto.thistogram' op thistogram is only supported on A5 (ptoas --pto-arch=a5)

func.func @f() {
  %a = arith.constant 0 : i64
  // expected-error@+1 {{'pto.alloc_tile' op unexpected 'addr' operand: only supported when --pto-level=level3}}
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

func.func @f() {
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // expected-error@+1 {{'pto.tassign' op pto.tassign is only supported when --pto-level=level3}}
  %u = pto.tassign %t, %a : !pto.tile_buf<vec, 16x16xf16> -> !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'pto.reserve_buffer' op pto.reserve_buffer with explicit 'base' (auto = false) is not supported in PlanMemory; use --pto-level=level3 or set auto = true}}
  %b = pto.reserve_buffer {name = "fifo", size = 4096, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
  return
}

// -----

// The module's target_arch wins over the flag.
module attributes {pto.target_arch = "a5"} {
  func.func @f(%i: !pto.tile_buf<vec, 32x16xi8, blayout=col_major>) {
    %s = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi16>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 16x256xi32>
    pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 16x16xi16>, !pto.tile_buf<vec, 32x16xi8, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x256xi32>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a2a3"} {
  func.func @f(%i: !pto.tile_buf<vec, 32x16xi8, blayout=col_major>) {
    %s = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi16>
    %d = pto.alloc_tile : !pto.tile_buf<vec, 16x256xi32>
    // expected-error@+1 {{'pto.thistogram' op thistogram is only supported on A5}}
    pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 16x16xi16>, !pto.tile_buf<vec, 32x16xi8, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x256xi32>)
    return
  }
}
