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
