// What the whole --lower-to-ptoas pipeline rejects in pl input, located at the
// pl op the user wrote (issue 24: an independent fuzzer's findings).
// RUN: ptonz-opt --split-input-file --verify-diagnostics --lower-to-ptoas %s

// Four 256-row tiles over a 768-row NZ weight: the last one has
// min(768 - 768, 256) = 0 valid rows (a loop one tile too long).
func.func @off_by_one_tail(%w: !pl.tensor<768x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c768 = arith.constant 768 : index
  scf.for %ob = %c0 to %c4 step %c1 {
    %o0 = arith.muli %ob, %c256 : index
    %rest = arith.subi %c768, %o0 : index
    // expected-note@+1 {{the valid row count ranges over [0, 256] here}}
    %valid = arith.minsi %rest, %c256 : index
    // expected-error@+1 {{pto-block-nz-views: an NZ load with a dynamic valid row count needs the dynamic valid_shape[-2] to be proven at least 16 (it ranges over [0, 256]): a row count that can be 0 or negative is an empty NZ load past the last tile (PTOAS needs every partition size positive), as min(R - o, Rt) is when the loop over o runs one tile too far; stop the loop at the last full or partial tile (o < R: a trip count of ceil(R / Rt))}}
    %t = pl.tile.load %w, offsets = [%o0, %c0], sizes = [256, 512], valid_shape = [%valid, %c512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<768x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  }
  return
}

// -----

// A loop that stops at the last (partial) tile: 800 rows in four 256-row
// tiles, the last with min(800 - 768, 256) = 32 valid rows: accepted.
func.func @tail_loop_stops_at_the_last_tile(%w: !pl.tensor<800x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c800 = arith.constant 800 : index
  scf.for %ob = %c0 to %c4 step %c1 {
    %o0 = arith.muli %ob, %c256 : index
    %rest = arith.subi %c800, %o0 : index
    %valid = arith.minsi %rest, %c256 : index
    %t = pl.tile.load %w, offsets = [%o0, %c0], sizes = [256, 512], valid_shape = [%valid, %c512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<800x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  }
  return
}

// -----

// min(0, 256): never a row.
func.func @always_empty_tail(%w: !pl.tensor<768x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-note@+1 {{the valid row count ranges over [0, 0] here}}
  %valid = arith.minsi %c0, %c256 : index
  // expected-error@+1 {{pto-block-nz-views: an NZ load with a dynamic valid row count needs the dynamic valid_shape[-2] to be proven at least 16 (it ranges over [0, 0])}}
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512], valid_shape = [%valid, %c512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<768x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// A static valid row count of 0 is refused by convert-pl-to-pto, not by the
// op verifier of the partition it would emit.
func.func @static_zero_valid_rows(%w: !pl.tensor<768x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{convert-pl-to-pto: valid_shape[0] = 0: a load of no elements (an empty valid region) is no tload PTOAS can describe (it needs every partition size positive); do not load it: stop the loop at the last full or partial tile, or give a valid size of at least 1 (a multiple of 16 rows for NZ)}}
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512], valid_shape = [%c0, %c512]
      {target_memory = #pl.memory<mat>} : !pl.tensor<768x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// The ND form of the off-by-one tail: the dynamic size reaches the partition.
func.func @off_by_one_tail_nd(%w: !pl.tensor<768x512xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c768 = arith.constant 768 : index
  scf.for %ob = %c0 to %c4 step %c1 {
    %o0 = arith.muli %ob, %c256 : index
    %rest = arith.subi %c768, %o0 : index
    // expected-note@+1 {{the size ranges over [0, 256] here}}
    %valid = arith.minsi %rest, %c256 : index
    // expected-error@+1 {{pto-verify-partition-bounds: the partition's dynamic size in dimension 0 must be proven at least 1, but it ranges over [0, 256], so it can be 0 or negative (the range follows from the program's own constants, loop bounds and arithmetic): a tload or tstore of 0 (or a negative number of) elements is no transfer PTOAS can describe (it needs every partition size positive); stop the loop at the last full or partial tile (offsets below the extent, e.g. min(D - o, T) with o < D)}}
    %t = pl.tile.load %w, offsets = [%o0, %c0], sizes = [256, 512], valid_shape = [%valid, %c512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<768x512xi8> -> !pl.tile<256x512xi8, mat>
  }
  return
}

// -----

// A matmul of tiles passed as arguments (was: internal error, "Cannot cast
// type to TileBufType").
func.func @matmul_of_argument_tiles(%x: !pl.tile<64x512xi8, mat>, %w: !pl.tile<256x512xi8, mat>) {
  // expected-error@+2 {{convert-pl-to-pto: 'pl.tile.matmul' reads argument #0, a pl tile (!pl.tile<64x512xi8, mat>): every function lowered from pl is a kernel (pto.entry), whose arguments are GM pointers and scalars, and a tile lives in an on-chip buffer that no caller can pass; pass the tensor instead and pl.tile.load the tile in this function}}
  // expected-error@+1 {{convert-pl-to-pto: 'pl.tile.matmul' reads argument #1, a pl tile}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
  return
}

// -----

// The same with K = 2**62 (fuzz seed 44 #5378: the L0 chunk search tried
// every multiple of 32 up to K, and ptonz-opt never answered).
func.func @matmul_of_huge_k(%x: !pl.tile<64x4611686018427387904xi8, mat>, %w: !pl.tile<256x4611686018427387904xi8, mat>) {
  // expected-error@+2 {{convert-pl-to-pto: 'pl.tile.matmul' reads argument #0, a pl tile (!pl.tile<64x4611686018427387904xi8, mat>)}}
  // expected-error@+1 {{convert-pl-to-pto: 'pl.tile.matmul' reads argument #1, a pl tile}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x4611686018427387904xi8, mat>, !pl.tile<256x4611686018427387904xi8, mat> -> !pl.tile<64x256xi32, acc>
  return
}

// -----

// A vec load of f80 elements (was: internal error, "f80 has no bit width").
func.func @f80_vec_load(%out: !pl.tensor<64x256xf80>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: cannot load f80 elements: PTOAS has no element type f80 (its C++ emitter cannot convert it; it has f16, bf16, f32, f64, f8E4M3*/f8E5M2* and 8/16/32/64-bit integers only), so it cannot assemble this load; use one of those element types (move the bytes as an integer of the same width and reinterpret them on chip)}}
  %t = pl.tile.load %out, offsets = [%c0, %c0], sizes = [64, 256]
      {target_memory = #pl.memory<vec>} : !pl.tensor<64x256xf80> -> !pl.tile<64x256xf80, vec>
  return
}

// -----

func.func @f128_vec_load(%out: !pl.tensor<64x256xf128>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: cannot load f128 elements: PTOAS has no element type f128}}
  %t = pl.tile.load %out, offsets = [%c0, %c0], sizes = [64, 256]
      {target_memory = #pl.memory<vec>} : !pl.tensor<64x256xf128> -> !pl.tile<64x256xf128, vec>
  return
}

// -----

// An ND valid row count that can exceed the tile: min(768 - o0, 512) rows
// into a 256-row tile (the NZ form is refused by pto-block-nz-views).
func.func @valid_rows_past_the_tile_nd(%w: !pl.tensor<768x512xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c768 = arith.constant 768 : index
  scf.for %ob = %c0 to %c3 step %c1 {
    %o0 = arith.muli %ob, %c256 : index
    %rest = arith.subi %c768, %o0 : index
    // expected-note@+1 {{the size ranges over [256, 512] here}}
    %valid = arith.minsi %rest, %c512 : index
    // expected-error@+1 {{pto-verify-partition-bounds: the tile's dynamic valid row count must be in [0, 256] (the tile has 256 rows), but it ranges over [256, 512], so it can exceed 256}}
    %t = pl.tile.load %w, offsets = [%o0, %c0], sizes = [256, 512], valid_shape = [%valid, %c512]
        {target_memory = #pl.memory<mat>} : !pl.tensor<768x512xi8> -> !pl.tile<256x512xi8, mat>
  }
  return
}
