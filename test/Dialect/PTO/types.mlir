// Every pto type and attribute prints in PTOAS's syntax and re-parses to itself.
// RUN: ptonz-opt %s | ptonz-opt | FileCheck %s

// CHECK-LABEL: func.func private @ptr_types
// CHECK-SAME: !pto.ptr<f16>, !pto.ptr<i8>, !pto.ptr<f32>, !pto.ptr<bf16, l1>
// CHECK-SAME: !pto.ptr<i8, l1>, !pto.ptr<f16, ub>, !pto.ptr<f16, ub>, !pto.ptr<f16, l0a>
// CHECK-SAME: !pto.ptr<f16, l0a>, !pto.ptr<f16, l0b>, !pto.ptr<f16, l0b>, !pto.ptr<f32, l0c>
// CHECK-SAME: !pto.ptr<f32, l0c>, !pto.ptr<f32, bt>, !pto.ptr<f32, bt>, !pto.ptr<i64, fb>
// CHECK-SAME: !pto.ptr<i64, fb>)
func.func private @ptr_types(!pto.ptr<f16>, !pto.ptr<i8, gm>, !pto.ptr<f32>,
    !pto.ptr<bf16, mat>, !pto.ptr<i8, l1>, !pto.ptr<f16, ub>, !pto.ptr<f16, vec>,
    !pto.ptr<f16, l0a>, !pto.ptr<f16, left>, !pto.ptr<f16, l0b>, !pto.ptr<f16, right>,
    !pto.ptr<f32, l0c>, !pto.ptr<f32, acc>, !pto.ptr<f32, bt>, !pto.ptr<f32, bias>,
    !pto.ptr<i64, fb>, !pto.ptr<i64, scaling>)

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

// The legacy keyed form parses; everything prints in the compact form with the
// defaults (valid = shape, blayout=row_major, slayout=none_box, fractal=512,
// pad=0, compact=0) omitted.
// CHECK-LABEL: func.func private @tile_buf_legacy
// CHECK-SAME: (!pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>,
// CHECK-SAME: !pto.tile_buf<left, 64x512xi8, slayout=row_major>,
// CHECK-SAME: !pto.tile_buf<right, 512x256xi8, slayout=col_major>,
// CHECK-SAME: !pto.tile_buf<acc, 64x256xi32, blayout=col_major, slayout=row_major, fractal=1024>,
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16>,
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16, valid=?x?>,
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16, valid=8x?, pad=1>,
// CHECK-SAME: !pto.tile_buf<bias, 1x256xf32, fractal=32, pad=3, compact=2>,
// CHECK-SAME: !pto.tile_buf<scaling, 1x64xi64, fractal=16>)
func.func private @tile_buf_legacy(
    !pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, blayout=col_major, slayout=row_major, fractal=512, pad=0>,
    !pto.tile_buf<loc=left, dtype=i8, rows=64, cols=512, v_row=64, v_col=512, blayout=row_major, slayout=row_major, fractal=512, pad=0>,
    !pto.tile_buf<loc=right, dtype=i8, rows=512, cols=256, v_row=512, v_col=256, blayout=row_major, slayout=col_major, fractal=512, pad=0>,
    !pto.tile_buf<loc=acc, dtype=i32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=1024, pad=0>,
    !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>,
    !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=?, v_col=-1>,
    !pto.tile_buf<loc=vec, cols=16, dtype=f16, rows=16, v_row=8, v_col=?, pad=1>,
    !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=256, fractal=32, pad=3, compact=2>,
    !pto.tile_buf<loc=scaling, dtype=i64, rows=1, cols=64, fractal=16>)

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

// Every attribute, as function attributes.
// CHECK-LABEL: func.func private @attributes
// Attribute dictionaries print sorted by name.
// CHECK-SAME: as = #pto.address_space<mat>, b0 = #pto.blayout<col_major>
// CHECK-SAME: e0 = #pto.event<EVENT_ID0>, e7 = #pto.event<EVENT_ID7>
// CHECK-SAME: kind = #pto.kernel_kind<cube>, kind2 = #pto.kernel_kind<vector>
// CHECK-SAME: l0 = #pto.layout<nd>, l1 = #pto.layout<dn>, l2 = #pto.layout<nz>
// CHECK-SAME: p0 = #pto.pipe<PIPE_S>, p1 = #pto.pipe<PIPE_V>, p2 = #pto.pipe<PIPE_M>
// CHECK-SAME: p3 = #pto.pipe<PIPE_MTE1>, p4 = #pto.pipe<PIPE_MTE2>, p5 = #pto.pipe<PIPE_MTE3>
// CHECK-SAME: p6 = #pto.pipe<PIPE_ALL>, p7 = #pto.pipe<PIPE_FIX>, p8 = #pto.pipe<VIRTUAL_PIPE_MTE2_L1A>
// CHECK-SAME: p9 = #pto.pipe<PIPE_UNASSIGNED>, pv = #pto.pad_value<zero>
// CHECK-SAME: s0 = #pto.sync_op_type<TLOAD>, s1 = #pto.sync_op_type<TSTORE_ACC>
// CHECK-SAME: sl = #pto.slayout<none_box>
// CHECK-SAME: t0 = #pto.pipe_event_type<TLOAD>, t1 = #pto.pipe_event_type<TMATMUL>
// CHECK-SAME: t2 = #pto.pipe_event_type<TMOV_M2L>, t3 = #pto.pipe_event_type<TVECWAIT_EVENT>}
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
    pv = #pto.pad_value<zero>, as = #pto.address_space<mat>}

// A kernel kind on a real kernel, as PTOAS writes it.
// CHECK-LABEL: func.func @cube_kernel
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<cube>}
func.func @cube_kernel() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  return
}
