// Every rejection of pto-declare-nz-args, one per split; the declarations are
// the argument attributes that --nz-arg / --arg-range write.
// RUN: ptonz-opt --split-input-file --verify-diagnostics --pto-declare-nz-args %s

// A pointer to elements without a C0 line.
// expected-error@+1 {{argument 0 of @f80 (declared NZ) points to f80, which has no NZ fractal}}
func.func @f80(%p: !pto.ptr<f80> {ptonz.nz_shape = array<i64: 256, 512>}) {
  return
}

// -----

// A packed FP4 pair: one byte, but two 4-bit values (sub-byte NZ is
// unsettled; was: accepted as a one-byte element).
// expected-error@+1 {{argument 0 of @fp4_pair (declared NZ) points to !pto.f4E2M1x2, which has no NZ fractal (sub-byte NZ is unsettled}}
func.func @fp4_pair(%p: !pto.ptr<!pto.f4E2M1x2> {ptonz.nz_shape = array<i64: 256, 512>}) {
  return
}

// -----

// expected-error@+1 {{24 rows (shape 24x512) are not a multiple of 16}}
func.func @rows(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 24, 512>}) {
  return
}

// -----

// expected-error@+1 {{40 columns (shape 32x40) are not a multiple of c0 = 16 (f16: one 32-byte C0 line)}}
func.func @cols(%p: !pto.ptr<f16> {ptonz.nz_shape = array<i64: 32, 40>}) {
  return
}

// -----

// Without a shape, the views that read the pointer must agree.
func.func @disagree(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  // expected-note@+1 {{the other view}}
  %a = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{this view is 1024x512 but another view of the same pointer is 256x512: they would need different NZ byte orders}}
  %b = pto.make_tensor_view %p, shape = [%c1024, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %pa = pto.partition_view %a, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %pb = pto.partition_view %b, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  return
}

// -----

// A view whose columns are not the packing's: another byte order.
func.func @other_order(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 256, 512>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{this view is 512x256, but the bytes are packed as NZ 256x512}}
  %a = pto.make_tensor_view %p, shape = [%c512, %c256], strides = [%c256, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %pa = pto.partition_view %a, offsets = [%c0, %c0], sizes = [%c256, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x256xi8>
  return
}

// -----

// A SHAPE whose product does not cover the views.
func.func @too_big(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 4, 256, 512>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  // expected-error@+1 {{this 2048x512 view (starting at matrix 0) reaches past the declared 4x256x512 tensor}}
  %a = pto.make_tensor_view %p, shape = [%c2048, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %pa = pto.partition_view %a, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  return
}

// -----

// A strided view does not read the tensor element by element.
func.func @strided(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 256, 512>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  // expected-error@+1 {{this view has strides [1024, 1], not the row-major strides [512, 1] of its shape}}
  %a = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [%c1024, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %pa = pto.partition_view %a, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  return
}

// -----

// A flattened tile that may cross from one matrix into the next.
func.func @straddle(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 4, 256, 512>}, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %a = pto.make_tensor_view %p, shape = [%c1024, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %m = arith.muli %r, %c16 : index
  %o = arith.maxsi %m, %c0 : index
  // expected-error@+1 {{cannot prove that the 128-row tile at this flattened row offset stays inside one 256-row matrix: the offset is not proven a multiple of 128}}
  %pa = pto.partition_view %a, offsets = [%o, %c0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
  return
}

// -----

// The same offset with a declared range that keeps the tile in matrix 0 is
// proven (no error).
func.func @straddle_bounded(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 4, 256, 512>}, %r: index {ptonz.arg_range = array<i64: 0, 9>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %a = pto.make_tensor_view %p, shape = [%c1024, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %m = arith.muli %r, %c16 : index
  %o = arith.maxsi %m, %c0 : index
  %pa = pto.partition_view %a, offsets = [%o, %c0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
  return
}

// -----

// A constant flattened row offset whose tile crosses a matrix boundary.
func.func @straddle_constant(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 4, 256, 512>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c192 = arith.constant 192 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %a = pto.make_tensor_view %p, shape = [%c1024, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{the 128-row tile at flattened row 192 crosses from matrix 0 into the next}}
  %pa = pto.partition_view %a, offsets = [%c192, %c0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
  return
}

// -----

// Any other use of the pointer.
func.func @scalar_read(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 256, 512>}) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{the NZ-declared pointer is used by 'pto.load_scalar'}}
  %v = pto.load_scalar %p[%c0] : !pto.ptr<i8> -> i8
  return
}

// -----

// A view that nothing reads is left as it is, whatever its shape.
func.func @unread(%p: !pto.ptr<i8> {ptonz.nz_shape = array<i64: 256, 512>}) {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %a = pto.make_tensor_view %p, shape = [%c7, %c7], strides = [%c7, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// A dynamic extent takes the declared packing's (pypto's `[%arg4, 5120]`
// weight views): accepted, and the view gets the SHAPE's extents.
func.func @dynamic_rows(%p: !pto.ptr<bf16> {ptonz.nz_shape = array<i64: 256, 512>}, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %a = pto.make_tensor_view %p, shape = [%rows, %c512], strides = [%c512, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xbf16>
  %pa = pto.partition_view %a, offsets = [%c0, %c0], sizes = [%c64, %c512] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<64x512xbf16>
  return
}

// -----

// ... but not one whose static extents are not the SHAPE's.
func.func @dynamic_other(%p: !pto.ptr<bf16> {ptonz.nz_shape = array<i64: 256, 512>}, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{a view of it with a dynamic shape (?x256) that is not the declared 256x512 in its static dimensions}}
  %a = pto.make_tensor_view %p, shape = [%rows, %c256], strides = [%c256, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xbf16>
  %pa = pto.partition_view %a, offsets = [%c0, %c0], sizes = [%c64, %c256] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<64x256xbf16>
  return
}

// -----

// A dense array of an element type MLIR's Python bindings have no class for
// (fuzzer finding, seed 60 #12433: reading it aborted the process).
// expected-error@+1 {{argument 0 of @f80_shape: ptonz.nz_shape must be an array<i64: ...> (the logical shape), got array<f80>}}
func.func @f80_shape(%p: !pto.ptr<i8> {ptonz.nz_shape = array<f80>}) {
  return
}

// -----

// A range declaration written in the kernel that declares no range (was:
// ignored by the analyses, and an internal error in --check-addressing for
// one of fewer than two values).
// expected-error@+1 {{argument 1 of @short_range: ptonz.arg_range = array<i64: 0> declares no range: it has 1 values, not 2 (LO, HI) or 3 (LO, HI, STEP); write the values the launch gives it as array<i64: LO, HI[, STEP]>}}
func.func @short_range(%p: !pto.ptr<i8>, %n: index {ptonz.arg_range = array<i64: 0>}) {
  return
}

// -----

// expected-error@+1 {{argument 0 of @f16_range: ptonz.arg_range = array<f16> declares no range: it is not an array<i64: LO, HI> or array<i64: LO, HI, STEP>}}
func.func @f16_range(%n: i32 {ptonz.arg_range = array<f16>}) {
  return
}

// -----

// expected-error@+1 {{argument 0 of @empty_range: ptonz.arg_range = array<i64: 4, 0> declares no range: the range [4, 0) is empty (LO must be below HI)}}
func.func @empty_range(%n: i32 {ptonz.arg_range = array<i64: 4, 0>}) {
  return
}

// -----

// expected-error@+1 {{argument 0 of @zero_step: ptonz.arg_range = array<i64: 0, 64, 0> declares no range: STEP 0 is not positive}}
func.func @zero_step(%n: index {ptonz.arg_range = array<i64: 0, 64, 0>}) {
  return
}

// -----

// The last value taken, 255, does not fit an i8.
// expected-error@+1 {{argument 0 of @wide_range: ptonz.arg_range = array<i64: 0, 256> declares no range: its values 0 to 255 do not fit the argument's 8-bit type (signed [-128, 128))}}
func.func private @wide_range(%n: i8 {ptonz.arg_range = array<i64: 0, 256>})

// -----

// expected-error@+1 {{argument 0 of @pointer_range: ptonz.arg_range = array<i64: 0, 4> declares no range: the argument is !pto.ptr<i8>, not an integer or index scalar}}
func.func @pointer_range(%p: !pto.ptr<i8> {ptonz.arg_range = array<i64: 0, 4>}) {
  return
}

// -----

// A step that leaves the last value inside the type is a range: 0, 100 (of
// [0, 200) in steps of 100) fit an i8.
func.func @stepped_range(%n: i8 {ptonz.arg_range = array<i64: 0, 200, 100>}) {
  return
}
