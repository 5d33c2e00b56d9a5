//===- PTOOps.td - `pto` operations ---------------------------*- tablegen -*-===//
//
// Assembly formats are PTOAS's (include/PTO/IR/*.td); verifiers check what
// PTOAS checks at these ops, each with a message naming the mismatch.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_OPS
#define PTONZ_PTO_OPS

include "ptonz/PTOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class PTO_Op<string mnemonic, list<Trait> traits = []> : Op<PTO_Dialect, mnemonic, traits>;

def PTO_TileBuf : Type<CPred<"::llvm::isa<::ptonz::pto::TileBufType>($_self)">,
                       "!pto.tile_buf", "::ptonz::pto::TileBufType">;
def PTO_TensorView : Type<CPred<"::llvm::isa<::ptonz::pto::TensorViewType>($_self)">,
                          "!pto.tensor_view", "::ptonz::pto::TensorViewType">;
def PTO_PartitionTensorView
    : Type<CPred<"::llvm::isa<::ptonz::pto::PartitionTensorViewType>($_self)">,
           "!pto.partition_tensor_view", "::ptonz::pto::PartitionTensorViewType">;
def PTO_Ptr : Type<CPred<"::llvm::isa<::ptonz::pto::PtrType>($_self)">, "!pto.ptr",
                   "::ptonz::pto::PtrType">;

//===----------------------------------------------------------------------===//
// GM views
//===----------------------------------------------------------------------===//

def PTO_MakeTensorViewOp : PTO_Op<"make_tensor_view", [Pure, AttrSizedOperandSegments]> {
  let summary = "describe a GM tensor: pointer, shape, strides, layout";
  let description = [{
    ```mlir
    %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32],
        strides = [%c131072, %c8192, %c512, %c32, %c1]
        {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
    ```
    The pointer type is `!pto.ptr<T>` of the view's element type. `strides = []`
    is allowed until `pto-materialize-strides` fills them in; otherwise there
    is one stride per dimension.
  }];
  let arguments = (ins PTO_Ptr:$ptr, Variadic<Index>:$shape, Variadic<Index>:$strides,
                       OptionalAttr<PTO_LayoutAttr>:$layout);
  let results = (outs PTO_TensorView:$result);
  // Custom: the pointer type is derived from the result type (PTOAS prints
  // none), and the comma before `strides` is optional as in PTOAS < 0.61.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_AddPtrOp : PTO_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "a pointer plus an element offset";
  let description = [{
    ```mlir
    %q = pto.addptr %p, %off : !pto.ptr<i8> -> !pto.ptr<i8>
    ```
    The offset is in elements, not bytes (PTOAS's `pto.addptr`).
  }];
  let arguments = (ins PTO_Ptr:$ptr, Index:$offset);
  let results = (outs PTO_Ptr:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` qualified(type($ptr)) `->` qualified(type($result))
  }];
}

def PTO_PartitionViewOp : PTO_Op<"partition_view", [Pure, AttrSizedOperandSegments]> {
  let summary = "a window (offsets, sizes) of a tensor view";
  let description = [{
    ```mlir
    %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512]
        : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
    ```
  }];
  let arguments = (ins PTO_TensorView:$source, Variadic<Index>:$offsets, Variadic<Index>:$sizes);
  let results = (outs PTO_PartitionTensorView:$result);
  let assemblyFormat = [{
    $source `,` `offsets` `=` `[` $offsets `]` `,` `sizes` `=` `[` $sizes `]` attr-dict
    `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tiles and data movement
//===----------------------------------------------------------------------===//

def PTO_AllocTileOp : PTO_Op<"alloc_tile", [AttrSizedOperandSegments]> {
  let summary = "allocate an on-chip tile buffer";
  let description = [{
    ```mlir
    %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
    %d = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
    ```
    `valid_row` / `valid_col` are given exactly when that valid dim is `?`.
  }];
  let arguments = (ins Optional<I64>:$addr, Optional<Index>:$valid_row, Optional<Index>:$valid_col);
  let results = (outs PTO_TileBuf:$result);
  let assemblyFormat = [{
    (`addr` `=` $addr^)? (`valid_row` `=` $valid_row^)? (`valid_col` `=` $valid_col^)?
    attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_TLoadOp : PTO_Op<"tload"> {
  let summary = "load a GM partition into a tile (MTE2)";
  let arguments = (ins PTO_PartitionTensorView:$src, PTO_TileBuf:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TStoreOp : PTO_Op<"tstore"> {
  let summary = "store a tile into a GM partition (MTE3, or FIX from acc)";
  let arguments = (ins PTO_TileBuf:$src, PTO_PartitionTensorView:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TMovOp : PTO_Op<"tmov"> {
  let summary = "move a tile between on-chip buffers (mat->left/right/bias, acc->mat/vec, ...)";
  let arguments = (ins PTO_TileBuf:$src, PTO_TileBuf:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TExtractOp : PTO_Op<"textract"> {
  let summary = "extract a sub-tile at (indexRow, indexCol)";
  let arguments = (ins PTO_TileBuf:$src, Index:$indexRow, Index:$indexCol, PTO_TileBuf:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $indexRow `,` $indexCol `:` qualified(type($src)) `,` type($indexRow) `,`
    type($indexCol) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TMatmulOp : PTO_Op<"tmatmul"> {
  let summary = "dst[M,N] = lhs[M,K] x rhs[K,N] (left x right -> acc)";
  let arguments = (ins PTO_TileBuf:$lhs, PTO_TileBuf:$rhs, PTO_TileBuf:$dst);
  let assemblyFormat = [{
    `ins` `(` $lhs `,` $rhs `:` qualified(type($lhs)) `,` qualified(type($rhs)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TMatmulAccOp : PTO_Op<"tmatmul.acc"> {
  let summary = "dst[M,N] = acc_in[M,N] + lhs[M,K] x rhs[K,N]";
  let arguments = (ins PTO_TileBuf:$acc_in, PTO_TileBuf:$lhs, PTO_TileBuf:$rhs, PTO_TileBuf:$dst);
  let assemblyFormat = [{
    `ins` `(` $acc_in `,` $lhs `,` $rhs `:` qualified(type($acc_in)) `,` qualified(type($lhs)) `,`
    qualified(type($rhs)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TMatmulBiasOp : PTO_Op<"tmatmul.bias"> {
  let summary = "dst[M,N] = a[M,K] x b[K,N] + bias[1,N]";
  let arguments = (ins PTO_TileBuf:$a, PTO_TileBuf:$b, PTO_TileBuf:$bias, PTO_TileBuf:$dst);
  let assemblyFormat = [{
    `ins` `(` $a `,` $b `,` $bias `:` qualified(type($a)) `,` qualified(type($b)) `,`
    qualified(type($bias)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Block and sub-block queries (i64, as in PTOAS)
//===----------------------------------------------------------------------===//

class PTO_CoreQueryOp<string mnemonic, string what> : PTO_Op<mnemonic, [Pure]> {
  let summary = what;
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}
def PTO_GetBlockIdxOp : PTO_CoreQueryOp<"get_block_idx", "this core's block index">;
def PTO_GetBlockNumOp : PTO_CoreQueryOp<"get_block_num", "the number of blocks">;
def PTO_GetSubBlockIdxOp : PTO_CoreQueryOp<"get_subblock_idx", "this core's sub-block index">;
def PTO_GetSubBlockNumOp : PTO_CoreQueryOp<"get_subblock_num", "the number of sub-blocks">;

//===----------------------------------------------------------------------===//
// Synchronisation
//===----------------------------------------------------------------------===//

def PTO_PipeEventTypeLikeAttr : AnyAttrOf<[PTO_PipeEventTypeAttr, PTO_SyncOpTypeAttr]>;

def PTO_RecordEventOp : PTO_Op<"record_event"> {
  let summary = "signal that ops of class src_op are done, for dst_op to wait on";
  let description = [{
    `pto.record_event [#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TMATMUL>, #pto.event<EVENT_ID0>]`
  }];
  let arguments = (ins PTO_PipeEventTypeLikeAttr:$src_op, PTO_PipeEventTypeLikeAttr:$dst_op,
                       PTO_EventAttr:$event_id);
  let assemblyFormat = "`[` $src_op `,` $dst_op `,` $event_id `]` attr-dict";
}

def PTO_WaitEventOp : PTO_Op<"wait_event"> {
  let summary = "wait for a record_event with the same classes and event id";
  let arguments = (ins PTO_PipeEventTypeLikeAttr:$src_op, PTO_PipeEventTypeLikeAttr:$dst_op,
                       PTO_EventAttr:$event_id);
  let assemblyFormat = "`[` $src_op `,` $dst_op `,` $event_id `]` attr-dict";
}

def PTO_SetFlagOp : PTO_Op<"set_flag"> {
  let summary = "set a pipe-to-pipe flag: `pto.set_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID0>]`";
  let arguments = (ins PTO_PipeAttr:$src_pipe, PTO_PipeAttr:$dst_pipe, PTO_EventAttr:$event_id);
  let assemblyFormat = "`[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict";
}

def PTO_WaitFlagOp : PTO_Op<"wait_flag"> {
  let summary = "wait for a pipe-to-pipe flag";
  let arguments = (ins PTO_PipeAttr:$src_pipe, PTO_PipeAttr:$dst_pipe, PTO_EventAttr:$event_id);
  let assemblyFormat = "`[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict";
}

def PTO_BarrierOp : PTO_Op<"barrier"> {
  let summary = "wait until a pipe drains: `pto.barrier <PIPE_ALL>`";
  let arguments = (ins PTO_PipeAttr:$pipe);
  let assemblyFormat = "$pipe attr-dict";
}

class PTO_SectionOp<string mnemonic, string core>
    : PTO_Op<mnemonic, [SingleBlock, NoTerminator]> {
  let summary = "code that only the " # core # " cores run";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}
def PTO_SectionCubeOp : PTO_SectionOp<"section.cube", "cube">;
def PTO_SectionVectorOp : PTO_SectionOp<"section.vector", "vector">;

#endif // PTONZ_PTO_OPS
