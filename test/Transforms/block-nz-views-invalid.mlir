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
  // expected-error@+1 {{pto-block-nz-views: NZ view of logical rank 1: the trailing two dimensions are the fractal plane, so an NZ view has at least [R, C]; annotate it nd}}
  %v = pto.make_tensor_view %p, shape = [%c4096], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?xi8>
  return
}

// -----

// Rank 4 folds its leading axes into one batch slot, which must be static.
func.func @rank4_dynamic_leading(%p: !pto.ptr<i8>, %g: index) {
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view of logical rank 4 with a dynamic leading extent on axis 0: its leading axes fold into the single batch slot B = product of the leading extents, which must be a constant; give shape operand 0 as an arith.constant value}}
  %v = pto.make_tensor_view %p, shape = [%g, %c2, %c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?xi8>
  return
}

// -----

// The error names the dynamic axis (pypto's
// test_rejects_a_dynamic_leading_extent_when_folding, axis 1).
func.func @rank5_dynamic_leading_axis1(%p: !pto.ptr<i8>, %g: index) {
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view of logical rank 5 with a dynamic leading extent on axis 1:}}
  %v = pto.make_tensor_view %p, shape = [%c2, %g, %c2, %c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}

// -----

// A leading offset the ranges cannot bound: g*E + e could name another batch.
func.func @rank4_unbounded_leading_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %b = pto.get_block_idx
  // expected-note@+1 {{the offset is defined here}}
  %e = arith.index_cast %b : i64 to index
  %v = pto.make_tensor_view %p, shape = [%c2, %c4, %c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: cannot fold the leading offsets into the single batch slot: the offset on axis 1 ranges over [0, 65534], not within [0, 3]; the recombined batch sum(o_i * stride_i) is exact only when every leading offset is proven inside its axis}}
  %pv = pto.partition_view %v, offsets = [%c1, %e, %c0, %c0], sizes = [%c1, %c1, %c256, %c512] : !pto.tensor_view<?x?x?x?xi8> -> !pto.partition_tensor_view<1x1x256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x1x256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @rank4_two_batches(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c2, %c4, %c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: an NZ load reads one batch, but this partition has leading sizes [1, 2]}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0], sizes = [%c1, %c2, %c256, %c512] : !pto.tensor_view<?x?x?x?xi8> -> !pto.partition_tensor_view<1x2x256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 512x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<1x2x256x512xi8>) outs(%t : !pto.tile_buf<mat, 512x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// Split-K with a remainder of an unproven dividend (pypto
// test_rejects_a_remainder_of_an_unproven_dividend): (blk - 1) % 2 is -1 for
// blk = 0.
func.func @remainder_of_unproven_dividend(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %b = pto.get_block_idx
  %blk = arith.index_cast %b : i64 to index
  // expected-note@+1 {{arith.subi of operands in [0, 65534] and [1, 1] can be negative}}
  %m = arith.subi %blk, %c1 : index
  %h = arith.remsi %m, %c2 : index
  %k0 = arith.muli %h, %c512 : index
  %v = pto.make_tensor_view %p, shape = [%c128, %c1024], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: cannot prove that the column offset is non-negative}}
  %pv = pto.partition_view %v, offsets = [%c0, %k0], sizes = [%c128, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<128x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<128x512xi8>) outs(%t : !pto.tile_buf<mat, 128x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// A ragged tail that ends inside a fractal (pypto
// test_rejects_a_ragged_tail_that_ends_inside_a_fractal): min(800 - o0, 250).
func.func @ragged_tail_mid_fractal(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-note@+1 {{the constant 250 is not a multiple of 16}}
  %c250 = arith.constant 250 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c800 = arith.constant 800 : index
  %v = pto.make_tensor_view %p, shape = [%c800, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %ob = %c0 to %c4 step %c1 {
    %o0 = arith.muli %ob, %c256 : index
    %rest = arith.subi %c800, %o0 : index
    %valid = arith.minsi %rest, %c250 : index
    // expected-error@+1 {{pto-block-nz-views: an NZ load with a dynamic valid row count needs the dynamic valid_shape[-2] to be a provable multiple of 16: a valid region that ends inside a 16-row fractal has no blocked form (it is never rounded)}}
    %pv = pto.partition_view %v, offsets = [%o0, %c0], sizes = [%valid, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x512xi8>
    %t = pto.alloc_tile valid_row = %valid : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<?x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>)
  }
  return
}

// -----

// A static valid row count must end on a fractal boundary too.
func.func @static_valid_rows_mid_fractal(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%c64, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %c20 = arith.constant 20 : index
  // expected-error@+1 {{pto-block-nz-views: NZ partition 20x64 does not cover whole fractals (rows must be a multiple of 16, columns of c0 = 32)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c20, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<20x64xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 32x64xi8, valid=20x64, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<20x64xi8>) outs(%t : !pto.tile_buf<mat, 32x64xi8, valid=20x64, blayout=col_major, slayout=row_major>)
  return
}

// -----

// GM gap 65552 - 16 = 65536 32-byte blocks (pypto
// test_rejects_a_gm_gap_above_the_burst_stride_field).
func.func @gm_gap_above_burst_stride(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %c65552 = arith.constant 65552 : index
  %v = pto.make_tensor_view %p, shape = [%c65552, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: this NZ load's GM gap between column blocks is 65536 32-byte blocks (65552 rows per column block, 16 valid rows), and pto-isa's NZ TLOAD truncates a gap of 65536 32-byte blocks or more in its burst-stride field (pto-isa#317), so on affected pto-isa versions it would silently read the wrong bytes. This is a temporary guard for that bug, NOT an expected pl.NZ limitation. Fix: a taller row tile (at least 17 valid rows keeps the gap within 65535), or, with a fixed pto-isa, lift the guard (pass option allow-large-gm-gap=true, ptonz-opt --allow-large-gm-gap)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x512xi8>) outs(%t : !pto.tile_buf<mat, 16x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// The gap follows the valid shape, not the tile (pypto
// test_a_narrowed_valid_shape_drives_the_gap_check): 32-row tile, 16 valid.
func.func @gm_gap_from_valid_shape(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c65552 = arith.constant 65552 : index
  %v = pto.make_tensor_view %p, shape = [%c65552, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{GM gap between column blocks is 65536 32-byte blocks (65552 rows per column block, 16 valid rows)}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x64xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 32x64xi8, valid=16x64, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x64xi8>) outs(%t : !pto.tile_buf<mat, 32x64xi8, valid=16x64, blayout=col_major, slayout=row_major>)
  return
}

// -----

func.func @sub_byte(%p: !pto.ptr<i4>) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view of sub-byte element type i4: sub-byte NZ is unsettled: PTOAS >= 0.61 counts an FP4 NZ view in packed pairs (a 1-byte storage element, c0 = 32) while pto-isa's A5 register path counts 4-bit elements (c0 = 64); until a measurement settles which one the hardware reads, any NZ descriptor ptonz wrote could address the wrong bytes; annotate it nd}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi4>
  return
}

// -----

// A packed FP4 pair is one byte of storage but two 4-bit values: sub-byte NZ
// (was: "which has no bit width").
func.func @packed_fp4_pair(%p: !pto.ptr<!pto.f4E2M1x2>) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view of sub-byte element type !pto.f4E2M1x2: sub-byte NZ is unsettled}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x!pto.f4E2M1x2>
  return
}

// -----

// An NZ view with explicit strides is physical (analyses.view_kinds): PTOAS
// >= 0.61 takes it as its rank-5 descriptor, so a rank-2 one is an error.
func.func @explicit_strides(%p: !pto.ptr<i8>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: user-specified layout=nz requires a rank-5 view, got rank 2: an NZ view with explicit strides is a physical view, which PTOAS >= 0.61 takes as its rank-5 NZ descriptor [B, C/c0, R/16, 16, c0], but this one has rank 2; for a logical [.., R, C] NZ tensor write `strides = []` (pto-block-nz-views blocks it and pto-materialize-strides fills its strides)}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [%c512, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  return
}

// -----

// The old spelling of a logical view (the layout in the view type): a layout
// in the type means PTOAS >= 0.61's resolved layout of a physical view.
func.func @nz_from_type(%p: !pto.ptr<i8>) {
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error@+1 {{pto-block-nz-views: a layout inside the view type (!pto.tensor_view<?x?xi8, #pto.layout<nz>>) means what PTOAS >= 0.61 means by it, the resolved layout of a physical rank-5 view with explicit strides, but this view has `strides = []`: the old spelling of a logical NZ view. Write the layout as the op's attribute and keep the type plain: `strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>`}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] : !pto.tensor_view<?x?xi8, #pto.layout<nz>>
  return
}

// -----

// The same with the attribute as well.
func.func @nz_in_type_and_attribute(%p: !pto.ptr<f16>) {
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  // expected-error@+1 {{the old spelling of a logical NZ view. Write the layout as the op's attribute and keep the type plain: `strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<64x96xf16>`}}
  %v = pto.make_tensor_view %p, shape = [%c64, %c96], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<64x96xf16, #pto.layout<nz>>
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
  // expected-error@+1 {{pto-block-nz-views: cannot prove that the column offset is non-negative; an NZ tensor is never addressed by guessed coordinates. Provable forms: arith.constant; scf.for induction variables}}
  %pv = pto.partition_view %v, offsets = [%c0, %off], sizes = [%c256, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x256xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x256xi8>) outs(%t : !pto.tile_buf<mat, 256x256xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// A difference is accepted only where its range is non-negative (see
// block-nz-views.mlir); 128 - 256 is not.
func.func @subi_offset(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-note@+1 {{arith.subi of operands in [128, 128] and [256, 256] can be negative: its range is [-128, -128]}}
  %off = arith.subi %c128, %c256 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: cannot prove that the row offset is non-negative; an NZ tensor is never addressed by guessed coordinates. Provable forms: arith.constant; scf.for induction variables (lower bound and step; range [lb, last iv]); function arguments declared with --arg-range (lower end and step); arith.muli; arith.shli by a constant; arith.addi/subi/ori/xori/minsi/maxsi/minui/maxui; arith.andi; arith.select; arith.floordivsi/divsi/divui by a power of two; arith.remsi/remui by a positive constant (remsi: of a dividend proven non-negative); arith.index_cast/index_castui/extsi/extui/trunci of provable terms; any value whose integer range is one constant; the launch queries pto.get_block_idx/get_block_num/get_subblock_idx/get_subblock_num (in [0, 65534] for an index, [1, 65535] for a count); each non-negative when its integer range at its own bit width proves that nothing wraps around; scf.for iter_args and other function arguments are never resolved}}
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

// A dynamic column count has no blocked form.
func.func @dynamic_partition_sizes(%p: !pto.ptr<i8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: partition sizes of an NZ view must be arith.constant values (the blocked sizes [1, Ct/c0, Rt/16, 16, c0] are static), except the row count of a ragged tail}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %n] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x?xi8>
  return
}

// -----

// A dynamic row count (a ragged tail) from a function argument: unproven.
// expected-note@+1 {{a function argument is never resolved}}
func.func @dynamic_row_count_argument(%p: !pto.ptr<i8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: an NZ load with a dynamic valid row count needs the dynamic valid_shape[-2] to be a provable multiple of 16 and proven at least 16 (it ranges over [-9223372036854775808, 9223372036854775807])}}
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
  // expected-error@+1 {{pto-block-nz-views: an NZ load reads one batch, but this partition has batch size 2: the blocked descriptor has a single batch slot; load each batch separately (size 1 in every leading dimension)}}
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
  // expected-error@+1 {{pto-block-nz-views: an NZ load into a tile with partial column validity is not supported: NZ loads move whole C0 column blocks of every row fractal; narrow the rows only (valid columns = tile columns)}}
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x?, blayout=col_major, slayout=row_major>)
  return
}

// -----

// A constant valid_col operand narrower than the tile is partial column validity.
func.func @constant_partial_valid_cols(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c256] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x256xi8>
  %t = pto.alloc_tile valid_row = %c256 valid_col = %c256 : !pto.tile_buf<mat, 256x512xi8, valid=?x?, blayout=col_major, slayout=row_major>
  // expected-error@+1 {{pto-block-nz-views: an NZ load into a tile with partial column validity is not supported}}
  pto.tload ins(%pv : !pto.partition_tensor_view<256x256xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x?, blayout=col_major, slayout=row_major>)
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
  // expected-error@+1 {{pto-block-nz-views: the destination tile is 512x256 with 512 valid rows but the NZ partition is 256x512; the partition must be the tile's valid part}}
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

// -----

// Wrap-around (issue 11): a narrowing index_cast is not value preserving.
// 192 : index -> i8 is -64; dividing it would give row offset -4, which
// PTOAS clamps to 0.
func.func @narrowing_cast_wraps(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c192 = arith.constant 192 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-note@+1 {{arith.index_cast from index to i8 may wrap around: the operand's range [192, 192] does not fit, and its range is [-64, -64]}}
  %t = arith.index_cast %c192 : index to i8
  %r = arith.index_cast %t : i8 to index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: cannot prove that the row offset is non-negative}}
  %pv = pto.partition_view %v, offsets = [%r, %c0], sizes = [%c16, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x512xi8>
  %tl = pto.alloc_tile : !pto.tile_buf<mat, 16x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<16x512xi8>) outs(%tl : !pto.tile_buf<mat, 16x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// Seed 000's own wrap-around: x * 256 in i32 with x = 1 << 24 is 0 after
// wrapping; a product is non-negative only when its range proves no wrap.
func.func @i32_product_wraps(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %x = arith.constant 16777216 : i32
  %k = arith.constant 256 : i32
  // expected-note@+1 {{arith.muli of operands in [16777216, 16777216] and [256, 256] may wrap around at i32: its range is [-2147483648, 2147483647], so it is not proven non-negative}}
  %m = arith.muli %x, %k : i32
  %r = arith.index_cast %m : i32 to index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: cannot prove that the row offset is non-negative}}
  %pv = pto.partition_view %v, offsets = [%r, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// A loop variable near 2^24 times 256 in i32 passes 2^31: it may wrap.
func.func @i32_loop_product_wraps(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %n = arith.constant 16777216 : index
  %k = arith.constant 256 : i32
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    // expected-note@+1 {{arith.muli of operands in [0, 16777215] and [256, 256] may wrap around at i32}}
    %m = arith.muli %ii, %k : i32
    %r = arith.index_cast %m : i32 to index
    // expected-error@+1 {{pto-block-nz-views: cannot prove that the row offset is non-negative}}
    %pv = pto.partition_view %v, offsets = [%r, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  }
  return
}

// -----

// A sum near 2^63 in index may wrap around too.
func.func @index_sum_wraps(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %big = arith.constant 9223372036854775552 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %k = %c0 to %c512 step %c256 {
    // expected-note@+1 {{arith.addi of operands in [0, 256] and [9223372036854775552, 9223372036854775552] may wrap around at index}}
    %r = arith.addi %k, %big : index
    // expected-error@+1 {{pto-block-nz-views: cannot prove that the row offset is non-negative}}
    %pv = pto.partition_view %v, offsets = [%r, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  }
  return
}

// -----

// Static out of bounds (issue 11): rows [256, 512) of a 256-row weight would
// become blocked row offset 16 of an extent of 16 and read the next column
// block.
func.func @rows_past_the_view(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{pto-block-nz-views: the NZ partition leaves its view in dimension 0 (rows): offset 256 + size 256 = 512 exceeds the view's extent 256. In NZ order a slice past the rows of the view reads another fractal's bytes (rows past R continue in the next column block), so nothing would fail; keep offset + 256 within 256 (fix the offset, the loop bound or the view's shape)}}
  %pv = pto.partition_view %v, offsets = [%c256, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// The same through a loop: seed 001's SPMD loop over 8 N tiles of 256 rows
// reads a 1024-row weight up to row 2048.
func.func @loop_past_the_view(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %v = pto.make_tensor_view %p, shape = [%c1024, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %nb = %c0 to %c8 step %c1 {
    // expected-note@+1 {{the offset ranges over [0, 1792] here}}
    %n0 = arith.muli %nb, %c256 : index
    // expected-error@+1 {{pto-block-nz-views: the NZ partition leaves its view in dimension 0 (rows): offset in [0, 1792] + size 256 can reach 2048, beyond the view's extent 1024 (the range follows from the program's own constants, loop bounds and arithmetic)}}
    %pv = pto.partition_view %v, offsets = [%n0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  }
  return
}

// -----

// Columns and the batch are checked too.
func.func @columns_and_batch_past_the_view(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %v = pto.make_tensor_view %p, shape = [%c4, %c64, %c128], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?xf16>
  // expected-note@+1 {{the offset ranges over [0, 7] here}}
  scf.for %e = %c0 to %c8 step %c1 {
    // expected-error@+2 {{the NZ partition leaves its view in dimension 2 (columns): offset 64 + size 128 = 192 exceeds the view's extent 128}}
    // expected-error@+1 {{the NZ partition leaves its view in dimension 0 (batches): offset in [0, 7] + size 1 can reach 8, beyond the view's extent 4}}
    %pv = pto.partition_view %v, offsets = [%e, %c0, %c64], sizes = [%c1, %c64, %c128] : !pto.tensor_view<?x?x?xf16> -> !pto.partition_tensor_view<1x64x128xf16>
    %t = pto.alloc_tile : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<1x64x128xf16>) outs(%t : !pto.tile_buf<mat, 64x128xf16, blayout=col_major, slayout=row_major>)
  }
  return
}

// -----

// An offset from the launch leaves the view already in a launch of one
// block: block_num * 4096 is at least 4096.
func.func @launch_past_the_view(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %c4096 = arith.constant 4096 : index
  %b = pto.get_block_num
  %bi = arith.index_cast %b : i64 to index
  // expected-note@+1 {{the offset ranges over [4096, 4096] in a launch of one block here}}
  %off = arith.muli %bi, %c4096 : index
  %v = pto.make_tensor_view %p, shape = [%c2048, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{the NZ partition leaves its view in dimension 0 (rows): offset in [4096, 4096] in a launch of one block + size 256 is at least 4352, beyond the view's extent 2048}}
  %pv = pto.partition_view %v, offsets = [%off, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>)
  return
}

// -----

// Element widths of 8 bits or more that do not divide a 32-byte C0 line.
func.func @i12(%p: !pto.ptr<i12>) {
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view of element type i12: a 32-byte C0 line does not hold a whole number of 12-bit elements (c0 = 256 / 12), so it has no NZ fractal; use an 8-, 16-, 32-, 64-, 128- or 256-bit element type, or annotate it nd}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi12>
  return
}

// -----

func.func @i24(%p: !pto.ptr<i24>) {
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{NZ view of element type i24: a 32-byte C0 line does not hold a whole number of 24-bit elements}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi24>
  return
}

// -----

func.func @tf32(%p: !pto.ptr<tf32>) {
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{NZ view of element type tf32: a 32-byte C0 line does not hold a whole number of 19-bit elements}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xtf32>
  return
}

// -----

func.func @f80(%p: !pto.ptr<f80>) {
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{NZ view of element type f80: a 32-byte C0 line does not hold a whole number of 80-bit elements}}
  %v = pto.make_tensor_view %p, shape = [%c256, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf80>
  return
}

// -----

// Wider than a C0 line; and the first view's rejection does not stop the
// second's (a pass that raised after a rejection used to abort the process).
func.func @i512_after_a_rejection(%p: !pto.ptr<i8>, %q: !pto.ptr<i512>) {
  %c40 = arith.constant 40 : index
  %c256 = arith.constant 256 : index
  // expected-error@+1 {{NZ view rows (shape[-2] = 40)}}
  %v = pto.make_tensor_view %p, shape = [%c40, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-error@+1 {{NZ view of element type i512: a 32-byte C0 line does not hold a whole number of 512-bit elements}}
  %w = pto.make_tensor_view %q, shape = [%c256, %c256], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi512>
  return
}

// -----

// A static partition into a tile whose valid rows are dynamic: the partition
// must be the tile's valid part.
func.func @static_partition_dynamic_valid(%p: !pto.ptr<i8>, %r: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
  %t = pto.alloc_tile valid_row = %r : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
  // expected-error@+1 {{pto-block-nz-views: the destination tile is 256x512 with ? valid rows but the NZ partition is 256x512; the partition must be the tile's valid part}}
  pto.tload ins(%pv : !pto.partition_tensor_view<256x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>)
  return
}

// -----

// A dynamic row count that is not the tile's valid_row value.
func.func @ragged_rows_other_value(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %c1 = arith.constant 1 : index
  %r = arith.remui %bi, %c16 : index
  %m = arith.addi %r, %c1 : index
  %n = arith.muli %m, %c16 : index
  %n2 = arith.muli %m, %c32 : index
  %v = pto.make_tensor_view %p, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%n, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x512xi8>
  %t = pto.alloc_tile valid_row = %n2 : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
  // expected-error@+1 {{pto-block-nz-views: an NZ partition with a dynamic row count must load into a tile of 512 columns whose dynamic valid row count (pto.alloc_tile valid_row) is the same value}}
  pto.tload ins(%pv : !pto.partition_tensor_view<?x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>)
  return
}

// -----

// A dynamic row count that may exceed the tile: (blk % 32 + 1) * 16 reaches 512.
func.func @ragged_rows_past_tile(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %b = pto.get_block_idx
  %bi = arith.index_cast %b : i64 to index
  %r = arith.remui %bi, %c32 : index
  %m = arith.addi %r, %c1 : index
  %n = arith.muli %m, %c16 : index
  %v = pto.make_tensor_view %p, shape = [%c512, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%n, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x512xi8>
  %t = pto.alloc_tile valid_row = %n : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
  // expected-error@+1 {{pto-block-nz-views: cannot prove that the dynamic valid row count (in [16, 512]) fits the 256-row destination tile}}
  pto.tload ins(%pv : !pto.partition_tensor_view<?x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>)
  return
}

// -----

// Issue 24: a ragged tail whose valid row count can be 0 -- four 256-row
// tiles over 768 rows, the last min(768 - 768, 256) = 0 rows.
func.func @ragged_tail_of_zero_rows(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c768 = arith.constant 768 : index
  %v = pto.make_tensor_view %p, shape = [%c768, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  scf.for %ob = %c0 to %c4 step %c1 {
    %o0 = arith.muli %ob, %c256 : index
    %rest = arith.subi %c768, %o0 : index
    // expected-note@+1 {{the valid row count ranges over [0, 256] here}}
    %valid = arith.minsi %rest, %c256 : index
    // expected-error@+1 {{pto-block-nz-views: an NZ load with a dynamic valid row count needs the dynamic valid_shape[-2] to be proven at least 16 (it ranges over [0, 256]): a row count that can be 0 or negative is an empty NZ load past the last tile (PTOAS needs every partition size positive), as min(R - o, Rt) is when the loop over o runs one tile too far; stop the loop at the last full or partial tile (o < R: a trip count of ceil(R / Rt))}}
    %pv = pto.partition_view %v, offsets = [%o0, %c0], sizes = [%valid, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x512xi8>
    %t = pto.alloc_tile valid_row = %valid : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
    pto.tload ins(%pv : !pto.partition_tensor_view<?x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>)
  }
  return
}

// -----

// minsi(0, 256): always empty.
func.func @ragged_tail_always_empty(%p: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c768 = arith.constant 768 : index
  %v = pto.make_tensor_view %p, shape = [%c768, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
  // expected-note@+1 {{the valid row count ranges over [0, 0] here}}
  %valid = arith.minsi %c0, %c256 : index
  // expected-error@+1 {{needs the dynamic valid_shape[-2] to be proven at least 16 (it ranges over [0, 0])}}
  %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%valid, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<?x512xi8>
  %t = pto.alloc_tile valid_row = %valid : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>
  pto.tload ins(%pv : !pto.partition_tensor_view<?x512xi8>) outs(%t : !pto.tile_buf<mat, 256x512xi8, valid=?x512, blayout=col_major, slayout=row_major>)
  return
}

// -----

// The dynamic leading extent is named on every leading axis: here the last
// one of a rank-5 view (pypto's test has axes 0 and 1; above).
func.func @dynamic_leading_axis2(%p: !pto.ptr<i8>, %e: index) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-error@+1 {{pto-block-nz-views: NZ view of logical rank 5 with a dynamic leading extent on axis 2: its leading axes fold into the single batch slot B = product of the leading extents, which must be a constant; give shape operand 2 as an arith.constant value}}
  %v = pto.make_tensor_view %p, shape = [%c2, %c3, %e, %c32, %c64], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
  return
}
