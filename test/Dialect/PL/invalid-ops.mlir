// Op-verifier rejections of the pl dialect, one per split.
// RUN: ptonz-opt %s --split-input-file --verify-diagnostics

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  // expected-error@+1 {{'pl.tile.load' op has 1 offsets for a rank-2 tensor; give one logical offset per dimension}}
  %x = pl.tile.load %t, offsets = [%i], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  // expected-error@+1 {{'pl.tile.load' op has 3 sizes for a rank-2 tensor; give one size per dimension}}
  %x = pl.tile.load %t, offsets = [%i, %i], sizes = [1, 64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  // expected-error@+1 {{'pl.tile.load' op size 0 of dimension 0 must be positive}}
  %x = pl.tile.load %t, offsets = [%i, %i], sizes = [0, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<512xf16, vec>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  // expected-error@+1 {{'pl.tile.load' op size 8192 of dimension 1 does not fit the tensor (dimension is 4096)}}
  %x = pl.tile.load %t, offsets = [%i, %i], sizes = [1, 8192] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<8192xf16, vec>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  %m = arith.constant -64 : index
  // expected-error@+1 {{'pl.tile.load' op offset -64 of dimension 0 is negative}}
  %x = pl.tile.load %t, offsets = [%m, %i], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  return
}

// -----

func.func @f(%t: !pl.tensor<32x2048x4096xi8, nz>, %i: index) {
  %c3840 = arith.constant 3840 : index
  // expected-error@+1 {{'pl.tile.load' op slice [3840, 4352) of dimension 2 does not fit the tensor (dimension is 4096)}}
  %x = pl.tile.load %t, offsets = [%i, %i, %c3840], sizes = [1, 256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<32x2048x4096xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  // expected-error@+1 {{'pl.tile.load' op tile element type 'bf16' differs from the tensor's 'f16'}}
  %x = pl.tile.load %t, offsets = [%i, %i], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xbf16, vec>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  // expected-error@+1 {{'pl.tile.load' op result tile is in vec memory but target_memory is mat}}
  %x = pl.tile.load %t, offsets = [%i, %i], sizes = [64, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  // expected-error@+1 {{'pl.tile.load' op result tile shape does not match the slice sizes (the tile is the slice with its leading unit dimensions dropped)}}
  %x = pl.tile.load %t, offsets = [%i, %i], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<512x64xf16, vec>
  return
}

// -----

// Only leading unit dimensions may be dropped.
func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  // expected-error@+1 {{'pl.tile.load' op result tile shape does not match the slice sizes}}
  %x = pl.tile.load %t, offsets = [%i, %i], sizes = [64, 1] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64xf16, vec>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  // expected-error@+1 {{'pl.remote_load' op has 1 offsets for a rank-2 tensor}}
  %x = pl.remote_load %t, peer = %i, offsets = [%i], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  %c480 = arith.constant 480 : index
  // expected-error@+1 {{'pl.remote_load' op slice [480, 544) of dimension 0 does not fit the tensor (dimension is 512)}}
  %x = pl.remote_load %t, peer = %i, offsets = [%c480, %i], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %i: index) {
  // expected-error@+1 {{'pl.remote_load' op result tile is in mat memory but target_memory is vec}}
  %x = pl.remote_load %t, peer = %i, offsets = [%i, %i], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, mat>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %x: !pl.tile<64x512xf16, vec>, %i: index) {
  // expected-error@+1 {{'pl.tile.store' op has 3 offsets for a rank-2 tensor}}
  pl.tile.store %x, %t, offsets = [%i, %i, %i] : !pl.tile<64x512xf16, vec>, !pl.tensor<512x4096xf16>
  return
}

// -----

func.func @f(%t: !pl.tensor<512x4096xf16>, %x: !pl.tile<64x512xf32, vec>, %i: index) {
  // expected-error@+1 {{'pl.tile.store' op tile element type 'f32' differs from the tensor's 'f16'}}
  pl.tile.store %x, %t, offsets = [%i, %i] : !pl.tile<64x512xf32, vec>, !pl.tensor<512x4096xf16>
  return
}

// -----

func.func @f(%t: !pl.tensor<4096xf16>, %x: !pl.tile<64x512xf16, vec>, %i: index) {
  // expected-error@+1 {{'pl.tile.store' op tile rank exceeds the tensor rank}}
  pl.tile.store %x, %t, offsets = [%i] : !pl.tile<64x512xf16, vec>, !pl.tensor<4096xf16>
  return
}

// -----

// A view keeps the layout: a slice of NZ is NZ (convert-pl-to-pto decides
// which NZ slices keep the byte order).
func.func @f(%t: !pl.tensor<256x512xi8, nz>, %i: index) {
  // expected-error@+1 {{'pl.tensor.view' op cannot change the layout (nz -> nd)}}
  %v = pl.tensor.view %t, offsets = [%i, %i] : !pl.tensor<256x512xi8, nz> -> !pl.tensor<64x64xi8>
  return
}

// -----

func.func @f(%t: !pl.tensor<256x512xi8>, %i: index) {
  // expected-error@+1 {{'pl.tensor.view' op cannot change the layout (nd -> nz)}}
  %v = pl.tensor.view %t, offsets = [%i, %i] : !pl.tensor<256x512xi8> -> !pl.tensor<64x64xi8, nz>
  return
}

// -----

func.func @f(%t: !pl.tensor<256x512xi8, nz>) {
  // expected-error@+1 {{'pl.tensor.reshape' op source and result must hold the same number of elements (131072 vs 4096)}}
  %v = pl.tensor.reshape %t : !pl.tensor<256x512xi8, nz> -> !pl.tensor<4096xi8>
  return
}

// -----

func.func @f(%t: !pl.tensor<256x512xi8, nz>) {
  // expected-error@+1 {{'pl.tensor.reshape' op result must be nd (a reshape reads the elements in row-major order), got nz}}
  %v = pl.tensor.reshape %t : !pl.tensor<256x512xi8, nz> -> !pl.tensor<512x256xi8, nz>
  return
}

// -----

func.func @f(%t: !pl.tensor<256x512xi8>) {
  // expected-error@+1 {{'pl.tensor.reshape' op cannot change the element type}}
  %v = pl.tensor.reshape %t : !pl.tensor<256x512xi8> -> !pl.tensor<131072xui8>
  return
}

// -----

func.func @f(%t: !pl.tensor<800x512xi8, nz>, %i: index) {
  // expected-error@+1 {{'pl.tile.load' op has 1 valid_shape values for a rank-2 tile; give one per tile dimension (or none)}}
  %x = pl.tile.load %t, offsets = [%i, %i], sizes = [256, 512], valid_shape = [%i] {target_memory = #pl.memory<mat>} : !pl.tensor<800x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}

// -----

func.func @f(%t: !pl.tensor<256x512xi8>, %i: index) {
  // expected-error@+1 {{'pl.tensor.view' op cannot change the layout (nd -> dn)}}
  %v = pl.tensor.view %t, offsets = [%i, %i] : !pl.tensor<256x512xi8> -> !pl.tensor<64x64xi8, dn>
  return
}

// -----

func.func @f(%t: !pl.tensor<256x512xi8>, %i: index) {
  // expected-error@+1 {{'pl.tensor.view' op cannot change the element type}}
  %v = pl.tensor.view %t, offsets = [%i, %i] : !pl.tensor<256x512xi8> -> !pl.tensor<64x64xui8>
  return
}

// -----

func.func @f(%t: !pl.tensor<256x512xi8>, %i: index) {
  // expected-error@+1 {{'pl.tensor.view' op needs one offset per source dimension and a result of the same rank}}
  %v = pl.tensor.view %t, offsets = [%i] : !pl.tensor<256x512xi8> -> !pl.tensor<64x64xi8>
  return
}

// -----

func.func @f(%t: !pl.tensor<256x512xi8>, %i: index) {
  // expected-error@+1 {{'pl.tensor.view' op needs one offset per source dimension and a result of the same rank}}
  %v = pl.tensor.view %t, offsets = [%i, %i] : !pl.tensor<256x512xi8> -> !pl.tensor<4096xi8>
  return
}

// -----

func.func @f(%t: !pl.tensor<256x512xi8>, %i: index) {
  // expected-error@+1 {{'pl.tensor.view' op result dimension 1 (1024) exceeds the source dimension (512)}}
  %v = pl.tensor.view %t, offsets = [%i, %i] : !pl.tensor<256x512xi8> -> !pl.tensor<64x1024xi8>
  return
}

// -----

func.func @f(%t: !pl.tensor<256x512xi8, nz>) {
  // expected-error@+1 {{'pl.tensor.reinterpret_view' op is not defined on NZ tensors (the source is nz): reinterpreting fractal-ordered bytes with another shape reads the wrong elements; slice an NZ tensor only with pl.tile.load into mat memory}}
  %v = pl.tensor.reinterpret_view %t : !pl.tensor<256x512xi8, nz> -> !pl.tensor<131072xi8>
  return
}

// -----

func.func @f(%t: !pl.tensor<131072xi8>) {
  // expected-error@+1 {{'pl.tensor.reinterpret_view' op is not defined on NZ tensors (the result is nz)}}
  %v = pl.tensor.reinterpret_view %t : !pl.tensor<131072xi8> -> !pl.tensor<256x512xi8, nz>
  return
}

// -----

func.func @f(%t: !pl.tensor<64x256xi32>) {
  // expected-error@+1 {{'pl.tensor.reinterpret_view' op source and result must hold the same number of bits (524288 vs 262144)}}
  %v = pl.tensor.reinterpret_view %t : !pl.tensor<64x256xi32> -> !pl.tensor<16384xi16>
  return
}

// -----

func.func @f(%x: !pl.tile<64x512xi8, vec>, %w: !pl.tile<256x512xi8, mat>) {
  // expected-error@+1 {{'pl.tile.matmul' op lhs is a vec tile; matmul operands are mat tiles (load them with target_memory = #pl.memory<mat>; the lowering moves them to left/right)}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x512xi8, vec>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
  return
}

// -----

func.func @f(%x: !pl.tile<64x512xi8, mat>, %w: !pl.tile<256x512xi8, right>) {
  // expected-error@+1 {{'pl.tile.matmul' op rhs is a right tile; matmul operands are mat tiles}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, right> -> !pl.tile<64x256xi32, acc>
  return
}

// -----

func.func @f(%x: !pl.tile<64x512xi8, mat>, %w: !pl.tile<256x512xi8, mat>) {
  // expected-error@+1 {{'pl.tile.matmul' op result is a vec tile; a matmul accumulates into an acc tile}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, vec>
  return
}

// -----

func.func @f(%x: !pl.tile<512xi8, mat>, %w: !pl.tile<256x512xi8, mat>) {
  // expected-error@+1 {{'pl.tile.matmul' op lhs must be a rank-2 tile, got 512}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
  return
}

// -----

func.func @f(%x: !pl.tile<64x512xf16, mat>, %w: !pl.tile<256x512xbf16, mat>) {
  // expected-error@+1 {{'pl.tile.matmul' op lhs and rhs element types differ ('f16' vs 'bf16')}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x512xf16, mat>, !pl.tile<256x512xbf16, mat> -> !pl.tile<64x256xf32, acc>
  return
}

// -----

func.func @f(%x: !pl.tile<64x512xi8, mat>, %w: !pl.tile<256x512xi8, mat>) {
  // expected-error@+1 {{'pl.tile.matmul' op 'i8' operands accumulate into 'i32' (i8 -> i32, f16/bf16/f32 -> f32), but the result element type is 'f32'}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xf32, acc>
  return
}

// -----

func.func @f(%x: !pl.tile<64x512xf16, mat>, %w: !pl.tile<256x512xf16, mat>) {
  // expected-error@+1 {{'pl.tile.matmul' op 'f16' operands accumulate into 'f32' (i8 -> i32, f16/bf16/f32 -> f32), but the result element type is 'f16'}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x512xf16, mat>, !pl.tile<256x512xf16, mat> -> !pl.tile<64x256xf16, acc>
  return
}

// -----

func.func @f(%x: !pl.tile<64x512xi16, mat>, %w: !pl.tile<256x512xi16, mat>) {
  // expected-error@+1 {{'pl.tile.matmul' op has 'i16' operands; the cube multiplies i8, f16, bf16 or f32}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x512xi16, mat>, !pl.tile<256x512xi16, mat> -> !pl.tile<64x256xi32, acc>
  return
}

// -----

func.func @f(%x: !pl.tile<64x512xi8, mat>, %w: !pl.tile<256x512xi8, mat>) {
  // The weight is stored [N, K]: without b_trans the K dimensions do not meet.
  // expected-error@+1 {{'pl.tile.matmul' op contracts lhs 64x512 (M x K) with rhs 256x512 (K x N): the K dimensions differ (512 vs 256); for a weight stored N x K add b_trans}}
  %a = pl.tile.matmul %x, %w : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x512xi32, acc>
  return
}

// -----

func.func @f(%x: !pl.tile<64x512xi8, mat>, %w: !pl.tile<256x256xi8, mat>) {
  // expected-error@+1 {{'pl.tile.matmul' op contracts lhs 64x512 (M x K) with rhs 256x256 (N x K, b_trans): the K dimensions differ (512 vs 256)}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x256xi8, mat> -> !pl.tile<64x256xi32, acc>
  return
}

// -----

func.func @f(%x: !pl.tile<64x512xi8, mat>, %w: !pl.tile<256x512xi8, mat>) {
  // expected-error@+1 {{'pl.tile.matmul' op result must be 64x256 (M x N), got 256x64}}
  %a = pl.tile.matmul %x, %w b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<256x64xi32, acc>
  return
}

// -----

func.func @f(%acc: !pl.tile<64x256xi32, acc>, %x: !pl.tile<64x512xi8, mat>, %w: !pl.tile<512x256xi8, mat>) {
  // expected-error@+1 {{'pl.tile.matmul_acc' op contracts lhs 64x512 (M x K) with rhs 512x256 (N x K, b_trans): the K dimensions differ (512 vs 256)}}
  %a = pl.tile.matmul_acc %acc, %x, %w b_trans : !pl.tile<64x256xi32, acc>, !pl.tile<64x512xi8, mat>, !pl.tile<512x256xi8, mat>
  return
}

// -----

func.func @f(%acc: !pl.tile<64x128xi32, acc>, %x: !pl.tile<64x512xi8, mat>, %w: !pl.tile<256x512xi8, mat>) {
  // expected-error@+1 {{'pl.tile.matmul_acc' op result must be 64x256 (M x N), got 64x128}}
  %a = pl.tile.matmul_acc %acc, %x, %w b_trans : !pl.tile<64x128xi32, acc>, !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat>
  return
}

// -----

func.func @f(%acc: !pl.tile<64x256xi32, mat>, %x: !pl.tile<64x512xi8, mat>, %w: !pl.tile<256x512xi8, mat>) {
  // expected-error@+1 {{'pl.tile.matmul_acc' op result is a mat tile; a matmul accumulates into an acc tile}}
  %a = pl.tile.matmul_acc %acc, %x, %w b_trans : !pl.tile<64x256xi32, mat>, !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat>
  return
}

// -----

func.func @f(%acc: !pl.tile<64x256xi32, acc>, %out: !pl.tensor<512x2048xi32>) {
  %c0 = arith.constant 0 : index
  %c1920 = arith.constant 1920 : index
  // expected-error@+1 {{'pl.tile.store' op slice [1920, 2176) of dimension 1 does not fit the tensor (dimension is 2048)}}
  pl.tile.store %acc, %out, offsets = [%c0, %c1920] : !pl.tile<64x256xi32, acc>, !pl.tensor<512x2048xi32>
  return
}

// -----

func.func @f(%acc: !pl.tile<64x256xi32, acc>, %out: !pl.tensor<512x128xi32>, %i: index) {
  // expected-error@+1 {{'pl.tile.store' op tile dimension 256 does not fit dimension 1 of the tensor (128)}}
  pl.tile.store %acc, %out, offsets = [%i, %i] : !pl.tile<64x256xi32, acc>, !pl.tensor<512x128xi32>
  return
}

// -----

func.func @f(%acc: !pl.tile<64x256xi32, acc>, %out: !pl.tensor<512x2048xi32>, %i: index) {
  %m = arith.constant -64 : index
  // expected-error@+1 {{'pl.tile.store' op offset -64 of dimension 0 is negative}}
  pl.tile.store %acc, %out, offsets = [%m, %i] : !pl.tile<64x256xi32, acc>, !pl.tensor<512x2048xi32>
  return
}

// -----

func.func @f(%t: !pl.tensor<800x512xi8, nz>, %i: index) {
  %c513 = arith.constant 513 : index
  // expected-error@+1 {{'pl.tile.load' op valid_shape[1] = 513 is outside the tile's dimension [0, 512]}}
  %x = pl.tile.load %t, offsets = [%i, %i], sizes = [256, 512], valid_shape = [%i, %c513] {target_memory = #pl.memory<mat>} : !pl.tensor<800x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}

// -----

// An MX scale tensor's backing alias is between nd and one MX layout only.
func.func @f(%t: !pl.tensor<16x2xf8E8M0FNU, mx_a_zz>) {
  // expected-error@+1 {{'pl.tensor.reinterpret_view' op of an MX scale tensor is defined only as a backing alias between nd and one MX layout (mx_a_zz -> mx_b_nn is not): the same f8E8M0FNU bytes, seen as raw bytes or as boxed scales}}
  %x = pl.tensor.reinterpret_view %t : !pl.tensor<16x2xf8E8M0FNU, mx_a_zz> -> !pl.tensor<2x16xf8E8M0FNU, mx_b_nn>
  return
}
