// The accepted cases of PTOAS's issue-527 test
// (test/lit/pto/issue527_nz_canonical_view_infer.pto, PR #1027, 0.61), in
// ptonz's pto: each passes --lower-to-ptoas (pto-verify-ptoas with the 0.61
// rules) untouched, and where PTOAS's test checks the GlobalTensor, ptonz's
// --emit=descriptors says the same (ptoas-061-issue527.mlir runs it; the
// rejected cases are there).

// positive.pto @canonical_roots without the FP4 view (ptonz keeps sub-byte NZ
// rejected: ptoas-061-issue527.mlir): canonical tight views without a layout
// attribute, which 0.61 infers NZ (fp32, fp16, i8), and the three it infers ND
// (rank 4; the old one-axis-off shape [4, 1, 16, 8, 16]; a single fractal).
// CHECK-LABEL: func.func @canonical_roots
func.func @canonical_roots(%fp32: !pto.ptr<f32>, %fp16: !pto.ptr<f16>, %i8: !pto.ptr<i8>)
    -> (!pto.tensor_view<1x8x8x16x8xf32>, !pto.tensor_view<1x4x8x16x16xf16>,
        !pto.tensor_view<1x2x8x16x32xi8>, !pto.tensor_view<8x8x16x8xf32>,
        !pto.tensor_view<4x1x16x8x16xf32>, !pto.tensor_view<1x1x1x16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c4096 = arith.constant 4096 : index
  %c8192 = arith.constant 8192 : index
  %fp32_nz = pto.make_tensor_view %fp32, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<1x8x8x16x8xf32>
  %fp16_nz = pto.make_tensor_view %fp16, shape = [%c1, %c4, %c8, %c16, %c16], strides = [%c8192, %c2048, %c256, %c16, %c1] : !pto.tensor_view<1x4x8x16x16xf16>
  %i8_nz = pto.make_tensor_view %i8, shape = [%c1, %c2, %c8, %c16, %c32], strides = [%c8192, %c4096, %c512, %c32, %c1] : !pto.tensor_view<1x2x8x16x32xi8>
  %rank4_nd = pto.make_tensor_view %fp32, shape = [%c8, %c8, %c16, %c8], strides = [%c1024, %c128, %c8, %c1] : !pto.tensor_view<8x8x16x8xf32>
  %legacy_nd = pto.make_tensor_view %fp32, shape = [%c4, %c1, %c16, %c8, %c16], strides = [%c2048, %c2048, %c128, %c16, %c1] : !pto.tensor_view<4x1x16x8x16xf32>
  %single_nd = pto.make_tensor_view %fp32, shape = [%c1, %c1, %c1, %c16, %c8], strides = [%c128, %c128, %c128, %c8, %c1] : !pto.tensor_view<1x1x1x16x8xf32>
  return %fp32_nz, %fp16_nz, %i8_nz, %rank4_nd, %legacy_nd, %single_nd : !pto.tensor_view<1x8x8x16x8xf32>, !pto.tensor_view<1x4x8x16x16xf16>, !pto.tensor_view<1x2x8x16x32xi8>, !pto.tensor_view<8x8x16x8xf32>, !pto.tensor_view<4x1x16x8x16xf32>, !pto.tensor_view<1x1x1x16x8xf32>
}

// positive.pto @explicit_layouts: explicit layouts are authoritative (a single
// fractal NZ; the canonical numbers declared ND; canonical NZ; NZ with an
// outer gap, stride[0] = 8192 > 4 * 1024).
// CHECK-LABEL: func.func @explicit_layouts
func.func @explicit_layouts(%ptr: !pto.ptr<f32>)
    -> (!pto.tensor_view<1x1x1x16x8xf32>, !pto.tensor_view<1x2x1x16x8xf32>,
        !pto.tensor_view<1x8x8x16x8xf32>, !pto.tensor_view<1x4x8x16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %single_nz = pto.make_tensor_view %ptr, shape = [%c1, %c1, %c1, %c16, %c8], strides = [%c128, %c128, %c128, %c8, %c1] {layout = #pto.layout<nz>, pto.inferred_layout = true} : !pto.tensor_view<1x1x1x16x8xf32>
  %canonical_nd = pto.make_tensor_view %ptr, shape = [%c1, %c2, %c1, %c16, %c8], strides = [%c256, %c128, %c128, %c8, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<1x2x1x16x8xf32>
  %canonical_nz = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x8x8x16x8xf32>
  %gapped_nz = pto.make_tensor_view %ptr, shape = [%c1, %c4, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x4x8x16x8xf32>
  return %single_nz, %canonical_nd, %canonical_nz, %gapped_nz : !pto.tensor_view<1x1x1x16x8xf32>, !pto.tensor_view<1x2x1x16x8xf32>, !pto.tensor_view<1x8x8x16x8xf32>, !pto.tensor_view<1x4x8x16x8xf32>
}

// positive.pto @batched_canonical_nz: a batched NZ view ([E, K/C0, N/16, 16, C0],
// E = 32) sliced along d0.
// CHECK-LABEL: func.func @batched_canonical_nz
func.func @batched_canonical_nz(%ptr: !pto.ptr<i8>) -> !pto.partition_tensor_view<1x128x128x16x32xi8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %c65536 = arith.constant 65536 : index
  %c8388608 = arith.constant 8388608 : index
  %view = pto.make_tensor_view %ptr, shape = [%c32, %c128, %c128, %c16, %c32], strides = [%c8388608, %c65536, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<32x128x128x16x32xi8>
  %part = pto.partition_view %view, offsets = [%c1, %c0, %c0, %c0, %c0], sizes = [%c1, %c128, %c128, %c16, %c32] : !pto.tensor_view<32x128x128x16x32xi8> -> !pto.partition_tensor_view<1x128x128x16x32xi8>
  return %part : !pto.partition_tensor_view<1x128x128x16x32xi8>
}

// positive.pto @partition_and_nested_propagation without its nested partition
// (ptonz's pto.partition_view takes a tensor_view only): d1 and d2 narrowed.
// CHECK-LABEL: func.func @partition_propagation
func.func @partition_propagation(%ptr: !pto.ptr<f32>)
    -> (!pto.partition_tensor_view<1x4x8x16x8xf32>, !pto.partition_tensor_view<1x8x4x16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %root = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<1x8x8x16x8xf32>
  %d1 = pto.partition_view %root, offsets = [%c0, %c2, %c0, %c0, %c0], sizes = [%c1, %c4, %c8, %c16, %c8] : !pto.tensor_view<1x8x8x16x8xf32> -> !pto.partition_tensor_view<1x4x8x16x8xf32>
  %d2 = pto.partition_view %root, offsets = [%c0, %c0, %c2, %c0, %c0], sizes = [%c1, %c8, %c4, %c16, %c8] : !pto.tensor_view<1x8x8x16x8xf32> -> !pto.partition_tensor_view<1x8x4x16x8xf32>
  return %d1, %d2 : !pto.partition_tensor_view<1x4x8x16x8xf32>, !pto.partition_tensor_view<1x8x4x16x8xf32>
}

// positive.pto @dynamic_outer_partition: dynamic d1/d2 extents, outer strides
// and offsets keep an explicit NZ (what is known is checked).
// CHECK-LABEL: func.func @dynamic_outer_partition
func.func @dynamic_outer_partition(%ptr: !pto.ptr<f32>, %d1: index, %d2: index, %stride0: index, %stride1: index, %offset1: index, %offset2: index, %size1: index, %size2: index) -> !pto.partition_tensor_view<1x?x?x16x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %root = pto.make_tensor_view %ptr, shape = [%c1, %d1, %d2, %c16, %c8], strides = [%stride0, %stride1, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x?x?x16x8xf32>
  %part = pto.partition_view %root, offsets = [%c0, %offset1, %offset2, %c0, %c0], sizes = [%c1, %size1, %size2, %c16, %c8] : !pto.tensor_view<1x?x?x16x8xf32> -> !pto.partition_tensor_view<1x?x?x16x8xf32>
  return %part : !pto.partition_tensor_view<1x?x?x16x8xf32>
}

// emitc.pto @canonical_nz_emitc: an unannotated canonical view read whole is NZ.
// CHECK-LABEL: func.func @canonical_nz_emitc
// DESC: src:  GlobalTensor<float, pto::Shape<1, 8, 8, 16, 8>, pto::Stride<8192, 1024, 128, 8, 1>, pto::Layout::NZ>
// DESC-NEXT: dst:
// DESC-NEXT: at:   ptr + 0 elements
func.func @canonical_nz_emitc(%ptr: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %root = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<1x8x8x16x8xf32>
  %part = pto.partition_view %root, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c8, %c8, %c16, %c8] : !pto.tensor_view<1x8x8x16x8xf32> -> !pto.partition_tensor_view<1x8x8x16x8xf32>
  %tile = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%part : !pto.partition_tensor_view<1x8x8x16x8xf32>) outs(%tile : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=64, v_row=128, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// emitc.pto @gapped_nested_partition_emitc, its two partitions as one (ptonz
// has no nested partition): [1, 4, 8, 16, 8] with stride[0] = 16384 (a gap),
// d1 narrowed to 2 at 1 + 1: Shape<1, 2, 8, 16, 8> with the root's strides at
// 2 * 2048 elements.
// CHECK-LABEL: func.func @gapped_partition_emitc
// DESC: src:  GlobalTensor<float, pto::Shape<1, 2, 8, 16, 8>, pto::Stride<16384, 2048, 128, 8, 1>, pto::Layout::NZ>
// DESC-NEXT: dst:
// DESC-NEXT: at:   ptr + 4096 elements
func.func @gapped_partition_emitc(%ptr: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c2048 = arith.constant 2048 : index
  %c16384 = arith.constant 16384 : index
  %root = pto.make_tensor_view %ptr, shape = [%c1, %c4, %c8, %c16, %c8], strides = [%c16384, %c2048, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x4x8x16x8xf32>
  %part = pto.partition_view %root, offsets = [%c0, %c2, %c0, %c0, %c0], sizes = [%c1, %c2, %c8, %c16, %c8] : !pto.tensor_view<1x4x8x16x8xf32> -> !pto.partition_tensor_view<1x2x8x16x8xf32>
  %tile = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%part : !pto.partition_tensor_view<1x2x8x16x8xf32>) outs(%tile : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=16, v_row=128, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// emitc.pto @batched_nz_tload: batch 1 of [2, 1, 1, 16, 32] i8 is
// Shape<1, 1, 1, 16, 32> with the parent strides at 512 elements.
// CHECK-LABEL: func.func @batched_nz_tload
// DESC: src:  GlobalTensor<int8_t, pto::Shape<1, 1, 1, 16, 32>, pto::Stride<512, 512, 512, 32, 1>, pto::Layout::NZ>
// DESC-NEXT: dst:
// DESC-NEXT: at:   ptr + 512 elements
func.func @batched_nz_tload(%ptr: !pto.ptr<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %root = pto.make_tensor_view %ptr, shape = [%c2, %c1, %c1, %c16, %c32], strides = [%c512, %c512, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<2x1x1x16x32xi8>
  %part = pto.partition_view %root, offsets = [%c1, %c0, %c0, %c0, %c0], sizes = [%c1, %c1, %c1, %c16, %c32] : !pto.tensor_view<2x1x1x16x32xi8> -> !pto.partition_tensor_view<1x1x1x16x32xi8>
  %tile = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  pto.tload ins(%part : !pto.partition_tensor_view<1x1x1x16x32xi8>) outs(%tile : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// positive.pto @explicit_layouts' %canonical_nd read by a tload: the explicit
// ND wins over the NZ pattern (the design's example 5.2).
// CHECK-LABEL: func.func @explicit_nd_emitc
// DESC: src:  GlobalTensor<float, pto::Shape<1, 2, 1, 16, 8>, pto::Stride<256, 128, 128, 8, 1>, pto::Layout::ND>
func.func @explicit_nd_emitc(%ptr: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %view = pto.make_tensor_view %ptr, shape = [%c1, %c2, %c1, %c16, %c8], strides = [%c256, %c128, %c128, %c8, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<1x2x1x16x8xf32>
  %part = pto.partition_view %view, offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c2, %c1, %c16, %c8] : !pto.tensor_view<1x2x1x16x8xf32> -> !pto.partition_tensor_view<1x2x1x16x8xf32>
  %tile = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=8, v_row=32, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tload ins(%part : !pto.partition_tensor_view<1x2x1x16x8xf32>) outs(%tile : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=8, v_row=32, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  return
}

// The design's items 16 and 18: scf.if(NZ, NZ) through a helper, scf.for and
// scf.while stays NZ; a direct helper's parameter takes its callers' NZ.
// CHECK-LABEL: func.func @nz_through_control_flow
func.func @nz_helper(%v: !pto.tensor_view<1x8x8x16x8xf32>) -> !pto.tensor_view<1x8x8x16x8xf32> {
  return %v : !pto.tensor_view<1x8x8x16x8xf32>
}
func.func @nz_through_control_flow(%ptr: !pto.ptr<f32>, %cond: i1, %n: index) -> !pto.tensor_view<1x8x8x16x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c8192 = arith.constant 8192 : index
  %a = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<1x8x8x16x8xf32>
  %b = pto.make_tensor_view %ptr, shape = [%c1, %c8, %c8, %c16, %c8], strides = [%c8192, %c1024, %c128, %c8, %c1] : !pto.tensor_view<1x8x8x16x8xf32>
  %v = scf.if %cond -> !pto.tensor_view<1x8x8x16x8xf32> {
    scf.yield %a : !pto.tensor_view<1x8x8x16x8xf32>
  } else {
    scf.yield %b : !pto.tensor_view<1x8x8x16x8xf32>
  }
  %h = func.call @nz_helper(%v) : (!pto.tensor_view<1x8x8x16x8xf32>) -> !pto.tensor_view<1x8x8x16x8xf32>
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%it = %h) -> !pto.tensor_view<1x8x8x16x8xf32> {
    scf.yield %it : !pto.tensor_view<1x8x8x16x8xf32>
  }
  %w = scf.while (%x = %f) : (!pto.tensor_view<1x8x8x16x8xf32>) -> !pto.tensor_view<1x8x8x16x8xf32> {
    scf.condition(%cond) %x : !pto.tensor_view<1x8x8x16x8xf32>
  } do {
  ^bb0(%y: !pto.tensor_view<1x8x8x16x8xf32>):
    scf.yield %y : !pto.tensor_view<1x8x8x16x8xf32>
  }
  return %w : !pto.tensor_view<1x8x8x16x8xf32>
}
