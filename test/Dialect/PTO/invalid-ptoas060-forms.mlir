// Rejections of the PTOAS 0.60 forms of ptoas060-accepts.mlir and
// ptoas060-multi-tile.mlir, as PTOAS 0.60 words them, one per split.
// RUN: ptonz-opt %s --ptoas-version=0.60 --pto-level=level3 --pto-arch=a5 --split-input-file --verify-diagnostics

func.func @f() {
  // expected-error@+1 {{'pto.alloc_multi_tile' op pto.alloc_multi_tile requires a base 'addr' operand when --pto-level=level3}}
  %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16, count=2>
  return
}

// -----

func.func @f(%gm: !pto.tensor_view<16x16xf32>, %b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error@+1 {{'pto.initialize_l2g2l_pipe' op 'local_slot_num' is only allowed when 'local_addr' is present}}
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8, local_slot_num = 2, flag_base = 0}(%gm : !pto.tensor_view<16x16xf32>) -> !pto.pipe
  return
}

// -----

func.func @f() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %i = pto.get_subblock_idx
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<vec, 8x16xf32>
  // expected-error@+1 {{'pto.tpush_to_aic' op expects 'aiv_subblockid' only when 'split' is 1, 2, 3, or 4}}
  pto.tpush_to_aic(%t : !pto.tile_buf<vec, 8x16xf32>) {id = 0, split = 0} aiv_subblockid(%i)
  return
}

// -----

func.func @f(%e: !pto.tensor_view<16x16xf32>, %gm: !pto.tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %i = pto.get_subblock_idx
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}(%gm : !pto.tensor_view<16x16xf32>) {flag_base = 0 : i32} -> !pto.pipe
  // expected-error@+1 {{'pto.tpop' op does not support 'aiv_subblockid' for !pto.tensor_view pipe entries}}
  pto.tpop(%e, %p : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 1} aiv_subblockid(%i)
  return
}

// -----

func.func @f() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %i = pto.get_subblock_idx
  // expected-error@+1 {{'pto.tpop_from_aiv' op takes 'aiv_subblockid' only on the vector side (tpop_from_aic)}}
  %r = pto.tpop_from_aiv {id = 0, split = 1} aiv_subblockid(%i) -> !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
  return
}

// -----

func.func private @body(%p: !pto.ptr<i32, ub>)
func.func @f(%p: !pto.ptr<i32, ub>, %x: i32) {
  // expected-error@+1 {{'pto.simt_launch' op callee 'body' must be marked with 'pto.simt_entry'}}
  pto.simt_launch @body<<<%x, %x, %x>>>(%p) : (!pto.ptr<i32, ub>) -> ()
  return
}

// -----

func.func private @body(%p: !pto.ptr<i32, ub>) attributes {pto.simt_entry}
func.func @f(%p: !pto.ptr<f32, ub>, %x: i32) {
  // expected-error@+1 {{'pto.simt_launch' op operand type mismatch: expected operand type '!pto.ptr<i32, ub>', but provided '!pto.ptr<f32, ub>' for operand number 0}}
  pto.simt_launch @body<<<%x, %x, %x>>>(%p) : (!pto.ptr<f32, ub>) -> ()
  return
}

// -----

func.func @f(%x: i32) attributes {pto.simt_entry} {
  // expected-error@+1 {{'pto.simt_launch' op must not appear inside a function marked with 'pto.simt_entry'}}
  pto.simt_launch @f<<<%x, %x, %x>>>(%x) : (i32) -> ()
  return
}

// -----

func.func @f(%gm: !pto.tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error@+1 {{expected 'local_slot_num' (PTOAS reads the optional clauses local_slot_num, flag_base, nosplit in this order; give one after a skipped clause in the attribute dictionary after the operands, `) {name = v : i32} ->`)}}
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8, flag_base = 0}(%gm : !pto.tensor_view<16x16xf32>) -> !pto.pipe
  return
}

// -----

func.func @f() {
  pto.vecscope {
    // expected-error@+1 {{'pto.set_flag' op must be outside 'pto.vecscope'; synchronization operations delimit vector scopes}}
    pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
  }
  return
}

// -----

// alloc_multi_tile's base address is aligned as alloc_tile's (32 bytes in vec).
func.func @f() {
  %a = arith.constant 4 : i64
  // expected-error@+1 {{'pto.alloc_multi_tile' op addr must be aligned to 32 bytes for local tile memory space, got 4}}
  %mb = pto.alloc_multi_tile addr = %a : !pto.multi_tile_buf<vec, 16x16xf16, count=2>
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'pto.alloc_multi_tile' op multi_tile_buf slot uses row_plus_one compaction}}
  %mb = pto.alloc_multi_tile addr = %a : !pto.multi_tile_buf<!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=2>, count=2>
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'pto.alloc_multi_tile' op attribute 'pto.multi_buffer_addrs' is reserved for pto-plan-memory}}
  %mb = pto.alloc_multi_tile addr = %a {pto.multi_buffer_addrs = array<i64: 0, 512>} : !pto.multi_tile_buf<vec, 16x16xf16, count=2>
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{multi_tile_buf count must be >= 2 (got 1)}}
  %mb = pto.alloc_multi_tile addr = %a : !pto.multi_tile_buf<vec, 16x16xf16, count=1>
  return
}

// -----

// At level3 PTOAS 0.60 skips PlanMemory and plans no tmp, on A5 too: a float
// tpow / tpows, and a tsort32 whose width is not known to be a multiple of 32.
!T = !pto.tile_buf<vec, 1x16xf32>
func.func @f(%b: !T, %d: !T) {
  // expected-error@+1 {{'pto.tpow' op requires explicit tmp when PlanMemory is skipped}}
  pto.tpow ins(%b, %b : !T, !T) outs(%d : !T)
  return
}

// -----

!T = !pto.tile_buf<vec, 1x16xf32>
func.func @f(%s: !T, %c: f32, %d: !T) {
  // expected-error@+1 {{'pto.tpows' op requires explicit tmp when PlanMemory is skipped}}
  pto.tpows ins(%s, %c : !T, f32) outs(%d : !T)
  return
}

// -----

!S = !pto.tile_buf<vec, 1x64xf32, valid=1x?>
!I = !pto.tile_buf<vec, 1x64xui32, valid=1x?>
!D = !pto.tile_buf<vec, 1x128xf32, valid=1x?>
func.func @f(%s: !S, %i: !I, %d: !D) {
  // expected-error@+1 {{'pto.tsort32' op requires explicit tmp for tsort32 with dynamic or non-32-aligned width when PlanMemory is skipped}}
  pto.tsort32 ins(%s, %i : !S, !I) outs(%d : !D)
  return
}

// -----

// A width of a multiple of 32 needs no tmp.
func.func @f(%s: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xui32>, %d: !pto.tile_buf<vec, 1x128xf32>) {
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xui32>) outs(%d : !pto.tile_buf<vec, 1x128xf32>)
  return
}

// -----

// PTOAS 0.60's tile ops take no memref (its PTODpsType).
func.func @f(%src: memref<32x32xf32, #pto.address_space<gm>>, %t: !pto.tile_buf<vec, 32x32xf32>) {
  // expected-error@+1 {{'pto.tload' op operand #0 must be tile_buf, partition view or tensor (memref before PTOAS 0.60), but got 'memref<32x32xf32, #pto.address_space<gm>>'}}
  pto.tload ins(%src : memref<32x32xf32, #pto.address_space<gm>>) outs(%t : !pto.tile_buf<vec, 32x32xf32>)
  return
}

// -----

func.func @f(%m: memref<16x16xf16, #pto.address_space<vec>>) {
  %a = arith.constant 0 : i64
  // expected-error@+1 {{'pto.tassign' op operand #0 must be tile_buf, partition view or tensor (memref before PTOAS 0.60), but got 'memref<16x16xf16, #pto.address_space<vec>>'}}
  %r = pto.tassign %m, %a : memref<16x16xf16, #pto.address_space<vec>> -> memref<16x16xf16, #pto.address_space<vec>>
  return
}

// -----

// A pto.tileop.helper (PTOAS 0.60's ptodsl helper) returns nothing and
// synchronizes nothing: PTOAS makes its body one section.
module attributes {pto.target_arch = "a5"} {
  // expected-error@+1 {{'func.func' op tileop helpers must not return values; write results through mutable Tile parameters}}
  func.func private @result() -> i32 attributes {pto.tileop.helper} {
    %one = arith.constant 1 : i32
    return %one : i32
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func private @sync() attributes {pto.tileop.helper} {
    // expected-error@+1 {{tileop helpers must not contain pipe synchronization}}
    pto.barrier <PIPE_V>
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  // expected-error@+1 {{'func.func' op tileop argument #0 must be !pto.tile_buf or a PTO scalar, got 'memref<16xf32>'}}
  func.func private @memref_arg(%m: memref<16xf32>) attributes {pto.tileop.helper} {
    return
  }
}
