// Op-verifier rules of PTOAS 0.27 that PTOAS 0.60 dropped: a tload/tstore
// partition must hold exactly the tile's valid elements. (0.60 accepts these;
// see ptoas060-syntax.mlir.)
// RUN: ptonz-opt %s --ptoas-version=0.27 --split-input-file --verify-diagnostics

func.func @f(%pv: !pto.partition_tensor_view<16x32xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // expected-error@+1 {{'pto.tload' op partition element count (512) must match tile_buf valid element count (256)}}
  pto.tload ins(%pv : !pto.partition_tensor_view<16x32xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<1x16x16x16x32xi8>) {
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>
  // expected-error@+1 {{'pto.tload' op partition element count (131072) must match tile_buf valid element count (65536)}}
  pto.tload ins(%pv : !pto.partition_tensor_view<1x16x16x16x32xi8>) outs(%t : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<16x8xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // expected-error@+1 {{'pto.tstore' op partition element count (128) must match tile_buf valid element count (256)}}
  pto.tstore ins(%t : !pto.tile_buf<vec, 16x16xf16>) outs(%pv : !pto.partition_tensor_view<16x8xf16>)
  return
}

// -----

// PTOAS 0.27 pipes take four or eight slots (0.60: any positive count).
func.func @f(%addr: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error@+1 {{'pto.initialize_l2l_pipe' op expects 'slot_num' to be 4 or 8, got 6}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 6, flag_base = 0} (%addr : i32) -> !pto.pipe
  return
}
