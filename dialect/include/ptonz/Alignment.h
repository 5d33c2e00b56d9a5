//===- Alignment.h - proven power-of-two multiples of index values -*- C++
//-*-===//
//
// The offset proofs' one table (provableForms()): which defining forms make
// a value a proven multiple of 2^k. The walk (Alignment) dispatches on it,
// the explanation of a failed proof names its rows, and ptonz's errors and
// README print it (`_ptonz.provable_forms()`).
//
//===----------------------------------------------------------------------===//
#ifndef PTONZ_ALIGNMENT_H
#define PTONZ_ALIGNMENT_H

#include "ptonz/IntRanges.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace ptonz {

/// How a form proves its result a multiple of 2^k (Alignment::compute).
enum class AlignmentRule {
  constant,          // c % 2^k == 0
  inductionVariable, // lb + n * step
  declaredArgument,  // lo + n * step (ptonz.arg_range)
  product,           // a * b: i + j
  shift,             // a << c: i + c
  both,              // min(i, j)
  either,            // a & b: max(i, j)
  select,            // min of the two values
  quotient,          // a / 2^j: i - j
  remainder,         // a - q * c: min(i, twos(c))
  cast,              // the operand's
  launchQuery,       // non-negative, nothing more (2^0)
  constantRange,     // a value whose range is one constant c
};

/// One row of the table.
struct ProvableForm {
  /// Stable name of the row (`rule` of a failed proof).
  std::string key;
  AlignmentRule rule;
  /// The ops it covers; empty for forms that are not an op result.
  std::vector<std::string> ops;
  /// The table's columns: the form and when it is a multiple of 2^k.
  std::string form;
  std::string multipleWhen;
  /// How the list of provable forms in ptonz's errors names it.
  std::string brief;
};

/// The table, in the order the errors and the README list it.
llvm::ArrayRef<ProvableForm> provableForms();
/// The same, the launch queries' row naming the ops of `ctx`'s loaded
/// dialects that have the LaunchQuery trait.
std::vector<ProvableForm> provableForms(mlir::MLIRContext *ctx);

/// Why a proof failed: the value to blame (null when the chain was too deep
/// to walk), the key of the form it failed at (or "unprovable" for a
/// defining op outside the table, "iter_arg", "argument", "too_deep"), and
/// the explanation.
struct ProofFailure {
  mlir::Value culprit;
  std::string rule;
  std::string reason;
};

/// log2 of the largest power of two each integer/index value is proven a
/// multiple of, by provableForms() (walking the defining ops; a value whose
/// range is one constant counts as that constant). A power of two divides
/// 2^W, so the property survives wrap-around at any width. Memoised per
/// value; valid until the IR changes.
class Alignment {
public:
  /// A multiple of every power of two: the value is 0.
  static constexpr unsigned kZero = ~0u;

  explicit Alignment(ValueRanges &ranges) : ranges(ranges) {}

  /// 0 when nothing beyond being an integer is proven; kZero for 0.
  unsigned log2Multiple(mlir::Value v) { return get(v, 0); }

  /// The trailing zero bits of a constant (kZero for 0).
  static unsigned ofConstant(int64_t c);

  /// Why `v` is not proven a multiple of 2^k (nullopt if it is): the first
  /// value along its defining chain whose form fails.
  std::optional<ProofFailure> whyNotMultiple(mlir::Value v, unsigned k);

  /// Why `v` is not proven non-negative by `ranges` (nullopt if it is): the
  /// first op along its chain whose operands are (or have no sign to be)
  /// non-negative but whose result is not.
  std::optional<ProofFailure> whyNegative(mlir::Value v);

private:
  unsigned get(mlir::Value v, unsigned depth);
  unsigned compute(mlir::Value v, unsigned depth);

  ValueRanges &ranges;
  llvm::DenseMap<mlir::Value, unsigned> memo;
};
} // namespace ptonz

#endif // PTONZ_ALIGNMENT_H
