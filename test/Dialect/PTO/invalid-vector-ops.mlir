// Op-verifier rejections of the vector tile ops, one per split.
// RUN: ptonz-opt %s --split-input-file --verify-diagnostics

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.tabs' op expects src to be in the vec address space (loc=vec), got loc=mat}}
  pto.tabs ins(%a : !pto.tile_buf<mat, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // expected-error@+1 {{'pto.tadd' op expects src0 and src1 to have the same element type, got 'f32' and 'f16'}}
  pto.tadd ins(%a, %b : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf16>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=8x16>
  // expected-error@+1 {{'pto.tmul' op expects src0 and dst to have the same valid shape, got 16x16 and 8x16}}
  pto.tmul ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32, valid=8x16>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, blayout=col_major>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.texp' op expects src to use the row_major blayout (vector ops read tiles row by row)}}
  pto.texp ins(%a : !pto.tile_buf<vec, 16x16xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<16x16xf32>) {
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.tneg' op expects src to be a !pto.tile_buf, got '!pto.partition_tensor_view<16x16xf32>'}}
  pto.tneg ins(%pv : !pto.partition_tensor_view<16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f(%s: f32) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  // expected-error@+1 {{'pto.tadds' op expects src and dst to have the same element type, got 'f32' and 'i32'}}
  pto.tadds ins(%a, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// -----

func.func @f(%s: f32) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  // expected-error@+1 {{invalid kind of type specified: expected builtin.integer, but found 'f32'}}
  pto.tands ins(%a, %s : !pto.tile_buf<vec, 16x16xi32>, f32) outs(%a : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.tcmp' op expects dst (a packed predicate mask) to have element type i8, got 'f32'}}
  pto.tcmp ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>
  // expected-error@+1 {{'pto.trowmax' op expects dst to hold one value per row (valid cols 1), got 8}}
  pto.trowmax ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x8xf32, blayout=col_major>)
  return
}

// -----

func.func @f(%d: !pto.tile_buf<vec, 8x1xf32>) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.trowsum' op expects src and dst to have the same valid rows, got 16 and 8}}
  pto.trowsum ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 8x1xf32>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %r = pto.alloc_tile : !pto.tile_buf<vec, 1x8xf32>
  // expected-error@+1 {{'pto.tcolmax' op expects src and dst to have the same valid cols, got 16 and 8}}
  pto.tcolmax ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%r : !pto.tile_buf<vec, 1x8xf32>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %c = pto.alloc_tile : !pto.tile_buf<vec, 8x1xf32, blayout=col_major>
  // expected-error@+1 {{'pto.trowexpandmul' op expects src1 and dst to have the same valid rows, got 8 and 16}}
  pto.trowexpandmul ins(%a, %c : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.tcolsum' op tmp operand requires the isBinary attribute}}
  "pto.tcolsum"(%a, %t, %a) : (!pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) -> ()
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %h = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf16>
  // expected-error@+1 {{'pto.tcvt' op expects src and dst to have compatible shapes (the same rows x cols, counting packed FP4 pairs as two), got 16x16 and 16x32}}
  pto.tcvt ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%h : !pto.tile_buf<vec, 16x32xf16>)
  return
}

// -----

func.func @f(%q: !pto.tile_buf<vec, 16x16xui8>) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %fp = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.tquant' op INT8_ASYM quantization requires an offset operand (the zero-point tile): ins(%src, %fp, %offset : ...)}}
  pto.tquant ins(%a, %fp : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%q : !pto.tile_buf<vec, 16x16xui8>) {quant_type = #pto<quant_type INT8_ASYM>}
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %q = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi16>
  // expected-error@+1 {{'pto.tquant' op expects dst element type i8/ui8 for INT8_SYM quantization}}
  pto.tquant ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%q : !pto.tile_buf<vec, 16x16xi16>) {quant_type = #pto<quant_type INT8_SYM>}
  return
}

// -----

func.func @f(%k: i32) {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  // expected-error@+1 {{'pto.tgather' op expects A2/A3 compare-form tgather src element type to be f16/f32, or i32 when cmpMode=eq, got 'i32'}}
  pto.tgather ins(%a, %k, %a : !pto.tile_buf<vec, 16x16xi32>, i32, !pto.tile_buf<vec, 16x16xi32>) outs(%a, %a : !pto.tile_buf<vec, 16x16xi32>, !pto.tile_buf<vec, 16x16xi32>) {cmpMode = #pto<cmp gt>}
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xi8>) {
  // expected-error@+1 {{'pto.tsel' op expects A2/A3 tsel src0, src1, and dst element type to be i16/i32/f16/bf16/f32, got 'i8'}}
  pto.tsel ins(%a, %a, %a, %a : !pto.tile_buf<vec, 16x16xi8>, !pto.tile_buf<vec, 16x16xi8>, !pto.tile_buf<vec, 16x16xi8>, !pto.tile_buf<vec, 16x16xi8>) outs(%a : !pto.tile_buf<vec, 16x16xi8>)
  return
}

// -----

func.func @f(%s: f16) {
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.texpands' op expects the scalar type to be the dst element type 'f32', got 'f16'}}
  pto.texpands ins(%s : f16) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f(%k: i32) {
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  // expected-error@+1 {{'pto.trandom' op trandom is only supported for A5 targets (ptoas --pto-arch=a5)}}
  pto.trandom ins(%k, %k, %k, %k, %k, %k : i32, i32, i32, i32, i32, i32) outs(%d : !pto.tile_buf<vec, 16x16xi32>)
  return
}

// -----

func.func @f(%n: index) {
  %m = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32>
  // expected-error@+1 {{'pto.tgetval' op the scalar unit cannot read a mat tile_buf (tgetval reads vec tiles)}}
  %v = pto.tgetval ins(%m, %n : !pto.tile_buf<mat, 16x16xf32>, index) outs : f32
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.tmrgsort' op expects format1 ins(src, blockLen) outs(dst) or format2 ins(2 to 4 srcs, tmp) outs(dst, executed)}}
  "pto.tmrgsort"(%a, %a) <{operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>}> : (!pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) -> ()
  return
}

// -----

// PTOAS 0.60: a mask-pattern tgather names its axis, and P0101 keeps every
// second element along it.
func.func @gather_mask_no_axis(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error@+1 {{'pto.tgather' op expects mask-pattern tgather to provide axis attribute}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @gather_mask_factor(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error@+1 {{'pto.tgather' op expects src valid cols to equal dst valid cols times the mask expansion factor (2) for row direction}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 16x16xf32>, "row") outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// PTOAS 0.60's mgather names its coalescing.
func.func @mgather_no_coalesce(%mem: !pto.partition_tensor_view<256xf32>, %i: !pto.tile_buf<vec, 8x32xi32>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error@+1 {{'pto.mgather' op requires attribute 'coalesce' (PTOAS >= 0.60)}}
  pto.mgather ins(%mem, %i : !pto.partition_tensor_view<256xf32>, !pto.tile_buf<vec, 8x32xi32>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

// PTOAS 0.60's A2/A3 tprelu tmp is a u8 bit mask.
func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %t: !pto.tile_buf<vec, 17x32xf32>, %d: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error@+1 {{'pto.tprelu' op expects A2/A3 tmp element type to be u8}}
  pto.tprelu ins(%a, %a, %t : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 17x32xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// MX quantization is pto.tquant.mx's, not tquant's.
func.func @f(%s: !pto.tile_buf<vec, 32x32xf32>, %fp: !pto.tile_buf<vec, 32x1xf32, blayout=col_major>, %d: !pto.tile_buf<vec, 32x32xi8>) {
  // expected-error@+1 {{'pto.tquant' op expects plain tquant quant_type to be INT8_SYM or INT8_ASYM; use pto.tquant.mx for MX quantization}}
  pto.tquant ins(%s, %fp : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x1xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 32x32xi8>) {quant_type = #pto<quant_type MXFP8>}
  return
}

// -----

// A P0101 mask spreads each src row over twice its width in dst.
func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error@+1 {{'pto.tscatter' op expects dst valid cols to equal src valid cols times the mask expansion factor (2) for row direction}}
  pto.tscatter ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x32xf16>, "row") outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

// A row-coalesced GM -> L1 mgather takes no scratch.
module attributes {pto.target_arch = "a5"} {
func.func @f(%mem: !pto.partition_tensor_view<64x32xf16>, %idx: !pto.partition_tensor_view<32x32xi32>,
             %sc: !pto.partition_tensor_view<32x32xf16>,
             %d: !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {
  // expected-error@+1 {{'pto.mgather' op expects GM->L1 mgather with coalesce=row to omit the scratch operand}}
  pto.mgather ins(%mem, %idx, %sc : !pto.partition_tensor_view<64x32xf16>, !pto.partition_tensor_view<32x32xi32>, !pto.partition_tensor_view<32x32xf16>) outs(%d : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {coalesce = #pto<coalesce row>}
  return
}
}

// -----

// A vec mgather has no scratch.
module attributes {pto.target_arch = "a5"} {
func.func @f(%mem: !pto.partition_tensor_view<256xf32>, %i: !pto.tile_buf<vec, 8x32xi32>, %sc: !pto.partition_tensor_view<256xf32>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error@+1 {{'pto.mgather' op expects scratch operand only on GM->L1 (loc=mat) mgather}}
  pto.mgather ins(%mem, %i, %sc : !pto.partition_tensor_view<256xf32>, !pto.tile_buf<vec, 8x32xi32>, !pto.partition_tensor_view<256xf32>) outs(%d : !pto.tile_buf<vec, 8x32xf32>) {coalesce = #pto<coalesce elem>}
  return
}
}

// -----

// PTOAS 0.60: an A2/A3 tquant's fp is a non-row-major per-row column.
func.func @f(%s: !pto.tile_buf<vec, 32x32xf32>, %fp: !pto.tile_buf<vec, 32x8xf32>, %d: !pto.tile_buf<vec, 32x32xi8>) {
  // expected-error@+1 {{'pto.tquant' op expects A2/A3 fp to use non-row-major layout}}
  pto.tquant ins(%s, %fp : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x8xf32>) outs(%d : !pto.tile_buf<vec, 32x32xi8>) {quant_type = #pto<quant_type INT8_SYM>}
  return
}

// -----

// PTOAS 0.60: an A2/A3 tquant tmp is a twin of src.
func.func @f(%s: !pto.tile_buf<vec, 32x32xf32>, %fp: !pto.tile_buf<vec, 32x1xf32, blayout=col_major>, %d: !pto.tile_buf<vec, 32x32xi8>, %t: !pto.tile_buf<vec, 16x32xf32>) {
  // expected-error@+1 {{'pto.tquant' op expects A2/A3 tmp to be a row-major tile of src's shape and valid shape}}
  pto.tquant ins(%s, %fp : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x1xf32, blayout=col_major>) outs(%d, %t : !pto.tile_buf<vec, 32x32xi8>, !pto.tile_buf<vec, 16x32xf32>) {quant_type = #pto<quant_type INT8_SYM>}
  return
}

// -----

// PTOAS 0.60 infers the tfillpad lowering itself.
func.func @f(%s: !pto.tile_buf<vec, 16x16xf16, valid=16x8, pad=1>) {
  // expected-error@+1 {{'pto.tfillpad' op does not accept 'mode' (PTOAS 0.60 infers the TFILLPAD lowering from the shapes and addresses)}}
  pto.tfillpad ins(%s : !pto.tile_buf<vec, 16x16xf16, valid=16x8, pad=1>) outs(%s : !pto.tile_buf<vec, 16x16xf16, valid=16x8, pad=1>) {mode = 1 : i32}
  return
}

// -----

// The axis of a mask-pattern tgather / tscatter is "row" or "col".
func.func @f(%s: !pto.tile_buf<vec, 16x16xf32>, %d: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error@+1 {{axis must be "row" or "col"}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 16x16xf32>, "diag") outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %d: !pto.tile_buf<vec, 1x64xf16>) {
  // expected-error@+1 {{axis must be "row" or "col"}}
  pto.tscatter ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x32xf16>, "diag") outs(%d : !pto.tile_buf<vec, 1x64xf16>)
  return
}

// -----

// An element wider than an NZ fractal row (fuzz 1111:3030: C0 would be 0,
// and the verifier divided by it).
module attributes {pto.target_arch = "a5"} {
func.func @f(%mem: !pto.partition_tensor_view<64x32xi512>, %idx: !pto.partition_tensor_view<32x32xi32>,
             %d: !pto.tile_buf<mat, 32x32xi512, blayout=col_major, slayout=row_major>) {
  // expected-error@+1 {{'pto.mgather' op expects a GM->L1 mgather dst element of at most 32 bytes (an NZ fractal row is 32 bytes), got 'i512'}}
  pto.mgather ins(%mem, %idx : !pto.partition_tensor_view<64x32xi512>, !pto.partition_tensor_view<32x32xi32>) outs(%d : !pto.tile_buf<mat, 32x32xi512, blayout=col_major, slayout=row_major>) {coalesce = #pto<coalesce row>}
  return
}
}
