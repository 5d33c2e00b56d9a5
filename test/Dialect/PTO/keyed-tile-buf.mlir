// PTOAS parses the compact !pto.tile_buf form from 0.25 on; for an older
// --ptoas-version ptonz prints the legacy keyed form (every key, PTOAS's
// order). Both forms parse back to the same type.
// RUN: ptonz-opt %s --ptoas-version=0.24 | FileCheck %s --check-prefix=KEYED
// RUN: ptonz-opt %s --ptoas-version=0.25 | FileCheck %s --check-prefix=COMPACT
// RUN: ptonz-opt %s | FileCheck %s --check-prefix=COMPACT
// RUN: ptonz-opt %s --ptoas-version=0.24 | ptonz-opt | FileCheck %s --check-prefix=COMPACT

// KEYED-LABEL: func.func @tiles
// KEYED: pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// KEYED: pto.alloc_tile valid_row = %{{.*}} valid_col = %{{.*}} : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// KEYED: pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// KEYED: pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=1, compact=2>
// KEYED: pto.tadd ins(%{{.*}}, %{{.*}} : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// COMPACT-LABEL: func.func @tiles
// COMPACT: pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
// COMPACT: pto.alloc_tile valid_row = %{{.*}} valid_col = %{{.*}} : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
// COMPACT: pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
// COMPACT: pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16, valid=8x16, pad=1, compact=2>
func.func @tiles(%r: index, %c: index) {
  %m = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  %v = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
  %a = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  %p = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16, valid=8x16, pad=1, compact=2>
  pto.tadd ins(%v, %v : !pto.tile_buf<vec, 16x16xf16, valid=?x?>, !pto.tile_buf<vec, 16x16xf16, valid=?x?>) outs(%v : !pto.tile_buf<vec, 16x16xf16, valid=?x?>)
  return
}
