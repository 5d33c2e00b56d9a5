// PTOAS 0.60's rules for the VMI types (PTOVmiTypes.td): each is a located
// error at the type, in PTOAS's words (vmi-types.mlir: the accepted forms).
// RUN: ptonz-opt %s --pto-backend=vpto --split-input-file --verify-diagnostics --no-mlir-print-debuginfo

// expected-error@+1 {{'!pto.vmi.vreg<0xf32>' expected a positive element count}}
func.func @zero_lanes(%a: !pto.vmi.vreg<0xf32>) {
  return
}

// -----

// expected-error@+1 {{'!pto.vmi.vreg<64xi64>' expected an 8-bit, 16-bit, or 32-bit logical element type}}
func.func @wide_lanes(%a: !pto.vmi.vreg<64xi64>) {
  return
}

// -----

// expected-error@+1 {{'!pto.vmi.vreg<32xf64, #pto.vmi.layout<contiguous>>' expected an 8-bit, 16-bit, or 32-bit logical element type}}
func.func @f64_lanes(%a: !pto.vmi.vreg<32xf64, #pto.vmi.layout<contiguous>>) {
  return
}

// -----

// expected-error@+1 {{'!pto.vmi.vreg<64xindex>' expected an 8-bit, 16-bit, or 32-bit logical element type}}
func.func @index_lanes(%a: !pto.vmi.vreg<64xindex>) {
  return
}

// -----

// expected-error@+1 {{expected num_groups layout to describe exactly one logical result lane per group}}
func.func @groups_lanes(%a: !pto.vmi.vreg<16xf32, #pto.vmi.layout<num_groups = 8>>) {
  return
}

// -----

// expected-error@+1 {{'!pto.vmi.mask<128xb64, #pto.vmi.layout<contiguous>>' expected granularity to be one of pred, b8, b16, b32}}
func.func @mask_b64(%a: !pto.vmi.mask<128xb64, #pto.vmi.layout<contiguous>>) {
  return
}

// -----

// expected-error@+1 {{'!pto.vmi.mask<128xpred, #pto.vmi.layout<contiguous>>' pred mask must not carry layout}}
func.func @pred_layout(%a: !pto.vmi.mask<128xpred, #pto.vmi.layout<contiguous>>) {
  return
}

// -----

// expected-error@+1 {{'!pto.vmi.mask<0xb8>' expected a positive element count}}
func.func @mask_zero(%a: !pto.vmi.mask<0xb8>) {
  return
}

// -----

// expected-error@+1 {{#pto.vmi.layout<num_groups = 10, slots = -1> requires slots to be omitted or positive}}
func.func @slots(%a: !pto.vmi.vreg<10xf32, #pto.vmi.layout<num_groups = 10, slots = -1>>) {
  return
}

// -----

// expected-error@+1 {{#pto.vmi.layout<deinterleaved = 3> expected factor to be 2 or 4}}
func.func @factor(%a: !pto.vmi.vreg<96xf32, #pto.vmi.layout<deinterleaved = 3>>) {
  return
}

// -----

// expected-error@+1 {{#pto.vmi.layout<contiguous> requires lane_stride to be positive}}
func.func @stride(%a: !pto.vmi.vreg<64xf32, #pto.vmi.layout<contiguous, lane_stride = 0>>) {
  return
}

// -----

// expected-error@+1 {{expected 'lane_stride = <integer>'}}
func.func @field(%a: !pto.vmi.vreg<64xf32, #pto.vmi.layout<contiguous, slots = 2>>) {
  return
}

// -----

// expected-error@+1 {{expected VMI layout kind 'contiguous' or 'deinterleaved' or 'block_deinterleaved' or 'num_groups'}}
func.func @kind(%a: !pto.vmi.vreg<64xf32, #pto.vmi.layout<strided>>) {
  return
}

// -----

// expected-error@+1 {{expected one lane count}}
func.func @rank2(%a: !pto.vmi.vreg<8x8xf32>) {
  return
}
