// Op-verifier rejections of the pto dialect, one per split.
// RUN: ptonz-opt %s --split-input-file --verify-diagnostics

func.func @f(%p: !pto.ptr<f16>, %n: index) {
  // expected-error@+1 {{'pto.make_tensor_view' op ptr element type must match tensor_view element type, but got ptr='f16' view='i8'}}
  %v = "pto.make_tensor_view"(%p, %n) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!pto.ptr<f16>, index) -> !pto.tensor_view<?xi8>
  return
}

// -----

func.func @f(%p: !pto.ptr<f16>, %n: index) {
  // expected-error@+1 {{'pto.make_tensor_view' op shape/strides operand counts must match tensor_view rank=2 (got 1 shape operands)}}
  %v = pto.make_tensor_view %p, shape = [%n], strides = [] : !pto.tensor_view<?x?xf16>
  return
}

// -----

func.func @f(%p: !pto.ptr<f16>, %n: index) {
  // expected-error@+1 {{'pto.make_tensor_view' op shape/strides operand counts must match tensor_view rank=2 (got 1 strides; `strides = []` is allowed only before pto-materialize-strides)}}
  %v = pto.make_tensor_view %p, shape = [%n, %n], strides = [%n] : !pto.tensor_view<?x?xf16>
  return
}

// -----

func.func @f(%p: !pto.ptr<f16>, %n: index) {
  %m = arith.constant -16 : index
  // expected-error@+1 {{'pto.make_tensor_view' op shape operand #1 is negative (-16)}}
  %v = pto.make_tensor_view %p, shape = [%n, %m], strides = [] : !pto.tensor_view<?x?xf16>
  return
}

// -----

func.func @f(%p: !pto.ptr<f16>) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error@+1 {{'pto.make_tensor_view' op shape operand #1 is 32 but the tensor_view type has static dim 16}}
  %v = pto.make_tensor_view %p, shape = [%c16, %c32], strides = [] : !pto.tensor_view<16x16xf16>
  return
}

// -----

func.func @f(%p: !pto.ptr<f16>, %n: index) {
  %m = arith.constant -1 : index
  // expected-error@+1 {{'pto.make_tensor_view' op stride operand #0 is negative (-1)}}
  %v = pto.make_tensor_view %p, shape = [%n, %n], strides = [%m, %n] : !pto.tensor_view<?x?xf16>
  return
}

// -----

func.func @f(%p: !pto.ptr<f16>, %n: index) {
  // expected-error@+1 {{'pto.make_tensor_view' op layout attribute #pto.layout<nd> does not match result type layout #pto.layout<nz>}}
  %v = pto.make_tensor_view %p, shape = [%n, %n], strides = [] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16, #pto.layout<nz>>
  return
}

// -----

// A partition type's layout is the resolved layout of its view (PTOAS >= 0.61).
func.func @partition_layout_conflict(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %v = pto.make_tensor_view %p, shape = [%c1, %c1, %c1, %c16, %c8], strides = [%c128, %c128, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x1x1x16x8xf32>
  // expected-error@+1 {{'pto.partition_view' op partition layout=nd does not match source layout=nz}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c1, %c1, %c16, %c8] : !pto.tensor_view<1x1x1x16x8xf32> -> !pto.partition_tensor_view<1x1x1x16x8xf32, #pto.layout<nd>>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<?x?xf16>, %n: index) {
  // expected-error@+1 {{'pto.partition_view' op element type mismatch between source and result: src='f16' result='i16'}}
  %p = pto.partition_view %v, offsets = [%n, %n], sizes = [%n, %n] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x?xi16>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<?x?xf16>, %n: index) {
  // expected-error@+1 {{'pto.partition_view' op offset count (1) must match source rank (2)}}
  %p = pto.partition_view %v, offsets = [%n], sizes = [%n, %n] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x?xf16>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<?x?xf16>, %n: index) {
  // expected-error@+1 {{'pto.partition_view' op size count (3) must match source rank (2)}}
  %p = pto.partition_view %v, offsets = [%n, %n], sizes = [%n, %n, %n] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x?xf16>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<?x?xf16>, %n: index) {
  // expected-error@+1 {{'pto.partition_view' op result rank (3) exceeds source rank (2)}}
  %p = pto.partition_view %v, offsets = [%n, %n], sizes = [%n, %n] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x?x?xf16>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<?x?xf16>, %n: index) {
  %m = arith.constant -16 : index
  // expected-error@+1 {{'pto.partition_view' op offset at dim 0 must be non-negative, got -16}}
  %p = pto.partition_view %v, offsets = [%m, %n], sizes = [%n, %n] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x?xf16>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<?x?xf16>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.partition_view' op size at dim 1 must be positive, got 0}}
  %p = pto.partition_view %v, offsets = [%n, %n], sizes = [%n, %c0] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x?xf16>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<?x?xf16>, %n: index) {
  %c16 = arith.constant 16 : index
  // expected-error@+1 {{'pto.partition_view' op size/result mismatch at dim 1: size operand=16 result type dim=32}}
  %p = pto.partition_view %v, offsets = [%n, %n], sizes = [%n, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<?x32xf16>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<64x64xf16>, %n: index) {
  %c128 = arith.constant 128 : index
  // expected-error@+1 {{'pto.partition_view' op size at dim 0 (128) exceeds static source dim (64)}}
  %p = pto.partition_view %v, offsets = [%n, %n], sizes = [%c128, %n] : !pto.tensor_view<64x64xf16> -> !pto.partition_tensor_view<128x?xf16>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<64x64xf16>, %n: index) {
  %c48 = arith.constant 48 : index
  %c32 = arith.constant 32 : index
  // expected-error@+1 {{'pto.partition_view' op offset+size at dim 1 (80) exceeds static source dim (64)}}
  %p = pto.partition_view %v, offsets = [%n, %c48], sizes = [%n, %c32] : !pto.tensor_view<64x64xf16> -> !pto.partition_tensor_view<?x32xf16>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<?x?xf16>, %n: index) {
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  // expected-error@+1 {{'pto.partition_view' op rank-reduced result holds 64 elements but the sizes select 128}}
  %p = pto.partition_view %v, offsets = [%n, %n], sizes = [%c2, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64xf16>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'pto.alloc_tile' op valid_row operand is required because result type v_row is ?}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16, valid=?x16>
  return
}

// -----

func.func @f(%r: index) {
  // expected-error@+1 {{'pto.alloc_tile' op valid_col operand is required because result type v_col is ?}}
  %t = pto.alloc_tile valid_row = %r : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
  return
}

// -----

func.func @f(%r: index) {
  // expected-error@+1 {{'pto.alloc_tile' op valid_row operand must be absent because result type v_row is 16}}
  %t = pto.alloc_tile valid_row = %r : !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

func.func @f(%r: index) {
  // expected-error@+1 {{'pto.alloc_tile' op valid_col operand must be absent because result type v_col is 8}}
  %t = pto.alloc_tile valid_row = %r valid_col = %r : !pto.tile_buf<vec, 16x16xf16, valid=?x8>
  return
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<16x16xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<left, 16x16xf16>
  // expected-error@+1 {{'pto.tload' op expects tload dst to use loc=vec or loc=mat, got loc=left}}
  pto.tload ins(%pv : !pto.partition_tensor_view<16x16xf16>) outs(%t : !pto.tile_buf<left, 16x16xf16>)
  return
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<16x16xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf16>
  // expected-error@+1 {{'pto.tload' op expects tload dst to use loc=vec or loc=mat, got loc=acc}}
  pto.tload ins(%pv : !pto.partition_tensor_view<16x16xf16>) outs(%t : !pto.tile_buf<acc, 16x16xf16>)
  return
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<16x16xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.tload' op expects src and dst element types to have the same bitwidth, got 'f16' and 'f32'}}
  pto.tload ins(%pv : !pto.partition_tensor_view<16x16xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<0x16xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // expected-error@+1 {{'pto.tload' op expects src shape[0] to be positive}}
  pto.tload ins(%pv : !pto.partition_tensor_view<0x16xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

func.func @f(%pv: !pto.partition_tensor_view<16x16xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<left, 16x16xf16>
  // expected-error@+1 {{'pto.tstore' op expects tstore src to use loc=vec, loc=acc or loc=mat on A2/A3, got loc=left}}
  pto.tstore ins(%t : !pto.tile_buf<left, 16x16xf16>) outs(%pv : !pto.partition_tensor_view<16x16xf16>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x16xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 16x16xf16>
  // expected-error@+1 {{'pto.tmov' op unsupported tmov from loc=left to loc=right on A2/A3 (supported: mat->left|right|bias|scaling, acc->mat|vec, vec->vec)}}
  pto.tmov ins(%l : !pto.tile_buf<left, 16x16xf16>) outs(%r : !pto.tile_buf<right, 16x16xf16>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32>
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x16xf32>
  // expected-error@+1 {{'pto.tmov' op unsupported tmov from loc=acc to loc=left}}
  pto.tmov ins(%a : !pto.tile_buf<acc, 16x16xf32>) outs(%l : !pto.tile_buf<left, 16x16xf32>)
  return
}

// -----

func.func @f() {
  %v = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 16x16xf16>
  // expected-error@+1 {{'pto.tmov' op unsupported tmov from loc=vec to loc=right}}
  pto.tmov ins(%v : !pto.tile_buf<vec, 16x16xf16>) outs(%r : !pto.tile_buf<right, 16x16xf16>)
  return
}

// -----

func.func @f() {
  %m = pto.alloc_tile : !pto.tile_buf<mat, 16x32xf16>
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x16xf16>
  // expected-error@+1 {{'pto.tmov' op expects src and dst tiles of the same shape, got 16x32 and 16x16}}
  pto.tmov ins(%m : !pto.tile_buf<mat, 16x32xf16>) outs(%l : !pto.tile_buf<left, 16x16xf16>)
  return
}

// -----

func.func @f(%i: index) {
  %m = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16>
  %s = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16>
  %n = arith.constant -16 : index
  // expected-error@+1 {{'pto.textract' op expects indexRow to be non-negative}}
  pto.textract ins(%m, %n, %i : !pto.tile_buf<mat, 32x32xf16>, index, index) outs(%s : !pto.tile_buf<mat, 16x16xf16>)
  return
}

// -----

func.func @f(%i: index) {
  %m = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16>
  %s = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16>
  %c24 = arith.constant 24 : index
  // expected-error@+1 {{'pto.textract' op expects indexRow + dst.rows <= src.rows (24 + 16 > 32)}}
  pto.textract ins(%m, %c24, %i : !pto.tile_buf<mat, 32x32xf16>, index, index) outs(%s : !pto.tile_buf<mat, 16x16xf16>)
  return
}

// -----

func.func @f(%i: index) {
  %m = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16>
  %s = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16>
  %n = arith.constant -1 : index
  // expected-error@+1 {{'pto.textract' op expects indexCol to be non-negative}}
  pto.textract ins(%m, %i, %n : !pto.tile_buf<mat, 32x32xf16>, index, index) outs(%s : !pto.tile_buf<mat, 16x16xf16>)
  return
}

// -----

func.func @f(%i: index) {
  %m = pto.alloc_tile : !pto.tile_buf<mat, 32x32xf16>
  %s = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16>
  %c32 = arith.constant 32 : index
  // expected-error@+1 {{'pto.textract' op expects indexCol + dst.cols <= src.cols (32 + 16 > 32)}}
  pto.textract ins(%m, %i, %c32 : !pto.tile_buf<mat, 32x32xf16>, index, index) outs(%s : !pto.tile_buf<mat, 16x16xf16>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<mat, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xf16>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32>
  // expected-error@+1 {{'pto.tmatmul' op expects lhs, rhs, and dst to use the left, right, and acc address spaces, got mat, right, acc}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<mat, 16x32xf16>, !pto.tile_buf<right, 32x64xf16>) outs(%d : !pto.tile_buf<acc, 16x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xf16>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
  // expected-error@+1 {{'pto.tmatmul' op expects lhs, rhs, and dst to use the left, right, and acc address spaces, got left, right, vec}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 32x64xf16>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 16x64xf16>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32>
  // expected-error@+1 {{'pto.tmatmul' op expects static matmul tile shapes lhs[M,K], rhs[K,N], and dst[M,N] (valid dims where static), got lhs[16,32], rhs[16,64], dst[16,64]}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 16x64xf16>) outs(%d : !pto.tile_buf<acc, 16x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xf16>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 32x64xf32>
  // expected-error@+1 {{got lhs[16,32], rhs[32,64], dst[32,64]}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 32x64xf16>) outs(%d : !pto.tile_buf<acc, 32x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xi8>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xi8>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32>
  // expected-error@+1 {{'pto.tmatmul' op expects (dst, lhs, rhs) element types to be one of (i32, i8, i8), (f32, f16, f16), (f32, bf16, bf16), (f32, f32, f32), got ('f32', 'i8', 'i8')}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xi8>, !pto.tile_buf<right, 32x64xi8>) outs(%d : !pto.tile_buf<acc, 16x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xbf16>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32>
  // expected-error@+1 {{got ('f32', 'f16', 'bf16')}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 32x64xbf16>) outs(%d : !pto.tile_buf<acc, 16x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xf16>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf16>
  // expected-error@+1 {{got ('f16', 'f16', 'f16')}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 32x64xf16>) outs(%d : !pto.tile_buf<acc, 16x64xf16>)
  return
}

// -----

func.func @f() {
  %a = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32, fractal=1024>
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xf16>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32>
  // expected-error@+1 {{'pto.tmatmul.acc' op expects acc_in and dst to have the same tile_buf type}}
  pto.tmatmul.acc ins(%a, %l, %r : !pto.tile_buf<acc, 16x64xf32, fractal=1024>, !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 32x64xf16>) outs(%d : !pto.tile_buf<acc, 16x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 64x64xf16>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32>
  // expected-error@+1 {{'pto.tmatmul.acc' op expects static matmul tile shapes lhs[M,K], rhs[K,N], and dst[M,N] (valid dims where static), got lhs[16,32], rhs[64,64], dst[16,64]}}
  pto.tmatmul.acc ins(%d, %l, %r : !pto.tile_buf<acc, 16x64xf32>, !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 64x64xf16>) outs(%d : !pto.tile_buf<acc, 16x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xf16>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32>
  // expected-error@+1 {{'pto.tmatmul.bias' op expects bias to use the bias address space, got vec}}
  pto.tmatmul.bias ins(%l, %r, %b : !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 32x64xf16>, !pto.tile_buf<vec, 1x64xf32>) outs(%d : !pto.tile_buf<acc, 16x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xf16>
  %b = pto.alloc_tile : !pto.tile_buf<bias, 1x32xf32>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32>
  // expected-error@+1 {{'pto.tmatmul.bias' op expects bias of shape [1, N] = [1, 64], got [1, 32]}}
  pto.tmatmul.bias ins(%l, %r, %b : !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 32x64xf16>, !pto.tile_buf<bias, 1x32xf32>) outs(%d : !pto.tile_buf<acc, 16x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xf16>
  %b = pto.alloc_tile : !pto.tile_buf<bias, 2x64xf32>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32>
  // expected-error@+1 {{'pto.tmatmul.bias' op expects bias of shape [1, N] = [1, 64], got [2, 64]}}
  pto.tmatmul.bias ins(%l, %r, %b : !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 32x64xf16>, !pto.tile_buf<bias, 2x64xf32>) outs(%d : !pto.tile_buf<acc, 16x64xf32>)
  return
}

// -----

func.func @f() {
  %l = pto.alloc_tile : !pto.tile_buf<right, 16x32xf16>
  %r = pto.alloc_tile : !pto.tile_buf<right, 32x64xf16>
  %b = pto.alloc_tile : !pto.tile_buf<bias, 1x64xf32>
  %d = pto.alloc_tile : !pto.tile_buf<acc, 16x64xf32>
  // expected-error@+1 {{'pto.tmatmul.bias' op expects lhs, rhs, and dst to use the left, right, and acc address spaces, got right, right, acc}}
  pto.tmatmul.bias ins(%l, %r, %b : !pto.tile_buf<right, 16x32xf16>, !pto.tile_buf<right, 32x64xf16>, !pto.tile_buf<bias, 1x64xf32>) outs(%d : !pto.tile_buf<acc, 16x64xf32>)
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'pto.record_event' op attribute 'src_op' failed to satisfy constraint}}
  pto.record_event [#pto.pipe<PIPE_MTE2>, #pto.pipe_event_type<TMATMUL>, #pto.event<EVENT_ID0>]
  return
}

// -----

func.func @addptr_types(%p: !pto.ptr<i8>, %o: index) {
  // expected-error@+1 {{'pto.addptr' op failed to verify that all of {ptr, result} have same type}}
  %q = pto.addptr %p, %o : !pto.ptr<i8> -> !pto.ptr<f16>
  return
}

// -----

// The operand segments are checked from the op's properties
// (ptonz/OperandSegments.h), in MLIR's words.
func.func @segments_sum(%p: !pto.ptr<f16>, %n: index) {
  // expected-error@+1 {{'pto.make_tensor_view' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'}}
  %v = "pto.make_tensor_view"(%p, %n) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!pto.ptr<f16>, index) -> !pto.tensor_view<?xf16>
  return
}

// -----

func.func @segments_negative(%p: !pto.ptr<f16>, %n: index) {
  // expected-error@+1 {{'pto.make_tensor_view' op 'operandSegmentSizes' attribute cannot have negative elements}}
  %v = "pto.make_tensor_view"(%p, %n) <{operandSegmentSizes = array<i32: 1, 2, -1>}> : (!pto.ptr<f16>, index) -> !pto.tensor_view<?xf16>
  return
}
