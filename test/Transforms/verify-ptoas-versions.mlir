// pto-verify-ptoas against real PTOAS versions and flags (what PTOAS 0.27
// does, measured; analyses/ptoas_facts.py). Every case also runs through the
// real ptoas in test/ptoas/verify-ptoas-agrees.test.
// RUN: ptonz-opt --split-input-file --verify-diagnostics --pto-verify-ptoas='ptoas-version=0.27' %s
// With --disable-infer-layout every blocked NZ view passes (the 0.61 rules
// still apply); only the unannotated DN view, the addr and the float8 cases fail.
// RUN: not ptonz-opt --split-input-file --pto-verify-ptoas='ptoas-version=0.27 infer-layout=false' %s 2>&1 | FileCheck %s --check-prefix=NOINFER
// RUN: not ptonz-opt --split-input-file --ptoas-version=v0.27 --ptoas-disable-infer-layout --pto-verify-ptoas %s 2>&1 | FileCheck %s --check-prefix=NOINFER
// NOINFER-NOT: infers the layout
// NOINFER: verify-ptoas-versions.mlir:{{[0-9]+}}:{{[0-9]+}}: error: pto-verify-ptoas: this view has no layout attribute and its strides are DN
// NOINFER-NOT: infers the layout
// NOINFER: verify-ptoas-versions.mlir:{{[0-9]+}}:{{[0-9]+}}: error: pto-verify-ptoas: PTOAS 0.27 writes the GM side of this tload as GlobalTensor<float, ...>
// At level3 the addr case passes and an alloc_tile without addr does not.
// --ptoas-pto-level sets the level of the op verifiers and of
// pto-verify-ptoas at once, so the op verifier reports it (PTOAS's words),
// once. (--pto-level, ptoas's spelling, is the same flag.)
// RUN: not ptonz-opt --split-input-file --ptoas-version=0.27 --ptoas-disable-infer-layout --ptoas-pto-level=level3 --pto-verify-ptoas %s 2>&1 | FileCheck %s --check-prefix=LEVEL3
// RUN: not ptonz-opt --split-input-file --ptoas-version=0.27 --ptoas-disable-infer-layout --pto-level=level3 --pto-verify-ptoas %s 2>&1 | FileCheck %s --check-prefix=LEVEL3
// LEVEL3-NOT: unexpected 'addr' operand
// LEVEL3: verify-ptoas-versions.mlir:[[# @LINE + 91]]:8: error: 'pto.alloc_tile' op requires 'addr' operand when --pto-level=level3
// LEVEL3-NOT: unexpected 'addr' operand
// A level given to the pass alone, different from the op verifiers' one, is
// checked by the pass, whose error names both levels.
// RUN: not ptonz-opt --split-input-file --pto-verify-ptoas='ptoas-version=0.27 infer-layout=false pto-level=level3' %s 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: verify-ptoas-versions.mlir:[[# @LINE + 79]]:8: error: 'pto.alloc_tile' op unexpected 'addr' operand: only supported when --pto-level=level3
// MISMATCH: verify-ptoas-versions.mlir:[[# @LINE + 85]]:8: error: pto-verify-ptoas: at --pto-level=level3 PTOAS does not plan memory: every pto.alloc_tile needs an 'addr' operand; give one, or assemble at level2 (the pto op verifiers checked this module for level2, the context's PTOAS target; give the level once: ptonz-opt --ptoas-pto-level=level3, or ptonz._ptonz.set_ptoas_target)
// MISMATCH-NOT: 'pto.alloc_tile' op requires

// R = 256 rows of i8: PTOAS 0.27's NZ test wants shape[2] * shape[3] * 1 == 512.
func.func @i8_r256(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  // expected-error@+1 {{pto-verify-ptoas: PTOAS 0.27 infers the layout of a view with constant shape and strides, and its NZ test (shape[2] == 16 and shape[2] * shape[3] * sizeof(T) == 512, one axis off pto-isa's) calls this blocked NZ view nd: it stops with 'layout mismatch: user-specified layout=nz but inferred=nd'. `ptoas --disable-infer-layout`}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// The coincidence: R == 256 and a 2-byte element type pass PTOAS's test.
func.func @f16_r256(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c32, %c16, %c16, %c16], strides = [%c131072, %c4096, %c256, %c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
  return
}

// -----

// R = 512 rows of f16: inferred nd.
func.func @f16_r512(%p: !pto.ptr<f16>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c8192 = arith.constant 8192 : index
  %c262144 = arith.constant 262144 : index
  // expected-error@+1 {{calls this blocked NZ view nd}}
  %v = pto.make_tensor_view %p, shape = [%c1, %c32, %c32, %c16, %c16], strides = [%c262144, %c8192, %c256, %c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
  return
}

// -----

// A shape operand that is not a constant: PTOAS does not infer, the
// annotation stands.
func.func @dynamic_batch(%p: !pto.ptr<i8>, %b: index) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %v = pto.make_tensor_view %p, shape = [%b, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// A column-major view without a layout attribute: inference calls it DN;
// under --disable-infer-layout PTOAS would describe it as ND.
func.func @unannotated_dn(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c1, %c16] : !pto.tensor_view<?x?xf32>
  return
}

// -----

// alloc_tile addr needs --pto-level=level3: the op verifier says so as PTOAS
// does (and pto-verify-ptoas does not say it again).
func.func @addr_at_level2() {
  %a = arith.constant 0 : i64
  // expected-error@+1 {{'pto.alloc_tile' op unexpected 'addr' operand: only supported when --pto-level=level3}}
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @no_addr() {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

// PTOAS 0.27 has no C++ name for float8 GM tensors: GlobalTensor<float, ...>.
func.func @f8_load(%p: !pto.ptr<f8E4M3FN>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%c32, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf8E4M3FN>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf8E4M3FN> -> !pto.partition_tensor_view<32x32xf8E4M3FN>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf8E4M3FN>
  // expected-error@+1 {{pto-verify-ptoas: PTOAS 0.27 writes the GM side of this tload as GlobalTensor<float, ...> because it has no C++ name for f8E4M3FN}}
  pto.tload ins(%pv : !pto.partition_tensor_view<32x32xf8E4M3FN>) outs(%t : !pto.tile_buf<vec, 32x32xf8E4M3FN>)
  return
}

// -----

// No layout attribute, contiguous strides, so ND, but PTOAS 0.27's NZ test
// (one axis off pto-isa's: shape[2] == 16, 16 * 8 * 4 == 512) calls it NZ:
// with inference on 0.27 writes an NZ GlobalTensor for it (it accepts the
// file, silently); ptonz says which layout to write. Under
// --disable-infer-layout, and from 0.61 (pto-isa's rule), it is ND.
func.func @legacy_nd(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c2048 = arith.constant 2048 : index
  // expected-error@+1 {{pto-verify-ptoas: this view has no layout attribute and PTOAS 0.27 infers NZ for it (its NZ test, shape[2] == 16 and shape[2] * shape[3] * sizeof(T) == 512, is one axis off pto-isa's), while its strides are not NZ: PTOAS would write an NZ GlobalTensor and read the wrong elements; add {layout = #pto.layout<nd>}}}
  %v = pto.make_tensor_view %p, shape = [%c4, %c1, %c16, %c8, %c16], strides = [%c2048, %c2048, %c128, %c16, %c1] : !pto.tensor_view<?x?x?x?x?xf32>
  return
}
