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
include "mlir/IR/BuiltinTypeInterfaces.td"

class PTO_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<PTO_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def PTO_PtrType : PTO_Type<"Ptr", "ptr"> {
  let summary = "pointer to global (or, from PTOAS 0.60, on-chip) memory";
  let description = [{
    `!pto.ptr<f16>` (a GM pointer; every PTOAS version) or, as PTOAS 0.60
    writes it, `!pto.ptr<f16, gm>` / `!pto.ptr<f16, ub>` with a memory space
    (`gm|ub|mat|l1|left|l0a|right|l0b|acc|l0c|vec|bias|bt|scaling|fb`). The
    space is kept as written, so each spelling prints back as itself; PTOAS
    0.60 reads `!pto.ptr<f16>` as `!pto.ptr<f16, gm>`.
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        OptionalParameter<"::mlir::StringAttr">:$space);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), elementType, ::mlir::StringAttr());
    }]>];
  let extraClassDeclaration = [{
    /// No memory space, or `gm`.
    bool isGM() const { return !getSpace() || getSpace().getValue() == "gm"; }
    /// The memory space as PTOAS 0.60 reads it (no space: gm; `l1` is
    /// mat, `l0a` left, `l0b` right, `l0c` acc, `ub` vec, `bt` bias, `fb`
    /// scaling).
    ::ptonz::pto::AddressSpace getAddressSpace() const;
  }];
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

// The scalar element types PTOAS 0.60 adds (A5 low-precision formats). Their
// storage size is what PTOAS's DataLayoutTypeInterface gives: a packed pair
// (x2) of 4-bit values is one byte, and a tile_buf shape counts pairs. The
// one-byte ones are memref elements too (PTOAS 0.60 declares
// MemRefElementTypeInterface on hif8, f8E8M0 and the FP4 pairs, not on
// hif8x2 / bf16x2).
// `values`: how many values one element packs (2 for the x2 pairs).
class PTO_ScalarType<string name, string typeMnemonic, int storageBits, int values,
                     string what, list<Trait> traits = []>
    : PTO_Type<name, typeMnemonic, traits> {
  let summary = what;
  let extraClassDeclaration =
      !strconcat("static constexpr unsigned kStorageBits = ", !cast<string>(storageBits),
                 ";\n  static constexpr unsigned kValueBits = ",
                 !cast<string>(!div(storageBits, values)), ";");
}
def PTO_HiF8Type : PTO_ScalarType<"HiF8", "hif8", 8, 1, "A5 HiFloat8 (hifloat8_t, 1 byte)",
                                  [MemRefElementTypeInterface]>;
def PTO_F8E8M0Type : PTO_ScalarType<"F8E8M0", "f8E8M0", 8, 1,
                                    "A5 MX scale (float8_e8m0_t, 1 byte)",
                                    [MemRefElementTypeInterface]>;
def PTO_HiF8x2Type : PTO_ScalarType<"HiF8x2", "hif8x2", 16, 2,
                                    "a packed pair of HiFloat8 (hifloat8x2_t, 2 bytes)">;
def PTO_F4E1M2x2Type : PTO_ScalarType<"F4E1M2x2", "f4E1M2x2", 8, 2,
                                      "a packed pair of FP4 E1M2 (float4_e1m2x2_t, 1 byte)",
                                      [MemRefElementTypeInterface]>;
def PTO_F4E2M1x2Type : PTO_ScalarType<"F4E2M1x2", "f4E2M1x2", 8, 2,
                                      "a packed pair of FP4 E2M1 (float4_e2m1x2_t, 1 byte)",
                                      [MemRefElementTypeInterface]>;
def PTO_BF16x2Type : PTO_ScalarType<"BF16x2", "bf16x2", 32, 2,
                                    "a packed pair of bf16 (bf16x2_t, 4 bytes)">;

#endif // PTONZ_PTO_TYPES
