// What convert-pl-to-pto cannot lower is rejected at the op, never dropped.
// RUN: ptonz-opt --split-input-file --verify-diagnostics --convert-pl-to-pto %s

func.func @nz_into_vec(%w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: an NZ tensor can only be loaded into mat memory (got vec): NZ->NZ loads feed the cube's B operand; load into mat, or annotate the tensor nd}}
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<64x512xi8, vec>
  return
}

// -----

func.func @nz_into_left(%w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: an NZ tensor can only be loaded into mat memory (got left)}}
  %t = pl.tile.load %w, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<left>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<64x512xi8, left>
  return
}

// -----

func.func @nd_into_acc(%x: !pl.tensor<64x256xi32>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: pl.tile.load into acc memory has no single pto.tload form (TLOAD writes vec or mat tiles); load into mat and move the tile}}
  %t = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 256] {target_memory = #pl.memory<acc>} : !pl.tensor<64x256xi32> -> !pl.tile<64x256xi32, acc>
  return
}

// -----

func.func @nz_store(%w: !pl.tensor<256x512xi8, nz>, %x: !pl.tensor<256x512xi8>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<256x512xi8> -> !pl.tile<64x512xi8, vec>
  // expected-error@+1 {{convert-pl-to-pto: an NZ tensor cannot be a store destination: ptonz's NZ support is read-only (weights already packed in GM); store to an nd tensor}}
  pl.tile.store %t, %w, offsets = [%c0, %c0] : !pl.tile<64x512xi8, vec>, !pl.tensor<256x512xi8, nz>
  return
}

// -----

func.func @store_of_argument_tile(%t: !pl.tile<64x512xi8, vec>, %x: !pl.tensor<256x512xi8>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: pl.tile.store must store a tile made by pl.tile.load}}
  pl.tile.store %t, %x, offsets = [%c0, %c0] : !pl.tile<64x512xi8, vec>, !pl.tensor<256x512xi8>
  return
}

// -----

func.func @nz_remote_load(%w: !pl.tensor<256x512xi8, nz>, %peer: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: distributed (remote) loads of an NZ tensor are not supported: remote_load has no blocked NZ form; annotate the remote tensor nd}}
  %t = pl.remote_load %w, peer = %peer, offsets = [%c0, %c0], sizes = [256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  return
}

// -----

func.func @nd_remote_load(%x: !pl.tensor<512x4096xf16>, %peer: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: pl.remote_load has no pto lowering in ptonz; lower distributed loads with your runtime before this pass}}
  %t = pl.remote_load %x, peer = %peer, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<vec>} : !pl.tensor<512x4096xf16> -> !pl.tile<64x512xf16, vec>
  return
}

// -----

func.func @tensor_view(%x: !pl.tensor<512x4096xf16>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: pl.tensor.view has no pto lowering in ptonz; slice tensors with pl.tile.load / pl.tile.store offsets instead}}
  %v = pl.tensor.view %x, offsets = [%c0, %c0] : !pl.tensor<512x4096xf16> -> !pl.tensor<64x512xf16>
  return
}

// -----

func.func @reinterpret_view(%x: !pl.tensor<64x256xi32>) {
  // expected-error@+1 {{convert-pl-to-pto: pl.tensor.reinterpret_view has no pto lowering in ptonz}}
  %v = pl.tensor.reinterpret_view %x : !pl.tensor<64x256xi32> -> !pl.tensor<16384xi32>
  return
}

// -----

// expected-error@+1 {{convert-pl-to-pto: argument #0 has a dynamic shape (!pl.tensor<?x512xi8>): make_tensor_view needs the logical shape as constants; give the tensor a static shape}}
func.func @dynamic_argument(%x: !pl.tensor<?x512xi8>) {
  return
}

// -----

func.func private @use(!pl.tensor<64x256xi32>)

func.func @tensor_passed_to_external(%x: !pl.tensor<64x256xi32>) {
  // expected-error@+1 {{convert-pl-to-pto: a !pl.tensor is passed to @use, which is not a function of this module: its pl tensor arguments must be lowered with it}}
  func.call @use(%x) : (!pl.tensor<64x256xi32>) -> ()
  return
}

// -----

// Beside calls to a function of the module (lowered together), the one
// call to a declaration is rejected, in a caller that loads too.
func.func private @missing(!pl.tensor<64x256xi32>)
func.func private @present(%x: !pl.tensor<64x256xi32>) {
  return
}
func.func @good_caller(%x: !pl.tensor<64x256xi32>) {
  func.call @present(%x) : (!pl.tensor<64x256xi32>) -> ()
  return
}
func.func @bad_caller(%x: !pl.tensor<64x256xi32>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 256]
      {target_memory = #pl.memory<vec>} : !pl.tensor<64x256xi32> -> !pl.tile<64x256xi32, vec>
  func.call @present(%x) : (!pl.tensor<64x256xi32>) -> ()
  // expected-error@+1 {{convert-pl-to-pto: a !pl.tensor is passed to @missing, which is not a function of this module}}
  func.call @missing(%x) : (!pl.tensor<64x256xi32>) -> ()
  return
}

// -----

func.func @tensor_used_by_other_op(%x: !pl.tensor<64x256xi32>) -> !pl.tensor<64x256xi32> {
  // expected-error@+1 {{convert-pl-to-pto: a !pl.tensor is used by 'func.return', which convert-pl-to-pto cannot lower; only pl.tile.load / pl.tile.store, pl.tensor.view / pl.tensor.reshape and func.call use a tensor}}
  return %x : !pl.tensor<64x256xi32>
}

// -----

// Slicing the trailing plane of an NZ tensor (pypto
// test_rejects_a_slice_inside_the_fractal_plane).
func.func @nz_row_slice(%w: !pl.tensor<512x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{convert-pl-to-pto: an NZ tensor keeps its byte order under slicing the leading axes only: this slice ([512, 512] -> [256, 512]) narrows the trailing [R, C] fractal plane}}
  %v = pl.tensor.view %w, offsets = [%c256, %c0] : !pl.tensor<512x512xi8, nz> -> !pl.tensor<256x512xi8, nz>
  return
}

// -----

// Two narrowed leading axes (pypto test_rejects_a_leading_window_under_a_spanning_axis):
// [2, 4] -> [2, 2] at [0, 1] names batches {1, 2, 5, 6}, not one run.
func.func @nz_window_under_spanning_axis(%w: !pl.tensor<2x4x256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{convert-pl-to-pto: a slice of an NZ tensor may put a window on one leading axis only, below axes of size 1: [2, 4, 256, 512] -> [2, 2, 256, 512] narrows axis 1 under axis 0, which spans 2 entries}}
  %v = pl.tensor.view %w, offsets = [%c0, %c1, %c0, %c0] : !pl.tensor<2x4x256x512xi8, nz> -> !pl.tensor<2x2x256x512xi8, nz>
  return
}

// -----

// A leading offset whose range leaves the axis.
func.func @nz_slice_unbounded_offset(%w: !pl.tensor<4x256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %b = pl.get_block_idx
  // expected-error@+1 {{convert-pl-to-pto: cannot prove that the leading offset on axis 0 of this NZ slice is in [0, 2] (its range is [0, 65534])}}
  %v = pl.tensor.view %w, offsets = [%b, %c0, %c0] : !pl.tensor<4x256x512xi8, nz> -> !pl.tensor<2x256x512xi8, nz>
  return
}

// -----

// A reshape of NZ that is not a whole-tensor flatten (pypto
// test_rejects_a_reshape_that_is_not_a_whole_tensor_flatten).
func.func @nz_partial_reshape(%w: !pl.tensor<256x512xi8, nz>) {
  // expected-error@+1 {{convert-pl-to-pto: of an NZ tensor only a whole-tensor 'tensor.reshape' flatten to [131072] is defined}}
  %r = pl.tensor.reshape %w : !pl.tensor<256x512xi8, nz> -> !pl.tensor<128x1024xi8>
  return
}

// -----

// A windowed read of a flattened NZ tensor.
func.func @nz_flat_windowed(%w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %r = pl.tensor.reshape %w : !pl.tensor<256x512xi8, nz> -> !pl.tensor<131072xi8>
  // expected-error@+1 {{convert-pl-to-pto: a flattened NZ tensor may only be read whole (offset 0, size 131072: a prefetch of every byte, in any order); a windowed read of it returns NZ-ordered bytes, not logical elements; load the logical NZ tensor instead}}
  %t = pl.tile.load %r, offsets = [%c0], sizes = [512] {target_memory = #pl.memory<vec>} : !pl.tensor<131072xi8> -> !pl.tile<512xi8, vec>
  return
}

// -----

func.func @kernel(%x: !pl.tensor<131072xi8>) {
  return
}

// A flattened NZ tensor passed on could be windowed by the callee.
func.func @nz_flat_passed(%w: !pl.tensor<256x512xi8, nz>) {
  %r = pl.tensor.reshape %w : !pl.tensor<256x512xi8, nz> -> !pl.tensor<131072xi8>
  // expected-error@+1 {{convert-pl-to-pto: a flattened NZ tensor may only be read whole by pl.tile.load (a prefetch)}}
  func.call @kernel(%r) : (!pl.tensor<131072xi8>) -> ()
  return
}

// -----

func.func private @use_tile(!pl.tile<64x256xi32, vec>)

func.func @tile_passed_to_call(%x: !pl.tensor<64x256xi32>) {
  %c0 = arith.constant 0 : index
  %t = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 256] {target_memory = #pl.memory<vec>} : !pl.tensor<64x256xi32> -> !pl.tile<64x256xi32, vec>
  // expected-error@+1 {{convert-pl-to-pto: a pl tile is used by 'func.call', which convert-pl-to-pto cannot lower (pl tiles are read by pl.tile.store, pl.tile.matmul and pl.tile.matmul_acc)}}
  func.call @use_tile(%t) : (!pl.tile<64x256xi32, vec>) -> ()
  return
}

// -----

// The cube moves 16-row fractals and 32-byte C0 lines.
func.func @unaligned(%x: !pl.tensor<64x512xi8>, %w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [40, 496] {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<40x496xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 496] {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x496xi8, mat>
  // expected-error@+1 {{convert-pl-to-pto: M = 40 is not a multiple of 16; K = 496 is not a multiple of 32: the cube moves i8 tiles in 16-row fractals and 32-byte C0 lines (M % 16, K % 32, N % 16); pad or re-tile the operands}}
  %a = pl.tile.matmul %xt, %wt b_trans : !pl.tile<40x496xi8, mat>, !pl.tile<256x496xi8, mat> -> !pl.tile<40x256xi32, acc>
  return
}

// -----

// Without b_trans the i8 right operand is transposed into L0B in 32x32 squares.
func.func @unaligned_n(%x: !pl.tensor<64x512xi8>, %w: !pl.tensor<512x48xi8>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<64x512xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [512, 48] {target_memory = #pl.memory<mat>} : !pl.tensor<512x48xi8> -> !pl.tile<512x48xi8, mat>
  // expected-error@+1 {{convert-pl-to-pto: N = 48 is not a multiple of 32: the cube moves i8 tiles in 16-row fractals and 32-byte C0 lines (M % 16, K % 32, N % 32 without b_trans)}}
  %a = pl.tile.matmul %xt, %wt : !pl.tile<64x512xi8, mat>, !pl.tile<512x48xi8, mat> -> !pl.tile<64x48xi32, acc>
  return
}

// -----

func.func @acc_too_large(%x: !pl.tensor<256x512xi8>, %w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [256, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8> -> !pl.tile<256x64xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x64xi8, mat>
  // expected-error@+1 {{convert-pl-to-pto: the 256x256xi32 accumulator needs 262144 bytes, more than the 131072 bytes of acc (L0C) on A2/A3; use smaller M or N tiles}}
  %a = pl.tile.matmul %xt, %wt b_trans : !pl.tile<256x64xi8, mat>, !pl.tile<256x64xi8, mat> -> !pl.tile<256x256xi32, acc>
  return
}

// -----

func.func @l0_too_small(%x: !pl.tensor<2048x64xf32>, %w: !pl.tensor<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [2048, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<2048x64xf32> -> !pl.tile<2048x64xf32, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [16, 64] {target_memory = #pl.memory<mat>} : !pl.tensor<16x64xf32> -> !pl.tile<16x64xf32, mat>
  // expected-error@+1 {{convert-pl-to-pto: not even a 16-wide K chunk of the operands fits L0: left 2048x16xf32 and right 16x16xf32 must each fit 65536 bytes; use smaller M or N tiles}}
  %a = pl.tile.matmul %xt, %wt b_trans : !pl.tile<2048x64xf32, mat>, !pl.tile<16x64xf32, mat> -> !pl.tile<2048x16xf32, acc>
  return
}

// -----

// matmul_acc updates its accumulator in place: reading the old value after it is wrong.
func.func @store_after_update(%x: !pl.tensor<64x512xi8>, %w: !pl.tensor<256x512xi8, nz>, %out: !pl.tensor<64x256xi32>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<64x512xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  %a = pl.tile.matmul %xt, %wt b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
  %b = pl.tile.matmul_acc %a, %xt, %wt b_trans : !pl.tile<64x256xi32, acc>, !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat>
  pl.tile.store %b, %out, offsets = [%c0, %c0] : !pl.tile<64x256xi32, acc>, !pl.tensor<64x256xi32>
  // expected-error@+1 {{convert-pl-to-pto: this store reads an accumulator after 'pl.tile.matmul_acc'}}
  pl.tile.store %a, %out, offsets = [%c0, %c0] : !pl.tile<64x256xi32, acc>, !pl.tensor<64x256xi32>
  return
}

// -----

func.func @updated_twice(%x: !pl.tensor<64x512xi8>, %w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<64x512xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  %a = pl.tile.matmul %xt, %wt b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
  %b = pl.tile.matmul_acc %a, %xt, %wt b_trans : !pl.tile<64x256xi32, acc>, !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat>
  // expected-error@+1 {{convert-pl-to-pto: this accumulator is already updated by 'pl.tile.matmul_acc'}}
  %c = pl.tile.matmul_acc %a, %xt, %wt b_trans : !pl.tile<64x256xi32, acc>, !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat>
  return
}

// -----

func.func @carried_mat_tile(%x: !pl.tensor<64x512xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<64x512xi8, mat>
  // expected-error@+1 {{convert-pl-to-pto: a mat pl tile is carried by a loop; only an accumulator (an acc tile from pl.tile.matmul) can be loop-carried: load mat/vec tiles in each iteration instead}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %xt) -> (!pl.tile<64x512xi8, mat>) {
    scf.yield %t : !pl.tile<64x512xi8, mat>
  }
  return
}

// -----

func.func @fresh_accumulator_per_iteration(%x: !pl.tensor<64x512xi8>, %w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<64x512xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  %a = pl.tile.matmul %xt, %wt b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %a) -> (!pl.tile<64x256xi32, acc>) {
    // expected-error@+1 {{convert-pl-to-pto: the loop yields for iter_arg #0 a value that is not the iter_arg updated in place by pl.tile.matmul_acc}}
    %f = pl.tile.matmul %xt, %wt b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
    scf.yield %f : !pl.tile<64x256xi32, acc>
  }
  return
}

// -----

func.func @accumulator_through_if(%x: !pl.tensor<64x512xi8>, %w: !pl.tensor<256x512xi8, nz>, %p: i1) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<64x512xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  %a = pl.tile.matmul %xt, %wt b_trans : !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat> -> !pl.tile<64x256xi32, acc>
  // expected-error@+1 {{convert-pl-to-pto: a pl tile is a result of scf.if; pl tiles can only be carried through scf.for iter_args}}
  %r = scf.if %p -> (!pl.tile<64x256xi32, acc>) {
    scf.yield %a : !pl.tile<64x256xi32, acc>
  } else {
    scf.yield %a : !pl.tile<64x256xi32, acc>
  }
  return
}

// -----

// A loaded tile must fit its on-chip buffer (here 1 MiB of i8 into 512 KiB of L1).
func.func @mat_overflow(%w: !pl.tensor<512x2048xi8, nz>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: the 512x2048xi8 tile needs 1048576 bytes, more than the 524288 bytes of mat (L1) on A2/A3; load a smaller tile}}
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [512, 2048] {target_memory = #pl.memory<mat>} : !pl.tensor<512x2048xi8, nz> -> !pl.tile<512x2048xi8, mat>
  return
}

// -----

// A row-major stride past int64 (fuzzer finding: it was `std::bad_cast`).
// expected-error@+1 {{convert-pl-to-pto: argument #0 (!pl.tensor<32x4611686018427387904x4096xi8>): stride 0 of its view would be 18889465931478580854784, beyond int64 (the tensor spans more than 2^63 elements), so no index can address it; split the tensor or shrink its shape}}
func.func @stride_past_int64(%x: !pl.tensor<32x4611686018427387904x4096xi8>) {
  return
}

// -----

// pl tiles are never function arguments (issue 24; README, Decisions): at
// each op that reads one, at the function when none does.
func.func @matmul_acc_into_argument_tile(%acc: !pl.tile<64x256xi32, acc>, %x: !pl.tensor<64x512xi8>, %w: !pl.tensor<256x512xi8, nz>) {
  %c0 = arith.constant 0 : index
  %xt = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<64x512xi8> -> !pl.tile<64x512xi8, mat>
  %wt = pl.tile.load %w, offsets = [%c0, %c0], sizes = [256, 512] {target_memory = #pl.memory<mat>} : !pl.tensor<256x512xi8, nz> -> !pl.tile<256x512xi8, mat>
  // expected-error@+1 {{convert-pl-to-pto: 'pl.tile.matmul_acc' reads argument #0, a pl tile (!pl.tile<64x256xi32, acc>): every function lowered from pl is a kernel (pto.entry)}}
  %a = pl.tile.matmul_acc %acc, %xt, %wt b_trans : !pl.tile<64x256xi32, acc>, !pl.tile<64x512xi8, mat>, !pl.tile<256x512xi8, mat>
  return
}

// -----

// An MX scale load into vec memory.
func.func @mx_into_vec(%a: !pl.tensor<16x2xf8E8M0FNU, mx_a_zz>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: an MX_A_ZZ scale tensor can only be loaded into mat memory (got vec): MX scale loads feed the cube (pypto's target_memory=pl.Mem.Mat); load into mat}}
  %t = pl.tile.load %a, offsets = [%c0, %c0], sizes = [16, 2] {target_memory = #pl.memory<vec>} : !pl.tensor<16x2xf8E8M0FNU, mx_a_zz> -> !pl.tile<16x2xf8E8M0FNU, vec>
  return
}

// -----

// expected-error@+1 {{convert-pl-to-pto: argument #0, a pl tile (!pl.tile<64x512xi8, mat>), cannot be lowered: every function lowered from pl is a kernel (pto.entry), whose arguments are GM pointers and scalars, and a tile lives in an on-chip buffer that no caller can pass; pass the tensor instead and pl.tile.load the tile in this function}}
func.func @unused_argument_tile(%t: !pl.tile<64x512xi8, mat>) {
  return
}

// -----

// Element types PTOAS has no C++ type for, at the load or store (issue 24).
func.func @i12_store(%x: !pl.tensor<64x256xi12>, %y: !pl.tensor<64x256xi12>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{convert-pl-to-pto: cannot load i12 elements: PTOAS has no element type i12 (its C++ emitter would silently write int32_t / float for it;}}
  %t = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 256] {target_memory = #pl.memory<vec>} : !pl.tensor<64x256xi12> -> !pl.tile<64x256xi12, vec>
  // expected-error@+1 {{convert-pl-to-pto: cannot store i12 elements: PTOAS has no element type i12}}
  pl.tile.store %t, %y, offsets = [%c0, %c0] : !pl.tile<64x256xi12, vec>, !pl.tensor<64x256xi12>
  return
}

// -----

// expected-error@+1 {{convert-pl-to-pto: argument #0 (!pl.tensor<64x256xf6E2M3FN>): PTOAS has no element type f6E2M3FN (its C++ emitter cannot convert it;}}
func.func @unused_f6_tensor(%x: !pl.tensor<64x256xf6E2M3FN>) {
  return
}

// -----

// A static valid size of 0 (issue 24), ND too.
func.func @static_zero_valid_columns(%x: !pl.tensor<64x256xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  // expected-error@+1 {{convert-pl-to-pto: valid_shape[1] = 0: a load of no elements}}
  %t = pl.tile.load %x, offsets = [%c0, %c0], sizes = [64, 256], valid_shape = [%c64, %c0] {target_memory = #pl.memory<vec>} : !pl.tensor<64x256xf16> -> !pl.tile<64x256xf16, vec>
  return
}

// -----

// A window of an MX scale tensor as a tensor of its own.
func.func @mx_window(%a: !pl.tensor<32x2xf8E8M0FNU, mx_a_zz>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error@+1 {{convert-pl-to-pto: a window of an MX_A_ZZ scale tensor has no view of its own (its boxes are scattered over the blocked form); window it with pl.tile.load / pl.tile.store offsets (pto-block-mx-scale-views blocks them)}}
  %v = pl.tensor.view %a, offsets = [%c16, %c0] : !pl.tensor<32x2xf8E8M0FNU, mx_a_zz> -> !pl.tensor<16x2xf8E8M0FNU, mx_a_zz>
  %t = pl.tile.load %v, offsets = [%c0, %c0], sizes = [16, 2] {target_memory = #pl.memory<mat>} : !pl.tensor<16x2xf8E8M0FNU, mx_a_zz> -> !pl.tile<16x2xf8E8M0FNU, mat>
  return
}
