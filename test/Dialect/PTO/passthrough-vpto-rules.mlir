// PTOAS 0.60's verifier rules for the vpto / ub vector ops, the cube bridges
// and the SIMT ops ptonz keeps verbatim (unregistered `pto.*` ops, which MLIR
// does not verify): ptonz checks them when it parses, as ptoas does
// (PTOVptoRules.cpp); and the register types `!pto.vreg<NxT>`,
// `!pto.mask<bN>`, `!pto.align` (PTOVptoTypes.td), which print as PTOAS
// prints them.
// RUN: ptonz-opt %s --ptoas-version=0.60 --pto-arch=a5 --pto-backend=vpto --split-input-file --verify-diagnostics --no-mlir-print-debuginfo | FileCheck %s
// Only the VPTO backend (also with --emit-pto-ir) launches each
// pto.section.simt with dimX * dimY * dimZ <= 2048 threads: 64 x 64 x 1
// passes where ptoas stops before EmitC (--emit-pto-ir).
// RUN: ptonz-opt %S/Inputs/section-simt-threads.mlir --ptoas-version=0.60 --pto-arch=a5 --pto-backend=emitc --ptoas-emit-pto-ir --no-mlir-print-debuginfo | FileCheck %s --check-prefix=PTOIR

// CHECK-LABEL: func.func @vector_ops_accepted
// CHECK: %[[V:.*]]:2 = pto.vlds %{{.*}}[%{{.*}}] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>, !pto.ptr<f32, ub>
// CHECK: pto.vadd %[[V]]#0, %[[V]]#0, %{{.*}} : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK: pto.vexp
// CHECK: pto.vrelu %{{.*}} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK: pto.vmuls %{{.*}}, %{{.*}}, %{{.*}} : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<64xf32>
// CHECK: pto.vsel
// CHECK: pto.vcvt %{{.*}}, %{{.*}} {part = "EVEN", rnd = "R", sat = "SAT"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
// CHECK: pto.vmulscvt %{{.*}}, %{{.*}}, %{{.*}}, "A", "ODD" : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<128xf16>
// CHECK: pto.vshr %{{.*}} : !pto.vreg<64xui32>, !pto.vreg<64xsi32>, !pto.mask<b32> -> !pto.vreg<64xui32>
// CHECK: %{{.*}} = pto.vsts %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32> -> !pto.ptr<f32, ub>
// CHECK: pto.vgather2 %{{.*}} : !pto.ptr<f16, ub>, !pto.vreg<128xui16>, !pto.mask<b16> -> !pto.vreg<128xf16>
// CHECK: %{{.*}}:3 = pto.vldus %{{.*}} : !pto.ptr<f32, ub>, !pto.align, index -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
func.func @vector_ops_accepted(%src: !pto.ptr<f32, ub>, %h: !pto.ptr<f16, ub>,
    %m: !pto.mask<b32>, %m16: !pto.mask<b16>, %s: f32, %u: !pto.vreg<64xui32>,
    %count: !pto.vreg<64xsi32>, %off: !pto.vreg<128xui16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  pto.vecscope {
    %v, %next = pto.vlds %src[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>, !pto.ptr<f32, ub>
    %sum = pto.vadd %v, %v, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %e = pto.vexp %sum, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %r = pto.vrelu %e, %m : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %p = pto.vmuls %r, %s, %m : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<64xf32>
    %q = pto.vsel %p, %r, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %h1 = pto.vcvt %q, %m {rnd = "R", sat = "SAT", part = "EVEN"} : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<128xf16>
    %h2 = pto.vmulscvt %q, %s, %m, "A", "ODD" : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<128xf16>
    %sh = pto.vshr %u, %count, %m : !pto.vreg<64xui32>, !pto.vreg<64xsi32>, !pto.mask<b32> -> !pto.vreg<64xui32>
    %base = pto.vsts %q, %src[%c0], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32> -> !pto.ptr<f32, ub>
    %g = pto.vgather2 %h, %off, %m16 : !pto.ptr<f16, ub>, !pto.vreg<128xui16>, !pto.mask<b16> -> !pto.vreg<128xf16>
    %a = pto.vldas %src : !pto.ptr<f32, ub> -> !pto.align
    %w, %a2, %n2 = pto.vldus %src, %a, %c64 : !pto.ptr<f32, ub>, !pto.align, index -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
  }
  return
}

// -----

// CHECK-LABEL: func.func @cube_bridges_accepted
// CHECK: pto.mte_l1_l0a %{{.*}} : !pto.ptr<f16, mat>, !pto.ptr<f16, left>, i64, i64, i64, i64
// CHECK: pto.mad %{{.*}} sat : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
// CHECK: pto.raw_fill_l1
// CHECK: pto.ub.vadd %{{.*}} : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
func.func @cube_bridges_accepted(%mat: !pto.ptr<f16, mat>, %left: !pto.ptr<f16, left>,
    %l0a: !pto.ptr<f16, l0a>, %l0b: !pto.ptr<f16, l0b>, %l0c: !pto.ptr<f32, l0c>,
    %l1: !pto.ptr<ui16, l1>, %ub: !pto.ptr<f32, ub>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c16 = arith.constant 16 : i64
  %zero = arith.constant 0 : i32
  pto.mte_l1_l0a %mat, %left, %c16, %c16, %c0, %c0 : !pto.ptr<f16, mat>, !pto.ptr<f16, left>, i64, i64, i64, i64
  pto.mad %l0a, %l0b, %l0c, %c16, %c16, %c16 sat : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
  pto.raw_fill_l1 %l1, %c0, %zero, %c1, %c1, %c0 {fill_word_bits = 16 : i64} : !pto.ptr<ui16, l1>, i64, i32, i64, i64, i64
  pto.ub.vadd %ub, %ub, %ub, %c1, %c1, %c1, %c1, %c0, %c0, %c0 : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64, i64
  return
}

// -----

// CHECK-LABEL: func.func @simt_accepted
// CHECK: pto.section.simt <<<32, 2, 1>>> {
// CHECK: pto.ldg %{{.*}}[%{{.*}}] : !pto.ptr<i32, gm> -> i32
// CHECK: pto.redux_max %{{.*}} signed : i32 -> i32
// CHECK: pto.shuffle_idx %{{.*}}, %{{.*}} {width = 16 : i32} : i32, i32 -> i32
// CHECK: pto.convert %{{.*}} round(z) sat signed : f32 -> i32
// CHECK: pto.keep %{{.*}} {slot = 6} : i64
func.func @simt_accepted(%gm: !pto.ptr<i32, gm>, %f: f32, %wide: i64) attributes {pto.kernel} {
  %c0 = arith.constant 0 : index
  pto.section.simt <<<32, 2, 1>>> {
    %v = pto.ldg %gm[%c0] : !pto.ptr<i32, gm> -> i32
    %m = pto.redux_max %v signed : i32 -> i32
    %s = pto.shuffle_idx %m, %v {width = 16 : i32} : i32, i32 -> i32
    %i = pto.convert %f round(z) sat signed : f32 -> i32
    pto.keep %wide {slot = 6 : i64} : i64
  }
  return
}

// -----

// expected-error@+1 {{'!pto.vreg<32xf32>' expected exactly 256 bytes (write the element count 64 for this element type)}}
func.func @vreg_not_256_bytes(%v: !pto.vreg<32xf32>) {
  return
}

// -----

// expected-error@+1 {{'!pto.mask<b64>' expected granularity to be one of b8, b16, b32}}
func.func @mask_granularity(%m: !pto.mask<b64>) {
  return
}

// -----

func.func @vadd_low_precision(%v: !pto.vreg<256xf8E4M3FN>, %m: !pto.mask<b8>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vadd' op lhs type must not use low-precision vector element type}}
    %s = pto.vadd %v, %v, %m : !pto.vreg<256xf8E4M3FN>, !pto.vreg<256xf8E4M3FN>, !pto.mask<b8> -> !pto.vreg<256xf8E4M3FN>
  }
  return
}

// -----

func.func @vexp_low_precision(%v: !pto.vreg<256xf8E4M3FN>, %m: !pto.mask<b8>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vexp' op operand type must not use low-precision vector element type}}
    %e = pto.vexp %v, %m : !pto.vreg<256xf8E4M3FN>, !pto.mask<b8> -> !pto.vreg<256xf8E4M3FN>
  }
  return
}

// -----

func.func @vmuls_low_precision(%v: !pto.vreg<256x!pto.hif8>, %s: !pto.hif8, %m: !pto.mask<b8>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vmuls' op input type must not use low-precision vector element type}}
    %p = pto.vmuls %v, %s, %m : !pto.vreg<256x!pto.hif8>, !pto.hif8, !pto.mask<b8> -> !pto.vreg<256x!pto.hif8>
  }
  return
}

// -----

func.func @vsel_low_precision(%v: !pto.vreg<256xf8E4M3FN>, %m: !pto.mask<b8>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vsel' op src0 type must not use low-precision vector element type}}
    %s = pto.vsel %v, %v, %m : !pto.vreg<256xf8E4M3FN>, !pto.vreg<256xf8E4M3FN>, !pto.mask<b8> -> !pto.vreg<256xf8E4M3FN>
  }
  return
}

// -----

func.func @vrelu_bf16(%v: !pto.vreg<128xbf16>, %m: !pto.mask<b16>) {
  // expected-error@+1 {{'pto.vrelu' op requires si32/i32/f16/f32 vector element type}}
  %r = pto.vrelu %v, %m : !pto.vreg<128xbf16>, !pto.mask<b16> -> !pto.vreg<128xbf16>
  return
}

// -----

func.func @vshr_signless_count(%v: !pto.vreg<64xui32>, %c: !pto.vreg<64xi32>, %m: !pto.mask<b32>) {
  // expected-error@+1 {{'pto.vshr' op requires shift count to use a signed integer element type (write the count as !pto.vreg<64xsi32>)}}
  %r = pto.vshr %v, %c, %m : !pto.vreg<64xui32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xui32>
  return
}

// -----

func.func @vcvt_packed_part(%v: !pto.vreg<256x!pto.f4E1M2x2>, %m: !pto.mask<b8>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vcvt' op part must be P0, P1, P2, or P3 for packed vcvt forms}}
    %r = pto.vcvt %v, %m {part = "EVEN"} : !pto.vreg<256x!pto.f4E1M2x2>, !pto.mask<b8> -> !pto.vreg<128xbf16>
  }
  return
}

// -----

func.func @vcvt_even_odd_part(%v: !pto.vreg<128xui16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vcvt' op part must be EVEN or ODD for 8/16 and 16/32 vcvt forms}}
    %r = pto.vcvt %v, %m {sat = "SAT", part = "P0"} : !pto.vreg<128xui16>, !pto.mask<b16> -> !pto.vreg<256xui8>
  }
  return
}

// -----

func.func @vmulscvt_part(%v: !pto.vreg<64xf32>, %s: f32, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vmulscvt' op part must be EVEN or ODD}}
    %r = pto.vmulscvt %v, %s, %m, "A", "P0" : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  return
}

// -----

func.func @vmulscvt_rnd(%v: !pto.vreg<64xf32>, %s: f32, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vmulscvt' op currently only supports rnd A}}
    %r = pto.vmulscvt %v, %s, %m, "R", "EVEN" : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  return
}

// -----

func.func @vgather2_b8_result(%src: !pto.ptr<ui8, ub>, %off: !pto.vreg<128xui16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vgather2' op 8-bit gather requires i8/ui8 source and matching i16/ui16 result}}
    %r = pto.vgather2 %src, %off, %m : !pto.ptr<ui8, ub>, !pto.vreg<128xui16>, !pto.mask<b16> -> !pto.vreg<128xi16>
  }
  return
}

// -----

func.func @vgather2_mask(%src: !pto.ptr<f16, ub>, %off: !pto.vreg<128xui16>, %m: !pto.mask<b32>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vgather2' op mask type must be !pto.mask<b16>}}
    %r = pto.vgather2 %src, %off, %m : !pto.ptr<f16, ub>, !pto.vreg<128xui16>, !pto.mask<b32> -> !pto.vreg<128xf16>
  }
  return
}

// -----

func.func @vgather2_offset(%src: !pto.ptr<f16, ub>, %off: !pto.vreg<128xsi16>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vgather2' op requires ui16/i16 offset vector elements}}
    %r = pto.vgather2 %src, %off, %m : !pto.ptr<f16, ub>, !pto.vreg<128xsi16>, !pto.mask<b16> -> !pto.vreg<128xf16>
  }
  return
}

// -----

func.func @vscatter_offset(%v: !pto.vreg<256xui8>, %dst: !pto.ptr<ui8, ub>, %off: !pto.vreg<64xui32>, %m: !pto.mask<b16>) {
  pto.vecscope {
    // expected-error@+1 {{'pto.vscatter' op requires 16-bit offset vector elements for 8-bit values}}
    pto.vscatter %v, %dst, %off, %m : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.vreg<64xui32>, !pto.mask<b16>
  }
  return
}

// -----

func.func @vlds_post_update(%src: !pto.ptr<f32, ub>) {
  %c0 = arith.constant 0 : index
  pto.vecscope {
    // expected-error@+1 {{'pto.vlds' op requires updated base result to match base type (write '!pto.ptr<f32, ub>', not '!pto.ptr<i32, ub>')}}
    %v, %next = pto.vlds %src[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>, !pto.ptr<i32, ub>
  }
  return
}

// -----

func.func @vldus_post_update(%src: !pto.ptr<f32, ub>) {
  %c64 = arith.constant 64 : index
  pto.vecscope {
    %a = pto.vldas %src : !pto.ptr<f32, ub> -> !pto.align
    // expected-error@+1 {{'pto.vldus' op requires updated base result to match source type}}
    %v, %a2, %next = pto.vldus %src, %a, %c64 : !pto.ptr<f32, ub>, !pto.align, index -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<i32, ub>
  }
  return
}

// -----

func.func @vsts_post_update(%v: !pto.vreg<64xf32>, %dst: !pto.ptr<f32, ub>, %m: !pto.mask<b32>) {
  %c0 = arith.constant 0 : index
  pto.vecscope {
    // expected-error@+1 {{'pto.vsts' op requires updated base result to match base type}}
    %next = pto.vsts %v, %dst[%c0], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32> -> !pto.ptr<i32, ub>
  }
  return
}

// -----

func.func @vsts_packed_dist_mask(%v: !pto.vreg<256xui8>, %dst: !pto.ptr<ui8, ub>, %m: !pto.mask<b8>) {
  %c0 = arith.constant 0 : index
  pto.vecscope {
    // expected-error@+1 {{'pto.vsts' op mask type must be !pto.mask<b32>}}
    pto.vsts %v, %dst[%c0], %m {dist = "PK4_B32"} : !pto.vreg<256xui8>, !pto.ptr<ui8, ub>, !pto.mask<b8>
  }
  return
}

// -----

func.func @vsstb_post_update(%v: !pto.vreg<64xf32>, %dst: !pto.ptr<f32, ub>, %m: !pto.mask<b32>) {
  %c2 = arith.constant 2 : i16
  pto.vecscope {
    // expected-error@+1 {{'pto.vsstb' op requires updated base result to match base type}}
    %next = pto.vsstb %v, %dst, %c2, %c2, %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, i16, i16, !pto.mask<b32> -> !pto.ptr<i32, ub>
  }
  return
}

// -----

func.func @ub_op_on_gm(%p: !pto.ptr<f32, gm>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  // expected-error@+1 {{'pto.ub.vmax' op requires UB-backed operands (operand 0 is '!pto.ptr<f32, gm>'}}
  pto.ub.vmax %p, %p, %p, %c1, %c1, %c1, %c1, %c0, %c0, %c0 : !pto.ptr<f32, gm>, !pto.ptr<f32, gm>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64, i64
  return
}

// -----

func.func @mte_l1_l0a_gm_source(%src: !pto.ptr<f16, gm>, %dst: !pto.ptr<f16, left>) {
  %c16 = arith.constant 16 : i64
  %c0 = arith.constant 0 : i64
  // expected-error@+1 {{'pto.mte_l1_l0a' op requires MAT source}}
  pto.mte_l1_l0a %src, %dst, %c16, %c16, %c0, %c0 : !pto.ptr<f16, gm>, !pto.ptr<f16, left>, i64, i64, i64, i64
  return
}

// -----

func.func @mte_l1_l0a_negative_start(%src: memref<?xf16, #pto.address_space<mat>>, %dst: memref<?xf16, #pto.address_space<left>>) {
  %c16 = arith.constant 16 : i64
  %cm1 = arith.constant -1 : i64
  %c0 = arith.constant 0 : i64
  // expected-error@+1 {{'pto.mte_l1_l0a' op start_row must be non-negative}}
  pto.mte_l1_l0a %src, %dst, %c16, %c16, %cm1, %c0 : memref<?xf16, #pto.address_space<mat>>, memref<?xf16, #pto.address_space<left>>, i64, i64, i64, i64
  return
}

// -----

func.func @load_cbuf_to_ca_ub_source(%src: !pto.ptr<f16, ub>, %dst: !pto.ptr<f16, l0a>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  // expected-error@+1 {{'pto.load_cbuf_to_ca' op requires MAT source (an L1 buffer: !pto.ptr<T, mat>; got '!pto.ptr<f16, ub>')}}
  pto.load_cbuf_to_ca %src, %dst, %c0, %c0, %c1, %c1, %c1, %c1 : !pto.ptr<f16, ub>, !pto.ptr<f16, l0a>, i64, i64, i64, i64, i64, i64
  return
}

// -----

func.func @load_cbuf_to_ca_s4_gm_source(%src: !pto.ptr<!pto.f4E2M1x2, gm>, %dst: !pto.ptr<!pto.f4E2M1x2, l0a>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  // expected-error@+1 {{'pto.load_cbuf_to_ca_s4' op requires MAT source}}
  pto.load_cbuf_to_ca_s4 %src, %dst, %c0, %c0, %c1, %c1, %c1, %c1, %c0 : !pto.ptr<!pto.f4E2M1x2, gm>, !pto.ptr<!pto.f4E2M1x2, l0a>, i64, i64, i64, i64, i64, i64, i64
  return
}

// -----

func.func @mad_integer_sat(%l: !pto.ptr<i8, l0a>, %r: !pto.ptr<i8, l0b>, %d: !pto.ptr<i32, l0c>) {
  %c16 = arith.constant 16 : i64
  // expected-error@+1 {{'pto.mad' op requires sat/nosat only for floating lhs/rhs/dst element types}}
  pto.mad %l, %r, %d, %c16, %c16, %c16 sat : !pto.ptr<i8, l0a>, !pto.ptr<i8, l0b>, !pto.ptr<i32, l0c>, i64, i64, i64
  return
}

// -----

func.func @mad_hif8_mix(%l: !pto.ptr<!pto.hif8, l0a>, %r: !pto.ptr<f8E4M3FN, l0b>, %d: !pto.ptr<f32, l0c>) {
  %c16 = arith.constant 16 : i64
  // expected-error@+1 {{'pto.mad' op requires lhs/rhs to both use hif8 or both use non-hif8 element types}}
  pto.mad %l, %r, %d, %c16, %c16, %c16 : !pto.ptr<!pto.hif8, l0a>, !pto.ptr<f8E4M3FN, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
  return
}

// -----

func.func @mad_tf32_f16(%l: !pto.ptr<f16, l0a>, %r: !pto.ptr<f16, l0b>, %d: !pto.ptr<f32, l0c>) {
  %c16 = arith.constant 16 : i64
  // expected-error@+1 {{'pto.mad' op requires tf32_mode only for f32 lhs/rhs/dst element types}}
  pto.mad %l, %r, %d, %c16, %c16, %c16 tf32_mode(round_even) : !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
  return
}

// -----

func.func @raw_fill_l1_ub(%dst: !pto.ptr<ui16, ub>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %zero = arith.constant 0 : i32
  // expected-error@+1 {{'pto.raw_fill_l1' op requires dst in the mat/l1 address space, got vec/ub}}
  pto.raw_fill_l1 %dst, %c0, %zero, %c1, %c1, %c0 {fill_word_bits = 16 : i64} : !pto.ptr<ui16, ub>, i64, i32, i64, i64, i64
  return
}

// -----

func.func @ldg_outside_simt(%gm: !pto.ptr<i32, gm>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.ldg' op must be inside a pto.simt_entry function or pto.section.simt}}
  %v = pto.ldg %gm[%c0] : !pto.ptr<i32, gm> -> i32
  return
}

// -----

func.func @stg_ub_pointer(%ub: !pto.ptr<i32, ub>, %v: i32) attributes {pto.simt_entry} {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.stg' op requires GM pointer (write !pto.ptr<i32, gm>)}}
  pto.stg %v, %ub[%c0] l1cache(cache) l2cache(nmfv) : !pto.ptr<i32, ub>, i32
  return
}

// -----

func.func @ldg_wide_vector(%gm: !pto.ptr<vector<2xi64>, gm>) attributes {pto.simt_entry} {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.ldg' op currently supports 8/16/32/64-bit integer}}
  %v = pto.ldg %gm[%c0] : !pto.ptr<vector<2xi64>, gm> -> vector<2xi64>
  return
}

// -----

func.func @ld_dev_in_simt(%gm: !pto.ptr<i32, gm>) attributes {pto.simt_entry} {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.ld_dev' op must be outside pto.simt_entry functions and pto.section.simt (use pto.ldg there)}}
  %v = pto.ld_dev %gm[%c0] : !pto.ptr<i32, gm> -> i32
  return
}

// -----

func.func @atomic_i64_ub(%ub: !pto.ptr<i64, ub>, %v: i64) attributes {pto.simt_entry} {
  // expected-error@+1 {{'pto.atomic_add' op does not support i64 UB-space atomics}}
  %old = pto.atomic_add %ub, %v l2cache(nmfv) signed : !pto.ptr<i64, ub>, i64 -> i64
  return
}

// -----

func.func @atomic_packed_result_used(%gm: !pto.ptr<vector<2xbf16>, gm>, %v: vector<2xbf16>) -> vector<2xbf16> attributes {pto.simt_entry} {
  // expected-error@+1 {{'pto.atomic_add' op does not support using the old value result for packed atomics on beta.1; leave the result unused}}
  %old = pto.atomic_add %gm, %v : !pto.ptr<vector<2xbf16>, gm>, vector<2xbf16> -> vector<2xbf16>
  return %old : vector<2xbf16>
}

// -----

func.func @convert_nosat(%f: f32) attributes {pto.simt_entry} {
  // expected-error@+1 {{'pto.convert' op fp32-to-integer conversion requires saturation enable (write sat, not nosat)}}
  %i = pto.convert %f round(z) nosat signed : f32 -> i32
  return
}

// -----

func.func @keep_odd_slot(%wide: i64) attributes {pto.simt_entry} {
  // expected-error@+1 {{'pto.keep' op requires an even slot for 64-bit keep/resume values (slot 7 is odd)}}
  pto.keep %wide {slot = 7 : i64} : i64
  return
}

// -----

func.func @redux_max_signedness(%v: i32) attributes {pto.simt_entry} {
  // expected-error@+1 {{'pto.redux_max' op requires explicit signedness for integer redux}}
  %m = pto.redux_max %v : i32 -> i32
  return
}

// -----

func.func @shuffle_width(%v: i32, %i: i32) attributes {pto.simt_entry} {
  // expected-error@+1 {{'pto.shuffle_idx' op requires width to be 16 or 32 (got 24)}}
  %s = pto.shuffle_idx %v, %i {width = 24 : i32} : i32, i32 -> i32
  return
}

// -----

func.func @section_simt_negative_dim() attributes {pto.kernel} {
  // expected-error@+1 {{'pto.section.simt' op requires non-negative i32 launch dimensions}}
  pto.section.simt <<<32, -1, 1>>> {
  }
  return
}

// -----

func.func @section_simt_nested() attributes {pto.kernel} {
  pto.section.simt <<<32, 2, 1>>> {
    // expected-error@+1 {{'pto.section.simt' op nested pto.section.simt is not allowed}}
    pto.section.simt <<<32, 2, 1>>> {
    }
  }
  return
}

// -----

func.func @section_simt_in_simt_entry() attributes {pto.simt_entry} {
  // expected-error@+1 {{'pto.section.simt' op must not appear inside a function marked with 'pto.simt_entry'}}
  pto.section.simt <<<32, 2, 1>>> {
  }
  return
}

// -----

func.func @mte_l1_l0a_five_positional(%src: !pto.ptr<f16, l1>, %dst: !pto.ptr<f16, l0a>) {
  %c0 = arith.constant 0 : i64
  // expected-error@+1 {{'pto.mte_l1_l0a' op expects either four shape-derived or six full positional operands after the source and destination, got 5}}
  pto.mte_l1_l0a %src, %dst, %c0, %c0, %c0, %c0, %c0
    : !pto.ptr<f16, l1>, !pto.ptr<f16, l0a>, i64, i64, i64, i64, i64
  return
}

// -----

func.func @mte_l1_l0a_mx_five_positional(%src: !pto.ptr<!pto.f8E8M0, l1>, %dst: !pto.ptr<f8E4M3FN, l0a>) {
  %c0 = arith.constant 0 : i64
  // expected-error@+1 {{'pto.mte_l1_l0a_mx' op expects either four shape-derived or six full positional MX operands}}
  pto.mte_l1_l0a_mx %src, %dst, %c0, %c0, %c0, %c0, %c0
    : !pto.ptr<!pto.f8E8M0, l1>, !pto.ptr<f8E4M3FN, l0a>, i64, i64, i64, i64, i64
  return
}

// -----

func.func @mad_mx_tf32(%l: !pto.ptr<f8E4M3FN, l0a>, %r: !pto.ptr<f8E4M3FN, l0b>, %d: !pto.ptr<f32, l0c>) {
  %c16 = arith.constant 16 : i64
  // expected-error@+1 {{'pto.mad_mx' op takes no tf32_mode clause}}
  pto.mad_mx %l, %r, %d, %c16, %c16, %c16 tf32_mode(round_even)
    : !pto.ptr<f8E4M3FN, l0a>, !pto.ptr<f8E4M3FN, l0b>, !pto.ptr<f32, l0c>, i64, i64, i64
  return
}

// -----

// The VPTO backend launches a section with dimX * dimY * dimZ threads.
// PTOIR-LABEL: func.func @section_simt_too_many_threads
// PTOIR-NEXT: pto.section.simt <<<64, 64, 1>>>
func.func @section_simt_too_many_threads() attributes {pto.kernel} {
  // expected-error@+1 {{'pto.section.simt' op SIMT launch dimensions must have a positive product no greater than 2048, got (64, 64, 1)}}
  pto.section.simt <<<64, 64, 1>>> {
  }
  return
}

// -----

func.func @ub_shift_on_gm(%dst: !pto.ptr<i16, ub>, %src: !pto.ptr<i16, gm>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  // expected-error@+1 {{'pto.ub.vshl' op requires UB-backed operands (operand 1 is '!pto.ptr<i16, gm>'}}
  pto.ub.vshl %dst, %src, %c1, %c1, %c1, %c1, %c1, %c0 : !pto.ptr<i16, ub>, !pto.ptr<i16, gm>, i64, i64, i64, i64, i64, i64
  return
}

// -----

func.func @ub_vdup_on_gm(%dst: !pto.ptr<f32, gm>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  // expected-error@+1 {{'pto.ub.vdup' op requires UB-backed dst operand}}
  pto.ub.vdup %dst, %c1, %c1, %c1, %c1, %c1, %c0 : !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64
  return
}
