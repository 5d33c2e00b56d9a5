//===- LaunchQuery.h - ops bounded by the kernel launch ---------*- C++ -*-===//
//
// The launch queries (pto.get_block_idx / get_block_num, the subblock ones,
// pl.get_block_idx / get_block_num) carry the LaunchQuery trait and infer
// their ranges from the launch (InferIntRangeInterface, LaunchQuery.td): the
// range analysis and the alignment proofs know them by the trait, not by
// name.
//
//===----------------------------------------------------------------------===//
#ifndef PTONZ_LAUNCHQUERY_H
#define PTONZ_LAUNCHQUERY_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"

namespace ptonz {
/// CANN: blockDim "is a logical core count in [1, 65535]" (SetBlockDim).
constexpr int64_t kMaxBlockNum = 65535;

namespace OpTrait {
/// An op whose result is bounded by the launch, not by the program.
template <typename ConcreteType>
class LaunchQuery : public mlir::OpTrait::TraitBase<ConcreteType, LaunchQuery> {
};
} // namespace OpTrait

/// Whether `op` is a launch query.
inline bool isLaunchQuery(mlir::Operation *op) {
  return op->hasTrait<OpTrait::LaunchQuery>();
}

/// The range of a launch query's result whose least value is `lowest` (0
/// for an index, 1 for a count) in any launch of up to kMaxBlockNum blocks:
/// [lowest, lowest + kMaxBlockNum - 1]; the full range at a width too narrow
/// to hold it. (A launch of one block takes the least value.)
mlir::ConstantIntRanges launchQueryRange(mlir::Value result, int64_t lowest);
} // namespace ptonz

#endif // PTONZ_LAUNCHQUERY_H
