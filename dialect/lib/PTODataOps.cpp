//===- PTODataOps.cpp - loads, stores and cube-buffer moves ---------------===//

#include "ptonz/PTOVerify.h"

using namespace mlir;
using namespace ptonz::pto;

static bool isStatic(int64_t d) { return d != ShapedType::kDynamic; }
static unsigned bitWidth(Type t) { return elementBits(t); }
static StringRef locName(std::optional<AddressSpace> s) {
  return s ? stringifyAddressSpace(*s) : StringRef("none");
}

static std::optional<int64_t> staticCount(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (!isStatic(d))
      return std::nullopt;
    n *= d;
  }
  return n;
}

/// The tile_buf of `v`, or an error naming it.
static FailureOr<TileBufType> tileBuf(Operation *op, Value v, StringRef name) {
  if (auto t = dyn_cast<TileBufType>(v.getType()))
    return t;
  return op->emitOpError() << "expects " << name << " to be a !pto.tile_buf, got " << v.getType();
}

/// The block layout ptoas reads a tile with: its parser forces left tiles to
/// row_major on A2/A3 and col_major on A5, whatever the text says.
static BLayout effectiveBLayout(TileBufType t, TargetArch arch) {
  if (t.getLoc() != AddressSpace::left)
    return t.getBlayout();
  return arch == TargetArch::a5 ? BLayout::col_major : BLayout::row_major;
}

//===----------------------------------------------------------------------===//
// GM <-> tile
//===----------------------------------------------------------------------===//

LogicalResult TLoadOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = dyn_cast<PartitionTensorViewType>(getSrc().getType());
  auto dst = dyn_cast<TileBufType>(getDst().getType());
  if (!src || !dst)
    return emitOpError() << "expects src to be !pto.partition_tensor_view (or a GM memref) and "
                            "dst to be !pto.tile_buf, got "
                         << getSrc().getType() << " and " << getDst().getType();
  TargetArch arch = targetArchOf(*this);
  if (arch == TargetArch::a3 && dst.getLoc() != AddressSpace::vec &&
      dst.getLoc() != AddressSpace::mat)
    return emitOpError() << "expects tload dst to use loc=vec or loc=mat, got loc="
                         << stringifyAddressSpace(dst.getLoc());
  if (bitWidth(src.getElementType()) != bitWidth(dst.getElementType()))
    return emitOpError() << "expects src and dst element types to have the same bitwidth, got "
                         << src.getElementType() << " and " << dst.getElementType();
  for (auto [i, d] : llvm::enumerate(src.getShape()))
    if (isStatic(d) && d <= 0)
      return emitOpError() << "expects src shape[" << i << "] to be positive";
  // PTOAS 0.60 accepts an empty valid shape and a partition whose element
  // count differs from the tile's valid count; 0.27 does not.
  bool since060 = ptoasAtLeast(getContext(), 0, 60);
  for (auto [i, d] : llvm::enumerate(SmallVector<int64_t, 2>{dst.getValidRow(), dst.getValidCol()}))
    if (isStatic(d) && (since060 ? d < 0 : d <= 0))
      return emitOpError() << "expects dst valid_shape[" << i << "] to be "
                           << (since060 ? "non-negative" : "positive");
  auto p = staticCount(src.getShape());
  auto v = staticCount({dst.getValidRow(), dst.getValidCol()});
  // An MX scale load (blocked [1, ../16, ../2, 16, 2] E8M0 partition)
  // moves the complete physical window of its tile, of which the valid part
  // may be narrower (pypto's BlockMxScaleTensorViews; PTOAS 0.60's tload has
  // no element-count rule): pto-block-mx-scale-views checks that window.
  auto shape = src.getShape();
  bool mxWindow = isMXScaleElement(src.getElementType()) && shape.size() == 5 &&
                  shape[3] == 16 && shape[4] == 2 && p && v && *v <= *p &&
                  p == staticCount({dst.getRows(), dst.getCols()});
  if (p && v && *p != *v && !mxWindow && !since060)
    return emitOpError() << "partition element count (" << *p
                         << ") must match tile_buf valid element count (" << *v << ")";
  return success();
}

LogicalResult TStoreOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = dyn_cast<TileBufType>(getSrc().getType());
  auto dst = dyn_cast<PartitionTensorViewType>(getDst().getType());
  if (!src || !dst)
    return emitOpError() << "expects src to be !pto.tile_buf and dst to be "
                            "!pto.partition_tensor_view (or a GM memref), got "
                         << getSrc().getType() << " and " << getDst().getType();
  TargetArch arch = targetArchOf(*this);
  AddressSpace loc = src.getLoc();
  bool ok = loc == AddressSpace::vec || loc == AddressSpace::acc ||
            (arch == TargetArch::a3 && loc == AddressSpace::mat);
  if (!ok)
    return emitOpError() << "expects tstore src to use loc=vec, loc=acc"
                         << (arch == TargetArch::a3 ? " or loc=mat" : "")
                         << " on " << archName(arch) << ", got loc=" << stringifyAddressSpace(loc);
  if (loc != AddressSpace::acc && getPreQuantScalar())
    return emitOpError("expects preQuantScalar form to use loc=acc src");
  if (loc != AddressSpace::acc && getReluPreMode() != ReluPreMode::no_relu)
    return emitOpError("expects reluPreMode form to use loc=acc src");
  for (auto [i, d] : llvm::enumerate(dst.getShape()))
    if (isStatic(d) && d <= 0)
      return emitOpError() << "expects dst shape[" << i << "] to be positive";
  auto p = staticCount(dst.getShape());
  auto v = staticCount({src.getValidRow(), src.getValidCol()});
  if (p && v && *p != *v && !ptoasAtLeast(getContext(), 0, 60))
    return emitOpError() << "partition element count (" << *p
                         << ") must match tile_buf valid element count (" << *v << ")";
  Type se = src.getElementType(), de = dst.getElementType();
  if (loc != AddressSpace::acc) {
    if (bitWidth(se) != bitWidth(de))
      return emitOpError() << "expects src and dst element types to have the same bitwidth, got "
                           << se << " and " << de;
    return success();
  }
  if (!se.isInteger(32) && !se.isF32())
    return emitOpError() << "expects an acc tstore src of i32 or f32, got " << se;
  return success();
}

LogicalResult TPrefetchOp::verify() {
  Type se = elementTypeOf(getSrc().getType()), de = elementTypeOf(getDst().getType());
  if (!isa<PartitionTensorViewType, MemRefType>(getSrc().getType()))
    return emitOpError("expects src to be !pto.partition_tensor_view or memref");
  auto dst = tileView(getDst().getType());
  if (!dst)
    return emitOpError("expects dst to be !pto.tile_buf or memref");
  if (dst->space != AddressSpace::vec && dst->space != AddressSpace::mat)
    return emitOpError() << "expects dst to use loc=vec or loc=mat, got loc="
                         << locName(dst->space);
  if (bitWidth(se) != bitWidth(de))
    return emitOpError("expects src and dst element types to have the same element size");
  return success();
}

LogicalResult TStoreFPOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = tileBuf(*this, getSrc(), "src");
  auto fp = tileBuf(*this, getFp(), "fp");
  if (failed(src) || failed(fp))
    return failure();
  if (!isa<PartitionTensorViewType>(getDst().getType()))
    return emitOpError("expects dst to be a memref or !pto.partition_tensor_view");
  if (src->getLoc() != AddressSpace::acc)
    return emitOpError() << "expects src to be in the acc address space";
  if (fp->getLoc() != AddressSpace::scaling)
    return emitOpError() << "expects fp to be in the scaling address space";
  return success();
}

/// The mem operand of mgather/mscatter: an ND GM partition or a GM memref.
static LogicalResult verifyGatherMem(Operation *op, Value mem, Type dataElem) {
  if (elementTypeOf(mem.getType()) != dataElem)
    return op->emitOpError("expects mem element type to match the tile element type");
  if (!isa<PartitionTensorViewType>(mem.getType()) && !isGMPointer(mem.getType()))
    return op->emitOpError("expects mem to be !pto.partition_tensor_view or a GM memref");
  return success();
}

/// mgather/mscatter: A5 only, ND vec data and i32 index tiles.
static LogicalResult verifyGatherScatter(Operation *op, Value data, Value idx, Value mem,
                                         StringRef dataName) {
  if (onMemrefs(op))
    return success();
  if (targetArchOf(op) != TargetArch::a5)
    return op->emitOpError() << op->getName() << " is only supported on A5 targets";
  TileRules rules;
  rules.vec = rules.rowMajor = true;
  if (failed(verifyTileOp(op, rules, {{dataName, data}, {"idx", idx}})))
    return failure();
  Type idxElem = elementTypeOf(idx.getType());
  if (!idxElem.isSignlessInteger(32))
    return op->emitOpError() << "expects idx element type to be signless i32, got " << idxElem;
  return verifyGatherMem(op, mem, elementTypeOf(data.getType()));
}

LogicalResult MGatherOp::verify() {
  return verifyGatherScatter(*this, getDst(), getIdx(), getMem(), "dst");
}

LogicalResult MScatterOp::verify() {
  return verifyGatherScatter(*this, getSrc(), getIdx(), getMem(), "src");
}

LogicalResult BuildAsyncSessionOp::verify() {
  auto scratch = tileView(getScratch().getType());
  if (!scratch || scratch->space != AddressSpace::vec)
    return emitOpError("expects scratch to be in vec address space");
  if (scratch->shape.empty() || scratch->shape.size() > 2)
    return emitOpError("expects scratch to be rank-1 or rank-2");
  auto count = staticCount(scratch->shape);
  if (!count)
    return emitOpError("expects scratch to have a static shape");
  if (*count * bitWidth(scratch->elem) < 64)
    return emitOpError("expects scratch to provide at least 8 bytes");
  if (!elementTypeOf(getWorkspace().getType()).isInteger(8))
    return emitOpError("expects workspace element type to be an 8-bit integer");
  if (auto id = getSyncIdAttr(); id && (id.getInt() < 0 || id.getInt() > 7))
    return emitOpError("expects sync_id in range [0, 7]");
  if (auto b = getBlockBytesAttr(); b && b.getInt() <= 0)
    return emitOpError("expects block_bytes to be greater than 0");
  if (auto o = getCommBlockOffsetAttr(); o && o.getInt() < 0)
    return emitOpError("expects comm_block_offset to be non-negative");
  if (auto q = getQueueNumAttr(); q && q.getInt() <= 0)
    return emitOpError("expects queue_num to be greater than 0");
  if (auto g = getChannelGroupIdxAttr(); g && (g.getInt() < 0 || g.getInt() > UINT32_MAX))
    return emitOpError("expects channel_group_idx to fit in uint32");
  return success();
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

LogicalResult TMovOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = tileBuf(*this, getSrc(), "src");
  auto dst = tileBuf(*this, getDst(), "dst");
  if (failed(src) || failed(dst))
    return failure();
  TargetArch arch = targetArchOf(*this);
  AddressSpace s = src->getLoc(), d = dst->getLoc();
  bool matToCube = s == AddressSpace::mat &&
                   (d == AddressSpace::left || d == AddressSpace::right ||
                    d == AddressSpace::bias || d == AddressSpace::scaling);
  bool fromAcc = s == AddressSpace::acc && (d == AddressSpace::mat || d == AddressSpace::vec);
  bool ok = matToCube || fromAcc || (s == AddressSpace::vec && d == AddressSpace::vec) ||
            (arch == TargetArch::a5 && s == AddressSpace::vec && d == AddressSpace::mat);
  if (!ok)
    return emitOpError() << "unsupported tmov from loc=" << stringifyAddressSpace(s)
                         << " to loc=" << stringifyAddressSpace(d) << " on " << archName(arch)
                         << " (supported: mat->left|right|bias|scaling, acc->mat|vec, vec->vec"
                         << (arch == TargetArch::a5 ? ", vec->mat" : "") << ")";
  bool sameShape = src->getRows() == dst->getRows() && src->getCols() == dst->getCols();
  if (!sameShape && (s == AddressSpace::mat || arch == TargetArch::a3))
    return emitOpError() << "expects src and dst tiles of the same shape, got " << src->getRows()
                         << "x" << src->getCols() << " and " << dst->getRows() << "x"
                         << dst->getCols();
  if (getFp() && getPreQuantScalar())
    return emitOpError("expects fp and preQuantScalar forms to be mutually exclusive");
  if (getAccToVecModeAttr() && !(s == AddressSpace::acc && d == AddressSpace::vec))
    return emitOpError("expects accToVecMode to be used only for acc-to-vec tmov");
  if ((getFp() || getPreQuantScalar() || getReluPreMode() != ReluPreMode::no_relu) && !fromAcc)
    return emitOpError("expects fp, preQuantScalar and reluPreMode forms to use loc=acc src");
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
    return emitOpError("tget_scale_addr is only supported on A5 (ptoas --pto-arch=a5)");
  auto src = tileBuf(*this, getSrc(), "src");
  auto dst = tileBuf(*this, getDst(), "dst");
  if (failed(src) || failed(dst))
    return failure();
  if (dst->getLoc() != AddressSpace::scaling)
    return emitOpError() << "expects dst to be in the scaling address space, got loc="
                         << stringifyAddressSpace(dst->getLoc());
  if (dst->getRows() != src->getRows() || dst->getCols() != src->getCols())
    return emitOpError("expects dst and src to have the same shape");
  return success();
}

//===----------------------------------------------------------------------===//
// Sub-tiles: textract / tinsert and their fp forms
//===----------------------------------------------------------------------===//

/// Non-negative constant indices, and the window inside the outer tile.
static LogicalResult verifyWindow(Operation *op, Value row, Value col, TileBufType outer,
                                  int64_t innerRows, int64_t innerCols, StringRef outerName,
                                  StringRef innerName) {
  auto r = constantValue(row), c = constantValue(col);
  if (r && *r < 0)
    return op->emitOpError("expects indexRow to be non-negative");
  if (c && *c < 0)
    return op->emitOpError("expects indexCol to be non-negative");
  if (r && isStatic(innerRows) && *r + innerRows > outer.getRows())
    return op->emitOpError() << "expects indexRow + " << innerName << ".rows <= " << outerName
                             << ".rows (" << *r << " + " << innerRows << " > "
                             << outer.getRows() << ")";
  if (c && isStatic(innerCols) && *c + innerCols > outer.getCols())
    return op->emitOpError() << "expects indexCol + " << innerName << ".cols <= " << outerName
                             << ".cols (" << *c << " + " << innerCols << " > "
                             << outer.getCols() << ")";
  return success();
}

static bool isNDTile(TileBufType t) {
  return t.getBlayout() == BLayout::row_major && t.getSlayout() == SLayout::none_box;
}
static bool isNZTile(TileBufType t) {
  return t.getBlayout() == BLayout::col_major && t.getSlayout() == SLayout::row_major;
}

LogicalResult TExtractOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = tileBuf(*this, getSrc(), "src");
  auto dst = tileBuf(*this, getDst(), "dst");
  if (failed(src) || failed(dst))
    return failure();
  if (failed(verifyWindow(*this, getIndexRow(), getIndexCol(), *src, dst->getRows(),
                          dst->getCols(), "src", "dst")))
    return failure();
  if (src->getElementType() != dst->getElementType())
    return emitOpError() << "expects src and dst to have the same element type, got "
                         << src->getElementType() << " and " << dst->getElementType();
  TargetArch arch = targetArchOf(*this);
  AddressSpace s = src->getLoc(), d = dst->getLoc();
  bool ok = s == AddressSpace::mat && (d == AddressSpace::left || d == AddressSpace::right ||
                                       (arch == TargetArch::a5 && d == AddressSpace::scaling));
  ok = ok || (arch == TargetArch::a5 && s == AddressSpace::vec &&
              (d == AddressSpace::mat || d == AddressSpace::vec));
  // PTOAS 0.60 also extracts vec -> vec on A2/A3 (its verifyA2A3 base form).
  bool since060 = ptoasAtLeast(getContext(), 0, 60);
  ok = ok || (since060 && s == AddressSpace::vec && d == AddressSpace::vec);
  if (!ok)
    return emitOpError() << "unsupported textract from loc=" << stringifyAddressSpace(s)
                         << " to loc=" << stringifyAddressSpace(d) << " on " << archName(arch)
                         << " (supported: mat->left|right"
                         << (arch == TargetArch::a5 ? "|scaling, vec->mat|vec"
                             : since060             ? ", vec->vec"
                                                    : "")
                         << ")";
  if (arch == TargetArch::a5 && s == AddressSpace::vec && d == AddressSpace::vec &&
      (!isNDTile(*src) || !isNDTile(*dst)))
    return emitOpError("expects A5 vec->vec textract src/dst to use ND layout "
                       "(blayout=row_major, slayout=none_box)");
  if (d == AddressSpace::left && dst->getSlayout() != SLayout::row_major)
    return emitOpError("expects a left dst to use slayout=row_major");
  if (d == AddressSpace::right && (effectiveBLayout(*dst, arch) != BLayout::row_major ||
                                   dst->getSlayout() != SLayout::col_major))
    return emitOpError("expects a right dst to use blayout=row_major, slayout=col_major");
  return success();
}

LogicalResult TInsertOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = tileBuf(*this, getSrc(), "src");
  auto dst = tileBuf(*this, getDst(), "dst");
  if (failed(src) || failed(dst))
    return failure();
  if (failed(verifyWindow(*this, getIndexRow(), getIndexCol(), *dst, src->getValidRow(),
                          src->getValidCol(), "dst", "src")))
    return failure();
  TargetArch arch = targetArchOf(*this);
  AddressSpace s = src->getLoc(), d = dst->getLoc();
  Type se = src->getElementType(), de = dst->getElementType();
  if (arch == TargetArch::a3) {
    if (s != AddressSpace::acc || d != AddressSpace::mat)
      return emitOpError("expects A2/A3 tinsert src to use loc=acc and dst to use loc=mat");
    if (!isNZTile(*src) || !isNZTile(*dst))
      return emitOpError("expects A2/A3 tinsert src and dst to use blayout=col_major and "
                         "slayout=row_major");
    if (!se.isF32() || !(de.isF16() || de.isBF16()))
      return emitOpError() << "expects A2/A3 tinsert element types to be src=f32, dst=f16/bf16, "
                              "got src="
                           << se << ", dst=" << de;
    return success();
  }
  if (s == AddressSpace::acc && d == AddressSpace::mat) {
    if (!isNZTile(*src) || !isNZTile(*dst))
      return emitOpError("expects A5 acc->mat tinsert src and dst to use blayout=col_major and "
                         "slayout=row_major");
    return success();
  }
  if (s == AddressSpace::vec && (d == AddressSpace::mat || d == AddressSpace::vec)) {
    if (se != de)
      return emitOpError("expects A5 vec tinsert src and dst to have the same element type");
    return success();
  }
  return emitOpError() << "expects A5 tinsert to use a supported src/dst loc pair: acc->mat, "
                          "vec->mat, or vec->vec (got "
                       << stringifyAddressSpace(s) << "->" << stringifyAddressSpace(d) << ")";
}

/// textract_fp / tinsert_fp: an acc tile converted through an fp (scaling) tile.
static LogicalResult verifySubTileFP(Operation *op, Value src, Value fp, Value dst) {
  if (onMemrefs(op))
    return success();
  auto s = tileBuf(op, src, "src"), f = tileBuf(op, fp, "fp"), d = tileBuf(op, dst, "dst");
  if (failed(s) || failed(f) || failed(d))
    return failure();
  if (s->getLoc() != AddressSpace::acc)
    return op->emitOpError("expects src to be in the acc address space");
  if (f->getLoc() != AddressSpace::scaling)
    return op->emitOpError("expects fp to be in the scaling address space");
  return success();
}

LogicalResult TExtractFPOp::verify() { return verifySubTileFP(*this, getSrc(), getFp(), getDst()); }
LogicalResult TInsertFPOp::verify() { return verifySubTileFP(*this, getSrc(), getFp(), getDst()); }
