// Every rejection of pto-block-nz-views, one per split: nothing that cannot be
// proven is rewritten, and the error names the fix.
// RUN: ptonz-opt --split-input-file --verify-diagnostics --pto-block-nz-views %s

// R % 16 != 0.
func.func @rows_not_multiple_of_16(%p: !pto.ptr<i8>) {
  %c40 = arith.constant 40 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view rows (shape[-2] = 40) are not a multiple of 16: an incomplete 16-row fractal has no blocked representation; pad the rows to a multiple of 16 or annotate the view nd}}
  %v = pto.make_tensor_view %p, shape = [%c40, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// C % c0 != 0, i8: c0 = 32.
func.func @cols_not_multiple_of_c0_i8(%p: !pto.ptr<i8>) {
  %c256 = arith.constant 256 : index
  %c48 = arith.constant 48 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view columns (shape[-1] = 48) are not a multiple of c0 = 32 (i8: one 32-byte C0 line): an incomplete C0 line has no blocked representation; pad the columns or annotate nd}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c48], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// C % c0 != 0, f16: c0 = 16 (48 is fine for f16, 40 is not).
func.func @cols_not_multiple_of_c0_f16(%p: !pto.ptr<f16>) {
  %c256 = arith.constant 256 : index
  %c40 = arith.constant 40 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view columns (shape[-1] = 40) are not a multiple of c0 = 16 (f16: one 32-byte C0 line)}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c40], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
  return
}

// -----

// Static type dims are used when the operands are not constants; a 16-bit
// view with C = 24 still fails.
func.func @cols_from_type(%p: !pto.ptr<bf16>, %r: index, %c: index) {
  // expected-error@+1 {{pto-block-nz-views: NZ view columns (shape[-1] = 24) are not a multiple of c0 = 16}}
  %v = pto.make_tensor_view %p, shape = [%r, %c], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<32x24xbf16>
  return
}

// -----

func.func @dynamic_rows(%p: !pto.ptr<i8>, %n: index) {
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view with a dynamic row or column dimension: R % 16 == 0 and C % c0 == 0 must be proven statically; give the last two shape operands as arith.constant values (or annotate it nd)}}
  %v = pto.make_tensor_view %p, shape = [%n, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

func.func @dynamic_cols(%p: !pto.ptr<f16>, %n: index) {
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view with a dynamic row or column dimension}}
  %v = pto.make_tensor_view %p, shape = [%c256, %n], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
  return
}

// -----

func.func @rank1(%p: !pto.ptr<i8>) {
  %c4096 = arith.constant 4096 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view of logical rank 1: the trailing two dimensions are the fractal plane and a blocked NZ view has one batch slot, so only [R, C] and [B, R, C] can be blocked; reshape the weight to [B, R, C] before annotating it nz, or annotate it nd}}
  %v = pto.make_tensor_view %p, shape = [%c4096], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?xi8>
  return
}

// -----

func.func @rank4(%p: !pto.ptr<i8>) {
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view of logical rank 4}}
  %v = pto.make_tensor_view %p, shape = [%c2, %c2, %c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?xi8>
  return
}

// -----

func.func @sub_byte(%p: !pto.ptr<i4>) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view of sub-byte element type i4: packed-nibble fractal addressing is outside ptonz's scope; annotate it nd}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi4>
  return
}

// -----

func.func @explicit_strides(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: a logical NZ view must not carry explicit strides (got 2): its strides follow from the blocked shape and are filled in by pto-materialize-strides; write `strides = []`}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [%c512, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// The layout given by the view type (no attribute) is NZ too.
func.func @nz_from_type(%p: !pto.ptr<i8>) {
  %c40 = arith.constant 40 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view rows (shape[-2] = 40) are not a multiple of 16}}
  %v = pto.make_tensor_view %p, shape = [%c40, %c512], strides = [] : !pto.tensor_view<?x?xi8, #pto.layout<nz>>
  return
}

// -----

func.func @unaligned_row_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: row offset 8 is not a multiple of 16: a slice that starts inside a fractal has no blocked representation}}
  %pv = pto.partition_view %v, offsets = [%c8, %c0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<128x512xi8>) outs(%t : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @unaligned_col_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: column offset 16 is not a multiple of 32: a slice that starts inside a fractal has no blocked representation}}
  %pv = pto.partition_view %v, offsets = [%c0, %c16], sizes = [%c256, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x256xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x256xi8>) outs(%t : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// A negative offset (here -1 * 32) cannot be proven non-negative.
func.func @negative_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{the constant -1 is negative}}
  %cm1 = arith.constant -1 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %off = arith.muli %cm1, %c32 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: cannot prove that the column offset is non-negative; an NZ tensor is never addressed by guessed coordinates. Provable forms: arith.constant; arith.muli}}
  %pv = pto.partition_view %v, offsets = [%c0, %off], sizes = [%c256, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x256xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x256xi8>) outs(%t : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @subi_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-note@+1 {{arith.subi is never accepted: a difference can be proven divisible but not non-negative, and a negative offset is clamped to 0 instead of failing}}
  %off = arith.subi %c256, %c128 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: cannot prove that the row offset is a multiple of 16 and non-negative; an NZ tensor is never addressed by guessed coordinates. Provable forms: arith.constant; arith.muli (multiple if a factor is, non-negative if both are); arith.addi of provable terms; scf.for induction variables (lower bound and step); pto.get_block_idx / pto.get_block_num (non-negative), seen through arith.index_cast; arith.subi, scf.for iter_args and function arguments are never resolved}}
  %pv = pto.partition_view %v, offsets = [%off, %c0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<128x512xi8>) outs(%t : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @iter_arg_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-note@+1 {{an scf.for iter_arg is never resolved: its value changes every iteration}}
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%row = %c0) -> (index) {
    // expected-error@+1 {{pto-block-nz-views: cannot prove that the row offset is a multiple of 16 and non-negative}}
    %pv = pto.partition_view %v, offsets = [%row, %c0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<128x512xi8>) outs(%t : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>)
    %next = arith.addi %row, %c128 : index
    scf.yield %next : index
  }
  return
}

// -----

func.func @block_idx_not_scaled(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-note@+1 {{pto.get_block_idx is non-negative but not known to be a multiple of 32; scale it, e.g. arith.muli by a multiple of 32}}
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: cannot prove that the column offset is a multiple of 32;}}
  %pv = pto.partition_view %v, offsets = [%c0, %bi], sizes = [%c256, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x256xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x256xi8>) outs(%t : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// Scaled by a non-multiple of 16 it is still unprovable (block_num * 8).
func.func @block_num_scaled_too_little(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-note@+1 {{pto.get_block_num is non-negative but not known to be a multiple of 16; scale it, e.g. arith.muli by a multiple of 16}}
  %b = pto.get_block_num
  %bi = arith.index_cast %b : i64 to index
  %off = arith.muli %bi, %c8 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: cannot prove that the row offset is a multiple of 16;}}
  %pv = pto.partition_view %v, offsets = [%off, %c0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<128x512xi8>) outs(%t : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @loop_unaligned_step(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{the constant 8 is not a multiple of 16}}
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %row = %c0 to %c128 step %c8 {
    // expected-error@+1 {{pto-block-nz-views: cannot prove that the row offset is a multiple of 16;}}
    %pv = pto.partition_view %v, offsets = [%row, %c0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<128x512xi8>) outs(%t : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>)
  }
  return
}

// -----

func.func @loop_unaligned_lower_bound(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{the constant 16 is not a multiple of 32}}
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %col = %c16 to %c256 step %c64 {
    // expected-error@+1 {{pto-block-nz-views: cannot prove that the column offset is a multiple of 32;}}
    %pv = pto.partition_view %v, offsets = [%c0, %col], sizes = [%c256, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x64xi8>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 256x64xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<256x64xi8>) outs(%t : !pto.tile_buf<mat, 256x64xi8, blayout=col_major, slayout=row_major>)
  }
  return
}

// -----

func.func @dynamic_partition_sizes(%p: !pto.ptr<i8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: partition sizes of an NZ view must be arith.constant values (the blocked sizes [1, Ct/c0, Rt/16, 16, c0] are static)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%n, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x512xi8>
  return
}

// -----

func.func @partial_fractal_partition(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: NZ partition 8x512 does not cover whole fractals (rows must be a multiple of 16, columns of c0 = 32)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<8x512xi8>
  return
}

// -----

func.func @batch_size_2(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c4, %c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: an NZ load reads one batch, but this partition has batch size 2: the blocked descriptor has a single batch slot; load each batch separately (size 1 in dim 0)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0], sizes = [%c2, %c256, %c512] : !pto.tensor_view<?x?x?xi8> -> !pto.partition_tensor_view<2x256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 512x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<2x256x512xi8>) outs(%t : !pto.tile_buf<mat, 512x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @tload_into_vec(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 256x512xi8>
  // expected-error@+1 {{pto-block-nz-views: an NZ->NZ load needs its destination in a mat tile with blayout=col_major, slayout=row_major, fractal=512 (the NZ tile byte order), got loc=vec, blayout=row_major, slayout=none_box, fractal=512}}
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<vec, 256x512xi8>)
  return
}

// -----

func.func @tload_into_row_major_mat(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, slayout=row_major>
  // expected-error@+1 {{got loc=mat, blayout=row_major, slayout=row_major, fractal=512}}
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, slayout=row_major>)
  return
}

// -----

func.func @tload_into_wrong_fractal(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major, fractal=1024>
  // expected-error@+1 {{got loc=mat, blayout=col_major, slayout=row_major, fractal=1024}}
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @partial_valid_shape(%p: !pto.ptr<i8>, %r: index, %c: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<mat, 256x512xi8, valid=?x?, blayout=col_major, slayout=row_major>
  // expected-error@+1 {{pto-block-nz-views: an NZ load into a tile with a partial valid shape is not supported: NZ loads move whole fractals; use a tile whose valid shape equals its shape}}
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x?, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @tile_shape_mismatch(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 512x256xi8, blayout=col_major, slayout=row_major>
  // expected-error@+1 {{pto-block-nz-views: the destination tile is 512x256 but the NZ partition is 256x512; they must match}}
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 512x256xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @tstore_to_nz(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-note@+1 {{NZ partition defined here}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  // expected-error@+1 {{pto-block-nz-views: a partition of an NZ view may only feed pto.tload, but it is used by 'pto.tstore' (NZ is read-only here)}}
  pto.tstore ins(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>) outs(%pv : !pto.partition_tensor_view<256x512xi8>)
  return
}

// -----

func.func private @consume(!pto.tensor_view<?x?xi8>)

func.func @view_passed_to_call(%p: !pto.ptr<i8>) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-note@+1 {{NZ view defined here}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: an NZ view may only be read through pto.partition_view -> pto.tload, but it is used by 'func.call': NZ tensors are read-only here; store to (or pass) an nd view instead}}
  func.call @consume(%v) : (!pto.tensor_view<?x?xi8>) -> ()
  return
}

// -----

func.func @view_returned(%p: !pto.ptr<i8>) -> !pto.tensor_view<?x?xi8> {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-note@+1 {{NZ view defined here}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{but it is used by 'func.return'}}
  return %v : !pto.tensor_view<?x?xi8>
}

// -----

// One rejection anywhere in a function leaves the whole function unrewritten
// and every problem is reported.
func.func @all_reported(%p: !pto.ptr<i8>, %q: !pto.ptr<i8>) {
  %c40 = arith.constant 40 : index
  %c48 = arith.constant 48 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{NZ view rows (shape[-2] = 40)}}
  %v = pto.make_tensor_view %p, shape = [%c40, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{NZ view columns (shape[-1] = 48)}}
  %w = pto.make_tensor_view %q, shape = [%c512, %c48], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// A function argument is never resolved: nothing is known of its value.
// expected-note @+1 {{a function argument is never resolved}}
func.func @function_argument_offset(%p: !pto.ptr<i8>, %col: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error @+1 {{cannot prove that the column offset is a multiple of 32 and non-negative}}
  %pv = pto.partition_view %v, offsets = [%c0, %col], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}
