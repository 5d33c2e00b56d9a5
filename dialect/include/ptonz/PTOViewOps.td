//===- PTOViewOps.td - pointers, GM views, tile buffers -------*- tablegen -*-===//
//
// What addresses memory: GM pointers and tensor views, on-chip tile buffers
// and the views of them (subset, bitcast, reshape), and their memref-level
// forms (bind_tile, pointer_cast).
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_VIEW_OPS
#define PTONZ_PTO_VIEW_OPS

include "ptonz/PTOOpBase.td"

//===----------------------------------------------------------------------===//
// GM pointers and scalars
//===----------------------------------------------------------------------===//

def PTO_AddPtrOp : PTO_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "advance a !pto.ptr by an element offset";
  let arguments = (ins PTO_PtrType:$ptr, Index:$offset);
  let results = (outs PTO_PtrType:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `->` type($result)";
}

def PTO_LoadScalarOp : PTO_Op<"load_scalar"> {
  let summary = "load one element of GM at an element offset";
  let arguments = (ins PTO_GMPointer:$ptr, Index:$offset);
  let results = (outs AnyType:$value);
  let assemblyFormat = "$ptr `[` $offset `]` attr-dict `:` type($ptr) `->` type($value)";
  let hasVerifier = 1;
}

def PTO_StoreScalarOp : PTO_Op<"store_scalar"> {
  let summary = "store one element to GM at an element offset";
  let arguments = (ins PTO_GMPointer:$ptr, Index:$offset, AnyType:$value);
  let assemblyFormat = "$value `,` $ptr `[` $offset `]` attr-dict `:` type($ptr) `,` type($value)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// GM views
//===----------------------------------------------------------------------===//

def PTO_MakeTensorViewOp : PTO_Op<"make_tensor_view", [Pure, AttrSizedOperandSegments]> {
  // Made by ptonz's C++ (bindings/Builders.cpp): ODS's default builders.
  let skipDefaultBuilders = 0;
  let builders = [];
  let summary = "describe a GM tensor: pointer, shape, strides, layout";
  let description = [{
    ```mlir
    %v = pto.make_tensor_view %p, shape = [%c1, %c16, %c16, %c16, %c32],
        strides = [%c131072, %c8192, %c512, %c32, %c1]
        {layout = #pto.layout<nz>} : !pto.tensor_view<?x?x?x?x?xi8>
    ```
    The pointer type is `!pto.ptr<T>` of the view's element type. `strides = []`
    is allowed until `pto-materialize-strides` fills them in (PTOAS requires
    one stride per dimension); otherwise there is one stride per dimension.
  }];
  let arguments = (ins PTO_PtrType:$ptr, Variadic<Index>:$shape, Variadic<Index>:$strides,
                       OptionalAttr<PTO_LayoutAttr>:$layout);
  let results = (outs PTO_TensorViewType:$result);
  // Custom: the pointer type is derived from the result type (PTOAS prints
  // none), and the comma before `strides` is optional as in early PTOAS.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Replace the shape / strides operands (setOperandGroup).
    void setShapeOperands(::mlir::ValueRange values);
    void setStridesOperands(::mlir::ValueRange values);
  }];
}

def PTO_PartitionViewOp : PTO_Op<"partition_view", [Pure, AttrSizedOperandSegments]> {
  // Made by ptonz's C++ (bindings/Builders.cpp): ODS's default builders.
  let skipDefaultBuilders = 0;
  let builders = [];
  let summary = "a window (offsets, sizes) of a tensor view";
  let description = [{
    ```mlir
    %pv = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c256, %c512]
        : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<256x512xi8>
    ```
    The `-> type` may be left out (PTOAS 0.60 syntax): the result is then the
    sizes' constants (`?` where a size is no constant) of the source's
    element type. ptonz always prints it (PTOAS 0.27 requires it).
  }];
  let arguments = (ins PTO_TensorViewType:$source, Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes);
  let results = (outs PTO_PartitionTensorViewType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Replace the offsets / sizes operands (setOperandGroup).
    void setOffsetsOperands(::mlir::ValueRange values);
    void setSizesOperands(::mlir::ValueRange values);
  }];
}

def PTO_GetValidShapeOp : PTO_Op<"get_validshape", [Pure]> {
  let summary = "the valid rows and columns of a tile (PTOAS >= 0.60)";
  let arguments = (ins PTO_TileBufType:$source);
  let results = (outs Index:$valid_row, Index:$valid_col);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source))";
  let hasVerifier = 1;
}

def PTO_GetTensorViewDimOp : PTO_Op<"get_tensor_view_dim", [Pure]> {
  let summary = "the size of one dimension of a tensor view (or of its memref)";
  let arguments = (ins PTO_TensorViewOrMemRef:$tensor_view, Index:$dim_index);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    $tensor_view `,` $dim_index `:` qualified(type($tensor_view)) `->` qualified(type($result))
    attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Tile buffers
//===----------------------------------------------------------------------===//

def PTO_AllocTileOp : PTO_Op<"alloc_tile", [AttrSizedOperandSegments]> {
  // Made by ptonz's C++ (bindings/Builders.cpp): ODS's default builders.
  let skipDefaultBuilders = 0;
  let builders = [];
  let summary = "allocate an on-chip tile buffer";
  let description = [{
    ```mlir
    %t = pto.alloc_tile : !pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>
    %d = pto.alloc_tile valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x16xf16, valid=?x?>
    %a = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<vec, 16x16xf16>
    ```
    `valid_row` / `valid_col` are given exactly when that valid dim is `?`.
    `addr` (a fixed on-chip address) belongs to ptoas --pto-level=level3,
    where every alloc_tile needs it.
  }];
  let arguments = (ins Optional<I64>:$addr, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col);
  let results = (outs PTO_TileBufType:$result);
  let assemblyFormat = [{
    (`addr` `=` $addr^)? (`valid_row` `=` $valid_row^)? (`valid_col` `=` $valid_col^)?
    attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

// PTOAS 0.60's N-slot multi-buffer tile (`!pto.multi_tile_buf<...>`, a
// type ptonz passes through verbatim; its pto.multi_tile_get passes through
// too). `addr` is the base of the N slots, at --pto-level=level3 only, as
// alloc_tile's.
def PTO_MultiTileBufType : Type<
    CPred<"::ptonz::pto::isPassThroughType($_self, \"multi_tile_buf\")">,
    "!pto.multi_tile_buf">;
def PTO_AllocMultiTileOp : PTO_Op<"alloc_multi_tile", [AttrSizedOperandSegments]> {
  let summary = "allocate an N-slot multi-buffer tile (PTOAS >= 0.60)";
  let arguments = (ins Optional<I64>:$addr, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col);
  let results = (outs PTO_MultiTileBufType:$result);
  let assemblyFormat = [{
    (`addr` `=` $addr^)? (`valid_row` `=` $valid_row^)? (`valid_col` `=` $valid_col^)?
    attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_DeclareTileOp : PTO_Op<"declare_tile", [Pure]> {
  let summary = "declare a tile whose address is bound later (tassign, tpop)";
  let results = (outs PTO_Dps:$tile);
  let assemblyFormat = "attr-dict `->` qualified(type($tile))";
}

def PTO_TAssignOp : PTO_Op<"tassign", [Pure]> {
  let summary = "rebind a tile handle to a runtime address (ptoas --pto-level=level3)";
  let arguments = (ins PTO_Dps:$tile, I64:$addr);
  let results = (outs PTO_Dps:$result);
  let assemblyFormat = [{
    $tile `,` $addr attr-dict `:` qualified(type($tile)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_SubsetOp : PTO_Op<"subset", [Pure]> {
  let summary = "a static-size window of a tile buffer at (dynamic) offsets";
  let description = [{
    `%s = pto.subset %t[%i, %j] sizes [32, 32] : !pto.tile_buf<...>`; the
    result tile_buf keeps the source's memory and layout, its valid shape is
    derived from the source's.
  }];
  let arguments = (ins PTO_TileBufType:$source, Variadic<Index>:$offsets, I64ArrayAttr:$sizes);
  let results = (outs PTO_TileBufType:$result);
  // `$source [ $offsets ] sizes $sizes attr-dict : type($source)`; custom
  // because the result type is derived (PTOViewOps.cpp).
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_SetValidShapeOp : PTO_Op<"set_validshape"> {
  let summary = "set the runtime valid rows/cols of a dynamic tile in place";
  let arguments = (ins PTO_TileBufOrMemRef:$source, Index:$valid_row, Index:$valid_col);
  let assemblyFormat = [{
    $source `,` $valid_row `,` $valid_col attr-dict `:` qualified(type($source))
  }];
  let hasVerifier = 1;
}

def PTO_BitcastOp : PTO_Op<"bitcast", [Pure]> {
  let summary = "view a tile buffer with another element type (same storage)";
  let arguments = (ins PTO_TileBufType:$src);
  let results = (outs PTO_TileBufType:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def PTO_TReshapeOp : PTO_Op<"treshape", [Pure]> {
  let summary = "view a tile buffer with another shape (same storage)";
  let arguments = (ins PTO_Dps:$src);
  let results = (outs PTO_Dps:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Memref-level tiles (what PTOAS lowers tile_buf to)
//===----------------------------------------------------------------------===//

def PTO_BindTileOp : PTO_Op<"bind_tile", [Pure, AttrSizedOperandSegments]> {
  let summary = "attach a tile configuration and valid dims to a memref";
  let arguments = (ins AnyMemRef:$source, Optional<Index>:$valid_row, Optional<Index>:$valid_col,
                       PTO_TileBufConfigAttr:$config);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $source (`,` $valid_row^ `,` $valid_col)? attr-dict `:` qualified(type($source)) `->`
    qualified(type($result))
  }];
}

def PTO_PointerCastOp : PTO_Op<"pointer_cast", [Pure, AttrSizedOperandSegments]> {
  let summary = "a memref at integer on-chip address(es), with optional valid dims";
  let arguments = (ins Variadic<I64>:$addrs, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col, OptionalAttr<PTO_TileBufConfigAttr>:$config);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    `(` $addrs `)` ($valid_row^ `,` $valid_col)? attr-dict `:` qualified(type($result))
  }];
}

def PTO_DeclareTileMemRefOp : PTO_Op<"declare_tile_memref", [Pure]> {
  let summary = "a memref handle of a tile whose address is bound later";
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "attr-dict `->` qualified(type($result))";
}

#endif // PTONZ_PTO_VIEW_OPS
