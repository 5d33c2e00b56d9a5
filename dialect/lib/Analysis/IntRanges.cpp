//===- IntRanges.cpp - integer ranges of a function's values --------------===//
//
// MLIR's integer range inference (the InferIntRangeInterface transfer
// functions of arith, the rules of the upstream IntegerRangeAnalysis) with
// two things upstream does not know:
//
// * the launch of one block (`singleLaunch`: what every launch runs): each
//   launch query (LaunchQuery.h; its InferIntRangeInterface gives its range
//   in any launch: num in [1, 65535], idx in [0, 65534]) takes its least
//   value;
// * an scf.for induction variable gets upstream's [lb, ub - 1] refined to the
//   last value the loop really takes when lb, ub and step are constants, and
//   the full range when `iv + step` may wrap around or the comparison is
//   unsigned over possibly negative bounds (upstream ignores both).
//
// Every range is at the value's own bit width: a product, sum or cast that
// may wrap gets the range of its wrapped result (arith's transfer functions
// give the full range when they cannot rule wrap-around out).
//
// The default driver is demand-driven (a value's backward slice, memoised):
// running MLIR's DataFlowSolver over every op of a function costs 2-3 us per
// op (0.2-0.35 s on the 100k-op cube benchmark, 13-20% of a parse + print
// round trip), while the passes need the ranges of a few offsets per kernel.
// The solver driver (PtonzIntegerRangeAnalysis) stays for the tests, which
// check that both agree.
//
//===----------------------------------------------------------------------===//

#include "ptonz/IntRanges.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"

#include <array>
#include <unordered_map>
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace mlir::dataflow;

namespace {

ConstantIntRanges maxRangeOf(Value v) {
  return ConstantIntRanges::maxRange(
      ConstantIntRanges::getStorageBitwidth(v.getType()));
}

/// A launch query's range in the launch of one block: its least value (the
/// full range, at a width too narrow for the launch's bound, stays full).
ConstantIntRanges inSingleLaunch(const ConstantIntRanges &any) {
  if (any.smin().isMinSignedValue() && any.smax().isMaxSignedValue())
    return any;
  return ConstantIntRanges::constant(any.smin());
}

using ptonz::isForInductionVar;
using ptonz::isLaunchQuery;

/// The value an `arith.muli` of single values computes, else nullopt. arith's
/// transfer function for it gives the whole range wherever the product may
/// overflow, also where both operands have one value and the program
/// computes exactly one result (two's complement wraps at the type's width;
/// its add and sub already wrap a single value): in block 0,
/// `muli(addi(remui(block_idx, 16), INT64_MAX), 16)` is -16, not anything.
/// Only the single-launch ranges take it: they decide what certainly goes
/// wrong in block 0, where a wrapped value is what the program computes (and
/// a bug however PTOAS's C++ reads the overflow), while a proof that a
/// partition is inside never rests on a product that wraps (it is
/// non-negative only where its range shows no wrap).
std::optional<APInt> wrappedProduct(Operation *op,
                                    ArrayRef<ConstantIntRanges> args) {
  if (!llvm::isa<arith::MulIOp>(op) || args.size() != 2)
    return std::nullopt;
  std::optional<APInt> a = args[0].getConstantValue(),
                       b = args[1].getConstantValue();
  if (!a || !b || a->getBitWidth() != b->getBitWidth())
    return std::nullopt;
  return *a * *b;
}

/// The range a function argument is declared to lie in (see
/// ptonz::declaredArgument), at the argument's width.
std::optional<ConstantIntRanges> declaredRange(Value v) {
  std::optional<ptonz::DeclaredArgument> d = ptonz::declaredArgument(v);
  if (!d)
    return std::nullopt;
  unsigned w = ConstantIntRanges::getStorageBitwidth(v.getType());
  return ConstantIntRanges::fromSigned(APInt(64, d->lo, true).sextOrTrunc(w),
                                       APInt(64, d->last, true).sextOrTrunc(w));
}

/// The values `for iv = lb to ub step step` takes (at the iv's width).
ConstantIntRanges inductionRange(Value iv, const ConstantIntRanges &lb,
                                 const ConstantIntRanges &ub,
                                 const ConstantIntRanges &step,
                                 bool unsignedCmp) {
  ConstantIntRanges full = maxRangeOf(iv);
  // A step that may be <= 0 is outside scf.for's contract: assume nothing.
  if (!step.smin().isStrictlyPositive())
    return full;
  // Unsigned comparison agrees with signed only for non-negative bounds.
  if (unsignedCmp && (lb.smin().isNegative() || ub.smin().isNegative()))
    return full;
  // Every iv taken is < ub; if iv + step may wrap around, the next can be
  // anything.
  if (ub.smax().isMinSignedValue())
    return full;
  bool overflow = false;
  (void)(ub.smax() - 1).sadd_ov(step.smax(), overflow);
  if (overflow)
    return full;
  APInt min = lb.smin(), max = ub.smax() - 1;
  if (max.slt(min)) // the loop never runs: its body is dead, any value is sound
    return ConstantIntRanges::constant(min);
  if (lb.getConstantValue() && ub.getConstantValue() &&
      step.getConstantValue()) {
    // The last value taken: lb + ((ub - 1 - lb) / step) * step.
    APInt span = max - min;
    max = min + span.udiv(step.smin()) * step.smin();
  }
  return ConstantIntRanges::fromSigned(min, max);
}

//===----------------------------------------------------------------------===//
// Demand-driven driver
//===----------------------------------------------------------------------===//

/// The range of an `arith.constant` of integer or index type (what its
/// InferIntRangeInterface gives, without the interface call), else nullopt.
std::optional<ConstantIntRanges> constantRange(Value v) {
  IntegerAttr i = ptonz::integerConstant(v);
  if (!i || !v.getType().isIntOrIndex())
    return std::nullopt;
  return ConstantIntRanges::constant(i.getValue());
}

/// Ranges computed from a value's backward slice, memoised. Iterative (an
/// explicit stack), so a long chain of arithmetic cannot exhaust the C++ stack.
class DemandRanges {
public:
  explicit DemandRanges(bool singleLaunch) : singleLaunch(singleLaunch) {}

  /// The range of `root` (a reference into the memo: valid until the next
  /// range is computed).
  const ConstantIntRanges &get(Value root) {
    if (auto it = memo.find(root); it != memo.end())
      return it->second;
    if (auto c =
            constantRange(root)) // the most frequent leaf: no interface call
      return memo.try_emplace(root, *c).first->second;
    llvm::SmallVector<std::pair<Value, bool>, 8> stack{{root, false}};
    // The expanded values on the stack, whose dependencies are being
    // computed: only a loop-carried value reaches one again (a cycle). A set,
    // not a search of the stack, which is as deep as the slice (fuzz-style
    // chains of 10^5 addi ops made the search quadratic); inline buckets, as
    // most slices are a few values deep (no allocation per query).
    llvm::SmallDenseSet<Value, 8> expanding;
    llvm::SmallVector<Value, 4> deps;
    while (!stack.empty()) {
      auto [v, expanded] = stack.back();
      if (memo.count(v)) {
        if (expanded)
          expanding.erase(v);
        stack.pop_back();
        continue;
      }
      if (!expanded) { // first visit: its dependencies first
        expanding.insert(v);
        stack.back().second = true;
        deps.clear();
        dependencies(v, deps);
        for (Value d : deps) // constants are not memoised: `known` reads them
          if (!memo.count(d) && !isIntConstant(d) && !expanding.count(d))
            stack.push_back({d, false});
        continue;
      }
      stack.pop_back();
      expanding.erase(v);
      compute(v);
    }
    return memo.find(root)->second;
  }

private:
  /// The values whose ranges `compute(v)` reads (appended to `deps`).
  void dependencies(Value v, llvm::SmallVectorImpl<Value> &deps) {
    if (Operation *op = v.getDefiningOp()) {
      if (llvm::isa<InferIntRangeInterface>(op)) {
        for (Value o : op->getOperands())
          if (o.getType().isIntOrIndex())
            deps.push_back(o);
      } else if (Value carried = regionResultSource(v, 0)) {
        deps.push_back(carried);
        if (Value other = regionResultSource(v, 1))
          deps.push_back(other);
      }
      return;
    }
    auto arg = llvm::cast<BlockArgument>(v);
    Operation *parent = arg.getOwner()->getParentOp();
    if (isForInductionVar(v)) {
      deps.append({parent->getOperand(0), parent->getOperand(1),
                   parent->getOperand(2)});
    } else if (Value init = loopInit(arg)) {
      // An iter_arg: its initial value (the yielded ones are read in compute,
      // with the iter_arg itself provisionally unknown).
      deps.push_back(init);
    }
  }

  /// Where result `r` of an scf.for / scf.if comes from: for scf.for its
  /// iter_arg (`which` 0), for scf.if the value the then (0) / else (1)
  /// region yields; null otherwise.
  static Value regionResultSource(Value r, unsigned which) {
    auto result = llvm::dyn_cast<OpResult>(r);
    Operation *op = result ? result.getOwner() : nullptr;
    if (!op)
      return Value();
    unsigned k = result.getResultNumber();
    llvm::StringRef name = op->getName().getStringRef();
    if (name == "scf.for" && which == 0 && op->getNumRegions() == 1 &&
        !op->getRegion(0).empty() &&
        op->getRegion(0).front().getNumArguments() > k + 1)
      return op->getRegion(0).front().getArgument(k + 1);
    if (name == "scf.if" && op->getNumRegions() == 2 && which < 2 &&
        !op->getRegion(which).empty()) {
      Operation *yield = op->getRegion(which).front().getTerminator();
      if (yield && k < yield->getNumOperands())
        return yield->getOperand(k);
    }
    return Value();
  }

  /// The init operand of an scf.for iter_arg, else null.
  static Value loopInit(BlockArgument arg) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (!parent || parent->getName().getStringRef() != "scf.for" ||
        !arg.getOwner()->isEntryBlock() || arg.getArgNumber() == 0 ||
        parent->getNumOperands() < 3 + arg.getArgNumber())
      return Value();
    return parent->getOperand(2 + arg.getArgNumber());
  }

  void compute(Value v) {
    if (!v.getType().isIntOrIndex()) {
      memo.try_emplace(v, ConstantIntRanges::maxRange(1));
      return;
    }
    if (auto c = constantRange(v)) {
      memo.try_emplace(v, *c);
      return;
    }
    if (Operation *op = v.getDefiningOp()) {
      if (Value carried = regionResultSource(v, 0)) {
        // A loop's result is one of the values its iter_arg takes; an if's
        // is what either region yields.
        ConstantIntRanges range = known(carried);
        if (Value other = regionResultSource(v, 1))
          range = range.rangeUnion(known(other));
        else if (op->getName().getStringRef() == "scf.if")
          range = maxRangeOf(v);
        memo.try_emplace(v, range);
        return;
      }
      auto inferrable = llvm::dyn_cast<InferIntRangeInterface>(op);
      if (inferrable && singleLaunch && isLaunchQuery(op)) {
        inferrable.inferResultRanges({},
                                     [&](Value r, const ConstantIntRanges &x) {
                                       if (r.getDefiningOp() == op)
                                         memo.try_emplace(r, inSingleLaunch(x));
                                     });
        return;
      }
      bool allInt = llvm::all_of(op->getOperandTypes(),
                                 [](Type t) { return t.isIntOrIndex(); });
      if (inferrable && allInt) {
        // Every operand range is known here, so the interface's plain form
        // (which bridges to the optional one for ops that implement only that).
        llvm::SmallVector<ConstantIntRanges, 3> args;
        for (Value o : op->getOperands())
          args.push_back(known(o));
        if (singleLaunch)
          if (std::optional<APInt> exact = wrappedProduct(op, args)) {
            memo.try_emplace(op->getResult(0),
                             ConstantIntRanges::constant(*exact));
            return;
          }
        std::optional<TransferKey> key = transferKey(op, args);
        if (key) {
          if (auto it = transfers.find(*key); it != transfers.end()) {
            memo.try_emplace(op->getResult(0), it->second);
            return;
          }
        }
        inferrable.inferResultRanges(args,
                                     [&](Value r, const ConstantIntRanges &x) {
                                       if (r.getDefiningOp() == op) {
                                         memo.try_emplace(r, x);
                                         if (key)
                                           transfers.try_emplace(*key, x);
                                       }
                                     });
      }
      // Results the interface left unset (and ops without it): anything.
      for (Value r : op->getResults())
        if (r.getType().isIntOrIndex() && !memo.count(r))
          memo.try_emplace(r, maxRangeOf(r));
      return;
    }
    auto arg = llvm::cast<BlockArgument>(v);
    Operation *parent = arg.getOwner()->getParentOp();
    if (isForInductionVar(v)) {
      memo.try_emplace(v, inductionRange(v, known(parent->getOperand(0)),
                                         known(parent->getOperand(1)),
                                         known(parent->getOperand(2)),
                                         parent->hasAttr("unsignedCmp")));
      return;
    }
    if (Value init = loopInit(arg)) {
      // Every value the iter_arg takes is its init or a yielded value computed
      // from some earlier value of it: with the iter_arg provisionally
      // unknown, join(init, yielded) bounds them all.
      ConstantIntRanges range = known(init);
      memo.try_emplace(v, maxRangeOf(v));
      Operation *yield = arg.getOwner()->getTerminator();
      unsigned k = arg.getArgNumber() - 1;
      if (yield && k < yield->getNumOperands()) {
        Value y = yield->getOperand(k);
        if (y != v)
          range = range.rangeUnion(get(y));
      } else {
        range = maxRangeOf(v);
      }
      memo.find(v)->second = range;
      return;
    }
    // Function arguments (unless declared) and other block arguments.
    memo.try_emplace(v, declaredRange(v).value_or(maxRangeOf(v)));
  }

public:
  /// The values in `root`'s backward slice whose range the program does not
  /// determine: launch queries, function (and other non-loop block)
  /// arguments, results of ops without range inference.
  static llvm::SmallVector<Value> assumptions(Value root) {
    llvm::SmallVector<Value> out, work{root};
    llvm::DenseSet<Value> seen{root};
    auto visit = [&](Value v) {
      if (v && seen.insert(v).second)
        work.push_back(v);
    };
    while (!work.empty()) {
      Value v = work.pop_back_val();
      if (Operation *op = v.getDefiningOp()) {
        if (Value carried = regionResultSource(v, 0)) {
          visit(carried);
          visit(regionResultSource(v, 1));
        } else if (!isLaunchQuery(op) &&
                   llvm::isa<InferIntRangeInterface>(op) &&
                   llvm::all_of(op->getOperandTypes(),
                                [](Type t) { return t.isIntOrIndex(); })) {
          for (Value o : op->getOperands())
            visit(o);
        } else {
          out.push_back(v);
        }
        continue;
      }
      auto arg = llvm::cast<BlockArgument>(v);
      Operation *parent = arg.getOwner()->getParentOp();
      if (isForInductionVar(v)) {
        for (unsigned i = 0; i < 3; ++i)
          visit(parent->getOperand(i));
      } else if (Value init = loopInit(arg)) {
        visit(init);
        Operation *yield = arg.getOwner()->getTerminator();
        unsigned k = arg.getArgNumber() - 1;
        if (yield && k < yield->getNumOperands())
          visit(yield->getOperand(k));
      } else {
        out.push_back(v);
      }
    }
    return out;
  }

private:
  /// The memoised range of a dependency; anything if it has none (a cycle
  /// of uses, which only unreachable code can have).
  ConstantIntRanges known(Value v) {
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    if (auto c = constantRange(v))
      return *c;
    return maxRangeOf(v);
  }

  static bool isIntConstant(Value v) {
    return static_cast<bool>(ptonz::integerConstant(v));
  }

  /// An integer arith op's transfer function applied to operand ranges:
  /// kernels repeat the same offset arithmetic over the same ranges, so the
  /// result is memoised by what it depends on (the op, its overflow flags,
  /// its result type and its operand ranges, all of at most 64 bits).
  struct TransferKey {
    const void *name = nullptr, *type = nullptr;
    unsigned flags = 0, count = 0;
    std::array<uint64_t, 12> words{};
    std::array<unsigned, 3> widths{};
    bool operator==(const TransferKey &o) const {
      return name == o.name && type == o.type && flags == o.flags &&
             count == o.count && words == o.words && widths == o.widths;
    }
  };
  struct TransferKeyHash {
    size_t operator()(const TransferKey &k) const {
      return llvm::hash_combine(
          k.name, k.type, k.flags, k.count,
          llvm::hash_combine_range(k.words.begin(), k.words.end()),
          llvm::hash_combine_range(k.widths.begin(), k.widths.end()));
    }
  };

  static std::optional<TransferKey>
  transferKey(Operation *op, llvm::ArrayRef<ConstantIntRanges> args) {
    // Ops whose inference depends on nothing but these (no other attribute).
    if (!llvm::isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ShLIOp,
                   arith::ShRSIOp, arith::ShRUIOp, arith::DivSIOp,
                   arith::DivUIOp, arith::CeilDivSIOp, arith::FloorDivSIOp,
                   arith::RemSIOp, arith::RemUIOp, arith::MinSIOp,
                   arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp,
                   arith::AndIOp, arith::OrIOp, arith::XOrIOp,
                   arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
                   arith::ExtUIOp, arith::TruncIOp>(op) ||
        op->getNumResults() != 1 || args.size() > 3 ||
        !op->getDiscardableAttrDictionary().empty())
      return std::nullopt;
    TransferKey key;
    key.name = op->getName().getAsOpaquePointer();
    key.type = op->getResult(0).getType().getAsOpaquePointer();
    if (auto of = llvm::dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op))
      key.flags = (unsigned)of.getOverflowAttr().getValue() + 1;
    key.count = args.size();
    for (size_t i = 0; i < args.size(); ++i) {
      const ConstantIntRanges &r = args[i];
      if (r.smin().getBitWidth() > 64)
        return std::nullopt;
      key.widths[i] = r.smin().getBitWidth();
      key.words[4 * i] = r.smin().getZExtValue();
      key.words[4 * i + 1] = r.smax().getZExtValue();
      key.words[4 * i + 2] = r.umin().getZExtValue();
      key.words[4 * i + 3] = r.umax().getZExtValue();
    }
    return key;
  }

  bool singleLaunch;
  llvm::DenseMap<Value, ConstantIntRanges> memo;
  std::unordered_map<TransferKey, ConstantIntRanges, TransferKeyHash> transfers;
};

//===----------------------------------------------------------------------===//
// DataFlowSolver driver
//===----------------------------------------------------------------------===//

class PtonzIntegerRangeAnalysis : public IntegerRangeAnalysis {
public:
  using IntegerRangeAnalysis::IntegerRangeAnalysis;

  void setToEntryState(IntegerValueRangeLattice *lattice) override {
    if (auto range = declaredRange(lattice->getAnchor())) {
      propagateIfChanged(lattice, lattice->join(IntegerValueRange(*range)));
      return;
    }
    IntegerRangeAnalysis::setToEntryState(lattice);
  }

  void
  visitNonControlFlowArguments(Operation *op, const RegionSuccessor &successor,
                               ArrayRef<IntegerValueRangeLattice *> argLattices,
                               unsigned firstIndex) override {
    if (op->getName().getStringRef() != "scf.for" || op->getNumOperands() < 3 ||
        op->getNumRegions() != 1 || op->getRegion(0).empty())
      return IntegerRangeAnalysis::visitNonControlFlowArguments(
          op, successor, argLattices, firstIndex);
    Block *body = &op->getRegion(0).front();
    Value iv = body->getArgument(0);
    if (!iv.getType().isIntOrIndex())
      return;
    auto rangeOf = [&](Value v) -> std::optional<ConstantIntRanges> {
      const IntegerValueRangeLattice *l =
          getLatticeElementFor(getProgramPointBefore(body), v);
      if (!l || l->getValue().isUninitialized())
        return std::nullopt;
      return l->getValue().getValue();
    };
    auto lb = rangeOf(op->getOperand(0)), ub = rangeOf(op->getOperand(1)),
         step = rangeOf(op->getOperand(2));
    if (!lb || !ub || !step)
      return; // revisited once they are known (getLatticeElementFor recorded
              // the dependency)
    IntegerValueRangeLattice *ivLattice = getLatticeElement(iv);
    propagateIfChanged(ivLattice,
                       ivLattice->join(IntegerValueRange(inductionRange(
                           iv, *lb, *ub, *step, op->hasAttr("unsignedCmp")))));
  }
};

} // namespace

struct ptonz::ValueRanges::Impl {
  explicit Impl(bool singleLaunch) : demand(singleLaunch) {}
  std::unique_ptr<DataFlowSolver> solver; // the dataflow driver
  bool solverOk = false;
  DemandRanges demand; // the default driver
};

ptonz::ValueRanges::ValueRanges(Operation *root, bool dataflow,
                                bool singleLaunch)
    : impl(std::make_unique<Impl>(singleLaunch)) {
  if (!dataflow)
    return;
  impl->solver = std::make_unique<DataFlowSolver>(
      DataFlowConfig().setInterprocedural(false));
  impl->solver->load<DeadCodeAnalysis>();
  impl->solver->load<SparseConstantPropagation>();
  impl->solver->load<PtonzIntegerRangeAnalysis>();
  impl->solverOk = succeeded(impl->solver->initializeAndRun(root));
}

ptonz::ValueRanges::~ValueRanges() = default;

std::optional<ptonz::DeclaredArgument> ptonz::declaredArgument(Value v) {
  auto arg = llvm::dyn_cast<BlockArgument>(v);
  if (!arg || !arg.getOwner()->isEntryBlock() || !v.getType().isIntOrIndex())
    return std::nullopt;
  auto func = llvm::dyn_cast_if_present<FunctionOpInterface>(
      arg.getOwner()->getParentOp());
  if (!func || arg.getArgNumber() >= func.getNumArguments())
    return std::nullopt;
  auto attr = func.getArgAttrOfType<DenseI64ArrayAttr>(arg.getArgNumber(),
                                                       kArgRangeAttr);
  if (!attr || (attr.size() != 2 && attr.size() != 3))
    return std::nullopt;
  int64_t lo = attr[0], hi = attr[1], step = attr.size() == 3 ? attr[2] : 1;
  if (lo >= hi || step <= 0)
    return std::nullopt;
  // The last value taken, lo + ((hi - 1 - lo) / step) * step, without overflow.
  uint64_t span = (uint64_t)hi - 1 - (uint64_t)lo;
  int64_t last =
      (int64_t)((uint64_t)lo + span / (uint64_t)step * (uint64_t)step);
  unsigned w = ConstantIntRanges::getStorageBitwidth(v.getType());
  if (w < 64 && (!APInt(64, lo, true).isSignedIntN(w) ||
                 !APInt(64, last, true).isSignedIntN(w)))
    return std::nullopt; // not representable at the argument's width: rejected
                         // when declared
  return DeclaredArgument{lo, last, step};
}

bool ptonz::isForInductionVar(Value v) {
  auto arg = llvm::dyn_cast<BlockArgument>(v);
  if (!arg || arg.getArgNumber() != 0)
    return false;
  Operation *parent = arg.getOwner()->getParentOp();
  return parent && parent->getName().getStringRef() == "scf.for" &&
         parent->getNumOperands() >= 3 && arg.getOwner()->isEntryBlock();
}

/// [smin, smax] of an integer/index value of at most 64 bits (the passes'
/// offsets), without copying its range; false if it has none.
bool ptonz::ValueRanges::signedBounds(Value v, int64_t &lo, int64_t &hi) {
  if (!v.getType().isIntOrIndex())
    return false;
  if (impl->solver) {
    auto r = get(v);
    if (!r || r->smin().getBitWidth() > 64)
      return false;
    lo = r->smin().getSExtValue(), hi = r->smax().getSExtValue();
    return true;
  }
  const ConstantIntRanges &r = impl->demand.get(v);
  if (r.smin().getBitWidth() > 64)
    return false;
  lo = r.smin().getSExtValue(), hi = r.smax().getSExtValue();
  return true;
}

std::optional<ConstantIntRanges> ptonz::ValueRanges::get(Value v) {
  if (!v.getType().isIntOrIndex())
    return std::nullopt;
  if (!impl->solver)
    return impl->demand.get(v);
  if (!impl->solverOk)
    return std::nullopt;
  auto *lattice = impl->solver->lookupState<IntegerValueRangeLattice>(v);
  if (!lattice || lattice->getValue().isUninitialized())
    return std::nullopt;
  return lattice->getValue().getValue();
}

llvm::SmallVector<Value> ptonz::ValueRanges::assumptions(Value v) {
  return DemandRanges::assumptions(v);
}

ptonz::BoundsDecision
ptonz::decideConstantBounds(int64_t o, int64_t size,
                            std::optional<int64_t> extent) {
  if (o < 0)
    return {BoundsVerdict::Outside, BoundsReason::negativeConstant};
  if (!extent)
    return {BoundsVerdict::Undecided, BoundsReason::unknownExtent};
  if ((__int128)o + size > *extent)
    return {BoundsVerdict::Outside, BoundsReason::beyondExtent};
  return {BoundsVerdict::Inside, BoundsReason::inside};
}

ptonz::BoundsDecision ptonz::decideBounds(ValueRanges &any, ValueRanges &single,
                                          Value offset, int64_t size,
                                          std::optional<int64_t> extent) {
  using V = BoundsVerdict;
  using R = BoundsReason;
  if (auto c = constantRange(offset); c && c->smin().getBitWidth() <= 64)
    // A constant offset (most of them): no range to compute.
    return decideConstantBounds(c->smin().getSExtValue(), size, extent);
  int64_t lo, hi;
  if (!any.signedBounds(offset, lo, hi))
    return {V::Undecided, R::undecided};
  // 128-bit arithmetic: offset + size must not wrap here.
  auto inside = [&](int64_t lo, int64_t hi) {
    return extent && lo >= 0 && (__int128)hi + size <= *extent;
  };
  if (inside(lo, hi))
    return {V::Inside, R::inside};
  if (!single.signedBounds(offset, lo, hi))
    return {V::Undecided, R::undecided};
  if (hi < 0 || (extent && (__int128)lo + size > *extent))
    return {V::Outside,
            R::alwaysOutside}; // every value, even in a launch of one block
  if (inside(lo, hi) || !extent)
    return {V::Undecided, R::undecided}; // the launch decides
  for (Value a : ValueRanges::assumptions(offset)) {
    Operation *op = a.getDefiningOp();
    if (!op || !isLaunchQuery(op))
      return {V::Undecided,
              R::undecided}; // an argument, an op without range inference
  }
  return {V::Outside,
          R::programLeaves}; // partly outside, by the program's own range
}

ptonz::SizeDecision ptonz::decideSize(ValueRanges &any, ValueRanges &single,
                                      Value size, int64_t lo,
                                      std::optional<int64_t> hi) {
  auto below = [&](int64_t v) { return v < lo; };
  auto above = [&](int64_t v) { return hi && v > *hi; };
  int64_t smin, smax;
  if (any.signedBounds(size, smin, smax) && !below(smin) && !above(smax))
    return {SizeVerdict::Positive};
  if (!single.signedBounds(size, smin, smax))
    return {SizeVerdict::Undecided};
  if (below(smax) || above(smin))
    return {SizeVerdict::NotPositive, /*never=*/true};
  if ((below(smin) || above(smax)) && ValueRanges::assumptions(size).empty())
    return {SizeVerdict::NotPositive};
  return {SizeVerdict::Undecided};
}
