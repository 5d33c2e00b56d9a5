// PTOAS 0.60 plans the scratch tile of a row reduction, arg-reduction or tci
// that has none (pto-materialize-implicit-tmp), except on A2/A3 at level3,
// where PlanMemory is skipped: there the tmp must be given. Later releases
// are taken to plan it (pypto's A3 level-3 exports for 0.63 leave it out).
// RUN: ptonz-opt %s --ptoas-version=0.60 --ptoas-pto-level=level3 --split-input-file --verify-diagnostics
// RUN: ptonz-opt %s --ptoas-version=0.60 --ptoas-pto-level=level3 --pto-arch=a5 --split-input-file | FileCheck %s --check-prefix=A5
// RUN: ptonz-opt %s --ptoas-version=0.61 --ptoas-pto-level=level3 --split-input-file | FileCheck %s --check-prefix=A5

// A5-LABEL: func.func @rowmax
// A5: pto.trowmax ins(%{{.*}} : !pto.tile_buf<vec, 16x16xf32>) outs(
func.func @rowmax(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) {
  // expected-error@+1 {{'pto.trowmax' op requires explicit tmp when --pto-level=level3 on A2/A3}}
  pto.trowmax ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
  return
}

// -----

// A5-LABEL: func.func @colargmax
func.func @colargmax(%s: !pto.tile_buf<vec, 2x16xf32>, %d: !pto.tile_buf<vec, 1x16xui32>) {
  // expected-error@+1 {{'pto.tcolargmax' op requires explicit tmp when --pto-level=level3 on A2/A3}}
  pto.tcolargmax ins(%s : !pto.tile_buf<vec, 2x16xf32>) outs(%d : !pto.tile_buf<vec, 1x16xui32>)
  return
}

// -----

// A5-LABEL: func.func @tci
func.func @tci(%d: !pto.tile_buf<vec, 1x32xi32>) {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{'pto.tci' op requires explicit tmp when --pto-level=level3 on A2/A3}}
  pto.tci ins(%c0 : i32) outs(%d : !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

// A5-LABEL: func.func @tcvt_narrowing
func.func @tcvt_narrowing(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xi16>, %d8: !pto.tile_buf<vec, 16x32xi8>, %h: !pto.tile_buf<vec, 16x32xf16>) {
  // expected-error@+1 {{'pto.tcvt' op requires explicit tmp for non-saturating narrowing tcvt when --pto-level=level3 on A2/A3}}
  pto.tcvt ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xi16>)
  return
}

// -----

// A5-LABEL: func.func @tquant
// A5: pto.tquant ins(
func.func @tquant(%s: !pto.tile_buf<vec, 32x32xf32>, %fp: !pto.tile_buf<vec, 32x1xf32, blayout=col_major>, %d: !pto.tile_buf<vec, 32x32xi8>) {
  // expected-error@+1 {{'pto.tquant' op requires explicit tmp when --pto-level=level3 on A2/A3}}
  pto.tquant ins(%s, %fp : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 32x32xi8>) {quant_type = #pto<quant_type INT8_SYM>}
  return
}
