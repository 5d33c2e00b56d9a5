//===- Alignment.h - proven power-of-two multiples of index values -*- C++ -*-===//
#ifndef PTONZ_ALIGNMENT_H
#define PTONZ_ALIGNMENT_H

#include "ptonz/IntRanges.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

namespace ptonz {
/// log2 of the largest power of two each integer/index value is proven a
/// multiple of, by the rules of analyses/provable.py's table (walking the
/// defining ops; a value whose range is one constant counts as that
/// constant). A power of two divides 2^W, so the property survives
/// wrap-around at any width. Memoised per value; valid until the IR changes.
class Alignment {
public:
  /// A multiple of every power of two: the value is 0.
  static constexpr unsigned kZero = ~0u;

  explicit Alignment(ValueRanges &ranges) : ranges(ranges) {}

  /// 0 when nothing beyond being an integer is proven; kZero for 0.
  unsigned log2Multiple(mlir::Value v) { return get(v, 0); }

  /// The trailing zero bits of a constant (kZero for 0).
  static unsigned ofConstant(int64_t c);

private:
  unsigned get(mlir::Value v, unsigned depth);
  unsigned compute(mlir::Value v, unsigned depth);

  ValueRanges &ranges;
  llvm::DenseMap<mlir::Value, unsigned> memo;
};
} // namespace ptonz

#endif // PTONZ_ALIGNMENT_H
