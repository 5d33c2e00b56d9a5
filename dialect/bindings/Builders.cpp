//===- Builders.cpp - C++ op builders and IR queries for the Python passes
//-===//
//
// The ptonz passes are Python rewrite patterns: Python decides what to match,
// what to reject and what the rewritten operands are. Crossing into the
// bindings costs microseconds per call and per Python wrapper, so building
// an op through the generated Python op classes (~20 us) or reading a view
// attribute by attribute cost more than the C++ parse + print of that op.
// These helpers give the passes one call per question (view_info, view_uses,
// value_source, ...) or per module (views_by_function, pl_functions, and
// scan, which answers several of the module queries from one walk: each a
// Collector), one call per op they emit (build_partition_view, ...) or per
// function's worth of them (lower_pl_ops), updates in place
// (set_blocked_view, set_views_strides), the function's index constants
// (IndexConstants) and a pattern driver over the ops a pass validated
// (apply_patterns_to). Queries answer with records (Records.h: named fields,
// e.g. ViewInfo.layout), not positional tuples. What to match, reject and
// rewrite is decided by the passes (and by the C++ analyses they call:
// IntRanges, Alignment); the C++ side erases only the pool's unused constants
// and the pl ops lower_pl_ops replaces.
// populateBuilders adds one group per concern: the constant pool, op
// builders, in-place updates, the pattern driver, view / value / pl / tile
// queries, SSA names.
//
//===----------------------------------------------------------------------===//

#include "Builders.h"
#include "Records.h"

#include "ptonz/ApplyPatterns.h"
#include "ptonz/CAPI.h"
#include "ptonz/PL.h"
#include "ptonz/PTO.h"
#include "ptonz/PTOVerify.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace mlir::python::nanobind_adaptors;

static MlirStringRef ref(const std::string &s) {
  return mlirStringRefCreate(s.data(), s.size());
}
static std::string str(MlirStringRef s) {
  return std::string(s.data, s.length);
}

mlir::Location ptonz::unnamed(mlir::Location loc) {
  while (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    loc = n.getChildLoc();
  return loc;
}

mlir::Location ptonz::named(mlir::Location loc, llvm::StringRef name) {
  mlir::Location base = unnamed(loc);
  if (name.empty())
    return base;
  return mlir::NameLoc::get(mlir::StringAttr::get(loc->getContext(), name),
                            base);
}

std::string ptonz::nameOf(mlir::Value value) {
  // What the printer's printNameLocAsPrefix looks up: the first NameLoc of
  // a pre-order walk, which is the location itself where it is one (as the
  // parser leaves named values: withSourceNames); the walk allocates.
  mlir::Location loc = value.getLoc();
  if (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    return n.getName().str();
  if (auto n = loc->findInstanceOf<mlir::NameLoc>())
    return n.getName().str();
  return "";
}

void ptonz::setName(mlir::Value value, llvm::StringRef name) {
  if (mlir::Operation *op = value.getDefiningOp())
    op->setLoc(named(op->getLoc(), name));
  else
    llvm::cast<mlir::BlockArgument>(value).setLoc(named(value.getLoc(), name));
}

std::string ptonz::derivedName(mlir::Value value, llvm::StringRef suffix,
                               llvm::StringRef fallback) {
  std::string base = value ? nameOf(value) : std::string();
  if (base.empty())
    base = fallback.str();
  return base.empty() ? base : base + suffix.str();
}

/// The name of a partition of `view`: pypto's `%x_pview` of `%x_view`.
static std::string partitionName(mlir::Value view) {
  std::string name = ptonz::nameOf(view);
  llvm::StringRef base(name);
  base.consume_back("_view");
  return base.empty() ? std::string() : base.str() + "_pview";
}

namespace {

/// One `arith.constant N : index` per value for a whole function, at the top
/// of its entry block. The function's own index constants there are reused
/// (moved up to the top, which only widens where they dominate), so a rewrite
/// adds no duplicates and needs no canonicalize to merge them again.
class IndexConstants {
public:
  explicit IndexConstants(MlirOperation func) : func(unwrap(func)) {}

  /// The first op of the entry block after its (hoisted) index constants
  /// and the quotients placed among them (quotient): where code that uses
  /// pooled values can start.
  mlir::Operation *afterConstants() {
    if (!entry)
      seed();
    mlir::Operation *end = headerEnd();
    return end ? end->getNextNode() : &entry->front();
  }

  mlir::Value get(int64_t value) {
    if (!entry)
      seed();
    auto it = values.find(value);
    if (it != values.end())
      return it->second;
    mlir::OpBuilder b(func->getContext());
    if (last)
      b.setInsertionPointAfter(last);
    else
      b.setInsertionPointToStart(entry);
    // Unnamed: the printer names it %c<value> (arith.constant's own names).
    auto c = mlir::arith::ConstantIndexOp::create(
        b, ptonz::unnamed(func->getLoc()), value);
    last = c;
    values[value] = c.getResult();
    return c.getResult();
  }

  /// `dividend floordiv divisor` (divisor > 0): one arith.floordivsi per
  /// (dividend, divisor, name suffix) for the whole function, right after the
  /// dividend's definition (at the start of its block for a block argument,
  /// after the pooled constants in the entry block). There it dominates every
  /// op the dividend does, so the partitions of every view that divide the
  /// same offset share it; a floordiv by a positive constant is pure, so it
  /// may run ahead of a conditional use. Its location and name (`loc`) are
  /// those of its first user.
  mlir::Value quotient(mlir::Value dividend, int64_t divisor,
                       const std::string &suffix, mlir::Location loc) {
    QuotientKey key{dividend.getAsOpaquePointer(), divisor, suffix};
    if (auto it = quotients.find(key); it != quotients.end())
      return it->second;
    mlir::Value d = get(divisor); // seeds the pool: `last` is set
    mlir::OpBuilder b(func->getContext());
    mlir::Operation *def = dividend.getDefiningOp();
    mlir::Block *owner =
        def ? nullptr : llvm::cast<mlir::BlockArgument>(dividend).getOwner();
    // A pooled constant or an argument of the function: among the pooled
    // values at the top of the entry block (after every constant, before
    // what afterConstants hands out).
    bool header =
        def ? def->getBlock() == entry && isPooled(def) : owner == entry;
    if (header)
      b.setInsertionPointAfter(headerEnd());
    else if (def)
      b.setInsertionPointAfter(def);
    else
      b.setInsertionPointToStart(owner);
    auto q = mlir::arith::FloorDivSIOp::create(b, loc, dividend, d);
    if (header)
      lastQuotient = q;
    quotients.emplace(std::move(key), q.getResult());
    return q.getResult();
  }

  /// Erase the entry block's index constants that nothing uses any more
  /// (e.g. the offsets of a rewritten partition). Returns how many.
  int eraseUnused() {
    if (!entry)
      return 0;
    int erased = 0;
    for (mlir::Operation &op : llvm::make_early_inc_range(*entry)) {
      if (indexConstant(&op) && op.use_empty()) {
        if (&op == last)
          last = op.getPrevNode();
        op.erase();
        ++erased;
      }
    }
    values.clear();
    quotients.clear();
    entry = nullptr;
    last = nullptr;
    lastQuotient = nullptr;
    return erased;
  }

private:
  /// The value of an `arith.constant` of index type, else null.
  static mlir::IntegerAttr indexConstant(mlir::Operation *op) {
    if (op->getNumResults() != 1 || !op->getResult(0).getType().isIndex())
      return {};
    return ptonz::integerConstant(op);
  }

  /// The last op of the entry block's header: the pooled constants, then
  /// the quotients placed after them (null before any).
  mlir::Operation *headerEnd() const {
    return lastQuotient ? lastQuotient : last;
  }

  /// Whether `op` is the pool's constant for its value (at the top of the
  /// entry block).
  bool isPooled(mlir::Operation *op) const {
    mlir::IntegerAttr c = indexConstant(op);
    if (!c)
      return false;
    auto it = values.find(c.getInt());
    return it != values.end() && it->second == op->getResult(0);
  }

  void seed() {
    if (func->getNumRegions() != 1 || func->getRegion(0).empty())
      throw nb::value_error("IndexConstants: the function has no body");
    entry = &func->getRegion(0).front();
    llvm::SmallVector<mlir::Operation *> firsts;
    for (mlir::Operation &op : *entry) {
      mlir::IntegerAttr c = indexConstant(&op);
      if (!c)
        continue;
      if (values.try_emplace(c.getInt(), op.getResult(0)).second)
        firsts.push_back(&op);
    }
    for (mlir::Operation *op : firsts) {
      if (last)
        op->moveAfter(last);
      else if (op != &entry->front())
        op->moveBefore(&entry->front());
      last = op;
    }
  }

  mlir::Operation *func;
  mlir::Block *entry = nullptr;
  mlir::Operation *last = nullptr;         // the last pooled constant
  mlir::Operation *lastQuotient = nullptr; // the last quotient after them
  // Not a DenseMap: it reserves two int64 keys (INT64_MAX, INT64_MIN) as its
  // empty and tombstone markers, and every int64 is a legal index constant.
  std::unordered_map<int64_t, mlir::Value> values;
  using QuotientKey = std::tuple<const void *, int64_t, std::string>;
  std::map<QuotientKey, mlir::Value> quotients;
};

/// One index operand to build: a pooled constant, a value, or value
/// floordiv d named after the value (else the op's name) + `suffix`.
struct IndexItem {
  enum Kind { Constant, Value, Quotient } kind;
  int64_t constant = 0; // Constant: the value; Quotient: the divisor
  mlir::Value value;
  std::string suffix;
};

/// The operands `items` give, new ops built at `b`; with `shareQuotients`
/// each quotient is the pool's (IndexConstants::quotient), for rewrites of
/// ops in place (the pool's cache must not outlive an op it hands out, and
/// these erase none).
llvm::SmallVector<mlir::Value>
indexOperandsOf(llvm::ArrayRef<IndexItem> items, IndexConstants &pool,
                mlir::OpBuilder &b, mlir::Location loc,
                llvm::StringRef fallback, bool shareQuotients = false) {
  llvm::SmallVector<mlir::Value> out;
  for (const IndexItem &item : items) {
    switch (item.kind) {
    case IndexItem::Constant:
      out.push_back(pool.get(item.constant));
      break;
    case IndexItem::Value:
      out.push_back(item.value);
      break;
    case IndexItem::Quotient: {
      mlir::Location l = ptonz::named(
          loc, ptonz::derivedName(item.value, item.suffix, fallback));
      if (shareQuotients && item.constant > 0) {
        out.push_back(pool.quotient(item.value, item.constant, item.suffix, l));
        break;
      }
      mlir::Value d = pool.get(item.constant);
      out.push_back(
          mlir::arith::FloorDivSIOp::create(b, l, item.value, d).getResult());
      break;
    }
    }
  }
  return out;
}

/// Index items given from Python as a list whose items are an SSA value, an
/// int (a pooled constant), or a tuple (value, d[, suffix]) meaning value
/// floordiv d, named after `value` (else the op's name) + `suffix` (default
/// `_div<d>`).
std::vector<IndexItem> indexItems(nb::handle items) {
  std::vector<IndexItem> out;
  for (nb::handle item : items) {
    if (nb::isinstance<nb::int_>(item)) {
      out.push_back({IndexItem::Constant, nb::cast<int64_t>(item), {}, {}});
    } else if (nb::isinstance<nb::tuple>(item)) {
      auto pair = nb::cast<nb::tuple>(item);
      int64_t divisor = nb::cast<int64_t>(pair[1]);
      std::string suffix = pair.size() > 2 ? nb::cast<std::string>(pair[2])
                                           : "_div" + std::to_string(divisor);
      out.push_back({IndexItem::Quotient, divisor,
                     unwrap(nb::cast<MlirValue>(pair[0])), suffix});
    } else {
      out.push_back(
          {IndexItem::Value, 0, unwrap(nb::cast<MlirValue>(item)), {}});
    }
  }
  return out;
}

llvm::SmallVector<mlir::Value>
indexOperands(nb::handle items, IndexConstants &pool, mlir::OpBuilder &b,
              mlir::Location loc, llvm::StringRef fallback = "") {
  return indexOperandsOf(indexItems(items), pool, b, loc, fallback);
}

/// The element type of a pto view / pl tensor type (they are not ShapedTypes).
mlir::Type elementType(mlir::Type t) {
  return unwrap(ptonzShapedGetElementType(wrap(t)));
}

mlir::Type partitionType(llvm::ArrayRef<int64_t> sizes, mlir::Type elem) {
  return unwrap(ptonzPartitionTensorViewTypeGet(
      wrap(elem.getContext()), sizes.size(), sizes.data(), wrap(elem)));
}

/// !pto.tensor_view<shape x elem>; a Python ValueError if the shape is invalid.
mlir::Type viewType(llvm::ArrayRef<int64_t> shape, mlir::Type elem,
                    const char *who) {
  MlirType t = ptonzTensorViewTypeGet(wrap(elem.getContext()), shape.size(),
                                      shape.data(), wrap(elem));
  if (mlirTypeIsNull(t))
    throw nb::value_error((std::string(who) + ": invalid view shape").c_str());
  return unwrap(t);
}

/// The pooled constants of static sizes.
llvm::SmallVector<mlir::Value> sizeOperands(llvm::ArrayRef<int64_t> sizes,
                                            IndexConstants &pool) {
  llvm::SmallVector<mlir::Value> out;
  for (int64_t s : sizes)
    out.push_back(pool.get(s));
  return out;
}

/// pto.partition_view of `source` at `offsets` with static `sizes`.
ptonz::pto::PartitionViewOp
createPartition(mlir::OpBuilder &b, mlir::Location loc, mlir::Value source,
                mlir::ValueRange offsets, llvm::ArrayRef<int64_t> sizes,
                IndexConstants &pool) {
  return ptonz::pto::PartitionViewOp::create(
      b, loc, partitionType(sizes, elementType(source.getType())), source,
      offsets, sizeOperands(sizes, pool));
}

/// pto.partition_view + pto.alloc_tile + pto.tload before a pl.tile.load
/// (for lower_pl_ops); returns the tile, which replaces the load's result.
mlir::Value lowerTileLoad(ptonz::pl::TileLoadOp op, mlir::Value view,
                          mlir::Type tileType, IndexConstants &pool) {
  mlir::OpBuilder b(op);
  // The partition is the tile's valid part (PTOAS: partition element
  // count
  // == tile valid element count): valid_shape replaces the trailing
  // sizes.
  llvm::SmallVector<int64_t> typeSizes(op.getSizes());
  llvm::SmallVector<mlir::Value> sizeValues = sizeOperands(op.getSizes(), pool);
  auto validShape = op.getValidShape();
  for (size_t i = 0; i < validShape.size(); ++i) {
    size_t d = typeSizes.size() - validShape.size() + i;
    mlir::Value v = validShape[i];
    auto c = ptonz::constantOf(v);
    typeSizes[d] = c ? *c : mlir::ShapedType::kDynamic;
    sizeValues[d] = c ? pool.get(*c) : v;
  }
  // The tile replaces the load's result and takes its name; the
  // partition is named after the view (`%x_pview` of `%x_view`).
  mlir::Location loc = op.getLoc();
  auto pv = ptonz::pto::PartitionViewOp::create(
      b, ptonz::named(loc, partitionName(view)),
      partitionType(typeSizes, elementType(view.getType())), view,
      op.getOffsets(), sizeValues);
  // A dynamic valid dim of the tile type takes its value from valid_shape
  // (a rank-1 tile is one row: its valid_shape is the valid column
  // count).
  mlir::Value validRow, validCol;
  auto valid = op.getValidShape();
  if (!valid.empty()) {
    MlirType tt = wrap(tileType);
    if (ptonzTileBufTypeGetValidRow(tt) == mlir::ShapedType::kDynamic)
      validRow = valid.size() == 2 ? valid[0] : mlir::Value();
    if (ptonzTileBufTypeGetValidCol(tt) == mlir::ShapedType::kDynamic)
      validCol = valid.back();
  }
  auto buf = ptonz::pto::AllocTileOp::create(
      b, ptonz::named(loc, ptonz::nameOf(op.getResult())), tileType, nullptr,
      validRow, validCol);
  ptonz::pto::TLoadOp::create(b, ptonz::unnamed(loc), pv.getResult(),
                              buf.getResult());
  return buf.getResult();
}

/// pto.partition_view of `view` at a pl.tile.store's offsets, sized as its
/// (already lowered) tile, and pto.tstore of the tile into it; erases the
/// store.
void lowerTileStore(ptonz::pl::TileStoreOp op, mlir::Value view,
                    IndexConstants &pool) {
  mlir::OpBuilder b(op);
  auto tile = llvm::cast<ptonz::pto::TileBufType>(op.getTile().getType());
  int64_t rank =
      llvm::cast<ptonz::pto::TensorViewType>(view.getType()).getShape().size();
  llvm::SmallVector<int64_t> sizes(rank - 2, 1);
  sizes.push_back(tile.getRows());
  sizes.push_back(tile.getCols());
  mlir::Location loc = op.getLoc();
  auto pv = createPartition(b, ptonz::named(loc, partitionName(view)), view,
                            op.getOffsets(), sizes, pool);
  ptonz::pto::TStoreOp::create(b, ptonz::unnamed(loc), op.getTile(),
                               pv.getResult());
  op.erase();
}

/// pl.get_block_idx / get_block_num -> the i64 pto query (`%x_i64`) and its
/// arith.index_cast to index (`%x`), which replaces the result.
template <typename Query> void lowerBlockQuery(mlir::Operation *op) {
  mlir::OpBuilder b(op);
  std::string name = ptonz::nameOf(op->getResult(0));
  mlir::Location loc = op->getLoc();
  auto q =
      Query::create(b, ptonz::named(loc, name.empty() ? "" : name + "_i64"),
                    mlir::TypeRange{b.getI64Type()}, mlir::ValueRange{});
  auto cast = mlir::arith::IndexCastOp::create(b, ptonz::named(loc, name),
                                               b.getIndexType(), q.getResult());
  op->getResult(0).replaceAllUsesWith(cast.getResult());
  op->erase();
}

} // namespace

/// 'nd' | 'dn' | 'nz' of a pto.make_tensor_view (its attribute, else its
/// view type's layout parameter), "" if it has none.
std::string ptonz::layoutOf(ptonz::pto::MakeTensorViewOp op) {
  mlir::Attribute a = op.getLayoutAttr();
  if (!a)
    a = unwrap(ptonzViewTypeGetLayout(wrap(op.getResult().getType())));
  if (!a)
    return "";
  return str(ptonzLayoutAttrGetValue(wrap(a)));
}

std::vector<std::optional<int64_t>>
ptonz::viewExtents(ptonz::pto::MakeTensorViewOp op) {
  std::vector<std::optional<int64_t>> out;
  auto typeShape = op.getResult().getType().getShape();
  auto shape = op.getShape();
  for (size_t k = 0; k < typeShape.size(); ++k) {
    std::optional<int64_t> c =
        k < shape.size() ? constantOf(shape[k]) : std::nullopt;
    if (!c && typeShape[k] != mlir::ShapedType::kDynamic)
      c = typeShape[k];
    out.push_back(c);
  }
  return out;
}

namespace {
using ptonz::constantOf;
using ptonz::layoutOf;

std::vector<std::optional<int64_t>> constantsOf(mlir::ValueRange values) {
  std::vector<std::optional<int64_t>> out;
  out.reserve(values.size());
  for (mlir::Value v : values)
    out.push_back(constantOf(v));
  return out;
}

/// What view_info answers of a pto.make_tensor_view.
struct ViewInfo {
  std::string layout; // 'nd' | 'dn' | 'nz' | ... ('' if none)
  int64_t elementBits;
  std::vector<int64_t> typeShape;
  std::vector<std::optional<int64_t>> shape, strides; // operand constants
  int64_t valueBits; // of one value: elementBits, halved for a packed pair
};

ViewInfo viewInfo(ptonz::pto::MakeTensorViewOp op) {
  auto type = op.getResult().getType();
  mlir::Type element = type.getElementType();
  return ViewInfo{layoutOf(op),
                  ptonz::pto::elementBits(element),
                  std::vector<int64_t>(type.getShape()),
                  constantsOf(op.getShape()),
                  constantsOf(op.getStrides()),
                  ptonz::pto::elementValueBits(element)};
}

/// A tile_buf as the passes read it.
struct TileInfo {
  std::string loc;
  int64_t rows, cols, validRow, validCol;
  std::string blayout, slayout;
  int64_t fractal;
};

/// A tile's TileInfo. A valid extent that the type leaves dynamic
/// (`v_row=?`, as pypto writes every tile) but that its `pto.alloc_tile`
/// gives as a constant operand is that constant: the one place where a
/// tile's valid part is read, so NZ loads, ragged tails and the GM-gap guard
/// all see the same extents.
std::optional<TileInfo> tileInfo(mlir::Value tile) {
  MlirType t = wrap(tile.getType());
  if (!ptonzTypeIsATileBuf(t))
    return std::nullopt;
  int64_t validRow = ptonzTileBufTypeGetValidRow(t),
          validCol = ptonzTileBufTypeGetValidCol(t);
  if (auto alloc = tile.getDefiningOp<ptonz::pto::AllocTileOp>()) {
    if (validRow == mlir::ShapedType::kDynamic && alloc.getValidRow())
      if (auto c = ptonz::constantOf(alloc.getValidRow()))
        validRow = *c;
    if (validCol == mlir::ShapedType::kDynamic && alloc.getValidCol())
      if (auto c = ptonz::constantOf(alloc.getValidCol()))
        validCol = *c;
  }
  return TileInfo{str(ptonzTileBufTypeGetLoc(t)),
                  ptonzTileBufTypeGetRows(t),
                  ptonzTileBufTypeGetCols(t),
                  validRow,
                  validCol,
                  str(ptonzTileBufTypeGetBLayout(t)),
                  str(ptonzTileBufTypeGetSLayout(t)),
                  ptonzTileBufTypeGetFractal(t)};
}

/// A pto.make_tensor_view and its ViewInfo (tensor_views).
struct TensorView {
  nb::object view;
  ViewInfo info;
};

/// A user of a partition (view_uses): the op, its name, and the destination
/// tile of a pto.tload.
struct PartitionUser {
  MlirOperation op; // made a Python object when read (most never are)
  std::string name;
  std::optional<TileInfo> tile;
};

/// A user of a view (view_uses); for a pto.partition_view its offsets
/// (constant ints, else values), constant sizes and users.
struct ViewUse {
  nb::object user;
  std::string name;
  std::optional<std::vector<nb::object>> offsets;
  std::optional<std::vector<std::optional<int64_t>>> sizes;
  std::optional<std::vector<PartitionUser>> users;
};

/// A view with what its kind depends on (views_by_function): its
/// ViewInfo, the layout of its attribute and of its type (None where
/// absent), and with `uses`, view_uses(view).
struct ViewRecord {
  MlirOperation view; // made a Python object when read (most never are)
  ViewInfo info;
  std::optional<std::string> attrLayout, typeLayout;
  std::optional<std::vector<ViewUse>> uses;
};

/// A function and its views (views_by_function).
struct FunctionViews {
  nb::object func;
  std::vector<ViewRecord> views;
};

/// A pto.partition_view's constant operands (partition_constants).
struct PartitionConstants {
  nb::object partition;
  std::vector<std::optional<int64_t>> offsets, sizes;
};

/// What defines a value (value_source).
struct ValueSource {
  std::string name; // the op's name; '^' + the block owner's for an argument
  int64_t number;   // result or argument number
  std::vector<nb::object> operands;
  std::optional<int64_t> constant;
};

/// A !pl.tensor argument (pl_tensor_args).
struct PLTensorArg {
  int64_t index;
  nb::object argument;
  std::vector<int64_t> shape;
  std::string layout;
  nb::object elementType;
};

/// A function with something for convert-pl-to-pto (pl_functions).
struct PLFunction {
  nb::object func;
  std::vector<PLTensorArg> tensorArgs;
  std::vector<MlirOperation> ops;
  bool hasTileArgs;
};

/// A dynamic valid extent of a pto.alloc_tile (dynamic_valid_tiles).
struct ValidDim {
  int axis; // 0 rows, 1 columns
  nb::object value;
  int64_t extent; // the tile's rows or columns
};
struct ValidTile {
  nb::object op;
  std::vector<ValidDim> dims;
};

/// An op and its result's element type (element_types_outside).
struct ElementTypeUse {
  nb::object op;
  nb::object elementType;
};

/// view_uses: everything pto-block-nz-views validates about how a view is
/// read: its users, and for each pto.partition_view user its offsets
/// (constant int, else the value), constant sizes and users (with the
/// destination tile of each pto.tload).
std::vector<ViewUse> viewUses(mlir::Operation *view) {
  std::vector<ViewUse> out;
  for (mlir::Operation *user : view->getResult(0).getUsers()) {
    auto pv = llvm::dyn_cast<ptonz::pto::PartitionViewOp>(user);
    if (!pv) {
      out.push_back({nb::cast(wrap(user)), user->getName().getStringRef().str(),
                     std::nullopt, std::nullopt, std::nullopt});
      continue;
    }
    std::vector<nb::object> offsets;
    for (mlir::Value o : pv.getOffsets()) {
      if (auto c = constantOf(o))
        offsets.push_back(nb::int_(*c));
      else
        offsets.push_back(nb::cast(wrap(o)));
    }
    std::vector<PartitionUser> users;
    for (mlir::Operation *u : pv.getResult().getUsers()) {
      std::optional<TileInfo> tile;
      if (auto load = llvm::dyn_cast<ptonz::pto::TLoadOp>(u))
        tile = tileInfo(load.getDst());
      users.push_back({wrap(u), u->getName().getStringRef().str(), tile});
    }
    out.push_back({nb::cast(wrap(user)), user->getName().getStringRef().str(),
                   std::move(offsets), constantsOf(pv.getSizes()),
                   std::move(users)});
  }
  return out;
}

/// 'nd' | 'dn' | 'nz' | ... of a layout attribute, None if there is none.
std::optional<std::string> layoutName(mlir::Attribute a) {
  if (!a)
    return std::nullopt;
  return str(ptonzLayoutAttrGetValue(wrap(a)));
}

/// The shape of a !pl.tensor type.
std::vector<int64_t> plTensorShape(MlirType t) {
  std::vector<int64_t> shape;
  for (intptr_t i = 0, e = ptonzShapedGetRank(t); i < e; ++i)
    shape.push_back(ptonzShapedGetDim(t, i));
  return shape;
}

/// The name of the view convert-pl-to-pto makes of a !pl.tensor argument:
/// `%w_view` of `%w`, `%arg3_view` of an unnamed argument #3.
std::string argumentViewName(mlir::BlockArgument arg) {
  return ptonz::derivedName(arg, "_view",
                            "arg" + std::to_string(arg.getArgNumber()));
}

/// A !pl.tensor argument's record.
PLTensorArg plTensorArg(mlir::BlockArgument arg) {
  MlirType t = wrap(arg.getType());
  return {(int64_t)arg.getArgNumber(), nb::cast(wrap(mlir::Value(arg))),
          plTensorShape(t), str(ptonzPLTensorTypeGetLayout(t)),
          nb::cast(ptonzShapedGetElementType(t))};
}

/// The !pl.tensor arguments of a function definition (pl_tensor_args).
std::vector<PLTensorArg> plTensorArgs(mlir::Operation *f) {
  std::vector<PLTensorArg> out;
  if (f->getNumRegions() != 1 || f->getRegion(0).empty())
    return out;
  for (mlir::BlockArgument arg : f->getRegion(0).front().getArguments()) {
    MlirType t = wrap(arg.getType());
    if (!ptonzTypeIsAPLTensor(t))
      continue;
    out.push_back(plTensorArg(arg));
  }
  return out;
}

bool hasPLTileArgs(mlir::Operation *f) {
  if (f->getNumRegions() != 1 || f->getRegion(0).empty())
    return false;
  return llvm::any_of(
      f->getRegion(0).front().getArgumentTypes(),
      [](mlir::Type t) { return llvm::isa<ptonz::pl::TileType>(t); });
}

/// The func.func ops under `root` (itself if it is one), not looking inside
/// functions (as `functions`).
llvm::SmallVector<mlir::Operation *> functionsOf(mlir::Operation *root) {
  mlir::OperationName func("func.func", root->getContext());
  llvm::SmallVector<mlir::Operation *> out;
  root->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    if (op->getName() != func)
      return mlir::WalkResult::advance();
    out.push_back(op);
    return mlir::WalkResult::skip();
  });
  return out;
}

/// fn(function, argument index, attribute) for each attribute of each
/// argument of the functions under `root` (as functionsOf), from their
/// arg_attrs, in order.
void forEachArgAttr(
    mlir::Operation *root,
    llvm::function_ref<void(mlir::Operation *, unsigned, mlir::NamedAttribute)>
        fn) {
  for (mlir::Operation *f : functionsOf(root)) {
    auto dicts = f->getAttrOfType<mlir::ArrayAttr>("arg_attrs");
    if (!dicts)
      continue;
    for (auto [i, d] : llvm::enumerate(dicts))
      if (auto dict = llvm::dyn_cast<mlir::DictionaryAttr>(d))
        for (mlir::NamedAttribute a : dict)
          fn(f, static_cast<unsigned>(i), a);
  }
}

/// What one walk collects for a query (scan runs several in one walk; the
/// single-query functions run one; Builders.h).
using ptonz::Collector;

/// scan's ('view_classes',) query (defined with ViewClasses).
std::unique_ptr<Collector> viewClassesCollector(mlir::MLIRContext *ctx);

llvm::SmallVector<mlir::OperationName>
operationNames(mlir::MLIRContext *ctx, const std::vector<std::string> &names) {
  llvm::SmallVector<mlir::OperationName> out;
  for (const auto &n : names)
    out.push_back(mlir::OperationName(n, ctx));
  return out;
}

/// The outermost func.func around `op` (as `functions` lists them: a
/// function nested in another belongs to it), else null.
mlir::Operation *outermostFunction(mlir::Operation *op,
                                   mlir::OperationName funcName) {
  mlir::Operation *found = nullptr;
  for (mlir::Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (p->getName() == funcName)
      found = p;
  return found;
}

/// views_by_function.
class ViewsCollector : public Collector {
public:
  ViewsCollector(mlir::MLIRContext *ctx,
                 std::optional<std::vector<std::string>> layouts, bool uses)
      : funcName("func.func", ctx), layouts(std::move(layouts)), uses(uses) {}
  void visit(mlir::Operation *o) override {
    auto op = llvm::dyn_cast<ptonz::pto::MakeTensorViewOp>(o);
    if (!op || (layouts && !llvm::is_contained(*layouts, layoutOf(op))))
      return;
    mlir::Operation *f = outermostFunction(op, funcName);
    if (out.empty() || f != current) {
      out.push_back({f ? nb::cast(wrap(f)) : nb::none(), {}});
      current = f;
    }
    std::optional<std::vector<ViewUse>> u;
    if (uses)
      u = viewUses(op.getOperation());
    out.back().views.push_back(
        {wrap(op.getOperation()), viewInfo(op), layoutName(op.getLayoutAttr()),
         layoutName(
             unwrap(ptonzViewTypeGetLayout(wrap(op.getResult().getType())))),
         std::move(u)});
  }
  nb::object result() override { return nb::cast(std::move(out)); }

private:
  mlir::OperationName funcName;
  std::optional<std::vector<std::string>> layouts;
  bool uses;
  mlir::Operation *current = nullptr;
  std::vector<FunctionViews> out;
};

/// collect_ops (with `attribute`: only the ops that carry it).
class OpsCollector : public Collector {
public:
  OpsCollector(mlir::MLIRContext *ctx, const std::vector<std::string> &names,
               std::optional<std::string> attribute)
      : wanted(operationNames(ctx, names)),
        attr(attribute ? mlir::StringAttr::get(ctx, *attribute)
                       : mlir::StringAttr()) {}
  void visit(mlir::Operation *op) override {
    if (llvm::is_contained(wanted, op->getName()) &&
        (!attr || op->hasAttr(attr)))
      out.push_back(wrap(op));
  }
  nb::object result() override { return nb::cast(std::move(out)); }

private:
  llvm::SmallVector<mlir::OperationName> wanted;
  mlir::StringAttr attr;
  std::vector<MlirOperation> out;
};

/// ops_with_view_values.
class ViewValueOpsCollector : public Collector {
public:
  ViewValueOpsCollector(mlir::MLIRContext *ctx,
                        const std::vector<std::string> &names)
      : wanted(operationNames(ctx, names)) {}
  void visit(mlir::Operation *op) override {
    auto isView = [](mlir::Type t) {
      return llvm::isa<ptonz::pto::TensorViewType,
                       ptonz::pto::PartitionTensorViewType>(t);
    };
    if (llvm::is_contained(wanted, op->getName()) &&
        (llvm::any_of(op->getOperandTypes(), isView) ||
         llvm::any_of(op->getResultTypes(), isView)))
      out.push_back(wrap(op));
  }
  nb::object result() override { return nb::cast(std::move(out)); }

private:
  llvm::SmallVector<mlir::OperationName> wanted;
  std::vector<MlirOperation> out;
};

/// element_types_outside: one print per type.
class ElementTypesCollector : public Collector {
public:
  ElementTypesCollector(mlir::MLIRContext *ctx,
                        const std::vector<std::string> &names,
                        std::vector<std::string> allowed)
      : wanted(operationNames(ctx, names)), allowed(std::move(allowed)) {}
  void visit(mlir::Operation *op) override {
    if (op->getNumResults() != 1 || !llvm::is_contained(wanted, op->getName()))
      return;
    mlir::Type elem = ptonz::pto::elementTypeOf(op->getResult(0).getType());
    if (!elem)
      return;
    auto it = ok.find(elem);
    if (it == ok.end()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      elem.print(os);
      it = ok.try_emplace(elem, llvm::is_contained(allowed, os.str())).first;
    }
    if (!it->second)
      out.push_back({nb::cast(wrap(op)), nb::cast(wrap(elem))});
  }
  nb::object result() override { return nb::cast(std::move(out)); }

private:
  llvm::SmallVector<mlir::OperationName> wanted;
  std::vector<std::string> allowed;
  llvm::DenseMap<mlir::Type, bool> ok;
  std::vector<ElementTypeUse> out;
};

/// dynamic_valid_tiles.
class ValidTilesCollector : public Collector {
public:
  void visit(mlir::Operation *o) override {
    auto op = llvm::dyn_cast<ptonz::pto::AllocTileOp>(o);
    if (!op || (!op.getValidRow() && !op.getValidCol()))
      return;
    auto t = llvm::cast<ptonz::pto::TileBufType>(op.getResult().getType());
    std::vector<ValidDim> dims;
    if (mlir::Value v = op.getValidRow())
      dims.push_back({0, nb::cast(wrap(v)), t.getRows()});
    if (mlir::Value v = op.getValidCol())
      dims.push_back({1, nb::cast(wrap(v)), t.getCols()});
    out.push_back({nb::cast(wrap(op.getOperation())), std::move(dims)});
  }
  nb::object result() override { return nb::cast(std::move(out)); }

private:
  std::vector<ValidTile> out;
};

/// Run `collector` over `root` (post-order) and return its result.
nb::object collect(MlirOperation root, Collector &&collector) {
  unwrap(root)->walk([&](mlir::Operation *op) { collector.visit(op); });
  return collector.result();
}

/// The record classes of the queries.
void populateRecords(nb::module_ &m) {
  using ptonz::Record;
  Record<ViewInfo>(m, "ViewInfo",
                   "A pto.make_tensor_view's layout and constants.")
      .field("layout", &ViewInfo::layout,
             "'nd' | 'dn' | 'nz' | ... ('' if none)")
      .field("element_bits", &ViewInfo::elementBits)
      .field("type_shape", &ViewInfo::typeShape, "the shape of the view type")
      .field("shape", &ViewInfo::shape,
             "shape operand constants (None: not a constant)")
      .field("strides", &ViewInfo::strides,
             "stride operand constants (None: not a constant)")
      .field("value_bits", &ViewInfo::valueBits,
             "bits of one value: element_bits, halved for a packed pair")
      .done();
  Record<TileInfo>(m, "TileInfo", "A tile_buf as the passes read it.")
      .field("loc", &TileInfo::loc)
      .field("rows", &TileInfo::rows)
      .field("cols", &TileInfo::cols)
      .field("valid_row", &TileInfo::validRow)
      .field("valid_col", &TileInfo::validCol)
      .field("blayout", &TileInfo::blayout)
      .field("slayout", &TileInfo::slayout)
      .field("fractal", &TileInfo::fractal)
      .done();
  Record<TensorView>(m, "TensorView",
                     "A pto.make_tensor_view and its ViewInfo.")
      .field("view", &TensorView::view)
      .field("info", &TensorView::info)
      .done();
  Record<PartitionUser>(
      m, "PartitionUser",
      "A user of a partition; `tile`: the TileInfo a pto.tload writes.")
      .field("op", &PartitionUser::op)
      .field("name", &PartitionUser::name)
      .field("tile", &PartitionUser::tile)
      .done();
  Record<ViewUse>(m, "ViewUse",
                  "A user of a view; for a pto.partition_view its offsets "
                  "(ints or values), "
                  "size constants and users (else None).")
      .field("user", &ViewUse::user)
      .field("name", &ViewUse::name)
      .field("offsets", &ViewUse::offsets)
      .field("sizes", &ViewUse::sizes)
      .field("users", &ViewUse::users)
      .done();
  Record<ViewRecord>(m, "ViewRecord",
                     "A pto.make_tensor_view, its ViewInfo, the layouts of its "
                     "attribute and of its type (None where absent), and its "
                     "view_uses when asked for (else None).")
      .field("view", &ViewRecord::view)
      .field("info", &ViewRecord::info)
      .field("attr_layout", &ViewRecord::attrLayout)
      .field("type_layout", &ViewRecord::typeLayout)
      .field("uses", &ViewRecord::uses)
      .done();
  Record<FunctionViews>(m, "FunctionViews", "A func.func and its ViewRecords.")
      .field("func", &FunctionViews::func)
      .field("views", &FunctionViews::views)
      .done();
  Record<PartitionConstants>(
      m, "PartitionConstants",
      "A pto.partition_view's offset and size constants.")
      .field("partition", &PartitionConstants::partition)
      .field("offsets", &PartitionConstants::offsets)
      .field("sizes", &PartitionConstants::sizes)
      .done();
  Record<ValueSource>(m, "ValueSource", "What defines a value.")
      .field("name", &ValueSource::name,
             "the op's name; for a block argument '^' + the name of the op "
             "owning the block")
      .field("number", &ValueSource::number, "the result or argument number")
      .field("operands", &ValueSource::operands,
             "the op's (or block owner's) operands")
      .field("constant", &ValueSource::constant,
             "the value of a constant, else None")
      .done();
  Record<PLTensorArg>(m, "PLTensorArg", "A !pl.tensor entry-block argument.")
      .field("index", &PLTensorArg::index)
      .field("argument", &PLTensorArg::argument)
      .field("shape", &PLTensorArg::shape)
      .field("layout", &PLTensorArg::layout)
      .field("element_type", &PLTensorArg::elementType)
      .done();
  Record<PLFunction>(m, "PLFunction",
                     "A function with !pl.tensor or !pl.tile arguments or pl "
                     "ops.")
      .field("func", &PLFunction::func)
      .field("tensor_args", &PLFunction::tensorArgs, "pl_tensor_args(func)")
      .field("ops", &PLFunction::ops, "its ops of the names asked for")
      .field("has_tile_args", &PLFunction::hasTileArgs,
             "has_pl_tile_args(func)")
      .done();
  Record<ValidDim>(m, "ValidDim",
                   "A dynamic valid extent: axis (0 rows, 1 columns), its "
                   "value and the tile's extent on that axis.")
      .field("axis", &ValidDim::axis)
      .field("value", &ValidDim::value)
      .field("extent", &ValidDim::extent)
      .done();
  Record<ValidTile>(m, "ValidTile",
                    "A pto.alloc_tile with dynamic valid extents.")
      .field("op", &ValidTile::op)
      .field("dims", &ValidTile::dims)
      .done();
  Record<ElementTypeUse>(m, "ElementTypeUse",
                         "An op and its result's element type.")
      .field("op", &ElementTypeUse::op)
      .field("element_type", &ElementTypeUse::elementType)
      .done();
}

} // namespace

namespace {
/// New shape operands and the result type of a view.
void setViewShape(mlir::Operation *view, const std::vector<int64_t> &typeShape,
                  llvm::ArrayRef<IndexItem> shape, IndexConstants &pool) {
  auto op = llvm::cast<ptonz::pto::MakeTensorViewOp>(view);
  mlir::OpBuilder b(op);
  auto values = indexOperandsOf(shape, pool, b, op.getLoc(),
                                ptonz::nameOf(op.getResult()),
                                /*shareQuotients=*/true);
  mlir::Type t = viewType(typeShape, op.getResult().getType().getElementType(),
                          "set_blocked_view");
  op.setShapeOperands(values);
  op.getResult().setType(llvm::cast<ptonz::pto::TensorViewType>(t));
}

/// New offsets, sizes and result type of a partition.
void setPartition(mlir::Operation *partition, llvm::ArrayRef<IndexItem> offsets,
                  llvm::ArrayRef<IndexItem> sizes, IndexConstants &pool) {
  auto op = llvm::cast<ptonz::pto::PartitionViewOp>(partition);
  mlir::OpBuilder b(op);
  std::string name = ptonz::nameOf(op.getResult());
  auto offsetsV = indexOperandsOf(offsets, pool, b, op.getLoc(), name,
                                  /*shareQuotients=*/true);
  // A size given as an int is static in the result type, any other is `?`.
  llvm::SmallVector<int64_t> typeSizes;
  for (const IndexItem &item : sizes)
    typeSizes.push_back(item.kind == IndexItem::Constant
                            ? item.constant
                            : mlir::ShapedType::kDynamic);
  auto sizesV = indexOperandsOf(sizes, pool, b, op.getLoc(), name,
                                /*shareQuotients=*/true);
  mlir::Type t =
      partitionType(typeSizes, elementType(op.getResult().getType()));
  op.setOffsetsOperands(offsetsV);
  op.setSizesOperands(sizesV);
  op.getResult().setType(llvm::cast<ptonz::pto::PartitionTensorViewType>(t));
}
} // namespace

/// The function index constants (IndexConstants).
static void populateConstantPool(nb::module_ &m) {
  // Objects still referenced from module globals at interpreter exit are not

  nb::set_leak_warnings(false);

  nb::class_<IndexConstants>(
      m, "IndexConstants",
      "The index constants of one function (see passes._util).")
      .def(nb::init<MlirOperation>(), nb::arg("func"))
      .def(
          "get", [](IndexConstants &p, int64_t v) { return wrap(p.get(v)); },
          nb::arg("value"),
          "The function's `arith.constant value : index`, made once at the top "
          "of its entry "
          "block.")
      .def(
          "after_constants",
          [](IndexConstants &p) { return wrap(p.afterConstants()); },
          "The entry block's first op after the pooled constants (an insertion "
          "point).")
      .def("erase_unused", &IndexConstants::eraseUnused,
           "Erase the entry block's unused index constants; returns how many.");
}

namespace {
/// pto.make_tensor_view of `ptr` (a !pto.ptr<T>) before `at`, its result a
/// !pto.tensor_view of `resultShape` and T (build_make_tensor_view).
ptonz::pto::MakeTensorViewOp
buildMakeTensorView(mlir::Operation *at, llvm::ArrayRef<int64_t> resultShape,
                    mlir::Value ptr, llvm::ArrayRef<IndexItem> shape,
                    llvm::ArrayRef<IndexItem> strides, IndexConstants &pool,
                    ptonz::pto::LayoutAttr layout, mlir::Location loc,
                    llvm::StringRef name) {
  mlir::Location l = ptonz::named(loc, name);
  mlir::OpBuilder b(at);
  mlir::Type resultType = viewType(
      resultShape, unwrap(ptonzPtrTypeGetElementType(wrap(ptr.getType()))),
      "build_make_tensor_view");
  auto shapeV = indexOperandsOf(shape, pool, b, l, name);
  auto stridesV = indexOperandsOf(strides, pool, b, l, name);
  return ptonz::pto::MakeTensorViewOp::create(b, l, resultType, ptr, shapeV,
                                              stridesV, layout);
}

/// convert-pl-to-pto's rewrite of a function's loads, stores and block
/// queries, in order (lower_pl_ops): a pl.tile.load as lowerTileLoad into its
/// `tileTypes` entry (the tile replaces the load), a pl.tile.store as a
/// partition + tstore of its tile (the store's tile is lowered already),
/// pl.get_block_idx | num -> pto.get_block_idx | num (i64, `%x_i64`) +
/// arith.index_cast (`%x`). A load's or store's view is the one `viewOf`
/// gives its pl tensor. Each pl op is erased.
void lowerPLOps(llvm::ArrayRef<mlir::Operation *> ops,
                llvm::ArrayRef<mlir::Type> tileTypes,
                const llvm::DenseMap<mlir::Value, mlir::Value> &viewOf,
                IndexConstants &pool) {
  auto view = [&](mlir::Operation *op, mlir::Value tensor) {
    mlir::Value v = viewOf.lookup(tensor);
    if (!v)
      throw nb::value_error(("lower_pl_ops: no view for the tensor of " +
                             op->getName().getStringRef().str())
                                .c_str());
    return v;
  };
  for (size_t i = 0; i < ops.size(); ++i) {
    mlir::Operation *op = ops[i];
    if (auto load = llvm::dyn_cast<ptonz::pl::TileLoadOp>(op)) {
      if (!tileTypes[i])
        throw nb::value_error("lower_pl_ops: a load needs its tile type");
      mlir::Value tile =
          lowerTileLoad(load, view(op, load.getTensor()), tileTypes[i], pool);
      op->getResult(0).replaceAllUsesWith(tile);
      op->erase();
    } else if (auto store = llvm::dyn_cast<ptonz::pl::TileStoreOp>(op)) {
      lowerTileStore(store, view(op, store.getTensor()), pool);
    } else if (llvm::isa<ptonz::pl::GetBlockIdxOp>(op)) {
      lowerBlockQuery<ptonz::pto::GetBlockIdxOp>(op);
    } else if (llvm::isa<ptonz::pl::GetBlockNumOp>(op)) {
      lowerBlockQuery<ptonz::pto::GetBlockNumOp>(op);
    } else {
      throw nb::value_error(
          ("lower_pl_ops: cannot lower " + op->getName().getStringRef().str())
              .c_str());
    }
  }
}

/// Give each (argument number, type) of `types` to a function's entry block
/// argument and its function_type (set_argument_types).
void setArgumentTypes(mlir::Operation *f,
                      llvm::ArrayRef<std::pair<int64_t, mlir::Type>> types) {
  auto ftype = llvm::cast<mlir::FunctionType>(
      llvm::cast<mlir::TypeAttr>(f->getAttr("function_type")).getValue());
  auto inputs = llvm::to_vector(ftype.getInputs());
  mlir::Block &entry = f->getRegion(0).front();
  for (const auto &[index, type] : types) {
    inputs[index] = type;
    entry.getArgument(index).setType(type);
  }
  f->setAttr("function_type",
             mlir::TypeAttr::get(mlir::FunctionType::get(
                 f->getContext(), inputs, ftype.getResults())));
}

/// What a !pl.tensor argument becomes: a !pto.ptr to its element type
/// (set_pointer_arguments, PLPlan.lower).
mlir::Type pointerTypeOf(mlir::Type plTensor) {
  return ptonz::pto::PtrType::get(
      llvm::cast<ptonz::pl::TensorType>(plTensor).getElementType());
}

/// #pto.layout<`value`>, null for "" (build_make_tensor_view, PLPlan.lower).
/// The passes hand C++ the keyword, not the attribute: a pto attribute or
/// type returned to Python imports the pto op classes (MLIR's downcast loads
/// the dialect's Python module), which a lowering otherwise never needs.
ptonz::pto::LayoutAttr layoutAttrOf(mlir::MLIRContext *ctx,
                                    const std::string &value) {
  if (value.empty())
    return {};
  MlirAttribute a = ptonzLayoutAttrGet(wrap(ctx), ref(value));
  if (mlirAttributeIsNull(a))
    throw nb::value_error(("no view layout '" + value + "'").c_str());
  return llvm::cast<ptonz::pto::LayoutAttr>(unwrap(a));
}

/// A !pto.tile_buf's parameters, as pl_tiles.TileBufSpec gives them: loc,
/// element type, rows, cols, valid row and col (None: the full extent),
/// blayout, slayout, fractal. Built by the same C API as TileBufType.get.
using TileBufSpec =
    std::tuple<std::string, MlirType, int64_t, int64_t, std::optional<int64_t>,
               std::optional<int64_t>, std::string, std::string, int64_t>;
mlir::Type tileBufType(const TileBufSpec &spec) {
  const auto &[loc, elem, rows, cols, validRow, validCol, blayout, slayout,
               fractal] = spec;
  MlirType t =
      ptonzTileBufTypeGet(mlirTypeGetContext(elem), ref(loc), elem, rows, cols,
                          validRow.value_or(rows), validCol.value_or(cols),
                          ref(blayout), ref(slayout), fractal, /*pad=*/0);
  if (mlirTypeIsNull(t))
    throw nb::value_error("invalid tile_buf parameters");
  return unwrap(t);
}
} // namespace

/// One call per op a pass emits.
static void populateOpBuilders(nb::module_ &m) {
  m.def(
      "build_make_tensor_view",
      [](MlirOperation before, const std::vector<int64_t> &resultShape,
         MlirValue ptr, nb::handle shape, nb::handle strides,
         IndexConstants &pool, const std::string &layout,
         std::optional<MlirLocation> loc, const std::string &name) {
        mlir::Operation *at = unwrap(before);
        return wrap(buildMakeTensorView(at, resultShape, unwrap(ptr),
                                        indexItems(shape), indexItems(strides),
                                        pool,
                                        layoutAttrOf(at->getContext(), layout),
                                        loc ? unwrap(*loc) : at->getLoc(), name)
                        .getOperation());
      },
      nb::arg("before"), nb::arg("result_shape"), nb::arg("ptr"),
      nb::arg("shape"), nb::arg("strides"), nb::arg("pool"),
      nb::arg("layout") = "", nb::arg("loc").none() = nb::none(),
      nb::arg("name") = "",
      "pto.make_tensor_view of `ptr` (a !pto.ptr<T>; the result is a "
      "!pto.tensor_view of "
      "`result_shape` and T) before `before` (at `loc`, default its location, "
      "named `name`; "
      "'': unnamed); shape and strides items are a value, an int or (value, "
      "divisor[, "
      "name suffix]).");

  m.def(
      "lower_pl_ops",
      [](const std::vector<MlirOperation> &ops,
         const std::vector<std::optional<TileBufSpec>> &tileSpecs,
         const std::vector<std::pair<MlirValue, MlirValue>> &views,
         IndexConstants &pool) {
        if (tileSpecs.size() != ops.size())
          throw nb::value_error("lower_pl_ops: one tile type (or None) per op");
        llvm::DenseMap<mlir::Value, mlir::Value> viewOf;
        for (const auto &[tensor, view] : views)
          viewOf[unwrap(tensor)] = unwrap(view);
        llvm::SmallVector<mlir::Operation *> plOps;
        llvm::SmallVector<mlir::Type> types;
        for (size_t i = 0; i < ops.size(); ++i) {
          plOps.push_back(unwrap(ops[i]));
          types.push_back(tileSpecs[i] ? tileBufType(*tileSpecs[i])
                                       : mlir::Type());
        }
        lowerPLOps(plOps, types, viewOf, pool);
      },
      nb::arg("ops"), nb::arg("tile_specs"), nb::arg("views"), nb::arg("pool"),
      "Lower pl ops in order, in one call: pl.tile.load (into a tile of its "
      "`tile_specs` entry, a pl_tiles.TileBufSpec) as lower_tile_load, "
      "pl.tile.store, "
      "pl.get_block_idx and pl.get_block_num (their `tile_specs` entry: "
      "None); a load or store reads the view `views` ((pl tensor, pto view) "
      "pairs) gives its tensor; each pl op is replaced and erased.");

  m.def(
      "build_partition_view",
      [](MlirOperation before, MlirValue source, nb::handle offsets,
         const std::vector<int64_t> &sizes, IndexConstants &pool) {
        mlir::Operation *at = unwrap(before);
        mlir::OpBuilder b(at);
        std::string name = partitionName(unwrap(source));
        auto offsetsV = indexOperands(offsets, pool, b, at->getLoc(), name);
        auto pv = createPartition(b, ptonz::named(at->getLoc(), name),
                                  unwrap(source), offsetsV, sizes, pool);
        return wrap(pv.getOperation());
      },
      nb::arg("before"), nb::arg("source"), nb::arg("offsets"),
      nb::arg("sizes"), nb::arg("pool"),
      "pto.partition_view of `source` (offsets: value, int or (value, "
      "divisor[, name "
      "suffix]); static sizes), before `before` and at its location, named "
      "after `source` "
      "(`%x_pview` of `%x_view`).");

  m.def(
      "build_tile_store",
      [](MlirOperation before, MlirValue tile, MlirValue partition) {
        mlir::Operation *at = unwrap(before);
        mlir::OpBuilder b(at);
        ptonz::pto::TStoreOp::create(b, ptonz::unnamed(at->getLoc()),
                                     unwrap(tile), unwrap(partition));
      },
      nb::arg("before"), nb::arg("tile"), nb::arg("partition"),
      "pto.tstore of `tile` into `partition`, before `before`.");
}

/// Updates of an op in place.
static void populateInPlaceUpdates(nb::module_ &m) {
  // The blocking and stride patterns change operands and result types of the
  // op they match and nothing else, so they update it in place: no new op, no
  // replacement, its attributes (layout, user annotations) stay as they are.
  // They run under apply_patterns_to, whose rewriter has no listener to tell.

  m.def(
      "set_views_strides",
      [](nb::handle views, IndexConstants &pool) {
        for (nb::handle item : views) {
          auto pair = nb::cast<nb::tuple>(item);
          auto op = llvm::cast<ptonz::pto::MakeTensorViewOp>(
              unwrap(nb::cast<MlirOperation>(pair[0])));
          mlir::OpBuilder b(op);
          op.setStridesOperands(indexOperands(pair[1], pool, b, op.getLoc(),
                                              ptonz::nameOf(op.getResult())));
        }
      },
      nb::arg("views"), nb::arg("pool"),
      "Set the strides of each (pto.make_tensor_view, strides) of `views` "
      "(items: value, "
      "int or (value, divisor)), in one call.");

  m.def(
      "set_blocked_view",
      [](MlirOperation view, const std::vector<int64_t> &typeShape,
         nb::handle shape, nb::handle partitions, IndexConstants &pool) {
        setViewShape(unwrap(view), typeShape, indexItems(shape), pool);
        for (nb::handle item : partitions) {
          auto p = nb::cast<nb::tuple>(item);
          setPartition(unwrap(nb::cast<MlirOperation>(p[0])), indexItems(p[1]),
                       indexItems(p[2]), pool);
        }
      },
      nb::arg("view"), nb::arg("type_shape"), nb::arg("shape"),
      nb::arg("partitions"), nb::arg("pool"),
      "Give pto.make_tensor_view `view` new shape operands (items: value, int "
      "or (value, "
      "divisor)) and the result type !pto.tensor_view<type_shape x T>, and "
      "each (partition, "
      "offsets, sizes) of `partitions` new offsets and sizes (an int size is "
      "static in the "
      "type, any other `?`) and the matching !pto.partition_tensor_view type, "
      "in one call "
      "(pto-block-nz-views' rewrite).");

  m.def(
      "set_argument_types",
      [](MlirOperation func,
         const std::vector<std::pair<int64_t, MlirType>> &types) {
        llvm::SmallVector<std::pair<int64_t, mlir::Type>> t;
        for (const auto &[index, type] : types)
          t.emplace_back(index, unwrap(type));
        setArgumentTypes(unwrap(func), t);
      },
      nb::arg("func"), nb::arg("types"),
      "Give entry-block arguments new types [(index, type)], in the block and "
      "in the "
      "function's `function_type`.");

  m.def(
      "set_pointer_arguments",
      [](MlirOperation func, const std::vector<int64_t> &indices) {
        mlir::Operation *f = unwrap(func);
        mlir::Block &entry = f->getRegion(0).front();
        llvm::SmallVector<std::pair<int64_t, mlir::Type>> types;
        for (int64_t index : indices)
          types.emplace_back(index,
                             pointerTypeOf(entry.getArgument(index).getType()));
        setArgumentTypes(f, types);
      },
      nb::arg("func"), nb::arg("indices"),
      "Retype each !pl.tensor entry-block argument of `indices` to the "
      "!pto.ptr of its element type, in the block and in the function's "
      "`function_type` (what convert-pl-to-pto makes of a tensor argument).");
}

/// The pattern driver over the ops a pass validated.
static void populatePatternDriver(nb::module_ &m) {
  m.def(
      "apply_patterns_to",
      [](const std::vector<MlirOperation> &ops,
         MlirFrozenRewritePatternSet patterns) {
        // walk_and_apply_patterns without the walk: the passes validate first
        // and know exactly which ops their patterns rewrite, so the patterns
        // are not called back for every other op of the module.
        llvm::SmallVector<mlir::Operation *> list;
        for (MlirOperation op : ops)
          list.push_back(unwrap(op));
        return ptonz::applyPatternsTo(list, *unwrap(patterns));
      },
      nb::arg("ops"), nb::arg("patterns"),
      "Apply `patterns` once to each op of `ops`, in order (each op must still "
      "exist when "
      "its turn comes); returns how many were rewritten.");
}

/// What the passes read of views and their partitions.
static void populateViewQueries(nb::module_ &m) {
  m.def(
      "view_info",
      [](MlirOperation view) {
        return viewInfo(llvm::cast<ptonz::pto::MakeTensorViewOp>(unwrap(view)));
      },
      nb::arg("view"),
      "ViewInfo(layout ('' if none), element_bits, type_shape, shape and "
      "strides operand constants, value_bits) of a pto.make_tensor_view in "
      "one call; None where an operand is not a constant.");

  m.def(
      "tensor_views",
      [](MlirOperation root, std::optional<std::vector<std::string>> layouts) {
        // collect_ops + view_info in one walk, keeping only the layouts asked
        // for: a pass that rewrites NZ views need not wrap the ND ones.
        std::vector<TensorView> out;
        unwrap(root)->walk([&](ptonz::pto::MakeTensorViewOp op) {
          if (layouts && !llvm::is_contained(*layouts, layoutOf(op)))
            return;
          out.push_back({nb::cast(wrap(op.getOperation())), viewInfo(op)});
        });
        return out;
      },
      nb::arg("root"), nb::arg("layouts").none() = nb::none(),
      "[TensorView(view, info=view_info(view))] of the pto.make_tensor_view "
      "ops under `root` (post-order) "
      "whose layout ('' if none) is in `layouts` (None: all).");

  // The ops that verify their operand segments from properties
  // (ptonz/OperandSegments.h) and the registered pto/pl ops that have
  // AttrSizedOperandSegments: a test keeps the two the same.
  m.def(
      "operand_segment_ops",
      [](MlirContext ctx) {
#define PTONZ_OP_NAME(OP) OP::getOperationName().str(),
        std::vector<std::string> fromProperties = {
            PTONZ_PTO_OPERAND_SEGMENT_OPS(PTONZ_OP_NAME)
                PTONZ_PL_OPERAND_SEGMENT_OPS(PTONZ_OP_NAME)};
#undef PTONZ_OP_NAME
        std::vector<std::string> withTrait;
        for (mlir::RegisteredOperationName name :
             unwrap(ctx)->getRegisteredOperations()) {
          llvm::StringRef ns = name.getDialectNamespace();
          if ((ns == "pto" || ns == "pl") &&
              name.hasTrait<mlir::OpTrait::AttrSizedOperandSegments>())
            withTrait.push_back(name.getStringRef().str());
        }
        llvm::sort(fromProperties);
        llvm::sort(withTrait);
        return std::make_pair(fromProperties, withTrait);
      },
      nb::arg("context"),
      "(the ops that verify their operand segments from properties, the "
      "registered pto/pl ops with AttrSizedOperandSegments), each sorted.");

  m.def(
      "contains",
      [](MlirOperation root, const std::vector<std::string> &dialects,
         const std::vector<std::string> &viewLayouts) {
        // A pass's idle test (passes/idle.py): one walk that stops at the
        // first hit, so it costs nothing where the pass has work and one
        // walk where it has none.
        mlir::MLIRContext *context = unwrap(root)->getContext();
        // No walk at all where none of `dialects` is loaded: a type or
        // attribute of a dialect cannot be made before the dialect is
        // loaded, and an op of a dialect that is not loaded is an
        // unregistered op, which the verifier rejects unless the context
        // takes unregistered dialects (then the walk decides).
        if (viewLayouts.empty() && !context->allowsUnregisteredDialects() &&
            llvm::none_of(dialects, [&](const std::string &name) {
              return context->getLoadedDialect(name) != nullptr;
            }))
          return false;
        auto ofDialect = [&](mlir::Type t) {
          return llvm::is_contained(dialects, t.getDialect().getNamespace());
        };
        auto hit = [&](mlir::Operation *o) {
          if (auto view = llvm::dyn_cast<ptonz::pto::MakeTensorViewOp>(o))
            if (llvm::is_contained(viewLayouts, layoutOf(view)))
              return true;
          if (dialects.empty())
            return false;
          if (llvm::is_contained(dialects,
                                 o->getName().getDialectNamespace()) ||
              llvm::any_of(o->getResultTypes(), ofDialect))
            return true;
          for (mlir::Region &r : o->getRegions())
            for (mlir::Block &b : r)
              if (llvm::any_of(b.getArgumentTypes(), ofDialect))
                return true;
          // A declaration has no block to carry its arguments.
          if (auto attr = o->getAttrOfType<mlir::TypeAttr>("function_type"))
            if (auto type = llvm::dyn_cast<mlir::FunctionType>(attr.getValue()))
              return llvm::any_of(type.getInputs(), ofDialect) ||
                     llvm::any_of(type.getResults(), ofDialect);
          return false;
        };
        return unwrap(root)
            ->walk([&](mlir::Operation *o) {
              return hit(o) ? mlir::WalkResult::interrupt()
                            : mlir::WalkResult::advance();
            })
            .wasInterrupted();
      },
      nb::arg("root"), nb::arg("dialects"), nb::arg("view_layouts"),
      "Whether `root` holds an op of one of `dialects` (by namespace), a value "
      "or function argument or result of a type of one of them, or a "
      "pto.make_tensor_view whose layout is in `view_layouts`.");

  m.def(
      "views_by_function",
      [](MlirOperation root, std::optional<std::vector<std::string>> layouts,
         bool uses) {
        // tensor_views(root, layouts) with what view_kinds.kind_of reads
        // and, with `uses`, view_uses, grouped by function: a pass over the
        // views of a module makes no call per function or view. One walk, in
        // tensor_views' order; consecutive views of one function form a
        // group (func None: views outside any function).
        return collect(root, ViewsCollector(unwrap(root)->getContext(),
                                            std::move(layouts), uses));
      },
      nb::arg("root"), nb::arg("layouts").none() = nb::none(),
      nb::arg("uses") = false,
      "tensor_views(root, layouts) grouped by function: [FunctionViews(func, "
      "views=[ViewRecord(view, info, attr_layout, type_layout, uses)])], the "
      "views in post-order, each group the consecutive views of one func.func "
      "(None: of no function); `uses`: each view's view_uses (else None).");

  m.def(
      "ops_with_view_values",
      [](MlirOperation root, const std::vector<std::string> &names) {
        // The ops named `names` that take or give a view (usually none: the
        // layout propagation of pto-verify-ptoas has nothing to do then).
        return collect(
            root, ViewValueOpsCollector(unwrap(root)->getContext(), names));
      },
      nb::arg("root"), nb::arg("names"),
      "The ops under `root` (post-order) named in `names` that have an "
      "operand or result of a !pto.tensor_view or !pto.partition_tensor_view "
      "type.");

  m.def(
      "scan",
      [](MlirOperation root, nb::handle queries) {
        // Several of the module queries in one walk (each a module walk of
        // 15-50 ms at 100k ops): a pass asks for everything it reads of the
        // module at once.
        mlir::MLIRContext *ctx = unwrap(root)->getContext();
        std::vector<std::unique_ptr<Collector>> collectors;
        for (nb::handle q : queries) {
          auto t = nb::cast<nb::tuple>(q);
          std::string kind = nb::cast<std::string>(t[0]);
          auto names = [&](size_t i) {
            return nb::cast<std::vector<std::string>>(t[i]);
          };
          if (kind == "views")
            collectors.push_back(std::make_unique<ViewsCollector>(
                ctx,
                t[1].is_none()
                    ? std::nullopt
                    : std::optional<std::vector<std::string>>(names(1)),
                nb::cast<bool>(t[2])));
          else if (kind == "ops")
            collectors.push_back(std::make_unique<OpsCollector>(
                ctx, names(1),
                t.size() > 2 && !t[2].is_none()
                    ? std::optional<std::string>(nb::cast<std::string>(t[2]))
                    : std::nullopt));
          else if (kind == "ops_with_view_values")
            collectors.push_back(
                std::make_unique<ViewValueOpsCollector>(ctx, names(1)));
          else if (kind == "element_types_outside")
            collectors.push_back(std::make_unique<ElementTypesCollector>(
                ctx, names(1), names(2)));
          else if (kind == "dynamic_valid_tiles")
            collectors.push_back(std::make_unique<ValidTilesCollector>());
          else if (kind == "view_classes")
            collectors.push_back(viewClassesCollector(ctx));
          else if (kind == "view_partition_verdicts")
            collectors.push_back(ptonz::viewVerdictsCollector(
                t[1], nb::cast<bool>(t[2]), nb::cast<bool>(t[3]),
                nb::cast<bool>(t[4])));
          else
            throw nb::value_error(("scan: unknown query " + kind).c_str());
        }
        unwrap(root)->walk([&](mlir::Operation *op) {
          for (auto &c : collectors)
            c->visit(op);
        });
        nb::list out;
        for (auto &c : collectors)
          out.append(c->result());
        return out;
      },
      nb::arg("root"), nb::arg("queries"),
      "The answers of several queries over `root` from one walk, in order: "
      "each query a tuple ('views', layouts, uses) (views_by_function), "
      "('ops', names[, attribute]) (collect_ops), ('ops_with_view_values', "
      "names), ('element_types_outside', names, allowed), "
      "('dynamic_valid_tiles',), "
      "('view_classes',) (ViewClasses(root)) or ('view_partition_verdicts', "
      "ranges, nz, undecided, dynamic_sizes) "
      "(ranges.view_partition_verdicts(root, ...)).");

  m.def(
      "view_uses",
      [](MlirOperation view) {
        // Everything pto-block-nz-views validates about how a view is read,
        // in one call: its users, and for each pto.partition_view user its
        // offsets (constant int, else the value), constant sizes and users
        // (with the destination tile of each pto.tload).
        return viewUses(unwrap(view));
      },
      nb::arg("view"),
      "[ViewUse(user, name, offsets, sizes, users)] of a "
      "pto.make_tensor_view's users: for a "
      "pto.partition_view, offsets are ints (constants) or values, sizes "
      "constants (or None) "
      "and users [PartitionUser(op, name, tile: the destination TileInfo of a "
      "pto.tload, "
      "else None)]; other users get None for all three.");

  m.def(
      "partition_constants",
      [](MlirOperation view) {
        // view_uses without the values and the users: what checks of
        // constant offsets and sizes need (pto-verify-ptoas).
        std::vector<PartitionConstants> out;
        for (mlir::Operation *user : unwrap(view)->getResult(0).getUsers())
          if (auto pv = llvm::dyn_cast<ptonz::pto::PartitionViewOp>(user))
            out.push_back({nb::cast(wrap(user)), constantsOf(pv.getOffsets()),
                           constantsOf(pv.getSizes())});
        return out;
      },
      nb::arg("view"),
      "[PartitionConstants(partition, offsets, sizes)] (constants) of the "
      "pto.partition_view users of a "
      "pto.make_tensor_view (None where an operand is not a constant).");
}

/// What defines and uses a value.
static void populateValueQueries(nb::module_ &m) {
  m.def(
      "value_source",
      [](MlirValue value, bool foldConstants) {
        // What defines `value`, in one call (the offset prover's walk step).
        mlir::Value v = unwrap(value);
        std::vector<nb::object> operands;
        auto operand = [&](mlir::Value o) {
          std::optional<int64_t> c =
              foldConstants ? constantOf(o) : std::nullopt;
          return c ? nb::object(nb::int_(*c)) : nb::cast(wrap(o));
        };
        mlir::Operation *op = v.getDefiningOp();
        mlir::Operation *parent =
            op ? nullptr
               : llvm::cast<mlir::BlockArgument>(v).getOwner()->getParentOp();
        for (mlir::Value o : (op ? op : parent)
                                 ? (op ? op : parent)->getOperands()
                                 : mlir::OperandRange(nullptr, 0))
          operands.push_back(operand(o));
        if (op)
          return ValueSource{
              op->getName().getStringRef().str(),
              (int64_t)llvm::cast<mlir::OpResult>(v).getResultNumber(),
              std::move(operands), constantOf(v)};
        return ValueSource{
            "^" + (parent ? parent->getName().getStringRef().str()
                          : std::string()),
            (int64_t)llvm::cast<mlir::BlockArgument>(v).getArgNumber(),
            std::move(operands), std::nullopt};
      },
      nb::arg("value"), nb::arg("fold_constants") = false,
      "ValueSource(name, number, operands, constant) of what defines `value` "
      "(with `fold_constants`, "
      "constant operands come as ints): for an op result, the op's name, the "
      "result number, "
      "the op's operands and the constant value (or None); for a block "
      "argument, '^' + the "
      "name of the op owning the block ('^' alone at top level), the argument "
      "number, that "
      "op's operands and None.");

  m.def(
      "value_owner",
      [](MlirValue value) -> std::optional<MlirOperation> {
        mlir::Value v = unwrap(value);
        if (mlir::Operation *op = v.getDefiningOp())
          return wrap(op);
        if (mlir::Operation *parent =
                llvm::cast<mlir::BlockArgument>(v).getOwner()->getParentOp())
          return wrap(parent);
        return std::nullopt;
      },
      nb::arg("value"),
      "The op defining `value`, or for a block argument the op owning its "
      "block (None at top "
      "level).");

  m.def(
      "foreign_users",
      [](MlirValue value, const std::vector<std::string> &allowed) {
        mlir::Value v = unwrap(value);
        llvm::SmallVector<mlir::OperationName> ok;
        for (const auto &n : allowed)
          ok.push_back(mlir::OperationName(n, v.getContext()));
        std::vector<MlirOperation> out;
        for (mlir::Operation *user : v.getUsers())
          if (!llvm::is_contained(ok, user->getName()))
            out.push_back(wrap(user));
        return out;
      },
      nb::arg("value"), nb::arg("allowed"),
      "The users of `value` whose op name is not in `allowed` (usually none: "
      "one call instead "
      "of walking the uses from Python).");
}

/// What the pl lowering reads of functions and loads.
namespace {
/// convert-pl-to-pto's view of a module (PLPlan): the functions with pl
/// arguments, ops or tile arguments, as pl_functions lists them, and of
/// them the plain ones: every pl op a load or a store of one of the
/// function's arguments (its tile read only by TILE_READERS) or a block
/// query, no tile argument, no argument used by anything else but a
/// func.call that passes it whole to a function of the module
/// (`wholeTensorCalls`), and no func.call in the module passing a pl tensor
/// any other way (a slice would need an offset argument). What a plain function
/// lowers to follows from its kinds of argument (shape, layout, element
/// type, whether it is used) and of load and store (the facts pl_op_facts
/// gives), so the pass checks each kind once, on the first one met, and
/// `lower` rewrites every plain function whose kinds all passed in one call:
/// per function, what the pass's Python path does (a view per argument, the
/// ops in order, the pool's unused constants erased, pto.entry). The others
/// (`remaining`) go through that path, which reports what it rejects.
class PLPlan {
public:
  PLPlan(MlirOperation rootOp, const std::vector<std::string> &names,
         const std::vector<std::string> &tileReaders) {
    mlir::Operation *root = unwrap(rootOp);
    mlir::MLIRContext *ctx = root->getContext();
    mlir::OperationName funcName("func.func", ctx), callName("func.call", ctx);
    auto wanted = operationNames(ctx, names);
    readers = operationNames(ctx, tileReaders);
    llvm::DenseMap<mlir::Operation *, std::vector<mlir::Operation *>> pending;
    std::vector<mlir::Operation *> tensorCalls;
    root->walk([&](mlir::Operation *op) {
      if (llvm::is_contained(wanted, op->getName())) {
        if (mlir::Operation *f = outermostFunction(op, funcName))
          pending[f].push_back(op);
        return;
      }
      if (op->getName() == callName) {
        calls.push_back(wrap(op));
        if (llvm::any_of(op->getOperandTypes(), [](mlir::Type t) {
              return llvm::isa<ptonz::pl::TensorType>(t);
            }))
          tensorCalls.push_back(op);
        return;
      }
      if (op->getName() != funcName || outermostFunction(op, funcName))
        return;
      std::vector<mlir::Operation *> ops;
      auto it = pending.find(op);
      if (it != pending.end()) {
        ops = std::move(it->second);
        pending.erase(it);
      }
      bool hasArgs =
          !op->getRegion(0).empty() &&
          llvm::any_of(op->getRegion(0).getArgumentTypes(), [](mlir::Type t) {
            return llvm::isa<ptonz::pl::TensorType>(t);
          });
      bool tiles = hasPLTileArgs(op);
      if (!hasArgs && ops.empty() && !tiles)
        return;
      functions.push_back({op, std::move(ops), tiles, {}, {}, false, false});
    });
    llvm::DenseSet<mlir::Operation *> callers; // of a call not plain
    if (!wholeTensorCalls(root, tensorCalls, funcName, callers))
      return; // a callee may take an offset argument: none is plain
    for (Function &f : functions)
      f.plain = !f.tileArgs && !callers.contains(f.func) && classify(f);
  }

  /// (function, PLTensorArg) of the first argument of each kind.
  std::vector<std::pair<nb::object, PLTensorArg>> argumentKinds() const {
    std::vector<std::pair<nb::object, PLTensorArg>> out;
    for (const ArgumentKind &k : arguments)
      out.emplace_back(nb::cast(wrap(k.func)),
                       plTensorArg(k.func->getRegion(0).getArgument(k.index)));
    return out;
  }

  /// The first load or store of each kind.
  std::vector<MlirOperation> opKinds() const {
    std::vector<MlirOperation> out;
    for (mlir::Operation *op : opKindOps)
      out.push_back(wrap(op));
    return out;
  }

  /// Lower the plain functions whose kinds all passed; returns how many.
  /// `argumentForms`: per argument kind, None if it failed, else its
  /// view's (result shape, strides, layout keyword or "");
  /// `passed`: per op kind, whether it passed; `tileSpecs`: per op kind, a
  /// load's tile (a TileBufSpec; a store's: None).
  int lower(
      const std::vector<std::optional<
          std::tuple<std::vector<int64_t>, std::vector<int64_t>, std::string>>>
          &argumentForms,
      const std::vector<bool> &passed,
      const std::vector<std::optional<TileBufSpec>> &tileSpecs,
      const std::string &entryAttribute) {
    if (argumentForms.size() != arguments.size() ||
        passed.size() != opKindOps.size() ||
        tileSpecs.size() != opKindOps.size())
      throw nb::value_error("PLPlan.lower: one verdict per kind");
    // Each kind's pointer type, layout and tile type, once.
    llvm::SmallVector<mlir::Type> pointers;
    llvm::SmallVector<ptonz::pto::LayoutAttr> layouts;
    for (size_t k = 0; k < arguments.size(); ++k) {
      mlir::BlockArgument first =
          arguments[k].func->getRegion(0).getArgument(arguments[k].index);
      pointers.push_back(pointerTypeOf(first.getType()));
      layouts.push_back(
          argumentForms[k]
              ? layoutAttrOf(first.getContext(), std::get<2>(*argumentForms[k]))
              : ptonz::pto::LayoutAttr());
    }
    llvm::SmallVector<mlir::Type> tiles;
    for (const auto &spec : tileSpecs)
      tiles.push_back(spec ? tileBufType(*spec) : mlir::Type());
    int count = 0;
    for (Function &f : functions) {
      if (!f.plain || f.lowered ||
          llvm::any_of(f.args,
                       [&](auto a) { return !argumentForms[a.second]; }) ||
          llvm::any_of(f.opKinds, [&](int k) { return k >= 0 && !passed[k]; }))
        continue;
      IndexConstants pool(wrap(f.func));
      mlir::Operation *before = pool.afterConstants();
      llvm::SmallVector<std::pair<int64_t, mlir::Type>> retyped;
      for (auto [index, kind] : f.args)
        retyped.emplace_back(index, pointers[kind]);
      setArgumentTypes(f.func, retyped);
      llvm::DenseMap<mlir::Value, mlir::Value> viewOf;
      mlir::Block &entry = f.func->getRegion(0).front();
      for (auto [index, kind] : f.args) {
        const auto &[resultShape, strides, _] = *argumentForms[kind];
        mlir::BlockArgument arg = entry.getArgument(index);
        auto view = buildMakeTensorView(
            before, resultShape, arg, constantItems(arguments[kind].shape),
            constantItems(strides), pool, layouts[kind], f.func->getLoc(),
            argumentViewName(arg));
        viewOf[arg] = view.getResult();
      }
      llvm::SmallVector<mlir::Type> types;
      for (int k : f.opKinds)
        types.push_back(k >= 0 ? tiles[k] : mlir::Type());
      lowerPLOps(f.ops, types, viewOf, pool);
      pool.eraseUnused();
      f.func->setAttr(entryAttribute,
                      mlir::UnitAttr::get(f.func->getContext()));
      f.lowered = true;
      ++count;
    }
    return count;
  }

  /// PLFunction records of the functions `lower` did not lower.
  std::vector<PLFunction> remaining() const {
    std::vector<PLFunction> out;
    for (const Function &f : functions) {
      if (f.lowered)
        continue;
      std::vector<MlirOperation> ops;
      for (mlir::Operation *op : f.ops)
        ops.push_back(wrap(op));
      out.push_back({nb::cast(wrap(f.func)), plTensorArgs(f.func),
                     std::move(ops), f.tileArgs});
    }
    return out;
  }

  std::vector<MlirOperation> calls; // every func.call, in walk order

private:
  struct Function {
    mlir::Operation *func;
    std::vector<mlir::Operation *> ops; // its pl ops, in walk order
    bool tileArgs;
    llvm::SmallVector<std::pair<unsigned, unsigned>> args; // (number, kind)
    llvm::SmallVector<int> opKinds; // per op: its kind, -1 a block query
    bool plain, lowered;
  };
  struct ArgumentKind {
    std::vector<int64_t> shape;
    mlir::Operation *func; // the first argument of the kind
    unsigned index;
  };

  static std::vector<IndexItem> constantItems(llvm::ArrayRef<int64_t> values) {
    std::vector<IndexItem> out;
    for (int64_t v : values)
      out.push_back({IndexItem::Constant, v, {}, {}});
    return out;
  }

  /// Whether every func.call passing a pl tensor passes its function's own
  /// arguments (then no callee needs an offset argument, and lowering the
  /// arguments in place lowers the call); `callers` gets the functions of
  /// the calls a plain function may not make (their Python path says why):
  /// one to what is not a func.func definition directly in `root`, or
  /// returning a pl value.
  static bool wholeTensorCalls(mlir::Operation *root,
                               llvm::ArrayRef<mlir::Operation *> calls,
                               mlir::OperationName funcName,
                               llvm::DenseSet<mlir::Operation *> &callers) {
    if (calls.empty())
      return true;
    llvm::DenseMap<mlir::Attribute, mlir::Operation *> byName;
    if (root->getNumRegions() == 1 && root->getRegion(0).hasOneBlock())
      for (mlir::Operation &op : root->getRegion(0).front())
        if (op.getName() == funcName)
          byName.try_emplace(op.getAttr("sym_name"), &op);
    for (mlir::Operation *call : calls) {
      mlir::Operation *caller = outermostFunction(call, funcName);
      if (!caller)
        return false;
      mlir::Block &entry = caller->getRegion(0).front();
      for (mlir::Value v : call->getOperands()) {
        auto arg = llvm::dyn_cast<mlir::BlockArgument>(v);
        if (llvm::isa<ptonz::pl::TensorType>(v.getType()) &&
            (!arg || arg.getOwner() != &entry))
          return false;
      }
      auto callee = call->getAttrOfType<mlir::FlatSymbolRefAttr>("callee");
      mlir::Operation *target = callee && caller->getParentOp() == root
                                    ? byName.lookup(callee.getAttr())
                                    : nullptr;
      bool plResults = llvm::any_of(call->getResultTypes(), [](mlir::Type t) {
        return llvm::isa<ptonz::pl::TensorType, ptonz::pl::TileType>(t);
      });
      if (!target || target->getRegion(0).empty() || plResults)
        callers.insert(caller);
    }
    return true;
  }

  /// Whether `f` is plain; interns its kinds.
  bool classify(Function &f) {
    mlir::Block &entry = f.func->getRegion(0).front();
    auto isArgument = [&](mlir::Value v) {
      auto arg = llvm::dyn_cast<mlir::BlockArgument>(v);
      return arg && arg.getOwner() == &entry;
    };
    llvm::SmallVector<int> kinds;
    for (mlir::Operation *op : f.ops) {
      if (auto load = llvm::dyn_cast<ptonz::pl::TileLoadOp>(op)) {
        if (!isArgument(load.getTensor()) ||
            llvm::any_of(load.getResult().getUsers(), [&](mlir::Operation *u) {
              return !llvm::is_contained(readers, u->getName());
            }))
          return false;
        kinds.push_back(
            opKind(op, {op->getName().getAsOpaquePointer(),
                        load.getTensor().getType().getAsOpaquePointer(),
                        load.getResult().getType().getAsOpaquePointer(),
                        constantsOf(load.getValidShape())}));
      } else if (auto store = llvm::dyn_cast<ptonz::pl::TileStoreOp>(op)) {
        if (!isArgument(store.getTensor()))
          return false;
        mlir::Operation *producer = store.getTile().getDefiningOp();
        kinds.push_back(opKind(
            op, {op->getName().getAsOpaquePointer(),
                 store.getTensor().getType().getAsOpaquePointer(),
                 producer ? producer->getName().getAsOpaquePointer() : nullptr,
                 {}}));
      } else if (llvm::isa<ptonz::pl::GetBlockIdxOp, ptonz::pl::GetBlockNumOp>(
                     op)) {
        kinds.push_back(-1);
      } else {
        return false;
      }
    }
    llvm::SmallVector<std::pair<unsigned, unsigned>> args;
    for (mlir::BlockArgument arg : entry.getArguments()) {
      auto t = llvm::dyn_cast<ptonz::pl::TensorType>(arg.getType());
      if (!t)
        continue;
      if (!llvm::all_of(arg.getUsers(), [&](mlir::Operation *u) {
            return llvm::isa<ptonz::pl::TileLoadOp, ptonz::pl::TileStoreOp>(
                       u) ||
                   u->getName().getStringRef() == "func.call";
          }))
        return false;
      MlirType mt = wrap(mlir::Type(t));
      auto key = std::make_tuple(
          plTensorShape(mt), str(ptonzPLTensorTypeGetLayout(mt)),
          unwrap(ptonzShapedGetElementType(mt)).getAsOpaquePointer(),
          !arg.use_empty());
      auto [it, added] = argumentKeys.try_emplace(key, arguments.size());
      if (added)
        arguments.push_back({std::get<0>(key), f.func, arg.getArgNumber()});
      args.emplace_back(arg.getArgNumber(), it->second);
    }
    f.args = std::move(args);
    f.opKinds = std::move(kinds);
    return true;
  }

  using OpKey = std::tuple<const void *, const void *, const void *,
                           std::vector<std::optional<int64_t>>>;
  int opKind(mlir::Operation *op, OpKey key) {
    auto [it, added] = opKeys.try_emplace(std::move(key), opKindOps.size());
    if (added)
      opKindOps.push_back(op);
    return it->second;
  }

  llvm::SmallVector<mlir::OperationName> readers;
  std::vector<Function> functions;
  std::vector<ArgumentKind> arguments;
  std::map<std::tuple<std::vector<int64_t>, std::string, const void *, bool>,
           unsigned>
      argumentKeys;
  std::vector<mlir::Operation *> opKindOps;
  std::map<OpKey, int> opKeys;
};
} // namespace

static void populatePLQueries(nb::module_ &m) {
  nb::class_<PLPlan>(m, "PLPlan",
                     "convert-pl-to-pto's plan of a module (see "
                     "passes.convert_pl_to_pto): its pl functions, the plain "
                     "ones' kinds of argument and op, and their lowering.")
      .def(nb::init<MlirOperation, const std::vector<std::string> &,
                    const std::vector<std::string> &>(),
           nb::arg("root"), nb::arg("names"), nb::arg("tile_readers"))
      .def("argument_kinds", &PLPlan::argumentKinds,
           "[(func, PLTensorArg)] of the first argument of each kind of the "
           "plain functions.")
      .def("op_kinds", &PLPlan::opKinds,
           "The first pl.tile.load or pl.tile.store of each kind of the "
           "plain functions.")
      .def("lower", &PLPlan::lower, nb::arg("argument_forms"),
           nb::arg("passed"), nb::arg("tile_specs"), nb::arg("entry_attribute"),
           "Lower the plain functions whose kinds all passed, marking each "
           "`entry_attribute` (argument_forms: per argument kind None if it "
           "failed, else its view's (result shape, strides, layout keyword "
           "or ''); passed: per op kind; tile_specs: per op kind a load's "
           "pl_tiles.TileBufSpec, else None); returns how many.")
      .def("remaining", &PLPlan::remaining,
           "PLFunction records (as pl_functions) of the functions not lowered.")
      .def_ro("calls", &PLPlan::calls, "Every func.call under the root.");

  m.def(
      "pl_tensor_args",
      [](MlirOperation func) { return plTensorArgs(unwrap(func)); },
      nb::arg("func"),
      "PLTensorArg(index, argument, shape, layout, element_type) of each "
      "!pl.tensor argument of a "
      "function's entry block.");

  m.def(
      "argument_view_name",
      [](MlirValue arg) {
        auto a = llvm::dyn_cast<mlir::BlockArgument>(unwrap(arg));
        if (!a)
          throw nb::value_error("argument_view_name: not a block argument");
        return argumentViewName(a);
      },
      nb::arg("argument"),
      "The name of convert-pl-to-pto's view of a !pl.tensor argument: "
      "`w_view` of `%w`, `arg3_view` of an unnamed argument #3.");

  m.def(
      "has_pl_tile_args",
      [](MlirOperation func) { return hasPLTileArgs(unwrap(func)); },
      nb::arg("func"),
      "Whether a function definition has a !pl.tile entry-block argument.");

  m.def(
      "pl_functions",
      [](MlirOperation root, const std::vector<std::string> &names) {
        // pl_tensor_args, collect_ops(func, names) and has_pl_tile_args of
        // every function in one call, listing only those with one of them.
        return PLPlan(root, names, {}).remaining();
      },
      nb::arg("root"), nb::arg("names"),
      "[PLFunction(func, tensor_args=pl_tensor_args(func), ops=collect_ops("
      "func, names), has_tile_args=has_pl_tile_args(func))] of the functions "
      "under `root` (as `functions`) that have any of the three.");

  m.def(
      "functions_with_pointer_argument",
      [](MlirOperation root, const std::string &element) {
        // Whether E8M0 bytes reach GM (pto-block-mx-scale-views): reading
        // the argument types from Python loads the op classes to downcast
        // them and costs ~40 us per function; so does parsing the element
        // type there (ir.Type.parse's downcast imports mlir.dialects.builtin).
        mlir::Type elem = mlir::parseType(element, unwrap(root)->getContext());
        if (!elem)
          throw nb::value_error(
              ("functions_with_pointer_argument: not a type: " + element)
                  .c_str());
        std::vector<MlirOperation> out;
        for (mlir::Operation *f : functionsOf(unwrap(root))) {
          auto attr = f->getAttrOfType<mlir::TypeAttr>("function_type");
          auto type = attr ? llvm::dyn_cast<mlir::FunctionType>(attr.getValue())
                           : mlir::FunctionType();
          if (type && llvm::any_of(type.getInputs(), [&](mlir::Type t) {
                return ptonzTypeIsAPtr(wrap(t)) &&
                       unwrap(ptonzPtrTypeGetElementType(wrap(t))) == elem;
              }))
            out.push_back(wrap(f));
        }
        return out;
      },
      nb::arg("root"), nb::arg("element_type"),
      "The functions under `root` (as `functions`) with an argument of type "
      "!pto.ptr<element_type> (in their function_type); `element_type`: its "
      "text (e.g. 'f8E8M0FNU').");

  m.def(
      "arg_attr_entries",
      [](MlirOperation func) {
        // MLIR's Python bindings abort the process (a C++ exception through
        // a noexcept frame) when they downcast a dense array of an element
        // type they have no class for (`array<f80>`), as iterating a
        // DictAttr from Python does: these capsules become plain
        // ir.Attribute objects, never downcast (analyses.arg_attrs).
        mlir::Operation *f = unwrap(func);
        auto attr = f->getAttrOfType<mlir::TypeAttr>("function_type");
        auto type = attr ? llvm::dyn_cast<mlir::FunctionType>(attr.getValue())
                         : mlir::FunctionType();
        size_t n = type ? type.getNumInputs() : 0;
        std::vector<std::vector<std::pair<std::string, nb::object>>> out(n);
        forEachArgAttr(
            f, [&](mlir::Operation *, unsigned i, mlir::NamedAttribute a) {
              if (i >= out.size())
                out.resize(i + 1);
              out[i].emplace_back(
                  a.getName().str(),
                  nb::steal<nb::object>(
                      mlirPythonAttributeToCapsule(wrap(a.getValue()))));
            });
        return out;
      },
      nb::arg("func"),
      "[[(name, capsule of the attribute)] per argument] of a func.func's "
      "arg_attrs (as many lists as its function_type has inputs, or more "
      "if arg_attrs has more): each capsule is for "
      "ir.Attribute._CAPICreate, which does not downcast.");

  m.def(
      "functions_with_arg_attrs",
      [](MlirOperation root, const std::vector<std::string> &names) {
        // Whether a module declares anything (pto-declare-nz-args' idle
        // test): asked of every module, where an ir.Operation per function
        // to read from Python costs more than the question.
        std::vector<MlirOperation> out;
        mlir::Operation *last = nullptr;
        forEachArgAttr(unwrap(root), [&](mlir::Operation *f, unsigned,
                                         mlir::NamedAttribute a) {
          if (f != last && llvm::is_contained(names, a.getName().strref())) {
            out.push_back(wrap(f));
            last = f;
          }
        });
        return out;
      },
      nb::arg("root"), nb::arg("names"),
      "The functions under `root` (as `functions`) with an argument that "
      "carries an attribute named in `names` (their arg_attrs).");

  m.def(
      "pl_op_facts",
      [](const std::vector<MlirOperation> &ops,
         const std::vector<std::string> &tileReaders) {
        // Everything convert-pl-to-pto's rules read of a load or a store, in
        // one call per function: ops alike in these facts get one verdict,
        // so the pass checks a kernel's few kinds of load once (its memo is
        // keyed by these tuples; types are identified by their uniqued
        // storage, stable within a context).
        nb::list out;
        if (ops.empty())
          return out;
        mlir::MLIRContext *ctx = unwrap(ops.front())->getContext();
        llvm::SmallVector<mlir::OperationName> readers;
        for (const auto &n : tileReaders)
          readers.push_back(mlir::OperationName(n, ctx));
        auto typeId = [](mlir::Type t) {
          return nb::int_(reinterpret_cast<intptr_t>(t.getAsOpaquePointer()));
        };
        for (MlirOperation o : ops) {
          mlir::Operation *op = unwrap(o);
          nb::str name(op->getName().getStringRef().data(),
                       op->getName().getStringRef().size());
          if (auto load = llvm::dyn_cast<ptonz::pl::TileLoadOp>(op)) {
            MlirType tensor = wrap(load.getTensor().getType());
            MlirType tile = wrap(load.getResult().getType());
            bool foreign = llvm::any_of(
                load.getResult().getUsers(), [&](mlir::Operation *u) {
                  return !llvm::is_contained(readers, u->getName());
                });
            mlir::Operation *source = load.getTensor().getDefiningOp();
            bool fromReshape =
                source && llvm::isa<ptonz::pl::TensorReshapeOp>(source);
            out.append(nb::make_tuple(
                name, str(ptonzPLTensorTypeGetLayout(tensor)),
                str(ptonzPLTileTypeGetMemory(tile)),
                nb::tuple(nb::cast(constantsOf(load.getValidShape()))),
                typeId(load.getResult().getType()), foreign, fromReshape));
          } else if (auto store = llvm::dyn_cast<ptonz::pl::TileStoreOp>(op)) {
            mlir::Operation *producer = store.getTile().getDefiningOp();
            llvm::StringRef p =
                producer ? producer->getName().getStringRef() : "";
            out.append(nb::make_tuple(name, nb::str(p.data(), p.size()),
                                      typeId(store.getTensor().getType())));
          } else {
            out.append(nb::make_tuple(name));
          }
        }
        return out;
      },
      nb::arg("ops"), nb::arg("tile_readers"),
      "A tuple of facts per op of `ops`: for a pl.tile.load (name, tensor "
      "layout, tile memory, valid_shape (a constant or None per valid dim; () "
      "without one), the tile type's id, whether a user of the tile is not "
      "named in `tile_readers`, whether the tensor is a pl.tensor.reshape's "
      "result); for a pl.tile.store (name, its tile's producer's name ('' for "
      "a block argument), the tensor type's id); else (name,). A type's id is "
      "the same int for the same type in one context.");
}

namespace {

/// A class key (ViewClasses, NzViewClasses): the facts a pass reads of a
/// view, appended as raw bytes, each sequence after its length, so that two
/// views share a key exactly when they share the facts. Formatting them as
/// text had cost about half of each class walk.
class ClassKey {
public:
  explicit ClassKey(std::string &out) : out(out) {
    out.reserve(256); // a view's key, in one allocation
  }
  ClassKey &number(int64_t v) {
    out.append(reinterpret_cast<const char *>(&v), sizeof v);
    return *this;
  }
  ClassKey &pointer(const void *p) {
    return number(static_cast<int64_t>(reinterpret_cast<intptr_t>(p)));
  }
  ClassKey &text(llvm::StringRef s) {
    number(static_cast<int64_t>(s.size()));
    out.append(s.data(), s.size());
    return *this;
  }
  /// None (-1) apart from every text (its length first).
  ClassKey &maybeText(const std::optional<std::string> &s) {
    return s ? text(llvm::StringRef(*s)) : number(-1);
  }
  ClassKey &numbers(llvm::ArrayRef<int64_t> values) {
    number(static_cast<int64_t>(values.size()));
    for (int64_t v : values)
      number(v);
    return *this;
  }
  /// Each constant with a tag, so that none is apart from every constant.
  ClassKey &constants(const std::vector<std::optional<int64_t>> &values) {
    number(static_cast<int64_t>(values.size()));
    for (const auto &v : values)
      v ? number(1).number(*v) : number(0);
    return *this;
  }

private:
  std::string &out;
};

/// Views alike in everything a per-view rule of a pass reads (ViewClasses):
/// the ViewInfo, the layouts of the attribute and the type, whether strides
/// are given, the element type and the blocked-view marks of the view's
/// function.
struct ViewClass {
  ViewInfo info;
  std::optional<std::string> attrLayout, typeLayout;
  bool hasStrides;
  MlirType elementType;
  std::vector<std::string> marks;
  int64_t count;
};

/// The constant offsets and sizes of a pto.partition_view (ViewClasses).
struct PartitionFacts {
  std::vector<std::optional<int64_t>> offsets, sizes;
};

/// The views of the func.func ops under a root, in post-order, each with its
/// class: a pass decides once per class (kernels repeat a few view shapes)
/// and applies the decision to the members in one call, instead of making a
/// Python record of every view. Holds raw IR pointers: the IR must not
/// change between ViewClasses and the last use.
class ViewClasses {
public:
  explicit ViewClasses(MlirOperation root)
      : ViewClasses(unwrap(root)->getContext()) {
    unwrap(root)->walk([&](mlir::Operation *op) { visit(op); });
    finish();
  }

  /// Empty, to be filled by visit (each op of a post-order walk) and
  /// finish: how `scan` builds one in the walk of its other queries.
  explicit ViewClasses(mlir::MLIRContext *ctx)
      : funcName("func.func", ctx),
        nzMark(mlir::StringAttr::get(
            ctx, ptonz::pto::PTODialect::kNzTensorViewsBlockedAttrName)),
        mxMark(mlir::StringAttr::get(
            ctx, ptonz::pto::PTODialect::kMxTensorViewsBlockedAttrName)) {}

  void visit(mlir::Operation *o) {
    auto op = llvm::dyn_cast<ptonz::pto::MakeTensorViewOp>(o);
    if (!op)
      return;
    mlir::Operation *f = outermostFunction(op, funcName);
    if (!f) {
      outside = true; // not a kernel's (the passes skip it)
      return;
    }
    if (f != lastFunc) {
      lastFunc = f;
      nz = f->hasAttr(nzMark);
      mx = f->hasAttr(mxMark);
    }
    auto type = op.getResult().getType();
    ViewClass c{viewInfo(op),
                layoutName(op.getLayoutAttr()),
                layoutName(unwrap(ptonzViewTypeGetLayout(wrap(type)))),
                !op.getStrides().empty(),
                wrap(type.getElementType()),
                {},
                0};
    std::string key;
    ClassKey(key)
        .text(c.info.layout)
        .maybeText(c.attrLayout)
        .maybeText(c.typeLayout)
        .number(c.hasStrides)
        .number(nz)
        .number(mx)
        .pointer(c.elementType.ptr)
        .numbers(c.info.typeShape)
        .constants(c.info.shape)
        .constants(c.info.strides);
    auto [it, added] = index.try_emplace(key, classes.size());
    if (added) {
      if (nz)
        c.marks.push_back(nzMark.str());
      if (mx)
        c.marks.push_back(mxMark.str());
      classes.push_back(std::move(c));
      byClass.emplace_back();
    }
    byClass[it->second].push_back(views.size());
    views.push_back({op.getOperation(), f, it->second});
  }

  void finish() {
    for (size_t i = 0; i < classes.size(); ++i)
      classes[i].count = byClass[i].size();
  }

  /// The distinct constant offsets and sizes of the pto.partition_view users
  /// of the members of class `i`, in first-seen order.
  std::vector<PartitionFacts> partitions(size_t i) const {
    check(i);
    std::vector<PartitionFacts> out;
    std::unordered_set<std::string> seen;
    for (size_t k : byClass[i]) {
      const Member &m = views[k];
      for (mlir::Operation *user : m.view->getResult(0).getUsers()) {
        auto pv = llvm::dyn_cast<ptonz::pto::PartitionViewOp>(user);
        if (!pv)
          continue;
        PartitionFacts p{constantsOf(pv.getOffsets()),
                         constantsOf(pv.getSizes())};
        std::string key;
        ClassKey(key).constants(p.offsets).constants(p.sizes);
        if (seen.insert(key).second)
          out.push_back(std::move(p));
      }
    }
    return out;
  }

  /// The members of class `i`, in post-order.
  std::vector<MlirOperation> members(size_t i) const {
    check(i);
    std::vector<MlirOperation> out;
    for (size_t k : byClass[i])
      out.push_back(wrap(views[k].view));
    return out;
  }

  /// Give every member of class i the constant strides decisions[i] (None:
  /// leave its members as they are), in post-order, from one IndexConstants
  /// per function (as set_views_strides under passes._util.constant_pool:
  /// the constants of each function touched are hoisted to the top of its
  /// entry block and, at the end, its unused ones erased). Returns how many
  /// views were updated.
  int64_t setStrides(nb::handle decisions) {
    std::vector<std::optional<std::vector<int64_t>>> strides;
    for (nb::handle d : decisions)
      strides.push_back(d.is_none()
                            ? std::nullopt
                            : std::optional(nb::cast<std::vector<int64_t>>(d)));
    if (strides.size() != classes.size())
      throw nb::value_error("set_strides: one decision per class");
    std::unordered_map<mlir::Operation *, std::unique_ptr<IndexConstants>>
        pools;
    std::vector<IndexConstants *> order;
    int64_t updated = 0;
    for (const Member &m : views) {
      const auto &s = strides[m.cls];
      if (!s)
        continue;
      auto &pool = pools[m.func];
      if (!pool) {
        pool = std::make_unique<IndexConstants>(wrap(m.func));
        order.push_back(pool.get());
      }
      llvm::SmallVector<mlir::Value> operands;
      for (int64_t v : *s)
        operands.push_back(pool->get(v));
      llvm::cast<ptonz::pto::MakeTensorViewOp>(m.view).setStridesOperands(
          operands);
      ++updated;
    }
    for (IndexConstants *pool : order)
      pool->eraseUnused();
    return updated;
  }

  std::vector<ViewClass> classes;
  bool outside = false;

private:
  struct Member {
    mlir::Operation *view, *func;
    size_t cls;
  };
  void check(size_t i) const {
    if (i >= classes.size())
      throw nb::index_error("no such view class");
  }
  std::vector<Member> views;
  std::vector<std::vector<size_t>> byClass; // the members of each class
  // While filling: the class of each key, and the last view's function.
  mlir::OperationName funcName;
  mlir::StringAttr nzMark, mxMark;
  std::unordered_map<std::string, size_t> index;
  mlir::Operation *lastFunc = nullptr;
  bool nz = false, mx = false;
};

/// scan's ('view_classes',) query.
class ViewClassesCollector : public Collector {
public:
  explicit ViewClassesCollector(mlir::MLIRContext *ctx) : classes(ctx) {}
  void visit(mlir::Operation *op) override { classes.visit(op); }
  nb::object result() override {
    classes.finish();
    return nb::cast(std::move(classes));
  }

private:
  ViewClasses classes;
};

std::unique_ptr<Collector> viewClassesCollector(mlir::MLIRContext *ctx) {
  return std::make_unique<ViewClassesCollector>(ctx);
}

} // namespace

/// Views grouped by what a per-view rule reads (ViewClasses).
static void populateViewClasses(nb::module_ &m) {
  ptonz::Record<ViewClass>(
      m, "ViewClass",
      "Views alike in what a per-view rule reads: info (ViewInfo), "
      "attr_layout, type_layout (None where absent), has_strides, "
      "element_type, marks (the blocked-view marks of their function) and "
      "count (how many).")
      .field("info", &ViewClass::info)
      .field("attr_layout", &ViewClass::attrLayout)
      .field("type_layout", &ViewClass::typeLayout)
      .field("has_strides", &ViewClass::hasStrides)
      .field("element_type", &ViewClass::elementType)
      .field("marks", &ViewClass::marks)
      .field("count", &ViewClass::count)
      .done();
  ptonz::Record<PartitionFacts>(
      m, "PartitionFacts",
      "A pto.partition_view's offsets and sizes (constants, None where not).")
      .field("offsets", &PartitionFacts::offsets)
      .field("sizes", &PartitionFacts::sizes)
      .done();
  nb::class_<ViewClasses>(
      m, "ViewClasses",
      "The pto.make_tensor_view ops inside the func.func ops under a root, "
      "grouped into ViewClass records (`classes`); the IR must not change "
      "while it is used.")
      .def(nb::init<MlirOperation>(), nb::arg("root"))
      .def_ro("classes", &ViewClasses::classes)
      .def_ro("outside", &ViewClasses::outside,
              "Whether a view lies outside every function (in no class).")
      .def("members", &ViewClasses::members, nb::arg("index"),
           "The views of class `index`, in post-order.")
      .def("partitions", &ViewClasses::partitions, nb::arg("index"),
           "The distinct PartitionFacts of the pto.partition_view users of "
           "the views of class `index`, in first-seen order.")
      .def("set_strides", &ViewClasses::setStrides, nb::arg("decisions"),
           "Give the members of class i the constant strides decisions[i] "
           "(a list of ints; None: unchanged), from one constant pool per "
           "function (its unused index constants erased at the end, as "
           "passes._util.constant_pool does). Returns how many views changed.");
}

namespace {

/// What pto-block-nz-views reads of one use of an NZ view (NzViewClass):
/// the user's name and, for a pto.partition_view, its offsets (an int for a
/// constant, else the value's IntRanges.alignment), constant sizes, users
/// (name and the tile a pto.tload writes) and IntRanges.partition_verdicts.
struct NzUseFacts {
  std::string name;
  bool partition = false;
  std::vector<nb::object> offsets;    // int, None for a value
  std::vector<nb::object> alignments; // None for a constant
  std::vector<nb::object> nonneg;     // None for a constant, else a bool
  std::vector<std::optional<int64_t>> sizes;
  std::vector<std::string> userNames;
  std::vector<std::optional<TileInfo>> userTiles;
  std::vector<std::pair<int64_t, int>> verdicts;
};

/// NZ views alike in everything pto-block-nz-views reads of a view and its
/// uses (NzViewClasses).
struct NzViewClass {
  std::optional<std::string> attrLayout, typeLayout;
  ViewInfo info;
  std::vector<std::optional<int64_t>> extents; // of the verdicts
  std::vector<NzUseFacts> uses;
  int64_t count;
};

/// The functions of a module with their NZ views, each view with its class
/// (pto-block-nz-views plans once per class, on placeholders of its values,
/// and applies the plan to every member of the function's classes in one
/// call). Holds raw IR pointers: valid until the IR changes, except through
/// `apply`.
class NzViewClasses {
public:
  NzViewClasses(MlirOperation root, nb::handle ranges)
      : ranges(ptonz::functionIntRanges(ranges)) {
    mlir::Operation *r = unwrap(root);
    mlir::MLIRContext *ctx = r->getContext();
    mlir::OperationName funcName("func.func", ctx);
    mark = mlir::StringAttr::get(
        ctx, ptonz::pto::PTODialect::kNzTensorViewsBlockedAttrName);
    std::unordered_map<std::string, size_t> index;
    llvm::DenseSet<mlir::Operation *> seen;
    r->walk([&](ptonz::pto::MakeTensorViewOp op) {
      if (layoutOf(op) != "nz")
        return;
      mlir::Operation *f = outermostFunction(op, funcName);
      if (!f) {
        outside = true; // views_by_function's group of no function
        return;
      }
      if (functions.empty() || functions.back().func != f) {
        if (!seen.insert(f).second)
          interleaved = true; // a function's views in two groups
        functions.push_back({f, f->hasAttr(mark), {}});
      }
      // The key first; the record (Python objects) only for a new class.
      std::string key;
      factsOf(op, key, nullptr);
      auto [it, added] = index.try_emplace(key, classes.size());
      if (added) {
        NzViewClass c;
        std::string again; // (the analyses are memoised: cheap)
        factsOf(op, again, &c);
        classes.push_back(std::move(c));
      }
      ++classes[it->second].count;
      Member m{op.getOperation(), it->second, {}};
      for (mlir::Operation *u : op.getResult().getUsers())
        m.uses.push_back(u);
      functions.back().views.push_back(std::move(m));
    });
  }

  /// Per function, in order: whether it carries the mark, and the class
  /// of each of its NZ views.
  nb::list functionClasses() const {
    nb::list out;
    for (const Function &f : functions) {
      nb::list cls;
      for (const Member &m : f.views)
        cls.append(m.cls);
      out.append(nb::make_tuple(f.marked, cls));
    }
    return out;
  }

  MlirOperation function(size_t i) const {
    if (i >= functions.size())
      throw nb::index_error("no such function");
    return wrap(functions[i].func);
  }

  /// Apply plans[cls] (type shape, shape items, [(use, offsets, sizes)];
  /// items: an int, ("shape", k), ("offset", use, k), or ("div", one of
  /// those, divisor, suffix); None: leave the view) to every view of the
  /// functions `which`, as set_blocked_view does under
  /// passes._util.constant_pool, then mark each.
  void apply(nb::handle plans, const std::vector<size_t> &which) {
    std::vector<std::optional<Plan>> decoded;
    for (nb::handle p : plans)
      decoded.push_back(p.is_none() ? std::nullopt : std::optional(decode(p)));
    for (size_t i : which) {
      if (i >= functions.size())
        throw nb::index_error("no such function");
      Function &f = functions[i];
      IndexConstants pool(wrap(f.func));
      for (const Member &m : f.views) {
        if (m.cls >= decoded.size())
          throw nb::value_error("apply: one plan (or None) per class");
        if (!decoded[m.cls])
          continue; // accepted as it is (a physical NZ view)
        const Plan &plan = *decoded[m.cls];
        // Every item is read before anything changes (a partition's old
        // offsets, the view's old shape operands).
        auto shape = resolve(plan.shape, m);
        std::vector<std::pair<std::vector<IndexItem>, std::vector<IndexItem>>>
            parts;
        for (const PartPlan &p : plan.partitions)
          parts.push_back({resolve(p.offsets, m), resolve(p.sizes, m)});
        setViewShape(m.view, plan.typeShape, shape, pool);
        for (size_t k = 0; k < plan.partitions.size(); ++k)
          setPartition(m.uses.at(plan.partitions[k].use), parts[k].first,
                       parts[k].second, pool);
      }
      pool.eraseUnused();
      f.func->setAttr(mark, mlir::UnitAttr::get(f.func->getContext()));
    }
  }

  std::vector<NzViewClass> classes;
  bool outside = false, interleaved = false;

private:
  struct Member {
    mlir::Operation *view;
    size_t cls;
    std::vector<mlir::Operation *> uses; // the view's users, as read
  };
  struct Function {
    mlir::Operation *func;
    bool marked;
    std::vector<Member> views;
  };
  /// An index item of a plan; Shape / Offset are resolved per member.
  struct ItemPlan {
    enum Kind { Constant, Shape, Offset } kind;
    int64_t constant = 0;
    size_t use = 0, index = 0;
    std::optional<int64_t> divisor; // value floordiv divisor
    std::string suffix;
  };
  struct PartPlan {
    size_t use;
    std::vector<ItemPlan> offsets, sizes;
  };
  struct Plan {
    std::vector<int64_t> typeShape;
    std::vector<ItemPlan> shape;
    std::vector<PartPlan> partitions;
  };

  static ItemPlan decodeItem(nb::handle item) {
    if (nb::isinstance<nb::int_>(item))
      return {ItemPlan::Constant, nb::cast<int64_t>(item)};
    auto t = nb::cast<nb::tuple>(item);
    std::string kind = nb::cast<std::string>(t[0]);
    if (kind == "div") {
      ItemPlan inner = decodeItem(t[1]);
      inner.divisor = nb::cast<int64_t>(t[2]);
      inner.suffix = nb::cast<std::string>(t[3]);
      return inner;
    }
    if (kind == "shape")
      return {ItemPlan::Shape, 0, 0, nb::cast<size_t>(t[1])};
    if (kind == "offset")
      return {ItemPlan::Offset, 0, nb::cast<size_t>(t[1]),
              nb::cast<size_t>(t[2])};
    throw nb::value_error("apply: unknown plan item");
  }
  static std::vector<ItemPlan> decodeItems(nb::handle items) {
    std::vector<ItemPlan> out;
    for (nb::handle i : items)
      out.push_back(decodeItem(i));
    return out;
  }
  static Plan decode(nb::handle p) {
    auto t = nb::cast<nb::tuple>(p);
    Plan plan{nb::cast<std::vector<int64_t>>(t[0]), decodeItems(t[1]), {}};
    for (nb::handle part : t[2]) {
      auto q = nb::cast<nb::tuple>(part);
      plan.partitions.push_back(
          {nb::cast<size_t>(q[0]), decodeItems(q[1]), decodeItems(q[2])});
    }
    return plan;
  }

  static std::vector<IndexItem> resolve(const std::vector<ItemPlan> &items,
                                        const Member &m) {
    std::vector<IndexItem> out;
    for (const ItemPlan &i : items) {
      if (i.kind == ItemPlan::Constant) {
        out.push_back({IndexItem::Constant, i.constant, {}, {}});
        continue;
      }
      mlir::Value v =
          i.kind == ItemPlan::Shape
              ? llvm::cast<ptonz::pto::MakeTensorViewOp>(m.view)
                    .getShape()[i.index]
              : llvm::cast<ptonz::pto::PartitionViewOp>(m.uses.at(i.use))
                    .getOffsets()[i.index];
      if (i.divisor)
        out.push_back({IndexItem::Quotient, *i.divisor, v, i.suffix});
      else
        out.push_back({IndexItem::Value, 0, v, {}});
    }
    return out;
  }

  /// The class key of one view (every fact pto-block-nz-views reads,
  /// serialised) into `key` and, with `out`, the facts as a record.
  void factsOf(ptonz::pto::MakeTensorViewOp op, std::string &key,
               NzViewClass *out) {
    ClassKey k(key);
    auto attrLayout = layoutName(op.getLayoutAttr());
    auto typeLayout = layoutName(
        unwrap(ptonzViewTypeGetLayout(wrap(op.getResult().getType()))));
    ViewInfo info = viewInfo(op);
    k.maybeText(attrLayout)
        .maybeText(typeLayout)
        .number(info.elementBits)
        .number(info.valueBits)
        .numbers(info.typeShape)
        .constants(info.shape)
        .constants(info.strides);
    auto extents = ptonz::viewExtents(op); // (a function of the keyed facts)
    if (out)
      *out = {attrLayout, typeLayout, std::move(info), extents, {}, 0};
    // Each use, then each user of a partition, after a 1; a 0 ends them.
    for (mlir::Operation *user : op.getResult().getUsers()) {
      NzUseFacts u;
      u.name = user->getName().getStringRef().str();
      k.number(1).text(u.name);
      if (auto pv = llvm::dyn_cast<ptonz::pto::PartitionViewOp>(user)) {
        u.partition = true;
        k.number(pv.getOffsets().size());
        for (mlir::Value o : pv.getOffsets()) {
          if (auto c = constantOf(o)) {
            k.number(1).number(*c);
            if (out) {
              u.offsets.push_back(nb::int_(*c));
              u.alignments.push_back(nb::none());
              u.nonneg.push_back(nb::none());
            }
          } else {
            unsigned a = ptonz::log2Multiple(ranges, o);
            bool nonneg = ptonz::provenNonNegative(ranges, o);
            k.number(0).number(a).number(nonneg);
            if (out) {
              u.offsets.push_back(nb::none());
              u.alignments.push_back(ptonz::alignmentToPy(a));
              u.nonneg.push_back(nb::bool_(nonneg));
            }
          }
        }
        u.sizes = constantsOf(pv.getSizes());
        k.constants(u.sizes);
        for (mlir::Operation *pu : pv.getResult().getUsers()) {
          std::optional<TileInfo> tile;
          if (auto load = llvm::dyn_cast<ptonz::pto::TLoadOp>(pu))
            tile = tileInfo(load.getDst());
          u.userNames.push_back(pu->getName().getStringRef().str());
          k.number(1).text(u.userNames.back());
          if (tile)
            k.number(1)
                .text(tile->loc)
                .number(tile->rows)
                .number(tile->cols)
                .number(tile->validRow)
                .number(tile->validCol)
                .text(tile->blayout)
                .text(tile->slayout)
                .number(tile->fractal);
          else
            k.number(0);
          u.userTiles.push_back(std::move(tile));
        }
        k.number(0);
        u.verdicts = ptonz::undecidedOrOutside(ranges, user, extents);
        k.number(u.verdicts.size());
        for (const auto &[dim, v] : u.verdicts)
          k.number(dim).number(v);
      }
      if (out)
        out->uses.push_back(std::move(u));
    }
    k.number(0);
  }

  FunctionIntRanges &ranges;
  mlir::StringAttr mark;
  std::vector<Function> functions;
};

} // namespace

/// NZ views grouped by what pto-block-nz-views reads (NzViewClasses).
static void populateNzViewClasses(nb::module_ &m) {
  ptonz::Record<NzUseFacts>(
      m, "NzUseFacts",
      "A use of an NZ view: name, partition (whether it is a "
      "pto.partition_view) and, for one, offsets (an int where constant, else "
      "None), alignments (IntRanges.alignment of each offset value, None "
      "where constant), nonneg (whether IntRanges.prove finds each offset "
      "value non-negative, None where constant), sizes (constants, None where "
      "not), user_names, "
      "user_tiles (the TileInfo a pto.tload writes, else None) and verdicts "
      "(IntRanges.partition_verdicts(view, its extents, undecided=True) of "
      "the partition: [(dim, OUTSIDE | UNDECIDED)]).")
      .field("name", &NzUseFacts::name)
      .field("partition", &NzUseFacts::partition)
      .field("offsets", &NzUseFacts::offsets)
      .field("alignments", &NzUseFacts::alignments)
      .field("nonneg", &NzUseFacts::nonneg)
      .field("sizes", &NzUseFacts::sizes)
      .field("user_names", &NzUseFacts::userNames)
      .field("user_tiles", &NzUseFacts::userTiles)
      .field("verdicts", &NzUseFacts::verdicts)
      .done();
  ptonz::Record<NzViewClass>(
      m, "NzViewClass",
      "NZ views alike in what pto-block-nz-views reads: attr_layout, "
      "type_layout, info (ViewInfo), extents (the view's extents the "
      "verdicts are for), uses (NzUseFacts, in use order) and count.")
      .field("attr_layout", &NzViewClass::attrLayout)
      .field("type_layout", &NzViewClass::typeLayout)
      .field("info", &NzViewClass::info)
      .field("extents", &NzViewClass::extents)
      .field("uses", &NzViewClass::uses)
      .field("count", &NzViewClass::count)
      .done();
  nb::class_<NzViewClasses>(
      m, "NzViewClasses",
      "The NZ views of the func.func ops under a root, by function, each "
      "with its NzViewClass (`classes`); `ranges`: the IntRanges whose "
      "alignments and verdicts the classes hold. Valid until the IR "
      "changes, except through `apply`.")
      .def(nb::init<MlirOperation, nb::handle>(), nb::arg("root"),
           nb::arg("ranges"))
      .def_ro("classes", &NzViewClasses::classes)
      .def_ro("outside", &NzViewClasses::outside,
              "Whether an NZ view lies outside every function.")
      .def_ro("interleaved", &NzViewClasses::interleaved,
              "Whether a function's views are not consecutive (a function "
              "nested in another between them).")
      .def("functions", &NzViewClasses::functionClasses,
           "[(marked, [class of each NZ view])] per function, in order.")
      .def("function", &NzViewClasses::function, nb::arg("index"))
      .def("apply", &NzViewClasses::apply, nb::arg("plans"), nb::arg("which"),
           "Apply plans[c] to every NZ view of class c of the functions "
           "`which` (set_blocked_view's rewrite under one constant pool per "
           "function), then mark each function.");
}

/// Tiles and element types under an op.
static void populateTileQueries(nb::module_ &m) {
  m.def(
      "dynamic_valid_tiles",
      [](MlirOperation root) {
        // (alloc_tile, [(0 row | 1 column, valid value, tile extent)]) of the
        // pto.alloc_tile ops with a valid_row / valid_col operand (few).
        return collect(root, ValidTilesCollector());
      },
      nb::arg("root"),
      "ValidTile(op, dims=[ValidDim(axis: 0 rows | 1 columns, value, extent: "
      "tile rows | "
      "columns)]) of every "
      "pto.alloc_tile under `root` with a dynamic valid_row or valid_col "
      "operand.");

  m.def(
      "element_types_outside",
      [](MlirOperation root, const std::vector<std::string> &names,
         const std::vector<std::string> &allowed) {
        // (op, element type) of the ops named `names` whose result's element
        // type does not print as one of `allowed`; one print per type.
        return collect(root, ElementTypesCollector(unwrap(root)->getContext(),
                                                   names, allowed));
      },
      nb::arg("root"), nb::arg("names"), nb::arg("allowed"),
      "ElementTypeUse(op, element_type) of each op under `root` named in "
      "`names` whose result's element "
      "type (of a pointer, view or tile) prints as none of `allowed`.");
}

/// SSA value names (NameLoc).
static void populateNames(nb::module_ &m) {
  // ir.AsmState without printNameLocAsPrefix numbers named values: reports
  struct NameState {
    explicit NameState(MlirOperation root)
        : state(unwrap(root), mlir::OpPrintingFlags().printNameLocAsPrefix()) {}
    mlir::AsmState state;
  };

  nb::class_<NameState>(
      m, "NameState",
      "The SSA names of the values under an op as print_asm(op) prints them "
      "(an AsmState with NameLocs as names); the IR must not change while "
      "it is used.")
      .def(nb::init<MlirOperation>(), nb::arg("root"))
      .def(
          "name",
          [](NameState &s, MlirValue value) {
            std::string out;
            llvm::raw_string_ostream os(out);
            unwrap(value).printAsOperand(os, s.state);
            return out;
          },
          nb::arg("value"),
          "`%name` of `value` (a result of an op group: `%name#k`).");

  m.def(
      "value_name",
      [](MlirValue value) -> std::optional<std::string> {
        std::string n = ptonz::nameOf(unwrap(value));
        if (n.empty())
          return std::nullopt;
        return n;
      },
      nb::arg("value"),
      "The name `value` prints with (its NameLoc: the input's SSA name, or the "
      "one a pass "
      "gave it), else None (it prints numbered).");

  m.def(
      "set_value_name",
      [](MlirValue value, const std::string &name) {
        ptonz::setName(unwrap(value), name);
      },
      nb::arg("value"), nb::arg("name"),
      "Name `value` (an op result: its op's location; a block argument: its "
      "own) with a "
      "NameLoc wrapping its location; '' removes the name.");

  m.def(
      "named_location",
      [](MlirLocation loc, const std::string &name) {
        return wrap(ptonz::named(unwrap(loc), name));
      },
      nb::arg("location"), nb::arg("name"),
      "NameLoc(name, `location` without its outer NameLocs): the location of a "
      "new op "
      "whose result prints as %name; '' gives the bare location (an unnamed "
      "result).");
}

void ptonz::populateBuilders(nb::module_ &m) {
  populateRecords(m);
  populateConstantPool(m);
  populateOpBuilders(m);
  populateInPlaceUpdates(m);
  populateViewClasses(m);
  populateNzViewClasses(m);
  populatePatternDriver(m);
  populateViewQueries(m);
  populateValueQueries(m);
  populatePLQueries(m);
  populateTileQueries(m);
  populateNames(m);
}
