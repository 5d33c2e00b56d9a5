//===- Common.cpp - helpers shared by the ptonz dialects ------------------===//

#include "ptonz/Common.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

// (Not m_ConstantInt: that folds the op and looks up attribute interfaces,
// several times the cost, for the same answer on arith.constant.)
std::optional<int64_t> ptonz::constantOf(Value v) {
  if (!v)
    return std::nullopt;
  auto c = v.getDefiningOp<arith::ConstantOp>();
  if (!c)
    return std::nullopt;
  auto i = llvm::dyn_cast<IntegerAttr>(c.getValue());
  if (!i || !i.getValue().isSignedIntN(
                64)) // wider values (i128 ...) are not int64 constants
    return std::nullopt;
  return i.getValue().getSExtValue();
}
