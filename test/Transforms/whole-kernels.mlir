// Whole kernels through --lower-to-ptoas: cube and vector functions, reserved
// buffers, cube/vector pipes and events around NZ weight loads. Only the NZ
// view and its partitions change; every other op (vector ops, buffers, pipes,
// events, ND views, ops ptonz does not define) is left as it was. Any reader of
// an NZ view or its partition other than partition_view -> tload, known or
// unknown, is rejected. test/ptoas/whole-kernels.test assembles the first
// kernel with the real PTOAS (it takes this file up to the first split).
// RUN: ptonz-opt --split-input-file --verify-diagnostics --lower-to-ptoas %s | FileCheck %s

// An a5 FFN step: the entry calls a cube function (x @ W, W an f16 NZ weight
// loaded in two K steps) that pushes its accumulator to a vector function
// (scale, bias, store by sub-block).
module attributes {pto.target_arch = "a5"} {
  func.func @ffn(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>, %y: !pto.ptr<f32>) attributes {pto.entry} {
    func.call @ffn_cube(%x, %w) : (!pto.ptr<f16>, !pto.ptr<f16>) -> ()
    func.call @ffn_vector(%y) : (!pto.ptr<f32>) -> ()
    return
  }
  func.func private @ffn_cube(%x: !pto.ptr<f16>, %w: !pto.ptr<f16>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c4096 = arith.constant 4096 : index
    %c8192 = arith.constant 8192 : index
    %c2v = pto.import_reserved_buffer {name = "c2v_fifo", peer_func = @ffn_vector} -> i32
    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %c0_i32 : i32)
    %xv = pto.make_tensor_view %x, shape = [%c16, %c256], strides = [%c256, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
    %wv = pto.make_tensor_view %w, shape = [%c256, %c32], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
    %xm = pto.alloc_tile : !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>
    %wm = pto.alloc_tile : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>
    %l = pto.alloc_tile : !pto.tile_buf<left, 16x128xf16, blayout=row_major, slayout=row_major>
    %r = pto.alloc_tile : !pto.tile_buf<right, 128x32xf16, blayout=row_major, slayout=col_major>
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x32xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %xp0 = pto.partition_view %xv, offsets = [%c0, %c0], sizes = [%c16, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x128xf16>
    %wp0 = pto.partition_view %wv, offsets = [%c0, %c0], sizes = [%c128, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x32xf16>
    pto.tload ins(%xp0 : !pto.partition_tensor_view<16x128xf16>) outs(%xm : !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>)
    pto.tload ins(%wp0 : !pto.partition_tensor_view<128x32xf16>) outs(%wm : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>)
    pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    pto.tmov ins(%xm : !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>) outs(%l : !pto.tile_buf<left, 16x128xf16, blayout=row_major, slayout=row_major>)
    pto.tmov ins(%wm : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>) outs(%r : !pto.tile_buf<right, 128x32xf16, blayout=row_major, slayout=col_major>)
    pto.set_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID0>]
    pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x128xf16, blayout=row_major, slayout=row_major>, !pto.tile_buf<right, 128x32xf16, blayout=row_major, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x32xf32, blayout=col_major, slayout=row_major, fractal=1024>)
    pto.set_flag[<PIPE_M>, <PIPE_MTE2>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_M>, <PIPE_MTE2>, <EVENT_ID0>]
    %xp1 = pto.partition_view %xv, offsets = [%c0, %c128], sizes = [%c16, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x128xf16>
    %wp1 = pto.partition_view %wv, offsets = [%c128, %c0], sizes = [%c128, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x32xf16>
    pto.tload ins(%xp1 : !pto.partition_tensor_view<16x128xf16>) outs(%xm : !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>)
    pto.tload ins(%wp1 : !pto.partition_tensor_view<128x32xf16>) outs(%wm : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>)
    pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID1>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID1>]
    pto.tmov ins(%xm : !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>) outs(%l : !pto.tile_buf<left, 16x128xf16, blayout=row_major, slayout=row_major>)
    pto.tmov ins(%wm : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>) outs(%r : !pto.tile_buf<right, 128x32xf16, blayout=row_major, slayout=col_major>)
    pto.set_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID1>]
    pto.wait_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID1>]
    pto.tmatmul.acc ins(%acc, %l, %r : !pto.tile_buf<acc, 16x32xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x128xf16, blayout=row_major, slayout=row_major>, !pto.tile_buf<right, 128x32xf16, blayout=row_major, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x32xf32, blayout=col_major, slayout=row_major, fractal=1024>)
    pto.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
    pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x32xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
    return
  }
  func.func private @ffn_vector(%y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %scale = arith.constant 5.000000e-01 : f32
    %bias = arith.constant 1.000000e+00 : f32
    %c2v = pto.reserve_buffer {name = "c2v_fifo", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %c0_i32 : i32)
    %out = pto.alloc_tile : !pto.tile_buf<vec, 8x32xf32>
    %t = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<vec, 8x32xf32>
    pto.tmuls ins(%t, %scale : !pto.tile_buf<vec, 8x32xf32>, f32) outs(%out : !pto.tile_buf<vec, 8x32xf32>)
    pto.tadds ins(%out, %bias : !pto.tile_buf<vec, 8x32xf32>, f32) outs(%out : !pto.tile_buf<vec, 8x32xf32>)
    pto.tfree_from_aic {split = 1}
    %sb = pto.get_subblock_idx
    %sbi = arith.index_cast %sb : i64 to index
    %row = arith.muli %sbi, %c8 : index
    %yv = pto.make_tensor_view %y, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %yp = pto.partition_view %yv, offsets = [%row, %c0], sizes = [%c8, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.tstore ins(%out : !pto.tile_buf<vec, 8x32xf32>) outs(%yp : !pto.partition_tensor_view<8x32xf32>)
    return
  }
}

// CHECK-LABEL: func.func @ffn(
// CHECK-NEXT:    call @ffn_cube(%x, %w)
// CHECK-NEXT:    call @ffn_vector(%y)
// CHECK-NEXT:    return

// The NZ weight 256x32 f16 is blocked into [1, 32/16, 256/16, 16, 16] and
// its partitions [128, 32] at rows 0 and 128 into [1, 2, 8, 16, 16] at
// blocked offsets 0 and 8; the ND activation and everything else is unchanged.
// CHECK-LABEL: func.func private @ffn_cube(
// CHECK-SAME:      pto.kernel_kind = #pto.kernel_kind<cube>
// CHECK:         %[[BUF:.*]] = pto.import_reserved_buffer{name = "c2v_fifo", peer_func = @ffn_vector} -> i32
// CHECK-NEXT:    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %[[BUF]] : i32, v2c_consumer_buf = %c0_i32 : i32)
// CHECK-NEXT:    %[[X:.*]] = pto.make_tensor_view %x, shape = [%c16, %c256], strides = [%c256, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK-NEXT:    %[[W:.*]] = pto.make_tensor_view %w, shape = [%c1, %c2, %c16, %c16, %c16], strides = [%c8192, %c4096, %c256, %c16, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xf16>
// CHECK-NEXT:    %[[XM:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 16x128xf16, blayout=col_major, slayout=row_major>
// CHECK-NEXT:    %[[WM:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>
// CHECK-NEXT:    %[[L:.*]] = pto.alloc_tile : !pto.tile_buf<left, 16x128xf16, slayout=row_major>
// CHECK-NEXT:    %[[R:.*]] = pto.alloc_tile : !pto.tile_buf<right, 128x32xf16, slayout=col_major>
// CHECK-NEXT:    %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<acc, 16x32xf32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK-NEXT:    %[[XP0:.*]] = pto.partition_view %[[X]], offsets = [%c0, %c0], sizes = [%c16, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x128xf16>
// CHECK-NEXT:    %[[WP0:.*]] = pto.partition_view %[[W]], offsets = [%c0, %c0, %c0, %c0, %c0], sizes = [%c1, %c2, %c8, %c16, %c16] : !pto.tensor_view<?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x2x8x16x16xf16>
// CHECK-NEXT:    pto.tload ins(%[[XP0]] : !pto.partition_tensor_view<16x128xf16>) outs(%[[XM]]
// CHECK-NEXT:    pto.tload ins(%[[WP0]] : !pto.partition_tensor_view<1x2x8x16x16xf16>) outs(%[[WM]] : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>)
// CHECK-NEXT:    pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
// CHECK-NEXT:    pto.tmov ins(%[[XM]] : {{.*}}) outs(%[[L]] :
// CHECK-NEXT:    pto.tmov ins(%[[WM]] : {{.*}}) outs(%[[R]] :
// CHECK-NEXT:    pto.set_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID0>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID0>]
// CHECK-NEXT:    pto.tmatmul ins(%[[L]], %[[R]] : {{.*}}) outs(%[[ACC]] :
// CHECK-NEXT:    pto.set_flag[<PIPE_M>, <PIPE_MTE2>, <EVENT_ID0>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_M>, <PIPE_MTE2>, <EVENT_ID0>]
// CHECK-NEXT:    %[[XP1:.*]] = pto.partition_view %[[X]], offsets = [%c0, %c128], sizes = [%c16, %c128] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x128xf16>
// CHECK-NEXT:    %[[WP1:.*]] = pto.partition_view %[[W]], offsets = [%c0, %c0, %c8, %c0, %c0], sizes = [%c1, %c2, %c8, %c16, %c16] : !pto.tensor_view<?x?x?x?x?xf16> -> !pto.partition_tensor_view<1x2x8x16x16xf16>
// CHECK-NEXT:    pto.tload ins(%[[XP1]] : {{.*}}) outs(%[[XM]] :
// CHECK-NEXT:    pto.tload ins(%[[WP1]] : !pto.partition_tensor_view<1x2x8x16x16xf16>) outs(%[[WM]] :
// CHECK-NEXT:    pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID1>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID1>]
// CHECK-NEXT:    pto.tmov ins(%[[XM]] : {{.*}}) outs(%[[L]] :
// CHECK-NEXT:    pto.tmov ins(%[[WM]] : {{.*}}) outs(%[[R]] :
// CHECK-NEXT:    pto.set_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID1>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID1>]
// CHECK-NEXT:    pto.tmatmul.acc ins(%[[ACC]], %[[L]], %[[R]] : {{.*}}) outs(%[[ACC]] :
// CHECK-NEXT:    pto.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
// CHECK-NEXT:    pto.tpush_to_aiv(%[[ACC]] : !pto.tile_buf<acc, 16x32xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
// CHECK-NEXT:    return

// No NZ view: the vector function is printed op for op as it was written.
// CHECK-LABEL: func.func private @ffn_vector(
// CHECK-SAME:      attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c8 = arith.constant 8 : index
// CHECK-NEXT:    %c16 = arith.constant 16 : index
// CHECK-NEXT:    %c32 = arith.constant 32 : index
// CHECK-NEXT:    %[[SCALE:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    %[[BIAS:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[VBUF:.*]] = pto.reserve_buffer{name = "c2v_fifo", size = 8192, location = <vec>, auto = true} -> i32
// CHECK-NEXT:    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %[[VBUF]] : i32, v2c_consumer_buf = %c0_i32 : i32)
// CHECK-NEXT:    %[[OUT:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xf32>
// CHECK-NEXT:    %[[T:.*]] = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<vec, 8x32xf32>
// CHECK-NEXT:    pto.tmuls ins(%[[T]], %[[SCALE]] : !pto.tile_buf<vec, 8x32xf32>, f32) outs(%[[OUT]] : !pto.tile_buf<vec, 8x32xf32>)
// CHECK-NEXT:    pto.tadds ins(%[[OUT]], %[[BIAS]] : !pto.tile_buf<vec, 8x32xf32>, f32) outs(%[[OUT]] : !pto.tile_buf<vec, 8x32xf32>)
// CHECK-NEXT:    pto.tfree_from_aic{{ ?}}{split = 1}
// CHECK-NEXT:    %[[SB:.*]] = pto.get_subblock_idx
// CHECK-NEXT:    %[[SBI:.*]] = arith.index_cast %[[SB]] : i64 to index
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[SBI]], %c8 : index
// CHECK-NEXT:    %[[Y:.*]] = pto.make_tensor_view %y, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT:    %[[YP:.*]] = pto.partition_view %[[Y]], offsets = [%[[ROW]], %c0], sizes = [%c8, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
// CHECK-NEXT:    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
// CHECK-NEXT:    pto.tstore ins(%[[OUT]] : !pto.tile_buf<vec, 8x32xf32>) outs(%[[YP]] : !pto.partition_tensor_view<8x32xf32>)
// CHECK-NEXT:    return

// -----

// An a3 kernel with an i8 NZ weight under a K loop, next to a vector function
// that uses an op ptonz does not define (a later PTOAS's, ins/outs form) and
// an event array: the unknown op passes through verbatim, and since it reads
// no NZ data the lowering goes ahead.
module {
  func.func @gemv_cube(%w: !pto.ptr<i8>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %wv = pto.make_tensor_view %w, shape = [%c256, %c512], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xi8>
    %wm = pto.alloc_tile : !pto.tile_buf<mat, 64x512xi8, blayout=col_major, slayout=row_major>
    scf.for %k = %c0 to %c4 step %c1 {
      %row = arith.muli %k, %c64 : index
      %wp = pto.partition_view %wv, offsets = [%row, %c0], sizes = [%c64, %c512] : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x512xi8>
      pto.tload ins(%wp : !pto.partition_tensor_view<64x512xi8>) outs(%wm : !pto.tile_buf<mat, 64x512xi8, blayout=col_major, slayout=row_major>)
      pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
      pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
    }
    return
  }
  func.func @gemv_vector(%a: !pto.tile_buf<vec, 16x64xf16>, %b: !pto.tile_buf<vec, 16x64xf16>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    pto.tfancy_blend ins(%a, %b : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 16x64xf16>) outs(%a : !pto.tile_buf<vec, 16x64xf16>) {alpha = 5.000000e-01 : f32}
    pto.tadd ins(%a, %b : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 16x64xf16>) outs(%b : !pto.tile_buf<vec, 16x64xf16>)
    return
  }
}

// CHECK-LABEL: func.func @gemv_cube(
// CHECK:         %[[GW:.*]] = pto.make_tensor_view %w, shape = [%c1, %c16, %c16, %c16, %c32], strides = [%c131072, %c8192, %c512, %c32, %c1] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
// CHECK:         scf.for %[[K:.*]] = %c0 to %c4 step %c1 {
// CHECK:           %[[GP:.*]] = pto.partition_view %[[GW]], offsets = [%c0, %c0, %{{.*}}, %c0, %c0], sizes = [%c1, %c16, %c4, %c16, %c32] : !pto.tensor_view<?x?x?x?x?xi8> -> !pto.partition_tensor_view<1x16x4x16x32xi8>
// CHECK-NEXT:      pto.tload ins(%[[GP]] : !pto.partition_tensor_view<1x16x4x16x32xi8>)
// CHECK-NEXT:      pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
// CHECK-NEXT:      pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]
// CHECK-NEXT:    }

// CHECK-LABEL: func.func @gemv_vector(
// CHECK-NEXT:    pto.tfancy_blend ins(%a, %b : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 16x64xf16>) outs(%a : !pto.tile_buf<vec, 16x64xf16>) {alpha = 5.000000e-01 : f32}
// CHECK-NEXT:    pto.tadd ins(%a, %b : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 16x64xf16>) outs(%b : !pto.tile_buf<vec, 16x64xf16>)
// CHECK-NEXT:    return

// -----

// A known op other than tload reading an NZ partition: pto.tprefetch would
// read the blocked bytes in logical order.
module attributes {pto.target_arch = "a5"} {
  func.func @prefetch_nz_partition(%w: !pto.ptr<f16>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %wv = pto.make_tensor_view %w, shape = [%c256, %c32], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
    // expected-note@+1 {{NZ partition defined here}}
    %wp = pto.partition_view %wv, offsets = [%c0, %c0], sizes = [%c128, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x32xf16>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 128x32xf16>
    // expected-error@+1 {{pto-block-nz-views: a partition of an NZ view may only feed pto.tload, but it is used by 'pto.tprefetch' (NZ is read-only here)}}
    pto.tprefetch ins(%wp : !pto.partition_tensor_view<128x32xf16>) outs(%t : !pto.tile_buf<vec, 128x32xf16>)
    return
  }
}

// -----

// An op ptonz does not define (a later PTOAS's, in ins/outs form) reading the
// NZ view itself: unknown ops are assumed to read and write anything.
module attributes {pto.target_arch = "a5"} {
  func.func @unknown_reads_nz_view(%w: !pto.ptr<f16>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    // expected-note@+1 {{NZ view defined here}}
    %wv = pto.make_tensor_view %w, shape = [%c256, %c32], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
    // expected-error@+1 {{pto-block-nz-views: an NZ view may only be read through pto.partition_view -> pto.tload, but it is used by 'pto.tprefetch_l2': NZ tensors are read-only here; store to (or pass) an nd view instead}}
    pto.tprefetch_l2 ins(%wv : !pto.tensor_view<?x?xf16>) {bytes = 16384}
    return
  }
}

// -----

// An unknown op reading an NZ partition next to the documented tload path.
module attributes {pto.target_arch = "a5"} {
  func.func @unknown_reads_nz_partition(%w: !pto.ptr<f16>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %wv = pto.make_tensor_view %w, shape = [%c256, %c32], strides = [] {layout = #pto.layout<nz>} : !pto.tensor_view<?x?xf16>
    // expected-note@+1 {{NZ partition defined here}}
    %wp = pto.partition_view %wv, offsets = [%c0, %c0], sizes = [%c128, %c32] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x32xf16>
    %wm = pto.alloc_tile : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>
    %wq = pto.alloc_tile : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>
    pto.tload ins(%wp : !pto.partition_tensor_view<128x32xf16>) outs(%wm : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>)
    // expected-error@+1 {{pto-block-nz-views: a partition of an NZ view may only feed pto.tload, but it is used by 'pto.tload_nd2nz' (NZ is read-only here)}}
    pto.tload_nd2nz ins(%wp : !pto.partition_tensor_view<128x32xf16>) outs(%wq : !pto.tile_buf<mat, 128x32xf16, blayout=col_major, slayout=row_major>)
    return
  }
}
