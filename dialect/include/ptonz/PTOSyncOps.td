//===- PTOSyncOps.td - synchronisation and core queries -------*- tablegen -*-===//
//
// Events, flags and barriers between the hardware pipes, buffer-id tokens,
// cube/vector cross-core signals, core-specific sections, block/sub-block
// queries and the debug ops.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_SYNC_OPS
#define PTONZ_PTO_SYNC_OPS

include "ptonz/PTOOpBase.td"
include "ptonz/LaunchQuery.td"

def PTO_PipeEventTypeLikeAttr : AnyAttrOf<[PTO_PipeEventTypeAttr, PTO_SyncOpTypeAttr]>;

// The synchronization ops delimit PTOAS 0.60's vector scopes: none may sit
// inside a `pto.vecscope` (0.60's VecScopeOp verifier; pto.mem_bar may).
def PTO_OutsideVecScope : NativeOpTrait<"OutsideVecScope"> {
  let cppNamespace = "::ptonz::OpTrait";
}

//===----------------------------------------------------------------------===//
// Op-class events and pipe flags
//===----------------------------------------------------------------------===//

// `[src, dst, event]` with the endpoints given as op classes.
class PTO_EventOp<string mnemonic, string what> : PTO_Op<mnemonic, [PTO_OutsideVecScope]> {
  let summary = what;
  let arguments = (ins PTO_PipeEventTypeLikeAttr:$src_op, PTO_PipeEventTypeLikeAttr:$dst_op,
                       PTO_EventAttr:$event_id);
  let assemblyFormat = "`[` $src_op `,` $dst_op `,` $event_id `]` attr-dict";
}
def PTO_RecordEventOp : PTO_EventOp<"record_event",
    "signal that ops of class src_op are done, for dst_op to wait on">;
def PTO_WaitEventOp : PTO_EventOp<"wait_event",
    "wait for a record_event with the same classes and event id">;

def PTO_BarrierSyncOp : PTO_Op<"barrier_sync", [PTO_OutsideVecScope]> {
  let summary = "barrier on the pipe of an op class";
  let arguments = (ins PTO_SyncOpTypeAttr:$op_type);
  let assemblyFormat = "`[` $op_type `]` attr-dict";
}

// `[src_pipe, dst_pipe, event]` with a static or a dynamic (index) event id.
// Each pipe and static event is `<PIPE_MTE2>` (what ptonz prints) or, as
// PTOAS 0.60 also parses, `"PIPE_MTE2"` (PTOSyncOps.cpp).
class PTO_FlagOp<string mnemonic, string what, Attr event>
    : PTO_Op<mnemonic, [PTO_OutsideVecScope]> {
  let summary = what;
  let arguments = (ins PTO_PipeAttr:$src_pipe, PTO_PipeAttr:$dst_pipe, event:$event_id);
  let assemblyFormat = [{
    `[` custom<PipeOrString>($src_pipe) `,` custom<PipeOrString>($dst_pipe) `,`
    custom<EventOrString>($event_id) `]` attr-dict
  }];
}
def PTO_SetFlagOp : PTO_FlagOp<"set_flag", "set a pipe-to-pipe flag", PTO_EventAttr>;
def PTO_WaitFlagOp : PTO_FlagOp<"wait_flag", "wait for a pipe-to-pipe flag", PTO_EventAttr>;
class PTO_DynFlagOp<string mnemonic, string what> : PTO_Op<mnemonic, [PTO_OutsideVecScope]> {
  let summary = what;
  let arguments = (ins PTO_PipeAttr:$src_pipe, PTO_PipeAttr:$dst_pipe, Index:$event_id);
  let assemblyFormat = "`[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict";
}
def PTO_SetFlagDynOp : PTO_DynFlagOp<"set_flag_dyn", "set a pipe-to-pipe flag (dynamic event id)">;
def PTO_WaitFlagDynOp : PTO_DynFlagOp<"wait_flag_dyn",
                                      "wait for a pipe-to-pipe flag (dynamic event id)">;

def PTO_BarrierOp : PTO_Op<"barrier", [PTO_OutsideVecScope]> {
  let summary = "wait until a pipe drains: `pto.barrier #pto.pipe<PIPE_ALL>`";
  let arguments = (ins PTO_PipeAttr:$pipe);
  let assemblyFormat = "$pipe attr-dict";
}

// Buffer-id tokens (A5): `[op_type, buf_id]`; PTOAS 0.60 also takes a
// mode in the brackets and a pipe by name, `"PIPE_V", buf_id, mode` (the
// form it prints a pipe in). Parsed and printed by parseBufToken /
// printBufToken (PTOSyncOps.cpp).
def PTO_BufOpTypeAttr : AnyAttrOf<[PTO_PipeEventTypeAttr, PTO_SyncOpTypeAttr, PTO_PipeAttr]>;
class PTO_BufOp<string mnemonic, string what> : PTO_Op<mnemonic, [PTO_OutsideVecScope]> {
  let summary = what;
  let arguments = (ins PTO_BufOpTypeAttr:$op_type, I32Attr:$buf_id,
                       DefaultValuedAttr<I32Attr, "0">:$mode);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &p, ::mlir::OperationState &state) {
      return ::ptonz::pto::parseBufToken(p, state);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) {
      ::ptonz::pto::printBufToken(p, getOperation(), getOpTypeAttr(), getBufId(), getMode());
    }
    ::mlir::LogicalResult $cppClass::verify() {
      return ::ptonz::pto::verifyBufToken(getOperation(), getOpTypeAttr(), getBufId(),
                                          getMode());
    }
  }];
}
def PTO_GetBufOp : PTO_BufOp<"get_buf", "acquire a buffer-id token for an op class (A5)">;
def PTO_RlsBufOp : PTO_BufOp<"rls_buf", "release a buffer-id token for an op class (A5)">;

// Cube <-> vector signals: `pto.sync.set <PIPE_MTE3>, 3` or `, %dyn`.
def PTO_SyncSetOp : PTO_Op<"sync.set", [PTO_OutsideVecScope]> {
  let summary = "raise a cube/vector cross-core signal from a pipe";
  let arguments = (ins PTO_PipeAttr:$pipe, OptionalAttr<I32Attr>:$event_id,
                       OptionalAttr<I32Attr>:$ffts_mode, Optional<Index>:$event_id_dyn);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}
def PTO_SyncWaitOp : PTO_Op<"sync.wait", [PTO_OutsideVecScope]> {
  let summary = "wait for a cube/vector cross-core signal on a pipe";
  let arguments = (ins PTO_PipeAttr:$pipe, OptionalAttr<I32Attr>:$event_id,
                       Optional<Index>:$event_id_dyn);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_TSyncOp : PTO_Op<"tsync", [PTO_OutsideVecScope]> {
  let summary = "TSYNC on the given events (direct pto-isa call)";
  let arguments = (ins Variadic<PTO_Dps>:$events);
  let assemblyFormat = "`ins` `(` $events `:` type($events) `)` attr-dict";
}

def PTO_SetFFTsOp : PTO_Op<"set_ffts"> {
  let summary = "set the FFTS flags pointer of the runtime";
  // A memref in PTOAS 0.27, a !pto.ptr in 0.60 (the verifier picks).
  let arguments = (ins PTO_PtrOrMemRef:$ffts);
  let assemblyFormat = "$ffts attr-dict `:` type($ffts)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Event-id arrays (manual synchronisation)
//===----------------------------------------------------------------------===//

def PTO_DeclareEventIdArrayOp : PTO_Op<"declare_eventid_array"> {
  let summary = "a local array of event ids";
  let results = (outs PTO_EventIdArrayType:$array);
  let assemblyFormat = "attr-dict `->` qualified(type($array))";
}
def PTO_EventIdArrayGetOp : PTO_Op<"eventid_array_get"> {
  let summary = "read one event id of an event-id array";
  let arguments = (ins PTO_EventIdArrayType:$array, Index:$index);
  let results = (outs Index:$result);
  let assemblyFormat = "$array `[` $index `]` attr-dict `:` qualified(type($array))";
}
def PTO_EventIdArraySetOp : PTO_Op<"eventid_array_set"> {
  let summary = "write one event id of an event-id array";
  let arguments = (ins PTO_EventIdArrayType:$array, Index:$index, Index:$value);
  let assemblyFormat = "$array `[` $index `]` `,` $value attr-dict `:` qualified(type($array))";
}

//===----------------------------------------------------------------------===//
// Core-specific sections and core queries (i64, as in PTOAS)
//===----------------------------------------------------------------------===//

class PTO_SectionOp<string mnemonic, string core>
    : PTO_Op<mnemonic, [SingleBlock, NoTerminator]> {
  let summary = "code that only the " # core # " cores run";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}
def PTO_SectionCubeOp : PTO_SectionOp<"section.cube", "cube">;
def PTO_SectionVectorOp : PTO_SectionOp<"section.vector", "vector">;

// `pto.simt_launch @f<<<%x, %y, %z>>>(%args) : (T...) -> ()` (PTOAS 0.60,
// its VPTO sugar): call the SIMT entry @f (a function marked pto.simt_entry)
// with the VF launch dimensions x, y, z.
def PTO_SimtLaunchOp : PTO_Op<"simt_launch"> {
  let summary = "launch a SIMT entry with VF launch dimensions (PTOAS >= 0.60)";
  let arguments = (ins FlatSymbolRefAttr:$callee, I32:$dimX, I32:$dimY, I32:$dimZ,
                       Variadic<AnyType>:$args);
  let assemblyFormat = [{
    $callee `<` `<` `<` $dimX `,` $dimY `,` $dimZ `>` `>` `>`
    `` `(` $args `)` attr-dict `:` functional-type($args, results)
  }];
  let hasVerifier = 1;
}

// Launch queries: bounded by the launch (LaunchQuery.td); `lowest` is the
// value in a launch of one block (0: an index, 1: a count).
class PTO_CoreQueryOp<string mnemonic, string what, int lowest>
    : PTO_Op<mnemonic, Ptonz_LaunchQueryTraits> {
  let summary = what;
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
  let extraClassDefinition = Ptonz_LaunchRange<lowest>.definition;
}
def PTO_GetBlockIdxOp : PTO_CoreQueryOp<"get_block_idx", "this core's block index", 0>;
def PTO_GetBlockNumOp : PTO_CoreQueryOp<"get_block_num", "the number of blocks", 1>;
def PTO_GetSubBlockIdxOp : PTO_CoreQueryOp<"get_subblock_idx", "this core's sub-block index", 0>;
def PTO_GetSubBlockNumOp : PTO_CoreQueryOp<"get_subblock_num", "the number of sub-blocks", 1>;

//===----------------------------------------------------------------------===//
// Debug
//===----------------------------------------------------------------------===//

def PTO_PrintOp : PTO_Op<"print"> {
  let summary = "device printf of a scalar: `pto.print ins(\"x=%d\", %v : i32)`";
  let arguments = (ins StrAttr:$format, PTO_Scalar:$scalar);
  let assemblyFormat = "`ins` `(` $format `,` $scalar `:` type($scalar) `)` attr-dict";
}

// PTOAS 0.60 prints a mat/acc tile through a scratch GM view (`tmp`).
def PTO_TPrintOp : PTO_Op<"tprint"> {
  let summary = "device print of a tile or GM partition";
  let arguments = (ins PTO_Dps:$src, Optional<PTO_Dps>:$tmp);
  let assemblyFormat = [{
    `ins` `(` $src (`,` $tmp^)? `:` qualified(type($src)) (`,` qualified(type($tmp))^)? `)`
    attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TrapOp : PTO_Op<"trap"> {
  let summary = "abort execution";
  let assemblyFormat = "attr-dict";
}

#endif // PTONZ_PTO_SYNC_OPS
