// The rules of ptoas060-verify.mlir that are new in PTOAS 0.60 do not hold
// for --ptoas-version=0.27, which accepts each of these.
// RUN: ptonz-opt %s --split-input-file --ptoas-version=0.27 | FileCheck %s

// CHECK-LABEL: func.func @granule
func.func @granule() {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x7xf32>
  %m = pto.alloc_tile : !pto.tile_buf<mat, 8x8xf32, blayout=col_major, slayout=row_major>
  return
}

// -----

// CHECK-LABEL: func.func private @fractal16
func.func private @fractal16(!pto.tile_buf<scaling, 1x64xi64, fractal=16>)

// -----

// CHECK-LABEL: func.func @tload_a5_layout
module attributes {pto.target_arch = "a5"} {
  func.func @tload_a5_layout(%p: !pto.partition_tensor_view<16x32xf16>, %t: !pto.tile_buf<vec, 16x32xf16, slayout=row_major>) {
    pto.tload ins(%p : !pto.partition_tensor_view<16x32xf16>) outs(%t : !pto.tile_buf<vec, 16x32xf16, slayout=row_major>)
    return
  }
}

// -----

// CHECK-LABEL: func.func @colsum_tmp
func.func @colsum_tmp(%s: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 1x32xf32>, %d: !pto.tile_buf<vec, 1x64xf32>) {
  pto.tcolsum ins(%s, %t {isBinary = true} : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @mrgsort_tmp
func.func @mrgsort_tmp(%a: !pto.tile_buf<vec, 1x64xf32>, %d: !pto.tile_buf<vec, 1x128xf32>, %ex: vector<4xi16>) {
  pto.tmrgsort ins(%a, %a, %a {exhausted = false} : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d, %ex : !pto.tile_buf<vec, 1x128xf32>, vector<4xi16>)
  return
}

// -----

// 0.27's thistogram has no `byte`: a discardable attribute to it.
// CHECK-LABEL: func.func @histogram_byte
module attributes {pto.target_arch = "a5"} {
  func.func @histogram_byte(%s: !pto.tile_buf<vec, 8x64xi32>, %i: !pto.tile_buf<vec, 2x64xi8>, %d: !pto.tile_buf<vec, 8x256xi32>) {
    pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 8x64xi32>, !pto.tile_buf<vec, 2x64xi8>) outs(%d : !pto.tile_buf<vec, 8x256xi32>) {byte = 4 : i32}
    return
  }
}

// -----

// tmatmul.mx's scale shapes are 0.60's.
// CHECK-LABEL: func.func @mx_scales
!L64 = !pto.tile_buf<left, 16x64xf8E4M3FN, blayout=col_major, slayout=row_major>
!R64 = !pto.tile_buf<right, 64x16xf8E4M3FN, slayout=col_major>
!SA4 = !pto.tile_buf<scaling, 16x4xf8E8M0FNU, slayout=row_major, fractal=32>
!SB2 = !pto.tile_buf<scaling, 2x16xf8E8M0FNU, slayout=row_major, fractal=32>
!ACC = !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
module attributes {pto.target_arch = "a5"} {
  func.func @mx_scales(%a: !L64, %as: !SA4, %b: !R64, %bs: !SB2, %c: !ACC) {
    pto.tmatmul.mx ins(%a, %as, %b, %bs : !L64, !SA4, !R64, !SB2) outs(%c : !ACC)
    return
  }
}
