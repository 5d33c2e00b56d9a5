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
