// PTOAS 0.60's verifier rules for the `pto.vmi.*` ops ptonz keeps verbatim
// (unregistered ops, which MLIR does not verify): ptonz checks them when it
// parses, as ptoas does (PTOVmiRules.cpp). The types are PTOVmiTypes.td's
// (vmi-types.mlir).
// RUN: ptonz-opt %s --ptoas-version=0.60 --pto-backend=vpto --pto-arch=a5 --split-input-file --verify-diagnostics --no-mlir-print-debuginfo | FileCheck %s
// With PTOAS 0.27 (which has none of these ops) no op rule applies.
// RUN: ptonz-opt %s --ptoas-version=0.27 --split-input-file --no-mlir-print-debuginfo | FileCheck %s --check-prefix=V027

// CHECK-LABEL: func.func @accepted
// CHECK: pto.vmi.vadd %{{.*}}, %{{.*}}, %{{.*}} : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xb32> -> !pto.vmi.vreg<64xf32>
// CHECK: pto.vmi.vdiv %{{.*}}, %{{.*}} : !pto.vmi.vreg<128xf16>, !pto.vmi.vreg<128xf16> -> !pto.vmi.vreg<128xf16>
// CHECK: pto.vmi.vshr %{{.*}}, %{{.*}} : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
// CHECK: pto.vmi.vsel %{{.*}}, %{{.*}}, %{{.*}} : !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
// CHECK: pto.vmi.vcvt %{{.*}} {rounding = "R", saturate = "SAT"} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf16>
// CHECK: pto.vmi.vcvt %{{.*}} : !pto.vmi.vreg<128xf16> -> !pto.vmi.vreg<128xsi32>
// CHECK: pto.vmi.vinterpret_cast %{{.*}} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<128xi16>
// CHECK: pto.vmi.vbrc %{{.*}} : f32 -> !pto.vmi.vreg<64xf32>
// CHECK: pto.vmi.vci %{{.*}} {order = "DESC"} : i32 -> !pto.vmi.vreg<64xi32>
// CHECK: "pto.vmi.constant"() {value = dense<1.000000e+00> : vector<64xf32>} : () -> !pto.vmi.vreg<64xf32>
// CHECK: "pto.vmi.channel_split"(%{{.*}}) : (!pto.vmi.vreg<128xf32>) -> (!pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>)
// CHECK: "pto.vmi.unpack"(%{{.*}}) : (!pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>) -> (!pto.vreg<64xf32>, !pto.vreg<64xf32>)
// CHECK: pto.vmi.vsstb %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
// CHECK: pto.vmi.vstore %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xb32>
func.func @accepted(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xb32>,
    %p: !pto.vmi.mask<64xpred>, %h: !pto.vmi.vreg<128xf16>,
    %i: !pto.vmi.vreg<64xi32>, %w: !pto.vmi.vreg<128xf32>,
    %d: !pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>,
    %s: f32, %b: i32, %dst: !pto.ptr<f32, ub>, %off: index, %stride: i16) {
  %0 = pto.vmi.vadd %a, %a, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xb32> -> !pto.vmi.vreg<64xf32>
  %1 = pto.vmi.vdiv %h, %h : !pto.vmi.vreg<128xf16>, !pto.vmi.vreg<128xf16> -> !pto.vmi.vreg<128xf16>
  %2 = pto.vmi.vshr %i, %i : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  %3 = pto.vmi.vsel %p, %a, %a : !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  %4 = pto.vmi.vcvt %a {rounding = "R", saturate = "SAT"} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf16>
  %5 = pto.vmi.vcvt %h : !pto.vmi.vreg<128xf16> -> !pto.vmi.vreg<128xsi32>
  %6 = pto.vmi.vinterpret_cast %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<128xi16>
  %7 = pto.vmi.vbrc %s : f32 -> !pto.vmi.vreg<64xf32>
  %8 = pto.vmi.vci %b {order = "DESC"} : i32 -> !pto.vmi.vreg<64xi32>
  %9 = "pto.vmi.constant"() {value = dense<1.0> : vector<64xf32>} : () -> !pto.vmi.vreg<64xf32>
  %10:2 = "pto.vmi.channel_split"(%w) : (!pto.vmi.vreg<128xf32>) -> (!pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>)
  %11:2 = "pto.vmi.unpack"(%d) : (!pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>) -> (!pto.vreg<64xf32>, !pto.vreg<64xf32>)
  pto.vmi.vsstb %a, %dst[%off], %stride, %p : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
  pto.vmi.vstore %a, %dst[%off], %m : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xb32>
  return
}

// -----

// V027-LABEL: func.func @lane_mismatch
func.func @lane_mismatch(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<32xf32>) {
  // expected-error@+1 {{'pto.vmi.vadd' op requires all VMI data values to have the same logical lane count}}
  %r = pto.vmi.vadd %a, %b : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<32xf32> -> !pto.vmi.vreg<64xf32>
  return
}

// -----

func.func @vdiv_integer(%a: !pto.vmi.vreg<64xi32>) {
  // expected-error@+1 {{'pto.vmi.vdiv' op requires f16 or f32 VMI element type}}
  %r = pto.vmi.vdiv %a, %a : !pto.vmi.vreg<64xi32>, !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi32>
  return
}

// -----

func.func @vshl_float(%a: !pto.vmi.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.vshl' op requires integer-like VMI element type}}
  %r = pto.vmi.vshl %a, %a : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  return
}

// -----

func.func @vshr_float(%a: !pto.vmi.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.vshr' op requires integer VMI element type}}
  %r = pto.vmi.vshr %a, %a : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  return
}

// -----

func.func @vmul_i8(%a: !pto.vmi.vreg<256xi8>) {
  // expected-error@+1 {{'pto.vmi.vmul' op requires i16, i32, f16, bf16, or f32 VMI element type}}
  %r = pto.vmi.vmul %a, %a : !pto.vmi.vreg<256xi8>, !pto.vmi.vreg<256xi8> -> !pto.vmi.vreg<256xi8>
  return
}

// -----

func.func @vsel_granularity(%m: !pto.vmi.mask<64xb16>, %a: !pto.vmi.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.vsel' op requires mask granularity to match data element width}}
  %r = pto.vmi.vsel %m, %a, %a : !pto.vmi.mask<64xb16>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
  return
}

// -----

func.func @vstore_granularity(%a: !pto.vmi.vreg<128xf32, #pto.vmi.layout<contiguous>>,
    %m: !pto.vmi.mask<128xb16, #pto.vmi.layout<contiguous>>, %dst: !pto.ptr<f32, ub>, %off: index) {
  // expected-error@+1 {{'pto.vmi.vstore' op requires mask granularity to match data element width}}
  pto.vmi.vstore %a, %dst[%off], %m : !pto.vmi.vreg<128xf32, #pto.vmi.layout<contiguous>>, !pto.ptr<f32, ub>, !pto.vmi.mask<128xb16, #pto.vmi.layout<contiguous>>
  return
}

// -----

func.func @vsstb_merge(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xpred>,
    %dst: !pto.ptr<f32, ub>, %off: index, %stride: i16) {
  // expected-error@+1 {{'pto.vmi.vsstb' op pmode "merge" is not supported for stores}}
  pto.vmi.vsstb %a, %dst[%off], %stride, %m {pmode = "merge"} : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
  return
}

// -----

func.func @vsstb_element(%a: !pto.vmi.vreg<64xf16>, %m: !pto.vmi.mask<64xpred>,
    %dst: !pto.ptr<f32, ub>, %off: index, %stride: i16) {
  // expected-error@+1 {{'pto.vmi.vsstb' op requires memory destination element type to match VMI data element type}}
  pto.vmi.vsstb %a, %dst[%off], %stride, %m : !pto.vmi.vreg<64xf16>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
  return
}

// -----

func.func @vintlv_element(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<64xi32>, %m: !pto.vmi.mask<64xb32>) {
  // expected-error@+1 {{'pto.vmi.vintlv' op requires all VMI data values to have the same element type}}
  %lo, %hi = pto.vmi.vintlv %a, %b, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xi32>, !pto.vmi.mask<64xb32> -> !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>
  return
}

// -----

func.func @vdintlv_lanes(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<32xf32>, %m: !pto.vmi.mask<64xb32>) {
  // expected-error@+1 {{'pto.vmi.vdintlv' op requires all VMI data values to have the same logical lane count}}
  %lo, %hi = pto.vmi.vdintlv %a, %b, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<32xf32>, !pto.vmi.mask<64xb32> -> !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>
  return
}

// -----

func.func @compress_element(%a: !pto.vmi.vreg<64xf32>, %m: !pto.vmi.mask<64xb32>) {
  // expected-error@+1 {{'pto.vmi.compress' op requires all VMI data values to have the same element type}}
  %r = pto.vmi.compress %a, %m : !pto.vmi.vreg<64xf32>, !pto.vmi.mask<64xb32> -> !pto.vmi.vreg<64xi32>
  return
}

// -----

func.func @active_prefix_float(%m: !pto.vmi.mask<64xb32>) {
  // expected-error@+1 {{'pto.vmi.active_prefix_index' op requires signless integer result element type}}
  %r = pto.vmi.active_prefix_index %m : !pto.vmi.mask<64xb32> -> !pto.vmi.vreg<64xf32>
  return
}

// -----

func.func @cast_bits(%a: !pto.vmi.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.vinterpret_cast' op requires source and result to carry the same total number of bits}}
  %r = pto.vmi.vinterpret_cast %a : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xi16>
  return
}

// -----

func.func @vbrc_element(%s: f16) {
  // expected-error@+1 {{'pto.vmi.vbrc' op requires scalar or VMI vector input element type to match result element type}}
  %r = pto.vmi.vbrc %s : f16 -> !pto.vmi.vreg<128xf32>
  return
}

// -----

func.func @vci_order(%b: i32) {
  // expected-error@+1 {{'pto.vmi.vci' op requires order to be ASC or DESC}}
  %r = pto.vmi.vci %b {order = "DOWN"} : i32 -> !pto.vmi.vreg<64xi32>
  return
}

// -----

func.func @constant_kind() {
  // expected-error@+1 {{'pto.vmi.constant' op requires dense elements constant attribute}}
  %r = "pto.vmi.constant"() {value = 1.0 : f32} : () -> !pto.vmi.vreg<128xf32>
  return
}

// -----

func.func @constant_count() {
  // expected-error@+1 {{'pto.vmi.constant' op requires dense constant element count to match result logical lane count}}
  %r = "pto.vmi.constant"() {value = dense<1.0> : vector<64xf32>} : () -> !pto.vmi.vreg<128xf32>
  return
}

// -----

func.func @constant_mask_element() {
  // expected-error@+1 {{'pto.vmi.constant_mask' op requires dense mask constant element type to be i1}}
  %r = "pto.vmi.constant_mask"() {value = dense<1> : vector<64xi8>} : () -> !pto.vmi.mask<64xpred>
  return
}

// -----

func.func @group_mask(%n: index) {
  // expected-error@+1 {{'pto.vmi.create_group_mask' op requires result lane count to equal num_groups * group_size}}
  %r = pto.vmi.create_group_mask %n {num_groups = 8, group_size = 16} : index -> !pto.vmi.mask<127xpred>
  return
}

// -----

func.func @split_lanes(%a: !pto.vmi.vreg<5xf32>) {
  // expected-error@+1 {{'pto.vmi.channel_split' op requires source lane count to equal result count times per-channel lane count}}
  %r:2 = "pto.vmi.channel_split"(%a) : (!pto.vmi.vreg<5xf32>) -> (!pto.vmi.vreg<2xf32>, !pto.vmi.vreg<2xf32>)
  return
}

// -----

func.func @split_one(%a: !pto.vmi.vreg<4xf32>) {
  // expected-error@+1 {{'pto.vmi.channel_split' op requires at least two channel results}}
  %r = "pto.vmi.channel_split"(%a) : (!pto.vmi.vreg<4xf32>) -> !pto.vmi.vreg<4xf32>
  return
}

// -----

func.func @merge_inputs(%a: !pto.vmi.vreg<64xf32>, %b: !pto.vmi.vreg<32xf32>) {
  // expected-error@+1 {{'pto.vmi.channel_merge' op requires all channel inputs to have the same lane count and element type}}
  %r = "pto.vmi.channel_merge"(%a, %b) : (!pto.vmi.vreg<64xf32>, !pto.vmi.vreg<32xf32>) -> !pto.vmi.vreg<96xf32>
  return
}

// -----

func.func @merge_result(%a: !pto.vmi.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.channel_merge' op requires result lane count and element type to match merged channels}}
  %r = "pto.vmi.channel_merge"(%a, %a) : (!pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32>) -> !pto.vmi.vreg<64xf32>
  return
}

// -----

func.func @pack_arity(%p: !pto.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.pack' op requires 2 physical parts, got 1}}
  %r = "pto.vmi.pack"(%p) : (!pto.vreg<64xf32>) -> !pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>
  return
}

// -----

func.func @unpack_arity(%a: !pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>) {
  // expected-error@+1 {{'pto.vmi.unpack' op requires 2 physical parts, got 1}}
  %r = "pto.vmi.unpack"(%a) : (!pto.vmi.vreg<128xf32, #pto.vmi.layout<deinterleaved = 2>>) -> !pto.vreg<64xf32>
  return
}

// -----

func.func @vcvt_lanes(%a: !pto.vmi.vreg<64xf16>) {
  // expected-error@+1 {{'pto.vmi.vcvt' op requires source and result logical lane counts to match}}
  %r = pto.vmi.vcvt %a : !pto.vmi.vreg<64xf16> -> !pto.vmi.vreg<128xf32>
  return
}

// -----

func.func @vcvt_narrow_needs_saturate(%a: !pto.vmi.vreg<256xui32>) {
  // expected-error@+1 {{'pto.vmi.vcvt' op 'saturate' attribute is required for fp-narrow / int-narrow conversions; write 'SAT' or 'NOSAT'}}
  %r = pto.vmi.vcvt %a : !pto.vmi.vreg<256xui32> -> !pto.vmi.vreg<256xui8>
  return
}

// -----

func.func @vcvt_saturate_value(%a: !pto.vmi.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.vcvt' op saturate must be 'SAT' or 'NOSAT'}}
  %r = pto.vmi.vcvt %a {saturate = "FOO"} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf16>
  return
}

// -----

func.func @vcvt_widen_saturate(%a: !pto.vmi.vreg<64xf16>) {
  // expected-error@+1 {{'pto.vmi.vcvt' op 'saturate' attribute is only valid for fp-narrow / int-narrow conversions}}
  %r = pto.vmi.vcvt %a {saturate = "NOSAT"} : !pto.vmi.vreg<64xf16> -> !pto.vmi.vreg<64xf32>
  return
}

// -----

func.func @vcvt_fptosi_saturate(%a: !pto.vmi.vreg<64xf16>) {
  // expected-error@+1 {{'pto.vmi.vcvt' op 'saturate' attribute is not valid for this fp-to-si conversion (no overflow possible)}}
  %r = pto.vmi.vcvt %a {saturate = "SAT"} : !pto.vmi.vreg<64xf16> -> !pto.vmi.vreg<64xsi32>
  return
}

// -----

func.func @vcvt_fptoui(%a: !pto.vmi.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.vcvt' op unsupported fp-to-ui conversion element type pair}}
  %r = pto.vmi.vcvt %a {saturate = "SAT"} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xui8>
  return
}

// -----

func.func @vcvt_same_width(%a: !pto.vmi.vreg<128xf16>) {
  // expected-error@+1 {{'pto.vmi.vcvt' op same-width fp-to-fp conversion is not supported for this type pair}}
  %r = pto.vmi.vcvt %a {saturate = "SAT"} : !pto.vmi.vreg<128xf16> -> !pto.vmi.vreg<128xbf16>
  return
}

// -----

func.func @vcvt_rounding(%a: !pto.vmi.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.vcvt' op rounding must be 'R' (nearest-even), 'A' (away-from-zero), 'H' (half-up), or 'Z' (toward-zero)}}
  %r = pto.vmi.vcvt %a {rounding = "F", saturate = "SAT"} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf16>
  return
}

// -----

func.func @fptosi_saturate(%a: !pto.vmi.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.fptosi' op saturate attr must be 'SAT' or 'NOSAT'}}
  %r = pto.vmi.fptosi %a {saturate = "FOO"} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xsi32>
  return
}

// -----

func.func @truncf_saturate(%a: !pto.vmi.vreg<64xf32>) {
  // expected-error@+1 {{'pto.vmi.truncf' op saturate attr must be 'SAT' or 'NOSAT'}}
  %r = pto.vmi.truncf %a {saturate = "FOO"} : !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf16>
  return
}

// -----

func.func @trunci_saturate(%a: !pto.vmi.vreg<64xi32>) {
  // expected-error@+1 {{'pto.vmi.trunci' op saturate attr must be 'SAT' or 'NOSAT'}}
  %r = pto.vmi.trunci %a {saturate = "FOO"} : !pto.vmi.vreg<64xi32> -> !pto.vmi.vreg<64xi16>
  return
}
