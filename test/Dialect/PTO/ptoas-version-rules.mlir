// Op rules that changed between PTOAS releases follow the context's PTOAS
// version (ptonz-opt --ptoas-version; default 0.61). Each case is accepted
// for 0.60 and later and refused, as 0.27 refuses it, for 0.27.
// RUN: ptonz-opt %s --split-input-file | FileCheck %s --check-prefix=V060
// RUN: ptonz-opt %s --split-input-file --ptoas-version=0.60 | FileCheck %s --check-prefix=V060
// RUN: not ptonz-opt %s --split-input-file --ptoas-version=0.27 2>&1 | FileCheck %s --check-prefix=V027

// A tload partition whose element count differs from the tile's valid count.
// V060-LABEL: func.func @count_differs
// V027: error: 'pto.tload' op partition element count (512) must match tile_buf valid element count (256)
func.func @count_differs(%pv: !pto.partition_tensor_view<16x32xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x32xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

// textract vec -> vec on A2/A3.
// V060-LABEL: func.func @extract_vec_vec
// V027: error: 'pto.textract' op unsupported textract from loc=vec to loc=vec on A2/A3 (supported: mat->left|right)
func.func @extract_vec_vec(%r: index, %c: index) {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf16>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  pto.textract ins(%s, %r, %c : !pto.tile_buf<vec, 32x32xf16>, index, index) outs(%d : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

// trowexpand of a column-major src (0.60 asks only for slayout=none_box).
// V060-LABEL: func.func @rowexpand_col_major
// V027: error: 'pto.trowexpand' op expects src to use the row_major blayout (vector ops read tiles row by row)
func.func @rowexpand_col_major() {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.trowexpand ins(%s : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// Two reserve_buffers (of different names) and two imports in a function.
// V060-LABEL: func.func @two_imports
// V027: error: 'pto.import_reserved_buffer' op expects at most one import_reserved_buffer in the function
func.func @two_imports() {
  %a = pto.import_reserved_buffer {name = "c2v_0", peer_func = @two_reserves} -> i32
  %b = pto.import_reserved_buffer {name = "c2v_1", peer_func = @two_reserves} -> i32
  return
}
func.func @two_reserves() {
  %a = pto.reserve_buffer {name = "c2v_0", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
  %b = pto.reserve_buffer {name = "c2v_1", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
  return
}

// -----

// mgather on A2/A3 (0.27: A5 only).
// V060-LABEL: func.func @mgather_a3
// V027: error: 'pto.mgather' op pto.mgather is only supported on A5 targets
func.func @mgather_a3(%mem: !pto.partition_tensor_view<256xf32>) {
  %i = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 8x32xf32>
  pto.mgather ins(%mem, %i : !pto.partition_tensor_view<256xf32>, !pto.tile_buf<vec, 8x32xi32>) outs(%d : !pto.tile_buf<vec, 8x32xf32>) {coalesce = #pto<coalesce elem>}
  return
}

// -----

// An A5 sync.set from PIPE_V (0.27: FIX or MTE3 only).
// V060-LABEL: func.func @sync_set_v
// V027: error: 'pto.sync.set' op A5 sync.set expects pipe to be one of <PIPE_FIX>, <PIPE_MTE3>
module attributes {pto.target_arch = "a5"} {
func.func @sync_set_v() {
  pto.sync.set <PIPE_V>, 3
  return
}
}

// -----

// set_ffts takes a !pto.ptr from 0.60 on (0.27: a memref).
// V060-LABEL: func.func @set_ffts_ptr
// V027: error: 'pto.set_ffts' op expects a memref operand (PTOAS < 0.60)
func.func @set_ffts_ptr(%f: !pto.ptr<i64>) {
  pto.set_ffts %f : !pto.ptr<i64>
  return
}

// -----

// partition_view without `-> type` (0.60 infers it from the sizes); ptonz
// prints the type.
// V060-LABEL: func.func @partition_inferred
// V060: pto.partition_view %{{.*}}, offsets = [%{{.*}}, %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x?xf32>
func.func @partition_inferred(%v: !pto.tensor_view<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %n] : !pto.tensor_view<?x?xf32>
  return
}

// -----

// A row reduction without its scratch tile (0.60 plans one at levels 1-2).
// V060-LABEL: func.func @rowsum_no_tmp
// V060: pto.trowsum ins(%{{.*}} : !pto.tile_buf<vec, 16x16xf32>) outs(
// V027: error: 'pto.trowsum' op requires a tmp operand (PTOAS < 0.60 plans no implicit tmp)
func.func @rowsum_no_tmp(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) {
  pto.trowsum ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
  return
}

// -----

// get_validshape is an op of 0.60.
// V060-LABEL: func.func @get_validshape
// V060: %{{.*}}, %{{.*}} = pto.get_validshape %{{.*}} : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
// V027: error: 'pto.get_validshape' op is an op of PTOAS 0.60 and later (--ptoas-version)
func.func @get_validshape(%t: !pto.tile_buf<vec, 16x16xf32, valid=?x?>) -> (index, index) {
  %r, %c = pto.get_validshape %t : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  return %r, %c : index, index
}

// -----

// A mask-pattern tgather along an axis (0.60).
// V060-LABEL: func.func @gather_mask_axis
// V060: pto.tgather ins(%{{.*}}, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 16x16xf32>, "row") outs(
// V027: error: 'pto.tgather' op takes an axis ("row" or "col") only in its mask-pattern form, from PTOAS 0.60 on
func.func @gather_mask_axis(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32>) {
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 16x16xf32>, "row") outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// set_quant_scalar is an op of 0.60.
// V060-LABEL: func.func @set_quant_scalar
// V027: error: 'pto.set_quant_scalar' op is an op of PTOAS 0.60 and later (--ptoas-version)
func.func @set_quant_scalar(%s: f32) {
  pto.set_quant_scalar(%s : f32) {id = 0}
  return
}

// -----

// textract and tinsert convert an acc tile through an fp (scaling) tile
// (0.27: pto.textract_fp / pto.tinsert_fp), printed in 0.60's syntax.
// V060-LABEL: func.func @extract_insert_fp
// V060: pto.textract ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index fp %{{.*}} : !pto.tile_buf<scaling, 1x16xui64>) outs(%{{.*}} : !pto.tile_buf<mat, 16x16xi8, blayout=col_major, slayout=row_major>)
// V060: pto.tinsert ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index fp %{{.*}} : !pto.tile_buf<scaling, 1x16xui64>) outs(%{{.*}} : !pto.tile_buf<mat, 16x16xi8, blayout=col_major, slayout=row_major>)
// V027: error: 'pto.textract' op takes fp, preQuantScalar, reluPreMode and accToVecMode from PTOAS 0.60 on (0.27: pto.textract_fp)
func.func @extract_insert_fp(%s: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>,
                             %fp: !pto.tile_buf<scaling, 1x16xui64>,
                             %d: !pto.tile_buf<mat, 16x16xi8, blayout=col_major, slayout=row_major>) {
  %c0 = arith.constant 0 : index
  pto.textract ins(%s, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index fp %fp : !pto.tile_buf<scaling, 1x16xui64>) outs(%d : !pto.tile_buf<mat, 16x16xi8, blayout=col_major, slayout=row_major>)
  pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index fp %fp : !pto.tile_buf<scaling, 1x16xui64>) outs(%d : !pto.tile_buf<mat, 16x16xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// A preQuantScalar textract (after the indices) and tinsert (`pre_quant`),
// acc -> vec with an accToVecMode on A5.
// V060-LABEL: func.func @extract_insert_pre_quant
// V060: pto.textract ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>) {accToVecMode = #pto.acc_to_vec_mode<single_mode_vec0>}
// V060: pto.tinsert ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index pre_quant %{{.*}} : i64) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>)
// V027: error: 'pto.textract' op takes fp, preQuantScalar, reluPreMode and accToVecMode from PTOAS 0.60 on
module attributes {pto.target_arch = "a5"} {
func.func @extract_insert_pre_quant(%s: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>,
                                    %q: i64, %d: !pto.tile_buf<vec, 16x16xf16>) {
  %c0 = arith.constant 0 : index
  pto.textract ins(%s, %c0, %c0, %q : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index, i64) outs(%d : !pto.tile_buf<vec, 16x16xf16>) {accToVecMode = #pto.acc_to_vec_mode<single_mode_vec0>}
  pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index pre_quant %q : i64) outs(%d : !pto.tile_buf<vec, 16x16xf16>)
  return
}
}

// -----

// tinsert vec -> vec on A2/A3 (0.27: acc -> mat only).
// V060-LABEL: func.func @insert_vec_vec
// V027: error: 'pto.tinsert' op expects A2/A3 tinsert src to use loc=acc and dst to use loc=mat
func.func @insert_vec_vec(%s: !pto.tile_buf<vec, 16x16xf16>, %d: !pto.tile_buf<vec, 32x32xf16>) {
  %c0 = arith.constant 0 : index
  pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<vec, 16x16xf16>, index, index) outs(%d : !pto.tile_buf<vec, 32x32xf16>)
  return
}

// -----

// An A5 split tinsert of an NZ vec tile into mat.
// V060-LABEL: func.func @insert_split_mode
// V060: pto.tinsert ins({{.*}}) outs({{.*}}) {tinsertMode = #pto.tinsert_mode<split2>}
// V027: error: 'pto.tinsert' op expects tinsertMode only on an A5 vec->mat tinsert of an NZ src (blayout=col_major, slayout=row_major; PTOAS >= 0.60)
module attributes {pto.target_arch = "a5"} {
func.func @insert_split_mode(%s: !pto.tile_buf<vec, 16x16xf16, blayout=col_major, slayout=row_major>,
                             %d: !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {
  %c0 = arith.constant 0 : index
  pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<vec, 16x16xf16, blayout=col_major, slayout=row_major>, index, index) outs(%d : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {tinsertMode = #pto.tinsert_mode<split2>}
  return
}
}

// -----

// tprelu, trem and txor without a tmp (PTOAS 0.60 plans one).
// V060-LABEL: func.func @binary_no_tmp
// V060: pto.tprelu ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(
// V027: error: 'pto.tprelu' op requires a tmp operand (PTOAS < 0.60 plans no implicit tmp)
func.func @binary_no_tmp(%a: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32>,
                         %i: !pto.tile_buf<vec, 16x16xi32>) {
  pto.tprelu ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  pto.trem ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  pto.txor ins(%i, %i : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) outs(%i : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// -----

// A trem tmp of two rows that cover dst's valid columns (0.27: a tile like
// the data).
// V060-LABEL: func.func @rem_two_row_tmp
// V027: error: 'pto.trem' op expects src0 and tmp to have the same valid shape, got 16x16 and 2x16
func.func @rem_two_row_tmp(%a: !pto.tile_buf<vec, 16x16xf32>, %t: !pto.tile_buf<vec, 2x16xf32>,
                           %d: !pto.tile_buf<vec, 16x16xf32>) {
  pto.trem ins(%a, %a, %t : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 2x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// tquant with an f32 scratch tile after dst, and a ui8 INT8_SYM dst (0.60
// ignores the signedness).
// V060-LABEL: func.func @quant_tmp
// V060: pto.tquant ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x1xf32, blayout=col_major>) outs(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 32x32xi8>, !pto.tile_buf<vec, 32x32xf32>) {quant_type = #pto<quant_type INT8_SYM>}
// V027: error: 'pto.tquant' op takes a tmp tile from PTOAS 0.60 on
// V027: error: 'pto.tquant' op expects dst element type i8 for INT8_SYM quantization
func.func @quant_tmp(%s: !pto.tile_buf<vec, 32x32xf32>, %fp: !pto.tile_buf<vec, 32x1xf32, blayout=col_major>,
                     %d: !pto.tile_buf<vec, 32x32xi8>, %u: !pto.tile_buf<vec, 32x32xui8>,
                     %t: !pto.tile_buf<vec, 32x32xf32>) {
  pto.tquant ins(%s, %fp : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x1xf32, blayout=col_major>) outs(%d, %t : !pto.tile_buf<vec, 32x32xi8>, !pto.tile_buf<vec, 32x32xf32>) {quant_type = #pto<quant_type INT8_SYM>}
  return
}
func.func @quant_unsigned_sym(%s: !pto.tile_buf<vec, 32x32xf32>, %fp: !pto.tile_buf<vec, 32x1xf32, blayout=col_major>,
                              %u: !pto.tile_buf<vec, 32x32xui8>) {
  pto.tquant ins(%s, %fp : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x1xf32, blayout=col_major>) outs(%u : !pto.tile_buf<vec, 32x32xui8>) {quant_type = #pto<quant_type INT8_SYM>}
  return
}

// -----

// A mask-pattern tscatter along an axis (0.60): dst is twice src's width
// for P0101.
// V060-LABEL: func.func @scatter_mask
// V060: pto.tscatter ins(%{{.*}}, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x32xf16>, "row") outs(%{{.*}} : !pto.tile_buf<vec, 1x64xf16>)
// V027: error: 'pto.tscatter' op takes a mask pattern from PTOAS 0.60 on
func.func @scatter_mask(%s: !pto.tile_buf<vec, 1x32xf16>, %d: !pto.tile_buf<vec, 1x64xf16>) {
  pto.tscatter ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x32xf16>, "row") outs(%d : !pto.tile_buf<vec, 1x64xf16>)
  return
}

// -----

// A GM -> L1 mgather into an NZ mat tile, elementwise through a GM scratch.
// V060-LABEL: func.func @mgather_to_l1
// V060: pto.mgather ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.partition_tensor_view<64x32xf16>, !pto.partition_tensor_view<32x32xi32>, !pto.partition_tensor_view<32x32xf16>) outs(%{{.*}} : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {coalesce = #pto<coalesce elem>}
// V027: error: 'pto.mgather' op gathers into loc=mat (GM -> L1) from PTOAS 0.60 on
module attributes {pto.target_arch = "a5"} {
func.func @mgather_to_l1(%mem: !pto.partition_tensor_view<64x32xf16>, %idx: !pto.partition_tensor_view<32x32xi32>,
                         %sc: !pto.partition_tensor_view<32x32xf16>,
                         %d: !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {
  pto.mgather ins(%mem, %idx, %sc : !pto.partition_tensor_view<64x32xf16>, !pto.partition_tensor_view<32x32xi32>, !pto.partition_tensor_view<32x32xf16>) outs(%d : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {coalesce = #pto<coalesce elem>}
  return
}
}

// -----

// An A5 X-to-ZZ tmov of MX exponents through a vec scratch tile (0.27: the
// third tile must be an fp tile in the scaling buffer).
// V060-LABEL: func.func @mov_x_to_zz
// V027: error: 'pto.tmov' op expects fp, preQuantScalar and reluPreMode forms to use loc=acc src
module attributes {pto.target_arch = "a5"} {
func.func @mov_x_to_zz(%s: !pto.tile_buf<vec, 32x4x!pto.f8E8M0, valid=20x4>, %t: !pto.tile_buf<vec, 1x96x!pto.f8E8M0, valid=1x4>,
                       %d: !pto.tile_buf<vec, 32x4x!pto.f8E8M0, slayout=row_major, valid=20x4>) {
  pto.tmov ins(%s : !pto.tile_buf<vec, 32x4x!pto.f8E8M0, valid=20x4>, %t : !pto.tile_buf<vec, 1x96x!pto.f8E8M0, valid=1x4>) outs(%d : !pto.tile_buf<vec, 32x4x!pto.f8E8M0, slayout=row_major, valid=20x4>)
  return
}
}

// -----

// The scale address of a left [M, K] tile is an [M, ceil(K/32)] scaling tile
// (0.27: the same shape as src).
// V060-LABEL: func.func @scale_addr_left
// V027: error: 'pto.tget_scale_addr' op expects dst and src to have the same shape
module attributes {pto.target_arch = "a5"} {
func.func @scale_addr_left(%s: !pto.tile_buf<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>,
                           %d: !pto.tile_buf<scaling, 16x2xf8E8M0FNU>) {
  pto.tget_scale_addr ins(%s : !pto.tile_buf<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>) outs(%d : !pto.tile_buf<scaling, 16x2xf8E8M0FNU>)
  return
}
}

// -----

// tfillpad of a mat tile (src and dst of one type).
// V060-LABEL: func.func @fillpad_mat
// V027: error: 'pto.tfillpad' op expects src to be in the vec address space (loc=vec), got loc=mat
func.func @fillpad_mat(%s: !pto.tile_buf<mat, 16x16xf16, valid=16x8, pad=1>) {
  pto.tfillpad ins(%s : !pto.tile_buf<mat, 16x16xf16, valid=16x8, pad=1>) outs(%s : !pto.tile_buf<mat, 16x16xf16, valid=16x8, pad=1>)
  return
}

// -----

// trems / txors and a binary tcolsum without their tmp (0.60 plans one).
// V060-LABEL: func.func @scalar_ops_no_tmp
// V027: error: 'pto.trems' op requires a tmp operand (PTOAS < 0.60 plans no implicit tmp)
// V027: error: 'pto.tcolsum' op isBinary attribute requires a tmp operand
func.func @scalar_ops_no_tmp(%a: !pto.tile_buf<vec, 16x16xf32>, %s: f32) {
  pto.trems ins(%a, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}
func.func @colsum_binary_no_tmp(%a: !pto.tile_buf<vec, 4x8xf32>, %d: !pto.tile_buf<vec, 1x8xf32>) {
  pto.tcolsum ins(%a : !pto.tile_buf<vec, 4x8xf32>) outs(%d : !pto.tile_buf<vec, 1x8xf32>) {isBinary = true}
  return
}

// -----

// tprint of an acc tile through a scratch GM view (0.60).
// V060-LABEL: func.func @print_tmp
// V060: pto.tprint ins(%{{.*}}, %{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.partition_tensor_view<16x16xf32>)
// V027: error: 'pto.tprint' op takes a tmp from PTOAS 0.60 on
func.func @print_tmp(%t: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>,
                     %g: !pto.partition_tensor_view<16x16xf32>) {
  pto.tprint ins(%t, %g : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.partition_tensor_view<16x16xf32>)
  return
}
