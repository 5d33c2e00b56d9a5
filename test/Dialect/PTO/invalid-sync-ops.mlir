// Op-verifier rejections of pipes, reserved buffers and function-level pto
// attributes (kernel kind, entry, target), one per split.
// RUN: ptonz-opt %s --pto-arch=a5 --split-input-file --verify-diagnostics

// frontend op outside a kernel function
func.func @f() {
  %c = arith.constant 0 : i32
  // expected-error@+1 {{'pto.aiv_initialize_pipe' op must be inside a vector kernel function (pto.kernel_kind = #pto.kernel_kind<vector>)}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %c : i32, v2c_consumer_buf = %c : i32)
  return
}

// -----

func.func @f() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c = arith.constant 0 : i32
  // expected-error@+1 {{'pto.aiv_initialize_pipe' op expects 'dir_mask' to be 1, 2, or 3, got 4}}
  pto.aiv_initialize_pipe {dir_mask = 4, slot_size = 1024} (c2v_consumer_buf = %c : i32, v2c_consumer_buf = %c : i32)
  return
}

// -----

func.func @f() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error@+1 {{'pto.tfree_from_aic' op expects 'split' to be 0, 1, or 2, got 3}}
  pto.tfree_from_aic {split = 3}
  return
}

// -----
func.func @f() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // expected-error@+1 {{'pto.tpush_to_aiv' op must be inside a cube kernel function (pto.kernel_kind = #pto.kernel_kind<cube>)}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<vec, 16x16xf32>) {split = 1}
  return
}

// -----

module attributes {pto.target_arch = "a3"} {
  func.func @f() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c = arith.constant 0 : i32
    // expected-error@+1 {{'pto.aiv_initialize_pipe' op requires 'gm_slot_buffer' on A2/A3 targets, where the pipe's slots go through GM (A5 pipes are local-to-local)}}
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %c : i32, v2c_consumer_buf = %c : i32)
    return
  }
}

// -----

func.func @f(%r: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error@+1 {{'pto.tpop_from_aic' op expects tile result to have dynamic validShape (?, ?) when valid_row/valid_col operands are provided (write valid=?x?)}}
  %t = pto.tpop_from_aic (%r, %r) {split = 1} -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @f(%addr: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error@+1 {{'pto.initialize_l2l_pipe' op expects 'slot_num' to be greater than 0, got 0}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 0, flag_base = 0} (%addr : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%addr: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error@+1 {{'pto.initialize_l2l_pipe' op requires local_addr to come from pto.reserve_buffer or pto.import_reserved_buffer when 'flag_base' is not explicit}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%addr : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%addr: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error@+1 {{'pto.initialize_l2l_pipe' op expects 'peer_local_addr' when dir_mask is 3}}
  %p = pto.initialize_l2l_pipe {dir_mask = 3, slot_size = 1024, slot_num = 8, flag_base = 0} (%addr : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%addr: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8, flag_base = 0} (%addr : i32) -> !pto.pipe
  %t = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
  // expected-error@+1 {{'pto.tpush' op expects the pushed tile in the acc or vec buffer}}
  pto.tpush(%t, %p : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>, !pto.pipe) {split = 0}
  return
}

// -----

func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %rb = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
  // expected-error@+1 {{'pto.initialize_l2l_pipe' op requires a complete compatible peer init pair when local_addr comes from pto.reserve_buffer or pto.import_reserved_buffer (one init in the function that reserves the buffer, one in the function that imports it}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%rb : i32) -> !pto.pipe
  return
}

// -----

func.func @f() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error@+1 {{'pto.reserve_buffer' op expects 'location' to be #pto.address_space<vec> or #pto.address_space<mat>}}
  %rb = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<acc>, auto = true} -> i32
  return
}

// -----

func.func @f() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error@+1 {{'pto.import_reserved_buffer' op expects 'peer_func' to reference an existing function, got @nowhere}}
  %ib = pto.import_reserved_buffer {name = "c2v", peer_func = @nowhere} -> i32
  return
}

// -----

func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %ib = pto.import_reserved_buffer {name = "c2v", peer_func = @vec} -> i32
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %ib : i32, v2c_consumer_buf = %ib : i32)
  %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
  return
}
func.func @vec() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %rb = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
  // expected-error@+1 {{'pto.aiv_initialize_pipe' op conflicting pipe split usage across peer pipe init ops: the tpush/tpop/tfree ops of one logical pipe must all use split = 0, or all split = 1 or 2}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %rb : i32, v2c_consumer_buf = %rb : i32)
  %t = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %ib = pto.import_reserved_buffer {name = "c2v", peer_func = @vec} -> i32
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024, nosplit = true} (c2v_consumer_buf = %ib : i32, v2c_consumer_buf = %ib : i32)
  return
}
func.func @vec() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %rb = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
  // expected-error@+1 {{'pto.aiv_initialize_pipe' op conflicting explicit 'nosplit' across peer pipe init ops}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024, nosplit = false} (c2v_consumer_buf = %rb : i32, v2c_consumer_buf = %rb : i32)
  return
}

// -----

// expected-error@+1 {{'func.func' op PTO entry functions must return void (ptoas emits them as __global__ kernels); return results through GM pointers}}
func.func @f() -> i32 attributes {pto.entry} {
  %c = arith.constant 0 : i32
  return %c : i32
}

// -----

// expected-error@+1 {{'func.func' op `pto.entry` is only valid on function definitions}}
func.func private @f() attributes {pto.entry}

// -----

// expected-error@+1 {{'func.func' op PTO entry function calls itself: ptoas emits no recursive calls in C++}}
func.func @f() attributes {pto.entry} {
  func.call @f() : () -> ()
  return
}

// -----

// Through other functions (the cycle's other members are named), in a
// nested module.
module {
  module @kernels {
    // expected-error@+1 {{'func.func' op PTO entry function calls itself (through @h1, @h2): ptoas emits no recursive calls in C++}}
    func.func @k() attributes {pto.entry} {
      scf.execute_region {
        func.call @h1() : () -> ()
        scf.yield
      }
      return
    }
    func.func private @h1() {
      func.call @h2() : () -> ()
      return
    }
    func.func private @h2() {
      func.call @k() : () -> ()
      return
    }
  }
}

// -----

// Accepted: a cycle among the helpers an entry calls does not return to
// the entry, and one entry calling another is no cycle.
module {
  func.func @k() attributes {pto.entry} {
    func.call @loop1() : () -> ()
    func.call @k2() : () -> ()
    return
  }
  func.func @k2() attributes {pto.entry} {
    return
  }
  func.func private @loop1() {
    func.call @loop2() : () -> ()
    return
  }
  func.func private @loop2() {
    func.call @loop1() : () -> ()
    return
  }
}

// -----

// expected-error@+1 {{'func.func' op `pto.kernel_kind` must be #pto.kernel_kind<cube|vector>, got "cube"}}
func.func @f() attributes {pto.kernel_kind = "cube"} {
  return
}

// -----

// expected-error@+1 {{'builtin.module' op `pto.target_arch` must be a string ("a3" or "a5"), got 5 : i32}}
module attributes {pto.target_arch = 5 : i32} {
}


// -----

// PTOAS 0.60's frontend pipe init: the consumer buffer its direction needs,
// one init per id, known clauses only.
func.func @f(%gm: !pto.ptr<f32>, %c: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error@+1 {{'pto.aic_initialize_pipe' op expects 'c2v_consumer_buf' when dir_mask is 1}}
  pto.aic_initialize_pipe {id = 1, dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %gm : !pto.ptr<f32>, v2c_consumer_buf = %c : i32)
  return
}

// -----

func.func @f(%gm: !pto.ptr<f32>, %c: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error@+1 {{'pto.aic_initialize_pipe' op requires at most one matching initialize_pipe op per function and 'id'}}
  pto.aic_initialize_pipe {id = 3, dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c : i32)
  pto.aic_initialize_pipe {id = 3, dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c : i32)
  return
}

// -----

func.func @f(%c: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error@+1 {{unexpected keyword 'slots' (the clauses are id, dir_mask, slot_size, slot_num, local_slot_num, nosplit, acc_push_epilogue)}}
  pto.aic_initialize_pipe {dir_mask = 1, slots = 1024} (c2v_consumer_buf = %c : i32)
  return
}

// -----

// PTOAS 0.60 bounds a static A5 FFTS event id.
func.func @sync_set_event_range() {
  // expected-error@+1 {{'pto.sync.set' op A5 sync.set expects static FFTS event_id in [0, 15], but got 16}}
  pto.sync.set <PIPE_MTE3>, 16
  return
}

// -----

func.func @two_imports_same_name() {
  // expected-error@+1 {{'pto.import_reserved_buffer' op requires (name, peer_func) to be unique within the function}}
  %a = pto.import_reserved_buffer {name = "c2v", peer_func = @reserves} -> i32
  %b = pto.import_reserved_buffer {name = "c2v", peer_func = @reserves} -> i32
  return
}
func.func @reserves() {
  %a = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32
  return
}

// -----

func.func @set_ffts_memref(%f: memref<16xi64>) {
  // expected-error@+1 {{'pto.set_ffts' op expects a !pto.ptr operand (PTOAS >= 0.60)}}
  pto.set_ffts %f : memref<16xi64>
  return
}

// -----

func.func @partition_not_inferable(%v: !pto.tensor_view<?x?xf32>, %c0: index) {
  // expected-error@+1 {{cannot infer the pto.partition_view result type}}
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c0] : !pto.tensor_view<?x?xf32>
  return
}
