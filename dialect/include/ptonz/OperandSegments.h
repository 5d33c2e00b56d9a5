//===- OperandSegments.h - operand segments, from properties ---*- C++ -*-===//
//
// OpTrait::AttrSizedOperandSegments verifies an op by asking it for its
// `operandSegmentSizes` *attribute* (OpTrait::impl::verifyValueSizeAttr); an
// op that keeps the sizes in its properties builds and uniques that
// attribute on every ask: a seventh of a cube kernel's verify, paid once by
// a parse and again by the lowering's final verify. The ops of
// PTONZ_PTO_OPERAND_SEGMENT_OPS (PTO.h) and PTONZ_PL_OPERAND_SEGMENT_OPS
// (PL.h) verify the same facts, in MLIR's words, from their properties: an
// explicit specialization of the trait's verifyTrait for each, declared
// after the op classes and before any dialect registers them.
// _ptonz.operand_segment_ops and its test check that the lists name exactly the
// ops that have the trait.
//
//===----------------------------------------------------------------------===//
#ifndef PTONZ_OPERANDSEGMENTS_H
#define PTONZ_OPERANDSEGMENTS_H

#include "mlir/IR/OpDefinition.h"

namespace ptonz {

/// What verifyValueSizeAttr checks of an op's operand segments (no negative
/// size; the sizes add up to the operand count), read from its properties.
template <typename OpT>
mlir::LogicalResult verifyOperandSegments(mlir::Operation *op) {
  int64_t total = 0;
  for (int32_t size : llvm::cast<OpT>(op).getProperties().operandSegmentSizes) {
    if (size < 0)
      return op->emitOpError(
          "'operandSegmentSizes' attribute cannot have negative elements");
    total += size;
  }
  if (total != static_cast<int64_t>(op->getNumOperands()))
    return op->emitOpError()
           << "operand count (" << op->getNumOperands()
           << ") does not match with the total size (" << total
           << ") specified in attribute 'operandSegmentSizes'";
  return mlir::success();
}

} // namespace ptonz

/// One op of those lists: its trait's verifyTrait.
#define PTONZ_OPERAND_SEGMENTS_FROM_PROPERTIES(OP)                             \
  namespace mlir::OpTrait {                                                    \
  template <>                                                                  \
  inline ::mlir::LogicalResult                                                 \
  AttrSizedOperandSegments<OP>::verifyTrait(::mlir::Operation *op) {           \
    return ::ptonz::verifyOperandSegments<OP>(op);                             \
  }                                                                            \
  }

#endif // PTONZ_OPERANDSEGMENTS_H
