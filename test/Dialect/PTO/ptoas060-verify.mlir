// Op rules PTOAS 0.60 enforces and 0.27 does not (or, where 0.27 has them
// too, rules ptonz lacked): one rejection, or the accepted case at its
// boundary, per split. ptoas060-verify-027.mlir shows the 0.60-only rules
// accepting for --ptoas-version=0.27.
// RUN: ptonz-opt %s --split-input-file --verify-diagnostics

// An A2/A3 index-form tgather needs its tmp (indices' type and valid shape).
func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error@+1 {{'pto.tgather' op index-form tgather expects both indices and tmp}}
  pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %t: !pto.tile_buf<vec, 1x32xf32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error@+1 {{'pto.tgather' op expects tmp and indices to have the same element type, got 'f32' and 'i32'}}
  pto.tgather ins(%s, %i, %t : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi16>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error@+1 {{'pto.tgather' op expects indices element type to be i32, got 'i16'}}
  pto.tgather ins(%s, %i, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi16>, !pto.tile_buf<vec, 1x32xi16>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

// A5 plans the tmp and takes i16 indices, but no f64 data.
module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<vec, 1x32xf64>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf64>) {
    // expected-error@+1 {{'pto.tgather' op expects A5 gather src/dst element type to be i8/i16/i32/f16/f32, got 'f64'}}
    pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf64>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf64>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @gather_a5(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi16>, %d: !pto.tile_buf<vec, 1x32xf16>) {
    pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi16>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
    return
  }
}

// -----

// Frontend pipe slot counts: slot_num > 0; local_slot_num (A2/A3 only) at
// most slot_num, whose default is 4 for dir_mask 3 and 8 otherwise.
func.func @f(%gm: !pto.ptr<f32>, %buf: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error@+1 {{'pto.aic_initialize_pipe' op expects 'slot_num' to be greater than 0, got 0}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, slot_num = 0} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %buf : i32)
  return
}

// -----

func.func @f(%gm: !pto.ptr<f32>, %buf: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error@+1 {{'pto.aic_initialize_pipe' op expects 'local_slot_num' to be less than or equal to slot_num (4) for dir_mask = 3, got 5}}
  pto.aic_initialize_pipe {dir_mask = 3, slot_size = 1024, local_slot_num = 5} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %buf : i32)
  return
}

// -----

func.func @f(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c2v = pto.import_reserved_buffer {name = "c2v", peer_func = @peer} -> i32
  %v2c = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  pto.aic_initialize_pipe {dir_mask = 3, slot_size = 1024, local_slot_num = 4} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32)
  return
}
func.func @peer(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c2v = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  %v2c = pto.import_reserved_buffer {name = "v2c", peer_func = @f} -> i32
  pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 1024, local_slot_num = 4} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32)
  return
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @f(%buf: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    // expected-error@+1 {{'pto.aic_initialize_pipe' op 'local_slot_num' is only supported for a2/a3 frontend pipe lowering}}
    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, local_slot_num = 1} (c2v_consumer_buf = %buf : i32)
    return
  }
}

// -----

// thistogram's byte (0..3; 0 or 1 for 16-bit src), or 0.27's isMSB, not both.
module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<vec, 8x64xi32>, %i: !pto.tile_buf<vec, 2x64xi8>, %d: !pto.tile_buf<vec, 8x256xi32>) {
    // expected-error@+1 {{'pto.thistogram' op expects byte to be in range [0, 3], got 4}}
    pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 8x64xi32>, !pto.tile_buf<vec, 2x64xi8>) outs(%d : !pto.tile_buf<vec, 8x256xi32>) {byte = 4 : i32}
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<vec, 8x64xi32>, %i: !pto.tile_buf<vec, 2x64xi8>, %d: !pto.tile_buf<vec, 8x256xi32>) {
    // expected-error@+1 {{'pto.thistogram' op does not allow conflicting 'byte' (1) and legacy 'isMSB' (0) attributes}}
    pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 8x64xi32>, !pto.tile_buf<vec, 2x64xi8>) outs(%d : !pto.tile_buf<vec, 8x256xi32>) {byte = 1 : i32, isMSB = false}
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<vec, 8x64xi16>, %i: !pto.tile_buf<vec, 8x1xi8, blayout=col_major>, %d: !pto.tile_buf<vec, 8x256xi32>) {
    // expected-error@+1 {{'pto.thistogram' op expects byte to be 0 or 1 when src element type is ui16}}
    pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 8x64xi16>, !pto.tile_buf<vec, 8x1xi8, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 8x256xi32>) {byte = 2 : i32}
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<vec, 8x64xi32>, %i: !pto.tile_buf<vec, 1x64xi8>, %d: !pto.tile_buf<vec, 8x256xi32>) {
    pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 8x64xi32>, !pto.tile_buf<vec, 1x64xi8>) outs(%d : !pto.tile_buf<vec, 8x256xi32>) {byte = 3 : i32}
    return
  }
}

// -----

// Arg reductions: 1-, 2- or 4-byte data, one index row (col), a non-empty
// src; on A2/A3 a tmp wide enough for a value and an index block per repeat.
func.func @f(%s: !pto.tile_buf<vec, 16x16xf64>, %d: !pto.tile_buf<vec, 1x16xi32>) {
  // expected-error@+1 {{'pto.tcolargmax' op expects src element type to be 1, 2, or 4 bytes wide, got 'f64'}}
  pto.tcolargmax ins(%s : !pto.tile_buf<vec, 16x16xf64>) outs(%d : !pto.tile_buf<vec, 1x16xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 2x16xi32>) {
  // expected-error@+1 {{'pto.tcolargmax' op expects dst valid_shape[0] to be 1 (one index per column), got 2}}
  pto.tcolargmax ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 2x16xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 1x8xf32>, %d: !pto.tile_buf<vec, 1x64xi32>) {
  // expected-error@+1 {{'pto.tcolargmax' op expects A2/A3 tmp valid_shape[1] to be at least 16 for src valid_shape[1] = 64, got 8}}
  pto.tcolargmax ins(%s, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x8xf32>) outs(%d : !pto.tile_buf<vec, 1x64xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 1x16xf32>, %d: !pto.tile_buf<vec, 1x64xi32>) {
  pto.tcolargmax ins(%s, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x16xf32>) outs(%d : !pto.tile_buf<vec, 1x64xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x16xf32, valid=0x16>, %d: !pto.tile_buf<vec, 16x1xi32, blayout=col_major, valid=0x1>) {
  // expected-error@+1 {{'pto.trowargmax' op expects src valid_shape[0] to be non-zero}}
  pto.trowargmax ins(%s : !pto.tile_buf<vec, 16x16xf32, valid=0x16>) outs(%d : !pto.tile_buf<vec, 16x1xi32, blayout=col_major, valid=0x1>)
  return
}

// -----

// Beyond one repeat (64 f32) a src row needs 2 value and 1 index blocks per
// repeat: 128 columns are 2 repeats, (1 + 1) blocks of 8.
func.func @f(%s: !pto.tile_buf<vec, 16x128xf32>, %t: !pto.tile_buf<vec, 16x8xf32>, %d: !pto.tile_buf<vec, 16x1xi32, blayout=col_major>) {
  // expected-error@+1 {{'pto.trowargmax' op expects A2/A3 tmp valid_shape[1] to be at least 16 for src valid_shape[1] = 128, got 8}}
  pto.trowargmax ins(%s, %t : !pto.tile_buf<vec, 16x128xf32>, !pto.tile_buf<vec, 16x8xf32>) outs(%d : !pto.tile_buf<vec, 16x1xi32, blayout=col_major>)
  return
}

// -----

// An allocated tile's layout granule: a none_box tile's row (col-major: its
// column) spans a multiple of 32 bytes; a boxed tile is whole fractals.
func.func @f() {
  // expected-error@+1 {{'pto.alloc_tile' op expects result row-major none_box tile row byte size (cols * sizeof(dtype)) to be 32-byte aligned, but got 28 bytes}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x7xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'pto.alloc_tile' op expects result col-major none_box tile column byte size (rows * sizeof(dtype)) to be 32-byte aligned, but got 16 bytes}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 8x16xf16, blayout=col_major>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'pto.alloc_tile' op expects result boxed tile rows to be a multiple of innerRows (16), but got 8}}
  %t = pto.alloc_tile : !pto.tile_buf<mat, 8x8xf32, blayout=col_major, slayout=row_major>
  return
}

// -----

func.func @granules() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x8xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16, blayout=col_major>
  %c = pto.alloc_tile : !pto.tile_buf<mat, 16x8xf32, blayout=col_major, slayout=row_major>
  // vec tiles and single rows need no whole fractal of rows.
  %d = pto.alloc_tile : !pto.tile_buf<vec, 8x8xf32, blayout=col_major, slayout=row_major>
  %e = pto.alloc_tile : !pto.tile_buf<mat, 1x8xf32, blayout=col_major, slayout=row_major>
  return
}

// -----

// PTOAS 0.60 has no s_fractal_size 16.
// expected-error@+1 {{unsupported s_fractal_size: 16, must be one of {32, 512, 1024}}}
func.func private @f(!pto.tile_buf<scaling, 1x64xi64, fractal=16>)

// -----

// An A5 vec tile is loaded as ND, DN or NZ.
module attributes {pto.target_arch = "a5"} {
  func.func @f(%p: !pto.partition_tensor_view<16x32xf16>, %t: !pto.tile_buf<vec, 16x32xf16, slayout=row_major>) {
    // expected-error@+1 {{'pto.tload' op expects A5 tload vec dst layout to be ND, DN, or NZ}}
    pto.tload ins(%p : !pto.partition_tensor_view<16x32xf16>) outs(%t : !pto.tile_buf<vec, 16x32xf16, slayout=row_major>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @f(%p: !pto.partition_tensor_view<16x32xf16>, %t: !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>) {
    pto.tload ins(%p : !pto.partition_tensor_view<16x32xf16>) outs(%t : !pto.tile_buf<vec, 16x32xf16, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

// A binary tcolsum's tmp holds a whole src row, and half the rows.
func.func @f(%s: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 1x32xf32>, %d: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error@+1 {{'pto.tcolsum' op expects tmp shape[1] to be at least src valid_shape[1] when isBinary is true; got 32 vs 64}}
  pto.tcolsum ins(%s, %t {isBinary = true} : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 7x64xf32>, %d: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error@+1 {{'pto.tcolsum' op expects tmp capacity to be at least 2048 bytes (half the src valid rows, rounded up), but got 1792 bytes}}
  pto.tcolsum ins(%s, %t {isBinary = true} : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 7x64xf32>) outs(%d : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 8x64xf32>, %d: !pto.tile_buf<vec, 1x64xf32>) {
  pto.tcolsum ins(%s, %t {isBinary = true} : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 8x64xf32>) outs(%d : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

// A2/A3 tsel: a tmp of 4-byte elements, 16 bytes for 16-bit data.
func.func @f(%m: !pto.tile_buf<vec, 1x32xi8>, %a: !pto.tile_buf<vec, 1x16xf16>, %t: !pto.tile_buf<vec, 1x2xi32>) {
  // expected-error@+1 {{'pto.tsel' op expects tmp capacity to be at least 16 bytes (the expanded select mask), but got 8 bytes}}
  pto.tsel ins(%m, %a, %a, %t : !pto.tile_buf<vec, 1x32xi8>, !pto.tile_buf<vec, 1x16xf16>, !pto.tile_buf<vec, 1x16xf16>, !pto.tile_buf<vec, 1x2xi32>) outs(%a : !pto.tile_buf<vec, 1x16xf16>)
  return
}

// -----

func.func @f(%m: !pto.tile_buf<vec, 1x32xi8>, %a: !pto.tile_buf<vec, 1x16xf16>, %t: !pto.tile_buf<vec, 1x4xi32>) {
  pto.tsel ins(%m, %a, %a, %t : !pto.tile_buf<vec, 1x32xi8>, !pto.tile_buf<vec, 1x16xf16>, !pto.tile_buf<vec, 1x16xf16>, !pto.tile_buf<vec, 1x4xi32>) outs(%a : !pto.tile_buf<vec, 1x16xf16>)
  return
}

// -----

// A2/A3 tci: 768 bytes of 4-byte scratch for a 32-bit index ramp.
func.func @f(%s: i32, %t: !pto.tile_buf<vec, 1x128xi32>, %d: !pto.tile_buf<vec, 1x64xi32>) {
  // expected-error@+1 {{'pto.tci' op expects A2/A3 tmp capacity to be at least 768 bytes for 32-bit dst element type, got 512 bytes}}
  pto.tci ins(%s, %t : i32, !pto.tile_buf<vec, 1x128xi32>) outs(%d : !pto.tile_buf<vec, 1x64xi32>)
  return
}

// -----

func.func @f(%s: i32, %t: !pto.tile_buf<vec, 1x192xi32>, %d: !pto.tile_buf<vec, 1x64xi32>) {
  pto.tci ins(%s, %t : i32, !pto.tile_buf<vec, 1x192xi32>) outs(%d : !pto.tile_buf<vec, 1x64xi32>)
  return
}

// -----

// A2/A3 trems: a tmp row covering a dst row; txors: a row-major tmp.
func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %s: f32, %t: !pto.tile_buf<vec, 1x16xf32, valid=0x16>) {
  // expected-error@+1 {{'pto.trems' op expects A2/A3 tmp valid_shape[0] to be at least 1, got 0}}
  pto.trems ins(%a, %s, %t : !pto.tile_buf<vec, 16x16xf32>, f32, !pto.tile_buf<vec, 1x16xf32, valid=0x16>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %s: f32, %t: !pto.tile_buf<vec, 1x16xf32>) {
  pto.trems ins(%a, %s, %t : !pto.tile_buf<vec, 16x16xf32>, f32, !pto.tile_buf<vec, 1x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xi16>, %s: i16, %t: !pto.tile_buf<vec, 16x16xi16, blayout=col_major>) {
  // expected-error@+1 {{'pto.txors' op expects tmp to use row-major layout}}
  pto.txors ins(%a, %s, %t : !pto.tile_buf<vec, 16x16xi16>, i16, !pto.tile_buf<vec, 16x16xi16, blayout=col_major>) outs(%a : !pto.tile_buf<vec, 16x16xi16>)
  return
}

// -----

// tmrgsort format2 merges through a tmp as wide as all its sources.
func.func @f(%a: !pto.tile_buf<vec, 1x64xf32>, %t: !pto.tile_buf<vec, 1x64xf32>, %d: !pto.tile_buf<vec, 1x128xf32>, %ex: vector<4xi16>) {
  // expected-error@+1 {{'pto.tmrgsort' op format2 expects tmp.cols >= dst.cols (128), got 64}}
  pto.tmrgsort ins(%a, %a, %t {exhausted = false} : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d, %ex : !pto.tile_buf<vec, 1x128xf32>, vector<4xi16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x64xf32>, %t: !pto.tile_buf<vec, 1x128xf32>, %d: !pto.tile_buf<vec, 1x128xf32>, %ex: vector<4xi16>) {
  pto.tmrgsort ins(%a, %a, %t {exhausted = false} : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x128xf32>) outs(%d, %ex : !pto.tile_buf<vec, 1x128xf32>, vector<4xi16>)
  return
}

// -----

// A5 mx: an E4M3FN/E5M2 (or packed FP4) pair, K a multiple of 64, scales
// [M, ceil(K/32)] and [ceil(K/32), N].
!L32 = !pto.tile_buf<left, 16x32xf8E4M3FN, blayout=col_major, slayout=row_major>
!R32 = !pto.tile_buf<right, 32x16xf8E4M3FN, slayout=col_major>
!SA1 = !pto.tile_buf<scaling, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>
!SB1 = !pto.tile_buf<scaling, 2x16xf8E8M0FNU, slayout=row_major, fractal=32>
!ACC = !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !L32, %as: !SA1, %b: !R32, %bs: !SB1, %c: !ACC) {
    // expected-error@+1 {{'pto.tmatmul.mx' op expects lhs physical K shape to be a positive multiple of 64 on A5, got 32}}
    pto.tmatmul.mx ins(%a, %as, %b, %bs : !L32, !SA1, !R32, !SB1) outs(%c : !ACC)
    return
  }
}

// -----

!L64 = !pto.tile_buf<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>
!R64 = !pto.tile_buf<right, 64x16xf8E4M3FN, slayout=col_major>
!SA4 = !pto.tile_buf<scaling, 16x4xf8E8M0FNU, slayout=row_major, fractal=32>
!SB2 = !pto.tile_buf<scaling, 2x16xf8E8M0FNU, slayout=row_major, fractal=32>
!ACC = !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !L64, %as: !SA4, %b: !R64, %bs: !SB2, %c: !ACC) {
    // expected-error@+1 {{'pto.tmatmul.mx' op expects a_scale shape to be [M, ceil(K/32)] = [16, 2], got [16, 4]}}
    pto.tmatmul.mx ins(%a, %as, %b, %bs : !L64, !SA4, !R64, !SB2) outs(%c : !ACC)
    return
  }
}

// -----

!L64 = !pto.tile_buf<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>
!R64 = !pto.tile_buf<right, 64x16xf8E5M2, slayout=col_major>
!SA2 = !pto.tile_buf<scaling, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>
!SB2 = !pto.tile_buf<scaling, 2x16xf8E8M0FNU, slayout=row_major, fractal=32>
!ACC = !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !L64, %as: !SA2, %b: !R64, %bs: !SB2, %c: !ACC) {
    pto.tmatmul.mx ins(%a, %as, %b, %bs : !L64, !SA2, !R64, !SB2) outs(%c : !ACC)
    return
  }
}

// -----

!L64 = !pto.tile_buf<left, 16x64xf8E4M3, blayout=col_major, slayout=row_major>
!R64 = !pto.tile_buf<right, 64x16xf8E4M3, slayout=col_major>
!SA2 = !pto.tile_buf<scaling, 16x2xf8E8M0FNU, slayout=row_major, fractal=32>
!SB2 = !pto.tile_buf<scaling, 2x16xf8E8M0FNU, slayout=row_major, fractal=32>
!ACC = !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !L64, %as: !SA2, %b: !R64, %bs: !SB2, %c: !ACC) {
    // expected-error@+1 {{'pto.tmatmul.mx' op expects A5 mx lhs/rhs element types to be a supported fp8/fp8 (f8E4M3FN, f8E5M2) or fp4/fp4 pair, got 'f8E4M3' and 'f8E4M3'}}
    pto.tmatmul.mx ins(%a, %as, %b, %bs : !L64, !SA2, !R64, !SB2) outs(%c : !ACC)
    return
  }
}

// -----

// Low-precision conversions: A5's pto-isa pairs only, none on A2/A3.
module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<vec, 16x16xf16>, %d: !pto.tile_buf<vec, 16x16xf8E4M3FN>) {
    // expected-error@+1 {{'pto.tcvt' op expects A5 tcvt low-precision type pairs to match PTO-ISA support (f32 -> fp8/hif8, f16 -> hif8, bf16 <-> fp4, fp8/hif8 -> f32), got 'f16' -> 'f8E4M3FN'}}
    pto.tcvt ins(%s : !pto.tile_buf<vec, 16x16xf16>) outs(%d : !pto.tile_buf<vec, 16x16xf8E4M3FN>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf8E4M3FN>) {
    pto.tcvt ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf8E4M3FN>)
    return
  }
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf8E4M3FN>) {
  // expected-error@+1 {{'pto.tcvt' op expects A2/A3 tcvt low-precision element types to be unsupported}}
  pto.tcvt ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf8E4M3FN>)
  return
}

// -----

func.func @f(%p: !pto.partition_tensor_view<16x16x!pto.hif8>, %d: !pto.tile_buf<vec, 16x32xi8, valid=16x16>) {
  // expected-error@+1 {{'pto.tprefetch' op expects A2/A3 tprefetch low-precision element types to be unsupported}}
  pto.tprefetch ins(%p : !pto.partition_tensor_view<16x16x!pto.hif8>) outs(%d : !pto.tile_buf<vec, 16x32xi8, valid=16x16>)
  return
}

// -----

// tstore compares element counts where none is empty.
func.func @f(%t: !pto.tile_buf<vec, 64x64xf32, valid=32x32>, %p: !pto.partition_tensor_view<64x64xf32>) {
  // expected-error@+1 {{'pto.tstore' op partition element count (4096) must match tile_buf valid element count (1024)}}
  pto.tstore ins(%t : !pto.tile_buf<vec, 64x64xf32, valid=32x32>) outs(%p : !pto.partition_tensor_view<64x64xf32>)
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 64x64xf32, valid=0x32>, %p: !pto.partition_tensor_view<64x64xf32>) {
  pto.tstore ins(%t : !pto.tile_buf<vec, 64x64xf32, valid=0x32>) outs(%p : !pto.partition_tensor_view<64x64xf32>)
  return
}

// -----

// mgather/mscatter index tiles per coalescing: elem one index per element,
// row one per row ([0|1, R] row-major).
func.func @f(%mem: !pto.partition_tensor_view<8x32xf32>, %i: !pto.tile_buf<vec, 8x32xi32>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error@+1 {{'pto.mgather' op expects row-coalesce idx valid_shape to be [0|1, dst.valid_row] (row_major) or [dst.valid_row, 0|1] (col_major)}}
  pto.mgather ins(%mem, %i : !pto.partition_tensor_view<8x32xf32>, !pto.tile_buf<vec, 8x32xi32>) outs(%d : !pto.tile_buf<vec, 8x32xf32>) {coalesce = #pto<coalesce row>}
  return
}

// -----

func.func @f(%mem: !pto.partition_tensor_view<8x32xf32>, %i: !pto.tile_buf<vec, 1x8xi32>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  pto.mgather ins(%mem, %i : !pto.partition_tensor_view<8x32xf32>, !pto.tile_buf<vec, 1x8xi32>) outs(%d : !pto.tile_buf<vec, 8x32xf32>) {coalesce = #pto<coalesce row>}
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf32>, %i: !pto.tile_buf<vec, 8x32xi32>, %mem: !pto.partition_tensor_view<8x32xf32>) {
  // expected-error@+1 {{'pto.mscatter' op expects coalesce when scatterAtomicOp/scatterOob/scatterConflict is specified}}
  pto.mscatter ins(%s, %i : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi32>) outs(%mem : !pto.partition_tensor_view<8x32xf32>) {scatterOob = #pto<scatter_oob skip>}
  return
}

// -----

// Issue 708: an empty dst (0x0) is a no-op; one empty extent is an error.
func.func @f(%s: !pto.tile_buf<vec, 16x1xf32, blayout=col_major>, %d: !pto.tile_buf<vec, 16x16xf32, valid=16x0>) {
  // expected-error@+1 {{'pto.trowexpand' op expects dst valid_shape[1] to be non-zero (only an empty dst, valid 0x0, is a no-op)}}
  pto.trowexpand ins(%s : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x16xf32, valid=16x0>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=0x1>, %d: !pto.tile_buf<vec, 16x16xf32, valid=0x0>) {
  pto.trowexpand ins(%s : !pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=0x1>) outs(%d : !pto.tile_buf<vec, 16x16xf32, valid=0x0>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<left, 1x32xf16, blayout=col_major, slayout=row_major>, %b: !pto.tile_buf<right, 32x16xf16, slayout=col_major>, %c: !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024, valid=0x16>) {
  // expected-error@+1 {{'pto.tgemv' op expects dst to have one valid row for tgemv, got 0}}
  pto.tgemv ins(%a, %b : !pto.tile_buf<left, 1x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024, valid=0x16>)
  return
}

// -----

// A5 textract: 1-byte, FP4, f16, bf16 or f32 data; a mat src in NZ or ZN.
module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<vec, 16x16xi32>, %d: !pto.tile_buf<vec, 16x16xi32>, %c0: index) {
    // expected-error@+1 {{'pto.textract' op expects A5 textract element type to be an fp8/f16/bf16/f32 or int8 family type, got 'i32'}}
    pto.textract ins(%s, %c0, %c0 : !pto.tile_buf<vec, 16x16xi32>, index, index) outs(%d : !pto.tile_buf<vec, 16x16xi32>)
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<mat, 32x32xf16>, %d: !pto.tile_buf<right, 16x16xf16, slayout=col_major>, %c0: index) {
    // expected-error@+1 {{'pto.textract' op expects A5 textract src to use a supported mat blayout/slayout combination}}
    pto.textract ins(%s, %c0, %c0 : !pto.tile_buf<mat, 32x32xf16>, index, index) outs(%d : !pto.tile_buf<right, 16x16xf16, slayout=col_major>)
    return
  }
}

// -----

// A5 acc stores quantize (preQuantScalar) to 8/16-bit types, f32, hif8 or E4M3.
module attributes {pto.target_arch = "a5"} {
  func.func @f(%t: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %q: i64, %p: !pto.partition_tensor_view<16x16xf8E5M2>) {
    // expected-error@+1 {{'pto.tstore' op expects A5 acc preQuantScalar tstore dst type to be i8/ui8/f16/bf16/f32/hif8/f8E4M3, got 'f8E5M2' (from 'f32')}}
    pto.tstore ins(%t : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %q : i64) outs(%p : !pto.partition_tensor_view<16x16xf8E5M2>)
    return
  }
}

// -----

// PTOAS 0.60's A2/A3 tsel selects bf16 too.
func.func @f(%m: !pto.tile_buf<vec, 1x32xi8>, %a: !pto.tile_buf<vec, 1x16xbf16>, %t: !pto.tile_buf<vec, 1x4xi32>) {
  pto.tsel ins(%m, %a, %a, %t : !pto.tile_buf<vec, 1x32xi8>, !pto.tile_buf<vec, 1x16xbf16>, !pto.tile_buf<vec, 1x16xbf16>, !pto.tile_buf<vec, 1x4xi32>) outs(%a : !pto.tile_buf<vec, 1x16xbf16>)
  return
}

// -----

// A fixpipe push (its pipe's init has an acc_push_epilogue): an acc tile of
// the type the quantization reads, after the quantization parameter.
!ACCI = !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%t: !ACCI) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %buf = pto.import_reserved_buffer {name = "c2v", peer_func = @consumer} -> i32
    pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = no_relu>} (c2v_consumer_buf = %buf : i32)
    // expected-error@+1 {{'pto.tpush_to_aiv' op expects a preceding pto.set_quant_scalar with id = 0 in the same block}}
    pto.tpush_to_aiv(%t : !ACCI) {id = 0, split = 0}
    return
  }
  func.func @consumer() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %buf = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
    pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = no_relu>} (c2v_consumer_buf = %buf : i32)
    %x = pto.tpop_from_aic {id = 0, split = 0} -> !pto.tile_buf<vec, 16x16xf16>
    return
  }
}

// -----

!ACCF = !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%t: !ACCF, %s: f32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %buf = pto.import_reserved_buffer {name = "c2v", peer_func = @consumer} -> i32
    pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = no_relu>} (c2v_consumer_buf = %buf : i32)
    pto.set_quant_scalar(%s : f32) {id = 0}
    // expected-error@+1 {{'pto.tpush_to_aiv' op expects fixpipe TPUSH source element type to match acc_push_epilogue.quant mode requirements (deqf16_scalar reads i32), got 'f32'}}
    pto.tpush_to_aiv(%t : !ACCF) {id = 0, split = 0}
    return
  }
  func.func @consumer() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %buf = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
    // expected-error@+1 {{'pto.aiv_initialize_pipe' op expects producer source element type and consumer tpop result element type to satisfy acc_push_epilogue.quant deqf16_scalar ('f32' pushed, 'f16' popped)}}
    pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = no_relu>} (c2v_consumer_buf = %buf : i32)
    %x = pto.tpop_from_aic {id = 0, split = 0} -> !pto.tile_buf<vec, 16x16xf16>
    return
  }
}

// -----

!ACCI = !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%t: !ACCI, %s: f32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %buf = pto.import_reserved_buffer {name = "c2v", peer_func = @consumer} -> i32
    pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = no_relu>} (c2v_consumer_buf = %buf : i32)
    pto.set_quant_scalar(%s : f32) {id = 0}
    pto.tpush_to_aiv(%t : !ACCI) {id = 0, split = 0}
    return
  }
  func.func @consumer() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %buf = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
    pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = no_relu>} (c2v_consumer_buf = %buf : i32)
    %x = pto.tpop_from_aic {id = 0, split = 0} -> !pto.tile_buf<vec, 16x16xf16>
    return
  }
}

// -----

module attributes {pto.target_arch = "a5"} {
  func.func @f(%v: !pto.tile_buf<scaling, 1x32xi8>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    // expected-error@+1 {{'pto.set_quant_vector' op expects 'scaling_tile' element type to be f16, bf16, or f32 on A5, got 'i8'}}
    pto.set_quant_vector(%v : !pto.tile_buf<scaling, 1x32xi8>) {id = 1}
    return
  }
}

// -----

// A5 tmatmul of mixed fp8 (E4M3 by E5M2) is PTOAS 0.60's.
!L8 = !pto.tile_buf<left, 16x32xf8E4M3FN, blayout=col_major, slayout=row_major>
!R8 = !pto.tile_buf<right, 32x16xf8E5M2, slayout=col_major>
!ACC = !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !L8, %b: !R8, %c: !ACC) {
    pto.tmatmul ins(%a, %b : !L8, !R8) outs(%c : !ACC)
    return
  }
}

// -----

// tgemv.mx counts its scales in the valid K; b_scale's shape spans the rhs.
!L = !pto.tile_buf<left, 1x512xf8E4M3FN, blayout=col_major, slayout=row_major, valid=1x128>
!R = !pto.tile_buf<right, 128x32xf8E5M2, slayout=col_major, valid=128x16>
!SA = !pto.tile_buf<scaling, 1x4xf8E8M0FNU, slayout=row_major, fractal=32>
!SB = !pto.tile_buf<scaling, 4x32xf8E8M0FNU, blayout=col_major, slayout=col_major, fractal=32, valid=4x16>
!SBW = !pto.tile_buf<scaling, 4x16xf8E8M0FNU, blayout=col_major, slayout=col_major, fractal=32>
!C = !pto.tile_buf<acc, 1x32xf32, blayout=col_major, slayout=row_major, fractal=1024, valid=1x16>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !L, %as: !SA, %b: !R, %bs: !SB, %c: !C) {
    pto.tgemv.mx ins(%a, %as, %b, %bs : !L, !SA, !R, !SB) outs(%c : !C)
    return
  }
  func.func @g(%a: !L, %as: !SA, %b: !R, %bs: !SBW, %c: !C) {
    // expected-error@+1 {{'pto.tgemv.mx' op expects b_scale shape to be [ceil(K/32), N] = [4, 32], got [4, 16]}}
    pto.tgemv.mx ins(%a, %as, %b, %bs : !L, !SA, !R, !SBW) outs(%c : !C)
    return
  }
}

// -----

// A row reduction into an empty (0x0) dst is a no-op.
func.func @f(%s: !pto.tile_buf<vec, 16x16xf32, valid=0x0>, %d: !pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=0x0>) {
  pto.trowmax ins(%s : !pto.tile_buf<vec, 16x16xf32, valid=0x0>) outs(%d : !pto.tile_buf<vec, 16x1xf32, blayout=col_major, valid=0x0>)
  return
}

// -----

// A2/A3 trowexpand with a tmp: the expanded operand is a col_major per-row
// scalar column (mode 1) ...
!A = !pto.tile_buf<vec, 8x16xf32>
!B = !pto.tile_buf<vec, 8x8xf32>
!T = !pto.tile_buf<vec, 1x2048xf32>
func.func @f(%a: !A, %b: !B, %t: !T, %d: !A) {
  // expected-error@+1 {{'pto.trowexpandadd' op expects A2/A3 tmp-form trowexpand to use mode 1 (ColMajor per-row scalar expanded operand)}}
  pto.trowexpandadd ins(%a, %b, %t : !A, !B, !T) outs(%d : !A)
  return
}

// -----

// ... and the tmp holds ceil(rows / 8) * 256 bytes.
!A = !pto.tile_buf<vec, 16x16xf32>
!B = !pto.tile_buf<vec, 16x1xf32, blayout=col_major>
!T = !pto.tile_buf<vec, 1x64xf32>
!T2 = !pto.tile_buf<vec, 1x128xf32>
func.func @f(%a: !A, %b: !B, %t: !T, %t2: !T2, %d: !A) {
  pto.trowexpandmax ins(%a, %b, %t2 : !A, !B, !T2) outs(%d : !A)
  // expected-error@+1 {{'pto.trowexpandmax' op expects A2/A3 trowexpand tmp capacity to be at least 512 bytes, but got 256 bytes}}
  pto.trowexpandmax ins(%a, %b, %t : !A, !B, !T) outs(%d : !A)
  return
}

// -----

// A5 has no tmp contract.
!A = !pto.tile_buf<vec, 8x16xf32>
!B = !pto.tile_buf<vec, 8x8xf32>
!T = !pto.tile_buf<vec, 1x64xf32>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !A, %b: !B, %t: !T, %d: !A) {
    pto.trowexpandadd ins(%a, %b, %t : !A, !B, !T) outs(%d : !A)
    return
  }
}

// -----

// high_precision division and rsqrt need their tmp.
!A = !pto.tile_buf<vec, 4x16xf32>
!B = !pto.tile_buf<vec, 4x8xf32>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%a: !A, %b: !B, %d: !A) {
    pto.trowexpanddiv ins(%a, %b, %a : !A, !B, !A) outs(%d : !A) {precisionType = #pto<div_precision high_precision>}
    // expected-error@+1 {{'pto.trowexpanddiv' op expects tmp when precisionType is high_precision}}
    pto.trowexpanddiv ins(%a, %b : !A, !B) outs(%d : !A) {precisionType = #pto<div_precision high_precision>}
    return
  }
}

// -----

!T = !pto.tile_buf<vec, 1x16xf32>
module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !T, %d: !T) {
    pto.trsqrt ins(%s, %s : !T, !T) outs(%d : !T) {precisionType = #pto<rsqrt_precision high_precision>}
    // expected-error@+1 {{'pto.trsqrt' op expects tmp when precisionType is high_precision}}
    pto.trsqrt ins(%s : !T) outs(%d : !T) {precisionType = #pto<rsqrt_precision high_precision>}
    return
  }
}

// -----

// Without a tmp, A2/A3 tquant plans one from src's valid shape: static only.
!S = !pto.tile_buf<vec, 32x32xf32, valid=?x?>
!F = !pto.tile_buf<vec, 32x1xf32, blayout=col_major>
!D = !pto.tile_buf<vec, 32x32xi8, valid=?x?>
func.func @f(%s: !S, %fp: !F, %d: !D) {
  // expected-error@+1 {{'pto.tquant' op requires static tile_buf src to materialize implicit tquant tmp}}
  pto.tquant ins(%s, %fp : !S, !F) outs(%d : !D) {quant_type = #pto<quant_type INT8_SYM>}
  return
}
