// PTOAS 0.60's verifier rules for the tile, comm, struct and other ops ptonz
// keeps verbatim (unregistered `pto.*` ops, which MLIR does not verify):
// ptonz checks them when it parses, as ptoas does (PTOTileRules.cpp).
// RUN: ptonz-opt %s --ptoas-version=0.60 --pto-arch=a3 --split-input-file --verify-diagnostics --no-mlir-print-debuginfo | FileCheck %s
// With PTOAS 0.27 (which has none of these ops) no rule applies.
// RUN: ptonz-opt %s --ptoas-version=0.27 --split-input-file --no-mlir-print-debuginfo | FileCheck %s --check-prefix=V027

// CHECK-LABEL: func.func @inttoptr_i64
// CHECK: pto.inttoptr %{{.*}} : i64 -> !pto.ptr<ui32>
func.func @inttoptr_i64(%addr: i64) {
  %ptr = pto.inttoptr %addr : i64 -> !pto.ptr<ui32>
  return
}

// -----

// V027-LABEL: func.func @inttoptr_i32
func.func @inttoptr_i32(%addr: i32) {
  // expected-error@+1 {{'pto.inttoptr' op address operand must be i64}}
  %ptr = pto.inttoptr %addr : i32 -> !pto.ptr<ui32>
  return
}

// ---- t20 ----

// -----

// tpow: base, exp, dst (and tmp) of one element type and valid shape.
!T = !pto.tile_buf<vec, 1x16xf32>
// CHECK-LABEL: func.func @tpow_f32_tmp
// CHECK: pto.tpow ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<vec, 1x16xf32>, !pto.tile_buf<vec, 1x16xf32>, !pto.tile_buf<vec, 1x16xf32>) outs(%{{.*}} : !pto.tile_buf<vec, 1x16xf32>)
func.func @tpow_f32_tmp(%b: !T, %e: !T, %t: !T, %d: !T) {
  pto.tpow ins(%b, %e, %t : !T, !T, !T) outs(%d : !T)
  return
}

// -----

// CHECK-LABEL: func.func @tpow_i32_no_tmp
// CHECK: pto.tpow ins(
func.func @tpow_i32_no_tmp(%b: !pto.tile_buf<vec, 1x16xi32>, %d: !pto.tile_buf<vec, 1x16xi32>) {
  pto.tpow ins(%b, %b : !pto.tile_buf<vec, 1x16xi32>, !pto.tile_buf<vec, 1x16xi32>) outs(%d : !pto.tile_buf<vec, 1x16xi32>)
  return
}

// -----

func.func @tpow_dtype_mismatch(%b: !pto.tile_buf<vec, 1x16xf32>, %e: !pto.tile_buf<vec, 1x16xi32>, %d: !pto.tile_buf<vec, 1x16xf32>) {
  // expected-error@+1 {{'pto.tpow' op expects base and exp to have the same element type}}
  pto.tpow ins(%b, %e : !pto.tile_buf<vec, 1x16xf32>, !pto.tile_buf<vec, 1x16xi32>) outs(%d : !pto.tile_buf<vec, 1x16xf32>)
  return
}

// -----

!T = !pto.tile_buf<vec, 1x16xf32>
func.func @tpow_a3_high_precision(%b: !T, %t: !T, %d: !T) {
  // expected-error@+1 {{'pto.tpow' op A2/A3 does not support precisionType=high_precision}}
  pto.tpow ins(%b, %b, %t : !T, !T, !T) outs(%d : !T) {precisionType = #pto<pow_precision high_precision>}
  return
}

// -----

!T = !pto.tile_buf<vec, 1x16xi32>
module attributes {pto.target_arch = "a5"} {
  func.func @tpow_a5_high_precision_int(%b: !T, %d: !T) {
    // expected-error@+1 {{'pto.tpow' op expects A5 tpow element type to be f16/f32/bf16 when precisionType=high_precision}}
    pto.tpow ins(%b, %b : !T, !T) outs(%d : !T) {precisionType = #pto<pow_precision high_precision>}
    return
  }
}

// -----

// CHECK-LABEL: func.func @tpow_a5_high_precision_f16
// CHECK: {precisionType = #pto<pow_precision high_precision>}
!T = !pto.tile_buf<vec, 1x16xf16>
module attributes {pto.target_arch = "a5"} {
  func.func @tpow_a5_high_precision_f16(%b: !T, %t: !T, %d: !T) {
    pto.tpow ins(%b, %b, %t : !T, !T, !T) outs(%d : !T) {precisionType = #pto<pow_precision high_precision>}
    return
  }
}

// -----

!T = !pto.tile_buf<vec, 1x16xi32>
func.func @tpow_int_with_tmp(%b: !T, %t: !T, %d: !T) {
  // expected-error@+1 {{'pto.tpow' op does not accept tmp when element type is integer (the integer pow lowering uses the 3-operand form TPOW(dst, base, exp))}}
  pto.tpow ins(%b, %b, %t : !T, !T, !T) outs(%d : !T)
  return
}

// -----

!T = !pto.tile_buf<vec, 1x16xf32>
!H = !pto.tile_buf<vec, 1x16xf32, valid=1x8>
func.func @tpow_tmp_valid_shape(%b: !T, %t: !H, %d: !T) {
  // expected-error@+1 {{'pto.tpow' op expects tmp and dst to have the same valid_shape}}
  pto.tpow ins(%b, %b, %t : !T, !T, !H) outs(%d : !T)
  return
}

// -----

!T = !pto.tile_buf<vec, 1x16xi32>
func.func @tpows_int_with_tmp(%s: !T, %c: i32, %t: !T, %d: !T) {
  // expected-error@+1 {{'pto.tpows' op does not accept tmp when element type is integer (the integer pows lowering uses the 3-operand form TPOWS(dst, src, scalar))}}
  pto.tpows ins(%s, %c, %t : !T, i32, !T) outs(%d : !T)
  return
}

// -----

// CHECK-LABEL: func.func @tpows_f32
// CHECK: pto.tpows ins(
!T = !pto.tile_buf<vec, 1x16xf32>
func.func @tpows_f32(%s: !T, %c: f32, %d: !T) {
  pto.tpows ins(%s, %c : !T, f32) outs(%d : !T)
  return
}

// -----

// CHECK-LABEL: func.func @taddrelu_a3
// CHECK: pto.taddrelu ins(
!T = !pto.tile_buf<vec, 1x64xf32>
func.func @taddrelu_a3(%a: !T, %d: !T) {
  pto.taddrelu ins(%a, %a : !T, !T) outs(%d : !T)
  return
}

// -----

!T = !pto.tile_buf<vec, 1x64xf32>
module attributes {pto.target_arch = "a5"} {
  func.func @taddrelu_a5(%a: !T, %d: !T) {
    // expected-error@+1 {{'pto.taddrelu' op taddrelu is only supported on A2/A3 targets}}
    pto.taddrelu ins(%a, %a : !T, !T) outs(%d : !T)
    return
  }
}

// -----

!S = !pto.tile_buf<vec, 16x64xf32>
!D = !pto.tile_buf<vec, 16x64xi8>
!E = !pto.tile_buf<vec, 16x2xui8>
!M = !pto.tile_buf<vec, 16x2xf32>
func.func @tquant_mx_a3(%s: !S, %d: !D, %e: !E, %m: !M, %sc: !S) {
  // expected-error@+1 {{'pto.tquant.mx' op tquant.mx is only supported on A5}}
  pto.tquant.mx ins(%s : !S) outs(%d, %e, %m, %sc : !D, !E, !M, !S) {quant_type = #pto<quant_type MXFP8>}
  return
}

// -----

// CHECK-LABEL: func.func @tquant_mx_a5
// CHECK: pto.tquant.mx ins(
!S = !pto.tile_buf<vec, 16x64xf32>
!D = !pto.tile_buf<vec, 16x64xi8>
!E = !pto.tile_buf<vec, 16x2xui8>
!M = !pto.tile_buf<vec, 16x2xf32>
module attributes {pto.target_arch = "a5"} {
  func.func @tquant_mx_a5(%s: !S, %d: !D, %e: !E, %m: !M, %sc: !S) {
    pto.tquant.mx ins(%s : !S) outs(%d, %e, %m, %sc : !D, !E, !M, !S) {quant_type = #pto<quant_type MXFP8>}
    return
  }
}

// -----

!S = !pto.tile_buf<vec, 16x64xf32, valid=16x48>
!D = !pto.tile_buf<vec, 16x64xi8, valid=16x48>
!E = !pto.tile_buf<vec, 1x32xui8, valid=1x24>
!M = !pto.tile_buf<vec, 1x32xf32, valid=1x24>
module attributes {pto.target_arch = "a5"} {
  func.func @tquant_mx_group(%s: !S, %d: !D, %e: !E, %m: !M, %sc: !S) {
    // expected-error@+1 {{'pto.tquant.mx' op expects src valid_shape[1] to be a multiple of 32 when grpAxis is axis1}}
    pto.tquant.mx ins(%s : !S) outs(%d, %e, %m, %sc : !D, !E, !M, !S) {quant_type = #pto<quant_type MXFP8>}
    return
  }
}

// -----

!S = !pto.tile_buf<vec, 48x32xf32>
!D = !pto.tile_buf<vec, 48x32xi8>
!E = !pto.tile_buf<vec, 1x32xui8>
module attributes {pto.target_arch = "a5"} {
  func.func @tquant_mx_group_axis0(%s: !S, %d: !D, %e: !E, %sc: !S) {
    // expected-error@+1 {{'pto.tquant.mx' op expects src valid_shape[0] to be a multiple of 32 when grpAxis is axis0}}
    pto.tquant.mx ins(%s : !S) outs(%d, %e, %e, %sc : !D, !E, !E, !S) {quant_type = #pto<quant_type MXFP8>, grpAxis = #pto<mx_group_axis axis0>}
    return
  }
}

// -----

// CHECK-LABEL: func.func @multi_tile_get_in_range
// CHECK: pto.multi_tile_get
!MB = !pto.multi_tile_buf<vec, 16x16xf16, count=2>
func.func @multi_tile_get_in_range(%mb: !MB) {
  %c1 = arith.constant 1 : index
  %s = pto.multi_tile_get %mb[%c1] : !MB -> !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

!MB = !pto.multi_tile_buf<vec, 16x16xf16, count=2>
func.func @multi_tile_get_out_of_range(%mb: !MB) {
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'pto.multi_tile_get' op constant slot 2 is out of range for multi_tile_buf count=2}}
  %s = pto.multi_tile_get %mb[%c2] : !MB -> !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

// The result type may give any static valid extent up to the size when the
// valid operands are left out (0 is PTOAS's empty no-op marker).
// CHECK-LABEL: func.func @subview_inferred
// CHECK: pto.subview %{{.*}}[%{{.*}}, %{{.*}}] sizes [5, 128] : !pto.tile_buf<vec, 16x128xf32> -> !pto.tile_buf<vec, 5x128xf32, valid=0x128>
!S = !pto.tile_buf<vec, 16x128xf32>
func.func @subview_inferred(%src: !S) {
  %c0 = arith.constant 0 : index
  %t = pto.subview %src[%c0, %c0] sizes [5, 128] : !S -> !pto.tile_buf<vec, 5x128xf32, valid=0x128>
  return
}

// -----

// CHECK-LABEL: func.func @subview_explicit
// CHECK: pto.subview %{{.*}}[%{{.*}}, %{{.*}}] sizes [5, 128] valid [%{{.*}}, %{{.*}}]
!S = !pto.tile_buf<vec, 16x128xf32>
func.func @subview_explicit(%src: !S, %n: index) {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %t = pto.subview %src[%c0, %c0] sizes [5, 128] valid [%c9, %n] : !S -> !pto.tile_buf<vec, 5x128xf32, valid=5x?>
  return
}

// -----

!S = !pto.tile_buf<vec, 16x128xf32>
func.func @subview_dynamic_needs_operand(%src: !S) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.subview' op expects result valid_shape[0] to match inferred/explicit valid_row}}
  %t = pto.subview %src[%c0, %c0] sizes [5, 128] : !S -> !pto.tile_buf<vec, 5x128xf32, valid=?x128>
  return
}

// -----

!S = !pto.tile_buf<vec, 16x128xf32>
func.func @subview_explicit_conflict(%src: !S) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c128 = arith.constant 128 : index
  // expected-error@+1 {{'pto.subview' op expects result valid_shape[0] to match inferred/explicit valid_row}}
  %t = pto.subview %src[%c0, %c0] sizes [5, 128] valid [%c5, %c128] : !S -> !pto.tile_buf<vec, 5x128xf32, valid=0x128>
  return
}

// -----

!S = !pto.tile_buf<vec, 16x128xf32>
func.func @subview_element_type(%src: !S) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.subview' op expects result element type to match source}}
  %t = pto.subview %src[%c0, %c0] sizes [5, 128] : !S -> !pto.tile_buf<vec, 5x128xf16>
  return
}

// -----

// scf.for: a constant step is positive (ptoas's input check).
func.func @scf_for_zero_step() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  // expected-error@+1 {{'scf.for' op constant step operand must be positive, got 0}}
  scf.for %i = %c0 to %c8 step %c0 {
  }
  return
}

// -----

// CHECK-LABEL: func.func @scf_for_dynamic_step
// CHECK: scf.for
func.func @scf_for_dynamic_step(%s: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %s {
  }
  return
}

// -----

// ---- f20 ----
// The comm, prefetch, cache, syncall, struct, fusion_region and inttoptr-use
// rules.

// CHECK-LABEL: func.func @inttoptr_scalar_uses
// CHECK: pto.load_scalar
// CHECK: pto.store_scalar
func.func @inttoptr_scalar_uses(%addr: i64, %v: f32) {
  %c0 = arith.constant 0 : index
  %ptr = pto.inttoptr %addr : i64 -> !pto.ptr<f32>
  %x = pto.load_scalar %ptr[%c0] : !pto.ptr<f32> -> f32
  pto.store_scalar %v, %ptr[%c0] : !pto.ptr<f32>, f32
  return
}

// -----

// V027-LABEL: func.func @inttoptr_addptr
func.func @inttoptr_addptr(%addr: i64, %i: index) -> ui32 {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.inttoptr' op result may only be used as the pointer operand of pto.load_scalar or pto.store_scalar; found use by 'pto.addptr'}}
  %ptr = pto.inttoptr %addr : i64 -> !pto.ptr<ui32>
  // expected-note@+1 {{disallowed pto.inttoptr use here}}
  %off = pto.addptr %ptr, %i : !pto.ptr<ui32> -> !pto.ptr<ui32>
  %v = pto.load_scalar %off[%c0] : !pto.ptr<ui32> -> ui32
  return %v : ui32
}

// -----

// A dead use is gone before ptoas checks the uses.
// CHECK-LABEL: func.func @inttoptr_dead_addptr
func.func @inttoptr_dead_addptr(%addr: i64, %i: index) {
  %ptr = pto.inttoptr %addr : i64 -> !pto.ptr<ui32>
  %off = pto.addptr %ptr, %i : !pto.ptr<ui32> -> !pto.ptr<ui32>
  return
}

// -----

func.func @inttoptr_index_element(%addr: i64) {
  // expected-error@+1 {{'pto.inttoptr' op result element type is not supported by EmitC: 'index'}}
  %ptr = pto.inttoptr %addr : i64 -> !pto.ptr<index>
  return
}

// -----

// CHECK-LABEL: func.func @comm_p2p
// CHECK: pto.comm.tput(%{{.*}}, %{{.*}}, buf(%{{.*}}, %{{.*}}) :
// CHECK: pto.comm.tget(
func.func @comm_p2p(%dst: !pto.partition_tensor_view<?x4096xi8>, %src: !pto.partition_tensor_view<?x4096xi8>,
                    %ping: !pto.tile_buf<vec, 1x4096xi8>, %pong: !pto.tile_buf<vec, 1x4096xi8>) {
  pto.comm.tput(%dst, %src, buf(%ping, %pong) : !pto.partition_tensor_view<?x4096xi8>, !pto.partition_tensor_view<?x4096xi8>, !pto.tile_buf<vec, 1x4096xi8>, !pto.tile_buf<vec, 1x4096xi8>) {atomicType = #pto<atomic_type atomic_add>}
  pto.comm.tget(%dst, %src, buf(%ping) : !pto.partition_tensor_view<?x4096xi8>, !pto.partition_tensor_view<?x4096xi8>, !pto.tile_buf<vec, 1x4096xi8>)
  return
}

// -----

func.func @comm_p2p_signature(%dst: !pto.partition_tensor_view<?x4096xi8>, %src: !pto.partition_tensor_view<?x2048xi8>,
                              %ping: !pto.tile_buf<vec, 1x4096xi8>) {
  // expected-error@+1 {{'pto.comm.tput' op expects src and dst to have the same static/dynamic shape signature}}
  pto.comm.tput(%dst, %src, buf(%ping) : !pto.partition_tensor_view<?x4096xi8>, !pto.partition_tensor_view<?x2048xi8>, !pto.tile_buf<vec, 1x4096xi8>)
  return
}

// -----

func.func @comm_p2p_dynamic_tensor_view(%dst: !pto.tensor_view<?x4096xi8>, %src: !pto.tensor_view<?x4096xi8>,
                                        %ping: !pto.tile_buf<vec, 1x4096xi8>) {
  // expected-error@+1 {{'pto.comm.tget' op allows dynamic dimensions on dst only for partition_tensor_view}}
  pto.comm.tget(%dst, %src, buf(%ping) : !pto.tensor_view<?x4096xi8>, !pto.tensor_view<?x4096xi8>, !pto.tile_buf<vec, 1x4096xi8>)
  return
}

// -----

func.func @comm_p2p_zero_dim(%dst: !pto.partition_tensor_view<0x4096xi8>, %src: !pto.partition_tensor_view<0x4096xi8>,
                             %ping: !pto.tile_buf<vec, 1x4096xi8>) {
  // expected-error@+1 {{'pto.comm.tput' op expects every static dimension of dst to be positive}}
  pto.comm.tput(%dst, %src, buf(%ping) : !pto.partition_tensor_view<0x4096xi8>, !pto.partition_tensor_view<0x4096xi8>, !pto.tile_buf<vec, 1x4096xi8>)
  return
}

// -----

func.func @comm_p2p_staging_space(%dst: !pto.partition_tensor_view<1x4096xi8>, %src: !pto.partition_tensor_view<1x4096xi8>,
                                  %ping: !pto.tile_buf<mat, 1x4096xi8>) {
  // expected-error@+1 {{'pto.comm.tput' op expects ping to be in vec address space}}
  pto.comm.tput(%dst, %src, buf(%ping) : !pto.partition_tensor_view<1x4096xi8>, !pto.partition_tensor_view<1x4096xi8>, !pto.tile_buf<mat, 1x4096xi8>)
  return
}

// -----

// CHECK-LABEL: func.func @comm_async
// CHECK: pto.comm.tput_async(
func.func @comm_async(%dst: !pto.partition_tensor_view<1x128xf32>, %src: !pto.partition_tensor_view<1x128xf32>,
                      %session: !pto.async_session) {
  %e = pto.comm.tput_async(%dst, %src, %session : !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<1x128xf32>, !pto.async_session) -> !pto.async_event
  return
}

// -----

func.func @comm_async_2d(%dst: !pto.partition_tensor_view<4x32xf32>, %src: !pto.partition_tensor_view<4x32xf32>,
                         %session: !pto.async_session) {
  // expected-error@+1 {{'pto.comm.tput_async' op expects dst to be a static flat contiguous logical 1D GM view}}
  %e = pto.comm.tput_async(%dst, %src, %session : !pto.partition_tensor_view<4x32xf32>, !pto.partition_tensor_view<4x32xf32>, !pto.async_session) -> !pto.async_event
  return
}

// -----

func.func @comm_async_dynamic(%dst: !pto.partition_tensor_view<?xf32>, %src: !pto.partition_tensor_view<?xf32>,
                              %session: !pto.async_session) {
  // expected-error@+1 {{'pto.comm.tget_async' op expects dst to have a static shape}}
  %e = pto.comm.tget_async(%dst, %src, %session : !pto.partition_tensor_view<?xf32>, !pto.partition_tensor_view<?xf32>, !pto.async_session) -> !pto.async_event
  return
}

// -----

// CHECK-LABEL: func.func @comm_collectives
// CHECK: pto.comm.tbroadcast(
// CHECK: pto.comm.tnotify(
func.func @comm_collectives(%src: !pto.partition_tensor_view<1x128xf32>, %peer: !pto.partition_tensor_view<1x128xf32>,
                            %stage: !pto.tile_buf<vec, 1x128xf32>, %sig: !pto.partition_tensor_view<1xi32>, %v: i32) {
  pto.comm.tbroadcast(%src, recv(%stage), group(%src, %peer) : !pto.partition_tensor_view<1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<1x128xf32>, !pto.partition_tensor_view<1x128xf32>) {root = 1 : i32}
  pto.comm.tnotify(%sig, %v : !pto.partition_tensor_view<1xi32>, i32) {notifyOp = #pto<notify_op set>}
  return
}

// -----

func.func @comm_broadcast_dynamic(%src: !pto.partition_tensor_view<?x128xf32>, %peer: !pto.partition_tensor_view<?x128xf32>,
                                  %stage: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error@+1 {{'pto.comm.tbroadcast' op does not support dynamic dimensions on src}}
  pto.comm.tbroadcast(%src, recv(%stage), group(%peer) : !pto.partition_tensor_view<?x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<?x128xf32>) {root = 0 : i32}
  return
}

// -----

func.func @comm_broadcast_root(%src: !pto.partition_tensor_view<1x128xf32>, %stage: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error@+1 {{'pto.comm.tbroadcast' op expects root to index into group operands}}
  pto.comm.tbroadcast(%src, recv(%stage), group(%src) : !pto.partition_tensor_view<1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.partition_tensor_view<1x128xf32>) {root = 1 : i32}
  return
}

// -----

func.func @comm_notify_dynamic(%sig: !pto.partition_tensor_view<?xi32>, %v: i32) {
  // expected-error@+1 {{'pto.comm.tnotify' op does not support dynamic dimensions on signal}}
  pto.comm.tnotify(%sig, %v : !pto.partition_tensor_view<?xi32>, i32) {notifyOp = #pto<notify_op set>}
  return
}

// -----

func.func @comm_wait_signal_type(%sig: !pto.partition_tensor_view<1xf32>, %v: i32) {
  // expected-error@+1 {{'pto.comm.twait' op expects signal element type to be i32}}
  pto.comm.twait(%sig, %v : !pto.partition_tensor_view<1xf32>, i32) {cmp = #pto<wait_cmp eq>}
  return
}

// -----

// CHECK-LABEL: func.func @prefetch_cache
// CHECK: pto.tprefetch_async(
// CHECK: pto.cmo.cacheinvalid all #pto.address_space<gm>
// CHECK: pto.cmo.cacheinvalid %{{.*}} single_cache_line : !pto.ptr<i32>
func.func @prefetch_cache(%src: !pto.partition_tensor_view<128xf32>, %ctx: !pto.prefetch_async_context, %p: !pto.ptr<i32>) {
  %e = pto.tprefetch_async(%src, %ctx : !pto.partition_tensor_view<128xf32>, !pto.prefetch_async_context) -> !pto.async_event
  pto.cmo.cacheinvalid all #pto.address_space<gm>
  pto.cmo.cacheinvalid %p single_cache_line : !pto.ptr<i32>
  return
}

// -----

func.func @prefetch_2d(%src: !pto.partition_tensor_view<4x32xf32>, %ctx: !pto.prefetch_async_context) {
  // expected-error@+1 {{'pto.tprefetch_async' op expects src to be a static flat contiguous logical 1D GM view}}
  %e = pto.tprefetch_async(%src, %ctx : !pto.partition_tensor_view<4x32xf32>, !pto.prefetch_async_context) -> !pto.async_event
  return
}

// -----

func.func @cache_line_in_vec(%p: !pto.ptr<i32, vec>) {
  // expected-error@+1 {{'pto.cmo.cacheinvalid' op single_cache_line address expects a GM pointer or GM tensor view}}
  pto.cmo.cacheinvalid %p single_cache_line : !pto.ptr<i32, vec>
  return
}

// -----

func.func @cache_all_vec() {
  // expected-error@+1 {{'pto.cmo.cacheinvalid' op only supports GM cache maintenance}}
  pto.cmo.cacheinvalid all #pto.address_space<vec>
  return
}

// -----

// CHECK-LABEL: func.func @syncall
// CHECK: pto.syncall(%{{.*}} : !pto.ptr<i32, gm>) mode = #pto.sync_all_mode<soft>
func.func @syncall(%gm: !pto.ptr<i32, gm>) {
  pto.syncall(%gm : !pto.ptr<i32, gm>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
  return
}

// -----

func.func @syncall_soft_without_workspace() {
  // expected-error@+1 {{'pto.syncall' op expects soft syncall to have gm_workspace and optional used_cores}}
  pto.syncall() mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
  return
}

// -----

func.func @syncall_small_workspace(%gm: !pto.tensor_view<15xi32>) {
  // expected-error@+1 {{'pto.syncall' op expects gm_workspace to contain at least 16 i32 elements (64 bytes), but static capacity is 15}}
  pto.syncall(%gm : !pto.tensor_view<15xi32>) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
  return
}

// -----

func.func @syncall_hard_with_workspace(%gm: !pto.ptr<i32, gm>) {
  // expected-error@+1 {{'pto.syncall' op expects hard syncall to have no gm_workspace or used_cores}}
  pto.syncall(%gm : !pto.ptr<i32, gm>) mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<aiv_only>
  return
}

// -----

// CHECK-LABEL: func.func @struct_fields
// CHECK: pto.declare_struct -> !pto.struct<!pto.struct<f32, i8>, i16>
// CHECK: pto.struct_get %{{.*}}[0, 1] : !pto.struct<!pto.struct<f32, i8>, i16> -> i8
func.func @struct_fields(%v: f32) {
  %s = pto.declare_struct -> !pto.struct<!pto.struct<f32, i8>, i16>
  pto.struct_set %s[0, 0], %v : !pto.struct<!pto.struct<f32, i8>, i16>, f32
  %b = pto.struct_get %s[0, 1] : !pto.struct<!pto.struct<f32, i8>, i16> -> i8
  return
}

// -----

func.func @struct_returned(%v: f32) {
  // expected-error@+1 {{'pto.declare_struct' op stack-local struct must not escape the scope that declares it, but its value is passed to 'scf.yield'}}
  %a = pto.declare_struct -> !pto.struct<f32, i8>
  %c = arith.constant true
  %r = scf.if %c -> (!pto.struct<f32, i8>) {
    scf.yield %a : !pto.struct<f32, i8>
  } else {
    scf.yield %a : !pto.struct<f32, i8>
  }
  return
}

// -----

func.func @struct_path_out_of_range() {
  %s = pto.declare_struct -> !pto.struct<f32, i8>
  // expected-error@+1 {{'pto.struct_get' op struct path index 0 (5) is out of range for '!pto.struct<f32, i8>' with 2 field(s)}}
  %r = pto.struct_get %s[5] : !pto.struct<f32, i8> -> f32
  return
}

// -----

func.func @struct_path_aggregate() {
  %s = pto.declare_struct -> !pto.struct<!pto.struct<f32, i8>, i16>
  // expected-error@+1 {{'pto.struct_get' op struct path must end at a scalar field, but ends at '!pto.struct<f32, i8>'}}
  %inner = pto.struct_get %s[0] : !pto.struct<!pto.struct<f32, i8>, i16> -> !pto.struct<f32, i8>
  return
}

// -----

func.func @struct_set_type(%v: f16) {
  %s = pto.declare_struct -> !pto.struct<f32, i8>
  // expected-error@+1 {{'pto.struct_set' op value type 'f16' does not match field type 'f32' at the given path}}
  pto.struct_set %s[0], %v : !pto.struct<f32, i8>, f16
  return
}

// -----

// expected-error@+1 {{'func.func' op argument 0 has type '!pto.struct<f32, i8>', but a stack-local struct must not be a function argument}}
func.func private @struct_argument(%s: !pto.struct<f32, i8>)

// -----

// expected-error@+1 {{'func.func' op result 0 has type '!pto.struct<f32, i8>', but a stack-local struct must not be returned}}
func.func private @struct_result() -> !pto.struct<f32, i8>

// -----

func.func @struct_select(%pick: i1) {
  %a = pto.declare_struct -> !pto.struct<f32, i8>
  %b = pto.declare_struct -> !pto.struct<f32, i8>
  // expected-error@+1 {{'arith.select' op result 0 has type '!pto.struct<f32, i8>', but only 'pto.declare_struct' may produce a !pto.struct result}}
  %c = arith.select %pick, %a, %b : !pto.struct<f32, i8>
  return
}

// -----

// CHECK-LABEL: func.func @fusion_region
// CHECK: pto.fusion_region {
// CHECK: pto.yield(%{{.*}}) : (index) -> ()
func.func @fusion_region() {
  %c0 = arith.constant 0 : index
  %0 = pto.fusion_region {
    pto.yield(%c0) : (index) -> ()
  } : index
  return
}

// -----

func.func @fusion_region_block_args() {
  // expected-error@+1 {{'pto.fusion_region' op expects body block to have no arguments, got 1}}
  %0 = pto.fusion_region {
  ^bb0(%arg0: index):
    pto.yield(%arg0) : (index) -> ()
  } : index
  return
}

// -----

func.func @fusion_region_no_yield() {
  // expected-error@+1 {{'pto.fusion_region' op expects body to terminate with pto.yield}}
  %0 = pto.fusion_region {
    %c0 = arith.constant 0 : index
  } : index
  return
}

// -----

func.func @fusion_region_count() {
  // expected-error@+1 {{'pto.fusion_region' op expects pto.yield to return 1 values, got 0}}
  %0 = pto.fusion_region {
    pto.yield() : () -> ()
  } : index
  return
}

// -----

func.func @fusion_region_type() {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.fusion_region' op expects yielded value #0 to have type 'i32', got 'index'}}
  %0 = pto.fusion_region {
    pto.yield(%c0) : (index) -> ()
  } : i32
  return
}
