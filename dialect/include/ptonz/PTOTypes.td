//===- PTOTypes.td - `pto` types ------------------------------*- tablegen -*-===//
//
// Custom syntax (PTOTypes.cpp) reproduces PTOAS's: shape lists `d0x...xT`
// with `?` for dynamic dims, and both spellings of `!pto.tile_buf`.
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_TYPES
#define PTONZ_PTO_TYPES

include "ptonz/PTOAttrs.td"
include "mlir/IR/AttrTypeBase.td"

class PTO_Type<string name, string typeMnemonic> : TypeDef<PTO_Dialect, name> {
  let mnemonic = typeMnemonic;
  let hasCustomAssemblyFormat = 1;
}

def PTO_PtrType : PTO_Type<"Ptr", "ptr"> {
  let summary = "pointer to global (or on-chip) memory";
  let description = [{
    `!pto.ptr<f16>` (GM) or `!pto.ptr<f16, l1>`. Address-space keywords:
    gm, ub|vec, l1|mat, l0a|left, l0b|right, l0c|acc, bt|bias, fb|scaling.
    The default GM space is not printed.
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        DefaultValuedParameter<"::ptonz::pto::AddressSpace",
                                               "::ptonz::pto::AddressSpace::gm">:$memorySpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), elementType, ::ptonz::pto::AddressSpace::gm);
    }]>];
}

class PTO_ViewType<string name, string typeMnemonic> : PTO_Type<name, typeMnemonic> {
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "::mlir::Type":$elementType,
                        OptionalParameter<"::mlir::Attribute">:$layout);
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
  let description = [{ `!pto.tensor_view<?x?xf16>`, `!pto.tensor_view<1x16x16x16x32xi8, #pto.layout<nz>>` }];
}

def PTO_PartitionTensorViewType : PTO_ViewType<"PartitionTensorView", "partition_tensor_view"> {
  let summary = "a window of a tensor view made by pto.partition_view";
  let description = [{ `!pto.partition_tensor_view<1x16x16x16x32xi8>` }];
}

def PTO_TileBufType : PTO_Type<"TileBuf", "tile_buf"> {
  let summary = "an on-chip tile buffer";
  let description = [{
    Printed in PTOAS's compact form, fields at their default omitted:
    `!pto.tile_buf<mat, 256x512xi8, blayout=col_major, slayout=row_major>`.
    The legacy keyed form is also parsed:
    `!pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512,
    blayout=col_major, slayout=row_major, fractal=512, pad=0>`.
    Defaults: valid = rows x cols, blayout=row_major, slayout=none_box,
    fractal=512, pad=0 (null), compact=0. `?` marks a dynamic valid dim.
  }];
  let parameters = (ins "::ptonz::pto::AddressSpace":$loc,
                        "::mlir::Type":$elementType,
                        "int64_t":$rows, "int64_t":$cols,
                        "int64_t":$validRow, "int64_t":$validCol,
                        "::ptonz::pto::BLayout":$blayout,
                        "::ptonz::pto::SLayout":$slayout,
                        "int64_t":$fractal, "int64_t":$pad, "int64_t":$compact);
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
  }];
}

#endif // PTONZ_PTO_TYPES
