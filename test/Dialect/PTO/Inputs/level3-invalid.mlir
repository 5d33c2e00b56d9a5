// Level-3 rejections (ptonz-opt --ptoas-pto-level=level3).

func.func @f() {
  %a = arith.constant -32 : i64
  // expected-error@+1 {{'pto.alloc_tile' op addr must be non-negative, got -32}}
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

func.func @f() {
  %a = arith.constant 16 : i64
  // expected-error@+1 {{'pto.alloc_tile' op addr must be aligned to 32 bytes for local tile memory space, got 16}}
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

// left/right/acc need 512-byte alignment.
func.func @f() {
  %a = arith.constant 256 : i64
  // expected-error@+1 {{'pto.alloc_tile' op addr must be aligned to 512 bytes for local tile memory space, got 256}}
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<left, 16x16xf16>
  return
}

// -----

func.func @f() {
  %a = arith.constant 480 : i64
  // expected-error@+1 {{'pto.alloc_tile' op addr must be aligned to 512 bytes for local tile memory space, got 480}}
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<acc, 16x16xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'pto.alloc_tile' op requires 'addr' operand when --pto-level=level3 (level3 does no memory planning: give every tile `addr = %a : i64`)}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

// PTOAS 0.60 checks a constant tassign address as alloc_tile's.
func.func @f(%t: !pto.tile_buf<vec, 16x16xf16>) {
  %a = arith.constant 48 : i64
  // expected-error@+1 {{'pto.tassign' op addr must be aligned to 32 bytes for local tile memory space, got 48}}
  %r = pto.tassign %t, %a : !pto.tile_buf<vec, 16x16xf16> -> !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 16x16xf16>) {
  %a = arith.constant 64 : i64
  %r = pto.tassign %t, %a : !pto.tile_buf<vec, 16x16xf16> -> !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

// PTOAS 0.60: nothing plans a reserved buffer's address at level 3.
func.func @f() {
  // expected-error@+1 {{'pto.reserve_buffer' op pto.reserve_buffer requires 'auto = false' and explicit 'base' when --pto-level=level3}}
  %b = pto.reserve_buffer {name = "fifo", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'pto.reserve_buffer' op expects 'base' to be aligned to 256 bytes for vec}}
  %b = pto.reserve_buffer {name = "fifo", size = 8192, location = #pto.address_space<vec>, auto = false, base = 128} -> i32
  return
}
