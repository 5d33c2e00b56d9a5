//===- Builders.cpp - C++ op builders and IR queries for the Python passes -===//
//
// The ptonz passes are Python rewrite patterns: Python decides what to match,
// what to reject and what the rewritten operands are. Crossing into the
// bindings costs microseconds per call and per Python wrapper, so building
// an op through the generated Python op classes (~20 us) or reading a view
// attribute by attribute cost more than the C++ parse + print of that op.
// These helpers give the passes one call per question (view_info, view_uses,
// value_source, ...), one call per op they emit (lower_tile_load, ...) or
// update in place (set_blocked_view, set_views_strides), the
// function's index constants (IndexConstants) and a pattern driver over the
// ops a pass validated (apply_patterns_to). They implement no decisions of
// their own; apart from the pool's unused constants, erasing and replacing
// ops stays with the patterns' rewriter.
//
//===----------------------------------------------------------------------===//

#include "Builders.h"

#include "ptonz/ApplyPatterns.h"
#include "ptonz/CAPI.h"
#include "ptonz/PL.h"
#include "ptonz/PTO.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

#include <unordered_map>

#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace mlir::python::nanobind_adaptors;

static std::string str(MlirStringRef s) { return std::string(s.data, s.length); }

namespace {

/// One `arith.constant N : index` per value for a whole function, at the top
/// of its entry block. The function's own index constants there are reused
/// (moved up to the top, which only widens where they dominate), so a rewrite
/// adds no duplicates and needs no canonicalize to merge them again.
class IndexConstants {
public:
  explicit IndexConstants(MlirOperation func) : func(unwrap(func)) {}

  /// The first op of the entry block after its (hoisted) index constants:
  /// where code that uses pooled constants can start.
  mlir::Operation *afterConstants() {
    if (!entry)
      seed();
    return last ? last->getNextNode() : &entry->front();
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
    auto c = mlir::arith::ConstantIndexOp::create(b, func->getLoc(), value);
    last = c;
    values[value] = c.getResult();
    return c.getResult();
  }

  /// Erase the entry block's index constants that nothing uses any more
  /// (e.g. the offsets of a rewritten partition). Returns how many.
  int eraseUnused() {
    if (!entry)
      return 0;
    int erased = 0;
    for (mlir::Operation &op : llvm::make_early_inc_range(*entry)) {
      if (isIndexConstant(&op) && op.use_empty()) {
        if (&op == last)
          last = op.getPrevNode();
        op.erase();
        ++erased;
      }
    }
    values.clear();
    entry = nullptr;
    last = nullptr;
    return erased;
  }

private:
  static bool isIndexConstant(mlir::Operation *op) {
    auto c = llvm::dyn_cast<mlir::arith::ConstantOp>(op);
    return c && c.getType().isIndex() && llvm::isa<mlir::IntegerAttr>(c.getValue());
  }

  void seed() {
    if (func->getNumRegions() != 1 || func->getRegion(0).empty())
      throw nb::value_error("IndexConstants: the function has no body");
    entry = &func->getRegion(0).front();
    llvm::SmallVector<mlir::Operation *> firsts;
    for (mlir::Operation &op : *entry) {
      if (!isIndexConstant(&op))
        continue;
      int64_t v = llvm::cast<mlir::IntegerAttr>(llvm::cast<mlir::arith::ConstantOp>(op).getValue())
                      .getInt();
      if (values.try_emplace(v, op.getResult(0)).second)
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
  mlir::Operation *last = nullptr;
  // Not a DenseMap: it reserves two int64 keys (INT64_MAX, INT64_MIN) as its
  // empty and tombstone markers, and every int64 is a legal index constant.
  std::unordered_map<int64_t, mlir::Value> values;
};

/// Index operands given from Python as a list whose items are an SSA value,
/// an int (a pooled constant), or a tuple (value, d) meaning value floordiv d.
llvm::SmallVector<mlir::Value> indexOperands(nb::handle items, IndexConstants &pool,
                                             mlir::OpBuilder &b, mlir::Location loc) {
  llvm::SmallVector<mlir::Value> out;
  for (nb::handle item : items) {
    if (nb::isinstance<nb::int_>(item)) {
      out.push_back(pool.get(nb::cast<int64_t>(item)));
    } else if (nb::isinstance<nb::tuple>(item)) {
      auto pair = nb::cast<nb::tuple>(item);
      mlir::Value v = unwrap(nb::cast<MlirValue>(pair[0]));
      mlir::Value d = pool.get(nb::cast<int64_t>(pair[1]));
      out.push_back(mlir::arith::FloorDivSIOp::create(b, loc, v, d).getResult());
    } else {
      out.push_back(unwrap(nb::cast<MlirValue>(item)));
    }
  }
  return out;
}

/// The element type of a pto view / pl tensor type (they are not ShapedTypes).
mlir::Type elementType(mlir::Type t) { return unwrap(ptonzShapedGetElementType(wrap(t))); }

mlir::Type partitionType(llvm::ArrayRef<int64_t> sizes, mlir::Type elem) {
  return unwrap(ptonzPartitionTensorViewTypeGet(wrap(elem.getContext()), sizes.size(),
                                                sizes.data(), wrap(elem)));
}

/// !pto.tensor_view<shape x elem>; a Python ValueError if the shape is invalid.
mlir::Type viewType(llvm::ArrayRef<int64_t> shape, mlir::Type elem, const char *who) {
  MlirType t =
      ptonzTensorViewTypeGet(wrap(elem.getContext()), shape.size(), shape.data(), wrap(elem));
  if (mlirTypeIsNull(t))
    throw nb::value_error((std::string(who) + ": invalid view shape").c_str());
  return unwrap(t);
}

/// The pooled constants of static sizes.
llvm::SmallVector<mlir::Value> sizeOperands(llvm::ArrayRef<int64_t> sizes, IndexConstants &pool) {
  llvm::SmallVector<mlir::Value> out;
  for (int64_t s : sizes)
    out.push_back(pool.get(s));
  return out;
}

/// pto.partition_view of `source` at `offsets` with static `sizes`.
ptonz::pto::PartitionViewOp createPartition(mlir::OpBuilder &b, mlir::Location loc,
                                            mlir::Value source, mlir::ValueRange offsets,
                                            llvm::ArrayRef<int64_t> sizes, IndexConstants &pool) {
  return ptonz::pto::PartitionViewOp::create(b, loc,
                                             partitionType(sizes, elementType(source.getType())),
                                             source, offsets, sizeOperands(sizes, pool));
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

std::vector<std::optional<int64_t>> ptonz::viewExtents(ptonz::pto::MakeTensorViewOp op) {
  std::vector<std::optional<int64_t>> out;
  auto typeShape = op.getResult().getType().getShape();
  auto shape = op.getShape();
  for (size_t k = 0; k < typeShape.size(); ++k) {
    std::optional<int64_t> c = k < shape.size() ? constantOf(shape[k]) : std::nullopt;
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

/// Bit width of an integer/float element type (index: 64), else 0.
int64_t elementBits(mlir::Type t) {
  if (t.isIndex())
    return 64;
  if (t.isIntOrFloat())
    return t.getIntOrFloatBitWidth();
  return 0;
}

using ViewInfo = std::tuple<std::string, int64_t, std::vector<int64_t>,
                            std::vector<std::optional<int64_t>>,
                            std::vector<std::optional<int64_t>>>;

/// view_info's tuple: (layout, element bits, type shape, shape constants,
/// stride constants).
ViewInfo viewInfo(ptonz::pto::MakeTensorViewOp op) {
  auto type = op.getResult().getType();
  return std::make_tuple(layoutOf(op), elementBits(type.getElementType()),
                         std::vector<int64_t>(type.getShape()), constantsOf(op.getShape()),
                         constantsOf(op.getStrides()));
}


using TileInfo =
    std::tuple<std::string, int64_t, int64_t, int64_t, int64_t, std::string, std::string, int64_t>;

/// A tile's (loc, rows, cols, valid rows, valid cols, blayout, slayout,
/// fractal). A valid extent that the type leaves dynamic (`v_row=?`, as pypto
/// writes every tile) but that its `pto.alloc_tile` gives as a constant
/// operand is that constant: the one place where a tile's valid part is read,
/// so NZ loads, ragged tails and the GM-gap guard all see the same extents.
std::optional<TileInfo> tileInfo(mlir::Value tile) {
  MlirType t = wrap(tile.getType());
  if (!ptonzTypeIsATileBuf(t))
    return std::nullopt;
  int64_t validRow = ptonzTileBufTypeGetValidRow(t), validCol = ptonzTileBufTypeGetValidCol(t);
  if (auto alloc = tile.getDefiningOp<ptonz::pto::AllocTileOp>()) {
    if (validRow == mlir::ShapedType::kDynamic && alloc.getValidRow())
      if (auto c = ptonz::constantOf(alloc.getValidRow()))
        validRow = *c;
    if (validCol == mlir::ShapedType::kDynamic && alloc.getValidCol())
      if (auto c = ptonz::constantOf(alloc.getValidCol()))
        validCol = *c;
  }
  return TileInfo(str(ptonzTileBufTypeGetLoc(t)), ptonzTileBufTypeGetRows(t),
                  ptonzTileBufTypeGetCols(t), validRow, validCol,
                  str(ptonzTileBufTypeGetBLayout(t)), str(ptonzTileBufTypeGetSLayout(t)),
                  ptonzTileBufTypeGetFractal(t));
}

} // namespace

namespace {
/// New shape operands and the result type of a view.
void setViewShape(mlir::Operation *view, const std::vector<int64_t> &typeShape,
                  nb::handle shape, IndexConstants &pool) {
  auto op = llvm::cast<ptonz::pto::MakeTensorViewOp>(view);
  mlir::OpBuilder b(op);
  auto values = indexOperands(shape, pool, b, op.getLoc());
  mlir::Type t = viewType(typeShape, op.getResult().getType().getElementType(), "set_blocked_view");
  op.getShapeMutable().assign(values);
  op.getResult().setType(llvm::cast<ptonz::pto::TensorViewType>(t));
}

/// New offsets, sizes and result type of a partition.
void setPartition(mlir::Operation *partition, nb::handle offsets, nb::handle sizes,
                  IndexConstants &pool) {
  auto op = llvm::cast<ptonz::pto::PartitionViewOp>(partition);
  mlir::OpBuilder b(op);
  auto offsetsV = indexOperands(offsets, pool, b, op.getLoc());
  // A size given as an int is static in the result type, any other is `?`.
  llvm::SmallVector<int64_t> typeSizes;
  for (nb::handle item : sizes)
    typeSizes.push_back(nb::isinstance<nb::int_>(item) ? nb::cast<int64_t>(item)
                                                       : mlir::ShapedType::kDynamic);
  auto sizesV = indexOperands(sizes, pool, b, op.getLoc());
  mlir::Type t = partitionType(typeSizes, elementType(op.getResult().getType()));
  op.getOffsetsMutable().assign(offsetsV);
  op.getSizesMutable().assign(sizesV);
  op.getResult().setType(llvm::cast<ptonz::pto::PartitionTensorViewType>(t));
}
} // namespace

void ptonz::populateBuilders(nb::module_ &m) {
  // Objects still referenced from module globals at interpreter exit are not
  // leaks worth a warning (nanobind prints one per instance, type, function).
  nb::set_leak_warnings(false);
  nb::class_<IndexConstants>(m, "IndexConstants",
                             "The index constants of one function (see passes._util).")
      .def(nb::init<MlirOperation>(), nb::arg("func"))
      .def(
          "get", [](IndexConstants &p, int64_t v) { return wrap(p.get(v)); }, nb::arg("value"),
          "The function's `arith.constant value : index`, made once at the top of its entry "
          "block.")
      .def(
          "after_constants", [](IndexConstants &p) { return wrap(p.afterConstants()); },
          "The entry block's first op after the pooled constants (an insertion point).")
      .def("erase_unused", &IndexConstants::eraseUnused,
           "Erase the entry block's unused index constants; returns how many.");

  m.def(
      "build_make_tensor_view",
      [](MlirOperation before, const std::vector<int64_t> &resultShape, MlirValue ptr,
         nb::handle shape, nb::handle strides, IndexConstants &pool,
         std::optional<MlirAttribute> layout, std::optional<MlirLocation> loc) {
        mlir::Operation *at = unwrap(before);
        mlir::Location l = loc ? unwrap(*loc) : at->getLoc();
        mlir::OpBuilder b(at);
        // The view's element type is the pointer's (!pto.ptr<T>).
        mlir::Type resultType =
            viewType(resultShape, unwrap(ptonzPtrTypeGetElementType(wrap(unwrap(ptr).getType()))),
                     "build_make_tensor_view");
        auto shapeV = indexOperands(shape, pool, b, l);
        auto stridesV = indexOperands(strides, pool, b, l);
        auto layoutA = layout ? llvm::cast<ptonz::pto::LayoutAttr>(unwrap(*layout))
                              : ptonz::pto::LayoutAttr();
        auto view = ptonz::pto::MakeTensorViewOp::create(b, l, resultType, unwrap(ptr),
                                                         shapeV, stridesV, layoutA);
        return wrap(view.getOperation());
      },
      nb::arg("before"), nb::arg("result_shape"), nb::arg("ptr"), nb::arg("shape"),
      nb::arg("strides"), nb::arg("pool"), nb::arg("layout").none() = nb::none(),
      nb::arg("loc").none() = nb::none(),
      "pto.make_tensor_view of `ptr` (a !pto.ptr<T>; the result is a !pto.tensor_view of "
      "`result_shape` and T) before `before` (at `loc`, default its location); shape and "
      "strides items are a value, an int or (value, divisor).");

  //===--- in-place updates -----------------------------------------------===//
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
          op.getStridesMutable().assign(indexOperands(pair[1], pool, b, op.getLoc()));
        }
      },
      nb::arg("views"), nb::arg("pool"),
      "Set the strides of each (pto.make_tensor_view, strides) of `views` (items: value, "
      "int or (value, divisor)), in one call.");

  m.def(
      "set_blocked_view",
      [](MlirOperation view, const std::vector<int64_t> &typeShape, nb::handle shape,
         nb::handle partitions, IndexConstants &pool) {
        setViewShape(unwrap(view), typeShape, shape, pool);
        for (nb::handle item : partitions) {
          auto p = nb::cast<nb::tuple>(item);
          setPartition(unwrap(nb::cast<MlirOperation>(p[0])), p[1], p[2], pool);
        }
      },
      nb::arg("view"), nb::arg("type_shape"), nb::arg("shape"), nb::arg("partitions"),
      nb::arg("pool"),
      "Give pto.make_tensor_view `view` new shape operands (items: value, int or (value, "
      "divisor)) and the result type !pto.tensor_view<type_shape x T>, and each (partition, "
      "offsets, sizes) of `partitions` new offsets and sizes (an int size is static in the "
      "type, any other `?`) and the matching !pto.partition_tensor_view type, in one call "
      "(pto-block-nz-views' rewrite).");

  m.def(
      "lower_tile_load",
      [](MlirOperation load, MlirValue view, MlirType tileType, IndexConstants &pool) {
        auto op = llvm::cast<ptonz::pl::TileLoadOp>(unwrap(load));
        mlir::OpBuilder b(op);
        // The partition is the tile's valid part (PTOAS: partition element count
        // == tile valid element count): valid_shape replaces the trailing sizes.
        llvm::SmallVector<int64_t> typeSizes(op.getSizes());
        llvm::SmallVector<mlir::Value> sizeValues = sizeOperands(op.getSizes(), pool);
        auto validShape = op.getValidShape();
        for (size_t i = 0; i < validShape.size(); ++i) {
          size_t d = typeSizes.size() - validShape.size() + i;
          mlir::Value v = validShape[i];
          auto c = constantOf(v);
          typeSizes[d] = c ? *c : mlir::ShapedType::kDynamic;
          sizeValues[d] = c ? pool.get(*c) : v;
        }
        auto pv = ptonz::pto::PartitionViewOp::create(
            b, op.getLoc(), partitionType(typeSizes, elementType(unwrap(view).getType())),
            unwrap(view), op.getOffsets(), sizeValues);
        // A dynamic valid dim of the tile type takes its value from valid_shape
        // (a rank-1 tile is one row: its valid_shape is the valid column count).
        mlir::Value validRow, validCol;
        auto valid = op.getValidShape();
        if (!valid.empty()) {
          MlirType tt = tileType;
          if (ptonzTileBufTypeGetValidRow(tt) == mlir::ShapedType::kDynamic)
            validRow = valid.size() == 2 ? valid[0] : mlir::Value();
          if (ptonzTileBufTypeGetValidCol(tt) == mlir::ShapedType::kDynamic)
            validCol = valid.back();
        }
        auto buf = ptonz::pto::AllocTileOp::create(b, op.getLoc(), unwrap(tileType), nullptr,
                                                   validRow, validCol);
        ptonz::pto::TLoadOp::create(b, op.getLoc(), pv.getResult(), buf.getResult());
        return wrap(buf.getResult());
      },
      nb::arg("load"), nb::arg("view"), nb::arg("tile_type"), nb::arg("pool"),
      "Before a pl.tile.load: pto.partition_view of `view` at its offsets and sizes, "
      "pto.alloc_tile of `tile_type`, pto.tload; returns the tile.");

  m.def(
      "build_partition_view",
      [](MlirOperation before, MlirValue source, nb::handle offsets,
         const std::vector<int64_t> &sizes, IndexConstants &pool) {
        mlir::Operation *at = unwrap(before);
        mlir::OpBuilder b(at);
        auto offsetsV = indexOperands(offsets, pool, b, at->getLoc());
        auto pv = createPartition(b, at->getLoc(), unwrap(source), offsetsV, sizes, pool);
        return wrap(pv.getOperation());
      },
      nb::arg("before"), nb::arg("source"), nb::arg("offsets"), nb::arg("sizes"), nb::arg("pool"),
      "pto.partition_view of `source` (offsets: value, int or (value, divisor); static sizes), "
      "before `before` and at its location.");

  m.def(
      "build_tile_store",
      [](MlirOperation before, MlirValue tile, MlirValue partition) {
        mlir::Operation *at = unwrap(before);
        mlir::OpBuilder b(at);
        ptonz::pto::TStoreOp::create(b, at->getLoc(), unwrap(tile), unwrap(partition));
      },
      nb::arg("before"), nb::arg("tile"), nb::arg("partition"),
      "pto.tstore of `tile` into `partition`, before `before`.");

  //===--- driver and queries --------------------------------------------===//

  m.def(
      "apply_patterns_to",
      [](const std::vector<MlirOperation> &ops, MlirFrozenRewritePatternSet patterns) {
        // walk_and_apply_patterns without the walk: the passes validate first
        // and know exactly which ops their patterns rewrite, so the patterns
        // are not called back for every other op of the module.
        llvm::SmallVector<mlir::Operation *> list;
        for (MlirOperation op : ops)
          list.push_back(unwrap(op));
        return ptonz::applyPatternsTo(list, *unwrap(patterns));
      },
      nb::arg("ops"), nb::arg("patterns"),
      "Apply `patterns` once to each op of `ops`, in order (each op must still exist when "
      "its turn comes); returns how many were rewritten.");

  m.def(
      "view_info",
      [](MlirOperation view) {
        return viewInfo(llvm::cast<ptonz::pto::MakeTensorViewOp>(unwrap(view)));
      },
      nb::arg("view"),
      "(layout ('' if none), element bit width, shape of the view type, shape operand "
      "constants, stride operand constants) of a pto.make_tensor_view in one call; None "
      "where an operand is not a constant.");

  m.def(
      "tensor_views",
      [](MlirOperation root, std::optional<std::vector<std::string>> layouts) {
        // collect_ops + view_info in one walk, keeping only the layouts asked
        // for: a pass that rewrites NZ views need not wrap the ND ones.
        std::vector<std::pair<MlirOperation, ViewInfo>> out;
        unwrap(root)->walk([&](ptonz::pto::MakeTensorViewOp op) {
          if (layouts && !llvm::is_contained(*layouts, layoutOf(op)))
            return;
          out.emplace_back(wrap(op.getOperation()), viewInfo(op));
        });
        return out;
      },
      nb::arg("root"), nb::arg("layouts").none() = nb::none(),
      "[(view, view_info(view))] of the pto.make_tensor_view ops under `root` (post-order) "
      "whose layout ('' if none) is in `layouts` (None: all).");

  m.def(
      "view_uses",
      [](MlirOperation view) {
        // Everything pto-block-nz-views validates about how a view is read,
        // in one call: its users, and for each pto.partition_view user its
        // offsets (constant int, else the value), constant sizes and users
        // (with the destination tile of each pto.tload).
        using UserInfo = std::tuple<MlirOperation, std::string, std::optional<TileInfo>>;
        using Use = std::tuple<MlirOperation, std::string, std::optional<std::vector<nb::object>>,
                               std::optional<std::vector<std::optional<int64_t>>>,
                               std::optional<std::vector<UserInfo>>>;
        std::vector<Use> out;
        for (mlir::Operation *user : unwrap(view)->getResult(0).getUsers()) {
          auto pv = llvm::dyn_cast<ptonz::pto::PartitionViewOp>(user);
          if (!pv) {
            out.emplace_back(wrap(user), user->getName().getStringRef().str(), std::nullopt,
                             std::nullopt, std::nullopt);
            continue;
          }
          std::vector<nb::object> offsets;
          for (mlir::Value o : pv.getOffsets()) {
            if (auto c = constantOf(o))
              offsets.push_back(nb::int_(*c));
            else
              offsets.push_back(nb::cast(wrap(o)));
          }
          std::vector<UserInfo> users;
          for (mlir::Operation *u : pv.getResult().getUsers()) {
            std::optional<TileInfo> tile;
            if (auto load = llvm::dyn_cast<ptonz::pto::TLoadOp>(u))
              tile = tileInfo(load.getDst());
            users.emplace_back(wrap(u), u->getName().getStringRef().str(), tile);
          }
          out.emplace_back(wrap(user), user->getName().getStringRef().str(), offsets,
                           constantsOf(pv.getSizes()), users);
        }
        return out;
      },
      nb::arg("view"),
      "[(user, name, offsets, sizes, users)] of a pto.make_tensor_view's users: for a "
      "pto.partition_view, offsets are ints (constants) or values, sizes constants (or None) "
      "and users [(op, name, destination tile_info of a pto.tload, else None)]; other users "
      "get None for all three.");

  m.def(
      "partition_constants",
      [](MlirOperation view) {
        // view_uses without the values and the users: what checks of
        // constant offsets and sizes need (pto-verify-ptoas).
        std::vector<std::tuple<MlirOperation, std::vector<std::optional<int64_t>>,
                               std::vector<std::optional<int64_t>>>>
            out;
        for (mlir::Operation *user : unwrap(view)->getResult(0).getUsers())
          if (auto pv = llvm::dyn_cast<ptonz::pto::PartitionViewOp>(user))
            out.emplace_back(wrap(user), constantsOf(pv.getOffsets()), constantsOf(pv.getSizes()));
        return out;
      },
      nb::arg("view"),
      "[(partition, offset constants, size constants)] of the pto.partition_view users of a "
      "pto.make_tensor_view (None where an operand is not a constant).");

  m.def(
      "value_source",
      [](MlirValue value, bool foldConstants) {
        // What defines `value`, in one call (the offset prover's walk step).
        mlir::Value v = unwrap(value);
        std::vector<nb::object> operands;
        auto operand = [&](mlir::Value o) {
          std::optional<int64_t> c = foldConstants ? constantOf(o) : std::nullopt;
          return c ? nb::object(nb::int_(*c)) : nb::cast(wrap(o));
        };
        mlir::Operation *op = v.getDefiningOp();
        mlir::Operation *parent =
            op ? nullptr : llvm::cast<mlir::BlockArgument>(v).getOwner()->getParentOp();
        for (mlir::Value o : (op ? op : parent) ? (op ? op : parent)->getOperands()
                                                : mlir::OperandRange(nullptr, 0))
          operands.push_back(operand(o));
        if (op)
          return std::make_tuple(op->getName().getStringRef().str(),
                                 (int64_t)llvm::cast<mlir::OpResult>(v).getResultNumber(),
                                 operands, constantOf(v));
        return std::make_tuple(
            "^" + (parent ? parent->getName().getStringRef().str() : std::string()),
            (int64_t)llvm::cast<mlir::BlockArgument>(v).getArgNumber(), operands,
            std::optional<int64_t>());
      },
      nb::arg("value"), nb::arg("fold_constants") = false,
      "(name, number, operands, constant) of what defines `value` (with `fold_constants`, "
      "constant operands come as ints): for an op result, the op's name, the result number, "
      "the op's operands and the constant value (or None); for a block argument, '^' + the "
      "name of the op owning the block ('^' alone at top level), the argument number, that "
      "op's operands and None.");

  m.def(
      "value_owner",
      [](MlirValue value) -> std::optional<MlirOperation> {
        mlir::Value v = unwrap(value);
        if (mlir::Operation *op = v.getDefiningOp())
          return wrap(op);
        if (mlir::Operation *parent = llvm::cast<mlir::BlockArgument>(v).getOwner()->getParentOp())
          return wrap(parent);
        return std::nullopt;
      },
      nb::arg("value"),
      "The op defining `value`, or for a block argument the op owning its block (None at top "
      "level).");

  m.def(
      "pl_tensor_args",
      [](MlirOperation func) {
        std::vector<std::tuple<int64_t, MlirValue, std::vector<int64_t>, std::string, MlirType>>
            out;
        mlir::Operation *f = unwrap(func);
        if (f->getNumRegions() != 1 || f->getRegion(0).empty())
          return out;
        for (mlir::BlockArgument arg : f->getRegion(0).front().getArguments()) {
          MlirType t = wrap(arg.getType());
          if (!ptonzTypeIsAPLTensor(t))
            continue;
          std::vector<int64_t> shape;
          for (intptr_t i = 0, e = ptonzShapedGetRank(t); i < e; ++i)
            shape.push_back(ptonzShapedGetDim(t, i));
          out.emplace_back(arg.getArgNumber(), wrap(mlir::Value(arg)), shape,
                           str(ptonzPLTensorTypeGetLayout(t)), ptonzShapedGetElementType(t));
        }
        return out;
      },
      nb::arg("func"),
      "(index, argument, shape, layout, element type) of each !pl.tensor argument of a "
      "function's entry block.");

  m.def(
      "set_argument_types",
      [](MlirOperation func, const std::vector<std::pair<int64_t, MlirType>> &types) {
        mlir::Operation *f = unwrap(func);
        auto ftype = llvm::cast<mlir::FunctionType>(
            llvm::cast<mlir::TypeAttr>(f->getAttr("function_type")).getValue());
        auto inputs = llvm::to_vector(ftype.getInputs());
        mlir::Block &entry = f->getRegion(0).front();
        for (const auto &[index, type] : types) {
          inputs[index] = unwrap(type);
          entry.getArgument(index).setType(unwrap(type));
        }
        f->setAttr("function_type", mlir::TypeAttr::get(mlir::FunctionType::get(
                                        f->getContext(), inputs, ftype.getResults())));
      },
      nb::arg("func"), nb::arg("types"),
      "Give entry-block arguments new types [(index, type)], in the block and in the "
      "function's `function_type`.");

  m.def(
      "pl_load_info",
      [](MlirOperation load) {
        auto op = llvm::cast<ptonz::pl::TileLoadOp>(unwrap(load));
        MlirType tensor = wrap(op.getTensor().getType());
        MlirType tile = wrap(op.getResult().getType());
        return std::make_tuple(str(ptonzPLTensorTypeGetLayout(tensor)),
                               str(ptonzPLTileTypeGetMemory(tile)),
                               llvm::isa<mlir::BlockArgument>(op.getTensor()));
      },
      nb::arg("load"),
      "(tensor layout, tile memory, whether the tensor is a block argument) of a pl.tile.load.");

  m.def(
      "pl_load_valid_shape",
      [](MlirOperation load) {
        auto op = llvm::cast<ptonz::pl::TileLoadOp>(unwrap(load));
        return constantsOf(op.getValidShape());
      },
      nb::arg("load"),
      "The valid_shape of a pl.tile.load: [] if it has none, else one constant (or None) "
      "per tile dimension.");

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
      "The users of `value` whose op name is not in `allowed` (usually none: one call instead "
      "of walking the uses from Python).");
}
