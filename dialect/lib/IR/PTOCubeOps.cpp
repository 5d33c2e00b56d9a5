//===- PTOCubeOps.cpp - cube-buffer moves and sub-tiles -------------------===//

#include "ptonz/PTOVerify.h"

using namespace mlir;
using namespace ptonz::pto;

/// The block layout ptoas reads a tile with: its parser forces left tiles to
/// row_major on A2/A3 and col_major on A5, whatever the text says.
static BLayout effectiveBLayout(TileBufType t, TargetArch arch) {
  if (t.getLoc() != AddressSpace::left)
    return t.getBlayout();
  return arch == TargetArch::a5 ? BLayout::col_major : BLayout::row_major;
}

static bool isNDTile(TileBufType t) {
  return t.getBlayout() == BLayout::row_major &&
         t.getSlayout() == SLayout::none_box;
}
static bool isNZTile(TileBufType t) {
  return t.getBlayout() == BLayout::col_major &&
         t.getSlayout() == SLayout::row_major;
}

//===----------------------------------------------------------------------===//
// Cube buffer moves
//===----------------------------------------------------------------------===//

OperationName::PrintAssemblyFn TMovOp::getPrintAssemblyFn() {
  return [](Operation *op, OpAsmPrinter &p, StringRef defaultDialect) {
    auto mov = cast<TMovOp>(op);
    if (mov.getPreQuantScalar() && !mov.getFp()) {
      p.printGenericOp(op, /*printOpName=*/true);
      return;
    }
    OpState::printOpName(op, p, defaultDialect);
    mov.print(p);
  };
}

/// PTOAS 0.60's A5 X-to-ZZ tmov: MX exponents (ui8, hif8 or f8E8M0) from an
/// ND (grpAxis = axis1, the default) or DN (axis0) vec tile into ZZ boxes,
/// through a vec scratch tile; capacities as PTOAS 0.60 checks them.
static LogicalResult verifyTMovXToZZ(TMovOp op, TileBufType src,
                                     TileBufType dst) {
  if (targetArchOf(op) != TargetArch::a5)
    return op.emitOpError("X-to-ZZ tmov is only supported on A5");
  if (op.getNumResults() != 0 || op.getPreQuantScalar() ||
      op.getAccToVecModeAttr() || op.getReluPreMode() != ReluPreMode::no_relu)
    return op.emitOpError("expects the X-to-ZZ tmov form to have no result, "
                          "preQuantScalar, accToVecMode or reluPreMode");
  auto tmp = dyn_cast<TileBufType>(op.getFp().getType());
  if (!tmp || src.getLoc() != AddressSpace::vec ||
      dst.getLoc() != AddressSpace::vec || tmp.getLoc() != AddressSpace::vec)
    return op.emitOpError("expects X-to-ZZ src/dst/tmp to be vec tiles");
  if (op.getSrc() == op.getDst() || op.getSrc() == op.getFp() ||
      op.getDst() == op.getFp())
    return op.emitOpError(
        "expects X-to-ZZ src, dst, and tmp to be distinct tile values");
  Type e = src.getElementType();
  if (e != dst.getElementType() || e != tmp.getElementType())
    return op.emitOpError(
        "expects src, dst, and tmp to share one element type");
  auto i = dyn_cast<IntegerType>(e);
  if (!(isa<HiF8Type, F8E8M0Type>(e) ||
        (i && i.getWidth() == 8 && i.isUnsigned())))
    return op.emitOpError(
        "expects element type to be one of ui8, !pto.hif8, !pto.f8E8M0");
  if (!isNDTile(src))
    return op.emitOpError(
        "expects src to use blayout=row_major, slayout=none_box");
  if (dst.getBlayout() != BLayout::row_major ||
      dst.getSlayout() != SLayout::row_major)
    return op.emitOpError(
        "expects dst to use blayout=row_major, slayout=row_major (ZZ box)");
  int64_t sr = src.getValidRow(), sc = src.getValidCol();
  int64_t dr = dst.getValidRow(), dc = dst.getValidCol();
  if (!isStatic(sr) || !isStatic(sc) || !isStatic(dr) || !isStatic(dc) ||
      !isStatic(src.getRows()) || !isStatic(src.getCols()) ||
      !isStatic(dst.getRows()) || !isStatic(dst.getCols()) ||
      !isStatic(tmp.getRows()) || !isStatic(tmp.getCols()))
    return op.emitOpError("expects static valid and physical shapes for "
                          "src/dst and a static tmp physical shape");
  if (sr * sc != dr * dc)
    return op.emitOpError(
        "expects src and dst to hold the same exponent count");
  // 8-bit elements: a tile's capacity in bytes is rows * cols.
  int64_t srcBytes = src.getRows() * src.getCols();
  int64_t dstBytes = dst.getRows() * dst.getCols();
  int64_t tmpBytes = tmp.getRows() * tmp.getCols();
  if (!op.getGrpAxis() || *op.getGrpAxis() == MxGroupAxis::axis1) {
    if (dc % 2 != 0)
      return op.emitOpError("expects ND-to-ZZ dst valid_shape[1] to be even");
    if (sr != 1 && src.getCols() != sc)
      return op.emitOpError("expects ND-to-ZZ src valid elements to form a "
                            "compact prefix");
    int64_t need = llvm::alignTo(dr, 16) * dc;
    if (srcBytes < need || dstBytes < need)
      return op.emitOpError("expects ND-to-ZZ src and dst capacities to cover "
                            "align16(dst rows) * dst cols");
    int64_t tmpNeed = 64 + llvm::divideCeil(dr, int64_t{16}) * dc;
    if (tmpBytes < tmpNeed)
      return op.emitOpError()
             << "expects tmp to provide at least " << tmpNeed
             << " bytes for ND-to-ZZ (64 + ceil(dst rows / 16) * dst cols)";
    return success();
  }
  if (sr < 2 || sr % 2 != 0)
    return op.emitOpError(
        "expects DN-to-ZZ src valid_shape[0] to be an even count >= 2");
  if (sc % 16 != 0 || src.getCols() != sc)
    return op.emitOpError("expects DN-to-ZZ src valid_shape[1] to be a "
                          "multiple of 16 and equal to its row stride");
  if (srcBytes < sr * sc || dstBytes < sr * sc)
    return op.emitOpError("expects DN-to-ZZ src/dst capacities to cover src "
                          "valid rows * src valid cols");
  return success();
}

LogicalResult TMovOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = tileBuf(*this, getSrc(), "src");
  auto dst = tileBuf(*this, getDst(), "dst");
  if (failed(src) || failed(dst))
    return failure();
  if (Value fp = getFp()) {
    auto f = tileView(fp.getType());
    if (f && f->space && *f->space != AddressSpace::scaling &&
        ptoasAtLeast(getOperation(), 0, 60))
      return verifyTMovXToZZ(*this, *src, *dst);
  }
  if (getGrpAxisAttr())
    return emitOpError("takes grpAxis only in its X-to-ZZ form (PTOAS 0.60)");
  TargetArch arch = targetArchOf(*this);
  AddressSpace s = src->getLoc(), d = dst->getLoc();
  bool matToCube = s == AddressSpace::mat &&
                   (d == AddressSpace::left || d == AddressSpace::right ||
                    d == AddressSpace::bias || d == AddressSpace::scaling);
  bool fromAcc = s == AddressSpace::acc &&
                 (d == AddressSpace::mat || d == AddressSpace::vec);
  bool ok = matToCube || fromAcc ||
            (s == AddressSpace::vec && d == AddressSpace::vec) ||
            (arch == TargetArch::a5 && s == AddressSpace::vec &&
             d == AddressSpace::mat);
  if (!ok)
    return emitOpError() << "unsupported tmov from loc="
                         << stringifyAddressSpace(s)
                         << " to loc=" << stringifyAddressSpace(d) << " on "
                         << archName(arch)
                         << " (supported: mat->left|right|bias|scaling, "
                            "acc->mat|vec, vec->vec"
                         << (arch == TargetArch::a5 ? ", vec->mat" : "") << ")";
  bool sameShape =
      src->getRows() == dst->getRows() && src->getCols() == dst->getCols();
  if (!sameShape && (s == AddressSpace::mat || arch == TargetArch::a3))
    return emitOpError() << "expects src and dst tiles of the same shape, got "
                         << src->getRows() << "x" << src->getCols() << " and "
                         << dst->getRows() << "x" << dst->getCols();
  if (getFp() && getPreQuantScalar())
    return emitOpError(
        "expects fp and preQuantScalar forms to be mutually exclusive");
  if (getAccToVecModeAttr() &&
      !(s == AddressSpace::acc && d == AddressSpace::vec))
    return emitOpError(
        "expects accToVecMode to be used only for acc-to-vec tmov");
  if ((getFp() || getPreQuantScalar() ||
       getReluPreMode() != ReluPreMode::no_relu) &&
      !fromAcc)
    return emitOpError(
        "expects fp, preQuantScalar and reluPreMode forms to use loc=acc src");
  if (Value fp = getFp()) {
    auto f = tileView(fp.getType());
    if (!f || f->space != AddressSpace::scaling)
      return emitOpError("expects fp to be in the scaling address space");
  }
  return success();
}

LogicalResult TMovFPOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = tileBuf(*this, getSrc(), "src");
  auto fp = tileBuf(*this, getFp(), "fp");
  auto dst = tileBuf(*this, getDst(), "dst");
  if (failed(src) || failed(fp) || failed(dst))
    return failure();
  if (src->getLoc() != AddressSpace::acc || dst->getLoc() != AddressSpace::mat)
    return emitOpError("expects an acc src and a mat dst");
  if (fp->getLoc() != AddressSpace::scaling)
    return emitOpError("expects fp to be in the scaling address space");
  return success();
}

LogicalResult TGetScaleAddrOp::verify() {
  if (onMemrefs(*this))
    return success();
  if (targetArchOf(*this) != TargetArch::a5)
    return emitOpError(
        "tget_scale_addr is only supported on A5 (ptoas --pto-arch=a5)");
  auto src = tileBuf(*this, getSrc(), "src");
  auto dst = tileBuf(*this, getDst(), "dst");
  if (failed(src) || failed(dst))
    return failure();
  if (dst->getLoc() != AddressSpace::scaling)
    return emitOpError()
           << "expects dst to be in the scaling address space, got loc="
           << stringifyAddressSpace(dst->getLoc());
  if (!ptoasAtLeast(getOperation(), 0, 60)) {
    if (dst->getRows() != src->getRows() || dst->getCols() != src->getCols())
      return emitOpError("expects dst and src to have the same shape");
    return success();
  }
  // PTOAS 0.60: the scale of a left [M, K] tile is [M, ceil(K/32)], of a
  // right [K, N] tile [ceil(K/32), N] (K counted over the valid part).
  AddressSpace s = src->getLoc();
  if (s != AddressSpace::left && s != AddressSpace::right)
    return emitOpError("expects src to be in the left or right address space");
  auto agree = [](int64_t a, int64_t b) {
    return !isStatic(a) || !isStatic(b) || a == b;
  };
  auto ceil32 = [](int64_t k) {
    return isStatic(k) ? llvm::divideCeil(k, int64_t{32}) : k;
  };
  bool left = s == AddressSpace::left;
  int64_t k = ceil32(left ? src->getValidCol() : src->getValidRow());
  bool ok = left ? agree(dst->getRows(), src->getRows()) &&
                       agree(dst->getCols(), k) &&
                       agree(dst->getValidRow(), src->getValidRow()) &&
                       agree(dst->getValidCol(), k)
                 : agree(dst->getRows(), k) &&
                       agree(dst->getCols(), src->getCols()) &&
                       agree(dst->getValidRow(), k) &&
                       agree(dst->getValidCol(), src->getValidCol());
  if (!ok)
    return emitOpError() << "expects dst shape/valid_shape to be "
                         << (left ? "[M, ceil(K/32)]" : "[ceil(K/32), N]")
                         << " of the " << stringifyAddressSpace(s)
                         << " src (PTOAS 0.60)";
  return success();
}

//===----------------------------------------------------------------------===//
// Sub-tiles: textract / tinsert and their fp forms
//===----------------------------------------------------------------------===//

/// Non-negative constant indices, and the window inside the outer tile.
static LogicalResult verifyWindow(Operation *op, Value row, Value col,
                                  TileBufType outer, int64_t innerRows,
                                  int64_t innerCols, StringRef outerName,
                                  StringRef innerName) {
  auto r = constantOf(row), c = constantOf(col);
  if (r && *r < 0)
    return op->emitOpError("expects indexRow to be non-negative");
  if (c && *c < 0)
    return op->emitOpError("expects indexCol to be non-negative");
  if (r && isStatic(innerRows) && *r + innerRows > outer.getRows())
    return op->emitOpError()
           << "expects indexRow + " << innerName << ".rows <= " << outerName
           << ".rows (" << *r << " + " << innerRows << " > " << outer.getRows()
           << ")";
  if (c && isStatic(innerCols) && *c + innerCols > outer.getCols())
    return op->emitOpError()
           << "expects indexCol + " << innerName << ".cols <= " << outerName
           << ".cols (" << *c << " + " << innerCols << " > " << outer.getCols()
           << ")";
  return success();
}

/// PTOAS 0.60's optional acc-source conversions of textract / tinsert (an fp
/// tile, a preQuantScalar, reluPreMode, accToVecMode): only from 0.60 on,
/// only on an acc src, fp in the scaling space, accToVecMode only for an A5
/// acc->vec move.
template <typename OpT>
static LogicalResult verifyAccConversions(OpT op, AddressSpace s,
                                          AddressSpace d, TargetArch arch) {
  bool fp = bool(op.getFp()), pre = bool(op.getPreQuantScalar());
  bool relu = op.getReluPreMode() != ReluPreMode::no_relu;
  bool accToVec = bool(op.getAccToVecModeAttr());
  if (!(fp || pre || relu || accToVec))
    return success();
  if (!ptoasAtLeast(op.getOperation(), 0, 60))
    return op.emitOpError()
           << "takes fp, preQuantScalar, reluPreMode and accToVecMode from "
              "PTOAS 0.60 on"
           << (fp ? " (0.27: pto." + op.getOperationName().drop_front(4) +
                        "_fp)"
                  : std::string());
  if (fp && pre)
    return op.emitOpError(
        "expects fp and preQuantScalar to be mutually exclusive");
  if ((fp || pre || relu) && s != AddressSpace::acc)
    return op.emitOpError(
        "expects fp, preQuantScalar and reluPreMode forms to use loc=acc src");
  if (accToVec && (arch != TargetArch::a5 || s != AddressSpace::acc ||
                   d != AddressSpace::vec))
    return op.emitOpError("expects accToVecMode only on A5 acc->vec forms");
  if (Value f = op.getFp()) {
    auto ft = dyn_cast<TileBufType>(f.getType());
    if (!ft || ft.getLoc() != AddressSpace::scaling)
      return op.emitOpError("expects fp to use loc=scaling");
  }
  return success();
}

/// PTOAS 0.60's element types of an acc-source textract / tinsert: a plain
/// cast, or a quantising one with an fp tile or a preQuantScalar.
static bool accSourceTypesOk(Type se, Type de, TargetArch arch, bool quant) {
  bool i8 = de.isInteger(8), f16 = de.isF16(), bf16 = de.isBF16();
  if (arch == TargetArch::a3) {
    if (!quant)
      return se.isF32() && (f16 || bf16);
    if (se.isF32())
      return i8;
    return se.isInteger(32) && (i8 || f16 || de.isInteger(16));
  }
  if (!quant)
    return (se.isF32() && (f16 || bf16 || de.isF32())) ||
           (se.isInteger(32) && de.isInteger(32));
  auto fl = dyn_cast<FloatType>(de);
  if (se.isF32())
    return i8 || f16 || bf16 || de.isF32() || (fl && fl.getWidth() == 8);
  return se.isInteger(32) && (i8 || f16 || bf16);
}

LogicalResult TExtractOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = tileBuf(*this, getSrc(), "src");
  auto dst = tileBuf(*this, getDst(), "dst");
  if (failed(src) || failed(dst))
    return failure();
  if (failed(verifyWindow(*this, getIndexRow(), getIndexCol(), *src,
                          dst->getRows(), dst->getCols(), "src", "dst")))
    return failure();
  TargetArch arch = targetArchOf(*this);
  AddressSpace s = src->getLoc(), d = dst->getLoc();
  if (failed(verifyAccConversions(*this, s, d, arch)))
    return failure();
  bool since060 = ptoasAtLeast(getOperation(), 0, 60);
  // PTOAS 0.60 extracts from acc into mat (and into vec on A5), converting.
  bool fromAcc = since060 && s == AddressSpace::acc &&
                 (d == AddressSpace::mat ||
                  (arch == TargetArch::a5 && d == AddressSpace::vec));
  if (!fromAcc && src->getElementType() != dst->getElementType())
    return emitOpError()
           << "expects src and dst to have the same element type, got "
           << src->getElementType() << " and " << dst->getElementType();
  bool ok = s == AddressSpace::mat &&
            (d == AddressSpace::left || d == AddressSpace::right ||
             (arch == TargetArch::a5 && d == AddressSpace::scaling));
  ok = ok || (arch == TargetArch::a5 && s == AddressSpace::vec &&
              (d == AddressSpace::mat || d == AddressSpace::vec));
  // PTOAS 0.60 also extracts vec -> vec on A2/A3 (its verifyA2A3 base form).
  ok = ok || fromAcc ||
       (since060 && s == AddressSpace::vec && d == AddressSpace::vec);
  if (!ok)
    return emitOpError() << "unsupported textract from loc="
                         << stringifyAddressSpace(s)
                         << " to loc=" << stringifyAddressSpace(d) << " on "
                         << archName(arch) << " (supported: mat->left|right"
                         << (arch == TargetArch::a5 ? "|scaling, vec->mat|vec"
                             : since060             ? ", vec->vec"
                                                    : "")
                         << (!since060                ? ""
                             : arch == TargetArch::a5 ? ", acc->mat|vec"
                                                      : ", acc->mat")
                         << ")";
  if (fromAcc) {
    if (!isNZTile(*src) || (d == AddressSpace::mat && !isNZTile(*dst)))
      return emitOpError("expects acc-source textract src (and a mat dst) to "
                         "use blayout=col_major and slayout=row_major");
    if (d == AddressSpace::vec && !isNDTile(*dst))
      return emitOpError("expects A5 acc->vec textract dst to use ND layout "
                         "(blayout=row_major, slayout=none_box)");
    bool quant = getFp() || getPreQuantScalar();
    if (!accSourceTypesOk(src->getElementType(), dst->getElementType(), arch,
                          quant))
      return emitOpError() << "unsupported acc-source textract element types "
                              "src="
                           << src->getElementType()
                           << ", dst=" << dst->getElementType() << " on "
                           << archName(arch)
                           << (quant ? " with fp/preQuantScalar" : "");
    return success();
  }
  if (arch == TargetArch::a5 && since060) {
    // PTOAS 0.60's A5 textract moves 8-bit (fp8, hif8, i8), packed FP4,
    // f16, bf16 and f32 data, and reads a mat src in a fractal layout.
    Type e = dst->getElementType();
    auto f = dyn_cast<FloatType>(e);
    bool elemOk =
        isa<HiF8Type>(e) || isFP4Pair(e) ||
        (isa<IntegerType>(e) && e.getIntOrFloatBitWidth() == 8) ||
        (f && (f.getWidth() == 8 || f.isF16() || f.isBF16() || f.isF32()));
    if (!elemOk)
      return emitOpError() << "expects A5 textract element type to be an "
                              "fp8/f16/bf16/f32 or int8 family type, got "
                           << e;
    BLayout bl = src->getBlayout();
    SLayout sl = src->getSlayout();
    bool zn = bl == BLayout::row_major && sl == SLayout::col_major;
    bool nz = bl != BLayout::row_major && sl == SLayout::row_major;
    if (s == AddressSpace::mat &&
        !(zn || nz || (d == AddressSpace::left && bl == BLayout::row_major)))
      return emitOpError()
             << "expects A5 textract src to use a supported mat "
                "blayout/slayout combination (blayout=col_major with "
                "slayout=row_major, or blayout=row_major with "
                "slayout=col_major; a left dst also takes blayout=row_major), "
                "got blayout="
             << stringifyBLayout(bl) << ", slayout=" << stringifySLayout(sl);
  }
  if (arch == TargetArch::a5 && s == AddressSpace::vec &&
      d == AddressSpace::vec && (!isNDTile(*src) || !isNDTile(*dst)))
    return emitOpError("expects A5 vec->vec textract src/dst to use ND layout "
                       "(blayout=row_major, slayout=none_box)");
  if (d == AddressSpace::left && dst->getSlayout() != SLayout::row_major)
    return emitOpError("expects a left dst to use slayout=row_major");
  if (d == AddressSpace::right &&
      (effectiveBLayout(*dst, arch) != BLayout::row_major ||
       dst->getSlayout() != SLayout::col_major))
    return emitOpError(
        "expects a right dst to use blayout=row_major, slayout=col_major");
  return success();
}

LogicalResult TInsertOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = tileBuf(*this, getSrc(), "src");
  auto dst = tileBuf(*this, getDst(), "dst");
  if (failed(src) || failed(dst))
    return failure();
  if (failed(verifyWindow(*this, getIndexRow(), getIndexCol(), *dst,
                          src->getValidRow(), src->getValidCol(), "dst",
                          "src")))
    return failure();
  TargetArch arch = targetArchOf(*this);
  AddressSpace s = src->getLoc(), d = dst->getLoc();
  Type se = src->getElementType(), de = dst->getElementType();
  if (failed(verifyAccConversions(*this, s, d, arch)))
    return failure();
  bool since060 = ptoasAtLeast(getOperation(), 0, 60);
  bool quant = getFp() || getPreQuantScalar();
  if (getTinsertModeAttr()) {
    if (!since060 || arch != TargetArch::a5 || s != AddressSpace::vec ||
        d != AddressSpace::mat || !isNZTile(*src))
      return emitOpError("expects tinsertMode only on an A5 vec->mat tinsert "
                         "of an NZ src (blayout=col_major, slayout=row_major; "
                         "PTOAS >= 0.60)");
  }
  if (arch == TargetArch::a3) {
    // PTOAS 0.60 also inserts vec -> vec on A2/A3 (same i8/f16/bf16/f32).
    if (since060 && s == AddressSpace::vec && d == AddressSpace::vec) {
      if (se != de ||
          !(se.isInteger(8) || se.isF16() || se.isBF16() || se.isF32()))
        return emitOpError("expects A2/A3 vec->vec tinsert src/dst to have "
                           "the same i8/f16/bf16/f32 element type");
      return success();
    }
    if (s != AddressSpace::acc || d != AddressSpace::mat)
      return emitOpError() << "expects A2/A3 tinsert src to use loc=acc and "
                              "dst to use loc=mat"
                           << (since060 ? " (or both loc=vec)" : "");
    if (!isNZTile(*src) || !isNZTile(*dst))
      return emitOpError(
          "expects A2/A3 tinsert src and dst to use blayout=col_major and "
          "slayout=row_major");
    if (!accSourceTypesOk(se, de, arch, quant))
      return emitOpError() << "expects A2/A3 tinsert element types to be "
                           << (quant ? "(src=f32, dst=i8) or (src=i32, "
                                       "dst=i8/f16/i16) with fp/preQuantScalar"
                                     : "src=f32, dst=f16/bf16")
                           << ", got src=" << se << ", dst=" << de;
    return success();
  }
  // PTOAS 0.60 also inserts acc -> vec on A5 (dst ND or NZ).
  if (s == AddressSpace::acc &&
      (d == AddressSpace::mat || (since060 && d == AddressSpace::vec))) {
    if (!isNZTile(*src) || (d == AddressSpace::mat && !isNZTile(*dst)))
      return emitOpError("expects A5 acc-source tinsert src (and a mat dst) "
                         "to use blayout=col_major and slayout=row_major");
    if (d == AddressSpace::vec && !isNDTile(*dst) && !isNZTile(*dst))
      return emitOpError("expects A5 acc->vec tinsert dst to use ND "
                         "(row_major/none_box) or NZ (col_major/row_major)");
    if (since060 && !accSourceTypesOk(se, de, arch, quant))
      return emitOpError() << "unsupported A5 acc-source tinsert element "
                              "types src="
                           << se << ", dst=" << de
                           << (quant ? " with fp/preQuantScalar" : "");
    return success();
  }
  if (s == AddressSpace::vec &&
      (d == AddressSpace::mat || d == AddressSpace::vec)) {
    if (se != de)
      return emitOpError(
          "expects A5 vec tinsert src and dst to have the same element type");
    return success();
  }
  return emitOpError()
         << "expects A5 tinsert to use a supported src/dst loc pair: acc->mat, "
         << (since060 ? "acc->vec, " : "") << "vec->mat, or vec->vec (got "
         << stringifyAddressSpace(s) << "->" << stringifyAddressSpace(d) << ")";
}

/// textract_fp / tinsert_fp: an acc tile converted through an fp (scaling)
/// tile.
static LogicalResult verifySubTileFP(Operation *op, Value src, Value fp,
                                     Value dst) {
  if (onMemrefs(op))
    return success();
  auto s = tileBuf(op, src, "src"), f = tileBuf(op, fp, "fp"),
       d = tileBuf(op, dst, "dst");
  if (failed(s) || failed(f) || failed(d))
    return failure();
  if (s->getLoc() != AddressSpace::acc)
    return op->emitOpError("expects src to be in the acc address space");
  if (f->getLoc() != AddressSpace::scaling)
    return op->emitOpError("expects fp to be in the scaling address space");
  return success();
}

LogicalResult TExtractFPOp::verify() {
  return verifySubTileFP(*this, getSrc(), getFp(), getDst());
}
LogicalResult TInsertFPOp::verify() {
  return verifySubTileFP(*this, getSrc(), getFp(), getDst());
}

//===----------------------------------------------------------------------===//
// Matmul family
//===----------------------------------------------------------------------===//

static bool isFp8(Type t) {
  auto f = dyn_cast<FloatType>(t);
  return f && f.getWidth() == 8;
}

/// PTOAS 0.60's A5 mx rules: an E4M3FN/E5M2 pair or a packed FP4 pair; for
/// tmatmul.mx a physical K (lhs cols, rhs rows) that is a positive multiple
/// of 64 and scales a_scale [M, ceil(K/32)] and b_scale [ceil(K/32), N] in
/// shape and valid shape (K of the lhs, M of the lhs, N of the rhs); for
/// tgemv.mx the same scales counted in the valid K (b_scale's shape as wide
/// as the rhs tile).
static LogicalResult verifyMx060(Operation *op, const TileView &l,
                                 const TileView &r, Value lhsScale,
                                 Value rhsScale, bool gemv) {
  auto fp8 = [](Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); };
  if (!(fp8(l.elem) && fp8(r.elem)) &&
      !(isFP4Pair(l.elem) && isFP4Pair(r.elem)))
    return op->emitOpError()
           << "expects A5 mx lhs/rhs element types to be a supported fp8/fp8 "
              "(f8E4M3FN, f8E5M2) or fp4/fp4 pair, got "
           << l.elem << " and " << r.elem;
  for (auto [k, name] : {std::pair{l.shape[1], "lhs"}, {r.shape[0], "rhs"}})
    if (!gemv && isStatic(k) && (k < 1 || k % 64 != 0))
      return op->emitOpError()
             << "expects " << name
             << " physical K shape to be a positive multiple of 64 on A5, got "
             << k;
  auto ceil32 = [](int64_t k) {
    return isStatic(k) ? (k + 31) / 32 : ShapedType::kDynamic;
  };
  for (bool left : {true, false}) {
    auto s = tileView((left ? lhsScale : rhsScale).getType());
    if (!s || s->shape.size() != 2 || s->valid.size() != 2)
      continue;
    for (bool valid : {false, true}) {
      ArrayRef<int64_t> sd = valid ? s->valid : s->shape,
                        ld = valid || gemv ? l.valid : l.shape,
                        rd = valid ? r.valid : r.shape;
      int64_t rows = left ? ld[0] : ceil32(ld[1]),
              cols = left ? ceil32(ld[1]) : rd[1];
      if (!compatible(sd[0], rows) || !compatible(sd[1], cols))
        return op->emitOpError()
               << "expects " << (left ? "a_scale" : "b_scale") << " "
               << (valid ? "valid_shape" : "shape") << " to be "
               << (left ? "[M, ceil(K/32)]" : "[ceil(K/32), N]") << " = ["
               << rows << ", " << cols << "], got [" << sd[0] << ", " << sd[1]
               << "]";
    }
  }
  return success();
}

/// PTOAS 0.60's fp8 matmul inputs: the E4M3 and E5M2 families, in any pair.
static bool isFp8E4M3OrE5M2(Type t) {
  return isa<Float8E4M3Type, Float8E4M3FNType, Float8E4M3FNUZType,
             Float8E4M3B11FNUZType, Float8E5M2Type, Float8E5M2FNUZType>(t);
}

/// (lhs, rhs) -> dst element types the cube unit multiplies.
static LogicalResult verifyMatmulTypes(Operation *op, TargetArch arch, Type a,
                                       Type b, Type c) {
  if (a.isInteger(8) && b.isInteger(8) && c.isInteger(32))
    return success();
  if (c.isF32() && a == b && (a.isF16() || a.isBF16() || a.isF32()))
    return success();
  bool since060 = ptoasAtLeast(op, 0, 60);
  if (arch == TargetArch::a5 && c.isF32()) {
    // PTOAS 0.27: one A5 float type on both sides; 0.60: any E4M3/E5M2 pair
    // (mixed too) or hif8 x hif8.
    if (!since060 && a == b && isa<FloatType>(a))
      return success();
    if (since060 && ((isFp8E4M3OrE5M2(a) && isFp8E4M3OrE5M2(b)) ||
                     (isa<HiF8Type>(a) && a == b)))
      return success();
  }
  return op->emitOpError()
         << "expects (dst, lhs, rhs) element types to be one of (i32, i8, i8), "
            "(f32, f16, f16), (f32, bf16, bf16), (f32, f32, f32)"
         << (arch != TargetArch::a5 ? ""
             : since060             ? ", (f32, fp8, fp8) or (f32, hif8, hif8)"
                                    : " or an A5 fp8 pair")
         << ", got (" << c << ", " << a << ", " << b << ")";
}

LogicalResult ptonz::pto::verifyMatmul(Operation *op, MatmulKind kind,
                                       Value lhs, Value rhs, Value dst,
                                       Value accIn, Value bias, Value lhsScale,
                                       Value rhsScale) {
  if (onMemrefs(op))
    return success();
  TargetArch arch = targetArchOf(op);
  bool mx = kind == MatmulKind::mx || kind == MatmulKind::gemvMx;
  bool gemv = kind == MatmulKind::gemv || kind == MatmulKind::gemvMx;
  if (kind == MatmulKind::gemvMx && arch != TargetArch::a5)
    return op->emitOpError()
           << op->getName().stripDialect()
           << " is only supported on A5 targets (ptoas --pto-arch=a5 or "
              "pto.target_arch = \"a5\")";
  auto get = [&](Value v, StringRef name) -> std::optional<TileView> {
    auto view = tileView(v.getType());
    if (!view || !view->buf) {
      op->emitOpError() << "expects " << name << " to be a !pto.tile_buf, got "
                        << v.getType();
      return std::nullopt;
    }
    return view;
  };
  auto l = get(lhs, "lhs"), r = get(rhs, "rhs"), d = get(dst, "dst");
  if (!l || !r || !d)
    return failure();
  if (l->space != AddressSpace::left || r->space != AddressSpace::right ||
      d->space != AddressSpace::acc)
    return op->emitOpError()
           << "expects lhs, rhs, and dst to use the left, right, and acc "
              "address spaces, got "
           << stringifyAddressSpace(*l->space) << ", "
           << stringifyAddressSpace(*r->space) << ", "
           << stringifyAddressSpace(*d->space);
  if (gemv) {
    if (isStatic(l->valid[0]) && l->valid[0] != 1)
      return op->emitOpError()
             << "expects lhs to have one valid row for "
             << op->getName().stripDialect() << ", got " << l->valid[0];
    if (d->buf && isStatic(d->valid[0]) && d->valid[0] != 1)
      return op->emitOpError()
             << "expects dst to have one valid row for "
             << op->getName().stripDialect() << ", got " << d->valid[0];
    if (!compatible(l->valid[1], r->valid[0]) ||
        !compatible(r->valid[1], d->valid[1]))
      return op->emitOpError()
             << "expects valid shapes lhs[1,K], rhs[K,N] and dst[1,N]";
  } else {
    // PTOAS 0.60 matches M, K, N on each tile's logical shape: its valid
    // dims where static (a tile valid in part of its columns, a subview),
    // else its shape; 0.27 on the shapes.
    bool since060 = ptoasAtLeast(op, 0, 60);
    auto dims = [&](const TileView &t) {
      SmallVector<int64_t, 2> s(t.shape.begin(), t.shape.end());
      for (size_t i = 0; since060 && i < s.size() && i < t.valid.size(); ++i)
        if (isStatic(t.valid[i]))
          s[i] = t.valid[i];
      return s;
    };
    auto ls = dims(*l), rs = dims(*r), ds = dims(*d);
    if (ls[1] != rs[0] || ls[0] != ds[0] || rs[1] != ds[1])
      return op->emitOpError()
             << "expects static matmul tile shapes lhs[M,K], rhs[K,N], and "
             << "dst[M,N]" << (since060 ? " (valid dims where static)" : "")
             << ", got lhs[" << ls[0] << "," << ls[1] << "], rhs[" << rs[0]
             << "," << rs[1] << "], dst[" << ds[0] << "," << ds[1] << "]";
  }
  if (mx) {
    bool since060 = ptoasAtLeast(op, 0, 60);
    if (arch == TargetArch::a5 && since060 &&
        failed(verifyMx060(op, *l, *r, lhsScale, rhsScale,
                           kind == MatmulKind::gemvMx)))
      return failure();
    if (arch == TargetArch::a5 && !since060 &&
        (!isFp8(l->elem) || !isFp8(r->elem) || !d->elem.isF32()))
      return op->emitOpError()
             << "expects A5 mx operands to be fp8 and the result f32";
    if (arch == TargetArch::a5 && !d->elem.isF32())
      return op->emitOpError()
             << "expects A5 mx operands to be fp8 and the result f32";
    for (auto [scale, name] :
         {std::pair{lhsScale, "a_scale"}, std::pair{rhsScale, "b_scale"}}) {
      auto s = get(scale, name);
      if (!s)
        return failure();
      if (kind == MatmulKind::gemvMx && s->space != AddressSpace::scaling)
        return op->emitOpError()
               << "expects " << name << " to be in the scaling address space";
    }
  } else if (!accIn &&
             failed(verifyMatmulTypes(op, arch, l->elem, r->elem, d->elem))) {
    return failure();
  }
  if (arch == TargetArch::a5 && !mx) {
    // A5's cube reads left col_major/row_major (ptoas's parser forces left
    // tiles col_major on A5), right row_major/col_major, acc
    // col_major/row_major.
    if (l->buf.getSlayout() != SLayout::row_major)
      return op->emitOpError("expects lhs to use the row_major slayout on A5");
    if (r->buf.getBlayout() != BLayout::row_major ||
        r->buf.getSlayout() != SLayout::col_major)
      return op->emitOpError(
          "expects rhs to use blayout=row_major, slayout=col_major on A5");
    if (d->buf.getBlayout() != BLayout::col_major ||
        d->buf.getSlayout() != SLayout::row_major)
      return op->emitOpError(
          "expects dst to use blayout=col_major, slayout=row_major on A5");
  }
  if (accIn) {
    auto a = get(accIn, "acc_in");
    if (!a)
      return failure();
    if (a->space != AddressSpace::acc)
      return op->emitOpError()
             << "expects acc_in to be in the acc address space";
    if (accIn.getType() != dst.getType())
      return op->emitOpError()
             << "expects acc_in and dst to have the same tile_buf type";
  }
  if (bias) {
    auto b = get(bias, "bias");
    if (!b)
      return failure();
    if (b->space != AddressSpace::bias)
      return op->emitOpError()
             << "expects bias to use the bias address space, got "
             << stringifyAddressSpace(*b->space);
    if ((isStatic(b->shape[0]) && b->shape[0] != 1) ||
        b->shape[1] != d->shape[1])
      return op->emitOpError()
             << "expects bias of shape [1, N] = [1, " << d->shape[1]
             << "], got [" << b->shape[0] << ", " << b->shape[1] << "]";
    if (mx ? !b->elem.isF32() : b->elem != d->elem)
      return op->emitOpError()
             << "expects bias to have element type "
             << (mx ? Type(Float32Type::get(op->getContext())) : d->elem);
  }
  return success();
}
