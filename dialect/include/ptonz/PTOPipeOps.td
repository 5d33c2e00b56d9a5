//===- PTOPipeOps.td - cube/vector tile pipes -----------------*- tablegen -*-===//
//
// Tiles pushed between the cube and vector cores through slot buffers: the
// frontend forms (aic/aiv_initialize_pipe, tpush_to_aiv, tpop_from_aic, ...)
// and the pipe-handle forms PTOAS lowers them to (initialize_l2l_pipe, tpush,
// tpop, tfree), with the reserved slot buffers they use.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_PIPE_OPS
#define PTONZ_PTO_PIPE_OPS

include "ptonz/PTOOpBase.td"

//===----------------------------------------------------------------------===//
// Slot buffers
//===----------------------------------------------------------------------===//

def PTO_ReserveBufferOp : PTO_Op<"reserve_buffer"> {
  let summary = "reserve a local consumer slot buffer (its address)";
  let arguments = (ins StrAttr:$name, I32Attr:$size, PTO_AddressSpaceAttr:$location,
                       BoolAttr:$autoAlloc, OptionalAttr<I32Attr>:$base);
  let results = (outs I32:$addr);
  let assemblyFormat = [{
    `{` `name` `=` $name `,` `size` `=` $size `,` `location` `=` $location `,`
    `auto` `=` $autoAlloc (`,` `base` `=` $base^)? `}` attr-dict `->` type($addr)
  }];
  let hasVerifier = 1;
}

def PTO_ImportReservedBufferOp : PTO_Op<"import_reserved_buffer"> {
  let summary = "the address of a slot buffer a peer function reserved";
  let arguments = (ins StrAttr:$name, FlatSymbolRefAttr:$peer_func);
  let results = (outs I32:$addr);
  let assemblyFormat = [{
    `{` `name` `=` $name `,` `peer_func` `=` $peer_func `}` attr-dict `->` type($addr)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Frontend pipes (one per cube/vector kernel pair)
//===----------------------------------------------------------------------===//

class PTO_InitializePipeOp<string mnemonic, string core>
    : PTO_Op<mnemonic, [AttrSizedOperandSegments]> {
  let summary = "set up the tile pipe of a " # core # " kernel";
  let description = [{
    `{dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %b : i32, ...)`.
    PTOAS 0.27 takes `dir_mask`, `slot_size`, `nosplit` in this order and
    the operands `gm_slot_buffer` (optional), `c2v_consumer_buf`,
    `v2c_consumer_buf`; 0.60 adds the clauses `id`, `slot_num`,
    `local_slot_num`, `acc_push_epilogue` and the operand `gm_slot_tensor`,
    takes clauses and operands in any order and each operand optional. The
    printer writes the clauses and operands given, in 0.60's order, so a
    0.27 op prints in the form 0.27 parses.
  }];
  let arguments = (ins OptionalAttr<I32Attr>:$id, I8Attr:$dir_mask, I32Attr:$slot_size,
                       OptionalAttr<I32Attr>:$slot_num, OptionalAttr<I32Attr>:$local_slot_num,
                       OptionalAttr<BoolAttr>:$nosplit, OptionalAttr<AnyAttr>:$acc_push_epilogue,
                       Optional<PTO_PtrType>:$gm_slot_buffer,
                       Optional<PTO_TensorViewType>:$gm_slot_tensor,
                       Optional<I32>:$c2v_consumer_buf, Optional<I32>:$v2c_consumer_buf);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &p, ::mlir::OperationState &state) {
      return ::ptonz::pto::parseFrontendPipeInit(p, state);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) {
      ::ptonz::pto::printFrontendPipeInit(getOperation(), p);
    }
    ::mlir::LogicalResult $cppClass::verify() {
      return ::ptonz::pto::verifyFrontendPipeInit(getOperation(), ::ptonz::pto::KernelKind::}] # core # [{,
                                                  getDirMask(), getSlotSize());
    }
  }];
}
def PTO_AicInitializePipeOp : PTO_InitializePipeOp<"aic_initialize_pipe", "cube">;
def PTO_AivInitializePipeOp : PTO_InitializePipeOp<"aiv_initialize_pipe", "vector">;

// What a frontend pipe op pushes, pops and frees: a tile, or (PTOAS 0.60,
// pipes through GM) a tensor view.
def PTO_PipeEntry : AnyTypeOf<[AnyRankedTensor, AnyMemRef, PTO_TensorViewType,
                               PTO_PartitionTensorViewType, PTO_TileBufType],
                              "tile_buf, tensor view, memref or tensor">;

class PTO_PushToOp<string mnemonic, string what, string core,
                   string extraCheck = "::mlir::success()"> : PTO_Op<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_PipeEntry:$tile, OptionalAttr<I32Attr>:$id, I8Attr:$split);
  // `id` (PTOAS 0.60: the pipe's init) is printed only when given.
  let assemblyFormat = [{
    `(` $tile `:` qualified(type($tile)) `)` custom<SplitClause>($id, $split) attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ptonz::pto::verifyFrontendSplit(getOperation(),
              ::ptonz::pto::KernelKind::}] # core # [{, getSplit())))
        return ::mlir::failure();
      return }] # extraCheck # [{;
    }
  }];
}
def PTO_TPushToAivOp : PTO_PushToOp<"tpush_to_aiv", "push a tile from the cube to the vector core",
                                    "cube",
    "::ptonz::pto::verifyFixpipePush(getOperation(), getTile(), getSplit())">;
// The vector side names its sub-block (PTOAS 0.60's `aiv_subblockid(%i)`,
// an i64 such as pto.get_subblock_idx's) when the tile is split.
def PTO_TPushToAicOp : PTO_Op<"tpush_to_aic"> {
  let summary = "push a tile from the vector to the cube core";
  let arguments = (ins PTO_PipeEntry:$tile, Optional<I64>:$aiv_subblockid,
                       OptionalAttr<I32Attr>:$id, I8Attr:$split);
  let assemblyFormat = [{
    `(` $tile `:` qualified(type($tile)) `)` custom<SplitClause>($id, $split)
    (`aiv_subblockid` `(` $aiv_subblockid^ `)`)? attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ptonz::pto::verifyFrontendSplit(
              getOperation(), ::ptonz::pto::KernelKind::vector, getSplit())))
        return ::mlir::failure();
      return ::ptonz::pto::verifyAivSubblockId(getOperation(), getAivSubblockid(), getSplit(),
                                               getTile().getType());
    }
  }];
}

// `aiv_subblockid(%i)` (PTOAS 0.60) only where the vector core pops.
class PTO_PopFromOp<string mnemonic, string what, string core>
    : PTO_Op<mnemonic, [AttrSizedOperandSegments]> {
  let summary = what;
  let arguments = (ins Optional<Index>:$valid_row, Optional<Index>:$valid_col,
                       Optional<I64>:$aiv_subblockid, OptionalAttr<I32Attr>:$id, I8Attr:$split);
  let results = (outs PTO_PipeEntry:$tile);
  let assemblyFormat = [{
    (`(` $valid_row^ `,` $valid_col `)`)? custom<SplitClause>($id, $split)
    (`aiv_subblockid` `(` $aiv_subblockid^ `)`)? attr-dict `->` qualified(type($tile))
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ptonz::pto::verifyPopFrom(getOperation(),
              ::ptonz::pto::KernelKind::}] # core # [{, getValidRow(), getValidCol(), getTile(),
              getSplit())))
        return ::mlir::failure();
      if (getAivSubblockid() && ::ptonz::pto::KernelKind::}] # core # [{ !=
                                    ::ptonz::pto::KernelKind::vector)
        return emitOpError("takes 'aiv_subblockid' only on the vector side (tpop_from_aic)");
      return ::ptonz::pto::verifyAivSubblockId(getOperation(), getAivSubblockid(), getSplit(),
                                               getTile().getType());
    }
  }];
}
def PTO_TPopFromAicOp : PTO_PopFromOp<"tpop_from_aic", "pop a tile the cube core pushed", "vector">;
def PTO_TPopFromAivOp : PTO_PopFromOp<"tpop_from_aiv", "pop a tile the vector core pushed", "cube">;

// `(%entry : T)`, the popped entry it frees, is PTOAS 0.60's and optional.
class PTO_FreeFromOp<string mnemonic, string what, string core> : PTO_Op<mnemonic> {
  let summary = what;
  let arguments = (ins Optional<PTO_PipeEntry>:$entry, OptionalAttr<I32Attr>:$id, I8Attr:$split);
  let assemblyFormat = [{
    (`(` $entry^ `:` qualified(type($entry)) `)`)? custom<SplitClause>($id, $split) attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::ptonz::pto::verifyFrontendSplit(getOperation(), ::ptonz::pto::KernelKind::}] # core
      # [{, getSplit());
    }
  }];
}
def PTO_TFreeFromAicOp : PTO_FreeFromOp<"tfree_from_aic", "release the slot of a popped cube tile",
                                        "vector">;
def PTO_TFreeFromAivOp : PTO_FreeFromOp<"tfree_from_aiv",
                                        "release the slot of a popped vector tile", "cube">;

// The quantization state a cube tpush's fixpipe epilogue reads (PTOAS 0.60).
def PTO_SetQuantScalarOp : PTO_Op<"set_quant_scalar"> {
  let summary = "set the scalar quantization parameter of pipe `id` (PTOAS >= 0.60)";
  let arguments = (ins F32:$scale, DefaultValuedOptionalAttr<I32Attr, "0">:$id);
  let assemblyFormat = "`(` $scale `:` type($scale) `)` `{` `id` `=` $id `}` attr-dict";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::ptonz::pto::verifySince(getOperation(), 0, 60);
    }
  }];
}
def PTO_SetQuantVectorOp : PTO_Op<"set_quant_vector"> {
  let summary = "set the per-channel quantization tile of pipe `id` (PTOAS >= 0.60)";
  let arguments = (ins PTO_PipeEntry:$scaling_tile, DefaultValuedOptionalAttr<I32Attr, "0">:$id);
  let assemblyFormat = [{
    `(` $scaling_tile `:` qualified(type($scaling_tile)) `)` `{` `id` `=` $id `}` attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ptonz::pto::verifySince(getOperation(), 0, 60)))
        return ::mlir::failure();
      return ::ptonz::pto::verifyQuantVectorPayload(getOperation(), getScalingTile());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Pipe handles
//===----------------------------------------------------------------------===//

// The pipe-handle inits: `{dir_mask = D, slot_size = S, slot_num = N
// [, local_slot_num = L][, flag_base = F][, nosplit = B]} (%a : T, ...)
// attr-dict -> !pto.pipe` (parsePipeHandleInit / printPipeHandleInit,
// PTOPipeOps.cpp). PTOAS's format reads each optional clause only after the
// one before it (`, flag_base` without local_slot_num is read as
// `, local_slot_num`), so ptonz prints the clauses up to the first absent one
// in the braces and the rest in the attribute dictionary, which both
// releases read.
// PTOAS 0.60 makes local_addr optional (a pipe whose slots stay in GM, no
// local consumer buffer) and takes any positive slot_num (0.27: 4 or 8).
def PTO_InitializeL2G2LPipeOp : PTO_Op<"initialize_l2g2l_pipe", [AttrSizedOperandSegments]> {
  let summary = "a local -> GM -> local pipe handle";
  let arguments = (ins I8Attr:$dir_mask, I32Attr:$slot_size, I32Attr:$slot_num,
                       OptionalAttr<I32Attr>:$local_slot_num, OptionalAttr<I32Attr>:$flag_base,
                       OptionalAttr<BoolAttr>:$nosplit, AnyType:$gm_addr,
                       Optional<AnyType>:$local_addr, Optional<AnyType>:$peer_local_addr);
  let results = (outs PTO_PipeType:$pipe);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_InitializeL2LPipeOp : PTO_Op<"initialize_l2l_pipe"> {
  let summary = "a local -> local pipe handle";
  let arguments = (ins I8Attr:$dir_mask, I32Attr:$slot_size, I32Attr:$slot_num,
                       OptionalAttr<I32Attr>:$flag_base, OptionalAttr<BoolAttr>:$nosplit,
                       AnyType:$local_addr, Optional<AnyType>:$peer_local_addr);
  let results = (outs PTO_PipeType:$pipe);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

class PTO_PipeTileOp<string mnemonic, string what, string role> : PTO_Op<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_PipeEntry:$tile, PTO_PipeType:$pipe_handle,
                       Optional<I64>:$aiv_subblockid, I8Attr:$split);
  let assemblyFormat = [{
    `(` $tile `,` $pipe_handle `:` qualified(type($tile)) `,` qualified(type($pipe_handle)) `)`
    `{` `split` `=` $split `}` (`aiv_subblockid` `(` $aiv_subblockid^ `)`)? attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::ptonz::pto::verifyPipeUse(getOperation(),
              ::ptonz::pto::PipeRole::}] # role # [{, getTile(), getPipeHandle(), getSplit())))
        return ::mlir::failure();
      return ::ptonz::pto::verifyAivSubblockId(getOperation(), getAivSubblockid(), getSplit(),
                                               getTile().getType());
    }
  }];
}
def PTO_TPushOp : PTO_PipeTileOp<"tpush", "push a tile into a pipe", "push">;
def PTO_TPopOp : PTO_PipeTileOp<"tpop", "bind a declared tile to the next slot of a pipe", "pop">;

// `(%entry, %pipe : T, !pto.pipe)`: PTOAS 0.60 names the popped entry it
// frees (optional); 0.27 takes `(%pipe : !pto.pipe)` only.
def PTO_TFreeOp : PTO_Op<"tfree"> {
  let summary = "release the current consumer slot of a pipe";
  let arguments = (ins Optional<PTO_PipeEntry>:$entry, PTO_PipeType:$pipe_handle, I8Attr:$split);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // PTONZ_PTO_PIPE_OPS
