// ptonz's passes are in MLIR's pass registry: --help lists them with their
// options, and pipelines mix and nest them with upstream passes.
// RUN: ptonz-opt --help | FileCheck %s --check-prefix=HELP
// RUN: ptonz-opt --list-passes | FileCheck %s --check-prefix=LIST
// RUN: ptonz-opt --pass-pipeline='builtin.module(func.func(pto-block-nz-views, cse, pto-materialize-strides))' %s | FileCheck %s
// RUN: ptonz-opt --pto-block-nz-views --pto-materialize-strides %s > %t.module.mlir
// RUN: ptonz-opt --pass-pipeline='builtin.module(func.func(pto-block-nz-views, pto-materialize-strides))' %s > %t.func.mlir
// RUN: diff %t.module.mlir %t.func.mlir
// RUN: ptonz-opt --canonicalize --pto-block-nz-views --cse='' %s | FileCheck %s
// RUN: not ptonz-opt --pass-pipeline='builtin.module(pto-verify-ptoas{ptoas-version=banana})' %s 2>&1 | FileCheck %s --check-prefix=BADVALUE
// RUN: not ptonz-opt --pto-verify-ptoas='nope=1' %s 2>&1 | FileCheck %s --check-prefix=NOOPTION
// RUN: not ptonz-opt --pass-pipeline='builtin.module(pto-block-nz-view)' %s 2>&1 | FileCheck %s --check-prefix=NOPASS
// RUN: not ptonz-opt --pass-pipeline='builtin.module(func.func(convert-pl-to-pto))' %s 2>&1 | FileCheck %s --check-prefix=ANCHOR

// HELP: ptonz passes and pipelines (from MLIR's pass registry
// HELP: --convert-pl-to-pto {{.*}}Runs on builtin.module only
// HELP: --pto-block-nz-views {{.*}}Runs on builtin.module or func.func
// HELP: --pto-verify-ptoas
// HELP-NEXT: --allow-clamped-gm-offsets=<true|false> {{.*}}PTOAS#1317
// HELP-NEXT: --infer-layout=<true|false> {{.*}}(default: true)
// HELP-NEXT: --pto-level=<level1|level2|level3> {{.*}}(default: level2)
// HELP-NEXT: --ptoas-version=<X.Y> {{.*}}(default: 0.61)
// HELP: --lower-to-ptoas {{.*}}The whole lowering
// HELP-NEXT: --allow-clamped-gm-offsets=<true|false>
// HELP-NEXT: --allow-large-gm-gap=<true|false>

// LIST-DAG: --canonicalize
// LIST-DAG: --cse
// LIST-DAG: --pto-block-nz-views
// LIST-DAG: --lower-to-ptoas

// BADVALUE: ptonz-opt: error: invalid value 'banana' for option 'ptoas-version' of pass 'pto-verify-ptoas': 'banana' is not a PTOAS version
// BADVALUE-NEXT: failed to add `pto-verify-ptoas` with options `ptoas-version=banana`
// NOOPTION: ptonz-opt: error: <Pass-Options-Parser>: no such option nope
// NOOPTION-NEXT: failed to add `pto-verify-ptoas` with options `nope=1`
// NOPASS: error: 'pto-block-nz-view' does not refer to a registered pass or pass pipeline
// ANCHOR: error: unable to schedule pass 'ConvertPLToPTO' on a PassManager intended to run on 'func.func'!

// Two functions: nested under func.func, each is rewritten on its own (on
// ptonz-opt's thread: its contexts run pipelines without worker threads).

// CHECK-LABEL: func.func @rank2_i8
// CHECK-SAME: attributes {pto.nz_tensor_views_blocked}
// CHECK: pto.make_tensor_view %arg0, shape = [%c1, %c16, %c16, %c16, %c32]
func.func @rank2_i8(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// CHECK-LABEL: func.func @rank2_f16
// CHECK-SAME: attributes {pto.nz_tensor_views_blocked}
// CHECK: pto.make_tensor_view %arg0, shape = [%c1, %c8, %c4, %c16, %c16]
func.func @rank2_f16(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c128], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c64, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<64x128xf16>) outs(%t : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>)
  return
}
