//===- PLTypes.td - `pl` types --------------------------------*- tablegen -*-===//

#ifndef PTONZ_PL_TYPES
#define PTONZ_PL_TYPES

include "ptonz/PLAttrs.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class PL_Type<string name, string typeMnemonic> : TypeDef<PL_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def PL_TensorType : PL_Type<"Tensor", "tensor"> {
  let summary = "a GM tensor with its logical shape and a layout annotation";
  let description = [{
    `!pl.tensor<32x2048x4096xi8, nz>`; the layout is `nd` when omitted (and
    printed only when it is not `nd`). Dimensions may be dynamic (`?`).
    `mx_a_zz` / `mx_b_nn` annotate A5 microscaling scale tensors: an
    A-side `[M, G]` / a B-side `[G, N]` scale of element type f8E8M0FNU,
    stored in 16x2 boxes (`!pl.tensor<64x4xf8E8M0FNU, mx_a_zz>`).
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    DefaultValuedParameter<"::ptonz::pl::Layout", "::ptonz::pl::Layout::nd">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
  }];
}

def PL_TileType : PL_Type<"Tile", "tile"> {
  let summary = "an on-chip tile: static shape, element type, memory";
  let description = [{ `!pl.tile<256x512xi8, mat>` }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    "::ptonz::pl::Memory":$memory);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // PTONZ_PL_TYPES
