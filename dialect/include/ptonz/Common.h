//===- Common.h - helpers shared by the ptonz dialects ----------*- C++ -*-===//
#ifndef PTONZ_COMMON_H
#define PTONZ_COMMON_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace mlir {
class OpAsmPrinter;
class Operation;
} // namespace mlir

namespace ptonz {

/// Prints `d0xd1x...x` (`?` for dynamic dims), ready for the element type.
inline void printShape(llvm::raw_ostream &os, llvm::ArrayRef<int64_t> shape) {
  for (int64_t d : shape) {
    if (d == mlir::ShapedType::kDynamic)
      os << '?';
    else
      os << d;
    os << 'x';
  }
}

/// Element types a tensor or tile may hold: integers and floats.
inline bool isScalarElementType(mlir::Type t) {
  return llvm::isa<mlir::IntegerType, mlir::FloatType>(t);
}

/// The value of an `arith.constant` of integer or index type that fits 64
/// signed bits, else nullopt: what every ptonz query and verifier means by
/// "a constant operand" (lib/IR/Common.cpp).
std::optional<int64_t> constantOf(mlir::Value v);

/// The integer attribute an `arith.constant` holds, else null. It is read
/// from the op's properties: ConstantOp::getValue casts it to TypedAttr,
/// an interface lookup per call, which the queries pay once per operand.
mlir::IntegerAttr integerConstant(mlir::Operation *op);
inline mlir::IntegerAttr integerConstant(mlir::Value v) {
  mlir::Operation *op = v ? v.getDefiningOp() : nullptr;
  return op ? integerConstant(op) : mlir::IntegerAttr();
}

/// Prints `op`'s attribute dictionary, less `elided`, exactly as
/// `p.printOptionalAttrDict(op->getAttrs(), elided)` does, for the
/// hand-written printers. For an op with properties getAttrs() builds and
/// uniques the whole dictionary (and the operandSegmentSizes array) on every
/// call, and the printer calls each op's print twice (aliases, then text);
/// this reads the discardable and the non-elided inherent attributes instead.
void printAttrDict(mlir::OpAsmPrinter &p, mlir::Operation *op,
                   llvm::ArrayRef<llvm::StringRef> elided = {});

} // namespace ptonz

#endif // PTONZ_COMMON_H
