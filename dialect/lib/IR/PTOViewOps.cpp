//===- PTOViewOps.cpp - pointers, GM views, tile buffers ------------------===//

#include "ptonz/PTOVerify.h"

#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace ptonz::pto;

static unsigned elementBytes(Type t) { return (elementBits(t) + 7) / 8; }

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

LogicalResult LoadScalarOp::verify() {
  if (getValue().getType() != elementTypeOf(getPtr().getType()))
    return emitOpError()
           << "expects the result type to be the pointer's element type "
           << elementTypeOf(getPtr().getType()) << ", got "
           << getValue().getType();
  return success();
}

LogicalResult StoreScalarOp::verify() {
  if (getValue().getType() != elementTypeOf(getPtr().getType()))
    return emitOpError()
           << "expects the stored value to have the pointer's element type "
           << elementTypeOf(getPtr().getType()) << ", got "
           << getValue().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// make_tensor_view:
//   %v = pto.make_tensor_view %p, shape = [...], strides = [...] {attrs} :
//   !pto.tensor_view<...>
// The pointer operand's type is `!pto.ptr<T>` (or `!pto.ptr<T, gm>`) of the
// view's element type.
//===----------------------------------------------------------------------===//

/// The pointer operand of a view op, whose type the syntax does not spell:
/// `!pto.ptr<T>` or PTOAS 0.60's `!pto.ptr<T, gm>` (the same pointer to
/// PTOAS; two spellings, so two types, to ptonz, which prints each back as
/// written). The parser API resolves an operand only against a given type,
/// so the first try's mismatch diagnostic is dropped.
static ParseResult resolveGMPointer(OpAsmParser &p,
                                    const OpAsmParser::UnresolvedOperand &ptr,
                                    Type elem,
                                    SmallVectorImpl<Value> &operands) {
  MLIRContext *ctx = elem.getContext();
  PtrType plain = PtrType::get(elem);
  for (PtrType t :
       {plain, PtrType::get(ctx, elem, StringAttr::get(ctx, "gm"))}) {
    ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
    if (succeeded(p.resolveOperand(ptr, t, operands)))
      return success();
  }
  return p.resolveOperand(ptr, plain,
                          operands); // the mismatch, in !pto.ptr<T>'s words
}

ParseResult MakeTensorViewOp::parse(OpAsmParser &p, OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr;
  SmallVector<OpAsmParser::UnresolvedOperand> shape, strides;
  Type type;
  if (p.parseOperand(ptr) || p.parseComma() || p.parseKeyword("shape") ||
      p.parseEqual() ||
      p.parseOperandList(shape, OpAsmParser::Delimiter::Square))
    return failure();
  (void)p.parseOptionalComma(); // early PTOAS wrote no comma here
  if (p.parseKeyword("strides") || p.parseEqual() ||
      p.parseOperandList(strides, OpAsmParser::Delimiter::Square) ||
      p.parseOptionalAttrDict(result.attributes) || p.parseColon())
    return failure();
  SMLoc typeLoc = p.getCurrentLocation();
  if (p.parseType(type))
    return failure();
  auto view = dyn_cast<TensorViewType>(type);
  if (!view)
    return p.emitError(typeLoc, "result must be pto.tensor_view<...>, got ")
           << type;
  Type index = p.getBuilder().getIndexType();
  if (resolveGMPointer(p, ptr, view.getElementType(), result.operands) ||
      p.resolveOperands(shape, index, result.operands) ||
      p.resolveOperands(strides, index, result.operands))
    return failure();
  result.getOrAddProperties<Properties>().operandSegmentSizes = {
      1, static_cast<int32_t>(shape.size()),
      static_cast<int32_t>(strides.size())};
  result.addTypes(view);
  return success();
}

void MakeTensorViewOp::print(OpAsmPrinter &p) {
  p << ' ' << getPtr() << ", shape = [" << getShape() << "], strides = ["
    << getStrides() << ']';
  ptonz::printAttrDict(p, *this, {"operandSegmentSizes"});
  p << " : " << getResult().getType();
}

/// Replace `current`, the operands of ODS operand group `group` of `op` (the
/// position of a Variadic in its `arguments`), by `values`, and its size in
/// the op's properties. The generated get<Group>Mutable() builds and uniques
/// an operandSegmentSizes attribute when made and again on assign; the
/// rewrites replace a few groups of every view and partition.
template <typename OpT>
static void setOperandGroup(OpT op, OperandRange current, unsigned group,
                            ValueRange values) {
  auto [start, length] = op.getODSOperandIndexAndLength(group);
  if (current.size() != length ||
      (length && current.getBeginOperandIndex() != start))
    llvm::report_fatal_error(
        "setOperandGroup: operand group " + llvm::Twine(group) + " of " +
        op->getName().getStringRef() +
        " is not the one named (ODS arguments reordered?)");
  op->setOperands(start, length, values);
  op.getProperties().operandSegmentSizes[group] = values.size();
}

void MakeTensorViewOp::setShapeOperands(ValueRange values) {
  setOperandGroup(*this, getShape(), 1, values);
}

void MakeTensorViewOp::setStridesOperands(ValueRange values) {
  setOperandGroup(*this, getStrides(), 2, values);
}

void PartitionViewOp::setOffsetsOperands(ValueRange values) {
  setOperandGroup(*this, getOffsets(), 1, values);
}

void PartitionViewOp::setSizesOperands(ValueRange values) {
  setOperandGroup(*this, getSizes(), 2, values);
}

LogicalResult MakeTensorViewOp::verify() {
  TensorViewType view = getResult().getType();
  PtrType ptr = getPtr().getType();
  if (ptr.getElementType() != view.getElementType())
    return emitOpError() << "ptr element type must match tensor_view element "
                            "type, but got ptr="
                         << ptr.getElementType()
                         << " view=" << view.getElementType();
  int64_t rank = view.getRank();
  if ((int64_t)getShape().size() != rank)
    return emitOpError()
           << "shape/strides operand counts must match tensor_view rank="
           << rank << " (got " << getShape().size() << " shape operands)";
  if (!getStrides().empty() && (int64_t)getStrides().size() != rank)
    return emitOpError()
           << "shape/strides operand counts must match tensor_view rank="
           << rank << " (got " << getStrides().size()
           << " strides; `strides = []` is allowed only before "
              "pto-materialize-strides)";
  for (int64_t i = 0; i < rank; ++i) {
    std::optional<int64_t> c = constantOf(getShape()[i]);
    if (!c)
      continue;
    if (*c < 0)
      return emitOpError() << "shape operand #" << i << " is negative (" << *c
                           << ")";
    int64_t d = view.getShape()[i];
    if (isStatic(d) && d != *c)
      return emitOpError() << "shape operand #" << i << " is " << *c
                           << " but the tensor_view type has static dim " << d;
  }
  for (auto [i, s] : llvm::enumerate(getStrides()))
    if (auto c = constantOf(s); c && *c < 0)
      return emitOpError() << "stride operand #" << i << " is negative (" << *c
                           << ")";
  if (auto typeLayout = view.getLayout();
      typeLayout && getLayoutAttr() && typeLayout != Attribute(getLayoutAttr()))
    return emitOpError() << "layout attribute " << getLayoutAttr()
                         << " does not match result type layout " << typeLayout;
  return success();
}

ParseResult PartitionViewOp::parse(OpAsmParser &p, OperationState &state) {
  OpAsmParser::UnresolvedOperand source;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> offsets, sizes;
  Type sourceType, resultType;
  SMLoc start = p.getCurrentLocation();
  if (p.parseOperand(source) || p.parseComma() || p.parseKeyword("offsets") ||
      p.parseEqual() ||
      p.parseOperandList(offsets, OpAsmParser::Delimiter::Square) ||
      p.parseComma() || p.parseKeyword("sizes") || p.parseEqual() ||
      p.parseOperandList(sizes, OpAsmParser::Delimiter::Square) ||
      p.parseOptionalAttrDict(state.attributes) || p.parseColonType(sourceType))
    return failure();
  bool explicitResult = succeeded(p.parseOptionalArrow());
  if (explicitResult && p.parseType(resultType))
    return failure();
  Type index = p.getBuilder().getIndexType();
  SmallVector<Value, 4> sizeValues;
  if (p.resolveOperand(source, sourceType, state.operands) ||
      p.resolveOperands(offsets, index, state.operands) ||
      p.resolveOperands(sizes, index, sizeValues))
    return failure();
  state.addOperands(sizeValues);
  auto &segments = state.getOrAddProperties<Properties>().operandSegmentSizes;
  segments = {1, static_cast<int32_t>(offsets.size()),
              static_cast<int32_t>(sizes.size())};
  if (!explicitResult) {
    // PTOAS 0.60's inference: one dim per size, its constant or `?`.
    auto view = dyn_cast<TensorViewType>(sourceType);
    if (!view || view.getRank() != (int64_t)sizes.size())
      return p.emitError(
          start,
          "cannot infer the pto.partition_view result type (the source must "
          "be a !pto.tensor_view with one size per dim): write "
          "`-> !pto.partition_tensor_view<...>`");
    SmallVector<int64_t, 4> shape;
    for (Value size : sizeValues) {
      std::optional<int64_t> c = ptonz::constantOf(size);
      shape.push_back(c && *c >= 0 ? *c : ShapedType::kDynamic);
    }
    resultType = PartitionTensorViewType::get(
        p.getContext(), shape, view.getElementType(), Attribute());
  }
  state.addTypes(resultType);
  return success();
}

void PartitionViewOp::print(OpAsmPrinter &p) {
  p << ' ' << getSource() << ", offsets = [";
  p.printOperands(getOffsets());
  p << "], sizes = [";
  p.printOperands(getSizes());
  p << ']';
  ptonz::printAttrDict(p, *this, {"operandSegmentSizes"});
  p << " : " << getSource().getType() << " -> " << getResult().getType();
}

LogicalResult PartitionViewOp::verify() {
  TensorViewType src = getSource().getType();
  PartitionTensorViewType res = getResult().getType();
  int64_t rank = src.getRank();
  if (src.getElementType() != res.getElementType())
    return emitOpError()
           << "element type mismatch between source and result: src="
           << src.getElementType() << " result=" << res.getElementType();
  if ((int64_t)getOffsets().size() != rank)
    return emitOpError() << "offset count (" << getOffsets().size()
                         << ") must match source rank (" << rank << ")";
  if ((int64_t)getSizes().size() != rank)
    return emitOpError() << "size count (" << getSizes().size()
                         << ") must match source rank (" << rank << ")";
  bool sameRank = res.getRank() == rank;
  if (!sameRank && res.getRank() > rank)
    return emitOpError() << "result rank (" << res.getRank()
                         << ") exceeds source rank (" << rank << ")";
  for (int64_t i = 0; i < rank; ++i) {
    std::optional<int64_t> off = constantOf(getOffsets()[i]);
    std::optional<int64_t> size = constantOf(getSizes()[i]);
    int64_t dim = src.getShape()[i];
    if (off && *off < 0)
      return emitOpError() << "offset at dim " << i
                           << " must be non-negative, got " << *off;
    if (size && *size <= 0)
      return emitOpError() << "size at dim " << i << " must be positive, got "
                           << *size;
    if (size && sameRank && isStatic(res.getShape()[i]) &&
        res.getShape()[i] != *size)
      return emitOpError() << "size/result mismatch at dim " << i
                           << ": size operand=" << *size
                           << " result type dim=" << res.getShape()[i];
    if (size && isStatic(dim) && *size > dim)
      return emitOpError() << "size at dim " << i << " (" << *size
                           << ") exceeds static source dim (" << dim << ")";
    int64_t end = 0;
    if (off && size && llvm::AddOverflow(*off, *size, end))
      return emitOpError() << "offset+size at dim " << i
                           << " overflows"; // PTOAS >= 0.61's
    if (off && size && isStatic(dim) && end > dim)
      return emitOpError() << "offset+size at dim " << i << " (" << end
                           << ") exceeds static source dim (" << dim << ")";
  }
  if (!sameRank) {
    // Rank-reduced: the result keeps the element count of the constant sizes.
    int64_t want = 1, have = 1;
    bool known = true;
    for (Value s : getSizes())
      if (auto c = constantOf(s))
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
  // A layout in the partition type is the resolved layout of its view
  // (PTOAS >= 0.61): it must agree with the view's, where that is known.
  if (Attribute partLayout = res.getLayout()) {
    Attribute srcLayout = src.getLayout();
    if (!srcLayout)
      if (auto view = getSource().getDefiningOp<MakeTensorViewOp>())
        srcLayout = view.getLayoutAttr();
    if (srcLayout && srcLayout != partLayout)
      return emitOpError()
             << "partition layout="
             << stringifyLayout(cast<LayoutAttr>(partLayout).getValue())
             << " does not match source layout="
             << stringifyLayout(cast<LayoutAttr>(srcLayout).getValue());
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Tile buffers
//===----------------------------------------------------------------------===//

LogicalResult GetValidShapeOp::verify() { return verifySince(*this, 0, 60); }

/// A constant tile address: non-negative and aligned as its memory needs
/// (512 bytes in left/right/acc, 32 elsewhere).
static LogicalResult verifyLocalAddress(Operation *op, Value addr,
                                        AddressSpace loc) {
  auto c = constantOf(addr);
  if (!c)
    return success();
  int64_t align = (loc == AddressSpace::left || loc == AddressSpace::right ||
                   loc == AddressSpace::acc)
                      ? 512
                      : 32;
  if (*c < 0)
    return op->emitOpError() << "addr must be non-negative, got " << *c;
  if (*c % align != 0)
    return op->emitOpError()
           << "addr must be aligned to " << align
           << " bytes for local tile memory space, got " << *c;
  return success();
}

/// PTOAS 0.60's layout granule of an allocated tile: a none_box tile's
/// contiguous dimension (cols if row-major, rows if col-major) spans a
/// multiple of 32 bytes (16 for packed FP4); a boxed tile is a whole number
/// of fractals (innerRows x innerCols, from s_fractal_size and the element
/// size), rows exempt in vec, for fractal 32 and for a single row.
static LogicalResult verifyTileLayoutGranule(Operation *op, TileBufType t) {
  unsigned bits = elementBits(t.getElementType());
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return success(); // no PTOAS element type (pto-verify-ptoas says so)
  unsigned bytes = bits / 8;
  int64_t rows = t.getRows(), cols = t.getCols();
  if (t.getSlayout() == SLayout::none_box) {
    bool rowMajor = t.getBlayout() == BLayout::row_major;
    int64_t align = isFP4Pair(t.getElementType()) ? 16 : 32;
    int64_t span = (rowMajor ? cols : rows) * bytes;
    if (span % align != 0)
      return op->emitOpError()
             << "expects result " << (rowMajor ? "row-major" : "col-major")
             << " none_box tile "
             << (rowMajor ? "row byte size (cols * sizeof(dtype))"
                          : "column byte size (rows * sizeof(dtype))")
             << " to be " << align << "-byte aligned, but got " << span
             << " bytes (pad the tile's " << (rowMajor ? "cols" : "rows")
             << " and keep the data's extent in its valid shape)";
    return success();
  }
  int64_t innerRows = 0, innerCols = 0;
  if (t.getFractal() == 1024) {
    innerRows = innerCols = 16;
  } else if (t.getFractal() == 32) {
    innerRows = 16;
    innerCols = 2;
  } else if (t.getFractal() == 512 && bytes > 0 && 32 % bytes == 0) {
    bool rowBox = t.getSlayout() == SLayout::row_major;
    innerRows = rowBox ? 16 : 32 / bytes;
    innerCols = rowBox ? 32 / bytes : 16;
  }
  if (innerRows == 0)
    return op->emitOpError()
           << "expects result to use a supported boxed tile layout (s_fractal"
              "_size 1024, 32, or 512 with a 1-, 2- or 4-byte element), got "
              "s_fractal_size "
           << t.getFractal() << " with " << t.getElementType();
  bool rowsExempt =
      t.getLoc() == AddressSpace::vec || t.getFractal() == 32 || rows == 1;
  if (!rowsExempt && rows % innerRows != 0)
    return op->emitOpError()
           << "expects result boxed tile rows to be a multiple of innerRows ("
           << innerRows << "), but got " << rows;
  if (cols % innerCols != 0)
    return op->emitOpError()
           << "expects result boxed tile cols to be a multiple of innerCols ("
           << innerCols << "), but got " << cols;
  return success();
}

LogicalResult AllocTileOp::verify() {
  TileBufType t = getResult().getType();
  auto check = [&](Value operand, int64_t dim,
                   StringRef name) -> LogicalResult {
    if (!isStatic(dim) && !operand)
      return emitOpError() << name
                           << " operand is required because result type v_"
                           << name.drop_front(6) << " is ?";
    if (isStatic(dim) && operand)
      return emitOpError() << name
                           << " operand must be absent because result type v_"
                           << name.drop_front(6) << " is " << dim;
    return success();
  };
  if (failed(check(getValidRow(), t.getValidRow(), "valid_row")) ||
      failed(check(getValidCol(), t.getValidCol(), "valid_col")))
    return failure();
  if (ptoasAtLeast(getOperation(), 0, 60) &&
      failed(verifyTileLayoutGranule(*this, t)))
    return failure();
  // ptoas places tiles itself (PlanMemory) below level3 and takes fixed
  // addresses only at level3, where it needs one on every tile.
  bool level3 = buildLevelOf(getOperation()) == BuildLevel::level3;
  if (Value addr = getAddr()) {
    if (!level3)
      return emitOpError()
             << "unexpected 'addr' operand: only supported when "
                "--pto-level=level3 "
                "(ptoas plans tile addresses itself at levels 1 and 2; drop "
                "`addr = ...` or assemble with --pto-level=level3)";
    if (failed(verifyLocalAddress(*this, addr, t.getLoc())))
      return failure();
  } else if (level3) {
    return emitOpError()
           << "requires 'addr' operand when --pto-level=level3 (level3 does no "
              "memory planning: give every tile `addr = %a : i64`)";
  }
  return success();
}

LogicalResult AllocMultiTileOp::verify() {
  if (failed(verifySince(*this, 0, 60)))
    return failure();
  // As alloc_tile's `addr`: the slots' base at level3, where PTOAS plans
  // no memory, and nowhere else (PTOAS 0.60's driver).
  bool level3 = buildLevelOf(getOperation()) == BuildLevel::level3;
  if (getAddr() && !level3)
    return emitOpError("unexpected 'addr' operand on pto.alloc_multi_tile: "
                       "only supported when --pto-level=level3 (ptoas plans "
                       "the slots itself at levels 1 and 2)");
  if (!getAddr() && level3)
    return emitOpError("pto.alloc_multi_tile requires a base 'addr' operand "
                       "when --pto-level=level3");
  // The slots' planned addresses are PTOAS's own (ptoas's driver).
  if ((*this)->hasAttr("pto.multi_buffer_addrs"))
    return emitOpError("attribute 'pto.multi_buffer_addrs' is reserved for "
                       "pto-plan-memory (ptoas places the slots itself): drop "
                       "it, and give a base `addr = %a : i64` at level3");
  std::optional<MultiTileBuf> multi = multiTileBufOf(getResult().getType());
  TileBufType slot = multi ? multi->slot : TileBufType();
  if (!slot) {
    if (auto c = getAddr() ? constantOf(getAddr()) : std::nullopt; c && *c < 0)
      return emitOpError() << "addr must be non-negative, got " << *c;
    return success();
  }
  // AllocMultiTileOp::verify: a constant base is aligned as alloc_tile's,
  // and the slots, placed at product(shape) * element size intervals, pack
  // densely.
  if (Value addr = getAddr();
      addr && failed(verifyLocalAddress(*this, addr, slot.getLoc())))
    return failure();
  if (slot.getCompact() == static_cast<int64_t>(CompactMode::row_plus_one))
    return emitOpError(
        "multi_tile_buf slot uses row_plus_one compaction, whose padded "
        "storage footprint exceeds product(shape) and would overlap adjacent "
        "multi-buffer slots; use a compact (non-row_plus_one) slot layout or "
        "a single pto.alloc_tile");
  return success();
}

LogicalResult TAssignOp::verify() {
  if (getTile().getType() != getResult().getType())
    return emitOpError("result type must match tile operand type");
  if (buildLevelOf(getOperation()) != BuildLevel::level3)
    return emitOpError(
        "pto.tassign is only supported when --pto-level=level3 (tiles get "
        "fixed addresses only there)");
  // PTOAS 0.60 checks a constant tassign address as alloc_tile's.
  auto tile = dyn_cast<TileBufType>(getTile().getType());
  if (tile && ptoasAtLeast(getOperation(), 0, 60))
    return verifyLocalAddress(*this, getAddr(), tile.getLoc());
  return success();
}

/// The valid shape of a subset at constant offsets: the part of the source's
/// valid region it covers, a parent's valid dims read as a period (ping/pong
/// halves of one buffer); `?` where an offset or the source's valid dim is
/// dynamic.
static int64_t subsetValidDim(int64_t size, int64_t parentValid,
                              std::optional<int64_t> offset) {
  if (!isStatic(parentValid) || !offset)
    return ShapedType::kDynamic;
  if (parentValid <= 0)
    return std::min<int64_t>(size, 0);
  int64_t rem = *offset % parentValid;
  if (rem < 0)
    rem += parentValid;
  return std::min<int64_t>(size, parentValid - rem);
}

/// The result of a subset of `src` with static `sizes` at `offsets` (constant
/// where known).
static TileBufType subsetType(TileBufType src, ArrayAttr sizes,
                              ArrayRef<std::optional<int64_t>> offsets) {
  int64_t rows = cast<IntegerAttr>(sizes[0]).getInt(),
          cols = cast<IntegerAttr>(sizes[1]).getInt();
  auto offset = [&](unsigned i) {
    return i < offsets.size() ? offsets[i] : std::nullopt;
  };
  return TileBufType::get(
      src.getContext(), src.getLoc(), src.getElementType(), rows, cols,
      subsetValidDim(rows, src.getValidRow(), offset(0)),
      subsetValidDim(cols, src.getValidCol(), offset(1)), src.getBlayout(),
      src.getSlayout(), src.getFractal(), src.getPad(), src.getCompact());
}

ParseResult SubsetOp::parse(OpAsmParser &p, OperationState &result) {
  OpAsmParser::UnresolvedOperand source;
  SmallVector<OpAsmParser::UnresolvedOperand> offsets;
  ArrayAttr sizes;
  Type type;
  SMLoc at = p.getCurrentLocation();
  if (p.parseOperand(source) ||
      p.parseOperandList(offsets, OpAsmParser::Delimiter::Square) ||
      p.parseKeyword("sizes") || p.parseAttribute(sizes) ||
      p.parseOptionalAttrDict(result.attributes) || p.parseColonType(type))
    return failure();
  auto src = dyn_cast<TileBufType>(type);
  if (!src)
    return p.emitError(at) << "expected a !pto.tile_buf source, got " << type;
  if (sizes.size() != 2 ||
      !llvm::all_of(sizes, [](Attribute a) { return isa<IntegerAttr>(a); }))
    return p.emitError(
        at, "subset sizes must be two integers, e.g. sizes [32, 32]");
  result.getOrAddProperties<Properties>().sizes = sizes;
  if (p.resolveOperand(source, src, result.operands) ||
      p.resolveOperands(offsets, p.getBuilder().getIndexType(),
                        result.operands))
    return failure();
  SmallVector<std::optional<int64_t>> constOffsets;
  for (Value v : ValueRange(result.operands).drop_front())
    constOffsets.push_back(constantOf(v));
  result.addTypes(subsetType(src, sizes, constOffsets));
  return success();
}

void SubsetOp::print(OpAsmPrinter &p) {
  p << ' ' << getSource() << '[' << getOffsets() << "] sizes " << getSizes();
  ptonz::printAttrDict(p, *this, {"sizes"});
  p << " : " << getSource().getType();
}

LogicalResult SubsetOp::verify() {
  TileBufType src = getSource().getType();
  if (getSizes().size() != 2)
    return emitOpError("subset sizes must be two integers");
  if (src.getSlayout() == SLayout::none_box)
    return success();
  // A boxed (fractal) tile is cut along whole fractals and whole rows/cols.
  int64_t bytes = elementBytes(src.getElementType());
  int64_t innerRows = 16, innerCols = 16;
  if (src.getFractal() == 32) {
    innerCols = 2;
  } else if (src.getFractal() == 512 && bytes > 0 && bytes <= 32) {
    (src.getSlayout() == SLayout::row_major ? innerCols : innerRows) =
        32 / bytes;
  } else if (src.getFractal() != 1024) {
    return emitOpError("unsupported tile layout for subset");
  }
  if (getOffsets().size() != 2)
    return emitOpError("boxed layout subset expects 2D offsets");
  int64_t rows = cast<IntegerAttr>(getSizes()[0]).getInt();
  int64_t cols = cast<IntegerAttr>(getSizes()[1]).getInt();
  if (rows <= 0 || cols <= 0)
    return emitOpError("subset sizes must be positive");
  if (rows % innerRows || cols % innerCols)
    return emitOpError()
           << "boxed layout subset sizes must be multiples of the fractal ("
           << innerRows << "x" << innerCols << ")";
  auto offRow = constantOf(getOffsets()[0]),
       offCol = constantOf(getOffsets()[1]);
  for (auto [off, inner] :
       {std::pair{offRow, innerRows}, std::pair{offCol, innerCols}}) {
    if (off && *off < 0)
      return emitOpError("subset offsets must be non-negative");
    if (off && *off % inner)
      return emitOpError()
             << "boxed layout subset offsets must be multiples of the fractal ("
             << innerRows << "x" << innerCols << ")";
  }
  if (src.getBlayout() == BLayout::row_major &&
      (cols != src.getCols() || offCol != 0))
    return emitOpError(
        "boxed row_major subset must keep all columns (col offset 0)");
  if (src.getBlayout() == BLayout::col_major &&
      (rows != src.getRows() || offRow != 0))
    return emitOpError(
        "boxed col_major subset must keep all rows (row offset 0)");
  return success();
}

/// A tile handle this function allocates (not an argument): what
/// set_validshape may update in place.
static bool isLocalTile(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (isa<AllocTileOp, DeclareTileOp, BindTileOp, PointerCastOp>(def))
    return true;
  if (auto b = dyn_cast<BitcastOp>(def))
    return isLocalTile(b.getSrc());
  if (auto r = dyn_cast<TReshapeOp>(def))
    return isLocalTile(r.getSrc());
  return false;
}

LogicalResult SetValidShapeOp::verify() {
  int64_t rows, cols;
  if (auto t = dyn_cast<TileBufType>(getSource().getType())) {
    if (isStatic(t.getValidRow()) || isStatic(t.getValidCol()))
      return emitOpError(
          "expects source tile_buf to have dynamic validShape (?, ?)");
    if (!isLocalTile(getSource()))
      return emitOpError(
          "requires a locally bound tile source (alloc_tile, declare_tile, or "
          "a "
          "view of one); function arguments/results are unsupported");
    rows = t.getRows();
    cols = t.getCols();
  } else {
    if (!(*this)->hasAttr("__pto.lowered_set_validshape"))
      return emitOpError("expects tile_buf source; memref source is only valid "
                         "for the internal "
                         "lowered form");
    auto m = cast<MemRefType>(getSource().getType());
    if (m.getRank() != 2)
      return emitOpError("expects rank-2 memref source after tile lowering");
    rows = m.getShape()[0];
    cols = m.getShape()[1];
  }
  for (auto [v, max, name] : {std::tuple{getValidRow(), rows, "row"},
                              std::tuple{getValidCol(), cols, "col"}}) {
    auto c = constantOf(v);
    if (c && *c < 0)
      return emitOpError() << "expects " << name
                           << " operand to be non-negative";
    if (c && isStatic(max) && *c > max)
      return emitOpError() << "expects " << name << " operand <= shape dim ("
                           << max << ")";
  }
  return success();
}

LogicalResult BitcastOp::verify() {
  TileBufType src = getSrc().getType(), dst = getResult().getType();
  if (src.getLoc() != dst.getLoc())
    return emitOpError("expects src/result to have the same memorySpace");
  if (src.getElementType() == dst.getElementType())
    return emitOpError(
        "expects src/result to have different element types; use pto.treshape "
        "for shape/config changes");
  if (src.getRows() != dst.getRows() || src.getCols() != dst.getCols())
    return emitOpError(
        "expects src/result to have the same shape; use pto.treshape for shape "
        "changes");
  if (src.getValidRow() != dst.getValidRow() ||
      src.getValidCol() != dst.getValidCol())
    return emitOpError("expects src/result to have the same validShape");
  if (src.getBlayout() != dst.getBlayout() ||
      src.getSlayout() != dst.getSlayout() ||
      src.getFractal() != dst.getFractal() || src.getPad() != dst.getPad() ||
      src.getCompact() != dst.getCompact())
    return emitOpError("expects src/result to have the same tile config");
  if (elementBytes(dst.getElementType()) > elementBytes(src.getElementType()))
    return emitOpError(
        "bitcast result requires more bytes than source storage");
  return success();
}

LogicalResult TReshapeOp::verify() {
  if (onMemrefs(*this))
    return success();
  auto src = dyn_cast<TileBufType>(getSrc().getType());
  auto dst = dyn_cast<TileBufType>(getResult().getType());
  if (!src || !dst)
    return emitOpError("expects src/result to be !pto.tile_buf types");
  if (src.getLoc() != dst.getLoc())
    return emitOpError("expects src and dst to use the same loc");
  if (elementBytes(src.getElementType()) * src.getRows() * src.getCols() !=
      elementBytes(dst.getElementType()) * dst.getRows() * dst.getCols())
    return emitOpError("expects src and dst to have the same total byte size");
  if ((src.getSlayout() == SLayout::none_box) !=
      (dst.getSlayout() == SLayout::none_box))
    return emitOpError(
        "cannot reshape between boxed and non-boxed tile layouts");
  return success();
}
