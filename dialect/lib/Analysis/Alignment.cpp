//===- Alignment.cpp - proven power-of-two multiples of index values ------===//
//
// The offset prover's hot half (analyses/provable.py has the table and the
// explanations of failed proofs): walking an offset's defining ops from
// Python cost a binding call and a wrapper per op, ~15% of pto-block-nz-views.
//
//===----------------------------------------------------------------------===//

#include "ptonz/Alignment.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <optional>

using namespace mlir;

namespace {
/// Deeper chains are not walked (nothing is proven of them), as in Python.
constexpr unsigned kMaxDepth = 256;

/// Saturating sum (kZero absorbs).
unsigned plus(unsigned a, unsigned b) {
  if (a == ptonz::Alignment::kZero || b == ptonz::Alignment::kZero)
    return ptonz::Alignment::kZero;
  return a + b;
}

unsigned bitWidth(Type t) {
  return t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
}
} // namespace

unsigned ptonz::Alignment::ofConstant(int64_t c) {
  return c == 0 ? kZero : (unsigned)llvm::countr_zero((uint64_t)c);
}

unsigned ptonz::Alignment::get(Value v, unsigned depth) {
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  unsigned a = compute(v, depth);
  memo[v] = a;
  return a;
}

unsigned ptonz::Alignment::compute(Value v, unsigned depth) {
  if (depth > kMaxDepth)
    return 0;
  auto sub = [&](Value x) { return get(x, depth + 1); };
  if (std::optional<int64_t> c = ptonz::constantOf(v))
    return ofConstant(*c);
  Operation *op = v.getDefiningOp();
  if (!op) {
    Operation *parent = llvm::cast<BlockArgument>(v).getOwner()->getParentOp();
    if (ptonz::isForInductionVar(v)) // lb + k * step
      return std::min(sub(parent->getOperand(0)), sub(parent->getOperand(2)));
    if (std::optional<ptonz::DeclaredArgument> d = ptonz::declaredArgument(v))
      return std::min(ofConstant(d->lo), ofConstant(d->step)); // lo + k * step
    if (!parent || parent->getName().getStringRef() != "scf.for")
      return 0; // other function and block arguments: nothing is known
    // an scf.for iter_arg: only a constant range helps (below)
  } else if (isa<arith::ConstantOp>(op)) {
    return 0; // not an integer of at most 64 bits
  } else if (isa<arith::MulIOp>(op)) {
    return plus(sub(op->getOperand(0)), sub(op->getOperand(1)));
  } else if (isa<arith::AddIOp, arith::SubIOp, arith::OrIOp, arith::XOrIOp, arith::MinSIOp,
                 arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp>(op)) {
    return std::min(sub(op->getOperand(0)), sub(op->getOperand(1)));
  } else if (isa<arith::AndIOp>(op)) {
    return std::max(sub(op->getOperand(0)), sub(op->getOperand(1)));
  } else if (isa<arith::SelectOp>(op)) {
    return std::min(sub(op->getOperand(1)), sub(op->getOperand(2)));
  } else if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
                 arith::TruncIOp>(op)) {
    return sub(op->getOperand(0));
  } else if (isa<arith::ShLIOp>(op)) {
    std::optional<int64_t> shift = ptonz::constantOf(op->getOperand(1));
    if (shift && *shift >= 0 && *shift < (int64_t)bitWidth(v.getType()))
      return plus(sub(op->getOperand(0)), (unsigned)*shift);
  } else if (isa<arith::FloorDivSIOp, arith::DivSIOp, arith::DivUIOp>(op)) {
    std::optional<int64_t> d = ptonz::constantOf(op->getOperand(1));
    if (d && *d > 0 && llvm::has_single_bit((uint64_t)*d)) {
      unsigned a = sub(op->getOperand(0)), k = ofConstant(*d);
      return a == kZero ? kZero : (a > k ? a - k : 0);
    }
  } else if (isa<arith::RemSIOp, arith::RemUIOp>(op)) {
    std::optional<int64_t> c = ptonz::constantOf(op->getOperand(1));
    if (c && *c > 0) // a - q * c
      return std::min(sub(op->getOperand(0)), ofConstant(*c));
  }
  if (op && ptonz::isLaunchQuery(op))
    return 0;
  // Other ops and iter_args: only a range that is one constant helps.
  int64_t lo, hi;
  if (ranges.signedBounds(v, lo, hi) && lo == hi)
    return ofConstant(lo);
  return 0;
}
