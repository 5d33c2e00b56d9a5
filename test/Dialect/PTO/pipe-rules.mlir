// PTOAS 0.60's rules of the cube/vector pipes that span functions: fixpipe
// producer/consumer contracts, logical pipes as init pairs, hardware flag
// ids, split usage across peers, reserved buffers (PTOPipeOps.cpp).
// RUN: ptonz-opt %s --ptoas-version=0.60 --pto-arch=a5 --split-input-file --verify-diagnostics --no-mlir-print-debuginfo | FileCheck %s

// A fixpipe pipe: the cube pushes acc tiles, the vector pops what the
// fixpipe writes (i32 -> f16 by deqf16, f32 -> bf16 by qf322bf16_pre).
// CHECK-LABEL: func.func @cube
// CHECK: pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = normal_relu>}
// CHECK-LABEL: func.func @vector
// CHECK: pto.aiv_initialize_pipe {id = 1, dir_mask = 1, slot_size = 512
module {
  func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : i32
    %s = arith.constant 1.0 : f32
    %i0 = pto.import_reserved_buffer {name = "c2v_0", peer_func = @vector} -> i32
    %i1 = pto.import_reserved_buffer {name = "c2v_1", peer_func = @vector} -> i32
    pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = normal_relu>} (c2v_consumer_buf = %i0 : i32, v2c_consumer_buf = %c0 : i32)
    pto.aic_initialize_pipe {id = 1, dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = qf322bf16_pre_scalar, relu = no_relu>} (c2v_consumer_buf = %i1 : i32, v2c_consumer_buf = %c0 : i32)
    %a = pto.alloc_tile : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>
    %b = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    pto.set_quant_scalar(%s : f32) {id = 0}
    pto.tpush_to_aiv(%a : !pto.tile_buf<acc, 16x16xi32, blayout=col_major, slayout=row_major, fractal=1024>) {id = 0, split = 0}
    pto.set_quant_scalar(%s : f32) {id = 1}
    pto.tpush_to_aiv(%b : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {id = 1, split = 0}
    return
  }
  func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : i32
    %r0 = pto.reserve_buffer {name = "c2v_0", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
    %r1 = pto.reserve_buffer {name = "c2v_1", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
    pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar, relu = normal_relu>} (c2v_consumer_buf = %r0 : i32, v2c_consumer_buf = %c0 : i32)
    pto.aiv_initialize_pipe {id = 1, dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = qf322bf16_pre_scalar, relu = no_relu>} (c2v_consumer_buf = %r1 : i32, v2c_consumer_buf = %c0 : i32)
    %x = pto.tpop_from_aic {id = 0, split = 0} -> !pto.tile_buf<vec, 16x16xf16>
    %y = pto.tpop_from_aic {id = 1, split = 0} -> !pto.tile_buf<vec, 16x16xbf16>
    pto.tfree_from_aic {id = 0, split = 0}
    pto.tfree_from_aic {id = 1, split = 0}
    return
  }
}

// -----

func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : i32
  %i = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
  // expected-error@+1 {{'pto.aic_initialize_pipe' op expects peer consumer function to contain a matching aiv_initialize_pipe with the same consumer buffer contract}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>} (c2v_consumer_buf = %i : i32, v2c_consumer_buf = %c0 : i32)
  return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %r = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  return
}

// -----

func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : i32
  %i = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>} (c2v_consumer_buf = %i : i32, v2c_consumer_buf = %c0 : i32)
  return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0 = arith.constant 0 : i32
  %r = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  // expected-error@+1 {{'pto.aiv_initialize_pipe' op expects at least one tpop_from_aic for fixpipe pipe id = 0 to resolve the consumer entry type}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>} (c2v_consumer_buf = %r : i32, v2c_consumer_buf = %c0 : i32)
  return
}

// -----

func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : i32
  %i = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>} (c2v_consumer_buf = %i : i32, v2c_consumer_buf = %c0 : i32)
  %a = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  pto.tpush_to_aiv(%a : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
  return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0 = arith.constant 0 : i32
  %r = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  // expected-error@+1 {{'pto.aiv_initialize_pipe' op expects producer source element type and consumer tpop result element type to satisfy acc_push_epilogue.quant no_convert}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>} (c2v_consumer_buf = %r : i32, v2c_consumer_buf = %c0 : i32)
  %x = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xi32>
  pto.tfree_from_aic {split = 0}
  return
}

// -----

func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : i32
  %i = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = req8_vec, relu = no_relu>} (c2v_consumer_buf = %i : i32, v2c_consumer_buf = %c0 : i32)
  return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0 = arith.constant 0 : i32
  %r = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  // expected-error@+1 {{'pto.aiv_initialize_pipe' op expects consumer element type to match acc_push_epilogue.quant req8_vec}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = req8_vec, relu = no_relu>} (c2v_consumer_buf = %r : i32, v2c_consumer_buf = %c0 : i32)
  %x = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xui8>
  return
}

// -----

func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : i32
  %i = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>} (c2v_consumer_buf = %i : i32, v2c_consumer_buf = %c0 : i32)
  return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0 = arith.constant 0 : i32
  %r = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  // expected-error@+1 {{'pto.aiv_initialize_pipe' op expects consumer-side fixpipe slot_size to be at least 1024 bytes for the resolved post-fixpipe consumer entry}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = no_convert, relu = no_relu>} (c2v_consumer_buf = %r : i32, v2c_consumer_buf = %c0 : i32)
  %x = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @cube(%buf: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error@+1 {{'pto.aic_initialize_pipe' op expects fixpipe pipe 'c2v_consumer_buf' to trace to reserve_buffer or import_reserved_buffer for peer contract verification}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = f32_f16, relu = no_relu>} (c2v_consumer_buf = %buf : i32)
  return
}

// -----

func.func @cube(%buf: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error@+1 {{'pto.aic_initialize_pipe' op expects fixpipe pipe (with 'acc_push_epilogue') to have dir_mask = 1 (C2V only)}}
  pto.aic_initialize_pipe {dir_mask = 2, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = f32_f16, relu = no_relu>} (v2c_consumer_buf = %buf : i32)
  return
}

// -----

func.func @cube(%buf: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error@+1 {{'pto.aic_initialize_pipe' op expects fixpipe pipe (with 'acc_push_epilogue') to have nosplit = true}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = f32_f16, relu = no_relu>} (c2v_consumer_buf = %buf : i32)
  return
}

// -----

// Two cube inits over one imported buffer, no vector init: not a pair.
func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : i32
  %i = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
  // expected-error@+1 {{'pto.aic_initialize_pipe' op requires a complete compatible peer init pair when local_addr comes from pto.reserve_buffer or pto.import_reserved_buffer}}
  pto.aic_initialize_pipe {id = 10, dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %i : i32, v2c_consumer_buf = %c0 : i32)
  pto.aic_initialize_pipe {id = 20, dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %i : i32, v2c_consumer_buf = %c0 : i32)
  return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %r = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  return
}

// -----

// A two-way vector init against two one-way cube inits: three inits in one
// logical pipe.
func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0 = arith.constant 0 : i32
  %v2c = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %c2v = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
  // expected-error@+1 {{'pto.aic_initialize_pipe' op requires a complete compatible peer init pair}}
  pto.aic_initialize_pipe {id = 10, dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %c0 : i32)
  pto.aic_initialize_pipe {id = 20, dir_mask = 2, slot_size = 1024} (c2v_consumer_buf = %c0 : i32, v2c_consumer_buf = %v2c : i32)
  return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c2v = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  %v2c = pto.import_reserved_buffer {name = "v2c", peer_func = @cube} -> i32
  pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 1024} (c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32)
  return
}

// -----

// CHECK-LABEL: func.func @cube
// CHECK-COUNT-8: pto.initialize_l2l_pipe
func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %f0 = pto.reserve_buffer {name = "f0", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f1 = pto.reserve_buffer {name = "f1", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f2 = pto.reserve_buffer {name = "f2", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f3 = pto.reserve_buffer {name = "f3", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f4 = pto.reserve_buffer {name = "f4", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f5 = pto.reserve_buffer {name = "f5", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f6 = pto.reserve_buffer {name = "f6", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f7 = pto.reserve_buffer {name = "f7", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %p0 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f0 : i32) -> !pto.pipe
  %p1 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f1 : i32) -> !pto.pipe
  %p2 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f2 : i32) -> !pto.pipe
  %p3 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f3 : i32) -> !pto.pipe
  %p4 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f4 : i32) -> !pto.pipe
  %p5 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f5 : i32) -> !pto.pipe
  %p6 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f6 : i32) -> !pto.pipe
  %p7 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f7 : i32) -> !pto.pipe
  return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %f0 = pto.import_reserved_buffer {name = "f0", peer_func = @cube} -> i32
  %f1 = pto.import_reserved_buffer {name = "f1", peer_func = @cube} -> i32
  %f2 = pto.import_reserved_buffer {name = "f2", peer_func = @cube} -> i32
  %f3 = pto.import_reserved_buffer {name = "f3", peer_func = @cube} -> i32
  %f4 = pto.import_reserved_buffer {name = "f4", peer_func = @cube} -> i32
  %f5 = pto.import_reserved_buffer {name = "f5", peer_func = @cube} -> i32
  %f6 = pto.import_reserved_buffer {name = "f6", peer_func = @cube} -> i32
  %f7 = pto.import_reserved_buffer {name = "f7", peer_func = @cube} -> i32
  %p0 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f0 : i32) -> !pto.pipe
  %p1 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f1 : i32) -> !pto.pipe
  %p2 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f2 : i32) -> !pto.pipe
  %p3 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f3 : i32) -> !pto.pipe
  %p4 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f4 : i32) -> !pto.pipe
  %p5 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f5 : i32) -> !pto.pipe
  %p6 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f6 : i32) -> !pto.pipe
  %p7 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f7 : i32) -> !pto.pipe
  return
}

// -----

// A ninth one-way pipe needs flag ids 16 and 17.
func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %f0 = pto.reserve_buffer {name = "f0", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f1 = pto.reserve_buffer {name = "f1", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f2 = pto.reserve_buffer {name = "f2", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f3 = pto.reserve_buffer {name = "f3", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f4 = pto.reserve_buffer {name = "f4", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f5 = pto.reserve_buffer {name = "f5", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f6 = pto.reserve_buffer {name = "f6", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f7 = pto.reserve_buffer {name = "f7", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %f8 = pto.reserve_buffer {name = "f8", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  %p0 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f0 : i32) -> !pto.pipe
  %p1 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f1 : i32) -> !pto.pipe
  %p2 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f2 : i32) -> !pto.pipe
  %p3 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f3 : i32) -> !pto.pipe
  %p4 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f4 : i32) -> !pto.pipe
  %p5 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f5 : i32) -> !pto.pipe
  %p6 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f6 : i32) -> !pto.pipe
  %p7 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f7 : i32) -> !pto.pipe
  // expected-error@+1 {{'pto.initialize_l2l_pipe' op requires all pipe components in a function to fit within 16 hardware flag ids}}
  %p8 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f8 : i32) -> !pto.pipe
  return
}
func.func @vector() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %f0 = pto.import_reserved_buffer {name = "f0", peer_func = @cube} -> i32
  %f1 = pto.import_reserved_buffer {name = "f1", peer_func = @cube} -> i32
  %f2 = pto.import_reserved_buffer {name = "f2", peer_func = @cube} -> i32
  %f3 = pto.import_reserved_buffer {name = "f3", peer_func = @cube} -> i32
  %f4 = pto.import_reserved_buffer {name = "f4", peer_func = @cube} -> i32
  %f5 = pto.import_reserved_buffer {name = "f5", peer_func = @cube} -> i32
  %f6 = pto.import_reserved_buffer {name = "f6", peer_func = @cube} -> i32
  %f7 = pto.import_reserved_buffer {name = "f7", peer_func = @cube} -> i32
  %f8 = pto.import_reserved_buffer {name = "f8", peer_func = @cube} -> i32
  %p0 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f0 : i32) -> !pto.pipe
  %p1 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f1 : i32) -> !pto.pipe
  %p2 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f2 : i32) -> !pto.pipe
  %p3 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f3 : i32) -> !pto.pipe
  %p4 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f4 : i32) -> !pto.pipe
  %p5 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f5 : i32) -> !pto.pipe
  %p6 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f6 : i32) -> !pto.pipe
  %p7 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f7 : i32) -> !pto.pipe
  %p8 = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%f8 : i32) -> !pto.pipe
  return
}

// -----

// The two halves of a GM-slot pipe (id 0 on both sides) are one logical
// pipe: the cube pushes whole entries, the vector pops halves.
module attributes {pto.target_arch = "a3"} {
  func.func @cube(%gm: !pto.tensor_view<4x128x128xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 262144} (gm_slot_tensor = %gm : !pto.tensor_view<4x128x128xf32>)
    %e = pto.talloc_to_aiv {id = 0, split = 0} -> !pto.tensor_view<4x128x128xf32>
    pto.tpush_to_aiv(%e : !pto.tensor_view<4x128x128xf32>) {id = 0, split = 0}
    return
  }
  func.func @vector(%gm: !pto.tensor_view<4x64x128xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    // expected-error@+1 {{'pto.aiv_initialize_pipe' op conflicting pipe split usage across peer pipe init ops}}
    pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 262144} (gm_slot_tensor = %gm : !pto.tensor_view<4x64x128xf32>)
    %e = pto.tpop_from_aic {id = 0, split = 1} -> !pto.tensor_view<4x64x128xf32>
    pto.tfree_from_aic(%e : !pto.tensor_view<4x64x128xf32>) {id = 0, split = 1}
    return
  }
}

// -----

func.func @f() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error@+1 {{'pto.reserve_buffer' op unexpected 'base' on auto reserve_buffer: level1/level2 assign it in pto-plan-memory}}
  %r = pto.reserve_buffer {name = "fifo", size = 8192, location = #pto.address_space<vec>, auto = true, base = 0} -> i32
  return
}
