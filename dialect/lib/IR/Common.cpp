//===- Common.cpp - helpers shared by the ptonz dialects ------------------===//

#include "ptonz/Common.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;

mlir::IntegerAttr ptonz::integerConstant(Operation *op) {
  auto c = llvm::dyn_cast<arith::ConstantOp>(op);
  return c ? llvm::dyn_cast_if_present<IntegerAttr>(c.getProperties().value)
           : IntegerAttr();
}

// (Not m_ConstantInt: that folds the op and looks up attribute interfaces,
// several times the cost, for the same answer on arith.constant.)
std::optional<int64_t> ptonz::constantOf(Value v) {
  IntegerAttr i = integerConstant(v);
  if (!i)
    return std::nullopt;
  llvm::APInt value = i.getValue(); // a copy: read it once
  // Wider values (i128 ...) are not int64 constants.
  if (!value.isSignedIntN(64))
    return std::nullopt;
  return value.getSExtValue();
}

void ptonz::printAttrDict(OpAsmPrinter &p, Operation *op,
                          ArrayRef<StringRef> elided) {
  std::optional<RegisteredOperationName> info = op->getRegisteredInfo();
  if (!info || !op->getPropertiesStorageSize()) {
    p.printOptionalAttrDict(op->getAttrs(), elided);
    return;
  }
  SmallVector<NamedAttribute, 8> attrs(op->getRawDictionaryAttrs().getValue());
  size_t discardable = attrs.size();
  for (StringAttr name : info->getAttributeNames()) {
    if (llvm::is_contained(elided, name.getValue()))
      continue;
    std::optional<Attribute> inherent = op->getInherentAttr(name.getValue());
    if (inherent && *inherent)
      attrs.emplace_back(name, *inherent);
  }
  if (attrs.size() != discardable)
    llvm::sort(attrs); // the dictionary's order: by name
  p.printOptionalAttrDict(attrs, elided);
}
