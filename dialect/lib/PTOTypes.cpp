//===- PTOTypes.cpp - `pto` types: PTOAS syntax and verifiers -------------===//

#include "ptonz/Common.h"
#include "ptonz/PTO.h"

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
// !pto.ptr<T[, space]>
//===----------------------------------------------------------------------===//

StringRef ptonz::pto::ptrSpaceName(AddressSpace space) {
  switch (space) {
  case AddressSpace::zero:
  case AddressSpace::gm:
    return "gm";
  case AddressSpace::mat:
    return "l1";
  case AddressSpace::left:
    return "l0a";
  case AddressSpace::right:
    return "l0b";
  case AddressSpace::acc:
    return "l0c";
  case AddressSpace::vec:
    return "ub";
  case AddressSpace::bias:
    return "bt";
  case AddressSpace::scaling:
    return "fb";
  }
  return "gm";
}

Type PtrType::parse(AsmParser &p) {
  Type elem;
  AddressSpace space = AddressSpace::gm;
  if (p.parseLess() || p.parseType(elem))
    return {};
  if (succeeded(p.parseOptionalComma())) {
    StringRef kw;
    SMLoc loc = p.getCurrentLocation();
    if (p.parseKeyword(&kw))
      return {};
    auto parsed = llvm::StringSwitch<std::optional<AddressSpace>>(kw)
                      .Case("gm", AddressSpace::gm)
                      .Cases("ub", "vec", AddressSpace::vec)
                      .Cases("l1", "mat", AddressSpace::mat)
                      .Cases("l0a", "left", AddressSpace::left)
                      .Cases("l0b", "right", AddressSpace::right)
                      .Cases("l0c", "acc", AddressSpace::acc)
                      .Cases("bt", "bias", AddressSpace::bias)
                      .Cases("fb", "scaling", AddressSpace::scaling)
                      .Default(std::nullopt);
    if (!parsed) {
      p.emitError(loc, "!pto.ptr address space must be one of "
                       "`gm|ub|mat|l1|left|l0a|right|l0b|acc|l0c|vec|bias|bt|scaling|fb`");
      return {};
    }
    space = *parsed;
  }
  if (p.parseGreater())
    return {};
  return PtrType::get(p.getContext(), elem, space);
}

// The GM default is elided: `!pto.ptr<f16>` parses in every PTOAS version.
void PtrType::print(AsmPrinter &p) const {
  p << '<' << getElementType();
  if (getMemorySpace() != AddressSpace::gm && getMemorySpace() != AddressSpace::zero)
    p << ", " << ptrSpaceName(getMemorySpace());
  p << '>';
}

//===----------------------------------------------------------------------===//
// !pto.tensor_view<...> / !pto.partition_tensor_view<...>
//===----------------------------------------------------------------------===//

static LogicalResult parseViewBody(AsmParser &p, SmallVectorImpl<int64_t> &shape, Type &elem,
                                   Attribute &layout) {
  if (p.parseLess() || p.parseDimensionList(shape, /*allowDynamic=*/true) || p.parseType(elem))
    return failure();
  if (succeeded(p.parseOptionalComma()) && p.parseAttribute(layout))
    return failure();
  return p.parseGreater();
}

static void printViewBody(AsmPrinter &p, ArrayRef<int64_t> shape, Type elem, Attribute layout) {
  p << '<';
  ptonz::printShape(p.getStream(), shape);
  p << elem;
  if (layout)
    p << ", " << layout;
  p << '>';
}

static LogicalResult verifyView(function_ref<InFlightDiagnostic()> emitError, StringRef what,
                                ArrayRef<int64_t> shape, Type elem, Attribute layout) {
  if (!ptonz::isScalarElementType(elem))
    return emitError() << what << " element type must be an integer or float type, got " << elem;
  for (int64_t d : shape)
    if (d != ShapedType::kDynamic && d < 0)
      return emitError() << what << " dimensions must be non-negative or '?'";
  if (layout && !isa<LayoutAttr>(layout))
    return emitError() << what << " layout must be a #pto.layout<...>, got " << layout;
  return success();
}

Type TensorViewType::parse(AsmParser &p) {
  SmallVector<int64_t> shape;
  Type elem;
  Attribute layout;
  if (failed(parseViewBody(p, shape, elem, layout)))
    return {};
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(), shape, elem,
                    layout);
}
void TensorViewType::print(AsmPrinter &p) const {
  printViewBody(p, getShape(), getElementType(), getLayout());
}
LogicalResult TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                                     ArrayRef<int64_t> shape, Type elem, Attribute layout) {
  return verifyView(emitError, "tensor_view", shape, elem, layout);
}

Type PartitionTensorViewType::parse(AsmParser &p) {
  SmallVector<int64_t> shape;
  Type elem;
  Attribute layout;
  if (failed(parseViewBody(p, shape, elem, layout)))
    return {};
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(), shape, elem,
                    layout);
}
void PartitionTensorViewType::print(AsmPrinter &p) const {
  printViewBody(p, getShape(), getElementType(), getLayout());
}
LogicalResult PartitionTensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                                              ArrayRef<int64_t> shape, Type elem,
                                              Attribute layout) {
  return verifyView(emitError, "partition_tensor_view", shape, elem, layout);
}

//===----------------------------------------------------------------------===//
// !pto.tile_buf<...>: compact `<mat, 256x512xi8, key=value...>` and legacy
// keyed `<loc=mat, dtype=i8, rows=256, cols=512, v_row=.., ...>`.
//===----------------------------------------------------------------------===//

namespace {
struct TileBufFields {
  std::optional<AddressSpace> loc;
  Type elem;
  std::optional<int64_t> rows, cols, validRow, validCol, fractal, pad, compact;
  std::optional<BLayout> blayout;
  std::optional<SLayout> slayout;
};
} // namespace

static ParseResult parseLocKeyword(AsmParser &p, std::optional<AddressSpace> &loc) {
  StringRef kw;
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeyword(&kw))
    return failure();
  auto v = symbolizeAddressSpace(kw);
  if (!v || *v == AddressSpace::gm || *v == AddressSpace::zero)
    return p.emitError(at, "unknown loc: ") << kw << " (expected mat, left, right, acc, vec, "
                                                   "bias or scaling)";
  loc = *v;
  return success();
}

/// `?`, -1 (dynamic) or a non-negative integer.
static ParseResult parseValidDim(AsmParser &p, StringRef key, std::optional<int64_t> &out) {
  if (succeeded(p.parseOptionalQuestion())) {
    out = ShapedType::kDynamic;
    return success();
  }
  int64_t v;
  SMLoc at = p.getCurrentLocation();
  if (p.parseInteger(v))
    return failure();
  if (v < -1)
    return p.emitError(at) << key << " must be '?', -1, or a non-negative integer";
  out = v == -1 ? ShapedType::kDynamic : v;
  return success();
}

/// One `key=value` config field shared by both forms.
static ParseResult parseTileBufField(AsmParser &p, StringRef key, SMLoc keyLoc,
                                     TileBufFields &f, bool keyedForm) {
  auto dup = [&](bool present) -> ParseResult {
    if (present)
      return p.emitError(keyLoc, "duplicate ") << key << " in tile_buf type";
    return success();
  };
  auto parseInt = [&](std::optional<int64_t> &dst) -> ParseResult {
    if (dup(dst.has_value()))
      return failure();
    int64_t v;
    if (p.parseInteger(v))
      return failure();
    dst = v;
    return success();
  };
  if (key == "blayout" || key == "slayout") {
    if (dup(key == "blayout" ? f.blayout.has_value() : f.slayout.has_value()))
      return failure();
    StringRef kw;
    SMLoc at = p.getCurrentLocation();
    if (p.parseKeyword(&kw))
      return failure();
    if (key == "blayout") {
      f.blayout = symbolizeBLayout(kw);
      if (!f.blayout)
        return p.emitError(at, "unknown blayout: ") << kw << " (expected row_major or col_major)";
    } else {
      f.slayout = symbolizeSLayout(kw);
      if (!f.slayout)
        return p.emitError(at, "unknown slayout: ")
               << kw << " (expected none_box, row_major or col_major)";
    }
    return success();
  }
  if (key == "fractal")
    return parseInt(f.fractal);
  if (key == "pad")
    return parseInt(f.pad);
  if (key == "compact")
    return parseInt(f.compact);
  if (key == "valid") {
    if (dup(f.validRow.has_value()))
      return failure();
    SmallVector<int64_t> dims;
    SMLoc at = p.getCurrentLocation();
    if (p.parseDimensionList(dims, /*allowDynamic=*/true, /*withTrailingX=*/false))
      return failure();
    if (dims.size() != 2)
      return p.emitError(at, "tile_buf valid must have exactly two dims");
    f.validRow = dims[0];
    f.validCol = dims[1];
    return success();
  }
  if (keyedForm) {
    if (key == "dtype") {
      if (dup(bool(f.elem)))
        return failure();
      return p.parseType(f.elem);
    }
    if (key == "rows")
      return parseInt(f.rows);
    if (key == "cols")
      return parseInt(f.cols);
    if (key == "v_row")
      return failure(failed(dup(f.validRow.has_value())) ||
                     failed(parseValidDim(p, key, f.validRow)));
    if (key == "v_col")
      return failure(failed(dup(f.validCol.has_value())) ||
                     failed(parseValidDim(p, key, f.validCol)));
    if (key == "loc") {
      if (dup(f.loc.has_value()))
        return failure();
      return parseLocKeyword(p, f.loc);
    }
  }
  return p.emitError(keyLoc, "unknown key in tile_buf type: ") << key;
}

Type TileBufType::parse(AsmParser &p) {
  TileBufFields f;
  SMLoc start = p.getCurrentLocation();
  if (p.parseLess())
    return {};
  StringRef first;
  SMLoc firstLoc = p.getCurrentLocation();
  if (p.parseKeyword(&first))
    return {};
  bool keyed = first == "loc" && succeeded(p.parseOptionalEqual());
  if (keyed) {
    // Legacy keyed form: loc=..., then key=value fields (any order).
    if (parseLocKeyword(p, f.loc))
      return {};
  } else {
    auto v = symbolizeAddressSpace(first);
    if (!v || *v == AddressSpace::gm || *v == AddressSpace::zero) {
      p.emitError(firstLoc, "unknown loc: ")
          << first << " (expected mat, left, right, acc, vec, bias or scaling)";
      return {};
    }
    f.loc = *v;
    SmallVector<int64_t> dims;
    SMLoc at = p.getCurrentLocation();
    if (p.parseComma() || p.parseDimensionList(dims, /*allowDynamic=*/false) ||
        p.parseType(f.elem))
      return {};
    if (dims.size() != 2) {
      p.emitError(at, "tile_buf compact syntax expects exactly two shape dims");
      return {};
    }
    f.rows = dims[0];
    f.cols = dims[1];
  }
  while (succeeded(p.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = p.getCurrentLocation();
    if (p.parseKeyword(&key) || p.parseEqual() || parseTileBufField(p, key, keyLoc, f, keyed))
      return {};
  }
  if (p.parseGreater())
    return {};
  if (!f.elem) {
    p.emitError(start, "missing dtype in tile_buf type");
    return {};
  }
  if (!f.rows || !f.cols) {
    p.emitError(start, "missing rows/cols in tile_buf type");
    return {};
  }
  return getChecked([&] { return p.emitError(start); }, p.getContext(), *f.loc, f.elem, *f.rows,
                    *f.cols, f.validRow.value_or(*f.rows), f.validCol.value_or(*f.cols),
                    f.blayout.value_or(BLayout::row_major), f.slayout.value_or(SLayout::none_box),
                    f.fractal.value_or(512), f.pad.value_or(0), f.compact.value_or(0));
}

// Compact form, fields at their default omitted (PTOAS's printer).
void TileBufType::print(AsmPrinter &p) const {
  auto dim = [](int64_t d) { return d == ShapedType::kDynamic ? std::string("?") : std::to_string(d); };
  p << '<' << stringifyAddressSpace(getLoc()) << ", " << getRows() << 'x' << getCols() << 'x'
    << getElementType();
  if (getValidRow() != getRows() || getValidCol() != getCols())
    p << ", valid=" << dim(getValidRow()) << 'x' << dim(getValidCol());
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
                                  AddressSpace loc, Type elem, int64_t rows, int64_t cols,
                                  int64_t validRow, int64_t validCol, BLayout, SLayout,
                                  int64_t fractal, int64_t pad, int64_t compact) {
  if (loc == AddressSpace::gm || loc == AddressSpace::zero)
    return emitError() << "tile_buf loc must be an on-chip memory, not "
                       << stringifyAddressSpace(loc);
  if (!ptonz::isScalarElementType(elem))
    return emitError() << "tile_buf dtype must be an integer or float type, got " << elem;
  if (rows <= 0 || cols <= 0)
    return emitError() << "tile_buf rows/cols must be positive";
  if (validRow != ShapedType::kDynamic && (validRow < 0 || validRow > rows))
    return emitError() << "tile_buf valid_row (" << validRow << ") exceeds row (" << rows << ")";
  if (validCol != ShapedType::kDynamic && (validCol < 0 || validCol > cols))
    return emitError() << "tile_buf valid_col (" << validCol << ") exceeds col (" << cols << ")";
  if (fractal != 16 && fractal != 32 && fractal != 512 && fractal != 1024)
    return emitError() << "unsupported s_fractal_size: " << fractal
                       << ", must be one of {16, 32, 512, 1024}";
  if (pad < 0 || pad > 3)
    return emitError() << "unknown pad: " << pad << " (0=null, 1=zero, 2=max, 3=min)";
  if (compact < 0 || compact > 2)
    return emitError() << "unknown compact: " << compact
                       << " (0=null, 1=normal, 2=row_plus_one)";
  return success();
}
