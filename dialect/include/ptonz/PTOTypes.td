//===- PTOTypes.td - `pto` types ------------------------------*- tablegen -*-===//
//
// The types of PTOAS 0.27. Custom syntax (PTOTypes.cpp) reproduces PTOAS's:
// shape lists `d0x...xT` with `?` for dynamic dims, both spellings of
// `!pto.tile_buf`.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_TYPES
#define PTONZ_PTO_TYPES

include "ptonz/PTOAttrs.td"
include "mlir/IR/AttrTypeBase.td"

class PTO_Type<string name, string typeMnemonic> : TypeDef<PTO_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def PTO_PtrType : PTO_Type<"Ptr", "ptr"> {
  let summary = "pointer to global memory";
  let description = [{
    `!pto.ptr<f16>`. PTOAS's pointer has no address space: no PTOAS version
    parses `!pto.ptr<f16, gm>`, and ptonz rejects that spelling too.
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), elementType);
    }]>];
}

class PTO_ViewType<string name, string typeMnemonic> : PTO_Type<name, typeMnemonic> {
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "::mlir::Type":$elementType,
                        OptionalParameter<"::mlir::Attribute">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), shape, elementType, ::mlir::Attribute());
    }]>];
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
  }];
}

def PTO_TensorViewType : PTO_ViewType<"TensorView", "tensor_view"> {
  let summary = "a GM tensor made by pto.make_tensor_view";
  let description = [{
    `!pto.tensor_view<?x?xf16>`. A layout in the type,
    `!pto.tensor_view<1x8x8x16x8xf32, #pto.layout<nz>>`, means what PTOAS >= 0.61
    writes there: the resolved layout of a physical (rank-5, explicit-stride)
    view; it must agree with the op's layout attribute. A logical NZ view says
    `strides = [] {layout = #pto.layout<nz>}` with a plain type
    (python/ptonz/analyses/view_kinds.py); PTOAS < 0.61 parses no layout in
    the type.
  }];
}

def PTO_PartitionTensorViewType : PTO_ViewType<"PartitionTensorView", "partition_tensor_view"> {
  let summary = "a window of a tensor view made by pto.partition_view";
  let description = [{ `!pto.partition_tensor_view<1x16x16x16x32xi8>` }];
}

def PTO_TileType : PTO_Type<"Tile", "tile"> {
  let summary = "a logical tile value (shape and element type)";
  let description = [{ `!pto.tile<32x32xf32>` }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
}

def PTO_TileBufType : PTO_Type<"TileBuf", "tile_buf"> {
  let summary = "an on-chip tile buffer";
  let description = [{
    Printed in PTOAS's compact form (PTOAS >= 0.25), fields at their default
    omitted: `!pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>`.
    The legacy keyed form, in PTOAS's fixed key order, also parses, and is what
    ptonz prints when the context asks for it (PTOAS < 0.25 reads only that):
    `!pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512,
    blayout=col_major, slayout=row_major, fractal=512, pad=0>` (`, compact=N`
    may follow). Defaults: valid = rows x cols, blayout=row_major,
    slayout=none_box, fractal=512, pad=0 (null), compact=0. `?` marks a
    dynamic valid dim.
  }];
  let parameters = (ins "::ptonz::pto::AddressSpace":$loc,
                        "::mlir::Type":$elementType,
                        "int64_t":$rows, "int64_t":$cols,
                        "int64_t":$validRow, "int64_t":$validCol,
                        "::ptonz::pto::BLayout":$blayout,
                        "::ptonz::pto::SLayout":$slayout,
                        "int64_t":$fractal, "int64_t":$pad, "int64_t":$compact);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The NZ mat tile an NZ->NZ weight load writes: col_major / row_major / 512.
    bool isNZMatTile() const {
      return getLoc() == ::ptonz::pto::AddressSpace::mat &&
             getBlayout() == ::ptonz::pto::BLayout::col_major &&
             getSlayout() == ::ptonz::pto::SLayout::row_major && getFractal() == 512;
    }
    bool hasFullValidShape() const {
      return getValidRow() == getRows() && getValidCol() == getCols();
    }
    bool hasDynamicValidShape() const {
      return getValidRow() == ::mlir::ShapedType::kDynamic ||
             getValidCol() == ::mlir::ShapedType::kDynamic;
    }
  }];
}

def PTO_EventIdArrayType : PTO_Type<"EventIdArray", "eventid_array"> {
  let summary = "a local array of dynamic event ids (manual synchronisation)";
  let description = [{ `!pto.eventid_array<4>` }];
  let parameters = (ins "int64_t":$size);
  let assemblyFormat = "`<` $size `>`";
}

def PTO_PipeType : PTO_Type<"Pipe", "pipe"> {
  let summary = "opaque pipe handle of tpush/tpop communication";
}

def PTO_AsyncSessionType : PTO_Type<"AsyncSession", "async_session"> {
  let summary = "opaque async DMA session handle";
}

def PTO_AsyncEventType : PTO_Type<"AsyncEvent", "async_event"> {
  let summary = "opaque async DMA event handle";
}

#endif // PTONZ_PTO_TYPES
