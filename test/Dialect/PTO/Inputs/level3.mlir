// A level-3 kernel (every tile at a fixed address): ptoas --pto-level=level3.
// CHECK-LABEL: func.func @fixed_addresses
func.func @fixed_addresses(%r: index, %c: index) {
  %a = arith.constant 1024 : i64
  %z = arith.constant 0 : i64
  // CHECK: pto.alloc_tile addr = %{{.*}} : !pto.tile_buf<left, 16x16xf16>
  %l = pto.alloc_tile addr = %a : !pto.tile_buf<left, 16x16xf16>
  // CHECK: pto.alloc_tile addr = %{{.*}} valid_row = %{{.*}} valid_col = %{{.*}} : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
  %all = pto.alloc_tile addr = %a valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
  // CHECK: pto.tassign %{{.*}}, %{{.*}} : !pto.tile_buf<left, 16x16xf16> -> !pto.tile_buf<left, 16x16xf16>
  %moved = pto.tassign %l, %z : !pto.tile_buf<left, 16x16xf16> -> !pto.tile_buf<left, 16x16xf16>
  // CHECK: pto.reserve_buffer{name = "fifo", size = 4096, location = <vec>, auto = false, base = 8192} -> i32
  %b = pto.reserve_buffer {name = "fifo", size = 4096, location = #pto.address_space<vec>, auto = false, base = 8192} -> i32
  return
}
