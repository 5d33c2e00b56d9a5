//===- PTODialect.cpp - `pto` registration, unknown ops, module rules -----===//

#include "ptonz/Common.h"
#include "ptonz/PTOBase.h"
#include "ptonz/PTOPassThroughRules.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <array>

using namespace mlir;
using namespace ptonz::pto;

#include "ptonz/PTODialect.cpp.inc"
#include "ptonz/PTOEnums.cpp.inc"

void PTODialect::initialize() {
  registerTypes();
  registerAttributes();
  registerPTODialectOperations(this);
  // Newer PTOAS ops ptonz does not define stay in the IR as unregistered
  // `pto.*` operations (see getParseOperationHook).
  allowUnknownOperations();
}

//===----------------------------------------------------------------------===//
// PTOAS target
//===----------------------------------------------------------------------===//

/// The pto dialect of `op`'s context: the op's own dialect for a pto op (no
/// lookup), else the context's loaded one (null if none).
static const PTODialect *ptoDialectOf(Operation *op) {
  if (auto *dialect = llvm::dyn_cast_if_present<PTODialect>(op->getDialect()))
    return dialect;
  return op->getContext()->getLoadedDialect<PTODialect>();
}

TargetArch ptonz::pto::targetArchOf(Operation *op) {
  if (auto module = op->getParentOfType<ModuleOp>())
    if (auto arch = module->getAttrOfType<StringAttr>("pto.target_arch"))
      return arch.getValue().equals_insensitive("a5") ? TargetArch::a5
                                                      : TargetArch::a3;
  if (const PTODialect *dialect = ptoDialectOf(op))
    return dialect->getTargetArch();
  return PTODialect::getDefaultTarget().arch;
}

static BuildLevel buildLevelOfDialect(const PTODialect *dialect) {
  return dialect ? dialect->getBuildLevel()
                 : PTODialect::getDefaultTarget().level;
}

BuildLevel ptonz::pto::buildLevelOf(MLIRContext *ctx) {
  return buildLevelOfDialect(ctx->getLoadedDialect<PTODialect>());
}

BuildLevel ptonz::pto::buildLevelOf(Operation *op) {
  return buildLevelOfDialect(ptoDialectOf(op));
}

// Set once, at import, before any context exists (no lock needed).
static PtoasTarget defaultTarget;

PtoasTarget PTODialect::getDefaultTarget() { return defaultTarget; }

void PTODialect::setDefaultTarget(PtoasTarget defaults) {
  defaultTarget = defaults;
}

static bool ptoasAtLeastOfDialect(const PTODialect *dialect, int major,
                                  int minor) {
  auto version = dialect ? dialect->getPtoasVersion()
                         : PTODialect::getDefaultTarget().version;
  return version >= std::make_pair(major, minor);
}

bool ptonz::pto::ptoasAtLeast(MLIRContext *ctx, int major, int minor) {
  return ptoasAtLeastOfDialect(ctx->getLoadedDialect<PTODialect>(), major,
                               minor);
}

bool ptonz::pto::ptoasAtLeast(Operation *op, int major, int minor) {
  return ptoasAtLeastOfDialect(ptoDialectOf(op), major, minor);
}

bool ptonz::pto::isGMPointer(Type type) {
  if (auto ptr = dyn_cast<PtrType>(type))
    return ptr.isGM();
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return false;
  Attribute space = memref.getMemorySpace();
  if (!space)
    return true;
  if (auto as = dyn_cast<AddressSpaceAttr>(space))
    return as.getValue() == AddressSpace::gm;
  if (auto i = dyn_cast<IntegerAttr>(space))
    return i.getInt() == 0;
  return false;
}

bool ptonz::pto::isDpsType(Type type) {
  if (isa<RankedTensorType, PartitionTensorViewType, TileBufType>(type))
    return true;
  return isa<MemRefType>(type) && !ptoasAtLeast(type.getContext(), 0, 60);
}

//===----------------------------------------------------------------------===//
// Unknown `pto.*` ops:  pto.<name> ins(%a, ... : T, ...) outs(%d, ... : U, ...)
//                       {attrs} -> R, ...
// parse and print as unregistered operations. Their operand split is kept in
// `operandSegmentSizes` (ins, outs) like an ODS op's. MLIR gives an
// unregistered op unknown side effects: it reads and writes anything.
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kSegments = "operandSegmentSizes";

/// `%a, %b : T1, T2` inside the parentheses of ins/outs.
static ParseResult
parseOperandsAndTypes(OpAsmParser &p,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values,
                      SmallVectorImpl<Type> &types) {
  if (p.parseLParen())
    return failure();
  if (succeeded(p.parseOptionalRParen()))
    return success();
  SMLoc at = p.getCurrentLocation();
  if (p.parseOperandList(values) || p.parseColonTypeList(types) ||
      p.parseRParen())
    return failure();
  if (values.size() != types.size())
    return p.emitError(at) << "expected " << values.size() << " types for "
                           << values.size() << " operands, got "
                           << types.size();
  return success();
}

static ParseResult parseUnknownOp(OpAsmParser &p, OperationState &state) {
  SmallVector<OpAsmParser::UnresolvedOperand> ins, outs;
  SmallVector<Type> insTypes, outsTypes;
  SMLoc start = p.getCurrentLocation();
  bool hasIns = succeeded(p.parseOptionalKeyword("ins"));
  if (hasIns && parseOperandsAndTypes(p, ins, insTypes))
    return failure();
  bool hasOuts = succeeded(p.parseOptionalKeyword("outs"));
  if (hasOuts && parseOperandsAndTypes(p, outs, outsTypes))
    return failure();
  if (p.parseOptionalAttrDict(state.attributes))
    return failure();
  if (succeeded(p.parseOptionalArrow()) && p.parseTypeList(state.types))
    return failure();
  if (p.resolveOperands(ins, insTypes, start, state.operands) ||
      p.resolveOperands(outs, outsTypes, start, state.operands))
    return failure();
  state.addAttribute(kSegments, p.getBuilder().getDenseI32ArrayAttr(
                                    {static_cast<int32_t>(ins.size()),
                                     static_cast<int32_t>(outs.size())}));
  return success();
}

//===----------------------------------------------------------------------===//
// Other unknown `pto.*` ops (PTOAS 0.60's `pto.subview %t[%i, %j] sizes [2, 8]
// : T -> U`, `pto.comm.twait(%s, %v : T, i32) {cmp = ...}`, the vector ops
// `pto.vsts %v, %p[%c0], %m : ...`, `pto.vecscope { ... }`, ...) pass through
// in their own custom syntax. The parser reads the op as a sequence of
// tokens -- operands, keywords, literals, attributes, brackets, one attribute
// dictionary, regions, `:` type lists and `-> results` -- and records the
// sequence in three attributes that the printer replays:
//   ptonz.verbatim        the token kinds in order, with the spacing of the
//   source ptonz.verbatim_items  the keywords/literals (as written) and
//   attributes ptonz.verbatim_types  for each type written, the operand (>= 0)
//   or result
//                    (-1 - i) whose type it is
// Operands inside `[...]` are `index`; operands of a `(...)` group that has
// its own `: types` take those; every other operand takes the op's `:` types
// in order, the results the `->` types (or, without `->`, the types left
// over; one type given for several values is the type of all of them). The
// op is unregistered: MLIR gives it unknown side effects. Its end is the end
// of its line unless the line ends inside brackets or after a comma, or the
// next line continues it (`:`, `->`, `{`, or `keyword(`).
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kAsm = "ptonz.verbatim";
static constexpr llvm::StringLiteral kAsmItems = "ptonz.verbatim_items";
static constexpr llvm::StringLiteral kAsmTypes = "ptonz.verbatim_types";

namespace {
/// Raw look at the source around the parser's current token (the source
/// buffer is NUL-terminated and the op name precedes every token).
struct Cursor {
  const char *c;
  explicit Cursor(OpAsmParser &p) : c(p.getCurrentLocation().getPointer()) {}
  bool newlineBefore() const {
    for (const char *q = c - 1;; --q) {
      if (*q == '\n')
        return true;
      if (*q != ' ' && *q != '\t' && *q != '\r')
        return false;
    }
  }
  bool spaceBefore() const {
    return c[-1] == ' ' || c[-1] == '\t' || c[-1] == '\n' || c[-1] == '\r';
  }
  static bool identChar(char ch) {
    return llvm::isAlnum(ch) || ch == '_' || ch == '.' || ch == '$';
  }
  StringRef identifier() const {
    if (!(llvm::isAlpha(c[0]) || c[0] == '_'))
      return {};
    size_t n = 0;
    while (identChar(c[n]))
      ++n;
    return StringRef(c, n);
  }
  /// `{` opening a region (the rest of its line is empty, or a block or an
  /// op result follows) rather than an attribute dictionary.
  bool opensRegion() const {
    const char *q = c + 1;
    while (*q == ' ' || *q == '\t')
      ++q;
    return *q == '\n' || *q == '\r' || *q == '^' || *q == '%' || *q == '"';
  }
};

/// Identifiers that start a builtin type in a type list.
bool isBuiltinTypeKeyword(StringRef id) {
  if (id == "index" || id == "none" || id == "bf16" || id == "tf32" ||
      id.starts_with("f8E") || id.starts_with("f6E") || id.starts_with("f4E") ||
      id == "vector" || id == "memref" || id == "tensor" || id == "complex" ||
      id == "tuple")
    return true;
  StringRef digits = id;
  if (!(digits.consume_front("si") || digits.consume_front("ui") ||
        digits.consume_front("i") || digits.consume_front("f")))
    return false;
  return !digits.empty() && llvm::all_of(digits, llvm::isDigit);
}

struct Frame {
  char open;  // '[', '(' or '<'
  bool types; // inside a type list
  int group;  // the `(...)` group whose operands this frame holds, or -1
};
} // namespace

static ParseResult parseVerbatimOp(OpAsmParser &p, OperationState &state) {
  MLIRContext *ctx = state.getContext();
  Builder b(ctx);
  std::string format;
  SmallVector<Attribute> items;
  struct Use {
    OpAsmParser::UnresolvedOperand operand;
    bool index;
    int group;
    bool base; // followed by `[...]` (`%p[%i]`)
  };
  SmallVector<Use> uses;
  // The types written, in order: (group or -1 for the op's list, or -2 for
  // the results), and the type.
  SmallVector<std::pair<int, Type>> written;
  SmallVector<bool> groupHasTypes;
  SmallVector<int> groupParent;
  SmallVector<Frame> stack;
  bool mainTypes = false, arrow = false, haveDict = false;
  char last = 0; // the kind of the previous token
  SMLoc start = p.getCurrentLocation();

  auto inTypes = [&] { return stack.empty() ? mainTypes : stack.back().types; };
  auto currentGroup = [&] {
    for (auto it = stack.rbegin(); it != stack.rend(); ++it)
      if (it->open == '(' && it->group >= 0)
        return it->group;
    return -1;
  };
  auto typeSink = [&]() -> int {
    if (stack.empty())
      return arrow ? -2 : -1;
    int g = currentGroup();
    return g >= 0 && groupHasTypes[g] ? g : (arrow ? -2 : -1);
  };
  auto emit = [&](const Cursor &at, char kind) {
    if (at.spaceBefore() && kind != ',' && kind != ']' && kind != ')' &&
        kind != 'd')
      format += ' ';
    format += kind;
    last = kind;
  };
  auto rawToken = [&](const char *from) {
    return StringRef(from, p.getCurrentLocation().getPointer() - from).rtrim();
  };

  while (true) {
    Cursor at(p);
    char c = at.c[0];
    if (c == '\0' || c == '}')
      break;
    if (stack.empty()) {
      bool nl = at.newlineBefore();
      bool afterType = last == 't' || (last == ')' && mainTypes);
      if (nl) {
        StringRef id = at.identifier();
        bool continues = llvm::is_contained(StringRef(",:=A([<"), last) ||
                         last == 0 || c == ':' || c == '{' || c == ',' ||
                         (c == '-' && at.c[1] == '>') ||
                         (!id.empty() && !id.contains('.') &&
                          at.c[id.size()] == '(' && id != "loc");
        if (!continues)
          break;
      }
      if (afterType && c != ',' && !(c == '-' && at.c[1] == '>') && c != '{')
        break;
      if (at.identifier() == "loc" && at.c[3] == '(')
        break;
    }
    if (c == '%') {
      Use u;
      if (p.parseOperand(u.operand, /*allowResultNumber=*/true))
        return failure();
      u.index = !stack.empty() && stack.back().open == '[';
      u.group = currentGroup();
      u.base = false;
      uses.push_back(u);
      emit(at, 'o');
    } else if (c == '[' || c == '(' || c == '<') {
      if ((c == '['   ? p.parseLSquare()
           : c == '(' ? p.parseLParen()
                      : p.parseLess()))
        return failure();
      if (c == '[' && last == 'o' && !at.spaceBefore())
        uses.back().base = true;
      Frame f{c, inTypes(), -1};
      if (c == '(' && !f.types) {
        f.group = groupHasTypes.size();
        groupParent.push_back(currentGroup());
        groupHasTypes.push_back(false);
      }
      stack.push_back(f);
      emit(at, c);
    } else if (c == ']' || c == ')' || c == '>') {
      char open = c == ']' ? '[' : c == ')' ? '(' : '<';
      if (stack.empty() || stack.back().open != open)
        break;
      if ((c == ']'   ? p.parseRSquare()
           : c == ')' ? p.parseRParen()
                      : p.parseGreater()))
        return failure();
      stack.pop_back();
      emit(at, c);
    } else if (c == '-' && at.c[1] == '>') {
      if (!stack.empty() || arrow || p.parseArrow())
        return p.emitError(p.getCurrentLocation(),
                           "unexpected '->' in a passed-through pto op");
      arrow = true;
      mainTypes = true;
      emit(at, 'A');
    } else if (c == ',') {
      if (p.parseComma())
        return failure();
      emit(at, ',');
    } else if (c == ':') {
      if (p.parseColon())
        return failure();
      if (stack.empty()) {
        mainTypes = true;
      } else {
        stack.back().types = true;
        if (stack.back().group >= 0)
          groupHasTypes[stack.back().group] = true;
      }
      emit(at, ':');
    } else if (c == '=') {
      if (p.parseEqual())
        return failure();
      emit(at, '=');
    } else if (c == '{') {
      if (at.opensRegion()) {
        if (!stack.empty())
          return p.emitError(p.getCurrentLocation(),
                             "a region inside brackets cannot pass through");
        if (p.parseRegion(*state.addRegion(), /*arguments=*/{}))
          return failure();
        emit(at, 'r');
      } else {
        if (haveDict || !stack.empty())
          return p.emitError(
              p.getCurrentLocation(),
              "a passed-through pto op takes one attribute dictionary");
        if (p.parseOptionalAttrDict(state.attributes))
          return failure();
        haveDict = true;
        emit(at, 'd');
      }
    } else if (c == '!' && inTypes()) {
      Type t;
      if (p.parseType(t))
        return failure();
      written.push_back({typeSink(), t});
      emit(at, 't');
    } else if (c == '"') {
      // A string (not a typed string attribute: a `:` after it starts the
      // type list).
      std::string str;
      if (p.parseString(&str))
        return failure();
      items.push_back(b.getStringAttr(str));
      emit(at, 'a');
    } else if (c == '#' || c == '@' || c == '!') {
      // Given a type, the attribute parser takes no `: type` after it.
      Attribute a;
      if (p.parseAttribute(a, c == '#' ? Type(b.getNoneType()) : Type()))
        return failure();
      items.push_back(a);
      emit(at, 'a');
    } else if (llvm::isDigit(c) || (c == '-' && llvm::isDigit(at.c[1]))) {
      // An integer or float literal, kept as written.
      APInt value;
      OptionalParseResult integer = p.parseOptionalInteger(value);
      if (integer.has_value() && failed(*integer))
        return failure();
      double unused;
      if (!integer.has_value() && p.parseFloat(unused))
        return failure();
      items.push_back(b.getStringAttr(rawToken(at.c)));
      emit(at, 'k');
    } else if (!at.identifier().empty()) {
      StringRef id = at.identifier();
      if (inTypes() && isBuiltinTypeKeyword(id)) {
        Type t;
        if (p.parseType(t))
          return failure();
        written.push_back({typeSink(), t});
        emit(at, 't');
      } else {
        StringRef kw;
        if (p.parseKeyword(&kw))
          return failure();
        items.push_back(b.getStringAttr(kw));
        emit(at, 'k');
      }
    } else {
      break;
    }
  }
  if (!stack.empty())
    return p.emitError(p.getCurrentLocation(), "unbalanced '")
           << stack.back().open << "' in a passed-through pto op";

  // Give every operand and result its type. An operand belongs to the
  // innermost `( : )` group around it that lists types (`buf(%x)` inside
  // `(%a, buf(%x) : T, U)`), else to the op's lists.
  size_t numResults = p.getNumResults();
  for (Use &u : uses)
    while (u.group >= 0 && !groupHasTypes[u.group])
      u.group = groupParent[u.group];
  llvm::SmallMapVector<int, SmallVector<Type>, 4> lists;
  for (auto &[sink, t] : written)
    lists[sink].push_back(t);
  auto fail = [&](const Twine &why) -> ParseResult {
    return p.emitError(start)
           << "'" << state.name.getStringRef()
           << "' is not an op ptonz knows, and its types cannot be read: "
           << why
           << " (ptonz passes an unknown pto op through when every operand "
              "and result has a type in its `: ... -> ...` lists)";
  };
  // One reading of the lists: which values the written types belong to.
  // The readings, tried in order until the operands resolve against their
  // definitions: (0) the values in order, one type given for several typing
  // them all; (1) the values in order, operands beyond the list `index`;
  // (2) index operands listed too; (3) `%p[...]` bases listed first
  // (`pto.store %v, %p[%i] : !pto.ptr<T>, T`); (4) both; (5...) a written
  // list one type short of its values, one value having no type in it (an
  // operand of a fixed builtin type, which an ODS format need not list:
  // `pto.vmi.vsstb %v, %p[%i], %stride, %m : V, P, M` with an i16 stride) and
  // the builtin scalar type its definition has (each value and type in turn).
  const std::array<Type, 9> scalars = {
      b.getIndexType(), b.getI1Type(),   b.getI8Type(),
      b.getI16Type(),   b.getI32Type(),  b.getI64Type(),
      b.getF16Type(),   b.getBF16Type(), b.getF32Type()};
  const int numReadings =
      5 + static_cast<int>((uses.size() + numResults) * scalars.size());
  struct Reading {
    SmallVector<Type> operands, results;
    SmallVector<int32_t> slots;
    std::string error;
  };
  auto read = [&](int variant) {
    Reading r;
    r.operands.assign(uses.size(), Type());
    r.results.assign(numResults, Type());
    bool oneForAll = variant == 0, restIndex = variant == 1;
    bool indexListed = variant == 2 || variant == 4;
    bool basesFirst = variant == 3 || variant == 4;
    int skip = -1; // (5...): the value without a type in its list
    Type skipType;
    if (variant >= 5) {
      skip = (variant - 5) / static_cast<int>(scalars.size());
      skipType = scalars[(variant - 5) % scalars.size()];
    }
    llvm::SmallMapVector<int, SmallVector<int32_t>, 4> slotsOf;
    auto assign = [&](ArrayRef<Type> types, ArrayRef<int32_t> targets,
                      SmallVectorImpl<int32_t> &out) -> bool {
      auto set = [&](int32_t target, Type t) {
        (target >= 0 ? r.operands[target] : r.results[-1 - target]) = t;
      };
      // A list written one short (not a missing list: `pto.x %a` types
      // nothing).
      if (skip >= 0 && !types.empty() && types.size() + 1 == targets.size() &&
          skip < static_cast<int>(targets.size())) {
        size_t k = 0;
        for (auto [j, target] : llvm::enumerate(targets)) {
          if (static_cast<int>(j) == skip) {
            set(target, skipType);
            continue;
          }
          set(target, types[k++]);
          out.push_back(target);
        }
        return true;
      }
      if (types.size() == targets.size() ||
          (restIndex && types.size() < targets.size())) {
        for (auto [t, target] : llvm::zip(types, targets)) {
          set(target, t);
          out.push_back(target);
        }
        return true;
      }
      if (oneForAll && types.size() == 1 && !targets.empty()) {
        for (int32_t target : targets)
          set(target, types[0]);
        out.push_back(targets[0]);
        return true;
      }
      return false;
    };
    auto targetsOf = [&](int group) {
      SmallVector<int32_t> targets;
      for (auto [i, u] : llvm::enumerate(uses))
        if ((!u.index || indexListed) && u.group == group)
          targets.push_back(i);
      if (basesFirst)
        std::stable_partition(targets.begin(), targets.end(),
                              [&](int32_t i) { return uses[i].base; });
      return targets;
    };
    for (size_t g = 0; g < groupHasTypes.size(); ++g) {
      if (!groupHasTypes[g])
        continue;
      SmallVector<int32_t> targets = targetsOf(g);
      if (!assign(lists[g], targets, slotsOf[g])) {
        r.error = ("a `( : )` group lists " + Twine(lists[g].size()) +
                   " types for " + Twine(targets.size()) + " operands")
                      .str();
        return r;
      }
    }
    SmallVector<int32_t> mainTargets = targetsOf(-1);
    SmallVector<int32_t> resultTargets;
    for (size_t i = 0; i < numResults; ++i)
      resultTargets.push_back(-1 - (int32_t)i);
    if (arrow) {
      if (!assign(lists[-1], mainTargets, slotsOf[-1])) {
        r.error = (Twine(lists[-1].size()) + " types for " +
                   Twine(mainTargets.size()) + " operands")
                      .str();
        return r;
      }
      if (lists[-2].size() != numResults) {
        r.error = (Twine(lists[-2].size()) + " result types for " +
                   Twine(numResults) + " results")
                      .str();
        return r;
      }
      (void)assign(lists[-2], resultTargets, slotsOf[-2]);
    } else {
      SmallVector<int32_t> all(mainTargets);
      all.append(resultTargets);
      bool ok =
          lists[-1].size() >= numResults &&
          (restIndex
               ? assign(ArrayRef<Type>(lists[-1]).drop_back(numResults),
                        mainTargets, slotsOf[-1]) &&
                     assign(ArrayRef<Type>(lists[-1]).take_back(numResults),
                            resultTargets, slotsOf[-1])
               : assign(lists[-1], all, slotsOf[-1]));
      if (!ok) {
        r.error = (Twine(lists[-1].size()) + " types for " +
                   Twine(mainTargets.size()) + " operands and " +
                   Twine(numResults) + " results")
                      .str();
        return r;
      }
    }
    // The slots in the order the types were written.
    llvm::SmallDenseMap<int, size_t> next;
    for (auto &[sink, t] : written) {
      SmallVector<int32_t> &s = slotsOf[sink];
      size_t k = next[sink]++;
      if (k < s.size())
        r.slots.push_back(s[k]);
    }
    if (r.slots.size() != written.size())
      r.error = "its type lists do not match its operands";
    return r;
  };
  Type index = b.getIndexType();
  auto resolve = [&](const Reading &r,
                     SmallVectorImpl<Value> &out) -> ParseResult {
    for (auto [i, u] : llvm::enumerate(uses))
      if (p.resolveOperand(u.operand, r.operands[i] ? r.operands[i] : index,
                           out))
        return failure();
    return success();
  };
  std::optional<Reading> first;
  for (int variant = 0; variant < numReadings; ++variant) {
    Reading r = read(variant);
    if (!r.error.empty() ||
        llvm::any_of(r.results, [](Type t) { return !t; })) {
      if (!first)
        first = r;
      continue;
    }
    SmallVector<Value> operands;
    {
      ScopedDiagnosticHandler quiet(ctx,
                                    [](Diagnostic &) { return success(); });
      if (failed(resolve(r, operands))) {
        if (!first)
          first = r;
        continue;
      }
    }
    state.addOperands(operands);
    state.addTypes(r.results);
    state.addAttribute(kAsm, b.getStringAttr(format));
    state.addAttribute(kAsmItems, b.getArrayAttr(items));
    state.addAttribute(kAsmTypes, b.getDenseI32ArrayAttr(r.slots));
    return success();
  }
  // No reading fits: the first one's reason, or its operand mismatch.
  if (!first->error.empty())
    return fail(first->error);
  SmallVector<Value> unused;
  if (failed(resolve(*first, unused)))
    return failure();
  return fail("no reading of its type lists fits its operands");
}

static void printVerbatimOp(Operation *op, OpAsmPrinter &p) {
  StringRef format = op->getAttrOfType<StringAttr>(kAsm).getValue();
  ArrayRef<Attribute> items =
      op->getAttrOfType<ArrayAttr>(kAsmItems).getValue();
  ArrayRef<int32_t> slots =
      op->getAttrOfType<DenseI32ArrayAttr>(kAsmTypes).asArrayRef();
  size_t operand = 0, item = 0, slot = 0, region = 0;
  raw_ostream &os = p.getStream();
  for (char kind : format) {
    switch (kind) {
    case 'o':
      p.printOperand(op->getOperand(operand++));
      break;
    case 'k':
      os << cast<StringAttr>(items[item++]).getValue();
      break;
    case 'a':
      p.printAttribute(items[item++]);
      break;
    case 't': {
      int32_t s = slots[slot++];
      p.printType(s >= 0 ? op->getOperand(s).getType()
                         : op->getResult(-1 - s).getType());
      break;
    }
    case 'd': {
      // As printOptionalAttrDict, but an i64 integer prints untyped, as it
      // was read: `{id = 0, split = 0}` is a clause of PTOAS 0.60's own
      // syntax (talloc_to_aiv, ...) that its parser takes without types.
      SmallVector<NamedAttribute> attrs;
      for (NamedAttribute a : op->getAttrs())
        if (a.getName() != kAsm && a.getName() != kAsmItems &&
            a.getName() != kAsmTypes)
          attrs.push_back(a);
      if (attrs.empty())
        break;
      os << " {";
      llvm::interleaveComma(attrs, os, [&](NamedAttribute a) {
        p.printKeywordOrString(a.getName().getValue());
        if (isa<UnitAttr>(a.getValue()))
          return;
        os << " = ";
        auto i = dyn_cast<IntegerAttr>(a.getValue());
        if (i && i.getType().isSignlessInteger(64))
          os << i.getValue().getSExtValue();
        else
          p.printAttribute(a.getValue());
      });
      os << '}';
      break;
    }
    case 'r':
      // Entry block arguments as written (`{ ^bb0(%a: T): ... }`).
      p.printRegion(op->getRegion(region++), /*printEntryBlockArgs=*/true,
                    /*printBlockTerminators=*/true, /*printEmptyBlock=*/true);
      break;
    case 'A':
      os << "->";
      break;
    default:
      os << kind;
    }
  }
}

/// Whether `op` was parsed by parseVerbatimOp and can be printed back so.
static bool isPrintableVerbatim(Operation *op) {
  auto format = op->getAttrOfType<StringAttr>(kAsm);
  auto items = op->getAttrOfType<ArrayAttr>(kAsmItems);
  auto slots = op->getAttrOfType<DenseI32ArrayAttr>(kAsmTypes);
  if (!format || !items || !slots || op->getNumSuccessors() != 0)
    return false;
  size_t operands = 0, nitems = 0, nslots = 0, regions = 0;
  for (char kind : format.getValue()) {
    operands += kind == 'o';
    regions += kind == 'r';
    nslots += kind == 't';
    if (kind == 'k' &&
        !(nitems < items.size() && isa<StringAttr>(items[nitems])))
      return false;
    nitems += kind == 'k' || kind == 'a';
  }
  if (operands != op->getNumOperands() || regions != op->getNumRegions() ||
      nitems != items.size() || nslots != (size_t)slots.size())
    return false;
  for (int32_t s : slots.asArrayRef())
    if (s >= (int32_t)op->getNumOperands() ||
        -1 - s >= (int32_t)op->getNumResults())
      return false;
  return true;
}

SmallVector<VerbatimToken> ptonz::pto::verbatimTokens(Operation *op) {
  SmallVector<VerbatimToken> tokens;
  if (!isPrintableVerbatim(op))
    return tokens;
  ArrayRef<Attribute> items =
      op->getAttrOfType<ArrayAttr>(kAsmItems).getValue();
  int operand = 0;
  size_t item = 0;
  for (char kind : op->getAttrOfType<StringAttr>(kAsm).getValue()) {
    if (kind == ' ')
      continue;
    VerbatimToken token{kind, Attribute(), -1};
    if (kind == 'o')
      token.operand = operand++;
    else if (kind == 'k' || kind == 'a')
      token.item = items[item++];
    tokens.push_back(token);
  }
  return tokens;
}

static ParseResult parseUnknownPTOOp(OpAsmParser &p, OperationState &state) {
  StringRef id = Cursor(p).identifier();
  if (id == "ins" || id == "outs")
    return parseUnknownOp(p, state);
  return parseVerbatimOp(p, state);
}

std::optional<Dialect::ParseOpHook>
PTODialect::getParseOperationHook(StringRef opName) const {
  return ParseOpHook(parseUnknownPTOOp);
}

static void printOperandsAndTypes(OpAsmPrinter &p, StringRef keyword,
                                  OperandRange values) {
  p << ' ' << keyword << '(';
  if (!values.empty()) {
    p << values << " : ";
    llvm::interleaveComma(values.getTypes(), p);
  }
  p << ')';
}

llvm::unique_function<void(Operation *, OpAsmPrinter &)>
PTODialect::getOperationPrinter(Operation *op) const {
  if (isPrintableVerbatim(op))
    return printVerbatimOp;
  auto segments = op->getAttrOfType<DenseI32ArrayAttr>(kSegments);
  // Anything the hook did not parse (regions, successors, a generic-form op)
  // keeps MLIR's generic form.
  if (!segments || segments.size() != 2 || segments[0] < 0 || segments[1] < 0 ||
      segments[0] + segments[1] != static_cast<int32_t>(op->getNumOperands()) ||
      op->getNumRegions() != 0 || op->getNumSuccessors() != 0)
    return nullptr;
  return [](Operation *op, OpAsmPrinter &p) {
    auto segments = op->getAttrOfType<DenseI32ArrayAttr>(kSegments);
    int32_t nIns = segments[0];
    if (nIns > 0 || segments[1] == 0)
      printOperandsAndTypes(p, "ins", op->getOperands().take_front(nIns));
    if (segments[1] > 0)
      printOperandsAndTypes(p, "outs", op->getOperands().drop_front(nIns));
    ptonz::printAttrDict(p, op, {kSegments});
    if (op->getNumResults() != 0) {
      p << " -> ";
      llvm::interleaveComma(op->getResultTypes(), p);
    }
  };
}

//===----------------------------------------------------------------------===//
// `pto.*` attributes on other dialects' ops (what ptoas checks of a module)
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kEntryAttrName = "pto.entry";
static constexpr llvm::StringLiteral kRecursiveEntry =
    "PTO entry function calls itself";
static constexpr size_t kCycleNamesShown = 4;
static constexpr llvm::StringLiteral kRecursiveEntryWhy =
    ": ptoas emits no recursive calls in C++";

/// The functions `call` may call: its callee resolved in `table` (the
/// symbol table of the function it is in), through `byName` for a flat
/// reference.
static Operation *calleeOf(CallOpInterface call, Operation *table,
                           llvm::DenseMap<Attribute, Operation *> &byName) {
  auto sym = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
  if (!sym)
    return nullptr;
  if (!isa<FlatSymbolRefAttr>(sym))
    return SymbolTable::lookupSymbolIn(table, sym);
  auto it = byName.find(sym.getRootReference());
  return it == byName.end() ? nullptr : it->second;
}

LogicalResult ptonz::pto::verifyEntryRecursion(Operation *module) {
  // The entry functions, without walking any function's body.
  SmallVector<FunctionOpInterface> entries;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func)
      return WalkResult::advance();
    if (op->hasAttr(kEntryAttrName) && !func.isExternal())
      entries.push_back(func);
    return WalkResult::skip();
  });
  if (entries.empty())
    return success();
  // The call graph reachable from them, each body walked once; callees by
  // name per symbol table (SymbolTable::lookupSymbolIn scans the table:
  // once per call, that made a module of many kernels quadratic).
  llvm::DenseMap<Operation *, llvm::DenseMap<Attribute, Operation *>> names;
  auto namesOf =
      [&](Operation *table) -> llvm::DenseMap<Attribute, Operation *> & {
    auto [it, added] = names.try_emplace(table);
    if (added)
      for (Operation &op : table->getRegion(0).getOps())
        if (auto symbol = dyn_cast<SymbolOpInterface>(op))
          it->second.try_emplace(symbol.getNameAttr(), &op);
    return it->second;
  };
  llvm::MapVector<Operation *, SmallVector<Operation *, 2>> callees;
  SmallVector<Operation *> work;
  for (FunctionOpInterface entry : entries)
    work.push_back(entry);
  while (!work.empty()) {
    Operation *f = work.pop_back_val();
    if (callees.count(f))
      continue;
    SmallVector<Operation *, 2> &out = callees[f];
    Operation *table = SymbolTable::getNearestSymbolTable(f);
    if (!table)
      continue;
    auto &byName = namesOf(table);
    f->walk([&](CallOpInterface call) {
      Operation *callee = calleeOf(call, table, byName);
      if (callee && isa<FunctionOpInterface>(callee)) {
        out.push_back(callee);
        work.push_back(callee);
      }
    });
  }
  // Tarjan's strongly connected components, iteratively (a long call chain
  // must not exhaust the stack): an entry on a cycle calls itself.
  llvm::DenseMap<Operation *, unsigned> index, low;
  llvm::DenseSet<Operation *> onStack;
  SmallVector<Operation *> stack;
  SmallVector<SmallVector<Operation *, 2>> cycles;
  llvm::DenseMap<Operation *, unsigned> cycleOf; // a member's, in cycles
  unsigned next = 0;
  for (auto &root : callees) {
    if (index.count(root.first))
      continue;
    SmallVector<std::pair<Operation *, unsigned>> dfs{{root.first, 0}};
    index[root.first] = low[root.first] = next++;
    stack.push_back(root.first);
    onStack.insert(root.first);
    while (!dfs.empty()) {
      auto &[f, edge] = dfs.back();
      const auto &out = callees.find(f)->second;
      if (edge < out.size()) {
        Operation *g = out[edge++];
        if (!index.count(g)) {
          index[g] = low[g] = next++;
          stack.push_back(g);
          onStack.insert(g);
          dfs.push_back({g, 0});
        } else if (onStack.contains(g)) {
          low[f] = std::min(low[f], index[g]);
        }
        continue;
      }
      Operation *done = f;
      dfs.pop_back();
      if (!dfs.empty())
        low[dfs.back().first] = std::min(low[dfs.back().first], low[done]);
      if (low[done] != index[done])
        continue;
      SmallVector<Operation *, 2> component;
      Operation *member;
      do {
        member = stack.pop_back_val();
        onStack.erase(member);
        component.push_back(member);
      } while (member != done);
      if (component.size() == 1 &&
          !llvm::is_contained(callees.find(done)->second, done))
        continue;
      for (Operation *m : component)
        cycleOf[m] = cycles.size();
      cycles.push_back(std::move(component));
    }
  }
  bool ok = true;
  for (FunctionOpInterface entry : entries) {
    auto it = cycleOf.find(entry);
    if (it == cycleOf.end())
      continue;
    ok = false;
    InFlightDiagnostic diag = entry->emitOpError() << kRecursiveEntry;
    // The cycle's other functions, the first few by name.
    SmallVector<std::string> others;
    size_t more = 0;
    for (Operation *m : llvm::reverse(cycles[it->second])) {
      if (m == entry.getOperation())
        continue;
      if (others.size() < kCycleNamesShown)
        others.push_back(("@" + cast<SymbolOpInterface>(m).getName()).str());
      else
        ++more;
    }
    if (!others.empty()) {
      diag << " (through " << llvm::join(others, ", ");
      if (more)
        diag << " and " << more << " more";
      diag << ")";
    }
    diag << kRecursiveEntryWhy;
  }
  return success(ok);
}

/// PTOAS 0.60's tileop helper contract (PTOMaterializeTileOpSections: a
/// `func.func` marked `pto.tileop.helper` becomes one vector or cube
/// section): Tile or scalar arguments, no results, and no synchronization,
/// allocation or call in its body (the ops are named as PTOAS's ODS names
/// them; its MTE, SIMT and high-level tile-op interfaces are not modelled).
static LogicalResult verifyTileOpHelper(Operation *op) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return op->emitOpError()
           << "`pto.tileop.helper` marks a func.func; it is not valid here";
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
    if (!isa<TileBufType>(type) && !type.isIntOrIndexOrFloat())
      return op->emitOpError()
             << "tileop argument #" << index
             << " must be !pto.tile_buf or a PTO scalar, got " << type;
  if (!func.getResultTypes().empty())
    return op->emitOpError("tileop helpers must not return values; write "
                           "results through mutable Tile parameters");
  static constexpr llvm::StringLiteral kSync[] = {"aic_initialize_pipe",
                                                  "aiv_initialize_pipe",
                                                  "barrier",
                                                  "barrier_sync",
                                                  "declare_eventid_array",
                                                  "dsb",
                                                  "eventid_array_get",
                                                  "eventid_array_set",
                                                  "fence.barrier_all",
                                                  "get_buf",
                                                  "initialize_l2g2l_pipe",
                                                  "initialize_l2l_pipe",
                                                  "record_event",
                                                  "rls_buf",
                                                  "set_cross_block",
                                                  "set_flag",
                                                  "set_flag_dyn",
                                                  "set_intra_block",
                                                  "sync.set",
                                                  "sync.wait",
                                                  "syncall",
                                                  "tsync",
                                                  "wait_cross_block",
                                                  "wait_event",
                                                  "wait_flag",
                                                  "wait_flag_dyn",
                                                  "wait_intra_block"};
  static constexpr llvm::StringLiteral kAlloc[] = {
      "alloc_multi_tile", "alloc_tile",       "reserve_buffer",
      "tassign",          "tensor_view_addr", "tprefetch_async"};
  WalkResult walked = func->walk([&](Operation *inner) {
    if (inner == op)
      return WalkResult::advance();
    StringRef name = inner->getName().getStringRef();
    if (name == "func.call") {
      inner->emitError("tileop helpers must not call another helper; use "
                       "pto.simt_launch for SIMT work");
      return WalkResult::interrupt();
    }
    if (!name.consume_front("pto."))
      return WalkResult::advance();
    if (name == "section.cube" || name == "section.vector") {
      inner->emitError("tileop helpers must not contain pre-existing sections "
                       "(PTOAS makes the helper's body one section)");
      return WalkResult::interrupt();
    }
    if (llvm::is_contained(kSync, name)) {
      inner->emitError("tileop helpers must not contain pipe synchronization "
                       "(PTOAS synchronizes around the helper's section)");
      return WalkResult::interrupt();
    }
    if (llvm::is_contained(kAlloc, name)) {
      inner->emitError("tileop helpers must not contain Tile allocation or "
                       "high-level TileOps (pass the tiles as arguments)");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

LogicalResult PTODialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == "pto.tileop.helper" && ptoasAtLeast(op, 0, 60))
    return verifyTileOpHelper(op);
  if (name == kEntryAttrName) {
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func)
      return op->emitOpError()
             << "`pto.entry` marks a function; it is not valid here";
    if (func.isExternal())
      return op->emitOpError()
             << "`pto.entry` is only valid on function definitions";
    if (!func.getResultTypes().empty())
      return op->emitOpError()
             << "PTO entry functions must return void (ptoas emits them as "
                "__global__ kernels); return results through GM pointers";
    return success(); // a call cycle: verifyEntryRecursion, once per module
  }
  if (name == kNzTensorViewsBlockedAttrName ||
      name == kMxTensorViewsBlockedAttrName) {
    const char *which =
        name == kNzTensorViewsBlockedAttrName ? "NZ" : "MX scale";
    if (op->getName().getStringRef() != "func.func")
      return op->emitOpError()
             << "`" << name << "` marks a func.func whose " << which
             << " views are blocked; it is not valid here";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitOpError()
             << "`" << name << "` is a unit attribute (the function's " << which
             << " views are blocked or not), got " << attr.getValue();
    return success();
  }
  if (name == "pto.backend" && isa<ModuleOp>(op)) {
    // What ptoas's driver reads of a module (driver.cpp
    // parseDriverBackendAttr).
    auto value = dyn_cast<StringAttr>(attr.getValue());
    if (!value)
      return op->emitOpError()
             << "invalid pto.backend attribute " << attr.getValue()
             << ": ptoas expects the string \"emitc\" or \"vpto\"";
    if (!value.getValue().equals_insensitive("emitc") &&
        !value.getValue().equals_insensitive("vpto"))
      return op->emitOpError() << "invalid pto.backend '" << value.getValue()
                               << "': ptoas expects 'emitc' or 'vpto'";
    return success();
  }
  if (name == "pto.kernel_kind" && !isa<KernelKindAttr>(attr.getValue()))
    return op->emitOpError()
           << "`pto.kernel_kind` must be #pto.kernel_kind<cube|vector>, got "
           << attr.getValue();
  if (name == "pto.target_arch" && !isa<StringAttr>(attr.getValue()))
    return op->emitOpError()
           << "`pto.target_arch` must be a string (\"a3\" or \"a5\"), got "
           << attr.getValue();
  return success();
}
