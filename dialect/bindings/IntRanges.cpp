//===- IntRanges.cpp - `_ptonz.IntRanges`: value ranges for the passes ----===//
//
// The Python face of ptonz::ValueRanges, ptonz::Alignment (the offset proofs)
// and the bounds decisions (ptonz::decideBounds / decideSize)
// (dialect/lib/Analysis/IntRanges.cpp): one object per function, one call per
// value or per view.
//
//===----------------------------------------------------------------------===//

#include "Builders.h"
#include "Records.h"
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
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <limits>
#include <memory>

namespace nb = nanobind;
using namespace mlir::python::nanobind_adaptors;
using ptonz::alignmentToPy;

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
nb::object ptonz::alignmentToPy(unsigned a) {
  if (a == ptonz::Alignment::kZero)
    return nb::float_(std::numeric_limits<double>::infinity());
  return nb::int_(a);
}

/// A partition dimension's verdict (INSIDE / OUTSIDE / UNDECIDED, or
/// DYNAMIC_SIZE).
struct DimVerdict {
  int64_t dim;
  int verdict;
};
using DimVerdicts = std::vector<DimVerdict>;

/// The dimensions of one pto.partition_view that are reported.
struct PartitionVerdicts {
  nb::object partition;
  DimVerdicts dims;
};

/// A stride operand of a view that is not a constant (the op's verifier
/// rejects a negative constant) but is proven negative.
struct NegativeStride {
  int index;
  nb::object value;
  int64_t smin, smax;
  bool inBlockZero; // negative in the launch of one block (not in all)
};

/// A view's shape operand #index, computed to one value that its type's
/// static dim contradicts.
struct TypedShapeMismatch {
  int index;
  nb::object value;
  int64_t computed, typed;
};

/// The reported partitions, negative strides and shape operands that
/// contradict the type of one pto.make_tensor_view.
struct ViewVerdicts {
  nb::object view;
  std::vector<std::optional<int64_t>> extents;
  std::vector<PartitionVerdicts> partitions;
  std::vector<NegativeStride> negativeStrides;
  std::vector<TypedShapeMismatch> shapeMismatches;
  std::vector<std::optional<int64_t>> blockZeroExtents;
};

/// The range of a value at its own width (ints of any size).
struct IntRange {
  unsigned bits;
  nb::object smin, smax, umin, umax;
};

/// A proof of `value % 2^k == 0 and value >= 0`.
struct Proof {
  bool multiple = false, nonneg = false;
  nb::object failure = nb::none(); // a ProofFailure, None when proven
};

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
/// The verdict code of a dimension whose size operand is not a constant and
/// provably differs from the result type's static extent, by the rules of
/// decideSize (PTOAS moves the type's extent; the operands say otherwise).
constexpr int kSizeMismatch = 4;
/// The verdict code of a dimension that leaves the view's largest extent in
/// the launch of one block, where the extent is not known over every launch
/// (a shape operand `block_idx xor 64` is 64 in block 0).
constexpr int kOutsideInBlockZero = 5;

/// The dimensions of pto.partition_view `pv` that are not inside `extents`
/// (all but Outside ones dropped unless `undecided`), and, with
/// `dynamicSizes`, those whose size is not static (kDynamicSize) and those
/// whose size operand cannot be the result type's extent (kSizeMismatch).
static DimVerdicts
dimVerdicts(FunctionIntRanges &r, ptonz::pto::PartitionViewOp pv,
            const std::vector<std::optional<int64_t>> &extents, bool undecided,
            bool dynamicSizes,
            const std::vector<std::optional<int64_t>> &blockZeroExtents = {}) {
  DimVerdicts dims;
  if (pv.getOffsets().size() != extents.size() ||
      pv.getSizes().size() != extents.size())
    return dims; // other ranks: the op verifiers' business
  for (size_t k = 0; k < extents.size(); ++k) {
    std::optional<int64_t> size = partitionSize(pv, k);
    if (!size) { // a dynamic size: nothing static to check it against
      if (dynamicSizes)
        dims.push_back({(int64_t)k, kDynamicSize});
      continue;
    }
    mlir::Value operand = pv.getSizes()[k];
    // Not the type's size by decideSize's rules on [size, size]: over every
    // launch, in the launch of one block, which every launch runs (a size
    // `block_idx` under a static 128 is 0 in block 0), or for some value the
    // program alone gives it (a loop's induction variable): fuzzer findings.
    if (dynamicSizes && !ptonz::constantOf(operand) &&
        ptonz::decideSize(r.ranges(false), r.ranges(true), operand, *size,
                          *size)
                .verdict == ptonz::SizeVerdict::NotPositive) {
      dims.push_back({(int64_t)k, kSizeMismatch});
      continue;
    }
    auto v = ptonz::boundsVerdict(r.ranges(false), r.ranges(true),
                                  pv.getOffsets()[k], *size, extents[k]);
    // An extent the launch decides is at most blockZeroExtents[k] in block
    // 0, which every launch runs: a partition outside that is outside.
    if (v != ptonz::BoundsVerdict::Outside && !extents[k] &&
        k < blockZeroExtents.size() && blockZeroExtents[k] &&
        ptonz::boundsVerdict(r.ranges(false), r.ranges(true),
                             pv.getOffsets()[k], *size, blockZeroExtents[k]) ==
            ptonz::BoundsVerdict::Outside) {
      dims.push_back({(int64_t)k, kOutsideInBlockZero});
      continue;
    }
    if (v == ptonz::BoundsVerdict::Outside ||
        (undecided && v == ptonz::BoundsVerdict::Undecided))
      dims.push_back({(int64_t)k, (int)v});
  }
  return dims;
}

/// dimVerdicts of each pto.partition_view of `view` that has any.
void partitionVerdicts(
    FunctionIntRanges &r, mlir::Operation *view,
    const std::vector<std::optional<int64_t>> &extents, bool undecided,
    std::vector<PartitionVerdicts> &out, bool dynamicSizes = false,
    const std::vector<std::optional<int64_t>> &blockZeroExtents = {}) {
  for (mlir::Operation *user : view->getResult(0).getUsers()) {
    auto pv = llvm::dyn_cast<ptonz::pto::PartitionViewOp>(user);
    if (!pv)
      continue; // other users: the op verifiers' business
    DimVerdicts dims =
        dimVerdicts(r, pv, extents, undecided, dynamicSizes, blockZeroExtents);
    if (!dims.empty())
      out.push_back({nb::cast(wrap(user)), std::move(dims)});
  }
}

FunctionIntRanges &ptonz::functionIntRanges(nb::handle ranges) {
  return nb::cast<FunctionIntRanges &>(ranges);
}

bool ptonz::provenNonNegative(FunctionIntRanges &r, mlir::Value value) {
  auto range = r.ranges(false).get(value);
  return range && !range->smin().isNegative();
}

unsigned ptonz::log2Multiple(FunctionIntRanges &r, mlir::Value value) {
  return r.alignment().log2Multiple(value);
}

std::vector<std::pair<int64_t, int>>
ptonz::undecidedOrOutside(FunctionIntRanges &r, mlir::Operation *partition,
                          const std::vector<std::optional<int64_t>> &extents) {
  std::vector<std::pair<int64_t, int>> out;
  for (const DimVerdict &d :
       dimVerdicts(r, llvm::cast<ptonz::pto::PartitionViewOp>(partition),
                   extents, true, false))
    out.push_back({d.dim, d.verdict});
  return out;
}

/// The rule of a bounds decision, by name (analyses/bounds.py's words).
static const char *reasonName(ptonz::BoundsReason r) {
  switch (r) {
  case ptonz::BoundsReason::inside:
    return "inside";
  case ptonz::BoundsReason::negativeConstant:
    return "negative_constant";
  case ptonz::BoundsReason::beyondExtent:
    return "beyond_extent";
  case ptonz::BoundsReason::unknownExtent:
    return "unknown_extent";
  case ptonz::BoundsReason::alwaysOutside:
    return "always_outside";
  case ptonz::BoundsReason::programLeaves:
    return "program_leaves";
  case ptonz::BoundsReason::undecided:
    return "undecided";
  }
  return "";
}

struct BoundsDecisionRecord {
  int verdict;
  std::string reason;
};
static BoundsDecisionRecord record(ptonz::BoundsDecision d) {
  return {(int)d.verdict, reasonName(d.reason)};
}

struct SizeDecisionRecord {
  int verdict;
  bool never;
};

static std::optional<MlirValue> wrapOptional(mlir::Value v) {
  if (!v)
    return std::nullopt;
  return wrap(v);
}

/// The records of the proofs and of the bounds decisions.
static void populateProofRecords(nb::module_ &m) {
  ptonz::Record<ptonz::ProvableForm>(
      m, "ProvableForm",
      "One row of the offset proofs' table "
      "(dialect/lib/Analysis/Alignment.cpp): its key, the "
      "ops it covers, the form and when it is a multiple of 2^k, and how "
      "ptonz's errors name it.")
      .field("key", &ptonz::ProvableForm::key)
      .field("ops", &ptonz::ProvableForm::ops)
      .field("form", &ptonz::ProvableForm::form)
      .field("multiple_when", &ptonz::ProvableForm::multipleWhen)
      .field("brief", &ptonz::ProvableForm::brief)
      .done();
  nb::class_<ptonz::ProofFailure>(
      m, "ProofFailure",
      "Why a proof failed: the value to blame (None: the chain is "
      "too deep to walk), the key of the form it failed at (a "
      "ProvableForm key, or unprovable / iter_arg / argument / "
      "too_deep) and the explanation.")
      .def_prop_ro(
          "culprit",
          [](const ptonz::ProofFailure &f) { return wrapOptional(f.culprit); })
      .def_ro("rule", &ptonz::ProofFailure::rule)
      .def_ro("reason", &ptonz::ProofFailure::reason)
      .def("__repr__", [](const ptonz::ProofFailure &f) {
        return "ProofFailure(rule=" + f.rule + ", reason=" + f.reason + ")";
      });
  ptonz::Record<IntRange>(
      m, "IntRange",
      "Signed and unsigned bounds of a `bits`-wide integer value.")
      .field("bits", &IntRange::bits)
      .field("smin", &IntRange::smin)
      .field("smax", &IntRange::smax)
      .field("umin", &IntRange::umin)
      .field("umax", &IntRange::umax)
      .done();
  ptonz::Record<Proof>(
      m, "Proof",
      "Whether a value is proven a multiple of 2^k and non-negative; "
      "`failure` (a ProofFailure) says why not.")
      .field("multiple", &Proof::multiple)
      .field("nonneg", &Proof::nonneg)
      .field("failure", &Proof::failure)
      .done();
  ptonz::Record<BoundsDecisionRecord>(
      m, "BoundsDecision",
      "INSIDE / OUTSIDE / UNDECIDED and the rule that decided (inside, "
      "negative_constant, "
      "beyond_extent, unknown_extent, always_outside, program_leaves, "
      "undecided).")
      .field("verdict", &BoundsDecisionRecord::verdict)
      .field("reason", &BoundsDecisionRecord::reason)
      .done();
  ptonz::Record<SizeDecisionRecord>(
      m, "SizeDecision",
      "SIZE_POSITIVE / SIZE_NOT_POSITIVE / UNDECIDED of a dynamic size, and "
      "(not positive) "
      "whether no value at all is in bounds in a launch of one block.")
      .field("verdict", &SizeDecisionRecord::verdict)
      .field("never", &SizeDecisionRecord::never)
      .done();
  ptonz::Record<DimVerdict>(m, "DimVerdict",
                            "A partition dimension and its verdict code.")
      .field("dim", &DimVerdict::dim)
      .field("verdict", &DimVerdict::verdict)
      .done();
  ptonz::Record<PartitionVerdicts>(
      m, "PartitionVerdicts",
      "A pto.partition_view and its reported dimensions.")
      .field("partition", &PartitionVerdicts::partition)
      .field("dims", &PartitionVerdicts::dims)
      .done();
  ptonz::Record<NegativeStride>(
      m, "NegativeStride",
      "A view's stride operand #index: a value proven in [smin, smax] < 0, "
      "in every launch or (in_block_zero) in the launch of one block.")
      .field("index", &NegativeStride::index)
      .field("value", &NegativeStride::value)
      .field("smin", &NegativeStride::smin)
      .field("smax", &NegativeStride::smax)
      .field("in_block_zero", &NegativeStride::inBlockZero)
      .done();
  ptonz::Record<TypedShapeMismatch>(
      m, "TypedShapeMismatch",
      "A view's shape operand #index: a value computed to one value "
      "(`computed`) where the view type's dim is another (`typed`).")
      .field("index", &TypedShapeMismatch::index)
      .field("value", &TypedShapeMismatch::value)
      .field("computed", &TypedShapeMismatch::computed)
      .field("typed", &TypedShapeMismatch::typed)
      .done();
  ptonz::Record<ViewVerdicts>(
      m, "ViewVerdicts",
      "A pto.make_tensor_view, its extents (None: not a constant), "
      "its partitions with reported dimensions, its strides proven "
      "negative, its shape operands computed to a value its type "
      "contradicts, and the largest extent of each dimension in the launch "
      "of one block where `extents` has none (None: unknown there too).")
      .field("view", &ViewVerdicts::view)
      .field("extents", &ViewVerdicts::extents)
      .field("partitions", &ViewVerdicts::partitions)
      .field("negative_strides", &ViewVerdicts::negativeStrides)
      .field("shape_mismatches", &ViewVerdicts::shapeMismatches)
      .field("block_zero_extents", &ViewVerdicts::blockZeroExtents)
      .done();

  m.def(
      "provable_forms",
      [](MlirContext ctx) { return ptonz::provableForms(unwrap(ctx)); },
      nb::arg("context").none() = nb::none(),
      "The rows of the offset proofs' table (ProvableForm), in order; the "
      "launch queries' row "
      "names the ops of `context`'s loaded dialects that have the LaunchQuery "
      "trait. What the "
      "analysis proves, "
      "what ptonz's errors list and the README's table.");
  m.def(
      "is_launch_query",
      [](MlirOperation op) { return ptonz::isLaunchQuery(unwrap(op)); },
      nb::arg("op"),
      "Whether `op` is a launch query (the LaunchQuery trait: bounded by the "
      "launch, not by "
      "the program).");
}

namespace {

/// The ViewVerdicts of the views of one layout class (NZ or not), one
/// view at a time (IntRanges.view_partition_verdicts, scan's query).
class ViewVerdictsCollector : public ptonz::Collector {
public:
  ViewVerdictsCollector(FunctionIntRanges &r, bool nz, bool undecided,
                        bool dynamicSizes, nb::object owner = nb::none())
      : r(r), nz(nz), undecided(undecided), dynamicSizes(dynamicSizes),
        owner(std::move(owner)) {}

  void visit(mlir::Operation *op) override {
    auto view = llvm::dyn_cast<ptonz::pto::MakeTensorViewOp>(op);
    if (!view)
      return;
    // The ND query also reports the contradicted shape operands of NZ views
    // (and nothing else of them): pto-verify-partition-bounds runs before
    // they are blocked.
    bool otherClass = (ptonz::layoutOf(view) == "nz") != nz;
    if (otherClass && nz)
      return;
    auto extents = ptonz::viewExtents(view);
    auto mismatches = computedExtents(view, extents);
    if (otherClass) {
      if (!mismatches.empty())
        out.push_back({nb::cast(wrap(view.getOperation())),
                       std::move(extents),
                       {},
                       {},
                       std::move(mismatches),
                       {}});
      return;
    }
    auto blockZero = blockZeroExtents(view, extents);
    std::vector<PartitionVerdicts> parts;
    partitionVerdicts(r, view, extents, undecided, parts, dynamicSizes,
                      blockZero);
    // A stride computed to one negative value (`index_cast(index_cast(128 :
    // i8))` is -128) puts the view's elements before its base pointer.
    // So does one negative in block 0, which every launch runs (`block_idx
    // - 1`).
    std::vector<NegativeStride> negative;
    for (auto [k, stride] : llvm::enumerate(view.getStrides())) {
      if (ptonz::constantOf(stride))
        continue;
      for (bool single : {false, true}) {
        int64_t lo, hi;
        if (r.ranges(single).signedBounds(stride, lo, hi) && hi < 0) {
          negative.push_back(
              {static_cast<int>(k), nb::cast(wrap(stride)), lo, hi, single});
          break;
        }
      }
    }
    if (!parts.empty() || !negative.empty() || !mismatches.empty())
      out.push_back({nb::cast(wrap(view.getOperation())), std::move(extents),
                     std::move(parts), std::move(negative),
                     std::move(mismatches), std::move(blockZero)});
  }

  nb::object result() override { return nb::cast(std::move(out)); }

  std::vector<ViewVerdicts> out;

private:
  /// Sets each extent whose shape operand is not a constant but has one
  /// value (`index_cast(index_cast(16 : i8))`) to that value, also where the
  /// view type gives another (fuzzer finding, seed 58: a computed -256 in a
  /// 64x4 view): the operand is the view's extent at run time. Returns those
  /// the type's static dim contradicts: errors, as a constant one is in the
  /// op verifier.
  std::vector<TypedShapeMismatch>
  computedExtents(ptonz::pto::MakeTensorViewOp view,
                  std::vector<std::optional<int64_t>> &extents) {
    auto shape = view.getShape();
    auto typeShape = view.getResult().getType().getShape();
    std::vector<TypedShapeMismatch> mismatches;
    for (size_t k = 0; k < extents.size() && k < shape.size(); ++k) {
      int64_t lo, hi;
      if (ptonz::constantOf(shape[k]) ||
          !r.ranges(false).signedBounds(shape[k], lo, hi) || lo != hi)
        continue;
      if (typeShape[k] != mlir::ShapedType::kDynamic && typeShape[k] != lo)
        mismatches.push_back(
            {static_cast<int>(k), nb::cast(wrap(shape[k])), lo, typeShape[k]});
      extents[k] = lo;
    }
    return mismatches;
  }

  /// The largest value of each shape operand that `extents` leaves
  /// unknown, in the launch of one block (nullopt: none known there either).
  std::vector<std::optional<int64_t>>
  blockZeroExtents(ptonz::pto::MakeTensorViewOp view,
                   const std::vector<std::optional<int64_t>> &extents) {
    std::vector<std::optional<int64_t>> out(extents.size());
    auto shape = view.getShape();
    for (size_t k = 0; k < extents.size() && k < shape.size(); ++k) {
      int64_t lo, hi;
      if (!extents[k] && r.ranges(true).signedBounds(shape[k], lo, hi))
        out[k] = hi;
    }
    return out;
  }

  FunctionIntRanges &r;
  bool nz, undecided, dynamicSizes;
  nb::object owner; // keeps `r`'s Python object alive (scan's query)
};

} // namespace

std::unique_ptr<ptonz::Collector>
ptonz::viewVerdictsCollector(nb::handle ranges, bool nz, bool undecided,
                             bool dynamicSizes) {
  return std::make_unique<ViewVerdictsCollector>(functionIntRanges(ranges), nz,
                                                 undecided, dynamicSizes,
                                                 nb::borrow(ranges));
}

void ptonz::populateIntRanges(nb::module_ &m) {
  m.attr("MAX_BLOCK_NUM") = ptonz::kMaxBlockNum;
  m.attr("INSIDE") = (int)ptonz::BoundsVerdict::Inside;
  m.attr("OUTSIDE") = (int)ptonz::BoundsVerdict::Outside;
  m.attr("UNDECIDED") = (int)ptonz::BoundsVerdict::Undecided;
  m.attr("DYNAMIC_SIZE") = kDynamicSize;
  m.attr("SIZE_MISMATCH") = kSizeMismatch;
  m.attr("OUTSIDE_IN_BLOCK_0") = kOutsideInBlockZero;
  m.attr("SIZE_POSITIVE") = (int)ptonz::SizeVerdict::Positive;
  m.attr("SIZE_NOT_POSITIVE") = (int)ptonz::SizeVerdict::NotPositive;
  static_assert((int)ptonz::SizeVerdict::Undecided ==
                (int)ptonz::BoundsVerdict::Undecided);
  populateProofRecords(m);
  nb::class_<FunctionIntRanges>(
      m, "IntRanges",
      "Integer ranges of a function's values (MLIR's range "
      "inference); valid until its IR changes.")
      .def(
          "__init__",
          [](FunctionIntRanges *self, MlirOperation op, bool dataflow) {
            new (self) FunctionIntRanges(unwrap(op), dataflow);
          },
          nb::arg("op"), nb::arg("dataflow") = false,
          "Ranges of the values under `op` (a function): demand-driven and "
          "memoised, or "
          "with `dataflow` from MLIR's DataFlowSolver run once over every op.")
      .def(
          "get",
          [](FunctionIntRanges &r, MlirValue value,
             bool singleLaunch) -> std::optional<IntRange> {
            auto range = r.ranges(singleLaunch).get(unwrap(value));
            if (!range)
              return std::nullopt;
            return IntRange{
                range->smin().getBitWidth(), toPy(range->smin(), true),
                toPy(range->smax(), true), toPy(range->umin(), false),
                toPy(range->umax(), false)};
          },
          nb::arg("value"), nb::arg("single_launch") = false,
          "IntRange(bits, smin, smax, umin, umax) of an integer or index value "
          "at its own bit "
          "width (index: 64), or None when nothing is known of it; with "
          "`single_launch`, "
          "in the launch of one block (block idx 0, block num 1) instead of "
          "any launch of "
          "up to MAX_BLOCK_NUM blocks.")
      .def(
          "signed",
          [](FunctionIntRanges &r,
             MlirValue value) -> std::optional<nb::tuple> {
            // The passes' hot query: the signed bounds only.
            int64_t lo, hi;
            if (r.ranges(false).signedBounds(unwrap(value), lo, hi))
              return nb::make_tuple(lo, hi);
            auto range =
                r.ranges(false).get(unwrap(value)); // wider than 64 bits
            if (!range)
              return std::nullopt;
            return nb::make_tuple(toPy(range->smin(), true),
                                  toPy(range->smax(), true));
          },
          nb::arg("value"), "(smin, smax) of `value` in any launch, or None.")
      .def(
          "alignment",
          [](FunctionIntRanges &r, MlirValue value) {
            return alignmentToPy(r.alignment().log2Multiple(unwrap(value)));
          },
          nb::arg("value"),
          "log2 of the largest power of two the integer or index `value` is "
          "proven a "
          "multiple of (0: nothing more than an integer; inf: the value is 0), "
          "by "
          "provable_forms(); memoised.")
      .def(
          "prove",
          [](FunctionIntRanges &r, MlirValue value, unsigned log2Divisor) {
            mlir::Value v = unwrap(value);
            ptonz::Alignment &a = r.alignment();
            Proof p;
            p.multiple = a.log2Multiple(v) >= log2Divisor;
            p.nonneg = ptonz::provenNonNegative(r, v);
            std::optional<ptonz::ProofFailure> why;
            if (!p.nonneg)
              why = a.whyNegative(v);
            else if (!p.multiple)
              why = a.whyNotMultiple(v, log2Divisor);
            if (why)
              p.failure = nb::cast(std::move(*why));
            return p;
          },
          nb::arg("value"), nb::arg("log2_divisor"),
          "Proof of `value % 2^log2_divisor == 0 and value >= 0`: both halves "
          "and, when one "
          "fails, the ProofFailure (the sign's first, as the errors explain "
          "it).")
      .def_static(
          "constant_alignment",
          [](int64_t c) {
            return alignmentToPy(ptonz::Alignment::ofConstant(c));
          },
          nb::arg("constant"), "alignment() of a constant.")
      .def(
          "decide_bounds",
          [](FunctionIntRanges &r, MlirValue offset, int64_t size,
             std::optional<int64_t> extent) {
            return record(ptonz::decideBounds(r.ranges(false), r.ranges(true),
                                              unwrap(offset), size, extent));
          },
          nb::arg("offset"), nb::arg("size"), nb::arg("extent").none(),
          "BoundsDecision: does offset + [0, size) stay inside [0, extent) "
          "(extent None: not a "
          "constant)? The rules: analyses/bounds.py.")
      .def_static(
          "constant_bounds",
          [](int64_t offset, int64_t size, std::optional<int64_t> extent) {
            return record(ptonz::decideConstantBounds(offset, size, extent));
          },
          nb::arg("offset"), nb::arg("size"), nb::arg("extent").none(),
          "decide_bounds of a constant offset.")
      .def(
          "decide_size",
          [](FunctionIntRanges &r, MlirValue size, int64_t lo,
             std::optional<int64_t> hi) {
            ptonz::SizeDecision d = ptonz::decideSize(
                r.ranges(false), r.ranges(true), unwrap(size), lo, hi);
            return SizeDecisionRecord{(int)d.verdict, d.never};
          },
          nb::arg("size"), nb::arg("lo") = 1, nb::arg("hi").none() = nb::none(),
          "SizeDecision: does a dynamic size lie in [lo, hi] (hi None: no "
          "upper end)?")
      .def(
          "partition_verdicts",
          [](FunctionIntRanges &r, MlirOperation view,
             const std::vector<std::optional<int64_t>> &extents,
             bool undecided) {
            std::vector<PartitionVerdicts> out;
            partitionVerdicts(r, unwrap(view), extents, undecided, out);
            return out;
          },
          nb::arg("view"), nb::arg("extents"), nb::arg("undecided") = false,
          "[PartitionVerdicts(partition, dims=[DimVerdict(dim, verdict=OUTSIDE "
          "| UNDECIDED)])] "
          "of the pto.partition_view users of "
          "pto.make_tensor_view `view` whose dimension leaves (or, with "
          "`undecided`, may "
          "leave) the view's `extents` (None: not a constant); a dimension's "
          "size is "
          "`partition_size`; dimensions without a static size are not checked.")
      .def(
          "view_partition_verdicts",
          [](FunctionIntRanges &r, MlirOperation root, bool nz, bool undecided,
             bool dynamicSizes) {
            // partition_verdicts for every view under `root` of a layout, in
            // one call (one pass over the module instead of one per view).
            ViewVerdictsCollector c(r, nz, undecided, dynamicSizes);
            unwrap(root)->walk([&](mlir::Operation *op) { c.visit(op); });
            return std::move(c.out);
          },
          nb::arg("root"), nb::arg("nz"), nb::arg("undecided") = false,
          nb::arg("dynamic_sizes") = false,
          "[ViewVerdicts(view, extents, partitions=partition_verdicts, "
          "negative_strides)] of every pto.make_tensor_view under `root` "
          "whose layout is nz (`nz`) or not, that has a partition or a "
          "stride to report; "
          "with "
          "`dynamic_sizes`, a dimension whose size is not static is reported "
          "as "
          "DYNAMIC_SIZE (its range is the caller's to check), and one whose "
          "size operand is not a constant and provably not the result type's "
          "static extent as SIZE_MISMATCH.")
      .def_static(
          "partition_size",
          [](MlirOperation op, size_t dim) -> std::optional<int64_t> {
            auto pv = llvm::dyn_cast<ptonz::pto::PartitionViewOp>(unwrap(op));
            if (!pv || dim >= pv.getSizes().size())
              return std::nullopt;
            return partitionSize(pv, dim);
          },
          nb::arg("partition"), nb::arg("dim"),
          "The static size of dimension `dim` of a pto.partition_view: its "
          "size operand "
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
          "The values in `value`'s backward slice whose range the program does "
          "not determine "
          "(launch queries, function arguments, results of ops without range "
          "inference).");
}
