//===- IntRanges.cpp - `_ptonz.IntRanges`: value ranges for the passes ----===//
//
// The Python face of ptonz::ValueRanges and ptonz::boundsVerdict
// (dialect/lib/Analysis/IntRanges.cpp): one object per function, one call per value or
// per view.
//
//===----------------------------------------------------------------------===//

#include "Builders.h"
#include "ptonz/Alignment.h"
#include "ptonz/IntRanges.h"
#include "ptonz/PTO.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "mlir/CAPI/IR.h"
#include "llvm/ADT/SmallString.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/vector.h>

#include <limits>
#include <memory>

namespace nb = nanobind;
using namespace mlir::python::nanobind_adaptors;

namespace {
nb::object toPy(const llvm::APInt &v, bool isSigned) {
  if (v.getBitWidth() <= 64)
    return isSigned ? nb::object(nb::int_(v.getSExtValue()))
                    : nb::object(nb::int_(v.getZExtValue()));
  llvm::SmallString<48> text; // wider than 64 bits: through the decimal text
  v.toString(text, 10, isSigned);
  return nb::module_::import_("builtins").attr("int")(nb::str(text.c_str()));
}
} // namespace

/// The Python object: the ranges of a function's values in any launch and,
/// made on first use, in the launch of one block.
struct FunctionIntRanges {
  FunctionIntRanges(mlir::Operation *root, bool dataflow)
      : root(root), any(root, dataflow) {}

  ptonz::ValueRanges &ranges(bool singleLaunch) {
    if (!singleLaunch)
      return any;
    if (!single)
      single = std::make_unique<ptonz::ValueRanges>(root, false, true);
    return *single;
  }

  ptonz::Alignment &alignment() {
    if (!align)
      align = std::make_unique<ptonz::Alignment>(any);
    return *align;
  }

  mlir::Operation *root;
  ptonz::ValueRanges any;
  std::unique_ptr<ptonz::ValueRanges> single;
  std::unique_ptr<ptonz::Alignment> align;
};

/// An alignment for Python: log2 as an int, inf for 0 (provable.py's form).
static nb::object alignmentToPy(unsigned a) {
  if (a == ptonz::Alignment::kZero)
    return nb::float_(std::numeric_limits<double>::infinity());
  return nb::int_(a);
}

using DimVerdicts = std::vector<std::pair<int64_t, int>>;

/// The static size of a partition dimension: its size operand when that is
/// a constant, else the result type's extent (what a tload of it moves),
/// else nullopt.
std::optional<int64_t> partitionSize(ptonz::pto::PartitionViewOp pv, size_t k) {
  if (std::optional<int64_t> size = ptonz::constantOf(pv.getSizes()[k]))
    return size;
  auto shape = pv.getResult().getType().getShape();
  if (k < shape.size() && !mlir::ShapedType::isDynamic(shape[k]))
    return shape[k];
  return std::nullopt;
}

/// The verdict code of a dimension whose size is not static (a dynamic valid
/// size): its range is the caller's to check.
constexpr int kDynamicSize = 3;

/// The dimensions of each pto.partition_view of `view` that are not inside
/// `extents` (all but Outside ones dropped unless `undecided`), and, with
/// `dynamicSizes`, those whose size is not static (kDynamicSize).
void partitionVerdicts(FunctionIntRanges &r, mlir::Operation *view,
                       const std::vector<std::optional<int64_t>> &extents, bool undecided,
                       std::vector<std::pair<MlirOperation, DimVerdicts>> &out,
                       bool dynamicSizes = false) {
  for (mlir::Operation *user : view->getResult(0).getUsers()) {
    auto pv = llvm::dyn_cast<ptonz::pto::PartitionViewOp>(user);
    if (!pv || pv.getOffsets().size() != extents.size() ||
        pv.getSizes().size() != extents.size())
      continue; // other users, other ranks: the op verifiers' business
    DimVerdicts dims;
    for (size_t k = 0; k < extents.size(); ++k) {
      std::optional<int64_t> size = partitionSize(pv, k);
      if (!size) { // a dynamic size: nothing static to check it against
        if (dynamicSizes)
          dims.emplace_back(k, kDynamicSize);
        continue;
      }
      auto v = ptonz::boundsVerdict(r.ranges(false), r.ranges(true), pv.getOffsets()[k], *size,
                                    extents[k]);
      if (v == ptonz::BoundsVerdict::Outside ||
          (undecided && v == ptonz::BoundsVerdict::Undecided))
        dims.emplace_back(k, (int)v);
    }
    if (!dims.empty())
      out.emplace_back(wrap(user), std::move(dims));
  }
}

void ptonz::populateIntRanges(nb::module_ &m) {
  m.attr("MAX_BLOCK_NUM") = ptonz::kMaxBlockNum;
  m.attr("INSIDE") = (int)ptonz::BoundsVerdict::Inside;
  m.attr("OUTSIDE") = (int)ptonz::BoundsVerdict::Outside;
  m.attr("UNDECIDED") = (int)ptonz::BoundsVerdict::Undecided;
  m.attr("DYNAMIC_SIZE") = kDynamicSize;
  nb::class_<FunctionIntRanges>(m, "IntRanges",
                                "Integer ranges of a function's values (MLIR's range "
                                "inference); valid until its IR changes.")
      .def("__init__",
           [](FunctionIntRanges *self, MlirOperation op, bool dataflow) {
             new (self) FunctionIntRanges(unwrap(op), dataflow);
           },
           nb::arg("op"), nb::arg("dataflow") = false,
           "Ranges of the values under `op` (a function): demand-driven and memoised, or "
           "with `dataflow` from MLIR's DataFlowSolver run once over every op.")
      .def(
          "get",
          [](FunctionIntRanges &r, MlirValue value, bool singleLaunch)
              -> std::optional<std::tuple<unsigned, nb::object, nb::object, nb::object,
                                          nb::object>> {
            auto range = r.ranges(singleLaunch).get(unwrap(value));
            if (!range)
              return std::nullopt;
            return std::make_tuple(range->smin().getBitWidth(), toPy(range->smin(), true),
                                   toPy(range->smax(), true), toPy(range->umin(), false),
                                   toPy(range->umax(), false));
          },
          nb::arg("value"), nb::arg("single_launch") = false,
          "(bits, smin, smax, umin, umax) of an integer or index value at its own bit "
          "width (index: 64), or None when nothing is known of it; with `single_launch`, "
          "in the launch of one block (block idx 0, block num 1) instead of any launch of "
          "up to MAX_BLOCK_NUM blocks.")
      .def(
          "signed",
          [](FunctionIntRanges &r, MlirValue value) -> std::optional<nb::tuple> {
            // The passes' hot query: the signed bounds only.
            int64_t lo, hi;
            if (r.ranges(false).signedBounds(unwrap(value), lo, hi))
              return nb::make_tuple(lo, hi);
            auto range = r.ranges(false).get(unwrap(value)); // wider than 64 bits
            if (!range)
              return std::nullopt;
            return nb::make_tuple(toPy(range->smin(), true), toPy(range->smax(), true));
          },
          nb::arg("value"), "(smin, smax) of `value` in any launch, or None.")
      .def(
          "alignment",
          [](FunctionIntRanges &r, MlirValue value) {
            return alignmentToPy(r.alignment().log2Multiple(unwrap(value)));
          },
          nb::arg("value"),
          "log2 of the largest power of two the integer or index `value` is proven a "
          "multiple of (0: nothing more than an integer; inf: the value is 0), by "
          "analyses/provable.py's rules; memoised.")
      .def(
          "verdict",
          [](FunctionIntRanges &r, MlirValue offset, int64_t size, std::optional<int64_t> extent) {
            return (int)ptonz::boundsVerdict(r.ranges(false), r.ranges(true), unwrap(offset),
                                             size, extent);
          },
          nb::arg("offset"), nb::arg("size"), nb::arg("extent").none(),
          "INSIDE / OUTSIDE / UNDECIDED: does offset + [0, size) stay inside [0, extent) "
          "(extent None: not a constant)? The rules: analyses/bounds.py.")
      .def(
          "partition_verdicts",
          [](FunctionIntRanges &r, MlirOperation view,
             const std::vector<std::optional<int64_t>> &extents, bool undecided) {
            std::vector<std::pair<MlirOperation, DimVerdicts>> out;
            partitionVerdicts(r, unwrap(view), extents, undecided, out);
            return out;
          },
          nb::arg("view"), nb::arg("extents"), nb::arg("undecided") = false,
          "[(partition, [(dim, OUTSIDE | UNDECIDED)])] of the pto.partition_view users of "
          "pto.make_tensor_view `view` whose dimension leaves (or, with `undecided`, may "
          "leave) the view's `extents` (None: not a constant); a dimension's size is "
          "`partition_size`; dimensions without a static size are not checked.")
      .def(
          "view_partition_verdicts",
          [](FunctionIntRanges &r, MlirOperation root, bool nz, bool undecided,
             bool dynamicSizes) {
            // partition_verdicts for every view under `root` of a layout, in
            // one call (one pass over the module instead of one per view).
            std::vector<std::tuple<MlirOperation, std::vector<std::optional<int64_t>>,
                                   std::vector<std::pair<MlirOperation, DimVerdicts>>>>
                out;
            unwrap(root)->walk([&](ptonz::pto::MakeTensorViewOp view) {
              if ((ptonz::layoutOf(view) == "nz") != nz)
                return;
              auto extents = ptonz::viewExtents(view);
              // A dimension that is not a constant operand but has one value
              // (`index_cast(index_cast(16 : i8))`) is that value.
              auto shape = view.getShape();
              for (size_t k = 0; k < extents.size() && k < shape.size(); ++k) {
                int64_t lo, hi;
                if (!extents[k] && r.ranges(false).signedBounds(shape[k], lo, hi) && lo == hi)
                  extents[k] = lo;
              }
              std::vector<std::pair<MlirOperation, DimVerdicts>> parts;
              partitionVerdicts(r, view, extents, undecided, parts, dynamicSizes);
              if (!parts.empty())
                out.emplace_back(wrap(view.getOperation()), std::move(extents), std::move(parts));
            });
            return out;
          },
          nb::arg("root"), nb::arg("nz"), nb::arg("undecided") = false,
          nb::arg("dynamic_sizes") = false,
          "[(view, extents, partition_verdicts)] of every pto.make_tensor_view under `root` "
          "whose layout is nz (`nz`) or not, that has a partition to report; with "
          "`dynamic_sizes`, a dimension whose size is not static is reported as "
          "DYNAMIC_SIZE (its range is the caller's to check).")
      .def_static(
          "partition_size",
          [](MlirOperation op, size_t dim) -> std::optional<int64_t> {
            auto pv = llvm::dyn_cast<ptonz::pto::PartitionViewOp>(unwrap(op));
            if (!pv || dim >= pv.getSizes().size())
              return std::nullopt;
            return partitionSize(pv, dim);
          },
          nb::arg("partition"), nb::arg("dim"),
          "The static size of dimension `dim` of a pto.partition_view: its size operand "
          "when constant, else its result type's extent, else None.")
      .def_static(
          "assumptions",
          [](MlirValue value) {
            std::vector<MlirValue> out;
            for (mlir::Value v : ptonz::ValueRanges::assumptions(unwrap(value)))
              out.push_back(wrap(v));
            return out;
          },
          nb::arg("value"),
          "The values in `value`'s backward slice whose range the program does not determine "
          "(launch queries, function arguments, results of ops without range inference).");
}
