//===- PTOBackend.cpp - what PTOAS's EmitC backend cannot lower -----------===//
//
// PTOAS 0.60 lowers a module with one of two backends (tools/ptoas/driver.cpp:
// --pto-backend=emitc|vpto, default emitc; a module's `pto.backend` string
// attribute when the flag is not given). The EmitC backend
// (lib/PTO/Transforms/PTOToEmitC.cpp, EmitPTOManualPass) is one
// applyPartialConversion that marks the whole `pto` dialect, arith, scf,
// memref and func.func / func.call / func.return illegal. An op with no
// conversion pattern, or a func.func whose signature its type converter
// (PTOToEmitCTypeConverter) cannot convert, fails the assembly after every
// verifier has passed: "failed to legalize operation 'X' that was explicitly
// marked illegal".
//
// The facts (read in the sources of tonibohnlein/PTOAS e32488c9, `project(ptoas
// VERSION 0.60)`, and measured with its binary on its own test tree):
// * No op of the vector families -- include/PTO/IR/VMIOps.td (`pto.vmi.*`),
//   VPTOOps.td and VPTOUbOps.td (`pto.ub.*`) -- has a pattern in PTOToEmitC or
//   is rewritten by a pass of the EmitC pipeline, except `pto.tile_buf_addr`
//   (PTOTileBufAddrToEmitC). They are lowered by the VPTO backend only.
// * Before the conversion the pipeline runs MLIR's canonicalizer, which
//   erases an op whose results are unused and that has no memory effect but
//   reads (Pure ops, and the loads whose getEffects reports reads only). Such
//   a dead op never reaches the conversion: `erasedWhenDead` below.
// * The type converter has no conversion for the vector-register types
//   `!pto.vreg`, `!pto.mask`, `!pto.align`, `!pto.vmi.vreg`, `!pto.vmi.mask`
//   (VPTOTypeDefs.td, VMITypeDefs.td), so a func.func (definition or
//   declaration) with one in its signature fails (FuncToEmitC: "failed to
//   convert function type"); so does one with a builtin tensor.
// The VPTO backend lowers all of them. The rules are PTOAS 0.60's; later
// releases are modelled alike (no source of them here); 0.27 has none of these
// ops or types.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOBase.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace ptonz::pto;

namespace {
struct NoEmitCOp {
  llvm::StringLiteral name;
  /// Has no memory effect but reads: the canonicalizer erases it when its
  /// results are unused (Pure in its .td, or getEffects reports reads only).
  bool erasedWhenDead;
};
} // namespace

/// The ops of PTOAS 0.60's vector families (VMIOps.td, VPTOOps.td,
/// VPTOUbOps.td; `pto.tile_buf_addr` excepted), sorted by name.
static constexpr NoEmitCOp kNoEmitCOps[] = {
    {"pto.absf", true},
    {"pto.atomic_add", false},
    {"pto.atomic_and", false},
    {"pto.atomic_cas", false},
    {"pto.atomic_exch", false},
    {"pto.atomic_max", false},
    {"pto.atomic_min", false},
    {"pto.atomic_or", false},
    {"pto.atomic_sub", false},
    {"pto.atomic_xor", false},
    {"pto.ceil", true},
    {"pto.chistv2", true},
    {"pto.convert", true},
    {"pto.copy_cbuf_to_bt", false},
    {"pto.copy_cbuf_to_fbuf", false},
    {"pto.copy_cbuf_to_ubuf", false},
    {"pto.copy_gm_to_cbuf", false},
    {"pto.copy_gm_to_cbuf_multi_dn2nz", false},
    {"pto.copy_gm_to_cbuf_multi_nd2nz", false},
    {"pto.copy_gm_to_ubuf", false},
    {"pto.copy_matrix_cc_to_cbuf", false},
    {"pto.copy_matrix_cc_to_gm", false},
    {"pto.copy_matrix_cc_to_ub", false},
    {"pto.copy_ubuf_to_cbuf", false},
    {"pto.copy_ubuf_to_gm", false},
    {"pto.copy_ubuf_to_ubuf", false},
    {"pto.cos", true},
    {"pto.create_cbuf_matrix", false},
    {"pto.dcci", false},
    {"pto.dhistv2", true},
    {"pto.dsb", false},
    {"pto.exp", true},
    {"pto.floor", true},
    {"pto.fma", true},
    {"pto.fmax", true},
    {"pto.fmin", true},
    {"pto.get_block_dim_x", true},
    {"pto.get_block_dim_y", true},
    {"pto.get_block_dim_z", true},
    {"pto.get_block_idx_x", true},
    {"pto.get_block_idx_y", true},
    {"pto.get_block_idx_z", true},
    {"pto.get_clock32", true},
    {"pto.get_clock64", true},
    {"pto.get_ctrl", false},
    {"pto.get_grid_dim_x", true},
    {"pto.get_grid_dim_y", true},
    {"pto.get_grid_dim_z", true},
    {"pto.get_laneid", true},
    {"pto.get_lanemask_eq", true},
    {"pto.get_lanemask_ge", true},
    {"pto.get_lanemask_gt", true},
    {"pto.get_lanemask_le", true},
    {"pto.get_lanemask_lt", true},
    {"pto.get_tid_x", true},
    {"pto.get_tid_y", true},
    {"pto.get_tid_z", true},
    {"pto.get_veccoreid", true},
    {"pto.get_vms4_sr", true},
    {"pto.init_align", false},
    {"pto.keep", false},
    {"pto.ld_dev", true},
    {"pto.ldg", true},
    {"pto.load", true},
    {"pto.load_cbuf_to_ca", false},
    {"pto.load_cbuf_to_ca_mx", false},
    {"pto.load_cbuf_to_ca_s4", false},
    {"pto.load_cbuf_to_cb", false},
    {"pto.load_cbuf_to_cb_mx", false},
    {"pto.load_cbuf_to_cb_s4", false},
    {"pto.log", true},
    {"pto.mad", false},
    {"pto.mad_acc", false},
    {"pto.mad_bias", false},
    {"pto.mad_bias_raw", false},
    {"pto.mad_mx", false},
    {"pto.mad_mx_acc", false},
    {"pto.mad_mx_bias", false},
    {"pto.mad_mx_bias_raw", false},
    {"pto.mad_mx_raw", false},
    {"pto.mad_raw", false},
    {"pto.mem_bar", false},
    {"pto.mte_gm_l1", false},
    {"pto.mte_gm_l1_frac", false},
    {"pto.mte_gm_ub", false},
    {"pto.mte_l0c_gm", false},
    {"pto.mte_l0c_l1", false},
    {"pto.mte_l0c_ub", false},
    {"pto.mte_l1_bt", false},
    {"pto.mte_l1_fb", false},
    {"pto.mte_l1_l0a", false},
    {"pto.mte_l1_l0a_mx", false},
    {"pto.mte_l1_l0b", false},
    {"pto.mte_l1_l0b_mx", false},
    {"pto.mte_l1_ub", false},
    {"pto.mte_ub_gm", false},
    {"pto.mte_ub_l1", false},
    {"pto.mte_ub_ub", false},
    {"pto.mul_i32toi64", true},
    {"pto.mulhi", true},
    {"pto.pand", true},
    {"pto.pbitcast", true},
    {"pto.pdintlv_b16", true},
    {"pto.pdintlv_b32", true},
    {"pto.pdintlv_b8", true},
    {"pto.pge_b16", true},
    {"pto.pge_b32", true},
    {"pto.pge_b8", true},
    {"pto.pintlv_b16", true},
    {"pto.pintlv_b32", true},
    {"pto.pintlv_b8", true},
    {"pto.pldi", true},
    {"pto.plds", true},
    {"pto.plt_b16", true},
    {"pto.plt_b32", true},
    {"pto.plt_b8", true},
    {"pto.pltm_b16", true},
    {"pto.pltm_b32", true},
    {"pto.pltm_b8", true},
    {"pto.pnot", true},
    {"pto.por", true},
    {"pto.pow", true},
    {"pto.ppack", true},
    {"pto.prmt", true},
    {"pto.psel", true},
    {"pto.pset_b16", true},
    {"pto.pset_b32", true},
    {"pto.pset_b8", true},
    {"pto.psti", false},
    {"pto.psts", false},
    {"pto.pstu", true},
    {"pto.punpack", true},
    {"pto.pxor", true},
    {"pto.raw_fill_l1", false},
    {"pto.redux_add", true},
    {"pto.redux_max", true},
    {"pto.redux_min", true},
    {"pto.resume", false},
    {"pto.rint", true},
    {"pto.round", true},
    {"pto.sbitset0", true},
    {"pto.sbitset1", true},
    {"pto.set_atomic_add", false},
    {"pto.set_atomic_bf16", false},
    {"pto.set_atomic_f16", false},
    {"pto.set_atomic_f32", false},
    {"pto.set_atomic_max", false},
    {"pto.set_atomic_min", false},
    {"pto.set_atomic_none", false},
    {"pto.set_atomic_s16", false},
    {"pto.set_atomic_s32", false},
    {"pto.set_atomic_s8", false},
    {"pto.set_channel_para", false},
    {"pto.set_ctrl", false},
    {"pto.set_fix_clip_relu", false},
    {"pto.set_fpc", false},
    {"pto.set_loop1_stride_outtol1", false},
    {"pto.set_loop1_stride_outtoub", false},
    {"pto.set_loop1_stride_ubtoout", false},
    {"pto.set_loop2_stride_outtol1", false},
    {"pto.set_loop2_stride_outtoub", false},
    {"pto.set_loop2_stride_ubtoout", false},
    {"pto.set_loop3_para", false},
    {"pto.set_loop_size_outtol1", false},
    {"pto.set_loop_size_outtoub", false},
    {"pto.set_loop_size_ubtoout", false},
    {"pto.set_mov_pad_val", false},
    {"pto.set_mte2_nz_para", false},
    {"pto.set_pad_val_outtol1", false},
    {"pto.set_quant_pre", false},
    {"pto.set_relu_alpha", false},
    {"pto.set_store_atomic_cfg", false},
    {"pto.shuffle_bfly", true},
    {"pto.shuffle_down", true},
    {"pto.shuffle_idx", true},
    {"pto.shuffle_up", true},
    {"pto.simt_launch", false},
    {"pto.sin", true},
    {"pto.sprclr", false},
    {"pto.sprsti", false},
    {"pto.sprsts", false},
    {"pto.sqrt", true},
    {"pto.st_dev", false},
    {"pto.stg", false},
    {"pto.store", false},
    {"pto.store_vfsimt_info", false},
    {"pto.strict_vecscope", false},
    {"pto.syncthreads", false},
    {"pto.tensor_view_addr", true},
    {"pto.threadfence", false},
    {"pto.threadfence_block", false},
    {"pto.ub.set_mask", false},
    {"pto.ub.set_mask_count", false},
    {"pto.ub.set_mask_norm", false},
    {"pto.ub.vabs", false},
    {"pto.ub.vadd", false},
    {"pto.ub.vaddrelu", false},
    {"pto.ub.vadds", false},
    {"pto.ub.vand", false},
    {"pto.ub.vdiv", false},
    {"pto.ub.vdup", false},
    {"pto.ub.vexp", false},
    {"pto.ub.vln", false},
    {"pto.ub.vmax", false},
    {"pto.ub.vmaxs", false},
    {"pto.ub.vmin", false},
    {"pto.ub.vmins", false},
    {"pto.ub.vmul", false},
    {"pto.ub.vmuls", false},
    {"pto.ub.vnot", false},
    {"pto.ub.vor", false},
    {"pto.ub.vrelu", false},
    {"pto.ub.vrsqrt", false},
    {"pto.ub.vshl", false},
    {"pto.ub.vshr", false},
    {"pto.ub.vsqrt", false},
    {"pto.ub.vsub", false},
    {"pto.uvld", true},
    {"pto.vabs", true},
    {"pto.vadd", true},
    {"pto.vaddc", true},
    {"pto.vaddcs", true},
    {"pto.vaddreluconv", true},
    {"pto.vadds", true},
    {"pto.vand", true},
    {"pto.vaxpy", true},
    {"pto.vbitcast", true},
    {"pto.vbitsort", false},
    {"pto.vbr", true},
    {"pto.vcadd", true},
    {"pto.vcbmax", true},
    {"pto.vcbmin", true},
    {"pto.vcgadd", true},
    {"pto.vcgmax", true},
    {"pto.vcgmin", true},
    {"pto.vci", true},
    {"pto.vcmax", true},
    {"pto.vcmin", true},
    {"pto.vcmp", true},
    {"pto.vcmps", true},
    {"pto.vcpadd", true},
    {"pto.vcvt", true},
    {"pto.vdintlv", true},
    {"pto.vdintlvv2", true},
    {"pto.vdiv", true},
    {"pto.vdup", true},
    {"pto.vecscope", false},
    {"pto.vexp", true},
    {"pto.vexpdif", true},
    {"pto.vgather2", true},
    {"pto.vgather2_bc", true},
    {"pto.vgatherb", true},
    {"pto.vintlv", true},
    {"pto.vintlvv2", true},
    {"pto.vldas", true},
    {"pto.vlds", true},
    {"pto.vldsx2", true},
    {"pto.vldus", true},
    {"pto.vln", true},
    {"pto.vlrelu", true},
    {"pto.vmadd", true},
    {"pto.vmax", true},
    {"pto.vmaxs", true},
    {"pto.vmi.absf", true},
    {"pto.vmi.absi", true},
    {"pto.vmi.active_prefix_index", false},
    {"pto.vmi.addf", true},
    {"pto.vmi.addi", true},
    {"pto.vmi.andi", true},
    {"pto.vmi.bitcast", true},
    {"pto.vmi.broadcast", true},
    {"pto.vmi.channel_merge", false},
    {"pto.vmi.channel_split", false},
    {"pto.vmi.cmpf", true},
    {"pto.vmi.cmpi", true},
    {"pto.vmi.compress", false},
    {"pto.vmi.compress_store", false},
    {"pto.vmi.constant", true},
    {"pto.vmi.constant_mask", true},
    {"pto.vmi.create_group_mask", true},
    {"pto.vmi.create_mask", true},
    {"pto.vmi.deinterleave_load", true},
    {"pto.vmi.divf", true},
    {"pto.vmi.ensure_layout", true},
    {"pto.vmi.ensure_mask_granularity", true},
    {"pto.vmi.ensure_mask_layout", true},
    {"pto.vmi.exp", true},
    {"pto.vmi.expand_load", true},
    {"pto.vmi.extf", true},
    {"pto.vmi.extsi", true},
    {"pto.vmi.extui", true},
    {"pto.vmi.fma", true},
    {"pto.vmi.fptosi", true},
    {"pto.vmi.fptoui", true},
    {"pto.vmi.gather", true},
    {"pto.vmi.group_broadcast", false},
    {"pto.vmi.group_broadcast_load", true},
    {"pto.vmi.group_iota", true},
    {"pto.vmi.group_load", true},
    {"pto.vmi.group_reduce_addf", false},
    {"pto.vmi.group_reduce_addi", false},
    {"pto.vmi.group_reduce_maxf", false},
    {"pto.vmi.group_reduce_maxi", false},
    {"pto.vmi.group_reduce_minf", false},
    {"pto.vmi.group_reduce_mini", false},
    {"pto.vmi.group_slot_load", true},
    {"pto.vmi.group_store", false},
    {"pto.vmi.interleave_store", false},
    {"pto.vmi.iota", true},
    {"pto.vmi.ln", true},
    {"pto.vmi.load", true},
    {"pto.vmi.mask_and", true},
    {"pto.vmi.mask_not", true},
    {"pto.vmi.mask_or", true},
    {"pto.vmi.mask_xor", true},
    {"pto.vmi.masked_load", true},
    {"pto.vmi.masked_store", false},
    {"pto.vmi.maxf", true},
    {"pto.vmi.maxi", true},
    {"pto.vmi.minf", true},
    {"pto.vmi.mini", true},
    {"pto.vmi.mulf", true},
    {"pto.vmi.muli", true},
    {"pto.vmi.negf", true},
    {"pto.vmi.negi", true},
    {"pto.vmi.not", true},
    {"pto.vmi.ori", true},
    {"pto.vmi.pack", false},
    {"pto.vmi.pge", true},
    {"pto.vmi.plt", true},
    {"pto.vmi.pset", true},
    {"pto.vmi.reduce_addf", false},
    {"pto.vmi.reduce_addi", false},
    {"pto.vmi.reduce_maxf", false},
    {"pto.vmi.reduce_maxi", false},
    {"pto.vmi.reduce_minf", false},
    {"pto.vmi.reduce_mini", false},
    {"pto.vmi.relu", true},
    {"pto.vmi.scatter", false},
    {"pto.vmi.select", true},
    {"pto.vmi.shli", true},
    {"pto.vmi.shrsi", true},
    {"pto.vmi.shrui", true},
    {"pto.vmi.shuffle", true},
    {"pto.vmi.sitofp", true},
    {"pto.vmi.sqrt", true},
    {"pto.vmi.store", false},
    {"pto.vmi.stride_load", true},
    {"pto.vmi.stride_store", false},
    {"pto.vmi.subf", true},
    {"pto.vmi.subi", true},
    {"pto.vmi.truncf", true},
    {"pto.vmi.trunci", true},
    {"pto.vmi.unpack", false},
    {"pto.vmi.vabs", true},
    {"pto.vmi.vadd", true},
    {"pto.vmi.vaddc", true},
    {"pto.vmi.vaddcs", true},
    {"pto.vmi.vadds", true},
    {"pto.vmi.vand", true},
    {"pto.vmi.vaxpy", true},
    {"pto.vmi.vbrc", true},
    {"pto.vmi.vcadd", true},
    {"pto.vmi.vchist", false},
    {"pto.vmi.vci", true},
    {"pto.vmi.vcmax", true},
    {"pto.vmi.vcmin", true},
    {"pto.vmi.vcmp", true},
    {"pto.vmi.vcmps", true},
    {"pto.vmi.vcvt", true},
    {"pto.vmi.vdhist", false},
    {"pto.vmi.vdintlv", false},
    {"pto.vmi.vdiv", true},
    {"pto.vmi.vexp", true},
    {"pto.vmi.vexpdif", true},
    {"pto.vmi.vgather", true},
    {"pto.vmi.vgatherb", true},
    {"pto.vmi.vinterpret_cast", true},
    {"pto.vmi.vintlv", false},
    {"pto.vmi.vln", true},
    {"pto.vmi.vload", true},
    {"pto.vmi.vlrelu", true},
    {"pto.vmi.vmax", true},
    {"pto.vmi.vmaxs", true},
    {"pto.vmi.vmin", true},
    {"pto.vmi.vmins", true},
    {"pto.vmi.vmul", true},
    {"pto.vmi.vmula", true},
    {"pto.vmi.vmull", true},
    {"pto.vmi.vmuls", true},
    {"pto.vmi.vneg", true},
    {"pto.vmi.vnot", true},
    {"pto.vmi.vor", true},
    {"pto.vmi.vprelu", true},
    {"pto.vmi.vrelu", true},
    {"pto.vmi.vscatter", false},
    {"pto.vmi.vsel", true},
    {"pto.vmi.vselr", true},
    {"pto.vmi.vshl", true},
    {"pto.vmi.vshls", true},
    {"pto.vmi.vshr", true},
    {"pto.vmi.vshrs", true},
    {"pto.vmi.vsqrt", true},
    {"pto.vmi.vsstb", false},
    {"pto.vmi.vstore", false},
    {"pto.vmi.vsub", true},
    {"pto.vmi.vxor", true},
    {"pto.vmi.xori", true},
    {"pto.vmin", true},
    {"pto.vmins", true},
    {"pto.vmrgsort4", false},
    {"pto.vmul", true},
    {"pto.vmula", true},
    {"pto.vmulconv", true},
    {"pto.vmull", true},
    {"pto.vmuls", true},
    {"pto.vmulscvt", true},
    {"pto.vneg", true},
    {"pto.vnot", true},
    {"pto.vor", true},
    {"pto.vote_all", true},
    {"pto.vote_any", true},
    {"pto.vote_ballot", true},
    {"pto.vote_uni", true},
    {"pto.vpack", true},
    {"pto.vprelu", true},
    {"pto.vrelu", true},
    {"pto.vscatter", false},
    {"pto.vsel", true},
    {"pto.vselr", true},
    {"pto.vselrv2", true},
    {"pto.vshl", true},
    {"pto.vshls", true},
    {"pto.vshr", true},
    {"pto.vshrs", true},
    {"pto.vsldb", true},
    {"pto.vsqrt", true},
    {"pto.vsqz", true},
    {"pto.vsstb", false},
    {"pto.vstar", false},
    {"pto.vstas", false},
    {"pto.vsts", false},
    {"pto.vstsx2", false},
    {"pto.vstur", true},
    {"pto.vstus", true},
    {"pto.vsub", true},
    {"pto.vsubc", true},
    {"pto.vsubcs", true},
    {"pto.vsunpack", true},
    {"pto.vtrc", true},
    {"pto.vusqz", true},
    {"pto.vxor", true},
    {"pto.vzunpack", true},
};

static const NoEmitCOp *noEmitCOp(StringRef name) {
  const NoEmitCOp *it = llvm::lower_bound(
      kNoEmitCOps, name,
      [](const NoEmitCOp &op, StringRef n) { return op.name < n; });
  return it != std::end(kNoEmitCOps) && it->name == name ? it : nullptr;
}

/// The vector-register types of PTOAS 0.60: the VMI ones (PTOVmiTypes.td)
/// and the vpto ones (PTOVptoTypes.td).
static bool isVectorRegisterType(Type type) {
  return isa<VmiVRegType, VmiMaskType, VRegType, MaskType, AlignType>(type);
}

/// A signature type the EmitC type converter has no C++ type for: a
/// vector-register type, or a builtin tensor (PTOToEmitCTypeConverter has
/// no conversion for TensorType; PTOAS takes GM data as pointers and views).
static bool isUnconvertibleSignatureType(Type type) {
  return isVectorRegisterType(type) || isa<TensorType>(type);
}

/// ptoas's `pto.backend` value (any case), nullopt if it names none.
static std::optional<Backend> backendAttr(Operation *op) {
  auto attr = op->getAttrOfType<StringAttr>("pto.backend");
  if (!attr)
    return std::nullopt;
  if (attr.getValue().equals_insensitive("emitc"))
    return Backend::emitc;
  if (attr.getValue().equals_insensitive("vpto"))
    return Backend::vpto;
  return std::nullopt;
}

Backend ptonz::pto::backendOf(Operation *op) {
  PtoasTarget target = PTODialect::getDefaultTarget();
  if (auto *dialect = op->getContext()->getLoadedDialect<PTODialect>()) {
    target.backend = dialect->getBackend();
    target.backendGiven = dialect->isBackendGiven();
  }
  if (target.backendGiven)
    return target.backend;
  // The outermost module decides (driver.cpp buildBackendInfo); without an
  // attribute there, the child module of a backend-partitioned container
  // holding `op` (collectChildJobs / resolveSingleBackend).
  SmallVector<ModuleOp, 2> modules;
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto module = dyn_cast<ModuleOp>(p))
      modules.push_back(module);
  for (ModuleOp module : llvm::reverse(modules))
    if (auto backend = backendAttr(module))
      return *backend;
  return target.backend;
}

/// Whether MLIR's canonicalizer, as PTOAS runs it before the EmitC
/// conversion, erases `op`: unused (or used only by ops it erases) and
/// without any effect but reads. `dead` holds the ops already found dead.
static bool erasedByCanonicalizer(Operation *op,
                                  const llvm::DenseSet<Operation *> &dead) {
  if (op->hasTrait<OpTrait::IsTerminator>())
    return false;
  if (const NoEmitCOp *fact = noEmitCOp(op->getName().getStringRef())) {
    if (!fact->erasedWhenDead)
      return false;
  } else if (!op->isRegistered() || !wouldOpBeTriviallyDead(op)) {
    return false;
  }
  return llvm::all_of(op->getUsers(),
                      [&](Operation *user) { return dead.contains(user); });
}

static constexpr llvm::StringLiteral kInstead =
    "; assemble it with `ptoas --pto-backend=vpto` (or `pto.backend = "
    "\"vpto\"` on the module) and tell ptonz the same (`ptonz-opt "
    "--pto-backend=vpto`)";

LogicalResult ptonz::pto::verifyBackendLowering(Operation *module) {
  MLIRContext *ctx = module->getContext();
  if (!ptoasAtLeast(ctx, 0, 60))
    return success(); // 0.27 has no vmi / vpto ops or types
  if (auto *dialect = ctx->getLoadedDialect<PTODialect>();
      dialect && dialect->emitsPtoIr())
    return success(); // ptoas --emit-pto-ir stops before its backend
  // First, whether the module has anything of the kind at all (one lookup
  // per op name, not per op).
  llvm::DenseMap<const void *, bool> isVectorOp;
  auto vectorOp = [&](Operation *op) {
    auto [it, added] =
        isVectorOp.try_emplace(op->getName().getAsOpaquePointer(), false);
    if (added)
      it->second = noEmitCOp(op->getName().getStringRef()) != nullptr;
    return it->second;
  };
  auto badSignature = [](Operation *op) {
    auto func = dyn_cast<FunctionOpInterface>(op);
    return func &&
           (llvm::any_of(func.getArgumentTypes(),
                         isUnconvertibleSignatureType) ||
            llvm::any_of(func.getResultTypes(), isUnconvertibleSignatureType));
  };
  bool any = module
                 ->walk([&](Operation *op) {
                   return vectorOp(op) || badSignature(op)
                              ? WalkResult::interrupt()
                              : WalkResult::advance();
                 })
                 .wasInterrupted();
  if (!any)
    return success();
  // Every op in pre-order (the order PTOAS's conversion meets them), and
  // the ones the canonicalizer erases: a use comes after its definition in
  // pre-order, so one pass from the end decides each op from its users.
  SmallVector<Operation *> ops;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) { ops.push_back(op); });
  llvm::DenseSet<Operation *> dead;
  for (Operation *op : llvm::reverse(ops))
    if (erasedByCanonicalizer(op, dead))
      dead.insert(op);

  Operation *first = nullptr;
  Type firstType;
  unsigned more = 0;
  for (Operation *op : ops) {
    if (dead.contains(op) || backendOf(op) != Backend::emitc)
      continue;
    Type badType;
    if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      for (Type t : llvm::concat<const Type>(func.getArgumentTypes(),
                                             func.getResultTypes()))
        if (isUnconvertibleSignatureType(t)) {
          badType = t;
          break;
        }
      if (!badType)
        continue;
    } else if (!noEmitCOp(op->getName().getStringRef())) {
      continue;
    }
    if (first) {
      ++more;
      continue;
    }
    first = op;
    firstType = badType;
  }
  if (!first)
    return success();
  InFlightDiagnostic diag = first->emitError();
  diag << "'" << first->getName() << "' ";
  if (firstType && isa<TensorType>(firstType)) {
    // Not a matter of the backend: PTOAS passes GM data as pointers.
    diag << "has " << firstType
         << " in its signature, a builtin tensor PTOAS 0.60's EmitC backend "
            "(--pto-backend=emitc, its default) has no C++ type for: ptoas "
            "fails with \"failed to legalize operation '"
         << first->getName()
         << "'\"; pass GM data as a !pto.ptr<T> (read through "
            "pto.make_tensor_view) instead";
    if (more)
      diag.attachNote() << more
                        << " more op(s) or function(s) of this module PTOAS's "
                           "EmitC backend cannot lower";
    return failure();
  }
  if (firstType)
    diag << "has " << firstType
         << " in its signature, a vector-register type PTOAS 0.60's EmitC "
            "backend (--pto-backend=emitc, its default) has no C++ type for";
  else
    diag << "has no lowering in PTOAS 0.60's EmitC backend "
            "(--pto-backend=emitc, its default; only its VPTO backend lowers "
            "the vmi / vpto / ub vector ops)";
  diag << ": ptoas fails with \"failed to legalize operation '"
       << first->getName() << "'\"" << kInstead;
  if (more)
    diag.attachNote() << more
                      << " more op(s) or function(s) of this module need the "
                         "VPTO backend too";
  return failure();
}
