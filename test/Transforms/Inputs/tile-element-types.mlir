// Tiles of element types the simulator does not hold (fuzzer findings: an
// f80 tile was `ValueError`, an i4 tile `ZeroDivisionError`): located errors.
func.func @f80_tile() {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x15xf80>
  return
}

// -----

func.func @i4_tile(%r: index, %c: index) {
  %m = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi4, blayout=col_major, slayout=row_major>
  %v = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
  return
}
