//===- PTOTypes.cpp - `pto` types: PTOAS syntax and verifiers -------------===//

#include "ptonz/Common.h"
#include "ptonz/PTOBase.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ptonz::pto;

#define GET_TYPEDEF_CLASSES
#include "ptonz/PTOTypes.cpp.inc"

void PTODialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ptonz/PTOTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// !pto.ptr<T>
//===----------------------------------------------------------------------===//

/// The memory spaces PTOAS 0.60 parses in `!pto.ptr<T, space>`.
static bool isPtrSpaceKeyword(StringRef s) {
  static constexpr llvm::StringLiteral kSpaces[] = {
      "gm",  "ub",  "mat", "l1",   "left", "l0a",     "right", "l0b",
      "acc", "l0c", "vec", "bias", "bt",   "scaling", "fb"};
  return llvm::is_contained(kSpaces, s);
}

Type PtrType::parse(AsmParser &p) {
  Type elem;
  if (p.parseLess() || p.parseType(elem))
    return {};
  StringAttr space;
  if (succeeded(p.parseOptionalComma())) {
    SMLoc at = p.getCurrentLocation();
    StringRef keyword;
    if (p.parseKeyword(&keyword))
      return {};
    if (!isPtrSpaceKeyword(keyword)) {
      p.emitError(
          at,
          "!pto.ptr memory space must be one of "
          "`gm|ub|mat|l1|left|l0a|right|l0b|acc|l0c|vec|bias|bt|scaling|fb` "
          "(PTOAS 0.60), got '")
          << keyword << "'";
      return {};
    }
    space = StringAttr::get(p.getContext(), keyword);
  }
  if (p.parseGreater())
    return {};
  return PtrType::get(p.getContext(), elem, space);
}

AddressSpace PtrType::getAddressSpace() const {
  if (!getSpace())
    return AddressSpace::gm;
  return llvm::StringSwitch<AddressSpace>(getSpace().getValue())
      .Cases("mat", "l1", AddressSpace::mat)
      .Cases("left", "l0a", AddressSpace::left)
      .Cases("right", "l0b", AddressSpace::right)
      .Cases("acc", "l0c", AddressSpace::acc)
      .Cases("vec", "ub", AddressSpace::vec)
      .Cases("bias", "bt", AddressSpace::bias)
      .Cases("scaling", "fb", AddressSpace::scaling)
      .Default(AddressSpace::gm);
}

void PtrType::print(AsmPrinter &p) const {
  p << '<' << getElementType();
  if (getSpace())
    p << ", " << getSpace().getValue();
  p << '>';
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

bool ptonz::pto::isElementType(Type t) { return elementBits(t) != 0; }

bool ptonz::pto::isMXScaleElement(Type t) {
  return isa<F8E8M0Type, Float8E8M0FNUType>(t);
}

/// `bitsOf(s)` of PTOAS 0.60's scalar type `t` (each has kStorageBits and
/// kValueBits), or nullopt for any other type.
template <typename BitsOf>
static std::optional<unsigned> scalarTypeBits(Type t, BitsOf bitsOf) {
  return llvm::TypeSwitch<Type, std::optional<unsigned>>(t)
      .Case<HiF8Type, F8E8M0Type, HiF8x2Type, F4E1M2x2Type, F4E2M1x2Type,
            BF16x2Type>([&](auto s) { return bitsOf(s); })
      .Default([](Type) { return std::nullopt; });
}

unsigned ptonz::pto::elementBits(Type t) {
  // An integer first: a type-ID test, where FloatType (an interface) is a
  // lookup, which getIntOrFloatBitWidth would repeat.
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth();
  if (auto f = dyn_cast<FloatType>(t))
    return f.getWidth();
  return scalarTypeBits(t, [](auto s) { return decltype(s)::kStorageBits; })
      .value_or(0);
}

bool ptonz::pto::isPTOScalarType(Type t) {
  return scalarTypeBits(t, [](auto) { return 0u; }).has_value();
}

bool ptonz::pto::isFP4Pair(Type t) {
  return isa<F4E1M2x2Type, F4E2M1x2Type>(t);
}

unsigned ptonz::pto::elementValueBits(Type t) {
  if (auto bits =
          scalarTypeBits(t, [](auto s) { return decltype(s)::kValueBits; }))
    return *bits;
  return elementBits(t);
}

//===----------------------------------------------------------------------===//
// The dialect's type syntax: ptonz's types, and the 0.60 vector-register
// types passed through verbatim
//===----------------------------------------------------------------------===//

/// Type mnemonics of PTOAS 0.60 that ptonz does not model: they parse as
/// MLIR opaque types of the `pto` dialect and print back as written
/// (`!pto.local_array<...>`, `!pto.multi_tile_buf<...>`, ...). The
/// vector-register types (PTOVmiTypes.td, PTOVptoTypes.td) and
/// `!pto.struct` (PTOStructTypes.td) are ptonz's own.
static bool isPassThroughTypeMnemonic(StringRef m) {
  static constexpr llvm::StringLiteral kMnemonics[] = {
      "multi_tile_buf", "local_array", "prefetch_async_context"};
  return llvm::is_contained(kMnemonics, m);
}

bool ptonz::pto::isPassThroughType(Type type, StringRef mnemonic) {
  auto opaque = dyn_cast<OpaqueType>(type);
  if (!opaque ||
      opaque.getDialectNamespace() != PTODialect::getDialectNamespace())
    return false;
  StringRef data = opaque.getTypeData();
  return data.consume_front(mnemonic) && (data.empty() || data.front() == '<');
}

std::optional<MultiTileBuf> ptonz::pto::multiTileBufOf(Type type) {
  if (!isPassThroughType(type, "multi_tile_buf"))
    return std::nullopt;
  StringRef body = cast<OpaqueType>(type).getTypeData();
  if (!body.consume_front("multi_tile_buf") || !body.consume_front("<") ||
      !body.consume_back(">"))
    return std::nullopt;
  // `SLOT, count = N`: the count is the last field.
  auto [slotText, countField] = body.rsplit(',');
  countField = countField.trim();
  int64_t count;
  if (!countField.consume_front("count"))
    return std::nullopt;
  countField = countField.ltrim();
  if (!countField.consume_front("=") ||
      countField.trim().getAsInteger(10, count))
    return std::nullopt;
  slotText = slotText.trim();
  std::string slotType = slotText.starts_with("!")
                             ? slotText.str()
                             : ("!pto.tile_buf<" + slotText + ">").str();
  MLIRContext *ctx = type.getContext();
  TileBufType slot;
  {
    // A slot that is no tile_buf is left to PTOAS (no diagnostic here).
    ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
    size_t read = 0;
    slot =
        dyn_cast_if_present<TileBufType>(mlir::parseType(slotType, ctx, &read));
    if (read != slotType.size())
      slot = {};
  }
  return MultiTileBuf{slot, count};
}

Type PTODialect::parseType(DialectAsmParser &parser) const {
  return parsedTypes.parse(
      parser, generatedTypeParser,
      [this](DialectAsmParser &p, SMLoc at, StringRef mnemonic) -> Type {
        if (!isPassThroughTypeMnemonic(mnemonic)) {
          p.emitError(at) << "unknown pto type '" << mnemonic
                          << "' (neither a type of ptonz nor one of PTOAS "
                             "0.60)";
          return {};
        }
        Type type =
            OpaqueType::get(StringAttr::get(getContext(), getNamespace()),
                            p.getFullSymbolSpec());
        // MultiTileBufType::verify (PTOAS 0.60): 2 to 16 slots.
        if (auto multi = multiTileBufOf(type);
            multi && (multi->count < 2 || multi->count > 16)) {
          p.emitError(at) << "multi_tile_buf count must be "
                          << (multi->count < 2 ? ">= 2" : "<= 16") << " (got "
                          << multi->count
                          << "): a multi-buffer has 2 to 16 slots (use "
                             "pto.alloc_tile for a single one)";
          return {};
        }
        return type;
      });
}

void PTODialect::printType(Type type, DialectAsmPrinter &p) const {
  (void)generatedTypePrinter(type, p);
}

//===----------------------------------------------------------------------===//
// !pto.tensor_view<...> / !pto.partition_tensor_view<...> / !pto.tile<...>
//===----------------------------------------------------------------------===//

static LogicalResult parseShapeAndElement(AsmParser &p,
                                          SmallVectorImpl<int64_t> &shape,
                                          Type &elem) {
  return failure(p.parseLess() ||
                 p.parseDimensionList(shape, /*allowDynamic=*/true) ||
                 p.parseType(elem));
}

static LogicalResult parseViewBody(AsmParser &p,
                                   SmallVectorImpl<int64_t> &shape, Type &elem,
                                   Attribute &layout) {
  if (failed(parseShapeAndElement(p, shape, elem)))
    return failure();
  if (succeeded(p.parseOptionalComma()) && p.parseAttribute(layout))
    return failure();
  return p.parseGreater();
}

static void printViewBody(AsmPrinter &p, ArrayRef<int64_t> shape, Type elem,
                          Attribute layout) {
  p << '<';
  ptonz::printShape(p.getStream(), shape);
  p << elem;
  if (layout)
    p << ", " << layout;
  p << '>';
}

static LogicalResult verifyView(function_ref<InFlightDiagnostic()> emitError,
                                StringRef what, ArrayRef<int64_t> shape,
                                Type elem, Attribute layout) {
  if (!isElementType(elem))
    return emitError() << what
                       << " element type must be an integer or float type, got "
                       << elem;
  for (int64_t d : shape)
    if (d != ShapedType::kDynamic && d < 0)
      return emitError() << what << " dimensions must be non-negative or '?'";
  if (layout && !isa<LayoutAttr>(layout))
    return emitError() << what << " layout must be a #pto.layout<...>, got "
                       << layout;
  return success();
}

Type TensorViewType::parse(AsmParser &p) {
  SmallVector<int64_t> shape;
  Type elem;
  Attribute layout;
  if (failed(parseViewBody(p, shape, elem, layout)))
    return {};
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(),
                    shape, elem, layout);
}
void TensorViewType::print(AsmPrinter &p) const {
  printViewBody(p, getShape(), getElementType(), getLayout());
}
LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elem, Attribute layout) {
  return verifyView(emitError, "tensor_view", shape, elem, layout);
}

Type PartitionTensorViewType::parse(AsmParser &p) {
  SmallVector<int64_t> shape;
  Type elem;
  Attribute layout;
  if (failed(parseViewBody(p, shape, elem, layout)))
    return {};
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(),
                    shape, elem, layout);
}
void PartitionTensorViewType::print(AsmPrinter &p) const {
  printViewBody(p, getShape(), getElementType(), getLayout());
}
LogicalResult
PartitionTensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> shape, Type elem,
                                Attribute layout) {
  return verifyView(emitError, "partition_tensor_view", shape, elem, layout);
}

Type TileType::parse(AsmParser &p) {
  SmallVector<int64_t> shape;
  Type elem;
  if (failed(parseShapeAndElement(p, shape, elem)) || p.parseGreater())
    return {};
  return TileType::get(p.getContext(), shape, elem);
}
void TileType::print(AsmPrinter &p) const {
  printViewBody(p, getShape(), getElementType(), {});
}

//===----------------------------------------------------------------------===//
// !pto.tile_buf<...>
//   compact: <mat, 256x512xi8[, valid=RxC][, blayout=..][, slayout=..][,
//   fractal=N]
//             [, pad=N][, compact=N]>          (any order after the shape)
//   keyed:   <loc=mat, dtype=i8, rows=256, cols=512, v_row=.., v_col=..,
//             blayout=.., slayout=.., fractal=N, pad=N[, compact=N]>
//            (PTOAS's fixed order, every key but compact required)
//===----------------------------------------------------------------------===//

namespace {
struct TileBufFields {
  AddressSpace loc = AddressSpace::vec;
  Type elem;
  int64_t rows = 0, cols = 0, validRow = 0, validCol = 0, fractal = 512,
          pad = 0, compact = 0;
  BLayout blayout = BLayout::row_major;
  SLayout slayout = SLayout::none_box;
};
} // namespace

static ParseResult parseLoc(AsmParser &p, AddressSpace &loc) {
  std::string kw;
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeywordOrString(&kw))
    return failure();
  auto v = symbolizeAddressSpace(kw);
  if (!v || *v == AddressSpace::gm || *v == AddressSpace::zero)
    return p.emitError(at, "unknown loc: ")
           << kw
           << " (expected mat, left, right, acc, vec, "
              "bias or scaling)";
  loc = *v;
  return success();
}

/// `?`, -1 (dynamic) or a non-negative integer.
static ParseResult parseValidDim(AsmParser &p, StringRef key, int64_t &out) {
  if (succeeded(p.parseOptionalQuestion())) {
    out = ShapedType::kDynamic;
    return success();
  }
  SMLoc at = p.getCurrentLocation();
  if (p.parseInteger(out))
    return failure();
  if (out < -1)
    return p.emitError(at) << key
                           << " must be '?', -1, or a non-negative integer";
  if (out == -1)
    out = ShapedType::kDynamic;
  return success();
}

static ParseResult parseLayoutValue(AsmParser &p, StringRef key,
                                    TileBufFields &f) {
  std::string kw;
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeywordOrString(&kw))
    return failure();
  if (key == "blayout") {
    auto v = symbolizeBLayout(kw);
    if (!v)
      return p.emitError(at, "unknown blayout: ")
             << kw << " (expected row_major or col_major)";
    f.blayout = *v;
  } else {
    auto v = symbolizeSLayout(kw);
    if (!v)
      return p.emitError(at, "unknown slayout: ")
             << kw << " (expected none_box, row_major or col_major)";
    f.slayout = *v;
  }
  return success();
}

static ParseResult parseKey(AsmParser &p, StringRef key) {
  return failure(p.parseKeyword(key) || p.parseEqual());
}

/// The keyed form after `loc=`, in PTOAS's order.
static ParseResult parseKeyedTileBuf(AsmParser &p, TileBufFields &f) {
  if (parseLoc(p, f.loc) || p.parseComma() || parseKey(p, "dtype") ||
      p.parseType(f.elem) || p.parseComma() || parseKey(p, "rows") ||
      p.parseInteger(f.rows) || p.parseComma() || parseKey(p, "cols") ||
      p.parseInteger(f.cols) || p.parseComma() || parseKey(p, "v_row") ||
      parseValidDim(p, "v_row", f.validRow) || p.parseComma() ||
      parseKey(p, "v_col") || parseValidDim(p, "v_col", f.validCol) ||
      p.parseComma() || parseKey(p, "blayout") ||
      parseLayoutValue(p, "blayout", f) || p.parseComma() ||
      parseKey(p, "slayout") || parseLayoutValue(p, "slayout", f) ||
      p.parseComma() || parseKey(p, "fractal") || p.parseInteger(f.fractal) ||
      p.parseComma() || parseKey(p, "pad") || p.parseInteger(f.pad))
    return failure();
  if (succeeded(p.parseOptionalComma()) &&
      (parseKey(p, "compact") || p.parseInteger(f.compact)))
    return failure();
  return success();
}

static ParseResult parseCompactTileBuf(AsmParser &p, TileBufFields &f) {
  SmallVector<int64_t> dims;
  SMLoc at = p.getCurrentLocation();
  if (p.parseComma() || p.parseDimensionList(dims, /*allowDynamic=*/false) ||
      p.parseType(f.elem))
    return failure();
  if (dims.size() != 2)
    return p.emitError(
        at, "tile_buf compact syntax expects exactly two shape dims");
  f.rows = f.validRow = dims[0];
  f.cols = f.validCol = dims[1];
  llvm::SmallVector<StringRef, 6> seen;
  while (succeeded(p.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = p.getCurrentLocation();
    if (p.parseKeyword(&key) || p.parseEqual())
      return failure();
    if (llvm::is_contained(seen, key))
      return p.emitError(keyLoc, "duplicate ")
             << key << " in tile_buf compact syntax";
    seen.push_back(key);
    if (key == "valid") {
      SmallVector<int64_t> valid;
      SMLoc vat = p.getCurrentLocation();
      if (p.parseDimensionList(valid, /*allowDynamic=*/true,
                               /*withTrailingX=*/false))
        return failure();
      if (valid.size() != 2)
        return p.emitError(vat, "tile_buf valid must have exactly two dims");
      f.validRow = valid[0];
      f.validCol = valid[1];
    } else if (key == "blayout" || key == "slayout") {
      if (parseLayoutValue(p, key, f))
        return failure();
    } else if (key == "fractal") {
      if (p.parseInteger(f.fractal))
        return failure();
    } else if (key == "pad") {
      if (p.parseInteger(f.pad))
        return failure();
    } else if (key == "compact") {
      if (p.parseInteger(f.compact))
        return failure();
    } else {
      return p.emitError(keyLoc, "unknown key in tile_buf compact syntax: ")
             << key
             << " (expected valid, blayout, slayout, fractal, pad or compact)";
    }
  }
  return success();
}

Type TileBufType::parse(AsmParser &p) {
  TileBufFields f;
  SMLoc start = p.getCurrentLocation();
  if (p.parseLess())
    return {};
  std::string first;
  SMLoc firstLoc = p.getCurrentLocation();
  if (p.parseKeywordOrString(&first))
    return {};
  if (first == "loc") {
    if (p.parseEqual() || parseKeyedTileBuf(p, f))
      return {};
  } else {
    auto v = symbolizeAddressSpace(first);
    if (!v || *v == AddressSpace::gm || *v == AddressSpace::zero) {
      p.emitError(firstLoc, "unknown loc: ")
          << first << " (expected mat, left, right, acc, vec, bias or scaling)";
      return {};
    }
    f.loc = *v;
    if (parseCompactTileBuf(p, f))
      return {};
  }
  if (p.parseGreater())
    return {};
  return getChecked([&] { return p.emitError(start); }, p.getContext(), f.loc,
                    f.elem, f.rows, f.cols, f.validRow, f.validCol, f.blayout,
                    f.slayout, f.fractal, f.pad, f.compact);
}

static void printDim(AsmPrinter &p, int64_t d) {
  if (d == ShapedType::kDynamic)
    p << '?';
  else
    p << d;
}

void TileBufType::print(AsmPrinter &p) const {
  // (The type's own dialect: a context lookup by name costs a hash per type.)
  if (static_cast<const PTODialect &>(getDialect()).printsKeyedTileBuf()) {
    // PTOAS < 0.25 reads only this form, every key present, in this order.
    p << "<loc=" << stringifyAddressSpace(getLoc())
      << ", dtype=" << getElementType() << ", rows=" << getRows()
      << ", cols=" << getCols() << ", v_row=";
    printDim(p, getValidRow());
    p << ", v_col=";
    printDim(p, getValidCol());
    p << ", blayout=" << stringifyBLayout(getBlayout())
      << ", slayout=" << stringifySLayout(getSlayout())
      << ", fractal=" << getFractal() << ", pad=" << getPad();
    if (getCompact() != 0)
      p << ", compact=" << getCompact();
    p << '>';
    return;
  }
  // Compact form, fields at their default omitted (PTOAS's printer).
  p << '<' << stringifyAddressSpace(getLoc()) << ", " << getRows() << 'x'
    << getCols() << 'x' << getElementType();
  if (getValidRow() != getRows() || getValidCol() != getCols()) {
    p << ", valid=";
    printDim(p, getValidRow());
    p << 'x';
    printDim(p, getValidCol());
  }
  if (getBlayout() != BLayout::row_major)
    p << ", blayout=" << stringifyBLayout(getBlayout());
  if (getSlayout() != SLayout::none_box)
    p << ", slayout=" << stringifySLayout(getSlayout());
  if (getFractal() != 512)
    p << ", fractal=" << getFractal();
  if (getPad() != 0)
    p << ", pad=" << getPad();
  if (getCompact() != 0)
    p << ", compact=" << getCompact();
  p << '>';
}

LogicalResult TileBufType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  AddressSpace loc, Type elem, int64_t rows,
                                  int64_t cols, int64_t validRow,
                                  int64_t validCol, BLayout, SLayout,
                                  int64_t fractal, int64_t pad,
                                  int64_t compact) {
  if (loc == AddressSpace::gm || loc == AddressSpace::zero)
    return emitError() << "tile_buf loc must be an on-chip memory, not "
                       << stringifyAddressSpace(loc);
  if (!isElementType(elem))
    return emitError()
           << "tile_buf dtype must be an integer or float type, got " << elem;
  if (rows <= 0 || cols <= 0)
    return emitError() << "tile_buf rows/cols must be positive";
  if (validRow != ShapedType::kDynamic && (validRow < 0 || validRow > rows))
    return emitError() << "tile_buf valid_row (" << validRow
                       << ") exceeds row (" << rows << ")";
  if (validCol != ShapedType::kDynamic && (validCol < 0 || validCol > cols))
    return emitError() << "tile_buf valid_col (" << validCol
                       << ") exceeds col (" << cols << ")";
  // PTOAS 0.60 dropped s_fractal_size 16 (0.27's scaling tiles use it).
  bool fractal16 = !ptoasAtLeast(elem.getContext(), 0, 60);
  if (fractal != 32 && fractal != 512 && fractal != 1024 &&
      !(fractal16 && fractal == 16))
    return emitError() << "unsupported s_fractal_size: " << fractal
                       << ", must be one of {" << (fractal16 ? "16, " : "")
                       << "32, 512, 1024}";
  if (pad < 0 || pad > 3)
    return emitError() << "unknown pad: " << pad
                       << " (0=null, 1=zero, 2=max, 3=min)";
  if (compact < 0 || compact > 2)
    return emitError() << "unknown compact: " << compact
                       << " (0=null, 1=normal, 2=row_plus_one)";
  return success();
}
