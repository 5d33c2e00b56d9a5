// Op-verifier rejections of cube, tile-move and DMA ops (A5 unless the split's
// module says pto.target_arch = "a3"), one per split.
// RUN: ptonz-opt %s --pto-arch=a5 --split-input-file --verify-diagnostics

module attributes {pto.target_arch = "a3"} {
  func.func @f() {
    %a = pto.alloc_tile : !pto.tile_buf<left, 1x32xf8E4M3FN, blayout=col_major, slayout=row_major>
    %b = pto.alloc_tile : !pto.tile_buf<right, 32x16xf8E4M3FN, blayout=row_major, slayout=col_major>
    %as = pto.alloc_tile : !pto.tile_buf<scaling, 1x1xf8E8M0FNU>
    %bs = pto.alloc_tile : !pto.tile_buf<scaling, 1x16xf8E8M0FNU>
    %c = pto.alloc_tile : !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    // expected-error@+1 {{'pto.tgemv.mx' op tgemv.mx is only supported on A5 targets (ptoas --pto-arch=a5 or pto.target_arch = "a5")}}
    pto.tgemv.mx ins(%a, %as, %b, %bs : !pto.tile_buf<left, 1x32xf8E4M3FN, blayout=col_major, slayout=row_major>, !pto.tile_buf<scaling, 1x1xf8E8M0FNU>, !pto.tile_buf<right, 32x16xf8E4M3FN, blayout=row_major, slayout=col_major>, !pto.tile_buf<scaling, 1x16xf8E8M0FNU>) outs(%c : !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
    return
  }
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>
  %b = pto.alloc_tile : !pto.tile_buf<right, 32x16xf16, blayout=row_major, slayout=col_major>
  %as = pto.alloc_tile : !pto.tile_buf<scaling, 16x1xf8E8M0FNU>
  %bs = pto.alloc_tile : !pto.tile_buf<scaling, 1x16xf8E8M0FNU>
  %c = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  // expected-error@+1 {{'pto.tmatmul.mx' op expects A5 mx operands to be an fp8/fp8 or fp4/fp4 pair and the result f32}}
  pto.tmatmul.mx ins(%a, %as, %b, %bs : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<scaling, 16x1xf8E8M0FNU>, !pto.tile_buf<right, 32x16xf16, blayout=row_major, slayout=col_major>, !pto.tile_buf<scaling, 1x16xf8E8M0FNU>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<left, 4x32xf16, blayout=col_major, slayout=row_major>
  %b = pto.alloc_tile : !pto.tile_buf<right, 32x16xf16, blayout=row_major, slayout=col_major>
  %c = pto.alloc_tile : !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  // expected-error@+1 {{'pto.tgemv' op expects lhs to have one valid row for tgemv, got 4}}
  pto.tgemv ins(%a, %b : !pto.tile_buf<left, 4x32xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 32x16xf16, blayout=row_major, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 1x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=col_major>
  %b = pto.alloc_tile : !pto.tile_buf<right, 32x16xf16, blayout=row_major, slayout=col_major>
  %c = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  // expected-error@+1 {{'pto.tmatmul' op expects lhs to use the row_major slayout on A5}}
  pto.tmatmul ins(%a, %b : !pto.tile_buf<left, 16x32xf16, blayout=col_major, slayout=col_major>, !pto.tile_buf<right, 32x16xf16, blayout=row_major, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @f() {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf16, blayout=col_major>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.textract' op expects A5 vec->vec textract src/dst to use ND layout (blayout=row_major, slayout=none_box)}}
  pto.textract ins(%s, %c0, %c0 : !pto.tile_buf<vec, 32x32xf16, blayout=col_major>, index, index) outs(%d : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

func.func @f() {
  %s = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
  %d = pto.alloc_tile : !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=col_major>
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.textract' op expects a left dst to use slayout=row_major}}
  pto.textract ins(%s, %c0, %c0 : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) outs(%d : !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=col_major>)
  return
}

// -----

func.func @f() {
  %s = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
  %d = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, blayout=col_major, slayout=row_major>
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.textract' op expects src and dst to have the same element type, got 'f16' and 'f32'}}
  pto.textract ins(%s, %c0, %c0 : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>, index, index) outs(%d : !pto.tile_buf<left, 16x16xf32, blayout=col_major, slayout=row_major>)
  return
}

// -----

module attributes {pto.target_arch = "a3"} {
  func.func @f() {
    %s = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %d = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf32, blayout=col_major, slayout=row_major>
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'pto.tinsert' op expects A2/A3 tinsert element types to be src=f32, dst=f16/bf16, got src='f32', dst='f32'}}
    pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) outs(%d : !pto.tile_buf<mat, 32x32xf32, blayout=col_major, slayout=row_major>)
    return
  }
}

// -----

func.func @f() {
  %s = pto.alloc_tile : !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>
  %d = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.tinsert' op expects A5 tinsert to use a supported src/dst loc pair: acc->mat, acc->vec, vec->mat, or vec->vec (got left->mat)}}
  pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>, index, index) outs(%d : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>)
  return
}

// -----

// PTOAS 0.60's fp / preQuantScalar conversions read an acc tile.
func.func @f(%s: !pto.tile_buf<vec, 32x32xf16>, %d: !pto.tile_buf<vec, 16x16xf16>, %q: i64) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.textract' op expects fp, preQuantScalar and reluPreMode forms to use loc=acc src}}
  pto.textract ins(%s, %c0, %c0, %q : !pto.tile_buf<vec, 32x32xf16>, index, index, i64) outs(%d : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

// accToVecMode names an A5 acc -> vec move.
module attributes {pto.target_arch = "a3"} {
  func.func @f(%s: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>,
               %d: !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'pto.tinsert' op expects accToVecMode only on A5 acc->vec forms}}
    pto.tinsert ins(%s, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index) outs(%d : !pto.tile_buf<mat, 32x32xf16, blayout=col_major, slayout=row_major>) {accToVecMode = #pto.acc_to_vec_mode<single_mode_vec0>}
    return
  }
}

// -----

// The fp tile of a converting textract lives in the scaling buffer.
func.func @f(%s: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>,
             %fp: !pto.tile_buf<vec, 1x16xui64>, %d: !pto.tile_buf<vec, 16x16xi8>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.textract' op expects fp to use loc=scaling}}
  pto.textract ins(%s, %c0, %c0 : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, index, index fp %fp : !pto.tile_buf<vec, 1x16xui64>) outs(%d : !pto.tile_buf<vec, 16x16xi8>)
  return
}

// -----

func.func @f() {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf16>
  %c24 = arith.constant 24 : index
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.tinsert' op expects indexRow + src.rows <= dst.rows (24 + 16 > 32)}}
  pto.tinsert ins(%s, %c24, %c0 : !pto.tile_buf<vec, 16x16xf16>, index, index) outs(%d : !pto.tile_buf<vec, 32x32xf16>)
  return
}

// -----

func.func @f() {
  %s = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %f = pto.alloc_tile : !pto.tile_buf<scaling, 1x16xui64>
  %q = arith.constant 1 : i64
  // expected-error@+1 {{'pto.tmov' op expects fp and preQuantScalar forms to be mutually exclusive}}
  pto.tmov ins(%s : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %f : !pto.tile_buf<scaling, 1x16xui64>, %q : i64) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f() {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.tmov' op expects accToVecMode to be used only for acc-to-vec tmov}}
  pto.tmov ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%d : !pto.tile_buf<vec, 16x16xf32>) {accToVecMode = #pto.acc_to_vec_mode<single_mode_vec0>}
  return
}

// -----

module attributes {pto.target_arch = "a3"} {
  func.func @f() {
    %d = pto.alloc_tile : !pto.tile_buf<scaling, 16x2xf8E8M0FNU>
    %s = pto.alloc_tile : !pto.tile_buf<mat, 16x2xf8E8M0FNU>
    // expected-error@+1 {{'pto.tget_scale_addr' op tget_scale_addr is only supported on A5 (ptoas --pto-arch=a5)}}
    pto.tget_scale_addr ins(%s : !pto.tile_buf<mat, 16x2xf8E8M0FNU>) outs(%d : !pto.tile_buf<scaling, 16x2xf8E8M0FNU>)
    return
  }
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<16x16xf16>) {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  %f = pto.alloc_tile : !pto.tile_buf<scaling, 1x16xui64>
  // expected-error@+1 {{'pto.tstore_fp' op expects src to be in the acc address space}}
  pto.tstore_fp ins(%s, %f : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<scaling, 1x16xui64>) outs(%pv : !pto.partition_tensor_view<16x16xf16>)
  return
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<16x16xf16>) {
  %s = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  %q = arith.constant 3 : i64
  // expected-error@+1 {{'pto.tstore' op expects preQuantScalar form to use loc=acc src}}
  pto.tstore ins(%s : !pto.tile_buf<vec, 16x16xf16>, %q : i64) outs(%pv : !pto.partition_tensor_view<16x16xf16>)
  return
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<16x16xf16>) {
  %s = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf16, blayout=col_major, slayout=row_major, fractal=1024>
  // expected-error@+1 {{'pto.tstore' op expects an acc tstore src of i32 or f32, got 'f16'}}
  pto.tstore ins(%s : !pto.tile_buf<acc, 16x16xf16, blayout=col_major, slayout=row_major, fractal=1024>) outs(%pv : !pto.partition_tensor_view<16x16xf16>)
  return
}

// -----

func.func @f(%dst: memref<128xf32, #pto.address_space<gm>>, %src: memref<128xf32, #pto.address_space<gm>>, %ws: memref<1024xi8, #pto.address_space<gm>>) {
  %scratch = pto.alloc_tile : !pto.tile_buf<mat, 1x256xi8>
  // expected-error@+1 {{'pto.build_async_session' op expects scratch to be in vec address space}}
  %s = pto.build_async_session(%scratch, %ws : !pto.tile_buf<mat, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>) -> !pto.async_session
  return
}

// -----

func.func @f(%dst: memref<2x64xf32, #pto.address_space<gm>>, %src: memref<2x64xf32, #pto.address_space<gm>>, %ws: memref<1024xi8, #pto.address_space<gm>>) {
  %scratch = pto.alloc_tile : !pto.tile_buf<vec, 1x256xi8>
  %s = pto.build_async_session(%scratch, %ws : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>) -> !pto.async_session
  // expected-error@+1 {{'pto.tput_async' op expects dst to be a static flat contiguous logical 1D GM memref (all dims but the last 1)}}
  %e = pto.tput_async(%dst, %src, %s : memref<2x64xf32, #pto.address_space<gm>>, memref<2x64xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  return
}


// -----

// An X-to-ZZ tmov moves 8-bit MX exponents.
func.func @f(%s: !pto.tile_buf<vec, 32x4xf16, valid=20x4>, %t: !pto.tile_buf<vec, 1x96xf16>,
             %d: !pto.tile_buf<vec, 32x4xf16, slayout=row_major, valid=20x4>) {
  // expected-error@+1 {{'pto.tmov' op expects element type to be one of ui8, !pto.hif8, !pto.f8E8M0}}
  pto.tmov ins(%s : !pto.tile_buf<vec, 32x4xf16, valid=20x4>, %t : !pto.tile_buf<vec, 1x96xf16>) outs(%d : !pto.tile_buf<vec, 32x4xf16, slayout=row_major, valid=20x4>)
  return
}

// -----

// The ND-to-ZZ scratch holds 64 + ceil(dst rows / 16) * dst cols bytes.
func.func @f(%s: !pto.tile_buf<vec, 32x4xui8, valid=20x4>, %t: !pto.tile_buf<vec, 1x32xui8>,
             %d: !pto.tile_buf<vec, 32x4xui8, slayout=row_major, valid=20x4>) {
  // expected-error@+1 {{'pto.tmov' op expects tmp to provide at least 72 bytes for ND-to-ZZ (64 + ceil(dst rows / 16) * dst cols)}}
  pto.tmov ins(%s : !pto.tile_buf<vec, 32x4xui8, valid=20x4>, %t : !pto.tile_buf<vec, 1x32xui8>) outs(%d : !pto.tile_buf<vec, 32x4xui8, slayout=row_major, valid=20x4>)
  return
}

// -----

// The scale of a right [K, N] tile is [ceil(K/32), N].
func.func @f(%s: !pto.tile_buf<right, 64x16xf8E4M3FN, blayout=row_major, slayout=col_major>,
             %d: !pto.tile_buf<scaling, 16x2xf8E8M0FNU>) {
  // expected-error@+1 {{'pto.tget_scale_addr' op expects dst shape/valid_shape to be [ceil(K/32), N] of the right src (PTOAS 0.60)}}
  pto.tget_scale_addr ins(%s : !pto.tile_buf<right, 64x16xf8E4M3FN, blayout=row_major, slayout=col_major>) outs(%d : !pto.tile_buf<scaling, 16x2xf8E8M0FNU>)
  return
}
