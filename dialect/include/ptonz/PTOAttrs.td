//===- PTOAttrs.td - `pto` enums and attributes ---------------*- tablegen -*-===//
//
// Spellings follow PTOAS's PTOAttrs.td: `#pto.<mnemonic><VALUE>`.
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

class PTO_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<PTO_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

// Memory spaces; also the `loc` of a tile_buf.
def PTO_AddressSpace : PTO_I32Enum<"AddressSpace", "PTO memory space", [
    I32EnumAttrCase<"zero", 0>, I32EnumAttrCase<"gm", 1>, I32EnumAttrCase<"mat", 2>,
    I32EnumAttrCase<"left", 3>, I32EnumAttrCase<"right", 4>, I32EnumAttrCase<"acc", 5>,
    I32EnumAttrCase<"vec", 6>, I32EnumAttrCase<"bias", 7>, I32EnumAttrCase<"scaling", 8>]>;
def PTO_AddressSpaceAttr : PTO_EnumAttr<PTO_AddressSpace, "address_space">;

// GM byte order of a tensor view.
def PTO_Layout : PTO_I32Enum<"Layout", "GM layout of a tensor view", [
    I32EnumAttrCase<"nd", 0>, I32EnumAttrCase<"dn", 1>, I32EnumAttrCase<"nz", 2>]>;
def PTO_LayoutAttr : PTO_EnumAttr<PTO_Layout, "layout">;

def PTO_KernelKind : PTO_I32Enum<"KernelKind", "kind of core a kernel runs on", [
    I32EnumAttrCase<"cube", 0>, I32EnumAttrCase<"vector", 1>]>;
def PTO_KernelKindAttr : PTO_EnumAttr<PTO_KernelKind, "kernel_kind">;

// Tile box layouts.
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

// Synchronisation.
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

def PTO_PipeEventType : PTO_I32Enum<"PipeEventType", "op class an event orders", [
    I32EnumAttrCase<"TLOAD", 0>, I32EnumAttrCase<"TSTORE_ACC", 1>,
    I32EnumAttrCase<"TSTORE_VEC", 2>, I32EnumAttrCase<"TMOV_M2L", 3>,
    I32EnumAttrCase<"TMOV_M2S", 4>, I32EnumAttrCase<"TMOV_M2B", 5>,
    I32EnumAttrCase<"TMOV_M2V", 6>, I32EnumAttrCase<"TMOV_V2M", 7>,
    I32EnumAttrCase<"TMATMUL", 8>, I32EnumAttrCase<"TVEC", 9>,
    I32EnumAttrCase<"TVECWAIT_EVENT", 10>]>;
def PTO_PipeEventTypeAttr : PTO_EnumAttr<PTO_PipeEventType, "pipe_event_type">;
// Deprecated PTOAS spelling of the same values, still accepted by record/wait_event.
def PTO_SyncOpType : PTO_I32Enum<"SyncOpType", "deprecated alias of pipe_event_type", [
    I32EnumAttrCase<"TLOAD", 0>, I32EnumAttrCase<"TSTORE_ACC", 1>,
    I32EnumAttrCase<"TSTORE_VEC", 2>, I32EnumAttrCase<"TMOV_M2L", 3>,
    I32EnumAttrCase<"TMOV_M2S", 4>, I32EnumAttrCase<"TMOV_M2B", 5>,
    I32EnumAttrCase<"TMOV_M2V", 6>, I32EnumAttrCase<"TMOV_V2M", 7>,
    I32EnumAttrCase<"TMATMUL", 8>, I32EnumAttrCase<"TVEC", 9>,
    I32EnumAttrCase<"TVECWAIT_EVENT", 10>]>;
def PTO_SyncOpTypeAttr : PTO_EnumAttr<PTO_SyncOpType, "sync_op_type">;

#endif // PTONZ_PTO_ATTRS
