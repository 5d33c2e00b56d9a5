// What PTOAS 0.60's EmitC backend (--pto-backend=emitc, its default) cannot
// lower: the vmi / vpto / ub vector ops, unless its canonicalizer erases them
// first (unused, and no effect but reads), and the vector-register types in a
// function's signature. ptonz rejects them at the op when the target's backend
// is EmitC: by default, and with a module's pto.backend = "emitc"; the VPTO
// backend (--pto-backend=vpto or pto.backend = "vpto") lowers them.
// RUN: ptonz-opt %s --ptoas-version=0.60 --pto-arch=a5 --split-input-file --verify-diagnostics

// A vector load and store, live: the first one the conversion meets is named.
func.func @live_store(%src: !pto.ptr<f32, ub>, %dst: !pto.ptr<f32, ub>, %i: index) {
  // expected-error@+2 {{'pto.vmi.vload' has no lowering in PTOAS 0.60's EmitC backend (--pto-backend=emitc, its default; only its VPTO backend lowers the vmi / vpto / ub vector ops): ptoas fails with "failed to legalize operation 'pto.vmi.vload'"; assemble it with `ptoas --pto-backend=vpto` (or `pto.backend = "vpto"` on the module) and tell ptonz the same (`ptonz-opt --pto-backend=vpto`)}}
  // expected-note@+1 {{1 more op(s) or function(s) of this module need the VPTO backend too}}
  %v = pto.vmi.vload %src[%i] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  pto.vmi.vstore %v, %dst[%i] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  return
}

// -----

// A vector-register type in a signature: the type converter has no C++ type
// for it, so func.func itself fails (a declaration too).
// expected-error@+1 {{'func.func' has '!pto.vmi.vreg<128xf32>' in its signature, a vector-register type PTOAS 0.60's EmitC backend (--pto-backend=emitc, its default) has no C++ type for: ptoas fails with "failed to legalize operation 'func.func'"}}
func.func private @external(!pto.vmi.vreg<128xf32>)

// -----

// expected-error@+1 {{'func.func' has '!pto.mask<b32>' in its signature}}
func.func @mask_arg(%m: !pto.mask<b32>) {
  return
}

// -----

// A dead load (no effect but a read) and a dead pure op on it: the
// canonicalizer erases both before the conversion, so PTOAS accepts this.
func.func @dead_loads(%src: !pto.ptr<f32, ub>, %i: index) {
  %a = pto.vmi.vload %src[%i] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  %b = pto.vmi.vadd %a, %a : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  return
}

// -----

// The vector scope has no memory-effect interface at all, so it is never
// erased, even when empty.
func.func @vecscope(%dst: !pto.ptr<f32, ub>, %i: index) {
  // expected-error@+1 {{'pto.vecscope' has no lowering in PTOAS 0.60's EmitC backend}}
  pto.vecscope {
  }
  return
}

// -----

// The module's backend, as ptoas reads it (any case): nothing to reject.
module attributes {pto.backend = "VPTO"} {
  func.func @vpto(%src: !pto.ptr<f32, ub>, %dst: !pto.ptr<f32, ub>, %i: index) {
    %v = pto.vmi.vload %src[%i] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
    pto.vmi.vstore %v, %dst[%i] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
    return
  }
}

// -----

module attributes {pto.backend = "emitc"} {
  func.func @emitc(%src: !pto.ptr<f32, ub>, %dst: !pto.ptr<f32, ub>, %i: index) {
    // expected-error@+1 {{'pto.vmi.vload' has no lowering}}
    %v = pto.vmi.vload %src[%i] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
    // expected-note@-1 {{1 more op(s)}}
    pto.vmi.vstore %v, %dst[%i] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
    return
  }
}

// -----

// A backend-partitioned container: each child module is lowered by its own
// backend (the default where it names none).
module {
  module attributes {pto.backend = "vpto"} {
    func.func @vector_part(%m: !pto.mask<b32>) {
      return
    }
  }
  module {
    // expected-error@+1 {{'func.func' has '!pto.mask<b32>' in its signature}}
    func.func @emitc_part(%m: !pto.mask<b32>) {
      return
    }
  }
}

// -----

// expected-error@+1 {{'builtin.module' op invalid pto.backend 'llvm': ptoas expects 'emitc' or 'vpto'}}
module attributes {pto.backend = "llvm"} {
}

// -----

// expected-error@+1 {{'builtin.module' op invalid pto.backend attribute 1 : i32: ptoas expects the string "emitc" or "vpto"}}
module attributes {pto.backend = 1 : i32} {
}

// -----

// A builtin tensor in a signature: no C++ type either (whatever the backend
// would do with it, PTOAS takes GM data as pointers).
// expected-error@+1 {{'func.func' has 'tensor<32x32xi8>' in its signature, a builtin tensor PTOAS 0.60's EmitC backend (--pto-backend=emitc, its default) has no C++ type for: ptoas fails with "failed to legalize operation 'func.func'"; pass GM data as a !pto.ptr<T> (read through pto.make_tensor_view) instead}}
func.func private @returns_tensor() -> tensor<32x32xi8>
