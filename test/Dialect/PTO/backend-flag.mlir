// The backend as ptoas's command line names it: --pto-backend overrides a
// module's pto.backend (in any case, as ptoas reads it); --ptoas-emit-pto-ir
// (ptoas --emit-pto-ir stops before its backend) lowers nothing, so nothing
// is rejected; PTOAS 0.27 has no vector ops, so no rule of 0.60's EmitC
// backend applies to it.
// RUN: ptonz-opt %s --ptoas-version=0.60 --pto-backend=VPTO | FileCheck %s
// RUN: ptonz-opt %s --ptoas-version=0.60 --ptoas-emit-pto-ir | FileCheck %s
// RUN: not ptonz-opt %s --ptoas-version=0.60 --pto-backend=emitc 2>&1 | FileCheck %s --check-prefix=EMITC
// RUN: not ptonz-opt %s --ptoas-version=0.60 --pto-backend=llvm 2>&1 | FileCheck %s --check-prefix=BADFLAG
// ptoas's --plan-memory-impl (legacy or modern) is taken and checked as ptoas checks it.
// RUN: ptonz-opt %s --ptoas-version=0.60 --pto-backend=vpto --plan-memory-impl=modern | FileCheck %s
// RUN: not ptonz-opt %s --ptoas-version=0.60 --plan-memory-impl=typo 2>&1 | FileCheck %s --check-prefix=BADIMPL
// BADIMPL: ptonz-opt: error: invalid --plan-memory-impl='typo': expected legacy or modern

// CHECK-LABEL: func.func @store
// CHECK: pto.vmi.vstore %v, %dst[%i] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
// EMITC: backend-flag.mlir:[[@LINE+4]]:8: error: 'pto.vmi.vload' has no lowering in PTOAS 0.60's EmitC backend
// BADFLAG: error: argument --pto-backend/--ptoas-backend: invalid choice: 'llvm' (choose from 'emitc', 'vpto')
module attributes {pto.backend = "emitc"} {
func.func @store(%src: !pto.ptr<f32, ub>, %dst: !pto.ptr<f32, ub>, %i: index) {
  %v = pto.vmi.vload %src[%i] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
  pto.vmi.vstore %v, %dst[%i] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>
  return
}
}
