// Synchronisation, pipes, buffers, core queries and debug ops print in
// PTOAS's syntax and re-parse to themselves.
// RUN: ptonz-opt %s --pto-arch=a5 | ptonz-opt --pto-arch=a5 | FileCheck %s
// RUN: ptonz-opt %s --pto-arch=a5 --mlir-print-op-generic | ptonz-opt --pto-arch=a5 | FileCheck %s

// CHECK-LABEL: func.func @sync
func.func @sync(%e: index, %arr: !pto.eventid_array<4>, %ffts: !pto.ptr<i64>) {
  // CHECK: pto.barrier_sync[<TVEC>]
  pto.barrier_sync [#pto.sync_op_type<TVEC>]
  // CHECK: pto.set_flag_dyn[<PIPE_MTE2>, <PIPE_V>, %{{.*}}]
  pto.set_flag_dyn[#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, %e]
  // CHECK: pto.wait_flag_dyn[<PIPE_MTE2>, <PIPE_V>, %{{.*}}]
  pto.wait_flag_dyn[<PIPE_MTE2>, <PIPE_V>, %e]
  // CHECK: pto.get_buf[#pto.pipe_event_type<TLOAD>, 3]
  pto.get_buf [#pto.pipe_event_type<TLOAD>, 3]
  // CHECK: pto.rls_buf[#pto.sync_op_type<TMATMUL>, 3] {mode = 1 : i32}
  pto.rls_buf [#pto.sync_op_type<TMATMUL>, 3] {mode = 1 : i32}
  // CHECK: pto.sync.set <PIPE_MTE3>, 2
  pto.sync.set <PIPE_MTE3>, 2
  // CHECK: pto.sync.set <PIPE_FIX>, %{{.*}}
  pto.sync.set #pto.pipe<PIPE_FIX>, %e
  // CHECK: pto.sync.wait <PIPE_V>, 2
  pto.sync.wait <PIPE_V>, 2
  // CHECK: pto.sync.wait <PIPE_MTE2>, %{{.*}} {tag = 1 : i32}
  pto.sync.wait <PIPE_MTE2>, %e {tag = 1 : i32}
  // CHECK: pto.set_ffts %{{.*}} : !pto.ptr<i64>
  pto.set_ffts %ffts : !pto.ptr<i64>
  // CHECK: %[[A:.*]] = pto.declare_eventid_array -> !pto.eventid_array<8>
  %a = pto.declare_eventid_array -> !pto.eventid_array<8>
  // CHECK: pto.eventid_array_set %[[A]][%{{.*}}], %{{.*}} : !pto.eventid_array<8>
  pto.eventid_array_set %a[%e], %e : !pto.eventid_array<8>
  // CHECK: pto.eventid_array_get %[[A]][%{{.*}}] : !pto.eventid_array<8>
  %x = pto.eventid_array_get %a[%e] : !pto.eventid_array<8>
  // CHECK: pto.print ins("v=%d", %{{.*}} : i32)
  %xi = arith.index_cast %x : index to i32
  pto.print ins("v=%d", %xi : i32)
  // CHECK: pto.trap
  pto.trap
  return
}

// CHECK-LABEL: func.func @tprint
func.func @tprint(%pv: !pto.partition_tensor_view<16x16xf16>) {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // CHECK: pto.tprint ins(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>)
  pto.tprint ins(%t : !pto.tile_buf<vec, 16x16xf16>)
  // CHECK: pto.tprint ins(%{{.*}} : !pto.partition_tensor_view<16x16xf16>)
  pto.tprint ins(%pv : !pto.partition_tensor_view<16x16xf16>)
  // CHECK: pto.tsync ins(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>)
  pto.tsync ins(%t : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// A cube/vector kernel pair talking through a frontend pipe (A5: local slots).
// CHECK-LABEL: func.func @cube_side
// CHECK: %[[RB:.*]] = pto.reserve_buffer{name = "v2c", size = 8192, location = <mat>, auto = true} -> i32
// CHECK: %[[IB:.*]] = pto.import_reserved_buffer{name = "c2v", peer_func = @vector_side} -> i32
// CHECK: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 1024} (c2v_consumer_buf = %[[IB]] : i32, v2c_consumer_buf = %[[RB]] : i32)
// CHECK: pto.tpush_to_aiv(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
// CHECK: pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
// CHECK: pto.tfree_from_aiv{{ ?}}{split = 1}
func.func @cube_side() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %rb = pto.reserve_buffer {name = "v2c", size = 8192, location = #pto.address_space<mat>, auto = true} -> i32
  %ib = pto.import_reserved_buffer {name = "c2v", peer_func = @vector_side} -> i32
  pto.aic_initialize_pipe {dir_mask = 3, slot_size = 1024} (c2v_consumer_buf = %ib : i32, v2c_consumer_buf = %rb : i32)
  %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 1}
  %m = pto.tpop_from_aiv {split = 1} -> !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
  pto.tfree_from_aiv {split = 1}
  return
}

// CHECK-LABEL: func.func @vector_side
// CHECK: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 1024, nosplit = false} (c2v_consumer_buf = %{{.*}} : i32, v2c_consumer_buf = %{{.*}} : i32)
// CHECK: pto.tpop_from_aic(%{{.*}}, %{{.*}}) {split = 1} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
// CHECK: pto.tpush_to_aic(%{{.*}} : !pto.tile_buf<vec, 16x16xf32>) {split = 1}
func.func @vector_side(%r: index, %c: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %rb = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
  %ib = pto.import_reserved_buffer {name = "v2c", peer_func = @cube_side} -> i32
  pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 1024, nosplit = false} (c2v_consumer_buf = %rb : i32, v2c_consumer_buf = %ib : i32)
  %t = pto.tpop_from_aic (%r, %c) {split = 1} -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  pto.tfree_from_aic {split = 1}
  %v = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tpush_to_aic(%v : !pto.tile_buf<vec, 16x16xf32>) {split = 1}
  return
}

// The pipe-handle forms PTOAS lowers the frontend ops to.
// CHECK-LABEL: func.func @handles
// CHECK: %[[P:[^ ]+]] = pto.initialize_l2l_pipe{dir_mask = 1, slot_size = 1024, slot_num = 8, flag_base = 0} (%{{.*}} : i32) -> !pto.pipe
// CHECK: pto.tpush(%{{.*}}, %[[P]] : !pto.tile_buf<vec, 16x16xf32>, !pto.pipe) {split = 0}
// CHECK: pto.tpop(%{{.*}}, %[[P]] : !pto.tile_buf<vec, 16x16xf32>, !pto.pipe) {split = 0}
// CHECK: pto.tfree(%[[P]] : !pto.pipe) {split = 0}
// CHECK: pto.initialize_l2g2l_pipe{dir_mask = 2, slot_size = 512, slot_num = 4, local_slot_num = 2, flag_base = 4} (%{{.*}} : !pto.ptr<f32>, %{{.*}} : i32) -> !pto.pipe
func.func @handles(%addr: i32, %gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8, flag_base = 0} (%addr : i32) -> !pto.pipe
  %v = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tpush(%v, %p : !pto.tile_buf<vec, 16x16xf32>, !pto.pipe) {split = 0}
  %d = pto.declare_tile -> !pto.tile_buf<vec, 16x16xf32>
  pto.tpop(%d, %p : !pto.tile_buf<vec, 16x16xf32>, !pto.pipe) {split = 0}
  pto.tfree(%p : !pto.pipe) {split = 0}
  %q = pto.initialize_l2g2l_pipe {dir_mask = 2, slot_size = 512, slot_num = 4, local_slot_num = 2, flag_base = 4} (%gm : !pto.ptr<f32>, %addr : i32) -> !pto.pipe
  return
}

// CHECK-LABEL: func.func @async_dma
// CHECK: %[[S:.*]] = pto.build_async_session(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>) {sync_id = 1 : i32} -> !pto.async_session
// CHECK: %[[E:.*]] = pto.tput_async(%{{.*}}, %{{.*}}, %[[S]] : memref<128xf32, #pto.address_space<gm>>, memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
// CHECK: pto.tget_async
// CHECK: pto.wait_async_event(%[[E]], %[[S]] : !pto.async_event, !pto.async_session) -> i1
// CHECK: pto.test_async_event(%{{.*}}, %[[S]] : !pto.async_event, !pto.async_session) -> i1
func.func @async_dma(%dst: memref<128xf32, #pto.address_space<gm>>, %src: memref<128xf32, #pto.address_space<gm>>, %ws: memref<1024xi8, #pto.address_space<gm>>) {
  %scratch = pto.alloc_tile : !pto.tile_buf<vec, 1x256xi8>
  %s = pto.build_async_session(%scratch, %ws : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>) {sync_id = 1 : i32} -> !pto.async_session
  %e = pto.tput_async(%dst, %src, %s : memref<128xf32, #pto.address_space<gm>>, memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  %g = pto.tget_async(%src, %dst, %s : memref<128xf32, #pto.address_space<gm>>, memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  %done = pto.wait_async_event(%e, %s : !pto.async_event, !pto.async_session) -> i1
  %t = pto.test_async_event(%g, %s : !pto.async_event, !pto.async_session) -> i1
  return
}
