//===- PTOAttrs.td - `pto` enums and attributes ---------------*- tablegen -*-===//
//
// Every enum and attribute of PTOAS 0.27's `pto` dialect, spelled as PTOAS
// spells it. Two printed forms exist there and both are kept:
//   `#pto.<mnemonic><VALUE>`   (PTO_EnumAttr: address_space, pipe, layout, ...)
//   `#pto<mnemonic VALUE>`     (PTO_BareEnumAttr: cmp, round_mode, st_phase, ...)
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_ATTRS
#define PTONZ_PTO_ATTRS

include "ptonz/PTODialect.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/AttrTypeBase.td"

class PTO_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::ptonz::pto";
  let genSpecializedAttr = 0;
}

// `#pto.mnemonic<VALUE>`
class PTO_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<PTO_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

// `#pto<mnemonic VALUE>` (EnumAttr's default format, as PTOAS declares these).
class PTO_BareEnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<PTO_Dialect, info, mnemonic>;

//===----------------------------------------------------------------------===//
// Memory, layouts, kernels
//===----------------------------------------------------------------------===//

// Memory spaces; also the `loc` of a tile_buf and the memory space of a memref.
def PTO_AddressSpace : PTO_I32Enum<"AddressSpace", "PTO memory space", [
    I32EnumAttrCase<"zero", 0>, I32EnumAttrCase<"gm", 1>, I32EnumAttrCase<"mat", 2>,
    I32EnumAttrCase<"left", 3>, I32EnumAttrCase<"right", 4>, I32EnumAttrCase<"acc", 5>,
    I32EnumAttrCase<"vec", 6>, I32EnumAttrCase<"bias", 7>, I32EnumAttrCase<"scaling", 8>]>;
def PTO_AddressSpaceAttr : PTO_EnumAttr<PTO_AddressSpace, "address_space">;

// GM byte order of a tensor view. mx_a_zz / mx_b_nn: A5 microscaling scale
// tensors (f8E8M0) in 16x2 boxes of 32 bytes, as PTOAS 0.60 names them
// (pto-isa's Layout::MX_A_ZZ / MX_B_NN).
def PTO_Layout : PTO_I32Enum<"Layout", "GM layout of a tensor view", [
    I32EnumAttrCase<"nd", 0>, I32EnumAttrCase<"dn", 1>, I32EnumAttrCase<"nz", 2>,
    I32EnumAttrCase<"mx_a_zz", 3>, I32EnumAttrCase<"mx_b_nn", 4>]>;
def PTO_LayoutAttr : PTO_EnumAttr<PTO_Layout, "layout">;

def PTO_KernelKind : PTO_I32Enum<"KernelKind", "kind of core a kernel runs on", [
    I32EnumAttrCase<"cube", 0>, I32EnumAttrCase<"vector", 1>]>;
def PTO_KernelKindAttr : PTO_EnumAttr<PTO_KernelKind, "kernel_kind">;

def PTO_FuncCoreType : PTO_I32Enum<"FuncCoreType", "cores a function runs on", [
    I32EnumAttrCase<"AIC", 1>, I32EnumAttrCase<"AIV", 2>, I32EnumAttrCase<"MIX", 3>,
    I32EnumAttrCase<"AIC_OR_AIV", 4>]>;
def PTO_FuncCoreTypeAttr : PTO_EnumAttr<PTO_FuncCoreType, "func_core_type">;

def PTO_ModuleCoreType : PTO_I32Enum<"ModuleCoreType", "cores a module's kernels run on", [
    I32EnumAttrCase<"AIC", 1>, I32EnumAttrCase<"AIV", 2>, I32EnumAttrCase<"MIX", 3>]>;
def PTO_ModuleCoreTypeAttr : PTO_EnumAttr<PTO_ModuleCoreType, "module_core_type">;

// Tile box layouts, padding and compaction.
def PTO_BLayout : PTO_I32Enum<"BLayout", "tile block layout", [
    I32EnumAttrCase<"row_major", 0>, I32EnumAttrCase<"col_major", 1>]>;
def PTO_BLayoutAttr : PTO_EnumAttr<PTO_BLayout, "blayout">;
def PTO_SLayout : PTO_I32Enum<"SLayout", "tile fractal (box) layout", [
    I32EnumAttrCase<"none_box", 0>, I32EnumAttrCase<"row_major", 1>,
    I32EnumAttrCase<"col_major", 2>]>;
def PTO_SLayoutAttr : PTO_EnumAttr<PTO_SLayout, "slayout">;
def PTO_PadValue : PTO_I32Enum<"PadValue", "tile padding value", [
    I32EnumAttrCase<"null", 0>, I32EnumAttrCase<"zero", 1>, I32EnumAttrCase<"max", 2>,
    I32EnumAttrCase<"min", 3>]>;
def PTO_PadValueAttr : PTO_EnumAttr<PTO_PadValue, "pad_value">;
def PTO_CompactMode : PTO_I32Enum<"CompactMode", "tile compact mode", [
    I32EnumAttrCase<"null", 0>, I32EnumAttrCase<"normal", 1>,
    I32EnumAttrCase<"row_plus_one", 2>]>;
def PTO_CompactModeAttr : PTO_EnumAttr<PTO_CompactMode, "compact_mode">;

// The tile configuration a memref-level tile carries (pto.bind_tile,
// pto.pointer_cast): `#pto.tile_buf_config<blayout=..., slayout=...,
// s_fractal_size=512, pad=..., compact=...>`; every key is optional on input.
def PTO_TileBufConfigAttr : AttrDef<PTO_Dialect, "TileBufConfig"> {
  let mnemonic = "tile_buf_config";
  let summary = "block/fractal layout, fractal size, padding and compaction of a tile";
  let parameters = (ins "::ptonz::pto::BLayout":$blayout, "::ptonz::pto::SLayout":$slayout,
                        "int32_t":$fractal, "::ptonz::pto::PadValue":$pad,
                        "::ptonz::pto::CompactMode":$compact);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// The fixpipe epilogue of a cube pipe (PTOAS 0.60's aic_initialize_pipe
// `acc_push_epilogue`): `#pto.acc_push_epilogue<layout = nz2nd, quant =
// deqf16_scalar, relu = no_relu>`, how a pushed acc tile is laid out,
// quantized and rectified on its way to the vector core.
def PTO_FixpipeLayout : PTO_I32Enum<"FixpipeLayout", "fixpipe output layout", [
    I32EnumAttrCase<"nz2nd", 0>, I32EnumAttrCase<"nz2dn", 1>, I32EnumAttrCase<"nz2nz", 2>]>;
def PTO_FixpipeQuant : PTO_I32Enum<"FixpipeQuant", "fixpipe quantization", [
    I32EnumAttrCase<"no_convert", 0>, I32EnumAttrCase<"f32_f16", 1>,
    I32EnumAttrCase<"f32_bf16", 2>, I32EnumAttrCase<"req8_scalar", 3>,
    I32EnumAttrCase<"req8_vec", 4>, I32EnumAttrCase<"deqf16_scalar", 5>,
    I32EnumAttrCase<"deqf16_vec", 6>, I32EnumAttrCase<"qf322b8_pre_scalar", 7>,
    I32EnumAttrCase<"qf322b8_pre_vec", 8>, I32EnumAttrCase<"qf322f16_pre_scalar", 9>,
    I32EnumAttrCase<"qf322bf16_pre_scalar", 10>, I32EnumAttrCase<"qs322bf16_pre_scalar", 11>,
    I32EnumAttrCase<"qs322bf16_pre_vec", 12>, I32EnumAttrCase<"qf322hif8_pre_scalar", 13>,
    I32EnumAttrCase<"qf322fp8_pre_scalar", 14>]>;
def PTO_FixpipeRelu : PTO_I32Enum<"FixpipeRelu", "fixpipe relu", [
    I32EnumAttrCase<"no_relu", 0>, I32EnumAttrCase<"normal_relu", 1>]>;
def PTO_AccPushEpilogueAttr : AttrDef<PTO_Dialect, "AccPushEpilogue"> {
  let mnemonic = "acc_push_epilogue";
  let summary = "fixpipe layout, quantization and relu of a cube pipe's pushed acc tiles";
  let parameters = (ins EnumParameter<PTO_FixpipeLayout>:$layout,
                        EnumParameter<PTO_FixpipeQuant>:$quant,
                        EnumParameter<PTO_FixpipeRelu>:$relu);
  let assemblyFormat = "`<` `layout` `=` $layout `,` `quant` `=` $quant `,` `relu` `=` $relu `>`";
}

// Pad mode of a tload.
def PTO_PadMode : PTO_I32Enum<"PadMode", "tload pad mode", [
    I32EnumAttrCase<"PadNull", 0>, I32EnumAttrCase<"PadFirstElem", 1>,
    I32EnumAttrCase<"PadValue", 2>]>;
def PTO_PadModeAttr : PTO_EnumAttr<PTO_PadMode, "padmode">;

// Marks a vector function (no parameters): `#pto.vector_function`.
def PTO_VectorFunctionAttr : AttrDef<PTO_Dialect, "VectorFunction"> {
  let mnemonic = "vector_function";
  let summary = "marks a vector function";
}

def PTO_MemPlanMode : PTO_I32Enum<"MemPlanMode", "memory planning mode", [
    I32EnumAttrCase<"LOCAL_MEM_PLAN", 0>, I32EnumAttrCase<"GLOBAL_WORKSPACE_PLAN", 1>]>;

//===----------------------------------------------------------------------===//
// Synchronisation
//===----------------------------------------------------------------------===//

def PTO_Pipe : PTO_I32Enum<"Pipe", "hardware pipe", [
    I32EnumAttrCase<"PIPE_S", 0>, I32EnumAttrCase<"PIPE_V", 1>, I32EnumAttrCase<"PIPE_M", 2>,
    I32EnumAttrCase<"PIPE_MTE1", 3>, I32EnumAttrCase<"PIPE_MTE2", 4>,
    I32EnumAttrCase<"PIPE_MTE3", 5>, I32EnumAttrCase<"PIPE_ALL", 6>,
    I32EnumAttrCase<"PIPE_MTE4", 7>, I32EnumAttrCase<"PIPE_MTE5", 8>,
    I32EnumAttrCase<"PIPE_V2", 9>, I32EnumAttrCase<"PIPE_FIX", 10>,
    I32EnumAttrCase<"VIRTUAL_PIPE_MTE2_L1A", 11>, I32EnumAttrCase<"VIRTUAL_PIPE_MTE2_L1B", 12>,
    I32EnumAttrCase<"PIPE_NUM", 13>, I32EnumAttrCase<"PIPE_UNASSIGNED", 99>]>;
def PTO_PipeAttr : PTO_EnumAttr<PTO_Pipe, "pipe">;

def PTO_Event : PTO_I32Enum<"Event", "hardware event id", [
    I32EnumAttrCase<"EVENT_ID0", 0>, I32EnumAttrCase<"EVENT_ID1", 1>,
    I32EnumAttrCase<"EVENT_ID2", 2>, I32EnumAttrCase<"EVENT_ID3", 3>,
    I32EnumAttrCase<"EVENT_ID4", 4>, I32EnumAttrCase<"EVENT_ID5", 5>,
    I32EnumAttrCase<"EVENT_ID6", 6>, I32EnumAttrCase<"EVENT_ID7", 7>]>;
def PTO_EventAttr : PTO_EnumAttr<PTO_Event, "event">;

// The op classes an event orders; `pipe_event_type` and its deprecated alias
// `sync_op_type` share the values.
def PTO_SyncOpType : PTO_I32Enum<"SyncOpType", "op class a sync endpoint names", [
    I32EnumAttrCase<"TLOAD", 0>, I32EnumAttrCase<"TSTORE_ACC", 1>,
    I32EnumAttrCase<"TSTORE_VEC", 2>, I32EnumAttrCase<"TMOV_M2L", 3>,
    I32EnumAttrCase<"TMOV_M2S", 4>, I32EnumAttrCase<"TMOV_M2B", 5>,
    I32EnumAttrCase<"TMOV_M2V", 6>, I32EnumAttrCase<"TMOV_V2M", 7>,
    I32EnumAttrCase<"TMATMUL", 8>, I32EnumAttrCase<"TVEC", 9>,
    I32EnumAttrCase<"TVECWAIT_EVENT", 10>]>;
def PTO_PipeEventTypeAttr : AttrDef<PTO_Dialect, "PipeEventType"> {
  let mnemonic = "pipe_event_type";
  let summary = "sync endpoint: the class of op an event orders";
  let parameters = (ins EnumParameter<PTO_SyncOpType>:$value);
  let assemblyFormat = "`<` $value `>`";
}
def PTO_SyncOpTypeAttr : AttrDef<PTO_Dialect, "SyncOpType"> {
  let mnemonic = "sync_op_type";
  let summary = "deprecated PTOAS alias of #pto.pipe_event_type";
  let parameters = (ins EnumParameter<PTO_SyncOpType>:$value);
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Compute modes (`#pto<mnemonic VALUE>`)
//===----------------------------------------------------------------------===//

def PTO_CmpMode : PTO_I32Enum<"CmpMode", "compare mode", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>, I32EnumAttrCase<"lt", 2>,
    I32EnumAttrCase<"le", 3>, I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]>;
def PTO_CmpModeAttr : PTO_BareEnumAttr<PTO_CmpMode, "cmp">;

def PTO_RoundMode : PTO_I32Enum<"RoundMode", "rounding mode", [
    I32EnumAttrCase<"NONE", 0>, I32EnumAttrCase<"RINT", 1>, I32EnumAttrCase<"ROUND", 2>,
    I32EnumAttrCase<"FLOOR", 3>, I32EnumAttrCase<"CEIL", 4>, I32EnumAttrCase<"TRUNC", 5>,
    I32EnumAttrCase<"ODD", 6>, I32EnumAttrCase<"CAST_RINT", 7>]>;
def PTO_RoundModeAttr : PTO_BareEnumAttr<PTO_RoundMode, "round_mode">;

def PTO_SaturationMode : PTO_I32Enum<"SaturationMode", "saturation mode", [
    I32EnumAttrCase<"ON", 0>, I32EnumAttrCase<"OFF", 1>]>;
def PTO_SaturationModeAttr : PTO_BareEnumAttr<PTO_SaturationMode, "saturation_mode">;

def PTO_STPhase : PTO_I32Enum<"STPhase", "tstore phase", [
    I32EnumAttrCase<"unspecified", 0>, I32EnumAttrCase<"partial", 2>,
    I32EnumAttrCase<"final", 3>]>;
def PTO_STPhaseAttr : PTO_BareEnumAttr<PTO_STPhase, "st_phase">;

def PTO_AtomicType : PTO_I32Enum<"AtomicType", "tstore atomic mode", [
    I32EnumAttrCase<"atomic_none", 0>, I32EnumAttrCase<"atomic_add", 1>]>;
def PTO_AtomicTypeAttr : PTO_BareEnumAttr<PTO_AtomicType, "atomic_type">;

def PTO_ReluPreMode : PTO_I32Enum<"ReluPreMode", "tstore/tmov relu pre mode", [
    I32EnumAttrCase<"no_relu", 0>, I32EnumAttrCase<"normal_relu", 1>]>;
def PTO_ReluPreModeAttr : PTO_BareEnumAttr<PTO_ReluPreMode, "relu_pre_mode">;

def PTO_GatherOOB : PTO_I32Enum<"GatherOOB", "mgather out-of-bounds mode", [
    I32EnumAttrCase<"undefined", 0>, I32EnumAttrCase<"clamp", 1>, I32EnumAttrCase<"wrap", 2>,
    I32EnumAttrCase<"zero", 3>]>;
def PTO_GatherOOBAttr : PTO_BareEnumAttr<PTO_GatherOOB, "gather_oob">;

def PTO_ScatterAtomicOp : PTO_I32Enum<"ScatterAtomicOp", "mscatter atomic mode", [
    I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"add", 1>, I32EnumAttrCase<"max", 2>,
    I32EnumAttrCase<"min", 3>]>;
def PTO_ScatterAtomicOpAttr : PTO_BareEnumAttr<PTO_ScatterAtomicOp, "scatter_atomic_op">;

// `#pto<coalesce row|elem>` (PTOAS 0.60's mgather / mscatter coalescing).
def PTO_Coalesce : PTO_I32Enum<"Coalesce", "mgather/mscatter coalesce mode", [
    I32EnumAttrCase<"row", 0>, I32EnumAttrCase<"elem", 1>]>;
def PTO_CoalesceAttr : PTO_BareEnumAttr<PTO_Coalesce, "coalesce">;

// `#pto<mx_group_axis axis0|axis1>` (PTOAS 0.60's MX grouping axis).
def PTO_MxGroupAxis : PTO_I32Enum<"MxGroupAxis", "MX quantization grouping axis", [
    I32EnumAttrCase<"axis0", 0>, I32EnumAttrCase<"axis1", 1>]>;
def PTO_MxGroupAxisAttr : PTO_BareEnumAttr<PTO_MxGroupAxis, "mx_group_axis">;

def PTO_ScatterOOB : PTO_I32Enum<"ScatterOOB", "mscatter out-of-bounds mode", [
    I32EnumAttrCase<"undefined", 0>, I32EnumAttrCase<"skip", 1>, I32EnumAttrCase<"clamp", 2>,
    I32EnumAttrCase<"wrap", 3>]>;
def PTO_ScatterOOBAttr : PTO_BareEnumAttr<PTO_ScatterOOB, "scatter_oob">;

def PTO_QuantType : PTO_I32Enum<"QuantType", "tquant quantization type", [
    I32EnumAttrCase<"INT8_SYM", 0>, I32EnumAttrCase<"INT8_ASYM", 1>,
    // PTOAS 0.60's MX types, for pto.tquant.mx (which ptonz passes through).
    I32EnumAttrCase<"MXFP8", 2>, I32EnumAttrCase<"MXFP4_E2M1", 3>]>;
def PTO_QuantTypeAttr : PTO_BareEnumAttr<PTO_QuantType, "quant_type">;

// `#pto.acc_to_vec_mode<...>` and `#pto.mask_pattern<...>` use the dotted form.
def PTO_AccToVecMode : PTO_I32Enum<"AccToVecMode", "tmov acc-to-vec mode", [
    I32EnumAttrCase<"single_mode_vec0", 0>, I32EnumAttrCase<"single_mode_vec1", 1>,
    I32EnumAttrCase<"dual_mode_split_m", 2>, I32EnumAttrCase<"dual_mode_split_n", 3>]>;
def PTO_AccToVecModeAttr : PTO_EnumAttr<PTO_AccToVecMode, "acc_to_vec_mode">;

// `#pto.tinsert_mode<split2>` (PTOAS 0.60, A5 vec(NZ)->mat tinsert).
def PTO_TInsertMode : PTO_I32Enum<"TInsertMode", "tinsert split mode (A5)", [
    I32EnumAttrCase<"split2", 2>, I32EnumAttrCase<"split4", 3>]>;
def PTO_TInsertModeAttr : PTO_EnumAttr<PTO_TInsertMode, "tinsert_mode">;

def PTO_MaskPattern : PTO_I32Enum<"MaskPattern", "tgather mask pattern", [
    I32EnumAttrCase<"P0101", 1>, I32EnumAttrCase<"P1010", 2>, I32EnumAttrCase<"P0001", 3>,
    I32EnumAttrCase<"P0010", 4>, I32EnumAttrCase<"P0100", 5>, I32EnumAttrCase<"P1000", 6>,
    I32EnumAttrCase<"P1111", 7>]>;
def PTO_MaskPatternAttr : PTO_EnumAttr<PTO_MaskPattern, "mask_pattern">;

#endif // PTONZ_PTO_ATTRS
