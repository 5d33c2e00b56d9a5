//===- PLDialect.cpp - the `pl` dialect: types, attributes, verifiers -----===//

#include "ptonz/PL.h"
#include "ptonz/Common.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ptonz::pl;
namespace pl = ptonz::pl;

#include "ptonz/PLDialect.cpp.inc"
#include "ptonz/PLEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ptonz/PLAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ptonz/PLTypes.cpp.inc"

#define GET_OP_CLASSES
#include "ptonz/PLOps.cpp.inc"

void PLDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "ptonz/PLOps.cpp.inc"
      >();
}

void PLDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ptonz/PLTypes.cpp.inc"
      >();
}

Type PLDialect::parseType(DialectAsmParser &parser) const {
  return parsedTypes.parse(
      parser, generatedTypeParser,
      [this](DialectAsmParser &p, SMLoc at, StringRef mnemonic) -> Type {
        p.emitError(at) << "unknown type `" << mnemonic << "` in dialect `"
                        << getNamespace() << "`";
        return {};
      });
}

void PLDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

void PLDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ptonz/PLAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// !pl.tensor<32x2048x4096xi8, nz>
Type pl::TensorType::parse(AsmParser &p) {
  SmallVector<int64_t> shape;
  Type elem;
  Layout layout = Layout::nd;
  if (p.parseLess() || p.parseDimensionList(shape, /*allowDynamic=*/true) ||
      p.parseType(elem))
    return {};
  if (succeeded(p.parseOptionalComma())) {
    StringRef kw;
    SMLoc loc = p.getCurrentLocation();
    if (p.parseKeyword(&kw))
      return {};
    auto parsed = symbolizeLayout(kw);
    if (!parsed) {
      p.emitError(loc, "unknown pl tensor layout '")
          << kw << "' (expected nd, dn, nz, mx_a_zz or mx_b_nn)";
      return {};
    }
    layout = *parsed;
  }
  if (p.parseGreater())
    return {};
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(),
                    shape, elem, layout);
}

void pl::TensorType::print(AsmPrinter &p) const {
  p << '<';
  ptonz::printShape(p.getStream(), getShape());
  p << getElementType();
  if (getLayout() != Layout::nd)
    p << ", " << stringifyLayout(getLayout());
  p << '>';
}

LogicalResult
pl::TensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elem, Layout layout) {
  if (!ptonz::isScalarElementType(elem))
    return emitError()
           << "pl tensor element type must be an integer or float type, got "
           << elem;
  for (int64_t d : shape)
    if (d != ShapedType::kDynamic && d < 0)
      return emitError() << "pl tensor dimensions must be non-negative or '?'";
  if (layout == Layout::mx_a_zz || layout == Layout::mx_b_nn) {
    const char *name = layout == Layout::mx_a_zz ? "MX_A_ZZ" : "MX_B_NN";
    const char *form =
        layout == Layout::mx_a_zz ? "an A-side [M, G]" : "a B-side [G, N]";
    if (shape.size() != 2)
      return emitError()
             << name << " layout on a rank-" << shape.size()
             << " tensor: it is " << form
             << " microscaling scale tensor (rank 2); annotate it nd";
    if (!llvm::isa<Float8E8M0FNUType>(elem))
      return emitError()
             << name << " layout on element type " << elem << ": microscaling "
             << "scales are f8E8M0FNU (one byte each, 16x2 boxes of 32 bytes); "
                "annotate it nd";
    return success();
  }
  if (layout != Layout::nz)
    return success();
  if (shape.size() < 2)
    return emitError() << "NZ layout on a rank-" << shape.size()
                       << " tensor: the trailing two dimensions are the "
                          "fractal plane, so NZ "
                          "needs logical rank 2 or more ([R, C], [B, R, C], "
                          "[G, E, R, C], ...); "
                          "annotate it nd";
  unsigned bits = elem.getIntOrFloatBitWidth();
  if (bits < 8)
    return emitError()
           << "NZ layout on a sub-byte element type (" << elem
           << ") is outside ptonz's scope: sub-byte NZ is unsettled (PTOAS >= "
              "0.61 counts an FP4 NZ view in packed pairs, c0 = 32, pto-isa's "
              "A5 "
              "path in 4-bit elements, c0 = 64, until a measurement settles "
              "it); "
              "annotate the tensor nd";
  if (256 % bits != 0)
    return emitError() << "NZ layout needs an element bit width dividing 256 "
                          "(one 32-byte C0 "
                          "line), got "
                       << elem;
  return success();
}

// !pl.tile<256x512xi8, mat>
Type pl::TileType::parse(AsmParser &p) {
  SmallVector<int64_t> shape;
  Type elem;
  StringRef kw;
  if (p.parseLess() || p.parseDimensionList(shape, /*allowDynamic=*/false) ||
      p.parseType(elem) || p.parseComma())
    return {};
  SMLoc loc = p.getCurrentLocation();
  if (p.parseKeyword(&kw))
    return {};
  auto mem = symbolizeMemory(kw);
  if (!mem) {
    p.emitError(loc, "unknown pl tile memory '")
        << kw << "' (expected vec, mat, left, right, acc or bias)";
    return {};
  }
  if (p.parseGreater())
    return {};
  return getChecked([&] { return p.emitError(p.getNameLoc()); }, p.getContext(),
                    shape, elem, *mem);
}

void pl::TileType::print(AsmPrinter &p) const {
  p << '<';
  ptonz::printShape(p.getStream(), getShape());
  p << getElementType() << ", " << stringifyMemory(getMemory()) << '>';
}

LogicalResult pl::TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<int64_t> shape, Type elem, Memory) {
  if (!ptonz::isScalarElementType(elem))
    return emitError()
           << "pl tile element type must be an integer or float type, got "
           << elem;
  if (shape.empty() || shape.size() > 2)
    return emitError() << "pl tile must be rank 1 or 2, got rank "
                       << shape.size();
  for (int64_t d : shape)
    if (d <= 0)
      return emitError() << "pl tile dimensions must be static and positive";
  return success();
}

//===----------------------------------------------------------------------===//
// Op verifiers
//===----------------------------------------------------------------------===//

static std::string nzSliceHint() {
  return "slice an NZ tensor only with pl.tile.load into mat memory "
         "(pto-block-nz-views "
         "rewrites its offsets and sizes), or annotate the tensor nd";
}

/// Checks the offsets and sizes of a load of `sizes` at `offsets` from
/// `tensor` into `tile` (shared by tile.load and remote_load).
static LogicalResult verifyLoad(Operation *op, pl::TensorType tensor,
                                ValueRange offsets, ArrayRef<int64_t> sizes,
                                pl::TileType tile, Memory target) {
  int64_t rank = tensor.getRank();
  if ((int64_t)offsets.size() != rank)
    return op->emitOpError()
           << "has " << offsets.size() << " offsets for a rank-" << rank
           << " tensor; give one logical offset per dimension";
  if ((int64_t)sizes.size() != rank)
    return op->emitOpError() << "has " << sizes.size() << " sizes for a rank-"
                             << rank << " tensor; give one size per dimension";
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = tensor.getShape()[i];
    if (sizes[i] <= 0)
      return op->emitOpError() << "size " << sizes[i] << " of dimension " << i
                               << " must be positive";
    if (dim != ShapedType::kDynamic && sizes[i] > dim)
      return op->emitOpError()
             << "size " << sizes[i] << " of dimension " << i
             << " does not fit the tensor (dimension is " << dim << ")";
    if (std::optional<int64_t> c = ptonz::constantOf(offsets[i])) {
      int64_t off = *c;
      if (off < 0)
        return op->emitOpError()
               << "offset " << off << " of dimension " << i << " is negative";
      if (dim != ShapedType::kDynamic && off + sizes[i] > dim)
        return op->emitOpError()
               << "slice [" << off << ", " << off + sizes[i]
               << ") of dimension " << i << " does not fit the tensor "
               << "(dimension is " << dim << ")";
    }
  }
  if (tile.getElementType() != tensor.getElementType())
    return op->emitOpError()
           << "tile element type " << tile.getElementType()
           << " differs from the tensor's " << tensor.getElementType();
  if (tile.getMemory() != target)
    return op->emitOpError()
           << "result tile is in " << stringifyMemory(tile.getMemory())
           << " memory but target_memory is " << stringifyMemory(target);
  // The tile is the slice with its leading unit dimensions dropped.
  ArrayRef<int64_t> tshape = tile.getShape();
  bool ok = sizes.size() >= tshape.size();
  for (size_t i = 0; ok && i < sizes.size(); ++i) {
    size_t lead = sizes.size() - tshape.size();
    ok = i < lead ? sizes[i] == 1 : sizes[i] == tshape[i - lead];
  }
  if (!ok)
    return op->emitOpError()
           << "result tile shape does not match the slice sizes (the tile "
              "is the slice with its leading unit dimensions dropped)";
  return success();
}

LogicalResult TileLoadOp::verify() {
  size_t tileRank = getResult().getType().getShape().size();
  if (!getValidShape().empty() && getValidShape().size() != tileRank)
    return emitOpError() << "has " << getValidShape().size()
                         << " valid_shape values for a rank-" << tileRank
                         << " tile; give one per tile dimension (or none)";
  for (auto [i, v] : llvm::enumerate(getValidShape())) {
    std::optional<int64_t> c = ptonz::constantOf(v);
    if (!c)
      continue;
    int64_t valid = *c, dim = getResult().getType().getShape()[i];
    if (valid < 0 || valid > dim)
      return emitOpError() << "valid_shape[" << i << "] = " << valid
                           << " is outside the tile's dimension [0, " << dim
                           << "]";
  }
  return verifyLoad(*this, getTensor().getType(), getOffsets(), getSizes(),
                    getResult().getType(), getTargetMemory());
}

LogicalResult RemoteLoadOp::verify() {
  return verifyLoad(*this, getTensor().getType(), getOffsets(), getSizes(),
                    getResult().getType(), getTargetMemory());
}

LogicalResult TileStoreOp::verify() {
  pl::TensorType tensor = getTensor().getType();
  pl::TileType tile = getTile().getType();
  int64_t rank = tensor.getRank();
  if ((int64_t)getOffsets().size() != rank)
    return emitOpError() << "has " << getOffsets().size()
                         << " offsets for a rank-" << rank << " tensor";
  if (tile.getElementType() != tensor.getElementType())
    return emitOpError() << "tile element type " << tile.getElementType()
                         << " differs from the tensor's "
                         << tensor.getElementType();
  ArrayRef<int64_t> tshape = tile.getShape();
  if ((int64_t)tshape.size() > rank)
    return emitOpError() << "tile rank exceeds the tensor rank";
  // The tile covers the tensor's trailing dimensions (1 in the leading ones).
  int64_t lead = rank - (int64_t)tshape.size();
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = tensor.getShape()[i];
    int64_t size = i < lead ? 1 : tshape[i - lead];
    if (dim != ShapedType::kDynamic && size > dim)
      return emitOpError() << "tile dimension " << size
                           << " does not fit dimension " << i
                           << " of the tensor (" << dim << ")";
    std::optional<int64_t> c = ptonz::constantOf(getOffsets()[i]);
    if (!c)
      continue;
    int64_t off = *c;
    if (off < 0)
      return emitOpError() << "offset " << off << " of dimension " << i
                           << " is negative";
    if (dim != ShapedType::kDynamic && off + size > dim)
      return emitOpError() << "slice [" << off << ", " << off + size
                           << ") of dimension " << i
                           << " does not fit the tensor (dimension is " << dim
                           << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

/// The accumulator element type of a matmul of `operand` elements (the cube's
/// supported pairs), or null.
static Type accumulatorTypeFor(Type operand) {
  MLIRContext *ctx = operand.getContext();
  if (operand.isSignlessInteger(8))
    return IntegerType::get(ctx, 32);
  if (operand.isF16() || operand.isBF16() || operand.isF32())
    return Float32Type::get(ctx);
  return {};
}

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(shape, os, "x");
  return s;
}

/// Shapes, memories and element types of `result = [acc +] lhs x rhs[^T]`.
static LogicalResult verifyMatmul(Operation *op, pl::TileType lhs,
                                  pl::TileType rhs, bool bTrans,
                                  pl::TileType result) {
  auto checkOperand = [&](pl::TileType t, StringRef name) -> LogicalResult {
    if (t.getMemory() != Memory::mat)
      return op->emitOpError()
             << name << " is a " << stringifyMemory(t.getMemory())
             << " tile; matmul operands are mat tiles (load them with "
                "target_memory = #pl.memory<mat>; the lowering moves them "
                "to left/right)";
    if (t.getShape().size() != 2)
      return op->emitOpError() << name << " must be a rank-2 tile, got "
                               << shapeString(t.getShape());
    return success();
  };
  if (failed(checkOperand(lhs, "lhs")) || failed(checkOperand(rhs, "rhs")))
    return failure();
  if (result.getMemory() != Memory::acc)
    return op->emitOpError()
           << "result is a " << stringifyMemory(result.getMemory())
           << " tile; a matmul accumulates into an acc tile";
  Type elem = lhs.getElementType();
  if (rhs.getElementType() != elem)
    return op->emitOpError() << "lhs and rhs element types differ (" << elem
                             << " vs " << rhs.getElementType() << ")";
  Type accType = accumulatorTypeFor(elem);
  if (!accType)
    return op->emitOpError()
           << "has " << elem
           << " operands; the cube multiplies i8, f16, bf16 or f32";
  if (result.getElementType() != accType)
    return op->emitOpError()
           << elem << " operands accumulate into " << accType
           << " (i8 -> i32, f16/bf16/f32 -> f32), but the result element "
              "type is "
           << result.getElementType();
  int64_t m = lhs.getShape()[0], k = lhs.getShape()[1];
  int64_t rk = bTrans ? rhs.getShape()[1] : rhs.getShape()[0];
  int64_t n = bTrans ? rhs.getShape()[0] : rhs.getShape()[1];
  if (rk != k)
    return op->emitOpError()
           << "contracts lhs " << shapeString(lhs.getShape())
           << " (M x K) with rhs " << shapeString(rhs.getShape())
           << (bTrans ? " (N x K, b_trans)" : " (K x N)")
           << ": the K dimensions differ (" << k << " vs " << rk << ")"
           << (bTrans ? "" : "; for a weight stored N x K add b_trans");
  SmallVector<int64_t> want = {m, n};
  if (result.getShape() != ArrayRef<int64_t>(want))
    return op->emitOpError()
           << "result must be " << shapeString(want) << " (M x N), got "
           << shapeString(result.getShape());
  return success();
}

LogicalResult TileMatmulOp::verify() {
  return verifyMatmul(*this, getLhs().getType(), getRhs().getType(),
                      getBTrans(), getResult().getType());
}

LogicalResult TileMatmulAccOp::verify() {
  return verifyMatmul(*this, getLhs().getType(), getRhs().getType(),
                      getBTrans(), getAcc().getType());
}

LogicalResult TensorViewOp::verify() {
  pl::TensorType src = getSource().getType(), res = getResult().getType();
  if (src.getLayout() != res.getLayout())
    return emitOpError() << "cannot change the layout ("
                         << stringifyLayout(src.getLayout()) << " -> "
                         << stringifyLayout(res.getLayout()) << ")";
  if (src.getElementType() != res.getElementType())
    return emitOpError() << "cannot change the element type";
  if (getOffsets().size() != (size_t)src.getRank() ||
      res.getRank() != src.getRank())
    return emitOpError() << "needs one offset per source dimension and a "
                            "result of the same rank";
  for (int64_t i = 0; i < src.getRank(); ++i) {
    int64_t s = src.getShape()[i], r = res.getShape()[i];
    if (s != ShapedType::kDynamic && r != ShapedType::kDynamic && r > s)
      return emitOpError() << "result dimension " << i << " (" << r
                           << ") exceeds the source dimension (" << s << ")";
  }
  return success();
}

LogicalResult TensorReshapeOp::verify() {
  pl::TensorType src = getSource().getType(), res = getResult().getType();
  if (res.getLayout() != Layout::nd)
    return emitOpError()
           << "result must be nd (a reshape reads the elements in row-major "
              "order), got "
           << stringifyLayout(res.getLayout());
  if (src.getElementType() != res.getElementType())
    return emitOpError() << "cannot change the element type";
  auto count = [](pl::TensorType t) -> std::optional<int64_t> {
    int64_t n = 1;
    for (int64_t d : t.getShape()) {
      if (d == ShapedType::kDynamic)
        return std::nullopt;
      n *= d;
    }
    return n;
  };
  auto a = count(src), b = count(res);
  if (a && b && *a != *b)
    return emitOpError()
           << "source and result must hold the same number of elements (" << *a
           << " vs " << *b << ")";
  return success();
}

LogicalResult TensorReinterpretViewOp::verify() {
  pl::TensorType src = getSource().getType(), res = getResult().getType();
  if (src.getLayout() == Layout::nz || res.getLayout() == Layout::nz)
    return emitOpError()
           << "is not defined on NZ tensors (the "
           << (src.getLayout() == Layout::nz ? "source" : "result")
           << " is nz): reinterpreting fractal-ordered bytes with another "
              "shape reads the wrong elements; "
           << nzSliceHint();
  auto isMx = [](Layout l) {
    return l == Layout::mx_a_zz || l == Layout::mx_b_nn;
  };
  if ((isMx(src.getLayout()) || isMx(res.getLayout())) &&
      !((isMx(src.getLayout()) && res.getLayout() == Layout::nd) ||
        (src.getLayout() == Layout::nd && isMx(res.getLayout()))))
    return emitOpError()
           << "of an MX scale tensor is defined only as a backing alias "
              "between "
              "nd and one MX layout ("
           << stringifyLayout(src.getLayout()) << " -> "
           << stringifyLayout(res.getLayout())
           << " is not): the same f8E8M0FNU bytes, seen as raw bytes or as "
              "boxed scales";
  auto bytes = [](pl::TensorType t) -> std::optional<int64_t> {
    int64_t n = t.getElementType().getIntOrFloatBitWidth();
    for (int64_t d : t.getShape()) {
      if (d == ShapedType::kDynamic)
        return std::nullopt;
      n *= d;
    }
    return n;
  };
  auto a = bytes(src), b = bytes(res);
  if (a && b && *a != *b)
    return emitOpError()
           << "source and result must hold the same number of bits (" << *a
           << " vs " << *b << ")";
  return success();
}
