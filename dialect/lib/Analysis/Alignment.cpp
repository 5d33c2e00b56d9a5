//===- Alignment.cpp - proven power-of-two multiples of index values ------===//
//
// The offset proofs' table (provableForms), the walk that applies it
// (Alignment::compute: walking an offset's defining ops from Python cost a
// binding call and a wrapper per op, ~15% of pto-block-nz-views) and the
// explanations of a failed proof (the value to blame and the form it failed
// at), so that what is proven, what the errors list and why a proof failed
// come from one place.
//
//===----------------------------------------------------------------------===//

#include "ptonz/Alignment.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>

using namespace mlir;
using ptonz::AlignmentRule;
using ptonz::ProofFailure;
using ptonz::ProvableForm;

namespace {
/// Deeper chains are not walked (nothing is proven of them).
constexpr unsigned kMaxDepth = 256;

/// The failure of a walk that gave up after kMaxDepth defining ops, at the
/// value where it stopped.
ProofFailure tooDeep(Value stoppedAt) {
  return ProofFailure{stoppedAt, "too_deep",
                      "the offset's defining chain is more than " +
                          std::to_string(kMaxDepth) +
                          " ops deep, deeper than the proof walks; compute "
                          "the offset in fewer steps"};
}

/// Saturating sum (kZero absorbs).
unsigned plus(unsigned a, unsigned b) {
  if (a == ptonz::Alignment::kZero || b == ptonz::Alignment::kZero)
    return ptonz::Alignment::kZero;
  return a + b;
}

unsigned bitWidth(Type t) {
  return t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
}

/// `arith.addi/subi/ori` of {"arith.addi", "arith.subi", "arith.ori"}: each
/// dialect's prefix once (`pl.a/b, pto.c`).
std::string compact(llvm::ArrayRef<std::string> ops) {
  std::string out;
  llvm::StringRef dialect;
  for (const std::string &op : ops) {
    auto [d, name] = llvm::StringRef(op).split('.');
    if (!out.empty())
      out += d == dialect ? "/" : ", ";
    out += d == dialect ? name.str() : op;
    dialect = d;
  }
  return out;
}

ProvableForm row(const char *key, AlignmentRule rule,
                 std::vector<std::string> ops, const char *form,
                 const char *when, const char *qualifier) {
  std::string brief = ops.empty() ? std::string(qualifier) : compact(ops);
  if (!ops.empty() && *qualifier)
    brief += std::string(" ") + qualifier;
  return ProvableForm{key, rule, std::move(ops), form, when, brief};
}

std::vector<ProvableForm> makeForms() {
  using R = AlignmentRule;
  std::string launch = "in [0, " + std::to_string(ptonz::kMaxBlockNum - 1) +
                       "] (indices) / [1, " +
                       std::to_string(ptonz::kMaxBlockNum) + "] (counts)";
  std::vector<ProvableForm> forms = {
      row("constant", R::constant, {"arith.constant"}, "`arith.constant c`",
          "`c % 2^k == 0`", ""),
      row("induction_variable", R::inductionVariable, {},
          "`scf.for` induction variable", "its lower bound and step are",
          "scf.for induction variables (lower bound and step; range [lb, last "
          "iv])"),
      row("declared_argument", R::declaredArgument, {},
          "function argument declared with `ptonz.arg_range` (`--arg-range`)",
          "its lower end and step are",
          "function arguments declared with --arg-range (lower end and step)"),
      row("product", R::product, {"arith.muli"}, "`arith.muli a, b`",
          "a is of 2^i, b of 2^j, i + j >= k", ""),
      row("shift", R::shift, {"arith.shli"},
          "`arith.shli a, c` (constant c, 0 <= c < width)", "a is of 2^(k - c)",
          "by a constant"),
      row("both", R::both,
          {"arith.addi", "arith.subi", "arith.ori", "arith.xori", "arith.minsi",
           "arith.maxsi", "arith.minui", "arith.maxui"},
          "`arith.addi/subi/ori/xori/minsi/maxsi/minui/maxui a, b`",
          "a and b are", ""),
      row("either", R::either, {"arith.andi"}, "`arith.andi a, b`", "a or b is",
          ""),
      row("select", R::select, {"arith.select"}, "`arith.select c, a, b`",
          "a and b are", ""),
      row("quotient", R::quotient,
          {"arith.floordivsi", "arith.divsi", "arith.divui"},
          "`arith.floordivsi/divsi/divui a, 2^j` (constant 2^j)",
          "a is of 2^(k + j)", "by a power of two"),
      row("remainder", R::remainder, {"arith.remsi", "arith.remui"},
          "`arith.remsi/remui a, c` (constant c > 0)", "a and c are (a - q*c)",
          "by a positive constant (remsi: of a dividend proven non-negative)"),
      row("cast", R::cast,
          {"arith.index_cast", "arith.index_castui", "arith.extsi",
           "arith.extui", "arith.trunci"},
          "`arith.index_cast/index_castui/extsi/extui/trunci a`", "a is",
          "of provable terms"),
      row("constant_range", R::constantRange, {},
          "any value whose integer range is one constant c", "`c % 2^k == 0`",
          "any value whose integer range is one constant"),
  };
  // The launch queries: the ops with the LaunchQuery trait (named by
  // provableForms(context)).
  forms.push_back(
      row("launch_query", R::launchQuery, {},
          "a launch query (an op with the LaunchQuery trait)",
          "only for 2^k == 1 (non-negative: its range is the launch's)",
          "the launch queries"));
  return forms;
}

std::string launchBrief(llvm::ArrayRef<std::string> ops) {
  return "the launch queries " + compact(ops) + " (in [0, " +
         std::to_string(ptonz::kMaxBlockNum - 1) + "] for an index, [1, " +
         std::to_string(ptonz::kMaxBlockNum) + "] for a count)";
}

/// The rule of the form an op's result is in, by op name.
std::optional<AlignmentRule> ruleOf(Operation *op) {
  static const llvm::StringMap<AlignmentRule> byName = [] {
    llvm::StringMap<AlignmentRule> m;
    for (const ProvableForm &f : ptonz::provableForms())
      for (const std::string &op : f.ops)
        m[op] = f.rule;
    return m;
  }();
  if (ptonz::isLaunchQuery(op))
    return AlignmentRule::launchQuery;
  auto it = byName.find(op->getName().getStringRef());
  if (it == byName.end())
    return std::nullopt;
  return it->second;
}

llvm::StringRef keyOf(AlignmentRule rule) {
  for (const ProvableForm &f : ptonz::provableForms())
    if (f.rule == rule)
      return f.key;
  return "";
}

std::string text(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

/// `[smin, smax]` (analyses.int_ranges.Range's form), or "None".
std::string text(const std::optional<ConstantIntRanges> &r) {
  if (!r)
    return "None";
  llvm::SmallString<48> lo, hi;
  r->smin().toString(lo, 10, /*Signed=*/true);
  r->smax().toString(hi, 10, /*Signed=*/true);
  return ("[" + lo + ", " + hi + "]").str();
}

bool nonNegative(const std::optional<ConstantIntRanges> &r) {
  return r && !r->smin().isNegative();
}

/// The op owning `v`'s block ("" at top level).
llvm::StringRef ownerName(BlockArgument arg) {
  Operation *parent = arg.getOwner()->getParentOp();
  return parent ? parent->getName().getStringRef() : llvm::StringRef();
}

ProofFailure argumentFailure(BlockArgument arg) {
  if (ownerName(arg) != "func.func")
    return {arg, "argument",
            "a block argument is never resolved: nothing is known of its "
            "value; compute the "
            "offset from provable forms inside the kernel"};
  return {arg, "argument",
          "a function argument is never resolved: nothing is known of its "
          "value; compute the "
          "offset from provable forms inside the kernel, or declare the values "
          "the launch gives "
          "it (ptonz-opt --arg-range=@FUNC:INDEX=LO:HI[:STEP], e.g. "
          ":0:8192:256 for the "
          "multiples of 256 below 8192)"};
}

ProofFailure unprovable(Value v, Operation *op) {
  return {v, "unprovable",
          "'" + op->getName().getStringRef().str() +
              "' is not one of the provable forms"};
}
} // namespace

llvm::ArrayRef<ProvableForm> ptonz::provableForms() {
  static const std::vector<ProvableForm> forms = makeForms();
  return forms;
}

std::vector<ProvableForm> ptonz::provableForms(MLIRContext *ctx) {
  std::vector<ProvableForm> forms(provableForms().begin(),
                                  provableForms().end());
  for (ProvableForm &f : forms) {
    if (f.rule != AlignmentRule::launchQuery)
      continue;
    for (RegisteredOperationName name : ctx->getRegisteredOperations())
      if (name.hasTrait<ptonz::OpTrait::LaunchQuery>())
        f.ops.push_back(name.getStringRef().str());
    llvm::sort(f.ops);
    f.brief = launchBrief(f.ops);
  }
  return forms;
}

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
  std::optional<AlignmentRule> rule;
  if (!op) {
    Operation *parent = llvm::cast<BlockArgument>(v).getOwner()->getParentOp();
    if (ptonz::isForInductionVar(v)) // lb + k * step
      return std::min(sub(parent->getOperand(0)), sub(parent->getOperand(2)));
    if (std::optional<ptonz::DeclaredArgument> d = ptonz::declaredArgument(v))
      return std::min(ofConstant(d->lo), ofConstant(d->step)); // lo + k * step
    if (!parent || parent->getName().getStringRef() != "scf.for")
      return 0; // other function and block arguments: nothing is known
    // an scf.for iter_arg: only a constant range helps (below)
  } else {
    rule = ruleOf(op);
  }
  using R = AlignmentRule;
  switch (rule.value_or(R::constantRange)) {
  case R::constant:
    return 0; // not an integer of at most 64 bits (constantOf has the others)
  case R::product:
    return plus(sub(op->getOperand(0)), sub(op->getOperand(1)));
  case R::both:
    return std::min(sub(op->getOperand(0)), sub(op->getOperand(1)));
  case R::either:
    return std::max(sub(op->getOperand(0)), sub(op->getOperand(1)));
  case R::select:
    return std::min(sub(op->getOperand(1)), sub(op->getOperand(2)));
  case R::cast:
    return sub(op->getOperand(0));
  case R::shift: {
    std::optional<int64_t> shift = ptonz::constantOf(op->getOperand(1));
    if (shift && *shift >= 0 && *shift < (int64_t)bitWidth(v.getType()))
      return plus(sub(op->getOperand(0)), (unsigned)*shift);
    break;
  }
  case R::quotient: {
    std::optional<int64_t> d = ptonz::constantOf(op->getOperand(1));
    if (d && *d > 0 && llvm::has_single_bit((uint64_t)*d)) {
      unsigned a = sub(op->getOperand(0)), k = ofConstant(*d);
      return a == kZero ? kZero : (a > k ? a - k : 0);
    }
    break;
  }
  case R::remainder: {
    std::optional<int64_t> c = ptonz::constantOf(op->getOperand(1));
    if (c && *c > 0) // a - q * c
      return std::min(sub(op->getOperand(0)), ofConstant(*c));
    break;
  }
  case R::launchQuery:
    return 0;
  case R::inductionVariable:
  case R::declaredArgument:
  case R::constantRange:
    break;
  }
  // Other ops and iter_args: only a range that is one constant helps.
  int64_t lo, hi;
  if (ranges.signedBounds(v, lo, hi) && lo == hi)
    return ofConstant(lo);
  return 0;
}

std::optional<ProofFailure> ptonz::Alignment::whyNotMultiple(Value v,
                                                             unsigned k) {
  if (log2Multiple(v) >= k)
    return std::nullopt;
  auto below = [&](Value x) { return log2Multiple(x) < k; };
  using R = AlignmentRule;
  for (unsigned step = 0; step < kMaxDepth; ++step) {
    std::string d = std::to_string(uint64_t(1) << std::min(k, 63u));
    Value next;
    if (auto arg = llvm::dyn_cast<BlockArgument>(v)) {
      if (ptonz::isForInductionVar(v)) {
        Operation *loop = arg.getOwner()->getParentOp();
        next = below(loop->getOperand(0)) ? loop->getOperand(0)
                                          : loop->getOperand(2);
      } else if (ownerName(arg) == "scf.for") {
        return ProofFailure{
            v, "iter_arg",
            "an scf.for iter_arg is never resolved: its value changes every "
            "iteration"};
      } else {
        return argumentFailure(arg);
      }
      v = next;
      continue;
    }
    Operation *op = v.getDefiningOp();
    std::optional<R> rule = ruleOf(op);
    if (!rule)
      return unprovable(v, op);
    switch (*rule) {
    case R::constant: {
      std::optional<int64_t> c = ptonz::constantOf(v);
      if (!c)
        return ProofFailure{v, "constant", "a non-integer constant"};
      return ProofFailure{v, "constant",
                          "the constant " + std::to_string(*c) +
                              " is not a multiple of " + d};
    }
    case R::product:
    case R::either:
    case R::cast:
      next = op->getOperand(0);
      break;
    case R::both:
      next = below(op->getOperand(0))   ? op->getOperand(0)
             : below(op->getOperand(1)) ? op->getOperand(1)
                                        : Value();
      break;
    case R::select:
      next = below(op->getOperand(1))   ? op->getOperand(1)
             : below(op->getOperand(2)) ? op->getOperand(2)
                                        : Value();
      break;
    case R::shift: {
      std::optional<int64_t> shift = ptonz::constantOf(op->getOperand(1));
      if (shift && *shift >= 0 && *shift < (int64_t)bitWidth(v.getType())) {
        next = op->getOperand(0);
        k = k > (unsigned)*shift ? k - (unsigned)*shift : 0;
      }
      break;
    }
    case R::remainder: {
      std::optional<int64_t> c = ptonz::constantOf(op->getOperand(1));
      if (c && *c > 0) {
        if (ofConstant(*c) < k)
          return ProofFailure{v, keyOf(*rule).str(),
                              "a remainder by " + std::to_string(*c) +
                                  " is not a multiple of " + d};
        next = op->getOperand(0);
      }
      break;
    }
    case R::quotient: {
      std::optional<int64_t> c = ptonz::constantOf(op->getOperand(1));
      if (c && *c > 0 && llvm::has_single_bit((uint64_t)*c)) {
        next = op->getOperand(0);
        k += ofConstant(*c);
      }
      break;
    }
    case R::launchQuery:
      return ProofFailure{
          v, keyOf(*rule).str(),
          op->getName().getStringRef().str() +
              " is non-negative but not known to be a multiple of " + d +
              "; scale it, e.g. arith.muli by a multiple of " + d};
    case R::inductionVariable:
    case R::declaredArgument:
    case R::constantRange:
      break;
    }
    if (!next)
      return unprovable(v, op);
    v = next;
  }
  return tooDeep(v);
}

std::optional<ProofFailure> ptonz::Alignment::whyNegative(Value v) {
  if (nonNegative(ranges.get(v)))
    return std::nullopt;
  for (unsigned step = 0; step < kMaxDepth; ++step) {
    std::optional<ConstantIntRanges> r = ranges.get(v);
    if (auto arg = llvm::dyn_cast<BlockArgument>(v)) {
      if (ptonz::isForInductionVar(v)) {
        Value lb = arg.getOwner()->getParentOp()->getOperand(0);
        if (!nonNegative(ranges.get(lb))) {
          v = lb;
          continue;
        }
        return ProofFailure{
            v, "induction_variable",
            "the scf.for induction variable is not proven non-negative (its "
            "range is " +
                text(r) + ": the loop may wrap around or compare unsigned)"};
      }
      if (ownerName(arg) == "scf.for")
        return ProofFailure{
            v, "iter_arg",
            "an scf.for iter_arg is never resolved: its value changes every "
            "iteration (its range is " +
                text(r) + ")"};
      return argumentFailure(arg);
    }
    Operation *op = v.getDefiningOp();
    llvm::StringRef name = op->getName().getStringRef();
    if (name == "arith.constant") {
      std::optional<int64_t> c = ptonz::constantOf(v);
      if (!c)
        return ProofFailure{v, "constant", "a non-integer constant"};
      return ProofFailure{
          v, "constant", "the constant " + std::to_string(*c) + " is negative"};
    }
    if (llvm::is_contained(ValueRanges::assumptions(v), v))
      return unprovable(v, op);
    // The operands whose sign matters (not an i1 condition).
    llvm::SmallVector<Value> signedOperands;
    for (Value o : op->getOperands())
      if (o.getType().isIndex() || (llvm::isa<IntegerType>(o.getType()) &&
                                    o.getType().getIntOrFloatBitWidth() > 1))
        signedOperands.push_back(o);
    Value culprit;
    for (Value o : signedOperands)
      if (!nonNegative(ranges.get(o))) {
        culprit = o;
        break;
      }
    if (culprit && name != "arith.cmpi") {
      v = culprit;
      continue;
    }
    // An op whose operands are non-negative and whose result may not be.
    std::string ops;
    for (Value o : signedOperands)
      if (std::optional<ConstantIntRanges> orange = ranges.get(o))
        ops += (ops.empty() ? "" : " and ") + text(orange);
    std::string rng = r ? "its range is " + text(r) : "its range is unknown";
    std::optional<AlignmentRule> rule = ruleOf(op);
    std::string key = rule ? keyOf(*rule).str() : "unprovable";
    if (name == "arith.muli" || name == "arith.addi" || name == "arith.shli")
      return ProofFailure{v, key,
                          name.str() + " of operands in " + ops +
                              " may wrap around at " + text(v.getType()) +
                              ": " + rng +
                              ", so it is not proven non-negative"};
    if (name == "arith.subi")
      return ProofFailure{v, key,
                          "arith.subi of operands in " + ops +
                              " can be negative: " + rng};
    if (rule == AlignmentRule::cast)
      return ProofFailure{
          v, key,
          name.str() + " from " + text(op->getOperand(0).getType()) + " to " +
              text(v.getType()) + " may wrap around: the operand's range " +
              ops + " does not fit, and " + rng};
    return ProofFailure{
        v, key, "'" + name.str() + "' is not proven non-negative: " + rng};
  }
  return tooDeep(v);
}
