// Forms PTOAS 0.60 accepts that ptonz refused (the files of the 0.60 tree
// that ptoas-0.60 assembles), read, verified and printed back stably from
// 0.60 on; for 0.27 each is refused, as 0.27 refuses it.
// RUN: ptonz-opt %s --split-input-file | FileCheck %s --check-prefix=V060
// RUN: ptonz-opt %s --split-input-file --ptoas-version=0.60 | FileCheck %s --check-prefix=V060
// RUN: ptonz-opt %s --split-input-file --ptoas-version=0.60 > %t.1 && ptonz-opt %t.1 --split-input-file --ptoas-version=0.60 > %t.2 && diff %t.1 %t.2
// RUN: not ptonz-opt %s --split-input-file --ptoas-version=0.27 2>&1 | FileCheck %s --check-prefix=V027

// tsel of bf16 on A2/A3, and tsel / tsels without their tmp (0.60 plans it).
// V060-LABEL: func.func @tsel_bf16_no_tmp
// V060: pto.tsel ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xbf16>, !pto.tile_buf<vec, 2x128xbf16>) outs(
// V060: pto.tsels ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xf32>, f32) outs(
// V027: error: 'pto.tsel' op requires a tmp operand (PTOAS < 0.60 plans no implicit tmp)
func.func @tsel_bf16_no_tmp(%s: f32) {
  %m = pto.alloc_tile : !pto.tile_buf<vec, 2x128xi8>
  %a = pto.alloc_tile : !pto.tile_buf<vec, 2x128xbf16>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 2x128xbf16>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 2x128xbf16>
  pto.tsel ins(%m, %a, %b : !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xbf16>, !pto.tile_buf<vec, 2x128xbf16>) outs(%d : !pto.tile_buf<vec, 2x128xbf16>)
  %f = pto.alloc_tile : !pto.tile_buf<vec, 2x128xf32>
  %g = pto.alloc_tile : !pto.tile_buf<vec, 2x128xf32>
  pto.tsels ins(%m, %f, %s : !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xf32>, f32) outs(%g : !pto.tile_buf<vec, 2x128xf32>)
  return
}

// -----

// tsel of bf16 with its tmp: 0.27 selects no bf16 on A2/A3.
// V060-LABEL: func.func @tsel_bf16
// V060: pto.tsel ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : {{.*}}, !pto.tile_buf<vec, 1x16xi32>) outs(
// V027: error: 'pto.tsel' op expects A2/A3 tsel src0, src1, and dst element type to be i16/i32/f16/f32, got 'bf16'
func.func @tsel_bf16() {
  %m = pto.alloc_tile : !pto.tile_buf<vec, 2x128xi8>
  %a = pto.alloc_tile : !pto.tile_buf<vec, 2x128xbf16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 1x16xi32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 2x128xbf16>
  pto.tsel ins(%m, %a, %a, %t : !pto.tile_buf<vec, 2x128xi8>, !pto.tile_buf<vec, 2x128xbf16>, !pto.tile_buf<vec, 2x128xbf16>, !pto.tile_buf<vec, 1x16xi32>) outs(%d : !pto.tile_buf<vec, 2x128xbf16>)
  return
}

// -----

// ttrans without a tmp, tmrgsort with `no_tmp`.
// V060-LABEL: func.func @no_tmp
// V060: pto.ttrans ins(%{{.*}} : !pto.tile_buf<vec, 16x16xf32>) outs(
// V060: pto.tmrgsort ins(%{{.*}}, %{{.*}} no_tmp {exhausted = false} : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(
// V027: error: 'pto.ttrans' op requires a tmp operand (PTOAS < 0.60 plans no implicit tmp)
func.func @no_tmp(%ex: vector<4xi16>) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.ttrans ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  %s0 = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
  %s1 = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 1x192xf32, valid=1x128>
  pto.tmrgsort ins(%s0, %s1 no_tmp {exhausted = false} : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d, %ex : !pto.tile_buf<vec, 1x192xf32, valid=1x128>, vector<4xi16>)
  return
}

// -----

// A 0x0 dst valid region (the no-op replay marker) of a row reduction, a
// column reduction and a reduce-like row broadcast.
// V060-LABEL: func.func @empty_valid
// V027: error: 'pto.trowmax' op expects dst to hold one value per row (valid cols 1), got 0
func.func @empty_valid() {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=0x0>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=0x0>
  %r = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=0x0>
  pto.trowmax ins(%s, %t : !pto.tile_buf<vec, 16x16xf32, valid=0x0>, !pto.tile_buf<vec, 16x16xf32, valid=0x0>) outs(%r : !pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=0x0>)
  %c = pto.alloc_tile : !pto.tile_buf<vec, 1x16xf32, valid=0x0>
  pto.tcolmax ins(%s : !pto.tile_buf<vec, 16x16xf32, valid=0x0>) outs(%c : !pto.tile_buf<vec, 1x16xf32, valid=0x0>)
  pto.trowexpandmax ins(%s, %r : !pto.tile_buf<vec, 16x16xf32, valid=0x0>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=0x0>) outs(%t : !pto.tile_buf<vec, 16x16xf32, valid=0x0>)
  return
}

// -----

// A5 matmul of mixed fp8 (E4M3 x E5M2) and of hif8.
// V060-LABEL: func.func @matmul_fp8_mixed
// V027: error: 'pto.tmatmul' op expects (dst, lhs, rhs) element types to be one of (i32, i8, i8), (f32, f16, f16), (f32, bf16, bf16), (f32, f32, f32) or an A5 fp8 pair, got ('f32', 'f8E4M3FN', 'f8E5M2')
module attributes {pto.target_arch = "a5"} {
func.func @matmul_fp8_mixed() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf8E4M3FN, blayout=col_major, slayout=row_major>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x16xf8E5M2, blayout=row_major, slayout=col_major>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xf8E4M3FN, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf8E5M2, blayout=row_major, slayout=col_major>) outs(%d : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  %hl = pto.alloc_tile : !pto.tile_buf<left, 16x32x!pto.hif8, blayout=col_major, slayout=row_major>
  %hr = pto.alloc_tile : !pto.tile_buf<right, 32x16x!pto.hif8, blayout=row_major, slayout=col_major>
  pto.tmatmul ins(%hl, %hr : !pto.tile_buf<left, 16x32x!pto.hif8, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16x!pto.hif8, blayout=row_major, slayout=col_major>) outs(%d : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}
}

// -----

// An A5 mx matmul of two packed FP4 pairs.
// V060-LABEL: func.func @matmul_mx_fp4
// V027: error: 'pto.tmatmul.mx' op expects A5 mx operands to be fp8 and the result f32
module attributes {pto.target_arch = "a5"} {
func.func @matmul_mx_fp4(%a: !pto.tile_buf<left, 16x512x!pto.f4E1M2x2, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<right, 512x16x!pto.f4E2M1x2, blayout=row_major, slayout=col_major>) {
  %as = pto.alloc_tile : !pto.tile_buf<scaling, 16x16xf16, slayout=row_major, fractal=32>
  %bs = pto.alloc_tile : !pto.tile_buf<scaling, 16x16xf16, blayout=col_major, slayout=col_major, fractal=32>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>
  pto.tmatmul.mx ins(%a, %as, %b, %bs : !pto.tile_buf<left, 16x512x!pto.f4E1M2x2, blayout=col_major, slayout=row_major>, !pto.tile_buf<scaling, 16x16xf16, slayout=row_major, fractal=32>, !pto.tile_buf<right, 512x16x!pto.f4E2M1x2, blayout=row_major, slayout=col_major>, !pto.tile_buf<scaling, 16x16xf16, blayout=col_major, slayout=col_major, fractal=32>) outs(%d : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>)
  return
}
}

// -----

// A matmul whose rhs is valid in half of its columns: 0.60 matches M, K, N
// on the valid dims.
// V060-LABEL: func.func @matmul_valid_shape
// V027: error: 'pto.tmatmul' op expects static matmul tile shapes lhs[M,K], rhs[K,N], and dst[M,N], got lhs[32,64], rhs[64,256], dst[32,128]
func.func @matmul_valid_shape() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 32x64xf32>
  %r = pto.alloc_tile : !pto.tile_buf<right, 64x256xf32, valid=64x128>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 32x128xf32>
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 32x64xf32>, !pto.tile_buf<right, 64x256xf32, valid=64x128>) outs(%d : !pto.tile_buf<acc, 32x128xf32>)
  return
}

// -----

// An l2g2l pipe whose slots stay in GM (no local_addr; also in the generic
// form), over a tensor view, with two slots; its tpush of a tensor view.
// V060-LABEL: func.func @gm_only_pipe
// V060: pto.initialize_l2g2l_pipe{dir_mask = 1, slot_size = 1024, slot_num = 8} (%{{.*}} : !pto.tensor_view<16x16xf32>) {flag_base = 0 : i32} -> !pto.pipe
// V060: pto.initialize_l2g2l_pipe{dir_mask = 1, slot_size = 1024, slot_num = 2} (%{{.*}} : !pto.tensor_view<16x16xf32>) {flag_base = 2 : i32} -> !pto.pipe
// V060: pto.tpush(%{{.*}}, %{{.*}} : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 0}
// V027: error: 'pto.initialize_l2g2l_pipe' op expects a local_addr operand (PTOAS < 0.60 has no GM-only l2g2l pipe)
func.func @gm_only_pipe(%gm: !pto.tensor_view<16x16xf32>, %e: !pto.tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %p = "pto.initialize_l2g2l_pipe"(%gm) <{dir_mask = 1 : i8, slot_size = 1024 : i32, slot_num = 8 : i32, flag_base = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (!pto.tensor_view<16x16xf32>) -> !pto.pipe
  %q = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 2}(%gm : !pto.tensor_view<16x16xf32>) {flag_base = 2 : i32} -> !pto.pipe
  pto.tpush(%e, %p : !pto.tensor_view<16x16xf32>, !pto.pipe) {split = 0}
  return
}

// -----

// tfree naming the entry it frees.
// V060-LABEL: func.func @tfree_entry
// V060: pto.tfree(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 8x16xf32>, !pto.pipe) {split = 1}
// V027: error: 'pto.tfree' op takes the freed entry from PTOAS 0.60 on (write `(%pipe : !pto.pipe)`)
func.func @tfree_entry(%gm: memref<256xf32, #pto.address_space<gm>>, %c: i32, %t: !pto.tile_buf<vec, 8x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8, local_slot_num = 8, flag_base = 0}(%gm : memref<256xf32, #pto.address_space<gm>>, %c : i32) -> !pto.pipe
  pto.tpop(%t, %p : !pto.tile_buf<vec, 8x16xf32>, !pto.pipe) {split = 1}
  pto.tfree(%t, %p : !pto.tile_buf<vec, 8x16xf32>, !pto.pipe) {split = 1}
  return
}

// -----

// The vector side's sub-block of a split frontend push and pop.
// V060-LABEL: func.func @subblock
// V060: pto.tpush_to_aic(%{{.*}} : !pto.tile_buf<vec, 8x16xf32>) {id = 0, split = 1} aiv_subblockid(%{{.*}})
// V060: pto.tpop_from_aic {id = 0, split = 1} aiv_subblockid(%{{.*}}) -> !pto.tile_buf<vec, 8x16xf32>
// V027: error: 'pto.tpush_to_aic' op takes 'aiv_subblockid' from PTOAS 0.60 on
func.func @subblock() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %i = pto.get_subblock_idx
  %t = pto.alloc_tile : !pto.tile_buf<vec, 8x16xf32>
  pto.tpush_to_aic(%t : !pto.tile_buf<vec, 8x16xf32>) {id = 0, split = 1} aiv_subblockid(%i)
  %r = pto.tpop_from_aic {id = 0, split = 1} aiv_subblockid(%i) -> !pto.tile_buf<vec, 8x16xf32>
  return
}

// -----

// A SIMT launch of a pto.simt_entry function, for the VPTO backend (the
// EmitC one cannot lower it: backend-emitc.mlir).
// V060-LABEL: func.func @launch
// V060: pto.simt_launch @body<<<%{{.*}}, %{{.*}}, %{{.*}}>>>(%{{.*}}) : (!pto.ptr<i32, ub>) -> ()
// V027: error: 'pto.simt_launch' op {{.*}}PTOAS 0.60
module attributes {pto.backend = "vpto"} {
func.func private @body(%p: !pto.ptr<i32, ub>) attributes {pto.simt_entry}
func.func @launch(%p: !pto.ptr<i32, ub>) {
  %x = arith.constant 32 : i32
  %one = arith.constant 1 : i32
  pto.simt_launch @body<<<%x, %one, %one>>>(%p) : (!pto.ptr<i32, ub>) -> ()
  return
}
}

// -----

// A buffer-id token of a pipe named by a string, with its mode.
// V060-LABEL: func.func @buf_pipe
// V060: pto.get_buf "PIPE_V", 0, 0
// V060: pto.rls_buf "PIPE_V", 0, 1
// V060: pto.get_buf[#pto.pipe_event_type<TLOAD>, 3] {mode = 2 : i32}
// V027: error: 'pto.get_buf' op takes a pipe ("PIPE_V", ...) from PTOAS 0.60 on; name an op class (#pto.pipe_event_type<...>)
func.func @buf_pipe() {
  pto.get_buf "PIPE_V", 0, 0
  pto.rls_buf "PIPE_V", 0, 1
  pto.get_buf [#pto.pipe_event_type<TLOAD>, 3, 2]
  return
}
