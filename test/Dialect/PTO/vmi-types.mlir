// PTOAS 0.60's VMI types (PTOVmiTypes.td): `!pto.vmi.vreg`, `!pto.vmi.mask`
// and `#pto.vmi.layout`, read with PTOAS's rules and printed as PTOAS prints
// them (defaults omitted), so that a second print is the same (rejections:
// vmi-types-invalid.mlir). (The
// signatures are for PTOAS's VPTO backend: backend-emitc.mlir.)
// RUN: ptonz-opt %s --pto-backend=vpto --split-input-file --no-mlir-print-debuginfo | FileCheck %s
// RUN: ptonz-opt %s --pto-backend=vpto --split-input-file --no-mlir-print-debuginfo | ptonz-opt --pto-backend=vpto --split-input-file --no-mlir-print-debuginfo | FileCheck %s

// CHECK-LABEL: func.func @vreg_types
// CHECK-SAME: !pto.vmi.vreg<64xf32>
// CHECK-SAME: !pto.vmi.vreg<256xi8>
// CHECK-SAME: !pto.vmi.vreg<128xbf16, #pto.vmi.layout<contiguous>>
// CHECK-SAME: !pto.vmi.vreg<128xf16, #pto.vmi.layout<contiguous, lane_stride = 2>>
// CHECK-SAME: !pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>
// CHECK-SAME: !pto.vmi.vreg<256xf16, #pto.vmi.layout<deinterleaved = 4, lane_stride = 2>>
// CHECK-SAME: !pto.vmi.vreg<128xf32, #pto.vmi.layout<block_deinterleaved = 2>>
// CHECK-SAME: !pto.vmi.vreg<8xf32, #pto.vmi.layout<num_groups = 8, slots = 4, lane_stride = 2>>
// CHECK-SAME: !pto.vmi.vreg<64x!pto.hif8>
func.func @vreg_types(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<256xi8>,
    %c: !pto.vmi.vreg<128xbf16, #pto.vmi.layout<contiguous>>,
    %d: !pto.vmi.vreg<128xf16, #pto.vmi.layout<contiguous, lane_stride = 2>>,
    %e: !pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>,
    %f: !pto.vmi.vreg<256xf16, #pto.vmi.layout<deinterleaved = 4, lane_stride = 2>>,
    %g: !pto.vmi.vreg<128xf32, #pto.vmi.layout<block_deinterleaved = 2>>,
    %h: !pto.vmi.vreg<8xf32, #pto.vmi.layout<num_groups = 8, slots = 4, lane_stride = 2>>,
    %i: !pto.vmi.vreg<64x!pto.hif8>) {
  return
}

// -----

// CHECK-LABEL: func.func @mask_types
// CHECK-SAME: !pto.vmi.mask<64xpred>
// CHECK-SAME: !pto.vmi.mask<128xb16>
// CHECK-SAME: !pto.vmi.mask<256xb8, #pto.vmi.layout<contiguous>>
// CHECK-SAME: !pto.vmi.mask<128xb32, #pto.vmi.layout<deinterleaved = 2>>
func.func @mask_types(%a: !pto.vmi.mask<64xpred>, %b: !pto.vmi.mask<128xb16>,
    %c: !pto.vmi.mask<256xb8, #pto.vmi.layout<contiguous>>,
    %d: !pto.vmi.mask<128xb32, #pto.vmi.layout<deinterleaved = 2>>) {
  return
}
