//===- PTOVectorOps.cpp - vector ops: custom syntax and verifiers ---------===//
//
// The ops whose PTOAS syntax varies with their optional operands (tdivs,
// tcolsum, tcvt, tgather, tmrgsort, trsqrt) and the verifiers that are not
// one of the shared TileRules.
//
//===----------------------------------------------------------------------===//

#include "ptonz/PTOVerify.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace ptonz::pto;

static bool isScalar(Type t) { return isa<IntegerType, FloatType>(t); }
static bool isTileLike(Type t) { return isa<TileBufType, MemRefType>(t); }

using Operand = OpAsmParser::UnresolvedOperand;

/// `outs(%dst : T)`
static ParseResult parseOuts(OpAsmParser &p, Operand &dst, Type &type) {
  return failure(p.parseKeyword("outs") || p.parseLParen() ||
                 p.parseOperand(dst) || p.parseColonType(type) ||
                 p.parseRParen());
}

static void printOuts(OpAsmPrinter &p, Value dst) {
  p << " outs(" << dst << " : " << dst.getType() << ")";
}

//===----------------------------------------------------------------------===//
// tdivs: ins(%tile, %s : T, S) or ins(%s, %tile : S, T); operands keep the
// written order (ptoas picks the pto-isa overload from it).
//===----------------------------------------------------------------------===//

ParseResult TDivSOp::parse(OpAsmParser &p, OperationState &result) {
  Operand a, b, dst;
  Type ta, tb, tdst;
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeyword("ins") || p.parseLParen() || p.parseOperand(a) ||
      p.parseComma() || p.parseOperand(b) || p.parseColonType(ta) ||
      p.parseComma() || p.parseType(tb) || p.parseRParen() ||
      parseOuts(p, dst, tdst) || p.parseOptionalAttrDict(result.attributes))
    return failure();
  if (isTileLike(ta) == isTileLike(tb))
    return p.emitError(
        at, "expected exactly one tile_buf operand and one scalar operand");
  return p.resolveOperands({a, b, dst}, {ta, tb, tdst}, at, result.operands);
}

void TDivSOp::print(OpAsmPrinter &p) {
  p << " ins(" << getSrc() << ", " << getScalar() << " : " << getSrc().getType()
    << ", " << getScalar().getType() << ")";
  printOuts(p, getDst());
  ptonz::printAttrDict(p, *this);
}

LogicalResult TDivSOp::verify() {
  Type a = getSrc().getType(), b = getScalar().getType();
  bool tileFirst = isTileLike(a) && isScalar(b);
  if (!tileFirst && !(isScalar(a) && isTileLike(b)))
    return emitOpError(
        "expects one tile operand and one scalar operand in ins(...)");
  Value tile = tileFirst ? getSrc() : getScalar();
  return verifyTileOp(*this, TileRules::vecUnary(),
                      {{"src", tile}, {"dst", getDst()}});
}

//===----------------------------------------------------------------------===//
// tcolsum: ins(%src : T) or ins(%src, %tmp {isBinary = b} : T, Ttmp)
//===----------------------------------------------------------------------===//

ParseResult TColSumOp::parse(OpAsmParser &p, OperationState &result) {
  Operand src, tmp, dst;
  Type tsrc, ttmp, tdst;
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeyword("ins") || p.parseLParen() || p.parseOperand(src))
    return failure();
  bool hasTmp = succeeded(p.parseOptionalComma());
  if (hasTmp &&
      (p.parseOperand(tmp) || p.parseOptionalAttrDict(result.attributes)))
    return failure();
  if (p.parseColonType(tsrc) ||
      (hasTmp && (p.parseComma() || p.parseType(ttmp))) || p.parseRParen() ||
      parseOuts(p, dst, tdst))
    return failure();
  if (!hasTmp && p.parseOptionalAttrDict(result.attributes))
    return failure();
  if (p.resolveOperand(src, tsrc, result.operands) ||
      (hasTmp && p.resolveOperand(tmp, ttmp, result.operands)) ||
      p.resolveOperand(dst, tdst, result.operands))
    return failure();
  (void)at;
  return success();
}

void TColSumOp::print(OpAsmPrinter &p) {
  p << " ins(" << getSrc();
  // With a tmp, isBinary is required (even when false), so it always prints.
  SmallVector<StringRef, 1> elided;
  if (!getIsBinary())
    elided.push_back("isBinary");
  if (getTmp()) {
    p << ", " << getTmp();
    ptonz::printAttrDict(p, *this);
    p << " : " << getSrc().getType() << ", " << getTmp().getType() << ")";
    printOuts(p, getDst());
    return;
  }
  p << " : " << getSrc().getType() << ")";
  printOuts(p, getDst());
  ptonz::printAttrDict(p, *this, elided);
}

LogicalResult TColSumOp::verify() {
  if (getTmp() && !getIsBinaryAttr())
    return emitOpError("tmp operand requires the isBinary attribute");
  // PTOAS 0.60 plans the tmp of a binary tcolsum itself.
  if (!getTmp() && getIsBinaryAttr()) {
    if (!ptoasAtLeast(getOperation(), 0, 60))
      return emitOpError("isBinary attribute requires a tmp operand");
    if (failed(verifyImplicitTmp(*this, getTmp())))
      return failure();
  }
  if (failed(verifyTileOp(*this, TileRules::colReduce(),
                          {{"src", getSrc()}, {"dst", getDst()}})))
    return failure();
  // PTOAS 0.60: a binary sum's tmp rows hold a whole src row, and the tmp
  // holds the first pairwise level (half the rows).
  auto src = tileView(getSrc().getType());
  auto tmp = getTmp() ? tileView(getTmp().getType()) : std::nullopt;
  if (!getIsBinary() || !src || !tmp || src->valid.size() != 2 ||
      tmp->shape.size() != 2 || !ptoasAtLeast(getOperation(), 0, 60))
    return success();
  if (isStatic(src->valid[1]) && isStatic(tmp->shape[1]) &&
      tmp->shape[1] < src->valid[1])
    return emitOpError() << "expects tmp shape[1] to be at least src "
                            "valid_shape[1] when isBinary is true; got "
                         << tmp->shape[1] << " vs " << src->valid[1];
  if (!isStatic(src->valid[0]) || !isStatic(src->valid[1]))
    return success();
  return verifyTmpCapacity(*this, getTmp(),
                           (src->valid[0] + 1) / 2 * src->valid[1] *
                               (elementBits(src->elem) / 8),
                           "half the src valid rows, rounded up");
}

//===----------------------------------------------------------------------===//
// tcvt: ins(%src[, %tmp] {rmode = ..., sat_mode = ...} : T[, Ttmp]) outs(%dst :
// U)
//===----------------------------------------------------------------------===//

ParseResult TCvtOp::parse(OpAsmParser &p, OperationState &result) {
  Operand src, tmp, dst;
  Type tsrc, ttmp, tdst;
  if (p.parseKeyword("ins") || p.parseLParen() || p.parseOperand(src))
    return failure();
  bool hasTmp = succeeded(p.parseOptionalComma());
  if ((hasTmp && p.parseOperand(tmp)) ||
      p.parseOptionalAttrDict(result.attributes) || p.parseColonType(tsrc) ||
      (hasTmp && (p.parseComma() || p.parseType(ttmp))) || p.parseRParen() ||
      parseOuts(p, dst, tdst))
    return failure();
  return failure(p.resolveOperand(src, tsrc, result.operands) ||
                 p.resolveOperand(dst, tdst, result.operands) ||
                 (hasTmp && p.resolveOperand(tmp, ttmp, result.operands)));
}

void TCvtOp::print(OpAsmPrinter &p) {
  p << " ins(" << getSrc();
  if (getTmp())
    p << ", " << getTmp();
  SmallVector<StringRef, 1> elided;
  if (getRmode() == RoundMode::CAST_RINT)
    elided.push_back("rmode"); // the default
  ptonz::printAttrDict(p, *this, elided);
  p << " : " << getSrc().getType();
  if (getTmp())
    p << ", " << getTmp().getType();
  p << ")";
  printOuts(p, getDst());
}

LogicalResult TCvtOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = tileView(getSrc().getType()), dst = tileView(getDst().getType());
  if (!src || !src->buf || !dst || !dst->buf)
    return emitOpError("expects src and dst to be !pto.tile_buf");
  // PTOAS 0.60's low-precision conversions: A5's pto-isa pairs only, none on
  // A2/A3.
  if (ptoasAtLeast(getOperation(), 0, 60) &&
      (isLowPrecisionElement(src->elem) || isLowPrecisionElement(dst->elem))) {
    if (targetArchOf(*this) != TargetArch::a5)
      return emitOpError() << "expects A2/A3 tcvt low-precision element types "
                              "to be unsupported (A2/A3 has no "
                           << src->elem << " -> " << dst->elem
                           << " conversion; convert on A5)";
    if (!isA5LowPrecisionCvt(src->elem, dst->elem))
      return emitOpError()
             << "expects A5 tcvt low-precision type pairs to match PTO-ISA "
                "support (f32 -> fp8/hif8, f16 -> hif8, bf16 <-> fp4, "
                "fp8/hif8 -> f32), got "
             << src->elem << " -> " << dst->elem;
  }
  // PTOAS 0.60 plans the scratch tile of a non-saturating narrowing A2/A3
  // conversion (f32 -> i16, f16 -> i16/i8; sat_mode defaults to OFF) but at
  // level3, where PlanMemory is skipped.
  bool saturating = getSatMode() && *getSatMode() == SaturationMode::ON;
  bool narrowing = (src->elem.isF32() && dst->elem.isInteger(16)) ||
                   (src->elem.isF16() &&
                    (dst->elem.isInteger(16) || dst->elem.isInteger(8)));
  if (!getTmp() && !saturating && narrowing && implicitTmpRefused(*this))
    return emitOpError(
        "requires explicit tmp for non-saturating narrowing tcvt when "
        "--pto-level=level3 on A2/A3 (PTOAS 0.60 skips PlanMemory there and "
        "plans "
        "no implicit tmp)");
  // PTOAS 0.60 compares logical extents: a packed FP4 tile holds two
  // elements per storage element along its packed (row_major: column) axis.
  auto logical = [](const TileView &t, ArrayRef<int64_t> dims) {
    SmallVector<int64_t, 2> out(dims.begin(), dims.end());
    if (out.size() == 2 && isFP4Pair(t.elem)) {
      int64_t &packed =
          t.buf.getBlayout() == BLayout::col_major ? out[0] : out[1];
      if (isStatic(packed))
        packed *= 2;
    }
    return out;
  };
  auto ss = logical(*src, src->shape), ds = logical(*dst, dst->shape);
  if (ss != ds)
    return emitOpError()
           << "expects src and dst to have compatible shapes (the same rows x "
              "cols, counting packed FP4 pairs as two), got "
           << ss[0] << "x" << ss[1] << " and " << ds[0] << "x" << ds[1];
  auto sv = logical(*src, src->valid), dv = logical(*dst, dst->valid);
  for (auto [a, b] : llvm::zip(sv, dv))
    if (isStatic(a) && isStatic(b) && a != b)
      return emitOpError("expects src and dst to have the same valid_shape");
  return verifyTileOp(*this, TileRules(),
                      {{"src", getSrc()}, {"dst", getDst()}});
}

//===----------------------------------------------------------------------===//
// trsqrt: ins(%src[, %tmp] : T[, Ttmp]) outs(%dst : T)
//===----------------------------------------------------------------------===//

ParseResult TRsqrtOp::parse(OpAsmParser &p, OperationState &result) {
  Operand src, tmp, dst;
  Type tsrc, ttmp, tdst;
  if (p.parseKeyword("ins") || p.parseLParen() || p.parseOperand(src))
    return failure();
  bool hasTmp = succeeded(p.parseOptionalComma());
  if ((hasTmp && p.parseOperand(tmp)) || p.parseColonType(tsrc) ||
      (hasTmp && (p.parseComma() || p.parseType(ttmp))) || p.parseRParen() ||
      parseOuts(p, dst, tdst) || p.parseOptionalAttrDict(result.attributes))
    return failure();
  return failure(p.resolveOperand(src, tsrc, result.operands) ||
                 p.resolveOperand(dst, tdst, result.operands) ||
                 (hasTmp && p.resolveOperand(tmp, ttmp, result.operands)));
}

void TRsqrtOp::print(OpAsmPrinter &p) {
  p << " ins(" << getSrc();
  if (getTmp())
    p << ", " << getTmp();
  p << " : " << getSrc().getType();
  if (getTmp())
    p << ", " << getTmp().getType();
  p << ")";
  printOuts(p, getDst());
  ptonz::printAttrDict(p, *this);
}

//===----------------------------------------------------------------------===//
// tgather (three forms):
//   index   : ins(%src, %indices[, %tmp] : T, Ti[, Tt]) outs(%dst : U)
//   compare : ins(%src, %k[, %tmp] : T, S[, Tt]) outs(%dst, %cdst : U, C)
//   {cmpMode, offset} mask    : ins(%src, {maskPattern = #pto.mask_pattern<..>}
//   : T[, "row"|"col"]) outs(%dst : U)
//             (the axis string is PTOAS 0.60's)
//===----------------------------------------------------------------------===//

/// The optional `, "row"|"col"` axis after a mask-pattern clause of
/// tgather / tscatter.
static ParseResult parseOptionalMaskAxis(OpAsmParser &p, StringAttr &out) {
  if (failed(p.parseOptionalComma()))
    return success();
  SMLoc axisAt = p.getCurrentLocation();
  std::string axis;
  if (p.parseString(&axis))
    return failure();
  if (axis != "row" && axis != "col")
    return p.emitError(axisAt, "axis must be \"row\" or \"col\"");
  out = p.getBuilder().getStringAttr(axis);
  return success();
}

ParseResult TGatherOp::parse(OpAsmParser &p, OperationState &result) {
  Operand src, dst, cdst;
  SmallVector<Operand, 3> extra;
  SmallVector<Type, 3> extraTypes;
  Type tsrc, tdst, tcdst;
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeyword("ins") || p.parseLParen() || p.parseOperand(src) ||
      p.parseComma())
    return failure();
  auto &props = result.getOrAddProperties<Properties>();
  if (succeeded(p.parseOptionalLBrace())) {
    Attribute mask;
    if (p.parseKeyword("maskPattern") || p.parseEqual() ||
        p.parseAttribute(mask) || p.parseRBrace() || p.parseColonType(tsrc))
      return failure();
    if (failed(parseOptionalMaskAxis(p, props.axis)))
      return failure();
    if (p.parseRParen())
      return failure();
    props.maskPattern = dyn_cast<MaskPatternAttr>(mask);
    if (!props.maskPattern)
      return p.emitError(at,
                         "expected #pto.mask_pattern<Pxxxx> for maskPattern");
  } else {
    if (p.parseOperandList(extra) || p.parseColonType(tsrc))
      return failure();
    if (extra.empty() || extra.size() > 2)
      return p.emitError(
          at, "expected one or two operands after src in tgather ins(...)");
    extraTypes.resize(extra.size());
    for (Type &t : extraTypes)
      if (p.parseComma() || p.parseType(t))
        return failure();
    if (p.parseRParen())
      return failure();
  }
  if (p.parseKeyword("outs") || p.parseLParen() || p.parseOperand(dst))
    return failure();
  bool hasCdst = succeeded(p.parseOptionalComma());
  if ((hasCdst && p.parseOperand(cdst)) || p.parseColonType(tdst) ||
      (hasCdst && (p.parseComma() || p.parseType(tcdst))) || p.parseRParen() ||
      p.parseOptionalAttrDict(result.attributes))
    return failure();
  if (props.maskPattern && (!extra.empty() || hasCdst))
    return p.emitError(at, "mask-pattern tgather takes no extra ins operands "
                           "and one outs operand");
  bool compare = hasCdst;
  if (compare && !isScalar(extraTypes.front()))
    return p.emitError(at,
                       "compare-form tgather expects a scalar kValue operand");
  if (!compare && !props.maskPattern && !isTileLike(extraTypes.front()))
    return p.emitError(
        at,
        "index-form tgather expects tile-like indices; compare-form must use "
        "outs(dst, cdst)");
  if (extra.size() == 2 && !isTileLike(extraTypes[1]))
    return p.emitError(at, "tgather tmp must be tile-like");
  if (p.resolveOperand(src, tsrc, result.operands) ||
      p.resolveOperand(dst, tdst, result.operands) ||
      (hasCdst && p.resolveOperand(cdst, tcdst, result.operands)))
    return failure();
  bool hasTmp = extra.size() == 2;
  if (!compare && !extra.empty() &&
      p.resolveOperand(extra[0], extraTypes[0], result.operands))
    return failure();
  if (hasTmp && p.resolveOperand(extra[1], extraTypes[1], result.operands))
    return failure();
  if (compare && p.resolveOperand(extra[0], extraTypes[0], result.operands))
    return failure();
  props.operandSegmentSizes = {1,
                               1,
                               hasCdst ? 1 : 0,
                               (!compare && !extra.empty()) ? 1 : 0,
                               hasTmp ? 1 : 0,
                               compare ? 1 : 0};
  return success();
}

/// The mask-pattern operand clause of tgather / tscatter:
/// `{maskPattern = ..} : type[, axis]`; false when the op has no pattern.
template <typename OpT>
static bool printMaskPatternClause(OpT op, OpAsmPrinter &p,
                                   SmallVectorImpl<StringRef> &elided) {
  auto mask = op.getMaskPatternAttr();
  if (!mask)
    return false;
  p << "{maskPattern = " << mask << "} : " << op.getSrc().getType();
  elided.push_back("maskPattern");
  if (auto axis = op.getAxisAttr()) {
    p << ", ";
    p.printAttributeWithoutType(axis);
    elided.push_back("axis");
  }
  return true;
}

void TGatherOp::print(OpAsmPrinter &p) {
  p << " ins(" << getSrc() << ", ";
  SmallVector<StringRef, 2> elided{"operandSegmentSizes"};
  if (!printMaskPatternClause(*this, p, elided)) {
    Value first = getCdst() ? getKValue() : getIndices();
    p << first;
    if (getTmp())
      p << ", " << getTmp();
    p << " : " << getSrc().getType() << ", " << first.getType();
    if (getTmp())
      p << ", " << getTmp().getType();
  }
  p << ") outs(" << getDst();
  if (getCdst())
    p << ", " << getCdst();
  p << " : " << getDst().getType();
  if (getCdst())
    p << ", " << getCdst().getType();
  p << ")";
  ptonz::printAttrDict(p, *this, elided);
}

/// PTOAS 0.60's mask-pattern tgather / tscatter along an axis: the pattern
/// keeps 1 (P1111), 2 (P0101, P1010) or 4 of every 4 elements, so the wide
/// operand (tgather's src, tscatter's dst) has `times` the narrow one's valid
/// extent along the axis and the same extent across it.
static LogicalResult verifyMaskAxis(Operation *op, MaskPattern pattern,
                                    StringAttr axis, Value wide, Value narrow,
                                    StringRef wideName, StringRef narrowName) {
  int64_t times =
      pattern == MaskPattern::P1111                                      ? 1
      : (pattern == MaskPattern::P0101 || pattern == MaskPattern::P1010) ? 2
                                                                         : 4;
  auto w = tileView(wide.getType()), n = tileView(narrow.getType());
  bool row = axis.getValue() == "row";
  int keep = row ? 0 : 1, pack = row ? 1 : 0;
  auto known = [](int64_t a, int64_t b) { return isStatic(a) && isStatic(b); };
  if (known(w->valid[keep], n->valid[keep]) && w->valid[keep] != n->valid[keep])
    return op->emitOpError()
           << "expects dst valid " << (row ? "rows" : "cols")
           << " to equal src valid " << (row ? "rows" : "cols") << " for "
           << axis.getValue() << " direction";
  if (known(w->valid[pack], n->valid[pack]) &&
      w->valid[pack] != n->valid[pack] * times)
    return op->emitOpError()
           << "expects " << wideName << " valid " << (row ? "cols" : "rows")
           << " to equal " << narrowName << " valid " << (row ? "cols" : "rows")
           << " times the mask expansion factor (" << times << ") for "
           << axis.getValue() << " direction";
  return success();
}

/// tgather's index form, as PTOAS checks it: src and dst share a gatherable
/// element type, i32 indices (A5 also i16), dst and indices valid as wide as
/// their tiles; on A2/A3 (and before PTOAS 0.60 on A5) a tmp of the indices'
/// type and valid shape.
static LogicalResult verifyGatherIndexForm(TGatherOp op) {
  bool a5 = targetArchOf(op) == TargetArch::a5;
  Value tmp = op.getTmp();
  if (!tmp && (!a5 || !ptoasAtLeast(op.getOperation(), 0, 60)))
    return op.emitOpError("index-form tgather expects both indices and tmp (a "
                          "scratch tile of the indices' type and valid shape; "
                          "only A5 with PTOAS >= 0.60 plans without it)");
  auto src = tileView(op.getSrc().getType()),
       dst = tileView(op.getDst().getType()),
       idx = tileView(op.getIndices().getType());
  if (!src || !dst || !idx)
    return success(); // verifyTileOp named the operand that is no tile
  if (src->elem != dst->elem)
    return op.emitOpError()
           << "expects src and dst to have the same element type, got "
           << src->elem << " and " << dst->elem;
  Type e = src->elem;
  unsigned bits = elementBits(e);
  bool ok = e.isF16() || e.isF32() ||
            (isa<IntegerType>(e) &&
             (bits == 16 || bits == 32 || (a5 && bits == 8))) ||
            (a5 && isa<FloatType>(e) && bits == 8);
  if (!ok)
    return op.emitOpError()
           << "expects " << (a5 ? "A5 " : "")
           << "gather src/dst element type to be "
           << (a5 ? "i8/i16/i32/f16/f32" : "i16/i32/f16/f32") << ", got " << e;
  auto ie = dyn_cast<IntegerType>(idx->elem);
  if (!ie || !(ie.getWidth() == 32 || (a5 && ie.getWidth() == 16)))
    return op.emitOpError() << "expects indices element type to be i32"
                            << (a5 ? " or i16" : "") << ", got " << idx->elem;
  auto wholeRows = [&](const TileView &t, StringRef name) -> LogicalResult {
    if (t.valid.size() == 2 && t.shape.size() == 2 && isStatic(t.valid[1]) &&
        isStatic(t.shape[1]) && t.valid[1] != t.shape[1])
      return op.emitOpError()
             << "expects " << name << " valid_shape[1] to equal " << name
             << " cols (" << t.shape[1] << "), got " << t.valid[1];
    return success();
  };
  if (failed(wholeRows(*dst, "dst")) || failed(wholeRows(*idx, "indices")))
    return failure();
  if (a5 || !tmp)
    return success();
  auto t = tileView(tmp.getType());
  if (!t)
    return success();
  if (t->elem != idx->elem)
    return op.emitOpError()
           << "expects tmp and indices to have the same element type, got "
           << t->elem << " and " << idx->elem;
  for (size_t i = 0; i < t->valid.size() && i < idx->valid.size(); ++i)
    if (!compatible(t->valid[i], idx->valid[i]))
      return op.emitOpError()
             << "expects indices and tmp to have the same valid_shape, got "
             << "valid_shape[" << i << "] " << idx->valid[i] << " and "
             << t->valid[i];
  return success();
}

LogicalResult TGatherOp::verify() {
  if (onMemrefs(*this))
    return success();
  bool mask = bool(getMaskPatternAttr()),
       compare = bool(getCdst()) || bool(getKValue());
  if (int(mask) + int(compare) + int(bool(getIndices())) != 1)
    return emitOpError(
        "expects exactly one tgather form: indices, compare (kValue + cdst) or "
        "maskPattern");
  if (getAxisAttr() && (!mask || !ptoasAtLeast(getOperation(), 0, 60)))
    return emitOpError(
        "takes an axis (\"row\" or \"col\") only in its mask-pattern form, "
        "from PTOAS 0.60 on");
  TileRules r;
  r.vec = r.rowMajor = true;
  if (failed(verifyTileOp(*this, r, {{"src", getSrc()}, {"dst", getDst()}})))
    return failure();
  if (mask && ptoasAtLeast(getOperation(), 0, 60)) {
    // PTOAS 0.60's mask-pattern form names the axis it packs along: the
    // pattern keeps 1 (P1111), 2 (P0101, P1010) or 4 of every 4 elements.
    StringAttr axis = getAxisAttr();
    if (!axis)
      return emitOpError("expects mask-pattern tgather to provide axis "
                         "attribute (`, \"row\"` or "
                         "`, \"col\"` after the src type; PTOAS >= 0.60)");
    if (failed(verifyMaskAxis(*this, getMaskPatternAttr().getValue(), axis,
                              /*wide=*/getSrc(), /*narrow=*/getDst(), "src",
                              "dst")))
      return failure();
  }
  if (getIndices())
    return verifyGatherIndexForm(*this);
  if (!compare)
    return success();
  if (!getCdst() || !getKValue() || !getTmp())
    return emitOpError(
        "compare-form tgather expects dst, cdst, kValue, and tmp");
  CmpMode mode = getCmpModeAttr() ? getCmpModeAttr().getValue() : CmpMode::eq;
  if (mode != CmpMode::eq && mode != CmpMode::gt)
    return emitOpError("expects compare-form tgather cmpMode to be eq or gt");
  Type e = elementTypeOf(getSrc().getType());
  if (targetArchOf(*this) == TargetArch::a3 &&
      !(e.isF16() || e.isF32() || (e.isInteger(32) && mode == CmpMode::eq)))
    return emitOpError() << "expects A2/A3 compare-form tgather src element "
                            "type to be f16/f32, "
                            "or i32 when cmpMode=eq, got "
                         << e;
  return success();
}

//===----------------------------------------------------------------------===//
// tscatter (two forms):
//   index : ins(%src, %indexes : T, Ti) outs(%dst : U)
//   mask  : ins(%src, {maskPattern = #pto.mask_pattern<..>} : T, "row"|"col")
//           outs(%dst : U)   (PTOAS 0.60)
//===----------------------------------------------------------------------===//

ParseResult TScatterOp::parse(OpAsmParser &p, OperationState &result) {
  Operand src, indexes, dst;
  Type tsrc, tidx, tdst;
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeyword("ins") || p.parseLParen() || p.parseOperand(src) ||
      p.parseComma())
    return failure();
  auto &props = result.getOrAddProperties<Properties>();
  bool mask = succeeded(p.parseOptionalLBrace());
  if (mask) {
    Attribute pattern;
    if (p.parseKeyword("maskPattern") || p.parseEqual() ||
        p.parseAttribute(pattern) || p.parseRBrace() || p.parseColonType(tsrc))
      return failure();
    props.maskPattern = dyn_cast<MaskPatternAttr>(pattern);
    if (!props.maskPattern)
      return p.emitError(at,
                         "expected #pto.mask_pattern<Pxxxx> for maskPattern");
    if (failed(parseOptionalMaskAxis(p, props.axis)))
      return failure();
  } else if (p.parseOperand(indexes) || p.parseColonType(tsrc) ||
             p.parseComma() || p.parseType(tidx)) {
    return failure();
  }
  if (p.parseRParen() || p.parseKeyword("outs") || p.parseLParen() ||
      p.parseOperand(dst) || p.parseColonType(tdst) || p.parseRParen() ||
      p.parseOptionalAttrDict(result.attributes) ||
      p.resolveOperand(src, tsrc, result.operands) ||
      (!mask && p.resolveOperand(indexes, tidx, result.operands)) ||
      p.resolveOperand(dst, tdst, result.operands))
    return failure();
  return success();
}

void TScatterOp::print(OpAsmPrinter &p) {
  p << " ins(" << getSrc() << ", ";
  SmallVector<StringRef, 2> elided;
  if (!printMaskPatternClause(*this, p, elided)) {
    p << getIndexes() << " : " << getSrc().getType() << ", "
      << getIndexes().getType();
  }
  p << ") outs(" << getDst() << " : " << getDst().getType() << ")";
  ptonz::printAttrDict(p, *this, elided);
}

LogicalResult TScatterOp::verify() {
  if (onMemrefs(*this))
    return success();
  bool mask = bool(getMaskPatternAttr());
  if (mask == bool(getIndexes()))
    return emitOpError(
        "expects exactly one of indexes operand or maskPattern attribute");
  if (getAxisAttr() && !mask)
    return emitOpError(
        "takes an axis (\"row\" or \"col\") only in its mask-pattern form");
  TileRules rules = TileRules::vecUnary();
  rules.sameValid = !mask; // a mask pattern spreads src over a wider dst
  if (failed(
          verifyTileOp(*this, rules, {{"src", getSrc()}, {"dst", getDst()}})))
    return failure();
  if (!mask)
    return success();
  if (!ptoasAtLeast(getOperation(), 0, 60))
    return emitOpError("takes a mask pattern from PTOAS 0.60 on");
  StringAttr axis = getAxisAttr();
  if (!axis)
    return emitOpError("expects mask-pattern tscatter to provide axis "
                       "attribute (`, \"row\"` or `, \"col\"` after the src "
                       "type)");
  return verifyMaskAxis(*this, getMaskPatternAttr().getValue(), axis,
                        /*wide=*/getDst(), /*narrow=*/getSrc(), "dst", "src");
}

//===----------------------------------------------------------------------===//
// tmrgsort
//   format1: ins(%src, %blockLen : T, iN) outs(%dst : T)
//   format2: ins(%s0, %s1[, %s2[, %s3]], %tmp {exhausted = b} : ...) outs(%dst,
//   %executed : ...)
//===----------------------------------------------------------------------===//

ParseResult TMrgSortOp::parse(OpAsmParser &p, OperationState &result) {
  SmallVector<Operand, 5> ins;
  SmallVector<Type, 5> insTypes;
  auto &props = result.getOrAddProperties<Properties>();
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeyword("ins") || p.parseLParen() || p.parseOperandList(ins))
    return failure();
  // PTOAS 0.60 writes a format2 sort whose tmp it plans as `%s0, %s1 no_tmp`.
  bool noTmp = succeeded(p.parseOptionalKeyword("no_tmp"));
  bool format1 = ins.size() == 2 && !noTmp;
  size_t withTmp = ins.size() + (noTmp ? 1 : 0);
  if (!format1 && (withTmp < 3 || withTmp > 5))
    return p.emitError(
        at, "tmrgsort expects ins(src, blockLen) or 2 to 4 srcs plus a tmp "
            "(or `no_tmp`)");
  if (!format1 && succeeded(p.parseOptionalLBrace())) {
    bool value;
    StringRef kw;
    if (p.parseKeyword("exhausted") || p.parseEqual() || p.parseKeyword(&kw) ||
        p.parseRBrace())
      return failure();
    value = kw == "true";
    props.exhausted = p.getBuilder().getBoolAttr(value);
  }
  if (p.parseColonTypeList(insTypes) || p.parseRParen())
    return failure();
  if (insTypes.size() != ins.size())
    return p.emitError(at) << "expected " << ins.size()
                           << " types in tmrgsort ins(...)";
  SmallVector<Operand, 2> outs;
  SmallVector<Type, 2> outsTypes;
  if (p.parseKeyword("outs") || p.parseLParen() || p.parseOperandList(outs) ||
      p.parseColonTypeList(outsTypes) || p.parseRParen())
    return failure();
  if (outs.size() != (format1 ? 1u : 2u) || outsTypes.size() != outs.size())
    return p.emitError(at) << "tmrgsort expects "
                           << (format1 ? "outs(dst)" : "outs(dst, executed)");
  if (p.parseOptionalAttrDict(result.attributes))
    return failure();
  if (format1) {
    props.operandSegmentSizes = {1, 1, 1, 0, 0};
    return p.resolveOperands({ins[0], ins[1], outs[0]},
                             {insTypes[0], insTypes[1], outsTypes[0]}, at,
                             result.operands);
  }
  int32_t nSrcs = ins.size() - (noTmp ? 0 : 1);
  props.operandSegmentSizes = {nSrcs, 0, 1, noTmp ? 0 : 1, 1};
  if (p.resolveOperands(ArrayRef<Operand>(ins).take_front(nSrcs),
                        ArrayRef<Type>(insTypes).take_front(nSrcs), at,
                        result.operands))
    return failure();
  if (noTmp)
    return p.resolveOperands({outs[0], outs[1]}, {outsTypes[0], outsTypes[1]},
                             at, result.operands);
  return p.resolveOperands({outs[0], ins.back(), outs[1]},
                           {outsTypes[0], insTypes.back(), outsTypes[1]}, at,
                           result.operands);
}

void TMrgSortOp::print(OpAsmPrinter &p) {
  if (getBlockLen()) {
    p << " ins(" << getSrcs().front() << ", " << getBlockLen() << " : "
      << getSrcs().front().getType() << ", " << getBlockLen().getType() << ")";
    printOuts(p, getDsts().front());
  } else {
    p << " ins(" << getSrcs();
    if (getTmp())
      p << ", " << getTmp();
    else
      p << " no_tmp";
    p << " {exhausted = " << (getExhausted() ? "true" : "false") << "} : ";
    llvm::interleaveComma(getSrcs().getTypes(), p);
    if (getTmp())
      p << ", " << getTmp().getType();
    p << ") outs(" << getDsts().front() << ", " << getExcuted() << " : "
      << getDsts().front().getType() << ", " << getExcuted().getType() << ")";
  }
  ptonz::printAttrDict(p, *this, {"operandSegmentSizes", "exhausted"});
}

LogicalResult TMrgSortOp::verify() {
  bool format1 =
      getSrcs().size() == 1 && getBlockLen() && getDsts().size() == 1;
  // PTOAS 0.60 plans a format2 tmp itself (`no_tmp`).
  bool format2 = getSrcs().size() >= 2 && getSrcs().size() <= 4 &&
                 (getTmp() || ptoasAtLeast(getOperation(), 0, 60)) &&
                 getDsts().size() == 1 && getExcuted();
  if (format2 && failed(verifyImplicitTmp(*this, getTmp())))
    return failure();
  if (!format1 && !format2)
    return emitOpError(
        "expects format1 ins(src, blockLen) outs(dst) or format2 ins(2 to 4 "
        "srcs, tmp) outs(dst, executed)");
  TileRules r;
  r.vec = r.sameElem = true;
  if (failed(verifyTileOp(
          *this, r, {{"src", getSrcs().front()}, {"dst", getDsts().front()}})))
    return failure();
  if (!format2 || !getTmp() || onMemrefs(*this) ||
      !ptoasAtLeast(getOperation(), 0, 60))
    return success();
  // PTOAS 0.60: format2 merges the sources through tmp: as wide as dst, and as
  // all the sources together.
  auto tmp = tileView(getTmp().getType()),
       dst = tileView(getDsts().front().getType());
  if (!tmp || !dst || tmp->shape.size() != 2 || dst->shape.size() != 2)
    return success();
  if (tmp->shape[1] < dst->shape[1])
    return emitOpError() << "format2 expects tmp.cols >= dst.cols ("
                         << dst->shape[1] << "), got " << tmp->shape[1];
  int64_t sum = 0;
  for (Value v : getSrcs()) {
    auto src = tileView(v.getType());
    if (!src || src->shape.size() != 2 || !isStatic(src->shape[1]))
      return success();
    sum += src->shape[1];
  }
  if (tmp->shape[1] < sum)
    return emitOpError() << "format2 expects tmp.cols >= sum(src.cols) = "
                         << sum << ", got " << tmp->shape[1];
  return success();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult TExpandsOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto dst = tileView(getDst().getType());
  if (!dst || !dst->buf)
    return emitOpError() << "expects dst to be a !pto.tile_buf, got "
                         << getDst().getType();
  if (dst->space != AddressSpace::vec && dst->space != AddressSpace::mat)
    return emitOpError("expects dst to be in the vec or mat address space");
  if (getScalar().getType() != dst->elem)
    return emitOpError()
           << "expects the scalar type to be the dst element type " << dst->elem
           << ", got " << getScalar().getType();
  return success();
}

LogicalResult TCmpOp::verify() {
  if (onMemrefs(*this))
    return success();
  TileRules r;
  r.vec = r.sameElem = r.sameElemInputsOnly = true;
  if (failed(verifyTileOp(
          *this, r,
          {{"src0", getSrc0()}, {"src1", getSrc1()}, {"dst", getDst()}})))
    return failure();
  if (!elementTypeOf(getDst().getType()).isInteger(8))
    return emitOpError() << "expects dst (a packed predicate mask) to have "
                            "element type i8, got "
                         << elementTypeOf(getDst().getType());
  return success();
}

LogicalResult TSelOp::verify() {
  TileRules r;
  r.rowMajor = r.sameElem = true;
  if (failed(verifyTileOp(
          *this, r,
          {{"src0", getSrc0()}, {"src1", getSrc1()}, {"dst", getDst()}})))
    return failure();
  if (onMemrefs(*this))
    return success();
  if (failed(verifyImplicitTmp(*this, getTmp())))
    return failure();
  Type e = elementTypeOf(getSrc0().getType());
  auto i = dyn_cast<IntegerType>(e);
  bool a5 = targetArchOf(*this) == TargetArch::a5;
  // PTOAS 0.60 also selects bf16.
  bool bf16 = ptoasAtLeast(getOperation(), 0, 60);
  bool ok = e.isF16() || e.isF32() || (bf16 && e.isBF16()) ||
            (i && (i.getWidth() == 16 || i.getWidth() == 32 ||
                   (a5 && i.getWidth() == 8)));
  if (!ok)
    return emitOpError() << "expects " << archName(targetArchOf(*this))
                         << " tsel src0, src1, and dst element type to be "
                         << (a5 ? "i8/" : "") << "i16/i32/f16/"
                         << (bf16 ? "bf16/" : "") << "f32, got " << e;
  // PTOAS 0.60's A2/A3 tsel expands the mask into a tmp of 4-byte elements:
  // 16 bytes of it for 16-bit data, 8 for 32-bit.
  if (a5 || !ptoasAtLeast(getOperation(), 0, 60))
    return success();
  if (!getTmp()) // PTOAS 0.60 plans it
    return success();
  auto tmp = tileView(getTmp().getType());
  if (!tmp)
    return success();
  if (elementBits(tmp->elem) != 32)
    return emitOpError() << "expects A2/A3 tsel tmp element type to be 4 "
                            "bytes wide, got "
                         << tmp->elem;
  return verifyTmpCapacity(*this, getTmp(), elementBits(e) == 16 ? 16 : 8,
                           "the expanded select mask");
}

//===----------------------------------------------------------------------===//
// tsels: ins(%mask, %src[, %tmp], %scalar : ...) outs(%dst : T); the tmp is
// optional from PTOAS 0.60 on (three ins: no tmp).
//===----------------------------------------------------------------------===//

ParseResult TSelSOp::parse(OpAsmParser &p, OperationState &result) {
  SmallVector<Operand, 4> ins;
  SmallVector<Type, 4> types;
  Operand dst;
  Type dstType;
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeyword("ins") || p.parseLParen() || p.parseOperandList(ins) ||
      p.parseColonTypeList(types) || p.parseRParen() ||
      p.parseKeyword("outs") || p.parseLParen() || p.parseOperand(dst) ||
      p.parseColonType(dstType) || p.parseRParen() ||
      p.parseOptionalAttrDict(result.attributes))
    return failure();
  if ((ins.size() != 3 && ins.size() != 4) || types.size() != ins.size())
    return p.emitError(at, "tsels expects ins(mask, src[, tmp], scalar) with "
                           "one type per operand");
  return failure(p.resolveOperands(ins, types, at, result.operands) ||
                 p.resolveOperand(dst, dstType, result.operands));
}

void TSelSOp::print(OpAsmPrinter &p) {
  SmallVector<Value, 4> ins{getMask(), getSrc()};
  if (getTmp())
    ins.push_back(getTmp());
  ins.push_back(getScalar());
  p << " ins(";
  p.printOperands(ins);
  p << " : ";
  llvm::interleaveComma(ValueRange(ins).getTypes(), p);
  p << ")";
  printOuts(p, getDst());
  ptonz::printAttrDict(p, *this);
}

LogicalResult TSelSOp::verify() {
  if (failed(verifyImplicitTmp(*this, getTmp())))
    return failure();
  return verifyTileOp(*this, TileRules::vecUnary(),
                      {{"src", getSrc()}, {"dst", getDst()}});
}

LogicalResult TCmpSOp::verify() {
  TileRules r;
  r.vec = true;
  return verifyTileOp(*this, r, {{"src", getSrc()}, {"dst", getDst()}});
}

//===----------------------------------------------------------------------===//
// tprelu / trem / txor: ins(%src0, %src1[, %tmp] : ...) outs(%dst : T)
//===----------------------------------------------------------------------===//

/// The shared part: src0, src1 and dst are like tiles of a binary op; the tmp
/// is optional from PTOAS 0.60 on. Below 0.60 the tmp is a tile like the
/// data; from 0.60 on a vec tile that the op's own rule checks (`tmpRule`).
template <typename OpT>
static LogicalResult
verifyBinaryOptTmp(OpT op, llvm::function_ref<LogicalResult()> tmpRule) {
  if (onMemrefs(op))
    return success();
  if (failed(verifyImplicitTmp(op, op.getTmp())))
    return failure();
  bool since060 = ptoasAtLeast(op.getOperation(), 0, 60);
  TileRules rules = TileRules::vecBinary();
  if (failed(op.getTmp() && !since060 ? verifyTileOp(op, rules,
                                                     {{"src0", op.getSrc0()},
                                                      {"src1", op.getSrc1()},
                                                      {"tmp", op.getTmp()},
                                                      {"dst", op.getDst()}})
                                      : verifyTileOp(op, rules,
                                                     {{"src0", op.getSrc0()},
                                                      {"src1", op.getSrc1()},
                                                      {"dst", op.getDst()}})))
    return failure();
  if (!op.getTmp() || !since060)
    return success();
  auto tmp = tileView(op.getTmp().getType());
  if (!tmp || tmp->space != AddressSpace::vec)
    return op.emitOpError("expects tmp to be in the vec address space");
  return targetArchOf(op) == TargetArch::a5 ? success() : tmpRule();
}

LogicalResult TPReluOp::verify() {
  return verifyBinaryOptTmp(*this, [&]() -> LogicalResult {
    // PTOAS 0.60 on A2/A3: a u8 mask tile, one row more than dst's valid
    // rows, a bit per dst valid column.
    auto tmp = tileView(getTmp().getType()), dst = tileView(getDst().getType());
    auto t = dyn_cast<IntegerType>(tmp->elem);
    if (!t || t.getWidth() != 8)
      return emitOpError("expects A2/A3 tmp element type to be u8");
    if (isStatic(dst->valid[0]) && isStatic(tmp->shape[0]) &&
        tmp->shape[0] < dst->valid[0] + 1)
      return emitOpError() << "expects A2/A3 tmp shape[0] to be at least dst "
                              "valid_shape[0] + 1 ("
                           << dst->valid[0] + 1 << ")";
    if (isStatic(dst->valid[1]) && isStatic(tmp->valid[1]) &&
        tmp->valid[1] < llvm::divideCeil(dst->valid[1], int64_t{8}))
      return emitOpError() << "expects A2/A3 tmp valid_shape[1] to be at least "
                              "ceil(dst valid_shape[1] / 8) ("
                           << llvm::divideCeil(dst->valid[1], int64_t{8})
                           << ")";
    return success();
  });
}

LogicalResult TRemOp::verify() {
  return verifyBinaryOptTmp(*this, [&]() -> LogicalResult {
    // PTOAS 0.60 on A2/A3: dst's element type, two rows, dst's valid cols.
    auto tmp = tileView(getTmp().getType()), dst = tileView(getDst().getType());
    if (tmp->elem != dst->elem)
      return emitOpError("expects tmp and dst to have the same element type");
    if (isStatic(tmp->valid[0]) && tmp->valid[0] < 2)
      return emitOpError("expects A2/A3 tmp valid_shape[0] to be at least 2");
    if (isStatic(dst->valid[1]) && isStatic(tmp->valid[1]) &&
        tmp->valid[1] < dst->valid[1])
      return emitOpError(
          "expects A2/A3 tmp valid columns to cover dst valid columns");
    return success();
  });
}

LogicalResult TXorOp::verify() {
  return verifyBinaryOptTmp(*this, [&]() -> LogicalResult {
    TileRules r = TileRules::vecBinary();
    return verifyTileOp(*this, r, {{"tmp", getTmp()}, {"dst", getDst()}});
  });
}

LogicalResult TFillPadOp::verify() {
  if ((*this)->hasAttr("mode") && ptoasAtLeast(getOperation(), 0, 60))
    return emitOpError("does not accept 'mode' (PTOAS 0.60 infers the "
                       "TFILLPAD lowering from the shapes and addresses)");
  auto src = dyn_cast<TileBufType>(getSrc().getType());
  auto dst = dyn_cast<TileBufType>(getDst().getType());
  if (src && dst && src.getLoc() == AddressSpace::mat &&
      dst.getLoc() == AddressSpace::mat &&
      ptoasAtLeast(getOperation(), 0, 60)) {
    // pto-isa's TFILLPAD has only its homogeneous overload for mat tiles.
    if (src != dst)
      return emitOpError("expects src and dst of a loc=mat tfillpad to have "
                         "the same tile type (valid shape and pad included)");
    return success();
  }
  return verifyTileOp(*this, TileRules::fillPad(),
                      {{"src", getSrc()}, {"dst", getDst()}});
}

LogicalResult TQuantOp::verify() {
  QuantType q = getQuantType();
  if (q != QuantType::INT8_SYM && q != QuantType::INT8_ASYM)
    return emitOpError("expects plain tquant quant_type to be INT8_SYM or "
                       "INT8_ASYM; use pto.tquant.mx for MX quantization");
  bool since060 = ptoasAtLeast(getOperation(), 0, 60);
  if (getTmp() && !since060)
    return emitOpError("takes a tmp tile from PTOAS 0.60 on");
  auto dst = dyn_cast<IntegerType>(elementTypeOf(getDst().getType()));
  // PTOAS 0.60 asks for an 8-bit dst only (it ignores the signedness).
  bool dst8 = dst && dst.getWidth() == 8;
  if (q == QuantType::INT8_SYM) {
    if (!dst8 || (!since060 && dst.isUnsigned()))
      return emitOpError() << "expects dst element type "
                           << (since060 ? "i8/ui8" : "i8")
                           << " for INT8_SYM quantization";
    if (getOffset())
      return emitOpError(
          "INT8_SYM quantization must not have an offset operand");
  } else {
    if (!dst8 || (!since060 && !dst.isUnsigned()))
      return emitOpError() << "expects dst element type "
                           << (since060 ? "i8/ui8" : "ui8")
                           << " for INT8_ASYM quantization";
    if (!getOffset())
      return emitOpError(
          "INT8_ASYM quantization requires an offset operand (the zero-point "
          "tile): ins(%src, %fp, %offset : ...)");
  }
  if (onMemrefs(*this))
    return success();
  if (!elementTypeOf(getSrc().getType()).isF32())
    return emitOpError("expects src to have element type f32");
  if (getTmp() && !elementTypeOf(getTmp().getType()).isF32())
    return emitOpError("expects tmp to have element type f32");
  if (!since060)
    return success();
  // PTOAS 0.60's tile rules: src and dst share their valid shape; on A2/A3
  // they are row-major, the tmp is src's twin, and fp / offset are
  // non-row-major per-row columns (valid [dst rows, 1]).
  auto src = tileView(getSrc().getType()), d = tileView(getDst().getType());
  if (!src || !d || src->valid.size() != 2 || d->valid.size() != 2)
    return success();
  auto agree = [](int64_t a, int64_t b) {
    return !isStatic(a) || !isStatic(b) || a == b;
  };
  if (!agree(src->valid[0], d->valid[0]) || !agree(src->valid[1], d->valid[1]))
    return emitOpError("expects src and dst to have the same valid_shape");
  if (targetArchOf(*this) == TargetArch::a5)
    return success();
  auto rowMajor = [](const TileView &t) {
    return !t.buf || t.buf.getBlayout() == BLayout::row_major;
  };
  if (!rowMajor(*src) || !rowMajor(*d))
    return emitOpError("expects A2/A3 src and dst to use row-major layout");
  if (Value tmp = getTmp()) {
    auto t = tileView(tmp.getType());
    if (t && (!rowMajor(*t) || t->shape != src->shape ||
              !agree(t->valid[0], src->valid[0]) ||
              !agree(t->valid[1], src->valid[1])))
      return emitOpError("expects A2/A3 tmp to be a row-major tile of src's "
                         "shape and valid shape");
  }
  for (auto [name, v] : {std::pair<StringRef, Value>{"fp", getFp()},
                         std::pair<StringRef, Value>{"offset", getOffset()}}) {
    if (!v)
      continue;
    auto t = tileView(v.getType());
    if (!t || t->valid.size() != 2)
      continue;
    if (rowMajor(*t))
      return emitOpError() << "expects A2/A3 " << name
                           << " to use non-row-major layout";
    if (!agree(t->valid[0], d->valid[0]) || !agree(t->valid[1], 1))
      return emitOpError() << "expects A2/A3 " << name
                           << " valid_shape to be [dst valid rows, 1]";
  }
  // Without a tmp PTOAS 0.60 plans an f32 twin of src on A2/A3
  // (pto-materialize-implicit-tmp), which needs src's valid shape static.
  if (getTmp())
    return success();
  if (failed(verifyImplicitTmp(*this, getTmp())))
    return failure();
  if (src->valid.size() == 2 &&
      (!isStatic(src->valid[0]) || !isStatic(src->valid[1])))
    return emitOpError(
        "requires static tile_buf src to materialize implicit tquant tmp "
        "(PTOAS plans the A2/A3 tmp from src's valid shape): give an f32 tmp "
        "of src's shape, outs(%dst, %tmp : ...)");
  return success();
}

LogicalResult TSort32Op::verify() {
  // PTOAS 0.60 at level3 (no PlanMemory) plans no tmp, on any arch; one is
  // needed unless the width is known to be a multiple of 32.
  if (getTmp() || !planMemorySkipped(getContext()))
    return success();
  auto src = tileView(getSrc().getType());
  if (!src || src->valid.size() != 2)
    return success();
  int64_t width = src->valid[1];
  if (isStatic(width) && width % 32 == 0)
    return success();
  return emitOpError()
         << "requires explicit tmp for tsort32 with dynamic or non-32-aligned "
            "width when PlanMemory is skipped (--pto-level=level3): give a "
            "tmp tile of src's shape, ins(%src, %idx, %tmp : ...)";
}

LogicalResult TDequantOp::verify() {
  TileRules r;
  r.vec = true;
  return verifyTileOp(*this, r, {{"src", getSrc()}, {"dst", getDst()}});
}

LogicalResult THistogramOp::verify() {
  if (targetArchOf(*this) != TargetArch::a5)
    return emitOpError(
        "thistogram is only supported on A5 (ptoas --pto-arch=a5)");
  // PTOAS 0.60 selects the histogram byte with `byte` (0..3, default 1);
  // 0.27's `isMSB` is byte 1 (true) or 0 (false).
  if (ptoasAtLeast(getOperation(), 0, 60)) {
    auto byteAttr = (*this)->getAttrOfType<IntegerAttr>("byte");
    int64_t byte = byteAttr ? byteAttr.getInt() : 1;
    if (BoolAttr isMSB = getIsMSBAttr()) {
      int64_t legacy = isMSB.getValue() ? 1 : 0;
      if (byteAttr && byte != legacy)
        return emitOpError() << "does not allow conflicting 'byte' (" << byte
                             << ") and legacy 'isMSB' (" << isMSB.getValue()
                             << ") attributes; write only `byte`";
      byte = legacy;
    }
    if (byte < 0 || byte > 3)
      return emitOpError() << "expects byte to be in range [0, 3], got "
                           << byte;
    auto src = tileView(getSrc().getType());
    if (src && src->elem.isInteger(16) && byte > 1)
      return emitOpError() << "expects byte to be 0 or 1 when src element "
                              "type is ui16 (a 16-bit value has two bytes), "
                              "got "
                           << byte;
  }
  TileRules r;
  r.vec = true;
  return verifyTileOp(
      *this, r, {{"src", getSrc()}, {"idx", getIdx()}, {"dst", getDst()}});
}

ParseResult TCIOp::parse(OpAsmParser &p, OperationState &result) {
  OpAsmParser::UnresolvedOperand s, tmp, dst;
  Type sType, tmpType, dstType;
  if (p.parseKeyword("ins") || p.parseLParen() || p.parseOperand(s) ||
      p.parseOptionalAttrDict(result.attributes)) // PTOAS 0.27's place
    return failure();
  bool hasTmp = succeeded(p.parseOptionalComma());
  if ((hasTmp && p.parseOperand(tmp)) || p.parseColonType(sType) ||
      (hasTmp && (p.parseComma() || p.parseType(tmpType))) || p.parseRParen() ||
      p.parseKeyword("outs") || p.parseLParen() || p.parseOperand(dst) ||
      p.parseColonType(dstType) || p.parseRParen() ||
      p.parseOptionalAttrDict(result.attributes)) // PTOAS 0.60's place
    return failure();
  if (p.resolveOperand(s, sType, result.operands) ||
      (hasTmp && p.resolveOperand(tmp, tmpType, result.operands)) ||
      p.resolveOperand(dst, dstType, result.operands))
    return failure();
  return success();
}

void TCIOp::print(OpAsmPrinter &p) {
  bool form060 = getTmp() || ptoasAtLeast(getOperation(), 0, 60);
  SmallVector<StringRef, 1> elided;
  if (!getDescending())
    elided.push_back("descending");
  p << " ins(" << getS();
  if (!form060)
    ptonz::printAttrDict(p, *this, elided);
  if (getTmp())
    p << ", " << getTmp();
  p << " : " << getS().getType();
  if (getTmp())
    p << ", " << getTmp().getType();
  p << ") outs(" << getDst() << " : " << getDst().getType() << ')';
  if (form060)
    ptonz::printAttrDict(p, *this, elided);
}

LogicalResult TCIOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto dst = tileView(getDst().getType());
  if (!dst || !dst->buf)
    return emitOpError("expects dst to be a !pto.tile_buf");
  auto e = dyn_cast<IntegerType>(dst->elem);
  if (!e || (e.getWidth() != 16 && e.getWidth() != 32))
    return emitOpError("expects dst element type to be i16/i32");
  if (getS().getType() != dst->elem)
    return emitOpError(
        "expects S and dst element type to be exactly the same type");
  if (isStatic(dst->shape[1]) && dst->shape[1] == 1)
    return emitOpError("expects dst cols to be different from 1");
  // PTOAS 0.60's tci takes a scratch tile, which it plans itself but on
  // A2/A3 at level3 (0.27's tci has none).
  if (!getTmp() && implicitTmpRefused(*this))
    return emitOpError("requires explicit tmp when --pto-level=level3 on A2/A3 "
                       "(PTOAS 0.60 skips "
                       "PlanMemory there and plans no implicit tmp)");
  // Its A2/A3 scratch: a row-major none_box vec tile of 4-byte elements
  // holding the index ramp, 768 bytes for 32-bit dst, 1792 for 16-bit.
  if (!getTmp() || targetArchOf(*this) == TargetArch::a5)
    return success();
  auto tmp = tileView(getTmp().getType());
  if (!tmp || !tmp->buf)
    return emitOpError("expects tmp to be a !pto.tile_buf");
  TileBufType t = tmp->buf;
  if (t.getLoc() != AddressSpace::vec)
    return emitOpError("expects tmp to be in vec address space");
  if (!(t.getElementType().isF32() || t.getElementType().isInteger(32)))
    return emitOpError() << "expects A2/A3 tmp element type to be a 4-byte "
                            "type (f32 or i32), got "
                         << t.getElementType();
  if (t.getBlayout() != BLayout::row_major ||
      t.getSlayout() != SLayout::none_box || t.getFractal() != 512)
    return emitOpError("expects tmp to be row_major, none_box, fractal 512");
  int64_t need = e.getWidth() == 32 ? 768 : 1792;
  if (t.getRows() * t.getCols() * 4 < need)
    return emitOpError() << "expects A2/A3 tmp capacity to be at least " << need
                         << " bytes for " << e.getWidth()
                         << "-bit dst element type, got "
                         << t.getRows() * t.getCols() * 4 << " bytes";
  return success();
}

LogicalResult TTriOp::verify() {
  if (getUpperOrLower() != 0 && getUpperOrLower() != 1)
    return emitOpError("expects upperOrLower to be 0 (lower) or 1 (upper)");
  TileRules r;
  r.vec = r.rowMajor = true;
  return verifyTileOp(*this, r, {{"dst", getDst()}});
}

LogicalResult TRandomOp::verify() {
  if (targetArchOf(*this) != TargetArch::a5)
    return emitOpError(
        "trandom is only supported for A5 targets (ptoas --pto-arch=a5)");
  if (getRounds() != 7 && getRounds() != 10)
    return emitOpError("expects rounds to be 7 or 10");
  return success();
}

LogicalResult TSetValOp::verify() {
  Type e = elementTypeOf(getDst().getType());
  if (!onMemrefs(*this) && e && e != getVal().getType())
    return emitOpError() << "expects val type to match dst element type " << e;
  return success();
}

LogicalResult TGetValOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = tileView(getSrc().getType());
  if (!src)
    return emitOpError("expects src to be tile_buf or memref type");
  if (src->space == AddressSpace::mat)
    return emitOpError(
        "the scalar unit cannot read a mat tile_buf (tgetval reads vec tiles)");
  if (src->space != AddressSpace::vec)
    return emitOpError("expects src memory space to be vec");
  if (src->elem != getDst().getType())
    return emitOpError("expects dst type to match src element type");
  return success();
}

LogicalResult TPackOp::verify() {
  if (onMemrefs(*this))
    return success();
  if (targetArchOf(*this) != TargetArch::a5)
    return emitOpError(
        "tpack is only supported on A5 targets (ptoas --pto-arch=a5)");
  TileRules r;
  r.vec = r.rowMajor = r.sameValid = true;
  return verifyTileOp(*this, r, {{"src", getSrc()}, {"dst", getDst()}});
}

//===----------------------------------------------------------------------===//
// tcolargmax / tcolargmin / trowargmax / trowargmin
//===----------------------------------------------------------------------===//

LogicalResult ptonz::pto::verifyArgReduce(Operation *op, Value src, Value tmp,
                                          Value dst, bool col) {
  if (onMemrefs(op))
    return success();
  auto s = tileView(src.getType()), d = tileView(dst.getType());
  if (!s || !d || s->valid.size() != 2 || d->valid.size() != 2)
    return success();
  unsigned bits = elementBits(s->elem);
  if (!isa<IntegerType, FloatType>(s->elem) ||
      !(bits == 8 || bits == 16 || bits == 32))
    return op->emitOpError() << "expects src element type to be 1, 2, or 4 "
                                "bytes wide, got "
                             << s->elem;
  if (col && isStatic(d->valid[0]) && d->valid[0] != 1)
    return op->emitOpError()
           << "expects dst valid_shape[0] to be 1 (one index per column), got "
           << d->valid[0];
  for (int i = 0; i < 2; ++i)
    if (s->valid[i] == 0)
      return op->emitOpError()
             << "expects src valid_shape[" << i
             << "] to be non-zero (an arg reduction of no elements has no "
                "index to write)";
  // PTOAS 0.60's A2/A3 scratch: per 256-byte repeat of a src row, a value
  // and an index block (counted in 32-byte blocks of the element type).
  if (!tmp || targetArchOf(op) != TargetArch::a3 || !ptoasAtLeast(op, 0, 60))
    return success();
  auto t = tileView(tmp.getType());
  if (!t || t->valid.size() != 2 || !isStatic(s->valid[1]))
    return success();
  int64_t repeat = 2048 / bits, block = 256 / bits;
  if (!col && s->valid[1] <= repeat)
    return success(); // the small-column path has a layout of its own
  if (col && isStatic(t->valid[0]) && t->valid[0] < 1)
    return op->emitOpError()
           << "expects A2/A3 tmp valid_shape[0] to be at least 1, got "
           << t->valid[0];
  int64_t repeats = (s->valid[1] + repeat - 1) / repeat;
  int64_t minCols =
      ((repeats * 2 + block - 1) / block + (repeats + block - 1) / block) *
      block;
  if (isStatic(t->valid[1]) && t->valid[1] < minCols)
    return op->emitOpError()
           << "expects A2/A3 tmp valid_shape[1] to be at least " << minCols
           << " for src valid_shape[1] = " << s->valid[1] << ", got "
           << t->valid[1];
  return success();
}

//===----------------------------------------------------------------------===//
// trems / txors: the scratch tile PTOAS 0.60's A2/A3 lowering uses
//===----------------------------------------------------------------------===//

LogicalResult ptonz::pto::verifyScalarOpTmp(Operation *op, Value tmp, Value dst,
                                            bool wholeDst) {
  if (!tmp || onMemrefs(op) || targetArchOf(op) != TargetArch::a3 ||
      !ptoasAtLeast(op, 0, 60))
    return success();
  auto t = tileView(tmp.getType()), d = tileView(dst.getType());
  if (!t || !d || t->valid.size() != 2 || d->valid.size() != 2 ||
      d->shape.size() != 2)
    return success();
  if (t->elem != d->elem)
    return op->emitOpError()
           << "expects tmp to have the same element type as src and dst, got "
           << t->elem << " and " << d->elem;
  int64_t bytes = elementBits(d->elem) / 8;
  if (wholeDst) {
    if (t->buf && t->buf.getBlayout() != BLayout::row_major)
      return op->emitOpError("expects tmp to use row-major layout "
                             "(blayout=row_major)");
    return verifyTmpCapacity(op, tmp, d->shape[0] * d->shape[1] * bytes,
                             "the whole dst tile");
  }
  if (isStatic(t->valid[0]) && t->valid[0] < 1)
    return op->emitOpError()
           << "expects A2/A3 tmp valid_shape[0] to be at least 1, got "
           << t->valid[0];
  if (isStatic(t->valid[1]) && isStatic(d->valid[1]) &&
      t->valid[1] < d->valid[1])
    return op->emitOpError()
           << "expects A2/A3 tmp valid columns to cover dst valid columns ("
           << d->valid[1] << "), got " << t->valid[1];
  return verifyTmpCapacity(op, tmp, d->shape[1] * bytes, "one dst row");
}
