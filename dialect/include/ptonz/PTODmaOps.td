//===- PTODmaOps.td - GM <-> tile data movement ---------------*- tablegen -*-===//
//
// Loads, stores, gathers and scatters between GM (partition views, GM
// memrefs) and tile buffers, and the async GM-to-GM DMA session ops.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_DMA_OPS
#define PTONZ_PTO_DMA_OPS

include "ptonz/PTOOpBase.td"

def PTO_TLoadOp : PTO_TileOp<"tload", [AttrSizedOperandSegments]> {
  let summary = "load a GM partition into a tile (MTE2)";
  let description = [{
    `pto.tload ins(%pv : !pto.partition_tensor_view<...>) outs(%t : !pto.tile_buf<...>)`;
    the source may also be a GM memref. Optional padding controls follow the
    attribute dictionary as in PTOAS.
  }];
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$dst, OptionalAttr<PTO_PadModeAttr>:$pad_mode,
                       Optional<AnyType>:$pad_value, Optional<Index>:$left_padding_num,
                       Optional<AnyType>:$right_padding_num,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$init_out_buffer,
                       Optional<AnyType>:$init_condition);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)`
    attr-dict
    (`pad_mode` `=` $pad_mode^)?
    (`pad_value` `=` $pad_value^ `:` type($pad_value))?
    (`left_padding_num` `=` $left_padding_num^ `:` type($left_padding_num))?
    (`init_out_buffer` `=` $init_out_buffer^)?
    (`right_padding_num` `=` $right_padding_num^ `:` type($right_padding_num))?
    (`init_condition` `=` $init_condition^ `:` type($init_condition))?
    (`->` qualified(type($result))^)?
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "::mlir::Value":$dst), [{
      $_state.addOperands({src, dst});
      $_state.getOrAddProperties<Properties>().operandSegmentSizes = {1, 1, 0, 0, 0, 0};
    }]>];
  let hasVerifier = 1;
}

def PTO_TPrefetchOp : PTO_UnaryOp<"tprefetch", "prefetch a GM partition into a tile",
                                  "TileRules::none()"> {
  let extraClassDefinition = ""; // verify() in C++
}

// `fp %f : T` (PTOAS 0.60): an acc store quantized by a scaling tile.
def PTO_TStoreOp : PTO_TileOp<"tstore", [AttrSizedOperandSegments]> {
  let summary = "store a tile into a GM partition (MTE3, or FIX from acc)";
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$dst, Optional<PTO_Dps>:$fp,
                       Optional<I64>:$preQuantScalar,
                       DefaultValuedAttr<PTO_STPhaseAttr, "::ptonz::pto::STPhase::unspecified">:$stPhase,
                       DefaultValuedAttr<PTO_AtomicTypeAttr,
                                         "::ptonz::pto::AtomicType::atomic_none">:$atomicType,
                       DefaultValuedAttr<PTO_ReluPreModeAttr,
                                         "::ptonz::pto::ReluPreMode::no_relu">:$reluPreMode);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) (`fp` $fp^ `:` qualified(type($fp)))?
    (`,` $preQuantScalar^ `:` type($preQuantScalar))? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict (`->` qualified(type($result))^)?
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "::mlir::Value":$dst), [{
      $_state.addOperands({src, dst});
      $_state.getOrAddProperties<Properties>().operandSegmentSizes = {1, 1, 0, 0};
    }]>];
  let hasVerifier = 1;
}

def PTO_TStoreFPOp : PTO_SrcAndOp<"tstore_fp",
    "store an acc tile to GM with vector quantization parameters from an fp (scaling) tile",
    "fp", "TileRules::none()"> {
  let extraClassDefinition = ""; // verify() in C++
}

// PTOAS 0.60 also gathers GM -> L1 (an NZ mat dst, a GM index, and for
// coalesce = elem a GM scratch view after the index).
def PTO_MGatherOp : PTO_TileOp<"mgather"> {
  let summary = "gather elements of GM into a tile at per-element indices";
  let arguments = (ins PTO_Dps:$mem, PTO_Dps:$idx, PTO_Dps:$dst,
                       Optional<PTO_Dps>:$scratch,
                       OptionalAttr<PTO_CoalesceAttr>:$coalesce,
                       DefaultValuedAttr<PTO_GatherOOBAttr,
                                         "::ptonz::pto::GatherOOB::undefined">:$gatherOob);
  let assemblyFormat = [{
    `ins` `(` $mem `,` $idx (`,` $scratch^)? `:` type($mem) `,` type($idx)
    (`,` type($scratch)^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_MScatterOp : PTO_TileOp<"mscatter"> {
  let summary = "scatter the elements of a tile to GM at per-element indices";
  let arguments = (ins PTO_Dps:$src, PTO_Dps:$idx, PTO_Dps:$mem,
                       DefaultValuedAttr<PTO_ScatterAtomicOpAttr,
                                         "::ptonz::pto::ScatterAtomicOp::none">:$scatterAtomicOp,
                       DefaultValuedAttr<PTO_ScatterOOBAttr,
                                         "::ptonz::pto::ScatterOOB::undefined">:$scatterOob);
  let assemblyFormat = [{
    `ins` `(` $src `,` $idx `:` qualified(type($src)) `,` type($idx) `)` `outs` `(` $mem `:`
    type($mem) `)` attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Async GM-to-GM DMA
//===----------------------------------------------------------------------===//

def PTO_BuildAsyncSessionOp : PTO_Op<"build_async_session"> {
  let summary = "an async DMA session over a scratch tile and a GM workspace";
  let arguments = (ins PTO_TileBufOrMemRef:$scratch, PTO_GMPointer:$workspace,
                       OptionalAttr<I32Attr>:$sync_id, OptionalAttr<I64Attr>:$block_bytes,
                       OptionalAttr<I64Attr>:$comm_block_offset,
                       OptionalAttr<I32Attr>:$queue_num,
                       OptionalAttr<I64Attr>:$channel_group_idx);
  let results = (outs PTO_AsyncSessionType:$session);
  let assemblyFormat = [{
    `(` $scratch `,` $workspace `:` qualified(type($scratch)) `,` type($workspace) `)`
    attr-dict `->` qualified(type($session))
  }];
  let hasVerifier = 1;
}

class PTO_AsyncCopyOp<string mnemonic, string what> : PTO_Op<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_DpsOrMemRef:$dst, PTO_DpsOrMemRef:$src, PTO_AsyncSessionType:$session);
  let results = (outs PTO_AsyncEventType:$event);
  let assemblyFormat = [{
    `(` $dst `,` $src `,` $session `:` type($dst) `,` type($src) `,` qualified(type($session)) `)`
    attr-dict `->` qualified(type($event))
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::ptonz::pto::verifyAsyncCopy(getOperation(), getDst(), getSrc());
    }
  }];
}
def PTO_TPutAsyncOp : PTO_AsyncCopyOp<"tput_async", "async write from local GM to remote GM">;
def PTO_TGetAsyncOp : PTO_AsyncCopyOp<"tget_async", "async read from remote GM to local GM">;

class PTO_AsyncEventQueryOp<string mnemonic, string what> : PTO_Op<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_AsyncEventType:$event, PTO_AsyncSessionType:$session);
  let results = (outs I1:$completed);
  let assemblyFormat = [{
    `(` $event `,` $session `:` qualified(type($event)) `,` qualified(type($session)) `)`
    attr-dict `->` type($completed)
  }];
}
def PTO_WaitAsyncEventOp : PTO_AsyncEventQueryOp<"wait_async_event",
                                                 "block until an async DMA event completes">;
def PTO_TestAsyncEventOp : PTO_AsyncEventQueryOp<"test_async_event",
                                                 "whether an async DMA event completed">;

#endif // PTONZ_PTO_DMA_OPS
