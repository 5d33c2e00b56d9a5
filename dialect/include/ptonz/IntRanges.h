//===- IntRanges.h - integer ranges of a function's values -------*- C++
//-*-===//
#ifndef PTONZ_INTRANGES_H
#define PTONZ_INTRANGES_H

#include "ptonz/Common.h"      // constantOf
#include "ptonz/LaunchQuery.h" // kMaxBlockNum, isLaunchQuery

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"

#include <memory>
#include <optional>

namespace ptonz {
/// The argument attribute that declares the values of a scalar function
/// argument: `array<i64: lo, hi>` for [lo, hi), `array<i64: lo, hi, step>` for
/// lo, lo + step, ... below hi (ptonz-opt --arg-range); the range and the
/// alignment proofs read it.
constexpr const char *kArgRangeAttr = "ptonz.arg_range";

/// A declared argument: the values lo, lo + step, ..., last.
struct DeclaredArgument {
  int64_t lo, last, step;
};

/// What `kArgRangeAttr` declares of function argument `v`, else nullopt.
std::optional<DeclaredArgument> declaredArgument(mlir::Value v);

/// Whether `v` is the induction variable of an scf.for (matched by name: the
/// plugin does not link the SCF dialect's classes).
bool isForInductionVar(mlir::Value v);

/// Integer ranges of the values under `root` (a function), at each value's
/// own bit width (index: 64 bits; index arithmetic is also proven at 32, as
/// MLIR's arith rules do), from MLIR's InferIntRangeInterface transfer
/// functions (the launch queries' among them, LaunchQuery.h) plus ptonz's
/// rules for a launch of one block and scf.for induction variables
/// (IntRanges.cpp). Two drivers give the same ranges on live code:
///
/// * demand-driven (default): a value's range is computed from its backward
///   slice when first asked for and memoised -- the passes ask for a few
///   offsets per kernel;
/// * `dataflow`: MLIR's DataFlowSolver (DeadCodeAnalysis +
///   SparseConstantPropagation + IntegerRangeAnalysis) over every op of
///   `root`, once; it also knows dead code. The tests compare the two.
///
/// Valid until the IR under `root` changes. Lives in the no-RTTI dialect
/// library because it subclasses an MLIR analysis (whose typeinfo MLIR does
/// not export).
class ValueRanges {
public:
  /// `singleLaunch`: ranges in the launch of a single block (block idx 0 of
  /// 1), instead of any launch of up to kMaxBlockNum blocks (demand-driven
  /// only).
  explicit ValueRanges(mlir::Operation *root, bool dataflow = false,
                       bool singleLaunch = false);
  ~ValueRanges();
  ValueRanges(const ValueRanges &) = delete;
  ValueRanges &operator=(const ValueRanges &) = delete;

  /// The range of an integer/index value, or nullopt for other types (and,
  /// with `dataflow`, for dead code or a failed run).
  std::optional<mlir::ConstantIntRanges> get(mlir::Value v);

  /// [lo, hi] (signed) of an integer/index value of at most 64 bits; false
  /// if it has none (the hot query, without copying the range).
  bool signedBounds(mlir::Value v, int64_t &lo, int64_t &hi);

  /// The values in `v`'s backward slice whose range the program does not
  /// determine: launch queries, function (and other non-loop block)
  /// arguments, results of ops without range inference.
  static llvm::SmallVector<mlir::Value> assumptions(mlir::Value v);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};
/// Does a partition dimension (offset, static size) stay inside a view
/// extent (nullopt: not a constant)? The one decision (analyses/bounds.py
/// words it): Inside when every value of the offset in any launch does;
/// Outside when the launch of one block (`single`) already leaves the view
/// with every value, or with some and the offset's range is the program's
/// own (its slice has no assumption but launch queries); Undecided otherwise.
enum class BoundsVerdict { Inside = 0, Outside = 1, Undecided = 2 };
/// Which rule decided.
enum class BoundsReason {
  inside = 0,
  negativeConstant = 1, // a constant offset below 0
  beyondExtent = 2,     // a constant offset + size beyond the extent
  unknownExtent = 3,    // the extent is not a constant
  alwaysOutside = 4,    // every value in a launch of one block is outside
  programLeaves = 5,    // some is, and the range is the program's own
  undecided = 6,        // the launch or an argument decides
};
struct BoundsDecision {
  BoundsVerdict verdict;
  BoundsReason reason;
};
BoundsDecision decideBounds(ValueRanges &any, ValueRanges &single,
                            mlir::Value offset, int64_t size,
                            std::optional<int64_t> extent);
/// The same for a constant offset.
BoundsDecision decideConstantBounds(int64_t offset, int64_t size,
                                    std::optional<int64_t> extent);
inline BoundsVerdict boundsVerdict(ValueRanges &any, ValueRanges &single,
                                   mlir::Value offset, int64_t size,
                                   std::optional<int64_t> extent) {
  return decideBounds(any, single, offset, size, extent).verdict;
}

/// Does a dynamic size (a partition's, or a tile's valid extent) lie in
/// [lo, hi] (hi nullopt: no upper end)? By the rules of the offsets:
/// Positive when every value it takes does; NotPositive (an error) when none
/// does in the launch of one block, or some does not there with its range
/// from the program alone (no assumption at all); Undecided otherwise.
enum class SizeVerdict { Positive = 0, NotPositive = 1, Undecided = 2 };
struct SizeDecision {
  SizeVerdict verdict;
  /// NotPositive: no value is in [lo, hi] (else: some is not).
  bool never = false;
};
SizeDecision decideSize(ValueRanges &any, ValueRanges &single, mlir::Value size,
                        int64_t lo, std::optional<int64_t> hi);
} // namespace ptonz

#endif // PTONZ_INTRANGES_H
