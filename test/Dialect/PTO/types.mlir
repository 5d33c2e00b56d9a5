// Every pto type and attribute prints in PTOAS's syntax and re-parses to itself.
// RUN: ptonz-opt %s | ptonz-opt | FileCheck %s

// PTOAS's pointer has no address space (ptonz rejects `!pto.ptr<T, gm>`: invalid.mlir).
// CHECK-LABEL: func.func private @ptr_types
// CHECK-SAME: (!pto.ptr<f16>, !pto.ptr<i8>, !pto.ptr<f32>, !pto.ptr<bf16>, !pto.ptr<i64>)
func.func private @ptr_types(!pto.ptr<f16>, !pto.ptr<i8>, !pto.ptr<f32>, !pto.ptr<bf16>,
    !pto.ptr<i64>)

// CHECK-LABEL: func.func private @tensor_views
// CHECK-SAME: !pto.tensor_view<256x512xi8>
// CHECK-SAME: !pto.tensor_view<?x?xf16>
// CHECK-SAME: !pto.tensor_view<32x?x4096xbf16>
// CHECK-SAME: !pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>
// CHECK-SAME: !pto.tensor_view<1x16x16x16x32xi8, #pto.layout<nz>>
// CHECK-SAME: !pto.tensor_view<64x512xf32, #pto.layout<nd>>
// CHECK-SAME: !pto.tensor_view<64x512xf32, #pto.layout<dn>>
// CHECK-SAME: !pto.tensor_view<1024xi32>
func.func private @tensor_views(!pto.tensor_view<256x512xi8>, !pto.tensor_view<?x?xf16>,
    !pto.tensor_view<32x?x4096xbf16>, !pto.tensor_view<?x?x?x?x?xi8, #pto.layout<nz>>,
    !pto.tensor_view<1x16x16x16x32xi8, #pto.layout<nz>>,
    !pto.tensor_view<64x512xf32, #pto.layout<nd>>, !pto.tensor_view<64x512xf32, #pto.layout<dn>>,
    !pto.tensor_view<1024xi32>)

// CHECK-LABEL: func.func private @partition_views
// CHECK-SAME: !pto.partition_tensor_view<1x16x16x16x32xi8>
// CHECK-SAME: !pto.partition_tensor_view<?x512xf16>
// CHECK-SAME: !pto.partition_tensor_view<?x?xf16>
// CHECK-SAME: !pto.partition_tensor_view<1x8x16x16x32xi8, #pto.layout<nz>>
func.func private @partition_views(!pto.partition_tensor_view<1x16x16x16x32xi8>,
    !pto.partition_tensor_view<?x512xf16>, !pto.partition_tensor_view<?x?xf16>,
    !pto.partition_tensor_view<1x8x16x16x32xi8, #pto.layout<nz>>)

// The legacy keyed form parses (every key, in PTOAS's order; `compact` may
// follow); everything prints in the compact form with the defaults (valid =
// shape, blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=0)
// omitted.
// CHECK-LABEL: func.func private @tile_buf_legacy
// CHECK-SAME: (!pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>,
// CHECK-SAME: !pto.tile_buf<left, 64x512xi8, slayout=row_major>,
// CHECK-SAME: !pto.tile_buf<right, 512x256xi8, slayout=col_major>,
// CHECK-SAME: !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>,
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16>,
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16, valid=?x?>,
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16, valid=8x?, pad=1>,
// CHECK-SAME: !pto.tile_buf<bias, 1x256xf32, fractal=32, pad=3, compact=2>,
// CHECK-SAME: !pto.tile_buf<scaling, 1x64xi64, fractal=32>)
func.func private @tile_buf_legacy(
    !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>,
    !pto.tile_buf<loc=left, dtype=i8, rows=64, cols=512, v_row=64, v_col=512, blayout=row_major, slayout=row_major, fractal=512, pad=0>,
    !pto.tile_buf<loc=right, dtype=i8, rows=512, cols=256, v_row=512, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>,
    !pto.tile_buf<loc=acc, dtype=i32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>,
    !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
    !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=?, v_col=-1, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
    !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=8, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>,
    !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=32, pad=3, compact=2>,
    !pto.tile_buf<loc=scaling, dtype=i64, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=32, pad=0>)

// The compact form: defaults given explicitly are dropped when printed.
// CHECK-LABEL: func.func private @tile_buf_compact
// CHECK-SAME: (!pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>,
// CHECK-SAME: !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>,
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16>,
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16, valid=?x?>,
// CHECK-SAME: !pto.tile_buf<vec, 32x64xbf16, valid=16x?>,
// CHECK-SAME: !pto.tile_buf<acc, 64x256xf32, blayout=col_major, slayout=row_major, fractal=1024>,
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16, slayout=col_major, pad=2, compact=1>)
func.func private @tile_buf_compact(
    !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>,
    !pto.tile_buf<mat, 256x512xi8, valid=256x512, blayout=col_major, slayout=row_major, fractal=512, pad=0, compact=0>,
    !pto.tile_buf<vec, 16x16xf16, valid=16x16, blayout=row_major, slayout=none_box>,
    !pto.tile_buf<vec, 16x16xf16, valid=?x?>,
    !pto.tile_buf<vec, 32x64xbf16, valid=16x?>,
    !pto.tile_buf<acc, 64x256xf32, slayout=row_major, fractal=1024, blayout=col_major>,
    !pto.tile_buf<vec, 16x16xf16, compact=1, pad=2, slayout=col_major>)

// The other types of PTOAS 0.27.
// CHECK-LABEL: func.func private @other_types
// CHECK-SAME: (!pto.tile<32x32xf32>, !pto.tile<?x16xi8>, !pto.eventid_array<4>, !pto.pipe,
// CHECK-SAME: !pto.async_session, !pto.async_event)
func.func private @other_types(!pto.tile<32x32xf32>, !pto.tile<?x16xi8>, !pto.eventid_array<4>,
    !pto.pipe, !pto.async_session, !pto.async_event)

// GM memrefs carry a pto address space.
// CHECK-LABEL: func.func private @memrefs
// CHECK-SAME: (memref<128xf32, #pto.address_space<gm>>, memref<16x16xf16, #pto.address_space<vec>>)
func.func private @memrefs(memref<128xf32, #pto.address_space<gm>>,
    memref<16x16xf16, #pto.address_space<vec>>)

// Every attribute, as function attributes.
// CHECK-LABEL: func.func private @attributes
// Attribute dictionaries print sorted by name.
// CHECK-SAME: a0 = #pto.acc_to_vec_mode<single_mode_vec0>, a1 = #pto.acc_to_vec_mode<dual_mode_split_n>
// CHECK-SAME: as = #pto.address_space<mat>, at = #pto<atomic_type atomic_add>, b0 = #pto.blayout<col_major>
// CHECK-SAME: c0 = #pto<cmp eq>, c1 = #pto<cmp ge>
// CHECK-SAME: cfg = #pto.tile_buf_config<blayout=#pto.blayout<col_major>, slayout=#pto.slayout<row_major>, s_fractal_size=512, pad=#pto.pad_value<null>, compact=#pto.compact_mode<null>>
// CHECK-SAME: cfg2 = #pto.tile_buf_config<blayout=#pto.blayout<row_major>, slayout=#pto.slayout<row_major>, s_fractal_size=1024, pad=#pto.pad_value<zero>, compact=#pto.compact_mode<null>>
// CHECK-SAME: cfg3 = #pto.tile_buf_config<blayout=#pto.blayout<row_major>, slayout=#pto.slayout<none_box>, s_fractal_size=512, pad=#pto.pad_value<null>, compact=#pto.compact_mode<null>>
// CHECK-SAME: cm = #pto.compact_mode<row_plus_one>
// CHECK-SAME: e0 = #pto.event<EVENT_ID0>, e7 = #pto.event<EVENT_ID7>
// CHECK-SAME: f0 = #pto.func_core_type<AIC>, f1 = #pto.func_core_type<AIC_OR_AIV>
// CHECK-SAME: go = #pto<gather_oob clamp>
// CHECK-SAME: kind = #pto.kernel_kind<cube>, kind2 = #pto.kernel_kind<vector>
// CHECK-SAME: l0 = #pto.layout<nd>, l1 = #pto.layout<dn>, l2 = #pto.layout<nz>
// CHECK-SAME: m0 = #pto.module_core_type<MIX>, mp = #pto.mask_pattern<P1010>
// CHECK-SAME: p0 = #pto.pipe<PIPE_S>, p1 = #pto.pipe<PIPE_V>, p2 = #pto.pipe<PIPE_M>
// CHECK-SAME: p3 = #pto.pipe<PIPE_MTE1>, p4 = #pto.pipe<PIPE_MTE2>, p5 = #pto.pipe<PIPE_MTE3>
// CHECK-SAME: p6 = #pto.pipe<PIPE_ALL>, p7 = #pto.pipe<PIPE_FIX>, p8 = #pto.pipe<VIRTUAL_PIPE_MTE2_L1A>
// CHECK-SAME: p9 = #pto.pipe<PIPE_UNASSIGNED>, pm = #pto.padmode<PadFirstElem>, pv = #pto.pad_value<zero>
// CHECK-SAME: qt = #pto<quant_type INT8_ASYM>, r0 = #pto<round_mode CAST_RINT>, r1 = #pto<round_mode FLOOR>
// CHECK-SAME: rl = #pto<relu_pre_mode normal_relu>, s0 = #pto.sync_op_type<TLOAD>, s1 = #pto.sync_op_type<TSTORE_ACC>
// CHECK-SAME: sa = #pto<scatter_atomic_op max>, sat = #pto<saturation_mode OFF>, sl = #pto.slayout<none_box>
// CHECK-SAME: so = #pto<scatter_oob skip>, sp = #pto<st_phase partial>
// CHECK-SAME: t0 = #pto.pipe_event_type<TLOAD>, t1 = #pto.pipe_event_type<TMATMUL>
// CHECK-SAME: t2 = #pto.pipe_event_type<TMOV_M2L>, t3 = #pto.pipe_event_type<TVECWAIT_EVENT>
// CHECK-SAME: vf = #pto.vector_function}
func.func private @attributes() attributes {
    kind = #pto.kernel_kind<cube>, kind2 = #pto.kernel_kind<vector>,
    l0 = #pto.layout<nd>, l1 = #pto.layout<dn>, l2 = #pto.layout<nz>,
    p0 = #pto.pipe<PIPE_S>, p1 = #pto.pipe<PIPE_V>, p2 = #pto.pipe<PIPE_M>,
    p3 = #pto.pipe<PIPE_MTE1>, p4 = #pto.pipe<PIPE_MTE2>, p5 = #pto.pipe<PIPE_MTE3>,
    p6 = #pto.pipe<PIPE_ALL>, p7 = #pto.pipe<PIPE_FIX>, p8 = #pto.pipe<VIRTUAL_PIPE_MTE2_L1A>,
    p9 = #pto.pipe<PIPE_UNASSIGNED>,
    e0 = #pto.event<EVENT_ID0>, e7 = #pto.event<EVENT_ID7>,
    t0 = #pto.pipe_event_type<TLOAD>, t1 = #pto.pipe_event_type<TMATMUL>,
    t2 = #pto.pipe_event_type<TMOV_M2L>, t3 = #pto.pipe_event_type<TVECWAIT_EVENT>,
    s0 = #pto.sync_op_type<TLOAD>, s1 = #pto.sync_op_type<TSTORE_ACC>,
    b0 = #pto.blayout<col_major>, sl = #pto.slayout<none_box>,
    pv = #pto.pad_value<zero>, as = #pto.address_space<mat>,
    cm = #pto.compact_mode<row_plus_one>,
    f0 = #pto.func_core_type<AIC>, f1 = #pto.func_core_type<AIC_OR_AIV>,
    m0 = #pto.module_core_type<MIX>, pm = #pto.padmode<PadFirstElem>, vf = #pto.vector_function,
    c0 = #pto<cmp eq>, c1 = #pto<cmp ge>, r0 = #pto<round_mode CAST_RINT>,
    r1 = #pto<round_mode FLOOR>, sat = #pto<saturation_mode OFF>, sp = #pto<st_phase partial>,
    at = #pto<atomic_type atomic_add>, rl = #pto<relu_pre_mode normal_relu>,
    go = #pto<gather_oob clamp>, sa = #pto<scatter_atomic_op max>, so = #pto<scatter_oob skip>,
    qt = #pto<quant_type INT8_ASYM>, a0 = #pto.acc_to_vec_mode<single_mode_vec0>,
    a1 = #pto.acc_to_vec_mode<dual_mode_split_n>, mp = #pto.mask_pattern<P1010>,
    cfg = #pto.tile_buf_config<blayout=#pto.blayout<col_major>, slayout=#pto.slayout<row_major>, s_fractal_size=512, pad=#pto.pad_value<null>, compact=#pto.compact_mode<null>>,
    cfg2 = #pto.tile_buf_config<blayout=0 : i32, slayout=1 : i32, s_fractal_size=1024, pad=1 : i32>,
    cfg3 = #pto.tile_buf_config<>}

// A kernel kind on a real kernel, as PTOAS writes it.
// CHECK-LABEL: func.func @cube_kernel
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<cube>}
func.func @cube_kernel() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  return
}
