//===- PTOOps.cpp - `pto` op verifiers and custom directives --------------===//

#include "ptonz/PTO.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace ptonz::pto;

#define GET_OP_CLASSES
#include "ptonz/PTOOps.cpp.inc"

//===----------------------------------------------------------------------===//
// make_tensor_view syntax:
//   %v = pto.make_tensor_view %p, shape = [...], strides = [...] {attrs} : !pto.tensor_view<...>
// The pointer operand's type is `!pto.ptr<T>` of the view's element type.
//===----------------------------------------------------------------------===//

ParseResult MakeTensorViewOp::parse(OpAsmParser &p, OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr;
  SmallVector<OpAsmParser::UnresolvedOperand> shape, strides;
  Type type;
  SMLoc ptrLoc = p.getCurrentLocation();
  if (p.parseOperand(ptr) || p.parseComma() || p.parseKeyword("shape") || p.parseEqual() ||
      p.parseOperandList(shape, OpAsmParser::Delimiter::Square))
    return failure();
  (void)p.parseOptionalComma(); // PTOAS < 0.61 wrote no comma here
  if (p.parseKeyword("strides") || p.parseEqual() ||
      p.parseOperandList(strides, OpAsmParser::Delimiter::Square) ||
      p.parseOptionalAttrDict(result.attributes) || p.parseColon())
    return failure();
  SMLoc typeLoc = p.getCurrentLocation();
  if (p.parseType(type))
    return failure();
  auto view = dyn_cast<TensorViewType>(type);
  if (!view)
    return p.emitError(typeLoc, "result must be pto.tensor_view<...>, got ") << type;
  Type index = p.getBuilder().getIndexType();
  if (p.resolveOperand(ptr, PtrType::get(view.getElementType()), result.operands) ||
      p.resolveOperands(shape, index, result.operands) ||
      p.resolveOperands(strides, index, result.operands))
    return failure();
  (void)ptrLoc;
  result.getOrAddProperties<Properties>().operandSegmentSizes = {
      1, static_cast<int32_t>(shape.size()), static_cast<int32_t>(strides.size())};
  result.addTypes(view);
  return success();
}

void MakeTensorViewOp::print(OpAsmPrinter &p) {
  p << ' ' << getPtr() << ", shape = [" << getShape() << "], strides = [" << getStrides() << ']';
  p.printOptionalAttrDict((*this)->getAttrs(), {"operandSegmentSizes"});
  p << " : " << getResult().getType();
}

static std::optional<int64_t> constIndex(Value v) {
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return c.getSExtValue();
  return std::nullopt;
}

static bool isStatic(int64_t d) { return d != ShapedType::kDynamic; }

//===----------------------------------------------------------------------===//
// make_tensor_view / partition_view
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorViewOp::verify() {
  TensorViewType view = getResult().getType();
  PtrType ptr = getPtr().getType();
  if (ptr.getElementType() != view.getElementType())
    return emitOpError() << "ptr element type must match tensor_view element type, but got ptr="
                         << ptr.getElementType() << " view=" << view.getElementType();
  int64_t rank = view.getRank();
  if ((int64_t)getShape().size() != rank)
    return emitOpError() << "shape/strides operand counts must match tensor_view rank=" << rank
                         << " (got " << getShape().size() << " shape operands)";
  if (!getStrides().empty() && (int64_t)getStrides().size() != rank)
    return emitOpError() << "shape/strides operand counts must match tensor_view rank=" << rank
                         << " (got " << getStrides().size()
                         << " strides; `strides = []` is allowed only before "
                            "pto-materialize-strides)";
  for (int64_t i = 0; i < rank; ++i) {
    std::optional<int64_t> c = constIndex(getShape()[i]);
    if (!c)
      continue;
    if (*c < 0)
      return emitOpError() << "shape operand #" << i << " is negative (" << *c << ")";
    int64_t d = view.getShape()[i];
    if (isStatic(d) && d != *c)
      return emitOpError() << "shape operand #" << i << " is " << *c
                           << " but the tensor_view type has static dim " << d;
  }
  for (auto [i, s] : llvm::enumerate(getStrides()))
    if (auto c = constIndex(s); c && *c < 0)
      return emitOpError() << "stride operand #" << i << " is negative (" << *c << ")";
  if (auto typeLayout = view.getLayout(); typeLayout && getLayoutAttr() &&
                                          typeLayout != Attribute(getLayoutAttr()))
    return emitOpError() << "layout attribute " << getLayoutAttr()
                         << " does not match result type layout " << typeLayout;
  return success();
}

LogicalResult PartitionViewOp::verify() {
  TensorViewType src = getSource().getType();
  PartitionTensorViewType res = getResult().getType();
  int64_t rank = src.getRank();
  if (src.getElementType() != res.getElementType())
    return emitOpError() << "element type mismatch between source and result: src="
                         << src.getElementType() << " result=" << res.getElementType();
  if ((int64_t)getOffsets().size() != rank)
    return emitOpError() << "offset count (" << getOffsets().size()
                         << ") must match source rank (" << rank << ")";
  if ((int64_t)getSizes().size() != rank)
    return emitOpError() << "size count (" << getSizes().size() << ") must match source rank ("
                         << rank << ")";
  bool sameRank = res.getRank() == rank;
  if (!sameRank && res.getRank() > rank)
    return emitOpError() << "result rank (" << res.getRank() << ") exceeds source rank (" << rank
                         << ")";
  for (int64_t i = 0; i < rank; ++i) {
    std::optional<int64_t> off = constIndex(getOffsets()[i]);
    std::optional<int64_t> size = constIndex(getSizes()[i]);
    int64_t dim = src.getShape()[i];
    if (off && *off < 0)
      return emitOpError() << "offset at dim " << i << " must be non-negative, got " << *off;
    if (size && *size <= 0)
      return emitOpError() << "size at dim " << i << " must be positive, got " << *size;
    if (size && sameRank && isStatic(res.getShape()[i]) && res.getShape()[i] != *size)
      return emitOpError() << "size/result mismatch at dim " << i << ": size operand=" << *size
                           << " result type dim=" << res.getShape()[i];
    if (size && isStatic(dim) && *size > dim)
      return emitOpError() << "size at dim " << i << " (" << *size
                           << ") exceeds static source dim (" << dim << ")";
    if (off && size && isStatic(dim) && *off + *size > dim)
      return emitOpError() << "offset+size at dim " << i << " (" << *off + *size
                           << ") exceeds static source dim (" << dim << ")";
  }
  if (!sameRank) {
    // Rank-reduced: the result keeps the element count of the constant sizes.
    int64_t want = 1, have = 1;
    bool known = true;
    for (Value s : getSizes())
      if (auto c = constIndex(s))
        want *= *c;
      else
        known = false;
    for (int64_t d : res.getShape())
      if (isStatic(d))
        have *= d;
      else
        known = false;
    if (known && want != have)
      return emitOpError() << "rank-reduced result holds " << have
                           << " elements but the sizes select " << want;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Tiles
//===----------------------------------------------------------------------===//

static std::optional<int64_t> elementCount(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (!isStatic(d))
      return std::nullopt;
    n *= d;
  }
  return n;
}

static std::optional<int64_t> validCount(TileBufType t) {
  if (!isStatic(t.getValidRow()) || !isStatic(t.getValidCol()))
    return std::nullopt;
  return t.getValidRow() * t.getValidCol();
}

static unsigned bitWidth(Type t) { return t.getIntOrFloatBitWidth(); }

LogicalResult AllocTileOp::verify() {
  TileBufType t = getResult().getType();
  auto check = [&](Value operand, int64_t dim, StringRef name) -> LogicalResult {
    if (!isStatic(dim) && !operand)
      return emitOpError() << name << " operand is required because result type v_"
                           << name.drop_front(6) << " is ?";
    if (isStatic(dim) && operand)
      return emitOpError() << name << " operand must be absent because result type v_"
                           << name.drop_front(6) << " is " << dim;
    return success();
  };
  if (failed(check(getValidRow(), t.getValidRow(), "valid_row")) ||
      failed(check(getValidCol(), t.getValidCol(), "valid_col")))
    return failure();
  if (Value addr = getAddr()) {
    if (auto c = constIndex(addr)) {
      int64_t align = (t.getLoc() == AddressSpace::left || t.getLoc() == AddressSpace::right ||
                       t.getLoc() == AddressSpace::acc)
                          ? 512
                          : 32;
      if (*c < 0)
        return emitOpError() << "addr must be non-negative, got " << *c;
      if (*c % align != 0)
        return emitOpError() << "addr must be aligned to " << align
                             << " bytes for local tile memory space, got " << *c;
    }
  }
  return success();
}

LogicalResult TLoadOp::verify() {
  PartitionTensorViewType src = getSrc().getType();
  TileBufType dst = getDst().getType();
  if (dst.getLoc() != AddressSpace::vec && dst.getLoc() != AddressSpace::mat)
    return emitOpError() << "expects tload dst to use loc=vec or loc=mat, got loc="
                         << stringifyAddressSpace(dst.getLoc());
  if (bitWidth(src.getElementType()) != bitWidth(dst.getElementType()))
    return emitOpError() << "expects src and dst element types to have the same bitwidth, got "
                         << src.getElementType() << " and " << dst.getElementType();
  for (auto [i, d] : llvm::enumerate(src.getShape()))
    if (isStatic(d) && d <= 0)
      return emitOpError() << "expects src shape[" << i << "] to be positive";
  auto p = elementCount(src.getShape());
  auto v = validCount(dst);
  if (p && v && *p != *v)
    return emitOpError() << "partition element count (" << *p
                         << ") must match tile_buf valid element count (" << *v << ")";
  return success();
}

LogicalResult TStoreOp::verify() {
  TileBufType src = getSrc().getType();
  PartitionTensorViewType dst = getDst().getType();
  if (src.getLoc() != AddressSpace::vec && src.getLoc() != AddressSpace::acc &&
      src.getLoc() != AddressSpace::mat)
    return emitOpError() << "expects tstore src to use loc=vec, loc=acc or loc=mat, got loc="
                         << stringifyAddressSpace(src.getLoc());
  auto p = elementCount(dst.getShape());
  auto v = validCount(src);
  if (p && v && *p != *v)
    return emitOpError() << "partition element count (" << *p
                         << ") must match tile_buf valid element count (" << *v << ")";
  return success();
}

LogicalResult TMovOp::verify() {
  TileBufType src = getSrc().getType(), dst = getDst().getType();
  AddressSpace s = src.getLoc(), d = dst.getLoc();
  bool ok = (s == AddressSpace::mat &&
             (d == AddressSpace::left || d == AddressSpace::right || d == AddressSpace::bias ||
              d == AddressSpace::scaling || d == AddressSpace::vec)) ||
            (s == AddressSpace::acc && (d == AddressSpace::mat || d == AddressSpace::vec)) ||
            (s == AddressSpace::vec && (d == AddressSpace::vec || d == AddressSpace::mat));
  if (!ok)
    return emitOpError() << "unsupported tmov from loc=" << stringifyAddressSpace(s)
                         << " to loc=" << stringifyAddressSpace(d)
                         << " (supported: mat->left|right|bias|scaling|vec, acc->mat|vec, "
                            "vec->vec|mat)";
  if (src.getRows() != dst.getRows() || src.getCols() != dst.getCols())
    return emitOpError() << "expects src and dst tiles of the same shape, got " << src.getRows()
                         << "x" << src.getCols() << " and " << dst.getRows() << "x"
                         << dst.getCols();
  return success();
}

LogicalResult TExtractOp::verify() {
  TileBufType src = getSrc().getType(), dst = getDst().getType();
  if (auto r = constIndex(getIndexRow())) {
    if (*r < 0)
      return emitOpError() << "expects indexRow to be non-negative";
    if (*r + dst.getRows() > src.getRows())
      return emitOpError() << "expects indexRow + dst.rows <= src.rows (" << *r << " + "
                           << dst.getRows() << " > " << src.getRows() << ")";
  }
  if (auto c = constIndex(getIndexCol())) {
    if (*c < 0)
      return emitOpError() << "expects indexCol to be non-negative";
    if (*c + dst.getCols() > src.getCols())
      return emitOpError() << "expects indexCol + dst.cols <= src.cols (" << *c << " + "
                           << dst.getCols() << " > " << src.getCols() << ")";
  }
  return success();
}

/// Shared by tmatmul, tmatmul.acc and tmatmul.bias: left[M,K] x right[K,N] -> acc[M,N].
static LogicalResult verifyMatmul(Operation *op, TileBufType lhs, TileBufType rhs,
                                  TileBufType dst) {
  if (lhs.getLoc() != AddressSpace::left || rhs.getLoc() != AddressSpace::right ||
      dst.getLoc() != AddressSpace::acc)
    return op->emitOpError() << "expects lhs, rhs, and dst to use the left, right, and acc "
                                "address spaces, got "
                             << stringifyAddressSpace(lhs.getLoc()) << ", "
                             << stringifyAddressSpace(rhs.getLoc()) << ", "
                             << stringifyAddressSpace(dst.getLoc());
  if (lhs.getCols() != rhs.getRows() || lhs.getRows() != dst.getRows() ||
      rhs.getCols() != dst.getCols())
    return op->emitOpError() << "expects static matmul tile shapes lhs[M,K], rhs[K,N], and "
                                "dst[M,N], got lhs["
                             << lhs.getRows() << "," << lhs.getCols() << "], rhs["
                             << rhs.getRows() << "," << rhs.getCols() << "], dst["
                             << dst.getRows() << "," << dst.getCols() << "]";
  Type a = lhs.getElementType(), b = rhs.getElementType(), c = dst.getElementType();
  bool intOk = a.isInteger(8) && b.isInteger(8) && c.isInteger(32);
  bool floatOk = isa<FloatType>(a) && a == b && c.isF32();
  bool mixedF8 = isa<FloatType>(a) && isa<FloatType>(b) && bitWidth(a) == 8 && bitWidth(b) == 8 &&
                 c.isF32();
  if (!intOk && !floatOk && !mixedF8)
    return op->emitOpError() << "unsupported matmul element types (dst, lhs, rhs) = (" << c
                             << ", " << a << ", " << b
                             << "); supported: (i32, i8, i8) and (f32, T, T) for a float T";
  return success();
}

LogicalResult TMatmulOp::verify() {
  return verifyMatmul(*this, getLhs().getType(), getRhs().getType(), getDst().getType());
}

LogicalResult TMatmulAccOp::verify() {
  if (getAccIn().getType() != getDst().getType())
    return emitOpError() << "expects acc_in and dst to have the same tile_buf type";
  return verifyMatmul(*this, getLhs().getType(), getRhs().getType(), getDst().getType());
}

LogicalResult TMatmulBiasOp::verify() {
  TileBufType bias = getBias().getType(), dst = getDst().getType();
  if (bias.getLoc() != AddressSpace::bias)
    return emitOpError() << "expects bias to use the bias address space, got "
                         << stringifyAddressSpace(bias.getLoc());
  if (bias.getRows() != 1 || bias.getCols() != dst.getCols())
    return emitOpError() << "expects bias of shape [1, N] = [1, " << dst.getCols() << "], got ["
                         << bias.getRows() << ", " << bias.getCols() << "]";
  return verifyMatmul(*this, getA().getType(), getB().getType(), dst);
}
