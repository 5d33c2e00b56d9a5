//===- PTODmaOps.cpp - GM <-> tile loads and stores, gathers, async copies ===//

#include "ptonz/PTOVerify.h"

using namespace mlir;
using namespace ptonz::pto;

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

//===----------------------------------------------------------------------===//
// GM <-> tile
//===----------------------------------------------------------------------===//

LogicalResult TLoadOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = dyn_cast<PartitionTensorViewType>(getSrc().getType());
  auto dst = dyn_cast<TileBufType>(getDst().getType());
  if (!src || !dst)
    return emitOpError() << "expects src to be !pto.partition_tensor_view (or "
                            "a GM memref) and "
                            "dst to be !pto.tile_buf, got "
                         << getSrc().getType() << " and " << getDst().getType();
  TargetArch arch = targetArchOf(*this);
  if (arch == TargetArch::a3 && dst.getLoc() != AddressSpace::vec &&
      dst.getLoc() != AddressSpace::mat)
    return emitOpError()
           << "expects tload dst to use loc=vec or loc=mat, got loc="
           << stringifyAddressSpace(dst.getLoc());
  // PTOAS 0.60: an A5 vec tile is loaded as ND (row_major, none_box), DN
  // (col_major, none_box) or NZ (col_major, row_major).
  if (arch == TargetArch::a5 && dst.getLoc() == AddressSpace::vec &&
      ptoasAtLeast(getOperation(), 0, 60)) {
    BLayout b = dst.getBlayout();
    SLayout sl = dst.getSlayout();
    if (!(sl == SLayout::none_box ||
          (b == BLayout::col_major && sl == SLayout::row_major)))
      return emitOpError()
             << "expects A5 tload vec dst layout to be ND, DN, or NZ (blayout="
                "row_major or col_major with slayout=none_box, or blayout="
                "col_major with slayout=row_major), got blayout="
             << stringifyBLayout(b) << ", slayout=" << stringifySLayout(sl);
  }
  if (bitWidth(src.getElementType()) != bitWidth(dst.getElementType()))
    return emitOpError() << "expects src and dst element types to have the "
                            "same bitwidth, got "
                         << src.getElementType() << " and "
                         << dst.getElementType();
  for (auto [i, d] : llvm::enumerate(src.getShape()))
    if (isStatic(d) && d <= 0)
      return emitOpError() << "expects src shape[" << i << "] to be positive";
  // PTOAS 0.60 accepts an empty valid shape and a partition whose element
  // count differs from the tile's valid count; 0.27 does not.
  bool since060 = ptoasAtLeast(getOperation(), 0, 60);
  for (auto [i, d] : llvm::enumerate(
           SmallVector<int64_t, 2>{dst.getValidRow(), dst.getValidCol()}))
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
                         << ") must match tile_buf valid element count (" << *v
                         << ")";
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
                         << " on " << archName(arch)
                         << ", got loc=" << stringifyAddressSpace(loc);
  if (Value fp = getFp()) {
    // PTOAS 0.60's fp form (0.27 writes it as pto.tstore_fp).
    if (!ptoasAtLeast(getOperation(), 0, 60))
      return emitOpError(
          "takes an fp tile from PTOAS 0.60 on (0.27: pto.tstore_fp)");
    if (getPreQuantScalar())
      return emitOpError(
          "expects fp and preQuantScalar to be mutually exclusive");
    if (getStPhase() != STPhase::unspecified)
      return emitOpError("expects fp form to use the default stPhase");
    auto fpTile = dyn_cast<TileBufType>(fp.getType());
    if (!fpTile || fpTile.getLoc() != AddressSpace::scaling)
      return emitOpError("expects fp to use loc=scaling");
    if (loc != AddressSpace::acc)
      return emitOpError("expects fp/preQuantScalar form to use loc=acc src");
  }
  if (loc != AddressSpace::acc && getPreQuantScalar())
    return emitOpError("expects preQuantScalar form to use loc=acc src");
  if (loc != AddressSpace::acc && getReluPreMode() != ReluPreMode::no_relu)
    return emitOpError("expects reluPreMode form to use loc=acc src");
  for (auto [i, d] : llvm::enumerate(dst.getShape()))
    if (isStatic(d) && d <= 0)
      return emitOpError() << "expects dst shape[" << i << "] to be positive";
  auto p = staticCount(dst.getShape());
  auto v = staticCount({src.getValidRow(), src.getValidCol()});
  // PTOAS 0.60 compares the counts only where every extent is positive (an
  // empty valid shape stores nothing).
  bool empty = (p && *p == 0) || (v && *v == 0);
  if (p && v && *p != *v && !getFp() &&
      !(empty && ptoasAtLeast(getOperation(), 0, 60)))
    return emitOpError() << "partition element count (" << *p
                         << ") must match tile_buf valid element count (" << *v
                         << ")";
  Type se = src.getElementType(), de = dst.getElementType();
  if (loc != AddressSpace::acc) {
    if (bitWidth(se) != bitWidth(de))
      return emitOpError() << "expects src and dst element types to have the "
                              "same bitwidth, got "
                           << se << " and " << de;
    return success();
  }
  if (!se.isInteger(32) && !se.isF32())
    return emitOpError() << "expects an acc tstore src of i32 or f32, got "
                         << se;
  // PTOAS 0.60's A5 fixpipe quantizes an acc tile on store to: i8, f16,
  // bf16 (from i32 or f32), f32, hif8 or an E4M3 fp8 (from f32).
  if (getPreQuantScalar() && targetArchOf(*this) == TargetArch::a5 &&
      ptoasAtLeast(getOperation(), 0, 60)) {
    bool ok =
        de.isInteger(8) || de.isF16() || de.isBF16() ||
        (se.isF32() && (de.isF32() || isa<HiF8Type>(de) ||
                        isa<Float8E4M3Type, Float8E4M3FNType,
                            Float8E4M3FNUZType, Float8E4M3B11FNUZType>(de)));
    if (!ok)
      return emitOpError() << "expects A5 acc preQuantScalar tstore dst type "
                              "to be i8/ui8/f16/bf16/f32/hif8/f8E4M3, got "
                           << de << " (from " << se << ")";
  }
  return success();
}

LogicalResult TPrefetchOp::verify() {
  Type se = elementTypeOf(getSrc().getType()),
       de = elementTypeOf(getDst().getType());
  if (!isa<PartitionTensorViewType, MemRefType>(getSrc().getType()))
    return emitOpError(
        "expects src to be !pto.partition_tensor_view or memref");
  auto dst = tileView(getDst().getType());
  if (!dst)
    return emitOpError("expects dst to be !pto.tile_buf or memref");
  if (dst->space != AddressSpace::vec && dst->space != AddressSpace::mat)
    return emitOpError() << "expects dst to use loc=vec or loc=mat, got loc="
                         << locName(dst->space);
  if (bitWidth(se) != bitWidth(de))
    return emitOpError(
        "expects src and dst element types to have the same element size");
  if (targetArchOf(*this) != TargetArch::a5 &&
      ptoasAtLeast(getOperation(), 0, 60) &&
      (isLowPrecisionElement(se) || isLowPrecisionElement(de)))
    return emitOpError() << "expects A2/A3 tprefetch low-precision element "
                            "types to be unsupported (got "
                         << se << " and " << de
                         << "; A2/A3 moves no fp8/hif8/fp4 data)";
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
    return emitOpError(
        "expects dst to be a memref or !pto.partition_tensor_view");
  if (src->getLoc() != AddressSpace::acc)
    return emitOpError() << "expects src to be in the acc address space";
  if (fp->getLoc() != AddressSpace::scaling)
    return emitOpError() << "expects fp to be in the scaling address space";
  return success();
}

/// The mem operand of mgather/mscatter: an ND GM partition or a GM memref.
static LogicalResult verifyGatherMem(Operation *op, Value mem, Type dataElem) {
  if (elementTypeOf(mem.getType()) != dataElem)
    return op->emitOpError(
        "expects mem element type to match the tile element type");
  if (!isa<PartitionTensorViewType>(mem.getType()) &&
      !isGMPointer(mem.getType()))
    return op->emitOpError(
        "expects mem to be !pto.partition_tensor_view or a GM memref");
  return success();
}

/// mgather/mscatter: A5 only, ND vec data and i32 index tiles.
/// PTOAS 0.60's index tile per coalescing: `elem` (or none) one index per
/// element (idx valid = data valid); `row` (or none) one per row, the idx a
/// row-major [R, 0|1] column (`row` also [0|1, R], or a col-major [R, 0|1]).
static LogicalResult verifyCoalescedIdx(Operation *op, Value data, Value idx,
                                        StringRef dataName) {
  auto d = tileView(data.getType()), i = tileView(idx.getType());
  if (!d || !i || !i->buf || d->valid.size() != 2 || i->valid.size() != 2)
    return success();
  auto coalesce = op->getAttrOfType<CoalesceAttr>("coalesce");
  auto zeroOrOne = [](int64_t v) { return !isStatic(v) || v == 0 || v == 1; };
  bool rowMajor = i->buf.getBlayout() == BLayout::row_major;
  int64_t rows = d->valid[0];
  bool perElem =
      compatible(i->valid[0], rows) && compatible(i->valid[1], d->valid[1]);
  bool column = compatible(i->valid[0], rows) && zeroOrOne(i->valid[1]);
  bool baseRow = rowMajor && column;
  bool rowVector =
      rowMajor && zeroOrOne(i->valid[0]) && compatible(i->valid[1], rows);
  if (!coalesce) {
    if (baseRow || perElem)
      return success();
    return op->emitOpError() << "expects idx valid_shape to be [" << dataName
                             << ".valid_row, 0|1] or match " << dataName
                             << " valid_shape when coalesce is omitted";
  }
  if (coalesce.getValue() == Coalesce::row) {
    if (rowVector || (!rowMajor && column))
      return success();
    return op->emitOpError()
           << "expects row-coalesce idx valid_shape to be [0|1, " << dataName
           << ".valid_row] (row_major) or [" << dataName
           << ".valid_row, 0|1] (col_major)";
  }
  if (perElem)
    return success();
  return op->emitOpError() << "expects elem-coalesce idx valid_shape to match "
                           << dataName << " valid_shape";
}

static LogicalResult verifyGatherScatter(Operation *op, Value data, Value idx,
                                         Value mem, StringRef dataName) {
  if (onMemrefs(op))
    return success();
  // PTOAS 0.27 gathers and scatters on A5 only; 0.60 on A2/A3 too.
  if (targetArchOf(op) != TargetArch::a5 && !ptoasAtLeast(op, 0, 60))
    return op->emitOpError()
           << op->getName() << " is only supported on A5 targets";
  TileRules rules;
  rules.vec = rules.rowMajor = true;
  if (failed(verifyTileOp(op, rules, {{dataName, data}, {"idx", idx}})))
    return failure();
  Type idxElem = elementTypeOf(idx.getType());
  if (!idxElem.isSignlessInteger(32))
    return op->emitOpError()
           << "expects idx element type to be signless i32, got " << idxElem;
  if (ptoasAtLeast(op, 0, 60) &&
      failed(verifyCoalescedIdx(op, data, idx, dataName)))
    return failure();
  return verifyGatherMem(op, mem, elementTypeOf(data.getType()));
}

/// PTOAS 0.60's GM -> L1 mgather: an NZ mat dst (fractal 512, padded rows a
/// multiple of 16 and cols of c0), an i32 GM index view, an explicit
/// coalesce, and a GM scratch view of the dst element type exactly for
/// coalesce = elem.
static LogicalResult verifyGatherToL1(MGatherOp op, TileBufType dst) {
  if (!ptoasAtLeast(op.getOperation(), 0, 60))
    return op.emitOpError("gathers into loc=mat (GM -> L1) from PTOAS 0.60 on");
  if (dst.getBlayout() != BLayout::col_major ||
      dst.getSlayout() != SLayout::row_major || dst.getFractal() != 512)
    return op.emitOpError(
        "expects GM->L1 mgather dst (loc=mat) to use blayout=col_major, "
        "slayout=row_major and fractal=512 (NZ)");
  Type elem = dst.getElementType();
  int64_t c0 = 256 / std::max<int64_t>(8, bitWidth(elem));
  if (c0 == 0)
    return op.emitOpError()
           << "expects a GM->L1 mgather dst element of at most 32 bytes (an NZ "
              "fractal row is 32 bytes), got "
           << elem;
  if (isStatic(dst.getCols()) && dst.getCols() % c0 != 0)
    return op.emitOpError() << "expects GM->L1 mgather dst cols to be a "
                               "multiple of "
                            << c0 << " (C0 = 32 / sizeof(elem))";
  if (isStatic(dst.getRows()) && dst.getRows() % 16 != 0)
    return op.emitOpError(
        "expects GM->L1 mgather dst rows to be a multiple of 16");
  if (failed(verifyGatherMem(op, op.getMem(), elem)))
    return failure();
  if (!isa<PartitionTensorViewType>(op.getIdx().getType()) ||
      !elementTypeOf(op.getIdx().getType()).isSignlessInteger(32))
    return op.emitOpError(
        "expects GM->L1 mgather idx to be an i32 partition_tensor_view");
  auto coalesce = op.getCoalesce();
  if (!coalesce)
    return op.emitOpError("expects GM->L1 mgather to specify an explicit "
                          "coalesce attribute (row or elem)");
  Value scratch = op.getScratch();
  if (*coalesce == Coalesce::row && scratch)
    return op.emitOpError(
        "expects GM->L1 mgather with coalesce=row to omit the scratch operand");
  if (*coalesce == Coalesce::elem &&
      (!scratch || !isa<PartitionTensorViewType>(scratch.getType()) ||
       elementTypeOf(scratch.getType()) != elem))
    return op.emitOpError(
        "expects GM->L1 mgather with coalesce=elem to provide a GM scratch "
        "partition_tensor_view of the dst element type");
  return success();
}

LogicalResult MGatherOp::verify() {
  if (onMemrefs(*this))
    return success();
  if (auto dst = dyn_cast<TileBufType>(getDst().getType());
      dst && dst.getLoc() == AddressSpace::mat)
    return verifyGatherToL1(*this, dst);
  if (getScratch())
    return emitOpError(
        "expects scratch operand only on GM->L1 (loc=mat) mgather");
  // PTOAS 0.60's mgather names its coalescing (#pto<coalesce elem|row>).
  if (ptoasAtLeast(getOperation(), 0, 60) && !getCoalesceAttr())
    return emitOpError("requires attribute 'coalesce' (PTOAS >= 0.60)");
  return verifyGatherScatter(*this, getDst(), getIdx(), getMem(), "dst");
}

LogicalResult MScatterOp::verify() {
  // PTOAS 0.60 asks how an atomic, bounded or conflicting scatter coalesces.
  if (ptoasAtLeast(getOperation(), 0, 60) && !(*this)->hasAttr("coalesce") &&
      (getScatterAtomicOp() != ScatterAtomicOp::none ||
       getScatterOob() != ScatterOOB::undefined ||
       (*this)->hasAttr("scatterConflict")))
    return emitOpError("expects coalesce when scatterAtomicOp/scatterOob/"
                       "scatterConflict is specified (add `coalesce = "
                       "#pto<coalesce elem>` or `#pto<coalesce row>`)");
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
  if (auto g = getChannelGroupIdxAttr();
      g && (g.getInt() < 0 || g.getInt() > UINT32_MAX))
    return emitOpError("expects channel_group_idx to fit in uint32");
  return success();
}

//===----------------------------------------------------------------------===//
// Async DMA (tput_async / tget_async)
//===----------------------------------------------------------------------===//

LogicalResult ptonz::pto::verifyAsyncCopy(Operation *op, Value dst, Value src) {
  auto check = [&](Value v, StringRef name) -> LogicalResult {
    Type t = v.getType();
    SmallVector<int64_t> shape;
    if (auto m = dyn_cast<MemRefType>(t)) {
      if (!isGMPointer(m))
        return op->emitOpError()
               << "expects " << name << " to be in the GM address space";
      shape.assign(m.getShape().begin(), m.getShape().end());
      SmallVector<int64_t> strides;
      int64_t offset;
      if (failed(m.getStridesAndOffset(strides, offset)))
        return op->emitOpError()
               << "expects " << name << " to be a strided memref";
      bool dynamicLayout =
          !isStatic(offset) ||
          llvm::any_of(strides, [](int64_t s) { return !isStatic(s); });
      if (!dynamicLayout && !shape.empty()) {
        bool packed = strides.back() == 1;
        for (int i = static_cast<int>(shape.size()) - 2; i >= 0 && packed; --i)
          packed = strides[i] == strides[i + 1] * shape[i + 1];
        if (!packed)
          return op->emitOpError()
                 << "expects " << name
                 << " to be a static flat contiguous logical 1D GM memref";
      }
    } else if (auto v = dyn_cast<TensorViewType>(t)) {
      shape.assign(v.getShape().begin(), v.getShape().end());
    } else if (auto v = dyn_cast<PartitionTensorViewType>(t)) {
      shape.assign(v.getShape().begin(), v.getShape().end());
    } else {
      return op->emitOpError()
             << "expects " << name
             << " to be a GM memref, tensor_view or partition view";
    }
    if (shape.empty())
      return op->emitOpError() << "expects " << name << " to have rank >= 1";
    if (llvm::any_of(shape, [](int64_t d) { return !isStatic(d); }))
      return op->emitOpError()
             << "expects " << name << " to have a static shape";
    if (llvm::any_of(ArrayRef<int64_t>(shape).drop_back(),
                     [](int64_t d) { return d != 1; }))
      return op->emitOpError()
             << "expects " << name
             << " to be a static flat contiguous logical 1D GM "
             << (isa<MemRefType>(t) ? "memref" : "view")
             << " (all dims but the last 1)";
    return success();
  };
  Type de = elementTypeOf(dst.getType()), se = elementTypeOf(src.getType());
  if (!de || de != se)
    return op->emitOpError("expects src and dst to have the same element type");
  if (failed(check(dst, "dst")) || failed(check(src, "src")))
    return failure();
  return success();
}
