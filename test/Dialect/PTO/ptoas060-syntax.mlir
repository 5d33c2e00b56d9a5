// PTOAS 0.60 syntax that ptonz reads and prints back as written: pointers
// with a memory space, the new scalar element types, 0.60 attributes and
// vector-register types ptonz does not model (passed through verbatim), and
// unknown ops in their own custom syntax (passed through token by token).
// The vector ops are for PTOAS's VPTO backend (its EmitC backend cannot lower
// them: backend-emitc.mlir), hence --pto-backend=vpto.
// RUN: ptonz-opt --no-mlir-print-debuginfo %s --pto-arch=a5 --pto-backend=vpto | FileCheck %s
// RUN: ptonz-opt --no-mlir-print-debuginfo %s --pto-arch=a5 --pto-backend=vpto | ptonz-opt --no-mlir-print-debuginfo --pto-arch=a5 --pto-backend=vpto | FileCheck %s
// RUN: ptonz-opt %s --pto-arch=a5 --pto-backend=vpto > %t.1 && ptonz-opt %t.1 --pto-arch=a5 --pto-backend=vpto > %t.2 && diff %t.1 %t.2
// RUN: ptonz-opt --no-mlir-print-debuginfo %s --pto-arch=a5 --pto-backend=vpto --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// A pointer keeps the memory space it is written with; without one it stays
// without (PTOAS 0.60 reads both as a GM pointer). make_tensor_view takes
// either spelling.
// CHECK-LABEL: func.func @pointers
// CHECK-SAME: (%{{.*}}: !pto.ptr<f16>, %{{.*}}: !pto.ptr<f16, gm>, %{{.*}}: !pto.ptr<f32, ub>)
func.func @pointers(%a: !pto.ptr<f16>, %b: !pto.ptr<f16, gm>, %u: !pto.ptr<f32, ub>) {
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  // CHECK: pto.make_tensor_view %{{.*}}, shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] : !pto.tensor_view<16x16xf16>
  %va = pto.make_tensor_view %a, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xf16>
  // CHECK: pto.make_tensor_view %{{.*}}, shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] : !pto.tensor_view<16x16xf16>
  %vb = pto.make_tensor_view %b, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xf16>
  return
}

// The scalar types of 0.60 are element types of pointers, views and tiles.
// CHECK-LABEL: func.func @scalar_types
// CHECK-SAME: !pto.ptr<!pto.hif8, gm>, %{{.*}}: !pto.tensor_view<64x64x!pto.f4E2M1x2>, %{{.*}}: !pto.ptr<!pto.f4E1M2x2>, %{{.*}}: !pto.ptr<!pto.f8E8M0>
func.func @scalar_types(%h: !pto.ptr<!pto.hif8, gm>, %v: !pto.tensor_view<64x64x!pto.f4E2M1x2>,
                        %e: !pto.ptr<!pto.f4E1M2x2>, %s: !pto.ptr<!pto.f8E8M0>) {
  // CHECK: pto.alloc_tile : !pto.tile_buf<vec, 16x32x!pto.hif8>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x32x!pto.hif8>
  return
}

// The one-byte ones are memref elements too (0.60's MemRefElementTypeInterface
// on hif8, f8E8M0 and the FP4 pairs), as its VPTO cube tests write them.
// CHECK-LABEL: func.func @memref_elements
// CHECK-SAME: memref<?x!pto.f4E2M1x2, #pto.address_space<mat>>, %{{.*}}: memref<?x!pto.hif8, #pto.address_space<left>>, %{{.*}}: memref<4x!pto.f4E1M2x2>, %{{.*}}: memref<8x!pto.f8E8M0>
func.func @memref_elements(%a: memref<?x!pto.f4E2M1x2, #pto.address_space<mat>>,
                           %b: memref<?x!pto.hif8, #pto.address_space<left>>,
                           %c: memref<4x!pto.f4E1M2x2>, %d: memref<8x!pto.f8E8M0>) {
  return
}

// Unknown ops in their own syntax: indices in brackets are `index`, the
// `:` list types the other operands, `->` the results (or, without `->`,
// the types left over), a `( : )` group types its own operands.
// CHECK-LABEL: func.func @custom_syntax
func.func @custom_syntax(%p: !pto.ptr<f32, ub>, %sig: !pto.partition_tensor_view<1xi32>, %n: i32,
                         %pv: !pto.partition_tensor_view<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  // CHECK: %[[S:.*]] = pto.subview %{{.*}}[%{{.*}}, %{{.*}}] sizes [8, 8] : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 8x8xf32>
  %s = pto.subview %t[%c0, %c8] sizes [8, 8] :
    !pto.tile_buf<vec, 16x16xf32>
    -> !pto.tile_buf<vec, 8x8xf32>
  // CHECK: pto.comm.twait(%{{.*}}, %{{.*}} : !pto.partition_tensor_view<1xi32>, i32) {cmp = #pto<wait_cmp ge>}
  pto.comm.twait(%sig, %n
    : !pto.partition_tensor_view<1xi32>, i32) {cmp = #pto<wait_cmp ge>}
  // CHECK: pto.cmo.cacheinvalid %{{.*}} single_cache_line : !pto.partition_tensor_view<16x16xf32>
  pto.cmo.cacheinvalid %pv single_cache_line : !pto.partition_tensor_view<16x16xf32>
  // CHECK: pto.cmo.cacheinvalid all #pto.address_space<gm>
  pto.cmo.cacheinvalid all #pto.address_space<gm>
  // CHECK: pto.fence.barrier_all #pto.fence_scope<gm>
  pto.fence.barrier_all #pto.fence_scope<gm>
  // Keywords with their own parenthesised operands, continued on the next
  // lines, and keywords inside the type list.
  // CHECK: pto.mte_ub_gm %{{.*}}, %{{.*}}, %{{.*}} nburst(%{{.*}}, %{{.*}}) : !pto.ptr<f32, ub>, !pto.partition_tensor_view<1xi32>, i32, i32, i32
  pto.mte_ub_gm %p, %sig, %n
    nburst(%n, %n)
    : !pto.ptr<f32, ub>, !pto.partition_tensor_view<1xi32>, i32, i32, i32
  // CHECK: pto.mte_frac %{{.*}}, nd2nz, shape(%{{.*}}) : !pto.ptr<f32, ub>, nd2nz, shape i32
  pto.mte_frac %p, nd2nz, shape(%n)
    : !pto.ptr<f32, ub>, nd2nz,
      shape i32
  return
}

// The vector dialects of 0.60: register, mask and vmi types pass through
// verbatim, and so do their ops and regions.
// CHECK-LABEL: func.func @vector_registers
// CHECK-SAME: !pto.vreg<64xf32>
func.func @vector_registers(%acc: !pto.vreg<64xf32>, %dst: !pto.ptr<f32, ub>) {
  %c0 = arith.constant 0 : index
  // CHECK: pto.vecscope {
  pto.vecscope {
    // CHECK: %[[M:.*]] = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    // CHECK: %[[V:.*]] = pto.vadd %{{.*}}, %{{.*}}, %[[M]] : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    %v = pto.vadd %acc, %acc, %m : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
    // CHECK: pto.vsts %[[V]], %{{.*}}[%{{.*}}], %[[M]] : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
    pto.vsts %v, %dst[%c0], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
    // CHECK: %{{.*}}:2 = pto.vmi.vload %{{.*}}[%{{.*}}] {dist_mode = "dintlv"} : !pto.ptr<f32, ub> -> !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>
    %w:2 = pto.vmi.vload %dst[%c0] {dist_mode = "dintlv"} : !pto.ptr<f32, ub> -> !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>
    // CHECK: pto.vmi.vstore %{{.*}}#1, %{{.*}}[%{{.*}}] : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>
    pto.vmi.vstore %w#1, %dst[%c0] : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>
  }
  // CHECK: pto.section.simt <<<32, 2, 1>>> {
  pto.section.simt <<<32, 2, 1>>> {
  }
  return
}

// The recorded syntax is in the generic form.
// GENERIC: "pto.subview"(%{{.*}}, %{{.*}}, %{{.*}}) {ptonz.verbatim = " o[o, o] k [k, k] : t A t", ptonz.verbatim_items = ["sizes", "8", "8"], ptonz.verbatim_types = array<i32: 0, -1>}

// aic/aiv_initialize_pipe in PTOAS 0.60's syntax: `id` and the other new
// clauses in any order, each operand optional; printed in 0.60's order.
// Two pipes of one function differ by `id`. (local_slot_num is A2/A3's.)
// CHECK-LABEL: func.func @pipe_ids
// CHECK: pto.aic_initialize_pipe {id = 10, dir_mask = 1, slot_size = 1024, local_slot_num = 1, nosplit = false} (gm_slot_buffer = %{{.*}} : !pto.ptr<f32>, c2v_consumer_buf = %{{.*}} : i32)
// CHECK: pto.aic_initialize_pipe {id = 20, dir_mask = 2, slot_size = 512} (gm_slot_buffer = %{{.*}} : !pto.ptr<f32>, v2c_consumer_buf = %{{.*}} : i32)
module attributes {pto.target_arch = "a3"} {
func.func @pipe_ids(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c2v = pto.import_reserved_buffer {name = "c2v", peer_func = @pipe_ids_peer} -> i32
  %v2c = pto.reserve_buffer {name = "v2c", size = 4096, location = #pto.address_space<mat>, auto = true} -> i32
  pto.aic_initialize_pipe {nosplit = false, slot_size = 1024, id = 10, dir_mask = 1, local_slot_num = 1}
    (c2v_consumer_buf = %c2v : i32, gm_slot_buffer = %gm : !pto.ptr<f32>)
  pto.aic_initialize_pipe {id = 20, dir_mask = 2, slot_size = 512}
    (gm_slot_buffer = %gm : !pto.ptr<f32>, v2c_consumer_buf = %v2c : i32)
  return
}
// The vector halves of the two pipes.
func.func @pipe_ids_peer(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c2v = pto.reserve_buffer {name = "c2v", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  %v2c = pto.import_reserved_buffer {name = "v2c", peer_func = @pipe_ids} -> i32
  pto.aiv_initialize_pipe {id = 10, dir_mask = 1, slot_size = 1024, local_slot_num = 1} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c2v : i32)
  pto.aiv_initialize_pipe {id = 20, dir_mask = 2, slot_size = 512} (gm_slot_buffer = %gm : !pto.ptr<f32>, v2c_consumer_buf = %v2c : i32)
  return
}
}

// set_flag / wait_flag take PTOAS 0.60's string spelling too, and print the
// one both versions parse; the frontend pipe ops take 0.60's `id`.
// CHECK-LABEL: func.func @flags_and_ids
func.func @flags_and_ids() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // CHECK: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  pto.set_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
  // CHECK: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
  pto.wait_flag[<PIPE_MTE2>, "PIPE_V", "EVENT_ID0"]
  // CHECK: pto.tfree_from_aiv{{ ?}}{id = 2, split = 0}
  pto.tfree_from_aiv {id = 2, split = 0}
  // CHECK: pto.tfree_from_aiv{{ ?}}{split = 0}
  pto.tfree_from_aiv {split = 0}
  return
}

// Other readings of an unknown op's type lists, tried when the first does
// not fit the operands' definitions.
// CHECK-LABEL: func.func @type_readings
func.func @type_readings(%p: !pto.ptr<f32, ub>, %v: f32, %dst: !pto.partition_tensor_view<128xf32>,
                         %src: !pto.partition_tensor_view<128xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %i = arith.constant 4 : i32
  %buf = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  // The `%p[...]` base listed first.
  // CHECK: pto.store %{{.*}}, %{{.*}}[%{{.*}}] : !pto.ptr<f32, ub>, f32
  pto.store %v, %p[%c0] : !pto.ptr<f32, ub>, f32
  // An operand beyond the list is an index; an i64 attribute prints untyped, as written.
  // CHECK: pto.vmi.vload %{{.*}}[%{{.*}}], %{{.*}} {group = 8} : !pto.ptr<f32, ub> -> !pto.vmi.vreg<128xf32>
  %x = pto.vmi.vload %p[%c0], %c16 {group = 8}
      : !pto.ptr<f32, ub> -> !pto.vmi.vreg<128xf32>
  // The bracketed index listed too.
  // CHECK: pto.sprsti "AR", %{{.*}}[%{{.*}}] : !pto.ptr<f32, ub>, i32
  pto.sprsti "AR", %p[%i] : !pto.ptr<f32, ub>, i32
  // A keyword group inside a typed group belongs to it.
  // CHECK: pto.comm.tput(%{{.*}}, %{{.*}}, buf(%{{.*}}) : !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>, !pto.tile_buf<vec, 1x128xf32>)
  pto.comm.tput(%dst, %src, buf(%buf) : !pto.partition_tensor_view<128xf32>, !pto.partition_tensor_view<128xf32>, !pto.tile_buf<vec, 1x128xf32>)
  // A list one type short: the value left out (an i16 stride, an index
  // stride) has the builtin scalar type of its definition, and prints untyped.
  %stride = arith.constant 2 : i16
  %m = "pto.vmi.constant_mask"() {value = dense<true> : vector<128xi1>} : () -> !pto.vmi.mask<128xpred>
  // CHECK: pto.vmi.vsstb %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<128xpred>
  pto.vmi.vsstb %x, %p[%c0], %stride, %m : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<128xpred>
  // CHECK: pto.vmi.vstore %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} {group = 8} : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>
  pto.vmi.vstore %x, %p[%c0], %c16 {group = 8} : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>
  return
}

// A passed-through op's region keeps its entry block arguments.
// CHECK-LABEL: func.func @region_arguments
func.func @region_arguments(%p: !pto.ptr<f32, ub>, %n: index) {
  // CHECK: pto.strict_vecscope(%{{.*}}, %{{.*}}) {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: !pto.ptr<f32, ub>, %{{.*}}: index):
  // CHECK-NEXT: pto.vlds %[[A]][%{{.*}}] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  pto.strict_vecscope(%p, %n) {
  ^bb0(%a: !pto.ptr<f32, ub>, %m: index):
    %v = pto.vlds %a[%m] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
  } : (!pto.ptr<f32, ub>, index) -> ()
  return
}

// A pipe through GM moves tensor views (0.60): tpush/tpop entries and the
// entry tfree names.
// CHECK-LABEL: func.func @gm_pipe_entries
// CHECK: pto.tpush_to_aiv(%{{.*}} : !pto.tensor_view<16x16xf32>) {id = 0, split = 0}
func.func @gm_pipe_entries(%e: !pto.tensor_view<16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.tpush_to_aiv(%e : !pto.tensor_view<16x16xf32>) {id = 0, split = 0}
  return
}
// CHECK-LABEL: func.func @gm_pipe_pop
// CHECK: %[[E:.*]] = pto.tpop_from_aic {id = 0, split = 0} -> !pto.tensor_view<16x16xf32>
// CHECK: pto.tfree_from_aic(%[[E]] : !pto.tensor_view<16x16xf32>) {id = 0, split = 0}
func.func @gm_pipe_pop() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %e = pto.tpop_from_aic {id = 0, split = 0} -> !pto.tensor_view<16x16xf32>
  pto.tfree_from_aic(%e : !pto.tensor_view<16x16xf32>) {id = 0, split = 0}
  return
}

// A cube tpush's quantization state, in 0.60's own syntax (`{id = N}` is a
// clause, not an attribute dictionary).
// CHECK-LABEL: func.func @quant_state
// CHECK: pto.set_quant_scalar(%{{.*}} : f32) {id = 0}
// CHECK: pto.set_quant_vector(%{{.*}} : !pto.tile_buf<scaling, 1x32xf16>) {id = 1}
func.func @quant_state(%s: f32, %v: !pto.tile_buf<scaling, 1x32xf16>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.set_quant_scalar(%s : f32) {id = 0}
  pto.set_quant_vector(%v : !pto.tile_buf<scaling, 1x32xf16>) {id = 1}
  return
}

// A `{id = 0, split = 0}` clause of an op ptonz passes through keeps its
// untyped integers (PTOAS 0.60's parser of the op takes no types there).
// CHECK-LABEL: func.func @clause_untyped
// CHECK: pto.talloc_to_aiv {id = 0, split = 0} -> !pto.tensor_view<16x16xf32>
func.func @clause_untyped() -> !pto.tensor_view<16x16xf32> attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %e = pto.talloc_to_aiv {id = 0, split = 0} -> !pto.tensor_view<16x16xf32>
  return %e : !pto.tensor_view<16x16xf32>
}

// A format2 tmrgsort whose tmp PTOAS 0.60 plans: `no_tmp` after the sources.
// CHECK-LABEL: func.func @mrgsort_no_tmp
// CHECK: pto.tmrgsort ins(%{{.*}}, %{{.*}} no_tmp {exhausted = false} : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 1x128xf32>, vector<4xi16>)
func.func @mrgsort_no_tmp(%a: !pto.tile_buf<vec, 1x64xf32>, %d: !pto.tile_buf<vec, 1x128xf32>, %ex: vector<4xi16>) {
  pto.tmrgsort ins(%a, %a no_tmp {exhausted = false} : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d, %ex : !pto.tile_buf<vec, 1x128xf32>, vector<4xi16>)
  return
}

// The fixpipe epilogue of a cube pipe is an attribute of its own, printed as
// PTOAS 0.60 writes it.
// CHECK-LABEL: func.func @fixpipe_epilogue
// CHECK: acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2dn, quant = qf322b8_pre_vec, relu = normal_relu>
func.func @fixpipe_epilogue() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %buf = pto.import_reserved_buffer {name = "fixpipe", peer_func = @fixpipe_consumer} -> i32
  pto.aic_initialize_pipe {id = 3, dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2dn, quant = qf322b8_pre_vec, relu = normal_relu>} (c2v_consumer_buf = %buf : i32)
  return
}
// The consumer of the fixpipe pipe: it pops what the fixpipe writes.
func.func @fixpipe_consumer() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %buf = pto.reserve_buffer {name = "fixpipe", size = 4096, location = #pto.address_space<vec>, auto = true} -> i32
  pto.aiv_initialize_pipe {id = 3, dir_mask = 1, slot_size = 1024, nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2dn, quant = qf322b8_pre_vec, relu = normal_relu>} (c2v_consumer_buf = %buf : i32)
  %t = pto.tpop_from_aic {id = 3, split = 0} -> !pto.tile_buf<vec, 16x16xsi8, blayout=col_major>
  return
}
